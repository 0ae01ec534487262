"""A twenty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of observability vendors and pipelines: Datadog (32-hex API keys,
40-hex application keys, `dd-api-key` intake URLs, the Helm chart), New Relic (`NRAK-` user keys,
license keys ending `NRAL`, the Log API `Api-Key` query parameter, `newrelic-admin`), Grafana Cloud
(`glc_` access-policy tokens, `glsa_` service-account tokens, OTLP gateway basic auth, Loki push
URLs, provisioning files), Honeycomb (`hcaik_` ingest keys, configuration keys, honeymarker),
Sentry (`sntrys_` organization tokens, DSNs), Splunk HEC, Elastic API keys in Logstash, PagerDuty
and Opsgenie receivers in Alertmanager, Better Stack source tokens in Vector, Dynatrace
`Api-Token`, and the OpenTelemetry collector and SDK environment variables, with the look-alikes
that sit beside them (DSNs, account and instance ids, site names, trace and span ids, alert ids,
dashboard uids, references, masks, placeholders, digests and commit SHAs).

First score, blind, before any rule changed for it (after the rules for 18 to 23 and 25):
23 of 25 secrets caught, 0 of 23 look-alikes altered (a Honeycomb key under `x-honeycomb-team=` in an OTLP headers list, a New Relic
license key as `newrelic-admin generate-config`'s argument).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

OBS = "observability"

UPPER_UUID = join(hexu(8), "-", hexu(4), "-", hexu(4), "-", hexu(4), "-", hexu(12))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 23, "the rules for 18 to 23 and 25")

TEMPLATES = [
    # ---- secrets
    S(
        OBS,
        "honeycomb_ingest_key",
        "exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443\n    headers:\n      x-honeycomb-team: {v}",
        join("hcaik_01", lower_alnum(24), lower_alnum(32)),
    ),
    S(
        OBS,
        "honeycomb_config_key",
        'export OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team={v},x-honeycomb-dataset={ds}"',
        b62(22),
        ds=const("payments-worker"),
    ),
    S(
        OBS,
        "grafana_otlp_basic",
        "OTEL_EXPORTER_OTLP_ENDPOINT=https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\n"
        'OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20{v}"',
        join("M", b64(186), "="),
    ),
    S(
        OBS,
        "grafana_cloud_token",
        "remote_write:\n  - url: https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\n"
        "    basic_auth:\n      username: {u}\n      password: {v}",
        join("glc_eyJvIjoi", b64(140), "In19"),
        u=join("1", digits(6)),
    ),
    S(
        OBS,
        "datadog_api_key",
        "# /etc/datadog-agent/datadog.yaml\napi_key: {v}\nsite: datadoghq.eu\nlogs_enabled: true",
        hexl(32),
    ),
    S(
        OBS,
        "datadog_api_key_url",
        "2024-06-11T08:14:07.312Z  WARN sink{component_id=dd_logs component_type=http}: vector::sinks::util::retries: "
        "Retrying after error. status=403 url=https://http-intake.logs.datadoghq.com/api/v2/logs?dd-api-key={v}&ddsource=vector",
        hexl(32),
    ),
    S(
        OBS,
        "datadog_api_key_cli",
        "$ helm install datadog-agent datadog/datadog -n monitoring --set datadog.site=us5.datadoghq.com "
        "--set datadog.apiKey={v} --set datadog.logs.enabled=true",
        hexl(32),
    ),
    S(
        OBS,
        "datadog_app_key",
        "from datadog import initialize, api\n"
        'initialize(api_key=os.environ["DD_API_KEY"], app_key="{v}", api_host="https://api.datadoghq.eu")',
        hexl(40),
    ),
    S(
        OBS,
        "newrelic_user_key",
        "$ newrelic profile add --profile prod --region us --apiKey {v} --accountId {a}",
        join("NRAK-", upper_alnum(27)),
        a=join("3", digits(6)),
    ),
    S(
        OBS,
        "newrelic_license_key",
        "common: &default_settings\n  license_key: '{v}'\n  app_name: billing-api\n  distributed_tracing:\n    enabled: true",
        join(hexl(36), "NRAL"),
    ),
    S(
        OBS,
        "newrelic_license_positional",
        "$ pip install newrelic && newrelic-admin generate-config {v} newrelic.ini",
        hexl(40),
    ),
    S(
        OBS,
        "newrelic_license_query",
        'curl -X POST "https://log-api.eu.newrelic.com/log/v1?Api-Key={v}" -H "Content-Type: application/json" '
        '-d \'[{"message": "nightly export finished"}]\'',
        join("eu01xx", hexl(30), "NRAL"),
    ),
    S(
        OBS,
        "sentry_org_token",
        '$ sentry-cli --auth-token {v} releases new -p web-frontend "$VERSION"',
        join("sntrys_eyJpYXQiOjE3", b62(138), "_", b62(43)),
    ),
    S(
        OBS,
        "splunk_hec_token",
        'curl -k https://splunk-hec.internal:8088/services/collector/event -H "Authorization: Splunk {v}" '
        '-d \'{"event": "deploy finished", "sourcetype": "_json"}\'',
        UPPER_UUID,
    ),
    S(
        OBS,
        "opsgenie_api_key",
        "receivers:\n  - name: opsgenie-sre\n    opsgenie_configs:\n      - api_key: {v}\n        priority: P2",
        uuid,
    ),
    S(
        OBS,
        "opsgenie_geniekey",
        'curl -X POST https://api.eu.opsgenie.com/v2/alerts -H "Content-Type: application/json" '
        '-H "Authorization: GenieKey {v}" -d \'{"message": "disk full on db-3"}\'',
        uuid,
    ),
    S(
        OBS,
        "pagerduty_routing_key",
        "  - name: pagerduty-oncall\n    pagerduty_configs:\n      - routing_key: {v}\n        severity: critical",
        hexl(32),
    ),
    S(
        OBS,
        "dynatrace_api_token",
        'curl -X POST "https://{env}.live.dynatrace.com/api/v2/metrics/ingest" -H "Authorization: Api-Token {v}" '
        '-H "Content-Type: text/plain" --data-binary "cpu.temp,host=web-1 55"',
        join("dt0c01.", upper_alnum(24), ".", upper_alnum(64)),
        env=lower_alnum(8),
    ),
    S(
        OBS,
        "elastic_api_key",
        'output {\n  elasticsearch {\n    cloud_id => "${ES_CLOUD_ID}"\n    api_key => "{id}:{v}"\n    data_stream => true\n  }\n}',
        b64url(22),
        id=b64url(20),
    ),
    S(
        OBS,
        "betterstack_source_token",
        '[sinks.betterstack]\ntype = "http"\ninputs = ["app_logs"]\nuri = "https://{h}.eu-nbg-2.betterstackdata.com/"\n'
        'encoding.codec = "json"\nauth.strategy = "bearer"\nauth.token = "{v}"',
        b62(24),
        h=join("s", digits(7)),
    ),
    S(
        OBS,
        "grafana_token_userinfo",
        "clients:\n  - url: https://{u}:{v}@logs-prod-012.grafana.net/loki/api/v1/push",
        join("glc_eyJvIjoi", b64(136), "In19"),
        u=join("8", digits(5)),
    ),
    S(
        OBS,
        "grafana_sa_token",
        'provider "grafana" {\n  url  = "https://acme.grafana.net/"\n  auth = "{v}"\n}',
        join("glsa_", b62(32), "_", hexl(8)),
    ),
    S(
        OBS,
        "slack_webhook",
        "global:\n  resolve_timeout: 5m\n  slack_api_url: 'https://hooks.slack.com/services/{t}/{b}/{v}'",
        b62(24),
        t=join("T0", upper_alnum(8)),
        b=join("B0", upper_alnum(9)),
    ),
    S(
        OBS,
        "honeycomb_classic_key",
        '$ honeymarker -k {v} -d production add -t deploy -m "web v2.31.0"',
        hexl(32),
    ),
    S(
        OBS,
        "grafana_provisioning_password",
        "apiVersion: 1\ndatasources:\n  - name: Elasticsearch logs\n    type: elasticsearch\n    url: https://es.internal:9200\n"
        "    basicAuth: true\n    basicAuthUser: grafana_reader\n    secureJsonData:\n      basicAuthPassword: {v}",
        password(16),
    ),
    # ---- look-alikes
    L(
        OBS,
        "sentry_dsn",
        'sentry_sdk.init(dsn="{v}", traces_sample_rate=0.2, environment="production")',
        join("https://", hexl(32), "@o", join("4", digits(5)), ".ingest.us.sentry.io/", join("4", digits(6))),
    ),
    L(OBS, "newrelic_account_id", "NEW_RELIC_ACCOUNT_ID={v}\nNEW_RELIC_REGION=EU", join("3", digits(6))),
    L(
        OBS,
        "datadog_site",
        "[OUTPUT]\n    Name        datadog\n    Match       *\n    Host        http-intake.logs.{v}\n"
        "    TLS         on\n    apikey      ${DD_API_KEY}\n    dd_service  checkout",
        const("datadoghq.eu"),
    ),
    L(
        OBS,
        "grafana_instance_id",
        "    basic_auth:\n      username: {v}\n      password_file: /etc/secrets/grafana-cloud-token",
        join("1", digits(6)),
    ),
    L(
        OBS,
        "honeycomb_dataset",
        "https://ui.honeycomb.io/acme/environments/production/datasets/{v}/home",
        const("payments-gateway"),
    ),
    L(
        OBS,
        "service_name",
        'export OTEL_RESOURCE_ATTRIBUTES="service.name={v},deployment.environment=staging,service.version=1.8.3"',
        const("inventory-sync"),
    ),
    L(
        OBS,
        "trace_id",
        'level=error ts=2024-06-11T08:14:07.112Z caller=handler.go:88 msg="upstream timeout" trace_id={v} span_id={s}',
        hexl(32),
        s=hexl(16),
    ),
    L(OBS, "span_id", "traceparent: 00-{t}-{v}-01", hexl(16), t=hexl(32)),
    L(
        OBS,
        "opsgenie_alert_id",
        '$ curl -s "https://api.opsgenie.com/v2/alerts/{v}?identifierType=id" -H "Authorization: GenieKey $OPSGENIE_API_KEY"',
        join(uuid, "-", digits(13)),
    ),
    L(
        OBS,
        "dashboard_uid",
        "Dashboard saved: https://acme.grafana.net/d/{v}/checkout-latency?orgId=1",
        lower_alnum(14),
    ),
    L(
        OBS,
        "webhook_path",
        "    webhook_configs:\n      - url: {v}\n        send_resolved: true",
        const("http://alert-router.monitoring.svc:9095/hooks/alertmanager"),
    ),
    L(
        OBS,
        "env_reference",
        "exporters:\n  datadog:\n    api:\n      site: datadoghq.com\n      key: {v}",
        const("${env:DD_API_KEY}"),
    ),
    L(
        OBS,
        "helm_template",
        "        - name: DD_API_KEY\n          value: {v}",
        const("{{ .Values.datadog.apiKey | quote }}"),
    ),
    L(
        OBS,
        "secret_ref",
        "        - name: NEW_RELIC_LICENSE_KEY\n          valueFrom:\n            secretKeyRef:\n"
        "              name: {v}\n              key: license-key",
        const("newrelic-bundle-license"),
    ),
    L(OBS, "mask", "    headers:\n      x-honeycomb-team: {v}", const("********")),
    L(OBS, "placeholder", "$ newrelic-admin generate-config {v} newrelic.ini", const("<your-license-key>")),
    L(OBS, "interleaved", "DD_APP_KEY={v}", interleaved(40)),
    L(OBS, "counting", "      - routing_key: {v}\n        severity: warning", counting(32, hex_digits=True)),
    L(OBS, "image_digest", "image: gcr.io/datadoghq/agent@sha256:{v}", hexl(64)),
    L(
        OBS,
        "commit_sha",
        "DD_GIT_REPOSITORY_URL=github.com/acme/checkout\nDD_GIT_COMMIT_SHA={v}",
        hexl(40),
    ),
    L(
        OBS,
        "splunk_channel",
        'curl -s https://splunk-hec.internal:8088/services/collector/ack -H "Authorization: Splunk $HEC_TOKEN" '
        '-H "X-Splunk-Request-Channel: {v}" -d \'{"acks": [0, 1]}\'',
        uuid,
    ),
    L(
        OBS,
        "non_secret_setting",
        'sentry_sdk.init(dsn=os.environ["SENTRY_DSN"], send_default_pii={v}, traces_sample_rate=0.1)',
        const("False"),
    ),
    L(
        OBS,
        "non_secret_setting",
        "# loki-config.yaml\nauth_enabled: {v}\nserver:\n  http_listen_port: 3100",
        const("true"),
    ),
]
