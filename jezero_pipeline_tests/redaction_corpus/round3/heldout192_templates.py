"""A hundred-and-ninety-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from link shorteners, QR-code and deep-link services: Bitly (v4 generic access tokens of 40
hex characters in `Authorization: Bearer`, legacy v3 `apiKey=R_` plus 32 hex, OAuth client ids and
secrets of 40 hex, group guids `B…`, bitlink ids), Rebrandly (`apikey` header of 32 hex beside the
public `workspace` id and link ids of the same shape), Short.io (secret `sk_` keys in the
`authorization` header against public `pk_` browser keys, `lnk_` link ids, numeric domain ids),
TinyURL (`api_token` query parameter and bearer tokens, about 60 alphanumerics), Dub.co (`dub_` API
keys in the SDK and `Authorization: Bearer`, `dub_pk_` publishable keys, `ws_` workspace ids),
Kutt (`X-API-KEY` header, a ShareX `.sxcu` uploader, `JWT_SECRET` in its `.env`), YOURLS (10-hex
`signature` tokens in `yourls-api.php` queries, `YOURLS_COOKIEKEY` and `$yourls_user_passwords` in
`config.php`, the sample config's placeholder text), Branch.io (public `key_live_`/`key_test_` keys
in Info.plist and AndroidManifest against `secret_live_`/`secret_test_` secrets and `api_app_`
`Access-Token`s, numeric app ids), Firebase Dynamic Links (REST `?key=AIza…` and 17-character
short-link suffixes), QR Code Generator (`access-token` query parameter), Cutt.ly (`key=` query
parameter) and Sniply (bearer token), in commands, code, config files and tool output, with the
public ids, placeholders, masks and secret-store references the same documentation shows beside
them. Linktree was left out: it documents no API credential shape.

The search tool's budget was already spent when this set was written, so the shapes come from the
author's own knowledge of these vendors' public documentation, not from a fresh reading; the
lengths for QR Code Generator (64), Cutt.ly (32 hex), Sniply (40) and Kutt (40) are the least sure.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
24 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a password in YOURLS' PHP map
`$yourls_user_passwords = ['admin' => '…']`; altered: a Firebase Dynamic Link's short suffix;
written from memory).
"""

from __future__ import annotations

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
    uuid,
)

SL = "shortlinks"

bitly_token = hexl(40)
bitly_group = join("B", b62(10))
rebrandly_key = hexl(32)
shortio_secret = join("sk_", b62(16))
tinyurl_token = b62(60)
dub_key = join("dub_", b62(24))
kutt_key = b62(40)
yourls_signature = hexl(10)
branch_live_key = join("key_live_", b62(32))
qrcg_token = b62(64)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 25, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- secrets: Bitly
    S(
        SL,
        "bitly_bearer_curl",
        'curl -s -X POST https://api-ssl.bitly.com/v4/shorten -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{"long_url": "https://brightkite.dev/blog/spring-release'
        '?utm_source=newsletter", "domain": "bit.ly", "group_guid": "{grp}"}\'',
        bitly_token,
        grp=bitly_group,
    ),
    S(
        SL,
        "bitly_dotenv",
        "$ cat .env.local\nNEXT_PUBLIC_SITE_URL=https://brightkite.dev\nBITLY_GROUP_GUID={grp}\nBITLY_ACCESS_TOKEN={v}",
        bitly_token,
        grp=bitly_group,
    ),
    S(
        SL,
        "bitly_legacy_apikey",
        '$ curl "https://api-ssl.bitly.com/v3/shorten?login=brightkitelabs&apiKey={v}'
        '&longUrl=https%3A%2F%2Fbrightkite.dev%2Fpricing&format=txt"',
        join("R_", hexl(32)),
    ),
    S(
        SL,
        "bitly_client_secret",
        '$ curl -s -X POST https://api-ssl.bitly.com/oauth/access_token -d "client_id={cid}" -d "client_secret={v}"'
        ' -d "code={code}" -d "redirect_uri=https://brightkite.dev/oauth/bitly"',
        hexl(40),
        cid=hexl(40),
        code=hexl(40),
    ),
    # ---- secrets: Rebrandly
    S(
        SL,
        "rebrandly_apikey_header",
        'curl -X POST https://api.rebrandly.com/v1/links -H "Content-Type: application/json" -H "apikey: {v}"'
        ' -H "workspace: {ws}" -d \'{"destination": "https://brightkite.dev/webinar",'
        ' "domain": {"fullName": "go.brightkite.dev"}}\'',
        rebrandly_key,
        ws=hexl(32),
    ),
    S(
        SL,
        "rebrandly_fetch_headers",
        'const res = await fetch("https://api.rebrandly.com/v1/links", {\n  method: "POST",\n'
        '  headers: { "Content-Type": "application/json", apikey: "{v}" },\n'
        "  body: JSON.stringify({ destination: url, slashtag: slug }),\n});",
        rebrandly_key,
    ),
    # ---- secrets: Short.io
    S(
        SL,
        "shortio_secret_header",
        "$ curl --request POST --url https://api.short.io/links --header 'accept: application/json'"
        " --header 'authorization: {v}' --header 'content-type: application/json'"
        ' --data \'{"domain":"lnk.brightkite.dev","originalURL":"https://brightkite.dev/docs/install"}\'',
        shortio_secret,
    ),
    S(
        SL,
        "shortio_compose_env",
        "  shortener-worker:\n    image: ghcr.io/brightkite/shortener-worker:1.4.2\n    environment:\n"
        "      - SHORTIO_DOMAIN_ID={dom}\n      - SHORTIO_API_KEY={v}\n      - LOG_LEVEL=info",
        shortio_secret,
        dom=digits(6),
    ),
    # ---- secrets: TinyURL
    S(
        SL,
        "tinyurl_query_token",
        "$ curl -s -X POST 'https://api.tinyurl.com/create?api_token={v}' -H 'Content-Type: application/json'"
        ' -d \'{"url": "https://brightkite.dev/changelog/2024-06", "domain": "tinyurl.com"}\'',
        tinyurl_token,
    ),
    S(
        SL,
        "tinyurl_laravel_default",
        "    'tinyurl' => [\n        'endpoint' => 'https://api.tinyurl.com',\n"
        "        'token' => env('TINYURL_API_TOKEN', '{v}'),\n    ],",
        tinyurl_token,
    ),
    # ---- secrets: Dub.co
    S(
        SL,
        "dub_sdk_token",
        'import { Dub } from "dub";\n\nconst dub = new Dub({\n  token: "{v}",\n});',
        dub_key,
    ),
    S(
        SL,
        "dub_curl_bearer",
        "curl --request POST --url https://api.dub.co/links --header 'Authorization: Bearer {v}'"
        " --header 'Content-Type: application/json'"
        ' --data \'{"url": "https://brightkite.dev/launch", "domain": "brkt.link"}\'',
        dub_key,
    ),
    # ---- secrets: Kutt
    S(
        SL,
        "kutt_api_key_header",
        '$ curl -s https://kutt.it/api/v2/links -H "X-API-KEY: {v}" -H "Content-Type: application/json"'
        ' -d \'{"target": "https://brightkite.dev/status", "reuse": true}\'',
        kutt_key,
    ),
    S(
        SL,
        "kutt_sharex_sxcu",
        '{\n  "Version": "15.0.0",\n  "Name": "kutt.brightkite.dev",\n  "DestinationType": "URLShortener",\n'
        '  "RequestMethod": "POST",\n  "RequestURL": "https://kutt.brightkite.dev/api/v2/links",\n'
        '  "Headers": {\n    "X-API-KEY": "{v}"\n  },\n  "Body": "JSON",',
        kutt_key,
    ),
    S(
        SL,
        "kutt_env_jwt_secret",
        "$ cat /opt/kutt/.env\nSITE_NAME=Brightkite Links\nDEFAULT_DOMAIN=kutt.brightkite.dev\nDB_CLIENT=pg\n"
        "DB_HOST=postgres\nJWT_SECRET={v}\nDISALLOW_REGISTRATION=true",
        password(32),
    ),
    # ---- secrets: YOURLS
    S(
        SL,
        "yourls_signature_query",
        '$ curl -s "https://sho.brightkite.dev/yourls-api.php?signature={v}&action=shorturl&format=json'
        '&url=https%3A%2F%2Fbrightkite.dev%2Fpress&keyword=press24"',
        yourls_signature,
    ),
    S(SL, "yourls_cookiekey", "define( 'YOURLS_COOKIEKEY', '{v}' );", password(40)),
    S(
        SL,
        "yourls_user_passwords",
        "$yourls_user_passwords = [\n\t'admin' => '{v}',\n\t// 'username2' => 'password2',\n];",
        password(16),
    ),
    # ---- secrets: Branch.io
    S(
        SL,
        "branch_secret_query",
        '$ curl -s "https://api2.branch.io/v1/app/{bk}?branch_secret={v}"',
        join("secret_live_", b62(32)),
        bk=branch_live_key,
    ),
    S(
        SL,
        "branch_access_token",
        '$ curl -s -X DELETE "https://api2.branch.io/v1/url?url=https%3A%2F%2Fbrightkite.app.link%2F{link}'
        '&app_id={app}" -H "Access-Token: {v}"',
        join("api_app_", hexl(32)),
        link=b62(11),
        app=digits(18),
    ),
    S(
        SL,
        "branch_secret_config",
        "module.exports = {\n  branch: {\n    key: process.env.BRANCH_KEY,\n    secret: '{v}',\n  },\n};",
        join("secret_test_", b62(32)),
    ),
    # ---- secrets: Firebase Dynamic Links, QR Code Generator, Cutt.ly, Sniply
    S(
        SL,
        "fdl_rest_key",
        "$ curl -s -X POST 'https://firebasedynamiclinks.googleapis.com/v1/shortLinks?key={v}'"
        ' -H \'Content-Type: application/json\' -d \'{"dynamicLinkInfo": {"domainUriPrefix":'
        ' "https://brightkite.page.link", "link": "https://brightkite.dev/invite?ref={ref}"},'
        ' "suffix": {"option": "SHORT"}}\'',
        join("AIzaSy", b64url(33)),
        note="a Google API key on a server-side REST call",
        ref=lower_alnum(8),
    ),
    S(
        SL,
        "qrcg_query_token",
        "$ curl -s -o event-qr.svg -X POST 'https://api.qr-code-generator.com/v1/create?access-token={v}'"
        ' -H \'Content-Type: application/json\' -d \'{"frame_name": "no-frame",'
        ' "qr_code_text": "https://brightkite.dev/event", "image_format": "SVG"}\'',
        qrcg_token,
    ),
    S(
        SL,
        "cuttly_key_query",
        '$ curl -s "https://cutt.ly/api/api.php?key={v}&short=https%3A%2F%2Fbrightkite.dev%2Fsurvey&name=survey24"',
        hexl(32),
    ),
    S(
        SL,
        "sniply_bearer",
        'headers = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}\n'
        'resp = requests.post("https://snip.ly/api/v2/snips/", headers=headers, json=payload)',
        b62(40),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        SL,
        "bitly_group_guid",
        "$ curl -s https://api-ssl.bitly.com/v4/groups -H \"Authorization: Bearer $BITLY_TOKEN\" | jq -r '.groups[0].guid'\n{v}",
        bitly_group,
    ),
    L(
        SL,
        "bitly_bitlink_id",
        '{\n  "created_at": "2024-06-03T09:14:22+0000",\n  "id": "{v}",\n  "link": "https://{v}",\n'
        '  "long_url": "https://brightkite.dev/blog/spring-release"\n}',
        join("bit.ly/", b62(7)),
    ),
    L(
        SL,
        "bitly_client_id",
        "Open this URL to authorize: https://bitly.com/oauth/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fbrightkite.dev%2Foauth%2Fbitly&state={state}",
        hexl(40),
        note="an OAuth client id, public in the authorize URL",
        state=hexl(16),
    ),
    L(
        SL,
        "rebrandly_workspace_id",
        'curl https://api.rebrandly.com/v1/links?limit=25 -H "apikey: $REBRANDLY_API_KEY" -H "workspace: {v}"',
        hexl(32),
    ),
    L(
        SL,
        "rebrandly_link_id",
        '  "id": "{v}",\n  "title": "Webinar signup",\n  "slashtag": "webinar-june",\n'
        '  "destination": "https://brightkite.dev/webinar",\n  "shortUrl": "go.brightkite.dev/webinar-june",',
        hexl(32),
    ),
    L(
        SL,
        "shortio_public_key",
        "<script>\n  // public key: safe in the browser, it can only create links on this domain\n"
        '  const SHORTIO_PUBLIC_KEY = "{v}";\n</script>',
        join("pk_", b62(16)),
    ),
    L(
        SL,
        "shortio_link_id",
        '{"idString": "{v}", "path": "install", "shortURL": "https://lnk.brightkite.dev/install", "DomainId": {dom}}',
        join("lnk_", b62(4), "_", b62(10)),
        dom=digits(6),
    ),
    L(
        SL,
        "tinyurl_alias",
        '{"data": {"domain": "tinyurl.com", "alias": "{v}", "tiny_url": "https://tinyurl.com/{v}",'
        ' "url": "https://brightkite.dev/changelog/2024-06"}, "code": 0, "errors": []}',
        lower_alnum(8),
    ),
    L(
        SL,
        "dub_publishable_key",
        '      <DubAnalytics publishableKey="{v}" domainsConfig={{ refer: "brkt.link" }} />',
        join("dub_pk_", b62(24)),
        note="a publishable key, documented as safe client-side",
    ),
    L(SL, "dub_workspace_id", "export DUB_WORKSPACE_ID={v}", join("ws_c", lower_alnum(24))),
    L(
        SL,
        "kutt_link_id",
        '{"id": "{v}", "address": "status", "target": "https://brightkite.dev/status",'
        ' "link": "https://kutt.brightkite.dev/status", "visit_count": 0}',
        uuid,
    ),
    L(
        SL,
        "branch_key_plist",
        "\t<key>branch_key</key>\n\t<dict>\n\t\t<key>live</key>\n\t\t<string>{v}</string>\n"
        "\t\t<key>test</key>\n\t\t<string>{t}</string>\n\t</dict>",
        branch_live_key,
        note="the Branch key ships in the app; the secret is the secret_ one",
        t=join("key_test_", b62(32)),
    ),
    L(
        SL,
        "branch_key_manifest",
        '        <meta-data android:name="io.branch.sdk.BranchKey.test" android:value="{v}" />',
        join("key_test_", b62(32)),
    ),
    L(
        SL,
        "branch_app_id",
        '{"app_id": "{v}", "app_name": "Courier", "dev_name": "Brightkite Labs",'
        ' "default_desktop_url": "https://brightkite.dev/app"}',
        join("1", digits(17)),
    ),
    L(
        SL,
        "fdl_short_link",
        '{\n  "shortLink": "https://brightkite.page.link/{v}",\n  "previewLink": "https://brightkite.page.link/{v}?d=1"\n}',
        b62(17),
    ),
    # ---- look-alikes: hashes
    L(SL, "yourls_plugin_commit", "$ git -C user/plugins/yourls-qrcode rev-parse HEAD\n{v}", hexl(40)),
    L(SL, "qr_png_checksum", "$ sha256sum public/qr/event-2024.png\n{v}  public/qr/event-2024.png", hexl(64)),
    # ---- look-alikes: placeholders, references and masks
    L(
        SL,
        "tinyurl_placeholder",
        "curl -X POST 'https://api.tinyurl.com/create?api_token={v}' -d '{\"url\": \"https://example.com\"}'",
        const("YOUR_TINYURL_API_TOKEN"),
    ),
    L(
        SL,
        "yourls_cookiekey_default",
        "define( 'YOURLS_COOKIEKEY', '{v}' );",
        const("modify this text with something random"),
    ),
    L(
        SL,
        "cuttly_placeholder",
        "# .env.example (copy to .env)\nCUTTLY_API_KEY={v}",
        const("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        SL,
        "bitly_gha_ref",
        "      - name: Shorten release notes link\n        env:\n          BITLY_ACCESS_TOKEN: {v}\n"
        '        run: ./scripts/shorten.sh "$RELEASE_URL"',
        const("${{ secrets.BITLY_ACCESS_TOKEN }}"),
    ),
    L(
        SL,
        "kutt_env_ref",
        "    environment:\n      JWT_SECRET: {v}\n      DB_PASSWORD: ${DB_PASSWORD}",
        const("${JWT_SECRET:?set JWT_SECRET}"),
    ),
    L(
        SL,
        "qrcg_secret_store_ref",
        'QR_ACCESS_TOKEN="{v}" python scripts/make_qr.py --url https://brightkite.dev/event',
        const('$(op read "op://Marketing/QR Code Generator/access-token")'),
    ),
    L(
        SL,
        "dub_masked_key",
        "NAME          KEY                          CREATED\nzapier-sync   {v}     2024-05-30",
        join("dub_********************", b62(4)),
    ),
    L(
        SL,
        "sniply_masked",
        "Sniply API token: {v} (created 2024-04-02, last used 3 days ago)",
        join("****************", b62(4)),
    ),
]
