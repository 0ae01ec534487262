"""A hundred-and-seventy-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of real-time collaboration and multiplayer backends: Liveblocks
(`sk_dev_`/`sk_prod_` secret keys beside `pk_` public keys, `@liveblocks/node`, the REST API's
bearer header), Ably (`appId.keyId:keySecret` API keys, the public key name `appId.keyId`, the
`ably auth keys get` positional argument, basic auth against the REST API, TokenRequest JSON),
Pusher Channels (numeric app id, 20-hex app key and secret, the base64 32-byte encryption master
key, Laravel `.env`, the `X-Pusher-Key` webhook header), PubNub (`pub-c-`/`sub-c-` UUID keys and the
`sec-c-` secret key that is base64 of a UUID, the Python SDK, the `pn-sign --sec` flag), Convex
(`prod:`/`preview:` deploy keys with their `|` base64 token, the self-hosted
`convex-self-hosted|…` admin key printed by `generate_admin_key.sh`, `CONVEX_DEPLOYMENT` and the
`.convex.cloud` URL), PartyKit (`npx partykit token generate` printing `PARTYKIT_LOGIN` and a JWT
`PARTYKIT_TOKEN`, the masked value in an Actions log), Y-Sweet (`ys://`/`yss://` connection
strings whose user part is the base64url server token starting `AAAg`, the 30-byte private key
printed for `y-sweet serve --auth`), Hocuspocus and Tiptap Collaboration (the webhook extension's
`secret`, the REST API's bare `Authorization` header, the JWT signing secret, the public app id,
the signature header), Supabase Realtime (`sb_secret_`/`sb_publishable_` keys, the service_role JWT,
the realtime websocket URL's `apikey=`, project refs), Firebase Realtime Database (the legacy
40-character database secret in `?auth=` and in python-firebase's `FirebaseAuthentication`, the
public web app id), Colyseus (`@colyseus/auth`'s `JWT_SECRET`, room ids in the server log), Photon
(GUID AppIds in PhotonServerSettings) and Replicache (the `TEST_LICENSE_KEY` string), in commands,
config files, code and tool output, with the public ids the same documentation shows beside them.
Lengths of the Tiptap API secret and the Convex self-hosted admin key are written from what is
known of them rather than from a documented format.

First score, blind, before any rule changed for it (after the rules for 165 to 169):
23 of 25 secrets caught, 1 of 24 look-alikes altered (missed: an Ably key (`<app>.<key
id>:<secret>`) as a CLI's positional argument, Convex's self-hosted admin key (`convex-self-
hosted|<hex>`) printed after `Admin key:`; altered: PubNub's `sub-c-<uuid>` subscribe key).
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
    uuid,
)

RT = "realtime"

ADJECTIVES = ("brave", "quiet", "lucky", "tidy", "hidden", "polite", "fearless", "giddy", "calm", "zealous")
ANIMALS = ("otter", "heron", "lynx", "gopher", "marmot", "ibis", "badger", "walrus", "gecko", "quail")


def deployment_name(rng: random.Random) -> str:
    """A Convex deployment name: adjective-animal-number."""
    return f"{rng.choice(ADJECTIVES)}-{rng.choice(ANIMALS)}-{rng.randrange(100, 1000)}"


def convex_token(rng: random.Random) -> str:
    """The part after `|`: base64 of a small JSON object holding a hex secret."""
    return base64.b64encode(json.dumps({"v2": hexl(32)(rng)}, separators=(",", ":")).encode()).decode()


def convex_deploy_key(kind: str):
    def make(rng: random.Random) -> str:
        return f"{kind}:{deployment_name(rng)}|{convex_token(rng)}"

    return make


def convex_preview_key(rng: random.Random) -> str:
    return f"preview:northwind-labs:whiteboard|{convex_token(rng)}"


ably_id = pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 6)
ably_key_name = join(ably_id, ".", ably_id)
ably_key = join(ably_key_name, ":", b64url(43))

pubnub_pub = join("pub-c-", uuid)
pubnub_sub = join("sub-c-", uuid)


def pubnub_secret(rng: random.Random) -> str:
    """`sec-c-` and the base64 of a UUID string (48 characters)."""
    return "sec-c-" + base64.b64encode(uuid(rng).encode()).decode()


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def partykit_token(rng: random.Random) -> str:
    """A long-lived session JWT (RS256) as `partykit token generate` prints it."""
    header = b64url_json({"alg": "RS256", "kid": "ins_" + b62(27)(rng), "typ": "JWT"})
    iat = 1717000000 + rng.randrange(10**7)
    payload = b64url_json(
        {
            "azp": "https://dashboard.partykit.io",
            "exp": iat + 60 * 60 * 24 * 365,
            "iat": iat,
            "iss": "https://clerk.partykit.io",
            "sid": "sess_" + b62(27)(rng),
            "sub": "user_" + b62(27)(rng),
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def supabase_service_jwt(rng: random.Random) -> str:
    header = b64url_json({"alg": "HS256", "typ": "JWT"})
    iat = 1700000000 + rng.randrange(10**7)
    ref = pick("abcdefghijklmnopqrstuvwxyz", 20)(rng)
    payload = b64url_json({"iss": "supabase", "ref": ref, "role": "service_role", "iat": iat, "exp": iat + 315360000})
    return f"{header}.{payload}.{b64url(43)(rng)}"


supabase_secret = join("sb_secret_", b64url(22), "_", b62(8))
supabase_publishable = join("sb_publishable_", b64url(22), "_", b62(8))
supabase_ref = pick("abcdefghijklmnopqrstuvwxyz", 20)


def ysweet_server_token(rng: random.Random) -> str:
    """bincode(Server, no expiry, 32-byte hash) in unpadded base64url: 47 characters starting `AAAg`."""
    raw = b"\x00\x00\x20" + bytes(rng.randrange(256) for _ in range(32))
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ysweet_private_key(rng: random.Random) -> str:
    """30 random bytes in unpadded base64url (40 characters)."""
    return base64.urlsafe_b64encode(bytes(rng.randrange(256) for _ in range(30))).decode()


def integrity(rng: random.Random) -> str:
    return "sha512-" + base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()


colyseus_room_id = pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 9)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 24, "the rules for 165 to 169")

TEMPLATES: list = [
    # ---- secrets: Liveblocks
    S(
        RT,
        "liveblocks_secret_env",
        '$ cat .env.local\nNEXT_PUBLIC_APP_URL=http://localhost:3000\nLIVEBLOCKS_SECRET_KEY="{v}"',
        join("sk_prod_", b64url(64)),
    ),
    S(
        RT,
        "liveblocks_rest_bearer",
        "$ curl -s -X POST https://api.liveblocks.io/v2/rooms \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        '    -H "Content-Type: application/json" \\\n'
        '    -d \'{"id":"design-review-42","defaultAccesses":[]}\'',
        join("sk_dev_", b64url(64)),
    ),
    S(
        RT,
        "liveblocks_node_ctor",
        'import { Liveblocks } from "@liveblocks/node";\n\nconst liveblocks = new Liveblocks({\n  secret: "{v}",\n});',
        join("sk_prod_", b64url(64)),
    ),
    # ---- secrets: Ably
    S(
        RT,
        "ably_compose_env",
        "  presence-worker:\n    image: ghcr.io/northwind/presence-worker:2.3.0\n    environment:\n"
        "      - NODE_ENV=production\n      - ABLY_API_KEY={v}",
        ably_key,
    ),
    S(
        RT,
        "ably_curl_basic",
        '$ curl -s -u "{v}" https://rest.ably.io/channels/board-7/messages \\\n'
        '    -H \'Content-Type: application/json\' --data \'{"name":"cursor","data":{"x":12,"y":40}}\'',
        ably_key,
    ),
    S(
        RT,
        "ably_cli_positional",
        '$ ably auth keys get "{v}" --pretty-json',
        ably_key,
    ),
    # ---- secrets: Pusher Channels
    S(
        RT,
        "pusher_laravel_env",
        "BROADCAST_CONNECTION=pusher\nPUSHER_APP_ID={appid}\nPUSHER_APP_KEY={key}\nPUSHER_APP_SECRET={v}\nPUSHER_APP_CLUSTER=eu",
        hexl(20),
        appid=digits(7),
        key=hexl(20),
    ),
    S(
        RT,
        "pusher_ruby_client",
        "Pusher::Client.new(\n  app_id: '{appid}',\n  key: '{key}',\n  secret: '{v}',\n  cluster: 'mt1',\n  use_tls: true\n)",
        hexl(20),
        appid=digits(7),
        key=hexl(20),
    ),
    S(
        RT,
        "pusher_encryption_master_key",
        "const pusher = new Pusher({\n  appId: process.env.PUSHER_APP_ID,\n  key: process.env.PUSHER_KEY,\n"
        '  secret: process.env.PUSHER_SECRET,\n  cluster: "ap2",\n  encryptionMasterKeyBase64: "{v}",\n});',
        b64(43, "="),
    ),
    # ---- secrets: PubNub
    S(
        RT,
        "pubnub_python_secret",
        'pnconfig = PNConfiguration()\npnconfig.subscribe_key = "{sub}"\npnconfig.publish_key = "{pub}"\n'
        'pnconfig.secret_key = "{v}"\npnconfig.user_id = "grant-service"',
        pubnub_secret,
        sub=pubnub_sub,
        pub=pubnub_pub,
    ),
    S(
        RT,
        "pubnub_sign_flag",
        "$ pn-sign 'https://ps.pndsn.com/v2/auth/grant/sub-key/{sub}?auth=viewer-91&uuid=admin&ttl=15&r=1' "
        "--sub {sub} --pub {pub} --sec {v} --curl | xargs curl -i",
        pubnub_secret,
        sub=pubnub_sub,
        pub=pubnub_pub,
    ),
    # ---- secrets: Convex
    S(
        RT,
        "convex_deploy_key_prefix",
        "$ CONVEX_DEPLOY_KEY='{v}' npx convex deploy --cmd 'npm run build'",
        convex_deploy_key("prod"),
    ),
    S(
        RT,
        "convex_preview_key_env",
        '$ vercel env pull .env.preview.local --environment=preview\n$ grep CONVEX .env.preview.local\nCONVEX_DEPLOY_KEY="{v}"',
        convex_preview_key,
    ),
    S(
        RT,
        "convex_self_hosted_admin_key",
        "$ docker compose exec backend ./generate_admin_key.sh\nAdmin key:\n{v}",
        join("convex-self-hosted|01", hexl(94)),
    ),
    # ---- secrets: PartyKit
    S(
        RT,
        "partykit_token_generate",
        "$ npx partykit@latest token generate\nOpening browser to authorize...\n\nPARTYKIT_LOGIN=northwind-dev\nPARTYKIT_TOKEN={v}",
        partykit_token,
    ),
    # ---- secrets: Y-Sweet
    S(
        RT,
        "ysweet_connection_string",
        "CONNECTION_STRING=yss://{v}@y-sweet.net/p/{proj}/",
        ysweet_server_token,
        proj=lower_alnum(12),
    ),
    S(
        RT,
        "ysweet_gen_auth",
        "$ npx y-sweet@latest gen-auth\nRun y-sweet with the following option to enable authentication:\n\n"
        "   y-sweet serve --auth {v}",
        ysweet_private_key,
    ),
    # ---- secrets: Hocuspocus / Tiptap Collaboration
    S(
        RT,
        "hocuspocus_webhook_secret",
        '    new Webhook({\n      url: "https://api.northwind.dev/hooks/hocuspocus",\n'
        '      secret: "{v}",\n      transformer: TiptapTransformer,\n      events: [Events.onChange],\n    }),',
        hexl(32),
    ),
    S(
        RT,
        "tiptap_api_secret_header",
        "$ curl --location 'https://{app}.collab.tiptap.cloud/api/documents/note-118?format=json' \\\n"
        "    --header 'Content-Type: application/json' \\\n    --header 'Authorization: {v}'",
        hexl(64),
        app=lower_alnum(8),
    ),
    S(
        RT,
        "tiptap_jwt_secret",
        "  const token = jsonwebtoken.sign(\n    { sub: user.id, allowedDocumentNames: [`team-${user.teamId}/*`] },\n"
        "    '{v}',\n  )",
        b62(40),
    ),
    # ---- secrets: Supabase Realtime
    S(
        RT,
        "supabase_broadcast_secret",
        "$ curl -X POST 'https://{ref}.supabase.co/realtime/v1/api/broadcast' \\\n"
        "    -H 'apikey: {v}' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"messages":[{"topic":"room-1","event":"refresh","payload":{}}]}\'',
        supabase_secret,
        ref=supabase_ref,
    ),
    S(
        RT,
        "supabase_service_role_jwt",
        "const supabaseAdmin = createClient(\n  process.env.SUPABASE_URL!,\n  '{v}',\n"
        "  { auth: { persistSession: false } }\n)",
        supabase_service_jwt,
    ),
    # ---- secrets: Firebase Realtime Database legacy secrets
    S(
        RT,
        "firebase_db_secret_query",
        "$ curl -s 'https://whiteboard-{suffix}-default-rtdb.firebaseio.com/rooms/lobby.json?auth={v}&print=pretty'",
        b62(40),
        suffix=hexl(5),
    ),
    S(
        RT,
        "firebase_db_secret_python",
        "auth = firebase.FirebaseAuthentication('{v}', 'ops@northwind.dev', extra={'id': 'presence-sync'})\n"
        "app = firebase.FirebaseApplication('https://whiteboard-{suffix}.firebaseio.com', authentication=auth)",
        b62(40),
        suffix=hexl(5),
    ),
    # ---- secrets: Colyseus
    S(
        RT,
        "colyseus_jwt_secret",
        "$ cat .env.production\nNODE_ENV=production\nPORT=2567\nJWT_SECRET={v}",
        hexl(64),
    ),
    # ---- look-alikes: public keys and ids
    L(
        RT,
        "liveblocks_public_key",
        'export const client = createClient({\n  publicApiKey: "{v}",\n  throttle: 16,\n});',
        join("pk_prod_", b64url(64)),
    ),
    L(
        RT,
        "ably_key_name",
        '$ ably auth keys get "{v}" --json',
        ably_key_name,
    ),
    L(
        RT,
        "ably_token_request",
        '{"keyName":"{v}","ttl":3600000,"capability":"{\\"board-*\\":[\\"subscribe\\",\\"presence\\"]}",'
        '"clientId":"u_193","timestamp":{ts}}',
        ably_key_name,
        ts=join("17", digits(11)),
    ),
    L(
        RT,
        "pusher_client_key",
        'const pusher = new Pusher("{v}", {\n  cluster: "eu",\n  channelAuthorization: { endpoint: "/pusher/auth" },\n});',
        hexl(20),
    ),
    L(
        RT,
        "pusher_webhook_key_header",
        "POST /pusher/webhooks HTTP/1.1\nHost: api.northwind.dev\nContent-Type: application/json\nX-Pusher-Key: {v}",
        hexl(20),
    ),
    L(
        RT,
        "pubnub_subscribe_key",
        'const pubnub = new PubNub({\n  subscribeKey: "{v}",\n  userId: "viewer-3",\n});',
        pubnub_sub,
    ),
    L(
        RT,
        "pubnub_secret_placeholder",
        "// SERVER-SIDE ONLY\nconst pubnub = new PubNub({ publishKey: 'pub-c-...', subscribeKey: 'sub-c-...', secretKey: '{v}' });",
        const("sec-c-..."),
    ),
    L(
        RT,
        "convex_deployment",
        "# Deployment used by `npx convex dev`\nCONVEX_DEPLOYMENT={v} # team: northwind-labs, project: whiteboard",
        join("dev:", deployment_name),
    ),
    L(
        RT,
        "convex_cloud_url",
        "VITE_CONVEX_URL={v}",
        join("https://", deployment_name, ".convex.cloud"),
    ),
    L(
        RT,
        "convex_gha_secret_ref",
        "      - run: npx convex deploy --cmd 'npm run build'\n        env:\n          CONVEX_DEPLOY_KEY: {v}",
        const("${{ secrets.CONVEX_DEPLOY_KEY }}"),
    ),
    L(
        RT,
        "partykit_masked_token",
        "Run npx partykit deploy\n  env:\n    PARTYKIT_TOKEN: {v}\n    PARTYKIT_LOGIN: ***\nBuilding party/server.ts...",
        const("***"),
    ),
    L(
        RT,
        "partykit_host",
        "PUBLIC_PARTYKIT_HOST={v}",
        join("whiteboard.", pick("abcdefghijklmnopqrstuvwxyz", 9), ".partykit.dev"),
    ),
    L(
        RT,
        "ysweet_local_connection",
        "# local dev: npx y-sweet@latest serve (no auth)\nCONNECTION_STRING={v}",
        const("ys://127.0.0.1:8080"),
    ),
    L(
        RT,
        "tiptap_app_id",
        "const provider = new TiptapCollabProvider({\n  appId: '{v}',\n  name: 'note-118',\n  document: ydoc,\n  token,\n})",
        lower_alnum(8),
    ),
    L(
        RT,
        "hocuspocus_signature_header",
        "[webhook] POST /hooks/hocuspocus 200 (14 ms)\n  x-hocuspocus-signature-256: sha256={v}",
        hexl(64),
    ),
    L(
        RT,
        "supabase_publishable_ws",
        "WebSocket connection to 'wss://{ref}.supabase.co/realtime/v1/websocket?apikey={v}&vsn=1.0.0' failed",
        supabase_publishable,
        ref=supabase_ref,
    ),
    L(
        RT,
        "supabase_project_ref",
        "$ npx supabase link --project-ref {v}\nEnter your database password (or leave blank to skip):",
        supabase_ref,
    ),
    L(
        RT,
        "firebase_secret_env_ref",
        'curl -s "https://whiteboard-default-rtdb.firebaseio.com/rooms.json?auth={v}&shallow=true"',
        const("${FIREBASE_DB_SECRET}"),
    ),
    L(
        RT,
        "firebase_web_app_id",
        '  databaseURL: "https://whiteboard-default-rtdb.europe-west1.firebasedatabase.app",\n'
        '  messagingSenderId: "{sender}",\n  appId: "{v}",',
        join("1:", digits(12), ":web:", hexl(22)),
        sender=digits(12),
    ),
    L(
        RT,
        "colyseus_room_id",
        "[colyseus] 'battle' room created (roomId: {v}, processId: {pid})",
        colyseus_room_id,
        pid=colyseus_room_id,
    ),
    L(
        RT,
        "photon_app_id",
        "  AppSettings:\n    AppIdRealtime: {v}\n    AppIdFusion: \n    AppIdChat: \n    AppVersion: 1.4\n"
        "    UseNameServer: 1\n    FixedRegion: eu",
        uuid,
    ),
    L(
        RT,
        "replicache_test_license",
        "const rep = new Replicache({\n  name: userID,\n  licenseKey: '{v}',\n  mutators,\n})",
        const("This key only good for automated testing"),
    ),
    L(
        RT,
        "lockfile_integrity",
        '    "node_modules/@liveblocks/node": {\n      "version": "2.24.3",\n      "integrity": "{v}",',
        integrity,
    ),
    L(
        RT,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore: bump partysocket and y-sweet client",
        hexl(40),
    ),
]
