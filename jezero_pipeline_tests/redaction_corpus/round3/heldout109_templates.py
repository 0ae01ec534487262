"""A hundred-and-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of regional payment gateways: Paystack (`sk_live_`/`sk_test_`
plus 40 hex secret keys as Bearer tokens and as the HMAC-SHA512 key of `x-paystack-signature`,
beside `pk_live_` public keys for Popup/InlineJS), Flutterwave (`FLWSECK_TEST-…-X` secret keys,
`FLWSECK_TEST` + 12 hex encryption keys, `FLWPUBK_TEST-…-X` public keys, `FLW-MOCK-` references),
Xendit (`xnd_development_`/`xnd_production_` base64 secret keys used as the Basic-auth username
with an empty password, `x-callback-token` webhook tokens, `xnd_public_development_` publishable
keys, invoice ids), Midtrans (`SB-Mid-server-`/`Mid-server-` server keys, base64 `server_key:`
Basic headers, `SB-Mid-client-` client keys on snap.js, Snap tokens, notification
`signature_key` hashes), Mercado Pago (`APP_USR-`/`TEST-` access tokens, OAuth client secrets,
`APP_USR-<uuid>` public keys, `x-signature` headers), PayU India (merchant key and 32-character
salt, form `key`/`hash` fields), Paytm (merchant key passed to `PaytmChecksum.generateSignature`,
MIDs, `CHECKSUMHASH`), Mollie (`live_`/`test_` API keys, `access_` organization tokens, `tr_` ids,
`test_xxx…` placeholders), iyzico (`sandbox-` secret keys in the Java `Options`, masked CLI
output), Yoco (`sk_live_`/`sk_test_` secret keys as Bearer, `whsec_` webhook secrets, `pk_`
public keys), Safaricom M-Pesa Daraja (consumer key/secret Basic auth on `oauth/v1/generate`,
access-token output, 64-hex passkeys, STK-push `Password` fields, `CheckoutRequestID`s), PayMongo
(`sk_live_`/`sk_test_` keys in Basic headers and `fly secrets set`, `pk_live_` public keys) and
Razorpay (`rzp_live_` key ids with 24-character key secrets), in shell commands, HTTP headers,
verbose curl output, config files, SDK calls, JSON responses and logs, with the public ids,
hashes, references, masks and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 100 to 104):
22 of 25 secrets caught, 5 of 24 look-alikes altered (missed: a Xendit key holding `/` and `+` as
curl's user, a Midtrans key printed by `tinker`, a Paytm key as
`PaytmChecksum.generateSignature(…)`'s argument; altered: Midtrans' `data-client-key` in a script
tag, a Mercado Pago public key in the browser SDK, a Snap token and its redirect URL, Midtrans'
`signature_key` (a SHA-512), Paytm's `CHECKSUMHASH`).
"""

from __future__ import annotations

import base64
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

RP = "regionalpay"

STK_SHORTCODE = "512740"
STK_TIMESTAMP = "20240611104207"


def basic_auth(user, secret: str = ""):
    """`Authorization: Basic` value of `user:secret` (the gateways that take the key as username)."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret}".encode()).decode()


def stk_password(rng: random.Random) -> str:
    """Daraja STK push `Password`: base64(shortcode + passkey + timestamp)."""
    raw = STK_SHORTCODE + hexl(64)(rng) + STK_TIMESTAMP
    return base64.b64encode(raw.encode()).decode()


def mp_token(prefix: str):
    """Mercado Pago access token: prefix, app id, date stamp, 32 hex, user id."""
    return join(prefix, digits(16), "-", "0", digits(5), "-", hexl(32), "-", digits(9))


paystack_secret = join("sk_live_", hexl(40))
flw_secret = join("FLWSECK_TEST-", hexl(32), "-X")
flw_public = join("FLWPUBK_TEST-", hexl(32), "-X")
xendit_dev = join("xnd_development_", b64(54), "==")
xendit_prod = join("xnd_production_", b64(54), "==")
letters = pick(string.ascii_letters, 6)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 5, 24, "the rules for 100 to 104")

TEMPLATES: list = [
    # ---- secrets: Paystack
    S(
        RP,
        "paystack_bearer_curl",
        '$ curl https://api.paystack.co/transaction/initialize -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{ "email": "ada@korafoods.ng", "amount": "500000" }\'',
        paystack_secret,
    ),
    S(
        RP,
        "paystack_webhook_hmac_key",
        '    computed = hmac.new(b"{v}", request.body, hashlib.sha512).hexdigest()\n'
        '    if computed != request.headers.get("x-paystack-signature"):\n'
        "        return HttpResponse(status=401)",
        join("sk_test_", hexl(40)),
    ),
    # ---- secrets: Flutterwave
    S(
        RP,
        "flutterwave_env_file",
        "$ cat .env.local\nFLW_PUBLIC_KEY={pub}\nFLW_SECRET_KEY={v}\nFLW_ENV=staging",
        flw_secret,
        pub=flw_public,
    ),
    S(
        RP,
        "flutterwave_encryption_key",
        "    'flutterwave' => [\n        'public_key' => env('FLW_PUBLIC_KEY'),\n"
        "        'encryption_key' => '{v}',\n    ],",
        join("FLWSECK_TEST", hexl(12)),
    ),
    # ---- secrets: Xendit
    S(
        RP,
        "xendit_curl_user",
        "$ curl https://api.xendit.co/v2/invoices -X POST -u {v}: -d external_id=inv-{num}"
        " -d amount=150000 -d payer_email=budi@warungkopi.id",
        xendit_dev,
        num=digits(6),
    ),
    S(
        RP,
        "xendit_basic_header",
        "$ curl https://api.xendit.co/disbursements -X POST \\\n  -H 'Authorization: Basic {v}' \\\n"
        "  -H 'Content-Type: application/json' \\\n"
        '  -d \'{"external_id": "disb-0192", "bank_code": "BCA", "amount": 90000}\'',
        basic_auth(xendit_prod),
    ),
    S(
        RP,
        "xendit_callback_token",
        '$ curl -X POST http://localhost:8080/webhooks/xendit/invoice -H "x-callback-token: {v}"'
        ' -H "Content-Type: application/json" -d @fixtures/invoice_paid.json',
        b62(48),
    ),
    # ---- secrets: Midtrans
    S(
        RP,
        "midtrans_tinker_output",
        "$ php artisan tinker\nPsy Shell v0.12.4 (PHP 8.3.7 — cli) by Justin Hileman\n"
        "> config('midtrans.server_key')\n= \"{v}\"",
        join("Mid-server-", b64url(24)),
    ),
    S(
        RP,
        "midtrans_basic_verbose",
        "> GET /v2/ORDER-{num}/status HTTP/2\n> Host: api.sandbox.midtrans.com\n> user-agent: curl/8.5.0\n"
        "> Authorization: Basic {v}\n> Accept: application/json",
        basic_auth(join("SB-Mid-server-", b64url(24))),
        num=digits(5),
    ),
    # ---- secrets: Mercado Pago
    S(
        RP,
        "mercadopago_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}'"
        " 'https://api.mercadopago.com/v1/payments/search?sort=date_created&criteria=desc&external_reference=PED-{num}'",
        mp_token("APP_USR-"),
        num=digits(5),
    ),
    S(
        RP,
        "mercadopago_client_secret",
        "$ curl -X POST https://api.mercadopago.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d 'client_id={cid}&client_secret={v}&grant_type=client_credentials'",
        b62(32),
        cid=digits(16),
    ),
    # ---- secrets: PayU, Paytm
    S(
        RP,
        "payu_web_config_salt",
        '  <appSettings>\n    <add key="MERCHANT_KEY" value="{key}"/>\n    <add key="SALT" value="{v}"/>\n'
        '    <add key="PAYU_BASE_URL" value="https://secure.payu.in/_payment"/>\n  </appSettings>',
        b62(32),
        key=b62(6),
    ),
    S(
        RP,
        "paytm_merchant_key",
        'paytm_params["body"] = {"requestType": "Payment", "mid": "{mid}", "websiteName": "WEBSTAGING",'
        ' "orderId": "ORDERID_{num}"}\n'
        'checksum = PaytmChecksum.generateSignature(json.dumps(paytm_params["body"]), "{v}")',
        password(16),
        mid=join(letters, digits(14)),
        num=digits(5),
    ),
    # ---- secrets: Mollie
    S(
        RP,
        "mollie_php_set_api_key",
        '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("{v}");',
        join("live_", b62(30)),
    ),
    S(
        RP,
        "mollie_org_access_token",
        '$ curl -X GET https://api.mollie.com/v2/organizations/me -H "Authorization: Bearer {v}"',
        join("access_", b62(40)),
    ),
    # ---- secrets: iyzico
    S(
        RP,
        "iyzico_java_options",
        "        Options options = new Options();\n"
        '        options.setApiKey(System.getenv("IYZICO_API_KEY"));\n'
        '        options.setSecretKey("{v}");\n'
        '        options.setBaseUrl("https://sandbox-api.iyzipay.com");',
        join("sandbox-", b62(32)),
    ),
    # ---- secrets: Yoco
    S(
        RP,
        "yoco_httpie_bearer",
        '$ http POST https://payments.yoco.com/api/checkouts Authorization:"Bearer {v}" amount:=29900 currency=ZAR',
        join("sk_live_", b62(28)),
    ),
    S(
        RP,
        "yoco_webhook_secret_response",
        '{"id": "sub_{sid}", "name": "orders-prod", "url": "https://api.biltongco.co.za/webhooks/yoco",'
        ' "mode": "live", "secret": "{v}"}',
        join("whsec_", b64(32)),
        sid=b62(24),
    ),
    # ---- secrets: M-Pesa Daraja
    S(
        RP,
        "daraja_oauth_basic",
        '$ curl -s -u "{ck}:{v}" "https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials"',
        b62(64),
        ck=b62(48),
    ),
    S(
        RP,
        "daraja_access_token_output",
        '{\n  "access_token": "{v}",\n  "expires_in": "3599"\n}',
        b62(28),
    ),
    S(
        RP,
        "daraja_passkey_python",
        'BUSINESS_SHORT_CODE = "{sc}"\nPASSKEY = "{v}"\ntimestamp = datetime.now().strftime("%Y%m%d%H%M%S")',
        hexl(64),
        sc=digits(6),
    ),
    S(
        RP,
        "daraja_stk_password_log",
        "[2024-06-11 10:42:07] INFO mpesa.stk: POST /mpesa/stkpush/v1/processrequest "
        '{"BusinessShortCode": "' + STK_SHORTCODE + '", "Password": "{v}", "Timestamp": "' + STK_TIMESTAMP + '",'
        ' "TransactionType": "CustomerPayBillOnline", "Amount": 1}',
        stk_password,
    ),
    # ---- secrets: PayMongo, Razorpay
    S(
        RP,
        "paymongo_basic_header",
        "$ curl --request POST --url https://api.paymongo.com/v1/links --header 'accept: application/json'"
        " --header 'authorization: Basic {v}'"
        ' --data \'{"data":{"attributes":{"amount":150000,"description":"Order 1043"}}}\'',
        basic_auth(join("sk_live_", b62(24))),
    ),
    S(
        RP,
        "paymongo_fly_secrets",
        "$ fly secrets set PAYMONGO_SECRET_KEY={v} -a sari-store-api",
        join("sk_test_", b62(24)),
    ),
    S(
        RP,
        "razorpay_client_auth",
        'client = razorpay.Client(auth=("{kid}", "{v}"))\nclient.set_app_details({"title": "kirana-api", "version": "2.4.1"})',
        b62(24),
        kid=join("rzp_live_", b62(14)),
    ),
    # ---- look-alikes: publishable / public keys
    L(
        RP,
        "paystack_public_key",
        "    const handler = PaystackPop.setup({\n      key: '{v}',\n      email: customer.email,\n"
        "      amount: total * 100,",
        join("pk_live_", hexl(40)),
    ),
    L(
        RP,
        "flutterwave_public_key",
        '  FlutterwaveCheckout({\n    public_key: "{v}",\n    tx_ref: "kora-{num}",\n    amount: 4500,\n'
        '    currency: "NGN",',
        flw_public,
        num=digits(6),
    ),
    L(
        RP,
        "xendit_publishable_key",
        "Xendit.setPublishableKey('{v}');",
        join("xnd_public_development_", b64(54), "=="),
    ),
    L(
        RP,
        "midtrans_client_key",
        '<script src="https://app.sandbox.midtrans.com/snap/snap.js" data-client-key="{v}"></script>',
        join("SB-Mid-client-", b62(16)),
    ),
    L(
        RP,
        "mercadopago_public_key",
        "const mp = new MercadoPago('{v}', { locale: 'es-AR' });",
        join("APP_USR-", uuid),
    ),
    L(
        RP,
        "yoco_public_key",
        "  const yoco = new window.YocoSDK({\n    publicKey: '{v}',\n  });",
        join("pk_live_", b62(20)),
    ),
    L(RP, "paymongo_public_key", "NEXT_PUBLIC_PAYMONGO_PUBLIC_KEY={v}", join("pk_live_", b62(24))),
    L(
        RP,
        "razorpay_key_id",
        '  var options = {\n    "key": "{v}",\n    "amount": "49900",\n    "currency": "INR",\n'
        '    "order_id": "{oid}",',
        join("rzp_live_", b62(14)),
        oid=join("order_", b62(14)),
    ),
    L(
        RP,
        "payu_form_merchant_key",
        '<form action="https://test.payu.in/_payment" method="post">\n'
        '  <input type="hidden" name="key" value="{v}" />\n  <input type="hidden" name="txnid" value="TXN{num}" />',
        b62(6),
        num=digits(8),
    ),
    # ---- look-alikes: resource ids and references
    L(
        RP,
        "flutterwave_flw_ref",
        '      "tx_ref": "kora-{num}",\n      "flw_ref": "{v}",\n      "status": "successful",',
        join("FLW-MOCK-", hexl(32)),
        num=digits(6),
    ),
    L(
        RP,
        "xendit_invoice_id",
        '$ curl -s https://api.xendit.co/v2/invoices/{v} -u "$XENDIT_SECRET_KEY:" | jq .status\n"PAID"',
        hexl(24),
    ),
    L(
        RP,
        "midtrans_snap_token",
        '{"token":"{v}","redirect_url":"https://app.sandbox.midtrans.com/snap/v4/redirection/{v}"}',
        uuid,
    ),
    L(
        RP,
        "paytm_mid",
        '$ curl -X POST "https://securegw-stage.paytm.in/v3/order/status" -H "Content-Type: application/json"'
        ' -d \'{"body":{"mid":"{v}","orderId":"ORDERID_98765"},"head":{"signature":"\'"$PAYTM_SIG"\'"}}\'',
        join(letters, digits(14)),
    ),
    L(
        RP,
        "mollie_payment_id",
        '$ curl -s https://api.mollie.com/v2/payments/{v} -H "Authorization: Bearer $MOLLIE_API_KEY" | jq -r .status\npaid',
        join("tr_", b62(10)),
    ),
    L(
        RP,
        "daraja_checkout_request_id",
        '{"MerchantRequestID": "{mrid}", "CheckoutRequestID": "{v}", "ResponseCode": "0",'
        ' "ResponseDescription": "Success. Request accepted for processing"}',
        join("ws_CO_", "110620241042", pick("012345", 1), digits(1), "2547", digits(8)),
        mrid=join(digits(4), "-", digits(8), "-1"),
    ),
    # ---- look-alikes: hashes and signatures
    L(
        RP,
        "midtrans_signature_key",
        '  "status_code": "200",\n  "signature_key": "{v}",\n  "settlement_time": "2024-06-11 10:44:51",',
        hexl(128),
    ),
    L(
        RP,
        "mercadopago_x_signature",
        "x-signature: ts=1718101447,v1={v}\nx-request-id: {rid}",
        hexl(64),
        rid=uuid,
    ),
    L(RP, "payu_request_hash", '  <input type="hidden" name="hash" value="{v}" />', hexl(128)),
    L(
        RP,
        "paytm_checksumhash",
        "ORDERID=ORDERID_{num}\nTXNAMOUNT=1.00\nCHECKSUMHASH={v}\nRESPCODE=01\nRESPMSG=Txn Success",
        b64(107, "="),
        num=digits(5),
    ),
    L(
        RP,
        "commit_sha",
        "$ git rev-parse HEAD\n{v}\n$ git log -1 --format=%s\nfix(paystack): verify x-paystack-signature before crediting wallet",
        hexl(40),
    ),
    # ---- look-alikes: references, masks and placeholders
    L(
        RP,
        "gha_secret_ref",
        "      - name: Register C2B URLs\n        env:\n          MPESA_CONSUMER_KEY: ${{ secrets.MPESA_CONSUMER_KEY }}\n"
        "          MPESA_CONSUMER_SECRET: {v}",
        const("${{ secrets.MPESA_CONSUMER_SECRET }}"),
    ),
    L(
        RP,
        "onepassword_ref",
        "$ cat .env\nPAYSTACK_SECRET_KEY={v}\nFLW_SECRET_KEY=op://Payments/Flutterwave/secret_key\n"
        "$ op run --env-file=.env -- npm run dev",
        const("op://Payments/Paystack/secret_key"),
    ),
    L(
        RP,
        "mollie_placeholder",
        "# .env.example (copy to .env and fill in from the Mollie dashboard)\nMOLLIE_API_KEY={v}",
        const("test_" + "x" * 30),
    ),
    L(
        RP,
        "iyzico_masked",
        "$ iyzi durum\nOrtam: sandbox\nAPI anahtarı: {v}\nBağlantı: OK (sandbox-api.iyzipay.com)",
        join("sandbox-", "*" * 20, b62(4)),
    ),
]
