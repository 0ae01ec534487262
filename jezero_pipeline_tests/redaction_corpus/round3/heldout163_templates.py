"""A hundred-and-sixty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of regional SMS and messaging gateways, with the public ids
the same pages show beside the keys: Africa's Talking (`username` + `apiKey`, the `apiKey` request
header on `api.africastalking.com/version1/messaging`, the `atsk_` + hex keys and the older 64-hex
keys), Termii (`api_key` in the JSON body and query, `TL` + 60 alphanumerics, numeric
`message_id`), Hubtel (8-letter `clientid`/`clientsecret` in the Quick Send URL or as HTTP Basic,
the docs' `{base64_encode(ClientID:ClientSecret)}` placeholder), Arkesel (`api-key` header on
`/api/v2/sms/send`, `api_key` query on the v1 `sms/api?action=send-sms` URL, base64-looking keys),
MSG91 (`authkey` header / `$authKey`, digits + `A` + alphanumerics; 24-hex template ids), Fast2SMS
(`authorization` query for GET and header for POST, `YOUR_API_KEY`, `request_id`), Semaphore PH
(`apikey` form field, 32 hex, numeric `message_id`), Infobip (`Authorization: App` + 32 hex + `-` +
UUID, the per-account `xxxxx.api.infobip.com` base URL the docs call "not a secret"), Sinch SMS
(`Bearer` API token of 32 hex beside the 32-hex service plan id in the path, ULID batch ids),
Telnyx (v2 `KEY…_…` keys, the ed25519 `TELNYX_PUBLIC_KEY`, messaging profile UUIDs), Plivo
(`MA…` Auth ID with a 40-character Auth Token, `message_uuid`), ClickSend (username + an API key
shaped as an upper-case UUID, upper-case UUID `message_id`s), Vonage (8-hex API key the dashboard
calls a public identifier, 16-character API secret, `vonage auth set` flags and its masked output,
application ids), Gupshup (`apikey` header, 32 hex, the docs' x-masked example) and Textlocal
(`apikey` / `new Textlocal(false, false, key)`, base64 of hex). Lengths for Textlocal keys and
the Telnyx key tail are from memory and public code, not from a vendor page. Every value is
generated here in those shapes; none is copied from a page or a scanner's fixtures.

First score, blind, before any rule changed for it (after the rules for 155 to 159):
25 of 26 secrets caught, 1 of 24 look-alikes altered (missed: Hubtel's eight-letter `clientsecret=`
in a query; altered: Vonage's eight-hex API key (a public identifier) under `VONAGE_API_KEY`).
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
    hexu,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

RS = "regionalsms"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def basic_pair(user, secret):
    """`Basic` credentials: base64 of `user:secret`."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def b64_of(maker, strip: bool = False):
    def make(rng: random.Random) -> str:
        s = base64.b64encode(maker(rng).encode()).decode()
        return s.rstrip("=") if strip else s

    return make


def x_masked_hex(n: int):
    """A hex key with about a third of its characters replaced by `x`, as docs print examples."""

    def make(rng: random.Random) -> str:
        h = list(hexl(n)(rng))
        for i in rng.sample(range(n), n // 3):
            h[i] = "x"
        return "".join(h)

    return make


at_key = join("atsk_", hexl(72))
termii_key = join("TL", b62(60))
hubtel_secret = pick(string.ascii_lowercase, 8)
arkesel_key = b64_of(pick(string.ascii_letters, 20), strip=True)
msg91_key = join(digits(6), "A", b62(17))
telnyx_key = join("KEY01", hexu(30), "_", b64url(22))
plivo_id = join("MA", upper_alnum(18))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 1, 24, "the rules for 155 to 159")

TEMPLATES = [
    # ---- secrets: Africa's Talking
    S(
        RS,
        "africastalking_init",
        'import africastalking\n\nafricastalking.initialize(username="kilimo-alerts", api_key="{v}")\n'
        "sms = africastalking.SMS",
        at_key,
    ),
    S(
        RS,
        "africastalking_header",
        '$ curl -s -X POST https://api.africastalking.com/version1/messaging -H "Accept: application/json"'
        ' -H "apiKey: {v}" -d "username=kilimo-alerts&to=%2B2547{num}&message=Your+order+has+shipped"',
        hexl(64),
        num=digits(8),
    ),
    # ---- secrets: Termii
    S(
        RS,
        "termii_json_body",
        "$ curl -s https://v3.api.termii.com/api/sms/send -H 'Content-Type: application/json'"
        ' -d \'{"to": "234{num}", "from": "Bukka", "sms": "Your code is 482913", "type": "plain",'
        ' "channel": "dnd", "api_key": "{v}"}\'',
        termii_key,
        num=digits(10),
    ),
    S(
        RS,
        "termii_query",
        "2024-06-18 10:42:07 DEBUG httpx  GET https://v3.api.termii.com/api/get-balance?api_key={v}"
        ' "HTTP/1.1 200 OK" {"user": "Bukka Foods", "balance": 1204.5, "currency": "NGN"}',
        termii_key,
    ),
    # ---- secrets: Hubtel
    S(
        RS,
        "hubtel_query_secret",
        '$ curl "https://sms.hubtel.com/v1/messages/send?clientsecret={v}&clientid={cid}&from=Kwikfix'
        '&to=233{num}&content=Your+repair+is+ready"',
        hubtel_secret,
        cid=pick(string.ascii_lowercase, 8),
        num=digits(9),
    ),
    S(
        RS,
        "hubtel_basic",
        "POST /v1/messages/send HTTP/1.1\nHost: sms.hubtel.com\nContent-Type: application/json\n"
        "Authorization: Basic {v}\n\n"
        '{"From": "Kwikfix", "To": "233{num}", "Content": "Your repair is ready"}',
        basic_pair(pick(string.ascii_lowercase, 8), hubtel_secret),
        num=digits(9),
    ),
    # ---- secrets: Arkesel
    S(
        RS,
        "arkesel_header",
        '  const res = await fetch("https://sms.arkesel.com/api/v2/sms/send", {\n    method: "POST",\n'
        '    headers: { "api-key": "{v}", "Content-Type": "application/json" },\n'
        '    body: JSON.stringify({ sender: "TroTro", message, recipients }),\n  });',
        arkesel_key,
    ),
    S(
        RS,
        "arkesel_v1_url",
        "2024-07-03 09:12:44 INFO  sms.gateway  GET https://sms.arkesel.com/sms/api?action=send-sms"
        "&api_key={v}&to=233{num}&from=TroTro&sms=Trip+confirmed -> 200",
        arkesel_key,
        num=digits(9),
    ),
    # ---- secrets: MSG91
    S(
        RS,
        "msg91_authkey_header",
        "$ curl --request POST --url https://control.msg91.com/api/v5/flow --header 'accept: application/json'"
        " --header 'authkey: {v}' --header 'content-type: application/json'"
        ' --data \'{"template_id":"{tid}","short_url":"0","recipients":[{"mobiles":"91{num}","otp":"5521"}]}\'',
        msg91_key,
        tid=hexl(24),
        num=digits(10),
    ),
    S(
        RS,
        "msg91_php",
        '<?php\n    //Your authentication key\n    $authKey = "{v}";\n    $mobileNumber = "91{num}";\n'
        '    $senderId = "SHOPIN";',
        msg91_key,
        num=digits(10),
    ),
    # ---- secrets: Fast2SMS
    S(
        RS,
        "fast2sms_query",
        "$ curl -X GET 'https://www.fast2sms.com/dev/bulkV2?authorization={v}&route=otp&variables_values=7731"
        "&flash=0&numbers={num}'",
        b62(80),
        num=digits(10),
    ),
    S(
        RS,
        "fast2sms_header",
        'headers = {\n    "authorization": "{v}",\n    "Content-Type": "application/x-www-form-urlencoded",\n'
        '    "Cache-Control": "no-cache",\n}\nresponse = requests.post(FAST2SMS_URL, data=payload, headers=headers)',
        b62(80),
    ),
    # ---- secrets: Semaphore (PH)
    S(
        RS,
        "semaphore_form",
        '$ curl --data "apikey={v}&number=0917{num}&message=Your+booking+is+confirmed&sendername=LAKBAY"'
        " https://api.semaphore.co/api/v4/messages",
        hexl(32),
        num=digits(7),
    ),
    S(
        RS,
        "semaphore_dotenv",
        "$ cat .env\nAPP_NAME=Lakbay\nAPP_ENV=production\nSEMAPHORE_API_KEY={v}\nSEMAPHORE_SENDER_NAME=LAKBAY\n"
        "SEMAPHORE_ENDPOINT=https://api.semaphore.co/api/v4",
        hexl(32),
    ),
    # ---- secrets: Infobip
    S(
        RS,
        "infobip_app_header",
        "$ curl -L 'https://{sub}.api.infobip.com/sms/2/text/advanced' -H 'Authorization: App {v}'"
        " -H 'Content-Type: application/json'"
        ' -d \'{"messages":[{"destinations":[{"to":"2348{num}"}],"from":"InfoSMS","text":"Test"}]}\'',
        join(hexl(32), "-", uuid),
        sub=lower_alnum(6),
        num=digits(9),
    ),
    S(
        RS,
        "infobip_sdk",
        'const infobip = new Infobip({\n  baseUrl: "https://{sub}.api.infobip.com",\n  apiKey: "{v}",\n'
        "  authType: AuthType.ApiKey,\n});",
        join(hexl(32), "-", uuid),
        sub=lower_alnum(6),
    ),
    # ---- secrets: Sinch
    S(
        RS,
        "sinch_bearer",
        '$ curl -X POST -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        ' -d \'{"from": "+4479{num}", "to": ["+4479{num2}"], "body": "Hi there"}\''
        ' "https://eu.sms.api.sinch.com/xms/v1/{plan}/batches"',
        hexl(32),
        plan=hexl(32),
        num=digits(8),
        num2=digits(8),
    ),
    # ---- secrets: Telnyx
    S(
        RS,
        "telnyx_python",
        'import telnyx\n\ntelnyx.api_key = "{v}"\n'
        'telnyx.Message.create(from_="+1315{num}", to="+1415{num2}", text="Your table is ready")',
        telnyx_key,
        num=digits(7),
        num2=digits(7),
    ),
    S(
        RS,
        "telnyx_fly_secrets",
        "$ fly secrets set TELNYX_API_KEY={v} TELNYX_MESSAGING_PROFILE_ID={prof} -a dispatch-api\n"
        "Secrets are staged for the first deployment",
        telnyx_key,
        prof=uuid,
    ),
    # ---- secrets: Plivo
    S(
        RS,
        "plivo_client",
        'import plivo\n\nclient = plivo.RestClient(auth_id="{aid}", auth_token="{v}")\n'
        'client.messages.create(src="+1415{num}", dst="+91{num2}", text="Hello from Plivo")',
        b62(40),
        aid=plivo_id,
        num=digits(7),
        num2=digits(10),
    ),
    S(
        RS,
        "plivo_curl_user",
        "$ curl -i --user {aid}:{v} https://api.plivo.com/v1/Account/{aid}/Message/"
        ' -H "Content-Type: application/json" -d \'{"src": "+1415{num}", "dst": "+91{num2}", "text": "Hello"}\'',
        b62(40),
        aid=plivo_id,
        num=digits(7),
        num2=digits(10),
    ),
    # ---- secrets: ClickSend
    S(
        RS,
        "clicksend_yaml",
        "notifications:\n  sms:\n    provider: clicksend\n    username: ops@harbourline.co.nz\n    api_key: {v}\n"
        "    from: HARBOUR",
        upper_uuid,
    ),
    # ---- secrets: Vonage
    S(
        RS,
        "vonage_auth_set",
        "$ vonage auth set --api-key='{key}' --api-secret='{v}' --app-id='{app}' --private-key=./private.key",
        b62(16),
        key=hexl(8),
        app=uuid,
    ),
    S(
        RS,
        "vonage_query",
        '$ curl "https://rest.nexmo.com/account/get-balance?api_key={key}&api_secret={v}"\n'
        '{"value":18.2245,"autoReload":false}',
        b62(16),
        key=hexl(8),
    ),
    # ---- secrets: Gupshup
    S(
        RS,
        "gupshup_apikey_header",
        "$ curl --location 'https://api.gupshup.io/wa/api/v1/msg' --header 'apikey: {v}'"
        " --header 'Content-Type: application/x-www-form-urlencoded' --data-urlencode 'channel=whatsapp'"
        " --data-urlencode 'source=91{num}' --data-urlencode 'src.name=KiranaBot'",
        hexl(32),
        num=digits(10),
    ),
    # ---- secrets: Textlocal
    S(
        RS,
        "textlocal_positional",
        "require('Textlocal.class.php');\n$Textlocal = new Textlocal(false, false, '{v}');\n"
        "$response = $Textlocal->sendSms(array(4479{num}), 'Your parcel is out for delivery', 'Harbour');",
        b64_of(hexl(32)),
        num=digits(8),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        RS,
        "africastalking_env_ref",
        'africastalking.initialize(username=os.environ["AT_USERNAME"], api_key={v})',
        const('os.environ["AT_API_KEY"]'),
    ),
    L(
        RS,
        "africastalking_masked",
        "2024-06-02 07:15:31 INFO  startup  Africa's Talking configured: username=kilimo-alerts env=live key={v}",
        join("atsk_", hexl(5), "...", hexl(4)),
    ),
    L(
        RS,
        "termii_doc_placeholder",
        '{\n  "to": "234{num}",\n  "from": "talert",\n  "sms": "Hi there, testing Termii",\n  "type": "plain",\n'
        '  "channel": "generic",\n  "api_key": "{v}"\n}',
        const("Your API Key"),
        num=digits(10),
    ),
    L(
        RS,
        "hubtel_doc_placeholder",
        "Authenticate every POST with HTTP Basic:\n\nAuthorization: Basic {v}",
        const("{base64_encode(ClientID:ClientSecret)}"),
    ),
    L(
        RS,
        "arkesel_env_ref",
        '    headers: { "api-key": {v}, "Content-Type": "application/json" },',
        const("process.env.ARKESEL_API_KEY"),
    ),
    L(
        RS,
        "fast2sms_doc_placeholder",
        "GET https://www.fast2sms.com/dev/wallet?authorization={v}",
        const("YOUR_API_KEY"),
    ),
    L(
        RS,
        "semaphore_gha_ref",
        "      - name: Send release SMS\n        env:\n          SEMAPHORE_API_KEY: {v}\n"
        "        run: python scripts/notify.py --sender LAKBAY",
        const("${{ secrets.SEMAPHORE_API_KEY }}"),
    ),
    L(
        RS,
        "textlocal_doc_placeholder",
        "\t// Account details\n\t$apiKey = urlencode('{v}');",
        const("Your apiKey"),
    ),
    L(
        RS,
        "vonage_cli_masked",
        "API Key: {key}\nAPI Secret: {v}\nApp ID: {app}\nPrivate Key: Is Set\n✅ Checking API Key Secret\n"
        "✅ Checking App ID and Private Key",
        join(b62(4), "************"),
        key=hexl(8),
        app=uuid,
    ),
    L(
        RS,
        "gupshup_doc_masked",
        "| Name | In | Description | Required | Type | Example |\n"
        "| apikey | header | Your account API key | true | string | {v} |",
        x_masked_hex(32),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        RS,
        "msg91_template_id",
        "$ grep MSG91 .env.example\nMSG91_AUTH_KEY=\nMSG91_TEMPLATE_ID={v}\nMSG91_SENDER_ID=SHOPIN",
        hexl(24),
    ),
    L(
        RS,
        "infobip_base_url",
        "INFOBIP_BASE_URL={v}\nINFOBIP_API_KEY=${INFOBIP_API_KEY:?set in the vault}",
        join("https://", lower_alnum(6), ".api.infobip.com"),
    ),
    L(
        RS,
        "sinch_service_plan",
        '$ curl -s -H "Authorization: Bearer $SINCH_API_TOKEN" https://us.sms.api.sinch.com/xms/v1/{v}/batches?page_size=5',
        hexl(32),
    ),
    L(
        RS,
        "telnyx_public_key",
        "TELNYX_PUBLIC_KEY={v}   # ed25519 public key, only verifies telnyx-signature-ed25519",
        b64(43, "="),
    ),
    L(
        RS,
        "telnyx_profile_id",
        '  "messaging_profile_id": "{v}",\n  "text": "Your driver is 3 minutes away",\n  "type": "SMS"',
        uuid,
    ),
    L(
        RS,
        "vonage_api_key",
        "        env:\n          VONAGE_API_KEY: {v}\n          VONAGE_API_SECRET: ${{ secrets.VONAGE_API_SECRET }}",
        hexl(8),
    ),
    # ---- look-alikes: ids in gateway responses
    L(
        RS,
        "termii_message_id",
        '{"code": "ok", "message_id": "{v}", "message": "Successfully Sent", "balance": 1203.5, "user": "Bukka Foods"}',
        digits(25),
    ),
    L(
        RS,
        "fast2sms_request_id",
        '{"return":true,"request_id":"{v}","message":["SMS sent successfully."]}',
        lower_alnum(15),
    ),
    L(
        RS,
        "semaphore_message_id",
        '[{"message_id": {v}, "user_id": {uid}, "user": "ops@lakbay.ph", "account_id": {acc},'
        ' "recipient": "63917{num}", "sender_name": "LAKBAY", "network": "Globe", "status": "Pending"}]',
        digits(9),
        uid=digits(5),
        acc=digits(5),
        num=digits(7),
    ),
    L(
        RS,
        "sinch_batch_id",
        '{"id": "{v}", "to": ["4479{num}"], "from": "Harbour", "canceled": false, "type": "mt_text"}',
        join("01", pick(CROCKFORD, 24)),
        num=digits(8),
    ),
    L(
        RS,
        "plivo_message_uuid",
        '{"api_id": "{api}", "message": "message(s) queued", "message_uuid": ["{v}"]}',
        uuid,
        api=uuid,
    ),
    L(
        RS,
        "clicksend_message_id",
        '        "direction": "out",\n        "message_id": "{v}",\n        "status": "SUCCESS",',
        upper_uuid,
    ),
    # ---- look-alikes: hashes
    L(
        RS,
        "requirements_hash",
        "africastalking==1.2.8 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        RS,
        "commit_sha",
        "$ git commit -m 'Read TERMII_API_KEY from the environment'\n$ git rev-parse HEAD\n{v}",
        hexl(40),
    ),
]
