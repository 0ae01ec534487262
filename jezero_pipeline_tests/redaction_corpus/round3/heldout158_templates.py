"""A hundred-and-fifty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of sales tax, VAT and tax compliance APIs: Avalara AvaTax
(a 10-digit account id beside a 16-character hexadecimal license key, HTTP Basic over
`account:license`, the `X-Avalara-Client` header, `credentials.yml`, the Python SDK's
`add_credentials`, the `/utilities/ping` result), TaxJar (a 32-character hex API token sent as
`Authorization: Bearer` or `Token token="…"`, the Node and Ruby clients, the sandbox URL), Vertex
O Series Cloud (OAuth client id and secret posted to `auth.vertexcloud.com/oauth/token` with the
`verx://migration-api` audience, the JWT access token it returns, the SOAP `<Login><TrustedId>`,
tax area ids), Anrok (an opaque API key as a bearer token on `/v1/seller/transactions/…`,
`stripe:cus_…` customer ids), Quaderno (a private key used as the basic-auth user on
`<account>.quadernoapp.com/api/`, `auth_token` in the Ruby client, the publishable key in
Checkout's `data-key`), TaxCloud (an 8-character API login id and a GUID API key in the
`/1.0/TaxCloud/Lookup` body, cart ids), Vatstack (`sk_live_`/`pk_live_` + 32 hex in `X-API-KEY`),
vatlayer (a 32-hex `access_key` in the query string), Ziptax (`X-API-Key` header or `key=` query),
HMRC Making Tax Digital VAT (a 28-character client id in the authorise URL, a GUID client secret,
32-hex access and refresh tokens, test-user passwords, VRNs, fraud-prevention `Gov-Client-Device-ID`,
form bundle numbers; the `mtd-vat` CLI flags), the EU VIES checkVat service (VAT numbers and
request identifiers, no credential), Numeral (`sk_test_`/`sk_prod_` keys, the `numeral_tax` client)
and Fonoa (an API Management subscription key in `Ocp-Apim-Subscription-Key`), in commands,
config files, code and tool output, with the public ids, masks, placeholders and references the
same documentation shows beside them.

Where a vendor's documentation found did not spell out a length or alphabet (Anrok's, Ziptax's
and Vertex's secrets, Numeral's key body, Fonoa's subscription key, Quaderno's key body) the
value is an opaque random string of a plausible length, written from general knowledge of the
vendor rather than from a documented format.

First score, blind, before any rule changed for it (after the rules for 150 to 154):
24 of 26 secrets caught, 0 of 25 look-alikes altered (missed: an AvaTax licence key (16 hex) as
`add_credentials`'s second argument, Vertex's `<urn:TrustedId>`).
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
    hexu,
    interleaved,
    join,
    lower_alnum,
    uuid,
)

TX = "taxapis"


def basic_auth(user, secret):
    """`base64(user:secret)` as an HTTP Basic credential, both parts from makers."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()

    return make


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def vertex_jwt(rng: random.Random) -> str:
    """An RS256 access token as the Vertex token endpoint returns it (random claims, random signature)."""
    header = b64url_json({"alg": "RS256", "typ": "JWT", "kid": b62(27)(rng)})
    iat = 1718000000 + rng.randrange(5_000_000)
    payload = b64url_json(
        {
            "iss": "https://auth.vertexcloud.com/",
            "sub": b62(32)(rng) + "@clients",
            "aud": "verx://migration-api",
            "iat": iat,
            "exp": iat + 1200,
            "gty": "client-credentials",
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def masked_tail(rng: random.Random) -> str:
    return "•" * 28 + hexl(4)(rng)


avatax_license = hexu(16)
avatax_account = join("2", digits(9))
taxjar_token = hexl(32)
hmrc_token = hexl(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 25, "the rules for 150 to 154")

TEMPLATES = [
    # ---- secrets: Avalara AvaTax license keys
    S(
        TX,
        "avatax_license_env",
        "$ export AVATAX_ACCOUNT_ID={acct}\n$ export AVATAX_LICENSE_KEY={v}\n$ export AVATAX_ENVIRONMENT=sandbox",
        avatax_license,
        acct=avatax_account,
    ),
    S(
        TX,
        "avatax_curl_user",
        '$ curl -s -u "{acct}:{v}" https://sandbox-rest.avatax.com/api/v2/utilities/ping | jq .authenticated\ntrue',
        avatax_license,
        acct=avatax_account,
    ),
    S(
        TX,
        "avatax_basic_header",
        "POST /api/v2/transactions/create HTTP/1.1\nHost: sandbox-rest.avatax.com\nAuthorization: Basic {v}\n"
        "X-Avalara-Client: ledgerline; 3.8.0; REST; v2; worker-2\nContent-Type: application/json",
        basic_auth(avatax_account, avatax_license),
    ),
    S(
        TX,
        "avatax_python_client",
        "client = AvataxClient('ledgerline', '3.8.0', 'worker-2', 'sandbox')\n"
        "client = client.add_credentials('{acct}', '{v}')\nprint(client.ping().json()['authenticated'])",
        avatax_license,
        acct=avatax_account,
    ),
    S(
        TX,
        "avatax_credentials_yml",
        "$ cat config/avatax.yml\nproduction:\n  account_number: '{acct}'\n  license_key: '{v}'\n"
        "  service_url: 'https://rest.avatax.com'\n  company_code: LEDGERLINE",
        avatax_license,
        acct=avatax_account,
    ),
    # ---- secrets: TaxJar API tokens
    S(
        TX,
        "taxjar_bearer_curl",
        '$ curl https://api.sandbox.taxjar.com/v2/categories -H "Authorization: Bearer {v}" | head -c 120',
        taxjar_token,
    ),
    S(
        TX,
        "taxjar_node_client",
        "const Taxjar = require('taxjar');\nconst client = new Taxjar({\n  apiKey: '{v}',\n"
        "  apiUrl: Taxjar.SANDBOX_API_URL\n});",
        taxjar_token,
    ),
    S(
        TX,
        "taxjar_token_header",
        '> GET /v2/summary_rates HTTP/2\n> Host: api.taxjar.com\n> Authorization: Token token="{v}"\n> user-agent: curl/8.5.0',
        taxjar_token,
    ),
    # ---- secrets: Vertex O Series Cloud
    S(
        TX,
        "vertex_client_secret_form",
        "$ curl -s -X POST https://auth.vertexcloud.com/oauth/token \\\n"
        '    -H "Content-Type: application/x-www-form-urlencoded" \\\n'
        '    -d "client_id={cid}&client_secret={v}&grant_type=client_credentials&audience=verx://migration-api"',
        b64url(64),
        cid=b62(32),
    ),
    S(
        TX,
        "vertex_access_token_output",
        '{"access_token":"{v}","scope":"calc-api","expires_in":1200,"token_type":"Bearer"}',
        vertex_jwt,
    ),
    S(
        TX,
        "vertex_soap_trusted_id",
        '<urn:VertexEnvelope xmlns:urn="urn:vertexinc:o-series:tps:9:0">\n  <urn:Login>\n'
        "    <urn:TrustedId>{v}</urn:TrustedId>\n  </urn:Login>\n"
        '  <urn:QuotationRequest documentDate="2024-06-03" transactionType="SALE">',
        b62(12),
    ),
    # ---- secrets: Anrok, Quaderno, TaxCloud
    S(
        TX,
        "anrok_bearer_python",
        "resp = requests.post(\n    'https://api.anrok.com/v1/seller/transactions/createEphemeral',\n"
        "    headers={'Authorization': 'Bearer {v}'},\n    json=payload,\n    timeout=10,\n)",
        b62(43),
    ),
    S(
        TX,
        "quaderno_curl_user",
        "$ curl -u {v}:x https://ledgerline.quadernoapp.com/api/contacts.json?q=acme | jq length\n3",
        join("sk_live_", b62(20)),
    ),
    S(
        TX,
        "quaderno_ruby_config",
        "Quaderno::Base.configure do |config|\n  config.auth_token = '{v}'\n"
        "  config.url = 'https://ledgerline.quadernoapp.com/api/'\nend",
        join("sk_live_", b62(20)),
    ),
    S(
        TX,
        "taxcloud_lookup_body",
        '{\n  "apiLoginID": "{lid}",\n  "apiKey": "{v}",\n  "customerID": "cust-20931",\n  "cartID": "{cart}",\n'
        '  "deliveredBySeller": false,',
        upper_uuid,
        lid=hexu(8),
        cart=uuid,
    ),
    S(
        TX,
        "taxcloud_initializer",
        "TaxCloud.configure do |config|\n  config.api_login_id = '{lid}'\n  config.api_key = '{v}'\n"
        "  config.open_timeout = 1\nend",
        upper_uuid,
        lid=hexu(8),
    ),
    # ---- secrets: VAT validation services
    S(
        TX,
        "vatstack_secret_header",
        "$ http POST https://api.vatstack.com/v1/validations X-API-KEY:{v} query=IE{vat}",
        join("sk_live_", hexl(32)),
        vat=join(digits(7), "WH"),
    ),
    S(
        TX,
        "vatlayer_access_key_url",
        "[vat-check] GET https://apilayer.net/api/validate?access_key={v}&vat_number=NL{nl}B01&format=1 -> 200 (143 ms)",
        hexl(32),
        nl=digits(9),
    ),
    S(
        TX,
        "ziptax_header",
        '$ curl -s -H "X-API-Key: {v}" "https://api.zip-tax.com/request/v60?address=1400+Pine+St+Seattle+WA+98101"',
        b62(32),
    ),
    # ---- secrets: HMRC Making Tax Digital (VAT)
    S(
        TX,
        "hmrc_client_secret_env",
        "HMRC_ENV=sandbox\nHMRC_CLIENT_ID={cid}\nHMRC_CLIENT_SECRET={v}\nHMRC_REDIRECT_URI=http://localhost:8080/callback",
        uuid,
        cid=b62(28),
    ),
    S(
        TX,
        "mtd_vat_cli_flag",
        "$ mtd-vat --vrn {vrn} --client-id {cid} --client-secret {v} obligations --from 2024-01-01 --to 2024-12-31",
        uuid,
        vrn=digits(9),
        cid=b62(28),
    ),
    S(
        TX,
        "hmrc_token_response",
        '{"access_token":"{v}","refresh_token":"{rt}","expires_in":14400,"scope":"read:vat write:vat","token_type":"bearer"}',
        hmrc_token,
        rt=hexl(32),
    ),
    S(
        TX,
        "hmrc_bearer_obligations",
        '$ curl -s -H "Accept: application/vnd.hmrc.1.0+json" -H "Authorization: Bearer {v}" \\\n'
        '    "https://test-api.service.hmrc.gov.uk/organisations/vat/{vrn}/obligations?status=O"',
        hmrc_token,
        vrn=digits(9),
    ),
    S(
        TX,
        "hmrc_test_user_password",
        '{\n  "userId": "{uid}",\n  "password": "{v}",\n  "userFullName": "Grace Tilbury",\n'
        '  "emailAddress": "grace.tilbury@example.com",\n  "vrn": "{vrn}"\n}',
        lower_alnum(12),
        uid=digits(12),
        vrn=digits(9),
    ),
    # ---- secrets: Numeral and Fonoa
    S(
        TX,
        "numeral_python_client",
        'from numeral_tax import NumeralAPI\n\nclient = NumeralAPI(api_key="{v}")\n'
        "calc = client.tax.calculations.create(customer=customer, order_details=order)",
        join("sk_prod_", b62(40)),
    ),
    S(
        TX,
        "fonoa_subscription_header",
        "$ curl --request POST https://api-demo.fonoa.com/Lookup/v1/Validations \\\n"
        "    --header 'Ocp-Apim-Subscription-Key: {v}' \\\n    --header 'Content-Type: application/json'",
        hexl(32),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        TX,
        "avatax_account_id",
        "# AvaTax account (not secret; license key lives in the vault)\nAVATAX_ACCOUNT_ID={v}\nAVATAX_COMPANY_CODE=LEDGERLINE",
        avatax_account,
    ),
    L(
        TX,
        "avatax_ping_output",
        '{\n  "version": "24.6.0",\n  "authenticated": true,\n  "authenticationType": "AccountIdLicenseKey",\n'
        '  "authenticatedUserName": "svc-tax@ledgerline.io",\n  "authenticatedUserId": {uid},\n  "authenticatedAccountId": {v}\n}',
        avatax_account,
        uid=join("1", digits(6)),
    ),
    L(
        TX,
        "avatax_client_header",
        "X-Avalara-Client: {v}",
        join("ledgerline; 3.8.", digits(1), "; REST; v2; ip-10-0-", digits(2), "-", join("1", digits(2))),
    ),
    L(
        TX,
        "vertex_tax_area_id",
        '      "taxAreaId": {v},\n      "postalAddress": { "city": "Tacoma", "mainDivision": "WA", "postalCode": "98402" }',
        join("53", digits(7)),
    ),
    L(
        TX,
        "anrok_customer_id",
        '  "customerId": "{v}",\n  "customerName": "Acme Robotics GmbH",',
        join("stripe:cus_", b62(14)),
    ),
    L(
        TX,
        "quaderno_publishable_key",
        '<script src="https://checkout.quaderno.io/checkout.js" class="quaderno-button"\n'
        '  data-key="{v}"\n  data-amount="4900" data-currency="EUR">\n</script>',
        join("pk_live_", b62(20)),
    ),
    L(TX, "taxcloud_login_id", 'config.api_login_id = "{v}"  # API ID shown under Locations', hexu(8)),
    L(TX, "taxcloud_cart_id", '  "cartID": "{v}",\n  "cartItems": [', uuid),
    L(
        TX,
        "vatstack_public_key",
        "// public key: fine to ship in the browser bundle\nconst res = await fetch('https://api.vatstack.com/v1/validations', {\n"
        "  method: 'POST',\n  headers: { 'X-API-KEY': '{v}', 'Content-Type': 'application/json' },",
        join("pk_live_", hexl(32)),
    ),
    L(
        TX,
        "vies_request_identifier",
        "<ns2:checkVatApproxResponse>\n  <ns2:countryCode>DE</ns2:countryCode>\n  <ns2:vatNumber>{vat}</ns2:vatNumber>\n"
        "  <ns2:valid>true</ns2:valid>\n  <ns2:requestIdentifier>{v}</ns2:requestIdentifier>",
        join("WAPIAAAA", b62(8)),
        vat=digits(9),
    ),
    L(
        TX,
        "hmrc_client_id_url",
        "Open this URL to grant access:\nhttps://test-www.tax.service.gov.uk/oauth/authorize?response_type=code&client_id={v}"
        "&scope=read:vat+write:vat&redirect_uri=http://localhost:8080/callback",
        b62(28),
    ),
    L(TX, "hmrc_device_id", "Gov-Client-Device-ID: {v}\nGov-Client-Timezone: UTC+00:00", uuid),
    L(
        TX,
        "hmrc_form_bundle",
        '{\n  "processingDate": "2024-05-07T11:43:02.014Z",\n  "paymentIndicator": "BANK",\n'
        '  "formBundleNumber": "{v}",\n  "chargeRefNumber": "XD{ref}"\n}',
        digits(12),
        ref=digits(12),
    ),
    L(
        TX,
        "hmrc_vrn_path",
        "GET /organisations/vat/{v}/returns/24A1 -> 200",
        digits(9),
    ),
    # ---- look-alikes: hashes
    L(
        TX,
        "commit_sha",
        "$ git rev-parse HEAD\n{v}\n$ git log -1 --format=%s\nMove AvaTax license key to Vault",
        hexl(40),
    ),
    L(
        TX,
        "wheel_hash",
        "ziptax-sdk==0.2.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    # ---- look-alikes: references, masks, placeholders
    L(
        TX,
        "gha_secret_ref",
        "      - run: bundle exec rspec spec/tax\n        env:\n          TAXJAR_API_KEY: {v}\n"
        "          AVATAX_ACCOUNT_ID: ${{ vars.AVATAX_ACCOUNT_ID }}",
        const("${{ secrets.TAXJAR_API_KEY }}"),
    ),
    L(TX, "ruby_env_ref", "  config.auth_token = {v}", const("ENV.fetch('QUADERNO_PRIVATE_KEY')")),
    L(
        TX,
        "vertex_env_ref",
        '$ curl -s -X POST https://auth.vertexcloud.com/oauth/token -d "client_id=$VERTEX_CLIENT_ID" -d "client_secret={v}"'
        " -d grant_type=client_credentials -d audience=verx://migration-api",
        const("$VERTEX_CLIENT_SECRET"),
    ),
    L(
        TX,
        "vault_ref",
        "avatax:\n  account_id: '{acct}'\n  license_key: {v}",
        const("vault:secret/data/tax/avalara#license_key"),
        acct=avatax_account,
    ),
    L(
        TX,
        "postman_var",
        "--header 'Ocp-Apim-Subscription-Key: {v}'",
        const("{{fonoa_subscription_key}}"),
    ),
    L(TX, "taxjar_masked", "API Token   {v}   Created May 2, 2024   [Regenerate]", masked_tail),
    L(TX, "numeral_placeholder", "# .env.example\nNUMERAL_API_KEY={v}\nNUMERAL_TESTMODE=true", const("sk_test_...")),
    L(
        TX,
        "avatax_sample_license",
        "# .env.example: the license key below is the README's filler; replace with your own\nAVATAX_ACCOUNT_NUMBER={acct}\nAVATAX_LICENSE_KEY={v}",
        interleaved(16, upper=True),
        acct=avatax_account,
    ),
    L(
        TX,
        "taxjar_placeholder",
        "client = taxjar.Client(api_key='{v}', api_url=taxjar.SANDBOX_API_URL)",
        const("YOUR_TAXJAR_API_TOKEN"),
    ),
]
