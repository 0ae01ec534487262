"""An eighty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of localisation and translation-management platforms:
Crowdin (the v3 CLI's `--token`/`--project-id`, `crowdin.yml` with `api_token` or
`api_token_env`, the crowdin/github-action, 80-hex personal access tokens), Lokalise (the
`lokalise2` CLI with `--token` and `--project-id id:branch`, the `X-Api-Token` header, the
Python and Node SDKs, 40-hex tokens and `hex.digits` project ids), Phrase Strings (`.phrase.yml`,
64-hex access tokens passed as header, as basic-auth user or as `?access_token=`, 32-hex project
and locale ids), Phrase TMS / Memsource (`Authorization: ApiToken`, the auth/login response,
22-character uids), Transifex (`~/.transifexrc`, `TX_TOKEN`, `1/`-prefixed tokens, Transifex
Native's public project token beside its secret in `txjs-cli push`, the UUIDs of API v3 async
downloads), POEditor (`api_token` form fields), Weblate (`~/.config/weblate`, `wlc --key`,
`wlu_`/`wlp_` tokens, `Authorization: Token`), Smartling (user identifier and token secret in
`smartling-cli` and its config, the access token of the authenticate response), Tolgee
(`tgpak_` project API keys, `X-API-Key`), Localazy (`writeKey`/`readKey` of the form
`a<digits>-<hex>`, `-w`/`-r`), SimpleLocalize (`X-SimpleLocalize-Token`, `--apiKey`, the public
project token in CDN URLs) and Loco (`?key=` export URLs), in commands, config files, code,
XML and tool output, with the public ids, references and masks the same documentation shows
beside them. Smartling's and Phrase TMS's docs do not show the length of a token secret or of a
login token, so those two take a generic alphanumeric shape.

First score, blind, before any rule changed for it (after the rules for 75 to 79):
24 of 26 secrets caught, 1 of 23 look-alikes altered (missed: a token after `gh secret set NAME
--body`, a Localazy write key after `-w`; altered: Transifex Native's public project token under
`token:`).
"""

from __future__ import annotations

import base64
import json
import random
import string

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
    pick,
    uuid,
)

L10N = "l10n"

crowdin_pat = hexl(80)
lokalise_token = hexl(40)
lokalise_project = join(hexl(22), ".", digits(8))
phrase_token = hexl(64)
tx_token = join("1/", hexl(40))
weblate_user = join("wlu_", b62(40))
weblate_project = join("wlp_", b62(40))
localazy_key = join("a", digits(19), "-", hexl(64))
smartling_user = pick(string.ascii_lowercase, 30)
numeric_id = join(pick("123456789", 1), digits(5))


def tolgee_pak(rng: random.Random) -> str:
    """`tgpak_` and the lowercase, unpadded base32 of `<project id>_<key>`."""
    raw = f"{rng.randrange(1000, 99999)}_{lower_alnum(26)(rng)}"
    return "tgpak_" + base64.b32encode(raw.encode()).decode().rstrip("=").lower()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def rs256_jwt(rng: random.Random) -> str:
    header = {"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)}
    iat = 1718000000 + rng.randrange(10_000_000)
    payload = {"exp": iat + 480, "iat": iat, "jti": uuid(rng), "sub": uuid(rng), "typ": "Bearer"}
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 23, "the rules for 75 to 79")

TEMPLATES: list = [
    # ---- secrets: Crowdin
    S(
        L10N,
        "crowdin_token_flag",
        "$ crowdin upload sources --token {v} --project-id {pid} --branch release-4.2\n"
        "✔️  Fetching project info\n✔️  File 'src/locales/en.json'",
        crowdin_pat,
        pid=numeric_id,
    ),
    S(
        L10N,
        "crowdin_yml_api_token",
        '$ cat crowdin.yml\n"project_id": "{pid}"\n"api_token": "{v}"\n"base_path": "."\n'
        '"base_url": "https://api.crowdin.com"\n"preserve_hierarchy": true\n\nfiles:\n'
        "  - source: /src/locales/en.json\n    translation: /src/locales/%two_letters_code%.json",
        crowdin_pat,
        pid=numeric_id,
    ),
    # ---- secrets: Lokalise
    S(
        L10N,
        "lokalise2_token_flag",
        "$ lokalise2 --token {v} --project-id {pid}:main file download --format json"
        " --original-filenames=false --unzip-to ./src/locales",
        lokalise_token,
        pid=lokalise_project,
    ),
    S(
        L10N,
        "lokalise_x_api_token",
        "curl --request GET \\\n     --url 'https://api.lokalise.com/api2/projects/{pid}/keys?limit=500' \\\n"
        "     --header 'X-Api-Token: {v}' \\\n     --header 'accept: application/json'",
        lokalise_token,
        pid=lokalise_project,
    ),
    S(
        L10N,
        "lokalise_python_client",
        ">>> import lokalise\n>>> client = lokalise.Client('{v}')\n>>> project = client.project('{pid}')\n"
        ">>> project.name\n'courier-web'",
        lokalise_token,
        pid=lokalise_project,
    ),
    S(
        L10N,
        "lokalise_webconfig_xml",
        '  <appSettings>\n    <add key="Lokalise:ProjectId" value="{pid}" />\n'
        '    <add key="Lokalise:ApiToken" value="{v}" />\n  </appSettings>',
        lokalise_token,
        pid=lokalise_project,
    ),
    S(
        L10N,
        "gh_secret_set_body",
        "$ gh secret set LOKALISE_API_TOKEN --body {v} --repo brightkite/courier-web\n"
        "✓ Set Actions secret LOKALISE_API_TOKEN for brightkite/courier-web",
        lokalise_token,
    ),
    # ---- secrets: Phrase Strings and Phrase TMS (Memsource)
    S(
        L10N,
        "phrase_yml_access_token",
        "$ cat .phrase.yml\nphrase:\n  access_token: {v}\n  project_id: {pid}\n  file_format: yml\n"
        "  push:\n    sources:\n      - file: ./config/locales/en.yml",
        phrase_token,
        pid=hexl(32),
    ),
    S(
        L10N,
        "phrase_basic_user",
        '$ curl -s -u {v}: "https://api.phrase.com/v2/projects/{pid}/locales" | jq -r ".[].code"',
        phrase_token,
        pid=hexl(32),
    ),
    S(
        L10N,
        "phrase_query_param",
        "[sync] 2024-06-03T08:14:52Z GET https://api.phrase.com/v2/projects?access_token={v}&per_page=100 -> 200 (412ms)",
        phrase_token,
    ),
    S(
        L10N,
        "memsource_apitoken_header",
        '$ curl -s -H "Authorization: ApiToken {v}" "https://cloud.memsource.com/web/api2/v1/projects?pageSize=50"',
        b62(50),
    ),
    S(
        L10N,
        "memsource_login_response",
        '{"user":{"userName":"ci-localisation","firstName":"CI","lastName":"Bot","id":"{uid}",'
        '"role":"ADMIN"},"token":"{v}","expires":"2024-06-04T08:14:52+0000"}',
        b62(50),
        uid=digits(7),
    ),
    # ---- secrets: Transifex
    S(
        L10N,
        "transifexrc_token",
        "$ cat ~/.transifexrc\n[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\n"
        "token         = {v}",
        tx_token,
    ),
    S(L10N, "tx_token_env", "$ TX_TOKEN={v} tx pull --all --force --mode reviewed", tx_token),
    S(
        L10N,
        "txjs_secret_flag",
        "$ npx txjs-cli push src/ --token={pub} --secret={v} --append-tags=release:3.1\nParsing all files to detect translatable content...",
        tx_token,
        pub=tx_token,
    ),
    # ---- secrets: POEditor
    S(
        L10N,
        "poeditor_form_field",
        '$ curl -X POST https://api.poeditor.com/v2/projects/export -d api_token="{v}" -d id="{pid}"'
        ' -d language="de" -d type="key_value_json"',
        hexl(32),
        pid=numeric_id,
    ),
    # ---- secrets: Weblate
    S(
        L10N,
        "weblate_config_ini",
        "$ cat ~/.config/weblate\n[weblate]\nurl = https://hosted.weblate.org/api/\n\n[keys]\n"
        "https://hosted.weblate.org/api/ = {v}",
        weblate_user,
    ),
    S(
        L10N,
        "wlc_key_flag",
        "$ wlc --url https://translate.brightkite.dev/api/ --key {v} commit brightkite/frontend",
        weblate_project,
    ),
    # ---- secrets: Smartling
    S(
        L10N,
        "smartling_yml_secret",
        '$ cat smartling.yml\nuser_id: "{uid}"\nsecret: "{v}"\naccount_id: "{acct}"\nproject_id: "{proj}"',
        lower_alnum(55),
        uid=smartling_user,
        acct=hexl(8),
        proj=hexl(9),
    ),
    S(
        L10N,
        "smartling_access_token",
        '{\n  "response": {\n    "code": "SUCCESS",\n    "data": {\n      "accessToken": "{v}",\n'
        '      "expiresIn": 480,\n      "refreshExpiresIn": 3660,',
        rs256_jwt,
    ),
    # ---- secrets: Tolgee
    S(
        L10N,
        "tolgee_env_local",
        "# .env.development.local\nVITE_APP_TOLGEE_API_URL=https://app.tolgee.io\nVITE_APP_TOLGEE_API_KEY={v}",
        tolgee_pak,
    ),
    S(
        L10N,
        "tolgee_x_api_key",
        '$ curl -s -H "X-API-Key: {v}" "https://app.tolgee.io/v2/projects/export?format=JSON&languages=de" -o de.zip',
        tolgee_pak,
    ),
    # ---- secrets: Localazy, SimpleLocalize, Loco
    S(
        L10N,
        "localazy_write_flag",
        '$ localazy upload -w {v} -r "$LOCALAZY_READ_KEY" --branch develop',
        localazy_key,
    ),
    S(
        L10N,
        "simplelocalize_cli_flag",
        "$ simplelocalize upload --apiKey {v} --uploadPath ./locales/en.json"
        " --uploadFormat single-language-json --languageKey en",
        hexl(32),
    ),
    S(
        L10N,
        "simplelocalize_header_code",
        "const api = axios.create({\n  baseURL: 'https://api.simplelocalize.io',\n"
        "  headers: { 'X-SimpleLocalize-Token': '{v}' },\n});",
        hexl(32),
    ),
    S(
        L10N,
        "loco_export_url",
        '$ curl -s -o app/i18n/fr.json "https://localise.biz/api/export/locale/fr.json?key={v}&fallback=en"',
        b62(32),
    ),
    # ---- look-alikes: references to a secret store and environment
    L(
        L10N,
        "crowdin_api_token_env",
        '"project_id_env": "CROWDIN_PROJECT_ID"\n"api_token_env": "{v}"\n"base_path": "."',
        const("CROWDIN_PERSONAL_TOKEN"),
    ),
    L(
        L10N,
        "crowdin_gha_secret_ref",
        "      - uses: crowdin/github-action@v2\n        with:\n          upload_sources: true\n"
        "          download_translations: true\n          project_id: ${{ secrets.CROWDIN_PROJECT_ID }}\n"
        "          token: {v}",
        const("${{ secrets.CROWDIN_PERSONAL_TOKEN }}"),
    ),
    L(
        L10N,
        "lokalise_env_ref",
        "const lokaliseApi = new LokaliseApi({ apiKey: {v} });",
        const("process.env.LOKALISE_API_TOKEN"),
    ),
    L(
        L10N,
        "tolgee_env_ref",
        "const tolgee = Tolgee()\n  .use(DevTools())\n  .use(FormatSimple())\n  .init({\n"
        "    apiUrl: import.meta.env.VITE_APP_TOLGEE_API_URL,\n    apiKey: {v},\n  });",
        const("import.meta.env.VITE_APP_TOLGEE_API_KEY"),
    ),
    L(
        L10N,
        "loco_env_ref",
        'curl -s -o app/i18n/de.json "https://localise.biz/api/export/locale/de.json?key={v}"',
        const("${LOCO_EXPORT_KEY}"),
    ),
    # ---- look-alikes: masks and placeholders
    L(
        L10N,
        "lokalise_masked",
        "Environment for the sync job:\n  LOKALISE_PROJECT_ID  set\n  LOKALISE_API_TOKEN   {v}",
        join("*" * 36, hexl(4)),
    ),
    L(
        L10N,
        "transifexrc_masked",
        '```ini title="~/.transifexrc"\n[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\n'
        "token         = {v}\n```",
        const("1/***"),
    ),
    L(
        L10N,
        "weblate_placeholder",
        'curl -H "Authorization: Token {v}" https://hosted.weblate.org/api/projects/',
        const("wlu_" + "x" * 40),
    ),
    L(
        L10N,
        "localazy_placeholder",
        '$ cat localazy.keys.json.example\n{\n  "writeKey": "{v}",\n  "readKey": "<localazy-read-key>"\n}',
        const("<localazy-write-key>"),
    ),
    # ---- look-alikes: public ids and public tokens
    L(
        L10N,
        "crowdin_project_id",
        '$ crowdin status --project-id {v} --token "$CROWDIN_PERSONAL_TOKEN"',
        numeric_id,
    ),
    L(L10N, "lokalise_project_id", "LOKALISE_PROJECT_ID={v}", lokalise_project),
    L(
        L10N,
        "phrase_project_id",
        '$ phrase locales list --project_id {v} --access_token "$PHRASE_ACCESS_TOKEN"',
        hexl(32),
    ),
    L(
        L10N,
        "phrase_locale_id",
        '  {\n    "id": "{v}",\n    "name": "de",\n    "code": "de-DE",\n    "default": false,\n    "main": false,',
        hexl(32),
    ),
    L(
        L10N,
        "memsource_project_uid",
        '{\n  "uid": "{v}",\n  "internalId": {iid},\n  "name": "Website Q3 strings",\n  "status": "NEW",',
        b62(22),
        iid=digits(4),
    ),
    L(
        L10N,
        "transifex_native_public_token",
        "import { tx, t } from '@transifex/native';\n\ntx.init({\n  token: '{v}',\n});",
        tx_token,
        note="Transifex Native's public project token, shipped to the browser",
    ),
    L(
        L10N,
        "transifex_async_download_id",
        '{"data": {"id": "{v}", "type": "resource_translations_async_downloads",'
        ' "attributes": {"status": "pending", "errors": []}}}',
        uuid,
    ),
    L(
        L10N,
        "poeditor_project_id",
        '$ curl -X POST https://api.poeditor.com/v2/languages/list -d api_token="$POEDITOR_API_TOKEN" -d id="{v}"',
        numeric_id,
    ),
    L(
        L10N,
        "smartling_user_identifier",
        '$ smartling-cli --user {v} --secret "$SMARTLING_SECRET" -a {acct} -p {proj} files list',
        smartling_user,
        acct=hexl(8),
        proj=hexl(9),
    ),
    L(
        L10N,
        "smartling_project_id",
        "SmartlingApi.configure do |config|\n  config.id = ENV['SMARTLING_USER_ID']\n"
        "  config.secret = ENV['SMARTLING_SECRET']\n  config.project_id = '{v}'\nend",
        hexl(9),
    ),
    L(
        L10N,
        "simplelocalize_cdn_project_token",
        "const loadPath = 'https://cdn.simplelocalize.io/{v}/_latest/{{lng}}';",
        hexl(32),
        note="SimpleLocalize's project token, public in CDN URLs",
    ),
    # ---- look-alikes: hashes
    L(
        L10N,
        "weblate_remote_commit",
        "$ wlc repo brightkite/frontend\nneeds_commit: False\nneeds_merge: False\nneeds_push: False\n"
        "remote_commit: {v} (Translated using Weblate (German))",
        hexl(40),
    ),
    L(
        L10N,
        "checksum",
        "$ sha256sum build/locales-4.2.0.zip\n{v}  build/locales-4.2.0.zip",
        hexl(64),
    ),
    L(
        L10N,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore(i18n): sync translations from Lokalise",
        hexl(40),
    ),
]
