"""An eighteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the infrastructure-as-code tools' own documentation: Terraform and its providers'
docs (provider credential arguments, .tfvars files, `terraform output` with -raw and -json,
state JSON attributes, the pg/http/azurerm backends, git module sources, .terraform.lock.hcl),
Pulumi's docs (`pulumi config set --secret`, Pulumi.<stack>.yaml with `secure:` ciphertext and
`encryptionsalt`, `pulumi stack output --show-secrets`, `pulumi stack export` secret objects) and
Ansible's docs (inventory connection variables, `!vault` and `$ANSIBLE_VAULT` blocks,
`--vault-password-file`, `--extra-vars`/`-e`, module parameters such as mysql_user, git and
linode_v4). Every value is generated from a seeded random source; none is copied from the docs.

First score, blind, before any rule changed for it (after the rules for heldout 16, 17 and 19):
23 of 24 secrets caught, 3 of 22 look-alikes altered (a `random_password`'s `result` in
Terraform state; Pulumi's `encryptionsalt` envelope and a secret's `ciphertext`, a config key's
name after `--secret`).
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
    counting,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

TF, PU, AN = "terraform", "pulumi", "ansible"


def pw(n: int):
    """A typed password: letters, digits and a few symbols that need no quoting in the lines used."""
    return pick(B62 + "!%^*@&", n)


AZ_CLIENT_SECRET = join(b62(3), "8Q~", pick(B62 + "-_.~", 34))


def vault_block(rng) -> str:
    """An `!vault` body: hexlified "salt\nhmac\nciphertext" (each itself hex), 80 columns, indented."""
    inner = hexl(64)(rng) + "\n" + hexl(64)(rng) + "\n" + hexl(32)(rng)
    body = inner.encode().hex()
    lines = [body[i : i + 80] for i in range(0, len(body), 80)]
    return "$ANSIBLE_VAULT;1.1;AES256\n          " + "\n          ".join(lines)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 24, 3, 22, "the rules for 16, 17 and 19")

TEMPLATES = [
    # ---- positions: positional values, -var / --extra-vars / -e, vendor flags
    S(PU, "positional", "$ pulumi config set --secret smtpRelayPassword {v}", b64url(32)),
    S(TF, "var_flag", "$ terraform apply -var 'grafana_admin_password={v}' -var 'env=staging' -auto-approve", pw(18)),
    S(
        AN,
        "extra_vars",
        '$ ansible-playbook -i inventories/staging/hosts.ini roll-ledger-api.yml --extra-vars "db_password={v} ledger_release=2024.11.3"',
        b62(20),
    ),
    S(
        AN,
        "extra_vars",
        "$ ansible-playbook -i prod.yml kafka-rolling-restart.yml -e 'ansible_become_password={v}' --limit kafka_brokers",
        pw(15),
    ),
    S(
        AN,
        "flag",
        "$ ansible-galaxy collection publish ./build/nordfjord-netbox_sync-1.4.0.tar.gz --token {v}",
        hexl(40),
    ),
    S(
        TF,
        "backend_config_flag",
        '$ terraform init -reconfigure -backend-config="storage_account_name=sttfstate{num}" -backend-config="container_name=tfstate" -backend-config="access_key={v}"',
        b64(86, "=="),
        num=digits(5),
    ),
    # ---- provider credentials and resource passwords in HCL / tfvars
    S(
        TF,
        "provider_hcl",
        'provider "aws" {\n  region     = "ap-southeast-2"\n  access_key = var.aws_access_key_id\n  secret_key = "{v}"\n}',
        b64(40),
    ),
    S(
        TF,
        "provider_hcl",
        'provider "azurerm" {\n  features {}\n  subscription_id = "{sub}"\n  tenant_id       = "{ten}"\n  client_id       = "{cid}"\n  client_secret   = "{v}"\n}',
        AZ_CLIENT_SECRET,
        sub=uuid,
        ten=uuid,
        cid=uuid,
    ),
    S(
        TF,
        "resource_password",
        'resource "aws_db_instance" "billing" {\n  identifier          = "billing-pg-eu"\n  engine              = "postgres"\n  engine_version      = "16.3"\n  instance_class      = "db.t4g.medium"\n  username            = "billing_owner"\n  password            = "{v}"\n  skip_final_snapshot = true\n}',
        pw(20),
    ),
    S(
        TF,
        "tfvars",
        '$ cat environments/prod.auto.tfvars\nregion           = "us-east-2"\nalert_channel    = "#sre-pager"\nnewrelic_api_key = "{v}"\nnewrelic_account = {acct}',
        join("NRAK-", upper_alnum(27)),
        acct=join("3", digits(6)),
    ),
    # ---- state JSON and outputs
    S(
        TF,
        "state_json",
        '$ terraform state pull | jq \'.resources[] | select(.type=="aws_iam_access_key") | .instances[0].attributes | {user, status, secret}\'\n{\n  "user": "ci-artifact-uploader",\n  "status": "Active",\n  "secret": "{v}"\n}',
        b64(40),
    ),
    S(
        TF,
        "state_json",
        '      "type": "random_password",\n      "name": "keycloak_admin",\n      "provider": "provider[\\"registry.terraform.io/hashicorp/random\\"]",\n      "instances": [\n        {\n          "schema_version": 3,\n          "attributes": {\n            "id": "none",\n            "keepers": null,\n            "length": 24,\n            "lower": true,\n            "override_special": "_%@",\n            "result": "{v}",\n            "special": true,',
        pick(B62 + "_%@", 24),
    ),
    S(TF, "output_raw", "$ terraform output -raw redis_auth_token\n{v}", b62(40)),
    S(
        TF,
        "output_json",
        '$ terraform output -json opensearch_master_user\n{"password":"{v}","username":"os_master"}',
        pw(22),
    ),
    S(
        PU,
        "stack_output",
        "$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT             VALUE\n    bucketName         media-uploads-{b}\n    cdnDomain          d{c}.cloudfront.net\n    rabbitmqPassword   {v}",
        b62(24),
        b=lower_alnum(7),
        c=lower_alnum(13),
    ),
    S(
        PU,
        "stack_output_json",
        '$ pulumi stack output --json --show-secrets -s prod\n{\n  "clusterName": "analytics-prod",\n  "mongoAdminPassword": "{v}",\n  "vpcId": "vpc-{vpc}"\n}',
        pw(20),
        vpc=hexl(17),
    ),
    S(
        PU,
        "stack_config_plain",
        "$ cat Pulumi.staging.yaml\nconfig:\n  digitalocean:token: {v}\n  droplets:region: fra1\n  droplets:size: s-2vcpu-4gb",
        join("dop_v1_", hexl(64)),
    ),
    # ---- Ansible inventory, host vars and module parameters
    S(
        AN,
        "inventory_ini",
        "[pg_replicas]\npg-replica-02 ansible_host=10.20.3.14 ansible_user=svc_ansible ansible_password={v}\npg-replica-03 ansible_host=10.20.3.15 ansible_user=svc_ansible",
        pw(16),
    ),
    S(
        AN,
        "host_vars",
        '# host_vars/bastion-eu1.yml\nansible_user: sre\nansible_become: true\nansible_become_pass: "{v}"',
        pw(14),
    ),
    S(
        AN,
        "module_param",
        '- name: Create replication user\n  community.mysql.mysql_user:\n    name: repl_agent\n    host: "10.40.%"\n    password: "{v}"\n    priv: "*.*:REPLICATION SLAVE,REPLICATION CLIENT"\n    state: present',
        pw(18),
    ),
    # ---- secrets inside URLs
    S(
        TF,
        "url_backend",
        'terraform {\n  backend "pg" {\n    conn_str    = "postgres://tfstate_rw:{v}@pg-state.internal.example.net:5432/terraform_backend?sslmode=require"\n    schema_name = "network"\n  }\n}',
        b62(22),
    ),
    S(
        TF,
        "url_module_source",
        'module "vpc" {\n  source = "git::https://oauth2:{v}@gitlab.example.com/platform/terraform-modules/vpc.git?ref=v3.2.0"\n  cidr   = "10.60.0.0/16"\n}',
        join("glpat-", b64url(20)),
    ),
    S(
        TF,
        "url_http_backend",
        '$ terraform init -backend-config="address=https://tfstate:{v}@state.example.org/api/v1/state/payments" -backend-config="lock_method=LOCK"',
        b62(28),
    ),
    S(
        AN,
        "url_git_repo",
        '- name: Checkout ledger config\n  ansible.builtin.git:\n    repo: "https://x-access-token:{v}@github.com/acme-fin/ledger-config.git"\n    dest: /opt/ledger/config\n    version: main',
        join("ghs_", b62(36)),
    ),
    # ---- look-alikes: ciphertext and masking markers
    L(
        PU,
        "secure_ciphertext",
        '$ cat Pulumi.prod.yaml\nencryptionsalt: v1:{s1}=:v1:{s2}:{s3}==\nconfig:\n  aws:region: eu-central-1\n  orders:sentryDsn:\n    secure: {v}\n  orders:replicaCount: "3"',
        join("v1:", b64(16), ":", b64(64)),
        s1=b64(11),
        s2=b64(16),
        s3=b64(42),
    ),
    L(
        PU,
        "state_ciphertext",
        '$ pulumi stack export | jq \'.deployment.resources[] | select(.type=="gcp:sql/user:User") | .outputs.password\'\n{\n  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",\n  "ciphertext": "{v}"\n}',
        join("AAABA", b64(75)),
    ),
    L(
        AN,
        "vault_inline",
        "$ ansible-vault encrypt_string --vault-password-file ~/.vault/prod.txt --stdin-name vault_redis_password\nReading plaintext input from stdin. (ctrl-d to end input)\nvault_redis_password: !vault |\n          {v}\nEncryption successful",
        vault_block,
    ),
    L(
        TF,
        "sensitive_marker",
        '  # aws_rds_cluster.orders will be created\n  + resource "aws_rds_cluster" "orders" {\n      + cluster_identifier = "orders-aurora"\n      + engine             = "aurora-postgresql"\n      + master_password    = {v}\n      + master_username    = "orders_admin"\n      + storage_encrypted  = true',
        const("(sensitive value)"),
    ),
    L(
        TF,
        "sensitive_marker",
        '$ terraform output\nqueue_url = "https://sqs.eu-central-1.amazonaws.com/{acct}/ingest-jobs"\nsmtp_password = {v}\nvpc_id = "vpc-{vpc}"',
        const("<sensitive>"),
        acct=digits(12),
        vpc=hexl(17),
    ),
    L(
        PU,
        "secret_marker",
        "$ pulumi stack output\nCurrent stack outputs (3):\n    OUTPUT           VALUE\n    apiEndpoint      https://{h}.execute-api.us-west-2.amazonaws.com/prod\n    jwtSigningKey    {v}\n    tableName        sessions-{t}",
        const("[secret]"),
        h=lower_alnum(10),
        t=hexl(7),
    ),
    # ---- look-alikes: references instead of values
    L(
        TF,
        "reference",
        'resource "aws_rds_cluster" "reporting" {\n  cluster_identifier = "reporting"\n  master_username    = "reporting_admin"\n  master_password    = {v}\n  kms_key_id         = aws_kms_key.reporting.arn\n}',
        const("random_password.reporting_master.result"),
    ),
    L(
        TF,
        "reference",
        'data "vault_generic_secret" "rabbit" {\n  path = "kv/infra/rabbitmq"\n}\n\nresource "rabbitmq_user" "ingest" {\n  name     = "ingest"\n  password = {v}\n  tags     = ["management"]\n}',
        const('data.vault_generic_secret.rabbit.data["password"]'),
    ),
    L(
        AN,
        "reference",
        '# group_vars/windows.yml\nansible_connection: winrm\nansible_winrm_transport: ntlm\nansible_user: svc-ansible\nansible_password: "{v}"',
        const("{{ vault_winrm_password }}"),
    ),
    L(
        AN,
        "reference",
        '- name: Create build node\n  community.general.linode_v4:\n    label: ci-runner-07\n    type: g6-standard-2\n    region: eu-central\n    image: linode/debian12\n    access_token: "{v}"\n    root_pass: "{{ vault_linode_root_pass }}"\n    state: present',
        const("{{ lookup('env', 'LINODE_ACCESS_TOKEN') }}"),
    ),
    L(
        TF,
        "reference",
        '- name: Terraform apply\n  run: terraform apply -input=false -auto-approve -var "keycloak_client_secret={v}"\n  working-directory: infra/identity',
        const("${TF_VAR_keycloak_client_secret}"),
    ),
    # ---- look-alikes: public identifiers
    L(
        TF,
        "state_ids",
        '$ head -6 terraform.tfstate\n{\n  "version": 4,\n  "terraform_version": "1.8.2",\n  "serial": {serial},\n  "lineage": "{v}",\n  "outputs": {',
        uuid,
        serial=join("1", digits(2)),
    ),
    L(
        TF,
        "arn",
        'resource "aws_ebs_volume" "scratch" {\n  availability_zone = "us-west-2b"\n  size              = 200\n  encrypted         = true\n  kms_key_id        = "arn:aws:kms:us-west-2:{acct}:key/{v}"\n}',
        uuid,
        acct=digits(12),
    ),
    # ---- look-alikes: hashes and commit SHAs
    L(
        TF,
        "commit_sha",
        'module "edge_waf" {\n  source = "git::https://github.com/nordfjord-labs/terraform-modules.git//aws/waf-edge?ref={v}"\n  scope  = "CLOUDFRONT"\n}',
        hexl(40),
    ),
    L(
        TF,
        "lock_hash",
        '# .terraform.lock.hcl\nprovider "registry.terraform.io/hashicorp/google" {\n  version     = "5.{minor}.0"\n  constraints = "~> 5.20"\n  hashes = [\n    "h1:{v}",\n    "zh:{z1}",\n    "zh:{z2}",\n  ]\n}',
        b64(43, "="),
        minor=join("3", digits(1)),
        z1=hexl(64),
        z2=hexl(64),
    ),
    # ---- look-alikes: placeholders and documentation examples
    L(
        AN,
        "placeholder",
        "[routers]\nedge-r1 ansible_host=192.0.2.11 ansible_network_os=cisco.ios.ios ansible_user=netadmin ansible_password={v}",
        const("changeme"),
    ),
    L(
        TF,
        "placeholder",
        '$ cat terraform.tfvars.example\n# copy to terraform.tfvars and fill in\nproject_id   = "<your-project-id>"\ndb_password  = "{v}"\nsendgrid_key = "{k}"',
        const("<password>"),
        k=counting(16, hex_digits=True),
    ),
    L(
        PU,
        "placeholder",
        "# README: set the provider key before the first `pulumi up`, e.g.\n#   pulumi config set --secret fastly:apiKey {v}",
        interleaved(32),
    ),
    # ---- look-alikes: non-secret values under secret-sounding names
    L(
        TF,
        "named_non_secret",
        'data "aws_secretsmanager_secret_version" "grafana" {\n  secret_id = "{v}"\n}\n\noutput "grafana_admin_password" {\n  value     = data.aws_secretsmanager_secret_version.grafana.secret_string\n  sensitive = true\n}',
        const("prod/observability/grafana-admin-password"),
    ),
    L(
        TF,
        "named_non_secret",
        'resource "random_password" "ledger_db" {\n  length           = 32\n  special          = true\n  min_special      = 2\n  override_special = "{v}"\n}',
        const("!#%&*()-_=+[]:?"),
    ),
    L(
        TF,
        "named_non_secret",
        'resource "aws_iam_account_password_policy" "strict" {\n  minimum_password_length        = {v}\n  require_symbols                = true\n  password_reuse_prevention      = 24\n  max_password_age               = 90\n  allow_users_to_change_password = true\n}',
        const("16"),
    ),
    L(
        AN,
        "named_non_secret",
        "- name: Rotate local admin password\n  become: true\n  ansible.builtin.user:\n    name: sre\n    password: \"{{ sre_password | password_hash('sha512') }}\"\n    update_password: always\n  no_log: {v}",
        const("true"),
    ),
]
