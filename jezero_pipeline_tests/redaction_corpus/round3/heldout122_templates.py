"""A hundred-and-twenty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of aviation and maritime data APIs: FlightAware AeroAPI (a
32-character key in the `x-apikey` header, `AEROAPI_API_KEY` in an MCP server config), aviationstack
(a 32-hex `access_key` query parameter), the OpenSky Network's OAuth2 client-credentials flow
(`credentials.json` with `clientId`/`clientSecret`, the Keycloak token endpoint, RS256 bearer JWTs,
`icao24` addresses), ADS-B Exchange on RapidAPI (the 50-character `X-RapidAPI-Key` with its
`msh`/`p`/`jsn` parts), the Flightradar24 API (`FR24_API_TOKEN`, a UUIDv7 and a 48-character part
joined by `|`, `Accept-Version: v1`, the `fr24sdk` client and the `pyfr24 --token` flag, 8-hex
`fr24_id`s), Spire Maritime (an HS256 JWT as GraphQL bearer token and in the `A|T|<token>` TCP-stream
login, uuid vessel ids), MarineTraffic (a 40-hex key as a URL path segment), Datalastic (a uuid
`api-key` query parameter and the uuid vessel ids it returns), aisstream.io (a 40-hex `APIKey` in the
websocket subscription message), Cirium FlightStats (8-hex `appId` with 32-hex `appKey`), Duffel
(`duffel_test_`/`duffel_live_` tokens with `Duffel-Version: v2`, `orq_` ids) and Amadeus for
Developers (32-character API key, 16-character API secret, 28-character access token in the
`amadeusOAuth2Token` response, zlib-and-base64 flight-order ids), in shell commands, config files,
code and tool output, beside the public ids, placeholders, masked keys, hashes, AIS NMEA sentences and
secret-store references the same documentation shows.

First score, blind, before any rule changed for it (after the rules for 115 to 119):
22 of 26 secrets caught, 0 of 25 look-alikes altered (missed: a Flightradar24 token `<uuid>|<48>`
after `--token` in quotes, a MarineTraffic key as a bare path segment, a Datalastic UUID key as a
client's first argument beside a keyword, an aisstream key as a script's positional argument).
"""

from __future__ import annotations

import base64
import functools
import json
import random
import string
import zlib

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    pick,
    uuid,
)

AV = "aviation"

OPENSKY_ISS = "https://auth.opensky-network.org/auth/realms/opensky-network"
AIS6 = "0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVW`abcdefghijklmnopqrstuvw"


def _b64url_text(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def opensky_client_id(rng: random.Random) -> str:
    return pick(string.ascii_lowercase, 7)(rng) + "-api-client"


def keycloak_jwt(rng: random.Random) -> str:
    """An RS256 access token from the OpenSky Keycloak realm (header, claims, 342-character signature)."""
    iat = 1_716_000_000 + rng.randrange(40_000_000)
    header = '{"alg":"RS256","typ" : "JWT","kid" : "' + b64url(43)(rng) + '"}'
    cid = opensky_client_id(rng)
    claims = {
        "exp": iat + 1800,
        "iat": iat,
        "jti": uuid(rng),
        "iss": OPENSKY_ISS,
        "aud": "account",
        "sub": uuid(rng),
        "typ": "Bearer",
        "azp": cid,
        "scope": "email profile",
        "clientId": cid,
    }
    payload = json.dumps(claims, separators=(",", ":"))
    return f"{_b64url_text(header)}.{_b64url_text(payload)}.{b64url(342)(rng)}"


def spire_jwt(rng: random.Random) -> str:
    """An HS256 customer token of the kind Spire Maritime issues for GraphQL and the TCP stream."""
    cid = str(rng.randrange(100, 9999))
    claims = {
        "customer": {"id": cid, "name": "Harbourline Analytics", "uuid": uuid(rng)},
        "iss": "spire.com",
        "iat": 1_690_000_000 + rng.randrange(60_000_000),
    }
    header = '{"alg":"HS256","typ":"JWT"}'
    payload = json.dumps(claims, separators=(",", ":"))
    return f"{_b64url_text(header)}.{_b64url_text(payload)}.{b64url(43)(rng)}"


def uuid7(rng: random.Random) -> str:
    h = hexl(32)(rng)
    return f"019{h[:5]}-{h[5:9]}-7{h[9:12]}-{rng.choice('89ab')}{h[12:15]}-{h[15:27]}"


fr24_token = join(uuid7, "|", b62(40), hexl(8))
rapidapi_key = join(hexl(10), "msh", hexl(15), "p", hexl(6), "jsn", hexl(12))
duffel_test = join("duffel_test_", b64url(43))
duffel_live = join("duffel_live_", b64url(43))
imo = join("9", digits(6))
mmsi = join(pick("23456", 1), digits(8))


def _nmea_checksum(body: str) -> str:
    return f"{functools.reduce(lambda a, c: a ^ ord(c), body, 0):02X}"


def aivdm(rng: random.Random) -> str:
    """One AIS position report as an NMEA 0183 sentence, with a correct checksum."""
    body = f"AIVDM,1,1,,{rng.choice('AB')},1{pick(AIS6, 27)(rng)},0"
    return f"!{body}*{_nmea_checksum(body)}"


def tag_block(rng: random.Random) -> str:
    tag = f"s:terrestrial,c:{1_716_000_000 + rng.randrange(9_000_000)}"
    return f"\\{tag}*{_nmea_checksum(tag)}\\"


def tagged_aivdm(rng: random.Random) -> str:
    return tag_block(rng) + aivdm(rng)


def amadeus_order_id(rng: random.Random) -> str:
    raw = f"MC{digits(5)(rng)}{pick(string.ascii_uppercase, 6)(rng)}{rng.randrange(10**9)}"
    return base64.b64encode(zlib.compress(raw.encode())).decode().replace("=", "%3D")


def masked(head: int, stars: int, tail: int):
    return join(hexl(head), "*" * stars, hexl(tail)) if head else join("*" * stars, hexl(tail))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 0, 25, "the rules for 115 to 119")

TEMPLATES: list = [
    # ---- secrets: FlightAware AeroAPI
    S(
        AV,
        "aeroapi_header",
        '$ curl -s -H "x-apikey: {v}" "https://aeroapi.flightaware.com/aeroapi/flights/{ident}?max_pages=1"'
        " | jq '.flights[0].status'",
        b62(32),
        ident=join("UAL", digits(4)),
    ),
    S(
        AV,
        "aeroapi_mcp_env",
        '{\n  "mcpServers": {\n    "flightaware": {\n      "command": "npx",\n'
        '      "args": ["-y", "@chrischall/flightaware-mcp"],\n      "env": { "AEROAPI_API_KEY": "{v}" }\n'
        "    }\n  }\n}",
        b62(32),
    ),
    # ---- secrets: aviationstack
    S(
        AV,
        "aviationstack_query",
        '$ curl -s "https://api.aviationstack.com/v1/flights?access_key={v}&flight_iata=BA{num}&limit=5"',
        hexl(32),
        num=digits(3),
    ),
    S(
        AV,
        "aviationstack_params",
        '    params = {"access_key": "{v}", "dep_iata": "SFO", "flight_status": "active"}\n'
        '    resp = requests.get("https://api.aviationstack.com/v1/flights", params=params, timeout=10)',
        hexl(32),
    ),
    # ---- secrets: OpenSky Network OAuth2 client
    S(
        AV,
        "opensky_credentials_json",
        '$ cat ~/Downloads/credentials.json\n{\n  "clientId": "{cid}",\n  "clientSecret": "{v}"\n}',
        b62(32),
        cid=opensky_client_id,
    ),
    S(
        AV,
        "opensky_token_request",
        f'$ curl -s -X POST "{OPENSKY_ISS}/protocol/openid-connect/token" \\\n'
        '    -d "grant_type=client_credentials" -d "client_id={cid}" -d "client_secret={v}"',
        b62(32),
        cid=opensky_client_id,
    ),
    S(
        AV,
        "opensky_bearer_jwt",
        '$ curl -s -H "Authorization: Bearer {v}" "https://opensky-network.org/api/states/own?serials={serial}"',
        keycloak_jwt,
        serial=digits(10),
    ),
    # ---- secrets: ADS-B Exchange on RapidAPI
    S(
        AV,
        "rapidapi_headers",
        'headers = {\n    "X-RapidAPI-Key": "{v}",\n    "X-RapidAPI-Host": "adsbexchange-com1.p.rapidapi.com",\n}\n'
        'resp = requests.get("https://adsbexchange-com1.p.rapidapi.com/v2/hex/{icao}/", headers=headers)',
        rapidapi_key,
        icao=hexl(6),
    ),
    # ---- secrets: Flightradar24 API
    S(
        AV,
        "fr24_sdk_client",
        "from fr24sdk.client import Client\n\n"
        'with Client(api_token="{v}") as client:\n    airport = client.airports.get_full("{apt}")',
        fr24_token,
        apt=const("AMS"),
    ),
    S(
        AV,
        "fr24_bearer",
        '$ curl -s "https://fr24api.flightradar24.com/api/live/flight-positions/light?bounds=52.6,51.9,4.2,5.3"'
        ' -H "Accept: application/json" -H "Accept-Version: v1" -H "Authorization: Bearer {v}"',
        fr24_token,
    ),
    S(
        AV,
        "pyfr24_token_flag",
        '$ pyfr24 --token "{v}" flight-summary --flight KL{num}',
        fr24_token,
        num=digits(4),
    ),
    # ---- secrets: Spire Maritime
    S(
        AV,
        "spire_graphql_bearer",
        "$ curl -s https://api.spire.com/graphql -H 'Content-Type: application/json'"
        " -H 'Authorization: Bearer {v}'"
        ' -d \'{"query":"{ vessels(first: 5) { nodes { id staticData { name mmsi imo } } } }"}\'',
        spire_jwt,
    ),
    S(
        AV,
        "spire_tcp_login",
        "$ nc streamingv2.ais.spire.com 56784\nA|T|{v}\n{nmea}",
        spire_jwt,
        nmea=tagged_aivdm,
    ),
    # ---- secrets: MarineTraffic
    S(
        AV,
        "marinetraffic_path",
        '$ curl -sL "https://services.marinetraffic.com/api/exportvessels/v:8/{v}/timespan:10/protocol:jsono"'
        " -o fleet.json",
        hexl(40),
    ),
    S(
        AV,
        "marinetraffic_app_config",
        "  <appSettings>\n"
        '    <add key="MarineTraffic.ApiKey" value="{v}" />\n'
        '    <add key="MarineTraffic.FleetId" value="{fleet}" />\n'
        "  </appSettings>",
        hexl(40),
        fleet=digits(7),
    ),
    # ---- secrets: Datalastic
    S(
        AV,
        "datalastic_query",
        '$ curl -s "https://api.datalastic.com/api/v0/vessel?api-key={v}&mmsi={mmsi}" | jq .data.destination',
        uuid,
        mmsi=mmsi,
    ),
    S(
        AV,
        "datalastic_client",
        'from datalastic import Client\n\nclient = Client("{v}", timeout=10)\nvessel = client.vessels.get(imo="{imo}")',
        uuid,
        imo=imo,
    ),
    # ---- secrets: aisstream.io
    S(
        AV,
        "aisstream_subscribe",
        '    subscribe_message = {\n        "APIKey": "{v}",\n'
        '        "BoundingBoxes": [[[51.2, 3.1], [52.1, 4.6]]],\n'
        '        "FilterMessageTypes": ["PositionReport"],\n    }\n'
        "    await websocket.send(json.dumps(subscribe_message))",
        hexl(40),
    ),
    S(
        AV,
        "aisstream_compose",
        "services:\n  ais-tap:\n    image: ghcr.io/harbourline/ais-tap:1.4.2\n    restart: unless-stopped\n"
        '    environment:\n      AISSTREAM_API_KEY: {v}\n      BBOX: "[[[50,-5],[60,10]]]"',
        hexl(40),
    ),
    S(
        AV,
        "aisstream_positional",
        "$ node scripts/ais-tap.js {v} --mmsi {mmsi} --out data/ais-$(date +%F).ndjson",
        hexl(40),
        mmsi=mmsi,
    ),
    # ---- secrets: Cirium FlightStats
    S(
        AV,
        "flightstats_query",
        '$ curl -s "https://api.flightstats.com/flex/flightstatus/rest/v2/json/flight/status/AA/{num}/dep/2024/05/14'
        '?appId={aid}&appKey={v}&utc=false"',
        hexl(32),
        num=digits(3),
        aid=hexl(8),
    ),
    S(
        AV,
        "flightstats_initializer",
        "# config/initializers/flightstats.rb\nrequire 'flightstats'\n\nFlightStats.app_id = '{aid}'\n"
        "FlightStats.app_key = '{v}'\nFlightStats.logger = Rails.logger",
        hexl(32),
        aid=hexl(8),
    ),
    # ---- secrets: Duffel
    S(
        AV,
        "duffel_bearer",
        '$ curl -s https://api.duffel.com/air/offer_requests -H "Accept: application/json"'
        ' -H "Duffel-Version: v2" -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        " -d @offer_request.json",
        duffel_test,
    ),
    S(
        AV,
        "duffel_node_client",
        "import { Duffel } from '@duffel/api'\n\nexport const duffel = new Duffel({\n  token: '{v}',\n})",
        duffel_live,
    ),
    # ---- secrets: Amadeus for Developers
    S(
        AV,
        "amadeus_client",
        "amadeus = Client(\n    client_id='{cid}',\n    client_secret='{v}',\n    hostname='production',\n)",
        b62(16),
        cid=b62(32),
    ),
    S(
        AV,
        "amadeus_token_response",
        '{\n    "type": "amadeusOAuth2Token",\n    "username": "ops@harbourline.io",\n'
        '    "application_name": "fares-sync",\n    "client_id": "{cid}",\n    "token_type": "Bearer",\n'
        '    "access_token": "{v}",\n    "expires_in": 1799,\n    "state": "approved",\n    "scope": ""\n}',
        b62(28),
        cid=b62(32),
    ),
    # ---- look-alikes: references and placeholders
    L(
        AV,
        "aeroapi_env_ref",
        '$ curl -s -H "x-apikey: {v}" https://aeroapi.flightaware.com/aeroapi/airports/KSFO/flights/arrivals',
        const("$AEROAPI_API_KEY"),
    ),
    L(
        AV,
        "aviationstack_placeholder",
        "Example request: https://api.aviationstack.com/v1/flights?access_key={v}&flight_iata=LH400",
        const("YOUR_ACCESS_KEY"),
    ),
    L(
        AV,
        "fr24_placeholder",
        'export FR24_API_TOKEN="{v}"   # create one under API keys in the FR24 API portal',
        const("<your-fr24-api-token>"),
    ),
    L(
        AV,
        "spire_env_ref",
        '$ printf "A|T|%s\\n" "{v}" | nc streamingv2.ais.spire.com 56784 | head -n 3',
        const("$SPIRE_TOKEN"),
    ),
    L(
        AV,
        "marinetraffic_placeholder",
        "Typical API call: https://services.marinetraffic.com/api/exportvessels/v:8/{v}/timespan:#minutes/protocol:value",
        const("YOUR-API-KEY"),
    ),
    L(
        AV,
        "aisstream_env_ref",
        '    subscribe_message = {"APIKey": {v}, "BoundingBoxes": [[[-90, -180], [90, 180]]]}',
        const('os.environ["AISSTREAM_API_KEY"]'),
    ),
    L(
        AV,
        "flightstats_placeholder",
        "// .env.example\nFLIGHTSTATS_APP_ID=xxxxxxxx\nFLIGHTSTATS_API_KEY={v}",
        const("x" * 32),
    ),
    L(
        AV,
        "duffel_gha_secret",
        "      - name: Smoke-test offer search\n        env:\n          DUFFEL_ACCESS_TOKEN: {v}\n"
        "        run: npm run smoke:duffel",
        const("${{ secrets.DUFFEL_ACCESS_TOKEN }}"),
    ),
    L(
        AV,
        "amadeus_placeholder",
        "amadeus = Client(client_id='{v}', client_secret='REPLACE_BY_YOUR_API_SECRET')",
        const("REPLACE_BY_YOUR_API_KEY"),
    ),
    L(
        AV,
        "opensky_token_url",
        "OPENSKY_CLIENT_ID=${OPENSKY_CLIENT_ID}\nOPENSKY_TOKEN_URL={v}",
        const(OPENSKY_ISS + "/protocol/openid-connect/token"),
    ),
    # ---- look-alikes: masked keys
    L(
        AV,
        "aviationstack_masked",
        "Your API Access Key:  {v}   [Reset]   Plan: Basic (10,000 requests / month)",
        masked(0, 28, 4),
    ),
    L(
        AV,
        "rapidapi_masked",
        "[adsbx] using RapidAPI application key {v} (from $RAPIDAPI_KEY)",
        masked(6, 38, 6),
    ),
    L(
        AV,
        "marinetraffic_masked_log",
        "2024-06-03 07:41:12 INFO mt-poller GET /api/exportvessels/v:8/{v}/timespan:10/protocol:jsono"
        " -> 200 (412 rows)",
        masked(4, 32, 4),
    ),
    # ---- look-alikes: public identifiers
    L(
        AV,
        "opensky_client_id",
        "OPENSKY_CLIENT_ID={v}\nOPENSKY_CLIENT_SECRET=${OPENSKY_CLIENT_SECRET:?set it in .env.local}",
        opensky_client_id,
    ),
    L(
        AV,
        "opensky_icao24",
        "$ curl -s \"https://opensky-network.org/api/states/all?icao24={v}\" | jq '.states[0][1]'",
        hexl(6),
    ),
    L(
        AV,
        "keycloak_kid",
        "$ curl -s {iss}/protocol/openid-connect/certs | jq -r '.keys[0].kid'\n{v}",
        b64url(43),
        iss=const(OPENSKY_ISS),
    ),
    L(
        AV,
        "fr24_flight_id",
        '$ curl -s "https://fr24api.flightradar24.com/api/flight-tracks?flight_id={v}"'
        ' -H "Accept-Version: v1" -H "Authorization: Bearer $FR24_API_TOKEN"',
        hexl(8),
    ),
    L(
        AV,
        "spire_vessel_id",
        '{"data":{"vessels":{"nodes":[{"id":"{v}","staticData":{"name":"NORDIC TERN","mmsi":{mmsi},"imo":{imo}}}]}}}',
        uuid,
        mmsi=mmsi,
        imo=imo,
    ),
    L(
        AV,
        "datalastic_vessel_uuid",
        '{"data": {"uuid": "{v}", "name": "STOLT KITE", "mmsi": "{mmsi}", "imo": "{imo}",'
        ' "country_iso": "NO", "type": "Tanker"}, "meta": {"duration": 0.0041, "success": true}}',
        uuid,
        mmsi=mmsi,
        imo=imo,
    ),
    L(AV, "ais_nmea_sentence", "$ tail -n 1 data/spire-raw.nmea\n{tag}{v}", aivdm, tag=tag_block),
    L(
        AV,
        "flightstats_app_id",
        "FLIGHTSTATS_APP_ID={v}\nFLIGHTSTATS_APP_KEY=${{ secrets.FLIGHTSTATS_APP_KEY }}",
        hexl(8),
    ),
    L(
        AV,
        "duffel_offer_request_id",
        '{\n  "data": {\n    "id": "{v}",\n    "live_mode": false,\n    "cabin_class": "economy",',
        join("orq_0000", b62(18)),
    ),
    L(
        AV,
        "amadeus_flight_order_id",
        '$ curl -s -H "Authorization: Bearer $AMADEUS_TOKEN"'
        ' "https://test.api.amadeus.com/v1/booking/flight-orders/{v}"',
        amadeus_order_id,
    ),
    # ---- look-alikes: hashes
    L(
        AV,
        "opensky_commit_pin",
        '$ pip install "git+https://github.com/openskynetwork/opensky-api.git@{v}#subdirectory=python"',
        hexl(40),
    ),
    L(
        AV,
        "fr24sdk_hash",
        "fr24sdk==0.2.1 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
]
