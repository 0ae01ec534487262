"""A hundred-and-eleventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of shipping and logistics APIs: Shippo (`ShippoToken`
header, `shippo_live_`/`shippo_test_` plus 40 hex, the Python SDK's `api_key_header`), EasyPost
(`EZAK`/`EZTK` plus 54 alphanumerics as the basic-auth username, the Ruby client, webhook
secrets and the `X-Hmac-Signature` header), Lob print-and-mail (`live_`/`test_` plus 35 hex as
the basic-auth username, the TypeScript SDK's `Configuration`, `live_pub_` publishable keys,
`ltr_` ids, idempotency keys), ShipEngine / ShipStation API (`API-Key` header with the
43-character keys, the partner API's `encrypted_api_key`, `On-Behalf-Of`, `se-` carrier ids),
ShipStation V1 (API key and secret as basic auth) and V2, Sendcloud (public and secret key as basic auth, the
`Sendcloud-Signature` webhook header), AfterShip (`as-api-key` header, 32-hex tracking ids),
Ship24 (`Bearer apik_…`), Easyship (`prod_` bearer tokens, the docs' masked examples),
FedEx (`l7xx` client ids, client secrets in the OAuth form body, the bearer token it returns,
the legacy SOAP `UserCredential`), UPS (OAuth client id and secret with `x-merchant-id`), DHL
(`DHL-API-Key` header), USPS (consumer key and secret) and ShipBob (`shipbob_channel_id`), in
commands, config files, code and tool output, with the public ids the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 105 to 109):
24 of 26 secrets caught, 0 of 25 look-alikes altered (missed: a Lob key `test_<hex>` as the SDK
configuration's `username`, a Sendcloud secret as the second of two hex arguments to `new
Connection(…)`).
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
    join,
    password,
    upper_alnum,
    uuid,
)

SH = "shipping"

JWT_HEAD = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9."


def basic_auth(user, secret):
    """`base64(user:secret)` as it stands after `Authorization: Basic`."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()

    return make


shippo_live = join("shippo_live_", hexl(40))
shippo_test = join("shippo_test_", hexl(40))
lob_live = join("live_", hexl(35))
lob_test = join("test_", hexl(35))
ship24_key = join("apik_", b62(30))
usps_tracking = join("9400", digits(18))
ups_tracking = join("1Z", upper_alnum(16))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 25, "the rules for 105 to 109")

TEMPLATES: list = [
    # ---- secrets: Shippo
    S(
        SH,
        "shippo_token_header",
        "$ curl -s https://api.goshippo.com/shipments/ \\\n"
        '    -H "Authorization: ShippoToken {v}" \\\n'
        "    -H \"Content-Type: application/json\" -d @fixtures/shipment_domestic.json | jq '.rates[0]'",
        shippo_live,
    ),
    S(
        SH,
        "shippo_python_sdk",
        "import shippo\nfrom shippo.models import components\n\n"
        'shippo_sdk = shippo.Shippo(api_key_header="{v}")\n'
        "shipment = shippo_sdk.shipments.create(components.ShipmentCreateRequest("
        "address_from=warehouse, address_to=customer, parcels=[parcel]))",
        shippo_test,
    ),
    S(
        SH,
        "shippo_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shipping-svc\n  namespace: fulfilment\ntype: Opaque\n"
        'stringData:\n  SHIPPO_API_TOKEN: {v}\n  SHIPPO_API_VERSION: "2018-02-08"',
        shippo_live,
    ),
    # ---- secrets: EasyPost
    S(
        SH,
        "easypost_basic_user",
        "$ curl -X POST https://api.easypost.com/v2/trackers \\\n"
        '  -u "{v}": \\\n'
        "  -H 'Content-Type: application/json' \\\n"
        '  -d \'{"tracker": {"tracking_code": "{trk}", "carrier": "USPS"}}\'',
        join("EZAK", hexl(54)),
        trk=usps_tracking,
    ),
    S(
        SH,
        "easypost_ruby_client",
        "irb(main):001> client = EasyPost::Client.new(api_key: '{v}')\n"
        "irb(main):002> client.address.create(street1: '2214 Grand Ave', city: 'Oakland', state: 'CA',"
        " zip: '94610', verify: true)",
        join("EZTK", b62(54)),
    ),
    S(
        SH,
        "easypost_webhook_secret",
        "    webhook = client.webhook.create(\n"
        '        url="https://hooks.parcelyard.io/easypost/events",\n'
        '        webhook_secret="{v}",\n'
        "    )",
        password(28),
    ),
    # ---- secrets: Lob
    S(
        SH,
        "lob_basic_user",
        "$ curl https://api.lob.com/v1/postcards \\\n"
        "  -u {v}: \\\n"
        '  -d "description=Spring restock card" \\\n'
        '  -d "to[name]=Harper Quinn" -d "to[address_line1]=2150 Larkin St" -d "to[address_city]=San Francisco" \\\n'
        '  -d "to[address_state]=CA" -d "to[address_zip]=94109" -d "front=tmpl_{tf}" -d "back=tmpl_{tb}"',
        lob_live,
        tf=hexl(15),
        tb=hexl(15),
    ),
    S(
        SH,
        "lob_ts_configuration",
        'import { Configuration, LettersApi } from "@lob/lob-typescript-sdk";\n\n'
        'const config: Configuration = new Configuration({\n  username: "{v}",\n});\n'
        "const letters = new LettersApi(config);",
        lob_test,
    ),
    # ---- secrets: ShipEngine / ShipStation
    S(
        SH,
        "shipengine_httpie_header",
        "$ http POST https://api.shipengine.com/v1/labels API-Key:{v} Content-Type:application/json < label_request.json",
        b62(43),
    ),
    S(
        SH,
        "shipengine_partner_key_output",
        '{\n  "encrypted_api_key": "{v}",\n  "created_at": "2025-02-11T09:14:52.407Z",\n'
        '  "description": "Merchant onboarding key",\n  "account_id": {acct},\n  "api_key_id": {kid}\n}',
        b64(43),
        acct=digits(6),
        kid=digits(4),
    ),
    S(
        SH,
        "shipstation_v1_curl_user",
        "$ curl -s -u {key}:{v} 'https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment&pageSize=100'"
        " | jq '.total'",
        hexl(32),
        key=hexl(32),
    ),
    S(
        SH,
        "shipstation_basic_header",
        "> GET /shipments?shipDateStart=2025-03-01 HTTP/1.1\n> Host: ssapi.shipstation.com\n"
        "> Authorization: Basic {v}\n> Accept: */*",
        basic_auth(hexl(32), hexl(32)),
    ),
    S(
        SH,
        "shipstation_v2_headers_dict",
        'SS_HEADERS = {"API-Key": "{v}", "Content-Type": "application/json"}\n'
        'resp = requests.get("https://api.shipstation.com/v2/carriers", headers=SS_HEADERS, timeout=20)',
        b64(43),
    ),
    # ---- secrets: Sendcloud
    S(
        SH,
        "sendcloud_requests_auth",
        "resp = requests.post(\n"
        '    "https://panel.sendcloud.sc/api/v2/parcels",\n'
        '    json={"parcel": parcel},\n'
        '    auth=("{pub}", "{v}"),\n'
        ")",
        hexl(32),
        pub=hexl(32),
    ),
    S(
        SH,
        "sendcloud_php_connection",
        "$connection = new \\Picqer\\Carriers\\SendCloud\\Connection('{pub}', '{v}');\n"
        "$sendcloud = new \\Picqer\\Carriers\\SendCloud\\SendCloud($connection);",
        hexl(32),
        pub=hexl(32),
    ),
    # ---- secrets: AfterShip, Ship24, Easyship
    S(
        SH,
        "aftership_api_key_header",
        "$ curl -X POST https://api.aftership.com/tracking/2024-10/trackings \\\n"
        "  -H 'as-api-key: {v}' -H 'Content-Type: application/json' \\\n"
        '  -d \'{"tracking_number": "{trk}", "slug": "usps"}\'',
        hexl(32),
        trk=usps_tracking,
    ),
    S(
        SH,
        "ship24_fetch_bearer",
        'const res = await fetch("https://api.ship24.com/public/v1/trackers/track", {\n'
        '  method: "POST",\n'
        '  headers: { Authorization: "Bearer {v}", "Content-Type": "application/json; charset=utf-8" },\n'
        '  body: JSON.stringify({ trackingNumber: "{trk}" }),\n'
        "});",
        ship24_key,
        trk=ups_tracking,
    ),
    S(
        SH,
        "ship24_fly_secrets",
        "$ fly secrets set SHIP24_API_KEY={v} -a parcelyard-tracking\nSecrets are staged for the first deployment",
        ship24_key,
    ),
    S(
        SH,
        "easyship_postman_header",
        '      "header": [\n'
        '        { "key": "Authorization", "value": "Bearer {v}", "type": "text" },\n'
        '        { "key": "Content-Type", "value": "application/json", "type": "text" }\n'
        "      ],",
        join("prod_", b64(43), "="),
    ),
    # ---- secrets: FedEx, UPS, DHL, USPS
    S(
        SH,
        "fedex_oauth_form",
        "$ curl -s -X POST https://apis-sandbox.fedex.com/oauth/token \\\n"
        "  -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  -d 'grant_type=client_credentials&client_id={cid}&client_secret={v}'",
        hexl(32),
        cid=join("l7xx", hexl(32)),
    ),
    S(
        SH,
        "fedex_token_output",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3599,"scope":"CXS-TP"}',
        join(JWT_HEAD, "eyJ", b64url(380), ".", b64url(342)),
    ),
    S(
        SH,
        "fedex_soap_user_credential",
        "      <v1:WebAuthenticationDetail>\n        <v1:UserCredential>\n"
        "          <v1:Key>{key}</v1:Key>\n          <v1:Password>{v}</v1:Password>\n"
        "        </v1:UserCredential>\n      </v1:WebAuthenticationDetail>",
        b62(25),
        key=b62(16),
    ),
    S(
        SH,
        "ups_oauth_basic",
        '$ curl -X POST "https://wwwcie.ups.com/security/v1/oauth/token" \\\n'
        '  -H "Content-Type: application/x-www-form-urlencoded" -H "x-merchant-id: {acct}" \\\n'
        '  -u "{cid}:{v}" -d "grant_type=client_credentials"',
        b62(64),
        cid=b62(48),
        acct=upper_alnum(6),
    ),
    S(
        SH,
        "ups_application_yml",
        "carriers:\n  ups:\n    base-url: https://onlinetools.ups.com\n    client-id: {cid}\n"
        "    client-secret: {v}\n    shipper-number: {acct}",
        b62(64),
        cid=b62(48),
        acct=upper_alnum(6),
    ),
    S(
        SH,
        "dhl_api_key_header",
        "$ curl -s 'https://api-eu.dhl.com/track/shipments?trackingNumber={trk}&service=express' -H 'DHL-API-Key: {v}'",
        b62(32),
        trk=digits(10),
    ),
    S(
        SH,
        "usps_consumer_secret_env",
        "$ cat .env.production\nUSPS_BASE_URL=https://apis.usps.com\nUSPS_CONSUMER_KEY={key}\n"
        "USPS_CONSUMER_SECRET={v}\nUSPS_CRID={crid}\nUSPS_MID={mid}",
        b62(16),
        key=b62(48),
        crid=digits(8),
        mid=digits(9),
    ),
    # ---- look-alikes: public ids the docs show beside the keys
    L(
        SH,
        "shippo_object_id",
        '  "object_id": "{v}",\n  "object_owner": "ops@parcelyard.io",\n  "status": "SUCCESS",\n'
        '  "tracking_number": "{trk}",',
        hexl(32),
        trk=join("9205", digits(18)),
    ),
    L(
        SH,
        "easypost_shipment_id",
        "Bought label for order #{ord}: {v} (USPS Priority, $8.42) -> label_url saved to s3://parcelyard-labels/2025/03/",
        join("shp_", hexl(32)),
        ord=digits(5),
    ),
    L(
        SH,
        "lob_publishable_key",
        '<script src="https://cdn.lob.com/lob-address-elements/2.1.3/lob-address-elements.min.js"\n'
        '  data-lob-key="{v}"\n  data-lob-verify-value="strict"></script>',
        join("live_pub_", hexl(31)),
    ),
    L(
        SH,
        "lob_letter_id",
        "✓ letter created  id={v}  expected_delivery_date=2025-03-14  carrier=USPS",
        join("ltr_", hexl(16)),
    ),
    L(
        SH,
        "lob_idempotency_key",
        '$ curl https://api.lob.com/v1/checks -u "$LOB_API_KEY:" -H "Idempotency-Key: {v}"'
        ' -d "bank_account=bank_{bank}" -d "amount=250.00"',
        uuid,
        bank=hexl(15),
    ),
    L(
        SH,
        "shipengine_on_behalf_of",
        '$ curl https://api.shipengine.com/v1/labels -H "API-Key: $SHIPENGINE_PARTNER_KEY"'
        ' -H "On-Behalf-Of: {v}" -H "Content-Type: application/json" -d @label.json',
        digits(6),
    ),
    L(
        SH,
        "shipengine_carrier_id",
        '      "carrier_id": "{v}",\n      "carrier_code": "ups",\n      "account_number": "{acct}",\n'
        '      "nickname": "UPS - warehouse 2",',
        join("se-", digits(7)),
        acct=upper_alnum(6),
    ),
    L(
        SH,
        "aftership_tracking_id",
        "$ curl -s https://api.aftership.com/tracking/2024-10/trackings/{v}"
        " -H \"as-api-key: $AFTERSHIP_API_KEY\" | jq '.data.tag'",
        hexl(32),
    ),
    L(
        SH,
        "ship24_tracker_id",
        '    "tracker": {\n      "trackerId": "{v}",\n      "trackingNumber": "{trk}",\n      "isSubscribed": true,',
        uuid,
        trk=ups_tracking,
    ),
    L(
        SH,
        "ups_tracking_number",
        "Shipment 1 of 3: tracking {v}, service 03 (UPS Ground), billed weight 4.0 LBS",
        ups_tracking,
    ),
    L(
        SH,
        "fedex_transaction_id",
        "$ curl -s -X POST https://apis-sandbox.fedex.com/track/v1/trackingnumbers"
        ' -H "Authorization: Bearer $FEDEX_TOKEN" -H "x-customer-transaction-id: {v}"'
        ' -H "X-locale: en_US" -d @track.json',
        uuid,
    ),
    L(
        SH,
        "shipbob_channel_id",
        '$ curl https://sandbox-api.shipbob.com/2026-01/order -H "Authorization: Bearer $SHIPBOB_PAT"'
        ' -H "shipbob_channel_id: {v}" -d @order.json',
        digits(6),
    ),
    L(
        SH,
        "sendcloud_integration_id",
        "SENDCLOUD_INTEGRATION_ID={v}\nSENDCLOUD_PUBLIC_KEY=${SENDCLOUD_PUBLIC_KEY}\n"
        "SENDCLOUD_SECRET_KEY=${SENDCLOUD_SECRET_KEY}",
        digits(6),
    ),
    # ---- look-alikes: signatures and hashes
    L(
        SH,
        "easypost_hmac_signature",
        "POST /webhooks/easypost 200 in 41ms  x-hmac-signature={v}  event=tracker.updated",
        join("hmac-sha256-hex=", hexl(64)),
    ),
    L(
        SH,
        "sendcloud_signature",
        "INFO webhook received action=parcel_status_changed parcel={pid} Sendcloud-Signature={v} verified=true",
        hexl(64),
        pid=digits(9),
    ),
    L(
        SH,
        "commit_sha",
        "$ git log -1\ncommit {v}\nAuthor: Dana Whitlock <dana@parcelyard.io>\nDate:   Tue Mar 4 10:12:09 2025 +0100\n\n"
        "    carriers: rotate the Shippo live token and read it from Vault",
        hexl(40),
    ),
    L(
        SH,
        "label_checksum",
        "$ sha256sum labels/shp_{sid}.pdf\n{v}  labels/shp_{sid}.pdf",
        hexl(64),
        sid=hexl(32),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        SH,
        "shippo_masked_example",
        "# .env.example (test mode; paste your own token)\nSHIPPO_API_TOKEN={v}",
        join("shippo_test_", "x" * 40),
    ),
    L(
        SH,
        "shipstation_env_ref",
        '$ curl -s -u "{v}" https://ssapi.shipstation.com/stores | jq length',
        const("$SHIPSTATION_API_KEY:$SHIPSTATION_API_SECRET"),
    ),
    L(
        SH,
        "shipstation_masked",
        "API Settings → V2 API\n  Key name: warehouse-sync\n  API Key: {v}\n  Created: 2025-01-08",
        join("*" * 28, b62(4)),
    ),
    L(
        SH,
        "aftership_placeholder",
        "const { AfterShip } = require('aftership');\nconst aftership = new AfterShip('{v}');",
        const("YOUR_API_KEY"),
    ),
    L(
        SH,
        "ship24_env_template",
        "  headers: { Authorization: `Bearer {v}` },",
        const("${process.env.SHIP24_API_KEY}"),
    ),
    L(
        SH,
        "easyship_masked_example",
        "Production tokens look like {v} (copy yours from Connect → API Integration)",
        join("prod_", b62(6), "x" * 27, b62(10), "="),
    ),
    L(
        SH,
        "dhl_gha_secret_ref",
        "      - name: Smoke-test DHL tracking\n        env:\n          DHL_API_KEY: {v}\n"
        "        run: pytest tests/carriers/test_dhl.py -k live",
        const("${{ secrets.DHL_API_KEY }}"),
    ),
    L(
        SH,
        "usps_placeholder",
        "USPS_CONSUMER_KEY=<consumer-key>\nUSPS_CONSUMER_SECRET={v}",
        const("<consumer-secret>"),
    ),
]
