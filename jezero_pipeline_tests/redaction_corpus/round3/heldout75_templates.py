"""A seventy-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of e-commerce platforms and marketplaces: WooCommerce REST API keys
(`ck_` consumer key beside the `cs_` consumer secret, the "Consumer key ending in" column, webhook
secrets and `X-WC-Webhook-Signature`), Magento / Adobe Commerce (`app/etc/env.php` crypt key and db
connection, `bin/magento admin:user:create`, `security:tfa:google:set-secret`, integration tokens as
bearer tokens, `COMPOSER_AUTH` for repo.magento.com), BigCommerce (store hash vs `X-Auth-Token`,
Stencil's `secrets.stencil.json`, webhook payload hashes), PrestaShop (webservice keys in `ws_key`,
`app/config/parameters.php` with `new_cookie_key` beside `api_public_key`), the Amazon Selling
Partner API (LWA client id and `amzn1.oa2-cs.v1.` client secret, `Atzr|` refresh tokens, restricted
data tokens, `amzn1.sp.solution.` application ids, seller consent URLs), eBay (App ID vs Cert ID vs
Dev ID in `ebay.yaml`, OAuth `v^1.1#…` user tokens, Auth'n'Auth tokens in Trading API XML, RuNames),
Etsy Open API v3 (`x-api-key: keystring:shared_secret`, the PKCE authorize URL), Walmart Marketplace
(Basic client credentials for the Token API, `WM_QOS.CORRELATION_ID`), commercetools (client
credentials flow, `CTP_*` variables, `projectKey:`-prefixed refresh tokens), Medusa (`sk_` secret vs
`pk_` publishable API keys, `apk_` ids, `medusa user`, `medusa-config` secrets) and Saleor
(`EMAIL_URL`, app tokens vs their last four characters, JWKS and `Saleor-Signature` JWS), in
commands, config files, tool output and request logs, with the public ids the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 70 to 74):
22 of 26 secrets caught, 3 of 24 look-alikes altered (missed: a TOTP secret after Magento's
`security:tfa:google:set-secret USER`, an eBay `certid`, an eBay Auth'n'Auth token longer than 400 characters in its
element, an SMTP URL whose user holds an `@`; altered: an eBay App ID under `appid:`, a RuName as `redirect_uri`,
Saleor's last-four `authToken`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    alphabet_run,
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
    repeated,
    upper_alnum,
    uuid,
)

EC = "ecom"

BASE32 = string.ascii_uppercase + "234567"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CT_PROJECT = "larkspur-eu-07"
SPKI_RSA_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def b64_bytes(n_bytes: int, prefix: str = ""):
    """Standard base64 of `n_bytes` random bytes (a key or an HMAC-SHA256 digest), padding included."""

    def make(rng: random.Random) -> str:
        return prefix + base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n_bytes))).decode()

    return make


def basic_auth(user, secret):
    """`base64(user:secret)` as it sits after `Authorization: Basic`."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def spki_body(sep: str):
    """The base64 body of an RSA-2048 SubjectPublicKeyInfo (a PEM public key), 64-character lines."""

    def make(rng: random.Random) -> str:
        body = SPKI_RSA_HEAD + b64(342)(rng) + "IDAQAB"
        return sep.join(body[i : i + 64] for i in range(0, len(body), 64))

    return make


def ulid_id(prefix: str):
    """Medusa-style resource id: a prefix and a ULID (`apk_01…`)."""
    return join(prefix, "01", pick(CROCKFORD, 24))


def saleor_global_id(type_name: str):
    """A Saleor GraphQL global id: base64 of `Type:pk`."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{type_name}:{rng.randrange(1, 400)}".encode()).decode()

    return make


def detached_jws(rng: random.Random) -> str:
    """A detached RS256 JWS (`header..signature`), as in a `Saleor-Signature` header."""
    header = {"alg": "RS256", "kid": hexl(16)(rng), "b64": False, "crit": ["b64"]}
    enc = base64.urlsafe_b64encode(json.dumps(header, separators=(",", ":")).encode()).decode().rstrip("=")
    return enc + ".." + b64url(342)(rng)


def ebay_app_id(env: str):
    """eBay App ID (client id): `<user>-<app>-PRD-<9 hex>-<8 hex>`."""

    def make(rng: random.Random) -> str:
        user = rng.choice(("LarkspuG", "HollowOa", "TernGood", "QuillMar"))
        app = rng.choice(("OrderSyn", "listings", "FeedBot", "relister"))
        return f"{user}-{app}-{env}-{hexl(9)(rng)}-{hexl(8)(rng)}"

    return make


def ebay_runame(rng: random.Random) -> str:
    user = rng.choice(("Larkspur_Goods", "Hollow_Oak", "Tern_Goods"))
    return f"{user}-{user.replace('_', '')[:8]}-{rng.choice(('OrderS', 'FeedBo', 'relist'))}-{lower_alnum(9)(rng)}"


def auth_n_auth(rng: random.Random) -> str:
    """An eBay Auth'n'Auth user token: `AgAAAA**AQAAAA**aAAAAA**` then `**`-separated base64 runs."""
    return "AgAAAA**AQAAAA**aAAAAA**" + "**".join((b64(8)(rng), b64(48)(rng), b64(8)(rng), "AAMAAA", b64(640)(rng)))


def ct_scopes(rng: random.Random) -> str:
    return " ".join(f"{s}:{CT_PROJECT}" for s in ("manage_orders", "view_products", "view_shipping_methods"))


cs_key = join("cs_", hexl(40))
ck_key = join("ck_", hexl(40))
webhook_secret = pick(string.ascii_letters + string.digits + "!#%^*@$&()-_[]<>~+=,.;:?|", 50)
order_no = join(digits(3), "-", digits(7), "-", digits(7))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 3, 24, "the rules for 70 to 74")

TEMPLATES = [
    # ---- secrets: WooCommerce
    S(
        EC,
        "woo_consumer_secret",
        "$ curl -s 'https://shop.larkspur.example/wp-json/wc/v3/orders?status=processing&per_page=5'"
        " -u {ck}:{v} | jq '.[].id'",
        cs_key,
        ck=ck_key,
    ),
    S(
        EC,
        "woo_webhook_secret",
        "$ wp wc webhook create --name='Order created to ERP' --topic=order.created"
        " --delivery_url=https://erp.larkspur.example/hooks/wc --secret='{v}' --status=active --user=1",
        webhook_secret,
    ),
    # ---- secrets: Magento / Adobe Commerce
    S(
        EC,
        "magento_crypt_key",
        "$ grep -A2 \"'crypt'\" app/etc/env.php\n    'crypt' => [\n        'key' => '{v}'\n    ],",
        b64_bytes(32, prefix="base64"),
    ),
    S(
        EC,
        "magento_env_db_password",
        "            'default' => [\n                'host' => 'mysql.internal',\n                'dbname' => 'magento',\n"
        "                'username' => 'magento_app',\n                'password' => '{v}',\n"
        "                'model' => 'mysql4',\n                'engine' => 'innodb',",
        password(20),
    ),
    S(
        EC,
        "magento_admin_password",
        "$ bin/magento admin:user:create --admin-user=ops.deploy --admin-password='{v}'"
        " --admin-email=ops@larkspur.example --admin-firstname=Ops --admin-lastname=Deploy",
        password(16),
    ),
    S(
        EC,
        "magento_integration_token",
        "$ curl -s 'https://shop.larkspur.example/rest/default/V1/orders?searchCriteria[pageSize]=5'"
        ' -H "Authorization: Bearer {v}" | jq .total_count',
        lower_alnum(32),
    ),
    S(
        EC,
        "magento_tfa_secret",
        "$ bin/magento config:set twofactorauth/general/force_providers google\n"
        "$ bin/magento security:tfa:google:set-secret ops.deploy {v}",
        pick(BASE32, 32),
    ),
    S(
        EC,
        "magento_composer_auth",
        'export COMPOSER_AUTH=\'{"http-basic":{"repo.magento.com":{"username":"{pub}","password":"{v}"}}}\'',
        hexl(32),
        pub=hexl(32),
    ),
    # ---- secrets: BigCommerce
    S(
        EC,
        "bigcommerce_access_token",
        "$ curl -s https://api.bigcommerce.com/stores/{hash}/v3/catalog/products?limit=5"
        ' -H "X-Auth-Token: {v}" -H "Accept: application/json"',
        lower_alnum(31),
        hash=lower_alnum(10),
    ),
    S(
        EC,
        "stencil_secrets_json",
        '$ cat secrets.stencil.json\n{\n  "accessToken": "{v}"\n}',
        lower_alnum(31),
    ),
    # ---- secrets: PrestaShop
    S(
        EC,
        "prestashop_ws_key",
        "$ curl -s 'https://boutique.larkspur.example/api/products?ws_key={v}&output_format=JSON&display=[id,reference]'",
        upper_alnum(32),
    ),
    S(
        EC,
        "prestashop_new_cookie_key",
        "    'cookie_iv' => '{iv}',\n    'new_cookie_key' => '{v}',",
        join("def00000", hexl(128)),
        iv=b62(32),
    ),
    # ---- secrets: Amazon Selling Partner API
    S(
        EC,
        "lwa_client_secret",
        'credentials = dict(\n    refresh_token=os.environ["SP_API_REFRESH_TOKEN"],\n'
        '    lwa_app_id="amzn1.application-oa2-client.{cid}",\n    lwa_client_secret="{v}",\n)',
        join("amzn1.oa2-cs.v1.", hexl(64)),
        cid=hexl(32),
    ),
    S(
        EC,
        "lwa_refresh_token",
        "$ curl -s -X POST https://api.amazon.com/auth/o2/token -d grant_type=refresh_token"
        ' --data-urlencode "refresh_token={v}" -d client_id="$LWA_CLIENT_ID" -d client_secret="$LWA_CLIENT_SECRET"',
        join("Atzr|IwEBI", b64url(370)),
    ),
    S(
        EC,
        "sp_api_rdt",
        "GET /orders/v0/orders/{order}/address HTTP/1.1\nHost: sellingpartnerapi-na.amazon.com\n"
        "x-amz-access-token: {v}\nx-amz-date: 20240514T091522Z\nuser-agent: larkspur-sync/2.3 (Language=Python)",
        join("Atz.sprdt|AYAB", b64url(430)),
        order=order_no,
    ),
    # ---- secrets: eBay
    S(
        EC,
        "ebay_cert_id",
        "# Trading API - production keyset\napi.ebay.com:\n    compatability: 719\n    appid: {app}\n"
        "    certid: {v}\n    devid: {dev}",
        join("PRD-", hexl(12), "-", hexl(4), "-", hexl(4), "-", hexl(4), "-", hexl(4)),
        app=ebay_app_id("PRD"),
        dev=uuid,
    ),
    S(
        EC,
        "ebay_oauth_user_token",
        "$ curl -s 'https://api.ebay.com/sell/fulfillment/v1/order?limit=10&filter=orderfulfillmentstatus:%7BNOT_STARTED%7D'"
        ' -H "Authorization: Bearer {v}"',
        join("v^1.1#i^1#p^3#I^3#r^1#f^0#t^H4sIAAAAAAAA", b64(720)),
    ),
    S(
        EC,
        "ebay_auth_n_auth",
        '<?xml version="1.0" encoding="utf-8"?>\n<GetOrdersRequest xmlns="urn:ebay:apis:eBLBaseComponents">\n'
        "  <RequesterCredentials>\n    <eBayAuthToken>{v}</eBayAuthToken>\n  </RequesterCredentials>\n"
        "  <NumberOfDays>3</NumberOfDays>",
        auth_n_auth,
    ),
    # ---- secrets: Etsy, Walmart
    S(
        EC,
        "etsy_shared_secret",
        "$ curl -s 'https://api.etsy.com/v3/application/shops/{shop}/receipts?was_paid=true'"
        " -H 'x-api-key: {ks}:{v}' -H \"authorization: Bearer $ETSY_ACCESS_TOKEN\"",
        lower_alnum(10),
        shop=digits(8),
        ks=lower_alnum(24),
    ),
    S(
        EC,
        "walmart_basic_client_credentials",
        "$ curl -s -X POST https://marketplace.walmartapis.com/v3/token"
        ' -H "Authorization: Basic {v}" -H "WM_QOS.CORRELATION_ID: {corr}" -H "WM_SVC.NAME: Walmart Marketplace"'
        ' -H "Accept: application/json" -d grant_type=client_credentials',
        basic_auth(uuid, b64url(86)),
        corr=uuid,
    ),
    # ---- secrets: commercetools
    S(
        EC,
        "commercetools_client_secret",
        "$ curl -s https://auth.europe-west1.gcp.commercetools.com/oauth/token -X POST --basic"
        f' --user "{{cid}}:{{v}}" -d "grant_type=client_credentials&scope=manage_orders:{CT_PROJECT}"',
        b64url(32),
        cid=b64url(24),
    ),
    S(
        EC,
        "commercetools_refresh_token",
        f'{{"access_token": "{{at}}", "expires_in": 172800, "scope": "manage_my_orders:{CT_PROJECT}'
        ' customer_id:{cust}", "refresh_token": "{v}", "token_type": "Bearer"}',
        join(f"{CT_PROJECT}:", b64url(43)),
        at=b64url(32),
        cust=uuid,
    ),
    # ---- secrets: Medusa, Saleor
    S(
        EC,
        "medusa_secret_api_key",
        'import Medusa from "@medusajs/js-sdk"\n\nexport const sdk = new Medusa({\n'
        '  baseUrl: process.env.MEDUSA_BACKEND_URL,\n  apiKey: "{v}",\n})',
        join("sk_", hexl(64)),
    ),
    S(
        EC,
        "medusa_user_password",
        "$ npx medusa user -e ops@larkspur.example -p '{v}'",
        password(18),
    ),
    S(
        EC,
        "saleor_email_url",
        "EMAIL_URL=smtp://postmaster@mg.larkspur.example:{v}@smtp.mailgun.org:465/?ssl=True",
        join(hexl(32), "-", hexl(8), "-", hexl(8)),
    ),
    S(
        EC,
        "saleor_app_token",
        '{"data": {"appTokenCreate": {"authToken": "{v}", "appToken": {"id": "{gid}", "name": "erp-bridge"},'
        ' "errors": []}}}',
        b62(30),
        gid=saleor_global_id("AppToken"),
    ),
    # ---- look-alikes: public ids
    L(
        EC,
        "woo_truncated_key",
        "Description       Consumer key ending in   User       Permissions   Last access\n"
        "ERP order sync    …{v}                 shop-api   Read/Write    May 14, 2024 at 9:12 am",
        hexl(7),
    ),
    L(
        EC,
        "bigcommerce_store_hash",
        "The store hash is `{v}`: it is the segment after `/stores/` in the API path, so every call goes to"
        " https://api.bigcommerce.com/stores/{v}/v3/.",
        lower_alnum(10),
    ),
    L(
        EC,
        "sp_api_application_id",
        "https://sellercentral.amazon.com/apps/authorize/consent?application_id={v}&state={state}&version=beta",
        join("amzn1.sp.solution.", uuid),
        state=lower_alnum(16),
    ),
    L(
        EC,
        "lwa_client_id",
        "LWA credentials\n  Client identifier   {v}\n  Client secret       ••••••••••••••••  View",
        join("amzn1.application-oa2-client.", hexl(32)),
    ),
    L(
        EC,
        "ebay_app_id",
        "# Finding API - needs only the App ID\nsvcs.ebay.com:\n    appid: {v}\n    version: 1.0.0",
        ebay_app_id("PRD"),
    ),
    L(
        EC,
        "ebay_runame",
        "https://auth.ebay.com/oauth2/authorize?client_id={app}&response_type=code&redirect_uri={v}"
        "&scope=https://api.ebay.com/oauth/api_scope/sell.fulfillment",
        ebay_runame,
        app=ebay_app_id("PRD"),
    ),
    L(
        EC,
        "etsy_keystring",
        "https://www.etsy.com/oauth/connect?response_type=code"
        "&redirect_uri=https%3A%2F%2Fops.larkspur.example%2Fetsy%2Fcallback&scope=transactions_r%20listings_w"
        "&client_id={v}&state={state}&code_challenge={cc}&code_challenge_method=S256",
        lower_alnum(24),
        state=lower_alnum(12),
        cc=b64url(43),
    ),
    L(
        EC,
        "walmart_correlation_id",
        "WM_QOS.CORRELATION_ID: {v}\nWM_SVC.NAME: Walmart Marketplace\nWM_SEC.ACCESS_TOKEN: ${WALMART_ACCESS_TOKEN}",
        uuid,
    ),
    L(
        EC,
        "commercetools_scopes",
        f"CTP_PROJECT_KEY={CT_PROJECT}\nCTP_AUTH_URL=https://auth.europe-west1.gcp.commercetools.com\nCTP_SCOPES={{v}}",
        ct_scopes,
    ),
    L(
        EC,
        "medusa_publishable_key",
        "NEXT_PUBLIC_MEDUSA_BACKEND_URL=https://api.larkspur.example\nNEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY={v}",
        join("pk_", hexl(64)),
    ),
    L(
        EC,
        "medusa_api_key_id",
        "$ curl -s -X POST http://localhost:9000/admin/api-keys/{v}/revoke"
        ' -H "Authorization: Bearer $MEDUSA_ADMIN_JWT"',
        ulid_id("apk_"),
    ),
    L(
        EC,
        "saleor_token_last4",
        '{"data": {"app": {"name": "erp-bridge", "tokens": [{"id": "{gid}", "name": "ci", "authToken": "{v}"}]}}}',
        b62(4),
        gid=saleor_global_id("AppToken"),
    ),
    # ---- look-alikes: public keys, signatures and digests
    L(
        EC,
        "prestashop_api_public_key",
        "    'locale' => 'en-US',\n    'api_public_key' => '-----BEGIN PUBLIC KEY-----\n"
        "{v}\n-----END PUBLIC KEY-----',",
        spki_body("\n"),
    ),
    L(
        EC,
        "saleor_jwks",
        '$ curl -s https://api.larkspur.example/.well-known/jwks.json\n{"keys": [{"kty": "RSA", "key_ops": ["verify"],'
        ' "n": "{v}", "e": "AQAB", "use": "sig", "kid": "1"}]}',
        b64url(342),
    ),
    L(
        EC,
        "saleor_signature",
        "POST /webhooks/saleor/order-created 200 41ms\n  saleor-event: order_created\n"
        "  saleor-domain: api.larkspur.example\n  saleor-signature: {v}",
        detached_jws,
    ),
    L(
        EC,
        "woo_webhook_signature",
        "X-WC-Webhook-Source: https://shop.larkspur.example/\nX-WC-Webhook-Topic: order.created\n"
        "X-WC-Webhook-Signature: {v}\nX-WC-Webhook-Delivery-ID: {did}",
        b64_bytes(32),
        did=digits(4),
    ),
    L(
        EC,
        "bigcommerce_webhook_hash",
        '{"created_at": 1716190211, "store_id": "{sid}", "producer": "stores/{hash}", "scope": "store/order/created",'
        ' "data": {"type": "order", "id": 25013}, "hash": "{v}"}',
        hexl(40),
        sid=digits(7),
        hash=lower_alnum(10),
    ),
    L(
        EC,
        "image_digest",
        "$ docker pull ghcr.io/saleor/saleor:3.20\n3.20: Pulling from saleor/saleor\nDigest: sha256:{v}\n"
        "Status: Downloaded newer image for ghcr.io/saleor/saleor:3.20",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references, names and settings
    L(
        EC,
        "woo_placeholder",
        "$woocommerce = new Client('https://shop.larkspur.example', '{ck}', '{v}', ['version' => 'wc/v3']);",
        join("cs_", repeated(const("x"), 40)),
        ck=join("ck_", repeated(const("x"), 40)),
    ),
    L(
        EC,
        "prestashop_placeholder",
        "# .env.example - paste the key generated under Advanced Parameters > Webservice\nPS_WEBSERVICE_KEY={v}",
        join(alphabet_run(26, upper=True, offset=False), counting(6)),
    ),
    L(
        EC,
        "medusa_env_reference",
        "    http: {\n      storeCors: process.env.STORE_CORS!,\n      jwtSecret: process.env.JWT_SECRET,\n"
        "      cookieSecret: {v},\n    },",
        const("process.env.COOKIE_SECRET"),
    ),
    L(
        EC,
        "secret_manager_arn",
        '    lwa_client_secret=secrets.get_secret_value(SecretId="{v}")["SecretString"],',
        join("arn:aws:secretsmanager:us-east-1:", digits(12), ":secret:spapi/lwa-client-secret-", b62(6)),
    ),
    L(
        EC,
        "secret_names",
        "$ gh secret list\nWC_CONSUMER_KEY\tUpdated 2024-05-12\n{v}\tUpdated 2024-05-12\n"
        "MAGENTO_INTEGRATION_TOKEN\tUpdated 2024-04-30",
        const("WC_CONSUMER_SECRET"),
    ),
    L(
        EC,
        "magento_config_path",
        "$ bin/magento config:set {v} 1\nValue was saved.",
        const("oauth/consumer/enable_integration_as_bearer"),
    ),
]
