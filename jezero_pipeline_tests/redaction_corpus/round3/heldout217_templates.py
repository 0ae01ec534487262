"""A two-hundred-and-seventeenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of self-hosted and S3-compatible object storage: MinIO (`mc alias set`
positional keys, `MC_HOST_<alias>` URLs, `/etc/default/minio` root credentials, `MINIO_KMS_SECRET_KEY`
as `name:base64`, `mc admin user svcacct ls` listings), Ceph RGW (`radosgw-admin user create` JSON,
s3cmd's `.s3cfg`, cephx keyrings from `ceph auth get`, `ceph.conf` fsid, bucket ids), SeaweedFS
(`s3.json` identities, `s3.configure` in `weed shell`), Garage (`garage key create`/`key info`
output, `rpc_secret` and `admin_token` in `garage.toml`, node ids in `bootstrap_peers`, the admin API
bearer), Wasabi (AWS CLI profiles and the canonical owner id), Storj (`uplink access register`
gateway credentials in base32, base58 access grants and API keys, satellite node ids), Filebase
(base64 `KEY:SECRET:bucket` bearer tokens for the IPFS pinning API, CIDs), Cloudflare R2 (32-hex
access key ids, 64-hex secrets, account ids in the endpoint, `pub-….r2.dev`), Backblaze B2 (25-char
key ids, `K005…` application keys, bucket ids, `b2 key create` output), IDrive e2 (`aws configure`
prompts and masked `configure list`), Scaleway (`SCW…` access keys with UUID secret keys and UUID
project ids, `X-Auth-Token`), and rclone (connection strings, obscured crypt passwords,
`config redacted`, `md5sum`, `RCLONE_PASSWORD_COMMAND`), in commands, config files, code and tool
output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
24 of 26 secrets caught, 3 of 24 look-alikes altered (missed: a Storj access grant (base58) under
`access_grant` in rclone's config, B2's application key printed by `b2 key create` beside its id;
altered: a Helm `existingSecret` name, a Garage key id `GK…` after `--key`, a Scaleway access key
`SCW…` as `scw iam api-key get`'s argument).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

OBJ = "objstore"

BASE32 = string.ascii_lowercase + "234567"


def b32(n: int):
    return pick(BASE32, n)


# Storj hosted-gateway credentials: base32, both starting with "j".
storj_access_key = join("j", b32(27))
storj_secret_key = join("j", b32(52))
storj_node_id = join("12", b58(48))

# Backblaze B2 application keys: 25-character key id, 31-character "K005…" key.
b2_key_id = join("005", hexl(12), "000000000", digits(1))
b2_app_key = join("K005", b62(27))

scw_access_key = join("SCW", upper_alnum(17))
ceph_key = join("AQ", b64(36), "==")
b64_32_bytes = join(b64(43), "=")
filebase_cid = join("bafybei", b32(52))


def filebase_token(rng: random.Random) -> str:
    """Filebase's per-bucket IPFS token: base64 of `ACCESS_KEY:SECRET_KEY:bucket`."""
    key = upper_alnum(20)(rng)
    secret = b62(40)(rng)
    return base64.b64encode(f"{key}:{secret}:nft-assets".encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 3, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: MinIO
    S(
        OBJ,
        "minio_alias_set",
        "$ mc alias set homelab https://minio.homelab.lan:9000 {ak} {v}\nAdded `homelab` successfully.",
        b64(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "minio_root_password",
        "$ sudo cat /etc/default/minio\n"
        'MINIO_VOLUMES="https://minio{1...4}.storage.lan:9000/mnt/disk{1...4}/minio"\n'
        'MINIO_OPTS="--console-address :9001"\nMINIO_ROOT_USER=ops-admin\nMINIO_ROOT_PASSWORD={v}',
        password(24),
    ),
    S(
        OBJ,
        "mc_host_url",
        "export MC_HOST_offsite=https://{ak}:{v}@s3.offsite.example.org",
        b62(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "minio_kms_secret_key",
        "    environment:\n      - MINIO_ROOT_USER_FILE=/run/secrets/minio_user\n"
        "      - MINIO_KMS_SECRET_KEY=minio-backend-key:{v}",
        b64_32_bytes,
    ),
    # ---- secrets: Ceph RGW
    S(
        OBJ,
        "rgw_user_create",
        '$ radosgw-admin user create --uid=thanos --display-name="Thanos object store"\n{\n'
        '    "user_id": "thanos",\n    "display_name": "Thanos object store",\n    "email": "",\n'
        '    "suspended": 0,\n    "max_buckets": 1000,\n    "subusers": [],\n    "keys": [\n        {\n'
        '            "user": "thanos",\n            "access_key": "{ak}",\n            "secret_key": "{v}"\n'
        "        }\n    ],",
        b64(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "s3cfg",
        "$ cat ~/.s3cfg\n[default]\naccess_key = {ak}\nsecret_key = {v}\nhost_base = rgw.dc1.internal:7480\n"
        "host_bucket = rgw.dc1.internal:7480/%(bucket)\nuse_https = False",
        b62(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "ceph_keyring",
        "$ sudo ceph auth get client.rgw.objgw01\n[client.rgw.objgw01]\n\tkey = {v}\n"
        '\tcaps mon = "allow rw"\n\tcaps osd = "allow rwx"',
        ceph_key,
    ),
    # ---- secrets: SeaweedFS
    S(
        OBJ,
        "seaweed_s3_json",
        '{\n  "identities": [\n    {\n      "name": "loki",\n      "credentials": [\n        {\n'
        '          "accessKey": "{ak}",\n          "secretKey": "{v}"\n        }\n      ],\n'
        '      "actions": ["Read:loki-chunks", "Write:loki-chunks", "List:loki-chunks"]\n    }',
        b62(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "seaweed_shell_configure",
        "$ weed shell -master=seaweed-master:9333\n"
        "> s3.configure -access_key {ak} -secret_key {v} -user gitlab-runner -actions Read,Write,List"
        " -buckets runner-cache -apply",
        b62(32),
        ak=upper_alnum(20),
    ),
    # ---- secrets: Garage
    S(
        OBJ,
        "garage_key_create",
        "$ docker exec garaged /garage key create nextcloud-key\nKey name: nextcloud-key\nKey ID: {kid}\n"
        "Secret key: {v}\nCan create buckets: false\n\nKey-specific bucket aliases:\n\nAuthorized buckets:",
        hexl(64),
        kid=join("GK", hexl(24)),
    ),
    S(
        OBJ,
        "garage_rpc_secret",
        'metadata_dir = "/var/lib/garage/meta"\ndata_dir = "/var/lib/garage/data"\ndb_engine = "lmdb"\n'
        'replication_factor = 3\n\nrpc_bind_addr = "[::]:3901"\nrpc_public_addr = "10.42.0.11:3901"\n'
        'rpc_secret = "{v}"',
        hexl(64),
    ),
    S(
        OBJ,
        "garage_admin_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}' http://127.0.0.1:3903/v2/GetClusterHealth | jq .status\n\"healthy\"",
        b64_32_bytes,
    ),
    # ---- secrets: Wasabi, IDrive e2
    S(
        OBJ,
        "wasabi_credentials",
        "$ cat ~/.aws/credentials\n[wasabi]\naws_access_key_id = {ak}\naws_secret_access_key = {v}\n\n"
        "$ aws s3 ls --profile wasabi --endpoint-url=https://s3.eu-central-2.wasabisys.com",
        b62(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "idrive_aws_configure",
        "$ aws configure --profile e2\nAWS Access Key ID [None]: {ak}\nAWS Secret Access Key [None]: {v}\n"
        "Default region name [None]: us-east-1\nDefault output format [None]: json",
        b62(40),
        ak=b62(20),
    ),
    # ---- secrets: Storj
    S(
        OBJ,
        "storj_gateway_register",
        "$ uplink access register --auth-service https://auth.storjshare.io main\n"
        "========== GATEWAY CREDENTIALS ===========================================================\n"
        "Access Key ID: {ak}\nSecret Key   : {v}\nEndpoint     : https://gateway.storjshare.io",
        storj_secret_key,
        ak=storj_access_key,
    ),
    S(
        OBJ,
        "storj_access_grant",
        "$ cat ~/.config/rclone/rclone.conf\n[storj-archive]\ntype = storj\naccess_grant = {v}",
        join("1", b58(297)),
    ),
    S(
        OBJ,
        "storj_api_key",
        "$ uplink access create --satellite-address {sat}@us1.storj.io:7777 --api-key {v}"
        " --passphrase-stdin --export-to ci-access.txt < passphrase.txt",
        join("13Yq", b58(99)),
        sat=storj_node_id,
    ),
    # ---- secrets: Filebase
    S(
        OBJ,
        "filebase_bearer",
        '$ curl -s -X POST https://api.filebase.io/v1/ipfs/pins -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{"cid": "{cid}", "name": "collection-meta.json"}\'',
        filebase_token,
        cid=filebase_cid,
    ),
    # ---- secrets: Cloudflare R2
    S(
        OBJ,
        "r2_boto3",
        's3 = boto3.client(\n    "s3",\n    endpoint_url="https://{acct}.r2.cloudflarestorage.com",\n'
        '    aws_access_key_id="{ak}",\n    aws_secret_access_key="{v}",\n    region_name="auto",\n)',
        hexl(64),
        acct=hexl(32),
        ak=hexl(32),
    ),
    S(
        OBJ,
        "r2_rclone_conf",
        "$ rclone config show r2\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {ak}\n"
        "secret_access_key = {v}\nendpoint = https://{acct}.r2.cloudflarestorage.com\nacl = private\n"
        "no_check_bucket = true",
        hexl(64),
        acct=hexl(32),
        ak=hexl(32),
    ),
    # ---- secrets: Backblaze B2
    S(
        OBJ,
        "b2_key_create",
        "$ b2 key create --bucket nas-restic restic-nas listBuckets,listFiles,readFiles,writeFiles,deleteFiles\n"
        "{kid} {v}",
        b2_app_key,
        kid=b2_key_id,
    ),
    S(
        OBJ,
        "b2_restic_env",
        "export B2_ACCOUNT_ID={kid}\nexport B2_ACCOUNT_KEY={v}\nrestic -r b2:nas-restic:/hosts/atlas init",
        b2_app_key,
        kid=b2_key_id,
    ),
    # ---- secrets: Scaleway (the secret key is a UUID)
    S(
        OBJ,
        "scaleway_config_yaml",
        "$ cat ~/.config/scw/config.yaml\naccess_key: {ak}\nsecret_key: {v}\ndefault_organization_id: {org}\n"
        "default_project_id: {org}\ndefault_region: fr-par\ndefault_zone: fr-par-1",
        uuid,
        ak=scw_access_key,
        org=uuid,
    ),
    S(
        OBJ,
        "scaleway_auth_header",
        '$ curl -s -H "X-Auth-Token: {v}" "https://api.scaleway.com/iam/v1alpha1/api-keys?order_by=created_at_desc"'
        ' | jq ".api_keys[].access_key"',
        uuid,
    ),
    # ---- secrets: rclone
    S(
        OBJ,
        "rclone_connection_string",
        '$ rclone lsd ":s3,provider=Minio,access_key_id={ak},secret_access_key={v},'
        "endpoint='http://10.20.0.15:9000':\"",
        b62(40),
        ak=upper_alnum(20),
    ),
    S(
        OBJ,
        "rclone_crypt_obscured",
        "[nas-crypt]\ntype = crypt\nremote = wasabi:nas-backup/enc\nfilename_encryption = standard\npassword = {v}",
        b64url(43),
    ),
    # ---- look-alikes: MinIO
    L(
        OBJ,
        "minio_svcacct_ls",
        "$ mc admin user svcacct ls homelab ci-runner\n   Access Key        | Expiry\n{v} | no-expiry\n"
        "{k2} | 2025-12-31 00:00:00 +0000 UTC",
        upper_alnum(20),
        k2=upper_alnum(20),
    ),
    L(
        OBJ,
        "placeholder",
        "mc alias set myminio https://minio.example.net YOUR_ACCESS_KEY {v}",
        const("YOUR_SECRET_KEY"),
    ),
    L(
        OBJ,
        "minio_password_file",
        "      MINIO_ROOT_USER_FILE: /run/secrets/minio_root_user\n      MINIO_ROOT_PASSWORD_FILE: {v}",
        const("/run/secrets/minio_root_password"),
    ),
    L(
        OBJ,
        "helm_existing_secret",
        "# values-prod.yaml\nmode: distributed\nreplicas: 4\nexistingSecret: {v}\npersistence:\n  size: 500Gi",
        const("minio-root-credentials"),
    ),
    # ---- look-alikes: Ceph
    L(
        OBJ,
        "ceph_fsid",
        "[global]\nfsid = {v}\nmon_host = [v2:10.0.8.11:3300/0,v1:10.0.8.11:6789/0]\nauth_cluster_required = cephx",
        uuid,
    ),
    L(
        OBJ,
        "rgw_bucket_id",
        "$ radosgw-admin bucket stats --bucket=thanos-metrics | jq -r .id\n{v}",
        join(uuid, ".", digits(5), ".", digits(1)),
    ),
    # ---- look-alikes: Garage
    L(OBJ, "garage_key_id", "$ garage bucket allow --read --write --owner nextcloud --key {v}", join("GK", hexl(24))),
    L(
        OBJ,
        "garage_node_id",
        'bootstrap_peers = [\n  "{v}@10.42.0.12:3901",\n  "{p2}@10.42.0.13:3901",\n]',
        hexl(64),
        p2=hexl(64),
    ),
    L(
        OBJ,
        "garage_redacted",
        "$ garage key info nextcloud-key\nKey name: nextcloud-key\nKey ID: {kid}\nSecret key: {v}\n"
        "Can create buckets: false",
        const("(redacted)"),
        kid=join("GK", hexl(24)),
    ),
    L(
        OBJ,
        "garage_short_node_id",
        "==== HEALTHY NODES ====\nID                Hostname  Address          Tags    Zone  Capacity   DataAvail\n"
        "{v}  garage-a  10.42.0.11:3901  [nvme]  dc1   1000.0 GB  912.4 GB (91.2%)",
        hexl(16),
    ),
    # ---- look-alikes: SeaweedFS, Wasabi
    L(
        OBJ,
        "env_reference",
        '          "accessKey": "${SEAWEED_S3_ACCESS_KEY}",\n          "secretKey": "{v}"',
        const("${SEAWEED_S3_SECRET_KEY}"),
    ),
    L(
        OBJ,
        "wasabi_canonical_id",
        "$ aws s3api list-buckets --profile wasabi --endpoint-url https://s3.wasabisys.com --query Owner\n{\n"
        '    "DisplayName": "backups@northwind.io",\n    "ID": "{v}"\n}',
        hexl(64),
    ),
    # ---- look-alikes: Storj, Filebase
    L(
        OBJ,
        "storj_satellite_id",
        "$ uplink access inspect main | jq -r .satellite_addr\n{v}@eu1.storj.io:7777",
        storj_node_id,
    ),
    L(
        OBJ,
        "storj_truncated",
        "Access Key ID: {ak}\nSecret Key   : {v}\nEndpoint     : https://gateway.storjshare.io",
        join("jy", b32(5), "..."),
        ak=join("jw", b32(5), "..."),
    ),
    L(
        OBJ,
        "filebase_cid",
        "$ aws --endpoint-url https://s3.filebase.com s3api head-object --bucket nft-assets --key meta/1.json"
        " | jq -r .Metadata.cid\n{v}",
        filebase_cid,
    ),
    # ---- look-alikes: Cloudflare R2
    L(
        OBJ,
        "r2_account_id",
        "R2_ENDPOINT=https://{v}.r2.cloudflarestorage.com\nR2_BUCKET=media-prod\nR2_PUBLIC_URL=https://pub-{pub}.r2.dev",
        hexl(32),
        pub=hexl(32),
    ),
    L(
        OBJ,
        "gha_secret_ref",
        "      - name: Sync assets to R2\n        env:\n          AWS_ACCESS_KEY_ID: ${{ secrets.R2_ACCESS_KEY_ID }}\n"
        "          AWS_SECRET_ACCESS_KEY: {v}\n"
        "        run: aws s3 sync ./dist s3://media-prod --endpoint-url ${{ vars.R2_ENDPOINT }}",
        const("${{ secrets.R2_SECRET_ACCESS_KEY }}"),
    ),
    # ---- look-alikes: Backblaze B2
    L(
        OBJ,
        "b2_bucket_id",
        '$ b2 bucket get nas-restic\n{\n    "accountId": "{acct}",\n    "bucketId": "{v}",\n'
        '    "bucketName": "nas-restic",\n    "bucketType": "allPrivate",',
        hexl(24),
        acct=hexl(12),
    ),
    L(
        OBJ,
        "rclone_redacted",
        "$ rclone config redacted b2\n[b2]\ntype = b2\naccount = {kid}\nkey = {v}\nhard_delete = true",
        const("XXX"),
        kid=b2_key_id,
    ),
    # ---- look-alikes: Scaleway, IDrive e2
    L(
        OBJ,
        "scaleway_project_id",
        "export SCW_DEFAULT_ORGANIZATION_ID={org}\nexport SCW_DEFAULT_PROJECT_ID={v}\nexport SCW_DEFAULT_REGION=nl-ams",
        uuid,
        org=uuid,
    ),
    L(
        OBJ,
        "scaleway_access_key_lookup",
        "$ scw iam api-key get {v} -o json | jq '{access_key, application_id, expires_at}'",
        scw_access_key,
    ),
    L(
        OBJ,
        "aws_configure_list_masked",
        "$ aws configure list --profile e2\n      Name                    Value             Type    Location\n"
        "      ----                    -----             ----    --------\n"
        "   profile                       e2           manual    --profile\n"
        "access_key     ****************{a4} shared-credentials-file\n"
        "secret_key     {v} shared-credentials-file\n"
        "    region                us-east-1      config-file    ~/.aws/config",
        join("****************", b62(4)),
        a4=upper_alnum(4),
    ),
    # ---- look-alikes: rclone
    L(
        OBJ,
        "rclone_md5sum",
        "$ rclone md5sum wasabi:nas-backup/db/2024-06-02.sql.gz\n{v}  db/2024-06-02.sql.gz",
        hexl(32),
    ),
    L(
        OBJ,
        "password_command",
        'export RCLONE_PASSWORD_COMMAND="{v}"\nrclone sync /srv/photos nas-crypt:photos --progress',
        const("pass show infra/rclone-config"),
    ),
]
