"""A hundred-and-thirty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of CAD, PLM and engineering-data platforms: Onshape API keys (24-character
access key, 48-character secret key, `creds.json`, basic auth, the `On-Nonce` header) and Onshape OAuth2
apps (base32 client ids and secrets ending in `=`, `.onshape_client_config.yaml`), Autodesk Platform
Services (32-character client id, client secret, the base64 `client_id:client_secret` Basic header of the
v2 token endpoint, RS256 access tokens, base64url object URNs and `urn:adsk.wipprod:dm.lineage:` item ids),
Autodesk Vault (VDF `ConnectionManager.LogIn`, powerVault `Open-VaultConnection`), SOLIDWORKS PDM
(`IEdmVault13.LoginEx`, the vault's SQL Server connection string), Arena PLM (`/v1/login` body,
`arena_session_id` header, 9-digit workspace ids, 20-character item GUIDs), PTC Windchill (REST basic
auth, `db.properties` `wt.pom.dbPassword` and its `encrypted.` reference, `OR:wt.part.WTPart:` object
ids), Siemens Teamcenter (utility `-u= -p= -g=` and `-pf=` arguments, SOA `SessionService.login`, UIDs),
Bentley iTwin (`service-`/`spa-` client ids, IMS client-credentials token request, iTwin GUIDs, the
`@apps.imsoidc.bentley.com` client email), Trimble Connect / Trimble Identity (client id GUID, client
secret in the Basic credentials), OpenBOM (`X-OpenBOM-AppKey` / `X-OpenBOM-AppSecret`, `/login`), Altium
365 and Nexar (client credentials against identity.nexar.com, long-lived workspace tokens) and Speckle
(42-character personal access tokens, 32-hex object ids), in commands, config files, code and tool
output, with the public ids, placeholders, references and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 130 to 134):
24 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a SOLIDWORKS PDM password as
`LoginEx(…)`'s second argument; altered: a Bentley service app's e-mail address
`service-<id>@apps.imsoidc.bentley.com`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

CAD = "cad"

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def onshape_oauth(rng: random.Random) -> str:
    """An Onshape OAuth2 client id or secret: base32 upper-case with the trailing '=' the docs warn about."""
    return pick(BASE32, 51)(rng) + "="


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def aps_basic(rng: random.Random) -> str:
    """base64 of `client_id:client_secret` for the APS v2 token endpoint."""
    return base64.b64encode(f"{b62(32)(rng)}:{b62(16)(rng)}".encode()).decode()


def aps_jwt(rng: random.Random) -> str:
    header = {"alg": "RS256", "kid": b62(20)(rng), "typ": "JWT"}
    payload = {
        "scope": ["data:read", "data:write", "bucket:read"],
        "client_id": b62(32)(rng),
        "iss": "https://developer.api.autodesk.com",
        "aud": "https://autodesk.com",
        "jti": b62(40)(rng),
        "exp": 1718000000 + rng.randrange(10_000_000),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def altium_jwt(rng: random.Random) -> str:
    header = {"alg": "RS256", "kid": hexu_like(rng), "typ": "at+jwt"}
    payload = {
        "iss": "https://auth.altium.com",
        "sub": uuid(rng),
        "client_id": uuid(rng),
        "scope": ["a365", "openid", "offline_access"],
        "exp": 1730000000 + rng.randrange(10_000_000),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def hexu_like(rng: random.Random) -> str:
    return hexl(32)(rng).upper()


def aps_urn(rng: random.Random) -> str:
    """The base64url (unpadded) object URN the Model Derivative API expects."""
    bucket = f"plant-layout-{lower_alnum(6)(rng)}"
    name = f"Level2-{digits(3)(rng)}.rvt"
    return base64.urlsafe_b64encode(f"urn:adsk.objects:os.object:{bucket}/{name}".encode()).decode().rstrip("=")


workspace_id = join(pick("123456789", 1), digits(8))


def masked(keep: int = 4):
    return join("****************", lower_alnum(keep))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 25, "the rules for 130 to 134")

TEMPLATES: list = [
    # ---- secrets: Onshape API keys and OAuth apps
    S(
        CAD,
        "onshape_creds_json",
        '$ cat creds.json\n{\n    "https://cad.onshape.com": {\n        "access_key": "{ak}",\n'
        '        "secret_key": "{v}"\n    }\n}',
        b62(48),
        ak=b62(24),
    ),
    S(
        CAD,
        "onshape_client_code",
        "client = Client(configuration={\n"
        '    "base_url": "https://cad.onshape.com",\n'
        '    "access_key": "{ak}",\n'
        '    "secret_key": "{v}",\n})',
        b62(48),
        ak=b62(24),
    ),
    S(
        CAD,
        "onshape_basic_auth",
        "$ curl -s -u {ak}:{v} -H 'Accept: application/json;charset=UTF-8; qs=0.09'"
        " 'https://cad.onshape.com/api/v10/documents?q=gearbox&limit=5' | jq '.items[].name'",
        b62(48),
        ak=b62(24),
    ),
    S(
        CAD,
        "onshape_oauth_yaml",
        'prod_oauth:\n  base_url: "https://cad.onshape.com"\n  client_id: {cid}\n  client_secret: {v}\n'
        "  redirect_uri: http://localhost:9000\n  token_uri: https://oauth.onshape.com/oauth/token",
        onshape_oauth,
        cid=onshape_oauth,
    ),
    # ---- secrets: Autodesk Platform Services, Vault
    S(
        CAD,
        "aps_basic_header",
        "$ curl -s -X POST 'https://developer.api.autodesk.com/authentication/v2/token' \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' -H 'Accept: application/json' \\\n"
        "    -H 'Authorization: Basic {v}' \\\n    -d 'grant_type=client_credentials&scope=data:read%20bucket:read'",
        aps_basic,
    ),
    S(
        CAD,
        "aps_env_file",
        "# .env (model-derivative-worker)\nAPS_CLIENT_ID={cid}\nAPS_CLIENT_SECRET={v}\nAPS_BUCKET=plant-layout-prod",
        b62(64),
        cid=b62(32),
    ),
    S(
        CAD,
        "aps_token_response",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3599}',
        aps_jwt,
    ),
    S(
        CAD,
        "vault_vdf_login",
        'var result = VDF.Vault.Library.ConnectionManager.LogIn("pdmvault01.corp.local", "Engineering",'
        ' "svc-jobprocessor", "{v}", AuthenticationFlags.Standard, null);',
        password(16),
    ),
    S(
        CAD,
        "powervault_open",
        'PS C:\\jobs> Open-VaultConnection -Server "pdmvault01" -Vault "Engineering" -User "Administrator"'
        " -Password '{v}'",
        password(14),
    ),
    # ---- secrets: SOLIDWORKS PDM
    S(
        CAD,
        "pdm_loginex",
        'IEdmVault13 vault = new EdmVault5() as IEdmVault13;\nvault.LoginEx("pdm-sync", "{v}", "EngVault", 0);',
        password(13),
    ),
    S(
        CAD,
        "pdm_sql_connection",
        '  <add name="PdmDatabase" connectionString="Server=PDM-SQL01\\SWPDM;Database=EngVault;User Id=sa;'
        'Password={v};TrustServerCertificate=True" />',
        password(18),
    ),
    # ---- secrets: Arena PLM
    S(
        CAD,
        "arena_login_body",
        "$ curl -s -X POST https://api.arenasolutions.com/v1/login -H 'Content-Type: application/json' \\\n"
        '    -d \'{"email":"integration@halvard-robotics.com","password":"{v}","workspaceId":{ws}}\'',
        password(15),
        ws=workspace_id,
    ),
    S(
        CAD,
        "arena_session_header",
        "$ curl -s 'https://api.arenasolutions.com/v1/items?number=890-1001' -H 'arena_session_id: {v}'",
        b62(32),
    ),
    # ---- secrets: PTC Windchill
    S(
        CAD,
        "windchill_basic_auth",
        "$ curl -s -u 'wcadmin:{v}' -H 'Accept: application/json'"
        " 'https://plm.halvard.local/Windchill/servlet/odata/ProdMgmt/Parts?%24filter=Number%20eq%20%270000010432%27'",
        password(14),
    ),
    S(
        CAD,
        "windchill_db_properties",
        "$ cat /opt/ptc/Windchill/db/db.properties\nwt.pom.dbUser=wcprod\nwt.pom.dbPassword={v}\n"
        "wt.pom.serviceName=jdbc:oracle:thin:@//ora-plm01:1521/WCPROD",
        b62(16),
    ),
    # ---- secrets: Siemens Teamcenter
    S(
        CAD,
        "teamcenter_utility_args",
        "$ $TC_ROOT/bin/import_file -u=infodba -p={v} -g=dba -f=/data/import/ecn-2291.txt -type=Text -log=import.log",
        b62(14),
    ),
    S(
        CAD,
        "teamcenter_soa_login",
        'LoginResponse resp = sessionService.login("dcproxy", "{v}", "dba", "", "en_US", "BomSync");',
        b62(15),
    ),
    # ---- secrets: Bentley iTwin
    S(
        CAD,
        "itwin_service_client",
        "const client = new ServiceAuthorizationClient({\n"
        '  clientId: "service-{cid}",\n  clientSecret: "{v}",\n  scope: "itwin-platform",\n});',
        b62(43),
        cid=b62(25),
    ),
    S(
        CAD,
        "itwin_token_request",
        "$ curl -s -X POST https://ims.bentley.com/connect/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d 'grant_type=client_credentials&client_id=service-{cid}&client_secret={v}&scope=itwin-platform'",
        b62(43),
        cid=b62(25),
    ),
    # ---- secrets: Trimble Connect, OpenBOM, Altium 365 / Nexar, Speckle
    S(
        CAD,
        "trimble_basic_credentials",
        '$ encoded_credentials=$(echo -n "{cid}:{v}" | base64)\n'
        '$ curl -s "https://id.trimble.com/oauth/token" -H "Authorization: Basic $encoded_credentials"'
        ' --data-urlencode "grant_type=client_credentials" --data-urlencode "scope=halvard-tc-sync"',
        b62(32),
        cid=uuid,
    ),
    S(
        CAD,
        "openbom_app_secret",
        "$ curl -s -X POST https://developer-api.openbom.com/login -H 'Content-Type: application/json'"
        " -H 'X-OpenBOM-AppKey: {key}' -H 'X-OpenBOM-AppSecret: {v}'",
        b62(40),
        key=hexl(24),
    ),
    S(
        CAD,
        "openbom_login_password",
        'payload = {"username": "bom-bot@halvard-robotics.com", "password": "{v}"}\n'
        'resp = requests.post(f"{BASE}/login", json=payload, headers={"X-OpenBOM-AppKey": APP_KEY})',
        password(16),
    ),
    S(
        CAD,
        "nexar_client_credentials",
        "token = requests.post(\n"
        '    "https://identity.nexar.com/connect/token",\n'
        '    data={"grant_type": "client_credentials", "client_id": "{cid}", "client_secret": "{v}"},\n'
        ').json()["access_token"]',
        b62(44),
        cid=uuid,
    ),
    S(
        CAD,
        "altium365_bearer",
        '$ curl -s "https://halvard.365.altium.com/rest/projects?limit=1" --header "Accept: application/json"'
        ' --header "Authorization: Bearer {v}"',
        altium_jwt,
    ),
    S(
        CAD,
        "speckle_authenticate",
        'client = SpeckleClient(host="app.speckle.systems")\nclient.authenticate_with_token("{v}")',
        hexl(42),
    ),
    # ---- look-alikes: Onshape
    L(
        CAD,
        "onshape_document_id",
        "Opening https://cad.onshape.com/documents/{v}/w/{w}/e/{e} (Part Studio 1)",
        hexl(24),
        w=hexl(24),
        e=hexl(24),
    ),
    L(
        CAD,
        "onshape_nonce",
        "> GET /api/v10/partstudios/d/{d}/w/{w}/e/{e}/massproperties HTTP/1.1\n"
        "> Date: Tue, 14 May 2024 09:12:44 GMT\n> On-Nonce: {v}\n> Content-Type: application/json",
        b62(25),
        d=hexl(24),
        w=hexl(24),
        e=hexl(24),
    ),
    L(
        CAD,
        "onshape_config_placeholder",
        'prod_api_keys:\n  base_url: "https://cad.onshape.com"\n  secret_key: {v}\n  access_key: YOUR ACCESS KEY',
        const("YOUR SECRET KEY"),
    ),
    # ---- look-alikes: Autodesk Platform Services and Vault
    L(
        CAD,
        "aps_client_id_authorize_url",
        "Open this URL to sign in: https://developer.api.autodesk.com/authentication/v2/authorize"
        "?response_type=code&client_id={v}&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fcallback&scope=data%3Aread",
        b62(32),
    ),
    L(
        CAD,
        "aps_object_urn",
        '{\n  "input": { "urn": "{v}" },\n  "output": { "formats": [ { "type": "svf2", "views": ["2d", "3d"] } ] }\n}',
        aps_urn,
    ),
    L(
        CAD,
        "aps_lineage_urn",
        "GET https://developer.api.autodesk.com/data/v1/projects/b.{p}/items/{v}/versions 200 OK",
        join("urn:adsk.wipprod:dm.lineage:", b64url(22)),
        p=uuid,
    ),
    L(
        CAD,
        "aps_bearer_placeholder",
        "curl -X GET 'https://developer.api.autodesk.com/oss/v2/buckets' -H 'Authorization: Bearer {v}'",
        const("<YOUR_ACCESS_TOKEN>"),
    ),
    L(
        CAD,
        "powervault_env_ref",
        'Open-VaultConnection -Server "pdmvault01" -Vault "Engineering" -User "svc-jobprocessor" -Password {v}',
        const("$env:VAULT_PASSWORD"),
    ),
    # ---- look-alikes: SOLIDWORKS PDM, Arena, Windchill, Teamcenter
    L(
        CAD,
        "pdm_getenv",
        'vault.LoginEx("pdm-sync", {v}, "EngVault", 0);',
        const('Environment.GetEnvironmentVariable("PDM_PASSWORD")'),
    ),
    L(
        CAD,
        "arena_workspace_id",
        '{\n   "email": "integration@halvard-robotics.com",\n   "password": "${ARENA_PASSWORD}",\n'
        '   "workspaceId": {v}\n}',
        workspace_id,
    ),
    L(
        CAD,
        "arena_item_guid",
        "$ gladiator info 890-1001 --output json | jq -r .guid\n{v}",
        upper_alnum(20),
    ),
    L(
        CAD,
        "arena_masked_session",
        "[arena-sync] logged in as integration@halvard-robotics.com (workspace {ws}), arena_session_id={v}",
        masked(4),
        ws=workspace_id,
    ),
    L(
        CAD,
        "windchill_oid",
        '      "ID": "{v}",\n      "Number": "0000010432",\n      "Name": "MOTOR BRACKET",\n      "Version": "B.3"',
        join("OR:wt.part.WTPart:", digits(9)),
    ),
    L(
        CAD,
        "windchill_encrypted_ref",
        "wt.pom.dbUser=wcprod\nwt.pom.dbPassword={v}\nwt.pom.serviceName=jdbc:oracle:thin:@//ora-plm01:1521/WCPROD",
        const("encrypted.wt.pom.dbPassword"),
    ),
    L(
        CAD,
        "teamcenter_password_file",
        "$ $TC_ROOT/bin/dataset_cleanup -u=infodba -pf={v} -g=dba -mode=report",
        const("/opt/siemens/tc/security/infodba.pwf"),
    ),
    L(
        CAD,
        "teamcenter_uid",
        '  "plain": ["{v}"],\n  "modelObjects": { "{v}": { "className": "ItemRevision", "type": "Part Revision" } }',
        b62(14),
    ),
    # ---- look-alikes: Bentley iTwin, Trimble, OpenBOM, Altium, Speckle
    L(
        CAD,
        "itwin_id",
        "$ curl -s 'https://api.bentley.com/imodels/?iTwinId={v}' -H 'Accept: application/vnd.bentley.itwin-platform.v2+json'"
        ' -H "Authorization: $TOKEN"',
        uuid,
    ),
    L(
        CAD,
        "itwin_spa_client_id",
        'export const environment = {\n  authorization: {\n    clientId: "{v}",\n    scope: "itwin-platform",\n'
        '    redirectUri: "http://localhost:4200/itwin",\n    authority: "https://ims.bentley.com"\n  },',
        join("spa-", b62(25)),
    ),
    L(
        CAD,
        "itwin_service_email",
        "Add the service app to the iTwin as a member: {v} (role: Viewer)",
        join("service-", b62(25), "@apps.imsoidc.bentley.com"),
    ),
    L(
        CAD,
        "trimble_client_id",
        '# Your application credentials\nclient_name="halvard-tc-sync"\nclient_id="{v}"\n'
        'client_secret="$TRIMBLE_CLIENT_SECRET"',
        uuid,
    ),
    L(
        CAD,
        "openbom_placeholder",
        "curl -X GET https://developer-api.openbom.com/boms -H 'X-OpenBOM-AppKey: {v}'"
        " -H 'X-OpenBOM-AccessToken: <access-token>'",
        const("<your-app-key>"),
    ),
    L(
        CAD,
        "altium_env_ref",
        'curl -s "$ALTIUM365_WORKSPACE_URL/rest/projects?limit=1" --header "Authorization: Bearer {v}"',
        const("$ALTIUM365_TOKEN"),
    ),
    L(
        CAD,
        "speckle_object_id",
        '$ curl -s https://app.speckle.systems/objects/{p}/{v}/single -H "Authorization: Bearer $SPECKLE_TOKEN"',
        hexl(32),
        p=hexl(10),
    ),
    L(
        CAD,
        "speckle_gha_secret",
        "      - name: Publish model\n        env:\n          SPECKLE_TOKEN: {v}\n"
        "        run: python publish.py --project {p}",
        const("${{ secrets.SPECKLE_TOKEN }}"),
        p=hexl(10),
    ),
    L(
        CAD,
        "step_checksum",
        "$ sha256sum exports/motor-bracket-B3.step\n{v}  exports/motor-bracket-B3.step",
        hexl(64),
    ),
]
