"""A hundred-and-ninety-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes of newer authentication services' credentials, written from the author's memory of their
public documentation (the documentation search was out of budget for this set, so no page was
re-read and some lengths are approximate): Magic (`sk_live_`/`sk_test_` secret keys beside
`pk_live_` publishable keys, both sixteen upper-case hex, the `X-Magic-Secret-Key` header and the
Admin SDK), Stytch (`project-live-`/`project-test-` project ids, `secret-live-` secrets,
`public-token-live-` tokens, HTTP basic auth), Descope (`P…` project ids, management keys sent as
`Bearer <project id>:<key>`), Hanko (API key secrets as bearer tokens on a tenant's
`<uuid>.hanko.io` admin API, the `secrets.keys` list in a self-hosted config, JWKS), Passage by
1Password (app ids and `<10>.<64>` API keys), Corbado (`pro-` project ids, `corbado1_` API
secrets), Kinde (32-hex client ids, client secrets, the token endpoint), Frontegg (UUID client
ids and UUID API keys on the vendor token endpoint), FusionAuth (API keys in a bare
`Authorization` header, kickstart variables, `X-FusionAuth-TenantId`), SuperTokens (core
`API_KEYS`, `connectionURI`/`apiKey`), Logto (21-character app ids, app secrets, machine-to-machine
basic auth) and Zitadel (service-account key JSON, personal access tokens, `<id>@<project>` client
ids, oauth2-proxy configs); in commands, code, config files and tool output, with the public ids,
references, placeholders, masks, hashes and public keys the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
25 of 25 secrets caught, 1 of 24 look-alikes altered (altered: Stytch's `public-token-live-<uuid>`
as a UI client's argument; written from memory).
"""

from __future__ import annotations

import base64
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
    uuid,
)

AU = "authaas"

RSA1_HEAD = "MIIEowIBAAKCAQEA"


def rsa1_body_json(rng: random.Random) -> str:
    """An RSA-2048 PKCS#1 body as it sits in a service-account key JSON, lines joined by a literal \\n."""
    lines = [RSA1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(36)(rng) + "=="]
    return "\\n".join(lines)


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


magic_sk = join("sk_live_", hexu(16))
magic_pk = join("pk_live_", hexu(16))
stytch_pid = join("project-live-", uuid)
stytch_secret = join("secret-live-", b64url(36))
descope_pid = join("P", b62(27))
descope_key = join("K2", b62(64))
passage_key = join(b62(10), ".", b62(64))
corbado_pid = join("pro-", digits(19))
corbado_secret = join("corbado1_", b62(30))
logto_app_id = lower_alnum(21)
zitadel_id = join("2", digits(17))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 24, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- secrets: Magic
    S(
        AU,
        "magic_admin_sdk",
        "import { Magic } from '@magic-sdk/admin';\n\nconst mAdmin = new Magic('{v}');\nexport default mAdmin;",
        magic_sk,
    ),
    S(
        AU,
        "magic_secret_header",
        "$ curl -s https://api.magic.link/v1/admin/auth/user/get?issuer=did:ethr:0x{addr} -H 'X-Magic-Secret-Key: {v}'",
        magic_sk,
        addr=hexl(40),
    ),
    # ---- secrets: Stytch
    S(
        AU,
        "stytch_python_client",
        'client = stytch.Client(\n    project_id="{pid}",\n    secret="{v}",\n    environment="live",\n)',
        stytch_secret,
        pid=stytch_pid,
    ),
    S(
        AU,
        "stytch_url_userinfo",
        "$ curl -s https://{pid}:{v}@api.stytch.com/v1/users/search -H 'Content-Type: application/json'"
        " -d '{\"limit\": 10}'",
        stytch_secret,
        pid=stytch_pid,
    ),
    S(
        AU,
        "stytch_positional",
        "$ node scripts/backfill-users.mjs {pid} {v} --dry-run\nConnecting to Stytch (live)... 1,204 users to migrate",
        stytch_secret,
        pid=stytch_pid,
    ),
    # ---- secrets: Descope
    S(
        AU,
        "descope_bearer",
        "$ curl -X POST https://api.descope.com/v1/mgmt/user/create -H 'Authorization: Bearer {pid}:{v}'"
        " -H 'Content-Type: application/json' -d '{\"loginId\": \"ops@brightkite.dev\"}'",
        descope_key,
        pid=descope_pid,
    ),
    S(
        AU,
        "descope_python_client",
        'from descope import DescopeClient\n\ndescope_client = DescopeClient(project_id="{pid}", management_key="{v}")',
        descope_key,
        pid=descope_pid,
    ),
    # ---- secrets: Hanko
    S(
        AU,
        "hanko_admin_bearer",
        "$ curl -s https://{tenant}.hanko.io/admin/users?page=1 -H 'Authorization: Bearer {v}'",
        b64(43, "="),
        tenant=uuid,
    ),
    S(
        AU,
        "hanko_config_keys",
        "$ cat backend/config/config.yaml\ndatabase:\n  host: postgres\n  port: 5432\n  dialect: postgres\n"
        "secrets:\n  keys:\n    - {v}\nservice:\n  name: Brightkite Authentication Service",
        password(32),
    ),
    # ---- secrets: Passage
    S(
        AU,
        "passage_node_client",
        "const passage = new Passage({\n  appID: '{app}',\n  apiKey: '{v}',\n  authStrategy: 'HEADER',\n});",
        passage_key,
        app=b62(24),
    ),
    S(
        AU,
        "passage_gh_secret_set",
        '$ gh secret set PASSAGE_API_KEY --repo brightkite/web --body "{v}"\n'
        "✓ Set Actions secret PASSAGE_API_KEY for brightkite/web",
        passage_key,
    ),
    # ---- secrets: Corbado
    S(
        AU,
        "corbado_basic_user",
        "$ curl -s https://backendapi.corbado.io/v2/users --user {pid}:{v} -H 'Accept: application/json'",
        corbado_secret,
        pid=corbado_pid,
    ),
    # ---- secrets: Kinde
    S(
        AU,
        "kinde_spring_yaml",
        "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          kinde:\n"
        "            client-id: {cid}\n            client-secret: {v}\n            scope: openid, profile, email",
        b62(48),
        cid=hexl(32),
    ),
    S(
        AU,
        "kinde_token_curl",
        "$ curl -s -X POST https://brightkite.kinde.com/oauth2/token"
        " --data-urlencode grant_type=client_credentials --data-urlencode client_id={cid}"
        " --data-urlencode client_secret={v} --data-urlencode audience=https://brightkite.kinde.com/api",
        b62(48),
        cid=hexl(32),
    ),
    # ---- secrets: Frontegg
    S(
        AU,
        "frontegg_vendor_auth",
        "$ curl -s -X POST https://api.frontegg.com/auth/vendor/ -H 'Content-Type: application/json'"
        ' -d \'{"clientId": "{cid}", "secret": "{v}"}\'',
        uuid,
        cid=uuid,
    ),
    # ---- secrets: FusionAuth
    S(
        AU,
        "fusionauth_authorization",
        "$ curl -s http://localhost:9011/api/user?email=ops@brightkite.dev -H 'Authorization: {v}'",
        b64url(64),
    ),
    S(
        AU,
        "fusionauth_kickstart",
        '{\n  "variables": {\n    "apiKey": "{v}",\n    "adminEmail": "admin@brightkite.dev",\n'
        '    "defaultTenantId": "{tid}"\n  },',
        b64url(64),
        tid=uuid,
    ),
    S(
        AU,
        "fusionauth_python_positional",
        "from fusionauth.fusionauth_client import FusionAuthClient\n\n"
        "client = FusionAuthClient('{v}', 'https://auth.brightkite.dev')",
        b64url(64),
    ),
    # ---- secrets: SuperTokens
    S(
        AU,
        "supertokens_docker_api_keys",
        "$ docker run -d -p 3567:3567 -e POSTGRESQL_CONNECTION_URI=postgresql://st:st@db:5432/supertokens"
        " -e API_KEYS={v} registry.supertokens.io/supertokens/supertokens-postgresql:9.0",
        b62(32),
    ),
    S(
        AU,
        "supertokens_init",
        "supertokens.init({\n  framework: 'express',\n  supertokens: {\n"
        "    connectionURI: 'https://st-prod-{tenant}.aws.supertokens.io',\n    apiKey: '{v}',\n  },",
        join(b62(26), "-", b62(4)),
        tenant=uuid,
    ),
    # ---- secrets: Logto
    S(
        AU,
        "logto_web_config",
        '  <appSettings>\n    <add key="Logto:Endpoint" value="https://auth.brightkite.dev/" />\n'
        '    <add key="Logto:AppId" value="{app}" />\n    <add key="Logto:AppSecret" value="{v}" />\n'
        "  </appSettings>",
        b62(32),
        app=logto_app_id,
    ),
    S(
        AU,
        "logto_m2m_basic",
        "$ curl -s -X POST https://brightkite.logto.app/oidc/token -H 'Authorization: Basic {v}'"
        " -d grant_type=client_credentials -d resource=https://default.logto.app/api -d scope=all",
        basic_auth(logto_app_id, b62(32)),
    ),
    # ---- secrets: Zitadel
    S(
        AU,
        "zitadel_sa_key_json",
        '$ cat zitadel-admin-sa.json\n{"type":"serviceaccount","keyId":"{kid}",'
        '"key":"-----BEGIN RSA PRIVATE KEY-----\\n{v}\\n-----END RSA PRIVATE KEY-----\\n","userId":"{uid}"}',
        rsa1_body_json,
        kid=zitadel_id,
        uid=zitadel_id,
    ),
    S(
        AU,
        "zitadel_pat",
        "$ curl -s https://brightkite-x7qk2a.zitadel.cloud/management/v1/users/_search"
        " -H 'Authorization: Bearer {v}' -H 'Content-Type: application/json' -d '{}'",
        b62(71),
    ),
    S(
        AU,
        "zitadel_oauth2_proxy",
        'provider = "oidc"\noidc_issuer_url = "https://brightkite-x7qk2a.zitadel.cloud"\n'
        'client_id = "{cid}@brightkite"\nclient_secret = "{v}"\ncookie_secure = true',
        b62(64),
        cid=zitadel_id,
    ),
    # ---- look-alikes: public ids and publishable keys
    L(
        AU,
        "magic_publishable",
        "import { Magic } from 'magic-sdk';\n\nexport const magic = new Magic('{v}', { network: 'mainnet' });",
        magic_pk,
    ),
    L(AU, "stytch_project_id", "STYTCH_PROJECT_ID={v}\nSTYTCH_SECRET=${STYTCH_SECRET:?missing}", stytch_pid),
    L(
        AU,
        "stytch_public_token",
        "const stytch = createStytchUIClient('{v}');\n\nroot.render(<StytchProvider stytch={stytch}><App /></StytchProvider>);",
        join("public-token-live-", uuid),
    ),
    L(
        AU,
        "descope_project_id",
        '    <AuthProvider projectId="{v}">\n      <Descope flowId="sign-up-or-in" theme="light" />\n    </AuthProvider>',
        descope_pid,
    ),
    L(
        AU,
        "hanko_api_url",
        '<hanko-auth api="{v}" lang="en"></hanko-auth>',
        join("https://", uuid, ".hanko.io"),
    ),
    L(
        AU,
        "hanko_jwks_modulus",
        "$ curl -s https://auth.brightkite.dev/.well-known/jwks.json\n"
        '{"keys":[{"alg":"RS256","e":"AQAB","kid":"{kid}","kty":"RSA","n":"{v}","use":"sig"}]}',
        b64url(342),
        kid=uuid,
    ),
    L(
        AU,
        "passage_app_id",
        '<passage-auth app-id="{v}"></passage-auth>\n<script src="https://psg.so/web.js"></script>',
        b62(24),
    ),
    L(
        AU,
        "corbado_project_id",
        "CORBADO_PROJECT_ID={v}\nCORBADO_FRONTEND_API=https://{v}.frontendapi.corbado.io",
        corbado_pid,
    ),
    L(
        AU,
        "kinde_client_id",
        "KINDE_CLIENT_ID={v}\nKINDE_ISSUER_URL=https://brightkite.kinde.com\nKINDE_SITE_URL=http://localhost:3000",
        hexl(32),
    ),
    L(
        AU,
        "frontegg_client_id",
        "FronteggContext.init({\n  FRONTEGG_CLIENT_ID: '{v}',\n  FRONTEGG_API_KEY: process.env.FRONTEGG_API_KEY,\n});",
        uuid,
    ),
    L(
        AU,
        "fusionauth_tenant_header",
        "$ curl -s http://localhost:9011/api/application -H 'X-FusionAuth-TenantId: {v}'"
        ' -H "Authorization: $FUSIONAUTH_API_KEY"',
        uuid,
    ),
    L(
        AU,
        "supertokens_connection_uri",
        "SUPERTOKENS_CONNECTION_URI={v}\nSUPERTOKENS_API_KEY=${SUPERTOKENS_API_KEY}",
        join("https://st-dev-", uuid, ".aws.supertokens.io"),
    ),
    L(
        AU,
        "logto_app_id",
        "const config = {\n  endpoint: 'https://brightkite.logto.app/',\n  appId: '{v}',\n  appSecret: process.env.LOGTO_APP_SECRET,\n};",
        logto_app_id,
    ),
    L(
        AU,
        "zitadel_key_id",
        "$ curl -s -X POST https://brightkite-x7qk2a.zitadel.cloud/management/v1/users/{uid}/keys/_search"
        ' -H "Authorization: Bearer $ZITADEL_PAT"\n{"result":[{"id":"{v}","type":"KEY_TYPE_JSON",'
        '"expirationDate":"2026-01-01T00:00:00Z"}]}',
        zitadel_id,
        uid=zitadel_id,
    ),
    L(
        AU,
        "zitadel_client_id",
        'client_id = "{v}"\nclient_secret_file = "/run/secrets/zitadel_client_secret"',
        join(zitadel_id, "@brightkite"),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        AU,
        "descope_env_ref",
        "const descopeClient = DescopeClient({ projectId: process.env.DESCOPE_PROJECT_ID, managementKey: {v} });",
        const("process.env.DESCOPE_MANAGEMENT_KEY"),
    ),
    L(
        AU,
        "fusionauth_kickstart_ref",
        '  "apiKeys": [\n    {\n      "key": "{v}",\n      "description": "Kickstart API key"\n    }\n  ],',
        const("#{apiKey}"),
    ),
    L(
        AU,
        "gha_secret_ref",
        "        env:\n          LOGTO_APP_ID: ${{ vars.LOGTO_APP_ID }}\n          LOGTO_APP_SECRET: {v}",
        const("${{ secrets.LOGTO_APP_SECRET }}"),
    ),
    L(
        AU,
        "magic_placeholder",
        "# .env.example\nNEXT_PUBLIC_MAGIC_PUBLISHABLE_KEY=pk_live_XXXXXXXXXXXXXXXX\nMAGIC_SECRET_KEY={v}",
        const("sk_live_XXXXXXXXXXXXXXXX"),
    ),
    L(
        AU,
        "kinde_placeholder",
        "KINDE_CLIENT_SECRET={v}",
        const("<your_kinde_client_secret>"),
    ),
    L(
        AU,
        "magic_masked",
        "[auth] Magic admin SDK initialised (secret key {v}, mode=live)",
        join("sk_live_************", hexu(4)),
    ),
    L(
        AU,
        "aws_secret_arn",
        "    FRONTEGG_API_KEY:\n      valueFrom: {v}",
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:prod/frontegg/api-key-", b62(6)),
    ),
    # ---- look-alikes: hashes and non-secret values under secret-sounding names
    L(
        AU,
        "npm_integrity",
        '    "node_modules/supertokens-node": {\n      "version": "17.1.2",\n'
        '      "resolved": "https://registry.npmjs.org/supertokens-node/-/supertokens-node-17.1.2.tgz",\n'
        '      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    L(
        AU,
        "token_auth_method",
        "  oidcConfiguration:\n    clientAuthenticationPolicy: Required\n    token_endpoint_auth_method: {v}",
        const("client_secret_basic"),
    ),
]
