"""A two-hundred-and-thirty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of digital signage and kiosk platforms: Yodeck API tokens
(`Authorization: Token name:token`), Xibo CMS applications (clientId / clientSecret, the
client_credentials grant at `/api/authorize/access_token`, Bearer access tokens, and the `xibo`
CLI / `meetup2xibo` style `.env`), the Screenly CLI and v4 API (`API_TOKEN`, `Authorization: Token`,
asset `bearer-auth` / `basic-auth`), Anthias (Screenly OSE) basic auth, Fully Kiosk Browser's
REST interface on port 2323 (`?cmd=…&password=…`, the Home Assistant integration), Kiosk
Satellite's remote password and login token, BrightSign bsn.cloud (BSN_CLIENT_ID / BSN_SECRET,
rDWS Bearer tokens, player serials), OptiSigns and OnSign GraphQL API keys, NoviSign's custom API
integration headers, TelemetryTV `Authorization: Token`, viewneo personal access tokens, Rise
Vision display ids and NovaStar VNNOX `AppKey`/`CheckSum` headers, in commands, config files,
code and tool output, with the public ids, placeholders, references and masks the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
24 of 25 secrets caught, 0 of 24 look-alikes altered (missed: a Yodeck token after `Token {LABEL}:`
in a Python f-string).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

SG = "signage"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def jwt_like(rng: random.Random) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"RS256","typ":"JWT"}').decode().rstrip("=")
    body = (
        base64.urlsafe_b64encode(
            ('{"sub":"' + uuid(rng) + '","net":"lobby-screens","exp":' + digits(10)(rng) + "}").encode()
        )
        .decode()
        .rstrip("=")
    )
    return f"{head}.{body}.{b64url(86)(rng)}"


def masked(tail):
    return lambda rng: "****" + tail(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 0, 24, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Yodeck
    S(
        SG,
        "yodeck_token_header",
        '$ curl -s https://app.yodeck.com/api/v2/screens/ -H "Authorization: Token lobby-sync:{v}"',
        b62(40),
    ),
    S(
        SG,
        "yodeck_token_python",
        'session.headers.update({{"Authorization": f"Token {{LABEL}}:{v}"}})'.replace("{{", "{").replace("}}", "}"),
        lower_alnum(40),
    ),
    # ---- secrets: Xibo CMS
    S(
        SG,
        "xibo_client_secret_curl",
        "$ curl -s -X POST https://signage.harbourline.net/api/authorize/access_token"
        " -d grant_type=client_credentials -d client_id={cid} -d client_secret={v}",
        b62(254),
        cid=b62(40),
    ),
    S(
        SG,
        "xibo_env_file",
        "$ cat .env\nXIBO_URL=https://cms.harbourline.net\nXIBO_CLIENT_ID={cid}\nXIBO_CLIENT_SECRET={v}",
        b62(254),
        cid=b62(40),
    ),
    S(
        SG,
        "xibo_access_token_json",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600}',
        b62(40),
    ),
    S(
        SG,
        "xibo_bearer_header",
        "GET /api/display?displayGroupId=12 HTTP/1.1\nHost: cms.harbourline.net\nAuthorization: Bearer {v}",
        b62(40),
    ),
    # ---- secrets: Screenly / Anthias
    S(
        SG,
        "screenly_cli_env",
        "$ docker run --rm -e API_TOKEN={v} screenly/cli:latest screen list",
        b62(40),
    ),
    S(
        SG,
        "screenly_token_header",
        'requests.get("https://api.screenlyapp.com/api/v4/screens/", headers={"Authorization": "Token {v}"})',
        hexl(40),
    ),
    S(
        SG,
        "screenly_bearer_auth_asset",
        "$ screenly asset bearer-auth {aid} --token {v}",
        join("glsa_", b62(32), "_", hexl(8)),
        aid=upper_alnum(26),
    ),
    S(
        SG,
        "anthias_basic_auth",
        "$ curl -s http://10.20.4.31/api/v1.2/assets -H 'Authorization: Basic {v}'",
        basic_auth("pi", password(16)),
    ),
    # ---- secrets: Fully Kiosk Browser
    S(
        SG,
        "fully_rest_password_url",
        '$ curl "http://192.168.40.17:2323/?cmd=deviceInfo&type=json&password={v}"',
        password(12),
    ),
    S(
        SG,
        "fully_ha_config",
        "fully_kiosk:\n  host: 192.168.40.17\n  port: 2323\n  password: {v}\n  ssl: false",
        password(14),
    ),
    S(
        SG,
        "fully_python_client",
        'fully = FullyKiosk(session, "192.168.40.17", 2323, "{v}", use_ssl=False)',
        b62(16),
    ),
    # ---- secrets: Kiosk Satellite style remote admin
    S(
        SG,
        "kiosk_remote_password_adb",
        "$ adb shell am start -n me.jxl.kiosk_satellite/.MainActivity --es ks.provision"
        ' \'{{"remote.enabled":true,"remote.password":"{v}"}}\''.replace("{{", "{").replace("}}", "}"),
        password(18),
    ),
    S(
        SG,
        "kiosk_login_token_output",
        'POST /api/login -> 200 {"token": "{v}", "expires_in_days": 3650}',
        join(b64url(43), ".", hexl(64)),
    ),
    # ---- secrets: BrightSign bsn.cloud
    S(
        SG,
        "bsn_env_secret",
        "BSN_CLIENT_ID={cid}\nBSN_SECRET={v}\nBSN_NETWORK=harbourline-lobby",
        b62(32),
        cid=uuid,
    ),
    S(
        SG,
        "bsn_rdws_bearer",
        "GET /rest/v1/info/?destinationType=player&destinationName={serial} HTTP/1.1\n"
        "Host: ws.bsn.cloud\nAuthorization: Bearer {v}",
        jwt_like,
        serial=join("XTD", upper_alnum(9)),
    ),
    S(
        SG,
        "bsn_python_client",
        'client = BSNClient(client_id="{cid}", client_secret="{v}", network="harbourline-lobby")',
        b62(32),
        cid=uuid,
    ),
    # ---- secrets: OptiSigns / OnSign / NoviSign / TelemetryTV / viewneo / VNNOX
    S(
        SG,
        "optisigns_graphql_key",
        "$ curl -s https://graphql-gateway.optisigns.com/graphql -H 'Content-Type: application/json'"
        " -H 'Authorization: Bearer {v}' -d '{\"query\":\"{ devices { id deviceName } }\"}'",
        b62(48),
    ),
    S(
        SG,
        "onsign_token_yaml",
        "onsign:\n  endpoint: https://api.onsign.tv/graphql\n  token: {v}\n  org: harbourline",
        b62(44),
    ),
    S(
        SG,
        "novisign_custom_api_header",
        '    "requestHeaders": {\n      "X-Api-Key": "{v}",\n      "Accept": "application/json"\n    },',
        hexl(32),
    ),
    S(
        SG,
        "telemetrytv_token",
        "TELEMETRYTV_API_TOKEN={v} node scripts/push-menu-board.js --playlist breakfast",
        b62(32),
    ),
    S(
        SG,
        "viewneo_pat",
        "$ http GET https://cloud.viewneo.com/api/v1.0/playlist 'Authorization:Bearer {v}'",
        b62(60),
    ),
    S(
        SG,
        "vnnox_app_secret",
        '<appSettings>\n  <add key="VnnoxAppKey" value="{ak}" />\n  <add key="VnnoxAppSecret" value="{v}" />\n</appSettings>',
        hexl(32),
        ak=hexl(32),
    ),
    S(
        SG,
        "kiosk_pro_admin_ini",
        "[admin]\nexit_gesture = triple-tap-top-left\nadmin_passcode = {v}\nguided_access = true",
        password(10),
    ),
    # ---- look-alikes: public ids
    L(
        SG,
        "xibo_client_id",
        "$ xibo-cli app show 3\nname: lobby-sync\nclientId: {v}\ngrantTypes: client_credentials\nclientSecret: (hidden)",
        b62(40),
    ),
    L(
        SG,
        "bsn_player_serial",
        '{"data":{"result":{"serial":"{v}","model":"XT1144","family":"Malibu","bootVersion":"9.0.189"}}}',
        join("XTD", upper_alnum(9)),
    ),
    L(
        SG,
        "bsn_client_id",
        "export BSN_CLIENT_ID={v}   # public app id; the secret lives in Vault",
        uuid,
    ),
    L(
        SG,
        "rise_display_id",
        "Display ID: {v}\nStatus: Online\nPlayer version: 2024.06.11.07.15",
        upper_alnum(12),
    ),
    L(
        SG,
        "yodeck_screen_id",
        '$ jq ".results[0] | {{id, uuid, name}}" screens.json\n{{\n  "id": 48213,\n  "uuid": "{v}",\n  "name": "Reception"\n}}'.replace(
            "{{", "{"
        ).replace("}}", "}"),
        uuid,
    ),
    L(
        SG,
        "screenly_asset_id",
        "| {v} | Breakfast menu | web  | finished |",
        upper_alnum(26),
    ),
    L(
        SG,
        "fully_device_id",
        '  "deviceID": "{v}",\n  "deviceName": "lobby-tablet-2",\n  "batteryLevel": 100,\n  "isPlugged": true,',
        join(hexl(8), "-", hexl(8)),
    ),
    L(
        SG,
        "device_mac",
        '      "macAddress": "{v}",\n      "osVersion": "V8-AM963BS-0020015",',
        lambda rng: ":".join(hexl(2)(rng) for _ in range(6)),
    ),
    # ---- look-alikes: hashes
    L(
        SG,
        "anthias_commit",
        "$ cd ~/screenly && git rev-parse HEAD\n{v}",
        hexl(40),
    ),
    L(
        SG,
        "firmware_sha256",
        "$ sha256sum malibu-9.0.189-update.bsfw\n{v}  malibu-9.0.189-update.bsfw",
        hexl(64),
    ),
    L(
        SG,
        "apk_checksum",
        "Fully Kiosk Browser 1.56.1 (fully-1.56.1-play.apk) MD5: {v}",
        hexl(32),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        SG,
        "yodeck_placeholder",
        'curl https://app.yodeck.com/api/v2/media/ -H "Authorization: Token {v}"',
        const("<label>:<api_token>"),
    ),
    L(
        SG,
        "screenly_placeholder",
        "$ docker run --rm -e API_TOKEN={v} screenly/cli:latest help",
        const("YOUR_API_TOKEN"),
    ),
    L(
        SG,
        "fully_password_placeholder",
        'curl "http://192.168.1.100:2323/?cmd=screenOff&type=json&password={v}"',
        const("YOUR_PASSWORD"),
    ),
    L(
        SG,
        "xibo_placeholder",
        "Authorization: Bearer {v}",
        const("<<access token>>"),
    ),
    L(
        SG,
        "gha_secret_ref",
        "      env:\n        XIBO_CLIENT_SECRET: {v}\n        XIBO_CLIENT_ID: ${{ vars.XIBO_CLIENT_ID }}",
        const("${{ secrets.XIBO_CLIENT_SECRET }}"),
    ),
    L(
        SG,
        "env_reference",
        "fully = FullyKiosk(session, host, 2323, {v}, use_ssl=False)",
        const('os.environ["FULLY_REMOTE_PASSWORD"]'),
    ),
    L(
        SG,
        "shell_reference",
        'curl -s https://graphql-gateway.optisigns.com/graphql -H "Authorization: Bearer {v}" -d @query.json',
        const("$OPTISIGNS_API_KEY"),
    ),
    L(
        SG,
        "vault_reference",
        "bsn:\n  client_id: {cid}\n  client_secret: {v}",
        const("vault:secret/data/signage/bsn#client_secret"),
        cid=uuid,
    ),
    L(
        SG,
        "masked_token",
        "API Tokens\n  lobby-sync    role: Content Manager    token: {v}    created 2024-03-02",
        masked(lower_alnum(4)),
    ),
    L(
        SG,
        "ha_redacted",
        "fully_kiosk:\n  host: 192.168.40.17\n  password: {v}",
        const("**REDACTED**"),
    ),
    # ---- look-alikes: non-secret values under secret-sounding names
    L(
        SG,
        "fully_setting_name",
        '$ curl \'{v}\'\n{"status":"OK","statustext":"Saved"}',
        const("http://192.168.40.17:2323/?cmd=setBooleanSetting&key=remoteAdminPassword&value=false&type=json"),
    ),
    L(
        SG,
        "token_ttl",
        "remote:\n  enabled: true\n  token_ttl_days: {v}\n  password_env: KIOSK_REMOTE_PASSWORD",
        const("3650"),
    ),
    L(
        SG,
        "vnnox_nonce_name",
        "Header params: AppKey (string, required), Nonce (8-64 letters/digits), CurTime, CheckSum -> {v}",
        const("sha256(AppSecret + Nonce + CurTime)"),
    ),
]
