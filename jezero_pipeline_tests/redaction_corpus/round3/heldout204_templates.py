"""A two-hundred-and-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the consoles, CLIs and client libraries of database-as-a-service vendors: MongoDB
Atlas (programmatic API keys, an 8-letter public key beside a UUID private key, the `atlas` CLI
and its config.toml, `mdb_sa_id_`/`mdb_sa_sk_` service accounts, `mongodb+srv://` strings),
Redis Cloud (the account key / secret key pair under `x-api-key` / `x-api-secret-key`, database
passwords), Aiven (long base64 API tokens sent as `Authorization: aivenv1 …`, the Terraform
provider, `AVNS_` service passwords), Turso (EdDSA JWT database tokens, `libsql://…?authToken=`),
Xata (`xau_` API keys, the Postgres wire endpoint), CockroachDB Cloud (`CCDB1_` service account
keys, `cockroach sql --url`), Timescale (access key / secret key client credentials, `tsdbadmin`
URIs), SingleStore (management API bearer keys, `singlestoredb.connect`), Upstash (REST tokens,
`new Redis({url, token})`), Supabase (the service_role JWT against the public anon JWT,
`sb_secret_`/`sb_publishable_`, `sbp_` access tokens, `supabase secrets list`
digests), Fauna (`fn…` secrets and numeric key refs), Neon (`napi_` API keys, project ids)
and PlanetScale (`pscale_tkn_` service tokens and their ids), in commands, config files, code
and tool output, with the public ids, masks, references and placeholders the same documentation
shows beside them. Tembo was left out for want of a token shape the author could vouch for.

The search budget was spent before this set was written, so every shape here is from the
author's own knowledge of these vendors' documentation, not read afresh; lengths and alphabets
of the less-documented keys (Redis Cloud, Timescale, SingleStore, Atlas service accounts, Xata)
are best recollection. All values are generated.

First score, blind, before any rule changed for it (after the rules for 190 to 199):
26 of 26 secrets caught, 1 of 25 look-alikes altered (altered: a digest in `supabase secrets list`'s
`DIGEST` column after `│`; written from memory).
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
    lower_alnum,
    password,
    pick,
    uuid,
)

DB = "dbaas"

LOWER = "abcdefghijklmnopqrstuvwxyz"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def supabase_jwt(role: str):
    """A Supabase project API key: an HS256 JWT whose payload names the project ref and role."""

    def make(rng: random.Random) -> str:
        head = _b64url_json({"alg": "HS256", "typ": "JWT"})
        iat = rng.randrange(1_650_000_000, 1_720_000_000)
        payload = {
            "iss": "supabase",
            "ref": pick(LOWER, 20)(rng),
            "role": role,
            "iat": iat,
            "exp": iat + 315_360_000,
        }
        return f"{head}.{_b64url_json(payload)}.{b64url(43)(rng)}"

    return make


def turso_jwt(rng: random.Random) -> str:
    """A Turso database token: an EdDSA JWT (64-byte signature, 86 base64url characters)."""
    head = _b64url_json({"alg": "EdDSA", "typ": "JWT"})
    payload = {"a": "rw", "iat": rng.randrange(1_700_000_000, 1_730_000_000), "id": uuid(rng)}
    return f"{head}.{_b64url_json(payload)}.{b64url(86)(rng)}"


def masked_uuid(rng: random.Random) -> str:
    return "********-****-****-****-********" + hexl(4)(rng)


PORT = join(pick("12345", 1), digits(4))

neon_project = join(
    lambda r: r.choice(("polished", "small", "wispy", "ancient", "still")),
    "-",
    lambda r: r.choice(("star", "frost", "bird", "river", "meadow")),
    "-",
    digits(8),
)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 1, 25, "the rules for 190 to 199")

TEMPLATES = [
    # ---- MongoDB Atlas
    S(
        DB,
        "atlas_digest_curl",
        '$ curl --user "{pub}:{v}" --digest --header "Accept: application/vnd.atlas.2023-02-01+json"'
        ' "https://cloud.mongodb.com/api/atlas/v2/groups/{gid}/clusters?pretty=true"',
        uuid,
        pub=pick(LOWER, 8),
        gid=hexl(24),
    ),
    S(
        DB,
        "atlas_cli_config_toml",
        "$ cat ~/.config/atlascli/config.toml\n[default]\n  org_id = '{org}'\n  output = 'json'\n"
        "  private_api_key = '{v}'\n  project_id = '{proj}'\n  public_api_key = '{pub}'\n  service = 'cloud'",
        uuid,
        org=hexl(24),
        proj=hexl(24),
        pub=pick(LOWER, 8),
    ),
    S(
        DB,
        "mongodb_srv_password",
        'client = MongoClient("mongodb+srv://orders_rw:{v}@cluster0.{host}.mongodb.net/'
        '?retryWrites=true&w=majority&appName=Cluster0")',
        b62(16),
        host=lower_alnum(5),
    ),
    S(
        DB,
        "atlas_sa_secret",
        "  env:\n    MONGODB_ATLAS_CLIENT_ID: mdb_sa_id_{cid}\n    MONGODB_ATLAS_CLIENT_SECRET: {v}",
        join("mdb_sa_sk_", b62(40)),
        cid=hexl(24),
    ),
    # ---- Redis Cloud
    S(
        DB,
        "rediscloud_secret_header",
        '$ curl -s -X GET "https://api.redislabs.com/v1/subscriptions" -H "accept: application/json"'
        ' -H "x-api-key: $REDISCLOUD_ACCESS_KEY" -H "x-api-secret-key: {v}"',
        b62(50),
    ),
    S(
        DB,
        "redis_cloud_cli_url",
        "$ redis-cli -u redis://default:{v}@redis-{port}.c{c}.us-east-1-4.ec2.redns.redis-cloud.com:{port} PING\nPONG",
        b62(32),
        port=PORT,
        c=digits(3),
    ),
    # ---- Aiven
    S(
        DB,
        "aiven_auth_header",
        "$ curl -s -H 'Authorization: aivenv1 {v}' https://api.aiven.io/v1/project/acme-prod/service | jq '.services[].service_name'",
        b64(372),
    ),
    S(
        DB,
        "aiven_service_uri",
        "$ avn service get pg-orders --project acme-prod --format '{service_uri}'\n"
        "postgres://avnadmin:{v}@pg-orders-acme-prod.a.aivencloud.com:{port}/defaultdb?sslmode=require",
        join("AVNS_", b62(19)),
        port=PORT,
    ),
    # ---- Turso
    S(
        DB,
        "turso_tokens_create",
        "$ turso db tokens create orders-prod --expiration none\n{v}",
        turso_jwt,
    ),
    S(
        DB,
        "turso_libsql_url",
        'const client = createClient({ url: "libsql://orders-prod-acme.turso.io?authToken={v}" });',
        turso_jwt,
    ),
    # ---- Xata
    S(
        DB,
        "xata_env",
        "# .env (written by `xata init`)\nXATA_BRANCH=main\nXATA_API_KEY={v}",
        join("xau_", b62(36)),
    ),
    S(
        DB,
        "xata_postgres_wire",
        '$ psql "postgresql://{ws}:{v}@us-east-1.sql.xata.sh/inventory:main?sslmode=require"',
        join("xau_", b62(36)),
        ws=lower_alnum(6),
    ),
    # ---- CockroachDB Cloud
    S(
        DB,
        "ccloud_api_bearer",
        "$ curl --request GET --url 'https://cockroachlabs.cloud/api/v1/clusters' --header 'Authorization: Bearer {v}'",
        join("CCDB1_", b62(22), "_", b62(40)),
    ),
    S(
        DB,
        "cockroach_sql_url",
        '$ cockroach sql --url "postgresql://maya:{v}@tidal-shark-{num}.8nk.gcp-us-east1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"',
        b64url(22),
        num=digits(4),
    ),
    # ---- Timescale
    S(
        DB,
        "timescale_terraform_secret",
        'provider "timescale" {\n  project_id = "{proj}"\n  access_key = "{ak}"\n  secret_key = "{v}"\n}',
        b62(43),
        proj=lower_alnum(10),
        ak=b62(26),
    ),
    S(
        DB,
        "timescale_tsdbadmin_uri",
        "Service URL: postgres://tsdbadmin:{v}@{svc}.{proj}.tsdb.cloud.timescale.com:{port}/tsdb?sslmode=require",
        lower_alnum(16),
        svc=lower_alnum(10),
        proj=lower_alnum(10),
        port=PORT,
    ),
    # ---- SingleStore
    S(
        DB,
        "singlestore_mgmt_bearer",
        'resp = requests.get("https://api.singlestore.com/v1/workspaceGroups",'
        ' headers={"Authorization": "Bearer {v}"})',
        hexl(64),
    ),
    S(
        DB,
        "singlestore_connect",
        "conn = s2.connect('admin:{v}@svc-{ws}-dml.aws-virginia-6.svc.singlestore.com:3306/orders')",
        password(20),
        ws=uuid,
    ),
    # ---- Upstash
    S(
        DB,
        "upstash_rest_curl",
        '$ curl https://us1-merry-cat-{num}.upstash.io/set/foo/bar -H "Authorization: Bearer {v}"\n{"result":"OK"}',
        join("AX", b62(2), "ASQg", b64(60), "="),
        num=digits(5),
    ),
    S(
        DB,
        "upstash_redis_ctor",
        'const redis = new Redis({\n  url: "https://eu1-sharp-lynx-{num}.upstash.io",\n  token: "{v}",\n});',
        join("AX", b62(2), "ASQg", b64(60), "="),
        num=digits(5),
    ),
    # ---- Supabase
    S(DB, "supabase_service_role", "SUPABASE_SERVICE_ROLE_KEY={v}", supabase_jwt("service_role")),
    S(
        DB,
        "supabase_secret_key",
        "const admin = createClient(process.env.SUPABASE_URL!, '{v}', { auth: { persistSession: false } })",
        join("sb_secret_", b64url(31)),
    ),
    S(
        DB,
        "supabase_login_token",
        "$ npx supabase login --token {v}\nYou are now logged in. Happy coding!",
        join("sbp_", hexl(40)),
    ),
    # ---- Fauna, Neon, PlanetScale, Tembo
    S(
        DB,
        "fauna_client_secret",
        "client = Client(secret='{v}', endpoint='https://db.fauna.com')",
        join("fnA", b64url(37)),
    ),
    S(
        DB,
        "neonctl_api_key",
        "$ neonctl projects list --api-key {v} --output json",
        join("napi_", lower_alnum(64)),
    ),
    S(
        DB,
        "pscale_service_token",
        "$ pscale connect orders main --org acme --service-token-id {tid} --service-token {v}",
        join("pscale_tkn_", b64url(43)),
        tid=lower_alnum(12),
    ),
    # ---- look-alikes: public ids
    L(DB, "atlas_public_key", "$ atlas config set public_api_key {v}", pick(LOWER, 8)),
    L(
        DB,
        "atlas_project_id",
        "$ atlas clusters list --projectId {v} --output json | jq -r '.results[].name'",
        hexl(24),
    ),
    L(
        DB,
        "atlas_sa_client_id",
        "export MONGODB_ATLAS_CLIENT_ID={v}\nexport MONGODB_ATLAS_CLIENT_SECRET=${{ secrets.ATLAS_SA_SECRET }}",
        join("mdb_sa_id_", hexl(24)),
    ),
    L(
        DB,
        "atlas_masked_private_key",
        "ID                         DESCRIPTION       PUBLIC KEY   PRIVATE KEY\n{id}   ci-deploy         {pub}     {v}",
        masked_uuid,
        id=hexl(24),
        pub=pick(LOWER, 8),
    ),
    L(
        DB,
        "gha_secret_ref",
        "      - run: atlas clusters pause orders\n        env:\n          MONGODB_ATLAS_PRIVATE_API_KEY: {v}",
        const("${{ secrets.MONGODB_ATLAS_PRIVATE_API_KEY }}"),
    ),
    L(
        DB,
        "rediscloud_env_ref",
        '  -H "x-api-key: $REDISCLOUD_ACCESS_KEY" -H "x-api-secret-key: {v}"',
        const("$REDISCLOUD_SECRET_KEY"),
    ),
    L(
        DB,
        "aiven_token_prefix",
        "$ avn user access-token list\nEXPIRY_TIME  DESCRIPTION       MAX_AGE_SECONDS  TOKEN_PREFIX\n"
        "null         terraform-ci      null             {v}",
        b64(10),
    ),
    L(DB, "aiven_tf_var", "  api_token = {v}\n}", const("var.aiven_api_token")),
    L(
        DB,
        "turso_db_id",
        "$ turso db show orders-prod\nName:           orders-prod\nURL:            libsql://orders-prod-acme.turso.io\n"
        "ID:             {v}\nGroup:          default",
        uuid,
    ),
    L(
        DB,
        "turso_placeholder",
        "# .env.example\nTURSO_DATABASE_URL=libsql://[db]-[org].turso.io\nTURSO_AUTH_TOKEN={v}",
        const("<your-auth-token>"),
    ),
    L(
        DB,
        "xata_placeholder",
        "XATA_API_KEY={v}  # create one at https://app.xata.io/settings",
        const("xau_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        DB,
        "xata_db_url",
        '{\n  "databaseURL": "{v}",\n  "codegen": { "output": "src/xata.ts" }\n}',
        join("https://acme-", lower_alnum(6), ".us-east-1.xata.sh/db/inventory"),
    ),
    L(
        DB,
        "ccloud_cluster_id",
        '$ curl -s -H "Authorization: Bearer $COCKROACH_API_KEY" https://cockroachlabs.cloud/api/v1/clusters/{v}/nodes',
        uuid,
    ),
    L(
        DB,
        "timescale_project_id",
        "export TIMESCALE_PROJECT_ID={v}\nexport TIMESCALE_SERVICE_ID={svc}",
        lower_alnum(10),
        svc=lower_alnum(10),
    ),
    L(
        DB,
        "singlestore_workspace_id",
        '    "workspaceID": "{v}",\n    "name": "orders-ws",\n    "state": "ACTIVE",\n    "size": "S-00",',
        uuid,
    ),
    L(
        DB,
        "upstash_rest_url",
        "UPSTASH_REDIS_REST_URL={v}\nUPSTASH_REDIS_REST_TOKEN=${UPSTASH_REDIS_REST_TOKEN:?missing}",
        join("https://us1-merry-cat-", digits(5), ".upstash.io"),
    ),
    L(
        DB,
        "supabase_anon_key",
        "NEXT_PUBLIC_SUPABASE_ANON_KEY={v}",
        supabase_jwt("anon"),
        note="the anon key is public by design",
    ),
    L(
        DB,
        "supabase_publishable_key",
        "const supabase = createClient('https://{ref}.supabase.co', '{v}')",
        join("sb_publishable_", b64url(31)),
        ref=pick(LOWER, 20),
    ),
    L(DB, "supabase_project_ref", "$ supabase link --project-ref {v}\nFinished supabase link.", pick(LOWER, 20)),
    L(
        DB,
        "supabase_secret_digest",
        "$ supabase secrets list\n        NAME         │                              DIGEST\n"
        "  ────────────────────┼────────────────────────────────────────────────\n  STRIPE_SECRET_KEY   │ {v}",
        hexl(64),
    ),
    L(
        DB,
        "fauna_key_ref",
        '{\n  ref: Key("{v}"),\n  ts: {ts},\n  role: "server",\n  name: "ci-deploy"\n}',
        digits(18),
        ts=digits(16),
    ),
    L(
        DB,
        "neon_password_ref",
        "DATABASE_URL=postgresql://neondb_owner:{v}@ep-cool-darkness-{num}.us-east-2.aws.neon.tech/neondb?sslmode=require",
        const("${NEON_DB_PASSWORD}"),
        num=digits(6),
    ),
    L(DB, "neon_project_id", "$ neonctl branches create --project-id {v} --name preview/pr-482", neon_project),
    L(
        DB,
        "pscale_token_id",
        "$ pscale service-token show-access {v} --org acme\n  DATABASE   ACCESSES\n  orders     read_branch, connect_production_branch",
        lower_alnum(12),
    ),
    L(
        DB,
        "checksum",
        "$ sha256sum mongodb-atlas-cli_1.21.0_linux_x86_64.tar.gz\n{v}  mongodb-atlas-cli_1.21.0_linux_x86_64.tar.gz",
        hexl(64),
    ),
]
