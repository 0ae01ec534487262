"""A hundred-and-fifty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of browser-testing and visual-regression clouds: BrowserStack
(the `hub-cloud.browserstack.com/wd/hub` URL with username:access key, `BrowserStackLocal --key`,
`browserstack.yml` userName/accessKey, 20-character access keys), Sauce Labs (UUID access keys, Sauce
Connect `sc --user --api-key`, `~/.sauce/credentials.yml`, the `ondemand.<region>.saucelabs.com` URL,
and `saucectl configure list`, which masks the key as `********-****-****-****-********7af7`),
LambdaTest (`LT_`-prefixed access keys, the `LT --user --key --tunnelName` tunnel binary,
`LT:Options` capabilities, and the docs' `123456789abcdefghijklmnopqrstuv` placeholder), Applitools
(`APPLITOOLS_API_KEY`, `applitools.config.js` apiKey, the `X-Eyes-Api-Key` header, keys ending in
`110`/`111`), Percy (`PERCY_TOKEN` for `percy exec`, `Authorization: Token`, Drone `from_secret`),
Chromatic (`chpt_` plus 15 hex project tokens, `--project-token`, `chromaui/action` projectToken,
`"projectId": "Project:<24 hex>"` in chromatic.config.json), Cypress Cloud (UUID record keys under
`--record --key` and `CYPRESS_RECORD_KEY`, 6-character projectId), Currents (`pwc --key --project-id`),
TestingBot (`~/.testingbot` key:secret, `testingbot.json` auth block, wdio `user`/`key`), BitBar
(32-character apiKey as `curl -u "key:"` and the `bitbar_apiKey` capability, numeric file ids),
Kobiton (UUID API keys in the hub URL, base64 `username:api_key` basic auth, `kobiton-store:<n>` app
ids), Checkly (`cu_`/`sv_` API keys as Bearer, UUID `X-Checkly-Account`), and Argos
(`argos upload --token`), in commands, config files, code and tool output, with the public values the
same pages show beside them (project and account ids, session, job and tunnel ids, commits, checksums,
lockfile integrity, masked keys, placeholders and secret-store references).

Written from the search tool's documentation results; a few lengths the pages did not state are from
memory: Percy tokens as a `web_`/`app_` prefix (or none) plus 64 hex, TestingBot key and secret as 32
hex, Currents record keys as 16 alphanumerics, Argos project tokens as 40 hex.

First score, blind, before any rule changed for it (after the rules for 150 to 154):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: TestingBot's `key:secret` (32 hex
each) printed by `cat ~/.testingbot`, a BitBar key as `setCapability("bitbar_apiKey", …)`'s second
argument).
"""

from __future__ import annotations

import base64

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64,
    const,
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    uuid,
)

TC = "testclouds"

bs_user = join("ritaokafor_", b62(6))
bs_key = b62(20)
sauce_user = join("oauth-ci.bot-", hexl(5))
lt_key = join("LT_", b62(47))
chromatic_token = join("chpt_", hexl(15))


def basic_auth(user: str, token):
    return lambda rng: base64.b64encode(f"{user}:{token(rng)}".encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 150 to 154")

TEMPLATES: list = [
    # ---- secrets: BrowserStack
    S(
        TC,
        "browserstack_hub_url",
        "  const driver = await new Builder()\n"
        "    .usingServer('https://{user}:{v}@hub-cloud.browserstack.com/wd/hub')\n"
        "    .withCapabilities(caps)\n    .build();",
        bs_key,
        user=bs_user,
    ),
    S(
        TC,
        "browserstack_local_key",
        "$ ./BrowserStackLocal --key {v} --local-identifier gh-{run} --force-local --daemon start",
        bs_key,
        run=digits(10),
    ),
    S(
        TC,
        "browserstack_yml",
        "$ cat browserstack.yml\nuserName: {user}\naccessKey: {v}\nprojectName: Storefront Web\n"
        "buildName: nightly-regression\nbrowserstackLocal: true\nparallelsPerPlatform: 2",
        bs_key,
        user=bs_user,
    ),
    # ---- secrets: Sauce Labs
    S(
        TC,
        "sauce_connect_api_key",
        "$ sc --user={user} --api-key={v} --region us-west --tunnel-name checkout-e2e-{num}",
        uuid,
        user=sauce_user,
        num=digits(4),
    ),
    S(
        TC,
        "saucectl_credentials_yml",
        "$ cat ~/.sauce/credentials.yml\nusername: {user}\naccessKey: {v}",
        uuid,
        user=sauce_user,
    ),
    S(
        TC,
        "sauce_ondemand_url",
        '    executor = "https://{user}:{v}@ondemand.eu-central-1.saucelabs.com:443/wd/hub"\n'
        "    driver = webdriver.Remote(command_executor=executor, options=options)",
        uuid,
        user=sauce_user,
    ),
    # ---- secrets: LambdaTest
    S(
        TC,
        "lambdatest_tunnel",
        "PS C:\\tools> .\\LT.exe --user qa.platform@lumenhq.io --key {v} --tunnelName lumen-staging-{num} --verbose",
        lt_key,
        num=digits(3),
    ),
    S(
        TC,
        "lambdatest_caps",
        "        'LT:Options': {\n            'username': '{user}',\n            'accessKey': '{v}',\n"
        "            'build': 'checkout-smoke',\n            'w3c': True,\n        },",
        lt_key,
        user=join("qaplatform", digits(2)),
    ),
    # ---- secrets: Applitools
    S(
        TC,
        "applitools_config_js",
        "$ cat applitools.config.js\nmodule.exports = {\n  apiKey: '{v}',\n  batchName: 'Storefront visual',\n"
        "  testConcurrency: 5,\n}",
        join(b62(43), "110"),
    ),
    S(
        TC,
        "applitools_header",
        '$ curl -s -H "X-Eyes-Api-Key: {v}" "https://eyes.applitools.com/api/v1/batches?limit=5" | jq length',
        join(b62(44), "111"),
    ),
    # ---- secrets: Percy
    S(
        TC,
        "percy_exec_env",
        "$ PERCY_TOKEN={v} npx percy exec -- npx playwright test tests/visual",
        join("web_", hexl(64)),
    ),
    S(
        TC,
        "percy_api_token_header",
        '$ curl -s https://percy.io/api/v1/builds/{bid} -H "Authorization: Token {v}" | jq .data.attributes.state\n'
        '"finished"',
        hexl(64),
        bid=digits(8),
    ),
    # ---- secrets: Chromatic
    S(
        TC,
        "chromatic_cli_flag",
        "$ npx chromatic --project-token={v} --exit-zero-on-changes --only-changed",
        chromatic_token,
    ),
    S(
        TC,
        "chromatic_package_json",
        '  "scripts": {\n    "build-storybook": "storybook build",\n'
        '    "chromatic": "chromatic --project-token {v} --build-script-name build-storybook"\n  },',
        chromatic_token,
    ),
    # ---- secrets: Cypress Cloud and Currents
    S(
        TC,
        "cypress_record_key",
        "$ npx cypress run --record --key {v} --parallel --group e2e-chrome --ci-build-id {num}",
        uuid,
        num=digits(10),
    ),
    S(
        TC,
        "cypress_compose_env",
        "  cypress:\n    image: cypress/included:13.6.4\n    environment:\n      - CYPRESS_RECORD_KEY={v}\n"
        "      - CYPRESS_PROJECT_ID={pid}\n    command: --record --browser chrome",
        uuid,
        pid=lower_alnum(6),
    ),
    S(
        TC,
        "currents_pwc_key",
        "$ npx pwc --key {v} --project-id {pid} --ci-build-id ${GITHUB_RUN_ID}-${GITHUB_RUN_ATTEMPT}",
        b62(16),
        pid=b62(6),
    ),
    # ---- secrets: TestingBot
    S(TC, "testingbot_dotfile", "$ cat ~/.testingbot\n{key}:{v}", hexl(32), key=hexl(32)),
    S(
        TC,
        "testingbot_wdio",
        "export const config = {\n    user: '{key}',\n    key: '{v}',\n    hostname: 'hub.testingbot.com',\n"
        "    services: [['testingbot', { tbTunnel: true }]],",
        hexl(32),
        key=hexl(32),
    ),
    # ---- secrets: BitBar
    S(
        TC,
        "bitbar_curl_upload",
        "$ curl -X POST -u \"{v}:\" -F 'file=@./build/app-debug.apk' https://cloud.bitbar.com/api/v2/me/files | jq '.id'\n{num}",
        b62(32),
        num=digits(9),
    ),
    S(
        TC,
        "bitbar_capability",
        '        capabilities.setCapability("bitbar_apiKey", "{v}");\n'
        '        capabilities.setCapability("bitbar_project", "android-smoke");',
        b62(32),
    ),
    # ---- secrets: Kobiton
    S(
        TC,
        "kobiton_hub_url",
        "KOBITON_HUB=https://{user}:{v}@api.kobiton.com/wd/hub",
        uuid,
        user=join("mnguyen", digits(2)),
    ),
    S(
        TC,
        "kobiton_basic_auth",
        '$ curl -s -H "Authorization: Basic {v}" https://api.kobiton.com/v1/devices | jq ".privateDevices | length"',
        basic_auth("mnguyen07", uuid),
    ),
    # ---- secrets: Checkly
    S(
        TC,
        "checkly_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" -H "X-Checkly-Account: {acct}" '
        '"https://api.checklyhq.com/v1/checks?limit=10"',
        join("cu_", hexl(32)),
        acct=uuid,
    ),
    S(
        TC,
        "checkly_service_key_deploy",
        "$ CHECKLY_API_KEY={v} CHECKLY_ACCOUNT_ID={acct} npx checkly deploy --force",
        join("sv_", hexl(32)),
        acct=uuid,
    ),
    # ---- secrets: Argos
    S(
        TC,
        "argos_upload_token",
        "$ npx @argos-ci/cli upload ./screenshots --token {v} --build-name storybook",
        hexl(40),
    ),
    # ---- look-alikes: public project, account and resource ids
    L(
        TC,
        "cypress_project_id",
        "import { defineConfig } from 'cypress'\n\nexport default defineConfig({\n  projectId: '{v}',\n"
        "  e2e: { baseUrl: 'http://localhost:4173' },\n})",
        lower_alnum(6),
    ),
    L(
        TC,
        "chromatic_project_id",
        '$ cat chromatic.config.json\n{\n  "projectId": "Project:{v}",\n  "onlyChanged": true,\n'
        '  "buildScriptName": "build-storybook"\n}',
        hexl(24),
    ),
    L(
        TC,
        "checkly_account_id",
        'curl -s -H "Authorization: Bearer $CHECKLY_API_KEY" -H "X-Checkly-Account: {v}" '
        "https://api.checklyhq.com/v1/accounts/me",
        uuid,
    ),
    L(
        TC,
        "currents_project_id",
        'npx pwc --key "$CURRENTS_RECORD_KEY" --project-id {v} --ci-build-id "$CI_PIPELINE_ID"',
        b62(6),
    ),
    L(
        TC,
        "bitbar_file_id",
        '{\n  "id": {v},\n  "name": "app-debug.apk",\n  "mimetype": "application/vnd.android.package-archive",',
        digits(9),
    ),
    L(
        TC,
        "kobiton_app_id",
        "    kobiton-username: 'qa-automation'\n    kobi-api-key: ${{ secrets.KOBITON_API_KEY }}\n    app-id: '{v}'",
        join("kobiton-store:", digits(5)),
    ),
    # ---- look-alikes: session, job and tunnel ids, commits and checksums
    L(
        TC,
        "browserstack_session_id",
        "Session ID: {v}\nView on BrowserStack: https://automate.browserstack.com/builds/{build}/sessions/{v}",
        hexl(40),
        build=hexl(40),
    ),
    L(
        TC,
        "sauce_job_url",
        "✔ chrome-smoke passed (1m12s)\n  https://app.saucelabs.com/tests/{v}",
        hexl(32),
    ),
    L(
        TC,
        "sauce_tunnel_id",
        "Sauce Connect is up, you may start your tests.\nTunnel ID: {v}",
        hexl(32),
    ),
    L(
        TC,
        "applitools_batch_id",
        "  env:\n    APPLITOOLS_API_KEY: ***\n    APPLITOOLS_BATCH_ID: {v}\n    APPLITOOLS_BATCH_NAME: PR 1184",
        hexl(40),
    ),
    L(
        TC,
        "argos_commit",
        "$ npx @argos-ci/cli upload ./screenshots --commit {v} --branch feat/cart-drawer",
        hexl(40),
    ),
    L(
        TC,
        "browserstacklocal_checksum",
        "$ sha256sum BrowserStackLocal-linux-x64.zip\n{v}  BrowserStackLocal-linux-x64.zip",
        hexl(64),
    ),
    L(
        TC,
        "percy_cli_integrity",
        '    "node_modules/@percy/cli": {\n      "version": "1.28.2",\n'
        '      "resolved": "https://registry.npmjs.org/@percy/cli/-/cli-1.28.2.tgz",\n      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    # ---- look-alikes: masked values, placeholders and references
    L(
        TC,
        "saucectl_masked",
        "$ saucectl configure list\nCurrently configured credentials:\n\tUsername: {user}\n\tAccess key: {v}\n\n"
        "Collected from: Environment variables($SAUCE_USERNAME, $SAUCE_ACCESS_KEY)",
        join("********-****-****-****-********", hexl(4)),
        user=sauce_user,
    ),
    L(
        TC,
        "gha_masked",
        "  env:\n    KOBITON_USERNAME: mnguyen07\n    KOBITON_API_KEY: {v}\n    KOBITON_DEVICE_NAME: Galaxy S23",
        const("***"),
    ),
    L(TC, "percy_placeholder", "# .env.example\nPERCY_TOKEN={v}\nPERCY_BRANCH=main", const("<your-project-token>")),
    L(
        TC,
        "cypress_placeholder",
        "Run `npx cypress run --record --key {v}` from CI; the key is under Project Settings.",
        const("<record-key>"),
    ),
    L(
        TC,
        "lambdatest_doc_placeholder",
        "LT --user you@example.com --key {v} --tunnelName my-tunnel",
        join(counting(9), alphabet_run(22)),
    ),
    L(
        TC,
        "testingbot_json_placeholder",
        '{\n    "auth": {\n        "key": "TESTINGBOT_KEY",\n        "secret": "{v}"\n    },',
        const("TESTINGBOT_SECRET"),
    ),
    L(
        TC,
        "chromatic_secret_ref",
        "      - uses: chromaui/action@latest\n        with:\n          projectToken: {v}\n          onlyChanged: true",
        const("${{ secrets.CHROMATIC_PROJECT_TOKEN }}"),
    ),
    L(
        TC,
        "drone_from_secret",
        "    environment:\n      PERCY_TOKEN:\n        from_secret: {v}",
        const("percy_token"),
    ),
    L(
        TC,
        "sauce_env_ref",
        "export const config = {\n    user: process.env.SAUCE_USERNAME,\n    key: {v},\n    region: 'eu',",
        const("process.env.SAUCE_ACCESS_KEY"),
    ),
    L(
        TC,
        "applitools_getenv",
        '        eyes.setApiKey({v});\n        eyes.setBatch(new BatchInfo("Checkout flows"));',
        const('System.getenv("APPLITOOLS_API_KEY")'),
    ),
    L(
        TC,
        "browserstack_yml_env_ref",
        "userName: ${BROWSERSTACK_USERNAME}\naccessKey: {v}\nbuildName: storefront-${BUILD_NUMBER}",
        const("${BROWSERSTACK_ACCESS_KEY}"),
    ),
]
