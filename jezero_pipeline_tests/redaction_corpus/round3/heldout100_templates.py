"""A hundredth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of affiliate networks and ad-tech platforms (not social
media): impact.com (Account SID `IR…` as the Basic-auth username, Auth Token as the password, in
`curl -u`, URL userinfo and `.env` files), CJ Affiliate (personal access tokens as `Bearer` on the
GraphQL commission API, company and website ids), Awin (OAuth2 token as `Bearer`, the
`accessToken` query parameter and the conversion API's `x-api-key`, publisher and advertiser ids),
Rakuten Advertising (the reporting API URL's `token=`, the token key sent to
`api.linksynergy.com/token`, publisher ids in `click.linksynergy.com` links), ShareASale (API token
and secret key in the PHP sample, affiliate id, the `x-ShareASale-Authentication` SHA-256 header),
PartnerStack (public key / secret key Basic auth, `rew_…` cursors), Everflow (`X-Eflow-API-Key`,
32-hex `transaction_id` in postbacks), AppLovin MAX (Report Key in `r.applovin.com` queries,
Management Key in `Api-Key`, ad unit ids, the docs' elided keys), Unity Ads / UGS (`Authorization:
Token` on the Monetization Stats API, service-account key id and secret for the `ugs` CLI, game
ids, organization core ids), ironSource / LevelPlay (`secretkey` and `refreshToken` headers, the
JWT the auth endpoint prints, Basic auth for the reporting API, app keys), AppsFlyer (Pull API V2
bearer tokens, `af_set_api_token`, app ids), Adjust (user API token, S2S token, app and tracker
tokens) and Branch (`key_live_…` public keys next to `secret_live_…` secrets), in commands, code,
config files and tool output, with the public ids, placeholders, masks and references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 95 to 99):
25 of 26 secrets caught, 2 of 25 look-alikes altered (missed: an encrypted JWT (a JWE, five parts)
as `af_set_api_token(…)`'s argument; altered: Branch's public `key_live_` key in an Android
manifest, a `vault:secret/data/…#api_token` reference).
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
    hexu,
    join,
    lower_alnum,
    pick,
    uuid,
)

AF = "affiliate_adtech"


def _b64u(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def impact_sid(rng: random.Random) -> str:
    """`IR` + 10 + the 7-digit account id + 14 + `1`: 34 characters."""
    return "IR" + b62(10)(rng) + digits(7)(rng) + b62(14)(rng) + "1"


def impact_token(rng: random.Random) -> str:
    """32 characters of letters, digits and `.-~_`, as impact.com Auth Tokens show."""
    body = list(b62(28)(rng))
    for ch in rng.sample(".-~_", 4):
        body.insert(rng.randrange(1, len(body)), ch)
    return "".join(body)


def basic_auth(user, secret):
    def make(rng: random.Random) -> str:
        u = user if isinstance(user, str) else user(rng)
        return base64.b64encode(f"{u}:{secret(rng)}".encode()).decode()

    return make


def ironsource_jwt(rng: random.Random) -> str:
    head = _b64u('{"typ":"JWT","alg":"HS256"}')
    claims = {
        "secretKey": hexl(32)(rng),
        "refreshToken": hexl(32)(rng),
        "expirationTime": rng.randrange(1_700_000_000, 1_900_000_000),
    }
    return f"{head}.{_b64u(json.dumps(claims, separators=(',', ':')))}.{b64url(43)(rng)}"


def appsflyer_v2_token(rng: random.Random) -> str:
    """A compact JWE: A256KW-wrapped key, 12-byte IV, ciphertext, 16-byte tag."""
    head = _b64u('{"alg":"A256KW","cty":"JWT","enc":"A256GCM","typ":"JWT","zip":"DEF"}')
    return ".".join([head, b64url(54)(rng), b64url(16)(rng), b64url(rng.randrange(380, 520))(rng), b64url(22)(rng)])


def applovin_elided(rng: random.Random) -> str:
    return b62(9)(rng) + "…" + b62(24)(rng)


branch_key = join("key_live_", b62(32))
branch_secret = join("secret_live_", b62(32))
ps_public = join("pk_", b62(32))
ps_secret = join("sk_", b62(32))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 25, "the rules for 95 to 99")

TEMPLATES: list = [
    # ---- secrets: impact.com
    S(
        AF,
        "impact_curl_basic",
        "$ curl -s 'https://api.impact.com/Mediapartners/{sid}/Actions?ActionDateStart=2024-06-01T00:00:00Z"
        "&ActionDateEnd=2024-06-30T23:59:59Z' -u '{sid}:{v}' -H 'Accept: application/json' | jq '.Actions | length'",
        impact_token,
        sid=impact_sid,
    ),
    S(
        AF,
        "impact_env_file",
        "$ cat services/payouts/.env\nIMPACT_ACCOUNT_SID={sid}\nIMPACT_AUTH_TOKEN={v}\nIMPACT_API_BASE=https://api.impact.com",
        impact_token,
        sid=impact_sid,
    ),
    S(
        AF,
        "impact_url_userinfo",
        "GET https://{sid}:{v}@api.impact.com/Mediapartners/{sid}/Campaigns.json -> 200 (41 campaigns)",
        impact_token,
        sid=impact_sid,
    ),
    # ---- secrets: CJ Affiliate
    S(
        AF,
        "cj_pat_graphql",
        'curl -s -H "Authorization: Bearer {v}" -X POST https://commissions.api.cj.com/query \\\n'
        '  -d \'{ publisherCommissions(forPublishers: ["{cid}"], sincePostingDate: "2024-06-01T00:00:00Z",'
        ' beforePostingDate: "2024-06-08T00:00:00Z") { count records { commissionId pubCommissionAmountUsd } } }\'',
        lower_alnum(26),
        cid=digits(7),
    ),
    S(
        AF,
        "cj_gh_secret_set",
        "$ gh secret set CJ_PERSONAL_ACCESS_TOKEN --repo tidewell/affiliate-sync --body {v}\n"
        "✓ Set Actions secret CJ_PERSONAL_ACCESS_TOKEN for tidewell/affiliate-sync",
        lower_alnum(26),
    ),
    # ---- secrets: Awin
    S(
        AF,
        "awin_access_token_query",
        "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: "
        "https://api.awin.com/publishers/{pid}/transactions/?startDate=2024-05-01T00%3A00%3A00"
        "&endDate=2024-05-31T23%3A59%3A59&timezone=UTC&accessToken={v}",
        uuid,
        pid=digits(6),
    ),
    S(
        AF,
        "awin_conversion_x_api_key",
        '$ curl -X POST "https://api.awin.com/s2s/advertiser/{aid}/orders" -H "x-api-key: {v}"'
        ' -H "Content-Type: application/json" --data @orders-2024-06-12.json',
        uuid,
        aid=digits(5),
    ),
    # ---- secrets: Rakuten Advertising
    S(
        AF,
        "rakuten_report_url_token",
        '$ wget -O revenue-by-day.csv "https://ran-reporting.rakutenmarketing.com/en/reports/revenue-report-by-day/filters'
        '?start_date=2024-06-01&end_date=2024-06-30&include_summary=Y&network=1&tz=GMT&date_type=transaction&token={v}"',
        hexl(64),
    ),
    S(
        AF,
        "rakuten_token_key",
        "$ curl -s -X POST https://api.linksynergy.com/token \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        '    -H "Content-Type: application/x-www-form-urlencoded" -d "scope={sid}"',
        basic_auth(b62(32), b62(32)),
        sid=digits(7),
    ),
    # ---- secrets: ShareASale
    S(
        AF,
        "shareasale_php_secret",
        "$myAffiliateID = '{aff}';\n$APIToken = getenv('SAS_API_TOKEN');\n$APISecretKey = \"{v}\";\n"
        '$myTimeStamp = gmdate(DATE_RFC1123);\n$APIVersion = 2.3;\n$actionVerb = "activity";',
        b62(32),
        aff=digits(7),
    ),
    # ---- secrets: PartnerStack
    S(
        AF,
        "partnerstack_curl_u",
        "$ curl -s -u {pk}:{v} 'https://api.partnerstack.com/api/v2/partnerships?limit=250' | jq '.data.items[].key'",
        ps_secret,
        pk=ps_public,
    ),
    # ---- secrets: Everflow
    S(
        AF,
        "everflow_header",
        '$ curl -sS -X POST -H "X-Eflow-API-Key: {v}" -H "Content-Type: application/json" \\\n'
        '    -d \'{"filters":{"offer_status":"active"},"paging":{"page":1,"page_size":50}}\' \\\n'
        "    https://api.eflow.team/v1/networks/offers/table",
        b64url(22),
    ),
    S(
        AF,
        "everflow_yaml",
        "# config/networks.yml\neverflow:\n  base_url: https://api-eu.eflow.team/v1\n  network_id: {nid}\n"
        "  network_api_key: {v}\n  timeout_s: 30",
        b64url(22),
        nid=digits(3),
    ),
    # ---- secrets: AppLovin MAX
    S(
        AF,
        "applovin_report_key",
        '$ curl -o max-revenue.csv "https://r.applovin.com/maxReport?api_key={v}&start=2024-06-01&end=2024-06-07'
        '&columns=day,application,network,impressions,estimated_revenue&format=csv"',
        b64url(86),
    ),
    S(
        AF,
        "applovin_management_key",
        '$ curl -s -H "Api-Key: {v}" "https://o.applovin.com/mediation/v1/ad_units?fields=ad_network_settings"',
        b64url(86),
    ),
    # ---- secrets: Unity Ads / UGS
    S(
        AF,
        "unity_stats_token_header",
        'curl "https://monetization.api.unity.com/stats/v1/operate/organizations/{org}?fields=revenue_sum,view_count'
        '&groupBy=country,platform&scale=day&start=2024-06-01T00:00:00Z&end=2024-06-07T23:59:00Z"'
        ' -H "Authorization: Token {v}" -H "Accept: text/csv" --output stats.csv',
        hexl(64),
        org=digits(14),
    ),
    S(
        AF,
        "ugs_service_secret",
        "$ export UGS_CLI_SERVICE_KEY_ID={kid}\n$ export UGS_CLI_SERVICE_SECRET_KEY={v}\n"
        "$ ugs deploy ./RemoteConfig --project-id {proj} --environment-name production",
        b64url(32),
        kid=uuid,
        proj=uuid,
    ),
    # ---- secrets: ironSource / LevelPlay
    S(
        AF,
        "ironsource_refresh_header",
        "$ curl -s https://platform.ironsrc.com/partners/publisher/auth \\\n"
        '    -H "secretkey: $IS_SECRET_KEY" \\\n    -H "refreshToken: {v}"',
        hexl(32),
    ),
    S(
        AF,
        "ironsource_bearer_output",
        '$ curl -s https://platform.ironsrc.com/partners/publisher/auth -H "secretkey: $IS_SECRET_KEY"'
        ' -H "refreshToken: $IS_REFRESH_TOKEN"\n"{v}"',
        ironsource_jwt,
    ),
    S(
        AF,
        "ironsource_reporting_basic",
        "> GET /partners/publisher/mediation/applications/v6/stats?startDate=2024-06-01&endDate=2024-06-07 HTTP/2\n"
        "> Host: platform.ironsrc.com\n> Authorization: Basic {v}\n> Accept: */*",
        basic_auth("ads-ops@tidewell.games", hexl(32)),
    ),
    # ---- secrets: AppsFlyer
    S(
        AF,
        "appsflyer_pull_bearer",
        "curl --request GET \\\n"
        "     --url 'https://hq1.appsflyer.com/api/raw-data/export/app/{app}/installs_report/v5"
        "?from=2024-06-01&to=2024-06-07' \\\n     --header 'accept: text/csv' \\\n     --header 'authorization: Bearer {v}'",
        appsflyer_v2_token,
        app=join("id", digits(10)),
    ),
    S(
        AF,
        "appsflyer_r_set_token",
        '> library(rappsflyer)\n> af_set_api_token("{v}")\n'
        '> raw <- af_get_raw_data(date_from = "2024-06-01", date_to = "2024-06-07", app_id = "{app}")',
        appsflyer_v2_token,
        app=join("com.tidewell.", pick(string.ascii_lowercase, 7)),
    ),
    # ---- secrets: Adjust
    S(
        AF,
        "adjust_reports_python",
        'url = "https://dash.adjust.com/control-center/reports-service/report"\n'
        'headers = {"Authorization": "Bearer {v}"}\n'
        'params = {"app_token__in": "{app}", "date_period": "-7d:-1d", "dimensions": "day,country", "metrics": "installs,cost"}',
        b64url(20),
        app=lower_alnum(12),
    ),
    S(
        AF,
        "adjust_s2s_token",
        '$ curl -X POST "https://s2s.adjust.com/event?s2s=1&app_token={app}&event_token={ev}&gps_adid={gaid}'
        '&revenue=4.99&currency=EUR" -H "Authorization: Bearer {v}"',
        hexl(32),
        app=lower_alnum(12),
        ev=lower_alnum(6),
        gaid=uuid,
    ),
    # ---- secrets: Branch
    S(
        AF,
        "branch_app_api_query",
        '$ curl -s "https://api2.branch.io/v1/app/{key}?branch_secret={v}" | jq .app_name',
        branch_secret,
        key=branch_key,
    ),
    S(
        AF,
        "branch_env",
        "BRANCH_KEY={key}\nBRANCH_SECRET={v}\nBRANCH_WEBHOOK_PATH=/hooks/branch",
        branch_secret,
        key=branch_key,
    ),
    # ---- look-alikes: public identifiers documented beside the credentials
    L(
        AF,
        "impact_account_sid",
        "$ curl -s -u \"$IMPACT_SID:$IMPACT_TOKEN\" 'https://api.impact.com/Mediapartners/{v}/Campaigns.json'"
        " -H 'Accept: application/json'",
        impact_sid,
        note="the Account SID is the Basic-auth username, documented as akin to a public key",
    ),
    L(AF, "cj_company_id", "CJ_COMPANY_ID={v}\nCJ_WEBSITE_ID={pid}", digits(7), pid=digits(9)),
    L(
        AF,
        "awin_publisher_id",
        '$ curl -s -H "Authorization: Bearer $AWIN_API_TOKEN" "https://api.awin.com/publishers/{v}/programmes?relationship=joined"',
        digits(6),
    ),
    L(
        AF,
        "rakuten_publisher_link_id",
        '<a href="https://click.linksynergy.com/deeplink?id={v}&mid={mid}&murl=https%3A%2F%2Fwww.example-outfitters.com'
        '%2Fjackets" rel="sponsored">Shop jackets</a>',
        b62(11),
        mid=digits(5),
    ),
    L(
        AF,
        "shareasale_signature",
        "x-ShareASale-Date: Wed, 12 Jun 2024 09:14:03 GMT\nx-ShareASale-Authentication: {v}",
        hexu(64),
        note="a per-request SHA-256 digest, not the secret key",
    ),
    L(AF, "partnerstack_public_key", "PARTNERSTACK_PUBLIC_KEY={v}\nPARTNERSTACK_SECRET_KEY=${PS_SECRET}", ps_public),
    L(
        AF,
        "partnerstack_cursor",
        "GET https://api.partnerstack.com/api/v2/rewards?limit=250&starting_after={v} -> 200 has_more=true",
        join("rew_", b62(14)),
    ),
    L(
        AF,
        "everflow_transaction_id",
        "[postback] GET https://www.tidewell-trk.com/?nid={nid}&transaction_id={v}&amount=24.00&adv1=ORD-88214 -> 200",
        hexl(32),
        nid=digits(3),
    ),
    L(
        AF,
        "applovin_ad_unit_id",
        '$ curl -s "https://r.applovin.com/maxReport?api_key=$APPLOVIN_REPORT_KEY&start=2024-06-01&end=2024-06-01'
        '&columns=day,max_ad_unit_id,impressions&filter_max_ad_unit_id={v}&format=json"',
        hexl(16),
    ),
    L(
        AF,
        "applovin_elided_key",
        "| api_key | Your Report Key. | api_key={v} |",
        applovin_elided,
        note="an elided key, as the reporting docs print it",
    ),
    L(
        AF,
        "unity_game_id",
        '        Advertisement.Initialize("{v}", testMode: false, this);  // Android game id',
        digits(7),
    ),
    L(
        AF,
        "unity_org_core_id",
        "GET https://monetization.api.unity.com/stats/v1/operate/organizations/{v}?fields=revenue_sum&scale=all"
        " (Authorization: Token ****)",
        digits(14),
    ),
    L(
        AF,
        "ugs_service_key_id",
        '$ ugs login --service-key-id "{v}" --secret-key-stdin < ~/.config/ugs/ci-secret-key',
        uuid,
    ),
    L(AF, "ironsource_app_key", '    IronSource.Agent.init("{v}", IronSourceAdUnits.REWARDED_VIDEO);', hexl(8)),
    L(
        AF,
        "appsflyer_app_id",
        '$ curl -s -H "authorization: Bearer ${{ secrets.APPSFLYER_API_TOKEN }}"'
        " 'https://hq1.appsflyer.com/api/agg-data/export/app/{v}/partners_report/v5?from=2024-06-01&to=2024-06-07'",
        join("id", digits(10)),
    ),
    L(
        AF,
        "adjust_app_token",
        '        AdjustConfig config = new AdjustConfig(this, "{v}", AdjustConfig.ENVIRONMENT_PRODUCTION);',
        lower_alnum(12),
    ),
    L(
        AF,
        "adjust_tracker_link",
        "Tracker link: https://app.adjust.com/{v}?campaign=summer_24&adgroup=uk",
        lower_alnum(7),
    ),
    L(
        AF,
        "branch_key_live",
        '        <meta-data android:name="io.branch.sdk.BranchKey" android:value="{v}" />',
        branch_key,
        note="the Branch Key is documented as public, safe in client code",
    ),
    # ---- look-alikes: placeholders, references, masks, hashes
    L(
        AF,
        "impact_placeholder",
        "curl 'https://api.impact.com/Advertisers/<AccountSID>/Campaigns' -X GET -u '<AccountSID>:{v}'",
        const("<AuthToken>"),
    ),
    L(
        AF,
        "everflow_placeholder",
        'curl -H "X-Eflow-API-Key: {v}" --url https://api.eflow.team/v1/affiliates/affiliate',
        const("--your-api-key--"),
    ),
    L(
        AF,
        "branch_secret_placeholder",
        "# .env.example\nBRANCH_KEY=key_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nBRANCH_SECRET={v}",
        join("secret_live_", const("x" * 32)),
    ),
    L(
        AF,
        "rakuten_token_env_ref",
        'REPORT_URL="https://ran-reporting.rakutenmarketing.com/en/reports/{name}/filters?date_range=this-month'
        '&tz=GMT&date_type=transaction&token={v}"',
        const("${RAKUTEN_REPORT_TOKEN}"),
        name=const("signature-orders-report"),
    ),
    L(
        AF,
        "awin_vault_ref",
        "  AWIN_API_TOKEN: {v}\n  AWIN_PUBLISHER_ID: '771204'",
        const("vault:secret/data/affiliate/awin#api_token"),
    ),
    L(
        AF,
        "ironsource_masked",
        "Reporting API\n  Username:    ads-ops@tidewell.games\n  Secret Key:  {v}\n  Refresh Token: (hidden)",
        join(const("*" * 28), hexl(4)),
    ),
    L(
        AF,
        "npm_integrity",
        '    "node_modules/react-native-appsflyer": {\n      "version": "6.15.1",\n      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
]
