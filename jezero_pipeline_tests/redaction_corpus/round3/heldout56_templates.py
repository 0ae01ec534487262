"""A fifty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of maps and geospatial APIs: Mapbox access tokens (public `pk.`, secret
`sk.` and temporary `tk.` JWT-style tokens, the Tokens API and token metadata, `~/.netrc` and
`gradle.properties` SDK download tokens, the Uploads API's temporary S3 credentials, the tilesets CLI,
Android string resources), HERE (`credentials.properties` with `here.client.id` and
`here.access.key.secret`, `apiKey` in Geocoding and Search URLs, legacy `app_id`/`app_code`, `olp api
token get` output), TomTom (`key=` URLs, Geofencing admin keys), Esri/ArcGIS (API key access tokens,
`oauth2/token` client credentials, `generateToken` output, OAuthInfo app ids, portal item ids), Cesium
ion (JWT access tokens, the REST upload's `uploadLocation`), MapTiler (service tokens, map ids in style
URLs), OpenCage, LocationIQ (`sk.` account tokens), Stadia Maps (`Stadia-Auth` header), Foursquare
(`fsq3` keys, v2 client id and secret, place ids), what3words (`X-Api-Key`, masked keys), Bing Maps
keys and openrouteservice, in commands, config files, code and tool output, with the public ids,
references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 50 to 54):
24 of 26 secrets caught, 1 of 24 look-alikes altered (missed: an OpenCage key as a constructor's argument, a
LocationIQ `sk.` token at the end of a sentence; altered: a masked `Stadia-Auth ********` header).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    B62,
    L,
    S,
    alphabet_run,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

GEO = "geo"

MAPBOX_USERS = ("acme-geo", "tidewater-maps", "kestrel-fleet", "orchard-gis")


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def mapbox_token(kind: str):
    """A Mapbox `pk.`/`sk.` token: literal header, base64url JSON payload {u, a}, 22-character signature."""

    def make(rng: random.Random) -> str:
        payload = {"u": rng.choice(MAPBOX_USERS), "a": lower_alnum(25)(rng)}
        return f"{kind}.{_b64url_json(payload)}.{b64url(22)(rng)}"

    return make


def mapbox_temporary(rng: random.Random) -> str:
    """A `tk.` token, whose payload carries the metadata itself (scopes, expiry)."""
    payload = {
        "u": rng.choice(MAPBOX_USERS),
        "a": lower_alnum(25)(rng),
        "exp": 1718000000 + rng.randrange(10**7),
        "scopes": ["uploads:write", "uploads:read"],
    }
    return f"tk.{_b64url_json(payload)}.{b64url(22)(rng)}"


def cesium_ion_token(rng: random.Random) -> str:
    header = _b64url_json({"alg": "HS256", "typ": "JWT"})
    payload = _b64url_json(
        {
            "jti": uuid(rng),
            "id": rng.randrange(10**5, 10**6),
            "scopes": ["asr", "asw", "asl"],
            "iat": 1700000000 + rng.randrange(10**7),
        }
    )
    return f"{header}.{payload}.{b64url(43)(rng)}"


def here_access_token(rng: random.Random) -> str:
    """The bearer token `olp api token get` prints: RS512 header naming the app, opaque body, long signature."""
    now = 1718000000 + rng.randrange(10**7)
    header = _b64url_json(
        {"alg": "RS512", "cty": "JWT", "iss": "HERE", "aid": b62(20)(rng), "iat": now, "exp": now + 86399, "kid": "j1"}
    )
    return f"{header}.{b64url(640)(rng)}.{b64url(342)(rng)}"


def arcgis_api_key(rng: random.Random) -> str:
    return f"AAPT{b64url(196)(rng)}.AT1_{b62(8)(rng)}"


def masked_w3w(rng: random.Random) -> str:
    up = pick(string.ascii_uppercase, 2)
    return f"{up(rng)}****{up(rng)}"


def bing_key(rng: random.Random) -> str:
    return "A" + pick(B62 + "-_", 63)(rng)


aws_secret = b64(40)
sts_session = join("IQoJb3JpZ2luX2Vj", b64(356))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 24, "the rules for 50 to 54")

TEMPLATES = [
    # ---- secrets: Mapbox secret, download and temporary tokens
    S(
        GEO,
        "mapbox_netrc",
        "$ cat ~/.netrc\nmachine api.mapbox.com\nlogin mapbox\npassword {v}",
        mapbox_token("sk"),
    ),
    S(
        GEO,
        "mapbox_downloads_token",
        "# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nMAPBOX_DOWNLOADS_TOKEN={v}",
        mapbox_token("sk"),
    ),
    S(
        GEO,
        "mapbox_tilesets_cli",
        "$ tilesets upload-source {user} parcels-2024 data/parcels.ldgeojson --token {v}",
        mapbox_token("sk"),
        user=lambda rng: rng.choice(MAPBOX_USERS),
    ),
    S(
        GEO,
        "mapbox_styles_list_url",
        "$ curl -s \"https://api.mapbox.com/styles/v1/{user}?draft=false&access_token={v}\" | jq '.[].id'",
        mapbox_token("sk"),
        user=lambda rng: rng.choice(MAPBOX_USERS),
    ),
    S(
        GEO,
        "mapbox_temporary_token",
        '$ curl -s -X POST "https://api.mapbox.com/tokens/v2/acme-geo?access_token=$MAPBOX_SK" '
        '-H "Content-Type: application/json" -d \'{"expires":"2024-06-11T18:00:00Z","scopes":["uploads:write"]}\'\n'
        '{"token":"{v}"}',
        mapbox_temporary,
    ),
    S(
        GEO,
        "mapbox_upload_s3_secret",
        '{\n  "accessKeyId": "ASIA{akid}",\n  "bucket": "mapbox-staging-uploads",\n  "key": "{key}",\n'
        '  "secretAccessKey": "{v}",\n  "url": "https://mapbox-staging-uploads.s3.amazonaws.com/{key}"\n}',
        aws_secret,
        akid=upper_alnum(16),
        key=lower_alnum(25),
    ),
    # ---- secrets: HERE
    S(
        GEO,
        "here_access_key_secret",
        "here.user.id = HERE-{uid}\nhere.client.id = {cid}\nhere.access.key.id = {kid}\n"
        "here.access.key.secret = {v}\nhere.token.endpoint.url = https://account.api.here.com/oauth2/token",
        b64url(86),
        uid=uuid,
        cid=b62(20),
        kid=b64url(22),
    ),
    S(
        GEO,
        "here_apikey_url",
        '$ curl -s "https://geocode.search.hereapi.com/v1/geocode?q=Hafenstr+22+Rostock&lang=de-DE&apiKey={v}"',
        b64url(43),
    ),
    S(
        GEO,
        "here_app_code",
        "GET https://geocoder.api.here.com/6.2/geocode.json?app_id={appid}&app_code={v}&searchtext=88+Pine+St+Portland+ME",
        b64url(22),
        appid=b62(20),
    ),
    S(
        GEO,
        "here_olp_token",
        '$ olp api token get --json\n{\n  "accessToken": "{v}",\n  "expiresAt": "2024-06-12T09:41:07.118Z"\n}',
        here_access_token,
    ),
    # ---- secrets: TomTom
    S(
        GEO,
        "tomtom_key_url",
        "[geocode] GET https://api.tomtom.com/search/2/geocode/Oudegracht%20210%20Utrecht.json"
        "?limit=1&countrySet=NL&key={v} -> 200 (143 ms)",
        b62(32),
    ),
    S(
        GEO,
        "tomtom_admin_key",
        '$ curl -s -X POST "https://api.tomtom.com/geofencing/1/register?key=$TOMTOM_API_KEY" '
        '-H "Content-Type: application/json" -d \'{"secret": "depot-fences-2024"}\'\n{"adminKey":"{v}"}',
        b62(46),
    ),
    # ---- secrets: Esri / ArcGIS
    S(
        GEO,
        "arcgis_client_secret",
        "$ curl -s https://www.arcgis.com/sharing/rest/oauth2/token -d client_id={cid} -d client_secret={v} "
        "-d grant_type=client_credentials -d expiration=1440 -d f=json",
        hexl(32),
        cid=b62(16),
    ),
    S(
        GEO,
        "arcgis_api_key_python",
        'from arcgis.gis import GIS\ngis = GIS("https://www.arcgis.com", api_key="{v}")',
        arcgis_api_key,
    ),
    S(
        GEO,
        "arcgis_generate_token_output",
        "$ curl -s https://gis.example-utility.net/arcgis/tokens/generateToken "
        '--data-urlencode username=svc_mapper --data-urlencode "password@/run/secrets/gis_pw" -d client=requestip -d f=json\n'
        '{"token":"{v}","expires":1718131200000}',
        join(b64url(128), ".."),
    ),
    # ---- secrets: Cesium ion
    S(
        GEO,
        "cesium_ion_bearer",
        '$ curl -s https://api.cesium.com/v1/assets -H "Authorization: Bearer {v}" | jq ".items | length"',
        cesium_ion_token,
    ),
    S(
        GEO,
        "cesium_upload_session_token",
        '  "uploadLocation": {\n    "bucket": "assets.ion.cesium.com",\n    "prefix": "sources/{asset}/",\n'
        '    "accessKey": "ASIA{akid}",\n    "secretAccessKey": "{sak}",\n    "sessionToken": "{v}",\n'
        '    "endpoint": "https://s3.amazonaws.com"\n  },',
        sts_session,
        asset=digits(7),
        akid=upper_alnum(16),
        sak=aws_secret,
    ),
    # ---- secrets: MapTiler, OpenCage, LocationIQ, Stadia
    S(
        GEO,
        "maptiler_service_token",
        '$ curl -s https://service.maptiler.com/v1/tiles -H "Authorization: Token {v}"',
        join(hexl(32), "_", hexl(64)),
    ),
    S(
        GEO,
        "opencage_positional",
        'from opencage.geocoder import OpenCageGeocode\ngeocoder = OpenCageGeocode("{v}")\n'
        'results = geocoder.geocode("Kornmarkt 9, Freiburg", no_annotations=1)',
        hexl(32),
    ),
    S(
        GEO,
        "locationiq_account_token",
        "The LocationIQ account token was only shown once at creation, so I saved it here for the "
        "management script: {v} (it cannot call the geocoding endpoints, only manage keys).",
        join("sk.", hexl(32)),
    ),
    S(
        GEO,
        "stadia_auth_header",
        '$ curl -s "https://api.stadiamaps.com/tz/lookup/v1?lat=60.16952&lng=24.93545" '
        '-H "Authorization: Stadia-Auth {v}"',
        uuid,
    ),
    # ---- secrets: Foursquare, what3words, Bing, openrouteservice
    S(
        GEO,
        "foursquare_fsq3_key",
        '    headers = {\n        "accept": "application/json",\n        "Authorization": "{v}",\n    }',
        join("fsq3", b64(43), "="),
    ),
    S(
        GEO,
        "foursquare_client_secret",
        "https://api.foursquare.com/v2/venues/search?ll=52.37,4.89&client_id={cid}&client_secret={v}&v=20231010",
        upper_alnum(48),
        cid=upper_alnum(48),
    ),
    S(
        GEO,
        "what3words_header",
        '$ curl -s "https://api.what3words.com/v3/convert-to-coordinates?words=lamp.orbit.velvet" -H "X-Api-Key: {v}"',
        upper_alnum(8),
    ),
    S(
        GEO,
        "bing_maps_rest_key",
        "GET http://dev.virtualearth.net/REST/v1/Locations?q=12%20Harbor%20Rd%20Tacoma&maxResults=1&key={v}",
        bing_key,
    ),
    S(
        GEO,
        "ors_authorization",
        "$ curl -s -X POST https://api.openrouteservice.org/v2/directions/driving-car "
        "-H 'Authorization: {v}' -H 'Content-Type: application/json' "
        "-d '{\"coordinates\":[[7.589281,47.559722],[7.601547,47.548961]]}'",
        join("5b3ce3597851110001cf6248", hexl(32)),
    ),
    # ---- look-alikes: public tokens and identifiers
    L(
        GEO,
        "mapbox_public_token_js",
        "mapboxgl.accessToken = '{v}';\nconst map = new mapboxgl.Map({ container: 'map', "
        "style: 'mapbox://styles/mapbox/streets-v12', center: [5.1214, 52.0907], zoom: 11 });",
        mapbox_token("pk"),
    ),
    L(
        GEO,
        "mapbox_public_token_android",
        '<resources xmlns:tools="http://schemas.android.com/tools">\n'
        '    <string name="mapbox_access_token" translatable="false" tools:ignore="UnusedResources">{v}</string>\n'
        "</resources>",
        mapbox_token("pk"),
    ),
    L(
        GEO,
        "mapbox_style_id",
        "      style: 'mapbox://styles/acme-geo/{v}',",
        lower_alnum(25),
    ),
    L(
        GEO,
        "mapbox_token_metadata_id",
        '  {\n    "client": "api",\n    "usage": "pk",\n    "id": "{v}",\n    "note": "web-viewer (prod)",\n'
        '    "scopes": ["styles:read", "fonts:read"],\n    "allowedUrls": ["https://maps.acme-geo.example"]\n  },',
        lower_alnum(25),
    ),
    L(
        GEO,
        "here_client_id",
        "here.client.id = {v}\nhere.token.endpoint.url = https://account.api.here.com/oauth2/token",
        b62(20),
    ),
    L(GEO, "here_app_id", "HERE_APP_ID={v}\nHERE_API_KEY=${HERE_API_KEY:?set in the vault}", b62(20)),
    L(
        GEO,
        "arcgis_oauth_app_id",
        'const info = new OAuthInfo({\n  appId: "{v}",\n  portalUrl: "https://www.arcgis.com",\n  popup: false\n});',
        b62(16),
    ),
    L(
        GEO,
        "arcgis_portal_item_id",
        'const webmap = new WebMap({ portalItem: { id: "{v}" } });',
        hexl(32),
    ),
    L(
        GEO,
        "cesium_asset_id",
        "const tileset = await Cesium.Cesium3DTileset.fromIonAssetId({v});",
        digits(7),
    ),
    L(
        GEO,
        "maptiler_map_id",
        "  style: `https://api.maptiler.com/maps/{v}/style.json?key=${import.meta.env.VITE_MAPTILER_KEY}`,",
        uuid,
    ),
    L(
        GEO,
        "foursquare_client_id",
        "FOURSQUARE_CLIENT_ID={v}\nFOURSQUARE_CLIENT_SECRET=${FOURSQUARE_CLIENT_SECRET}",
        upper_alnum(48),
    ),
    L(
        GEO,
        "foursquare_place_id",
        '$ curl -s "https://api.foursquare.com/v3/places/{v}/tips?limit=1&sort=POPULAR" -H "Authorization: $FSQ_KEY"',
        hexl(24),
    ),
    # ---- look-alikes: hashes
    L(
        GEO,
        "npm_integrity",
        '    "node_modules/mapbox-gl": {\n      "version": "3.4.0",\n'
        '      "resolved": "https://registry.npmjs.org/mapbox-gl/-/mapbox-gl-3.4.0.tgz",\n'
        '      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    L(
        GEO,
        "pip_git_commit",
        "$ pip install 'mapbox-tilesets @ git+https://github.com/mapbox/tilesets-cli@{v}'",
        hexl(40),
    ),
    # ---- look-alikes: references, names and masks
    L(
        GEO,
        "gradle_property_ref",
        "            credentials {\n                username = 'mapbox'\n                password = {v}\n            }",
        const("project.properties['MAPBOX_DOWNLOADS_TOKEN'] ?: \"\""),
    ),
    L(
        GEO,
        "gha_secret_ref",
        '      - name: Configure Mapbox download token\n        run: echo "MAPBOX_DOWNLOADS_TOKEN=$TOKEN" >> '
        "~/.gradle/gradle.properties\n        env:\n          TOKEN: {v}",
        const("${{ secrets.MAPBOX_DOWNLOADS_TOKEN }}"),
    ),
    L(
        GEO,
        "opencage_env_ref",
        "geocoder = OpenCageGeocode({v})",
        const('os.environ["OPENCAGE_API_KEY"]'),
    ),
    L(
        GEO,
        "secret_manager_name",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text > /dev/null && echo ok",
        const("prod/geo/here-credentials-properties"),
    ),
    L(
        GEO,
        "what3words_masked",
        "PS> Convert-3waToCoordinates -APIKey {v} -Words lamp.orbit.velvet -Format json",
        masked_w3w,
    ),
    L(
        GEO,
        "stadia_masked_log",
        "DEBUG httpx request: GET https://tiles.stadiamaps.com/styles/alidade_smooth.json "
        "headers={'Authorization': 'Stadia-Auth {v}'}",
        const("********"),
    ),
    L(
        GEO,
        "ors_env_example",
        "# .env.example: copy to .env and paste the key from the openrouteservice dashboard\nORS_API_KEY={v}",
        interleaved(56),
    ),
    L(
        GEO,
        "maptiler_placeholder",
        '# tests/fixtures/settings.toml (fake key, requests are mocked)\nmaptiler_key = "{v}"',
        alphabet_run(20),
    ),
    L(
        GEO,
        "tomtom_placeholder",
        '    tomtom = TomTomClient(api_key="{v}")  # dummy key; responses come from the cassette',
        counting(32),
    ),
    L(
        GEO,
        "mapbox_netrc_placeholder",
        "machine api.mapbox.com\nlogin mapbox\npassword {v}",
        const("<your-secret-downloads-token>"),
    ),
]
