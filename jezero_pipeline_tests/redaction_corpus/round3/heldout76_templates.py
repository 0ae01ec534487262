"""A seventy-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of travel, logistics and shipping APIs: the Amadeus for Developers
authorization guide and Python SDK (API key vs API secret, the `amadeusOAuth2Token` response),
Sabre Dev Studio's REST token credentials (`V1:userid:group:domain`, base64 twice, `T1RLAQ…`
tokens) and SOAP session `BinarySecurityToken`s, Booking.com's Demand API authentication (Bearer
key plus `X-Affiliate-Id`) and Connectivity token-based authentication (machine-account client
id and secret exchanged for a JWT, `ruid`), Expedia Rapid's SHA-512 signature over key, shared
secret and timestamp, the UPS OAuth Client Credentials API (`x-merchant-id`, token response),
FedEx API Authorization (API key, secret key, child key and child secret), DHL's Shipment
Tracking - Unified (`DHL-API-Key`), the USPS Web Tools development guide (user ids), ShipStation
V1 (Basic auth over key and secret) and V2 (`API-Key`, `TEST_` sandbox keys), Flexport's "Using
API Credentials" tutorial, project44's OAuth 2.0 client applications, Samsara API tokens, Motive's
`X-Api-Key`, and Uber Direct and Lyft client credentials, in commands, config files and tool
output, with the public ids, account and tracking numbers, references and masks the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 70 to 74):
23 of 26 secrets caught, 3 of 25 look-alikes altered (missed: a Sabre session token in an element with attributes,
Expedia's shared secret as a `printf` argument, a USPS `USERID`; altered: a request id after `auth token exchange
ok`, a digest in `supabase secrets list`, a ShipStation `orderKey`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    alphabet_run,
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
    pick,
    upper_alnum,
    uuid,
)

TR = "travel"


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def sabre_user_id(rng: random.Random) -> str:
    """`V1:{EPR}:{PCC}:AA`, the Sabre user id the credential is built from."""
    return f"V1:{digits(6)(rng)}:{upper_alnum(4)(rng)}:AA"


def sabre_credential(rng: random.Random) -> str:
    """base64( base64(user id) + ':' + base64(password) ), Sabre's REST token credential."""
    return _b64(_b64(sabre_user_id(rng)) + ":" + _b64(password(12)(rng)))


def sabre_session_token(rng: random.Random) -> str:
    letter = rng.choice("ABCDEFG")
    return (
        "Shared/IDL:IceSess\\/SessMgr:1\\.0.IDL/Common/!ICESMS\\/RES"
        + letter
        + "!ICESMSLB\\/RES.LB!-"
        + digits(19)(rng)
        + "!"
        + digits(7)(rng)
        + "!0"
    )


def upper_uuid_v1(rng: random.Random) -> str:
    return f"{hexu(8)(rng)}-{hexu(4)(rng)}-11EF-{hexu(4)(rng)}-{hexu(12)(rng)}"


def booking_jwt(rng: random.Random) -> str:
    """An RS256 JWT with the claims Booking.com's Connectivity token exchange documents."""
    iat = 1_740_000_000 + rng.randrange(10_000_000)
    payload = {
        "sub": "connectivity-auth-proxy",
        "aud": "",
        "test": "false",
        "machine_account_id": str(rng.randrange(1000, 99999)),
        "iss": "urn://connectivity-modern-auth/v1",
        "provider_id": str(rng.randrange(100, 9999)),
        "exp": iat + 3600,
        "iat": iat,
        "client_id": upper_uuid_v1(rng),
        "jti": uuid(rng),
    }
    header = _b64url_json({"alg": "RS256", "typ": "JWT"})
    return f"{header}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def shipstation_basic(rng: random.Random) -> str:
    return _b64(f"{hexl(32)(rng)}:{hexl(32)(rng)}")


def op_ref(rng: random.Random) -> str:
    return f"op://Ops-{lower_alnum(6)(rng)}/shipstation/api-secret"


def p44_machine_user(rng: random.Random) -> str:
    return f"app-{lower_alnum(20)(rng)}@client-applications.project44.com"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 3, 25, "the rules for 70 to 74")

TEMPLATES = [
    # ---- secrets: Amadeus (API key is the client id, API secret is the client secret)
    S(
        TR,
        "amadeus_client_secret",
        '$ curl "https://test.api.amadeus.com/v1/security/oauth2/token" \\\n'
        '     -H "Content-Type: application/x-www-form-urlencoded" \\\n'
        '     -d "grant_type=client_credentials&client_id=$AMADEUS_CLIENT_ID&client_secret={v}"',
        b62(16),
    ),
    S(
        TR,
        "amadeus_access_token",
        '{\n  "type": "amadeusOAuth2Token",\n  "username": "ops@harbourline.io",\n  "application_name": "fare-watch",\n'
        '  "token_type": "Bearer",\n  "access_token": "{v}",\n  "expires_in": 1799,\n  "state": "approved",\n'
        '  "scope": ""\n}',
        b62(28),
    ),
    S(
        TR,
        "amadeus_sdk_secret",
        'amadeus = Client(\n    client_id=os.environ["AMADEUS_CLIENT_ID"],\n    client_secret="{v}",\n'
        '    hostname="production",\n    log_level="warn",\n)',
        b62(16),
    ),
    # ---- secrets: Sabre
    S(
        TR,
        "sabre_basic_credential",
        '$ curl -s -X POST "https://api.cert.platform.sabre.com/v2/auth/token" \\\n'
        '    -H "Authorization: Basic {v}" \\\n'
        '    -H "Content-Type: application/x-www-form-urlencoded" -d "grant_type=client_credentials"',
        sabre_credential,
    ),
    S(
        TR,
        "sabre_access_token",
        '{"access_token":"{v}","token_type":"bearer","expires_in":604800}',
        join("T1RLAQ", b64(214), "**"),
    ),
    S(
        TR,
        "sabre_session_token",
        '      <wsse:Security xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext">\n'
        '        <wsse:BinarySecurityToken valueType="String" EncodingType="wsse:Base64Binary">{v}'
        "</wsse:BinarySecurityToken>\n      </wsse:Security>",
        sabre_session_token,
    ),
    S(
        TR,
        "sabre_password_positional",
        '$ echo -n "$(echo -n "{uid}" | base64):$(echo -n \'{v}\' | base64)" | base64',
        password(12),
        uid=sabre_user_id,
    ),
    # ---- secrets: Booking.com and Expedia Rapid
    S(
        TR,
        "booking_connectivity_secret",
        "$ curl -X POST 'https://connectivity-authentication.booking.com/token-based-authentication/exchange' \\\n"
        "    --header 'Content-Type: application/json' \\\n"
        '    --data-raw \'{"client_id": "{cid}", "client_secret": "{v}"}\'',
        b62(40),
        cid=upper_uuid_v1,
    ),
    S(
        TR,
        "booking_demand_key",
        "curl --request POST 'https://demandapi-sandbox.booking.com/3.1/accommodations/search' \\\n"
        "--header 'X-Affiliate-Id: {aid}' \\\n--header 'Authorization: Bearer {v}' \\\n"
        "--header 'Content-Type: application/json'",
        b62(48),
        aid=digits(7),
    ),
    S(
        TR,
        "booking_connectivity_jwt",
        '{\n  "jwt": "{v}",\n  "ruid": "{ruid}"\n}',
        booking_jwt,
        ruid=uuid,
    ),
    S(
        TR,
        "expedia_shared_secret",
        "SIG=$(printf '%s%s%s' \"$RAPID_API_KEY\" '{v}' \"$(date +%s)\" | sha512sum | cut -d' ' -f1)",
        b62(14),
    ),
    # ---- secrets: carriers
    S(
        TR,
        "ups_client_secret",
        '$ curl -s -X POST "https://wwwcie.ups.com/security/v1/oauth/token" \\\n'
        '    -u "{cid}:{v}" \\\n    -H "x-merchant-id: {acct}" -d "grant_type=client_credentials"',
        b62(64),
        cid=b62(48),
        acct=upper_alnum(6),
    ),
    S(
        TR,
        "fedex_secret_key",
        '$ npx supabase secrets set \\\n    FEDEX_API_KEY="$FEDEX_API_KEY" \\\n    FEDEX_SECRET_KEY={v} \\\n'
        "    --project-ref {ref}",
        hexl(32),
        ref=lower_alnum(20),
    ),
    S(
        TR,
        "fedex_child_secret",
        '$ curl -X POST "https://apis-sandbox.fedex.com/oauth/token" \\\n'
        '    -H "Content-Type: application/x-www-form-urlencoded" \\\n'
        '    -d "grant_type=client_pc_credentials&client_id=$FEDEX_API_KEY&client_secret=$FEDEX_SECRET_KEY'
        '&child_Key=$FEDEX_CHILD_KEY&child_secret={v}"',
        b62(25),
    ),
    S(
        TR,
        "dhl_api_key_header",
        "$ curl -s 'https://api-eu.dhl.com/track/shipments?trackingNumber={trk}&service=express' \\\n"
        "    -H 'DHL-API-Key: {v}' | jq '.shipments[0].status'",
        b62(32),
        trk=digits(10),
    ),
    S(
        TR,
        "dhl_api_secret_yaml",
        "carriers:\n  dhl:\n    api_key: ${DHL_API_KEY}\n    api_secret: {v}\n    environment: sandbox",
        b62(16),
    ),
    S(
        TR,
        "usps_userid",
        "GET https://secure.shippingapis.com/ShippingAPI.dll?API=TrackV2&XML="
        '<TrackRequest USERID="{v}"><TrackID ID="{trk}"></TrackID></TrackRequest>',
        join(digits(3), pick(string.ascii_uppercase, 5), digits(4)),
        trk=join("9400", digits(18)),
    ),
    S(
        TR,
        "shipstation_basic",
        "GET /orders?orderStatus=awaiting_shipment&pageSize=100 HTTP/1.1\nHost: ssapi.shipstation.com\n"
        "Authorization: Basic {v}",
        shipstation_basic,
    ),
    S(
        TR,
        "shipstation_requests_auth",
        'resp = requests.get(\n    "https://ssapi.shipstation.com/shipments",\n'
        '    auth=HTTPBasicAuth(os.environ["SHIPSTATION_API_KEY"], "{v}"),\n    params={"shipDateStart": since},\n)',
        hexl(32),
    ),
    S(
        TR,
        "shipstation_v2_key",
        "$ curl -iX GET 'https://api.shipstation.com/v2/labels?page_size=1' \\\n    -H 'API-Key: {v}'",
        join("TEST_", b64(43)),
    ),
    # ---- secrets: freight visibility and telematics
    S(
        TR,
        "flexport_client_secret",
        "$ kubectl -n integrations create secret generic flexport-oauth \\\n"
        '    --from-literal=client-id="$FLEXPORT_CLIENT_ID" \\\n    --from-literal=client-secret={v}',
        b64url(64),
    ),
    S(
        TR,
        "project44_new_secret",
        '$ curl -s -X POST -u "$P44_USER:$P44_PASS" \\\n'
        "    https://na12.api.project44.com/api/v4/oauth2/client-applications/{cid}/new-secret | jq .\n"
        '{\n  "id": "{cid}",\n  "name": "tms-sync",\n  "secret": "{v}"\n}',
        b62(40),
        cid=lower_alnum(20),
    ),
    S(
        TR,
        "samsara_api_token",
        '$ vercel env add SAMSARA_API_TOKEN production <<< "{v}"',
        join("samsara_api_", b62(30)),
    ),
    S(
        TR,
        "motive_api_key",
        "$ curl -s 'https://api.gomotive.com/v1/vehicle_locations?per_page=25' \\\n"
        "    -H 'X-Api-Key: {v}' -H 'X-Time-Zone: America/Chicago'",
        uuid,
    ),
    # ---- secrets: ride and delivery platforms
    S(
        TR,
        "uber_client_secret",
        "curl --request POST 'https://auth.uber.com/oauth/v2/token' \\\n"
        "--header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "--data-urlencode \"client_id=$UBER_CLIENT_ID\" \\\n--data-urlencode 'client_secret={v}' \\\n"
        "--data-urlencode 'grant_type=client_credentials' \\\n--data-urlencode 'scope=eats.deliveries'",
        b64url(40),
    ),
    S(
        TR,
        "lyft_client_secret",
        '$ curl -X POST -H "Content-Type: application/json" \\\n     --user "{cid}:{v}" \\\n'
        '     -d \'{"grant_type": "client_credentials", "scope": "public"}\' \\\n'
        "     'https://api.lyft.com/oauth/token'",
        b62(32),
        cid=b62(12),
    ),
    # ---- look-alikes: public ids, account and tracking numbers
    L(
        TR,
        "sabre_user_id",
        "SABRE_USER_ID={v}\nSABRE_PASSWORD=${SABRE_PASSWORD:?set in vault}",
        sabre_user_id,
    ),
    L(
        TR,
        "booking_client_id_claim",
        '$ cut -d. -f2 <<< "$JWT" | base64 -d 2>/dev/null | jq -r .client_id\n{v}',
        upper_uuid_v1,
    ),
    L(
        TR,
        "booking_ruid",
        "INFO connectivity.auth token exchange ok ruid={v} expires_in=3600 machine_account=channel-sync",
        uuid,
    ),
    L(
        TR,
        "expedia_session_id",
        "    -H 'Customer-Session-Id: {v}' \\\n    -H 'Accept-Encoding: gzip' \\",
        uuid,
    ),
    L(
        TR,
        "ups_client_id",
        '$ curl -s -X POST https://wwwcie.ups.com/security/v1/oauth/token -u "$UPS_CLIENT_ID:$UPS_CLIENT_SECRET" \\\n'
        "    -d grant_type=client_credentials | jq 'del(.access_token)'\n"
        '{\n  "token_type": "Bearer",\n  "issued_at": "{iat}",\n  "client_id": "{v}",\n  "expires_in": "14399",\n'
        '  "refresh_count": "0",\n  "status": "approved"\n}',
        b62(48),
        iat=join("17", digits(11)),
    ),
    L(
        TR,
        "ups_account_number",
        '    -H "x-merchant-id: {v}" \\\n    -H "transactionSrc: harbourline-rating" \\',
        upper_alnum(6),
    ),
    L(
        TR,
        "ups_tracking_number",
        "GET https://onlinetools.ups.com/api/track/v1/details/{v}?locale=en_US&returnSignature=false",
        join("1Z", upper_alnum(16)),
    ),
    L(
        TR,
        "fedex_account_number",
        '  "accountNumber": {\n    "value": "{v}"\n  },\n  "requestedShipment": {',
        digits(9),
    ),
    L(
        TR,
        "supabase_secret_digest",
        "$ npx supabase secrets list\n  NAME             | DIGEST\n  -----------------|-----------------------------------\n"
        "  FEDEX_SECRET_KEY | {v}",
        hexl(64),
    ),
    L(
        TR,
        "usps_tracking_number",
        '<TrackFieldRequest USERID="${USPS_USER_ID}"><Revision>1</Revision><TrackID ID="{v}"/></TrackFieldRequest>',
        join("9400", digits(18)),
    ),
    L(
        TR,
        "shipstation_order_key",
        '  "orderId": {oid},\n  "orderNumber": "HL-{onum}",\n  "orderKey": "{v}",\n  "orderStatus": "awaiting_shipment",',
        hexl(32),
        oid=digits(9),
        onum=digits(6),
    ),
    L(
        TR,
        "flexport_client_id",
        "$ curl -s -X POST 'https://api.flexport.com/oauth/token' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"client_id": "{v}", "client_secret": "\'"$FLEXPORT_CLIENT_SECRET"\'", '
        '"audience": "https://api.flexport.com", "grant_type": "client_credentials"}\'',
        b62(32),
    ),
    L(
        TR,
        "project44_machine_user",
        "Grant the Shipper Visibility role to {v} under Settings > Users (the client application's machine user).",
        p44_machine_user,
    ),
    L(
        TR,
        "uber_customer_id",
        "POST https://api.uber.com/v1/customers/{v}/delivery_quotes",
        uuid,
    ),
    L(
        TR,
        "uber_authorize_client_id",
        "https://auth.uber.com/oauth/v2/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https%3A%2F%2Fapp.harbourline.io%2Fuber%2Fcallback&scope=profile",
        b64url(32),
    ),
    L(
        TR,
        "lyft_authorize_client_id",
        "https://api.lyft.com/oauth/authorize?client_id={v}&scope=public%20rides.read%20offline"
        "&state={state}&response_type=code",
        b62(12),
        state=hexl(16),
    ),
    L(
        TR,
        "commit_sha",
        "$ pip install 'amadeus @ git+https://github.com/amadeus4dev/amadeus-python@{v}'",
        hexl(40),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        TR,
        "gha_secret_ref",
        "      - name: Refresh fare cache\n        env:\n          AMADEUS_CLIENT_ID: ${{ vars.AMADEUS_CLIENT_ID }}\n"
        "          AMADEUS_CLIENT_SECRET: {v}",
        const("${{ secrets.AMADEUS_CLIENT_SECRET }}"),
    ),
    L(
        TR,
        "dhl_env_ref",
        '$ curl -s "https://api-eu.dhl.com/track/shipments?trackingNumber=$TRK" -H "DHL-API-Key: {v}"',
        const("${DHL_API_KEY}"),
    ),
    L(
        TR,
        "op_reference",
        'SHIPSTATION_API_KEY="op://Ops/shipstation/api-key"\nSHIPSTATION_API_SECRET="{v}"',
        op_ref,
    ),
    L(
        TR,
        "samsara_placeholder",
        "# .env.example - paste the token from Settings > Developer > API Tokens\nSAMSARA_API_TOKEN={v}",
        join("samsara_api_", alphabet_run(30)),
    ),
    L(
        TR,
        "placeholder",
        "# .env.example\nAMADEUS_API_KEY=<your-api-key>\nAMADEUS_API_SECRET={v}",
        interleaved(16),
    ),
    L(
        TR,
        "sabre_token_prefix",
        "[sabre-auth] cached token {v} (expires_in=604800, refresh on 401)",
        join("T1RLAQ", b62(4), "…"),
    ),
    L(
        TR,
        "motive_masked",
        "Developers > API Access\n  fleet-dashboard   X-Api-Key {v}   TEST MODE  created 2024-03-02",
        const("********-****-****-****-************"),
    ),
    L(
        TR,
        "secret_names",
        "$ gh secret list\nUPS_CLIENT_ID\tUpdated 2024-06-11\n{v}\tUpdated 2024-06-11\nFEDEX_SECRET_KEY\tUpdated 2024-05-30",
        const("UPS_CLIENT_SECRET"),
    ),
]
