"""A two-hundred-and-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of 3D printers and maker platforms: OctoPrint's API keys (32 upper-hex
values in `X-Api-Key` and the `apikey` query parameter, the docs' `abcdef...`, OctoPi image checksums),
Moonraker for Klipper with Mainsail and Fluidd (32-hex API keys, base32 oneshot tokens in a websocket
query string, its own HS256 JWTs, `moonraker.secrets`, the `[notifier]` Apprise URLs,
`{secrets.…}` templates, `canbus_uuid` and MCU serial paths), Obico for Klipper
(`moonraker-obico.cfg` and the `Authorization: Token` snapshot upload), PrusaLink (API key and the
`maker` digest login) and Prusa Connect (`prusa_printer_settings.ini`, camera `Token`/`Fingerprint`
headers, the SHA-256 printer fingerprint), Bambu Lab (LAN access codes over MQTT as `bblp` and in the
`rtsps://` camera URL, serial-number topics, cloud `accessToken` JWTs and `u_` user ids), Creality
Cloud (the OctoPrint plugin's `config.json` device triple), Duet RepRapFirmware (`rr_connect`,
`M551`, `crc32` upload checks, board ids), Repetier-Server (`x-api-key`), Thingiverse (client id and
secret), SimplyPrint (`X-API-KEY` with a company id in the path, file ids) and UltiMaker (local
`/auth/request` id and key, Digital Factory `umapi-` tokens), in commands, config files, code and tool
output, with the public ids, hashes, placeholders and references the same documentation shows beside
them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
23 of 25 secrets caught, 1 of 24 look-alikes altered (missed: Moonraker's one-shot token as `result`
in the response to `/access/oneshot_token`, Duet's machine password in `M551 P"…"` beside the
comment `; set machine password`; altered: UltiMaker's digest-auth id as curl's user beside a
password in a variable).
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
    groups,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

P3 = "printing3d"

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _b64url_json(obj: dict, sep: tuple[str, str] = (",", ":")) -> str:
    raw = json.dumps(obj, separators=sep).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def moonraker_jwt(rng: random.Random) -> str:
    """Moonraker's own HS256 access token: spaced JSON header, `iss: Moonraker`, float timestamps."""
    sep = (", ", ": ")
    header = _b64url_json({"alg": "HS256", "typ": "JWT"}, sep)
    iat = 1_700_000_000 + rng.randrange(50_000_000) + rng.random()
    payload = _b64url_json(
        {"iss": "Moonraker", "iat": iat, "exp": iat + 3600, "username": "printfarm", "token_type": "auth"}, sep
    )
    return f"{header}.{payload}.{b64url(43)(rng)}"


def ha_token(rng: random.Random) -> str:
    """A Home Assistant long-lived access token (HS256 JWT, 32-hex issuer)."""
    iat = 1_690_000_000 + rng.randrange(60_000_000)
    header = _b64url_json({"alg": "HS256", "typ": "JWT"})
    payload = _b64url_json({"iss": hexl(32)(rng), "iat": iat, "exp": iat + 315_360_000})
    return f"{header}.{payload}.{b64url(43)(rng)}"


def bambu_jwt(rng: random.Random) -> str:
    """A Bambu cloud `accessToken`: RS256 JWT with a long base64url signature."""
    iat = 1_710_000_000 + rng.randrange(40_000_000)
    header = _b64url_json({"alg": "RS256", "typ": "JWT"})
    payload = _b64url_json(
        {"sub": "u_" + digits(10)(rng), "iss": "bambulab", "iat": iat, "exp": iat + 7_776_000, "jti": uuid(rng)}
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def bambu_serial(rng: random.Random) -> str:
    return "01P00A" + digits(9)(rng)


base32 = pick(BASE32, 32)
telegram_bot = join(digits(10), ":AA", b64url(33))
duet_board_id = groups(upper_alnum(5), 6)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 24, "the rules for 200 to 204")

TEMPLATES = [
    # ---- secrets: OctoPrint
    S(
        P3,
        "octoprint_x_api_key",
        '$ curl -s -H "X-Api-Key: {v}" http://octopi.local/api/job | jq .state\n"Printing"',
        hexu(32),
    ),
    S(
        P3,
        "octoprint_query_apikey",
        '192.168.1.23 - - [14/Mar/2025:09:12:44 +0000] "GET /api/printer?apikey={v}&exclude=sd HTTP/1.1" 200 612',
        hexu(32),
    ),
    # ---- secrets: Moonraker / Klipper, Mainsail and Fluidd
    S(
        P3,
        "moonraker_api_key_code",
        'session = requests.Session()\nsession.headers.update({"X-Api-Key": "{v}"})\n'
        'r = session.get("http://voron24.local:7125/printer/objects/query?print_stats")',
        hexl(32),
    ),
    S(
        P3,
        "moonraker_oneshot",
        "$ curl -s -H 'Authorization: Bearer '$MR_JWT http://voron24.local:7125/access/oneshot_token\n"
        '{"result": "{v}"}',
        base32,
    ),
    S(
        P3,
        "fluidd_websocket_token",
        "[fluidd] socket: connecting to ws://voron24.local/websocket?token={v}",
        base32,
    ),
    S(
        P3,
        "moonraker_login_jwt",
        '$ curl -s -X POST http://voron24.local:7125/access/login -H "Content-Type: application/json"'
        ' -d @login.json | jq .result.token\n"{v}"',
        moonraker_jwt,
    ),
    S(
        P3,
        "moonraker_secrets_json",
        '$ cat ~/printer_data/moonraker.secrets\n{\n    "home_assistant": {\n        "token": "{v}"\n    }\n}',
        ha_token,
    ),
    S(
        P3,
        "moonraker_notifier_telegram",
        "[notifier telegram]\nurl: tgram://{v}/{chat}\nevents: error, complete\n"
        'body: "Print {event_args[1].filename} finished"',
        telegram_bot,
        chat=join("-100", digits(10)),
    ),
    # ---- secrets: Obico
    S(
        P3,
        "obico_cfg_auth_token",
        "[server]\nurl = https://app.obico.io\nauth_token = {v}\n\n[moonraker]\nhost = 127.0.0.1\nport = 7125",
        hexl(20),
    ),
    S(
        P3,
        "obico_pic_upload",
        '$ curl -F "pic=@/tmp/snap.jpg" -H "Authorization: Token {v}" https://app.obico.io/api/v1/octo/pic/\n'
        '{"result": "ok"}',
        hexl(20),
    ),
    # ---- secrets: PrusaLink and Prusa Connect
    S(
        P3,
        "prusalink_api_key",
        "$ curl -s http://192.168.1.64/api/v1/status -H 'X-Api-Key: {v}'",
        b62(15),
    ),
    S(
        P3,
        "prusalink_digest",
        "$ curl --digest -u maker:{v} -X PUT -H 'Print-After-Upload: ?1' "
        "--data-binary @benchy_0.4n_PLA_MK4.bgcode http://192.168.1.64/api/v1/files/usb/benchy.bgcode",
        b62(15),
    ),
    S(
        P3,
        "prusa_connect_ini",
        "$ cat /media/usb/prusa_printer_settings.ini\n[service::connect]\nhostname = connect.prusa3d.com\n"
        "tls = True\nport = 0\ntoken = {v}",
        b62(20),
    ),
    S(
        P3,
        "prusa_camera_token",
        "curl -s -X PUT https://connect.prusa3d.com/c/snapshot -H 'accept: */*' -H 'content-type: image/jpg'"
        ' -H "Fingerprint: {fp}" -H "Token: {v}" --data-binary @/run/cam/latest.jpg',
        b62(20),
        fp=uuid,
    ),
    # ---- secrets: Bambu Lab
    S(
        P3,
        "bambu_mqtt_access_code",
        "$ mosquitto_sub -h 192.168.1.57 -p 8883 --insecure -u bblp -P {v} -t 'device/{sn}/report' -C 1",
        digits(8),
        sn=bambu_serial,
    ),
    S(
        P3,
        "bambu_rtsp_url",
        'ffmpeg -rtsp_transport tcp -i "rtsps://bblp:{v}@192.168.1.57:322/streaming/live/1" -frames:v 1 snap.jpg',
        digits(8),
    ),
    S(
        P3,
        "bambu_cloud_access_token",
        '{"accessToken":"{v}","refreshToken":"","loginType":"","expiresIn":7776000,"refreshExpiresIn":0}',
        bambu_jwt,
    ),
    # ---- secrets: Creality Cloud
    S(
        P3,
        "creality_device_secret",
        "$ cat ~/.octoprint/data/crealitycloud/config.json\n"
        '{"region": 3, "deviceName": "{dn}", "productKey": "{pk}", "deviceSecret": "{v}", "iotType": 1}',
        b62(32),
        dn=hexl(16),
        pk=join("a1", b62(9)),
    ),
    # ---- secrets: Duet RepRapFirmware
    S(
        P3,
        "duet_rr_connect",
        '$ curl -s "http://duet3.local/rr_connect?password={v}&time=2025-03-14T09:40:11"\n'
        '{"err":0,"sessionTimeout":8000,"boardType":"duet3mb6hc102"}',
        b62(14),
    ),
    S(
        P3,
        "duet_m551",
        '; General\nM550 P"Duet3-Corexy"           ; set hostname\nM551 P"{v}"      ; set machine password\n'
        "G90                              ; absolute coordinates",
        password(12),
    ),
    # ---- secrets: Repetier-Server, Thingiverse, SimplyPrint, UltiMaker
    S(
        P3,
        "repetier_x_api_key",
        '$ curl -s -H "x-api-key: {v}" "http://localhost:3344/printer/api/Prusa_i3_MK3S?a=listPrinter"',
        uuid,
    ),
    S(
        P3,
        "thingiverse_client_secret",
        "# .env\nTHINGIVERSE_CLIENT_ID={cid}\nTHINGIVERSE_CLIENT_SECRET={v}\n"
        "THINGIVERSE_REDIRECT_URI=http://localhost:8080/callback",
        hexl(32),
        cid=hexl(20),
    ),
    S(
        P3,
        "simplyprint_api_key",
        "$ curl https://api.simplyprint.io/{cid}/account/Test --header 'X-API-KEY: {v}'\n"
        '{"status": true, "message": "Your API key is valid!"}',
        uuid,
        cid=digits(5),
    ),
    S(
        P3,
        "ultimaker_local_key",
        '$ curl -s -X POST -d "application=Cura farm sync" -d "user=ci" http://192.168.1.80/api/v1/auth/request\n'
        '{"id": "{id}", "key": "{v}"}',
        hexl(64),
        id=hexl(32),
    ),
    S(
        P3,
        "ultimaker_umapi",
        'requests.get("https://api.ultimaker.com/connect/v1/clusters", headers={"Authorization": "Bearer {v}"})',
        join("umapi-", b64url(43), "|main"),
    ),
    # ---- look-alikes: placeholders and references
    L(
        P3,
        "octoprint_doc_placeholder",
        "GET /api/files HTTP/1.1\nHost: example.com\nX-Api-Key: {v}",
        const("abcdef..."),
    ),
    L(
        P3,
        "moonraker_secrets_template",
        "[mqtt]\naddress: mqtt.lan\nport: 1883\nusername: {secrets.mqtt_credentials.username}\npassword: {v}",
        const("{secrets.mqtt_credentials.password}"),
    ),
    L(
        P3,
        "obico_placeholder",
        "[server]\nurl = https://app.obico.io\n# auth_token = {v}\n",
        const("<filled in by the link step>"),
    ),
    L(
        P3,
        "bambu_placeholder",
        "# .env.example\nBAMBU_PRINTER_IP=192.168.1.57\nBAMBU_SERIAL=01P00AXXXXXXXXX\nBAMBU_ACCESS_CODE={v}",
        const("<your-8-digit-access-code>"),
    ),
    L(
        P3,
        "repetier_env_ref",
        'curl -s -H "x-api-key: {v}" "http://farm-pi.local:3344/printer/list"',
        const("$REPETIER_APIKEY"),
    ),
    L(
        P3,
        "gha_secret_ref",
        "      - name: Upload gcode to OctoPrint\n        env:\n          OCTOPRINT_API_KEY: {v}\n"
        "        run: ./scripts/upload.sh build/part.gcode",
        const("${{ secrets.OCTOPRINT_API_KEY }}"),
    ),
    L(
        P3,
        "octoprint_masked",
        "octoprint-cli config show\n  url       http://octopi.local\n  api_key   {v}\n  timeout   10",
        join("****************************", hexu(4)),
    ),
    L(
        P3,
        "moonraker_api_key_file",
        "[authorization]\ncors_domains:\n  *://my.mainsail.xyz\n  *://app.fluidd.xyz\napi_key_file: {v}",
        const("~/.moonraker_api_key"),
    ),
    # ---- look-alikes: public ids
    L(
        P3,
        "bambu_serial_topic",
        "Subscribed to device/{v}/report (qos 0)\n"
        '{"print": {"gcode_state": "RUNNING", "mc_percent": 42, "layer_num": 118}}',
        bambu_serial,
    ),
    L(
        P3,
        "bambu_cloud_uid",
        "$ mosquitto_sub -h us.mqtt.bambulab.com -p 8883 -u {v} -P \"$BAMBU_TOKEN\" -t 'device/+/report'",
        join("u_", digits(10)),
    ),
    L(
        P3,
        "prusa_printer_uuid",
        "$ prusactl printers list\nNAME        STATE     UUID\nMK4-office  PRINTING  {v}",
        uuid,
    ),
    L(
        P3,
        "prusa_camera_fingerprint",
        'camera_fingerprint = "{v}"  # generated once with uuidgen, sent beside the token',
        uuid,
    ),
    L(
        P3,
        "creality_product_key",
        '  "productKey": "{v}",\n  "region": 3,\n  "iotType": 2,',
        join("a1", b62(9)),
    ),
    L(
        P3,
        "simplyprint_file_id",
        "$ curl -X POST https://api.simplyprint.io/{cid}/queue/AddItem -H 'X-API-KEY: '$SP_KEY"
        ' -d \'{"filesystem": "{v}"}\'',
        hexl(32),
        cid=digits(5),
    ),
    L(
        P3,
        "thingiverse_client_id",
        "Open this URL to authorize: https://www.thingiverse.com/login/oauth/authorize?client_id={v}"
        "&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fcallback&response_type=code",
        hexl(20),
    ),
    L(
        P3,
        "ultimaker_auth_id",
        'curl --digest -u {v}:"$UM_KEY" http://192.168.1.80/api/v1/auth/verify\n{"message": "ok"}',
        hexl(32),
    ),
    L(
        P3,
        "duet_board_id",
        "=== Diagnostics ===\nRepRapFirmware for Duet 3 MB6HC version 3.5.1 (2024-04-19 14:44:39) running on "
        "Duet 3 MB6HC v1.02 or later (standalone mode)\nBoard ID: {v}",
        duet_board_id,
    ),
    L(
        P3,
        "klipper_canbus_uuid",
        "[mcu EBBCan]\ncanbus_uuid: {v}\n\n[extruder]\nstep_pin: EBBCan: PD0",
        hexl(12),
    ),
    L(
        P3,
        "klipper_serial_path",
        "[mcu]\nserial: /dev/serial/by-id/usb-Klipper_stm32f446xx_{v}-if00\nrestart_method: command",
        hexu(24),
    ),
    # ---- look-alikes: hashes and checksums
    L(
        P3,
        "prusa_printer_fingerprint",
        ">>> sha256(SN.encode()).hexdigest()\n'{v}'",
        hexl(64),
    ),
    L(
        P3,
        "duet_crc32",
        '$ curl -s --data-binary @bracket.gcode "http://duet3.local/rr_upload?name=0:/gcodes/bracket.gcode&crc32={v}"\n'
        '{"err":0}',
        hexl(8),
    ),
    L(
        P3,
        "moonraker_remote_hash",
        '      "klipper": {\n        "version": "v0.12.0-396-g{short}",\n        "remote_hash": "{v}",\n'
        '        "is_dirty": false,',
        hexl(40),
        short=hexl(9),
    ),
    L(
        P3,
        "octoprint_plugin_commit",
        "$ ~/oprint/bin/pip install https://github.com/OctoPrint/OctoPrint-FirmwareCheck/archive/{v}.zip",
        hexl(40),
    ),
    L(
        P3,
        "octopi_checksum",
        "$ sha256sum 2024-10-22-octopi-bookworm-arm64-lite-1.1.0.img.xz\n{v}  2024-10-22-octopi-bookworm-arm64-lite-1.1.0.img.xz",
        hexl(64),
    ),
]
