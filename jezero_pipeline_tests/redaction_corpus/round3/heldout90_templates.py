"""A ninetieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of authentication SaaS for app developers: Clerk (`sk_live_`/
`sk_test_` secret keys in `createClerkClient` and Backend API calls, base64 publishable keys, Svix
`whsec_` webhook secrets, the `__session` JWT cookie, `user_2…` ids), Stytch (`project-test-`/
`project-live-` ids, `secret-test-`/`secret-live-` secrets in `curl -u` and `stytch.Client`,
`public-token-` tokens), Descope (`P2…` project ids, `K…` management keys sent as `Bearer
<ProjectId>:<ManagementKey>`, the `descope` CLI), WorkOS (`sk_test_` keys wrapping a base64
`key_01…` ULID, `client_01…` and `org_01…` ids, `WORKOS_COOKIE_PASSWORD`), Kinde (32-hex client ids,
client secrets in `/oauth2/token` requests and `.env.local`, a JWKS modulus), FusionAuth (raw
`Authorization: <key>` headers, kickstart.json `apiKeys` and `#{ENV.…}` references, application
UUIDs), Frontegg (UUID client id and UUID API key at `/auth/vendor`, the vendor JWT it returns),
PropelAuth (96-hex API keys under `fly secrets set`, `*.propelauthtest.com` auth URLs, the PEM
verifier key), SuperTokens (`API_KEYS` on the core's docker run, `SupertokensConfig(api_key=…)`,
try.supertokens.com), Hanko (`secrets.keys` in config.yaml, Passkey API `tenant({apiKey})`, the
`<uuid>.hanko.io` API URL), Logto (21-character app ids, app secrets, the Basic-auth M2M token
request) and Ory Network (`ory_pat_`, `ory_wak_` and `ory_st_` tokens in headers and exports,
project UUIDs and slugs), in commands, config files, code and tool output, with the public ids,
placeholders, masks and secret-store references the same documentation shows beside them, plus an
npm `sha512-` integrity. Every value is generated; none is copied from a vendor's
docs.

First score, blind, before any rule changed for it (after the rules for 85 to 89):
25 of 26 secrets caught, 0 of 25 look-alikes altered (missed: Hanko's session key as a YAML list
item under `secrets:` and `keys:`).
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
    join,
    password,
    pick,
    uuid,
)

AA = "appauth"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ADJECTIVES = ("brave", "calm", "eager", "gentle", "honest", "lucky", "mellow", "quiet", "rapid", "sunny")
ANIMALS = ("otter", "heron", "lynx", "falcon", "badger", "marmot", "walrus", "beetle", "koala", "gecko")


def ulid(rng: random.Random) -> str:
    return "01" + pick(CROCKFORD, 24)(rng)


def workos_key(env: str):
    """`sk_<env>_` then base64 (unpadded) of `key_<ULID>,<random>`, as WorkOS issues them."""

    def make(rng: random.Random) -> str:
        inner = f"key_{ulid(rng)},{b62(26)(rng)}"
        return f"sk_{env}_" + base64.b64encode(inner.encode()).decode().rstrip("=")

    return make


def clerk_publishable(env: str):
    """`pk_<env>_` then base64 of the Frontend API host and a `$`."""

    def make(rng: random.Random) -> str:
        host = f"{rng.choice(ADJECTIVES)}-{rng.choice(ANIMALS)}-{rng.randrange(10, 99)}.clerk.accounts.dev$"
        return f"pk_{env}_" + base64.b64encode(host.encode()).decode().rstrip("=")

    return make


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(claims):
    """An RS256 JWT: header and claims from `claims(rng)`, a 342-character signature."""

    def make(rng: random.Random) -> str:
        header, payload = claims(rng)
        return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"

    return make


def clerk_session_claims(rng: random.Random):
    iat = 1718000000 + rng.randrange(5_000_000)
    header = {"alg": "RS256", "kid": "ins_2" + b62(26)(rng), "typ": "JWT"}
    payload = {
        "azp": "http://localhost:3000",
        "exp": iat + 60,
        "iat": iat,
        "iss": "https://" + clerk_host(rng),
        "nbf": iat - 10,
        "sid": "sess_2" + b62(26)(rng),
        "sub": "user_2" + b62(26)(rng),
    }
    return header, payload


def clerk_host(rng: random.Random) -> str:
    return f"{rng.choice(ADJECTIVES)}-{rng.choice(ANIMALS)}-{rng.randrange(10, 99)}.clerk.accounts.dev"


def frontegg_vendor_claims(rng: random.Random):
    iat = 1718000000 + rng.randrange(5_000_000)
    header = {"alg": "RS256", "typ": "JWT", "kid": hexl(8)(rng)}
    payload = {
        "sub": uuid(rng),
        "tenantId": uuid(rng),
        "roles": [],
        "permissions": ["fe.secure.*", "fe.connectivity.*"],
        "type": "vendor",
        "iat": iat,
        "exp": iat + 86400,
        "iss": "frontegg",
    }
    return header, payload


def basic(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def pem_public_escaped(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo PEM with literal `\\n` line breaks, as pasted into an env var."""
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + b64(342)(rng) + "IDAQAB"
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN PUBLIC KEY-----\\n" + "\\n".join(lines) + "\\n-----END PUBLIC KEY-----"


lower_alnum = pick(string.ascii_lowercase + string.digits, 21)
descope_project = join("P2", b62(26))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 0, 25, "the rules for 85 to 89")

TEMPLATES: list = [
    # ---- secrets: Clerk
    S(
        AA,
        "clerk_secret_key_header",
        '$ curl -s "https://api.clerk.com/v1/users?limit=10&order_by=-created_at" \\\n'
        "    -H \"Authorization: Bearer {v}\" | jq -r '.[].email_addresses[0].email_address'",
        join("sk_live_", b62(42)),
    ),
    S(
        AA,
        "clerk_client_code",
        "import { createClerkClient } from '@clerk/backend'\n\n"
        "export const clerk = createClerkClient({\n  secretKey: '{v}',\n  publishableKey: '{pk}',\n})",
        join("sk_test_", b62(42)),
        pk=clerk_publishable("test"),
    ),
    S(
        AA,
        "clerk_webhook_secret",
        "  const payload = await req.text()\n"
        '  const wh = new Webhook("{v}") // TODO: read CLERK_WEBHOOK_SIGNING_SECRET before merging\n'
        "  const evt = wh.verify(payload, svixHeaders) as WebhookEvent",
        join("whsec_", b64(32)),
    ),
    S(
        AA,
        "clerk_session_cookie",
        "$ curl -sS http://localhost:3000/api/projects \\\n    -H 'Cookie: __client_uat=1718035200; __session={v}'",
        jwt(clerk_session_claims),
    ),
    # ---- secrets: Stytch
    S(
        AA,
        "stytch_basic_u",
        "$ curl --request POST \\\n    --url https://test.stytch.com/v1/magic_links/email/login_or_create \\\n"
        "    -u 'project-test-{pid}:{v}' \\\n    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"email": "qa+{num}@tallyho.dev"}\'',
        join("secret-test-", b64url(35), "="),
        pid=uuid,
        num=digits(3),
    ),
    S(
        AA,
        "stytch_python_client",
        'import stytch\n\nclient = stytch.Client(\n    project_id="project-live-{pid}",\n    secret="{v}",\n)',
        join("secret-live-", b64url(35), "="),
        pid=uuid,
    ),
    # ---- secrets: Descope
    S(
        AA,
        "descope_bearer_pid_key",
        "$ curl -s -X POST https://api.descope.com/v1/mgmt/user/search \\\n"
        '    -H "Authorization: Bearer {pid}:{v}" \\\n'
        "    -H 'Content-Type: application/json' -d '{\"limit\": 5, \"page\": 0}'",
        join("K2", b62(69)),
        pid=descope_project,
    ),
    S(
        AA,
        "descope_python_client",
        'from descope import DescopeClient\n\ndescope_client = DescopeClient(project_id="{pid}", management_key="{v}")',
        join("K2", b62(69)),
        pid=descope_project,
    ),
    # ---- secrets: WorkOS
    S(
        AA,
        "workos_node_client",
        "import { WorkOS } from '@workos-inc/node';\n\nconst workos = new WorkOS('{v}', { clientId: '{cid}' });",
        workos_key("test"),
        cid=join("client_", ulid),
    ),
    S(
        AA,
        "workos_cookie_password",
        "  web:\n    build: ./apps/web\n    environment:\n      WORKOS_CLIENT_ID: {cid}\n"
        '      WORKOS_COOKIE_PASSWORD: "{v}"\n      WORKOS_REDIRECT_URI: http://localhost:3000/callback',
        b64(43, "="),
        cid=join("client_", ulid),
    ),
    # ---- secrets: Kinde
    S(
        AA,
        "kinde_m2m_token_request",
        "$ curl --request POST \\\n    --url https://{sub}.kinde.com/oauth2/token \\\n"
        "    --header 'content-type: application/x-www-form-urlencoded' \\\n"
        "    --data grant_type=client_credentials \\\n    --data client_id={cid} \\\n"
        "    --data client_secret={v} \\\n    --data audience=https://{sub}.kinde.com/api",
        b62(52),
        sub=const("tallyho"),
        cid=hexl(32),
    ),
    S(
        AA,
        "kinde_env_local",
        "$ cat .env.local\nKINDE_CLIENT_ID={cid}\nKINDE_CLIENT_SECRET={v}\n"
        "KINDE_ISSUER_URL=https://tallyho.kinde.com\nKINDE_SITE_URL=http://localhost:3000\n"
        "KINDE_POST_LOGIN_REDIRECT_URL=http://localhost:3000/dashboard",
        b62(52),
        cid=hexl(32),
    ),
    # ---- secrets: FusionAuth
    S(
        AA,
        "fusionauth_raw_authorization",
        '$ curl -s -H "Authorization: {v}" \\\n'
        '    "http://localhost:9011/api/user?email=ops%40tallyho.dev" | jq .user.id',
        b64url(56),
    ),
    S(
        AA,
        "fusionauth_kickstart_key",
        '{\n  "variables": {\n    "defaultTenantId": "{tid}"\n  },\n  "apiKeys": [\n    {\n'
        '      "key": "{v}",\n      "description": "Unrestricted API key"\n    }\n  ],',
        hexl(64),
        tid=uuid,
    ),
    # ---- secrets: Frontegg
    S(
        AA,
        "frontegg_vendor_secret",
        "$ curl -s -X POST https://api.us.frontegg.com/auth/vendor \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"clientId": "{cid}", "secret": "{v}"}\'',
        uuid,
        cid=uuid,
    ),
    S(
        AA,
        "frontegg_vendor_token_output",
        '{"token":"{v}","expiresIn":86400}',
        jwt(frontegg_vendor_claims),
    ),
    # ---- secrets: PropelAuth
    S(
        AA,
        "propelauth_fly_secrets",
        "$ fly secrets set PROPELAUTH_API_KEY={v} PROPELAUTH_AUTH_URL=https://{num}.propelauthtest.com -a tallyho-api",
        hexl(96),
        num=digits(10),
    ),
    # ---- secrets: SuperTokens
    S(
        AA,
        "supertokens_docker_api_keys",
        "$ docker run -d -p 3567:3567 \\\n"
        '    -e POSTGRESQL_CONNECTION_URI="postgresql://supertokens@db:5432/supertokens" \\\n'
        "    -e API_KEYS={v} \\\n    registry.supertokens.io/supertokens/supertokens-postgresql:9.2",
        pick(string.ascii_letters + string.digits + "=-", 34),
    ),
    S(
        AA,
        "supertokens_python_config",
        "    supertokens_config=SupertokensConfig(\n"
        '        connection_uri="https://st-dev-{u}.aws.supertokens.io",\n'
        '        api_key="{v}",\n    ),',
        pick(string.ascii_letters + string.digits + "=-", 30),
        u=uuid,
    ),
    # ---- secrets: Hanko
    S(
        AA,
        "hanko_config_secret_keys",
        "$ cat deploy/hanko/config.yaml\ndatabase:\n  dialect: postgres\n  host: db\n"
        "secrets:\n  keys:\n    - {v}\nsession:\n  lifespan: 12h",
        password(32),
    ),
    S(
        AA,
        "hanko_passkey_tenant_key",
        'import { tenant } from "@teamhanko/passkeys-sdk";\n\nconst passkeyApi = tenant({\n'
        '  tenantId: "{tid}",\n  apiKey: "{v}",\n});',
        b64(86, "=="),
        tid=uuid,
    ),
    # ---- secrets: Logto
    S(
        AA,
        "logto_m2m_basic",
        "$ curl --location --request POST 'https://{tenant}.logto.app/oidc/token' \\\n"
        "    --header 'Authorization: Basic {v}' \\\n"
        "    --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    --data-urlencode 'grant_type=client_credentials' \\\n"
        "    --data-urlencode 'resource=https://{tenant}.logto.app/api' --data-urlencode 'scope=all'",
        basic(lower_alnum, b62(32)),
        tenant=pick(string.ascii_lowercase, 6),
    ),
    S(
        AA,
        "logto_next_config",
        "export const logtoConfig: LogtoNextConfig = {\n  appId: '{app}',\n  appSecret: '{v}',\n"
        "  endpoint: 'https://auth.tallyho.dev/',\n  baseUrl: 'http://localhost:3000',\n"
        "  cookieSecret: process.env.LOGTO_COOKIE_SECRET!,\n};",
        b62(32),
        app=lower_alnum,
    ),
    # ---- secrets: Ory Network
    S(
        AA,
        "ory_pat_http_request",
        "GET /admin/identities?page_size=20 HTTP/1.1\nHost: {slug}.projects.oryapis.com\n"
        "Accept: application/json\nAuthorization: Bearer {v}",
        join("ory_pat_", b62(32)),
        slug=join(const("gracious-lamport-"), pick(string.ascii_lowercase + string.digits, 10)),
    ),
    S(
        AA,
        "ory_workspace_key_export",
        "$ export ORY_WORKSPACE_API_KEY={v}\n$ ory list projects --workspace {ws}",
        join("ory_wak_", b62(32)),
        ws=uuid,
    ),
    S(
        AA,
        "ory_session_token_header",
        "$ curl -s https://{slug}.projects.oryapis.com/sessions/whoami \\\n"
        '    -H "Accept: application/json" -H "X-Session-Token: {v}"',
        join("ory_st_", b62(32)),
        slug=join(const("focused-hopper-"), pick(string.ascii_lowercase + string.digits, 10)),
    ),
    # ---- look-alikes: public ids and publishable values
    L(
        AA,
        "clerk_publishable_key",
        "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY={v}\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in",
        clerk_publishable("live"),
    ),
    L(
        AA,
        "clerk_user_id",
        '  {\n    "id": "{v}",\n    "object": "user",\n    "username": null,\n'
        '    "primary_email_address_id": "idn_2{idn}",',
        join("user_2", b62(26)),
        idn=b62(26),
    ),
    L(
        AA,
        "stytch_public_token",
        "NEXT_PUBLIC_STYTCH_PUBLIC_TOKEN={v}",
        join("public-token-test-", uuid),
    ),
    L(
        AA,
        "stytch_project_id",
        "STYTCH_PROJECT_ID={v}\nSTYTCH_SECRET=${STYTCH_SECRET:?set STYTCH_SECRET from 1Password}",
        join("project-live-", uuid),
    ),
    L(
        AA,
        "stytch_user_id",
        '{"status_code":200,"request_id":"request-id-test-{rid}","user_id":"{v}","email_id":"email-test-{eid}",'
        '"user_created":true}',
        join("user-test-", uuid),
        rid=uuid,
        eid=uuid,
    ),
    L(
        AA,
        "descope_project_id_arg",
        "$ descope project snapshot export '{v}' --path ./descope_export\n* Exported project snapshot to ./descope_export",
        descope_project,
    ),
    L(
        AA,
        "descope_user_id",
        '    "user": {\n        "name": "Mira Okafor",\n        "email": "mira@tallyho.dev",\n'
        '        "userId": "{v}",\n        "status": "invited",',
        join("U2", b62(26)),
    ),
    L(AA, "workos_client_id", "WORKOS_CLIENT_ID={v}\nWORKOS_API_KEY=${WORKOS_API_KEY}", join("client_", ulid)),
    L(
        AA,
        "workos_org_id",
        "const { data } = await workos.userManagement.listOrganizationMemberships({\n"
        "  organizationId: '{v}',\n  statuses: ['active'],\n});",
        join("org_", ulid),
    ),
    L(
        AA,
        "kinde_spa_client_id",
        '    <KindeProvider\n      clientId="{v}"\n      domain="https://tallyho.kinde.com"\n'
        '      redirectUri="http://localhost:5173"\n      logoutUri="http://localhost:5173"\n    >',
        hexl(32),
    ),
    L(
        AA,
        "fusionauth_application_id",
        '      "body": {\n        "registration": {\n          "applicationId": "{v}",\n'
        '          "roles": ["admin"]\n        }\n      }',
        uuid,
    ),
    L(
        AA,
        "fusionauth_kickstart_env_ref",
        '  "apiKeys": [\n    {\n      "key": "{v}",\n      "description": "CI key, value injected at boot"\n    }\n  ],',
        const("#{ENV.FUSIONAUTH_API_KEY}"),
    ),
    L(
        AA,
        "frontegg_client_id",
        "$ curl -s -X POST https://api.frontegg.com/auth/vendor -H 'Content-Type: application/json' \\\n"
        '    -d \'{"clientId": "{v}", "secret": "\'"$FRONTEGG_API_KEY"\'"}\' | jq -r .token > /tmp/fe_token',
        uuid,
    ),
    L(
        AA,
        "propelauth_auth_url",
        "NEXT_PUBLIC_AUTH_URL={v}\nPROPELAUTH_REDIRECT_URI=http://localhost:3000/api/auth/callback",
        join("https://", digits(10), ".propelauthtest.com"),
    ),
    L(AA, "propelauth_verifier_key", "PROPELAUTH_VERIFIER_KEY={v}", pem_public_escaped),
    L(
        AA,
        "supertokens_demo_core",
        '    supertokens: {\n      connectionURI: "{v}",\n    },\n    appInfo: {\n      appName: "Tallyho",',
        const("https://try.supertokens.com"),
    ),
    L(
        AA,
        "hanko_api_url",
        "HANKO_API_URL={v}\nNEXT_PUBLIC_HANKO_API_URL=$HANKO_API_URL",
        join("https://", uuid, ".hanko.io"),
    ),
    L(
        AA,
        "jwks_modulus",
        '$ curl -s https://tallyho.kinde.com/.well-known/jwks.json | jq -c ".keys[0]"\n'
        '{"e":"AQAB","n":"{v}","alg":"RS256","kid":"{kid}","kty":"RSA","use":"sig"}',
        b64url(342),
        kid=join(hexl(2), ":", hexl(2), ":", hexl(2), ":", hexl(2), ":", hexl(2), ":", hexl(2)),
    ),
    L(AA, "logto_app_id", "LOGTO_ENDPOINT=https://auth.tallyho.dev/\nLOGTO_APP_ID={v}", lower_alnum),
    L(
        AA,
        "ory_project_id",
        "$ ory get project {v} --format json | jq -r .slug\ngracious-lamport-{slug}",
        uuid,
        slug=pick(string.ascii_lowercase + string.digits, 10),
    ),
    # ---- look-alikes: placeholders, masks, references and hashes
    L(
        AA,
        "ory_key_placeholder",
        "# .env.example\nORY_SDK_URL=https://<your-project-slug>.projects.oryapis.com\nORY_PROJECT_API_KEY={v}",
        const("ory_pat_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    L(
        AA,
        "descope_key_placeholder",
        "DESCOPE_PROJECT_ID=P2xxxxxxxxxxxxxxxxxxxxxxxxxx\nDESCOPE_MANAGEMENT_KEY={v}",
        const("K2xxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        AA,
        "clerk_masked_key",
        "[auth] clerk backend ready: instance={host} secretKey={v} (live)",
        join("sk_live_", const("*" * 38), b62(4)),
        host=clerk_host,
    ),
    L(
        AA,
        "gha_secret_ref",
        "      - run: pnpm --filter web build\n        env:\n"
        "          NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: ${{ vars.CLERK_PUBLISHABLE_KEY }}\n"
        "          CLERK_SECRET_KEY: {v}",
        const("${{ secrets.CLERK_SECRET_KEY }}"),
    ),
    L(
        AA,
        "npm_integrity",
        "$ npm view @workos-inc/node@7.31.0 dist.integrity\n{v}",
        join("sha512-", b64(86, "==")),
    ),
]
