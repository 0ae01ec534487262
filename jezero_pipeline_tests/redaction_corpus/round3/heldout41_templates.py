"""A forty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of backup and object-storage tools: restic (the RESTIC_* environment
variables, `key list`/`key add`/`init` output, `rest:` URLs for rest-server, B2 and S3 backends),
BorgBackup (BORG_PASSPHRASE, BORG_NEW_PASSPHRASE, BORG_PASSCOMMAND, `borg key change-passphrase`,
`borg info`, append-only `borg serve` in authorized_keys), the MinIO client (`mc alias set`,
MC_HOST_<alias>, `mc alias list`, `mc admin accesskey ls`), Backblaze B2 (`b2 account authorize`,
`b2 key create`/`key list`, application key ID vs application key), Cloudflare R2 (Access Key ID vs
Secret Access Key, `<ACCOUNT_ID>.r2.cloudflarestorage.com`), Wasabi with the AWS CLI, Velero
(credentials-velero, the cloud-credentials Secret, `--credential`), duplicity (B2 target URLs,
`--encrypt-key`, GnuPG key ids), Duplicati (`--passphrase`, auth options in the target URL), Kopia
(`repository connect`, KOPIA_PASSWORD, `server start`, `--server-cert-fingerprint`, snapshot
listings), s3cmd's `.s3cfg`, rsync daemon secrets files, `rsyncd.conf` and RSYNC_PASSWORD, and
sftp/scp with sshpass and OpenSSH keys, in commands, config files and tool output, with the public
ids, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 37):
23 of 25 secrets caught, 2 of 23 look-alikes altered (missed: a B2 application key as `b2 account authorize`'s
second argument, a key printed by `b2 key create` beside its id; altered: a Velero
`--credential=<secret>=<key>` reference, GPG key ids after `--encrypt-key` and `--sign-key`).
"""

from __future__ import annotations

import base64
import random

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
)

BK = "backup"

# A small word list of our own for diceware-style passphrases (borg and restic docs recommend long passphrases).
WORDS = (
    "amber", "anchor", "basil", "cactus", "canyon", "cobalt", "copper", "dagger", "ember", "falcon", "fennel",
    "garnet", "glacier", "harbor", "hazel", "juniper", "kettle", "lantern", "ledger", "marble", "meadow",
    "nectar", "nickel", "orchid", "otter", "pepper", "quartz", "raven", "saffron", "spindle", "tundra", "velvet",
    "walnut", "willow", "yonder", "zephyr"
)  # fmt: skip

# The fixed opening of an unencrypted ed25519 `openssh-key-v1` body ("openssh-key-v1", cipher/kdf "none",
# one key, then the "ssh-ed25519" key type): a format constant, not an example key.
OPENSSH_HEAD = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"


def diceware(n: int):
    return lambda rng: "-".join(rng.choice(WORDS) for _ in range(n))


def url_password(n: int):
    """A password that needs no percent-encoding inside a URL."""
    return pick(B62 + "-_.~", n)


def openssh_ed25519_body(rng: random.Random) -> str:
    """The 336-character base64 body of an ed25519 OpenSSH private key, wrapped at 70 columns."""
    lines = [OPENSSH_HEAD, "QyNTUxOQAAACA" + b64(57)(rng), b64(70)(rng), b64(70)(rng), b64(54)(rng) + "=="]
    return "\n".join(lines)


def velero_cloud_b64(rng: random.Random) -> str:
    """A credentials-velero file as it sits base64-encoded under `data.cloud` of the cloud-credentials Secret."""
    text = f"[default]\naws_access_key_id={upper_alnum(20)(rng)}\naws_secret_access_key={b64(40)(rng)}\n"
    return base64.b64encode(text.encode()).decode()


b2_key_id = join("005", hexl(12), "000000", digits(4))
b2_app_key = join("K005", b62(27))
s3_access_key = upper_alnum(20)
s3_secret_key = b64(40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 2, 23, "the rules for 24 to 37")

TEMPLATES = [
    # ---- secrets: restic
    S(
        BK,
        "restic_password_inline",
        "$ RESTIC_PASSWORD='{v}' restic -r sftp:backup@nas.lan:/srv/restic-repo snapshots --compact",
        password(22),
    ),
    S(
        BK,
        "restic_rest_url",
        "$ restic -r rest:https://{user}:{v}@backup.corvid.internal:8000/{user}/ init",
        url_password(24),
        user=const("web01"),
    ),
    S(
        BK,
        "restic_b2_env",
        'export RESTIC_REPOSITORY="b2:corvid-restic:hosts/web01"\nexport B2_ACCOUNT_ID="{kid}"\n'
        'export B2_ACCOUNT_KEY="{v}"',
        b2_app_key,
        kid=b2_key_id,
    ),
    S(
        BK,
        "restic_r2_env",
        "RESTIC_REPOSITORY=s3:https://{acct}.r2.cloudflarestorage.com/restic-prod\n"
        "AWS_ACCESS_KEY_ID={akid}\nAWS_SECRET_ACCESS_KEY={v}\nAWS_DEFAULT_REGION=auto",
        hexl(64),
        acct=hexl(32),
        akid=hexl(32),
    ),
    # ---- secrets: Backblaze B2
    S(BK, "b2_authorize_positional", "$ b2 account authorize {kid} {v}", b2_app_key, kid=b2_key_id),
    S(
        BK,
        "b2_key_create_output",
        "$ b2 key create --bucket corvid-restic restic-web01 listBuckets,listFiles,readFiles,writeFiles,deleteFiles\n"
        "{kid} {v}",
        b2_app_key,
        kid=b2_key_id,
    ),
    # ---- secrets: BorgBackup
    S(
        BK,
        "borg_passphrase_inline",
        "$ BORG_PASSPHRASE='{v}' borg create --stats --compression zstd "
        "ssh://borg@vault.lan:22/./nas::'{hostname}-{now}' /etc /srv",
        password(24),
    ),
    S(
        BK,
        "borg_new_passphrase",
        '$ BORG_PASSPHRASE="$OLD_PASS" BORG_NEW_PASSPHRASE="{v}" borg key change-passphrase -v /mnt/usb/borg',
        diceware(6),
    ),
    # ---- secrets: MinIO client
    S(
        BK,
        "mc_alias_set_positional",
        "$ mc alias set nas-minio https://minio.nas.lan:9000 {ak} {v}\nAdded `nas-minio` successfully.",
        s3_secret_key,
        ak=s3_access_key,
    ),
    S(BK, "mc_host_env_url", "export MC_HOST_offsite=https://{ak}:{v}@s3.offsite.lan:9000", b62(40), ak=s3_access_key),
    S(
        BK,
        "mc_alias_list_output",
        "$ mc alias list offsite\noffsite\n  URL       : https://s3.offsite.lan:9000\n  AccessKey : {ak}\n"
        "  SecretKey : {v}\n  API       : s3v4\n  Path      : auto",
        s3_secret_key,
        ak=s3_access_key,
    ),
    # ---- secrets: Wasabi, Velero
    S(
        BK,
        "aws_configure_set_wasabi",
        "$ aws configure set aws_access_key_id {ak} --profile wasabi\n"
        "$ aws configure set aws_secret_access_key {v} --profile wasabi",
        s3_secret_key,
        ak=s3_access_key,
    ),
    S(
        BK,
        "velero_secret_b64",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: cloud-credentials\n  namespace: velero\n"
        "type: Opaque\ndata:\n  cloud: {v}",
        velero_cloud_b64,
    ),
    # ---- secrets: duplicity, Duplicati
    S(
        BK,
        "duplicity_b2_url",
        "$ duplicity --full-if-older-than 1M /srv/www b2://{kid}:{v}@corvid-duplicity/www",
        b2_app_key,
        kid=b2_key_id,
    ),
    S(
        BK,
        "duplicati_passphrase_flag",
        '$ duplicati-cli backup "s3://corvid-duplicati/laptop?s3-server-name=s3.eu-central-2.wasabisys.com" '
        "/home/ada --passphrase={v} --dbpath=/home/ada/.config/Duplicati/laptop.sqlite",
        password(20),
    ),
    S(
        BK,
        "duplicati_url_auth_password",
        '$ duplicati-cli restore "ssh://nas.lan:22/backups/duplicati?auth-username=dupl&auth-password={v}"'
        ' "*" --restore-path=/tmp/restore',
        b62(18),
    ),
    # ---- secrets: Kopia
    S(
        BK,
        "kopia_secret_access_key_flag",
        "$ kopia repository connect s3 --bucket=corvid-kopia --endpoint=s3.eu-central-2.wasabisys.com"
        " --access-key={ak} --secret-access-key={v}",
        s3_secret_key,
        ak=s3_access_key,
    ),
    S(
        BK,
        "kopia_password_systemd",
        "[Service]\nType=oneshot\nEnvironment=KOPIA_PASSWORD={v}\n"
        "Environment=KOPIA_CONFIG_PATH=/etc/kopia/repository.config\nExecStart=/usr/bin/kopia snapshot create --all",
        b62(32),
    ),
    S(
        BK,
        "kopia_server_password",
        "$ kopia server start --address=0.0.0.0:51515 --tls-cert-file=/etc/kopia/tls.crt"
        " --tls-key-file=/etc/kopia/tls.key --server-username=admin --server-password={v}",
        password(18),
    ),
    # ---- secrets: s3cmd
    S(
        BK,
        "s3cfg_secret_key",
        "[default]\naccess_key = {ak}\nsecret_key = {v}\nhost_base = s3.eu-central-2.wasabisys.com\n"
        "host_bucket = %(bucket)s.s3.eu-central-2.wasabisys.com\nuse_https = True",
        s3_secret_key,
        ak=s3_access_key,
    ),
    S(
        BK,
        "s3cfg_gpg_passphrase",
        "encrypt = True\ngpg_command = /usr/bin/gpg\ngpg_passphrase = {v}\nguess_mime_type = True",
        password(16),
    ),
    # ---- secrets: rsync, sftp/scp
    S(BK, "rsyncd_secrets_line", "$ sudo cat /etc/rsyncd.secrets\nbackup:{v}", b62(16)),
    S(
        BK,
        "rsync_password_env",
        "$ RSYNC_PASSWORD={v} rsync -az --delete /var/www/ rsync://backup@nas.lan/www/",
        b62(20),
    ),
    S(
        BK,
        "sshpass_sftp",
        "$ sshpass -p '{v}' sftp -oBatchMode=no -P 23 u48213@storage.corvid.example <<< 'ls backups'",
        password(14),
    ),
    S(
        BK,
        "openssh_private_key",
        "$ cat ~/.ssh/borg_append_only\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
        openssh_ed25519_body,
    ),
    # ---- look-alikes: restic ids and references
    L(
        BK,
        "restic_key_hint",
        "$ restic -r /srv/restic-repo --key-hint {v} --password-file /etc/restic/pw check",
        hexl(8),
    ),
    L(
        BK,
        "restic_saved_key_id",
        "$ restic -r /srv/restic-repo key add --host laptop --user ada\nenter password for repository:\n"
        "enter new password:\nenter password again:\nsaved new key with ID {v}",
        hexl(64),
    ),
    L(
        BK,
        "restic_repository_id",
        "created restic repository {v} at s3:https://s3.eu-central-2.wasabisys.com/corvid-restic\n\n"
        "Please note that knowledge of your password is required to access\nthe repository.",
        hexl(10),
    ),
    L(
        BK,
        "restic_password_command",
        "export RESTIC_PASSWORD_COMMAND='{v}'",
        const("secret-tool lookup service restic repo nas"),
    ),
    # ---- look-alikes: borg
    L(
        BK,
        "borg_repository_id",
        "$ borg info ssh://borg@vault.lan:22/./nas\nRepository ID: {v}\nLocation: ssh://borg@vault.lan:22/./nas\n"
        "Encrypted: Yes (repokey BLAKE2b)\nCache: /root/.cache/borg/{v}",
        hexl(64),
    ),
    L(BK, "borg_passcommand", "export BORG_PASSCOMMAND='{v}'", const("cat /root/.borg-passphrase")),
    L(
        BK,
        "ssh_public_key",
        'command="borg serve --restrict-to-path /srv/borg/nas --append-only",restrict ssh-ed25519 {v} root@nas',
        join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    # ---- look-alikes: B2, R2, MinIO, Velero public ids and references
    L(
        BK,
        "b2_key_id_list",
        "$ b2 key list\n{v}   restic-web01\n{other}   duplicity-www",
        b2_key_id,
        other=b2_key_id,
    ),
    L(
        BK,
        "r2_account_id_endpoint",
        'aws s3 ls s3://restic-prod --endpoint-url "https://{v}.r2.cloudflarestorage.com" --profile r2',
        hexl(32),
    ),
    L(BK, "r2_access_key_id", "R2_ACCESS_KEY_ID={v}\nR2_SECRET_ACCESS_KEY=${R2_SECRET_ACCESS_KEY:?unset}", hexl(32)),
    L(
        BK,
        "minio_access_key_list",
        "$ mc admin accesskey ls nas-minio restic\n   Access Key        | Expiry\n{v} | no-expiry",
        s3_access_key,
    ),
    L(
        BK,
        "velero_credential_ref",
        "$ velero backup-location create dr --provider aws --bucket corvid-velero-dr"
        " --credential={v} --config region=us-east-1",
        const("bsl-dr-credentials=cloud"),
    ),
    # ---- look-alikes: GnuPG ids for duplicity
    L(
        BK,
        "gpg_key_id",
        "$ duplicity incremental --encrypt-key {v} --sign-key {v} /home/ada sftp://backup@nas.lan//srv/duplicity/ada",
        hexu(16),
    ),
    L(
        BK,
        "gpg_fingerprint",
        "$ gpg --list-secret-keys backup@corvid.example\nsec   rsa4096 2024-03-02 [SC]\n      {v}\n"
        "uid           [ultimate] Corvid Backups <backup@corvid.example>",
        hexu(40),
    ),
    # ---- look-alikes: Kopia
    L(
        BK,
        "kopia_cert_fingerprint",
        "$ kopia repository connect server --url=https://kopia.lan:51515 --server-cert-fingerprint={v}"
        " --override-username=ada --override-hostname=laptop",
        hexl(64),
    ),
    L(
        BK,
        "kopia_root_object_id",
        "$ kopia snapshot list /srv/data\nroot@nas:/srv/data\n"
        "  2024-05-03 02:00:12 CEST {v} 4.2 GB drwxr-xr-x files:18211 dirs:940 (latest-1,daily-1)",
        join("k", hexl(32)),
    ),
    # ---- look-alikes: masks, placeholders, references, paths, digests
    L(
        BK,
        "gha_masked_env",
        "Run restic backup /srv/data\n  restic backup /srv/data\n  shell: /usr/bin/bash -e {0}\n  env:\n"
        "    RESTIC_REPOSITORY: b2:corvid-restic:ci\n    B2_ACCOUNT_KEY: {v}\n    RESTIC_PASSWORD: ***",
        const("***"),
    ),
    L(
        BK,
        "gha_secret_ref",
        "      - run: kopia repository connect from-config --file kopia.config\n        env:\n"
        "          KOPIA_PASSWORD: {v}",
        const("${{ secrets.KOPIA_PASSWORD }}"),
    ),
    L(
        BK,
        "mc_placeholder",
        "mc alias set myminio https://minio.example.net ACCESS_KEY {v}",
        const("<SECRET_KEY>"),
    ),
    L(BK, "s3cfg_placeholder", "# .s3cfg.example\naccess_key = AKEXAMPLE\nsecret_key = {v}", interleaved(40)),
    L(
        BK,
        "rsyncd_secrets_path",
        "[www]\n    path = /srv/backup/www\n    read only = false\n    auth users = backup\n    secrets file = {v}",
        const("/etc/rsyncd.secrets"),
    ),
    L(
        BK,
        "ssh_host_fingerprint",
        "The authenticity of host '[storage.corvid.example]:23' can't be established.\n"
        "ED25519 key fingerprint is SHA256:{v}.",
        b64(43),
    ),
    L(
        BK,
        "release_sha256",
        "$ sha256sum restic_0.17.3_linux_amd64.bz2\n{v}  restic_0.17.3_linux_amd64.bz2",
        hexl(64),
    ),
]
