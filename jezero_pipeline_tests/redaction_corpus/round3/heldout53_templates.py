"""A fifty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of backend-as-a-service and serverless databases: Supabase (the
anon and service_role JWTs, publishable and secret `sb_` keys, `sbp_` personal access tokens,
project refs, `supabase link`/`db push` database passwords, pooler connection strings, `supabase
secrets list`), Firebase (the public web config `apiKey`, service-account JSON, `firebase
login:ci` tokens), Appwrite (`standard_` API keys beside project ids, `appwrite client`),
PocketBase (`superuser upsert`), Convex (deploy keys vs `CONVEX_DEPLOYMENT` names), Neon
(connection strings with `npg_` passwords, endpoint hosts, project ids, `neonctl --api-key`),
PlanetScale (`pscale password create` output, `pscale_tkn_` service tokens and their ids),
Upstash Redis (REST URL vs full and read-only tokens, `rediss://` URLs), Turso (`turso db tokens
create`, `libsql://` URLs), Xata (`xau_` keys, `.xatarc`), Hasura (admin secret, HS256 and
`jwk_url` JWT configs), Prisma Accelerate (`prisma://…?api_key=`), Nhost (`nhost.toml` secret
references, `.secrets`, subdomains) and Fauna (`fauna create-key`, key ids), in commands, config
files and tool output, with the public ids, references and placeholders the same docs show beside
them.

First score, blind, before any rule changed for it (after the rules for 46 to 49):
24 of 25 secrets caught, 2 of 24 look-alikes altered (missed: a password as `pocketbase superuser upsert`'s last
argument; altered: a Firebase web `apiKey` (an `AIza` key, redacted by choice), a JSON object holding only a
`jwk_url` under `HASURA_GRAPHQL_JWT_SECRET`).
"""

from __future__ import annotations

import base64
import json
import random
import string

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
    password,
    pick,
    uuid,
)

BA = "baas"

RSA_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"
ADJECTIVES = ("brave", "quiet", "amber", "polished", "hidden", "tidy", "wistful", "rapid", "little", "careful")
NOUNS = ("otter", "heron", "lynx", "meadow", "falcon", "river", "badger", "pond", "cricket", "sparrow")

lower20 = pick(string.ascii_lowercase, 20)


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def compact(obj: dict) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def jwt(header: dict, claims, sig_len: int = 43):
    """A JWT of the given header, claims made from the rng, and a random signature."""

    def make(rng: random.Random) -> str:
        return f"{b64u(compact(header))}.{b64u(compact(claims(rng)))}.{b64url(sig_len)(rng)}"

    return make


def supabase_key(role: str):
    def claims(rng: random.Random) -> dict:
        iat = rng.randrange(1_650_000_000, 1_760_000_000)
        return {"iss": "supabase", "ref": lower20(rng), "role": role, "iat": iat, "exp": iat + 315_360_000}

    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def turso_claims(rng: random.Random) -> dict:
    return {"a": "rw", "iat": rng.randrange(1_700_000_000, 1_760_000_000), "id": uuid(rng)}


def accelerate_claims(rng: random.Random) -> dict:
    return {"api_key": uuid(rng), "tenant_id": hexl(64)(rng), "internal_secret": uuid(rng)}


def two_words(sep: str = "-"):
    return lambda rng: f"{rng.choice(ADJECTIVES)}{sep}{rng.choice(NOUNS)}"


def convex_name(rng: random.Random) -> str:
    return f"{two_words()(rng)}-{digits(3)(rng)}"


def convex_deploy_key(kind: str):
    def make(rng: random.Random) -> str:
        body = base64.b64encode(compact({"v2": hexl(64)(rng)})).decode()
        return f"{kind}:{convex_name(rng)}|{body}"

    return make


def neon_host(rng: random.Random) -> str:
    return f"ep-{two_words()(rng)}-{lower_alnum(8)(rng)}-pooler.us-east-2.aws.neon.tech"


def neon_project_id(rng: random.Random) -> str:
    return f"{two_words()(rng)}-{digits(8)(rng)}"


def upstash_url(rng: random.Random) -> str:
    return f"https://{two_words()(rng)}-{digits(5)(rng)}.upstash.io"


def rsa_body_json(rng: random.Random) -> str:
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(23)(rng) + "="]
    return "\n".join(lines)


def service_account_b64(rng: random.Random) -> str:
    """A whole Firebase service-account JSON, base64-encoded as CI secrets often hold it."""
    project = f"orchard-{digits(5)(rng)}"
    doc = {
        "type": "service_account",
        "project_id": project,
        "private_key_id": hexl(40)(rng),
        "private_key": "-----BEGIN PRIVATE KEY-----\n" + rsa_body_json(rng) + "\n-----END PRIVATE KEY-----\n",
        "client_email": f"firebase-adminsdk-{lower_alnum(5)(rng)}@{project}.iam.gserviceaccount.com",
        "client_id": digits(21)(rng),
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    return base64.b64encode(json.dumps(doc, indent=2).encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 24, "the rules for 46 to 49")

TEMPLATES = [
    # ---- secrets: Supabase
    S(
        BA,
        "supabase_service_role_jwt",
        "const supabaseAdmin = createClient('https://{ref}.supabase.co', '{v}', {\n"
        "  auth: { autoRefreshToken: false, persistSession: false },\n})",
        supabase_key("service_role"),
        ref=lower20,
    ),
    S(
        BA,
        "supabase_secret_key_header",
        '$ curl -s "https://{ref}.supabase.co/rest/v1/invoices?select=id,total&limit=5" -H "apikey: {v}"',
        join("sb_secret_", b64url(22), "_", b62(8)),
        ref=lower20,
    ),
    S(
        BA,
        "supabase_access_token",
        "$ SUPABASE_ACCESS_TOKEN={v} npx supabase functions deploy stripe-webhook --project-ref {ref} --no-verify-jwt",
        join("sbp_", hexl(40)),
        ref=lower20,
    ),
    S(
        BA,
        "supabase_link_password",
        "$ npx supabase link --project-ref {ref} -p '{v}'\nConnecting to remote database...\nFinished supabase link.",
        password(22),
        ref=lower20,
    ),
    S(
        BA,
        "supabase_pooler_url",
        'DATABASE_URL="postgresql://postgres.{ref}:{v}@aws-0-eu-central-1.pooler.supabase.com:6543/postgres'
        '?pgbouncer=true"',
        b62(24),
        ref=lower20,
    ),
    S(
        BA,
        "supabase_jwt_secret",
        "# backend/.env — used by verify_supabase_token() to check access tokens\nSUPABASE_JWT_SECRET={v}",
        join(b64(86), "=="),
    ),
    # ---- secrets: Firebase, Appwrite, PocketBase, Convex
    S(
        BA,
        "firebase_sa_base64",
        "      - name: Write service account\n"
        '        run: echo "$SA" | base64 -d > sa.json\n        env:\n          SA: {v}',
        service_account_b64,
    ),
    S(
        BA,
        "firebase_ci_token_gitlab",
        'variables:\n  FIREBASE_TOKEN: "{v}"\n\ndeploy_hosting:\n  stage: deploy\n'
        "  script:\n    - npx firebase-tools deploy --only hosting --non-interactive",
        join("1//0", b64url(99)),
    ),
    S(
        BA,
        "appwrite_cli_key",
        "$ appwrite client --endpoint https://fra.cloud.appwrite.io/v1 --project-id {pid} --key {v}",
        join("standard_", hexl(256)),
        pid=hexl(20),
    ),
    S(
        BA,
        "pocketbase_superuser",
        '$ ./pocketbase superuser upsert ops@tallyhouse.dev {v}\nSuccessfully saved superuser "ops@tallyhouse.dev"!',
        password(18),
    ),
    S(
        BA,
        "convex_deploy_key",
        "$ CONVEX_DEPLOY_KEY='{v}' npx convex deploy --cmd 'npm run build'",
        convex_deploy_key("prod"),
    ),
    # ---- secrets: Neon, PlanetScale
    S(
        BA,
        "neon_url_password",
        'DATABASE_URL="postgresql://ledger_owner:{v}@{host}/ledger?sslmode=require&channel_binding=require"',
        join("npg_", b62(12)),
        host=neon_host,
    ),
    S(
        BA,
        "neonctl_api_key",
        "$ npx neonctl branches create --project-id {proj} --name preview/pr-{pr} --api-key {v} --output json",
        lower_alnum(64),
        proj=neon_project_id,
        pr=digits(3),
    ),
    S(
        BA,
        "pscale_password_create",
        "$ pscale password create storefront main app-prod --role readwriter\n"
        "Password app-prod was successfully created in storefront/main.\n"
        "Please save the values below as they will not be shown again\n\n"
        "  NAME       BRANCH   ID             USERNAME               ACCESS HOST URL          ROLE         PASSWORD\n"
        "  app-prod   main     {pid}   {user}   aws.connect.psdb.cloud   readwriter   {v}",
        join("pscale_pw_", b64url(43)),
        pid=lower_alnum(12),
        user=lower_alnum(20),
    ),
    S(
        BA,
        "pscale_service_token",
        "$ pscale deploy-request create storefront add-orders-index --org tallyhouse"
        " --service-token-id {tid} --service-token {v}",
        join("pscale_tkn_", b64url(43)),
        tid=lower_alnum(12),
    ),
    # ---- secrets: Upstash, Turso, Xata
    S(
        BA,
        "upstash_rest_token",
        '$ curl {url}/set/feature:checkout-v2/on -H "Authorization: Bearer {v}"\n{"result":"OK"}',
        join("AX", b62(58), "="),
        url=upstash_url,
    ),
    S(
        BA,
        "upstash_readonly_token",
        "KV_REST_API_URL={url}\nKV_REST_API_READ_ONLY_TOKEN={v}",
        join("Ag", b62(58), "="),
        url=upstash_url,
    ),
    S(
        BA,
        "upstash_rediss_url",
        "$ redis-cli --tls -u rediss://default:{v}@{host}.upstash.io:6379 PING\nPONG",
        b62(34),
        host=join("gusc1-", two_words(), "-", digits(5)),
    ),
    S(
        BA,
        "turso_db_token",
        "$ turso db tokens create ledger-prod --expiration 30d\n{v}",
        jwt({"alg": "EdDSA", "typ": "JWT"}, turso_claims, 86),
    ),
    S(BA, "xata_api_key", "XATA_API_KEY={v}\nXATA_BRANCH=main", join("xau_", b62(36))),
    # ---- secrets: Hasura, Prisma Accelerate, Nhost, Fauna
    S(
        BA,
        "hasura_cli_admin_secret",
        "$ hasura migrate apply --endpoint https://{sub}.hasura.app --admin-secret {v} --database-name default",
        b62(32),
        sub=two_words(),
    ),
    S(
        BA,
        "hasura_jwt_hs256_key",
        '      HASURA_GRAPHQL_ENABLE_CONSOLE: "false"\n'
        '      HASURA_GRAPHQL_JWT_SECRET: \'{"type":"HS256","key":"{v}"}\'',
        b62(48),
    ),
    S(
        BA,
        "prisma_accelerate_key",
        'DATABASE_URL="prisma://accelerate.prisma-data.net/?api_key={v}"',
        jwt({"alg": "HS256", "typ": "JWT"}, accelerate_claims),
    ),
    S(
        BA,
        "nhost_dot_secrets",
        "# .secrets is read by `nhost up`; keep it out of git\nHASURA_GRAPHQL_ADMIN_SECRET = '{v}'",
        password(28),
    ),
    S(
        BA,
        "fauna_create_key",
        "$ fauna create-key ledger server\ncreating key for database 'ledger' with role 'server'\n\n"
        "  created key for database 'ledger' with role 'server'.\n  secret: {v}",
        join("fnAF", b62(36)),
    ),
    # ---- look-alikes: keys the docs call public
    L(
        BA,
        "supabase_anon_jwt",
        "NEXT_PUBLIC_SUPABASE_URL=https://{ref}.supabase.co\nNEXT_PUBLIC_SUPABASE_ANON_KEY={v}",
        supabase_key("anon"),
        ref=lower20,
    ),
    L(
        BA,
        "supabase_publishable_key",
        "const supabase = createBrowserClient(\n  'https://{ref}.supabase.co',\n  '{v}',\n)",
        join("sb_publishable_", b64url(22), "_", b62(7)),
        ref=lower20,
    ),
    L(
        BA,
        "firebase_web_api_key",
        'const firebaseConfig = {\n  apiKey: "{v}",\n  authDomain: "{proj}.firebaseapp.com",\n'
        '  projectId: "{proj}",\n  messagingSenderId: "{sender}",\n  appId: "1:{sender}:web:{app}",\n};',
        join("AIza", b64url(35)),
        proj=join("orchard-", digits(5)),
        sender=digits(12),
        app=hexl(22),
    ),
    # ---- look-alikes: project ids, names, hosts and key ids
    L(
        BA,
        "supabase_project_ref",
        "$ npx supabase link --project-ref {v}\nEnter your database password (or leave blank to skip):",
        lower20,
    ),
    L(
        BA,
        "firebase_private_key_id",
        "$ jq -r .private_key_id sa.json\n{v}\n$ jq -r .client_email sa.json\n"
        "firebase-adminsdk-x3k9q@orchard-20417.iam.gserviceaccount.com",
        hexl(40),
    ),
    L(
        BA,
        "appwrite_project_id",
        '{\n    "projectId": "{v}",\n    "projectName": "Tallyhouse",\n'
        '    "endpoint": "https://fra.cloud.appwrite.io/v1"\n}',
        hexl(20),
    ),
    L(
        BA,
        "convex_deployment_name",
        "# Deployment used by `npx convex dev`\nCONVEX_DEPLOYMENT=dev:{v} # team: tallyhouse, project: ledger\n\n"
        "NEXT_PUBLIC_CONVEX_URL=https://{v}.convex.cloud",
        convex_name,
    ),
    L(
        BA,
        "neon_endpoint_host",
        "Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\n"
        'Datasource "db": PostgreSQL database "ledger", schema "public" at "{v}"',
        neon_host,
    ),
    L(
        BA,
        "neon_project_id",
        "$ npx neonctl projects list\n Id                        Name     Region Id        Created At\n"
        " {v}    ledger   aws-us-east-2    2024-11-02T09:14:51Z",
        neon_project_id,
    ),
    L(
        BA,
        "pscale_password_id",
        "$ pscale password delete storefront main {v} --force\nPassword {v} was successfully deleted from main.",
        lower_alnum(12),
    ),
    L(
        BA,
        "pscale_service_token_id",
        "        env:\n          PLANETSCALE_SERVICE_TOKEN_ID: {v}\n"
        "          PLANETSCALE_SERVICE_TOKEN: ${{ secrets.PLANETSCALE_SERVICE_TOKEN }}",
        lower_alnum(12),
    ),
    L(
        BA,
        "upstash_rest_url",
        '$ curl {v}/get/feature:checkout-v2 -H "Authorization: Bearer $UPSTASH_REDIS_REST_TOKEN"',
        upstash_url,
    ),
    L(
        BA,
        "turso_db_url",
        "$ turso db show ledger-prod --url\n{v}",
        join("libsql://ledger-prod-", two_words(), ".turso.io"),
    ),
    L(
        BA,
        "xata_database_url",
        '{\n  "databaseURL": "{v}",\n  "codegen": { "output": "src/xata.ts" }\n}',
        join("https://tallyhouse-", lower_alnum(6), ".us-east-1.xata.sh/db/ledger"),
    ),
    L(
        BA,
        "fauna_key_id",
        '> Key.byId("{v}")\n{\n  id: "{v}",\n  coll: Key,\n  role: "server",\n  database: "ledger"\n}',
        digits(18),
    ),
    L(
        BA,
        "hasura_jwk_url",
        '      HASURA_GRAPHQL_JWT_SECRET: \'{"jwk_url":"{v}","claims_format":"stringified_json"}\'',
        join("https://", pick(string.ascii_lowercase, 9), ".eu.auth0.com/.well-known/jwks.json"),
    ),
    L(BA, "nhost_subdomain", "NHOST_SUBDOMAIN={v}\nNHOST_REGION=eu-central-1", lower20),
    # ---- look-alikes: digests
    L(
        BA,
        "supabase_secret_digest",
        "$ npx supabase secrets list --project-ref qhvbrkcmzuwtnpxlaedo\n"
        "  NAME                    | DIGEST\n  ------------------------|-----------------\n"
        "  STRIPE_WEBHOOK_SECRET   | {v}",
        hexl(64),
    ),
    # ---- look-alikes: references, names, placeholders and masks
    L(
        BA,
        "gha_secret_ref",
        "      - run: npx supabase db push\n        env:\n          SUPABASE_ACCESS_TOKEN: {v}\n"
        "          SUPABASE_DB_PASSWORD: ${{ secrets.SUPABASE_DB_PASSWORD }}",
        const("${{ secrets.SUPABASE_ACCESS_TOKEN }}"),
    ),
    L(
        BA,
        "nhost_toml_secret_ref",
        "[hasura]\nversion = 'v2.36.0-ce'\nadminSecret = '{v}'\n",
        const("{{ secrets.HASURA_GRAPHQL_ADMIN_SECRET }}"),
    ),
    L(
        BA,
        "secret_name",
        "$ gh secret set {v} --repo tallyhouse/ledger < /dev/stdin\n✓ Set Actions secret {v} for tallyhouse/ledger",
        const("CONVEX_DEPLOY_KEY"),
    ),
    L(
        BA,
        "accelerate_placeholder",
        '# .env.example\nDATABASE_URL="prisma://accelerate.prisma-data.net/?api_key={v}"',
        const("<accelerate-api-key>"),
    ),
    L(
        BA,
        "placeholder",
        "# .env.example (copy to .env.local, then paste the output of `turso db tokens create`)\nTURSO_AUTH_TOKEN={v}",
        interleaved(24),
    ),
    L(
        BA,
        "masked_password",
        "I put the pooled string in `.env` as `postgresql://ledger_owner:{v}@ep-…-pooler.us-east-2.aws.neon.tech/ledger`;"
        " the real password stays in the team vault.",
        const("********"),
    ),
]
