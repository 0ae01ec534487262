"""An eighty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of network appliances, firewalls and their management APIs: Cisco IOS
(`password 7` Vigenère obfuscation, `enable secret 9` scrypt, `ip ssh pubkey-chain` key hashes,
`verify /md5`) and NX-OS (`password 5` SHA-256 crypt), Juniper Junos (`$9$` reversible secrets,
`$6$` `encrypted-password`, `/* SECRET-DATA */` masking, ssh-ed25519 keys, PyEZ `Device(...)`),
MikroTik RouterOS (`/user add password=`, WireGuard `private-key`/`public-key`, the REST API with
basic auth), Ubiquiti UniFi (Site Manager and local Integration API `X-API-KEY`, site ids), the
pfSense REST API package (`X-API-Key`, `<refid>`), OPNsense (`apikey.txt` key/secret pairs, the
oxlorg Ansible collection, rule uuids), FortiGate (REST API admin bearer tokens in headers and the
`access_token` query, the `fortios` Terraform provider, `psksecret ENC`, serial numbers), Palo Alto
PAN-OS (`type=keygen` responses, `.panrc`, `X-PAN-KEY`, `<apikey>` placeholders, `show system
info`), F5 BIG-IP iControl REST (`X-F5-Auth-Token` login responses, `BIGIP_PASSWORD`, Postman
variables, device `machineId`), the Cisco Meraki Dashboard API (40-hex keys in the
`X-Cisco-Meraki-API-Key` header, the Python library and masked examples, network ids, commit SHAs
of the same shape), HPE Aruba Central (OAuth `central_info` client secrets and bearer tokens, public
client and customer ids) and SNMPv3 (net-snmp `snmpwalk -A/-X`, `createUser`), in commands, config
files and tool output, with the public ids, placeholders and references the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 75 to 79):
20 of 25 secrets caught, 2 of 24 look-alikes altered (missed: Cisco's `enable secret 9` and NX-OS's
`password 5` hashes, FortiGate's `psksecret ENC …`, a PAN-OS key in the keygen response's `<key>`, a
Meraki key as `DashboardAPI`'s argument; altered: a UniFi site's UUID in an API path, a Meraki key
masked in its middle).
"""

from __future__ import annotations

from build import (
    B62,
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

NA = "appliances"


def cisco64(n: int):
    return pick(B62 + "./", n)


def junos9(n: int):
    return pick(B62 + "./-", n)


def wg_key():
    """A WireGuard key as RouterOS prints it: 32 bytes in base64 (43 characters and one `=`)."""
    return b64(43, "=")


def upper_uuid(rng) -> str:
    return uuid(rng).upper()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 25, 2, 24, "the rules for 75 to 79")

TEMPLATES: list = [
    # ---- secrets: Cisco IOS / NX-OS running-config
    S(
        NA,
        "cisco_type7_username",
        "core-rtr-02#show running-config | include ^username\nusername netops privilege 15 password 7 {v}",
        join("0", digits(1), hexu(22)),
        note="type 7 is a reversible Vigenère obfuscation",
    ),
    S(
        NA,
        "cisco_enable_secret_9",
        "!\nhostname edge-rtr-01\n!\nboot-start-marker\nboot-end-marker\n!\nenable secret 9 {v}\n!\nno aaa new-model",
        join("$9$", cisco64(14), "$", cisco64(43)),
        note="scrypt password hash in a running-config",
    ),
    S(
        NA,
        "nxos_password_5",
        "N9K-SPINE-01# show running-config | section username\nusername admin password 5 {v}  role network-admin\n"
        "username admin passphrase  lifetime 99999 warntime 14 gracetime 3",
        join("$5$", cisco64(8), "$", cisco64(43)),
    ),
    # ---- secrets: Juniper Junos
    S(
        NA,
        "junos_radius_secret_9",
        "[edit]\nadmin@mx480-re0# show system radius-server | display set\n"
        'set system radius-server 10.20.0.15 secret "{v}"\nset system radius-server 10.20.0.15 source-address 10.20.0.1',
        join("$9$", junos9(30)),
        note="$9$ is trivially reversible (request system decrypt password)",
    ),
    S(
        NA,
        "junos_encrypted_password",
        "    login {\n        user automation {\n            uid 2001;\n            class super-user;\n"
        '            authentication {\n                encrypted-password "{v}"; ## SECRET-DATA\n'
        "            }\n        }\n    }",
        join("$6$", cisco64(16), "$", cisco64(86)),
    ),
    S(
        NA,
        "junos_pyez_passwd",
        'with Device(host="10.20.0.1", user="automation", passwd="{v}", port=830) as dev:\n'
        '    print(dev.facts["version"])',
        password(15),
    ),
    # ---- secrets: MikroTik RouterOS
    S(
        NA,
        "routeros_user_add",
        '[admin@MikroTik] > /user add name=oxidized group=read password="{v}" address=10.0.0.0/8',
        password(18),
    ),
    S(
        NA,
        "routeros_wireguard_private_key",
        "[admin@hq-ccr2004] > /interface wireguard print\nFlags: X - disabled; R - running\n"
        ' 0  R name="wg-branches" mtu=1420 listen-port=13231 private-key="{v}"\n'
        '       public-key="{pub}"',
        wg_key(),
        pub=wg_key(),
    ),
    # ---- secrets: Ubiquiti UniFi
    S(
        NA,
        "unifi_site_manager_key",
        "$ curl -s -X GET 'https://api.ui.com/v1/hosts' -H 'X-API-KEY: {v}' -H 'Accept: application/json'"
        " | jq '.data[].id'",
        b64url(32),
    ),
    S(
        NA,
        "unifi_integration_key",
        'session.headers.update({"X-API-KEY": "{v}", "Accept": "application/json"})\n'
        'resp = session.get("https://192.168.1.1/proxy/network/integration/v1/sites", verify=False)',
        b64url(32),
    ),
    # ---- secrets: pfSense and OPNsense
    S(
        NA,
        "pfsense_rest_api_key",
        'curl -s -H "X-API-Key: {v}" https://fw01.brightwater.lan/api/v2/firewall/rules | jq ".data[0]"',
        hexl(48),
    ),
    S(
        NA,
        "opnsense_apikey_txt",
        "$ cat ~/Downloads/fw01.brightwater.lan_root_apikey.txt\nkey={key}\nsecret={v}",
        b64(56),
        key=b64(48),
    ),
    # ---- secrets: FortiGate
    S(
        NA,
        "fortigate_bearer",
        'curl -k -H "Authorization: Bearer {v}" "https://10.10.1.99/api/v2/cmdb/firewall/address?vdom=root"',
        b62(30),
    ),
    S(
        NA,
        "fortigate_terraform_token",
        'provider "fortios" {\n  hostname = "10.10.1.99"\n  token    = "{v}"\n  insecure = "true"\n}',
        b62(30),
    ),
    S(
        NA,
        "fortigate_access_token_query",
        "GET /api/v2/monitor/system/status?access_token={v} HTTP/1.1\nHost: fgt-branch-07.corp:8443\nAccept: */*",
        b62(30),
    ),
    S(
        NA,
        "fortigate_psksecret_enc",
        'config vpn ipsec phase1-interface\n    edit "to-azure"\n        set interface "wan1"\n'
        "        set peertype any\n        set psksecret ENC {v}\n    next\nend",
        b64(126, "=="),
        note="FortiOS ENC values decrypt with a key shared by the firmware",
    ),
    # ---- secrets: Palo Alto PAN-OS
    S(
        NA,
        "panos_keygen_response",
        "$ curl -sk -X POST 'https://10.1.1.1/api/?type=keygen' --data-urlencode user@.pa_user"
        " --data-urlencode password@.pa_pass\n"
        "<response status = 'success'><result><key>{v}</key></result></response>",
        join("LUFRPT1", b64(91), "=="),
    ),
    S(
        NA,
        "panos_panrc",
        "$ cat ~/.panrc\n# panxapi.py generated: 2024/03/11 14:22:07\nhostname%pa-edge=10.1.1.1\napi_key%pa-edge={v}",
        join("LUFRPT1", b64(69)),
    ),
    # ---- secrets: F5 BIG-IP
    S(
        NA,
        "f5_authn_login_response",
        '{\n  "username": "admin",\n  "loginProviderName": "tmos",\n  "token": {\n    "token": "{v}",\n'
        '    "name": "{v}",\n    "userName": "admin",\n    "authProviderName": "tmos",\n    "timeout": 1200,',
        upper_alnum(26),
    ),
    S(
        NA,
        "f5_bigip_password_env",
        "$ export BIGIP_HOST=10.1.20.245 BIGIP_USER=terraform BIGIP_PASSWORD='{v}'\n$ terraform plan -out f5.plan",
        password(16),
    ),
    # ---- secrets: Cisco Meraki
    S(
        NA,
        "meraki_api_key_header",
        "curl -L -H 'X-Cisco-Meraki-API-Key: {v}' https://api.meraki.com/api/v1/organizations/{org}/networks",
        hexl(40),
        org=digits(6),
    ),
    S(
        NA,
        "meraki_python_client",
        'import meraki\n\ndashboard = meraki.DashboardAPI("{v}", suppress_logging=True)\n'
        "orgs = dashboard.organizations.getOrganizations()",
        hexl(40),
    ),
    # ---- secrets: HPE Aruba Central
    S(
        NA,
        "aruba_central_client_secret",
        'central_info:\n  base_url: "https://apigw-prod2.central.arubanetworks.com"\n  client_id: "{cid}"\n'
        '  client_secret: "{v}"\n  customer_id: "{cust}"',
        b62(32),
        cid=b62(32),
        cust=hexl(32),
    ),
    S(
        NA,
        "aruba_central_bearer",
        'curl -s "https://apigw-prod2.central.arubanetworks.com/monitoring/v2/aps?limit=20" -H "Authorization: Bearer {v}"',
        b62(32),
    ),
    # ---- secrets: SNMPv3
    S(
        NA,
        "snmpwalk_v3_passphrases",
        "$ snmpwalk -v3 -l authPriv -u nms-poller -a SHA -A '{v}' -x AES -X '{v}' 10.40.0.254 1.3.6.1.2.1.1",
        password(14),
    ),
    # ---- look-alikes: public keys, key hashes, engine ids, checksums
    L(
        NA,
        "cisco_ssh_key_hash",
        "ip ssh pubkey-chain\n  username netops\n   key-hash ssh-rsa {v} netops@jump01",
        hexu(32),
        note="MD5 fingerprint of a public key",
    ),
    L(
        NA,
        "cisco_verify_md5",
        "edge-rtr-01#verify /md5 bootflash:c8000v-universalk9.17.09.04a.SPA.bin\n"
        ".................................Done!\n"
        "verify /md5 (bootflash:c8000v-universalk9.17.09.04a.SPA.bin) = {v}",
        hexl(32),
    ),
    L(
        NA,
        "junos_ssh_ed25519",
        'set system login user automation authentication ssh-ed25519 "ssh-ed25519 {v} ci@runner-04"',
        join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    L(
        NA,
        "junos_secret_data_mask",
        "radius-server {\n    10.20.0.15 {\n        secret {v};\n        source-address 10.20.0.1;\n    }\n}",
        const("/* SECRET-DATA */"),
        note="what a user without the secret permission sees",
    ),
    L(
        NA,
        "routeros_wireguard_peer_public_key",
        '/interface wireguard peers add interface=wg-branches public-key="{v}" allowed-address=10.88.0.12/32'
        " endpoint-address=branch12.example.net endpoint-port=13231",
        wg_key(),
    ),
    # ---- look-alikes: resource ids and serials
    L(
        NA,
        "unifi_site_id",
        '    {\n      "siteId": "{v}",\n      "isOwner": true,\n      "meta": {"name": "default", "desc": "Default"},',
        hexl(24),
    ),
    L(
        NA,
        "unifi_integration_site_uuid",
        "GET https://192.168.1.1/proxy/network/integration/v1/sites/{v}/devices?limit=200",
        uuid,
    ),
    L(
        NA,
        "pfsense_cert_refid",
        "\t<cert>\n\t\t<refid>{v}</refid>\n\t\t<descr><![CDATA[webConfigurator default]]></descr>",
        hexl(13),
    ),
    L(
        NA,
        "opnsense_rule_uuid",
        '$ curl -sk -u "$OPN_KEY:$OPN_SECRET" -X POST https://192.168.1.1/api/firewall/filter/add_rule -d @rule.json\n'
        '{"result":"saved","uuid":"{v}"}',
        uuid,
    ),
    L(
        NA,
        "fortigate_serial",
        "FGT-BRANCH-07 # get system status\nVersion: FortiGate-60F v7.4.3,build2573,240201 (GA.F)\nSerial-Number: {v}",
        join("FGT60F", upper_alnum(10)),
    ),
    L(
        NA,
        "panos_serial",
        "admin@PA-VM> show system info\n\nhostname: pa-edge-01\nip-address: 10.1.1.1\nserial: {v}\nvm-uuid: {vmid}",
        join("0079", digits(11)),
        vmid=upper_uuid,
    ),
    L(
        NA,
        "f5_machine_id",
        '  "machineId": "{v}",\n  "hostname": "bigip1.corp.lan",\n  "version": "17.1.1.3",',
        uuid,
    ),
    L(
        NA,
        "meraki_network_id",
        'net = dashboard.networks.getNetwork("{v}")\nprint(net["name"], net["productTypes"])',
        join("L_", digits(18)),
    ),
    L(
        NA,
        "aruba_central_client_id",
        'central_info:\n  client_id: "{v}"\n  client_secret: "{{ vault_central_client_secret }}"',
        b62(32),
        note="OAuth client ids are public",
    ),
    L(
        NA,
        "meraki_commit_sha",
        "$ git -C meraki-automation log -1 --format=%H\n{v}",
        hexl(40),
        note="same shape as a Meraki key",
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        NA,
        "unifi_doc_placeholder",
        "curl -X GET 'https://api.ui.com/v1/sites' -H 'X-API-KEY: {v}' -H 'Accept: application/json'",
        const("YOUR_API_KEY"),
    ),
    L(
        NA,
        "panos_doc_placeholder",
        "curl -k -X POST 'https://firewall/api?type=op&cmd=<show><system><info></info></system></show>&key={v}'",
        const("<apikey>"),
    ),
    L(
        NA,
        "meraki_masked_example",
        'apikey = "{v}"\nmyOrgs = meraki.myorgaccess(apikey)',
        join(lower_alnum(14), "******example*****", lower_alnum(16)),
    ),
    L(
        NA,
        "pfsense_gha_secret_ref",
        "      - name: Push aliases to pfSense\n        env:\n          PFSENSE_API_KEY: {v}\n"
        "        run: python scripts/sync_aliases.py --host fw01.brightwater.lan",
        const("${{ secrets.PFSENSE_API_KEY }}"),
    ),
    L(
        NA,
        "opnsense_ansible_env_lookup",
        "  module_defaults:\n    group/oxlorg.opnsense.all:\n"
        '      firewall: "{{ hostvars.opnsense.ansible_host }}"\n'
        "      api_key: \"{{ lookup('env', 'OPNSENSE_API_KEY') }}\"\n      api_secret: {v}",
        const("\"{{ lookup('env', 'OPNSENSE_API_SECRET') }}\""),
    ),
    L(
        NA,
        "fortigate_env_ref",
        'curl -k -H "Authorization: Bearer {v}" "https://10.10.1.99/api/v2/monitor/system/status"',
        const("$FGT_API_TOKEN"),
    ),
    L(
        NA,
        "f5_postman_variable",
        '{\n  "username": "admin",\n  "password": "{v}",\n  "loginProviderName": "tmos"\n}',
        const("{{bigip_admin_password}}"),
    ),
    L(
        NA,
        "snmp_env_ref",
        '$ snmpwalk -v3 -l authPriv -u nms-poller -a SHA -A "$SNMP_AUTH" -x AES -X {v} 10.40.0.254 sysDescr',
        const('"$SNMP_PRIV"'),
    ),
    L(
        NA,
        "ansible_vault_ciphertext",
        "ansible_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {v}\n  {more}",
        hexl(80),
        note="vault ciphertext is meant to be committed",
        more=hexl(80),
    ),
]
