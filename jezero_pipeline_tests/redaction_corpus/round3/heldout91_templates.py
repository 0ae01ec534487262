"""A ninety-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of weather, air-quality and environmental data APIs: OpenWeatherMap
(32-hex `appid` in the query, pyowm), Tomorrow.io (32-character `apikey` query parameter, secrets in
Google Secret Manager), WeatherAPI.com (31-character `key` parameter, httpie and Rails credentials),
AccuWeather (the new `zpka_<32 hex>_<8 hex>` keys as `Authorization: Bearer`, the older 32-character
`apikey` query parameter, numeric location keys), Visual Crossing (25-character uppercase `key` in the
Timeline URL), Meteomatics (username and password in basic auth, the OAuth JWT from
login.meteomatics.com), NOAA NCEI Climate Data Online (32-letter `token` header, rnoaa's `noaakey`
option, a Kubernetes secret), Copernicus CDS/ADS (`~/.cdsapirc` with a UUID personal access token,
the legacy `<UID>:<KEY>` form in `cdsapi.Client`), IQAir AirVisual (`key` query parameter), PurpleAir
(uppercase time-based UUID read/write keys in `X-API-Key`), Windy Point Forecast (`key` in the POST
body), Open-Meteo customer hosts (`apikey`), Storm Glass (two joined time-based UUIDs in
`Authorization`), Ambient Weather (64-hex `apiKey`/`applicationKey`, realtime socket URL), OpenAQ
(64-hex `X-API-Key`), Xweather/AerisWeather (`client_id`/`client_secret`) and Weatherbit (32-hex key),
in commands, config files, code and tool output, with the public values the same documentation
shows beside them: city and location ids, station ids, request ids, MAC addresses, checksums and
digests, masked and truncated keys, placeholders, secret-store and environment references.

First score, blind, before any rule changed for it (after the rules for 85 to 89):
21 of 27 secrets caught, 0 of 23 look-alikes altered (missed: OpenWeatherMap's key as `?appid=` and
as `OWM("<hex>")`, a token piped by `printf %s` into `gcloud secrets create`, httpie's `key==value`,
a NOAA token of letters alone in `options(noaakey = …)`, a Copernicus UUID key under `key:` in
`~/.cdsapirc`).
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
    hexu,
    join,
    pick,
    upper_alnum,
    uuid,
)

WX = "weather"


def v1_uuid(upper: bool = False, node: str | None = None):
    """A time-based (version 1) UUID as PurpleAir and Storm Glass keys use them."""

    def make(rng: random.Random) -> str:
        h = hexl(20)(rng)
        tail = node if node is not None else hexl(12)(rng)
        out = f"{h[:8]}-{h[8:12]}-11{h[12:14]}-{'b' + h[14:17]}-{tail}"
        return out.upper() if upper else out

    return make


def stormglass_key(rng: random.Random) -> str:
    node = "0242ac13000" + rng.choice("23")
    return v1_uuid(node=node)(rng) + "-" + v1_uuid(node=node)(rng)


def jwt(rng: random.Random) -> str:
    def enc(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

    now = 1718000000 + rng.randrange(10_000_000)
    head = enc({"alg": "HS256", "typ": "JWT"})
    body = enc(
        {
            "sub": "u:" + hexl(12)(rng),
            "iat": now,
            "exp": now + 7200,
            "scope": "api.meteomatics.com",
            "jti": uuid(rng),
        }
    )
    return f"{head}.{body}.{b64url(43)(rng)}"


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def mac(upper: bool = True):
    def make(rng: random.Random) -> str:
        h = (hexu if upper else hexl)(12)(rng)
        return ":".join(h[i : i + 2] for i in range(0, 12, 2))

    return make


def masked(keep: int, total: int):
    return lambda rng: "*" * (total - keep) + hexl(keep)(rng)


letters = pick(string.ascii_letters, 32)
weatherapi_key = join(hexl(25), "2", digits(5))
accuweather_key = join("zpka_", hexl(32), "_", hexl(8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 27, 0, 23, "the rules for 85 to 89")

TEMPLATES = [
    # ---- secrets: OpenWeatherMap, Tomorrow.io, WeatherAPI.com
    S(
        WX,
        "owm_appid_query",
        '$ curl -s "https://api.openweathermap.org/data/3.0/onecall?lat=52.37&lon=4.89&exclude=minutely,alerts'
        '&units=metric&appid={v}" | jq .current.temp\n17.42',
        hexl(32),
    ),
    S(
        WX,
        "owm_pyowm_client",
        'from pyowm import OWM\nowm = OWM("{v}")\nmgr = owm.weather_manager()\n'
        "obs = mgr.weather_at_place('Rotterdam,NL')",
        hexl(32),
    ),
    S(
        WX,
        "tomorrow_params_dict",
        '    params = {\n        "location": "42.3478,-71.0466",\n        "fields": ["temperature", "windSpeed"],\n'
        '        "timesteps": "1h",\n        "apikey": "{v}",\n    }',
        b62(32),
    ),
    S(
        WX,
        "tomorrow_secret_manager",
        '$ printf %s "{v}" | gcloud secrets create tomorrow-io-api-key --data-file=- --project=fieldcast-prod\n'
        "Created version [1] of the secret [tomorrow-io-api-key].",
        b62(32),
    ),
    S(
        WX,
        "weatherapi_httpie",
        "$ http GET https://api.weatherapi.com/v1/forecast.json key=={v} q==Lisbon days==3 aqi==yes\n"
        "HTTP/1.1 200 OK\nContent-Type: application/json",
        weatherapi_key,
    ),
    S(
        WX,
        "weatherapi_rails_credentials",
        "$ bin/rails credentials:show --environment production\nsecret_key_base_dummy: false\n"
        "weather_api:\n  base_url: https://api.weatherapi.com/v1\n  key: {v}\n",
        weatherapi_key,
    ),
    # ---- secrets: AccuWeather, Visual Crossing
    S(
        WX,
        "accuweather_bearer",
        '$ curl -s --compressed -H "Authorization: Bearer {v}"'
        ' "https://dataservice.accuweather.com/currentconditions/v1/{loc}?details=true"',
        accuweather_key,
        loc=digits(6),
    ),
    S(
        WX,
        "accuweather_legacy_log",
        "[web.1] 2024-09-12T06:14:02Z GET http://dataservice.accuweather.com/locations/v1/cities/autocomplete"
        "?apikey={v}&q=Utre&language=nl-nl -> 200 (143 ms)",
        b62(32),
    ),
    S(
        WX,
        "visualcrossing_timeline_url",
        "Fetching https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/"
        "Leeds%2CUK/2024-07-01/2024-07-07?unitGroup=metric&include=hours&key={v}&contentType=csv",
        upper_alnum(25),
    ),
    S(
        WX,
        "visualcrossing_env_default",
        'VC_KEY = os.environ.get("VISUAL_CROSSING_KEY", "{v}")  # TODO drop the fallback before release',
        upper_alnum(25),
    ),
    # ---- secrets: Meteomatics
    S(
        WX,
        "meteomatics_basic_url",
        "$ wget -qO t2m.json 'https://{user}:{v}@api.meteomatics.com/2024-06-01T00:00:00Z--2024-06-02T00:00:00Z:PT1H"
        "/t_2m:C,precip_1h:mm/47.423,9.374/json'",
        b62(12),
        user=const("harvestline_okafor_chidi"),
    ),
    S(
        WX,
        "meteomatics_oauth_token",
        '$ curl -s -u "$METEOMATICS_USER:$METEOMATICS_PASSWORD" https://login.meteomatics.com/api/v1/token\n'
        '{"access_token": "{v}", "token_type": "bearer"}',
        jwt,
    ),
    # ---- secrets: NOAA NCEI, Copernicus
    S(
        WX,
        "ncei_token_header",
        '$ curl -s -H "token:{v}" "https://www.ncei.noaa.gov/cdo-web/api/v2/data?datasetid=GHCND'
        '&stationid=GHCND:USW00014739&startdate=2024-01-01&enddate=2024-01-31&limit=1000"',
        letters,
    ),
    S(
        WX,
        "rnoaa_rprofile",
        '$ cat ~/.Rprofile\noptions(repos = c(CRAN = "https://cloud.r-project.org"))\noptions(noaakey = "{v}")',
        letters,
    ),
    S(
        WX,
        "ncei_k8s_secret_b64",
        "$ kubectl -n climate get secret ncei-cdo -o yaml\napiVersion: v1\ndata:\n  NCEI_TOKEN: {v}\nkind: Secret",
        b64_of(letters),
    ),
    S(
        WX,
        "cdsapirc_pat",
        "$ cat ~/.cdsapirc\nurl: https://cds.climate.copernicus.eu/api\nkey: {v}",
        uuid,
    ),
    S(
        WX,
        "cds_legacy_uid_key",
        'c = cdsapi.Client(url="https://ads.atmosphere.copernicus.eu/api/v2", key="{v}", quiet=True)',
        join(digits(6), ":", uuid),
    ),
    # ---- secrets: air quality
    S(
        WX,
        "airvisual_key_query",
        "requests.get('https://api.airvisual.com/v2/nearest_city?lat=13.7563&lon=100.5018&key={v}', timeout=10)",
        uuid,
    ),
    S(
        WX,
        "purpleair_x_api_key",
        '$ curl -s -H "X-API-Key: {v}" "https://api.purpleair.com/v1/sensors/{idx}?fields=pm2.5_atm,humidity"',
        v1_uuid(upper=True),
        idx=digits(6),
    ),
    S(
        WX,
        "purpleair_docker_env",
        "$ docker run -d --name paa-logger --restart unless-stopped -e PAA_WRITE_KEY={v}"
        " -v /srv/paa:/data ghcr.io/fieldcast/purpleair-logger:1.4",
        v1_uuid(upper=True),
    ),
    S(
        WX,
        "openaq_header",
        'res = requests.get("https://api.openaq.org/v3/locations/{loc}/latest", headers={"X-API-Key": "{v}"})',
        hexl(64),
        loc=digits(4),
    ),
    # ---- secrets: Windy, Open-Meteo, Storm Glass, Ambient Weather, Xweather, Weatherbit
    S(
        WX,
        "windy_post_body",
        '$ curl -s -X POST https://api.windy.com/api/point-forecast/v2 -H "Content-Type: application/json"'
        ' -d \'{"lat": 49.809, "lon": 16.787, "model": "gfs", "parameters": ["wind", "temp"],'
        ' "levels": ["surface"], "key": "{v}"}\'',
        b62(32),
    ),
    S(
        WX,
        "openmeteo_customer_apikey",
        "GET https://customer-api.open-meteo.com/v1/forecast?latitude=51.05&longitude=3.72"
        "&hourly=temperature_2m,precipitation&apikey={v} 200 OK 9ms",
        b62(16),
    ),
    S(
        WX,
        "stormglass_authorization",
        "const res = await fetch(`https://api.stormglass.io/v2/weather/point?lat=${lat}&lng=${lng}&params=waveHeight`, {\n"
        "  headers: { Authorization: '{v}' },\n});",
        stormglass_key,
    ),
    S(
        WX,
        "ambient_sdk_config",
        "const api = new AmbientWeatherApi({\n  apiKey: '{v}',\n  applicationKey: process.env.AMBIENT_APPLICATION_KEY,\n})",
        hexl(64),
    ),
    S(
        WX,
        "xweather_client_secret",
        "curl 'https://data.api.xweather.com/conditions/seattle,wa?format=json&client_id={cid}&client_secret={v}'",
        b62(40),
        cid=b62(21),
    ),
    S(
        WX,
        "weatherbit_client",
        ">>> from weatherbit.api import Api\n>>> api = Api('{v}')\n>>> api.set_granularity('daily')",
        hexl(32),
    ),
    # ---- look-alikes: placeholders and references
    L(
        WX,
        "owm_doc_placeholder",
        "https://api.openweathermap.org/data/2.5/weather?lat={lat}&lon={lon}&appid={v}",
        const("{API key}"),
    ),
    L(
        WX,
        "owm_env_ref",
        '$ curl -s "https://api.openweathermap.org/geo/1.0/direct?q=Ghent,BE&limit=1&appid={v}"',
        const("${OPENWEATHER_API_KEY}"),
    ),
    L(
        WX,
        "tomorrow_secret_param",
        'const TomorrowIoApiKey = defineSecret("TOMORROWIO_API_KEY");\nconst apiKey = {v};',
        const("TomorrowIoApiKey.value()"),
    ),
    L(
        WX,
        "visualcrossing_placeholder",
        "# .env.example\nVISUAL_CROSSING_KEY={v}\nVISUAL_CROSSING_UNIT_GROUP=metric",
        const("YOUR_API_KEY"),
    ),
    L(
        WX,
        "ncei_gha_ref",
        "      - name: Pull GHCND normals\n        env:\n          NCEI_TOKEN: {v}\n        run: python scripts/pull_normals.py",
        const("${{ secrets.NCEI_CDO_TOKEN }}"),
    ),
    L(
        WX,
        "cdsapirc_placeholder",
        "Create ~/.cdsapirc with two lines:\n    url: https://cds.climate.copernicus.eu/api\n    key: {v}",
        const("<PERSONAL-ACCESS-TOKEN>"),
    ),
    L(
        WX,
        "ha_secret_ref",
        "sensor:\n  - platform: openweathermap\n    api_key: {v}\n    monitored_conditions:\n      - temperature",
        const("!secret openweathermap_api_key"),
    ),
    L(
        WX,
        "windy_placeholder",
        'api = WindyAPI(api_key="{v}")  # 32-char Point Forecast key goes here',
        pick("x", 32),
    ),
    L(
        WX,
        "openaq_shell_ref",
        'curl --header "X-API-Key: {v}" "https://api.openaq.org/v3/sensors/3917/measurements?limit=100"',
        const("$OPENAQ_API_KEY"),
    ),
    # ---- look-alikes: masked and truncated
    L(
        WX,
        "weatherapi_masked",
        "WeatherAPI.com | plan: Free | calls this month: 41,208\nkey: {v}   [Regenerate]",
        masked(4, 31),
    ),
    L(
        WX,
        "stormglass_truncated_log",
        "🔑 API Key found: {v}...\n🌊 Wave Height: 1.62 m",
        join(hexl(8), "-", hexl(3)),
    ),
    L(
        WX,
        "meteomatics_username",
        "METEOMATICS_USERNAME={v}\nMETEOMATICS_PASSWORD_FILE=/run/secrets/meteomatics_password",
        const("harvestline_okafor_chidi"),
    ),
    # ---- look-alikes: public ids under key-sounding names
    L(
        WX,
        "accuweather_location_key",
        '[\n  {\n    "Version": 1,\n    "Key": "{v}",\n    "Type": "City",\n    "Rank": 21,\n    "LocalizedName": "Utrecht",',
        digits(6),
    ),
    L(
        WX,
        "ncei_station_id",
        "ncei.get_data(dataset='GHCND', station=['{v}'], datatype=['TMIN', 'TMAX'], startdate='2015-03-01')",
        join("GHCND:USW000", digits(5)),
    ),
    L(
        WX,
        "cds_request_id",
        "2024-11-05 10:12:33,101 INFO Request ID is {v}\n2024-11-05 10:12:33,214 INFO status has been updated to accepted",
        uuid,
    ),
    L(
        WX,
        "cds_cache_url",
        "2024-11-05 10:19:02,880 INFO Downloading https://object-store.os-api.cci2.ecmwf.int:443/cci2-prod-cache/"
        "{v}.grib to era5_t2m_2024.grib (412.6M)",
        hexl(32),
    ),
    L(
        WX,
        "ambient_mac_address",
        '  {\n    "macAddress": "{v}",\n    "lastData": {\n      "dateutc": 1726120260000,\n      "tempf": 63.1,',
        mac(),
    ),
    L(
        WX,
        "purpleair_sensor_index",
        "p.get_sensor_data(\"{v}\")\n{'api_version': 'V1.0.14-0.0.58', 'sensor': {'sensor_index': {v}, 'model': 'PA-II'",
        digits(6),
    ),
    L(
        WX,
        "cdsapi_url_env",
        "export CDSAPI_URL={v}\nexport CDSAPI_RC=$HOME/.config/cds/ads.cdsapirc",
        const("https://ads.atmosphere.copernicus.eu/api"),
    ),
    # ---- look-alikes: hashes and digests
    L(
        WX,
        "grib_sha256",
        "$ sha256sum era5_t2m_2024.grib\n{v}  era5_t2m_2024.grib",
        hexl(64),
    ),
    L(
        WX,
        "openmeteo_image_digest",
        "$ docker pull ghcr.io/open-meteo/open-meteo@sha256:{v}\nStatus: Image is up to date",
        hexl(64),
    ),
    L(
        WX,
        "sdk_commit_pin",
        "$ pip install 'git+https://github.com/fieldcast/pyncei-lite.git@{v}'\nSuccessfully installed pyncei-lite-0.3.1",
        hexl(40),
    ),
    L(
        WX,
        "tomorrow_request_id",
        '< HTTP/2 429\n< x-request-id: {v}\n< retry-after: 3\n{"code": 429001, "type": "Too Many Calls"}',
        uuid,
    ),
]
