"""A hundred-and-sixty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of game-server hosting, panels and RCON: Pterodactyl panel
client and application API keys (`ptlc_`/`ptla_` and a 16-character identifier plus a 32-character
key, 48 in all, sent as `Authorization: Bearer`; the identifier listed alone by the api-keys
endpoint) and its Wings daemon `config.yml` (`uuid`, `token_id`, 64-character `token`); Pelican
panel keys (`pacc_`/`papp_`, same lengths); Minecraft `server.properties` (`rcon.password`,
`resource-pack-sha1`, `level-seed`), mcrcon (`-H -P -p`, `MCRCON_PASS`), the Python `MCRcon`
client and itzg/docker-minecraft-server (`RCON_PASSWORD`, `RCON_PASSWORD_FILE`); Source/Valve
`server.cfg` `rcon_password`, Rust WebRCON (`ws://host:port/<password>`), CS2 and LinuxGSM
(`+sv_setsteamaccount`, `gslt="…"`, `steampass`, `details` output with masked passwords); Steam
Web API keys and Game Server Login Tokens (32 upper-case hex; `?key=` queries, the
IGameServersService GetAccountList / SetMemo calls, SteamID64s and game-server account SteamIDs,
avatar hashes); Factorio `server-settings.json` `token` (30 hex), `--rcon-password` and the mod
portal's `sha1`; Valheim `-password`; ARK `?ServerAdminPassword=` and `GameUserSettings.ini`;
Palworld `PalWorldSettings.ini` `OptionSettings=(…AdminPassword="…"…)` and its REST API (basic
auth as `admin`, `worldguid`); Nitrado long-life tokens (about 100 base64url characters) and
service ids; Multicraft API keys (20 hex) and CubeCoders AMP (`/API/Core/Login`, GUID session ids
and instance ids); in commands, config files, code and tool output, with the public ids,
references, placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 160 to 164):
22 of 26 secrets caught, 1 of 24 look-alikes altered (missed: a game server login token (32 hex,
upper case) after `+sv_setsteamaccount` and under LinuxGSM's `gslt=`, a Multicraft key (20 hex) as
`new MulticraftAPI`'s third argument after a user, AMP's `sessionID` (a UUID) in a login response;
altered: a Pterodactyl egg's `{{ARK_ADMIN_PASSWORD}}` variable in a launch string's
`?ServerAdminPassword=`).
"""

from __future__ import annotations

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
    password,
    uuid,
)

GS = "gameservers"

steamid64 = join("76561198", digits(9))
gs_account_steamid = join("855683929", digits(8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 1, 24, "the rules for 160 to 164")

TEMPLATES = [
    # ---- secrets: panel API keys (Pterodactyl, Pelican) and the Wings daemon token
    S(
        GS,
        "ptero_client_key_curl",
        'curl -s "https://panel.kestrelbay.net/api/client/servers/{sid}/resources" \\\n'
        '  -H "Authorization: Bearer {v}" \\\n'
        '  -H "Accept: Application/vnd.pterodactyl.v1+json"',
        join("ptlc_", b62(43)),
        sid=hexl(8),
    ),
    S(
        GS,
        "ptero_app_key_pydactyl",
        ">>> from pydactyl import PterodactylClient\n"
        ">>> api = PterodactylClient('https://panel.kestrelbay.net', '{v}')\n"
        ">>> len(api.servers.list_servers().collect())\n14",
        join("ptla_", b62(43)),
    ),
    S(
        GS,
        "pelican_client_key_yaml",
        "servers:\n  lobby:\n    control_api:\n      type: 'pterodactyl'\n"
        "      panel_url: 'https://pelican.kestrelbay.net/'\n      api_key: '{v}'\n      server_id: '{sid}'",
        join("pacc_", b62(43)),
        sid=hexl(8),
    ),
    S(
        GS,
        "pelican_app_key_env",
        "PELICAN_URL=https://pelican.kestrelbay.net\nPELICAN_APPLICATION_KEY={v}\nPELICAN_DEFAULT_EGG=15",
        join("papp_", b62(43)),
    ),
    S(
        GS,
        "wings_config_token",
        "$ sudo cat /etc/pterodactyl/config.yml\ndebug: false\napp_name: Pterodactyl\nuuid: {uid}\n"
        "token_id: {tid}\ntoken: {v}\napi:\n  host: 0.0.0.0\n  port: 8080",
        b62(64),
        uid=uuid,
        tid=b62(16),
    ),
    # ---- secrets: Minecraft RCON
    S(
        GS,
        "server_properties_rcon",
        "$ grep -E '^(enable-rcon|rcon\\.)' /srv/minecraft/server.properties\n"
        "enable-rcon=true\nrcon.password={v}\nrcon.port=25575",
        password(16),
    ),
    S(
        GS,
        "mcrcon_flag",
        '$ mcrcon -H mc.kestrelbay.net -P 25575 -p {v} -w 5 "say Restarting in 5 minutes" save-all stop',
        b62(18),
    ),
    S(
        GS,
        "itzg_rcon_env",
        "$ docker run -d --name mc -p 25565:25565 -e EULA=TRUE -e TYPE=PAPER -e RCON_PASSWORD={v}"
        " -v /srv/mc:/data itzg/minecraft-server",
        b62(22),
    ),
    S(
        GS,
        "mcrcon_python",
        '    with MCRcon("10.20.0.14", "{v}", port=25575) as mcr:\n'
        '        print(mcr.command("whitelist add fjordwalker"))',
        password(20),
    ),
    # ---- secrets: Source / Rust RCON and Steam login tokens
    S(
        GS,
        "source_server_cfg",
        '$ cat csgo/cfg/server.cfg\nhostname "Kestrel Bay | Retakes"\nrcon_password "{v}"\nsv_password ""\nsv_lan 0',
        password(15),
    ),
    S(
        GS,
        "rust_webrcon_url",
        'const ws = new WebSocket(`ws://203.0.113.40:28016/{v}`);\nws.onopen = () => ws.send(JSON.stringify({ Identifier: 1, Message: "serverinfo", Name: "WebRcon" }));',
        b62(24),
    ),
    S(
        GS,
        "cs2_gslt_flag",
        "$ ./game/bin/linuxsteamrt64/cs2 -dedicated -usercon +map de_inferno +game_type 0 +game_mode 1"
        " +sv_setsteamaccount {v}",
        hexu(32),
    ),
    S(
        GS,
        "lgsm_gslt_cfg",
        '$ cat lgsm/config-lgsm/cs2server/cs2server.cfg\nip="0.0.0.0"\nport="27015"\nmaxplayers="12"\ngslt="{v}"',
        hexu(32),
    ),
    S(
        GS,
        "lgsm_steampass",
        '## SteamCMD Login | https://docs.linuxgsm.com/steamcmd#steamcmd-login\nsteamuser="kbay-dedicated"\n'
        "steampass='{v}'",
        password(16),
    ),
    S(
        GS,
        "steam_webapi_query",
        "$ curl -s 'https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key={v}&steamids={sid}'"
        " | jq -r '.response.players[0].personaname'",
        hexu(32),
        sid=steamid64,
    ),
    S(
        GS,
        "steam_getaccountlist_token",
        '      {\n        "steamid": "{gs}",\n        "appid": 730,\n        "login_token": "{v}",\n'
        '        "memo": "kbay-retake-01",\n        "is_deleted": false,\n        "is_expired": false,',
        hexu(32),
        gs=gs_account_steamid,
    ),
    # ---- secrets: Factorio, Valheim, ARK, Palworld
    S(
        GS,
        "factorio_settings_token",
        '  "_comment_credentials": "Your factorio.com login credentials. Required for games with visibility public",\n'
        '  "username": "kestrelbay",\n  "password": "",\n\n'
        '  "_comment_token": "Authentication token. May be used instead of \'password\' above.",\n'
        '  "token": "{v}",',
        hexl(30),
    ),
    S(
        GS,
        "factorio_rcon_flag",
        "$ ./bin/x64/factorio --start-server saves/megabase.zip --server-settings data/server-settings.json"
        " --rcon-port 27015 --rcon-password {v}",
        b62(16),
    ),
    S(
        GS,
        "valheim_password_flag",
        'ExecStart=/home/steam/valheim/valheim_server.x86_64 -nographics -batchmode -name "Kestrel Hall"'
        ' -port 2456 -world "Fjordholm" -password "{v}" -public 1',
        b62(12),
    ),
    S(
        GS,
        "ark_launch_query",
        './ShooterGameServer "TheIsland?listen?SessionName=KestrelBay?ServerPassword=?ServerAdminPassword={v}'
        '?RCONEnabled=True?RCONPort=32330?MaxPlayers=40" -server -log -NoBattlEye',
        b62(14),
    ),
    S(
        GS,
        "ark_gameusersettings",
        "[ServerSettings]\nRCONEnabled=True\nRCONPort=32330\nServerPassword=\nServerAdminPassword={v}\n"
        "SpectatorPassword=\nKickIdlePlayersPeriod=3600",
        password(14),
    ),
    S(
        GS,
        "palworld_option_settings",
        "[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,"
        'ServerPlayerMaxNum=32,ServerName="Kestrel Bay Pals",ServerDescription="",AdminPassword="{v}",'
        'ServerPassword="",PublicPort=8211,PublicIP="",RCONEnabled=True,RCONPort=25575,'
        "RESTAPIEnabled=True,RESTAPIPort=8212)",
        password(16),
    ),
    S(
        GS,
        "palworld_rest_basic_auth",
        "$ curl -s -u admin:{v} http://127.0.0.1:8212/v1/api/players | jq '.players | length'\n3",
        b62(16),
    ),
    # ---- secrets: hosting and panel vendors (Nitrado, Multicraft, AMP)
    S(
        GS,
        "nitrado_token_python",
        'NITRADO_TOKEN = "{v}"\nheaders = {"Authorization": f"Bearer {NITRADO_TOKEN}"}\n'
        'r = requests.get(f"https://api.nitrado.net/services/{service_id}/gameservers", headers=headers)',
        b64url(100),
    ),
    S(
        GS,
        "multicraft_api_key",
        "$api = new MulticraftAPI('https://mc.kestrelbay.net/multicraft/api.php', 'admin', '{v}');\n"
        "print_r($api->getServerStatus(3, true));",
        hexl(20),
    ),
    S(
        GS,
        "amp_session_id",
        "$ curl -s -X POST http://127.0.0.1:8080/API/Core/Login -H 'Accept: application/json' -d @login.json\n"
        '{"success":true,"permissions":["Core.*"],"sessionID":"{v}","rememberMeToken":"",'
        '"userInfo":{"Username":"admin"}}',
        uuid,
    ),
    # ---- look-alikes: panel identifiers, paths, checksums
    L(
        GS,
        "ptero_key_identifier",
        "$ curl -s https://panel.kestrelbay.net/api/client/account/api-keys"
        ' -H "Authorization: Bearer $PTERO_CLIENT_KEY" | jq ".data[0].attributes"\n'
        '{\n  "identifier": "{v}",\n  "description": "uptime bot",\n  "allowed_ips": [],\n'
        '  "last_used_at": "2024-09-02T11:40:17+00:00",',
        join("ptlc_", b62(11)),
    ),
    L(
        GS,
        "ptero_server_identifier",
        'curl -s -X POST "https://panel.kestrelbay.net/api/client/servers/{v}/command"'
        ' -H "Authorization: Bearer ${PTERO_CLIENT_KEY}" -H "Content-Type: application/json"'
        ' -d \'{"command":"say backup starting"}\'',
        hexl(8),
    ),
    L(
        GS,
        "ptero_server_uuid",
        "$ sudo du -sh /var/lib/pterodactyl/volumes/{v}\n4.1G\t/var/lib/pterodactyl/volumes/{v}",
        uuid,
    ),
    L(GS, "wings_token_id", "$ sudo grep -n token_id /etc/pterodactyl/config.yml\n4:token_id: {v}", b62(16)),
    L(GS, "wings_checksum", "$ sha256sum /usr/local/bin/wings\n{v}  /usr/local/bin/wings", hexl(64)),
    L(
        GS,
        "pelican_placeholder",
        "# .env.example (copy to .env)\nPELICAN_URL=https://panel.example.com\nPELICAN_CLIENT_KEY={v}",
        join("pacc_", const("x" * 43)),
    ),
    # ---- look-alikes: Minecraft
    L(
        GS,
        "resource_pack_sha1",
        "resource-pack=https://cdn.kestrelbay.net/packs/kbay-v7.zip\nresource-pack-sha1={v}\nrequire-resource-pack=true",
        hexl(40),
    ),
    L(GS, "level_seed", "level-name=world\nlevel-seed={v}\nlevel-type=minecraft\\:normal", join("-", digits(18))),
    L(
        GS,
        "whitelist_uuid",
        '$ cat whitelist.json\n[\n  {\n    "uuid": "{v}",\n    "name": "fjordwalker"\n  }\n]',
        uuid,
    ),
    L(
        GS,
        "rcon_password_file",
        '    environment:\n      EULA: "TRUE"\n      RCON_PASSWORD_FILE: {v}\n    secrets:\n      - rcon_pass',
        const("/run/secrets/rcon_pass"),
    ),
    L(GS, "mcrcon_env_ref", 'mcrcon -H "$MCRCON_HOST" -P 25575 -p {v} save-off', const('"$MCRCON_PASS"')),
    # ---- look-alikes: Source, LinuxGSM, Steam
    L(
        GS,
        "lgsm_gslt_ref",
        'startparameters="-dedicated -ip ${ip} -port ${port} -maxplayers ${maxplayers} -authkey ${wsapikey}'
        ' +exec ${selfname}.cfg +sv_setsteamaccount {v}"',
        const("${gslt}"),
    ),
    L(
        GS,
        "lgsm_details_masked",
        "Server name:      Kestrel Bay | Retakes\nServer password:  NOT SET\nRCON password:    {v}\nMaxplayers:       12",
        const("********"),
    ),
    L(
        GS,
        "steamid64_adminlist",
        "$ cat ~/.config/unity3d/IronGate/Valheim/adminlist.txt\n// List admin players ID  ONE per line\n{v}",
        steamid64,
    ),
    L(
        GS,
        "steam_avatarhash",
        '        "profileurl": "https://steamcommunity.com/id/fjordwalker/",\n        "avatarhash": "{v}",\n'
        '        "personastate": 1,',
        hexl(40),
    ),
    L(
        GS,
        "steam_key_placeholder",
        "GET https://api.steampowered.com/IGameServersService/GetAccountList/v1/?key={v}",
        const("X" * 32),
    ),
    L(
        GS,
        "gs_account_steamid",
        "$ curl -s -X POST https://api.steampowered.com/IGameServersService/SetMemo/v1/"
        ' -d key="$STEAM_WEBAPI_KEY" -d steamid={v} -d memo=kbay-retake-02',
        gs_account_steamid,
    ),
    # ---- look-alikes: Factorio, ARK, Palworld
    L(
        GS,
        "factorio_mod_sha1",
        '      "download_url": "/download/even-distribution/{oid}",\n'
        '      "file_name": "even-distribution_2.0.2.zip",\n      "sha1": "{v}",',
        hexl(40),
        oid=hexl(24),
    ),
    L(
        GS,
        "factorio_token_ref",
        "    environment:\n      - USERNAME=kestrelbay\n      - TOKEN={v}\n      - UPDATE_MODS_ON_START=true",
        const("${FACTORIO_TOKEN}"),
    ),
    L(
        GS,
        "ark_egg_variable",
        'cd ShooterGame/Binaries/Linux && ./ShooterGameServer {{SERVER_MAP}}?listen?SessionName="{{SESSION_NAME}}"'
        "?ServerAdminPassword={v}?Port={{SERVER_PORT}}?RCONEnabled=True",
        const("{{ARK_ADMIN_PASSWORD}}"),
    ),
    L(
        GS,
        "palworld_worldguid",
        '$ curl -s -u admin:"$PAL_ADMIN_PASSWORD" http://127.0.0.1:8212/v1/api/info\n'
        '{"version":"v0.3.4.56710","servername":"Kestrel Bay Pals","description":"","worldguid":"{v}"}',
        hexu(32),
    ),
    # ---- look-alikes: Nitrado, AMP, Multicraft
    L(
        GS,
        "nitrado_service_id",
        'curl -s -H "Authorization: Bearer $NITRADO_TOKEN" https://api.nitrado.net/services/{v}/gameservers'
        " | jq -r .data.gameserver.status",
        join("1", digits(7)),
    ),
    L(
        GS,
        "amp_instance_id",
        '    {\n      "InstanceID": "{v}",\n      "InstanceName": "KestrelMC01",\n'
        '      "FriendlyName": "Kestrel Survival",\n      "Module": "Minecraft",',
        uuid,
    ),
    L(
        GS,
        "multicraft_placeholder",
        'const api = new MulticraftAPI({\n    url: "https://mc.kestrelbay.net/api.php",\n    user: "admin",\n'
        '    key: "{v}"\n});',
        const("<multicraft-api-key>"),
    ),
]
