"""A two-hundred-and-twenty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of payout and cross-border payment providers: Wise (personal
API tokens as bearer UUIDs, SCA key pairs made with `openssl genrsa` / `openssl rsa -pubout`, numeric
profile ids), Airwallex (`/api/v1/authentication/login` with `x-client-id` and a 96-hex `x-api-key`,
the 30-minute bearer token it returns, `x-on-behalf-of` connected-account ids), Rapyd (access and
secret keys, the signed `access_key`/`salt`/`timestamp`/`signature` headers, `ewallet_` ids),
Trolley / Payment Rails (`Configuration.gateway(ACCESS_KEY, SECRET_KEY)`, `prsign` auth, `R-` recipient
ids), Tipalti (the 64-character master key for SOAP and iFrame signing, iFrame URLs with a public
`hashkey`), Currencycloud (`/v2/authenticate/api` with `login_id` and a 64-hex `api_key`, the
32-hex `X-Auth-Token`), Nium (`x-api-key` header with a `clientHashId` UUID in the path), dLocal
(`X-Login`, `X-Trans-Key` and the signing secret key, the browser-side Smart Fields key), Modern
Treasury (basic auth `ORGANIZATION_ID:API_KEY`, SDK clients, the api-key object), Increase (bearer
API keys, the sandbox key returned by `POST /groups`, `entity_`/`account_` ids, the documented
`sandbox_key_1234567890` placeholder), Dwolla (application key and secret, the basic-auth header of
`/token`, 50-character application access tokens, customer UUIDs) and Payoneer (partner API
password, OAuth2 client credentials, numeric program ids), in commands, config files, code and tool
output, with the public ids, placeholders, masks and secret-store references documented beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
25 of 26 secrets caught, 2 of 24 look-alikes altered (missed: Tipalti's master key as `new
iFrame(…)`'s first argument; altered: an Airwallex account id in an `x-on-behalf-of` header,
Increase's docs placeholder `sandbox_key_1234567890`).
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
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    uuid,
)

PX = "payouts"

PKCS8_RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC"
SPKI_RSA_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def rsa_private_body(rng: random.Random) -> str:
    """The base64 body of a 2048-bit PKCS#8 RSA key as `openssl genrsa` writes it (64-character lines)."""
    lines = [PKCS8_RSA_HEAD + b64(64 - len(PKCS8_RSA_HEAD))(rng)]
    lines += [b64(64)(rng) for _ in range(24)]
    lines.append(b64(36)(rng) + "=")
    return "\n".join(lines)


def rsa_public_body(rng: random.Random) -> str:
    """The base64 body of a 2048-bit SubjectPublicKeyInfo (`openssl rsa -pubout`), ending in the exponent."""
    lines = [SPKI_RSA_HEAD + b64(64 - len(SPKI_RSA_HEAD))(rng)]
    lines += [b64(64)(rng) for _ in range(5)]
    lines.append(b64(2)(rng) + "IDAQAB")
    return "\n".join(lines)


def jwt_hs256(rng: random.Random) -> str:
    return "eyJhbGciOiJIUzI1NiJ9.eyJ" + b64url(212)(rng) + "." + b64url(43)(rng)


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


rapyd_access = join("rak_", lambda rng: hexl(20)(rng).upper())
rapyd_secret = join("rsk_", hexl(80))
trolley_access = join("AL", b62(17))
dwolla_key = b62(50)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Wise
    S(
        PX,
        "wise_bearer_curl",
        "$ curl -s -H \"Authorization: Bearer {v}\" https://api.wise.com/v2/profiles | jq '.[] | {id, type}'",
        uuid,
    ),
    S(
        PX,
        "wise_token_yaml",
        "$ cat config/payouts.yaml\nwise:\n  environment: live\n  profile_id: {pid}\n  api_token: {v}\n"
        "  sca_private_key_path: /etc/payouts/wise-sca.pem",
        uuid,
        pid=digits(8),
    ),
    S(
        PX,
        "wise_sca_private_key",
        "$ cat /etc/payouts/wise-sca.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        rsa_private_body,
    ),
    # ---- secrets: Airwallex
    S(
        PX,
        "airwallex_login_header",
        "$ curl -sS -X POST https://api-demo.airwallex.com/api/v1/authentication/login \\\n"
        "    -H 'Content-Type: application/json' \\\n    -H 'x-client-id: {cid}' \\\n    -H 'x-api-key: {v}'",
        hexl(96),
        cid=b64url(22),
    ),
    S(
        PX,
        "airwallex_access_token",
        'HTTP/2 201\ncontent-type: application/json\n\n{"expires_at":"2025-03-14T09:41:07+0000","token":"{v}"}',
        jwt_hs256,
    ),
    # ---- secrets: Rapyd
    S(
        PX,
        "rapyd_secret_env",
        "# .env.sandbox\nRAPYD_BASE_URL=https://sandboxapi.rapyd.net\nRAPYD_SECRET_KEY={v}\nRAPYD_WEBHOOK_PATH=/hooks/rapyd",
        rapyd_secret,
    ),
    S(
        PX,
        "rapyd_secret_flag",
        "$ python scripts/rapyd_payout.py --env sandbox --secret-key {v} --ewallet {ew} --amount 250 --currency EUR",
        rapyd_secret,
        ew=join("ewallet_", hexl(32)),
    ),
    S(
        PX,
        "rapyd_access_key_code",
        'rapyd = RapydClient(\n    access_key="{v}",\n    secret_key=os.environ["RAPYD_SECRET_KEY"],\n    sandbox=True,\n)',
        rapyd_access,
        note="the access key is documented as a credential not to be shared",
    ),
    # ---- secrets: Trolley (Payment Rails)
    S(
        PX,
        "trolley_gateway_positional",
        'client = Configuration.gateway("{ak}", "{v}")\nrecipient = client.recipient.find("{rid}")',
        b62(40),
        ak=trolley_access,
        rid=join("R-", b62(22)),
    ),
    S(
        PX,
        "trolley_sandbox_env",
        '# set keys as environment variables\nexport SANDBOX_ACCESS_KEY="{ak}"\nexport SANDBOX_SECRET_KEY="{v}"\n'
        "bundle exec ruby test/integration/RecipientTest.rb",
        b62(40),
        ak=trolley_access,
    ),
    # ---- secrets: Tipalti
    S(
        PX,
        "tipalti_master_key_elixir",
        'config :tipalti,\n  payer: "Brightkite",\n  mode: :sandbox,\n  master_key: "{v}"',
        b62(64),
    ),
    S(
        PX,
        "tipalti_iframe_key_php",
        '$iframe = new \\Nextnetmedia\\Tipalti\\iFrame("{v}", "Brightkite");\n'
        'echo $iframe->getUrl("PAYEE_{idap}", ["payeeType" => "company"]);',
        b62(64),
        idap=digits(5),
    ),
    # ---- secrets: Currencycloud
    S(
        PX,
        "currencycloud_login_form",
        "$ curl -s -X POST https://devapi.currencycloud.com/v2/authenticate/api \\\n"
        "    -F login_id=treasury-ops@brightkite.dev \\\n    -F api_key={v}",
        hexl(64),
    ),
    S(
        PX,
        "currencycloud_auth_token",
        "POST /v2/beneficiaries/create HTTP/1.1\nHost: devapi.currencycloud.com\nX-Auth-Token: {v}\n"
        "Content-Type: multipart/form-data",
        hexl(32),
    ),
    # ---- secrets: Nium
    S(
        PX,
        "nium_api_key_header",
        "$ curl -s https://gateway.nium.com/api/v1/client/{chid}/customer/{cust}/wallet/{wal} \\\n"
        '    -H "x-api-key: {v}" -H "x-request-id: {rid}" -H "x-client-name: brightkite-payouts"',
        b62(40),
        chid=uuid,
        cust=uuid,
        wal=uuid,
        rid=uuid,
    ),
    # ---- secrets: dLocal
    S(
        PX,
        "dlocal_trans_key_header",
        "$ curl -X POST https://sandbox.dlocal.com/payouts \\\n    -H 'X-Date: 2025-02-20T15:44:42.310Z' \\\n"
        "    -H 'X-Login: {login}' \\\n    -H 'X-Trans-Key: {v}' \\\n    -H 'X-Version: 2.1' \\\n"
        "    -H 'Content-Type: application/json'",
        b62(10),
        login=lower_alnum(15),
    ),
    S(
        PX,
        "dlocal_secret_yaml",
        "dlocal:\n  base_url: https://sandbox.dlocal.com\n  x_login: {login}\n  secret_key: {v}\n  version: '2.1'",
        b62(32),
        login=lower_alnum(15),
    ),
    # ---- secrets: Modern Treasury
    S(
        PX,
        "modern_treasury_basic_auth",
        "$ curl --request GET -u {org}:{v} --url https://app.moderntreasury.com/api/ping\n"
        '{"ping":"pong","live_mode":true}',
        join("live-", b62(64)),
        org=uuid,
    ),
    S(
        PX,
        "modern_treasury_client_kwarg",
        'client = ModernTreasury(\n    organization_id="{org}",\n    api_key="{v}",\n)',
        join("test-", b62(64)),
        org=uuid,
    ),
    # ---- secrets: Increase
    S(
        PX,
        "increase_sandbox_group_output",
        '$ curl -s -X POST https://sandbox.increase.com/groups\n{"created_at":"2025-01-31T23:59:59Z","sandbox_api_key":"{v}"}',
        b62(32),
    ),
    S(
        PX,
        "increase_client_kwarg",
        'client = Increase(api_key="{v}", environment="sandbox")\n'
        'account = client.accounts.create(name="Payout float", entity_id="{ent}")',
        b62(32),
        ent=join("entity_", lower_alnum(20)),
    ),
    # ---- secrets: Dwolla
    S(
        PX,
        "dwolla_client_secret",
        "client = dwollav2.Client(\n  key = '{k}',\n  secret = '{v}',\n  environment = 'sandbox'\n)",
        b62(50),
        k=dwolla_key,
    ),
    S(
        PX,
        "dwolla_token_basic_auth",
        "POST https://api-sandbox.dwolla.com/token\nAuthorization: Basic {v}\n"
        "Content-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials",
        basic_auth(dwolla_key, b62(50)),
    ),
    S(
        PX,
        "dwolla_access_token_output",
        '{\n  "access_token": "{v}",\n  "token_type": "bearer",\n  "expires_in": 3599\n}',
        b62(50),
    ),
    # ---- secrets: Payoneer
    S(
        PX,
        "payoneer_partner_password",
        "Payoneer.configure do |c|\n  c.environment = 'sandbox'\n  c.partner_id = '{pid}'\n"
        "  c.partner_username = 'brightkite_payouts'\n  c.partner_api_password = '{v}'\nend",
        password(14),
        pid=digits(9),
    ),
    S(
        PX,
        "payoneer_oauth_client_secret",
        '$ curl -s -u "{cid}:{v}" -d "grant_type=client_credentials&scope=read write" \\\n'
        "    https://login.sandbox.payoneer.com/api/v2/oauth2/token",
        b62(32),
        cid=lower_alnum(24),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        PX,
        "wise_profile_id",
        '$ curl -s -H "Authorization: Bearer $WISE_API_TOKEN" '
        '"https://api.wise.com/v4/profiles/{v}/balances?types=STANDARD"',
        digits(8),
    ),
    L(
        PX,
        "wise_sca_public_key",
        "$ openssl rsa -pubout -in wise-sca.pem -out wise-sca-public.pem && cat wise-sca-public.pem\n"
        "writing RSA key\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_body,
    ),
    L(
        PX,
        "airwallex_client_id",
        "$ curl -sS -X POST https://api-demo.airwallex.com/api/v1/authentication/login \\\n"
        '    -H "x-client-id: {v}" -H "x-api-key: $AIRWALLEX_API_KEY"',
        b64url(22),
    ),
    L(
        PX,
        "airwallex_on_behalf_of",
        "$ curl -s https://api-demo.airwallex.com/api/v1/balances/current \\\n"
        '    -H "Authorization: Bearer $AWX_TOKEN" -H "x-on-behalf-of: {v}"',
        join("acct_", b64url(22)),
    ),
    L(
        PX,
        "rapyd_ewallet_id",
        '  "data": {\n    "id": "{v}",\n    "type": "company",\n    "status": "ACT",\n    "category": null,',
        join("ewallet_", hexl(32)),
    ),
    L(
        PX,
        "trolley_recipient_id",
        'const recipient = await client.recipient.find("{v}");\nconsole.log(recipient.id, recipient.status);',
        join("R-", b62(22)),
    ),
    L(
        PX,
        "tipalti_iframe_hashkey",
        '<iframe src="https://ui2.sandbox.tipalti.com/payeedashboard/home?idap=PAYEE_{idap}&payer=Brightkite'
        '&ts=1718203311&hashkey={v}"></iframe>',
        hexl(64),
        idap=digits(5),
    ),
    L(
        PX,
        "currencycloud_account_id",
        '$ curl -s https://devapi.currencycloud.com/v2/accounts/current -H "X-Auth-Token: $CC_AUTH_TOKEN"\n'
        '{\n  "id": "{v}",\n  "account_name": "Brightkite Payouts Ltd",\n'
        '  "status": "enabled",',
        uuid,
    ),
    L(
        PX,
        "nium_client_hash_id",
        '$ curl -s "https://gateway.nium.com/api/v1/client/{v}/customers?size=20" -H "x-api-key: ${NIUM_API_KEY}"',
        uuid,
    ),
    L(
        PX,
        "dlocal_smartfields_key",
        "<script src=\"https://js-sandbox.dlocal.com\"></script>\n<script>\n  const dlocalInstance = dlocal('{v}');\n"
        "  const fields = dlocalInstance.fields({ locale: 'en', country: 'BR' });",
        uuid,
        note="the Smart Fields key is the public, browser-side merchant identifier",
    ),
    L(
        PX,
        "modern_treasury_org_id",
        "MODERN_TREASURY_ORGANIZATION_ID={v}\nMODERN_TREASURY_API_KEY=${MT_API_KEY:?set in vault}",
        uuid,
    ),
    L(
        PX,
        "modern_treasury_api_key_object",
        '{\n  "id": "{v}",\n  "object": "api_key",\n  "name": "payouts worker",\n  "live_mode": true,\n'
        '  "roles": ["accounts:read", "counterparties:manage"],',
        uuid,
    ),
    L(
        PX,
        "increase_account_id",
        ">>> [(a.id, a.name, a.status) for a in client.accounts.list(limit=2)]\n"
        "[('{v}', 'Payout float', 'open'), ('{other}', 'Operating', 'open')]",
        join("account_", lower_alnum(20)),
        other=join("account_", lower_alnum(20)),
    ),
    L(
        PX,
        "dwolla_customer_id",
        "GET https://api-sandbox.dwolla.com/customers/{v}/funding-sources\n"
        "Accept: application/vnd.dwolla.v1.hal+json\nAuthorization: Bearer $DWOLLA_APP_TOKEN",
        uuid,
    ),
    L(
        PX,
        "payoneer_program_id",
        "response = Payoneer::Payout.create(\n  program_id: '{v}',\n  payment_id: 'payout-2025-0142',\n"
        "  payee_id: 'supplier_88',\n  amount: 420.00,",
        digits(9),
    ),
    # ---- look-alikes: hashes
    L(
        PX,
        "commit_sha",
        "$ git log -1 --format=%H -- config/payouts.yaml\n{v}",
        hexl(40),
    ),
    L(
        PX,
        "wheel_checksum",
        "$ sha256sum dist/payout_bridge-2.4.1-py3-none-any.whl\n{v}  dist/payout_bridge-2.4.1-py3-none-any.whl",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        PX,
        "increase_doc_placeholder",
        '# In the sandbox:\nINCREASE_API_KEY="{v}"\nINCREASE_URL="https://sandbox.increase.com"',
        join("sandbox_key_", counting(10)),
    ),
    L(
        PX,
        "rapyd_placeholder",
        'const accessKey = "<YOUR_RAPYD_ACCESS_KEY>";\nconst secretKey = "{v}";',
        const("<YOUR_RAPYD_SECRET_KEY>"),
    ),
    L(
        PX,
        "trolley_env_reference",
        'client = Configuration.gateway(os.environ["TROLLEY_ACCESS_KEY"], {v})',
        const('os.environ["TROLLEY_SECRET_KEY"]'),
    ),
    L(
        PX,
        "gha_secret_ref",
        "      - name: Nightly payout reconciliation\n        env:\n          WISE_API_TOKEN: {v}\n"
        "          CURRENCYCLOUD_API_KEY: ${{ secrets.CURRENCYCLOUD_API_KEY }}",
        const("${{ secrets.WISE_API_TOKEN }}"),
    ),
    L(
        PX,
        "postman_variable",
        "POST {{baseUrl}}/v2/transfers/create\nX-Auth-Token: {v}\nContent-Type: multipart/form-data",
        const("{{authToken}}"),
    ),
    L(
        PX,
        "vault_reference",
        "tipalti:\n  payer: Brightkite\n  master_key: {v}\n  sandbox: true",
        const("vault:secret/data/payouts/tipalti#master_key"),
    ),
    L(
        PX,
        "airwallex_masked",
        "$ payoutctl credentials list\nPROVIDER    ENV      SECRET                  ROTATED\n"
        "airwallex   demo     {v}    2025-02-03\ndwolla      sandbox  ****************{tail}    2025-01-19",
        join("****************", hexl(4)),
        tail=hexl(4),
    ),
]
