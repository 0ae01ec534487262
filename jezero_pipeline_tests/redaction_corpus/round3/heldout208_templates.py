"""A two-hundred-and-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of ELT and reverse-ETL services: the Fivetran REST API
(a key and secret sent as `Basic base64(key:secret)`, `curl -u`, the Connector SDK's
`fivetran deploy --api-key <base64>`, the Terraform provider, two-word connection and group ids),
Airbyte Cloud and self-managed (application `client_id`/`client_secret` exchanged at
`/v1/applications/token` for a short-lived bearer JWT, `abctl local credentials --password`, the
`airbyte-auth-secrets` Kubernetes secret, Airflow's Airbyte operator), the Stitch Import API and
`target-stitch` (`STITCH_TOKEN`, numeric `client_id`, `[ACCESS_TOKEN]` placeholders), Hightouch
(workspace API key as bearer, Dagster resource, numeric sync ids, the public Events `writeKey`),
Census (`https://bearer:secret-token:…@app.getcensus.com`, bearer workspace keys, `X-Signature`
webhook HMACs, `dg.EnvVar`), Meltano and Singer taps (`meltano config set`, `.env`, `(redacted)`
listings, `meltano.yml` env references and `project_id`, `config.json` of tap-salesforce,
tap-stripe and target-stitch), dlt (`.dlt/secrets.toml`, `SOURCES__…` env vars, native connection
strings, "please set me up!" placeholders, schema `version_hash`), Estuary Flow (`flowctl auth
token --token` with a base64 refresh token, `flow_sa_` service-account keys in `FLOW_AUTH_TOKEN`),
Hevo (API key and secret as basic auth, the downloaded key file), Rivery (`~/.rivery/auth` YAML
with a JWT token, the `rivery configure` prompt that shows the token after its first six
characters, account and river ObjectIds) and Matillion (Data Productivity Cloud client
credentials at `id.core.matillion.com`, Matillion ETL basic auth, pipeline execution ids), in
commands, config files, code and tool output, with the public ids the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
25 of 26 secrets caught, 0 of 25 look-alikes altered (missed: a Rivery token whose first six
characters a prompt masked with `*`, the rest shown).
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
    join,
    password,
    uuid,
)

ELT = "elt"

_ADJ = (
    "decent",
    "projected",
    "absurd",
    "shorthand",
    "unsteady",
    "welcome",
    "nondescript",
    "regular",
    "equipped",
    "solemn",
    "lavish",
    "brittle",
)
_NOUN = (
    "dropsy",
    "sickle",
    "wisdom",
    "valve",
    "lanyard",
    "hermit",
    "gravel",
    "wreath",
    "cobbler",
    "ladle",
    "easel",
    "bonfire",
)


def fivetran_id(rng: random.Random) -> str:
    """Fivetran's connection and group ids: two lower-case words joined by an underscore."""
    return f"{rng.choice(_ADJ)}_{rng.choice(_NOUN)}"


def basic_of(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def airbyte_jwt(rng: random.Random) -> str:
    """A short-lived (15 minute) RS256 application access token as Airbyte Cloud returns it."""
    now = 1_716_000_000 + rng.randrange(30_000_000)
    head = {"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)}
    body = {
        "exp": now + 900,
        "iat": now,
        "jti": uuid(rng),
        "iss": "https://cloud.airbyte.com/auth/realms/_airbyte-application-clients",
        "sub": uuid(rng),
        "typ": "Bearer",
        "azp": uuid(rng),
    }
    return f"{_b64url_json(head)}.{_b64url_json(body)}.{b64url(342)(rng)}"


def rivery_jwt(rng: random.Random) -> str:
    """An HS256 token whose header carries `exp`, as the Rivery CLI docs show it (`eyJhbGciOiJIUzI1NiIsImV4cCI6…`)."""
    now = 1_700_000_000 + rng.randrange(40_000_000)
    head = {"alg": "HS256", "exp": now + 315_360_000, "iat": now}
    body = {
        "acc": hexl(24)(rng),
        "env": hexl(24)(rng),
        "scopes": ["me:list", "river:execute", "river:list", "connection:list"],
        "token_id": hexl(24)(rng),
    }
    return f"{_b64url_json(head)}.{_b64url_json(body)}.{b64url(43)(rng)}"


def rivery_tail(rng: random.Random) -> str:
    """What `rivery configure` echoes back of a stored token: everything after its first six characters."""
    return rivery_jwt(rng)[6:]


def estuary_refresh(rng: random.Random) -> str:
    """An Estuary refresh token: base64 of the `{"id": …, "secret": …}` JSON the dashboard generates."""
    raw = json.dumps({"id": hexl(16)(rng), "secret": uuid(rng)}, separators=(",", ":"))
    return base64.b64encode(raw.encode()).decode()


def masked(n_stars: int, tail):
    return lambda rng: "*" * n_stars + tail(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 0, 25, "the rules for 200 to 204")

TEMPLATES: list = [
    # ---- secrets: Fivetran
    S(
        ELT,
        "fivetran_curl_user",
        "$ curl -s -u {key}:{v} https://api.fivetran.com/v1/groups | jq -r '.data.items[].id'",
        b62(32),
        key=b62(16),
    ),
    S(
        ELT,
        "fivetran_basic_header",
        "$ curl -s -X POST https://api.fivetran.com/v1/connections/{cid}/sync \\\n"
        '    -H "Authorization: Basic {v}" \\\n'
        '    -H "Accept: application/json;version=2" -d \'{"force": true}\'',
        basic_of(b62(16), b62(32)),
        cid=fivetran_id,
    ),
    S(
        ELT,
        "fivetran_deploy_api_key",
        "$ fivetran deploy --api-key {v} --destination Snowflake_Prod --connection zendesk_custom_v2",
        basic_of(b62(16), b62(32)),
    ),
    # ---- secrets: Airbyte Cloud and self-managed
    S(
        ELT,
        "airbyte_token_request",
        "$ curl -s -X POST https://api.airbyte.com/v1/applications/token \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"client_id": "{cid}", "client_secret": "{v}", "grant-type": "client_credentials"}\'',
        b62(32),
        cid=uuid,
    ),
    S(
        ELT,
        "airbyte_access_token",
        "$ curl -s https://api.airbyte.com/v1/workspaces -H \"Authorization: Bearer {v}\" | jq '.data[].name'",
        airbyte_jwt,
    ),
    S(
        ELT,
        "abctl_password_flag",
        "$ abctl local credentials --email data-platform@lumenhaus.io --password {v}\n"
        "  SUCCESS  Email updated\n  SUCCESS  Password updated",
        password(20),
    ),
    S(
        ELT,
        "airbyte_k8s_secret",
        "$ kubectl get secret airbyte-auth-secrets -n airbyte-abctl -o yaml\napiVersion: v1\ndata:\n"
        "  instance-admin-client-id: {cid}\n  instance-admin-client-secret: {v}\nkind: Secret",
        b64_of(b62(32)),
        cid=b64_of(uuid),
    ),
    # ---- secrets: Stitch Import API
    S(
        ELT,
        "target_stitch_config",
        '$ cat target_config.json\n{\n  "client_id": {cid},\n  "token": "{v}",\n'
        '  "small_batch_url": "https://api.stitchdata.com/v2/import/batch",\n'
        '  "big_batch_url": "https://api.stitchdata.com/v2/import/batch",\n  "batch_size_preferences": {}\n}',
        hexl(64),
        cid=digits(6),
    ),
    S(
        ELT,
        "stitch_batch_curl",
        "$ curl -X POST https://api.stitchdata.com/v2/import/batch \\\n"
        '    -H "Authorization: Bearer {v}" \\\n    -H "Content-Type: application/json" -d @orders_batch.json',
        hexl(64),
    ),
    # ---- secrets: Hightouch
    S(
        ELT,
        "hightouch_trigger_curl",
        '$ curl -s -X POST "https://api.hightouch.com/api/v1/syncs/{sid}/trigger" \\\n'
        '    -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d \'{"fullResync": false}\'\n'
        '{"id":"{run}"}',
        uuid,
        sid=digits(6),
        run=digits(8),
    ),
    S(
        ELT,
        "hightouch_dagster_resource",
        '@job(\n    resource_defs={\n        "hightouch": ht_resource.configured(\n'
        '            {"api_key": "{v}"},\n        ),\n    }\n)\ndef ht_sfdc_job():',
        uuid,
    ),
    # ---- secrets: Census
    S(
        ELT,
        "census_bearer_url",
        '    url = "https://bearer:{v}@app.getcensus.com/api/v1/syncs/{sid}/trigger"\n'
        "    resp = requests.post(url, timeout=30)",
        join("secret-token:", b62(24)),
        sid=digits(6),
    ),
    S(
        ELT,
        "census_bearer_header",
        "$ curl -s 'https://app.getcensus.com/api/v1/syncs/{sid}/sync_runs?per_page=5' \\\n"
        "    --header 'Authorization: Bearer {v}'",
        join("secret-token:", b62(24)),
        sid=digits(6),
    ),
    # ---- secrets: Meltano and Singer taps
    S(
        ELT,
        "meltano_config_set",
        "$ meltano config set tap-hubspot access_token {v}\n"
        "Extractor 'tap-hubspot' setting 'access_token' was set in `.env`: (redacted)",
        join("pat-na1-", uuid),
    ),
    S(
        ELT,
        "meltano_dotenv",
        "$ cat .env\nTAP_POSTGRES_HOST='orders-replica.internal'\nTAP_POSTGRES_USER='meltano'\n"
        "TAP_POSTGRES_PASSWORD='{v}'\nTARGET_SNOWFLAKE_ACCOUNT='{acct}'",
        password(22),
        acct=join("qx", digits(5), ".eu-central-1"),
    ),
    S(
        ELT,
        "tap_salesforce_config",
        '$ cat tap-salesforce/config.json\n{\n  "client_id": "3MVG9{cid}",\n  "refresh_token": "{v}",\n'
        '  "api_type": "BULK",\n  "select_fields_by_default": true,\n  "start_date": "2023-01-01T00:00:00Z"\n}',
        join("5Aep861", b64url(80)),
        cid=b62(80),
    ),
    # ---- secrets: dlt
    S(
        ELT,
        "dlt_secrets_toml",
        '$ cat .dlt/secrets.toml\n[destination.postgres.credentials]\ndatabase = "dlt_data"\nusername = "loader"\n'
        'password = "{v}"\nhost = "pg-analytics.internal"\nport = 5432',
        password(24),
    ),
    S(
        ELT,
        "dlt_native_dsn",
        'pipeline = dlt.pipeline(\n    pipeline_name="chess_games",\n'
        '    destination=dlt.destinations.postgres("postgresql://loader:{v}@pg-analytics.internal:5432/dlt_data"),\n'
        '    dataset_name="chess_raw",\n)',
        b62(28),
    ),
    S(
        ELT,
        "dlt_env_source_key",
        "$ SOURCES__NOTION__API_KEY={v} python notion_pipeline.py",
        join("secret_", b62(43)),
    ),
    # ---- secrets: Estuary Flow
    S(
        ELT,
        "estuary_refresh_token_flag",
        "$ flowctl auth token --token {v}",
        estuary_refresh,
    ),
    S(
        ELT,
        "estuary_service_account_key",
        "      - name: Publish Flow catalog\n        env:\n          FLOW_AUTH_TOKEN: {v}\n"
        "        run: flowctl catalog publish --source flow.yaml --auto-approve",
        join("flow_sa_", b62(40)),
    ),
    # ---- secrets: Hevo
    S(
        ELT,
        "hevo_key_file",
        '$ cat ~/Downloads/hevo_api_keys.json\n{"access_key": "{key}", "secret_key": "{v}"}',
        b62(40),
        key=b62(20),
    ),
    # ---- secrets: Rivery
    S(
        ELT,
        "rivery_auth_yaml",
        "$ cat ~/.rivery/auth\ndefault:\n  host: https://console.rivery.io\n  region: us-east-2\n  token: {v}",
        rivery_jwt,
    ),
    S(
        ELT,
        "rivery_prompt_tail",
        "$ rivery configure --profile prod\nPlease enter your token. (******{v}): ",
        rivery_tail,
        note="the prompt masks only the first six characters",
    ),
    # ---- secrets: Matillion
    S(
        ELT,
        "matillion_dpc_client_secret",
        "$ curl -s -X POST https://id.core.matillion.com/oauth/dpc/token \\\n"
        '    -H "Content-Type: application/x-www-form-urlencoded" \\\n'
        '    -d "grant_type=client_credentials&client_id={cid}&client_secret={v}&audience=https://api.matillion.com"',
        b62(64),
        cid=b62(32),
    ),
    S(
        ELT,
        "matillion_etl_basic",
        "$ curl -s -X POST -u api-user:{v} \\\n"
        '    "http://10.20.3.41:8080/rest/v1/group/name/Analytics/project/name/Warehouse/version/name/default'
        '/job/name/nightly_load/run?environmentName=prod"',
        password(16),
    ),
    # ---- look-alikes: public ids
    L(
        ELT,
        "fivetran_connection_id",
        "$ fivetran beta connection sync --connection-id {v}\n"
        '{"code": "Success", "message": "Sync has been successfully triggered for connection with id \'{v}\'"}',
        fivetran_id,
    ),
    L(
        ELT,
        "fivetran_group_id",
        '  "data": {\n    "id": "{cid}",\n    "group_id": "{v}",\n    "service": "postgres_rds",\n'
        '    "schema": "pg_core",\n    "paused": false,',
        fivetran_id,
        cid=fivetran_id,
    ),
    L(
        ELT,
        "airbyte_workspace_id",
        '$ curl -s "https://api.airbyte.com/v1/workspaces/{v}" -H "Authorization: Bearer $AIRBYTE_ACCESS_TOKEN"',
        uuid,
    ),
    L(
        ELT,
        "airbyte_connection_id",
        '    sync_orders = AirbyteTriggerSyncOperator(\n        task_id="airbyte_sync_orders",\n'
        '        airbyte_conn_id="airbyte_cloud",\n        connection_id="{v}",\n        asynchronous=True,\n    )',
        uuid,
    ),
    L(
        ELT,
        "image_digest",
        "$ docker pull airbyte/source-postgres@sha256:{v}",
        hexl(64),
    ),
    L(
        ELT,
        "stitch_client_id",
        "export STITCH_CLIENT_ID={v}\nexport STITCH_TOKEN=$(vault kv get -field=token secret/etl/stitch)\n"
        "export STITCH_REGION=eu",
        digits(6),
    ),
    L(
        ELT,
        "hightouch_sync_id",
        '$ curl -s -X POST "https://api.hightouch.com/api/v1/syncs/{v}/trigger" '
        '-H "Authorization: Bearer $HIGHTOUCH_API_KEY"',
        digits(6),
    ),
    L(
        ELT,
        "hightouch_events_write_key",
        '    htevents.load("{v}", { apiHost: "us-east-1.hightouch-events.com" });\n    htevents.page();',
        hexl(64),
        note="a browser write key ships in every page and is public by design",
    ),
    L(
        ELT,
        "census_sync_id",
        "@dg.asset\ndef census_sync(census: CensusResource):\n    census.trigger_sync_and_poll(sync_id={v})",
        digits(6),
    ),
    L(
        ELT,
        "census_webhook_signature",
        "POST /hooks/census HTTP/1.1\nContent-Type: application/json\nX-Signature: {v}\n\n"
        '{"event": "sync.completed", "workspace_id": 4411, "sync_id": 80912}',
        hexl(64),
    ),
    L(
        ELT,
        "meltano_project_id",
        "version: 1\ndefault_environment: dev\nproject_id: {v}\nenvironments:\n- name: dev\n- name: prod",
        uuid,
    ),
    L(
        ELT,
        "stripe_account_id",
        '{\n  "account_id": "{v}",\n  "start_date": "2023-06-01T00:00:00Z",\n  "lookback_window": 600\n}',
        join("acct_", b62(16)),
    ),
    L(
        ELT,
        "dlt_version_hash",
        "version: 11\nversion_hash: {v}\nengine_version: 9\nname: github_events",
        b64(43, "="),
    ),
    L(
        ELT,
        "estuary_pub_id",
        "$ flowctl catalog list --prefix lumenhaus/\n| NAME | TYPE | LAST PUB ID |\n"
        "| lumenhaus/orders/source-postgres | capture | {v} |",
        hexl(16),
    ),
    L(
        ELT,
        "rivery_account_id",
        '$ curl -s -X POST "https://console.rivery.io/api/v1/accounts/{v}/environments/{env}/rivers/{river}/run" '
        '-H "Authorization: Bearer $RIVERY_API_TOKEN"',
        hexl(24),
        env=hexl(24),
        river=hexl(24),
    ),
    L(
        ELT,
        "matillion_execution_id",
        '{\n  "pipelineExecutionId": "{v}"\n}',
        uuid,
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        ELT,
        "terraform_var_ref",
        'provider "fivetran" {\n  api_key    = var.fivetran_api_key\n  api_secret = {v}\n}',
        const("var.fivetran_api_secret"),
    ),
    L(
        ELT,
        "fivetran_doc_placeholder",
        "$ echo -n '{v}' | openssl base64",
        const("<API key>:<API secret>"),
    ),
    L(
        ELT,
        "stitch_doc_placeholder",
        'curl "https://api.stitchdata.com/v4/source-types/import_api" \\\n'
        "     -H 'Authorization: Bearer {v}' \\\n     -H 'Content-Type: application/json'",
        const("[ACCESS_TOKEN]"),
    ),
    L(
        ELT,
        "census_env_ref",
        '    resources={"census": CensusResource(api_key={v})},',
        const('dg.EnvVar("CENSUS_API_KEY")'),
    ),
    L(
        ELT,
        "meltano_env_ref",
        "  extractors:\n  - name: tap-postgres\n    config:\n      host: orders-replica.internal\n"
        "      user: meltano\n      password: {v}",
        const("${TAP_POSTGRES_PASSWORD}"),
    ),
    L(
        ELT,
        "meltano_redacted",
        "$ meltano config list tap-github\n"
        "auth_token [env: TAP_GITHUB_AUTH_TOKEN] current value: {v} (from `.env`)\n"
        "repositories [env: TAP_GITHUB_REPOSITORIES] current value: ['lumenhaus/etl-core'] (from `meltano.yml`)",
        const("(redacted)"),
    ),
    L(
        ELT,
        "dlt_placeholder",
        '[sources.github]\naccess_token = "{v}" # please set me up!',
        const("access_token"),
    ),
    L(
        ELT,
        "hevo_env_ref",
        '$ curl -s -X POST -u "{v}" "https://us.hevodata.com/api/public/v2.0/pipelines/{pid}/run-now"',
        const("$HEVO_API_KEY:$HEVO_API_SECRET"),
        pid=digits(4),
    ),
    L(
        ELT,
        "hevo_masked_key",
        "INFO  hevo-sync: authenticated with API key {v} (region: asia)",
        masked(12, b62(4)),
    ),
]
