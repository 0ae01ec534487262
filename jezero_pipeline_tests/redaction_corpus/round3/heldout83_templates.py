"""An eighty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of social media and advertising APIs: the X API (app-only
bearer tokens with their run of `A`s and `%3D`, API key and secret, OAuth 1.0a
`oauth_token_secret`, twurl, tweepy, OAuth 2.0 client ids in the authorize URL), Meta's Graph and
Marketing APIs (32-hex app secrets, `EAA…` user and system-user tokens, `app_id|app_secret` app
tokens on `/debug_token`, `act_…` ad accounts, pixel ids), Instagram Platform (`IGAA…` long-lived
tokens from `graph.instagram.com`, business account ids), LinkedIn (`WPL_AP1.….…==` client secrets,
`AQV…` member tokens beside a `LinkedIn-Version` header, 14-character client ids), Reddit and PRAW
(`praw.ini` sites, refresh tokens, the password grant with `--user`, client ids in the authorize
URL), TikTok for Developers (`client_key`/`client_secret` on `/v2/oauth/token/`, `act.…!NNNN.va`
user tokens) and TikTok API for Business (40-hex `Access-Token` header, advertiser ids), Google
Ads (`google-ads.yaml` developer tokens, `GOCSPX-` client secrets, `1//0…` refresh tokens,
`INSERT_…_HERE` placeholders, customer ids), Pinterest v5 (`pina_AMA…` tokens, app secrets from
the api-quickstart credentials script, board ids), Snapchat Marketing and Conversions API
(UUID client ids and pixel ids, long-lived CAPI JWTs in the `access_token` query), Mastodon and
Mastodon.py (`/api/v1/apps` output, the public `vapid_key` from `verify_credentials`,
`*_usercred.secret` files, the file name passed as `access_token`), and Bluesky/AT Protocol
(`xxxx-xxxx-xxxx-xxxx` app passwords, `createSession` output with `accessJwt`, `did:plc:`
identifiers), in commands, config files, code and tool output, with the public ids the same
documentation shows beside them, and the usual references (GitHub Actions `secrets.*`, 1Password
`op://` paths, a pinned wheel's sha256).

First score, blind, before any rule changed for it (after the rules for 75 to 79):
25 of 26 secrets caught, 4 of 25 look-alikes altered (missed: a Bluesky app password as atproto
`client.login`'s second argument; altered: LinkedIn's `scope=` in an authorize URL, TikTok's
`client_key` in one, Mastodon's `vapid_key` (a padded EC point), a token file's name as
`access_token=`).
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
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

SOC = "social"

BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567"


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def x_bearer(rng: random.Random) -> str:
    """An X app-only bearer token: a run of `A`s, an app part, then a URL-encoded `=` and more."""
    return "A" * 22 + b62(6)(rng) + "A" * 7 + b62(31)(rng) + "%3D" + b62(50)(rng)


def x_oauth2_client_id(rng: random.Random) -> str:
    """X OAuth 2.0 client ids are base64 of `<id>:1:ci` without padding."""
    raw = b64url(20)(rng) + ":1:ci"
    return base64.b64encode(raw.encode()).decode().rstrip("=")


def bsky_access_jwt(rng: random.Random) -> str:
    head = b64url_json({"typ": "at+jwt", "alg": "ES256K"})
    iat = 1718000000 + rng.randrange(5_000_000)
    body = b64url_json(
        {
            "scope": "com.atproto.appPass",
            "sub": "did:plc:" + pick(BASE32_LOWER, 24)(rng),
            "iat": iat,
            "exp": iat + 7200,
            "aud": "did:web:morel.us-east.host.bsky.network",
        }
    )
    return f"{head}.{body}.{b64url(86)(rng)}"


def snap_capi_jwt(rng: random.Random) -> str:
    head = b64url_json({"alg": "HS256", "kid": "CanvasS2SHMACProd", "typ": "JWT"})
    body = b64url_json(
        {
            "aud": "canvas-canvasapi",
            "iss": "canvas-s2stoken",
            "nbf": 1716000000 + rng.randrange(5_000_000),
            "sub": f"{uuid(rng)}~PRODUCTION~{uuid(rng)}",
        }
    )
    return f"{head}.{body}.{b64url(43)(rng)}"


def masked_meta(rng: random.Random) -> str:
    return "EAA" + "*" * 24 + b62(4)(rng)


def numeric_id(n: int):
    """An n-digit id that does not start with 0."""
    return join(pick("123456789", 1), digits(n - 1))


app_password = groups(lower_alnum(4), 4)
mastodon_token = b64url(43)
reddit_client_id = b64url(22)
tiktok_client_key = join("aw", lower_alnum(14))
pinterest_token = join("pina_AMA", pick(BASE32_UPPER, 93))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 4, 25, "the rules for 75 to 79")

TEMPLATES = [
    # ---- secrets: X (Twitter) API
    S(
        SOC,
        "x_bearer_header",
        '$ curl -s "https://api.twitter.com/2/tweets/search/recent?query=from%3Abrightkite&max_results=10"'
        ' -H "Authorization: Bearer {v}" | jq .meta',
        x_bearer,
    ),
    S(
        SOC,
        "x_consumer_secret_flag",
        "$ twurl authorize --consumer-key {ck} --consumer-secret {v}\n"
        "Go to https://api.twitter.com/oauth/authorize?oauth_token=... and paste in the supplied PIN",
        b62(50),
        ck=b62(25),
    ),
    S(
        SOC,
        "x_oauth_token_secret_output",
        "<- POST /oauth/access_token 200\n"
        "oauth_token={uid}-{tok}&oauth_token_secret={v}&user_id={uid}&screen_name=brightkite_ops",
        b62(45),
        uid=join("1", digits(18)),
        tok=b62(30),
    ),
    # ---- secrets: Meta Graph / Marketing API, Instagram
    S(
        SOC,
        "meta_app_secret_curl",
        '$ curl -G "https://graph.facebook.com/oauth/access_token" -d "client_id={appid}"'
        ' -d "client_secret={v}" -d "grant_type=client_credentials"',
        hexl(32),
        appid=numeric_id(16),
    ),
    S(
        SOC,
        "meta_system_user_token",
        "from facebook_business.api import FacebookAdsApi\n\n"
        'FacebookAdsApi.init(app_id="{appid}", app_secret=os.environ["FB_APP_SECRET"],\n'
        '                    access_token="{v}", api_version="v19.0")',
        join("EAA", b62(184)),
        appid=numeric_id(15),
    ),
    S(
        SOC,
        "meta_app_access_token_url",
        '$ curl -s "https://graph.facebook.com/v19.0/debug_token?input_token=$PAGE_TOKEN&access_token={v}"',
        join(numeric_id(16), "|", hexl(32)),
    ),
    S(
        SOC,
        "instagram_long_lived_output",
        "$ curl -s -G https://graph.instagram.com/access_token -d grant_type=ig_exchange_token \\\n"
        '    -d client_secret="$IG_APP_SECRET" -d access_token="$SHORT_TOKEN"\n'
        '{"access_token":"{v}","token_type":"bearer","expires_in":5183944}',
        join("IGAA", b62(176)),
    ),
    # ---- secrets: LinkedIn
    S(
        SOC,
        "linkedin_client_secret_settings",
        "SOCIAL_AUTH_LINKEDIN_OAUTH2_KEY = '{cid}'\nSOCIAL_AUTH_LINKEDIN_OAUTH2_SECRET = '{v}'\n"
        "SOCIAL_AUTH_LINKEDIN_OAUTH2_SCOPE = ['openid', 'profile', 'email']",
        join("WPL_AP1.", b62(16), ".", b64(6), "=="),
        cid=join("86", lower_alnum(12)),
    ),
    S(
        SOC,
        "linkedin_bearer_header",
        "$ curl -s 'https://api.linkedin.com/rest/adAccounts?q=search&search=(status:(values:List(ACTIVE)))' \\\n"
        "    -H 'Authorization: Bearer {v}' \\\n    -H 'LinkedIn-Version: 202405' -H 'X-Restli-Protocol-Version: 2.0.0'",
        join("AQV", b64url(346)),
    ),
    # ---- secrets: Reddit / PRAW
    S(
        SOC,
        "praw_ini_client_secret",
        "$ cat ~/.config/praw.ini\n[modqueue_digest]\nclient_id={cid}\nclient_secret={v}\n"
        "user_agent=linux:io.brightkite.modqueue:v0.4.1 (by u/brightkite_ops)",
        b64url(30),
        cid=reddit_client_id,
    ),
    S(
        SOC,
        "praw_refresh_token_code",
        "reddit = praw.Reddit(\n"
        '    client_id="{cid}",\n    client_secret=os.environ["REDDIT_CLIENT_SECRET"],\n'
        '    refresh_token="{v}",\n    user_agent="linux:io.brightkite.modqueue:v0.4.1 (by u/brightkite_ops)",\n)',
        join(digits(11), "-", b64url(30)),
        cid=reddit_client_id,
    ),
    S(
        SOC,
        "reddit_password_grant",
        '$ curl -X POST -A "brightkite-bot/0.4" --user "$REDDIT_CLIENT_ID:$REDDIT_CLIENT_SECRET"'
        " -d 'grant_type=password&username=brightkite_bot&password={v}' https://www.reddit.com/api/v1/access_token",
        password(16),
    ),
    # ---- secrets: TikTok for Developers and API for Business
    S(
        SOC,
        "tiktok_client_secret_form",
        "curl --location 'https://open.tiktokapis.com/v2/oauth/token/' \\\n"
        "--header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "--data-urlencode 'client_key={ck}' \\\n--data-urlencode 'client_secret={v}' \\\n"
        "--data-urlencode 'grant_type=client_credentials'",
        b62(32),
        ck=tiktok_client_key,
    ),
    S(
        SOC,
        "tiktok_user_token_header",
        "$ curl -s 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,follower_count'"
        " -H 'Authorization: Bearer {v}'",
        join("act.", b62(60), "!", digits(4), ".va"),
    ),
    S(
        SOC,
        "tiktok_business_access_token",
        "$ curl -G 'https://business-api.tiktok.com/open_api/v1.3/campaign/get/' \\\n"
        "    -H 'Access-Token: {v}' --data-urlencode 'advertiser_id={adv}'",
        hexl(40),
        adv=join("7", digits(18)),
    ),
    # ---- secrets: Google Ads
    S(
        SOC,
        "google_ads_developer_token_grep",
        "$ grep -n token ~/google-ads.yaml\n9:developer_token: {v}\n14:# refresh_token: see 1Password",
        b64url(22),
    ),
    S(
        SOC,
        "google_ads_client_secret_docker",
        "$ docker run --rm -e GOOGLE_ADS_CLIENT_ID={gcid}.apps.googleusercontent.com"
        " -e GOOGLE_ADS_CLIENT_SECRET={v} -e GOOGLE_ADS_USE_PROTO_PLUS=true brightkite/ads-sync:1.8 report --days 7",
        join("GOCSPX-", b64url(28)),
        gcid=join(numeric_id(12), "-", lower_alnum(32)),
    ),
    S(
        SOC,
        "google_ads_refresh_token_dict",
        "client = GoogleAdsClient.load_from_dict({\n"
        '    "developer_token": os.environ["GOOGLE_ADS_DEVELOPER_TOKEN"],\n'
        '    "refresh_token": "{v}",\n    "login_customer_id": "{mcc}",\n    "use_proto_plus": True,\n})',
        join("1//0", b64url(100)),
        mcc=digits(10),
    ),
    # ---- secrets: Pinterest
    S(
        SOC,
        "pinterest_bearer_header",
        "$ curl --location --request GET 'https://api.pinterest.com/v5/boards' \\\n"
        "    --header 'Authorization: Bearer {v}' --header 'Content-Type: application/json'",
        pinterest_token,
    ),
    S(
        SOC,
        "pinterest_app_secret_script",
        "$ cat common/scripts/api_app_credentials\nexport PINTEREST_APP_ID={appid}\nexport PINTEREST_APP_SECRET={v}",
        hexl(40),
        appid=numeric_id(7),
    ),
    # ---- secrets: Snapchat Marketing and Conversions API
    S(
        SOC,
        "snap_client_secret_refresh",
        "$ curl -X POST https://accounts.snapchat.com/login/oauth2/access_token \\\n"
        '    -d "refresh_token=$SNAP_REFRESH_TOKEN" -d "client_id={cid}" -d "client_secret={v}" -d "grant_type=refresh_token"',
        hexl(20),
        cid=uuid,
    ),
    S(
        SOC,
        "snap_capi_token_query",
        "POST https://tr.snapchat.com/v3/{pixel}/events?access_token={v}\ncontent-type: application/json",
        snap_capi_jwt,
        pixel=uuid,
    ),
    # ---- secrets: Mastodon
    S(
        SOC,
        "mastodon_usercred_file",
        "$ cat brightkite_usercred.secret\n{v}\nhttps://fosstodon.org\nread write\n",
        mastodon_token,
    ),
    S(
        SOC,
        "mastodon_apps_response",
        '$ curl -s -X POST https://mastodon.social/api/v1/apps -F "client_name=brightkite-digest"'
        ' -F "redirect_uris=urn:ietf:wg:oauth:2.0:oob" -F "scopes=read write"\n'
        '{"id":"{appid}","name":"brightkite-digest","website":null,"scopes":["read","write"],'
        '"redirect_uri":"urn:ietf:wg:oauth:2.0:oob","client_id":"{cid}","client_secret":"{v}"}',
        mastodon_token,
        appid=numeric_id(6),
        cid=mastodon_token,
    ),
    # ---- secrets: Bluesky
    S(
        SOC,
        "bluesky_app_password_code",
        "from atproto import Client\n\nclient = Client()\n"
        "profile = client.login('brightkite.bsky.social', '{v}')\nprint(profile.display_name)",
        app_password,
    ),
    S(
        SOC,
        "bluesky_create_session_output",
        "$ curl -s -X POST https://bsky.social/xrpc/com.atproto.server.createSession -H 'Content-Type: application/json'"
        ' -d "{\\"identifier\\": \\"brightkite.bsky.social\\", \\"password\\": \\"$BSKY_APP_PASSWORD\\"}" | jq -r .accessJwt\n{v}',
        bsky_access_jwt,
    ),
    # ---- look-alikes: public ids
    L(
        SOC,
        "x_oauth2_client_id",
        "Open this URL to authorize: https://twitter.com/i/oauth2/authorize?response_type=code&client_id={v}"
        "&redirect_uri=http%3A%2F%2F127.0.0.1%3A8976%2Fcallback&scope=tweet.read%20users.read%20offline.access"
        "&state=state&code_challenge=challenge&code_challenge_method=plain",
        x_oauth2_client_id,
    ),
    L(
        SOC,
        "x_user_id",
        ">>> client.get_me()\nResponse(data=<User id={v} name=Brightkite username=brightkite_ops>, includes={}, errors=[], meta={})",
        join("1", digits(18)),
    ),
    L(
        SOC,
        "meta_app_id",
        "FACEBOOK_APP_ID={v}\nFACEBOOK_APP_SECRET=${FACEBOOK_APP_SECRET:?set in vault}",
        numeric_id(16),
    ),
    L(
        SOC,
        "meta_ad_account",
        '$ curl -s -G "https://graph.facebook.com/v19.0/{v}/campaigns" -d "fields=name,status,daily_budget"'
        ' -d "access_token=$META_SYSTEM_USER_TOKEN"',
        join("act_", numeric_id(15)),
    ),
    L(SOC, "meta_pixel_id", "  fbq('init', '{v}');\n  fbq('track', 'PageView');", numeric_id(16)),
    L(
        SOC,
        "meta_masked_token",
        "[2024-06-03 09:14:22] graph: GET /v19.0/me/accounts 200 (token {v}, app {app})",
        masked_meta,
        app=numeric_id(15),
    ),
    L(
        SOC,
        "instagram_business_account",
        '{\n  "instagram_business_account": {\n    "id": "{v}"\n  },\n  "id": "{page}"\n}',
        join("1784", digits(13)),
        page=numeric_id(15),
    ),
    L(
        SOC,
        "linkedin_client_id",
        "https://www.linkedin.com/oauth/v2/authorization?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fads.brightkite.io%2Flinkedin%2Fcallback&state=f3e1&scope=r_ads%20rw_ads%20r_ads_reporting",
        join("77", lower_alnum(12)),
    ),
    L(
        SOC,
        "linkedin_account_urn",
        '    "account": "{v}",\n    "name": "Brightkite EU prospecting",\n    "status": "ACTIVE",',
        join("urn:li:sponsoredAccount:", numeric_id(9)),
    ),
    L(
        SOC,
        "reddit_client_id_authorize",
        "Go here while logged into the account you want to create a token for: https://www.reddit.com/api/v1/authorize"
        "?client_id={v}&duration=permanent&redirect_uri=http%3A%2F%2Flocalhost%3A8080&response_type=code"
        "&scope=identity%20modposts%20read&state=48213",
        reddit_client_id,
    ),
    L(
        SOC,
        "tiktok_client_key_authorize",
        '    auth_url = (\n        "https://www.tiktok.com/v2/auth/authorize/"\n'
        '        "?client_key={v}&scope=user.info.basic,video.list&response_type=code"\n'
        '        f"&redirect_uri={quote(REDIRECT_URI)}&state={state}"\n    )',
        tiktok_client_key,
    ),
    L(
        SOC,
        "tiktok_advertiser_id",
        "TIKTOK_ADVERTISER_ID={v}\nTIKTOK_ACCESS_TOKEN=${{ secrets.TIKTOK_ACCESS_TOKEN }}",
        join("7", digits(18)),
    ),
    L(
        SOC,
        "google_ads_customer_id",
        "$ python examples/basic_operations/get_campaigns.py --customer_id {v}\n"
        'Campaign with ID 20451337 and name "Brand - EU" was found.',
        numeric_id(10),
    ),
    L(
        SOC,
        "google_oauth_client_id",
        "client_id: {v}\nclient_secret: INSERT_CLIENT_SECRET_HERE",
        join(numeric_id(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    L(
        SOC,
        "google_ads_placeholder",
        "# A developer token is required when making requests to the Google Ads API\ndeveloper_token: {v}",
        const("INSERT_DEVELOPER_TOKEN_HERE"),
    ),
    L(
        SOC,
        "pinterest_board_id",
        '{\n  "board_id": "{v}",\n  "title": "Spring lookbook",\n  "media_source": {"source_type": "image_url"',
        join("9", digits(17)),
    ),
    L(
        SOC,
        "snap_client_id_authorize",
        "https://accounts.snapchat.com/login/oauth2/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fads.brightkite.io%2Fsnap%2Fcallback&response_type=code&scope=snapchat-marketing-api",
        uuid,
    ),
    L(
        SOC,
        "snap_pixel_id",
        "snaptr('init', '{v}', {\n  'user_hashed_email': hashedEmail\n});",
        uuid,
    ),
    L(
        SOC,
        "mastodon_vapid_key",
        '$ curl -s https://fosstodon.org/api/v1/apps/verify_credentials -H "Authorization: Bearer $MASTODON_TOKEN" | jq .\n'
        '{\n  "name": "brightkite-digest",\n  "website": null,\n  "vapid_key": "{v}"\n}',
        join("B", b64url(86), "="),
    ),
    L(
        SOC,
        "mastodon_secret_file_ref",
        "mastodon = Mastodon(\n    access_token={v},\n    api_base_url='https://fosstodon.org'\n)",
        const("'brightkite_usercred.secret'"),
    ),
    L(
        SOC,
        "bluesky_did",
        '$ curl -s "https://bsky.social/xrpc/com.atproto.identity.resolveHandle?handle=brightkite.bsky.social"\n'
        '{"did":"{v}"}',
        join("did:plc:", pick(BASE32_LOWER, 24)),
    ),
    L(
        SOC,
        "bluesky_placeholder",
        "  3. Run: bsky login --handle yourhandle.bsky.social --password {v}",
        const("xxxx-xxxx-xxxx-xxxx"),
    ),
    L(
        SOC,
        "pip_hash",
        "tweepy==4.14.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        SOC,
        "gha_secret_ref",
        "      - name: Post release note\n        env:\n          PINTEREST_ACCESS_TOKEN: {v}\n"
        "          X_BEARER_TOKEN: ${{ secrets.X_BEARER_TOKEN }}",
        const("${{ secrets.PINTEREST_ACCESS_TOKEN }}"),
    ),
    L(
        SOC,
        "op_reference",
        "$ cat .env.tpl   # resolved by `op run --env-file=.env.tpl -- python modbot.py`\n"
        'REDDIT_CLIENT_SECRET={v}\nREDDIT_USER_AGENT="linux:io.brightkite.modqueue:v0.4.1 (by u/brightkite_ops)"',
        const("op://Marketing/reddit-modbot/credential"),
    ),
]
