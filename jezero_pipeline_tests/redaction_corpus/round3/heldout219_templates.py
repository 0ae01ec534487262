"""A two-hundred-and-nineteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of loyalty, rewards, coupon and gift-card APIs: Talon.One
(`Authorization: ApiKey-v1 <hex>` Integration API keys, `ManagementKey-v1` Management API keys,
masked key listings), Voucherify (UUID-shaped `X-App-Id`/`X-App-Token` pairs,
`VoucherifyServerSide({applicationId, secretKey})`, `camp_` campaign ids), Yotpo (app key and API secret traded for a
utoken at `/oauth/token`, the loyalty `x-guid`/`x-api-key` pair in headers and query strings, the
public app key in the widget loader URL), Smile.io (`Authorization: Bearer api_…` keys, HS256 signing
keys for customer tokens, `pub_`/`channel_` publishable keys), LoyaltyLion (`pat_` API keys and their
listed prefixes, the secret behind the SHA-1 customer auth token, the public site token in
`lion.init`), Tango Card RaaS (platform name and key as basic auth, OAuth client credentials
with `audience`/`scope=raas.all`, RS256 access tokens, UTIDs), Giftbit (JWT API keys against
`api-testbed.giftbit.com`, gift uuids), Rybbon/BHN Rewards (key name and API key as basic auth),
Stamped.io (`pubkey-…`/`key-…` pairs and store hashes), Friendbuy (MAPI `/authorization` key and
secret, bearer JWTs, the public merchant id, webhook HMAC headers), ReferralCandy (accessID, secret
key and MD5 request signatures), Extole (Security Center bearer tokens), Open Loyalty (`X-AUTH-TOKEN`
permanent tokens, `login_check` passwords, `def50200…` refresh tokens) and Antavo (Escher request
signing with an API key and secret), in commands, config files, code and tool output, with the
public ids, masks, references and hashes the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
26 of 26 secrets caught, 5 of 25 look-alikes altered (altered: Yotpo's loyalty GUID in an `x-guid`
header, Smile's `channel_` key, LoyaltyLion's site token and Stamped's `pubkey-` key in widget
inits, a ReferralCandy request signature in a query).
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
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

LY = "loyalty"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(alg: str, claims, sig_len: int, kid=None):
    """A JWT whose header and payload are real base64url JSON and whose signature is random."""

    def make(rng: random.Random) -> str:
        header = {"alg": alg, "typ": "JWT"}
        if kid is not None:
            header["kid"] = kid(rng)
        return ".".join((_b64url_json(header), _b64url_json(claims(rng)), b64url(sig_len)(rng)))

    return make


def tango_claims(rng: random.Random) -> dict:
    iat = 1718000000 + rng.randrange(10_000_000)
    return {
        "iss": "https://auth.tangocard.com/",
        "sub": b62(32)(rng) + "@clients",
        "aud": "https://api.tangocard.com/",
        "iat": iat,
        "exp": iat + 86400,
        "scope": "raas.all",
        "gty": "client-credentials",
    }


def giftbit_claims(rng: random.Random) -> dict:
    return {"sub": "fernhill-rewards", "iat": 1700000000 + rng.randrange(40_000_000), "jti": uuid(rng)}


def friendbuy_claims(rng: random.Random) -> dict:
    iat = 1715000000 + rng.randrange(20_000_000)
    return {"merchantId": uuid(rng), "iat": iat, "exp": iat + 3600}


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


tango_key = b62(41)
lower12 = pick(string.ascii_lowercase, 12)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 5, 25, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Talon.One
    S(
        LY,
        "talon_integration_header",
        "$ curl -s -X PUT https://fernhill.europe-west1.talon.one/v2/customer_sessions/sess-{sid} \\\n"
        '    -H "Content-Type: application/json" \\\n'
        '    -H "Authorization: ApiKey-v1 {v}" \\\n'
        "    -d @session.json | jq .effects",
        hexl(64),
        sid=digits(8),
    ),
    S(
        LY,
        "talon_management_key",
        'MGMT_HEADERS = {\n    "Authorization": "ManagementKey-v1 {v}",\n    "Content-Type": "application/json",\n}',
        hexl(64),
    ),
    # ---- secrets: Voucherify
    S(
        LY,
        "voucherify_app_token",
        "$ curl https://us1.api.voucherify.io/v1/vouchers/SPRING-{code}/validate \\\n"
        '  -H "X-App-Id: {appid}" \\\n'
        '  -H "X-App-Token: {v}" \\\n'
        '  -H "Content-Type: application/json" -d \'{"order": {"amount": 12900}}\'',
        uuid,
        code=upper_alnum(6),
        appid=uuid,
    ),
    S(
        LY,
        "voucherify_sdk_secret",
        "export const voucherify = VoucherifyServerSide({\n"
        "  applicationId: '{appid}',\n"
        "  secretKey: '{v}',\n"
        "  apiUrl: 'https://eu1.api.voucherify.io',\n"
        "})",
        uuid,
        appid=uuid,
    ),
    # ---- secrets: Yotpo
    S(
        LY,
        "yotpo_utoken_request",
        "$ curl -s -X POST https://api.yotpo.com/oauth/token -H 'Content-Type: application/json' \\\n"
        '    -d \'{"client_id": "{appkey}", "client_secret": "{v}", "grant_type": "client_credentials"}\'',
        b62(40),
        appkey=b62(40),
    ),
    S(
        LY,
        "yotpo_utoken_response",
        '{"access_token":"{v}","token_type":"bearer"}',
        b62(40),
    ),
    S(
        LY,
        "yotpo_loyalty_query",
        "GET https://loyalty.yotpo.com/api/v2/customers?customer_email=ines%40fernhill.shop"
        "&guid={guid}&api_key={v} -> 200 OK (412 ms)",
        b62(24),
        guid=b64url(22),
    ),
    # ---- secrets: Smile.io
    S(
        LY,
        "smile_bearer",
        "$ curl --location 'https://api.smile.io/v1/customers?email=ines@fernhill.shop' \\\n"
        "  --header 'Authorization: Bearer {v}'",
        join("api_", b62(24)),
    ),
    S(
        LY,
        "smile_signing_key",
        "    customer_token = JWT.encode(\n"
        '      { dest: "api.smile.io", sub: "ShopifyCustomer:#{customer.id}", exp: 5.minutes.from_now.to_i },\n'
        '      "{v}",\n'
        '      "HS256"\n'
        "    )",
        b62(32),
    ),
    # ---- secrets: LoyaltyLion
    S(
        LY,
        "loyaltylion_pat",
        "curl --header 'Authorization: Bearer {v}' --url 'https://api.loyaltylion.com/v2/customers?email=ines%40fernhill.shop'",
        join("pat_", hexl(32)),
    ),
    S(
        LY,
        "loyaltylion_auth_secret",
        "date = DateTime.now.iso8601\nsecret = '{v}'\n"
        "auth_token = Digest::SHA1.hexdigest(current_user.id.to_s + date + current_user.email + secret)",
        hexl(32),
    ),
    # ---- secrets: Tango Card RaaS
    S(
        LY,
        "tango_initializer",
        "Tangocard.configure do |c|\n"
        '  c.name = "FernhillRewards"\n'
        '  c.key = "{v}"\n'
        '  c.base_uri = "https://integration-api.tangocard.com"\n'
        "end",
        tango_key,
    ),
    S(
        LY,
        "tango_basic_header",
        "> GET /raas/v2/catalogs?verbose=true HTTP/1.1\n> Host: integration-api.tangocard.com\n"
        "> Authorization: Basic {v}\n> Accept: application/json",
        basic_auth("FernhillRewards", tango_key),
    ),
    S(
        LY,
        "tango_oauth_client_secret",
        "$ curl -s -X POST https://integration-api.tangocard.com/oauth/token \\\n"
        "    -d client_id={cid} -d client_secret={v} \\\n"
        "    -d scope=raas.all -d audience=https://api.tangocard.com/ -d grant_type=client_credentials",
        b64url(64),
        cid=b62(32),
    ),
    S(
        LY,
        "tango_access_token",
        '{\n  "access_token": "{v}",\n  "scope": "raas.all",\n  "expires_in": 86400,\n  "token_type": "Bearer"\n}',
        jwt("RS256", tango_claims, 342, kid=b64url(22)),
    ),
    # ---- secrets: Giftbit, Rybbon, Stamped
    S(
        LY,
        "giftbit_bearer",
        '$ curl --include --header "Authorization: Bearer {v}" --header "Accept-Encoding: identity" '
        "'https://api-testbed.giftbit.com/papi/v1/ping'",
        jwt("HS256", giftbit_claims, 43),
    ),
    S(
        LY,
        "rybbon_basic_auth",
        'resp = requests.get(\n    "https://fernhill.rybbon.net/api/v1/campaigns",\n'
        '    auth=HTTPBasicAuth("fernhill-sync", "{v}"),\n    timeout=10,\n)',
        b62(36),
    ),
    S(
        LY,
        "stamped_private_key",
        'stamped:\n  api_url: https://stamped.io/api/v2\n  store_hash: "{hash}"\n'
        "  public_key: pubkey-{pub}\n  private_key: {v}",
        join("key-", b62(30)),
        hash=digits(6),
        pub=b62(30),
    ),
    # ---- secrets: Friendbuy, ReferralCandy, Extole
    S(
        LY,
        "friendbuy_mapi_secret",
        "$ http POST https://mapi.fbot.me/v1/authorization key={key} secret={v}",
        uuid,
        key=uuid,
    ),
    S(
        LY,
        "friendbuy_bearer",
        "curl -X POST https://mapi.fbot.me/v1/personal-referral-links \\\n"
        '  -H "Authorization: Bearer {v}" \\\n'
        '  -H "Content-Type: application/json" -d \'{"email": "ines@fernhill.shop", "campaignId": "{camp}"}\'',
        jwt("HS256", friendbuy_claims, 43),
        camp=uuid,
    ),
    S(
        LY,
        "referralcandy_secret",
        '>>> rc = ReferralCandy(access_id="{aid}", secret_key="{v}")\n>>> rc.verify().text\n'
        '\'{"message":"Verification Ok"}\'',
        hexl(32),
        aid=lower12,
    ),
    S(
        LY,
        "extole_bearer",
        'EXTOLE_ACCESS_TOKEN="{v}" node scripts/sync-audiences.js --program fernhill --since 2024-06-01',
        upper_alnum(26),
    ),
    # ---- secrets: Open Loyalty, Antavo
    S(
        LY,
        "openloyalty_auth_token_query",
        "$ curl 'https://fernhill.openloyalty.io/api/admin?auth_token={v}' -X GET -H 'Accept: application/json'",
        b62(48),
    ),
    S(
        LY,
        "openloyalty_login_password",
        "curl https://fernhill.openloyalty.io/api/admin/login_check -H 'Content-Type: application/json;charset=UTF-8' "
        '--data-binary \'{"username":"ops@fernhill.shop","password":"{v}"}\'',
        password(14),
    ),
    S(
        LY,
        "openloyalty_refresh_token",
        '{\n  "token": "eyJhbGciOiJSUzI1NiIsInR5cCI...",\n  "refresh_token": "{v}"\n}',
        join("def50200", hexl(248)),
    ),
    S(
        LY,
        "antavo_escher_secret",
        "auth = EscherRequestsAuth(\n"
        '    "fernhill_loyalty",\n'
        '    "{v}",\n'
        '    {"credential_scope": "eu/api/antavo_request", "algo_prefix": "ANTAVO"},\n'
        ")",
        b62(40),
    ),
    # ---- look-alikes: public ids and publishable keys
    L(
        LY,
        "yotpo_widget_app_key",
        '<script src="https://cdn-widgetsrepository.yotpo.com/v1/loader/{v}" async></script>',
        b62(40),
    ),
    L(
        LY,
        "yotpo_loyalty_guid",
        '$ curl -s https://loyalty.yotpo.com/api/v2/vip_tiers -H "x-guid: {v}" -H "x-api-key: $YOTPO_LOYALTY_API_KEY"',
        b64url(22),
    ),
    L(
        LY,
        "smile_publishable_key",
        'SmileUI.initialize({\n  publishableKey: "{v}",\n  customerToken: window.__SMILE_CUSTOMER_TOKEN__,\n});',
        join("pub_", b62(24)),
    ),
    L(
        LY,
        "smile_channel_key",
        'SmileUI.init({ channel_key: "{v}", customer_identity_jwt: null });',
        join("channel_", b62(24)),
    ),
    L(
        LY,
        "loyaltylion_site_token",
        "lion.init({\n  token: '{v}',\n  customer: { id: '{cid}', email: 'ines@fernhill.shop' },\n"
        "  auth: { date: authDate, token: authToken },\n})",
        hexl(32),
        cid=digits(7),
    ),
    L(
        LY,
        "loyaltylion_key_prefix",
        "NAME            TOKEN        SCOPES                          LAST USED    STATE\n"
        "checkout-sync   {v}…   read_customers,write_orders     2 hours ago  active",
        join("pat_", hexl(5)),
    ),
    L(
        LY,
        "voucherify_app_id",
        "X-App-Id: {v}\nX-App-Token: ${VOUCHERIFY_SECRET_KEY}",
        uuid,
    ),
    L(
        LY,
        "voucherify_campaign_id",
        '  "id": "{v}",\n  "name": "Spring Loyalty Boost",\n  "campaign_type": "DISCOUNT_COUPONS",',
        join("camp_", b62(24)),
    ),
    L(
        LY,
        "stamped_public_key",
        "StampedFn.init({ apiKey: '{v}', sId: '{sid}', storeUrl: 'fernhill.shop' });",
        join("pubkey-", b62(30)),
        sid=digits(6),
    ),
    L(
        LY,
        "friendbuy_merchant_id",
        '  friendbuyAPI.merchantId = "{v}";\n  friendbuyAPI.push(["merchant", friendbuyAPI.merchantId]);',
        uuid,
    ),
    L(
        LY,
        "tango_utid",
        '{\n  "accountIdentifier": "fernhill-main",\n  "customerIdentifier": "fernhill",\n'
        '  "utid": "{v}",\n  "amount": 25,\n  "sendEmail": false\n}',
        join("U", digits(6)),
    ),
    L(
        LY,
        "giftbit_gift_uuid",
        '    {\n      "uuid": "{v}",\n      "campaign_id": "spring-referral-{num}",\n      "status": "DELIVERED",',
        hexl(32),
        num=digits(3),
    ),
    L(
        LY,
        "openloyalty_member_id",
        "GET /api/DEFAULT/member/{v} 200 application/json 1.8kB",
        uuid,
    ),
    L(
        LY,
        "extole_person_id",
        '  "person_id": "{v}",\n  "email": "ines@fernhill.shop",\n  "locale": "en_US",',
        digits(19),
    ),
    # ---- look-alikes: per-request signatures, hashes
    L(
        LY,
        "referralcandy_signature",
        "GET https://my.referralcandy.com/api/v2/verify.json?accessID={aid}&timestamp=17{ts}&signature={v}",
        hexl(32),
        aid=lower12,
        ts=digits(8),
    ),
    L(
        LY,
        "friendbuy_webhook_hmac",
        "POST /webhooks/friendbuy 200 — X-Friendbuy-Hmac-SHA256: {v} (verified)",
        b64(43, "="),
    ),
    L(
        LY,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} rotate Talon.One integration key via vault",
        hexl(40),
    ),
    L(
        LY,
        "gem_checksum",
        "$ sha256sum vendor/cache/talon_one-6.2.0.gem\n{v}  vendor/cache/talon_one-6.2.0.gem",
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        LY,
        "talon_env_ref",
        '        -H "Authorization: ApiKey-v1 {v}" \\',
        const("${TALON_ONE_INTEGRATION_KEY}"),
    ),
    L(
        LY,
        "tango_gha_ref",
        "      TANGO_PLATFORM_NAME: FernhillRewards\n      TANGO_PLATFORM_KEY: {v}",
        const("${{ secrets.TANGO_PLATFORM_KEY }}"),
    ),
    L(
        LY,
        "openloyalty_env_ref",
        "    -H \"X-AUTH-TOKEN: {v}\" \\\n    -H 'Accept: application/json'",
        const("$OPENLOYALTY_ACCESS_TOKEN"),
    ),
    L(
        LY,
        "antavo_secret_ref",
        "ANTAVO_API_KEY=fernhill_loyalty\nANTAVO_API_SECRET={v}",
        const("op://Loyalty/antavo-prod/api_secret"),
    ),
    L(
        LY,
        "rybbon_placeholder",
        "# .env.example — copy to .env\nRYBBON_API_KEY_NAME=fernhill-sync\nRYBBON_API_KEY={v}",
        const("<paste-api-key-from-settings>"),
    ),
    L(
        LY,
        "giftbit_placeholder",
        "curl --header \"Authorization: Bearer {v}\" 'https://api-testbed.giftbit.com/papi/v1/brands?region=3'",
        const("YOUR_API_KEY"),
    ),
    L(
        LY,
        "talon_masked",
        "Integration API keys\n  prod-checkout   ApiKey-v1 {v}   expires 2025-12-31   Valid",
        join("••••••••••••", hexl(4)),
    ),
]
