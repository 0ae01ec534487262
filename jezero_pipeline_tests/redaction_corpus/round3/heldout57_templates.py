"""A fifty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of trading, crypto-exchange and financial-data APIs: ccxt exchange
configs (`apiKey`, `secret`, `password` for OKX and KuCoin passphrases, Hyperliquid's
`walletAddress` and `privateKey`), python-binance on the Spot testnet and Binance Ed25519 keys,
Coinbase Developer Platform keys (`organizations/…/apiKeys/…` key names, EC and Ed25519 private
keys, the short-lived JWT), Kraken's REST authentication (public API-Key, base64 private key,
nonce, the clikraken key file, GetWebSocketsToken), KuCoin and OKX key/secret/passphrase triples,
Alpaca's APCA-API-KEY-ID and APCA-API-SECRET-KEY with paper and live hosts, Interactive Brokers
Gateway under IBC and the ib-gateway-docker image, Polygon.io/Massive (REST and WebSocket auth),
Alpha Vantage (and its `demo` key), Finnhub (token and webhook secret), Tiingo, Financial Modeling
Prep, IEX Cloud (publishable `pk_` versus secret `sk_` tokens), OANDA v20 personal access tokens
and account ids, freqtrade's config.json, `api_server` and `FREQTRADE__` environment variables,
and Hummingbot's docker-compose autostart, in commands, config files and tool output, with the
public ids, placeholders and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 50 to 54):
25 of 26 secrets caught, 0 of 23 look-alikes altered (missed: a webhook secret compared with a header named
`X-Finnhub-Secret`).
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
    hexu,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

TR = "trading"

EC_HEAD = "MHcCAQEEI"
EC_MID = "oAoGCCqGSM49AwEHoUQDQgAE"
ED25519_HEAD = "MC4CAQAwBQYDK2VwBCIEI"


def cdp_key_name(rng: random.Random) -> str:
    return f"organizations/{uuid(rng)}/apiKeys/{uuid(rng)}"


def ec_sec1_body_json(rng: random.Random) -> str:
    """A P-256 SEC1 `EC PRIVATE KEY` body (164 characters) in 64-character lines joined by a literal \\n."""
    body = EC_HEAD + b64(43)(rng) + EC_MID + b64(86)(rng) + "=="
    return "\\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def ed25519_pkcs8_body(rng: random.Random) -> str:
    """The one base64 line of an Ed25519 PKCS#8 `PRIVATE KEY` (64 characters)."""
    return ED25519_HEAD + pick("ABCDEFGHIJKLMNOP", 1)(rng) + b64(42)(rng)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def cdp_jwt(rng: random.Random) -> str:
    """An ES256 JWT as the CDP samples print it: key name as `kid` and `sub`, a hex nonce, two-minute expiry."""
    name = cdp_key_name(rng)
    nbf = 1_730_000_000 + rng.randrange(10_000_000)
    header = {"alg": "ES256", "kid": name, "nonce": hexl(64)(rng), "typ": "JWT"}
    payload = {
        "iss": "cdp",
        "nbf": nbf,
        "exp": nbf + 120,
        "sub": name,
        "uri": "GET api.coinbase.com/api/v3/brokerage/accounts",
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(86)(rng)}"


def oanda_token(rng: random.Random) -> str:
    return f"{hexl(32)(rng)}-{hexl(32)(rng)}"


def oanda_account(rng: random.Random) -> str:
    return f"101-004-{digits(7)(rng)}-00{rng.randrange(1, 4)}"


kraken_private = join(b64(86), "==")
cdp_ed25519_secret = join(b64(86), "==")
alpaca_key_id = join("PK", upper_alnum(18))
alpaca_secret = b62(40)
binance_key = b62(64)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 0, 23, "the rules for 50 to 54")

TEMPLATES = [
    # ---- secrets: ccxt exchange configs
    S(
        TR,
        "ccxt_okx_password",
        "exchange = ccxt.okx({\n    'apiKey': '{key}',\n    'secret': '{sec}',\n    'password': '{v}',\n"
        "    'options': {'defaultType': 'swap'},\n})\nexchange.set_sandbox_mode(True)",
        password(14),
        key=uuid,
        sec=hexu(32),
    ),
    S(
        TR,
        "ccxt_kucoin_secret_uuid",
        'kucoin = ccxt.kucoin({\n    "apiKey": "{key}",\n    "secret": "{v}",\n'
        '    "password": os.environ["KUCOIN_PASSPHRASE"],\n})',
        uuid,
        key=hexl(24),
    ),
    S(
        TR,
        "ccxt_hyperliquid_private_key",
        "hl = ccxt.hyperliquid({\n    'walletAddress': '{addr}',\n    'privateKey': '{v}',\n"
        "    'options': {'sandboxMode': True},\n})",
        join("0x", hexl(64)),
        addr=join("0x", hexl(40)),
    ),
    # ---- secrets: Binance
    S(
        TR,
        "binance_testnet_secret",
        '>>> from binance.client import Client\n>>> client = Client("{key}", "{v}", testnet=True)\n'
        ">>> client.get_account()['canTrade']\nTrue",
        b62(64),
        key=binance_key,
    ),
    S(
        TR,
        "binance_ed25519_pem",
        "$ cat ~/.config/binance/test-prv-key.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ed25519_pkcs8_body,
    ),
    # ---- secrets: Coinbase Developer Platform
    S(
        TR,
        "cdp_ec_private_key_json",
        '$ cat cdp_api_key.json\n{\n   "name": "{name}",\n'
        '   "privateKey": "-----BEGIN EC PRIVATE KEY-----\\n{v}\\n-----END EC PRIVATE KEY-----\\n"\n}',
        ec_sec1_body_json,
        name=cdp_key_name,
    ),
    S(
        TR,
        "cdp_jwt_export",
        "$ python gen_jwt.py\nexport JWT={v}\n"
        "$ curl -s -H \"Authorization: Bearer $JWT\" https://api.coinbase.com/api/v3/brokerage/accounts | jq '.accounts | length'",
        cdp_jwt,
    ),
    S(
        TR,
        "cdp_ed25519_secret",
        'CDP_API_KEY_ID="{kid}"\nCDP_API_KEY_SECRET="{v}"\nCDP_WALLET_SECRET_PATH=./secrets/wallet.pem',
        cdp_ed25519_secret,
        kid=uuid,
    ),
    # ---- secrets: Kraken
    S(
        TR,
        "kraken_key_file",
        "$ cat ~/.config/clikraken/kraken.key\n{key}\n{v}\n$ clikraken balance",
        kraken_private,
        key=b64(56),
    ),
    S(
        TR,
        "kraken_ws_token",
        '>>> ws.send(json.dumps({"event": "subscribe", "subscription": {"name": "ownTrades", "token": "{v}"}}))',
        b64(43),
    ),
    # ---- secrets: KuCoin and OKX passphrases and secrets
    S(
        TR,
        "kucoin_passphrase_env",
        "KUCOIN_API_KEY={key}\nKUCOIN_API_SECRET=${KUCOIN_SECRET}\nKUCOIN_API_PASSPHRASE={v}\nKUCOIN_KEY_VERSION=2",
        password(12),
        key=hexl(24),
    ),
    S(
        TR,
        "okx_secret_key",
        "# OKX demo trading key (x-simulated-trading: 1)\nOKX_API_KEY={key}\nOKX_SECRET_KEY={v}",
        hexu(32),
        key=uuid,
    ),
    # ---- secrets: Alpaca
    S(
        TR,
        "alpaca_secret_header",
        '$ curl -s -H "APCA-API-KEY-ID: {kid}" -H "APCA-API-SECRET-KEY: {v}" \\\n'
        "    https://paper-api.alpaca.markets/v2/account | jq .buying_power",
        alpaca_secret,
        kid=alpaca_key_id,
    ),
    # ---- secrets: Interactive Brokers
    S(
        TR,
        "ibc_config_password",
        "# ~/ibc/config.ini\nIbLoginId={user}\nIbPassword={v}\nTradingMode=paper\nAcceptNonBrokerageAccountWarning=yes",
        password(14),
        user=const("mkoval-paper"),
    ),
    S(
        TR,
        "ib_gateway_compose_password",
        "  ib-gateway:\n    image: ghcr.io/gnzsnz/ib-gateway:stable\n    environment:\n"
        "      TWS_USERID: mkoval418\n      TWS_PASSWORD: '{v}'\n      TRADING_MODE: paper\n"
        "      READ_ONLY_API: 'no'",
        password(16),
    ),
    # ---- secrets: market-data keys
    S(
        TR,
        "polygon_ws_auth",
        "> wscat -c wss://socket.polygon.io/stocks\nConnected (press CTRL+C to quit)\n"
        '< [{"ev":"status","status":"connected","message":"Connected Successfully"}]\n'
        '> {"action":"auth","params":"{v}"}',
        b62(32),
    ),
    S(
        TR,
        "alpha_vantage_url",
        "GET https://www.alphavantage.co/query?function=TIME_SERIES_INTRADAY&symbol=IBM&interval=5min"
        "&outputsize=full&apikey={v} -> 200 (1.4s)",
        upper_alnum(16),
    ),
    S(
        TR,
        "finnhub_webhook_secret",
        '@app.post("/hooks/finnhub")\ndef finnhub_hook():\n'
        '    if request.headers.get("X-Finnhub-Secret") != "{v}":\n        abort(401)\n    return "", 200',
        lower_alnum(20),
    ),
    S(
        TR,
        "tiingo_token_header",
        "$ curl -s -H 'Content-Type: application/json' -H 'Authorization: Token {v}' \\\n"
        "    'https://api.tiingo.com/tiingo/daily/aapl/prices?startDate=2024-01-02'",
        hexl(40),
    ),
    S(
        TR,
        "fmp_apikey_url",
        'requests.get("https://financialmodelingprep.com/stable/income-statement", '
        'params={"symbol": "MSFT", "period": "annual", "apikey": "{v}"})',
        b62(32),
    ),
    S(
        TR,
        "iex_secret_token",
        ">>> import pyEX\n>>> c = pyEX.Client(api_token='{v}', version='stable')\n>>> c.quote('AAPL')['latestPrice']",
        join("sk_", hexl(32)),
    ),
    S(
        TR,
        "oanda_bearer",
        '$ curl -s -H "Content-Type: application/json" -H "Authorization: Bearer {v}" \\\n'
        '    "https://api-fxpractice.oanda.com/v3/accounts/{acct}/summary"',
        oanda_token,
        acct=oanda_account,
    ),
    # ---- secrets: bot frameworks
    S(
        TR,
        "freqtrade_jwt_secret",
        '    "api_server": {\n        "enabled": true,\n        "listen_ip_address": "127.0.0.1",\n'
        '        "listen_port": 8080,\n        "jwt_secret_key": "{v}",\n        "CORS_origins": [],\n'
        '        "username": "freqtrader",',
        hexl(64),
    ),
    S(
        TR,
        "freqtrade_ws_token",
        '        "username": "freqtrader",\n        "password": "${FT_UI_PASSWORD}",\n        "ws_token": "{v}"\n    },',
        b64url(34),
    ),
    S(
        TR,
        "freqtrade_env_secret",
        "$ docker compose run --rm -e FREQTRADE__EXCHANGE__KEY={key} -e FREQTRADE__EXCHANGE__SECRET={v} \\\n"
        "    freqtrade trade --config user_data/config.json --strategy SampleStrategy",
        b62(64),
        key=binance_key,
    ),
    S(
        TR,
        "hummingbot_config_password",
        "    environment:\n      - CONFIG_PASSWORD={v}\n      - CONFIG_FILE_NAME=simple_pmm_example.py\n"
        "      - HEADLESS_MODE=true",
        password(16),
    ),
    # ---- look-alikes: public key ids and account ids
    L(
        TR,
        "cdp_key_name",
        'key_name = "{v}"  # the key *name* from the portal; the private key is read from $CDP_PRIVATE_KEY',
        cdp_key_name,
    ),
    L(
        TR,
        "coinbase_account_uuid",
        "GET /api/v3/brokerage/accounts/{v} -> 200\n"
        '{"account": {"uuid": "{v}", "name": "BTC Wallet", "currency": "BTC", "active": true}}',
        uuid,
    ),
    L(
        TR,
        "alpaca_key_id",
        "Paper keys regenerated; the key ID is now {v} (the secret was shown once and went straight into the vault).",
        alpaca_key_id,
    ),
    L(
        TR,
        "alpaca_account_id",
        '{\n  "id": "{v}",\n  "status": "ACTIVE",\n  "currency": "USD",\n  "buying_power": "200000",\n'
        '  "pattern_day_trader": false,',
        uuid,
    ),
    L(
        TR,
        "oanda_account_id",
        '$ curl -s -H "Authorization: Bearer $OANDA_TOKEN" https://api-fxpractice.oanda.com/v3/accounts\n'
        '{"accounts":[{"id":"{v}","tags":[]}]}',
        oanda_account,
    ),
    L(
        TR,
        "ibkr_paper_account",
        ">>> ib.connect('127.0.0.1', 4002, clientId=17)\n<IB connected to 127.0.0.1:4002 clientId=17>\n"
        ">>> ib.managedAccounts()\n['{v}']",
        join("DU", digits(7)),
    ),
    L(
        TR,
        "okx_uid",
        '{"code":"0","data":[{"acctLv":"2","autoLoan":false,"level":"Lv1","mainUid":"{v}","posMode":"net_mode",'
        '"uid":"{v}"}],"msg":""}',
        join("4", digits(16)),
    ),
    L(
        TR,
        "hyperliquid_wallet_address",
        "WALLET_ADDRESS={v}  # main wallet, public; the agent key stays in HL_AGENT_PRIVATE_KEY",
        join("0x", hexl(40)),
    ),
    L(
        TR,
        "iex_publishable",
        "// browser widget: publishable tokens are fine to ship client-side\n"
        "fetch(`https://cloud.iexapis.com/stable/stock/${sym}/quote?token={v}`)",
        join("pk_", hexl(32)),
    ),
    L(
        TR,
        "alpha_vantage_demo_key",
        "$ curl -s 'https://www.alphavantage.co/query?function=GLOBAL_QUOTE&symbol=IBM&apikey={v}' | jq '.\"Global Quote\"'",
        const("demo"),
    ),
    L(
        TR,
        "telegram_chat_id",
        '    "telegram": {\n        "enabled": true,\n        "token": "${TELEGRAM_TOKEN}",\n        "chat_id": "{v}"\n    },',
        digits(10),
    ),
    # ---- look-alikes: request ids, nonces, order ids, digests
    L(
        TR,
        "kraken_nonce",
        "POST /0/private/Balance\nContent-Type: application/x-www-form-urlencoded\n\nnonce={v}",
        join("17", digits(11)),
    ),
    L(
        TR,
        "binance_client_order_id",
        '{"symbol":"BTCUSDT","orderId":{oid},"orderListId":-1,"clientOrderId":"{v}","transactTime":{ts},'
        '"status":"FILLED"}',
        b62(22),
        oid=digits(8),
        ts=join("17", digits(11)),
    ),
    L(
        TR,
        "polygon_request_id",
        '{"ticker":"AAPL","queryCount":2,"resultsCount":2,"adjusted":true,"status":"OK","request_id":"{v}"}',
        hexl(32),
    ),
    L(
        TR,
        "image_digest",
        "$ docker pull freqtradeorg/freqtrade:stable\nstable: Pulling from freqtradeorg/freqtrade\n"
        "Digest: sha256:{v}\nStatus: Image is up to date for freqtradeorg/freqtrade:stable",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references, masks and names
    L(
        TR,
        "freqtrade_placeholder",
        '    "exchange": {\n        "name": "binance",\n        "key": "your_exchange_key",\n'
        '        "secret": "{v}",\n        "ccxt_config": {},',
        const("your_exchange_secret"),
    ),
    L(
        TR,
        "alpaca_doc_placeholder",
        'curl -X GET -H "APCA-API-KEY-ID: {YOUR_API_KEY_ID}" -H "APCA-API-SECRET-KEY: {v}" '
        "https://{apiserver_domain}/v2/account",
        const("{YOUR_API_SECRET_KEY}"),
    ),
    L(
        TR,
        "env_example_placeholder",
        "# .env.example: copy to .env and fill in\nTIINGO_API_TOKEN={v}\nFINNHUB_API_KEY=",
        interleaved(40),
    ),
    L(
        TR,
        "compose_env_ref",
        "    environment:\n      APCA_API_KEY_ID: ${APCA_API_KEY_ID}\n      APCA_API_SECRET_KEY: {v}\n"
        "      APCA_API_BASE_URL: https://paper-api.alpaca.markets",
        const("${APCA_API_SECRET_KEY:?set in .env}"),
    ),
    L(
        TR,
        "op_reference",
        "$ op run --env-file=.env.tpl -- python bot.py   # .env.tpl: KRAKEN_PRIVATE_KEY={v}",
        const('"op://Trading/Kraken API/private key"'),
    ),
    L(
        TR,
        "secret_file_path",
        "      TWS_PASSWORD_FILE: {v}\n    secrets:\n      - ib_password",
        const("/run/secrets/ib_password"),
    ),
    L(
        TR,
        "masked_prompt",
        ">>> connect binance\nEnter your Binance API key >>> {v}\nEnter your Binance secret key >>> {v}\n"
        "You are now connected to binance.",
        const("****************************************************************"),
    ),
    L(
        TR,
        "secret_names",
        "$ gh secret list --repo quantdesk/mm-bots\n{v}\tUpdated 2024-09-03\nOKX_PASSPHRASE\tUpdated 2024-09-03",
        const("KRAKEN_PRIVATE_KEY"),
    ),
]
