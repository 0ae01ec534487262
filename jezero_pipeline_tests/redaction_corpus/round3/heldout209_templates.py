"""A two-hundred-and-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of design tools' APIs and plugins: Figma personal access tokens
(`figd_` and 40 URL-safe characters, sent in `X-Figma-Token`), Figma Webhooks V2 (`passcode`,
team ids, file keys, published component keys), Penpot (access tokens sent as
`Authorization: Token …`, the JWE-shaped token, `PENPOT_SECRET_KEY` made with
`secrets.token_urlsafe(64)`, file and team UUIDs in workspace URLs), Canva Connect (`OC-…` client
ids, `cnvca…` client secrets, Basic auth on the token endpoint, design ids), Adobe Developer Console
and IMS (`p8e-` client secrets, 32-hex client ids that the Express Embed SDK puts in the browser,
`…@AdobeOrg` org ids, IMS access tokens), Zeplin (JWT personal access tokens for `@zeplin/sdk` and
`zeplin connect`, 24-hex project ids), the Framer Server API (`connect(projectUrl, key)`), Webflow
(64-hex site tokens and OAuth secrets, 64-hex OAuth client ids, 24-hex site ids), Unsplash
(`Client-ID` access keys, secret keys, photo ids, BlurHash strings, `ixid` parameters), Pexels
(56-character keys in a bare `Authorization` header), Chromatic for Storybook (`chpt_` project
tokens and the older 12-hex ones, `appId`s and `Project:` ids) and the Noun Project (OAuth 1.0a key
and secret), in commands, config files, code and tool output, with the public ids, placeholders,
masks and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: Figma's webhook `passcode` in a JSON
body, Webflow's client secret typed at `vercel env add`'s `? What's the value of …?` prompt,
Unsplash's access key as `client_id` in a query; altered: a Figma component's 40-hex `key` in its
API's JSON).
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
    join,
    pick,
    uuid,
)

DS = "design"

B83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~"


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def figma_pat(rng: random.Random) -> str:
    return "figd_" + b64url(40)(rng)


def penpot_token(rng: random.Random) -> str:
    """A compact JWE (A256KW / A256GCM): header, wrapped key, IV, ciphertext, tag."""
    head = b64url_json({"alg": "A256KW", "enc": "A256GCM"})
    return ".".join([head, b64url(54)(rng), b64url(16)(rng), b64url(rng.randrange(120, 180))(rng), b64url(22)(rng)])


def zeplin_pat(rng: random.Random) -> str:
    head = b64url_json({"alg": "HS256", "typ": "JWT"})
    body = b64url_json(
        {
            "aud": "uid:" + hexl(24)(rng),
            "iss": "zeplin:" + hexl(24)(rng),
            "iat": int(digits(8)(rng)) + 1_600_000_000,
            "jti": uuid(rng),
        }
    )
    return f"{head}.{body}.{b64url(43)(rng)}"


def adobe_ims_token(rng: random.Random) -> str:
    head = b64url_json({"alg": "RS256", "x5u": "ims_na1-key-at-1.cer", "kid": "ims_na1-key-at-1", "itt": "at"})
    body = b64url_json(
        {
            "id": digits(13)(rng) + "_" + uuid(rng) + "_ue1",
            "type": "access_token",
            "client_id": hexl(32)(rng),
            "user_id": hexu(24)(rng) + "@techacct.adobe.com",
            "as": "ims-na1",
            "created_at": digits(13)(rng),
            "expires_in": "86400000",
            "scope": "openid,AdobeID,read_organizations,firefly_api",
        }
    )
    return f"{head}.{body}.{b64url(342)(rng)}"


def canva_client_id(rng: random.Random) -> str:
    return "OC-AZ" + b64url(10)(rng)


def canva_secret(rng: random.Random) -> str:
    return "cnvca" + b64url(51)(rng)


def canva_basic(rng: random.Random) -> str:
    return base64.b64encode(f"{canva_client_id(rng)}:{canva_secret(rng)}".encode()).decode()


def ixid(rng: random.Random) -> str:
    return (
        base64.b64encode(json.dumps({"app_id": int(digits(6)(rng))}, separators=(",", ":")).encode())
        .decode()
        .rstrip("=")
    )


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 200 to 204")

TEMPLATES = [
    # ---- secrets: Figma
    S(
        DS,
        "figma_pat_header",
        '$ curl -s -H "X-Figma-Token: {v}" "https://api.figma.com/v1/files/{fk}?depth=1" | jq .name',
        figma_pat,
        fk=b62(22),
    ),
    S(
        DS,
        "figma_pat_env_file",
        "$ cat .env.local\nFIGMA_FILE_KEY={fk}\nFIGMA_ACCESS_TOKEN={v}\nSTORYBOOK_FIGMA_EMBED=true",
        figma_pat,
        fk=b62(22),
    ),
    S(
        DS,
        "figma_webhook_passcode",
        "$ curl -X POST https://api.figma.com/v2/webhooks -H 'X-Figma-Token: '\"$FIGMA_PAT\" -H 'Content-Type: application/json' \\\n"
        '  -d \'{"event_type":"FILE_VERSION_UPDATE","context":"team","context_id":"{team}",'
        '"endpoint":"https://hooks.brightkite.dev/figma","passcode":"{v}"}\'',
        hexl(64),
        team=join("1", digits(18)),
    ),
    S(
        DS,
        "figma_hookshot_yaml",
        "figma:\n  publicUrl: https://matrix.brightkite.dev/hookshot/\n  instances:\n    design-team:\n"
        '      teamId: "{team}"\n      accessToken: {v}',
        figma_pat,
        team=join("1", digits(18)),
    ),
    # ---- secrets: Penpot
    S(
        DS,
        "penpot_token_header",
        "$ curl -X POST https://design.penpot.app/api/rpc/command/get-profile \\\n"
        '    -H "Authorization: Token {v}" -H "Accept: application/json" -d \'{}\'',
        penpot_token,
    ),
    S(
        DS,
        "penpot_mcp_json",
        '    "penpot": {\n      "command": "npx",\n      "args": ["-y", "penpot-mcp"],\n'
        '      "env": {\n        "PENPOT_ACCESS_TOKEN": "{v}",\n        "PENPOT_API_URL": "https://design.penpot.app/api"\n      }\n    }',
        penpot_token,
    ),
    S(
        DS,
        "penpot_secret_key",
        "x-secret-key: &penpot-secret-key\n  PENPOT_SECRET_KEY: {v}\n\nservices:\n  penpot-backend:\n"
        '    image: "penpotapp/backend:2.4.3"',
        b64url(86),
    ),
    # ---- secrets: Canva
    S(
        DS,
        "canva_client_secret_env",
        "CANVA_CLIENT_ID={cid}\nCANVA_CLIENT_SECRET={v}\nCANVA_REDIRECT_URI=http://127.0.0.1:3001/oauth/redirect",
        canva_secret,
        cid=canva_client_id,
    ),
    S(
        DS,
        "canva_token_basic",
        "$ curl --request POST 'https://api.canva.com/rest/v1/oauth/token' \\\n"
        "  --header 'Authorization: Basic {v}' \\\n"
        "  --header 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  --data-urlencode 'grant_type=authorization_code' --data-urlencode 'code_verifier={cv}'",
        canva_basic,
        cv=b64url(43),
    ),
    # ---- secrets: Adobe
    S(
        DS,
        "adobe_client_secret_curl",
        "$ curl -X POST 'https://ims-na1.adobelogin.com/ims/token/v3' -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  -d 'client_id={cid}&client_secret={v}&grant_type=client_credentials&scope=openid,AdobeID,firefly_api'",
        join("p8e-", b62(32)),
        cid=hexl(32),
    ),
    S(
        DS,
        "adobe_client_secret_python",
        "resp = requests.post(\n    IMS_TOKEN_URL,\n"
        '    data={"client_id": FIREFLY_CLIENT_ID, "client_secret": "{v}", "grant_type": "client_credentials",\n'
        '          "scope": "openid,AdobeID,session,additional_info,read_organizations,firefly_api,ff_apis"},\n)',
        join("p8e-", b62(32)),
    ),
    S(
        DS,
        "adobe_ims_token_output",
        '{"access_token":"{v}","token_type":"bearer","expires_in":86399}',
        adobe_ims_token,
    ),
    # ---- secrets: Zeplin
    S(
        DS,
        "zeplin_sdk_client",
        'import { ZeplinApi, Configuration } from "@zeplin/sdk";\n\n'
        'const zeplin = new ZeplinApi(new Configuration({ accessToken: "{v}" }));\n'
        "const { data: projects } = await zeplin.projects.getProjects();",
        zeplin_pat,
    ),
    S(
        DS,
        "zeplin_cli_env",
        "$ ZEPLIN_ACCESS_TOKEN={v} npx zeplin connect -f .zeplin/components.json --verbose",
        zeplin_pat,
    ),
    # ---- secrets: Framer
    S(
        DS,
        "framer_connect_key",
        'const framer = await connect("https://framer.com/projects/Brightkite-Site--{pid}", "{v}")',
        b62(40),
        note="Framer documents the key only as bound to one project, shape opaque",
        pid=b62(20),
    ),
    # ---- secrets: Webflow
    S(
        DS,
        "webflow_site_token_curl",
        "$ curl --request GET --url https://api.webflow.com/v2/sites/{site}/collections \\\n"
        "     --header 'accept: application/json' --header 'authorization: Bearer {v}'",
        hexl(64),
        site=hexl(24),
    ),
    S(
        DS,
        "webflow_sdk_client",
        'from webflow.client import Webflow\n\nclient = Webflow(access_token="{v}")\nsites = client.sites.list()',
        hexl(64),
    ),
    S(
        DS,
        "webflow_client_secret_prompt",
        "$ vercel env add WEBFLOW_CLIENT_SECRET production\n? What's the value of WEBFLOW_CLIENT_SECRET? {v}\n"
        "✅  Added Environment Variable WEBFLOW_CLIENT_SECRET to Project brightkite-cms-sync [412ms]",
        hexl(64),
    ),
    # ---- secrets: Unsplash and Pexels
    S(
        DS,
        "unsplash_client_id_header",
        '$ curl -s -H "Accept-Version: v1" -H "Authorization: Client-ID {v}" '
        '"https://api.unsplash.com/search/photos?query=harbour&per_page=5&orientation=landscape"',
        b64url(43),
    ),
    S(
        DS,
        "unsplash_client_id_query",
        "GET https://api.unsplash.com/photos/random?client_id={v}&count=3&topics=architecture 200 OK (312 ms)",
        b64url(43),
    ),
    S(
        DS,
        "unsplash_secret_ruby",
        'Unsplash.configure do |config|\n  config.application_access_key = ENV.fetch("UNSPLASH_ACCESS_KEY")\n'
        '  config.application_secret = "{v}"\n  config.utm_source = "brightkite_moodboards"\nend',
        b64url(43),
    ),
    S(
        DS,
        "pexels_bare_authorization",
        '$ curl -H "Authorization: {v}" "https://api.pexels.com/v1/search?query=coastline&per_page=1"',
        b62(56),
    ),
    S(
        DS,
        "pexels_python_const",
        "from pexels_api import API\n\nPEXELS_API_KEY = '{v}'\napi = API(PEXELS_API_KEY)\napi.search('ceramics', page=1, results_per_page=8)",
        b62(56),
    ),
    # ---- secrets: Chromatic and the Noun Project
    S(
        DS,
        "chromatic_project_token_flag",
        "$ npx chromatic --project-token={v} --exit-zero-on-changes --only-changed",
        join("chpt_", hexl(14)),
    ),
    S(
        DS,
        "chromatic_legacy_token_yaml",
        "      - name: Publish to Chromatic\n        run: npx chromatic --build-script-name build-storybook\n"
        "        env:\n          CHROMATIC_PROJECT_TOKEN: {v}",
        hexl(12),
        note="the older 12-hex project tokens",
    ),
    S(
        DS,
        "nounproject_oauth1",
        "from requests_oauthlib import OAuth1\n\n"
        'auth = OAuth1("{key}", "{v}")\n'
        'r = requests.get("https://api.thenounproject.com/v2/icon?query=lighthouse&limit=5", auth=auth)',
        hexl(32),
        key=hexl(32),
    ),
    # ---- look-alikes: public ids
    L(
        DS,
        "figma_file_key_url",
        "Design source: https://www.figma.com/design/{v}/Checkout-Redesign?node-id=1204-3381&t=Rk2pLq8vYw1aB3cD-0",
        b62(22),
    ),
    L(
        DS,
        "figma_team_id",
        '{"webhooks":[{"id":"{hook}","team_id":"{v}","event_type":"FILE_UPDATE","client_id":null,'
        '"passcode":"","status":"ACTIVE","endpoint":"https://hooks.brightkite.dev/figma"}]}',
        join("1", digits(18)),
        hook=digits(6),
    ),
    L(
        DS,
        "figma_component_key",
        '    "12:408": {\n      "key": "{v}",\n      "name": "Button/Primary",\n      "description": "",\n'
        '      "componentSetId": "12:399"\n    },',
        hexl(40),
        note="published component keys are 40-hex and public",
    ),
    L(
        DS,
        "penpot_file_uuid",
        "Opened https://design.penpot.app/#/workspace?team-id={team}&file-id={v}&page-id={page}",
        uuid,
        team=uuid,
        page=uuid,
    ),
    L(
        DS,
        "canva_client_id",
        "✅ Client ID stored: `{v}` (public; the secret lives in 1Password)",
        canva_client_id,
    ),
    L(
        DS,
        "canva_design_id",
        "Autofill job finished: https://www.canva.com/design/{v}/edit?utm_content=brightkite-campaign",
        join("DAG", b64url(8)),
    ),
    L(
        DS,
        "adobe_embed_client_id",
        "const { editor } = await window.CCEverywhere.initialize(\n"
        '  { clientId: "{v}", appName: "Brightkite Studio" },\n  { loginMode: "delayed" }\n);',
        hexl(32),
        note="the Embed SDK client id is meant to be shipped to the browser",
    ),
    L(
        DS,
        "adobe_org_id",
        "  -H 'x-gw-ims-org-id: {v}' -H 'x-api-key: '\"$FIREFLY_CLIENT_ID\"",
        join(hexu(24), "@AdobeOrg"),
    ),
    L(
        DS,
        "zeplin_project_ids",
        '{\n  "projects": ["{v}"],\n  "components": [{ "path": "src/components/Button.tsx", "zeplinNames": ["Button"] }]\n}',
        hexl(24),
    ),
    L(
        DS,
        "framer_project_url",
        "FRAMER_PROJECT_URL=https://framer.com/projects/Brightkite-Site--{v}",
        b62(20),
    ),
    L(
        DS,
        "webflow_site_id",
        '  {\n    "id": "{v}",\n    "workspaceId": "{ws}",\n    "displayName": "Brightkite Marketing",\n'
        '    "shortName": "brightkite-marketing",',
        hexl(24),
        ws=hexl(24),
    ),
    L(
        DS,
        "webflow_oauth_client_id",
        "Install link: https://webflow.com/oauth/authorize?client_id={v}&response_type=code&scope=sites%3Aread+cms%3Awrite",
        hexl(64),
        note="an OAuth client id is public and has the token's shape",
    ),
    L(
        DS,
        "unsplash_photo_id",
        '$ curl -s https://api.unsplash.com/photos/{v} -H "Authorization: Client-ID $UNSPLASH_ACCESS_KEY" | jq .user.name',
        b64url(11),
    ),
    L(
        DS,
        "unsplash_blur_hash",
        '      "color": "#a6a6a6",\n      "blur_hash": "{v}",\n      "likes": 214,',
        join("L", pick(B83, 27)),
    ),
    L(
        DS,
        "unsplash_ixid",
        '"regular": "https://images.unsplash.com/photo-{ts}-{h}?ixlib=rb-4.0.3&q=80&fm=jpg&w=1080&fit=max&ixid={v}"',
        ixid,
        ts=join("16", digits(11)),
        h=hexl(12),
    ),
    L(
        DS,
        "chromatic_app_id",
        "Build 412 published: https://www.chromatic.com/build?appId={v}&number=412",
        hexl(24),
    ),
    L(
        DS,
        "chromatic_config_project_id",
        '$ cat chromatic.config.json\n{\n  "$schema": "https://www.chromatic.com/config-file.schema.json",\n'
        '  "projectId": "{v}",\n  "onlyChanged": true\n}',
        join("Project:", hexl(24)),
    ),
    # ---- look-alikes: hashes
    L(
        DS,
        "npm_integrity",
        '    "node_modules/@figma/rest-api-spec": {\n      "version": "0.21.0",\n      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    L(
        DS,
        "commit_sha",
        "$ git log -1 --format=%H -- tokens/figma-variables.json\n{v}",
        hexl(40),
    ),
    # ---- look-alikes: references, masks, placeholders
    L(
        DS,
        "gha_secret_ref",
        "      - uses: chromaui/action@latest\n        with:\n          projectToken: {v}",
        const("${{ secrets.CHROMATIC_PROJECT_TOKEN }}"),
    ),
    L(
        DS,
        "compose_env_ref",
        "    environment:\n      PENPOT_ACCESS_TOKEN: {v}\n      PENPOT_BASE_URL: http://penpot-frontend:8080",
        const("${PENPOT_ACCESS_TOKEN:?set it in .env}"),
    ),
    L(
        DS,
        "figma_masked",
        '{"configured":true,"maskedToken":"{v}"}',
        join("figd_", const("*" * 32), b64url(4)),
    ),
    L(
        DS,
        "figma_placeholder",
        "# .env.example\nFIGMA_ACCESS_TOKEN={v}\nFIGMA_FILE_KEY=",
        join("figd_", const("X" * 40)),
    ),
    L(
        DS,
        "pexels_placeholder",
        "PEXELS_API_KEY={v}   # Pexels → Image & Video API → Your API Key",
        const("<your-pexels-api-key>"),
    ),
    L(
        DS,
        "adobe_secret_placeholder",
        "OAUTHS2S_CLIENT_ID={cid}\nOAUTHS2S_CLIENT_SECRET={v}",
        const("p8e-REPLACE_WITH_YOUR_CLIENT_SECRET"),
        cid=const("<client-id-from-developer-console>"),
    ),
]
