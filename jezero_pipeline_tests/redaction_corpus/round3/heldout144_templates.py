"""A hundred-and-forty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of appointment booking and scheduling SaaS: Acuity Scheduling
(numeric User ID plus API key over HTTP Basic auth, the PHP and JS SDKs, a community CLI's
`--user-id`/`--api-key` flags, `ACUITY_USER_ID`/`ACUITY_API_KEY`), Cal.com (`cal_live_`/`cal_` API keys
as a Bearer header with `cal-api-version`, the self-hosted `.env` with `CALENDSO_ENCRYPTION_KEY`, the
`ApiKey` table's hashed keys), SavvyCal (`pt_secret_` personal access tokens, scheduling-link ids),
YouCanBook.me (a UUID Account ID and an `ak_` API key, Basic auth against `api.youcanbook.me/v1/{accountId}`),
Mindbody Public API v6 (`Api-Key` and `SiteId` headers, sandbox site `-99`, `usertoken/issue` with staff
credentials and its `AccessToken`, the Node wrapper's `new MBO({ApiKey, SiteId})`), SimplyBook.me
(JSON-RPC `getToken(companyLogin, apiKey)`, `X-Company-Login`/`X-Token` headers), Square Appointments
(`EAAA` access tokens, `sq0csp-` application secrets, `sandbox-sq0idb-` application ids, location ids,
webhook signature keys), Setmore (refresh token handed to the SDK), Zenoti (`Authorization: apikey`,
application id plus secret key, center ids, `.env.local`), Booker (`BOOKER_*` variables and the API
subscription key header), Calendly (personal access tokens as ES512 JWTs, user URIs) and an unofficial
Booksy MCP server's customer token file, in commands, config files, code and tool output, with the
public ids, placeholders, masks, hashes and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 135 to 139):
26 of 26 secrets caught, 0 of 25 look-alikes altered (nothing missed or altered).
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
    password,
    repeated,
    upper_alnum,
    uuid,
)

BK = "bookings"


def basic_auth(user, key):
    """The base64 of `user:key` as it stands after `Authorization: Basic`."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(f"{user(rng)}:{key(rng)}".encode()).decode()

    return make


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def calendly_pat(rng: random.Random) -> str:
    """A Calendly personal access token: an ES512-signed JWT with a `PAT` type."""
    header = _b64url_json({"kid": hexl(8)(rng), "typ": "PAT", "alg": "ES512"})
    payload = _b64url_json(
        {
            "iss": "https://auth.calendly.com",
            "iat": 1_700_000_000 + rng.randrange(40_000_000),
            "jti": uuid(rng),
            "user_uuid": uuid(rng),
        }
    )
    return f"{header}.{payload}.{b64url(176)(rng)}"


acuity_key = hexl(32)
cal_live = join("cal_live_", hexl(32))
square_token = join("EAAA", b64url(60))
mbo_key = hexl(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 25, "the rules for 135 to 139")

TEMPLATES: list = [
    # ---- secrets: Acuity Scheduling (numeric user id + API key, HTTP Basic)
    S(
        BK,
        "acuity_curl_user",
        '$ curl -s -u {uid}:{v} "https://acuityscheduling.com/api/v1/appointments?max=5&minDate=2024-06-01" | jq ".[].id"',
        acuity_key,
        uid=join("2", digits(7)),
    ),
    S(
        BK,
        "acuity_php_sdk",
        "$acuity = new AcuityScheduling(array(\n  'userId' => {uid},\n  'apiKey' => '{v}'\n));\n"
        "$appointments = $acuity->request('appointments');",
        acuity_key,
        uid=join("2", digits(7)),
    ),
    S(
        BK,
        "acuity_basic_header",
        "> GET /api/v1/appointment-types HTTP/2\n> Host: acuityscheduling.com\n> Authorization: Basic {v}\n"
        "> user-agent: curl/8.5.0\n> accept: */*",
        basic_auth(join("2", digits(7)), acuity_key),
    ),
    S(
        BK,
        "acuity_cli_flag",
        "$ bunx @fountain-bio/acuity availability times --user-id {uid} --api-key {v} --appointment-type-id 58113240"
        " --date 2024-07-02 --compact",
        acuity_key,
        uid=join("2", digits(7)),
    ),
    # ---- secrets: Cal.com
    S(
        BK,
        "calcom_bearer",
        "$ curl -X GET 'https://api.cal.com/v2/bookings?status=upcoming&take=10' \\\n"
        '    -H "Authorization: Bearer {v}" \\\n    -H "cal-api-version: 2024-08-13"',
        cal_live,
    ),
    S(
        BK,
        "calcom_axios_client",
        "const cal = axios.create({\n  baseURL: 'https://api.cal.com/v2',\n"
        "  headers: { Authorization: `Bearer {v}`, 'cal-api-version': '2024-06-14' },\n});",
        join("cal_", hexl(32)),
    ),
    S(
        BK,
        "calcom_selfhost_env",
        "$ grep -v '^#' apps/web/.env | grep .\nNEXT_PUBLIC_WEBAPP_URL=http://localhost:3000\n"
        'DATABASE_URL="postgresql://calcom@db:5432/calendso"\nCALENDSO_ENCRYPTION_KEY={v}\nEMAIL_FROM=notifications@lumenyoga.studio',
        b64(32),
    ),
    # ---- secrets: SavvyCal
    S(
        BK,
        "savvycal_python",
        'resp = requests.get(\n    "https://api.savvycal.com/v1/me",\n    headers={"Authorization": "Bearer {v}"},\n'
        "    timeout=10,\n)",
        join("pt_secret_", hexl(32)),
    ),
    # ---- secrets: YouCanBook.me
    S(
        BK,
        "ycbm_curl_basic",
        "$ curl -s -u {acct}:{v} https://api.youcanbook.me/v1/{acct}/profiles?fields=id,title,subdomain",
        join("ak_", b62(32)),
        acct=uuid,
    ),
    S(
        BK,
        "ycbm_yaml",
        "integrations:\n  youcanbookme:\n    account_id: {acct}\n    api_key: {v}\n    subdomain: lumen-intro-call",
        join("ak_", b62(32)),
        acct=uuid,
    ),
    # ---- secrets: Mindbody Public API
    S(
        BK,
        "mindbody_curl_header",
        "$ curl -s 'https://api.mindbodyonline.com/public/v6/class/classes?Limit=20' \\\n"
        "    -H 'Api-Key: {v}' -H 'SiteId: -99' -H 'Accept: application/json'",
        mbo_key,
    ),
    S(
        BK,
        "mindbody_node_sdk",
        "var MBO = require('mindbody');\nvar mbo = new MBO({\n  ApiKey: '{v}',\n  SiteId: {site}\n});",
        mbo_key,
        site=join("5", digits(5)),
    ),
    S(
        BK,
        "mindbody_usertoken_response",
        '{"TokenType":"Bearer","AccessToken":"{v}","User":{"Id":100000{sid},"FirstName":"Siteowner",'
        '"LastName":"Account","Type":"Owner"}}',
        hexl(32),
        sid=digits(3),
    ),
    S(
        BK,
        "mindbody_staff_password",
        '$ curl -s -X POST https://api.mindbodyonline.com/public/v6/usertoken/issue -H "Api-Key: $MBO_API_KEY"'
        ' -H \'SiteId: {site}\' -H \'Content-Type: application/json\' -d \'{"Username":"frontdesk","Password":"{v}"}\'',
        password(14),
        site=join("5", digits(5)),
    ),
    # ---- secrets: SimplyBook.me
    S(
        BK,
        "simplybook_gettoken",
        "var loginClient = new JSONRpcClient({ 'url': 'https://user-api.simplybook.me/login' });\n"
        "var token = loginClient.getToken('lumenyoga', '{v}');",
        hexl(64),
    ),
    S(
        BK,
        "simplybook_x_token",
        'client = JsonRpcClient(\n    "https://user-api.simplybook.me",\n'
        '    headers={"X-Company-Login": "lumenyoga", "X-Token": "{v}"},\n)',
        hexl(64),
    ),
    # ---- secrets: Square Appointments
    S(
        BK,
        "square_python_client",
        'from square.client import Client\n\nclient = Client(access_token="{v}", environment="sandbox")\n'
        'result = client.bookings.list_bookings(location_id="L{loc}")',
        square_token,
        loc=upper_alnum(12),
    ),
    S(
        BK,
        "square_curl_bearer",
        "$ curl https://connect.squareupsandbox.com/v2/bookings/availability/search \\\n"
        "  -X POST -H 'Square-Version: 2024-06-04' \\\n  -H 'Authorization: Bearer {v}' \\\n"
        "  -H 'Content-Type: application/json' -d @availability.json",
        square_token,
    ),
    S(
        BK,
        "square_client_secret",
        '  -d \'{\n    "client_id": "sq0idp-{cid}",\n    "client_secret": "{v}",\n'
        '    "code": "sq0cgb-{code}",\n    "grant_type": "authorization_code"\n  }\'',
        join("sq0csp-", b64url(43)),
        cid=b64url(22),
        code=b64url(22),
    ),
    S(
        BK,
        "square_webhook_signature_key",
        "$ fly secrets set SQUARE_WEBHOOK_SIGNATURE_KEY={v} SQUARE_WEBHOOK_URL=https://book.lumenyoga.studio/hooks/square",
        b64url(22),
    ),
    # ---- secrets: Setmore
    S(
        BK,
        "setmore_refresh_token",
        "const setmoreClient = new Setmore();\nsetmoreClient.setRefreshToken('{v}');\n"
        "const staff = await setmoreClient.staff.get({});",
        b64url(44),
    ),
    # ---- secrets: Zenoti
    S(
        BK,
        "zenoti_apikey_header",
        "$ curl -s 'https://api.zenoti.com/v1/centers' -H 'Authorization: apikey {v}' -H 'accept: application/json'",
        hexl(64),
    ),
    S(
        BK,
        "zenoti_env_secret",
        "$ cat .env.local\nVITE_ZENOTI_BASE_URL=https://api.zenoti.com\nVITE_ZENOTI_APP_ID={app}\n"
        "VITE_ZENOTI_SECRET_KEY={v}\nVITE_ZENOTI_ACCOUNT_NAME=lumenspa",
        hexl(64),
        app=uuid,
    ),
    # ---- secrets: Booker (Mindbody Booker)
    S(
        BK,
        "booker_subscription_key",
        "POST https://api.booker.com/v5/auth/connect/token HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n"
        "Ocp-Apim-Subscription-Key: {v}\n\ngrant_type=client_credentials&scope=merchant",
        hexl(32),
    ),
    # ---- secrets: Calendly
    S(BK, "calendly_pat", "export CALENDLY_TOKEN='{v}'", calendly_pat),
    # ---- secrets: Booksy (unofficial MCP server, customer token file)
    S(
        BK,
        "booksy_token_file",
        '$ cat ~/.config/booksy-mcp/token.json\n{\n  "country": "br",\n  "access_token": "{v}"\n}',
        lower_alnum(32),
    ),
    # ---- look-alikes: Acuity
    L(
        BK,
        "acuity_user_id",
        'export ACUITY_USER_ID={v}\nexport ACUITY_API_KEY="$(op read op://Studio/Acuity/api_key)"',
        join("2", digits(7)),
    ),
    L(
        BK,
        "acuity_doc_placeholder",
        '# from the quick start:\ncurl -u {v} "https://acuityscheduling.com/api/v1/appointments"',
        const("ACUITY_USER_ID:ACUITY_API_KEY"),
    ),
    L(
        BK,
        "acuity_sample_config",
        '$ cat examples/config.sample.json\n{\n  "userId": 1,\n  "apiKey": "{v}"\n}',
        const("YOUR_API_KEY"),
    ),
    L(
        BK,
        "acuity_appointment_id",
        '  {\n    "id": {v},\n    "firstName": "Ines",\n    "calendarID": {cal},\n    "appointmentTypeID": {typ},',
        join("1", digits(9)),
        cal=join("5", digits(6)),
        typ=join("6", digits(7)),
    ),
    # ---- look-alikes: Cal.com
    L(
        BK,
        "calcom_masked_key",
        "NAME             KEY                    EXPIRES\nsim-workflows    {v}    2025-03-01\nzapier           "
        "cal_live_****9d1e    Never",
        join("cal_live_", const("****"), hexl(4)),
    ),
    L(
        BK,
        "calcom_hashed_key",
        'calendso=# SELECT id, "hashedKey", "expiresAt" FROM "ApiKey" LIMIT 1;\n'
        "            id            |                            hashedKey                             | expiresAt\n"
        " {id} | {v} | 2025-01-31",
        hexl(64),
        id=lower_alnum(24),
    ),
    L(
        BK,
        "calcom_placeholder",
        '  -H "Authorization: Bearer {v}"   # replace with your own key',
        join("cal_live_", repeated(const("x"), 24)),
    ),
    L(
        BK,
        "calcom_booking_uid",
        '{"status":"success","data":{"id":{bid},"uid":"{v}","title":"Intro call between Ines and Lumen",'
        '"eventTypeId":{et}}}',
        b62(22),
        bid=join("3", digits(5)),
        et=join("9", digits(5)),
    ),
    # ---- look-alikes: SavvyCal
    L(
        BK,
        "savvycal_link_id",
        '    "id": "{v}",\n    "slug": "intro-call",\n    "state": "active",',
        join("link_01", upper_alnum(24)),
    ),
    L(
        BK,
        "savvycal_gha_ref",
        "      - run: node scripts/sync-savvycal.mjs\n        env:\n          SAVVYCAL_TOKEN: {v}",
        const("${{ secrets.SAVVYCAL_TOKEN }}"),
    ),
    # ---- look-alikes: YouCanBook.me
    L(
        BK,
        "ycbm_account_id",
        "GET https://api.youcanbook.me/v1/{v}/profiles 200 OK (184 ms)",
        uuid,
    ),
    L(
        BK,
        "ycbm_placeholder",
        "# .env.example\nYCBM_ACCOUNT_ID=\nYCBM_API_KEY={v}",
        const("ak_your_api_key_here"),
    ),
    # ---- look-alikes: Mindbody
    L(BK, "mindbody_site_id", "MINDBODY_SITE_ID={v}\nMINDBODY_SOURCE_NAME=LumenYogaStudio", join("4", digits(5))),
    L(
        BK,
        "mindbody_env_ref",
        'headers = {\n    "Api-Key": {v},\n    "SiteId": "-99",\n    "Content-Type": "application/json",\n}',
        const('os.environ["MINDBODY_API_KEY"]'),
    ),
    # ---- look-alikes: SimplyBook.me
    L(
        BK,
        "simplybook_company_login",
        "$ curl -s https://user-api.simplybook.me -H 'X-Company-Login: {v}' -H \"X-Token: $SB_TOKEN\""
        ' -d \'{"jsonrpc":"2.0","method":"getEventList","params":[],"id":1}\'',
        const("lumenyoga"),
    ),
    # ---- look-alikes: Square
    L(
        BK,
        "square_application_id",
        "NEXT_PUBLIC_SQUARE_APPLICATION_ID={v}\nNEXT_PUBLIC_SQUARE_LOCATION_ID=L{loc}",
        join("sandbox-sq0idb-", b64url(22)),
        loc=upper_alnum(12),
    ),
    L(
        BK,
        "square_location_id",
        '  "booking": {\n    "start_at": "2024-07-02T16:00:00Z",\n    "location_id": "{v}",\n    "customer_id": "{cust}",',
        join("L", upper_alnum(12)),
        cust=upper_alnum(26),
    ),
    L(
        BK,
        "square_masked_token",
        "Environment: sandbox\nApplication: Lumen Booking\nAccess token: {v} (created 2024-05-30)",
        join("EAAA", const("************"), b64url(4)),
    ),
    # ---- look-alikes: Zenoti
    L(
        BK,
        "zenoti_center_id",
        '      "id": "{v}",\n      "code": "LMN01",\n      "name": "Lumen Spa Westside",',
        uuid,
    ),
    L(BK, "zenoti_op_ref", "VITE_ZENOTI_API_KEY={v}", const("op://Spa-Prod/Zenoti/api-key")),
    # ---- look-alikes: Booker, Calendly, Setmore
    L(
        BK,
        "booker_postman_var",
        "Ocp-Apim-Subscription-Key: {v}\nAuthorization: Bearer {{bookerAccessToken}}",
        const("{{bookerSubscriptionKey}}"),
    ),
    L(
        BK,
        "calendly_user_uri",
        '  "resource": {\n    "uri": "https://api.calendly.com/users/{v}",\n    "scheduling_url": "https://calendly.com/lumenyoga",',
        upper_alnum(16),
    ),
    L(
        BK,
        "setmore_placeholder",
        "setmoreClient.setRefreshToken('{v}')  // from the approval email, keep out of git",
        const("<setmore-refresh-token>"),
    ),
    # ---- look-alikes: hashes
    L(
        BK,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} booking: retry Mindbody 429s with backoff",
        hexl(40),
    ),
    L(
        BK,
        "sdk_checksum",
        "$ sha256sum square-sdk-38.1.0.tgz\n{v}  square-sdk-38.1.0.tgz",
        hexl(64),
    ),
]
