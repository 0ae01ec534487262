"""A hundred-and-nineteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of robotics, drone and fleet platforms: Viam (machine API keys
with a UUID key id, `viam login api-key --key-id --key`, `viam organizations api-key create` output,
the `/etc/viam.json` cloud id/secret, the Python SDK's `with_api_key` and `at_address`, the
upload-module GitHub Action), Foxglove (`fox_sk_` API keys as bearer tokens and in the Python client,
`fox_dt_` device tokens for the Agent container, `dev_`/`prj_` ids, the docs' `fox_sk_...`), Formant
(service-account credentials printed by `fctl create service-account`, FORMANT_EMAIL/FORMANT_PASSWORD,
the admin login request and its access token, device UUIDs), InOrbit (the `x-auth-inorbit-app-key`
header and the Edge SDK `RobotSession`), the DJI Cloud API (App ID, App Key and App License in the
demo's config.ts, dock serials in MQTT topics), MAVLink 2 message signing (pymavlink `setup_signing`
and its `chr(42)*32` example, MAVProxy `signing setup`, PX4's `mavlink-signing-key.bin`, the all-zero
disabling key, firmware hashes), ROS 2 SROS2 keystores (an enclave `key.pem`, a CA key, the public
identity CA certificate, fingerprints, ROS_SECURITY_KEYSTORE), Husarnet join codes (`husarnet join`,
the ESP32 library, the `xxxx…` placeholder, Husarnet IPv6 addresses), the Skydio Cloud API (a bare
token in the Authorization header, API_TOKEN_ID), Freedom Robotics (`mc_token`/`mc_secret` URL
parameters, `A…` account ids), and balena fleets (`balena login --token`, `config.json`'s
deviceApiKey, device UUIDs of the same shape), in shell commands, tool output, config files and SDK
code, with the public ids, placeholders, references, masks and hashes the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 110 to 114):
21 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a MAVLink signing key as
`setup_signing(bytes.fromhex(…))`, MAVProxy's `signing setup <passphrase>`, Husarnet join codes
after an IPv6 address's `/`, on the command line and in `Husarnet.join(…)`; altered: Viam's `--key-
id=<uuid>`).
"""

from __future__ import annotations

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

RB = "robotics"

SHORTUUID = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
husarnet_code = pick(SHORTUUID, 22)

EC_PKCS8_HEAD = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"


def ec_pkcs8_body(rng: random.Random) -> str:
    """An EC P-256 PKCS#8 key body as sros2 writes it (184 base64 characters over three lines)."""
    return join(EC_PKCS8_HEAD, b64(16), "\n", b64(64), "\n", b64(56))(rng)


def ec_sec1_body(rng: random.Random) -> str:
    """An `openssl ecparam -genkey` SEC1 body (164 base64 characters over three lines)."""
    return join("MHcCAQEEI", b64(55), "\n", b64(64), "\n", b64(34), "==")(rng)


def cert_body(rng: random.Random) -> str:
    lines = [join("MIIBrDCCAVKgAwIBAgIU", b64(44))(rng)] + [b64(64)(rng) for _ in range(7)] + [b64(20)(rng) + "="]
    return "\n".join(lines)


def husarnet_ipv6(rng: random.Random) -> str:
    return "fc94:" + ":".join(hexl(4)(rng) for _ in range(7))


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


formant_jwt = join("eyJraWQiOiJ", b64url(62), ".eyJzdWIiOiJ", b64url(310), ".", b64url(342))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 1, 25, "the rules for 110 to 114")

TEMPLATES: list = [
    # ---- secrets: Viam
    S(
        RB,
        "viam_sdk_api_key",
        "async def connect():\n    opts = RobotClient.Options.with_api_key(\n"
        '        api_key="{v}",\n        api_key_id="{kid}",\n    )\n'
        '    return await RobotClient.at_address("rover-main.{loc}.viam.cloud", opts)',
        lower_alnum(32),
        kid=uuid,
        loc=lower_alnum(10),
    ),
    S(
        RB,
        "viam_cli_login",
        "$ viam login api-key --key-id={kid} --key={v}\nSuccessfully logged in with API key",
        lower_alnum(32),
        kid=uuid,
    ),
    S(
        RB,
        "viam_key_create_output",
        "$ viam organizations api-key create --org-id={org} --name=ci-module-upload\n"
        "Successfully created key:\nKey ID: {kid}\nKey Value: {v}",
        lower_alnum(32),
        org=uuid,
        kid=uuid,
    ),
    S(
        RB,
        "viam_cloud_secret",
        '$ sudo cat /etc/viam.json\n{"cloud":{"app_address":"https://app.viam.com:443","id":"{pid}","secret":"{v}"}}',
        lower_alnum(48),
        pid=uuid,
    ),
    # ---- secrets: Foxglove
    S(
        RB,
        "foxglove_bearer",
        '$ curl -s "https://api.foxglove.dev/v1/recordings?limit=5" -H "Authorization: Bearer {v}" | jq length\n5',
        join("fox_sk_", b62(32)),
    ),
    S(
        RB,
        "foxglove_client",
        "from foxglove_data_platform.client import Client\n\n"
        'client = Client(token="{v}")\nclient.upload_data(device_id="dev_{dev}", filename="run-0412.mcap", data=blob)',
        join("fox_sk_", b62(32)),
        dev=b62(16),
    ),
    S(
        RB,
        "foxglove_device_token",
        "$ docker run -d --name foxglove-agent -v /data/recordings:/storage -v agent-index:/index \\\n"
        "    -e FOXGLOVE_DEVICE_TOKEN={v} -e STORAGE_ROOT=/storage \\\n"
        "    us-central1-docker.pkg.dev/foxglove-images/images/agent:latest",
        join("fox_dt_", b62(32)),
    ),
    # ---- secrets: Formant
    S(
        RB,
        "formant_fctl_output",
        "$ fctl create service-account telemetry-export --role administrator --output text\n"
        "Service account created.\nemail: telemetry-export-{suffix}@formant.io\npassword: {v}",
        password(28),
        suffix=lower_alnum(6),
    ),
    S(
        RB,
        "formant_login_body",
        "$ curl -s -X POST https://api.formant.io/v1/admin/auth/login -H 'Content-Type: application/json' \\\n"
        '    -d \'{"email":"ingest-bot@kestrelfield.io","password":"{v}"}\'',
        b62(24),
    ),
    S(
        RB,
        "formant_access_token",
        '{"authentication":{"accessToken":"{v}","organizationId":"{org}","userId":"{uid}"}}',
        formant_jwt,
        org=uuid,
        uid=uuid,
    ),
    # ---- secrets: InOrbit
    S(
        RB,
        "inorbit_header",
        "$ curl -s https://api.inorbit.ai/robots?isOnline=true --header 'x-auth-inorbit-app-key: {v}'",
        b62(16),
    ),
    S(
        RB,
        "inorbit_edge_session",
        "from inorbit_edge.robot import RobotSession\n\n"
        'session = RobotSession(robot_id="mir250-dock-b", robot_name="MiR250 dock B", api_key="{v}")\nsession.connect()',
        b62(16),
    ),
    # ---- secrets: DJI Cloud API
    S(
        RB,
        "dji_app_key",
        "export const CURRENT_CONFIG = {\n  // license\n  appId: '{appid}',\n  appKey: '{v}',",
        hexl(32),
        appid=digits(6),
    ),
    S(
        RB,
        "dji_app_license",
        "  appLicense: '{v}',\n\n  // http\n  baseURL: 'https://fh.kestrelfield.io/',",
        b64(171, "="),
    ),
    # ---- secrets: MAVLink 2 signing
    S(
        RB,
        "pymavlink_setup_signing",
        "master = mavutil.mavlink_connection('udpin:0.0.0.0:14550')\n"
        'master.setup_signing(bytes.fromhex("{v}"), sign_outgoing=True)',
        hexl(64),
    ),
    S(RB, "mavproxy_signing_setup", "MAV> signing setup {v}\nSetup signing key", password(20)),
    S(
        RB,
        "px4_signing_key_dump",
        "$ xxd -p -c 32 /media/$USER/PX4SD/mavlink/mavlink-signing-key.bin\n{v}\n{ts}",
        hexl(64),
        ts=hexl(16),
    ),
    # ---- secrets: SROS2
    S(
        RB,
        "sros2_enclave_key",
        "$ cat ~/sros2_demo/demo_keystore/enclaves/talker_listener/talker/key.pem\n"
        "-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ec_pkcs8_body,
    ),
    S(
        RB,
        "sros2_ca_key",
        "$ sudo cat /opt/fleet/keystore/private/ca.key.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_sec1_body,
    ),
    # ---- secrets: Husarnet
    S(
        RB,
        "husarnet_join_cli",
        "$ sudo husarnet join fc94:b01d:1803:8dd8:b293:5c7d:7639:932a/{v} rosbot-xl-02\n"
        "[13:02:11] joining group... done",
        husarnet_code,
    ),
    S(
        RB,
        "husarnet_esp32",
        '  Husarnet.join("gripper-esp32", "fc94:b01d:1803:8dd8:b293:5c7d:7639:932a/{v}");\n  Husarnet.start();',
        husarnet_code,
    ),
    # ---- secrets: Skydio
    S(
        RB,
        "skydio_header",
        '$ curl -s "https://api.skydio.com/api/v0/vehicles?per_page=25" -H "accept: application/json" -H "Authorization: {v}"',
        hexl(64),
    ),
    # ---- secrets: Freedom Robotics
    S(
        RB,
        "freedom_url_params",
        "GET https://api.freedomrobotics.ai/accounts/A{acct}/devices?mc_token=T{tok}&mc_secret={v} -> 200",
        join("S", hexl(32)),
        acct=hexl(19),
        tok=hexl(24),
    ),
    # ---- secrets: balena
    S(
        RB,
        "balena_login_token",
        "$ balena login --token {v}\nSuccessfully logged in as: gh_kestrel_ci",
        b62(32),
    ),
    S(
        RB,
        "balena_config_json",
        '  "applicationId": {app},\n  "deviceType": "jetson-orin-nano-devkit-nvme",\n'
        '  "uuid": "{dev}",\n  "deviceApiKey": "{v}",\n  "apiEndpoint": "https://api.balena-cloud.com",',
        hexl(32),
        app=digits(7),
        dev=hexl(32),
    ),
    # ---- look-alikes: public ids
    L(
        RB,
        "viam_key_id",
        "$ viam login api-key --key-id={v} --key=$VIAM_API_KEY",
        uuid,
    ),
    L(
        RB,
        "viam_part_id",
        '{"cloud":{"app_address":"https://app.viam.com:443","id":"{v}","secret":"${VIAM_PART_SECRET}"}}',
        uuid,
    ),
    L(
        RB,
        "viam_machine_address",
        "    robot = await RobotClient.at_address('{v}', opts)",
        join("rover-main.", lower_alnum(10), ".viam.cloud"),
    ),
    L(
        RB,
        "foxglove_device_id",
        '$ foxglove data imports list --device-id {v} --format json | jq ".[0].importId"',
        join("dev_", b62(16)),
    ),
    L(RB, "foxglove_project_id", "export FOXGLOVE_DEFAULT_PROJECT_ID={v}", join("prj_", b62(16))),
    L(
        RB,
        "formant_device_id",
        '    result = fclient.query({"start": "2024-03-01T00:00:00.000Z", "deviceIds": ["{v}"], "names": ["$.host.cpu"]})',
        uuid,
    ),
    L(
        RB,
        "dji_dock_sn",
        'thing/product/{v}/osd {"data":{"mode_code":0,"drone_in_dock":1},"gateway":"{v}"}',
        upper_alnum(14),
    ),
    L(
        RB,
        "inorbit_robot_id",
        '$ curl -s https://api.inorbit.ai/robots/{v}/tags -H "x-auth-inorbit-app-key: $INORBIT_API_KEY"',
        digits(12),
    ),
    L(
        RB,
        "freedom_account_id",
        "    url = 'https://api.freedomrobotics.ai/accounts/' + '{v}' + '/devices'",
        join("A", hexl(19)),
    ),
    L(RB, "skydio_token_id", "API_TOKEN_ID={v}\nAPI_TOKEN=${SKYDIO_API_TOKEN:?missing}", uuid),
    L(RB, "balena_device_uuid", "$ balena device {v} --json | jq .is_online\ntrue", hexl(32)),
    L(
        RB,
        "husarnet_ipv6",
        "$ husarnet status\nHusarnet IP address: {v}\nJoined: yes\nWebsetup connection: established",
        husarnet_ipv6,
    ),
    # ---- look-alikes: hashes, certificates, fingerprints
    L(
        RB,
        "px4_firmware_sha256",
        "$ sha256sum build/px4_fmu-v6x_default/px4_fmu-v6x_default.px4\n{v}  build/px4_fmu-v6x_default/px4_fmu-v6x_default.px4",
        hexl(64),
    ),
    L(
        RB,
        "px4_git_hash",
        "nsh> ver git\nFW git-hash: {v}\nFW version: 1.15.2 0 (17760768)",
        hexl(40),
    ),
    L(
        RB,
        "sros2_public_cert",
        "$ cat ~/sros2_demo/demo_keystore/public/identity_ca.cert.pem\n"
        "-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        cert_body,
    ),
    L(
        RB,
        "sros2_cert_fingerprint",
        "$ openssl x509 -in enclaves/talker_listener/talker/cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    # ---- look-alikes: placeholders, examples and references
    L(RB, "viam_placeholder", "        api_key='{v}',\n        api_key_id='<API-KEY-ID>'", const("<API-KEY>")),
    L(RB, "foxglove_doc_placeholder", "# Foxglove Data Platform\nexport FOXGLOVE_API_KEY={v}", const("fox_sk_...")),
    L(
        RB,
        "formant_placeholder",
        'export FORMANT_EMAIL="<your-email>"\nexport FORMANT_PASSWORD="{v}"',
        const("<your-password>"),
    ),
    L(
        RB,
        "husarnet_placeholder",
        "# paste your own Join Code from app.husarnet.com here:\nJOINCODE=fc94:b01d:1803:8dd8:b293:5c7d:7639:932a/{v}",
        const("xxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        RB,
        "pymavlink_example_key",
        "    mav.signing.secret_key = {v}\n    mav.signing.link_id = 0",
        const("chr(42)*32"),
    ),
    L(
        RB,
        "mavlink_disable_key",
        "# disable signing: send SETUP_SIGNING with an all-zero key, signed with the current key\nsecret_key={v}",
        const("0" * 64),
    ),
    L(
        RB,
        "gha_secret_ref",
        "      - uses: viamrobotics/upload-module@v1\n        with:\n          key-id: ${{ secrets.VIAM_KEY_ID }}\n"
        "          key-value: {v}",
        const("${{ secrets.VIAM_KEY_VALUE }}"),
    ),
    L(
        RB,
        "sros2_keystore_path",
        "export ROS_SECURITY_KEYSTORE={v}\nexport ROS_SECURITY_ENABLE=true\nexport ROS_SECURITY_STRATEGY=Enforce",
        const("~/sros2_demo/demo_keystore"),
    ),
    L(
        RB,
        "masked_ci_log",
        'Run curl -s https://api.foxglove.dev/v1/devices -H "Authorization: Bearer {v}"',
        const("***"),
    ),
]
