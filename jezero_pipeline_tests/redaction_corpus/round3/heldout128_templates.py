"""A hundred-and-twenty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of browser-extension and IDE-extension publishing: the Chrome Web
Store API (chrome-webstore-upload-cli flags, WXT's `.env.submit`, the v2 `publishers/*/items/*`
endpoints, OAuth client ids, `GOCSPX-` client secrets, `1//0` refresh tokens, `ya29.` access
tokens, a packed extension's `.pem` and the public `"key"` in manifest.json), Firefox AMO
(`web-ext sign --api-key/--api-secret`, web-ext-config, `user:N:N` JWT issuers, 64-hex JWT
secrets, `Authorization: JWT` headers, gecko ids, upload uuids), the Microsoft Edge Add-ons API
(`Authorization: ApiKey` with `X-ClientID`, product ids, the retired client-secret and access-token
URL model, Plasmo bpp keys), the VS Code and Visual Studio Marketplaces (`vsce -p`, `~/.vsce`,
VsixPublisher `-personalAccessToken`, `tfx --token`, Azure DevOps PATs in the 52-character base32
and 84-character `JQQJ99…AZDO` shapes, PAT listings), Open VSX (`ovsx -p`, `ovsxp_` and plain uuid
tokens), JetBrains Marketplace (`perm:` hub tokens in the upload API and Gradle `publishing`,
plugin signing passwords, keys and certificate chains), Sublime Text Package Control settings,
Raycast (`OAuthService`, password preferences, `ray publish`), Alfred workflow `info.plist`
variables, and the Obsidian Local REST API plugin, in commands, config files, code and tool
output, with the public ids, masks, placeholders and references the same documentation shows.

First score, blind, before any rule changed for it (after the rules for 120 to 124):
24 of 25 secrets caught, 2 of 24 look-alikes altered (missed: an Open VSX `ovsxp_<uuid>` token after
`ovsx publish -p`; altered: a Chrome extension manifest's public `"key"`, AMO's JWT issuer
`user:N:N` under `WEB_EXT_API_KEY`).
"""

from __future__ import annotations

import base64
import json
import random
import string

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
    password,
    pick,
    upper_alnum,
    uuid,
)

EXT = "extensions"

# Chrome extension ids are 32 letters from a to p.
ext_id = pick("abcdefghijklmnop", 32)
google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
google_client_secret = join("GOCSPX-", b64url(28))
google_refresh_token = join("1//0", b64url(99))
google_access_token = join("ya29.", b64url(162))

amo_issuer = join("user:", digits(8), ":", digits(3))
amo_secret = hexl(64)

ado_pat_legacy = pick("abcdefghijklmnopqrstuvwxyz234567", 52)
ado_pat = join(b62(52), "JQQJ99", upper_alnum(2), "ACAAAAAAAAAAAAA", pick(string.ascii_uppercase, 1), "AZDO", b62(4))
azure_ad_secret = join(b62(3), "8Q~", pick(B62 + "_~.-", 34))

RSA2048_P8_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"
RSA4096_P8_HEAD = "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQC"
CERT_HEAD = "MIIFazCCA1OgAwIBAgIU"
SPKI2048_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def pem_body(head: str, total: int, pad: str = ""):
    """A PEM body of `total` base64 characters (padding included), in 64-character lines."""
    body = b64(total - len(head) - len(pad))

    def make(rng: random.Random) -> str:
        s = head + body(rng) + pad
        return "\n".join(s[i : i + 64] for i in range(0, len(s), 64))

    return make


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def jb_perm_token(rng: random.Random) -> str:
    """A JetBrains hub permanent token: perm:base64(login).base64(token id).random."""
    login = rng.choice(("mkoval", "dana.whitfield", "brightkite-ci", "oleg.savchenko", "release-bot"))
    token_id = f"{rng.randrange(10, 99)}-{rng.randrange(1, 40)}"
    return f"perm:{_b64(login)}.{_b64(token_id)}.{b62(30)(rng)}"


def amo_jwt(rng: random.Random) -> str:
    """An HS256 JWT as web-ext and the AMO docs build it (iss, jti, iat, exp + 60)."""

    def enc(d: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")

    iat = 1717000000 + rng.randrange(40_000_000)
    claims = {"iss": amo_issuer(rng), "jti": str(rng.random()), "iat": iat, "exp": iat + 60}
    return enc({"alg": "HS256", "typ": "JWT"}) + "." + enc(claims) + "." + b64url(43)(rng)


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 24, "the rules for 120 to 124")

TEMPLATES: list = [
    # ---- secrets: Chrome Web Store
    S(
        EXT,
        "cws_client_secret_flag",
        "$ npx chrome-webstore-upload upload --source dist/tabwarden-chrome.zip --extension-id {extid}"
        ' --client-id {cid} --client-secret {v} --refresh-token "$REFRESH_TOKEN" --auto-publish',
        google_client_secret,
        extid=ext_id,
        cid=google_client_id,
    ),
    S(
        EXT,
        "cws_refresh_token_env_file",
        "$ head -4 .env.submit\nCHROME_EXTENSION_ID={extid}\nCHROME_CLIENT_ID={cid}\nCHROME_REFRESH_TOKEN={v}\n"
        "CHROME_PUBLISH_TARGET=default",
        google_refresh_token,
        extid=ext_id,
        cid=google_client_id,
    ),
    S(
        EXT,
        "cws_access_token_header",
        '$ curl -sS -X POST -H "Authorization: Bearer {v}" -T dist/tabwarden-chrome.zip'
        ' "https://chromewebstore.googleapis.com/upload/v2/publishers/{pub}/items/{extid}:upload"',
        google_access_token,
        pub=uuid,
        extid=ext_id,
    ),
    S(
        EXT,
        "crx_private_key_pem",
        "$ google-chrome --pack-extension=./dist/chrome --pack-extension-key=./keys/tabwarden.pem"
        " && cat ./keys/tabwarden.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        pem_body(RSA2048_P8_HEAD, 1624, "="),
    ),
    # ---- secrets: Firefox AMO
    S(
        EXT,
        "amo_api_secret_flag",
        "$ npx web-ext sign --channel=unlisted --source-dir=dist/firefox --artifacts-dir=web-ext-artifacts"
        " --api-key={iss} --api-secret={v}",
        amo_secret,
        iss=amo_issuer,
    ),
    S(
        EXT,
        "web_ext_config_secret",
        "// web-ext-config.mjs\nexport default {\n  sourceDir: 'dist/firefox',\n  sign: {\n    channel: 'listed',\n"
        "    apiKey: '{iss}',\n    apiSecret: '{v}',\n  },\n};",
        amo_secret,
        iss=amo_issuer,
    ),
    S(
        EXT,
        "amo_jwt_header",
        '$ curl -g -sS "https://addons.mozilla.org/api/v5/addons/addon/{{gid}}/versions/?filter=all_with_unlisted"'
        ' -H "Authorization: JWT {v}"',
        amo_jwt,
        gid=uuid,
    ),
    # ---- secrets: Microsoft Edge Add-ons
    S(
        EXT,
        "edge_api_key_header",
        '$ curl -sS -i -X POST "https://api.addons.microsoftedge.microsoft.com/v1/products/{pid}/submissions/draft/package"'
        ' -H "Authorization: ApiKey {v}" -H "X-ClientID: {cid}" -H "Content-Type: application/zip"'
        " -T dist/tabwarden-edge.zip",
        b62(40),
        pid=uuid,
        cid=uuid,
    ),
    S(
        EXT,
        "edge_legacy_client_secret",
        "$ npx edge-addons-upload publish --product-id {pid} --client-id {cid} --client-secret {v}"
        " --access-token-url https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
        azure_ad_secret,
        pid=uuid,
        cid=uuid,
        tenant=uuid,
    ),
    S(
        EXT,
        "bpp_keys_edge",
        '$ jq .edge keys.json\n{\n  "clientId": "{cid}",\n  "apiKey": "{v}",\n  "productId": "{pid}",\n'
        '  "notes": "Routine update, no new permissions"\n}',
        b62(40),
        cid=uuid,
        pid=uuid,
    ),
    # ---- secrets: VS Code / Visual Studio Marketplace
    S(
        EXT,
        "vsce_pat_flag",
        "$ npx @vscode/vsce publish -p {v} --packagePath tabwarden-1.8.0.vsix",
        ado_pat_legacy,
    ),
    S(
        EXT,
        "vsce_store_file",
        '$ cat ~/.vsce\n{"publishers":[{"name":"brightkite","pat":"{v}"}]}',
        ado_pat,
    ),
    S(
        EXT,
        "vsixpublisher_pat",
        'PS> & "$env:VSINSTALLDIR\\VSSDK\\VisualStudioIntegration\\Tools\\Bin\\VsixPublisher.exe" publish'
        ' -payload "src\\LineLens\\bin\\Release\\LineLens.vsix" -publishManifest "publishManifest.json"'
        ' -personalAccessToken "{v}"',
        ado_pat,
    ),
    S(
        EXT,
        "tfx_token_flag",
        "$ npx tfx-cli extension publish --manifest-globs vss-extension.json --token {v} --share-with brightkite-labs",
        ado_pat_legacy,
    ),
    # ---- secrets: Open VSX
    S(EXT, "ovsx_pat_flag", "$ npx ovsx publish tabwarden-1.8.0.vsix -p {v}", join("ovsxp_", uuid)),
    S(
        EXT,
        "ovsx_legacy_uuid_token",
        "$ npx ovsx create-namespace brightkite --pat {v}\nCreated namespace brightkite",
        uuid,
    ),
    # ---- secrets: JetBrains Marketplace
    S(
        EXT,
        "jb_upload_bearer",
        '$ curl -i --header "Authorization: Bearer {v}" -F xmlId=dev.brightkite.linelens'
        " -F file=@build/distributions/linelens-2.3.0.zip -F channel=beta https://plugins.jetbrains.com/api/updates/upload",
        jb_perm_token,
    ),
    S(
        EXT,
        "jb_gradle_publish_token",
        'intellijPlatform {\n    publishing {\n        token = "{v}"\n        channels = listOf("beta")\n    }\n}',
        jb_perm_token,
    ),
    S(
        EXT,
        "jb_signing_password",
        '    signing {\n        certificateChain = providers.environmentVariable("CERTIFICATE_CHAIN")\n'
        '        privateKey = providers.environmentVariable("PRIVATE_KEY")\n        password = "{v}"\n    }',
        password(20),
    ),
    S(
        EXT,
        "jb_signing_private_key",
        "$ openssl rsa -in private_encrypted.pem -out private.pem\nEnter pass phrase for private_encrypted.pem:\n"
        "writing RSA key\n$ cat private.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        pem_body(RSA4096_P8_HEAD, 3168, "=="),
    ),
    # ---- secrets: Sublime Text, Raycast, Alfred, Obsidian
    S(
        EXT,
        "package_control_proxy_password",
        '$ cat ~/.config/sublime-text/Packages/User/Package\\ Control.sublime-settings\n{\n\t"bootstrapped": true,\n'
        '\t"https_proxy": "http://proxy.corp.brightkite.dev:3128",\n\t"proxy_username": "svc-sublime",\n'
        '\t"proxy_password": "{v}",\n\t"installed_packages":\n\t[\n\t\t"LSP",\n\t\t"Package Control"\n\t]\n}',
        password(16),
    ),
    S(
        EXT,
        "raycast_personal_access_token",
        'const linear = OAuthService.linear({\n  scope: "read write",\n  personalAccessToken: "{v}",\n});\n\n'
        "export default withAccessToken(linear)(Command);",
        join("lin_api_", b62(40)),
    ),
    S(
        EXT,
        "raycast_publish_github_token",
        "$ GITHUB_ACCESS_TOKEN={v} npx ray publish",
        join("gho_", b62(36)),
    ),
    S(
        EXT,
        "alfred_workflow_variable",
        "\t<key>variables</key>\n\t<dict>\n\t\t<key>todoist_api_token</key>\n\t\t<string>{v}</string>\n\t</dict>\n"
        "\t<key>variablesdontexport</key>\n\t<array/>\n\t<key>version</key>\n\t<string>2.4.0</string>",
        hexl(40),
    ),
    S(
        EXT,
        "obsidian_rest_api_key",
        "$ jq '{port, insecurePort, apiKey}' \"$VAULT/.obsidian/plugins/obsidian-local-rest-api/data.json\"\n"
        '{\n  "port": 27124,\n  "insecurePort": 27123,\n  "apiKey": "{v}"\n}',
        hexl(64),
    ),
    # ---- look-alikes: Chrome Web Store public ids, public key, masks
    L(
        EXT,
        "cws_extension_id",
        "$ npx chrome-webstore-upload publish --extension-id {v} --trusted-testers",
        ext_id,
    ),
    L(
        EXT,
        "google_oauth_client_id",
        '    --client-id {v} \\\n    --client-secret "$CHROME_CLIENT_SECRET" \\\n'
        '    --refresh-token "$CHROME_REFRESH_TOKEN"',
        google_client_id,
    ),
    L(
        EXT,
        "cws_publisher_id",
        '$ curl -sS -H "Authorization: Bearer $(gcloud auth print-access-token)"'
        ' "https://chromewebstore.googleapis.com/v2/publishers/{v}/items/{extid}:fetchStatus"',
        uuid,
        extid=ext_id,
    ),
    L(
        EXT,
        "manifest_public_key",
        '{\n  "manifest_version": 3,\n  "name": "Tabwarden",\n  "version": "1.8.0",\n  "key": "{v}",\n'
        '  "permissions": ["tabs", "storage"]\n}',
        join(SPKI2048_HEAD, b64(342), "IDAQAB"),
    ),
    L(
        EXT,
        "google_masked_secret",
        "Client secrets\n  Client secret      Creation date       Status\n  {v}           12 March 2025       Enabled",
        join("****", b62(4)),
    ),
    # ---- look-alikes: AMO
    L(
        EXT,
        "amo_jwt_issuer",
        'export WEB_EXT_API_KEY={v}\nexport WEB_EXT_API_SECRET="$(op read op://Release/AMO/credential)"',
        amo_issuer,
    ),
    L(
        EXT,
        "gecko_addon_id",
        '  "browser_specific_settings": {\n    "gecko": {\n      "id": "{v}",\n      "strict_min_version": "115.0"\n'
        "    }\n  },",
        join("{", uuid, "}"),
    ),
    L(
        EXT,
        "amo_secret_env_ref",
        '$ npx web-ext sign --channel=listed --api-key="$AMO_JWT_ISSUER" --api-secret="{v}"',
        const("$AMO_JWT_SECRET"),
    ),
    L(
        EXT,
        "amo_upload_uuid",
        '{"uuid":"{v}","channel":"unlisted","processed":true,"submitted":false,'
        '"url":"https://addons.mozilla.org/api/v5/addons/upload/{v}/","valid":true,'
        '"validation":{"errors":0,"warnings":2,"notices":1},"version":"1.8.0"}',
        hexl(32),
    ),
    # ---- look-alikes: Edge
    L(
        EXT,
        "edge_client_id_header",
        '  -H "Authorization: ApiKey $EDGE_API_KEY" \\\n  -H "X-ClientID: {v}" \\\n  -H "Content-Type: application/zip" \\',
        uuid,
    ),
    L(
        EXT,
        "edge_product_id",
        "EDGE_PRODUCT_ID={v}\nEDGE_CLIENT_ID={cid}\nEDGE_API_KEY=${{ secrets.EDGE_API_KEY }}",
        uuid,
        cid=uuid,
    ),
    L(
        EXT,
        "edge_access_token_url",
        '$ npx edge-addons-upload upload --source edge.zip --product-id "$PRODUCT_ID" --client-id "$CLIENT_ID"'
        ' --client-secret "$CLIENT_SECRET" --access-token-url {v}',
        join("https://login.microsoftonline.com/", uuid, "/oauth2/v2.0/token"),
    ),
    # ---- look-alikes: Marketplace / Azure DevOps
    L(
        EXT,
        "vsce_extension_id",
        "$ npx @vscode/vsce show brightkite.tabwarden --json | jq -r '.extensionId, .publisher.publisherId'\n{v}\n{pubid}",
        uuid,
        pubid=uuid,
    ),
    L(
        EXT,
        "vsce_masked_in_log",
        "Run npx @vscode/vsce publish -p {v} --packagePath tabwarden-1.8.0.vsix\n  env:\n    VSCE_PAT: ***",
        const("***"),
    ),
    L(
        EXT,
        "ado_pat_authorization_id",
        '{\n  "displayName": "vsce-publish",\n  "validTo": "2025-09-30T00:00:00Z",\n  "scope": "vso.gallery_manage",\n'
        '  "targetAccounts": null,\n  "authorizationId": "{v}",\n  "token": null\n}',
        uuid,
    ),
    # ---- look-alikes: Open VSX
    L(
        EXT,
        "ovsx_secret_ref",
        "      - name: Publish to Open VSX\n        run: npx ovsx publish *.vsix -p {v}",
        const("${{ secrets.OVSX_PAT }}"),
    ),
    L(
        EXT,
        "ovsx_placeholder",
        "# .env.example (copy to .env, never commit the real token)\nOVSX_PAT={v}",
        const("ovsxp_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    # ---- look-alikes: JetBrains
    L(
        EXT,
        "jb_placeholder_token",
        '#   curl -i --header "Authorization: Bearer {v}" -F pluginId=<pluginId>'
        " -F file=@<path to plugin .zip> https://plugins.jetbrains.com/api/updates/upload",
        const("perm:YOUR_TOKEN_HERE"),
    ),
    L(
        EXT,
        "jb_certificate_chain",
        "$ cat chain.crt\n-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        pem_body(CERT_HEAD, 1856, "="),
    ),
    L(
        EXT,
        "jb_env_ref",
        "    publishing {\n        token = {v}\n    }",
        const('providers.environmentVariable("PUBLISH_TOKEN")'),
    ),
    # ---- look-alikes: Raycast, Alfred, Obsidian
    L(
        EXT,
        "raycast_oauth_client_id",
        'const github = new OAuthService({\n  client,\n  clientId: "{v}",\n  scope: "repo read:org",\n'
        '  authorizeUrl: "https://github.oauth.raycast.com/authorize",\n'
        '  tokenUrl: "https://github.oauth.raycast.com/token",\n});',
        hexl(20),
    ),
    L(
        EXT,
        "raycast_preference_placeholder",
        '    {\n      "name": "apiKey",\n      "type": "password",\n      "required": true,\n'
        '      "title": "Linear API Key",\n      "placeholder": "{v}"\n    }',
        const("lin_api_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    L(
        EXT,
        "alfred_object_uid",
        "\t\t<dict>\n\t\t\t<key>type</key>\n\t\t\t<string>alfred.workflow.input.scriptfilter</string>\n"
        "\t\t\t<key>uid</key>\n\t\t\t<string>{v}</string>\n\t\t\t<key>version</key>\n\t\t\t<integer>3</integer>\n\t\t</dict>",
        upper_uuid,
    ),
    L(
        EXT,
        "obsidian_release_checksum",
        "$ sha256sum main.js manifest.json styles.css\n{v}  main.js\n{h2}  manifest.json\n{h3}  styles.css",
        hexl(64),
        h2=hexl(64),
        h3=hexl(64),
    ),
]
