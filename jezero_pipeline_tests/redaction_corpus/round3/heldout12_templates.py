"""A twelfth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from three code scanners' hardcoded-credential checks: Checkmarx KICS's "Passwords And
Secrets" query for infrastructure as code (its Generic Password/Secret/Token, Encryption Key,
Password in URL and K8s environment-variable rules, and its allow-rules: Terraform variables and
resource access, `optional()`, CloudFormation `!Ref`, booleans, Ansible no-log masks, Secrets
Manager ARNs), Bandit's B105/B106/B107 (password-like names assigned, compared, passed as keyword
arguments or given as argument defaults) and gosec's G101 (its name pattern
passwd|pass|password|pwd|secret|token|pw|apiKey|bearer|cred, its 64-hex value pattern, and the
false positives its users report: constants holding a Secret's name, environment look-ups, ids).
Secrets sit in Terraform, CloudFormation, Kubernetes, Helm, Ansible, compose, Python, Go and shell;
look-alikes are the references, placeholders, identifiers, digests and settings those tools skip.
Every value is generated from a seeded random source; none is a real key.

First score, blind, before any rule changed for it (after the rules for heldout 10 and 11):
21 of 24 secrets caught, 3 of 23 look-alikes altered (an `appid` query parameter, a
password under a Kubernetes env entry's separate `name:`, a YAML anchor before a key; Ansible's
no_log mask, a Vault path under `secrets:`, a secret's kebab-case name).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    keyboard_run,
    password,
    pick,
    uuid,
)

KX = "kics"
BA = "bandit"
GS = "gosec"

LETTER = pick("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 1)
# base64 of 32 random bytes: 42 free characters, then one whose low bits are zero, then "="
KEY32 = join(b64(42), pick("AEIMQUYcgkosw", 1), "=")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 3, 23, "the rules for 10 and 11")

TEMPLATES = [
    # ---- secrets: positional, short-flag or vendor-keyword credentials
    S(
        KX,
        "preshared_key",
        'resource "aws_vpn_connection" "dc1" {\n  vpn_gateway_id        = aws_vpn_gateway.main.id\n'
        '  customer_gateway_id   = aws_customer_gateway.dc1.id\n  type                  = "ipsec.1"\n'
        '  tunnel1_preshared_key = "{v}"\n}',
        join(LETTER, b62(31)),
    ),
    S(
        KX,
        "url_password",
        "- name: Create the CI user in Nexus\n  ansible.builtin.uri:\n"
        "    url: https://nexus.build.internal/service/rest/v1/security/users\n"
        '    method: POST\n    url_username: admin\n    url_password: "{v}"\n    force_basic_auth: true',
        password(18),
    ),
    S(
        BA,
        "funcarg_passwd",
        'conn = pymysql.connect(host="mysql-replica.internal", user="etl_reader", passwd="{v}", db="warehouse", charset="utf8mb4")',
        password(16),
    ),
    S(
        GS,
        "positional",
        'auth := smtp.PlainAuth("", "postmaster@mg.shopfront.example", "{v}", "smtp.mailgun.org")',
        b62(24),
    ),
    S(
        KX,
        "short_flag",
        "$ mysqldump -h 10.0.4.12 -u backup -p{v} --single-transaction --routines shop | gzip > shop-$(date +%F).sql.gz",
        b62(16),
    ),
    S(
        KX,
        "helm_set",
        "$ helm upgrade --install catalog-db bitnami/mongodb -n data --set architecture=replicaset --set auth.replicaSetKey={v}",
        b62(32),
    ),
    S(
        KX,
        "auth_token",
        '"SessionCache": {"Type": "AWS::ElastiCache::ReplicationGroup", "Properties": {"Engine": "redis", '
        '"TransitEncryptionEnabled": true, "AuthToken": "{v}", "CacheNodeType": "cache.t4g.small"}}',
        b62(40),
    ),
    # ---- secrets: vendor formats without a prefix, bare keys named only by their line
    S(
        KX,
        "datadog_app_key",
        'provider "datadog" {\n  api_key = var.datadog_api_key\n  app_key = "{v}"\n  api_url = "https://api.datadoghq.eu/"\n}',
        hexl(40),
    ),
    S(GS, "do_token", 'client := godo.NewFromToken("{v}")', hexl(64)),
    S(GS, "hex_const", 'const hmacSecret = "{v}" // signs the export download links', hexl(64)),
    S(
        KX,
        "raw_key",
        'resource "google_compute_disk" "ledger" {\n  name = "ledger-data"\n  zone = "europe-west4-a"\n'
        '  disk_encryption_key {\n    raw_key = "{v}"\n  }\n}',
        KEY32,
    ),
    S(
        KX,
        "encryption_config",
        'resources:\n  - resources: ["secrets"]\n    providers:\n      - aescbc:\n          keys:\n'
        "            - name: key1\n              secret: {v}\n      - identity: {}",
        KEY32,
    ),
    # ---- secrets: inside URLs
    S(
        KX,
        "url_userinfo",
        "    environment:\n      CELERY_BROKER_URL: amqp://celery:{v}@rabbitmq:5672/tasks\n      CELERY_RESULT_BACKEND: redis://redis:6379/1",
        b62(24),
    ),
    S(
        GS,
        "url_path",
        '\tendpoint := "https://api.telegram.org/bot{v}/sendMessage"',
        join(digits(10), ":AA", b64url(33)),
    ),
    S(
        BA,
        "url_query",
        'resp = requests.get(f"https://api.openweathermap.org/data/2.5/weather?q={city}&appid={v}&units=metric", timeout=5)',
        hexl(32),
    ),
    # ---- secrets: named secrets in less common spellings and places
    S(
        KX,
        "master_user_password",
        '    master_user_options {\n      master_user_name     = "search-admin"\n      master_user_password = "{v}"\n    }',
        password(20),
    ),
    S(
        KX,
        "cfn_master",
        "  AuroraCluster:\n    Type: AWS::RDS::DBCluster\n    Properties:\n      Engine: aurora-postgresql\n"
        "      MasterUsername: app_admin\n      MasterUserPassword: '{v}'",
        password(24),
    ),
    S(
        KX,
        "k8s_env_passwd",
        '        env:\n          - name: LDAP_BIND_DN\n            value: "cn=gitea,ou=svc,dc=corp,dc=internal"\n'
        '          - name: LDAP_BIND_PASSWD\n            value: "{v}"',
        password(20),
    ),
    S(
        KX,
        "yaml_anchor",
        "fluentbit:\n  forward:\n    host: aggregator.logging.svc\n    sharedKey: &fwd_shared_key {v}\n"
        "aggregator:\n  forward:\n    sharedKey: *fwd_shared_key",
        b62(32),
    ),
    S(
        KX,
        "multiline",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: pg-replication\nstringData:\n  .pgpass: |\n"
        "    pg-primary.db.svc:5432:*:replicator:{v}",
        password(20),
    ),
    S(
        BA,
        "default_passphrase",
        'def load_signing_key(path: str = "keys/release-signing.pem", passphrase: str = "{v}") -> PrivateKey:',
        password(24),
    ),
    S(BA, "dict_client_secret", 'OIDC_CONFIG["client_secret"] = "{v}"', b64url(40)),
    S(
        GS,
        "struct_field",
        'cfg := mysql.Config{User: "orders_svc", Passwd: "{v}", Net: "tcp", Addr: "10.20.3.7:3306", DBName: "orders", ParseTime: true}',
        password(20),
    ),
    S(
        GS,
        "compare",
        '\tif adminPassword != "{v}" {\n\t\thttp.Error(w, "forbidden", http.StatusForbidden)\n\t\treturn\n\t}',
        password(18),
    ),
    # ---- look-alikes: references instead of values
    L(
        KX,
        "tf_var",
        'resource "aws_docdb_cluster" "catalog" {\n  cluster_identifier = "catalog-docdb"\n'
        '  master_username    = "catalog"\n  master_password    = {v}\n}',
        const("var.docdb_master_password"),
    ),
    L(
        KX,
        "gha_secret",
        "      - uses: docker/login-action@v3\n        with:\n          registry: quay.io\n"
        "          username: acme+ci_pusher\n          password: {v}",
        const("${{ secrets.QUAY_ROBOT_TOKEN }}"),
    ),
    L(
        KX,
        "ansible_vault_var",
        "- name: Create reporting role\n  community.postgresql.postgresql_user:\n    name: reporting\n"
        '    login_user: postgres\n    login_password: "{v}"',
        const("{{ vault_pg_admin_pw }}"),
    ),
    L(
        KX,
        "cfn_ref",
        "  Warehouse:\n    Type: AWS::Redshift::Cluster\n    Properties:\n      ClusterType: multi-node\n"
        "      MasterUsername: etl_admin\n      MasterUserPassword: {v}",
        const("!Ref RedshiftMasterPassword"),
    ),
    L(
        KX,
        "tf_resource_access",
        'provider "postgresql" {\n  host     = aws_db_instance.billing.address\n  username = "billing_admin"\n'
        "  password = {v}\n}",
        const("data.aws_secretsmanager_secret_version.billing_db.secret_string"),
    ),
    L(GS, "getenv", "\tdbPass := {v}", const('os.Getenv("LEDGER_DB_PASSWORD")')),
    L(KX, "ansible_lookup", '    rabbitmq_password: "{v}"', const("{{ lookup('env', 'RABBITMQ_DEFAULT_PASS') }}")),
    # ---- look-alikes: empty values, placeholders, masks, documentation examples
    L(
        BA,
        "empty",
        'class SmtpSettings(BaseModel):\n    host: str = "localhost"\n    username: str = ""\n    password: str = {v}',
        const('""'),
    ),
    L(
        KX,
        "interleaved",
        "$ cat .env.example\nPOSTGRES_USER=app\nPOSTGRES_PASSWORD={v}\nPOSTGRES_DB=app",
        interleaved(12),
    ),
    L(
        KX,
        "keyboard",
        '$ cat terraform.tfvars.example\nregion         = "us-east-2"\nadmin_password = "{v}"',
        keyboard_run(16),
    ),
    L(
        KX,
        "no_log_mask",
        'ok: [nexus-01] => {"changed": false, "invocation": {"module_args": {"url_username": "admin", '
        '"url_password": "{v}", "force_basic_auth": true}}}',
        const("VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"),
    ),
    L(
        BA,
        "doc_example",
        '    >>> jwt.encode({"sub": "1234567890"}, "{v}", algorithm="HS256")',
        const("your-256-bit-secret"),
    ),
    # ---- look-alikes: public identifiers next to credentials
    L(
        KX,
        "client_id",
        'provider "auth0" {\n  domain        = "acme-prod.eu.auth0.com"\n  client_id     = "{v}"\n'
        "  client_secret = var.auth0_client_secret\n}",
        b62(32),
    ),
    L(
        KX,
        "kms_arn",
        'resource "aws_secretsmanager_secret" "billing_db" {\n  name       = "prod/billing/db"\n'
        '  kms_key_id = "arn:aws:kms:eu-central-1:{acct}:key/{v}"\n}',
        uuid,
        acct=digits(12),
    ),
    # ---- look-alikes: digests, commit SHAs, UUIDs
    L(KX, "image_digest", "FROM python:3.12-slim@sha256:{v} AS runtime", hexl(64)),
    L(
        KX,
        "commit_sha",
        "      - uses: hashicorp/vault-action@{v} # v3.0.0\n        with:\n          url: https://vault.ci.internal:8200\n"
        "          method: jwt\n          secrets: secret/data/ci/npm token | NPM_TOKEN",
        hexl(40),
    ),
    L(GS, "uuid_token_name", 'var resetTokenNamespace = uuid.MustParse("{v}")', uuid),
    # ---- look-alikes: non-secret values under secret-sounding names
    L(
        KX,
        "policy_number",
        'resource "aws_iam_account_password_policy" "strict" {\n  minimum_password_length   = {v}\n'
        "  require_symbols           = true\n  max_password_age          = 90\n  password_reuse_prevention = 24\n}",
        const("14"),
    ),
    L(
        KX,
        "boolean",
        'resource "aws_iam_user_login_profile" "oncall" {\n  user                    = aws_iam_user.oncall.name\n'
        '  pgp_key                 = "keybase:oncall_lead"\n  password_reset_required = {v}\n}',
        const("true"),
    ),
    L(
        GS,
        "secret_name",
        'const admissionWebhookSecret = "{v}" // #nosec G101',
        const("admission-webhook-serving-cert"),
    ),
    L(
        KX,
        "secret_key_ref",
        "            - name: DATABASE_PASSWORD\n              valueFrom:\n                secretKeyRef:\n"
        "                  name: {v}\n                  key: password",
        const("orders-db-credentials"),
    ),
    L(
        KX,
        "token_ttl",
        'resource "vault_approle_auth_backend_role" "ci" {\n  backend        = vault_auth_backend.approle.path\n'
        '  role_name      = "ci-deployer"\n  token_ttl      = {v}\n  token_max_ttl  = 14400\n'
        '  token_policies = ["ci-deploy"]\n}',
        const("3600"),
    ),
    L(GS, "hash_algorithm", 'const passwordHashAlgorithm = "{v}"', const("argon2id")),
]
