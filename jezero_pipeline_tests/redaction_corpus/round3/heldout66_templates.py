"""A sixty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of game-development platforms and game servers: the Steamworks Web API
(user and publisher keys as `key=` or `x-webapi-key`), SteamCMD and SteamPipe (`+login`, `+run_app_build`,
`-betapassword`, `+sv_setsteamaccount` login tokens, game-ci/steam-deploy's `configVdf` and a Steam Guard
`shared_secret`), Unity (command-line activation with `-serial`/`-username`/`-password`, `.ulf` license files,
GameCI's UNITY_LICENSE/UNITY_EMAIL/UNITY_PASSWORD, the UGS CLI and service accounts' key id versus secret key and
Basic authorization header), Epic Online Services (OnlineSubsystemEOS artifact settings: client id versus client
secret, product, sandbox and deployment ids), PlayFab (title id versus title secret key, `X-SecretKey`), Photon's
AppId, Roblox Open Cloud (`x-api-key`, rbxcloud), Nakama (`socket.server_key`, `runtime.http_key`, console
password, session encryption key), itch.io butler (BUTLER_API_KEY, butler_creds), Source dedicated servers
(`server.cfg` and `rcon_password`), Minecraft RCON and `server.properties`, Valheim and ARK dedicated-server
passwords, and GameLift fleet ids, in commands, config files, code and tool output, with the public ids the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 60 to 64):
20 of 26 secrets caught, 0 of 26 look-alikes altered (missed: a server token after `+sv_setsteamaccount`, a base64
`config.vdf` pasted for a CI secret, a Unity `-serial`, a `.ulf` file's `DeveloperData`, a Roblox key after `-a`, a
key after `--session.encryption_key`).
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
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

GD = "gamedev"

steamid64 = join("7656119", digits(10))
app_id = join(pick("123456789", 1), digits(6))


def unity_serial(rng: random.Random) -> str:
    """A Unity Plus/Pro serial: a two-character prefix and five groups of four."""
    head = rng.choice(("E3", "F3", "SC", "PB", "SB", "I3"))
    return head + "".join("-" + upper_alnum(4)(rng) for _ in range(5))


def ulf_developer_data(rng: random.Random) -> str:
    """The `DeveloperData` value of a `.ulf` license: base64 of a four-byte header and the serial."""
    return base64.b64encode(b"\x01\x00\x00\x00" + unity_serial(rng).encode()).decode()


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def steam_config_vdf_b64(rng: random.Random) -> str:
    """base64 of a SteamCMD `config/config.vdf` holding a ConnectCache login entry."""
    vdf = (
        '"InstallConfigStore"\n{\n\t"Software"\n\t{\n\t\t"Valve"\n\t\t{\n\t\t\t"Steam"\n\t\t\t{\n'
        '\t\t\t\t"ConnectCache"\n\t\t\t\t{\n'
        f'\t\t\t\t\t"{hexl(8)(rng)}"\t\t"{hexl(640)(rng)}"\n'
        "\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}\n"
    )
    return base64.b64encode(vdf.encode()).decode()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def roblox_api_key(rng: random.Random) -> str:
    """An Open Cloud API key: a random head and a base64-wrapped signed token (several hundred characters)."""
    header = _b64url_json(
        {"alg": "RS256", "kid": f"sig-20{rng.randrange(20, 26)}-0{rng.randrange(1, 9)}", "typ": "JWT"}
    )
    payload = _b64url_json(
        {
            "baseApiKey": b62(48)(rng),
            "ownerId": digits(9)(rng),
            "exp": 1700000000 + rng.randrange(10**8),
            "iat": 1700000000 + rng.randrange(10**7),
        }
    )
    token = f"{header}.{payload}.{b64url(342)(rng)}"
    return b62(40)(rng) + base64.b64encode(token.encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 26, 0, 26, "the rules for 60 to 64")

TEMPLATES = [
    # ---- secrets: Steam
    S(
        GD,
        "steam_webapi_key_query",
        '$ curl -s "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key={v}&steamids={sid}"'
        " | jq -r '.response.players[0].personaname'",
        hexu(32),
        sid=steamid64,
    ),
    S(
        GD,
        "steam_publisher_key_header",
        '$ curl -s -H "x-webapi-key: {v}" \\\n'
        '    "https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v4/?steamid={sid}&appid={app}"',
        hexu(32),
        sid=steamid64,
        app=app_id,
    ),
    S(
        GD,
        "gslt_setsteamaccount",
        "./srcds_run -game cstrike -console -usercon +hostport 27015 +map de_dust2 +maxplayers 16"
        " +sv_setsteamaccount {v} +exec server.cfg",
        hexu(32),
    ),
    S(
        GD,
        "steamcmd_login_password",
        "$ ./builder_linux/steamcmd.sh +login {user} {v} +run_app_build ../scripts/app_build_{app}.vdf +quit",
        password(16),
        user=join("lanternfish_build", digits(2)),
        app=app_id,
    ),
    S(
        GD,
        "steamcmd_betapassword",
        "steamcmd +force_install_dir ./ds +login anonymous +app_update {app} -beta playtest -betapassword {v}"
        " validate +quit",
        b62(14),
        app=app_id,
    ),
    S(
        GD,
        "steam_config_vdf_b64",
        "$ base64 -w0 ~/Steam/config/config.vdf   # paste this into the STEAM_CONFIG_VDF repository secret\n{v}",
        steam_config_vdf_b64,
    ),
    S(
        GD,
        "steam_guard_shared_secret",
        '$ jq . {sid}.maFile | head -4\n{\n  "shared_secret": "{v}",\n  "account_name": "lanternfish_build01",',
        b64(27, "="),
        sid=steamid64,
    ),
    # ---- secrets: Unity
    S(
        GD,
        "unity_password_flag",
        "$ /opt/unity/Editor/Unity -quit -batchmode -nographics -returnlicense -username 'builds@lanternfish.games'"
        " -password '{v}'",
        password(15),
    ),
    S(
        GD,
        "unity_serial_flag",
        '    - unity-editor -quit -batchmode -nographics -logFile - -serial {v} -username "$UNITY_EMAIL"'
        ' -password "$UNITY_PASSWORD"',
        unity_serial,
    ),
    S(
        GD,
        "unity_ulf_developer_data",
        "$ head -6 Unity_v2022.x.ulf\n"
        '<?xml version="1.0" encoding="UTF-8"?><root>\n    <License id="Terms">\n'
        '        <AlwaysOnline Value="false"/>\n        <ClientProvidedVersion Value="2022.3.21f1"/>\n'
        '        <DeveloperData Value="{v}"/>',
        ulf_developer_data,
    ),
    S(
        GD,
        "unity_service_account_basic",
        '$ curl -s -H "Authorization: Basic {v}" \\\n'
        '    "https://services.api.unity.com/remote-config/v1/projects/{proj}/configs"',
        basic_pair(uuid, b64url(32)),
        proj=uuid,
    ),
    S(
        GD,
        "ugs_service_secret_key",
        "export UGS_CLI_PROJECT_ID={proj}\nexport UGS_CLI_SERVICE_KEY_ID={kid}\nexport UGS_CLI_SERVICE_SECRET_KEY={v}",
        b64url(32),
        proj=uuid,
        kid=uuid,
    ),
    # ---- secrets: Epic Online Services, PlayFab, Roblox
    S(
        GD,
        "eos_ini_client_secret",
        "[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=Lanternfish\n"
        '+Artifacts=(ArtifactName="Lanternfish",ClientId="{cid}",ClientSecret="{v}",ProductId="{pid}",'
        'SandboxId="{sbx}",DeploymentId="{dep}",EncryptionKey="")',
        b64(43),
        cid=join("xyza7891", b62(24)),
        pid=hexl(32),
        sbx=hexl(32),
        dep=hexl(32),
    ),
    S(
        GD,
        "eos_client_credentials_curl",
        '$ curl -s -u "{cid}:{v}" https://api.epicgames.dev/auth/v1/oauth/token \\\n'
        "    -d grant_type=client_credentials -d deployment_id={dep}",
        b62(43),
        cid=join("xyza7891", b62(24)),
        dep=hexl(32),
    ),
    S(
        GD,
        "playfab_x_secretkey",
        '$ curl -s -X POST "https://{tid}.playfabapi.com/Server/GetTitleData" -H "Content-Type: application/json"'
        ' -H "X-SecretKey: {v}" -d \'{"Keys": ["motd"]}\'',
        upper_alnum(52),
        tid=hexu(5),
    ),
    S(
        GD,
        "playfab_developer_secret_code",
        'PlayFab.settings.titleId = "{tid}";\nPlayFab.settings.developerSecretKey = "{v}";',
        upper_alnum(52),
        tid=hexu(5),
    ),
    S(
        GD,
        "roblox_x_api_key",
        '$ curl -s -X POST "https://apis.roblox.com/messaging-service/v1/universes/{uni}/topics/shutdown"'
        ' \\\n    -H "x-api-key: {v}" -H "Content-Type: application/json" --data \'{"message": "restart"}\'',
        roblox_api_key,
        uni=digits(10),
    ),
    S(
        GD,
        "rbxcloud_api_key_flag",
        "$ rbxcloud experience publish -f build/lanternfish.rbxl -t published -p {place} -u {uni} -a {v}",
        roblox_api_key,
        place=digits(11),
        uni=digits(10),
    ),
    # ---- secrets: Nakama, itch.io butler
    S(
        GD,
        "nakama_http_key_url",
        '$ curl -s "http://127.0.0.1:7350/v2/rpc/grant_season_reward?http_key={v}&unwrap" \\\n'
        '    -d \'{"user_id": "{uid}", "tier": 3}\'',
        b64url(32),
        uid=uuid,
    ),
    S(
        GD,
        "nakama_console_password",
        'console:\n  port: 7351\n  username: "opsadmin"\n  password: "{v}"\n  max_message_size_bytes: 4194304',
        password(18),
    ),
    S(
        GD,
        "nakama_encryption_key_flag",
        "nakama --name nakama1 --database.address root@cockroachdb:26257 --logger.level INFO"
        " --session.token_expiry_sec 7200 --session.encryption_key {v}",
        hexl(32),
    ),
    S(
        GD,
        "butler_api_key_env",
        "$ BUTLER_API_KEY={v} butler push build/webgl lanternfish/tidepool:html5 --userversion 0.9.3",
        b62(40),
    ),
    # ---- secrets: dedicated servers
    S(
        GD,
        "source_rcon_password",
        '// cfg/server.cfg\nhostname "Lanternfish | 24/7 Dust2 | EU"\nrcon_password "{v}"\nsv_lan 0\nsv_region 3',
        password(14),
    ),
    S(
        GD,
        "mcrcon_password_flag",
        '$ mcrcon -H 127.0.0.1 -P 25575 -p {v} "whitelist add {player}" "save-all"',
        password(16),
        player=join("tide", digits(3)),
    ),
    S(
        GD,
        "valheim_password_flag",
        './valheim_server.x86_64 -nographics -batchmode -name "Lanternfish Longhouse" -port 2456'
        ' -world "Tidepool" -password "{v}" -public 0 -savedir ./saves',
        b62(10),
    ),
    S(
        GD,
        "ark_admin_password_url",
        "ShooterGameServer TheIsland?listen?SessionName=LanternfishPvE?ServerAdminPassword={v}?MaxPlayers=20"
        "?ServerPVE=True -server -log -NoBattlEye",
        b62(16),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        GD,
        "steamid64",
        '$ curl -s "https://api.steampowered.com/ISteamUser/GetPlayerBans/v1/?key=$STEAM_WEB_API_KEY&steamids={v}"',
        steamid64,
    ),
    L(
        GD,
        "steamcmd_anonymous",
        "$ steamcmd +force_install_dir ./valheim +login {v} +app_update 896660 validate +quit",
        const("anonymous"),
    ),
    L(
        GD,
        "steampipe_build_output",
        "Uploading content to depot {depot}...\nSuccessfully finished AppID {app} build (BuildID {v}).",
        join(pick("123456789", 1), digits(7)),
        depot=app_id,
        app=app_id,
    ),
    L(
        GD,
        "depot_manifest_id",
        "Depot {depot}: new manifest {v} ( 1842 files, 2194.60 MB ) committed",
        join(pick("123456789", 1), digits(18)),
        depot=app_id,
    ),
    L(
        GD,
        "masked_action_input",
        "Run game-ci/steam-deploy@v3\n  with:\n    username: ***\n    configVdf: {v}\n    appId: 1438250\n"
        "    buildDescription: v0.9.3\n    rootPath: build",
        const("***"),
    ),
    L(
        GD,
        "gha_secret_ref",
        "        with:\n          username: ${{ secrets.STEAM_USERNAME }}\n          configVdf: {v}\n"
        "          appId: 1438250",
        const("${{ secrets.STEAM_CONFIG_VDF }}"),
    ),
    L(
        GD,
        "unity_license_ref",
        "      - uses: game-ci/unity-builder@v4\n        env:\n          UNITY_LICENSE: {v}\n"
        "          UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}",
        const("${{ secrets.UNITY_LICENSE }}"),
    ),
    L(
        GD,
        "unity_serial_placeholder",
        "# activate once per runner; the real serial lives in the vault\n"
        'unity-editor -quit -batchmode -serial {v} -username "$UNITY_EMAIL" -password "$UNITY_PASSWORD"',
        const("XX-XXXX-XXXX-XXXX-XXXX-XXXX"),
    ),
    L(
        GD,
        "unity_license_path",
        "The activated license was written to {v}; the runner image keeps it between jobs.",
        const("~/.local/share/unity3d/Unity/Unity_lic.ulf"),
    ),
    L(GD, "ugs_project_id", "$ ugs config set project-id {v}\n[Information]: Config updated.", uuid),
    L(
        GD,
        "ugs_service_key_id",
        '$ ugs login --service-key-id "{v}" --secret-key-stdin < .secrets/ugs-secret-key',
        uuid,
    ),
    L(
        GD,
        "eos_product_id",
        "; public EOS identifiers, safe to commit\nProductId={v}\nSandboxId={sbx}",
        hexl(32),
        sbx=hexl(32),
    ),
    L(
        GD,
        "eos_client_id",
        '    PlatformOptions.ClientCredentials.ClientId = "{v}";\n'
        '    PlatformOptions.ClientCredentials.ClientSecret = std::getenv("EOS_CLIENT_SECRET");',
        join("xyza7891", b62(24)),
    ),
    L(
        GD,
        "eos_product_user_id",
        "[2024.05.12-14.02.51:118][  0]LogEOS: Connect: Login succeeded, ProductUserId={v}",
        hexl(32),
    ),
    L(GD, "playfab_title_id", 'PlayFabSettings.staticSettings.TitleId = "{v}";', hexu(5)),
    L(
        GD,
        "playfab_id",
        '{\n  "code": 200,\n  "status": "OK",\n  "data": {\n    "PlayFabId": "{v}",\n    "NewlyCreated": false',
        hexu(16),
    ),
    L(
        GD,
        "playfab_env_placeholder",
        "# .env.example, copy to .env\nPLAYFAB_TITLE_ID=\nPLAYFAB_SECRET_KEY={v}",
        interleaved(52, upper=True),
    ),
    L(GD, "photon_app_id", "  AppSettings:\n    AppIdRealtime: {v}\n    AppIdChat: \n    AppVersion: 0.9.3", uuid),
    L(
        GD,
        "rbxcloud_env_ref",
        "$ rbxcloud experience publish -f build/lanternfish.rbxl -t saved -p 16012583141 -u 5520981734 -a {v}",
        const('"$RBXCLOUD_API_KEY"'),
    ),
    L(
        GD,
        "nakama_default_server_key",
        'var client = new Client("http", "127.0.0.1", 7350, "{v}");\nvar session = await client.AuthenticateDeviceAsync(deviceId);',
        const("defaultkey"),
    ),
    L(
        GD,
        "nakama_user_id",
        '{"level":"info","ts":"2024-05-12T14:02:51.118Z","caller":"server/api_authenticate.go:213",'
        '"msg":"Authenticated device","uid":"{v}"}',
        uuid,
    ),
    L(
        GD,
        "butler_creds_path",
        "$ butler login\nYour API key is already stored in {v}, nothing to do.",
        const("~/.config/itch/butler_creds"),
    ),
    L(
        GD,
        "gamelift_fleet_id",
        "$ aws gamelift describe-fleet-attributes --fleet-ids {v} --region eu-west-1",
        join("fleet-", uuid),
    ),
    L(
        GD,
        "rcon_placeholder",
        '// server.cfg.example: copy to server.cfg and choose your own\nrcon_password "{v}"\nsv_password ""',
        const("changeme"),
    ),
    L(
        GD,
        "minecraft_level_seed",
        "level-name=world\nlevel-seed={v}\nlevel-type=minecraft\\:normal\nenable-rcon=false",
        join("-", pick(string.digits[1:], 1), digits(18)),
    ),
    L(
        GD,
        "commit_sha",
        "Build description: v0.9.3 ({v}) pushed to branch playtest",
        hexl(40),
    ),
]
