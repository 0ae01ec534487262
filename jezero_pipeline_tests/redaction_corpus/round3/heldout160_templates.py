"""A hundred-and-sixtieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of print-on-demand and merchandise APIs: Printful private
tokens sent as `Authorization: Bearer` with the `X-PF-Store-Id` header an account-level token needs,
Printful's retired legacy keys (HTTP Basic over a base64 key, per its migration notes), Printful
webhooks v2 (a hex `secret_key` returned once at registration, a `public_key` the GET shows) and file
`hash` fields; Printify personal access tokens (RS256 JWTs starting `eyJ`, from Settings >
Connections) in `PRINTIFY_API_TOKEN`, PrintiPy and MCP setups, Printify webhook `secret`s and the
`X-Pfy-Signature: sha256=…` header, shop ids and 24-hex product ids; Gelato's `X-API-KEY` header
(order.gelatoapis.com) with `promiseUid`s and order ids; Prodigi's `X-API-Key` (api.sandbox.prodigi.com,
v4.0) and the older Pwinty `X-Pwinty-REST-API-Key`, `ord_` order ids and the docs' `your-api-key`;
the Lulu Print API client-key / client-secret pair, its base64 `Basic` value for the glasstree
OpenID token endpoint and the Keycloak JWT it returns, `pod_package_id`s; Gooten's public `RecipeID`
and private URL-encoded `PartnerBillingKey` query parameters; CustomCat's `api_key` query parameter;
Spreadshirt's apiKey / secret and SprdAuth `sig`; Cloudprinter's CloudCore `apikey` in the JSON body
and file `md5sum`s; Peecho's pingback `secret=` verification hash. Each in commands, config files,
code and tool output, with the public ids the same documentation shows beside them.

Where the documentation found did not state an alphabet or length (Printful private tokens, Gelato,
Prodigi, CustomCat and Cloudprinter keys, Gooten billing keys) the shape is the author's recollection
of the vendor's dashboards: a 40-character base62 Printful token, Gelato's two UUIDs and a colon-joined
third, GUIDs for Prodigi and CustomCat, 32 lowercase hex for Cloudprinter, a 44-character base64 value
ending `=` for Gooten.

First score, blind, before any rule changed for it (after the rules for 155 to 159):
25 of 25 secrets caught, 1 of 24 look-alikes altered (altered: Peecho's pingback verification hash
under a query's `secret=`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    uuid,
)

POD = "pod"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def printify_pat(rng: random.Random) -> str:
    """A Printify personal access token: an RS256 JWT with aud, jti, iat/nbf/exp, sub and scopes."""
    iat = 1700000000 + rng.randrange(60_000_000)
    header = _b64url_json({"typ": "JWT", "alg": "RS256"})
    payload = _b64url_json(
        {
            "aud": hexl(32)(rng),
            "jti": hexl(80)(rng),
            "iat": iat,
            "nbf": iat,
            "exp": iat + 31_536_000,
            "sub": digits(8)(rng),
            "scopes": ["shops.read", "catalog.read", "orders.read", "orders.write", "products.write", "uploads.write"],
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def lulu_access_token(rng: random.Random) -> str:
    """The Keycloak (glasstree realm) access token Lulu's token endpoint returns."""
    iat = 1700000000 + rng.randrange(60_000_000)
    header = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)})
    payload = _b64url_json(
        {
            "exp": iat + 3600,
            "iat": iat,
            "jti": uuid(rng),
            "iss": "https://api.sandbox.lulu.com/auth/realms/glasstree",
            "sub": uuid(rng),
            "typ": "Bearer",
            "azp": uuid(rng),
            "scope": "openid email profile",
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def basic_of(inner) -> object:
    return lambda rng: base64.b64encode(inner(rng).encode()).decode()


# Printful's legacy key: 8-4-4:4-12 lowercase alphanumerics, sent base64-encoded under HTTP Basic.
printful_legacy_key = join(
    lower_alnum(8), "-", lower_alnum(4), "-", lower_alnum(4), ":", lower_alnum(4), "-", lower_alnum(12)
)
printful_token = b62(40)
gelato_key = join(uuid, "-", uuid, ":", uuid)
gooten_billing = join(b62(43), "=")


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 24, "the rules for 155 to 159")

TEMPLATES: list = [
    # ---- secrets: Printful
    S(
        POD,
        "printful_bearer_curl",
        "$ curl -s https://api.printful.com/v2/stores -H 'Authorization: Bearer {v}' | jq '.data[] | {id, name}'",
        printful_token,
    ),
    S(
        POD,
        "printful_env_file",
        "$ cat .env.local\nNEXT_PUBLIC_SITE_URL=https://shop.kettleandquill.test\nPRINTFUL_API_TOKEN={v}\n"
        "PRINTFUL_STORE_ID={store}",
        printful_token,
        store=digits(8),
    ),
    S(
        POD,
        "printful_sdk_positional",
        'import { createPrintfulStoreClient } from "printful-sdk-js";\n\nconst client = createPrintfulStoreClient("{v}");',
        printful_token,
    ),
    S(
        POD,
        "printful_legacy_basic",
        "        curl_setopt($ch, CURLOPT_HTTPHEADER, [\n            'Authorization: Basic {v}',\n"
        "            'Content-Type: application/json',\n        ]);",
        basic_of(printful_legacy_key),
    ),
    S(
        POD,
        "printful_webhook_secret_key",
        '{\n  "data": {\n    "default_url": "https://shop.kettleandquill.test/webhooks/printful",\n'
        '    "expires_at": null,\n    "secret_key": "{v}",\n    "public_key": "{pub}",\n'
        '    "events": [{"type": "shipment_sent"}, {"type": "order_failed"}]\n  }\n}',
        hexl(64),
        pub=hexl(64),
    ),
    S(
        POD,
        "gh_secret_set_body",
        '$ gh secret set PRINTFUL_API_TOKEN --repo kettle-quill/storefront --body "{v}"\n'
        "✓ Set Actions secret PRINTFUL_API_TOKEN for kettle-quill/storefront",
        printful_token,
    ),
    # ---- secrets: Printify
    S(
        POD,
        "printify_mcp_env",
        "$ claude mcp add printify --env PRINTIFY_API_TOKEN={v} -- npx -y @artisanxl/printify-mcp",
        printify_pat,
    ),
    S(
        POD,
        "printify_printipy",
        "from printipy.api import PrintiPy\n\napi = PrintiPy(api_token='{v}', shop_id='{shop}')",
        printify_pat,
        shop=digits(8),
    ),
    S(
        POD,
        "printify_webhook_secret",
        '$ curl -X POST https://api.printify.com/v1/shops/{shop}/webhooks.json -H "Authorization: Bearer $PRINTIFY_API_TOKEN"'
        ' -H \'Content-Type: application/json\' -d \'{"topic": "order:shipment:created",'
        ' "url": "https://shop.kettleandquill.test/webhooks/printify", "secret": "{v}"}\'',
        hexl(40),
        shop=digits(8),
    ),
    # ---- secrets: Gelato
    S(
        POD,
        "gelato_header_curl",
        "$ curl -X POST https://order.gelatoapis.com/v4/orders/quote -H 'Content-Type: application/json'"
        " -H 'X-API-KEY: {v}' -d @quote.json",
        gelato_key,
    ),
    S(
        POD,
        "gelato_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: fulfilment-credentials\ntype: Opaque\nstringData:\n"
        "  GELATO_API_KEY: {v}\n  GELATO_ENV: production",
        gelato_key,
    ),
    # ---- secrets: Prodigi / Pwinty
    S(
        POD,
        "prodigi_axios_header",
        "const prodigi = axios.create({\n  baseURL: 'https://api.sandbox.prodigi.com/v4.0',\n"
        "  headers: { 'X-API-Key': '{v}', 'Content-Type': 'application/json' },\n});",
        uuid,
    ),
    S(
        POD,
        "prodigi_appsettings",
        '  "Prodigi": {\n    "BaseUrl": "https://api.prodigi.com/v4.0/",\n    "ApiKey": "{v}",\n'
        '    "CallbackUrl": "https://shop.kettleandquill.test/hooks/prodigi"\n  },',
        uuid,
    ),
    S(
        POD,
        "pwinty_rest_key",
        "GET /v3.0/orders/{order} HTTP/1.1\nHost: api.pwinty.com\nX-Pwinty-MerchantId: {merchant}\n"
        "X-Pwinty-REST-API-Key: {v}\nAccept: application/json",
        uuid,
        order=digits(7),
        merchant=uuid,
    ),
    # ---- secrets: Lulu
    S(
        POD,
        "lulu_credentials_json",
        '$ cat credentials/sandbox.json\n{\n  "client_key": "{key}",\n  "client_secret": "{v}"\n}',
        uuid,
        key=uuid,
    ),
    S(
        POD,
        "lulu_basic_token_request",
        "$ curl -X POST https://api.sandbox.lulu.com/auth/realms/glasstree/protocol/openid-connect/token"
        " -H 'Content-Type: application/x-www-form-urlencoded' -H 'Authorization: Basic {v}'"
        " -d 'grant_type=client_credentials'",
        basic_of(join(uuid, ":", uuid)),
    ),
    S(
        POD,
        "lulu_access_token_output",
        '{"access_token":"{v}","expires_in":3600,"refresh_expires_in":0,"token_type":"Bearer",'
        '"not-before-policy":0,"scope":"openid email profile"}',
        lulu_access_token,
    ),
    # ---- secrets: Gooten
    S(
        POD,
        "gooten_billing_key_url",
        "$ curl -s 'https://api.print.io/api/v/5/source/api/orders/?recipeid={recipe}&partnerbillingkey={v}'"
        " -H 'Content-Type: application/json' -d @order.json",
        join(b62(43), "%3D"),
        recipe=uuid,
    ),
    S(
        POD,
        "gooten_billing_key_env",
        "GOOTEN_RECIPE_ID={recipe}\nGOOTEN_PARTNER_BILLING_KEY={v}",
        gooten_billing,
        recipe=uuid,
    ),
    # ---- secrets: CustomCat
    S(
        POD,
        "customcat_query_key",
        "$ http GET 'https://customcat-beta.mylocker.net/api/v1/order/status/101-{num}?api_key={v}'",
        upper_uuid,
        num=digits(6),
    ),
    S(
        POD,
        "customcat_php_config",
        "return [\n    'customcat' => [\n        'endpoint' => 'https://customcat-beta.mylocker.net/api/v1',\n"
        "        'api_key'  => '{v}',\n        'sandbox'  => true,\n    ],\n];",
        upper_uuid,
    ),
    # ---- secrets: Spreadshirt
    S(
        POD,
        "spreadshirt_ruby_secret",
        'SpreadshirtClient.api_key = "{key}"\nSpreadshirtClient.api_secret = "{v}"\n'
        'SpreadshirtClient.base_url = "https://api.spreadshirt.net/api/v1"',
        uuid,
        key=uuid,
    ),
    S(
        POD,
        "spreadshirt_php_secret",
        '    $apiKey = "{key}"; // Spreadshirt API Key\n    $apiSecret = "{v}"; // Spreadshirt API Secret',
        uuid,
        key=uuid,
    ),
    # ---- secrets: Cloudprinter
    S(
        POD,
        "cloudprinter_body_apikey",
        "$ curl -s -X POST https://api.cloudprinter.com/cloudcore/1.0/orders/ -H 'Content-Type: application/json'"
        ' -d \'{"apikey": "{v}", "reference": "kq-{ref}"}\'',
        hexl(32),
        ref=digits(5),
    ),
    S(
        POD,
        "cloudprinter_client_ctor",
        "const CloudCore = require('@cloudprinter/cloudcore');\nconst cloudCoreClient = new CloudCore.Client('{v}');",
        hexl(32),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        POD,
        "printful_store_id_header",
        "$ curl -s https://api.printful.com/v2/orders -H \"Authorization: Bearer $PRINTFUL_API_TOKEN\" -H 'X-PF-Store-Id: {v}'",
        digits(8),
    ),
    L(
        POD,
        "printful_oauth_client_id",
        "PRINTFUL_CLIENT_ID={v}\nPRINTFUL_CLIENT_SECRET=${PRINTFUL_CLIENT_SECRET:?missing}\n"
        "PRINTFUL_REDIRECT_URL=https://shop.kettleandquill.test/oauth/printful",
        join("app-", digits(7)),
    ),
    L(
        POD,
        "printful_webhook_public_key",
        '$ curl -s https://api.printful.com/v2/webhooks -H "Authorization: Bearer $PRINTFUL_API_TOKEN" | jq .data\n'
        '{\n  "default_url": "https://shop.kettleandquill.test/webhooks/printful",\n  "public_key": "{v}",\n'
        '  "expires_at": null\n}',
        hexl(64),
    ),
    L(
        POD,
        "printful_file_hash",
        '      "files": [\n        {\n          "id": {fid},\n          "type": "default",\n          "hash": "{v}",\n'
        '          "filename": "kq-logo-front.png",\n          "status": "ok"\n        }\n      ],',
        hexl(32),
        fid=digits(9),
    ),
    L(
        POD,
        "printful_placeholder",
        "curl --request GET --url https://api.printful.com/v2/stores --header 'Authorization: Bearer {v}'",
        const("<your-private-token>"),
    ),
    L(
        POD,
        "printify_shop_id",
        "$ curl -s https://api.printify.com/v1/shops/{v}/products.json?limit=10"
        ' -H "Authorization: Bearer ${PRINTIFY_API_TOKEN}" | jq ".data | length"\n10',
        digits(8),
    ),
    L(
        POD,
        "printify_product_id",
        '  "id": "{v}",\n  "title": "Kettle & Quill Classic Tee",\n  "blueprint_id": 6,\n'
        '  "print_provider_id": 99,\n  "visible": true,',
        hexl(24),
    ),
    L(
        POD,
        "printify_signature_header",
        "[webhook] POST /webhooks/printify 200 in 41ms topic=order:created\n  x-pfy-signature: sha256={v}",
        hexl(64),
    ),
    L(
        POD,
        "printify_masked_token",
        "$ ./scripts/printify auth status\nToken source: macOS Keychain (printify-api)\nToken: {v}\nScopes: shops.read, orders.write",
        join("eyJ0eXAi", "…", "****", lower_alnum(4)),
    ),
    L(
        POD,
        "gelato_promise_uid",
        '{\n  "orderReferenceId": "kq-{ref}",\n  "promiseUid": "{v}",\n  "shipmentMethodUid": "express"\n}',
        join("d_", hexl(24)),
        ref=digits(5),
    ),
    L(
        POD,
        "gelato_order_id",
        "Gelato order created: id={v} status=created orderReferenceId=kq-{ref}",
        uuid,
        ref=digits(5),
    ),
    L(
        POD,
        "gelato_env_reference",
        "    headers: {\n      'X-API-KEY': {v},\n      'Content-Type': 'application/json',\n    },",
        const("process.env.GELATO_API_KEY"),
    ),
    L(
        POD,
        "prodigi_docs_placeholder",
        'curl https://api.sandbox.prodigi.com/v4.0/Orders/ -X POST -H "X-API-Key: {v}" -H "Content-Type: application/json"',
        const("your-api-key"),
    ),
    L(
        POD,
        "prodigi_order_id",
        '{\n  "outcome": "Created",\n  "order": {\n    "id": "{v}",\n    "status": { "stage": "InProgress" },',
        join("ord_", digits(6)),
    ),
    L(
        POD,
        "prodigi_idempotency_key",
        '  "merchantReference": "KQ-{ref}",\n  "idempotencyKey": "{v}",\n  "shippingMethod": "Standard",',
        uuid,
        ref=digits(5),
    ),
    L(
        POD,
        "prodigi_masked_key",
        'prodigi_get_configuration → {"environment": "sandbox", "apiKey": "{v}", "timeoutMs": 30000}',
        join("********-****-****-****-********", hexl(4)),
    ),
    L(
        POD,
        "lulu_client_key",
        "LuluApiClient(client_key=creds['client_key'], client_secret=creds['client_secret'], base_url=SANDBOX_BASE_URL)\n"
        ">>> creds['client_key']\n'{v}'",
        uuid,
    ),
    L(
        POD,
        "lulu_pod_package_id",
        '      "pod_package_id": "{v}",\n      "quantity": 1,\n      "title": "Field Notes, Vol. 2"',
        const("0600X0900BWSTDPB060UW444MXX"),
    ),
    L(
        POD,
        "gooten_recipe_id",
        "$ curl -s 'https://api.print.io/api/v/5/source/api/productvariants/?recipeid={v}&countrycode=US&productId=43'",
        uuid,
    ),
    L(
        POD,
        "gooten_safe_order_id",
        'gooten_get_order(order_id="{v}") → status: In Production, items: 2',
        join("13-", uuid),
    ),
    L(
        POD,
        "customcat_secret_ref",
        "      - name: Sync CustomCat catalog\n        env:\n          CUSTOMCAT_API_KEY: {v}\n        run: npm run sync:customcat",
        const("${{ secrets.CUSTOMCAT_API_KEY }}"),
    ),
    L(
        POD,
        "spreadshirt_sig",
        'DEBUG sprd: signing "GET https://api.spreadshirt.net/api/v1/shops/{shop}/designs {ts}" -> sig={v}',
        hexl(40),
        shop=join("1", digits(6)),
        ts=join("17", digits(11)),
    ),
    L(
        POD,
        "cloudprinter_md5sum",
        '      "files": [\n        {\n          "type": "cover",\n'
        '          "url": "https://files.kettleandquill.test/print/kq-notebook-cover.pdf",\n          "md5sum": "{v}"\n        }',
        hexl(32),
    ),
    L(
        POD,
        "peecho_pingback_hash",
        '203.0.113.24 - - [12/Mar/2025:10:41:07 +0000] "GET /peecho.php?peechoId={pid}&merchantId=KQ-{ref}'
        '&secret={v} HTTP/1.1" 200 2',
        hexl(40),
        pid=digits(7),
        ref=digits(5),
    ),
]
