"""An eighty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of on-call, incident and uptime/status-page services: PagerDuty
(20-character REST API keys sent as `Authorization: Token token=…`, `u+` user tokens, 32-character
Events API v2 routing/integration keys in `/v2/enqueue` bodies and Alertmanager `pagerduty_configs`,
`P…` service and escalation-policy ids, `Q…` incident ids, the `dedup_key` the Events API returns),
Opsgenie (UUID keys under `Authorization: GenieKey …`, Alertmanager `opsgenie_configs`, the
`requestId` a 202 returns), Splunk On-Call/VictorOps (REST endpoint URLs carrying the integration
key, `X-VO-Api-Id`/`X-VO-Api-Key` headers), incident.io (Bearer API keys, the Terraform provider,
ULID severity and alert-source ids), FireHydrant (`fhb-` bot tokens, change events), Rootly
(`rootly_` API tokens, `heartbeat_` secrets in a heartbeat's JSON, heartbeat ping URLs), Atlassian
Statuspage (64-hex keys under `Authorization: OAuth …` or `?api_key=`, 12-character page and
component ids), Better Stack Uptime (Bearer tokens, secret heartbeat URLs), UptimeRobot (`u…-`
main and `ur…-` read-only keys, monitor ids, masked keys), Pingdom (API 3.1 Bearer tokens in the Go
client, check ids), Checkly (`cu_` API keys beside `CHECKLY_ACCOUNT_ID`/`X-Checkly-Account`),
Cronitor (keys in `cronitor.link/p/<key>/<monitor>` telemetry URLs and as Basic-auth usernames) and
Healthchecks.io (UUID and ping-key/slug ping URLs, `X-Api-Key`, read-only `unique_key`, badge URLs),
in commands, crontabs, config files, code and tool output, with the public ids, references,
placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 80 to 84):
23 of 26 secrets caught, 0 of 24 look-alikes altered (missed: a VictorOps key in its REST endpoint's
path after `alert`, a Better Stack heartbeat token and a Cronitor key in URLs a crontab line calls).
"""

from __future__ import annotations

from build import (
    B62,
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
    upper_alnum,
    uuid,
)

OC = "oncall"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

pd_rest_key = pick(B62 + "-_+", 20)
pd_user_token = join("u+", b64url(18))
pd_object_id = join("P", upper_alnum(6))
pd_incident_id = join("Q", upper_alnum(13))
ulid = join("01", pick(CROCKFORD, 24))
statuspage_key = hexl(64)
statuspage_id = lower_alnum(12)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 0, 24, "the rules for 80 to 84")

TEMPLATES: list = [
    # ---- secrets: PagerDuty
    S(
        OC,
        "pagerduty_rest_token_header",
        '$ curl -s -H "Accept: application/vnd.pagerduty+json;version=2" -H "Authorization: Token token={v}"'
        " \"https://api.pagerduty.com/oncalls?escalation_policy_ids[]={ep}\" | jq '.oncalls[].user.summary'",
        pd_rest_key,
        ep=pd_object_id,
    ),
    S(
        OC,
        "pagerduty_user_token_client",
        "import pagerduty\n\n"
        'session = pagerduty.RestApiV2Client("{v}", default_from="oncall-bot@lumenfield.io")\n'
        'for incident in session.iter_all("incidents", params={"statuses[]": ["triggered"]}):',
        pd_user_token,
    ),
    S(
        OC,
        "pagerduty_alertmanager_routing_key",
        "receivers:\n  - name: payments-critical\n    pagerduty_configs:\n      - routing_key: {v}\n"
        "        severity: critical\n        send_resolved: true",
        hexl(32),
    ),
    S(
        OC,
        "pagerduty_events_enqueue",
        "$ curl -sS -X POST https://events.pagerduty.com/v2/enqueue -H 'Content-Type: application/json'"
        ' -d \'{"routing_key": "{v}", "event_action": "trigger", "payload": {"summary": "disk 94% on db-07",'
        ' "source": "db-07.lumenfield.internal", "severity": "warning"}}\'',
        b62(32),
    ),
    # ---- secrets: Opsgenie, Splunk On-Call
    S(
        OC,
        "opsgenie_geniekey_header",
        "$ curl -X POST https://api.eu.opsgenie.com/v2/alerts -H 'Content-Type: application/json'"
        ' -H "Authorization: GenieKey {v}"'
        ' -d \'{"message": "Replica lag above 30s", "alias": "replica-lag-eu1", "priority": "P2"}\'',
        uuid,
    ),
    S(
        OC,
        "opsgenie_alertmanager",
        "  - name: platform-sre\n    opsgenie_configs:\n      - api_key: {v}\n"
        "        api_url: https://api.eu.opsgenie.com/\n        responders:\n          - name: platform-sre\n"
        "            type: team",
        uuid,
    ),
    S(
        OC,
        "victorops_rest_endpoint_url",
        "$ curl -X POST -H 'Content-Type: application/json'"
        ' -d \'{"message_type": "CRITICAL", "entity_id": "disk.db-07", "state_message": "disk 94%"}\''
        " https://alert.victorops.com/integrations/generic/20131114/alert/{v}/database",
        uuid,
    ),
    S(
        OC,
        "victorops_api_key_header",
        '$ curl -s -H "X-VO-Api-Id: {apiid}" -H "X-VO-Api-Key: {v}"'
        " https://api.victorops.com/api-public/v1/oncall/current | jq '.teamsOnCall[0].oncallNow'",
        hexl(32),
        apiid=hexl(8),
    ),
    # ---- secrets: incident.io, FireHydrant, Rootly
    S(
        OC,
        "incidentio_terraform_provider",
        'terraform {\n  required_providers {\n    incident = {\n      source = "incident-io/incident"\n    }\n  }\n}\n\n'
        'provider "incident" {\n  api_key = "{v}"\n}',
        b62(40),
    ),
    S(
        OC,
        "incidentio_bearer_create",
        '$ curl -s https://api.incident.io/v2/incidents -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        ' -d \'{"idempotency_key": "deploy-{idem}", "severity_id": "{sev}", "visibility": "public",'
        ' "name": "Checkout 5xx spike"}\'',
        b62(40),
        idem=hexl(12),
        sev=ulid,
    ),
    S(
        OC,
        "firehydrant_bot_token",
        '$ curl -s -X POST https://api.firehydrant.io/v1/changes/events -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{"summary": "Deploy checkout-api v2.14.0",'
        ' "environments": [{"id": "{env}"}]}\'',
        join("fhb-", hexl(32)),
        env=uuid,
    ),
    S(
        OC,
        "rootly_api_token_export",
        '# ~/.zshrc.d/rootly.sh\nexport ROOTLY_API_TOKEN="{v}"\nexport ROOTLY_API_URL="https://api.rootly.com"',
        join("rootly_", hexl(64)),
    ),
    S(
        OC,
        "rootly_heartbeat_secret_output",
        '$ curl -s -X POST https://api.rootly.com/v1/heartbeats -H "Authorization: Bearer $ROOTLY_API_TOKEN"'
        " -H 'Content-Type: application/vnd.api+json' -d @heartbeat.json | jq .data.attributes\n"
        '{\n  "slug": "nightly-etl",\n  "name": "Nightly ETL",\n  "interval": 1,\n  "interval_unit": "days",\n'
        '  "ping_url": "https://api.rootly.com/v1/heartbeats/{hid}/ping",\n  "secret": "{v}",\n'
        '  "status": "waiting"\n}',
        join("heartbeat_", hexl(64)),
        hid=uuid,
    ),
    # ---- secrets: Statuspage, Better Stack, UptimeRobot, Pingdom
    S(
        OC,
        "statuspage_api_key_query",
        '$ curl -s "https://api.statuspage.io/v1/pages/{page}/components.json?api_key={v}"'
        " | jq -r '.[] | \"\\(.id) \\(.status) \\(.name)\"'",
        statuspage_key,
        page=statuspage_id,
    ),
    S(
        OC,
        "statuspage_oauth_header_code",
        'STATUSPAGE_PAGE_ID = "{page}"\n'
        'HEADERS = {"Authorization": "OAuth {v}", "Content-Type": "application/json"}\n'
        'resp = requests.patch(f"https://api.statuspage.io/v1/pages/{STATUSPAGE_PAGE_ID}/components/{cid}",'
        " headers=HEADERS, json=body)",
        statuspage_key,
        page=statuspage_id,
        cid=statuspage_id,
    ),
    S(
        OC,
        "betterstack_bearer",
        "$ curl -s --request GET --url https://uptime.betterstack.com/api/v2/monitors"
        ' --header "Authorization: Bearer {v}" | jq ".data[].attributes.url"',
        b62(24),
    ),
    S(
        OC,
        "betterstack_heartbeat_crontab",
        "$ crontab -l\n30 2 * * * /opt/backup/pg_dump_s3.sh && curl -fsS --retry 3"
        " https://uptime.betterstack.com/api/v1/heartbeat/{v} > /dev/null",
        b62(24),
    ),
    S(
        OC,
        "uptimerobot_main_key",
        "$ curl -s -X POST https://api.uptimerobot.com/v2/getMonitors"
        ' -H "Content-Type: application/x-www-form-urlencoded" -d "api_key={v}&format=json&logs=1"',
        join("u", digits(7), "-", hexl(24)),
    ),
    S(
        OC,
        "uptimerobot_readonly_docker",
        "$ docker run -d --name uptimerobot-exporter -p 9705:9705 -e UPTIMEROBOT_API_KEY={v}"
        " ghcr.io/lumenfield/uptimerobot-exporter:1.4",
        join("ur", digits(7), "-", hexl(24)),
    ),
    S(
        OC,
        "pingdom_go_client",
        '\tclient, err := pingdom.NewClientWithConfig(pingdom.ClientConfig{\n\t\tAPIToken: "{v}",\n\t})\n\tcheck(err)',
        b64url(72),
    ),
    # ---- secrets: Checkly, Cronitor, Healthchecks.io
    S(
        OC,
        "checkly_deploy_env",
        "$ CHECKLY_API_KEY={v} CHECKLY_ACCOUNT_ID={acct} npx checkly deploy --force",
        join("cu_", hexl(32)),
        acct=uuid,
    ),
    S(
        OC,
        "cronitor_telemetry_crontab",
        '0 3 * * * curl -s "https://cronitor.link/p/{v}/db-backup?state=run" && /usr/local/bin/backup.sh'
        ' && curl -s "https://cronitor.link/p/{v}/db-backup?state=complete"',
        hexl(32),
    ),
    S(
        OC,
        "cronitor_basic_auth_user",
        "$ curl -s https://cronitor.io/api/monitors -u {v}: | jq '.monitors[].key'",
        hexl(32),
    ),
    S(
        OC,
        "healthchecks_uuid_ping_url",
        "*/15 * * * * /srv/sync/run.sh && curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/{v}",
        uuid,
    ),
    S(
        OC,
        "healthchecks_ping_key_slug",
        '$ curl -fsS -m 10 --retry 5 "https://hc-ping.com/{v}/nightly-db-backup/start"',
        b64url(22),
    ),
    S(
        OC,
        "healthchecks_api_key_header",
        '$ curl -s --header "X-Api-Key: {v}" https://healthchecks.io/api/v3/checks/ | jq ".checks[].name"',
        b64url(32),
    ),
    # ---- look-alikes: PagerDuty ids and responses
    L(
        OC,
        "pagerduty_service_id",
        "Service: checkout-api (escalates to Payments Primary)\nhttps://lumenfield.pagerduty.com/service-directory/{v}",
        pd_object_id,
    ),
    L(
        OC,
        "pagerduty_dedup_key",
        '{"status":"success","message":"Event processed","dedup_key":"{v}"}',
        hexl(32),
    ),
    L(
        OC,
        "pagerduty_incident_id",
        'Incident #{num} {v} triggered on checkout-api: "Checkout 5xx spike" (urgency: high)',
        pd_incident_id,
        num=digits(4),
    ),
    L(
        OC,
        "gha_secret_ref",
        "      - name: Apply PagerDuty config\n        env:\n          PAGERDUTY_TOKEN: {v}\n"
        "        run: terraform -chdir=infra/pagerduty apply -auto-approve",
        const("${{ secrets.PAGERDUTY_TOKEN }}"),
    ),
    L(
        OC,
        "pagerduty_placeholder",
        "# .env.example (copy to .env)\nPAGERDUTY_ROUTING_KEY={v}\nPAGERDUTY_SERVICE=checkout-api",
        const("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    # ---- look-alikes: Opsgenie, Splunk On-Call
    L(
        OC,
        "opsgenie_request_id",
        'HTTP/1.1 202 Accepted\n{"result":"Request will be processed","took":0.107,"requestId":"{v}"}',
        uuid,
    ),
    L(
        OC,
        "opsgenie_env_ref",
        'curl -s -H "Authorization: GenieKey {v}"'
        ' "https://api.opsgenie.com/v2/schedules/platform-sre_schedule/on-calls?flat=true"',
        const("$OPSGENIE_API_KEY"),
    ),
    L(
        OC,
        "victorops_api_id",
        '$ curl -s -H "X-VO-Api-Id: {v}" -H "X-VO-Api-Key: $VO_API_KEY" https://api.victorops.com/api-public/v1/team',
        hexl(8),
    ),
    # ---- look-alikes: incident.io, FireHydrant, Rootly
    L(
        OC,
        "incidentio_severity_ulid",
        '{\n  "idempotency_key": "deploy-2024-06-02",\n  "severity_id": "{v}",\n  "incident_type_id": "{itype}",\n'
        '  "visibility": "public"\n}',
        ulid,
        itype=ulid,
    ),
    L(
        OC,
        "incidentio_alert_source_id",
        "INCIDENT_IO_ALERT_SOURCE_CONFIG_ID={v}\nINCIDENT_IO_API_KEY=${INCIDENT_IO_API_KEY:?set in vault}",
        ulid,
    ),
    L(
        OC,
        "firehydrant_commit_sha",
        '$ curl -s -X POST https://api.firehydrant.io/v1/changes/events -H "Authorization: Bearer $FIREHYDRANT_API_KEY"'
        ' -d \'{"summary": "Deploy checkout-api", "change_identities": [{"type": "commit_sha", "value": "{v}"}]}\'',
        hexl(40),
    ),
    L(
        OC,
        "rootly_heartbeat_id",
        '$ curl -s -X POST "https://api.rootly.com/v1/heartbeats/{v}/ping"'
        ' -H "Authorization: Bearer $ROOTLY_HEARTBEAT_SECRET"',
        uuid,
    ),
    L(
        OC,
        "rootly_placeholder",
        'export ROOTLY_API_TOKEN="{v}"   # Organization Settings -> API Keys',
        const("<your-rootly-api-token>"),
    ),
    # ---- look-alikes: Statuspage, Better Stack, UptimeRobot, Pingdom
    L(
        OC,
        "statuspage_page_id",
        '$ curl -s -X PATCH "https://api.statuspage.io/v1/pages/{v}/components/{comp}"'
        ' -H "Authorization: OAuth $STATUSPAGE_API_KEY" -d "component[status]=major_outage"',
        statuspage_id,
        comp=statuspage_id,
    ),
    L(
        OC,
        "statuspage_component_id",
        '{"id": "{v}", "page_id": "{page}", "group_id": null, "name": "Checkout API", "status": "major_outage",'
        ' "showcase": true}',
        statuspage_id,
        page=statuspage_id,
    ),
    L(
        OC,
        "statuspage_tf_var_ref",
        'provider "statuspage" {\n  api_key = {v}\n}',
        const("var.statuspage_api_key"),
    ),
    L(
        OC,
        "betterstack_heartbeat_env_ref",
        '30 2 * * * /opt/backup/pg_dump_s3.sh && curl -fsS "https://uptime.betterstack.com/api/v1/heartbeat/{v}"',
        const("${BETTERSTACK_HEARTBEAT_TOKEN}"),
    ),
    L(
        OC,
        "uptimerobot_masked_key",
        "Main API key       {v}   [Show] [Reset]\nRead-only API key  not created",
        join("u", digits(7), "-", hexl(6), "******************"),
    ),
    L(
        OC,
        "uptimerobot_monitor_id",
        "$ curl -s -X POST https://api.uptimerobot.com/v2/getMonitors"
        ' -d "api_key=${UPTIMEROBOT_API_KEY}&monitors={v}&custom_uptime_ratios=7-30"',
        digits(9),
    ),
    L(
        OC,
        "pingdom_check_id",
        '$ curl -s -H "Authorization: Bearer $PINGDOM_API_TOKEN" https://api.pingdom.com/api/3.1/checks/{v}'
        " | jq .check.status",
        digits(7),
    ),
    # ---- look-alikes: Checkly, Cronitor, Healthchecks.io
    L(
        OC,
        "checkly_account_header",
        '$ curl -s https://api.checklyhq.com/v1/checks -H "Authorization: Bearer $CHECKLY_API_KEY"'
        ' -H "X-Checkly-Account: {v}"',
        uuid,
    ),
    L(
        OC,
        "cronitor_monitor_key",
        '$ curl -s "https://cronitor.link/p/$CRONITOR_API_KEY/{v}?state=complete&metric=duration:42"',
        lower_alnum(6),
    ),
    L(
        OC,
        "healthchecks_unique_key",
        '$ curl -s -H "X-Api-Key: $HC_API_KEY_READONLY" https://healthchecks.io/api/v3/checks/ | jq ".checks[0]"\n'
        '{\n  "name": "nightly-db-backup",\n  "slug": "nightly-db-backup",\n  "status": "up",\n'
        '  "unique_key": "{v}",\n  "last_ping": "2024-06-02T02:31:07+00:00"\n}',
        hexl(40),
    ),
    L(
        OC,
        "healthchecks_badge_url",
        "[![nightly-db-backup](https://healthchecks.io/badge/{v}/{sig}-2/nightly-db-backup.svg)]"
        "(https://status.lumenfield.io)",
        uuid,
        sig=b64url(8),
    ),
]
