"""A tenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from two public scanners' descriptions of credentials: Datadog Sensitive Data Scanner's
library rules in the Secrets and credentials category (Twilio, Mailgun, Mailchimp, NuGet, Azure
DevOps, Azure AD and Azure Functions keys, Discord and Slack webhooks, Telegram bot tokens,
Twitch stream keys, Heroku API keys, SQL Server connection strings, mail app passwords) and
Amazon Macie's managed data identifiers for credentials (AWS secret access key with its keywords
such as set-awscredential and secret key, Google Cloud API key, HTTP Basic Authorization header,
JSON Web Token, PuTTY and PKCS private key material, Stripe keys, and the fictitious EXAMPLEKEY
values Macie says it does not report). Each value is generated here in the documented shape; the
lines around them are CLI sessions, config files, code and logs, with the public ids, digests,
placeholders and secret names that sit beside such credentials.

First score, blind, before any rule changed for it (at 43508f0): 21 of 24 secrets caught, 3 of 22 look-alikes altered (an Azure DevOps token piped
into `az devops login`, a JWT whose payload is not JSON, a Gmail app password; a Discord
webhook example, an S3 object key under `--key`, a tenant id in an OAuth endpoint).
"""

from __future__ import annotations

import base64
import string

from build import (
    B62,
    L,
    S,
    alphabet_run,
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
    upper_alnum,
    uuid,
)

DD = "datadog-sds"
MC = "macie"

AWS_KEY_ID = join("AKIA", upper_alnum(16))
AWS_SECRET = b64(40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 3, 22, "43508f0")

TEMPLATES = [
    # ================================================================ secrets
    # ---- positional argument, short or vendor-specific flag, constructor argument
    S(
        MC,
        "aws_secret_key",
        "PS C:\\ci> Set-AWSCredential -AccessKey {k} -SecretKey {v} -StoreAs ci-deploy",
        AWS_SECRET,
        note="AWS secret access key after the set-awscredential keyword",
        k=AWS_KEY_ID,
    ),
    S(DD, "twilio_auth_token", 'client = Client("AC{sid}", "{v}")', hexl(32), sid=hexl(32)),
    S(
        DD,
        "mailgun_key",
        "$ curl -s -u 'api:{v}' https://api.eu.mailgun.net/v3/mg.larkspur-mail.io/messages -F to=ops@larkspur-mail.io -F subject=smoke",
        join(hexl(32), "-", hexl(8), "-", hexl(8)),
        note="Mailgun private key, prefixless 32-8-8 hex form, as basic-auth password under -u",
    ),
    S(
        DD,
        "nuget_key",
        "$ dotnet nuget push bin/Release/Larkspur.Core.2.4.1.nupkg -k {v} -s https://api.nuget.org/v3/index.json",
        join("oy2", lower_alnum(43)),
    ),
    S(
        MC,
        "pkcs12_passphrase",
        "$ openssl pkcs12 -in client-cert.p12 -passin pass:{v} -nokeys -clcerts",
        password(18),
        note="passphrase of a PKCS#12 private key bundle",
    ),
    S(MC, "gcp_api_key", "$client->setDeveloperKey('{v}');", join("AIza", b64url(35))),
    # ---- vendor formats without a leading prefix: inner or trailing markers, checksums, bare keys
    S(
        DD,
        "azure_devops_pat",
        "$ echo {v} | az devops login --organization https://dev.azure.com/contoso-build",
        join(b62(52), "JQQJ99", pick(string.ascii_letters, 1), pick("ABCDEFGHIJKL", 1), b62(16), "AZDO", b62(4)),
        note="Azure DevOps PAT: checksum block and AZDO marker inside the token",
    ),
    S(
        DD,
        "azure_ad_client_secret",
        '"AzureAd": { "Instance": "https://login.microsoftonline.com/", "ClientId": "{cid}", "ClientSecret": "{v}" },',
        join(b62(3), digits(1), "Q~", pick(B62 + "_~.-", 34)),
        note="Entra ID client secret with the Q~ marker at position 5",
        cid=uuid,
    ),
    S(
        DD,
        "mailchimp_key",
        'mailchimp.setConfig({ apiKey: "{v}", server: "us21" });',
        join(hexl(32), "-us21"),
        note="Mailchimp key: 32 hex with the data-centre suffix at the end",
    ),
    S(
        MC,
        "aws_secret_key",
        "$ aws iam create-access-key --user-name ci-bot --output text\nACCESSKEY\t{k}\t2024-03-02T10:11:12+00:00\t{v}\tActive\tci-bot",
        AWS_SECRET,
        note="bare secret access key in tabular CLI output",
        k=AWS_KEY_ID,
    ),
    S(
        MC,
        "http_basic_auth",
        "send: b'GET /rest/api/2/myself HTTP/1.1\\r\\nHost: jira.larkspur.internal\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Basic {v}\\r\\n\\r\\n'",
        lambda rng: base64.b64encode(("svc-jira:" + password(20)(rng)).encode()).decode(),
        note="HTTP Basic Authorization header (base64 of user:password) in an http.client debug dump",
    ),
    S(
        MC,
        "putty_private_key",
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@build-01\nPublic-Lines: 2\n{p1}\n{p2}\nPrivate-Lines: 1\n{v}\nPrivate-MAC: {mac}",
        join("AAAAI", b64(43)),
        note="PuTTY .ppk private blob, a bare base64 line",
        p1=join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(39)),
        p2=b64(4),
        mac=hexl(64),
    ),
    S(
        DD,
        "azure_function_key",
        '$ curl -X POST "https://larkspur-ingest.azurewebsites.net/api/HttpIngest?code={v}" -d @event.json',
        join(b64url(44), "AzFu", b64url(5), pick("AQgw", 1), "=="),
        note="Azure Functions key with the AzFu marker near the end",
    ),
    # ---- secrets inside URL paths
    S(
        DD,
        "discord_webhook",
        "$ curl -H 'Content-Type: application/json' -d '{\"content\":\"deploy finished\"}' https://discord.com/api/webhooks/{id}/{v}",
        b64url(68),
        id=digits(19),
    ),
    S(
        DD,
        "slack_webhook",
        'const alertHook = "https://hooks.slack.com/services/T{t}/B{b}/{v}"',
        b62(24),
        t=upper_alnum(10),
        b=upper_alnum(10),
    ),
    S(
        DD,
        "twitch_stream_key",
        "$ ffmpeg -re -i out.mp4 -c:v libx264 -preset veryfast -f flv rtmp://live-fra.twitch.tv/app/{v}",
        join("live_", digits(9), "_", b62(30)),
    ),
    S(
        DD,
        "telegram_bot_token",
        'requests.post("https://api.telegram.org/bot{v}/sendMessage", data={"chat_id": CHAT_ID, "text": msg})',
        join(pick("123456789", 1), digits(9), ":AA", b64url(33)),
    ),
    S(
        MC,
        "jwt",
        '<iframe src="https://metabase.larkspur.io/embed/dashboard/{v}#bordered=true&titled=false" width="800" height="600"></iframe>',
        join("eyJhbGciOiJIUzI1NiJ9.", b64url(80), ".", b64url(43)),
        note="signed embedding JWT in a URL path",
    ),
    # ---- named secrets in less common spellings, non-English names, connection strings
    S(
        DD,
        "heroku_api_key",
        "$ cat ~/.netrc\nmachine api.heroku.com\n  login ops@larkspur.dev\n  password {v}",
        uuid,
        note="Heroku API key (UUID shape) in .netrc",
    ),
    S(
        DD,
        "app_password",
        'smtp:\n  host: smtp.gmail.com\n  username: alerts@larkspur.io\n  app-password: "{v}"',
        groups(pick(string.ascii_lowercase, 4), 4, " "),
    ),
    S(
        DD,
        "password_non_english",
        '[datenbank]\nbenutzer = "etl"\npasswort = "{v}"',
        password(16),
    ),
    S(
        DD,
        "sqlserver_connection",
        'var conn = new SqlConnection("Server=tcp:orders-sql.database.windows.net,1433;Initial Catalog=orders;User ID=svc_orders;Password={v};Encrypt=True;");',
        password(20),
    ),
    S(
        MC,
        "aws_secret_key",
        "$ cat ~/.s3cfg\n[default]\naccess_key = {k}\nsecret_key = {v}\nhost_base = s3.amazonaws.com",
        AWS_SECRET,
        note="secret key keyword in an s3cmd config",
        k=AWS_KEY_ID,
    ),
    S(
        MC,
        "jwt_signing_key",
        "app.security.jwt.signingKey={v}",
        b64(43, "="),
        note="HMAC key that signs the JWTs Macie looks for",
    ),
    # ================================================================ look-alikes
    # ---- placeholders and documentation example tokens
    L(
        DD,
        "placeholder",
        "# .env.example\nTWILIO_AUTH_TOKEN=<your-twilio-auth-token>",
        const("<your-twilio-auth-token>"),
    ),
    L(DD, "placeholder", "MAILCHIMP_API_KEY={v}", join(interleaved(32), "-us1")),
    L(
        DD,
        "placeholder",
        '      - run: dotnet nuget push "*.nupkg" -k {v} -s https://api.nuget.org/v3/index.json',
        const("${{ secrets.NUGET_API_KEY }}"),
    ),
    L(
        MC,
        "masked",
        "$ stripe config --list\n[default]\ndevice_name = build-01\ntest_mode_api_key = 'sk_test_{v}'",
        join(const("*" * 40), b62(4)),
        note="Stripe key masked to its last four characters",
    ),
    L(
        DD,
        "placeholder",
        "DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/000000000000000000/{v}",
        keyboard_run(68),
    ),
    L(
        DD,
        "placeholder",
        "telegram:\n  bot_token: {v}  # replace me",
        join(counting(10), ":", alphabet_run(35, upper=True, offset=False)),
    ),
    L(
        MC,
        "doc_example",
        "docs/setup.md:42:    aws_secret_access_key = {v}",
        join(b64(30), "EXAMPLEKEY"),
        note="fictitious key in the EXAMPLEKEY convention Macie skips",
    ),
    # ---- public identifiers beside credentials
    L(MC, "stripe_publishable", 'const stripe = Stripe("{v}");', join("pk_live_", b62(24))),
    L(
        MC,
        "aws_account_id",
        '$ aws sts get-caller-identity\n{\n    "UserId": "{uid}",\n    "Account": "{v}",\n    "Arn": "arn:aws:iam::{v}:user/ci-bot"\n}',
        digits(12),
        uid=join("AIDA", upper_alnum(17)),
    ),
    L(
        DD,
        "azure_tenant_id",
        '$ az login --service-principal -u {app} -p "$AZ_SP_SECRET" --tenant {v}',
        uuid,
        app=uuid,
    ),
    L(
        MC,
        "gcp_project_number",
        "$ gcloud projects describe larkspur-analytics-prod --format='value(projectNumber)'\n{v}",
        digits(12),
    ),
    # ---- hashes, digests, ETags, request ids, commit SHAs
    L(DD, "sri_hash", '      "integrity": "sha512-{v}",', b64(86, "==")),
    L(
        MC,
        "s3_etag",
        '$ aws s3api head-object --bucket larkspur-exports --key 2024/05/orders.parquet --query ETag\n"\\"{v}\\""',
        hexl(32),
    ),
    L(
        MC,
        "amz_request_id",
        "< HTTP/1.1 403 Forbidden\n< x-amz-request-id: {rid}\n< x-amz-id-2: {v}",
        b64(76),
        rid=upper_alnum(16),
    ),
    L(
        DD,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} Move Twilio auth token into secret manager",
        hexl(40),
    ),
    # ---- non-secret values under secret-sounding names
    L(
        DD,
        "secret_name",
        "            secretKeyRef:\n              name: twilio-creds\n              key: {v}",
        const("auth-token"),
    ),
    L(
        MC,
        "key_path",
        "web01 ansible_host=10.20.1.14 ansible_ssh_private_key_file={v}",
        const("~/.ssh/deploy_ed25519"),
    ),
    L(
        DD,
        "url",
        '  "token_endpoint": "{v}",',
        join("https://login.microsoftonline.com/", uuid, "/oauth2/v2.0/token"),
    ),
    L(
        DD,
        "template",
        "  SQL_ADMIN_PASSWORD: {v}",
        const("{{ .Values.sql.adminPassword | b64enc | quote }}"),
    ),
    L(
        DD,
        "env_ref",
        "mailchimp.setConfig({ apiKey: {v}, server: process.env.MAILCHIMP_SERVER_PREFIX });",
        const("process.env.MAILCHIMP_API_KEY"),
    ),
    L(DD, "boolean", '      MYSQL_ALLOW_EMPTY_PASSWORD: "{v}"', const("no")),
    L(
        MC,
        "count",
        '$ aws iam get-account-password-policy\n{\n    "PasswordPolicy": {\n        "MinimumPasswordLength": {v},',
        const("14"),
    ),
]
