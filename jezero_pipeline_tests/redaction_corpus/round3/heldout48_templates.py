"""A forty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of Linux system administration files and commands: `wpa_supplicant.conf`
and `wpa_passphrase` (quoted passphrases, 64-hex PSKs, `hash:` NtPasswordHash, `ext:` references),
NetworkManager keyfiles (`nm-settings-keyfile`: `psk=`, `[vpn-secrets]`, `[wireguard]`) and `nmcli`,
`mount.cifs` credentials files and fstab `credentials=`, pppd's `/etc/ppp/chap-secrets`, `openconnect`
(`--passwd-on-stdin`, `--authenticate` output, `--servercert pin-sha256:`), OpenVPN (`auth-user-pass`
files, static keys in `<tls-crypt>`, `peer-fingerprint`), cloud-init user-data (`chpasswd`, random
passwords in the console log, `ssh_keys`, `ssh_authorized_keys`), systemd units, `EnvironmentFile=`,
`SetCredential=`/`LoadCredentialEncrypted=` and `systemd-creds`, `chpasswd` and `sudo -S`, `cryptsetup`
(passphrases on stdin, `luksDump` headers and `--dump-volume-key`, `/etc/crypttab`), `ssh-agent` and
`ssh-add`, `mysql_config_editor` and `~/.my.cnf`, in commands, config files and tool output, with the
public ids, paths, masks and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 45):
20 of 27 secrets caught, 1 of 24 look-alikes altered (missed: a psk printed by `nmcli -s -g …psk`, a
GlobalProtect `authcookie` in openconnect's output, an OpenVPN `.auth` file printed by `cat`, cloud-init's
logged random password, `systemd-creds decrypt` output, a passphrase piped to `cryptsetup … --key-file=-`, a
LUKS volume key in `luksDump`; altered: wpa_supplicant's `psk=ext:<name>` reference).
"""

from __future__ import annotations

import base64
import random
import struct

from build import (
    L,
    S,
    b62,
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    uuid,
)

LX = "linux"


def rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def b64_bytes(n: int, strip: bool = False):
    """Base64 of n random bytes (WireGuard keys, pin-sha256 pins, SSH SHA256 fingerprints)."""

    def make(rng: random.Random) -> str:
        s = base64.b64encode(rand_bytes(rng, n)).decode()
        return s.rstrip("=") if strip else s

    return make


def ssh_string(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def ed25519_pub_blob(pk: bytes) -> bytes:
    return ssh_string(b"ssh-ed25519") + ssh_string(pk)


def openssh_ed25519_private(comment: str, indent: str):
    """The base64 body of an unencrypted `openssh-key-v1` Ed25519 key, 70 characters a line."""

    def make(rng: random.Random) -> str:
        seed, pk = rand_bytes(rng, 32), rand_bytes(rng, 32)
        check = rand_bytes(rng, 4)
        priv = check + check + ssh_string(b"ssh-ed25519") + ssh_string(pk) + ssh_string(seed + pk)
        priv += ssh_string(comment.encode())
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        blob = b"openssh-key-v1\x00" + ssh_string(b"none") + ssh_string(b"none") + ssh_string(b"")
        blob += struct.pack(">I", 1) + ssh_string(ed25519_pub_blob(pk)) + ssh_string(priv)
        s = base64.b64encode(blob).decode()
        return ("\n" + indent).join(s[i : i + 70] for i in range(0, len(s), 70))

    return make


def ed25519_public(rng: random.Random) -> str:
    return "ssh-ed25519 " + base64.b64encode(ed25519_pub_blob(rand_bytes(rng, 32))).decode()


def hex_byte_lines(n_bytes: int, per_line: int, sep: str):
    """`1c 22 1b …` byte dumps as `cryptsetup luksDump` prints them, wrapped with `sep`."""

    def make(rng: random.Random) -> str:
        b = rand_bytes(rng, n_bytes)
        lines = [" ".join(f"{x:02x}" for x in b[i : i + per_line]) for i in range(0, n_bytes, per_line)]
        return sep.join(lines)

    return make


def openvpn_static_key(rng: random.Random) -> str:
    """The sixteen 32-hex lines between the `OpenVPN Static key V1` armour lines."""
    return "\n".join(hexl(32)(rng) for _ in range(16))


def colon_hex_upper(n_bytes: int):
    def make(rng: random.Random) -> str:
        return ":".join(f"{x:02X}" for x in rand_bytes(rng, n_bytes))

    return make


def agent_sock(rng: random.Random) -> str:
    """The socket path `ssh-agent -s` prints: a mkdtemp directory and the agent's parent pid."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "/tmp/ssh-" + "".join(rng.choice(letters) for _ in range(10)) + f"/agent.{rng.randrange(1000, 99999)}"


ssid = lambda rng: rng.choice(("HarborLab-5G", "kestrel-office", "Workshop_2F", "ops-floor"))  # noqa: E731

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 27, 1, 24, "the rules for 24 to 45")

TEMPLATES = [
    # ---- secrets: Wi-Fi (wpa_supplicant, NetworkManager, nmcli)
    S(
        LX,
        "wpa_supplicant_psk_quoted",
        "$ sudo cat /etc/wpa_supplicant/wpa_supplicant-wlan0.conf\nctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev\n"
        'update_config=1\ncountry=DE\n\nnetwork={\n\tssid="{ssid}"\n\tpsk="{v}"\n\tkey_mgmt=WPA-PSK\n}',
        password(16),
        ssid=ssid,
    ),
    S(
        LX,
        "wpa_supplicant_psk_hex",
        'network={\n\tssid="{ssid}"\n\tpsk={v}\n\tpriority=5\n}',
        hexl(64),
        ssid=ssid,
    ),
    S(
        LX,
        "wpa_supplicant_nt_hash",
        'network={\n    ssid="corp-secure"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="{user}"\n'
        '    password=hash:{v}\n    phase2="auth=MSCHAPV2"\n}',
        hexl(32),
        user=join("svc-", lower_alnum(6)),
    ),
    S(
        LX,
        "nm_keyfile_psk",
        "$ sudo cat '/etc/NetworkManager/system-connections/{ssid}.nmconnection'\n[connection]\nid={ssid}\n"
        "uuid={uid}\ntype=wifi\n\n[wifi]\nmode=infrastructure\nssid={ssid}\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}",
        password(14),
        ssid=ssid,
        uid=uuid,
    ),
    S(
        LX,
        "nm_keyfile_vpn_secrets",
        "[vpn]\ngateway=vpn.harborlab.example\npassword-flags=0\nservice-type=org.freedesktop.NetworkManager.openvpn\n"
        "username=jdoe\n\n[vpn-secrets]\npassword={v}",
        password(18),
    ),
    S(
        LX,
        "nm_keyfile_wireguard_private",
        "[connection]\nid=wg-office\ntype=wireguard\ninterface-name=wg0\n\n[wireguard]\nlisten-port=51820\n"
        "private-key={v}\n\n[wireguard-peer.{peer}]\nendpoint=203.0.113.7:51820\nallowed-ips=10.44.0.0/16;",
        b64_bytes(32),
        peer=b64_bytes(32),
    ),
    S(
        LX,
        "nmcli_wifi_connect_password",
        "$ sudo nmcli device wifi connect {ssid} password {v} ifname wlp2s0",
        b62(14),
        ssid=ssid,
    ),
    S(
        LX,
        "nmcli_show_secrets_value",
        "$ sudo nmcli -s -g 802-11-wireless-security.psk connection show {ssid}\n{v}",
        password(15),
        ssid=ssid,
    ),
    # ---- secrets: SMB, PPP, VPN clients
    S(
        LX,
        "smbcredentials_password",
        "$ sudo cat /root/.smbcredentials-nas\nusername=svc_backup\npassword={v}\ndomain=HARBOR",
        password(16),
    ),
    S(
        LX,
        "chap_secrets",
        '# Secrets for authentication using CHAP\n# client\tserver\tsecret\t\t\tIP addresses\n"{user}"\t*\t"{v}"\t*',
        b62(12),
        user=join("dsl", digits(8), "@isp.example"),
    ),
    S(
        LX,
        "openconnect_passwd_on_stdin",
        "$ echo '{v}' | sudo openconnect --protocol=anyconnect --user=jdoe --authgroup=Employees"
        " --passwd-on-stdin vpn.harborlab.example",
        password(13),
    ),
    S(
        LX,
        "openconnect_gp_cookie",
        "$ sudo openconnect --protocol=gp --user=jdoe --passwd-on-stdin --authenticate gp.harborlab.example < pw.txt\n"
        "COOKIE='authcookie={v}&portal=GP-Portal&user=jdoe&domain=&computer=build-07'\n"
        "HOST='198.51.100.23'\nCONNECT_URL='https://gp.harborlab.example'",
        hexl(32),
    ),
    S(
        LX,
        "openvpn_auth_user_pass_file",
        "$ sudo cat /etc/openvpn/client/office.auth\nsvc-vpn-{num}\n{v}",
        password(20),
        num=digits(3),
    ),
    S(
        LX,
        "openvpn_tls_crypt_key",
        "<tls-crypt>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n{v}\n"
        "-----END OpenVPN Static key V1-----\n</tls-crypt>",
        openvpn_static_key,
    ),
    # ---- secrets: cloud-init
    S(
        LX,
        "cloud_init_random_password_log",
        "[   31.804112] cloud-init[1211]: Set the following 'random' passwords\n"
        "[   31.804160] cloud-init[1211]: ubuntu:{v}",
        b62(20),
    ),
    S(
        LX,
        "cloud_init_plain_text_passwd",
        "#cloud-config\nusers:\n  - default\n  - name: ops\n    groups: sudo\n    shell: /bin/bash\n"
        "    lock_passwd: false\n    plain_text_passwd: {v}",
        password(16),
    ),
    S(
        LX,
        "cloud_init_ssh_host_private",
        "ssh_keys:\n  ed25519_private: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n    {v}\n"
        "    -----END OPENSSH PRIVATE KEY-----\n  ed25519_public: {pub} root@edge-04",
        openssh_ed25519_private("root@edge-04", "    "),
        pub=ed25519_public,
    ),
    # ---- secrets: systemd
    S(
        LX,
        "systemd_unit_environment",
        "$ systemctl cat pg-backup.service\n# /etc/systemd/system/pg-backup.service\n[Service]\nType=oneshot\n"
        'Environment="PGHOST=db-01.internal" "PGUSER=backup" "PGPASSWORD={v}"\n'
        "ExecStart=/usr/local/bin/pg-backup --all",
        b62(22),
    ),
    S(
        LX,
        "systemd_environment_file",
        "$ sudo cat /etc/default/restic-backup\nRESTIC_REPOSITORY=sftp:backup@nas-01:/srv/restic\n"
        "RESTIC_PASSWORD={v}\nRESTIC_CACHE_DIR=/var/cache/restic",
        password(24),
    ),
    S(
        LX,
        "systemd_set_credential",
        "[Service]\nDynamicUser=yes\nSetCredential=smtp-pass:{v}\n"
        "ExecStart=/usr/bin/mailrelay --password-file=%d/smtp-pass",
        b62(20),
    ),
    S(
        LX,
        "systemd_creds_decrypt_output",
        "$ sudo systemd-creds decrypt /etc/credstore.encrypted/grafana-admin.cred -\n{v}",
        password(18),
    ),
    # ---- secrets: accounts and sudo
    S(LX, "chpasswd_plain", "$ echo 'deploy:{v}' | sudo chpasswd", password(14)),
    S(LX, "sudo_stdin_password", "$ echo '{v}' | sudo -S systemctl restart nginx", password(12)),
    # ---- secrets: LUKS
    S(
        LX,
        "cryptsetup_passphrase_stdin",
        "$ printf '%s' '{v}' | sudo cryptsetup open /dev/nvme1n1p1 archive --key-file=-",
        password(20),
    ),
    S(
        LX,
        "luks_volume_key_dump",
        "LUKS header information for /dev/sdb1\nCipher name:   \taes\nCipher mode:   \txts-plain64\n"
        "Payload offset:\t32768\nUUID:          \t{uid}\nMK bits:       \t512\nMK dump:\t{v}",
        hex_byte_lines(64, 16, " \n\t\t"),
        uid=uuid,
    ),
    # ---- secrets: MySQL
    S(
        LX,
        "my_cnf_password",
        '$ cat ~/.my.cnf\n[client]\nuser=backup\npassword="{v}"\nhost=db-01.internal',
        password(18),
    ),
    S(
        LX,
        "mysqldump_p_joined",
        "$ mysqldump -u backup -p{v} --single-transaction --all-databases | gzip > /srv/dumps/all.sql.gz",
        b62(16),
    ),
    # ---- look-alikes: public ids and fingerprints
    L(
        LX,
        "nm_connection_uuid",
        "$ nmcli connection show\nNAME            UUID                                  TYPE       DEVICE\n"
        "wg-office       {v}  wireguard  wg0\nlo              {lo}  loopback   lo",
        uuid,
        lo=uuid,
    ),
    L(
        LX,
        "nm_wireguard_peer_public",
        "[wireguard-peer.{v}]\nendpoint=203.0.113.7:51820\npersistent-keepalive=25\nallowed-ips=10.44.0.0/16;",
        b64_bytes(32),
    ),
    L(
        LX,
        "openconnect_servercert_pin",
        '$ echo "$VPN_PASS" | sudo openconnect --user=jdoe --passwd-on-stdin'
        " --servercert pin-sha256:{v} vpn.harborlab.example",
        b64_bytes(32),
    ),
    L(LX, "openvpn_peer_fingerprint", "peer-fingerprint {v}\nremote-cert-tls server", colon_hex_upper(32)),
    L(
        LX,
        "ssh_authorized_key",
        "#cloud-config\nusers:\n  - name: ops\n    sudo: ALL=(ALL) NOPASSWD:ALL\n    ssh_authorized_keys:\n"
        "      - {v} ops@laptop",
        ed25519_public,
    ),
    L(
        LX,
        "ssh_add_fingerprint",
        "$ ssh-add -l\n256 SHA256:{v} jdoe@build-07 (ED25519)",
        b64_bytes(32, strip=True),
    ),
    L(
        LX,
        "ssh_agent_socket",
        "$ ssh-agent -s\nSSH_AUTH_SOCK={v}; export SSH_AUTH_SOCK;\nSSH_AGENT_PID={pid}; export SSH_AGENT_PID;\n"
        "echo Agent pid {pid};",
        agent_sock,
        pid=lambda rng: str(rng.randrange(1000, 99999)),
    ),
    L(
        LX,
        "cloud_init_instance_id",
        "$ cat /var/lib/cloud/seed/nocloud/meta-data\ninstance-id: {v}\nlocal-hostname: edge-04",
        join("iid-", hexl(17)),
    ),
    L(
        LX,
        "luks_uuid",
        "$ sudo cryptsetup luksDump /dev/nvme1n1p1 | head -n 8\nLUKS header information\nVersion:       \t2\n"
        "Epoch:         \t5\nMetadata area: \t16384 [bytes]\nKeyslots area: \t16744448 [bytes]\nUUID:          \t{v}\n"
        "Label:         \t(no label)",
        uuid,
    ),
    L(
        LX,
        "luks_keyslot_salt",
        "Keyslots:\n  0: luks2\n\tKey:        512 bits\n\tPBKDF:      argon2id\n\tTime cost:  4\n"
        "\tSalt:       {v}\n\tAF stripes: 4000",
        hex_byte_lines(32, 16, " \n\t            "),
    ),
    L(
        LX,
        "etckeeper_commit",
        "$ sudo etckeeper vcs log -1 --format=%H -- NetworkManager/system-connections\n{v}",
        hexl(40),
    ),
    L(
        LX,
        "image_checksum",
        "$ sha256sum jammy-server-cloudimg-amd64.img\n{v}  jammy-server-cloudimg-amd64.img",
        hexl(64),
    ),
    # ---- look-alikes: paths and file references
    L(
        LX,
        "fstab_cifs_credentials_path",
        "//nas-01.internal/backup  /mnt/backup  cifs  credentials={v},uid=1000,gid=1000,vers=3.1.1,_netdev  0  0",
        const("/root/.smbcredentials-nas"),
    ),
    L(
        LX,
        "openvpn_auth_user_pass_path",
        "client\ndev tun\nproto udp\nremote vpn.harborlab.example 1194\nauth-user-pass {v}\nauth-nocache",
        const("/etc/openvpn/client/office.auth"),
    ),
    L(
        LX,
        "systemd_load_credential_encrypted",
        "[Service]\nLoadCredentialEncrypted=grafana-admin:{v}\n"
        "Environment=GF_SECURITY_ADMIN_PASSWORD__FILE=%d/grafana-admin",
        const("/etc/credstore.encrypted/grafana-admin.cred"),
    ),
    L(
        LX,
        "credentials_directory_ref",
        "ExecStart=/usr/bin/mailrelay --password-file={v}",
        const("${CREDENTIALS_DIRECTORY}/smtp-pass"),
    ),
    L(
        LX,
        "crypttab_keyfile_path",
        "$ cat /etc/crypttab\n# <target name>\t<source device>\t\t<key file>\t<options>\n"
        "archive\tUUID={uid}\t{v}\tluks,discard",
        const("/etc/luks-keys/archive.key"),
        uid=uuid,
    ),
    # ---- look-alikes: masks, references, placeholders
    L(
        LX,
        "nmcli_hidden_secret",
        "$ nmcli connection show {ssid} | grep -i wireless-security\n"
        "802-11-wireless-security.key-mgmt:       wpa-psk\n802-11-wireless-security.psk:            {v}\n"
        "802-11-wireless-security.psk-flags:      0 (none)",
        const("<hidden>"),
        ssid=ssid,
    ),
    L(
        LX,
        "mysql_config_editor_masked",
        '$ mysql_config_editor print --login-path=backup\n[backup]\nuser = "backup"\npassword = {v}\n'
        'host = "db-01.internal"',
        const("*****"),
    ),
    L(
        LX,
        "wpa_supplicant_ext_psk",
        'network={\n\tssid="{ssid}"\n\tpsk={v}\n\tkey_mgmt=WPA-PSK\n}',
        const("ext:office_wifi_psk"),
        ssid=ssid,
    ),
    L(
        LX,
        "nmcli_env_reference",
        "$ nmcli connection modify {ssid} wifi-sec.key-mgmt wpa-psk wifi-sec.psk {v}",
        const('"$WIFI_PSK"'),
        ssid=ssid,
    ),
    L(
        LX,
        "cloud_init_random_type",
        "#cloud-config\nchpasswd:\n  expire: true\n  users:\n    - name: ubuntu\n      type: {v}",
        const("RANDOM"),
    ),
    L(
        LX,
        "placeholder",
        "# /etc/default/restic-backup.example (copy to /etc/default/restic-backup, then chmod 600)\n"
        "RESTIC_PASSWORD={v}",
        interleaved(20),
    ),
    L(
        LX,
        "placeholder",
        "Add the block below to wpa_supplicant.conf, replacing the placeholder:\n"
        'network={\n\tssid="{ssid}"\n\tpsk="{v}"\n}',
        const("<your-wifi-passphrase>"),
        ssid=ssid,
    ),
]
