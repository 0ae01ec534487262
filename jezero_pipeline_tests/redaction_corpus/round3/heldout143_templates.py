"""A hundred-and-forty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of network automation and IPAM tooling: NetBox (v1 40-hex API tokens
under `Authorization: Token`, v4.5 v2 tokens `nbt_<12-char key>.<40-char secret>` under
`Authorization: Bearer`, `configuration.py` SECRET_KEY, API_TOKEN_PEPPERS, pynetbox, the
`netbox.netbox.nb_inventory` plugin, webhook `X-Hook-Signature`), Nautobot (token header, the
`/api/users/tokens/` provisioning response, NAPALM settings, Secrets providers), phpIPAM (the
`token:` header with an app code, the `/user/` login response, `config.php`), Infoblox NIOS WAPI
(basic auth, `nios_provider`, base64 `_ref` object references) and the Infoblox Portal / BloxOne
(`Authorization: Token` API keys, Terraform), SolarWinds Orion / IPAM (orionsdk `SwisClient`, SWIS
REST on port 17778, certificate fingerprints), Device42 (`/api/1.0/` basic auth), Forward Networks
(HTTP basic with an API token's access key and secret), Ansible network inventories
(`ansible_become_password`, `!vault` blocks), Netmiko, NAPALM (CLI and `optional_args`), RANCID
(`.cloginrc`, `clogin -p/-e`, filtered configs), Oxidized (`router.db`, LibreNMS `X-Auth-Token`,
`remove_secret`) and Batfish, in commands, config files, code and tool output, with the public ids,
references, masks and hashes the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 135 to 139):
24 of 26 secrets caught, 1 of 24 look-alikes altered (missed: RANCID's `.cloginrc` `add password
<host> {<pw>} {<enable>}`, Oxidized's `router.db` colon fields; altered: a Windows `DOMAIN\\user` as
a client's second argument before a password read from the environment).
"""

from __future__ import annotations

import base64
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
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

NA = "netautomation"


def netbox_v2(rng: random.Random) -> str:
    """A NetBox v2 token: `nbt_`, a 12-character key, a dot and a 40-character secret."""
    return "nbt_" + b62(12)(rng) + "." + b62(40)(rng)


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def wapi_ref(rng: random.Random) -> str:
    """An Infoblox WAPI `_ref`: object type, base64 of the internal key (no padding), then the name."""
    net = f"10.{rng.randrange(256)}.{rng.randrange(0, 256, 4)}.0/22"
    inner = base64.b64encode(f"dns.network${net}/0".encode()).decode().rstrip("=")
    return f"network/{inner}:{net}/default"


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def vault_body(rng: random.Random) -> str:
    """The hex lines of an `ansible-vault encrypt_string` block (ciphertext, safe to publish)."""
    lines = [hexl(80)(rng) for _ in range(4)] + [hexl(32)(rng)]
    return "\n          ".join(lines)


ssh_fp = join("SHA256:", b64(43))
serial = join(pick(string.ascii_uppercase, 3), digits(4), upper_alnum(4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 24, "the rules for 135 to 139")

TEMPLATES: list = [
    # ---- secrets: NetBox
    S(
        NA,
        "netbox_v2_bearer",
        '$ curl -sS -H "Authorization: Bearer {v}" -H "Accept: application/json; indent=4"'
        ' "https://netbox.dc1.corp.example/api/ipam/prefixes/?status=active&site=ams1"',
        netbox_v2,
    ),
    S(
        NA,
        "pynetbox_token",
        'import pynetbox\n\nnb = pynetbox.api("https://netbox.dc1.corp.example", token="{v}")\n'
        'free = nb.ipam.prefixes.get(prefix="10.40.0.0/22").available_ips.list()',
        hexl(40),
    ),
    S(
        NA,
        "netbox_secret_key",
        "$ cat /opt/netbox/netbox/netbox/configuration.py | head -20\n"
        "ALLOWED_HOSTS = ['netbox.dc1.corp.example']\nDATABASE = {\n    'NAME': 'netbox',\n    'USER': 'netbox',\n"
        "    'HOST': 'localhost',\n}\nSECRET_KEY = '{v}'",
        password(50),
    ),
    S(
        NA,
        "netbox_token_pepper",
        "# env/netbox.env\nDB_HOST=postgres\nDB_NAME=netbox\nREDIS_HOST=redis\nAPI_TOKEN_PEPPER_1={v}\nSKIP_SUPERUSER=true",
        b64url(56),
    ),
    S(
        NA,
        "nb_inventory_token",
        "# inventory/netbox_inventory.yml\nplugin: netbox.netbox.nb_inventory\n"
        "api_endpoint: https://netbox.dc1.corp.example\ntoken: {v}\nvalidate_certs: true\n"
        "group_by:\n  - device_roles\n  - sites",
        hexl(40),
    ),
    # ---- secrets: Nautobot
    S(
        NA,
        "nautobot_graphql_token",
        '$ curl -s -X POST -H "Authorization: Token {v}" -H "Content-Type: application/json"'
        ' https://nautobot.noc.example/api/graphql/ --data \'{"query": "{ devices(location: \\"ams1\\") { name } }"}\'',
        hexl(40),
    ),
    S(
        NA,
        "nautobot_token_provisioned",
        "$ curl -s -X POST -u svc-ansible https://nautobot.noc.example/api/users/tokens/\nEnter host password for user 'svc-ansible':\n"
        '{\n    "id": "{tid}",\n    "object_type": "users.token",\n    "display": "svc-ansible",\n'
        '    "key": "{v}",\n    "write_enabled": true,\n    "expires": null\n}',
        hexl(40),
        tid=uuid,
    ),
    S(
        NA,
        "nautobot_napalm_args",
        '# nautobot_config.py\nNAPALM_USERNAME = "netops"\nNAPALM_PASSWORD = "{v}"\nNAPALM_TIMEOUT = 30\n'
        'NAPALM_ARGS = {\n    "secret": NAPALM_PASSWORD,\n    "global_delay_factor": 2,\n}',
        password(18),
    ),
    # ---- secrets: phpIPAM
    S(
        NA,
        "phpipam_app_code_header",
        '$ curl -s -H "token: {v}" https://ipam.corp.example/api/netops/subnets/cidr/10.40.0.0/22/ | jq .data[0].id',
        b64url(32),
    ),
    S(
        NA,
        "phpipam_login_response",
        "$ curl -s -X POST --user svc-ipam https://ipam.corp.example/api/netops/user/\n"
        '{"code":200,"success":true,"data":{"token":"{v}","expires":"2025-03-11 18:42:07"},"time":0.011}',
        b62(24),
    ),
    S(
        NA,
        "phpipam_db_pass",
        "$ grep -n \"db\\[\" /var/www/phpipam/config.php\n5:$db['host'] = '127.0.0.1';\n6:$db['user'] = 'phpipam';\n"
        "7:$db['pass'] = '{v}';\n8:$db['name'] = 'phpipam';",
        password(16),
    ),
    # ---- secrets: Infoblox NIOS and the Infoblox Portal
    S(
        NA,
        "wapi_basic_user",
        "$ curl -sk -u 'svc-ipam:{v}' 'https://gm01.corp.example/wapi/v2.12/network?network_container=10.64.0.0/12"
        "&_return_fields%2B=extattrs'",
        password(14),
    ),
    S(
        NA,
        "nios_provider",
        "  vars:\n    nios_provider:\n      host: gm01.corp.example\n      username: svc-ansible\n"
        '      password: "{v}"\n  tasks:\n    - name: reserve next free address\n'
        "      infoblox.nios_modules.nios_host_record:",
        password(18),
    ),
    S(
        NA,
        "bloxone_terraform_api_key",
        'provider "bloxone" {\n  csp_url = "https://csp.infoblox.com"\n  api_key = "{v}"\n}',
        hexl(64),
    ),
    # ---- secrets: SolarWinds Orion / IPAM
    S(
        NA,
        "orionsdk_positional",
        '>>> import orionsdk\n>>> swis = orionsdk.SwisClient("orion01.corp.example", "CORP\\\\svc-ipam", "{v}")\n'
        '>>> swis.query("SELECT TOP 5 SubnetId, Address, CIDR FROM IPAM.Subnet")',
        password(16),
    ),
    S(
        NA,
        "swis_basic_header",
        '$ curl -sk -H "Authorization: Basic {v}" '
        '"https://orion01.corp.example:17778/SolarWinds/InformationService/v3/Json/Query?query=SELECT+IPAddress+FROM+IPAM.IPNode"',
        basic_auth("CORP\\svc-ipam", password(15)),
    ),
    # ---- secrets: Device42 and Forward Networks
    S(
        NA,
        "device42_requests_auth",
        'resp = requests.get(\n    "https://d42.corp.example/api/1.0/ips/",\n    params={"subnet": "10.40.0.0/22"},\n'
        '    auth=("api-ipam", "{v}"),\n    verify=False,\n)',
        password(20),
    ),
    S(
        NA,
        "forward_basic_token",
        '$ curl -s -u "{ak}:{v}" https://fwd.app/api/networks/{nid}/snapshots/latest | jq .id',
        b62(32),
        ak=lower_alnum(16),
        nid=digits(6),
    ),
    # ---- secrets: Ansible network inventories
    S(
        NA,
        "ansible_group_vars_enable",
        "$ cat group_vars/ios.yml\nansible_connection: ansible.netcommon.network_cli\nansible_network_os: cisco.ios.ios\n"
        'ansible_user: netops\nansible_password: "{v}"\nansible_become: true\nansible_become_method: enable\n'
        'ansible_become_password: "{v}"',
        password(16),
    ),
    S(
        NA,
        "ansible_extra_vars",
        "$ ansible-playbook -i inventory/netbox_inventory.yml backup_configs.yml --limit 'site_ams1'"
        " -e 'ansible_become_password={v}'",
        password(13),
    ),
    # ---- secrets: Netmiko and NAPALM
    S(
        NA,
        "netmiko_connecthandler",
        'conn = ConnectHandler(\n    device_type="cisco_ios",\n    host="10.20.0.1",\n    username="netops",\n'
        '    password="{v}",\n    secret="{v}",\n)\nconn.enable()',
        password(15),
    ),
    S(
        NA,
        "napalm_cli_password",
        "$ napalm --user netops --password '{v}' --vendor eos --optional_args 'port=443' leaf01.dc2.corp.example call get_facts",
        password(17),
    ),
    # ---- secrets: RANCID and Oxidized
    S(
        NA,
        "cloginrc_password",
        "$ cat ~rancid/.cloginrc\nadd method      *.corp.example  {ssh}\nadd user        core-*.corp.example  {rancid}\n"
        "add password    core-*.corp.example  {{v}}  {{v}}",
        password(14),
    ),
    S(
        NA,
        "clogin_flags",
        "$ clogin -u rancid -p '{v}' -e '{v}' -c 'show ip interface brief' edge-rtr1.corp.example",
        password(12),
    ),
    S(
        NA,
        "oxidized_router_db",
        "$ tail -3 ~/.config/oxidized/router.db\nedge-sw01.corp.example:ios:netbackup:{v}:{v}\n"
        "edge-sw02.corp.example:ios:netbackup:{v}:{v}",
        b62(18),
    ),
    S(
        NA,
        "oxidized_librenms_token",
        "source:\n  default: http\n  http:\n    url: https://librenms.corp.example/api/v0/oxidized\n"
        "    map:\n      name: hostname\n      model: os\n    headers:\n      X-Auth-Token: '{v}'",
        hexl(32),
    ),
    # ---- look-alikes: public keys, ids and references
    L(
        NA,
        "netbox_v2_key_only",
        "$ curl -s -H \"Authorization: Bearer $NETBOX_TOKEN\" https://netbox.dc1.corp.example/api/users/tokens/ | jq '.results[0]'\n"
        '{\n  "id": 14,\n  "display": "svc-ansible",\n  "version": 2,\n  "key": "{v}",\n  "write_enabled": true,\n'
        '  "expires": null\n}',
        b62(12),
    ),
    L(
        NA,
        "nb_inventory_env_lookup",
        "plugin: netbox.netbox.nb_inventory\napi_endpoint: https://netbox.dc1.corp.example\ntoken: {v}",
        const("\"{{ lookup('ansible.builtin.env', 'NETBOX_TOKEN') }}\""),
    ),
    L(
        NA,
        "netbox_masked_token",
        "API Tokens\n  User         Key                                        Write  Expires\n  svc-ansible  {v}   yes    —",
        join(const("*" * 36), hexl(4)),
        note="token list with ALLOW_TOKEN_RETRIEVAL off",
    ),
    L(
        NA,
        "netbox_webhook_signature",
        "POST /hooks/netbox HTTP/1.1\nContent-Type: application/json\nX-Hook-Signature: {v}\nContent-Length: 2214",
        hexl(128),
    ),
    L(
        NA,
        "nautobot_object_uuid",
        "$ nautobot-server nbshell -c 'print(Prefix.objects.get(prefix=\"10.40.0.0/22\").id)'\n{v}",
        uuid,
    ),
    L(
        NA,
        "nautobot_secret_provider",
        '{\n  "name": "napalm-enable",\n  "provider": "environment-variable",\n  "parameters": {"variable": "{v}"}\n}',
        const("NAUTOBOT_NAPALM_ENABLE_SECRET"),
    ),
    L(
        NA,
        "phpipam_app_code_ref",
        "phpipam:\n  url: https://ipam.corp.example/api\n  app_id: netops\n  app_code: {v}",
        const("${PHPIPAM_APP_CODE}"),
    ),
    L(
        NA,
        "phpipam_placeholder",
        "# .env.example: create an app under Administration > API (security: SSL with App code token)\nPHPIPAM_APP_CODE={v}",
        const("x" * 32),
    ),
    L(
        NA,
        "wapi_ref",
        "$ curl -sk -u \"$WAPI_USER:$WAPI_PASS\" 'https://gm01.corp.example/wapi/v2.12/network?comment~=ams1'\n"
        '[\n    {\n        "_ref": "{v}",\n        "network_view": "default"\n    }\n]',
        wapi_ref,
    ),
    L(
        NA,
        "bloxone_subnet_id",
        '{"result": {"address": "10.40.0.0", "cidr": 22, "id": "{v}", "space": "ipam/ip_space/{space}"}}',
        join("ipam/subnet/", uuid),
        space=uuid,
    ),
    L(
        NA,
        "bloxone_var_ref",
        'provider "bloxone" {\n  csp_url = "https://csp.infoblox.com"\n  api_key = {v}\n}',
        const("var.bloxone_api_key"),
    ),
    L(
        NA,
        "orion_cert_fingerprint",
        "$ openssl s_client -connect orion01.corp.example:17778 </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha1\n"
        "SHA1 Fingerprint={v}",
        colon_hex(20),
    ),
    L(
        NA,
        "orion_env_password",
        'swis = orionsdk.SwisClient("orion01.corp.example", "CORP\\\\svc-ipam", {v}, verify="orion.pem")',
        const('os.environ["ORION_PASSWORD"]'),
    ),
    L(
        NA,
        "device42_serial",
        '$ curl -s -u "$D42_API_USER:$D42_API_PASS" "https://d42.corp.example/api/1.0/devices/name/edge-sw01/"'
        ' | jq \'{device_id, serial_no}\'\n{\n  "device_id": 1841,\n  "serial_no": "{v}"\n}',
        serial,
    ),
    L(
        NA,
        "forward_gha_secret_ref",
        "      - name: Run NQE checks\n        env:\n          FORWARD_URL: https://fwd.app\n"
        "          FORWARD_USERNAME: ${{ secrets.FORWARD_ACCESS_KEY }}\n          FORWARD_PASSWORD: {v}",
        const("${{ secrets.FORWARD_API_SECRET }}"),
    ),
    L(
        NA,
        "ansible_vault_block",
        "ansible_become_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {v}",
        vault_body,
    ),
    L(
        NA,
        "ansible_vault_var_ref",
        'ansible_user: netops\nansible_password: {v}\nansible_become_password: "{{ vault_ios_enable }}"',
        const('"{{ vault_ios_password }}"'),
    ),
    L(
        NA,
        "netmiko_getenv",
        'conn = ConnectHandler(device_type="arista_eos", host=host, username="netops",'
        ' password=os.environ["NET_PASSWORD"], secret={v})',
        const('os.getenv("NET_ENABLE_SECRET", "")'),
    ),
    L(
        NA,
        "napalm_doc_placeholder",
        "optional_args = {'secret': '{v}'}\ndriver = get_network_driver('ios')\n"
        "device = driver('192.0.2.10', 'username', 'password', optional_args=optional_args)",
        const("<enable_secret>"),
    ),
    L(
        NA,
        "rancid_filtered_secret",
        "$ grep -n secret ~rancid/var/core/configs/core-rtr1.corp.example\n14:enable secret {v}\n"
        "31:username netops privilege 15 secret <removed>",
        const("<removed>"),
    ),
    L(
        NA,
        "oxidized_hidden_secret",
        "$ curl -s http://127.0.0.1:8888/node/fetch/edge-sw01.corp.example | grep -E 'secret|snmp'\n"
        "enable secret {v}\nsnmp-server community <secret hidden> RO",
        const("<secret hidden>"),
    ),
    L(
        NA,
        "oxidized_commit_sha",
        "I, [2025-03-11T18:44:02] INFO -- : Configuration updated for edge/edge-sw01.corp.example\n"
        "$ git -C ~/.config/oxidized/configs.git log -1 --format=%H\n{v}",
        hexl(40),
    ),
    L(
        NA,
        "batfish_image_digest",
        "$ docker pull batfish/allinone\nUsing default tag: latest\nlatest: Pulling from batfish/allinone\n"
        "Digest: sha256:{v}\nStatus: Image is up to date for batfish/allinone:latest",
        hexl(64),
    ),
    L(
        NA,
        "ssh_host_fingerprint",
        "The authenticity of host 'leaf01.dc2.corp.example (10.20.1.11)' can't be established.\n"
        "ED25519 key fingerprint is {v}.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?",
        ssh_fp,
    ),
]
