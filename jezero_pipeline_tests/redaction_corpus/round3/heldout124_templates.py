"""A hundred-and-twenty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of security-camera and NVR software: Frigate (docker-compose
`environment:`, `{FRIGATE_…}` substitution in `config.yml`, the first-start admin password banner,
JWT bearer tokens on port 8971, `PLUS_API_KEY`, `auth.reset_admin_password`), go2rtc (`streams:`
RTSP URLs with credentials, `${VAR}` / `${VAR:default}` substitution, inline `-c key=value`
configs, `webrtc.ice_servers` credentials), Scrypted (`SCRYPTED_WEBHOOK_UPDATE_AUTHORIZATION`,
`SCRYPTED_ADMIN_TOKEN`, the compose file's `SET_THIS_TO_SOME_RANDOM_TEXT`), Shinobi (API key as
the first URL path segment before the group key, `conf.json` cron key), ZoneMinder (1.34+
`login.json` JWT access/refresh tokens, `?token=`, `connkey`, `zm.conf` database password),
Reolink (`api.cgi?cmd=…&token=`, short sessions with `&user=&password=`, `Login` with
`token=null`), Hikvision ISAPI (`curl --digest`, `WWW-Authenticate` nonces, `/Streaming/Channels/101`),
Dahua (`/cam/realmonitor?channel=1&subtype=0` RTSP URLs), UniFi Protect (integration API key in
`X-API-KEY`, uiprotect's `UFP_*` variables, 24-hex object ids), Blue Iris (`/json` API clients
built with a user and password), Ring (ring-client-api's `refreshToken`, homebridge-ring),
Arlo (pyaarlo `-u/-p`, IMAP 2FA settings), Eufy (eufy-security-ws credentials, station serials)
and ONVIF (python-onvif-zeep clients, WS-Security nonces), in commands, config files, code and
tool output, with the public ids, hashes, references and placeholders the same documentation
shows beside them. The Frigate+ and UniFi Protect API keys are generated in an assumed shape (the
documentation shows only placeholders for them).

First score, blind, before any rule changed for it (after the rules for 115 to 119):
24 of 26 secrets caught, 0 of 25 look-alikes altered (missed: Shinobi's API key as a URL's first
path segment, Reolink's login token under `"name"` inside `"Token"`).
"""

from __future__ import annotations

import base64
import json
import random
import string

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

CCTV = "cctv"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(claims):
    """An HS256 JWT whose payload comes from `claims(rng)`, with a random signature."""

    def make(rng: random.Random) -> str:
        head = _b64url_json({"alg": "HS256", "typ": "JWT"})
        return f"{head}.{_b64url_json(claims(rng))}.{b64url(43)(rng)}"

    return make


def frigate_claims(rng: random.Random) -> dict:
    return {"sub": "admin", "role": "admin", "exp": 1_760_000_000 + rng.randrange(10_000_000)}


def zm_claims(kind: str):
    def make(rng: random.Random) -> dict:
        iat = 1_720_000_000 + rng.randrange(10_000_000)
        return {"iss": "ZoneMinder", "iat": iat, "exp": iat + 3600, "user": "admin", "type": kind}

    return make


def ring_refresh(rng: random.Random) -> str:
    """ring-client-api's refresh token: base64 of a small JSON holding the OAuth refresh token and a hardware id."""
    body = json.dumps({"rt": b64url(180)(rng), "hid": hexl(32)(rng)}, separators=(",", ":"))
    return base64.b64encode(body.encode()).decode()


def colon_mac(rng: random.Random) -> str:
    h = hexu(12)(rng)
    return ":".join(h[i : i + 2] for i in range(0, 12, 2))


app_password = pick(string.ascii_lowercase, 16)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 25, "the rules for 115 to 119")

TEMPLATES: list = [
    # ---- secrets: Frigate
    S(
        CCTV,
        "frigate_compose_env",
        "    environment:\n      TZ: Europe/Amsterdam\n      FRIGATE_RTSP_USER: viewer\n"
        '      FRIGATE_RTSP_PASSWORD: "{v}"\n    volumes:\n      - ./config:/config',
        password(16),
    ),
    S(
        CCTV,
        "frigate_admin_banner",
        "frigate  | 2024-11-02 08:14:51.201 INFO : ********************************************************\n"
        "frigate  | 2024-11-02 08:14:51.201 INFO : ***    Auth is enabled, but no users exist.          ***\n"
        "frigate  | 2024-11-02 08:14:51.201 INFO : ***    User: admin                                   ***\n"
        "frigate  | 2024-11-02 08:14:51.201 INFO : ***    Password: {v}   ***",
        hexl(32),
    ),
    S(
        CCTV,
        "frigate_jwt_bearer",
        '$ curl -sk -H "Authorization: Bearer {v}" "https://nvr.home.lan:8971/api/events?camera=driveway&limit=5" | jq length',
        jwt(frigate_claims),
    ),
    S(
        CCTV,
        "frigate_plus_key",
        "      - PLUS_API_KEY={v}",
        join(uuid, ":", hexl(40)),
        note="Frigate+ key in an assumed id:secret shape",
    ),
    # ---- secrets: go2rtc and Scrypted
    S(
        CCTV,
        "go2rtc_stream_url",
        "streams:\n  driveway:\n    - rtsp://admin:{v}@192.168.1.64:554/Streaming/Channels/101\n"
        "    - ffmpeg:driveway#audio=opus",
        b62(12),
    ),
    S(
        CCTV,
        "go2rtc_inline_config",
        "ExecStart=/usr/local/bin/go2rtc -c /etc/go2rtc/go2rtc.yaml -c api.username=admin -c api.password={v}",
        b62(18),
    ),
    S(
        CCTV,
        "go2rtc_ice_credential",
        "webrtc:\n  ice_servers:\n    - urls: [ turn:turn.home.example:3478 ]\n      username: go2rtc\n"
        "      credential: {v}",
        b64(28),
    ),
    S(
        CCTV,
        "scrypted_webhook_bearer",
        "    environment:\n      - SCRYPTED_WEBHOOK_UPDATE_AUTHORIZATION=Bearer {v}\n"
        "      - SCRYPTED_WEBHOOK_UPDATE=http://localhost:10444/v1/update",
        b62(32),
    ),
    S(
        CCTV,
        "scrypted_admin_token",
        'env_vars:\n  - name: "SCRYPTED_ADMIN_USERNAME"\n    value: "hassioingress"\n'
        '  - name: "SCRYPTED_ADMIN_TOKEN"\n    value: "{v}"',
        hexl(40),
    ),
    # ---- secrets: Shinobi and ZoneMinder
    S(
        CCTV,
        "shinobi_api_path",
        "$ curl -s http://192.168.1.20:8080/{v}/monitor/{group}/ | jq '.[].mid'",
        b62(30),
        group=b62(10),
    ),
    S(
        CCTV,
        "shinobi_cron_key",
        '  "cron": {\n    "key": "{v}"\n  },\n  "pluginKeys": {\n    "Motion": "{plugin}"\n  }',
        b62(40),
        plugin=b62(32),
    ),
    S(
        CCTV,
        "zoneminder_login_output",
        '$ curl -s -XPOST -d "user=admin&pass=$ZM_PASS" https://zm.home.lan/zm/api/host/login.json\n'
        '{"access_token":"{v}","access_token_expires":3600,"version":"1.36.33","apiversion":"2.0"}',
        jwt(zm_claims("access")),
    ),
    S(
        CCTV,
        "zoneminder_refresh_query",
        'r = requests.get(f"{ZM_API}/host/login.json", params={"token": "{v}"}, timeout=10)',
        jwt(zm_claims("refresh")),
    ),
    S(
        CCTV,
        "zoneminder_db_conf",
        "$ sudo cat /etc/zm/conf.d/01-db.conf\nZM_DB_HOST=localhost\nZM_DB_NAME=zm\nZM_DB_USER=zmuser\nZM_DB_PASS={v}",
        password(14),
    ),
    # ---- secrets: camera vendors' own APIs and stream URLs
    S(
        CCTV,
        "reolink_short_session",
        '$ curl -sk "https://192.168.1.50/cgi-bin/api.cgi?cmd=Snap&channel=0&rs={rs}&user=admin&password={v}" -o porch.jpg',
        b62(14),
        rs=lower_alnum(16),
    ),
    S(
        CCTV,
        "reolink_login_token",
        '[\n   {\n      "cmd" : "Login",\n      "code" : 0,\n      "value" : {\n         "Token" : {\n'
        '            "leaseTime" : 3600,\n            "name" : "{v}"\n         }\n      }\n   }\n]',
        hexl(15),
    ),
    S(
        CCTV,
        "hikvision_isapi_digest",
        "$ curl -s --digest -u admin:{v} http://192.168.1.64/ISAPI/System/deviceInfo | xmllint --format -",
        password(12),
    ),
    S(
        CCTV,
        "dahua_rtsp_ffmpeg",
        'ffmpeg -rtsp_transport tcp -i "rtsp://admin:{v}@10.0.20.31:554/cam/realmonitor?channel=1&subtype=0"'
        " -frames:v 1 -y /tmp/gate.jpg",
        b62(11),
    ),
    S(
        CCTV,
        "unifi_protect_api_key",
        '$ curl -sk -H "X-API-KEY: {v}" -H "Accept: application/json"'
        " https://192.168.1.1/proxy/protect/integration/v1/cameras | jq '.[].name'",
        b64url(32),
        note="UniFi API key in an assumed shape",
    ),
    S(
        CCTV,
        "uiprotect_env",
        "$ UFP_USERNAME=ha-local UFP_PASSWORD='{v}' UFP_ADDRESS=192.168.1.1 uiprotect cameras list-ids",
        password(18),
    ),
    S(
        CCTV,
        "blueiris_client",
        'bi = BlueIris("http", "192.168.1.30:81", "hass", "{v}")\nbi.trigger("Frontdoor")',
        password(14),
    ),
    # ---- secrets: cloud cameras' unofficial clients and ONVIF
    S(
        CCTV,
        "ring_cli_output",
        'Successfully logged in to Ring. Please add the following to your config:\n\n"refreshToken": "{v}"',
        ring_refresh,
    ),
    S(
        CCTV,
        "pyaarlo_cli",
        "$ pyaarlo -u cameras@brightwater.home -p '{v}' list cameras",
        password(16),
    ),
    S(
        CCTV,
        "pyaarlo_imap_tfa",
        '    arlo = pyaarlo.PyArlo(username=ARLO_USER, password=ARLO_PASS, tfa_source="imap", tfa_type="email",\n'
        '                          tfa_host="imap.gmail.com", tfa_username="arlo.codes@gmail.com", tfa_password="{v}")',
        app_password,
    ),
    S(
        CCTV,
        "eufy_ws_docker",
        "$ docker run -d --name eufy-ws -p 3000:3000 -e USERNAME=eufy-guest@brightwater.home -e PASSWORD='{v}'"
        " -e COUNTRY=NL bropat/eufy-security-ws:latest",
        password(15),
    ),
    S(
        CCTV,
        "onvif_zeep_client",
        ">>> from onvif import ONVIFCamera\n>>> cam = ONVIFCamera('192.168.1.64', 80, 'onvif', '{v}')\n"
        ">>> cam.devicemgmt.GetDeviceInformation().Model",
        password(12),
    ),
    # ---- look-alikes: references, defaults and placeholders
    L(
        CCTV,
        "frigate_env_ref",
        "        inputs:\n          - path: rtsp://{FRIGATE_RTSP_USER}:{v}@10.0.10.10:554/cam/realmonitor?channel=1&subtype=2\n"
        "            roles:\n              - detect",
        const("{FRIGATE_RTSP_PASSWORD}"),
    ),
    L(
        CCTV,
        "frigate_reset_flag",
        "auth:\n  enabled: true\n  reset_admin_password: {v}\n  failed_login_rate_limit: 1/second;5/minute;20/hour",
        const("true"),
    ),
    L(
        CCTV,
        "compose_placeholder",
        '    environment:\n      FRIGATE_RTSP_PASSWORD: "{v}"   # set in .env, don\'t paste it here',
        const("x" * 21),
    ),
    L(
        CCTV,
        "go2rtc_env_ref",
        "streams:\n  camera1: rtsp://rtsp:{v}@192.168.1.123/av_stream/ch0",
        const("${CAMERA_PASSWORD}"),
    ),
    L(
        CCTV,
        "go2rtc_env_default",
        'rtsp:\n  username: {v}  # "admin" when RTSP_USER is unset\n  password: ${RTSP_PASS}',
        const("${RTSP_USER:admin}"),
    ),
    L(
        CCTV,
        "scrypted_placeholder",
        "      - WATCHTOWER_HTTP_API_TOKEN={v}\n      - WATCHTOWER_HTTP_API_UPDATE=true\n      - WATCHTOWER_SCOPE=scrypted",
        const("SET_THIS_TO_SOME_RANDOM_TEXT"),
    ),
    L(
        CCTV,
        "shinobi_cron_placeholder",
        '  "cron":{\n    "key":"{v}"\n  },',
        const("change_this_to_something_very_random__just_anything_other_than_this"),
    ),
    L(
        CCTV,
        "dahua_url_placeholder",
        "# rtsp://<username>:{v}@<ip>:554/cam/realmonitor?channel=<n>&subtype=0  (subtype 1 is the sub stream)",
        const("<password>"),
    ),
    L(
        CCTV,
        "reolink_token_null",
        '$ curl -sk -X POST "https://$HOST/cgi-bin/api.cgi?cmd=Login&token={v}" -d @login.json',
        const("null"),
    ),
    L(
        CCTV,
        "zoneminder_connkey",
        '<img src="/zm/cgi-bin/nph-zms?mode=jpeg&monitor=2&scale=50&maxfps=5&connkey={v}&token=${ZM_ACCESS_TOKEN}">',
        digits(6),
    ),
    L(
        CCTV,
        "blueiris_env_lookup",
        'BI_HOST = "http://127.0.0.1:81"\nBI_USER = "hass"\nBI_PASS = {v}',
        const('os.environ["BI_PASS"]'),
    ),
    L(
        CCTV,
        "ha_diagnostics_redacted",
        '  "data": {\n    "host": "192.168.1.1",\n    "username": "ha-local",\n    "api_key": "{v}",\n    "verify_ssl": false',
        const("**REDACTED**"),
    ),
    L(
        CCTV,
        "ring_doc_elided",
        "# .env (example; paste the whole token printed by `npm run auth`)\nRING_REFRESH_TOKEN={v}",
        join("eyJydCI6", "...", hexl(4)),
    ),
    # ---- look-alikes: public identifiers, nonces and hashes
    L(
        CCTV,
        "hikvision_digest_nonce",
        "< HTTP/1.1 401 Unauthorized\n"
        '< WWW-Authenticate: Digest qop="auth", realm="IP Camera(D4417)", nonce="{v}", stale="FALSE"',
        hexl(64),
    ),
    L(
        CCTV,
        "hikvision_serial",
        "<deviceName>Driveway</deviceName>\n<model>DS-2CD2143G2-I</model>\n<serialNumber>{v}</serialNumber>\n"
        "<macAddress>{mac}</macAddress>",
        join("DS-2CD2143G2-I", digits(8), "AAWR", upper_alnum(9)),
        mac=colon_mac,
    ),
    L(
        CCTV,
        "unifi_camera_id",
        '  {\n    "id": "{v}",\n    "modelKey": "camera",\n    "state": "CONNECTED",\n    "name": "G4 Doorbell Pro"\n  }',
        hexl(24),
    ),
    L(
        CCTV,
        "unifi_mac",
        "$ uiprotect cameras list-ids\n{id}  G5 Bullet Garage  {v}",
        hexu(12),
        id=hexl(24),
    ),
    L(
        CCTV,
        "shinobi_group_key",
        '{"mid":"{mid}","ke":"{v}","name":"Backyard","type":"h264","protocol":"rtsp","mode":"record"}',
        b62(10),
        mid=b62(10),
    ),
    L(
        CCTV,
        "reolink_uid",
        '"DevInfo" : { "model" : "RLC-810A", "firmVer" : "v3.1.0.2368_23062507", "uid" : "{v}", "channelNum" : 1 }',
        join("9527", upper_alnum(12)),
    ),
    L(
        CCTV,
        "frigate_event_id",
        "$ curl -s http://frigate:5000/api/events/{v}/snapshot.jpg?bbox=1 -o person.jpg",
        join("17", digits(8), ".", digits(6), "-", lower_alnum(6)),
    ),
    L(
        CCTV,
        "frigate_image_digest",
        "    image: ghcr.io/blakeblackshear/frigate@sha256:{v}",
        hexl(64),
    ),
    L(
        CCTV,
        "ring_location_id",
        '      "locationIds": ["{v}"],\n      "hideDoorbellSwitch": true,',
        uuid,
    ),
    L(
        CCTV,
        "arlo_device_id",
        "2024-10-21 19:02:44 pyaarlo: Front Door: got device id {v}, model VMC4041P",
        upper_alnum(13),
    ),
    L(
        CCTV,
        "eufy_station_serial",
        '{"type":"result","success":true,"result":{"serialNumber":"{v}","model":"T8010","name":"HomeBase 2"}}',
        join("T8010P", upper_alnum(10)),
    ),
    L(
        CCTV,
        "onvif_nonce",
        "DEBUG zeep.wsse: UsernameToken user=onvif nonce={v} created=2024-10-21T19:02:44Z digest=<omitted>",
        b64(22, "=="),
    ),
]
