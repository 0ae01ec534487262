"""A hundred-and-twenty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of restaurant point-of-sale and food-delivery APIs: Toast
(the `/authentication/v1/authentication/login` body with `clientId`, a 64-character `clientSecret`
and `userAccessType: TOAST_MACHINE_CLIENT`, the JWT `accessToken` it returns, the
`Toast-Restaurant-External-ID` restaurant GUID header), Clover (merchant API tokens sent as
`authorization: Bearer` or as an `access_token` query parameter, 13-character merchant and app ids,
the public PAKMS `apiAccessKey`), Revel Systems (the `API-AUTHENTICATION: key:secret` header, the
`api_key`/`api_secret` query parameters, API-platform client credentials), DoorDash Drive (the
access key JSON of `developer_id`, `key_id` and a base64url `signing_secret`, the HS256 JWT with
its `dd-ver: DD-JWT-V1` header, Basic-auth webhook endpoints), Uber Eats (client credentials at
`auth.uber.com/oauth/v2/token`, the client secret that keys the `X-Uber-Signature` HMAC, store
UUIDs), Deliverect (Auth0-style client credentials with an `audience`, the
`x-server-authorization-hmac-sha256` header, `channelLinkId`), Wolt (Drive merchant keys as bearer
tokens on `/v1/venues/{venue_id}/shipment-promises`, the webhook client secret behind
`WOLT-SIGNATURE`), Just Eat Takeaway (`Authorization: JE-API-KEY`, JET Connect's
`X-Flyt-Api-Key`), Grubhub (the UUID-shaped `X-GH-PARTNER-KEY`, `merchant_long_id`), Olo (the
64-character webhook shared secret, `X-Olo-Signature` and `X-Olo-Message-Id`), Lightspeed
Restaurant K-Series (OAuth client credentials, `businessLocationId`), Otter (client credentials on
`/v1/auth/token`) and a Square application id, in shell commands, HTTP dumps, config files, code
and tool output, with the public ids, signatures, hashes, masks, placeholders and secret-store
references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 120 to 124):
24 of 25 secrets caught, 2 of 25 look-alikes altered (missed: Revel's `API-AUTHENTICATION:
<key>:<secret>` header; altered: Clover's PAKMS `apiAccessKey` (a public key for card tokenisation),
Symfony's `%env(default::JUSTEAT_API_KEY)%` reference).
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
    upper_alnum,
    uuid,
)

FT = "foodtech"


def _b64u_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def doordash_jwt(rng: random.Random) -> str:
    """An HS256 Drive JWT: `dd-ver` header, doordash audience, developer id as issuer, key id as `kid`."""
    iat = 1717000000 + rng.randrange(20_000_000)
    header = {"alg": "HS256", "typ": "JWT", "dd-ver": "DD-JWT-V1"}
    payload = {"aud": "doordash", "iss": uuid(rng), "kid": uuid(rng), "exp": iat + 300, "iat": iat}
    return f"{_b64u_json(header)}.{_b64u_json(payload)}.{b64url(43)(rng)}"


def toast_jwt(rng: random.Random) -> str:
    """An RS256 machine-client access token as the Toast authentication API returns it."""
    iat = 1717000000 + rng.randrange(20_000_000)
    header = {"alg": "RS256", "typ": "JWT", "kid": hexl(40)(rng)}
    payload = {
        "aud": "https://toast-services-api/",
        "sub": b62(32)(rng) + "@clients",
        "iat": iat,
        "exp": iat + 86400,
        "scope": "orders:read menus:read restaurants:read",
        "gty": "client-credentials",
    }
    return f"{_b64u_json(header)}.{_b64u_json(payload)}.{b64url(342)(rng)}"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def masked(n_stars: int, tail):
    return lambda rng: "*" * n_stars + tail(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 25, "the rules for 120 to 124")

TEMPLATES: list = [
    # ---- secrets: Toast
    S(
        FT,
        "toast_client_secret_login",
        "$ curl -s -X POST https://ws-sandbox-api.eng.toasttab.com/authentication/v1/authentication/login \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"clientId":"{cid}","clientSecret":"{v}","userAccessType":"TOAST_MACHINE_CLIENT"}\'',
        b64url(64),
        cid=b62(32),
    ),
    S(
        FT,
        "toast_bearer_jwt",
        "$ curl -s 'https://ws-api.toasttab.com/orders/v2/ordersBulk?businessDate=20240611&pageSize=100' \\\n"
        "    -H 'Toast-Restaurant-External-ID: {guid}' \\\n"
        "    -H 'Authorization: Bearer {v}'",
        toast_jwt,
        guid=uuid,
    ),
    S(
        FT,
        "toast_heroku_config",
        "$ heroku config -a harbor-grill-sync\n=== harbor-grill-sync Config Vars\n"
        "DATABASE_URL:         postgres://<redacted>@ec2-34-201-77-12.compute-1.amazonaws.com:5432/d8k2m1\n"
        "TOAST_API_HOSTNAME:   https://ws-api.toasttab.com\n"
        "TOAST_CLIENT_ID:      {cid}\n"
        "TOAST_CLIENT_SECRET:  {v}",
        b64url(64),
        cid=b62(32),
    ),
    # ---- secrets: Clover
    S(
        FT,
        "clover_bearer_uuid",
        "$ curl --request GET --url 'https://apisandbox.dev.clover.com/v3/merchants/{mid}/orders?limit=5' \\\n"
        "    --header 'accept: application/json' --header 'authorization: Bearer {v}'",
        uuid,
        mid=upper_alnum(13),
    ),
    S(
        FT,
        "clover_access_token_query",
        "[2024-06-11 19:42:07] GET https://sandbox.dev.clover.com/v3/merchants/{mid}/items?expand=categories"
        "&access_token={v} -> 200 (412 ms)",
        uuid,
        mid=upper_alnum(13),
    ),
    # ---- secrets: Revel
    S(
        FT,
        "revel_api_authentication_header",
        "$ curl -s https://harborgrill.revelup.com/resources/Order/?limit=20\\&order_by=-created_date \\\n"
        '    -H "API-AUTHENTICATION: {key}:{v}"',
        hexl(64),
        key=hexl(32),
    ),
    S(
        FT,
        "revel_query_params",
        "requests.exceptions.HTTPError: 401 Client Error: UNAUTHORIZED for url: "
        "https://harborgrill.revelup.com/resources/Product/?establishment=3&api_key={key}&api_secret={v}",
        hexl(64),
        key=hexl(32),
    ),
    S(
        FT,
        "revel_vault_put",
        "$ vault kv put secret/pos/revel client_id={cid} client_secret={v} base_url=https://api.qa.revelup.io/",
        b64url(48),
        cid=b62(24),
    ),
    # ---- secrets: DoorDash Drive
    S(
        FT,
        "doordash_access_key_json",
        '$ cat ~/Downloads/key.json\n{\n  "developer_id": "{dev}",\n  "key_id": "{kid}",\n  "signing_secret": "{v}"\n}',
        b64url(43),
        dev=uuid,
        kid=uuid,
    ),
    S(
        FT,
        "doordash_jwt_encode_call",
        "    token = jwt.encode(\n"
        '        {"aud": "doordash", "iss": DEVELOPER_ID, "kid": KEY_ID, "exp": now + 300, "iat": now},\n'
        '        base64.urlsafe_b64decode("{v}" + "="),\n'
        '        algorithm="HS256",\n        headers={"dd-ver": "DD-JWT-V1"},\n    )',
        b64url(43),
    ),
    S(
        FT,
        "doordash_drive_bearer",
        "> POST /drive/v2/quotes HTTP/2\n> Host: openapi.doordash.com\n> content-type: application/json\n"
        "> authorization: Bearer {v}\n>\n< HTTP/2 200",
        doordash_jwt,
    ),
    S(
        FT,
        "doordash_webhook_basic",
        'INFO webhook.received path=/hooks/doordash event_name=DASHER_CONFIRMED external_delivery_id="D-{ext}" '
        'headers={"authorization": "Basic {v}", "content-type": "application/json"}',
        basic_auth("doordash-hooks", password(24)),
        ext=digits(8),
    ),
    # ---- secrets: Uber Eats
    S(
        FT,
        "ubereats_token_request",
        "$ curl -s -X POST https://auth.uber.com/oauth/v2/token \\\n"
        '    -d client_id={cid} -d client_secret={v} -d grant_type=client_credentials -d "scope=eats.store eats.order"',
        b64url(40),
        cid=b64url(32),
    ),
    S(
        FT,
        "ubereats_signature_key_literal",
        "def verify_uber(request):\n"
        '    expected = hmac.new(b"{v}", request.get_data(), hashlib.sha256).hexdigest()\n'
        '    return hmac.compare_digest(expected, request.headers.get("X-Uber-Signature", "").lower())',
        b64url(40),
    ),
    # ---- secrets: Deliverect
    S(
        FT,
        "deliverect_token_request",
        "resp = requests.post(\n"
        '    "https://api.staging.deliverect.com/oauth/token",\n'
        '    json={"client_id": "{cid}", "client_secret": "{v}",\n'
        '          "audience": "https://api.staging.deliverect.com", "grant_type": "client_credentials"},\n'
        "    timeout=10,\n)",
        b64url(64),
        cid=b62(32),
    ),
    S(
        FT,
        "deliverect_hmac_yaml",
        "integrations:\n  deliverect:\n    base_url: https://api.deliverect.com\n"
        "    webhook_path: /webhooks/deliverect/orders\n    hmac_secret: {v}\n    verify_signatures: true",
        b62(48),
    ),
    # ---- secrets: Wolt
    S(
        FT,
        "wolt_drive_merchant_key",
        "$ curl -s -X POST https://daas-public-api.development.dev.woltapi.com/v1/venues/{venue}/shipment-promises \\\n"
        '    -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d @promise.json',
        b64url(43),
        venue=hexl(24),
    ),
    S(
        FT,
        "wolt_compose_env",
        "  orders-worker:\n    image: ghcr.io/harbor-grill/orders-worker:1.14.2\n    environment:\n"
        "      - WOLT_ENV=production\n"
        "      - WOLT_WEBHOOK_CLIENT_SECRET={v}\n      - LOG_LEVEL=info",
        hexl(32),
    ),
    # ---- secrets: Just Eat Takeaway
    S(
        FT,
        "justeat_je_api_key_header",
        "PUT https://uk-partnerapi.just-eat.io/orders/{order} HTTP/1.1\n"
        "Authorization: JE-API-KEY {v}\nContent-Type: application/json",
        lower_alnum(32),
        order=lower_alnum(10),
    ),
    S(
        FT,
        "jet_connect_flyt_key",
        "$ http GET https://api.flytplatform.com/ X-Flyt-Api-Key:{v} Accept:application/json",
        b62(40),
    ),
    # ---- secrets: Grubhub, Olo, Lightspeed, Otter
    S(
        FT,
        "grubhub_partner_key_uuid",
        "$ curl -s https://api-third-party-gtm-pp.grubhub.com/pos/v1/merchant/{mlid}/orders?status=CONFIRMED \\\n"
        '    -H "X-GH-PARTNER-KEY: {v}"',
        uuid,
        mlid=digits(19),
    ),
    S(
        FT,
        "olo_appsettings_shared_secret",
        '  "Olo": {\n    "WebhookUrl": "https://hooks.harborgrill.com/olo",\n'
        '    "WebhookSharedSecret": "{v}",\n    "ValidateSignature": true\n  },',
        b62(64),
    ),
    S(
        FT,
        "olo_oauth_onboarding_table",
        "| Field              | Value                                          |\n"
        "|--------------------|------------------------------------------------|\n"
        "| Authorization URL  | https://auth.harborgrill.com/oauth2/token      |\n"
        "| Client Id          | olo-webhooks                                   |\n"
        "| Client Secret      | {v} |",
        b64url(44),
    ),
    S(
        FT,
        "lightspeed_k_basic_client",
        "$ curl -s -u '{cid}:{v}' https://api.trial.lsk.lightspeed.app/oauth/token \\\n"
        '    -d grant_type=refresh_token -d refresh_token="$LSK_REFRESH_TOKEN"',
        b62(32),
        cid=join("harbor-grill-", lower_alnum(6)),
    ),
    S(
        FT,
        "otter_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: otter-credentials\ntype: Opaque\nstringData:\n"
        "  OTTER_APPLICATION_ID: {app}\n  OTTER_CLIENT_SECRET: {v}",
        b64url(48),
        app=uuid,
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        FT,
        "toast_client_id",
        '        "clientId": "{v}",\n        "clientSecret": os.environ["TOAST_CLIENT_SECRET"],\n'
        '        "userAccessType": "TOAST_MACHINE_CLIENT",',
        b62(32),
    ),
    L(
        FT,
        "toast_restaurant_guid",
        "    -H 'Toast-Restaurant-External-ID: {v}' \\\n    -H \"Authorization: Bearer $TOAST_TOKEN\"",
        uuid,
    ),
    L(
        FT,
        "clover_merchant_id",
        '$ curl -s "https://api.clover.com/v3/merchants/{v}/payments?limit=50" -H "authorization: Bearer $CLOVER_API_TOKEN"',
        upper_alnum(13),
    ),
    L(
        FT,
        "clover_pakms_key",
        '$ curl -s https://scl-sandbox.dev.clover.com/pakms/apikey -H "Authorization: Bearer $CLOVER_OAUTH_TOKEN"\n'
        '{"apiAccessKey":"{v}","active":true,"developerAppUuid":"{app}"}',
        hexl(32),
        app=upper_alnum(13),
    ),
    L(FT, "doordash_developer_id", "DOORDASH_DEVELOPER_ID={v}", uuid),
    L(
        FT,
        "doordash_jwt_payload_kid",
        '$ echo "$TOKEN" | cut -d. -f2 | base64 -d\n{"aud":"doordash","iss":"{iss}","kid":"{v}","exp":1718131500,"iat":1718131200}',
        uuid,
        iss=uuid,
    ),
    L(
        FT,
        "doordash_external_delivery_id",
        '  "external_delivery_id": "{v}",\n  "delivery_status": "quote",\n  "fee": 975,\n  "currency": "USD",',
        uuid,
    ),
    L(FT, "ubereats_store_id", "GET https://api.uber.com/v2/eats/stores/{v}/menus 200 OK (eats.store)", uuid),
    L(
        FT,
        "ubereats_signature_header",
        "POST /webhooks/uber-eats\n  X-Environment: sandbox\n  X-Uber-Signature: {v}\n"
        "  event_type: orders.notification",
        hexl(64),
    ),
    L(FT, "ubereats_client_id", "UBER_EATS_CLIENT_ID={v}\nUBER_EATS_SCOPE=eats.store eats.order", b64url(32)),
    L(
        FT,
        "deliverect_channel_link_id",
        '{\n  "channelOrderId": "ORD-{num}",\n  "channelLinkId": "{v}",\n  "status": 20,\n  "orderType": 2\n}',
        hexl(24),
        num=digits(6),
    ),
    L(
        FT,
        "deliverect_hmac_header",
        "x-server-authorization-hmac-sha256: {v}\ncontent-type: application/json\nuser-agent: Deliverect",
        hexl(64),
    ),
    L(
        FT,
        "wolt_venue_id",
        "Creating delivery for venue {v} (merchant_order_reference_id=HG-{num}) at https://daas-public-api.wolt.com",
        hexl(24),
        num=digits(7),
    ),
    L(
        FT,
        "wolt_masked_secret",
        "  wolt:\n    client_id: harbor-grill-pos\n    client_secret: {v}\n    token_url: https://integrations-authentication-service.wolt.com/oauth2/token",
        masked(28, hexl(4)),
    ),
    L(
        FT,
        "justeat_order_id_env_key",
        "PUT https://uk-partnerapi.just-eat.io/orders/{v} HTTP/1.1\nAuthorization: JE-API-KEY ${JE_API_KEY}",
        lower_alnum(10),
    ),
    L(
        FT,
        "justeat_symfony_env_ref",
        "        justeat:\n            factory: justeat\n            options:\n                api_key: {v}",
        const("'%env(default::JUSTEAT_API_KEY)%'"),
    ),
    L(
        FT,
        "grubhub_merchant_long_id",
        "GET /pos/v1/merchant/{v}/orders?status=CONFIRMED -> 200, 3 orders",
        digits(19),
    ),
    L(
        FT,
        "olo_signature_headers",
        "X-Olo-Message-Id: {mid}\nX-Olo-Timestamp: 638537{ts}\nX-Olo-Signature: {v}",
        b64(43, "="),
        mid=uuid,
        ts=digits(12),
    ),
    L(
        FT,
        "lightspeed_business_location",
        "[lsk-sync] 2024-06-11T19:40:02Z pulling sales for businessLocationId={v} (Harbor Grill - Pier 39), since=2024-06-10",
        digits(15),
    ),
    L(
        FT,
        "otter_gha_secret_ref",
        "      - name: Sync Otter menus\n        env:\n          OTTER_CLIENT_SECRET: {v}\n"
        "        run: python scripts/sync_menus.py --store all",
        const("${{ secrets.OTTER_CLIENT_SECRET }}"),
    ),
    L(
        FT,
        "doc_placeholder",
        'var accessKey = new Dictionary<string, string>{\n  {"developer_id", "PLACEHOLDER"},\n'
        '  {"key_id", "PLACEHOLDER"},\n  {"signing_secret", "{v}"}\n};',
        const("PLACEHOLDER"),
    ),
    L(
        FT,
        "revel_env_ref_header",
        "h = {'API-AUTHENTICATION': {v}}",
        const("f\"{os.getenv('REVEL_API_KEY')}:{os.getenv('REVEL_API_SECRET')}\""),
    ),
    L(
        FT,
        "square_application_id",
        "window.SQUARE_APPLICATION_ID = '{v}';\nwindow.SQUARE_LOCATION_ID = '{loc}';",
        join("sq0idp-", b64url(22)),
        loc=join("L", upper_alnum(12)),
    ),
    L(
        FT,
        "npm_integrity",
        '    "node_modules/@doordash/sdk": {\n      "version": "0.6.13",\n      "integrity": "{v}",',
        join("sha512-", b64(86, "==")),
    ),
    L(
        FT,
        "deploy_commit_sha",
        "$ git push heroku main\n...\nremote: Verifying deploy... done.\n$ git rev-parse HEAD\n{v}",
        hexl(40),
    ),
]
