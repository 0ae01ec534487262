"""A thirty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of email, SMS and voice APIs: SendGrid (`SG.` API keys, the SMTP relay
with the literal user `apikey`, dynamic template ids, the API Keys API's `api_key_id`, the Signed
Event Webhook's ECDSA verification key), Mailgun (legacy `key-` and newer dash-separated private keys,
the `api` basic-auth user, Symfony's `mailgun+api://KEY:DOMAIN` DSN, the SMTP Credentials API, the
HTTP webhook signing key and public validation key, queued message ids), Amazon SES SMTP credentials
(the `smtp_credentials_generate.py` conversion of an IAM secret access key into a version-4 SMTP
password, `aws sesv2 send-email` output), Vonage/Nexmo (8-character `api_key` against `api_secret`,
`vonage auth set`, `.vonagerc`, `vonage apps create` output, application private keys and the JWTs
they sign), Plivo (`MA…` auth id in the Account URL against the auth token), Sinch (project access
keys exchanged at `auth.sinch.com/oauth2/token`, SMS service plan id and API token, Voice application
key and secret, ULID batch ids), MessageBird/Bird (`Authorization: AccessKey`, message ids), Brevo
(`xkeysib-` API keys in the `api-key` header, `xsmtpsib-` SMTP keys and the SMTP login), Resend
(`re_` keys, the create-API-key response, Svix `whsec_` webhook secrets, the `re_xxxxxxxxx`
placeholder), Mandrill (`md-` keys as SMTP passwords, the webhook key behind X-Mandrill-Signature)
and SparkPost (40-hex API keys as the `SMTP_Injection` password, transmission ids), in commands,
config files, tool output and agent prose, with the public ids, references and placeholders the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 33):
21 of 25 secrets caught, 2 of 24 look-alikes altered (missed: a key as a DSN URL's user
(`mailgun+api://KEY:DOMAIN@default`), an SES SMTP password printed by `smtp_credentials_generate.py`, a
webhook key said in prose a few words before `is`, a key in an Exim `client_send` line; altered: a signed
webhook's public verification key, Vonage's 8-hex `api_key`).
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
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

MSG = "msg"

RSA_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"
JWT_RS256_HEADER = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9"
# DER prefix of a P-256 SubjectPublicKeyInfo, up to and including the uncompressed-point marker.
P256_SPKI_PREFIX = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def random_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def mailgun_message_id(rng: random.Random) -> str:
    """The local part of a queued Mailgun message id: a UTC timestamp, a dot and 16 hex digits."""
    stamp = f"2024{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.randrange(24):02d}{rng.randrange(60):02d}"
    return f"{stamp}{rng.randrange(60):02d}.{hexl(16)(rng)}"


def ses_smtp_password(rng: random.Random) -> str:
    """base64(0x04 || HMAC-SHA256 chain): the 44-character SES SMTP password, always starting with `B`."""
    return base64.b64encode(bytes([4]) + random_bytes(rng, 32)).decode()


def sinch_application_secret(rng: random.Random) -> str:
    """Sixteen random bytes in standard base64, the `…==` shape of a Sinch Voice application secret."""
    return base64.b64encode(random_bytes(rng, 16)).decode()


def p256_public_key(rng: random.Random) -> str:
    """A base64 DER SubjectPublicKeyInfo, the shape of SendGrid's signed-webhook verification key."""
    return base64.b64encode(P256_SPKI_PREFIX + random_bytes(rng, 64)).decode()


def rsa_body_escaped(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body as stored in a JSON config, its lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(23)(rng) + "="]
    return "\\n".join(lines)


def vonage_jwt(rng: random.Random) -> str:
    """An RS256 JWT as the Vonage SDKs mint it from an application id and private key."""
    iat = 1_714_000_000 + rng.randrange(20_000_000)
    claims = {"application_id": uuid(rng), "iat": iat, "jti": uuid(rng), "exp": iat + 900}
    payload = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{JWT_RS256_HEADER}.{payload}.{b64url(342)(rng)}"


sendgrid_key = join("SG.", b64url(22), ".", b64url(43))
mailgun_legacy_key = join("key-", hexl(32))
mailgun_key = join(hexl(32), "-", hexl(8), "-", hexl(8))
vonage_api_key = hexl(8)
vonage_api_secret = b62(16)
plivo_auth_id = join("MA", upper_alnum(18))
brevo_smtp_login = join(hexl(6), "001@smtp-brevo.com")
resend_key = join("re_", b62(8), "_", b62(24))
ulid = join("01", pick(CROCKFORD, 24))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 2, 24, "the rules for 24 to 33")

TEMPLATES = [
    # ---- secrets: SendGrid
    S(
        MSG,
        "sendgrid_bearer",
        "$ curl --request POST --url https://api.sendgrid.com/v3/mail/send \\\n"
        '    --header "Authorization: Bearer {v}" \\\n'
        "    --header 'Content-Type: application/json' --data @welcome.json",
        sendgrid_key,
    ),
    S(
        MSG,
        "sendgrid_sasl_passwd",
        "$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:{v}",
        sendgrid_key,
    ),
    # ---- secrets: Mailgun
    S(
        MSG,
        "mailgun_basic_user",
        "$ curl -s --user 'api:{v}' https://api.eu.mailgun.net/v3/mg.brightkite.dev/messages \\\n"
        "    -F from='Brightkite <noreply@mg.brightkite.dev>' -F to=ops@brightkite.dev -F subject='Nightly report'",
        mailgun_legacy_key,
    ),
    S(
        MSG,
        "mailgun_symfony_dsn",
        "MAILER_DSN=mailgun+api://{v}:mg.brightkite.dev@default?region=eu",
        mailgun_key,
    ),
    S(
        MSG,
        "mailgun_webhook_signing_key",
        'ANYMAIL = {\n    "MAILGUN_SENDER_DOMAIN": "mg.brightkite.dev",\n    "MAILGUN_WEBHOOK_SIGNING_KEY": "{v}",\n}',
        hexl(32),
    ),
    S(
        MSG,
        "mailgun_smtp_credential",
        '$ curl -s --user "api:$MAILGUN_API_KEY" https://api.mailgun.net/v3/domains/mg.brightkite.dev/credentials \\\n'
        "    -F login='alerts@mg.brightkite.dev' -F password='{v}'\n"
        '{"message": "Created 1 credentials pair(s)"}',
        password(22),
    ),
    # ---- secrets: Amazon SES SMTP credentials
    S(
        MSG,
        "ses_secret_positional",
        "$ python3 scripts/smtp_credentials_generate.py {v} eu-west-1",
        b64(40),
    ),
    S(
        MSG,
        "ses_smtp_password_output",
        '$ python3 scripts/smtp_credentials_generate.py "$SES_IAM_SECRET" eu-west-1\n{v}',
        ses_smtp_password,
    ),
    # ---- secrets: Vonage / Nexmo
    S(
        MSG,
        "vonage_rest_query",
        "$ curl -X POST https://rest.nexmo.com/sms/json -d from=Brightkite -d to=447700900123 \\\n"
        "    -d text='Your code is 481516' -d api_key={k} -d api_secret={v}",
        vonage_api_secret,
        k=vonage_api_key,
    ),
    S(
        MSG,
        "vonage_auth_set",
        "$ vonage auth set --local --api-key='{k}' --api-secret='{v}' \\\n"
        "    --app-id='{app}' --private-key=./private.key",
        vonage_api_secret,
        k=vonage_api_key,
        app=uuid,
    ),
    S(
        MSG,
        "vonagerc_private_key",
        '$ cat .vonagerc\n{\n  "appId": "{app}",\n'
        '  "privateKey": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n"\n}',
        rsa_body_escaped,
        app=uuid,
    ),
    S(
        MSG,
        "vonage_jwt_bearer",
        '$ curl -X POST https://api.nexmo.com/v1/calls -H "Authorization: Bearer {v}" \\\n'
        "    -H 'Content-Type: application/json' -d @outbound-call.json",
        vonage_jwt,
    ),
    # ---- secrets: Plivo
    S(
        MSG,
        "plivo_client_positional",
        'client = plivo.RestClient("{aid}", "{v}")\n'
        'client.messages.create(src="+14155550100", dst="+14155550123", text="Shipment 4471 is out for delivery")',
        b62(40),
        aid=plivo_auth_id,
    ),
    S(
        MSG,
        "plivo_curl_user",
        "$ curl -i --user {aid}:{v} -H 'Content-Type: application/json' \\\n"
        '    -d \'{"src": "+14155550100", "dst": "+14155550123", "text": "ping"}\' \\\n'
        "    https://api.plivo.com/v1/Account/{aid}/Message/",
        b62(40),
        aid=plivo_auth_id,
    ),
    # ---- secrets: Sinch
    S(
        MSG,
        "sinch_key_secret_user",
        "$ curl https://auth.sinch.com/oauth2/token -d grant_type=client_credentials --user {kid}:{v}",
        b64url(26),
        kid=uuid,
    ),
    S(
        MSG,
        "sinch_sms_api_token",
        "$ curl -X POST https://eu.sms.api.sinch.com/xms/v1/{plan}/batches \\\n"
        '    -H "Authorization: Bearer {v}" -H "Content-Type: application/json" \\\n'
        '    -d \'{"from": "Brightkite", "to": ["46700000001"], "body": "Gate code 2291"}\'',
        hexl(32),
        plan=hexl(32),
    ),
    S(
        MSG,
        "sinch_application_secret",
        "const sinchClient = new SinchClient({\n  applicationKey: '{ak}',\n  applicationSecret: '{v}',\n});",
        sinch_application_secret,
        ak=uuid,
    ),
    # ---- secrets: MessageBird / Bird
    S(
        MSG,
        "messagebird_access_key",
        "$ curl -X POST https://rest.messagebird.com/messages -H 'Authorization: AccessKey {v}' \\\n"
        "    -d recipients=31612345678 -d originator=Brightkite -d body='Courier arriving in 10 minutes'",
        b62(25),
    ),
    # ---- secrets: Brevo
    S(
        MSG,
        "brevo_api_key_header",
        "$ curl --request GET --url https://api.brevo.com/v3/account \\\n"
        "    --header 'accept: application/json' --header 'api-key: {v}'",
        join("xkeysib-", hexl(64), "-", lower_alnum(16)),
    ),
    S(
        MSG,
        "brevo_smtp_dsn",
        "MAILER_DSN=brevo+smtp://{login}:{v}@default",
        join("xsmtpsib-", hexl(64), "-", lower_alnum(16)),
        login=brevo_smtp_login,
    ),
    # ---- secrets: Resend
    S(
        MSG,
        "resend_created_key",
        '$ curl -s -X POST https://api.resend.com/api-keys -H "Authorization: Bearer $RESEND_API_KEY" \\\n'
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"name": "staging-notifier", "permission": "sending_access"}\'\n'
        '{"id":"{id}","token":"{v}"}',
        resend_key,
        id=uuid,
    ),
    S(
        MSG,
        "resend_webhook_secret",
        "notifications:\n  provider: resend\n  from: alerts@notify.brightkite.dev\n  webhook_signing: {v}",
        join("whsec_", b64(32)),
    ),
    # ---- secrets: Mandrill
    S(
        MSG,
        "mandrill_smtp_password",
        "  config.action_mailer.smtp_settings = {\n    address: 'smtp.mandrillapp.com', port: 587,\n"
        "    user_name: 'Brightkite Ops', password: '{v}', authentication: :login\n  }",
        join("md-", b64url(22)),
    ),
    S(
        MSG,
        "mandrill_webhook_key_prose",
        "The Mandrill webhook key shown on the Webhooks page is {v}; I set it as the Anymail webhook key so "
        "X-Mandrill-Signature checks stop failing.",
        b64url(22),
    ),
    # ---- secrets: SparkPost
    S(
        MSG,
        "sparkpost_exim_client_send",
        "sparkpost_login:\n  driver = plaintext\n  public_name = LOGIN\n  client_send = : SMTP_Injection : {v}",
        hexl(40),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        MSG,
        "sendgrid_template_id",
        '{\n  "from": {"email": "noreply@brightkite.dev"},\n  "template_id": "{v}",\n'
        '  "personalizations": [{"to": [{"email": "ops@brightkite.dev"}]}]\n}',
        join("d-", hexl(32)),
    ),
    L(
        MSG,
        "sendgrid_api_key_id",
        "$ curl -s https://api.sendgrid.com/v3/api_keys \\\n"
        "    -H \"Authorization: Bearer $SENDGRID_API_KEY\" | jq '.result[0]'\n"
        '{\n  "name": "ci-mail-send",\n  "api_key_id": "{v}"\n}',
        b64url(22),
    ),
    L(
        MSG,
        "sendgrid_verification_public_key",
        "# Signed Event Webhook: the public half, copied from Mail Settings\nSENDGRID_WEBHOOK_VERIFICATION_KEY={v}",
        p256_public_key,
    ),
    L(
        MSG,
        "mailgun_public_validation_key",
        '<script>window.MAILGUN_PUBLIC_VALIDATION_KEY = "{v}";</script>',
        join("pubkey-", hexl(32)),
    ),
    L(
        MSG,
        "mailgun_message_id",
        '{\n  "id": "<{v}@mg.brightkite.dev>",\n  "message": "Queued. Thank you."\n}',
        mailgun_message_id,
    ),
    L(
        MSG,
        "ses_message_id",
        "$ aws sesv2 send-email --from-email-address noreply@brightkite.dev \\\n"
        "    --destination ToAddresses=ops@brightkite.dev --content file://nightly.json\n"
        '{\n    "MessageId": "{v}"\n}',
        join("0102", hexl(12), "-", hexl(8), "-", hexl(4), "-", hexl(4), "-", hexl(4), "-", hexl(12), "-000000"),
    ),
    L(
        MSG,
        "vonage_api_key",
        "# .env.example\nVONAGE_API_KEY={v}\nVONAGE_API_SECRET=   # from the team vault, never committed",
        vonage_api_key,
    ),
    L(
        MSG,
        "vonage_application_id",
        "$ vonage apps create 'Courier voice'\n✅ Creating Application\nSaving private key ... Done!\n"
        "Application created\nName: Courier voice\nApplication ID: {v}\nPrivate/Public Key: Set",
        uuid,
    ),
    L(
        MSG,
        "vonage_masked_secret",
        "$ vonage auth show\nAPI Secret: {v}\nPrivate Key: Is Set\n✅ Checking API Key Secret",
        join(lower_alnum(4), "************"),
    ),
    L(
        MSG,
        "vonage_private_key_path",
        "VONAGE_PRIVATE_KEY_PATH={v}",
        join("./keys/", uuid, "_private.key"),
    ),
    L(
        MSG,
        "plivo_auth_id_url",
        "2024-05-11T09:14:03Z INFO sms.send POST https://api.plivo.com/v1/Account/{v}/Message/ -> 202 Accepted",
        plivo_auth_id,
    ),
    L(
        MSG,
        "sinch_service_plan_id",
        "$ curl https://eu.sms.api.sinch.com/xms/v1/{v}/batches?page_size=5 \\\n"
        '    -H "Authorization: Bearer $SINCH_API_TOKEN"',
        hexl(32),
    ),
    L(
        MSG,
        "sinch_batch_id",
        '{\n  "id": "{v}",\n  "to": ["46700000001"],\n  "from": "Brightkite",\n  "canceled": false,\n'
        '  "type": "mt_text"\n}',
        ulid,
    ),
    L(
        MSG,
        "messagebird_message_id",
        '{"id":"{v}","direction":"mt","type":"sms","originator":"Brightkite","recipients":{"totalCount":1}}',
        hexl(32),
    ),
    L(
        MSG,
        "brevo_smtp_login",
        "| SMTP server | smtp-relay.brevo.com |\n| Port        | 587                  |\n| Login       | {v} |",
        brevo_smtp_login,
    ),
    L(
        MSG,
        "sparkpost_transmission_id",
        '{"results": {"total_rejected_recipients": 0, "total_accepted_recipients": 1, "id": "{v}"}}',
        join("7", digits(16)),
    ),
    # ---- look-alikes: placeholders, references, names
    L(
        MSG,
        "resend_placeholder",
        "import { Resend } from 'resend';\n\nconst resend = new Resend('{v}');",
        const("re_xxxxxxxxx"),
    ),
    L(
        MSG,
        "placeholder",
        "# .env.example (copy to .env and fill in)\nSINCH_SERVICE_PLAN_ID=YOUR_service_plan_id\nSINCH_API_TOKEN={v}",
        const("YOUR_api_token"),
    ),
    L(
        MSG,
        "placeholder",
        "PLIVO_AUTH_ID=MAXXXXXXXXXXXXXXXXXX\nPLIVO_AUTH_TOKEN={v}",
        interleaved(40),
    ),
    L(
        MSG,
        "gha_secret_ref",
        "      - name: Send release mail\n        env:\n          SENDGRID_API_KEY: {v}\n"
        "        run: python scripts/release_mail.py",
        const("${{ secrets.SENDGRID_API_KEY }}"),
    ),
    L(
        MSG,
        "env_ref_in_user",
        "$ curl -s --user \"api:{v}\" https://api.mailgun.net/v3/domains | jq -r '.items[].name'",
        const("${MAILGUN_API_KEY:?export it first}"),
    ),
    L(
        MSG,
        "op_reference",
        "RESEND_API_KEY={v}\n$ op run --env-file=.env -- npm run send:digest",
        const("op://Platform/Resend/credential"),
    ),
    L(
        MSG,
        "secret_names",
        "$ gh secret list\nBREVO_API_KEY\tUpdated 2024-05-12\n{v}\tUpdated 2024-05-12",
        const("BREVO_SMTP_KEY"),
    ),
    L(
        MSG,
        "commit_sha",
        "$ git log -1 --format=%H -- config/mailer.yaml\n{v}",
        hexl(40),
    ),
]
