"""A thirty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of payment and commerce APIs other than Stripe: PayPal REST (client id vs
client secret, the `/v1/oauth2/token` exchange and its response, webhook ids and the `PAYPAL-TRANSMISSION-*`
headers, the JS SDK script URL), Braintree (merchant id, public key vs private key, tokenization keys,
`access_token$production$…` tokens), Square (personal access tokens, `sq0idp-` application ids vs
`sq0csp-` application secrets, location ids, webhook signature keys and `x-square-hmacsha256-signature`),
Mollie (`live_`/`test_` API keys, organization `access_` tokens, `tr_`/`pfl_` ids), Razorpay (`rzp_live_`
key id vs key secret, orders, the checkout handler's signature, webhook secrets), Paddle Billing and Classic
(`pdl_live_apikey_` keys, obfuscated keys, client-side tokens, `vendor_auth_code`, notification-setting secret
keys, the Paddle CLI), Lemon Squeezy (JWT API keys, webhook signing secrets), Checkout.com (NAS `sk_sbox_`/
`pk_sbox_` keys and their SDK key patterns, legacy `sk_test_` keys, processing channels, workflow signature
keys), Klarna (`klarna_live_api_` keys, client identifiers, legacy username/password credentials), GoCardless
(`live_` access tokens, mandate and creditor ids, `Webhook-Signature`) and Plaid (client id vs secret,
`access-production-` tokens, item ids), in commands, config files, SDK calls, tool output and an agent's prose,
with the public ids, references, placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 33):
21 of 25 secrets caught, 6 of 25 look-alikes altered (missed: a client secret said in brackets in prose,
webhook signature keys as literals of calls written one argument a line (twice), Paddle's `vendor_auth_code`;
altered: a Braintree tokenization key, a Razorpay key id, a Paddle client-side token, a key listed with its
tail masked, a card token (`tok_…`), a part of a Secrets Manager ARN).
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
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

PAY = "pay"

CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"  # Paddle's lowercase ULID-style entity ids
BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567"  # Checkout.com NAS key bodies


def crock(n: int):
    return pick(CROCKFORD, n)


def paddle_id(prefix: str):
    return join(prefix, "01", crock(24))


def lemon_jwt(rng: random.Random) -> str:
    """An RS256 JWT in the shape of a Lemon Squeezy API key: header, a real JSON payload, a 256-byte signature."""
    header = base64.urlsafe_b64encode(b'{"typ":"JWT","alg":"RS256"}').decode().rstrip("=")
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    claims = {
        "aud": "1",
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 10 * 365 * 86400,
        "sub": digits(6)(rng),
        "scopes": [],
    }
    payload = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{header}.{payload}.{b64url(342)(rng)}"


paypal_client_id = join("A", b64url(79))
paypal_secret = join("E", b64url(79))
razorpay_key_id = join("rzp_live_", b62(14))
square_app_id = join("sq0idp-", b64url(22))
square_location = join("L", upper_alnum(12))
plaid_client_id = hexl(24)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 6, 25, "the rules for 24 to 33")

TEMPLATES = [
    # ---- secrets: PayPal
    S(
        PAY,
        "paypal_client_secret",
        '$ curl -s -X POST "https://api-m.paypal.com/v1/oauth2/token" -u "{cid}:{v}"'
        ' -H "Content-Type: application/x-www-form-urlencoded" -d "grant_type=client_credentials"',
        paypal_secret,
        cid=paypal_client_id,
    ),
    S(
        PAY,
        "paypal_access_token",
        '{"scope":"https://uri.paypal.com/services/invoicing https://uri.paypal.com/services/payments/refund openid",'
        '"access_token":"{v}","token_type":"Bearer","app_id":"APP-{app}","expires_in":32400}',
        join("A21AA", b64url(92)),
        app=upper_alnum(17),
    ),
    S(
        PAY,
        "paypal_secret_prose",
        "I've put the live PayPal client secret ({v}) into the Vercel project as PAYPAL_CLIENT_SECRET;"
        " the client ID stays in NEXT_PUBLIC_PAYPAL_CLIENT_ID. Redeploy to pick it up.",
        paypal_secret,
    ),
    # ---- secrets: Braintree
    S(
        PAY,
        "braintree_private_key",
        'Braintree::Configuration.environment = :production\nBraintree::Configuration.merchant_id = "{mid}"\n'
        'Braintree::Configuration.public_key = "{pub}"\nBraintree::Configuration.private_key = "{v}"',
        hexl(32),
        mid=lower_alnum(16),
        pub=lower_alnum(16),
    ),
    S(
        PAY,
        "braintree_access_token",
        'gateway = braintree.BraintreeGateway(access_token="{v}")',
        join("access_token$production$", lower_alnum(16), "$", hexl(32)),
    ),
    # ---- secrets: Square
    S(
        PAY,
        "square_access_token",
        "$ curl https://connect.squareup.com/v2/locations -H 'Square-Version: 2024-06-04'"
        " -H 'Authorization: Bearer {v}' -H 'Content-Type: application/json'",
        join("EAAA", b64url(60)),
    ),
    S(
        PAY,
        "square_application_secret",
        "SQUARE_ENVIRONMENT=production\nSQUARE_APPLICATION_ID={app}\nSQUARE_APPLICATION_SECRET={v}\n"
        "SQUARE_REDIRECT_URL=https://pos.larchmont-coffee.com/oauth/square/callback",
        join("sq0csp-", b64url(43)),
        app=square_app_id,
    ),
    S(
        PAY,
        "square_signature_key_positional",
        "    if not is_valid_webhook_event_signature(\n        request.get_data(as_text=True),\n"
        '        request.headers["x-square-hmacsha256-signature"],\n        "{v}",\n'
        '        "https://pos.larchmont-coffee.com/webhooks/square",\n    ):\n        abort(403)',
        b64url(22),
    ),
    # ---- secrets: Mollie
    S(
        PAY,
        "mollie_live_key",
        '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("{v}");',
        join("live_", b62(30)),
    ),
    S(
        PAY,
        "mollie_org_token",
        '$ curl -X GET https://api.mollie.com/v2/organizations/me -H "Authorization: Bearer {v}"',
        join("access_", b62(40)),
    ),
    # ---- secrets: Razorpay
    S(
        PAY,
        "razorpay_key_secret_basic",
        "$ curl -u {kid}:{v} -X POST https://api.razorpay.com/v1/orders -H 'content-type: application/json'"
        ' -d \'{"amount": 49900, "currency": "INR", "receipt": "rcpt_20417"}\'',
        b62(24),
        kid=razorpay_key_id,
    ),
    S(
        PAY,
        "razorpay_webhook_secret_positional",
        "client.utility.verify_webhook_signature(\n    request.body.decode(),\n"
        '    request.headers["X-Razorpay-Signature"],\n    "{v}",\n)',
        password(20),
    ),
    # ---- secrets: Paddle
    S(
        PAY,
        "paddle_cli_api_key",
        "$ paddle login --environment production --api-key {v}\nLogged in to Paddle (production) as Fernhill Software Ltd",
        join("pdl_live_apikey_01", crock(24), "_", b64url(26)),
    ),
    S(
        PAY,
        "paddle_vendor_auth_code",
        "$ curl -X POST https://vendors.paddle.com/api/2.0/subscription/users -d vendor_id={vid}"
        " -d vendor_auth_code={v} -d state=active",
        hexl(50),
        vid=digits(6),
    ),
    S(
        PAY,
        "paddle_notification_secret",
        '    "id": "{nid}",\n    "description": "prod fulfilment",\n    "type": "url",\n'
        '    "destination": "https://api.fernhill.app/webhooks/paddle",\n    "active": true,\n'
        '    "api_version": 1,\n    "endpoint_secret_key": "{v}",',
        join("pdl_ntfset_01", crock(24), "_", b62(32)),
        nid=paddle_id("ntfset_"),
    ),
    # ---- secrets: Lemon Squeezy
    S(
        PAY,
        "lemonsqueezy_api_key",
        '$ curl "https://api.lemonsqueezy.com/v1/stores" -H "Accept: application/vnd.api+json"'
        ' -H "Content-Type: application/vnd.api+json" -H "Authorization: Bearer {v}"',
        lemon_jwt,
    ),
    S(
        PAY,
        "lemonsqueezy_signing_secret",
        "# .env.production\nLEMONSQUEEZY_STORE_ID={store}\nLEMONSQUEEZY_SIGNING_SECRET={v}",
        b62(32),
        store=digits(5),
    ),
    # ---- secrets: Checkout.com
    S(
        PAY,
        "checkout_nas_secret_key",
        "api = CheckoutSdk.builder().static_keys().secret_key('{v}').environment(Environment.sandbox()).build()",
        join("sk_sbox_", pick(BASE32_LOWER, 27)),
    ),
    S(
        PAY,
        "checkout_legacy_secret_key",
        '$ curl https://api.sandbox.checkout.com/payments/pay_{pid} -H "Authorization: {v}"',
        join("sk_test_", uuid),
        pid=lower_alnum(26),
    ),
    S(
        PAY,
        "checkout_workflow_signature_key",
        '      "type": "webhook",\n      "url": "https://hooks.fernhill.app/cko",\n'
        '      "headers": {"Authorization": "${CKO_WEBHOOK_AUTH}"},\n'
        '      "signature": {"method": "HMACSHA256", "key": "{v}"}',
        b62(40),
    ),
    # ---- secrets: Klarna
    S(
        PAY,
        "klarna_api_key",
        "$ curl https://api.klarna.com/payments/v1/sessions -H 'Content-Type: application/json'"
        " -H 'Authorization: Basic {v}' -d @session.json",
        join("klarna_live_api_", b64(112)),
    ),
    S(
        PAY,
        "klarna_legacy_password",
        "$ curl -u {user}:{v} https://api.playground.klarna.com/ordermanagement/v1/orders/{oid}",
        b62(16),
        user=join("PK", digits(5), "_", hexl(12)),
        oid=uuid,
    ),
    # ---- secrets: GoCardless and Plaid
    S(
        PAY,
        "gocardless_access_token",
        'client = gocardless_pro.Client(access_token="{v}", environment="live")',
        join("live_", b64url(40)),
    ),
    S(
        PAY,
        "plaid_secret_header",
        "  baseOptions: {\n    headers: {\n      'PLAID-CLIENT-ID': '{cid}',\n      'PLAID-SECRET': '{v}',\n"
        "      'Plaid-Version': '2020-09-14',\n    },\n  },",
        hexl(30),
        cid=plaid_client_id,
    ),
    S(
        PAY,
        "plaid_access_token",
        'resp = requests.post(\n    "https://production.plaid.com/accounts/balance/get",\n'
        '    json={"client_id": os.environ["PLAID_CLIENT_ID"], "secret": os.environ["PLAID_SECRET"],'
        ' "access_token": "{v}"},\n)',
        join("access-production-", uuid),
    ),
    # ---- look-alikes: public ids that the docs say are safe in the frontend
    L(
        PAY,
        "paypal_client_id",
        '<script src="https://www.paypal.com/sdk/js?client-id={v}&currency=EUR&intent=capture"></script>',
        paypal_client_id,
    ),
    L(
        PAY,
        "paypal_webhook_id",
        '  "transmission_time": "2024-09-02T08:14:51Z",\n  "webhook_id": "{v}",\n'
        '  "webhook_event": {"id": "WH-{ev}", "event_type": "PAYMENT.CAPTURE.COMPLETED"}',
        upper_alnum(17),
        ev=join(upper_alnum(17), "-", upper_alnum(17)),
    ),
    L(
        PAY,
        "paypal_transmission_sig",
        "paypal-auth-algo: SHA256withRSA\npaypal-cert-url: https://api.paypal.com/v1/notifications/certs/{cert}\n"
        "paypal-transmission-id: {tid}\npaypal-transmission-sig: {v}",
        b64(342, "=="),
        cert=join("CERT-", hexl(8), "-", hexl(8), "-", hexl(8)),
        tid=uuid,
    ),
    L(
        PAY,
        "braintree_public_key",
        'Braintree::Configuration.merchant_id = "{mid}"\nBraintree::Configuration.public_key = "{v}"\n'
        'Braintree::Configuration.private_key = ENV.fetch("BRAINTREE_PRIVATE_KEY")',
        lower_alnum(16),
        mid=lower_alnum(16),
    ),
    L(
        PAY,
        "braintree_tokenization_key",
        "braintree.client.create({ authorization: '{v}' }, function (err, clientInstance) {",
        join("production_", lower_alnum(8), "_", lower_alnum(16)),
    ),
    L(
        PAY,
        "square_application_id",
        "  const payments = window.Square.payments('{v}', '{loc}');\n  const card = await payments.card();",
        join("sandbox-sq0idb-", b64url(22)),
        loc=square_location,
    ),
    L(
        PAY,
        "square_location_id",
        '{\n  "locations": [\n    {\n      "id": "{v}",\n      "name": "Larchmont Coffee - Main St",\n'
        '      "status": "ACTIVE",\n      "country": "US",\n      "currency": "USD"',
        square_location,
    ),
    L(
        PAY,
        "mollie_payment_id",
        '  "resource": "payment",\n  "id": "{v}",\n  "mode": "live",\n'
        '  "amount": {"value": "24.95", "currency": "EUR"},\n  "profileId": "{pfl}",',
        join("tr_", b62(10)),
        pfl=join("pfl_", b62(10)),
    ),
    L(
        PAY,
        "razorpay_key_id",
        'var options = {\n    "key": "{v}", // Enter the Key ID generated from the Dashboard\n'
        '    "amount": "49900",\n    "currency": "INR",\n    "order_id": "{oid}",',
        razorpay_key_id,
        oid=join("order_", b62(14)),
    ),
    L(
        PAY,
        "razorpay_signature",
        'handler: {"razorpay_payment_id":"{pid}","razorpay_order_id":"{oid}","razorpay_signature":"{v}"}',
        hexl(64),
        pid=join("pay_", b62(14)),
        oid=join("order_", b62(14)),
    ),
    L(PAY, "paddle_client_token", '  Paddle.Initialize({\n    token: "{v}",\n  });', join("live_", hexl(27))),
    L(
        PAY,
        "paddle_masked_key",
        '      "name": "fulfilment worker",\n      "status": "active",\n      "key": "{v}",\n'
        '      "expires_at": "2026-03-01T00:00:00Z",',
        join("pdl_live_apikey_01", crock(8), "****"),
    ),
    L(
        PAY,
        "checkout_public_key",
        'Frames.init("{v}");\nFrames.addEventHandler(Frames.Events.CARD_TOKENIZED, onCardTokenized);',
        join("pk_sbox_", pick(BASE32_LOWER, 27)),
    ),
    L(
        PAY,
        "checkout_processing_channel",
        '  "source": {"type": "token", "token": "tok_{tok}"},\n  "amount": 6540,\n  "currency": "GBP",\n'
        '  "processing_channel_id": "{v}",',
        join("pc_", lower_alnum(26)),
        tok=lower_alnum(26),
    ),
    L(
        PAY,
        "klarna_client_id",
        '<script defer src="https://js.klarna.com/web-sdk/v1/klarna.js" data-client-id="{v}"></script>',
        join("klarna_live_client_", b64(96)),
    ),
    L(
        PAY,
        "gocardless_mandate_id",
        '    "id": "{v}",\n    "reference": "FERNHILL-{ref}",\n    "scheme": "bacs",\n    "status": "active",\n'
        '    "links": {"creditor": "{cr}", "customer_bank_account": "{ba}"}',
        join("MD", upper_alnum(12)),
        ref=upper_alnum(6),
        cr=join("CR", upper_alnum(12)),
        ba=join("BA", upper_alnum(12)),
    ),
    L(
        PAY,
        "gocardless_webhook_signature",
        "POST /webhooks/gocardless HTTP/1.1\nContent-Type: application/json\nWebhook-Signature: {v}\nOrigin: https://api.gocardless.com",
        hexl(64),
    ),
    L(
        PAY,
        "plaid_item_id",
        "2024-09-02T08:31:07Z INFO plaid: exchanged public_token for item {v} (institution={ins}, request_id={rid})",
        b62(37),
        ins=join("ins_", digits(6)),
        rid=b62(15),
    ),
    # ---- look-alikes: references, placeholders, masks, names
    L(
        PAY,
        "gha_secret_ref",
        "      - run: npm run deploy\n        env:\n          PAYPAL_CLIENT_ID: ${{ vars.PAYPAL_CLIENT_ID }}\n"
        "          PAYPAL_CLIENT_SECRET: {v}",
        const("${{ secrets.PAYPAL_CLIENT_SECRET }}"),
    ),
    L(PAY, "placeholder_prefixed", "# .env.example\nMOLLIE_API_KEY={v}", const("test_" + "x" * 30)),
    L(PAY, "placeholder_angle", "RAZORPAY_KEY_ID=rzp_test_...\nRAZORPAY_KEY_SECRET={v}", const("<your_key_secret>")),
    L(PAY, "placeholder_counting", "PLAID_ENV=sandbox\nPLAID_SECRET={v}", counting(30, hex_digits=True)),
    L(
        PAY,
        "secret_manager_arn",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text > /dev/null && echo ok",
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:prod/paddle/api-key-", b62(6)),
    ),
    L(
        PAY,
        "commit_sha",
        '$ git commit -am "Rotate Razorpay key_secret; read it from the environment"\n[main {v}] Rotate Razorpay'
        " key_secret; read it from the environment\n 2 files changed, 3 insertions(+), 3 deletions(-)",
        hexl(7),
    ),
    L(
        PAY,
        "secret_names",
        "$ vercel env ls production\n name                          value        environments\n"
        " {v}   Encrypted    Production\n SQUARE_ACCESS_TOKEN           Encrypted    Production",
        const("LEMONSQUEEZY_SIGNING_SECRET"),
    ),
]
