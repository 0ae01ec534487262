"""A hundred-and-ninety-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from online-marketplace seller APIs: Amazon Selling Partner API with Login with Amazon
(`amzn1.application-oa2-client.` client ids, `amzn1.oa2-cs.v1.` client secrets, `Atzr|` refresh
and `Atza|` access tokens, the `x-amz-access-token` header, `amzn1.sp.solution.` app ids, seller
ids, order ids, python-amazon-sp-api's `SP_API_*`/`LWA_*` variables), eBay (`…-PRD-…` App IDs,
`PRD-` Cert IDs, Dev IDs, RuNames, `v^1.1#…` OAuth application and refresh tokens,
`AgAAAA**` Auth'n'Auth tokens in Trading API XML, ebaysdk's `ebay.yaml`), Etsy Open API v3
(keystring, shared secret, `x-api-key: keystring:secret`, `<user_id>.<token>` OAuth tokens,
PKCE connect URLs), Walmart Marketplace (UUID client ids, client secrets, JWE access tokens in
`WM_SEC.ACCESS_TOKEN`, `WM_QOS.CORRELATION_ID`), Mercado Libre and Mercado Pago (`APP_USR-`
access tokens, `TG-` refresh tokens, `APP_USR-<uuid>` public keys, numeric app ids), Shopee Open
Platform v2 (partner id, `shpk` partner keys, signed URLs with `sign=`), Lazada Open Platform
(numeric app keys, app secrets, `5000…` access tokens, LazopClient), Zalando zDirect client
credentials, Allegro REST API (hex client ids, client secrets, JWT bearer tokens, device-flow
user codes), Bol.com Retailer API (UUID client ids, basic-auth token requests) and Kaufland
Marketplace Seller API (client key, secret key, `Shop-Signature`), in commands, config files,
code and tool output, with the public ids the same documentation shows beside them.

The search tool's budget was already spent when this set was written, so the shapes are written
from the author's own knowledge of these vendors' documentation rather than checked against it;
the Shopee partner-key and access-token, Zalando and Bol.com secret shapes are the least certain.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
24 of 26 secrets caught, 2 of 26 look-alikes altered (missed: an eBay Cert ID (`PRD-<hex groups>`)
under `certid`, a Lazada access token as `client.execute`'s second argument; altered: Mercado Pago's
public key (`APP_USR-<uuid>`) as a client's first argument, Shopee's `sign=` (an HMAC) in an
authorisation link; written from memory).
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
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

MK = "marketplaces"


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_auth(user, secret):
    """base64 of `user:secret`, each a maker."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def walmart_jwe(rng: random.Random) -> str:
    """A compact JWE with `alg: dir` (empty encrypted-key part), as Walmart's /v3/token returns."""
    header = b64url_json({"kid": uuid(rng), "enc": "A256GCM", "alg": "dir"})
    return f"{header}..{b64url(22)(rng)}.{b64url(940)(rng)}.{b64url(22)(rng)}"


def allegro_jwt(rng: random.Random) -> str:
    header = b64url_json({"alg": "RS256", "typ": "JWT"})
    payload = b64url_json(
        {
            "user_name": digits(8)(rng),
            "scope": ["allegro:api:orders:read", "allegro:api:sale:offers:read", "allegro:api:sale:offers:write"],
            "allegro_api": True,
            "iss": "https://allegro.pl",
            "exp": 1718000000 + rng.randrange(10_000_000),
            "jti": uuid(rng),
            "client_id": hexl(32)(rng),
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


lwa_client_id = join("amzn1.application-oa2-client.", hexl(32))
lwa_client_secret = join("amzn1.oa2-cs.v1.", hexl(64))
lwa_refresh = join("Atzr|IwEBI", b64url(330))
lwa_access = join("Atza|IwEBI", b64url(330))
seller_id = join("A", upper_alnum(13))
ebay_app_id = join("Brightki-Courier-PRD-", hexl(9), "-", hexl(8))
ebay_cert_id = join("PRD-", hexl(12), "-", hexl(4), "-", hexl(4), "-", hexl(4), "-", hexl(4))
etsy_keystring = lower_alnum(24)
etsy_token = join(digits(9), ".", b64url(92))
ml_access = join("APP_USR-", digits(16), "-", digits(6), "-", hexl(32), "-", digits(9))
lazada_token = join("50000", b62(55))
lower_letters = pick(string.ascii_lowercase, 9)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 26, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- Amazon SP-API / Login with Amazon
    S(
        MK,
        "sp_api_refresh_token_env",
        "$ cat .env\nSP_API_REGION=NA\nLWA_APP_ID={cid}\nSP_API_REFRESH_TOKEN={v}\nSP_API_DEFAULT_MARKETPLACE=US",
        lwa_refresh,
        cid=lwa_client_id,
    ),
    S(
        MK,
        "lwa_client_secret_curl",
        "$ curl -s -X POST https://api.amazon.com/auth/o2/token -d grant_type=refresh_token"
        ' -d "refresh_token=$SP_API_REFRESH_TOKEN" -d client_id={cid} -d client_secret={v}',
        lwa_client_secret,
        cid=lwa_client_id,
    ),
    S(
        MK,
        "lwa_access_token_response",
        '{"access_token":"{v}","scope":"sellingpartnerapi::notifications","token_type":"bearer","expires_in":3600}',
        lwa_access,
    ),
    S(
        MK,
        "x_amz_access_token_header",
        '$ curl -s -H "x-amz-access-token: {v}" -H "user-agent: brightkite-sync/2.4 (Language=Python)"'
        ' "https://sellingpartnerapi-eu.amazon.com/orders/v0/orders?MarketplaceIds=A1PA6795UKMFR9&CreatedAfter=2024-06-01T00:00:00Z"',
        lwa_access,
    ),
    S(
        MK,
        "python_sp_api_credentials",
        "    orders = Orders(\n        credentials=dict(\n"
        '            refresh_token=os.environ["SP_API_REFRESH_TOKEN"],\n'
        '            lwa_app_id="{cid}",\n            lwa_client_secret="{v}",\n        ),\n'
        "        marketplace=Marketplaces.DE,\n    )",
        lwa_client_secret,
        cid=lwa_client_id,
    ),
    # ---- eBay
    S(
        MK,
        "ebay_yaml_certid",
        "$ cat ebay.yaml\nname: ebay_api_config\napi.ebay.com:\n    compatability: 967\n"
        "    appid: {app}\n    certid: {v}\n    devid: {dev}",
        ebay_cert_id,
        app=ebay_app_id,
        dev=uuid,
    ),
    S(
        MK,
        "ebay_app_token_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" -H "X-EBAY-C-MARKETPLACE-ID: EBAY_GB"'
        ' "https://api.ebay.com/buy/browse/v1/item_summary/search?q=cargo+bike&limit=3"',
        join("v^1.1#i^1#p^1#r^0#I^3#f^0#t^H4sIAAAAAAAAA", b64(1180), "="),
    ),
    S(
        MK,
        "ebay_refresh_token_json",
        "$ jq '{refresh_token, refresh_token_expires_in, token_type}' ~/.config/ebay/user-token.json\n"
        '{\n  "refresh_token": "{v}",\n  "refresh_token_expires_in": 47304000,\n  "token_type": "User Access Token"\n}',
        join("v^1.1#i^1#p^3#I^3#f^0#r^1#t^Ul4xMF8", b64(170), "="),
    ),
    S(
        MK,
        "ebay_basic_client_credentials",
        "$ curl -X POST https://api.ebay.com/identity/v1/oauth2/token"
        ' -H "Content-Type: application/x-www-form-urlencoded" -H "Authorization: Basic {v}"'
        ' -d "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope"',
        basic_auth(ebay_app_id, ebay_cert_id),
    ),
    S(
        MK,
        "ebay_authnauth_xml",
        '<?xml version="1.0" encoding="utf-8"?>\n<GetMyeBaySellingRequest xmlns="urn:ebay:apis:eBLBaseComponents">\n'
        "  <RequesterCredentials>\n    <eBayAuthToken>{v}</eBayAuthToken>\n  </RequesterCredentials>\n"
        "  <ActiveList><Include>true</Include></ActiveList>\n</GetMyeBaySellingRequest>",
        join("AgAAAA**AQAAAA**aAAAAA**", b64(8), "**", b64(32), "**", b64(560), "=="),
    ),
    # ---- Etsy Open API v3
    S(
        MK,
        "etsy_x_api_key_pair",
        '$ curl -s -H "x-api-key: {v}" "https://openapi.etsy.com/v3/application/openapi-ping"',
        join(etsy_keystring, ":", lower_alnum(10)),
    ),
    S(
        MK,
        "etsy_access_token_code",
        "headers = {\n"
        '    "x-api-key": os.environ["ETSY_KEYSTRING"],\n'
        '    "Authorization": "Bearer {v}",\n}\n'
        'r = requests.get(f"https://openapi.etsy.com/v3/application/shops/{shop_id}/receipts", headers=headers)',
        etsy_token,
    ),
    # ---- Walmart Marketplace
    S(
        MK,
        "walmart_client_secret_curl_u",
        '$ curl -s -X POST https://marketplace.walmartapis.com/v3/token -u "{cid}:{v}"'
        ' -H "WM_SVC.NAME: Walmart Marketplace" -H "WM_QOS.CORRELATION_ID: {corr}"'
        ' -H "Accept: application/json" -d "grant_type=client_credentials"',
        b64url(86),
        cid=uuid,
        corr=uuid,
    ),
    S(
        MK,
        "walmart_access_token_verbose",
        "> GET /v3/orders?createdStartDate=2024-06-01 HTTP/2\n> Host: marketplace.walmartapis.com\n"
        "> wm_svc.name: Walmart Marketplace\n> wm_qos.correlation_id: {corr}\n> wm_sec.access_token: {v}\n"
        "> accept: application/json",
        walmart_jwe,
        corr=uuid,
    ),
    # ---- Mercado Libre / Mercado Pago
    S(
        MK,
        "meli_access_token_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}' https://api.mercadolibre.com/users/me",
        ml_access,
    ),
    S(
        MK,
        "meli_refresh_token_form",
        "$ curl -X POST https://api.mercadolibre.com/oauth/token -H 'accept: application/json'"
        " -H 'content-type: application/x-www-form-urlencoded'"
        " -d 'grant_type=refresh_token&client_id={app}&client_secret='\"$ML_CLIENT_SECRET\"'&refresh_token={v}'",
        join("TG-", hexl(24), "-", digits(9)),
        app=digits(16),
    ),
    S(
        MK,
        "mercadopago_sdk_config",
        "import { MercadoPagoConfig, Preference } from 'mercadopago';\n\n"
        "const client = new MercadoPagoConfig({ accessToken: '{v}', options: { timeout: 5000 } });",
        ml_access,
    ),
    # ---- Shopee Open Platform
    S(
        MK,
        "shopee_partner_key_code",
        'PARTNER_ID = 2{pid}\nPARTNER_KEY = "{v}"\n\n'
        "def sign(path: str, ts: int, access_token: str, shop_id: int) -> str:\n"
        '    base = f"{PARTNER_ID}{path}{ts}{access_token}{shop_id}"\n'
        "    return hmac.new(PARTNER_KEY.encode(), base.encode(), hashlib.sha256).hexdigest()",
        join("shpk", b62(60)),
        pid=digits(6),
    ),
    S(
        MK,
        "shopee_access_token_query",
        "GET https://partner.shopeemobile.com/api/v2/product/get_item_list?partner_id=2{pid}&timestamp=17{ts}"
        "&access_token={v}&shop_id={shop}&sign={sig}&offset=0&page_size=50&item_status=NORMAL",
        hexl(32),
        pid=digits(6),
        ts=digits(8),
        shop=digits(9),
        sig=hexl(64),
    ),
    # ---- Lazada Open Platform
    S(
        MK,
        "lazop_client_app_secret",
        "client = lazop.LazopClient('https://api.lazada.com.my/rest', '1{key}', '{v}')\n"
        "request = lazop.LazopRequest('/orders/get', 'GET')",
        b62(32),
        key=digits(5),
    ),
    S(
        MK,
        "lazop_execute_access_token",
        "request.add_api_param('created_after', '2024-06-01T00:00:00+08:00')\n"
        "response = client.execute(request, '{v}')\nprint(response.type, response.body)",
        lazada_token,
    ),
    # ---- Zalando zDirect
    S(
        MK,
        "zdirect_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: zdirect-credentials\ntype: Opaque\nstringData:\n"
        "  ZDIRECT_CLIENT_ID: {cid}\n  ZDIRECT_CLIENT_SECRET: {v}",
        b62(48),
        cid=lower_alnum(20),
    ),
    # ---- Allegro
    S(
        MK,
        "allegro_client_secret_requests",
        'resp = requests.post(\n    "https://allegro.pl/auth/oauth/token",\n'
        '    auth=("{cid}", "{v}"),\n    data={"grant_type": "client_credentials"},\n)',
        b62(64),
        cid=hexl(32),
    ),
    S(
        MK,
        "allegro_jwt_bearer",
        '$ curl -s "https://api.allegro.pl/sale/offers?limit=20" -H "Authorization: Bearer {v}"'
        ' -H "Accept: application/vnd.allegro.public.v1+json"',
        allegro_jwt,
    ),
    # ---- Bol.com Retailer API
    S(
        MK,
        "bol_basic_token_request",
        '$ curl -s -X POST "https://login.bol.com/token?grant_type=client_credentials"'
        ' -H "Accept: application/json" -H "Authorization: Basic {v}"',
        basic_auth(uuid, b64url(86)),
    ),
    # ---- Kaufland Marketplace Seller API
    S(
        MK,
        "kaufland_secret_key_php",
        "<?php\n$clientKey = '{ck}';\n$secretKey = '{v}';\n"
        '$signature = hash_hmac(\'sha256\', $method . "\\n" . $uri . "\\n" . $body . "\\n" . $timestamp, $secretKey);',
        hexl(64),
        ck=hexl(32),
    ),
    # ---- look-alikes: public ids
    L(MK, "lwa_client_id", "export LWA_APP_ID={v}", lwa_client_id),
    L(
        MK,
        "sp_api_application_id",
        "Authorize here: https://sellercentral.amazon.de/apps/authorize/consent?application_id={v}"
        "&state=c7e1{st}&version=beta",
        join("amzn1.sp.solution.", uuid),
        st=hexl(12),
    ),
    L(
        MK,
        "amazon_order_id",
        '      {\n        "AmazonOrderId": "{v}",\n        "PurchaseDate": "2024-06-03T09:14:22Z",\n'
        '        "OrderStatus": "Unshipped",\n        "MarketplaceId": "A1PA6795UKMFR9",',
        join(digits(3), "-", digits(7), "-", digits(7)),
    ),
    L(
        MK,
        "amazon_seller_id",
        "PUT https://sellingpartnerapi-eu.amazon.com/listings/2021-08-01/items/{v}/BK-COURIER-01?marketplaceIds=A1PA6795UKMFR9",
        seller_id,
    ),
    L(MK, "sp_api_role_arn", "SP_API_ROLE_ARN={v}", join("arn:aws:iam::", digits(12), ":role/SellingPartnerAPIRole")),
    L(MK, "ebay_app_id", "EBAY_APP_ID={v}  # App ID (Client ID), production keyset", ebay_app_id),
    L(
        MK,
        "ebay_dev_id",
        "api.ebay.com:\n    appid: {app}\n    devid: {v}\n    certid: ${EBAY_CERT_ID}",
        uuid,
        app=ebay_app_id,
    ),
    L(
        MK,
        "ebay_runame",
        "https://auth.ebay.com/oauth2/authorize?client_id={app}&response_type=code&redirect_uri={v}"
        "&scope=https://api.ebay.com/oauth/api_scope/sell.fulfillment",
        join("Brightkite_Lab-Brightki-Courie-", lower_letters),
        app=ebay_app_id,
    ),
    L(
        MK,
        "etsy_keystring_client_id",
        "https://www.etsy.com/oauth/connect?response_type=code&redirect_uri=https%3A%2F%2Flocalhost%3A3003%2Foauth%2Fredirect"
        "&scope=transactions_r%20listings_w&client_id={v}&state={st}&code_challenge={cc}&code_challenge_method=S256",
        etsy_keystring,
        st=lower_alnum(10),
        cc=b64url(43),
    ),
    L(
        MK,
        "etsy_code_challenge",
        "code_verifier saved to .pkce (not printed)\ncode_challenge (S256): {v}",
        b64url(43),
    ),
    L(
        MK,
        "etsy_shop_id",
        '$ curl -s -H "x-api-key: $ETSY_API_KEY" https://openapi.etsy.com/v3/application/shops/{v}/listings/active',
        digits(8),
    ),
    L(
        MK,
        "walmart_masked_secret",
        "Client ID      {cid}\nClient Secret  {v}   [Reset]",
        join("••••••••••••••••••••", b62(4)),
        cid=uuid,
    ),
    L(
        MK,
        "mercadopago_public_key",
        "const mp = new MercadoPago('{v}', { locale: 'es-AR' });\nmp.bricks().create('cardPayment', 'paymentBrick_container', settings);",
        join("APP_USR-", uuid),
    ),
    L(
        MK,
        "meli_app_id",
        "https://auth.mercadolibre.com.ar/authorization?response_type=code&client_id={v}"
        "&redirect_uri=https://brightkite.dev/ml/callback",
        digits(16),
    ),
    L(
        MK,
        "shopee_auth_partner_sign",
        "https://partner.shopeemobile.com/api/v2/shop/auth_partner?partner_id=2{pid}&timestamp=17{ts}"
        "&sign={v}&redirect=https://brightkite.dev/shopee/callback",
        hexl(64),
        pid=digits(6),
        ts=digits(8),
    ),
    L(MK, "shopee_partner_id", "SHOPEE_PARTNER_ID={v}\nSHOPEE_PARTNER_KEY=<your-partner-key>", join("2", digits(6))),
    L(MK, "lazada_app_key", "LAZADA_APP_KEY={v}\nLAZADA_REGION=MY", join("1", digits(5))),
    L(
        MK,
        "allegro_user_code",
        '{"user_code":"{v}","device_code":"<hidden>","expires_in":"3600","interval":"5",'
        '"verification_uri":"https://allegro.pl/skojarz-aplikacje"}',
        lower_letters,
    ),
    L(MK, "allegro_client_id", 'ALLEGRO_CLIENT_ID="{v}"', hexl(32)),
    L(MK, "bol_client_id", "BOL_CLIENT_ID={v}\nBOL_CLIENT_SECRET=${{ secrets.BOL_CLIENT_SECRET }}", uuid),
    L(
        MK,
        "kaufland_signature",
        "> Shop-Timestamp: 17{ts}\n> Shop-Signature: {v}\n> Accept: application/json",
        hexl(64),
        ts=digits(8),
    ),
    L(
        MK,
        "zdirect_merchant_id",
        "GET https://api-sandbox.merchants.zalando.com/merchants/{v}/orders?page[size]=50",
        uuid,
    ),
    # ---- look-alikes: hashes, references, placeholders
    L(MK, "package_hash", "python-amazon-sp-api==1.8.22 \\\n    --hash=sha256:{v}", hexl(64)),
    L(
        MK,
        "gha_secret_ref",
        "      - run: python sync_orders.py\n        env:\n          SP_API_REFRESH_TOKEN: {v}\n"
        "          LWA_CLIENT_SECRET: ${{ secrets.LWA_CLIENT_SECRET }}",
        const("${{ secrets.SP_API_REFRESH_TOKEN }}"),
    ),
    L(
        MK,
        "lwa_secret_placeholder",
        "# credentials.yml.example\ndefault:\n  lwa_app_id: amzn1.application-oa2-client.<your-client-id>\n  lwa_client_secret: {v}",
        join("amzn1.oa2-cs.v1.", const("x" * 64)),
    ),
    L(
        MK,
        "lazada_env_reference",
        "client = lazop.LazopClient(url, os.environ['LAZADA_APP_KEY'], {v})",
        const("os.environ['LAZADA_APP_SECRET']"),
    ),
]
