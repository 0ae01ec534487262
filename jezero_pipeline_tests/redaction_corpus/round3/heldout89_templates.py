"""An eighty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of vehicle telematics, fleet and home-energy APIs: Samsara
(`samsara_api_` tokens as a Bearer header and in a Kubernetes Secret, numeric vehicle ids),
Geotab MyGeotab (`mygeotab.API(username, password, database)`, the `sessionId` of an Authenticate
result, GO device serial numbers), Motive/KeepTruckin (a company key in the `X-Api-Key` header, the
dashboard's masked key), Smartcar (UUID client ids and secrets in `smartcar.AuthClient`, UUID
access tokens, UUID vehicle ids in URLs, the Connect URL), the Tesla Fleet API (`ta-secret.` client
secrets in a client-credentials request, `NA_` refresh tokens, the EC P-256 virtual-key private key
beside the public key served under `/.well-known/appspecific/`, VINs, the `vehicle-command` proxy
image digest), Enode (Basic client credentials on the OAuth token endpoint, the webhook secret,
the `Enode-User-Id` header), Enphase Enlighten v4 (the `?key=` application key, the hexadecimal
client id in the authorize URL, a local IQ Gateway JWT, gateway serial numbers), SolarEdge
monitoring (32-character `api_key` in URLs and a client constructor, inverter serials, a
placeholder key), Octopus Energy (`sk_live_` keys as a Basic-auth username and in `evcc.yaml`,
`A-` account numbers, MPANs, a masked key), Sense (a `t1.v2.` access token, its refresh token, a
truncated token in a log), Emporia Vue through PyEmVue (the password, a Cognito refresh token in
`keys.json`, the public user pool and app client ids), the ChargePoint SOAP web services (a WS-Security
password, station ids), and OCPP 1.6 backends (the `AuthorizationKey` in a ChangeConfiguration
frame, HTTP Basic on the websocket handshake, a password in a `wss://` URL, a masked key in
GetConfiguration, a BootNotification serial), with env-var and secret-store references beside them.

First score, blind, before any rule changed for it (after the rules for 80 to 84):
24 of 26 secrets caught, 1 of 23 look-alikes altered (missed: a Geotab `sessionId` in an
authentication result's `credentials`, a Tesla client secret ending in `!`; altered: a Sense token
cut short with `…`).
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
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

TM = "telematics"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_auth(user, secret):
    """base64(user:secret); `user` and `secret` are makers or literal strings."""

    def make(rng: random.Random) -> str:
        u = user if isinstance(user, str) else user(rng)
        s = secret if isinstance(secret, str) else secret(rng)
        return base64.b64encode(f"{u}:{s}".encode()).decode()

    return make


def sense_access_token(rng: random.Random) -> str:
    """Sense's `t1.v2.` prefix before an HS512 JWT."""
    user_id = rng.randrange(100000, 999999)
    payload = {
        "iss": "Sense Inc",
        "exp": 1735000000 + rng.randrange(10**7),
        "userId": user_id,
        "accountId": user_id + rng.randrange(1, 5000),
        "roles": "user",
        "dhash": hexl(5)(rng),
    }
    return "t1.v2." + _b64url_json({"alg": "HS512"}) + "." + _b64url_json(payload) + "." + b64url(86)(rng)


def envoy_jwt(rng: random.Random) -> str:
    """An ES256 token for a local IQ Gateway, as Enlighten's Entrez service issues it."""
    now = 1730000000 + rng.randrange(10**7)
    payload = {
        "aud": "1221" + digits(8)(rng),
        "iss": "Entrez",
        "enphaseUser": "owner",
        "exp": now + 31536000,
        "iat": now,
        "jti": uuid(rng),
        "username": "ops@voltline.dev",
    }
    header = {"kid": hexl(64)(rng), "typ": "JWT", "alg": "ES256"}
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(86)(rng)


def cognito_refresh_token(rng: random.Random) -> str:
    """An AWS Cognito refresh token: a five-part JWE (RSA-OAEP, A256GCM)."""
    header = _b64url_json({"cty": "JWT", "enc": "A256GCM", "alg": "RSA-OAEP"})
    return ".".join([header, b64url(342)(rng), b64url(16)(rng), b64url(1163)(rng), b64url(22)(rng)])


def ec_private_key_body(rng: random.Random) -> str:
    """The base64 body of a SEC1 P-256 private key (121 DER bytes), in 64-character lines."""
    body = (
        "MHcCAQEEI"
        + rng.choice("ABCDEFGHIJKLMNOP")
        + b64(42)(rng)
        + "oAoGCCqGSM49AwEHoUQDQgAE"
        + b64(85)(rng)
        + rng.choice("AQgw")
        + "=="
    )
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def ec_public_key_body(rng: random.Random) -> str:
    """The base64 body of a P-256 SubjectPublicKeyInfo (91 DER bytes), in 64-character lines."""
    body = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + b64(85)(rng) + rng.choice("AQgw") + "=="
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def num(n: int):
    """A decimal number of n digits without a leading zero."""
    return join(pick("123456789", 1), digits(n - 1))


vin = join("5YJ3E7EB", digits(1), pick("NPRS", 1), "F", digits(6))
ta_secret = join("ta-secret.", pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@%_-", 16))
octopus_key = join("sk_live_", b62(24))
samsara_token = join("samsara_api_", b62(30))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 23, "the rules for 80 to 84")

TEMPLATES: list = [
    # ---- secrets: fleet telematics
    S(
        TM,
        "samsara_bearer",
        "$ curl -s 'https://api.samsara.com/fleet/vehicles/stats?types=gps,engineStates' \\\n"
        "    -H \"Authorization: Bearer {v}\" | jq '.data[0].gps'",
        samsara_token,
    ),
    S(
        TM,
        "samsara_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: samsara-sync\n  namespace: fleet\ntype: Opaque\n"
        'stringData:\n  SAMSARA_API_TOKEN: {v}\n  SAMSARA_ORG_ID: "{org}"',
        samsara_token,
        org=digits(7),
    ),
    S(
        TM,
        "geotab_password",
        'client = mygeotab.API(username="fleet-sync@haulwise.io", password="{v}", database="haulwise_prod")\n'
        "client.authenticate()",
        password(16),
    ),
    S(
        TM,
        "geotab_session_id",
        '{"result":{"credentials":{"database":"haulwise_prod","sessionId":"{v}",'
        '"userName":"fleet-sync@haulwise.io"},"path":"my{srv}.geotab.com"},"jsonrpc":"2.0"}',
        b64url(22),
        srv=digits(4),
    ),
    S(
        TM,
        "motive_api_key",
        '$ curl -s "https://api.gomotive.com/v1/vehicle_locations?per_page=100&page_no=1" \\\n'
        '    -H "X-Api-Key: {v}" -H "Accept: application/json"',
        uuid,
    ),
    S(
        TM,
        "smartcar_client_secret",
        "client = smartcar.AuthClient(\n"
        '    client_id="{cid}",\n'
        '    client_secret="{v}",\n'
        '    redirect_uri="https://fleetdash.voltline.dev/exchange",\n'
        '    mode="live",\n)',
        uuid,
        cid=uuid,
    ),
    S(
        TM,
        "smartcar_access_token",
        ">>> access = client.exchange_code(code)\n>>> access\n"
        "Access(access_token='{v}', token_type='Bearer', expires_in=7200, "
        "expiration=datetime.datetime(2025, 3, 14, 18, 2, 11), refresh_expiration=datetime.datetime(2025, 5, 13, 16, 2, 11))",
        uuid,
    ),
    S(
        TM,
        "tesla_client_secret",
        "$ curl --request POST https://fleet-auth.prd.vn.cloud.tesla.com/oauth2/v3/token \\\n"
        "    --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    --data-urlencode 'grant_type=client_credentials' \\\n"
        "    --data-urlencode 'client_id={cid}' \\\n"
        "    --data-urlencode 'client_secret={v}' \\\n"
        "    --data-urlencode 'scope=openid vehicle_device_data vehicle_cmds vehicle_charging_cmds' \\\n"
        "    --data-urlencode 'audience=https://fleet-api.prd.na.vn.cloud.tesla.com'",
        ta_secret,
        cid=uuid,
    ),
    S(
        TM,
        "tesla_refresh_token",
        "$ jq '{token_type, expires_in, refresh_token}' ~/.config/voltline/tesla-token.json\n"
        '{\n  "token_type": "Bearer",\n  "expires_in": 28800,\n  "refresh_token": "{v}"\n}',
        join("NA_", hexl(64)),
    ),
    S(
        TM,
        "tesla_fleet_private_key",
        "$ cat config/fleet-key.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_private_key_body,
    ),
    # ---- secrets: energy platforms
    S(
        TM,
        "enode_basic_client_credentials",
        "$ curl -s -X POST https://oauth.production.enode.io/oauth2/token \\\n"
        '    -H "Authorization: Basic {v}" \\\n'
        "    -d grant_type=client_credentials",
        basic_auth(uuid, hexl(40)),
    ),
    S(
        TM,
        "enode_webhook_secret",
        "$ curl -s -X POST https://enode-api.production.enode.io/webhooks \\\n"
        '    -H "Authorization: Bearer $ENODE_TOKEN" -H "Content-Type: application/json" \\\n'
        '    -d \'{"url":"https://ingest.voltline.dev/hooks/enode","secret":"{v}","apiVersion":"2024-10-01"}\'',
        hexl(48),
    ),
    S(
        TM,
        "enphase_api_key_query",
        "GET https://api.enphaseenergy.com/api/v4/systems/{sys}/telemetry/production_micro?key={v}&granularity=day\n"
        "Authorization: Bearer $ENPHASE_ACCESS_TOKEN",
        hexl(32),
        sys=num(7),
    ),
    S(
        TM,
        "envoy_local_jwt",
        '$ curl -sk -H "Accept: application/json" -H "Authorization: Bearer {v}" https://envoy.local/ivp/meters/readings',
        envoy_jwt,
    ),
    S(
        TM,
        "solaredge_api_key_url",
        "Fetching https://monitoringapi.solaredge.com/site/{site}/overview.json?api_key={v}\nHTTP 200 OK (412 bytes)",
        upper_alnum(32),
        site=num(7),
    ),
    S(
        TM,
        "solaredge_client_ctor",
        'import solaredge\n\nse = solaredge.Solaredge("{v}")\nprint(se.get_overview({site}))',
        upper_alnum(32),
        site=num(7),
    ),
    S(
        TM,
        "octopus_basic_user",
        "$ curl -s -u \"{v}:\" https://api.octopus.energy/v1/accounts/A-{acct}/ | jq '.properties[0].electricity_meter_points'",
        octopus_key,
        acct=hexu(8),
    ),
    S(
        TM,
        "octopus_evcc_yaml",
        "tariffs:\n  currency: GBP\n  grid:\n    type: template\n    template: octopus-api\n    apiKey: {v}\n"
        "    accountNumber: A-{acct}\n    tariffDirection: import",
        octopus_key,
        acct=hexu(8),
    ),
    S(
        TM,
        "sense_access_token",
        '$ curl -s https://api.sense.com/apiservice/api/v1/authenticate -d email=ops@voltline.dev -d "password=$SENSE_PASSWORD" \\\n'
        "    | jq '{authorized, user_id, access_token}'\n"
        '{\n  "authorized": true,\n  "user_id": {uid},\n  "access_token": "{v}"\n}',
        sense_access_token,
        uid=num(6),
    ),
    S(
        TM,
        "sense_refresh_token_systemd",
        "[Service]\nType=simple\nUser=sense\n"
        'Environment="SENSE_USER_ID={uid}"\nEnvironment="SENSE_REFRESH_TOKEN={v}"\n'
        "ExecStart=/opt/sense-exporter/bin/sense-exporter --listen :9617",
        b64(48),
        uid=num(6),
    ),
    S(
        TM,
        "emporia_password",
        "vue = PyEmVue()\nvue.login(username='ops@voltline.dev', password='{v}', token_storage_file='keys.json')",
        password(14),
    ),
    S(
        TM,
        "emporia_cognito_refresh",
        "$ jq '{username, refresh_token}' keys.json\n"
        '{\n  "username": "ops@voltline.dev",\n  "refresh_token": "{v}"\n}',
        cognito_refresh_token,
    ),
    # ---- secrets: charging-station backends
    S(
        TM,
        "chargepoint_wsse_password",
        '<soapenv:Header>\n  <wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">\n'
        "    <wsse:UsernameToken>\n      <wsse:Username>{user}</wsse:Username>\n"
        '      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{v}</wsse:Password>\n'
        "    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>",
        hexl(32),
        user=hexl(55),
    ),
    S(
        TM,
        "ocpp_authorization_key",
        '>>> [2,"{mid}","ChangeConfiguration",{"key":"AuthorizationKey","value":"{v}"}]\n'
        '<<< [3,"{mid}",{"status":"Accepted"}]',
        hexu(40),
        mid=uuid,
    ),
    S(
        TM,
        "ocpp_basic_handshake",
        "GET /ocpp/CP-AMS-0142 HTTP/1.1\nHost: csms.voltline.dev\nUpgrade: websocket\nConnection: Upgrade\n"
        "Sec-WebSocket-Protocol: ocpp1.6\nAuthorization: Basic {v}",
        basic_auth("CP-AMS-0142", password(24)),
    ),
    S(
        TM,
        "ocpp_url_password",
        "  csms_url: wss://CP-UTR-{cp}:{v}@csms.voltline.dev/ocpp/CP-UTR-{cp}\n  security_profile: 2\n  heartbeat_interval: 300",
        b62(32),
        cp=digits(4),
    ),
    # ---- look-alikes: public ids
    L(
        TM,
        "samsara_vehicle_id",
        '  {\n    "id": "{v}",\n    "name": "Truck 214",\n    "gps": {"latitude": 41.8781, "longitude": -87.6298, '
        '"time": "2025-02-11T14:03:22Z"}\n  }',
        join("2814749", digits(8)),
    ),
    L(
        TM,
        "geotab_go_serial",
        ">>> client.get(\"Device\", name=\"Truck 214\")\n[{'id': 'b3A', 'name': 'Truck 214', 'serialNumber': '{v}', "
        "'deviceType': 'GO9', 'vehicleIdentificationNumber': '1FTFW1E50PFA{tail}'}]",
        join("G9", hexu(10)),
        tail=digits(5),
    ),
    L(
        TM,
        "smartcar_vehicle_id",
        '$ curl -s "https://api.smartcar.com/v2.0/vehicles/{v}/odometer" -H "Authorization: Bearer $SMARTCAR_ACCESS_TOKEN"',
        uuid,
    ),
    L(
        TM,
        "smartcar_connect_client_id",
        "Redirecting to https://connect.smartcar.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Ffleetdash.voltline.dev%2Fexchange&scope=read_odometer%20read_battery&mode=live",
        uuid,
    ),
    L(
        TM,
        "tesla_client_id",
        "export TESLA_CLIENT_ID={v}\nexport TESLA_CLIENT_SECRET=\"$(op read 'op://fleet/tesla/secret')\"",
        uuid,
    ),
    L(
        TM,
        "tesla_vin",
        '{"response":[{"id":{vid},"vehicle_id":{vid2},"vin":"{v}","display_name":"Ops Model 3","state":"online"}],"count":1}',
        vin,
        vid=num(16),
        vid2=num(10),
    ),
    L(
        TM,
        "tesla_public_key",
        "$ curl -s https://fleet.voltline.dev/.well-known/appspecific/com.tesla.3p.public-key.pem\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        ec_public_key_body,
    ),
    L(
        TM,
        "proxy_image_digest",
        "    image: tesla/vehicle-command@sha256:{v}\n    command: ['-tls-key', '/config/tls-key.pem', '-key-file', '/config/fleet-key.pem']",
        hexl(64),
    ),
    L(
        TM,
        "tesla_token_env_ref",
        '$ curl -s -H "Authorization: Bearer {v}" https://fleet-api.prd.na.vn.cloud.tesla.com/api/1/vehicles',
        const("$TESLA_AUTH_TOKEN"),
    ),
    L(
        TM,
        "enode_user_id",
        '$ curl -s https://enode-api.production.enode.io/vehicles -H "Authorization: Bearer $ENODE_TOKEN" -H "Enode-User-Id: {v}"',
        uuid,
    ),
    L(
        TM,
        "enphase_client_id",
        "Open this URL to authorize the app:\n"
        "https://api.enphaseenergy.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https://api.enphaseenergy.com/oauth/redirect_uri",
        hexl(32),
    ),
    L(
        TM,
        "envoy_serial",
        '{"system_id": {sys}, "name": "Voltline HQ", "envoy_sn": "{v}", "status": "normal", "modules": 24}',
        join("1221", digits(8)),
        sys=num(7),
    ),
    L(
        TM,
        "solaredge_placeholder_key",
        "# usage: python se_overview.py\nSOLAREDGE_SITE_ID={site}\nSOLAREDGE_API_KEY={v}  # replace with the key from Admin > Site Access",
        const("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
        site=num(7),
    ),
    L(
        TM,
        "solaredge_inverter_serial",
        '{"reporters": {"count": 1, "list": [{"name": "Inverter 1", "manufacturer": "SolarEdge", '
        '"model": "SE5000H-RW000BEN4", "serialNumber": "{v}"}]}}',
        join(hexu(8), "-", hexu(2)),
    ),
    L(
        TM,
        "octopus_account_mpan",
        "OCTOPUS_ACCOUNT={v}\nOCTOPUS_MPAN={mpan}\nOCTOPUS_METER_SERIAL=21L{serial}\nOCTOPUS_API_KEY=${OCTOPUS_API_KEY:?set in .env.local}",
        join("A-", hexu(8)),
        mpan=digits(13),
        serial=digits(7),
    ),
    L(
        TM,
        "octopus_masked_key",
        "2025-02-11 07:30:02 INFO (MainThread) [custom_components.octopus_energy] Account A-{acct} loaded, api key {v}",
        join("sk_live_", const("********************"), b62(4)),
        acct=hexu(8),
    ),
    L(
        TM,
        "sense_truncated_log",
        "DEBUG:sense_energy.asyncsenseable:authenticated user {uid}, token {v}",
        const("t1.v2.eyJhbGciOiJIUzUxMiJ9…"),
        uid=num(6),
    ),
    L(
        TM,
        "cognito_app_client_id",
        "config = {\n    'user_pool_id': 'us-east-2_{pool}',\n    'client_id': '{v}',\n    'region': 'us-east-2',\n"
        "    'emporia_username': os.environ['EMPORIA_USER'],\n    'emporia_password': os.environ['EMPORIA_PASSWORD'],\n}",
        lower_alnum(26),
        pool=b62(9),
    ),
    L(
        TM,
        "chargepoint_station_id",
        ">>> client.service.getLoad(searchQuery={'stationID': '{v}'})\n{'responseCode': '100', 'stationData': [{'stationLoad': Decimal('6.632')}]}",
        join("1:", digits(6)),
    ),
    L(
        TM,
        "ocpp_masked_key",
        '<<< [3,"{mid}",{"configurationKey":[{"key":"AuthorizationKey","readonly":false,"value":"{v}"},'
        '{"key":"SecurityProfile","readonly":false,"value":"2"}]}]',
        const("****************************************"),
        mid=uuid,
    ),
    L(
        TM,
        "ocpp_boot_serial",
        '>>> [2,"{mid}","BootNotification",{"chargePointVendor":"Alfen BV","chargePointModel":"NG920-61023",'
        '"chargePointSerialNumber":"{v}","firmwareVersion":"6.4.0-4210"}]',
        join("ACE", digits(7)),
        mid=uuid,
    ),
    L(
        TM,
        "gha_secret_ref",
        "      - name: Nightly fleet sync\n        env:\n          SAMSARA_API_TOKEN: {v}\n"
        "          GEOTAB_PASSWORD: ${{ secrets.GEOTAB_PASSWORD }}\n        run: python -m fleetsync --since 24h",
        const("${{ secrets.SAMSARA_API_TOKEN }}"),
    ),
    L(
        TM,
        "motive_masked_key",
        "| Name          | API Key                                | Mode | Created    |\n"
        "| fleetsync-prd | {v} | Live | 2024-11-02 |",
        join("********-****-****-****-********", hexl(4)),
    ),
]
