"""A fourth held-out set, written last, after every rule change, and scored once.

Shapes from Microsoft CredScan's documented searchers and Check Point Spectral's detector
list, with commands, vendors and names that no other round-3 file uses. Heldout 1 to 3 were
written before some of the rules and their contents were known while later rules were
written; this one was not, so it is the clean measure.
"""

from __future__ import annotations

from build import L, S, b62, b64, b64url, const, digits, hexl, join, lower_alnum, password, upper_alnum, uuid

CR, SP = "credscan", "spectral"

TEMPLATES = [
    # ---- positions
    S(CR, "short_flag", "$ sshfs -o password_stdin backup@nas:/vol /mnt <<< '{v}'", password(15)),
    S(SP, "short_flag", "$ pgbench -h db -U bench -W {v} bench", password(14)),
    S(CR, "flag", "$ az acr login --name acmeregistry --username acme --password {v}", b64(32)),
    S(SP, "flag", "$ skopeo copy --dest-creds ci:{v} docker://a docker://b", password(16)),
    S(CR, "positional", "$ rabbitmqadmin -u admin -p {v} list queues", password(14)),
    S(
        SP,
        "positional",
        "$ umount /mnt/share && mount -t cifs //fs/share /mnt/share -o username=bob,password={v}",
        password(13),
    ),
    S(CR, "constructor", 'client = ImapClient("imap.example.org", "ops@example.org", "{v}")', password(16)),
    S(SP, "constructor", 'c = pysnmp.CommunityData("{v}")', password(12)),
    S(CR, "constructor", 'sftp = pysftp.Connection("files", username="etl", password="{v}")', password(15)),
    S(SP, "constructor", 'hub = Hub(user="svc", token="{v}")', b62(36)),
    # ---- URL paths
    S(CR, "url_path", "https://notify.example.io/api/notify/{v}", b62(26)),
    S(SP, "url_path", "rtmp://ingest.globalcontribute.example.tv/live/{v}", join("live_", digits(8), "_", b62(28))),
    S(CR, "url_path", "https://example.com/incoming/{v}", b62(32)),
    # ---- vendor formats without a prefix; keys named by the line
    S(SP, "no_prefix", "MAILJET_SECRET_KEY={v}", hexl(32)),
    S(CR, "no_prefix", "SPLUNK_HEC_TOKEN={v}", uuid),
    S(SP, "no_prefix", "DD_APP_KEY={v}", hexl(40)),
    S(CR, "no_prefix", "ocp-apim-subscription-key={v}", hexl(32)),
    S(SP, "bare_key", "Shared secret: {v}", b64(44)),
    S(CR, "bare_key", "Generated password for admin: {v}", password(20)),
    S(SP, "bare_key", "Account key => {v}", b64(86, "==")),
    S(CR, "prefix", "ZAPIER_NLA_KEY=sk-ak-{v}", b62(32)),
    S(SP, "prefix", "TURSO_TOKEN=tur_{v}", b64url(40)),
    # ---- look-alikes
    L(CR, "placeholder", "DB_PASSWORD={v}", const("<db-password>")),
    L(SP, "placeholder", 'API_TOKEN = "{v}"', const("0123456789ABCDEFGHIJ")),
    L(CR, "placeholder", "secret: {v}", const("qazwsxedcrfvtgbyhn")),
    L(SP, "placeholder", "AUTH_TOKEN={v}", const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")),
    L(CR, "doc_example", "TWILIO_AUTH_TOKEN={v}", const("your_auth_token")),
    L(SP, "hash", "$ git cat-file -p {v}", hexl(40)),
    L(CR, "hash", '"contentHash": "{v}"', b64(43, "=")),
    L(SP, "hash", 'ETag: W/"{v}"', hexl(32)),
    L(CR, "uuid", "correlation-id: {v}", uuid),
    L(SP, "public_id", "AZURE_SUBSCRIPTION_ID={v}", uuid),
    L(CR, "public_id", '"client_id": "{v}"', lower_alnum(24)),
    L(SP, "public_id", "MAPBOX_PUBLIC_TOKEN={v}", join("pk.eyJ1Ijoi", b64url(40), ".", b64url(22))),
    L(CR, "public_id", "FIREBASE_PROJECT_NUMBER={v}", digits(12)),
    L(SP, "public_id", 'gtag("config", "{v}");', join("G-", upper_alnum(10))),
    L(CR, "named_non_secret", 'password_field = "{v}"', const("#signup-password")),
    L(SP, "named_non_secret", "token_path: {v}", const("/var/run/secrets/kubernetes.io/serviceaccount/token")),
    L(CR, "named_non_secret", "secret: {v}", const("'\"{{ .Values.secret }}\"'")),
    L(SP, "named_non_secret", "api_key_param = {v}", const('"api_key"')),
    L(CR, "named_non_secret", "auth_url = {v}", const('"https://auth.example.com/oauth/authorize"')),
    L(SP, "url", "https://github.com/acme/api/blob/{v}/README.md", hexl(40)),
]
