"""An eightieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of HR, payroll, recruiting and e-signature platforms: DocuSign
(JWT Grant integration key, RSA key pair, GUID secret key, envelope ids, Connect HMAC keys and the
X-DocuSign-Signature-1 digest, the public half of the key pair), Adobe Acrobat Sign (integration
keys and refresh tokens starting `3AAABLblqZh`, `CBJCHBCAABAA` client and agreement ids), Dropbox
Sign / HelloSign (64-hex API key sent as the Basic username or in the URL, 32-hex client_id,
callback event_hash), PandaDoc (`Authorization: API-Key`, the Python SDK configuration, document ids
and webhook signatures), BambooHR (160-bit hex API key as Basic username with password `x`),
Greenhouse (Harvest key as Basic username, Job Board token, webhook `Signature: sha256 …`), Lever
(Data API key as Basic username, public posting ids), Gusto (system access tokens, webhook
verification tokens, the masked secret of the developer portal), Rippling (Bearer API token),
Personio (`/v1/auth` client credentials, `papi-` bearer tokens, X-Personio-App-ID), Deel (personal
access token, the `deel auth login` CLI reading stdin and its masked output), Workday (API Client
for Integrations: client id, client secret and non-expiring refresh token at
`/ccx/oauth2/{tenant}/token`, 32-hex WIDs) and ADP (client credentials under mutual TLS, associate
OIDs, certificate fingerprints). Secrets stand in curl flags and URLs, headers,
JSON/YAML/properties/.env files, SDK calls, a CLI reading stdin and command output; the look-alikes
are the public ids, digests, placeholders, masked values and secret-store references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 75 to 79):
24 of 25 secrets caught, 2 of 25 look-alikes altered (missed: a BambooHR key of 40 hex as curl's
`-u` user before `:x`; altered: a PandaDoc webhook's `?signature=` digest, a Greenhouse board token
that is the company's slug).
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
    hexu,
    join,
    lower_alnum,
    upper_alnum,
    uuid,
)

HR = "hr"

RSA_PKCS1_HEAD = "MIIEpAIBAAKCAQEA"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"
DS_TOKEN_HEAD = "eyJ0eXAiOiJNVCIsImFsZyI6IlJTMjU2Iiwia2lkIjoi"


def rsa_private_body(rng: random.Random) -> str:
    """A 2048-bit PKCS#1 RSA private key body, 64-character lines joined by newlines."""
    lines = [RSA_PKCS1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(36)(rng) + "=="]
    return "\n".join(lines)


def rsa_public_body(rng: random.Random) -> str:
    """A 2048-bit SubjectPublicKeyInfo body (public, safe to show)."""
    lines = [RSA_PUB_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


def basic_auth(token, password: str = ""):
    return lambda rng: base64.b64encode(f"{token(rng)}:{password}".encode()).decode()


def b64_of_uuid(rng: random.Random) -> str:
    """Workday shows its API client ids as the base64 of a GUID string."""
    return base64.b64encode(uuid(rng).encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


docusign_token = join(DS_TOKEN_HEAD, b64url(48), "In0.AQoAAAABAAUABwCA", b64url(520), ".", b64url(342))
acrobat_key = join("3AAABLblqZhB", b64url(118))
acrobat_refresh = join("3AAABLblqZhC", b64url(58))
acrobat_id = join("CBJCHBCAABAA", b64url(32))
workday_secret = lower_alnum(86)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 25, "the rules for 75 to 79")

TEMPLATES: list = [
    # ---- DocuSign
    S(
        HR,
        "docusign_rsa_private_key",
        "$ cat config/docusign/private.key\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_private_body,
    ),
    S(
        HR,
        "docusign_secret_key_guid",
        '  "DocuSign": {\n    "ClientId": "{cid}",\n    "ClientSecret": "{v}",\n'
        '    "AuthorizationEndpoint": "https://account-d.docusign.com/oauth/auth",\n'
        '    "TokenEndpoint": "https://account-d.docusign.com/oauth/token",',
        uuid,
        note="DocuSign's secret key is itself a GUID, next to the GUID integration key",
        cid=uuid,
    ),
    S(
        HR,
        "docusign_bearer_token",
        "$ curl -s https://demo.docusign.net/restapi/v2.1/accounts/{acct}/envelopes?from_date=2024-06-01"
        ' -H "Authorization: Bearer {v}" | jq ".envelopes | length"',
        docusign_token,
        acct=uuid,
    ),
    S(
        HR,
        "docusign_connect_hmac_key",
        "# webhooks/docusign.py\nimport base64, hashlib, hmac\n\n"
        'CONNECT_HMAC_KEY = "{v}"  # Admin > Connect > Connect Keys, key 1\n\n'
        "def verify(body: bytes, header: str) -> bool:",
        b64(43, "="),
    ),
    # ---- Adobe Acrobat Sign
    S(
        HR,
        "acrobat_sign_integration_key",
        "$ curl -s https://api.na1.adobesign.com/api/rest/v6/agreements?pageSize=20 \\\n"
        '    -H "Authorization: Bearer {v}"',
        acrobat_key,
    ),
    S(
        HR,
        "acrobat_sign_refresh_token",
        "curl -X POST https://api.na1.adobesign.com/oauth/v2/refresh \\\n"
        "  -d grant_type=refresh_token -d client_id={cid} \\\n"
        '  -d client_secret="$ADOBE_SIGN_CLIENT_SECRET" -d refresh_token={v}',
        acrobat_refresh,
        cid=acrobat_id,
    ),
    S(
        HR,
        "acrobat_sign_client_secret",
        "const adobeSignConfig = {\n  clientId: '{cid}',\n  clientSecret: '{v}',\n"
        "  initialBaseURL: 'https://api.na1.adobesign.com/',\n};",
        b64url(32),
        cid=acrobat_id,
    ),
    # ---- Dropbox Sign (HelloSign)
    S(
        HR,
        "dropbox_sign_basic_user",
        '$ curl -s "https://api.hellosign.com/v3/template/list?page_size=5" -u "{v}:"',
        hexl(64),
    ),
    S(
        HR,
        "dropbox_sign_url_userinfo",
        '$ curl -X POST "https://{v}:@api.hellosign.com/v3/signature_request/send"'
        " -F test_mode=1 -F title='Offer letter' -F file[0]=@offer.pdf",
        hexl(64),
    ),
    # ---- PandaDoc
    S(
        HR,
        "pandadoc_api_key_header",
        "curl --request GET --url 'https://api.pandadoc.com/public/v1/documents?status=2&count=50' \\\n"
        "     --header 'Authorization: API-Key {v}'",
        hexl(40),
    ),
    S(
        HR,
        "pandadoc_sdk_config",
        'cfg = pandadoc_client.Configuration(\n    host="https://api.pandadoc.com",\n'
        '    api_key={"apiKey": "API-Key {v}"},\n)',
        hexl(40),
    ),
    # ---- BambooHR
    S(
        HR,
        "bamboohr_basic_user",
        '$ curl -s -u "{v}:x" -H "Accept: application/json"'
        ' "https://api.bamboohr.com/api/gateway.php/northwind/v1/employees/directory" | jq ".employees[0]"',
        hexl(40),
    ),
    S(
        HR,
        "bamboohr_basic_header",
        "> GET /api/gateway.php/northwind/v1/employees/directory HTTP/1.1\n> Host: api.bamboohr.com\n"
        "> Authorization: Basic {v}\n> Accept: application/json",
        basic_auth(hexl(40), "x"),
    ),
    # ---- Greenhouse
    S(
        HR,
        "greenhouse_harvest_yaml",
        "greenhouse:\n  base_url: https://harvest.greenhouse.io/v1\n  harvest_api_key: {v}\n"
        "  on_behalf_of: {uid}\n  per_page: 500",
        hexl(32),
        uid=digits(7),
    ),
    S(
        HR,
        "greenhouse_harvest_flag",
        "$ python scripts/export_candidates.py --harvest-key {v} --updated-after 2024-05-01T00:00:00Z"
        " --out data/candidates.jsonl",
        hexl(32),
    ),
    # ---- Lever
    S(
        HR,
        "lever_basic_user",
        "$ curl -s -u '{v}:' 'https://api.lever.co/v1/opportunities?limit=100&expand=stage'",
        b64(48),
    ),
    # ---- Gusto
    S(
        HR,
        "gusto_system_access_token",
        "$ curl -s -X POST https://api.gusto-demo.com/oauth/token -H 'Content-Type: application/json'"
        ' -d @system_access.json\n{\n  "access_token": "{v}",\n  "token_type": "Bearer",\n'
        '  "created_at": 17{ts},\n  "expires_in": 7200\n}',
        b64url(43),
        ts=digits(8),
    ),
    S(
        HR,
        "gusto_webhook_verification_token",
        "curl -X PUT https://api.gusto-demo.com/v1/webhook_subscriptions/{sub}/verify \\\n"
        '  -H "Authorization: Bearer $GUSTO_SYSTEM_TOKEN" -H "Content-Type: application/json" \\\n'
        '  -d \'{"verification_token": "{v}"}\'',
        hexl(32),
        note="the verification token is also the key Gusto signs webhook bodies with",
        sub=uuid,
    ),
    # ---- Rippling
    S(
        HR,
        "rippling_bearer_httpie",
        "$ http GET https://rest.ripplingapis.com/workers limit==50 'Authorization:Bearer {v}'",
        b62(64),
    ),
    # ---- Personio
    S(
        HR,
        "personio_auth_query",
        '$ curl -s -X POST "https://api.personio.de/v1/auth?client_id={cid}&client_secret={v}"'
        ' -H "accept: application/json"',
        b62(40),
        cid=b62(20),
    ),
    S(
        HR,
        "personio_papi_token_output",
        '{"success":true,"data":{"token":"{v}"}}',
        join("papi-", b64url(88)),
    ),
    # ---- Deel
    S(
        HR,
        "deel_cli_stdin",
        "$ echo '{v}' | deel auth login --env demo",
        b62(60),
    ),
    # ---- Workday
    S(
        HR,
        "workday_refresh_token",
        "curl -s -X POST https://wd2-impl-services1.workday.com/ccx/oauth2/northwind_tst/token \\\n"
        '  -u "$WD_CLIENT_ID:$WD_CLIENT_SECRET" \\\n  -d grant_type=refresh_token -d refresh_token={v}',
        workday_secret,
    ),
    S(
        HR,
        "workday_client_secret_properties",
        "wd.authn.authModel=AUTHORIZATION_CODE\n"
        "wd.authn.accessTokenEndpoint=https://wd5-services1.myworkday.com/ccx/oauth2/northwind/token\n"
        "wd.authn.clientId={cid}\nwd.authn.clientSecret={v}",
        workday_secret,
        cid=b64_of_uuid,
    ),
    # ---- ADP
    S(
        HR,
        "adp_client_credentials",
        "$ curl --cert certs/northwind_auth.pem --key certs/northwind_auth.key -X POST \\\n"
        '    "https://accounts.adp.com/auth/oauth/v2/token?grant_type=client_credentials" \\\n'
        '    -u "{cid}:{v}"',
        uuid,
        note="ADP's client secret is a GUID, right after the GUID client id",
        cid=uuid,
    ),
    # ---- look-alikes: DocuSign public ids, digests and public keys
    L(
        HR,
        "docusign_integration_key",
        "DS_CLIENT_ID={v}\nDS_IMPERSONATED_USER_ID={uid}\nDS_PRIVATE_KEY_PATH=./config/docusign/private.key",
        uuid,
        uid=uuid,
    ),
    L(
        HR,
        "docusign_envelope_id",
        '{\n  "envelopeId": "{v}",\n  "uri": "/envelopes/{v}",\n  "statusDateTime": "2024-06-11T09:14:22.0370000Z",\n'
        '  "status": "sent"\n}',
        uuid,
    ),
    L(
        HR,
        "docusign_signature_header",
        "INFO webhook.docusign headers: content-type=application/json x-authorization-digest=HMACSHA256"
        " x-docusign-signature-1={v}",
        b64(43, "="),
        note="the HMAC digest of one delivery, not the key",
    ),
    L(
        HR,
        "docusign_public_key",
        "Public key (paste into Apps and Keys > RSA key pairs):\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_body,
    ),
    # ---- look-alikes: Acrobat Sign ids
    L(
        HR,
        "acrobat_sign_client_id",
        "https://secure.na1.adobesign.com/public/oauth/v2?redirect_uri=https://hr.northwind.dev/oauth/adobe"
        "&response_type=code&client_id={v}&scope=agreement_read:account+agreement_write:account",
        acrobat_id,
    ),
    L(
        HR,
        "acrobat_sign_agreement_id",
        "$ curl -s https://api.na1.adobesign.com/api/rest/v6/agreements/{v}/formData"
        ' -H "Authorization: Bearer $ADOBE_SIGN_TOKEN" -o offer_formdata.csv',
        acrobat_id,
    ),
    # ---- look-alikes: Dropbox Sign
    L(
        HR,
        "dropbox_sign_client_id",
        "const client = new HelloSign({ clientId: '{v}' });\n"
        "client.open(signUrl, { skipDomainVerification: true, testMode: true });",
        hexl(32),
    ),
    L(
        HR,
        "dropbox_sign_event_hash",
        '  "event": {\n    "event_type": "signature_request_signed",\n    "event_time": "17{ts}",\n'
        '    "event_hash": "{v}",',
        hexl(64),
        note="HMAC of the callback, computed with the API key but not the key itself",
        ts=digits(8),
    ),
    # ---- look-alikes: PandaDoc
    L(
        HR,
        "pandadoc_document_id",
        '  "id": "{v}",\n  "name": "Employment Agreement - J. Doe",\n  "status": "document.draft",',
        b62(22),
    ),
    L(
        HR,
        "pandadoc_webhook_signature",
        "POST /hooks/pandadoc?signature={v} HTTP/1.1 200 14ms",
        hexl(64),
    ),
    L(
        HR,
        "pandadoc_placeholder",
        "Authorization: API-Key {v}",
        const("{{api_key}}"),
    ),
    # ---- look-alikes: BambooHR, Greenhouse, Lever
    L(
        HR,
        "secret_store_arn",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text > /dev/null && echo ok",
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:prod/hr/bamboohr-api-key-", b62(6)),
    ),
    L(
        HR,
        "bamboohr_env_ref",
        'curl -s -u "{v}:x" "https://api.bamboohr.com/api/gateway.php/$BAMBOOHR_COMPANY_DOMAIN/v1/meta/fields"',
        const("${BAMBOOHR_API_KEY}"),
    ),
    L(
        HR,
        "greenhouse_webhook_signature",
        "Content-Type: application/json\nSignature: sha256 {v}\nUser-Agent: Greenhouse",
        hexl(64),
    ),
    L(
        HR,
        "greenhouse_board_token",
        "GREENHOUSE_BOARD_TOKEN={v}\n# public: https://boards-api.greenhouse.io/v1/boards/<token>/jobs needs no auth",
        const("northwindlabs"),
    ),
    L(
        HR,
        "lever_posting_id",
        "  apply_url: https://jobs.lever.co/northwind/{v}/apply",
        uuid,
    ),
    # ---- look-alikes: Gusto, Rippling, Personio, Deel
    L(
        HR,
        "gusto_masked_secret",
        "Application: Northwind People Sync\n  Client ID:  {cid}\n  Secret:     {v}",
        join("*" * 39, b62(4)),
        cid=b64url(43),
    ),
    L(
        HR,
        "rippling_actions_ref",
        "      - run: python sync/rippling_workers.py\n        env:\n          RIPPLING_API_TOKEN: {v}",
        const("${{ secrets.RIPPLING_API_TOKEN }}"),
    ),
    L(
        HR,
        "personio_app_id",
        "X-Personio-Partner-ID: NORTHWIND\nX-Personio-App-ID: {v}\nAuthorization: Bearer $PERSONIO_TOKEN",
        const("PEOPLE_DIRECTORY_SYNC"),
    ),
    L(
        HR,
        "deel_masked_token",
        '{\n  "data": {\n    "stored": true,\n    "env": "demo",\n    "token": "{v}",',
        join("****", lower_alnum(4)),
    ),
    # ---- look-alikes: Workday, ADP, package integrity
    L(
        HR,
        "workday_client_id",
        "https://wd5.myworkday.com/northwind/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https%3A%2F%2Fhr.northwind.dev%2Foauth%2Fworkday",
        b64_of_uuid,
    ),
    L(
        HR,
        "workday_wid",
        "GET /ccx/api/staffing/v7/northwind/workers/{v}/jobs -> 200 (1 job)",
        hexl(32),
    ),
    L(
        HR,
        "adp_associate_oid",
        "$ curl -s --cert certs/northwind_auth.pem --key certs/northwind_auth.key"
        ' -H "Authorization: Bearer $ADP_TOKEN" https://api.adp.com/hr/v2/workers/{v}',
        join("G3", upper_alnum(14)),
    ),
    L(
        HR,
        "adp_cert_fingerprint",
        "$ openssl x509 -in certs/northwind_auth.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        HR,
        "npm_integrity",
        '    "node_modules/docusign-esign": {\n      "version": "8.3.0",\n      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
]
