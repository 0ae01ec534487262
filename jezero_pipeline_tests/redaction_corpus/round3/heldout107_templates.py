"""A hundred-and-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of data catalogs, lineage and feature stores: DataHub personal access
tokens (HS256 JWTs in `~/.datahubenv`, `datahub init --token`, the `createAccessToken` GraphQL answer,
with the `datahub-rest` sink's env reference, token ids and image digests beside them), OpenMetadata
bot JWTs (RS256, in the workflow `securityConfig.jwtToken`, the Airflow lineage backend's environment,
the Spark agent's `spark.openmetadata.transport.jwtToken`; the JWKS public modulus and
truncated doc placeholders beside them), Atlan API tokens (Keycloak JWTs in `ATLAN_API_KEY` and
`AtlanClient(api_key=…)`, with `apikey-<uuid>` client ids and asset GUIDs), Alation refresh and API
access tokens (the `TOKEN` header, the `createAPIAccessToken` body), OpenLineage/Marquez API keys
(`openlineage.yml` `auth.apiKey` as a UUID, `OPENLINEAGE_API_KEY`, `spark.openlineage.transport.auth.apiKey`,
`MarquezClient(api_key=…)`, with run ids beside them), a Feast `feature_store.yaml` Redis password,
Tecton API keys (32 hex, printed by `tecton api-key create`, the `Tecton-key` header, `TectonClient`;
the 32-hex service-account and key ids and the obscured key beside them), Hopsworks API keys (`prefix.secret`, `hopsworks.login`, the
`ApiKey` header), Select Star tokens (simplejwt under `Authorization: Token`), Monte Carlo
`mcd_id`/`mcd_token`, data.world `DW_AUTH_TOKEN` JWTs, Collibra basic auth and OAuth client secrets
(with the `urn:sys:env:…` client id), and Amundsen's Neo4j proxy password; in commands, config files,
code and tool output, with the public ids, hashes, references, masks and placeholders the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 100 to 104):
25 of 26 secrets caught, 2 of 24 look-alikes altered (missed: `hopsworks.login(api_key_value=…)`;
altered: a JWT's `jti` printed by `jq`, the docs' `jwtToken: 'eyJraWQiO...'`).
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

CAT = "catalog"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _iat(rng: random.Random) -> int:
    return 1_700_000_000 + rng.randrange(40_000_000)


def datahub_jwt(rng: random.Random) -> str:
    """A DataHub personal access token: HS256 JWT issued by the metadata service."""
    actor = rng.choice(("datahub", "svc_ingest", "jdoe", "airflow"))
    iat = _iat(rng)
    payload = {
        "actorType": "USER",
        "actorId": actor,
        "type": "PERSONAL",
        "version": "2",
        "jti": uuid(rng),
        "sub": actor,
        "exp": iat + 7_776_000,
        "iss": "datahub-metadata-service",
    }
    return ".".join((_b64url_json({"alg": "HS256"}), _b64url_json(payload), b64url(43)(rng)))


def openmetadata_jwt(rng: random.Random) -> str:
    """An OpenMetadata bot token: RS256 JWT with the bot claims."""
    bot = rng.choice(("ingestion-bot", "lineage-bot", "profiler-bot"))
    header = {"kid": uuid(rng), "typ": "JWT", "alg": "RS256"}
    payload = {
        "iss": "open-metadata.org",
        "sub": bot,
        "roles": ["IngestionBotRole"],
        "email": f"{bot}@open-metadata.org",
        "isBot": True,
        "tokenType": "BOT",
        "iat": _iat(rng),
        "exp": None,
    }
    return ".".join((_b64url_json(header), _b64url_json(payload), b64url(342)(rng)))


def atlan_jwt(rng: random.Random) -> str:
    """An Atlan API token: a Keycloak-issued RS256 JWT for an `apikey-<uuid>` client."""
    client = "apikey-" + uuid(rng)
    iat = _iat(rng)
    header = {"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)}
    payload = {
        "exp": iat + 31_536_000,
        "iat": iat,
        "jti": uuid(rng),
        "iss": "https://northwind.atlan.com/auth/realms/default",
        "sub": uuid(rng),
        "typ": "Bearer",
        "azp": client,
        "scope": "profile email",
        "clientId": client,
        "preferred_username": "service-account-" + client,
    }
    return ".".join((_b64url_json(header), _b64url_json(payload), b64url(342)(rng)))


def selectstar_jwt(rng: random.Random) -> str:
    """A Select Star API token: a simplejwt access token (HS256)."""
    iat = _iat(rng)
    payload = {
        "token_type": "access",
        "exp": iat + 3_153_600_000,
        "iat": iat,
        "jti": hexl(32)(rng),
        "user_id": uuid(rng),
    }
    return ".".join((_b64url_json({"typ": "JWT", "alg": "HS256"}), _b64url_json(payload), b64url(43)(rng)))


def dataworld_jwt(rng: random.Random) -> str:
    """A data.world API token: an HS512 JWT for the python client."""
    user = rng.choice(("mkowalski", "data-eng", "ops-bot"))
    payload = {
        "sub": f"python:{user}",
        "iss": f"client:python:agent:{user}::{uuid(rng)}",
        "iat": _iat(rng),
        "role": ["user_api_read", "user_api_write"],
        "general-purpose": True,
    }
    return ".".join((_b64url_json({"alg": "HS512"}), _b64url_json(payload), b64url(86)(rng)))


hopsworks_key = join(b62(16), ".", b62(64))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 24, "the rules for 100 to 104")

TEMPLATES: list = [
    # ---- secrets: DataHub personal access tokens
    S(
        CAT,
        "datahubenv_token",
        "$ cat ~/.datahubenv\ngms:\n  server: https://datahub.northwind.internal:8080\n  token: {v}\n",
        datahub_jwt,
    ),
    S(
        CAT,
        "datahub_init_token",
        "$ datahub init --host https://northwind.acryl.io/gms --token {v}\nWritten to /home/ci/.datahubenv",
        datahub_jwt,
    ),
    S(
        CAT,
        "datahub_graphql_answer",
        '{"data":{"createAccessToken":{"accessToken":"{v}","metadata":{"id":"{tid}","name":"airflow-ingest",'
        '"description":null}}},"extensions":{}}',
        datahub_jwt,
        tid=hexl(64),
    ),
    # ---- secrets: OpenMetadata bot JWTs
    S(
        CAT,
        "openmetadata_workflow_jwt",
        "workflowConfig:\n  openMetadataServerConfig:\n    hostPort: http://openmetadata:8585/api\n"
        "    authProvider: openmetadata\n    securityConfig:\n      jwtToken: {v}",
        openmetadata_jwt,
    ),
    S(
        CAT,
        "openmetadata_airflow_env",
        'AIRFLOW__LINEAGE__BACKEND="airflow_provider_openmetadata.lineage.backend.OpenMetadataLineageBackend"\n'
        'AIRFLOW__LINEAGE__OPENMETADATA_API_ENDPOINT="http://openmetadata:8585/api"\n'
        'AIRFLOW__LINEAGE__JWT_TOKEN="{v}"',
        openmetadata_jwt,
    ),
    S(
        CAT,
        "openmetadata_spark_agent",
        '    .config("spark.openmetadata.transport.hostPort", "http://openmetadata:8585")\n'
        '    .config("spark.openmetadata.transport.type", "openmetadata")\n'
        '    .config("spark.openmetadata.transport.jwtToken", "{v}")',
        openmetadata_jwt,
    ),
    # ---- secrets: Atlan API tokens
    S(
        CAT,
        "atlan_env_api_key",
        'export ATLAN_BASE_URL=https://northwind.atlan.com\nexport ATLAN_API_KEY="{v}"',
        atlan_jwt,
    ),
    S(
        CAT,
        "atlan_client_ctor",
        'client = AtlanClient(\n    base_url="https://northwind.atlan.com",\n    api_key="{v}",\n)',
        atlan_jwt,
    ),
    # ---- secrets: Alation refresh / API access tokens
    S(
        CAT,
        "alation_token_header",
        "$ curl -s -X GET 'https://northwind.alationcloud.com/integration/v2/table/?limit=10&schema_id=41' "
        "-H 'accept: application/json' -H 'TOKEN: {v}'",
        b64url(64),
    ),
    S(
        CAT,
        "alation_refresh_body",
        "$ curl -s -X POST https://northwind.alationcloud.com/integration/v1/createAPIAccessToken/ "
        '-H \'Content-Type: application/json\' -d \'{"refresh_token": "{v}", "user_id": {uid}}\'',
        b64url(86),
        uid=digits(3),
    ),
    # ---- secrets: OpenLineage / Marquez API keys
    S(
        CAT,
        "openlineage_yml_api_key",
        "$ cat openlineage.yml\ntransport:\n  type: http\n  url: https://marquez.northwind.internal:5000\n"
        "  endpoint: api/v1/lineage\n  auth:\n    type: api_key\n    apiKey: {v}",
        uuid,
    ),
    S(
        CAT,
        "openlineage_env_dbt_ol",
        "$ OPENLINEAGE_URL=https://lineage.northwind.internal OPENLINEAGE_API_KEY={v} OPENLINEAGE_NAMESPACE=dbt_prod "
        "dbt-ol run --select marts.finance",
        b62(40),
    ),
    S(
        CAT,
        "openlineage_spark_conf",
        "spark-submit --conf spark.extraListeners=io.openlineage.spark.agent.OpenLineageSparkListener \\\n"
        "  --conf spark.openlineage.transport.type=http \\\n"
        "  --conf spark.openlineage.transport.url=https://marquez.northwind.internal \\\n"
        "  --conf spark.openlineage.transport.auth.type=api_key \\\n"
        "  --conf spark.openlineage.transport.auth.apiKey={v} \\\n"
        "  jobs/orders_rollup.py",
        hexl(40),
    ),
    S(
        CAT,
        "marquez_client_key",
        'client = MarquezClient(url="https://marquez.northwind.internal", api_key="{v}")',
        b64url(48),
    ),
    # ---- secrets: Feast online store credentials
    S(
        CAT,
        "feast_redis_connection",
        "project: fraud_features\nregistry: s3://nw-feast/registry.pb\nprovider: aws\nonline_store:\n  type: redis\n"
        '  connection_string: "redis-19243.c12.us-east-1.ec2.cloud.redislabs.com:19243,password={v},ssl=true"',
        password(24),
    ),
    # ---- secrets: Tecton API keys
    S(
        CAT,
        "tecton_api_key_create",
        '$ tecton api-key create --description "fraud-scoring prod reader"\n'
        "Save this key - you will not be able to get it again.\n{v}",
        hexl(32),
    ),
    S(
        CAT,
        "tecton_key_header",
        "$ curl -X POST https://northwind.tecton.ai/api/v1/feature-service/get-features "
        '-H "Authorization: Tecton-key {v}" -d @request.json',
        hexl(32),
    ),
    S(
        CAT,
        "tecton_client_ctor",
        'client = TectonClient(url="https://northwind.tecton.ai/", default_workspace_name="prod", api_key="{v}")',
        hexl(32),
    ),
    # ---- secrets: Hopsworks API keys
    S(
        CAT,
        "hopsworks_login_key",
        'project = hopsworks.login(\n    host="hopsworks.northwind.internal",\n    port=443,\n'
        '    project="fraud_fs",\n    api_key_value="{v}",\n)',
        hopsworks_key,
    ),
    S(
        CAT,
        "hopsworks_apikey_header",
        "$ curl -s -H 'Authorization: ApiKey {v}' https://hopsworks.northwind.internal/hopsworks-api/api/project",
        hopsworks_key,
    ),
    # ---- secrets: Select Star, Monte Carlo, data.world
    S(
        CAT,
        "selectstar_token_header",
        'curl https://api.production.selectstar.com/v1/tables/?page_size=20 -H "Authorization: Token {v}"',
        selectstar_jwt,
    ),
    S(
        CAT,
        "montecarlo_profiles_ini",
        "$ cat ~/.mcd/profiles.ini\n[default]\nmcd_id = {mid}\nmcd_token = {v}",
        b62(56),
        mid=hexl(32),
    ),
    S(CAT, "dataworld_env_token", "export DW_AUTH_TOKEN={v}", dataworld_jwt),
    # ---- secrets: Collibra and Amundsen
    S(
        CAT,
        "collibra_basic_auth",
        "$ curl -s -u svc-catalog-sync:{v} 'https://northwind.collibra.com/rest/2.0/assets?limit=5&typePublicId=Table'",
        password(18),
    ),
    S(
        CAT,
        "collibra_client_secret",
        "curl -L -X POST 'https://northwind.collibra.com/rest/oauth/v2/token' \\\n"
        "-H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "-d 'client_id=urn:sys:env:{env}:i:{app}' \\\n-d 'client_secret={v}' \\\n-d 'grant_type=client_credentials'",
        b62(48),
        env=uuid,
        app=lower_alnum(7),
    ),
    S(
        CAT,
        "amundsen_neo4j_password",
        "  amundsenmetadata:\n    image: amundsendev/amundsen-metadata:3.11.0\n    environment:\n"
        "      - PROXY_HOST=bolt://neo4j_amundsen\n      - CREDENTIALS_PROXY_USER=neo4j\n"
        "      - CREDENTIALS_PROXY_PASSWORD={v}",
        password(16),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        CAT,
        "tecton_service_account_id",
        '$ tecton service-account create --name "fraud-scoring-prod"\nService Account ID: {v}\n'
        "Name: fraud-scoring-prod\nDescription: reads the fraud_detection feature service",
        hexl(32),
    ),
    L(
        CAT,
        "montecarlo_api_id",
        "      - name: Validate Monte Carlo connection\n        run: montecarlo validate\n        env:\n"
        "          MCD_DEFAULT_API_ID: {v}\n          MCD_DEFAULT_API_TOKEN: ${{ secrets.MCD_DEFAULT_API_TOKEN }}",
        hexl(32),
    ),
    L(
        CAT,
        "collibra_client_id",
        "Registration confirmation\n  Application name: catalog-sync\n  Client ID: {v}",
        join("urn:sys:env:", uuid, ":i:", lower_alnum(7)),
    ),
    L(
        CAT,
        "atlan_apikey_client_id",
        "ApiToken(guid='{g}', client_id='{v}', display_name='dbt-cloud-sync', attributes=ApiTokenAttributes(...))",
        join("apikey-", uuid),
        g=uuid,
    ),
    L(CAT, "atlan_asset_guid", 'table = client.asset.get_by_guid("{v}", asset_type=Table)', uuid),
    L(
        CAT,
        "datahub_token_id",
        'mutation {\n  revokeAccessToken(tokenId: "{v}")\n}',
        hexl(64),
    ),
    L(
        CAT,
        "datahub_jwt_jti",
        '$ echo "$DATAHUB_GMS_TOKEN" | cut -d. -f2 | base64 -d 2>/dev/null | jq .jti\n"{v}"',
        uuid,
    ),
    L(
        CAT,
        "openlineage_run_id",
        '  "eventType": "COMPLETE",\n  "eventTime": "2024-06-03T09:14:22.418Z",\n'
        '  "run": {\n    "runId": "{v}"\n  },\n  "job": {"namespace": "dbt_prod", "name": "marts.finance.orders"},',
        uuid,
    ),
    L(
        CAT,
        "openlineage_parent_run_id",
        "  --conf spark.openlineage.parentJobName=orders_dag.rollup \\\n  --conf spark.openlineage.parentRunId={v} \\",
        uuid,
    ),
    L(
        CAT,
        "openmetadata_jwks_modulus",
        '$ curl -s http://localhost:8585/api/v1/system/config/jwks\n{"keys":[{"kty":"RSA","kid":"{kid}",'
        '"alg":"RS256","use":"sig","e":"AQAB","n":"{v}"}]}',
        b64url(342),
        kid=uuid,
    ),
    # ---- look-alikes: hashes and digests
    L(
        CAT,
        "image_digest",
        "    image: acryldata/datahub-gms@sha256:{v}",
        hexl(64),
    ),
    L(
        CAT,
        "wheel_hash",
        "openmetadata-ingestion==1.3.4 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        CAT,
        "commit_sha",
        "pip install 'git+https://github.com/amundsen-io/amundsen.git@{v}#subdirectory=databuilder'",
        hexl(40),
    ),
    # ---- look-alikes: references, masks and placeholders
    L(
        CAT,
        "datahub_env_ref",
        'sink:\n  type: "datahub-rest"\n  config:\n    server: "https://northwind.acryl.io/gms"\n    token: {v}',
        const("${DATAHUB_GMS_TOKEN}"),
    ),
    L(
        CAT,
        "feast_env_ref",
        "online_store:\n  type: redis\n  redis_type: redis_cluster\n  connection_string: {v}",
        const('"${REDIS_CONNECTION_STRING}"'),
    ),
    L(
        CAT,
        "hopsworks_environ_ref",
        'project = hopsworks.login(project="fraud_fs", api_key_value={v})',
        const('os.environ["HOPSWORKS_API_KEY"]'),
    ),
    L(
        CAT,
        "atlan_gha_secret",
        "      - name: Sync glossary\n        env:\n          ATLAN_BASE_URL: https://northwind.atlan.com\n"
        "          ATLAN_API_KEY: {v}",
        const("${{ secrets.ATLAN_API_KEY }}"),
    ),
    L(
        CAT,
        "secret_manager_arn",
        '    "secretsManagerProvider": "aws",\n    "jwtTokenSecretArn": "{v}"',
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:prod/openmetadata/ingestion-bot-", b62(6)),
    ),
    L(
        CAT,
        "tecton_obscured_key",
        "$ tecton api-key list\nID                                Obscured Key   Description\n"
        "{kid}  {v}    fraud-scoring prod reader",
        join("****", hexl(4)),
        kid=hexl(32),
    ),
    L(
        CAT,
        "dataworld_masked_prompt",
        "$ dw configure\nAPI token (obtained at: https://data.world/settings/advanced) [{v}]: ",
        join("****", pick("abcdefghijklmnopqrstuvwxyz0123456789", 4)),
    ),
    L(
        CAT,
        "openmetadata_truncated_doc",
        "    securityConfig:\n      jwtToken: '{v}'   # paste the ingestion-bot token from Settings > Bots",
        const("eyJraWQiO..."),
    ),
    L(
        CAT,
        "selectstar_placeholder",
        'curl https://api.production.selectstar.com/v1/tables/ -H "Authorization: Token {v}"',
        const("<your_token>"),
    ),
    L(
        CAT,
        "env_example_placeholder",
        "# .env.example\nDW_AUTH_TOKEN={v}\nHOPSWORKS_API_KEY=\nTECTON_API_KEY=",
        const("YOUR_TOKEN_HERE"),
    ),
    L(
        CAT,
        "k8s_secret_key_name",
        "        - name: AIRFLOW__LINEAGE__JWT_TOKEN\n          valueFrom:\n            secretKeyRef:\n"
        "              name: openmetadata-secrets\n              key: {v}",
        const("openmetadata-jwt-token"),
    ),
]
