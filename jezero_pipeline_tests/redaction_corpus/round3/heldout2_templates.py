"""A second held-out set, written after the first round-3 rules and before any further tuning.

Shapes from Aqua Trivy's built-in secret rules and Thoughtworks Talisman's documented
detectors, with commands, vendors and names that no other round-3 file uses. Scored only by
bench/redaction_loso.py and the floor in test_redaction_round3.py.
"""

from __future__ import annotations

from build import L, S, b62, b64, b64url, const, digits, hexl, hexu, join, lower_alnum, password, upper_alnum, uuid

TV, TA = "trivy", "talisman"

TEMPLATES = [
    # ---- positions: flags nobody named, positional arguments, calls
    S(TV, "flag", "$ curl --oauth2-bearer {v} https://api.example.com/v1/me", b62(40)),
    S(TA, "positional", "$ ftp -n files.example.org <<EOF\nuser backup {v}\nput db.tgz\nEOF", password(14)),
    S(TV, "short_flag", "$ snowsql -a xy12345 -u loader -p {v} -d raw", password(15)),
    S(TA, "positional", "$ mc alias set prod https://s3.example.com {ak} {v}", b62(40), ak=upper_alnum(20)),
    S(TV, "positional", "$ rclone config create r2 s3 access_key_id {ak} secret_access_key {v}", b64(40), ak=hexl(32)),
    S(TA, "constructor", 'conn = S3Connection("{ak}", "{v}")', b64(40), ak=upper_alnum(20)),
    S(TV, "constructor", 'r = Redis("cache.internal", 6379, 0, "{v}")', password(18)),
    S(TA, "constructor", 'l.simple_bind_s("cn=admin,dc=example,dc=org", "{v}")', password(14)),
    S(TV, "constructor", 'mail.login("reports@example.org", "{v}")', password(16)),
    # ---- URL paths
    S(TA, "url_path", "POST https://events.pagerduty.com/integration/{v}/enqueue", hexl(32)),
    S(TV, "url_path", "rtmp://live.restream.io/live/{v}", join("re_", digits(7), "_", hexl(20))),
    S(TA, "url_path", "curl -d 'deploy ok' https://hooks.example-chat.io/services/{v}", b62(24)),
    S(TV, "url_path", "ALERT_URL=https://alerts.example.com/api/v2/push/{v}", b62(16)),
    # ---- vendor formats without a prefix; keys named by the line
    S(TA, "no_prefix", "Datadog app key: {v}", hexl(40)),
    S(TV, "no_prefix", "Algolia Admin API Key: {v}", hexl(32)),
    S(TA, "no_prefix", "x-api-key: {v}", b62(40)),
    S(TV, "no_prefix", "CLOUDFLARE_API_TOKEN={v}", b64url(40)),
    S(TA, "bare_key", "APP_KEY=base64:{v}", b64(43, "=")),
    S(TV, "bare_key", "Private key (hex): {v}", hexl(64)),
    S(TA, "bare_key", "HMAC secret for webhooks -> {v}", b64(43, "=")),
    S(TV, "prefix", "Generated token: ctx_{v}", b62(40)),
    S(TA, "prefix", "export BROWSERBASE_API_KEY=bb_live_{v}", b64url(27)),
    # ---- look-alikes
    L(TV, "path", "$ curl --cacert /etc/ssl/certs/ca.pem https://{v}/health", const("api.example.com")),
    L(TA, "path", "$ rsync --password-file={v} backup@nas::share ./", const("/run/secrets/rsync_pw")),
    L(TV, "named_non_secret", "db_password: {v}", const("!vault |")),
    L(TA, "named_non_secret", "token_uri: {v}", const("https://oauth2.googleapis.com/token")),
    L(TV, "public_id", '"private_key_id": "{v}",', hexl(40)),
    L(TA, "hash", "key fingerprint: SHA256:{v}", b64(43)),
    L(TV, "hash", "$ gpg --recv-keys {v}", hexu(40)),
    L(TA, "hash", '<script src="app.js" integrity="sha384-{v}"></script>', b64(64)),
    L(TV, "uuid", "idempotency_key: {v}", uuid),
    L(TA, "placeholder", 'key = "{v}"', const("XXXXXXXXXXXXXXXXXXXX")),
    L(TV, "placeholder", "NPM_TOKEN: {v}", const("${{ secrets.NPM_TOKEN }}")),
    L(TA, "placeholder", 'secret = "{v}"', const("zyxwvutsrqponmlkjihgfedcba")),
    L(TV, "placeholder", "PIN_SALT={v}", const("9876543210987654")),
    L(TA, "placeholder", "treasury: {v}", const("0x0000000000000000000000000000000000000000")),
    L(TV, "public_id", "wallet address: {v}", join("0x", hexl(40))),
    L(TA, "public_id", "send to {v}", join("bc1q", lower_alnum(38))),
    L(TV, "public_id", "GITHUB_APP_ID={v}", digits(6)),
    L(TA, "public_id", "STRIPE_ACCOUNT=acct_{v}", b62(16)),
    L(TV, "doc_example", "token: {v}", const("<insert-token-here>")),
    L(TA, "hash", "commit {v}\nAuthor: Dev <dev@example.com>", hexl(40)),
]
