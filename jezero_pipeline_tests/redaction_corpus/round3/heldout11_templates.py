"""An eleventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from three public scanners' descriptions of what they look for and what they leave
alone: mazen160's secrets-patterns-db regex collection (keyword-gated vendor keys whose marker
sits in the middle or at the end, webhook URLs, passwords in JDBC and broker URLs, generic
named-secret rules, and the public ids its low-confidence rules also catch), GoDaddy's
tartufo (its base64/hex entropy checks and the exclusions its docs name: pinned Action SHAs,
digests, its own issue signatures, plus the truffleHog regexes it ships), and Deepfence
SecretScanner's config.yaml (sshpass, Outlook webhooks, .pgpass, .npmrc, docker config,
WP-Config salts, AWS account ids, Facebook client ids, OpenWeather appid). Every value is
generated from the seeded makers in build.py.

First score, blind, before any rule changed for it (at 43508f0): 21 of 24 secrets caught, 1 of 18 look-alikes altered (WordPress salts in
`define()`, a JDBC password holding `&`, an HMAC key in `[]byte(…)`; Slack's documented
webhook example).
"""

from __future__ import annotations

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    groups,
    hexl,
    interleaved,
    join,
    keyboard_run,
    lower_alnum,
    password,
    pick,
    repeated,
    upper_alnum,
    uuid,
)

SPD = "secrets-patterns-db"
TAR = "tartufo"
DF = "deepfence"

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 1, 18, "43508f0")

TEMPLATES = [
    # ---- secrets: deepfence
    S(
        DF,
        "ssh_password",
        "$ sshpass -p '{v}' ssh -o StrictHostKeyChecking=no deploy@10.20.4.17 'sudo systemctl restart ledger'",
        password(16),
    ),
    S(
        DF,
        "outlook_webhook",
        "$ http --ignore-stdin POST 'https://outlook.office.com/webhook/{g}@{t}/IncomingWebhook/{v}/{u}' text='nightly build #412 failed'",
        hexl(32),
        g=uuid,
        t=uuid,
        u=uuid,
    ),
    S(DF, "pgpass", "$ cat ~/.pgpass\nreplica-2.db.internal:5432:ledger:ledger_ro:{v}", password(20)),
    S(DF, "wp_config", "define( 'LOGGED_IN_SALT', '{v}' );", password(64)),
    S(
        DF,
        "docker_config",
        '$ cat ~/.docker/config.json\n{"auths":{"registry.gitlab.com":{"auth":"{v}"}}}',
        b64(42, "=="),
    ),
    S(
        DF,
        "minio_positional",
        "$ mc alias set backups https://minio.storage.lan:9000 {a} {v}",
        b64(40),
        a=upper_alnum(20),
    ),
    S(DF, "npmrc", "$ cat .npmrc\n//registry.npmjs.org/:_authToken={v}", join("npm_", b62(36))),
    S(
        DF,
        "mysql_cli",
        "RUN mariadb -h db -uroot -p{v} inventory < /docker-entrypoint-initdb.d/seed.sql",
        b62(14),
    ),
    # ---- secrets: secrets-patterns-db
    S(
        SPD,
        "telegram_bot",
        '$ wget -qO- "https://api.telegram.org/bot{v}/sendMessage?chat_id=-100{c}&text=backup%20ok"',
        join(digits(10), ":AA", b64url(33)),
        c=digits(10),
    ),
    S(SPD, "bannerbear", 'bb = Bannerbear::Client.new("{v}")', join(b62(22), "tt")),
    S(
        SPD,
        "jdbc",
        "spring.datasource.url=jdbc:sqlserver://sql01.corp.lan:1433;databaseName=billing;user=svc_billing;password={v};encrypt=true",
        password(18),
    ),
    S(SPD, "password_in_url", 'CELERY_BROKER_URL = "amqp://orders:{v}@rabbitmq.orders.svc:5672/prod"', b62(22)),
    S(
        SPD,
        "azure_client_secret",
        'const cca = new ConfidentialClientApplication({ auth: { clientId: "{c}", authority: "https://login.microsoftonline.com/{t}", clientSecret: "{v}" } });',
        join(b62(3), "8Q~", pick(B62 + "_.~-", 34)),
        c=uuid,
        t=uuid,
    ),
    S(SPD, "mailchimp", "const mailchimp = new Mailchimp('{v}');", join(hexl(32), "-us21")),
    S(SPD, "generic_password", '  "usuario": "facturacion", "contraseña": "{v}",', password(16)),
    S(SPD, "generic_password", '  db-pass: "{v}"', password(20)),
    # ---- secrets: tartufo
    S(
        TAR,
        "slack_webhook",
        'requests.post("https://hooks.slack.com/services/T{a}/B{b}/{v}", json={"text": msg}, timeout=5)',
        b62(24),
        a=upper_alnum(10),
        b=upper_alnum(11),
    ),
    S(
        TAR,
        "twitter_access_token",
        'token := oauth1.NewToken("{v}", os.Getenv("TWITTER_ACCESS_SECRET"))',
        join("1", digits(18), "-", b62(40)),
    ),
    S(TAR, "hex_entropy", 'mac := hmac.New(sha256.New, []byte("{v}"))', hexl(64)),
    S(TAR, "base64_entropy", 'cipher = Fernet(b"{v}")', join(b64url(43), "=")),
    S(TAR, "base64_entropy", '      - run: docker login quay.io -u "acme+ci_pusher" -p {v}', upper_alnum(64)),
    S(TAR, "password", 'var creds = new NetworkCredential("svc-reports", "{v}", "CORP");', password(24)),
    S(
        TAR,
        "stream_key",
        "$ ffmpeg -re -i demo.mp4 -c:v libx264 -c:a aac -f flv rtmp://a.rtmp.youtube.com/live2/{v}",
        groups(lower_alnum(4), 5),
    ),
    S(TAR, "discord_webhook", "$hook = 'https://discord.com/api/webhooks/{i}/{v}';", b64url(68), i=digits(19)),
    # ---- look-alikes: deepfence
    L(DF, "aws_account_id", "$ aws sts get-caller-identity --query Account --output text\n{v}", digits(12)),
    L(DF, "facebook_client_id", "<key>FacebookAppID</key><string>{v}</string>", digits(16)),
    L(DF, "image_digest", "FROM node:20-bookworm-slim@sha256:{v}", hexl(64)),
    L(
        DF,
        "placeholder",
        "const res = await fetch(`https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid={v}`);",
        const("<your-api-key>"),
    ),
    L(DF, "key_path", "[defaults]\nprivate_key_file = {v}", const("~/.ssh/deploy_ed25519")),
    L(DF, "ttl", "const val TOKEN_TTL_SECONDS = {v}L", const("86400")),
    # ---- look-alikes: secrets-patterns-db
    L(
        SPD,
        "doc_example",
        "# e.g. SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{v}",
        join("T", repeated(const("0"), 8), "/B", repeated(const("0"), 8), "/", repeated(const("X"), 24)),
    ),
    L(SPD, "placeholder", "MAILCHIMP_API_KEY={v}", join(interleaved(32), "-us6")),
    L(SPD, "publishable_key", '<script>const stripe = Stripe("{v}");</script>', join("pk_live_", b62(99))),
    L(SPD, "request_id", "REPORT RequestId: {v}\tDuration: 12.31 ms\tBilled Duration: 13 ms", uuid),
    L(
        SPD,
        "secret_selector",
        "        - name: STRIPE_SECRET_KEY\n          valueFrom:\n            secretKeyRef:\n              name: payments-env\n              key: {v}",
        const("stripe-secret-key"),
    ),
    L(
        SPD,
        "env_reference",
        'config.action_mailer.smtp_settings = { user_name: "apikey", password: {v}, port: 587 }',
        const('ENV.fetch("SENDGRID_API_KEY")'),
    ),
    # ---- look-alikes: tartufo
    L(TAR, "placeholder", '    when(config.getApiSecret()).thenReturn("{v}");', keyboard_run(32)),
    L(TAR, "placeholder", 'static let apiToken = "{v}"', counting(40)),
    L(TAR, "tenant_id", '$ az login --service-principal -u {a} -p "$AZ_SP_SECRET" --tenant {v}', uuid, a=uuid),
    L(TAR, "pinned_action", "      - uses: actions/cache@{v} # v4.0.2", hexl(40)),
    L(TAR, "issue_signature", '    { signature = "{v}", reason = "fixture key in tests/data/keys.json" },', hexl(64)),
    L(TAR, "template", "  redisPassword: {v}", const("{{ .Values.redis.auth.password | quote }}")),
]
