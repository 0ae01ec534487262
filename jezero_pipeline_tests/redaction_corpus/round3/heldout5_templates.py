"""A fifth held-out set, written after the last rule change, and scored once.

Shapes from Snyk's hardcoded-secrets rules and JFrog's secrets-detection documentation, with
commands, vendors and names that no other round-3 file uses.
"""

from __future__ import annotations

from build import L, S, b62, b64, b64url, const, digits, hexl, join, lower_alnum, password, upper_alnum, uuid

SN, JF = "snyk", "jfrog"

TEMPLATES = [
    # ---- positions
    S(SN, "short_flag", "$ mysqlslap -h db -u bench -p{v} --concurrency=50", password(14)),
    S(JF, "flag", "$ jf c add prod --url=https://acme.jfrog.io --access-token={v}", b64url(64)),
    S(
        SN,
        "flag",
        "$ kcadm.sh config credentials --server http://kc:8080 --realm master --user admin --password {v}",
        password(15),
    ),
    S(JF, "short_flag", "$ influx auth create -o acme -t {v}", b64url(86)),
    S(SN, "positional", "$ rclone obscure {v}", password(16)),
    S(JF, "positional", "$ echo -n '{v}' | base64", password(18)),
    S(SN, "positional", '$ mongo admin --eval \'db.createUser({user:"ops",pwd:"{v}",roles:["root"]})\'', password(14)),
    S(JF, "constructor", 'api = ApiClient(Configuration(api_key={{"api_key": "{v}"}}))', hexl(32)),
    S(SN, "constructor", 'bot = telebot.AsyncTeleBot("{v}")', join(digits(10), ":AA", b64url(33))),
    S(
        JF,
        "constructor",
        'producer = KafkaProducer(sasl_plain_username="svc", sasl_plain_password="{v}")',
        password(16),
    ),
    S(SN, "constructor", "$pdo = new PDO($dsn, 'app', '{v}');", password(14)),
    # ---- URL paths
    S(JF, "url_path", "https://api.example.com/v2/hooks/{v}/deliveries", b62(30)),
    S(
        SN,
        "url_path",
        "rtmp://a.rtmp.example-video.net/live/{v}",
        join(lower_alnum(4), "-", lower_alnum(4), "-", lower_alnum(4), "-", lower_alnum(4)),
    ),
    S(JF, "url_path", "https://gateway.example.io/ingest/{v}/logs", hexl(32)),
    # ---- vendor formats without a prefix; keys named by the line
    S(SN, "no_prefix", "ROLLBAR_ACCESS_TOKEN={v}", hexl(32)),
    S(JF, "no_prefix", "AMPLITUDE_SECRET_KEY={v}", hexl(32)),
    S(SN, "no_prefix", "PLAID_SECRET={v}", hexl(30)),
    S(
        JF,
        "bare_key",
        "recovery phrase: {v}",
        const("velvet orbit canyon mango swift tiger lunar pepper saddle noble quartz ember"),
    ),
    S(SN, "bare_key", "HMAC key (base64): {v}", b64(44)),
    S(JF, "bare_key", "Your API key: {v}", b62(40)),
    S(SN, "prefix", "RESEND_API_KEY=re_{v}", join(b62(8), "_", b62(24))),
    S(JF, "prefix", "key-{v}", b62(32)),
    # ---- look-alikes
    L(SN, "placeholder", "STRIPE_SECRET_KEY={v}", const("sk_live_your_secret_key")),
    L(JF, "placeholder", 'apiKey: "{v}"', const("1a2b3c4d5e6f7g8h9i0j")),
    L(SN, "placeholder", "password: {v}", const("asdfghjklqwertyu")),
    L(JF, "placeholder", "JWT_SECRET={v}", const("changeme-changeme-changeme")),
    L(SN, "placeholder", "TOKEN={v}", const("0000000000000000000000000000000000000000")),
    L(JF, "hash", "$ shasum -a 256 app.zip\n{v}  app.zip", hexl(64)),
    L(SN, "hash", '"digest": "sha256:{v}"', hexl(64)),
    L(JF, "hash", "[main {v}] Rotate keys", hexl(7)),
    L(SN, "uuid", "trace_id={v}", uuid),
    L(JF, "public_id", "PUSHER_APP_KEY={v}", hexl(20)),
    L(SN, "public_id", "GOOGLE_MAPS_EMBED_ID={v}", b64url(28)),
    L(JF, "public_id", '"account_id": "{v}"', digits(12)),
    L(SN, "public_id", "STRIPE_PUBLISHABLE_KEY={v}", join("pk_test_", b62(99))),
    L(JF, "public_id", "ALGOLIA_APP_ID={v}", upper_alnum(10)),
    L(SN, "named_non_secret", 'tokenField = page.locator("{v}")', const("[data-test=token]")),
    L(JF, "named_non_secret", "secret_key_name: {v}", const("stripe-secret-key")),
    L(SN, "named_non_secret", 'password_reset_path = "{v}"', const("/accounts/password/reset/")),
    L(JF, "named_non_secret", 'password = "{v}"', const("\\\\${DB_PASSWORD}")),
    L(SN, "named_non_secret", "api_key: {v}", const("$(op read op://vault/api/key)")),
    L(JF, "doc_example", "aws_secret_access_key={v}", const("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")),
]
