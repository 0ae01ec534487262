"""A sixty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of warehouse clients and BI tools: Looker (API3 client id and secret,
`looker.ini`, `LOOKERSDK_*` variables), Tableau (personal access token name and secret for tabcmd,
connected-app client id, secret id and secret value), Metabase (`mb_` API keys and their masked
form, `MB_ENCRYPTION_SECRET_KEY`, the static-embedding secret key, `X-Metabase-Session`), Apache
Superset (`SECRET_KEY`, the metadata database URI, guest tokens, the embedded dashboard id), Redash
(user and query API keys), Power BI (service principal secrets, GenerateToken embed tokens, tenant,
report and token ids), Mode and Sigma API credentials, Hex `hxtw_` workspace tokens, dbt Cloud
(`dbtc_` service tokens, `dbtu_` tokens in `dbt_cloud.yml`, `env_var` references), Fivetran (API key
vs secret and the Base64 Basic header), Airbyte (client id vs client secret, `abctl local
credentials`), Census sync-trigger URLs, Hightouch API keys, ClickHouse Cloud key ids and `4b1d` key
secrets, and MotherDuck tokens, in commands, config files and tool output, with the public ids,
placeholders, references and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 60 to 64):
25 of 26 secrets caught, 2 of 25 look-alikes altered (missed: a UUID session in an `X-Metabase-Session` header;
altered: an embed token's `tokenId=` read as the token said after `embed token`, Fivetran's key half under
`api_key`).
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
    interleaved,
    join,
    lower_alnum,
    pick,
    uuid,
)

BI = "bi"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def guest_token(rng: random.Random) -> str:
    """A Superset embedded guest token: an HS256 JWT naming a dashboard resource."""
    iat = 1718000000 + rng.randrange(10_000_000)
    claims = {
        "user": {"username": "embed-" + lower_alnum(6)(rng), "first_name": "Portal", "last_name": "Viewer"},
        "resources": [{"type": "dashboard", "id": uuid(rng)}],
        "rls_rules": [{"clause": f"tenant_id = {rng.randrange(100, 9999)}"}],
        "iat": iat,
        "exp": iat + 300,
        "aud": "superset",
        "type": "guest",
    }
    return f"{JWT_HS256_HEAD}.{_b64url_json(claims)}.{b64url(43)(rng)}"


def motherduck_token(rng: random.Random) -> str:
    """A MotherDuck access token: an HS256 JWT with the account's session and token type."""
    iat = 1718000000 + rng.randrange(10_000_000)
    claims = {
        "email": f"analytics-{lower_alnum(5)(rng)}@quillmark.io",
        "session": f"analytics-{lower_alnum(5)(rng)}.quillmark.io",
        "pat": b64url(43)(rng),
        "userId": uuid(rng),
        "iss": "md_pat",
        "readOnly": False,
        "tokenType": "read_write",
        "iat": iat,
    }
    return f"{JWT_HS256_HEAD}.{_b64url_json(claims)}.{b64url(43)(rng)}"


def powerbi_embed_token(rng: random.Random) -> str:
    """A Power BI embed token: a gzip-and-Base64 body, a dot, then a Base64 JSON trailer."""
    trailer = {
        "clusterUrl": "https://WABI-WEST-EUROPE-B-PRIMARY-redirect.analysis.windows.net",
        "exp": 1718000000 + rng.randrange(10_000_000),
        "allowAccessOverPublicInternet": True,
    }
    tail = base64.b64encode(json.dumps(trailer, separators=(",", ":")).encode()).decode()
    return "H4sIAAAAAAAEA" + b64(611)(rng) + "." + tail


def azure_client_secret(rng: random.Random) -> str:
    """An Entra ID application secret as `az ad sp create-for-rbac` prints it (`xxxNQ~…`, 40 characters)."""
    return (
        b62(3)(rng)
        + digits(1)(rng)
        + "Q~"
        + pick("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_~.-", 34)(rng)
    )


def basic_b64(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def fivetran_connector_id(rng: random.Random) -> str:
    """Fivetran connection ids are two lower-case words joined by an underscore."""
    first = ("decidedly", "mildly", "sunny", "brisk", "quietly", "woven", "amber", "lucid")
    second = ("cumbersome", "trellis", "harbor", "paprika", "lantern", "ostrich", "meadow", "quartz")
    return f"{rng.choice(first)}_{rng.choice(second)}"


tableau_pat = join(b64(22), "==:", b62(32))
metabase_key = join("mb_", b64(43), "=")
mb_secret_b64 = join(b64(43), "=")
dbt_service_token = join("dbtc_", b64url(51))
dbt_user_token = join("dbtu_", b64url(51))
fivetran_key = b62(16)
fivetran_secret = b62(32)
clickhouse_key_id = b62(20)
clickhouse_key_secret = join("4b1d", b62(38))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 25, "the rules for 60 to 64")

TEMPLATES = [
    # ---- secrets: Looker
    S(
        BI,
        "looker_ini_client_secret",
        "$ cat looker.ini\n[Looker]\nbase_url=https://quillmark.cloud.looker.com\nclient_id={cid}\n"
        "client_secret={v}\nverify_ssl=True\ntimeout=120",
        b62(24),
        cid=b62(20),
    ),
    # ---- secrets: Tableau
    S(
        BI,
        "tabcmd_token_value",
        "$ tabcmd login -s https://prod-useast-b.online.tableau.com -t quillmarkfinance"
        ' --token-name "ci-publisher" --token-value "{v}"',
        tableau_pat,
    ),
    S(
        BI,
        "connected_app_secret_value",
        "CONNECTED_APP_CLIENT_ID={cid}\nCONNECTED_APP_SECRET_ID={sid}\nCONNECTED_APP_SECRET_VALUE={v}\n"
        "JWT_SUB_CLAIM=svc-embed@quillmark.io",
        mb_secret_b64,
        cid=uuid,
        sid=uuid,
    ),
    # ---- secrets: Metabase
    S(
        BI,
        "metabase_api_key",
        "$ curl -s -H 'x-api-key: {v}' -X GET 'https://metabase.quillmark.io/api/permissions/group' | jq '.[].name'",
        metabase_key,
    ),
    S(
        BI,
        "mb_encryption_secret_key",
        '$ MB_ENCRYPTION_SECRET_KEY="{v}" java --add-opens java.base/java.nio=ALL-UNNAMED -jar metabase.jar',
        mb_secret_b64,
    ),
    S(
        BI,
        "metabase_embedding_secret",
        'METABASE_SITE_URL = "https://metabase.quillmark.io"\nMETABASE_SECRET_KEY = "{v}"\n\n'
        'payload = {"resource": {"dashboard": 14}, "params": {"tenant": 3}, "exp": round(time.time()) + 600}\n'
        'token = jwt.encode(payload, METABASE_SECRET_KEY, algorithm="HS256")',
        hexl(64),
    ),
    S(
        BI,
        "metabase_session",
        '$ curl -s -X GET -H "Content-Type: application/json" -H "X-Metabase-Session: {v}"'
        " http://localhost:3000/api/user/current",
        uuid,
    ),
    # ---- secrets: Superset
    S(
        BI,
        "superset_secret_key",
        "# superset_config.py\nROW_LIMIT = 5000\n# generated with: openssl rand -base64 42\nSECRET_KEY = '{v}'",
        b64(56),
    ),
    S(
        BI,
        "superset_metadata_uri",
        "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://superset:{v}@superset-db.internal:5432/superset'",
        b62(22),
    ),
    S(
        BI,
        "superset_guest_token",
        '$ curl -s -X POST https://superset.quillmark.io/api/v1/security/guest_token/ -H "Authorization: Bearer'
        ' $SUPERSET_ACCESS_TOKEN" -H "Content-Type: application/json" -d @guest.json\n{"token":"{v}"}',
        guest_token,
    ),
    # ---- secrets: Redash
    S(
        BI,
        "redash_user_api_key",
        "    s = requests.Session()\n    s.headers.update({'Authorization': 'Key {v}'})\n"
        "    response = s.post(f'{redash_url}/api/queries/{query_id}/results', json=body)",
        b62(40),
    ),
    S(
        BI,
        "redash_query_key_url",
        "Wired the sheet to https://redash.quillmark.io/api/queries/{qid}/results.csv?api_key={v} so it refreshes hourly.",
        b62(40),
        qid=digits(4),
    ),
    # ---- secrets: Power BI
    S(
        BI,
        "powerbi_sp_secret",
        '$ az ad sp create-for-rbac --name "pbi-embed-quillmark"\n{\n  "appId": "{app}",\n'
        '  "displayName": "pbi-embed-quillmark",\n  "password": "{v}",\n  "tenant": "{tenant}"\n}',
        azure_client_secret,
        app=uuid,
        tenant=uuid,
    ),
    S(
        BI,
        "powerbi_embed_token",
        '{\n  "token": "{v}",\n  "tokenId": "{tid}",\n  "expiration": "2024-11-04T09:12:40Z"\n}',
        powerbi_embed_token,
        tid=uuid,
    ),
    # ---- secrets: Mode, Sigma, Hex
    S(
        BI,
        "mode_token_password",
        "$ castor-extract-mode -H https://app.mode.com -w quillmark -t {tok} -s {v} -o /tmp/catalog",
        b62(40),
        tok=hexl(12),
    ),
    S(
        BI,
        "sigma_client_secret",
        "$ curl -s -X POST https://aws-api.sigmacomputing.com/v2/auth/token"
        ' -H "Content-Type: application/x-www-form-urlencoded"'
        ' -d "grant_type=client_credentials&client_id={cid}&client_secret={v}"',
        hexl(64),
        cid=hexl(32),
    ),
    S(
        BI,
        "hex_workspace_token",
        "$ curl -s -X POST https://app.hex.tech/api/v1/projects/{pid}/runs"
        ' -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d \'{"updatePublishedResults": true}\'',
        join("hxtw_", b62(48)),
        pid=uuid,
    ),
    # ---- secrets: dbt Cloud
    S(
        BI,
        "dbt_service_token",
        "$ curl -s -X POST https://cloud.getdbt.com/api/v2/accounts/{acct}/jobs/{job}/run/"
        ' -H "Authorization: Token {v}" -H "Content-Type: application/json" -d \'{"cause": "Triggered by CI"}\'',
        dbt_service_token,
        acct=digits(5),
        job=digits(6),
    ),
    S(
        BI,
        "dbt_cloud_yml_token",
        'version: "1"\ncontext:\n  active-host: "cloud.getdbt.com"\n  active-project: "{proj}"\nprojects:\n'
        '  - project-name: "analytics"\n    project-id: "{proj}"\n    account-name: "Quillmark"\n'
        '    account-id: "{acct}"\n    account-host: "cloud.getdbt.com"\n    token-name: "cloud-cli-{tn}"\n'
        '    token-value: "{v}"',
        dbt_user_token,
        proj=digits(6),
        acct=digits(5),
        tn=hexl(4),
    ),
    # ---- secrets: Fivetran, Airbyte, Census, Hightouch
    S(
        BI,
        "fivetran_api_secret",
        "$ echo -n '{key}:{v}' | openssl base64",
        fivetran_secret,
        key=fivetran_key,
    ),
    S(
        BI,
        "fivetran_basic_header",
        '$ curl -s https://api.fivetran.com/v1/groups -H "Accept: application/json" -H "Authorization: Basic {v}"',
        basic_b64(fivetran_key, fivetran_secret),
    ),
    S(
        BI,
        "abctl_client_secret",
        "$ abctl local credentials\n  INFO    Using Kubernetes provider:\n            Provider: kind\n"
        " SUCCESS  Retrieving your credentials from 'airbyte-auth-secrets'\n  INFO    Credentials:\n"
        "            Email: [not set]\n            Client-Id: {cid}\n            Client-Secret: {v}",
        b62(32),
        cid=uuid,
    ),
    S(
        BI,
        "census_trigger_url",
        "CENSUS_API_TRIGGER=https://app.getcensus.com/api/v1/syncs/{sid}/trigger?auth_token=secret-token:{v}",
        b62(32),
        sid=digits(5),
    ),
    S(
        BI,
        "hightouch_api_key",
        '$ curl -s -X POST https://api.hightouch.com/api/v1/syncs/{sid}/trigger -H "Authorization: Bearer {v}"'
        " -H 'Content-Type: application/json' -d '{\"fullResync\": false}'",
        uuid,
        sid=digits(7),
    ),
    # ---- secrets: ClickHouse Cloud, MotherDuck
    S(
        BI,
        "clickhouse_key_secret",
        "$ curl -s --user {kid}:{v} https://api.clickhouse.cloud/v1/organizations/{org}/services | jq '.result[].name'",
        clickhouse_key_secret,
        kid=clickhouse_key_id,
        org=uuid,
    ),
    S(
        BI,
        "motherduck_print_token",
        "D PRAGMA print_md_token;\n┌──────────────────┐\n│     md_token     │\n│     varchar      │\n"
        "├──────────────────┤\n│ {v} │\n└──────────────────┘",
        motherduck_token,
    ),
    # ---- look-alikes: public client ids, key ids and names beside the secrets
    L(
        BI,
        "looker_client_id",
        "[Looker]\nbase_url=https://quillmark.cloud.looker.com\nclient_id={v}\n"
        "# client_secret is read from LOOKERSDK_CLIENT_SECRET at runtime\nverify_ssl=True",
        b62(20),
    ),
    L(
        BI,
        "tableau_token_name",
        '$ tabcmd login -s https://prod-useast-b.online.tableau.com -t quillmarkfinance --token-name "{v}"'
        ' --token-value "$TABLEAU_PAT_SECRET"',
        join("ci-publisher-", digits(4)),
    ),
    L(
        BI,
        "connected_app_secret_id",
        'token = jwt.encode(claims, os.environ["CONNECTED_APP_SECRET_VALUE"], algorithm="HS256",\n'
        '                   headers={"kid": "{v}", "iss": "{iss}"})',
        uuid,
        iss=uuid,
    ),
    L(
        BI,
        "metabase_masked_key",
        '{"id": 7, "name": "dbt-exposures-sync", "masked_key": "{v}", "group": {"id": 4, "name": "Analysts"}}',
        join("mb_", b62(4), "****"),
    ),
    L(
        BI,
        "metabase_placeholder",
        "curl \\\n-H 'x-api-key: {v}' \\\n-X GET 'http://localhost:3000/api/permissions/group'",
        const("<your-metabase-api-key>"),
    ),
    L(
        BI,
        "compose_env_ref",
        "    environment:\n      MB_DB_TYPE: postgres\n      MB_ENCRYPTION_SECRET_KEY: {v}\n      MB_DB_PASS: ${MB_DB_PASS}",
        const("${MB_ENCRYPTION_SECRET_KEY}"),
    ),
    L(
        BI,
        "image_digest",
        "$ docker inspect --format '{{index .RepoDigests 0}}' metabase/metabase:v0.50.6\nmetabase/metabase@{v}",
        join("sha256:", hexl(64)),
    ),
    L(
        BI,
        "superset_embedded_id",
        'embedDashboard({\n  id: "{v}",\n  supersetDomain: "https://superset.quillmark.io",\n'
        '  mountPoint: document.getElementById("dashboard"),\n  fetchGuestToken: () => fetchGuestTokenFromBackend(),\n})',
        uuid,
    ),
    L(
        BI,
        "superset_secret_placeholder",
        "# superset_config.py (template, generate your own before deploying)\nSECRET_KEY = '{v}'",
        const("<output-of-openssl-rand-base64-42>"),
    ),
    L(
        BI,
        "secret_env_name",
        'GUEST_TOKEN_JWT_SECRET = os.environ["{v}"]\nGUEST_TOKEN_JWT_ALGO = "HS256"\nGUEST_ROLE_NAME = "EmbedViewer"',
        const("SUPERSET_GUEST_TOKEN_JWT_SECRET"),
    ),
    L(BI, "powerbi_tenant_id", "PBI_TENANT_ID={v}\nPBI_CLIENT_SECRET=${{ secrets.PBI_CLIENT_SECRET }}", uuid),
    L(
        BI,
        "powerbi_report_embed_url",
        "embedUrl: https://app.powerbi.com/reportEmbed?reportId={v}&groupId={gid}&w=2",
        uuid,
        gid=uuid,
    ),
    L(
        BI,
        "powerbi_token_id",
        "[embed] issued embed token tokenId={v} accessLevel=View expires=2024-11-04T09:12:40Z",
        uuid,
    ),
    L(
        BI,
        "fivetran_api_key",
        'provider "fivetran" {\n  api_key    = "{v}"\n  api_secret = var.fivetran_api_secret\n}',
        fivetran_key,
    ),
    L(
        BI,
        "fivetran_connector_id",
        '$ curl -s https://api.fivetran.com/v1/connectors/{v}/schemas -H "Authorization: Basic $FIVETRAN_B64"'
        " > schema-backup.json",
        fivetran_connector_id,
    ),
    L(
        BI,
        "dbt_env_var_ref",
        "      type: clickhouse\n      host: analytics.quillmark.io\n      user: dbt_runner\n      password: {v}",
        const("\"{{ env_var('DBT_ENV_SECRET_CLICKHOUSE_PASSWORD') }}\""),
    ),
    L(
        BI,
        "dbt_git_sha",
        '    "status_humanized": "Success",\n    "git_branch": "main",\n    "git_sha": "{v}",\n    "job_definition_id": 418302,',
        hexl(40),
    ),
    L(
        BI,
        "airbyte_client_id",
        'resource "airbyte_source_postgres" "orders" {\n  workspace_id = var.workspace_id\n}\n\n'
        'provider "airbyte" {\n  client_id     = "{v}"\n  client_secret = var.airbyte_client_secret\n}',
        uuid,
    ),
    L(
        BI,
        "airbyte_obfuscated",
        "$ airbyte-agent login show\nclient_id: {cid}\nclient_secret: {v}\norganization_id: {org}",
        const("****************"),
        cid=uuid,
        org=uuid,
    ),
    L(
        BI,
        "census_sync_id",
        "Triggered Census sync {v} via POST /api/v1/syncs/{v}/trigger (token read from CENSUS_API_KEY).",
        digits(6),
    ),
    L(
        BI,
        "secret_manager_ref",
        '  - id: sync\n    type: io.kestra.plugin.hightouch.Sync\n    token: "{v}"\n    syncId: {sid}',
        const("{{ secret('HT_WORKSPACE_API_KEY') }}"),
        sid=digits(7),
    ),
    L(
        BI,
        "clickhouse_key_id",
        "export CLICKHOUSE_KEY_ID={v}\nexport CLICKHOUSE_KEY_SECRET=$(op read op://infra/ch-cloud/secret)",
        clickhouse_key_id,
    ),
    L(
        BI,
        "hex_project_id",
        "Hex run queued: project {v}, run url https://app.hex.tech/quillmark/app/{v}/latest",
        uuid,
    ),
    L(
        BI,
        "placeholder",
        "# .env.example: copy to .env and fill in\nLOOKERSDK_BASE_URL=https://example.cloud.looker.com\nLOOKERSDK_CLIENT_SECRET={v}",
        interleaved(24),
    ),
    L(
        BI,
        "motherduck_env_ref",
        'con = duckdb.connect("md:analytics", config={"motherduck_token": os.environ["{v}"]})',
        const("MOTHERDUCK_TOKEN"),
    ),
]
