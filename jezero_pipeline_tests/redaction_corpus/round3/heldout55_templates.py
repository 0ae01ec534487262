"""A fifty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of VoIP, telephony and video-conferencing tooling: Asterisk
(`pjsip.conf` auth sections with `password=` and `md5_cred=`, endpoints' `outbound_auth` and DTLS
key paths, the `sip.conf` `register =>` string, an AMI `Action: Login` on port 5038, the ARI
websocket's `api_key=user:password`, `asterisk -rx "sip show peer"` output), FreeSWITCH (directory
users and `$${default_password}`, the event socket and `fs_cli -p`), Kamailio and OpenSIPS (`kamctl
add`, `#!define DBURL`, `auth_db` modparams, `opensips-cli.cfg`), SIP clients and test tools
(baresip's accounts file, SIPp's `-au`/`-ap`, digest challenges), Zoom (Server-to-Server OAuth
account id, client id and client secret, its access tokens, the webhook secret token beside
`x-zm-signature` and `endpoint.url_validation`, Video SDK JWTs, `start_url` ZAK tokens, meeting
UUIDs), Webex (bot tokens, integration client ids and secrets, room ids, `X-Spark-Signature`),
Microsoft Teams and Azure Bot (`MicrosoftAppId` vs `MicrosoftAppPassword`, Key Vault references,
incoming webhook URLs), Jitsi (prosody `app_id`/`app_secret`, `prosodyctl register`,
docker-jitsi-meet's `.env` and `gen-passwords.sh`, `jvb.conf`), 3CX's XAPI client credentials,
and the Daily and Whereby REST APIs, in commands, config files, code and tool output, with the
public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 50 to 54):
21 of 27 secrets caught, 1 of 24 look-alikes altered (missed: pjsip's `md5_cred`, a `register =>` string's password,
a FreeSWITCH `<param name="password" value=…>`, the passwords `kamctl add` and `prosodyctl register` take, a Video
SDK secret as `jwt.encode`'s second argument; altered: Zoom's `plainToken` and `encryptedToken` in a webhook's
validation).
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
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

VO = "voip"


def _b64url(data: str) -> str:
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def _jwt(header: dict, payload: dict, sig_len: int, rng: random.Random) -> str:
    head = _b64url(json.dumps(header, separators=(",", ":")))
    body = _b64url(json.dumps(payload, separators=(",", ":")))
    return f"{head}.{body}.{b64url(sig_len)(rng)}"


def _ts(rng: random.Random) -> int:
    return rng.randrange(1_700_000_000, 1_760_000_000)


def zoom_access_token(rng: random.Random) -> str:
    """A Server-to-Server OAuth access token: an HS512 JWT with Zoom's `v`/`kid` header."""
    t = _ts(rng)
    payload = {
        "aud": "https://oauth.zoom.us",
        "uid": b64url(22)(rng),
        "ver": 10,
        "auid": hexl(64)(rng),
        "nbf": t,
        "code": b64url(34)(rng),
        "iss": "zm:cid:" + b64url(22)(rng),
        "gno": 0,
        "exp": t + 3600,
        "type": 3,
        "iat": t,
        "aid": b64url(22)(rng),
    }
    return _jwt({"alg": "HS512", "v": "2.0", "kid": uuid(rng)}, payload, 86, rng)


def zoom_zak(rng: random.Random) -> str:
    """The ZAK token a meeting's `start_url` carries (starts the meeting as its host)."""
    t = _ts(rng)
    payload = {
        "aud": "clientsm",
        "uid": b64url(22)(rng),
        "iss": "web",
        "sk": "0",
        "sty": 100,
        "wcd": "us06",
        "clt": 0,
        "mnum": digits(11)(rng),
        "exp": t + 7200,
        "iat": t,
        "aid": b64url(22)(rng),
        "cid": "",
    }
    return _jwt({"typ": "JWT", "sv": "000001", "zm_skm": "zm_o2m", "alg": "HS256"}, payload, 43, rng)


def whereby_api_key(rng: random.Random) -> str:
    """A Whereby Embedded API key, a long RS256 JWT used as a bearer token."""
    payload = {
        "iss": "https://accounts.srv.whereby.com",
        "iat": _ts(rng),
        "organizationId": digits(6)(rng),
        "jti": uuid(rng),
    }
    return _jwt({"alg": "RS256", "typ": "JWT"}, payload, 342, rng)


def webex_token(rng: random.Random) -> str:
    """A Webex bot/access token: base64 of a uuid and a fragment, `_PF84_`, then the org uuid."""
    raw = uuid(rng) + hexl(8)(rng) + "-" + hexl(3)(rng)
    return base64.b64encode(raw.encode()).decode().rstrip("=") + "_PF84_" + uuid(rng)


def webex_room_id(rng: random.Random) -> str:
    """A Webex roomId: base64 of `ciscospark://us/ROOM/<uuid>` without padding."""
    return base64.b64encode(("ciscospark://us/ROOM/" + uuid(rng)).encode()).decode().rstrip("=")


ENTRA = string.ascii_letters + string.digits + "_~.-"


def entra_client_secret(rng: random.Random) -> str:
    """An Entra ID (Azure AD) client secret value: three characters, a digit, `Q~`, 34 more."""
    return pick(ENTRA, 3)(rng) + rng.choice(string.digits) + "Q~" + pick(ENTRA, 34)(rng)


def teams_webhook_path(rng: random.Random) -> str:
    """The path of a Teams incoming webhook URL after `webhookb2/` (group@tenant, id, owner)."""
    return f"{uuid(rng)}@{uuid(rng)}/IncomingWebhook/{hexl(32)(rng)}/{uuid(rng)}"


def zoom_meeting_uuid(rng: random.Random) -> str:
    """A Zoom meeting UUID: base64 of 16 bytes, padding kept."""
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(16))).decode()


zoom_id = b64url(22)
meeting_number = join(pick("123456789", 1), digits(10))
xml_password = pick(string.ascii_letters + string.digits + "!#%^*@$", 18)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 27, 1, 24, "the rules for 50 to 54")

TEMPLATES = [
    # ---- secrets: Asterisk
    S(
        VO,
        "pjsip_auth_password",
        "[6001-auth]\ntype=auth\nauth_type=userpass\nusername=6001\npassword={v}\n\n[6001]\ntype=aor\nmax_contacts=1",
        password(16),
    ),
    S(
        VO,
        "pjsip_md5_cred",
        "[flowroute-auth]\ntype=auth\nauth_type=md5\nusername={user}\nrealm=sip.flowroute.example\nmd5_cred={v}",
        hexl(32),
        user=digits(8),
    ),
    S(
        VO,
        "sip_register_string",
        "; sip.conf [general]\nregister => {user}:{v}@atlanta.voip.example/{user}\nregisterattempts=0\nregistertimeout=20",
        b62(14),
        user=digits(6),
    ),
    S(
        VO,
        "ami_login_secret",
        "$ telnet 127.0.0.1 5038\nAsterisk Call Manager/7.0.3\nAction: Login\nUsername: crm-bridge\nSecret: {v}\n\n"
        "Response: Success\nMessage: Authentication accepted",
        b62(20),
    ),
    S(
        VO,
        "ari_ws_api_key",
        '$ wscat -c "ws://pbx01.internal:8088/ari/events?api_key=asterisk:{v}&app=ivr-router&subscribeAll=true"',
        b62(24),
    ),
    # ---- secrets: FreeSWITCH
    S(
        VO,
        "fs_directory_password",
        '<include>\n  <user id="1007">\n    <params>\n      <param name="password" value="{v}"/>\n    </params>\n'
        '    <variables>\n      <variable name="accountcode" value="1007"/>\n    </variables>\n  </user>\n</include>',
        xml_password,
    ),
    S(
        VO,
        "fs_cli_password",
        '$ fs_cli -H 10.20.0.14 -P 8021 -p {v} -x "sofia status gateway flowroute"',
        b62(18),
    ),
    # ---- secrets: Kamailio / OpenSIPS and SIP clients
    S(VO, "kamctl_add_password", "$ sudo kamctl add 1042@sip.brightkite.example {v}", b62(14)),
    S(
        VO,
        "kamailio_dburl",
        '#!ifdef WITH_MYSQL\n#!define DBURL "mysql://kamailio:{v}@10.20.0.31/kamailio"\n#!endif',
        b62(20),
    ),
    S(
        VO,
        "opensips_cli_database_url",
        "# /etc/opensips/opensips-cli.cfg\n[default]\nlog_level: WARNING\nprompt_name: opensips-cli\n"
        "database_url: mysql://opensips:{v}@10.20.0.31\ndatabase_name: opensips",
        b62(20),
    ),
    S(
        VO,
        "baresip_auth_pass",
        "# ~/.baresip/accounts\n<sip:1042@pbx.brightkite.example;transport=tls>;auth_pass={v};answermode=manual;regint=600",
        password(16),
    ),
    S(
        VO,
        "sipp_auth_password",
        "$ sipp -sf uac_register.xml -s 1042 -au 1042 -ap {v} -m 1 -trace_err 10.20.0.14:5060",
        b62(16),
    ),
    # ---- secrets: Zoom
    S(
        VO,
        "zoom_s2s_client_secret",
        '$ curl -s -X POST "https://zoom.us/oauth/token?grant_type=account_credentials&account_id={acct}"'
        ' -u "{cid}:{v}"',
        b62(32),
        acct=zoom_id,
        cid=zoom_id,
    ),
    S(
        VO,
        "zoom_s2s_access_token",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3599,'
        '"scope":"meeting:write:admin user:read:admin","api_url":"https://api.zoom.us"}',
        zoom_access_token,
    ),
    S(
        VO,
        "zoom_webhook_secret_token",
        "  const hash = crypto.createHmac('sha256', '{v}').update(`v0:${ts}:${body}`).digest('hex')",
        b64url(22),
    ),
    S(
        VO,
        "zoom_video_sdk_secret",
        '    token = jwt.encode({"app_key": "{key}", "tpc": "standup-{num}", "role_type": 1, "version": 1,'
        ' "iat": iat, "exp": iat + 7200}, "{v}", algorithm="HS256")',
        b62(36),
        key=b62(22),
        num=digits(3),
    ),
    S(
        VO,
        "zoom_start_url_zak",
        '  "start_url": "https://us06web.zoom.us/s/{mid}?zak={v}",\n  "join_url": "https://us06web.zoom.us/j/{mid}",',
        zoom_zak,
        mid=meeting_number,
    ),
    # ---- secrets: Webex, Teams / Azure Bot
    S(
        VO,
        "webex_bot_token",
        '$ curl -s https://webexapis.com/v1/people/me -H "Authorization: Bearer {v}"',
        webex_token,
    ),
    S(
        VO,
        "webex_client_secret",
        "$ curl -s -X POST https://webexapis.com/v1/access_token -d grant_type=authorization_code"
        " -d client_id={cid} -d client_secret={v} -d code=$CODE"
        " -d redirect_uri=https://bots.brightkite.example/oauth/callback",
        hexl(64),
        cid=join("C", hexl(64)),
    ),
    S(
        VO,
        "azure_bot_app_password",
        '{\n  "MicrosoftAppType": "SingleTenant",\n  "MicrosoftAppId": "{appid}",\n  "MicrosoftAppPassword": "{v}",\n'
        '  "MicrosoftAppTenantId": "{tenant}"\n}',
        entra_client_secret,
        appid=uuid,
        tenant=uuid,
    ),
    S(
        VO,
        "teams_incoming_webhook",
        "$ curl -H 'Content-Type: application/json' -d '{\"text\": \"PBX trunk flowroute is UNREACHABLE\"}'"
        " https://brightkite.webhook.office.com/webhookb2/{v}",
        teams_webhook_path,
    ),
    # ---- secrets: Jitsi
    S(
        VO,
        "jitsi_app_secret",
        'VirtualHost "meet.brightkite.example"\n    authentication = "token"\n    app_id = "{appid}"\n'
        '    app_secret = "{v}"\n    allow_empty_token = false',
        b62(32),
        appid=join("bk-meet-", lower_alnum(6)),
    ),
    S(VO, "prosodyctl_register", "$ sudo prosodyctl register moderator meet.brightkite.example {v}", b62(14)),
    S(
        VO,
        "jvb_xmpp_password",
        'videobridge.apis.xmpp-client.configs.shard0 {\n  HOSTNAME = "localhost"\n'
        '  DOMAIN = "auth.meet.brightkite.example"\n  USERNAME = "jvb"\n  PASSWORD = "{v}"\n'
        '  MUC_JIDS = "JvbBrewery@internal.auth.meet.brightkite.example"\n}',
        b62(16),
    ),
    # ---- secrets: 3CX, Daily, Whereby
    S(
        VO,
        "threecx_client_secret",
        '$ curl -s -X POST https://brightkite.3cx.eu/connect/token -d "client_id=reportsync"'
        ' -d "client_secret={v}" -d "grant_type=client_credentials"',
        b62(32),
    ),
    S(
        VO,
        "daily_api_key",
        '$ curl -s -X POST https://api.daily.co/v1/rooms -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{"properties":{"enable_chat":true}}\'',
        hexl(64),
    ),
    S(
        VO,
        "whereby_api_key",
        'const res = await fetch("https://api.whereby.dev/v1/meetings", {\n  method: "POST",\n'
        '  headers: { Authorization: "Bearer {v}", "Content-Type": "application/json" },',
        whereby_api_key,
    ),
    # ---- look-alikes: masked output, references and paths in PBX configs
    L(
        VO,
        "sip_show_peer_masked",
        '$ asterisk -rx "sip show peer flowroute"\n\n  * Name       : flowroute\n  Secret       : {v}\n'
        "  MD5Secret    : <Not set>\n  Remote Secret: <Not set>\n  Context      : from-trunk",
        const("<Set>"),
    ),
    L(
        VO,
        "pjsip_outbound_auth_ref",
        "[flowroute]\ntype=endpoint\ncontext=from-trunk\ndisallow=all\nallow=ulaw\noutbound_auth={v}\naors=flowroute",
        const("flowroute-auth"),
    ),
    L(
        VO,
        "pjsip_dtls_key_path",
        "[webrtc-client]\ntype=endpoint\nwebrtc=yes\ndtls_cert_file=/etc/asterisk/keys/asterisk.crt\n"
        "dtls_private_key={v}\ndtls_setup=actpass",
        const("/etc/asterisk/keys/asterisk.key"),
    ),
    L(
        VO,
        "fs_default_password_ref",
        '  <user id="1008">\n    <params>\n      <param name="password" value="{v}"/>\n    </params>',
        const("$${default_password}"),
    ),
    L(
        VO,
        "kamailio_dburl_ref",
        'modparam("auth_db", "db_url", {v})\nmodparam("auth_db", "calculate_ha1", yes)\n'
        'modparam("auth_db", "password_column", "password")',
        const("DBURL"),
    ),
    L(
        VO,
        "sip_digest_nonce",
        "SIP/2.0 401 Unauthorized\nVia: SIP/2.0/UDP 10.20.0.55:5060;branch=z9hG4bK{br};rport=5060\n"
        'WWW-Authenticate: Digest realm="asterisk",nonce="{v}",opaque="{op}",algorithm=MD5,qop="auth"',
        join("17", digits(8), "/", hexl(32)),
        br=lower_alnum(10),
        op=hexl(16),
    ),
    # ---- look-alikes: Zoom public ids and per-request signatures
    L(
        VO,
        "zoom_account_id",
        "        env:\n          ZOOM_ACCOUNT_ID: {v}\n          ZOOM_CLIENT_SECRET: ${{ secrets.ZOOM_CLIENT_SECRET }}",
        zoom_id,
    ),
    L(
        VO,
        "zoom_client_id",
        "https://zoom.us/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https://bots.brightkite.example/zoom/callback",
        zoom_id,
    ),
    L(
        VO,
        "zoom_webhook_signature",
        "POST /zoom/webhook 200 42ms x-zm-request-timestamp={ts} x-zm-signature={v}",
        join("v0=", hexl(64)),
        ts=join("17", digits(8)),
    ),
    L(
        VO,
        "zoom_encrypted_token",
        '[zoom-webhook] endpoint.url_validation -> {"plainToken":"{pt}","encryptedToken":"{v}"}',
        hexl(64),
        pt=b64url(22),
    ),
    L(
        VO,
        "zoom_meeting_uuid",
        '{"uuid": "{v}", "id": {mid}, "host_id": "{hid}", "topic": "Weekly ops sync", "type": 2,',
        zoom_meeting_uuid,
        mid=meeting_number,
        hid=zoom_id,
    ),
    # ---- look-alikes: Webex and Teams ids, signatures and references
    L(
        VO,
        "webex_client_id",
        "https://webexapis.com/v1/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https%3A%2F%2Fbots.brightkite.example%2Foauth%2Fcallback&scope=spark%3Aall",
        join("C", hexl(64)),
    ),
    L(
        VO,
        "webex_room_id",
        '$ curl -s -X POST https://webexapis.com/v1/messages -H "Authorization: Bearer $WEBEX_BOT_TOKEN"'
        ' -d roomId={v} -d text="deploy finished"',
        webex_room_id,
    ),
    L(
        VO,
        "webex_spark_signature",
        "INFO webhook: POST /webex/events X-Spark-Signature: {v} resource=messages event=created",
        hexl(40),
    ),
    L(
        VO,
        "azure_bot_app_id",
        "$ az bot create --resource-group rg-voicebot --name brightkite-voicebot --app-type SingleTenant"
        " --appid {v} --tenant-id {tenant}",
        uuid,
        tenant=uuid,
    ),
    L(
        VO,
        "keyvault_reference",
        "$ az webapp config appsettings set -g rg-voicebot -n brightkite-voicebot"
        ' --settings MicrosoftAppPassword="{v}"',
        const("@Microsoft.KeyVault(SecretUri=https://kv-voicebot.vault.azure.net/secrets/MicrosoftAppPassword/)"),
    ),
    # ---- look-alikes: Jitsi
    L(VO, "jitsi_app_id", "AUTH_TYPE=jwt\nJWT_APP_ID={v}\nJWT_ACCEPTED_ISSUERS={v}", join("bk-meet-", lower_alnum(6))),
    L(
        VO,
        "jitsi_gen_passwords",
        "JICOFO_AUTH_PASSWORD=$(generatePassword)\nJVB_AUTH_PASSWORD={v}\nJIGASI_XMPP_PASSWORD=$(generatePassword)",
        const("$(generatePassword)"),
    ),
    L(VO, "jvb_muc_nickname", '  MUC_NICKNAME = "{v}"\n  DISABLE_CERTIFICATE_VERIFICATION = true', uuid),
    L(VO, "image_digest", "$ docker pull jitsi/jvb@sha256:{v}", hexl(64)),
    # ---- look-alikes: Daily and Whereby room names and urls
    L(
        VO,
        "daily_room_name",
        '{"id":"{rid}","name":"{v}","api_created":true,"privacy":"private","url":"https://brightkite.daily.co/{v}"}',
        pick(string.ascii_letters, 20),
        rid=uuid,
    ),
    L(VO, "whereby_room_url", '  "roomUrl": "{v}",', join("https://brightkite.whereby.com/standup", uuid)),
    # ---- look-alikes: placeholders
    L(
        VO,
        "placeholder",
        "ZOOM_CLIENT_SECRET={v}   # Marketplace > your app > App Credentials",
        const("<your-client-secret>"),
    ),
    L(VO, "placeholder", "# .env.example\nWEBEX_BOT_TOKEN={v}\nWEBEX_ROOM_ID=", interleaved(40)),
]
