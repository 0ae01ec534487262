"""A thirty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of testing and code-quality services: BrowserStack (hub URLs,
`browserstack.yml`, the BrowserStackLocal binary, Automate session links), Sauce Labs (ondemand hub
URLs, `saucectl configure` and `~/.sauce/credentials.yml`, Sauce Connect, the `sl` REST client),
LambdaTest (hub URLs with `LT_` access keys, the LT tunnel binary), Cypress Cloud (record keys
against six-character project ids), Percy (`PERCY_TOKEN`, parallel nonces), Chromatic (project
tokens against app ids), Applitools Eyes (API keys, batch ids), Codecov and Coveralls upload tokens,
SonarQube and SonarCloud (`sonar.token`, `sonar.login`, `squ_`/`sqp_` tokens, Web API basic auth,
compute-engine task links), Sentry (org `sntrys_` and user `sntryu_` auth tokens, `.sentryclirc`,
against public DSNs and release names), the Postman API and Newman (`PMAK-` keys, collection uids),
Grafana Cloud k6 (`k6 cloud login`, project ids) and Checkly (`cu_` API keys, account ids, `{{VAR}}`
references), in commands, config files and tool output, with the public ids the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 29):
23 of 25 secrets caught, 0 of 24 look-alikes altered (missed: a UUID under a key named for what it may do
(`CYPRESS_RECORD_KEY`), a 40-hex token under `sonar.login`).
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
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    uuid,
)

QA = "qa"

ORGS = ("brightkite", "tallow-labs", "quarry-io", "nimbus-ops", "fernhill")


def person(rng: random.Random) -> str:
    return pick(string.ascii_lowercase, 1)(rng) + pick(string.ascii_lowercase, rng.randrange(5, 9))(rng)


def bs_user(rng: random.Random) -> str:
    """A BrowserStack username: a name, an underscore and six random characters."""
    return person(rng) + "_" + b62(6)(rng)


def sauce_user(rng: random.Random) -> str:
    return "oauth-" + person(rng) + "-" + hexl(5)(rng)


def org(rng: random.Random) -> str:
    return rng.choice(ORGS)


def sentry_org_token(rng: random.Random) -> str:
    """`sntrys_` + base64 of the token's JSON claims (for the `fernhill` org) + `_` + a 43-character base64 secret."""
    claims = {
        "iat": round(1_700_000_000 + rng.random() * 40_000_000, 6),
        "url": "https://sentry.io",
        "region_url": "https://us.sentry.io",
        "org": "fernhill",
    }
    payload = base64.b64encode(json.dumps(claims).encode()).decode()
    return "sntrys_" + payload + "_" + b64(43)(rng)


def sentry_dsn(rng: random.Random) -> str:
    return "https://" + hexl(32)(rng) + "@o" + digits(6)(rng) + ".ingest.us.sentry.io/" + digits(7)(rng)


pmak = join("PMAK-", hexl(24), "-", hexl(34))
lt_key = join("LT_", b62(47))
checkly_key = join("cu_", hexl(32))
postman_uid = join(digits(8), "-", uuid)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 24, "the rules for 24 to 29")

TEMPLATES = [
    # ---- secrets: access keys embedded in Selenium/Appium hub URLs and tunnel binaries
    S(
        QA,
        "browserstack_hub_url",
        "driver = webdriver.Remote(\n"
        '    command_executor="https://{user}:{v}@hub-cloud.browserstack.com/wd/hub",\n'
        "    options=options,\n)",
        b62(20),
        user=bs_user,
    ),
    S(
        QA,
        "browserstack_local_key",
        "$ ./BrowserStackLocal --key {v} --local-identifier gh-{run} --force-local --verbose 2\n"
        "[2024-05-14 09:12:07] Press Ctrl-C to exit",
        b62(20),
        run=digits(10),
    ),
    S(
        QA,
        "browserstack_yml",
        "userName: {user}\naccessKey: {v}\nbuildName: checkout-e2e\nplatforms:\n"
        "  - os: Windows\n    osVersion: 11\n    browserName: chrome",
        b62(20),
        user=bs_user,
    ),
    S(
        QA,
        "sauce_hub_url",
        "SAUCE_URL=https://{user}:{v}@ondemand.eu-central-1.saucelabs.com:443/wd/hub",
        uuid,
        user=sauce_user,
    ),
    S(
        QA,
        "saucectl_credentials",
        "$ cat ~/.sauce/credentials.yml\nusername: {user}\naccessKey: {v}",
        uuid,
        user=sauce_user,
    ),
    S(
        QA,
        "sauce_connect",
        "$ sc run --username {user} --access-key {v} --region us-west --tunnel-name {org}-ci",
        uuid,
        user=sauce_user,
        org=org,
    ),
    S(
        QA,
        "lambdatest_grid_url",
        'LT_HUB = "https://{user}:{v}@hub.lambdatest.com/wd/hub"\n'
        "driver = webdriver.Remote(command_executor=LT_HUB, options=options)",
        lt_key,
        user=person,
    ),
    S(
        QA,
        "lambdatest_tunnel",
        "$ ./LT --user {user}@{org}.dev --key {v} --tunnelName {org}-staging --verbose",
        b62(50),
        user=person,
        org=org,
    ),
    # ---- secrets: recording and upload tokens for visual-testing and coverage services
    S(
        QA,
        "cypress_record_key",
        "$ npx cypress run --record --key {v} --parallel --ci-build-id $GITHUB_RUN_ID --group e2e-chrome",
        uuid,
    ),
    S(
        QA,
        "cypress_docker_env",
        "$ docker run --rm -e CYPRESS_RECORD_KEY={v} -v $PWD:/e2e -w /e2e cypress/included:13.6.0 --record",
        uuid,
    ),
    S(
        QA,
        "percy_token",
        "$ export PERCY_TOKEN={v}\n$ npx percy exec -- cypress run --spec cypress/e2e/visual/*.cy.ts",
        join("web_", hexl(64)),
    ),
    S(
        QA,
        "chromatic_project_token",
        '    "chromatic": "chromatic --project-token={v} --exit-zero-on-changes --only-changed",',
        lower_alnum(12),
    ),
    S(
        QA,
        "applitools_set_api_key",
        "        eyes = new Eyes(runner);\n"
        '        eyes.setApiKey("{v}");\n'
        '        eyes.setBatch(new BatchInfo("Checkout visual suite"));',
        join(b62(43), "110"),
    ),
    S(
        QA,
        "applitools_config",
        "module.exports = {\n  apiKey: '{v}',\n  batchName: 'storybook-visual',\n  testConcurrency: 5,\n};",
        join(b62(43), "110"),
    ),
    S(
        QA,
        "codecov_cli_token",
        "$ codecovcli upload-process -t {v} -C {sha} -F unittests -f coverage.xml",
        uuid,
        sha=hexl(40),
    ),
    S(
        QA,
        "coveralls_repo_token",
        "# .coveralls.yml\nrepo_token: {v}\nservice_name: jenkins\nparallel: true",
        b62(33),
    ),
    # ---- secrets: code-quality tokens under sonar.* properties and in basic auth
    S(
        QA,
        "sonar_scanner_token",
        "$ sonar-scanner -Dsonar.projectKey={org}_payments-api -Dsonar.sources=src "
        "-Dsonar.host.url=https://sonarqube.{org}.internal -Dsonar.token={v}",
        join("sqp_", hexl(40)),
        org=org,
    ),
    S(
        QA,
        "sonar_properties_login",
        "sonar.host.url=https://sonarcloud.io\nsonar.organization={org}\nsonar.projectKey={org}_web\nsonar.login={v}",
        hexl(40),
        org=org,
    ),
    S(
        QA,
        "sonar_web_api_basic",
        '$ curl -s -u {v}: "https://sonarqube.{org}.internal/api/qualitygates/project_status?projectKey={org}_web"',
        join("squ_", hexl(40)),
        org=org,
    ),
    # ---- secrets: Sentry, Postman, k6 and Checkly API credentials
    S(
        QA,
        "sentry_clirc",
        "$ cat .sentryclirc\n[defaults]\nurl=https://sentry.io/\norg=fernhill\nproject=web\n\n[auth]\ntoken={v}",
        sentry_org_token,
    ),
    S(
        QA,
        "sentry_user_token",
        "$ curl -H 'Authorization: Bearer {v}' https://sentry.io/api/0/organizations/{org}/projects/",
        join("sntryu_", hexl(64)),
        org=org,
    ),
    S(
        QA,
        "postman_api_key_header",
        "$ curl --location 'https://api.getpostman.com/collections' --header 'X-Api-Key: {v}'",
        pmak,
    ),
    S(
        QA,
        "newman_apikey_query",
        '$ newman run "https://api.getpostman.com/collections/{uid}?apikey={v}" -e staging.postman_environment.json',
        pmak,
        uid=postman_uid,
    ),
    S(
        QA,
        "k6_cloud_login",
        "$ k6 cloud login --token {v} --stack {org}\nLogged in successfully, token saved in ~/.config/k6/config.json",
        hexl(64),
        org=org,
    ),
    S(
        QA,
        "checkly_env",
        "$ CHECKLY_API_KEY={v} CHECKLY_ACCOUNT_ID={acct} npx checkly deploy --force",
        checkly_key,
        acct=uuid,
    ),
    # ---- look-alikes: public identifiers shown beside the credentials
    L(QA, "browserstack_username", "export BROWSERSTACK_USERNAME={v}", bs_user),
    L(
        QA,
        "browserstack_session_id",
        "Session: https://automate.browserstack.com/builds/{build}/sessions/{v}\nStatus: passed",
        hexl(40),
        build=hexl(40),
    ),
    L(
        QA,
        "sauce_job_id",
        "$ sl listJobs $SAUCE_USERNAME --limit 2 --region eu\n{ jobs:\n   [ { id: '{v}' },\n     { id: '{other}' } ] }",
        hexl(32),
        other=hexl(32),
    ),
    L(
        QA,
        "cypress_project_id",
        "module.exports = defineConfig({\n  projectId: '{v}',\n"
        "  e2e: {\n    baseUrl: 'http://localhost:3000',\n  },\n})",
        lower_alnum(6),
    ),
    L(
        QA,
        "chromatic_app_id",
        "✔ Build 412 published\nView it online at https://www.chromatic.com/build?appId={v}&number=412",
        hexl(24),
    ),
    L(
        QA,
        "percy_parallel_nonce",
        "$ PERCY_PARALLEL_NONCE={v} PERCY_PARALLEL_TOTAL=4 npx percy exec -- npm run test:visual",
        join(digits(10), "-", digits(2)),
    ),
    L(QA, "applitools_batch_id", "export APPLITOOLS_BATCH_ID={v}", hexl(40)),
    L(
        QA,
        "codecov_commit_sha",
        "$ codecovcli upload-process -t $CODECOV_TOKEN -C {v} -F integration -f coverage/lcov.info",
        hexl(40),
    ),
    L(
        QA,
        "sonar_task_id",
        "INFO: ANALYSIS SUCCESSFUL, you can find the results at: https://sonarcloud.io/dashboard?id={org}_web\n"
        "INFO: More about the report processing at https://sonarcloud.io/api/ce/task?id={v}",
        join("AY", b64url(18)),
        org=org,
    ),
    L(QA, "sentry_dsn", 'Sentry.init({\n  dsn: "{v}",\n  tracesSampleRate: 0.2,\n});', sentry_dsn),
    L(
        QA,
        "sentry_release",
        "$ SENTRY_ORG={org} SENTRY_PROJECT=web sentry-cli releases new {v}\nCreated release {v}",
        hexl(40),
        org=org,
    ),
    L(
        QA,
        "postman_collection_uid",
        "$ postman collection run {v} -e {env} --reporters cli,junit",
        postman_uid,
        env=postman_uid,
    ),
    L(
        QA,
        "k6_project_id",
        "export const options = {\n  cloud: {\n    projectID: {v},\n    name: 'checkout-soak',\n  },\n};",
        digits(7),
    ),
    L(
        QA,
        "checkly_account_id",
        '$ npx checkly whoami\nYou are currently on account "Monitoring" ({v}) as ops@{org}.dev.',
        uuid,
        org=org,
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        QA,
        "sauce_env_ref",
        "  'sauce:options': {\n    username: process.env.SAUCE_USERNAME,\n    accessKey: {v},\n  },",
        const("process.env.SAUCE_ACCESS_KEY"),
    ),
    L(QA, "lambdatest_placeholder", 'export LT_ACCESS_KEY="{v}"', const("<your LambdaTest access key>")),
    L(
        QA,
        "percy_placeholder",
        "# .env.example\nPERCY_TOKEN={v}",
        const("web_" + "x" * 64),
    ),
    L(
        QA,
        "sentry_placeholder",
        "SENTRY_ORG=your-org-slug\nSENTRY_PROJECT=web\nSENTRY_AUTH_TOKEN={v}",
        const("sntrys_YOUR_TOKEN_HERE"),
    ),
    L(QA, "checkly_placeholder", "$ export CHECKLY_API_KEY={v}\n$ export CHECKLY_ACCOUNT_ID=xxx", const("cu_xxx")),
    L(
        QA,
        "checkly_handlebars_ref",
        "  request: {\n    method: 'GET',\n    url: 'https://api.{org}.dev/v1/health',\n"
        "    headers: [{ key: 'Authorization', value: 'Bearer {v}' }],\n  },",
        const("{{API_TOKEN}}"),
        org=org,
    ),
    L(
        QA,
        "postman_variable_ref",
        "pm.request.headers.add({ key: 'X-Api-Key', value: '{v}' });",
        const("{{postman-api-key}}"),
    ),
    L(
        QA,
        "sonar_token_ref",
        "    withSonarQubeEnv('sonarcloud') {\n      sh \"mvn -B verify sonar:sonar -Dsonar.token={v}\"\n    }",
        const("${env.SONAR_TOKEN}"),
    ),
    L(
        QA,
        "actions_masked",
        "  env:\n    CYPRESS_RECORD_KEY: {v}\n    CYPRESS_PROJECT_ID: {pid}\n    COMMIT_INFO_BRANCH: main",
        const("***"),
        pid=lower_alnum(6),
    ),
    L(
        QA,
        "secret_names",
        "$ gh secret list\n{v}\tUpdated 2024-06-02\nPERCY_TOKEN\tUpdated 2024-06-02\nSONAR_TOKEN\tUpdated 2024-05-28",
        const("CYPRESS_RECORD_KEY"),
    ),
]
