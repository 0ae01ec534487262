"""A hundred-and-sixty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of video-conferencing and real-time video APIs: Zoom
Server-to-Server OAuth (account id, client id and client secret sent as HTTP Basic to
`zoom.us/oauth/token` with `grant_type=account_credentials`, the bearer JWT it returns), Zoom webhook
secret tokens and the `x-zm-signature` header they sign, Zoom Video SDK key/secret and its JWT claims;
Webex bot access tokens (`<64 base64>_<region>_<org uuid>`) beside the base64 `ciscospark://` room and
organization ids; Daily REST API keys (64 hex) beside `domain_id` uuids and room URLs; Whereby Embedded
API keys (HS256 JWTs for `api.whereby.dev/v1/meetings`); Vonage Video / OpenTok numeric API keys,
40-hex API secrets, `T1==` client tokens and `2_MX4…` session ids; Agora App ID (public, 32 hex) against
App Certificate (secret, the same shape), RESTful customer id/secret in HTTP Basic, `007eJx…`
AccessToken2 tokens and the `<#YOUR APP ID#>` sample placeholders; 100ms app access key (24 hex) and
app secret and the `type: management` JWT; Dyte's `organizationId:apiKey` Basic auth and Cloudflare
RealtimeKit's account-scoped API token; LiveKit `API…` key ids, 43-character secrets, `livekit.yaml`
key maps, `lk token create` flags and the `devkey`/`secret` dev-mode defaults; Jitsi as a Service
(8x8 JaaS) RSA-4096 private keys from `ssh-keygen -m PEM`, `vpaas-magic-cookie-…/…` key ids, public
keys and fingerprints; and Microsoft Teams bots (Bot Framework `MicrosoftAppPassword`, `az ad app
credential reset` output, app and tenant ids, credential key ids). Vendor pages were read with the
search tool; where a page did not state a length (Daily's 64 hex, Dyte's 20-character key, Zoom's
22/32-character client id and secret, the Video SDK's 36-character secret, Azure's `…8Q~…` 40-character
client secret) the shape is written from what is commonly seen and is an assumption. Every value is
generated here; none is copied from a vendor page or a scanner's fixtures.

First score, blind, before any rule changed for it (after the rules for 155 to 159):
23 of 25 secrets caught, 1 of 25 look-alikes altered (missed: an OpenTok secret (40 hex) as `new
OpenTok`'s second argument after its numeric key, Agora's App Certificate (32 hex) under
`AGORA_APP_CERTIFICATE`; altered: LiveKit's API key id (`API` and 12 characters) under
`LIVEKIT_API_KEY`).
"""

from __future__ import annotations

import base64
import json
import random

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
    join,
    pick,
    uuid,
)

VC = "videoconf"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _ts(rng: random.Random) -> int:
    return 1_718_000_000 + rng.randrange(40_000_000)


def basic(user, secret):
    """`base64(user:secret)` as an HTTP Basic credential; both parts are makers."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()

    return make


def zoom_s2s_access_token(rng: random.Random) -> str:
    """The HS512 bearer JWT that `zoom.us/oauth/token` hands back (account_credentials grant)."""
    head = {"sv": "000002", "alg": "HS512", "v": "2.0", "kid": uuid(rng)}
    iat = _ts(rng)
    body = {
        "aud": "https://oauth.zoom.us",
        "uid": b64url(22)(rng),
        "ver": 10,
        "auid": hexl(64)(rng),
        "nbf": iat,
        "code": b62(32)(rng),
        "iss": "zm:cid:" + b62(22)(rng),
        "gno": 0,
        "exp": iat + 3600,
        "type": 3,
        "iat": iat,
        "aid": b64url(22)(rng),
    }
    return f"{_b64url_json(head)}.{_b64url_json(body)}.{b64url(86)(rng)}"


def hms_management_token(rng: random.Random) -> str:
    iat = _ts(rng)
    body = {
        "access_key": hexl(24)(rng),
        "type": "management",
        "version": 2,
        "iat": iat,
        "nbf": iat,
        "exp": iat + 86400,
        "jti": uuid(rng),
    }
    return f"{_b64url_json({'alg': 'HS256', 'typ': 'JWT'})}.{_b64url_json(body)}.{b64url(43)(rng)}"


def whereby_api_key(rng: random.Random) -> str:
    body = {
        "iss": "https://accounts.appear.in",
        "aud": "https://api.appear.in/v1",
        "iat": _ts(rng),
        "organizationId": int(digits(6)(rng)),
        "jti": uuid(rng),
    }
    return f"{_b64url_json({'alg': 'HS256', 'typ': 'JWT'})}.{_b64url_json(body)}.{b64url(43)(rng)}"


def webex_token(rng: random.Random) -> str:
    """`<base64 of uuid+12 more>` (64 chars) `_<region>_<org uuid>`, as Webex prints bot tokens."""
    inner = uuid(rng) + hexl(8)(rng) + "-" + hexl(3)(rng)
    head = base64.b64encode(inner.encode()).decode()
    return f"{head}_{rng.choice(('P0A1', 'PF84'))}_{uuid(rng)}"


def webex_id(kind: str):
    def make(rng: random.Random) -> str:
        return base64.b64encode(f"ciscospark://us/{kind}/{uuid(rng)}".encode()).decode().rstrip("=")

    return make


def opentok_session_id(api_key: str):
    def make(rng: random.Random) -> str:
        raw = f"1~{api_key}~~{_ts(rng)}{digits(3)(rng)}~{b64(28)(rng)}~~~"
        return "2_" + base64.b64encode(raw.encode()).decode().rstrip("=").replace("+", "-")

    return make


def opentok_token(api_key: str):
    def make(rng: random.Random) -> str:
        ts = _ts(rng)
        raw = (
            f"partner_id={api_key}&sig={hexl(40)(rng)}:session_id={opentok_session_id(api_key)(rng)}"
            f"&create_time={ts}&nonce=0.{digits(16)(rng)}&role=publisher&expire_time={ts + 86400}"
            "&initial_layout_class_list="
        )
        return "T1==" + base64.b64encode(raw.encode()).decode()

    return make


def rsa4096_pkcs1_body(rng: random.Random) -> str:
    """An RSA-4096 PKCS#1 body as `ssh-keygen -t rsa -b 4096 -m PEM` writes it, 64 a line."""
    lines = ["MIIJKQIBAAKCAgEA" + b64(48)(rng)] + [b64(64)(rng) for _ in range(47)] + [b64(60)(rng)]
    return "\n".join(lines)


def rsa4096_public_body(rng: random.Random) -> str:
    lines = ["MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA" + b64(20)(rng)]
    lines += [b64(64)(rng) for _ in range(10)]
    lines.append(b64(25)(rng) + "wIDAQAB")
    return "\n".join(lines)


OT_KEY = "47391058"
AZ_SECRET = join(pick(B62 + "_~.-", 3), "8Q~", pick(B62 + "_~.-", 34))
LK_KEY = join("API", b62(12))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 25, "the rules for 155 to 159")

TEMPLATES = [
    # ---- secrets: Zoom
    S(
        VC,
        "zoom_s2s_basic",
        'curl -s -X POST "https://zoom.us/oauth/token?grant_type=account_credentials&account_id={acct}" \\\n'
        '  -H "Authorization: Basic {v}"',
        basic(b62(22), b62(32)),
        acct=b64url(22),
    ),
    S(
        VC,
        "zoom_client_secret_env",
        "$ cat services/meetings/.env\nZOOM_ACCOUNT_ID={acct}\nZOOM_CLIENT_ID={cid}\nZOOM_CLIENT_SECRET={v}\n"
        "ZOOM_API_BASE=https://api.zoom.us/v2",
        b62(32),
        acct=b64url(22),
        cid=b62(22),
    ),
    S(
        VC,
        "zoom_s2s_access_token",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3599,'
        '"scope":"meeting:write:meeting:admin user:read:user:admin","api_url":"https://api.zoom.us"}',
        zoom_s2s_access_token,
    ),
    S(
        VC,
        "zoom_webhook_secret",
        "const ZOOM_WEBHOOK_SECRET_TOKEN = '{v}';\n"
        "const hash = crypto.createHmac('sha256', ZOOM_WEBHOOK_SECRET_TOKEN).update(message).digest('hex');",
        b64url(22),
    ),
    S(
        VC,
        "zoom_videosdk_secret",
        '    token = make_video_sdk_jwt(sdk_key="{key}", sdk_secret="{v}", tpc="triage-room-{num}", role_type=1)',
        b62(36),
        key=b62(22),
        num=digits(4),
    ),
    # ---- secrets: Webex
    S(
        VC,
        "webex_bot_bearer",
        'curl -s https://webexapis.com/v1/messages -H "Authorization: Bearer {v}" \\\n'
        '  -H "Content-Type: application/json" -d \'{"toPersonEmail":"oncall@brightkite.dev","text":"deploy done"}\'',
        webex_token,
    ),
    S(
        VC,
        "webex_bot_yaml",
        "webex:\n  bot_name: standup-bot\n  bot_email: standup-bot@webex.bot\n  access_token: {v}\n"
        "  webhook_url: https://hooks.brightkite.dev/webex",
        webex_token,
    ),
    # ---- secrets: Daily, Whereby
    S(
        VC,
        "daily_api_key_curl",
        'curl -X POST https://api.daily.co/v1/rooms -H "Content-Type: application/json" '
        '-H "Authorization: Bearer {v}" -d \'{"privacy":"private","properties":{"exp":{exp}}}\'',
        hexl(64),
        exp=join("17", digits(8)),
    ),
    S(
        VC,
        "daily_rest_helper",
        "        daily_helper = DailyRESTHelper(\n"
        '            daily_api_key="{v}",\n'
        '            daily_api_url="https://api.daily.co/v1",\n'
        "            aiohttp_session=session,\n        )",
        hexl(64),
    ),
    S(
        VC,
        "whereby_api_key_compose",
        "    environment:\n      - NODE_ENV=production\n      - WHEREBY_API_KEY={v}\n"
        "      - WHEREBY_SUBDOMAIN=brightkite",
        whereby_api_key,
    ),
    # ---- secrets: Vonage Video / OpenTok
    S(
        VC,
        "opentok_secret_php",
        "$opentok = new OpenTok('{key}', '{v}');\n$session = $opentok->createSession(['mediaMode' => MediaMode::ROUTED]);",
        hexl(40),
        key=const(OT_KEY),
    ),
    S(
        VC,
        "opentok_client_token",
        '< HTTP/1.1 200 OK\n{"apiKey":"{key}","sessionId":"{sid}","token":"{v}"}',
        opentok_token(OT_KEY),
        key=const(OT_KEY),
        sid=opentok_session_id(OT_KEY),
    ),
    # ---- secrets: Agora
    S(
        VC,
        "agora_app_certificate",
        "# token server\nAGORA_APP_ID={appid}\nAGORA_APP_CERTIFICATE={v}\nPORT=8080",
        hexl(32),
        appid=hexl(32),
    ),
    S(
        VC,
        "agora_restful_basic",
        'curl -s "https://api.agora.io/dev/v1/projects" -H "Accept: application/json" -H "Authorization: Basic {v}"',
        basic(hexl(32), hexl(32)),
    ),
    S(
        VC,
        "agora_rtc_token",
        "    await _engine.joinChannel(\n      token: '{v}',\n      channelId: 'support-{num}',\n      uid: 0,\n"
        "      options: const ChannelMediaOptions(),\n    );",
        join("007eJxTY", b64(132)),
        num=digits(4),
    ),
    # ---- secrets: 100ms, Dyte, Cloudflare RealtimeKit
    S(
        VC,
        "hms_app_secret",
        "HMS_ACCESS_KEY={ak}\nHMS_SECRET={v}\nHMS_TEMPLATE_ID={tid}",
        join(b64url(87), "="),
        ak=hexl(24),
        tid=hexl(24),
    ),
    S(
        VC,
        "hms_management_token",
        'curl -s -X POST https://api.100ms.live/v2/rooms -H "Authorization: Bearer {v}" '
        '-H "Content-Type: application/json" -d \'{"name":"tutoring-{num}","template_id":"{tid}"}\'',
        hms_management_token,
        num=digits(4),
        tid=hexl(24),
    ),
    S(
        VC,
        "dyte_basic_auth",
        '$ http POST https://api.dyte.io/v2/meetings title="Weekly sync" "Authorization:Basic {v}"',
        basic(uuid, hexl(20)),
    ),
    S(
        VC,
        "realtimekit_cf_token",
        "curl https://api.cloudflare.com/client/v4/accounts/{acct}/realtime/kit/{app}/meetings \\\n"
        '  -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d \'{"title":"Office hours"}\'',
        b64url(40),
        acct=hexl(32),
        app=uuid,
    ),
    # ---- secrets: LiveKit
    S(
        VC,
        "livekit_cli_secret",
        "$ lk token create --api-key {key} --api-secret {v} \\\n    --join --room standup --identity ops-bot --valid-for 24h",
        b62(43),
        key=LK_KEY,
    ),
    S(
        VC,
        "livekit_yaml_keys",
        "port: 7880\nrtc:\n  tcp_port: 7881\n  use_external_ip: true\nkeys:\n  {key}: {v}\nlogging:\n  level: info",
        b62(43),
        key=LK_KEY,
    ),
    S(
        VC,
        "livekit_generate_keys",
        "$ docker run --rm livekit/livekit-server generate-keys\nAPI Key:  {key}\nAPI Secret:  {v}",
        b62(43),
        key=LK_KEY,
    ),
    # ---- secrets: JaaS, Teams
    S(
        VC,
        "jaas_private_key",
        "$ cat keys/jaasauth.key\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa4096_pkcs1_body,
    ),
    S(
        VC,
        "teams_appsettings",
        '{\n  "MicrosoftAppType": "SingleTenant",\n  "MicrosoftAppId": "{appid}",\n'
        '  "MicrosoftAppPassword": "{v}",\n  "MicrosoftAppTenantId": "{tenant}"\n}',
        AZ_SECRET,
        appid=uuid,
        tenant=uuid,
    ),
    S(
        VC,
        "teams_az_credential_reset",
        "$ az ad app credential reset --id {appid} --display-name teams-bot --years 1\n"
        'The output includes credentials that you must protect.\n{\n  "appId": "{appid}",\n'
        '  "password": "{v}",\n  "tenant": "{tenant}"\n}',
        AZ_SECRET,
        appid=uuid,
        tenant=uuid,
    ),
    # ---- look-alikes: public ids documented beside the secrets
    L(VC, "zoom_account_id", "export ZOOM_ACCOUNT_ID={v}", b64url(22)),
    L(
        VC,
        "zoom_client_id",
        '  "oauth": {\n    "clientId": "{v}",\n    "redirectUri": "https://app.brightkite.dev/zoom/callback"\n  },',
        b62(22),
    ),
    L(
        VC,
        "zoom_signature_header",
        "POST /webhooks/zoom 200 12ms\n  x-zm-request-timestamp: {ts}\n  x-zm-signature: {v}",
        join("v0=", hexl(64)),
        ts=join("17", digits(8)),
    ),
    L(
        VC,
        "zoom_meeting_number",
        "Meeting created: https://us06web.zoom.us/j/{v}  (host: support@brightkite.dev)",
        join(pick("123456789", 1), digits(10)),
    ),
    L(
        VC,
        "webex_room_id",
        '  "id": "{v}",\n  "title": "Release coordination",\n  "type": "group",\n  "isLocked": false,',
        webex_id("ROOM"),
    ),
    L(
        VC,
        "webex_org_id",
        'WEBEX_ORG_ID="{v}"  # from GET /v1/organizations, not a credential',
        webex_id("ORGANIZATION"),
    ),
    L(
        VC,
        "daily_domain_id",
        '{"domain_name":"brightkite","domain_id":"{v}","config":{"enable_prejoin_ui":true}}',
        uuid,
    ),
    L(VC, "daily_placeholder", "DAILY_API_KEY={v}\nDAILY_DOMAIN=your-company.daily.co", const("your-daily-api-key")),
    L(VC, "opentok_api_key", "OPENTOK_API_KEY={v}\nOPENTOK_API_SECRET=${OPENTOK_API_SECRET}", const(OT_KEY)),
    L(
        VC,
        "opentok_session_id",
        "[video] session created sessionId={v} mediaMode=routed",
        opentok_session_id(OT_KEY),
    ),
    L(
        VC,
        "opentok_masked_secret",
        "OpenTok client ready (apiKey={key}, apiSecret={v})",
        join("************************************", hexl(4)),
        key=const(OT_KEY),
    ),
    L(
        VC,
        "agora_app_id",
        '    <string name="agora_app_id" translatable="false">{v}</string>',
        hexl(32),
    ),
    L(
        VC,
        "agora_placeholder",
        'static let AppId: String = "{v}"\nstatic let Token: String? = nil',
        const("<#YOUR APP ID#>"),
    ),
    L(
        VC,
        "hms_room_id",
        '{"id":"{v}","name":"tutoring-4411","enabled":true,"template_id":"{tid}","region":"in"}',
        hexl(24),
        tid=hexl(24),
    ),
    L(VC, "dyte_org_id", "DYTE_ORG_ID={v}\nDYTE_API_KEY=${{ secrets.DYTE_API_KEY }}", uuid),
    L(VC, "cloudflare_account_id", 'name = "meet-worker"\naccount_id = "{v}"', hexl(32)),
    L(
        VC,
        "livekit_api_key",
        "LIVEKIT_URL={url}\nLIVEKIT_API_KEY={v}",
        LK_KEY,
        url=const("wss://standup-3kq9x2ld.livekit.cloud"),
    ),
    L(
        VC,
        "livekit_dev_defaults",
        "$ livekit-server --dev\nstarting in development mode, API key: devkey, API secret: {v}",
        const("secret"),
    ),
    L(
        VC,
        "jaas_kid",
        "const header = { alg: 'RS256', kid: '{v}', typ: 'JWT' };",
        join("vpaas-magic-cookie-", hexl(32), "/", hexl(6)),
    ),
    L(
        VC,
        "jaas_public_key",
        "$ cat keys/jaasauth.key.pub.pem\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa4096_public_body,
    ),
    L(
        VC,
        "jaas_fingerprint",
        "Your public key has been saved in jaasauth.key.pub.\nThe key fingerprint is:\nSHA256:{v} dev@build-01",
        b64(43),
    ),
    L(
        VC,
        "teams_bot_id",
        '  "bots": [\n    {\n      "botId": "{v}",\n      "scopes": ["team", "personal"],\n'
        '      "supportsFiles": false\n    }\n  ],',
        uuid,
    ),
    L(
        VC,
        "teams_credential_key_id",
        '  {\n    "displayName": "teams-bot",\n    "endDateTime": "2026-03-02T10:14:07Z",\n'
        '    "hint": "{hint}",\n    "keyId": "{v}",\n    "secretText": null\n  }',
        uuid,
        hint=b62(3),
    ),
    L(
        VC,
        "teams_env_ref",
        "const adapter = new BotFrameworkAdapter({\n    appId: process.env.MicrosoftAppId,\n    appPassword: {v}\n});",
        const("process.env.MicrosoftAppPassword"),
    ),
    L(
        VC,
        "commit_sha",
        "livekit-server {ver} (commit {v}) listening on :7880",
        hexl(40),
        ver=const("v1.8.4"),
    ),
]
