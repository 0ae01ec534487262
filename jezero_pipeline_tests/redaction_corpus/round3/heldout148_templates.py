"""A hundred-and-forty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of transactional email and print-mail infrastructure beyond the big
names: Postal (the `X-Server-API-Key` header of its HTTP API, SMTP credentials, `postal.yml`'s
`rails.secret_key`, its DKIM record), mailcow (`mailcow.conf`'s `API_KEY` and its placeholder, the
`X-API-Key` header of its REST API and the mailbox JSON it takes), Haraka (`auth_flat_file.ini`,
`smtp_forward.ini`), Stalwart (the first-run administrator banner, `stalwart-cli --credentials`,
`%{env:…}%` macros in `config.toml`), MailerSend (`mlsn.` API tokens, SMTP users and passwords),
SMTP2GO (`api-` keys in the JSON body of `/v3/email/send`, `email_id`s), Elastic Email
(`X-ElasticEmail-ApiKey`, the Python SDK), Mailjet (API key and secret key pairs under basic auth
and in `mailjet_rest.Client`), SparkPost (a bare `Authorization` header, `SMTP_Injection` relay
credentials), Loops (`LoopsClient`, transactional ids), Resend (`re_` keys, SMTP user `resend`),
Plunk (`sk_` secret and `pk_` public keys), PostGrid (`live_sk_`/`live_pk_` keys, `letter_` ids),
Stannp (the API key as basic-auth user with an empty password) and ClickSend (username plus an
upper-case UUID API key, and message ids of the same shape), in commands, config files, code and
tool output, with the public ids, masks, placeholders and references the same documentation shows
beside them. The documentation search was unavailable while this was written (its budget was spent),
so the shapes follow the author's memory of those public docs rather than a fresh reading.

First score, blind, before any rule changed for it (after the rules for 140 to 144):
23 of 25 secrets caught, 1 of 25 look-alikes altered (missed: Haraka's `auth_flat_file.ini`
`user=password` under `[users]`, a Postfix `sasl_passwd` line `[host]:587 user:<key>`; altered:
Stalwart's `%{env:NAME}%` macro; written from memory).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    uuid,
)

MAIL = "txmail"

DKIM_HEAD = "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ"


def upper_uuid(rng) -> str:
    return uuid(rng).upper()


resend_key = join("re_", b62(8), "_", b62(24))
smtp2go_key = join("api-", hexu(32))
mailersend_token = join("mlsn.", hexl(64))
elastic_key = hexu(96)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 25, "the rules for 140 to 144")

TEMPLATES: list = [
    # ---- secrets: Postal
    S(
        MAIL,
        "postal_api_header",
        "$ curl -s -X POST https://postal.brightkite.dev/api/v1/send/message \\\n"
        '    -H "X-Server-API-Key: {v}" -H "Content-Type: application/json" \\\n'
        '    -d \'{"to":["ops@brightkite.dev"],"from":"noreply@brightkite.dev","subject":"smoke","plain_body":"ok"}\'',
        b62(24),
    ),
    S(
        MAIL,
        "postal_rails_secret",
        "$ cat /opt/postal/config/postal.yml\nversion: 2\npostal:\n  web_hostname: postal.brightkite.dev\n"
        "main_db:\n  host: 127.0.0.1\n  username: postal\nrails:\n  secret_key: {v}",
        hexl(128),
    ),
    S(
        MAIL,
        "postal_smtp_spring_xml",
        '    <bean id="mailSender" class="org.springframework.mail.javamail.JavaMailSenderImpl">\n'
        '        <property name="host" value="postal.brightkite.dev"/>\n'
        '        <property name="port" value="25"/>\n'
        '        <property name="username" value="brightkite/transactional"/>\n'
        '        <property name="password" value="{v}"/>\n    </bean>',
        b62(24),
    ),
    # ---- secrets: mailcow
    S(
        MAIL,
        "mailcow_conf_api_key",
        "# Create or override API key for web UI\nAPI_KEY={v}\nAPI_ALLOW_FROM=172.22.1.1,127.0.0.1",
        groups(hexu(6), 5),
    ),
    S(
        MAIL,
        "mailcow_mailbox_password",
        '$ curl -s -X POST https://mail.brightkite.dev/api/v1/add/mailbox -H "X-API-Key: $MAILCOW_API_KEY"'
        ' -H "Content-Type: application/json" -d \'{"local_part":"billing","domain":"brightkite.dev",'
        '"name":"Billing","quota":"3072","password":"{v}","password2":"{v}","active":"1"}\'',
        password(16),
    ),
    # ---- secrets: Haraka
    S(
        MAIL,
        "haraka_auth_flat_file",
        "$ cat config/auth_flat_file.ini\n[core]\nmethods=PLAIN,LOGIN,CRAM-MD5\n\n[users]\nrelay-app={v}",
        password(18),
    ),
    S(
        MAIL,
        "haraka_smtp_forward",
        "; config/smtp_forward.ini\nhost=smtp.smtp2go.com\nport=2525\nenable_tls=true\nauth_type=plain\n"
        "auth_user=haraka@brightkite.dev\nauth_pass={v}",
        b62(20),
    ),
    # ---- secrets: Stalwart
    S(
        MAIL,
        "stalwart_install_banner",
        "$ curl --proto '=https' --tlsv1.2 -sSf https://get.stalw.art/install.sh -o install.sh && sudo sh install.sh\n"
        "...\n🔑 Your administrator account is 'admin' with password '{v}'.",
        b62(10),
    ),
    S(
        MAIL,
        "stalwart_cli_credentials",
        "$ stalwart-cli --url https://mail.brightkite.dev:443 --credentials admin:{v} account list",
        password(14),
    ),
    # ---- secrets: MailerSend
    S(
        MAIL,
        "mailersend_client_js",
        'import { MailerSend, EmailParams, Sender } from "mailersend";\n\n'
        'const mailerSend = new MailerSend({\n  apiKey: "{v}",\n});',
        mailersend_token,
    ),
    S(
        MAIL,
        "mailersend_smtp_env",
        "MAIL_MAILER=smtp\nMAIL_HOST=smtp.mailersend.net\nMAIL_PORT=587\n"
        "MAIL_USERNAME=MS_{user}@trial-{dom}.mlsender.net\nMAIL_PASSWORD={v}\nMAIL_ENCRYPTION=tls",
        join("mssp.", b62(7), ".", lower_alnum(28), ".", b62(7)),
        note="SMTP password shape from memory of the MailerSend domain SMTP page",
        user=b62(6),
        dom=lower_alnum(16),
    ),
    # ---- secrets: SMTP2GO
    S(
        MAIL,
        "smtp2go_json_body",
        "$ curl -s https://api.smtp2go.com/v3/email/send -H 'Content-Type: application/json' -d '{\n"
        '  "api_key": "{v}",\n  "to": ["<ops@brightkite.dev>"],\n  "sender": "Brightkite <noreply@brightkite.dev>",\n'
        '  "subject": "nightly report",\n  "text_body": "attached"\n}\'',
        smtp2go_key,
    ),
    # ---- secrets: Elastic Email
    S(
        MAIL,
        "elastic_email_header",
        "$ curl -s https://api.elasticemail.com/v4/emails/transactional -X POST \\\n"
        "  -H 'X-ElasticEmail-ApiKey: {v}' -H 'Content-Type: application/json' --data @payload.json",
        elastic_key,
    ),
    S(
        MAIL,
        "elastic_email_python_sdk",
        "configuration = ElasticEmail.Configuration()\nconfiguration.api_key['apikey'] = '{v}'\n"
        "with ElasticEmail.ApiClient(configuration) as api_client:",
        elastic_key,
    ),
    # ---- secrets: Mailjet (the secret half of the pair)
    S(
        MAIL,
        "mailjet_basic_user",
        '$ curl -s -X POST --user "{pub}:{v}" https://api.mailjet.com/v3.1/send'
        " -H 'Content-Type: application/json' -d @message.json",
        hexl(32),
        pub=hexl(32),
    ),
    S(
        MAIL,
        "mailjet_python_client",
        "from mailjet_rest import Client\n\n"
        'mailjet = Client(auth=("{pub}", "{v}"), version="v3.1")\nresult = mailjet.send.create(data=data)',
        hexl(32),
        pub=hexl(32),
    ),
    # ---- secrets: SparkPost
    S(
        MAIL,
        "sparkpost_auth_header",
        "$ curl -s https://api.sparkpost.com/api/v1/transmissions?num_rcpt_errors=3 \\\n"
        '  -H "Authorization: {v}" -H "Content-Type: application/json" -d @transmission.json',
        hexl(40),
    ),
    S(
        MAIL,
        "sparkpost_sasl_passwd",
        "$ sudo cat /etc/postfix/sasl_passwd\n[smtp.sparkpostmail.com]:587 SMTP_Injection:{v}",
        hexl(40),
    ),
    # ---- secrets: Loops, Resend, Plunk
    S(
        MAIL,
        "loops_client",
        'import { LoopsClient } from "loops";\n\nconst loops = new LoopsClient("{v}");',
        hexl(32),
    ),
    S(
        MAIL,
        "resend_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mailer-env\n  namespace: notifications\n"
        "type: Opaque\nstringData:\n  RESEND_API_KEY: {v}\n  MAIL_FROM: noreply@brightkite.dev",
        resend_key,
    ),
    S(
        MAIL,
        "resend_smtp_nodemailer",
        "const transporter = nodemailer.createTransport({\n  host: 'smtp.resend.com',\n  secure: true,\n"
        "  port: 465,\n  auth: { user: 'resend', pass: '{v}' },\n});",
        resend_key,
    ),
    S(
        MAIL,
        "plunk_bearer",
        "> Tool result (http_request):\nPOST https://api.useplunk.com/v1/send\n"
        "Authorization: Bearer {v}\nContent-Type: application/json\n\n201 Created",
        join("sk_", hexl(48)),
    ),
    # ---- secrets: print-mail (PostGrid, Stannp, ClickSend)
    S(
        MAIL,
        "postgrid_api_key_header",
        "$ curl https://api.postgrid.com/print-mail/v1/letters -H 'x-api-key: {v}' \\\n"
        "  -d to=contact_{to} -d from=contact_{frm} -d template=template_{tpl} -d addressPlacement=top_first_page",
        join("live_sk_", b62(22)),
        to=b62(22),
        frm=b62(22),
        tpl=b62(22),
    ),
    S(
        MAIL,
        "stannp_basic_user",
        "$ curl https://api-eu1.stannp.com/v1/letters/create -u {v}: \\\n"
        '  -F test=true -F template=0 -F "recipient[firstname]=Ada" -F "recipient[postcode]=SW1A 1AA"',
        hexl(32),
    ),
    S(
        MAIL,
        "clicksend_sdk_password",
        "configuration = clicksend_client.Configuration()\nconfiguration.username = 'ops@brightkite.dev'\n"
        "configuration.password = '{v}'\napi_instance = clicksend_client.PostLetterApi(clicksend_client.ApiClient(configuration))",
        upper_uuid,
    ),
    # ---- look-alikes: public keys, resource ids and message ids
    L(
        MAIL,
        "postal_dkim_public_key",
        'postal-{sel}._domainkey.brightkite.dev. 3600 IN TXT "v=DKIM1; t=s; h=sha256; p={v};"',
        join(DKIM_HEAD, b64(171), "wIDAQAB"),
        sel=lower_alnum(6),
    ),
    L(
        MAIL,
        "postal_message_id",
        '{"status":"success","time":0.07,"flags":{},"data":{"message_id":"{v}@rp.postal.brightkite.dev",'
        '"messages":{"ops@brightkite.dev":{"id":{num}}}}}',
        uuid,
        num=digits(5),
    ),
    L(
        MAIL,
        "mailersend_template_id",
        'emailParams.setTemplateId("{v}").setPersonalization(personalization);',
        lower_alnum(15),
    ),
    L(
        MAIL,
        "smtp2go_email_id",
        '{"request_id": "{rid}", "data": {"succeeded": 1, "failed": 0, "failures": [], "email_id": "{v}"}}',
        join(b62(6), "-", b62(6), "-", b62(2)),
        rid=uuid,
    ),
    L(
        MAIL,
        "elastic_transaction_id",
        '{"TransactionID":"{v}","MessageID":"{mid}"}',
        uuid,
        mid=b62(22),
    ),
    L(
        MAIL,
        "mailjet_message_uuid",
        '          "Email": "ops@brightkite.dev",\n          "MessageUUID": "{v}",\n'
        '          "MessageID": 2882303{mid},\n          "MessageHref": "https://api.mailjet.com/v3/REST/message/2882303{mid}"',
        uuid,
        mid=digits(10),
    ),
    L(
        MAIL,
        "sparkpost_transmission_id",
        '{"results":{"total_rejected_recipients":0,"total_accepted_recipients":1,"id":"{v}"}}',
        digits(17),
    ),
    L(
        MAIL,
        "loops_transactional_id",
        'await loops.sendTransactionalEmail({\n  transactionalId: "{v}",\n  email: "ada@brightkite.dev",\n'
        "  dataVariables: { loginUrl },\n});",
        join("cl", lower_alnum(23)),
    ),
    L(
        MAIL,
        "resend_email_id",
        "$ node scripts/send-welcome.mjs\n{ data: { id: '{v}' }, error: null }",
        uuid,
    ),
    L(
        MAIL,
        "plunk_public_key",
        '<script>\n  window.plunk = { publicKey: "{v}" }; // public key: only for /v1/track from the browser\n</script>',
        join("pk_", hexl(48)),
    ),
    L(
        MAIL,
        "postgrid_letter_id",
        '{\n  "id": "{v}",\n  "object": "letter",\n  "live": false,\n  "status": "ready",\n  "sendDate": "2024-06-03T00:00:00.000Z"',
        join("letter_", b62(22)),
    ),
    L(
        MAIL,
        "postgrid_publishable_key",
        '// address autocomplete runs in the browser with the public key\nconst AV_PUBLIC_KEY = "{v}";',
        join("live_pk_", b62(22)),
    ),
    L(
        MAIL,
        "clicksend_message_id",
        '    "data": {\n        "message_id": "{v}",\n        "status": "SUCCESS",\n        "post_pages": 2,',
        upper_uuid,
    ),
    # ---- look-alikes: hashes
    L(
        MAIL,
        "postal_image_digest",
        "$ docker pull ghcr.io/postalserver/postal:3.3.4\n3.3.4: Pulling from postalserver/postal\nDigest: sha256:{v}",
        hexl(64),
    ),
    L(
        MAIL,
        "mailcow_commit_sha",
        "$ cd /opt/mailcow-dockerized && ./update.sh --check\nChecking remote code for updates...\n"
        "Updated code is available.\nThe changes can be found here: https://github.com/mailcow/mailcow-dockerized/commit/{v}",
        hexl(40),
    ),
    # ---- look-alikes: references, masks and placeholders
    L(
        MAIL,
        "mailcow_env_ref",
        'curl -s https://mail.brightkite.dev/api/v1/get/domain/all -H "X-API-Key: {v}"',
        const("${MAILCOW_API_KEY}"),
    ),
    L(
        MAIL,
        "mailcow_placeholder",
        "# mailcow.conf: generate the key in the UI (Configuration > Access > API)\nAPI_KEY={v}",
        const("XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX"),
    ),
    L(
        MAIL,
        "stalwart_env_macro",
        '[authentication.fallback-admin]\nuser = "admin"\nsecret = "{v}"',
        const("%{env:STALWART_ADMIN_SECRET}%"),
    ),
    L(
        MAIL,
        "mailersend_masked",
        "Token name: production-sender   Scope: Email full access   Token: {v}",
        join("mlsn.", const("*" * 60), hexl(4)),
    ),
    L(
        MAIL,
        "mailjet_gha_secret_ref",
        "      - run: python scripts/notify.py\n        env:\n          MJ_APIKEY_PUBLIC: ${{ vars.MJ_APIKEY_PUBLIC }}\n"
        "          MJ_APIKEY_PRIVATE: {v}",
        const("${{ secrets.MJ_APIKEY_PRIVATE }}"),
    ),
    L(
        MAIL,
        "sparkpost_placeholder",
        "# .env.example\nSPARKPOST_API_KEY={v}\nSPARKPOST_SENDING_DOMAIN=mail.example.com",
        const("<your-api-key>"),
    ),
    L(
        MAIL,
        "resend_placeholder",
        "import { Resend } from 'resend';\n\nconst resend = new Resend('{v}'); // replace with your key",
        const("re_xxxxxxxxx"),
    ),
    L(
        MAIL,
        "stannp_getenv",
        "$ch = curl_init('https://api-eu1.stannp.com/v1/users/me');\ncurl_setopt($ch, CURLOPT_USERPWD, {v} . ':');",
        const("getenv('STANNP_API_KEY')"),
    ),
    L(
        MAIL,
        "clicksend_masked",
        "ClickSend account: ops@brightkite.dev  (API key {v})",
        join("********-****-****-****-********", hexu(4)),
    ),
    L(
        MAIL,
        "smtp2go_placeholder",
        '  "api_key": "{v}",',
        const("api-YOUR_API_KEY_HERE"),
    ),
]
