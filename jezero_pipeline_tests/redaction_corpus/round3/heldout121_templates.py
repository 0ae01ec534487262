"""A hundred-and-twenty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of agriculture and farm-management platforms: John Deere Operations
Center OAuth 2 apps (Okta `0oa…` client ids, client secrets, refresh and access tokens, the
`signin.johndeere.com` authorization server and `application/vnd.deere.axiom.v3+json`), Climate
FieldView (`x-api-key` usage-plan keys, Basic client credentials at `api.climate.com/api/oauth/token`,
`X-Http-Request-Id`), Trimble Agriculture (Trimble Identity client-credentials grant, GUID client ids),
Leaf Agriculture (`/api/authenticate` JWTs, Leaf user ids, provider-credential bodies for CNHI FieldOps
`subscriptionKey` and AgLeader `privateKey`, masked Leaf Link keys), Sentinel Hub and the Copernicus
Data Space (`SHConfig`, `config.toml`, `sh-` client ids, client secrets old and new), Planet
(`PL_API_KEY`, `PLAK…` keys, Basic auth with an empty password, `api_key` on tile URLs, order and
item ids, digests), Arable (`Authorization: Apikey`, `?apikey=`, Basic auth, key records with
ObjectId ids), Davis WeatherLink v2 (`api-key` query parameter and `X-Api-Secret` header, the legacy
`api-signature`, station ids), METOS FieldClimate (HMAC public/private key pairs, `Authorization:
hmac public:signature`), Farmers Edge FarmCommand (`token` query parameter) and Agromonitoring
(`appid`, polygon ids), in commands, config files, code and tool output, with the public ids,
placeholders, masks and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 115 to 119):
25 of 25 secrets caught, 4 of 24 look-alikes altered (altered: WeatherLink's `api-key` in a query
(its docs call it the caller's id) and its one-request `api-signature`, FieldClimate's HMAC public
key before its signature, the docs' `Bearer eyJhbGciOi...`).
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
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

AG = "agtech"

JD_ISSUER = "https://signin.johndeere.com/oauth2/aus78tnlaysMraFhC1t7"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def okta_client_id(rng: random.Random) -> str:
    return "0oa" + lower_alnum(17)(rng)


def jd_access_token(rng: random.Random) -> str:
    """An Okta RS256 access token as John Deere's authorization server issues it."""
    iat = 1717000000 + rng.randrange(20_000_000)
    header = {"kid": b64url(43)(rng), "alg": "RS256"}
    claims = {
        "ver": 1,
        "jti": "AT." + b64url(43)(rng),
        "iss": JD_ISSUER,
        "aud": "com.deere.isg.axiom",
        "iat": iat,
        "exp": iat + 43200,
        "cid": okta_client_id(rng),
        "uid": "00u" + lower_alnum(17)(rng),
        "scp": ["ag1", "ag2", "org1", "files", "offline_access"],
        "sub": "agronomy-sync@prairieridge.ag",
    }
    return f"{_b64url_json(header)}.{_b64url_json(claims)}.{b64url(342)(rng)}"


def leaf_token(rng: random.Random) -> str:
    """A Leaf `id_token` (HS512, JHipster-style claims)."""
    exp = 1719000000 + rng.randrange(20_000_000)
    claims = {"sub": "platform@prairieridge.ag", "auth": "ROLE_USER", "exp": exp}
    return f"{_b64url_json({'alg': 'HS512'})}.{_b64url_json(claims)}.{b64url(86)(rng)}"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def masked(n_stars: int, tail: int):
    return join("*" * n_stars, b62(tail))


# Sentinel Hub's older OAuth client secrets carry punctuation.
sh_legacy_secret = pick(B62 + "!#%^*@$&:;?.,()[]<>~|-+/_=", 40)

planet_key = join("PLAK", hexl(32))


def station_id(rng: random.Random) -> str:
    return str(rng.randrange(100000, 1000000))


def planet_item_id(rng: random.Random) -> str:
    """A PlanetScope item id: acquisition date, time, a sequence number and the satellite id."""
    day, hh, mm, ss = rng.randrange(1, 31), rng.randrange(24), rng.randrange(60), rng.randrange(60)
    return f"202406{day:02d}_{hh:02d}{mm:02d}{ss:02d}_{rng.randrange(100):02d}_{hexl(4)(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 4, 24, "the rules for 115 to 119")

TEMPLATES: list = [
    # ---- secrets: John Deere Operations Center (OAuth 2 via Okta)
    S(
        AG,
        "jd_client_secret_env",
        "$ cat services/deere-sync/.env\nJD_ENV=sandbox\nJD_CLIENT_ID={cid}\nJD_CLIENT_SECRET={v}\n"
        "JD_CALLBACK_URL=https://sync.prairieridge.ag/deere/callback\nJD_SCOPES=ag1 ag2 org1 files offline_access",
        b64url(40),
        cid=okta_client_id,
    ),
    S(
        AG,
        "jd_curl_basic_user",
        "$ curl -s -u {cid}:{v} -d grant_type=refresh_token -d refresh_token=$JD_REFRESH_TOKEN"
        " -d redirect_uri=https://sync.prairieridge.ag/deere/callback "
        + JD_ISSUER
        + "/v1/token | jq .expires_in\n43200",
        b64url(40),
        cid=okta_client_id,
    ),
    S(
        AG,
        "jd_refresh_token_output",
        "$ jq -r .refresh_token ~/.config/deere-sync/token.json\n{v}",
        b64url(43),
    ),
    S(
        AG,
        "jd_bearer_header",
        '$ curl -s -H "Authorization: Bearer {v}" -H "Accept: application/vnd.deere.axiom.v3+json"'
        " https://sandboxapi.deere.com/platform/organizations | jq '.values[].name'",
        jd_access_token,
    ),
    # ---- secrets: Climate FieldView
    S(
        AG,
        "climate_x_api_key",
        "$ curl -s https://platform.climate.com/v4/fields?limit=50 \\\n    -H 'Authorization: Bearer '$CFV_ACCESS_TOKEN \\\n"
        "    -H 'x-api-key: {v}' \\\n    -H 'Accept: application/json'",
        b62(40),
    ),
    S(
        AG,
        "climate_token_basic",
        "POST /api/oauth/token HTTP/1.1\nHost: api.climate.com\nAuthorization: Basic {v}\n"
        "Content-Type: application/x-www-form-urlencoded\n\ngrant_type=refresh_token&refresh_token=$CFV_REFRESH",
        basic_auth("partner-prairieridge", b62(40)),
    ),
    # ---- secrets: Trimble Agriculture
    S(
        AG,
        "trimble_compose_secret",
        "  trimble-sync:\n    image: ghcr.io/prairieridge/trimble-sync:1.8.2\n    environment:\n"
        "      TRIMBLE_APP_NAME: prairieridge-ag-sync\n      TRIMBLE_CLIENT_ID: {cid}\n      TRIMBLE_CLIENT_SECRET: {v}\n"
        "      TRIMBLE_TOKEN_URL: https://id.trimble.com/oauth/token",
        hexl(32),
        cid=uuid,
    ),
    # ---- secrets: Leaf Agriculture and the provider credentials it stores
    S(
        AG,
        "leaf_token_python",
        'LEAF_TOKEN = "{v}"\nheaders = {"Authorization": f"Bearer {LEAF_TOKEN}"}\n'
        'resp = requests.get("https://api.withleaf.io/services/fields/api/fields", headers=headers)',
        leaf_token,
    ),
    S(
        AG,
        "leaf_authenticate_password",
        "$ curl -s -X POST -H 'Content-Type: application/json' "
        '-d \'{"username":"platform@prairieridge.ag","password":"{v}","rememberMe":"true"}\' '
        "https://api.withleaf.io/api/authenticate",
        password(18),
    ),
    S(
        AG,
        "cnhi_fieldops_subscription_key",
        'resp = requests.post(\n    f"{LEAF}/users/{uid}/cnhi-field-ops-credentials",\n'
        '    headers={"Authorization": f"Bearer {token}"},\n    json={\n        "clientId": "{cid}",\n'
        '        "clientSecret": os.environ["CNH_CLIENT_SECRET"],\n        "subscriptionKey": "{v}",\n'
        '        "refreshToken": grower.cnh_refresh_token,\n        "clientEnvironment": "PRODUCTION",\n    },\n)',
        hexl(32),
        cid=b62(32),
        uid=uuid,
    ),
    S(
        AG,
        "agleader_private_key",
        'payload = {\n    "refreshToken": os.environ["AGLEADER_REFRESH_TOKEN"],\n    "publicKey": "{pub}",\n'
        '    "privateKey": "{v}",\n}',
        hexl(64),
        pub=hexl(32),
    ),
    # ---- secrets: Sentinel Hub / Copernicus Data Space
    S(
        AG,
        "sh_config_toml",
        '$ cat ~/.config/sentinelhub/config.toml\n[default-profile]\ninstance_id = ""\nsh_client_id = "{cid}"\n'
        'sh_client_secret = "{v}"\nsh_base_url = "https://services.sentinel-hub.com"',
        b62(32),
        cid=uuid,
    ),
    S(
        AG,
        "sh_cli_flag_legacy",
        "$ sentinelhub.config --sh_client_id {cid} --sh_client_secret '{v}'\n"
        "The value of parameter `sh_client_id` was updated",
        sh_legacy_secret,
        cid=uuid,
    ),
    S(
        AG,
        "cdse_token_request",
        "$ curl -s -X POST https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token \\\n"
        "    --data-urlencode 'grant_type=client_credentials' \\\n    --data-urlencode 'client_id=sh-{cid}' \\\n"
        "    --data-urlencode 'client_secret={v}' | jq -r .expires_in",
        b62(32),
        cid=uuid,
    ),
    # ---- secrets: Planet
    S(AG, "planet_env", "export PL_API_KEY={v}\nplanet data search PSScene --limit 5", planet_key),
    S(
        AG,
        "planet_curl_user",
        "$ curl -s -u {v}: 'https://api.planet.com/data/v1/quick-search' -H 'Content-Type: application/json' -d @filter.json",
        planet_key,
    ),
    S(
        AG,
        "planet_tile_url",
        "L.tileLayer('https://tiles.planet.com/basemaps/v1/planet-tiles/global_monthly_2024_05_mosaic/gmap/{z}/{x}/{y}.png"
        "?api_key={v}', { maxZoom: 18, attribution: 'Imagery © Planet Labs PBC' }).addTo(map);",
        hexl(32),
    ),
    # ---- secrets: Arable
    S(
        AG,
        "arable_apikey_header",
        "$ curl -s https://api.arable.cloud/api/v2/devices -H 'Authorization: Apikey {v}' | jq '.items | length'\n14",
        uuid,
    ),
    S(
        AG,
        "arable_apikey_query",
        "GET https://api.arable.cloud/api/v2/data/daily?device=C003{dev}&start_time=2024-06-01&apikey={v} 200 OK (412 ms)",
        uuid,
        dev=digits(4),
    ),
    S(
        AG,
        "arable_basic_auth",
        "  -H 'Authorization: Basic {v}' \\\n  -H 'content-type: application/json' \\\n"
        '  -d \'{"scopes": ["data:read"], "name": "grafana", "active": true}\'',
        basic_auth("field-ops@prairieridge.ag", password(14)),
    ),
    # ---- secrets: Davis WeatherLink v2
    S(
        AG,
        "weatherlink_secret_header",
        '$ curl -s "https://api.weatherlink.com/v2/current/{sid}?api-key={key}" -H "X-Api-Secret: {v}" | jq .sensors[0].lsid',
        lower_alnum(32),
        sid=station_id,
        key=lower_alnum(32),
    ),
    S(
        AG,
        "weatherlink_yaml",
        "weatherlink:\n  api_key: {key}\n  api_secret: {v}\n  station_id: {sid}\n  poll_interval: 300",
        lower_alnum(32),
        key=lower_alnum(32),
        sid=station_id,
    ),
    # ---- secrets: METOS FieldClimate, Farmers Edge, Agromonitoring
    S(
        AG,
        "fieldclimate_private_key",
        'client = FieldClimateClient(\n    public_key="{pub}",\n    private_key="{v}",\n)',
        hexl(40),
        pub=hexl(40),
    ),
    S(
        AG,
        "farmcommand_token_query",
        "INFO httpx: HTTP Request: GET https://admin.farmcommand.com/api/canplug/?serial=CP{ser}&token={v} "
        '"HTTP/1.1 200 OK"',
        hexl(40),
        ser=digits(7),
    ),
    S(
        AG,
        "agromonitoring_appid",
        "$ curl -s 'https://api.agromonitoring.com/agro/1.0/ndvi/history?polyid={poly}&start=1714521600&end=1719792000&appid={v}'",
        hexl(32),
        poly=hexl(24),
    ),
    # ---- look-alikes: public ids
    L(
        AG,
        "jd_client_id",
        "Redirecting to " + JD_ISSUER + "/v1/authorize?response_type=code&client_id={v}"
        "&scope=ag1%20org1%20offline_access&redirect_uri=https%3A%2F%2Fsync.prairieridge.ag%2Fdeere%2Fcallback&state={st}",
        okta_client_id,
        st=uuid,
    ),
    L(
        AG,
        "jd_field_id",
        '      "@type": "Field",\n      "name": "North 80",\n      "archived": false,\n      "id": "{v}",',
        uuid,
    ),
    L(
        AG,
        "leaf_user_id",
        '$ curl -s -H "Authorization: Bearer $LEAF_TOKEN" '
        "https://api.withleaf.io/services/usermanagement/api/users/{v}/john-deere-credentials | jq .status",
        uuid,
    ),
    L(
        AG,
        "trimble_client_id",
        "$ curl -s -X POST https://id.trimble.com/oauth/token -d grant_type=client_credentials"
        ' -d client_id={v} -d client_secret="$TRIMBLE_CLIENT_SECRET" -d scope=prairieridge-ag-sync',
        uuid,
    ),
    L(
        AG,
        "sh_client_id",
        'config = SHConfig()\nconfig.sh_client_id = "{v}"\nconfig.sh_client_secret = os.environ["SH_CLIENT_SECRET"]',
        uuid,
    ),
    L(AG, "cdse_client_id", "SH_CLIENT_ID=sh-{v}\nSH_CLIENT_SECRET=${CDSE_CLIENT_SECRET}", uuid),
    L(
        AG,
        "climate_request_id",
        "HTTP/1.1 429\nContent-Type: application/json\nX-Http-Request-Id: {v}\nRetry-After: 2",
        uuid,
    ),
    L(
        AG,
        "planet_order_id",
        "$ planet orders wait {v}\n09:41 - order {v} - state: success",
        uuid,
    ),
    L(
        AG,
        "planet_item_id",
        "$ planet orders request --item-type PSScene --bundle analytic_sr_udm2 --name north-80-june {v} > order.json",
        planet_item_id,
    ),
    L(
        AG,
        "arable_key_record_id",
        "$ curl -s -X DELETE https://api.arable.cloud/api/v2/apikeys/{v} -H \"Authorization: Bearer $ARABLE_TOKEN\" -w '%{http_code}'\n204",
        hexl(24),
    ),
    L(
        AG,
        "weatherlink_api_key",
        '$ curl -s "https://api.weatherlink.com/v2/stations?api-key={v}" -H "X-Api-Secret: $WL_API_SECRET"',
        lower_alnum(32),
        note="the v2 api-key is documented as the caller's id; the X-Api-Secret is the secret",
    ),
    L(
        AG,
        "weatherlink_station_uuid",
        '    {\n      "station_id": {sid},\n      "station_id_uuid": "{v}",\n      "station_name": "Prairie Ridge Shop",',
        uuid,
        sid=station_id,
    ),
    L(
        AG,
        "weatherlink_signature",
        "GET https://api.weatherlink.com/v2/stations?api-key={key}&t=1718893441&api-signature={v}",
        hexl(64),
        key=lower_alnum(32),
    ),
    L(
        AG,
        "fieldclimate_public_key",
        "DEBUG fieldclimate: GET /user/stations Request-Date: Thu, 20 Jun 2024 14:22:07 GMT Authorization: hmac {v}:{sig}",
        hexl(40),
        sig=hexl(64),
    ),
    L(
        AG,
        "agromonitoring_polygon_id",
        '{"id":"{v}","geo_json":{"type":"Feature","properties":{},"geometry":{"type":"Polygon"}},"name":"North 80","area":32.4}',
        hexl(24),
    ),
    # ---- look-alikes: hashes and digests
    L(
        AG,
        "planet_asset_digest",
        '      "path": "north-80-june/PSScene/20240611_170512_41_2486_3B_AnalyticMS_SR_8b.tif",\n'
        '      "digests": {\n        "md5": "{v}",',
        hexl(32),
    ),
    L(
        AG,
        "commit_sha",
        "$ pip install 'git+https://github.com/prairieridge/deere-sync.git@{v}'",
        hexl(40),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        AG,
        "planet_placeholder",
        "# .env.example\nPL_API_KEY={v}",
        const("PLAK" + "x" * 32),
    ),
    L(
        AG,
        "weatherlink_placeholder",
        'API_KEY = "<your-api-key>"\nAPI_SECRET = "{v}"',
        const("<your-api-secret>"),
    ),
    L(
        AG,
        "leaf_truncated_token",
        "  curl -H 'Authorization: Bearer {v}' \\\n    'https://api.withleaf.io/services/usermanagement/api/users'",
        const("eyJhbGciOi..."),
    ),
    L(
        AG,
        "leaf_link_masked_key",
        '  {\n    "id": "{id}",\n    "key": "{v}",\n    "leafUserId": "{uid}",\n    "valid": true\n  },',
        const("xxxx...xxxx"),
        id=uuid,
        uid=uuid,
    ),
    L(
        AG,
        "sh_config_masked",
        ">>> SHConfig()\nSHConfig(\n  instance_id='',\n  sh_client_id='{cid}',\n  sh_client_secret='{v}',",
        masked(28, 4),
        cid=uuid,
    ),
    L(
        AG,
        "gha_secret_ref",
        "      - name: Sync Sentinel-2 NDVI\n        env:\n          SH_CLIENT_ID: ${{ vars.SH_CLIENT_ID }}\n"
        "          SH_CLIENT_SECRET: {v}",
        const("${{ secrets.SH_CLIENT_SECRET }}"),
    ),
    L(
        AG,
        "farmcommand_env_ref",
        'resp = requests.get(f"https://admin.farmcommand.com/api/canplug/?serial={serial}&token={v}")',
        const("{os.environ['FARMCOMMAND_TOKEN']}"),
    ),
]
