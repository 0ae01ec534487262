"""A hundred-and-sixty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of electronic component distributors, PCB services and the
tools that call their APIs: Digi-Key's OAuth 2.0 two-legged flow (`/v1/oauth2/token`, a 32-character
client id and a 16-character client secret as KiCost's configuration file shows them, ~28-character
access tokens, refresh tokens, `X-DIGIKEY-Client-Id`), the `digikey-api` Python client
(`DIGIKEY_CLIENT_ID`/`DIGIKEY_CLIENT_SECRET`/`DIGIKEY_STORAGE_PATH`) and the KiCost Digi-Key plug-in's
`config.txt`; Mouser's Search and Order (cart) API keys, which are UUIDs, passed as `?apiKey=` and
stored as `MOUSER_PART_API_KEY`/`MOUSER_ORDER_API_KEY` or in `mouser_api_keys.yaml` (sparkmicro's
mouser client, Ki-nTree), and the cart key beside them; Nexar (Octopart) client id/secret, the
`identity.nexar.com/connect/token` client-credentials grant, the `nexar-token` tool's positional
arguments and its bearer JWT for `api.nexar.com/graphql`; Octopart's legacy v3 8-hex `apikey` and
v4 UUID key (KiCost); Farnell/Newark element14's 24-character `callInfo.apiKey` on
`api.element14.com/catalog/products`; TME's 45-character token and 20-character app secret
(`TmeApi`, KiCost); Arrow's `login` + 64-hex `apikey` on `api.arrow.com/itemservice/v4`; LCSC's
key/secret with a SHA-1 signed nonce; JLCPCB's app id / access key / secret key triple; PCBWay's
partner API (`api-partner.pcbway.com`, `api-key` header, order numbers); in shell commands, curl
flags, URLs, YAML/INI/JSON/.env files, compose files, Python/PHP/JavaScript code and tool output,
with the public values the same documentation shows beside them (part numbers, Octopart and Arrow
item ids, request ids, cart keys, order numbers, placeholders, masked keys, secret-store and
environment references, commit SHAs and checksums).

Where the documentation did not state a shape, it is an assumption written down here: the Digi-Key
refresh token length (32), the Nexar client secret (43 base64url characters) and the layout of its
access-token JWT (an IdentityServer-style RS256 token), the element14 key's alphabet (lowercase
alphanumeric), the TME token's alphabet (alphanumeric), the LCSC, JLCPCB and PCBWay key lengths
(32 alphanumeric characters).

First score, blind, before any rule changed for it (after the rules for 160 to 164):
23 of 25 secrets caught, 1 of 24 look-alikes altered (missed: a Nexar client secret as a program's
second positional argument after a UUID, an Octopart key (a UUID) under `key:` in KiCost's YAML;
altered: Mouser's `cartKey` (a UUID) in a query).
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
    hexu,
    join,
    lower_alnum,
    pick,
    uuid,
)

PA = "partsapi"

dk_client_id = b62(32)
dk_client_secret = b62(16)
dk_access_token = b62(28)
element14_key = lower_alnum(24)
tme_token = b62(45)
arrow_key = hexl(64)


def _b64url_json(d: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).rstrip(b"=").decode()


def nexar_jwt(rng: random.Random) -> str:
    """An RS256 access token as an IdentityServer issues it: header.payload.signature, all base64url."""
    now = 1_717_000_000 + rng.randrange(20_000_000)
    header = {"alg": "RS256", "kid": hexu(32)(rng), "typ": "at+jwt"}
    payload = {
        "iss": "https://identity.nexar.com",
        "nbf": now,
        "iat": now,
        "exp": now + 86400,
        "aud": ["https://api.nexar.com"],
        "scope": ["supply.domain"],
        "client_id": uuid(rng),
        "jti": hexu(32)(rng),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def masked_uuid(rng: random.Random) -> str:
    return "••••••••-••••-••••-••••-••••••••" + hexl(4)(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 1, 24, "the rules for 160 to 164")

TEMPLATES: list = [
    # ---- secrets: Digi-Key OAuth client secret, access and refresh tokens
    S(PA, "digikey_client_secret_export", 'export DIGIKEY_CLIENT_SECRET="{v}"', dk_client_secret),
    S(
        PA,
        "digikey_token_request",
        "$ curl -s -X POST https://api.digikey.com/v1/oauth2/token"
        " -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d 'client_id={cid}&client_secret={v}&grant_type=client_credentials'",
        dk_client_secret,
        cid=dk_client_id,
    ),
    S(
        PA,
        "digikey_token_response",
        '{"access_token":"{v}","expires_in":599,"token_type":"Bearer"}',
        dk_access_token,
    ),
    S(
        PA,
        "digikey_bearer_header",
        "$ curl -s -X POST https://api.digikey.com/products/v4/search/keyword \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        '    -H "X-DIGIKEY-Client-Id: {cid}" -H "X-DIGIKEY-Locale-Site: US" \\\n'
        '    -H "Content-Type: application/json" -d \'{"Keywords": "NE555", "Limit": 5}\'',
        dk_access_token,
        cid=dk_client_id,
    ),
    S(
        PA,
        "digikey_token_storage",
        "$ cat ~/.cache/digikey/token_storage.json\n"
        '{"refresh_token": "{v}", "expires": 1719842211, "token_type": "Bearer", "expires_in": 1799}',
        b62(32),
    ),
    S(
        PA,
        "kicost_digikey_yaml",
        "APIs:\n  Digi-Key:\n    client_id: {cid}\n    client_secret: {v}\n    sandbox: false\n    enable: true",
        dk_client_secret,
        cid=dk_client_id,
    ),
    S(
        PA,
        "kicost_plugin_config_txt",
        "$ cat ~/.config/kicost_digikey_api_v4/config.txt\nDIGIKEY_CLIENT_ID = {cid}\nDIGIKEY_CLIENT_SECRET = {v}",
        dk_client_secret,
        cid=dk_client_id,
    ),
    # ---- secrets: Mouser search and order keys (UUIDs)
    S(
        PA,
        "mouser_apikey_query",
        '$ curl -s -X POST "https://api.mouser.com/api/v1/search/keyword?apiKey={v}"'
        " -H 'Content-Type: application/json'"
        ' -d \'{"SearchByKeywordRequest": {"keyword": "LM317", "records": 5}}\'',
        uuid,
    ),
    S(
        PA,
        "mouser_mcp_env_flag",
        "$ claude mcp add mouser -s user -e MOUSER_ORDER_API_KEY={v} -- npx -y mouser-mcp",
        uuid,
    ),
    S(
        PA,
        "mouser_keys_file_line",
        "$ head -n1 mouser_api_keys.yaml\n{v}",
        uuid,
    ),
    S(
        PA,
        "kintree_mouser_yaml",
        "$ cat ~/.config/kintree/user/mouser_api.yaml\nMOUSER_PART_API_KEY: {v}",
        uuid,
    ),
    # ---- secrets: Nexar / Octopart
    S(
        PA,
        "nexar_token_positional",
        "$ dotnet run {cid} {v} supply | Set-Clipboard",
        b64url(43),
        cid=uuid,
    ),
    S(
        PA,
        "nexar_bearer_jwt",
        "$ curl -s https://api.nexar.com/graphql -H 'Content-Type: application/json'"
        " -H 'Authorization: Bearer {v}' -d @supSearchMpn.json",
        nexar_jwt,
    ),
    S(
        PA,
        "nexar_client_code",
        'nexar = NexarClient("{cid}", "{v}")\nresults = nexar.get_query(QUERY_MPN, {"mpn": "STM32F103C8T6"})',
        b64url(43),
        cid=uuid,
    ),
    S(
        PA,
        "octopart_v3_apikey",
        "GET http://octopart.com/api/v3/parts/match?apikey={v}"
        "&queries=%5B%7B%22mpn%22%3A%22SN74S74N%22%7D%5D&include%5B%5D=specs -> 200 OK (1.4s)",
        hexl(8),
    ),
    S(
        PA,
        "kicost_octopart_yaml",
        "  Octopart:\n    key: {v}\n    level: 4\n    extended: false\n    enable: true",
        uuid,
    ),
    # ---- secrets: Farnell / Newark element14
    S(
        PA,
        "element14_apikey_url",
        "https://api.element14.com/catalog/products?term=manuPartNum%3ALM339ADT&storeInfo.id=uk.farnell.com"
        "&resultsSettings.offset=0&resultsSettings.numberOfResults=1&resultsSettings.responseGroup=large"
        "&callInfo.responseDataFormat=JSON&callInfo.apiKey={v}",
        element14_key,
    ),
    S(
        PA,
        "element14_php_params",
        "$parameters = [\n    'callInfo.apiKey' => '{v}',\n    'term' => 'any:fuse',\n"
        "    'storeInfo.id' => 'de.farnell.com',\n    'callInfo.responseDataFormat' => 'json'\n];",
        element14_key,
    ),
    # ---- secrets: TME token and app secret
    S(
        PA,
        "tme_token_code",
        'api = TmeApi("{v}", os.environ["TME_APP_SECRET"].strip())\nprint(api.get_prices(["1N4007-DIO"]))',
        tme_token,
    ),
    S(
        PA,
        "tme_app_secret_docker",
        "$ docker run --rm -e TME_TOKEN_FILE=/run/secrets/tme_token -e TME_APP_SECRET={v}"
        " -e TME_COUNTRY=PL ghcr.io/brightwave/bom-pricer:1.4 price bom.csv",
        hexl(20),
    ),
    # ---- secrets: Arrow
    S(
        PA,
        "arrow_apikey_url",
        "requests.get: https://api.arrow.com/itemservice/v4/en/search/token?login=brightwave2"
        "&apikey={v}&search_token=BAV99&rows=3 [status 200]",
        arrow_key,
    ),
    S(
        PA,
        "arrow_compose_env",
        "  pricing-worker:\n    image: bom-pricer:latest\n    environment:\n      ARROW_LOGIN: brightwave2\n"
        "      ARROW_API_KEY: {v}\n      ARROW_ENDPOINT: https://api.arrow.com/itemservice/v4/en/search/list",
        arrow_key,
    ),
    # ---- secrets: LCSC, JLCPCB, PCBWay
    S(
        PA,
        "lcsc_secret_code",
        'auth = LCSCAuth(os.environ["LCSC_API_KEY"], "{v}")\nparams = auth.get_auth_params()',
        b62(32),
    ),
    S(
        PA,
        "jlcpcb_secret_kwarg",
        "client = JLCPCBClient(\n    app_id=os.environ['JLCPCB_APP_ID'],\n"
        "    access_key=os.environ['JLCPCB_ACCESS_KEY'],\n    secret_key='{v}',\n)",
        b62(32),
    ),
    S(
        PA,
        "pcbway_api_key_header",
        "$ curl -s -X POST https://api-partner.pcbway.com/api/Pcb/PcbQuotation"
        ' -H "api-key: {v}" -H "Content-Type: application/json" -d @quote-2layer.json',
        b62(32),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        PA,
        "digikey_part_number",
        "part = digikey.product_details('{v}')\nprint(part.manufacturer)",
        join(digits(3), "-", digits(4), "-1-ND"),
    ),
    L(
        PA,
        "digikey_request_id",
        '{\n  "ErrorResponseVersion": "3.0.0.0",\n  "StatusCode": 429,\n  "ErrorMessage": "BurstLimit exceeded",\n'
        '  "RequestId": "{v}",\n  "ValidationErrors": []\n}',
        uuid,
    ),
    L(
        PA,
        "mouser_cart_key",
        "GET https://api.mouser.com/api/v1.0/cart?apiKey=$MOUSER_ORDER_API_KEY&cartKey={v}&countryCode=DE",
        uuid,
    ),
    L(
        PA,
        "nexar_request_id",
        '{"errors": [{"message": "Token validation failed. Please provide a valid access token.",'
        ' "extensions": {"code": "AuthExpiredToken"}}], "extensions": {"requestId": "{v}"}}',
        uuid,
    ),
    L(
        PA,
        "octopart_part_uid",
        "part = Octopart::Part.find('{v}')\n# => <Octopart::Part >",
        digits(8),
    ),
    L(
        PA,
        "element14_order_code",
        "    'term' => 'id:{v}',\n    'storeInfo.id' => 'uk.farnell.com',",
        digits(7),
    ),
    L(
        PA,
        "arrow_item_id",
        '"PartList": [{"itemId": {v}, "partNum": "BAV99", "manufacturer": {"mfrCd": "NEXP"}}]',
        digits(8),
    ),
    L(
        PA,
        "lcsc_product_code",
        'product, err := client.GetProductDetails(ctx, "{v}")',
        join("C", digits(5)),
    ),
    L(
        PA,
        "lcsc_nonce",
        "DEBUG lcsc: GET /rest/wmsc2agent/search/product keyword=STM32F103 nonce={v} timestamp=1718031245 key=****",
        lower_alnum(16),
    ),
    L(
        PA,
        "pcbway_order_no",
        '{\n  "OrderNo": "{v}",\n  "PayType": 1,\n  "ShipType": 2,\n  "Country": "Netherlands"\n}',
        join("W", digits(6), "AS", digits(1)),
    ),
    L(
        PA,
        "arrow_login",
        "ARROW_LOGIN={v}\nARROW_API_KEY=${ARROW_API_KEY:?set in the vault}",
        join("brightwave-", pick("abcdefghijklmnopqrstuvwxyz", 3), digits(1)),
    ),
    # ---- look-alikes: hashes
    L(
        PA,
        "commit_sha",
        "$ pip install 'git+https://github.com/peeter123/digikey-api@{v}'",
        hexl(40),
    ),
    L(
        PA,
        "checksum",
        "$ sha256sum dist/kicost_digikey_api_v4-0.1.4.tar.gz\n{v}  dist/kicost_digikey_api_v4-0.1.4.tar.gz",
        hexl(64),
    ),
    L(
        PA,
        "cache_file_hash",
        "$ ls ~/.cache/kicost/Mouser/\n{v}.json",
        hexl(32),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        PA,
        "digikey_secret_placeholder",
        "# .env.example\nDIGIKEY_CLIENT_ID=<client-id-from-developer.digikey.com>\nDIGIKEY_CLIENT_SECRET={v}",
        const("<client-secret-from-developer.digikey.com>"),
    ),
    L(
        PA,
        "secret_store_ref",
        "  DIGIKEY_CLIENT_SECRET: {v}",
        const("op://Engineering/DigiKey Production App/client_secret"),
    ),
    L(
        PA,
        "mouser_key_placeholder",
        "      Mouser:\n        # Mouser Part API key\n        # key: {v}",
        const("XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"),
    ),
    L(PA, "mouser_key_masked", "✔ Mouser search key loaded: {v} (from MOUSER_PART_API_KEY)", masked_uuid),
    L(
        PA,
        "nexar_env_ref",
        "$ curl -s https://api.nexar.com/graphql -H 'Authorization: Bearer {v}' -d @supSearchMpn.json",
        const("${NEXAR_TOKEN}"),
    ),
    L(
        PA,
        "nexar_token_url",
        "NEXAR_TOKEN_URL={v}\nNEXAR_CLIENT_SECRET=${NEXAR_CLIENT_SECRET}",
        const("https://identity.nexar.com/connect/token"),
    ),
    L(
        PA,
        "gha_secret_ref",
        "      - name: Price the BOM\n        env:\n          OCTOPART_API_KEY: {v}\n        run: kicost -i board.xml",
        const("${{ secrets.OCTOPART_API_KEY }}"),
    ),
    L(
        PA,
        "element14_env_ref_url",
        "const url = `https://api.element14.com/catalog/products?term=manuPartNum%3A${mpn}"
        "&storeInfo.id=www.newark.com&callinfo.apiKey={v}`;",
        const("${process.env.REACT_APP_NEWARK_API_KEY}"),
    ),
    L(
        PA,
        "tme_token_placeholder",
        "      TME:\n        # TME token (anonymous or private)\n        # token: {v}\n        # app_secret: XXXXXXXXXXXXXXXXXXXX",
        const("X" * 45),
    ),
    L(
        PA,
        "pcbway_key_env_ref",
        "    headers = {'api-key': {v}, 'Content-Type': 'application/json'}",
        const("os.environ['PCBWAY_API_KEY']"),
    ),
]
