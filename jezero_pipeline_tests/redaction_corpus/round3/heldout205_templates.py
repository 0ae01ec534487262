"""A two-hundred-and-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of translation and localisation platforms: Crowdin (personal
access tokens for the CLI, `crowdin.yml` with `api_token`/`project_id`, the GitHub action, OTA
distribution hashes), Lokalise (40-hex API tokens in `lokalise2 --token` and the `X-Api-Token`
header, `<hex>.<digits>` project ids), Phrase Strings (64-hex access tokens in `.phrase.yml`, as the
basic-auth user of `curl -u TOKEN:` and in the `access_token` query parameter; 32-hex project and
locale ids), Transifex (`1/<hex>` API tokens in `~/.transifexrc` and `TX_TOKEN`, the Native SDK's
public project token beside the `--secret` used to push), POEditor (32-hex `api_token` as a form
field and a positional argument, numeric project ids), Weblate (`wlu_`/`wlp_` keys in
`~/.config/weblate`, `--key` and `Authorization: Token`), Smartling (user identifier and user secret,
the authenticate response's bearer JWT, 9-hex project ids), Tolgee (`tgpak_` project API keys whose
base32 body embeds the project id, `X-API-Key`), Localazy (`a<digits>-<hex>` write keys in
`localazy.keys.json` and `-w`, public CDN metafile URLs), DeepL (UUID auth keys with the `:fx` free
suffix, `DeepL-Auth-Key` header, client constructors, glossary ids), SimpleLocalize (64-character
mixed-case API keys in `X-SimpleLocalize-Token` and `simplelocalize.yml`, public 32-hex project tokens
in CDN URLs), Google Cloud Translation (`AIza` keys in the `key` query parameter, service-account client
ids) and Azure AI Translator (`Ocp-Apim-Subscription-Key`, client trace ids), in shell commands, config
files, code and tool output, with the public ids, references, masks and placeholders the same
documentation shows beside them. The Smartling user-secret shape is not shown in any public page found,
so its shape here is a guess (lower-case alphanumerics around a dot).

First score, blind, before any rule changed for it (after the rules for 200 to 204):
24 of 25 secrets caught, 2 of 23 look-alikes altered (missed: POEditor's token as a Python module's
first positional argument; altered: Crowdin's OTA distribution hash as a client's only argument,
Transifex Native's public token (`1/<hex>`) under `token`).
"""

from __future__ import annotations

import base64
import random

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

JWT_HEAD = "eyJhbGciOiJSUzI1NiIsInR5cCIgOiAiSldUIiwia2lkIiA6ICJ"


def tolgee_pak(rng: random.Random) -> str:
    """A Tolgee project API key: `tgpak_` + lower-case unpadded base32 of `<projectId>_<key>`."""
    project_id = rng.randrange(1000, 99999)
    raw = f"{project_id}_{lower_alnum(26)(rng)}"
    return "tgpak_" + base64.b32encode(raw.encode()).decode().rstrip("=").lower()


def localazy_key(rng: random.Random) -> str:
    return "a" + digits(19)(rng) + "-" + hexl(64)(rng)


mixed_hex = pick("0123456789abcdefABCDEF", 64)
transifex_token = join("1/", hexl(40))
project_number = join(pick("123456789", 1), digits(5))
deepl_free = join(uuid, ":fx")
crowdin_distribution = join(hexl(23), lower_alnum(4))
smartling_jwt = join(JWT_HEAD, b64url(40), ".", b64url(410), ".", b64url(342))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 2, 23, "the rules for 200 to 204")

TEMPLATES: list = [
    # ---- secrets: Crowdin
    S(
        L10N,
        "crowdin_cli_token",
        "$ crowdin upload sources --token {v} --project-id {pid} --branch main --no-progress",
        hexl(80),
        pid=project_number,
    ),
    S(
        L10N,
        "crowdin_yml_token",
        "$ cat crowdin.yml\n"
        '"project_id": "{pid}"\n"api_token": "{v}"\n"base_path": "."\n"base_url": "https://api.crowdin.com"\n'
        '"preserve_hierarchy": true',
        hexl(80),
        pid=project_number,
    ),
    # ---- secrets: Lokalise
    S(
        L10N,
        "lokalise_cli_token",
        "$ lokalise2 --token {v} --project-id {pid} file download --format json"
        " --original-filenames=false --unzip-to ./src/locales",
        hexl(40),
        pid=join(hexl(22), ".", digits(8)),
    ),
    S(
        L10N,
        "lokalise_header",
        "curl --request GET --url 'https://api.lokalise.com/api2/projects?limit=50' \\\n"
        "     --header 'X-Api-Token: {v}' --header 'accept: application/json'",
        hexl(40),
    ),
    # ---- secrets: Phrase Strings
    S(
        L10N,
        "phrase_yml_token",
        "phrase:\n  access_token: {v}\n  project_id: {pid}\n  file_format: simple_json\n"
        "  pull:\n    targets:\n      - file: ./public/locales/<locale_name>.json",
        hexl(64),
        pid=hexl(32),
    ),
    S(
        L10N,
        "phrase_basic_user",
        "$ curl -s -u {v}: \"https://api.phrase.com/v2/projects/{pid}/locales\" | jq '.[].code'",
        hexl(64),
        pid=hexl(32),
    ),
    S(
        L10N,
        "phrase_query_token",
        "GET https://api.phrase.com/v2/projects/{pid}/keys?per_page=100&access_token={v} -> 200 OK (412 ms)",
        hexl(64),
        pid=hexl(32),
    ),
    # ---- secrets: Transifex
    S(
        L10N,
        "transifexrc_token",
        "$ cat ~/.transifexrc\n[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\n"
        "token         = {v}",
        transifex_token,
    ),
    S(
        L10N,
        "transifex_native_secret",
        "$ npx txjs-cli push src/ --token={tok} --secret={v} --append-tags=web",
        transifex_token,
        tok=transifex_token,
    ),
    # ---- secrets: POEditor
    S(
        L10N,
        "poeditor_form_token",
        'curl -X POST https://api.poeditor.com/v2/projects/export \\\n  -d api_token="{v}" \\\n'
        '  -d id="{pid}" \\\n  -d language="de" \\\n  -d type="key_value_json"',
        hexl(32),
        pid=project_number,
    ),
    S(
        L10N,
        "poeditor_positional",
        "$ python -m poeditorexporter {v} {pid} en,fr,nl ./app/i18n/ messages json -f translated",
        hexl(32),
        pid=project_number,
    ),
    # ---- secrets: Weblate
    S(
        L10N,
        "weblate_config_key",
        "$ cat ~/.config/weblate\n[weblate]\nurl = https://hosted.weblate.org/api/\n\n[keys]\n"
        "https://hosted.weblate.org/api/ = {v}",
        join("wlu_", b62(40)),
    ),
    S(
        L10N,
        "weblate_token_header",
        'curl -s -H "Authorization: Token {v}" https://translate.brightkite.dev/api/components/courier/android/lock/',
        join("wlp_", b62(40)),
    ),
    # ---- secrets: Smartling
    S(
        L10N,
        "smartling_user_secret",
        "SMARTLING_PROJECT_ID={proj}\nSMARTLING_USER_IDENTIFIER={uid}\nSMARTLING_USER_SECRET={v}",
        join(lower_alnum(27), ".", lower_alnum(26)),
        note="secret shape guessed; the identifier and project id are the public halves",
        proj=hexl(9),
        uid=lower_alnum(30),
    ),
    S(
        L10N,
        "smartling_access_token",
        '{"response":{"code":"SUCCESS","data":{"accessToken":"{v}","expiresIn":480,'
        '"refreshExpiresIn":3660,"tokenType":"Bearer"}}}',
        smartling_jwt,
    ),
    # ---- secrets: Tolgee
    S(
        L10N,
        "tolgee_env_key",
        "$ cat .env.development.local\nVITE_APP_TOLGEE_API_URL=https://app.tolgee.io\nVITE_APP_TOLGEE_API_KEY={v}",
        tolgee_pak,
    ),
    S(
        L10N,
        "tolgee_header",
        'curl -s "https://app.tolgee.io/v2/projects/translations/de?ns=checkout" -H "X-API-Key: {v}"',
        tolgee_pak,
    ),
    # ---- secrets: Localazy
    S(
        L10N,
        "localazy_keys_json",
        '$ cat localazy.keys.json\n{\n  "writeKey": "{v}",\n  "readKey": "{rk}"\n}',
        localazy_key,
        rk=localazy_key,
    ),
    S(
        L10N,
        "localazy_cli_write",
        "$ localazy upload -w {v} -r {rk} --tag release-2024-06",
        localazy_key,
        rk=localazy_key,
    ),
    # ---- secrets: DeepL
    S(
        L10N,
        "deepl_header_free",
        "curl -X POST 'https://api-free.deepl.com/v2/translate' \\\n"
        "  --header 'Authorization: DeepL-Auth-Key {v}' \\\n"
        '  --header \'Content-Type: application/json\' --data \'{"text":["Ship it"],"target_lang":"NL"}\'',
        deepl_free,
    ),
    S(
        L10N,
        "deepl_client_ctor",
        'deepl_client = deepl.DeepLClient("{v}", server_url="https://api.deepl.com")',
        uuid,
    ),
    # ---- secrets: SimpleLocalize
    S(
        L10N,
        "simplelocalize_header",
        "curl --request POST 'https://api.simplelocalize.io/api/v1/translations?importOptions=PUBLISH_AFTER_IMPORT' \\\n"
        "    --header 'X-SimpleLocalize-Token: {v}' --header 'Content-Type: application/json' -d @missing.json",
        mixed_hex,
    ),
    S(
        L10N,
        "simplelocalize_yml",
        "# simplelocalize.yml\napiKey: {v}\nuploadFormat: single-language-json\nuploadPath: ./src/i18n/en.json",
        mixed_hex,
    ),
    # ---- secrets: Google Cloud Translation and Azure AI Translator
    S(
        L10N,
        "google_translate_key_query",
        '$ curl -s -X POST "https://translation.googleapis.com/language/translate/v2?key={v}"'
        " -d q='Order shipped' -d target=ja",
        join("AIza", b64url(35)),
    ),
    S(
        L10N,
        "azure_translator_key",
        'curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&to=fr" \\\n'
        '     -H "Ocp-Apim-Subscription-Key: {v}" -H "Ocp-Apim-Subscription-Region: westeurope" \\\n'
        "     -H \"Content-Type: application/json\" -d \"[{'Text':'Welcome back'}]\"",
        hexl(32),
    ),
    # ---- look-alikes: public ids
    L(
        L10N,
        "crowdin_project_id",
        '$ cat crowdin.yml\nproject_id: "{v}"\napi_token_env: CROWDIN_PERSONAL_TOKEN\nbase_path: "."\nfiles:\n'
        "  - source: /locales/en/**/*.json",
        project_number,
    ),
    L(
        L10N,
        "crowdin_distribution_hash",
        "import otaClient from '@crowdin/ota-client';\nconst client = new otaClient('{v}');",
        crowdin_distribution,
    ),
    L(
        L10N,
        "lokalise_project_id",
        '$ lokalise2 --token "$LOKALISE_API_TOKEN" --project-id {v} file upload'
        " --file ./src/locales/en.json --lang-iso en --replace-modified",
        join(hexl(22), ".", digits(8)),
    ),
    L(
        L10N,
        "phrase_project_id",
        "phrase:\n  access_token: $PHRASE_ACCESS_TOKEN\n  project_id: {v}\n  file_format: yml",
        hexl(32),
    ),
    L(
        L10N,
        "phrase_locale_id",
        "  push:\n    sources:\n      - file: ./config/locales/en.yml\n        params:\n"
        "          locale_id: {v}\n          update_translations: true",
        hexl(32),
    ),
    L(
        L10N,
        "transifex_native_public_token",
        "import { tx, t } from '@transifex/native';\n\ntx.init({ token: '{v}' });\nawait tx.setCurrentLocale('el');",
        transifex_token,
        note="the Native project token is documented as public; the secret is the one used to push",
    ),
    L(
        L10N,
        "poeditor_project_id",
        'curl -X POST https://api.poeditor.com/v2/languages/list -d api_token="$POEDITOR_API_TOKEN" -d id="{v}"',
        project_number,
    ),
    L(
        L10N,
        "smartling_project_id",
        '$ curl -s -H "Authorization: Bearer $SL_TOKEN" https://api.smartling.com/files-api/v2/projects/{v}/files/list',
        hexl(9),
    ),
    L(
        L10N,
        "smartling_user_identifier",
        '    r = requests.post(\n        "https://api.smartling.com/auth-api/v2/authenticate",\n'
        '        json={"userIdentifier": "{v}", "userSecret": os.environ["SMARTLING_USER_SECRET"]},\n'
        "        timeout=30,\n    )",
        lower_alnum(30),
        note="the user identifier is always shown on the API page; only the secret is withheld",
    ),
    L(
        L10N,
        "localazy_cdn_metafile",
        "const cdn = await CdnClient.create({\n  metafile: 'https://delivery.localazy.com/{v}/_e0.v2.json',\n});",
        join("_a", digits(19), hexl(8)),
    ),
    L(
        L10N,
        "simplelocalize_project_token",
        "      loadPath: 'https://cdn.simplelocalize.io/{v}/_latest/{{lng}}',",
        hexl(32),
        note="the project token is documented as safe to expose in client-side code",
    ),
    L(
        L10N,
        "deepl_glossary_id",
        '{"glossary_id":"{v}","name":"courier-nl","ready":true,"source_lang":"en","target_lang":"nl","entry_count":214}',
        uuid,
    ),
    L(
        L10N,
        "google_sa_client_id",
        '  "client_email": "translate-bot@courier-l10n.iam.gserviceaccount.com",\n  "client_id": "{v}",\n'
        '  "auth_uri": "https://accounts.google.com/o/oauth2/auth",',
        join("1", digits(20)),
    ),
    L(
        L10N,
        "azure_client_trace_id",
        '     -H "Ocp-Apim-Subscription-Key: $TRANSLATOR_KEY" -H "X-ClientTraceId: {v}" \\',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        L10N,
        "crowdin_cli_checksum",
        'echo "{v}  crowdin-cli.zip" | sha256sum -c\ncrowdin-cli.zip: OK',
        hexl(64),
    ),
    L(
        L10N,
        "weblate_commit_sha",
        "$ wlc push courier/android\n$ git fetch origin && git log -1 --format='%H %s' origin/weblate\n"
        "{v} Translated using Weblate (Dutch)",
        hexl(40),
    ),
    # ---- look-alikes: references, masks, placeholders
    L(
        L10N,
        "gha_secret_ref",
        "      - name: Crowdin push\n        uses: crowdin/github-action@v2\n        with:\n"
        "          upload_sources: true\n        env:\n          CROWDIN_PERSONAL_TOKEN: {v}",
        const("${{ secrets.CROWDIN_PERSONAL_TOKEN }}"),
    ),
    L(
        L10N,
        "tolgee_env_ref",
        "const tolgee = Tolgee().use(DevTools()).use(FormatSimple()).init({\n"
        "  apiUrl: import.meta.env.VITE_APP_TOLGEE_API_URL,\n  apiKey: {v},\n  language: 'en',\n});",
        const("import.meta.env.VITE_APP_TOLGEE_API_KEY"),
    ),
    L(
        L10N,
        "transifex_masked",
        "[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken         = {v}",
        const("1/***"),
    ),
    L(
        L10N,
        "deepl_masked",
        "INFO translator: DeepL client ready (key {v}, free tier, 61% of 500000 characters used)",
        join("********-****-****-****-********", hexl(4), ":fx"),
    ),
    L(
        L10N,
        "weblate_placeholder",
        "# ~/.config/weblate (template, fill in your own key)\n[keys]\nhttps://hosted.weblate.org/api/ = {v}",
        const("wlu_" + "X" * 40),
    ),
    L(
        L10N,
        "localazy_placeholder",
        '{\n  "writeKey": "{v}",\n  "readKey": "<localazy-read-key>",\n  "upload": { "type": "json", "files": "src/locales/en.json" }\n}',
        const("<localazy-write-key>"),
    ),
    L(
        L10N,
        "smartling_placeholder",
        '"SMARTLING_USER_IDENTIFIER": "YOUR_SMARTLING_USER_ID",\n"SMARTLING_USER_SECRET": "{v}"',
        const("YOUR_SMARTLING_USER_SECRET"),
    ),
]
