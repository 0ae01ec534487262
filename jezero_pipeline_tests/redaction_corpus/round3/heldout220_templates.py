"""A two-hundred-and-twentieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of data catalogs and data governance tools: DataHub (personal access
tokens as HS256 JWTs, `datahub init`, `datahub-rest` sink recipes, the system client secret of
the quickstart compose files, `urn:li:dataHubAccessToken:` ids), OpenMetadata (ingestion-bot JWTs under
`securityConfig.jwtToken`, `OpenMetadataJWTClientConfig`, the bot token API and the JWKS endpoint,
`secret:/…` references), Atlan (`ATLAN_API_KEY` tokens, `AtlanClient(...)`, OAuth client
credentials, `apikey-<uuid>` client ids), Collibra (basic auth and OAuth client credentials
against `/rest/2.0`), Alation (refresh tokens, `createAPIAccessToken`, the `TOKEN` header),
Amundsen (databuilder Neo4j publisher config, pinned commits), Select Star
(`Authorization: Token …`, `ds_…` data source GUIDs), Secoda (UUID API keys as bearer tokens),
Monte Carlo (`montecarlo configure --mcd-id/--mcd-token`, `~/.mcd/profiles.ini`, `x-mcd-token`),
Soda Cloud (`api_key_id`/`api_key_secret`, `X-API-KEY-SECRET`, basic auth of id and secret),
Great Expectations Cloud (`GX_CLOUD_ACCESS_TOKEN`, `get_context(mode="cloud")`), and Unity
Catalog (Databricks `dapi` tokens on `/api/2.1/unity-catalog`, Delta Sharing `config.share`
profiles, the OSS `bin/uc --auth_token`), in commands, config files, code and tool output, with
the public ids, references, placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
26 of 26 secrets caught, 5 of 24 look-alikes altered (altered: a DataHub token's URN
`urn:li:dataHubAccessToken:<hex>` after `--urn`, OpenMetadata's `secret:/…` reference under
`jwtToken`, Atlan's `service-account-apikey-<uuid>` client name, a vault lookup's
`secret=kv/data/…:field` inside a Jinja template, a Secoda integration's UUID after
`/integrations/`).
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
    uuid,
)

CAT = "catalogs"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def datahub_pat(rng: random.Random) -> str:
    """A DataHub personal access token: an HS256 JWT issued by the metadata service."""
    actor = rng.choice(("datahub", "svc-ingest", "jmoreau", "airflow-bot"))
    payload = {
        "actorType": "USER",
        "actorId": actor,
        "type": "PERSONAL",
        "version": "2",
        "jti": uuid(rng),
        "sub": actor,
        "exp": 1760000000 + rng.randrange(40_000_000),
        "iss": "datahub-metadata-service",
    }
    return _b64url_json({"alg": "HS256"}) + "." + _b64url_json(payload) + "." + b64url(43)(rng)


def openmetadata_bot_jwt(rng: random.Random) -> str:
    """An OpenMetadata bot token: an RS256 JWT signed by the server's own key."""
    bot = rng.choice(("ingestion-bot", "profiler-bot", "lineage-bot"))
    header = {"kid": uuid(rng), "typ": "JWT", "alg": "RS256"}
    payload = {
        "iss": "open-metadata.org",
        "sub": bot,
        "roles": ["IngestionBotRole"],
        "email": f"{bot}@open-metadata.org",
        "isBot": True,
        "tokenType": "BOT",
        "iat": 1700000000 + rng.randrange(60_000_000),
        "exp": None,
    }
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


def atlan_api_token(rng: random.Random) -> str:
    """An Atlan API token: a long-lived RS256 JWT for an `apikey-<uuid>` service principal."""
    client = "apikey-" + uuid(rng)
    iat = 1700000000 + rng.randrange(60_000_000)
    payload = {
        "exp": iat + 157_680_000,
        "iat": iat,
        "jti": uuid(rng),
        "iss": "https://northwind.atlan.com/auth/realms/default",
        "aud": "account",
        "sub": uuid(rng),
        "typ": "Bearer",
        "azp": client,
        "scope": "profile email",
        "clientId": client,
        "username": "service-account-" + client,
    }
    header = {"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)}
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


def uc_oss_token(rng: random.Random) -> str:
    """A Unity Catalog OSS server token (RS512 JWT from the server's token endpoint)."""
    payload = {
        "iss": "internal",
        "sub": rng.choice(("admin", "etl@northwind.io")),
        "jti": uuid(rng),
        "type": "SERVICE",
        "iat": 1720000000 + rng.randrange(30_000_000),
    }
    header = {"kid": hexl(64)(rng), "alg": "RS512", "typ": "JWT"}
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


def soda_basic(rng: random.Random) -> str:
    """HTTP Basic credentials of a Soda Cloud API key: base64 of `<key id>:<key secret>`."""
    return base64.b64encode(f"{uuid(rng)}:{b64url(55)(rng)}".encode()).decode()


mc_token = b62(56)
alation_token = b64url(86)
gx_token = join(hexl(32), ".V1.", b62(34))
dapi = join("dapi", hexl(32))

# Soda's docs fill their example secrets with a run of C, c and 3 (and - and _).
soda_doc_filler = pick("Cc3_-", 55)
soda_doc_filler_id = join(
    pick("3c", 8), "-", pick("3c", 4), "-", pick("3c", 4), "-", pick("3c", 4), "-", pick("3c", 12)
)


def select_star_guid(prefix: str):
    return join(prefix, pick("23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 22))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 5, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- DataHub
    S(
        CAT,
        "datahub_init_token",
        "$ datahub init --host https://datahub.northwind.io/api/gms --token {v}\n"
        "Configure which datahub instance to connect to\nWritten to /home/ci/.datahubenv",
        datahub_pat,
    ),
    S(
        CAT,
        "datahub_recipe_sink",
        "$ cat recipes/snowflake_prod.dhub.yaml\nsource:\n  type: snowflake\n  config:\n"
        "    account_id: nw-{acct}\n    warehouse: CATALOG_WH\n    role: DATAHUB_READER\n"
        '    password: "${SNOWFLAKE_PASSWORD}"\nsink:\n  type: datahub-rest\n  config:\n'
        '    server: "https://datahub.northwind.io/api/gms"\n    token: {v}',
        datahub_pat,
        acct=lower_alnum(7),
    ),
    S(
        CAT,
        "datahub_system_client_secret",
        "  datahub-gms:\n    environment:\n      - DATAHUB_SYSTEM_CLIENT_ID=__datahub_system\n"
        "      - DATAHUB_SYSTEM_CLIENT_SECRET={v}\n      - METADATA_SERVICE_AUTH_ENABLED=true",
        b62(32),
    ),
    # ---- OpenMetadata
    S(
        CAT,
        "openmetadata_workflow_jwt",
        "workflowConfig:\n  loggerLevel: INFO\n  openMetadataServerConfig:\n"
        "    hostPort: https://openmetadata.northwind.io/api\n    authProvider: openmetadata\n"
        "    securityConfig:\n      jwtToken: '{v}'",
        openmetadata_bot_jwt,
    ),
    S(
        CAT,
        "openmetadata_python_client",
        "server_config = OpenMetadataConnection(\n"
        '    hostPort="http://localhost:8585/api",\n    authProvider="openmetadata",\n'
        '    securityConfig=OpenMetadataJWTClientConfig(jwtToken="{v}"),\n)\nmetadata = OpenMetadata(server_config)',
        openmetadata_bot_jwt,
    ),
    S(
        CAT,
        "openmetadata_bot_token_output",
        '$ curl -s http://localhost:8585/api/v1/users/auth-mechanism/{uid} -H "Authorization: Bearer $OM_ADMIN_TOKEN" | jq .\n'
        '{\n  "JWTToken": "{v}",\n  "JWTTokenExpiry": "Unlimited"\n}',
        openmetadata_bot_jwt,
        uid=uuid,
    ),
    # ---- Atlan
    S(
        CAT,
        "atlan_client_api_key",
        "from pyatlan.client.atlan import AtlanClient\n\nclient = AtlanClient(\n"
        '    base_url="https://northwind.atlan.com",\n    api_key="{v}",\n)',
        atlan_api_token,
    ),
    S(
        CAT,
        "atlan_oauth_client_secret",
        "# .env\nATLAN_BASE_URL=https://northwind.atlan.com\nATLAN_OAUTH_CLIENT_ID=oauth-client-{cid}\n"
        "ATLAN_OAUTH_CLIENT_SECRET={v}",
        b64url(32),
        cid=uuid,
    ),
    # ---- Collibra
    S(
        CAT,
        "collibra_basic_password",
        "$ curl -s -u 'svc-catalog-sync:{v}' https://northwind.collibra.com/rest/2.0/application/info | jq .version",
        password(16),
    ),
    S(
        CAT,
        "collibra_oauth_client_secret",
        '    "collibra": {\n      "base_url": "https://northwind.collibra.com",\n'
        '      "client_id": "{cid}",\n      "client_secret": "{v}",\n      "community": "Finance"\n    },',
        b62(40),
        cid=uuid,
    ),
    # ---- Alation
    S(
        CAT,
        "alation_refresh_token_body",
        "$ curl -s -X POST https://alation.northwind.io/integration/v1/createAPIAccessToken/ "
        '-H \'Content-Type: application/json\' --data \'{"refresh_token": "{v}", "user_id": {uid}}\'',
        alation_token,
        uid=digits(3),
    ),
    S(
        CAT,
        "alation_token_header",
        "$ curl -s 'https://alation.northwind.io/integration/v2/table/?limit=5&schema_id=41' -H 'TOKEN: {v}'",
        alation_token,
    ),
    # ---- Amundsen
    S(
        CAT,
        "amundsen_databuilder_neo4j",
        "job_config = ConfigFactory.from_dict({\n"
        "    'publisher.neo4j.neo4j_endpoint': 'bolt://neo4j-amundsen.data.svc:7687',\n"
        "    'publisher.neo4j.neo4j_user': 'neo4j',\n    'publisher.neo4j.neo4j_password': '{v}',\n"
        "    'publisher.neo4j.job_publish_tag': 'nightly',\n})",
        password(20),
    ),
    # ---- Select Star and Secoda
    S(
        CAT,
        "selectstar_token_header",
        '$ curl -s https://api.production.selectstar.com/v1/tables/?page_size=20 -H "Authorization: Token {v}"',
        b62(48),
    ),
    S(
        CAT,
        "secoda_uuid_bearer",
        "resp = requests.get(\n"
        '    "https://api.secoda.co/api/v1/resource/catalog",\n'
        '    headers={"Authorization": "Bearer {v}"},\n    params={"page": 1},\n)',
        uuid,
    ),
    # ---- Monte Carlo
    S(
        CAT,
        "montecarlo_configure_flags",
        "$ montecarlo configure --api-key --mcd-id {kid} --mcd-token {v}\nProfile 'default' written to ~/.mcd/profiles.ini",
        mc_token,
        kid=hexl(32),
    ),
    S(
        CAT,
        "montecarlo_profiles_ini",
        "$ cat ~/.mcd/profiles.ini\n[default]\nmcd_id = {kid}\nmcd_token = {v}\n\n[staging]\nmcd_id = {kid2}",
        mc_token,
        kid=hexl(32),
        kid2=hexl(32),
    ),
    S(
        CAT,
        "montecarlo_header",
        "$ curl -s https://api.getmontecarlo.com/graphql -H 'x-mcd-id: {kid}' -H 'x-mcd-token: {v}' "
        "-H 'Content-Type: application/json' -d '{\"query\": \"query {getUser {email}}\"}'",
        mc_token,
        kid=hexl(32),
    ),
    # ---- Soda Cloud
    S(
        CAT,
        "soda_configuration_yml",
        "$ cat configuration.yml\ndata_source warehouse:\n  type: postgres\n  host: db.internal\n"
        "  username: soda\n  password: ${POSTGRES_PASSWORD}\nsoda_cloud:\n  host: cloud.us.soda.io\n"
        "  api_key_id: {kid}\n  api_key_secret: {v}",
        b64url(55),
        kid=uuid,
    ),
    S(
        CAT,
        "soda_api_key_headers",
        "$ curl -s https://cloud.soda.io/api/v1/datasets -H 'X-API-KEY-ID: {kid}' -H 'X-API-KEY-SECRET: {v}'",
        b64url(55),
        kid=uuid,
    ),
    S(
        CAT,
        "soda_basic_auth",
        "GET /api/v1/checks?size=50 HTTP/1.1\nHost: cloud.us.soda.io\nAuthorization: Basic {v}\nAccept: application/json",
        soda_basic,
    ),
    # ---- Great Expectations Cloud
    S(
        CAT,
        "gx_agent_docker",
        "$ docker run -d --name gx-agent -e GX_CLOUD_ACCESS_TOKEN={v} -e GX_CLOUD_ORGANIZATION_ID={org}"
        " greatexpectations/agent:stable",
        gx_token,
        org=uuid,
    ),
    S(
        CAT,
        "gx_get_context",
        "context = gx.get_context(\n"
        '    mode="cloud",\n    cloud_organization_id="{org}",\n    cloud_access_token="{v}",\n)',
        gx_token,
        org=uuid,
    ),
    # ---- Unity Catalog
    S(
        CAT,
        "databricks_uc_bearer",
        "$ curl -s -H \"Authorization: Bearer {v}\" https://adb-{ws}.12.azuredatabricks.net/api/2.1/unity-catalog/catalogs | jq '.catalogs[].name'",
        join(dapi, "-2"),
        ws=digits(16),
    ),
    S(
        CAT,
        "delta_sharing_profile",
        '$ cat ~/Downloads/config.share\n{\n  "shareCredentialsVersion": 1,\n  "bearerToken": "{v}",\n'
        '  "endpoint": "https://westeurope.azuredatabricks.net/api/2.0/delta-sharing/metastores/{ms}",\n'
        '  "expirationTime": "2026-03-01T00:00:00.000Z"\n}',
        lower_alnum(36),
        ms=uuid,
    ),
    S(CAT, "uc_oss_auth_token", "$ bin/uc --auth_token {v} catalog list --output jsonPretty", uc_oss_token),
    # ---- look-alikes: references and placeholders
    L(
        CAT,
        "datahub_env_ref",
        "sink:\n  type: datahub-rest\n  config:\n    server: ${DATAHUB_GMS_URL}\n    token: {v}",
        const("${DATAHUB_GMS_TOKEN}"),
    ),
    L(
        CAT,
        "datahub_token_urn",
        "$ datahub get --urn 'urn:li:dataHubAccessToken:{v}' --aspect dataHubAccessTokenInfo\n"
        '{\n  "dataHubAccessTokenInfo": {\n    "name": "airflow ingestion",\n    "actorUrn": "urn:li:corpuser:svc-ingest",',
        hexl(64),
    ),
    L(
        CAT,
        "datahub_system_client_id",
        "      - DATAHUB_SYSTEM_CLIENT_ID={v}\n      - DATAHUB_SYSTEM_CLIENT_SECRET=${DATAHUB_SYSTEM_CLIENT_SECRET}",
        const("__datahub_system"),
    ),
    L(
        CAT,
        "openmetadata_secret_ref",
        "    securityConfig:\n      jwtToken: {v}\n    secretsManagerProvider: aws",
        const("secret:/openmetadata/bots/ingestion-bot/jwt"),
    ),
    L(
        CAT,
        "openmetadata_jwks_modulus",
        "$ curl -s http://localhost:8585/api/v1/system/config/jwks\n"
        '{"keys":[{"kty":"RSA","kid":"{kid}","alg":"RS256","use":"sig","e":"AQAB","n":"{v}"}]}',
        b64url(342),
        kid=uuid,
    ),
    L(
        CAT,
        "openmetadata_bot_id",
        '  "name": "ingestion-bot",\n  "id": "{v}",\n  "botUser": {\n    "type": "user",\n    "name": "ingestion-bot"',
        uuid,
    ),
    L(
        CAT,
        "atlan_apikey_client_id",
        "[2024-09-14 10:21:07] INFO pyatlan: authenticated as service-account-{v} (persona: Finance Stewards)",
        join("apikey-", uuid),
    ),
    L(CAT, "atlan_placeholder", 'export ATLAN_API_KEY="{v}"', const("<your-api-token>")),
    L(
        CAT,
        "pip_hash",
        "pyatlan==2.5.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        CAT,
        "collibra_client_id",
        "COLLIBRA_URL=https://northwind.collibra.com\nCOLLIBRA_CLIENT_ID={v}\nCOLLIBRA_CLIENT_SECRET=",
        uuid,
    ),
    L(
        CAT,
        "alation_vault_lookup",
        "alation_refresh_token: {v}\nalation_user_id: 117",
        const("\"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/alation:refresh_token') }}\""),
    ),
    L(
        CAT,
        "amundsen_commit_pin",
        "$ pip install 'git+https://github.com/amundsen-io/amundsen.git@{v}#subdirectory=databuilder'",
        hexl(40),
    ),
    L(
        CAT,
        "selectstar_datasource_guid",
        "              with:\n                SELECTSTAR_API_TOKEN: ${{ secrets.SELECTSTAR_API_TOKEN }}\n"
        "                SELECTSTAR_API_URL: https://api.production.selectstar.com/\n"
        "                SELECTSTAR_DATASOURCE_GUID: {v}",
        select_star_guid("ds_"),
    ),
    L(
        CAT,
        "selectstar_table_guid",
        '$ curl -s https://api.production.selectstar.com/v1/tables/{v}/ -H "Authorization: Token $SELECTSTAR_TOKEN" | jq .name',
        select_star_guid("ta_"),
    ),
    L(
        CAT,
        "secoda_integration_id",
        '$ curl -s https://api.secoda.co/api/v1/integration/integrations/{v} -H "Authorization: Bearer $SECODA_API_KEY"',
        uuid,
    ),
    L(
        CAT,
        "montecarlo_api_id",
        'export MCD_DEFAULT_API_ID={v}\nexport MCD_DEFAULT_API_TOKEN="$(aws secretsmanager get-secret-value '
        '--secret-id montecarlo/ci --query SecretString --output text)"',
        hexl(32),
    ),
    L(
        CAT,
        "montecarlo_masked",
        "Validating Monte Carlo credentials for profile 'default'...\n  mcd_id:    {kid}\n  mcd_token: {v}\nAll validations passed!",
        join("*" * 24, b62(4)),
        kid=hexl(32),
    ),
    L(
        CAT,
        "soda_key_id",
        "soda_cloud:\n  host: cloud.soda.io\n  api_key_id: {v}\n  api_key_secret: ${SODA_CLOUD_API_KEY_SECRET}",
        uuid,
    ),
    L(
        CAT,
        "soda_doc_filler",
        "## Replace the following with your credentials\nAPI_KEY_ID={kid}\nAPI_KEY_SECRET={v}",
        soda_doc_filler,
        kid=soda_doc_filler_id,
    ),
    L(CAT, "gx_org_id", 'export GX_CLOUD_ORGANIZATION_ID={v}\nexport GX_CLOUD_ACCESS_TOKEN="$GX_TOKEN"', uuid),
    L(
        CAT,
        "gx_placeholder",
        'docker run -it -e GX_CLOUD_ACCESS_TOKEN="{v}" -e GX_CLOUD_ORGANIZATION_ID="<YOUR_ORGANIZATION_ID>" greatexpectations/agent:stable',
        const("<YOUR_ACCESS_TOKEN>"),
    ),
    L(
        CAT,
        "databricks_secret_ref",
        'spark.conf.set("spark.sql.catalog.unity.token", {v})',
        const('dbutils.secrets.get(scope="unity-catalog", key="sp-token")'),
    ),
    L(
        CAT,
        "uc_metastore_id",
        '$ databricks metastores current\n{\n  "default_catalog_name": "main",\n  "metastore_id": "{v}",\n'
        '  "workspace_id": {ws}\n}',
        uuid,
        ws=digits(16),
    ),
    L(
        CAT,
        "delta_sharing_masked",
        '{\n  "shareCredentialsVersion": 1,\n  "endpoint": "https://sharing.northwind.io/delta-sharing/",\n'
        '  "bearerToken": "{v}"\n}',
        join(lower_alnum(5), "XXXXXXX…XXXXXXXX", digits(3)),
    ),
]
