"""A sixty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of IoT and embedded device platforms: The Things Stack / The Things
Network (`ttn-lw-cli` end-device and API-key commands, the `NNSXS.<id>.<secret>` API key format, the
MQTT server, LoRa Basics Station `tc.key`, the TTN Arduino library's RN2483 debug output, AppKey and
NwkKey beside DevEUI, JoinEUI and gateway EUIs), Particle (`particle token create`, the Cloud
API's `access_token`, device ids, webhook mustache variables), the Arduino IoT Cloud (API key client id
and secret, `arduino_secrets.h` device keys, `DEVICE_LOGIN_NAME`), Azure IoT Hub and DPS (device
connection strings, SAS tokens, `az iot dps enrollment-group compute-device-key`, IoT Edge
`config.toml`, ID scopes, x509 thumbprints, masked PowerShell output), AWS IoT Core
(`create-keys-and-certificate`, `describe-endpoint`), Blynk (`BLYNK_AUTH_TOKEN`, template ids, the
device HTTPS API), ThingSpeak (write and read API keys, channel ids, MQTT device credentials), Golioth
(PSK-ID and PSK in the Zephyr shell), Losant (device ids, access key and secret over MQTT), Sigfox
(backend API credentials, device ids), Tuya (access id and secret, local keys) and
Adafruit IO (`aio_` keys, `X-AIO-Key`), in commands, config files, code, logs and tool output, with
the public ids, placeholders and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 60 to 64):
20 of 26 secrets caught, 2 of 25 look-alikes altered (missed: a The Things Stack `NNSXS.` key after `-P`, a LoRaWAN
key after `--root-keys.app-key.key`, a device key printed by `compute-device-key`, a ThingSpeak `'ReadKey', '…'`
argument pair, 64 hex after `-u … -P`, an Adafruit `aio_` key in prose; altered: a certificate file after
`--ca_file` and a key file after `--key`, a device's 24-hex id as a constructor's argument).
"""

from __future__ import annotations

import random
import string
from urllib.parse import quote

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

IOT = "iotplat"

B32 = string.ascii_uppercase + "234567"

# The Things Stack API key: NNSXS.<39 base32 key id>.<52 base32 secret>.
tts_key_id = pick(B32, 39)
tts_api_key = join("NNSXS.", tts_key_id, ".", pick(B32, 52))

RSA_HEAD = "MIIEpAIBAAKCAQEA"
SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def rsa_pkcs1_json(rng: random.Random) -> str:
    """An RSA-2048 PKCS#1 body as the AWS CLI prints it inside JSON: lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(36)(rng)]
    return "\\n".join(lines)


def spki_json(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo body (392 characters), lines joined by a literal \\n."""
    lines = [SPKI_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\\n".join(lines)


def sas_sig(rng: random.Random) -> str:
    """The URL-encoded base64 HMAC-SHA256 signature of an Azure IoT SAS token."""
    return quote(b64(43)(rng) + "=", safe="")


azure_key = b64(43, "=")
iot_hub = const("contoso-fleet-hub")
id_scope = join("0ne", pick("0123456789ABCDEF", 8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 26, 2, 25, "the rules for 60 to 64")

TEMPLATES = [
    # ---- secrets: The Things Stack / LoRaWAN
    S(
        IOT,
        "tts_api_key_mqtt",
        '$ mosquitto_sub -h eu1.cloud.thethings.network -p 8883 --capath /etc/ssl/certs -t "v3/+/devices/+/up"'
        ' -u "soil-probes@ttn" -P "{v}" -v',
        tts_api_key,
    ),
    S(
        IOT,
        "tts_tc_key",
        "$ cat /opt/basicstation/config/tc.key\nAuthorization: Bearer {v}\n$ cat tc.uri\n"
        "wss://eu1.cloud.thethings.network:8887",
        tts_api_key,
    ),
    S(
        IOT,
        "lorawan_app_key_flag",
        "$ ttn-lw-cli end-devices create soil-probes probe-{num} --dev-eui {eui} --join-eui 0000000000000000"
        " --frequency-plan-id EU_863_870_TTN --lorawan-version 1.0.3 --lorawan-phy-version 1.0.3-a"
        " --root-keys.app-key.key {v}",
        hexu(32),
        num=digits(2),
        eui=join("70B3D57ED", hexu(7)),
    ),
    S(
        IOT,
        "lorawan_nwk_key_json",
        '  "root_keys": {\n    "app_key": {\n      "key": "{ak}"\n    },\n    "nwk_key": {\n      "key": "{v}"\n'
        "    }\n  },",
        hexu(32),
        ak=hexu(32),
    ),
    S(
        IOT,
        "rn2483_appkey_log",
        "Sending: mac set deveui {eui}\nSending: mac set adr off\nSending: mac set appeui {jeui}\n"
        "Sending: mac set appkey {v}\nSending: mac save",
        hexu(32),
        eui=hexu(16),
        jeui=hexu(16),
    ),
    # ---- secrets: Particle
    S(
        IOT,
        "particle_token_create",
        "$ particle token create --never-expires\n? Using account ops@lumen-ag.io\nPlease enter your password: [hidden]\n"
        "New access token never expires\n    {v}",
        hexl(40),
    ),
    S(
        IOT,
        "particle_access_token_query",
        '$ curl "https://api.particle.io/v1/devices/{dev}/soilTemp?access_token={v}"',
        hexl(40),
        dev=hexl(24),
    ),
    # ---- secrets: Arduino IoT Cloud
    S(
        IOT,
        "arduino_client_secret",
        "$ curl --request POST --url https://api2.arduino.cc/iot/v1/clients/token \\\n"
        "    --header 'content-type: application/x-www-form-urlencoded' --data 'grant_type=client_credentials' \\\n"
        "    --data 'client_id={cid}' --data 'client_secret={v}' \\\n"
        "    --data 'audience=https://api2.arduino.cc/iot'",
        b62(64),
        cid=b62(32),
    ),
    S(
        IOT,
        "arduino_device_key",
        '/* ESP32 */\n#if defined(BOARD_HAS_SECRET_KEY)\n  #define SECRET_DEVICE_KEY "{v}"\n#endif',
        upper_alnum(20),
    ),
    # ---- secrets: Azure IoT Hub / DPS / IoT Edge
    S(
        IOT,
        "azure_device_conn_string",
        "$ az iot hub device-identity connection-string show --hub-name contoso-fleet-hub --device-id pump-17 -o tsv\n"
        "HostName=contoso-fleet-hub.azure-devices.net;DeviceId=pump-17;SharedAccessKey={v}",
        azure_key,
    ),
    S(
        IOT,
        "azure_sas_signature_log",
        "2024-05-12T09:14:03.118Z DEBUG azure_iot_mqtt: CONNECT client_id=pump-17"
        " username={hub}.azure-devices.net/pump-17/?api-version=2021-04-12"
        " password=SharedAccessSignature sr={hub}.azure-devices.net%2Fdevices%2Fpump-17&sig={v}&se=17{se}",
        sas_sig,
        hub=iot_hub,
        se=digits(8),
    ),
    S(
        IOT,
        "dps_derived_device_key",
        "$ az iot dps enrollment-group compute-device-key --dps-name contoso-dps --enrollment-id pumps-eu"
        ' --registration-id pump-{num}\n"{v}"',
        azure_key,
        num=digits(3),
    ),
    S(
        IOT,
        "iot_edge_symmetric_key",
        '[provisioning]\nsource = "dps"\nglobal_endpoint = "https://global.azure-devices-provisioning.net"\n'
        'id_scope = "{scope}"\n\n[provisioning.attestation]\nmethod = "symmetric_key"\nregistration_id = "edge-gw-04"\n'
        'symmetric_key = { value = "{v}" }',
        b64(86, "=="),
        scope=id_scope,
    ),
    # ---- secrets: AWS IoT Core
    S(
        IOT,
        "aws_iot_private_key",
        '    "keyPair": {\n        "PublicKey": "-----BEGIN PUBLIC KEY-----\\n...\\n-----END PUBLIC KEY-----\\n",\n'
        '        "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\n{v}\\n-----END RSA PRIVATE KEY-----\\n"\n    }',
        rsa_pkcs1_json,
    ),
    # ---- secrets: Blynk
    S(
        IOT,
        "blynk_auth_token",
        '#define BLYNK_TEMPLATE_ID "{tmpl}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#define BLYNK_AUTH_TOKEN "{v}"',
        b64url(32),
        tmpl=join("TMPL", pick(B62 + "_", 9)),
    ),
    S(
        IOT,
        "blynk_https_api_token",
        '$ curl -s "https://fra1.blynk.cloud/external/api/update?token={v}&V3=1"',
        b64url(32),
    ),
    # ---- secrets: ThingSpeak
    S(
        IOT,
        "thingspeak_write_key",
        '$ curl -s "https://api.thingspeak.com/update?api_key={v}&field1=21.4&field2=63"\n{entry}',
        upper_alnum(16),
        entry=digits(4),
    ),
    S(
        IOT,
        "thingspeak_read_key",
        "    data = thingSpeakRead({ch}, 'Fields', [1 2], 'NumPoints', 96, 'ReadKey', '{v}');",
        upper_alnum(16),
        ch=digits(7),
    ),
    S(
        IOT,
        "thingspeak_mqtt_password",
        'client = mqtt.Client(client_id="{cid}")\nclient.username_pw_set("{cid}", password="{v}")\n'
        'client.connect("mqtt3.thingspeak.com", 1883)',
        b62(24),
        cid=upper_alnum(23),
    ),
    # ---- secrets: Golioth, Losant, Sigfox
    S(
        IOT,
        "golioth_psk_shell",
        "uart:~$ settings set golioth/psk-id 20240318{ts}-weather-07@orchard-pilot\nuart:~$ settings set golioth/psk {v}\n"
        "uart:~$ kernel reboot cold",
        hexl(32),
        ts=digits(6),
    ),
    S(
        IOT,
        "losant_access_secret",
        "$ mosquitto_pub -h broker.losant.com -p 8883 --cafile RootCA.crt -i {dev} -u {key} -P {v}"
        ' -t losant/{dev}/state -m \'{"data": {"temp": 21.4}}\'',
        hexl(64),
        dev=hexl(24),
        key=uuid,
    ),
    S(
        IOT,
        "sigfox_api_password",
        '$ curl -s -u {login}:{v} "https://api.sigfox.com/v2/devices/{dev}/messages?limit=5"',
        hexl(32),
        login=hexl(24),
        dev=hexu(7),
    ),
    # ---- secrets: Tuya
    S(
        IOT,
        "tuya_access_secret",
        'ACCESS_ID = "{aid}"\nACCESS_KEY = "{v}"\nAPI_ENDPOINT = "https://openapi.tuyaeu.com"\n\n'
        "openapi = TuyaOpenAPI(API_ENDPOINT, ACCESS_ID, ACCESS_KEY)\nopenapi.connect()",
        lower_alnum(32),
        aid=lower_alnum(20),
    ),
    S(
        IOT,
        "tuya_local_key",
        '    {\n        "name": "Pump relay",\n        "id": "bf{tid}",\n        "key": "{v}",\n'
        '        "mac": "a4:cf:12:{mac}",\n        "category": "kg"\n    },',
        pick(B62 + "#^|;<>=$", 16),
        tid=lower_alnum(20),
        mac=const("8e:51:07"),
    ),
    # ---- secrets: Adafruit IO
    S(
        IOT,
        "adafruit_io_key",
        '$ curl -H "X-AIO-Key: {v}" https://io.adafruit.com/api/v2/lumen_ag/feeds/greenhouse.humidity/data?limit=3',
        join("aio_", b62(28)),
    ),
    S(
        IOT,
        "agent_prose_adafruit",
        "I found the Adafruit IO key hardcoded in `code.py` (`{v}`); I moved it into `settings.toml` as "
        "`ADAFRUIT_AIO_KEY` and you should regenerate it from the key icon on io.adafruit.com.",
        join("aio_", b62(28)),
    ),
    # ---- look-alikes: LoRaWAN and The Things Stack identifiers
    L(
        IOT,
        "tts_api_key_id",
        '$ ttn-lw-cli applications api-keys list soil-probes\n[{\n  "id": "{v}",\n  "name": "mqtt-ingest",\n'
        '  "rights": ["RIGHT_APPLICATION_TRAFFIC_READ"],\n  "created_at": "2024-04-02T08:11:52.402Z"\n}]',
        tts_key_id,
    ),
    L(
        IOT,
        "lorawan_dev_eui",
        '$ ttn-lw-cli end-devices get soil-probes probe-07 --dev-eui --join-eui\n{\n  "ids": {\n'
        '    "device_id": "probe-07",\n    "application_ids": {\n      "application_id": "soil-probes"\n    },\n'
        '    "dev_eui": "{v}",\n    "join_eui": "{jeui}"\n  }\n}',
        join("70B3D57ED", hexu(7)),
        jeui=hexu(16),
    ),
    L(IOT, "lorawan_join_eui", "Sending: mac set appeui {v}\nSending: mac save", hexu(16)),
    L(
        IOT,
        "gateway_eui",
        "$ ttn-lw-cli gateways create rooftop-gw --user-id lumen-ops --frequency-plan-id EU_863_870_TTN"
        " --gateway-eui {v}",
        hexu(16),
    ),
    # ---- look-alikes: Particle
    L(
        IOT,
        "particle_device_id",
        "$ particle list\nsoil-north [{v}] (Boron) is online\n  Functions:\n    int setPump (String args)",
        hexl(24),
    ),
    L(
        IOT,
        "particle_webhook_mustache",
        '{\n  "event": "soil-reading",\n  "url": "https://ingest.lumen-ag.io/particle",\n  "requestType": "POST",\n'
        '  "json": {\n    "device": "{v}",\n    "value": "{{{PARTICLE_EVENT_VALUE}}}"\n  }\n}',
        const("{{{PARTICLE_DEVICE_ID}}}"),
    ),
    # ---- look-alikes: Arduino IoT Cloud
    L(
        IOT,
        "arduino_client_id",
        "$ curl -s -X POST https://api2.arduino.cc/iot/v1/clients/token -d grant_type=client_credentials"
        ' -d client_id={v} -d "client_secret=$ARDUINO_CLIENT_SECRET" -d audience=https://api2.arduino.cc/iot',
        b62(32),
    ),
    L(
        IOT,
        "arduino_device_login_name",
        '#include <ArduinoIoTCloud.h>\n#include <Arduino_ConnectionHandler.h>\n\nconst char DEVICE_LOGIN_NAME[]  = "{v}";',
        uuid,
    ),
    L(
        IOT,
        "placeholder",
        '/* arduino_secrets.h template: copy and fill in */\n#define SECRET_SSID "greenhouse-iot"\n'
        '#define SECRET_DEVICE_KEY "{v}"',
        interleaved(20, upper=True),
    ),
    # ---- look-alikes: Azure IoT Hub / DPS
    L(
        IOT,
        "azure_x509_conn_string",
        "$ az iot hub device-identity connection-string show -n contoso-fleet-hub -d cam-03 -o tsv\n{v}",
        const("HostName=contoso-fleet-hub.azure-devices.net;DeviceId=cam-03;x509=true"),
    ),
    L(
        IOT,
        "azure_masked_key",
        "Device Id Connection String\n--------- -----------------\n"
        "pump-17   HostName=contoso-fleet-hub.azure-devices.net;DeviceId=pump-17;SharedAccessKey={v}",
        join(b64(4), "******"),
    ),
    L(
        IOT,
        "azure_x509_thumbprint",
        "$ az iot hub device-identity create -n contoso-fleet-hub -d cam-03 --am x509_thumbprint --ptp {v}",
        hexu(40),
    ),
    L(IOT, "dps_id_scope", '[provisioning]\nsource = "dps"\nid_scope = "{v}"', id_scope),
    L(
        IOT,
        "key_vault_secret_name",
        "$ az keyvault secret show --vault-name contoso-iot-kv --name {v} --query value -o tsv > /dev/null && echo ok",
        const("iothub-pump-17-primary-key"),
    ),
    # ---- look-alikes: AWS IoT Core
    L(
        IOT,
        "aws_iot_endpoint",
        '$ aws iot describe-endpoint --endpoint-type iot:Data-ATS\n{\n    "endpointAddress": "{v}"\n}',
        join(lower_alnum(14), "-ats.iot.eu-central-1.amazonaws.com"),
    ),
    L(
        IOT,
        "aws_iot_certificate_id",
        '    "certificateArn": "arn:aws:iot:eu-central-1:{acct}:cert/{v}",\n    "certificateId": "{v}",',
        hexl(64),
        acct=digits(12),
    ),
    L(
        IOT,
        "aws_iot_public_key",
        '    "keyPair": {\n        "PublicKey": "-----BEGIN PUBLIC KEY-----\\n{v}\\n-----END PUBLIC KEY-----\\n",',
        spki_json,
    ),
    L(
        IOT,
        "aws_iot_key_path",
        "$ python3 pubsub.py --endpoint $IOT_ENDPOINT --ca_file certs/AmazonRootCA1.pem"
        " --cert certs/{v}-certificate.pem.crt --key certs/{v}-private.pem.key --client_id weather-07",
        hexl(10),
    ),
    # ---- look-alikes: Blynk, ThingSpeak, Golioth, Losant, Sigfox, Tuya
    L(
        IOT,
        "blynk_template_id",
        '#define BLYNK_TEMPLATE_ID "{v}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"',
        join("TMPL", pick(B62 + "_", 9)),
    ),
    L(
        IOT,
        "thingspeak_channel_id",
        '$ curl -s "https://api.thingspeak.com/channels/{v}/fields/1.json?results=2"   # public channel, no key',
        digits(7),
    ),
    L(
        IOT,
        "golioth_psk_id",
        "uart:~$ settings get golioth/psk-id\n{v}",
        join("20240318", digits(6), "-weather-07@orchard-pilot"),
    ),
    L(
        IOT,
        "losant_device_id",
        'device = Device("{v}", os.environ["LOSANT_ACCESS_KEY"], os.environ["LOSANT_ACCESS_SECRET"])\n'
        "device.connect(blocking=False)",
        hexl(24),
    ),
    L(IOT, "placeholder", "# .env.example\nLOSANT_DEVICE_ID=\nLOSANT_ACCESS_SECRET={v}", counting(64, hex_digits=True)),
    L(
        IOT,
        "sigfox_device_id",
        '$ curl -s -u "$SIGFOX_API_LOGIN:$SIGFOX_API_PASSWORD" https://api.sigfox.com/v2/devices/{v}',
        hexu(7),
    ),
    L(
        IOT,
        "tuya_access_id",
        "$ python -m tinytuya wizard\nTinyTuya Setup Wizard\n\n    Enter API Key from tuya.com: {v}",
        lower_alnum(20),
    ),
]
