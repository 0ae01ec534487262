"""A ninety-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of ORMs, schema-migration tools and database proxies: Prisma (the
`postgresql://` URL format, Prisma Postgres pooled and direct strings on `db.prisma.io` with an
`sk_` password, the Prisma Accelerate `prisma+postgres://accelerate.prisma-data.net/?api_key=…`
JWT and its `__API_KEY__` placeholder, `_prisma_migrations` checksums), Hasura (the
`x-hasura-admin-secret` header, `--admin-secret`, `HASURA_GRAPHQL_JWT_SECRET` with an HS256 key,
an RS256 public key or a `jwk_url`, `X-Hasura-User-Id`), Liquibase (`--password`, the Pro
`licenseKey` blob in `liquibase.properties`, `9:` changeset checksums), Redgate Flyway
(`flyway.password`, `-password=`, the `FL01…` license key in `FLYWAY_LICENSE_KEY`, `${env.…}`
resolvers in TOML, `jdbc-secretsmanager:` secret ids, `flyway_schema_history` checksums), Atlas
(`atlas login --token`, `getenv("ATLAS_TOKEN")`, `atlas.sum` `h1:` hashes, the setup-atlas
`cloud-token` input), Drizzle Kit (`dbCredentials` with a password, the D1 HTTP driver's account
id, database id and Cloudflare token, a Turso `authToken`), Sequelize (positional password,
`use_env_variable`), TypeORM (`DataSource` options, a `ConfigService` lookup), PgBouncer
(`userlist.txt`, `[databases]` libpq strings, `auth_query`), ProxySQL (`admin_credentials`,
`mysql_users`, cluster checksums), Vitess (`mysql_auth_server_static_file` users JSON),
PlanetScale (`pscale_pw_` passwords, `pscale_tkn_` service tokens and their public ids, branch
usernames), DBeaver (`data-sources.json` `auth-properties`, connection ids) and TablePlus
(copied connection URLs), in commands, config files, code and tool output, with the public ids,
hashes, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 90 to 94):
24 of 25 secrets caught, 4 of 25 look-alikes altered (missed: a PgBouncer `userlist.txt` line;
altered: `password: configService.get<string>(…)`, a PEM public key under `key` in
`HASURA_GRAPHQL_JWT_SECRET`, a Cloudflare `accountId` in a credentials map, `Authorization: <token
id>:$PLANETSCALE_SERVICE_TOKEN`).
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
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

DB = "dbtools"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RSA_SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def _b64u_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def accelerate_api_key(rng: random.Random) -> str:
    """A Prisma Accelerate API key: an HS256 JWT whose payload carries the key's ids."""
    header = _b64u_json({"alg": "HS256", "typ": "JWT"})
    payload = _b64u_json(
        {
            "jwt_id": 1,
            "secure_key": "sk_" + b64url(21)(rng),
            "api_key": "01" + pick(CROCKFORD, 24)(rng),
            "tenant_id": hexl(64)(rng),
            "internal_secret": uuid(rng),
        }
    )
    return f"{header}.{payload}.{b64url(43)(rng)}"


def turso_token(rng: random.Random) -> str:
    """A Turso database token: an EdDSA JWT."""
    header = _b64u_json({"alg": "EdDSA", "typ": "JWT"})
    payload = _b64u_json({"a": "rw", "iat": int("17" + digits(8)(rng)), "id": uuid(rng)})
    return f"{header}.{payload}.{b64url(86)(rng)}"


def rsa_public_pem_escaped(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo PEM with its line breaks written as a literal \\n (inside JSON)."""
    body = RSA_SPKI_HEAD + b64(341)(rng) + rng.choice("AQgw") + "IDAQAB"
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN PUBLIC KEY-----\\n" + "\\n".join(lines) + "\\n-----END PUBLIC KEY-----"


def b64_pad1(n: int):
    """n base64 characters then `=`, the last character one a 32-byte (or 2-mod-3) value can end in."""
    head = b64(n - 1)
    return lambda rng: head(rng) + rng.choice("AEIMQUYcgkosw048") + "="


def b64_pad2(n: int):
    """n base64 characters then `==`, the last character one a 1-mod-3 byte count can end in."""
    head = b64(n - 1)
    return lambda rng: head(rng) + rng.choice("AQgw") + "=="


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 4, 25, "the rules for 90 to 94")

TEMPLATES: list = [
    # ---- secrets: Prisma and Prisma Accelerate
    S(
        DB,
        "prisma_postgres_direct_url",
        "# .env (generated in Prisma Console > Connect to your database)\n"
        'DATABASE_URL="postgres://{user}:{v}@pooled.db.prisma.io:5432/?sslmode=require"\n'
        'DIRECT_URL="postgres://{user}:{v}@db.prisma.io:5432/?sslmode=require"',
        join("sk_", b64url(21)),
        user=hexl(32),
    ),
    S(
        DB,
        "prisma_accelerate_api_key",
        "$ vercel env pull .env.local && grep DATABASE_URL .env.local\n"
        'DATABASE_URL="prisma+postgres://accelerate.prisma-data.net/?api_key={v}"',
        accelerate_api_key,
    ),
    # ---- secrets: Hasura
    S(
        DB,
        "hasura_admin_secret_header",
        "$ curl -s https://ledger-prod.hasura.app/v1/graphql -H 'content-type: application/json' "
        "-H 'x-hasura-admin-secret: {v}' -d '{\"query\":\"{ invoices(limit: 1) { id status } }\"}'",
        b62(64),
    ),
    S(
        DB,
        "hasura_cli_admin_secret",
        "$ hasura metadata apply --endpoint https://graphql.brightkite.dev --admin-secret {v} --skip-update-check",
        password(28),
    ),
    S(
        DB,
        "hasura_jwt_hs256_key",
        "      HASURA_GRAPHQL_DATABASE_URL: postgres://hasura:${PG_PASSWORD}@postgres:5432/ledger\n"
        '      HASURA_GRAPHQL_JWT_SECRET: \'{"type":"HS256","key":"{v}","claims_namespace":"https://hasura.io/jwt/claims"}\'',
        b62(48),
    ),
    # ---- secrets: Liquibase
    S(
        DB,
        "liquibase_cli_password",
        "$ liquibase update --changelog-file=db/changelog/db.changelog-master.yaml "
        "--url=\"jdbc:postgresql://ledger-db.internal:5432/ledger\" --username=liquibase_ci --password='{v}'",
        password(22),
    ),
    S(
        DB,
        "liquibase_license_key",
        "$ cat liquibase.properties\nchangelog-file: db/changelog/db.changelog-master.xml\n"
        "url: jdbc:oracle:thin:@//ora-prod.internal:1521/LEDGER\nusername: LB_DEPLOY\n"
        "liquibase.licenseKey: {v}",
        join("ABwwGgQU", b64_pad2(670)),
    ),
    # ---- secrets: Flyway
    S(
        DB,
        "flyway_conf_password",
        "flyway.url=jdbc:sqlserver://sql-prod.internal:1433;databaseName=Billing;encrypt=true\n"
        "flyway.user=flyway_migrator\nflyway.password={v}\nflyway.locations=filesystem:sql/migrations",
        password(20),
    ),
    S(
        DB,
        "flyway_cli_password",
        "$ flyway -url=jdbc:mysql://orders-primary.internal:3306/orders -user=flyway -password={v} "
        "-locations=filesystem:./migrations migrate",
        b62(24),
    ),
    S(
        DB,
        "flyway_license_key",
        "$ docker run --rm -e FLYWAY_LICENSE_KEY={v} -v $PWD/sql:/flyway/sql redgate/flyway "
        "-url=jdbc:postgresql://ledger-db:5432/ledger -user=flyway info",
        join("FL01", hexu(512)),
    ),
    # ---- secrets: Atlas and Drizzle Kit
    S(
        DB,
        "atlas_login_token",
        '$ atlas login --token {v}\nYou are now connected to "brightkite" on Atlas Cloud.',
        b64url(43),
    ),
    S(
        DB,
        "drizzle_db_credentials",
        "export default defineConfig({\n  dialect: 'postgresql',\n  schema: './src/db/schema.ts',\n"
        "  dbCredentials: {\n    host: 'ledger-db.internal',\n    port: 5432,\n    user: 'ledger_app',\n"
        "    password: '{v}',\n    database: 'ledger',\n    ssl: true,\n  },\n});",
        password(18),
    ),
    S(
        DB,
        "drizzle_d1_token",
        "  driver: 'd1-http',\n  dbCredentials: {\n    accountId: '{acct}',\n    databaseId: '{dbid}',\n"
        "    token: '{v}',\n  },",
        b64url(40),
        acct=hexl(32),
        dbid=uuid,
    ),
    S(
        DB,
        "drizzle_turso_auth_token",
        "$ turso db tokens create ledger-edge\n{v}\n"
        '$ gh secret set TURSO_AUTH_TOKEN --body "$(pbpaste)" && npx drizzle-kit push',
        turso_token,
    ),
    # ---- secrets: Sequelize and TypeORM
    S(
        DB,
        "sequelize_positional_password",
        "const sequelize = new Sequelize('ledger', 'ledger_app', '{v}', {\n  host: 'ledger-db.internal',\n"
        "  dialect: 'postgres',\n  logging: false,\n});",
        password(16),
    ),
    S(
        DB,
        "typeorm_datasource_password",
        'export const AppDataSource = new DataSource({\n  type: "mysql",\n'
        '  host: "orders-primary.cluster-c8x1bq.eu-west-1.rds.amazonaws.com",\n  port: 3306,\n'
        '  username: "orders_svc",\n  password: "{v}",\n  database: "orders",\n  synchronize: false,',
        b62(26),
    ),
    # ---- secrets: PgBouncer, ProxySQL, Vitess
    S(
        DB,
        "pgbouncer_userlist",
        '$ sudo cat /etc/pgbouncer/userlist.txt\n"pgbouncer_admin" "{adm}"\n"ledger_app" "{v}"',
        password(20),
        adm=password(20),
    ),
    S(
        DB,
        "pgbouncer_databases_dsn",
        "[databases]\nledger = host=10.0.3.12 port=5432 dbname=ledger user=ledger_app password={v}\n"
        "* = host=10.0.3.12 port=5432\n\n[pgbouncer]\nlisten_port = 6432\nauth_type = scram-sha-256",
        b62(22),
    ),
    S(
        DB,
        "proxysql_admin_credentials",
        'admin_variables=\n{\n    admin_credentials="admin:admin;cluster_sync:{v}"\n    mysql_ifaces="0.0.0.0:6032"\n}',
        b62(20),
    ),
    S(
        DB,
        "proxysql_mysql_users",
        "admin> INSERT INTO mysql_users (username, password, default_hostgroup) VALUES ('orders_svc', '{v}', 10);\n"
        "admin> LOAD MYSQL USERS TO RUNTIME; SAVE MYSQL USERS TO DISK;",
        password(18),
    ),
    S(
        DB,
        "vitess_static_auth",
        '$ cat /vt/config/users.json\n{\n  "orders_svc": [\n    {\n      "UserData": "orders_svc",\n'
        '      "Password": "{v}"\n    }\n  ]\n}',
        password(24),
    ),
    # ---- secrets: PlanetScale
    S(
        DB,
        "planetscale_password_url",
        "DATABASE_URL='mysql://{user}:{v}@aws.connect.psdb.cloud/ledger?sslaccept=strict'",
        join("pscale_pw_", b62(43)),
        user=lower_alnum(20),
    ),
    S(
        DB,
        "planetscale_service_token",
        "$ pscale deploy-request create ledger add-payout-index --org brightkite "
        "--service-token-id {tid} --service-token {v}",
        join("pscale_tkn_", b62(43)),
        tid=lower_alnum(12),
    ),
    # ---- secrets: DBeaver and TablePlus
    S(
        DB,
        "dbeaver_auth_properties",
        '      "configuration": {\n        "host": "10.20.4.17",\n        "port": "5432",\n'
        '        "database": "analytics",\n        "url": "jdbc:postgresql://10.20.4.17:5432/analytics",\n'
        '        "auth-model": "native",\n        "auth-properties": {\n          "userName": "bi_reader",\n'
        '          "userPassword": "{v}"\n        }',
        password(17),
    ),
    S(
        DB,
        "tableplus_copied_url",
        "postgresql://ledger_app:{v}@ledger-db.internal:5432/ledger?statusColor=F8F8F8&enviroment=production"
        "&name=Ledger%20prod&tLSMode=2&usePrivateKey=false&safeModeLevel=0&advancedSafeModeLevel=0",
        b62(20),
    ),
    # ---- look-alikes: placeholders and references
    L(
        DB,
        "prisma_accelerate_placeholder",
        "# New Accelerate connection string with generated API_KEY\n"
        'DATABASE_URL="prisma://accelerate.prisma-data.net/?api_key={v}"',
        const("__API_KEY__"),
    ),
    L(
        DB,
        "prisma_docs_url",
        "# .env.example (copy to .env and fill in)\nDATABASE_URL={v}",
        const('"postgresql://johndoe:randompassword@localhost:5432/mydb?schema=public"'),
    ),
    L(
        DB,
        "prisma_env_function",
        'datasource db {\n  provider  = "postgresql"\n  url       = {v}\n  directUrl = env("DIRECT_URL")\n}',
        const('env("DATABASE_URL")'),
    ),
    L(
        DB,
        "hasura_compose_ref",
        "    environment:\n      HASURA_GRAPHQL_ADMIN_SECRET: {v}\n      HASURA_GRAPHQL_UNAUTHORIZED_ROLE: anonymous",
        const("${HASURA_ADMIN_SECRET:?set HASURA_ADMIN_SECRET}"),
    ),
    L(
        DB,
        "flyway_env_resolver",
        '[environments.prod]\nurl = "jdbc:postgresql://ledger-db.internal:5432/ledger"\nuser = "flyway"\n'
        "password = {v}",
        const('"${env.FLYWAY_PROD_PASSWORD}"'),
    ),
    L(
        DB,
        "flyway_secretsmanager_user",
        "flyway.url=jdbc-secretsmanager:postgresql://ledger-db.internal:5432/ledger\nflyway.user={v}\n"
        "# flyway.password removed: the driver reads it from AWS Secrets Manager",
        const("prod/ledger/flyway-migrator"),
    ),
    L(
        DB,
        "atlas_getenv",
        'variable "cloud_token" {\n  type    = string\n  default = {v}\n}\n\natlas {\n  cloud {\n'
        "    token = var.cloud_token\n  }\n}",
        const('getenv("ATLAS_TOKEN")'),
    ),
    L(
        DB,
        "atlas_gha_secret_ref",
        "      - uses: ariga/setup-atlas@v0\n        with:\n          cloud-token: {v}",
        const("${{ secrets.ATLAS_CLOUD_TOKEN }}"),
    ),
    L(
        DB,
        "sequelize_use_env_variable",
        '{\n  "production": {\n    "use_env_variable": "{v}",\n    "dialect": "postgres",\n'
        '    "dialectOptions": { "ssl": { "require": true } }\n  }\n}',
        const("DATABASE_URL"),
    ),
    L(
        DB,
        "typeorm_config_service",
        "      username: configService.get<string>('DB_USERNAME'),\n      password: {v},\n"
        "      database: configService.get<string>('DB_NAME'),",
        const("configService.get<string>('DB_PASSWORD')"),
    ),
    L(
        DB,
        "pgbouncer_auth_query",
        "auth_type = scram-sha-256\nauth_user = pgbouncer_auth\nauth_query = {v}",
        const("SELECT usename, passwd FROM pgbouncer.user_lookup($1)"),
    ),
    L(
        DB,
        "masked_url",
        "$ echo \"$DIRECT_URL\" | sed -E 's#:[^:@/]+@#:****@#'\n{v}",
        join("postgres://", hexl(32), ":****@db.prisma.io:5432/?sslmode=require"),
    ),
    # ---- look-alikes: public keys and non-secret values under secret-sounding names
    L(
        DB,
        "hasura_rs256_public_key",
        'HASURA_GRAPHQL_JWT_SECRET=\'{"type":"RS256","key":"{v}","issuer":"https://auth.brightkite.dev/"}\'',
        rsa_public_pem_escaped,
    ),
    L(
        DB,
        "hasura_jwk_url",
        'HASURA_GRAPHQL_JWT_SECRET=\'{"type":"RS256","jwk_url":"{v}","audience":"ledger-7f31c","issuer":'
        '"https://securetoken.google.com/ledger-7f31c"}\'',
        const("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
    ),
    # ---- look-alikes: public ids
    L(
        DB,
        "hasura_user_id_header",
        '$ curl -s https://ledger-prod.hasura.app/v1/graphql -H "Authorization: Bearer $USER_JWT" '
        "-H 'X-Hasura-Role: user' -H 'X-Hasura-User-Id: {v}' -d @query.json",
        uuid,
    ),
    L(
        DB,
        "d1_account_id",
        "  driver: 'd1-http',\n  dbCredentials: {\n    accountId: '{v}',\n"
        "    databaseId: process.env.CLOUDFLARE_DATABASE_ID!,\n    token: process.env.CLOUDFLARE_D1_TOKEN!,\n  },",
        hexl(32),
    ),
    L(
        DB,
        "d1_database_id",
        "$ npx wrangler d1 list\n┌──────────────────────────────────────┬─────────────┬────────────┐\n"
        "│ uuid                                 │ name        │ created_at │\n"
        "├──────────────────────────────────────┼─────────────┼────────────┤\n"
        "│ {v} │ ledger-edge │ 2024-05-14 │",
        uuid,
    ),
    L(
        DB,
        "pscale_username",
        "$ pscale password list ledger main --org brightkite\n"
        "  NAME            ID             USERNAME               ACCESS HOST URL          ROLE    CREATED AT\n"
        "  ci-migrations   {pid}   {v}   aws.connect.psdb.cloud   admin   2 days ago",
        lower_alnum(20),
        pid=lower_alnum(12),
    ),
    L(
        DB,
        "pscale_service_token_id",
        "$ curl -s https://api.planetscale.com/v1/organizations "
        "-H \"Authorization: {v}:$PLANETSCALE_SERVICE_TOKEN\" | jq '.data[].name'",
        lower_alnum(12),
    ),
    L(
        DB,
        "dbeaver_connection_id",
        '  "connections": {\n    "{v}": {\n      "provider": "postgresql",\n      "driver": "postgres-jdbc",\n'
        '      "name": "analytics (prod)",\n      "save-password": false,',
        join("postgres-jdbc-18", hexl(9), "-", hexl(16)),
    ),
    # ---- look-alikes: hashes and checksums
    L(
        DB,
        "prisma_migration_checksum",
        "ledger=> SELECT migration_name, checksum FROM _prisma_migrations ORDER BY finished_at DESC LIMIT 1;\n"
        "          migration_name          |                             checksum\n"
        "----------------------------------+------------------------------------------------------------------\n"
        " 20240611093015_add_payout_status | {v}",
        hexl(64),
    ),
    L(
        DB,
        "liquibase_checksum",
        '            "changeLog" : "db/changelog/2024/06-payouts.yaml",\n            "checksum" : "{v}",\n'
        '            "deploymentId" : "{dep}",\n            "execType" : "EXECUTED",',
        join("9:", hexl(32)),
        dep=digits(10),
    ),
    L(
        DB,
        "flyway_history_checksum",
        "ledger=> SELECT installed_rank, version, description, checksum FROM flyway_schema_history "
        "ORDER BY installed_rank DESC LIMIT 1;\n installed_rank | version |  description   |  checksum\n"
        "----------------+---------+----------------+-------------\n             14 | 1.14    | add payout idx | {v}",
        join("-1", digits(9)),
    ),
    L(
        DB,
        "atlas_sum",
        "$ atlas migrate hash --dir file://migrations && cat migrations/atlas.sum\n{v}\n"
        "20240312101500_init.sql h1:{h2}\n20240402084512_add_payouts.sql h1:{h3}",
        join("h1:", b64_pad1(43)),
        h2=b64_pad1(43),
        h3=b64_pad1(43),
    ),
    L(
        DB,
        "proxysql_cluster_checksum",
        "admin> SELECT hostname, name, version, checksum FROM stats_proxysql_servers_checksums WHERE name='mysql_users';\n"
        "+---------------+-------------+---------+--------------------+\n"
        "| proxysql-2.db | mysql_users | 7       | {v} |",
        join("0x", hexu(16)),
    ),
]
