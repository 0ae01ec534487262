"""A hundred-and-fiftieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of e-signature and contract platforms: DocuSign eSignature (JWT Grant
with an integration key, an impersonated user GUID and an RSA keypair from Apps and Keys; the
`ds_config`/`jwt_config` quickstart files; the `/oauth/userinfo` response with `account_id` and
`base_uri`; the secret key of the Authorization Code Grant, a GUID; the legacy
`X-DocuSign-Authentication` JSON header; Connect HMAC keys and the `X-DocuSign-Signature-1` digests
they produce; the masked `7c2b8d7e-xxxx-…` form the docs print), Dropbox Sign / HelloSign (64-hex
API key as the Basic username, `-u "KEY:"` and `https://KEY:@api.hellosign.com`, the Python SDK's
`Configuration(username=…)`, OAuth client secret, the public `client_id` of embedded signing, and
the callback `event_hash`, an HMAC of the same 64-hex shape), PandaDoc (`Authorization: API-Key …`
with a 40-hex key, 22-character document ids, Postman `{{…}}` variables), signNow (the Basic
authorization token, base64 of `client_id:client_secret`, 64-hex bearer tokens, 40-hex document
ids), Adobe Acrobat Sign (integration keys and refresh tokens starting `3AAABLblqZh`, OAuth client
secrets, `CBJCHBCAABAA…` client and agreement ids), Zoho Sign (`Zoho-oauthtoken 1000.<hex>.<hex>`,
refresh tokens in the token-endpoint query, 42-hex client secrets, `1000.<upper>` client ids),
Yousign v3 (32-character bearer API key, `X-Yousign-Signature-256: sha256=…` digests), BoldSign
(`X-API-KEY`), SignWell (`X-Api-Key`, the webhook event `hash`), Ironclad (OAuth client-credentials
grant, GitHub Actions secret references), Juro (API key passed to the client, 24-hex template ids)
and Documenso (`Authorization: api_…` with no scheme word, the docs' `api_xxxxxxxxxxxxxxxx`
placeholder, and the self-hosting variables `NEXT_PRIVATE_ENCRYPTION_KEY` and
`NEXT_PRIVATE_SIGNING_PASSPHRASE`), in commands, config files, code and tool output, with the public
ids the same documentation shows beside them.

BoldSign, SignWell, Ironclad and Juro do not document the shape of their keys; for those the values
are opaque tokens (base64, base64url or alphanumeric) of plausible lengths, chosen by the author.
Some lengths are taken from the author's memory, not from a page read for this set: the 64-hex
Dropbox Sign API key, the 32-character Yousign key, the 40-hex PandaDoc key (a public scanner rule
says 40 alphanumerics), the 42-hex Zoho client secret (Zoho's own example has 41) and the 16
characters after `api_` in a Documenso token (the length of the docs' placeholder).

First score, blind, before any rule changed for it (after the rules for 145 to 149):
25 of 26 secrets caught, 0 of 24 look-alikes altered (missed: a Dropbox Sign key of 64 hex as the
SDK configuration's `username`).
"""

from __future__ import annotations

import base64
import json
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
    password,
    upper_alnum,
    uuid,
)

ES = "esign"

RSA_PKCS1_HEAD = "MIIEowIBAAKCAQEA"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def rsa_pkcs1_body(rng: random.Random) -> str:
    """The base64 lines of a 2048-bit PKCS#1 RSA private key (64-character lines)."""
    lines = [RSA_PKCS1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(36)(rng)]
    return "\n".join(lines)


def rsa_public_body(rng: random.Random) -> str:
    """The base64 lines of a 2048-bit SubjectPublicKeyInfo (ends in the exponent, IDAQAB)."""
    lines = [RSA_PUB_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def ds_access_token(rng: random.Random) -> str:
    """A DocuSign OAuth access token: a JWT whose header carries typ MT and a kid GUID."""
    header = {"typ": "MT", "alg": "RS256", "kid": uuid(rng)}
    iat = 1_716_000_000 + rng.randrange(10_000_000)
    payload = {
        "TokenType": 5,
        "IssueInstant": iat,
        "exp": iat + 3600,
        "UserId": uuid(rng),
        "siteid": 1,
        "scp": ["signature", "impersonation"],
        "aud": uuid(rng),
        "azp": uuid(rng),
        "isu": uuid(rng),
        "iss": "https://account-d.docusign.com/",
        "sub": uuid(rng),
        "amr": ["application"],
        "auth_time": iat,
        "pwid": uuid(rng),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def signnow_basic(rng: random.Random) -> str:
    """signNow's Basic authorization token: base64 of `client_id:client_secret` (32 hex each)."""
    return base64.b64encode(f"{hexl(32)(rng)}:{hexl(32)(rng)}".encode()).decode()


def opaque_b64(n_hex: int):
    """base64 of a random hex string: an opaque key shape for vendors that document none."""
    return lambda rng: base64.b64encode(hexl(n_hex)(rng).encode()).decode()


def b64_bytes(n_bytes: int):
    """Standard base64 of n random bytes, padded (so the last character before `=` is a valid one)."""
    return lambda rng: base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


zoho_token = join("1000.", hexl(32), ".", hexl(32))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 0, 24, "the rules for 145 to 149")

TEMPLATES = [
    # ---- secrets: DocuSign
    S(
        ES,
        "docusign_rsa_private_key",
        "$ cat app/private.key\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_pkcs1_body,
    ),
    S(
        ES,
        "docusign_access_token",
        '$ curl -s -H "Authorization: Bearer {v}" \\\n'
        '    "https://demo.docusign.net/restapi/v2.1/accounts/{acct}/envelopes?from_date=2024-06-01" | jq ".envelopes | length"',
        ds_access_token,
        acct=uuid,
    ),
    S(
        ES,
        "docusign_secret_key",
        "# .env.docusign (Authorization Code Grant)\nDS_CLIENT_ID={cid}\nDS_CLIENT_SECRET={v}\n"
        "DS_REDIRECT_URI=http://localhost:3000/ds/callback",
        uuid,
        note="the Auth Code Grant secret key is a GUID, the same shape as the public integration key",
        cid=uuid,
    ),
    S(
        ES,
        "docusign_legacy_auth_header",
        "$ curl -s https://demo.docusign.net/restapi/v2.1/login_information \\\n"
        '    -H \'X-DocuSign-Authentication: {"Username":"contracts-bot@larkspur.legal","Password":"{v}",'
        '"IntegratorKey":"{ik}"}\'',
        password(16),
        ik=uuid,
    ),
    S(
        ES,
        "docusign_connect_hmac",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: docusign-connect\ntype: Opaque\nstringData:\n"
        "  connect-hmac-key: {v}\n  account-id: {acct}",
        b64_bytes(32),
        acct=uuid,
    ),
    # ---- secrets: Dropbox Sign (HelloSign)
    S(
        ES,
        "dropbox_sign_basic_user",
        '$ curl -s "https://api.hellosign.com/v3/template/list?page_size=20" -u "{v}:" | jq ".templates[].title"',
        hexl(64),
    ),
    S(
        ES,
        "dropbox_sign_url_userinfo",
        '$ curl -s "https://{v}:@api.hellosign.com/v3/account" | jq .account.email_address\n"ops@larkspur.legal"',
        hexl(64),
    ),
    S(
        ES,
        "dropbox_sign_python_sdk",
        "from dropbox_sign import ApiClient, Configuration, apis\n\n"
        'configuration = Configuration(username="{v}")\n'
        "with ApiClient(configuration) as api_client:\n    account_api = apis.AccountApi(api_client)",
        hexl(64),
    ),
    S(
        ES,
        "dropbox_sign_oauth_secret",
        "$ curl -s -X POST https://app.hellosign.com/oauth/token \\\n    -d client_id={cid} \\\n"
        "    -d client_secret={v} \\\n    -d code={code} -d state=f81c0e -d grant_type=authorization_code",
        hexl(32),
        cid=hexl(32),
        code=hexl(16),
    ),
    # ---- secrets: PandaDoc
    S(
        ES,
        "pandadoc_api_key_header",
        '$ curl -s "https://api.pandadoc.com/public/v1/documents?status=2&count=10" \\\n'
        '    -H "Authorization: API-Key {v}"',
        hexl(40),
    ),
    # ---- secrets: signNow
    S(
        ES,
        "signnow_basic_token",
        "$ curl -s -X POST https://api.signnow.com/oauth2/token \\\n    -H 'Authorization: Basic {v}' \\\n"
        "    -d 'username=contracts@larkspur.legal&password=$SN_PASSWORD&grant_type=password&scope=*'",
        signnow_basic,
    ),
    S(
        ES,
        "signnow_token_output",
        '{"expires_in":2592000,"token_type":"bearer","access_token":"{v}","refresh_token":"{rt}","scope":"*"}',
        hexl(64),
        rt=hexl(64),
    ),
    # ---- secrets: Adobe Acrobat Sign
    S(
        ES,
        "acrobat_sign_integration_key",
        "$ curl -s https://api.na1.adobesign.com/api/rest/v6/agreements?pageSize=5 \\\n"
        '    -H "Authorization: Bearer {v}" \\\n    -H "x-api-user: email:legal-ops@larkspur.legal"',
        join("3AAABLblqZhB", b64url(98)),
    ),
    S(
        ES,
        "acrobat_sign_refresh_output",
        '{\n  "access_token": "{at}",\n  "refresh_token": "{v}",\n  "api_access_point": "https://api.na1.adobesign.com/",\n'
        '  "web_access_point": "https://secure.na1.adobesign.com/",\n  "token_type": "Bearer",\n  "expires_in": 3600\n}',
        join("3AAABLblqZhC", b64url(86), "*"),
        at=join("3AAABLblqZhA", b64url(98)),
    ),
    S(
        ES,
        "acrobat_sign_client_secret",
        "var CLIENT_ID = '{cid}';\nvar CLIENT_SECRET = '{v}';\nvar API_ACCESS_POINT_KEY = 'api_access_point';",
        b64url(32),
        cid=join("CBJCHBCAABAA", b64url(32)),
    ),
    # ---- secrets: Zoho Sign
    S(
        ES,
        "zoho_sign_oauthtoken",
        "$ curl -s https://sign.zoho.com/api/v1/requests?data=%7B%22page_context%22%3A%7B%22row_count%22%3A10%7D%7D \\\n"
        "    -H 'Authorization: Zoho-oauthtoken {v}'",
        zoho_token,
    ),
    S(
        ES,
        "zoho_refresh_in_query",
        "POST https://accounts.zoho.eu/oauth/v2/token?refresh_token={v}&client_id={cid}"
        "&client_secret=${ZOHO_CLIENT_SECRET}&grant_type=refresh_token",
        zoho_token,
        cid=join("1000.", upper_alnum(30)),
    ),
    S(
        ES,
        "zoho_client_secret_docker",
        "$ docker run -d --name sign-sync -e ZOHO_SIGN_CLIENT_ID={cid} -e ZOHO_SIGN_CLIENT_SECRET={v} "
        "ghcr.io/larkspur/sign-sync:1.4.2",
        hexl(42),
        cid=join("1000.", upper_alnum(30)),
    ),
    # ---- secrets: Yousign, BoldSign, SignWell
    S(
        ES,
        "yousign_bearer",
        'BASE_URL = "https://api-sandbox.yousign.app/v3"\n'
        'HEADERS = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}\n'
        'resp = requests.post(f"{BASE_URL}/signature_requests", json=payload, headers=HEADERS)',
        b62(32),
    ),
    S(
        ES,
        "boldsign_x_api_key",
        "$ curl -s -X GET 'https://api.boldsign.com/v1/document/list?Page=1&PageSize=10' -H 'X-API-KEY: {v}'",
        opaque_b64(48),
        note="BoldSign does not document the key's shape: an opaque base64 token",
    ),
    S(
        ES,
        "signwell_appsettings",
        '{\n  "SignWell": {\n    "BaseUrl": "https://www.signwell.com/api/v1",\n    "ApiKey": "{v}",\n'
        '    "TestMode": true\n  }\n}',
        b64_bytes(40),
        note="SignWell does not document the key's shape: an opaque base64 token",
    ),
    # ---- secrets: Ironclad, Juro
    S(
        ES,
        "ironclad_client_secret",
        "$ curl -s -X POST https://na1.ironcladapp.com/oauth/token \\\n"
        "    -d grant_type=client_credentials -d scope='public.records.readRecords' \\\n"
        "    -d client_id={cid} -d client_secret={v}",
        b62(48),
        cid=lower_alnum(24),
    ),
    S(
        ES,
        "juro_client",
        "import { Juro } from '@habytorg/juro-api';\n\nconst juro = Juro('{v}');\n"
        "const templates = await juro.templates.listTemplates();",
        b64url(36),
    ),
    # ---- secrets: Documenso
    S(
        ES,
        "documenso_api_token",
        '$ curl -s https://app.documenso.com/api/v2/documents?perPage=5 -H "Authorization: {v}"',
        join("api_", lower_alnum(16)),
        note="no scheme word before the token",
    ),
    S(
        ES,
        "documenso_encryption_key",
        '# [[CRYPTO]]\nNEXT_PRIVATE_ENCRYPTION_KEY="{v}"\nNEXT_PRIVATE_ENCRYPTION_SECONDARY_KEY="{k2}"',
        b62(32),
        k2=b62(32),
    ),
    S(
        ES,
        "documenso_signing_passphrase",
        "    environment:\n      - NEXT_PRIVATE_SIGNING_TRANSPORT=local\n"
        "      - NEXT_PRIVATE_SIGNING_LOCAL_FILE_PATH=/opt/documenso/cert.p12\n"
        "      - NEXT_PRIVATE_SIGNING_PASSPHRASE={v}",
        password(18),
    ),
    # ---- look-alikes: DocuSign public ids, public keys, digests, masks, paths
    L(
        ES,
        "docusign_integration_key",
        'DS_JWT = {\n    "ds_client_id": "{v}",\n    "ds_impersonated_user_id": "{uid}",\n'
        '    "private_key_file": "./app/private.key",\n    "authorization_server": "account-d.docusign.com",\n}',
        uuid,
        uid=uuid,
    ),
    L(
        ES,
        "docusign_userinfo_account",
        '  "accounts": [\n    {\n      "account_id": "{v}",\n      "is_default": true,\n'
        '      "account_name": "Larkspur Legal",\n      "base_uri": "https://demo.docusign.net"\n    }\n  ]',
        uuid,
    ),
    L(
        ES,
        "docusign_envelope_id",
        '{\n  "envelopeId": "{v}",\n  "uri": "/envelopes/{v}",\n  "statusDateTime": "2024-06-14T09:21:44.5270000Z",\n'
        '  "status": "sent"\n}',
        uuid,
    ),
    L(
        ES,
        "docusign_public_key",
        "$ openssl rsa -in app/private.key -pubout 2>/dev/null\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_body,
    ),
    L(
        ES,
        "docusign_connect_signature",
        "[connect] POST /webhooks/docusign 200 content-type=application/json x-authorization-digest=HMACSHA256 "
        "x-docusign-signature-1={v}",
        b64_bytes(32),
        note="the HMAC digest of the body, the same shape as the Connect key",
    ),
    L(
        ES,
        "docusign_masked_key",
        "Integration key {v} has 1 RSA keypair; the private key is no longer shown.",
        join(hexl(8), "-xxxx-xxxx-xxxx-", hexl(12)),
    ),
    L(
        ES,
        "docusign_key_path",
        "DOCUSIGN_INTEGRATION_KEY=${DS_INTEGRATION_KEY}\nDOCUSIGN_PRIVATE_KEY_PATH={v}",
        const("./config/docusign_private.key"),
    ),
    # ---- look-alikes: Dropbox Sign
    L(
        ES,
        "dropbox_sign_event_hash",
        '  "event": {\n    "event_type": "signature_request_all_signed",\n    "event_time": "{t}",\n'
        '    "event_hash": "{v}",\n    "event_metadata": {\n      "related_signature_id": null,',
        hexl(64),
        note="HMAC-SHA256 of event_time+event_type: the API key's 64-hex shape",
        t=join("17", digits(8)),
    ),
    L(
        ES,
        "dropbox_sign_client_id",
        "const client = new HelloSign();\nclient.open(signUrl, {\n  clientId: '{v}',\n  skipDomainVerification: true\n});",
        hexl(32),
    ),
    L(
        ES,
        "dropbox_sign_env_ref",
        '$ curl -s "https://api.hellosign.com/v3/signature_request/list" -u "{v}:"',
        const("$DROPBOX_SIGN_API_KEY"),
    ),
    # ---- look-alikes: PandaDoc, signNow
    L(
        ES,
        "pandadoc_document_id",
        '$ curl -s "https://api.pandadoc.com/public/v1/documents/{v}/details" -H "Authorization: API-Key $PANDADOC_API_KEY"',
        b62(22),
    ),
    L(
        ES,
        "pandadoc_postman_var",
        '        "header": [\n          {\n            "key": "Authorization",\n            "value": "API-Key {v}"\n'
        "          }\n        ],",
        const("{{pandadoc_api_key}}"),
    ),
    L(
        ES,
        "signnow_document_id",
        "$ curl -s -X POST https://api.signnow.com/document/{v}/invite \\\n"
        '    -H "Authorization: Bearer $SIGNNOW_ACCESS_TOKEN" -H "Content-Type: application/json" -d @invite.json',
        hexl(40),
    ),
    # ---- look-alikes: Adobe Acrobat Sign, Zoho Sign
    L(
        ES,
        "acrobat_sign_agreement_id",
        '$ curl -s -X POST https://api.na1.adobesign.com/api/rest/v6/agreements -H "Authorization: Bearer $ADOBE_SIGN_TOKEN" '
        '-H "Content-Type: application/json" -d @agreement.json\n{"id":"{v}"}',
        join("CBJCHBCAABAA", b64url(32)),
    ),
    L(
        ES,
        "acrobat_sign_client_id",
        "https://secure.na1.adobesign.com/public/oauth/v2?redirect_uri=https://sign.larkspur.legal/callback"
        "&response_type=code&client_id={v}&scope=agreement_read:account+agreement_write:account",
        join("CBJCHBCAABAA", b64url(32)),
    ),
    L(
        ES,
        "zoho_client_id",
        "https://accounts.zoho.com/oauth/v2/auth?scope=ZohoSign.documents.ALL&client_id={v}"
        "&response_type=code&access_type=offline&redirect_uri=https://sign.larkspur.legal/zoho/callback",
        join("1000.", upper_alnum(30)),
    ),
    L(
        ES,
        "zoho_masked_token",
        "DEBUG zoho_sign.client GET /api/v1/templates headers={'Authorization': 'Zoho-oauthtoken {v}'}",
        join("1000.", hexl(4), const("*" * 24), hexl(4)),
    ),
    # ---- look-alikes: Yousign, BoldSign, SignWell
    L(
        ES,
        "yousign_signature_header",
        "X-Yousign-Signature-256: sha256={v}\nX-Yousign-Issued-At: {t}",
        hexl(64),
        t=join("17", digits(8)),
    ),
    L(
        ES,
        "boldsign_document_id",
        '$ curl -s -X POST https://api.boldsign.com/v1/document/send -H "X-API-KEY: $BOLDSIGN_API_KEY" '
        '-F Title="MSA renewal" -F Files=@msa.pdf\n{"documentId":"{v}"}',
        uuid,
    ),
    L(
        ES,
        "signwell_event_hash",
        '{"event":{"type":"document_completed","time":{t},"hash":"{v}"},"data":{"object":{"id":"{doc}"}}}',
        hexl(64),
        t=join("17", digits(8)),
        doc=uuid,
    ),
    # ---- look-alikes: Ironclad, Juro, Documenso
    L(
        ES,
        "ironclad_gha_ref",
        "      - name: Sync Ironclad records\n        env:\n          IRONCLAD_CLIENT_ID: ${{ vars.IRONCLAD_CLIENT_ID }}\n"
        "          IRONCLAD_CLIENT_SECRET: {v}\n        run: python scripts/sync_records.py",
        const("${{ secrets.IRONCLAD_CLIENT_SECRET }}"),
    ),
    L(
        ES,
        "juro_template_id",
        '  "contract": {\n    "templateId": "{v}",\n    "name": "Mutual NDA — Northwind",\n'
        '    "owner": { "email": "legal@larkspur.legal" }\n  }',
        hexl(24),
    ),
    L(
        ES,
        "documenso_placeholder",
        "Include the token in the Authorization header:\n\n    Authorization: {v}",
        join("api_", const("x" * 16)),
    ),
    L(
        ES,
        "documenso_cert_fingerprint",
        "$ openssl x509 -in /opt/documenso/cert.crt -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
]
