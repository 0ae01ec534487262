"""A third held-out set, written after the third tuning batch's rules and before any later change.

Shapes from SonarQube's secrets rules (their compliant and noncompliant examples) and
Checkmarx 2ms's rule list, with commands, vendors and names that no other round-3 file uses.
Scored only by bench/redaction_loso.py and the floor in test_redaction_round3.py.
"""

from __future__ import annotations

from build import L, S, b58, b62, b64, const, hexl, join, password, uuid

SQ, TM = "sonarqube", "2ms"

TEMPLATES = [
    # ---- positions
    S(SQ, "flag", "$ redis-cli -h cache -p 6380 --user default --pass {v}", password(16)),
    S(TM, "positional", '$ mongodump --uri="mongodb://backup:{v}@db:27017/admin"', password(15)),
    S(SQ, "short_flag", "$ smbmap -H 10.0.0.5 -u admin -p {v}", password(14)),
    S(TM, "short_flag", "$ xfreerdp /v:rdp01 /u:admin /p:{v} /cert:ignore", password(13)),
    S(SQ, "positional", "$ impacket-psexec corp/admin:{v}@10.0.0.5", password(14)),
    S(TM, "positional", "$ vault write auth/approle/login role_id={r} secret_id={v}", uuid, r=uuid),
    S(SQ, "flag", "$ openssl pkcs12 -in cert.p12 -nodes -passin pass:{v}", password(15)),
    S(TM, "constructor", 'mj = MailjetClient("{k}", "{v}")', hexl(32), k=hexl(32)),
    S(SQ, "constructor", 'conn = DriverManager.getConnection("jdbc:mysql://db/app", "sa", "{v}");', password(14)),
    S(TM, "constructor", "l.bind_s('uid=svc,ou=people,dc=corp', '{v}')", password(15)),
    # ---- URL paths
    S(SQ, "url_path", "https://webhooks.example.net/hook/{v}", b62(28)),
    S(
        TM,
        "url_path",
        "rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/{v}",
        join("sk_us-west-2_", b62(24)),
    ),
    S(SQ, "url_path", "https://hc-ping.com/{v}", uuid),
    S(TM, "url_path", "https://api.pushover.net/1/messages.json?token={v}&user=u1x2", b62(30)),
    # ---- vendor formats without a prefix; keys named by the line
    S(SQ, "no_prefix", "NEW_RELIC_LICENSE_KEY={v}", hexl(40)),
    S(TM, "no_prefix", "PAGERDUTY_ROUTING_KEY={v}", hexl(32)),
    S(SQ, "no_prefix", "LOGDNA_INGESTION_KEY={v}", hexl(32)),
    S(TM, "bare_key", "master key: {v}", hexl(64)),
    S(SQ, "bare_key", "Master xprv: xprv{v}", b58(107)),
    S(TM, "no_prefix", "JWT_SECRET={v}", b64(64)),
    S(SQ, "no_prefix", '"license": "{v}"', hexl(40)),
    S(TM, "bare_key", "Storage account key1 = {v}", b64(86, "==")),
    # ---- look-alikes
    L(SQ, "placeholder", "AWS_ACCESS_KEY_ID={v}", const("AKIAXXXXXXXXXXXXXXXX")),
    L(TM, "placeholder", 'token = "{v}"', const("your_token_here")),
    L(SQ, "placeholder", "SECRET={v}", const("abcdef0123456789abcdef0123456789")),
    L(TM, "placeholder", "API_KEY={v}", const("1234567890abcdefghijklmnopqrstuv")),
    L(SQ, "placeholder", 'secret = "{v}"', const("a1b2c3d4e5")),
    L(TM, "hash", '  "zh:{v}",', hexl(64)),
    L(SQ, "hash", '  "h1:{v}=",', b64(43)),
    L(TM, "hash", '"checksum": "md5:{v}"', hexl(32)),
    L(SQ, "public_id", "OPENAI_ORG_ID=org-{v}", b62(24)),
    L(TM, "public_id", 'assistant_id: "asst_{v}"', b62(24)),
    L(SQ, "public_id", "x-request-id: req_{v}", hexl(32)),
    L(TM, "public_id", '"id": "chatcmpl-{v}",', b62(29)),
    L(SQ, "public_id", '"tenantId": "{v}"', uuid),
    L(TM, "public_id", 'appId: "wx{v}"', hexl(16)),
    L(SQ, "named_non_secret", "secretKeyRef: {v}", const("{name: app-secrets, key: django-secret}")),
    L(TM, "named_non_secret", "API_KEY={v}", const("${API_KEY:-}")),
    L(SQ, "named_non_secret", "password = {v}", const('input("Password: ")')),
    L(TM, "named_non_secret", "token = {v}", const('request.headers.get("X-Token")')),
    L(SQ, "named_non_secret", "keyfile: {v}", const("/etc/ssl/private/server.key")),
    L(TM, "named_non_secret", "token_auth_method: {v}", const("client_secret_basic")),
    L(SQ, "url", "$ gcloud auth activate-service-account --key-file={v}", const("key.json")),
    L(TM, "public_id", "SENTRY_DSN=https://{v}@o1.ingest.sentry.io/1", hexl(32)),
]
