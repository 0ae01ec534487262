"""A hundred-and-forty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of creator-economy and membership platforms and the client
libraries that document them: Patreon (creator access tokens, OAuth client id and secret, the
`patreon` Python/JS clients, webhook secrets and the HMAC-MD5 `X-Patreon-Signature` header, campaign
and member ids), Ko-fi webhooks (the UUID `verification_token` inside the form-encoded `data` JSON,
`kofi_transaction_id`, `direct_link_code`), Buy Me a Coffee (JWT personal access tokens against
`developers.buymeacoffee.com/api/v1`), Gumroad (`GUMROAD_ACCESS_TOKEN`, `access_token` query
parameters, the `gumroad` CLI, product ids), Memberful (GraphQL API keys, webhook secrets,
`X-Memberful-Webhook-Signature`, OAuth client ids), Circle.so (admin v2 tokens, headless member JWTs),
Kajabi (`/v1/oauth/token` client credentials), Teachable (`apiKey` header), Thinkific
(`X-Auth-API-Key` hex keys and UUID bearer tokens), Substack (the `substack.sid` session cookie used
by the unofficial clients), beehiiv (`BEEHIIV_API_KEY`, `pub_`/`sub_` ids) and Kit/ConvertKit (V4
`X-Kit-Api-Key`, V3 `api_secret`, form `data-uid`), in commands, config files, code and tool
output, with the public ids, signatures, masks, placeholders and secret references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 135 to 139):
24 of 25 secrets caught, 0 of 25 look-alikes altered (missed: a Substack session cookie
`substack.sid=s%3A…` inside an env file's `COOKIES_STRING=`).
"""

from __future__ import annotations

import base64
import json
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
    pick,
    uuid,
)

CR = "creators"


def _b64u(data: str) -> str:
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def jwt(alg: str, claims, sig_len: int):
    """A JWT whose header and claims are real base64url JSON and whose signature is random."""

    def make(rng: random.Random) -> str:
        header = _b64u(json.dumps({"typ": "JWT", "alg": alg}, separators=(",", ":")))
        payload = _b64u(json.dumps(claims(rng), separators=(",", ":")))
        return f"{header}.{payload}.{b64url(sig_len)(rng)}"

    return make


def bmc_claims(rng: random.Random) -> dict:
    iat = 1714000000 + rng.randrange(20000000)
    return {
        "aud": "1",
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 31536000,
        "sub": digits(7)(rng),
        "scopes": ["read-only-ones"],
    }


def circle_claims(rng: random.Random) -> dict:
    iat = 1714000000 + rng.randrange(20000000)
    return {
        "community_member_id": int(digits(8)(rng)),
        "community_id": int(digits(6)(rng)),
        "iat": iat,
        "exp": iat + 3600,
    }


substack_sid = join("s%3A", b64url(32), ".", b62(43))
gumroad_token = hexl(64)
patreon_token = b64url(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 0, 25, "the rules for 135 to 139")

TEMPLATES: list = [
    # ---- secrets: Patreon
    S(
        CR,
        "patreon_creator_token_env",
        "# .env (patreon-sync worker)\nPATREON_CAMPAIGN_ID={camp}\nPATREON_CREATOR_ACCESS_TOKEN={v}\n"
        "PATREON_REDIRECT_URI=https://guild.hollowreed.studio/auth/patreon/callback",
        patreon_token,
        camp=digits(7),
    ),
    S(
        CR,
        "patreon_bearer_curl",
        "$ curl -s -H 'Authorization: Bearer {v}' "
        "'https://www.patreon.com/api/oauth2/v2/identity?include=memberships&fields%5Buser%5D=full_name,email' | jq .data.id",
        patreon_token,
    ),
    S(
        CR,
        "patreon_oauth_client_secret",
        'oauth_client = patreon.OAuth("{cid}", "{v}")\n'
        "tokens = oauth_client.get_tokens(request.args.get('code'), REDIRECT_URI)",
        b64url(64),
        cid=b64url(64),
    ),
    S(
        CR,
        "patreon_webhook_secret_output",
        '{\n  "data": {\n    "attributes": {\n      "paused": false,\n'
        '      "secret": "{v}",\n      "triggers": ["members:pledge:create", "members:pledge:delete"],\n'
        '      "uri": "https://guild.hollowreed.studio/hooks/patreon"\n    },\n    "id": "{wid}",\n    "type": "webhook"\n  }\n}',
        b64url(64),
        wid=digits(6),
    ),
    # ---- secrets: Ko-fi
    S(
        CR,
        "kofi_verification_token_payload",
        "POST /webhooks/kofi HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\n"
        'data={"verification_token":"{v}","message_id":"{mid}","timestamp":"2024-06-02T18:41:07Z",'
        '"type":"Donation","is_public":true,"from_name":"Juniper","amount":"5.00","currency":"USD"}',
        uuid,
        mid=uuid,
    ),
    S(
        CR,
        "kofi_token_python",
        "KOFI_VERIFICATION_TOKEN = '{v}'\n\n\ndef verify(payload: dict) -> bool:\n"
        "    return hmac.compare_digest(payload.get('verification_token', ''), KOFI_VERIFICATION_TOKEN)",
        uuid,
    ),
    # ---- secrets: Buy Me a Coffee
    S(
        CR,
        "bmc_jwt_curl",
        '$ curl -sS "https://developers.buymeacoffee.com/api/v1/supporters?page=1" -H "Authorization: Bearer {v}"',
        jwt("RS256", bmc_claims, 342),
    ),
    S(
        CR,
        "bmc_jwt_csharp",
        'client.BaseAddress = new Uri("https://developers.buymeacoffee.com/");\n'
        'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "{v}");',
        jwt("RS256", bmc_claims, 342),
    ),
    # ---- secrets: Gumroad
    S(
        CR,
        "gumroad_env_token",
        "$ export GUMROAD_ACCESS_TOKEN={v}\n$ gumroad products list --json | jq length\n14",
        gumroad_token,
    ),
    S(
        CR,
        "gumroad_access_token_param",
        "$ curl https://api.gumroad.com/v2/sales -d 'access_token={v}' -d 'after=2024-05-01' -X GET",
        gumroad_token,
    ),
    # ---- secrets: Memberful
    S(
        CR,
        "memberful_client_api_key",
        'async with MemberfulClient(api_key="{v}") as client:\n    members = (await client.get_members()).members',
        b62(24),
    ),
    S(
        CR,
        "memberful_webhook_secret_compose",
        "  web:\n    image: ghcr.io/hollowreed/members-api:1.9.3\n    environment:\n"
        "      MEMBERFUL_ACCOUNT: hollowreed\n      MEMBERFUL_WEBHOOK_SECRET: {v}\n      RAILS_ENV: production",
        b62(32),
    ),
    # ---- secrets: Circle.so
    S(
        CR,
        "circle_admin_token_curl",
        '$ curl -X GET "https://app.circle.so/api/admin/v2/posts?space_id={space}&page=1&per_page=20" \\\n'
        '     -H "Authorization: Bearer {v}" \\\n     -H "Content-Type: application/json"',
        b62(24),
        space=join("1", digits(5)),
    ),
    S(
        CR,
        "circle_headless_jwt_response",
        '{"access_token":"{v}","access_token_expires_at":"2024-06-02T19:41:07.000Z",'
        '"community_member_id":{mem},"community_id":{com}}',
        jwt("HS256", circle_claims, 43),
        mem=digits(8),
        com=digits(6),
    ),
    # ---- secrets: Kajabi
    S(
        CR,
        "kajabi_client_secret_flag",
        "$ curl -s -X POST https://api.kajabi.com/v1/oauth/token -d grant_type=client_credentials \\\n"
        "    -d client_id={cid} -d client_secret={v}",
        b64url(43),
        cid=b62(32),
    ),
    # ---- secrets: Teachable
    S(
        CR,
        "teachable_apikey_ruby",
        '    url = URI("https://developers.teachable.com/v1/courses")\n'
        "    request = Net::HTTP::Get.new(url, {'apiKey' => '{v}', 'accept' => 'application/json'})",
        b62(32),
    ),
    S(
        CR,
        "teachable_mcp_config",
        '    "teachable": {\n      "command": "npx",\n      "args": ["-y", "teachable-mcp-server"],\n'
        '      "env": { "TEACHABLE_API_KEY": "{v}" }\n    }',
        b62(32),
    ),
    # ---- secrets: Thinkific
    S(
        CR,
        "thinkific_api_key_header",
        "$ curl -s https://api.thinkific.com/api/public/v1/courses -H 'X-Auth-API-Key: {v}' "
        "-H 'X-Auth-Subdomain: hollowreed-academy' -H 'Content-Type: application/json'",
        hexl(32),
    ),
    S(
        CR,
        "thinkific_uuid_bearer_elixir",
        'conn = Thinkific.Connection.new(:webhooks_api, "hollowreed-academy", %{"Authorization" => "Bearer {v}"})',
        uuid,
    ),
    # ---- secrets: Substack
    S(
        CR,
        "substack_sid_cookie_curl",
        "$ curl -s 'https://hollowreed.substack.com/api/v1/drafts?offset=0&limit=10' "
        "-H 'Cookie: substack.sid={v}; substack.lli=1' | jq '.[].draft_title'",
        substack_sid,
    ),
    S(
        CR,
        "substack_cookie_env",
        "EMAIL=editor@hollowreed.studio\nPUBLICATION_URL=https://hollowreed.substack.com\nCOOKIES_STRING=substack.sid={v}",
        substack_sid,
    ),
    # ---- secrets: beehiiv
    S(
        CR,
        "beehiiv_env",
        "BEEHIIV_PUBLICATION_ID=pub_{pub}\nBEEHIIV_API_KEY={v}",
        b62(64),
        pub=uuid,
    ),
    S(
        CR,
        "beehiiv_python_client",
        'bh = beehiiv.BeeHiiv(api_key="{v}", publicationId="pub_{pub}")\n'
        'subs = bh.subscriptions.index(expand=["stats"], limit=5)',
        b62(64),
        pub=uuid,
    ),
    # ---- secrets: Kit / ConvertKit
    S(
        CR,
        "kit_v4_header",
        "$ curl --request GET --url https://api.kit.com/v4/account --header 'X-Kit-Api-Key: {v}'",
        join("kit_", hexl(32)),
    ),
    S(
        CR,
        "convertkit_v3_secret_wp_cli",
        "$ wp option update convertkit_api_secret {v} --path=/var/www/hollowreed\nSuccess: Updated 'convertkit_api_secret' option.",
        b64url(43),
    ),
    # ---- look-alikes: public ids
    L(
        CR,
        "patreon_campaign_id",
        "GET https://www.patreon.com/api/oauth2/v2/campaigns/{v}/members?include=currently_entitled_tiers"
        "&fields%5Bmember%5D=patron_status,pledge_relationship_start 200 (412 ms)",
        digits(7),
    ),
    L(
        CR,
        "patreon_client_id_authorize_url",
        "Open this URL to connect Patreon:\nhttps://www.patreon.com/oauth2/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fguild.hollowreed.studio%2Fauth%2Fpatreon%2Fcallback&scope=identity%20identity.memberships",
        b64url(64),
    ),
    L(
        CR,
        "patreon_member_id",
        '    {\n      "attributes": { "patron_status": "active_patron", "currently_entitled_amount_cents": 500 },\n'
        '      "id": "{v}",\n      "type": "member"\n    },',
        uuid,
    ),
    L(
        CR,
        "patreon_signature_header",
        "[2024-06-02 18:41:07] POST /hooks/patreon 200\n  X-Patreon-Event: members:pledge:create\n  X-Patreon-Signature: {v}",
        hexl(32),
    ),
    L(
        CR,
        "kofi_transaction_id",
        "[kofi] Donation from Juniper (5.00 USD) kofi_transaction_id={v} verified=true",
        uuid,
    ),
    L(
        CR,
        "kofi_direct_link_code",
        '"type":"Shop Order","shop_items":[{"direct_link_code":"{v}","variation_name":"Digital","quantity":1}]',
        hexl(10),
    ),
    L(
        CR,
        "kofi_placeholder",
        "# .env.example — copy from Ko-fi > More > API > Advanced\nKOFI_VERIFICATION_TOKEN={v}",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        CR,
        "bmc_payment_intent_id",
        '{"support_id": 4418203, "supporter_name": "Rowan", "support_coffees": 3, "transaction_id": "{v}", '
        '"support_visibility": 1}',
        join("pi_", b62(24)),
    ),
    L(
        CR,
        "bmc_secret_ref",
        "      - name: Sync supporters\n        run: node scripts/sync-bmc.mjs\n        env:\n          BMC_ACCESS_TOKEN: {v}",
        const("${{ secrets.BMC_ACCESS_TOKEN }}"),
    ),
    L(
        CR,
        "gumroad_product_id",
        "$ gumroad products view {v}\nName:        Hollowreed Brush Pack vol. 2\nPrice:       $12\nPublished:   yes",
        join(b64url(21), pick("AQgw", 1), "=="),
    ),
    L(
        CR,
        "gumroad_masked_token",
        "$ gumroad auth status\nLogged in as hollowreed (seller)\nToken: {v} (from GUMROAD_ACCESS_TOKEN)",
        join(hexl(4), "...", hexl(4)),
    ),
    L(
        CR,
        "gumroad_file_checksum",
        "$ sha256sum dist/brush-pack-v2.zip\n{v}  dist/brush-pack-v2.zip",
        hexl(64),
    ),
    L(
        CR,
        "memberful_signature_header",
        'Started POST "/webhooks/memberful"\n  X-Memberful-Webhook-Signature: {v}\n'
        '  Parameters: {"event"=>"subscription.renewed"}',
        hexl(64),
    ),
    L(
        CR,
        "memberful_oauth_client_id",
        '<a href="https://hollowreed.memberful.com/oauth?response_type=code&client_id={v}&state=9d1c">Sign in with Memberful</a>',
        b62(24),
    ),
    L(
        CR,
        "circle_env_ref_header",
        '$ curl -s "https://app.circle.so/api/admin/v2/community_members?per_page=50" -H "Authorization: Bearer {v}"',
        const("$CIRCLE_API_TOKEN"),
    ),
    L(
        CR,
        "kajabi_client_id",
        "$ curl -s -X POST https://api.kajabi.com/v1/oauth/token -d grant_type=client_credentials \\\n"
        '    -d client_id={v} -d client_secret="$KAJABI_CLIENT_SECRET"',
        b62(32),
    ),
    L(
        CR,
        "teachable_placeholder",
        "curl --request GET --url https://developers.teachable.com/v1/courses \\\n"
        "     --header 'accept: application/json' --header 'apiKey: {v}'",
        const("<your-api-key>"),
    ),
    L(
        CR,
        "thinkific_masked_key",
        "Settings > Code & analytics > API\n  Subdomain: hollowreed-academy\n  API key:   {v}   [Reset]",
        join("\u2022" * 28, hexl(4)),
    ),
    L(
        CR,
        "substack_anonymous_id",
        '  {"name": "ajs_anonymous_id", "value": "{v}", "domain": ".substack.com", "httpOnly": false},',
        uuid,
    ),
    L(
        CR,
        "beehiiv_publication_id",
        '$ curl -s https://api.beehiiv.com/v2/publications/{v}/posts?limit=3 -H "Authorization: Bearer $BEEHIIV_API_KEY"',
        join("pub_", uuid),
    ),
    L(
        CR,
        "beehiiv_subscription_id",
        '{"data": {"id": "{v}", "email": "reader@example.org", "status": "active", "utm_source": "kit-import"}}',
        join("sub_", uuid),
    ),
    L(
        CR,
        "kit_form_uid",
        '<script async data-uid="{v}" src="https://hollowreed.kit.com/{v}/index.js"></script>',
        hexl(10),
    ),
    L(
        CR,
        "kit_placeholder",
        "# V4 key from Settings > Developer > V4 Keys\nKIT_API_KEY={v}",
        const("kit_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        CR,
        "secret_store_name",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text > /dev/null && echo ok\nok",
        const("prod/creators/beehiiv-api-key"),
    ),
    L(
        CR,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} patreon-sync: refresh creator token before expiry",
        hexl(40),
    ),
]
