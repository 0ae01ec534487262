"""A seventy-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of log shipping, tracing and error-tracking agents: Grafana Alloy
(`prometheus.remote_write` and `loki.write` with `basic_auth`, `sys.env`, `remote.kubernetes.secret`),
Grafana Cloud access policy tokens (`glc_`) and legacy API keys beside numeric instance ids, Promtail
(`clients`, `-print-config-stderr`), Loki, Tempo and Mimir tenants (`X-Scope-OrgID`, `logcli --org-id`),
the OpenTelemetry Collector (`otlphttp` exporter headers, `${env:…}`, `bearertokenauth`) and
`OTEL_EXPORTER_OTLP_HEADERS`, Vector sinks (`splunk_hec_logs`, `http` with `auth.strategy`), Fluent Bit
(`forward` with `Shared_Key` and `security.users`, `http` with `HTTP_Passwd`, `splunk` with `Splunk_Token`),
Fluentd secure forward (`<security> shared_key`), Splunk HEC tokens and request channels, the Logstash
keystore (`${ES_PWD}`, `LOGSTASH_KEYSTORE_PASS`, `elasticsearch { password => }`), Sentry DSNs (public key
versus the deprecated secret key), Rollbar project access tokens (`post_server_item`, deploys, item uuids),
the Bugsnag Data Access API (personal auth tokens, organization ids), Axiom API tokens and personal tokens
(`xaat-`, `xapt-`, `X-AXIOM-ORG-ID`), Better Stack source tokens (HTTP, syslog structured data, install
URLs, ingesting hosts), Papertrail API tokens, Logz.io shipping tokens and Coralogix Send-Your-Data keys,
in commands, config files, tool output and agent prose, with the public ids, references, placeholders and
masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 65 to 69):
21 of 24 secrets caught, 0 of 22 look-alikes altered (missed: a user's password after `security.users:`, a Better
Stack token as an install URL's path, a Rollbar token as `rollbar.init`'s argument).
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
    const,
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

LS = "logship"

GRAFANA_REGIONS = ("prod-eu-west-2", "prod-us-east-0", "prod-ap-southeast-1", "prod-us-central-0")


def _b64json(obj: dict) -> str:
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def glc_token(rng: random.Random) -> str:
    """A Grafana Cloud access policy token: `glc_` and base64 of {"o","n","k","m":{"r"}}."""
    org = digits(7)(rng)
    name = f"stack-{digits(6)(rng)}-{rng.choice(('alloy', 'logs-write', 'otlp', 'metrics-publisher'))}"
    return "glc_" + _b64json({"o": org, "n": name, "k": b62(24)(rng), "m": {"r": rng.choice(GRAFANA_REGIONS)}})


def grafana_legacy_key(rng: random.Random) -> str:
    """A legacy Grafana Cloud API key: base64 of {"k","n","id"} (so it opens with `eyJrIjoi`)."""
    name = rng.choice(("promtail", "logs-publisher", "edge-shipper"))
    return _b64json({"k": b62(32)(rng), "n": name, "id": int(digits(6)(rng))})


def grafana_otlp_basic(rng: random.Random) -> str:
    """base64("<instance id>:<glc_ token>") as Grafana Cloud's OTLP page builds it."""
    return base64.b64encode(f"{digits(6)(rng)}:{glc_token(rng)}".encode()).decode()


def tenant_name(rng: random.Random) -> str:
    return f"{rng.choice(('payments', 'checkout', 'search', 'ledger'))}-{rng.choice(('prod', 'staging', 'eu'))}"


def betterstack_host(rng: random.Random) -> str:
    return f"s{digits(7)(rng)}.{rng.choice(('eu-nbg-2', 'us-east-9', 'eu-fsn-3'))}.betterstackdata.com"


axiom_org = join("brightkite-", lower_alnum(4))
instance_id = join(pick("123456789", 1), digits(6))
user_id = join(pick("123456789", 1), digits(5))
logzio_token = pick(string.ascii_letters, 32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 0, 22, "the rules for 65 to 69")

TEMPLATES = [
    # ---- secrets: Grafana Alloy, Promtail, OTLP to Grafana Cloud
    S(
        LS,
        "alloy_glc_password",
        'prometheus.remote_write "grafana_cloud" {\n  endpoint {\n'
        '    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n\n'
        '    basic_auth {\n      username = "{user}"\n      password = "{v}"\n    }\n  }\n}',
        glc_token,
        user=instance_id,
    ),
    S(
        LS,
        "promtail_url_userinfo",
        "clients:\n  - url: https://{user}:{v}@logs-prod-012.grafana.net/loki/api/v1/push\n"
        "    external_labels:\n      host: edge-gw-03",
        grafana_legacy_key,
        user=user_id,
    ),
    S(
        LS,
        "otlp_headers_basic",
        'export OTEL_EXPORTER_OTLP_PROTOCOL="http/protobuf"\n'
        'export OTEL_EXPORTER_OTLP_ENDPOINT="https://otlp-gateway-prod-eu-west-2.grafana.net/otlp"\n'
        'export OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20{v}"',
        grafana_otlp_basic,
    ),
    # ---- secrets: OpenTelemetry Collector and Axiom
    S(
        LS,
        "otelcol_axiom_bearer",
        "exporters:\n  otlphttp/axiom:\n    compression: gzip\n    endpoint: https://api.axiom.co\n"
        "    headers:\n      authorization: Bearer {v}\n      x-axiom-dataset: otel-traces",
        join("xaat-", uuid),
    ),
    S(
        LS,
        "axiom_pat_env",
        "$ AXIOM_TOKEN={v} AXIOM_ORG_ID={org} axiom dataset list",
        join("xapt-", uuid),
        org=axiom_org,
    ),
    # ---- secrets: Fluent Bit and Fluentd
    S(
        LS,
        "fluentbit_forward_shared_key",
        "[OUTPUT]\n    Name          forward\n    Match         *\n    Host          fluentd-aggregator.logging.svc\n"
        "    Port          24224\n    Self_Hostname fluent-bit-edge\n    Shared_Key    {v}\n    tls           on",
        password(24),
    ),
    S(
        LS,
        "fluentd_security_shared_key",
        "<source>\n  @type forward\n  port 24224\n  <security>\n    self_hostname aggregator.logging.svc\n"
        "    shared_key {v}\n  </security>\n</source>",
        b62(32),
    ),
    S(
        LS,
        "fluentbit_security_users",
        "pipeline:\n  inputs:\n    - name: forward\n      listen: 0.0.0.0\n      port: 24224\n"
        "      shared_key: ${FORWARD_SHARED_KEY}\n      self_hostname: aggregator\n"
        "      security.users: edge-agent {v}",
        password(20),
    ),
    S(
        LS,
        "fluentbit_http_passwd",
        "[OUTPUT]\n    Name        http\n    Match       app.*\n    Host        logs.brightkite.dev\n    Port        443\n"
        "    URI         /ingest/v1/bulk\n    Format      json_lines\n    tls         On\n"
        "    HTTP_User   shipper\n    HTTP_Passwd {v}",
        password(18),
    ),
    # ---- secrets: Splunk HEC tokens (GUID-shaped)
    S(
        LS,
        "fluentbit_splunk_token",
        "[OUTPUT]\n    Name          splunk\n    Match         *\n    Host          splunk-hec.brightkite.internal\n"
        "    Port          8088\n    Splunk_Token  {v}\n    TLS           On",
        uuid,
    ),
    S(
        LS,
        "vector_splunk_default_token",
        '[sinks.splunk]\ntype = "splunk_hec_logs"\ninputs = ["parse_nginx"]\n'
        'endpoint = "https://hec.brightkite.internal:8088"\ndefault_token = "{v}"\nencoding.codec = "json"',
        uuid,
    ),
    # ---- secrets: Logstash
    S(
        LS,
        "logstash_es_password",
        'output {\n  elasticsearch {\n    hosts => ["https://es01.brightkite.internal:9200"]\n'
        '    user => "logstash_writer"\n    password => "{v}"\n'
        '    ssl_certificate_authorities => ["/etc/logstash/certs/ca.crt"]\n  }\n}',
        password(16),
    ),
    S(
        LS,
        "logstash_keystore_pass",
        "$ set +o history\n$ export LOGSTASH_KEYSTORE_PASS='{v}'\n$ set -o history\n$ sudo -E bin/logstash-keystore create",
        password(22),
    ),
    # ---- secrets: Better Stack source tokens
    S(
        LS,
        "vector_betterstack_bearer",
        '[sinks.better_stack_http_sink]\ntype = "http"\nmethod = "post"\nuri = "https://{host}/"\n'
        'encoding.codec = "json"\nauth.strategy = "bearer"\nauth.token = "{v}"',
        b62(24),
        host=betterstack_host,
    ),
    S(
        LS,
        "betterstack_syslog_sd",
        'template(name="LogtailFormat" type="string"\n'
        '  string="<%pri%>%protocol-version% %timestamp:::date-rfc3339% %HOSTNAME% %app-name% %procid% %msgid% '
        '[logtail@11993 source_token=\\"{v}\\"] %msg%\\n")',
        b62(24),
    ),
    S(
        LS,
        "betterstack_install_url",
        "$ wget -qO- https://telemetry.betterstack.com/syslog-ng/{v} | sudo sh",
        b62(24),
    ),
    # ---- secrets: Logz.io and Coralogix
    S(
        LS,
        "logzio_endpoint_token",
        "<match nginx.**>\n  @type logzio_buffered\n"
        "  endpoint_url https://listener-eu.logz.io:8071?token={v}&type=nginx-access\n"
        "  output_include_time true\n</match>",
        logzio_token,
    ),
    S(
        LS,
        "coralogix_privatekey",
        '<match app.**>\n  @type coralogix\n  privatekey "{v}"\n  appname "checkout"\n'
        '  subsystemname "api"\n  is_json true\n</match>',
        uuid,
    ),
    S(
        LS,
        "coralogix_send_your_data",
        "$ curl -X POST https://ingress.eu2.coralogix.com/logs/v1/singles -H 'Content-Type: application/json' "
        "-H 'Authorization: Bearer {v}' "
        '-d \'[{"applicationName":"checkout","subsystemName":"api","text":"deploy ok"}]\'',
        join("cxtp_", b62(30)),
    ),
    # ---- secrets: error trackers
    S(
        LS,
        "sentry_dsn_secret_key",
        "SENTRY_DSN=https://{pub}:{v}@sentry.brightkite.dev/7",
        hexl(32),
        pub=hexl(32),
    ),
    S(
        LS,
        "rollbar_deploy_token",
        "$ curl https://api.rollbar.com/api/1/deploy -F access_token={v} -F environment=production "
        "-F revision={sha} -F local_username=ci",
        hexl(32),
        sha=hexl(40),
    ),
    S(
        LS,
        "rollbar_init_positional",
        "import os\n\nimport rollbar\n\nrollbar.init('{v}', environment='production', code_version=os.environ['GIT_SHA'])",
        hexl(32),
    ),
    S(
        LS,
        "bugsnag_auth_token",
        "$ curl --get 'https://api.bugsnag.com/organizations/{org}/projects' "
        "--header 'Authorization: token {v}' --header 'X-Version: 2'",
        uuid,
        org=hexl(24),
    ),
    S(
        LS,
        "papertrail_token_header",
        '$ curl -s -H "X-Papertrail-Token: {v}" "https://papertrailapp.com/api/v1/events/search.json?q=502"',
        b62(20),
    ),
    # ---- look-alikes: public ids beside Grafana credentials
    L(
        LS,
        "grafana_instance_id",
        'loki.write "grafana_cloud" {\n  endpoint {\n    url = "https://logs-prod-012.grafana.net/loki/api/v1/push"\n'
        '    basic_auth {\n      username = "{v}"\n      password = sys.env("GRAFANA_CLOUD_API_KEY")\n    }\n  }\n}',
        instance_id,
    ),
    L(
        LS,
        "alloy_k8s_secret_ref",
        '    basic_auth {\n      username = convert.nonsensitive(remote.kubernetes.secret.credentials.data["loki-user"])\n'
        "      password = {v}\n    }",
        const('remote.kubernetes.secret.credentials.data["loki-token"]'),
    ),
    L(
        LS,
        "loki_org_id",
        '$ logcli query \'{app="checkout"} |= "timeout"\' --addr=http://loki-gateway.logging.svc --org-id={v} --limit=50',
        tenant_name,
    ),
    L(
        LS,
        "tempo_trace_id",
        '$ curl -s -H "X-Scope-OrgID: {tenant}" http://tempo-query-frontend.tracing.svc:3200/api/traces/{v} '
        "| jq '.batches | length'\n7",
        hexl(32),
        tenant=tenant_name,
    ),
    L(
        LS,
        "promtail_masked",
        "$ promtail -config.file=/etc/promtail/config.yml -print-config-stderr 2>&1 | grep -A3 basic_auth\n"
        '    basic_auth:\n      username: "{user}"\n      password: {v}\n      password_file: ""',
        const("<secret>"),
        user=user_id,
    ),
    L(
        LS,
        "alloy_image_digest",
        "$ docker pull grafana/alloy@sha256:{v}",
        hexl(64),
    ),
    # ---- look-alikes: references in collector and shipper configs
    L(
        LS,
        "otel_env_ref",
        "exporters:\n  otlphttp/axiom:\n    endpoint: https://api.axiom.co\n    headers:\n"
        "      authorization: Bearer {v}\n      x-axiom-dataset: otel-logs",
        const("${env:AXIOM_TOKEN}"),
    ),
    L(
        LS,
        "otel_token_file",
        'extensions:\n  bearertokenauth/tempo:\n    scheme: "Bearer"\n    filename: {v}',
        const("/var/run/secrets/otel/tempo-token"),
    ),
    L(
        LS,
        "logstash_keystore_ref",
        '    user => "logstash_writer"\n    password => "{v}"',
        const("${ES_PWD}"),
    ),
    L(
        LS,
        "logstash_keystore_list",
        "$ bin/logstash-keystore list\nes_user\n{v}\nkafka_sasl_password",
        const("es_pwd"),
    ),
    L(
        LS,
        "fluentbit_env_ref",
        "[OUTPUT]\n    Name          forward\n    Match         *\n    Self_Hostname fluent-bit-edge\n    Shared_Key    {v}",
        const("${FLUENT_SHARED_KEY}"),
    ),
    L(
        LS,
        "k8s_secret_name",
        "        env:\n          - name: LOGZIO_LOGS_TOKEN\n            valueFrom:\n              secretKeyRef:\n"
        "                name: {v}\n                key: logzio-log-shipping-token",
        const("logzio-logs-secret"),
    ),
    # ---- look-alikes: ids and hosts that travel with tokens
    L(
        LS,
        "splunk_channel",
        "$ curl -k https://hec.brightkite.internal:8088/services/collector/event "
        '-H "Authorization: Splunk $SPLUNK_HEC_TOKEN" -H "X-Splunk-Request-Channel: {v}" '
        '-d \'{"event": "deploy finished"}\'',
        uuid,
    ),
    L(
        LS,
        "betterstack_ingesting_host",
        "Source created. Ingesting host: {v}  (the source token is shown once, copy it into the vault now)",
        betterstack_host,
    ),
    L(
        LS,
        "axiom_org_id",
        "$ curl -s https://api.axiom.co/v2/datasets -H \"Authorization: Bearer $AXIOM_PAT\" -H 'X-AXIOM-ORG-ID: {v}'",
        axiom_org,
    ),
    L(
        LS,
        "sentry_public_dsn",
        'Sentry.init({\n  dsn: "https://{v}@o{org}.ingest.us.sentry.io/{proj}",\n  tracesSampleRate: 0.2,\n});',
        hexl(32),
        org=digits(7),
        proj=digits(16),
    ),
    L(
        LS,
        "sentry_event_id",
        "The failure is Sentry event `{v}` in checkout-api: the stack trace ends in `PaymentClient.capture`"
        " with a read timeout after 30s.",
        hexl(32),
    ),
    L(
        LS,
        "rollbar_code_version",
        "Rollbar.configure do |config|\n  config.access_token = ENV['ROLLBAR_ACCESS_TOKEN']\n"
        "  config.environment = 'production'\n  config.code_version = '{v}'\nend",
        hexl(40),
    ),
    L(
        LS,
        "rollbar_item_uuid",
        '{\n  "err": 0,\n  "result": {\n    "id": null,\n    "uuid": "{v}"\n  }\n}',
        uuid,
    ),
    L(
        LS,
        "bugsnag_org_id",
        '$ curl -s https://api.bugsnag.com/user/organizations -H "Authorization: token $BUGSNAG_AUTH_TOKEN" '
        '-H \'X-Version: 2\' | jq \'.[0] | {id, slug}\'\n{\n  "id": "{v}",\n  "slug": "brightkite"\n}',
        hexl(24),
    ),
    # ---- look-alikes: documented placeholders
    L(
        LS,
        "logzio_placeholder",
        "  endpoint_url https://listener.logz.io:8071?token={v}&type=my_type",
        const("x" * 32),
    ),
    L(
        LS,
        "papertrail_placeholder",
        '$ echo "token: {v}" > ~/.papertrail.yml   # from the README; swap in the token from your profile',
        counting(32, hex_digits=True),
    ),
]
