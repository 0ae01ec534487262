"""A two-hundred-and-twenty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of automotive dealer, parts and vehicle-data APIs: CDK Global's
Fortellis (API key and API secret as an Okta-style `0oa…` client id and a 40-character secret, sent
as HTTP Basic to `identity.fortellis.io/oauth2/aus…/v1/token`, or straight to the simulator; the
unofficial Node client's `FortellisAuth({apiKey, apiSecret, subscriptionId})`; the RS256 access
token it returns; `Subscription-Id`/`Request-Id` headers and the auth server's JWKS `kid`), the
Reynolds and Reynolds Certified Interface (RCI) welcome kit (`b2b.reyrey.com/Sync/RCI/<vendor>/Receive.ashx`
with a vendor login and password, a test dealer number, store and branch), Dealerware's Auth0
client-credentials call, MarketCheck (`api_key` in the query, the raw key in `Authorization` on
`mc-api`, listing ids of the form VIN-hex-hex, the `YOUR_API_KEY` placeholder), VinAudit (`key=` on
the market-value and history APIs, `user`/`pass` on report orders, the documented `VA_DEMO_KEY`,
report ids), NHTSA vPIC (key-less `DecodeVinValues` URLs, VINs and VIN descriptors), Edmunds
(`api_key=` on `api.edmunds.com`, the `EDMUNDS_VEHICLE` env var), Smartcar (UUID client ids that the
docs call safe to hardcode, UUID client secrets and access tokens, `SMARTCAR_SECRET`, `AuthClient`,
vehicle ids and `SC-Signature` webhook HMACs), Auto.dev (`sk_ad_…` keys as Bearer tokens, request
ids), CarAPI (`api_token`/`api_secret` posted to `/api/auth/login`, the JWT it returns), CARFAX
Canada (Basic auth to `apigateway.carproof.com/token`, the `WebServiceToken` header, `partner=` codes
in report links), VinQuery (`accesscode=xxxxx-xxxxx-xxxxx-xxxxx`), CarMD (`authorization` and
`partner-token` headers) and Vincario/vindecoder.eu (API key in the URL path, a 10-hex control sum,
a secret key), in commands, config files, code and tool output. Where a vendor documents no length
or alphabet, a plausible one was chosen; every value is generated.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
23 of 25 secrets caught, 0 of 25 look-alikes altered (missed: a VinAudit password as httpie's quoted
`pass=='…'` (an `&` inside), Vincario's key as a path segment after the API's version `3.2`).
"""

from __future__ import annotations

import base64
import json
import random
import string

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
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

AD = "autodealer"

VIN_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
vin = pick(VIN_ALPHABET, 17)

fortellis_key = join("0oa", b62(17))
fortellis_auth_server = join("aus", b62(17))
autodev_key = join("sk_ad_", b64url(22))


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_auth(user, secret):
    """base64 of `user:secret`, both makers."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()

    return make


def fortellis_jwt(rng: random.Random) -> str:
    """An RS256 access token shaped like the one the Fortellis token endpoint returns."""
    iat = 1_717_000_000 + rng.randrange(20_000_000)
    cid = fortellis_key(rng)
    header = {"kid": b64url(43)(rng), "alg": "RS256"}
    payload = {
        "ver": 1,
        "jti": "AT." + b64url(43)(rng),
        "iss": "https://identity.fortellis.io/oauth2/" + fortellis_auth_server(rng),
        "aud": "api_providers",
        "iat": iat,
        "exp": iat + 3600,
        "cid": cid,
        "scp": ["anonymous"],
        "sub": cid,
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def carapi_jwt(rng: random.Random) -> str:
    """An HS256 JWT as returned by CarAPI's /api/auth/login."""
    iat = 1_717_000_000 + rng.randrange(20_000_000)
    header = {"typ": "JWT", "alg": "HS256"}
    payload = {
        "iss": "carapi.app",
        "sub": uuid(rng),
        "aud": uuid(rng),
        "exp": iat + 7 * 86400,
        "iat": iat,
        "jti": uuid(rng),
        "user": {"id": rng.randrange(10_000, 99_999), "subscribed": True},
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def marketcheck_listing_id(rng: random.Random) -> str:
    return f"{vin(rng)}-{hexl(8)(rng)}-{hexl(4)(rng)}"


def vin_descriptor(rng: random.Random) -> str:
    v = vin(rng)
    return f"{v[:8]}*{v[9:11]}"


dealer_number = join(pick(string.ascii_uppercase, 7), digits(8))
carfax_partner = join(pick(string.ascii_uppercase, 3), "_", digits(1))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 25, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: CDK Global Fortellis
    S(
        AD,
        "fortellis_basic_token_request",
        "$ curl --request POST \\\n  --url https://identity.fortellis.io/oauth2/{aus}/v1/token \\\n"
        "  --header 'accept: application/json' \\\n  --header 'authorization: Basic {v}' \\\n"
        "  --header 'content-type: application/x-www-form-urlencoded' \\\n"
        "  --data 'grant_type=client_credentials&scope=anonymous'",
        basic_auth(fortellis_key, b64url(40)),
        aus=fortellis_auth_server,
    ),
    S(
        AD,
        "fortellis_node_client",
        "const auth = await fortellis.auth.FortellisAuth({\n"
        '    apiKey: "{key}",\n    apiSecret: "{v}",\n    subscriptionId: "{sub}",\n});',
        b64url(40),
        key=fortellis_key,
        sub=uuid,
    ),
    S(
        AD,
        "fortellis_simulator_basic",
        "$ curl -s -u {key}:{v} -H 'Subscription-Id: test' -H 'Request-Id: {rid}' \\\n"
        "    https://api.fortellis.io/sales/v1/elead/activities/activityTypes | jq length",
        b64url(40),
        key=fortellis_key,
        rid=uuid,
    ),
    S(
        AD,
        "fortellis_access_token",
        '{\n    "access_token": "{v}",\n    "token_type": "Bearer",\n    "expires_in": 3600,\n    "scope": "anonymous"\n}',
        fortellis_jwt,
    ),
    # ---- secrets: Reynolds and Reynolds RCI, Dealerware
    S(
        AD,
        "reynolds_rci_env",
        "# --- Reynolds RCI (Northgate) ---\n"
        "REY_RCI_PROD_URL=https://b2b.reyrey.com/Sync/RCI/Northgate/Receive.ashx\n"
        "REY_RCI_PROD_LOGIN=Northgate\nREY_RCI_PROD_PASSWORD={v}",
        password(12),
    ),
    S(
        AD,
        "reynolds_rci_curl_user",
        "$ curl -sS --user 'Northgate:{v}' -H 'Content-Type: text/xml' --data-binary @rey_RepairOrder.xml \\\n"
        "    https://b2b-test.reyrey.com/Sync/RCI/Northgate/Receive.ashx",
        password(12),
    ),
    S(
        AD,
        "dealerware_client_secret",
        "$ curl -s -X POST 'https://dealerware.auth0.com/oauth/token' \\\n"
        "  --header 'content-type: application/json' \\\n"
        '  --data \'{"client_id": "{cid}", "client_secret": "{v}", '
        '"audience": "https://api.dealerware.com", "grant_type": "client_credentials"}\'',
        b64url(64),
        cid=b62(32),
    ),
    # ---- secrets: MarketCheck, VinAudit, Edmunds
    S(
        AD,
        "marketcheck_query_key",
        '$ curl -s "https://api.marketcheck.com/v2/search/car/active?api_key={v}&year=2021&make=ford'
        '&model=f-150&rows=5&stats=price" | jq .num_found',
        b62(32),
    ),
    S(
        AD,
        "marketcheck_raw_authorization",
        "  const url = new URL(`https://mc-api.marketcheck.com/v2/decode/car/${vin}/specs`);\n"
        "  const response = await fetch(url.toString(), {\n"
        '    method: "GET",\n    headers: {\n      "Accept": "application/json",\n'
        '      "Authorization": "{v}",\n    },\n  });',
        b62(32),
    ),
    S(
        AD,
        "vinaudit_marketvalue_log",
        "[valuation] GET https://marketvalue.vinaudit.com/v2/marketvalue?key={v}&vin={vin}"
        "&mileage=48210&format=json -> 200 (212 ms)",
        upper_alnum(15),
        vin=vin,
    ),
    S(
        AD,
        "vinaudit_order_pass",
        "$ http POST https://api.vinaudit.com/v2/pullreport id=={rid} vin=={vin} user==northgate-motors"
        " pass=='{v}' key==$VINAUDIT_KEY format==json",
        password(14),
        rid=join("S", digits(11)),
        vin=vin,
    ),
    S(
        AD,
        "edmunds_query_key",
        '$ curl -s "https://api.edmunds.com/api/vehicle/v2/makes?state=new&year=2016&view=basic&fmt=json'
        '&api_key={v}" | jq .makesCount',
        lower_alnum(24),
    ),
    # ---- secrets: Smartcar
    S(
        AD,
        "smartcar_demo_env",
        "PORT=8000 \\\nSMARTCAR_CLIENT_ID={cid} \\\nSMARTCAR_SECRET={v} \\\n"
        "SMARTCAR_REDIRECT_URI=http://localhost:8000/callback \\\nSMARTCAR_MODE=development \\\nnode app.js",
        uuid,
        cid=uuid,
    ),
    S(
        AD,
        "smartcar_authclient",
        "client = smartcar.AuthClient(\n"
        '    client_id="{cid}",\n    client_secret="{v}",\n'
        '    redirect_uri="https://fleet.northgate-motors.com/smartcar/callback",\n    mode="live",\n)',
        uuid,
        cid=uuid,
    ),
    S(
        AD,
        "smartcar_access_token_repl",
        ">>> access = client.exchange_code(code)\n>>> access.access_token\n'{v}'",
        uuid,
    ),
    # ---- secrets: Auto.dev, CarAPI
    S(
        AD,
        "autodev_bearer",
        '$ curl -s https://api.auto.dev/vin/{vin} -H "Authorization: Bearer {v}" | jq .vehicle',
        autodev_key,
        vin=vin,
    ),
    S(
        AD,
        "carapi_login_secret",
        "$ curl -X POST https://carapi.app/api/auth/login -H 'accept: text/plain' "
        "-H 'Content-Type: application/json' \\\n"
        '    -d \'{"api_token": "{tok}", "api_secret": "{v}"}\'',
        hexl(32),
        tok=uuid,
    ),
    S(
        AD,
        "carapi_jwt",
        "$ curl -s 'https://carapi.app/api/trims?year=2020&make=Toyota&model=Camry' \\\n"
        "    -H 'accept: application/json' -H 'Authorization: Bearer {v}'",
        carapi_jwt,
    ),
    # ---- secrets: CARFAX Canada, VinQuery, CarMD, Vincario
    S(
        AD,
        "carfax_ca_token_basic",
        "$ curl -s -u 'northgate_ws:{v}' https://apigateway.carproof.com/token",
        password(16),
    ),
    S(
        AD,
        "carfax_ca_webservicetoken",
        'headers = {"WebServiceToken": "{v}", "Accept": "application/json"}\n'
        'resp = requests.get(f"https://apigateway.carproof.com/vhr/{vin}", headers=headers, timeout=20)',
        b62(40),
    ),
    S(
        AD,
        "vinquery_accesscode",
        "GET https://ws.vinquery.com/vindecode/v2?accesscode={v}&vin={vin}&reporttype=3&format=json",
        groups(lower_alnum(5), 4),
        vin=vin,
    ),
    S(
        AD,
        "carmd_authorization",
        "CARMD_HEADERS = {\n"
        '    "content-type": "application/json",\n    "authorization": "Basic {v}",\n'
        '    "partner-token": os.environ["CARMD_PARTNER_TOKEN"],\n}',
        b64(54, "=="),
    ),
    S(
        AD,
        "carmd_partner_token",
        "$ cat .env\nCARMD_API_BASE=http://api.carmd.com/v3.0\nCARMD_PARTNER_TOKEN={v}",
        hexl(32),
    ),
    S(
        AD,
        "vincario_secret_key",
        'api_prefix = "https://api.vindecoder.eu/3.2"\n'
        'api_key = os.environ["VIN_DECODER_KEY"]\nsecret_key = "{v}"  # vincario dashboard -> API keys',
        lower_alnum(10),
    ),
    S(
        AD,
        "vincario_key_in_path",
        "INFO decoding via GET https://api.vincario.com/3.2/{v}/{ctrl}/decode/{vin}.json",
        hexl(12),
        ctrl=hexl(10),
        vin=vin,
    ),
    # ---- look-alikes: public identifiers
    L(
        AD,
        "fortellis_auth_server_id",
        "$ curl -s https://identity.fortellis.io/oauth2/{v}/.well-known/openid-configuration | jq -r .token_endpoint",
        fortellis_auth_server,
    ),
    L(
        AD,
        "fortellis_subscription_id",
        "$ curl -s https://api.fortellis.io/service/v1/appointments \\\n"
        "  -H 'Subscription-Id: {v}' \\\n  -H 'Request-Id: {rid}' \\\n"
        '  -H "Authorization: Bearer $FORTELLIS_TOKEN"',
        uuid,
        rid=uuid,
    ),
    L(
        AD,
        "fortellis_jwks_kid",
        "$ curl -s https://identity.fortellis.io/oauth2/{aus}/v1/keys | jq -r '.keys[0].kid'\n{v}",
        b64url(43),
        aus=fortellis_auth_server,
    ),
    L(
        AD,
        "reynolds_dealer_number",
        "# Reynolds test dealer context\nREY_TEST_DEALER_NUMBER={v}\nREY_TEST_STORE=05\nREY_TEST_BRANCH=03",
        dealer_number,
    ),
    L(
        AD,
        "dealerware_client_id",
        '  --data \'{"client_id": "{v}", "client_secret": "\'"$DEALERWARE_CLIENT_SECRET"\'", '
        '"audience": "https://api.dealerware.com", "grant_type": "client_credentials"}\'',
        b62(32),
    ),
    L(
        AD,
        "marketcheck_listing_id",
        '$ curl -s "https://api.marketcheck.com/v2/listing/car/{v}?api_key=$MC_API_KEY" | jq -r .heading',
        marketcheck_listing_id,
    ),
    L(
        AD,
        "vinaudit_report_id",
        '{"vin":"{vin}","id":"{v}","success":true,"error":""}',
        join("T", digits(11)),
        vin=vin,
    ),
    L(
        AD,
        "vpic_vin_url",
        "$ curl -s 'https://vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/{v}?format=json' | jq -r '.Results[0].Make'",
        vin,
    ),
    L(
        AD,
        "vpic_vehicle_descriptor",
        '      "ValveTrainDesign": "Dual Overhead Cam (DOHC)",\n      "VehicleDescriptor": "{v}",\n'
        '      "VehicleType": "TRUCK ",',
        vin_descriptor,
    ),
    L(
        AD,
        "smartcar_client_id",
        "const smartcar = new Smartcar({\n  clientId: '{v}',\n"
        "  redirectUri: 'https://javascript-sdk.smartcar.com/v2/redirect?app_origin=https://fleet.northgate-motors.com',\n"
        "  scope: ['read_vehicle_info', 'read_odometer'],\n  mode: 'live',\n});",
        uuid,
    ),
    L(
        AD,
        "smartcar_vehicle_id",
        '$ curl "https://api.smartcar.com/v2.0/vehicles/{v}/odometer" -H "Authorization: Bearer $SMARTCAR_ACCESS_TOKEN"',
        uuid,
    ),
    L(
        AD,
        "smartcar_webhook_signature",
        "POST /webhooks/smartcar 200 (14 ms)\n  sc-signature: {v}\n  content-type: application/json",
        hexl(64),
    ),
    L(
        AD,
        "autodev_request_id",
        '{"error": {"status": 404, "error": "Resource not found", "code": "RESOURCE_NOT_FOUND", '
        '"path": "/listings/{vin}", "requestId": "{v}"}}',
        hexl(16),
        vin=vin,
    ),
    L(
        AD,
        "carfax_partner_code",
        '      "carfaxUrl": "https://www.carfax.com/VehicleHistory/p/Report.cfx?vin={vin}&partner={v}",',
        carfax_partner,
        vin=vin,
    ),
    L(
        AD,
        "vincario_control_sum",
        ">>> control_sum(vin, 'decode')\n'{v}'",
        hexl(10),
    ),
    # ---- look-alikes: placeholders, demo keys, masks and references
    L(
        AD,
        "marketcheck_placeholder",
        "params: {api_key: '{v}', year: '2024', make: 'ford', model: 'f-150', start: '0', rows: '5'},",
        const("YOUR_API_KEY"),
    ),
    L(
        AD,
        "vinaudit_demo_key",
        "https://api.vinaudit.com/v2/query?vin={vin}&key={v}&format=json&mode=test",
        const("VA_DEMO_KEY"),
        vin=vin,
    ),
    L(
        AD,
        "vinquery_placeholder",
        "GET https://ws.vinquery.com/vindecode/v2?accesscode={v}&vin=XXXXXXXXXXXXXXXXX&reporttype=3",
        const("xxxxx-xxxxx-xxxxx-xxxxx"),
    ),
    L(
        AD,
        "autodev_placeholder",
        "# .env.example\nAUTO_DEV_API_KEY={v}\nAUTO_DEV_BASE_URL=https://api.auto.dev",
        join("sk_ad_", "x" * 22),
    ),
    L(
        AD,
        "marketcheck_masked",
        "[mc-client] loaded MARKETCHECK_API_KEY={v} (from .env.local)",
        join("*" * 28, b62(4)),
    ),
    L(
        AD,
        "reynolds_secret_ref",
        "        env:\n          REY_RCI_PROD_LOGIN: Northgate\n          REY_RCI_PROD_PASSWORD: {v}",
        const("${{ secrets.REY_RCI_PROD_PASSWORD }}"),
    ),
    L(
        AD,
        "edmunds_env_ref",
        '      @base = "http://api.edmunds.com/v1/api/vehicle"\n      @api_key = {v}',
        const('ENV["EDMUNDS_VEHICLE"]'),
    ),
    L(
        AD,
        "vault_ref",
        '  MARKETCHECK_API_KEY: "{v}"',
        const("vault:secret/data/dealer-feeds#marketcheck_api_key"),
    ),
    # ---- look-alikes: hashes
    L(
        AD,
        "wheel_sha256",
        "$ pip hash dist/smartcar-6.10.1-py3-none-any.whl\ndist/smartcar-6.10.1-py3-none-any.whl:\n--hash=sha256:{v}",
        hexl(64),
    ),
    L(
        AD,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} dealer-feeds: move MarketCheck and VinAudit keys to Vault",
        hexl(40),
    ),
]
