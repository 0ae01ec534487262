"""A hundred-and-fifty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of satellite-imagery and earth-observation platforms: Planet
(`PL_API_KEY`, the `Authorization: api-key` header, the SDK's `~/.planet.json`, the v1 CLI's `-k` flag, item ids `YYYYMMDD_HHMMSS_NN_XXXX`, order UUIDs); Sentinel Hub
and the Copernicus Data Space Ecosystem (`SHConfig`, `~/.config/sentinelhub/config.toml`,
`sentinelhub.config --sh_client_secret`, OAuth client ids `sh-<uuid>`, 32-character client secrets and
the older 40-character punctuated ones, the Keycloak token endpoint and its RS256 access token); NASA
Earthdata Login (`.netrc` for `urs.earthdata.nasa.gov`, `EARTHDATA_TOKEN` / earthaccess, the
`/api/users/token` call with `Authorization: Basic`, user tokens as JWTs and the legacy `EDL-` prefixed
60-character bearer used by LAADS, OAuth app client ids, CMR concept ids); the USGS M2M API
(`login-token` with a 64-character application token holding `@` and `_`, the 32-hex session key in
`X-Auth-Token`, Landsat entity and product ids); Maxar Geospatial Platform (`.mgp-config` with
`user_password`, `MAXAR_API_KEY`, WorldView catalog ids); UP42 (`project_id` / `project_api_key` in
`config.json`); SkyWatch EarthCache (`x-api-key` header, pipeline UUIDs); Google Earth Engine service
accounts (`ee.ServiceAccountCredentials`, key JSON with `private_key_id` and `private_key`, task ids);
Umbra Canopy (Auth0 client-credentials exchange and its bearer JWT, task UUIDs); Spire Weather
(`spire-api-key` header); Radiant MLHub (64-hex keys in `~/.mlhub/profiles` and the `?key=` query
parameter); Capella Space (`CapellaConsoleClient(email=..., password=...)`, STAC item ids). Where a
vendor documents no key shape (SkyWatch, Spire, UP42, Maxar API keys) a plain alphanumeric key of a
plausible length was used; the `PLAK` prefix of newer Planet keys and the EDL JWT header fields are
written from memory, as the searched pages did not show a key. Public values are the ones the same documentation shows beside the secrets:
ids, client ids, key ids, checksums, placeholders, masked values and secret-store references.

First score, blind, before any rule changed for it (after the rules for 145 to 149):
26 of 27 secrets caught, 0 of 24 look-alikes altered (missed: the USGS M2M session key (32 hex)
printed as a login response's `data`).
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
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

EO = "earthobs"

RSA_HEAD = "MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQ"

# the older Sentinel Hub OAuth client secrets mix in punctuation
SH_LEGACY = B62 + "!#%*()?|:/<>,.;~^+-_@&[]"


def _b64u_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _now(rng: random.Random) -> int:
    return 1_715_000_000 + rng.randrange(20_000_000)


def edl_jwt(rng: random.Random) -> str:
    """An Earthdata Login user token: RS256 JWT whose header names its origin."""
    iat = _now(rng)
    head = {"typ": "JWT", "origin": "Earthdata Login", "alg": "RS256"}
    body = {
        "type": "User",
        "uid": "terravue_" + pick("abcdefghijklmnopqrstuvwxyz", 5)(rng),
        "exp": iat + 60 * 86400,
        "iat": iat,
        "iss": "https://urs.earthdata.nasa.gov",
    }
    return _b64u_json(head) + "." + _b64u_json(body) + "." + b64url(342)(rng)


def cdse_jwt(rng: random.Random) -> str:
    """A Keycloak access token from the CDSE realm."""
    iat = _now(rng)
    head = {"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)}
    body = {
        "exp": iat + 600,
        "iat": iat,
        "jti": uuid(rng),
        "iss": "https://identity.dataspace.copernicus.eu/auth/realms/CDSE",
        "sub": uuid(rng),
        "typ": "Bearer",
        "azp": "sh-" + uuid(rng),
        "scope": "email profile",
    }
    return _b64u_json(head) + "." + _b64u_json(body) + "." + b64url(342)(rng)


def auth0_jwt(rng: random.Random) -> str:
    """An Auth0 client-credentials access token for the Umbra Canopy audience."""
    iat = _now(rng)
    cid = b62(32)(rng)
    head = {"alg": "RS256", "typ": "JWT", "kid": b64url(22)(rng)}
    body = {
        "iss": "https://auth.canopy.umbra.space/",
        "sub": cid + "@clients",
        "aud": "https://api.canopy.umbra.space",
        "iat": iat,
        "exp": iat + 86400,
        "gty": "client-credentials",
        "azp": cid,
    }
    return _b64u_json(head) + "." + _b64u_json(body) + "." + b64url(342)(rng)


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def rsa_body_json(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body as a service-account JSON holds it, lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(14)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(22)(rng) + "=="]
    return "\\n".join(lines)


def _date(rng: random.Random) -> str:
    return f"2024{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}"


def _time(rng: random.Random) -> str:
    return f"{rng.randrange(24):02d}{rng.randrange(60):02d}{rng.randrange(60):02d}"


def _path_row(rng: random.Random) -> str:
    return f"{rng.randrange(1, 234):03d}{rng.randrange(1, 249):03d}"


planet_item_id = join(_date, "_", _time, "_", digits(2), "_", hexl(4))
m2m_app_token = pick(B62 + "@_", 64)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 27, 0, 24, "the rules for 145 to 149")

TEMPLATES: list = [
    # ---- Planet
    S(
        EO,
        "planet_env_export",
        "$ export PL_API_KEY={v}\n$ planet data search PSScene --limit 3 | jq -r '.id'",
        join("PLAK", hexl(32)),
    ),
    S(
        EO,
        "planet_api_key_header",
        '$ curl -s -H "Authorization: api-key {v}" https://api.planet.com/data/v1/item-types | jq ".item_types[].id"',
        hexl(32),
    ),
    S(
        EO,
        "planet_secret_file",
        '$ cat ~/.planet.json\n{"key": "{v}"}',
        join("PLAK", hexl(32)),
    ),
    S(
        EO,
        "planet_cli_k_flag",
        "$ planet -k {v} data download --item-type PSScene4Band --asset-type analytic_sr --dest ./scenes {item}",
        hexl(32),
        item=planet_item_id,
    ),
    # ---- Sentinel Hub / Copernicus Data Space Ecosystem
    S(
        EO,
        "cdse_config_toml",
        '$ cat ~/.config/sentinelhub/config.toml\n[default-profile]\nsh_client_id = "sh-{cid}"\n'
        'sh_client_secret = "{v}"\nsh_base_url = "https://sh.dataspace.copernicus.eu"\n'
        'sh_token_url = "https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token"',
        b62(32),
        cid=uuid,
    ),
    S(
        EO,
        "sentinelhub_config_cli",
        "$ sentinelhub.config --sh_client_id {cid} --sh_client_secret '{v}'",
        pick(SH_LEGACY, 40),
        cid=uuid,
    ),
    S(
        EO,
        "cdse_token_curl",
        "$ curl -s -X POST https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token \\\n"
        "    -d grant_type=client_credentials -d client_id=sh-{cid} -d client_secret={v}",
        b62(32),
        cid=uuid,
    ),
    S(
        EO,
        "cdse_access_token_output",
        '{"access_token":"{v}","expires_in":600,"refresh_expires_in":0,"token_type":"Bearer",'
        '"not-before-policy":0,"scope":"email profile"}',
        cdse_jwt,
    ),
    # ---- NASA Earthdata Login
    S(
        EO,
        "earthdata_netrc",
        "$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov\n    login {user}\n    password {v}",
        password(16),
        user=join("terravue_", pick("abcdefghijklmnopqrstuvwxyz", 5)),
    ),
    S(
        EO,
        "earthdata_netrc_append",
        'echo "machine urs.earthdata.nasa.gov login eo-pipeline password {v}" >> ~/.netrc && chmod 0600 ~/.netrc',
        password(14),
    ),
    S(
        EO,
        "earthaccess_token_env",
        'os.environ["EARTHDATA_TOKEN"] = "{v}"\nauth = earthaccess.login(strategy="environment")',
        edl_jwt,
    ),
    S(
        EO,
        "edl_user_token_basic",
        "$ curl -s --request POST --url 'https://urs.earthdata.nasa.gov/api/users/token' \\\n"
        "    --header 'Authorization: Basic {v}'",
        basic_auth("eo-pipeline", password(15)),
    ),
    S(
        EO,
        "laads_edl_bearer",
        '$ wget -e robots=off -m -np -R .html,.tmp -nH --cut-dirs=3 --header "Authorization: Bearer {v}" '
        '"https://ladsweb.modaps.eosdis.nasa.gov/archive/allData/61/MOD09GA/2024/164/" -P ./modis',
        join("EDL-", b64(60)),
    ),
    # ---- USGS M2M
    S(
        EO,
        "m2m_login_token",
        'login = requests.post(M2M + "login-token", json={"username": "terravue-eo", "token": "{v}"})',
        m2m_app_token,
    ),
    S(
        EO,
        "m2m_session_key_output",
        '{"requestId": {rid}, "version": "stable", "sessionId": {sid}, "data": "{v}", "errorCode": null, "errorMessage": null}',
        hexl(32),
        rid=digits(9),
        sid=digits(8),
    ),
    S(
        EO,
        "m2m_x_auth_token",
        '$ curl -s -H "X-Auth-Token: {v}" -d \'{"datasetName": "landsat_ot_c2_l2", "maxResults": 10}\' '
        "https://m2m.cr.usgs.gov/api/api/json/stable/scene-search",
        hexl(32),
    ),
    # ---- Maxar Geospatial Platform
    S(
        EO,
        "mgp_config",
        "$ cat ~/.mgp-config\n[mgp]\nuser_name=imagery-ops@terravue.io\nuser_password={v}\nclient_id=mgp",
        password(18),
    ),
    S(
        EO,
        "maxar_api_key_docker",
        "$ docker run --rm -e MAXAR_API_KEY={v} ghcr.io/terravue/tasker:0.9.2 discover --collections wv03-vnir --bbox 4.7,52.2,5.1,52.5",
        b62(40),
    ),
    # ---- UP42, SkyWatch
    S(
        EO,
        "up42_config_json",
        '$ cat up42_config.json\n{\n  "project_id": "{pid}",\n  "project_api_key": "{v}"\n}',
        b62(32),
        pid=uuid,
    ),
    S(
        EO,
        "skywatch_x_api_key",
        "$ http GET https://api.skywatch.co/earthcache/pipelines x-api-key:{v}",
        b62(36),
    ),
    # ---- Google Earth Engine service account
    S(
        EO,
        "gee_service_account_key",
        '$ cat keys/ee-runner.json | head -5\n{\n  "type": "service_account",\n  "project_id": "terravue-ee-prod",\n'
        '  "private_key_id": "{kid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",',
        rsa_body_json,
        kid=hexl(40),
    ),
    # ---- Umbra Canopy
    S(
        EO,
        "umbra_client_secret",
        "$ curl -s -X POST https://auth.canopy.umbra.space/oauth/token -H 'content-type: application/json' \\\n"
        '    -d \'{"client_id": "{cid}", "client_secret": "{v}", "audience": "https://api.canopy.umbra.space", '
        '"grant_type": "client_credentials"}\'',
        b64url(64),
        cid=b62(32),
    ),
    S(
        EO,
        "umbra_bearer_python",
        'CANOPY_HEADERS = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}',
        auth0_jwt,
    ),
    # ---- Spire, Radiant MLHub, Capella
    S(
        EO,
        "spire_api_key_header",
        '$ curl -s -H "spire-api-key: {v}" "https://api.wx.spire.com/forecast/point?lat=52.09&lon=5.12&bundles=basic,agricultural"',
        b62(32),
    ),
    S(
        EO,
        "mlhub_profiles",
        "$ cat ~/.mlhub/profiles\n[default]\napi_key = {v}\n\n[research]\napi_key = {other}",
        hexl(64),
        other=hexl(64),
    ),
    S(
        EO,
        "mlhub_key_query",
        "GET https://api.radiant.earth/mlhub/v1/collections/ref_african_crops_kenya_02_labels/items?limit=5&key={v} -> 200",
        hexl(64),
    ),
    S(
        EO,
        "capella_password",
        'client = CapellaConsoleClient(email="sar-team@terravue.io", password="{v}", verbose=True)',
        password(16),
    ),
    # ---- look-alikes: Planet
    L(
        EO,
        "planet_item_id",
        "$ planet data search PSScene --limit 1 | jq '.id, .properties.cloud_cover'\n\"{v}\"\n0.02",
        planet_item_id,
    ),
    L(EO, "planet_order_id", "$ planet orders wait {v} && planet orders download {v} --directory ./orders", uuid),
    L(EO, "planet_key_placeholder", "# .env.example\nPL_API_KEY={v}", const("PLAK" + "x" * 32)),
    L(
        EO,
        "planet_key_masked",
        "planet-sdk 2.10.0  auth: api key from env  PL_API_KEY={v}",
        join("PLAK", const("*" * 28), hexl(4)),
    ),
    # ---- look-alikes: Sentinel Hub / CDSE
    L(
        EO,
        "cdse_client_id",
        'config.sh_client_id = "{v}"\nconfig.sh_client_secret = os.environ["SH_CLIENT_SECRET"]',
        join("sh-", uuid),
    ),
    L(
        EO,
        "sentinelhub_masked_secret",
        ">>> SHConfig()\nSHConfig(\n  instance_id='',\n  sh_client_id='sh-{cid}',\n  sh_client_secret='{v}',\n"
        "  sh_base_url='https://sh.dataspace.copernicus.eu',",
        join(const("*" * 28), b62(4)),
        cid=uuid,
    ),
    # ---- look-alikes: NASA Earthdata
    L(EO, "netrc_placeholder", "machine urs.earthdata.nasa.gov login <uid> password {v}", const("<password>")),
    L(
        EO,
        "edl_app_client_id",
        "302 Location: https://urs.earthdata.nasa.gov/oauth/authorize?client_id={v}"
        "&response_type=code&redirect_uri=https%3A%2F%2Fdata.lpdaac.earthdatacloud.nasa.gov%2Flogin",
        b64url(22),
    ),
    L(
        EO,
        "cmr_concept_id",
        ">>> results = earthaccess.search_data(concept_id='{v}', temporal=('2024-06-01', '2024-06-30'))\n"
        "Granules found: 412",
        join("C", digits(10), "-LPCLOUD"),
    ),
    L(
        EO,
        "gha_secret_ref",
        "      - run: python scripts/fetch_hls.py\n        env:\n          EARTHDATA_USERNAME: terravue_ops\n"
        "          EARTHDATA_PASSWORD: {v}",
        const("${{ secrets.EARTHDATA_PASSWORD }}"),
    ),
    # ---- look-alikes: USGS
    L(
        EO,
        "landsat_product_id",
        "downloading {v}.tar (1.03 GB) from https://landsatlook.usgs.gov/gen-bundle?...",
        join("LC09_L2SP_", _path_row, "_", _date, "_", _date, "_02_T1"),
    ),
    L(
        EO,
        "landsat_entity_id",
        '      "entityId": "{v}",\n      "displayId": "LC09_L2SP_198024_20240612_20240614_02_T1",',
        join("LC9", digits(13), "LGN00"),
    ),
    L(
        EO,
        "m2m_token_env_ref",
        'payload = {"username": os.environ["USGS_USERNAME"], "token": {v}}',
        const('os.environ["USGS_M2M_TOKEN"]'),
    ),
    # ---- look-alikes: Maxar, UP42, SkyWatch
    L(EO, "maxar_catalog_id", '    "catalog_id": "{v}",\n    "platform": "worldview-03",', join("1040010", hexu(9))),
    L(
        EO,
        "mgp_config_placeholder",
        "[mgp]\nuser_name=<your-user-name>\nuser_password={v}\nclient_id=<your-client-id>",
        const("<your-password>"),
    ),
    L(
        EO,
        "up42_project_id",
        '>>> up42.authenticate(cfg_file="up42_config.json")\n2024-06-14 09:12:44 - Authentication with UP42 successful!\n'
        ">>> project = up42.initialize_project()\nProject(name='flood-watch', project_id='{v}', description='')",
        uuid,
    ),
    L(
        EO,
        "skywatch_pipeline_id",
        '{"data": {"id": "{v}", "name": "weekly-nir-aoi-17", "status": "active", "budget_per_km2": 1.5}}',
        uuid,
    ),
    # ---- look-alikes: Earth Engine
    L(
        EO,
        "gee_service_account_email",
        'credentials = ee.ServiceAccountCredentials("{v}", "keys/ee-runner.json")\nee.Initialize(credentials)',
        const("ee-runner@terravue-ee-prod.iam.gserviceaccount.com"),
    ),
    L(
        EO,
        "gee_private_key_id",
        "$ gcloud iam service-accounts keys list --iam-account ee-runner@terravue-ee-prod.iam.gserviceaccount.com\n"
        "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n"
        "{v}  2024-03-02T10:41:07Z  9999-12-31T23:59:59Z",
        hexl(40),
    ),
    L(EO, "gee_task_id", "Started export task: id={v} state=READY description=ndvi_median_2024_06", upper_alnum(24)),
    # ---- look-alikes: Umbra, Spire, Radiant MLHub, Capella
    L(
        EO,
        "umbra_task_id",
        '$ curl -s -H "Authorization: Bearer $UMBRA_TOKEN" https://api.canopy.umbra.space/tasking/tasks/{v}',
        uuid,
    ),
    L(
        EO,
        "spire_key_placeholder",
        "$ curl -H 'spire-api-key: {v}' 'https://api.wx.spire.com/forecast/point?lat=10&lon=10'",
        const("x" * 24),
    ),
    L(
        EO,
        "mlhub_archive_sha256",
        "$ sha256sum ref_african_crops_kenya_02_labels.tar.gz\n{v}  ref_african_crops_kenya_02_labels.tar.gz",
        hexl(64),
    ),
    L(
        EO,
        "capella_stac_item_id",
        "Downloading {v}.tif (GEO, HH) to /data/capella/2024-06/",
        join("CAPELLA_C", digits(2), "_SP_GEO_HH_", _date, _time, "_", _date, _time),
    ),
]
