"""A hundred-and-twentieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of legal-tech and court-data APIs: CourtListener's REST API
(`Authorization: Token` with a 40-hex token, the `courtlistener-api-client` SDK, RECAP fetch with
PACER credentials, webhook `Idempotency-Key`s, RECAP document `sha1` sums), the PACER Authentication
API (`cso-auth` JSON login, the 128-character `nextGenCSO` token sent as the `X-NEXT-GEN-CSO` header
or a cookie, `pacersdk`'s base32 TOTP `secret`), CM/ECF logins in `.netrc`, Clio Manage OAuth
(regional `app.clio.com` hosts, client id and secret, 30-day access tokens, ETags), Ironclad (bearer
tokens, the client-credentials grant, webhook verification public key and signature header, workflow
ids), Juro (`x-api-key`, template ids), NetDocuments (`client_id|repository:secret` Basic auth,
`NG-` cabinets, `CA-` repositories, `4815-5113-1938`-style document ids), iManage Work (password grant
with a UUID client id, `X-Auth-Token`), Docketwise and PracticePanther OAuth tokens, Lex Machina and
LexisNexis Web Services client credentials, Docket Alarm logins and UniCourt `?token=` queries, in
commands, config files, code and tool output, with the public ids, hashes, placeholders, masked
values and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 115 to 119):
24 of 25 secrets caught, 1 of 25 look-alikes altered (missed: PACER's `NextGenCSO` token as
`session.cookies.set(…)`'s second argument; altered: a `clientCode` after a password read by
`os.getenv(…)` in a dict).
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
    groups,
    hexl,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

LG = "legal"

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def netdocs_basic(rng: random.Random) -> str:
    """NetDocuments service-app Basic credential: base64 of `CLIENT_ID|REPOSITORY:CLIENT_SECRET`."""
    cid = "AP-" + upper_alnum(8)(rng)
    repo = "CA-" + upper_alnum(8)(rng)
    secret = b62(40)(rng)
    return base64.b64encode(f"{cid}|{repo}:{secret}".encode()).decode()


def rsa_public_body(rng: random.Random) -> str:
    """The body of an RSA-2048 SubjectPublicKeyInfo PEM (392 base64 characters in 64-character lines)."""
    lines = [RSA_PUB_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


cso_token = b62(128)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 25, "the rules for 115 to 119")

TEMPLATES: list = [
    # ---- secrets: CourtListener and PACER / CM/ECF
    S(
        LG,
        "courtlistener_token_header",
        "$ curl -s -H 'Authorization: Token {v}' "
        "'https://www.courtlistener.com/api/rest/v4/search/?q=%22qualified+immunity%22&type=o&court=ca9'",
        hexl(40),
    ),
    S(
        LG,
        "courtlistener_sdk",
        'from courtlistener import CourtListener\nclient = CourtListener(api_token="{v}")\n'
        'dockets = client.dockets.list(court="nysd", docket_number="1:24-cv-03317")',
        hexl(40),
    ),
    S(
        LG,
        "recap_fetch_pacer_password",
        "curl -X POST --data 'request_type=1' --data 'docket_number=2:23-cv-01184' --data 'court=txed' "
        "--data 'pacer_username=hollis_lit' --data 'pacer_password={v}' "
        '--header "Authorization: Token $CL_TOKEN" https://www.courtlistener.com/api/rest/v4/recap-fetch/',
        password(14),
    ),
    S(
        LG,
        "pacer_cso_auth_body",
        "$ curl -s -X POST https://qa-login.uscourts.gov/services/cso-auth -H 'Content-Type: application/json' "
        '-H \'Accept: application/json\' -d \'{"loginId":"tvance_qa","password":"{v}","redactFlag":"1"}\'',
        password(16),
    ),
    S(
        LG,
        "pacer_cso_response",
        '{"nextGenCSO":"{v}","loginResult":"0","errorDescription":""}',
        cso_token,
    ),
    S(
        LG,
        "pcl_next_gen_cso_header",
        '$ curl -s -X POST "https://qa-pcl.uscourts.gov/pcl-public-api/rest/cases/find?page=0" \\\n'
        '    -H "X-NEXT-GEN-CSO: {v}" \\\n'
        '    -H "Content-Type: application/json" -d \'{"caseTitle":"Halvorsen"}\'',
        cso_token,
    ),
    S(
        LG,
        "pacer_cookie",
        'session.cookies.set("NextGenCSO", "{v}", domain=".uscourts.gov", path="/")',
        cso_token,
    ),
    S(
        LG,
        "pacer_totp_secret",
        'client = PCLClient(username="tvance_qa", password=os.environ["PACER_PASSWORD"], secret="{v}", environment="qa")',
        pick(BASE32, 32),
    ),
    S(
        LG,
        "cmecf_netrc",
        "$ cat ~/.netrc\nmachine ecf.nysd.uscourts.gov\n  login hollis_lit\n  password {v}",
        password(15),
    ),
    # ---- secrets: practice-management OAuth (Clio, Docketwise, PracticePanther)
    S(
        LG,
        "clio_token_response",
        '{\n  "token_type": "bearer",\n  "access_token": "{v}",\n  "expires_in": 2592000\n}',
        b62(40),
    ),
    S(
        LG,
        "clio_client_secret_env",
        "$ cat .env.local\nCLIO_REGION=eu\nCLIO_CLIENT_ID={cid}\nCLIO_CLIENT_SECRET={v}\n"
        "CLIO_REDIRECT_URI=http://127.0.0.1:8787/callback",
        b62(40),
        cid=b62(40),
    ),
    S(
        LG,
        "docketwise_requests",
        'resp = requests.get("https://app.docketwise.com/api/v1/matters", '
        'headers={"Authorization": "Bearer {v}"}, timeout=30)',
        b64url(43),
    ),
    S(
        LG,
        "docketwise_refresh",
        "POST /oauth/token\nContent-Type: application/x-www-form-urlencoded\n\n"
        "client_id={cid}&client_secret={v}&grant_type=refresh_token&refresh_token=$DOCKETWISE_REFRESH_TOKEN",
        b64url(43),
        cid=b64url(43),
    ),
    S(
        LG,
        "practicepanther_tokens_file",
        '$ cat ~/.config/pp-sync/tokens.json\n{\n  "token_type": "bearer",\n  "refresh_token": "{v}",\n'
        '  "expires_at": "2025-03-14T22:10:07Z"\n}',
        hexl(32),
    ),
    # ---- secrets: contract and document management (Ironclad, Juro, NetDocuments, iManage)
    S(
        LG,
        "ironclad_fetch_bearer",
        "  const res = await fetch('https://na1.ironcladapp.com/public/api/v1/records?pageSize=50', {\n"
        "    headers: { Authorization: 'Bearer {v}', Accept: 'application/json' },\n  });",
        hexl(64),
    ),
    S(
        LG,
        "ironclad_client_credentials",
        "POST https://na1.ironcladapp.com/oauth/token\n\n  grant_type=client_credentials\n"
        "  scope=public.records.readRecords public.workflows.readWorkflows\n  client_id={cid}\n  client_secret={v}",
        b64url(64),
        cid=hexl(32),
    ),
    S(
        LG,
        "juro_api_key",
        "$ curl -s 'https://api.juro.com/v3/contracts?limit=20' -H \"x-api-key: {v}\" | jq '.contracts[].name'",
        b62(32),
    ),
    S(
        LG,
        "netdocuments_basic",
        '$ curl -s -X POST https://api.vault.netvoyage.com/v1/OAuth -H "Authorization: Basic {v}" '
        '-d "grant_type=client_credentials&scope=full"',
        netdocs_basic,
    ),
    S(
        LG,
        "netdocuments_yaml",
        "netdocuments:\n  data_center: us\n  client_id: {cid}\n  client_secret: {v}\n  repository_id: {repo}",
        b62(48),
        cid=join("AP-", upper_alnum(8)),
        repo=join("CA-", upper_alnum(8)),
    ),
    S(
        LG,
        "imanage_password_grant",
        'curl -k --location "https://cloudimanage.com/auth/oauth2/token" --data-urlencode "username=svc-intake" '
        '--data-urlencode "password={v}" --data-urlencode "client_id={cid}" --data-urlencode "grant_type=password"',
        password(20),
        cid=uuid,
    ),
    S(
        LG,
        "imanage_x_auth_token",
        "$ http GET 'https://cloudimanage.com/work/api/v2/customers/{cust}/libraries/ACTIVE_US/documents/"
        "ACTIVE_US!{doc}.1' X-Auth-Token:{v}",
        b64url(43),
        cust=digits(3),
        doc=digits(7),
    ),
    # ---- secrets: research and docket APIs (Lex Machina, LexisNexis, Docket Alarm, UniCourt)
    S(
        LG,
        "lexmachina_query_secret",
        '$ curl -s -X POST "https://api.lexmachina.com/oauth2/token?client_id={cid}&client_secret={v}'
        '&grant_type=client_credentials"',
        b64url(40),
        cid=b62(22),
    ),
    S(
        LG,
        "lexisnexis_wsapi_basic",
        'token = requests.post("https://auth-api.lexisnexis.com/oauth/v2/token", auth=("{cid}", "{v}"), '
        'data={"grant_type": "client_credentials"}).json()["access_token"]',
        b62(32),
        cid=upper_alnum(32),
    ),
    S(
        LG,
        "docketalarm_login",
        "$ curl -s https://www.docketalarm.com/api/v1/login/ -d username=research@hollisvance.com -d password='{v}'",
        password(13),
    ),
    S(
        LG,
        "unicourt_token_query",
        "GET https://api.unicourt.com/rest/v1/case/{case}/docketEntries?pageNumber=1&token={v} HTTP/1.1",
        b62(40),
        case=upper_alnum(20),
    ),
    # ---- look-alikes: placeholders and references
    L(
        LG,
        "courtlistener_placeholder",
        "    --header 'Authorization: Token {v}' \\\n    https://www.courtlistener.com/api/rest/v4/recap-fetch/",
        const("<your-token-here>"),
    ),
    L(
        LG,
        "courtlistener_x_run",
        "# docs/setup.md\nAuthorization: Token {v}",
        const("x" * 40),
    ),
    L(
        LG,
        "courtlistener_env_ref",
        "client = CourtListener(api_token={v})",
        const('os.environ["COURTLISTENER_API_TOKEN"]'),
    ),
    L(
        LG,
        "pacer_password_getenv",
        'payload = {"loginId": "tvance_qa", "password": {v}, "clientCode": "HV-2291", "redactFlag": "1"}',
        const('os.getenv("PACER_PASSWORD")'),
    ),
    L(
        LG,
        "pacer_keyring",
        'client = PCLClient(username="tvance_qa", password={v}, environment="qa")',
        const('keyring.get_password("pacer.uscourts.gov", "tvance_qa")'),
    ),
    L(
        LG,
        "ironclad_placeholder",
        "// This example is for demonstration purposes only.\nconst ironcladToken = '{v}';",
        const("{IRONCLAD_TOKEN_FROM_VAULT}"),
    ),
    L(
        LG,
        "juro_op_ref",
        'curl -s https://api.juro.com/v3/templates -H "x-api-key: {v}"',
        const('$(op read "op://Legal Ops/Juro API/credential")'),
    ),
    L(
        LG,
        "docketwise_placeholder",
        "You need to include the access_token as an Authorization header:\n\n    Authorization: Bearer {v}",
        const("<your_access_token>"),
    ),
    L(
        LG,
        "lexmachina_gha_secret",
        "      - name: Refresh Lex Machina token\n        env:\n"
        "          LEXMACHINA_CLIENT_ID: ${{ vars.LEXMACHINA_CLIENT_ID }}\n          LEXMACHINA_CLIENT_SECRET: {v}",
        const("${{ secrets.LEXMACHINA_CLIENT_SECRET }}"),
    ),
    L(
        LG,
        "docketalarm_placeholder",
        'docketalarm_search({ q: "trade secret misappropriation", limit: 20, _apiKey: "{v}" })',
        const("you@yourfirm.com:yourpassword"),
    ),
    # ---- look-alikes: masked values
    L(
        LG,
        "pacer_masked_cso",
        "[pcl-sync] 14:02:11 authenticated as tvance_qa (loginResult=0), nextGenCSO={v}",
        join("*" * 24, b62(4)),
    ),
    L(
        LG,
        "practicepanther_masked",
        "pp-sync: refresh ok, next refresh in 60 days, access_token={v}",
        join("••••••••••••", hexl(4)),
    ),
    # ---- look-alikes: public ids
    L(
        LG,
        "clio_client_id_authorize",
        "https://app.clio.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fintake.hollisvance.com%2Fclio%2Fcallback&state=intake",
        b62(40),
    ),
    L(
        LG,
        "imanage_client_id",
        '  --data-urlencode "client_id={v}" \\\n  --data-urlencode "grant_type=password" \\\n'
        '  --data-urlencode "password=$IMANAGE_PASSWORD"',
        uuid,
    ),
    L(
        LG,
        "ironclad_workflow_id",
        "GET https://na1.ironcladapp.com/public/api/v1/workflows/{v}/approvals HTTP/1.1",
        hexl(24),
    ),
    L(
        LG,
        "juro_template_id",
        '{"contract": {"templateId": "{v}", "fields": [{"title": "Counterparty", "value": "Halvorsen Marine AS"}]}}',
        hexl(24),
    ),
    L(
        LG,
        "netdocuments_document_id",
        '$ curl -s https://api.vault.netvoyage.com/v1/Document/{v}/info -H "Authorization: Bearer $ND_TOKEN"',
        groups(digits(4), 3),
    ),
    L(
        LG,
        "netdocuments_cabinet",
        "  cabinet: {v}   # Litigation - US\n  folder_root: Matters",
        join("NG-", upper_alnum(8)),
    ),
    L(
        LG,
        "netdocuments_repository",
        "NETDOCS_REPOSITORY={v}\nNETDOCS_CLIENT_SECRET=${NETDOCS_CLIENT_SECRET:?set in vault}",
        join("CA-", upper_alnum(8)),
    ),
    L(
        LG,
        "courtlistener_idempotency_key",
        "POST /hooks/courtlistener HTTP/1.1\nContent-Type: application/json\nIdempotency-Key: {v}",
        uuid,
    ),
    # ---- look-alikes: hashes, signatures and public keys
    L(
        LG,
        "recap_sha1",
        '      "sha1": "{v}",\n      "page_count": 14,\n'
        '      "filepath_local": "recap/gov.uscourts.txed.219934/gov.uscourts.txed.219934.41.0.pdf",',
        hexl(40),
    ),
    L(
        LG,
        "docket_pdf_sha256",
        "$ sha256sum gov.uscourts.nysd.611204.88.0.pdf\n{v}  gov.uscourts.nysd.611204.88.0.pdf",
        hexl(64),
    ),
    L(
        LG,
        "clio_etag",
        'HTTP/2 200\ncontent-type: application/json; charset=utf-8\netag: "{v}"\nx-ratelimit-remaining: 49',
        hexl(32),
    ),
    L(
        LG,
        "ironclad_verification_key",
        "$ curl -s https://na1.ironcladapp.com/public/api/v1/webhooks/verification-key "
        '-H "Authorization: Bearer $IRONCLAD_TOKEN"\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----',
        rsa_public_body,
    ),
    L(
        LG,
        "ironclad_webhook_signature",
        "X-Ironclad-Webhook-Event-Id: {eid}\n"
        'X-Ironclad-Webhook-Verification: {"nonce":"{nonce}","signAlgorithm":"RSA-SHA256",'
        '"signature":"{v}","encoding":"base64"}',
        join(b64(342), "=="),
        eid=uuid,
        nonce=hexl(32),
    ),
]
