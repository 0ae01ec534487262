"""A twenty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the connection and authentication documentation of databases (PostgreSQL libpq
URIs, PGPASSFILE and postgresql.conf; MySQL/MariaDB option files, glued -p and GTID status;
SQL Server sqlcmd, ADO.NET and ODBC strings; Oracle EZConnect for sqlplus; MongoDB mongosh and
SRV URIs; Redis redis-cli -a and masterauth; Neo4j cypher-shell and NEO4J_AUTH; Snowflake
key-pair passphrases for snowsql; ClickHouse DSNs; Elasticsearch ApiKey headers and
ELASTIC_PASSWORD; Supabase pooler URIs; SQLAlchemy and Alembic output) and of messaging
(Kafka JAAS, client properties, librdkafka settings, KRaft cluster ids and consumer-group
output; RabbitMQ rabbitmqctl and Celery broker URLs; NATS CLI, nsc and nkey seeds; Mosquitto
MQTT clients; SMTP via swaks). Hosts, users and names are our own; every value is generated
from the seeded makers in build.py, none is a real key or a value copied from the docs.

First score, blind, before any rule changed for it (after the rules for heldout 18 and 19):
24 of 25 secrets caught, 1 of 21 look-alikes altered (a NATS nkey seed given through `TextEncoder().encode`; a Kafka cluster id under `-t`).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    keyboard_run,
    password,
    pick,
    uuid,
)

DB, MQ = "databases", "messaging"

B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def urlpw(n: int):
    """A password of URL-unreserved characters, as it sits unescaped in a URI's userinfo."""
    return pick(B62 + "-_.~", n)


def es_api_key(rng: random.Random) -> str:
    """Elasticsearch's encoded API key: base64 of `<id>:<api_key>`."""
    raw = b64url(20)(rng) + ":" + b64url(22)(rng)
    return base64.b64encode(raw.encode()).decode()


def gtid_set(rng: random.Random) -> str:
    return uuid(rng) + ":1-" + str(rng.randrange(1000, 900000))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 21, "the rules for 18 and 19")

TEMPLATES = [
    # ================================================================ secrets: CLI flags and positionals
    S(
        DB,
        "glued_flag",
        '$ mysql -h mariadb-ledger.svc.cluster.local -u ledger_rw -p{v} ledger -e "SELECT COUNT(*) FROM journal_entries;"',
        b62(18),
    ),
    S(
        DB,
        "short_flag",
        "$ sqlcmd -S tcp:mssql-hr01.corp.local,1433 -U hr_reporting -P '{v}' -d HumanResources"
        ' -Q "SELECT TOP 5 name FROM sys.tables"',
        password(16),
    ),
    S(
        DB,
        "short_flag",
        "$ redis-cli -h sessions-redis-0.sessions-redis-headless -p 6379 -a {v} --no-auth-warning INFO replication",
        b62(32),
    ),
    S(
        DB,
        "short_flag",
        '$ cypher-shell -a neo4j+s://{h}.databases.neo4j.io -u neo4j -p {v} "MATCH (n:Supplier) RETURN count(n);"',
        b62(43),
        h=hexl(8),
    ),
    S(
        DB,
        "short_flag",
        '$ mongosh "mongodb://mongo-inv-0.mongo-inv:27017,mongo-inv-1.mongo-inv:27017/inventory?replicaSet=rs-inventory"'
        " -u inv_reader -p '{v}' --authenticationDatabase admin",
        password(18),
    ),
    S(
        DB,
        "positional",
        "$ sqlplus -L gl_batch/{v}@//ora19-gl-scan.fin.local:1521/GLPDB1 @close_period.sql",
        b62(16),
    ),
    S(MQ, "positional", "$ sudo rabbitmqctl add_user invoice-worker '{v}'", password(20)),
    S(
        MQ,
        "short_flag",
        "$ mosquitto_pub -h mqtt.greenhouse.lan -p 8883 --cafile /etc/mosquitto/ca.crt -u sensor-node-17 -P {v}"
        " -t greenhouse/zone3/humidity -m 61.4 -q 1",
        b62(20),
    ),
    S(
        MQ,
        "flag",
        "$ nats --server nats://nats-0.nats.messaging:4222 --user orders_svc --password {v}"
        " pub orders.created '{\"order_id\": 90211}'",
        b62(24),
    ),
    S(
        MQ,
        "flag",
        "$ swaks --to oncall@ops.fernhill.io --from alerts@fernhill.io --server smtp.mailrelay-eu.net:587 --tls"
        " --auth LOGIN --auth-user alerts@fernhill.io --auth-password '{v}'",
        password(18),
    ),
    # ================================================================ secrets: URIs, DSNs, connection strings
    S(
        DB,
        "uri_userinfo",
        'DATABASE_URL="postgresql://postgres.{ref}:{v}@aws-0-eu-central-1.pooler.supabase.com:6543/postgres?pgbouncer=true&connection_limit=1"',
        urlpw(22),
        ref=pick(string.ascii_lowercase, 20),
    ),
    S(
        DB,
        "kv_pair",
        '    "OrdersDb": "Server=tcp:sql-orders-weu.database.windows.net,1433;Initial Catalog=orders;'
        "Persist Security Info=False;User ID=orders_api;Password={v};MultipleActiveResultSets=False;"
        'Encrypt=True;Connection Timeout=30;"',
        password(20),
    ),
    S(
        DB,
        "kv_pair",
        'cnxn = pyodbc.connect("DRIVER={ODBC Driver 18 for SQL Server};SERVER=10.40.7.21,1433;'
        'DATABASE=Payroll;UID=payroll_ro;PWD={v};TrustServerCertificate=yes")',
        password(17),
    ),
    # ================================================================ secrets: config files
    S(DB, "config_file", '/home/deploy/.my.cnf:4:password="{v}"', password(18)),
    S(
        MQ,
        "jaas",
        "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required"
        ' username="ledger-producer" password="{v}";',
        password(24),
    ),
    S(
        MQ,
        "named",
        'producer = Producer({"bootstrap.servers": "kafka-1.stream.internal:9094", "security.protocol": "SASL_SSL",'
        ' "sasl.mechanism": "SCRAM-SHA-256", "sasl.username": "clickstream", "sasl.password": "{v}"})',
        b62(28),
    ),
    S(MQ, "named", "ssl.key.password={v}", password(16)),
    S(
        MQ,
        "nkey_seed",
        'const nc = await connect({ servers: "tls://nats.edge-fleet.net:4222",'
        ' authenticator: nkeyAuthenticator(new TextEncoder().encode("{v}")) });',
        join("SU", pick(B32, 56)),
    ),
    S(
        DB,
        "api_key",
        '$ curl -s -H "Authorization: ApiKey {v}" "https://es-logs-hot-2.obs.internal:9200/_cat/indices/filebeat-*?v&s=index"',
        es_api_key,
    ),
    S(
        DB,
        "named",
        "$ PRIVATE_KEY_PASSPHRASE='{v}' snowsql -a {acct}.eu-central-1 -u LOADER_SVC"
        " --private-key-path ~/.snowflake/loader_rsa_key.p8 -d RAW_EVENTS -s PUBLIC -w LOAD_WH",
        password(20),
        acct=join(pick(string.ascii_lowercase, 2), digits(5)),
    ),
    # ================================================================ secrets: less common names
    S(DB, "named", "masterauth {v}", b62(32)),
    S(DB, "named", "      NEO4J_AUTH: neo4j/{v}", b62(18)),
    S(DB, "named", "      - ELASTIC_PASSWORD={v}", b62(20)),
    # ================================================================ secrets: errors and logs echoing a DSN
    S(
        DB,
        "log_dsn",
        'level=error ts=2024-06-03T08:41:17.202Z caller=store.go:88 msg="clickhouse connect failed"'
        ' dsn="clickhouse://ingest:{v}@ch-events-01.analytics:9000/events?dial_timeout=5s&compress=lz4"'
        ' err="code: 516, message: ingest: Authentication failed"',
        urlpw(20),
    ),
    S(
        MQ,
        "log_dsn",
        "[2024-06-03 11:02:44,118: ERROR/MainProcess] consumer: Cannot connect to"
        " amqp://celery_app:{v}@rabbitmq-tasks.internal:5672/billing: [Errno 111] Connection refused.",
        urlpw(20),
    ),
    # ================================================================ look-alikes: no password / read from env or file
    L(
        DB,
        "no_password_uri",
        "$ PGPASSFILE=~/.config/pg/pgpass_warehouse psql \"{v}\" -c '\\dt staging.*'",
        const("postgresql://etl_ro@pg-warehouse-ro.data.internal:5432/warehouse?sslmode=verify-full"),
    ),
    L(
        DB,
        "no_password_uri",
        "MONGODB_URI={v}?authSource=%24external&authMechanism=MONGODB-X509&retryWrites=true&w=majority",
        join("mongodb+srv://cluster-ledger.", pick(string.ascii_lowercase + string.digits, 5), ".mongodb.net/"),
    ),
    L(DB, "env_ref", "      POSTGRES_PASSWORD: {v}", const("${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}")),
    L(DB, "file_ref", "      MYSQL_ROOT_PASSWORD_FILE: {v}", const("/run/secrets/mysql_root_password")),
    L(
        MQ,
        "file_ref",
        "$ nats --server tls://nats.edge-fleet.net:4222 --creds {v} sub 'telemetry.>'",
        const("~/.local/share/nats/nsc/keys/creds/fleet-op/TELEMETRY/ingest.creds"),
    ),
    # ================================================================ look-alikes: masked as tools print them
    L(
        MQ,
        "masked",
        "- ** ---------- .> transport:   {v}",
        const("amqp://celery_app:**@rabbitmq-tasks.internal:5672/billing"),
    ),
    L(
        DB,
        "masked",
        "Engine({v})",
        const("postgresql+psycopg://orders_api:***@pg-orders-primary.db.svc:5432/orders"),
    ),
    L(MQ, "masked", "\tsasl.jaas.config = {v}", const("[hidden]")),
    # ================================================================ look-alikes: placeholders
    L(MQ, "placeholder", "EMAIL_HOST_PASSWORD={v}", interleaved(12)),
    L(DB, "placeholder", "$ mysql -h <host> -P 3306 -u <user> -p{v} <database>", const("<password>")),
    L(MQ, "placeholder", "      RABBITMQ_DEFAULT_PASS: {v}", const("changeme")),
    L(MQ, "placeholder", "  mqtt_password: {v}", keyboard_run(12)),
    # ================================================================ look-alikes: identifiers
    L(MQ, "public_id", '[ OK] generated and stored user key "{v}"', join("U", pick(B32, 55))),
    L(MQ, "public_id", "$ kafka-storage.sh format -t {v} -c config/kraft/server.properties", b64url(22)),
    L(
        MQ,
        "public_id",
        "fraud-scoring-v2 payments.authorized 3          118204          118211          7"
        "               consumer-fraud-scoring-v2-1-{v} /10.12.4.87     consumer-fraud-scoring-v2-1",
        uuid,
    ),
    # ================================================================ look-alikes: hashes and positions
    L(DB, "hash", "{v}  pg_dump_shop_2024-06-02.sql.gz", hexl(32)),
    L(
        DB,
        "hash",
        "INFO  [alembic.runtime.migration] Running upgrade {a} -> {v}, add refund_reason to payments",
        hexl(12),
        a=hexl(12),
    ),
    L(DB, "hash", "           Executed_Gtid_Set: {v}", gtid_set),
    # ================================================================ look-alikes: non-secrets under secret names
    L(DB, "named_non_secret", "password_encryption = {v}\t\t# scram-sha-256 or md5", const("scram-sha-256")),
    L(MQ, "named_non_secret", "sasl.mechanism={v}", const("SCRAM-SHA-512")),
    L(
        MQ,
        "named_non_secret",
        "ssl.truststore.password={v}",
        const("${file:/opt/kafka/secrets/truststore.properties:truststore.password}"),
    ),
]
