"""A hundred-and-thirty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of email security and deliverability tooling: Mimecast API 2.0
(client id and client secret exchanged at `/oauth/token`, the bearer token it returns) and the
older API 1.0 (access key and base64 secret key bindings, the application key, the
`Authorization: MC accessKey:signature` header beside `x-mc-app-id` and `x-mc-req-id`), Proofpoint
TAP (service principal and 64-hex service secret under HTTP Basic auth against `tap-api-v2`, as
`--user`, `HTTPBasicAuth`, a base64 header and the positional arguments of a SIEM forwarder, next
to threat ids, campaign ids and attachment hashes), Abnormal Security (32-hex API token as a bearer
on `api.abnormalplatform.com`, threat ids), Sublime Security (64-character lowercase API key for
`sublime setup -k` and bearer calls, message ids, the redacted key column), Postmark's DMARC API
(`X-Api-Token` private token, the public token inside `rua=`), EasyDMARC (OAuth client credentials
at `api2.easydmarc.com/auth/token`, the bearer JWT, organisation ids), Valimail (`client-id` and
`app-id` posted to `/auth`), Agari (client credentials at `api.agari.com/v1/ep/token`), MxToolbox
(UUID API key in the `Authorization` header or query, monitor UIDs), Red Sift OnDMARC and dmarcian
(`rua=` report addresses), and DKIM tooling (opendkim-genkey `.private` files, Amazon SES BYODKIM
private keys, `_domainkey` TXT public keys, DKIM-Signature body hashes), in commands, config files
and tool output, with the public ids, references, placeholders and masks the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 130 to 134):
23 of 25 secrets caught, 0 of 25 look-alikes altered (missed: a Proofpoint TAP secret as a script's
second positional argument after the principal, Valimail's `app-id` in a JSON body).
"""

from __future__ import annotations

import base64
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
    join,
    lower_alnum,
    uuid,
)

EM = "emailsec"

DKIM_PUB_1024_HEAD = "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ"
DKIM_PUB_2048_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"
JWT_RS256_HEAD = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9"


def rsa1024_pkcs1_body(rng: random.Random) -> str:
    """The base64 lines of a 1024-bit PKCS#1 RSA key as opendkim-genkey writes it (no header lines)."""
    lines = ["MIICXQIBAAKBgQC" + b64(49)(rng)] + [b64(64)(rng) for _ in range(11)] + [b64(43)(rng) + "="]
    return "\n".join(lines)


def b64_bytes(n_bytes: int):
    """Standard base64 of n random bytes, padding and all (HMAC keys, signatures, body hashes)."""
    return lambda rng: base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


mimecast_client_id = b62(32)
tap_secret = hexl(64)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 25, "the rules for 130 to 134")

TEMPLATES = [
    # ---- secrets: Mimecast API 2.0 and 1.0
    S(
        EM,
        "mimecast_v2_env",
        "$ cat deploy/mimecast-sync/.env\nMIMECAST_REGION=eu\nMIMECAST_CLIENT_ID={cid}\nMIMECAST_CLIENT_SECRET={v}\n"
        "MIMECAST_POLL_MINUTES=15",
        b62(32),
        cid=mimecast_client_id,
    ),
    S(
        EM,
        "mimecast_v2_token_curl",
        "$ curl -s -X POST https://api.services.mimecast.com/oauth/token"
        " -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d 'client_id={cid}&client_secret={v}&grant_type=client_credentials' | jq .",
        b62(32),
        cid=mimecast_client_id,
    ),
    S(
        EM,
        "mimecast_v2_token_response",
        '{\n  "access_token": "{v}",\n  "token_type": "Bearer",\n  "expires_in": 1800,\n  "scope": ""\n}',
        b62(32),
    ),
    S(
        EM,
        "mimecast_v1_mc_header",
        "> POST /api/audit/get-audit-events HTTP/1.1\n> Host: eu-api.mimecast.com\n> x-mc-app-id: {app}\n"
        "> x-mc-date: Tue, 14 May 2024 09:12:44 UTC\n> x-mc-req-id: {req}\n> Authorization: MC {v}:{sig}",
        b64url(86),
        app=uuid,
        req=uuid,
        sig=b64_bytes(20),
    ),
    S(
        EM,
        "mimecast_v1_secret_key",
        'ACCESS_KEY = os.environ["MC_ACCESS_KEY"]\nSECRET_KEY = "{v}"\n'
        "hmac_sha1 = hmac.new(base64.b64decode(SECRET_KEY), data_to_sign.encode(), digestmod=hashlib.sha1).digest()",
        b64_bytes(64),
    ),
    S(
        EM,
        "mimecast_v1_app_key_yaml",
        "mimecast:\n  base_url: https://us-api.mimecast.com\n  app_id: {app}\n  app_key: {v}\n"
        "  access_key: ${MC_ACCESS_KEY}\n  secret_key: ${MC_SECRET_KEY}",
        uuid,
        app=uuid,
    ),
    # ---- secrets: Proofpoint TAP
    S(
        EM,
        "tap_curl_user",
        '$ curl -s "https://tap-api-v2.proofpoint.com/v2/siem/all?format=json&sinceSeconds=3600" --user "{sp}:{v}" | jq ".clicksPermitted | length"',
        tap_secret,
        sp=uuid,
    ),
    S(
        EM,
        "tap_httpbasicauth",
        'TAP_URL = "https://tap-api-v2.proofpoint.com"\nauth = HTTPBasicAuth("{sp}", "{v}")\n'
        'resp = requests.get(f"{TAP_URL}/v2/siem/messages/blocked", auth=auth, params={"sinceSeconds": 600})',
        tap_secret,
        sp=uuid,
    ),
    S(
        EM,
        "tap_basic_header",
        "GET /v2/people/vap?window=30 HTTP/1.1\nHost: tap-api-v2.proofpoint.com\nAuthorization: Basic {v}\nAccept: application/json",
        basic_pair(uuid, tap_secret),
    ),
    S(
        EM,
        "tap_positional_args",
        "$ python3 proofpy.py {sp} {v} siem-relay.corp.internal -s 900 -c all -t 5514",
        tap_secret,
        sp=uuid,
    ),
    # ---- secrets: Abnormal Security
    S(
        EM,
        "abnormal_bearer_curl",
        '$ curl -sS "https://api.abnormalplatform.com/v1/threats?pageSize=50&filter=receivedTime%20gte%202024-05-01T00:00:00Z"'
        ' -H "Authorization: Bearer {v}"',
        hexl(32),
    ),
    S(
        EM,
        "abnormal_powershell",
        '$headers = @{ Authorization = "Bearer {v}"; Accept = "application/json" }\n'
        'Invoke-RestMethod -Uri "https://api.abnormalplatform.com/v1/cases?pageSize=25" -Headers $headers',
        hexl(32),
    ),
    # ---- secrets: Sublime Security
    S(
        EM,
        "sublime_setup_key",
        "$ sublime setup -k {v}\nConfiguration saved to '/home/ops/.config/sublime/setup.cfg'",
        lower_alnum(64),
    ),
    S(
        EM,
        "sublime_bearer",
        'curl -H "Authorization: Bearer {v}" https://platform.sublime.security/v0/messages/{mid}/screenshot -o flagged.png',
        lower_alnum(64),
        mid=uuid,
    ),
    # ---- secrets: Postmark DMARC
    S(
        EM,
        "postmark_dmarc_api_token",
        '$ curl "https://dmarc.postmarkapp.com/records/my/reports?from_date=2024-04-01&to_date=2024-04-30"'
        ' -H "Accept: application/json" -H "X-Api-Token: {v}"',
        uuid,
    ),
    S(
        EM,
        "postmark_dmarc_create_response",
        '{\n  "domain": "brightkite.dev",\n  "public_token": "{pub}",\n  "created_at": "2024-05-02T10:41:07Z",\n'
        '  "private_token": "{v}",\n  "reporting_uri": "mailto:re+{pub}@dmarc.postmarkapp.com",\n'
        '  "email": "postmaster@brightkite.dev"\n}',
        uuid,
        pub=b62(11),
    ),
    # ---- secrets: EasyDMARC
    S(
        EM,
        "easydmarc_client_secret",
        "curl -L --post302 --request POST 'https://api2.easydmarc.com/auth/token'"
        " --header 'Content-Type: application/x-www-form-urlencoded'"
        " --data-urlencode 'client_id=brightkite-partner' --data-urlencode 'client_secret={v}'"
        " --data-urlencode 'grant_type=client_credentials'",
        b62(32),
    ),
    S(
        EM,
        "easydmarc_bearer_jwt",
        'curl -X GET "https://api2.easydmarc.com/v1/domains?organizationId={org}" -H "Authorization: Bearer {v}"',
        join(JWT_RS256_HEAD, ".eyJ", b64url(410), ".", b64url(342)),
        org=uuid,
    ),
    # ---- secrets: Valimail, Agari
    S(
        EM,
        "valimail_auth_body",
        "$ curl -s -X POST https://api.valimail.com/auth -H 'Content-Type: application/json'"
        ' -d \'{"client-id": "{cid}", "app-id": "{v}"}\'',
        hexl(64),
        cid=uuid,
    ),
    S(
        EM,
        "agari_httpie_token",
        "$ http --form POST https://api.agari.com/v1/ep/token client_id={cid} client_secret={v}",
        b62(40),
        cid=b62(24),
    ),
    S(
        EM,
        "agari_env_default",
        'AGARI_CLIENT_ID = os.environ.get("AGARI_CLIENT_ID", "{cid}")\n'
        'AGARI_CLIENT_SECRET = os.environ.get("AGARI_CLIENT_SECRET", "{v}")',
        b62(40),
        cid=b62(24),
    ),
    # ---- secrets: MxToolbox
    S(
        EM,
        "mxtoolbox_auth_header",
        'curl -X GET "https://api.mxtoolbox.com/api/v1/Lookup/blacklist/?argument=mail.brightkite.dev" -H "Authorization: {v}"',
        uuid,
    ),
    S(
        EM,
        "mxtoolbox_query_key",
        "requests.get('https://api.mxtoolbox.com/api/v1/Lookup/spf/?argument=brightkite.dev&Authorization={v}', timeout=20)",
        uuid,
    ),
    # ---- secrets: DKIM private keys
    S(
        EM,
        "opendkim_private_file",
        "$ sudo cat /etc/opendkim/keys/brightkite.dev/s2024.private\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n"
        "-----END RSA PRIVATE KEY-----",
        rsa1024_pkcs1_body,
    ),
    S(
        EM,
        "ses_byodkim_private_key",
        "$ aws sesv2 put-email-identity-dkim-signing-attributes --email-identity brightkite.dev"
        " --signing-attributes-origin EXTERNAL"
        " --signing-attributes 'DomainSigningSelector=s2024,DomainSigningPrivateKey={v}'",
        join("MIIEpAIBAAKCAQEA", b64(1576)),
    ),
    # ---- look-alikes: request ids, resource ids, hashes
    L(
        EM,
        "mimecast_req_id",
        "> x-mc-date: Tue, 14 May 2024 09:12:44 UTC\n> x-mc-req-id: {v}\n> Content-Type: application/json",
        upper_uuid,
    ),
    L(
        EM,
        "tap_threat_id",
        '$ curl -s --user "$TAP_PRINCIPAL:$TAP_SECRET" "https://tap-api-v2.proofpoint.com/v2/forensics?threatId={v}"',
        hexl(64),
    ),
    L(EM, "tap_campaign_id", "fetch.tap_campaign('{v}')", uuid),
    L(
        EM,
        "tap_attachment_sha256",
        '      "messageParts": [\n        {\n          "filename": "Remittance_0514.html",\n'
        '          "contentType": "text/html",\n          "sha256": "{v}",\n          "disposition": "attached"',
        hexl(64),
    ),
    L(
        EM,
        "tap_principal_log",
        "2024-05-14T09:20:03Z INFO tap_collector: authenticating as service principal {v} against https://tap-api-v2.proofpoint.com",
        uuid,
    ),
    L(
        EM,
        "abnormal_threat_id",
        'curl -s -H "Authorization: Bearer $ABNORMAL_API_TOKEN" https://api.abnormalplatform.com/v1/threats/{v}',
        uuid,
    ),
    L(
        EM,
        "sublime_message_id",
        'curl -s -H "Authorization: Bearer ${SUBLIME_API_KEY}" https://platform.sublime.security/v0/messages/{v}',
        uuid,
    ),
    L(
        EM,
        "easydmarc_org_id",
        'curl -X POST "https://api2.easydmarc.com/v1/domain-groups" -H "Authorization: Bearer $EASYDMARC_TOKEN"'
        ' -H "Content-Type: application/json" -d \'{"organizationId": "{v}", "name": "Transactional"}\'',
        uuid,
    ),
    L(
        EM,
        "mxtoolbox_monitor_uid",
        '  {\n    "MonitorUID": "{v}",\n    "ActionString": "blacklist:203.0.113.25",\n'
        '    "LastTransition": "5/14/2024 9:02:11 AM",\n    "CurrentStatus": "Ok"\n  },',
        uuid,
    ),
    L(
        EM,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} mimecast-sync: read client secret from Key Vault instead of .env",
        hexl(40),
    ),
    # ---- look-alikes: DNS, DKIM public material
    L(
        EM,
        "postmark_public_token_rua",
        '_dmarc.brightkite.dev. 3600 IN TXT "v=DMARC1; p=none; pct=100; rua=mailto:re+{v}@dmarc.postmarkapp.com; sp=none; aspf=r;"',
        b62(11),
    ),
    L(
        EM,
        "ondmarc_rua",
        '$ dig +short TXT _dmarc.brightkite.dev\n"v=DMARC1; p=quarantine; pct=100; fo=1; rua=mailto:{v}@inbox.ondmarc.com;'
        ' ruf=mailto:{v}@inbox.ondmarc.com;"',
        lower_alnum(8),
    ),
    L(
        EM,
        "dmarcian_rua",
        'resource "aws_route53_record" "dmarc" {\n  name    = "_dmarc.brightkite.dev"\n  type    = "TXT"\n'
        '  records = ["v=DMARC1; p=reject; rua=mailto:{v}@ag.dmarcian.com; ruf=mailto:{v}@fr.dmarcian.com"]\n}',
        hexl(10),
    ),
    L(
        EM,
        "dkim_txt_public_key",
        '$ dig +short TXT s2024._domainkey.brightkite.dev\n"v=DKIM1; h=sha256; k=rsa; p={v}" "{rest}"',
        join(DKIM_PUB_2048_HEAD, b64(211)),
        rest=join(b64(131), "IDAQAB"),
    ),
    L(
        EM,
        "postmark_dkim_text_value",
        '  "DKIMPendingHost": "20240514094411pm._domainkey.brightkite.dev",\n'
        '  "DKIMPendingTextValue": "k=rsa;p={v}",\n  "SafeToRemoveRevokedKeyFromDNS": false,',
        join(DKIM_PUB_1024_HEAD, b64(172), "IDAQAB"),
    ),
    L(
        EM,
        "dkim_body_hash",
        "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=brightkite.dev; s=s2024; t=1715678531;\n"
        "\th=from:to:subject:date:message-id; bh={v};\n\tb={sig}",
        b64_bytes(32),
        sig=b64_bytes(256),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        EM,
        "mimecast_getenv",
        'base_url = "https://api.services.mimecast.com"\nclient_id = os.getenv("MIME_ID")\nclient_secret = {v}',
        const('os.getenv("MIME_SECRET")'),
    ),
    L(
        EM,
        "mimecast_env_placeholder",
        "# .env.example\nMIMECAST_CLIENT_ID=your_client_id\nMIMECAST_CLIENT_SECRET={v}\nMIMECAST_REGION=us",
        const("your_client_secret"),
    ),
    L(
        EM,
        "tap_secret_env_ref",
        "proofpoint_tap:\n  principal: ${PROOFPOINT_SP}\n  secret: {v}\n  base_url: https://tap-api-v2.proofpoint.com",
        const("${PROOFPOINT_SECRET}"),
    ),
    L(
        EM,
        "abnormal_masked",
        "Integration        Abnormal Security\nServer URL         https://api.abnormalplatform.com\nAPI Key            {v}\nStatus             Connected",
        join("****************************", hexl(4)),
    ),
    L(
        EM,
        "sublime_redacted_prefix",
        "NAME              KEY            CREATED BY          ROLE    EXPIRES     STATUS\n"
        "soar-trash-bot    {v}    secops@brightkite   admin   2025-05-01  Active",
        join(lower_alnum(8), "..."),
    ),
    L(
        EM,
        "mxtoolbox_placeholder",
        'curl -X GET "https://api.mxtoolbox.com/api/v1/Lookup/mx/brightkite.dev" -H "Authorization: {v}"',
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        EM,
        "valimail_gha_secret_ref",
        "      - name: Pull Valimail sender report\n        env:\n          VALIMAIL_CLIENT_ID: ${{ secrets.VALIMAIL_CLIENT_ID }}\n"
        "          VALIMAIL_APP_ID: {v}",
        const("${{ secrets.VALIMAIL_APP_ID }}"),
    ),
    L(
        EM,
        "agari_op_reference",
        "AGARI_CLIENT_ID=op://Security/Agari API/client_id\nAGARI_CLIENT_SECRET={v}",
        const("op://Security/Agari API/client_secret"),
    ),
    L(
        EM,
        "dmarc_report_id",
        "$ postdmarc get_report --report_id {v}\nReport from google.com covering 2024-05-13, 42 records",
        digits(8),
    ),
]
