"""A two-hundredth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from NAS and personal-cloud software: Synology DSM's Web API (`SYNO.API.Auth` login with
`passwd=`, the `sid`/`synotoken` it answers, `_sid=` on FileStation URLs, the `synology_dsm`
Python client), QNAP QTS `authLogin.cgi` (base64 `pwd=`, the 8-character `authSid`
in its XML), TrueNAS API keys (`<id>-<64 alphanumerics>` as a bearer token, from `midclt call
api_key.create`), Nextcloud (login-flow-v2 `appPassword`, `xxxxx-xxxxx-...` app passwords
under `curl -u`, `config.php` `secret`/`passwordsalt`, the
`***REMOVED SENSITIVE VALUE***` mask of `occ config:list`, `instanceid`, WebDAV ETags), Immich
(`x-api-key`, `immich login <url> <key>`, asset UUIDs, image digests), PhotoPrism
(`PHOTOPRISM_ADMIN_PASSWORD`, `photoprism auth add` app passwords, `photoprism client add`
client ids and secrets, photo UIDs, SHA-1 file hashes), Seafile (`api2/auth-token/` 40-hex tokens,
`Authorization: Token`, repo UUIDs and 40-hex object ids), ownCloud Infinite Scale (`ocis init`
admin password, `ocis.yaml` `jwt_secret`, space ids), Unraid (`myservers.cfg` `apikey="unraid_..."`,
flash GUID), OpenMediaVault (`rpc.php` `Session.login`, the `X-OPENMEDIAVAULT-SESSIONID` cookie,
SSH fingerprints) and rclone (obscured `pass =` in webdav/nextcloud remotes,
`config create ... pass=... --obscure`, `rclone config redacted`'s `XXX`), and a QNAP firmware md5sum. The
search budget was spent before this set was written, so every shape here (lengths, alphabets,
prefixes) is from its author's memory of those tools' documentation, not re-read from it; the
least certain ones are noted per template.

First score, blind, before any rule changed for it (after the rules for 190 to 199):
21 of 25 secrets caught, 0 of 24 look-alikes altered (missed: Synology's `_sid=` in a download
link's query, QNAP's eight-character `authSid` in CDATA, PhotoPrism's app password and client secret
in printed tables; written from memory, the search budget spent).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

NAS = "nas"


def b64_of(maker):
    """QNAP's `authLogin.cgi` takes the password base64-encoded in `pwd=`."""
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def unraid_guid(rng: random.Random) -> str:
    return f"{hexu(4)(rng)}-{hexu(4)(rng)}-{hexu(4)(rng)}-{hexu(12)(rng)}"


syno_sid = b64url(86)
truenas_key = join(pick("123456789", 1), "-", b62(64))
nc_app_password = groups(b62(5), 5)
seafile_token = hexl(40)
rclone_obscured = b64url(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 0, 24, "the rules for 190 to 199")

TEMPLATES: list = [
    # ---- secrets: Synology DSM
    S(
        NAS,
        "synology_login_passwd",
        '$ curl -sk "https://ds920.lan:5001/webapi/entry.cgi?api=SYNO.API.Auth&version=7&method=login'
        '&account=backup-svc&passwd={v}&session=FileStation&format=sid&enable_syno_token=yes"',
        b62(16),
    ),
    S(
        NAS,
        "synology_sid_response",
        '{"data":{"account":"backup-svc","device_id":"","ik_message":"","is_portal_port":false,'
        '"sid":"{v}","synotoken":"{tok}"},"success":true}',
        syno_sid,
        note="sid length from memory",
        tok=b64url(13),
    ),
    S(
        NAS,
        "synology_sid_query",
        '$ curl -sk -o photos-2024.zip "https://ds920.lan:5001/webapi/entry.cgi?api=SYNO.FileStation.Download'
        '&version=2&method=download&path=%2Fphotos%2F2024&mode=download&_sid={v}"',
        syno_sid,
    ),
    S(
        NAS,
        "synology_dsm_client",
        'api = SynologyDSM("ds920.lan", 5001, "backup-svc", "{v}", use_https=True, verify_ssl=False)',
        password(14),
    ),
    # ---- secrets: QNAP
    S(
        NAS,
        "qnap_pwd_b64",
        '$ curl -s "http://ts464.lan:8080/cgi-bin/authLogin.cgi?user=admin&pwd={v}&serviceKey=1"',
        b64_of(password(12)),
    ),
    S(
        NAS,
        "qnap_auth_sid",
        '<QDocRoot version="1.0"><doQuick><![CDATA[]]></doQuick><is_booting><![CDATA[0]]></is_booting>'
        "<authPassed><![CDATA[1]]></authPassed><authSid><![CDATA[{v}]]></authSid><username><![CDATA[admin]]></username>",
        lower_alnum(8),
    ),
    # ---- secrets: TrueNAS
    S(
        NAS,
        "truenas_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" https://truenas.lan/api/v2.0/pool | jq ".[].name"',
        truenas_key,
    ),
    S(
        NAS,
        "truenas_midclt_create",
        '$ midclt call api_key.create \'{"name": "restic-offsite", "allowlist": []}\'\n'
        '{"id": 3, "name": "restic-offsite", "created_at": {"$date": 1718270000000}, "key": "{v}"}',
        truenas_key,
    ),
    # ---- secrets: Nextcloud
    S(
        NAS,
        "nextcloud_login_flow",
        '$ curl -s -X POST -d "token={poll}" https://cloud.example.org/login/v2/poll\n'
        '{"server":"https://cloud.example.org","loginName":"alice","appPassword":"{v}"}',
        b62(72),
        poll=b62(128),
    ),
    S(
        NAS,
        "nextcloud_webdav_basic",
        "$ curl -u alice:{v} -X PROPFIND -H 'Depth: 1' https://cloud.example.org/remote.php/dav/files/alice/Photos/",
        nc_app_password,
    ),
    S(
        NAS,
        "nextcloud_config_secret",
        "$ cat config/config.php\n<?php\n$CONFIG = array (\n  'instanceid' => 'oc{iid}',\n"
        "  'passwordsalt' => '{salt}',\n  'secret' => '{v}',\n  'trusted_domains' =>\n  array (\n"
        "    0 => 'cloud.example.org',\n  ),",
        b64(48),
        iid=lower_alnum(10),
        salt=b64(30),
    ),
    # ---- secrets: Immich
    S(
        NAS,
        "immich_cli_login",
        "$ immich login https://photos.example.org/api {v}\nLogging in to https://photos.example.org/api\n"
        "Logged in as alice@example.org",
        b62(32),
        note="key length from memory",
    ),
    S(
        NAS,
        "immich_header",
        "$ curl -s -H 'x-api-key: {v}' -H 'Accept: application/json' https://photos.example.org/api/server/statistics",
        b62(32),
    ),
    # ---- secrets: PhotoPrism
    S(
        NAS,
        "photoprism_admin_password",
        '    environment:\n      PHOTOPRISM_ADMIN_USER: "admin"\n      PHOTOPRISM_ADMIN_PASSWORD: "{v}"\n'
        '      PHOTOPRISM_AUTH_MODE: "password"',
        password(20),
    ),
    S(
        NAS,
        "photoprism_app_password",
        '$ docker compose exec photoprism photoprism auth add -n "PhotoSync" -s "webdav" -e 0 alice\n'
        "|  App Password  |  Authorization  |\n|----------------|-----------------|\n| {v} | webdav |",
        groups(b62(6), 4),
        note="grouping from memory",
    ),
    S(
        NAS,
        "photoprism_client_secret",
        '$ photoprism client add --name "Backup Agent" --scope "photos albums" --expires 86400\n'
        "| Client ID        | Client Secret                    |\n| cs{cid} | {v} |",
        b62(32),
        cid=lower_alnum(14),
    ),
    # ---- secrets: Seafile
    S(
        NAS,
        "seafile_auth_token_response",
        '$ curl -s -d "username=alice@example.org" -d "password=$SEAFILE_PW" https://seafile.example.org/api2/auth-token/\n'
        '{"token":"{v}"}',
        seafile_token,
    ),
    S(
        NAS,
        "seafile_token_header",
        "$ curl -s -H 'Authorization: Token {v}' -H 'Accept: application/json; indent=4'"
        " https://seafile.example.org/api2/repos/",
        seafile_token,
    ),
    # ---- secrets: ownCloud Infinite Scale
    S(
        NAS,
        "ocis_init_admin_password",
        "$ ocis init --insecure yes\n\n=========================================\n generated OCIS Config\n"
        "=========================================\n configpath : /home/alice/.ocis/config/ocis.yaml\n"
        " user       : admin\n password   : {v}",
        password(32),
    ),
    S(
        NAS,
        "ocis_yaml_jwt_secret",
        "token_manager:\n  jwt_secret: {v}\nmachine_auth_api_key: {mak}\nsystem_user_id: {uid}",
        b64url(32),
        mak=b64url(32),
        uid=uuid,
    ),
    # ---- secrets: Unraid
    S(
        NAS,
        "unraid_myservers_apikey",
        '$ cat /boot/config/plugins/dynamix.my.servers/myservers.cfg\n[remote]\nwanaccess="no"\n'
        'apikey="{v}"\nusername="alice"',
        join("unraid_", b62(64)),
        note="prefix and length from memory",
    ),
    # ---- secrets: OpenMediaVault
    S(
        NAS,
        "omv_rpc_login",
        "$ curl -s -c /tmp/omv.cookies -H 'Content-Type: application/json' --data "
        '\'{"service":"Session","method":"login","params":{"username":"admin","password":"{v}"}}\''
        " http://omv.lan/rpc.php",
        password(14),
    ),
    S(
        NAS,
        "omv_session_cookie",
        "# Netscape HTTP Cookie File\nomv.lan\tFALSE\t/\tFALSE\t0\tX-OPENMEDIAVAULT-SESSIONID\t{v}",
        lower_alnum(26),
    ),
    # ---- secrets: rclone remotes for these
    S(
        NAS,
        "rclone_webdav_obscured",
        "$ cat ~/.config/rclone/rclone.conf\n[nextcloud]\ntype = webdav\nurl = https://cloud.example.org/remote.php/dav/files/alice\n"
        "vendor = nextcloud\nuser = alice\npass = {v}",
        rclone_obscured,
    ),
    S(
        NAS,
        "rclone_create_obscure",
        "$ rclone config create ds920 sftp host=ds920.lan port=22 user=backup-svc pass={v} --obscure",
        b62(18),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        NAS,
        "synology_env_ref",
        '$ curl -sk "https://ds920.lan:5001/webapi/entry.cgi?api=SYNO.API.Auth&version=7&method=login'
        '&account=backup-svc&passwd={v}&format=sid" | jq -r .data.sid',
        const("${SYNO_PASSWORD}"),
    ),
    L(
        NAS,
        "synology_redacted",
        '  "data": {\n    "host": "ds920.lan",\n    "sid": "{v}",\n    "version": "DSM 7.2.1-69057 Update 5"',
        const("**REDACTED**"),
    ),
    L(
        NAS,
        "truenas_placeholder",
        '# Generate a key under Credentials > API Keys, then:\ncurl -H "Authorization: Bearer {v}" https://truenas.local/api/v2.0/system/info',
        join("1-", const("x" * 64)),
    ),
    L(
        NAS,
        "nextcloud_masked",
        '$ sudo -u www-data php occ config:list system\n{\n    "system": {\n'
        '        "passwordsalt": "{v}",\n        "secret": "***REMOVED SENSITIVE VALUE***",',
        const("***REMOVED SENSITIVE VALUE***"),
    ),
    L(
        NAS,
        "nextcloud_app_password_placeholder",
        "Settings → Security → Devices & sessions → Create new app password, then enter it as: {v}",
        const("xxxxx-xxxxx-xxxxx-xxxxx-xxxxx"),
    ),
    L(
        NAS,
        "nextcloud_getenv",
        "  'dbtype' => 'pgsql',\n  'dbuser' => 'nextcloud',\n  'dbpassword' => {v},",
        const("getenv('POSTGRES_PASSWORD')"),
    ),
    L(
        NAS,
        "immich_secret_ref",
        "      - name: Upload build photos\n        env:\n          IMMICH_API_KEY: {v}\n"
        "        run: npx @immich/cli upload --recursive ./photos",
        const("${{ secrets.IMMICH_API_KEY }}"),
    ),
    L(
        NAS,
        "ocis_env_ref",
        "    environment:\n      OCIS_URL: https://cloud.example.org\n      IDM_ADMIN_PASSWORD: {v}",
        const("${ADMIN_PASSWORD:?set ADMIN_PASSWORD in .env}"),
    ),
    L(
        NAS,
        "rclone_config_redacted",
        "$ rclone config redacted nextcloud\n[nextcloud]\ntype = webdav\nurl = https://cloud.example.org/remote.php/dav/files/alice\n"
        "vendor = nextcloud\nuser = alice\npass = {v}",
        const("XXX"),
    ),
    # ---- look-alikes: public ids and resource ids
    L(
        NAS,
        "synology_serial",
        '{"data":{"cpu_clock_speed":2000,"model":"DS920+","ram_size":4096,"serial":"{v}",'
        '"temperature":41,"firmware_ver":"DSM 7.2.1-69057 Update 5"},"success":true}',
        join(digits(4), "PDN", digits(6)),
    ),
    L(
        NAS,
        "truenas_pool_guid",
        '$ midclt call pool.query | jq ".[0] | {name, guid, status}"\n{\n  "name": "tank",\n  "guid": "{v}",\n  "status": "ONLINE"\n}',
        digits(19),
    ),
    L(NAS, "nextcloud_instanceid", "  'instanceid' => '{v}',", join("oc", lower_alnum(10))),
    L(
        NAS,
        "nextcloud_etag",
        "      <d:prop>\n        <d:getetag>&quot;{v}&quot;</d:getetag>\n        <oc:fileid>{fid}</oc:fileid>",
        hexl(13),
        fid=digits(6),
    ),
    L(
        NAS,
        "immich_asset_id",
        '$ curl -s -H "x-api-key: $IMMICH_API_KEY" https://photos.example.org/api/assets/{v}/original -o IMG_4471.HEIC',
        uuid,
    ),
    L(
        NAS,
        "immich_image_digest",
        "$ docker pull ghcr.io/immich-app/immich-server@sha256:{v}",
        hexl(64),
    ),
    L(
        NAS,
        "photoprism_client_id",
        '  client_id: "{v}"\n  client_secret: "${PHOTOPRISM_CLIENT_SECRET}"\n  scope: "photos albums"',
        join("cs", lower_alnum(14)),
    ),
    L(
        NAS,
        "photoprism_photo_uid",
        '$ curl -s -H "Authorization: Bearer $PP_TOKEN" https://pp.example.org/api/v1/photos/{v} | jq .Title',
        join("p", lower_alnum(15)),
    ),
    L(
        NAS,
        "photoprism_file_hash",
        '      "Files": [\n        {\n          "UID": "fs{fuid}",\n          "Name": "2024/06/IMG_4471.jpg",\n'
        '          "Hash": "{v}",',
        hexl(40),
        fuid=lower_alnum(14),
    ),
    L(
        NAS,
        "seafile_repo_id",
        '$ curl -s -H "Authorization: Token $SEAFILE_TOKEN" https://seafile.example.org/api2/repos/{v}/dir/?p=/',
        uuid,
    ),
    L(
        NAS,
        "seafile_object_id",
        '[{"id": "{v}", "type": "file", "name": "invoice-2024-06.pdf", "size": 84213, "mtime": 1718270412}]',
        hexl(40),
    ),
    L(
        NAS,
        "ocis_space_id",
        "$ curl -s -u admin:$OCIS_PW 'https://cloud.example.org/graph/v1.0/drives/{v}'",
        join(uuid, "$", uuid),
    ),
    L(
        NAS,
        "unraid_flash_guid",
        "Registration: Unraid OS Plus\nFlash GUID: {v}\nFlash product: Cruzer Fit",
        unraid_guid,
    ),
    L(
        NAS,
        "omv_ssh_fingerprint",
        "The authenticity of host 'omv.lan (192.168.1.30)' can't be established.\nED25519 key fingerprint is SHA256:{v}.",
        b64(43),
    ),
    L(
        NAS,
        "qnap_firmware_md5",
        "$ md5sum TS-X64_20240619-5.1.8.2823.img\n{v}  TS-X64_20240619-5.1.8.2823.img",
        hexl(32),
    ),
]
