"""A hundred-and-twenty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of transit and mobility APIs: Transitland v2 (the `apikey`
header or query parameter, the REST client, Onestop IDs and feed-version SHA-1s), 511.org SF Bay
(`api_key=` tokens in UUID form), MTA Bus Time SIRI (`key=`) and the MTA subway GTFS-Realtime
feeds (`x-api-key`), the BART Legacy API (`key=` in four groups of four), Transport for NSW
(`Authorization: apikey …`), Entur (OAuth2 client credentials against partner.entur.org, the public
`ET-Client-Name` header, JWKS key ids), Navitia (a UUID token sent as a header, as `-u token:`, as
Basic auth, or in the URL), HERE (43-character `apiKey`, `credentials.properties` with
`here.access.key.id`/`here.access.key.secret`, the OLP CLI `api token get` output, app ids),
TomTom (32-character `key=`), Uber (`Authorization: Token`, client credentials against
auth.uber.com, public client ids and product ids), Lyft (client id and secret as Basic auth),
WMATA (`api_key` header), TfL (`app_id`/`app_key`), Swiftly (GTFS-RT behind an API key) and
bike-share GBFS feeds behind bearer tokens. They appear in shell commands, curl verbose output,
URLs, code that builds a client, JSON/YAML/INI/XML/properties files and CLI output, with the
public ids, hashes, placeholders, masks and secret-store references the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 115 to 119):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a UUID key under `"key"` in
`requests.get(params={…})`, Android's `<string name="tomtom_api_key">`, a Swiftly key as a script's
positional argument; altered: HERE's `here.access.key.id` in a log line).
"""

from __future__ import annotations

import base64
import json

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    groups,
    hexl,
    join,
    pick,
    upper_alnum,
    uuid,
)

TR = "transit"

GEOHASH = "0123456789bcdefghjkmnpqrstuvwxyz"


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(header: dict, payload_len: int, sig_len: int):
    """A JWT-shaped value: the real base64url of `header`, then random payload and signature parts."""
    head = b64url_json(header)
    return join(head, ".", b64url(payload_len), ".", b64url(sig_len))


def basic_token_colon(token):
    """Navitia's Basic scheme: base64 of the token followed by a colon and an empty password."""
    return lambda rng: base64.b64encode(f"{token(rng)}:".encode()).decode()


def masked(keep: int, stars: int):
    return lambda rng: "*" * stars + b62(keep)(rng)


def onestop(prefix: str, name: str):
    return join(prefix, "-", pick(GEOHASH, 3), "-", const(name))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 115 to 119")

TEMPLATES: list = [
    # ---- secrets: Transitland
    S(
        TR,
        "transitland_apikey_header",
        '$ curl -s -H "apikey: {v}" "https://transit.land/api/v2/rest/stops?served_by_onestop_ids=o-9q9-bart&limit=5"'
        " | jq -r '.stops[].stop_name'",
        b62(32),
    ),
    S(
        TR,
        "transitland_client_js",
        'const client = new Client({\n  apiKey: "{v}",\n  baseUrl: "https://transit.land/api/v2/rest",\n});',
        b62(32),
    ),
    S(
        TR,
        "transitland_download_url",
        '$ wget -q -O gtfs/caltrain.zip "https://transit.land/api/v2/rest/feeds/f-9q9-caltrain/download_latest_feed_version?apikey={v}"',
        b62(32),
    ),
    # ---- secrets: 511.org, MTA, BART
    S(
        TR,
        "five11_stopmonitoring_url",
        "[2024-06-03 07:41:12] INFO fetch GET https://api.511.org/transit/StopMonitoring?api_key={v}&agency=SF&stopCode={stop}&format=json"
        " -> 200 (3.4 kB, 212 ms)",
        uuid,
        stop=digits(5),
    ),
    S(
        TR,
        "five11_compose_env",
        "  departures:\n    image: ghcr.io/ferrylane/departure-board:1.4\n    environment:\n      FIVEONEONE_TOKEN: {v}\n"
        "      AGENCY: SF\n      STOP_CODES: 15553,15554",
        uuid,
    ),
    S(
        TR,
        "bustime_siri_params",
        'resp = requests.get(\n    "https://bustime.mta.info/api/siri/stop-monitoring.json",\n'
        '    params={"key": "{v}", "version": "2", "MonitoringRef": "MTA_308209", "MaximumStopVisits": 3},\n'
        "    timeout=10,\n)",
        uuid,
    ),
    S(
        TR,
        "mta_subway_otp_config",
        '    {\n      "type": "stop-time-updater",\n      "feedId": "MTASBWY",\n'
        '      "url": "https://api-endpoint.mta.info/Dataservice/mtagtfsfeeds/nyct%2Fgtfs-ace",\n'
        '      "headers": { "x-api-key": "{v}" },\n      "frequency": "30s"\n    },',
        b62(40),
    ),
    S(
        TR,
        "bart_etd_url",
        "$ curl -s \"https://api.bart.gov/api/etd.aspx?cmd=etd&orig=12th&key={v}&json=y\" | jq '.root.station[0].etd[].destination'",
        groups(upper_alnum(4), 4),
    ),
    # ---- secrets: Transport for NSW, Entur
    S(
        TR,
        "tfnsw_authorization_apikey",
        '$ curl -s -H "Authorization: apikey {v}" -H "Accept: application/x-google-protobuf"'
        " https://api.transport.nsw.gov.au/v1/gtfs/realtime/sydneytrains -o rt/sydneytrains.pb",
        jwt({"alg": "HS256"}, 118, 43),
    ),
    S(
        TR,
        "entur_client_secret",
        "$ curl -s -X POST https://partner.entur.org/oauth/token \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -d grant_type=client_credentials -d client_id={cid} \\\n"
        "    -d client_secret={v} \\\n    -d audience=https://api.entur.io",
        b64url(64),
        cid=b62(32),
    ),
    # ---- secrets: Navitia (four ways to send the same UUID token)
    S(
        TR,
        "navitia_curl_user",
        "$ curl -s https://api.navitia.io/v1/coverage/fr-idf/lines?count=5 -u {v}: | jq '.lines[].name'",
        uuid,
    ),
    S(
        TR,
        "navitia_url_userinfo",
        "NAVITIA_BASE=https://{v}@api.navitia.io/v1/coverage/fr-ne-strasbourg",
        uuid,
    ),
    S(
        TR,
        "navitia_basic_header",
        "GET /v1/coverage/fr-idf/journeys?from=2.3665;48.8465&to=2.2979;48.8848 HTTP/1.1\nHost: api.navitia.io\n"
        "Authorization: Basic {v}\nX-Navitia-Coverage: fr-idf",
        basic_token_colon(uuid),
    ),
    # ---- secrets: HERE
    S(
        TR,
        "here_routing_url",
        "https://router.hereapi.com/v8/routes?transportMode=bicycle&origin=52.5308,13.3847&destination=52.5323,13.3789"
        "&return=summary,polyline&apiKey={v}",
        b64url(43),
    ),
    S(
        TR,
        "here_jsapi_platform",
        "      const platform = new H.service.Platform({ apikey: '{v}' });\n"
        "      const defaultLayers = platform.createDefaultLayers();",
        b64url(43),
    ),
    S(
        TR,
        "here_credentials_properties",
        "$ cat ~/.here/credentials.properties\nhere.user.id = HERE-{uid}\nhere.client.id = {cid}\n"
        "here.access.key.id = {kid}\nhere.access.key.secret = {v}\n"
        "here.token.endpoint.url = https://account.api.here.com/oauth2/token",
        b64url(86),
        uid=uuid,
        cid=b62(20),
        kid=b62(22),
    ),
    S(
        TR,
        "here_olp_token_output",
        '$ olp api token get --json\n{\n  "accessToken": "{v}",\n  "expiresAt": "2024-07-19T16:17:26.388Z"\n}',
        jwt({"alg": "RS512", "cty": "JWT", "typ": "JWT", "kid": "bmYYZH4cKqRCoUMH"}, 410, 342),
    ),
    # ---- secrets: TomTom
    S(
        TR,
        "tomtom_calculate_route_url",
        ">>> r = httpx.get(f\"https://api.tomtom.com/routing/1/calculateRoute/{orig}:{dest}/json\", params={'key': '{v}',"
        " 'travelMode': 'bicycle', 'traffic': 'true'})",
        b62(32),
    ),
    S(
        TR,
        "tomtom_strings_xml",
        '<resources>\n    <string name="app_name">Cargo Courier</string>\n    <string name="tomtom_api_key">{v}</string>\n</resources>',
        b62(32),
    ),
    # ---- secrets: Uber and Lyft developer apps
    S(
        TR,
        "uber_server_token_header",
        "$ curl -H 'Authorization: Token {v}' \\\n"
        "    'https://api.uber.com/v1.2/estimates/price?start_latitude=37.7759&start_longitude=-122.4182"
        "&end_latitude=37.7952&end_longitude=-122.4029'",
        b64url(40),
    ),
    S(
        TR,
        "uber_client_secret_form",
        "curl -X POST https://auth.uber.com/oauth/v2/token \\\n     -d 'grant_type=client_credentials' \\\n"
        "     -d 'client_id={cid}' \\\n     -d 'client_secret={v}' \\\n     -d 'scope=eats.deliveries'",
        b64url(40),
        cid=b64url(32),
    ),
    S(
        TR,
        "lyft_basic_user",
        "$ curl -s -X POST -u \"{cid}:{v}\" -H 'Content-Type: application/json'"
        ' -d \'{"grant_type": "client_credentials", "scope": "public"}\' https://api.lyft.com/oauth/token',
        b62(32),
        cid=b62(12),
    ),
    # ---- secrets: WMATA, TfL, Swiftly, GBFS
    S(
        TR,
        "wmata_verbose_header",
        "> GET /StationPrediction.svc/json/GetPrediction/A01,C01 HTTP/2\n> Host: api.wmata.com\n> user-agent: curl/8.5.0\n"
        "> api_key: {v}\n> accept: */*\n>\n< HTTP/2 200",
        hexl(32),
    ),
    S(
        TR,
        "tfl_config_ini",
        "$ cat config/tfl.ini\n[tfl]\nbase_url = https://api.tfl.gov.uk\napp_id = {aid}\napp_key = {v}\nlines = victoria,elizabeth",
        hexl(32),
        aid=hexl(8),
    ),
    S(
        TR,
        "swiftly_positional",
        "$ python scripts/pull_gtfs_rt.py --agency santa-clara-vta --feed trip-updates {v} --out data/rt/",
        hexl(32),
    ),
    S(
        TR,
        "gbfs_bearer_token",
        '$ curl -s -H "Authorization: Bearer {v}" https://gbfs.pedalpool.io/v3/seattle/vehicle_status.json'
        " | jq '.data.vehicles | length'\n412",
        b62(48),
    ),
    # ---- look-alikes: public ids
    L(
        TR,
        "onestop_id",
        '    {\n      "onestop_id": "{v}",\n      "name": "Bay Area Rapid Transit",\n      "short_name": "BART",',
        onestop("o", "bart"),
    ),
    L(
        TR,
        "feed_version_sha1",
        '  "feed_versions": [\n    {\n      "sha1": "{v}",\n      "fetched_at": "2024-06-01T04:12:09Z",',
        hexl(40),
    ),
    L(
        TR,
        "entur_client_name",
        "$ curl -s -H 'ET-Client-Name: {v}' -H 'Content-Type: application/json'"
        " https://api.entur.io/journey-planner/v3/graphql -d @query.json",
        const("fjordlink-avgangstavle"),
    ),
    L(TR, "entur_client_id", "ENTUR_CLIENT_ID={v}\nENTUR_AUDIENCE=https://api.entur.io", b62(32)),
    L(
        TR,
        "entur_jwks_kid",
        '{"keys":[{"kty":"RSA","use":"sig","alg":"RS256","kid":"{v}","n":"…","e":"AQAB"}]}',
        b64url(43),
    ),
    L(
        TR,
        "navitia_disruption_id",
        '  "disruptions": [\n    {\n      "id": "{v}",\n      "status": "active",\n      "severity": {"effect": "SIGNIFICANT_DELAYS"},',
        uuid,
    ),
    L(
        TR,
        "here_route_id",
        '{"routes":[{\n    "id":"{v}",\n    "sections":[{\n        "type":"vehicle",',
        uuid,
    ),
    L(
        TR,
        "here_access_key_id",
        "[14:22:03] HERE credentials loaded from ~/.here/credentials.properties (here.access.key.id={v})",
        b62(22),
    ),
    L(TR, "here_app_id", '  "here": {\n    "appId": "{v}",\n    "region": "eu"\n  },', b62(20)),
    L(
        TR,
        "uber_client_id_plist",
        "\t<key>UberClientID</key>\n\t<string>{v}</string>\n\t<key>UberDisplayName</key>\n\t<string>Cargo Courier</string>",
        b64url(32),
    ),
    L(
        TR,
        "uber_product_id",
        '    {\n      "product_id": "{v}",\n      "display_name": "UberX",\n      "estimate": "$13-17",',
        uuid,
    ),
    L(TR, "lyft_client_id", "LYFT_CLIENT_ID={v}\nLYFT_CLIENT_SECRET=${LYFT_CLIENT_SECRET}", b62(12)),
    L(
        TR,
        "gbfs_vehicle_id",
        '      {\n        "vehicle_id": "{v}",\n        "lat": 47.6101,\n        "lon": -122.3421,\n'
        '        "is_reserved": false,\n        "is_disabled": false,',
        hexl(32),
    ),
    # ---- look-alikes: hashes
    L(
        TR,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} Switch 511 fetcher to StopMonitoring v2",
        hexl(40),
    ),
    L(
        TR,
        "gtfs_checksum",
        "$ sha256sum gtfs/caltrain.zip\n{v}  gtfs/caltrain.zip",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references, masks
    L(TR, "transitland_placeholder", 'const client = new Client("{v}");', const("YOUR_API_KEY_HERE")),
    L(
        TR,
        "tomtom_placeholder",
        "https://api.tomtom.com/routing/1/calculateRoute/52.50931,13.42936:52.50274,13.43872/json?key={v}",
        const("{Your_API_Key}"),
    ),
    L(
        TR,
        "bart_placeholder",
        "BART_API_KEY={v}   # register at api.bart.gov for your own",
        const("XXXX-XXXX-XXXX-XXXX"),
    ),
    L(
        TR,
        "navitia_placeholder",
        'from navitia_client import NavitiaClient\nclient = NavitiaClient(auth="{v}")',
        const("YOUR_TOKEN_HERE"),
    ),
    L(
        TR,
        "five11_env_ref",
        '$ curl -s "https://api.511.org/transit/StopMonitoring?api_key={v}&agency=SF&stopCode=15553" | head -c 300',
        const("$FIVEONEONE_TOKEN"),
    ),
    L(
        TR,
        "wmata_env_ref",
        'curl -v -X GET "https://api.wmata.com/Misc/Validate" -H "api_key: {v}"',
        const("${WMATA_KEY}"),
    ),
    L(
        TR,
        "gha_secret_ref",
        "      - name: Refresh arrivals cache\n        env:\n          TFL_APP_KEY: {v}\n"
        "          HERE_API_KEY: ${{ secrets.HERE_API_KEY }}\n        run: python -m arrivals.refresh",
        const("${{ secrets.TFL_APP_KEY }}"),
    ),
    L(
        TR,
        "vault_ref",
        "  departures:\n    environment:\n      FIVEONEONE_TOKEN: {v}",
        const("vault:secret/data/transit/511#token"),
    ),
    L(
        TR,
        "mta_masked",
        "2024-06-03 07:40:58 mta.feeds INFO using x-api-key {v} for nyct/gtfs-ace",
        masked(4, 36),
    ),
    L(
        TR,
        "here_masked",
        "API KEYS\n  Key                                          Status    Created\n  {v}  Enabled   2024-03-02",
        join(b64url(4), "***************************************"),
    ),
]
