"""A fifty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of self-hosted and homelab services: Nextcloud's `config.php`
(`instanceid`, `passwordsalt`, `secret`), `occ config:list` masking, app passwords over WebDAV;
Gitea/Forgejo `app.ini` (`INTERNAL_TOKEN`, `SECRET_KEY_URI`), `gitea generate secret`,
`gitea admin user generate-access-token`, `GITEA__section__KEY` variables, push-webhook payloads
and `forgejo-runner register`; Grafana `grafana.ini` (triple-quoted passwords, `$__file{}`),
`grafana cli admin reset-admin-password`, `glsa_` service-account tokens and datasource uids;
Mattermost `config.json` and `MM_` variables, personal access tokens, incoming webhooks and
26-character ids; Plex (`X-Plex-Token`, `Preferences.xml`, `PLEX_CLAIM`, `/identity`); Sonarr and
Radarr `config.xml` and `X-Api-Key`; Jellyfin's `MediaBrowser Token=` header and public system
info; Emby API keys; `transmission-remote -n`; qBittorrent's temporary WebUI password and WebAPI;
Pi-hole v5's `setupVars.conf` hash used as the API `auth` token and `WEBPASSWORD_FILE`;
Portainer `ptr_` access tokens; Vaultwarden `ADMIN_TOKEN` and push relay ids; Paperless-ngx
tokens and `docker-compose.env`; the Immich CLI and API-key listing; Minecraft
`server.properties`; in commands, config files, tool output and an agent's prose, with the public
ids, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 46 to 49):
22 of 26 secrets caught, 0 of 23 look-alikes altered (missed: the value `gitea generate secret` prints, the token
`generate-access-token` prints after its label, a password in triple quotes, a Plex `claim-` token).
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
    repeated,
    uuid,
)

HL = "homelab"

# Mattermost ids and tokens: 26 characters of its base32 alphabet.
mm_id = pick("ybndrfg8ejkmcpqxot1uwisza345h769", 26)

nc_instanceid = join("oc", lower_alnum(10))


def gitea_internal_token(rng: random.Random) -> str:
    """An HS256 JWT whose only claim is `nbf`, as `gitea generate secret INTERNAL_TOKEN` prints."""
    header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    nbf = 1_690_000_000 + rng.randrange(60_000_000)
    payload = base64.urlsafe_b64encode(f'{{"nbf":{nbf}}}'.encode()).decode().rstrip("=")
    return f"{header}.{payload}.{b64url(43)(rng)}"


def with_hash_char(rng: random.Random) -> str:
    """A password holding `#`, the case Grafana's docs say needs triple quotes."""
    return password(9)(rng) + "#" + password(7)(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 0, 23, "the rules for 46 to 49")

TEMPLATES = [
    # ---- secrets: Nextcloud
    S(
        HL,
        "nextcloud_config_secret",
        "<?php\n$CONFIG = array (\n  'instanceid' => '{iid}',\n  'passwordsalt' => '{salt}',\n  'secret' => '{v}',\n"
        "  'trusted_domains' =>\n  array (\n    0 => 'cloud.fernhollow.lan',\n  ),",
        b64(48),
        iid=nc_instanceid,
        salt=b64(30),
    ),
    S(
        HL,
        "nextcloud_app_password",
        '$ curl -u mara:{v} -X PROPFIND -H "Depth: 1" https://cloud.fernhollow.lan/remote.php/dav/files/mara/Photos/',
        groups(b62(5), 5),
    ),
    # ---- secrets: Gitea / Forgejo
    S(HL, "gitea_generate_secret_key", "$ docker exec -u git gitea gitea generate secret SECRET_KEY\n{v}", b62(64)),
    S(
        HL,
        "gitea_internal_token",
        "[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN = {v}\nPASSWORD_HASH_ALGO = pbkdf2",
        gitea_internal_token,
    ),
    S(
        HL,
        "gitea_access_token_output",
        "$ gitea admin user generate-access-token --config /etc/gitea/app.ini --username renovate"
        " --token-name renovate-bot --scopes write:repository,read:user\nAccess token was successfully created: {v}",
        hexl(40),
    ),
    S(
        HL,
        "forgejo_runner_token",
        "$ forgejo-runner register --no-interactive --instance https://git.fernhollow.lan --token {v}"
        " --name rack-runner-01 --labels docker:docker://node:20-bookworm",
        b62(40),
    ),
    # ---- secrets: Grafana
    S(
        HL,
        "grafana_glsa",
        '$ curl -s -H "Authorization: Bearer {v}" "https://grafana.fernhollow.lan/api/search?query=node%20exporter"',
        join("glsa_", b62(32), "_", hexl(8)),
    ),
    S(
        HL,
        "grafana_reset_admin_password",
        "$ docker exec -it grafana grafana cli admin reset-admin-password '{v}'\nAdmin password changed successfully ✔",
        password(18),
    ),
    S(
        HL,
        "grafana_ini_triple_quoted",
        "[database]\ntype = postgres\nhost = 127.0.0.1:5432\nname = grafana\nuser = grafana\n"
        "# the password has a # in it, so it has to be wrapped in triple quotes\npassword = " + '"""{v}"""',
        with_hash_char,
    ),
    # ---- secrets: Mattermost
    S(
        HL,
        "mattermost_datasource",
        '    "SqlSettings": {\n        "DriverName": "postgres",\n'
        '        "DataSource": "postgres://mmuser:{v}@db:5432/mattermost?sslmode=disable\\u0026connect_timeout=10",',
        b62(24),
    ),
    S(
        HL,
        "mattermost_pat_response",
        '$ curl -s -X POST -H "Authorization: Bearer $MM_ADMIN_TOKEN" https://chat.fernhollow.lan/api/v4/users/{uid}/tokens'
        ' -d \'{"description":"uptime-kuma"}\'\n'
        '{"id":"{tid}","token":"{v}","user_id":"{uid}","description":"uptime-kuma"}',
        mm_id,
        uid=mm_id,
        tid=mm_id,
    ),
    S(
        HL,
        "mattermost_incoming_webhook",
        "$ curl -i -X POST -H 'Content-Type: application/json' -d '{\"text\": \"restic backup of /srv finished\"}'"
        " https://chat.fernhollow.lan/hooks/{v}",
        mm_id,
    ),
    # ---- secrets: Plex
    S(
        HL,
        "plex_token_url",
        '$ curl -s -X PUT "http://192.168.20.14:32400/library/sections/2/refresh?X-Plex-Token={v}"',
        b64url(20),
    ),
    S(
        HL,
        "plex_preferences_token",
        '<Preferences MachineIdentifier="{mid}" ProcessedMachineIdentifier="{pmid}" AcceptedEULA="1"'
        ' PlexOnlineHome="1" PlexOnlineToken="{v}" PlexOnlineUsername="fernhollow" FriendlyName="nas"/>',
        b64url(20),
        mid=uuid,
        pmid=hexl(40),
    ),
    S(
        HL,
        "plex_claim",
        "    environment:\n      - TZ=Europe/Oslo\n      - PLEX_CLAIM={v}\n"
        "      - ADVERTISE_IP=http://192.168.20.14:32400/",
        join("claim-", b64url(20)),
    ),
    # ---- secrets: *arr, Jellyfin, Emby
    S(
        HL,
        "arr_config_xml",
        "<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <UrlBase></UrlBase>\n  <ApiKey>{v}</ApiKey>\n"
        "  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <InstanceName>Sonarr</InstanceName>\n</Config>",
        hexl(32),
    ),
    S(
        HL,
        "jellyfin_mediabrowser_token",
        "$ curl -s -X POST -H 'Authorization: MediaBrowser Token=\"{v}\"' http://jellyfin:8096/Library/Refresh",
        hexl(32),
    ),
    S(
        HL,
        "emby_key_prose",
        "I created an API key for the Homepage widget under Emby's Dashboard → Advanced → API Keys ({v}) and put it"
        " in services.yaml as `key:` under the emby widget.",
        hexl(32),
    ),
    # ---- secrets: download clients
    S(
        HL,
        "transmission_remote_auth",
        "$ transmission-remote 192.168.20.14:9091 -n 'transmission:{v}' -l",
        password(14),
    ),
    S(
        HL,
        "qbittorrent_temp_password",
        "$ docker logs qbittorrent 2>&1 | tail -3\nThe WebUI administrator username is: admin\n"
        "The WebUI administrator password was not set. A temporary password is provided for this session: {v}\n"
        "You should set your own password in program preferences.",
        b62(9),
    ),
    # ---- secrets: Pi-hole, Portainer, Vaultwarden
    S(
        HL,
        "pihole_v5_auth_hash",
        "$ grep WEBPASSWORD /etc/pihole/setupVars.conf\nWEBPASSWORD={v}\n"
        '$ curl -s "http://pi.hole/admin/api.php?disable=300&auth={v}"',
        hexl(64),
    ),
    S(
        HL,
        "portainer_ptr",
        '$ curl -s -H "X-API-Key: {v}" https://portainer.fernhollow.lan:9443/api/endpoints/2/docker/containers/json',
        join("ptr_", b64(43), "="),
    ),
    S(
        HL,
        "vaultwarden_admin_token",
        '    environment:\n      DOMAIN: "https://vault.fernhollow.lan"\n      SIGNUPS_ALLOWED: "false"\n'
        '      ADMIN_TOKEN: "{v}"',
        b64(64),
    ),
    # ---- secrets: Paperless-ngx, Immich, Minecraft
    S(
        HL,
        "paperless_drf_token",
        "$ docker compose exec webserver python3 manage.py drf_create_token mara\nGenerated token {v} for user mara",
        hexl(40),
    ),
    S(
        HL,
        "immich_cli_login",
        "$ immich login https://photos.fernhollow.lan/api {v}\nLogging in to https://photos.fernhollow.lan/api\n"
        "Logged in as mara@fernhollow.lan\nWrote auth info to /home/mara/.config/immich/auth.yml",
        b62(43),
    ),
    S(
        HL,
        "minecraft_rcon_password",
        "enable-rcon=true\nrcon.port=25575\nrcon.password={v}\nbroadcast-rcon-to-ops=true",
        password(16),
    ),
    # ---- look-alikes: public ids
    L(
        HL,
        "nextcloud_instanceid",
        "  'instanceid' => '{v}',\n  'trusted_domains' =>\n  array (\n    0 => 'cloud.fernhollow.lan',\n  ),\n"
        "  'datadirectory' => '/srv/nextcloud/data',",
        nc_instanceid,
    ),
    L(
        HL,
        "gitea_webhook_after_sha",
        'X-Gitea-Event: push\n{\n  "ref": "refs/heads/main",\n  "before": "{before}",\n  "after": "{v}",',
        hexl(40),
        before=hexl(40),
    ),
    L(
        HL,
        "grafana_datasource_uid",
        '      "datasource": {\n        "type": "prometheus",\n        "uid": "{v}"\n      },\n'
        '      "expr": "node_load1{instance=\\"nas:9100\\"}",',
        join("P", hexu(16)),
    ),
    L(
        HL,
        "mattermost_channel_id",
        '$ curl -s -X POST -H "Authorization: Bearer $MM_BOT_TOKEN" https://chat.fernhollow.lan/api/v4/posts'
        ' -d \'{"channel_id": "{v}", "message": "Nightly restic backup finished"}\'',
        mm_id,
    ),
    L(
        HL,
        "plex_machine_identifier",
        '$ curl -s http://192.168.20.14:32400/identity\n<?xml version="1.0" encoding="UTF-8"?>\n'
        '<MediaContainer size="0" claimed="1" machineIdentifier="{v}" version="1.40.2.8395">\n</MediaContainer>',
        hexl(40),
    ),
    L(
        HL,
        "jellyfin_public_server_id",
        "$ curl -s http://jellyfin:8096/System/Info/Public\n"
        '{"LocalAddress":"http://172.18.0.5:8096","ServerName":"fernhollow-media","Version":"10.9.7",'
        '"ProductName":"Jellyfin Server","OperatingSystem":"","Id":"{v}","StartupWizardCompleted":true}',
        hexl(32),
    ),
    L(
        HL,
        "qbittorrent_infohash",
        '$ curl -s --cookie "SID=$QBT_SID" "http://qbittorrent:8080/api/v2/torrents/properties?hash={v}"',
        hexl(40),
    ),
    L(
        HL,
        "vaultwarden_push_installation_id",
        "PUSH_ENABLED=true\nPUSH_INSTALLATION_ID={v}\nPUSH_RELAY_URI=https://api.bitwarden.eu\n"
        "PUSH_IDENTITY_URI=https://identity.bitwarden.eu",
        uuid,
    ),
    L(
        HL,
        "immich_api_key_id",
        "$ curl -s -H \"x-api-key: $IMMICH_API_KEY\" https://photos.fernhollow.lan/api/api-keys | jq '.[] | {id, name}'\n"
        '{\n  "id": "{v}",\n  "name": "immich-go backup"\n}',
        uuid,
    ),
    L(
        HL,
        "minecraft_level_seed",
        "level-name=world\nlevel-seed={v}\nlevel-type=minecraft\\:normal\nmax-players=12",
        join("-", digits(18)),
    ),
    L(
        HL,
        "image_digest",
        "$ docker pull ghcr.io/paperless-ngx/paperless-ngx:2.11\n2.11: Pulling from paperless-ngx/paperless-ngx\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for ghcr.io/paperless-ngx/paperless-ngx:2.11",
        hexl(64),
    ),
    # ---- look-alikes: masks, references, file paths
    L(
        HL,
        "nextcloud_config_list_masked",
        '$ sudo -u www-data php occ config:list system\n{\n    "system": {\n        "instanceid": "{iid}",\n'
        '        "passwordsalt": "{v}",\n        "secret": "{v}",\n        "dbpassword": "{v}",',
        const("***REMOVED SENSITIVE VALUE***"),
        iid=nc_instanceid,
    ),
    L(
        HL,
        "gitea_secret_key_uri",
        "[security]\nINSTALL_LOCK = true\nSECRET_KEY_URI = {v}\nINTERNAL_TOKEN_URI = file:/etc/gitea/internal_token",
        const("file:/etc/gitea/secret_key"),
    ),
    L(
        HL,
        "gitea_env_reference",
        "      - GITEA__database__DB_TYPE=postgres\n      - GITEA__database__HOST=db:5432\n"
        "      - GITEA__database__PASSWD={v}",
        const("${GITEA_DB_PASSWORD}"),
    ),
    L(
        HL,
        "grafana_file_expansion",
        "[security]\nadmin_user = admin\nadmin_password = {v}\ncookie_secure = true",
        const("$__file{/run/secrets/grafana_admin_password}"),
    ),
    L(
        HL,
        "mattermost_env_reference",
        "MM_SQLSETTINGS_DRIVERNAME=postgres\n"
        "MM_SQLSETTINGS_DATASOURCE=postgres://${POSTGRES_USER}:{v}@postgres:5432/${POSTGRES_DB}"
        "?sslmode=disable&connect_timeout=10",
        const("${POSTGRES_PASSWORD}"),
    ),
    L(
        HL,
        "arr_env_reference",
        '$ curl -s -H "X-Api-Key: {v}" "http://radarr:7878/api/v3/movie/lookup?term=tmdb:{tmdb}"',
        const("$RADARR_API_KEY"),
        tmdb=digits(6),
    ),
    L(
        HL,
        "pihole_password_file",
        '    environment:\n      TZ: "Europe/Oslo"\n      WEBPASSWORD_FILE: {v}\n    secrets:\n      - pihole_webpassword',
        const("/run/secrets/pihole_webpassword"),
    ),
    L(
        HL,
        "secret_names",
        "$ docker secret ls --format '{{.Name}}'\n{v}\ngrafana_admin_password\npihole_webpassword",
        const("gitea_internal_token"),
    ),
    # ---- look-alikes: placeholders
    L(
        HL,
        "grafana_glsa_filler",
        "GRAFANA_SERVICE_ACCOUNT_TOKEN={v}  # the real one goes in .env.local, which is gitignored",
        join("glsa_", repeated(const("x"), 32), "_", repeated(const("x"), 8)),
    ),
    L(
        HL,
        "plex_placeholder",
        '$ curl "http://192.168.20.14:32400/library/sections?X-Plex-Token={v}"   # use the token from Preferences.xml',
        const("<your-plex-token>"),
    ),
    L(
        HL,
        "arr_placeholder",
        "# config.xml template in the repo; the entrypoint fills the key in at first start\n  <ApiKey>{v}</ApiKey>",
        repeated(const("x"), 32),
    ),
    L(
        HL,
        "paperless_changeme",
        "# docker-compose.env\nPAPERLESS_URL=https://paperless.fernhollow.lan\nPAPERLESS_SECRET_KEY={v}\n"
        "PAPERLESS_TIME_ZONE=Europe/Oslo",
        const("changeme"),
    ),
]
