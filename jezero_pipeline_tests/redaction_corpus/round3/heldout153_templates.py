"""A hundred-and-fifty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of energy, solar and utility data APIs: Octopus Energy's REST API
(`sk_live_` keys sent as the HTTP Basic username with an empty password, `A-XXXXXXXX` account
numbers, 13-digit MPANs, meter serials) and its Kraken GraphQL `obtainKrakenToken` mutation;
SolarEdge's monitoring API (32-character upper-case `api_key` in the query string, numeric site
ids, inverter serials); Enphase's Enlighten Systems API v4 (32-hex `key` beside an OAuth bearer,
client id/secret sent as HTTP Basic to `/oauth/token`) and the IQ Gateway's Entrez-minted ES256
JWT; Tesla's Fleet API (partner `client_credentials` token request with a `ta-secret.` client
secret, `NA_` refresh tokens, UUID client ids, the EC public key served from
`/.well-known/appspecific/com.tesla.3p.public-key.pem`, VINs); Tibber's GraphQL personal access
token and pyTibber; Electricity Maps' `auth-token` header and Home Assistant's co2signal config
entry; WattTime v3 (`/login` with HTTP Basic, a 30-minute HS256 JWT); UtilityAPI (`access_token`
query parameter or Bearer header, numeric uids); EIA open data v2 (`api_key` query parameter, the
R package's `eia_set_key`); PVOutput (`X-Pvoutput-Apikey` / `X-Pvoutput-SystemId` headers);
Solcast rooftop sites (api key, `xxxx-xxxx-xxxx-xxxx` resource ids, evcc's `solcast` template);
aWATTar's token as the userinfo of the API URL; Emporia Vue through pyemvue (`keys.json`,
Cognito JWE refresh tokens, user pool id); Sense through sense_energy's `Senseable.authenticate`;
and Home Assistant (long-lived access tokens as HS256 JWTs, `rest_command` headers, `!secret`,
diagnostics' `**REDACTED**`), in commands, config files, code and tool output, with the public
ids the same documentation shows beside them. Lengths the documentation did not state (Tesla's
`ta-secret.` suffix, aWATTar's token, Solcast's and UtilityAPI's keys, Enphase's v4 key) were
written from what the vendors' published examples and client libraries show, not from any scanner.

First score, blind, before any rule changed for it (after the rules for 145 to 149):
27 of 27 secrets caught, 1 of 23 look-alikes altered (altered: a JWT cut short inside its header,
before `…`).
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
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

EN = "energy"

EC_SPKI_HEAD = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"
JWE_HEAD = "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ"


def _b64u(data: dict) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def jwt(header, claims, sig_len: int):
    """A signed JWT: the header (a dict, or built from the random source), claims built from the random
    source, and a random signature."""

    def make(rng: random.Random) -> str:
        head = header(rng) if callable(header) else header
        return _b64u(head) + "." + _b64u(claims(rng)) + "." + b64url(sig_len)(rng)

    return make


def _iat(rng: random.Random) -> int:
    return 1_717_000_000 + rng.randrange(20_000_000)


def ha_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {"iss": hexl(32)(rng), "iat": iat, "exp": iat + 315_360_000}


def entrez_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "aud": digits(12)(rng),
        "iss": "Entrez",
        "enphaseUser": "owner",
        "exp": iat + 31_536_000,
        "iat": iat,
        "jti": uuid(rng),
        "username": "solar@fernhill-farm.co.uk",
    }


def watttime_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {"username": "gridshift-ops", "iat": iat, "exp": iat + 1800, "iss": "WattTime", "role": "customer"}


def kraken_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "sub": "kraken|account-user:" + digits(7)(rng),
        "gty": "API-KEY",
        "tokenUse": "access",
        "iss": "https://api.octopus.energy/v1/graphql/",
        "iat": iat,
        "exp": iat + 3600,
        "origIat": iat,
    }


def basic_auth(user, secret):
    def make(rng: random.Random) -> str:
        u = user if isinstance(user, str) else user(rng)
        return base64.b64encode(f"{u}:{secret(rng)}".encode()).decode()

    return make


HS256 = {"alg": "HS256", "typ": "JWT"}

octopus_key = join("sk_live_", b62(24))
mpan = digits(13)
meter_serial = join(digits(2), "L", digits(7))
solcast_resource = groups(hexl(4), 4)
emporia_refresh = join(JWE_HEAD, ".", b64url(342), ".", b64url(22), ".", b64url(812), ".", b64url(22))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (27, 27, 1, 23, "the rules for 145 to 149")

TEMPLATES: list = [
    # ---- secrets: Octopus Energy / Kraken
    S(
        EN,
        "octopus_basic_user",
        '$ curl -s -u "{v}:" "https://api.octopus.energy/v1/electricity-meter-points/{mpan}/meters/{serial}'
        '/consumption/?period_from=2024-11-01T00:00Z&group_by=day" | jq .count',
        octopus_key,
        mpan=mpan,
        serial=meter_serial,
    ),
    S(
        EN,
        "octopus_graphql_apikey",
        "$ curl -s https://api.octopus.energy/v1/graphql/ -H 'Content-Type: application/json' \\\n"
        '    -d \'{"query": "mutation { obtainKrakenToken(input: {APIKey: \\"{v}\\"}) { token refreshExpiresIn } }"}\'',
        octopus_key,
    ),
    S(
        EN,
        "kraken_token_output",
        '{"data":{"obtainKrakenToken":{"token":"{v}","refreshExpiresIn":{exp}}}}',
        jwt(HS256, kraken_claims, 43),
        exp=join("17", digits(8)),
    ),
    S(
        EN,
        "octopus_ha_secret",
        "# secrets.yaml\noctopus_api_key: {v}\noctopus_account: A-{acct}",
        octopus_key,
        acct=upper_alnum(8),
    ),
    # ---- secrets: SolarEdge
    S(
        EN,
        "solaredge_query_key",
        '$ curl -s "https://monitoringapi.solaredge.com/site/{site}/overview?api_key={v}&format=json"',
        upper_alnum(32),
        site=digits(7),
    ),
    S(
        EN,
        "solaredge_client_code",
        "se_client = Client()\nse_client.set_api_key('{v}')\nequipment = se_client.equipment.get_site_equipment('{site}')",
        upper_alnum(32),
        site=digits(7),
    ),
    # ---- secrets: Enphase
    S(
        EN,
        "enphase_v4_key",
        '$ curl -s "https://api.enphaseenergy.com/api/v4/systems/{sys}/summary?key={v}" \\\n'
        '    -H "Authorization: Bearer $ENPHASE_ACCESS_TOKEN"',
        hexl(32),
        sys=digits(7),
    ),
    S(
        EN,
        "enphase_oauth_basic",
        '$ curl -X POST "https://api.enphaseenergy.com/oauth/token?grant_type=refresh_token&refresh_token=$REFRESH" \\\n'
        '    -H "Authorization: Basic {v}"',
        basic_auth(hexl(32), hexl(32)),
    ),
    S(
        EN,
        "envoy_entrez_jwt",
        "$ curl -sk https://192.168.1.{oct}/ivp/meters/readings -H 'Accept: application/json' \\\n"
        "    -H 'Authorization: Bearer {v}'",
        jwt(lambda rng: {"kid": hexl(64)(rng), "typ": "JWT", "alg": "ES256"}, entrez_claims, 86),
        oct=digits(2),
    ),
    # ---- secrets: Tesla Fleet API
    S(
        EN,
        "tesla_partner_secret",
        "curl --request POST --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  --data-urlencode 'grant_type=client_credentials' \\\n"
        '  --data-urlencode "client_id={cid}" \\\n'
        "  --data-urlencode 'client_secret={v}' \\\n"
        "  --data-urlencode 'audience=https://fleet-api.prd.eu.vn.cloud.tesla.com' \\\n"
        "  'https://auth.tesla.com/oauth2/v3/token'",
        join("ta-secret.", b62(16)),
        cid=uuid,
    ),
    S(
        EN,
        "tesla_refresh_token",
        '{\n  "refresh_token": "{v}",\n  "id_token_type": "none",\n  "expires_in": 28800,\n  "token_type": "Bearer"\n}',
        join("NA_", hexl(64)),
    ),
    # ---- secrets: Tibber
    S(
        EN,
        "tibber_bearer",
        "$ curl -s https://api.tibber.com/v1-beta/gql -H 'Authorization: Bearer {v}' \\\n"
        "    -H 'Content-Type: application/json' -d '{\"query\": \"{viewer {homes {id appNickname}}}\"}'",
        b64url(43),
    ),
    S(
        EN,
        "pytibber_client",
        'tibber_connection = tibber.Tibber("{v}", user_agent="heatpump-scheduler/0.4")\n'
        "await tibber_connection.update_info()",
        b64url(43),
    ),
    # ---- secrets: Electricity Maps
    S(
        EN,
        "electricitymaps_header",
        '$ curl -s "https://api.electricitymap.org/v3/carbon-intensity/latest?zone=DE" -H "auth-token: {v}"',
        b62(20),
    ),
    S(
        EN,
        "co2signal_config_entry",
        '        "domain": "co2signal",\n        "title": "CO2 Signal",\n'
        '        "data": {\n          "api_key": "{v}",\n          "location": "country_code",\n'
        '          "country_code": "NL"\n        },',
        b62(20),
    ),
    # ---- secrets: WattTime
    S(
        EN,
        "watttime_login_password",
        "$ curl -s -u 'gridshift-ops:{v}' https://api.watttime.org/login",
        password(16),
    ),
    S(
        EN,
        "watttime_login_token",
        '$ curl -s -u "gridshift-ops:$WATTTIME_PASSWORD" https://api.watttime.org/login\n{"token":"{v}"}',
        jwt({"typ": "JWT", "alg": "HS256"}, watttime_claims, 43),
    ),
    # ---- secrets: UtilityAPI, EIA, PVOutput, Solcast, aWATTar
    S(
        EN,
        "utilityapi_query_token",
        "$ curl -s 'https://utilityapi.com/api/v2/authorizations?access_token={v}&include=meters' | jq '.authorizations[].uid'",
        hexl(32),
    ),
    S(
        EN,
        "eia_url_key",
        "GET https://api.eia.gov/v2/electricity/rto/region-data/data/?api_key={v}"
        "&frequency=hourly&data[0]=value&facets[respondent][]=ERCO&length=5000 -> 200 OK",
        b62(40),
    ),
    S(
        EN,
        "eia_r_key",
        'library(eia)\neia_set_key("{v}")\nd <- eia_data("electricity/retail-sales", data = "price")',
        b62(40),
    ),
    S(
        EN,
        "pvoutput_headers",
        "requests.post('https://pvoutput.org/service/r2/addstatus.jsp', data=payload,\n"
        "              headers={'X-Pvoutput-Apikey': '{v}', 'X-Pvoutput-SystemId': '{sid}'})",
        hexl(40),
        sid=digits(5),
    ),
    S(
        EN,
        "solcast_evcc_token",
        "tariffs:\n  solar:\n    - type: template\n      template: solcast\n      site: {site}\n      token: {v}",
        b64url(32),
        site=solcast_resource,
    ),
    S(
        EN,
        "awattar_url_userinfo",
        "HTTP input URL: http://{v}:@api.awattar.com/v1/marketdata/current.yaml",
        lower_alnum(32),
    ),
    # ---- secrets: Emporia, Sense, Home Assistant
    S(
        EN,
        "emporia_keys_json",
        '$ cat keys.json\n{\n    "username": "meters@kestrel-house.net",\n    "password": "{v}"\n}',
        password(14),
    ),
    S(
        EN,
        "emporia_refresh_token",
        "vue.login(id_token=data['id_token'],\n          access_token=data['access_token'],\n"
        "          refresh_token='{v}',\n          token_storage_file='keys.json')",
        emporia_refresh,
    ),
    S(
        EN,
        "sense_authenticate",
        'sense = Senseable()\nsense.authenticate("energy@kestrel-house.net", "{v}")\nsense.update_realtime()',
        password(18),
    ),
    S(
        EN,
        "ha_long_lived_token",
        "rest_command:\n  pause_charger:\n    url: http://homeassistant.local:8123/api/services/switch/turn_off\n"
        "    method: POST\n    headers:\n      authorization: 'Bearer {v}'",
        jwt(HS256, ha_claims, 43),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        EN,
        "octopus_account_number",
        "$ curl -s -u \"$OCTOPUS_API_KEY:\" https://api.octopus.energy/v1/accounts/{v}/ | jq '.properties[0].id'",
        join("A-", upper_alnum(8)),
    ),
    L(
        EN,
        "octopus_mpan",
        '    "electricity_meter_points": [\n      {\n        "mpan": "{v}",\n'
        '        "meters": [{"serial_number": "{serial}"}],',
        mpan,
        serial=meter_serial,
    ),
    L(
        EN,
        "solaredge_site_id",
        '$ curl -s "https://monitoringapi.solaredge.com/site/{v}/energy?timeUnit=DAY&api_key=$SOLAREDGE_API_KEY"',
        digits(7),
    ),
    L(
        EN,
        "solaredge_inverter_serial",
        '{"reporters":{"count":1,"list":[{"name":"Inverter 1","manufacturer":"SolarEdge",'
        '"model":"SE5000H-RW000BNN4","serialNumber":"{v}"}]}}',
        join(upper_alnum(8), "-", upper_alnum(2)),
    ),
    L(
        EN,
        "enphase_client_id_authorize",
        "Open https://api.enphaseenergy.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https://api.enphaseenergy.com/oauth/redirect_uri in a browser and sign in",
        hexl(32),
    ),
    L(
        EN,
        "envoy_serial",
        '$ curl -sk https://envoy.local/info.xml | grep -o "<sn>.*</sn>"\n<sn>{v}</sn>',
        digits(12),
    ),
    L(
        EN,
        "enphase_masked_key",
        '[enlighten] using app "rooftop-dash" api_key={v} system_id={sys}',
        join("****************************", hexl(4)),
        sys=digits(7),
    ),
    L(EN, "tesla_client_id", "TESLA_CLIENT_ID={v}\nTESLA_CLIENT_SECRET=${TESLA_CLIENT_SECRET:?set in vault}", uuid),
    L(
        EN,
        "tesla_public_key",
        "$ curl -s https://fleet.gridshift.app/.well-known/appspecific/com.tesla.3p.public-key.pem\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        join(EC_SPKI_HEAD, b64(28), "\n", b64(58), "=="),
    ),
    L(
        EN,
        "tesla_vin",
        '$ curl -s -H "Authorization: Bearer $TESLA_ACCESS_TOKEN" '
        "https://fleet-api.prd.eu.vn.cloud.tesla.com/api/1/vehicles/{v}/vehicle_data | jq .response.charge_state",
        join("5YJ3E1EA", digits(1), "PF", digits(6)),
    ),
    L(
        EN,
        "tibber_home_id",
        'query { viewer { home(id: "{v}") { currentSubscription { priceInfo { current { total startsAt } } } } } }',
        uuid,
    ),
    L(
        EN,
        "tibber_placeholder",
        "# .env.example\nTIBBER_TOKEN={v}\nTIBBER_HOME_ID=",
        const("<your-personal-access-token>"),
    ),
    L(
        EN,
        "electricitymaps_env_ref",
        'headers = {"auth-token": {v}}\nresp = requests.get(BASE + "/power-breakdown/latest", params={"zone": "DK-DK1"}, headers=headers)',
        const('os.environ["ELECTRICITYMAPS_TOKEN"]'),
    ),
    L(
        EN,
        "watttime_truncated_token",
        "2024-11-04 09:12:44 INFO watttime: login ok, token {v} (expires in 30 min), region=CAISO_NORTH",
        const("eyJ0eXAiOiJKV1Qi…"),
    ),
    L(
        EN,
        "utilityapi_meter_uid",
        '$ curl -s -X POST -H "Authorization: Bearer $UTILITYAPI_TOKEN" https://utilityapi.com/api/v2/meters/{v}/collect',
        digits(6),
    ),
    L(
        EN,
        "eia_gha_secret_ref",
        "      - name: Pull EIA retail prices\n        env:\n          EIA_API_KEY: {v}\n        run: python scripts/eia_pull.py",
        const("${{ secrets.EIA_API_KEY }}"),
    ),
    L(EN, "pvoutput_system_id", "X-Pvoutput-Apikey: $PVOUTPUT_KEY\nX-Pvoutput-SystemId: {v}", digits(5)),
    L(
        EN,
        "solcast_resource_id",
        '$ curl -s -H "Authorization: Bearer $SOLCAST_API_KEY" '
        '"https://api.solcast.com.au/rooftop_sites/{v}/forecasts?format=json&hours=48"',
        solcast_resource,
    ),
    L(
        EN,
        "emporia_user_pool",
        "DEBUG pyemvue.auth: cognito user pool {v}, region us-east-2, device_gid {gid}",
        join("us-east-2_", b62(9)),
        gid=digits(6),
    ),
    L(
        EN,
        "ha_secret_ref",
        "sensor:\n  - platform: octopus_agile\n    api_key: {v}\n    region: C",
        const("!secret octopus_api_key"),
    ),
    L(
        EN,
        "ha_diagnostics_redacted",
        '  "entry": {\n    "domain": "tibber",\n    "data": {\n      "access_token": "{v}"\n    },',
        const("**REDACTED**"),
    ),
    L(
        EN,
        "pip_hash",
        "pyemvue==0.18.6 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        EN,
        "hacs_commit",
        "Downloaded BottlecapDave/HomeAssistant-OctopusEnergy at commit {v} into custom_components/octopus_energy",
        hexl(40),
    ),
]
