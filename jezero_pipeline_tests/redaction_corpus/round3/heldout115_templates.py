"""A hundred-and-fifteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of 3D-printer hosts, print farms and print-on-demand APIs: OctoPrint
(the 32-hex `X-Api-Key` / `Authorization: Bearer` / `?apikey=` key, `config.yaml`'s `api.key`, the
Application Keys plugin's poll answer, a plugin's masked log line), Moonraker for Klipper (the
32-hex key from `/access/api_key` and `fetch-apikey.sh`, `server.connection.identify` over the
websocket, oneshot tokens in a `?token=` query, login JWTs, `[mqtt]` passwords in the secrets file,
Apprise notifier URLs, update-manager hashes) with KlipperScreen and Mainsail beside it, PrusaLink
(the 15-character key PrusaSlicer keeps as `printhost_apikey`, digest auth as `maker`), Prusa
Connect (the printer token of `prusa_printer_settings.ini`, the 20-character camera `Token` header),
Bambu Lab (the 8-digit LAN access code as the `bblp` password for MQTT on 8883 and RTSPS on 322, the
cloud token under `accessCode` for `u_<uid>` on the cloud broker), Obico (`auth_token` in
`moonraker-obico.cfg`), SimplyPrint (`X-API-KEY` with the company id in the path), Repetier-Server
(`apikey=` on `/printer/api/<slug>`), Duet RepRapFirmware (`M551 P"…"`, `rr_connect?password=`, the
M122 board id), Printful (private tokens, `X-PF-Store-Id`, the legacy key in basic auth), Printify
(RS256 personal access tokens starting `eyJ`) and Gelato (`X-API-KEY` to order.gelatoapis.com), in
commands, config files, code and tool output, with the public values the same documentation shows
beside them: serial numbers, store, shop, company and order ids, promise UIDs, fingerprints, MCU
ids, commit hashes, masked keys, placeholders and secret-store references.

First score, blind, before any rule changed for it (after the rules for 110 to 114):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a key printed alone by Moonraker's
`fetch-apikey.sh`, a Bambu access code of 8 digits after `mosquitto_sub -u bblp -P`,
RepRapFirmware's `M551 P"<password>"`; altered: a Klipper MCU's serial path `/dev/serial/by-id/…`
under `serial:`).
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
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

PR = "printing"

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def jwt(alg: str, payload, sig_len: int):
    """A JWT whose header and payload are real base64url JSON and whose signature is random."""

    def make(rng: random.Random) -> str:
        head = _b64url_json({"alg": alg, "typ": "JWT"})
        body = _b64url_json(payload(rng))
        return f"{head}.{body}.{b64url(sig_len)(rng)}"

    return make


def _printify_claims(rng: random.Random) -> dict:
    iat = rng.randrange(1_700_000_000, 1_740_000_000)
    return {
        "aud": hexl(32)(rng),
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 31_536_000,
        "sub": digits(8)(rng),
        "scopes": ["shops.read", "catalog.read", "orders.read", "orders.write", "products.read", "uploads.write"],
    }


def _bambu_claims(rng: random.Random) -> dict:
    iat = rng.randrange(1_700_000_000, 1_740_000_000)
    return {"iss": "bambulab", "aud": "bambu_studio", "iat": iat, "exp": iat + 7_776_000, "jti": uuid(rng)}


def _moonraker_claims(rng: random.Random) -> dict:
    iat = rng.randrange(1_700_000_000, 1_740_000_000)
    return {"iss": "Moonraker", "iat": iat, "exp": iat + 3600, "username": "farmops", "token_type": "access"}


def printful_legacy_basic(rng: random.Random) -> str:
    """Printful's legacy store key `xxxxxxxx-xxxx-xxxx:xxxx-xxxxxxxxxxxx`, base64 for basic auth."""
    key = f"{lower_alnum(8)(rng)}-{lower_alnum(4)(rng)}-{lower_alnum(4)(rng)}:{lower_alnum(4)(rng)}-{lower_alnum(12)(rng)}"
    return base64.b64encode(key.encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def telegram_bot_token(rng: random.Random) -> str:
    return digits(10)(rng) + ":AA" + b64url(33)(rng)


octo_key = hexu(32)
moon_key = hexl(32)
access_code = digits(8)
bambu_serial = join("01P00A", digits(9))
printify_token = jwt("RS256", _printify_claims, 342)
gelato_key = join(uuid, "-", uuid, ":", uuid)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 110 to 114")

TEMPLATES = [
    # ---- secrets: OctoPrint
    S(
        PR,
        "octoprint_x_api_key",
        '$ curl -s -H "X-Api-Key: {v}" http://octopi-3.farm.lan/api/job | jq -r .state\nPrinting',
        octo_key,
    ),
    S(
        PR,
        "octoprint_config_yaml",
        "$ sed -n 1,8p ~/.octoprint/config.yaml\napi:\n  allowCrossOrigin: false\n  key: {v}\nappearance:\n"
        "  color: orange\n  name: Ender 3 #7\nfeature:\n  modelSizeDetection: true",
        octo_key,
    ),
    S(
        PR,
        "octoprint_appkey_poll",
        "GET /plugin/appkeys/request/{req} HTTP/1.1 -> 200 OK\n"
        '{"api_key": "{v}"}\n[farmctl] stored application key for octopi-3 (user: farmops)',
        octo_key,
        req=b64url(43),
    ),
    # ---- secrets: Moonraker / Klipper / KlipperScreen
    S(
        PR,
        "moonraker_fetch_apikey",
        "pi@voron24:~ $ ~/moonraker/scripts/fetch-apikey.sh\n{v}",
        moon_key,
    ),
    S(
        PR,
        "moonraker_identify",
        '> {"jsonrpc": "2.0", "method": "server.connection.identify", "params": {"client_name": "farm-dashboard",'
        ' "version": "0.4.1", "type": "agent", "url": "https://git.farm.lan/ops/farm-dashboard", "api_key": "{v}"},'
        ' "id": {rid}}',
        moon_key,
        rid=join("4", digits(3)),
    ),
    S(
        PR,
        "moonraker_oneshot_url",
        "[webcam-proxy] opening wss://voron24.farm.lan/websocket?token={v} (oneshot, 5s)",
        pick(BASE32, 32),
    ),
    S(
        PR,
        "moonraker_login_jwt",
        '$ curl -s -X POST http://voron24.farm.lan/access/login -H "Content-Type: application/json" -d @login.json\n'
        '{"result": {"username": "farmops", "token": "{v}", "action": "user_logged_in", "source": "moonraker"}}',
        jwt("ES256", _moonraker_claims, 86),
    ),
    S(
        PR,
        "moonraker_mqtt_secrets",
        "$ cat ~/printer_data/moonraker.secrets\n[mqtt_credentials]\nusername: klipper-farm\npassword: {v}",
        password(18),
    ),
    S(
        PR,
        "moonraker_notifier_url",
        "[notifier print_done]\nurl: tgram://{v}/-100{chat}\nevents: complete, error\nbody: {event_name}: {filename}",
        telegram_bot_token,
        chat=digits(10),
    ),
    S(
        PR,
        "klipperscreen_api_key",
        "[printer Voron 2.4]\nmoonraker_host: 192.168.40.21\nmoonraker_port: 7125\nmoonraker_api_key: {v}",
        moon_key,
    ),
    # ---- secrets: PrusaLink / Prusa Connect
    S(
        PR,
        "prusaslicer_printhost_apikey",
        "host_type = prusalink\nprint_host = 192.168.40.33\nprinthost_apikey = {v}\nprinthost_authorization_type = key",
        b62(15),
    ),
    S(
        PR,
        "prusalink_digest",
        '$ curl -s --digest -u maker:{v} http://192.168.40.34/api/v1/status | jq .printer.state\n"IDLE"',
        b62(14),
    ),
    S(
        PR,
        "prusa_connect_printer_token",
        "$ cat prusa_printer_settings.ini\n[printer]\ntype = MK3S\nname = farm-mk3s-04\n\n[service::connect]\n"
        "hostname = connect.prusa3d.com\ntls = True\nport = 0\ntoken = {v}",
        b62(20),
    ),
    S(
        PR,
        "prusa_connect_camera_token",
        '$ curl -X PUT https://connect.prusa3d.com/c/snapshot -H "Token: {v}" -H "Fingerprint: {fp}"'
        ' -H "Content-Type: image/jpg" --data-binary @/tmp/cam0.jpg',
        b62(20),
        fp=uuid,
    ),
    # ---- secrets: Bambu Lab
    S(
        PR,
        "bambu_rtsps_access_code",
        '$ ffmpeg -loglevel error -rtsp_transport tcp -i "rtsps://bblp:{v}@192.168.40.51:322/streaming/live/1"'
        " -frames:v 1 -y /srv/farm/snaps/x1c-02.jpg",
        access_code,
    ),
    S(
        PR,
        "bambu_mqtt_access_code",
        "$ mosquitto_sub -h 192.168.40.52 -p 8883 --insecure -u bblp -P {v} -t 'device/{serial}/report' -C 1",
        access_code,
        serial=bambu_serial,
    ),
    S(
        PR,
        "bambu_cloud_token",
        'Thing bambulab:printer:p1s_cloud "P1S farm 3" [ serial="{serial}", hostname="us.mqtt.bambulab.com",'
        ' username="u_{uid}", accessCode="{v}", series="P" ]',
        jwt("RS256", _bambu_claims, 342),
        serial=bambu_serial,
        uid=digits(10),
    ),
    # ---- secrets: Obico, SimplyPrint, Repetier-Server
    S(
        PR,
        "obico_cfg_auth_token",
        "$ cat ~/printer_data/config/moonraker-obico.cfg\n[server]\nurl = https://app.obico.io\nauth_token = {v}\n\n"
        "[moonraker]\nhost = 127.0.0.1\nport = 7125",
        hexl(20),
    ),
    S(
        PR,
        "simplyprint_x_api_key",
        "$ curl -s https://api.simplyprint.io/{cid}/account/Test --header 'X-API-KEY: {v}'\n"
        '{"status":true,"message":"Your API key is valid!"}',
        uuid,
        cid=digits(5),
    ),
    S(
        PR,
        "repetier_apikey_query",
        '192.168.40.9 - - [14/Mar/2025:09:12:44 +0100] "GET /printer/api/ender5_plus?a=listPrinter&apikey={v}'
        ' HTTP/1.1" 200 1184',
        uuid,
    ),
    # ---- secrets: Duet RepRapFirmware
    S(
        PR,
        "duet_m551",
        '; Network\nM550 P"duet-corexy-01"      ; set printer name\nM551 P"{v}"           ; set password\n'
        "M552 S1                       ; enable network\nM586 P0 S1                    ; enable HTTP",
        password(12),
    ),
    S(
        PR,
        "duet_rr_connect",
        '$ curl -s "http://duet-corexy-01.farm.lan/rr_connect?password={v}&time=2025-3-14T09:20:07"\n'
        '{"err":0,"sessionTimeout":8000,"boardType":"duet3mb6hc102","apiLevel":1}',
        b62(12),
    ),
    # ---- secrets: Printful, Printify, Gelato
    S(
        PR,
        "printful_client_code",
        'pf = PrintfulClient(token="{v}", store_id={sid})\norders = pf.orders.list(status="pending", limit=50)',
        b62(40),
        sid=digits(8),
    ),
    S(
        PR,
        "printful_legacy_basic",
        "> GET /orders?status=failed HTTP/1.1\n> Host: api.printful.com\n> Authorization: Basic {v}\n> User-Agent: curl/8.5.0",
        printful_legacy_basic,
    ),
    S(
        PR,
        "printify_bearer",
        '$ curl -s https://api.printify.com/v1/shops.json -H "Authorization: Bearer {v}" | jq ".[].title"',
        printify_token,
    ),
    S(
        PR,
        "gelato_x_api_key",
        "$ curl -X POST https://order.gelatoapis.com/v4/orders -H 'Content-Type: application/json'"
        " -H 'X-API-KEY: {v}' -d @order-{ref}.json",
        gelato_key,
        ref=digits(6),
    ),
    # ---- look-alikes: public ids and serials
    L(
        PR,
        "octoprint_upnp_uuid",
        "plugins:\n  discovery:\n    publicPort: 80\n    upnpUuid: {v}\n  softwareupdate:\n    _config_version: 9",
        uuid,
    ),
    L(
        PR,
        "klipper_mcu_serial",
        "[mcu]\nserial: /dev/serial/by-id/usb-Klipper_stm32f446xx_{v}-if00\nrestart_method: command",
        hexu(24),
    ),
    L(
        PR,
        "prusa_connect_fingerprint",
        '  "sn": "{sn}",\n  "fingerprint": "{v}",\n  "printer_type": "1.3.1",\n  "firmware": "3.14.1-8237"',
        hexl(64),
        sn=join("CZPX", digits(4), "X004XK", digits(5)),
    ),
    L(
        PR,
        "prusa_connect_printer_uuid",
        "[farmctl] opened https://connect.prusa3d.com/printer/{v}/dashboard for farm-mk4-11",
        uuid,
    ),
    L(
        PR,
        "bambu_serial_topic",
        "[bambu] subscribed device/{v}/report on 192.168.40.52:8883 (qos 0)",
        bambu_serial,
    ),
    L(
        PR,
        "bambu_cloud_username",
        '  bambu_cloud:\n    region: us\n    username: "{v}"\n    hostname: us.mqtt.bambulab.com',
        join("u_", digits(10)),
    ),
    L(
        PR,
        "bambu_ca_fingerprint",
        "$ openssl x509 -in bbl_printer.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        PR,
        "duet_board_id",
        "=== Diagnostics ===\nRepRapFirmware for Duet 3 MB6HC version 3.5.1 (2024-04-19 14:39:19) running on Duet 3 MB6HC v1.02\n"
        "Board ID: {v}\nUsed output buffers: 3 of 40 (12 max)",
        groups(upper_alnum(5), 6),
    ),
    L(
        PR,
        "simplyprint_company_id",
        "SIMPLYPRINT_BASE_URL=https://api.simplyprint.io/{v}/\nSIMPLYPRINT_API_KEY=${SIMPLYPRINT_API_KEY:?set in vault}",
        digits(5),
    ),
    L(
        PR,
        "printful_store_id",
        '$ curl -s https://api.printful.com/v2/orders -H "Authorization: Bearer $PRINTFUL_TOKEN" -H "X-PF-Store-Id: {v}"',
        digits(8),
    ),
    L(
        PR,
        "printful_oauth_client_id",
        "redirecting to https://www.printful.com/oauth/authorize?client_id={v}&redirect_url=https%3A%2F%2Fshop.example%2Fpf%2Fcallback&state={st}",
        join("app-", digits(7)),
        st=hexl(16),
    ),
    L(
        PR,
        "printify_product_id",
        "PUT https://api.printify.com/v1/shops/{shop}/products/{v}.json -> 200 (variants: 18, published: false)",
        hexl(24),
        shop=digits(8),
    ),
    L(
        PR,
        "gelato_promise_uid",
        '  "promiseUid": "{v}",\n  "shipmentMethodUid": "normal",\n  "currency": "EUR",',
        join("d_", hexl(24)),
    ),
    L(
        PR,
        "gelato_order_id",
        '$ curl -s https://order.gelatoapis.com/v4/orders/{v} -H "X-API-KEY: $GELATO_API_KEY" | jq .fulfillmentStatus\n"printed"',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        PR,
        "moonraker_update_hash",
        '      "mainsail": {\n        "channel": "stable",\n        "remote_hash": "{v}",\n        "is_valid": true',
        hexl(40),
    ),
    L(
        PR,
        "plugin_wheel_hash",
        "OctoPrint-Obico==2.5.2 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        PR,
        "moonraker_secret_template",
        "[mqtt]\naddress: mqtt.farm.lan\nport: 1883\nusername: {secrets.mqtt_credentials.username}\npassword: {v}",
        const("{secrets.mqtt_credentials.password}"),
    ),
    L(
        PR,
        "obico_placeholder",
        "[server]\nurl = https://app.obico.io\n# auth_token = {v}",
        const("<written by the link step, do not set by hand>"),
    ),
    L(
        PR,
        "repetier_ha_secret",
        "repetier:\n  - host: 192.168.40.9\n    port: 3344\n    api_key: {v}",
        const("!secret repetier_api_key"),
    ),
    L(
        PR,
        "duet_commented_placeholder",
        ';M551 P"{v}"                ; set login password\nM552 S1                      ; enable network',
        const("xxxxxxxxxx"),
    ),
    L(
        PR,
        "printful_key_placeholder",
        "# .env.example\nPRINTFUL_API_KEY={v}\nPRINTFUL_STORE_ID=",
        const("xxxxxxxx-xxxx-xxxx:xxxx-xxxxxxxxxxxx"),
    ),
    L(
        PR,
        "gha_secret_ref",
        "      - run: python scripts/sync_catalog.py --dry-run\n        env:\n          GELATO_API_KEY: {v}\n"
        "          PRINTIFY_API_TOKEN: ${{ secrets.PRINTIFY_API_TOKEN }}",
        const("${{ secrets.GELATO_API_KEY }}"),
    ),
    L(
        PR,
        "octoprint_masked_key",
        "2025-03-14 09:02:11,418 - octoprint.plugins.farmsync - INFO - Connected to octopi-3 with API key {v}",
        join("****************************", hexu(4)),
    ),
    L(
        PR,
        "bambu_diagnostics_redacted",
        '  "host": "192.168.40.51",\n  "serial": "**REDACTED**",\n  "access_code": "{v}",\n  "local_mqtt": true',
        const("**REDACTED**"),
    ),
    L(
        PR,
        "moonraker_placeholder",
        "[moonraker]\nhost = 127.0.0.1\nport = 7125\n# api_key = {v}",
        const("<paste the key from /access/api_key, or add this host to trusted_clients>"),
    ),
]
