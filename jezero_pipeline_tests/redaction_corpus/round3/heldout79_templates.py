"""A seventy-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of CRM and customer-support platforms: Salesforce (the CLI's
`org display`, `org auth show-sfdx-auth-url`, `org login jwt` and `--target-org` with an access
token, `force://` SFDX auth URLs, the username-password and client-credentials OAuth flows with
the security token appended to the password, connected-app consumer key versus consumer secret),
Zoho CRM (developer-console client id versus secret, `1000.` grant, refresh and access tokens,
the SDK's `OAuthToken`, `Zoho-oauthtoken` headers), Microsoft Dynamics 365 / Dataverse
(`AuthType=ClientSecret` connection strings, Entra ID client secrets from `az ad app credential`),
Freshdesk (API key as the basic-auth user with `X`, the help widget embed), Help Scout (Mailbox API
app id versus app secret, the Beacon embed), Front (Core API tokens, resource ids), Gorgias (email
plus API key), Kustomer (API keys, `/v1/auth/tokens/current`), Gladly (agent email plus API
token), ServiceNow (instance basic auth, `oauth_token.do`, `oauth_auth.do`, Table API sys_ids),
SugarCRM (`/rest/v11/oauth2/token`, the `OAuth-Token` header), Odoo (XML-RPC `authenticate` with an
API key, the JSON-2 API, `admin_passwd` in `odoo.conf`), SuiteCRM (V8 API OAuth2 clients,
`Api/V8/OAuth2/private.key` and `public.key`, `oauth2_encryption_key`) and Twenty CRM (API keys,
`APP_SECRET` for self-hosting), in commands, config files, code and tool output, with the public
ids, placeholders, references and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 70 to 74):
23 of 25 secrets caught, 1 of 22 look-alikes altered (missed: a Salesforce token with its `!` escaped for the shell,
a ServiceNow password in `--user 'name':'pw'`; altered: an alias after a mention of `show-access-token`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

CRM = "crm"

SF_CHARS = B62 + "._"
RSA_PKCS8_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


# --------------------------------------------------------------------------- makers


def wrap64(body: str) -> str:
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def rsa_private_pem_body(rng: random.Random) -> str:
    """The base64 body of a 2048-bit RSA PKCS#8 key as `openssl genrsa` writes it, wrapped at 64."""
    return wrap64(RSA_PKCS8_HEAD + b64(1572)(rng) + "=")


def rsa_public_pem_body(rng: random.Random) -> str:
    """The base64 body of a 2048-bit RSA SubjectPublicKeyInfo, wrapped at 64 (public by design)."""
    return wrap64(RSA_PUB_HEAD + b64(342)(rng) + "IDAQAB")


def _b64url_json(d: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).rstrip(b"=").decode()


def jwt(payload):
    """An HS256 JWT around a payload built from the rng, with a random 256-bit signature."""

    def make(rng: random.Random) -> str:
        head = _b64url_json({"alg": "HS256", "typ": "JWT"})
        return f"{head}.{_b64url_json(payload(rng))}.{b64url(43)(rng)}"

    return make


def _iat(rng: random.Random) -> int:
    return 1_700_000_000 + rng.randrange(60_000_000)


def front_payload(rng: random.Random) -> dict:
    return {"scopes": ["shared:*"], "iat": _iat(rng), "iss": "front", "sub": hexl(20)(rng), "jti": hexl(16)(rng)}


def kustomer_payload(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "_id": hexl(24)(rng),
        "user": hexl(24)(rng),
        "org": hexl(24)(rng),
        "orgName": "halyard",
        "userType": "machine",
        "roles": ["org.permission.customer.read", "org.permission.conversation.read"],
        "aud": "urn:consumer",
        "iss": "urn:api",
        "sub": hexl(24)(rng),
        "iat": iat,
    }


def twenty_payload(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "sub": uuid(rng),
        "type": "API_KEY",
        "workspaceId": uuid(rng),
        "iat": iat,
        "exp": iat + 31_536_000,
        "jti": uuid(rng),
    }


def hex_uuid_shape(rng: random.Random) -> str:
    """8-4-4-4-12 lowercase hex without a version nibble: the shape Sugar gives its access tokens."""
    h = hexl(32)(rng)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


sf_org15 = join("00D", upper_alnum(2), "00000", b62(5))
sf_org18 = join(sf_org15, upper_alnum(3))
sf_access_token = join(sf_org15, "!AQ", pick(SF_CHARS, 94))
sf_access_token_escaped = join(sf_org15, "\\!AQ", pick(SF_CHARS, 94))
sf_refresh_token = join("5Aep861", pick(SF_CHARS, 80))
sf_consumer_key = join("3MVG9", pick(SF_CHARS, 80))
sf_password_and_token = join(pick(B62 + "!*$", 13), b62(24))

zoho_client_id = join("1000.", upper_alnum(30))
zoho_token = join("1000.", hexl(32), ".", hexl(32))

entra_secret = join(pick(string.ascii_letters, 3), digits(1), "Q~", pick(B62 + "._~-", 34))

# --------------------------------------------------------------------------- templates

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 22, "the rules for 70 to 74")

TEMPLATES = [
    # ---- secrets: Salesforce
    S(
        CRM,
        "sf_org_display_access_token",
        "$ sfdx force:org:display -u halyard-dev\n=== Org Description\nKEY              VALUE\n"
        "───────────────  ──────────────────────────────────────────────\n"
        "Access Token     {v}\nAlias            halyard-dev\nClient Id        PlatformCLI\n"
        "Instance Url     https://halyard-dev-ed.develop.my.salesforce.com\nStatus           Active",
        sf_access_token,
    ),
    S(
        CRM,
        "sfdx_auth_url_refresh_token",
        '$ sf org auth show-sfdx-auth-url --target-org halyard-dev --json\n{\n  "status": 0,\n  "result": {\n'
        '    "sfdxAuthUrl": "force://PlatformCLI::{v}@halyard-dev-ed.develop.my.salesforce.com"\n  }\n}',
        sf_refresh_token,
    ),
    S(
        CRM,
        "sf_password_with_security_token",
        "$ curl -s https://login.salesforce.com/services/oauth2/token -d grant_type=password \\\n"
        '    -d client_id="$SF_CONSUMER_KEY" -d client_secret="$SF_CONSUMER_SECRET" \\\n'
        "    -d username=integration@halyard.io -d password='{v}'",
        sf_password_and_token,
        note="the user's password with the 24-character security token appended",
    ),
    S(
        CRM,
        "sf_consumer_secret",
        "$ curl -s -X POST https://halyard.my.salesforce.com/services/oauth2/token \\\n"
        "    -d grant_type=client_credentials -d client_id={ck} -d client_secret={v}",
        hexu(64),
        ck=sf_consumer_key,
    ),
    S(
        CRM,
        "sf_target_org_access_token",
        "$ sf config set org-instance-url=https://halyard.my.salesforce.com\n"
        "$ sf project deploy start --source-dir force-app --target-org {v} --test-level RunLocalTests",
        sf_access_token_escaped,
        note="an access token passed as --target-org, its ! escaped for the shell",
    ),
    # ---- secrets: Zoho CRM
    S(
        CRM,
        "zoho_sdk_client_secret",
        "token = OAuthToken(\n"
        '    client_id="{cid}",\n'
        '    client_secret="{v}",\n'
        '    grant_token=os.environ["ZOHO_GRANT_TOKEN"],\n'
        '    redirect_url="https://sync.halyard.io/oauth/zoho",\n)',
        hexl(42),
        cid=zoho_client_id,
    ),
    S(
        CRM,
        "zoho_refresh_token",
        '$ curl -X POST "https://accounts.zoho.eu/oauth/v2/token?refresh_token={v}&client_id={cid}'
        '&client_secret=$ZOHO_CLIENT_SECRET&grant_type=refresh_token"',
        zoho_token,
        cid=zoho_client_id,
    ),
    S(
        CRM,
        "zoho_oauthtoken_header",
        '$ curl "https://www.zohoapis.eu/crm/v6/Leads?fields=Last_Name,Email&per_page=5" \\\n'
        '    -H "Authorization: Zoho-oauthtoken {v}"',
        zoho_token,
    ),
    # ---- secrets: Dynamics 365 / Dataverse
    S(
        CRM,
        "dataverse_connection_string",
        '  "ConnectionStrings": {\n    "Dataverse": "AuthType=ClientSecret;Url=https://halyard.crm4.dynamics.com;'
        'ClientId={app};ClientSecret={v}"\n  },',
        entra_secret,
        app=uuid,
    ),
    S(
        CRM,
        "az_credential_reset_password",
        "$ az ad app credential reset --id {app} --display-name dataverse-sync --years 1\n"
        "The output includes credentials that you must protect. Be sure that you do not include these "
        "credentials in your code or check the credentials into your source control.\n"
        '{\n  "appId": "{app}",\n  "password": "{v}",\n  "tenant": "{tenant}"\n}',
        entra_secret,
        app=uuid,
        tenant=uuid,
    ),
    # ---- secrets: support desks
    S(
        CRM,
        "freshdesk_api_key_basic_user",
        "$ curl -v -u {v}:X -H 'Content-Type: application/json' "
        "'https://halyard.freshdesk.com/api/v2/tickets?per_page=5&order_by=created_at'",
        b62(20),
    ),
    S(
        CRM,
        "helpscout_app_secret",
        "$ curl -X POST https://api.helpscout.net/v2/oauth2/token \\\n"
        '    --data "grant_type=client_credentials" \\\n'
        '    --data "client_id=$HELPSCOUT_APP_ID" \\\n'
        '    --data "client_secret={v}"',
        b62(32),
    ),
    S(CRM, "front_api_token", "FRONT_API_TOKEN={v}\nFRONT_INBOX_ID=inb_{inb}", jwt(front_payload), inb=lower_alnum(6)),
    S(
        CRM,
        "gorgias_basic_auth_key",
        "resp = requests.get(\n"
        '    "https://halyard.gorgias.com/api/tickets",\n'
        '    params={"limit": 30, "order_by": "created_datetime:desc"},\n'
        '    auth=("support-ops@halyard.io", "{v}"),\n)',
        hexl(64),
    ),
    S(
        CRM,
        "kustomer_api_key",
        'export KUSTOMER_API_KEY="{v}"\nexport KUSTOMER_ORG="halyard"',
        jwt(kustomer_payload),
    ),
    S(
        CRM,
        "gladly_api_token",
        "$ curl -s -u release-bot@halyard.io:{v} https://halyard.gladly.com/api/v1/agents | jq length",
        b62(56),
    ),
    # ---- secrets: ServiceNow
    S(
        CRM,
        "servicenow_basic_password",
        '$ curl -s "https://halyard.service-now.com/api/now/table/incident?sysparm_limit=5" \\\n'
        "    --user 'svc.integration':'{v}' \\\n    --header 'Accept: application/json'",
        password(16),
    ),
    S(
        CRM,
        "servicenow_oauth_access_token",
        "$ curl -s -X POST https://halyard.service-now.com/oauth_token.do "
        '-d grant_type=client_credentials -d client_id="$SN_CLIENT_ID" -d client_secret="$SN_CLIENT_SECRET"\n'
        '{"access_token":"{v}","scope":"useraccount","token_type":"Bearer","expires_in":1799}',
        b64url(86),
    ),
    # ---- secrets: open-source CRMs
    S(
        CRM,
        "sugar_oauth_token_header",
        '$ curl -s -H "OAuth-Token: {v}" https://halyard.sugarondemand.com/rest/v11_20/me | jq .current_user.user_name',
        hex_uuid_shape,
        note="Sugar access tokens are UUID-shaped",
    ),
    S(
        CRM,
        "odoo_xmlrpc_api_key",
        'url = "https://halyard.odoo.com"\ndb = "halyard"\nusername = "sync-bot@halyard.io"\n'
        'password = "{v}"  # API key, Preferences > Account Security\n'
        'common = xmlrpc.client.ServerProxy(f"{url}/xmlrpc/2/common")\n'
        "uid = common.authenticate(db, username, password, {})",
        hexl(40),
    ),
    S(
        CRM,
        "odoo_admin_passwd",
        "$ cat /etc/odoo/odoo.conf\n[options]\nadmin_passwd = {v}\ndb_host = localhost\ndb_user = odoo\n"
        "list_db = False\nproxy_mode = True",
        password(20),
        note="the database manager master password",
    ),
    S(
        CRM,
        "suitecrm_oauth2_encryption_key",
        "$ grep oauth2_encryption_key public/legacy/config.php\n  'oauth2_encryption_key' => '{v}',",
        b64(43, "="),
    ),
    S(
        CRM,
        "suitecrm_oauth2_private_key",
        "$ sudo cat public/legacy/Api/V8/OAuth2/private.key\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        rsa_private_pem_body,
    ),
    S(
        CRM,
        "twenty_api_key",
        "$ curl https://api.twenty.com/rest/companies?limit=20 \\\n"
        '    -H "Authorization: Bearer {v}" -H "Content-Type: application/json"',
        jwt(twenty_payload),
    ),
    S(
        CRM,
        "twenty_app_secret",
        "SERVER_URL=https://crm.halyard.io\nAPP_SECRET={v}\nPG_DATABASE_PASSWORD=${PG_PASSWORD}\nSTORAGE_TYPE=local",
        b64(43, "="),
    ),
    # ---- look-alikes: Salesforce public ids, masks, paths
    L(
        CRM,
        "sf_org_id",
        "=== Org Description\n\n KEY              VALUE\n ──────────────── ──────────────────────────────\n"
        " Access Token     [REDACTED] Use 'sf org auth show-access-token' to view\n Alias            halyard-uat\n"
        " Client Id        PlatformCLI\n Connected Status Connected\n Id               {v}\n"
        " Instance Url     https://halyard--uat.sandbox.my.salesforce.com",
        sf_org18,
    ),
    L(
        CRM,
        "sf_masked_access_token",
        " KEY             VALUE\n ─────────────── ───────────────────────────────────────\n"
        " Access Token    {v} Use 'sf org auth show-access-token' to view\n Api Version     62.0",
        const("[REDACTED]"),
    ),
    L(
        CRM,
        "sf_consumer_key_authorize_url",
        "Opening https://login.salesforce.com/services/oauth2/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fsync.halyard.io%2Foauth%2Fsfdc%2Fcallback&scope=api%20refresh_token",
        sf_consumer_key,
        note="the consumer key is the OAuth client_id, sent through the browser",
    ),
    L(
        CRM,
        "sf_jwt_key_file_path",
        "$ sf org login jwt --client-id {ck} --jwt-key-file {v} --username ci@halyard.io --alias halyard-prod",
        const("certificates/server.key"),
        ck=sf_consumer_key,
    ),
    # ---- look-alikes: Zoho
    L(
        CRM,
        "zoho_client_id_authorize_url",
        "https://accounts.zoho.com/oauth/v2/auth?scope=ZohoCRM.modules.ALL,ZohoCRM.settings.READ"
        "&client_id={v}&response_type=code&access_type=offline&redirect_uri=https://sync.halyard.io/oauth/zoho",
        zoho_client_id,
    ),
    L(
        CRM,
        "zoho_org_id_url",
        "The lead is at https://crm.zoho.eu/crm/org{v}/tab/Leads/ - open it and check the Lead_Source field.",
        digits(9),
    ),
    # ---- look-alikes: Dynamics 365
    L(
        CRM,
        "dataverse_env_reference",
        '$conn = "AuthType=ClientSecret;Url=https://halyard.crm4.dynamics.com;ClientId=$appId;ClientSecret={v}"',
        const("$env:DATAVERSE_CLIENT_SECRET"),
    ),
    L(
        CRM,
        "entra_secret_key_id",
        '$ az ad app credential list --id {app} --query "[].{name:displayName, hint:hint, keyId:keyId}" -o json\n'
        '[\n  {\n    "hint": "{hint}",\n    "keyId": "{v}",\n    "name": "dataverse-sync"\n  }\n]',
        uuid,
        app=uuid,
        hint=b62(3),
    ),
    # ---- look-alikes: support desks
    L(
        CRM,
        "freshdesk_placeholder",
        "curl -v -u {v}:X -H 'Content-Type: application/json' -X GET 'https://yourdomain.freshdesk.com/api/v2/tickets'",
        const("YOUR_FRESHDESK_API_KEY"),
    ),
    L(
        CRM,
        "freshdesk_widget_id",
        "<script>\n  window.fwSettings = {\n    'widget_id': {v}\n  };\n</script>\n"
        "<script src='https://widget.freshworks.com/widgets/{v}.js' async defer></script>",
        join(pick("123456789", 1), digits(10)),
    ),
    L(
        CRM,
        "helpscout_app_id_authorize_url",
        "https://secure.helpscout.net/authentication/authorizeClientApplication?client_id={v}&state=sync-setup",
        b62(32),
    ),
    L(CRM, "helpscout_beacon_id", "<script>window.Beacon('init', '{v}')</script>", uuid),
    L(
        CRM,
        "front_conversation_id",
        "$ curl -s https://api2.frontapp.com/conversations/{v}/messages "
        '-H "Authorization: Bearer $FRONT_API_TOKEN" | jq ".[\\"_results\\"] | length"',
        join("cnv_", lower_alnum(7)),
    ),
    L(
        CRM,
        "gorgias_op_reference",
        "$ cat .env.tpl\nGORGIAS_DOMAIN=halyard\nGORGIAS_USERNAME=support-ops@halyard.io\nGORGIAS_API_KEY={v}\n"
        "$ op run --env-file .env.tpl -- python sync_gorgias.py",
        const("op://Support/Gorgias REST API/credential"),
    ),
    L(
        CRM,
        "kustomer_token_id",
        '$ curl -s "https://$KUSTOMER_ORG.api.kustomerapp.com/v1/auth/tokens/current" '
        '-H "Authorization: Bearer $KUSTOMER_API_KEY" | jq .data\n'
        '{\n  "type": "token",\n  "id": "{v}",\n  "attributes": {\n    "name": "zendesk-migration",\n'
        '    "roles": ["org.permission.customer.read"]\n  }\n}',
        hexl(24),
    ),
    # ---- look-alikes: ServiceNow
    L(
        CRM,
        "servicenow_client_id_authorize_url",
        "https://halyard.service-now.com/oauth_auth.do?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fsync.halyard.io%2Fcallback",
        hexl(32),
    ),
    L(
        CRM,
        "servicenow_sys_id",
        "GET https://halyard.service-now.com/api/now/table/incident/{v}?sysparm_display_value=true 200 (412 ms)",
        hexl(32),
    ),
    # ---- look-alikes: open-source CRMs
    L(
        CRM,
        "sugar_record_id",
        '$ curl -s -H "OAuth-Token: $SUGAR_TOKEN" https://halyard.sugarondemand.com/rest/v11_20/Accounts/{v}',
        uuid,
    ),
    L(
        CRM,
        "odoo_placeholder",
        'url = "https://halyard.odoo.com"\ndb = "halyard"\nusername = "sync-bot@halyard.io"\npassword = {v}',
        const("<insert the sync bot's API key>"),
    ),
    L(
        CRM,
        "suitecrm_client_id",
        'POST {{suite_url}}/Api/access_token\n{\n  "grant_type": "client_credentials",\n  "client_id": "{v}",\n'
        '  "client_secret": "{{SUITECRM_CLIENT_SECRET}}"\n}',
        uuid,
    ),
    L(
        CRM,
        "suitecrm_public_key",
        "$ cat public/legacy/Api/V8/OAuth2/public.key\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_pem_body,
    ),
    L(
        CRM,
        "twenty_app_secret_placeholder",
        "# .env.example (generate a real one with: openssl rand -base64 32)\nAPP_SECRET={v}",
        const("replace_me_with_a_long_random_string"),
    ),
]
