"""A hundred-and-thirty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of website live-chat and customer-messaging widgets: tawk.to (the
embed snippet's 24-hex property id and widget id, the REST API key sent as the Basic-auth user
name, the JavaScript API secure-mode key and the visitor hash made with it), LiveChat / Text
(Personal Access Tokens with their `dal:`/`fra:` data-centre prefix used with the account id in
Basic auth, webhook `secret_key`, the numeric license and the app client id), Drift (Bearer access
tokens on driftapi.com, OAuth client secret, the `drift.load` embed id), Olark (the
`####-###-##-####` site id), Tidio (the `X-Tidio-Openapi-Client-Id`/`-Secret` pair prefixed `ci_`
and `cs_`, the 32-character public key in `code.tidio.co`), Chatwoot (the `api_access_token`
header, the identity-validation HMAC token, platform app tokens, against the public
`websiteToken` and `identifier_hash` of the same 24-character or hex shapes), Crisp (the token
identifier and key with `X-Crisp-Tier`, Basic auth, the public `CRISP_WEBSITE_ID` and session
ids), Gorgias (email and API key in Basic auth), Front (JWT API tokens, the chat identity
verification secret beside the public `chatId`), Help Scout (Beacon ids, the secure-mode secret
key, Mailbox API client credentials), Zendesk (API tokens as `email/token`, messaging signing keys
with an `app_` key id, the Web Widget and Zopim keys), Intercom (`dG9rOj` access tokens, the
`app_id`) and Freshchat (API key JWTs, the widget token), in commands, headers, code, config
files and tool output, with the public ids, hashes, placeholders, references and masks the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 130 to 134):
23 of 25 secrets caught, 4 of 25 look-alikes altered (missed: a token printed by the Rails console
(`irb(main):001:0> …token` then `=> "…"`), a Crisp plugin key as `authenticateTier(…)`'s third
argument; altered: Chatwoot's public `websiteToken`, Zendesk's snippet `key=<uuid>`, Freshchat's
widget `token: <uuid>` beside its host, the docs' `Basic base64encode(USERNAME:API_KEY)`).
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
    hexl,
    join,
    lower_alnum,
    uuid,
)

CHAT = "chat_widgets"

JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def front_jwt(rng: random.Random) -> str:
    """A Front API token: an HS256 JWT with scopes, issuer `front` and the company as subject."""
    payload = {
        "scopes": ["shared:*", "private:*"],
        "iat": 1700000000 + rng.randrange(40_000_000),
        "iss": "front",
        "sub": hexl(20)(rng),
        "jti": hexl(16)(rng),
    }
    return f"{JWT_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def freshchat_jwt(rng: random.Random) -> str:
    """A Freshchat API key: an RS256 JWT with a long signature."""
    head = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)})
    payload = {
        "jti": uuid(rng),
        "exp": 1900000000 + rng.randrange(100_000_000),
        "iss": "https://account.freshchat.com",
        "typ": "Bearer",
        "azp": "brightkite-" + digits(9)(rng),
        "scope": "freshchat:api",
    }
    return f"{head}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def intercom_token(rng: random.Random) -> str:
    """An Intercom access token: base64 of `tok:<uuid>:1:0`."""
    return base64.b64encode(f"tok:{uuid(rng)}:1:0".encode()).decode()


def basic(user, secret):
    """base64 of `user:secret`, both makers."""
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


livechat_pat_dal = join("dal:", b64url(27))
livechat_pat_fra = join("fra:", b64url(27))
chatwoot_token = b62(24)
crisp_key = hexl(64)
olark_site = join(digits(4), "-", digits(3), "-", digits(2), "-", digits(4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 4, 25, "the rules for 130 to 134")

TEMPLATES: list = [
    # ---- secrets: LiveChat / Text
    S(
        CHAT,
        "livechat_pat_curl_user",
        "$ curl -s -u \"{acct}:{v}\" -H 'Content-Type: application/json'"
        " https://api.livechatinc.com/v3.5/agent/action/list_chats -d '{\"limit\": 10}'",
        livechat_pat_dal,
        acct=uuid,
    ),
    S(
        CHAT,
        "livechat_basic_header",
        "curl 'https://api.livechatinc.com/v3.5/configuration/action/list_groups' \\\n"
        "  -H 'Authorization: Basic {v}' \\\n  -H 'X-Region: fra' \\\n  -H 'Content-Type: application/json' -d '{}'",
        basic(uuid, livechat_pat_fra),
    ),
    S(
        CHAT,
        "livechat_pat_env",
        "# .env.local\nLIVECHAT_ACCOUNT_ID={acct}\nLIVECHAT_PAT={v}\nLIVECHAT_LICENSE_ID={lic}",
        livechat_pat_fra,
        acct=uuid,
        lic=digits(8),
    ),
    S(
        CHAT,
        "livechat_webhook_secret",
        '{\n  "url": "https://hooks.brightkite.dev/livechat/incoming",\n  "description": "route new chats",\n'
        '  "action": "incoming_chat",\n  "secret_key": "{v}",\n  "owner_client_id": "{cid}",\n  "type": "license"\n}',
        b62(32),
        cid=hexl(32),
    ),
    # ---- secrets: tawk.to
    S(
        CHAT,
        "tawk_rest_key_user",
        '$ curl -s -u "{v}:" -X POST https://api.tawk.to/v1/property.list'
        " -H 'Content-Type: application/json' -d '{}' | jq '.data[].id'",
        b62(40),
    ),
    S(
        CHAT,
        "tawk_secure_mode_key",
        "<?php $tawkHash = hash_hmac('sha256', $customer->email, '{v}'); ?>",
        hexl(40),
    ),
    # ---- secrets: Drift
    S(
        CHAT,
        "drift_bearer_python",
        '    resp = requests.get("https://driftapi.com/contacts", params={"email": email},'
        ' headers={"Authorization": "Bearer {v}"}, timeout=10)',
        b62(32),
    ),
    S(
        CHAT,
        "drift_client_secret_form",
        "$ curl -s -X POST https://driftapi.com/oauth2/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d 'client_id={cid}&client_secret={v}&code={code}&grant_type=authorization_code'",
        b62(32),
        cid=b62(32),
        code=b62(24),
    ),
    # ---- secrets: Tidio
    S(
        CHAT,
        "tidio_client_secret_header",
        'curl -s https://api.tidio.com/contacts?page=1 \\\n  -H "X-Tidio-Openapi-Client-Id: ci_{cid}" \\\n'
        '  -H "X-Tidio-Openapi-Client-Secret: {v}" \\\n  -H "Accept: application/json; version=1"',
        join("cs_", lower_alnum(32)),
        cid=lower_alnum(32),
    ),
    S(
        CHAT,
        "tidio_secret_kubectl",
        "$ kubectl -n support get secret chat-widgets -o jsonpath='{.data.TIDIO_CLIENT_SECRET}' | base64 -d\n{v}",
        join("cs_", lower_alnum(32)),
    ),
    # ---- secrets: Chatwoot
    S(
        CHAT,
        "chatwoot_api_access_token",
        "$ curl -s 'https://chat.brightkite.dev/api/v1/accounts/3/conversations?status=open'"
        ' -H "api_access_token: {v}" | jq .data.meta',
        chatwoot_token,
    ),
    S(
        CHAT,
        "chatwoot_hmac_token_yaml",
        "$ bin/rails credentials:show -e production\nchatwoot:\n  base_url: https://chat.brightkite.dev\n"
        "  website_token: {wt}\n  hmac_token: {v}",
        chatwoot_token,
        wt=chatwoot_token,
    ),
    S(
        CHAT,
        "chatwoot_platform_token",
        "irb(main):001:0> PlatformApp.create!(name: 'tenant-provisioner').access_token.token\n=> \"{v}\"",
        chatwoot_token,
    ),
    # ---- secrets: Crisp
    S(
        CHAT,
        "crisp_authenticate_tier",
        'CrispClient.authenticateTier("plugin", "{ident}", "{v}");',
        crisp_key,
        ident=uuid,
    ),
    S(
        CHAT,
        "crisp_basic_verbose",
        "> GET /v1/website/{wid}/conversations/1 HTTP/2\n> Host: api.crisp.chat\n"
        "> Authorization: Basic {v}\n> X-Crisp-Tier: plugin\n> User-Agent: curl/8.5.0",
        basic(uuid, crisp_key),
        wid=uuid,
    ),
    # ---- secrets: Gorgias
    S(
        CHAT,
        "gorgias_curl_user",
        "$ curl -s -u 'ops@brightkite.dev:{v}' 'https://brightkite.gorgias.com/api/tickets?limit=30' | jq '.data[].id'",
        hexl(64),
    ),
    S(
        CHAT,
        "gorgias_session_auth",
        'session = requests.Session()\nsession.auth = ("ops@brightkite.dev", "{v}")\n'
        'session.headers["Accept"] = "application/json"',
        hexl(64),
    ),
    # ---- secrets: Front
    S(
        CHAT,
        "front_api_token_fetch",
        "const res = await fetch(`https://api2.frontapp.com/conversations/${id}/messages`, {\n"
        "  headers: { Authorization: 'Bearer {v}', Accept: 'application/json' },\n});",
        front_jwt,
    ),
    S(
        CHAT,
        "front_chat_verification_secret",
        "FRONT_CHAT_ID={cid}\nFRONT_CHAT_VERIFICATION_SECRET={v}",
        hexl(32),
        cid=hexl(32),
    ),
    # ---- secrets: Help Scout
    S(
        CHAT,
        "helpscout_beacon_secret_erb",
        "    signature: \"<%= OpenSSL::HMAC.hexdigest('sha256', '{v}', current_user.email) %>\"",
        b64(43, "="),
    ),
    S(
        CHAT,
        "helpscout_client_credentials",
        "$ curl -s -X POST https://api.helpscout.net/v2/oauth2/token --data 'grant_type=client_credentials'"
        " --data 'client_id={cid}' --data 'client_secret={v}'",
        b62(32),
        cid=b62(32),
    ),
    # ---- secrets: Zendesk
    S(
        CHAT,
        "zendesk_api_token_user",
        "$ curl -s https://brightkite.zendesk.com/api/v2/tickets.json -u ops@brightkite.dev/token:{v}",
        b62(40),
    ),
    S(
        CHAT,
        "zendesk_messaging_signing_secret",
        "  const token = jwt.sign({ scope: 'user', external_id: user.id, email: user.email }, '{v}', {\n"
        "    header: { kid: '{kid}' },\n  });",
        b64url(86),
        kid=join("app_", hexl(24)),
    ),
    # ---- secrets: Intercom, Freshchat
    S(
        CHAT,
        "intercom_token_mcp_json",
        '{\n  "mcpServers": {\n    "intercom": {\n      "url": "https://mcp.intercom.com/mcp",\n'
        '      "headers": { "Authorization": "Bearer {v}" }\n    }\n  }\n}',
        intercom_token,
    ),
    S(
        CHAT,
        "freshchat_api_key_docker",
        "$ docker run -d --name support-bridge -e FRESHCHAT_API_URL=https://brightkite.freshchat.com/v2"
        " -e FRESHCHAT_API_KEY={v} ghcr.io/brightkite/support-bridge:1.4.2",
        freshchat_jwt,
    ),
    # ---- look-alikes: public widget and account ids
    L(
        CHAT,
        "tawk_property_id",
        "s1.async=true;\ns1.src='https://embed.tawk.to/{v}/default';\ns1.charset='UTF-8';",
        hexl(24),
    ),
    L(
        CHAT,
        "tawk_widget_id",
        '      <TawkMessengerReact propertyId="{pid}" widgetId="{v}" ref={tawkMessengerRef} />',
        join("1", lower_alnum(8)),
        pid=hexl(24),
    ),
    L(
        CHAT,
        "livechat_license",
        'window.__lc = window.__lc || {};\nwindow.__lc.license = {v};\nwindow.__lc.integration_name = "manual_channels";',
        digits(8),
    ),
    L(
        CHAT,
        "livechat_account_id",
        '$ curl -s -u "$LIVECHAT_ACCOUNT_ID:$LIVECHAT_PAT" https://accounts.livechat.com/v2/accounts/me | jq\n'
        '{\n  "account_id": "{v}",\n  "email": "ana@brightkite.dev",\n  "name": "Ana Duarte",',
        uuid,
    ),
    L(
        CHAT,
        "livechat_client_id",
        "https://accounts.livechat.com/?response_type=token&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fdesk.brightkite.dev%2Fauth",
        hexl(32),
    ),
    L(CHAT, "drift_embed_id", "drift.SNIPPET_VERSION = '0.3.1';\ndrift.load('{v}');", lower_alnum(12)),
    L(CHAT, "olark_site_id", "/* custom configuration goes here */\nolark.identify('{v}');</script>", olark_site),
    L(CHAT, "tidio_public_key", '<script src="//code.tidio.co/{v}.js" async></script>', lower_alnum(32)),
    L(
        CHAT,
        "chatwoot_website_token",
        "    window.chatwootSDK.run({\n      websiteToken: '{v}',\n      baseUrl: BASE_URL\n    })",
        chatwoot_token,
    ),
    L(CHAT, "crisp_website_id", 'window.$crisp=[];window.CRISP_WEBSITE_ID="{v}";', uuid),
    L(
        CHAT,
        "crisp_session_id",
        "$ curl -s https://api.crisp.chat/v1/website/{wid}/conversation/{v}/messages"
        ' -H "Authorization: Basic $CRISP_BASIC" -H "X-Crisp-Tier: plugin"',
        join("session_", uuid),
        wid=uuid,
    ),
    L(
        CHAT,
        "front_chat_id",
        "  window.FrontChat('init', { chatId: '{v}', useDefaultLauncher: true });",
        hexl(32),
    ),
    L(CHAT, "helpscout_beacon_id", "  window.Beacon('init', '{v}')", uuid),
    L(
        CHAT,
        "zendesk_snippet_key",
        '<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key={v}"> </script>',
        uuid,
    ),
    L(CHAT, "zopim_account_key", '$.src="https://v2.zopim.com/?{v}";z.t=+new Date;$.', b62(32)),
    L(
        CHAT,
        "zendesk_messaging_key_id",
        "ZENDESK_MESSAGING_KEY_ID={v}\nZENDESK_MESSAGING_SECRET=${ZENDESK_MESSAGING_SECRET:?missing}",
        join("app_", hexl(24)),
    ),
    L(
        CHAT,
        "intercom_app_id",
        'window.intercomSettings = {\n  api_base: "https://api-iam.intercom.io",\n  app_id: "{v}",\n};',
        lower_alnum(8),
    ),
    L(
        CHAT,
        "freshchat_widget_token",
        'window.fcWidget.init({\n  token: "{v}",\n  host: "https://wchat.freshchat.com"\n});',
        uuid,
    ),
    # ---- look-alikes: hashes made with a secret, which are meant to reach the browser
    L(
        CHAT,
        "tawk_visitor_hash",
        "Tawk_API.visitor = {\n  name: 'Ana Duarte',\n  email: 'ana@brightkite.dev',\n  hash: '{v}'\n};",
        hexl(64),
    ),
    L(
        CHAT,
        "chatwoot_identifier_hash",
        "window.$chatwoot.setUser('{uid}', {\n  email: 'ana@brightkite.dev',\n  name: 'Ana Duarte',\n"
        "  identifier_hash: '{v}'\n});",
        hexl(64),
        uid=digits(6),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        CHAT,
        "gha_secret_ref",
        "      - run: node scripts/sync-chatwoot-labels.js\n        env:\n          CHATWOOT_API_ACCESS_TOKEN: {v}",
        const("${{ secrets.CHATWOOT_API_ACCESS_TOKEN }}"),
    ),
    L(
        CHAT,
        "helpscout_env_ref",
        "  const signature = hmacSha256({v}, user.email);",
        const("process.env.HELPSCOUT_BEACON_SECRET_KEY"),
    ),
    L(
        CHAT,
        "tidio_placeholder",
        'curl -H "X-Tidio-Openapi-Client-Id: <YOUR_CLIENT_ID>" -H "X-Tidio-Openapi-Client-Secret: {v}"'
        ' -H "Accept: application/json; version=1" https://api.tidio.com/operators',
        const("<YOUR_CLIENT_SECRET>"),
    ),
    L(
        CHAT,
        "gorgias_doc_placeholder",
        "curl --request GET \\\n  --url https://your-customer-account.gorgias.com/api/account \\\n"
        "  --header 'Authorization: Basic {v}'",
        const("base64encode(USERNAME:API_KEY)"),
    ),
    L(
        CHAT,
        "drift_masked_token",
        "$ support-bridge config show\nprovider       drift\nembed_id       {embed}\naccess_token   {v}",
        join("****************************", b62(4)),
        embed=lower_alnum(12),
    ),
]
