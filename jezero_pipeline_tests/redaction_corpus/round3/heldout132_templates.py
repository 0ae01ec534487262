"""A hundred-and-thirty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of insurance and insurtech APIs: Canopy Connect (HTTP Basic
with a Client ID and Client Secret, the `x-canopy-client-id`/`x-canopy-client-secret` headers, Team
IDs and the SDK's `publicAlias`), Axle (`x-client-id: cli_…`, `x-client-secret`, nanoid-style
secrets, `x-axle-request-id: req_…`, the PHP client), Guidewire Cloud API and Guidewire Hub (Okta
client-credentials requests with `--data-urlencode`, `0oa…` client ids, `aus…` authorization-server
ids in the token URL, Okta JWTs and their `kid`, the docs' `"access_token": "xxxxxxxx"`, Basic auth
on a local PolicyCenter), Bold Penguin (client credentials as form fields and as a Basic header,
`x-api-key`, 24-character access tokens, `uid` UUIDs, `<client_secret>` placeholders), Boost
Insurance (OAuth client credentials at api.insurtech.dev), Socotra (`/account/authenticate` with a
username, password and hostName, `authorizationToken` JWTs, tenant locators, Postman environments
and Personal Access Tokens), AmTrust (Azure APIM `Ocp-Apim-Subscription-Key` and an IdentityServer
client secret), Cover Genius XCover (API key and HMAC signing secret), Duck Creek Payments (tenant
API private key, bearer tokens beside `x-account-id`/`x-tenant-id`), Zywave (IdentityServer
refresh tokens and client secrets, profile ids, `[YOUR_CLIENT_SECRET]`), Root's Bind API (agency
bearer tokens and their `ref`), Vertical Insure (Basic auth, the public `x-api-client-id`) and
Insurpass (`ins_sk_…` keys); with an ACORD schema checksum and a commit SHA, in commands, config
files, code and tool output, beside the public ids the same documentation shows.

First score, blind, before any rule changed for it (after the rules for 125 to 129):
26 of 26 secrets caught, 0 of 24 look-alikes altered (nothing missed or altered).
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
    uuid,
)

INS = "insurance"


def _b64url_json(d: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).rstrip(b"=").decode()


def jwt(alg: str, claims, sig_len: int, kid: bool = False):
    """A JWT-shaped token: base64url JSON header and claims, then a random signature."""

    def make(rng: random.Random) -> str:
        head = {"alg": alg, "typ": "JWT"}
        if kid:
            head = {"kid": b64url(43)(rng), "alg": alg}
        return f"{_b64url_json(head)}.{_b64url_json(claims(rng))}.{b64url(sig_len)(rng)}"

    return make


def okta_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(20000000)
    cid = "0oa" + b62(17)(rng)
    return {
        "ver": 1,
        "jti": "AT." + b64url(43)(rng),
        "iss": "https://guidewire-hub.okta.com/oauth2/aus" + b62(17)(rng),
        "aud": "api://gw-cloud",
        "iat": iat,
        "exp": iat + 3600,
        "cid": cid,
        "scp": ["tenant.northwind", "pc.service"],
        "sub": cid,
    }


def socotra_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(20000000)
    return {
        "sub": "alice.underwriter",
        "tenant": "northwind-configeditor.co.sandbox.socotra.com",
        "iat": iat,
        "exp": iat + 86400,
        "jti": uuid(rng),
    }


def pat_claims(rng: random.Random) -> dict:
    return {"sub": uuid(rng), "typ": "pat", "tenants": [uuid(rng)], "iat": 1720000000 + rng.randrange(9000000)}


def imburse_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(20000000)
    return {"tenantId": uuid(rng), "accountId": uuid(rng), "iat": iat, "exp": iat + 900}


def root_claims(rng: random.Random) -> dict:
    iat = 1717000000 + rng.randrange(20000000)
    return {"ref": b62(24)(rng), "iat": iat, "exp": iat + 604800, "agentId": uuid(rng)}


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


nanoid = b64url(21)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 24, "the rules for 125 to 129")

TEMPLATES: list = [
    # ---- secrets: Canopy Connect
    S(
        INS,
        "canopy_basic_curl",
        '$ curl -s -u "{cid}:{v}" "https://app.usecanopy.com/api/v1.0.0/pulls?limit=5" | jq \'.pulls[].pull_id\'',
        b62(48),
        cid=uuid,
    ),
    S(
        INS,
        "canopy_headers_python",
        "CANOPY_HEADERS = {\n"
        '    "x-canopy-client-id": os.environ["CANOPY_CLIENT_ID"],\n'
        '    "x-canopy-client-secret": "{v}",\n'
        '    "Content-Type": "application/json",\n'
        "}",
        b62(48),
    ),
    # ---- secrets: Axle
    S(
        INS,
        "axle_curl_secret",
        "curl --request POST \\\n  --url https://sandbox.axle.insure/ignition \\\n"
        "  --header 'Content-Type: application/json' \\\n  --header 'x-client-id: {cid}' \\\n"
        "  --header 'x-client-secret: {v}' \\\n"
        '  --data \'{"redirectUri": "https://app.northwindrentals.com/insurance/done"}\'',
        nanoid,
        cid=join("cli_", nanoid),
    ),
    S(
        INS,
        "axle_php_client",
        "$client = new \\OscarTeam\\Axle\\AxleClient(clientId: '{cid}', clientSecret: '{v}', environment: 'test');",
        nanoid,
        cid=join("cli_", nanoid),
    ),
    # ---- secrets: Guidewire Cloud API / Guidewire Hub
    S(
        INS,
        "gwhub_client_credentials",
        "$ curl -s --location --request POST https://guidewire-hub.okta.com/oauth2/{aus}/v1/token \\\n"
        '    --data-urlencode "grant_type=client_credentials" \\\n'
        '    --data-urlencode "scope=gcc.deployments.read tenant.northwind" \\\n'
        '    --data-urlencode "client_id={cid}" \\\n'
        "    --data-urlencode \"client_secret={v}\" | jq -r '.access_token'",
        b64url(40),
        aus=join("aus", b62(17)),
        cid=join("0oa", b62(17)),
    ),
    S(
        INS,
        "gw_env_file",
        "$ cat .env.local\nGW_AUTH_URL=https://guidewire-hub.okta.com/oauth2/{aus}/v1/token\n"
        "GW_CLIENT_ID={cid}\nGW_CLIENT_SECRET={v}\nGW_PC_URL=https://northwind-dev.guidewire.net/pc/rest",
        b64url(64),
        aus=join("aus", b62(17)),
        cid=join("0oa", b62(17)),
    ),
    S(
        INS,
        "gwhub_token_response",
        '{\n  "token_type": "Bearer",\n  "expires_in": 3600,\n  "access_token": "{v}",\n'
        '  "scope": "tenant.northwind pc.service"\n}',
        jwt("RS256", okta_claims, 342, kid=True),
    ),
    S(
        INS,
        "gw_local_basic_auth",
        "$ curl -s -u aapplegate:{v} 'http://localhost:8180/pc/rest/account/v1/accounts?pageSize=5' | jq '.count'",
        password(14),
    ),
    # ---- secrets: Bold Penguin
    S(
        INS,
        "boldpenguin_form_secret",
        "$ curl https://boldpenguin-auth-uat.beta.boldpenguin.com/auth/token \\\n"
        "    -F grant_type=client_credentials \\\n    -F client_id={cid} \\\n    -F client_secret={v}",
        b62(64),
        cid=b62(32),
    ),
    S(
        INS,
        "boldpenguin_basic_header",
        "POST /auth/token?grant_type=client_credentials HTTP/1.1\nHost: api-smartdata.di-beta.boldpenguin.com\n"
        "Authorization: Basic {v}",
        basic_auth(b62(32), b62(64)),
    ),
    S(
        INS,
        "boldpenguin_api_key",
        '  -H "Authorization: Bearer $BP_TOKEN" \\\n  -H "x-api-key: {v}" \\',
        b62(40),
    ),
    S(
        INS,
        "boldpenguin_token_response",
        '{\n  "access_token": "{v}",\n  "token_type": "bearer",\n  "expires_in": 43200,\n'
        '  "scope": "",\n  "uid": "{uid}",',
        b62(24),
        uid=uuid,
    ),
    # ---- secrets: Boost Insurance
    S(
        INS,
        "boost_requests_auth",
        "resp = requests.post(\n"
        '    "https://api.insurtech.dev/auth/oauth2/token",\n'
        '    data={"grant_type": "client_credentials"},\n'
        '    auth=(BOOST_CLIENT_ID, "{v}"),\n'
        "    timeout=10,\n)",
        b64url(43),
    ),
    # ---- secrets: Socotra
    S(
        INS,
        "socotra_authenticate",
        "$ curl -s -X POST https://api.sandbox.socotra.com/account/authenticate \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"username": "alice.underwriter", "password": "{v}", '
        '"hostName": "northwind-configeditor.co.sandbox.socotra.com"}\'',
        password(16),
    ),
    S(
        INS,
        "socotra_auth_response",
        '{"authorizationToken":"{v}","expiresTimestamp":{ts}}',
        jwt("HS256", socotra_claims, 43),
        ts=join("17", digits(11)),
    ),
    S(
        INS,
        "socotra_pat_postman",
        '\t\t{\n\t\t\t"key": "socotra_pat",\n\t\t\t"value": "{v}",\n\t\t\t"type": "secret",\n\t\t\t"enabled": true\n\t\t},',
        jwt("RS256", pat_claims, 342),
    ),
    # ---- secrets: AmTrust
    S(
        INS,
        "amtrust_apim_key",
        "$ curl -s https://gateway.amtrustgroup.com/digital-bop/api/v1/agent-contacts \\\n"
        '    -H "Ocp-Apim-Subscription-Key: {v}" \\\n    -H "Authorization: Bearer $AMTRUST_TOKEN"',
        hexl(32),
    ),
    S(
        INS,
        "amtrust_identityserver_body",
        "body = 'grant_type=client_credentials&client_id=northwind_agency_api"
        "&client_secret={v}&scope=openid%20profile'",
        uuid,
    ),
    # ---- secrets: Cover Genius XCover
    S(
        INS,
        "xcover_yaml",
        "xcover:\n  base_url: https://api.xcover.com/x\n  partner_code: {pc}\n  api_key: {key}\n  api_secret: {v}",
        b62(32),
        pc=join("NWRN", digits(2)),
        key=b62(20),
    ),
    # ---- secrets: Duck Creek Payments
    S(
        INS,
        "duckcreek_private_key_env",
        "$ docker run --rm -e IMBURSE_PUBLIC_KEY={pub} -e IMBURSE_PRIVATE_KEY={v} northwind/payments-sync:1.4.2",
        b64(43, "="),
        pub=uuid,
    ),
    S(
        INS,
        "duckcreek_bearer",
        "Authorization: Bearer {v}\nx-account-id: {acc}\nx-tenant-id: {ten}\nContent-Type: application/json",
        jwt("HS256", imburse_claims, 43),
        acc=uuid,
        ten=uuid,
    ),
    # ---- secrets: Zywave
    S(
        INS,
        "zywave_refresh_token",
        "$ curl --request POST --url https://auth.zywave.com/connect/token \\\n"
        "    --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        '    --data "client_id=northwind-ams-sync" --data "client_secret=$ZYWAVE_SECRET" \\\n'
        '    --data "grant_type=refresh_token" --data "refresh_token={v}"',
        hexu(64),
    ),
    S(
        INS,
        "zywave_app_config",
        '  <appSettings>\n    <add key="Zywave:Authority" value="https://auth.zywave.com" />\n'
        '    <add key="Zywave:ClientId" value="northwind-ams-sync" />\n'
        '    <add key="Zywave:ClientSecret" value="{v}" />\n  </appSettings>',
        password(28),
    ),
    # ---- secrets: Root Bind API, Vertical Insure, Insurpass
    S(
        INS,
        "root_agency_bearer",
        '{\n  "bearerToken": "{v}",\n  "tokenPayload": {\n    "iat": 1718000000,\n    "exp": 1718604800\n  }\n}',
        jwt("ES256", root_claims, 86),
    ),
    S(
        INS,
        "vertical_insure_basic",
        'session.auth = HTTPBasicAuth("{cid}", "{v}")\nresp = session.get("https://api.verticalinsure.com/v1/products")',
        b64url(40),
        cid=uuid,
    ),
    S(
        INS,
        "insurpass_bearer",
        "  headers: {\n    'Authorization': 'Bearer {v}',\n    'Content-Type': 'application/json'\n  },",
        join("ins_sk_", hexl(96), "_live"),
    ),
    # ---- look-alikes: public ids
    L(
        INS,
        "axle_client_id",
        "curl --request GET --url https://sandbox.axle.insure/carriers \\\n"
        '  --header "x-client-id: {v}" \\\n  --header "x-client-secret: $AXLE_CLIENT_SECRET"',
        join("cli_", nanoid),
    ),
    L(
        INS,
        "axle_request_id",
        "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\nx-axle-request-id: {v}",
        join("req_", nanoid),
    ),
    L(
        INS,
        "canopy_team_id",
        "# Team ID from Settings > API (sent as teamId on Apps requests)\nCANOPY_TEAM_ID={v}",
        uuid,
    ),
    L(
        INS,
        "canopy_public_alias",
        "const handler = CanopyConnect.create({ publicAlias: '{v}', pullMetaData: { userId: 4821 } });",
        join("northwind-", lower_alnum(6)),
    ),
    L(
        INS,
        "gwhub_auth_server",
        "GWHUB_URL=https://guidewire-hub.okta.com/oauth2/{v}/v1/token",
        join("aus", b62(17)),
    ),
    L(
        INS,
        "gwhub_client_id",
        "export GWHUB_CLIENT_ID={v}\nexport GWHUB_CLIENT_SECRET=$(op read op://insurtech/gwhub/client_secret)",
        join("0oa", b62(17)),
    ),
    L(
        INS,
        "okta_kid",
        '$ jwt decode $ACCESS_TOKEN\n\nToken header\n------------\n{\n  "kid": "{v}",\n  "alg": "RS256"\n}',
        b64url(43),
    ),
    L(
        INS,
        "gw_doc_placeholder",
        'The response contains a JSON object with the requested access token:\n{\n"token_type": "Bearer",\n'
        '"expires_in": 3600,\n"access_token": "{v}",',
        const("xxxxxxxx"),
    ),
    L(INS, "boldpenguin_uid", '  "uid": "{v}",\n  "info": {\n    "name": "Northwind Quote Start Client",', uuid),
    L(
        INS,
        "boldpenguin_placeholder",
        "curl https://boldpenguin-auth.boldpenguin.com/auth/token \\\n-F grant_type=client_credentials \\\n"
        "-F client_id=<client_id> \\\n-F client_secret={v}",
        const("<client_secret>"),
    ),
    L(
        INS,
        "socotra_tenant_locator",
        '  {\n    "locator": "{v}",\n    "name": "northwind-homeowners-test",\n    "type": "test",',
        uuid,
    ),
    L(
        INS,
        "socotra_postman_placeholder",
        '\t\t{\n\t\t\t"key": "business_account_password",\n\t\t\t"value": "{v}",\n\t\t\t"type": "secret",',
        const("your_password"),
    ),
    L(
        INS,
        "amtrust_masked_key",
        "Subscription: northwind-digital-bop (active)\nPrimary key     {v}     Show | Regenerate",
        join("*" * 28, hexl(4)),
    ),
    L(
        INS,
        "duckcreek_account_id",
        'curl -s "https://sandbox-api.imbursepayments.com/v1/transaction" \\\n'
        '  -H "Authorization: Bearer $IMBURSE_TOKEN" \\\n  -H "x-account-id: {v}" \\\n'
        '  -H "x-tenant-id: $IMBURSE_TENANT_ID"',
        uuid,
    ),
    L(
        INS,
        "zywave_placeholder",
        "curl --request POST --url https://auth.zywave.com/connect/token "
        '--data "client_id=[YOUR_CLIENT_ID]" --data "client_secret={v}" --data "grant_type=refresh_token"',
        const("[YOUR_CLIENT_SECRET]"),
    ),
    L(
        INS,
        "zywave_profile_id",
        "GET https://api.zywave.com/profiles/V2.0/Profile/B/{v}\nAuthorization: Bearer {{zywave_access_token}}",
        digits(7),
    ),
    L(
        INS,
        "root_token_ref",
        '  "tokenPayload": {\n    "ref": "{v}",\n    "iat": 1718000000,\n    "exp": 1718604800,\n'
        '    "agentId": "{agent}"\n  }',
        b62(24),
        agent=uuid,
    ),
    L(
        INS,
        "vertical_client_id_header",
        "curl -X POST -H \"x-api-client-id: {v}\" 'https://api.verticalinsure.com/v1/quote/gap-medical'",
        uuid,
    ),
    L(
        INS,
        "insurpass_placeholder",
        "# .env.example\nINSURPASS_SECRET_KEY={v}",
        join("ins_sk_", const("x" * 96), "_test"),
    ),
    L(
        INS,
        "gha_secret_ref",
        "      - name: Sync pulls\n        env:\n          CANOPY_CLIENT_ID: ${{ vars.CANOPY_CLIENT_ID }}\n"
        "          CANOPY_CLIENT_SECRET: {v}",
        const("${{ secrets.CANOPY_CLIENT_SECRET }}"),
    ),
    L(
        INS,
        "k8s_secret_key_ref",
        "        - name: BOOST_CLIENT_SECRET\n          valueFrom:\n            secretKeyRef:\n"
        "              name: boost-oauth\n              key: {v}",
        const("client-secret"),
    ),
    L(
        INS,
        "axle_masked_env",
        "$ northwind-cli config show\nAXLE_ENV=sandbox\nAXLE_CLIENT_ID=cli_********************\n"
        "AXLE_CLIENT_SECRET={v}",
        join("*****************", b64url(4)),
    ),
    L(
        INS,
        "acord_xsd_checksum",
        "$ sha256sum schemas/ACORD_PC_XML_v1.37.0.xsd\n{v}  schemas/ACORD_PC_XML_v1.37.0.xsd",
        hexl(64),
    ),
    L(
        INS,
        "commit_sha",
        "$ git -C integrations/guidewire-cloud-api log -1 --format=%H\n{v}",
        hexl(40),
    ),
]
