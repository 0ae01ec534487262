"""A hundred-and-seventy-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of time-tracking and developer-activity tools: Toggl Track (API v9,
the 32-hex personal API token sent as HTTP basic auth `token:api_token`, the `/me` profile that
prints it, numeric workspace ids), Clockify (48-character `X-Api-Key`, 24-hex workspace and user
ids), Harvest API v2 (personal access tokens `<id>.pt.<86 chars>` as `Authorization: Bearer` or an
`access_token` query parameter beside the public numeric `Harvest-Account-Id`), Everhour
(`X-Api-Key` in the 4-4-6-6-8 hex shape, `ev:` task ids), Tempo for Jira Cloud (`api.tempo.io/4`
bearer tokens, Atlassian account ids), Kimai (legacy `X-AUTH-USER`/`X-AUTH-TOKEN` API password and
the 25-hex bearer access tokens of Kimai 2), RescueTime (the Analytic Data API `key=`), WakaTime
(`waka_` + UUID v4 keys in `~/.wakatime.cfg`, `wakatime-cli --key`, basic auth, the
`api_key_vault_cmd` option) and the self-hosted Wakapi (plain UUID keys beside `api_url`), TimeCamp
(26-character `Authorization` token), Timely (OAuth client id/secret and Doorkeeper-style access
tokens, account ids in `app.timelyapp.com/<id>/`) and Hubstaff (personal access tokens that are
JWT refresh tokens exchanged at `account.hubstaff.com/access_tokens`, numeric organization ids),
in commands, config files, code and tool output, with the public ids, placeholders, references and
masked values the same documentation shows beside them.

Where a vendor's page did not state a length (Tempo's token, RescueTime's key, Timely's tokens) the
shape is the one its clients and public scanners' rules show: about 30 alphanumerics for Tempo,
40 characters of `[A-Za-z0-9_]` for RescueTime, 43 base64url characters for Timely.

First score, blind, before any rule changed for it (after the rules for 170 to 174):
26 of 26 secrets caught, 0 of 23 look-alikes altered (nothing missed or altered).
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
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

TT = "timetrack"


def basic_b64(maker, suffix: str = ""):
    """base64 of `<token><suffix>`, as an HTTP basic-auth header carries it."""
    return lambda rng: base64.b64encode(f"{maker(rng)}{suffix}".encode()).decode()


def num(n: int):
    """A numeric id of n digits without a leading zero."""
    return join(pick("123456789", 1), digits(n - 1))


def waka_key(rng: random.Random) -> str:
    return "waka_" + uuid(rng)


def harvest_pat(rng: random.Random) -> str:
    return num(7)(rng) + ".pt." + pick(B62 + "_", 86)(rng)


def everhour_key(rng: random.Random) -> str:
    return "-".join(hexl(n)(rng) for n in (4, 4, 6, 6, 8))


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def hubstaff_jwt(rng: random.Random) -> str:
    """A JWT-wrapped refresh token: RS256 header, issuer/expiry/scopes payload, 256-byte signature."""
    header = {"kid": hexl(16)(rng), "alg": "RS256", "typ": "JWT"}
    iat = 1717000000 + rng.randrange(5_000_000)
    payload = {
        "jti": uuid(rng),
        "iss": "https://account.hubstaff.com",
        "exp": iat + 90 * 86400,
        "iat": iat,
        "scopes": "openid hubstaff:read hubstaff:write",
    }
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


rescuetime_key = pick(B62 + "_", 40)
timely_token = b64url(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 23, "the rules for 170 to 174")

TEMPLATES: list = [
    # ---- secrets: Toggl Track
    S(
        TT,
        "toggl_curl_basic",
        "$ curl -s -u {v}:api_token https://api.track.toggl.com/api/v9/me/time_entries/current | jq .",
        hexl(32),
    ),
    S(
        TT,
        "toggl_me_output",
        '$ curl -s -u "$TOGGL_EMAIL:$TOGGL_PASSWORD" https://api.track.toggl.com/api/v9/me | jq .\n{\n'
        '  "id": {uid},\n  "api_token": "{v}",\n  "email": "m.okafor@larkspur.dev",\n'
        '  "fullname": "Mira Okafor",\n  "timezone": "Europe/Amsterdam",\n  "default_workspace_id": {ws},',
        hexl(32),
        uid=num(8),
        ws=num(7),
    ),
    S(
        TT,
        "toggl_basic_header",
        "> GET /api/v9/workspaces/{ws}/projects?active=true HTTP/2\n> Host: api.track.toggl.com\n"
        "> Authorization: Basic {v}\n> Content-Type: application/json",
        basic_b64(hexl(32), ":api_token"),
        ws=num(7),
    ),
    S(
        TT,
        "toggl_requests_auth",
        'resp = requests.get(TOGGL + "/workspaces/" + str(wid) + "/clients", auth=("{v}", "api_token"), timeout=10)',
        hexl(32),
    ),
    # ---- secrets: Clockify
    S(
        TT,
        "clockify_header",
        '$ curl -s -H "X-Api-Key: {v}" "https://api.clockify.me/api/v1/workspaces/{ws}/user/{uid}/time-entries'
        '?start=2024-06-03T00:00:00Z&page-size=50"',
        b62(48),
        ws=hexl(24),
        uid=hexl(24),
    ),
    S(
        TT,
        "clockify_dotenv",
        "$ cat .env\nCLOCKIFY_WORKSPACE_ID={ws}\nCLOCKIFY_API_KEY={v}\nCLOCKIFY_DEFAULT_PROJECT=internal-tooling",
        b62(48),
        ws=hexl(24),
    ),
    # ---- secrets: Harvest
    S(
        TT,
        "harvest_bearer",
        '$ curl "https://api.harvestapp.com/v2/time_entries?from=2024-06-01&to=2024-06-30" \\\n'
        '  -H "Authorization: Bearer {v}" \\\n  -H "Harvest-Account-Id: {acct}" \\\n'
        '  -H "User-Agent: Larkspur Invoicing (ops@larkspur.dev)"',
        harvest_pat,
        acct=num(7),
    ),
    S(
        TT,
        "harvest_ruby_client",
        "harvest = Harvest.client(access_token: '{v}', account_id: '{acct}', user_agent: 'timesync (ops@larkspur.dev)')",
        harvest_pat,
        acct=num(6),
    ),
    S(
        TT,
        "harvest_query_param",
        "[2024-06-12 09:14:03] DEBUG urllib3.connectionpool: https://api.harvestapp.com:443 "
        '"GET /v2/users/me?access_token={v}&account_id={acct} HTTP/1.1" 200 None',
        harvest_pat,
        acct=num(7),
    ),
    # ---- secrets: Everhour
    S(
        TT,
        "everhour_header",
        '$ http GET https://api.everhour.com/team/time from==2024-06-01 to==2024-06-30 "X-Api-Key:{v}"',
        everhour_key,
    ),
    S(
        TT,
        "everhour_init",
        'const everhour = require("everhour").initialize({\n  api_key: "{v}"\n});',
        everhour_key,
    ),
    # ---- secrets: Tempo
    S(
        TT,
        "tempo_client_v4",
        'tempo = client_v4.Tempo(\n    auth_token="{v}",\n)\nworklogs = tempo.get_worklogs(dateFrom="2024-06-01", dateTo="2024-06-30")',
        b62(30),
    ),
    S(
        TT,
        "tempo_curl_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" "https://api.tempo.io/4/worklogs/user/{acct}?from=2024-06-01&to=2024-06-07"',
        b62(30),
        acct=join("712020:", uuid),
    ),
    # ---- secrets: Kimai
    S(
        TT,
        "kimai_x_auth_token",
        "$ curl -s -H 'X-AUTH-USER: {user}' -H 'X-AUTH-TOKEN: {v}' https://time.larkspur.dev/api/timesheets/active",
        password(14),
        user=const("j.demir"),
    ),
    S(
        TT,
        "kimai_bearer_session",
        's = requests.Session()\ns.headers["Authorization"] = "Bearer {v}"\n'
        'r = s.get("https://kimai.larkspur.dev/api/timesheets", params={"user": "all", "size": 500})',
        hexl(25),
    ),
    # ---- secrets: RescueTime
    S(
        TT,
        "rescuetime_query_key",
        '$ curl -s "https://www.rescuetime.com/anapi/data?key={v}&perspective=interval'
        '&restrict_kind=productivity&resolution_time=day&format=json"',
        rescuetime_key,
    ),
    S(TT, "rescuetime_ruby", "@client = Rescuetime::Client.new(api_key: '{v}')", rescuetime_key),
    # ---- secrets: WakaTime and Wakapi
    S(
        TT,
        "wakatime_cfg",
        "$ cat ~/.wakatime.cfg\n[settings]\ndebug = false\napi_key = {v}\nhide_file_names = true\n"
        "exclude =\n    ^COMMIT_EDITMSG$\n    ^/etc/",
        waka_key,
    ),
    S(
        TT,
        "wakatime_cli_key",
        '$ ~/.wakatime/wakatime-cli --key {v} --entity src/ledger/reconcile.rs --plugin "vim/9.1 vim-wakatime/11.2.0" --write',
        waka_key,
    ),
    S(
        TT,
        "wakatime_basic_header",
        'headers = {"Authorization": "Basic {v}"}  # base64 of the WakaTime api key',
        basic_b64(waka_key),
    ),
    S(
        TT,
        "wakapi_cfg",
        "[settings]\napi_url = https://wakapi.larkspur.dev/api\napi_key = {v}\nstatus_bar_enabled = true",
        uuid,
    ),
    # ---- secrets: TimeCamp
    S(
        TT,
        "timecamp_authorization",
        '$ curl -s -H "Accept: application/json" -H "Authorization: {v}" '
        '"https://app.timecamp.com/third_party/api/entries?from=2024-06-03&to=2024-06-07"',
        lower_alnum(26),
    ),
    # ---- secrets: Timely
    S(
        TT,
        "timely_client_secret",
        "$ TIMELY_CLIENT_ID={cid} TIMELY_CLIENT_SECRET={v} bundle exec timely-app auth -s",
        timely_token,
        cid=timely_token,
    ),
    S(
        TT,
        "timely_access_token",
        'timely = TimelyApp::Client.new(access_token: "{v}", account_id: {acct})\nputs timely.get_current_user["email"]',
        timely_token,
        acct=num(6),
    ),
    # ---- secrets: Hubstaff
    S(
        TT,
        "hubstaff_refresh_exchange",
        "$ curl -s -X POST https://account.hubstaff.com/access_tokens \\\n  -d grant_type=refresh_token \\\n"
        "  -d refresh_token={v}",
        hubstaff_jwt,
    ),
    S(
        TT,
        "hubstaff_compose_env",
        "  timesync:\n    image: ghcr.io/larkspur/timesync:1.8.2\n    environment:\n"
        '      HUBSTAFF_ORG_ID: "{org}"\n      HUBSTAFF_PERSONAL_ACCESS_TOKEN: {v}',
        hubstaff_jwt,
        org=num(6),
    ),
    # ---- look-alikes: public ids
    L(
        TT,
        "toggl_workspace_id",
        "$ curl -s -u \"$TOGGL_API_TOKEN:api_token\" https://api.track.toggl.com/api/v9/me | jq '{id, default_workspace_id}'\n"
        '{\n  "id": {uid},\n  "default_workspace_id": {v}\n}',
        num(7),
        uid=num(8),
    ),
    L(
        TT,
        "toggl_time_entry_id",
        '{"id": {v}, "workspace_id": {ws}, "project_id": {pid}, "description": "review payout PR", "duration": -1718012400}',
        num(10),
        ws=num(7),
        pid=num(9),
    ),
    L(
        TT,
        "clockify_workspace_id",
        "CLOCKIFY_WORKSPACE_ID={v}\nCLOCKIFY_API_KEY=${CLOCKIFY_API_KEY:?set it in your shell}",
        hexl(24),
    ),
    L(
        TT,
        "clockify_user_id",
        '  "id": "{v}",\n  "email": "m.okafor@larkspur.dev",\n  "activeWorkspace": "{ws}",\n  "status": "ACTIVE",',
        hexl(24),
        ws=hexl(24),
    ),
    L(
        TT,
        "harvest_account_id",
        '$ curl https://api.harvestapp.com/v2/users/me -H "Authorization: Bearer $HARVEST_ACCESS_TOKEN"'
        ' -H "Harvest-Account-Id: {v}" -H "User-Agent: timesync (ops@larkspur.dev)"',
        num(7),
    ),
    L(
        TT,
        "harvest_masked",
        "timesync: using Harvest token {v}************************ for account {acct}",
        join(num(7), ".pt."),
        acct=num(7),
    ),
    L(
        TT,
        "everhour_task_id",
        '$ curl -s -H "X-Api-Key: $EVERHOUR_API_KEY" https://api.everhour.com/tasks/{v}/time',
        join("ev:", num(12)),
    ),
    L(
        TT,
        "everhour_masked",
        "Everhour  ✔ connected  api key {v}  (Settings → My Profile → Application Access)",
        join("****-****-******-******-", hexl(8)),
    ),
    L(
        TT,
        "tempo_account_id",
        '  "author": {\n    "self": "https://api.tempo.io/4/users/{v}",\n    "accountId": "{v}"\n  },',
        join("712020:", uuid),
    ),
    L(
        TT,
        "tempo_placeholder",
        'tempo = client_v4.Tempo(\n    auth_token="{v}",\n)',
        const("<your_tempo_api_token>"),
    ),
    L(
        TT,
        "kimai_x_auth_user",
        '$ curl -s -H "X-AUTH-USER: {v}" -H "X-AUTH-TOKEN: $KIMAI_API_PASSWORD" https://time.larkspur.dev/api/version',
        const("anna.kowalczyk"),
    ),
    L(
        TT,
        "kimai_env_dist",
        "# .env.dist (copy to .env.local)\nKIMAI_BASE_URL=https://time.larkspur.dev\nKIMAI_API_TOKEN={v}",
        const("your_kimai_api_token"),
    ),
    L(
        TT,
        "rescuetime_placeholder",
        "curl 'https://www.rescuetime.com/anapi/daily_summary_feed?key={v}'",
        const("YOUR_API_KEY"),
    ),
    L(
        TT,
        "wakatime_placeholder",
        "[settings]\napi_key = {v}\nhide_file_names = false",
        const("waka_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        TT,
        "wakatime_vault_cmd",
        "[settings]\napi_key_vault_cmd = {v}\nhide_branch_names = true",
        const("op read op://Private/WakaTime/api-key"),
    ),
    L(
        TT,
        "wakatime_user_id",
        '$ curl -s -H "Authorization: Basic $(printf %s "$WAKATIME_API_KEY" | base64)" '
        "https://wakatime.com/api/v1/users/current | jq -r .data.id\n{v}",
        uuid,
    ),
    L(
        TT,
        "wakatime_cli_checksum",
        "$ sha256sum wakatime-cli-linux-amd64.zip\n{v}  wakatime-cli-linux-amd64.zip",
        hexl(64),
    ),
    L(
        TT,
        "timecamp_env_ref",
        'headers = {"Authorization": {v}, "Accept": "application/vnd.timecamp+json; version=3"}',
        const('os.environ["TIMECAMP_API_TOKEN"]'),
    ),
    L(
        TT,
        "timely_client_id",
        "Open this URL to authorize:\nhttps://api.timelyapp.com/1.1/oauth/authorize?response_type=code"
        "&redirect_uri=http%3A%2F%2Flocalhost%3A7890%2Fcallback&client_id={v}",
        timely_token,
    ),
    L(
        TT,
        "timely_account_id",
        "Register the app at https://app.timelyapp.com/{v}/oauth_applications (redirect URI http://localhost:7890/callback)",
        num(6),
    ),
    L(
        TT,
        "hubstaff_org_id",
        '$ curl -s -H "Authorization: Bearer $HUBSTAFF_ACCESS_TOKEN" '
        '"https://api.hubstaff.com/v2/organizations/{v}/activities/daily?date[start]=2024-06-03&date[stop]=2024-06-07"',
        num(6),
    ),
    L(
        TT,
        "gha_secret_ref",
        "      - name: Push hours to Harvest\n        env:\n          HARVEST_ACCESS_TOKEN: {v}\n"
        "          HARVEST_ACCOUNT_ID: ${{ vars.HARVEST_ACCOUNT_ID }}",
        const("${{ secrets.HARVEST_ACCESS_TOKEN }}"),
    ),
    L(
        TT,
        "commit_sha",
        "$ git -C vendor/toggl-cli rev-parse HEAD\n{v}",
        hexl(40),
    ),
]
