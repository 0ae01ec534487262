"""A two-hundred-and-thirty-third held-out set, written blind (its author
never saw the redactor), scored once.

Shapes from the public documentation of game modding and mod distribution: Nexus Mods personal
API keys (the `apikey` header of the v1 API, `NEXUS_API_KEY`, the SSO websocket's `api_key`
answer, the `-k/--key` flag of a Nexus upload CLI), CurseForge core API keys (`$2a$10$` and 53
bcrypt-alphabet characters in `x-api-key`, `CF_API_KEY` of the itzg Minecraft image with `$$`
escaping in compose files) and CurseForge upload API tokens (UUIDs in `X-Api-Token` or the
`token` query parameter), Modrinth personal access tokens (`mrp_` and 60 alphanumerics, sent bare
in `Authorization`, Minotaur's Gradle property), mod.io API keys (32 hex, `api_key` query on a
`g-<game>.modapi.io` path) and OAuth 2 access tokens (long JWTs from the email exchange),
Thunderstore service account tokens (`tcli publish --token`, the submission API), steamcmd
workshop uploads (`+login user password`) and Steam Web API keys (32 upper hex in `key=`),
Factorio (mod portal API keys for fmtk and `init_upload`, the `token` of server-settings.json,
mod download URLs, `--rcon-password`), and Minecraft RCON (`rcon.password`, mcrcon `-p`,
`RCON_PASSWORD`), with the public values the same documentation shows beside them: Nexus and
mod.io file md5s, CurseForge manifest project/file ids and fingerprints, Modrinth project ids and
sha1/sha512 file hashes, Thunderstore dependency strings, r2modman profile codes, published file
ids, SteamID64s, `+login anonymous`, Factorio's `<private>` log mask, secret references,
`_FILE` paths, placeholders and masked keys. Three shapes are assumed, not confirmed by the
documentation found: Thunderstore's token prefix (`tss_`), the Nexus key's three `--`-joined
base64 parts, and 30 hex characters for Factorio's tokens.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
27 of 27 secrets caught, 0 of 23 look-alikes altered (nothing missed or altered).
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
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

MOD = "modding"

bcrypt53 = pick("./" + B62, 53)
cf_core_key = join("$2a$10$", bcrypt53)
nexus_key = join(b64(78), "==--", b64(24), "--", b64(22), "==")
modrinth_pat = join("mrp_", b62(60))
modio_jwt = join("eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.", b64url(560), ".", b64url(342))
thunderstore_token = join("tss_", b62(40))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (27, 27, 0, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: Nexus Mods
    S(MOD, "nexus_api_key_env", "export NEXUS_API_KEY={v}", nexus_key),
    S(
        MOD,
        "nexus_apikey_header",
        '$ curl -s -H "apikey: {v}" -H "User-Agent: modsync/0.4.1"'
        " https://api.nexusmods.com/v1/users/validate.json | jq .name",
        nexus_key,
    ),
    S(
        MOD,
        "nexus_sso_answer",
        '[ws] <- {"success":true,"data":{"api_key":"{v}"},"error":null}',
        nexus_key,
    ),
    S(
        MOD,
        "nexus_uploader_flag",
        '$ drmu nexusmods upload 2214 build/ValheimPlus-0.9.9.zip -k {v} -nmsc "$NEXUSMOD_SESSION_COOKIE"',
        nexus_key,
    ),
    # ---- secrets: CurseForge
    S(
        MOD,
        "curseforge_core_compose",
        '    environment:\n      EULA: "TRUE"\n      TYPE: AUTO_CURSEFORGE\n      CF_SLUG: all-the-mods-9\n'
        "      CF_API_KEY: '{v}'",
        join("$$2a$$10$$", bcrypt53),
        note="compose files double every $",
    ),
    S(
        MOD,
        "curseforge_core_header",
        'CF_HEADERS = {"Accept": "application/json", "x-api-key": "{v}"}',
        cf_core_key,
    ),
    S(MOD, "curseforge_core_dotenv", "CURSEFORGE_API_KEY='{v}'", cf_core_key),
    S(
        MOD,
        "curseforge_upload_token",
        '$ curl -X POST -H "X-Api-Token: {v}" -F metadata=@metadata.json'
        " -F file=@build/libs/ironworks-2.3.0.jar https://minecraft.curseforge.com/api/projects/{pid}/upload-file",
        uuid,
        pid=digits(6),
    ),
    S(
        MOD,
        "curseforge_upload_query",
        "GET https://minecraft.curseforge.com/api/game/versions?token={v} -> 200 (1184 entries)",
        uuid,
    ),
    # ---- secrets: Modrinth
    S(
        MOD,
        "modrinth_auth_header",
        '$ curl -s https://api.modrinth.com/v2/user -H "Authorization: {v}" -H "User-Agent: ironworks-ci/1.0"',
        modrinth_pat,
    ),
    S(
        MOD,
        "modrinth_gradle_property",
        "$ cat ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx3G\nmodrinth_token={v}\ncurseforge_project=514276",
        modrinth_pat,
    ),
    S(
        MOD,
        "modrinth_python_const",
        'MODRINTH_TOKEN = "{v}"\nresp = requests.post(f"{API}/version", headers={"Authorization": MODRINTH_TOKEN}, files=files)',
        modrinth_pat,
    ),
    # ---- secrets: mod.io
    S(
        MOD,
        "modio_api_key_query",
        "$ curl -s 'https://g-{gid}.modapi.io/v1/games/{gid}/mods?api_key={v}&_limit=5' | jq '.data[].name'",
        hexl(32),
        gid=digits(4),
    ),
    S(
        MOD,
        "modio_client_access_token",
        'client = modio.Client(api_key=os.environ["MODIO_API_KEY"], access_token="{v}")',
        modio_jwt,
    ),
    S(
        MOD,
        "modio_email_exchange",
        '{"code":200,"access_token":"{v}","date_expires":1767225600}',
        modio_jwt,
    ),
    # ---- secrets: Thunderstore
    S(
        MOD,
        "tcli_publish_token",
        "$ tcli publish --config-path ./thunderstore.toml --file build/Kestrel-LethalTweaks-1.4.0.zip --token {v}",
        thunderstore_token,
    ),
    S(
        MOD,
        "thunderstore_submit_bearer",
        "$ curl -X POST https://thunderstore.io/api/experimental/submission/submit/"
        ' -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d @submission.json',
        thunderstore_token,
    ),
    # ---- secrets: Steam
    S(
        MOD,
        "steamcmd_login_password",
        "$ ./steamcmd.sh +login kestrel_builds {v} +workshop_build_item /home/ci/workshop/item.vdf +quit",
        password(16),
    ),
    S(
        MOD,
        "steam_web_api_key",
        "$ curl 'https://api.steampowered.com/IPublishedFileService/GetDetails/v1/?key={v}&publishedfileids[0]={fid}'",
        hexu(32),
        fid=digits(10),
    ),
    # ---- secrets: Factorio
    S(
        MOD,
        "fmtk_upload_key",
        "$ FACTORIO_UPLOAD_API_KEY={v} npx fmtk publish --universal",
        hexl(30),
    ),
    S(
        MOD,
        "factorio_init_upload",
        '$ curl -s -H "Authorization: Bearer {v}" -F mod=rail-signal-planner'
        " https://mods.factorio.com/api/v2/mods/releases/init_upload",
        hexl(30),
    ),
    S(
        MOD,
        "factorio_server_settings_token",
        '  "username": "kestrel",\n  "password": "",\n\n'
        '  "_comment_token": "Authentication token. May be used instead of \'password\' above.",\n  "token": "{v}",',
        hexl(30),
    ),
    S(
        MOD,
        "factorio_download_url",
        "wget -O mods/Krastorio2_1.3.24.zip"
        ' "https://mods.factorio.com/download/Krastorio2/{rid}?username=kestrel&token={v}"',
        hexl(30),
        rid=hexl(24),
    ),
    S(
        MOD,
        "factorio_rcon_flag",
        "ExecStart=/opt/factorio/bin/x64/factorio --start-server-load-latest --server-settings"
        " /opt/factorio/data/server-settings.json --rcon-port 27015 --rcon-password {v}",
        password(20),
    ),
    # ---- secrets: Minecraft RCON
    S(
        MOD,
        "server_properties_rcon",
        "enable-rcon=true\nrcon.password={v}\nrcon.port=25575\nbroadcast-rcon-to-ops=true",
        password(18),
    ),
    S(
        MOD,
        "mcrcon_password",
        '$ mcrcon -H 10.20.4.12 -P 25575 -p \'{v}\' "whitelist add Kestrel_" "save-all"',
        password(14),
    ),
    S(
        MOD,
        "docker_rcon_password",
        "$ docker run -d --name mc -p 25565:25565 -e EULA=TRUE -e TYPE=FABRIC -e RCON_PASSWORD={v} itzg/minecraft-server",
        b62(24),
    ),
    # ---- look-alikes: public ids and hashes
    L(
        MOD,
        "nexus_md5_search",
        '$ curl -s -H "apikey: $NEXUS_API_KEY"'
        " https://api.nexusmods.com/v1/games/skyrimspecialedition/mods/md5_search/{v}.json",
        hexl(32),
    ),
    L(
        MOD,
        "modio_filehash",
        '    "filesize": 48213394,\n    "filehash": {\n      "md5": "{v}"\n    },',
        hexl(32),
    ),
    L(
        MOD,
        "curseforge_manifest_file",
        '    { "projectID": {pid}, "fileID": {v}, "required": true },',
        digits(7),
        pid=digits(6),
    ),
    L(
        MOD,
        "curseforge_fingerprint",
        '      "fileFingerprint": {v},\n      "fileLength": 1382911,',
        join(pick("123456789", 1), digits(9)),
    ),
    L(
        MOD,
        "modrinth_project_id",
        'modrinth {\n    token = System.getenv("MODRINTH_TOKEN")\n    projectId = "{v}"\n    versionType = "release"',
        b62(8),
    ),
    L(
        MOD,
        "modrinth_sha512",
        '      "hashes": {\n        "sha1": "{sha1}",\n        "sha512": "{v}"\n      },',
        hexl(128),
        sha1=hexl(40),
    ),
    L(
        MOD,
        "modrinth_sha1",
        '  "hashes": { "sha1": "{v}" },\n  "env": { "client": "required", "server": "optional" }',
        hexl(40),
    ),
    L(
        MOD,
        "thunderstore_dependency",
        '[package.dependencies]\n{v} = "5.4.2100"\nEvaisa-LethalLib = "0.16.1"',
        const("BepInEx-BepInExPack"),
    ),
    L(
        MOD,
        "r2modman_profile_code",
        "Profile exported. Share this code with your friends: {v}",
        uuid,
    ),
    L(
        MOD,
        "workshop_published_file_id",
        '"workshopitem"\n{\n\t"appid"\t\t"294100"\n\t"publishedfileid"\t\t"{v}"\n'
        '\t"contentfolder"\t\t"/home/ci/workshop/content"\n}',
        digits(10),
    ),
    L(MOD, "steamid64", '  "creator": "{v}",\n  "creator_app_id": 294100,', join("76561198", digits(9))),
    L(
        MOD,
        "steamcmd_anonymous",
        "$ ./steamcmd.sh +force_install_dir /srv/arma3 +login {v} +workshop_download_item 107410 {fid} +quit",
        const("anonymous"),
        fid=digits(9),
    ),
    L(
        MOD,
        "minecraft_level_seed",
        "level-name=world\nlevel-seed={v}\nenable-rcon=false",
        join("-", digits(19)),
    ),
    # ---- look-alikes: references, masks and placeholders
    L(
        MOD,
        "factorio_log_private",
        '   0.031 Program arguments: "/opt/factorio/bin/x64/factorio" "--start-server" "saves/world.zip"'
        ' "--rcon-port" "27015" "--rcon-password" {v}',
        const("<private>"),
    ),
    L(
        MOD,
        "factorio_token_envsubst",
        '  "token": "{v}",\n  "game_password": "${FACTORIO_GAME_PASSWORD}",',
        const("${FACTORIO_TOKEN}"),
    ),
    L(
        MOD,
        "cf_api_key_file",
        "    environment:\n      TYPE: AUTO_CURSEFORGE\n      CF_API_KEY_FILE: {v}\n    secrets:\n      - cf_api_key",
        const("/run/secrets/cf_api_key"),
    ),
    L(
        MOD,
        "gha_secret_ref",
        "      - uses: GreenTF/upload-thunderstore-package@v4\n        with:\n          namespace: Kestrel\n"
        "          token: {v}\n          community: lethal-company",
        const("${{ secrets.THUNDERSTORE_TOKEN }}"),
    ),
    L(
        MOD,
        "mc_publish_secret_ref",
        "          modrinth-token: ${{ secrets.MODRINTH_TOKEN }}\n          curseforge-token: {v}",
        const("${{ secrets.CURSEFORGE_TOKEN }}"),
    ),
    L(MOD, "modrinth_placeholder", '  -H "Authorization: {v}"', join("mrp_", const("x" * 60))),
    L(
        MOD,
        "curseforge_placeholder",
        "# get one at https://console.curseforge.com/\nCF_API_KEY={v}",
        const("<your-curseforge-api-key>"),
    ),
    L(
        MOD,
        "vortex_masked_key",
        "Nexus Mods account: kestrel (Premium)\nAPI key: {v}  [Revoke]",
        join("****************************", hexl(4)),
    ),
    L(
        MOD,
        "modio_env_ref",
        'curl -s "https://u-{uid}.modapi.io/v1/me?api_key={v}"',
        const("$MODIO_API_KEY"),
        uid=digits(7),
    ),
    L(MOD, "rcon_env_ref", "rcon.password={v}\nrcon.port=25575", const("${RCON_PASSWORD}")),
]
