"""A hundred-and-twenty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of hotel and hospitality systems: the Mews Connector API (`ClientToken`
and `AccessToken` in the request body, 32 upper-case hex, a dash and 31 more, the enterprise UUIDs
beside them), Cloudbeds (`cbat_` API keys in the `x-api-key` header, `X-PROPERTY-ID`,
numeric property and reservation ids), Guesty's Open API (Okta-style `0oa…`
client ids, 64-character client secrets, RS256 access tokens, 24-hex listing ids), Hostaway
(`/v1/accessTokens` with the numeric account id as client_id, a 64-hex client secret, JWT access
tokens revoked with `?token=`), Lodgify (`X-ApiKey`, a 64-character base64 key, numeric property
ids), Oracle OPERA Cloud / OHIP (`/oauth/v1/tokens` with a Basic client header, integration user
passwords, `x-app-key`, `x-hotelid`, GUID client ids), apaleo (`identity.apaleo.com/connect/token`,
`XXXX-SP-NAME` client ids and 30-character secrets), SiteMinder pmsXchange (WS-Security
`UsernameToken` and Basic auth, OTA `HotelCode`), Beds24 API v2 (`token` and `refreshToken`
headers, invite codes), RoomRaccoon (API key and hotel id for the POS endpoint), Hotelbeds APItude
(`Api-key` plus a secret signed into `X-Signature`), and Booking.com Connectivity machine accounts,
in commands, config files, code and tool output, with the public ids, placeholders, secret-store
references and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 120 to 124):
24 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a refresh token printed by a setup
script after a line that says to store it; altered: the WS-Security password type's URI
(`…/oasis-200401-wss-username-token-profile-1.0#PasswordText`) read as an account link).
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
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

HX = "hospitality"

UPPER = pick(string.ascii_uppercase, 4)


def _b64u(data: str) -> str:
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def _jwt(header: dict, payload: dict, rng: random.Random) -> str:
    head = _b64u(json.dumps(header, separators=(",", ":")))
    body = _b64u(json.dumps(payload, separators=(",", ":")))
    return f"{head}.{body}.{b64url(342)(rng)}"


def hostaway_jwt(rng: random.Random) -> str:
    """An RS256 access token as `/v1/accessTokens` returns it (aud = account id, 80-hex jti)."""
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    payload = {
        "aud": digits(5)(rng),
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 63_072_000,
        "sub": "",
        "scopes": ["general"],
        "secretId": rng.randrange(1, 90_000),
    }
    return _jwt({"typ": "JWT", "alg": "RS256"}, payload, rng)


def guesty_jwt(rng: random.Random) -> str:
    """An Okta-issued RS256 access token of the shape Guesty's `oauth2/token` returns."""
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    cid = "0oa" + b62(17)(rng)
    payload = {
        "ver": 1,
        "jti": "AT." + b64url(43)(rng),
        "iss": "https://login.guesty.com/oauth2/aus" + b62(17)(rng),
        "aud": "https://api.guesty.com",
        "iat": iat,
        "exp": iat + 86_400,
        "cid": cid,
        "scp": ["open-api"],
        "sub": cid,
    }
    return _jwt({"kid": b64url(43)(rng), "alg": "RS256"}, payload, rng)


def ohip_jwt(rng: random.Random) -> str:
    """An OPERA Cloud identity token of the shape OHIP's `/oauth/v1/tokens` returns."""
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    payload = {
        "sub": "HBR_SYNC_INT",
        "iss": "www.oracle.com",
        "oracle.oauth.sub.id": "HBR_SYNC_INT",
        "oracle.oauth.id_d_id": uuid(rng),
        "user.tenant.name": "HBR",
        "oracle.oauth.svc_p_n": "OAuthServiceProfile",
        "iat": iat,
        "exp": iat + 3600,
        "prn": "HBR_SYNC_INT",
        "jti": uuid(rng),
        "oracle.oauth.client_origin_id": uuid(rng),
        "user.tenant.id": hexl(32)(rng),
    }
    return _jwt({"x5t": b64url(27)(rng), "kid": "HBR_Cert", "alg": "RS256"}, payload, rng)


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


mews_token = join(hexu(32), "-", hexu(31))
cloudbeds_key = join("cbat_", b62(32))
guesty_client_id = join("0oa", b62(17))
apaleo_client_id = join(UPPER, "-SP-", const("NIGHTAUDIT"))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 25, "the rules for 120 to 124")

TEMPLATES = [
    # ---- secrets: Mews Connector API tokens
    S(
        HX,
        "mews_client_token_py",
        "    payload = {\n"
        '        "ClientToken": "{v}",\n'
        '        "AccessToken": os.environ["MEWS_ACCESS_TOKEN"],\n'
        '        "Client": "Harbourline Sync 1.3.0",\n'
        '        "StartUtc": start.isoformat(),\n'
        "    }",
        mews_token,
    ),
    S(
        HX,
        "mews_access_token_env",
        "$ cat deploy/mews.env\nMEWS_PLATFORM_URL=https://api.mews.com\nMEWS_CLIENT=Harbourline Sync 1.3.0\n"
        "MEWS_ACCESS_TOKEN={v}\nMEWS_ENTERPRISE_ID={ent}",
        mews_token,
        ent=uuid,
    ),
    S(
        HX,
        "mews_debug_log",
        "2024-11-03T02:14:07Z DEBUG mews.client POST /api/connector/v1/reservations/getAll"
        " body={'AccessToken': '{v}', 'Client': 'Harbourline Sync 1.3.0', 'Limitation': {'Count': 100}} -> 401",
        mews_token,
    ),
    # ---- secrets: Cloudbeds API keys
    S(
        HX,
        "cloudbeds_x_api_key",
        '$ curl -s "https://api.cloudbeds.com/api/v1.3/getReservations?propertyID={pid}&status=confirmed"'
        ' -H "x-api-key: {v}" | jq ".data | length"',
        cloudbeds_key,
        pid=digits(6),
    ),
    # ---- secrets: Guesty
    S(
        HX,
        "guesty_client_secret_curl",
        "curl --location --request POST 'https://open-api.guesty.com/oauth2/token' \\\n"
        "--header 'Accept: application/json' \\\n"
        "--data-urlencode 'grant_type=client_credentials' \\\n"
        "--data-urlencode 'scope=open-api' \\\n"
        "--data-urlencode 'client_secret={v}' \\\n"
        "--data-urlencode 'client_id={cid}'",
        b64url(64),
        cid=guesty_client_id,
    ),
    S(
        HX,
        "guesty_bearer",
        '$ curl -s "https://open-api.guesty.com/v1/listings?limit=25&fields=title%20address" \\\n'
        '    -H "Authorization: Bearer {v}"',
        guesty_jwt,
    ),
    # ---- secrets: Hostaway
    S(
        HX,
        "hostaway_client_secret_form",
        "$ curl -X POST https://api.hostaway.com/v1/accessTokens -H 'Cache-control: no-cache'"
        " -H 'Content-type: application/x-www-form-urlencoded'"
        " -d 'grant_type=client_credentials&client_id={acct}&client_secret={v}&scope=general'",
        hexl(64),
        acct=digits(5),
    ),
    S(
        HX,
        "hostaway_revoke_token_url",
        "$ curl --location --request DELETE 'https://api.hostaway.com/v1/accessTokens?token={v}'"
        " --header 'Content-type: application/x-www-form-urlencoded'",
        hostaway_jwt,
    ),
    S(
        HX,
        "hostaway_mcp_add",
        "$ claude mcp add hostaway --scope user -e HOSTAWAY_ACCOUNT_ID={acct} -e HOSTAWAY_API_KEY={v}"
        " -- npx -y @stayops/hostaway-mcp",
        hexl(64),
        acct=digits(5),
    ),
    # ---- secrets: Lodgify
    S(
        HX,
        "lodgify_httpx_client",
        "    client = httpx.AsyncClient(\n"
        '        base_url="https://api.lodgify.com/v2",\n'
        '        headers={"X-ApiKey": "{v}", "Accept": "application/json"},\n'
        "        timeout=30,\n"
        "    )",
        b64(64),
    ),
    S(
        HX,
        "lodgify_mcp_config",
        '    "lodgify": {\n      "command": "uvx",\n      "args": ["lodgify-mcp-server"],\n'
        '      "env": {\n        "LODGIFY_API_KEY": "{v}"\n      }\n    }',
        b64(64),
    ),
    # ---- secrets: Oracle OPERA Cloud / OHIP
    S(
        HX,
        "ohip_bearer_curl",
        'curl -s "$OHIP_GATEWAY/rsv/v1/hotels/{hotel}/reservations?arrivalStartDate=2024-12-01" \\\n'
        '  -H "x-app-key: $OHIP_APP_KEY" \\\n'
        '  -H "x-hotelid: {hotel}" \\\n'
        '  -H "Authorization: Bearer {v}"',
        ohip_jwt,
        hotel=pick(string.ascii_uppercase, 6),
    ),
    S(
        HX,
        "ohip_basic_client",
        'curl -X POST "$OHIP_GATEWAY/oauth/v1/tokens" \\\n'
        "  -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        '  -H "x-app-key: $OHIP_APP_KEY" \\\n'
        "  -H 'Authorization: Basic {v}' \\\n"
        '  --data-urlencode "username=HBR_SYNC_INT" --data-urlencode "password=$OHIP_INT_PASSWORD"'
        " -d grant_type=password",
        basic_auth("HBR_Client", b62(32)),
    ),
    S(
        HX,
        "ohip_integration_password",
        "# OPERA Cloud (SSD) integration user, approved by the chain admin\n"
        "OPERA_INTEGRATION_USER=HBR_SYNC_INT\nOPERA_INTEGRATION_PASSWORD={v}\nOPERA_HOTEL_ID={hotel}",
        password(16),
        hotel=pick(string.ascii_uppercase, 6),
    ),
    # ---- secrets: apaleo
    S(
        HX,
        "apaleo_client_secret_dict",
        "    data = {\n"
        '        "grant_type": "client_credentials",\n'
        '        "client_id": "{cid}",\n'
        '        "client_secret": "{v}",\n'
        '        "scope": "reservations.read folios.read setup.read",\n'
        "    }",
        b62(30),
        cid=apaleo_client_id,
    ),
    S(
        HX,
        "apaleo_curl_user",
        "$ curl -s -u {cid}:{v} https://identity.apaleo.com/connect/token -d grant_type=client_credentials",
        b62(30),
        cid=apaleo_client_id,
    ),
    # ---- secrets: SiteMinder pmsXchange
    S(
        HX,
        "siteminder_wsse_password",
        "  <SOAP-ENV:Header>\n"
        '    <wsse:Security soap:mustUnderstand="1">\n'
        "      <wsse:UsernameToken>\n"
        "        <wsse:Username>pmsx_harbourline</wsse:Username>\n"
        '        <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/'
        'oasis-200401-wss-username-token-profile-1.0#PasswordText">{v}</wsse:Password>\n'
        "      </wsse:UsernameToken>",
        password(20),
    ),
    S(
        HX,
        "siteminder_basic_header",
        "POST /pmsxchangev2/services/HARBOURLINE HTTP/1.1\nHost: smtpi-dev.siteminder.com\n"
        "Content-Type: text/xml; charset=utf-8\nAuthorization: Basic {v}\n"
        'SOAPAction: "http://www.opentravel.org/OTA/2003/05/OTA_HotelAvailNotifRQ"',
        basic_auth("pmsx_harbourline", password(18)),
    ),
    # ---- secrets: Beds24
    S(
        HX,
        "beds24_refresh_header",
        '$ curl -s https://api.beds24.com/v2/authentication/token -H "accept: application/json" -H "refreshToken: {v}"',
        b64(108, "=="),
    ),
    S(
        HX,
        "beds24_setup_output",
        "$ node scripts/beds24-setup.mjs\n=== Beds24 setup complete ===\naccess token expires in 86400s\n"
        "store this refresh token in the vault, it will not be shown again:\n{v}",
        b64(108, "=="),
    ),
    S(
        HX,
        "beds24_token_header_py",
        '    resp = requests.get(f"{BASE}/bookings", headers={"token": "{v}"},'
        ' params={"propertyId": {prop}, "arrivalFrom": "2024-12-01"})',
        b64(108, "=="),
        prop=digits(6),
    ),
    # ---- secrets: RoomRaccoon, Hotelbeds, Booking.com Connectivity
    S(
        HX,
        "roomraccoon_pos_yaml",
        "pms:\n  type: roomraccoon\n  address: https://api.roomraccoon.com/api/?type=POS&version=2\n"
        "  api_key: {v}\n  hotel_id: {hid}",
        hexl(40),
        hid=digits(4),
    ),
    S(
        HX,
        "hotelbeds_api_key_script",
        '#!/bin/bash\napiKey="{v}"\nsecret="$HOTELBEDS_SECRET"\n'
        "curl -i -X GET -H 'Accept:application/json' -H 'Api-key:'$apiKey''"
        " -H 'X-Signature:'$(echo -n ${apiKey}${secret}$(date +%s)|sha256sum|awk '{ print $1}')''"
        " https://api.test.hotelbeds.com/hotel-api/1.0/status",
        hexl(32),
    ),
    S(
        HX,
        "hotelbeds_secret_env",
        "# APItude evaluation keypair (Hotel API)\nHOTELBEDS_BASE_URL=https://api.test.hotelbeds.com\nHOTELBEDS_SECRET={v}",
        b62(10),
    ),
    S(
        HX,
        "booking_machine_account_exchange",
        "$ curl -s -X POST https://connectivity-authentication.booking.com/token-based-authentication/exchange"
        ' -H "Content-Type: application/json" -d \'{"client_id": "harbourline-cm-prod", "client_secret": "{v}"}\'',
        b64url(48),
    ),
    # ---- look-alikes: Mews
    L(
        HX,
        "mews_enterprise_id",
        '  "Enterprise": {\n    "Id": "{v}",\n    "Name": "Harbourline Aarhus",\n'
        '    "TimeZoneIdentifier": "Europe/Copenhagen",\n    "DefaultCurrencyCode": "DKK"',
        uuid,
    ),
    L(
        HX,
        "mews_env_lookup",
        '    payload["AccessToken"] = {v}',
        const('os.environ["MEWS_ACCESS_TOKEN"]'),
    ),
    L(
        HX,
        "mews_masked_token",
        "[mews] connected: enterprise=Harbourline Aarhus, token={v}, client=Harbourline Sync 1.3.0",
        join(hexu(4), "************************", hexu(4)),
    ),
    # ---- look-alikes: Cloudbeds
    L(HX, "cloudbeds_property_id", '  -H "X-PROPERTY-ID: {v}" \\', digits(6)),
    L(
        HX,
        "cloudbeds_reservation_id",
        '{"success": true, "data": {"reservationID": "{v}", "status": "confirmed", "propertyID": "{pid}"}}',
        digits(12),
        pid=digits(6),
    ),
    L(
        HX,
        "cloudbeds_placeholder_key",
        "# .env.example\nCLOUDBEDS_API_KEY={v}\nCLOUDBEDS_PROPERTY_ID=",
        const("cbat_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    # ---- look-alikes: Guesty
    L(
        HX,
        "guesty_listing_id",
        '$ curl -s https://open-api.guesty.com/v1/listings/{v} -H "Authorization: Bearer $GUESTY_TOKEN" | jq .title',
        hexl(24),
    ),
    L(HX, "guesty_client_id", "GUESTY_CLIENT_ID={v}", guesty_client_id),
    L(
        HX,
        "guesty_secret_shell_ref",
        '--data-urlencode "client_secret={v}" \\\n--data-urlencode "client_id=${GUESTY_CLIENT_ID}"',
        const("${GUESTY_CLIENT_SECRET}"),
    ),
    # ---- look-alikes: Hostaway
    L(HX, "hostaway_account_id", "export HOSTAWAY_ACCOUNT_ID={v}", digits(5)),
    L(
        HX,
        "hostaway_listing_map_id",
        '      "id": {rid},\n      "listingMapId": {v},\n      "channelName": "airbnbOfficial",',
        digits(6),
        rid=digits(8),
    ),
    # ---- look-alikes: Lodgify
    L(HX, "lodgify_property_id", "NEXT_PUBLIC_LODGIFY_PROPERTY_ID={v}", digits(6)),
    L(
        HX,
        "lodgify_gha_secret_ref",
        "      - run: uv run pytest tests/integration -k lodgify\n        env:\n          LODGIFY_API_KEY: {v}",
        const("${{ secrets.LODGIFY_API_KEY }}"),
    ),
    # ---- look-alikes: OHIP
    L(HX, "ohip_hotel_id", "  -H 'x-hotelid: {v}' \\", pick(string.ascii_uppercase, 6)),
    L(
        HX,
        "ohip_guid_client_id",
        '{\n  "environment": "UAT",\n  "clientId": "{v}",\n  "enterpriseId": "HBRCORP",\n  "gatewayUrl": "https://hbr-uat.hospitality-api.example.com"\n}',
        uuid,
    ),
    # ---- look-alikes: apaleo
    L(HX, "apaleo_client_id", "APALEO_CLIENT_ID={v}\nAPALEO_CLIENT_SECRET=", apaleo_client_id),
    L(
        HX,
        "apaleo_reservation_id",
        '  "id": "{v}",\n  "bookingId": "{bid}",\n  "status": "Confirmed",\n  "property": {"id": "MUC"},',
        join(pick(string.ascii_uppercase, 8), "-1"),
        bid=pick(string.ascii_uppercase, 8),
    ),
    # ---- look-alikes: SiteMinder
    L(
        HX,
        "siteminder_hotel_code",
        '  <AvailStatusMessages HotelCode="{v}">\n    <AvailStatusMessage BookingLimit="4">',
        digits(5),
    ),
    L(
        HX,
        "siteminder_envsubst_ref",
        '        <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/'
        'oasis-200401-wss-username-token-profile-1.0#PasswordText">{v}</wsse:Password>',
        const("${SITEMINDER_PMSX_PASSWORD}"),
    ),
    # ---- look-alikes: Beds24
    L(
        HX,
        "beds24_invite_placeholder",
        '$ curl -s https://api.beds24.com/v2/authentication/setup -H "code: {v}" -H "deviceName: harbourline-sync"',
        const("<invite-code-from-settings>"),
    ),
    L(
        HX,
        "beds24_token_scopes",
        "BEDS24_TOKEN_SCOPES={v}",
        const("read:bookings,write:bookings,read:inventory,read:properties"),
    ),
    # ---- look-alikes: Hotelbeds, Booking.com, hashes
    L(
        HX,
        "hotelbeds_booking_reference",
        '{"booking": {"reference": "{v}", "status": "CONFIRMED", "hotel": {"code": {hc}, "name": "Hotel Marítim"}}}',
        join(digits(3), "-", digits(7)),
        hc=digits(5),
    ),
    L(
        HX,
        "booking_hotel_id",
        "$ curl -s 'https://supply-xml.booking.com/hotels/ota/OTA_HotelResNotif?hotel_id={v}'"
        ' -H "Authorization: Bearer $BDC_TOKEN"',
        digits(7),
    ),
    L(
        HX,
        "openapi_checksum",
        "$ sha256sum specs/cloudbeds-pms-v1.3.yaml\n{v}  specs/cloudbeds-pms-v1.3.yaml",
        hexl(64),
    ),
    L(
        HX,
        "commit_pin",
        "ohip-client @ git+https://github.com/harbourline/ohip-client.git@{v}",
        hexl(40),
    ),
]
