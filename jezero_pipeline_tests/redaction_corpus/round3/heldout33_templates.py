"""A thirty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of IoT and home-automation tooling: Home Assistant (REST API
long-lived access tokens, `secrets.yaml` and `!secret`, diagnostics redaction, container images),
Mosquitto (`mosquitto_passwd -b`, `mosquitto_pub`/`mosquitto_sub` with `-P`, `-L` URLs and
`--psk`, `password_file` in `mosquitto.conf`), ESPHome (native API encryption key, OTA password,
Wi-Fi secrets, substitutions), Zigbee2MQTT (`network_key`, `pan_id`, `ext_pan_id`, `GENERATE`,
frontend `auth_token` and `'!secret.yaml …'`, the open coordinator backup format, device IEEE
addresses), Particle (`particle token create`, access tokens vs 24-hex device ids, `particle
identify`), TinyTuya (`tinytuya.json`, `devices.json`, local keys vs device ids), AWS IoT
(`create-keys-and-certificate`, `describe-endpoint`, certificate ids and public keys), Azure IoT
Hub (device connection strings, `generate-sas-token`, `device-identity` output, X.509
thumbprints, PowerShell's masked connection strings), balena (`api-key generate`, `config.json`,
device UUIDs), Node-RED (`credentialSecret` in `settings.js`) and ThingsBoard (device access
tokens as MQTT username and HTTP path segment, device ids), in commands, config files, tool
output and prose, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 29, 31 and 32):
18 of 25 secrets caught, 0 of 23 look-alikes altered (missed: `mosquitto_passwd -b FILE USER PASSWORD`, a hex
key after `--psk`, a key said in prose after `it is`, a network key as 16 decimal bytes, a token printed by
`particle token create` and a key by `balena api-key generate` after notices, a key printed by `--query … -o
tsv`).
"""

from __future__ import annotations

import base64
import json
import random
import string
import urllib.parse

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
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
)

IOT = "iot"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
RSA1_HEAD = "MIIEowIBAAKCAQEA"
SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def ha_token(rng: random.Random) -> str:
    """A Home Assistant long-lived access token: an HS256 JWT whose `iss` is a refresh-token id."""
    iat = rng.randrange(1_690_000_000, 1_740_000_000)
    claims = {"iss": hexl(32)(rng), "iat": iat, "exp": iat + 315_360_000}
    body = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{JWT_HS256_HEAD}.{body}.{b64url(43)(rng)}"


def rand_b64(n_bytes: int):
    """Standard base64 (with padding) of n random bytes: ESPHome noise PSKs, Azure symmetric keys."""
    return lambda rng: base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()


def sas_sig(rng: random.Random) -> str:
    """The URL-encoded HMAC-SHA256 signature of an IoT Hub SAS token."""
    return urllib.parse.quote(rand_b64(32)(rng), safe="")


def byte_list(n: int):
    """`[a, b, …]` of n decimal bytes, as Zigbee2MQTT writes network_key and ext_pan_id."""
    return lambda rng: "[" + ", ".join(str(rng.randrange(256)) for _ in range(n)) + "]"


def azure_etag(rng: random.Random) -> str:
    return base64.b64encode(digits(9)(rng).encode()).decode()


def tb_uuid(rng: random.Random) -> str:
    """A time-based (v1) UUID as ThingsBoard uses for entity ids."""
    h = hexl(32)(rng)
    return f"{h[:8]}-{h[8:12]}-11{h[12:14]}-8{h[14:17]}-{h[17:29]}"


def rsa1_body_json(rng: random.Random) -> str:
    """An RSA-2048 PKCS#1 body as the AWS CLI prints it inside JSON, lines joined by a literal \\n."""
    lines = [RSA1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(52)(rng)]
    return "\\n".join(lines)


def spki_body(sep: str):
    """An RSA-2048 SubjectPublicKeyInfo body (public)."""
    return join(
        SPKI_HEAD, b64(20), sep, b64(64), sep, b64(64), sep, b64(64), sep, b64(64), sep, b64(64), sep, b64(2), "IDAQAB"
    )


# Tuya local keys are 16 printable characters; quotes and backslashes left out.
tuya_local_key = pick(string.ascii_letters + string.digits + "#$&*+-<=>@^_|~:;[]", 16)
tuya_device_id = join("bf", lower_alnum(20))
ieee = join("0x00158d", hexl(10))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (18, 25, 0, 23, "the rules for 24 to 29, 31 and 32")

TEMPLATES = [
    # ---- secrets: Home Assistant
    S(
        IOT,
        "ha_llat_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        " http://homeassistant.local:8123/api/states/sensor.greenhouse_humidity",
        ha_token,
    ),
    S(
        IOT,
        "ha_secrets_yaml",
        "# /config/secrets.yaml (not committed)\nrouter_user: hass-poller\n"
        "router_password: {v}\nlatitude_home: 52.0907",
        password(16),
    ),
    # ---- secrets: Mosquitto
    S(
        IOT,
        "mosquitto_passwd_batch",
        "$ sudo mosquitto_passwd -b /etc/mosquitto/passwd zigbee2mqtt {v}\n$ sudo systemctl reload mosquitto",
        b62(18),
    ),
    S(
        IOT,
        "mosquitto_pub_password",
        "$ mosquitto_pub -h 192.168.1.20 -p 1883 -u zigbee2mqtt -P '{v}'"
        ' -t zigbee2mqtt/bridge/request/permit_join -m \'{"value": true, "time": 254}\'',
        password(14),
    ),
    S(
        IOT,
        "mosquitto_sub_url",
        "$ mosquitto_sub -v -L mqtt://nodered:{v}@192.168.1.20:1883/greenhouse/+/telemetry",
        b62(16),
    ),
    S(
        IOT,
        "mosquitto_psk",
        "$ mosquitto_pub -h broker.greenhouse.lan -p 8884 --psk {v} --psk-identity greenhouse-pi-04"
        " -t greenhouse/pi-04/status -m online",
        hexl(32),
    ),
    # ---- secrets: ESPHome
    S(
        IOT,
        "esphome_api_key_prose",
        "The ESPHome integration is asking for the encryption key of greenhouse-node; it is {v} (the"
        " api: encryption: key from greenhouse-node.yaml), paste that in and it should connect on 6053.",
        rand_b64(32),
    ),
    S(
        IOT,
        "esphome_ota_password",
        'ota:\n  - platform: esphome\n    password: "{v}"\n\nwifi:\n  ssid: !secret wifi_ssid\n'
        "  password: !secret wifi_password",
        hexl(32),
    ),
    S(
        IOT,
        "esphome_wifi_secret",
        '# esphome/secrets.yaml\nwifi_ssid: "Greenhouse-IoT"\nwifi_password: "{v}"\nap_ssid: "Greenhouse Fallback"',
        password(14),
    ),
    # ---- secrets: Zigbee2MQTT
    S(
        IOT,
        "z2m_network_key",
        "advanced:\n  log_level: info\n  channel: 20\n  pan_id: {pan}\n  network_key: {v}",
        byte_list(16),
        pan=join("0x", hexl(4)),
    ),
    S(
        IOT,
        "z2m_backup_network_key",
        "$ jq '{pan_id, extended_pan_id, channel, network_key}' data/coordinator_backup.json\n{\n"
        '  "pan_id": "{pan}",\n  "extended_pan_id": "{ext}",\n  "channel": 20,\n  "network_key": {\n'
        '    "key": "{v}",\n    "sequence_number": 0,\n    "frame_counter": 48213\n  }\n}',
        hexl(32),
        pan=hexl(4),
        ext=hexl(16),
    ),
    S(
        IOT,
        "z2m_frontend_auth_token",
        "frontend:\n  enabled: true\n  port: 8080\n  auth_token: {v}\n  url: 'https://z2m.greenhouse.lan'",
        b62(28),
    ),
    # ---- secrets: Particle
    S(
        IOT,
        "particle_token_create",
        "$ particle token create --expires-in 7776000\n? Using account ops@greenhouse.dev\n"
        "? Please enter your password: [hidden]\nNew access token expires on Sat Mar 14 2026 10:12:09 GMT+0000\n"
        "    {v}",
        hexl(40),
    ),
    S(
        IOT,
        "particle_token_query",
        '$ curl -N "https://api.particle.io/v1/devices/events/soil?access_token={v}"',
        hexl(40),
    ),
    # ---- secrets: Tuya
    S(
        IOT,
        "tuya_local_key_positional",
        "import tinytuya\n\nplug = tinytuya.OutletDevice('{dev}', '192.168.1.57', '{v}', version=3.4)\n"
        "print(plug.status())",
        tuya_local_key,
        dev=tuya_device_id,
    ),
    S(
        IOT,
        "tuya_api_secret",
        '$ cat tinytuya.json\n{\n    "apiKey": "{akey}",\n    "apiSecret": "{v}",\n    "apiRegion": "eu",\n'
        '    "apiDeviceID": "{dev}"\n}',
        hexl(32),
        akey=lower_alnum(20),
        dev=tuya_device_id,
    ),
    # ---- secrets: AWS IoT
    S(
        IOT,
        "aws_iot_private_key",
        "$ aws iot create-keys-and-certificate --set-as-active --certificate-pem-outfile device.pem.crt\n{\n"
        '    "certificateArn": "arn:aws:iot:eu-central-1:{acct}:cert/{cid}",\n    "certificateId": "{cid}",\n'
        '    "keyPair": {\n        "PublicKey": "-----BEGIN PUBLIC KEY-----\\n{pub}\\n-----END PUBLIC KEY-----\\n",\n'
        '        "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\n{v}\\n-----END RSA PRIVATE KEY-----\\n"\n    }\n}',
        rsa1_body_json,
        acct=digits(12),
        cid=hexl(64),
        pub=spki_body("\\n"),
    ),
    # ---- secrets: Azure IoT Hub
    S(
        IOT,
        "azure_device_conn_string",
        'IOTHUB_DEVICE_CONNECTION_STRING="HostName=gh-telemetry-hub.azure-devices.net;'
        'DeviceId=greenhouse-pi-04;SharedAccessKey={v}"',
        rand_b64(32),
    ),
    S(
        IOT,
        "azure_sas_sig",
        "$ az iot hub generate-sas-token -n gh-telemetry-hub -d greenhouse-pi-04 --du 86400\n{\n"
        '  "sas": "SharedAccessSignature sr=gh-telemetry-hub.azure-devices.net%2Fdevices%2Fgreenhouse-pi-04'
        '&sig={v}&se={se}"\n}',
        sas_sig,
        se=join("17", digits(8)),
    ),
    S(
        IOT,
        "azure_primary_key_tsv",
        "$ az iot hub device-identity show -n gh-telemetry-hub -d greenhouse-pi-04"
        " --query authentication.symmetricKey.primaryKey -o tsv\n{v}",
        rand_b64(32),
    ),
    # ---- secrets: balena
    S(
        IOT,
        "balena_api_key_generate",
        "$ balena api-key generate \"github-actions deploy\"\nRegistered api key 'github-actions deploy':\n{v}\n"
        "This key will not be shown again, so please save it now.",
        b62(32),
    ),
    S(
        IOT,
        "balena_device_api_key",
        "$ sudo cat /mnt/boot/config.json | jq '{applicationId, deviceType, uuid, deviceApiKey}'\n{\n"
        '  "applicationId": {app},\n  "deviceType": "raspberrypi4-64",\n  "uuid": "{uuid}",\n'
        '  "deviceApiKey": "{v}"\n}',
        hexl(32),
        app=join("2", digits(6)),
        uuid=hexl(32),
    ),
    # ---- secrets: Node-RED
    S(
        IOT,
        "nodered_credential_secret",
        "    flowFile: 'flows.json',\n"
        "    // flows_cred.json is encrypted with this; changing it loses the stored credentials\n"
        '    credentialSecret: "{v}",\n    flowFilePretty: true,',
        b62(32),
    ),
    # ---- secrets: ThingsBoard
    S(
        IOT,
        "thingsboard_mqtt_username",
        '$ mosquitto_pub -d -q 1 -h "tb.greenhouse.lan" -p 1883 -t "v1/devices/me/telemetry" -u "{v}"'
        ' -m \'{"temperature":21.4,"humidity":63}\'',
        b62(20),
    ),
    S(
        IOT,
        "thingsboard_http_path",
        "$ curl -v -X POST http://tb.greenhouse.lan:8080/api/v1/{v}/telemetry"
        ' --header "Content-Type:application/json" -d \'{"soil_moisture":41}\'',
        b62(20),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        IOT,
        "ha_secret_ref",
        "sensor:\n  - platform: rest\n    resource: http://192.168.1.1/api/status\n    authentication: basic\n"
        "    username: !secret router_user\n    password: {v}",
        const("!secret router_password"),
    ),
    L(
        IOT,
        "ha_diagnostics_redacted",
        '  "entry": {\n    "domain": "mqtt",\n    "data": {\n      "broker": "core-mosquitto",\n      "port": 1883,\n'
        '      "username": "**REDACTED**",\n      "password": "{v}",\n      "discovery": true\n    }',
        const("**REDACTED**"),
    ),
    L(
        IOT,
        "esphome_substitution",
        "substitutions:\n  device_name: greenhouse-node\n\nota:\n  - platform: esphome\n    password: {v}",
        const("${ota_password}"),
    ),
    L(
        IOT,
        "z2m_network_key_generate",
        "advanced:\n  # let Zigbee2MQTT pick a random key on first start\n  network_key: {v}\n  pan_id: GENERATE",
        const("GENERATE"),
    ),
    L(
        IOT,
        "z2m_secret_file_ref",
        "frontend:\n  enabled: true\n  auth_token: {v}",
        const("'!secret.yaml auth_token'"),
    ),
    L(
        IOT,
        "tuya_placeholder_key",
        "# devices.example.json: replace with the output of `python -m tinytuya wizard`\n"
        '[{"name": "Patio Plug", "id": "{dev}", "key": "{v}", "ip": "192.168.1.57", "version": "3.4"}]',
        interleaved(16),
        dev=tuya_device_id,
    ),
    L(
        IOT,
        "azure_masked_conn_string",
        "PS> Get-AzIotHubDeviceConnectionString -ResourceGroupName rg-greenhouse -IotHubName gh-telemetry-hub\n"
        "Device Id        Connection String\n---------        -----------------\n"
        "greenhouse-pi-04 HostName=gh-telemetry-hub.azure-devices.net;DeviceId=greenhouse-pi-04;SharedAccessKey={v}",
        join(b64(4), "******"),
    ),
    L(
        IOT,
        "nodered_env_ref",
        "    credentialSecret: {v},",
        const("process.env.NODE_RED_CREDENTIAL_SECRET"),
    ),
    L(
        IOT,
        "thingsboard_token_placeholder",
        '$ mosquitto_pub -d -q 1 -h "$THINGSBOARD_HOST" -p 1883 -t "v1/devices/me/attributes" -u "{v}"'
        ' -m \'{"firmware_version":"1.4.2"}\'',
        const("$ACCESS_TOKEN"),
    ),
    # ---- look-alikes: non-secret settings and paths
    L(
        IOT,
        "mosquitto_password_file",
        "listener 1883\nallow_anonymous false\npassword_file {v}\nacl_file /mosquitto/config/acl",
        const("/mosquitto/config/passwd"),
    ),
    L(
        IOT,
        "z2m_pan_id",
        "advanced:\n  channel: 20\n  pan_id: {v}\n  network_key: '!secret.yaml network_key'",
        join("0x", hexl(4)),
    ),
    L(
        IOT,
        "z2m_ext_pan_id",
        "advanced:\n  channel: 20\n  ext_pan_id: {v}\n  network_key: '!secret.yaml network_key'",
        byte_list(8),
    ),
    # ---- look-alikes: public identifiers
    L(
        IOT,
        "z2m_ieee_address",
        "devices:\n  '{v}':\n    friendly_name: greenhouse/door_contact\n    retain: false",
        ieee,
    ),
    L(
        IOT,
        "particle_device_id",
        "$ particle identify\nYour device id is {v}\nYour system firmware version is 5.8.0",
        hexl(24),
    ),
    L(
        IOT,
        "tuya_device_id",
        '    {\n        "name": "Patio Plug",\n        "id": "{v}",\n        "ip": "192.168.1.57",\n'
        '        "version": "3.4",\n        "product_id": "{pid}"\n    },',
        tuya_device_id,
        pid=lower_alnum(16),
    ),
    L(
        IOT,
        "aws_certificate_id",
        "$ aws iot attach-thing-principal --thing-name greenhouse-pi-04"
        " --principal arn:aws:iot:eu-central-1:{acct}:cert/{v}",
        hexl(64),
        acct=digits(12),
    ),
    L(
        IOT,
        "aws_iot_endpoint",
        '$ aws iot describe-endpoint --endpoint-type iot:Data-ATS\n{\n    "endpointAddress": "{v}"\n}',
        join(lower_alnum(14), "-ats.iot.eu-central-1.amazonaws.com"),
    ),
    L(
        IOT,
        "aws_public_key",
        "$ cat certs/{cid}-public.pem.key\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        spki_body("\n"),
        cid=hexl(10),
    ),
    L(
        IOT,
        "azure_x509_thumbprint",
        "$ az iot hub device-identity create -n gh-telemetry-hub -d door-cam-02 --am x509_thumbprint"
        " --ptp {v} --stp {stp}",
        hexu(40),
        stp=hexu(40),
    ),
    L(
        IOT,
        "azure_etag",
        '  "deviceId": "greenhouse-pi-04",\n  "etag": "{v}",\n  "generationId": "{gen}",\n'
        '  "status": "enabled",\n  "connectionState": "Connected",',
        azure_etag,
        gen=join("63", digits(16)),
    ),
    L(
        IOT,
        "balena_device_uuid",
        "$ balena device {v}\n== GREENHOUSE-PI-04\nID:                    {id}\n"
        "DEVICE TYPE:           raspberrypi4-64\n"
        "STATUS:                idle\nIS ONLINE:             true\n"
        "DASHBOARD URL:         https://dashboard.balena-cloud.com/devices/{v}/summary",
        hexl(32),
        id=join("1", digits(6)),
    ),
    L(
        IOT,
        "thingsboard_device_id",
        '{"id":{"entityType":"DEVICE","id":"{v}"},"name":"greenhouse-sensor-3","type":"default","label":"bench 3"}',
        tb_uuid,
    ),
    L(
        IOT,
        "image_digest",
        "  homeassistant:\n    image: ghcr.io/home-assistant/home-assistant:stable@sha256:{v}\n"
        "    volumes:\n      - ./config:/config",
        hexl(64),
    ),
]
