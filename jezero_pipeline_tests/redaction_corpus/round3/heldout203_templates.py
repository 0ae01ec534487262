"""A two-hundred-and-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes of workflow and orchestration engines' credentials, written from the author's memory of
their public documentation (the search tool's budget was already spent when this set was written,
so no vendor page was read for it): Apache Airflow (Fernet keys as url-safe base64 of 32 bytes,
`AIRFLOW_CONN_*` URIs and JSON connections, `airflow connections add --conn-password`, the
webserver `secret_key`; `***` log masking, Jinja `{{ conn.x.password }}`, `_CMD` options),
Dagster+ (`agent:<org>:<hex>` and `user:<org>:<hex>` tokens in `dagster.yaml` and under
`--api-token`; `env:` references, run ids, image digests), Temporal Cloud (JWT-shaped API keys
under `--api-key` and `Client.connect(api_key=...)`, an mTLS client key; namespace.account ids,
TLS file paths, API key ids), Argo Workflows (`argo auth token` printing `Bearer` and a
Kubernetes service-account JWT; the documented `kubectl get secret` subshell, workflow UIDs),
Kestra (base64 `SECRET_*` variables, `kestra.encryption.secret-key`; `{{ secret('X') }}`,
execution ids), Windmill (`wmill workspace add --token`; `$var:` paths), Camunda 8
(`ZEEBE_CLIENT_SECRET` and Spring `client-secret`; cluster ids, process instance keys), Luigi
(`luigi.cfg` `[smtp]`, `--Task-password` parameters; task ids with their hash suffix), Mage
(`io_config.yaml`; `mage_secret_var`), Apache NiFi (`nifi.sensitive.props.key`, the generated
single-user password in `nifi-app.log`; `${...}` placeholders, process group ids), Rundeck
(`X-Rundeck-Auth-Token`; job UUIDs, `<your-api-token>`), Prefect Cloud (`pnu_` keys;
account/workspace UUIDs in `PREFECT_API_URL`, masked config output) and n8n
(`N8N_ENCRYPTION_KEY`, JWT `X-N8N-API-KEY`; workflow ids), in commands, config files, code and
tool output.

First score, blind, before any rule changed for it (after the rules for 190 to 199):
24 of 25 secrets caught, 2 of 25 look-alikes altered (missed: NiFi's `Generated Password [<value>]`
in its log; altered: Windmill's `$var:f/…` reference under `password`, a Luigi task id after `done`;
written from memory).
"""

from __future__ import annotations

import base64
import random

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
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

WF = "workflows"


def fernet_key(rng: random.Random) -> str:
    """Url-safe base64 of 32 random bytes, as `Fernet.generate_key()` prints it (44 characters)."""
    return base64.urlsafe_b64encode(bytes(rng.getrandbits(8) for _ in range(32))).decode()


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def temporal_jwt(rng: random.Random) -> str:
    return join("eyJhbGciOiJFUzI1NiIsImtpZCI6I", b64url(14), "In0.eyJ", b64url(310), ".", b64url(86))(rng)


def k8s_sa_jwt(rng: random.Random) -> str:
    return join("eyJhbGciOiJSUzI1NiIsImtpZCI6I", b64url(58), "In0.eyJ", b64url(640), ".", b64url(342))(rng)


def n8n_jwt(rng: random.Random) -> str:
    return join("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", b64url(160), ".", b64url(43))(rng)


camunda_secret = pick(B62 + "~_.-", 64)
camunda_client_id = pick(B62 + "~_.-", 32)
dagster_agent = join("agent:northwind:", hexl(32))
dagster_user = join("user:northwind:", hexl(32))
ec_key_body = join(
    "MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDC", b64(17), "\n", b64(64), "\n", b64(64), "\n", b64(40)
)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 25, "the rules for 190 to 199")

TEMPLATES: list = [
    # ---- Airflow
    S(
        WF,
        "airflow_fernet_key",
        "$ export AIRFLOW__CORE__FERNET_KEY={v}\n$ airflow db migrate",
        fernet_key,
    ),
    S(
        WF,
        "airflow_conn_uri",
        "AIRFLOW_CONN_WAREHOUSE_PG='postgresql://etl_loader:{v}@pg-warehouse.internal:5432/analytics?sslmode=require'",
        b62(20),
    ),
    S(
        WF,
        "airflow_conn_password_flag",
        "$ airflow connections add 'snowflake_default' --conn-type snowflake --conn-login AIRFLOW_SVC"
        ' --conn-password \'{v}\' --conn-extra \'{"account": "nw12345.eu-west-1", "warehouse": "ETL_WH"}\'',
        password(18),
    ),
    S(
        WF,
        "airflow_conn_json",
        'AIRFLOW_CONN_SFTP_VENDOR=\'{"conn_type": "sftp", "login": "northwind", "password": "{v}",'
        ' "host": "sftp.vendor.example", "port": 22}\'',
        b62(24),
    ),
    S(
        WF,
        "airflow_webserver_secret",
        "[webserver]\nbase_url = https://airflow.northwind.dev\nsecret_key = {v}\nexpose_config = False",
        hexl(32),
    ),
    # ---- Dagster+
    S(
        WF,
        "dagster_agent_token_yaml",
        "$ cat dagster.yaml\ninstance_class:\n  module: dagster_cloud.instance\n  class: DagsterCloudAgentInstance\n\n"
        "dagster_cloud_api:\n  agent_token: {v}\n  deployment: prod",
        dagster_agent,
    ),
    S(
        WF,
        "dagster_user_token_flag",
        "$ dagster-cloud deployment sync-locations -w dagster_cloud.yaml --organization northwind"
        " --deployment prod --api-token {v}",
        dagster_user,
    ),
    # ---- Temporal Cloud
    S(
        WF,
        "temporal_api_key_flag",
        "$ temporal workflow list --address us-east-1.aws.api.temporal.io:7233"
        " --namespace payments-prod.{acct} --api-key {v}",
        temporal_jwt,
        acct=lower_alnum(5),
    ),
    S(
        WF,
        "temporal_api_key_python",
        '    client = await Client.connect(\n        "us-east-1.aws.api.temporal.io:7233",\n'
        '        namespace="payments-prod.{acct}",\n        api_key="{v}",\n        tls=True,\n    )',
        temporal_jwt,
        acct=lower_alnum(5),
    ),
    S(
        WF,
        "temporal_mtls_key",
        "$ cat certs/payments-worker.key\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ec_key_body,
    ),
    # ---- Argo Workflows
    S(
        WF,
        "argo_auth_token_output",
        "$ argo auth token\nBearer {v}",
        k8s_sa_jwt,
    ),
    # ---- Kestra
    S(
        WF,
        "kestra_secret_env_b64",
        "    environment:\n      SECRET_GITHUB_ACCESS_TOKEN: {v}\n      KESTRA_CONFIGURATION: |\n        datasources:",
        b64_of(join("ghp_", b62(36))),
    ),
    S(
        WF,
        "kestra_encryption_key",
        "kestra:\n  encryption:\n    secret-key: {v}\n  server:\n    basic-auth:\n      enabled: true",
        b62(32),
    ),
    # ---- Windmill
    S(
        WF,
        "windmill_workspace_add",
        "$ wmill workspace add northwind northwind https://app.windmill.dev --token {v}",
        b62(32),
    ),
    # ---- Camunda 8
    S(
        WF,
        "camunda_env_file",
        "ZEEBE_ADDRESS='{cluster}.bru-2.zeebe.camunda.io:443'\nZEEBE_CLIENT_ID='{cid}'\n"
        "ZEEBE_CLIENT_SECRET='{v}'\nZEEBE_AUTHORIZATION_SERVER_URL='https://login.cloud.camunda.io/oauth/token'",
        camunda_secret,
        cluster=uuid,
        cid=camunda_client_id,
    ),
    S(
        WF,
        "camunda_spring_yaml",
        "camunda:\n  client:\n    mode: saas\n    auth:\n      client-id: {cid}\n      client-secret: {v}\n"
        "    cloud:\n      cluster-id: {cluster}\n      region: bru-2",
        camunda_secret,
        cid=camunda_client_id,
        cluster=uuid,
    ),
    # ---- Luigi
    S(
        WF,
        "luigi_cfg_smtp",
        "$ cat /etc/luigi/luigi.cfg\n[email]\nreceiver=data-alerts@northwind.dev\nmethod=smtp\n\n"
        "[smtp]\nhost=smtp.northwind.dev\nport=587\nusername=luigi\npassword={v}",
        password(16),
    ),
    S(
        WF,
        "luigi_task_param",
        "$ luigi --module pipelines.warehouse CopyOrdersToRedshift --date 2024-05-12"
        " --CopyOrdersToRedshift-password '{v}' --workers 4",
        password(22),
    ),
    # ---- Mage
    S(
        WF,
        "mage_io_config",
        "default:\n  POSTGRES_CONNECT_TIMEOUT: 10\n  POSTGRES_DBNAME: analytics\n  POSTGRES_USER: mage\n"
        "  POSTGRES_PASSWORD: {v}\n  POSTGRES_HOST: pg.internal",
        password(19),
    ),
    # ---- Apache NiFi
    S(
        WF,
        "nifi_sensitive_props_key",
        "nifi.sensitive.props.key={v}\nnifi.sensitive.props.key.protected=\n"
        "nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256",
        b62(24),
    ),
    S(
        WF,
        "nifi_generated_password",
        "2024-05-12 09:14:02,118 INFO [main] o.a.n.a.s.SingleUserLoginIdentityProvider\n\n"
        "Generated Username [{user}]\nGenerated Password [{v}]\n\n"
        "Replace Generated Username and Password with Login Credentials using the following command",
        b62(32),
        user=uuid,
    ),
    # ---- Rundeck
    S(
        WF,
        "rundeck_header",
        '$ curl -s -H "X-Rundeck-Auth-Token: {v}" -H "Accept: application/json"'
        " https://rundeck.northwind.dev/api/41/project/ops/jobs",
        b62(32),
    ),
    # ---- Prefect, n8n
    S(
        WF,
        "prefect_login_key",
        "$ prefect cloud login -k {v} --workspace northwind/production",
        join("pnu_", b62(36)),
    ),
    S(
        WF,
        "n8n_api_key_header",
        "$ curl -s https://n8n.northwind.dev/api/v1/workflows?active=true -H 'X-N8N-API-KEY: {v}'",
        n8n_jwt,
    ),
    S(
        WF,
        "n8n_encryption_key",
        "      - N8N_HOST=n8n.northwind.dev\n      - N8N_ENCRYPTION_KEY={v}\n      - GENERIC_TIMEZONE=Europe/Amsterdam",
        b62(32),
    ),
    # ---- look-alikes: Airflow
    L(
        WF,
        "airflow_masked_log",
        "[2024-05-12, 02:00:04 UTC] {base.py:84} INFO - Retrieving connection 'warehouse_pg'\n"
        "[2024-05-12, 02:00:04 UTC] {sql.py:470} INFO - Running statement against postgresql://etl_loader:{v}@pg-warehouse.internal:5432/analytics",
        const("***"),
    ),
    L(
        WF,
        "airflow_jinja_conn_ref",
        '    load = PostgresOperator(task_id="load", sql="sql/load.sql", params={"pw": {v}})',
        const('"{{ conn.warehouse_pg.password }}"'),
    ),
    L(
        WF,
        "airflow_fernet_cmd",
        "AIRFLOW__CORE__FERNET_KEY_CMD={v}",
        const("cat /run/secrets/airflow_fernet_key"),
    ),
    # ---- look-alikes: Dagster+
    L(
        WF,
        "dagster_env_ref",
        "dagster_cloud_api:\n  agent_token:\n    env: {v}\n  deployment: prod\n  branch_deployments: true",
        const("DAGSTER_CLOUD_AGENT_TOKEN"),
    ),
    L(
        WF,
        "dagster_run_id",
        '2024-05-12 09:41:07 +0000 - dagster - DEBUG - orders_job - {v} - 4121 - RUN_START - Started execution of run for "orders_job".',
        uuid,
    ),
    L(
        WF,
        "dagster_image_digest",
        "Deploying location orders_etl with image ghcr.io/northwind/orders-etl@sha256:{v}",
        hexl(64),
    ),
    # ---- look-alikes: Temporal
    L(
        WF,
        "temporal_namespace_id",
        '$ tcld namespace get --namespace {v}\n{\n  "state": "Active",\n  "spec": {\n    "retentionDays": 30,',
        join("payments-prod.", lower_alnum(5)),
    ),
    L(
        WF,
        "temporal_tls_paths",
        "$ temporal workflow describe -w settle-batch-8841 --tls-cert-path certs/payments-worker.pem"
        " --tls-key-path {v}",
        const("certs/payments-worker.key"),
    ),
    L(
        WF,
        "temporal_api_key_id",
        "$ tcld apikey delete --id {v}\nOperation completed successfully.",
        hexl(32),
    ),
    # ---- look-alikes: Argo, Kestra, Windmill
    L(
        WF,
        "argo_token_subshell",
        'export ARGO_TOKEN="Bearer {v}"',
        const(
            "$(kubectl get secret argo-ci.service-account-token -n argo -o=jsonpath='{.data.token}' | base64 --decode)"
        ),
    ),
    L(
        WF,
        "argo_workflow_uid",
        "Name:                etl-nightly-x7k2p\nNamespace:           argo\nUID:                 {v}\nStatus:              Succeeded",
        uuid,
    ),
    L(
        WF,
        "kestra_secret_function",
        "      - id: clone\n        type: io.kestra.plugin.git.Clone\n        url: https://github.com/northwind/etl\n"
        "        password: {v}",
        const("\"{{ secret('GITHUB_ACCESS_TOKEN') }}\""),
    ),
    L(
        WF,
        "kestra_execution_id",
        "$ kestra flow execute --namespace company.team --id nightly_sync\nExecution '{v}' created and queued",
        b62(22),
    ),
    L(
        WF,
        "windmill_var_path",
        '{\n  "host": "pg.internal",\n  "user": "windmill",\n  "password": "{v}",\n  "dbname": "analytics"\n}',
        const("$var:f/etl/pg_password"),
    ),
    # ---- look-alikes: Camunda, Luigi, Mage
    L(
        WF,
        "camunda_cluster_id",
        "ZEEBE_ADDRESS={v}.bru-2.zeebe.camunda.io:443",
        uuid,
    ),
    L(
        WF,
        "camunda_process_instance_key",
        '$ zbctl create instance order-fulfilment --variables \'{"orderId": "A-1182"}\'\n{\n  "processDefinitionKey": "2251799813685371",\n'
        '  "bpmnProcessId": "order-fulfilment",\n  "version": 7,\n  "processInstanceKey": "{v}"\n}',
        join("22517998136", digits(5)),
    ),
    L(
        WF,
        "luigi_task_id",
        "INFO: [pid 31877] Worker Worker(salt=482913377, workers=4, host=etl-01) done      {v}",
        join("CopyOrdersToRedshift_2024_05_12_", hexl(10)),
    ),
    L(
        WF,
        "mage_secret_var",
        "  SNOWFLAKE_USER: MAGE_SVC\n  SNOWFLAKE_PASSWORD: {v}\n  SNOWFLAKE_ACCOUNT: nw12345.eu-west-1",
        const("\"{{ mage_secret_var('snowflake_password') }}\""),
    ),
    # ---- look-alikes: NiFi, Rundeck, Prefect, n8n
    L(
        WF,
        "nifi_processor_id",
        "$ ./bin/cli.sh nifi pg-list -u https://nifi.internal:8443\n#   Name            Id                                     Running\n"
        "-   -------------   ------------------------------------   -------\n1   ingest-orders   {v}   12",
        uuid,
    ),
    L(
        WF,
        "nifi_placeholder",
        "# nifi.properties template, filled in by the entrypoint\nnifi.sensitive.props.key={v}",
        const("${NIFI_SENSITIVE_PROPS_KEY}"),
    ),
    L(
        WF,
        "rundeck_job_uuid",
        '$ curl -s -X POST -H "X-Rundeck-Auth-Token: $RD_TOKEN" https://rundeck.northwind.dev/api/41/job/{v}/run',
        uuid,
    ),
    L(
        WF,
        "rundeck_placeholder",
        "# rd CLI setup\nexport RD_URL=https://rundeck.northwind.dev\nexport RD_TOKEN={v}",
        const("<your-api-token>"),
    ),
    L(
        WF,
        "prefect_api_url",
        "PREFECT_API_URL={v}",
        join("https://api.prefect.cloud/api/accounts/", uuid, "/workspaces/", uuid),
    ),
    L(
        WF,
        "prefect_masked_key",
        "$ prefect config view --show-sources\nPREFECT_PROFILE='northwind'\nPREFECT_API_KEY='{v}' (from profile)",
        const("********"),
    ),
    L(
        WF,
        "n8n_workflow_id",
        "Workflow activated: https://n8n.northwind.dev/workflow/{v}",
        b62(16),
    ),
]
