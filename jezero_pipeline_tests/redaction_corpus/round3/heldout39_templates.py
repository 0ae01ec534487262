"""A thirty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of search, metrics and analytics engines: Elasticsearch
(`elasticsearch-reset-password`, the first-start security banner, `elasticsearch-create-enrollment-token`
and `kibana-setup`, the create and invalidate API key APIs, `Authorization: ApiKey`, service account
tokens from `elasticsearch-service-tokens`, `elasticsearch-keystore`, `GET /`, Beats `cloud.id` and
`ssl.ca_trusted_fingerprint`), Kibana (`kibana.yml` with `kibana_system`, `kibana-encryption-keys generate`,
`kibana-keystore`), OpenSearch (`OPENSEARCH_INITIAL_ADMIN_PASSWORD`, `plugins.security.authcz.admin_dn`),
ClickHouse (`users.xml` passwords and the documented shell recipe, `from_env`, `clickhouse-client`), InfluxDB
(`influx config create`, `influx auth create`/`inactive`, `influx org list`, `influxdb3 create token --admin`,
Telegraf's `outputs.influxdb_v2`), Grafana (`grafana cli admin reset-admin-password`, `[security] secret_key`,
`$__env{}` expansion, `__FILE` variables, legacy `eyJrIjoi` API keys, datasource uids), Prometheus and
Alertmanager (`basic_auth`, `authorization.credentials`, `password_file`, the `<secret>` mask of
`/api/v1/status/config`, Opsgenie receivers, `amtool silence add`, alert fingerprints), Meilisearch (the
generated master key in the start-up log, `/keys` listings and key uids) and Typesense (`typesense-server.ini`,
the `/keys` create response, `X-TYPESENSE-API-KEY`, Typesense Cloud hostnames), in commands, config files and
tool output, with the public ids the same documentation shows beside them. Grafana `glsa_` tokens and
Splunk are left to other sets; password hashes (ClickHouse `password_sha256_hex`, bcrypt in web configs) are
left out as neither clearly a credential nor clearly public.

First score, blind, before any rule changed for it (after the rules for 24 to 38 and 41):
22 of 26 secrets caught, 2 of 24 look-alikes altered (missed: a password printed by `elasticsearch-reset-
password` as `New value: …` lines below, one printed under a line naming it with an aside in brackets, a value
printed by `elasticsearch-keystore show`, a token in the `Token` column of `influx auth create`'s table;
altered: an Elasticsearch API key's id, a key's UUID in a REST path (`/keys/<uuid>`)).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    alphabet_run,
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
    pick,
    uuid,
)

SE = "search"

# Elasticsearch's auto-generated passwords: 20 characters of letters, digits and a few symbols.
es_password = pick(string.ascii_letters + string.digits + "*-_=+", 20)
api_key_id = b64url(20)
api_key_secret = b64url(22)


def api_key_pair(rng: random.Random) -> str:
    """`id:api_key`, the form Beats and Logstash take."""
    return f"{api_key_id(rng)}:{api_key_secret(rng)}"


def api_key_encoded(rng: random.Random) -> str:
    """The `encoded` value sent as `Authorization: ApiKey …` (base64 of `id:api_key`)."""
    return base64.b64encode(api_key_pair(rng).encode()).decode()


def enrollment_token(rng: random.Random) -> str:
    """An Elasticsearch 8 enrollment token: base64 of a compact JSON with version, addresses, CA fingerprint, key."""
    body = {
        "ver": "8.14.3",
        "adr": [f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}:9200"],
        "fgr": hexl(64)(rng),
        "key": api_key_pair(rng),
    }
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


def service_token(principal: str):
    """A service account token: url-safe base64, no padding, of 00 01 00 01 + `principal/name:secret`."""

    def make(rng: random.Random) -> str:
        raw = b"\x00\x01\x00\x01" + f"{principal}:{b64url(22)(rng)}".encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    return make


def grafana_api_key(rng: random.Random) -> str:
    """A legacy (pre service account) Grafana API key: base64 of `{"k":…,"n":…,"id":…}`."""
    body = {"k": b62(32)(rng), "n": "ci-dashboards", "id": rng.randrange(2, 40)}
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


def cloud_id(rng: random.Random) -> str:
    """An Elastic Cloud ID: deployment name, colon, base64 of `host:port$es_uuid$kibana_uuid`."""
    inner = f"europe-west4.gcp.elastic-cloud.com:443${hexl(32)(rng)}${hexl(32)(rng)}"
    return "brightkite-prod:" + base64.b64encode(inner.encode()).decode()


influx_token = join(b64url(86), "==")
influx_id = hexl(16)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 2, 24, "the rules for 24 to 38 and 41")

TEMPLATES = [
    # ---- secrets: Elasticsearch passwords printed by the tools
    S(
        SE,
        "es_reset_password_output",
        "$ sudo /usr/share/elasticsearch/bin/elasticsearch-reset-password -u elastic\n"
        "This tool will reset the password of the [elastic] user to an autogenerated value.\n"
        "The password will be printed in the console.\n"
        "Please confirm that you would like to continue [y/N]y\n\n\n"
        "Password for the [elastic] user successfully reset.\nNew value: {v}",
        es_password,
    ),
    S(
        SE,
        "es_first_start_banner",
        "✅ Elasticsearch security features have been automatically configured!\n"
        "✅ Authentication is enabled and cluster connections are encrypted.\n\n"
        "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n"
        "  {v}\n\nℹ️  HTTP CA certificate SHA-256 fingerprint:\n  {fgr}",
        es_password,
        fgr=hexl(64),
    ),
    S(
        SE,
        "es_keystore_show",
        "$ docker exec es01 bin/elasticsearch-keystore show xpack.security.http.ssl.keystore.secure_password\n{v}",
        b64url(22),
    ),
    # ---- secrets: Elasticsearch tokens and API keys
    S(
        SE,
        "es_enrollment_token",
        "$ bin/kibana-setup --enrollment-token {v}\n\n✔ Kibana configured successfully.",
        enrollment_token,
    ),
    S(
        SE,
        "es_api_key_response",
        '{\n  "id" : "{id}",\n  "name" : "ingest-writer",\n  "expiration" : 1767225600000,\n  "api_key" : "{v}"\n}',
        api_key_secret,
        id=api_key_id,
    ),
    S(
        SE,
        "es_apikey_header",
        '$ curl -s -H "Authorization: ApiKey {v}" "https://es01.internal:9200/_cat/indices?v=true"',
        api_key_encoded,
    ),
    S(
        SE,
        "es_service_token",
        "$ bin/elasticsearch-service-tokens create elastic/kibana kibana-prod\n"
        "SERVICE_TOKEN elastic/kibana/kibana-prod = {v}",
        service_token("elastic/kibana/kibana-prod"),
    ),
    # ---- secrets: Kibana and OpenSearch configuration
    S(
        SE,
        "kibana_system_password",
        'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01:9200"]\n'
        'elasticsearch.username: "kibana_system"\nelasticsearch.password: "{v}"',
        es_password,
    ),
    S(
        SE,
        "kibana_encryption_keys",
        "$ bin/kibana-encryption-keys generate --quiet\nxpack.encryptedSavedObjects.encryptionKey: {v}\n"
        "xpack.reporting.encryptionKey: {rep}\nxpack.security.encryptionKey: {sec}",
        hexl(32),
        rep=hexl(32),
        sec=hexl(32),
    ),
    S(
        SE,
        "opensearch_initial_admin_password",
        '$ docker run -d -p 9200:9200 -e "discovery.type=single-node"'
        ' -e "OPENSEARCH_INITIAL_ADMIN_PASSWORD={v}" opensearchproject/opensearch:2.15.0',
        join(b62(14), "#", digits(2)),
    ),
    # ---- secrets: ClickHouse
    S(
        SE,
        "clickhouse_users_xml_password",
        "<clickhouse>\n    <users>\n        <analytics>\n            <password>{v}</password>\n"
        "            <networks>\n                <ip>10.0.0.0/8</ip>\n            </networks>\n"
        "            <profile>default</profile>",
        password(20),
    ),
    S(
        SE,
        "clickhouse_generated_password",
        '$ PASSWORD=$(base64 < /dev/urandom | head -c16); echo "$PASSWORD";'
        " echo -n \"$PASSWORD\" | sha256sum | tr -d '-'\n"
        "{v}\n{h}  ",
        b64(16),
        h=hexl(64),
    ),
    S(
        SE,
        "clickhouse_client_password",
        "$ clickhouse-client --host ch-01.brightkite.internal --secure --user analytics --password '{v}'"
        ' --query "SELECT count() FROM events.page_views"',
        password(18),
    ),
    # ---- secrets: InfluxDB
    S(
        SE,
        "influx_config_token",
        "$ influx config create --config-name prod --host-url https://influx.brightkite.internal:8086"
        " --org brightkite --token {v} --active",
        influx_token,
    ),
    S(
        SE,
        "influx_auth_create_output",
        "$ influx auth create --org brightkite --read-bucket {bucket} --description 'grafana read'\n"
        "ID\t\t\tDescription\tToken\t\t\t\t\t\t\t\t\t\t\t\tUser Name\tUser ID\t\t\tPermissions\n"
        "{id}\tgrafana read\t{v}\tadmin\t\t{uid}\t[read:orgs/{org}/buckets/{bucket}]",
        influx_token,
        bucket=influx_id,
        id=influx_id,
        uid=influx_id,
        org=influx_id,
    ),
    S(
        SE,
        "influxdb3_admin_token",
        "$ influxdb3 create token --admin\n\nNew token created successfully!\n\nToken: {v}\n"
        "HTTP Requests Header: Authorization: Bearer {v}\n\n"
        "IMPORTANT: Store this token securely, as it will not be shown again.",
        join("apiv3_", b64url(86)),
    ),
    # ---- secrets: Grafana
    S(
        SE,
        "grafana_reset_admin_password",
        "$ sudo grafana cli --homepath /usr/share/grafana admin reset-admin-password {v}\n"
        "Admin password changed successfully ✔",
        password(16),
    ),
    S(
        SE,
        "grafana_secret_key",
        "[security]\nadmin_user = admin\n# used for signing and encrypting datasource secrets\nsecret_key = {v}\n"
        "cookie_secure = true",
        b62(32),
    ),
    S(
        SE,
        "grafana_legacy_api_key",
        '$ curl -s -H "Authorization: Bearer {v}" "https://grafana.brightkite.dev/api/search?query=ingest"',
        grafana_api_key,
    ),
    # ---- secrets: Prometheus and Alertmanager
    S(
        SE,
        "prometheus_remote_write_basic_auth",
        "remote_write:\n  - url: https://metrics.brightkite.dev/api/v1/push\n    basic_auth:\n"
        "      username: {user}\n      password: {v}",
        b62(40),
        user=digits(7),
    ),
    S(
        SE,
        "prometheus_authorization_credentials",
        "  - job_name: federate-eu\n    scheme: https\n    metrics_path: /federate\n    authorization:\n"
        "      type: Bearer\n      credentials: {v}",
        b64url(48),
    ),
    S(
        SE,
        "alertmanager_opsgenie_key",
        "receivers:\n  - name: ops-oncall\n    opsgenie_configs:\n      - api_key: {v}\n"
        "        api_url: https://api.eu.opsgenie.com/\n        priority: P2",
        uuid,
    ),
    # ---- secrets: Meilisearch and Typesense
    S(
        SE,
        "meili_generated_master_key",
        "We generated a new secure master key for you (you can safely use this token):\n\n"
        ">> --master-key {v} <<\n\n"
        "Restart Meilisearch with the argument above to use this new and secure master key.",
        b64url(43),
    ),
    S(
        SE,
        "meili_admin_api_key",
        '    {\n      "name": "Default Admin API Key",\n'
        '      "description": "Use it for anything that is not a search operation.",\n'
        '      "key": "{v}",\n      "uid": "{uid}",\n      "actions": ["*"],\n      "indexes": ["*"],',
        hexl(64),
        uid=uuid,
    ),
    S(
        SE,
        "typesense_server_ini",
        "[server]\napi-address = 0.0.0.0\napi-port = 8108\ndata-dir = /var/lib/typesense\napi-key = {v}\n"
        "log-dir = /var/log/typesense",
        b62(32),
    ),
    S(
        SE,
        "typesense_created_key_value",
        '{"actions":["documents:search"],"collections":["products"],"description":"storefront search",'
        '"expires_at":64723363199,"id":{kid},"value":"{v}"}',
        b62(32),
        kid=join(pick("123456789", 1), digits(1)),
    ),
    # ---- look-alikes: Elasticsearch and Kibana identifiers
    L(
        SE,
        "es_api_key_id",
        '$ curl -s -X DELETE "https://localhost:9200/_security/api_key" -u elastic'
        ' -H "Content-Type: application/json" -d \'{"ids":["{v}"]}\'\n'
        '{"invalidated_api_keys":["{v}"],"previously_invalidated_api_keys":[],"error_count":0}',
        api_key_id,
    ),
    L(
        SE,
        "es_cluster_uuid",
        '{\n  "name" : "es01",\n  "cluster_name" : "docker-cluster",\n  "cluster_uuid" : "{v}",\n'
        '  "version" : {\n    "number" : "8.14.3",',
        b64url(22),
    ),
    L(
        SE,
        "es_ca_fingerprint",
        'output.elasticsearch:\n  hosts: ["https://es01.internal:9200"]\n  ssl.ca_trusted_fingerprint: "{v}"',
        hexl(64),
    ),
    L(
        SE,
        "es_cloud_id",
        'cloud.id: "{v}"\ncloud.auth: "${ES_CLOUD_AUTH}"',
        cloud_id,
    ),
    L(
        SE,
        "kibana_env_reference",
        'elasticsearch.username: "kibana_system"\nelasticsearch.password: "{v}"',
        const("${KIBANA_SYSTEM_PASSWORD}"),
    ),
    L(
        SE,
        "kibana_keystore_masked",
        "$ bin/kibana-keystore add elasticsearch.password\nEnter value for elasticsearch.password: {v}",
        const("********"),
    ),
    L(
        SE,
        "es_keystore_setting_name",
        "$ bin/elasticsearch-keystore list\nautoconfiguration.password_hash\nkeystore.seed\n{v}\n"
        "xpack.security.transport.ssl.keystore.secure_password",
        const("xpack.security.http.ssl.keystore.secure_password"),
    ),
    L(
        SE,
        "opensearch_admin_dn",
        'plugins.security.authcz.admin_dn:\n  - "{v}"\nplugins.security.ssl.http.pemkey_filepath: node-key.pem',
        const("CN=admin,OU=platform,O=Brightkite,L=Utrecht,C=NL"),
    ),
    # ---- look-alikes: ClickHouse and InfluxDB
    L(
        SE,
        "clickhouse_from_env",
        '        <analytics>\n            <password from_env="{v}"/>\n            <profile>default</profile>',
        const("CLICKHOUSE_ANALYTICS_PASSWORD"),
    ),
    L(
        SE,
        "clickhouse_query_id",
        "ch-01.brightkite.internal :) SELECT count() FROM events.page_views\n\nQuery id: {v}\n\n"
        "   ┌──count()─┐\n1. │ 48210377 │\n   └──────────┘",
        uuid,
    ),
    L(
        SE,
        "influx_org_id",
        "$ influx org list\nID\t\t\tName\n{v}\tbrightkite",
        influx_id,
    ),
    L(
        SE,
        "influx_auth_id",
        "$ influx auth inactive --id {v}\n(the token itself stays in the vault; only the authorization ID is needed)",
        influx_id,
    ),
    L(
        SE,
        "telegraf_token_reference",
        '[[outputs.influxdb_v2]]\n  urls = ["https://influx.brightkite.internal:8086"]\n  token = "{v}"\n'
        '  organization = "brightkite"\n  bucket = "telegraf"',
        const("${INFLUX_TOKEN}"),
    ),
    # ---- look-alikes: Grafana
    L(
        SE,
        "grafana_datasource_uid",
        '      "datasource": {\n        "type": "prometheus",\n        "uid": "{v}"\n      },',
        join("P", hexu(16)),
    ),
    L(
        SE,
        "grafana_env_expansion",
        "[security]\nadmin_password = $__file{/run/secrets/grafana_admin_password}\nsecret_key = $__env{{v}}",
        const("GF_SECRET_KEY"),
    ),
    L(
        SE,
        "grafana_password_file",
        "    environment:\n      GF_SECURITY_ADMIN_USER: admin\n      GF_SECURITY_ADMIN_PASSWORD__FILE: {v}",
        const("/run/secrets/grafana_admin_password"),
    ),
    # ---- look-alikes: Prometheus and Alertmanager
    L(
        SE,
        "prometheus_secret_mask",
        "$ curl -s localhost:9090/api/v1/status/config | jq -r .data.yaml | grep -A3 basic_auth\n"
        "  basic_auth:\n    username: {user}\n    password: {v}",
        const("<secret>"),
        user=digits(7),
    ),
    L(
        SE,
        "prometheus_password_file",
        "    basic_auth:\n      username: prometheus\n      password_file: {v}",
        const("/etc/prometheus/secrets/scrape-password"),
    ),
    L(
        SE,
        "alertmanager_silence_id",
        "$ amtool silence add alertname=DiskPressure instance=es01:9200 --duration=2h"
        " --comment='node rebuild' --alertmanager.url=http://localhost:9093\n{v}",
        uuid,
    ),
    L(
        SE,
        "alertmanager_fingerprint",
        '    "fingerprint": "{v}",\n    "receivers": [{"name": "ops-oncall"}],\n'
        '    "status": {"state": "active", "silencedBy": [], "inhibitedBy": []},',
        hexl(16),
    ),
    # ---- look-alikes: Meilisearch and Typesense
    L(
        SE,
        "meili_key_uid",
        "$ curl -X PATCH 'http://localhost:7700/keys/{v}' -H \"Authorization: Bearer $MEILI_MASTER_KEY\""
        " -H 'Content-Type: application/json' --data-binary '{\"name\": \"storefront search\"}'",
        uuid,
    ),
    L(
        SE,
        "meili_placeholder",
        "# .env.example: replace before the first start, at least 16 bytes\nMEILI_ENV=production\nMEILI_MASTER_KEY={v}",
        alphabet_run(24),
    ),
    L(
        SE,
        "typesense_cloud_host",
        "const client = new Typesense.Client({\n"
        "  nodes: [{ host: '{v}-1.a1.typesense.net', port: 443, protocol: 'https' }],",
        lower_alnum(16),
    ),
    L(
        SE,
        "typesense_header_reference",
        '$ curl "http://localhost:8108/keys" -X POST -H "X-TYPESENSE-API-KEY: {v}"'
        ' -d \'{"description":"storefront search","actions":["documents:search"],"collections":["products"]}\'',
        const("${TYPESENSE_API_KEY}"),
    ),
]
