"""A hundred-and-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of web-hosting control panels and shared-hosting deploy tooling:
cPanel & WHM (UAPI and WHM API 1 tokens in `Authorization: cpanel user:TOKEN` / `whm root:TOKEN`
headers, `whmapi1 api_token_create` output, the deprecated `.accesshash` remote access key,
`create_user_session` login URLs, `uapi Ftp add_ftp`, SSL key moduli, DKIM records), Plesk (REST
`X-API-Key`, `plesk bin secret_key --create` output, XML API `HTTP_AUTH_PASSWD`, server GUIDs),
DirectAdmin (login keys as the basic-auth password, `da api-url`), HestiaCP (`v-add-access-key`
ACCESS_KEY_ID / SECRET_ACCESS_KEY, the `hash=ACCESS_KEY:SECRET_KEY` form, legacy
`v-generate-api-key`, `v-list-access-keys`), ISPConfig remote users (SOAP `login()` and the JSON
remote API session id), CyberPanel (`verifyConn` adminPass, `cyp_live_` cloud keys), Virtualmin
(`remote.cgi`, `list-domains --multiline`, domain ids), Webmin (`changepass.pl`, miniserv
certificate fingerprints), Softaculous (the cPanel `index.live.php` API URL, NOC license key
placeholders), and shared-hosting FTP/SFTP deploy configs (FileZilla `sitemanager.xml`, git-ftp,
the VS Code SFTP extension's `sftp.json`, lftp, GitHub Actions FTP deploy steps), in commands,
config files, code and tool output, with the public ids, hashes, fingerprints, placeholders,
masks and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 95 to 99):
20 of 26 secrets caught, 0 of 24 look-alikes altered (missed: WHM's `.accesshash` printed by `cat`
over several lines of hex, a key printed by `plesk bin secret_key --create`, a Hestia
`hash=ID:SECRET` form field, an ISPConfig session id in a login response, a password as
`changepass.pl`'s third argument, FileZilla's `<Pass encoding="base64">`).
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
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

HOST = "hosting"


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def accesshash(rng: random.Random) -> str:
    """The WHM `.accesshash` file: lowercase hex in several lines."""
    return "\n".join(hexl(32)(rng) for _ in range(15))


# A Plesk secret key: 8-4-4-4-12 hex groups, not a version-4 UUID.
plesk_key = join(hexl(8), "-", hexl(4), "-", hexl(4), "-", hexl(4), "-", hexl(12))
cpanel_token = upper_alnum(32)
hestia_secret = pick(B62 + "_=", 40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 26, 0, 24, "the rules for 95 to 99")

TEMPLATES: list = [
    # ---- secrets: cPanel & WHM
    S(
        HOST,
        "cpanel_token_header",
        "$ curl -s -H'Authorization: cpanel {user}:{v}' "
        "'https://cp7.brambleweb.net:2083/execute/Email/list_pops?domain=ferncastle.co.uk'",
        cpanel_token,
        user=const("ferncast"),
    ),
    S(
        HOST,
        "whm_token_create_output",
        "# whmapi1 --output=yaml api_token_create token_name=ci-provisioner\n---\ndata:\n"
        "  create_time: {ts}\n  name: ci-provisioner\n  token: {v}\nmetadata:\n  command: api_token_create\n"
        "  reason: OK\n  result: 1\n  version: 1",
        cpanel_token,
        ts=join("17", digits(8)),
    ),
    S(
        HOST,
        "whm_token_python",
        '    resp = requests.get(\n        f"https://{WHM_HOST}:2087/json-api/listaccts?api.version=1",\n'
        '        headers={"Authorization": "whm root:{v}"},\n        timeout=30,\n    )',
        cpanel_token,
    ),
    S(HOST, "whm_accesshash_file", "[root@cp7 ~]# cat /root/.accesshash\n{v}", accesshash),
    S(
        HOST,
        "whm_user_session_url",
        "# whmapi1 create_user_session user=root service=whostmgrd | grep url\n"
        "    url: https://cp7.brambleweb.net:2087/cpsess{sess}/login/?session=root%3a{x}%3acreate_user_session%2c{v}",
        hexl(32),
        sess=digits(10),
        x=b62(16),
    ),
    S(
        HOST,
        "cpanel_uapi_ftp_pass",
        "$ uapi --user=ferncast Ftp add_ftp user=deploy pass='{v}' quota=0 homedir=public_html/releases",
        password(18),
    ),
    # ---- secrets: Plesk
    S(
        HOST,
        "plesk_rest_api_key",
        'curl -sk -X GET "https://plesk01.orchardhost.de:8443/api/v2/domains" '
        '-H "accept: application/json" -H "X-API-Key: {v}"',
        plesk_key,
    ),
    S(
        HOST,
        "plesk_secret_key_create",
        '[root@plesk01 ~]# plesk bin secret_key --create -ip-address 203.0.113.47 -description "billing sync"\n{v}',
        plesk_key,
    ),
    S(
        HOST,
        "plesk_xml_api_passwd",
        "$ch = curl_init('https://plesk01.orchardhost.de:8443/enterprise/control/agent.php');\n"
        "curl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'HTTP_AUTH_LOGIN: admin',\n"
        "    'HTTP_AUTH_PASSWD: {v}',\n    'Content-Type: text/xml',\n]);",
        password(16),
    ),
    # ---- secrets: DirectAdmin
    S(
        HOST,
        "directadmin_api_url",
        "[root@da2 ~]# da api-url\nhttps://admin:{v}@da2.kestrelhosting.nl:2222",
        b62(64),
    ),
    S(
        HOST,
        "directadmin_login_key_curl",
        '$ curl -s --user "webops:{v}" "https://da2.kestrelhosting.nl:2222/CMD_API_SHOW_DOMAINS?json=yes"',
        b62(64),
    ),
    # ---- secrets: HestiaCP
    S(
        HOST,
        "hestia_access_key_output",
        "root@hcp:~# v-add-access-key admin billing WHMCS\nACCESS_KEY_ID:      {akid}\n"
        "SECRET_ACCESS_KEY:  {v}\nUSER:               admin\nPERMISSIONS:        billing\n"
        "COMMENT:            WHMCS",
        hestia_secret,
        akid=b62(20),
    ),
    S(
        HOST,
        "hestia_hash_post",
        "$ curl -s https://hcp.lindenweb.io:8083/api/ "
        '-d "hash={akid}:{v}" -d returncode=no -d cmd=v-list-users -d arg1=json',
        hestia_secret,
        akid=b62(20),
    ),
    S(HOST, "hestia_legacy_api_key", "root@hcp:~# v-generate-api-key\n{v}", b64url(32)),
    # ---- secrets: ISPConfig remote users
    S(
        HOST,
        "ispconfig_soap_login",
        "$client = new SoapClient(null, ['location' => $soap_location, 'uri' => $soap_uri]);\n"
        "$session_id = $client->login('remote_deploy', '{v}');",
        password(20),
    ),
    S(
        HOST,
        "ispconfig_json_session",
        "$ curl -sk -X POST 'https://isp.maplerow.net:8080/remote/json.php?login' "
        "-d @login.json\n"
        '{"code":"ok","message":"","response":"{v}"}',
        hexl(32),
    ),
    # ---- secrets: CyberPanel
    S(
        HOST,
        "cyberpanel_verify_conn",
        "curl -sk -X POST https://cp.quillhost.com:8090/api/verifyConn "
        '-H "Content-Type: application/json" -d \'{"adminUser": "admin", "adminPass": "{v}"}\'',
        password(16),
    ),
    S(
        HOST,
        "cyberpanel_cloud_key",
        '$ curl -s https://platform.cyberpersons.com/api/v1/vps -H "Authorization: Bearer {v}" | jq ".data[].hostname"',
        join("cyp_live_", hexl(64)),
    ),
    # ---- secrets: Virtualmin & Webmin
    S(
        HOST,
        "virtualmin_remote_cgi",
        "$ curl -sk -u 'root:{v}' "
        "'https://vm1.heronhost.org:10000/virtual-server/remote.cgi?program=list-domains&json=1&multiline='",
        password(14),
    ),
    S(
        HOST,
        "virtualmin_list_domains_password",
        "# virtualmin list-domains --domain tidewater.org.uk --multiline\ntidewater.org.uk\n"
        "    ID: {id}\n    Type: Top-level server\n    Username: tidewater\n    Password: {v}\n"
        "    Home directory: /home/tidewater",
        password(12),
        id=digits(15),
    ),
    S(HOST, "webmin_changepass", "[root@vm1 ~]# /usr/share/webmin/changepass.pl /etc/webmin root {v}", b62(15)),
    # ---- secrets: Softaculous
    S(
        HOST,
        "softaculous_api_url",
        "$url = 'https://ferncast:{v}@cp7.brambleweb.net:2083/frontend/jupiter/softaculous/index.live.php?'\n"
        "     . '&api=json&act=installations';",
        b62(14),
    ),
    # ---- secrets: shared-hosting FTP / SFTP deploy configs
    S(
        HOST,
        "filezilla_sitemanager_pass",
        "$ grep -A8 '<Server>' ~/.config/filezilla/sitemanager.xml\n\t\t<Server>\n"
        "\t\t\t<Host>ftp.ferncastle.co.uk</Host>\n\t\t\t<Port>21</Port>\n\t\t\t<Protocol>0</Protocol>\n"
        "\t\t\t<Type>0</Type>\n\t\t\t<User>deploy@ferncastle.co.uk</User>\n"
        '\t\t\t<Pass encoding="base64">{v}</Pass>\n\t\t\t<Logontype>1</Logontype>',
        b64_of(password(14)),
    ),
    S(
        HOST,
        "git_ftp_passwd",
        "$ git ftp push --user deploy@tidewater.org.uk --passwd {v} ftpes://ftp.tidewater.org.uk/public_html",
        b62(16),
    ),
    S(
        HOST,
        "vscode_sftp_json",
        '{\n    "name": "brambleweb shared",\n    "host": "cp7.brambleweb.net",\n    "protocol": "sftp",\n'
        '    "port": 21098,\n    "username": "ferncast",\n    "password": "{v}",\n'
        '    "remotePath": "/home/ferncast/public_html",\n    "uploadOnSave": true\n}',
        password(13),
    ),
    S(
        HOST,
        "lftp_user_pass",
        "$ lftp -u 'heron_ftp,{v}' -e 'mirror -R --delete --verbose dist/ /public_html/; quit' ftp://ftp.heronhost.org",
        b62(14),
    ),
    # ---- look-alikes: placeholders and references
    L(
        HOST,
        "cpanel_perl_placeholder",
        "my $user  = 'root';\nmy $token = '{v}';\nmy $ua    = HTTP::Tiny->new( verify_SSL => 0 );",
        const("MYAPITOKEN"),
    ),
    L(
        HOST,
        "whm_env_ref",
        'curl -s -H "Authorization: whm root:{v}" "https://$WHM_HOST:2087/json-api/version?api.version=1"',
        const("${WHM_API_TOKEN}"),
    ),
    L(
        HOST,
        "cpanel_env_example",
        "# .env.example, copy to .env\nCPANEL_HOST=cp7.brambleweb.net\nCPANEL_USER=ferncast\nCPANEL_TOKEN={v}",
        const("<your-cpanel-api-token>"),
    ),
    L(
        HOST,
        "plesk_env_lookup",
        'PLESK_URL = "https://plesk01.orchardhost.de:8443/api/v2"\nheaders = {"X-API-Key": {v}}',
        const('os.environ["PLESK_API_KEY"]'),
    ),
    L(
        HOST,
        "hestia_hash_placeholder",
        "# If your billing software already supports the hash format, use\n#   hash={v}\n# instead of the old API key.",
        const("ACCESS_KEY:SECRET_KEY"),
    ),
    L(
        HOST,
        "directadmin_env_ref",
        'curl -s --user "admin:{v}" "https://da2.kestrelhosting.nl:2222/CMD_API_SHOW_ALL_USERS?json=yes"',
        const("$DA_LOGIN_KEY"),
    ),
    L(
        HOST,
        "ispconfig_getenv",
        "$session_id = $client->login('remote_deploy', {v});",
        const("getenv('ISPC_REMOTE_PASSWORD')"),
    ),
    L(
        HOST,
        "cyberpanel_placeholder",
        "Include it in the Authorization header:\n    Authorization: Bearer {v}",
        const("cyp_live_your_api_key_here"),
    ),
    L(
        HOST,
        "softaculous_license_placeholder",
        "noc.cancel_license :key => '{v}'   # or by IP: noc.cancel_license :ip => '198.51.100.9'",
        const("XXXXX-XXXXX-XXXXX-XXXXX-XXXXX"),
    ),
    L(
        HOST,
        "gha_ftp_secret_ref",
        "      - name: Sync files\n        uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n"
        "          server: ftp.tidewater.org.uk\n          username: deploy@tidewater.org.uk\n"
        "          password: {v}\n          server-dir: public_html/",
        const("${{ secrets.FTP_PASSWORD }}"),
    ),
    # ---- look-alikes: masks
    L(
        HOST,
        "lftp_debug_mask",
        "---> USER heron_ftp\n<--- 331 User heron_ftp OK. Password required\n---> PASS {v}\n"
        "<--- 230 OK. Current restricted directory is /",
        const("XXXX"),
    ),
    L(
        HOST,
        "plesk_masked_header",
        "[2024-06-11 09:14:02] request headers: HTTP_AUTH_LOGIN=admin HTTP_AUTH_PASSWD={v} Content-Type=text/xml",
        const("********"),
    ),
    # ---- look-alikes: public ids and listings without the secret
    L(
        HOST,
        "hestia_list_access_keys",
        "root@hcp:~# v-list-access-keys admin\nID                    PERMISSIONS  COMMENT  TIME      DATE\n"
        "--                    -----------  -------  ----      ----\n{v}  billing      WHMCS    09:41:07  2024-05-02",
        b62(20),
    ),
    L(
        HOST,
        "plesk_server_guid",
        '$ curl -sk -u admin:"$PLESK_PASS" https://plesk01.orchardhost.de:8443/api/v2/server\n'
        '{"platform":"Unix","hostname":"plesk01.orchardhost.de","guid":"{v}","panel_version":"18.0.61"}',
        uuid,
    ),
    L(
        HOST,
        "virtualmin_domain_id",
        "# virtualmin list-domains --domain tidewater.org.uk --id-only\n{v}",
        digits(15),
    ),
    L(
        HOST,
        "cpanel_ssl_modulus",
        '         {\n            "friendly_name" : "ferncastle.co.uk (2024)",\n'
        '            "modulus" : "{v}",\n            "modulus_length" : 2048,\n'
        '            "key_algorithm" : "rsaEncryption"\n         },',
        hexl(512),
    ),
    L(
        HOST,
        "cpanel_dkim_txt",
        'default._domainkey.ferncastle.co.uk. 14400 IN TXT "v=DKIM1; k=rsa; p={v}"',
        join("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", b64(342), "IDAQAB"),
    ),
    L(
        HOST,
        "cpanel_ssh_pubkey",
        "$ uapi --user=ferncast SSH import_key name=deploy_ed25519 key='ssh-ed25519 {v} deploy@ci'",
        join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    L(
        HOST,
        "sftp_host_fingerprint",
        "The authenticity of host '[cp7.brambleweb.net]:21098 ([198.51.100.23]:21098)' can't be established.\n"
        "ED25519 key fingerprint is SHA256:{v}.",
        b64(43),
    ),
    L(
        HOST,
        "webmin_cert_fingerprint",
        "# openssl x509 -in /etc/webmin/miniserv.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    # ---- look-alikes: hashes
    L(
        HOST,
        "git_ftp_commit",
        "$ git ftp push\n1 file to sync:\n[1 of 1] Buffered for upload 'wp-content/themes/tide/style.css'.\n"
        "Uploading ...\nLast deployment changed to {v}.",
        hexl(40),
    ),
    L(
        HOST,
        "backup_md5",
        "$ md5sum backup-6.14.2024_02-00-07_ferncast.tar.gz\n{v}  backup-6.14.2024_02-00-07_ferncast.tar.gz",
        hexl(32),
    ),
    L(
        HOST,
        "installer_sha256",
        "$ sha256sum hst-install.sh\n{v}  hst-install.sh",
        hexl(64),
    ),
    L(
        HOST,
        "softaculous_insid",
        '$ curl -s "https://cp7.brambleweb.net:2083/frontend/jupiter/softaculous/index.live.php'
        '?api=json&act=backup&insid={v}" -u "ferncast:$CPANEL_PASS"',
        join(digits(2), "_", digits(5)),
    ),
]
