"""A two-hundred-and-thirteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of point-of-sale and retail systems: Square (`EAAA…` personal
and OAuth access tokens, `EQAA…` refresh tokens, `sq0csp-` application secrets, webhook signature
keys, beside the public `sq0idp-`/`sandbox-sq0idb-` application ids and `L…` location ids used by
the Web Payments SDK), Clover (UUID-shaped merchant API tokens and app secrets, Ecommerce private
tokens, beside the 13-character merchant and app ids and the public PAKMS `apiAccessKey`),
Lightspeed Retail X-Series, formerly Vend (`lsxs_pt_` personal tokens, OAuth client secrets, UUID
outlet ids), Toast (client-credentials login with `clientSecret`, JWT access tokens, the
`Toast-Restaurant-External-ID` GUID header), SumUp (`sup_sk_` API keys, the CLI's `--api-key`,
OAuth client JSON, beside merchant codes and the UUID affiliate key that is not a credential),
Zettle by PayPal (JWT API keys sent as the assertion grant, UUID client ids and organization
uuids), Shopify (`shpat_` Admin API tokens, `shpss_` app secrets, the public `client_id` in
`shopify.app.toml`, webhook HMAC headers), Loyverse (Back Office access tokens, store ids), Revel
Systems (`API-AUTHENTICATION: key:secret`), Heartland / Global Payments Portico (`skapi_` secret
and `pkapi_` public keys), Epos Now (Basic auth of API key and secret) and Odoo Point of Sale
(40-hex API keys passed positionally to `execute_kw`, `admin_passwd`, with commit hashes of the same
shape), in commands, config files, code and tool output.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
25 of 25 secrets caught, 2 of 25 look-alikes altered (altered: Clover's public PAKMS key as `new
Clover(…)`'s first argument under a comment that calls it public, Heartland's `pkapi_` key under
`publicApiKey`).
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
    password,
    upper_alnum,
    uuid,
)

POS = "pos"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(issuer: str, sig_len: int = 342):
    """An RS256 JWT: a header and claims of our own, base64url-encoded, then a random signature."""

    def make(rng: random.Random) -> str:
        header = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": hexl(16)(rng)})
        claims = {
            "iss": issuer,
            "sub": uuid(rng),
            "aud": issuer,
            "iat": 1717000000 + rng.randrange(10**7),
            "exp": 1727000000 + rng.randrange(10**7),
            "jti": uuid(rng),
        }
        return f"{header}.{_b64url_json(claims)}.{b64url(sig_len)(rng)}"

    return make


def basic_pair(rng: random.Random) -> str:
    """Epos Now's Authorization value: base64 of `API key:API secret`, both 32 upper-case characters."""
    raw = f"{upper_alnum(32)(rng)}:{upper_alnum(32)(rng)}"
    return base64.b64encode(raw.encode()).decode()


square_token = join("EAAA", b64url(60))
square_location = join("L", upper_alnum(12))
clover_id = upper_alnum(13)
lsxs_token = join("lsxs_pt_", b62(32))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 2, 25, "the rules for 200 to 204")

TEMPLATES: list = [
    # ---- secrets: Square
    S(
        POS,
        "square_access_token_header",
        "$ curl https://connect.squareup.com/v2/locations \\\n  -H 'Square-Version: 2024-06-04' \\\n"
        "  -H 'Authorization: Bearer {v}' \\\n  -H 'Content-Type: application/json'",
        square_token,
    ),
    S(
        POS,
        "square_env_file",
        "$ cat .env.sandbox\nSQUARE_ENVIRONMENT=sandbox\nSQUARE_APPLICATION_ID=sandbox-sq0idb-{appid}\n"
        "SQUARE_ACCESS_TOKEN={v}\nSQUARE_LOCATION_ID={loc}",
        square_token,
        appid=b64url(22),
        loc=square_location,
    ),
    S(
        POS,
        "square_application_secret",
        '    result = client.o_auth.obtain_token(\n        client_id="sq0idp-{appid}",\n'
        '        client_secret="{v}",\n        code=request.args["code"],\n        grant_type="authorization_code",\n    )',
        join("sq0csp-", b64url(43)),
        appid=b64url(22),
    ),
    S(
        POS,
        "square_refresh_token_json",
        '$ jq \'del(.access_token)\' tokens/seller-{mid}.json\n{\n  "token_type": "bearer",\n'
        '  "expires_at": "2024-07-18T09:12:44Z",\n  "merchant_id": "{mid}",\n  "refresh_token": "{v}",\n'
        '  "short_lived": false\n}',
        join("EQAA", b64url(60)),
        mid=upper_alnum(13),
    ),
    S(
        POS,
        "square_webhook_signature_key",
        "  const valid = await WebhooksHelper.verifySignature({\n    requestBody: rawBody,\n"
        "    signatureHeader: req.headers['x-square-hmacsha256-signature'],\n"
        "    signatureKey: '{v}',\n    notificationUrl: 'https://pos.brightkite.dev/hooks/square',\n  });",
        b64url(22),
    ),
    # ---- secrets: Clover
    S(
        POS,
        "clover_token_query",
        "GET https://api.clover.com/v3/merchants/{mid}/orders?expand=lineItems&limit=100&access_token={v} -> 200 (412 ms)",
        uuid,
        mid=clover_id,
    ),
    S(
        POS,
        "clover_app_secret",
        "$ curl -s 'https://sandbox.dev.clover.com/oauth/token?client_id={appid}&client_secret={v}&code={code}'",
        uuid,
        appid=clover_id,
        code=uuid,
    ),
    S(
        POS,
        "clover_ecommerce_private_yaml",
        "clover:\n  environment: sandbox\n  merchant_id: {mid}\n  ecommerce:\n    public_key: {pub}\n"
        "    private_token: {v}",
        uuid,
        mid=clover_id,
        pub=hexl(32),
    ),
    # ---- secrets: Lightspeed Retail X-Series (Vend)
    S(
        POS,
        "lightspeed_personal_token_httpie",
        "$ http GET https://harbourgoods.retail.lightspeed.app/api/2.0/products page_size==50 'Authorization:Bearer {v}'",
        lsxs_token,
    ),
    S(
        POS,
        "lightspeed_oauth_client_secret",
        "$ curl -X POST https://harbourgoods.retail.lightspeed.app/api/1.0/token \\\n"
        "    -d code=$CODE -d client_id={cid} -d client_secret={v} \\\n"
        "    -d grant_type=authorization_code -d redirect_uri=https://sync.harbourgoods.nz/callback",
        b62(32),
        cid=b62(32),
    ),
    # ---- secrets: Toast
    S(
        POS,
        "toast_client_secret_login",
        "$ curl -s -X POST https://ws-api.toasttab.com/authentication/v1/authentication/login \\\n"
        "  -H 'Content-Type: application/json' \\\n"
        '  -d \'{"clientId":"{cid}","clientSecret":"{v}","userAccessType":"TOAST_MACHINE_CLIENT"}\'',
        b64url(64),
        cid=b62(32),
    ),
    S(
        POS,
        "toast_access_token_output",
        '{\n  "token": {\n    "tokenType": "Bearer",\n    "scope": null,\n    "expiresIn": 86400,\n'
        '    "accessToken": "{v}",\n    "idToken": null,\n    "refreshToken": null\n  },\n  "status": "SUCCESS"\n}',
        jwt("https://ws-api.toasttab.com", 342),
    ),
    # ---- secrets: SumUp
    S(
        POS,
        "sumup_cli_api_key",
        "$ sumup checkouts list --api-key {v} --merchant-code M{mc} --limit 20",
        join("sup_sk_", b62(32)),
        mc=upper_alnum(7),
    ),
    S(
        POS,
        "sumup_oauth_client_json",
        '$ cat ~/Downloads/sumup-oauth-client.json\n{\n  "id": "CCCF{cc}",\n  "name": "till-sync",\n'
        '  "client_id": "{cid}",\n  "client_secret": "{v}",\n'
        '  "application_type": "web",\n  "redirect_uris": ["https://till.brightkite.dev/oauth/sumup"]\n}',
        hexl(64),
        cc=upper_alnum(6),
        cid=b64url(32),
    ),
    # ---- secrets: Zettle
    S(
        POS,
        "zettle_assertion_api_key",
        "$ curl -X POST https://oauth.zettle.com/token \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -d 'grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer' \\\n"
        "    -d 'client_id={cid}' \\\n    -d 'assertion={v}'",
        jwt("https://oauth.zettle.com", 342),
        cid=uuid,
    ),
    # ---- secrets: Shopify
    S(
        POS,
        "shopify_admin_token_header",
        "$ curl -X POST https://harbour-goods.myshopify.com/admin/api/2024-07/graphql.json \\\n"
        "  -H 'Content-Type: application/json' \\\n  -H 'X-Shopify-Access-Token: {v}' \\\n"
        '  -d \'{"query": "{ locations(first: 5) { nodes { id name } } }"}\'',
        join("shpat_", hexl(32)),
    ),
    S(
        POS,
        "shopify_app_secret_code",
        "const shopify = shopifyApp({\n  apiKey: '{key}',\n  apiSecretKey: '{v}',\n"
        "  apiVersion: ApiVersion.July24,\n  scopes: ['read_orders', 'write_inventory'],\n"
        "  appUrl: 'https://pos-bridge.brightkite.dev',\n});",
        join("shpss_", hexl(32)),
        key=hexl(32),
    ),
    # ---- secrets: Loyverse
    S(
        POS,
        "loyverse_bearer",
        "$ curl -s 'https://api.loyverse.com/v1.0/receipts?limit=50&created_at_min=2024-06-01T00:00:00.000Z' "
        "-H 'Authorization: Bearer {v}' | jq '.receipts | length'",
        hexl(32),
    ),
    # ---- secrets: Revel
    S(
        POS,
        "revel_api_authentication",
        "$ wget --header 'API-AUTHENTICATION: {key}:{v}' "
        "'https://harbourgoods.revelup.com/resources/Product/?format=json&establishment=1&limit=500' -O products.json",
        hexl(64),
        key=hexl(32),
    ),
    # ---- secrets: Heartland / Global Payments
    S(
        POS,
        "heartland_secret_php",
        "$config = new PorticoConfig();\n$config->secretApiKey = '{v}';\n"
        "$config->developerId = '000000';\n$config->versionNumber = '0000';\n"
        "ServicesContainer::configureService($config);",
        join("skapi_cert_", b64url(42)),
    ),
    S(
        POS,
        "heartland_secret_xml",
        '  <appSettings>\n    <add key="HeartlandPublicKey" value="pkapi_prod_{pub}" />\n'
        '    <add key="HeartlandSecretKey" value="{v}" />\n  </appSettings>',
        join("skapi_prod_", b64url(42)),
        pub=b62(20),
    ),
    # ---- secrets: Epos Now
    S(
        POS,
        "eposnow_basic_auth",
        "GET /api/v4/Transaction?page=1 HTTP/1.1\nHost: api.eposnowhq.com\nAuthorization: Basic {v}\nAccept: application/json",
        basic_pair,
    ),
    # ---- secrets: Odoo Point of Sale
    S(
        POS,
        "odoo_api_key_positional",
        ">>> models.execute_kw('harbourgoods-prod', {uid}, '{v}', 'pos.order', 'search_read',"
        " [[['state', '=', 'paid']]], {'fields': ['name', 'amount_total'], 'limit': 5})",
        hexl(40),
        uid=digits(2),
    ),
    S(
        POS,
        "odoo_admin_passwd",
        "$ sudo cat /etc/odoo/odoo.conf\n[options]\nadmin_passwd = {v}\ndb_host = 10.0.4.12\n"
        "db_port = 5432\ndb_user = odoo\nproxy_mode = True\nworkers = 4",
        password(20),
    ),
    S(
        POS,
        "odoo_json2_bearer",
        "$ curl -s https://harbourgoods.odoo.com/json/2/pos.session/search_read \\\n"
        '    -H "Authorization: bearer {v}" -H "X-Odoo-Database: harbourgoods" \\\n'
        '    -H "Content-Type: application/json" -d \'{"domain": [["state", "=", "opened"]]}\'',
        hexl(40),
    ),
    # ---- look-alikes: public ids shown beside the secrets
    L(
        POS,
        "square_application_id_web_sdk",
        "  const payments = window.Square.payments('{v}', '{loc}');\n  const card = await payments.card();\n"
        "  await card.attach('#card-container');",
        join("sq0idp-", b64url(22)),
        loc=square_location,
    ),
    L(
        POS,
        "square_sandbox_application_id",
        "SQUARE_APPLICATION_ID={v}\nSQUARE_ENVIRONMENT=sandbox",
        join("sandbox-sq0idb-", b64url(22)),
    ),
    L(
        POS,
        "square_location_id",
        '{\n  "location": {\n    "id": "{v}",\n    "name": "Harbour Goods - Pier Street",\n'
        '    "status": "ACTIVE",\n    "currency": "NZD"\n  }\n}',
        square_location,
    ),
    L(
        POS,
        "square_payment_id",
        "  ✔ Payment {v} COMPLETED  NZD 18.50  card ****4242  receipt #{rn}",
        b62(29),
        rn=upper_alnum(4),
    ),
    L(
        POS,
        "square_idempotency_key",
        '  -d \'{"idempotency_key": "{v}", "source_id": "cnon:card-nonce-ok", '
        '"amount_money": {"amount": 1850, "currency": "NZD"}}\'',
        uuid,
    ),
    L(POS, "clover_merchant_id", "CLOVER_MERCHANT_ID={v}\nCLOVER_REGION=na", clover_id),
    L(
        POS,
        "clover_pakms_key",
        "  // public Ecommerce API key (PAKMS apiAccessKey): safe to ship in the browser\n"
        "  const clover = new Clover('{v}', { merchantId: '{mid}' });\n  const elements = clover.elements();",
        hexl(32),
        mid=clover_id,
    ),
    L(
        POS,
        "clover_app_id_authorize_url",
        "Open this URL to install the app on the test merchant:\n"
        "https://sandbox.dev.clover.com/oauth/v2/authorize?client_id={v}&redirect_uri=https%3A%2F%2Flocalhost%3A5173%2Fcallback",
        clover_id,
    ),
    L(
        POS,
        "lightspeed_outlet_id",
        '    {\n      "id": "{v}",\n      "name": "Main Outlet",\n      "time_zone": "Pacific/Auckland",\n'
        '      "default_tax_id": "{tax}"\n    },',
        uuid,
        tax=uuid,
    ),
    L(
        POS,
        "lightspeed_masked_token",
        "Personal tokens\n  till-sync      {v}   expires 2025-06-30   created by ops@harbourgoods.nz",
        join("lsxs_pt_", const("••••••••••••••••••••••••••••"), b62(4)),
    ),
    L(
        POS,
        "toast_restaurant_guid",
        "$ curl -s https://ws-api.toasttab.com/orders/v2/ordersBulk?businessDate=20240614 \\\n"
        '    -H "Authorization: Bearer $TOAST_TOKEN" \\\n    -H "Toast-Restaurant-External-ID: {v}"',
        uuid,
    ),
    L(
        POS,
        "toast_placeholder",
        '  "clientId": "<your-client-id>",\n  "clientSecret": "{v}",\n  "userAccessType": "TOAST_MACHINE_CLIENT"',
        const("<your-client-secret>"),
    ),
    L(
        POS,
        "sumup_merchant_code",
        "$ sumup context set --merchant-code {v}\nCurrent merchant context: {v} (Harbour Goods Ltd)",
        join("M", upper_alnum(7)),
    ),
    L(
        POS,
        "sumup_affiliate_key",
        '    val payment = SumUpPayment.builder()\n        .total(BigDecimal("18.50"))\n'
        '        .currency(SumUpPayment.Currency.EUR)\n        .affiliateKey("{v}")\n        .build()',
        uuid,
    ),
    L(
        POS,
        "zettle_client_id_authorize",
        "https://oauth.zettle.com/authorize?response_type=code&client_id={v}"
        "&scope=READ:PURCHASE%20READ:PRODUCT&redirect_uri=https://till.brightkite.dev/zettle/callback&state={st}",
        uuid,
        st=b64url(16),
    ),
    L(
        POS,
        "zettle_organization_uuid",
        '$ curl -s -H "Authorization: Bearer $ZETTLE_TOKEN" https://oauth.zettle.com/users/self | jq\n'
        '{\n  "uuid": "{user}",\n  "organizationUuid": "{v}"\n}',
        uuid,
        user=uuid,
    ),
    L(
        POS,
        "shopify_client_id_toml",
        '$ cat shopify.app.toml\nclient_id = "{v}"\nname = "pos-bridge"\n'
        'application_url = "https://pos-bridge.brightkite.dev"\nembedded = true',
        hexl(32),
    ),
    L(
        POS,
        "shopify_env_ref_header",
        '  -H "X-Shopify-Access-Token: {v}" \\',
        const("${SHOPIFY_ADMIN_TOKEN}"),
    ),
    L(
        POS,
        "shopify_webhook_hmac",
        "[webhook] POST /webhooks/orders/create topic=orders/create shop=harbour-goods.myshopify.com\n"
        "  X-Shopify-Hmac-Sha256: {v}\n  verified=true",
        b64(43, "="),
    ),
    L(
        POS,
        "heartland_public_key",
        '  GlobalPayments.configure({\n    publicApiKey: "{v}",\n  });\n'
        "  GlobalPayments.ui.form({ fields: { 'card-number': { target: '#card-number' } } });",
        join("pkapi_cert_", b62(20)),
    ),
    L(
        POS,
        "revel_secret_refs",
        '      - name: Pull Revel products\n        run: >\n          curl -s -H "API-AUTHENTICATION: {v}"\n'
        "          https://harbourgoods.revelup.com/resources/Product/?format=json",
        const("${{ secrets.REVEL_API_KEY }}:${{ secrets.REVEL_API_SECRET }}"),
    ),
    L(
        POS,
        "eposnow_env_lookup",
        "        $auth = {v};\n        $headers = ['Authorization' => 'Basic ' . $auth];",
        const("base64_encode(getenv('EPOS_API_KEY') . ':' . getenv('EPOS_API_SECRET'))"),
    ),
    L(
        POS,
        "odoo_addon_commit",
        "$ git -C addons/pos_harbour_sync log -1 --format=%H\n{v}\n$ sudo systemctl restart odoo",
        hexl(40),
    ),
    L(POS, "loyverse_store_id", "LOYVERSE_STORE_ID={v}\nLOYVERSE_SYNC_INTERVAL=300", uuid),
    L(
        POS,
        "loyverse_placeholder",
        "# .env.example - copy to .env\nLOYVERSE_ACCESS_TOKEN={v}",
        const("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
]
