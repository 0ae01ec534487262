"""A hundred-and-fifty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of customer-support and helpdesk platforms: Zendesk (API
tokens of 40 alphanumerics sent as `email/token:TOKEN` basic auth, the same pair base64-encoded in
an `Authorization: Basic` header, Zenpy's `token=`, 64-hex OAuth tokens in the `/oauth/tokens`
answer; public Web Widget `ze-snippet` keys), Freshdesk (20-character API keys as the basic-auth
user with a dummy `X` password, python-freshdesk's positional key, a `web.config` appSetting;
public `widget_id`s), Help Scout (Mailbox API 2.0 client-credentials app secrets and 32-hex bearer
tokens, Docs API keys with `:X`; public Beacon ids, OAuth `client_id`s in the authorize URL and
`Correlation-Id` headers), Front (JWT API tokens as `Bearer`; public `cnv_` ids and
`X-Front-Signature` HMACs), Gorgias (REST API keys in basic auth beside the user's email; public
chat bundle-loader ids), Kustomer (JWT API keys against `{org}.api.kustomerapp.com`; public
ObjectId-style customer ids), Zoho Desk (`Zoho-oauthtoken 1000.<32 hex>.<32 hex>`, refresh
tokens, 42-hex self-client secrets; public `1000.` client ids and the `orgId` header), HappyFox
(API key + auth code pair in basic auth; public HMAC-SHA1 webhook signatures), Gladly
(`user:token` basic auth to `{org}.gladly.com/api/v1`; public agent ids), Dixa (bearer tokens;
public end-user UUIDs), Crisp (token identifier + 64-hex key with `X-Crisp-Tier`, the Node
client's `authenticateTier`; public `CRISP_WEBSITE_ID`), Re:amaze (`-u {login-email}:{api-token}`
to `{brand}.reamaze.io`), Intercom (`dG9rOj…` access tokens, the identity-verification secret;
public `app_id` and per-user `user_hash`), and Jira Service Management (Atlassian `ATATT3xFfGF0…`
API tokens with an email; public account ids and `${{ secrets.… }}` references), in commands,
config files, code and tool output.

Where a vendor does not publish its token's shape (Gorgias, Gladly, Dixa, Re:amaze, Kustomer's
claims, the Intercom identity secret), the value is generated in the shape the author has seen
such tokens take (hex, JWT or base62/base64url of a plausible length), not from any fixture.

First score, blind, before any rule changed for it (after the rules for 150 to 154):
25 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a HappyFox auth code as the second
member of a `requests` auth tuple; altered: Zoho Desk's `orgId:<digits>` header after `-H`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

HD = "helpdesk"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def b64s(raw: str) -> str:
    return base64.b64encode(raw.encode()).decode()


def b64u_nopad(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def basic_auth(user: str, secret):
    """base64("user:secret") as it stands after `Authorization: Basic`."""
    return lambda rng: b64s(f"{user}:{secret(rng)}")


def zendesk_basic(email: str):
    return lambda rng: b64s(f"{email}/token:{b62(40)(rng)}")


def crisp_basic(rng: random.Random) -> str:
    return b64s(f"{uuid(rng)}:{hexl(64)(rng)}")


def jwt(claims):
    """An HS256 JWT whose claims come from `claims(rng)`."""

    def make(rng: random.Random) -> str:
        head = b64u_nopad(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")))
        body = b64u_nopad(json.dumps(claims(rng), separators=(",", ":")))
        return f"{head}.{body}.{b64url(43)(rng)}"

    return make


def _iat(rng: random.Random) -> int:
    return 1_690_000_000 + rng.randrange(60_000_000)


def front_claims(rng: random.Random) -> dict:
    return {
        "scopes": ["shared:*", "private:*"],
        "iat": _iat(rng),
        "iss": "front",
        "sub": hexl(20)(rng),
        "jti": hexl(16)(rng),
    }


def kustomer_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "org": hexl(24)(rng),
        "user": hexl(24)(rng),
        "roles": ["org.permission.conversation.read", "org.permission.customer.read"],
        "aud": "urn:consumer",
        "iss": "urn:api",
        "sub": hexl(24)(rng),
        "iat": iat,
        "exp": iat + 31_536_000,
    }


def dixa_claims(rng: random.Random) -> dict:
    return {"sub": uuid(rng), "org": uuid(rng), "tokenType": "API", "iat": _iat(rng)}


def intercom_token(rng: random.Random) -> str:
    """`dG9rOj…`: base64 of `tok:<uuid with underscores>:1:0`."""
    return b64s("tok:" + uuid(rng).replace("-", "_") + ":1:0")


def zoho_token(rng: random.Random) -> str:
    return f"1000.{hexl(32)(rng)}.{hexl(32)(rng)}"


def nz_digits(n: int):
    """A numeric id of n digits that does not start with 0."""
    return join(pick("123456789", 1), digits(n - 1))


atlassian_token = join("ATATT3xFfGF0", b64url(171), "=", hexu(8))
zoho_client_id = join("1000.", upper_alnum(30))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 1, 25, "the rules for 150 to 154")

TEMPLATES: list = [
    # ---- secrets: Zendesk
    S(
        HD,
        "zendesk_curl_token",
        "$ curl https://brightkite.zendesk.com/api/v2/tickets/{tid}.json -u support-ops@brightkite.dev/token:{v}"
        " | jq '.ticket.status'\n\"open\"",
        b62(40),
        tid=digits(6),
    ),
    S(
        HD,
        "zendesk_basic_header",
        "> GET /api/v2/users/me.json HTTP/2\n> Host: brightkite.zendesk.com\n> Authorization: Basic {v}\n"
        "> User-Agent: curl/8.5.0",
        zendesk_basic("support-ops@brightkite.dev"),
    ),
    S(
        HD,
        "zenpy_token",
        'zenpy_client = Zenpy(subdomain="brightkite", email="support-ops@brightkite.dev", token="{v}")',
        b62(40),
    ),
    S(
        HD,
        "zendesk_oauth_token_json",
        '$ curl -s https://brightkite.zendesk.com/api/v2/oauth/tokens.json -X POST -H "Content-Type: application/json"'
        ' -d \'{"token": {"client_id": {cid}, "scopes": ["read", "write"]}}\' -u support-ops@brightkite.dev:$ZD_PW\n'
        '{"token":{"id":{tokid},"user_id":{uid},"client_id":{cid},"token":"{v}","refresh_token":null,"scopes":["read","write"]}}',
        hexl(64),
        cid=nz_digits(12),
        tokid=nz_digits(13),
        uid=nz_digits(13),
    ),
    # ---- secrets: Freshdesk
    S(
        HD,
        "freshdesk_curl_key",
        '$ curl -v -u {v}:X -H "Content-Type: application/json" -X GET'
        " 'https://brightkite.freshdesk.com/api/v2/tickets?per_page=5'",
        b62(20),
    ),
    S(
        HD,
        "freshdesk_positional",
        ">>> from freshdesk.api import API\n>>> a = API('brightkite.freshdesk.com', '{v}')\n"
        ">>> a.tickets.list_tickets(filter_name='new_and_my_open')[:2]",
        b62(20),
    ),
    S(
        HD,
        "freshdesk_web_config",
        '  <appSettings>\n    <add key="FreshdeskDomain" value="brightkite.freshdesk.com" />\n'
        '    <add key="FreshdeskApiKey" value="{v}" />\n  </appSettings>',
        b62(20),
    ),
    # ---- secrets: Help Scout
    S(
        HD,
        "helpscout_client_secret",
        "$ curl -X POST https://api.helpscout.net/v2/oauth2/token \\\n    --data 'grant_type=client_credentials' \\\n"
        "    --data 'client_id={appid}' \\\n    --data 'client_secret={v}'",
        b62(32),
        appid=b62(32),
    ),
    S(
        HD,
        "helpscout_token_response",
        '{\n  "token_type": "bearer",\n  "access_token": "{v}",\n  "expires_in": 172800\n}',
        hexl(32),
    ),
    S(
        HD,
        "helpscout_docs_key",
        "$ curl --user {v}:X https://docsapi.helpscout.net/v1/collections?page=1 | jq '.collections.items[].name'",
        hexl(40),
    ),
    # ---- secrets: Front, Kustomer, Dixa (JWT bearer tokens)
    S(
        HD,
        "front_bearer",
        'FRONT_HEADERS = {\n    "Authorization": "Bearer {v}",\n    "Accept": "application/json",\n}\n'
        'resp = requests.get("https://api2.frontapp.com/conversations?limit=25", headers=FRONT_HEADERS)',
        jwt(front_claims),
    ),
    S(
        HD,
        "kustomer_verbose_header",
        "* Connected to brightkite.api.kustomerapp.com (52.7.19.114) port 443\n"
        "> GET /v1/auth/tokens/current HTTP/1.1\n> Host: brightkite.api.kustomerapp.com\n"
        "> Authorization: Bearer {v}\n> Accept: */*",
        jwt(kustomer_claims),
    ),
    S(
        HD,
        "dixa_bearer",
        '$ http GET https://dev.dixa.io/v1/agents "Authorization: {v}" Accept:application/json',
        jwt(dixa_claims),
    ),
    # ---- secrets: Gorgias, HappyFox, Gladly, Re:amaze
    S(
        HD,
        "gorgias_env_file",
        "$ cat ~/.config/cs-tools/gorgias.env\nGORGIAS_DOMAIN=brightkite\nGORGIAS_USERNAME=cx-bot@brightkite.dev\n"
        "GORGIAS_API_KEY={v}",
        hexl(64),
    ),
    S(
        HD,
        "happyfox_auth_code",
        'BASE = "https://brightkite.happyfox.com/api/1.1/json"\n'
        'AUTH = (os.environ["HAPPYFOX_API_KEY"], "{v}")\n'
        'tickets = requests.get(f"{BASE}/tickets/?size=50", auth=AUTH).json()',
        hexl(32),
    ),
    S(
        HD,
        "gladly_ini",
        "[gladly]\nhost = https://brightkite.gladly.com\nusername = api-bot@brightkite.dev\napi_token = {v}\n"
        "timeout = 30",
        b64url(56),
    ),
    S(
        HD,
        "reamaze_curl",
        "$ curl 'https://brightkite.reamaze.io/api/v1/conversations?filter=open' -H 'Accept: application/json'"
        " -u cx-lead@brightkite.dev:{v}",
        b62(24),
    ),
    # ---- secrets: Zoho Desk
    S(
        HD,
        "zoho_desk_oauthtoken",
        "$ curl -X GET 'https://desk.zoho.eu/api/v1/tickets?limit=10' \\\n  -H 'orgId:{org}' \\\n"
        "  -H 'Authorization:Zoho-oauthtoken {v}'",
        zoho_token,
        org=nz_digits(9),
    ),
    S(
        HD,
        "zoho_refresh_token_url",
        '$ curl -s -X POST "https://accounts.zoho.eu/oauth/v2/token?refresh_token={v}'
        '&client_id=$ZOHO_CLIENT_ID&client_secret=$ZOHO_CLIENT_SECRET&grant_type=refresh_token"',
        zoho_token,
    ),
    S(
        HD,
        "zoho_client_secret_yaml",
        "zoho_desk:\n  accounts_url: https://accounts.zoho.com\n  client_id: {cid}\n  client_secret: {v}\n  org_id: {org}",
        hexl(42),
        cid=zoho_client_id,
        org=nz_digits(9),
    ),
    # ---- secrets: Crisp
    S(
        HD,
        "crisp_authenticate_tier",
        'const Crisp = require("crisp-api");\nconst CrispClient = new Crisp();\n'
        'CrispClient.authenticateTier("plugin", process.env.CRISP_TOKEN_ID, "{v}");',
        hexl(64),
    ),
    S(
        HD,
        "crisp_basic_header",
        "$ curl https://api.crisp.chat/v1/website/{wid}/conversations/1 \\\n"
        '    -H "Authorization: Basic {v}" \\\n    -H "X-Crisp-Tier: website"',
        crisp_basic,
        wid=uuid,
    ),
    # ---- secrets: Intercom
    S(
        HD,
        "intercom_node_client",
        'import { IntercomClient } from "intercom-client";\n\nconst client = new IntercomClient({ token: "{v}" });',
        intercom_token,
    ),
    S(
        HD,
        "intercom_identity_secret",
        "  def intercom_user_hash\n    OpenSSL::HMAC.hexdigest('sha256', '{v}', current_user.id.to_s)\n  end",
        b64url(40),
    ),
    # ---- secrets: Jira Service Management (Atlassian API token)
    S(
        HD,
        "jsm_curl_token",
        "$ curl -s -u svc-helpdesk@brightkite.dev:{v} -H 'Content-Type: application/json' \\\n"
        "    -X POST https://brightkite.atlassian.net/rest/servicedeskapi/request \\\n"
        '    -d \'{"serviceDeskId": "4", "requestTypeId": "27", "requestFieldValues": {"summary": "VPN down"}}\'',
        atlassian_token,
    ),
    S(
        HD,
        "jsm_python_basic_auth",
        'jira = JIRA(server="https://brightkite.atlassian.net", basic_auth=("svc-helpdesk@brightkite.dev", "{v}"))',
        atlassian_token,
    ),
    # ---- look-alikes: public widget / messenger ids
    L(
        HD,
        "zendesk_widget_key",
        '<!-- Start of brightkite Zendesk Widget script -->\n<script id="ze-snippet"'
        ' src="https://static.zdassets.com/ekr/snippet.js?key={v}"></script>',
        uuid,
    ),
    L(
        HD,
        "freshdesk_widget_id",
        "<script>\n  window.fwSettings = {\n    'widget_id': {v}\n  };\n</script>",
        join("15000", digits(7)),
    ),
    L(HD, "helpscout_beacon_id", "    window.Beacon('init', '{v}')", uuid),
    L(
        HD,
        "crisp_website_id",
        '<script type="text/javascript">window.$crisp=[];window.CRISP_WEBSITE_ID="{v}";</script>',
        uuid,
    ),
    L(
        HD,
        "intercom_app_id",
        '  window.intercomSettings = {\n    api_base: "https://api-iam.intercom.io",\n    app_id: "{v}",\n  };',
        lower_alnum(8),
    ),
    L(
        HD,
        "gorgias_chat_bundle",
        '<script id="gorgias-chat-widget-install-v3" src="https://config.gorgias.chat/bundle-loader/{v}"></script>',
        join("01", pick(CROCKFORD, 24)),
    ),
    # ---- look-alikes: client ids, org ids, resource ids
    L(
        HD,
        "helpscout_authorize_client_id",
        "Open this URL to authorize the app:\n"
        "https://secure.helpscout.net/authentication/authorizeClientApplication?client_id={v}&state={state}",
        b62(32),
        state=hexl(16),
    ),
    L(
        HD,
        "zoho_client_id",
        "export ZOHO_CLIENT_ID={v}\nexport ZOHO_CLIENT_SECRET=$(pass show zoho/desk-self-client)",
        zoho_client_id,
    ),
    L(
        HD,
        "zoho_org_id",
        '$ curl -s https://desk.zoho.com/api/v1/departments -H "orgId:{v}"'
        ' -H "Authorization:Zoho-oauthtoken $ZOHO_DESK_TOKEN"',
        nz_digits(9),
    ),
    L(
        HD,
        "kustomer_customer_id",
        '$ curl -s "https://$KUSTOMER_ORG.api.kustomerapp.com/v1/customers/{v}/conversations"'
        ' -H "Authorization: Bearer $KUSTOMER_API_KEY"',
        hexl(24),
    ),
    L(
        HD,
        "front_conversation_id",
        "PATCH https://api2.frontapp.com/conversations/{v}  -> 204 No Content (status archived)",
        join("cnv_", lower_alnum(8)),
    ),
    L(
        HD,
        "gladly_agent_id",
        '[gladly] GET /api/v1/agents/{v} 200 {"name": "Priya N.", "emailAddress": "priya@brightkite.dev"}',
        b64url(22),
    ),
    L(
        HD,
        "dixa_enduser_id",
        "dixa.enduser.resolved id={v} channel=email conversation=1182",
        uuid,
    ),
    L(
        HD,
        "atlassian_account_id",
        '      "reporter": {\n        "accountId": "{v}",\n        "displayName": "Helpdesk Service Account",',
        join("712020:", uuid),
    ),
    # ---- look-alikes: signatures, hashes, checksums
    L(
        HD,
        "front_webhook_signature",
        "POST /hooks/front HTTP/1.1\nX-Front-Signature: {v}\nX-Front-Request-Timestamp: {ts}",
        join(b64(43), "="),
        ts=join("17", digits(11)),
    ),
    L(
        HD,
        "happyfox_webhook_signature",
        "INFO webhook received ticket=#BK00{num} X-Happyfox-Webhook-Signature={v} verified=true",
        hexl(40),
        num=digits(4),
    ),
    L(
        HD,
        "intercom_user_hash",
        '  window.intercomSettings = {\n    app_id: "{app}",\n    user_id: "{uid}",\n    user_hash: "{v}"\n  };',
        hexl(64),
        app=lower_alnum(8),
        uid=digits(6),
    ),
    L(
        HD,
        "export_checksum",
        "$ sha256sum exports/zendesk-tickets-2024-06.jsonl\n{v}  exports/zendesk-tickets-2024-06.jsonl",
        hexl(64),
    ),
    L(
        HD,
        "helpscout_correlation_id",
        "< HTTP/1.1 200 OK\n< Correlation-Id: {v}\n< X-RateLimit-Remaining: 1996",
        uuid,
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        HD,
        "gha_secret_ref",
        "      - name: Sync JSM queues\n        env:\n          JIRA_EMAIL: svc-helpdesk@brightkite.dev\n"
        "          JIRA_API_TOKEN: {v}",
        const("${{ secrets.JIRA_API_TOKEN }}"),
    ),
    L(
        HD,
        "freshdesk_env_ref",
        '$ curl -s -u "{v}:X" https://brightkite.freshdesk.com/api/v2/agents/me',
        const("$FRESHDESK_API_KEY"),
    ),
    L(
        HD,
        "gorgias_placeholder",
        "# .env.example\nGORGIAS_USERNAME=agent@yourcompany.com\nGORGIAS_API_KEY={v}",
        const("<your-api-key>"),
    ),
    L(
        HD,
        "zendesk_placeholder",
        "curl https://{subdomain}.zendesk.com/api/v2/users/me.json -u jdoe@example.com/token:{v}",
        const("YOUR_API_TOKEN"),
    ),
    L(
        HD,
        "reamaze_placeholder",
        "REAMAZE_BRAND=brightkite\nREAMAZE_LOGIN_EMAIL=cx-lead@brightkite.dev\nREAMAZE_API_TOKEN={v}",
        interleaved(24),
    ),
    L(
        HD,
        "zendesk_masked_token",
        "Admin Center > Apps and integrations > Zendesk API\n  Token  ci-sync    created 2024-03-02   {v}",
        join("************************************", b62(4)),
    ),
]
