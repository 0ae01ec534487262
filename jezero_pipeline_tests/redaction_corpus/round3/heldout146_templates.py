"""A hundred-and-forty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of EV charging and home energy management: OCPP 1.6J (the security
whitepaper's `AuthorizationKey` via ChangeConfiguration, HTTP Basic auth on the WebSocket upgrade,
Authorize `idTag`s, BootNotification serials) and OCPP 2.0.1 (`SecurityCtrlr.BasicAuthPassword`
via SetVariables, CertificateHashData), evcc (`evcc.yaml` with tariffs, vehicles, chargers, mqtt and
`sponsortoken`), Tibber (personal access tokens on the GraphQL API, pyTibber, home ids), Octopus
Energy (`sk_live_` API keys as the Basic-auth user, `obtainKrakenToken`, account numbers, MPANs,
tariff codes), the Tesla Fleet API (`ta-secret.` client secrets, RS256 access tokens, region-prefixed
refresh tokens, client ids, VINs, the partner public key), Smartcar (UUID client secrets and access
tokens, Connect URLs, vehicle ids), Enode (client-credentials on its OAuth endpoint, webhook
signatures), Easee, Zaptec and Wallbox (account passwords on their login endpoints and clients),
go-e Charger (the cloud API `token` query), myenergi (hub serial and API key under digest auth),
SolarEdge (monitoring `api_key`) and Home Assistant (long-lived access tokens, `!secret`, config
entry ids), in commands, config files, code and tool output, with the public ids, masks, references
and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 140 to 144):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: an OCPP `attributeValue` beside
`"variable": {"name": "BasicAuthPassword"}`, a Tesla refresh token `NA_<hex>` under `refresh:`
inside `tokens:`; written from memory).
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
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

EV = "evcharging"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
EC_SPKI_HEAD = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def ha_token(rng: random.Random) -> str:
    """A Home Assistant long-lived access token: HS256 JWT whose payload names the refresh-token id."""
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    payload = {"iss": hexl(32)(rng), "iat": iat, "exp": iat + 315_360_000}
    return f"{_b64url_json({'alg': 'HS256', 'typ': 'JWT'})}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def tesla_access_token(rng: random.Random) -> str:
    """A Fleet API third-party access token: RS256 JWT from fleet-auth."""
    iat = 1_710_000_000 + rng.randrange(30_000_000)
    head = {"alg": "RS256", "typ": "JWT", "kid": b64url(27)(rng)}
    payload = {
        "iss": "https://auth.tesla.com/oauth2/v3/nts",
        "azp": uuid(rng),
        "sub": uuid(rng),
        "aud": ["https://fleet-api.prd.na.vn.cloud.tesla.com", "https://auth.tesla.com/oauth2/v3/userinfo"],
        "scp": ["openid", "offline_access", "vehicle_device_data", "vehicle_charging_cmds"],
        "amr": ["pwd", "mfa", "otp"],
        "exp": iat + 28_800,
        "iat": iat,
        "ou_code": "NA",
        "locale": "en-US",
    }
    return f"{_b64url_json(head)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def sponsor_token(rng: random.Random) -> str:
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    payload = {"iss": "sponsor.evcc.io", "sub": rng.choice(("andig", "naltatis", "brightkite-ops")), "iat": iat}
    return f"{_b64url_json({'alg': 'ES256', 'typ': 'JWT'})}.{_b64url_json(payload)}.{b64url(86)(rng)}"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def vin(rng: random.Random) -> str:
    return join("5YJ3E1EA", digits(1), pick("LMNPR", 1), "F", digits(6))(rng)


ocpp_msg = uuid
cp_id = join("BKT-CP-", digits(4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 140 to 144")

TEMPLATES: list = [
    # ---- secrets: OCPP charge-point credentials
    S(
        EV,
        "ocpp16_authorization_key",
        '>>> [2,"{mid}","ChangeConfiguration",{"key":"AuthorizationKey","value":"{v}"}]',
        hexl(40),
        mid=ocpp_msg,
    ),
    S(
        EV,
        "ocpp201_basic_auth_password",
        '[2,"{mid}","SetVariables",{"setVariableData":[{"attributeType":"Actual","attributeValue":"{v}",'
        '"component":{"name":"SecurityCtrlr"},"variable":{"name":"BasicAuthPassword"}}]}]',
        password(24),
        mid=ocpp_msg,
    ),
    S(
        EV,
        "ocpp_ws_basic_header",
        '$ wscat -c wss://csms.brightkite.dev/ocpp/BKT-CP-0042 -s ocpp1.6 -H "Authorization: Basic {v}"',
        basic_auth("BKT-CP-0042", password(20)),
    ),
    S(
        EV,
        "ocpp_ws_url_credentials",
        '    async with websockets.connect(\n        "wss://{cp}:{v}@csms.brightkite.dev/ocpp/{cp}",\n'
        '        subprotocols=["ocpp1.6"],\n    ) as ws:',
        b62(24),
        cp=cp_id,
    ),
    # ---- secrets: evcc.yaml
    S(
        EV,
        "evcc_tibber_token",
        "$ cat /etc/evcc.yaml | sed -n '/^tariffs/,/^$/p'\ntariffs:\n  currency: NOK\n  grid:\n    type: tibber\n"
        "    token: {v}\n    homeid: {home}",
        b64url(43),
        home=uuid,
    ),
    S(EV, "evcc_sponsortoken", "network:\n  schema: http\n  port: 7070\nsponsortoken: {v}", sponsor_token),
    S(
        EV,
        "evcc_tesla_refresh_token",
        "vehicles:\n  - name: model3\n    type: template\n    template: tesla\n    title: Model 3\n"
        "    vin: {vin}\n    tokens:\n      access: ''\n      refresh: {v}\n    capacity: 75",
        join(lambda rng: rng.choice(("NA_", "EU_")), hexl(64)),
        vin=vin,
    ),
    S(
        EV,
        "evcc_mqtt_password",
        "mqtt:\n  broker: 192.168.1.20:1883\n  topic: evcc\n  user: evcc\n  password: {v}",
        password(18),
    ),
    S(
        EV,
        "evcc_easee_password",
        "chargers:\n  - name: garage\n    type: template\n    template: easee\n    user: ops@brightkite.dev\n"
        '    password: "{v}"\n    charger: {eh}',
        password(14),
        eh=join("EH", upper_alnum(6)),
    ),
    # ---- secrets: Tibber
    S(
        EV,
        "tibber_curl_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -X POST'
        ' -d \'{ "query": "{viewer {homes {id currentSubscription {priceInfo {current {total}}}}}}" }\''
        " https://api.tibber.com/v1-beta/gql",
        b64url(43),
    ),
    S(
        EV,
        "pytibber_client",
        'tibber_connection = tibber.Tibber("{v}", user_agent="brightkite-energy/0.4")\n'
        "await tibber_connection.update_info()",
        b64url(43),
    ),
    # ---- secrets: Octopus Energy
    S(
        EV,
        "octopus_curl_basic",
        '$ curl -u "{v}:" "https://api.octopus.energy/v1/electricity-meter-points/{mpan}/meters/{serial}'
        '/consumption/?period_from=2024-11-01T00:00Z&page_size=100"',
        join("sk_live_", b62(24)),
        mpan=digits(13),
        serial=join(digits(2), "L", digits(7)),
    ),
    S(
        EV,
        "octopus_kraken_mutation",
        '{"query": "mutation { obtainKrakenToken(input: {APIKey: \\"{v}\\"}) { token refreshToken } }"}',
        join("sk_live_", b62(24)),
    ),
    # ---- secrets: Tesla Fleet API
    S(
        EV,
        "tesla_client_secret",
        "$ curl --request POST --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  --data-urlencode 'grant_type=client_credentials' --data-urlencode 'client_id={cid}' \\\n"
        "  --data-urlencode 'client_secret={v}' \\\n"
        "  --data-urlencode 'scope=openid vehicle_device_data vehicle_charging_cmds' \\\n"
        "  --data-urlencode 'audience=https://fleet-api.prd.eu.vn.cloud.tesla.com' \\\n"
        "  'https://fleet-auth.prd.vn.cloud.tesla.com/oauth2/v3/token'",
        join("ta-secret.", b62(16)),
        cid=uuid,
    ),
    S(
        EV,
        "tesla_access_token_header",
        '$ curl -H "Authorization: Bearer {v}" https://fleet-api.prd.na.vn.cloud.tesla.com/api/1/vehicles/{vin}'
        "/vehicle_data?endpoints=charge_state",
        tesla_access_token,
        vin=vin,
    ),
    # ---- secrets: Smartcar
    S(
        EV,
        "smartcar_env_client_secret",
        "$ cat .env\nSMARTCAR_CLIENT_ID={cid}\nSMARTCAR_CLIENT_SECRET={v}\n"
        "SMARTCAR_REDIRECT_URI=http://localhost:8000/exchange",
        uuid,
        cid=uuid,
    ),
    S(
        EV,
        "smartcar_access_token_header",
        '$ curl "https://api.smartcar.com/v2.0/vehicles/{vid}/charge" -H "Authorization: Bearer {v}"',
        uuid,
        vid=uuid,
    ),
    # ---- secrets: Enode
    S(
        EV,
        "enode_client_credentials",
        '$ curl -X POST https://oauth.sandbox.enode.io/oauth2/token -u "{cid}:{v}" -d "grant_type=client_credentials"',
        b62(32),
        cid=uuid,
    ),
    S(
        EV,
        "enode_token_response",
        '{"access_token":"{v}","expires_in":3599,"scope":"","token_type":"bearer"}',
        join("ory_at_", b64url(43), ".", b64url(43)),
    ),
    # ---- secrets: charger vendor accounts
    S(
        EV,
        "easee_login_body",
        "$ curl -X POST https://api.easee.com/api/accounts/login -H 'content-type: application/*+json'"
        ' -d \'{"userName":"+4791234567","password":"{v}"}\'',
        password(14),
    ),
    S(
        EV,
        "zaptec_password_grant",
        "$ curl -X POST https://api.zaptec.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded'"
        ' -d "grant_type=password&username=ops%40brightkite.dev&password={v}"',
        b62(16),
    ),
    S(
        EV,
        "wallbox_python",
        'from wallbox import Wallbox\n\nw = Wallbox("ops@brightkite.dev", "{v}")\nw.authenticate()\n'
        "print(w.getChargerStatus({wid}))",
        password(16),
        wid=digits(5),
    ),
    S(
        EV,
        "goe_cloud_token",
        '$ curl -s "https://{serial}.api.v3.go-e.io/api/status?token={v}&filter=alw,car,amp,nrg"',
        b62(32),
        serial=digits(6),
    ),
    S(
        EV,
        "myenergi_digest",
        "$ curl --digest -u {serial}:{v} https://s18.myenergi.net/cgi-jstatus-Z",
        b62(24),
        serial=digits(8),
    ),
    S(
        EV,
        "solaredge_api_key",
        'resp = requests.get("https://monitoringapi.solaredge.com/site/{site}/overview", params={"api_key": "{v}"})',
        upper_alnum(32),
        site=digits(7),
    ),
    # ---- secrets: Home Assistant
    S(
        EV,
        "ha_long_lived_token",
        '$ curl -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        " http://homeassistant.local:8123/api/states/sensor.garage_charger_power",
        ha_token,
    ),
    # ---- look-alikes: OCPP identifiers and hashes
    L(EV, "ocpp_idtag", '[2,"{mid}","Authorize",{"idTag":"{v}"}]', hexu(14), mid=ocpp_msg),
    L(
        EV,
        "ocpp_message_id",
        '<<< [3,"{v}",{"status":"Accepted"}]   # reply to ChangeConfiguration AuthorizationKey',
        ocpp_msg,
    ),
    L(
        EV,
        "ocpp_cert_hash",
        '{"certificateType":"V2GRootCertificate","certificateHashData":{"hashAlgorithm":"SHA256",'
        '"issuerNameHash":"{v}","issuerKeyHash":"{ikh}","serialNumber":"{sn}"}}',
        hexl(64),
        ikh=hexl(64),
        sn=hexl(16),
    ),
    L(
        EV,
        "ocpp_boot_serial",
        '[2,"{mid}","BootNotification",{"chargePointVendor":"Brightkite","chargePointModel":"BK-22",'
        '"chargePointSerialNumber":"{v}","firmwareVersion":"2.4.1"}]',
        upper_alnum(14),
        mid=ocpp_msg,
    ),
    # ---- look-alikes: Tibber and evcc
    L(
        EV,
        "tibber_home_id",
        '{"data":{"viewer":{"homes":[{"id":"{v}","appNickname":"Vestgata 12"}]}}}',
        uuid,
    ),
    L(EV, "tibber_pass_ref", "export TIBBER_TOKEN={v}", const("$(pass show energy/tibber-token)")),
    L(
        EV,
        "evcc_placeholder",
        "tariffs:\n  grid:\n    type: tibber\n    token: {v} # create one at developer.tibber.com\n    homeid: # optional",
        const("YOUR_TIBBER_TOKEN"),
    ),
    L(
        EV,
        "evcc_image_digest",
        "$ docker pull evcc/evcc:latest\nlatest: Pulling from evcc/evcc\nDigest: sha256:{v}\n"
        "Status: Downloaded newer image for evcc/evcc:latest",
        hexl(64),
    ),
    # ---- look-alikes: Octopus Energy
    L(
        EV,
        "octopus_account_number",
        '$ curl -u "$OCTOPUS_API_KEY:" https://api.octopus.energy/v1/accounts/{v}/',
        join("A-", upper_alnum(8)),
    ),
    L(
        EV,
        "octopus_mpan",
        '      "electricity_meter_points": [\n        {\n          "mpan": "{v}",\n'
        '          "profile_class": 1,\n          "meters": [{"serial_number": "{serial}"}]',
        digits(13),
        serial=join(digits(2), "P", digits(7)),
    ),
    L(
        EV,
        "octopus_masked_key",
        '  "data": {\n    "api_key": "{v}",\n    "account_id": "**REDACTED**"\n  },',
        join("sk_live_", const("*" * 20), b62(4)),
    ),
    L(
        EV,
        "octopus_tariff_code",
        '{"tariff_code": "{v}", "valid_from": "2024-10-01T00:00:00+01:00", "valid_to": null}',
        join("E-1R-AGILE-24-10-01-", pick("ABCDEFGHJKLMNP", 1)),
    ),
    # ---- look-alikes: Tesla Fleet API
    L(EV, "tesla_vin", "vehicles:\n  - name: model3\n    template: tesla\n    vin: {v}", vin),
    L(
        EV,
        "tesla_client_id",
        "TESLA_CLIENT_ID={v}\nTESLA_CLIENT_SECRET=${TESLA_CLIENT_SECRET:?set in vault}",
        uuid,
    ),
    L(
        EV,
        "tesla_public_key",
        "$ cat public/.well-known/appspecific/com.tesla.3p.public-key.pem\n-----BEGIN PUBLIC KEY-----\n{v}\n"
        "-----END PUBLIC KEY-----",
        join(EC_SPKI_HEAD, b64(28), "\n", b64(58), "=="),
    ),
    # ---- look-alikes: Smartcar and Enode
    L(
        EV,
        "smartcar_connect_client_id",
        "Open https://connect.smartcar.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Fexchange&scope=read_battery%20read_charge&mode=simulated",
        uuid,
    ),
    L(
        EV,
        "smartcar_vehicle_id",
        '$ curl "https://api.smartcar.com/v2.0/vehicles/{v}/battery" -H "Authorization: Bearer $SMARTCAR_ACCESS_TOKEN"',
        uuid,
    ),
    L(
        EV,
        "enode_webhook_signature",
        "POST /webhooks/enode HTTP/1.1\nContent-Type: application/json\nX-Enode-Signature: {v}\n"
        "X-Enode-Delivery: {did}",
        join("sha256=", hexl(64)),
        did=uuid,
    ),
    L(
        EV,
        "enode_gha_secret_ref",
        "      - run: npm run sync-vehicles\n        env:\n          ENODE_CLIENT_ID: ${{ vars.ENODE_CLIENT_ID }}\n"
        "          ENODE_CLIENT_SECRET: {v}",
        const("${{ secrets.ENODE_CLIENT_SECRET }}"),
    ),
    # ---- look-alikes: charger vendors
    L(
        EV,
        "easee_charger_id",
        '$ curl -H "Authorization: Bearer $EASEE_ACCESS_TOKEN" https://api.easee.com/api/chargers/{v}/state',
        join("EH", upper_alnum(6)),
    ),
    L(
        EV,
        "zaptec_installation_id",
        "zaptec:\n  username: ops@brightkite.dev\n  password: !env_var ZAPTEC_PASSWORD\n  installation_id: {v}",
        uuid,
    ),
    L(
        EV,
        "goe_placeholder",
        "# Cloud API: https://<serial>.api.v3.go-e.io/api/status?token=<token>\nGOE_SERIAL=123456\nGOE_TOKEN={v}",
        const("x" * 32),
    ),
    # ---- look-alikes: Home Assistant
    L(
        EV,
        "ha_secret_ref",
        "sensor:\n  - platform: tibber_prices\n    access_token: {v}\n    scan_interval: 300",
        const("!secret tibber_access_token"),
    ),
    L(
        EV,
        "ha_entry_id",
        '    {\n      "entry_id": "{v}",\n      "domain": "octopus_energy",\n      "title": "Octopus Energy",\n'
        '      "source": "user",',
        join("01J", pick(CROCKFORD, 23)),
    ),
]
