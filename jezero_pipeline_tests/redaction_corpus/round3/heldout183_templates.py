"""A hundred-and-eighty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of mobile ad mediation and monetisation SDKs and their
reporting APIs: AppLovin MAX (86-character SDK key in `applovin.sdk.key` / `AppLovinSdkKey`,
the Report Key as `api_key=` on `r.applovin.com/maxReport` and in ingestr's `applovinmax://` URI,
the Management Key in an `Api-Key` header, 16-hex ad unit ids), Unity Ads (Monetization Stats API
key, 64 hex, as `apikey=` or `Authorization: Token`, the numeric Organization core ID, 7-digit game
ids), ironSource / Unity LevelPlay (`secretkey` and `refreshToken` headers on
`platform.ironsrc.com/partners/publisher/auth`, the HS256 bearer it returns, Basic
`username:secretkey`, short hex app keys), Chartboost (24-hex app id, 40-hex app signature, the
analytics API's `userId`/`userSignature`), Vungle / Liftoff Monetize (Publisher Reporting API 2.0
bearer key with `Vungle-Version: 1`, 24-hex app ids), InMobi (`userName`/`secretKey` headers on
`generatesession/generate`, the 32-hex account id passed to `InMobiSdk.init`, long placement ids),
Meta Audience Network (`adnetworkanalytics` with a system-user `EAA…` access token, `app_placement`
ids), Google AdMob (`ca-app-pub-…~…` app ids and `…/…` ad unit ids, `pub-` publisher ids in
app-ads.txt, the AdMob API's OAuth client secret `GOCSPX-…`, refresh token `1//0…` and `ya29.`
access token), Pangle (`user_id`/`role_id` with a base64 `secure_key` on `open-api.pangleglobal.com`),
Mintegral (`access-key` and API key on `ss-api.mintegral.com`, numeric app ids), AdColony (`app…`
app ids, `vz…` zone ids, the V4VC secret key and the reporting `user_credentials`), and Tapjoy
(encoded Reporting API key as `Authorization: Basic` on `api.tapjoy.com/v1/oauth2/token` and the
bearer it returns). Look-alikes are the public ids the same pages show beside them, SKAdNetwork
identifiers, hashed test-device ids, CocoaPods and Gradle checksums, placeholders, secret-store
references and masked values. Where a vendor's page did not state a length or alphabet (the
Tapjoy encoded key, the AdColony V4VC secret and `user_credentials`, the Pangle `secure_key`
length), the shape is the author's best reading of the examples, said here rather than guessed
silently.

First score, blind, before any rule changed for it (after the rules for 175 to 179):
23 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a Chartboost app signature (40 hex) as
`startWithAppId`'s third argument, a `userSignature` (64 hex) in a query dict; altered: the XML key
name `SKAdNetworkIdentifier` between `<key>` tags).
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
    hexu,
    join,
    lower_alnum,
    uuid,
)

ADS = "adsdk"

JWT_HEAD = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"


def _b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ironsource_bearer(rng: random.Random) -> str:
    """The HS256 token `partners/publisher/auth` returns: its payload carries the key pair."""
    payload = {
        "secretKey": hexl(32)(rng),
        "refreshToken": hexl(32)(rng),
        "expiration": 1717000000 + rng.randrange(10_000_000),
    }
    body = _b64url_nopad(json.dumps(payload, separators=(",", ":")).encode())
    return f"{JWT_HEAD}.{body}.{b64url(43)(rng)}"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def tapjoy_encoded_key(rng: random.Random) -> str:
    return base64.b64encode(f"{uuid(rng)}:{hexl(64)(rng)}".encode()).decode()


skad_prefix = lower_alnum(10)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 25, "the rules for 175 to 179")

TEMPLATES: list = [
    # ---- secrets: AppLovin MAX
    S(
        ADS,
        "applovin_sdk_key_manifest",
        "$ grep -n -A1 applovin app/src/main/AndroidManifest.xml\n"
        '41:        <meta-data android:name="applovin.sdk.key"\n'
        '42-            android:value="{v}" />',
        b64url(86),
    ),
    S(
        ADS,
        "applovin_report_key_url",
        '$ curl -s "https://r.applovin.com/maxReport?api_key={v}&start=2024-05-01&end=2024-05-07'
        '&columns=day,application,network,estimated_revenue,ecpm&format=json&not_zero=1" | jq length',
        b64url(86),
    ),
    S(
        ADS,
        "applovin_ingestr_uri",
        'ingestr ingest --source-uri "applovinmax://?api_key={v}" \\\n'
        '    --source-table "user_ad_revenue:io.tidepool.wordrush" --dest-uri "duckdb:///ad_revenue.db"'
        ' --dest-table "raw.applovin_user_ad_revenue"',
        b64url(86),
    ),
    S(
        ADS,
        "applovin_management_key_header",
        "$ curl -sS https://o.applovin.com/mediation/v1/ad_units -H 'Api-Key: {v}' | jq '.[].id'",
        b64url(86),
    ),
    # ---- secrets: Unity Ads
    S(
        ADS,
        "unity_stats_token_header",
        '$ curl -sL -H "Authorization: Token {v}" -H "Accept: text/csv" \\\n'
        '  "https://monetization.api.unity.com/stats/v1/operate/organizations/{org}'
        '?fields=start_count,view_count,revenue_sum&groupBy=game,country&scale=day&start=2024-05-01T00:00:00Z&end=2024-05-08T00:00:00Z"',
        hexl(64),
        org=digits(13),
    ),
    S(
        ADS,
        "unity_stats_dotenv",
        "$ cat services/revenue-sync/.env\nUNITY_ORG_ID={org}\nUNITY_STATS_API_KEY={v}\nUNITY_GAME_IDS={g1},{g2}",
        hexl(64),
        org=digits(13),
        g1=join("5", digits(6)),
        g2=join("5", digits(6)),
    ),
    # ---- secrets: ironSource / LevelPlay
    S(
        ADS,
        "ironsource_secretkey_header",
        "$ curl -s https://platform.ironsrc.com/partners/publisher/auth \\\n"
        '    -H "secretkey: {v}" -H "refreshToken: $IS_REFRESH_TOKEN"',
        hexl(32),
    ),
    S(
        ADS,
        "ironsource_refresh_token_yaml",
        "networks:\n  ironsource:\n    secret_key: ${IS_SECRET_KEY}\n    refresh_token: {v}\n    app_keys: [{ak}]",
        hexl(32),
        ak=hexl(9),
    ),
    S(
        ADS,
        "ironsource_bearer_output",
        '[revenue-sync] GET https://platform.ironsrc.com/partners/publisher/auth -> 200\n[revenue-sync] bearer: "{v}"',
        ironsource_bearer,
    ),
    S(
        ADS,
        "ironsource_basic_header",
        "GET /partners/publisher/mediation/applications/v6/stats?startDate=2024-05-01&endDate=2024-05-07 HTTP/1.1\n"
        "Host: platform.ironsrc.com\nAuthorization: Basic {v}",
        basic_auth("monetization@tidepool.games", hexl(32)),
    ),
    # ---- secrets: Chartboost
    S(
        ADS,
        "chartboost_app_signature",
        '        Chartboost.startWithAppId(applicationContext, "{appid}", "{v}") { startError ->',
        hexl(40),
        appid=hexl(24),
    ),
    S(
        ADS,
        "chartboost_user_signature_url",
        "requests.get('https://analytics.chartboost.com/v3/metrics/appcountry', params={'userId': '{uid}',"
        " 'userSignature': '{v}', 'dateMin': '2024-05-01', 'dateMax': '2024-05-07'})",
        hexl(64),
        uid=hexl(24),
    ),
    # ---- secrets: Vungle / Liftoff
    S(
        ADS,
        "vungle_reporting_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" -H "Vungle-Version: 1" -H "Accept: application/json" \\\n'
        '  "https://report.api.vungle.com/ext/pub/reports/performance?dimensions=date,application&aggregates=views,revenue,ecpm&start=2024-05-01&end=2024-05-07"',
        hexl(32),
    ),
    # ---- secrets: InMobi
    S(
        ADS,
        "inmobi_secretkey_header",
        "$ curl -s -X GET https://api.inmobi.com/v1.0/generatesession/generate \\\n"
        "    -H 'userName: monetization@tidepool.games' -H 'secretKey: {v}'",
        hexl(32),
    ),
    S(
        ADS,
        "inmobi_python_auth",
        '>>> auth = InmobiAuth(username="monetization@tidepool.games", secret_key="{v}")\n'
        ">>> session = auth.generate_session()",
        hexl(32),
    ),
    # ---- secrets: Meta Audience Network
    S(
        ADS,
        "meta_an_access_token",
        "$ curl -G https://graph.facebook.com/v19.0/{biz}/adnetworkanalytics \\\n"
        "    -d \"metrics=['fb_ad_network_revenue','fb_ad_network_imp']\" -d 'since=2024-05-01' -d 'until=2024-05-08' \\\n"
        "    -d 'access_token={v}'",
        join("EAA", b62(185)),
        biz=digits(16),
    ),
    # ---- secrets: Google AdMob API
    S(
        ADS,
        "admob_client_secret_json",
        '$ cat ~/.config/admob/client_secrets.json\n{"installed":{"client_id":"{num}-{cid}.apps.googleusercontent.com",'
        '"project_id":"tidepool-admob-reports","auth_uri":"https://accounts.google.com/o/oauth2/auth",'
        '"token_uri":"https://oauth2.googleapis.com/token","client_secret":"{v}",'
        '"redirect_uris":["http://localhost"]}}',
        join("GOCSPX-", b64url(28)),
        num=digits(12),
        cid=lower_alnum(32),
    ),
    S(
        ADS,
        "admob_refresh_token",
        "  admob:\n    publisher_id: pub-{pub}\n    client_id: {num}-{cid}.apps.googleusercontent.com\n"
        "    refresh_token: {v}",
        join("1//0", b64url(99)),
        pub=digits(16),
        num=digits(12),
        cid=lower_alnum(32),
    ),
    S(
        ADS,
        "admob_access_token_bearer",
        "POST https://admob.googleapis.com/v1/accounts/pub-{pub}/networkReport:generate\n"
        "Authorization: Bearer {v}\nContent-Type: application/json",
        join("ya29.a0", b64url(170)),
        pub=digits(16),
    ),
    # ---- secrets: Pangle, Mintegral
    S(
        ADS,
        "pangle_secure_key",
        'class PangleConfig:\n    user_id = {uid}\n    role_id = {uid}\n    secure_key = "{v}"\n'
        '    host = "https://open-api.pangleglobal.com"',
        b64(31, "="),
        uid=digits(6),
    ),
    S(
        ADS,
        "mintegral_api_key_export",
        "export MINTEGRAL_API_KEY={v}\n"
        "$ python3 pull_reports.py --network mintegral --host ss-api.mintegral.com --since 2024-05-01",
        hexl(32),
    ),
    # ---- secrets: AdColony, Tapjoy
    S(
        ADS,
        "adcolony_v4vc_secret",
        'ADCOLONY_V4VC_SECRET = "{v}"\n\ndef verify(q):\n'
        '    raw = q["id"] + q["uid"] + q["amount"] + q["currency"] + ADCOLONY_V4VC_SECRET + q["custom_id"]\n'
        '    return hashlib.md5(raw.encode()).hexdigest() == q["verifier"]',
        lower_alnum(20),
    ),
    S(
        ADS,
        "adcolony_user_credentials",
        '$ wget -qO- "http://clients-api.adcolony.com/api/v2/publisher_summary?user_credentials={v}'
        '&date=05012024&end_date=05072024&format=json&date_group=day"',
        b62(20),
    ),
    S(
        ADS,
        "tapjoy_basic_api_key",
        '$ curl -s -H "Authorization: Basic {v}" -H "Accept: application/json" -X POST https://api.tapjoy.com/v1/oauth2/token',
        tapjoy_encoded_key,
    ),
    S(
        ADS,
        "tapjoy_access_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3600,"refresh_token":null}',
        b64url(64),
    ),
    # ---- look-alikes: public ids shown beside the keys
    L(
        ADS,
        "applovin_ad_unit_id",
        '        rewardedAd = MaxRewardedAd.getInstance("{v}", this)\n        rewardedAd.setListener(this)',
        hexl(16),
    ),
    L(
        ADS,
        "admob_app_id_manifest",
        '        <meta-data\n            android:name="com.google.android.gms.ads.APPLICATION_ID"\n'
        '            android:value="{v}"/>',
        join("ca-app-pub-", digits(16), "~", digits(10)),
    ),
    L(
        ADS,
        "admob_ad_unit_id",
        '    bannerView.adUnitID = "{v}"\n    bannerView.rootViewController = self',
        join("ca-app-pub-", digits(16), "/", digits(10)),
    ),
    L(
        ADS,
        "app_ads_txt_pub_id",
        "$ curl -s https://tidepool.games/app-ads.txt\ngoogle.com, {v}, DIRECT, f08c47fec0942fa0\n"
        "unity.com, {gid}, DIRECT",
        join("pub-", digits(16)),
        gid=join("5", digits(6)),
    ),
    L(
        ADS,
        "oauth_client_id",
        "  admob:\n    client_id: {v}\n    client_secret: ${ADMOB_CLIENT_SECRET}",
        join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    L(
        ADS,
        "unity_game_id",
        '        Advertisement.Initialize("{v}", testMode: false, this);',
        join("5", digits(6)),
    ),
    L(
        ADS,
        "unity_org_core_id",
        'url = f"https://monetization.api.unity.com/stats/v1/operate/organizations/{v}"\n'
        'headers = {"Authorization": f"Token {os.environ[\'UNITY_STATS_API_KEY\']}", "Accept": "text/csv"}',
        digits(13),
    ),
    L(
        ADS,
        "ironsource_app_key",
        '        LevelPlay.init(this, LevelPlayInitRequest.Builder("{v}").withUserId(userId).build(), initListener)',
        hexl(9),
    ),
    L(
        ADS,
        "chartboost_app_id",
        '    Chartboost.startWithAppId(this, "{v}", BuildConfig.CHARTBOOST_APP_SIGNATURE) { }',
        hexl(24),
    ),
    L(
        ADS,
        "vungle_app_id",
        '        VungleAds.init(context, "{v}", object : InitializationListener {',
        hexl(24),
    ),
    L(
        ADS,
        "inmobi_account_id",
        '        InMobiSdk.init(this, "{v}", consentObject) { error -> Log.d(TAG, "InMobi init: $error") }',
        hexl(32),
    ),
    L(
        ADS,
        "inmobi_placement_id",
        "        interstitialAd = InMobiInterstitial(this, {v}L, interstitialListener)",
        digits(13),
    ),
    L(
        ADS,
        "meta_placement_id",
        '    private val rewardedVideoAd = RewardedVideoAd(context, "{v}")',
        join(digits(15), "_", digits(16)),
    ),
    L(
        ADS,
        "pangle_app_id",
        '        val config = PAGConfig.Builder().appId("{v}").debugLog(BuildConfig.DEBUG).build()',
        join("8", digits(6)),
    ),
    L(
        ADS,
        "adcolony_app_id",
        '        AdColony.configure(activity, appOptions, "{v}", "{zone}")',
        join("app", hexl(18)),
        zone=join("vz", hexl(18)),
    ),
    L(
        ADS,
        "skadnetwork_id",
        "\t<dict>\n\t\t<key>SKAdNetworkIdentifier</key>\n\t\t<string>{v}</string>\n\t</dict>",
        join(skad_prefix, ".skadnetwork"),
    ),
    L(
        ADS,
        "test_device_hash",
        'I/Ads: Use RequestConfiguration.Builder().setTestDeviceIds(Arrays.asList("{v}"))'
        " to get test ads on this device.",
        hexu(32),
    ),
    L(
        ADS,
        "applovin_test_gaid",
        '        AppLovinSdkSettings(this).setTestDeviceAdvertisingIds(listOf("{v}"))',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        ADS,
        "podfile_lock_checksum",
        "SPEC CHECKSUMS:\n  AppLovinSDK: {v}\n  Google-Mobile-Ads-SDK: {other}\n\nPODFILE CHECKSUM: {pf}",
        hexl(40),
        other=hexl(40),
        pf=hexl(40),
    ),
    L(
        ADS,
        "gradle_verification_sha256",
        '      <component group="com.applovin" name="applovin-sdk" version="12.5.0">\n'
        '         <artifact name="applovin-sdk-12.5.0.aar">\n            <sha256 value="{v}" origin="Generated by Gradle"/>',
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references, masks
    L(
        ADS,
        "applovin_placeholder",
        '<meta-data android:name="applovin.sdk.key" android:value="{v}"/>',
        const("YOUR_SDK_KEY_HERE"),
    ),
    L(
        ADS,
        "tapjoy_placeholder",
        'curl -H "Authorization: Basic {v}" -X POST https://api.tapjoy.com/v1/oauth2/token',
        const("<API Key>"),
    ),
    L(
        ADS,
        "gha_secret_ref",
        "      - name: Pull MAX revenue\n        env:\n          APPLOVIN_REPORT_KEY: {v}\n"
        "        run: python3 scripts/max_revenue.py --days 7",
        const("${{ secrets.APPLOVIN_REPORT_KEY }}"),
    ),
    L(
        ADS,
        "ironsource_masked",
        "[revenue-sync] ironSource credentials loaded: secretkey={v} refreshToken=(from vault)",
        join("****************************", hexl(4)),
    ),
    L(
        ADS,
        "inmobi_env_ref",
        '$ curl -s https://api.inmobi.com/v1.0/generatesession/generate -H "userName: $INMOBI_USER" -H "secretKey: {v}"',
        const("$INMOBI_SECRET_KEY"),
    ),
]
