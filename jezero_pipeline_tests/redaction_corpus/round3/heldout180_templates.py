"""A hundred-and-eightieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of network and infrastructure monitoring tools: PRTG's HTTP API
(`username`/`passhash` ten-digit passhashes and base32 `apitoken` keys ending in `======`), Zabbix
(64-hex API tokens sent as `Authorization: Bearer`, pre-shared keys of 32 to 512 hex digits in PSK
files and `host.create`'s `tls_psk`, the non-secret PSK identity, 32-hex template `uuid`s in YAML
exports), LibreNMS (32-hex `X-Auth-Token`, the librenms_handler client taking the token as a
positional argument, the Laravel `APP_KEY=base64:` in `.env`), Nagios NRDP
(`$cfg['authorized_tokens']`) and NCPA (`check_ncpa.py -t`), Checkmk (automation secrets in
`Authorization: Bearer <user> <secret>`, `cmk-agent-ctl register --password`, the agent UUID that
`cmk-agent-ctl status` prints), Icinga 2 (`ApiUser` passwords in api-users.conf, `icinga2 pki
ticket` output, `const TicketSalt`, `client_cn` users, CA fingerprints), Netdata (kickstart
`--claim-token`/`--claim-rooms`, `netdata-claim.sh -token= -rooms=`, the UUID `api key` of
stream.conf, the public machine GUID), Uptime Kuma (`/api/push/<token>?status=up&msg=OK&ping=`
push URLs, `uk<id>_` API keys used as the `/metrics` basic-auth password), Gatus
(`external-endpoints` tokens, `/api/v1/endpoints/<group>_<name>/external` pushes, `${VAR}`
references), Net-SNMP (`snmpwalk -v3 -A/-X` passphrases, `-c` communities, engine ids), Cacti
`include/config.php`, Observium `config.php` and SmokePing master/slave shared secrets, in
commands, config files, code and tool output, with the public ids the same documentation shows
beside them. Netdata claim-token and Uptime Kuma token lengths are written from the documented
examples and memory of the tools' generators (no page stated them exactly).

First score, blind, before any rule changed for it (after the rules for 175 to 179):
18 of 25 secrets caught, 0 of 24 look-alikes altered (missed: PRTG's numeric `passhash=` in a query,
a LibreNMS token (32 hex) as a client's second argument after its URL, NRDP's `authorized_tokens`
array, Checkmk's `Bearer automation <uuid>`, a ticket (40 hex) printed by `icinga2 pki ticket`,
Netdata's stream `api key = <uuid>`, SNMPv3 passphrases after `-A` and `-X` that start with `$`).
"""

from __future__ import annotations

import random

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
    join,
    lower_alnum,
    password,
    pick,
    repeated,
    uuid,
)

NM = "netmon"

B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

prtg_api_key = join(pick(B32, 42), "======")


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def snmp_engine_id(rng: random.Random) -> str:
    """An enterprise-format engine id (80 00 1F 88 = net-snmp) as snmpget prints a Hex-STRING."""
    h = hexu(24)(rng)
    return "80 00 1F 88 80 " + " ".join(h[i : i + 2] for i in range(0, len(h), 2))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (18, 25, 0, 24, "the rules for 175 to 179")

TEMPLATES = [
    # ---- secrets: PRTG
    S(
        NM,
        "prtg_passhash_url",
        '$ curl -s "https://prtg.corp.example/api/table.json?content=sensors&columns=objid,sensor,status'
        '&filter_status=5&username=prtgapi&passhash={v}"',
        digits(10),
    ),
    S(
        NM,
        "prtg_apitoken_param",
        '>>> r = requests.get(PRTG + "/api/table.json", params={"content": "devices", "columns": "objid,device,host",'
        ' "apitoken": "{v}"}, timeout=10)',
        prtg_api_key,
    ),
    # ---- secrets: Zabbix
    S(
        NM,
        "zabbix_api_token_header",
        "$ curl -s -X POST https://zabbix.example.net/zabbix/api_jsonrpc.php \\\n"
        "    -H 'Content-Type: application/json-rpc' \\\n"
        "    -H 'Authorization: Bearer {v}' \\\n"
        '    -d \'{"jsonrpc":"2.0","method":"host.get","params":{"output":["hostid","host"]},"id":1}\'',
        hexl(64),
    ),
    S(
        NM,
        "zabbix_psk_file",
        "$ sudo cat /etc/zabbix/zabbix_agent2.d/agent.psk\n{v}\n$ ls -l /etc/zabbix/zabbix_agent2.d/agent.psk\n"
        "-r-------- 1 zabbix zabbix 65 Mar  4 09:12 /etc/zabbix/zabbix_agent2.d/agent.psk",
        hexl(64),
    ),
    S(
        NM,
        "zabbix_host_create_psk",
        '    "method": "host.create",\n    "params": {\n        "host": "edge-rtr-02",\n        "tls_connect": 2,\n'
        '        "tls_accept": 2,\n        "tls_psk_identity": "PSK 014 edge-rtr-02",\n        "tls_psk": "{v}",',
        hexl(32),
    ),
    # ---- secrets: LibreNMS
    S(
        NM,
        "librenms_auth_token",
        "$ curl -s -H 'X-Auth-Token: {v}' 'https://librenms.example.org/api/v0/devices?type=down'"
        " | jq -r '.devices[].hostname'",
        hexl(32),
    ),
    S(
        NM,
        "librenms_client_positional",
        ">>> from librenms_handler.devices import Devices\n"
        ">>> devices = Devices('https://nms.ops.example.com', '{v}', verify=False)\n>>> len(devices.list_devices()['devices'])\n214",
        hexl(32),
    ),
    S(
        NM,
        "librenms_app_key",
        "$ sudo grep -E '^(APP_KEY|DB_HOST|NODE_ID)=' /opt/librenms/.env\nAPP_KEY=base64:{v}\nDB_HOST=localhost\nNODE_ID={node}",
        b64(43, "="),
        node=hexl(13),
    ),
    # ---- secrets: Nagios NRDP / NCPA
    S(
        NM,
        "nrdp_authorized_tokens",
        "// authorized tokens - change these to something only you know\n"
        "$cfg['authorized_tokens'] = array(\n    \"{v}\",\n);",
        b62(22),
    ),
    S(
        NM,
        "ncpa_check_token_flag",
        "$ /usr/local/nagios/libexec/check_ncpa.py -H win-fs01.corp.example -t '{v}'"
        " -M 'disk/logical/C:|/used_percent' -w 85 -c 95\nOK: Used percent was 61.42 % | 'used_percent'=61.42%;85;95",
        b62(20),
    ),
    # ---- secrets: Checkmk
    S(
        NM,
        "checkmk_bearer_automation",
        'curl -s -H "Authorization: Bearer automation {v}" -H "Accept: application/json" \\\n'
        '  "https://cmk.example.com/prod/check_mk/api/1.0/domain-types/host_config/collections/all"',
        uuid,
    ),
    S(
        NM,
        "checkmk_agent_register",
        "$ sudo cmk-agent-ctl register --hostname db-07 --server cmk.example.com --site prod"
        " --user agent_registration --password '{v}' --trust-cert",
        password(20),
    ),
    # ---- secrets: Icinga 2
    S(
        NM,
        "icinga_apiuser_password",
        "$ sudo cat /etc/icinga2/conf.d/api-users.conf\n/**\n * The ApiUser objects are used for authentication against the API.\n */\n"
        'object ApiUser "root" {\n  password = "{v}"\n  // client_cn = ""\n\n  permissions = [ "*" ]\n}',
        hexl(16),
    ),
    S(
        NM,
        "icinga_pki_ticket",
        "$ sudo icinga2 pki ticket --cn agent-web-04.example.net\n{v}",
        hexl(40),
    ),
    S(
        NM,
        "icinga_ticket_salt",
        '/* Secret key for remote node tickets */\nconst TicketSalt = "{v}"\nconst ZoneName = "master"',
        hexl(32),
    ),
    # ---- secrets: Netdata
    S(
        NM,
        "netdata_claim_token",
        "$ wget -O /tmp/netdata-kickstart.sh https://get.netdata.cloud/kickstart.sh && sh /tmp/netdata-kickstart.sh"
        " --stable-channel --claim-token {v} --claim-rooms {room} --claim-url https://app.netdata.cloud",
        b64url(135),
        room=uuid,
    ),
    S(
        NM,
        "netdata_stream_api_key",
        "$ cat /etc/netdata/stream.conf\n[stream]\n    enabled = yes\n    destination = nd-parent.internal:19999\n"
        "    api key = {v}\n    timeout seconds = 60",
        uuid,
    ),
    # ---- secrets: Uptime Kuma
    S(
        NM,
        "uptime_kuma_push_url",
        "*/15 * * * * /usr/local/bin/backup.sh && curl -fsS -m 10 --retry 3"
        " 'https://status.example.io/api/push/{v}?status=up&msg=OK&ping=' >/dev/null",
        b62(32),
    ),
    S(
        NM,
        "uptime_kuma_api_key_basic_auth",
        "  - job_name: uptime_kuma\n    scheme: https\n    static_configs:\n      - targets: ['status.example.io']\n"
        "    basic_auth:\n      password: {v}",
        join("uk4_", b62(32)),
    ),
    # ---- secrets: Gatus
    S(
        NM,
        "gatus_external_endpoint_token",
        'external-endpoints:\n  - name: nightly-pgdump\n    group: backups\n    token: "{v}"\n    alerts:\n'
        "      - type: slack\n        send-on-resolved: true",
        b62(40),
    ),
    # ---- secrets: SNMP
    S(
        NM,
        "snmpv3_passphrases",
        "$ snmpwalk -v3 -l authPriv -u nmsmon -a SHA-256 -A '{v}' -x AES -X '{v}' 10.40.0.1 IF-MIB::ifDescr",
        password(16),
    ),
    S(
        NM,
        "snmp_v2c_community",
        "$ snmpbulkwalk -v2c -c {v} -Cr25 core-sw-01.dc2 IF-MIB::ifHCInOctets | head -3",
        b62(14),
    ),
    # ---- secrets: Cacti, Observium, SmokePing
    S(
        NM,
        "cacti_database_password",
        "$database_type     = 'mysql';\n$database_default  = 'cacti';\n$database_hostname = 'localhost';\n"
        "$database_username = 'cactiuser';\n$database_password = '{v}';\n$database_port     = '3306';",
        password(16),
    ),
    S(
        NM,
        "observium_db_pass",
        "$config['db_extension'] = 'mysqli';\n$config['db_host'] = 'localhost';\n$config['db_user'] = 'observium';\n"
        "$config['db_pass'] = '{v}';\n$config['db_name'] = 'observium';",
        b62(18),
    ),
    S(
        NM,
        "smokeping_slave_secret",
        "$ sudo cat /etc/smokeping/smokeping_secrets\nslave-fra1:{v}\n$ stat -c '%a %U' /etc/smokeping/smokeping_secrets\n600 smokeping",
        b62(24),
    ),
    # ---- look-alikes: public identifiers
    L(
        NM,
        "zabbix_psk_identity",
        '$ zabbix_sender -z zbx-proxy.dc1 -s backup-01 --tls-connect psk --tls-psk-identity "{v}"'
        " --tls-psk-file /etc/zabbix/sender.psk -k backup.status -o 0\n"
        'Response from "zbx-proxy.dc1:10051": "processed: 1; failed: 0; total: 1; seconds spent: 0.000071"',
        join("PSK ", digits(3), " backup-01"),
    ),
    L(
        NM,
        "zabbix_template_uuid",
        "zabbix_export:\n  version: '6.4'\n  template_groups:\n    - uuid: {v}\n      name: Templates/Network devices",
        hexl(32),
    ),
    L(
        NM,
        "netdata_claim_rooms",
        '$ sudo netdata-claim.sh -token="$NETDATA_CLAIM_TOKEN" -rooms={v} -url=https://app.netdata.cloud',
        uuid,
    ),
    L(
        NM,
        "netdata_machine_guid",
        "$ sudo cat /var/lib/netdata/registry/netdata.public.unique.id\n{v}",
        uuid,
    ),
    L(
        NM,
        "checkmk_agent_uuid",
        "$ sudo cmk-agent-ctl status\nVersion: 2.3.0p12\nAgent socket: operational\nIP allowlist: any\n"
        "Connection: cmk.example.com:8000/prod\n\tUUID: {v}\n\tLocal:\n\t\tConnection type: pull-agent",
        uuid,
    ),
    L(
        NM,
        "icinga_client_cn",
        'object ApiUser "icingaweb2" {\n  client_cn = "{v}"\n'
        '  permissions = [ "status/query", "actions/*", "objects/modify/*", "objects/query/*" ]\n}',
        const("icingaweb2.mon.example.net"),
    ),
    L(
        NM,
        "gatus_endpoint_key",
        'curl -fsS -X POST -H "Authorization: Bearer $GATUS_PUSH_TOKEN"'
        ' "https://status.example.io/api/v1/endpoints/{v}/external?success=true&error="',
        const("backups_nightly-pgdump"),
    ),
    L(
        NM,
        "observium_default_community",
        "// Default community list to use when adding/discovering\n$config['snmp']['community'] = array(\"{v}\");",
        const("public"),
    ),
    # ---- look-alikes: hashes, fingerprints, engine ids
    L(
        NM,
        "zabbix_pkg_sha256",
        "$ sha256sum zabbix-release_latest_7.0+ubuntu24.04_all.deb\n{v}  zabbix-release_latest_7.0+ubuntu24.04_all.deb",
        hexl(64),
    ),
    L(
        NM,
        "librenms_commit_sha",
        "$ cd /opt/librenms && sudo -u librenms git rev-parse HEAD\n{v}",
        hexl(40),
    ),
    L(
        NM,
        "uptime_kuma_image_digest",
        "$ docker inspect --format '{{index .RepoDigests 0}}' uptime-kuma\nlouislam/uptime-kuma@sha256:{v}",
        hexl(64),
    ),
    L(
        NM,
        "icinga_ca_fingerprint",
        "$ openssl x509 -noout -fingerprint -sha256 -in /var/lib/icinga2/certs/ca.crt\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        NM,
        "snmp_engine_id",
        '$ snmpget -v3 -l authPriv -u nmsmon -a SHA -A "$SNMP_AUTH" -x AES -X "$SNMP_PRIV" 10.40.0.1'
        " SNMP-FRAMEWORK-MIB::snmpEngineID.0\nSNMP-FRAMEWORK-MIB::snmpEngineID.0 = Hex-STRING: {v}",
        snmp_engine_id,
    ),
    # ---- look-alikes: references, placeholders, masks, paths
    L(
        NM,
        "zabbix_token_gha_ref",
        "      - name: Query Zabbix problems\n        run: |\n"
        "          curl -s -H \"Authorization: Bearer {v}\" -H 'Content-Type: application/json-rpc' \\\n"
        '            -d @problem.get.json "$ZABBIX_URL/api_jsonrpc.php"',
        const("${{ secrets.ZABBIX_API_TOKEN }}"),
    ),
    L(
        NM,
        "checkmk_secret_env_ref",
        'curl -s -H "Authorization: Bearer automation {v}" -H "Accept: application/json" "$API_URL/version"',
        const("$AUTOMATION_SECRET"),
    ),
    L(
        NM,
        "snmp_secret_env_ref",
        'snmp_v3 = {"user": "nmsmon", "auth_protocol": "SHA", "auth_password": {v},'
        ' "priv_protocol": "AES", "priv_password": os.environ["SNMP_PRIV"]}',
        const('os.environ["SNMP_AUTH"]'),
    ),
    L(
        NM,
        "cacti_getenv",
        "$database_username = 'cactiuser';\n$database_password = {v};",
        const("getenv('CACTI_DB_PASSWORD')"),
    ),
    L(
        NM,
        "gatus_webhook_env_ref",
        'alerting:\n  slack:\n    webhook-url: "{v}"\n    default-alert:\n      failure-threshold: 3',
        const("${SLACK_WEBHOOK_URL}"),
    ),
    L(
        NM,
        "librenms_token_placeholder",
        "# export LIBRENMS_TOKEN={v}   # create one under /api-access, then run ./sync-devices.sh",
        const("<librenms-api-token>"),
    ),
    L(
        NM,
        "uptime_kuma_push_placeholder",
        "# .env.example\nKUMA_PUSH_URL=https://status.example.io/api/push/{v}?status=up&msg=OK&ping=",
        repeated(const("x"), 32),
    ),
    L(
        NM,
        "prtg_example_passhash",
        "# passhash is the number shown under Setup > Account Settings > My Account, e.g. passhash={v}",
        counting(10),
    ),
    L(
        NM,
        "nrdp_masked_token",
        "TASK [nrdp : render config.inc.php] *******************************************\n"
        "changed: [nagios-01] => (item={'name': 'authorized_tokens', 'value': '{v}'})",
        join("********", lower_alnum(4)),
    ),
    L(
        NM,
        "uptime_kuma_masked_key",
        "ID  Name        Key                Expires  Active\n3   prometheus  {v}      never    yes",
        const("uk3_************"),
    ),
    L(
        NM,
        "smokeping_secret_path",
        "command=/usr/sbin/smokeping --master-url=https://smokeping.example.net/smokeping.fcgi"
        " --cache-dir=/var/lib/smokeping --shared-secret={v} --slave-name=fra1 --nodaemon",
        const("/etc/smokeping/slave-secret"),
    ),
]
