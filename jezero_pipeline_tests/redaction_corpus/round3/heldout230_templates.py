"""A two-hundred-and-thirtieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of API design, testing and developer-portal tools: Postman API keys
(`PMAK-` with 24 and 34 hex characters, sent as `X-Api-Key`, given to `postman login --with-api-key`
or in a Newman collection URL's `apikey=` query), Postman collection access keys (`PMAT-`) and
environment exports (`"type": "secret"`), RapidAPI's `X-RapidAPI-Key` (50 characters with `msh` and
`jsn` inside) beside the public `X-RapidAPI-Host`, ReadMe's `rdme_` keys for the `rdme` CLI and the
v2 API, SwaggerHub's UUID API keys (the bare `Authorization:` header and the swaggerhub-cli config),
Apiary's `APIARY_API_KEY` and its legacy `Authentication: Token` header, the Speakeasy CLI's
`SPEAKEASY_API_KEY` and `~/.speakeasy/config.yaml`, Stainless (`STAINLESS_API_KEY`, `.stats.yml`
hashes), Fern (`fern token`, `FERN_TOKEN`), Kong Konnect personal and system-account tokens
(`kpat_`, `spat_`) for kongctl and decK, Insomnia environments, Bruno (`--env-var`, a collection's
`.env`, `{{process.env.X}}`), Hoppscotch (CLI `--token`, self-hosted `.env`) and WireMock Cloud
(`Authorization: Token`), Mockoon environment files, in commands, config files, code and tool
output, with the public ids the same documentation shows beside them (collection UIDs, workspace
and control-plane UUIDs, API definition ids, cuid collection ids, spec hashes, masked keys,
placeholders and secret-store references).

First score, blind, before any rule changed for it (after the rules for 210 to 224):
25 of 25 secrets caught, 0 of 24 look-alikes altered (nothing missed or altered).
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
    upper_alnum,
    uuid,
)

AT = "apitools"

pmak = join("PMAK-", hexl(24), "-", hexl(34))
pmat = join("PMAT-", upper_alnum(26))
rapidapi_key = join(lower_alnum(10), "msh", lower_alnum(15), "p", lower_alnum(6), "jsn", lower_alnum(12))
rdme_key = join("rdme_", lower_alnum(70))
kpat = join("kpat_", b62(49))
spat = join("spat_", b62(49))
postman_uid = join(digits(8), "-", uuid)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 0, 24, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Postman / Newman
    S(AT, "postman_cli_login", "$ postman login --with-api-key {v}\nLogged in successfully.", pmak),
    S(
        AT,
        "postman_x_api_key",
        "$ curl -s https://api.getpostman.com/collections -H \"X-Api-Key: {v}\" | jq -r '.collections[].name'",
        pmak,
    ),
    S(
        AT,
        "newman_url_apikey",
        '$ npx newman run "https://api.getpostman.com/collections/{uid}?apikey={v}"'
        " -e envs/staging.postman_environment.json --reporters cli,junit",
        pmak,
        uid=postman_uid,
    ),
    S(
        AT,
        "postman_collection_access_key",
        "Shared link (read-only): https://api.postman.com/collections/{uid}?access_key={v}",
        pmat,
        uid=postman_uid,
    ),
    S(
        AT,
        "postman_env_export_secret",
        '$ cat envs/staging.postman_environment.json\n{\n  "id": "{eid}",\n  "name": "staging",\n  "values": [\n'
        '    { "key": "baseUrl", "value": "https://staging.api.brightkite.dev", "type": "default", "enabled": true },\n'
        '    { "key": "clientSecret", "value": "{v}", "type": "secret", "enabled": true }\n  ],\n'
        '  "_postman_variable_scope": "environment"\n}',
        password(32),
        eid=uuid,
    ),
    # ---- secrets: RapidAPI
    S(
        AT,
        "rapidapi_curl_header",
        "$ curl --request GET --url 'https://bk-geocoder.p.rapidapi.com/v2/reverse?lat=52.37&lon=4.89'"
        " --header 'X-RapidAPI-Host: bk-geocoder.p.rapidapi.com' --header 'X-RapidAPI-Key: {v}'",
        rapidapi_key,
    ),
    S(
        AT,
        "rapidapi_python_headers",
        'headers = {\n    "x-rapidapi-key": "{v}",\n    "x-rapidapi-host": "bk-geocoder.p.rapidapi.com",\n}\n'
        "response = requests.get(url, headers=headers, params=querystring)",
        rapidapi_key,
    ),
    # ---- secrets: ReadMe
    S(
        AT,
        "rdme_key_flag",
        "$ npx rdme openapi upload ./openapi/orders.yaml --key {v} --branch 1.4 --slug orders.json",
        rdme_key,
    ),
    S(
        AT,
        "readme_bearer",
        "$ curl -s https://api.readme.com/v2/projects/me -H 'Authorization: Bearer {v}' | jq .subdomain",
        rdme_key,
    ),
    # ---- secrets: SwaggerHub
    S(
        AT,
        "swaggerhub_cli_config",
        '$ cat ~/.config/swaggerhub-cli/config.json\n{"SWAGGERHUB_URL":"https://api.swaggerhub.com","SWAGGERHUB_API_KEY":"{v}"}',
        uuid,
    ),
    S(
        AT,
        "swaggerhub_registry_header",
        '$ curl -X POST "https://api.swaggerhub.com/apis/brightkite/orders-api?isPrivate=true&version=1.4.0"'
        ' -H "Authorization: {v}" -H "Content-Type: application/yaml" --data-binary @openapi.yaml',
        uuid,
    ),
    # ---- secrets: Apiary
    S(
        AT,
        "apiary_env_inline",
        "$ APIARY_API_KEY={v} apiary publish --api-name=courierorders --path=apiary.apib",
        hexl(32),
    ),
    S(
        AT,
        "apiary_legacy_header",
        "$ curl -s https://api.apiary.io/blueprint/get/courierorders -H 'Authentication: Token {v}' -o apiary.apib",
        hexl(32),
    ),
    # ---- secrets: Speakeasy, Stainless, Fern
    S(
        AT,
        "speakeasy_config_yaml",
        '$ cat ~/.speakeasy/config.yaml\nspeakeasy_api_key: "{v}"\nspeakeasy_workspace_id: "{ws}"',
        b64url(44),
        ws=uuid,
    ),
    S(
        AT,
        "speakeasy_action_inline",
        "      - uses: speakeasy-api/sdk-generation-action@v15\n        with:\n"
        "          github_access_token: ${{ secrets.GITHUB_TOKEN }}\n          speakeasy_api_key: {v}",
        b64url(44),
    ),
    S(
        AT,
        "stainless_env_inline",
        "$ STAINLESS_API_KEY={v} stl builds create --project brightkite --branch main --wait",
        b62(40),
    ),
    S(
        AT,
        "fern_token_output",
        "$ fern token\n{v}\n\nSet this as FERN_TOKEN in your CI secrets to run `fern generate` non-interactively.",
        b64url(40),
    ),
    # ---- secrets: Kong Konnect / Insomnia
    S(
        AT,
        "kongctl_pat_env",
        "$ KONGCTL_DEFAULT_KONNECT_PAT={v} kongctl get organization -o json",
        kpat,
    ),
    S(
        AT,
        "deck_konnect_token",
        "$ deck gateway sync kong.yaml --konnect-token {v} --konnect-control-plane-name staging",
        spat,
    ),
    S(
        AT,
        "insomnia_env_json",
        '  "_type": "environment",\n  "name": "Production",\n  "data": {\n'
        '    "base_url": "https://api.brightkite.dev",\n    "api_token": "{v}"\n  },',
        b62(32),
    ),
    # ---- secrets: Bruno, Hoppscotch, WireMock Cloud
    S(
        AT,
        "bruno_env_var_flag",
        "$ bru run requests/orders --env Prod --env-var accessToken={v} --reporter-junit results.xml",
        b64url(48),
    ),
    S(
        AT,
        "bruno_collection_dotenv",
        "$ cat collections/brightkite/.env\nBRIGHTKITE_BASE_URL=https://api.brightkite.dev\nBRIGHTKITE_TOKEN={v}",
        b62(36),
    ),
    S(
        AT,
        "hopp_cli_token",
        "$ hopp test {col} --token {v} --server https://hopp.brightkite.dev/backend --reporter-junit junit.xml",
        b62(36),
        col=join("cl", lower_alnum(23)),
    ),
    S(
        AT,
        "hoppscotch_selfhost_db",
        "DATABASE_URL=postgresql://hoppscotch:{v}@hoppscotch-db:5432/hoppscotch\nREDIRECT_URL=https://hopp.brightkite.dev",
        b62(20),
    ),
    S(
        AT,
        "wiremock_cloud_token",
        "$ curl -s https://brightkite.wiremockapi.cloud/__admin/mappings -H 'Authorization: Token {v}' | jq '.meta.total'",
        hexl(32),
    ),
    # ---- look-alikes: public ids
    L(
        AT,
        "postman_collection_uid",
        "$ postman collection run {v} -e {env} --bail",
        postman_uid,
        env=postman_uid,
    ),
    L(
        AT,
        "postman_workspace_id",
        '  "workspace": {\n    "id": "{v}",\n    "name": "Brightkite Public APIs",\n    "type": "team"\n  }',
        uuid,
    ),
    L(
        AT,
        "rapidapi_host",
        "      - X-RapidAPI-Host: {v}\n      - X-RapidAPI-Key: ${RAPIDAPI_KEY}",
        const("bk-geocoder.p.rapidapi.com"),
    ),
    L(
        AT,
        "readme_definition_id",
        "$ npx rdme@9 openapi ./openapi/orders.yaml --id={v} --version=1.4",
        hexl(24),
    ),
    L(
        AT,
        "konnect_control_plane_id",
        "ID                                     NAME      CLUSTER TYPE\n{v}   staging   CLUSTER_TYPE_CONTROL_PLANE",
        uuid,
    ),
    L(
        AT,
        "konnect_pat_id",
        "$ kongctl get pat\nID                                     NAME        EXPIRES AT\n{v}   ci-deploy   2025-11-30T00:00:00Z",
        uuid,
    ),
    L(
        AT,
        "hoppscotch_collection_id",
        "$ hopp test {v} --token $HOPP_PAT --server https://hopp.brightkite.dev/backend",
        join("cl", lower_alnum(23)),
    ),
    L(
        AT,
        "mockoon_env_uuid",
        '{\n  "uuid": "{v}",\n  "lastMigration": 32,\n  "name": "Orders mock",\n  "port": 3001,\n  "routes": [',
        uuid,
    ),
    L(
        AT,
        "wiremock_stub_id",
        '{\n  "id" : "{v}",\n  "request" : { "urlPath" : "/v2/orders", "method" : "GET" },\n'
        '  "response" : { "status" : 200 }\n}',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        AT,
        "stainless_spec_hash",
        "configured_endpoints: 42\nopenapi_spec_hash: {v}\nconfig_hash: {cfg}",
        hexl(32),
        cfg=hexl(32),
    ),
    L(
        AT,
        "speakeasy_doc_checksum",
        "management:\n  docChecksum: {v}\n  docVersion: 1.4.0\n  speakeasyVersion: 1.398.0",
        hexl(32),
    ),
    L(
        AT,
        "commit_sha",
        "fern-api[bot] pushed 1 commit to fern-bot/2024-06-03T1412Z\n  {v} (SDK Generation) regenerate python sdk",
        hexl(40),
    ),
    L(
        AT,
        "spec_checksum",
        "$ sha256sum openapi/orders.yaml\n{v}  openapi/orders.yaml",
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        AT,
        "postman_var_ref",
        "X-Api-Key: {v}\nAccept: application/json",
        const("{{postman-api-key}}"),
    ),
    L(
        AT,
        "gha_secret_ref",
        '      - run: postman login --with-api-key {v}\n      - run: postman collection run "$COLLECTION_UID"',
        const("${{ secrets.POSTMAN_API_KEY }}"),
    ),
    L(
        AT,
        "postman_key_placeholder",
        "# replace with your own key from https://web.postman.co/settings/me/api-keys\nPOSTMAN_API_KEY={v}",
        join("PMAK-", const("x" * 24), "-", const("x" * 34)),
    ),
    L(
        AT,
        "postman_key_masked",
        "  NAME            KEY                  LAST USED\n  ci-newman       {v}   2 hours ago",
        join("PMAK-", hexl(4), "…", hexl(4)),
    ),
    L(
        AT,
        "rapidapi_placeholder",
        "const options = {\n  method: 'GET',\n  headers: {\n    'X-RapidAPI-Key': '{v}',\n"
        "    'X-RapidAPI-Host': 'bk-geocoder.p.rapidapi.com'\n  }\n};",
        const("SIGN-UP-FOR-KEY"),
    ),
    L(
        AT,
        "swaggerhub_placeholder",
        "Authorization: {v}\n# find it under Settings > API Key in SwaggerHub",
        const("<SWAGGERHUB_API_KEY>"),
    ),
    L(
        AT,
        "apiary_op_ref",
        'export APIARY_API_KEY="$({v})"',
        const('op read "op://Engineering/Apiary/credential"'),
    ),
    L(
        AT,
        "bruno_process_env",
        "headers {\n  Authorization: Bearer {v}\n}",
        const("{{process.env.BRIGHTKITE_TOKEN}}"),
    ),
    L(
        AT,
        "insomnia_template_tag",
        '    "Authorization": "Bearer {v}",',
        const("{{ _.api_token }}"),
    ),
    L(
        AT,
        "speakeasy_placeholder",
        'export SPEAKEASY_API_KEY="{v}"\nspeakeasy status --output json',
        const("<your-api-key>"),
    ),
    L(
        AT,
        "wiremock_template_helper",
        '  "response": { "status": 201, "jsonBody": { "token": "{v}" }, "transformers": ["response-template"] }',
        const("{{randomValue length=32 type='ALPHANUMERIC'}}"),
    ),
]
