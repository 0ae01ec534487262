"""A hundred-and-ninety-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes of mobile measurement and attribution credentials, written from memory of the vendors'
public documentation (the search tool's budget was spent before the first query, so no page
was read for this set and some lengths are the author's best recollection): AppsFlyer (22-char
dev keys in the S2S `authentication` header, API V2.0 tokens as `A256KW`/`A256GCM` JWEs behind
`Authorization: Bearer`, the Pull API's `id…` app ids and AppsFlyer ids), Adjust (12-char app
tokens and 6-char event and tracker tokens, all public; 32-hex S2S tokens; Report Service API
tokens; an Airbyte-style connector config), Kochava (upper-case UUID API keys in Reporting API
bodies, `ko…` app GUIDs), Singular (`api_key` query parameter of the Reporting API, SDK key and
32-hex SDK secret in `SingularConfig`), Airbridge (32-hex API tokens), Tenjin (32-char API keys
behind `Bearer`, SDK keys in `TenjinSDK.getInstance`), Branch (`key_live_`/`key_test_` public
keys, `secret_live_` secrets, `api_app_` access tokens), Apple Search Ads (`SEARCHADS.` client
and team ids, key ids, the ES256 client-secret JWT, the `dir`/`A256GCM` access token, the
`openssl ecparam` EC key pair, `X-AP-Context: orgId=`), Google Ads (`google-ads.yaml`, the
22-char developer token in the `developer-token` header and `load_from_dict`, login customer
ids, OAuth client ids, `INSERT_DEVELOPER_TOKEN_HERE`) and Meta app events (32-hex app secret,
numeric app id), in commands, config files, code and tool output, with the public ids, hashes,
placeholders, masks and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
26 of 26 secrets caught, 0 of 24 look-alikes altered (nothing missed or altered; written from
memory, the search budget spent).
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
    pick,
    upper_alnum,
    uuid,
)

MMP = "mmp"


def b64u_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def af_v2_token(rng: random.Random) -> str:
    """An AppsFlyer API V2.0 token: a compact JWE (A256KW key wrap, A256GCM, deflated JWT inside)."""
    head = b64u_json({"alg": "A256KW", "cty": "JWT", "enc": "A256GCM", "typ": "JWT", "zip": "DEF"})
    return ".".join([head, b64url(54)(rng), b64url(16)(rng), b64url(rng.randrange(420, 640))(rng), b64url(22)(rng)])


def asa_client_secret(rng: random.Random) -> str:
    """The ES256 JWT a Search Ads API user signs with their private key and sends as client_secret."""
    client = "SEARCHADS." + uuid(rng)
    iat = 1_714_000_000 + rng.randrange(20_000_000)
    head = b64u_json({"alg": "ES256", "kid": uuid(rng)})
    body = b64u_json(
        {"sub": client, "aud": "https://appleid.apple.com", "iat": iat, "exp": iat + 15_552_000, "iss": client}
    )
    return f"{head}.{body}.{b64url(86)(rng)}"


def asa_access_token(rng: random.Random) -> str:
    """The access token appleid.apple.com returns: a JWE with `dir` key management (empty key part)."""
    head = b64u_json({"alg": "dir", "enc": "A256GCM", "kid": None})
    return f"{head}..{b64url(16)(rng)}.{b64url(rng.randrange(380, 520))(rng)}.{b64url(22)(rng)}"


def ec_private_body(rng: random.Random) -> str:
    """The three base64 lines of a SEC1 P-256 key from `openssl ecparam -genkey -name prime256v1 -noout`."""
    return join(
        "MHcCAQEEI", b64(43), "oAoGCCqGSM49", "\n", "AwEHoUQDQgAE", b64(52), "\n", b64(33), pick("AQgw", 1), "=="
    )(rng)


def ec_public_body(rng: random.Random) -> str:
    """The two base64 lines of the matching P-256 SubjectPublicKeyInfo (`openssl ec -pubout`)."""
    return join("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", b64(28), "\n", b64(57), pick("AQgw", 1), "==")(rng)


def dashed_customer_id(rng: random.Random) -> str:
    d = digits(10)(rng)
    return f"{d[:3]}-{d[3:6]}-{d[6:]}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 24, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- secrets: AppsFlyer
    S(
        MMP,
        "appsflyer_v2_token_curl",
        '$ curl -s --request GET --url "https://hq1.appsflyer.com/api/raw-data/export/app/id{appid}/installs_report/v5'
        '?from=2024-06-01&to=2024-06-07&timezone=UTC" --header "accept: text/csv" --header "authorization: Bearer {v}"'
        " -o installs.csv",
        af_v2_token,
        appid=digits(10),
    ),
    S(
        MMP,
        "appsflyer_v2_token_python",
        '# scripts/pull_af.py\nimport requests\n\nAF_TOKEN = "{v}"\n'
        'resp = requests.get(url, headers={"Authorization": f"Bearer {AF_TOKEN}", "accept": "text/csv"}, timeout=60)',
        af_v2_token,
    ),
    S(
        MMP,
        "appsflyer_dev_key_s2s",
        "$ curl -X POST https://api2.appsflyer.com/inappevent/com.brightkite.courier"
        ' -H "authentication: {v}" -H "Content-Type: application/json"'
        ' -d \'{"appsflyer_id":"{afid}","eventName":"af_purchase","eventValue":"{\\"af_revenue\\":\\"9.99\\"}"}\'',
        b62(22),
        afid=join(digits(13), "-", digits(19)),
    ),
    # ---- secrets: Adjust
    S(
        MMP,
        "adjust_s2s_token",
        '$ curl -X POST "https://s2s.adjust.com/event" -H "Authorization: Bearer {v}"'
        ' -d "s2s=1&app_token={app}&event_token={ev}&gps_adid={adid}&revenue=4.99&currency=EUR"',
        hexl(32),
        app=lower_alnum(12),
        ev=lower_alnum(6),
        adid=uuid,
    ),
    S(
        MMP,
        "adjust_report_token",
        "curl --header 'Authorization: Bearer {v}' --location --request GET"
        " 'https://automate.adjust.com/reports-service/report?app_token__in={app}"
        "&date_period=2024-06-01:2024-06-30&dimensions=day,country,network&metrics=installs,sessions'",
        b62(20),
        app=lower_alnum(12),
    ),
    S(
        MMP,
        "adjust_connector_config",
        '$ cat secrets/adjust_config.json\n{\n  "api_token": "{v}",\n  "ingest_start": "2024-01-01",\n'
        '  "metrics": ["installs", "clicks", "cost"],\n  "dimensions": ["app", "partner_name", "campaign"]\n}',
        b62(20),
    ),
    # ---- secrets: Kochava
    S(
        MMP,
        "kochava_api_key_body",
        "POST https://reporting.api.kochava.com/v1.4/detail\n"
        '{"api_key": "{v}", "app_guid": "kocourier-android-{g}", "time_start": "1717200000",'
        ' "time_end": "1717804800", "traffic": ["install"], "delivery_format": "csv"}',
        upper_uuid,
        g=hexl(10),
    ),
    S(
        MMP,
        "kochava_api_key_flag",
        "$ python tools/kochava_export.py --api-key {v} --app-guid kocourier-ios-{g} --report detail --days 7",
        upper_uuid,
        g=hexl(10),
    ),
    # ---- secrets: Singular
    S(
        MMP,
        "singular_api_key_query",
        '$ curl -s "https://api.singular.net/api/v2.0/reporting?api_key={v}'
        '&start_date=2024-06-01&end_date=2024-06-07&dimensions=app,source&metrics=custom_installs,adn_cost&format=json"',
        b62(32),
    ),
    S(
        MMP,
        "singular_sdk_secret",
        '        let config = SingularConfig(apiKey: "brightkite_{org}", andSecret: "{v}")\n'
        "        config?.skAdNetworkEnabled = true\n        Singular.start(config)",
        hexl(32),
        org=lower_alnum(8),
    ),
    S(
        MMP,
        "singular_env_default",
        'SINGULAR_API_KEY = os.environ.get("SINGULAR_API_KEY", "{v}")',
        b62(32),
    ),
    # ---- secrets: Airbridge
    S(
        MMP,
        "airbridge_api_token",
        "$ curl -s https://api.airbridge.io/reports/api/v7/apps/courier/actuals/query"
        ' -H "Authorization: Bearer {v}" -H "Content-Type: application/json" --data @query.json',
        hexl(32),
    ),
    S(
        MMP,
        "airbridge_yaml",
        "sources:\n  airbridge:\n    app_name: courier\n    api_token: {v}\n    timezone: Asia/Seoul",
        hexl(32),
    ),
    # ---- secrets: Tenjin
    S(
        MMP,
        "tenjin_api_key_bearer",
        "$ http GET 'https://api.tenjin.com/v2/reports/spend?start_date=2024-06-01&end_date=2024-06-30'"
        " 'Authorization:Bearer {v}' Accept:application/json",
        upper_alnum(32),
    ),
    S(
        MMP,
        "tenjin_kubectl_secret",
        "$ kubectl -n marketing create secret generic tenjin-reporting --from-literal=api-key={v}\n"
        "secret/tenjin-reporting created",
        upper_alnum(32),
    ),
    # ---- secrets: Branch
    S(
        MMP,
        "branch_secret_url",
        '$ curl -s "https://api2.branch.io/v3/export?branch_key=key_live_{bk}&branch_secret={v}'
        '&export_date=2024-06-02" | jq .',
        join("secret_live_", b62(32)),
        bk=b62(32),
    ),
    S(
        MMP,
        "branch_secret_env",
        "$ cat .env.production\nBRANCH_KEY=key_live_{bk}\nBRANCH_SECRET={v}\nBRANCH_APP_DOMAIN=courier.app.link",
        join("secret_live_", b62(32)),
        bk=b62(32),
    ),
    S(
        MMP,
        "branch_access_token",
        '$ curl -X GET "https://api2.branch.io/v1/app/key_live_{bk}" -H "Access-Token: {v}"',
        join("api_app_", hexl(32)),
        bk=b62(32),
    ),
    # ---- secrets: Apple Search Ads
    S(
        MMP,
        "asa_client_secret_python",
        'CLIENT_ID = "SEARCHADS.{cid}"\nCLIENT_SECRET = "{v}"\n'
        'TOKEN_URL = "https://appleid.apple.com/auth/oauth2/token"',
        asa_client_secret,
        cid=uuid,
    ),
    S(
        MMP,
        "asa_token_form",
        "$ curl -X POST -H 'Host: appleid.apple.com' -H 'Content-Type: application/x-www-form-urlencoded'"
        " 'https://appleid.apple.com/auth/oauth2/token?grant_type=client_credentials"
        "&client_id=SEARCHADS.{cid}&client_secret={v}&scope=searchadsorg'",
        asa_client_secret,
        cid=uuid,
    ),
    S(
        MMP,
        "asa_access_token_response",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600,"scope":"searchadsorg"}',
        asa_access_token,
    ),
    S(
        MMP,
        "asa_ec_private_key",
        "$ openssl ecparam -genkey -name prime256v1 -noout -out private-key.pem && cat private-key.pem\n"
        "-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_private_body,
    ),
    # ---- secrets: Google Ads
    S(
        MMP,
        "google_ads_yaml_dev_token",
        "$ cat ~/google-ads.yaml\ndeveloper_token: {v}\nuse_proto_plus: True\n"
        "login_customer_id: {lcid}\njson_key_file_path: /secrets/ads-reporting-sa.json",
        b64url(22),
        lcid=digits(10),
    ),
    S(
        MMP,
        "google_ads_header",
        '$ curl -X POST "https://googleads.googleapis.com/v17/customers/{cid}/googleAds:searchStream"'
        ' -H "Authorization: Bearer $(gcloud auth print-access-token)" -H "developer-token: {v}"'
        ' -H "login-customer-id: {lcid}" --data \'{"query":"SELECT campaign.id, metrics.clicks FROM campaign"}\'',
        b64url(22),
        cid=digits(10),
        lcid=digits(10),
    ),
    S(
        MMP,
        "google_ads_load_from_dict",
        "client = GoogleAdsClient.load_from_dict({\n"
        '    "developer_token": "{v}",\n'
        '    "refresh_token": os.environ["GOOGLE_ADS_REFRESH_TOKEN"],\n'
        '    "client_id": os.environ["GOOGLE_ADS_CLIENT_ID"],\n'
        '    "client_secret": os.environ["GOOGLE_ADS_CLIENT_SECRET"],\n'
        '    "use_proto_plus": True,\n})',
        b64url(22),
    ),
    # ---- secrets: Meta app events
    S(
        MMP,
        "meta_app_secret_env",
        "FACEBOOK_APP_ID={appid}\nFACEBOOK_APP_SECRET={v}\nFACEBOOK_GRAPH_VERSION=v19.0",
        hexl(32),
        appid=digits(16),
    ),
    # ---- look-alikes: public ids
    L(
        MMP,
        "appsflyer_app_id",
        '$ curl -s "https://hq1.appsflyer.com/api/agg-data/export/app/{v}/partners_report/v5'
        '?from=2024-06-01&to=2024-06-07" -H "authorization: Bearer $AF_API_TOKEN" -o partners.csv',
        join("id", digits(10)),
    ),
    L(
        MMP,
        "appsflyer_id",
        '  "appsflyer_id": "{v}",\n  "advertising_id": "{gaid}",\n  "eventName": "af_complete_registration",',
        join(digits(13), "-", digits(19)),
        gaid=uuid,
    ),
    L(
        MMP,
        "adjust_app_token",
        '        val config = AdjustConfig(this, "{v}", AdjustConfig.ENVIRONMENT_PRODUCTION)\n'
        "        Adjust.onCreate(config)",
        lower_alnum(12),
        note="Adjust's app token is public; it ships in every app",
    ),
    L(
        MMP,
        "adjust_event_token",
        '        val event = AdjustEvent("{v}")\n        event.setRevenue(4.99, "EUR")',
        lower_alnum(6),
    ),
    L(
        MMP,
        "adjust_tracker_link",
        "Tracker link for the June push campaign: https://app.adjust.com/{v}?campaign=june_push&adgroup=de_ios",
        lower_alnum(7),
    ),
    L(
        MMP,
        "kochava_app_guid",
        '    KVATracker.shared.start(withAppGUIDString: "{v}")',
        join("kocourier-ios-", hexl(10)),
    ),
    L(
        MMP,
        "singular_sdk_key",
        '    val config = SingularConfig("{v}", BuildConfig.SINGULAR_SECRET)\n        .withSessionTimeoutInSec(120)',
        join("brightkite_", lower_alnum(8)),
    ),
    L(
        MMP,
        "tenjin_sdk_key",
        '        val instance = TenjinSDK.getInstance(this, "{v}")\n        instance.connect()',
        upper_alnum(32),
        note="Tenjin's SDK key is the embedded one; the reporting API key is separate",
    ),
    L(
        MMP,
        "branch_key_live",
        '        <meta-data android:name="io.branch.sdk.BranchKey" android:value="{v}" />',
        join("key_live_", b62(32)),
    ),
    L(
        MMP,
        "branch_key_test",
        "\t<key>branch_key</key>\n\t<dict>\n\t\t<key>live</key>\n\t\t<string>key_live_{lk}</string>\n"
        "\t\t<key>test</key>\n\t\t<string>{v}</string>\n\t</dict>",
        join("key_test_", b62(32)),
        lk=b62(32),
    ),
    L(
        MMP,
        "asa_client_id",
        "Client ID: {v}\nTeam ID: SEARCHADS.{team}\nKey ID: {kid}",
        join("SEARCHADS.", uuid),
        team=uuid,
        kid=uuid,
    ),
    L(MMP, "asa_key_id", 'ASA_KEY_ID = "{v}"  # shown under Account Settings > API after the public key upload', uuid),
    L(
        MMP,
        "asa_org_header",
        '$ curl "https://api.searchads.apple.com/api/v5/campaigns?limit=50" -H "Authorization: Bearer $ASA_ACCESS_TOKEN"'
        ' -H "X-AP-Context: orgId={v}"',
        digits(7),
    ),
    L(
        MMP,
        "asa_public_key",
        "$ openssl ec -in private-key.pem -pubout -out public-key.pem && cat public-key.pem\n"
        "read EC key\nwriting EC key\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        ec_public_body,
    ),
    L(
        MMP,
        "google_ads_customer_id",
        "$ python examples/basic_operations/get_campaigns.py --customer_id {v}\n"
        'Campaign with ID 20841137{cid} and name "Courier UAC - DE" was found.',
        digits(10),
        cid=digits(3),
    ),
    L(
        MMP,
        "google_ads_dashed_id",
        "Linked manager account {v} (Brightkite MCC) to client 'Courier iOS UAC'",
        dashed_customer_id,
    ),
    L(
        MMP,
        "google_oauth_client_id",
        "client_id: {v}\nclient_secret: ${GOOGLE_ADS_CLIENT_SECRET}",
        join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    L(
        MMP,
        "google_ads_placeholder",
        "# google-ads.yaml template from the client library\ndeveloper_token: {v}\nlogin_customer_id: INSERT_LOGIN_CUSTOMER_ID_HERE",
        const("INSERT_DEVELOPER_TOKEN_HERE"),
    ),
    L(
        MMP,
        "airbridge_placeholder",
        'curl https://api.airbridge.io/reports/api/v7/apps/{app}/actuals/query -H "Authorization: Bearer {v}"',
        const("<YOUR_API_TOKEN>"),
        app=const("courier"),
    ),
    L(
        MMP,
        "gha_secret_ref",
        "      - name: Pull AppsFlyer installs\n        env:\n          AF_API_TOKEN: {v}\n"
        "          ADJUST_API_TOKEN: ${{ secrets.ADJUST_API_TOKEN }}\n        run: python scripts/pull_af.py",
        const("${{ secrets.APPSFLYER_API_TOKEN }}"),
    ),
    L(
        MMP,
        "kochava_masked",
        "Apps & Assets > API Keys\n  Reporting key   {v}   created 2024-03-11 by ops@brightkite.dev",
        join("********-****-****-****-********", upper_alnum(4)),
    ),
    L(
        MMP,
        "meta_app_id",
        '    <string name="facebook_app_id">{v}</string>\n    <string name="fb_login_protocol_scheme">fb{v}</string>',
        digits(16),
    ),
    # ---- look-alikes: hashes of the SDKs
    L(
        MMP,
        "podfile_lock_checksum",
        "SPEC CHECKSUMS:\n  AppsFlyerFramework: {v}\n  Adjust: {adj}\n\nPODFILE CHECKSUM: {pod}",
        hexl(40),
        adj=hexl(40),
        pod=hexl(40),
    ),
    L(
        MMP,
        "gradle_verification_sha256",
        '         <component group="com.adjust.sdk" name="adjust-android" version="4.38.5">\n'
        '            <artifact name="adjust-android-4.38.5.aar">\n'
        '               <sha256 value="{v}" origin="Generated by Gradle"/>',
        hexl(64),
    ),
]
