"""A hundred-and-thirty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of construction and field-service software: Procore's OAuth
endpoints (login.procore.com client credentials, 43-character client ids and secrets, the
`Procore-Company-Id` header, the Ruby client), Autodesk Platform Services for Autodesk Construction
Cloud and BuildingConnected (32-character client ids, client secrets, the base64 `Basic` header of
`id:secret`, RS256 access tokens, `b.`-prefixed hub ids, base64url model URNs), ServiceTitan
(`cid.`/`cs1.`/`cs2.`/`ak1.` client ids, secrets and app keys, the `ST-App-Key` header, ten-digit
tenant ids, servicepytan's config file), Housecall Pro (32-hex API keys under `Authorization: Token`,
`job_`-prefixed ids), Jobber (GraphQL with `X-JOBBER-GRAPHQL-VERSION`, HS256 access tokens, base64
`gid://Jobber/...` ids, `X-Jobber-Hmac-SHA256`), Samsara for jobsite fleets (`samsara_api_` tokens,
base64 webhook secret keys, `X-Samsara-Signature: v1=`), Fieldwire (the refresh-token-for-JWT
exchange at client-api.super.fieldwire.com, UUID project ids), Bluebeam Studio (OAuth client
secrets, `123-456-789` session ids), SafetyCulture (64-hex API tokens, `audit_` ids, the docs'
`b7f8…` truncation style) and CompanyCam (bearer tokens, the python client), in shell commands,
env files, JSON/YAML config, SDK calls and tool output, with the public ids, placeholders, masks
and secret-store references the same documentation shows beside them.
Where a vendor documents where a credential goes but not its alphabet or length (Fieldwire's API
token, Bluebeam's and Jobber's client secrets, CompanyCam's access token, Jobber's refresh token),
the value is an opaque random string of a plausible length in the documented place.

First score, blind, before any rule changed for it (after the rules for 130 to 134):
25 of 25 secrets caught, 0 of 25 look-alikes altered (nothing missed or altered).
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
    groups,
    hexl,
    join,
    lower_alnum,
    uuid,
)

CN = "construction"


def b64u(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def aps_jwt(rng: random.Random) -> str:
    """An RS256 APS access token: header, claims with a client id and scopes, 256-byte signature."""
    header = {"alg": "RS256", "kid": b62(20)(rng), "pem": "", "typ": "JWT"}
    claims = {
        "scope": ["data:read", "data:write", "account:read"],
        "client_id": b62(32)(rng),
        "iss": "https://developer.api.autodesk.com",
        "aud": "https://autodesk.com",
        "jti": b62(40)(rng),
        "exp": 1717000000 + rng.randrange(10**7),
    }
    sig = b64url(342)(rng)
    return f"{b64u(json.dumps(header, separators=(',', ':')))}.{b64u(json.dumps(claims, separators=(',', ':')))}.{sig}"


def hs256_jwt(claim_maker):
    def make(rng: random.Random) -> str:
        header = {"alg": "HS256", "typ": "JWT"}
        claims = claim_maker(rng)
        return (
            f"{b64u(json.dumps(header, separators=(',', ':')))}."
            f"{b64u(json.dumps(claims, separators=(',', ':')))}.{b64url(43)(rng)}"
        )

    return make


def jobber_claims(rng: random.Random) -> dict:
    return {
        "sub": int(digits(7)(rng)),
        "api_id": uuid(rng),
        "exp": 1717000000 + rng.randrange(10**7),
        "account_id": int(digits(7)(rng)),
        "app_id": uuid(rng),
        "scope": "read_clients write_clients read_jobs",
    }


def fieldwire_claims(rng: random.Random) -> dict:
    return {
        "user_id": int(digits(7)(rng)),
        "account_id": int(digits(6)(rng)),
        "exp": 1717000000 + rng.randrange(10**7),
        "jti": uuid(rng),
    }


def aps_basic(rng: random.Random) -> str:
    return base64.b64encode(f"{b62(32)(rng)}:{b62(16)(rng)}".encode()).decode()


def aps_urn(rng: random.Random) -> str:
    name = rng.choice(("Level2_MEP.rvt", "Tower-B_Structure.rvt", "Site_Civil.dwg", "Podium_ARCH.nwd"))
    raw = f"urn:adsk.wipprod:fs.file:vf.{b64url(22)(rng)}?version={rng.randrange(1, 40)}"
    if rng.random() < 0.5:
        raw = f"urn:adsk.objects:os.object:acc-sync-{lower_alnum(8)(rng)}/{name}"
    return b64u(raw)


def jobber_gid(rng: random.Random) -> str:
    kind = rng.choice(("Client", "Job", "Quote", "Invoice"))
    return base64.b64encode(f"gid://Jobber/{kind}/{digits(8)(rng)}".encode()).decode()


def b64_bytes(n: int):
    """Standard base64 of n random bytes (a 32-byte key or an HMAC-SHA256 digest)."""
    return lambda rng: base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n))).decode()


def masked_cs(rng: random.Random) -> str:
    return "cs2." + "*" * 46 + lower_alnum(4)(rng)


procore_id = b64url(43)
st_secret = join("cs2.", lower_alnum(50))
samsara_token = join("samsara_api_", b62(30))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 0, 25, "the rules for 130 to 134")

TEMPLATES: list = [
    # ---- secrets: Procore
    S(
        CN,
        "procore_env_file",
        "$ cat .env\nPROCORE_ENV=production\nPROCORE_CLIENT_ID={cid}\nPROCORE_CLIENT_SECRET={v}\n"
        "PROCORE_COMPANY_ID={company}\nPROCORE_REDIRECT_URI=http://localhost:3010/api/auth/callback",
        procore_id,
        cid=procore_id,
        company=digits(7),
    ),
    S(
        CN,
        "procore_token_curl",
        "$ curl -s -X POST https://login.procore.com/oauth/token -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v} | jq .expires_in\n5400",
        procore_id,
        cid=procore_id,
    ),
    S(
        CN,
        "procore_refresh_token_response",
        '{"token_type":"Bearer","expires_in":5400,"refresh_token":"{v}","created_at":17{ts}}',
        procore_id,
        ts=digits(8),
    ),
    S(
        CN,
        "procore_ruby_client",
        'client = Procore::Client.new(\n  client_id: "{cid}",\n  client_secret: "{v}",\n'
        '  store: Procore::Auth::Stores::Session.new(session: session),\n  options: { host: "https://api.procore.com" }\n)',
        procore_id,
        cid=procore_id,
    ),
    # ---- secrets: Autodesk Platform Services (ACC, BuildingConnected)
    S(
        CN,
        "aps_basic_header",
        "$ curl -s -X POST 'https://developer.api.autodesk.com/authentication/v2/token' \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -H 'Authorization: Basic {v}' \\\n    -d 'grant_type=client_credentials&scope=data:read%20account:read'",
        aps_basic,
    ),
    S(
        CN,
        "aps_python_sdk",
        "auth_client = AuthenticationClient()\ntoken = auth_client.get_two_legged_token(\n"
        '    "{cid}",\n    "{v}",\n    [Scopes.DataRead, Scopes.BucketRead],\n)',
        b62(64),
        cid=b62(32),
    ),
    S(
        CN,
        "aps_acc_bearer",
        'curl -s "https://developer.api.autodesk.com/construction/issues/v1/projects/{pid}/issues?limit=20"'
        ' -H "Authorization: Bearer {v}"',
        aps_jwt,
        pid=uuid,
    ),
    S(
        CN,
        "aps_dotnet_user_secrets",
        '$ dotnet user-secrets set "Aps:ClientSecret" "{v}" --project src/BidSync.Api\n'
        "Successfully saved Aps:ClientSecret = {v} to the secret store.",
        b62(16),
    ),
    # ---- secrets: ServiceTitan
    S(
        CN,
        "servicetitan_config_json",
        '{\n   "SERVICETITAN_CLIENT_ID": "{cid}",\n   "SERVICETITAN_CLIENT_SECRET": "{v}",\n'
        '   "SERVICETITAN_APP_ID": "{appid}",\n   "SERVICETITAN_TENANT_ID": "{tenant}",\n'
        '   "SERVICETITAN_TIMEZONE": "America/Denver"\n}',
        st_secret,
        cid=join("cid.", lower_alnum(25)),
        appid=lower_alnum(12),
        tenant=digits(10),
    ),
    S(
        CN,
        "servicetitan_app_key_header",
        'curl -s "https://api.servicetitan.io/jpm/v2/tenant/{tenant}/jobs?page=1&pageSize=50"'
        ' -H "ST-App-Key: {v}" -H "Authorization: Bearer $ST_ACCESS_TOKEN"',
        join("ak1.", lower_alnum(25)),
        tenant=digits(10),
    ),
    S(
        CN,
        "servicetitan_token_form",
        'resp = requests.post(\n    "https://auth-integration.servicetitan.io/connect/token",\n'
        '    data={"grant_type": "client_credentials", "client_id": "{cid}", "client_secret": "{v}"},\n'
        "    timeout=30,\n)",
        join("cs1.", lower_alnum(50)),
        cid=join("cid.", lower_alnum(25)),
    ),
    # ---- secrets: Housecall Pro
    S(
        CN,
        "housecall_token_header",
        "$ curl -s 'https://api.housecallpro.com/jobs?page=1&page_size=100&work_status[]=scheduled'"
        " -H 'Accept: application/json' -H 'Authorization: Token {v}' | jq '.jobs | length'\n37",
        hexl(32),
    ),
    S(
        CN,
        "housecall_docker_env",
        "$ docker run --rm -e HCP_API_KEY={v} -e HCP_BASE_URL=https://api.housecallpro.com"
        " -p 3000:3000 ghcr.io/ridgeline-hvac/hcp-dispatch-sync:1.4.2",
        hexl(32),
    ),
    # ---- secrets: Jobber
    S(
        CN,
        "jobber_doppler_set",
        '$ doppler secrets set JOBBER_CLIENT_ID="{cid}" JOBBER_CLIENT_SECRET="{v}" --project field-ops --config dev',
        hexl(64),
        cid=uuid,
    ),
    S(
        CN,
        "jobber_graphql_bearer",
        "curl -s -X POST https://api.getjobber.com/api/graphql \\\n  -H 'Content-Type: application/json' \\\n"
        "  -H 'X-JOBBER-GRAPHQL-VERSION: 2025-01-20' \\\n  -H 'Authorization: Bearer {v}' \\\n"
        '  -d \'{"query":"{ clients(first: 5) { nodes { id firstName } } }"}\'',
        hs256_jwt(jobber_claims),
    ),
    S(
        CN,
        "jobber_refresh_supabase",
        "$ supabase secrets set JOBBER_REFRESH_TOKEN={v} --project-ref {ref}\nFinished supabase secrets set.",
        hexl(32),
        ref=lower_alnum(20),
    ),
    # ---- secrets: Samsara
    S(
        CN,
        "samsara_python_client",
        'from samsara import Samsara\n\nclient = Samsara(\n    token="{v}",\n)\n'
        "for vehicle in client.vehicles.list():\n    print(vehicle.name, vehicle.id)",
        samsara_token,
    ),
    S(
        CN,
        "samsara_printenv",
        "$ printenv | grep -i samsara\nSAMSARA_BASE_URL=https://api.samsara.com\nSAMSARA_API_TOKEN={v}\n"
        "SAMSARA_TAG_ID={tag}",
        samsara_token,
        tag=digits(7),
    ),
    S(
        CN,
        "samsara_webhook_secret",
        '{\n  "data": {\n    "id": "{wid}",\n    "name": "jobsite-geofence-exit",\n'
        '    "secretKey": "{v}",\n    "url": "https://hooks.northfield-builders.com/samsara",\n'
        '    "version": "2024-02-27"\n  }\n}',
        b64_bytes(32),
        wid=digits(15),
    ),
    # ---- secrets: Fieldwire
    S(
        CN,
        "fieldwire_refresh_token_body",
        "curl --request POST --url https://client-api.super.fieldwire.com/api_keys/jwt \\\n"
        "     --header 'accept: application/json' --header 'content-type: application/json' \\\n"
        '     --data \'{"api_token": "{v}"}\'',
        b62(40),
    ),
    S(
        CN,
        "fieldwire_bearer_jwt",
        'self.headers = {\n    "Authorization": "Bearer {v}",\n    "Fieldwire-Version": "2024-11-01",\n'
        '    "Content-Type": "application/json",\n}',
        hs256_jwt(fieldwire_claims),
    ),
    # ---- secrets: Bluebeam Studio
    S(
        CN,
        "bluebeam_client_config",
        "const bb = await createBluebeamClient({\n  client_id: '{cid}',\n  client_secret: '{v}',\n"
        "  redirect_uri: 'https://localhost:5001/bluebeam/callback',\n  scope: 'full_user offline_access',\n});",
        b64url(40),
        cid=uuid,
    ),
    # ---- secrets: SafetyCulture
    S(
        CN,
        "safetyculture_curl",
        'curl "https://api.safetyculture.io/audits/search?field=audit_id&field=modified_at&modified_after=2024-05-01T00:00:00.000Z"'
        ' \\\n  -H "Authorization: Bearer {v}"',
        hexl(64),
    ),
    S(
        CN,
        "safetyculture_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: inspections-export\n  namespace: site-ops\n"
        'type: Opaque\nstringData:\n  SAFETYCULTURE_API_TOKEN: "{v}"\n  EXPORT_BUCKET: gs://northfield-inspections',
        hexl(64),
    ),
    # ---- secrets: CompanyCam
    S(
        CN,
        "companycam_python",
        '>>> import companycam\n>>> api = companycam.API(token="{v}")\n>>> api.projects.list()[:1]\n'
        "[Project(id='{pid}', name='Hillcrest Re-roof', ...)]",
        b64url(43),
        pid=digits(8),
    ),
    # ---- look-alikes: Procore public ids and references
    L(
        CN,
        "procore_company_id",
        'curl -H "Authorization: Bearer $PROCORE_TOKEN" -H "Procore-Company-Id: {v}" \\\n'
        '     -X GET "https://api.procore.com/rest/v1.0/projects?company_id={v}"',
        digits(7),
    ),
    L(
        CN,
        "procore_authorize_client_id",
        "Open this URL to connect Procore:\nhttps://login.procore.com/oauth/authorize?response_type=code"
        "&client_id={v}&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fcallback",
        procore_id,
    ),
    L(
        CN,
        "procore_env_fetch",
        '    client_secret: {v},\n    store: Procore::Auth::Stores::Redis.new(redis: Redis.new, key: "procore:{uid}")',
        const('ENV.fetch("PROCORE_CLIENT_SECRET")'),
        uid=digits(6),
    ),
    # ---- look-alikes: APS / ACC ids
    L(
        CN,
        "aps_hub_id",
        '$ aps hubs list --json | jq ".data[0]"\n{\n  "type": "hubs",\n  "id": "{v}",\n'
        '  "attributes": { "name": "Northfield Builders", "region": "US" }\n}',
        join("b.", uuid),
    ),
    L(
        CN,
        "aps_model_urn",
        "Autodesk.Viewing.Document.load('urn:{v}', onDocumentLoadSuccess, onDocumentLoadFailure);",
        aps_urn,
    ),
    L(
        CN,
        "aps_authorize_client_id",
        "https://developer.api.autodesk.com/authentication/v2/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fbids.northfield-builders.com%2Fauth%2Fcallback&scope=data%3Aread%20account%3Aread",
        b62(32),
    ),
    L(
        CN,
        "aps_secret_file_path",
        "      APS_CLIENT_ID_FILE: /run/secrets/aps_client_id\n      APS_CLIENT_SECRET_FILE: {v}",
        const("/run/secrets/aps_client_secret"),
    ),
    # ---- look-alikes: ServiceTitan
    L(
        CN,
        "servicetitan_tenant_id",
        "[sync] GET https://api.servicetitan.io/crm/v2/tenant/{v}/customers?modifiedOnOrAfter=2024-06-01 -> 200 (50 rows)",
        digits(10),
    ),
    L(
        CN,
        "servicetitan_client_id",
        "Integration environment credentials\n  Client ID:     {v}\n  Client Secret: (shown once, stored in 1Password)",
        join("cid.", lower_alnum(25)),
    ),
    L(
        CN,
        "servicetitan_masked_secret",
        "INFO  st-auth  using client_secret={v} for tenant {tenant} (integration)",
        masked_cs,
        tenant=digits(10),
    ),
    L(
        CN,
        "gha_secret_ref",
        "      - name: Nightly ServiceTitan export\n        env:\n          SERVICETITAN_CLIENT_SECRET: {v}\n"
        "          SERVICETITAN_APP_KEY: ${{ secrets.SERVICETITAN_APP_KEY }}",
        const("${{ secrets.SERVICETITAN_CLIENT_SECRET }}"),
    ),
    # ---- look-alikes: Housecall Pro
    L(
        CN,
        "housecall_placeholder",
        "# Every request needs the key from App Store > API Key Management\n"
        "curl https://api.housecallpro.com/customers -H 'Authorization: Token {v}'",
        const("<your-api-key>"),
    ),
    L(
        CN,
        "housecall_job_id",
        '  "id": "{v}",\n  "invoice_number": "{inv}",\n  "work_status": "scheduled",',
        join("job_", hexl(32)),
        inv=digits(4),
    ),
    # ---- look-alikes: Jobber
    L(
        CN,
        "jobber_encoded_gid",
        '{\n  "data": {\n    "clientCreate": {\n      "client": { "id": "{v}", "firstName": "Dana" },\n'
        '      "userErrors": []\n    }\n  }\n}',
        jobber_gid,
    ),
    L(
        CN,
        "jobber_webhook_hmac",
        "POST /webhooks/jobber 200 topic=JOB_COMPLETE x-jobber-hmac-sha256={v} (verified)",
        b64_bytes(32),
    ),
    # ---- look-alikes: Samsara
    L(
        CN,
        "samsara_placeholder",
        "# .env.example -- copy to .env and paste a token from Settings > API Tokens\nSAMSARA_API_TOKEN={v}",
        const("samsara_api_" + "X" * 30),
    ),
    L(
        CN,
        "samsara_vehicle_id",
        '    {\n      "id": "{v}",\n      "name": "Excavator 14 - CAT 320",\n'
        '      "location": { "latitude": 39.7392, "longitude": -104.9903 }\n    },',
        digits(15),
    ),
    L(
        CN,
        "samsara_signature",
        "X-Samsara-Event-Type: GeofenceExit\nX-Samsara-Timestamp: 17{ts}\nX-Samsara-Signature: {v}",
        join("v1=", hexl(64)),
        ts=digits(8),
    ),
    # ---- look-alikes: Fieldwire, Bluebeam, SafetyCulture
    L(
        CN,
        "fieldwire_project_id",
        "GET https://client-api.us.fieldwire.com/api/v3/projects/{v}/tasks?per_page=200 -> 200",
        uuid,
    ),
    L(
        CN,
        "bluebeam_session_id",
        'Created Studio Session {v} ("Tower B - 100% CD Review"); invited 6 attendees; status=Active',
        groups(digits(3), 3),
    ),
    L(
        CN,
        "bluebeam_secret_arn",
        '  bluebeam:\n    client_id_ssm: /prod/bluebeam/client_id\n    client_secret_arn: "{v}"',
        join("arn:aws:secretsmanager:us-east-1:", digits(12), ":secret:prod/bluebeam/client-secret-", b62(6)),
    ),
    L(
        CN,
        "safetyculture_audit_id",
        '{"audit_id": "{v}", "modified_at": "2024-06-03T14:21:09.000Z", "template_id": "template_{tpl}"}',
        join("audit_", hexl(32)),
        tpl=hexl(32),
    ),
    L(
        CN,
        "safetyculture_truncated",
        "Tokens  |  Name: inspections-export  |  Token: {v}  |  Last used: 2 days ago",
        join(hexl(8), "...", hexl(8)),
    ),
    # ---- look-alikes: hashes
    L(
        CN,
        "commit_sha",
        "$ git log -1 --format=%H -- integrations/procore/\n{v}",
        hexl(40),
    ),
    L(
        CN,
        "checksum",
        "$ sha256sum exports/TowerB_CD_Set_rev7.pdf\n{v}  exports/TowerB_CD_Set_rev7.pdf",
        hexl(64),
    ),
]
