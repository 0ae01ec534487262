"""A two-hundred-and-twelfth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of code quality and coverage services: SonarQube and SonarCloud
(`squ_`/`sqp_`/`sqa_` tokens of 40 hex, legacy 40-hex `sonar.login`, `sonar-scanner -D` flags,
`sonar-project.properties`, basic auth with an empty password, the `api/user_tokens/generate`
answer), Codecov (UUID upload tokens under `-t`, `codecov.yml` and the GitHub Action, the public
10-character graph token in badge URLs), Coveralls (33-character `repo_token` in `.coveralls.yml`
and `COVERALLS_REPO_TOKEN`), Codacy (32-hex project tokens under `--project-token`, 20-character
account tokens in the `api-token` header, the project id in badge URLs), DeepSource (the DSN
`https://<token>@app.deepsource.com` in `DEEPSOURCE_DSN` and the Action's `dsn:` input), Snyk
(UUID tokens for `snyk auth`, `configstore/snyk.json`, `Authorization: token`, pysnyk's client,
beside UUID org and project ids), Code Climate's `cc-test-reporter` (64-hex reporter id) and its
successor Qlty (`qltcp_` coverage tokens), Semgrep (`SEMGREP_APP_TOKEN`), Mend/WhiteSource
(64-hex `apiKey`/`userKey` in `wss-unified-agent.config` and agent flags), Scrutinizer's `ocular
--access-token` and CodeScene (delta-analysis basic auth, `CS_ACCESS_TOKEN`), in commands, config
files, API calls and tool output, with the public ids, checksums, commit hashes, placeholders,
masks and secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
24 of 26 secrets caught, 1 of 23 look-alikes altered (missed: a Snyk token under `api` in its
configstore JSON, Code Climate's reporter id after `--id`; altered: a SonarCloud `componentKeys=`
query of joined words).
"""

from __future__ import annotations

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
    password,
    pick,
    upper_alnum,
    uuid,
)

CQ = "codequality"

sonar_hex = hexl(40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 23, "the rules for 200 to 204")

TEMPLATES = [
    # ---- secrets: SonarQube / SonarCloud
    S(
        CQ,
        "sonar_scanner_token_flag",
        "$ sonar-scanner -Dsonar.projectKey=ledger-api -Dsonar.sources=src"
        " -Dsonar.host.url=https://sonar.{host}.internal:9000 -Dsonar.token={v}",
        join("squ_", sonar_hex),
        host=pick(string.ascii_lowercase, 6),
    ),
    S(
        CQ,
        "sonarcloud_login_legacy",
        "$ mvn -B verify org.sonarsource.scanner.maven:sonar-maven-plugin:sonar"
        " -Dsonar.host.url=https://sonarcloud.io -Dsonar.organization=brightkite -Dsonar.login={v}",
        sonar_hex,
    ),
    S(
        CQ,
        "sonar_project_properties",
        "$ cat sonar-project.properties\nsonar.projectKey=brightkite_ledger-api\nsonar.organization=brightkite\n"
        "sonar.sources=src\nsonar.tests=tests\nsonar.python.coverage.reportPaths=coverage.xml\nsonar.token={v}",
        join("sqp_", sonar_hex),
    ),
    S(
        CQ,
        "sonar_basic_auth_curl",
        "$ curl -s -u {v}: 'https://sonar.brightkite.dev/api/qualitygates/project_status?projectKey=ledger-api' | jq .projectStatus.status\n"
        '"OK"',
        join("squ_", sonar_hex),
    ),
    S(
        CQ,
        "sonar_token_generate_output",
        "$ curl -s -u admin:\"$SONAR_ADMIN_PASSWORD\" -X POST 'http://localhost:9000/api/user_tokens/generate'"
        " -d name=ci-global -d type=GLOBAL_ANALYSIS_TOKEN\n"
        '{"login":"admin","name":"ci-global","token":"{v}","createdAt":"2024-09-03T11:42:07+0000",'
        '"type":"GLOBAL_ANALYSIS_TOKEN"}',
        join("sqa_", sonar_hex),
    ),
    S(
        CQ,
        "sonar_gradle_properties",
        "# ~/.gradle/gradle.properties\nsystemProp.sonar.host.url=https://sonar.brightkite.dev\n"
        "systemProp.sonar.token={v}\norg.gradle.jvmargs=-Xmx2g",
        join("sqa_", sonar_hex),
    ),
    # ---- secrets: Codecov
    S(
        CQ,
        "codecov_cli_t",
        "$ codecovcli upload-process -t {v} -f coverage.xml -F unittests --git-service github",
        uuid,
    ),
    S(
        CQ,
        "codecov_yml_token",
        "$ cat codecov.yml\ncodecov:\n  token: {v}\n  require_ci_to_pass: yes\ncoverage:\n  precision: 2\n  round: down",
        uuid,
    ),
    S(
        CQ,
        "codecov_action_inline",
        "      - name: Upload coverage to Codecov\n        uses: codecov/codecov-action@v4\n        with:\n"
        "          token: {v}\n          files: ./coverage.xml\n          fail_ci_if_error: true",
        uuid,
    ),
    # ---- secrets: Coveralls
    S(
        CQ,
        "coveralls_yml",
        "$ cat .coveralls.yml\nservice_name: github-actions\nrepo_token: {v}\nparallel: true",
        b62(33),
    ),
    S(
        CQ,
        "coveralls_env_inline",
        "$ COVERALLS_REPO_TOKEN={v} coveralls --service=github\nSubmitting coverage to coveralls.io...",
        b62(33),
    ),
    # ---- secrets: Codacy
    S(
        CQ,
        "codacy_project_token_flag",
        "$ bash <(curl -Ls https://coverage.codacy.com/get.sh) report -r target/site/jacoco/jacoco.xml"
        " --project-token {v} --commit-uuid {sha}",
        hexl(32),
        sha=hexl(40),
    ),
    S(
        CQ,
        "codacy_api_token_header",
        "$ curl -s -X GET 'https://app.codacy.com/api/v3/organizations/gh/brightkite/repositories'"
        " -H 'api-token: {v}' -H 'Accept: application/json'",
        b62(20),
    ),
    # ---- secrets: DeepSource
    S(
        CQ,
        "deepsource_dsn_env",
        "$ DEEPSOURCE_DSN=https://{v}@app.deepsource.com ./bin/deepsource report --analyzer test-coverage"
        " --key python --value-file ./coverage.xml",
        hexl(32),
    ),
    S(
        CQ,
        "deepsource_action_dsn",
        "      - name: Report test coverage to DeepSource\n        uses: deepsourcelabs/test-coverage-action@master\n"
        "        with:\n          key: go\n          coverage-file: cover.out\n          dsn: https://{v}@app.deepsource.com",
        hexl(32),
    ),
    # ---- secrets: Snyk
    S(CQ, "snyk_auth_positional", "$ snyk auth {v}\n\nYour account has been authenticated.", uuid),
    S(
        CQ,
        "snyk_configstore",
        '$ cat ~/.config/configstore/snyk.json\n{\n  "api": "{v}",\n  "org": "brightkite-platform"\n}',
        uuid,
    ),
    S(
        CQ,
        "snyk_rest_header",
        "$ curl -s 'https://api.snyk.io/rest/self?version=2024-06-10' -H 'Content-Type: application/vnd.api+json'"
        " -H 'Authorization: token {v}'",
        uuid,
    ),
    S(
        CQ,
        "pysnyk_client",
        'client = snyk.SnykClient("{v}", tries=3, delay=2)\norg = client.organizations.get("{org}")',
        uuid,
        org=uuid,
    ),
    # ---- secrets: Code Climate / Qlty
    S(
        CQ,
        "cc_test_reporter_id_flag",
        "$ ./cc-test-reporter after-build --exit-code 0 --coverage-input-type lcov --id {v}",
        hexl(64),
    ),
    S(
        CQ,
        "qlty_coverage_token",
        "$ QLTY_COVERAGE_TOKEN={v} qlty coverage publish coverage/lcov.info --add-prefix packages/web/",
        join("qltcp_", b62(20)),
    ),
    # ---- secrets: Semgrep
    S(
        CQ,
        "semgrep_docker_env",
        '$ docker run --rm -e SEMGREP_APP_TOKEN={v} -v "$(pwd):/src" --workdir /src semgrep/semgrep semgrep ci',
        hexl(64),
    ),
    # ---- secrets: Mend (WhiteSource)
    S(
        CQ,
        "mend_agent_config",
        "$ cat wss-unified-agent.config\nwss.url=https://saas-eu.whitesourcesoftware.com/agent\napiKey={v}\n"
        "#userKey=\nproductName=ledger\nprojectName=ledger-api\ncheckPolicies=true",
        hexl(64),
    ),
    S(
        CQ,
        "mend_userkey_flag",
        '$ java -jar wss-unified-agent.jar -c wss-unified-agent.config -apiKey "$WS_APIKEY" -userKey {v}'
        " -product ledger -project ledger-api -d .",
        hexl(64),
    ),
    # ---- secrets: Scrutinizer / CodeScene
    S(
        CQ,
        "scrutinizer_ocular",
        "$ ocular code-coverage:upload --format=php-clover build/logs/clover.xml --access-token={v}",
        hexl(64),
    ),
    S(
        CQ,
        "codescene_delta_basic_auth",
        "$ curl -s -u ci-bot:{v} -H 'Content-Type: application/json' -X POST"
        " https://codescene.brightkite.dev/projects/7/delta-analysis -d @delta.json",
        password(18),
    ),
    # ---- look-alikes: public ids beside the tokens
    L(
        CQ,
        "sonar_issue_key",
        '$ curl -s -u "$SONAR_TOKEN:" \'https://sonarcloud.io/api/issues/search?componentKeys=brightkite_ledger-api'
        "&types=VULNERABILITY' | jq '.issues[0].key'\n\"{v}\"",
        join("AY", b64url(18)),
    ),
    L(
        CQ,
        "sonar_ce_task_id",
        "INFO: Analysis report uploaded in 412ms\nINFO: ANALYSIS SUCCESSFUL, you can find the results at:"
        " https://sonarcloud.io/dashboard?id=brightkite_ledger-api\n"
        "INFO: More about the report processing at https://sonarcloud.io/api/ce/task?id={v}",
        join("AY", b64url(18)),
    ),
    L(
        CQ,
        "codecov_graph_token",
        "[![codecov](https://codecov.io/gh/brightkite/ledger-api/graph/badge.svg?token={v})]"
        "(https://codecov.io/gh/brightkite/ledger-api)",
        upper_alnum(10),
    ),
    L(
        CQ,
        "codecov_commit_sha",
        '$ codecovcli upload-process -t "$CODECOV_TOKEN" --commit-sha {v} --slug brightkite/ledger-api -f coverage.xml',
        hexl(40),
    ),
    L(
        CQ,
        "coveralls_job_id",
        "$ coveralls --service=github\nSubmitting coverage to coveralls.io...\n"
        '{"message":"Job ##{run}.1","url":"https://coveralls.io/jobs/{v}"}',
        digits(9),
        run=digits(4),
    ),
    L(
        CQ,
        "codacy_badge_id",
        "[![Codacy Badge](https://app.codacy.com/project/badge/Grade/{v})]"
        "(https://app.codacy.com/gh/brightkite/ledger-api/dashboard)",
        hexl(32),
    ),
    L(
        CQ,
        "deepsource_run_id",
        "DeepSource: analysis finished, 3 new issues\nhttps://app.deepsource.com/gh/brightkite/ledger-api/run/{v}/python/",
        uuid,
    ),
    L(
        CQ,
        "snyk_org_id",
        "$ snyk monitor --org={v} --project-name=ledger-api --all-projects",
        uuid,
    ),
    L(
        CQ,
        "snyk_project_id",
        '$ curl -s "https://api.snyk.io/rest/orgs/$SNYK_ORG_ID/projects/{v}?version=2024-06-10"'
        ' -H "Authorization: token $SNYK_TOKEN"',
        uuid,
    ),
    L(
        CQ,
        "snyk_vuln_id",
        "$ cat .snyk\nversion: v1.25.0\nignore:\n  {v}:\n    - '*':\n        reason: not reachable from our code\n"
        "        expires: 2024-12-31T00:00:00.000Z",
        join("SNYK-JS-LODASH-", digits(7)),
    ),
    L(
        CQ,
        "cc_reporter_checksum",
        "$ curl -sL https://codeclimate.com/downloads/test-reporter/test-reporter-latest-linux-amd64.sha256\n"
        "{v}  test-reporter-latest-linux-amd64",
        hexl(64),
    ),
    L(
        CQ,
        "cc_badge_id",
        "[![Maintainability](https://api.codeclimate.com/v1/badges/{v}/maintainability)]"
        "(https://codeclimate.com/github/brightkite/ledger-api/maintainability)",
        hexl(20),
    ),
    L(
        CQ,
        "semgrep_baseline_commit",
        "$ SEMGREP_BASELINE_COMMIT={v} semgrep ci --supply-chain\nScan was diff-aware, showing findings introduced since baseline.",
        hexl(40),
    ),
    L(
        CQ,
        "mend_jar_checksum",
        "$ curl -sL https://unified-agent.s3.amazonaws.com/wss-unified-agent.jar.sha256\n{v}  wss-unified-agent.jar",
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        CQ,
        "sonar_env_ref",
        "      - name: SonarCloud Scan\n        uses: SonarSource/sonarcloud-github-action@v2\n        env:\n"
        "          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n          SONAR_TOKEN: {v}",
        const("${{ secrets.SONAR_TOKEN }}"),
    ),
    L(
        CQ,
        "sonar_jenkins_masked",
        "[Pipeline] withSonarQubeEnv\nInjecting SonarQube environment variables using the configuration: sonar-prod\n"
        "+ mvn -B sonar:sonar -Dsonar.host.url=https://sonar.brightkite.dev -Dsonar.token={v}",
        const("****"),
    ),
    L(
        CQ,
        "codecov_gha_masked",
        "Run codecov/codecov-action@v4\n  with:\n    files: ./coverage.xml\n    token: {v}\n    fail_ci_if_error: true",
        const("***"),
    ),
    L(
        CQ,
        "codacy_placeholder",
        "# replace %Project_Token% with the token from Settings > Integrations > Project API\nexport CODACY_PROJECT_TOKEN={v}",
        const("%Project_Token%"),
    ),
    L(
        CQ,
        "deepsource_orb_ref",
        "      - deepsource/report:\n          coverage-file: ./coverage.xml\n          dsn: {v}\n          key: python",
        const("${DEEPSOURCE_DSN}"),
    ),
    L(
        CQ,
        "qlty_placeholder",
        "# .env.example\nQLTY_COVERAGE_TOKEN={v}\nCODECOV_TOKEN=",
        const("qltcp_xxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        CQ,
        "mend_env_ref",
        '$ java -jar wss-unified-agent.jar -apiKey {v} -userKey "$WS_USERKEY" -product ledger -project ledger-api',
        const("$WS_APIKEY"),
    ),
    L(
        CQ,
        "scrutinizer_placeholder",
        '# closed-source projects need a token from scrutinizer-ci.com/profile/applications\n$ ocular --access-token "{v}"',
        const("your-access-token"),
    ),
    L(
        CQ,
        "codescene_input_ref",
        '      run: |\n        printf \'CS_ACCESS_TOKEN=%s\\n\' "{v}" >>"${GITHUB_ENV}"',
        const("${{ inputs.access-token }}"),
    ),
]
