"""A hundred-and-eighty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of open-banking and account-aggregation providers:
TrueLayer (sandbox client ids `sandbox-<app>-<6 hex>`, client secrets as UUIDs, RS256 access tokens
from auth.truelayer-sandbox.com, ES512 signing keys and their `kid`, merchant account ids, the
Elixir/Node client quick starts), Tink (32-hex client id and secret, Tink Link URLs, OAuth token
output), GoCardless Bank Account Data / Nordigen (UUID `secret_id`, long hex `secret_key`,
`/api/v2/token/new/`, `NordigenClient(...)`, requisition ids), Yapily (Basic auth of
`applicationUuid:secret`, `consent` header, the docs' `YOUR_APPLICATION_SECRET` placeholder),
Salt Edge (`App-id`/`Secret`/`Customer-secret`/`Connection-secret` headers, numeric customer ids),
MX Platform API (UUID client id with 40-hex API key over Basic auth, `USR-`/`MBR-` guids),
Finicity (`Finicity-App-Key`, `partnerId`/`partnerSecret`, `Finicity-App-Token`), Belvo (secret id
and secret password, link ids), Plaid (`[type]-[environment]-[uuid]` access/public/link tokens,
24-hex client id, 30-hex secret, item/account/request ids, the legacy publishable `public_key`),
Teller (`token_…` access tokens used as the Basic-auth user beside an mTLS client certificate,
`app_`/`acc_` ids) and Basiq (a base64 API key sent as `Authorization: Basic` to `/token`), in
commands, config files, code and tool output, with the public ids the same documentation shows
beside them, env/CI/secret-store references, masks and placeholders.

The documentation search budget ran out after TrueLayer, GoCardless Bank Account Data, Salt Edge,
Plaid, Yapily and MX had been read; the Finicity, Belvo, Tink, Teller and Basiq shapes (lengths and
alphabets in particular) are written from the author's memory of their public docs, not re-checked.

First score, blind, before any rule changed for it (after the rules for 180 to 184):
25 of 26 secrets caught, 2 of 24 look-alikes altered (missed: Plaid's secret (30 hex) as
`AddDefaultHeader("PLAID-SECRET", …)`'s value; altered: an MX user's guid (`USR-<uuid>`), Plaid's
legacy publishable key (30 hex) under `key`; five vendors from memory, the search budget spent).
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

OB = "openbanking"

RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC"


def _b64u(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(header: dict, claims, sig_len: int):
    """A JWT: real base64url JSON header and claims (claims built per row), a random signature."""

    def make(rng: random.Random) -> str:
        return f"{_b64u(header)}.{_b64u(claims(rng))}.{b64url(sig_len)(rng)}"

    return make


def truelayer_claims(rng: random.Random) -> dict:
    nbf = 1717000000 + rng.randrange(9_000_000)
    return {
        "iss": "https://auth.truelayer-sandbox.com",
        "nbf": nbf,
        "exp": nbf + 3600,
        "client_id": "sandbox-brightledger-" + hexl(6)(rng),
        "jti": uuid(rng).upper(),
        "scope": ["info", "accounts", "balance", "transactions", "offline_access"],
    }


def tink_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(9_000_000)
    return {"iat": iat, "exp": iat + 1800, "sub": hexl(32)(rng), "scopes": "accounts:read,transactions:read"}


def gocardless_claims(rng: random.Random) -> dict:
    exp = 1717000000 + rng.randrange(9_000_000)
    return {
        "token_type": "refresh",
        "exp": exp,
        "jti": hexl(32)(rng),
        "id": int(digits(5)(rng)),
        "secret_id": hexl(32)(rng),
        "allowed_cidrs": ["0.0.0.0/0", "::/0"],
    }


def yapily_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(9_000_000)
    return {
        "INSTITUTION": "modelo-sandbox",
        "CONSENT": uuid(rng),
        "APPLICATION_USER_ID": "u-" + digits(6)(rng),
        "iat": iat,
    }


def basic(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def ec_p521_pem_body(rng: random.Random) -> str:
    """A SEC1 P-521 key body (223 DER bytes, 300 base64 characters in five lines)."""
    parts = ["MIHcAgEBBEIB" + b64(52)(rng), b64(64)(rng), b64(64)(rng), b64(64)(rng), b64(42)(rng) + "=="]
    return "\n".join(parts)


def rsa_pem_body(rng: random.Random) -> str:
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(24)(rng) + "="]
    return "\n".join(lines)


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


tl_client_id = join("sandbox-brightledger-", hexl(6))
saltedge_secret = b64url(43)
belvo_password = pick(B62 + "#*@", 64)
teller_token = join("token_", lower_alnum(26))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 24, "the rules for 180 to 184")

TEMPLATES: list = [
    # ---- TrueLayer
    S(
        OB,
        "truelayer_client_secret_env",
        "$ cat .env.sandbox\nTRUELAYER_ENV=sandbox\nTRUELAYER_CLIENT_ID={cid}\nTRUELAYER_CLIENT_SECRET={v}\n"
        "TRUELAYER_REDIRECT_URI=http://localhost:3000/callback",
        uuid,
        cid=tl_client_id,
    ),
    S(
        OB,
        "truelayer_bearer",
        "$ curl -s https://api.truelayer-sandbox.com/data/v1/accounts \\\n  -H 'Authorization: Bearer {v}' | jq '.results[].display_name'",
        jwt({"alg": "RS256", "kid": "A1B2C3D4E5F6", "typ": "at+jwt"}, truelayer_claims, 342),
    ),
    S(
        OB,
        "truelayer_signing_key",
        "$ cat keys/signing_private.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_p521_pem_body,
    ),
    # ---- Tink
    S(
        OB,
        "tink_client_secret_code",
        'resp = requests.post(\n    "https://api.tink.com/api/v1/oauth/token",\n'
        '    data={"client_id": "{cid}", "client_secret": "{v}", "grant_type": "client_credentials",'
        ' "scope": "authorization:grant,user:create"},\n)',
        hexl(32),
        cid=hexl(32),
    ),
    S(
        OB,
        "tink_token_output",
        '{"token_type":"bearer","expires_in":1800,"access_token":"{v}","scope":"accounts:read,transactions:read"}',
        jwt({"alg": "ES256", "kid": "tink-api-prod", "typ": "JWT"}, tink_claims, 86),
    ),
    # ---- GoCardless Bank Account Data (Nordigen)
    S(
        OB,
        "gocardless_token_new",
        "$ curl -X POST https://bankaccountdata.gocardless.com/api/v2/token/new/ \\\n"
        "    -H 'accept: application/json' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"secret_id":"{sid}", "secret_key":"{v}"}\'',
        hexl(128),
        sid=uuid,
    ),
    S(
        OB,
        "nordigen_client",
        'client = NordigenClient(\n    secret_id="{sid}",\n    secret_key="{v}",\n)\ntoken_data = client.generate_token()',
        hexl(128),
        sid=uuid,
    ),
    S(
        OB,
        "gocardless_refresh_output",
        ">>> {k: token_data[k] for k in ('refresh', 'refresh_expires')}\n{'refresh': '{v}', 'refresh_expires': 2592000}",
        jwt({"typ": "JWT", "alg": "HS256"}, gocardless_claims, 43),
    ),
    # ---- Yapily
    S(
        OB,
        "yapily_curl_basic",
        "$ curl -s -X GET 'https://api.yapily.com/institutions' -u '{app}:{v}' | jq length\n31",
        uuid,
        app=uuid,
    ),
    S(
        OB,
        "yapily_basic_header",
        "GET /accounts HTTP/1.1\nHost: api.yapily.com\nAuthorization: Basic {v}\nAccept: application/json",
        basic(uuid, uuid),
    ),
    S(
        OB,
        "yapily_consent_header",
        '$ http GET https://api.yapily.com/accounts/{acc}/transactions consent:{v} --auth "$YAPILY_ID:$YAPILY_SECRET"',
        jwt({"alg": "HS512"}, yapily_claims, 86),
        acc=uuid,
    ),
    # ---- Salt Edge
    S(
        OB,
        "saltedge_secret_header",
        "$ curl -s -H 'Accept: application/json' -H 'Content-type: application/json' \\\n"
        "    -H 'App-id: {app}' -H 'Secret: {v}' \\\n    https://www.saltedge.com/api/v5/countries",
        saltedge_secret,
        app=saltedge_secret,
    ),
    S(
        OB,
        "saltedge_customer_secret",
        '{\n  "data": {\n    "id": "{cid}",\n    "identifier": "ledger-user-4471",\n    "secret": "{v}",\n'
        '    "blocked_at": null,\n    "created_at": "2024-06-03T09:14:22Z"\n  }\n}',
        saltedge_secret,
        cid=digits(18),
    ),
    S(
        OB,
        "saltedge_connection_secret",
        '    headers = {"App-id" => ENV["SALTEDGE_APP_ID"], "Secret" => ENV["SALTEDGE_SECRET"],\n'
        '               "Connection-secret" => "{v}"}',
        saltedge_secret,
    ),
    # ---- MX
    S(
        OB,
        "mx_curl_basic",
        "$ curl -i -X GET 'https://int-api.mx.com/users' -H 'Accept: application/vnd.mx.api.v1+json' \\\n"
        "    -u '{cid}:{v}'",
        hexl(40),
        cid=uuid,
    ),
    S(
        OB,
        "mx_web_config",
        '  <appSettings>\n    <add key="Mx:BaseUrl" value="https://int-api.mx.com" />\n'
        '    <add key="Mx:ClientId" value="{cid}" />\n    <add key="Mx:ApiKey" value="{v}" />\n  </appSettings>',
        hexl(40),
        cid=uuid,
    ),
    # ---- Finicity
    S(
        OB,
        "finicity_partner_secret",
        "$ curl -s -X POST https://api.finicity.com/aggregation/v2/partners/authentication \\\n"
        "    -H 'Finicity-App-Key: {key}' -H 'Content-Type: application/json' -H 'Accept: application/json' \\\n"
        '    -d \'{"partnerId": "{pid}", "partnerSecret": "{v}"}\'',
        b62(20),
        key=hexl(32),
        pid=digits(13),
    ),
    S(
        OB,
        "finicity_app_token",
        'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"token":"{v}"}',
        b62(20),
    ),
    # ---- Belvo
    S(
        OB,
        "belvo_env",
        "BELVO_ENV=sandbox\nBELVO_SECRET_ID={sid}\nBELVO_SECRET_PASSWORD={v}",
        belvo_password,
        sid=uuid,
    ),
    S(
        OB,
        "belvo_client",
        'from belvo.client import Client\n\nclient = Client("{sid}", "{v}", "sandbox")\n'
        'link = client.Links.create(institution="erebor_mx_retail", username="bnk100", password="full")',
        belvo_password,
        sid=uuid,
    ),
    # ---- Plaid
    S(
        OB,
        "plaid_secret_env",
        "export PLAID_ENV=sandbox PLAID_CLIENT_ID={cid} PLAID_SECRET={v} PLAID_PRODUCTS=auth,transactions",
        hexl(30),
        cid=hexl(24),
    ),
    S(
        OB,
        "plaid_access_token_output",
        "$ node scripts/exchange.js public-sandbox-{pub}\n{\n  access_token: '{v}',\n  item_id: '{item}',\n"
        "  request_id: '{req}'\n}",
        join("access-sandbox-", uuid),
        pub=uuid,
        item=b62(37),
        req=b62(15),
    ),
    S(
        OB,
        "plaid_go_header",
        '\tconfiguration := plaid.NewConfiguration()\n\tconfiguration.AddDefaultHeader("PLAID-CLIENT-ID", "{cid}")\n'
        '\tconfiguration.AddDefaultHeader("PLAID-SECRET", "{v}")\n\tconfiguration.UseEnvironment(plaid.Sandbox)',
        hexl(30),
        cid=hexl(24),
    ),
    # ---- Teller
    S(
        OB,
        "teller_token_basic_user",
        "$ curl --cert teller/certificate.pem --key teller/private_key.pem -u {v}: https://api.teller.io/accounts",
        teller_token,
    ),
    S(
        OB,
        "teller_private_key",
        "$ cat teller/private_key.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        rsa_pem_body,
    ),
    # ---- Basiq
    S(
        OB,
        "basiq_api_key",
        "$ curl -X POST https://au-api.basiq.io/token -H 'Authorization: Basic {v}' \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' -H 'basiq-version: 3.0' -d 'scope=SERVER_ACCESS'",
        basic(uuid, uuid),
    ),
    # ---- look-alikes: public ids the docs show beside the secrets
    L(
        OB,
        "truelayer_client_id_auth_link",
        "Open this link to connect a bank: https://auth.truelayer-sandbox.com/?response_type=code&client_id={v}"
        "&scope=info%20accounts%20balance%20transactions%20offline_access&redirect_uri=http://localhost:3000/callback"
        "&providers=uk-cs-mock",
        tl_client_id,
    ),
    L(OB, "truelayer_signing_kid", "TRUELAYER_SIGNING_KEY_ID={v}", uuid),
    L(
        OB,
        "truelayer_merchant_account",
        '  "beneficiary": {\n    "type": "merchant_account",\n    "merchant_account_id": "{v}",\n'
        '    "account_holder_name": "Brightledger Ltd"\n  },',
        uuid,
    ),
    L(
        OB,
        "tink_link_client_id",
        "https://link.tink.com/1.0/transactions/connect-accounts/?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fconsole.tink.com%2Fcallback&market=SE&locale=en_US",
        hexl(32),
    ),
    L(
        OB,
        "gocardless_requisition",
        "{'id': '{v}', 'status': 'CR', 'institution_id': 'SANDBOXFINANCE_SFIN0000', "
        "'link': 'https://ob.gocardless.com/ob-psd2/start/{v}/SANDBOXFINANCE_SFIN0000'}",
        uuid,
    ),
    L(
        OB,
        "gocardless_env_ref",
        'client = NordigenClient(secret_id=os.environ["GC_SECRET_ID"], secret_key={v})',
        const('os.environ["GC_SECRET_KEY"]'),
    ),
    L(
        OB,
        "yapily_placeholder",
        "curl -X GET 'https://api.yapily.com/institutions' \\\n  -u 'YOUR_APPLICATION_ID:{v}'",
        const("YOUR_APPLICATION_SECRET"),
    ),
    L(
        OB,
        "yapily_consent_id",
        '{"meta": {"tracingId": "{trace}"}, "data": {"id": "{v}", "institutionId": "modelo-sandbox",'
        ' "status": "AUTHORIZED"}}',
        uuid,
        trace=hexl(32),
    ),
    L(
        OB,
        "saltedge_customer_id",
        "Created Salt Edge customer {v} for identifier ledger-user-4471 (connect_session expires in 60 min)",
        digits(18),
    ),
    L(
        OB,
        "saltedge_env_ref",
        'curl -H "App-id: $SALTEDGE_APP_ID" -H {v} https://www.saltedge.com/api/v5/customers',
        const('"Secret: $SALTEDGE_SECRET"'),
    ),
    L(
        OB,
        "mx_user_guid",
        '{"user": {"guid": "{v}", "id": "ledger-4471", "is_disabled": false, "metadata": null}}',
        join("USR-", uuid),
    ),
    L(OB, "finicity_partner_id", "FINICITY_PARTNER_ID={v}\nFINICITY_APP_KEY=${FINICITY_APP_KEY:?unset}", digits(13)),
    L(
        OB,
        "belvo_link_id",
        "{'id': '{v}', 'institution': 'erebor_mx_retail', 'access_mode': 'recurrent', 'status': 'valid'}",
        uuid,
    ),
    L(
        OB,
        "plaid_item_id",
        "[webhook] TRANSACTIONS SYNC_UPDATES_AVAILABLE item_id={v} initial_update_complete=true",
        b62(37),
    ),
    L(
        OB,
        "plaid_account_id",
        '  {\n    "account_id": "{v}",\n    "mask": "0000",\n    "name": "Plaid Checking",\n    "subtype": "checking"\n  },',
        b62(37),
    ),
    L(
        OB,
        "plaid_public_key_legacy",
        "    Plaid.create({\n      env: 'sandbox',\n      key: '{v}',\n      product: ['transactions'],\n"
        "      onSuccess: (public_token, metadata) => fetch('/exchange', { method: 'POST' }),\n    });",
        hexl(30),
        note="the legacy publishable public_key of Plaid Link",
    ),
    L(
        OB,
        "plaid_gha_secret_ref",
        "      - run: npm test\n        env:\n          PLAID_CLIENT_ID: ${{ vars.PLAID_CLIENT_ID }}\n"
        "          PLAID_SECRET: {v}",
        const("${{ secrets.PLAID_SANDBOX_SECRET }}"),
    ),
    L(
        OB,
        "teller_application_id",
        '      const tellerConnect = TellerConnect.setup({\n        applicationId: "{v}",\n'
        '        environment: "sandbox",\n        products: ["transactions", "balance"],',
        join("app_", lower_alnum(21)),
    ),
    L(
        OB,
        "teller_account_id",
        '[{"id": "{v}", "enrollment_id": "{enr}", "institution": {"id": "td_bank", "name": "TD Bank"},'
        ' "last_four": "7316", "type": "depository"}]',
        join("acc_", lower_alnum(21)),
        enr=join("enr_", lower_alnum(21)),
    ),
    L(
        OB,
        "teller_cert_fingerprint",
        "$ openssl x509 -in teller/certificate.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        OB,
        "basiq_user_id",
        '{"type": "user", "id": "{v}", "email": "gavin@hooli.com", "mobile": "+61410888999"}',
        uuid,
    ),
    L(
        OB,
        "masked_api_key",
        "INFO  aggregator.config provider=mx env=integration api_key={v} (loaded from vault)",
        join("************************************", hexl(4)),
    ),
    L(
        OB,
        "secrets_manager_arn",
        "          valueFrom: {v}",
        join("arn:aws:secretsmanager:eu-west-2:", digits(12), ":secret:openbanking/truelayer-client-secret-", b62(6)),
    ),
    L(
        OB,
        "commit_sha",
        "$ git log -1 --format=%H -- src/integrations/plaid/\n{v}",
        hexl(40),
    ),
]
