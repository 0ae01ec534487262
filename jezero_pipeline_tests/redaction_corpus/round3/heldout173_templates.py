"""A hundred-and-seventy-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of space and astronomy data services: api.nasa.gov and its
api.data.gov gateway (40-character keys in `api_key=`, `X-Api-Key` and the basic-auth username,
the shared `DEMO_KEY`), NASA Earthdata Login (`.netrc` for urs.earthdata.nasa.gov, EDL bearer JWTs
under `EARTHDATA_TOKEN`, OAuth client ids), Space-Track.org (`ajaxauth/login` with
`identity`/`password`, the `spacetrack` Python client, Astro::SpaceTrack's `SPACETRACK_USER`
"user/password", its `chocolatechip` session cookie in a curl jar, GP/TLE output), N2YO
(`&apiKey=` license keys in 6-6-6-4 groups), Astrometry.net (16-letter API keys for `client.py`
and astroquery's `[astrometry_net]` config, 32-character session keys, submission hashes, index
md5sums), MAST through astroquery (32-hex tokens for `Observations.login`, `Authorization: token`
in download scripts, the keyring service name, `mast:` data URIs), the ESA Gaia archive (TAP+
`Gaia.login`, the `tap-server/login` curl form, credentials files, source ids and async job ids),
Launch Library 2 from The Space Devs (`Authorization: Token` with 40-hex keys, launch UUIDs),
Astronomy API (application id and 224-hex secret in HTTP Basic), the AAVSO Target Tool (API key as
the basic-auth username with `api_token`, AUIDs), SatNOGS (DB and station API tokens, `sat_id`
and 22-character transmitter uuids) and CelesTrak GP downloads, in commands, config files, code
and tool output, with the public ids the same documentation shows beside them. Some shapes are
not spelled out by the pages found and were written from what the author knew of these services:
the Space-Track cookie value (generated as 32 lower-case alphanumerics), the Earthdata OAuth
client id (22 URL-safe base64 characters) and EDL JWT header, MAST tokens as 32 hex (the docs show
only a short placeholder), the Launch Library 2 and SatNOGS keys as 40-hex Django REST tokens,
the SatNOGS `sat_id` (four letters and four groups of four digits), Gaia async job ids (digits
ending in `O`) and AAVSO AUIDs (`000-XXX-000`).

First score, blind, before any rule changed for it (after the rules for 165 to 169):
21 of 25 secrets caught, 0 of 24 look-alikes altered (missed: a password after `user/` in
`SPACETRACK_USER='<user>/<password>'`, Space-Track's `chocolatechip` cookie in a cookie jar,
astroquery's sixteen-letter `api_key`, a password on the second line of a `.login` file printed by
`cat`).
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

SP = "space"

SHORTUUID = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

nasa_key = b62(40)
n2yo_key = join(
    pick(string.ascii_uppercase + string.digits, 6),
    "-",
    pick(string.ascii_uppercase + string.digits, 6),
    "-",
    pick(string.ascii_uppercase + string.digits, 6),
    "-",
    pick(string.ascii_uppercase + string.digits, 4),
)
astrometry_key = pick(string.ascii_lowercase, 16)
satnogs_sat_id = join(pick(string.ascii_uppercase, 4), "-", digits(4), "-", digits(4), "-", digits(4), "-", digits(4))
aavso_auid = join(digits(3), "-", pick(string.ascii_uppercase, 3), "-", digits(3))


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def edl_jwt(rng: random.Random) -> str:
    """An Earthdata Login user token: RS256 JWT with the EDL header, a user payload and a 342-char signature."""
    header = {"typ": "JWT", "origin": "Earthdata Login", "sig": "edljwtpubkey_ops", "alg": "RS256"}
    iat = 1_713_000_000 + rng.randrange(5_000_000)
    payload = {
        "type": "User",
        "uid": pick(string.ascii_lowercase, 8)(rng),
        "exp": iat + 60 * 24 * 3600,
        "iat": iat,
        "iss": "https://urs.earthdata.nasa.gov",
        "identity_provider": "edl_ops",
        "acr": "edl",
        "assurance_level": 3,
    }
    enc = lambda d: _b64url(json.dumps(d, separators=(",", ":")).encode())  # noqa: E731
    return f"{enc(header)}.{enc(payload)}.{b64url(342)(rng)}"


def basic(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def tle_line1(rng: random.Random) -> str:
    """A well-formed TLE line 1 (69 columns, with its modulo-10 checksum)."""
    catnr = rng.randrange(10000, 60000)
    intl = f"{rng.randrange(0, 25):02d}{rng.randrange(1, 300):03d}{rng.choice('ABCDEFGH'):<3}"
    epoch = f"24{rng.randrange(1, 366):03d}.{rng.randrange(10**8):08d}"
    ndot = f" .{rng.randrange(10**6):08d}"
    nddot = " 00000-0"
    bstar = f" {rng.randrange(10000, 99999)}-{rng.randrange(2, 5)}"
    elset = f"{rng.randrange(100, 999):>4}"
    line = f"1 {catnr:05d}U {intl} {epoch} {ndot} {nddot} {bstar} 0 {elset}"
    check = sum(int(c) if c.isdigit() else 1 if c == "-" else 0 for c in line) % 10
    return line + str(check)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 0, 24, "the rules for 165 to 169")

TEMPLATES: list = [
    # ---- secrets: api.nasa.gov (api.data.gov keys)
    S(
        SP,
        "nasa_api_key_query",
        '$ curl -s "https://api.nasa.gov/planetary/apod?date=2024-03-14&api_key={v}" | jq -r .title\n'
        "Pillars of Creation in Infrared",
        nasa_key,
    ),
    S(
        SP,
        "nasa_x_api_key_header",
        "$ curl -sS -H 'X-Api-Key: {v}' 'https://api.nasa.gov/neo/rest/v1/feed?start_date=2024-05-01&end_date=2024-05-07'"
        " -o neows_week18.json",
        nasa_key,
    ),
    S(
        SP,
        "nasa_key_basic_user",
        "$ curl -s 'https://{v}@api.nasa.gov/DONKI/FLR?startDate=2024-05-01&endDate=2024-05-14' | jq length\n23",
        nasa_key,
    ),
    # ---- secrets: NASA Earthdata Login
    S(
        SP,
        "earthdata_netrc",
        "$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov\n    login {user}\n    password {v}",
        password(18),
        user=join("hls_", pick(string.ascii_lowercase, 6)),
    ),
    S(SP, "earthdata_token_env", "export EARTHDATA_TOKEN={v}", edl_jwt),
    S(
        SP,
        "earthdata_bearer_wget",
        'wget -nc --header "Authorization: Bearer {v}" https://data.lpdaac.earthdatacloud.nasa.gov/lp-prod-protected/'
        "HLSL30.020/HLS.L30.T10SEG.2024135T184019.v2.0/HLS.L30.T10SEG.2024135T184019.v2.0.B04.tif",
        edl_jwt,
    ),
    # ---- secrets: Space-Track.org
    S(
        SP,
        "spacetrack_curl_login",
        "$ curl -s -c st_cookies.txt https://www.space-track.org/ajaxauth/login"
        " -d 'identity=tle-sync@orbitlab.example&password={v}'\n\"\"",
        password(16),
    ),
    S(
        SP,
        "spacetrack_client_py",
        ">>> from spacetrack import SpaceTrackClient\n"
        ">>> st = SpaceTrackClient(identity='ops@kestrel-orbital.example', password='{v}')\n"
        ">>> print(st.gp(norad_cat_id=25544, format='tle'))",
        password(20),
    ),
    S(
        SP,
        "spacetrack_user_env",
        "$ SPACETRACK_USER='kbrandt@orbitlab.example/{v}' perl -MAstro::SpaceTrack=shell -e shell",
        b62(15),
    ),
    S(
        SP,
        "spacetrack_cookie_jar",
        "$ cat st_cookies.txt\n# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n"
        "# This file was generated by libcurl! Edit at your own risk.\n\n"
        "#HttpOnly_www.space-track.org\tFALSE\t/\tTRUE\t0\tchocolatechip\t{v}",
        lower_alnum(32),
    ),
    # ---- secrets: N2YO
    S(
        SP,
        "n2yo_request_log",
        'DEBUG:urllib3.connectionpool:https://api.n2yo.com:443 "GET /rest/v1/satellite/visualpasses/25544/47.3769/8.5417/'
        '408/7/300/&apiKey={v} HTTP/1.1" 200 1184',
        n2yo_key,
    ),
    # ---- secrets: Astrometry.net
    S(
        SP,
        "astrometry_client_apikey",
        "$ python client.py --server https://nova.astrometry.net/api/ --apikey {v}"
        " --upload stacks/m31_2024-03-09.fits --wait --wcs m31.wcs",
        astrometry_key,
    ),
    S(
        SP,
        "astrometry_astroquery_cfg",
        "$ cat ~/.astropy/config/astroquery.cfg\n[astrometry_net]\napi_key = {v}\n"
        "server = https://nova.astrometry.net\ntimeout = 120",
        astrometry_key,
    ),
    S(
        SP,
        "astrometry_session_json",
        '>>> R = requests.post("https://nova.astrometry.net/api/login", data={"request-json": json.dumps({"apikey": key})})\n'
        ">>> R.text\n"
        '\'{"status": "success", "message": "authenticated user: ", "session": "{v}"}\'',
        lower_alnum(32),
    ),
    # ---- secrets: MAST tokens
    S(
        SP,
        "mast_login_token",
        ">>> from astroquery.mast import Observations\n"
        '>>> Observations.login(token="{v}")\n'
        "INFO: MAST API token accepted, welcome Dana Whitfield [astroquery.mast.auth]",
        hexl(32),
    ),
    S(
        SP,
        "mast_curl_token",
        'curl -H "Authorization: token {v}" --location-trusted -f -J -O '
        '"https://mast.stsci.edu/api/v0.1/Download/file?uri=mast:JWST/product/jw02736001001_02105_00001_nrcb1_cal.fits"',
        hexl(32),
    ),
    # ---- secrets: ESA Gaia archive
    S(
        SP,
        "gaia_login_py",
        ">>> from astroquery.gaia import Gaia\n>>> Gaia.login(user='mkovacs', password='{v}')\n"
        "INFO: Login to gaia TAP server [astroquery.utils.tap.core]\nOK",
        password(14),
    ),
    S(
        SP,
        "gaia_curl_login",
        "$ curl -k -c gaia_cookies.txt -X POST -d username=mkovacs -d password={v}"
        ' -L "https://gea.esac.esa.int/tap-server/login"',
        b62(16),
    ),
    S(
        SP,
        "gaia_credentials_file",
        "$ cat ~/.gaia/archive.login\nmkovacs\n{v}\n"
        "$ python -c \"from astroquery.gaia import Gaia; Gaia.login(credentials_file='/home/mk/.gaia/archive.login')\"",
        password(13),
    ),
    # ---- secrets: Launch Library 2 (The Space Devs)
    S(
        SP,
        "ll2_token_header",
        'curl -s -H "Authorization: Token {v}" "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=10&mode=list"'
        ' | jq ".results[].name"',
        hexl(40),
    ),
    S(
        SP,
        "ll2_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: launch-tracker-ll2\n  namespace: spaceweather\ntype: Opaque\n"
        'stringData:\n  LL2_API_TOKEN: "{v}"',
        hexl(40),
    ),
    # ---- secrets: Astronomy API, AAVSO Target Tool, SatNOGS
    S(
        SP,
        "astronomyapi_basic",
        "> GET /api/v2/bodies/positions?latitude=33.77&longitude=-84.39&elevation=300&from_date=2024-04-08"
        "&to_date=2024-04-08&time=18:30:00 HTTP/2\n> Host: api.astronomyapi.com\n> Authorization: Basic {v}\n"
        "> User-Agent: curl/8.5.0",
        basic(uuid, hexl(224)),
    ),
    S(
        SP,
        "aavso_targettool_auth",
        'r = requests.get("https://targettool.aavso.org/TargetTool/api/v1/targets", auth=("{v}", "api_token"),'
        ' params={"obs_section": ["ac"], "observable": True})',
        hexl(32),
    ),
    S(
        SP,
        "satnogs_db_token_cli",
        "$ python run.py --accessToken {v} --satelliteId 43803 --output hex --numberOfPages 3",
        hexl(40),
    ),
    S(
        SP,
        "satnogs_client_env",
        "$ sudo cat /etc/default/satnogs-client\nSATNOGS_API_TOKEN={v}\nSATNOGS_STATION_ID=2417\n"
        "SATNOGS_STATION_LAT=52.2297\nSATNOGS_STATION_LON=21.0122\nSATNOGS_STATION_ELEV=110",
        hexl(40),
    ),
    # ---- look-alikes: documented placeholders and shared keys
    L(
        SP,
        "nasa_demo_key",
        '$ curl -s "https://api.nasa.gov/planetary/apod?api_key={v}&count=3" | jq -r ".[].date"',
        const("DEMO_KEY"),
    ),
    L(
        SP,
        "earthdata_netrc_placeholder",
        "machine urs.earthdata.nasa.gov login <your-edl-username> password {v}",
        const("<your-edl-password>"),
    ),
    L(SP, "n2yo_placeholder", "# .env.example\nN2YO_API_KEY={v}", const("XXXXXX-XXXXXX-XXXXXX-XXXX")),
    L(
        SP,
        "astrometry_placeholder",
        'request-json={"apikey": "{v}"}   # form field sent to https://nova.astrometry.net/api/login',
        const("XXXXXXXX"),
    ),
    L(
        SP,
        "ll2_token_placeholder",
        'headers = {"Authorization": "Token {v}"}  # paste the key from thespacedevs.com/supportus',
        const("<token>"),
    ),
    # ---- look-alikes: references and masks
    L(
        SP,
        "nasa_gha_secret_ref",
        "      - name: Refresh APOD cache\n        env:\n          NASA_API_KEY: {v}\n"
        "        run: python scripts/refresh_apod.py --days 7",
        const("${{ secrets.NASA_API_KEY }}"),
    ),
    L(
        SP,
        "spacetrack_env_ref",
        "curl -s -c st_cookies.txt https://www.space-track.org/ajaxauth/login"
        ' --data-urlencode "identity=$SPACETRACK_USER" --data-urlencode "password={v}"',
        const("$SPACETRACK_PASS"),
    ),
    L(
        SP,
        "spacetrack_masked",
        "2024-05-14 06:00:02 INFO tle_sync: space-track login identity=tle-sync@orbitlab.example password={v} -> 200 OK",
        const("********"),
    ),
    L(
        SP,
        "mast_masked",
        "MAST_API_TOKEN={v}   # set in ~/.bashrc; expires after 10 days without use",
        join("*" * 28, hexl(4)),
    ),
    L(
        SP,
        "mast_keyring_service",
        '>>> keyring.get_password("{v}", "masttoken") is None\nFalse',
        const("astroquery:mast.stsci.edu.token"),
    ),
    L(
        SP,
        "spacetrack_password_file",
        "    environment:\n      SPACETRACK_USER: tle-sync@orbitlab.example\n      SPACETRACK_PASSWORD_FILE: {v}",
        const("/run/secrets/spacetrack_password"),
    ),
    # ---- look-alikes: public ids
    L(
        SP,
        "earthdata_client_id",
        "302 Location: https://urs.earthdata.nasa.gov/oauth/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https%3A%2F%2Fharmony.earthdata.nasa.gov%2Foauth2%2Fredirect",
        b64url(22),
    ),
    L(SP, "spacetrack_tle_line", '    "TLE_LINE0": "0 STARLINK-30412",\n    "TLE_LINE1": "{v}",', tle_line1),
    L(
        SP,
        "satnogs_sat_id",
        '  {\n    "sat_id": "{v}",\n    "norad_cat_id": 25544,\n    "name": "ISS",\n    "status": "alive",',
        satnogs_sat_id,
    ),
    L(
        SP,
        "satnogs_transmitter_uuid",
        '        "uuid": "{v}",\n        "description": "Mode V/U FM",\n        "alive": true,',
        pick(SHORTUUID, 22),
    ),
    L(
        SP,
        "mast_data_uri",
        "Downloading URL https://mast.stsci.edu/api/v0.1/Download/file?uri={v} to ./mastDownload ... [Done]",
        join("mast:JWST/product/jw0", digits(4), "001001_02101_00001_nrca1_cal.fits"),
    ),
    L(
        SP,
        "gaia_source_id",
        '>>> job = Gaia.launch_job("SELECT source_id, ra, dec, parallax FROM gaiadr3.gaia_source WHERE source_id = {v}")',
        join(pick("123456789", 1), digits(18)),
    ),
    L(
        SP,
        "gaia_job_id",
        "INFO: Query finished. [astroquery.utils.tap.core]\n>>> job.jobid\n'{v}'",
        join("17", digits(11), "O"),
    ),
    L(
        SP,
        "ll2_launch_uuid",
        '      "id": "{v}",\n      "url": "https://ll.thespacedevs.com/2.2.0/launch/{v}/",',
        uuid,
    ),
    L(
        SP,
        "astronomyapi_app_id",
        "ASTRONOMY_API_APP_ID={v}\nASTRONOMY_API_SECRET=${ASTRONOMY_API_SECRET:?load from vault}",
        uuid,
    ),
    L(
        SP,
        "aavso_auid",
        '{"star_name": "V1405 Cas", "auid": "{v}", "var_type": "NA", "min_mag": 15.0, "max_mag": 5.1}',
        aavso_auid,
    ),
    # ---- look-alikes: hashes
    L(SP, "astrometry_sub_hash", '{"status": "success", "subid": 9183341, "hash": "{v}"}', hexl(40)),
    L(
        SP,
        "astrometry_index_md5",
        '    {"filename": "index-4107.fits", "md5sum": "{v}", "arcminutes": 22.0},',
        hexl(32),
    ),
    L(
        SP,
        "celestrak_checksum",
        "$ curl -s 'https://celestrak.org/NORAD/elements/gp.php?GROUP=active&FORMAT=tle' -o gp-active.tle"
        " && sha256sum gp-active.tle\n{v}  gp-active.tle",
        hexl(64),
    ),
]
