"""A forty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of media, streaming and game platform APIs: the YouTube Data API
(API keys, `client_secrets.json` with Google OAuth client ids and `GOCSPX-` secrets), the Spotify
Web API client-credentials guide and spotipy's `SPOTIPY_*` variables, Twitch authentication
(getting and validating tokens, `Authorization: OAuth`, IRC `PASS oauth:`, the Twitch CLI's
`configure`), the Steam Web API (`key=`, SteamID64s) with SteamCMD and SteamPipe's
`+login <account> <password> +run_app_build`, Epic Online Services artifact settings in Unreal's
OnlineSubsystemEOS (ClientId, ClientSecret, ProductId, SandboxId, DeploymentId), Unity Gaming
Services service accounts (`ugs login --service-key-id`, `UGS_CLI_*`, Basic auth on the Unity
Services Gateway), Vimeo and Mux access tokens (token id vs secret, playback ids), Cloudinary's
`CLOUDINARY_URL` and `cld config`, Agora App ID vs App Certificate and RTC tokens, LiveKit API
key vs secret (`keys:` in livekit.yaml, `lk token create`), obs-websocket 5 (its config.json,
`obsws://` URLs, the Hello challenge and salt), Plex `X-Plex-Token`, Preferences.xml and
`/identity`, and Jellyfin's `MediaBrowser` authorization header, in commands, config files, tool
output and log lines, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 41):
19 of 25 secrets caught, 5 of 24 look-alikes altered (missed: a Twitch client secret after `configure -s`, a
password as `steamcmd +login`'s second argument, Agora's `APP_CERTIFICATE`, an Agora token as `client.join`'s
third argument, a LiveKit `keys:` map entry, an obs-websocket password as an `obsws://` URL's path; altered: a
key id after `ugs login --service-key-id`, Cloudinary's numeric `apiKey`, a LiveKit API key id, an obs-
websocket handshake's `salt`, a user id in a Jellyfin URL path).
"""

from __future__ import annotations

import base64
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
    interleaved,
    join,
    lower_alnum,
    password,
    uuid,
)

MD = "media"


def b64_bytes(n: int):
    """Standard base64 of n random bytes (the obs-websocket challenge and salt are 32 bytes)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(bytes(rng.randrange(256) for _ in range(n))).decode()

    return make


def basic_auth(user, secret):
    """base64 of `user:secret`, as an HTTP Basic `Authorization` value."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()

    return make


google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
twitch_id = lower_alnum(30)
steam_id64 = join("7656119", digits(10))
eos_client_id = join("xyza7891", b62(24))
livekit_key = join("API", b62(12))
plex_version = join("1.40.", digits(1), ".", digits(4), "-", hexl(9))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (19, 25, 5, 24, "the rules for 24 to 41")

TEMPLATES = [
    # ---- secrets: Google / YouTube
    S(
        MD,
        "youtube_api_key_query",
        '$ curl -s "https://www.googleapis.com/youtube/v3/search?part=snippet&channelId={ch}'
        '&maxResults=10&order=date&key={v}"',
        join("AIza", b64url(35)),
        ch=join("UC", b64url(22)),
    ),
    S(
        MD,
        "google_client_secret_json",
        '$ cat client_secret.json\n{"installed":{"client_id":"{cid}","project_id":"weft-uploader",'
        '"auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token",'
        '"auth_provider_x509_cert_url":"https://www.googleapis.com/oauth2/v1/certs","client_secret":"{v}",'
        '"redirect_uris":["http://localhost"]}}',
        join("GOCSPX-", b64url(28)),
        cid=google_client_id,
    ),
    # ---- secrets: Spotify
    S(
        MD,
        "spotipy_client_secret_env",
        "export SPOTIPY_CLIENT_ID={cid}\nexport SPOTIPY_CLIENT_SECRET={v}\n"
        "export SPOTIPY_REDIRECT_URI=http://127.0.0.1:8888/callback",
        hexl(32),
        cid=hexl(32),
    ),
    S(
        MD,
        "spotify_basic_header",
        '$ curl -s -X POST "https://accounts.spotify.com/api/token" -H "Authorization: Basic {v}"'
        ' -H "Content-Type: application/x-www-form-urlencoded" -d grant_type=client_credentials',
        basic_auth(hexl(32), hexl(32)),
    ),
    S(
        MD,
        "spotify_token_response",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600}',
        join("BQ", b64url(113)),
    ),
    # ---- secrets: Twitch
    S(
        MD,
        "twitch_cli_configure",
        "% twitch configure -i {cid} -s {v}\nUpdated configuration.",
        twitch_id,
        cid=twitch_id,
    ),
    S(
        MD,
        "twitch_validate_oauth",
        "$ curl -X GET 'https://id.twitch.tv/oauth2/validate' -H 'Authorization: OAuth {v}'",
        twitch_id,
    ),
    S(
        MD,
        "twitch_irc_pass",
        "> CAP REQ :twitch.tv/membership twitch.tv/tags twitch.tv/commands\n> PASS oauth:{v}\n> NICK weftbot\n"
        "< :tmi.twitch.tv 001 weftbot :Welcome, GLHF!",
        twitch_id,
    ),
    # ---- secrets: Steam
    S(
        MD,
        "steam_webapi_key",
        '$ curl -s "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key={v}&steamids={sid}"',
        hexu(32),
        sid=steam_id64,
    ),
    S(
        MD,
        "steamcmd_login_password",
        "$ ./steamcmd.sh +login {user} {v} +run_app_build ../scripts/app_build_{app}.vdf +quit",
        password(16),
        user=join("weft_builder_", digits(2)),
        app=digits(7),
    ),
    # ---- secrets: Epic Online Services, Unity Gaming Services
    S(
        MD,
        "eos_artifact_client_secret",
        "[/Script/OnlineSubsystemEOS.EOSSettings]\n"
        '+Artifacts=(ArtifactName="Weft",ClientId="{cid}",ClientSecret="{v}",'
        'ProductId="{pid}",SandboxId="{sbx}",DeploymentId="{dep}")',
        b64(43),
        cid=eos_client_id,
        pid=hexl(32),
        sbx=hexl(32),
        dep=hexl(32),
    ),
    S(
        MD,
        "unity_gateway_basic",
        '$ curl -s -H "Authorization: Basic {v}" '
        '"https://services.api.unity.com/multiplay/builds/v1/projects/{proj}/environments/{env}/builds"',
        basic_auth(uuid, b64url(32)),
        proj=uuid,
        env=uuid,
    ),
    S(
        MD,
        "ugs_cli_secret_env",
        "    env:\n      UGS_CLI_PROJECT_ID: {proj}\n      UGS_CLI_ENVIRONMENT_NAME: production\n"
        "      UGS_CLI_SERVICE_KEY_ID: {kid}\n      UGS_CLI_SERVICE_SECRET_KEY: {v}",
        b64url(32),
        proj=uuid,
        kid=uuid,
    ),
    # ---- secrets: Vimeo, Mux, Cloudinary
    S(
        MD,
        "vimeo_bearer",
        '$ curl -s -H "Authorization: bearer {v}" -H "Accept: application/vnd.vimeo.*+json;version=3.4"'
        ' "https://api.vimeo.com/me/videos?per_page=5"',
        hexl(32),
    ),
    S(
        MD,
        "mux_basic_user",
        "$ curl https://api.mux.com/video/v1/assets -X POST -H 'Content-Type: application/json' \\\n"
        '  -d \'{"inputs":[{"url":"https://cdn.weft.media/raw/ep12.mp4"}],"playback_policies":["public"]}\' \\\n'
        "  -u {tid}:{v}",
        b64(75),
        tid=uuid,
    ),
    S(
        MD,
        "cloudinary_url",
        "export CLOUDINARY_URL=cloudinary://{key}:{v}@weft-media",
        b64url(27),
        key=digits(15),
    ),
    # ---- secrets: Agora, LiveKit
    S(
        MD,
        "agora_app_certificate",
        "# token-server/.env\nAPP_ID={appid}\nAPP_CERTIFICATE={v}\nSERVER_PORT=8080",
        hexl(32),
        appid=hexl(32),
    ),
    S(
        MD,
        "agora_rtc_token",
        '    const uid = await client.join(APP_ID, "weft-lobby", "{v}", null);',
        join("007eJx", b64(142)),
    ),
    S(
        MD,
        "livekit_yaml_keys",
        "port: 7880\nrtc:\n  tcp_port: 7881\n  use_external_ip: true\nkeys:\n  {kid}: {v}",
        b62(43),
        kid=livekit_key,
    ),
    S(
        MD,
        "livekit_cli_secret",
        "$ lk token create --api-key {kid} --api-secret {v} --join --room standup --identity agent-7 --valid-for 24h",
        b62(43),
        kid=livekit_key,
    ),
    # ---- secrets: OBS websocket
    S(
        MD,
        "obs_websocket_config",
        "$ cat ~/.config/obs-studio/plugin_config/obs-websocket/config.json\n"
        '{\n  "alerts_enabled": false,\n  "auth_required": true,\n  "first_load": false,\n'
        '  "server_enabled": true,\n  "server_password": "{v}",\n  "server_port": 4455\n}',
        b62(16),
    ),
    S(
        MD,
        "obsws_url_path",
        "$ obs-cmd --websocket obsws://127.0.0.1:4455/{v} recording start",
        b62(16),
    ),
    # ---- secrets: Plex, Jellyfin
    S(
        MD,
        "plex_token_query",
        '$ curl -s "http://192.168.1.40:32400/library/sections/2/refresh?X-Plex-Token={v}"',
        b64url(20),
    ),
    S(
        MD,
        "plex_preferences_xml",
        '<Preferences MachineIdentifier="{mid}" ProcessedMachineIdentifier="{pmid}" FriendlyName="weft-nas"'
        ' PlexOnlineUsername="weft-media" PlexOnlineToken="{v}" PlexOnlineMail="ops@weft.media"/>',
        b64url(20),
        mid=uuid,
        pmid=hexl(40),
    ),
    S(
        MD,
        "jellyfin_mediabrowser_token",
        "$ curl -X POST http://jellyfin.lan:8096/Library/Refresh \\\n"
        '  -H \'Authorization: MediaBrowser Client="weft-sync", Device="ci-runner", DeviceId="{dev}",'
        ' Version="1.2.0", Token="{v}"\'',
        hexl(32),
        dev=b64url(24),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        MD,
        "youtube_channel_id",
        '$ curl -s "https://www.googleapis.com/youtube/v3/channels?part=statistics&id={v}&key=$YOUTUBE_API_KEY"',
        join("UC", b64url(22)),
    ),
    L(
        MD,
        "google_oauth_client_id",
        '  "installed": {\n    "client_id": "{v}",\n    "project_id": "weft-uploader",\n'
        '    "auth_uri": "https://accounts.google.com/o/oauth2/auth",',
        google_client_id,
    ),
    L(
        MD,
        "spotify_client_id",
        "SPOTIPY_CLIENT_ID={v}\nSPOTIPY_REDIRECT_URI=http://127.0.0.1:8888/callback",
        hexl(32),
    ),
    L(
        MD,
        "twitch_client_id_header",
        "$ curl -X GET 'https://api.twitch.tv/helix/users?login=weftbot' \\\n"
        "  -H \"Authorization: Bearer $TWITCH_TOKEN\" \\\n  -H 'Client-Id: {v}'",
        twitch_id,
    ),
    L(
        MD,
        "twitch_validate_response",
        '{"client_id":"{v}","login":"weftbot","scopes":["chat:edit","chat:read"],"user_id":"{uid}",'
        '"expires_in":5184719}',
        twitch_id,
        uid=digits(9),
    ),
    L(
        MD,
        "steam_id64",
        '{"response":{"players":[{"steamid":"{v}","communityvisibilitystate":3,"personaname":"weftbot",'
        '"profileurl":"https://steamcommunity.com/id/weftbot/"}]}}',
        steam_id64,
    ),
    L(
        MD,
        "steamcmd_anonymous",
        "$ ./steamcmd.sh +force_install_dir /srv/dedicated +login {v} +app_update {app} validate +quit",
        const("anonymous"),
        app=digits(6),
    ),
    L(
        MD,
        "eos_deployment_id",
        "[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=Weft\n"
        '+Artifacts=(ArtifactName="Weft",ProductId="{pid}",SandboxId="{sbx}",DeploymentId="{v}")',
        hexl(32),
        pid=hexl(32),
        sbx=hexl(32),
    ),
    L(
        MD,
        "ugs_project_id",
        "$ ugs config set project-id {v}\n$ ugs config set environment-name production",
        uuid,
    ),
    L(
        MD,
        "ugs_service_key_id",
        "$ ugs login --service-key-id {v} --secret-key-stdin < ~/.config/weft/ugs-secret-key",
        uuid,
    ),
    L(
        MD,
        "vimeo_client_identifier",
        "VIMEO_CLIENT_ID={v}\nVIMEO_REDIRECT_URI=https://studio.weft.media/oauth/vimeo/callback",
        hexl(40),
    ),
    L(
        MD,
        "mux_token_id",
        "MUX_TOKEN_ID={v}\n# the token secret lives in the vault: op://media/mux-production/credential",
        uuid,
    ),
    L(
        MD,
        "mux_playback_id",
        '<mux-player stream-type="on-demand" playback-id="{v}" metadata-video-title="Episode 12"></mux-player>',
        b62(44),
    ),
    L(
        MD,
        "cloudinary_api_key_widget",
        '  cloudinary.openUploadWidget({ cloudName: "weft-media", apiKey: "{v}", uploadSignature: signUpload,'
        ' folder: "episodes" }, onUpload);',
        digits(15),
    ),
    L(
        MD,
        "cloudinary_masked_secret",
        "$ cld config\ncloud_name: weft-media\napi_key: {key}\napi_secret: {v}\nprivate_cdn: False",
        join("***************", b64url(4)),
        key=digits(15),
    ),
    L(
        MD,
        "agora_app_id",
        'const APP_ID = "{v}";  // ships in the client; the App Certificate stays on the token server',
        hexl(32),
    ),
    L(
        MD,
        "livekit_api_key",
        "LIVEKIT_URL=wss://weft-studio-{sub}.livekit.cloud\nLIVEKIT_API_KEY={v}",
        livekit_key,
        sub=lower_alnum(8),
    ),
    L(
        MD,
        "obs_hello_challenge",
        '< {"op": 0, "d": {"obsWebSocketVersion": "5.4.2", "rpcVersion": 1, '
        '"authentication": {"challenge": "{v}", "salt": "{salt}"}}}',
        b64_bytes(32),
        salt=b64_bytes(32),
    ),
    L(
        MD,
        "plex_machine_identifier",
        '$ curl -s http://192.168.1.40:32400/identity\n<?xml version="1.0" encoding="UTF-8"?>\n'
        '<MediaContainer size="0" claimed="1" machineIdentifier="{v}" version="{ver}">\n</MediaContainer>',
        hexl(40),
        ver=plex_version,
    ),
    L(
        MD,
        "jellyfin_user_id",
        "[2024-06-02 21:14:07.918 +00:00] [WRN] [41] Jellyfin.Api.Middleware.ResponseTimeMiddleware: Slow HTTP"
        " Response from http://jellyfin.lan:8096/Users/{v}/Items?IncludeItemTypes=Movie&Recursive=true"
        " to 192.168.1.23 in 0:00:01.4210338 with Status Code 200",
        hexl(32),
    ),
    L(
        MD,
        "steamcmd_password_ref",
        '        run: ./steamcmd.sh +login "$STEAM_USERNAME" {v} +run_app_build "$GITHUB_WORKSPACE/steam/app_build.vdf"'
        " +quit",
        const('"$STEAM_PASSWORD"'),
    ),
    L(
        MD,
        "placeholder",
        "# token-server/.env.example\nAPP_ID=<your-app-id>\nAPP_CERTIFICATE={v}",
        const("<your-app-certificate>"),
    ),
    L(
        MD,
        "placeholder",
        "# .env.example\nTWITCH_CLIENT_ID=\nTWITCH_CLIENT_SECRET={v}",
        interleaved(30),
    ),
    L(
        MD,
        "checksum",
        "$ sha256sum steamcmd_linux.tar.gz\n{v}  steamcmd_linux.tar.gz",
        hexl(64),
    ),
]
