"""A ninety-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of music and audio APIs and the tools around them: the
Spotify Web API (client credentials and refresh-token flows, `Authorization: Basic` of
`client_id:client_secret`, `BQ…` access and `AQ…` refresh tokens, spotipy's `SPOTIPY_*`
variables and `.cache` file), spotifyd's `spotifyd.conf`/CLI and Mopidy-Spotify's `mopidy.conf`,
SoundCloud (`Authorization: OAuth 2-…` tokens, client credentials at secure.soundcloud.com,
Mopidy-SoundCloud's `auth_token`), Last.fm (shared secret, `auth.getSession` session keys,
multi-scrobbler's `LASTFM_*` variables, MusicBrainz ids), Genius (64-character client access
tokens, `lyricsgenius`, OAuth client ids), Musixmatch (`apikey` query parameter, ISRC lookups),
Discogs (`Authorization: Discogs token=`, OAuth 1.0a PLAINTEXT signatures, consumer keys, signed
image URLs), Deezer (application id and secret, `deezer-oauth` CLI, `access_token` query, the
192-hex `arl` cookie used by deemix-style tools), Apple MusicKit developer tokens (ES256 JWTs
with a 10-character key id and team id, `.p8` keys), AudD (`api_token`, the documented `test`
token), ACRCloud (identify host, `access_key`/`access_secret`, `acrid` result ids), Freesound
(`Authorization: Token`, OAuth2 bearer tokens, 20-character client ids) and Jamendo (8-hex client
ids, OAuth grant with `client_secret`), in commands, config files, code and tool output, with the
public ids, placeholders, masked values and secret-store references the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 90 to 94):
21 of 25 secrets caught, 2 of 25 look-alikes altered (missed: an OAuth 1.0 PLAINTEXT
`oauth_signature`, a secret as `deezer-oauth`'s second argument, a Deezer `.arl` printed by `cat`, a
token in a REPL's printed tuple; altered: the docs' `Bearer u9vPDf...59v1Z`, `--user-agent
"CrateSync/0.4"`).
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
    repeated,
    upper_alnum,
    uuid,
)

MU = "music"

P8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def musickit_jwt(rng: random.Random) -> str:
    """An Apple Music developer token: ES256 header with a key id, team id as issuer, 64-byte signature."""
    kid = upper_alnum(10)(rng)
    team = upper_alnum(10)(rng)
    iat = 1_715_000_000 + rng.randrange(20_000_000)
    header = _b64url_json({"alg": "ES256", "kid": kid})
    payload = _b64url_json({"iss": team, "iat": iat, "exp": iat + 15_552_000})
    return f"{header}.{payload}.{b64url(86)(rng)}"


def p8_body_escaped(rng: random.Random) -> str:
    """The three base64 lines of a MusicKit `.p8` (EC P-256 PKCS#8) key, joined by a literal \\n."""
    return "\\n".join([P8_HEAD + b64(16)(rng), b64(64)(rng), b64(56)(rng)])


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def isrc(rng: random.Random) -> str:
    return pick(string.ascii_uppercase, 2)(rng) + upper_alnum(3)(rng) + digits(7)(rng)


soundcloud_token = join("2-", digits(6), "-", digits(9), "-", b62(14))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 2, 25, "the rules for 90 to 94")

TEMPLATES: list = [
    # ---- secrets: Spotify and the players built on it
    S(
        MU,
        "spotipy_client_secret",
        "export SPOTIPY_CLIENT_ID={cid}\nexport SPOTIPY_CLIENT_SECRET={v}\n"
        "export SPOTIPY_REDIRECT_URI=http://127.0.0.1:8888/callback",
        hexl(32),
        cid=hexl(32),
    ),
    S(
        MU,
        "spotify_basic_auth",
        '$ curl -s -X POST "https://accounts.spotify.com/api/token" -H "Authorization: Basic {v}"'
        " -d grant_type=client_credentials | jq .expires_in\n3600",
        basic_pair(hexl(32), hexl(32)),
    ),
    S(
        MU,
        "spotify_access_token_cache",
        '$ cat .cache\n{"access_token": "{v}", "token_type": "Bearer", "expires_in": 3600,'
        ' "scope": "playlist-modify-private user-library-read", "expires_at": 1718201133}',
        join("BQ", b64url(196)),
    ),
    S(
        MU,
        "spotify_refresh_token",
        "const spotifyApi = new SpotifyWebApi({ clientId, clientSecret, redirectUri });\n"
        "spotifyApi.setRefreshToken('{v}');\nconst { body } = await spotifyApi.refreshAccessToken();",
        join("AQ", b64url(129)),
    ),
    S(
        MU,
        "spotifyd_password_flag",
        '$ spotifyd --no-daemon --backend pulseaudio --device-name "living-room" --username {user} --password "{v}"',
        password(18),
        user=digits(10),
    ),
    S(
        MU,
        "mopidy_spotify_secret",
        "[spotify]\nenabled = true\nclient_id = {cid}\nclient_secret = {v}\nbitrate = 320",
        join(b64url(43), "="),
        cid=uuid,
    ),
    # ---- secrets: SoundCloud
    S(
        MU,
        "soundcloud_oauth_header",
        '$ curl -s "https://api.soundcloud.com/me/likes/tracks?limit=50&linked_partitioning=true"'
        ' -H "accept: application/json; charset=utf-8" -H "Authorization: OAuth {v}"',
        soundcloud_token,
    ),
    S(
        MU,
        "soundcloud_client_credentials",
        '$ curl -s https://secure.soundcloud.com/oauth/token --user "{cid}:{v}"'
        ' --data-urlencode "grant_type=client_credentials" -H "accept: application/json; charset=utf-8"',
        b62(32),
        cid=b62(32),
    ),
    # ---- secrets: Last.fm
    S(
        MU,
        "lastfm_secret_compose",
        "    environment:\n      - TZ=Europe/Amsterdam\n      - LASTFM_API_KEY={key}\n      - LASTFM_SECRET={v}\n"
        "      - LASTFM_REDIRECT_URI=http://192.168.1.20:9078/lastfm/callback",
        hexl(32),
        key=hexl(32),
    ),
    S(
        MU,
        "lastfm_session_key",
        "$ python lastfm_auth.py --token-file .lastfm_token\nauth.getSession ok, store this as LASTFM_SESSION:\n"
        '{"session":{"subscriber":0,"name":"vinylnoise","key":"{v}"}}',
        hexl(32),
    ),
    # ---- secrets: Genius and Musixmatch
    S(
        MU,
        "genius_client_access_token",
        '>>> import lyricsgenius\n>>> genius = lyricsgenius.Genius("{v}", timeout=15, retries=3)\n'
        '>>> song = genius.search_song("Holocene", "Bon Iver")',
        b64url(64),
    ),
    S(
        MU,
        "genius_bearer_header",
        "const geniusAPI = axios.create({\n  baseURL: 'https://api.genius.com',\n"
        "  headers: { Authorization: `Bearer {v}` },\n});",
        b64url(64),
    ),
    S(
        MU,
        "musixmatch_apikey_url",
        '$ curl -s "https://api.musixmatch.com/ws/1.1/track.lyrics.get?track_id={tid}&apikey={v}"'
        " | jq .message.header.status_code\n200",
        hexl(32),
        tid=digits(9),
    ),
    # ---- secrets: Discogs
    S(
        MU,
        "discogs_token_header",
        '$ curl "https://api.discogs.com/users/crate_digger/collection/folders/0/releases?per_page=100"'
        ' --user-agent "CrateSync/0.4 +https://github.com/cratesync" -H "Authorization: Discogs token={v}"',
        b62(40),
    ),
    S(
        MU,
        "discogs_oauth_plaintext",
        'Authorization: OAuth oauth_consumer_key="{ck}", oauth_nonce="{nonce}",'
        ' oauth_signature="{v}&", oauth_signature_method="PLAINTEXT", oauth_timestamp="1718201133",'
        ' oauth_callback="https%3A%2F%2Fcratesync.app%2Fdiscogs%2Fcallback"',
        b62(32),
        ck=b62(20),
        nonce=digits(10),
    ),
    # ---- secrets: Deezer
    S(
        MU,
        "deezer_oauth_cli",
        "$ pip install deezer-oauth-cli\n$ deezer-oauth {appid} {v}\nServing on http://localhost:8080 ...",
        hexl(32),
        appid=digits(6),
    ),
    S(
        MU,
        "deezer_arl",
        "$ cat ~/.config/deemix/.arl\n{v}",
        hexl(192),
    ),
    S(
        MU,
        "deezer_access_token_url",
        "GET https://api.deezer.com/user/me/playlists?access_token={v}&limit=25 -> 200 (0.31s)",
        b62(51),
    ),
    # ---- secrets: Apple MusicKit
    S(
        MU,
        "musickit_developer_token",
        "$ curl -s https://api.music.apple.com/v1/catalog/nl/search?term=khruangbin\\&types=albums"
        ' -H "Authorization: Bearer {v}"',
        musickit_jwt,
    ),
    S(
        MU,
        "musickit_p8_env",
        "APPLE_MUSIC_TEAM_ID={team}\nAPPLE_MUSIC_KEY_ID={kid}\n"
        'APPLE_MUSIC_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----"',
        p8_body_escaped,
        team=upper_alnum(10),
        kid=upper_alnum(10),
    ),
    # ---- secrets: recognition APIs
    S(
        MU,
        "audd_api_token",
        "$ curl https://api.audd.io/ -F url='https://cdn.example.net/clips/radio-0612.mp3'"
        " -F return='apple_music,spotify' -F api_token='{v}'",
        hexl(32),
    ),
    S(
        MU,
        "acrcloud_access_secret",
        "config = {\n    'host': 'identify-eu-west-1.acrcloud.com',\n    'access_key': '{key}',\n"
        "    'access_secret': '{v}',\n    'timeout': 10,\n}\nre = ACRCloudRecognizer(config)",
        b62(40),
        key=hexl(32),
    ),
    # ---- secrets: Freesound and Jamendo
    S(
        MU,
        "freesound_token_header",
        '$ curl -H "Authorization: Token {v}" "https://freesound.org/apiv2/search/text/?query=rain&fields=id,name,previews"',
        b62(40),
    ),
    S(
        MU,
        "freesound_oauth_token",
        '>>> tok = oauth.fetch_token("https://freesound.org/apiv2/oauth2/access_token/", code=code,'
        ' client_secret=os.environ["FREESOUND_SECRET"])\n>>> tok["access_token"], tok["expires_in"]\n(\'{v}\', 86399)',
        b62(30),
    ),
    S(
        MU,
        "jamendo_client_secret",
        "$ curl -s -X POST https://api.jamendo.com/v3.0/oauth/grant -d client_id={cid} -d client_secret={v}"
        " -d grant_type=authorization_code -d code=$CODE -d redirect_uri=https://tapedeck.dev/jamendo/cb",
        hexl(32),
        cid=hexl(8),
    ),
    # ---- look-alikes: public ids shown beside the credentials
    L(
        MU,
        "spotify_client_id",
        "Opening https://accounts.spotify.com/authorize?client_id={v}&response_type=code"
        "&redirect_uri=http%3A%2F%2F127.0.0.1%3A8888%2Fcallback&scope=user-library-read in your browser",
        hexl(32),
    ),
    L(
        MU,
        "spotify_track_uri",
        '>>> sp.track("spotify:track:{v}")["name"]\n\'Nightcall\'',
        b62(22),
    ),
    L(
        MU,
        "spotify_snapshot_id",
        '{\n  "snapshot_id": "{v}"\n}',
        b64(64),
    ),
    L(
        MU,
        "mopidy_client_id",
        "[spotify]\nenabled = true\nclient_id = {v}\nclient_secret = ${SPOTIFY_CLIENT_SECRET}",
        uuid,
    ),
    L(
        MU,
        "lastfm_mbid",
        '{"track":{"name":"Teardrop","mbid":"{v}","duration":"330000","listeners":"1042387"}}',
        uuid,
    ),
    L(
        MU,
        "genius_client_id",
        "https://api.genius.com/oauth/authorize?client_id={v}&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080"
        "&scope=me&state=9f2c&response_type=code",
        b64url(64),
    ),
    L(
        MU,
        "isrc",
        "res = musixmatch.track_get({ track_isrc: '{v}' })",
        isrc,
    ),
    L(
        MU,
        "discogs_image_url",
        '"thumb": "https://i.discogs.com/{v}/rs:fit/g:sm/q:40/h:150/w:150/czM6Ly9kaXNjb2dzLWRhdGFiYXNlLWltYWdlcy9SLTc1ODk0NDIuanBlZw.jpeg"',
        join(b64url(27), "="),
    ),
    L(
        MU,
        "deezer_app_id",
        'DZ.init({\n  appId: "{v}",\n  channelUrl: "https://tapedeck.dev/deezer-channel.html",\n});',
        digits(6),
    ),
    L(
        MU,
        "musickit_key_id",
        "$ apple-music-jwt-generator generate {team} {v} ./keys/AuthKey_{v}.p8 --exp 86400",
        upper_alnum(10),
        team=upper_alnum(10),
    ),
    L(
        MU,
        "acrcloud_acrid",
        '{"status":{"msg":"Success","code":0},"metadata":{"music":[{"acrid":"{v}","title":"Midnight City","score":100}]}}',
        hexl(32),
    ),
    L(
        MU,
        "freesound_client_id",
        "https://freesound.org/apiv2/oauth2/authorize/?client_id={v}&response_type=code&state=fs-upload",
        b62(20),
    ),
    L(
        MU,
        "pip_commit_sha",
        "$ pip freeze | grep -i spotipy\nspotipy @ git+https://github.com/spotipy-dev/spotipy@{v}",
        hexl(40),
    ),
    # ---- look-alikes: placeholders, documented test values, references and masks
    L(
        MU,
        "spotify_doc_truncated",
        '$ curl "https://api.spotify.com/v1/me" --header "Authorization: Bearer {v}"',
        join(b62(6), "...", b62(5)),
    ),
    L(
        MU,
        "audd_test_token",
        "$ curl https://api.audd.io/ -F url='https://audd.tech/example.mp3' -F api_token='{v}'",
        const("test"),
    ),
    L(
        MU,
        "soundcloud_doc_token",
        "[soundcloud]\nauth_token = {v}\nexplore_songs = 25",
        const("1-1111-1111111"),
    ),
    L(
        MU,
        "env_example",
        "# .env.example\nSOUNDCLOUD_CLIENT_ID=your_client_id_here\nSOUNDCLOUD_CLIENT_SECRET={v}",
        const("your_client_secret_here"),
    ),
    L(
        MU,
        "freesound_placeholder",
        'client = freesound.FreesoundClient()\nclient.set_token("{v}", "token")',
        const("<your_api_key>"),
    ),
    L(
        MU,
        "jamendo_placeholder",
        "Sys.setenv(JAMENDO_CLIENT_ID = 'xxxxxxxx')\nSys.setenv(JAMENDO_CLIENT_SECRET = '{v}')",
        repeated(const("x"), 32),
    ),
    L(
        MU,
        "discogs_placeholder",
        '$ curl https://api.discogs.com/oauth/identity --user-agent "CrateSync/0.4" -H "Authorization: Discogs token={v}"',
        const("<user-token>"),
    ),
    L(
        MU,
        "gha_secret_ref",
        "      - run: python sync_playlists.py\n        env:\n          SPOTIPY_CLIENT_ID: ${{ vars.SPOTIPY_CLIENT_ID }}\n"
        "          SPOTIPY_CLIENT_SECRET: {v}",
        const("${{ secrets.SPOTIPY_CLIENT_SECRET }}"),
    ),
    L(
        MU,
        "compose_interpolation",
        "    environment:\n      - LASTFM_API_KEY=${LASTFM_API_KEY}\n      - LASTFM_SECRET={v}",
        const("${LASTFM_SECRET:?set LASTFM_SECRET in .env}"),
    ),
    L(
        MU,
        "musixmatch_env_ref",
        '$ curl -s "https://api.musixmatch.com/ws/1.1/matcher.track.get?q_track=Breathe&q_artist=Telepopmusik&apikey={v}"',
        const("${MUSIXMATCH_API_KEY}"),
    ),
    L(
        MU,
        "spotifyd_password_cmd",
        '[global]\nusername = "{user}"\npassword_cmd = "{v}"\nbackend = "pulseaudio"\ndevice_name = "living-room"',
        const("pass show music/spotify-device"),
        user=digits(10),
    ),
    L(
        MU,
        "mopidy_config_masked",
        "$ sudo mopidyctl config | sed -n '/^\\[spotify\\]/,/^$/p'\n[spotify]\nenabled = true\n"
        "username = {user}\npassword = {v}\nclient_secret = ********",
        const("********"),
        user=digits(9),
    ),
]
