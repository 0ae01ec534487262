"""A hundred-and-thirty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of smart-home hubs and automation tools: Hubitat's Maker API
(`/apps/api/<app id>/...?access_token=<uuid>` on the hub and on cloud.hubitat.com, the pyhubitat
`MakerAPI(token, url)` client), SmartThings personal access tokens (a UUID, passed as `--token` to the
CLI or kept under `token:` in its config.yaml) and SmartApp client secrets, Homey (the colon-separated
three-part local API key from the Web App, the Athom cloud `clientId`/`clientSecret`), openHAB API tokens
(`oh.<name>.<random>` as a Bearer, as the Basic-auth username with an empty password) and the openHAB Cloud
connector's `uuid`/`secret` files, Philips Hue bridges (the 40-character application key as a v1 URL path
segment and as the v2 `hue-application-key` header, the 32-hex `clientkey` from `generateclientkey`),
ioBroker's `system.config` secret, Node-RED (`credentialSecret` in settings.js, plaintext
`flows_cred.json`), Tuya (IoT platform Access ID/Secret, token responses, tinytuya's `tinytuya.json` and
device local keys), Shelly Cloud (`auth_key` in `/device/status` requests and in ShellyForHASS config),
ecobee (`v1.` refresh tokens in token responses and in `ecobee.conf`), Google Nest Device Access (`GOCSPX-`
OAuth client secrets, `ya29.` access tokens) and Home Assistant long-lived access tokens (HS256 JWTs), in
commands, config files, code and tool output, with the public ids the same documentation shows beside them:
device, location, project and resource UUIDs, Hue bridge ids and Zigbee unique ids, Shelly device ids, Tuya
device ids, request signatures and access ids, OAuth client ids, Node-RED node ids, ecobee thermostat
identifiers, placeholders, secret-store and environment references, a truncated token preview and a checksum.

First score, blind, before any rule changed for it (after the rules for 125 to 129):
24 of 26 secrets caught, 2 of 26 look-alikes altered (missed: a Hubitat token (a UUID) as
`MakerAPI(…)`'s first argument before the hub's URL, a Hue username as a URL path segment after
`/api/`; altered: a Tuya access id as a client's second argument, a shell's substring
`${HA_TOKEN:0:10}`).
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
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

SH = "smarthome"

HA_JWT_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def _b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ha_llat(rng: random.Random) -> str:
    """A Home Assistant long-lived access token: an HS256 JWT whose issuer is a refresh-token id."""
    iat = rng.randrange(1_650_000_000, 1_720_000_000)
    payload = {"iss": hexl(32)(rng), "iat": iat, "exp": iat + 315_360_000}
    body = _b64url_nopad(json.dumps(payload, separators=(",", ":")).encode())
    return f"{HA_JWT_HEADER}.{body}.{b64url(43)(rng)}"


def zigbee_uniqueid(rng: random.Random) -> str:
    h = hexl(8)(rng)
    return "00:17:88:01:" + ":".join(h[i : i + 2] for i in range(0, 8, 2)) + "-0b"


hue_app_key = pick(B62 + "-", 40)
homey_local_key = join(uuid, ":", uuid, ":", hexl(40))
openhab_token = join("oh.", const("grafana"), ".", b62(86))
ecobee_refresh = join("v1.", b64url(45))
nest_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
shelly_key = join("M", b62(71))
tuya_device_id = join("bf", lower_alnum(20))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 26, "the rules for 125 to 129")

TEMPLATES: list = [
    # ---- secrets: Hubitat Maker API
    S(
        SH,
        "hubitat_maker_url",
        "$ curl -s 'http://192.168.1.40/apps/api/{app}/devices/all?access_token={v}' | jq '.[].label'",
        uuid,
        app=join("1", digits(2)),
    ),
    S(
        SH,
        "hubitat_maker_client",
        "from pyhubitat import MakerAPI\nph = MakerAPI('{v}', 'https://192.168.1.40/apps/api/{app}')\n"
        "print(ph.send_command(6, 'setLevel', 50))",
        uuid,
        app=join("2", digits(1)),
    ),
    # ---- secrets: SmartThings
    S(
        SH,
        "smartthings_cli_token_flag",
        "$ smartthings devices:status {dev} --token {v} --json | jq '.components.main.switch'",
        uuid,
        dev=uuid,
    ),
    S(
        SH,
        "smartthings_cli_config",
        "$ cat ~/.config/@smartthings/cli/config.yaml\ndefault:\n  token: {v}\n  indent: 2",
        uuid,
    ),
    S(
        SH,
        "smartthings_smartapp_secret",
        "$ smartthings apps:oauth:generate {app} --json\n{\n"
        '  "name": "porchlight-webhook",\n  "clientId": "{cid}",\n  "clientSecret": "{v}"\n}',
        uuid,
        app=uuid,
        cid=uuid,
    ),
    # ---- secrets: Homey
    S(
        SH,
        "homey_local_api_key",
        '$ echo "{v}" | homeycli auth set-local --address http://192.168.1.61 --stdin',
        homey_local_key,
    ),
    S(
        SH,
        "athom_client_secret",
        "const cloudApi = new AthomCloudAPI({\n  clientId: '{cid}',\n  clientSecret: '{v}',\n"
        "  redirectUrl: 'http://localhost:3000/oauth2/callback',\n});",
        hexl(40),
        cid=hexl(24),
    ),
    # ---- secrets: openHAB
    S(
        SH,
        "openhab_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" http://openhab.lan:8080/rest/items/LivingRoom_Temperature/state',
        openhab_token,
    ),
    S(
        SH,
        "openhab_basic_username",
        "$ curl -s -u '{v}:' -X POST -H 'Content-Type: text/plain' -d ON http://openhab.lan:8080/rest/items/Porch_Light",
        openhab_token,
    ),
    S(
        SH,
        "openhab_cloud_secret",
        "$ sudo cat /var/lib/openhab/openhabcloud/secret\n{v}",
        b62(20),
    ),
    # ---- secrets: Philips Hue
    S(
        SH,
        "hue_v2_header",
        "$ curl -sk https://192.168.1.20/clip/v2/resource/light -H 'hue-application-key: {v}' | jq '.data | length'",
        hue_app_key,
    ),
    S(
        SH,
        "hue_v1_url_path",
        '$ curl -s -X PUT http://192.168.1.20/api/{v}/lights/3/state -d \'{"on":true,"bri":200}\'',
        hue_app_key,
    ),
    S(
        SH,
        "hue_clientkey",
        '$ curl -sk -X POST https://192.168.1.20/api -d \'{"devicetype":"hue-sync#nuc","generateclientkey":true}\'\n'
        '[{"success":{"username":"{user}","clientkey":"{v}"}}]',
        hexu(32),
        user=hue_app_key,
    ),
    # ---- secrets: ioBroker and Node-RED
    S(
        SH,
        "iobroker_system_secret",
        '$ iobroker object get system.config --pretty | grep -A3 native\n  "native": {\n    "secret": "{v}"\n  },',
        hexl(64),
    ),
    S(
        SH,
        "nodered_credential_secret",
        '    // Encryption key for flows_cred.json; do not change once set\n    credentialSecret: "{v}",\n'
        "    flowFile: 'flows.json',",
        password(24),
    ),
    S(
        SH,
        "nodered_cred_plaintext_ha",
        '$ cat ~/.node-red/flows_cred.json\n{\n    "{node}": {\n        "host": "http://homeassistant.local:8123",\n'
        '        "access_token": "{v}"\n    }\n}',
        ha_llat,
        node=hexl(16),
    ),
    # ---- secrets: Tuya
    S(
        SH,
        "tinytuya_json",
        '$ cat tinytuya.json\n{\n    "apiKey": "{aid}",\n    "apiSecret": "{v}",\n    "apiRegion": "eu",\n'
        '    "apiDeviceID": "{dev}"\n}',
        lower_alnum(32),
        aid=lower_alnum(20),
        dev=tuya_device_id,
    ),
    S(
        SH,
        "tuya_local_key",
        "d = tinytuya.OutletDevice('{dev}', '192.168.1.57', '{v}', version=3.3)\nprint(d.status())",
        password(16),
        dev=tuya_device_id,
    ),
    S(
        SH,
        "tuya_token_response",
        '{"result":{"access_token":"{v}","expire_time":7200,"refresh_token":"{rt}","uid":"bay{uid}"},'
        '"success":true,"t":17180{t}}',
        hexl(32),
        rt=hexl(32),
        uid=digits(13),
        t=digits(8),
    ),
    # ---- secrets: Shelly Cloud
    S(
        SH,
        "shelly_auth_key_body",
        '$ curl -s -X POST https://shelly-103-eu.shelly.cloud/device/status -d "id={dev}&auth_key={v}"',
        shelly_key,
        dev=hexl(12),
    ),
    S(
        SH,
        "shelly_hass_config",
        'shelly:\n  cloud_auth_key: "{v}"\n  cloud_server: "shelly-103-eu.shelly.cloud"\n  discovery: true',
        shelly_key,
    ),
    # ---- secrets: ecobee
    S(
        SH,
        "ecobee_token_response",
        '{\n  "access_token": "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{body}.{sig}",\n  "token_type": "Bearer",\n'
        '  "expires_in": 3599,\n  "refresh_token": "{v}",\n  "scope": "smartWrite"\n}',
        ecobee_refresh,
        body=b64url(180),
        sig=b64url(86),
    ),
    S(
        SH,
        "ecobee_conf",
        '$ cat /config/ecobee.conf\n{"API_KEY": "{key}", "ACCESS_TOKEN": "", "REFRESH_TOKEN": "{v}", '
        '"AUTHORIZATION_CODE": ""}',
        ecobee_refresh,
        key=b62(32),
    ),
    # ---- secrets: Google Nest Device Access
    S(
        SH,
        "nest_client_secret",
        "$ curl -s -X POST https://www.googleapis.com/oauth2/v4/token -d client_id={cid} -d client_secret={v}"
        " -d refresh_token=$NEST_REFRESH_TOKEN -d grant_type=refresh_token",
        join("GOCSPX-", b64url(28)),
        cid=nest_client_id,
    ),
    S(
        SH,
        "nest_access_token",
        "$ curl -s https://smartdevicemanagement.googleapis.com/v1/enterprises/{proj}/devices"
        " -H 'Content-Type: application/json' -H 'Authorization: Bearer {v}'",
        join("ya29.a0", b64url(170)),
        proj=uuid,
    ),
    # ---- secrets: Home Assistant
    S(
        SH,
        "ha_llat_yaml",
        "rest_command:\n  porch_on:\n    url: http://localhost:8123/api/services/light/turn_on\n"
        "    method: POST\n    headers:\n      authorization: 'Bearer {v}'\n    payload: '{\"entity_id\": \"light.porch\"}'",
        ha_llat,
    ),
    # ---- look-alikes: device, location, project and resource ids
    L(
        SH,
        "hubitat_hub_uid",
        '$ curl -s "https://cloud.hubitat.com/api/{v}/apps/117/devices/42/on?access_token=$HUBITAT_TOKEN"',
        uuid,
    ),
    L(
        SH,
        "smartthings_device_id",
        "$ smartthings devices:commands {v} switch:switch:on\n───────────────────────\n Command accepted",
        uuid,
    ),
    L(
        SH,
        "smartthings_location_id",
        '  {\n    "deviceId": "{dev}",\n    "label": "Garage Door",\n    "locationId": "{v}",',
        uuid,
        dev=uuid,
    ),
    L(
        SH,
        "homey_device_id",
        "$ curl -s -X PUT http://192.168.1.61/api/manager/devices/device/{v}/capability/onoff"
        ' -H "Authorization: Bearer $HOMEY_API_KEY" -H "Content-Type: application/json" -d \'{"value": true}\'',
        uuid,
    ),
    L(
        SH,
        "athom_client_id",
        "const cloudApi = new AthomCloudAPI({\n  clientId: '{v}',\n  clientSecret: process.env.ATHOM_CLIENT_SECRET,\n"
        "  redirectUrl: 'http://localhost',\n});",
        hexl(24),
    ),
    L(
        SH,
        "openhab_uuid",
        "$ sudo cat /var/lib/openhab/uuid\n{v}\n# paste this as the UUID on myopenhab.org > Account",
        uuid,
    ),
    L(
        SH,
        "hue_bridge_id",
        '$ curl -s http://192.168.1.20/api/config\n{"name":"Hue Bridge","datastoreversion":"163","swversion":"1962097030",'
        '"apiversion":"1.62.0","mac":"ec:b5:fa:1a:2b:3c","bridgeid":"{v}","factorynew":false,"modelid":"BSB002"}',
        join("ECB5FAFFFE", hexu(6)),
    ),
    L(
        SH,
        "hue_resource_id",
        "$ curl -sk -X PUT https://192.168.1.20/clip/v2/resource/light/{v}"
        ' -H "hue-application-key: $HUE_APP_KEY" -d \'{"on":{"on":false}}\'',
        uuid,
    ),
    L(
        SH,
        "hue_zigbee_uniqueid",
        '    "3": {\n        "type": "Extended color light",\n        "name": "Hallway",\n'
        '        "modelid": "LCA001",\n        "uniqueid": "{v}",',
        zigbee_uniqueid,
    ),
    L(SH, "iobroker_uuid", "$ iobroker uuid\n{v}", uuid),
    L(
        SH,
        "nodered_node_id",
        '    {\n        "id": "{v}",\n        "type": "server",\n        "name": "Home Assistant",\n'
        '        "addon": false,\n        "rejectUnauthorizedCerts": true',
        hexl(16),
    ),
    L(
        SH,
        "tuya_sign_header",
        "$ curl -s 'https://openapi.tuyaeu.com/v1.0/token?grant_type=1' -H 'client_id: {cid}' -H 'sign: {v}'"
        " -H 't: 1718035200123' -H 'sign_method: HMAC-SHA256' -H 'nonce: {nonce}'",
        hexu(64),
        cid=lower_alnum(20),
        nonce=uuid,
    ),
    L(
        SH,
        "tuya_access_id",
        'openapi = TuyaOpenAPI("https://openapi.tuyaeu.com", "{v}", os.environ["TUYA_ACCESS_SECRET"])\nopenapi.connect()',
        lower_alnum(20),
    ),
    L(
        SH,
        "tuya_device_id",
        "c = tinytuya.Cloud(apiRegion='eu', apiKey=API_KEY, apiSecret=API_SECRET)\nprint(c.getstatus('{v}'))",
        tuya_device_id,
    ),
    L(
        SH,
        "shelly_device_id",
        '{"isok":true,"data":{"online":true,"device_status":{"id":"{v}","code":"SNSW-001P16EU",'
        '"cloud":{"connected":true},"wifi":{"sta_ip":"192.168.1.88","status":"got ip","rssi":-61}}}}',
        hexl(12),
    ),
    L(
        SH,
        "ecobee_thermostat_id",
        '  "selection": {\n    "selectionType": "thermostats",\n    "selectionMatch": "{v}",\n'
        '    "includeRuntime": true\n  }',
        join("3110", digits(8)),
    ),
    L(
        SH,
        "nest_project_id",
        '  "name": "enterprises/{v}/devices/{dev}",\n  "type": "sdm.devices.types.THERMOSTAT",',
        uuid,
        dev=b64url(86),
    ),
    L(
        SH,
        "nest_oauth_client_id",
        "https://nestservices.google.com/partnerconnections/{proj}/auth?redirect_uri=https://www.google.com"
        "&access_type=offline&prompt=consent&client_id={v}&response_type=code"
        "&scope=https://www.googleapis.com/auth/sdm.service",
        nest_client_id,
        proj=uuid,
    ),
    # ---- look-alikes: placeholders, references and previews
    L(
        SH,
        "hubitat_env_placeholder",
        "HUBITAT_HOST=192.168.1.40\nHUBITAT_APP_ID=117\nHUBITAT_ACCESS_TOKEN={v}",
        const("<maker-api-token>"),
    ),
    L(
        SH,
        "gha_secret_ref",
        "      - run: smartthings devices --json > devices.json\n        env:\n          SMARTTHINGS_TOKEN: {v}",
        const("${{ secrets.SMARTTHINGS_PAT }}"),
    ),
    L(
        SH,
        "openhab_env_ref",
        '$ curl -s -H "X-OPENHAB-TOKEN: {v}" http://openhab.lan:8080/rest/things | jq length',
        const("${OPENHAB_API_TOKEN}"),
    ),
    L(
        SH,
        "nodered_env_ref",
        "    credentialSecret: {v},\n    uiPort: process.env.PORT || 1880,",
        const("process.env.NODE_RED_CREDENTIAL_SECRET"),
    ),
    L(
        SH,
        "shelly_placeholder",
        '# ShellyForHASS: copy these from User settings > Authorization cloud key\ncloud_auth_key: "{v}"',
        const("X" * 64),
    ),
    L(
        SH,
        "ha_secret_ref",
        "hubitat:\n  host: 192.168.1.40\n  app_id: 117\n  access_token: {v}",
        const("!secret hubitat_maker_token"),
    ),
    L(
        SH,
        "ha_token_preview",
        '$ source .env && echo "HA URL: $HA_URL" && echo "Token: ${HA_TOKEN:0:10}..."\n'
        "HA URL: http://homeassistant.local:8123\nToken: {v}...",
        const(HA_JWT_HEADER[:10]),
    ),
    L(
        SH,
        "checksum",
        "$ sha256sum openhab-4.1.1.zip\n{v}  openhab-4.1.1.zip",
        hexl(64),
    ),
]
