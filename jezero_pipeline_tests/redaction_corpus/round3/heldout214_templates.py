"""A two-hundred-and-fourteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of status pages and uptime/cron monitoring: Atlassian Statuspage (the
`Authorization: OAuth` header with a 64-hex or UUID-shaped API key, 12-character page and component
ids, `<page>.statuspage.io/api/v2/summary.json`, the masked key Datadog's Statuspage integration
returns), Instatus (32-character Bearer keys, cuid page ids), Better Stack Uptime (24-character API
tokens, `uptime.betterstack.com/api/v1/heartbeat/<token>` URLs, numeric monitor ids), Cronitor
(32-hex keys as the basic-auth user, in `cronitor.link/p/<key>/<monitor>` telemetry URLs and under
`cronitor configure --api-key`; monitor keys as positional arguments), Healthchecks.io (check UUIDs in
`hc-ping.com` ping URLs, 22-character ping keys with slugs, 32-character `X-Api-Key` keys, `hchk
setkey`, and the public `unique_key` and badge URLs of the read-only API), UptimeRobot (main `u…`,
monitor-specific `m…` and read-only `ur…` keys, numeric monitor ids), Checkly (`cu_` API keys, UUID
account ids, `checkly whoami`, Pulumi `checkly:apiKey`, masked header values), updown.io (`X-API-KEY`,
four-character check tokens), Pingdom 3.1 Bearer tokens and check ids, StatusCake `cakectl --api-token`,
Hyperping `sk_` keys and `mon_` ids, Uptime Kuma (`uk<n>_` API keys as the basic-auth password of
`/metrics`, `/api/push/<token>` push URLs), Oh Dear (PHP SDK token, monitor ids) and Upptime (`GH_PAT`
repository secrets and its status commits), in shell commands, crontabs, config files, code and tool
output, with the public ids, placeholders, masks and secret references the same documentation shows.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
25 of 26 secrets caught, 0 of 25 look-alikes altered (missed: a Cronitor key in a
`cronitor.link/p/<key>/…` telemetry URL in code).
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
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

SP = "statuspages"

uptimerobot_main = join("u", digits(7), "-", hexl(24))
uptimerobot_monitor = join("m", digits(9), "-", hexl(24))
uptimerobot_readonly = join("ur", digits(7), "-", hexl(24))
kuma_key = join("uk", digits(1), "_", b62(32))
cuid = join("c", pick(string.ascii_lowercase + string.digits, 24))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 0, 25, "the rules for 200 to 204")

TEMPLATES = [
    # ---- secrets: Atlassian Statuspage and Instatus
    S(
        SP,
        "statuspage_oauth_header",
        '$ curl -s -H "Authorization: OAuth {v}" \\\n'
        "    https://api.statuspage.io/v1/pages/{page}/incidents/unresolved | jq -r '.[].name'",
        hexl(64),
        page=lower_alnum(12),
    ),
    S(
        SP,
        "statuspage_terraform_uuid_key",
        'provider "statuspage" {\n  api_key = "{v}"\n}\n\n'
        'resource "statuspage_component" "checkout" {\n  page_id = "{page}"\n  name    = "Checkout API"\n}',
        uuid,
        note="UUID-shaped Statuspage key next to a 12-character page id",
        page=lower_alnum(12),
    ),
    S(
        SP,
        "instatus_fetch_bearer",
        '  const res = await fetch("https://api.instatus.com/v1/pages", {\n'
        '    headers: { Authorization: "Bearer {v}" },\n  });',
        hexl(32),
    ),
    S(
        SP,
        "instatus_tool_result",
        'Tool result (read_env): {"INSTATUS_PAGE_ID": "{page}", "INSTATUS_API_KEY": "{v}", "NODE_ENV": "production"}',
        hexl(32),
        page=cuid,
    ),
    # ---- secrets: Better Stack Uptime
    S(
        SP,
        "betterstack_env_file",
        "$ cat .env.production\nAPP_URL=https://shop.example.org\nBETTERSTACK_API_TOKEN={v}\n"
        "BETTERSTACK_MONITOR_ID={mon}\nLOG_LEVEL=info",
        b62(24),
        mon=digits(7),
    ),
    S(
        SP,
        "betterstack_heartbeat_cron",
        "30 2 * * * /opt/backup/pg_dump_all.sh && curl -fsS --retry 3 "
        "https://uptime.betterstack.com/api/v1/heartbeat/{v} > /dev/null",
        b62(24),
    ),
    # ---- secrets: Cronitor
    S(
        SP,
        "cronitor_telemetry_url_code",
        "    resp = requests.get(\n"
        '        "https://cronitor.link/p/{v}/nightly-etl",\n'
        '        params={"state": "complete", "metric": "count:1284"},\n'
        "        timeout=10,\n    )",
        hexl(32),
    ),
    S(
        SP,
        "cronitor_configure_flag",
        "$ sudo cronitor configure --api-key {v}\nConfiguration file /etc/cronitor/cronitor.json updated.",
        hexl(32),
    ),
    S(
        SP,
        "cronitor_basic_auth_user",
        '$ curl -s https://cronitor.io/api/monitors -u {v}: | jq ".monitors[].key"',
        hexl(32),
    ),
    # ---- secrets: Healthchecks.io
    S(
        SP,
        "healthchecks_ping_uuid",
        "# m h dom mon dow command\n"
        "15 3 * * * /usr/local/bin/restic-backup.sh && curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/{v}",
        uuid,
        note="the check UUID in a ping URL is the only authentication",
    ),
    S(
        SP,
        "healthchecks_api_key_header",
        "$ curl -s https://healthchecks.io/api/v3/checks/ -H \"X-Api-Key: {v}\" | jq '.checks | length'\n7",
        b64url(32),
    ),
    S(
        SP,
        "healthchecks_ping_key_slug",
        '$ curl -fsS -m 10 "https://hc-ping.com/{v}/db-backup/start?create=1"\nOK',
        b64url(22),
    ),
    S(
        SP,
        "healthchecks_hchk_setkey",
        "$ hchk setkey {v}\nAPI key saved to /home/deploy/.hchk",
        b64url(32),
    ),
    # ---- secrets: UptimeRobot
    S(
        SP,
        "uptimerobot_main_form",
        "$ curl -s -X POST https://api.uptimerobot.com/v2/getMonitors \\\n"
        '    -H "Content-Type: application/x-www-form-urlencoded" -d "api_key={v}&format=json&logs=1"',
        uptimerobot_main,
    ),
    S(
        SP,
        "uptimerobot_monitor_key_ini",
        "[uptimerobot]\nendpoint = https://api.uptimerobot.com/v2/\napi_key = {v}\nmonitors = {mid}",
        uptimerobot_monitor,
        mid=digits(9),
    ),
    S(
        SP,
        "uptimerobot_readonly_kubectl",
        "$ kubectl -n monitoring create secret generic uptimerobot-exporter --from-literal=UPTIME_KEY={v}\n"
        "secret/uptimerobot-exporter created",
        uptimerobot_readonly,
    ),
    # ---- secrets: Checkly
    S(
        SP,
        "checkly_env_inline",
        "$ CHECKLY_API_KEY={v} CHECKLY_ACCOUNT_ID={acct} npx checkly deploy --force",
        join("cu_", hexl(32)),
        acct=uuid,
    ),
    S(
        SP,
        "checkly_pulumi_show_secrets",
        "$ pulumi config --show-secrets\nKEY                VALUE\ncheckly:accountId  {acct}\ncheckly:apiKey     {v}",
        join("cu_", hexl(32)),
        acct=uuid,
    ),
    # ---- secrets: updown.io, Pingdom, StatusCake, Hyperping
    S(
        SP,
        "updown_api_key_header",
        '$ curl -s -X POST https://updown.io/api/checks -H "X-API-KEY: {v}" \\\n'
        '    -d "url=https://shop.example.org/healthz" -d period=60 -d alias="Shop health"',
        b62(20),
    ),
    S(
        SP,
        "pingdom_webconfig",
        '  <appSettings>\n    <add key="Pingdom:BaseUrl" value="https://api.pingdom.com/api/3.1/" />\n'
        '    <add key="Pingdom:ApiToken" value="{v}" />\n  </appSettings>',
        b64url(64),
    ),
    S(
        SP,
        "statuscake_cakectl_login",
        "$ cakectl auth login --api-token {v}\nLogged in. Token saved to ~/.config/statuscake/cakectl.yaml",
        b62(20),
    ),
    S(
        SP,
        "hyperping_mcp_json",
        '    "hyperping": {\n      "type": "http",\n      "url": "https://api.hyperping.io/v1/mcp",\n'
        '      "headers": {\n        "Authorization": "Bearer {v}"\n      }\n    }',
        join("sk_", b62(32)),
    ),
    # ---- secrets: Uptime Kuma, Oh Dear, Upptime
    S(
        SP,
        "uptime_kuma_metrics_basic_auth",
        "  - job_name: uptime-kuma\n    scheme: https\n    static_configs:\n      - targets: ['status.internal.example.net']\n"
        '    basic_auth:\n      username: ""\n      password: {v}',
        kuma_key,
    ),
    S(
        SP,
        "uptime_kuma_push_url",
        "    environment:\n      - PUSH_URL=https://status.internal.example.net/api/push/{v}?status=up&msg=OK&ping=\n"
        "      - PUSH_INTERVAL=60",
        b62(32),
    ),
    S(
        SP,
        "ohdear_php_sdk",
        "use OhDear\\PhpSdk\\OhDear;\n\n$ohDear = new OhDear('{v}');\n$monitor = $ohDear->monitor({mid});",
        b62(48),
        note="Oh Dear documents no token shape: a long alphanumeric token in the SDK constructor",
        mid=digits(5),
    ),
    S(
        SP,
        "upptime_gh_pat",
        '$ gh secret set GH_PAT --repo acme-labs/status --body "{v}"\n✓ Set Actions secret GH_PAT for acme-labs/status',
        join("ghp_", b62(36)),
    ),
    # ---- look-alikes: public ids
    L(
        SP,
        "statuspage_page_id_subdomain",
        "$ curl -s https://{v}.statuspage.io/api/v2/summary.json | jq -r .status.description\nAll Systems Operational",
        lower_alnum(12),
    ),
    L(
        SP,
        "statuspage_component_id",
        '  {\n    "id": "{v}",\n    "page_id": "{page}",\n    "name": "Checkout API",\n    "status": "operational",',
        lower_alnum(12),
        page=lower_alnum(12),
    ),
    L(
        SP,
        "instatus_page_id",
        '[{"id": "{v}", "subdomain": "acme-status", "name": "Acme Status", "status": "UP", "customDomain": null}]',
        cuid,
    ),
    L(
        SP,
        "betterstack_monitor_id",
        '$ curl -s -H "Authorization: Bearer $BETTERSTACK_API_TOKEN" https://uptime.betterstack.com/api/v2/monitors/{v}'
        " | jq -r .data.attributes.status\nup",
        digits(7),
    ),
    L(
        SP,
        "cronitor_monitor_key_positional",
        "$ cronitor exec {v} /usr/local/bin/rotate-logs.sh --keep 14",
        upper_alnum(6),
    ),
    L(
        SP,
        "healthchecks_unique_key",
        '      "name": "restic backup",\n      "status": "up",\n      "unique_key": "{v}",\n      "timeout": 86400,',
        hexl(40),
        note="read-only API responses give a hash of the check instead of its ping URL",
    ),
    L(
        SP,
        "healthchecks_badge_uuid",
        "[![backups](https://healthchecks.io/badge/{v}/{sig}/backups.svg)](https://status.example.org)",
        uuid,
        note="badge URLs are public and reveal no ping URL",
        sig=b64url(8),
    ),
    L(
        SP,
        "uptimerobot_monitor_id",
        '    {\n      "id": {v},\n      "friendly_name": "checkout-api",\n      "url": "https://shop.example.org/healthz",\n'
        '      "status": 2',
        digits(9),
    ),
    L(SP, "checkly_account_id", "export CHECKLY_ACCOUNT_ID={v}", uuid),
    L(
        SP,
        "checkly_whoami",
        '$ npx checkly whoami\nYou are currently on account "Storefront Monitoring" ({v}) as ops@example.org.',
        uuid,
    ),
    L(
        SP,
        "updown_check_token",
        '$ curl -s "https://updown.io/api/checks/{v}/downtimes?page=1" -H "X-API-KEY: $UPDOWN_API_KEY"',
        lower_alnum(4),
    ),
    L(
        SP,
        "pingdom_check_id",
        '$ curl -s "https://api.pingdom.com/api/3.1/results/{v}?limit=10" -H "Authorization: Bearer ${PINGDOM_API_TOKEN}"',
        digits(7),
    ),
    L(SP, "hyperping_monitor_id", "$ hyp monitor pause {v}\nMonitor paused.", join("mon_", lower_alnum(12))),
    L(
        SP,
        "ohdear_monitor_id",
        "# Oh Dear: monitor id is the last segment of the monitor page URL\nOHDEAR_MONITOR_ID={v}\nOHDEAR_API_TIMEOUT=5",
        digits(5),
    ),
    L(
        SP,
        "upptime_commit_sha",
        "$ git log -1 --format='%H %s'\n{v} 🟩 Checkout API is up (200 in {ms} ms) [skip ci] [upptime]",
        hexl(40),
        ms=digits(3),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        SP,
        "statuspage_masked_key",
        '{"data": {"attributes": {"api_key": "{v}"}, "type": "statuspage-account"}}',
        const("*****"),
    ),
    L(
        SP,
        "statuspage_env_ref",
        '$ curl -s -H "Authorization: OAuth {v}" https://api.statuspage.io/v1/pages | jq -r ".[].id"',
        const("$STATUSPAGE_API_KEY"),
    ),
    L(
        SP,
        "betterstack_heartbeat_placeholder",
        "# replace the token with the one from Heartbeats > Settings\n"
        "curl -fsS https://uptime.betterstack.com/api/v1/heartbeat/{v}",
        const("YOUR_HEARTBEAT_TOKEN"),
    ),
    L(
        SP,
        "cronitor_docs_placeholder",
        "# send a complete event to indicate a job has completed successfully\n"
        "curl https://cronitor.link/p/{v}/nightly-job?state=complete",
        const("<API-KEY>"),
    ),
    L(
        SP,
        "healthchecks_env_ref",
        'PING_URL="https://hc-ping.com/{v}/db-backup"\ncurl -fsS -m 10 --retry 3 "$PING_URL/$?"',
        const("$HC_PING_KEY"),
    ),
    L(
        SP,
        "uptimerobot_placeholder",
        "# Usage: UPTIMEROBOT_API_KEY={v} ./scripts/uptime/setup-uptimerobot.sh --dry-run",
        const("uXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    L(
        SP,
        "checkly_masked_header",
        '  "headers": [\n    {"key": "Authorization", "value": "{v}"},\n    {"key": "User-Agent", "value": "Checkly-Monitor/1.0"}\n  ],',
        const("***masked***"),
    ),
    L(
        SP,
        "statuscake_secret_ref",
        '        run: terraform plan -var="statuscake_api_token={v}" -out=tfplan',
        const("${{ secrets.STATUSCAKE_API_TOKEN }}"),
    ),
    L(
        SP,
        "uptime_kuma_masked_key",
        "ID  NAME        KEY              ACTIVE  EXPIRES\n3   prometheus  {v}     yes     never",
        join("uk3_", const("********")),
    ),
    L(
        SP,
        "upptime_token_ref",
        "      - name: Check endpoint status\n        uses: upptime/uptime-monitor@v1.41.0\n        with:\n"
        "          command: monitor\n        env:\n          GH_PAT: {v}",
        const("${{ secrets.GH_PAT || github.token }}"),
    ),
]
