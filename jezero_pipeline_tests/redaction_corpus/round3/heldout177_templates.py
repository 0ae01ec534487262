"""A hundred-and-seventy-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of headless commerce platforms: Saleor app tokens (30 letters and
digits from oauthlib's `generate_token`, `appTokenCreate` output, only the last 4 characters shown
afterwards, base64 `App:N` global ids), Medusa v2 API keys (`pk_`/`sk_` + 64 hex, publishable key in
`x-publishable-api-key`, secret key as Basic auth, `redacted` as first 6 + `***` + last 3, `apk_`
ULID ids, JWT_SECRET), commercetools API clients (24-character client id, 32-character secret and
access token, the Merchant Center's `CTP_*` export, `--basic --user id:secret` token request, project
keys and UUID resource ids), Swell (`swell.init(store, secret)`, `sk_`/`pk_` + 32 alphanumerics, store
id as Basic-auth user), Vendure (SUPERADMIN_PASSWORD, 64-hex `vendure-auth-token`, public
`vendure-token` channel token), Elastic Path Commerce Cloud (about 42-character client id/secret,
40-hex access token, implicit grant with the client id only, `x-moltin-auth-store` store UUID),
BigCommerce (31-character access token and client id, `X-Auth-Token` vs `X-Auth-Client`, store hash
in the API path, the downloaded credentials file, Stencil's `secrets.stencil.json`), Shopify
(`shpat_`, `shpss_` and Theme Access `shptka_` + 32 hex, public 32-hex Storefront token and client id
in `shopify.app.toml`), Spree 5 (`sk_`/`pk_` + 24 base58, `X-Spree-Api-Key`, SPREE_API_KEY for its
CLI, 12-character display prefix), Solidus (`spree_api_key`, 48 hex), Shopware 6 (`SWIA`/`SWSC` +
22 upper-case access key ids, 51-character secret access key, `/api/oauth/token` client credentials,
`.shopware-project.yml`) and Sylius (LexikJWT RS256 bearer tokens, `JWT_PASSPHRASE` from Flex's
32-hex `%generate(secret)%`, the exported public key), in commands, config files, code and tool
output, with the public ids, publishable keys, masks and references the same documentation shows
beside them. Where the documentation searched gave no length (Elastic Path, commercetools,
BigCommerce, Swell's secret key, Shopify's `shptka_`), the length is the one its author recalls from
those vendors' published examples, not confirmed by the search; every value is generated fresh here.

First score, blind, before any rule changed for it (after the rules for 170 to 174):
24 of 25 secrets caught, 3 of 25 look-alikes altered (missed: a Solidus API key (48 hex) printed by
a `rails runner` that `puts` it; altered: Vendure's public `vendure-token` channel token, Shopware's
sales-channel `sw-access-key` (`SWSC…`), the four characters Saleor shows of a token under
`authToken`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

HC = "headless"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid_id(prefix: str):
    """A Medusa-style `apk_01J…` id: a ULID (26 Crockford base32 characters) after a prefix."""
    return join(prefix, "01J", pick(CROCKFORD, 23))


def global_id(type_name: str):
    """A Saleor (graphene) global id: base64 of `Type:pk`."""
    return lambda rng: base64.b64encode(f"{type_name}:{rng.randint(2, 480)}".encode()).decode()


def medusa_basic(rng: random.Random) -> str:
    """Medusa's secret-key Basic auth: base64 of `sk_<64 hex>:` (empty password)."""
    return base64.b64encode(f"sk_{hexl(64)(rng)}:".encode()).decode()


def _b64_of_alnum(n: int, rng: random.Random) -> str:
    raw = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(n))
    return base64.b64encode(raw.encode()).decode().replace("+", "-").replace("/", "_").replace("=", "")


def shopware_access_key(identifier: str):
    """Shopware's AccessKeyHelper: identifier + upper-cased base64 of 16 alphanumerics, padding dropped."""
    return lambda rng: identifier + _b64_of_alnum(16, rng).upper()


def shopware_secret(rng: random.Random) -> str:
    """Shopware's secret access key: base64 of 38 alphanumerics, `+/` → `-_`, padding dropped."""
    return _b64_of_alnum(38, rng)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def sylius_jwt(rng: random.Random) -> str:
    """A LexikJWT RS256 token as Sylius' API v2 returns it (4096-bit key: 683-character signature)."""
    iat = rng.randint(1_700_000_000, 1_760_000_000)
    head = _b64url_json({"typ": "JWT", "alg": "RS256"})
    body = _b64url_json(
        {
            "iat": iat,
            "exp": iat + 3600,
            "roles": ["ROLE_USER", "ROLE_API_ACCESS"],
            "username": "ops@lindenhof-shop.de",
        }
    )
    return f"{head}.{body}.{b64url(683)(rng)}"


project_key = join(pick(string.ascii_lowercase, 6), "-", pick(string.ascii_lowercase, 4), "-", lower_alnum(4))
swell_store = join(pick(string.ascii_lowercase, 7), "-", pick(string.ascii_lowercase, 5))
shop_name = join(pick(string.ascii_lowercase, 8), "-", lower_alnum(4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 3, 25, "the rules for 170 to 174")

TEMPLATES: list = [
    # ---- secrets: Saleor
    S(
        HC,
        "saleor_app_token_env",
        "$ SALEOR_APP_TOKEN={v} SALEOR_API_URL=https://{env}.eu.saleor.cloud/graphql/ pnpm run import:catalog",
        b62(30),
        env=lower_alnum(12),
    ),
    S(
        HC,
        "saleor_app_token_create_output",
        '{"data":{"appTokenCreate":{"authToken":"{v}","appToken":{"id":"{tid}","name":"catalog-sync"},"errors":[]}}}',
        b62(30),
        tid=global_id("AppToken"),
    ),
    # ---- secrets: Medusa
    S(
        HC,
        "medusa_secret_key_sdk",
        'export const sdk = new Medusa({\n  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",\n'
        '  debug: false,\n  apiKey: "{v}",\n})',
        join("sk_", hexl(64)),
    ),
    S(
        HC,
        "medusa_basic_auth",
        "$ curl -s http://localhost:9000/admin/products?limit=3 -H 'Authorization: Basic {v}' | jq '.count'",
        medusa_basic,
    ),
    S(
        HC,
        "medusa_jwt_secret",
        "$ cat apps/backend/.env\nMEDUSA_ADMIN_ONBOARDING_TYPE=default\nSTORE_CORS=http://localhost:8000\n"
        "DATABASE_URL=postgres://localhost/medusa-store\nJWT_SECRET={v}",
        b64(44),
    ),
    # ---- secrets: commercetools
    S(
        HC,
        "ctp_env_export",
        "CTP_PROJECT_KEY={proj}\nCTP_CLIENT_SECRET={v}\nCTP_CLIENT_ID={cid}\n"
        "CTP_AUTH_URL=https://auth.europe-west1.gcp.commercetools.com\n"
        "CTP_API_URL=https://api.europe-west1.gcp.commercetools.com\nCTP_SCOPES=manage_project:{proj}",
        b64url(32),
        proj=project_key,
        cid=b64url(24),
    ),
    S(
        HC,
        "ctp_basic_user",
        '$ curl https://auth.us-central1.gcp.commercetools.com/oauth/token --basic --user "{cid}:{v}"'
        ' -X POST -d "grant_type=client_credentials&scope=view_products:{proj}"',
        b64url(32),
        cid=b64url(24),
        proj=project_key,
    ),
    # ---- secrets: Swell
    S(
        HC,
        "swell_init",
        "import swell from 'swell-node';\n\nswell.init('{store}', '{v}', { cache: false });",
        join("sk_", b62(32)),
        store=swell_store,
    ),
    S(
        HC,
        "swell_basic_url",
        '$ curl -s "https://{store}:{v}@api.swell.store/orders?limit=10&sort=date_created+desc"',
        join("sk_", b62(32)),
        store=swell_store,
    ),
    # ---- secrets: Vendure
    S(
        HC,
        "vendure_superadmin_password",
        "$ docker run -d --name vendure-server -p 3000:3000 -e SUPERADMIN_USERNAME=ops"
        " -e SUPERADMIN_PASSWORD='{v}' -e DB_HOST=postgres ghcr.io/lindenhof/vendure-server:2.3.1",
        password(20),
    ),
    S(
        HC,
        "vendure_auth_token_header",
        "HTTP/1.1 200 OK\nX-Powered-By: Express\naccess-control-expose-headers: vendure-auth-token\n"
        "vendure-auth-token: {v}\ncontent-type: application/json; charset=utf-8",
        hexl(64),
    ),
    # ---- secrets: Elastic Path Commerce Cloud
    S(
        HC,
        "epcc_client_secret_code",
        "resp = requests.post(\n"
        '    "https://useast.api.elasticpath.com/oauth/access_token",\n'
        '    data={"client_id": "{cid}", "client_secret": "{v}", "grant_type": "client_credentials"},\n'
        "    timeout=30,\n)",
        b62(42),
        cid=b62(42),
    ),
    S(
        HC,
        "epcc_access_token_output",
        '{\n  "expires": {exp},\n  "identifier": "client_credentials",\n  "expires_in": 3600,\n'
        '  "access_token": "{v}",\n  "token_type": "Bearer"\n}',
        hexl(40),
        exp=join("17", pick(string.digits, 8)),
    ),
    # ---- secrets: BigCommerce
    S(
        HC,
        "bigcommerce_credentials_file",
        "$ head -4 ~/Downloads/lindenhof-erp-sync.txt\nACCESS TOKEN: {v}\nCLIENT NAME: erp-sync\n"
        "API PATH: https://api.bigcommerce.com/stores/{hash}/v3/\nCLIENT ID: {cid}",
        lower_alnum(31),
        hash=lower_alnum(10),
        cid=lower_alnum(31),
    ),
    S(
        HC,
        "bigcommerce_stencil_secrets",
        '$ cat secrets.stencil.json\n{\n  "accessToken": "{v}"\n}',
        lower_alnum(31),
    ),
    # ---- secrets: Shopify
    S(
        HC,
        "shopify_admin_token_header",
        "$ curl -X POST https://{shop}.myshopify.com/admin/api/2024-07/graphql.json"
        " -H 'Content-Type: application/json' -H 'X-Shopify-Access-Token: {v}'"
        ' -d \'{"query":"{ shop { name } }"}\'',
        join("shpat_", hexl(32)),
        shop=shop_name,
    ),
    S(
        HC,
        "shopify_theme_access_password",
        "$ shopify theme push --store {shop}.myshopify.com --password {v} --theme 148213923 --nodelete",
        join("shptka_", hexl(32)),
        shop=shop_name,
    ),
    S(
        HC,
        "shopify_api_secret_env",
        "SHOPIFY_API_KEY={key}\nSHOPIFY_API_SECRET={v}\nSCOPES=read_products,write_orders\nHOST=https://localhost:3457",
        join("shpss_", hexl(32)),
        key=hexl(32),
    ),
    # ---- secrets: Spree and Solidus
    S(
        HC,
        "spree_cli_env",
        "$ SPREE_API_KEY={v} SPREE_BASE_URL=https://admin.lindenhof-shop.de spree api get /orders"
        " -q state_eq=complete --limit 5",
        join("sk_", b58(24)),
    ),
    S(
        HC,
        "spree_secret_header",
        '    headers = {"X-Spree-Api-Key": "{v}", "Accept": "application/json"}',
        join("sk_", b58(24)),
    ),
    S(
        HC,
        "solidus_api_key_runner",
        '$ bin/rails runner \'u = Spree::User.find_by!(email: "ops@lindenhof-shop.de"); '
        "u.generate_spree_api_key!; puts u.spree_api_key'\n{v}",
        hexl(48),
    ),
    # ---- secrets: Shopware
    S(
        HC,
        "shopware_client_credentials",
        "$ curl -s -X POST https://shop.lindenhof-shop.de/api/oauth/token -H 'Content-Type: application/json'"
        ' -d \'{"grant_type":"client_credentials","client_id":"{kid}","client_secret":"{v}"}\'',
        shopware_secret,
        kid=shopware_access_key("SWIA"),
    ),
    S(
        HC,
        "shopware_project_yaml",
        "$ cat .shopware-project.yml\nurl: https://shop.lindenhof-shop.de\nadmin_api:\n"
        "  client_id: {kid}\n  client_secret: {v}\n",
        shopware_secret,
        kid=shopware_access_key("SWIA"),
    ),
    # ---- secrets: Sylius
    S(
        HC,
        "sylius_bearer_jwt",
        "$ curl -s https://lindenhof-shop.de/api/v2/admin/orders?page=1 -H 'Accept: application/ld+json'"
        ' -H "Authorization: Bearer {v}"',
        sylius_jwt,
    ),
    S(
        HC,
        "sylius_jwt_passphrase",
        "###> lexik/jwt-authentication-bundle ###\nJWT_SECRET_KEY=%kernel.project_dir%/config/jwt/private.pem\n"
        "JWT_PUBLIC_KEY=%kernel.project_dir%/config/jwt/public.pem\nJWT_PASSPHRASE={v}\n"
        "###< lexik/jwt-authentication-bundle ###",
        hexl(32),
    ),
    # ---- look-alikes: publishable / public keys documented as safe in client code
    L(
        HC,
        "medusa_publishable_key",
        "NEXT_PUBLIC_MEDUSA_BACKEND_URL=http://localhost:9000\nNEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY={v}",
        join("pk_", hexl(64)),
    ),
    L(
        HC,
        "shopify_storefront_public_token",
        "PUBLIC_STOREFRONT_ID={sid}\nPUBLIC_STOREFRONT_API_TOKEN={v}\nPUBLIC_STORE_DOMAIN={shop}.myshopify.com",
        hexl(32),
        sid=join("10000", pick(string.digits, 5)),
        shop=shop_name,
    ),
    L(
        HC,
        "shopify_client_id_toml",
        '# shopify.app.toml\nclient_id = "{v}"\nname = "lindenhof-fulfilment"\n'
        'application_url = "https://fulfilment.lindenhof-shop.de"\nembedded = true',
        hexl(32),
    ),
    L(
        HC,
        "swell_public_key",
        "NEXT_PUBLIC_SWELL_STORE_ID={store}\nNEXT_PUBLIC_SWELL_PUBLIC_KEY={v}",
        join("pk_", b62(32)),
        store=swell_store,
    ),
    L(
        HC,
        "spree_publishable_key",
        "const client = createClient({\n  baseUrl: 'https://api.lindenhof-shop.de',\n  publishableKey: '{v}',\n})",
        join("pk_", b58(24)),
    ),
    L(
        HC,
        "vendure_channel_token",
        "$ curl -s http://localhost:3000/shop-api -H 'Content-Type: application/json' -H 'vendure-token: {v}'"
        ' -d \'{"query":"{ activeChannel { code currencyCode } }"}\'',
        lower_alnum(20),
    ),
    L(
        HC,
        "shopware_sales_channel_key",
        "$ curl -s https://shop.lindenhof-shop.de/store-api/product -H 'sw-access-key: {v}' -H 'Accept: application/json'",
        shopware_access_key("SWSC"),
    ),
    L(
        HC,
        "epcc_implicit_client_id",
        '$ curl -X POST https://euwest.api.elasticpath.com/oauth/access_token -d "client_id={v}" -d "grant_type=implicit"',
        b62(42),
    ),
    # ---- look-alikes: ids and client ids
    L(
        HC,
        "bigcommerce_auth_client",
        "    -H 'Accept: application/json' \\\n    -H 'X-Auth-Client: {v}' \\\n    -H \"X-Auth-Token: $BC_ACCESS_TOKEN\"",
        lower_alnum(31),
    ),
    L(
        HC,
        "bigcommerce_store_hash",
        "Bigcommerce.configure do |config|\n  config.store_hash = '{v}'\n  config.client_id = ENV['BC_CLIENT_ID']\n"
        "  config.access_token = ENV['BC_ACCESS_TOKEN']\nend",
        lower_alnum(10),
    ),
    L(
        HC,
        "ctp_client_id",
        "$ terraform output -json storefront_client | jq '{name, id, scope}'\n"
        '{\n  "name": "storefront-bff",\n  "id": "{v}",\n  "scope": "view_published_products:{proj}"\n}',
        b64url(24),
        proj=project_key,
    ),
    L(
        HC,
        "ctp_product_uuid",
        "GET https://api.europe-west1.gcp.commercetools.com/{proj}/products/{v}?expand=productType 200 OK (84 ms)",
        uuid,
        proj=project_key,
    ),
    L(
        HC,
        "epcc_store_id",
        "headers = {'accept': 'application/json', 'x-moltin-auth-store': '{v}'}",
        uuid,
    ),
    L(
        HC,
        "saleor_app_global_id",
        '{"data":{"app":{"id":"{v}","name":"Klaviyo","isActive":true,"permissions":[{"code":"MANAGE_USERS"}]}}}',
        global_id("App"),
    ),
    L(
        HC,
        "medusa_api_key_id",
        '$ curl -X POST http://localhost:9000/admin/api-keys/{v}/revoke -H "Authorization: Bearer $MEDUSA_ADMIN_JWT"',
        ulid_id("apk_"),
    ),
    L(
        HC,
        "shopware_integration_key_id",
        '[2024-11-04T09:12:40] app.INFO: Integration "ERP Sync" authenticated (access key id {v}, role: erp)',
        shopware_access_key("SWIA"),
    ),
    # ---- look-alikes: masks and shown-once remnants
    L(
        HC,
        "saleor_token_last4",
        '          "tokens": [\n            {\n              "name": "catalog-sync",\n'
        '              "authToken": "{v}"\n            }\n          ]',
        b62(4),
    ),
    L(
        HC,
        "medusa_redacted",
        '{"api_key":{"id":"{kid}","title":"ERP sync","redacted":"{v}","type":"secret","revoked_at":null}}',
        join("sk_", hexl(3), "***", hexl(3)),
        kid=ulid_id("apk_"),
    ),
    L(
        HC,
        "spree_token_prefix",
        "NAME          TYPE     PREFIX         SCOPES                    CREATED\nerp-sync      secret   {v}   read_orders,write_orders  2024-10-02",
        join("sk_", b58(9)),
    ),
    # ---- look-alikes: placeholders and references
    L(
        HC,
        "shopify_placeholder",
        "# replace with the Admin API access token of your custom app\nSHOPIFY_ADMIN_ACCESS_TOKEN={v}",
        const("shpat_" + "x" * 32),
    ),
    L(
        HC,
        "ctp_env_reference",
        "  credentials: {\n    clientId: process.env.CTP_CLIENT_ID!,\n    clientSecret: {v},\n  },",
        const("process.env.CTP_CLIENT_SECRET!"),
    ),
    L(
        HC,
        "saleor_gha_secret_ref",
        "      - run: pnpm run import:catalog\n        env:\n          SALEOR_APP_TOKEN: {v}\n"
        "          SALEOR_API_URL: https://lindenhof.eu.saleor.cloud/graphql/",
        const("${{ secrets.SALEOR_APP_TOKEN }}"),
    ),
    L(
        HC,
        "vendure_env_reference",
        "  authOptions: {\n    tokenMethod: ['bearer', 'cookie'],\n    superadminCredentials: {\n"
        "      identifier: process.env.SUPERADMIN_USERNAME,\n      password: {v},\n    },",
        const("process.env.SUPERADMIN_PASSWORD"),
    ),
    # ---- look-alikes: hashes and public keys
    L(
        HC,
        "theme_zip_checksum",
        "$ shopify theme package && shasum -a 256 Dawn-15.0.0.zip\n{v}  Dawn-15.0.0.zip",
        hexl(64),
    ),
    L(
        HC,
        "sylius_jwt_public_key",
        "$ openssl pkey -in config/jwt/private.pem -passin env:JWT_PASSPHRASE -pubout | head -2\n"
        "-----BEGIN PUBLIC KEY-----\n{v}",
        join("MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA", b64(20)),
    ),
]
