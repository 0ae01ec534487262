"""A two-hundred-and-twenty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of hosted and self-hosted map, tile, geocoding and routing services:
Mapbox access tokens (`sk.` secret tokens with a base64url JSON payload and a 22-character
signature, in `~/.netrc` for SDK downloads, `MAPBOX_DOWNLOADS_TOKEN` in `gradle.properties`, the
`tilesets` CLI and the Tokens API response, against `pk.` public tokens, style ids and token ids),
MapTiler (20-character map keys, `key_secret` service tokens sent as `Authorization: Token …`, map
ids), Stadia Maps (UUID `api_key`, the Python client's `ApiKeyAuth`), Thunderforest (32-hex
`apikey`), openrouteservice (the older 56-hex keys and the newer base64 JSON keys sent in the
`Authorization` header), GraphHopper (UUID `key`), HERE (43-character `apiKey`, the OAuth
`credentials.properties` with its public user, client and access-key ids beside the access key
secret, `olp api token get` output), TomTom (32-character `key`), Geoapify (32-hex `apiKey`, long
hex `place_id`s), LocationIQ (`pk.`-prefixed access tokens, which unlike Mapbox's are the
credential), Esri ArcGIS (legacy `AAPK…` and newer `AAPT….AT1_…` API keys, OAuth client
credentials beside the public client id and portal item ids), Protomaps (16-hex keys, PMTiles
checksums), and, in generic shapes, the self-hosted engines (Valhalla behind basic auth, Martin's
PostgreSQL connection string, OSRM's base64 waypoint hints and image digests), in commands, config
files, code and tool output, with placeholders, environment and secret-store references the same
documentation shows.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
26 of 26 secrets caught, 1 of 23 look-alikes altered (altered: an OSRM waypoint's base64 `hint`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

MP = "maps"

ORS_ORG = "5b3ce3597851110001cf6248"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def mapbox_id(rng: random.Random) -> str:
    """A Mapbox resource id (token id, style id): `c` then 24 lowercase letters and digits."""
    return "c" + lower_alnum(24)(rng)


def mapbox_token(prefix: str):
    """`pk.`/`sk.` + base64url `{"u":user,"a":id}` + `.` + a 22-character signature."""

    def make(rng: random.Random) -> str:
        user = pick("abcdefghijklmnopqrstuvwxyz", rng.randrange(6, 12))(rng)
        payload = _b64url_json({"u": user, "a": mapbox_id(rng)})
        return f"{prefix}.{payload}.{b64url(22)(rng)}"

    return make


def ors_key(rng: random.Random) -> str:
    """The newer openrouteservice key: base64 of `{"org":…,"id":<32 hex>,"h":"murmur64"}`."""
    raw = json.dumps({"org": ORS_ORG, "id": hexl(32)(rng), "h": "murmur64"}, separators=(",", ":"))
    return base64.b64encode(raw.encode()).decode()


def here_token(rng: random.Random) -> str:
    """A HERE OAuth access token: a JSON header naming the app, then a long payload and signature."""
    header = _b64url_json(
        {"alg": "RS512", "cty": "JWT", "iss": "HERE", "aid": b62(20)(rng), "iat": 1717405046, "exp": 1717491446}
    )
    return f"{header}.{b64url(310)(rng)}.{b64url(342)(rng)}"


def here_user_id(rng: random.Random) -> str:
    return "HERE-" + uuid(rng)


maptiler_token = join(hexl(32), "_", hexl(64))
esri_legacy = join("AAPK", hexl(32), b64url(64))
esri_key = join("AAPT", b64url(184), ".AT1_", b64url(8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 1, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Mapbox secret tokens
    S(
        MP,
        "mapbox_netrc",
        "$ cat ~/.netrc\nmachine api.mapbox.com\nlogin mapbox\npassword {v}",
        mapbox_token("sk"),
    ),
    S(
        MP,
        "mapbox_downloads_gradle",
        "# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nMAPBOX_DOWNLOADS_TOKEN={v}",
        mapbox_token("sk"),
    ),
    S(
        MP,
        "mapbox_tilesets_cli",
        "$ tilesets upload-source --token {v} brightkite parcels-2024 data/parcels.geojson.ld\n"
        "upload progress  [####################################]  100%",
        mapbox_token("sk"),
    ),
    S(
        MP,
        "mapbox_tokens_api",
        '$ curl -s -X POST "https://api.mapbox.com/tokens/v2/brightkite?access_token=$MAPBOX_ADMIN_TOKEN"'
        ' -H "Content-Type: application/json" -d \'{"note":"tiling-ci","scopes":["tilesets:write","tilesets:read"]}\'\n'
        '{"client":"api","note":"tiling-ci","usage":"sk","id":"{tid}","default":false,'
        '"scopes":["tilesets:write","tilesets:read"],"created":"2024-06-03T09:14:22.517Z",'
        '"modified":"2024-06-03T09:14:22.517Z","token":"{v}"}',
        mapbox_token("sk"),
        tid=mapbox_id,
    ),
    # ---- secrets: MapTiler
    S(
        MP,
        "maptiler_service_token",
        "$ curl -s -H \"Authorization: Token {v}\" https://service.maptiler.com/v1/tiles | jq -r '.items[].id'",
        maptiler_token,
    ),
    S(
        MP,
        "maptiler_key_docker",
        "$ docker run --rm -p 8080:8080 -e MAPTILER_KEY={v} -v $PWD/styles:/data maptiler/tileserver-gl:v4.11.0",
        b62(20),
    ),
    # ---- secrets: Stadia Maps, Thunderforest
    S(
        MP,
        "stadia_tile_url",
        '      tiles: ["https://tiles.stadiamaps.com/tiles/alidade_smooth/{z}/{x}/{y}@2x.png?api_key={v}"],\n'
        "      tileSize: 256,",
        uuid,
    ),
    S(
        MP,
        "stadia_python_client",
        'configuration = stadiamaps.Configuration(host="https://api-eu.stadiamaps.com")\n'
        'configuration.api_key["ApiKeyAuth"] = "{v}"',
        uuid,
    ),
    S(
        MP,
        "thunderforest_nginx",
        "    location ~ ^/basemap/(.+\\.png)$ {\n        proxy_cache tiles;\n"
        "        proxy_pass https://tile.thunderforest.com/transport/$1?apikey={v};\n    }",
        hexl(32),
    ),
    # ---- secrets: openrouteservice, GraphHopper
    S(
        MP,
        "ors_client_key",
        ">>> import openrouteservice\n>>> client = openrouteservice.Client(key='{v}', timeout=30)",
        join(ORS_ORG, hexl(32)),
    ),
    S(
        MP,
        "ors_authorization_header",
        "$ curl -s -X POST https://api.openrouteservice.org/v2/matrix/driving-hgv"
        ' -H "Authorization: {v}" -H "Content-Type: application/json" -d @depots.json | jq ".durations[0]"',
        ors_key,
    ),
    S(
        MP,
        "graphhopper_query_key",
        '$ curl -s "https://graphhopper.com/api/1/route?point=52.5163,13.3777&point=52.5079,13.4015'
        '&profile=bike&points_encoded=false&key={v}" | jq ".paths[0].distance"\n2974.512',
        uuid,
    ),
    S(
        MP,
        "graphhopper_compose_env",
        "services:\n  dispatcher:\n    image: ghcr.io/brightkite/dispatcher:1.14.2\n    environment:\n"
        '      GH_API_KEY: "{v}"\n      GH_BASE_URL: https://graphhopper.com/api/1',
        uuid,
    ),
    # ---- secrets: HERE
    S(
        MP,
        "here_apikey_query",
        "GET https://router.hereapi.com/v8/routes?transportMode=truck&origin=52.5308,13.3847"
        "&destination=52.5264,13.3686&return=summary&apiKey={v} -> 200 OK (412 ms)",
        b64url(43),
    ),
    S(
        MP,
        "here_credentials_properties",
        "$ cat ~/.here/credentials.properties\nhere.user.id = {uid}\nhere.client.id = {cid}\n"
        "here.access.key.id = {kid}\nhere.access.key.secret = {v}\n"
        "here.token.endpoint.url = https://account.api.here.com/oauth2/token",
        b64url(86),
        uid=here_user_id,
        cid=b62(20),
        kid=b62(20),
    ),
    S(
        MP,
        "here_olp_token",
        '$ olp api token get --credentials ~/.here/credentials.properties --json\n{\n  "accessToken": "{v}",\n'
        '  "expiresAt": "2024-06-04T09:17:26.388Z"\n}',
        here_token,
    ),
    # ---- secrets: TomTom, Geoapify, LocationIQ
    S(
        MP,
        "tomtom_query_key",
        '$ curl -s "https://api.tomtom.com/routing/1/calculateRoute/52.50931,13.42936:52.50274,13.43872/json'
        '?key={v}&travelMode=truck&vehicleWeight=12000" -o route.json',
        b62(32),
    ),
    S(
        MP,
        "tomtom_local_properties",
        "$ cat android/local.properties\nsdk.dir=/Users/ci/Library/Android/sdk\ntomtomApiKey={v}",
        b62(32),
    ),
    S(
        MP,
        "geoapify_params",
        '    params = {"text": address, "format": "json", "limit": 1, "apiKey": "{v}"}\n'
        '    r = requests.get("https://api.geoapify.com/v1/geocode/search", params=params, timeout=10)',
        hexl(32),
    ),
    S(
        MP,
        "locationiq_httpie",
        "$ http GET https://eu1.locationiq.com/v1/reverse key=={v} lat==48.8584 lon==2.2945 format==json",
        join("pk.", hexl(32)),
    ),
    # ---- secrets: Esri ArcGIS
    S(
        MP,
        "esri_legacy_apikey",
        '  // TODO: move to env before release\n  esriConfig.apiKey = "{v}";\n'
        '  const map = new Map({ basemap: "arcgis/topographic" });',
        esri_legacy,
    ),
    S(
        MP,
        "esri_api_key_python",
        '>>> from arcgis.gis import GIS\n>>> gis = GIS("https://www.arcgis.com", api_key="{v}")\n'
        ">>> gis.properties.portalName\n'ArcGIS Online'",
        esri_key,
    ),
    S(
        MP,
        "esri_client_secret",
        "$ curl -s https://www.arcgis.com/sharing/rest/oauth2/token -d client_id={cid} -d client_secret={v}"
        " -d grant_type=client_credentials -d f=json",
        hexl(32),
        cid=b62(16),
    ),
    # ---- secrets: Protomaps and the self-hosted engines
    S(
        MP,
        "protomaps_key",
        'PROTOMAPS_TILEJSON = "https://api.protomaps.com/tiles/v4.json?key={v}"\n'
        "resp = httpx.get(PROTOMAPS_TILEJSON, timeout=10)",
        hexl(16),
    ),
    S(
        MP,
        "valhalla_basic_auth",
        "$ curl -s -u 'router:{v}' http://valhalla.internal:8002/route --data "
        '\'{"locations":[{"lat":52.5163,"lon":13.3777},{"lat":52.5079,"lon":13.4015}],"costing":"bicycle"}\'',
        password(18),
    ),
    S(
        MP,
        "martin_connection_string",
        '$ martin --listen-addresses 0.0.0.0:3000 "postgresql://martin:{v}@osm-db.internal:5432/gis?sslmode=require"',
        b62(24),
    ),
    # ---- look-alikes: public tokens and resource ids
    L(
        MP,
        "mapbox_public_token",
        "mapboxgl.accessToken = '{v}';\n"
        "const map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12' });",
        mapbox_token("pk"),
    ),
    L(
        MP,
        "mapbox_public_plist",
        "\t<key>MBXAccessToken</key>\n\t<string>{v}</string>",
        mapbox_token("pk"),
    ),
    L(MP, "mapbox_style_id", "      style: 'mapbox://styles/brightkite/{v}',", mapbox_id),
    L(
        MP,
        "mapbox_token_id",
        '$ curl -s "https://api.mapbox.com/tokens/v2/brightkite?access_token=$MAPBOX_ADMIN_TOKEN"'
        " | jq -r '.[] | [.id, .note, .usage] | @tsv'\n{v}\ttiling-ci\tsk",
        mapbox_id,
    ),
    L(
        MP,
        "maptiler_map_id",
        "const style = `https://api.maptiler.com/maps/{v}/style.json?key=${import.meta.env.VITE_MAPTILER_KEY}`;",
        uuid,
    ),
    L(MP, "here_user_id", "[here-auth] loaded credentials for {v} from ~/.here/credentials.properties", here_user_id),
    L(
        MP,
        "here_access_key_id",
        "Access key ID   {v}   created 2024-05-28   status: enabled",
        b62(20),
    ),
    L(
        MP,
        "geoapify_place_id",
        '      "result_type": "building",\n      "place_id": "{v}"',
        join("51", hexl(70), "f00102f901", hexl(16)),
    ),
    L(MP, "esri_item_id", '  const webmap = new WebMap({ portalItem: { id: "{v}" } });', hexl(32)),
    L(
        MP,
        "esri_client_id",
        'const info = new OAuthInfo({ appId: "{v}", portalUrl: "https://www.arcgis.com", popup: false });',
        b62(16),
    ),
    # ---- look-alikes: hashes, digests, hints
    L(
        MP,
        "pmtiles_checksum",
        "$ sha256sum 20240812.pmtiles\n{v}  20240812.pmtiles",
        hexl(64),
    ),
    L(
        MP,
        "osrm_image_digest",
        "$ docker pull ghcr.io/project-osrm/osrm-backend:v5.27.1\nv5.27.1: Pulling from project-osrm/osrm-backend\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for ghcr.io/project-osrm/osrm-backend:v5.27.1",
        hexl(64),
    ),
    L(
        MP,
        "osrm_hint",
        '{"code":"Ok","waypoints":[{"hint":"{v}","distance":4.231,"name":"Friedrichstraße",'
        '"location":[13.388798,52.517033]}]}',
        join(b64url(84), "AA"),
    ),
    L(MP, "valhalla_commit", "$ git -C vendor/valhalla rev-parse HEAD\n{v}", hexl(40)),
    # ---- look-alikes: placeholders, references and masks
    L(MP, "stadia_placeholder", 'register_stadiamaps(key = "{v}", write = TRUE)', const("YOUR-API-KEY")),
    L(
        MP,
        "thunderforest_placeholder",
        "Tile URL: https://tile.thunderforest.com/cycle/{z}/{x}/{y}.png?apikey={v}",
        const("<insert-your-apikey-here>"),
    ),
    L(
        MP,
        "tomtom_placeholder",
        "GET https://api.tomtom.com/search/2/geocode/{query}.json?key={v}",
        const("{Your_API_Key}"),
    ),
    L(MP, "esri_placeholder", '  esriConfig.apiKey = "{v}";', const("YOUR_ACCESS_TOKEN")),
    L(
        MP,
        "ors_env_ref",
        ">>> client = openrouteservice.Client(key={v})",
        const('os.environ["ORS_API_KEY"]'),
    ),
    L(
        MP,
        "graphhopper_gha_secret",
        "      - run: pytest tests/integration -k routing\n        env:\n          GH_API_KEY: {v}",
        const("${{ secrets.GRAPHHOPPER_API_KEY }}"),
    ),
    L(
        MP,
        "locationiq_compose_ref",
        "    environment:\n      LOCATIONIQ_KEY: {v}",
        const("${LOCATIONIQ_KEY:?set LOCATIONIQ_KEY in .env}"),
    ),
    L(
        MP,
        "mapbox_op_ref",
        'export MAPBOX_ACCESS_TOKEN="$(op read {v})"',
        const("op://maps-prod/mapbox-tilesets/credential"),
    ),
    L(
        MP,
        "tomtom_masked",
        "[config] TOMTOM_API_KEY={v} (32 chars, from env)",
        join("*" * 28, b62(4)),
    ),
]
