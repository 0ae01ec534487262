"""A sixty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of the smaller cloud providers' CLIs and SDKs: Hetzner Cloud (`hcloud`
contexts in `cli.toml`, `HCLOUD_TOKEN` in CI, `hcloud server create`, `hcloud ssh-key list`), Linode/Akamai (`linode-cli` config, `--root_pass`, `--authorized_keys`, object-storage
keys, the Docker image), Vultr (`~/.vultr-cli.yaml`, `vultr.ini`, the v2 API's bearer header), Scaleway
(`~/.config/scw/config.yaml`: the `SCW…` access key that the docs call a secret key identifier, the UUID
secret key, organization and project ids; the container registry's `nologin` login), OVHcloud
(`ovh.conf`, the consumer-key request script of python-ovh, the cert-manager webhook's issuer config),
Exoscale (`exoscale.toml`), UpCloud (`upctl.yaml`, server UUIDs), Civo (`civo apikey add`,
`civo instance password`), IBM Cloud (`ibmcloud iam api-key-create` output, `ibmcloud login --apikey`,
`ibmcloud target`, Object Storage service credentials with HMAC keys and CRNs), Oracle Cloud
(`~/.oci/config` with OCIDs, fingerprint, key_file and pass_phrase, auth tokens for OCIR,
customer secret keys) and OpenStack (`clouds.yaml`/`secure.yaml`, openrc, application credentials,
`openstack token issue`, `openstack configuration show`, Swift temp-URL keys), in commands, config
files and tool output, with the public ids, references and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 55 to 59):
22 of 26 secrets caught, 2 of 24 look-alikes altered (missed: a UUID password in a here-string to `--password-
stdin`, a key echoed in `civo apikey add`'s output, an OCI `pass_phrase`, a Keystone token in `openstack token
issue`'s table; altered: a Scaleway access key id, an OVH `applicationKey`).
"""

from __future__ import annotations

import random
import string

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
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

SC = "smallcloud"


def colon_hex(n_bytes: int):
    """An MD5-style public-key fingerprint, lowercase pairs joined by colons."""

    def make(rng: random.Random) -> str:
        h = hexl(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def ocid(kind: str, region: str = ""):
    """An Oracle Cloud id: `ocid1.<type>.oc1.<region>.` then `aaaaaaaa` and 52 lowercase base32-ish characters."""
    return join(f"ocid1.{kind}.oc1.{region}.aaaaaaaa", lower_alnum(52))


def upcloud_uuid(rng: random.Random) -> str:
    """UpCloud server UUIDs start with `00`."""
    return "00" + uuid(rng)[2:]


def crn(service: str, location: str):
    return join(f"crn:v1:bluemix:public:{service}:{location}:a/", hexl(32), ":", uuid, "::")


# An OCI auth token: 20 Oracle-generated characters, punctuation included.
oci_auth_token = pick(B62 + "()<>[];:.+-_#", 20)
# A Keystone fernet token as `openstack token issue` prints it.
fernet_token = join("gAAAAAB", b64url(173))
ed25519_pub = join("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43), " ops@kestrel-laptop")
tenancy_ns = pick(string.ascii_lowercase + string.digits, 12)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 2, 24, "the rules for 55 to 59")

TEMPLATES = [
    # ---- secrets: Hetzner Cloud
    S(
        SC,
        "hcloud_cli_toml",
        '$ cat ~/.config/hcloud/cli.toml\nactive_context = "kestrel-prod"\n\n[[contexts]]\n  name = "kestrel-prod"\n'
        '  token = "{v}"\n\n[[contexts]]\n  name = "kestrel-staging"',
        b62(64),
    ),
    S(
        SC,
        "hcloud_root_password",
        "$ hcloud server create --name ci-runner-3 --type cx22 --image ubuntu-24.04 --location fsn1\n"
        " ✓ Waiting for create_server  100% 8.2s (server: {sid})\n ✓ Waiting for start_server   100% 8.2s (server: {sid})\n"
        "Server {sid} created\nIPv4: 203.0.113.41\nRoot password: {v}",
        b62(20),
        sid=digits(8),
    ),
    # ---- secrets: Linode / Akamai
    S(
        SC,
        "linode_cli_config",
        "[DEFAULT]\ndefault-user = kestrel-ops\n\n[kestrel-ops]\ntoken = {v}\nregion = eu-central\n"
        "type = g6-standard-2\nimage = linode/debian12",
        hexl(64),
    ),
    S(
        SC,
        "linode_root_pass",
        "$ linode-cli linodes create --type g6-nanode-1 --region us-east --image linode/ubuntu24.04"
        " --label build-cache-2 --root_pass '{v}' --authorized_users kestrel-ops",
        password(24),
    ),
    S(
        SC,
        "linode_obj_keys_create",
        '$ linode-cli object-storage keys-create --label "restic-backups" --text\n'
        "id\tlabel\taccess_key\tsecret_key\n{kid}\trestic-backups\t{ak}\t{v}",
        b62(40),
        kid=digits(6),
        ak=upper_alnum(20),
    ),
    # ---- secrets: Vultr
    S(SC, "vultr_cli_yaml", "$ cat ~/.vultr-cli.yaml\napi-key: {v}\noutput: text", upper_alnum(36)),
    S(
        SC,
        "vultr_ini",
        "# vultr.ini, read by the vultr Ansible modules\n[default]\nkey = {v}\ntimeout = 60\n\n[staging]\ntimeout = 120",
        upper_alnum(36),
    ),
    # ---- secrets: Scaleway
    S(
        SC,
        "scw_secret_key",
        "$ cat ~/.config/scw/config.yaml\naccess_key: {ak}\nsecret_key: {v}\ndefault_organization_id: {org}\n"
        "default_project_id: {org}\ndefault_region: nl-ams\ndefault_zone: nl-ams-1",
        uuid,
        ak=join("SCW", upper_alnum(17)),
        org=uuid,
    ),
    S(
        SC,
        "scw_registry_login",
        '$ docker login rg.nl-ams.scw.cloud/kestrel-images -u nologin --password-stdin <<< "{v}"\nLogin Succeeded',
        uuid,
    ),
    # ---- secrets: OVHcloud
    S(
        SC,
        "ovh_conf_app_secret",
        "; ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key={ak}\napplication_secret={v}\n"
        "consumer_key={ck}",
        b62(32),
        ak=b62(16),
        ck=b62(32),
    ),
    S(
        SC,
        "ovh_consumer_key_printed",
        "$ python3 scripts/ovh_consumer_key.py\nPlease visit https://eu.api.ovh.com/auth/?credentialToken={ct}"
        " to authenticate\nand press Enter to continue...\nWelcome Margaux\nBtw, your 'consumerKey' is '{v}'",
        b62(32),
        ct=hexl(64),
    ),
    # ---- secrets: Exoscale, UpCloud, Civo
    S(
        SC,
        "exoscale_toml_secret",
        'defaultaccount = "kestrel"\n\n[[accounts]]\n  account = "kestrel-labs"\n  defaultZone = "ch-gva-2"\n'
        '  endpoint = "https://api.exoscale.com/v1"\n  key = "{key}"\n  name = "kestrel"\n  secret = "{v}"',
        b64url(43),
        key=join("EXO", hexl(24)),
    ),
    S(SC, "upctl_yaml_password", "$ cat ~/.config/upctl.yaml\nusername: kestrel-api\npassword: {v}", password(18)),
    S(
        SC,
        "civo_apikey_add",
        "$ civo apikey add kestrel-lon1 {v}\n  Saved the API Key kestrel-lon1 as {v}",
        b62(50),
    ),
    S(
        SC,
        "civo_instance_password",
        "$ civo instance password web-1.kestrel.dev\n"
        "The instance web-1.kestrel.dev ({iid}) has the password {v} (and user civo)",
        b62(12),
        iid=uuid,
    ),
    # ---- secrets: IBM Cloud
    S(
        SC,
        "ibm_apikey_create",
        '$ ibmcloud iam api-key-create terraform-ci -d "used by the infra pipeline"\n'
        "Creating API key terraform-ci under {acct} as ops@kestrel.dev...\nOK\nAPI key terraform-ci was created\n\n"
        "Please preserve the API key! It cannot be retrieved after it's created.\n\n"
        "ID            ApiKey-{kid}\nName          terraform-ci\nDescription   used by the infra pipeline\n"
        "Created At    2024-06-11T09:14+0000\nAPI Key       {v}\nLocked        false",
        b64url(44),
        acct=hexl(32),
        kid=uuid,
    ),
    S(SC, "ibm_login_apikey", "$ ibmcloud login --apikey {v} -r eu-de -g kestrel-prod", b64url(44)),
    S(
        SC,
        "ibm_cos_hmac_secret",
        '{\n  "apikey": "{key}",\n  "cos_hmac_keys": {\n    "access_key_id": "{ak}",\n    "secret_access_key": "{v}"\n'
        '  },\n  "endpoints": "https://control.cloud-object-storage.cloud.ibm.com/v2/endpoints",',
        hexl(48),
        key=b64url(44),
        ak=hexl(32),
    ),
    # ---- secrets: Oracle Cloud
    S(
        SC,
        "oci_pass_phrase",
        "[DEFAULT]\nuser={user}\nfingerprint={fp}\nkey_file=~/.oci/oci_api_key.pem\npass_phrase={v}\n"
        "tenancy={ten}\nregion=eu-frankfurt-1",
        password(16),
        user=ocid("user"),
        fp=colon_hex(16),
        ten=ocid("tenancy"),
    ),
    S(
        SC,
        "oci_ocir_auth_token",
        "$ docker login fra.ocir.io -u '{ns}/oracleidentitycloudservice/ops@kestrel.dev' -p '{v}'\n"
        "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
        oci_auth_token,
        ns=tenancy_ns,
    ),
    S(
        SC,
        "oci_customer_secret_key",
        "$ oci iam customer-secret-key create --user-id {user} --display-name restic-s3\n"
        '{\n  "data": {\n    "display-name": "restic-s3",\n    "id": "{kid}",\n    "key": "{v}",\n'
        '    "lifecycle-state": "ACTIVE",\n    "time-created": "2024-06-11T09:20:41.617000+00:00",',
        join(b64(43), "="),
        user=ocid("user"),
        kid=hexl(40),
    ),
    # ---- secrets: OpenStack
    S(
        SC,
        "os_clouds_yaml_password",
        "clouds:\n  kestrel-gra:\n    auth:\n      auth_url: https://auth.cloud.ovh.net/v3\n      username: user-{u}\n"
        "      password: {v}\n      project_id: {pid}\n      user_domain_name: Default\n    region_name: GRA11",
        password(20),
        u=b62(12),
        pid=hexl(32),
    ),
    S(
        SC,
        "os_secure_yaml_app_cred",
        "# ~/.config/openstack/secure.yaml\nclouds:\n  kestrel-ci:\n    auth:\n      application_credential_secret: {v}",
        b64url(86),
    ),
    S(
        SC,
        "os_token_issue",
        "$ openstack --os-cloud kestrel-ci token issue\n"
        "+------------+------------------------------------------+\n"
        "| Field      | Value                                    |\n"
        "+------------+------------------------------------------+\n"
        "| expires    | 2024-06-12T09:31:07+0000                 |\n"
        "| id         | {v} |\n"
        "| project_id | {pid}         |\n"
        "| user_id    | {uid}         |",
        fernet_token,
        pid=hexl(32),
        uid=hexl(32),
    ),
    S(
        SC,
        "openrc_os_password",
        'export OS_AUTH_URL=https://keystone.kestrel.dev:5000/v3\nexport OS_USERNAME="ci-deployer"\n'
        'export OS_PASSWORD=\'{v}\'\nexport OS_PROJECT_NAME="kestrel-prod"\nexport OS_USER_DOMAIN_NAME="Default"',
        password(22),
    ),
    S(
        SC,
        "swift_tempurl_key",
        '$ swift post -m "Temp-URL-Key:{v}"\n$ swift tempurl GET 3600 /v1/AUTH_{pid}/exports/report.csv "$KEY"',
        b62(32),
        pid=hexl(32),
    ),
    # ---- look-alikes: references and placeholders
    L(
        SC,
        "hcloud_gha_secret_ref",
        "      - name: Prune preview servers\n        env:\n          HCLOUD_TOKEN: {v}\n"
        "        run: hcloud server list -l env=preview -o noheader -o columns=id | xargs -r hcloud server delete",
        const("${{ secrets.HCLOUD_TOKEN }}"),
    ),
    L(
        SC,
        "linode_env_ref",
        "$ docker run --rm -it -e LINODE_CLI_TOKEN={v} linode/cli:latest linodes list",
        const("$LINODE_TOKEN"),
    ),
    L(
        SC,
        "vultr_bearer_ref",
        '$ curl "https://api.vultr.com/v2/instances" -X GET -H "Authorization: Bearer {v}"',
        const("${VULTR_API_KEY}"),
    ),
    L(
        SC,
        "ovh_tf_var_ref",
        'provider "ovh" {\n  endpoint           = "ovh-eu"\n  application_key    = var.ovh_application_key\n'
        "  application_secret = {v}\n  consumer_key       = var.ovh_consumer_key\n}",
        const("var.ovh_application_secret"),
    ),
    L(
        SC,
        "scw_placeholder",
        "# get your access and secret keys on the console, IAM > API keys\naccess_key: <your-access-key>\n"
        "secret_key: {v}",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        SC,
        "ibm_apikey_file_ref",
        "$ ibmcloud login --apikey {v} -r us-south -g default",
        const("@~/.bluemix/apikey.json"),
    ),
    L(
        SC,
        "openrc_password_input",
        'echo "Please enter your OpenStack Password for project $OS_PROJECT_NAME as user $OS_USERNAME: "\n'
        "read -sr OS_PASSWORD_INPUT\nexport OS_PASSWORD={v}",
        const("$OS_PASSWORD_INPUT"),
    ),
    L(
        SC,
        "os_config_masked",
        "$ openstack --os-cloud kestrel-gra configuration show\n"
        "| auth.auth_url        | https://auth.cloud.ovh.net/v3    |\n"
        "| auth.password        | {v}                       |\n"
        "| auth.project_id      | {pid} |",
        const("<redacted>"),
        pid=hexl(32),
    ),
    # ---- look-alikes: public identifiers beside the credentials
    L(
        SC,
        "hcloud_ssh_fingerprint",
        "$ hcloud ssh-key list\nID         NAME          FINGERPRINT                                       AGE\n"
        "{id}   ops-laptop    {v}   212d",
        colon_hex(16),
        id=digits(8),
    ),
    L(
        SC,
        "linode_authorized_keys",
        "$ linode-cli linodes create --label edge-fra-2 --region eu-central --type g6-nanode-1"
        ' --image linode/debian12 --authorized_keys "{v}" --root_pass',
        ed25519_pub,
    ),
    L(
        SC,
        "vultr_instance_id",
        "$ vultr-cli instance list\nID\t\t\t\t\tIP\t\tLABEL\t\tOS\t\t\tSTATUS\tREGION\n"
        "{v}\t198.51.100.23\tci-runner-1\tUbuntu 24.04 LTS x64\tactive\tams",
        uuid,
    ),
    L(
        SC,
        "scw_access_key",
        'export SCW_ACCESS_KEY={v}\nexport SCW_SECRET_KEY="$(pass show scaleway/kestrel-ci)"',
        join("SCW", upper_alnum(17)),
    ),
    L(SC, "scw_project_id", "$ scw config get default-project-id\n{v}", uuid),
    L(
        SC,
        "ovh_issuer_application_key",
        "          webhook:\n            groupName: acme.kestrel.dev\n            solverName: ovh\n"
        "            config:\n              endpoint: ovh-eu\n              applicationKey: {v}\n"
        "              applicationSecretRef:\n                name: ovh-credentials\n                key: applicationSecret",
        b62(16),
    ),
    L(
        SC,
        "upcloud_server_uuid",
        "$ upctl server show db-1.kestrel.dev\n\n  Common\n    UUID:          {v}\n    Hostname:      db-1.kestrel.dev\n"
        "    Plan:          2xCPU-4GB\n    Zone:          de-fra1\n    State:         started",
        upcloud_uuid,
    ),
    L(
        SC,
        "civo_firewall_id",
        "$ civo instance firewall web-1.kestrel.dev {v}\n"
        "Set the firewall for the instance web-1.kestrel.dev ({iid}) to kestrel-web ({v})",
        uuid,
        iid=uuid,
    ),
    L(
        SC,
        "ibm_apikey_id",
        "$ ibmcloud iam api-keys\nRetrieving API keys for ops@kestrel.dev...\nOK\n"
        "ID                                             Name           Description                  Created At\n"
        "{v}   terraform-ci   used by the infra pipeline   2024-06-11 09:14 UTC",
        join("ApiKey-", uuid),
    ),
    L(
        SC,
        "ibm_crn",
        '  "iam_role_crn": "crn:v1:bluemix:public:iam::::serviceRole:Writer",\n  "resource_instance_id": "{v}"\n}',
        crn("cloud-object-storage", "global"),
    ),
    L(
        SC,
        "ibm_account_id",
        "$ ibmcloud target\nAPI endpoint:     https://cloud.ibm.com\nRegion:           eu-de\n"
        "User:             ops@kestrel.dev\nAccount:          Kestrel Labs ({v}) <-> {ims}\nResource group:   kestrel-prod",
        hexl(32),
        ims=digits(7),
    ),
    L(
        SC,
        "oci_user_ocid",
        "[DEFAULT]\nuser={v}\nfingerprint={fp}\nkey_file=~/.oci/oci_api_key.pem\ntenancy={ten}\nregion=eu-frankfurt-1",
        ocid("user"),
        fp=colon_hex(16),
        ten=ocid("tenancy"),
    ),
    L(
        SC,
        "oci_tenancy_ocid",
        "$ oci iam availability-domain list --compartment-id {v} --query 'data[].name' --raw-output",
        ocid("tenancy"),
    ),
    L(
        SC,
        "oci_fingerprint",
        "$ openssl rsa -pubout -outform DER -in ~/.oci/oci_api_key.pem | openssl md5 -c\nwriting RSA key\n(stdin)= {v}",
        colon_hex(16),
    ),
    L(
        SC,
        "os_project_id",
        "$ openstack project show kestrel-prod -f value -c id\n{v}",
        hexl(32),
    ),
    L(
        SC,
        "os_app_cred_id",
        "clouds:\n  kestrel-ci:\n    auth_type: v3applicationcredential\n    auth:\n"
        "      auth_url: https://keystone.kestrel.dev:5000/v3\n      application_credential_id: {v}\n"
        "    region_name: RegionOne",
        hexl(32),
    ),
]
