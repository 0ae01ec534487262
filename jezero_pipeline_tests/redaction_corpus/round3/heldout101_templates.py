"""A hundred-and-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of government and open-data APIs: api.data.gov's developer manual
(40-character keys in the `X-Api-Key` header, the `api_key` query parameter or as a basic-auth
username, `DEMO_KEY`) as used by NREL, api.nasa.gov and USDA FoodData Central; the US Census API
(`&key=` and tidycensus' `census_api_key(..., install = TRUE)`); FRED (32-character lower-case keys,
fredapi, `.Renviron`); the BLS Public Data API v2 (`registrationkey` in a JSON body); EIA APIv2
(`api_key` in the URL only); Socrata / Tyler Data & Insights (`X-App-Token`, `$$app_token`, API key
id and secret through sodapy's basic auth, 4x4 dataset ids); Companies House (a UUID key as the
basic-auth username with an empty password); OpenCorporates (`api_token`); GOV.UK Notify (keys of
the form `{key_name}-{service_id}-{secret}`, the HS256 bearer JWT signed from them, template and
service ids); CKAN portals such as catalog.data.gov and data.gov.uk (`ckanapi -a`, JWT API tokens
and older UUID keys); data.europa.eu's hub-repo (`X-API-Key`, service-account client secrets);
SEC EDGAR's declared `User-Agent`, CIKs and accession numbers; and Login.gov through oauth2-proxy
(`private_key_jwt` keys, `urn:gov:gsa:openidconnect.profiles:sp:sso:…` client ids, JWKS moduli),
in commands, config files, code and tool output, with the public ids the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 95 to 99):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: a key as `census_api_key(…)`'s
argument, a GOV.UK Notify key of a name and two UUIDs as `NotificationsAPIClient(…)`'s).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    uuid,
)

OD = "opendata"

RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def ckan_jwt(rng: random.Random) -> str:
    """A CKAN 2.9+ API token: an HS256 JWT whose payload carries `jti` and `iat`."""
    head = _b64url_json({"typ": "JWT", "alg": "HS256"})
    body = _b64url_json({"jti": b64url(43)(rng), "iat": 1700000000 + rng.randrange(40000000)})
    return f"{head}.{body}.{b64url(43)(rng)}"


def notify_jwt(rng: random.Random) -> str:
    """The bearer token a Notify client signs with its key's secret: `iss` is the service id."""
    head = _b64url_json({"typ": "JWT", "alg": "HS256"})
    body = _b64url_json({"iss": uuid(rng), "iat": 1700000000 + rng.randrange(40000000)})
    return f"{head}.{body}.{b64url(43)(rng)}"


def notify_key(name: str):
    """`{key_name}-{service_id}-{secret_key}`: two UUIDs behind the key's name."""
    return join(name, "-", uuid, "-", uuid)


def rsa_pem_body(rng: random.Random) -> str:
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(20)(rng) + "=="]
    return "\n".join(lines)


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


socrata_4x4 = groups(lower_alnum(4), 2)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 95 to 99")

TEMPLATES = [
    # ---- secrets: api.data.gov keys (NREL, NASA, FoodData Central)
    S(
        OD,
        "api_data_gov_header",
        "$ curl -s -H 'X-Api-Key: {v}' 'https://developer.nrel.gov/api/alt-fuel-stations/v1/nearest.json"
        "?latitude=39.74&longitude=-104.99&fuel_type=ELEC&limit=3' | jq '.fuel_stations[].station_name'",
        b62(40),
    ),
    S(
        OD,
        "nasa_api_key_query",
        '$ curl -s "https://api.nasa.gov/neo/rest/v1/feed?start_date=2024-03-11&end_date=2024-03-14&api_key={v}"'
        " -o neo_feed.json",
        b62(40),
    ),
    S(
        OD,
        "fdc_params",
        'resp = requests.post(\n    "https://api.nal.usda.gov/fdc/v1/foods/search",\n'
        '    params={"api_key": "{v}"},\n    json={"query": "cheddar cheese", "dataType": ["Foundation"], "pageSize": 25},\n'
        "    timeout=30,\n)",
        b62(40),
    ),
    S(
        OD,
        "api_data_gov_basic_user",
        "$ curl -u '{v}:' 'https://developer.nrel.gov/api/utility_rates/v3.json?lat=35.45&lon=-82.98'",
        b62(40),
    ),
    # ---- secrets: statistical agencies
    S(
        OD,
        "census_api_key_install",
        '> library(tidycensus)\n> census_api_key("{v}", install = TRUE, overwrite = TRUE)\n'
        "Your original .Renviron will be backed up and stored in your R HOME directory if needed.",
        hexl(40),
    ),
    S(
        OD,
        "census_url_key",
        "GET https://api.census.gov/data/2022/acs/acs5?get=NAME,B19013_001E&for=county:*&in=state:08&key={v}"
        " -> 200 OK (65 rows)",
        hexl(40),
    ),
    S(
        OD,
        "fredapi_client",
        "from fredapi import Fred\n\nfred = Fred(api_key='{v}')\nunrate = fred.get_series('UNRATE', observation_start='2015-01-01')",
        hexl(32),
    ),
    S(
        OD,
        "fred_renviron",
        "$ cat ~/.Renviron\nR_LIBS_USER=~/R/library\nFRED_API_KEY={v}\nTZ=America/Chicago",
        lower_alnum(32),
    ),
    S(
        OD,
        "bls_registrationkey",
        "$ curl -s -X POST -H 'Content-type: application/json' https://api.bls.gov/publicAPI/v2/timeseries/data/ \\\n"
        '    -d \'{"seriesid": ["CUUR0000SA0", "LNS14000000"], "startyear": "2015", "endyear": "2024",'
        ' "calculations": true, "registrationkey": "{v}"}\'',
        hexl(32),
    ),
    S(
        OD,
        "eia_api_key_url",
        "[fetch] GET https://api.eia.gov/v2/petroleum/pri/spt/data/?api_key={v}&frequency=daily"
        "&data[0]=value&facets[series][]=RWTC&start=2024-01-01 (200, 5000 rows)",
        b62(40),
    ),
    # ---- secrets: Socrata / Tyler Data & Insights
    S(
        OD,
        "socrata_app_token_header",
        "$ curl -s --header 'X-App-Token: {v}' 'https://data.cityofchicago.org/resource/{ds}.json?$limit=5&$order=date DESC'",
        b62(25),
        ds=socrata_4x4,
    ),
    S(
        OD,
        "socrata_app_token_query",
        "    url: https://data.sfgov.org/resource/{ds}.csv?$$app_token={v}&$where=incident_year=2024",
        b62(25),
        ds=socrata_4x4,
    ),
    S(
        OD,
        "sodapy_api_key_secret",
        'client = Socrata(\n    "data.cityofnewyork.us",\n    os.environ["SOCRATA_APP_TOKEN"],\n'
        '    username="{kid}",\n    password="{v}",\n    timeout=60,\n)',
        b62(50),
        kid=lower_alnum(25),
    ),
    # ---- secrets: Companies House, OpenCorporates
    S(
        OD,
        "companies_house_basic",
        "$ curl -s -u {v}: https://api.company-information.service.gov.uk/company/{num}/officers | jq '.total_results'",
        uuid,
        num=digits(8),
    ),
    S(
        OD,
        "companies_house_ruby",
        "client = CompaniesHouse::Client.new(api_key: '{v}')\nprofile = client.company('{num}')",
        uuid,
        num=digits(8),
    ),
    S(
        OD,
        "opencorporates_api_token",
        "GET https://api.opencorporates.com/v0.4/companies/search?q=brightkite&jurisdiction_code=gb&api_token={v}",
        b62(20),
    ),
    S(
        OD,
        "opencorporates_yaml",
        "sources:\n  opencorporates:\n    base_url: https://api.opencorporates.com/v0.4\n    api_token: {v}\n    per_page: 100",
        b62(20),
    ),
    # ---- secrets: GOV.UK Notify
    S(OD, "notify_env", "NOTIFY_API_KEY={v}", notify_key("prod_reminders")),
    S(
        OD,
        "notify_python_client",
        "from notifications_python_client.notifications import NotificationsAPIClient\n\n"
        'notify = NotificationsAPIClient("{v}")',
        notify_key("staging_team_key"),
    ),
    S(
        OD,
        "notify_bearer_jwt",
        "> POST /v2/notifications/email HTTP/1.1\n> Host: api.notifications.service.gov.uk\n"
        "> Authorization: Bearer {v}\n> Content-Type: application/json",
        notify_jwt,
    ),
    # ---- secrets: CKAN portals, data.europa.eu
    S(
        OD,
        "ckanapi_cli_token",
        "$ ckanapi action package_patch -r https://catalog.data.gov -a {v} id=county-broadband-2024 notes@notes.md",
        ckan_jwt,
    ),
    S(
        OD,
        "ckan_remote_apikey",
        "ckan = ckanapi.RemoteCKAN('https://data.gov.uk', apikey='{v}', user_agent='dgu-harvest/1.4')",
        uuid,
    ),
    S(
        OD,
        "data_europa_x_api_key",
        "$ curl -X PUT 'https://data.europa.eu/api/hub/repo/catalogues/brightkite-open/datasets/origin?originalId=air-quality-2024'"
        " -H 'Content-Type: text/turtle' -H 'X-API-Key: {v}' --data-binary @dataset.ttl",
        b64url(36),
    ),
    S(
        OD,
        "data_europa_client_secret",
        "$ curl -s -X POST https://data.europa.eu/auth/middleware/login/service -H 'Content-Type: application/json'"
        ' -d \'{"client_id": "svc-brightkite-open", "client_secret": "{v}"}\'',
        b62(32),
    ),
    # ---- secrets: Login.gov behind oauth2-proxy
    S(
        OD,
        "logingov_jwt_key",
        "$ cat /etc/oauth2-proxy/logingov-key.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        rsa_pem_body,
    ),
    S(
        OD,
        "oauth2_proxy_cookie_secret",
        "      - --provider=login.gov\n      - --cookie-secret={v}\n      - --email-domain=*",
        b64url(32),
    ),
    # ---- look-alikes: documented demo keys, placeholders and references
    L(
        OD,
        "demo_key",
        "$ curl -H 'X-Api-Key: {v}' 'https://developer.nrel.gov/api/alt-fuel-stations/v1.json?limit=1'",
        const("DEMO_KEY"),
    ),
    L(
        OD,
        "api_key_placeholder",
        "https://developer.nrel.gov/api/alt-fuel-stations/v1.json?limit=1&api_key={v}",
        const("YOUR_KEY_HERE"),
    ),
    L(
        OD,
        "fred_example_key",
        "# .env.example: copy to .env and put your own key in\nFRED_API_KEY={v}",
        interleaved(32),
    ),
    L(
        OD,
        "census_env_ref",
        'url = f"https://api.census.gov/data/2022/acs/acs5?get=NAME,B01001_001E&for=state:*&key={v}"',
        const("{os.environ['CENSUS_API_KEY']}"),
    ),
    L(
        OD,
        "masked_key",
        "[secrets] loaded NASA_API_KEY from 1Password (value {v}, 40 chars)",
        join("************************************", b62(4)),
    ),
    L(
        OD,
        "gha_secret_ref",
        "        env:\n          SOCRATA_APP_TOKEN: {v}\n          SOCRATA_KEY_SECRET: ${{ secrets.SOCRATA_KEY_SECRET }}",
        const("${{ secrets.SOCRATA_APP_TOKEN }}"),
    ),
    L(
        OD,
        "companies_house_placeholder",
        "# .env.sample\nCOMPANIES_HOUSE_API_KEY={v}\nCOMPANIES_HOUSE_API_URL=https://api.company-information.service.gov.uk",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        OD,
        "notify_key_placeholder",
        "Your API key will look like this:\n{v}",
        const("my_test_key-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    # ---- look-alikes: public resource ids
    L(
        OD,
        "socrata_dataset_id",
        "$ curl -s 'https://data.cityofchicago.org/api/views/{v}.json' | jq '.name, .rowsUpdatedAt'",
        socrata_4x4,
    ),
    L(
        OD,
        "bls_series_id",
        'payload = {"seriesid": ["{v}"], "startyear": "2019", "endyear": "2024", "registrationkey": os.environ["BLS_KEY"]}',
        join("LAUCN", digits(5), "000000000", digits(1)),
    ),
    L(
        OD,
        "company_number",
        '  "company_name": "BRIGHTKITE LABS LTD",\n  "company_number": "{v}",\n  "company_status": "active",',
        digits(8),
    ),
    L(
        OD,
        "notify_template_id",
        'notify.send_email_notification(\n    email_address=user.email,\n    template_id="{v}",\n'
        '    personalisation={"first_name": user.first_name},\n)',
        uuid,
    ),
    L(
        OD,
        "notify_service_id",
        "NOTIFY_SERVICE_ID={v}\nNOTIFY_API_KEY=${NOTIFY_API_KEY:?set in the vault}",
        uuid,
    ),
    L(
        OD,
        "ckan_package_id",
        '$ ckanapi action package_show id=county-broadband-2024 -r https://catalog.data.gov | jq .id\n"{v}"',
        uuid,
    ),
    L(
        OD,
        "ckan_resource_hash",
        '      "format": "CSV",\n      "hash": "{v}",\n      "mimetype": "text/csv",',
        hexl(64),
    ),
    L(
        OD,
        "data_europa_dataset_id",
        "GET https://data.europa.eu/api/hub/search/datasets/{v}?locale=en -> 200 (12 distributions)",
        uuid,
    ),
    # ---- look-alikes: SEC EDGAR
    L(
        OD,
        "sec_user_agent",
        'HEADERS = {"User-Agent": "{v}", "Accept-Encoding": "gzip, deflate"}',
        const("Brightkite Research data-ops@brightkite.dev"),
    ),
    L(
        OD,
        "sec_cik",
        "$ curl -s -A \"$SEC_USER_AGENT\" https://data.sec.gov/submissions/CIK{v}.json | jq '.name'",
        join("000", digits(7)),
    ),
    L(
        OD,
        "sec_accession",
        "  form: 10-K  filed: 2024-02-02  accession: {v}  primary: brk-20231231.htm",
        join("000", digits(7), "-24-", digits(6)),
    ),
    # ---- look-alikes: Login.gov public values
    L(
        OD,
        "logingov_client_id",
        "      - --provider=login.gov\n      - --client-id={v}\n      - --jwt-key-file=/etc/oauth2-proxy/logingov-key.pem",
        join("urn:gov:gsa:openidconnect.profiles:sp:sso:", const("doe"), ":", const("brightkite_grants")),
    ),
    L(
        OD,
        "jwks_modulus",
        '{"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "{kid}", "n": "{v}", "e": "AQAB"}]}',
        b64url(342),
        kid=hexl(64),
    ),
    L(
        OD,
        "cert_fingerprint",
        "$ openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        OD,
        "commit_sha",
        "$ git log -1 --format=%H -- config/logingov.yml\n{v}",
        hexl(40),
    ),
    L(
        OD,
        "non_secret_named_password",
        "# socrata.ini\n[auth]\nkey_id_env = SOCRATA_KEY_ID\npassword_env = {v}\ndomain = data.cityofnewyork.us",
        const("SOCRATA_KEY_SECRET"),
    ),
]
