"""A hundred-and-eighty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of self-hosted mail servers: Postfix relay credentials (SASL_README's
`sasl_passwd` table, `smtp_sasl_password_maps` with `hash:`/`lmdb:`/`static:` maps, `postmap`),
Dovecot passwd-file entries (`user:{SCHEME}password:uid:gid::home::extra_fields`) and `doveadm pw -p`,
mailcow (`X-API-Key` header, `API_KEY`/`API_ALLOW_FROM` in mailcow.conf, keys of `a-zA-Z0-9-` shown
as `XXXXXX-XXXXXX-…`, the mailcow-api npm client, the `get/dkim` API answer), Mailu (`mailu.env`
SECRET_KEY of 16 `pwgen` characters, API_TOKEN sent in the Authorization header,
`flask mailu admin`), Maddy (`target.smtp … auth plain`, `maddy creds create`, `{env:…}`
placeholders, the `pass_table`/`sql_table` credentials DB), iRedMail (`iRedMail.tips`), OpenDKIM
(`opendkim-genkey` `.private` files, KeyTable lines, the published `p=` public key), rspamd
(controller `password`/`enable_password`, `rspamadm pw` hashes of `$2$salt$hash` in its base32
alphabet, `rspamc -P`, the `Password:` header, `rspamadm keypair` and fuzzy `encryption_key`),
Roundcube (`des_key` of 24 characters and its shipped default, `db_dsnw`, `smtp_pass = '%p'`),
docker-mailserver (`setup email add`, `setup relay add-auth`), Exim (Debian `passwd.client`,
`client_send = ^user^password` and the PASSWDLINE expansion) and Haraka (`auth_flat_file.ini`
`[users]`, `tls.ini`), in commands, config files and tool output, with the public values the same
documentation shows beside them (DKIM public keys, key-file paths, map references, allowed IPs,
placeholders, an Ansible no_log mask, image digests and release checksums).

First score, blind, before any rule changed for it (after the rules for 175 to 179):
17 of 25 secrets caught, 3 of 24 look-alikes altered (missed: Postfix's `static:<user>:<password>`
map, a mailcow key (dashed hex groups) as a client's second argument, passwords given positionally
to `flask mailu admin`, Maddy's `auth plain "user" "pass"`, `setup relay add-auth`, Exim's
`passwd.client` line and `client_send = ^user^pass`, Haraka's `[users]` entry; altered: rspamd's
`$2$` password hash, rspamd's fuzzy `encryption_key` (a public key), Roundcube's shipped default
`des_key`).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    const,
    groups,
    hexl,
    hexu,
    join,
    password,
    pick,
)

SM = "selfmail"

# rspamd's base32 alphabet (used by `rspamadm pw` and `rspamadm keypair`).
RSPAMD_B32 = "ybndrfg8ejkmcpqxot1uwisza345h769"


def rb32(n: int):
    return pick(RSPAMD_B32, n)


mailcow_key = groups(hexu(6), 5)
dkim_rsa2048_private = join("MIIEpAIBAAKCAQEA", b64(48), "\n", groups(b64(64), 23, "\n"), "\n", b64(36), "==")
dkim_pub_2048 = join("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", b64(342), "IDAQAB")
dkim_pub_1024 = join("MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC", b64(171), "IDAQAB")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (17, 25, 3, 24, "the rules for 175 to 179")

TEMPLATES: list = [
    # ---- secrets: Postfix relay credentials
    S(
        SM,
        "postfix_sasl_passwd_file",
        "$ sudo cat /etc/postfix/sasl_passwd\n# relay via the ISP submission port\n"
        "[smtp.kestrelpost.net]:587 outbound@harbourline.org:{v}",
        password(20),
    ),
    S(
        SM,
        "postfix_static_map",
        "$ sudo postconf -e 'smtp_sasl_password_maps = static:noreply@harbourline.org:{v}'\n"
        "$ sudo postfix reload\npostfix/postfix-script: refreshing the Postfix mail system",
        b62(24),
    ),
    # ---- secrets: Dovecot
    S(
        SM,
        "dovecot_passwd_file_plain",
        "$ sudo tail -n 2 /etc/dovecot/users\n"
        "ines@harbourline.org:{PLAIN}{v}:5000:5000::/var/vmail/harbourline.org/ines::userdb_quota_rule=*:storage=2G",
        password(16),
        note="passwd-file password field with a {PLAIN} scheme prefix",
    ),
    S(
        SM,
        "doveadm_pw_flag",
        "$ doveadm pw -s SHA512-CRYPT -r 10000 -p '{v}'",
        password(18),
    ),
    # ---- secrets: mailcow
    S(
        SM,
        "mailcow_api_header",
        "$ curl -s -H \"X-API-Key: {v}\" https://mx1.harbourline.org/api/v1/get/domain/all | jq '.[].domain_name'",
        mailcow_key,
    ),
    S(
        SM,
        "mailcow_conf_api_key",
        "$ grep ^API_ /opt/mailcow-dockerized/mailcow.conf\nAPI_KEY={v}\nAPI_KEY_READ_ONLY=\n"
        "API_ALLOW_FROM=172.22.1.1,127.0.0.1",
        mailcow_key,
    ),
    S(
        SM,
        "mailcow_npm_client",
        'const mcc = new MailcowApiClient("https://mx1.harbourline.org", "{v}");\nconsole.log(await mcc.getMailbox());',
        mailcow_key,
    ),
    # ---- secrets: Mailu
    S(
        SM,
        "mailu_secret_key",
        "# Set to a randomly generated 16 bytes string\nSECRET_KEY={v}\n\n# Subnet of the docker network.\nSUBNET=192.168.203.0/24",
        b62(16),
    ),
    S(
        SM,
        "mailu_api_token_header",
        "$ curl -s -X GET 'https://mail.harbourline.org/api/v1/domain' -H 'accept: application/json'"
        " -H 'Authorization: Bearer {v}'",
        b62(32),
    ),
    S(
        SM,
        "mailu_admin_positional",
        "$ docker compose exec admin flask mailu admin postmaster harbourline.org '{v}' --mode=update",
        password(14),
    ),
    # ---- secrets: Maddy
    S(
        SM,
        "maddy_target_auth_plain",
        "target.smtp relay_out {\n    targets tls://smtp.kestrelpost.net:465\n"
        '    auth plain "outbound@harbourline.org" "{v}"\n}',
        password(22),
    ),
    S(
        SM,
        "maddy_creds_create",
        "$ sudo -u maddy maddy creds create --password '{v}' ines@harbourline.org",
        password(15),
    ),
    # ---- secrets: iRedMail
    S(
        SM,
        "iredmail_tips",
        "$ sudo grep -A1 'Vmail admin' /root/iRedMail-1.6.8/iRedMail.tips\n"
        "    * Vmail admin account (read-write):\n        - Username: vmailadmin, Password: {v}",
        b62(30),
    ),
    # ---- secrets: OpenDKIM
    S(
        SM,
        "opendkim_private_key",
        "$ sudo cat /etc/opendkim/keys/harbourline.org/mail.private\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n"
        "-----END RSA PRIVATE KEY-----",
        dkim_rsa2048_private,
    ),
    # ---- secrets: rspamd
    S(
        SM,
        "rspamd_controller_password",
        "$ cat /etc/rspamd/local.d/worker-controller.inc\n# TODO: replace with rspamadm pw output\n"
        'password = "{v}";\nsecure_ip = "127.0.0.1";',
        password(16),
    ),
    S(
        SM,
        "rspamc_password_flag",
        "$ rspamc -h 127.0.0.1:11334 -P '{v}' learn_spam /srv/trap/cur/",
        b62(18),
    ),
    S(
        SM,
        "rspamd_password_header",
        '$ curl -s -H "Password: {v}" http://127.0.0.1:11334/stat | jq .scanned',
        password(16),
    ),
    S(
        SM,
        "rspamd_keypair_privkey",
        '$ rspamadm keypair\nkeypair {\n    pubkey = "{pub}";\n    privkey = "{v}";\n'
        '    encoding = "base32";\n    algorithm = "curve25519";\n    type = "kex";\n}',
        rb32(52),
        pub=rb32(52),
    ),
    # ---- secrets: Roundcube
    S(
        SM,
        "roundcube_des_key",
        "// this key is used to encrypt the users imap password which is stored\n"
        "// in the session record. For the default cipher method it must be\n"
        "// exactly 24 characters long.\n$config['des_key'] = '{v}';",
        b62(24),
    ),
    S(
        SM,
        "roundcube_db_dsnw",
        "$config['db_dsnw'] = 'mysql://roundcube:{v}@127.0.0.1/roundcubemail';",
        b62(20),
    ),
    # ---- secrets: docker-mailserver
    S(
        SM,
        "dms_email_add",
        "$ docker exec -ti mailserver setup email add ines@harbourline.org '{v}'",
        password(16),
    ),
    S(
        SM,
        "dms_relay_add_auth",
        "$ docker exec mailserver setup relay add-auth harbourline.org outbound@harbourline.org {v}",
        b62(24),
    ),
    # ---- secrets: Exim
    S(
        SM,
        "exim_passwd_client",
        "$ sudo cat /etc/exim4/passwd.client\n# password file used when the local exim is authenticating to a remote\n"
        "# host as a client.\nsmtp.kestrelpost.net:outbound@harbourline.org:{v}",
        password(18),
    ),
    S(
        SM,
        "exim_client_send",
        "smarthost_login:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^outbound@harbourline.org^{v}",
        b62(20),
    ),
    # ---- secrets: Haraka
    S(
        SM,
        "haraka_flat_file",
        "$ cat config/auth_flat_file.ini\n[core]\nmethods=PLAIN,LOGIN\n\n[users]\nscanner@harbourline.org={v}",
        password(16),
    ),
    # ---- look-alikes: map references and non-secret values under secret-sounding names
    L(
        SM,
        "postfix_map_reference",
        "smtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = {v}\nsmtp_sasl_security_options = noanonymous",
        const("lmdb:/etc/postfix/sasl/sasl_passwd"),
    ),
    L(
        SM,
        "dovecot_passdb_args",
        "passdb {\n  driver = passwd-file\n  args = {v}\n}",
        const("scheme=SHA512-CRYPT username_format=%u /etc/dovecot/users"),
    ),
    L(
        SM,
        "mailcow_allow_from",
        "# Allowed IPs for the API, comma separated\nAPI_ALLOW_FROM={v}",
        const("172.22.1.1,127.0.0.1,10.40.0.0/24"),
    ),
    L(
        SM,
        "maddy_credentials_db",
        "auth.pass_table local_authdb {\n    table sql_table {\n        driver sqlite3\n        dsn {v}\n"
        "        table_name passwords\n    }\n}",
        const("credentials.db"),
    ),
    L(
        SM,
        "opendkim_keytable",
        "$ cat /etc/opendkim/KeyTable\nmail._domainkey.harbourline.org {v}",
        const("harbourline.org:mail:/etc/opendkim/keys/harbourline.org/mail.private"),
    ),
    L(
        SM,
        "roundcube_smtp_pass_macro",
        "$config['smtp_user'] = '%u';\n$config['smtp_pass'] = '{v}';",
        const("%p"),
        note="%p makes Roundcube reuse the logged-in user's password",
    ),
    L(
        SM,
        "exim_client_send_expansion",
        "  client_send = {v}",
        const("^${extract{1}{:}{PASSWDLINE}}^${sg{PASSWDLINE}{\\N([^:]+:)(.*)\\N}{\\$2}}"),
    ),
    L(
        SM,
        "haraka_tls_key_path",
        "$ cat config/tls.ini\nkey={v}\ncert=tls_cert.pem\ndhparam=dhparams.pem",
        const("tls_key.pem"),
    ),
    # ---- look-alikes: public keys, hashes and digests
    L(
        SM,
        "mailcow_dkim_pubkey",
        '$ curl -s -H "X-API-Key: $MAILCOW_API_KEY" https://mx1.harbourline.org/api/v1/get/dkim/harbourline.org\n'
        '{"pubkey":"{v}","length":"2048","dkim_txt":"v=DKIM1;k=rsa;t=s;s=email;p={v}","dkim_selector":"dkim"}',
        dkim_pub_2048,
    ),
    L(
        SM,
        "dkim_dns_pubkey",
        '$ dig +short TXT mail._domainkey.harbourline.org\n"v=DKIM1; h=sha256; k=rsa; p={v}"',
        dkim_pub_1024,
    ),
    L(
        SM,
        "rspamd_pw_hash",
        '$ cat /etc/rspamd/local.d/worker-controller.inc\n# generated with: rspamadm pw\nenable_password = "{v}";',
        join("$2$", rb32(32), "$", rb32(52)),
        note="rspamd's docs recommend keeping only this hash in the config",
    ),
    L(
        SM,
        "rspamd_fuzzy_encryption_pubkey",
        'rule "local" {\n  servers = "fuzzy.harbourline.org:11335";\n'
        '  encryption_key = "{v}";\n  algorithm = "mumhash";\n}',
        rb32(52),
        note="the fuzzy storage's public key",
    ),
    L(
        SM,
        "sasl_db_checksum",
        "$ sha256sum /etc/postfix/sasl/sasl_passwd.lmdb\n{v}  /etc/postfix/sasl/sasl_passwd.lmdb",
        hexl(64),
    ),
    L(
        SM,
        "dms_image_digest",
        "    image: {v}\n    hostname: mail.harbourline.org",
        join("ghcr.io/docker-mailserver/docker-mailserver@sha256:", hexl(64)),
    ),
    L(
        SM,
        "iredmail_release_checksum",
        "$ sha256sum iRedMail-1.6.8.tar.gz\n{v}  iRedMail-1.6.8.tar.gz",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        SM,
        "postfix_doc_placeholder",
        "# /etc/postfix/sasl_passwd (replace before running postmap)\n[smtp.kestrelpost.net]:587 user@harbourline.org:{v}",
        const("<app-password>"),
    ),
    L(
        SM,
        "mailcow_dotenv_placeholder",
        "MAILCOW_API_KEY={v}\nMAILCOW_API_BASEURL='https://mail.example.com'",
        const("'YOUR MAILCOW API KEY'"),
    ),
    L(
        SM,
        "mailcow_x_placeholder",
        "Copy the key shown once in the UI, it looks like: {v}",
        const("XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX"),
    ),
    L(
        SM,
        "mailcow_env_reference",
        '$ curl -s "https://mx1.harbourline.org/api/v1/get/mailbox/all" -H "X-API-Key: {v}" | jq length',
        const("${MAILCOW_API_KEY}"),
    ),
    L(
        SM,
        "mailu_changeme",
        "# Set to a randomly generated 16 bytes string\nSECRET_KEY={v}",
        const("ChangeMeChangeMe"),
    ),
    L(
        SM,
        "mailu_k8s_secret_ref",
        "        - name: API_TOKEN\n          valueFrom:\n            secretKeyRef:\n              name: {v}\n"
        "              key: api-token",
        const("mailu-api-token"),
    ),
    L(
        SM,
        "maddy_env_placeholder",
        '    auth plain "outbound@harbourline.org" {v}',
        const("{env:SMTP_RELAY_PASSWORD}"),
    ),
    L(
        SM,
        "roundcube_default_des_key",
        "$ grep des_key /var/www/roundcube/config/defaults.inc.php\n$config['des_key'] = '{v}';",
        const("rcmail-!24ByteDESkey*Str"),
    ),
    L(
        SM,
        "ansible_no_log_mask",
        'ok: [mx1] => {"changed": false, "invocation": {"module_args": {"name": "roundcube", "host": "localhost",'
        ' "password": "{v}", "priv": "roundcubemail.*:ALL"}}}',
        const("VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"),
    ),
]
