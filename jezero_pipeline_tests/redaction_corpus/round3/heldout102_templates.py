"""A hundred-and-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of sports-data and betting APIs: Sportradar (`x-api-key`
header, 40-character keys and the older 24-character ones once sent as `?api_key=`, `sr:match:`
ids and UUID game ids), API-Football / API-Sports (`x-apisports-key`, 32 hex) and its RapidAPI
channel (`x-rapidapi-key` with the `msh`/`p1`/`jsn` layout, `x-rapidapi-host`), The Odds API
(`apiKey=` query parameter, 32 hex, beside 32-hex event ids), SportsDataIO
(`Ocp-Apim-Subscription-Key` header or `?key=`), Betfair (`X-Application` app keys, session
tokens from `identitysso` login and `certlogin`, `X-Authentication`, betfairlightweight's
`APIClient`, market ids and bet ids), Pinnacle (HTTP Basic with account username and password,
the R package's `SetCredentials`), balldontlie (UUID key sent bare in `Authorization`, the
`xxxxxxxx-…` mask of its account docs), Football-Data.org (`X-Auth-Token`, the
`X-Authenticated-Client` response header), MySportsFeeds (v2 key as the Basic-auth user with the
fixed password `MYSPORTSFEEDS`), Stats Perform's Opta SDAPI (outlet auth key in the
`performfeeds.com` path, secret key for OAuth, 25-character lowercase fixture and tournament
calendar ids) and Sportmonks (`api_token=` query parameter or `Authorization`), in shell
commands, HTTP traces, client code, `.env`/YAML/TOML files and tool output, with the public ids,
placeholders, masks and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 95 to 99):
24 of 25 secrets caught, 1 of 24 look-alikes altered (missed: an Opta outlet key as a URL path
segment; altered: MySportsFeeds' fixed public password in `msf.authenticate(os.environ["…"],
"MYSPORTSFEEDS")`).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    L,
    S,
    b62,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

SP = "sportsdata"


def basic_auth(user, secret):
    """base64 of `user:secret` as an HTTP Basic credential; either part a maker or a literal."""

    def make(rng: random.Random) -> str:
        u = user if isinstance(user, str) else user(rng)
        s = secret if isinstance(secret, str) else secret(rng)
        return base64.b64encode(f"{u}:{s}".encode()).decode()

    return make


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def bf_session(rng: random.Random) -> str:
    """Betfair session tokens: 32 bytes in base64, 44 characters with one `=` of padding."""
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()


# RapidAPI application keys: 50 characters, `msh`, `p1` and `jsn` at fixed places.
rapidapi_key = join(hexl(10), "msh", hexl(14), "p1", hexl(6), "jsn", hexl(12))
pinnacle_user = join(pick(string.ascii_uppercase, 2), digits(7))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 24, "the rules for 95 to 99")

TEMPLATES = [
    # ---- secrets: Sportradar
    S(
        SP,
        "sportradar_header",
        "$ curl --request GET \\\n     --url https://api.sportradar.com/soccer/trial/v4/en/competitions.json \\\n"
        "     --header 'accept: application/json' \\\n     --header 'x-api-key: {v}'",
        b62(40),
    ),
    S(
        SP,
        "sportradar_legacy_query",
        "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: "
        "https://api.sportradar.us/nba/trial/v8/en/games/2024/REG/schedule.json?api_key={v}",
        lower_alnum(24),
    ),
    S(
        SP,
        "sportradar_k8s_literal",
        "$ kubectl -n odds-ingest create secret generic sportradar-feed --from-literal=api-key={v}\n"
        "secret/sportradar-feed created",
        b62(40),
    ),
    # ---- secrets: API-Football / API-Sports and the RapidAPI channel
    S(
        SP,
        "apisports_header",
        'headers = {\n    "x-apisports-key": "{v}",\n}\n'
        'resp = requests.get("https://v3.football.api-sports.io/fixtures", headers=headers, params={"live": "all"})',
        hexl(32),
    ),
    S(
        SP,
        "rapidapi_key",
        "$ curl --request GET \\\n\t--url 'https://api-football-v1.p.rapidapi.com/v3/standings?league=39&season=2024' \\\n"
        "\t--header 'x-rapidapi-host: api-football-v1.p.rapidapi.com' \\\n\t--header 'x-rapidapi-key: {v}'",
        rapidapi_key,
    ),
    # ---- secrets: The Odds API
    S(
        SP,
        "odds_api_query",
        '$ curl -s "https://api.the-odds-api.com/v4/sports/basketball_nba/odds/?apiKey={v}'
        '&regions=us&markets=h2h,spreads&oddsFormat=american" | jq length\n14',
        hexl(32),
    ),
    S(
        SP,
        "odds_api_dotenv",
        "$ cat .env\nODDS_API_KEY={v}\nODDS_REGIONS=us,uk\nODDS_MARKETS=h2h,totals\nODDS_FORMAT=decimal",
        hexl(32),
    ),
    # ---- secrets: SportsDataIO
    S(
        SP,
        "sportsdataio_header",
        "  const { data } = await axios.get(`https://api.sportsdata.io/v3/nfl/scores/json/ScoresByWeek/${season}/${week}`, {\n"
        "    headers: { 'Ocp-Apim-Subscription-Key': '{v}' },\n  });",
        hexl(32),
    ),
    S(
        SP,
        "sportsdataio_query_log",
        "2024-10-06T17:04:12.331Z INFO  fetch GET https://api.sportsdata.io/v3/mlb/odds/json/GameOddsByDate/2024-10-06"
        "?key={v} -> 200 (418 ms)",
        hexl(32),
    ),
    # ---- secrets: Betfair
    S(
        SP,
        "betfair_certlogin_output",
        "$ curl -q -k --cert client-2048.crt --key client-2048.key https://identitysso-cert.betfair.com/api/certlogin"
        ' -d "username=ridgeline_trader&password=$BF_PASSWORD" -H "X-Application: $BF_APP_KEY"\n'
        '{"sessionToken":"{v}","loginStatus":"SUCCESS"}',
        bf_session,
    ),
    S(
        SP,
        "betfair_keepalive",
        '$ curl -s -H "Accept: application/json" -H "X-Application: $BF_APP_KEY" -H "X-Authentication: {v}"'
        " https://identitysso.betfair.com/api/keepAlive",
        bf_session,
    ),
    S(
        SP,
        "betfair_login_password",
        '$ curl -s -H "Accept: application/json" -H "X-Application: $BF_APP_KEY"'
        ' -H "Content-Type: application/x-www-form-urlencoded" -X POST'
        " -d 'username=ridgeline_trader&password={v}' https://identitysso.betfair.com/api/login",
        password(14),
    ),
    S(
        SP,
        "betfair_app_key",
        "trading = betfairlightweight.APIClient(\n"
        '    "ridgeline_trader", os.environ["BF_PASSWORD"], app_key="{v}", certs="/opt/bot/certs"\n)\ntrading.login()',
        b62(16),
    ),
    # ---- secrets: Pinnacle
    S(
        SP,
        "pinnacle_basic",
        '$ curl -s -H "Authorization: Basic {v}" -H "Accept: application/json"'
        ' "https://api.pinnacle.com/v3/odds?sportId=29&oddsFormat=Decimal"',
        basic_auth(pinnacle_user, password(12)),
    ),
    S(
        SP,
        "pinnacle_setcredentials",
        '> library(pinnacle.API)\n> SetCredentials("{user}", "{v}")\n> AcceptTermsAndConditions(accepted = TRUE)',
        password(13),
        user=pinnacle_user,
    ),
    # ---- secrets: balldontlie
    S(
        SP,
        "balldontlie_header",
        '$ curl "https://api.balldontlie.io/v1/players?search=curry&per_page=5" -H "Authorization: {v}"',
        uuid,
    ),
    S(
        SP,
        "balldontlie_sdk",
        'from balldontlie import BalldontlieAPI\n\napi = BalldontlieAPI(api_key="{v}")\n'
        'games = api.nba.games.list(dates=["2025-01-15"])',
        uuid,
    ),
    # ---- secrets: Football-Data.org
    S(
        SP,
        "football_data_header",
        '$ curl -s -X GET "https://api.football-data.org/v4/competitions/PL/matches?matchday=12"'
        ' -H "X-Auth-Token: {v}" | jq ".matches | length"\n10',
        hexl(32),
    ),
    S(
        SP,
        "football_data_yaml",
        "providers:\n  football_data:\n    base_url: https://api.football-data.org/v4\n"
        "    auth_token: {v}\n    competitions: [PL, BL1, SA, PD]",
        hexl(32),
    ),
    # ---- secrets: MySportsFeeds
    S(
        SP,
        "msf_curl_user",
        '$ curl -s -u {v}:MYSPORTSFEEDS "https://api.mysportsfeeds.com/v2.1/pull/nfl/2024-regular/games.json?team=kc"'
        " -o games.json",
        uuid,
    ),
    S(
        SP,
        "msf_basic_header",
        "> GET /v2.1/pull/nba/2024-2025-regular/player_gamelogs.json?player=stephen-curry HTTP/2\n"
        "> Host: api.mysportsfeeds.com\n> authorization: Basic {v}\n> accept: */*",
        basic_auth(uuid, "MYSPORTSFEEDS"),
    ),
    # ---- secrets: Stats Perform (Opta SDAPI)
    S(
        SP,
        "opta_outlet_path",
        "GET https://api.performfeeds.com/soccerdata/matchevent/{v}/{fx}?_rt=b&_fmt=json -> 200 (1.8 MB)",
        lower_alnum(26),
        fx=lower_alnum(25),
    ),
    S(
        SP,
        "opta_secret_docker",
        "$ docker run --rm -e OPTA_OUTLET_KEY=$OPTA_OUTLET_KEY -e OPTA_SECRET_KEY={v} ghcr.io/ridgeline/opta-ingest:1.4.2"
        " --feed MA1 --tmcl {tmcl}",
        lower_alnum(26),
        tmcl=lower_alnum(25),
    ),
    # ---- secrets: Sportmonks
    S(
        SP,
        "sportmonks_query",
        "fetch failed (429): https://api.sportmonks.com/v3/football/livescores/inplay?api_token={v}"
        "&include=participants;scores;state",
        b62(60),
    ),
    S(
        SP,
        "sportmonks_toml",
        '[providers.sportmonks]\nbase_url = "https://api.sportmonks.com/v3/football"\ntoken = "{v}"\nleagues = [271, 501]',
        b62(60),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        SP,
        "odds_api_event_id",
        '  {\n    "id": "{v}",\n    "sport_key": "americanfootball_nfl",\n    "commence_time": "2024-11-10T18:00:00Z",\n'
        '    "home_team": "Kansas City Chiefs",\n    "away_team": "Denver Broncos",',
        hexl(32),
    ),
    L(
        SP,
        "odds_api_event_path",
        '$ curl -s "https://api.the-odds-api.com/v4/sports/basketball_nba/events/{v}/odds'
        '?apiKey=$ODDS_API_KEY&regions=us&markets=player_points"',
        hexl(32),
    ),
    L(
        SP,
        "sportradar_game_uuid",
        "$ curl -s https://api.sportradar.com/nfl/official/trial/v7/en/games/{v}/boxscore.json"
        ' -H "x-api-key: $SPORTRADAR_API_KEY" | jq .status\n"closed"',
        uuid,
    ),
    L(
        SP,
        "sportradar_sr_id",
        '      "sport_event": {\n        "id": "{v}",\n        "start_time": "2024-09-14T14:00:00+00:00",',
        join("sr:match:", digits(8)),
    ),
    L(
        SP,
        "sportradar_placeholder",
        "     --header 'accept: application/json' \\\n     --header 'x-api-key: {v}'",
        const("YOUR_API_KEY"),
    ),
    L(
        SP,
        "rapidapi_masked",
        "App: default-application_9481221\nApplication Key: {v}\nStatus: Active",
        join(hexl(4), "*" * 42, hexl(4)),
    ),
    L(
        SP,
        "apisports_secret_ref",
        "      - name: Refresh fixtures\n        env:\n          APISPORTS_KEY: {v}\n        run: python -m ingest.fixtures",
        const("${{ secrets.APISPORTS_KEY }}"),
    ),
    L(
        SP,
        "sportsdataio_env_ref",
        "    headers: {\n      'Content-Type': 'application/json',\n      'Ocp-Apim-Subscription-Key': {v},\n    },",
        const("process.env.SPORTSDATA_API_KEY"),
    ),
    L(
        SP,
        "betfair_market_id",
        '[{"marketId":"{v}","marketName":"Match Odds","totalMatched":48210.55,"runners":[{"selectionId":47999,'
        '"runnerName":"Arsenal"}]}]',
        join("1.", digits(9)),
    ),
    L(
        SP,
        "betfair_bet_id",
        '"instructionReports":[{"status":"SUCCESS","betId":"{v}","placedDate":"2024-12-26T12:31:04.000Z",'
        '"averagePriceMatched":2.14,"sizeMatched":10.0}]',
        digits(12),
    ),
    L(
        SP,
        "betfair_doc_placeholder",
        'curl -k -i -H "Accept: application/json" -H "X-Application: {v}" -X POST'
        " -d 'username=<username>&password=<password>' https://identitysso.betfair.com/api/login",
        const("<AppKey>"),
    ),
    L(
        SP,
        "betfair_cert_fingerprint",
        "$ openssl x509 -in certs/client-2048.crt -noout -fingerprint -sha1\nSHA1 Fingerprint={v}",
        colon_hex(20),
    ),
    L(
        SP,
        "pinnacle_env_ref",
        'auth = HTTPBasicAuth(os.environ["PINNACLE_USERNAME"], {v})\n'
        'r = requests.get(f"{BASE}/v1/fixtures", params={"sportId": 29}, auth=auth)',
        const('os.environ["PINNACLE_PASSWORD"]'),
    ),
    L(
        SP,
        "balldontlie_doc_mask",
        '{\n  "email": "user@example.com",\n  "api_key": "{v}",\n  "tier": "free",',
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        SP,
        "request_id_uuid",
        "HTTP/2 401\ncontent-type: application/json\nx-request-id: {v}\n\n"
        '{"error":{"code":"invalid_api_key","message":"Unauthorized"}}',
        uuid,
    ),
    L(
        SP,
        "football_data_client_header",
        "< X-API-Version: v4\n< X-Authenticated-Client: {v}\n< X-RequestsAvailable-Minute: 9",
        const("ridgeline-analytics"),
    ),
    L(
        SP,
        "football_data_placeholder",
        "# .env.example: copy to .env\nFOOTBALL_DATA_TOKEN={v}\nFOOTBALL_DATA_COMPETITIONS=PL,BL1",
        const("your_football_data_token_here"),
    ),
    L(
        SP,
        "msf_fixed_password",
        'msf = MySportsFeeds(version="2.1")\nmsf.authenticate(os.environ["MSF_API_KEY"], "{v}")',
        const("MYSPORTSFEEDS"),
    ),
    L(
        SP,
        "opta_fixture_id",
        "GET https://api.performfeeds.com/soccerdata/matchstats/${OPTA_OUTLET_KEY}?_rt=b&_fmt=json&fx={v}&detailed=yes",
        lower_alnum(25),
    ),
    L(
        SP,
        "opta_tmcl_config",
        "  trackedCompetitions:\n    - knownName: English Premier League\n      tournamentCalendarId: '{v}'",
        lower_alnum(25),
    ),
    L(
        SP,
        "sportmonks_placeholder",
        "GET https://api.sportmonks.com/v3/football/fixtures/date/2025-03-01?api_token={v}&include=participants",
        const("YOUR_TOKEN"),
    ),
    L(
        SP,
        "sportmonks_masked",
        "Name          Token                              Created\nscraper-prod  {v}   2025-01-08",
        join(b62(6), "*" * 26),
    ),
    L(
        SP,
        "pip_hash",
        "betfairlightweight==2.20.4 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        SP,
        "commit_sha",
        "$ git log -1 --format=%H -- ingest/odds_api.py\n{v}",
        hexl(40),
    ),
]
