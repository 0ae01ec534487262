"""A two-hundred-and-twenty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of web-font, icon and asset-CDN services: the Adobe Fonts (Typekit)
API (a 40-hex token in an `X-Typekit-Token` header or a `?token=` query, seven-character kit ids
in `use.typekit.net` embeds and in `/kits` output, the Ruby client), Font Awesome (package-manager
tokens in `.npmrc`, `.yarnrc.yml` and `FONTAWESOME_NPM_AUTH_TOKEN`, API tokens resolved at
`api.fontawesome.com/token` into a JWT access token, and the public ten-hex kit code in
`kit.fontawesome.com` embeds, `FontAwesomeKitConfig` and `@awesome.me/kit-…` packages, with the
`(protected)` and `********` masks npm and yarn print), the Google Fonts Developer API (`AIza` keys
under `webfonts?key=`, `fonts.gstatic.com` file ids), Cloudinary (`CLOUDINARY_URL`,
`cloudinary.config(...)`, the `cld` CLI, `CLOUDINARY_ACCOUNT_URL` for provisioning, with the public
API key, `s--…--` delivery signatures, upload-response signatures and account ids), bunny.net (the
account `AccessKey`, storage-zone passwords, scoped `bnyscpd_` keys, the Terraform provider, the
uppercase SHA-256 `Checksum` header), Flaticon (`apikey` posted to `/app/authentication`), the
Noun Project (OAuth 1.0a key and secret), Icons8 (`Api-Key` header and `token` query), Fonts.com
web fonts (an authentication key made of a public key, a double dash and a private key; project
ids in `fast.fonts.net/cssapi`), the Monotype Fonts API (client credentials), and jsDelivr / unpkg
(SRI `integrity` hashes, lockfile hashes, commit-pinned `gh` URLs), in commands, config files, code
and tool output.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
25 of 25 secrets caught, 2 of 24 look-alikes altered (altered: Font Awesome's ten-hex kit code under
`token` in its kit config, a Google Fonts file's id as a `.ttf` name in a `fonts.gstatic.com` path).
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
    uuid,
)

FN = "fonts"


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def bunny_account_key(rng: random.Random) -> str:
    """Two 8-4-4-4-12 hex groups run together (72 characters)."""
    h = hexl(64)(rng)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:52]}-{h[52:56]}-{h[56:60]}-{h[60:64]}-" + hexl(12)(rng)


def bunny_storage_password(rng: random.Random) -> str:
    h = hexl(32)(rng)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:28]}-{h[28:32]}-" + hexl(4)(rng)


def fontscom_auth_key(rng: random.Random) -> str:
    """`<public key>--<private key>`: a UUID, two dashes, a UUID run into sixteen dashed hex bytes."""
    tail = hexu(32)(rng)
    pairs = "-".join(tail[i : i + 2] for i in range(0, 32, 2))
    return uuid(rng) + "--" + uuid(rng) + pairs


def sri(algo: str, n_bytes: int):
    """An SRI value: the base64 of a digest's bytes after its algorithm name."""
    return lambda rng: f"{algo}-" + base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()


def jwt(claims: dict):
    def make(rng: random.Random) -> str:
        head = base64.urlsafe_b64encode(b'{"alg":"RS256","typ":"JWT"}').decode().rstrip("=")
        body = dict(claims, jti=hexl(24)(rng), iat=1715000000 + rng.randrange(10**6))
        payload = base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode().rstrip("=")
        return f"{head}.{payload}.{b64url(342)(rng)}"

    return make


google_key = join("AIza", b64url(35))
cloud_name = join(const("brightkite-"), lower_alnum(5))
typekit_token = hexl(40)
kit_id = lower_alnum(7)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 2, 24, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Adobe Fonts (Typekit)
    S(
        FN,
        "typekit_header",
        "$ curl -s -H X-Typekit-Token:{v} https://typekit.com/api/v1/json/kits | jq -r '.kits[].id'",
        typekit_token,
    ),
    S(
        FN,
        "typekit_query_token",
        "[fonts-sync] POST https://typekit.com/api/v1/json/kits/{kit}/publish?token={v} -> 200 OK (0.41s)",
        typekit_token,
        kit=kit_id,
    ),
    S(
        FN,
        "typekit_ruby_client",
        "require 'typekit'\n\nclient = Typekit::Client.new(token: '{v}')\nkit = client::Kit.find('{kit}')\nkit.publish",
        typekit_token,
        kit=kit_id,
    ),
    # ---- secrets: Font Awesome package and API tokens
    S(
        FN,
        "fa_npmrc",
        "$ cat .npmrc\n@fortawesome:registry=https://npm.fontawesome.com/\n//npm.fontawesome.com/:_authToken={v}",
        upper_uuid,
    ),
    S(
        FN,
        "fa_yarnrc",
        'npmScopes:\n  fortawesome:\n    npmAlwaysAuth: true\n    npmRegistryServer: "https://npm.fontawesome.com/"\n'
        '    npmAuthToken: "{v}"',
        upper_uuid,
    ),
    S(FN, "fa_env_export", "export FONTAWESOME_NPM_AUTH_TOKEN={v}", upper_uuid),
    S(
        FN,
        "fa_npm_config_set",
        '$ npm config set "@fortawesome:registry" https://npm.fontawesome.com/ && npm config set'
        ' "//npm.fontawesome.com/:_authToken" {v}',
        upper_uuid,
    ),
    S(
        FN,
        "fa_api_token",
        '$ curl -s -X POST -H "Authorization: Bearer {v}" https://api.fontawesome.com/token | jq .expires_in\n3600',
        upper_uuid,
    ),
    S(
        FN,
        "fa_access_token",
        '{"access_token":"{v}","expires_in":3600,"scopes":["public","kits_read"],"token_type":"Bearer"}',
        jwt({"iss": "https://api.fontawesome.com", "scopes": ["public", "kits_read"]}),
    ),
    # ---- secrets: Google Fonts Developer API
    S(
        FN,
        "google_fonts_key_url",
        '$ curl -s "https://www.googleapis.com/webfonts/v1/webfonts?key={v}&sort=popularity" | jq -r ".items[0].family"\nRoboto',
        google_key,
    ),
    S(
        FN,
        "google_fonts_key_params",
        '    resp = requests.get(WEBFONTS_URL, params={"key": "{v}", "capability": "WOFF2", "family": family})',
        google_key,
    ),
    # ---- secrets: Cloudinary
    S(
        FN,
        "cloudinary_url",
        "# .env.local\nNEXT_PUBLIC_CLOUDINARY_CLOUD_NAME={cloud}\nCLOUDINARY_URL=cloudinary://{key}:{v}@{cloud}",
        b64url(27),
        key=digits(15),
        cloud=cloud_name,
    ),
    S(
        FN,
        "cloudinary_config_py",
        'cloudinary.config(cloud_name="{cloud}", api_key="{key}", api_secret="{v}", secure=True)',
        b64url(27),
        key=digits(15),
        cloud=cloud_name,
    ),
    S(
        FN,
        "cloudinary_cli",
        "$ cld config -n production -url cloudinary://{key}:{v}@{cloud}\nConfig 'production' saved!",
        b64url(27),
        key=digits(15),
        cloud=cloud_name,
    ),
    S(
        FN,
        "cloudinary_account_url",
        "CLOUDINARY_ACCOUNT_URL=account://{pkey}:{v}@{acct}",
        b64url(27),
        pkey=digits(15),
        acct=uuid,
    ),
    # ---- secrets: bunny.net (Bunny Fonts / CDN / Storage)
    S(
        FN,
        "bunny_account_key",
        "$ curl --request GET --url https://api.bunny.net/pullzone --header 'AccessKey: {v}'"
        " --header 'accept: application/json'",
        bunny_account_key,
    ),
    S(
        FN,
        "bunny_storage_password",
        '$ curl -X PUT https://storage.bunnycdn.com/{zone}/fonts/Inter-var.woff2 -H "AccessKey: {v}"'
        ' -H "Content-Type: font/woff2" --data-binary @dist/fonts/Inter-var.woff2\n{"HttpCode":201,"Message":"File uploaded."}',
        bunny_storage_password,
        zone=join(const("bk-fonts-"), lower_alnum(4)),
    ),
    S(
        FN,
        "bunny_terraform",
        'provider "bunnynet" {\n  api_key = "{v}"\n}\n\nresource "bunnynet_pullzone" "fonts" {',
        bunny_account_key,
    ),
    S(
        FN,
        "bunny_scoped_key",
        "BUNNY_SCOPED_API_KEY={v}  # PullZone.Read only, for the purge job",
        join("bnyscpd_", b62(40)),
    ),
    # ---- secrets: icon libraries
    S(
        FN,
        "flaticon_apikey",
        "$ curl -s -X POST https://api.flaticon.com/v3/app/authentication -H 'Accept: application/json' -F apikey={v}",
        hexl(43),
    ),
    S(
        FN,
        "nounproject_oauth1",
        'from requests_oauthlib import OAuth1\n\nauth = OAuth1("{key}", "{v}")\n'
        'r = requests.get("https://api.thenounproject.com/v2/icon?query=rocket&limit=5", auth=auth)',
        hexl(32),
        key=hexl(32),
    ),
    S(
        FN,
        "icons8_token_query",
        '$ curl -s "https://search.icons8.com/api/iconsets/v5/search?term=cart&amount=5&token={v}" | jq .parameters.countAll',
        b62(40),
    ),
    S(
        FN,
        "icons8_header",
        "const icons8 = axios.create({\n  baseURL: 'https://api-icons.icons8.com/publicApi',\n"
        "  headers: { 'Api-Key': '{v}' },\n});",
        b62(40),
    ),
    # ---- secrets: Fonts.com and Monotype
    S(FN, "fontscom_auth_key", "FONTSCOM_AUTHENTICATION_KEY={v}", fontscom_auth_key),
    S(
        FN,
        "monotype_client_secret",
        "$ curl -s -X POST https://api.monotype.com/v2/oauth/token -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v}",
        b64url(64),
        cid=b62(32),
    ),
    # ---- look-alikes: public ids
    L(
        FN,
        "typekit_kit_embed",
        '    <link rel="preconnect" href="https://use.typekit.net" crossorigin>\n'
        '    <link rel="stylesheet" href="https://use.typekit.net/{v}.css">',
        kit_id,
    ),
    L(
        FN,
        "typekit_kits_output",
        '{\n  "kits": [\n    {\n      "id": "{v}",\n      "link": "/api/v1/json/kits/{v}"\n    }\n  ]\n}',
        kit_id,
    ),
    L(
        FN,
        "fa_kit_embed",
        '<script src="https://kit.fontawesome.com/{v}.js" crossorigin="anonymous"></script>',
        hexl(10),
    ),
    L(
        FN,
        "fa_kit_config_token",
        'window.FontAwesomeKitConfig = {"asyncLoading":{"enabled":false},"baseUrl":"https://ka-p.fontawesome.com",'
        '"id":{kid},"license":"pro","method":"css","token":"{v}","version":"6.5.1"};',
        hexl(10),
        kid=join(const("1"), digits(8)),
    ),
    L(
        FN,
        "fa_kit_package",
        '  "dependencies": {\n    "@awesome.me/kit-{v}": "^1.0.4",\n    "@fortawesome/fontawesome-svg-core": "^6.5.1",',
        hexl(10),
    ),
    L(
        FN,
        "google_fonts_gstatic_id",
        '      "regular": "https://fonts.gstatic.com/s/inter/v13/{v}.ttf",',
        b64url(52),
    ),
    L(FN, "cloudinary_public_api_key", "NEXT_PUBLIC_CLOUDINARY_API_KEY={v}", digits(15)),
    L(
        FN,
        "cloudinary_delivery_signature",
        "https://res.cloudinary.com/{cloud}/image/upload/s--{v}--/c_fill,w_640/v1712345678/specimens/brand-sans.png",
        b64url(8),
        cloud=cloud_name,
    ),
    L(
        FN,
        "cloudinary_upload_signature",
        '  "asset_id": "{aid}",\n  "public_id": "specimens/brand-sans",\n  "version": 1712345678,\n'
        '  "signature": "{v}",\n  "format": "png",',
        hexl(40),
        aid=hexl(32),
    ),
    L(
        FN,
        "cloudinary_account_id",
        "$ curl -s -u $CLD_PROVISIONING_KEY:$CLD_PROVISIONING_SECRET"
        " https://api.cloudinary.com/v1_1/provisioning/accounts/{v}/sub_accounts",
        uuid,
    ),
    L(
        FN,
        "bunny_checksum",
        '$ curl -X PUT https://storage.bunnycdn.com/bk-fonts/fonts/Brand-Sans.woff2 -H "AccessKey: $BUNNY_STORAGE_PASSWORD"'
        ' -H "Checksum: {v}" --data-binary @dist/fonts/Brand-Sans.woff2',
        hexu(64),
    ),
    L(
        FN,
        "fontscom_project_id",
        '<link type="text/css" rel="stylesheet" href="//fast.fonts.net/cssapi/{v}.css" />',
        uuid,
    ),
    L(
        FN,
        "monotype_client_id",
        "Redirecting to https://api.monotype.com/v2/oauth/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fbrand.brightkite.dev%2Fcallback&response_type=code",
        b62(32),
    ),
    # ---- look-alikes: hashes
    L(
        FN,
        "jsdelivr_sri",
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fontsource/inter@5.0.16/index.min.css"'
        ' integrity="{v}" crossorigin="anonymous">',
        sri("sha384", 48),
    ),
    L(
        FN,
        "jsdelivr_gh_commit",
        '@font-face { font-family: "Brand Sans"; src: url("https://cdn.jsdelivr.net/gh/brightkite/brand-assets@{v}'
        '/fonts/BrandSans.woff2") format("woff2"); }',
        hexl(40),
    ),
    L(
        FN,
        "unpkg_lock_integrity",
        '    "node_modules/@fortawesome/fontawesome-free": {\n      "version": "6.5.1",\n'
        '      "resolved": "https://registry.npmjs.org/@fortawesome/fontawesome-free/-/fontawesome-free-6.5.1.tgz",\n'
        '      "integrity": "{v}",',
        sri("sha512", 64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        FN,
        "typekit_env_ref",
        '$ curl -s -H "X-Typekit-Token: {v}" https://typekit.com/api/v1/json/kits/{kit}/published',
        const("$TYPEKIT_TOKEN"),
        kit=kit_id,
    ),
    L(
        FN,
        "fa_npmrc_env_ref",
        "@fortawesome:registry=https://npm.fontawesome.com/\n//npm.fontawesome.com/:_authToken={v}",
        const("${FONTAWESOME_NPM_AUTH_TOKEN}"),
    ),
    L(
        FN,
        "fa_placeholder",
        "  • Add export FONTAWESOME_NPM_AUTH_TOKEN={v} in ~/.zshrc, then restart your terminal.",
        const("XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"),
    ),
    L(
        FN,
        "npm_config_masked",
        '$ npm config list\n; "user" config from /home/dev/.npmrc\n\n@fortawesome:registry = "https://npm.fontawesome.com/"\n'
        "//npm.fontawesome.com/:_authToken = {v}",
        const("(protected)"),
    ),
    L(
        FN,
        "google_fonts_placeholder",
        "To list the families, send: https://www.googleapis.com/webfonts/v1/webfonts?key={v}",
        const("YOUR-API-KEY"),
    ),
    L(
        FN,
        "gha_secret_ref",
        "      - run: npm run fonts:sync\n        env:\n          GOOGLE_FONTS_API_KEY: {v}\n"
        "          CLOUDINARY_URL: ${{ secrets.CLOUDINARY_URL }}",
        const("${{ secrets.GOOGLE_FONTS_API_KEY }}"),
    ),
    L(
        FN,
        "cloudinary_url_placeholder",
        "CLOUDINARY_URL=cloudinary://<your_api_key>:{v}@{cloud}",
        const("<your_api_secret>"),
        cloud=cloud_name,
    ),
    L(
        FN,
        "flaticon_masked",
        "✔ Flaticon key saved to keychain (apikey {v}); temporary token expires in 24h",
        join("****", hexl(4)),
    ),
]
