"""A two-hundred-and-twenty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of ChatOps and self-hosted team chat integrations: Mattermost
(bot and personal access tokens of 26 lowercase characters, `/hooks/<key>` incoming webhooks,
`mmctl auth login --access-token`, `mmctl token generate`, `MM_SQLSETTINGS_DATASOURCE`),
Rocket.Chat (43-character `X-Auth-Token` with a 17-character Meteor `X-User-Id`, login
responses, `/hooks/<id>/<token>` integrations, hubot-rocketchat's `ROCKETCHAT_PASSWORD`),
Zulip (`zuliprc` `[api]` sections with a 32-character key, `--api-key`, `zulip.Client(...)`,
`/api/v1/external/...?api_key=` webhook URLs), Revolt / Stoat (64-character bot tokens in
`X-Bot-Token` and revolt.py clients, ULID ids), Matrix / Element (Synapse `syt_` access
tokens, login responses, appservice `as_token`, `registration_shared_secret`, device ids, room
and event ids, server verify keys), Nextcloud Talk bots (`occ talk:bot:install` positional
secret, app passwords, `X-Nextcloud-Talk-Signature`, `talk:bot:list`), Gitter (40-hex personal access tokens, 24-hex room ids), and the bot
frameworks Hubot (matteruser, rocketchat adapters), Errbot (`BOT_IDENTITY`), Lita
(`config.adapters.mattermost.token`) and Opsdroid (`configuration.yaml` connectors), in
commands, config files, code and tool output, with the public ids, placeholders, references
and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
24 of 26 secrets caught, 2 of 23 look-alikes altered (missed: a Mattermost token printed by `mmctl
token generate` before its description, a Nextcloud Talk bot's secret as `occ talk:bot:install`'s
second argument; altered: a Synapse server's ed25519 verify key under `key`, Nextcloud Talk's
`X-…-Random` header).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
)

CH = "chatops"

# Meteor's Random.id alphabet (Rocket.Chat user, room and integration ids).
METEOR = "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz"
# Crockford base32, as in the ULIDs Revolt uses for users, servers and channels.
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def meteor_id(n: int = 17):
    return pick(METEOR, n)


def ulid(rng: random.Random) -> str:
    return "01" + pick(CROCKFORD, 24)(rng)


def mm_id(rng: random.Random) -> str:
    """Mattermost ids and tokens: 26 characters of [a-z0-9]."""
    return lower_alnum(26)(rng)


def synapse_token(localpart: str):
    """Synapse's `syt_<base64 localpart>_<20 letters>_<6 base62 check>` access token."""
    b64local = base64.urlsafe_b64encode(localpart.encode()).decode().rstrip("=")

    def make(rng: random.Random) -> str:
        rand = pick(string.ascii_letters, 20)(rng)
        return f"syt_{b64local}_{rand}_{b62(6)(rng)}"

    return make


def matrix_room_id(server: str):
    return join("!", pick(string.ascii_letters, 18), ":" + server)


def nc_app_password(rng: random.Random) -> str:
    return "-".join(b62(5)(rng) for _ in range(5))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Mattermost
    S(
        CH,
        "mattermost_bearer_curl",
        '$ curl -s -H "Authorization: Bearer {v}" https://mm.halyard-ops.io/api/v4/users/me | jq -r .username\n'
        "deploybot",
        mm_id,
    ),
    S(
        CH,
        "mattermost_incoming_webhook",
        "$ curl -i -X POST -H 'Content-Type: application/json'"
        ' -d \'{"text": "billing-api 4.12.0 rolled out to prod :rocket:"}\' https://mm.halyard-ops.io/hooks/{v}',
        mm_id,
    ),
    S(
        CH,
        "mmctl_auth_login",
        "$ mmctl auth login https://mm.halyard-ops.io --name halyard-prod --username ops-admin --access-token {v}\n"
        '\n  credentials for "halyard-prod": "ops-admin@https://mm.halyard-ops.io" stored',
        mm_id,
    ),
    S(
        CH,
        "mmctl_token_generate",
        '$ mmctl token generate deploybot "github actions release notifier"\n{v}: github actions release notifier',
        mm_id,
    ),
    S(
        CH,
        "errbot_mattermost_identity",
        "BACKEND = 'Mattermost'\nBOT_EXTRA_BACKEND_DIR = '/opt/errbot/backends'\nBOT_IDENTITY = {\n"
        "    'team': 'platform',\n    'server': 'mm.halyard-ops.io',\n    'token': '{v}',\n"
        "    'scheme': 'https',\n    'port': 443,\n}",
        mm_id,
    ),
    S(
        CH,
        "lita_mattermost_token",
        '  config.robot.adapter = :mattermost\n  config.adapters.mattermost.server = "https://mm.halyard-ops.io"\n'
        '  config.adapters.mattermost.token = "{v}"',
        mm_id,
    ),
    S(
        CH,
        "hubot_matteruser_env",
        "$ MATTERMOST_HOST=mm.halyard-ops.io MATTERMOST_GROUP=platform MATTERMOST_ACCESS_TOKEN={v}"
        " bin/hubot --adapter matteruser --name halbot",
        mm_id,
    ),
    S(
        CH,
        "mattermost_datasource",
        "      MM_SQLSETTINGS_DRIVERNAME: postgres\n"
        "      MM_SQLSETTINGS_DATASOURCE: postgres://mmuser:{v}@postgres:5432/mattermost?sslmode=disable&connect_timeout=10",
        password(18),
    ),
    # ---- secrets: Rocket.Chat
    S(
        CH,
        "rocketchat_pat_headers",
        '$ curl -s -H "X-Auth-Token: {v}" -H "X-User-Id: {uid}" https://chat.tallowmere.net/api/v1/me',
        b64url(43),
        uid=meteor_id(),
    ),
    S(
        CH,
        "rocketchat_login_response",
        '{\n  "status": "success",\n  "data": {\n    "authToken": "{v}",\n    "userId": "{uid}",\n'
        '    "me": {\n      "username": "release-bot",',
        b64url(43),
        uid=meteor_id(),
    ),
    S(
        CH,
        "opsdroid_rocketchat",
        'connectors:\n  rocketchat:\n    user-id: "{uid}"\n    token: "{v}"\n    bot-name: "tally"\n'
        '    default-room: "ops-alerts"\n    channel-url: "https://chat.tallowmere.net"',
        b64url(43),
        uid=meteor_id(),
    ),
    S(
        CH,
        "rocketchat_webhook_url",
        "ROCKETCHAT_WEBHOOK_URL=https://chat.tallowmere.net/hooks/{hid}/{v}",
        meteor_id(48),
        hid=meteor_id(),
    ),
    S(
        CH,
        "hubot_rocketchat_compose",
        "  hubot:\n    image: rocketchat/hubot-rocketchat:latest\n    environment:\n"
        "      - ROCKETCHAT_URL=rocketchat:3000\n      - ROCKETCHAT_USER=tally\n      - ROCKETCHAT_PASSWORD={v}\n"
        "      - BOT_NAME=tally",
        password(20),
    ),
    # ---- secrets: Zulip
    S(
        CH,
        "zuliprc_cat",
        "$ cat ~/.zuliprc\n[api]\nemail=deploy-bot@quokka.zulipchat.com\nkey={v}\nsite=https://quokka.zulipchat.com",
        b62(32),
    ),
    S(
        CH,
        "zulip_client_code",
        'client = zulip.Client(\n    email="triage-bot@zulip.fernhill.dev",\n    api_key="{v}",\n'
        '    site="https://zulip.fernhill.dev",\n)',
        b62(32),
    ),
    S(
        CH,
        "zulip_send_flag",
        '$ zulip-send --stream deploys --subject "api 2.3.1" --message "done" --site https://zulip.fernhill.dev'
        " --email deploy-bot@zulip.fernhill.dev --api-key {v}",
        b62(32),
    ),
    S(
        CH,
        "zulip_webhook_query",
        'alertmanager_url: "https://quokka.zulipchat.com/api/v1/external/alertmanager?api_key={v}&stream=alerts&name=instance"',
        b62(32),
    ),
    # ---- secrets: Revolt / Stoat
    S(
        CH,
        "revolt_bot_token_header",
        '$ curl -s https://api.revolt.chat/users/@me -H "X-Bot-Token: {v}"',
        b64url(64),
    ),
    S(
        CH,
        "revoltpy_client",
        "    async with revolt.utils.client_session() as session:\n"
        '        client = Client(session, "{v}")\n        await client.start()',
        b64url(64),
    ),
    # ---- secrets: Matrix / Element
    S(
        CH,
        "matrix_login_response",
        '{"user_id":"@ops-bot:matrix.fernhill.dev","access_token":"{v}",'
        '"home_server":"matrix.fernhill.dev","device_id":"{dev}"}',
        synapse_token("ops-bot"),
        dev=pick(string.ascii_uppercase, 10),
    ),
    S(
        CH,
        "opsdroid_matrix_access_token",
        'connectors:\n  matrix:\n    homeserver: "https://matrix.fernhill.dev"\n'
        '    mxid: "@opsdroid:matrix.fernhill.dev"\n    access_token: "{v}"\n    rooms:\n'
        "      'main': '#ops:matrix.fernhill.dev'",
        synapse_token("opsdroid"),
    ),
    S(
        CH,
        "appservice_as_token",
        "$ cat /etc/matrix-synapse/appservices/mattermost-registration.yaml\nid: mattermost\n"
        "url: http://localhost:29319\nas_token: {v}\nsender_localpart: mattermostbot",
        b62(64),
    ),
    S(
        CH,
        "synapse_registration_secret",
        "$ grep -n registration_shared_secret /etc/matrix-synapse/homeserver.yaml\n"
        '38:registration_shared_secret: "{v}"',
        b62(50),
    ),
    # ---- secrets: Nextcloud Talk
    S(
        CH,
        "nextcloud_talk_bot_install",
        '$ sudo -u www-data php occ talk:bot:install "Release Bot" "{v}"'
        ' "https://bots.fernhill.dev/nextcloud-talk" --feature webhook --feature response',
        hexl(64),
    ),
    S(
        CH,
        "nextcloud_app_password",
        '$ curl -s -u release-bot:{v} -H "OCS-APIRequest: true" -H "Accept: application/json"'
        " https://cloud.fernhill.dev/ocs/v2.php/apps/spreed/api/v4/room",
        nc_app_password,
    ),
    # ---- secrets: Gitter
    S(
        CH,
        "gitter_bearer",
        '$ curl -X POST -H "Content-Type: application/json" -H "Authorization: Bearer {v}"'
        ' https://api.gitter.im/v1/rooms/{room}/chatMessages -d \'{"text":"nightly build green"}\'',
        hexl(40),
        room=hexl(24),
    ),
    # ---- look-alikes: public ids
    L(
        CH,
        "mattermost_bot_user_id",
        '$ mmctl bot create deploybot --display-name "Deploy Bot" --json\n'
        '{\n  "user_id": "{v}",\n  "username": "deploybot",\n  "display_name": "Deploy Bot",',
        mm_id,
    ),
    L(
        CH,
        "mattermost_token_id",
        '$ mmctl token list deploybot --json\n[\n  {\n    "id": "{v}",\n    "user_id": "{uid}",\n'
        '    "description": "github actions release notifier",\n    "is_active": true\n  }\n]',
        mm_id,
        uid=mm_id,
    ),
    L(
        CH,
        "mattermost_channel_id",
        '$ curl -s -X POST -H "Authorization: Bearer $MM_BOT_TOKEN" https://mm.halyard-ops.io/api/v4/posts'
        ' -d \'{"channel_id": "{v}", "message": "rollback finished"}\'',
        mm_id,
    ),
    L(
        CH,
        "mattermost_request_id",
        "HTTP/1.1 200 OK\nContent-Type: text/plain\nX-Request-Id: {v}\nX-Version-Id: 9.11.2.9.11.2.{build}.false\n\nok",
        mm_id,
        build=hexl(32),
    ),
    L(
        CH,
        "mattermost_webhook_placeholder",
        "# Mattermost > Integrations > Incoming Webhooks, then paste the URL here\n"
        "MATTERMOST_WEBHOOK_URL=https://your-mattermost-server.com/hooks/{v}",
        const("xxx-generatedkey-xxx"),
    ),
    L(
        CH,
        "rocketchat_user_id",
        '$ curl -s -H "X-Auth-Token: $RC_TOKEN" -H "X-User-Id: {v}" https://chat.tallowmere.net/api/v1/channels.list',
        meteor_id(),
    ),
    L(
        CH,
        "rocketchat_room_id",
        '  "message": {\n    "rid": "{v}",\n    "msg": "build #812 passed",\n    "_id": "{mid}",',
        meteor_id(),
        mid=meteor_id(),
    ),
    L(
        CH,
        "revolt_server_ulid",
        "REVOLT_SERVER_ID={v}\nREVOLT_ALERTS_CHANNEL_ID={chan}",
        ulid,
        chan=ulid,
    ),
    L(
        CH,
        "revolt_token_placeholder",
        '        client = Client(session, "{v}")',
        const("BOT TOKEN HERE"),
    ),
    L(
        CH,
        "matrix_device_id",
        '  "device_id": "{v}",\n  "display_name": "opsdroid on ci-runner-3",\n  "last_seen_ip": "10.20.4.17",',
        pick(string.ascii_uppercase, 10),
    ),
    L(
        CH,
        "matrix_room_id",
        "    rooms:\n      'main': '{v}'\n      'alerts': '#alerts:matrix.fernhill.dev'",
        matrix_room_id("matrix.fernhill.dev"),
    ),
    L(
        CH,
        "matrix_event_id",
        '{"event_id":"{v}"}',
        join("$", b64url(43)),
    ),
    L(
        CH,
        "synapse_verify_key",
        "$ curl -s https://matrix.fernhill.dev/_matrix/key/v2/server | jq .verify_keys\n"
        '{\n  "ed25519:a_{kid}": {\n    "key": "{v}"\n  }\n}',
        b64(43),
        kid=pick(string.ascii_letters, 4),
    ),
    L(
        CH,
        "nextcloud_talk_signature",
        "POST /nextcloud-talk HTTP/1.1\nX-Nextcloud-Talk-Signature: {v}\nX-Nextcloud-Talk-Random: {rnd}\n"
        "X-Nextcloud-Talk-Backend: https://cloud.fernhill.dev/",
        hexl(64),
        rnd=b62(64),
    ),
    L(
        CH,
        "nextcloud_talk_url_hash",
        "$ sudo -u www-data php occ talk:bot:list\n+----+-------------+------------------------------------------+"
        "------------------------------------------+-------+\n"
        "| id | name        | url                                      | url_hash                                 | state |\n"
        "| 3  | Release Bot | https://bots.fernhill.dev/nextcloud-talk | {v} | 1     |",
        hexl(40),
    ),
    L(
        CH,
        "gitter_room_id",
        '$ curl -s -H "Authorization: Bearer $GITTER_TOKEN" "https://api.gitter.im/v1/rooms/{v}/chatMessages?limit=5"',
        hexl(24),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        CH,
        "errbot_zulip_placeholder",
        "BOT_IDENTITY = {\n  'email': '<your-bot@email.address>',\n  'key': '{v}',\n"
        "  'site': '<your-zulip-organization-url>'\n}",
        const("<api-key-of-your-bot>"),
    ),
    L(
        CH,
        "lita_env_fetch",
        "  config.adapters.mattermost.token = {v}",
        const('ENV.fetch("MATTERMOST_TOKEN")'),
    ),
    L(
        CH,
        "gha_secret_ref",
        "      - name: Notify Zulip\n        env:\n          ZULIP_API_KEY: {v}\n"
        "          ZULIP_EMAIL: release-bot@quokka.zulipchat.com",
        const("${{ secrets.ZULIP_API_KEY }}"),
    ),
    L(
        CH,
        "compose_env_ref",
        "    environment:\n      MATTERMOST_HOST: mm.halyard-ops.io\n      MATTERMOST_ACCESS_TOKEN: {v}",
        const("${MM_BOT_TOKEN:?set MM_BOT_TOKEN}"),
    ),
    L(
        CH,
        "masked_secret",
        "[2024-09-12 08:14:03] INFO  nextcloud-talk: loaded bot secret {v} for https://cloud.fernhill.dev",
        join("****************************************", hexl(4)),
    ),
    L(
        CH,
        "zulip_pip_hash",
        "zulip==0.9.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        CH,
        "bridge_puppet_mxid",
        "namespaces:\n  users:\n    - exclusive: true\n      regex: '@mattermost_.*:matrix.fernhill.dev'\n"
        "# a bridged Mattermost user shows up as @mattermost_{v}:matrix.fernhill.dev",
        mm_id,
    ),
]
