"""A hundred-and-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of configuration-management and ops-automation tools: Ansible
(INI inventories, `ansible_become_password`, `no_log` output) and Ansible Vault (password files,
`encrypt_string`, `$ANSIBLE_VAULT;1.1;AES256` payloads), AWX / Ansible Tower (`awx login -f human`,
30-character OAuth2 personal access tokens, `/api/v2/tokens/` and application client ids and
secrets, `$encrypted$` fields), Ansible Galaxy and Automation Hub (`~/.ansible/galaxy_token`,
`galaxy_server` offline tokens, `MANIFEST.json` checksums), Chef Infra (`encrypted_data_bag_secret`,
client `.pem` keys, encrypted data bag items, Policyfile revision ids, `chef_guid`), Chef Automate
(`api-token` header, `data_collector.token`), Puppet Enterprise (`~/.puppetlabs/token`, RBAC and
classifier APIs, `csr_attributes.yaml` challenge passwords, `puppetserver ca list` fingerprints),
hiera-eyaml (`ENC[PKCS7,…]` and the `DEC(1)::PKCS7[…]!` edit form), SaltStack (salt-api
`rest_cherrypy` login and `X-Auth-Token`, pillar files, `salt-key -F`, job ids), Rundeck
(`X-Rundeck-Auth-Token`, `RD_TOKEN` for the `rd` CLI, token listings), Foreman / Katello (hammer
`foreman.yml`, personal access tokens over basic auth, global-registration JWTs,
`subscription-manager identity`) and StackStorm (`St2-Api-Key`, `st2 apikey create -k`, key
hashes, ids and encrypted datastore values), in commands, config files and tool output, with the
public ids, hashes, references and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 100 to 104):
22 of 26 secrets caught, 2 of 25 look-alikes altered (missed: a vault password file printed by
`cat`, `ansible-vault encrypt_string '<pw>'`, hiera-eyaml's `DEC(1)::PKCS7[<plaintext>]!`, a Puppet
CSR challenge password under its OID; altered: hiera-eyaml's `ENC[PKCS7,…]` ciphertext, AWX's
`$encrypted$` mask).
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
    b64,
    b64url,
    const,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

CM = "configmgmt"

RSA_PKCS1_HEAD = "MIIEpAIBAAKCAQEA"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"
PKCS7_HEAD = "MIIBeQYJKoZIhvcNAQcDoIIBajCCAWYCAQAxggEhMIIBHQIBADAFMAACAQEwDQYJKoZIhvcNAQEBBQAEggEA"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def foreman_registration_jwt(rng: random.Random) -> str:
    """A global-registration bearer token: HS256 JWT with user_id, jti, exp and registration scope."""
    iat = 1718000000 + rng.randrange(20_000_000)
    payload = {
        "user_id": rng.randrange(2, 60),
        "iat": iat,
        "jti": hexl(64)(rng),
        "exp": iat + 14400,
        "scope": "registration#global registration#host",
    }
    return _b64url_json({"alg": "HS256"}) + "." + _b64url_json(payload) + "." + b64url(43)(rng)


def sso_offline_token(rng: random.Random) -> str:
    """A Keycloak-style offline token as Automation Hub's `galaxy_server` section takes it."""
    header = '{"alg":"HS512","typ" : "JWT","kid" : "' + uuid(rng) + '"}'
    realm = "https://sso.redhat.com/auth/realms/redhat-external"
    payload = {
        "iat": 1700000000 + rng.randrange(30_000_000),
        "jti": uuid(rng),
        "iss": realm,
        "aud": realm,
        "sub": "f:" + uuid(rng) + ":svc-netops-publish",
        "typ": "Offline",
        "azp": "cloud-services",
        "nonce": uuid(rng),
        "session_state": uuid(rng),
        "scope": "openid api.iam.service_accounts offline_access",
    }
    h = base64.urlsafe_b64encode(header.encode()).decode().rstrip("=")
    return h + "." + _b64url_json(payload) + "." + b64url(86)(rng)


def st2_api_key(rng: random.Random) -> str:
    """StackStorm's key shape: base64 of a sha256 hex digest, padding stripped (86 characters)."""
    return base64.b64encode(hexl(64)(rng).encode()).decode().rstrip("=")


def rsa_pkcs1_body(rng: random.Random) -> str:
    lines = [RSA_PKCS1_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(36)(rng) + "=="]
    return "\n".join(lines)


def rsa_public_body(rng: random.Random) -> str:
    lines = [RSA_PUB_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


def vault_payload(rng: random.Random) -> str:
    """An `$ANSIBLE_VAULT;1.1;AES256` body: hexlified salt, hmac and ciphertext in 80-column lines."""
    inner = hexl(64)(rng) + "\n" + hexl(64)(rng) + "\n" + hexl(32)(rng)
    outer = inner.encode().hex()
    return "\n          ".join(outer[i : i + 80] for i in range(0, len(outer), 80))


def colon_hex(n_bytes: int, upper: bool = False):
    def make(rng: random.Random) -> str:
        h = (hexu if upper else hexl)(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def salt_jid(rng: random.Random) -> str:
    """A Salt job id: the job's start time as YYYYMMDDhhmmssffffff."""
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return f"2024{month:02d}{day:02d}{hour:02d}{minute:02d}{second:02d}{rng.randrange(1_000_000):06d}"


lower_alnum_32 = pick(string.ascii_lowercase + string.digits, 32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 2, 25, "the rules for 100 to 104")

TEMPLATES = [
    # ---- secrets: Ansible and Ansible Vault
    S(
        CM,
        "vault_password_file",
        "$ cat ~/.ansible/vault_pass.txt\n{v}\n"
        "$ ansible-playbook -i inventories/prod site.yml --vault-password-file ~/.ansible/vault_pass.txt --check",
        password(28),
    ),
    S(
        CM,
        "vault_encrypt_string",
        "$ ansible-vault encrypt_string '{v}' --name 'pg_replication_password' --vault-id prod@~/.ansible/vault_pass.txt",
        password(20),
    ),
    S(
        CM,
        "inventory_become_password",
        "[dbservers]\npg01.corp.example ansible_host=10.40.2.11 ansible_user=deploy ansible_become_password={v}\n"
        "pg02.corp.example ansible_host=10.40.2.12 ansible_user=deploy",
        password(16),
    ),
    # ---- secrets: AWX / Ansible Tower
    S(
        CM,
        "awx_login_human",
        "$ CONTROLLER_HOST=https://awx.corp.example CONTROLLER_USERNAME=svc-release awx login -f human\n"
        "export CONTROLLER_OAUTH_TOKEN={v}",
        b62(30),
    ),
    S(
        CM,
        "awx_bearer_launch",
        '$ curl -s -X POST -H "Authorization: Bearer {v}" -H "Content-Type: application/json" '
        'https://awx.corp.example/api/v2/job_templates/27/launch/ -d \'{"extra_vars": {"release": "2024.06.1"}}\'',
        b62(30),
    ),
    S(
        CM,
        "awx_token_response",
        '{\n  "id": 58,\n  "type": "o_auth2_access_token",\n  "url": "/api/v2/tokens/58/",\n'
        '  "description": "terraform-provider",\n  "user": 4,\n  "token": "{v}",\n  "refresh_token": null,\n'
        '  "application": null,\n  "expires": "3023-10-17T09:14:52.119Z",\n  "scope": "write"\n}',
        b62(30),
    ),
    S(
        CM,
        "awx_application_secret",
        "$ awx applications create --name gitops-sync --organization 1 --client_type confidential"
        ' --authorization_grant_type password\n{\n  "id": 3,\n  "name": "gitops-sync",\n  "client_id": "{cid}",\n'
        '  "client_secret": "{v}",\n  "client_type": "confidential",',
        b62(128),
        cid=b62(40),
    ),
    # ---- secrets: Ansible Galaxy and Automation Hub
    S(CM, "galaxy_token_file", "$ cat ~/.ansible/galaxy_token\ntoken: {v}", hexl(40)),
    S(
        CM,
        "automation_hub_offline_token",
        "[galaxy]\nserver_list = automation_hub, release_galaxy\n\n[galaxy_server.automation_hub]\n"
        "url=https://console.redhat.com/api/automation-hub/content/published/\n"
        "auth_url=https://sso.redhat.com/auth/realms/redhat-external/protocol/openid-connect/token\ntoken={v}",
        sso_offline_token,
    ),
    # ---- secrets: Chef Infra and Chef Automate
    S(
        CM,
        "chef_data_bag_secret",
        "$ sudo cat /etc/chef/encrypted_data_bag_secret\n{v}",
        b64(683, "="),
    ),
    S(
        CM,
        "chef_client_key",
        "$ cat ~/.chef/deploy-bot.pem\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_pkcs1_body,
    ),
    S(
        CM,
        "automate_api_token",
        '$ curl -s -H "api-token: {v}" -X POST https://automate.corp.example/api/v0/compliance/reporting/nodes/search'
        ' -d \'{"filters": [{"type": "environment", "values": ["prod"]}]}\' | jq \'.total\'',
        join(b64url(27), "="),
    ),
    S(
        CM,
        "automate_data_collector",
        "# /etc/chef/client.rb\nchef_server_url  'https://chef.corp.example/organizations/platform'\n"
        "node_name        'web03.corp.example'\n"
        "data_collector.server_url 'https://automate.corp.example/data-collector/v0/'\n"
        "data_collector.token '{v}'",
        join(b64url(27), "="),
    ),
    # ---- secrets: Puppet Enterprise and hiera-eyaml
    S(CM, "pe_token_file", "$ cat ~/.puppetlabs/token\n{v}", join("0", b64url(43))),
    S(
        CM,
        "eyaml_edit_decrypted",
        "---\nprofile::postgres::listen: '*'\nprofile::postgres::admin_password: DEC(1)::PKCS7[{v}]!\n"
        "profile::postgres::port: 5432",
        password(18),
    ),
    S(
        CM,
        "csr_challenge_password",
        "$ sudo cat /etc/puppetlabs/puppet/csr_attributes.yaml\ncustom_attributes:\n"
        "  1.2.840.113549.1.9.7: {v}\nextension_requests:\n  pp_role: webserver\n  pp_environment: production",
        lower_alnum_32,
    ),
    # ---- secrets: SaltStack
    S(
        CM,
        "salt_api_login",
        "$ curl -sSk https://salt.corp.example:8000/login -H 'Accept: application/x-yaml' "
        '-d username=saltapi -d password="$SALTAPI_PASS" -d eauth=pam\nreturn:\n- eauth: pam\n'
        "  expire: 1718091734.412871\n  perms:\n  - .*\n  - '@runner'\n  start: 1718048534.412869\n"
        "  token: {v}\n  user: saltapi",
        hexl(40),
    ),
    S(
        CM,
        "salt_api_header",
        "$ curl -sSk https://salt.corp.example:8000 -H 'Accept: application/json' -H 'X-Auth-Token: {v}'"
        " -d client=local -d tgt='web*' -d fun=state.apply -d arg=nginx",
        hexl(40),
    ),
    S(
        CM,
        "salt_pillar_password",
        "$ cat /srv/pillar/mysql/init.sls\nmysql:\n  server:\n    root_user: root\n    root_password: '{v}'\n"
        "  database:\n    - inventory",
        password(20),
    ),
    # ---- secrets: Rundeck
    S(
        CM,
        "rundeck_auth_header",
        '$ curl -s -H "Accept: application/json" -H "X-Rundeck-Auth-Token: {v}"'
        " https://rundeck.corp.example/api/41/project/ops/jobs?groupPath=backups",
        b62(32),
    ),
    S(
        CM,
        "rundeck_rd_token",
        "$ RD_URL=https://rundeck.corp.example RD_TOKEN={v} rd run -p ops -j backups/nightly-pg -f",
        b62(32),
    ),
    # ---- secrets: Foreman / Katello
    S(
        CM,
        "hammer_config_password",
        "$ cat ~/.hammer/cli.modules.d/foreman.yml\n:foreman:\n  :host: 'https://foreman.corp.example'\n"
        "  :username: 'admin'\n  :password: '{v}'\n  :refresh_cache: false",
        password(16),
    ),
    S(
        CM,
        "foreman_pat_basic",
        "$ curl -s -u svc-ansible:{v} -H 'Accept: application/json' "
        "'https://foreman.corp.example/api/v2/hosts?search=os%3DRHEL-9&per_page=5' | jq '.subtotal'",
        b64url(22),
    ),
    S(
        CM,
        "foreman_registration_jwt",
        "$ curl -sS 'https://foreman.corp.example/register?activation_keys=rhel9-base&location_id=2&organization_id=1'"
        " -H 'Authorization: Bearer {v}' | bash",
        foreman_registration_jwt,
    ),
    # ---- secrets: StackStorm
    S(
        CM,
        "st2_api_key_header",
        '$ curl -s -X POST -H "St2-Api-Key: {v}" -H "Content-Type: application/json" '
        'https://st2.corp.example/api/v1/executions -d \'{"action": "core.local", "parameters": {"cmd": "uptime"}}\'',
        st2_api_key,
    ),
    S(
        CM,
        "st2_apikey_create",
        '$ st2 apikey create -k -m \'{"used_by": "grafana alert webhook"}\'\n{v}',
        st2_api_key,
    ),
    # ---- look-alikes: encrypted or masked values, by design safe to show
    L(
        CM,
        "vault_ciphertext",
        "pg_replication_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          {v}",
        vault_payload,
    ),
    L(
        CM,
        "eyaml_pkcs7",
        "profile::postgres::admin_password: {v}\nprofile::postgres::port: 5432",
        join("ENC[PKCS7,", PKCS7_HEAD, b64(424), "]"),
    ),
    L(
        CM,
        "no_log_masked",
        'ok: [win01.corp.example] => {"changed": false, "invocation": {"module_args": {"name": "svc_deploy",'
        ' "password": "{v}", "state": "present", "groups": ["Administrators"]}}}',
        const("VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"),
    ),
    L(
        CM,
        "awx_encrypted_field",
        '  "credential_type": 1,\n  "inputs": {\n    "username": "svc-deploy",\n    "password": "{v}",\n'
        '    "ssh_key_data": "{v}",\n    "become_method": "sudo"\n  },',
        const("$encrypted$"),
    ),
    L(
        CM,
        "awx_token_masked",
        '$ awx tokens get 58\n{\n  "id": 58,\n  "description": "terraform-provider",\n  "token": "{v}",\n'
        '  "refresh_token": null,\n  "scope": "write"\n}',
        const("************"),
    ),
    L(
        CM,
        "st2_encrypted_value",
        "$ st2 key get pagerduty_api_key\n| Property  | Value\n| name      | pagerduty_api_key\n"
        "| value     | {v}\n| secret    | True\n| encrypted | True\n| scope     | st2kv.system",
        hexu(96),
    ),
    # ---- look-alikes: references to a secret store or variable
    L(
        CM,
        "jinja_vault_ref",
        "# group_vars/dbservers.yml\nansible_user: deploy\nansible_become_password: {v}",
        const('"{{ vault_become_password }}"'),
    ),
    L(
        CM,
        "lookup_env_ref",
        "  vars:\n    controller_host: https://awx.corp.example\n    controller_oauthtoken: {v}",
        const("\"{{ lookup('ansible.builtin.env', 'CONTROLLER_OAUTH_TOKEN') }}\""),
    ),
    L(
        CM,
        "gha_secret_ref",
        "      - name: Publish collection\n        env:\n          ANSIBLE_GALAXY_SERVER_AUTOMATION_HUB_TOKEN: {v}\n"
        "        run: ansible-galaxy collection publish build/corp-netops-*.tar.gz",
        const("${{ secrets.AH_OFFLINE_TOKEN }}"),
    ),
    L(
        CM,
        "rundeck_placeholder",
        "# docs/runbook.md\ncurl -H 'X-Rundeck-Auth-Token: {v}' https://rundeck.corp.example/api/41/system/info",
        const("<your-api-token>"),
    ),
    # ---- look-alikes: public ids
    L(
        CM,
        "awx_client_id",
        '$ awx applications list -f json | jq \'.results[0]\'\n{\n  "id": 3,\n  "name": "gitops-sync",\n'
        '  "client_id": "{v}",\n  "client_type": "confidential",\n  "authorization_grant_type": "password"\n}',
        b62(40),
    ),
    L(CM, "chef_guid", "$ sudo cat /etc/chef/chef_guid\n{v}", uuid),
    L(
        CM,
        "pe_group_id",
        '$ curl -s --header "X-Authentication: $(puppet-access show)" '
        '"https://puppet.corp.example:4433/classifier-api/v1/groups/{v}" | jq .name\n"PE Infrastructure Agent"',
        uuid,
    ),
    L(
        CM,
        "rundeck_token_id",
        '[\n  {\n    "user": "svc-backup",\n    "id": "{v}",\n    "creator": "admin",\n'
        '    "expiration": "2025-06-30T00:00:00Z",\n    "roles": ["ops"],\n    "expired": false,\n    "name": "nightly"\n  }\n]',
        uuid,
    ),
    L(
        CM,
        "rhsm_identity",
        "$ subscription-manager identity\nsystem identity: {v}\nname: web03.corp.example\norg name: Corp\norg ID: corp_ops",
        uuid,
    ),
    L(
        CM,
        "st2_apikey_id",
        "$ st2 apikey list\n| id                       | user     | metadata                              | enabled |\n"
        '| {v} | st2admin | {"used_by": "grafana alert webhook"} | True    |\n$ st2 apikey disable {v}',
        hexl(24),
    ),
    L(
        CM,
        "salt_jid",
        "$ salt --async 'web*' state.apply nginx\nExecuted command with job ID: {v}",
        salt_jid,
    ),
    # ---- look-alikes: hashes, fingerprints, public keys, nonces
    L(
        CM,
        "st2_key_hash",
        "$ st2 apikey list -dy\n-   created_at: '2024-05-02T11:20:41.883021Z'\n    enabled: true\n"
        "    key_hash: {v}\n    metadata:\n      used_by: grafana alert webhook\n    user: st2admin",
        hexl(128),
    ),
    L(
        CM,
        "galaxy_chksum",
        '    {\n      "name": "plugins/modules/netbox_sync.py",\n      "ftype": "file",\n'
        '      "chksum_type": "sha256",\n      "chksum_sha256": "{v}",\n      "format": 1\n    },',
        hexl(64),
    ),
    L(
        CM,
        "awx_scm_revision",
        '  "scm_type": "git",\n  "scm_url": "https://git.corp.example/platform/playbooks.git",\n'
        '  "scm_branch": "main",\n  "scm_revision": "{v}",',
        hexl(40),
    ),
    L(
        CM,
        "policyfile_revision",
        '$ jq \'.revision_id, .name\' Policyfile.lock.json\n"{v}"\n"webserver"',
        hexl(64),
    ),
    L(
        CM,
        "data_bag_iv",
        '{\n  "id": "mysql",\n  "root_password": {\n    "encrypted_data": "{enc}",\n    "iv": "{v}",\n'
        '    "auth_tag": "{tag}",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
        b64(16),
        enc=join(b64(42), "=="),
        tag=join(b64(22), "=="),
    ),
    L(
        CM,
        "chef_client_public_key",
        "$ knife client key show deploy-bot default\ncreate_key:      false\nexpiration_date: infinity\n"
        "name:            default\npublic_key:      -----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_body,
    ),
    L(
        CM,
        "puppet_cert_fingerprint",
        "$ sudo puppetserver ca list --all\nSigned Certificates:\n"
        '    web03.corp.example       (SHA256)  {v}\talt names: ["DNS:web03.corp.example"]',
        colon_hex(32, upper=True),
    ),
    L(
        CM,
        "salt_key_fingerprint",
        "$ sudo salt-key -F\nLocal Keys:\nmaster.pem:  {pem}\nmaster.pub:  {pub}\nAccepted Keys:\nweb03:  {v}",
        colon_hex(32),
        pem=colon_hex(32),
        pub=colon_hex(32),
    ),
]
