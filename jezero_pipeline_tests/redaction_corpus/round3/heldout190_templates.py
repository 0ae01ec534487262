"""A hundred-and-ninetieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from sports betting exchanges and odds APIs, written from the author's knowledge of their
public documentation (the documentation search budget was spent, so no page was re-read for this
set; where a shape is not certain it is marked "assumed" in a note): Betfair's Exchange API
(`X-Application` application keys of 16 alphanumerics, `X-Authentication` session tokens of 44
base64 characters, `certlogin` with a client certificate and its RSA key, the Stream API
`authentication` message, betfairlightweight's `APIClient`), The Odds API (`apiKey` of 32 hex
in the query string; 32-hex event ids beside it), Pinnacle (HTTP basic auth with a client id
and password), Smarkets (`POST /v3/sessions/` and `Authorization: Session-Token`), Betdaq's SOAP
`ExternalApiHeader` with username and password attributes, Matchbook (`session-token` header
and login response), OddsJam (a UUID `key` query parameter; its `game_id`s), Sportradar
(`api_key`/`x-api-key`, `sr:` URNs and UUID game ids), Kalshi (a UUID API key id in
`KALSHI-ACCESS-KEY`, an RSA private key to sign with), Polymarket's CLOB (a Polygon private
key for `ClobClient`, L2 `ApiCreds` of UUID key, base64url secret and 64-hex passphrase,
`POLY_*` headers; condition ids, token ids and proxy addresses beside them), SportsDataIO
(`Ocp-Apim-Subscription-Key` of 32 hex) and API-Football (`x-apisports-key`, RapidAPI's
`x-rapidapi-key`), in commands, config files, code and tool output, with the public ids,
placeholders, masks and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
26 of 26 secrets caught, 1 of 24 look-alikes altered (altered: a Kalshi access key's id (a UUID)
under `KALSHI-ACCESS-KEY`; written from memory, the search budget spent).
"""

from __future__ import annotations

import base64
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
    password,
    pick,
    uuid,
)

BET = "betting"

RSA_PKCS1_HEAD = "MIIEpAIBAAKCAQEA"
SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def rsa_body(sep: str):
    """An RSA-2048 PKCS#1 body: 25 base64 lines of 64 and a short padded tail, joined by `sep`."""

    def make(rng: random.Random) -> str:
        lines = [RSA_PKCS1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(34)(rng) + "=="]
        return sep.join(lines)

    return make


def spki_body(rng: random.Random) -> str:
    """An RSA-2048 public key (SubjectPublicKeyInfo), 392 base64 characters in lines of 64."""
    lines = [SPKI_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


betfair_session = b64(43, "=")
betfair_app_key = b62(16)
pinnacle_user = join(pick("ABCDEFGHJKLMNPRSTUVWXYZ", 2), digits(7))
rapidapi_key = join(lower_alnum(10), "msh", lower_alnum(14), "p1", lower_alnum(6), "jsn", lower_alnum(12))
poly_secret = join(b64url(43), "=")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 1, 24, "the rules for 185 to 189")

TEMPLATES = [
    # ---- secrets: Betfair
    S(
        BET,
        "betfair_certlogin_password",
        "$ curl -q -k --cert ~/.betfair/client-2048.crt --key ~/.betfair/client-2048.key"
        " https://identitysso-cert.betfair.com/api/certlogin"
        ' -d "username=brightkite_trading&password={v}" -H "X-Application: {ak}"',
        password(14),
        ak=betfair_app_key,
    ),
    S(
        BET,
        "betfair_certlogin_response",
        '{"sessionToken":"{v}","loginStatus":"SUCCESS"}',
        betfair_session,
    ),
    S(
        BET,
        "betfair_x_authentication",
        "$ curl -s -X POST https://api.betfair.com/exchange/betting/rest/v1.0/listMarketCatalogue/"
        ' -H "X-Application: {ak}" -H "X-Authentication: {v}" -H "Content-Type: application/json"'
        ' -d \'{"filter":{"eventTypeIds":["1"]},"maxResults":"10"}\'',
        betfair_session,
        ak=betfair_app_key,
    ),
    S(
        BET,
        "betfair_app_key_client",
        'trading = betfairlightweight.APIClient("brightkite_trading", os.environ["BF_PASSWORD"],'
        ' app_key="{v}", certs="/home/ops/.betfair/certs")',
        betfair_app_key,
        note="application key of 16 alphanumerics",
    ),
    S(
        BET,
        "betfair_stream_auth",
        '>>> {"op":"authentication","id":1,"appKey":"{ak}","session":"{v}"}\n'
        '<<< {"op":"status","id":1,"statusCode":"SUCCESS","connectionClosed":false}',
        betfair_session,
        ak=betfair_app_key,
    ),
    S(
        BET,
        "betfair_client_key_pem",
        "$ cat ~/.betfair/certs/client-2048.key\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_body("\n"),
    ),
    # ---- secrets: The Odds API
    S(
        BET,
        "odds_api_query",
        '$ curl -s "https://api.the-odds-api.com/v4/sports/soccer_epl/odds/?apiKey={v}'
        '&regions=uk&markets=h2h&oddsFormat=decimal" | jq length',
        hexl(32),
    ),
    S(
        BET,
        "odds_api_params",
        '    resp = requests.get(f"{BASE}/sports/{sport}/odds", params={"apiKey": "{v}", "regions": "us,eu",'
        ' "markets": "h2h,spreads"}, timeout=10)',
        hexl(32),
    ),
    # ---- secrets: Pinnacle
    S(
        BET,
        "pinnacle_curl_user",
        '$ curl -s -u "{user}:{v}" "https://api.pinnacle.com/v1/odds?sportId=29&oddsFormat=Decimal"',
        password(12),
        user=pinnacle_user,
    ),
    S(
        BET,
        "pinnacle_basic_header",
        "> GET /v3/fixtures?sportId=29&leagueIds=1980 HTTP/1.1\n> Host: api.pinnacle.com\n"
        "> Authorization: Basic {v}\n> Accept: application/json",
        basic_auth(pinnacle_user, password(12)),
    ),
    # ---- secrets: Smarkets, Betdaq, Matchbook
    S(
        BET,
        "smarkets_login_password",
        "$ http POST https://api.smarkets.com/v3/sessions/ username=ops@brightkite.dev password='{v}' remember=true",
        password(16),
    ),
    S(
        BET,
        "smarkets_session_token",
        'smarkets = httpx.Client(base_url="https://api.smarkets.com/v3", headers={"Authorization":'
        ' "Session-Token {v}"})',
        hexl(32),
        note="opaque session token, 32-hex shape assumed",
    ),
    S(
        BET,
        "betdaq_soap_header",
        "  <soap:Header>\n"
        '    <ExternalApiHeader xmlns="http://www.GlobalBettingExchange.com/ExternalAPI/" version="2"'
        ' languageCode="en" username="brightkite" password="{v}" applicationIdentifier="bk-bot"/>\n'
        "  </soap:Header>",
        password(13),
    ),
    S(
        BET,
        "matchbook_login_response",
        '$ curl -s -X POST https://api.matchbook.com/bpapi/rest/security/session -H "Content-Type: application/json"'
        ' -d @creds.json\n{"session-token":"{v}","user-id":{uid},"role":"USER"}',
        join(digits(4), "_", hexl(40)),
        note="session token shape assumed",
        uid=digits(6),
    ),
    S(
        BET,
        "matchbook_session_header",
        '$ curl -s "https://api.matchbook.com/edge/rest/events?sport-ids=15&states=open&per-page=20"'
        ' -H "session-token: {v}" -H "Accept: application/json"',
        join(digits(4), "_", hexl(40)),
        note="session token shape assumed",
    ),
    # ---- secrets: OddsJam, Sportradar
    S(
        BET,
        "oddsjam_key_query",
        "GET https://api-external.oddsjam.com/api/v2/game-odds?sportsbook=Pinnacle&sportsbook=Betfair"
        "&game_id={gid}&key={v} 200 (412 ms)",
        uuid,
        gid=join(digits(5), "-", digits(5), "-2024-11-03"),
    ),
    S(
        BET,
        "sportradar_x_api_key",
        "$ curl -s -H 'x-api-key: {v}' https://api.sportradar.com/oddscomparison-prematch/trial/v2/en/sports.json",
        b62(40),
    ),
    S(
        BET,
        "sportradar_yaml",
        "feeds:\n  sportradar:\n    product: oddscomparison-ust1\n    access_level: trial\n    api_key: {v}\n"
        "    rate_limit_qps: 1",
        lower_alnum(24),
        note="older 24-character key format",
    ),
    # ---- secrets: Kalshi
    S(
        BET,
        "kalshi_private_key_env",
        'KALSHI_PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\\n{v}\\n-----END RSA PRIVATE KEY-----"',
        rsa_body("\\n"),
    ),
    # ---- secrets: Polymarket CLOB
    S(
        BET,
        "polymarket_clob_client_key",
        'client = ClobClient("https://clob.polymarket.com", key="{v}", chain_id=137, signature_type=1,'
        ' funder="{funder}")',
        join("0x", hexl(64)),
        funder=join("0x", hexl(40)),
    ),
    S(
        BET,
        "polymarket_api_creds_repr",
        ">>> client.create_or_derive_api_creds()\nApiCreds(api_key='{key}', api_secret='{v}', api_passphrase='{pp}')",
        poly_secret,
        key=uuid,
        pp=hexl(64),
    ),
    S(
        BET,
        "polymarket_passphrase_header",
        '$ curl -s https://clob.polymarket.com/data/orders -H "POLY_ADDRESS: {addr}" -H "POLY_API_KEY: {key}"'
        ' -H "POLY_PASSPHRASE: {v}" -H "POLY_TIMESTAMP: 1730650112" -H "POLY_SIGNATURE: $SIG"',
        hexl(64),
        addr=join("0x", hexl(40)),
        key=uuid,
    ),
    S(
        BET,
        "polymarket_env_file",
        "$ cat .env\nPOLYGON_RPC=https://polygon-rpc.com\nCLOB_API_KEY={key}\nCLOB_SECRET={v}\nCLOB_PASS_PHRASE={pp}",
        poly_secret,
        key=uuid,
        pp=hexl(64),
    ),
    # ---- secrets: SportsDataIO, API-Football
    S(
        BET,
        "sportsdataio_subscription_key",
        '$ curl -s -H "Ocp-Apim-Subscription-Key: {v}"'
        " https://api.sportsdata.io/v3/nfl/odds/json/GameOddsByWeek/2024REG/9 | jq '.[0].PregameOdds | length'",
        hexl(32),
    ),
    S(
        BET,
        "apifootball_rapidapi_key",
        "const res = await fetch('https://api-football-v1.p.rapidapi.com/v3/odds?fixture=1208021', {\n"
        "  headers: { 'x-rapidapi-key': '{v}', 'x-rapidapi-host': 'api-football-v1.p.rapidapi.com' },\n});",
        rapidapi_key,
    ),
    S(
        BET,
        "apifootball_apisports_key",
        "apisports:\n  base_url: https://v3.football.api-sports.io\n  headers:\n    x-apisports-key: {v}",
        hexl(32),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        BET,
        "odds_api_event_id",
        '  {\n    "id": "{v}",\n    "sport_key": "basketball_nba",\n    "commence_time": "2024-11-04T00:10:00Z",\n'
        '    "home_team": "Boston Celtics",',
        hexl(32),
    ),
    L(
        BET,
        "betfair_market_id",
        '{"jsonrpc":"2.0","method":"SportsAPING/v1.0/listMarketBook","params":{"marketIds":["{v}"],'
        '"priceProjection":{"priceData":["EX_BEST_OFFERS"]}},"id":1}',
        join("1.", digits(9)),
    ),
    L(
        BET,
        "betfair_bet_id",
        '{"status":"SUCCESS","marketId":"1.{mk}","instructionReports":[{"status":"SUCCESS","betId":"{v}",'
        '"placedDate":"2024-11-03T14:02:51.000Z","averagePriceMatched":2.02}]}',
        digits(12),
        mk=digits(9),
    ),
    L(
        BET,
        "betfair_cert_fingerprint",
        "$ openssl x509 -in ~/.betfair/certs/client-2048.crt -noout -fingerprint -sha1\nSHA1 Fingerprint={v}",
        colon_hex(20),
    ),
    L(
        BET,
        "betfair_login_failure",
        '{"sessionToken":null,"loginStatus":"{v}"}',
        const("INVALID_USERNAME_OR_PASSWORD"),
    ),
    L(
        BET,
        "betfair_session_env_ref",
        '$ curl -s https://api.betfair.com/exchange/account/rest/v1.0/getAccountFunds/ -H "X-Application: $BF_APP_KEY"'
        " -H \"X-Authentication: {v}\" -d '{}'",
        const("$BF_SSOID"),
    ),
    L(
        BET,
        "pinnacle_client_id",
        "* Server auth using Basic with user '{v}'\n> GET /v1/sports HTTP/1.1\n> Host: api.pinnacle.com",
        pinnacle_user,
    ),
    L(
        BET,
        "odds_api_placeholder",
        "# Quick start from the README\ncurl 'https://api.the-odds-api.com/v4/sports/?apiKey={v}'",
        const("YOUR_API_KEY"),
    ),
    L(
        BET,
        "smarkets_token_env_ref",
        "      - name: Pull Smarkets markets\n        run: python tools/pull_markets.py --event 44112233\n"
        "        env:\n          SMARKETS_SESSION_TOKEN: {v}",
        const("${{ secrets.SMARKETS_SESSION_TOKEN }}"),
    ),
    L(
        BET,
        "betdaq_masked_log",
        "2024-11-03 14:02:51 DEBUG betdaq.soap > ExternalApiHeader version=2 username=brightkite password={v}"
        " applicationIdentifier=bk-bot",
        const("********"),
    ),
    L(
        BET,
        "matchbook_event_id",
        '$ curl -s "https://api.matchbook.com/edge/rest/events/{v}/markets?include-runners=true"'
        ' -H "session-token: $MATCHBOOK_TOKEN"',
        join(pick("123456789", 1), digits(15)),
    ),
    L(
        BET,
        "oddsjam_game_id",
        '{"data":[{"id":"{v}","sport":"basketball","league":"NBA","home_team":"Denver Nuggets",'
        '"away_team":"Utah Jazz","status":"unplayed"}]}',
        join(digits(5), "-", digits(5), "-2024-11-03"),
    ),
    L(
        BET,
        "oddsjam_doc_placeholder",
        "curl -H 'X-Api-Key: {v}' 'https://api.opticodds.com/api/v3/sportsbooks/active?sport=basketball'",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        BET,
        "sportradar_game_uuid",
        '$ curl -s "https://api.sportradar.com/nba/trial/v8/en/games/{v}/summary.json?api_key=$SPORTRADAR_KEY"',
        uuid,
    ),
    L(
        BET,
        "sportradar_urn",
        '    <sport_event id="{v}" scheduled="2024-11-03T15:00:00+00:00" start_time_tbd="false">',
        join("sr:match:", digits(8)),
    ),
    L(
        BET,
        "kalshi_access_key_id",
        "POST /trade-api/v2/portfolio/orders\nKALSHI-ACCESS-KEY: {v}\nKALSHI-ACCESS-TIMESTAMP: 1730650112345"
        "\nKALSHI-ACCESS-SIGNATURE: <redacted>",
        uuid,
        note="the key id, not the private key",
    ),
    L(
        BET,
        "kalshi_public_key",
        "$ openssl rsa -in kalshi-prod.key -pubout\nwriting RSA key\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        spki_body,
    ),
    L(
        BET,
        "kalshi_key_path",
        "KALSHI_API_KEY_ID={kid}\nKALSHI_PRIVATE_KEY_PATH={v}\nKALSHI_ENV=prod",
        const("/run/secrets/kalshi-prod.key"),
        kid=uuid,
    ),
    L(
        BET,
        "polymarket_condition_id",
        '  "condition_id": "{v}",\n  "question": "Will the Celtics win the 2025 NBA Finals?",\n'
        '  "market_slug": "will-the-celtics-win-the-2025-nba-finals",',
        join("0x", hexl(64)),
    ),
    L(
        BET,
        "polymarket_token_id",
        'order_args = OrderArgs(price=0.42, size=25.0, side=BUY, token_id="{v}")',
        join(pick("123456789", 1), digits(76)),
    ),
    L(
        BET,
        "polymarket_funder_address",
        "POLYMARKET_PROXY_ADDRESS={v}   # funder: the proxy wallet shown on your profile",
        join("0x", hexl(40)),
    ),
    L(
        BET,
        "polymarket_tx_hash",
        '{"success":true,"errorMsg":"","orderID":"0x{oid}","transactionsHashes":["{v}"],"status":"matched"}',
        join("0x", hexl(64)),
        oid=hexl(64),
    ),
    L(
        BET,
        "apisports_masked",
        "Dashboard > Account > API key: {v} (click to reveal)",
        join("*" * 28, hexl(4)),
    ),
    L(
        BET,
        "pip_hash",
        "betfairlightweight==2.20.3 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
]
