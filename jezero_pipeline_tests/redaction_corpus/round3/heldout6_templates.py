"""A sixth held-out set, written after the last rule change of the fifth tuning batch, scored once.

Shapes from shhgit's signatures and Auth0's repo-supervisor rules, with commands, vendors and
names that no other round-3 file uses.
"""

from __future__ import annotations

from build import L, S, b58, b62, b64, b64url, const, digits, hexl, join, lower_alnum, password, upper_alnum, uuid

SH, RP = "shhgit", "repo-supervisor"

TEMPLATES = [
    # ---- positions
    S(SH, "short_flag", "$ pg_basebackup -h primary -U replicator -D /var/lib/pg -P -W {v}", password(15)),
    S(RP, "flag", "$ vsce publish -p {v}", b62(52)),
    S(SH, "flag", "$ ovsx publish --pat {v}", uuid),
    S(RP, "flag", "$ heroku container:login --password {v}", uuid),
    S(
        SH,
        "positional",
        "$ gsutil hmac create sa@proj.iam.gserviceaccount.com\nAccess ID: GOOG1E{a}\nSecret:    {v}",
        b64(40),
        a=upper_alnum(55),
    ),
    S(RP, "positional", "$ chpasswd <<< 'deploy:{v}'", password(14)),
    S(
        SH,
        "constructor",
        "r = praw.Reddit(client_id='{c}', client_secret='{v}', user_agent='bot')",
        b64url(30),
        c=b64url(14),
    ),
    S(
        RP,
        "constructor",
        'fb = firebase.FirebaseApplication("https://x.firebaseio.com", FirebaseAuthentication("{v}", "ops@example.com"))',
        b62(40),
    ),
    S(SH, "constructor", 'cli = hvac.Client(url="https://vault:8200", token="{v}")', join("hvs.", b62(24))),
    S(RP, "constructor", "mg = Mailgun(domain='mg.example.com', api_key='{v}')", hexl(32)),
    # ---- URL paths
    S(SH, "url_path", "https://ntfy.example.net/hooks/{v}", b62(20)),
    S(RP, "url_path", "POST https://api.example-crm.com/incoming/webhook/{v}", hexl(40)),
    S(SH, "url_path", "https://gitlab.example.com/api/v4/projects/42/ref/main/trigger/pipeline?token={v}", hexl(40)),
    # ---- vendor formats without a prefix; keys named by the line
    S(RP, "no_prefix", "ONESIGNAL_REST_API_KEY={v}", b64(48)),
    S(SH, "no_prefix", "CONTENTFUL_DELIVERY_TOKEN={v}", b64url(43)),
    S(RP, "no_prefix", "TWITCH_CLIENT_SECRET={v}", lower_alnum(30)),
    S(SH, "bare_key", "vault unseal key (share 1 of 5): {v}", b64(43, "=")),
    S(RP, "bare_key", "signing key -> {v}", hexl(64)),
    S(SH, "bare_key", "WIF: {v}", join("K", b58(51))),
    S(RP, "bare_key", "The admin password is {v}", password(12)),
    S(SH, "prefix", "DEEPGRAM_API_KEY={v}", hexl(40)),
    S(RP, "prefix", "Created API token: lmstd_{v}", b62(36)),
    # ---- look-alikes
    L(SH, "placeholder", "DB_PASS={v}", const("password123password123")),
    L(RP, "placeholder", "api_secret: {v}", const("1q2w3e4r5t6y7u8i9o0p")),
    L(SH, "placeholder", 'TOKEN = "{v}"', const("ZYXWVUTSRQPONMLKJIHG")),
    L(RP, "placeholder", "STRIPE_SECRET_KEY={v}", const("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx")),
    L(SH, "doc_example", "token: {v}", const("ghp_EXAMPLEEXAMPLEEXAMPLEEXAMPLE12")),
    L(RP, "hash", "$ git log -1 --format=%H\n{v}", hexl(40)),
    L(SH, "hash", "image: nginx@sha256:{v}", hexl(64)),
    L(RP, "hash", '"resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz#{v}"', hexl(40)),
    L(SH, "uuid", "DELETE /api/v1/sessions/{v}", uuid),
    L(RP, "public_id", "PAYPAL_CLIENT_ID={v}", b64url(80)),
    L(SH, "public_id", '"measurementId": "G-{v}"', upper_alnum(10)),
    L(RP, "public_id", "AWS_ACCOUNT_ID={v}", digits(12)),
    L(SH, "public_id", 'publishableKey="{v}"', join("pk_live_", b62(32))),
    L(RP, "public_id", "SLACK_CLIENT_ID={v}", join(digits(10), ".", digits(13))),
    L(SH, "named_non_secret", 'loginButton = "{v}"', const("button#login-submit")),
    L(RP, "named_non_secret", "token_endpoint_auth_method: {v}", const("private_key_jwt")),
    L(SH, "named_non_secret", 'password = "{v}"', const("${{ secrets.PROD_DB_PASSWORD }}")),
    L(RP, "named_non_secret", "secret_file: {v}", const("./config/secrets.enc.yaml")),
    L(SH, "named_non_secret", 'apiKeyHeader = "{v}"', const("X-Api-Key")),
    L(RP, "url", "docs: https://developer.example.com/{v}/rotate", const("docs/api-keys")),
]
