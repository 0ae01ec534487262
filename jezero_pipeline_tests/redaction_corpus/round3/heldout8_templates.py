"""An eighth held-out set, written before any rule of the speed rework changed, scored once.

Shapes from Google Cloud's Sensitive Data Protection credential infoTypes (auth tokens, basic
auth headers, encryption keys, service-account keys, OAuth client secrets, signed storage URLs,
XSRF tokens, passwords) in the places gcloud, gsutil and client code show them, with the
look-alikes that sit beside them (key ids, project numbers, digests, public certificates).
"""

from __future__ import annotations

from build import L, S, b62, b64, b64url, const, digits, hexl, join, lower_alnum, password, uuid

DLP = "gcp-dlp"

TEMPLATES = [
    # ---- secrets
    S(DLP, "auth_token", "$ gcloud auth print-access-token\n{v}", join("ya29.", b64url(120))),
    S(DLP, "auth_token", 'headers = {{"X-Goog-User-Project": "p", "Authorization": "OAuth {v}"}}', b64url(60)),
    S(DLP, "basic_auth", 'proxy_set_header Authorization "Basic {v}";', b64(32, "==")),
    S(DLP, "encryption_key", "$ gsutil -o 'GSUtil:encryption_key={v}' cp secret.tar gs://bkt/", b64(43, "=")),
    S(DLP, "encryption_key", "--csek-key-file / customer-supplied key: {v}", b64(43, "=")),
    S(DLP, "encryption_key", "kms_key_material = bytes.fromhex('{v}')", hexl(64)),
    S(DLP, "sa_key", '  "private_key_id": "{v}",', hexl(40)),
    S(DLP, "sa_key", "GOOGLE_CREDENTIALS_B64={v}", b64(240, "=")),
    S(
        DLP,
        "oauth_secret",
        '{{"installed":{{"client_id":"1234-abc.apps.googleusercontent.com","client_secret":"{v}"}}}}',
        b62(24),
    ),
    S(
        DLP,
        "oauth_secret",
        "flow = InstalledAppFlow.from_client_config(cfg, scopes)  # secret {v}",
        join("GOCSPX-", b64url(28)),
    ),
    S(
        DLP,
        "signed_url",
        "https://storage.googleapis.com/bkt/report.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p.iam.gserviceaccount.com%2F20240101%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240101T000000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={v}",
        hexl(512),
    ),
    S(
        DLP,
        "signed_url",
        "https://storage.googleapis.com/bkt/a.png?GoogleAccessId=sa@p.iam.gserviceaccount.com&Expires=1700000000&Signature={v}",
        join(b64(170), "%3D%3D"),
    ),
    S(DLP, "xsrf", "X-XSRF-TOKEN: {v}", b64url(40)),
    S(DLP, "xsrf", '<input type="hidden" name="csrfmiddlewaretoken" value="{v}">', b62(64)),
    S(DLP, "password", "mysql> CREATE USER 'report'@'%' IDENTIFIED BY '{v}';", password(14)),
    S(DLP, "password", "$ gcloud sql users set-password postgres --instance=db1 --password={v}", password(18)),
    S(
        DLP,
        "hmac",
        "$ gsutil hmac create sa@p.iam.gserviceaccount.com\nAccess ID:   GOOG1E{a}\nSecret:      {v}",
        b64(40),
        a=b62(55),
    ),
    S(DLP, "cookie", "curl -b 'SID={v}; HSID=AYQEVnDKrdst' https://console.cloud.google.com/", b64url(71)),
    S(
        DLP,
        "api_key_header",
        'curl -H "x-goog-api-key: {v}" https://generativelanguage.googleapis.com/v1/models',
        join("AIza", b64url(35)),
    ),
    S(
        DLP,
        "session",
        "gcloud config set auth/access_token_file /tmp/t && echo {v} > /tmp/t",
        join("ya29.", b64url(80)),
    ),
    S(DLP, "refresh", '  "refresh_token": "{v}",', join("1//0", b64url(60))),
    S(DLP, "jwt", "id_token={v}", join("eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.", b64url(120), ".", b64url(86))),
    # ---- look-alikes
    L(DLP, "project_number", "$ gcloud projects describe app-prod --format='value(projectNumber)'\n{v}", digits(12)),
    L(DLP, "client_id", "GOOGLE_CLIENT_ID={v}", join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")),
    L(DLP, "sa_email", '  "client_email": "{v}",', const("deployer@app-prod.iam.gserviceaccount.com")),
    L(
        DLP,
        "client_x509",
        '  "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/{v}"',
        const("deployer%40app-prod.iam.gserviceaccount.com"),
    ),
    L(
        DLP,
        "key_id_listing",
        "$ gcloud iam service-accounts keys list --iam-account sa@p.iam.gserviceaccount.com\nKEY_ID: {v}",
        hexl(40),
    ),
    L(DLP, "md5", "Hash (md5):   {v}", b64(22, "==")),
    L(DLP, "crc32c", "Hash (crc32c): {v}", b64(6, "==")),
    L(DLP, "generation", "gs://bkt/report.csv#{v}", digits(16)),
    L(DLP, "operation", "Operation [operations/{v}] complete.", join("acat.p2-", digits(12), "-", uuid)),
    L(DLP, "build", "ID: {v}  STATUS: SUCCESS", uuid),
    L(DLP, "digest", "us-docker.pkg.dev/app-prod/api/web@sha256:{v}", hexl(64)),
    L(DLP, "placeholder", "--password={v}", const("PASSWORD")),
    L(DLP, "placeholder", "Authorization: Bearer {v}", const("$(gcloud auth print-access-token)")),
    L(
        DLP,
        "placeholder",
        '"private_key": "{v}"',
        const("-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"),
    ),
    L(
        DLP,
        "secret_ref",
        "  - name: DB_PASSWORD\n    valueFrom: {v}",
        const("projects/app-prod/secrets/db-password/versions/latest"),
    ),
    L(DLP, "trace", "X-Cloud-Trace-Context: {v}/1;o=1", hexl(32)),
    L(DLP, "fingerprint", "fingerprint: {v}", b64(11, "=")),
    L(DLP, "revision", "Service [api] revision [{v}] has been deployed", join("api-00042-", lower_alnum(3))),
    L(DLP, "etag", '"etag": "{v}",', join("BwY", b64url(9), "=")),
    L(DLP, "public_cert", "  kid: {v}", hexl(40)),
]
