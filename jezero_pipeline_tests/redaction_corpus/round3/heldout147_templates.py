"""A hundred-and-forty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of online-game and chess-platform APIs: Lichess personal
and bot tokens (`lip_…`, the older bare 16-character tokens, `berserk.TokenSession`, the
lichess-bot `config.yml`), the Chess.com PubAPI (keyless: only its public ids here), Steam Web
API keys (32 uppercase hex characters in `?key=` and an `app.config`), SteamCMD's positional
`+login user password`, a Steam Desktop Authenticator `.maFile` shared secret and the
`steamLoginSecure` cookie, Riot Games keys (`RGAPI-` + uuid in `X-Riot-Token` and `?api_key=`),
Battle.net OAuth client credentials (`curl -u id:secret`, the token response, a YAML config),
osu! API v2 client secrets (ossapi, the `/oauth/token` form) and v1 `k=` keys, Speedrun.com
`X-API-Key`, OpenXBL `X-Authorization` and the Xbox Live `XBL3.0 x=uhs;token` header,
PlayStation Network NPSSO codes (the `ssocookie` answer and PSNAWP), FACEIT Data API bearer
keys, Challonge v1 keys in a basic-auth URL, start.gg bearer tokens and BoardGameGeek XML API2
bearer tokens; in commands, headers, URLs, config files, code and tool output. Look-alikes are
the public values the same documentation shows beside them: Lichess game ids, Chess.com game
uuids and player ids, SteamID64s, depot manifests, PUUIDs and match ids, Battle.net client ids,
osu! client ids and beatmap MD5 checksums, Speedrun.com game ids, XUIDs and user hashes, PSN
account ids, FACEIT player and match ids, Challonge and BGG numeric ids, placeholders, a masked
key, a commit hash, a `token_type` and secret-store references.

The search tool's budget was spent before any lookup could be made, so the shapes were written
from the author's recollection of those vendors' documentation rather than from a fresh reading.

First score, blind, before any rule changed for it (after the rules for 140 to 144):
24 of 25 secrets caught, 1 of 25 look-alikes altered (missed: osu!'s v1 key as the query's `k=`;
altered: a Riot PUUID (an id of 78 characters); written from memory).
"""

from __future__ import annotations

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

GM = "gaming_apis"


def nz_digits(n: int):
    """A decimal id of n digits without a leading zero."""
    return join(pick("123456789", 1), digits(n - 1))


lichess_token = join("lip_", b62(20))
steam_key = hexu(32)
steam_id = join("7656119", digits(10))
riot_key = join("RGAPI-", uuid)
bnet_secret = b62(32)
osu_secret = b62(40)
npsso = b62(64)
challonge_key = b62(40)
jwt = join("eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", b64url(180), ".", b64url(86))
xsts = join(
    "eyJlbmMiOiJBMTI4Q0JDK0hTMjU2IiwiYWxnIjoiUlNBLU9BRVAi",
    b64url(90),
    ".",
    b64url(342),
    ".",
    b64url(22),
    ".",
    b64url(512),
    ".",
    b64url(22),
)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 25, "the rules for 140 to 144")

TEMPLATES: list = [
    # ---- secrets: Lichess
    S(
        GM,
        "lichess_bearer_header",
        '$ curl -s https://lichess.org/api/account -H "Authorization: Bearer {v}" | jq .username',
        lichess_token,
    ),
    S(
        GM,
        "lichess_bot_config",
        '$ head -4 lichess-bot/config.yml\ntoken: "{v}"    # Lichess OAuth2 Token.\n'
        'url: "https://lichess.org/"      # Lichess base URL.\nengine:                           # Engine settings.',
        lichess_token,
    ),
    S(
        GM,
        "lichess_berserk_session",
        'session = berserk.TokenSession("{v}")\nclient = berserk.Client(session=session)',
        b62(16),
        note="the older bare 16-character personal token",
    ),
    # ---- secrets: Steam
    S(
        GM,
        "steam_key_query",
        '$ curl -s "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/?key={v}&steamids={sid}"',
        steam_key,
        sid=steam_id,
    ),
    S(
        GM,
        "steam_key_app_config",
        '  <appSettings>\n    <add key="SteamWebApiKey" value="{v}" />\n    <add key="SteamAppId" value="{app}" />\n  </appSettings>',
        steam_key,
        app=nz_digits(6),
    ),
    S(
        GM,
        "steamcmd_login_positional",
        "$ ./steamcmd.sh +login ci_depot_builder {v} +run_app_build ../scripts/app_build_{app}.vdf +quit",
        b62(18),
        app=nz_digits(7),
    ),
    S(
        GM,
        "steam_mafile_shared_secret",
        '$ jq . maFiles/{sid}.maFile | head -4\n{\n  "shared_secret": "{v}",\n  "serial_number": "{serial}",',
        b64(27, "="),
        sid=steam_id,
        serial=nz_digits(19),
    ),
    S(
        GM,
        "steam_login_secure_cookie",
        "Cookie: sessionid={sess}; steamLoginSecure={sid}%7C%7C{v}",
        jwt,
        sess=hexl(24),
        sid=steam_id,
    ),
    # ---- secrets: Riot Games
    S(
        GM,
        "riot_token_header_dict",
        'HEADERS = {"X-Riot-Token": "{v}", "Accept-Language": "en-US"}',
        riot_key,
    ),
    S(
        GM,
        "riot_key_query",
        "GET https://europe.api.riotgames.com/riot/account/v1/accounts/by-riot-id/Faker/KR1?api_key={v} -> 200 OK",
        riot_key,
    ),
    # ---- secrets: Battle.net
    S(
        GM,
        "battlenet_curl_basic",
        "$ curl -u {cid}:{v} -d grant_type=client_credentials https://oauth.battle.net/token",
        bnet_secret,
        cid=hexl(32),
    ),
    S(
        GM,
        "battlenet_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":86399,"sub":"{cid}"}',
        join("EU", b62(32)),
        cid=hexl(32),
    ),
    S(
        GM,
        "battlenet_yaml",
        "blizzard:\n  region: eu\n  client_id: {cid}\n  client_secret: {v}\n  locale: en_GB",
        bnet_secret,
        cid=hexl(32),
    ),
    # ---- secrets: osu!
    S(
        GM,
        "osu_ossapi",
        "api = Ossapi({cid}, '{v}')\nprint(api.user('peppy').statistics.pp)",
        osu_secret,
        cid=nz_digits(5),
    ),
    S(
        GM,
        "osu_oauth_form",
        '$ curl -X POST https://osu.ppy.sh/oauth/token -H "Accept: application/json"'
        ' -d "client_id={cid}&client_secret={v}&grant_type=client_credentials&scope=public"',
        osu_secret,
        cid=nz_digits(5),
    ),
    S(GM, "osu_v1_key", "fetching https://osu.ppy.sh/api/get_beatmaps?k={v}&b={bid}&m=0", hexl(40), bid=nz_digits(7)),
    # ---- secrets: Speedrun.com, Xbox, PSN
    S(
        GM,
        "speedrun_api_key",
        '$ http GET https://www.speedrun.com/api/v1/profile "X-API-Key:{v}"',
        lower_alnum(25),
    ),
    S(
        GM,
        "openxbl_key",
        "$ curl -s https://xbl.io/api/v2/account -H 'X-Authorization: {v}' -H 'Accept: application/json'",
        uuid,
    ),
    S(GM, "xbl3_authorization", "Authorization: XBL3.0 x={uhs};{v}", xsts, uhs=nz_digits(19)),
    S(
        GM,
        "psn_npsso_output",
        '$ curl -s https://ca.account.sony.com/api/v1/ssocookie -b cookies.txt\n{"npsso":"{v}"}',
        npsso,
    ),
    S(GM, "psnawp_client", 'psnawp = PSNAWP("{v}")\nclient = psnawp.me()', npsso),
    # ---- secrets: FACEIT, Challonge, start.gg, BoardGameGeek
    S(
        GM,
        "faceit_bearer",
        "$ curl -s 'https://open.faceit.com/data/v4/players?nickname=s1mple&game=cs2' -H 'Authorization: Bearer {v}'",
        uuid,
    ),
    S(
        GM,
        "challonge_basic_url",
        "requests.get('https://{user}:{v}@api.challonge.com/v1/tournaments.json', params={'state': 'in_progress'})",
        challonge_key,
        user=const("brackets_bot"),
    ),
    S(
        GM,
        "startgg_graphql_client",
        'client = GraphqlClient(endpoint="https://api.start.gg/gql/alpha", headers={"Authorization": "Bearer {v}"})',
        hexl(32),
    ),
    S(
        GM,
        "bgg_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" "https://boardgamegeek.com/xmlapi2/thing?id={gid}&stats=1"',
        uuid,
        gid=nz_digits(6),
    ),
    # ---- look-alikes: public ids
    L(
        GM,
        "lichess_game_id",
        "$ curl -s https://lichess.org/game/export/{v}?clocks=false -H 'Accept: application/x-chess-pgn'",
        b62(8),
    ),
    L(
        GM,
        "chesscom_game_uuid",
        '      "url": "https://www.chess.com/game/live/{gid}",\n      "uuid": "{v}",\n      "time_class": "blitz",',
        uuid,
        gid=nz_digits(11),
    ),
    L(
        GM,
        "chesscom_player_id",
        '{"@id":"https://api.chess.com/pub/player/hikaru","player_id":{v},"status":"premium"}',
        nz_digits(8),
    ),
    L(
        GM,
        "steamid64",
        '$ curl -s "https://api.steampowered.com/IPlayerService/GetOwnedGames/v1/?key=$STEAM_API_KEY&steamid={v}"',
        steam_id,
    ),
    L(
        GM,
        "steam_depot_manifest",
        "Successfully finished AppID {app} build (BuildID {build}).\n  Depot {dep} - Manifest {v}",
        nz_digits(19),
        app=nz_digits(7),
        build=nz_digits(8),
        dep=nz_digits(7),
    ),
    L(
        GM,
        "steam_key_masked",
        "[config] steam.web_api_key = {v} (loaded from env)",
        join("****************************", hexu(4)),
    ),
    L(GM, "riot_puuid", '  "puuid": "{v}",\n  "gameName": "Faker",\n  "tagLine": "KR1"', b64url(78)),
    L(GM, "riot_match_id", "GET /lol/match/v5/matches/{v}/timeline -> 200", join("EUW1_", nz_digits(10))),
    L(
        GM,
        "riot_placeholder",
        "# .env.example\nRIOT_API_KEY={v}",
        const("RGAPI-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(GM, "battlenet_client_id", "export BLIZZARD_CLIENT_ID={v}", hexl(32)),
    L(
        GM,
        "battlenet_secret_ref",
        "        env:\n          BLIZZARD_CLIENT_SECRET: {v}\n          BLIZZARD_REGION: eu",
        const("${{ secrets.BLIZZARD_CLIENT_SECRET }}"),
    ),
    L(
        GM,
        "osu_beatmap_checksum",
        '  "beatmapset_id": {bs},\n  "checksum": "{v}",\n  "difficulty_rating": 6.42,',
        hexl(32),
        bs=nz_digits(7),
    ),
    L(GM, "osu_client_id", "OSU_CLIENT_ID={v}\nOSU_CLIENT_SECRET=${OSU_CLIENT_SECRET:?set in vault}", nz_digits(5)),
    L(
        GM,
        "speedrun_game_id",
        "$ curl -s https://www.speedrun.com/api/v1/games/{v}/records?top=1 | jq '.data[0].runs[0].run.id'",
        lower_alnum(8),
    ),
    L(
        GM,
        "xbox_user_hash",
        '  "DisplayClaims": {\n    "xui": [\n      {\n        "uhs": "{v}"\n      }\n    ]\n  }',
        nz_digits(19),
    ),
    L(GM, "xbox_xuid", '{"xuid":"{v}","gamertag":"Major Nelson","gamerScore":"312875"}', join("2533274", digits(9))),
    L(GM, "psn_account_id", "  online_id: PlayStationDev\n  account_id: {v}\n  region: gb", nz_digits(19)),
    L(GM, "psnawp_placeholder", "psnawp = PSNAWP({v})", const('"<64 character npsso code>"')),
    L(
        GM,
        "faceit_player_id",
        '$ curl -s "https://open.faceit.com/data/v4/players/{v}/stats/cs2" -H "Authorization: Bearer $FACEIT_API_KEY"',
        uuid,
    ),
    L(GM, "faceit_match_id", '  "match_id": "{v}",\n  "competition_type": "matchmaking",', join("1-", uuid)),
    L(
        GM,
        "challonge_tournament_id",
        '{"tournament":{"id":{v},"url":"spring_open_2024","state":"underway","participants_count":64}}',
        nz_digits(8),
    ),
    L(
        GM,
        "challonge_placeholder",
        "CHALLONGE_API_KEY={v}  # from https://challonge.com/settings/developer",
        const("<your-api-key>"),
    ),
    L(
        GM,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} move start.gg token to Vault (secret/esports/startgg)",
        hexl(40),
    ),
    L(
        GM,
        "bgg_thing_id",
        '<item type="boardgame" id="{v}">\n  <name type="primary" sortindex="1" value="Gloomhaven" />',
        nz_digits(6),
    ),
    L(
        GM,
        "token_type_name",
        '  "token_type": "{v}",\n  "expires_in": 86400,\n  "scope": "public"',
        const("Bearer"),
    ),
]
