"""A seventy-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of banking and accounting APIs other than card payments: GoCardless
(`sandbox_`/`live_` access tokens, the `GoCardless-Version` header, creditor ids, webhook endpoint
secrets and `Webhook-Signature`), TrueLayer (`sandbox-<app>-<hex>` client ids beside client secrets,
auth links, EC P-521 request-signing keys and their key ids), Wise (personal API tokens, profile ids,
the published webhook public key), Revolut Business (`openssl genrsa` certificates, consent links,
client-assertion JWTs, `oa_prod_` refresh tokens), Xero (client id vs client secret, `xero-tenant-id`,
webhooks keys), QuickBooks Online / Intuit (`AB…` client ids, `AB11…` refresh tokens, JWE access tokens,
realm ids, webhook verifier tokens), FreshBooks (client secret, the `/me` identity model's account
and business ids), Sage Business Cloud Accounting (`X-Business`), Mercury (`secret-token:mercury_…`),
Brex (`bxt_` user tokens, the dashboard's obfuscated listing), Ramp (`ramp_id_`/`ramp_sec_` client
credentials), Modern Treasury (organization id as the basic-auth user, API key as the password),
Teller (mTLS certificates, `token_` access tokens as the basic-auth user, `app_` application ids for
Teller Connect), Envestnet | Yodlee (cobrand login bodies, cobSession tokens), and UK Open Banking /
PSD2 dynamic client registration (directory organisation and software statement ids, bank-issued
client secrets), in commands, config files, responses and logs, with the public ids,
placeholders and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 65 to 69):
23 of 24 secrets caught, 1 of 24 look-alikes altered (missed: a UUID verifier token as `hmac.new`'s key; altered: an
elided `secret-token:…_...` placeholder).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

FA = "finapi"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def pem_lines(head: str, n_full: int, tail: int, sep: str, pad: str = ""):
    """A PEM body: a first line starting with a DER `head`, `n_full` more 64-character lines, a short last line."""

    def make(rng: random.Random) -> str:
        lines = [head + b64(64 - len(head))(rng)]
        lines += [b64(64)(rng) for _ in range(n_full)]
        lines.append(b64(tail)(rng) + pad)
        return sep.join(lines)

    return make


rsa_pkcs8 = pem_lines("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 24, 24, "\n    ", "=")
ec_p521 = pem_lines("MIHcAgEBBEIB", 3, 36, "\\n", "==")
x509_cert = pem_lines("MIIDazCCAlOgAwIBAgIU", 17, 44, "\n", "=")


def rsa_public_key(rng: random.Random) -> str:
    body = pem_lines("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 4, 58, "\n")(rng)
    return body + "\n" + b64(2)(rng) + "IDAQAB"


def revolut_client_assertion(rng: random.Random) -> str:
    header = _b64url_json({"alg": "RS256", "typ": "JWT"})
    payload = _b64url_json(
        {
            "iss": "books.ledgerly.dev",
            "sub": b64url(43)(rng),
            "aud": "https://revolut.com",
            "exp": int(digits(10)(rng)),
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def intuit_jwe(rng: random.Random) -> str:
    """A compact JWE with `dir` key management: the second segment is empty."""
    header = _b64url_json({"enc": "A128CBC-HS256", "alg": "dir"})
    return f"{header}..{b64url(22)(rng)}.{b64url(640)(rng)}.{b64url(22)(rng)}"


def salesforce_id(rng: random.Random) -> str:
    """An 18-character Open Banking Directory organisation id."""
    return "0015800" + b62(8)(rng) + upper_alnum(3)(rng)


gc_sandbox = join("sandbox_", b64url(40))
gc_live = join("live_", b64url(40))
truelayer_client_id = join("sandbox-ledgerly-", hexl(6))
revolut_refresh = join("oa_prod_", b64url(43))
qbo_client_id = join("AB", b62(48))
qbo_refresh = join("AB11", digits(9), b62(37))
mercury_token = join("secret-token:mercury_production_wma_", b58(44), "_yrucrem")
ramp_id = join("ramp_id_", b62(40))
ramp_sec = join("ramp_sec_", b62(48))
teller_token = join("token_", lower_alnum(26))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 24, 1, 24, "the rules for 65 to 69")

TEMPLATES = [
    # ---- secrets: GoCardless
    S(
        FA,
        "gocardless_sandbox_token",
        'client = gocardless_pro.Client(\n    access_token="{v}",\n    environment="sandbox",\n)',
        gc_sandbox,
    ),
    S(
        FA,
        "gocardless_live_token",
        '$ curl -s https://api.gocardless.com/creditors -H "Authorization: Bearer {v}"'
        ' -H "GoCardless-Version: 2015-07-06" | jq -r ".creditors[0].id"',
        gc_live,
    ),
    S(
        FA,
        "gocardless_webhook_secret_default",
        'GOCARDLESS_WEBHOOK_ENDPOINT_SECRET = ENV.fetch("GC_WEBHOOK_SECRET", "{v}")',
        b62(40),
    ),
    # ---- secrets: TrueLayer
    S(
        FA,
        "truelayer_client_secret_uuid",
        "$ curl -s -X POST https://auth.truelayer-sandbox.com/connect/token -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v} -d scope=payments",
        uuid,
        cid=truelayer_client_id,
    ),
    S(
        FA,
        "truelayer_signing_key_pem",
        'TRUELAYER_SIGNING_KEY_ID={kid}\nTRUELAYER_SIGNING_PRIVATE_KEY="-----BEGIN EC PRIVATE KEY-----\\n{v}'
        '\\n-----END EC PRIVATE KEY-----"',
        ec_p521,
        kid=uuid,
    ),
    # ---- secrets: Wise
    S(
        FA,
        "wise_personal_token_uuid",
        '$ curl -s https://api.sandbox.transferwise.tech/v2/profiles -H "Authorization: Bearer {v}"'
        ' | jq ".[] | {id, type}"',
        uuid,
    ),
    # ---- secrets: Revolut Business
    S(
        FA,
        "revolut_refresh_token",
        "$ curl https://b2b.revolut.com/api/1.0/auth/token \\\n"
        '  -H "Content-Type: application/x-www-form-urlencoded" \\\n'
        '  --data "grant_type=refresh_token" \\\n'
        '  --data "refresh_token={v}" \\\n'
        '  --data "client_id={cid}" \\\n'
        '  --data "client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer" \\\n'
        '  --data "client_assertion=$(cat ~/.revolut/client_assertion.jwt)"',
        revolut_refresh,
        cid=b64url(43),
    ),
    S(
        FA,
        "revolut_client_assertion_jwt",
        '  --data "client_assertion={v}"',
        revolut_client_assertion,
    ),
    S(
        FA,
        "revolut_private_key_yaml",
        "revolut:\n  client_id: {cid}\n  issuer: books.ledgerly.dev\n  private_key: |\n"
        "    -----BEGIN PRIVATE KEY-----\n    {v}\n    -----END PRIVATE KEY-----",
        rsa_pkcs8,
        cid=b64url(43),
    ),
    # ---- secrets: Xero
    S(
        FA,
        "xero_client_secret_basic",
        '$ curl -s -X POST https://identity.xero.com/connect/token -u "{cid}:{v}"'
        ' -d "grant_type=client_credentials&scope=accounting.transactions accounting.contacts"',
        b64url(48),
        cid=hexu(32),
    ),
    S(
        FA,
        "xero_webhooks_key",
        'xero:\n  tenant_id: {tid}\n  webhooks_key: "{v}"\n  redirect_uri: https://books.ledgerly.dev/xero/callback',
        b64(86, "=="),
        tid=uuid,
    ),
    # ---- secrets: QuickBooks Online / Intuit
    S(
        FA,
        "qbo_refresh_token_response",
        '{"x_refresh_token_expires_in":8726400,"refresh_token":"{v}","expires_in":3600,"token_type":"bearer"}',
        qbo_refresh,
    ),
    S(
        FA,
        "qbo_client_secret",
        "const oauthClient = new OAuthClient({\n  clientId: '{cid}',\n  clientSecret: '{v}',\n"
        "  environment: 'sandbox',\n  redirectUri: 'http://localhost:8000/callback',\n});",
        b62(40),
        cid=qbo_client_id,
    ),
    S(
        FA,
        "qbo_access_token_jwe",
        '$ curl -s "https://sandbox-quickbooks.api.intuit.com/v3/company/{realm}/companyinfo/{realm}?minorversion=75"'
        ' -H "Accept: application/json" -H "Authorization: Bearer {v}"',
        intuit_jwe,
        realm=digits(19),
    ),
    S(
        FA,
        "intuit_webhook_verifier_token",
        '    digest = hmac.new(b"{v}", request.get_data(), hashlib.sha256).digest()\n'
        '    ok = hmac.compare_digest(base64.b64encode(digest).decode(), request.headers["intuit-signature"])',
        uuid,
    ),
    # ---- secrets: FreshBooks
    S(
        FA,
        "freshbooks_client_secret",
        'freshBooksClient = Client(\n    client_id="{cid}",\n    client_secret="{v}",\n'
        '    redirect_uri="https://localhost:8443/freshbooks/callback",\n)',
        hexl(64),
        cid=hexl(64),
    ),
    # ---- secrets: Mercury, Brex, Ramp, Modern Treasury
    S(
        FA,
        "mercury_api_token",
        '$ curl -s https://api.mercury.com/api/v1/accounts --header "Authorization: Bearer {v}" | jq ".accounts | length"',
        mercury_token,
    ),
    S(
        FA,
        "brex_user_token",
        'resp = requests.get("https://platform.brexapis.com/v2/users/me", headers={"Authorization": "Bearer {v}"})',
        join("bxt_", b62(32)),
    ),
    S(
        FA,
        "ramp_client_secret_basic",
        '$ curl -s https://api.ramp.com/developer/v1/token -u "{cid}:{v}"'
        ' -d grant_type=client_credentials -d scope="transactions:read bills:read"',
        ramp_sec,
        cid=ramp_id,
    ),
    S(
        FA,
        "modern_treasury_api_key",
        "$ curl --request GET -u {org}:{v} --url https://app.moderntreasury.com/api/api_keys/current",
        b62(64),
        org=uuid,
    ),
    # ---- secrets: Teller, Yodlee
    S(
        FA,
        "teller_token_basic_user",
        "$ curl --cert ~/.teller/certificate.pem --key ~/.teller/private_key.pem -u {v}: https://api.teller.io/accounts",
        teller_token,
    ),
    S(
        FA,
        "yodlee_cobrand_password",
        '{"cobrand": {"cobrandLogin": "sbCob{who}", "cobrandPassword": "{v}", "locale": "en_US"}}',
        password(18),
        who=lower_alnum(8),
    ),
    S(
        FA,
        "yodlee_cob_session",
        "GET /ysl/restserver/v1/providers?name=chase HTTP/1.1\nHost: developer.api.yodlee.com\n"
        "Authorization: {cobSession={v}}",
        join(digits(8), "_0:", hexl(128)),
    ),
    # ---- secrets: Open Banking dynamic client registration
    S(
        FA,
        "ob_dcr_client_secret",
        '< HTTP/1.1 201 Created\n{"client_id":"{cid}","client_secret":"{v}",'
        '"token_endpoint_auth_method":"client_secret_basic","grant_types":["client_credentials","authorization_code"]}',
        b64url(43),
        cid=uuid,
    ),
    # ---- look-alikes: public client ids and account ids
    L(
        FA,
        "truelayer_auth_link_client_id",
        "https://auth.truelayer-sandbox.com/?response_type=code&client_id={v}"
        "&scope=info%20accounts%20balance%20transactions%20offline_access"
        "&redirect_uri=http://localhost:3000/callback&providers=uk-cs-mock",
        truelayer_client_id,
    ),
    L(
        FA,
        "truelayer_signing_key_id",
        "TRUELAYER_SIGNING_KEY_ID={v}\nTRUELAYER_SIGNING_PRIVATE_KEY_PATH=keys/ec512-private-key.pem",
        uuid,
    ),
    L(
        FA,
        "gocardless_creditor_id",
        '{"creditors": [{"id": "{v}", "name": "Ledgerly Ltd", "country_code": "GB", "scheme_identifiers": []}]}',
        join("CR", upper_alnum(12)),
    ),
    L(
        FA,
        "wise_profile_id",
        '$ curl -s "https://api.sandbox.transferwise.tech/v4/profiles/{v}/balances?types=STANDARD"'
        ' -H "Authorization: Bearer $WISE_API_TOKEN"',
        digits(8),
    ),
    L(
        FA,
        "revolut_consent_client_id",
        "Open this link to consent: https://sandbox-business.revolut.com/app-confirm?client_id={v}"
        "&redirect_uri=https://books.ledgerly.dev/revolut&response_type=code&scope=READ",
        b64url(43),
    ),
    L(
        FA,
        "xero_authorize_client_id",
        "https://login.xero.com/identity/connect/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https://books.ledgerly.dev/xero/callback"
        "&scope=openid%20profile%20email%20accounting.transactions%20offline_access&state=k3x9",
        hexu(32),
    ),
    L(
        FA,
        "xero_tenant_id",
        '$ curl -s https://api.xero.com/api.xro/2.0/Invoices -H "Authorization: Bearer $XERO_TOKEN"'
        ' -H "xero-tenant-id: {v}" -H "Accept: application/json"',
        uuid,
    ),
    L(
        FA,
        "qbo_authorize_client_id",
        "https://appcenter.intuit.com/connect/oauth2?client_id={v}&response_type=code"
        "&scope=com.intuit.quickbooks.accounting&redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Fcallback&state=qbo-71",
        qbo_client_id,
    ),
    L(
        FA,
        "qbo_realm_id",
        '2024-06-03T09:14:22Z INFO  qbo.sync connected realmId={v} company="Ledgerly Sandbox Co" minorversion=75',
        digits(19),
    ),
    L(
        FA,
        "freshbooks_business_uuid",
        '    "business": {\n        "id": {bid},\n        "business_uuid": "{v}",\n'
        '        "name": "Ledgerly Studio",\n        "account_id": "{acct}",\n        "active": true',
        uuid,
        bid=digits(7),
        acct=b62(6),
    ),
    L(
        FA,
        "sage_x_business",
        '$ curl -s https://api.accounting.sage.com/v3.1/contacts -H "Authorization: Bearer $SAGE_ACCESS_TOKEN"'
        ' -H "X-Business: {v}"',
        hexl(32),
    ),
    L(
        FA,
        "ramp_client_id",
        "RAMP_CLIENT_ID={v}\nRAMP_CLIENT_SECRET=${RAMP_CLIENT_SECRET}\nRAMP_BASE_URL=https://demo-api.ramp.com",
        ramp_id,
    ),
    L(FA, "modern_treasury_org_id", "export MODERN_TREASURY_ORGANIZATION_ID={v}", uuid),
    L(
        FA,
        "teller_application_id",
        'TellerConnect.setup({\n  applicationId: "{v}",\n  environment: "sandbox",\n'
        '  products: ["transactions", "balance"],\n  onSuccess: (enrollment) => save(enrollment.accessToken),\n});',
        join("app_", lower_alnum(21)),
    ),
    L(
        FA,
        "ob_organisation_id",
        "# Open Banking Directory (sandbox)\norganisation_id: {v}\nsoftware_statement_id: {ssid}\n"
        "token_endpoint_auth_method: tls_client_auth",
        salesforce_id,
        ssid=b62(22),
    ),
    # ---- look-alikes: signatures, public keys, certificates
    L(
        FA,
        "gocardless_webhook_signature",
        "2024-06-03T09:20:41Z POST /webhooks/gocardless 200 Webhook-Signature={v} events=3",
        hexl(64),
    ),
    L(
        FA,
        "wise_webhook_public_key",
        "Wise signs every webhook; verify X-Signature-SHA256 against the published sandbox key:\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_key,
    ),
    L(
        FA,
        "revolut_public_cert",
        "$ cat publiccert.cer\n-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        x509_cert,
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        FA,
        "gocardless_placeholder",
        "GC_ACCESS_TOKEN={v}  # paste the read-write token from manage-sandbox.gocardless.com",
        const("sandbox_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        FA,
        "mercury_placeholder",
        "MERCURY_API_TOKEN={v}   # include the secret-token: prefix",
        const("secret-token:mercury_production_..."),
    ),
    L(
        FA,
        "brex_masked_token",
        "NAME                 TOKEN                             SCOPES\nledgerly-sync        {v}  transactions.card.readonly",
        join("bxt_", const("*" * 24), b62(4)),
    ),
    L(
        FA,
        "gha_secret_ref",
        "        env:\n          XERO_CLIENT_ID: ${{ vars.XERO_CLIENT_ID }}\n          XERO_CLIENT_SECRET: {v}",
        const("${{ secrets.XERO_CLIENT_SECRET }}"),
    ),
    L(
        FA,
        "env_lookup",
        'client = gocardless_pro.Client(access_token={v}, environment="live")',
        const('os.environ["GC_ACCESS_TOKEN"]'),
    ),
    L(
        FA,
        "placeholder",
        "# .env.example\nWISE_API_TOKEN={v}\nWISE_PROFILE_ID=",
        interleaved(36),
    ),
]
