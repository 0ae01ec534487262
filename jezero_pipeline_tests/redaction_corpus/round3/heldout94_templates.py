"""A ninety-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of web scraping, headless-browser and proxy services: Browserless
(the `?token=` query on `wss://production-sfo.browserless.io`, the base64 Basic header, the Docker
image's `TOKEN` variable, `browserless auth login <token>`), ScrapingBee (the 80-character
`api_key` query parameter and proxy mode, where the key is the proxy username), Apify
(`apify_api_` tokens in `APIFY_TOKEN` and `apify login -t`, `apify_proxy_` passwords on
`proxy.apify.com:8000`, 17-character Actor, build and dataset ids), Bright Data
(`brd-customer-hl_…-zone-…:<zone password>` on `brd.superproxy.io:33335`, 64-hex API keys as
Bearer tokens, `gd_` dataset and `s_` snapshot ids), ScraperAPI (the 32-hex key as the password of
`scraperapi@proxy-server.scraperapi.com:8001`, async job UUIDs, a masked key), Zyte (`--user KEY:` on
`api.zyte.com/v1/extract`, `~/.scrapinghub.yml` apikeys, Scrapy Cloud project numbers), Oxylabs
(`realtime.oxylabs.io` basic auth, the `customer-USERNAME:PASSWORD` template for
`pr.oxylabs.io:7777`, 19-digit job ids), Decodo/Smartproxy (`user-…-session-…` on `gate.decodo.com:7000`), 2Captcha
(`in.php?key=`, `TwoCaptcha(key)`, `OK|<captcha id>`), Anti-Captcha and CapSolver (`clientKey` in
`createTask`, `CAP-` keys, task ids, public reCAPTCHA `websiteKey`s), Firecrawl (`fc-` keys in MCP
configs, crawl job UUIDs, the `fc-YOUR_API_KEY` placeholder), Steel (`ste-` keys as `apiKey=` on
`wss://connect.steel.dev` and the `steel-api-key` header, session ids) and Hyperbrowser (`hb_`
keys in `x-api-key`, the JWT `token` in a session's `wsEndpoint`), in commands, config files,
code and tool output, with the public ids, placeholders, digests and references to a secret store
the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 85 to 89):
22 of 25 secrets caught, 2 of 25 look-alikes altered (missed: a UUID token after `browserless auth
login`, a Bright Data zone password after `--proxy-user`, `TwoCaptcha('<hex>')`; altered:
`https://YOUR-API-KEY:render_js=False@proxy…`, `Bearer fc-YOUR_API_KEY`).
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
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

SC = "scraping"

JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def hb_session_jwt(rng: random.Random) -> str:
    """An HS256 JWT of the shape a Hyperbrowser session puts in its `wsEndpoint` `token`."""
    iat = rng.randrange(1_740_000_000, 1_760_000_000)
    claims = {"sessionId": uuid(rng), "teamId": uuid(rng), "iat": iat, "exp": iat + 43200}
    body = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{JWT_HEAD}.{body}.{b64url(43)(rng)}"


def basic_of_token(rng: random.Random) -> str:
    """Browserless's Basic header: the bare token, base64-encoded."""
    return base64.b64encode(uuid(rng).encode()).decode()


def nonzero_digits(n: int):
    """n decimal digits, the first not 0 (a number as an API prints it)."""
    return join(pick("123456789", 1), digits(n - 1))


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


apify_token = join("apify_api_", b62(36))
apify_proxy_password = join("apify_proxy_", b62(36))
scrapingbee_key = upper_alnum(80)
hex32 = hexl(32)
oxylabs_password = pick(B62 + "_+", 15)
decodo_password = pick(B62 + "~+=_", 18)
steel_key = join("ste-", b62(107))
hyperbrowser_key = join("hb_", hexl(28))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 2, 25, "the rules for 85 to 89")

TEMPLATES: list = [
    # ---- secrets: Browserless
    S(
        SC,
        "browserless_wss_token",
        "    browser = p.chromium.connect_over_cdp(\n"
        '        "wss://production-sfo.browserless.io/chromium/playwright?token={v}&stealth=true&blockAds=true"\n'
        "    )",
        uuid,
    ),
    S(
        SC,
        "browserless_docker_token",
        '$ docker run --rm -d --name headless -p 3000:3000 -e "CONCURRENT=10" -e "TOKEN={v}"'
        " ghcr.io/browserless/chromium:latest",
        b62(24),
    ),
    S(
        SC,
        "browserless_basic_header",
        "$ curl -sS -X POST https://production-lon.browserless.io/content \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        "    -H 'Authorization: Basic {v}' \\\n"
        """    -d '{"url": "https://shop.example.org/catalog?page=2"}' | head -c 400""",
        basic_of_token,
    ),
    S(SC, "browserless_cli_login", "$ browserless auth login {v}\nAuthenticated\nToken stored in: keychain", uuid),
    # ---- secrets: ScrapingBee
    S(
        SC,
        "scrapingbee_query",
        '$ curl -s "https://app.scrapingbee.com/api/v1/?api_key={v}'
        '&url=https%3A%2F%2Fbooks.toscrape.com%2Fcatalogue%2Fpage-2.html&render_js=false" -o page2.html',
        scrapingbee_key,
    ),
    S(
        SC,
        "scrapingbee_proxy_mode",
        "PROXIES = {\n"
        '    "http": "http://{v}:render_js=False&premium_proxy=True@proxy.scrapingbee.com:8886",\n'
        '    "https": "https://{v}:render_js=False&premium_proxy=True@proxy.scrapingbee.com:8887",\n'
        "}",
        scrapingbee_key,
    ),
    # ---- secrets: Apify
    S(
        SC,
        "apify_env_file",
        "$ cat .env\nAPIFY_TOKEN={v}\nAPIFY_DEFAULT_DATASET_ID=default\nCRAWLEE_STORAGE_DIR=./storage",
        apify_token,
    ),
    S(
        SC,
        "apify_cli_login",
        "$ apify login -t {v}\nSuccess: You are logged in to Apify as {user}!",
        apify_token,
        user=const("pricewatch-bot"),
    ),
    S(
        SC,
        "apify_proxy_url",
        '    proxy_url = "http://groups-RESIDENTIAL,country-DE,session-{sess}:{v}@proxy.apify.com:8000"',
        apify_proxy_password,
        sess=lower_alnum(10),
    ),
    # ---- secrets: Bright Data
    S(
        SC,
        "brightdata_proxy_user",
        '$ curl -s "https://geo.brdtest.com/mygeo.json" --proxy brd.superproxy.io:33335'
        " --proxy-user brd-customer-hl_{cust}-zone-residential_proxy1-country-nl:{v}",
        lower_alnum(12),
        cust=hexl(8),
    ),
    S(
        SC,
        "brightdata_api_bearer",
        'headers = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}\n'
        'resp = requests.post("https://api.brightdata.com/request", headers=headers,'
        ' json={"zone": "web_unlocker1", "url": target, "format": "raw"})',
        hexl(64),
    ),
    # ---- secrets: ScraperAPI
    S(
        SC,
        "scraperapi_proxy_port",
        "        yield scrapy.Request(\n            url,\n            callback=self.parse_listing,\n"
        '            meta={"proxy": "http://scraperapi:{v}@proxy-server.scraperapi.com:8001"},\n        )',
        hex32,
    ),
    # ---- secrets: Zyte
    S(
        SC,
        "zyte_curl_user",
        "$ curl --user {v}: --header 'Content-Type: application/json' \\\n"
        """    --data '{"url": "https://toscrape.com", "browserHtml": true}' --compressed https://api.zyte.com/v1/extract""",
        hex32,
    ),
    S(
        SC,
        "zyte_scrapinghub_yml",
        "$ cat ~/.scrapinghub.yml\napikeys:\n  default: {v}\nprojects:\n  default: {proj}",
        hex32,
        proj=nonzero_digits(6),
    ),
    # ---- secrets: Oxylabs
    S(
        SC,
        "oxylabs_realtime_user",
        "$ curl --user 'pricewatch_wsa:{v}' 'https://realtime.oxylabs.io/v1/queries' \\\n"
        """    -H 'Content-Type: application/json' -d '{"source": "universal", "url": "https://sandbox.oxylabs.io/products"}'""",
        oxylabs_password,
    ),
    # ---- secrets: Decodo (Smartproxy)
    S(
        SC,
        "decodo_socks5",
        '$ curl -x "socks5h://user-sp7x2kqa-country-us-session-{sess}:{v}@gate.decodo.com:7000" "https://ip.decodo.com/json"',
        decodo_password,
        sess=digits(4),
    ),
    # ---- secrets: captcha solvers
    S(
        SC,
        "twocaptcha_in_php",
        "GET http://2captcha.com/in.php?key={v}&method=userrecaptcha&googlekey={site}"
        "&pageurl=https://portal.example.net/login&json=1 -> 200",
        hex32,
        site=join("6L", b64url(38)),
    ),
    S(
        SC,
        "twocaptcha_python",
        "from twocaptcha import TwoCaptcha\n\nsolver = TwoCaptcha('{v}', defaultTimeout=120, pollingInterval=10)",
        hex32,
    ),
    S(
        SC,
        "anticaptcha_clientkey",
        '{\n  "clientKey": "{v}",\n  "task": {\n    "type": "RecaptchaV2TaskProxyless",\n'
        '    "websiteURL": "https://portal.example.net/login",\n    "websiteKey": "{site}"\n  },\n  "softId": 0\n}',
        hex32,
        site=join("6L", b64url(38)),
    ),
    S(SC, "capsolver_export", "export CAPSOLVER_API_KEY={v}", join("CAP-", hexu(32))),
    # ---- secrets: Firecrawl
    S(
        SC,
        "firecrawl_mcp_json",
        '    "firecrawl-mcp": {\n      "command": "npx",\n      "args": ["-y", "firecrawl-mcp"],\n'
        '      "env": {\n        "FIRECRAWL_API_KEY": "{v}"\n      }\n    }',
        join("fc-", hexl(32)),
    ),
    # ---- secrets: Steel
    S(
        SC,
        "steel_wss_apikey",
        "const browser = await chromium.connectOverCDP(\n  'wss://connect.steel.dev?apiKey={v}&sessionId={sid}'\n);",
        steel_key,
        sid=uuid,
    ),
    S(
        SC,
        "steel_header",
        '$ curl -s -X POST https://api.steel.dev/v1/scrape -H "steel-api-key: {v}" \\\n'
        """    -H "Content-Type: application/json" -d '{"url": "https://example.com"}'""",
        steel_key,
    ),
    # ---- secrets: Hyperbrowser
    S(
        SC,
        "hyperbrowser_x_api_key",
        "const res = await fetch('https://api.hyperbrowser.ai/api/session', {\n"
        "  method: 'POST',\n  headers: { 'x-api-key': '{v}', 'Content-Type': 'application/json' },\n"
        "  body: JSON.stringify({ useStealth: true, solveCaptchas: true }),\n});",
        hyperbrowser_key,
    ),
    S(
        SC,
        "hyperbrowser_ws_jwt",
        '{\n  "id": "{sid}",\n  "status": "active",\n  "wsEndpoint": "wss://connect.hyperbrowser.ai/?token={v}",\n'
        '  "liveUrl": "https://app.hyperbrowser.ai/live?token={v}&keepAlive=true"\n}',
        hb_session_jwt,
        sid=uuid,
    ),
    # ---- look-alikes: placeholders and references
    L(
        SC,
        "browserless_placeholder",
        "const browser = await puppeteer.connect({\n"
        "  browserWSEndpoint: 'wss://production-sfo.browserless.io?token={v}',\n});",
        const("YOUR_API_TOKEN_HERE"),
    ),
    L(
        SC,
        "browserless_env_ref",
        '$ docker run --rm -p 3000:3000 -e "CONCURRENT=10" -e "TOKEN={v}" ghcr.io/browserless/chromium',
        const("${BROWSERLESS_TOKEN}"),
    ),
    L(
        SC,
        "scrapingbee_placeholder",
        '    "url_https": "https://{v}:render_js=False@proxy.scrapingbee.com:8887",',
        const("YOUR-API-KEY"),
    ),
    L(
        SC,
        "zyte_env_ref",
        "$ zyte-api url-list.txt --api-key {v} --output results.jsonl",
        const('"$ZYTE_API_KEY"'),
    ),
    L(
        SC,
        "oxylabs_placeholder",
        '$ curl -x pr.oxylabs.io:7777 -U "customer-USERNAME-cc-FR:{v}" https://ip.oxylabs.io/location',
        const("PASSWORD"),
    ),
    L(
        SC,
        "firecrawl_placeholder",
        "curl -X POST https://api.firecrawl.dev/v2/scrape \\\n    -H 'Authorization: Bearer {v}' \\\n"
        "    -H 'Content-Type: application/json'",
        const("fc-YOUR_API_KEY"),
    ),
    L(
        SC,
        "gha_secret_ref",
        "      - name: Nightly crawl\n        env:\n          HYPERBROWSER_API_KEY: {v}\n"
        "          STEEL_API_KEY: ${{ secrets.STEEL_API_KEY }}\n        run: npm run crawl",
        const("${{ secrets.HYPERBROWSER_API_KEY }}"),
    ),
    L(
        SC,
        "capsolver_getresult",
        'payload = {"clientKey": os.environ["CAPSOLVER_API_KEY"], "taskId": "{v}"}\n'
        'r = requests.post("https://api.capsolver.com/getTaskResult", json=payload, timeout=30)',
        uuid,
    ),
    L(
        SC,
        "scraperapi_masked",
        "[settings] SCRAPERAPI_KEY = {v} (loaded from environment)",
        join("*" * 28, hexl(4)),
    ),
    L(
        SC,
        "apify_masked_token",
        "$ apify info\nUsername: pricewatch-bot\nUser ID: {uid}\nToken: {v}",
        join("apify_api_", "*" * 32, b62(4)),
        uid=b62(17),
    ),
    # ---- look-alikes: public resource ids
    L(
        SC,
        "apify_actor_id",
        '  "data": {\n    "id": "{run}",\n    "actId": "{v}",\n    "status": "SUCCEEDED",\n'
        '    "defaultDatasetId": "{ds}",\n    "buildNumber": "0.3.17"',
        b62(17),
        run=b62(17),
        ds=b62(17),
    ),
    L(
        SC,
        "brightdata_customer_id",
        "export BRD_USERNAME=brd-customer-{v}-zone-serp_api1\nexport BRD_PASSWORD=$(pass show brightdata/serp_api1)",
        join("hl_", hexl(8)),
    ),
    L(
        SC,
        "brightdata_dataset_id",
        '$ curl -s -H "Authorization: Bearer $BRIGHTDATA_API_KEY" \\\n'
        '    "https://api.brightdata.com/datasets/v3/trigger?dataset_id={v}&include_errors=true" -d @inputs.json',
        join("gd_", lower_alnum(18)),
    ),
    L(
        SC,
        "brightdata_snapshot_id",
        '{"snapshot_id":"{v}"}\n[poll] snapshot not ready yet, retrying in 10s',
        join("s_", lower_alnum(18)),
    ),
    L(
        SC,
        "scraperapi_job_id",
        '{"id":"{v}","status":"running","statusUrl":"https://async.scraperapi.com/jobs/{v}",'
        '"url":"https://www.example.com/product/4471"}',
        uuid,
    ),
    L(
        SC,
        "zyte_project_id",
        '$ shub deploy {v}\nPacking version 1.4.0\nDeploying to Scrapy Cloud project "{v}"\n'
        '{"status": "ok", "project": {v}, "version": "1.4.0", "spiders": 6}',
        nonzero_digits(6),
    ),
    L(
        SC,
        "oxylabs_job_id",
        '  "created_at": "2024-09-30 12:40:32",\n  "domain": "io",\n  "geo_location": "United States",\n  "id": "{v}",',
        digits(19),
    ),
    L(
        SC,
        "decodo_session_id",
        "PROXY = f\"http://user-sp7x2kqa-country-us-session-{v}-sessionduration-30:{os.environ['DECODO_PASS']}@gate.decodo.com:7000\"",
        lower_alnum(10),
    ),
    L(
        SC,
        "twocaptcha_captcha_id",
        '$ curl -s "http://2captcha.com/in.php?key=$APIKEY_2CAPTCHA&method=post" -F file=@c.png\nOK|{v}',
        nonzero_digits(11),
    ),
    L(
        SC,
        "recaptcha_site_key",
        '<div class="g-recaptcha" data-sitekey="{v}" data-callback="onSolved"></div>',
        join("6L", b64url(38)),
    ),
    L(SC, "anticaptcha_task_id", '{\n  "errorId": 0,\n  "taskId": {v}\n}', nonzero_digits(9)),
    L(
        SC,
        "firecrawl_crawl_id",
        '{"success":true,"id":"{v}","url":"https://api.firecrawl.dev/v2/crawl/{v}"}',
        uuid,
    ),
    L(
        SC,
        "steel_session_viewer",
        "Session created: {v}\nWatch live: https://app.steel.dev/sessions/{v}",
        uuid,
    ),
    L(
        SC,
        "browserless_image_digest",
        "$ docker pull ghcr.io/browserless/chromium:latest\nlatest: Pulling from browserless/chromium\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for ghcr.io/browserless/chromium:latest",
        hexl(64),
    ),
    L(
        SC,
        "brightdata_ca_fingerprint",
        "$ openssl x509 -in certs/brightdata_proxy_ca.crt -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
]
