"""A hundred-and-eighteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of live-streaming and creator tools: obs-websocket (the
`--websocket_password` launch flag, `plugin_config/obs-websocket/config.json`, the Hello
challenge/salt, obsws-python and simpleobsws clients) and OBS profile `service.json`; Twitch
(`live_<user id>_<key>` stream keys in ingest URLs and the Get Stream Key response, the Twitch
CLI `configure -i/-s` and `token` output, EventSub webhook secrets in subscription bodies and
twurple listeners, `oauth:` chat passwords for tmi.js, client ids, subscription ids and
`sha256=` message signatures); StreamElements (JWT bearer tokens, 24-hex channel ids); Streamlabs
(socket-API JWTs in the socket.io URL, event `_id`s); Owncast (`-adminpassword`, admin API
Basic auth, integration bearer tokens); Kick (IVS-style `sk_us-west-2_…` stream keys, OAuth
client credentials against id.kick.com, ULID client ids, the RTMPS ingest host, the webhook
Ed25519 public key); YouTube Live (`xxxx-xxxx-xxxx-xxxx-xxxx` stream names in `live2` URLs and
`cdn.ingestionInfo`, channel, liveStream and broadcast ids); Restream (`re_…` keys pushed from
nginx-rtmp); nginx-rtmp `on_publish` arguments; SRS `http_hooks` `param` secrets and context
ids; Ant Media Server (`jwtSecretKey` over the REST settings API, `ProxyAuthorization` JWTs);
MediaMTX (`authInternalUsers`, SRT `streamid=publish:path:user:pass`, `sha256:` hashed
passwords, connection uuids) and Castr (HTTP Basic token id/secret, stream `_id`s), in commands,
config files, code and tool output, with the public ids, hashes, masks, placeholders and
references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 110 to 114):
24 of 27 secrets caught, 2 of 25 look-alikes altered (missed: the Twitch CLI's client secret after
`configure -s`, YouTube's `streamName` in `ingestionInfo`, a stream key as the `('key', '…')` pair
of a logged form; altered: obs-websocket's handshake `salt`, a YouTube `streamId` in a query).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64,
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
    uuid,
)

LS = "livestream"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def choice(*options: str):
    return lambda rng: rng.choice(options)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).rstrip(b"=").decode()


def jwt(claims):
    """An HS256 JWT whose payload is built by `claims(rng)`; the signature is random."""

    def make(rng: random.Random) -> str:
        header = _b64url_json({"alg": "HS256", "typ": "JWT"})
        return f"{header}.{_b64url_json(claims(rng))}.{b64url(43)(rng)}"

    return make


def se_claims(rng: random.Random) -> dict:
    return {
        "authToken": b64url(22)(rng),
        "channel": hexl(24)(rng),
        "role": "owner",
        "provider": "twitch",
        "provider_id": digits(9)(rng),
        "iat": rng.randrange(1700000000, 1730000000),
        "iss": "StreamElements",
    }


def streamlabs_claims(rng: random.Random) -> dict:
    return {
        "token": hexu(20)(rng),
        "read_only": True,
        "prevent_master": True,
        "twitch_id": digits(9)(rng),
    }


def ams_claims(rng: random.Random) -> dict:
    iat = rng.randrange(1700000000, 1730000000)
    return {"iat": iat, "exp": iat + 3600}


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


twitch_stream_key = join("live_", digits(9), "_", b62(30))
kick_stream_key = join("sk_us-west-2_", b62(12), "_", b62(30))
youtube_stream_name = groups(lower_alnum(4), 5)
restream_key = join("re_", digits(7), "_", hexl(20))
ulid = join("01J", pick(CROCKFORD, 23))
yt_stream_id = join(b64url(22), digits(16))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 27, 2, 25, "the rules for 110 to 114")

TEMPLATES: list = [
    # ---- secrets: OBS and obs-websocket
    S(
        LS,
        "obs_websocket_flag",
        '$ "/Applications/OBS.app/Contents/MacOS/OBS" --startstreaming --websocket_port 4455'
        " --websocket_password {v} --minimize-to-tray",
        b62(16),
    ),
    S(
        LS,
        "obs_websocket_config",
        "$ cat ~/.config/obs-studio/plugin_config/obs-websocket/config.json\n"
        '{\n    "alerts_enabled": false,\n    "auth_required": true,\n    "first_load": false,\n'
        '    "server_enabled": true,\n    "server_password": "{v}",\n    "server_port": 4455\n}',
        b62(16),
    ),
    S(
        LS,
        "simpleobsws_client",
        "parameters = simpleobsws.IdentificationParameters(ignoreNonFatalRequestChecks=False)\n"
        'ws = simpleobsws.WebSocketClient(url="ws://192.168.1.40:4455", password="{v}", identification_parameters=parameters)',
        password(20),
    ),
    S(
        LS,
        "obs_service_json",
        "$ cat ~/.config/obs-studio/basic/profiles/Brightkite_Live/service.json\n"
        '{\n    "settings": {\n        "bwtest": false,\n        "key": "{v}",\n        "server": "auto",\n'
        '        "service": "Twitch"\n    },\n    "type": "rtmp_common"\n}',
        twitch_stream_key,
    ),
    # ---- secrets: Twitch
    S(
        LS,
        "twitch_ingest_url",
        "$ ffmpeg -re -i scenes/intro-loop.mp4 -c:v libx264 -preset veryfast -b:v 4500k -maxrate 4500k"
        ' -bufsize 9000k -g 60 -c:a aac -b:a 160k -f flv "rtmp://{pop}.contribute.live-video.net/app/{v}"',
        twitch_stream_key,
        pop=choice("sfo", "fra", "lhr", "jfk", "ams03"),
    ),
    S(
        LS,
        "twitch_cli_configure",
        "$ twitch configure -i {cid} -s {v}\nUpdated configuration.",
        lower_alnum(30),
        cid=lower_alnum(30),
    ),
    S(
        LS,
        "twitch_cli_app_token",
        "$ twitch token\n2024/05/12 14:02:51 App Access Token: {v}",
        lower_alnum(30),
    ),
    S(
        LS,
        "eventsub_subscription_secret",
        '$ curl -X POST https://api.twitch.tv/helix/eventsub/subscriptions -H "Authorization: Bearer $TWITCH_APP_TOKEN"'
        ' -H "Client-Id: {cid}" -H "Content-Type: application/json"'
        ' -d \'{"type":"stream.online","version":"1","condition":{"broadcaster_user_id":"{uid}"},'
        '"transport":{"method":"webhook","callback":"https://hooks.brightkite.dev/twitch/eventsub","secret":"{v}"}}\'',
        hexl(40),
        cid=lower_alnum(30),
        uid=digits(9),
    ),
    S(
        LS,
        "twurple_listener_secret",
        "const listener = new EventSubHttpListener({\n  apiClient,\n"
        "  adapter: new ReverseProxyAdapter({ hostName: 'hooks.brightkite.dev', port: 8443 }),\n"
        "  secret: '{v}',\n  strictHostCheck: true\n});",
        b64url(32),
    ),
    S(
        LS,
        "tmi_oauth_password",
        "const client = new tmi.Client({\n  options: { debug: true },\n"
        "  identity: { username: 'brightkite_bot', password: 'oauth:{v}' },\n  channels: ['brightkite']\n});",
        lower_alnum(30),
    ),
    # ---- secrets: StreamElements and Streamlabs
    S(
        LS,
        "streamelements_jwt",
        '$ curl -s "https://api.streamelements.com/kappa/v2/tips/{chan}?limit=5" -H "Authorization: Bearer {v}"'
        " -H \"Accept: application/json\" | jq '.docs | length'",
        jwt(se_claims),
        chan=hexl(24),
    ),
    S(
        LS,
        "streamlabs_socket_token",
        "const socket = io(`https://sockets.streamlabs.com?token={v}`, { transports: ['websocket'] });\n"
        "socket.on('event', (eventData) => handleAlert(eventData));",
        jwt(streamlabs_claims),
    ),
    # ---- secrets: Owncast
    S(
        LS,
        "owncast_adminpassword",
        "$ ./owncast -webserverport 8080 -rtmpport 1935 -adminpassword '{v}' -database /srv/owncast/data/owncast.db",
        password(18),
    ),
    S(
        LS,
        "owncast_basic_auth",
        "$ curl -s https://live.brightkite.dev/api/admin/status -H 'Authorization: Basic {v}'\n"
        '{"broadcaster":null,"online":false,"viewerCount":0,"overallPeakViewerCount":41}',
        basic_auth("admin", password(16)),
    ),
    S(
        LS,
        "owncast_integration_token",
        "$ curl -X POST https://live.brightkite.dev/api/integrations/chat/system"
        ' -H "Authorization: Bearer {v}" -d \'{"body": "Stream starts in 5 minutes"}\'',
        join(b64url(43), "="),
    ),
    # ---- secrets: Kick
    S(
        LS,
        "kick_stream_key_env",
        "# .env.production\nKICK_RTMP_URL=rtmps://{host}.global-contribute.live-video.net/app\nKICK_STREAM_KEY={v}",
        kick_stream_key,
        host=hexl(12),
    ),
    S(
        LS,
        "kick_client_secret",
        "$ curl -s -X POST https://id.kick.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d grant_type=client_credentials -d client_id={cid} -d client_secret={v}",
        hexl(64),
        cid=ulid,
    ),
    # ---- secrets: YouTube Live and Restream
    S(
        LS,
        "youtube_live2_url",
        "$ ffmpeg -f v4l2 -i /dev/video0 -f alsa -i hw:1 -c:v libx264 -preset veryfast -b:v 6000k -c:a aac"
        " -f flv rtmp://a.rtmp.youtube.com/live2/{v}",
        youtube_stream_name,
    ),
    S(
        LS,
        "youtube_ingestion_info",
        '  "cdn": {\n    "ingestionType": "rtmp",\n    "ingestionInfo": {\n      "streamName": "{v}",\n'
        '      "ingestionAddress": "rtmp://a.rtmp.youtube.com/live2",\n'
        '      "backupIngestionAddress": "rtmp://b.rtmp.youtube.com/live2?backup=1"\n    },\n'
        '    "resolution": "1080p",\n    "frameRate": "60fps"\n  },',
        youtube_stream_name,
    ),
    S(
        LS,
        "nginx_rtmp_push_restream",
        "rtmp {\n    server {\n        listen 1935;\n        application live {\n            live on;\n"
        "            record off;\n            push rtmp://live.restream.io/live/{v};\n        }\n    }\n}",
        restream_key,
    ),
    # ---- secrets: self-hosted ingest servers
    S(
        LS,
        "nginx_rtmp_on_publish_args",
        "[2024-05-12 14:02:51] on_publish form=ImmutableMultiDict([('call', 'publish'), ('addr', '203.0.113.24'),"
        " ('app', 'live'), ('name', 'studio-a'), ('type', 'live'), ('key', '{v}')])",
        hexl(32),
    ),
    S(
        LS,
        "srs_hook_param",
        '[2024-05-12 14:02:51][trace] post to streams, req={"server_id":"vid-{sid}","action":"on_publish",'
        '"client_id":"{cl}","ip":"192.168.31.7","vhost":"__defaultVhost__","app":"live",'
        '"tcUrl":"rtmp://192.168.31.20/live","stream":"livestream","param":"?secret={v}",'
        '"stream_url":"/live/livestream"}',
        hexl(32),
        sid=lower_alnum(7),
        cl=lower_alnum(8),
    ),
    S(
        LS,
        "ams_jwt_secret_setting",
        '$ curl -X PUT "https://ams.brightkite.dev:5443/rest/v2/applications/settings/LiveApp"'
        ' -H "Content-Type: application/json"'
        ' -d \'{"jwtControlEnabled": true, "jwtSecretKey": "{v}", "publishJwtControlEnabled": true}\'',
        b62(32),
    ),
    S(
        LS,
        "ams_proxy_authorization",
        '$ curl -s https://ams.brightkite.dev:5443/rest/v2/applications -H "ProxyAuthorization: {v}"',
        jwt(ams_claims),
    ),
    S(
        LS,
        "mediamtx_internal_user",
        "authInternalUsers:\n- user: obs-studio\n  pass: {v}\n  ips: []\n  permissions:\n"
        "  - action: publish\n    path: studio\n- user: any\n  pass:\n  permissions:\n  - action: read",
        b62(20),
    ),
    S(
        LS,
        "mediamtx_srt_streamid",
        "$ ffmpeg -re -stream_loop -1 -i test.mp4 -c copy -f mpegts"
        ' "srt://10.0.4.12:8890?streamid=publish:cam1:publisher:{v}&pkt_size=1316"',
        b62(18),
    ),
    S(
        LS,
        "castr_basic_auth",
        "$ curl -s -u {tid}:{v} https://api.castr.com/v2/live_streams"
        " -H 'Content-Type: application/json' | jq '.docs[0].name'",
        b62(48),
        tid=hexl(24),
    ),
    # ---- look-alikes: public ids
    L(
        LS,
        "twitch_client_id",
        "TWITCH_CLIENT_ID={v}\nTWITCH_CLIENT_SECRET=${TWITCH_CLIENT_SECRET:?set from vault}",
        lower_alnum(30),
    ),
    L(
        LS,
        "eventsub_subscription_id",
        '{"data":[{"id":"{v}","status":"webhook_callback_verification_pending","type":"stream.online",'
        '"version":"1","condition":{"broadcaster_user_id":"{uid}"},"created_at":"2024-05-12T14:02:51.228119Z",'
        '"transport":{"method":"webhook","callback":"https://hooks.brightkite.dev/twitch/eventsub"},"cost":1}],'
        '"total":1,"max_total_cost":10000,"total_cost":1}',
        uuid,
        uid=digits(9),
    ),
    L(
        LS,
        "eventsub_signature",
        "INFO eventsub: Twitch-Eventsub-Message-Id={mid} Twitch-Eventsub-Message-Timestamp=2024-05-12T14:02:51.634234626Z"
        " Twitch-Eventsub-Message-Signature={v}",
        join("sha256=", hexl(64)),
        mid=uuid,
    ),
    L(
        LS,
        "streamelements_channel_id",
        "SE_CHANNEL_ID={v}\nSE_JWT_TOKEN=  # paste from the StreamElements dashboard, never commit",
        hexl(24),
    ),
    L(
        LS,
        "streamlabs_event_id",
        '[streamlabs] follow: {"name": "nightowl_plays", "isTest": false, "_id": "{v}", "priority": 10,'
        ' "for": "twitch_account"}',
        hexl(32),
    ),
    L(
        LS,
        "obs_websocket_challenge",
        '< {"op":0,"d":{"obsWebSocketVersion":"5.4.2","rpcVersion":1,'
        '"authentication":{"challenge":"{v}","salt":"{salt}"}}}',
        b64(43, "="),
        salt=b64(43, "="),
    ),
    L(
        LS,
        "kick_client_id",
        "KICK_CLIENT_ID={v}\nKICK_REDIRECT_URI=https://bot.brightkite.dev/auth/kick/callback",
        ulid,
    ),
    L(
        LS,
        "kick_ingest_url",
        'Stream URL: {v}\nStream Key: (hidden - use "Copy" in the Kick creator dashboard)',
        join("rtmps://", hexl(12), ".global-contribute.live-video.net/app"),
    ),
    L(
        LS,
        "kick_webhook_public_key",
        "$ curl -s https://api.kick.com/public/v1/public-key | jq -r .data.public_key\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        join("MCowBQYDK2VwAyEA", b64(43), "="),
    ),
    L(
        LS,
        "youtube_channel_id",
        '    "snippet": {\n      "channelId": "{v}",\n      "title": "Brightkite studio feed",',
        join("UC", b64url(22)),
    ),
    L(
        LS,
        "youtube_livestream_id",
        '  "kind": "youtube#liveStream",\n  "etag": "{etag}",\n  "id": "{v}",',
        yt_stream_id,
        etag=b64url(27),
    ),
    L(
        LS,
        "youtube_broadcast_id",
        '$ curl -s -X POST "https://www.googleapis.com/youtube/v3/liveBroadcasts/bind?id={v}'
        '&part=id,contentDetails&streamId={sid}" -H "Authorization: Bearer $YT_ACCESS_TOKEN"',
        b64url(11),
        sid=yt_stream_id,
    ),
    L(
        LS,
        "srs_context_id",
        "[2024-05-12 14:02:51.412][INFO][7][{v}] RTMP client ip=203.0.113.24:52144, fd=11",
        lower_alnum(8),
    ),
    L(
        LS,
        "mediamtx_connection_id",
        '$ curl -s http://127.0.0.1:9997/v3/paths/list | jq ".items[0].source"\n{\n  "type": "rtmpConn",\n  "id": "{v}"\n}',
        uuid,
    ),
    L(
        LS,
        "castr_stream_id",
        '  {\n    "_id": "{v}",\n    "name": "Sunday service",\n    "enabled": true,',
        hexl(24),
    ),
    # ---- look-alikes: hashes
    L(
        LS,
        "mediamtx_sha256_pass",
        "authInternalUsers:\n- user: obs-studio\n  pass: {v}\n  permissions:\n  - action: publish",
        join("sha256:", b64(43), "="),
    ),
    L(
        LS,
        "owncast_commit_sha",
        "$ git -C ~/src/owncast rev-parse HEAD\n{v}\n$ go build -o owncast .",
        hexl(40),
    ),
    L(
        LS,
        "obs_installer_checksum",
        "$ sha256sum OBS-Studio-30.1.2-Full-Installer-x64.exe\n{v}  OBS-Studio-30.1.2-Full-Installer-x64.exe",
        hexl(64),
    ),
    # ---- look-alikes: references, masks and placeholders
    L(
        LS,
        "gha_secret_ref",
        "        env:\n          TWITCH_CLIENT_SECRET: {v}\n          KICK_STREAM_KEY: ${{ secrets.KICK_STREAM_KEY }}",
        const("${{ secrets.TWITCH_CLIENT_SECRET }}"),
    ),
    L(
        LS,
        "obsws_env_ref",
        'client = obs.ReqClient(host="localhost", port=4455, password={v}, timeout=3)',
        const('os.environ["OBS_WEBSOCKET_PASSWORD"]'),
    ),
    L(
        LS,
        "ams_env_ref",
        '$ curl -s "https://ams.brightkite.dev:5443/LiveApp/rest/v2/broadcasts/list/0/10" -H "Authorization: Bearer {v}"',
        const("$AMS_REST_JWT"),
    ),
    L(
        LS,
        "obs_password_masked",
        "$ ./scripts/obs-doctor --show-config\nwebsocket.enabled     true\nwebsocket.port        4455\n"
        "websocket.password    {v}",
        join("************", b62(4)),
    ),
    L(
        LS,
        "twitch_key_placeholder",
        "# OBS -> Settings -> Stream -> Server: rtmp://live.twitch.tv/app\n# single-URL form: rtmp://live.twitch.tv/app/{v}",
        const("{stream_key}"),
    ),
    L(
        LS,
        "owncast_placeholder",
        "$ ./owncast -adminpassword {v}   # replace before first boot",
        const("<new-admin-password>"),
    ),
    L(
        LS,
        "restream_placeholder",
        "RESTREAM_STREAM_KEY={v}   # format re_<account>_<key>, copy it from Restream's streaming setup page",
        const("re_XXXXXXX_XXXXXXXXXXXXXXXXXXXX"),
    ),
]
