"""A hundred-and-sixty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of podcast hosting and audio platforms: Transistor (an API key
sent as the `x-api-key` header, MCP server `env` blocks, `media.transistor.fm` enclosure URLs),
Buzzsprout (`Authorization: Token token=…`, 32 hex, a numeric podcast id in the URL, the Gatsby
source plugin's `token` option), Podbean (OAuth2 client credentials sent with `curl -u id:secret` to
`/v1/oauth/token`, `access_token` as a query parameter, the public client id in the `/v1/dialog/oauth`
URL), Captivate (a user id UUID and an API token posted as multipart `username`/`token` to
`/authenticate/token`, show UUIDs in paths), Spreaker (`Authorization: Bearer` on `/v2/shows/…/episodes`
uploads), Listen Notes (`X-ListenAPI-Key`, 32 hex, the SDK's `podcast_api.Client(api_key=…)`, the docs'
half-masked key, and 32-hex podcast and episode ids of the same shape), Podchaser (the GraphQL
`requestAccessToken` mutation with `client_secret`, one-year RS256 JWT access tokens, the public client
id UUID in the `do-auth` URL), Castos (`token` query parameter on `app.castos.com/api/v2`), Caster.fm
(private token and public widget token, both UUIDs), Blubrry (OAuth2 token responses with a
non-expiring 40-hex refresh token, an INI of client credentials), Apple App Store Connect keys as used
for Apple Podcasts delivery (ES256 JWTs with `kid` and `aud: appstoreconnect-v1`, a `.p8` key inlined
with literal `\\n`, `AuthKey_<KEYID>.p8`, issuer UUIDs, numeric Apple Podcasts show ids), Spotify Web
API (32-hex client id and secret, Basic auth of `id:secret`, `BQ…` access and `AQ…` refresh tokens, the
docs' elided `six...five` token example, 22-character base62 show ids, PKCE authorize URLs), and the
Podcast Index (a 20-character upper-case key, a 40-character secret, and the `Authorization` header
that is sha1(key + secret + X-Auth-Date), replayable within its five-minute window, so counted as a
secret here; masked keys as its issue tracker shows them, `podcast:guid` UUIDv5s). Where a vendor
does not publish the length of its keys (Transistor, Captivate, Spreaker, Castos, Blubrry's client
credentials) the values are plausible alphanumeric strings of typical length. Every value is generated; none is copied.

First score, blind, before any rule changed for it (after the rules for 155 to 159):
25 of 25 secrets caught, 1 of 25 look-alikes altered (altered: Ruby's
`#{ENV.fetch("BUZZSPROUT_API_TOKEN")}` after `Token token=`).
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

POD = "podcasts"

P8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def asc_jwt(rng: random.Random) -> str:
    """An App Store Connect API token: ES256 header with a key id, issuer UUID, 20-minute lifetime."""
    kid = upper_alnum(10)(rng)
    iat = 1717000000 + rng.randrange(20_000_000)
    head = _b64url_json({"alg": "ES256", "kid": kid, "typ": "JWT"})
    body = _b64url_json({"iss": uuid(rng), "iat": iat, "exp": iat + 1200, "aud": "appstoreconnect-v1"})
    return f"{head}.{body}.{b64url(86)(rng)}"


def passport_jwt(rng: random.Random) -> str:
    """A one-year RS256 OAuth access token as Podchaser's `requestAccessToken` returns it."""
    iat = 1717000000 + rng.randrange(20_000_000)
    head = _b64url_json({"typ": "JWT", "alg": "RS256"})
    body = _b64url_json(
        {
            "aud": uuid(rng),
            "jti": hexl(80)(rng),
            "iat": iat,
            "nbf": iat,
            "exp": iat + 31536000,
            "sub": "",
            "scopes": [],
        }
    )
    return f"{head}.{body}.{b64url(342)(rng)}"


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def p8_escaped(rng: random.Random) -> str:
    """The three base64 lines of an EC P-256 `.p8` joined by a literal backslash-n."""
    return "\\n".join([P8_HEAD + b64(16)(rng), b64(64)(rng), b64(56)(rng)])


def uuid5_like(rng: random.Random) -> str:
    h = uuid(rng)
    return h[:14] + "5" + h[15:19] + rng.choice("89ab") + h[20:]


pi_key = upper_alnum(20)
pi_secret = pick(B62 + "$#^", 40)
epoch = join("17", digits(8))
spotify_id = hexl(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 25, "the rules for 155 to 159")

TEMPLATES: list = [
    # ---- secrets: Transistor
    S(
        POD,
        "transistor_header",
        '$ curl -s "https://api.transistor.fm/v1/episodes?show_id={show}&pagination[per]=5" -H "x-api-key: {v}" | jq ".data[].attributes.title"',
        b62(22),
        show=digits(5),
    ),
    S(
        POD,
        "transistor_mcp_env",
        '    "transistor": {\n      "command": "node",\n      "args": ["/opt/mcp/transistor-server/build/index.js"],\n'
        '      "env": {\n        "TRANSISTOR_API_KEY": "{v}"\n      }\n    }',
        b62(22),
    ),
    # ---- secrets: Buzzsprout
    S(
        POD,
        "buzzsprout_token_header",
        '        self.session.headers.update({"Authorization": "Token token={v}", "User-Agent": "ep-sync/0.3 (ops@kestrelradio.org)"})',
        hexl(32),
    ),
    S(
        POD,
        "buzzsprout_gatsby_option",
        "    {\n      resolve: `gatsby-source-buzzsprout-api`,\n      options: {\n        name: `KestrelRadio`,\n"
        "        token: '{v}',\n        podcastId: '{pid}'\n      }\n    },",
        hexl(32),
        pid=digits(7),
    ),
    # ---- secrets: Podbean
    S(
        POD,
        "podbean_curl_basic",
        "$ curl -s -u {cid}:{v} https://api.podbean.com/v1/oauth/token -X POST -d 'grant_type=client_credentials'",
        hexl(21),
        cid=hexl(21),
    ),
    S(
        POD,
        "podbean_access_token_query",
        "$ curl https://api.podbean.com/v1/episodes -G -d 'access_token={v}' -d 'offset=0' -d 'limit=50'",
        hexl(40),
    ),
    # ---- secrets: Captivate
    S(
        POD,
        "captivate_form_token",
        '$ curl -s -X POST https://api.captivate.fm/authenticate/token -F "username={uid}" -F "token={v}" | jq -r .user.token',
        b62(40),
        uid=uuid,
    ),
    S(
        POD,
        "captivate_ctor",
        'const captivate = new Captivate("{uid}", "{v}");\nawait captivate.authenticateUser();',
        b62(40),
        uid=uuid,
    ),
    # ---- secrets: Spreaker
    S(
        POD,
        "spreaker_bearer_upload",
        '$ curl -X POST "https://api.spreaker.com/v2/shows/{show}/episodes" -H "Authorization: Bearer {v}"'
        ' -F "title=Ep. 42 - Night Trains" -F "media_file=@out/ep42.mp3"',
        b62(40),
        show=join("4", digits(6)),
    ),
    # ---- secrets: Listen Notes
    S(
        POD,
        "listennotes_header",
        "$ curl -X GET 'https://listen-api.listennotes.com/api/v2/search?q=night%20trains&type=episode' -H 'X-ListenAPI-Key: {v}'",
        hexl(32),
    ),
    S(
        POD,
        "listennotes_client",
        'from listennotes import podcast_api\n\nclient = podcast_api.Client(api_key="{v}")\n'
        'response = client.typeahead(q="railways", show_podcasts=1)',
        hexl(32),
    ),
    # ---- secrets: Podchaser
    S(
        POD,
        "podchaser_mutation_secret",
        "mutation {\n  requestAccessToken(\n    input: {\n      grant_type: CLIENT_CREDENTIALS\n"
        '      client_id: "{cid}"\n      client_secret: "{v}"\n    }\n  ) {\n    access_token\n  }\n}',
        b62(40),
        cid=uuid,
    ),
    S(
        POD,
        "podchaser_bearer_jwt",
        '$ curl -s https://api.podchaser.com/graphql -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        " -d @/tmp/podchaser_query.json",
        passport_jwt,
    ),
    # ---- secrets: Castos, Caster.fm
    S(
        POD,
        "castos_token_query",
        "INFO castos: GET https://app.castos.com/api/v2/podcasts/{pid}/episodes?token={v} -> 200 (0.41s)",
        b62(32),
        pid=digits(5),
    ),
    S(
        POD,
        "casterfm_private_token",
        '$ curl -i -X GET -H "Accept: application/json" "https://hub.cloud.caster.fm/private/checkToken?token={v}"',
        uuid,
    ),
    # ---- secrets: Blubrry
    S(
        POD,
        "blubrry_refresh_token",
        '{"access_token":"{at}","expires_in":3600,"token_type":"Bearer","scope":null,"refresh_token":"{v}"}',
        hexl(40),
        at=hexl(40),
    ),
    S(
        POD,
        "blubrry_ini",
        "$ cat ~/.config/podstats/blubrry.ini\n[blubrry]\nclient_id = {cid}\nclient_secret = {v}\n"
        "redirect_uri = http://localhost:8765/callback",
        b62(32),
        cid=lower_alnum(16),
    ),
    # ---- secrets: App Store Connect (Apple Podcasts delivery)
    S(
        POD,
        "asc_jwt_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" "https://api.appstoreconnect.apple.com/v1/apps?limit=5"',
        asc_jwt,
    ),
    S(
        POD,
        "asc_p8_escaped",
        'ASC_KEY_ID={kid}\nASC_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----"',
        p8_escaped,
        kid=upper_alnum(10),
    ),
    # ---- secrets: Spotify Web API
    S(
        POD,
        "spotipy_client_secret",
        "sp = spotipy.Spotify(\n    auth_manager=SpotifyClientCredentials(\n"
        '        client_id="{cid}",\n        client_secret="{v}",\n    )\n)',
        spotify_id,
        cid=spotify_id,
    ),
    S(
        POD,
        "spotify_basic_header",
        '$ curl -s -X POST https://accounts.spotify.com/api/token -H "Authorization: Basic {v}" -d grant_type=client_credentials',
        basic_auth(spotify_id, spotify_id),
    ),
    S(
        POD,
        "spotify_access_token_output",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600}',
        join("BQ", b64url(150)),
    ),
    S(
        POD,
        "spotify_refresh_cache",
        '$ cat .cache-kestrel\n{"access_token": "{at}", "token_type": "Bearer", "expires_in": 3600, '
        '"scope": "user-read-playback-position", "expires_at": {exp}, "refresh_token": "{v}"}',
        join("AQ", b64url(129)),
        at=join("BQ", b64url(150)),
        exp=epoch,
    ),
    # ---- secrets: Podcast Index
    S(
        POD,
        "podcastindex_env",
        "# .env\nPODCASTINDEX_API_KEY={key}\nPODCASTINDEX_API_SECRET={v}\nPODCASTINDEX_USER_AGENT=KestrelFeedBot/1.2",
        pi_secret,
        key=pi_key,
    ),
    S(
        POD,
        "podcastindex_auth_header",
        "> GET /api/1.0/podcasts/byfeedurl?url=https%3A%2F%2Ffeeds.kestrelradio.org%2Fmain.xml HTTP/2\n"
        "> Host: api.podcastindex.org\n> User-Agent: KestrelFeedBot/1.2\n> X-Auth-Key: {key}\n"
        "> X-Auth-Date: {ts}\n> Authorization: {v}",
        hexl(40),
        note="sha1(key+secret+date), replayable for five minutes",
        key=pi_key,
        ts=epoch,
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        POD,
        "transistor_env_ref",
        '$ curl -s https://api.transistor.fm/v1/shows -H "x-api-key: {v}"',
        const("${TRANSISTOR_API_KEY}"),
    ),
    L(
        POD,
        "buzzsprout_env_ref",
        '    req["Authorization"] = "Token token={v}"',
        const('#{ENV.fetch("BUZZSPROUT_API_TOKEN")}'),
    ),
    L(
        POD,
        "listennotes_masked",
        "from listennotes import podcast_api\n\napi_key = '{v}'\nclient = podcast_api.Client(api_key=api_key)",
        join(hexl(24), "********"),
    ),
    L(
        POD,
        "spotify_elided_token",
        "curl --request GET 'https://api.spotify.com/v1/shows/{sid}' --header \"Authorization: Bearer {v}\"",
        join(b62(6), "...", b62(5)),
        sid=b62(22),
    ),
    L(
        POD,
        "podcastindex_masked_key",
        "Your keys:\n  {v}  read-only  created 2024-03-06  [rotate] [delete]",
        join(upper_alnum(4), "...", upper_alnum(4)),
    ),
    L(
        POD,
        "castos_placeholder",
        "# .env.example (copy to .env)\nCASTOS_API_TOKEN={v}\nCASTOS_PODCAST_ID=",
        const("<your-castos-api-token>"),
    ),
    L(
        POD,
        "spreaker_placeholder",
        '  -H "Authorization: Bearer {v}" \\',
        const("x" * 40),
    ),
    L(
        POD,
        "gha_secret_ref",
        "        env:\n          SPOTIPY_CLIENT_ID: ${{ vars.SPOTIPY_CLIENT_ID }}\n          SPOTIPY_CLIENT_SECRET: {v}",
        const("${{ secrets.SPOTIPY_CLIENT_SECRET }}"),
    ),
    L(
        POD,
        "podbean_token_url",
        "PODBEAN_CLIENT_ID=\nPODBEAN_TOKEN_URL={v}",
        const("https://api.podbean.com/v1/oauth/token"),
    ),
    # ---- look-alikes: public ids of the same shapes as the keys
    L(
        POD,
        "podbean_client_id_url",
        "Please visit the link below:\nhttps://api.podbean.com/v1/dialog/oauth?client_id={v}"
        "&redirect_uri=http%3A%2F%2Flocalhost%3A8080&response_type=code&scope=episode_publish",
        hexl(21),
    ),
    L(POD, "captivate_user_id", "CAPTIVATE_USER_ID={v}", uuid),
    L(
        POD,
        "captivate_show_id",
        "[captivate] GET https://api.captivate.fm/shows/{v}/episodes -> 200, 37 episodes",
        uuid,
    ),
    L(
        POD,
        "listennotes_podcast_id",
        "$ curl -s 'https://listen-api.listennotes.com/api/v2/podcasts/{v}?sort=recent_first' -H \"X-ListenAPI-Key: $LISTEN_API_KEY\"",
        hexl(32),
    ),
    L(
        POD,
        "listennotes_episode_id",
        '      "id": "{v}",\n      "listennotes_url": "https://www.listennotes.com/e/{v}/",\n      "audio_length_sec": 1705,',
        hexl(32),
    ),
    L(
        POD,
        "podchaser_client_id",
        "Redirecting to https://www.podchaser.com/do-auth?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fkestrelradio.org%2Fpodchaser%2Fcallback&scope=read_ratings%20read_reviews",
        uuid,
    ),
    L(
        POD,
        "casterfm_public_token",
        '<div class="caster-fm-player" data-token="{v}" data-theme="dark"></div>',
        uuid,
    ),
    L(
        POD,
        "asc_key_filename",
        "$ ls ~/.appstoreconnect/private_keys/\nAuthKey_{v}.p8",
        upper_alnum(10),
    ),
    L(
        POD,
        "asc_decoded_payload",
        '$ jwt decode --json "$ASC_TOKEN" | jq .payload\n{\n  "iss": "{v}",\n  "iat": {iat},\n  "aud": "appstoreconnect-v1"\n}',
        uuid,
        iat=epoch,
    ),
    L(
        POD,
        "apple_podcasts_id",
        "Apple Podcasts: https://podcasts.apple.com/us/podcast/kestrel-radio/id{v}",
        digits(10),
    ),
    L(
        POD,
        "spotify_client_id_pkce",
        "Open this URL to log in:\nhttps://accounts.spotify.com/authorize?response_type=code&client_id={v}"
        "&scope=user-read-playback-position&code_challenge_method=S256&code_challenge={cc}"
        "&redirect_uri=http%3A%2F%2F127.0.0.1%3A8888%2Fcallback",
        spotify_id,
        cc=b64url(43),
    ),
    L(
        POD,
        "spotify_show_id",
        "Spotify: https://open.spotify.com/show/{v}?si={si}",
        b62(22),
        si=hexl(16),
    ),
    L(POD, "podcast_guid", "    <podcast:guid>{v}</podcast:guid>", uuid5_like),
    L(
        POD,
        "transistor_media_url",
        '<enclosure url="{v}" length="48213377" type="audio/mpeg"/>',
        join("https://media.transistor.fm/", hexl(8), "/", hexl(8), ".mp3"),
    ),
    # ---- look-alikes: hashes
    L(
        POD,
        "episode_checksum",
        "$ sha256sum out/ep42.mp3\n{v}  out/ep42.mp3",
        hexl(64),
    ),
    L(
        POD,
        "commit_sha",
        "$ git -C site rev-parse HEAD\n{v}\n$ hugo --minify && netlify deploy --prod",
        hexl(40),
    ),
]
