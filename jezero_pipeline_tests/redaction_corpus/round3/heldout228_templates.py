"""A two-hundred-and-twenty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of test management and QA reporting tools: TestRail (API key
as the Basic-auth password of `index.php?/api/v2/`, the `trcli -k` flag, the Python `APIClient`),
Xray Cloud (32-hex client id and 64-hex client secret posted to `/api/v2/authenticate`, the JWT it
returns), Zephyr Scale (JWT access token as `Authorization: Bearer` on
`api.zephyrscale.smartbear.com/v2`), qTest Manager (UUID bearer token, `/oauth/token` response,
the public `Basic base64(site:)` login header), PractiTest (40-hex `api_token` query parameter and
`PTToken` header), Testmo (`testmo_api_` + base64 of an encrypted-payload JSON, `TESTMO_TOKEN`,
Bearer header), ReportPortal (`rp.api.key` as `name_` + 64 base64url characters, legacy UUID keys,
launch UUIDs, the public `ui:uiman` client), Allure TestOps (UUID token under allurectl `--token`,
`<uuid>-result.json` files), Cypress Cloud (UUID record key, six-character projectId), Currents
(`recordKey`/`--key`, projectId), Sorry-Cypress (director `ALLOWED_KEYS`), Tesults (JWT-shaped
target token under `--tesults-target` and the Playwright reporter option), Testkube (`tkcapi_`
API key beside public `tkcorg_`/`tkcenv_` ids) and Qase (64-hex token under
`QASE_TESTOPS_API_TOKEN`, `Token:` header, the result hash it returns), in commands, config files,
code and tool output, with the public ids, references, masks and placeholders the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
25 of 25 secrets caught, 1 of 23 look-alikes altered (altered: qTest's `Basic` header of a site's
name and an empty password).
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
    lower_alnum,
    password,
    uuid,
)

TM = "testmgmt"

JWT_HEAD = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def atlassian_account_id(rng: random.Random) -> str:
    return "5" + hexl(23)(rng)


def xray_jwt(rng: random.Random) -> str:
    """The token Xray Cloud's authenticate endpoint returns, with generated claims."""
    iat = 1_716_000_000 + rng.randrange(10_000_000)
    client = hexu(32)(rng)
    payload = {
        "tenant": hexl(64)(rng),
        "acc": atlassian_account_id(rng),
        "iat": iat,
        "exp": iat + 86_400,
        "aud": client,
        "iss": "com.xpandit.plugins.xray",
        "sub": client,
    }
    return f"{JWT_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def zephyr_jwt(rng: random.Random) -> str:
    """A Zephyr Scale API access token (a JWT) with generated claims."""
    iat = 1_716_000_000 + rng.randrange(10_000_000)
    payload = {
        "context": {
            "baseUrl": "https://brightkite.atlassian.net",
            "user": {"accountId": atlassian_account_id(rng)},
        },
        "iss": "com.kanoah.test-manager",
        "sub": uuid(rng),
        "exp": iat + 31_536_000,
        "iat": iat,
    }
    return f"{JWT_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def tesults_target(rng: random.Random) -> str:
    """A Tesults target token: a JWT whose claims name the target and session."""
    payload = {
        "id": f"{uuid(rng)}-{digits(13)(rng)}",
        "exp": 4102444800000,
        "ver": "0",
        "ses": uuid(rng),
        "type": "t",
    }
    return f"{JWT_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def testmo_token(rng: random.Random) -> str:
    """`testmo_api_` then base64 of an encrypted-payload JSON (iv, value, mac)."""
    inner = {
        "iv": b64(22)(rng) + "==",
        "value": b64(43)(rng) + "=",
        "mac": hexl(64)(rng),
    }
    raw = json.dumps(inner, separators=(",", ":")).encode()
    return "testmo_api_" + base64.b64encode(raw).decode()


def basic_of(text: str):
    return const(base64.b64encode(text.encode()).decode())


testrail_key = join(b62(19), "-", b62(20))
tkcapi = join("tkcapi_", hexl(30))
tkcorg = join("tkcorg_", hexl(16))
tkcenv = join("tkcenv_", hexl(16))
rp_key = join("ci-agent_", b64url(64))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: TestRail
    S(
        TM,
        "trcli_key_flag",
        '$ trcli -y -h https://brightkite.testrail.io --project "Courier Web" -u qa-bot@brightkite.dev'
        ' -k {v} parse_junit --title "nightly {build}" -f reports/junit.xml',
        testrail_key,
        build=digits(4),
    ),
    S(
        TM,
        "testrail_apiclient_password",
        "client = APIClient('https://brightkite.testrail.io')\nclient.user = 'qa-bot@brightkite.dev'\n"
        "client.password = '{v}'\nrun = client.send_get('get_run/{run}')",
        testrail_key,
        run=digits(3),
    ),
    # ---- secrets: Xray Cloud and Zephyr Scale
    S(
        TM,
        "xray_client_secret",
        '$ curl -s -H "Content-Type: application/json" -X POST'
        ' --data \'{"client_id": "{cid}","client_secret": "{v}"}\''
        " https://xray.cloud.getxray.app/api/v2/authenticate",
        hexl(64),
        cid=hexu(32),
    ),
    S(
        TM,
        "xray_jwt_output",
        "$ curl -s -X POST -H 'Content-Type: application/json' -d @xray-creds.json"
        ' https://eu.xray.cloud.getxray.app/api/v2/authenticate\n"{v}"',
        xray_jwt,
    ),
    S(
        TM,
        "zephyr_scale_bearer",
        '$ curl -s -H "Authorization: Bearer {v}"'
        ' "https://api.zephyrscale.smartbear.com/v2/testcases?projectKey=CUR&maxResults=50"',
        zephyr_jwt,
    ),
    S(
        TM,
        "zephyr_python_client",
        'from zephyr import ZephyrScale\n\nzscale = ZephyrScale(token="{v}")\n'
        'cases = zscale.api.test_cases.get_test_cases(projectKey="CUR")',
        zephyr_jwt,
    ),
    # ---- secrets: qTest and PractiTest
    S(
        TM,
        "qtest_bearer",
        '$ curl -s -H "Authorization: bearer {v}" -H "Content-Type: application/json"'
        " https://brightkite.qtestnet.com/api/v3/projects/{pid}/test-runs?parentType=release",
        uuid,
        pid=digits(6),
    ),
    S(
        TM,
        "qtest_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":{exp},'
        '"scope":"read create delete write","agent":"qtest-web"}',
        uuid,
        exp=digits(5),
    ),
    S(
        TM,
        "practitest_query_token",
        '$ curl -s "https://api.practitest.com/api/v2/projects/{pid}/runs.json?api_token={v}'
        '&developer_email=qa-bot%40brightkite.dev&page[size]=50"',
        hexl(40),
        pid=digits(5),
    ),
    S(
        TM,
        "practitest_pttoken_header",
        'resp = requests.post(\n    "https://api.practitest.com/api/v2/projects/{pid}/runs.json",\n'
        '    headers={"PTToken": "{v}", "Content-Type": "application/json"},\n    json=payload,\n)',
        hexl(40),
        pid=digits(5),
    ),
    # ---- secrets: Testmo
    S(
        TM,
        "testmo_cli_env",
        "$ TESTMO_TOKEN={v} npx testmo automation:run:submit --instance https://brightkite.testmo.net"
        ' --project-id 3 --name "Nightly API" --source backend --results "results/*.xml"',
        testmo_token,
    ),
    S(
        TM,
        "testmo_bearer_code",
        'session = requests.Session()\nsession.headers["Authorization"] = "Bearer {v}"\n'
        'r = session.get("https://brightkite.testmo.net/api/v1/projects")',
        testmo_token,
    ),
    # ---- secrets: ReportPortal and Allure TestOps
    S(
        TM,
        "reportportal_properties",
        "$ cat src/test/resources/reportportal.properties\nrp.endpoint=https://reportportal.brightkite.dev\n"
        "rp.api.key={v}\nrp.launch=courier-nightly\nrp.project=courier",
        rp_key,
    ),
    S(
        TM,
        "reportportal_legacy_uuid_ini",
        "[pytest]\nrp_endpoint = https://rp.brightkite.dev\nrp_project = courier\nrp_api_key = {v}\n"
        "rp_launch = api-regression",
        uuid,
    ),
    S(
        TM,
        "allurectl_token_flag",
        "$ allurectl upload --endpoint https://testops.brightkite.dev --token {v} --project-id {pid}"
        ' --launch-name "PR-{pr}" build/allure-results',
        uuid,
        pid=digits(2),
        pr=digits(3),
    ),
    # ---- secrets: Cypress Cloud, Currents, Sorry-Cypress
    S(
        TM,
        "cypress_record_key_flag",
        "$ npx cypress run --record --key {v} --parallel --group e2e-chrome --ci-build-id 20240611.{num}",
        uuid,
        num=digits(3),
    ),
    S(
        TM,
        "cypress_gh_secret_set",
        '$ gh secret set CYPRESS_RECORD_KEY --repo brightkite/courier-web --body "{v}"\n'
        "✓ Set Actions secret CYPRESS_RECORD_KEY for brightkite/courier-web",
        uuid,
    ),
    S(
        TM,
        "currents_config_record_key",
        '// currents.config.js\nmodule.exports = {\n  projectId: "{pid}",\n  recordKey: "{v}",\n'
        '  cloudServiceUrl: "https://cy.currents.dev",\n};',
        b62(16),
        pid=b62(6),
    ),
    S(
        TM,
        "sorry_cypress_allowed_keys",
        "  director:\n    image: agoldis/sorry-cypress-director:latest\n    environment:\n"
        "      DASHBOARD_URL: https://sorry.brightkite.dev\n      ALLOWED_KEYS: {v}\n"
        "      EXECUTION_DRIVER: '../execution/mongo/driver'",
        password(24),
    ),
    # ---- secrets: Tesults, Testkube, Qase
    S(
        TM,
        "tesults_pytest_target",
        "$ python -m pytest tests/ --tesults-target {v} --tesults-build-name 2.14.{num} --tesults-build-result pass",
        tesults_target,
        num=digits(2),
    ),
    S(
        TM,
        "tesults_playwright_reporter",
        "  reporter: [\n    ['list'],\n    ['playwright-tesults-reporter', { 'tesults-target': '{v}' }],\n  ],",
        tesults_target,
    ),
    S(
        TM,
        "testkube_set_context",
        "$ testkube set context -c cloud --api-key {v} --root-domain testkube.io --org-id {org} --env-id {env}",
        tkcapi,
        org=tkcorg,
        env=tkcenv,
    ),
    S(
        TM,
        "testkube_setup_action",
        "      - uses: kubeshop/setup-testkube@v1\n        with:\n          organization: {org}\n"
        "          environment: {env}\n          token: {v}",
        tkcapi,
        org=tkcorg,
        env=tkcenv,
    ),
    S(
        TM,
        "qase_config_json",
        '{\n  "mode": "testops",\n  "testops": {\n    "api": {\n      "token": "{v}"\n    },\n'
        '    "project": "CUR",\n    "run": { "complete": true }\n  }\n}',
        hexl(64),
    ),
    S(
        TM,
        "qase_token_header",
        '$ curl -s "https://api.qase.io/v1/run/CUR?limit=10" -H "Token: {v}" -H "Accept: application/json"',
        hexl(64),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        TM,
        "xray_client_id_only",
        "XRAY_CLIENT_ID={v}\nXRAY_CLIENT_SECRET=${{ secrets.XRAY_CLIENT_SECRET }}",
        hexu(32),
    ),
    L(
        TM,
        "jira_account_id",
        '      "testInfo": { "projectKey": "CUR", "type": "Manual" },\n      "executedBy": "{v}",\n'
        '      "status": "PASSED"',
        atlassian_account_id,
    ),
    L(
        TM,
        "cypress_project_id",
        "const { defineConfig } = require('cypress')\n\nmodule.exports = defineConfig({\n  projectId: '{v}',\n"
        "  e2e: { baseUrl: 'http://localhost:5173' },\n})",
        lower_alnum(6),
    ),
    L(TM, "currents_project_id", "CURRENTS_PROJECT_ID={v}\nCURRENTS_CI_BUILD_ID=${GITHUB_RUN_ID}", b62(6)),
    L(
        TM,
        "testkube_org_id",
        "$ testkube get context\nYour current context is set to cloud\n\n  Organization   : Brightkite ({v})",
        tkcorg,
    ),
    L(
        TM,
        "testkube_masked_key",
        "  API Key        : {v}\n  Namespace      : testkube",
        join("tkcapi_", const("*" * 26), hexl(4)),
    ),
    L(
        TM,
        "reportportal_launch_uuid",
        "[main] INFO  c.e.r.service.LaunchLoggingContext - ReportPortal Launch Link:"
        " https://rp.brightkite.dev/ui/#courier/launches/all/{v}",
        uuid,
    ),
    L(
        TM,
        "qtest_site_basic",
        '$ curl -s -X POST https://brightkite.qtestnet.com/oauth/token -H "Authorization: Basic {v}"'
        ' -d grant_type=password -d username=qa-bot@brightkite.dev -d password="$QTEST_PASSWORD"',
        basic_of("brightkite:"),
    ),
    L(
        TM,
        "allure_result_uuid",
        "$ ls build/allure-results | head -3\n{v}-result.json\n{c2}-container.json\n{c3}-attachment.png",
        uuid,
        c2=uuid,
        c3=uuid,
    ),
    L(
        TM,
        "qase_result_hash",
        '$ curl -s -X POST "https://api.qase.io/v1/result/CUR/{run}" -H "Token: $QASE_TOKEN" -d @result.json\n'
        '{"status":true,"result":{"hash":"{v}"}}',
        hexl(40),
        run=join("1", digits(2)),
    ),
    L(
        TM,
        "commit_sha",
        "  │ Run URL:  https://cloud.cypress.io/projects/{pid}/runs/{num}\n  │ Commit:   {v} (main)",
        hexl(40),
        pid=lower_alnum(6),
        num=join("1", digits(3)),
    ),
    L(
        TM,
        "checksum",
        "$ sha256sum allurectl_linux_amd64\n{v}  allurectl_linux_amd64",
        hexl(64),
    ),
    # ---- look-alikes: references, masks, placeholders, truncated examples
    L(
        TM,
        "gha_secret_ref",
        "      - uses: allure-framework/setup-allurectl@v1\n        with:\n"
        "          allure-endpoint: https://testops.brightkite.dev\n          allure-token: {v}\n"
        "          allure-project-id: 12",
        const("${{ secrets.ALLURE_TOKEN }}"),
    ),
    L(
        TM,
        "cypress_action_ref",
        "      - uses: cypress-io/github-action@v6\n        with:\n          record: true\n"
        "        env:\n          CYPRESS_RECORD_KEY: {v}",
        const("${{ secrets.CYPRESS_RECORD_KEY }}"),
    ),
    L(
        TM,
        "tesults_env_ref",
        "    ['playwright-tesults-reporter', { 'tesults-target': {v} }],",
        const("process.env.TESULTS_TOKEN"),
    ),
    L(
        TM,
        "testrail_env_ref",
        "client.user = os.environ['TESTRAIL_USER']\nclient.password = {v}",
        const("os.environ['TESTRAIL_API_KEY']"),
    ),
    L(
        TM,
        "practitest_shell_ref",
        '$ curl -s "https://api.practitest.com/api/v2/projects.json?api_token={v}&developer_email=qa-bot%40brightkite.dev"',
        const("${PRACTITEST_TOKEN}"),
    ),
    L(
        TM,
        "testmo_masked",
        "$ TESTMO_TOKEN={v}\n$ npx testmo automation:run:create --instance $TESTMO_URL",
        const("********"),
    ),
    L(
        TM,
        "zephyr_truncated_example",
        "# Authorization header, token abbreviated in the runbook\nAuthorization: Bearer {v}",
        const(JWT_HEAD + "..."),
    ),
    L(
        TM,
        "testrail_placeholder",
        "TESTRAIL_HOST=https://brightkite.testrail.io\nTESTRAIL_API_KEY={v}",
        const("<your-testrail-api-key>"),
    ),
    L(
        TM,
        "currents_placeholder",
        '  projectId: "{pid}",\n  recordKey: "{v}", // from https://app.currents.dev, never commit the real one',
        const("XXXXXXXXXXXXXXXX"),
        pid=b62(6),
    ),
    L(
        TM,
        "qase_placeholder",
        "export QASE_MODE=testops\nexport QASE_TESTOPS_PROJECT=CUR\nexport QASE_TESTOPS_API_TOKEN={v}",
        const("your_api_token"),
    ),
    L(
        TM,
        "xray_secret_names",
        "$ gh secret list\nXRAY_CLIENT_ID\tUpdated 2024-06-03\n{v}\tUpdated 2024-06-03",
        const("XRAY_CLIENT_SECRET"),
    ),
]
