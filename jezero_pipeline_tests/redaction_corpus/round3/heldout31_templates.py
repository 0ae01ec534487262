"""A thirty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of chat and bot platforms: Slack apps (token types, Bolt for
JavaScript and Python with Socket Mode, verifying requests with the signing secret, incoming
webhooks, `auth.test`, `oauth.v2.authorize`), Discord (bot tokens, the OAuth2 client-credentials
grant, webhooks, interactions public keys, application ids), the Telegram Bot API (bot tokens,
`setWebhook`'s `secret_token`, `getUpdates`), Matrix and Synapse (`homeserver.yaml`, the signing
key file, `register_new_matrix_user`, shared-secret registration, the login response, application
service registrations, server keys), Mattermost (personal access tokens, `mmctl`, incoming
webhooks), Microsoft Teams (Workflows webhook URLs, Bot Framework `appsettings.json`), Zulip
(`zuliprc`, incoming webhook URLs), Rocket.Chat (`X-Auth-Token`/`X-User-Id`, incoming
integrations) and IRC (NickServ, WeeChat `/secure`, ZNC), in commands, config files, code and
tool output, with the public ids, references and placeholders the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 29 and 32):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a Synapse signing key printed by `cat` as
`ed25519 <id> <key>`, NickServ's `IDENTIFY account password`, a password as a ZNC `Server =` line's last
field; altered: a Matrix server's public `verify_keys`).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

CH = "chat"

# Mattermost ids and tokens are 26 characters of its own base32 alphabet.
MM_ALPHABET = "ybndrfg8ejkmcpqxot1uwisza345h769"
# Rocket.Chat (Meteor) ids and webhook tokens.
METEOR_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz"
# Synapse's generated config secrets use letters, digits and some punctuation.
SYNAPSE_SECRET_ALPHABET = B62 + ".,;:^&*-_+=#~"

mm_id = pick(MM_ALPHABET, 26)
rc_id = pick(METEOR_ALPHABET, 17)
snowflake = join("1", digits(18))
slack_bot_token = join("xoxb-", digits(12), "-", digits(13), "-", b62(24))
telegram_token = join(digits(10), ":AA", b64url(33))


def discord_bot_token(rng: random.Random) -> str:
    """base64(bot user id) . 6-character timestamp . 38-character HMAC."""
    head = base64.b64encode(snowflake(rng).encode()).decode().rstrip("=")
    return f"{head}.{b64url(6)(rng)}.{b64url(38)(rng)}"


def synapse_access_token(localpart: str):
    """`syt_` + unpadded base64 of the localpart + 20 random letters + a 6-character checksum."""
    encoded = base64.urlsafe_b64encode(localpart.encode()).decode().rstrip("=")
    return join("syt_", encoded, "_", pick(string.ascii_letters, 20), "_", b62(6))


def azure_client_secret(rng: random.Random) -> str:
    """An Entra ID client secret value (Bot Framework app password): `xxxNQ~` then 34 characters."""
    return b62(3)(rng) + digits(1)(rng) + "Q~" + pick(B62 + "_.~-", 34)(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 24 to 29 and 32")

TEMPLATES = [
    # ---- secrets: Slack
    S(
        CH,
        "slack_bot_token",
        '$ curl -s -H "Authorization: Bearer {v}" https://slack.com/api/auth.test | jq .ok\ntrue',
        slack_bot_token,
    ),
    S(
        CH,
        "slack_app_level_token",
        'if __name__ == "__main__":\n    handler = SocketModeHandler(app, "{v}")\n    handler.start()',
        join("xapp-1-A0", upper_alnum(9), "-", digits(13), "-", hexl(64)),
    ),
    S(
        CH,
        "slack_signing_secret",
        "const app = new App({\n  token: process.env.SLACK_BOT_TOKEN,\n  signingSecret: '{v}',\n});",
        hexl(32),
    ),
    S(
        CH,
        "slack_incoming_webhook",
        "$ curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"release 4.12.0 is out\"}' "
        "https://hooks.slack.com/services/T{team}/B{hook}/{v}\nok",
        b62(24),
        team=upper_alnum(10),
        hook=upper_alnum(10),
    ),
    # ---- secrets: Discord
    S(
        CH,
        "discord_bot_token",
        '$ curl -s -H "Authorization: Bot {v}" https://discord.com/api/v10/users/@me',
        discord_bot_token,
    ),
    S(
        CH,
        "discord_webhook_token",
        'webhook = DiscordWebhook(url="https://discord.com/api/webhooks/{wid}/{v}", content="nightly build failed")',
        b64url(68),
        wid=snowflake,
    ),
    S(
        CH,
        "discord_client_secret",
        "$ curl -s -X POST https://discord.com/api/v10/oauth2/token -u '{appid}:{v}'"
        " -d grant_type=client_credentials -d scope=applications.commands.update",
        b64url(32),
        appid=snowflake,
    ),
    # ---- secrets: Telegram
    S(
        CH,
        "telegram_bot_token",
        "BotFather created @acme_deploy_bot and gave me the HTTP API token {v}; I saved it to `.env` "
        "as TELEGRAM_BOT_TOKEN and restarted the worker.",
        telegram_token,
    ),
    S(
        CH,
        "telegram_webhook_secret",
        '    application.run_webhook(\n        listen="0.0.0.0",\n        port=8443,\n'
        '        secret_token="{v}",\n        webhook_url="https://bots.acme.dev/telegram",\n    )',
        b64url(32),
    ),
    # ---- secrets: Matrix / Synapse
    S(
        CH,
        "matrix_access_token",
        "$ curl -s -X POST https://matrix.acme.dev/_matrix/client/v3/login -d @login.json | jq .\n{\n"
        '  "user_id": "@deploy-bot:matrix.acme.dev",\n  "access_token": "{v}",\n'
        '  "home_server": "matrix.acme.dev",\n  "device_id": "{dev}"\n}',
        synapse_access_token("deploy-bot"),
        dev=pick(string.ascii_uppercase, 10),
    ),
    S(
        CH,
        "synapse_shared_secret_flag",
        "$ docker exec -it synapse register_new_matrix_user -u ops-admin -a -k '{v}' http://localhost:8008",
        pick(SYNAPSE_SECRET_ALPHABET, 50),
    ),
    S(
        CH,
        "synapse_macaroon_secret",
        'report_stats: false\nmacaroon_secret_key: "{v}"\nsigning_key_path: "/data/matrix.acme.dev.signing.key"',
        pick(SYNAPSE_SECRET_ALPHABET, 50),
    ),
    S(
        CH,
        "appservice_as_token",
        "# /data/appservices/telegram-registration.yaml\nid: telegram\nurl: http://mautrix-telegram:29317\n"
        "as_token: {v}\nsender_localpart: telegrambot\nrate_limited: false",
        b62(64),
    ),
    S(
        CH,
        "synapse_signing_key",
        "$ cat /data/matrix.acme.dev.signing.key\ned25519 a_{kid} {v}",
        b64(43),
        kid=pick(string.ascii_letters, 4),
    ),
    # ---- secrets: Mattermost
    S(
        CH,
        "mattermost_access_token_flag",
        "$ mmctl auth login https://chat.acme.dev --name prod --username sysadmin --access-token {v}",
        mm_id,
    ),
    S(
        CH,
        "mattermost_incoming_webhook",
        "$ curl -i -X POST -H 'Content-Type: application/json' -d '{\"text\": \"Backup finished\"}' "
        "https://chat.acme.dev/hooks/{v}",
        mm_id,
    ),
    # ---- secrets: Microsoft Teams
    S(
        CH,
        "teams_workflow_sig",
        "TEAMS_WEBHOOK_URL='https://prod-{nn}.westeurope.logic.azure.com:443/workflows/{wf}/triggers/manual/paths/"
        "invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig={v}'",
        b64url(43),
        nn=digits(2),
        wf=hexl(32),
    ),
    S(
        CH,
        "botframework_app_password",
        '{\n  "MicrosoftAppType": "SingleTenant",\n  "MicrosoftAppId": "{appid}",\n'
        '  "MicrosoftAppPassword": "{v}",\n  "MicrosoftAppTenantId": "{tenant}"\n}',
        azure_client_secret,
        appid=uuid,
        tenant=uuid,
    ),
    # ---- secrets: Zulip
    S(
        CH,
        "zuliprc_key",
        "$ cat ~/zuliprc-deploy\n[api]\nemail=deploy-bot@acme.zulipchat.com\nkey={v}\nsite=https://acme.zulipchat.com",
        b62(32),
    ),
    S(
        CH,
        "zulip_webhook_api_key",
        "Payload URL: https://acme.zulipchat.com/api/v1/external/github?api_key={v}&stream=deploys&topic=ci",
        b62(32),
    ),
    # ---- secrets: Rocket.Chat
    S(
        CH,
        "rocketchat_auth_token",
        '$ curl -s -H "X-Auth-Token: {v}" -H "X-User-Id: {uid}" https://rc.acme.dev/api/v1/me',
        b64url(43),
        uid=rc_id,
    ),
    S(
        CH,
        "rocketchat_webhook_token",
        "ROCKETCHAT_HOOK=https://rc.acme.dev/hooks/{hid}/{v}",
        pick(METEOR_ALPHABET, 48),
        hid=rc_id,
    ),
    # ---- secrets: IRC
    S(CH, "nickserv_identify", "/msg NickServ IDENTIFY acme-deploy {v}", password(16)),
    S(CH, "weechat_secure_set", "/secure set libera_pass {v}", password(20)),
    S(
        CH,
        "znc_client_password",
        "/server add bnc bnc.acme.dev/6697 -tls -password=alice/libera:{v}",
        password(14),
    ),
    S(
        CH,
        "znc_network_server_password",
        "    <Network libera>\n        Nick = acme-deploy\n        Server = irc.libera.chat +6697 {v}\n"
        "        LoadModule = simple_away\n    </Network>",
        password(18),
    ),
    # ---- look-alikes: public Slack ids and non-secret values
    L(
        CH,
        "slack_client_id",
        "Install link: https://slack.com/oauth/v2/authorize?client_id={v}&scope=chat:write,commands&user_scope=",
        join(digits(10), ".", digits(13)),
    ),
    L(
        CH,
        "slack_team_id",
        '{"ok":true,"url":"https://acme-eng.slack.com/","team":"Acme Eng","user":"deploybot",'
        '"team_id":"{v}","user_id":"U{uid}","bot_id":"B{bid}","is_enterprise_install":false}',
        join("T0", upper_alnum(8)),
        uid=upper_alnum(10),
        bid=upper_alnum(10),
    ),
    L(
        CH,
        "slack_app_id",
        "Socket Mode is on; you can check it at https://api.slack.com/apps/{v}/socket-mode before reinstalling.",
        join("A0", upper_alnum(9)),
    ),
    L(
        CH,
        "slack_channel_id",
        '$ curl -s -X POST https://slack.com/api/chat.postMessage -H "Authorization: Bearer $SLACK_BOT_TOKEN"'
        " -d channel={v} -d text='build green'",
        join("C0", upper_alnum(9)),
    ),
    L(
        CH,
        "slack_token_placeholder",
        "# .env.example\nexport SLACK_BOT_TOKEN={v}\nexport SLACK_APP_TOKEN=xapp-<your-app-level-token>",
        const("xoxb-<your-bot-token>"),
    ),
    L(
        CH,
        "slack_signing_env_ref",
        "const app = new App({\n  token: process.env.SLACK_BOT_TOKEN,\n  signingSecret: {v},\n});",
        const("process.env.SLACK_SIGNING_SECRET"),
    ),
    L(
        CH,
        "slack_request_signature",
        "POST /slack/events HTTP/1.1\nX-Slack-Request-Timestamp: 17{ts}\nX-Slack-Signature: v0={v}",
        hexl(64),
        ts=digits(8),
    ),
    # ---- look-alikes: Discord and Telegram public values
    L(
        CH,
        "discord_application_id",
        "Invite the bot with https://discord.com/oauth2/authorize?client_id={v}&permissions=2048"
        "&scope=bot+applications.commands",
        snowflake,
    ),
    L(
        CH,
        "discord_public_key",
        "DISCORD_APPLICATION_ID={appid}\nDISCORD_PUBLIC_KEY={v}",
        hexl(64),
        appid=snowflake,
    ),
    L(
        CH,
        "telegram_chat_id",
        "$ curl -s \"https://api.telegram.org/bot$TELEGRAM_BOT_TOKEN/getUpdates\" | jq -c '.result[0].message.chat'\n"
        '{"id":{v},"title":"acme-deploys","type":"supergroup"}',
        join("-100", digits(10)),
    ),
    L(
        CH,
        "telegram_token_env_ref",
        '$ curl -s "https://api.telegram.org/bot{v}/getMe" | jq .result.username\n"acme_deploy_bot"',
        const("${TELEGRAM_BOT_TOKEN}"),
    ),
    # ---- look-alikes: Matrix public values, paths and digests
    L(
        CH,
        "matrix_device_id",
        '$ curl -s -H "Authorization: Bearer $MATRIX_TOKEN" https://matrix.acme.dev/_matrix/client/v3/devices'
        ' | jq -c \'.devices[0]\'\n{"device_id":"{v}","display_name":"deploy-bot","last_seen_ts":17{ts}}',
        pick(string.ascii_uppercase, 10),
        ts=digits(11),
    ),
    L(
        CH,
        "matrix_verify_key",
        "$ curl -s https://matrix.acme.dev/_matrix/key/v2/server | jq -c .verify_keys\n"
        '{"ed25519:a_{kid}":{"key":"{v}"}}',
        b64(43),
        kid=pick(string.ascii_letters, 4),
    ),
    L(
        CH,
        "synapse_signing_key_path",
        'server_name: "matrix.acme.dev"\nsigning_key_path: "{v}"\ntrusted_key_servers:\n  - server_name: "matrix.org"',
        const("/data/matrix.acme.dev.signing.key"),
    ),
    L(
        CH,
        "image_digest",
        "$ docker pull ghcr.io/element-hq/synapse:v1.119.0\nv1.119.0: Pulling from element-hq/synapse\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for ghcr.io/element-hq/synapse:v1.119.0",
        hexl(64),
    ),
    # ---- look-alikes: Mattermost ids of the token's own shape
    L(
        CH,
        "mattermost_user_id",
        "$ mmctl user search deploy-bot\nid: {v}\nusername: deploy-bot\nnickname: \nposition: \n"
        "first_name: Deploy\nlast_name: Bot\nemail: deploy-bot@acme.dev\nauth_service: ",
        mm_id,
    ),
    L(
        CH,
        "mattermost_token_id",
        '$ curl -s -H "Authorization: Bearer $MM_TOKEN" https://chat.acme.dev/api/v4/users/{uid}/tokens | jq -c .\n'
        '[{"id":"{v}","user_id":"{uid}","description":"ci deploy","is_active":true}]',
        mm_id,
        uid=mm_id,
    ),
    L(
        CH,
        "placeholder",
        "# .env.example (copy to .env, then paste the personal access token)\nMM_SERVER_URL=https://chat.acme.dev\n"
        "MM_ACCESS_TOKEN={v}",
        interleaved(26),
    ),
    # ---- look-alikes: Teams, Zulip and Rocket.Chat
    L(
        CH,
        "botframework_app_id",
        '{\n  "MicrosoftAppType": "SingleTenant",\n  "MicrosoftAppId": "{v}",\n  "MicrosoftAppTenantId": "{tenant}"\n}',
        uuid,
        tenant=uuid,
    ),
    L(
        CH,
        "keyvault_reference",
        '$ az webapp config appsettings set -g acme-bots -n acme-teams-bot --settings "MicrosoftAppPassword={v}"',
        const("@Microsoft.KeyVault(SecretUri=https://acme-bots-kv.vault.azure.net/secrets/BotAppPassword/)"),
    ),
    L(
        CH,
        "gha_secret_ref",
        "      - uses: zulip/github-actions-zulip/send-message@v1\n        with:\n          api-key: {v}\n"
        "          email: deploy-bot@acme.zulipchat.com\n          organization-url: https://acme.zulipchat.com",
        const("${{ secrets.ZULIP_API_KEY }}"),
    ),
    L(
        CH,
        "rocketchat_user_id",
        '$ curl -s -H "X-Auth-Token: $RC_TOKEN" -H "X-User-Id: {v}" https://rc.acme.dev/api/v1/me | jq .username\n'
        '"deploy-bot"',
        rc_id,
    ),
    L(
        CH,
        "gha_masked",
        'Run curl -fsS -X POST -H \'Content-Type: application/json\' -d "$PAYLOAD" "$SLACK_WEBHOOK_URL"\n'
        '  env:\n    SLACK_WEBHOOK_URL: {v}\n    PAYLOAD: {"text":"deploy finished"}',
        const("***"),
    ),
    # ---- look-alikes: IRC
    L(
        CH,
        "certfp_fingerprint",
        '$ openssl x509 -in ~/.weechat/certs/libera.pem -noout -fingerprint -sha512 | awk -F= \'{gsub(":","");'
        " print tolower($2)}'\n{v}\n/msg NickServ CERT ADD {v}",
        hexl(128),
    ),
    L(
        CH,
        "weechat_secure_ref",
        '/set irc.server.libera.sasl_mechanism plain\n/set irc.server.libera.sasl_password "{v}"',
        const("${sec.data.libera_pass}"),
    ),
]
