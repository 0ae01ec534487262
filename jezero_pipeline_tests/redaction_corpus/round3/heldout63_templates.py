"""A sixty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of headless CMSs and site builders: Contentful (the CLI's `login`,
`space use`/`import` flags and `~/.contentfulrc.json`, Content Delivery vs Preview vs `CFPAT-`
personal access tokens, the access-token listing), Sanity (`sanity debug --secrets`, the
`SANITY_AUTH_TOKEN=` prefix from `sanity login`, `sk…` robot tokens, project ids and datasets in
`sanity.cli.ts`), Strapi (the generated `.env` and `.env.example`, `config/admin.ts`, API tokens,
`strapi transfer --to-token`), Storyblok (preview vs personal access tokens, the CLI, numeric space
ids), Prismic (`createClient` access tokens), DatoCMS (`--api-token`, `buildClient`,
`datocms.config.json`), Ghost (Admin API `id:secret` keys and their short-lived JWTs vs the
browser-safe Content API key), WordPress application passwords (`wp user application-password`,
REST API basic auth), Directus (`SECRET`, static tokens as `access_token`, `_FILE` variables,
token-named settings), Payload (`PAYLOAD_SECRET`, `DATABASE_URI`), Builder.io (public API key vs
`bpk-` private key), Hygraph (permanent auth tokens vs content endpoints) and Webflow (site
tokens vs site ids), in commands, config files and tool output, with the public ids, references
and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 55 to 59):
25 of 25 secrets caught, 3 of 24 look-alikes altered (altered: Ghost's public Content API key under `key:`, a
DatoCMS `modelApiKey` naming a model, Strapi's `tobemodified` placeholders).
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
    groups,
    hexl,
    interleaved,
    join,
    lower_alnum,
    uuid,
)

CMS = "cms"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ghost_admin_jwt(rng: random.Random) -> str:
    """The five-minute HS256 token a Ghost Admin API key signs: `kid` is the key's id."""
    iat = 1716200000 + rng.randrange(20_000_000)
    head = _b64url_json({"alg": "HS256", "kid": hexl(24)(rng), "typ": "JWT"})
    body = _b64url_json({"iat": iat, "exp": iat + 300, "aud": "/admin/"})
    return f"{head}.{body}.{b64url(43)(rng)}"


def hygraph_pat(rng: random.Random) -> str:
    """A Hygraph permanent auth token: an RS256 JWT naming the project's endpoints."""
    project = "cl" + lower_alnum(23)(rng)
    iat = 1700000000 + rng.randrange(30_000_000)
    head = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": "gcms-main-production"})
    body = _b64url_json(
        {
            "version": 3,
            "iat": iat,
            "aud": [f"https://api-eu-central-1-shared-euc1-02.hygraph.com/v2/{project}/master"],
            "iss": "https://management.hygraph.com/",
            "sub": uuid(rng),
            "jti": "cl" + lower_alnum(23)(rng),
        }
    )
    return f"{head}.{body}.{b64url(342)(rng)}"


def prismic_token(rng: random.Random) -> str:
    """A Prismic permanent access token: base64 of `0.<id>`, a dot, then the signed part."""
    first = base64.b64encode(("0." + b62(16)(rng)).encode()).decode()
    return f"{first}.77-9{b64url(40)(rng)}"


cfpat = join("CFPAT-", b64url(43))
sanity_robot = join("sk", b62(180))
strapi_secret = b64(22, "==")
storyblok_cdn = join(b62(22), "tt")
wp_app_password = groups(b62(4), 6, " ")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 3, 24, "the rules for 55 to 59")

TEMPLATES = [
    # ---- secrets: Contentful
    S(
        CMS,
        "contentful_cli_login",
        "$ npx contentful login --management-token {v}\n"
        "Great! Your CMA token is now stored on your system. (Located at /home/dev/.contentfulrc.json)",
        cfpat,
    ),
    S(
        CMS,
        "contentfulrc_json",
        '$ cat ~/.contentfulrc.json\n{\n  "managementToken": "{v}",\n  "activeSpaceId": "{space}",\n'
        '  "activeEnvironmentId": "staging",\n  "host": "api.contentful.com"\n}',
        cfpat,
        space=lower_alnum(12),
    ),
    S(
        CMS,
        "contentful_preview_query",
        "$ curl -s 'https://preview.contentful.com/spaces/{space}/environments/master/entries"
        "?content_type=blogPost&limit=1&access_token={v}' | jq '.items[0].fields.title'",
        b64url(43),
        space=lower_alnum(12),
    ),
    S(
        CMS,
        "contentful_proxy_password",
        "$ contentful config add --proxy cms-sync:{v}@proxy.corp.internal:3128",
        b62(18),
    ),
    # ---- secrets: Sanity
    S(
        CMS,
        "sanity_debug_secrets",
        "$ npx sanity debug --secrets\nUser:\n  ID: '{uid}'\n  Name: 'Rhea Okafor'\n  Roles: [ 'administrator' ]\n\n"
        "Authentication:\n  User type: 'normal'\n  Auth token: '{v}'\n\nProject:\n  ID: '{pid}'\n  Display name: 'atlas-web'",
        join("sk", b62(90)),
        uid=join("p", b62(8)),
        pid=lower_alnum(8),
    ),
    S(
        CMS,
        "sanity_env_prefix",
        "SANITY_AUTH_TOKEN={v} npx sanity dataset export production ./backups/production.tar.gz --overwrite",
        sanity_robot,
    ),
    S(
        CMS,
        "sanity_bearer_query",
        'curl -H "Authorization: Bearer {v}" '
        '"https://{pid}.api.sanity.io/v2021-06-07/data/query/production?query=*[_type==%22post%22][0..2]"',
        sanity_robot,
        pid=lower_alnum(8),
    ),
    # ---- secrets: Strapi
    S(
        CMS,
        "strapi_app_keys",
        "# Server\nHOST=0.0.0.0\nPORT=1337\n# Secrets\nAPP_KEYS={v}",
        groups(strapi_secret, 4, ","),
    ),
    S(
        CMS,
        "strapi_admin_jwt_secret",
        "API_TOKEN_SALT={salt}\nADMIN_JWT_SECRET={v}\nTRANSFER_TOKEN_SALT={tsalt}",
        strapi_secret,
        salt=strapi_secret,
        tsalt=strapi_secret,
    ),
    S(
        CMS,
        "strapi_transfer_token",
        "$ npm run strapi transfer -- --to https://cms.atlas-web.dev/admin --to-token {v} --exclude files --force",
        hexl(256),
    ),
    # ---- secrets: Storyblok, Prismic, DatoCMS
    S(
        CMS,
        "storyblok_preview_token",
        "# Settings → Access Tokens → Preview (draft + published)\nSTORYBLOK_PREVIEW_TOKEN={v}\nSTORYBLOK_REGION=eu",
        storyblok_cdn,
    ),
    S(
        CMS,
        "storyblok_personal_token",
        "$ npx storyblok login --token {v} --region eu\n✔ Successfully logged in with token",
        join(b62(22), "tt-", digits(6), "-", b62(20)),
    ),
    S(
        CMS,
        "prismic_access_token",
        'const client = prismic.createClient("{repo}", {\n  accessToken: "{v}",\n  routes,\n});',
        prismic_token,
        repo=const("atlas-web-cms"),
    ),
    S(
        CMS,
        "datocms_api_token_flag",
        "$ npx datocms migrations:run --destination=feature-hero-block --api-token={v}",
        hexl(30),
    ),
    # ---- secrets: Ghost, WordPress
    S(
        CMS,
        "ghost_admin_key",
        "const api = new GhostAdminAPI({\n  url: 'https://atlas-journal.ghost.io',\n  key: '{v}',\n  version: 'v5.0'\n});",
        join(hexl(24), ":", hexl(64)),
    ),
    S(
        CMS,
        "ghost_admin_jwt",
        "$ curl -s -H \"Authorization: Ghost {v}\" -H 'Accept-Version: v5.0' "
        "https://atlas-journal.ghost.io/ghost/api/admin/posts/?limit=1",
        ghost_admin_jwt,
    ),
    S(
        CMS,
        "wp_app_password_basic",
        'curl --user "deploybot:{v}" https://blog.atlas-web.dev/wp-json/wp/v2/posts?status=draft',
        wp_app_password,
    ),
    S(
        CMS,
        "wp_cli_porcelain",
        "$ wp user application-password create deploybot github-actions --porcelain\n{v}",
        b62(24),
    ),
    # ---- secrets: Directus, Payload, Builder.io, Hygraph, Webflow
    S(
        CMS,
        "directus_secret",
        'KEY="{key}"\nSECRET="{v}"\n\nDB_CLIENT="pg"\nDB_HOST="postgres"',
        b64url(32),
        key=uuid,
    ),
    S(
        CMS,
        "directus_static_token_query",
        "$ curl -s 'https://directus.atlas-web.dev/items/articles?fields=id,title&access_token={v}'",
        b64url(32),
    ),
    S(
        CMS,
        "payload_secret",
        "DATABASE_URI=mongodb://127.0.0.1/atlas-payload\nPAYLOAD_SECRET={v}\nNEXT_PUBLIC_SERVER_URL=http://localhost:3000",
        hexl(24),
    ),
    S(
        CMS,
        "payload_database_uri",
        "DATABASE_URI=postgres://payload:{v}@db.internal:5432/payload",
        b62(24),
    ),
    S(
        CMS,
        "builder_private_key",
        "$ curl -X POST https://builder.io/api/v1/write/page -H 'Authorization: Bearer {v}' "
        "-H 'Content-Type: application/json' -d @page.json",
        join("bpk-", hexl(32)),
    ),
    S(
        CMS,
        "hygraph_pat",
        "HYGRAPH_ENDPOINT=https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/{proj}/master\nHYGRAPH_TOKEN={v}",
        hygraph_pat,
        proj=join("cl", lower_alnum(23)),
    ),
    S(
        CMS,
        "webflow_site_token",
        "curl --request GET --url https://api.webflow.com/v2/sites --header 'accept: application/json' "
        "--header 'authorization: Bearer {v}'",
        hexl(64),
    ),
    # ---- look-alikes: public ids
    L(
        CMS,
        "contentful_space_id",
        "$ contentful space use --space-id {v} --environment-id staging\n"
        "Now using the 'staging' Environment of Space atlas-web",
        lower_alnum(12),
    ),
    L(
        CMS,
        "contentful_entry_id",
        "$ contentful space export --skip-content-model --query-entries 'sys.id={v}' --export-dir ./tmp",
        b62(22),
    ),
    L(
        CMS,
        "contentful_pat_id",
        '  "name": "ci-migrations",\n  "revokedAt": null,\n  "scopes": ["content_management_manage"],\n'
        '  "sys": { "type": "PersonalAccessToken", "id": "{v}", "expiresAt": null }',
        b62(22),
    ),
    L(
        CMS,
        "sanity_project_id",
        "import { defineCliConfig } from 'sanity/cli'\n\nexport default defineCliConfig({\n"
        "  api: { projectId: '{v}', dataset: 'production' },\n})",
        lower_alnum(8),
    ),
    L(
        CMS,
        "sanity_user_id",
        "$ npx sanity debug\nUser:\n  ID: '{v}'\n  Name: 'Rhea Okafor'\n  Email: 'rhea@atlas-web.dev'",
        join("p", b62(8)),
    ),
    L(
        CMS,
        "storyblok_space_id",
        "$ npx storyblok pull-components --space {v}\nComponents for space {v} written to components.{v}.json",
        digits(6),
    ),
    L(
        CMS,
        "ghost_content_key",
        "const api = new GhostContentAPI({\n  url: 'https://atlas-journal.ghost.io',\n  key: '{v}',\n  version: 'v5.0'\n});",
        hexl(26),
    ),
    L(
        CMS,
        "ghost_key_id_header",
        'Decoded JWT header: {"alg":"HS256","kid":"{v}","typ":"JWT"}  (kid is the Admin API key id, not the secret)',
        hexl(24),
    ),
    L(
        CMS,
        "wp_app_password_uuid",
        "$ wp user application-password delete deploybot {v}\nSuccess: Deleted 1 of 1 application password.",
        uuid,
    ),
    L(
        CMS,
        "datocms_site_id",
        '{\n  "profiles": {\n    "default": {\n      "siteId": "{v}",\n      "logLevel": "NONE",\n'
        '      "migrations": { "directory": "./migrations", "modelApiKey": "schema_migration" }',
        digits(6),
    ),
    L(
        CMS,
        "builder_public_key",
        "import { builder } from '@builder.io/sdk';\n\nbuilder.init('{v}'); // Public API Key, safe in client code",
        hexl(32),
    ),
    L(
        CMS,
        "hygraph_endpoint",
        "const endpoint = 'https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/{v}/master';",
        join("cl", lower_alnum(23)),
    ),
    L(
        CMS,
        "webflow_site_id",
        "GET https://api.webflow.com/v2/sites/{v}/collections  → 200 OK (3 collections)",
        hexl(24),
    ),
    # ---- look-alikes: references, placeholders, settings
    L(
        CMS,
        "strapi_placeholder",
        'APP_KEYS="toBeModified1,toBeModified2"\nAPI_TOKEN_SALT=tobemodified\nADMIN_JWT_SECRET={v}',
        const("tobemodified"),
    ),
    L(
        CMS,
        "strapi_env_ref",
        "export default ({ env }) => ({\n  auth: {\n    secret: {v},\n  },\n  apiToken: {\n    salt: env('API_TOKEN_SALT'),\n  },",
        const("env('ADMIN_JWT_SECRET')"),
    ),
    L(
        CMS,
        "datocms_placeholder",
        "$ echo 'DATOCMS_API_TOKEN={v}' >> .env",
        const("<YOUR-API-TOKEN>"),
    ),
    L(
        CMS,
        "payload_placeholder",
        "# Used to encrypt JWT tokens\nPAYLOAD_SECRET={v}",
        const("YOUR_SECRET_HERE"),
    ),
    L(
        CMS,
        "builder_key_placeholder",
        "# .env.example\nBUILDER_PRIVATE_KEY={v}",
        const("bpk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        CMS,
        "directus_token_setting",
        'ACCESS_TOKEN_TTL="15m"\nREFRESH_TOKEN_TTL="7d"\nREFRESH_TOKEN_COOKIE_NAME="{v}"',
        const("directus_refresh_token"),
    ),
    L(
        CMS,
        "directus_file_ref",
        'DB_USER="directus"\nDB_PASSWORD_FILE="{v}"',
        const("/run/secrets/db_password"),
    ),
    L(
        CMS,
        "gha_secret_ref",
        "      - run: npx sanity deploy\n        env:\n          SANITY_AUTH_TOKEN: {v}",
        const("${{ secrets.SANITY_AUTH_TOKEN }}"),
    ),
    L(
        CMS,
        "masked_token",
        "[env] loaded .env.local: NEXT_PUBLIC_SANITY_PROJECT_ID, SANITY_API_READ_TOKEN={v} (masked)",
        const("sk************************"),
    ),
    L(
        CMS,
        "placeholder",
        "# .env.example: copy to .env and fill in\nCONTENTFUL_PREVIEW_ACCESS_TOKEN={v}",
        interleaved(43),
    ),
    L(
        CMS,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore(cms): move Contentful preview token to the secret store",
        hexl(40),
    ),
]
