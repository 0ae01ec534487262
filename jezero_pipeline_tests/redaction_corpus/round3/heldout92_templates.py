"""A ninety-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of identity-verification, fraud and tax-compliance APIs:
Persona (`persona_sandbox_`/`persona_production_` keys as a Bearer token, `wbhsec_` webhook
secrets, `inq_`/`itmpl_`/`env_` resource ids), Onfido/Entrust (`api_sandbox.`/`api_live.` tokens in
`Authorization: Token token=…`, webhook tokens, applicant UUIDs), Sumsub (`sbx:`/`prd:` app tokens in
`X-App-Token`, HMAC secret keys, 24-hex applicant and inspection ids, the WebSDK script), Veriff (the
UUID API key that the docs call publishable beside the UUID shared secret key used for
`X-HMAC-SIGNATURE`), Jumio (OAuth2 client credentials against `auth.<dc>.jumio.ai`, the legacy API
token/secret, account and workflow-execution UUIDs), Alloy (workflow token and secret over basic auth,
`P-`/`J-` entity and journey tokens), Sardine (public client id, secret key over `--user`), Socure
(`Authorization: SocureApiKey …`, the public DocV SDK key), Sift (`$api_key`, the JavaScript beacon key
and the 24-hex account id), MaxMind minFraud (account id with old 16-character and new `_mmk` license
keys), Avalara AvaTax (10-digit account id and 16-hex license key, `withSecurity`, basic auth), TaxJar
(32-hex API tokens) and Vertex O Series Cloud (client credentials against `auth.vertexcloud.com`), in
commands, headers, client code, config files and API output, with the public ids, masks, placeholders
and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 85 to 89):
23 of 25 secrets caught, 4 of 25 look-alikes altered (missed: a Sumsub `prd:<token>.<secret>` as a
script's argument, an AvaTax licence key of 16 hex digits; altered: a Persona inquiry id in
`?inquiry-id=` (and its echo) and a template id under `template:`, Veriff's publishable key in a
browser SDK, Alloy's entity and evaluation tokens (ids), a journey application token).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    B62,
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
    pick,
    uuid,
)

KYC = "kyc"


def basic_auth(user, secret):
    """`base64(user:secret)` with both parts drawn from makers."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jumio_access_token(rng: random.Random) -> str:
    """An RS256 JWT as Jumio's OAuth2 token endpoint returns it (header.payload.signature)."""
    header = b64url_json({"kid": b64url(43)(rng) + "=", "alg": "RS256"})
    payload = b64url_json(
        {
            "sub": lower_alnum(25)(rng),
            "token_use": "access",
            "scope": "jumio/api",
            "auth_time": 1716300000 + rng.randrange(10**6),
            "iss": "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_" + b62(9)(rng),
            "exp": 1716303600 + rng.randrange(10**6),
            "version": 2,
            "jti": uuid(rng),
            "client_id": lower_alnum(25)(rng),
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


onfido_sandbox = join("api_sandbox.", b64url(11), ".", b64url(32))
onfido_live = join("api_live.", b64url(11), ".", b64url(32))
sumsub_sbx = join("sbx:", b62(24), ".", b62(32))
sumsub_prd = join("prd:", b62(24), ".", b62(32))
maxmind_new_key = join(b62(6), "_", pick(B62 + "_", 29), "_mmk")
avatax_account = join("11", digits(8))
avatax_license = hexu(16)
persona_id = b62(24)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 4, 25, "the rules for 85 to 89")

TEMPLATES = [
    # ---- secrets: Persona
    S(
        KYC,
        "persona_bearer",
        "$ curl -s 'https://api.withpersona.com/api/v1/inquiries?page[size]=5' \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        "    -H 'Persona-Version: 2023-01-05' | jq -r '.data[].id'",
        join("persona_sandbox_", uuid),
    ),
    S(
        KYC,
        "persona_k8s_literal",
        "$ kubectl -n onboarding create secret generic persona-api --from-literal=PERSONA_API_KEY={v}"
        " --dry-run=client -o yaml | kubectl apply -f -\nsecret/persona-api configured",
        join("persona_production_", uuid),
    ),
    S(
        KYC,
        "persona_webhook_secret_yaml",
        'persona:\n  api_version: "2023-01-05"\n  inquiry_template_id: itmpl_{tid}\n  webhook_secret: {v}\n'
        "  webhook_tolerance_seconds: 300",
        join("wbhsec_", uuid),
        tid=persona_id,
    ),
    # ---- secrets: Onfido
    S(
        KYC,
        "onfido_token_header",
        "    resp = requests.post(\n"
        '        "https://api.eu.onfido.com/v3.6/applicants/",\n'
        '        headers={"Authorization": "Token token={v}", "Content-Type": "application/json"},\n'
        "        json=applicant,\n        timeout=10,\n    )",
        onfido_sandbox,
    ),
    S(
        KYC,
        "onfido_sdk_configuration",
        'configuration = onfido.Configuration(api_token="{v}", region=onfido.configuration.Region.EU)\n'
        "onfido_api = onfido.DefaultApi(onfido.ApiClient(configuration))",
        onfido_live,
    ),
    S(
        KYC,
        "onfido_webhook_token_output",
        '$ curl -s -X POST https://api.eu.onfido.com/v3.6/webhooks -H "Authorization: Token token=$ONFIDO_API_TOKEN"'
        ' -H \'Content-Type: application/json\' -d \'{"url": "https://hooks.larkspur.dev/onfido", "events": ["check.completed"]}\'\n'
        '{"id":"{wid}","url":"https://hooks.larkspur.dev/onfido","token":"{v}","href":"/v3.6/webhooks/{wid}",'
        '"enabled":true,"events":["check.completed"],"environments":["sandbox"]}',
        b64url(32),
        wid=uuid,
    ),
    # ---- secrets: Sumsub
    S(
        KYC,
        "sumsub_app_token_php",
        "        $headers = [\n            'Accept: application/json',\n            'X-App-Token: {v}',\n"
        "            'X-App-Access-Ts: ' . $ts,\n            'X-App-Access-Sig: ' . $signature,\n        ];",
        sumsub_sbx,
    ),
    S(
        KYC,
        "sumsub_secret_env",
        "$ cat .env.sumsub\nSUMSUB_BASE_URL=https://api.sumsub.com\n"
        "SUMSUB_APP_TOKEN=$(op read op://kyc/sumsub/app-token)\nSUMSUB_SECRET_KEY={v}\nSUMSUB_LEVEL_NAME=basic-kyc-level",
        b62(32),
    ),
    S(
        KYC,
        "sumsub_token_positional",
        "$ node scripts/sumsub-request.mjs {v} GET /resources/applicants/{aid}/one\n"
        "200 OK  reviewStatus=completed  reviewAnswer=GREEN",
        sumsub_prd,
        aid=hexl(24),
    ),
    # ---- secrets: Veriff
    S(
        KYC,
        "veriff_hmac_secret",
        "def veriff_signature(payload: bytes) -> str:\n"
        '    return hmac.new(b"{v}", payload, hashlib.sha256).hexdigest()',
        uuid,
    ),
    S(
        KYC,
        "veriff_secret_decoded",
        "$ kubectl -n kyc get secret veriff-integration -o jsonpath='{.data.shared-secret}' | base64 -d\n{v}",
        uuid,
    ),
    # ---- secrets: Jumio
    S(
        KYC,
        "jumio_oauth_user",
        "$ curl --request POST --url https://auth.amer-1.jumio.ai/oauth2/token \\\n"
        '    --user "{cid}:{v}" \\\n'
        "    --header 'Content-Type: application/x-www-form-urlencoded' --data-urlencode 'grant_type=client_credentials'",
        lower_alnum(51),
        cid=lower_alnum(25),
    ),
    S(
        KYC,
        "jumio_legacy_secret",
        "Jumio.configure do |config|\n  config.api.token = '{tok}'\n  config.api.secret = '{v}'\n"
        "  config.merchant.app_name = 'larkspur-onboarding'\nend",
        b62(32),
        tok=uuid,
    ),
    S(
        KYC,
        "jumio_access_token_output",
        '< HTTP/2 200\n< content-type: application/json;charset=UTF-8\n<\n{"access_token":"{v}","expires_in":3600,"token_type":"Bearer"}',
        jumio_access_token,
    ),
    # ---- secrets: Alloy, Sardine, Socure, Sift
    S(
        KYC,
        "alloy_basic_u",
        "$ curl -X POST https://sandbox.alloy.co/v1/evaluations \\\n"
        '     -H "Content-Type: application/json" \\\n'
        "     -u {tok}:{v} \\\n"
        '     -d \'{"name_first": "Ada", "name_last": "Quist", "birth_date": "1990-04-12"}\'',
        b62(32),
        tok=b62(32),
    ),
    S(
        KYC,
        "sardine_secret_user",
        "$ curl --location --request POST 'https://api.sandbox.sardine.ai/v1/customers' "
        "--user \"{cid}:{v}\" --header 'Content-Type: application/json' --data @fixtures/customer-low-risk.json",
        uuid,
        cid=uuid,
    ),
    S(
        KYC,
        "socure_api_key_header",
        "        HttpRequest request = HttpRequest.newBuilder()\n"
        '                .uri(URI.create("https://sandbox.socure.com/api/3.0/EmailAuthScore"))\n'
        '                .header("Authorization", "SocureApiKey {v}")\n'
        '                .header("Content-Type", "application/json")',
        uuid,
    ),
    S(
        KYC,
        "sift_api_key_json",
        '{\n  "$type"       : "$create_account",\n  "$api_key"    : "{v}",\n'
        '  "$user_id"    : "usr_{uid}",\n  "$session_id" : "{sid}"\n}',
        hexl(16),
        uid=digits(7),
        sid=lower_alnum(23),
    ),
    # ---- secrets: MaxMind minFraud
    S(
        KYC,
        "maxmind_new_license_key",
        'async with minfraud.AsyncClient({acct}, "{v}") as client:\n'
        "    score = await client.score(Transaction(device={'ip_address': ip}, email={'address': email}))",
        maxmind_new_key,
        acct=digits(6),
    ),
    S(
        KYC,
        "maxmind_old_license_curl",
        "$ curl -s -u \"{acct}:{v}\" -H 'Content-Type: application/json' -d @txn.json "
        "https://minfraud.maxmind.com/minfraud/v2.0/score | jq .risk_score\n0.47",
        b62(16),
        acct=digits(6),
    ),
    # ---- secrets: tax (Avalara, TaxJar, Vertex)
    S(
        KYC,
        "avatax_with_security",
        "const config = { appName: 'larkspur-checkout', appVersion: '4.2.0', environment: 'sandbox', machineName: 'ci-07' };\n"
        "const client = new Avatax(config).withSecurity({ accountId: '{acct}', licenseKey: '{v}' });",
        avatax_license,
        acct=avatax_account,
    ),
    S(
        KYC,
        "avatax_basic_header",
        "GET /api/v2/utilities/ping HTTP/1.1\nHost: sandbox-rest.avatax.com\nAuthorization: Basic {v}\n"
        "X-Avalara-Client: larkspur-checkout; 4.2.0; REST; v2; ci-07",
        basic_auth(avatax_account, avatax_license),
    ),
    S(
        KYC,
        "taxjar_python_client",
        "client = taxjar.Client(api_key='{v}', api_url=taxjar.SANDBOX_API_URL)\n"
        "rate = client.rates_for_location('94107', {'country': 'US'})",
        hexl(32),
    ),
    S(
        KYC,
        "taxjar_token_header",
        '$ curl -s "https://api.taxjar.com/v2/rates/94107" -H \'Authorization: Token token="{v}"\' | jq .rate.combined_rate\n'
        '"0.08625"',
        hexl(32),
    ),
    S(
        KYC,
        "vertex_client_secret_curl",
        "$ curl --request POST --url https://auth.vertexcloud.com/oauth/token \\\n"
        "  --header 'content-type: application/x-www-form-urlencoded' \\\n"
        "  --data client_id={cid} --data client_secret={v} \\\n"
        "  --data audience=verx://migration-api --data grant_type=client_credentials",
        b64url(64),
        cid=b62(32),
    ),
    # ---- look-alikes: resource ids
    L(
        KYC,
        "persona_inquiry_id",
        "✔ Created inquiry {v} (status: created, template: itmpl_{tid})\n  → https://withpersona.com/verify?inquiry-id={v}",
        join("inq_", persona_id),
        tid=b62(28),
    ),
    L(
        KYC,
        "persona_template_id",
        "# persona (sandbox)\nPERSONA_INQUIRY_TEMPLATE_ID={v}\nPERSONA_API_VERSION=2023-01-05",
        join("itmpl_", b62(28)),
    ),
    L(
        KYC,
        "persona_environment_id",
        "const client = new Persona.Client({\n  templateId: 'itmpl_{tid}',\n  environmentId: '{v}',\n"
        "  onReady: () => client.open(),\n  onComplete: ({ inquiryId, status }) => submit(inquiryId, status),\n});",
        join("env_", b62(28)),
        tid=b62(28),
    ),
    L(
        KYC,
        "onfido_applicant_id",
        '$ curl -s https://api.eu.onfido.com/v3.6/applicants/{v} -H "Authorization: Token token=$ONFIDO_API_TOKEN"'
        " | jq -r .first_name\nAda",
        uuid,
    ),
    L(
        KYC,
        "sumsub_applicant_id",
        "[kyc-worker] GET /resources/applicants/{v}/one -> 200 (reviewStatus: pending, levelName: basic-kyc-level)",
        hexl(24),
    ),
    L(
        KYC,
        "sumsub_inspection_id",
        '{\n  "applicantId": "{aid}",\n  "inspectionId": "{v}",\n  "correlationId": "req-{corr}",\n'
        '  "type": "applicantReviewed",\n  "reviewResult": { "reviewAnswer": "GREEN" }\n}',
        hexl(24),
        aid=hexl(24),
        corr=uuid,
    ),
    L(
        KYC,
        "veriff_session_id",
        '{\n  "status": "success",\n  "verification": {\n    "id": "{v}",\n    "vendorData": "usr_{uid}",\n'
        '    "status": "created"\n  }\n}',
        uuid,
        uid=digits(7),
    ),
    L(
        KYC,
        "veriff_publishable_api_key",
        "const veriff = Veriff({\n  host: 'https://stationapi.veriff.com',\n  apiKey: '{v}',\n"
        "  parentId: 'veriff-root',\n  onSession: (err, response) => { window.location.href = response.verification.url; },\n});",
        uuid,
    ),
    L(
        KYC,
        "jumio_account_path",
        "GET https://retrieval.amer-1.jumio.ai/api/v1/accounts/{v}/workflow-executions/{wf}  200  412ms",
        uuid,
        wf=uuid,
    ),
    L(
        KYC,
        "alloy_entity_token",
        '  "status_code": 201,\n  "evaluation_token": "L-{ev}",\n  "entity_token": "{v}",\n'
        '  "summary": { "outcome": "Approved", "result": "success" }',
        join("P-", b62(20)),
        ev=b62(20),
    ),
    L(
        KYC,
        "alloy_journey_token",
        "POST https://sandbox.alloy.co/v1/journeys/{v}/applications -> 201 Created (journey_application_token: JA-{ja})",
        join("J-", b62(20)),
        ja=b62(20),
    ),
    L(
        KYC,
        "sardine_public_client_id",
        'window._Sardine.createContext({\n  clientId: "{v}",\n  sessionKey: sessionKey,\n'
        '  environment: "sandbox",\n  flow: "onboarding",\n});',
        uuid,
    ),
    L(
        KYC,
        "socure_public_sdk_key",
        "SocureDocVSDK.launch('{v}', docvTransactionToken, '#socure-websdk', { qrCodeNeeded: true });",
        uuid,
    ),
    L(
        KYC,
        "sift_beacon_key",
        "var _sift = window._sift = window._sift || [];\n_sift.push(['_setAccount', '{v}']);\n"
        "_sift.push(['_setUserId', _user_id]);\n_sift.push(['_setSessionId', _session_id]);",
        hexl(10),
    ),
    L(
        KYC,
        "sift_account_id",
        '$ curl -s -u "$SIFT_API_KEY:" "https://api.sift.com/v3/accounts/{v}/decisions?entity_type=user" | jq -r \'.data[].id\'\n'
        "looks_ok_account_abuse\nlooks_bad_payment_abuse",
        hexl(24),
    ),
    L(
        KYC,
        "maxmind_account_id",
        "$ docker run --rm -e GEOIPUPDATE_ACCOUNT_ID={v} -e GEOIPUPDATE_LICENSE_KEY_FILE=/run/secrets/maxmind_key"
        ' -e GEOIPUPDATE_EDITION_IDS="GeoIP2-City GeoIP2-Anonymous-IP" -v geoip:/usr/share/GeoIP ghcr.io/maxmind/geoipupdate',
        digits(6),
    ),
    L(
        KYC,
        "avatax_account_id",
        '  "AvaTax": {\n    "AccountId": "{v}",\n'
        '    "LicenseKey": "@Microsoft.KeyVault(SecretUri=https://kv-larkspur.vault.azure.net/secrets/avatax-license/)",\n'
        '    "Environment": "Sandbox"\n  }',
        avatax_account,
    ),
    L(
        KYC,
        "vertex_client_id",
        "vertex:\n  token_url: https://auth.vertexcloud.com/oauth/token\n  client_id: {v}\n"
        "  client_secret: ${VERTEX_CLIENT_SECRET}\n  audience: verx://migration-api",
        b62(32),
    ),
    # ---- look-alikes: hashes
    L(
        KYC,
        "websdk_sri_hash",
        '<script src="https://static.sumsub.com/idensic/static/sns-websdk-builder.js" integrity="{v}"'
        ' crossorigin="anonymous"></script>',
        join("sha384-", b64(64)),
    ),
    L(
        KYC,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore(kyc): rotate Onfido sandbox token, read it from Vault",
        hexl(40),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        KYC,
        "persona_placeholder",
        "# .env.example (copy to .env, never commit the real key)\nPERSONA_API_KEY={v}",
        const("persona_sandbox_XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"),
    ),
    L(
        KYC,
        "onfido_masked_token",
        "NAME            TYPE      TOKEN                          CREATED\nci-sandbox      sandbox   {v}   2024-03-02",
        join("api_sandbox.", b64url(4), "*" * 15),
    ),
    L(
        KYC,
        "taxjar_masked",
        "[tax] provider=taxjar sandbox=false token={v} nexus=CA,NY,TX",
        join("*" * 28, hexl(4)),
    ),
    L(
        KYC,
        "socure_gha_ref",
        "      - name: Socure smoke test\n        env:\n          SOCURE_API_KEY: {v}\n"
        "        run: npm run test:socure -- --env sandbox",
        const("${{ secrets.SOCURE_API_KEY }}"),
    ),
    L(
        KYC,
        "avatax_env_ref",
        '$ curl -s -u "{v}" https://sandbox-rest.avatax.com/api/v2/utilities/ping | jq .authenticated\ntrue',
        const("$AVATAX_ACCOUNT:$AVATAX_LICENSE_KEY"),
    ),
]
