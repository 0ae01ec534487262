"""A twenty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of data and orchestration platforms: Apache Airflow (connection URIs
and JSON in `AIRFLOW_CONN_*`, `airflow connections add`, the Fernet key, `_CMD`/`_SECRET` config
suffixes, secrets backends, the task-log secrets masker), dbt `profiles.yml` and `env_var`,
Databricks (`dapi` personal access tokens, `.databrickscfg`, OAuth M2M client secrets, secret
scopes, `{{secrets/…}}` Spark references, `[REDACTED]` notebook output), Hadoop S3A and ABFS
settings (`fs.s3a.secret.key`, `hadoop credential create`, `fs.azure.account.key.*`), Kafka and
Confluent Cloud (`sasl.jaas.config`, `confluent api-key create`/`list`, Schema Registry basic auth,
Kafka Connect config providers), Apache Superset (`SECRET_KEY`, `SQLALCHEMY_DATABASE_URI`, embedded
dashboards), Metabase (`MB_ENCRYPTION_SECRET_KEY`, `mb_` API keys, public links), MLflow tracking
credentials and run ids, Kaggle `kaggle.json`, Hugging Face `hf_` tokens and revisions, Prefect
Cloud `pnu_` keys and API URLs, Dagster+ agent tokens, Fivetran REST API basic auth and Airbyte
masked secrets and secret coordinates, in commands, config files and tool output, with the public
ids, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 and 25):
22 of 25 secrets caught, 1 of 24 look-alikes altered (missed: a key printed by `Fernet.generate_key()`, a key
under a dotted setting with the secret word inside (`fs.azure.account.key.<account>…` as a setter's argument,
`basic.auth.user.info`); altered: Airbyte's secret coordinate of words and UUIDs).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

DP = "data"

# The last base64 character of a 32-byte key carries 4 bits, of a 64-byte key 2 bits.
LAST_OF_32 = "AEIMQUYcgkosw048"
LAST_OF_64 = "AQgw"


def fernet_key(rng: random.Random) -> str:
    """`Fernet.generate_key()`: 32 random bytes, URL-safe base64, 44 characters."""
    return b64url(42)(rng) + rng.choice(LAST_OF_32) + "="


def b64_32_bytes(rng: random.Random) -> str:
    """`openssl rand -base64 32`: 44 characters ending in one `=`."""
    return b64(42)(rng) + rng.choice(LAST_OF_32) + "="


def azure_storage_key(rng: random.Random) -> str:
    """An Azure storage account key: 64 bytes in base64, 88 characters ending `==`."""
    return b64(85)(rng) + rng.choice(LAST_OF_64) + "=="


def fivetran_basic(rng: random.Random) -> str:
    """`echo -n '<API key>:<API secret>' | openssl base64` for a 16-hex key and 32-hex secret."""
    pair = f"{hexl(16)(rng)}:{hexl(32)(rng)}"
    return base64.b64encode(pair.encode()).decode()


def fivetran_connection_id(rng: random.Random) -> str:
    """Fivetran connection ids are two random words joined by `_`."""
    first = rng.choice(("decidedly", "gently", "purely", "warmly", "quietly", "briskly"))
    second = rng.choice(("cheerful", "lagoon", "harbor", "meadow", "orbit", "summit"))
    return f"{first}_{second}"


hf_token = join("hf_", pick(string.ascii_letters, 34))
workspace_id = digits(16)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 1, 24, "the rules for 24 and 25")

TEMPLATES = [
    # ---- secrets: Airflow
    S(
        DP,
        "airflow_conn_uri",
        "export AIRFLOW_CONN_WAREHOUSE_PG='postgres://etl_loader:{v}@pg-warehouse.internal:5432/analytics?sslmode=require'",
        b62(22),
    ),
    S(
        DP,
        "airflow_conn_json",
        'AIRFLOW_CONN_SFTP_PARTNER=\'{"conn_type": "sftp", "login": "orbit_drop", "password": "{v}", '
        '"host": "sftp.partner.example", "port": 22, "extra": {"no_host_key_check": true}}\'',
        password(19),
    ),
    S(
        DP,
        "airflow_connections_add",
        "$ airflow connections add 'snowflake_default' --conn-type snowflake --conn-login SVC_AIRFLOW"
        ' --conn-password \'{v}\' --conn-extra \'{"account": "xy12345.eu-west-1", "warehouse": "TRANSFORM_WH"}\'',
        password(18),
    ),
    S(
        DP,
        "fernet_key_output",
        '$ python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"\n{v}',
        fernet_key,
    ),
    S(
        DP,
        "airflow_webserver_secret_key",
        "[webserver]\nbase_url = https://airflow.orbit-data.io\nsecret_key = {v}\nexpose_config = False",
        hexl(32),
    ),
    # ---- secrets: dbt and Databricks
    S(
        DP,
        "dbt_profile_password",
        "orbit_analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n"
        "      account: xy12345.eu-west-1\n      user: DBT_PROD\n      password: '{v}'\n      role: TRANSFORMER",
        password(16),
    ),
    S(
        DP,
        "databrickscfg_token",
        "$ cat ~/.databrickscfg\n[DEFAULT]\nhost  = https://dbc-{a}-{b}.cloud.databricks.com\ntoken = {v}",
        join("dapi", hexl(32)),
        a=lower_alnum(8),
        b=lower_alnum(4),
    ),
    S(
        DP,
        "databricks_oauth_secret",
        "[ci-sp]\nhost          = https://dbc-{a}-{b}.cloud.databricks.com\nclient_id     = {cid}\nclient_secret = {v}",
        join("dose", hexl(32)),
        a=lower_alnum(8),
        b=lower_alnum(4),
        cid=uuid,
    ),
    S(
        DP,
        "databricks_put_secret",
        "$ databricks secrets put-secret lakehouse-etl pg-password --string-value '{v}'",
        password(20),
    ),
    # ---- secrets: Hadoop / Spark object-store keys
    S(
        DP,
        "s3a_secret_core_site",
        "  <property>\n    <name>fs.s3a.secret.key</name>\n    <value>{v}</value>\n  </property>",
        b64(40),
    ),
    S(
        DP,
        "hadoop_credential_value",
        "$ hadoop credential create fs.s3a.secret.key -value {v}"
        " -provider jceks://hdfs@nn1.corp.internal:8020/user/etl/s3.jceks",
        b64(40),
    ),
    S(
        DP,
        "abfs_account_key",
        'spark.conf.set(\n    "fs.azure.account.key.lakeprodweu.dfs.core.windows.net",\n    "{v}",\n)',
        azure_storage_key,
    ),
    # ---- secrets: Kafka / Confluent
    S(
        DP,
        "kafka_jaas_password",
        "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain."
        'PlainLoginModule required username="{key}" password="{v}";',
        b64(64),
        key=upper_alnum(16),
    ),
    S(
        DP,
        "confluent_api_key_create",
        "$ confluent api-key create --resource lkc-{c}\nIt may take a couple of minutes for the API key to be ready.\n"
        "Save the API key and secret. The secret is not retrievable later.\n"
        "+------------+------------------------------------------------------------------+\n"
        "| API Key    | {key}                                                 |\n"
        "| API Secret | {v} |\n"
        "+------------+------------------------------------------------------------------+",
        b64(64),
        c=lower_alnum(6),
        key=upper_alnum(16),
    ),
    S(
        DP,
        "schema_registry_user_info",
        "schema.registry.url=https://psrc-{c}.eu-central-1.aws.confluent.cloud\n"
        "basic.auth.credentials.source=USER_INFO\nbasic.auth.user.info={key}:{v}",
        b64(64),
        c=lower_alnum(5),
        key=upper_alnum(16),
    ),
    # ---- secrets: BI tools
    S(DP, "superset_secret_key", "# superset_config.py\nSECRET_KEY = '{v}'", b64(56)),
    S(
        DP,
        "superset_sqlalchemy_uri",
        "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://superset:{v}@superset-db:5432/superset'",
        b62(24),
    ),
    S(
        DP,
        "metabase_encryption_key",
        "      MB_DB_TYPE: postgres\n      MB_DB_HOST: metabase-db\n      MB_ENCRYPTION_SECRET_KEY: {v}",
        b64_32_bytes,
    ),
    S(
        DP,
        "metabase_api_key",
        '$ curl -s -H "x-api-key: {v}" https://metabase.orbit-data.io/api/card/412/query/json | jq length',
        join("mb_", b64_32_bytes),
    ),
    # ---- secrets: ML platforms
    S(
        DP,
        "mlflow_tracking_password",
        "export MLFLOW_TRACKING_URI=https://mlflow.orbit-data.io\nexport MLFLOW_TRACKING_USERNAME=ci-runner\n"
        "export MLFLOW_TRACKING_PASSWORD={v}",
        b62(24),
    ),
    S(
        DP,
        "kaggle_json",
        '$ cat ~/.kaggle/kaggle.json\n{"username":"{user}","key":"{v}"}',
        hexl(32),
        user=join("orbit", digits(4)),
    ),
    S(DP, "hf_cli_login", "$ huggingface-cli login --token {v} --add-to-git-credential", hf_token),
    # ---- secrets: orchestration and ELT clouds
    S(DP, "prefect_cloud_login", "$ prefect cloud login -k {v} --workspace 'orbit-data/prod'", join("pnu_", b62(36))),
    S(
        DP,
        "dagster_agent_token",
        "instance_class:\n  module: dagster_cloud.instance\n  class: DagsterCloudAgentInstance\n"
        "dagster_cloud_api:\n  agent_token: {v}\n  deployment: prod",
        join("agent:orbit-data:", hexl(32)),
    ),
    S(
        DP,
        "fivetran_basic_auth",
        '$ curl -X POST https://api.fivetran.com/v1/connections/{conn}/sync -H "Authorization: Basic {v}"'
        ' -H "Accept: application/json"',
        fivetran_basic,
        conn=fivetran_connection_id,
    ),
    # ---- look-alikes: references to secrets kept elsewhere
    L(
        DP,
        "airflow_secret_suffix",
        "AIRFLOW__CORE__FERNET_KEY_SECRET={v}\nAIRFLOW__SECRETS__BACKEND=airflow.providers.amazon.aws.secrets."
        "secrets_manager.SecretsManagerBackend",
        const("airflow/config/fernet_key"),
    ),
    L(
        DP,
        "airflow_cmd_suffix",
        "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN_CMD={v}",
        const("cat /run/secrets/airflow_sql_alchemy_conn"),
    ),
    L(
        DP,
        "dbt_env_var",
        "      user: DBT_PROD\n      password: {v}\n      role: TRANSFORMER",
        const("\"{{ env_var('DBT_ENV_SECRET_SNOWFLAKE_PASSWORD') }}\""),
    ),
    L(
        DP,
        "databricks_secret_ref",
        "spark.hadoop.fs.azure.account.key.lakeprodweu.dfs.core.windows.net {v}",
        const("{{secrets/lakehouse-etl/adls-account-key}}"),
    ),
    L(
        DP,
        "dbutils_secrets_get",
        'spark.conf.set("fs.azure.account.key.lakeprodweu.dfs.core.windows.net", {v})',
        const('dbutils.secrets.get(scope="lakehouse-etl", key="adls-account-key")'),
    ),
    L(
        DP,
        "hadoop_provider_path",
        "  <property>\n    <name>hadoop.security.credential.provider.path</name>\n    <value>{v}</value>\n  </property>",
        const("jceks://hdfs@nn1.corp.internal:8020/user/etl/s3.jceks"),
    ),
    L(
        DP,
        "kafka_config_provider",
        '    "connection.user": "kafka_sink",\n    "connection.password": "{v}",',
        const("${file:/opt/kafka/secrets/connect.properties:pg-password}"),
    ),
    L(DP, "superset_env_ref", "SECRET_KEY = {v}", const('os.environ["SUPERSET_SECRET_KEY"]')),
    L(DP, "prefect_secret_block", 'db_password = Secret.load("{v}").get()', const("warehouse-db-password")),
    L(
        DP,
        "airbyte_secret_coordinate",
        '  "configuration": {\n    "host": "pg-warehouse.internal",\n    "username": "airbyte_reader",\n'
        '    "password": {"_secret": "{v}"}',
        join("airbyte_workspace_", uuid, "_secret_", uuid, "_v1"),
    ),
    # ---- look-alikes: masked output
    L(
        DP,
        "airflow_log_mask",
        "[2024-06-03, 02:00:14 UTC] {subprocess.py:93} INFO - PGPASSWORD={v} psql -h pg-warehouse.internal -U etl_loader",
        const("***"),
    ),
    L(
        DP,
        "databricks_redacted",
        "print(dbutils.secrets.get(scope='lakehouse-etl', key='pg-password'))\n{v}",
        const("[REDACTED]"),
    ),
    L(
        DP,
        "airbyte_masked",
        '    "username": "airbyte_reader",\n    "password": "{v}",\n    "ssl_mode": {"mode": "require"}',
        const("**********"),
    ),
    # ---- look-alikes: public identifiers, hashes and settings
    L(
        DP,
        "databricks_http_path",
        "      host: adb-{ws}.7.azuredatabricks.net\n      http_path: {v}\n      threads: 8",
        join("/sql/1.0/warehouses/", hexl(16)),
        ws=workspace_id,
    ),
    L(
        DP,
        "databricks_cluster_id",
        '      "task_key": "nightly_marts",\n      "existing_cluster_id": "{v}",',
        join(digits(4), "-", digits(6), "-", lower_alnum(8)),
    ),
    L(
        DP,
        "abfs_client_id",
        'spark.conf.set("fs.azure.account.oauth2.client.id.lakeprodweu.dfs.core.windows.net", "{v}")',
        uuid,
    ),
    L(
        DP,
        "confluent_api_key_list",
        "$ confluent api-key list --resource lkc-{c}\n        Key        | Description | Owner     | Resource\n"
        "-------------------+-------------+-----------+------------\n  {v} | jdbc sink   | sa-{o} | lkc-{c}",
        upper_alnum(16),
        c=lower_alnum(6),
        o=lower_alnum(6),
    ),
    L(
        DP,
        "superset_embed_id",
        'embedDashboard({\n  id: "{v}",\n  supersetDomain: "https://bi.orbit-data.io",\n'
        '  mountPoint: document.getElementById("dashboard"),',
        uuid,
    ),
    L(
        DP,
        "metabase_public_link",
        "Shared the churn dashboard at https://metabase.orbit-data.io/public/dashboard/{v}",
        uuid,
    ),
    L(DP, "mlflow_run_id", 'model = mlflow.pyfunc.load_model("runs:/{v}/model")', hexl(32)),
    L(
        DP,
        "hf_revision",
        'path = snapshot_download(repo_id="orbit-data/churn-xgb", revision="{v}", token=True)',
        hexl(40),
    ),
    L(
        DP,
        "prefect_api_url",
        "$ prefect config view\nPREFECT_PROFILE='prod'\nPREFECT_API_KEY='********' (from profile)\nPREFECT_API_URL='{v}' (from profile)",
        join("https://api.prefect.cloud/api/accounts/", uuid, "/workspaces/", uuid),
    ),
    # ---- look-alikes: placeholders
    L(DP, "hf_placeholder", "# .env.example\nHF_TOKEN={v}", const("hf_" + "x" * 34)),
    L(DP, "kaggle_placeholder", '{"username":"your-kaggle-username","key":"{v}"}', counting(32, hex_digits=True)),
]
