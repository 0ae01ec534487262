"""A hundred-and-eighty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from industrial IoT and SCADA software: Node-RED (`settings.js` credentialSecret, the
admin API's `/auth/token` response, Projects' git history), PTC ThingWorx (`appKey` header and
query parameter, a UUID), InfluxDB 2 tokens (86 base64url characters and `==`) in Telegraf's
`[[outputs.influxdb_v2]]`, the `influx` CLI and its table output, Telegraf's `inputs.opcua` and
`inputs.mqtt_consumer` passwords and its `@{store:key}` secret-store references, Kepware's
Configuration API (basic auth on port 57412, `PROJECT_ID`), Inductive Automation Ignition (the
Docker image's `GATEWAY_ADMIN_PASSWORD` and `_FILE` variant, the `X-Ignition-API-Token` header,
`system.net.httpGet` credentials, a Perspective session's Jetty `JSESSIONID`), HiveMQ Cloud
(cluster host names, `mosquitto_pub -P`, HiveMQ MQTT CLI `-pw`), EMQX (REST API key and secret as
basic auth, the API-key bootstrap file, `EMQX_DASHBOARD__DEFAULT_PASSWORD`, `******` in redacted
API responses, MQTTX client ids), OPC UA clients (python asyncua credentials in the `opc.tcp://`
URL and security strings, node-opcua `createSession`, certificate thumbprints, GUID NodeIds),
Siemens Insights Hub / MindSphere (the technical token manager's `X-SPACE-AUTH-KEY`, an agent
onboarding key's `iat` JWT and its public `clientId`), AVEVA PI Web API (basic auth with a domain
account, WebIds) and Azure IoT Hub device connection strings and X.509 thumbprints, in commands,
config files, code and tool output, with the public values shown beside them.
The search tool's budget was already spent when this set was written, so these shapes are
written from the author's memory of those vendors' documentation, not re-read from it.

First score, blind, before any rule changed for it (after the rules for 180 to 184):
25 of 25 secrets caught, 1 of 25 look-alikes altered (altered: an EMQX API key's id (16 hex) under
`api_key` in a listing; written from memory, the search budget spent).
"""

from __future__ import annotations

import base64
import json
import random

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
    lower_alnum,
    password,
    uuid,
)

IIOT = "iiot"


def random_b64(n_bytes: int, url: bool = False):
    """`n_bytes` random bytes in (URL-safe) base64 with its padding, as the vendors print them."""

    def make(rng: random.Random) -> str:
        data = bytes(rng.randrange(256) for _ in range(n_bytes))
        return (base64.urlsafe_b64encode if url else base64.b64encode)(data).decode()

    return make


# An InfluxDB 2 API token: 64 random bytes in URL-safe base64 (86 characters and `==`).
influx_token = random_b64(64, url=True)


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def _b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def boarding_iat(rng: random.Random) -> str:
    """An agent onboarding initial access token: an RS256 JWT with a decodable header and payload."""
    header = _b64u(json.dumps({"kid": "key-id-1", "typ": "JWT", "alg": "RS256"}, separators=(",", ":")).encode())
    issued = 1718000000 + rng.randrange(5_000_000)
    payload = {
        "iss": "SCI",
        "sub": hexl(32)(rng),
        "aud": "AUTH",
        "iat": issued,
        "nbf": issued,
        "exp": issued + 604800,
        "jti": uuid(rng),
        "schemas": ["urn:siemens:mindsphere:v1"],
        "ten": "acmeprd",
        "client_credentials_profile": ["SHARED_SECRET"],
    }
    body = _b64u(json.dumps(payload, separators=(",", ":")).encode())
    return f"{header}.{body}.{b64url(342)(rng)}"


def pi_web_id(path: str):
    """A PI Web API full WebId for a PI point: `F1DP`, the server GUID, the point id, the encoded path."""

    def make(rng: random.Random) -> str:
        guid = _b64u(bytes(rng.randrange(256) for _ in range(16)))
        point = _b64u(rng.randrange(1, 200000).to_bytes(4, "little"))
        return "F1DP" + guid + point + _b64u(path.upper().encode())

    return make


def jetty_session(rng: random.Random) -> str:
    return "node0" + lower_alnum(26)(rng) + digits(1)(rng) + ".node0"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 25, "the rules for 180 to 184")

TEMPLATES: list = [
    # ---- Node-RED
    S(
        IIOT,
        "node_red_credential_secret",
        "$ cat ~/.node-red/settings.js | sed -n '20,34p'\nmodule.exports = {\n"
        '    flowFile: "flows.json",\n    credentialSecret: "{v}",\n    flowFilePretty: true,\n'
        "    uiPort: process.env.PORT || 1880,",
        b62(32),
    ),
    S(
        IIOT,
        "node_red_admin_token",
        "$ curl -s http://edge-gw-03.plant.local:1880/auth/token --data "
        "'client_id=node-red-admin&grant_type=password&scope=*&username=admin&password=$NR_PASS'\n"
        '{"access_token":"{v}","expires_in":604800,"token_type":"Bearer"}',
        random_b64(128),
    ),
    # ---- PTC ThingWorx
    S(
        IIOT,
        "thingworx_appkey_header",
        "$ curl -s -X GET https://twx.acme-mfg.com/Thingworx/Things/Press07/Properties/SpindleTemp"
        ' -H "Accept: application/json" -H "appKey: {v}"',
        uuid,
    ),
    S(
        IIOT,
        "thingworx_appkey_query",
        "2024-06-11 08:14:02 INFO  poller  POST https://twx.acme-mfg.com/Thingworx/Things/Line3.OEE"
        "/Services/UpdateCounts?appKey={v}&method=post -> 200 (41 ms)",
        uuid,
    ),
    # ---- InfluxDB 2 and Telegraf
    S(
        IIOT,
        "telegraf_influx_token",
        "$ cat /etc/telegraf/telegraf.d/outputs.conf\n[[outputs.influxdb_v2]]\n"
        '  urls = ["http://influxdb.plant.local:8086"]\n  token = "{v}"\n'
        '  organization = "acme-ops"\n  bucket = "line3_raw"',
        influx_token,
    ),
    S(
        IIOT,
        "influx_config_create",
        "$ influx config create --config-name plant-historian --host-url http://influxdb.plant.local:8086"
        " --org acme-ops --token {v} --active",
        influx_token,
    ),
    S(
        IIOT,
        "influx_auth_create_output",
        "$ influx auth create --org acme-ops --description telegraf-line3 --write-bucket {bid}\n"
        "ID\t\t\tDescription\tToken\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tUser Name\tUser ID\t\t\tPermissions\n"
        "{aid}\ttelegraf-line3\t{v}\tadmin\t\t{uid}\t[write:orgs/{oid}/buckets/{bid}]",
        influx_token,
        bid=hexl(16),
        aid=hexl(16),
        uid=hexl(16),
        oid=hexl(16),
    ),
    S(
        IIOT,
        "telegraf_opcua_password",
        '[[inputs.opcua]]\n  name = "kepware_line3"\n  endpoint = "opc.tcp://kep01.plant.local:49320"\n'
        '  security_policy = "Basic256Sha256"\n  security_mode = "SignAndEncrypt"\n'
        '  auth_method = "UserName"\n  username = "telegraf"\n  password = "{v}"',
        password(16),
    ),
    S(
        IIOT,
        "telegraf_mqtt_password",
        '[[inputs.mqtt_consumer]]\n  servers = ["ssl://{host}.s1.eu.hivemq.cloud:8883"]\n'
        '  topics = ["plant/+/oee"]\n  username = "telegraf-ingest"\n  password = "{v}"\n  data_format = "json"',
        b62(20),
        host=hexl(32),
    ),
    # ---- Kepware Configuration API
    S(
        IIOT,
        "kepware_config_api_basic",
        "$ curl -s -u 'Administrator:{v}' http://127.0.0.1:57412/config/v1/project/channels | jq '.[].common.ALLTYPES_NAME'",
        password(14),
    ),
    # ---- Inductive Automation Ignition
    S(
        IIOT,
        "ignition_compose_admin_password",
        "services:\n  gateway:\n    image: inductiveautomation/ignition:8.1.43\n    ports:\n      - 8088:8088\n"
        '    environment:\n      ACCEPT_IGNITION_EULA: "Y"\n      GATEWAY_ADMIN_USERNAME: admin\n'
        '      GATEWAY_ADMIN_PASSWORD: "{v}"\n      IGNITION_EDITION: standard',
        password(18),
    ),
    S(
        IIOT,
        "ignition_api_token_header",
        '$ curl -sk https://ign-gw01.plant.local:8043/data/api/v1/gateway-info -H "X-Ignition-API-Token: {v}"',
        b64url(43),
    ),
    S(
        IIOT,
        "ignition_httpget_password",
        '    resp = system.net.httpGet("https://mes.plant.local/api/workorders?line=3",'
        ' username="svc_ignition", password="{v}")',
        password(15),
    ),
    S(
        IIOT,
        "perspective_session_cookie",
        "$ curl -sk -b 'JSESSIONID={v}' https://ign-gw01.plant.local:8043/data/perspective/client/Line3Dashboard"
        " -o /dev/null -w '%{http_code}\\n'\n200",
        jetty_session,
    ),
    # ---- HiveMQ Cloud
    S(
        IIOT,
        "hivemq_mosquitto_pub",
        "$ mosquitto_pub -h {host}.s1.eu.hivemq.cloud -p 8883 --capath /etc/ssl/certs/ -u line3-edge -P '{v}'"
        " -t plant/line3/oee -m '{\"oee\":0.82}'",
        password(16),
        host=hexl(32),
    ),
    S(
        IIOT,
        "hivemq_mqtt_cli",
        "$ mqtt sub -h {host}.s2.eu.hivemq.cloud -p 8883 -s -u dashboard -pw '{v}' -t 'plant/#' -q 1",
        password(20),
        host=hexl(32),
    ),
    # ---- EMQX
    S(
        IIOT,
        "emqx_api_secret",
        "$ curl -s -u {key}:{v} http://emqx.plant.local:18083/api/v5/clients?limit=5 | jq '.meta'",
        b62(46),
        key=hexl(16),
    ),
    S(
        IIOT,
        "emqx_api_key_bootstrap",
        "$ cat /opt/emqx/etc/default_api_key.conf\n{key}:{v}:administrator",
        b62(46),
        key=hexl(16),
    ),
    S(
        IIOT,
        "emqx_dashboard_password",
        "$ docker run -d --name emqx -p 1883:1883 -p 8883:8883 -p 18083:18083"
        " -e EMQX_DASHBOARD__DEFAULT_PASSWORD='{v}' emqx/emqx:5.7.1",
        password(16),
    ),
    # ---- OPC UA clients
    S(
        IIOT,
        "asyncua_url_credentials",
        '    client = Client(url="opc.tcp://operator:{v}@10.20.1.15:4840/freeopcua/server/", timeout=10)',
        b62(18),
    ),
    S(
        IIOT,
        "node_opcua_session",
        "const session = await client.createSession({\n  type: UserTokenType.UserName,\n"
        '  userName: "historian",\n  password: "{v}",\n});',
        password(17),
    ),
    # ---- Siemens Insights Hub / MindSphere
    S(
        IIOT,
        "mindsphere_space_auth_key",
        "$ curl -s -X POST https://gateway.eu1.mindsphere.io/api/technicaltokenmanager/v3/oauth/token"
        ' -H "X-SPACE-AUTH-KEY: Basic {v}" -H "Content-Type: application/json"'
        ' -d \'{"appName":"line3oee","appVersion":"1.2.0","hostTenant":"acmeprd","userTenant":"acmeprd"}\'',
        basic_auth("acmeprd-line3oee-1.2.0", b62(43)),
    ),
    S(
        IIOT,
        "mindsphere_boarding_iat",
        '{"content":{"baseUrl":"https://southgate.eu1.mindsphere.io","iat":"{v}",'
        '"clientCredentialProfile":["SHARED_SECRET"],"clientId":"{cid}","tenant":"acmeprd"},'
        '"expiration":"2024-06-20T09:12:44.000Z"}',
        boarding_iat,
        cid=hexl(32),
    ),
    # ---- AVEVA PI Web API
    S(
        IIOT,
        "pi_web_api_basic",
        "$ curl -s -u 'PLANT\\svc-piweb:{v}' https://pisrv01.plant.local/piwebapi/dataservers | jq '.Items[].Name'",
        password(14),
    ),
    # ---- Azure IoT Hub
    S(
        IIOT,
        "azure_iot_device_connection_string",
        'IOTHUB_DEVICE_CONNECTION_STRING="HostName=acme-plant-hub.azure-devices.net;DeviceId=press-07;SharedAccessKey={v}"',
        random_b64(32),
    ),
    # ---- look-alikes: references to a secret store or the environment
    L(
        IIOT,
        "node_red_secret_env_ref",
        "module.exports = {\n    credentialSecret: {v},\n    adminAuth: require('./user-authentication'),",
        const("process.env.NODE_RED_CREDENTIAL_SECRET"),
    ),
    L(
        IIOT,
        "thingworx_appkey_env_ref",
        "const res = await fetch(`${TWX_URL}/Thingworx/Things/${thing}/Properties`, {\n"
        '  headers: { Accept: "application/json", appKey: {v} },\n});',
        const("process.env.TWX_APP_KEY"),
    ),
    L(
        IIOT,
        "thingworx_appkey_placeholder",
        '$ curl -X GET "https://<server>/Thingworx/Things/MyThing/Properties" -H "appKey: {v}"',
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        IIOT,
        "telegraf_token_env_ref",
        '[[outputs.influxdb_v2]]\n  urls = ["$INFLUX_URL"]\n  token = "{v}"\n  organization = "acme-ops"',
        const("${INFLUX_TOKEN}"),
    ),
    L(
        IIOT,
        "telegraf_secretstore_ref",
        '  username = "telegraf-ingest"\n  password = "{v}"\n\n[[secretstores.os]]\n  id = "vault"',
        const("@{vault:hivemq_password}"),
    ),
    L(
        IIOT,
        "telegraf_opcua_key_path",
        '  certificate = "/etc/telegraf/opcua/cert.pem"\n  private_key = "{v}"\n  auth_method = "Certificate"',
        const("/etc/telegraf/opcua/key.pem"),
    ),
    L(
        IIOT,
        "ignition_password_file",
        "    environment:\n      GATEWAY_ADMIN_USERNAME: admin\n      GATEWAY_ADMIN_PASSWORD_FILE: {v}\n"
        "    secrets:\n      - gateway-admin-password",
        const("/run/secrets/gateway-admin-password"),
    ),
    L(
        IIOT,
        "hivemq_password_env_ref",
        "$ mosquitto_sub -h {host}.s1.eu.hivemq.cloud -p 8883 --capath /etc/ssl/certs/ -u line3-edge"
        " -P \"{v}\" -t 'plant/line3/#' -v",
        const("$HIVEMQ_PASSWORD"),
        host=hexl(32),
    ),
    L(
        IIOT,
        "opcua_password_env_ref",
        '    client.set_user("operator")\n    client.set_password({v})',
        const('os.environ["OPCUA_PASSWORD"]'),
    ),
    L(
        IIOT,
        "mindsphere_auth_key_env_ref",
        "$ curl -s -X POST $MDSP_GATEWAY/api/technicaltokenmanager/v3/oauth/token -H 'X-SPACE-AUTH-KEY: Basic {v}'",
        const("${MDSP_SPACE_AUTH_KEY}"),
    ),
    # ---- look-alikes: masked values and non-secret values under secret-sounding names
    L(
        IIOT,
        "emqx_redacted_response",
        "$ curl -s -u $EMQX_API_KEY:$EMQX_API_SECRET http://emqx.plant.local:18083/api/v5/connectors/influxdb:historian"
        ' | jq -c .parameters\n{"server":"influxdb.plant.local:8086","token":"{v}","org":"acme-ops","bucket":"line3"}',
        const("******"),
    ),
    L(
        IIOT,
        "opcua_security_string",
        "    await client.set_security_string({v})",
        const('"Basic256Sha256,SignAndEncrypt,certs/client_cert.der,certs/client_key.pem"'),
    ),
    # ---- look-alikes: public ids, hosts and key ids
    L(
        IIOT,
        "influx_org_id",
        "$ influx bucket create --name line3_raw --org-id {v} --retention 90d",
        hexl(16),
    ),
    L(
        IIOT,
        "influx_bucket_list",
        "$ influx bucket list --org acme-ops\nID\t\t\tName\t\tRetention\tShard group duration\tOrganization ID\t\tSchema Type\n"
        "{v}\tline3_raw\t2160h0m0s\t24h0m0s\t\t\t{oid}\timplicit",
        hexl(16),
        oid=hexl(16),
    ),
    L(
        IIOT,
        "kepware_project_id",
        '$ curl -s -u Administrator:$KEP_PW http://127.0.0.1:57412/config/v1/project/channels/Line3 | jq -c .\n{"PROJECT_ID": {v}, "common.ALLTYPES_NAME": "Line3", "servermain.MULTIPLE_TYPES_DEVICE_DRIVER": "Siemens TCP/IP Ethernet"}',
        digits(8),
    ),
    L(
        IIOT,
        "hivemq_cluster_host",
        "Cluster details\n  URL:           {v}.s1.eu.hivemq.cloud\n  Port (TLS):    8883\n  Port (WS/TLS): 8884",
        hexl(32),
    ),
    L(
        IIOT,
        "emqx_api_key_id",
        "$ curl -s -u $EMQX_API_KEY:$EMQX_API_SECRET http://emqx.plant.local:18083/api/v5/api_key | jq -c '.[0]'\n"
        '{"api_key":"{v}","name":"grafana-ro","enable":true,"expired_at":"infinity","role":"viewer"}',
        hexl(16),
    ),
    L(
        IIOT,
        "mqttx_client_id",
        "[2024-06-11 08:20:17] [INFO] Connected to mqtts://emqx.plant.local:8883 as clientId {v}",
        join("mqttx_", hexl(8)),
    ),
    L(
        IIOT,
        "opcua_cert_thumbprint",
        "$ opcua-client-cert show ./pki/own/certs/client_cert.der\nSubject:     CN=Telegraf OPC UA Client, O=Acme\n"
        "ApplicationUri: urn:kep01:telegraf:opcua\nThumbprint:  {v}",
        hexu(40),
    ),
    L(
        IIOT,
        "opcua_guid_nodeid",
        'node = client.get_node("ns=2;g={v}")\nvalue = await node.read_value()',
        uuid,
    ),
    L(
        IIOT,
        "mindsphere_client_id",
        "$ jq -r .content.clientId ~/agents/press07/onboarding.json\n{v}",
        hexl(32),
    ),
    L(
        IIOT,
        "pi_web_id",
        '$ curl -s -u "PLANT\\\\svc-piweb:$PIWEB_PW" https://pisrv01.plant.local/piwebapi/streams/{v}/value | jq .Value',
        pi_web_id("PISRV01\\LINE3.FIC101.PV"),
    ),
    L(
        IIOT,
        "azure_x509_thumbprint",
        "$ az iot hub device-identity create --hub-name acme-plant-hub --device-id gw-07"
        " --auth-method x509_thumbprint --primary-thumbprint {v}",
        hexu(40),
    ),
    # ---- look-alikes: hashes and digests
    L(
        IIOT,
        "node_red_project_commit",
        "$ git -C ~/.node-red/projects/line3-flows log -1 --format='%H %s'\n{v} Add OEE counters for press 07",
        hexl(40),
    ),
    L(
        IIOT,
        "ignition_image_digest",
        "$ docker pull inductiveautomation/ignition:8.1.43\n8.1.43: Pulling from inductiveautomation/ignition\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for inductiveautomation/ignition:8.1.43",
        hexl(64),
    ),
]
