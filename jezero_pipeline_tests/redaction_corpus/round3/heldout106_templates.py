"""A hundred-and-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of load and performance testing services: Grafana Cloud k6
(`k6 cloud login --token`, `~/.config/k6/cloud.json`, `K6_CLOUD_TOKEN`, the REST API's bearer token
beside the public `X-Stack-Id`, a Grafana Cloud `glc_` access-policy token as the Prometheus
remote-write password), Gatling Enterprise (`GATLING_ENTERPRISE_API_TOKEN`, the
`gatling.enterprise.apiToken` system property, the `build.gradle` enterprise block, `test_…`
simulation ids and package UUIDs), BlazeMeter and Taurus (`~/.bzt-rc` `token: 'id:secret'`, `-o
modules.cloud.token=…`, `curl --user id:secret`, the docs' masked `'******:****'`), Artillery Cloud
(`a9_` keys under `--record --key`, `ARTILLERY_CLOUD_API_KEY`, the `x-auth-token` header), Loader.io
(the `loaderio-auth` header and `api_key` parameter, 32-hex test ids and the public
`loaderio-<hex>` host-verification token), Flood (`flood_live_` tokens as the basic-auth user,
the agent's `flood_api_token`), LoadNinja (the bare `authorization` header, the Jenkins step's
`apiKey`), Azure Load Testing (`SECRET_VALUE` versus `AKV_SECRET_URI` secrets, `AZURE_CREDENTIALS`,
`__GetSecret`, data-plane URIs), Locust (`--web-auth user:password`, `locust.conf`), RedLine13
(`X-Redline-Auth`), LoadRunner Cloud (`/v1/auth-client` client id and secret) and BrowserStack
Load Testing (basic auth with username and access key), in commands, config files, code and tool
output, with the public ids, checksums, masks and secret-store references the same documentation
shows beside them. Where the documentation names a credential but not its shape (the Gatling
Enterprise token, the RedLine13 key, the LoadRunner Cloud secret, the length after `a9_`), the value
is an opaque random string of a plausible length.

First score, blind, before any rule changed for it (after the rules for 100 to 104):
25 of 26 secrets caught, 2 of 25 look-alikes altered (missed: a secret as the `value` of a
`{"value": …, "type": "SECRET_VALUE"}` object under a token's name; altered: a Loader.io
verification token served as its own file, a Key Vault secret URI's version).
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
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

LT = "loadtest"

k6_token = hexl(64)
flood_token = join("flood_live_", hexl(42))
artillery_key = join("a9_", b62(32))
azure_client_secret = join(b62(3), "8Q~", pick(B62 + "_.~-", 34))


def glc_token(rng: random.Random) -> str:
    """A Grafana Cloud access-policy token: `glc_` and base64 of a small JSON document."""
    doc = {
        "o": digits(6)(rng),
        "n": "k6-remote-write-" + pick(string.ascii_lowercase, 6)(rng),
        "k": b62(24)(rng),
        "m": {"r": "prod-eu-west-2"},
    }
    return "glc_" + base64.b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode()


def akv_uri(rng: random.Random) -> str:
    return f"https://kv-perf-{lower_alnum(6)(rng)}.vault.azure.net/secrets/checkout-api-token/{hexl(32)(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 25, "the rules for 100 to 104")

TEMPLATES: list = [
    # ---- secrets: Grafana Cloud k6
    S(
        LT,
        "k6_cloud_login_flag",
        "$ k6 cloud login --token {v}\n\n  Logged in successfully, token saved in /home/ci/.config/k6/cloud.json",
        k6_token,
    ),
    S(
        LT,
        "k6_cloud_json",
        '$ cat ~/.config/k6/cloud.json\n{\n  "token": "{v}",\n  "stackID": {stack},\n  "defaultProjectID": {proj}\n}',
        k6_token,
        stack=digits(6),
        proj=digits(7),
    ),
    S(
        LT,
        "k6_rest_bearer",
        "$ curl -s https://api.k6.io/cloud/v6/projects -H 'Authorization: Bearer {v}' -H 'X-Stack-Id: {stack}' | jq '.value[].name'",
        k6_token,
        stack=digits(6),
    ),
    S(
        LT,
        "k6_prometheus_rw_password",
        "$ K6_PROMETHEUS_RW_SERVER_URL=https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push \\\n"
        "  K6_PROMETHEUS_RW_USERNAME={user} K6_PROMETHEUS_RW_PASSWORD={v} \\\n"
        "  k6 run -o experimental-prometheus-rw tests/checkout-soak.js",
        glc_token,
        user=digits(7),
    ),
    # ---- secrets: Gatling Enterprise
    S(
        LT,
        "gatling_env_prefix",
        "$ GATLING_ENTERPRISE_API_TOKEN={v} ./mvnw gatling:enterpriseDeploy\n[INFO] Uploading package checkout-perf...",
        b62(40),
    ),
    S(
        LT,
        "gatling_sysprop",
        "$ mvn gatling:enterpriseStart -Dgatling.enterprise.apiToken={v} -Dgatling.enterprise.simulationId={sim}"
        " -Dgatling.enterprise.waitForRunEnd=true",
        b62(40),
        sim=uuid,
    ),
    S(
        LT,
        "gatling_gradle_block",
        'gatling {\n  enterprise {\n    apiToken "{v}"\n    packageId "{pkg}"\n  }\n}',
        b62(40),
        pkg=uuid,
    ),
    # ---- secrets: BlazeMeter / Taurus
    S(
        LT,
        "bzt_rc_token",
        "$ cat ~/.bzt-rc\nmodules:\n  blazemeter:\n    token: '{v}'\n    public-report: false\n    browser-open: none",
        join(hexl(24), ":", hexl(64)),
    ),
    S(
        LT,
        "bzt_override_secret",
        "$ bzt perf/checkout.yml -cloud -o modules.cloud.token={kid}:{v} -o modules.cloud.browser-open=none",
        hexl(64),
        kid=hexl(24),
    ),
    S(
        LT,
        "blazemeter_curl_user",
        "curl -X POST -H 'Content-Type: application/json' --user '{kid}:{v}' \\\n"
        "  https://a.blazemeter.com/api/v4/tests/{tid}/start",
        hexl(64),
        kid=hexl(24),
        tid=digits(8),
    ),
    # ---- secrets: Artillery Cloud
    S(
        LT,
        "artillery_record_key",
        "$ npx artillery run scenarios/checkout.yml --record --key {v} --tags team:payments,env:staging",
        artillery_key,
    ),
    S(
        LT,
        "artillery_dotenv",
        "$ cat .env.loadtest\nTARGET_URL=https://staging.api.brightkite.dev\nARTILLERY_CLOUD_API_KEY={v}\nAWS_REGION=eu-west-1",
        artillery_key,
    ),
    S(
        LT,
        "artillery_auth_header",
        "const res = await fetch('https://app.artillery.io/api/user/whoami', {\n"
        "  headers: { 'x-auth-token': '{v}', accept: 'application/json' },\n});",
        artillery_key,
    ),
    # ---- secrets: Loader.io
    S(
        LT,
        "loaderio_header",
        "$ curl -s -H 'loaderio-auth: {v}' https://api.loader.io/v2/apps | jq '.[].app'",
        hexl(32),
    ),
    S(
        LT,
        "loaderio_query_param",
        "GET https://api.loader.io/v2/tests/{tid}/results?api_key={v} -> 200 OK (3 results)",
        hexl(32),
        tid=hexl(32),
    ),
    # ---- secrets: Flood
    S(
        LT,
        "flood_basic_user",
        '$ curl -s -u {v}: -X POST https://api.flood.io/floods -F "flood[tool]=jmeter" -F "flood[threads]=200"'
        ' -F "flood_files[]=@checkout.jmx"',
        flood_token,
    ),
    S(
        LT,
        "flood_agent_config",
        "PS C:\\flood-agent> type config.yaml\nflood_api_token: {v}\ntools:\n  jmeter:\n    jmeter_home: C:\\tools\\apache-jmeter-5.6.3",
        flood_token,
    ),
    # ---- secrets: LoadNinja
    S(
        LT,
        "loadninja_header",
        "$ curl -s -X POST https://api.loadninja.com/v1/scenarios/{sid}/runs -H 'authorization: {v}'"
        " -H 'Content-Type: application/json'",
        uuid,
        sid=digits(5),
    ),
    S(
        LT,
        "loadninja_jenkins_step",
        "        stage('Load test') {\n            steps {\n"
        "                step([$class: 'LoadNinjaBuilder', apiKey: '{v}', scenarioId: '{sid}'])\n            }\n        }",
        uuid,
        sid=digits(5),
    ),
    # ---- secrets: Azure Load Testing
    S(
        LT,
        "azure_secret_value",
        '  "secrets": {\n    "checkoutApiToken": {\n      "value": "{v}",\n      "type": "SECRET_VALUE"\n    }\n  },',
        password(28),
    ),
    S(
        LT,
        "azure_credentials_json",
        '{\n  "clientId": "{cid}",\n  "clientSecret": "{v}",\n  "subscriptionId": "{sub}",\n  "tenantId": "{tid}"\n}',
        azure_client_secret,
        cid=uuid,
        sub=uuid,
        tid=uuid,
    ),
    # ---- secrets: Locust web UI auth
    S(
        LT,
        "locust_web_auth_flag",
        "$ locust -f locustfile.py --master --web-auth perfadmin:{v} -H https://staging.api.brightkite.dev",
        password(16),
    ),
    S(
        LT,
        "locust_conf",
        "$ cat locust.conf\nlocustfile = locust_files/checkout.py\nhost = https://staging.api.brightkite.dev\n"
        "users = 400\nspawn-rate = 20\nweb-auth = loadops:{v}",
        password(18),
    ),
    # ---- secrets: RedLine13, LoadRunner Cloud, BrowserStack
    S(
        LT,
        "redline13_header",
        'curl https://www.redline13.com/Api/LoadTest \\\n  -H "X-Redline-Auth: {v}" \\\n'
        '  -F testType=jmeter-test -F numServers=2 -F storeOutput=T -F "file=@tests/checkout.jmx"',
        hexl(32),
    ),
    S(
        LT,
        "lrc_auth_client",
        "$ curl -s -X POST 'https://loadrunner-cloud.saas.microfocus.com/v1/auth-client?TENANTID={tenant}'"
        ' -H \'Content-Type: application/json\' -d \'{"client_id":"oauth2-{cid}@microfocus.com","client_secret":"{v}"}\'',
        b62(20),
        tenant=digits(9),
        cid=b62(20),
    ),
    S(
        LT,
        "browserstack_load_basic",
        '$ curl -u "perfbot_{u}:{v}" -X POST https://load-api.browserstack.com/api/v1/runs'
        " -H 'Content-Type: application/json' -d @run.json",
        b62(20),
        u=b62(6),
    ),
    # ---- look-alikes: public ids
    L(
        LT,
        "k6_stack_id",
        "$ curl -s https://api.k6.io/cloud/v6/load_tests -H \"Authorization: Bearer $K6_CLOUD_TOKEN\" -H 'X-Stack-Id: {v}'",
        digits(6),
    ),
    L(
        LT,
        "k6_project_id",
        "export const options = {\n  cloud: {\n    projectID: {v},\n    name: 'checkout-soak',\n  },\n};",
        digits(7),
    ),
    L(
        LT,
        "k6_test_run_url",
        "     output: cloud (https://brightkite.grafana.net/a/k6-app/runs/{v})",
        digits(7),
    ),
    L(
        LT,
        "gatling_simulation_id",
        "      - uses: gatling/enterprise-action@v1\n        with:\n          simulation_id: '{v}'\n"
        "        env:\n          GATLING_ENTERPRISE_API_TOKEN: ${{ secrets.GATLING_ENTERPRISE_API_TOKEN }}",
        join("test_", lower_alnum(26)),
    ),
    L(
        LT,
        "gatling_package_id",
        'gatling.enterprise.package {\n  id = "{v}"\n  team = "Payments"\n  default {\n    simulation {\n'
        '      locations = [{ name: "Europe - Paris", size: 2 }]\n    }\n  }\n}',
        uuid,
    ),
    L(
        LT,
        "blazemeter_key_id",
        '$ curl -s --user "$BZM_KEY_ID:$BZM_KEY_SECRET" https://a.blazemeter.com/api/v4/user | jq .result.apiKeys[0]\n'
        '{\n  "id": "{v}",\n  "name": "jenkins-ci",\n  "expired": false\n}',
        hexl(24),
    ),
    L(
        LT,
        "blazemeter_test_url",
        "Test started: https://a.blazemeter.com/app/#/accounts/{acc}/workspaces/{ws}/projects/{proj}/masters/{v}/summary",
        digits(8),
        acc=digits(7),
        ws=digits(7),
        proj=digits(7),
    ),
    L(
        LT,
        "loaderio_verification_token",
        "$ cat public/{v}.txt\n{v}\n$ curl -s https://staging.brightkite.dev/{v}.txt\n{v}",
        join("loaderio-", hexl(32)),
    ),
    L(
        LT,
        "loaderio_test_id",
        '$ curl -s -X PUT https://api.loader.io/v2/tests/{v}/run -H "loaderio-auth: $LOADERIO_API_KEY"\n'
        '{"message":"success","status":"running","test_id":"{v}"}',
        hexl(32),
    ),
    L(
        LT,
        "flood_uuid",
        "$ curl -s -u ${FLOOD_API_TOKEN}: https://api.flood.io/floods/{v}/report | jq -r .summary",
        b62(22),
    ),
    L(
        LT,
        "loadninja_scenario_id",
        "step([$class: 'LoadNinjaBuilder', apiKey: credentials('loadninja-api-key'), scenarioId: '{v}'])",
        digits(5),
    ),
    L(
        LT,
        "azure_dataplane_uri",
        '    "dataPlaneURI": "{v}",\n    "provisioningState": "Succeeded",',
        join(uuid, ".eastus.cnt-prod.loadtesting.azure.com"),
    ),
    L(
        LT,
        "lrc_client_id",
        "LRC_TENANT_ID={tenant}\nLRC_CLIENT_ID={v}\nLRC_CLIENT_SECRET=${LRC_CLIENT_SECRET}",
        join("oauth2-", b62(20), "@microfocus.com"),
        tenant=digits(9),
    ),
    L(
        LT,
        "redline13_load_test_id",
        '{"loadTestId":{v}}\nPolling https://www.redline13.com/Api/LoadTest?loadTestId={v} ...',
        digits(6),
    ),
    # ---- look-alikes: hashes with a token's alphabet and length
    L(
        LT,
        "k6_release_checksum",
        "$ sha256sum k6-v0.54.0-linux-amd64.tar.gz\n{v}  k6-v0.54.0-linux-amd64.tar.gz",
        hexl(64),
    ),
    L(
        LT,
        "commit_tag",
        "$ npx artillery run scenarios/checkout.yml --record --key $ARTILLERY_CLOUD_API_KEY --tags commit:{v},env:ci",
        hexl(40),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        LT,
        "azure_akv_reference",
        '  "secrets": {\n    "checkoutApiToken": {\n      "value": "{v}",\n      "type": "AKV_SECRET_URI"\n    }\n  },',
        akv_uri,
    ),
    L(
        LT,
        "jmeter_getsecret",
        '          <stringProp name="Header.value">Bearer {v}</stringProp>',
        const("${__GetSecret(checkoutApiToken)}"),
    ),
    L(
        LT,
        "k6_gha_secret_ref",
        "      - uses: grafana/run-k6-action@v1\n        env:\n          K6_CLOUD_TOKEN: {v}\n"
        "          K6_CLOUD_PROJECT_ID: ${{ vars.K6_CLOUD_PROJECT_ID }}",
        const("${{ secrets.K6_CLOUD_TOKEN }}"),
    ),
    L(
        LT,
        "k6_token_placeholder",
        'curl -H "Authorization: token {v}" https://api.k6.io/loadtests/v2/tests  # replace with your token',
        const("<YOUR_API_TOKEN_HERE>"),
    ),
    L(
        LT,
        "bzt_masked_token",
        "modules:\n  cloud:\n    token: '{v}' # API id and API secret divided by :\n    timeout: 10s",
        const("******:**************"),
    ),
    L(
        LT,
        "gitlab_masked",
        "$ echo $GATLING_ENTERPRISE_API_TOKEN\n{v}\n$ docker run --env GATLING_ENTERPRISE_API_TOKEN gatlingcorp/enterprise-runner:1",
        const("[MASKED]"),
    ),
    L(
        LT,
        "artillery_placeholder",
        "# .env.example — copy to .env.loadtest\nARTILLERY_CLOUD_API_KEY={v}",
        join("a9_", const("x" * 32)),
    ),
    L(
        LT,
        "locust_env_ref",
        '$ locust -f locustfile.py --master --web-auth "perfadmin:{v}"',
        const("${LOCUST_WEB_PASSWORD}"),
    ),
    L(
        LT,
        "flood_placeholder",
        'curl "https://api.flood.io/api/floods" -u "{v}:"',
        const("<USER_TOKEN_HERE>"),
    ),
]
