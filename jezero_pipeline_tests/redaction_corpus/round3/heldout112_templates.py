"""A hundred-and-twelfth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of event ticketing and event platforms: Eventbrite (20-character
uppercase private tokens as `?token=` or `Authorization: Bearer`, the 18-character API key that is the
OAuth client id in the authorize URL, 50-character client secrets, numeric event and organization ids),
Ticket Tailor (`sk_<box office>_<key id>_<random>` keys over HTTP Basic auth, the webhook shared secret
and the `Tickettailor-Webhook-Signature: t=…,v1=…` header, `ev_`/`or_` ids), Tito (`Authorization:
Token token=secret_live_…` for the Admin API v3, the `/hello` reply that masks the token to its last
four characters), Luma (`x-luma-api-key: secret-…` keys scoped to one calendar, `evt-`/`cal-` api ids),
the Ticketmaster Discovery API (32-character `apikey` consumer keys, 16-character consumer secrets,
event/attraction/venue ids), the SeatGeek Platform (base64 `client_id` of `<id>|<timestamp>` beside a
64-hex `client_secret`, in the query string or Basic auth), Meetup (OAuth2 bearer tokens for the
GraphQL endpoint, consumer keys in the authorize URL), Cvent (REST client-credentials with a Basic
header, the legacy SOAP `Login` with AccountNumber/UserName/Password, UUID event ids), Bizzabo (client
id, client secret and account id for the SDK's AuthenticationBuilder, Auth0-issued JWT bearer tokens),
Universe (Doorkeeper-style 64-hex client ids and secrets, 24-hex listing ids), RingCentral Events
(formerly Hopin: client-credentials at api.events.ringcentral.com) and Swapcard (a raw access token in
the `Authorization` header of the GraphQL endpoints, base64 global ids), in commands, config files,
code and tool output, with the public ids, placeholders, masks and secret-store references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 105 to 109):
25 of 25 secrets caught, 3 of 23 look-alikes altered (altered: Tito's masked `"*6KUa"` under
`access_token`, an f-string's `{os.environ[…]}` after `client_secret=` in a URL, a percent-encoded
`urn:ietf:wg:oauth:2.0:oob` redirect URI).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
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
    upper_alnum,
    uuid,
)

EV = "events"


def b64(raw: str) -> str:
    return base64.b64encode(raw.encode()).decode()


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_of(*parts):
    """base64 of the parts joined by ':' (an HTTP Basic credential)."""
    return lambda rng: b64(":".join(p(rng) for p in parts))


tt_key = join("sk_", digits(4), "_", digits(6), "_", hexl(32))
tito_live = join("secret_live_", b64url(20))
tito_plain = join("secret_", b64url(20))
luma_key = join("secret-", b62(25))
eb_token = upper_alnum(20)
sg_secret = hexl(64)
universe_hex = hexl(64)


def seatgeek_client_id(rng: random.Random) -> str:
    return b64(f"{digits(8)(rng)}|{1500000000 + rng.randrange(200000000)}").rstrip("=")


def bizzabo_jwt(rng: random.Random) -> str:
    client = b62(32)(rng)
    iat = 1717000000 + rng.randrange(9000000)
    header = {"alg": "RS256", "typ": "JWT", "kid": b64url(22)(rng)}
    payload = {
        "iss": "https://auth.bizzabo.com/",
        "sub": f"{client}@clients",
        "aud": "https://api.bizzabo.com/api",
        "iat": iat,
        "exp": iat + 86400,
        "azp": client,
        "scope": "all:read",
        "gty": "client-credentials",
    }
    return f"{b64url_json(header)}.{b64url_json(payload)}.{b64url(342)(rng)}"


def swapcard_id(kind: str):
    return lambda rng: b64(f"{kind}_{digits(6)(rng)}")


def tito_mask(rng: random.Random) -> str:
    return "*" + b62(4)(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 3, 23, "the rules for 105 to 109")

TEMPLATES: list = [
    # ---- secrets: Eventbrite
    S(
        EV,
        "eventbrite_token_query",
        '$ curl -s "https://www.eventbriteapi.com/v3/users/me/?token={v}" | jq .emails',
        eb_token,
    ),
    S(
        EV,
        "eventbrite_sdk_client",
        "from eventbrite import Eventbrite\n\neventbrite = Eventbrite('{v}')\n"
        "user = eventbrite.get_user()  # {'id': '{uid}', 'name': 'Harbourside Events'}",
        eb_token,
        uid=digits(12),
    ),
    S(
        EV,
        "eventbrite_client_secret",
        "SOCIAL_AUTH_EVENTBRITE_KEY = '{key}'\nSOCIAL_AUTH_EVENTBRITE_SECRET = '{v}'",
        upper_alnum(50),
        key=upper_alnum(18),
    ),
    # ---- secrets: Ticket Tailor
    S(
        EV,
        "tickettailor_basic_user",
        "$ curl -s -u {v}: https://api.tickettailor.com/v1/orders?limit=50 -H 'Accept: application/json'",
        tt_key,
    ),
    S(
        EV,
        "tickettailor_basic_header",
        "> GET /v1/events HTTP/2\n> Host: api.tickettailor.com\n> accept: application/json\n> authorization: Basic {v}",
        lambda rng: b64(tt_key(rng)),
    ),
    S(
        EV,
        "tickettailor_positional",
        "$ ./scripts/tt-export.sh {v} ev_{ev} > exports/attendees-$(date +%F).csv",
        tt_key,
        ev=digits(7),
    ),
    S(
        EV,
        "tickettailor_webhook_secret",
        "    'tickettailor' => [\n        'api_key' => env('TT_API_KEY'),\n        'webhook_secret' => '{v}',\n    ],",
        b62(32),
    ),
    # ---- secrets: Tito
    S(
        EV,
        "tito_token_header",
        "$ curl --request GET --url 'https://api.tito.io/v3/hello' \\\n"
        "    --header 'Authorization: Token token={v}' --header 'Accept: application/json'",
        tito_live,
    ),
    S(
        EV,
        "tito_yaml",
        "$ cat config/tito.yml\nproduction:\n  account_slug: harbourside\n  event_slug: devconf-2025\n  api_token: {v}",
        tito_plain,
    ),
    # ---- secrets: Luma
    S(
        EV,
        "luma_header",
        '$ curl -s -H "x-luma-api-key: {v}" "https://public-api.luma.com/v1/calendar/list-events?pagination_limit=20"',
        luma_key,
    ),
    S(
        EV,
        "luma_op_read_output",
        '$ op read "op://Events/Luma Plus/api-key"\n{v}',
        luma_key,
    ),
    # ---- secrets: Ticketmaster Discovery API
    S(
        EV,
        "ticketmaster_apikey_query",
        "GET https://app.ticketmaster.com/discovery/v2/events.json?apikey={v}&keyword=jazz&countryCode=GB&size=20"
        " -> 200 OK (20 of 146 events)",
        b62(32),
    ),
    S(
        EV,
        "ticketmaster_consumer_secret",
        "# consumer key is read from Vault at boot (secret/data/ticketmaster)\nTM_CONSUMER_SECRET={v}",
        b62(16),
    ),
    # ---- secrets: SeatGeek
    S(
        EV,
        "seatgeek_secret_query",
        "$ curl 'https://api.seatgeek.com/2/events?client_id={cid}&client_secret={v}&venue.city=boston&per_page=25'",
        sg_secret,
        cid=seatgeek_client_id,
    ),
    S(
        EV,
        "seatgeek_ini",
        "$ cat ~/.config/gigfinder/credentials.ini\n[seatgeek]\nclient_id = {cid}\nclient_secret = {v}",
        sg_secret,
        cid=seatgeek_client_id,
    ),
    # ---- secrets: Meetup
    S(
        EV,
        "meetup_bearer",
        "$ curl -X POST https://api.meetup.com/gql-ext -H 'Authorization: Bearer {v}' \\\n"
        "    -H 'Content-Type: application/json' -d '{\"query\": \"query { self { id name } }\"}'",
        hexl(32),
    ),
    S(
        EV,
        "meetup_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3600}',
        hexl(32),
    ),
    # ---- secrets: Cvent
    S(
        EV,
        "cvent_basic_token_request",
        "$ curl -X POST https://api-platform.cvent.com/ea/oauth2/token \\\n"
        "    -H 'Authorization: Basic {v}' -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -d 'grant_type=client_credentials&scope=event/events:read event/attendees:read'",
        basic_of(lower_alnum(26), b62(40)),
    ),
    S(
        EV,
        "cvent_soap_login",
        '    <Login xmlns="http://api.cvent.com/2006-11">\n      <AccountNumber>HARBOUR01</AccountNumber>\n'
        "      <UserName>api_sync</UserName>\n      <Password>{v}</Password>\n    </Login>",
        password(14),
    ),
    # ---- secrets: Bizzabo
    S(
        EV,
        "bizzabo_auth_builder",
        "const auth = new AuthenticationBuilder('{cid}', '{v}', {acct}).build();",
        b64url(64),
        cid=b62(32),
        acct=digits(6),
    ),
    S(
        EV,
        "bizzabo_jwt_bearer",
        "$ http GET https://api.bizzabo.com/v1/events/{ev}/registrations 'Authorization:Bearer {v}'",
        bizzabo_jwt,
        ev=digits(6),
    ),
    # ---- secrets: Universe
    S(
        EV,
        "universe_client_secret",
        "$ curl -X POST https://www.universe.com/oauth/token -d grant_type=client_credentials \\\n"
        "    -d client_id={cid} -d client_secret={v}",
        universe_hex,
        cid=universe_hex,
    ),
    S(EV, "universe_ruby_client", '@uapi = UniverseAPI.new("{v}")\n@event = @uapi.listings(id: 918274)', universe_hex),
    # ---- secrets: RingCentral Events (Hopin) and Swapcard
    S(
        EV,
        "rc_events_k8s_secret",
        "$ kubectl -n events create secret generic rc-events-api --from-literal=client-id={cid}"
        " --from-literal=client-secret={v}",
        b64url(43),
        cid=b62(22),
    ),
    S(
        EV,
        "swapcard_raw_auth_header",
        "$ curl -s https://developer.swapcard.com/event-admin/graphql -H 'Authorization: {v}' \\\n"
        "    -H 'Content-Type: application/json' -d @queries/exhibitors.json",
        b62(44),
    ),
    # ---- look-alikes: public client ids and ids in URLs
    L(
        EV,
        "eventbrite_client_id_authorize",
        "Open this URL to connect your Eventbrite organization:\n"
        "https://www.eventbrite.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Ftickets.harbourside.events%2Foauth%2Fcallback",
        upper_alnum(18),
    ),
    L(
        EV,
        "eventbrite_event_id",
        '$ curl -s -H "Authorization: Bearer $EVENTBRITE_TOKEN" '
        '"https://www.eventbriteapi.com/v3/events/{v}/attendees/?status=attending"',
        digits(12),
    ),
    L(
        EV,
        "eventbrite_org_id",
        'POST /v3/organizations/{v}/webhooks/ {"endpoint_url": "https://hooks.harbourside.events/eb",'
        ' "actions": "order.placed,attendee.updated"}',
        digits(13),
    ),
    L(
        EV,
        "tickettailor_event_id",
        '  {\n    "object": "event",\n    "id": "{v}",\n    "name": "Harbourside Jazz Night",\n    "status": "published",',
        join("ev_", digits(7)),
    ),
    L(
        EV,
        "tickettailor_webhook_signature",
        "POST /hooks/tickettailor HTTP/1.1\nContent-Type: application/json\nTickettailor-Webhook-Signature: t={ts},v1={v}",
        hexl(64),
        ts=join("17", digits(8)),
    ),
    L(
        EV,
        "tickettailor_masked_key",
        "API keys\n  Name          Key                              Created\n  zapier-sync   {v}   2025-03-14",
        join("sk_", digits(4), "_", digits(6), "_", const("••••••••••••")),
    ),
    L(
        EV,
        "tito_hello_masked",
        '{\n    "authenticated": true,\n    "access_token": "{v}",\n    "lookup_mode": "live",\n'
        '    "accounts": ["harbourside"]\n}',
        tito_mask,
    ),
    L(
        EV,
        "tito_gha_secret_ref",
        "      - run: bundle exec rake tito:sync_registrations\n        env:\n          TITO_API_TOKEN: {v}",
        const("${{ secrets.TITO_API_TOKEN }}"),
    ),
    L(
        EV,
        "luma_event_id",
        '$ curl -s -H "x-luma-api-key: $LUMA_API_KEY" "https://public-api.luma.com/v1/event/get?api_id={v}"',
        join("evt-", b62(15)),
    ),
    L(
        EV,
        "luma_calendar_id",
        '  "calendar": {\n    "api_id": "{v}",\n    "name": "Harbourside Builders",\n    "slug": "harbourside"\n  },',
        join("cal-", b62(15)),
    ),
    L(
        EV,
        "luma_op_reference",
        "# .env.tpl (resolved by `op run --env-file .env.tpl -- npm run sync`)\nLUMA_API_KEY={v}",
        const('"op://Events/Luma Plus/api-key"'),
    ),
    L(
        EV,
        "ticketmaster_event_id",
        "GET https://app.ticketmaster.com/discovery/v2/events/{v}.json?apikey=${TM_API_KEY}&locale=*",
        join("vv", b62(12)),
    ),
    L(
        EV,
        "ticketmaster_attraction_id",
        '        "attractions": [\n          {\n            "name": "The Harbour Lights",\n'
        '            "type": "attraction",\n            "id": "{v}",',
        join("K8vZ917", b62(4)),
    ),
    L(
        EV,
        "seatgeek_client_id",
        'SG_URL = f"https://api.seatgeek.com/2/performers?slug={slug}&client_id={v}'
        "&client_secret={os.environ['SEATGEEK_CLIENT_SECRET']}\"",
        seatgeek_client_id,
    ),
    L(
        EV,
        "meetup_consumer_key",
        "https://secure.meetup.com/oauth2/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https://harbourside.events/meetup/callback",
        lower_alnum(26),
    ),
    L(
        EV,
        "cvent_event_uuid",
        "GET https://api-platform.cvent.com/ea/events/{v}/attendees?limit=100 -> 200 (100 attendees, next token present)",
        uuid,
    ),
    L(
        EV,
        "bizzabo_placeholder",
        "const CLIENT_ID = '<clientId>', CLIENT_SECRET = '{v}', ACCOUNT_ID = '<accountId>';",
        const("<clientSecret>"),
    ),
    L(
        EV,
        "universe_client_id_authorize",
        "Authorize the app at:\nhttps://www.universe.com/oauth/authorize?client_id={v}"
        "&redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&response_type=code",
        universe_hex,
    ),
    L(
        EV,
        "universe_listing_id",
        'query { event(id: "{v}") { title capacity timeSlots { nodes { startAt } } } }',
        hexl(24),
    ),
    L(
        EV,
        "rc_events_env_ref",
        '$ curl -s -u "$RC_EVENTS_CLIENT_ID:{v}" -d grant_type=client_credentials'
        " https://api.events.ringcentral.com/v1/auth/token | jq -r .expires_in",
        const("$RC_EVENTS_CLIENT_SECRET"),
    ),
    L(
        EV,
        "swapcard_global_id",
        'mutation { updateExhibitor(input: { exhibitorId: "{v}", name: "Harbour Audio" }) { exhibitor { id } } }',
        swapcard_id("Exhibitor"),
    ),
    L(
        EV,
        "swapcard_placeholder",
        "# Swapcard: Event Studio > API keys > Generate the key\nSWAPCARD_API_KEY={v}",
        const("YOUR_SWAPCARD_API_KEY"),
    ),
    L(
        EV,
        "export_checksum",
        "$ sha256sum exports/attendees-2025-06-02.csv\n{v}  exports/attendees-2025-06-02.csv",
        hexl(64),
    ),
]
