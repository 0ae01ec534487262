"""A sixty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of version control and code review tools other than GitHub and
GitLab: Azure DevOps (personal access tokens in the old 52-character and the 84-character `AZDO`
format, `az devops login`, `AZURE_DEVOPS_EXT_PAT`, `http.extraheader` basic auth, Azure Artifacts
`nuget.config`, the PAT lifecycle API, `$(System.AccessToken)` and masked pipeline logs), Bitbucket
Cloud and Data Center (`ATBB` app passwords, `ATCTT3xFfGN0` access tokens with `x-token-auth`,
OAuth consumer key and secret, Data Center HTTP access tokens as bearer tokens, Pipelines
variables), Gerrit (generated HTTP passwords from `PUT /a/accounts/self/password.http`, the
`.gitcookies` `o` cookie, `secure.config`, Change-Ids, `serverId`, `ssh -p 29418` query output),
Phabricator/Phorge (Conduit `api-`/`cli-` tokens in `~/.arcrc`, `api.token=` calls, PHIDs, the
Mercurial phabricator extension's `[auth] …phabtoken`), SourceHut (`hut` config `access-token` and
`access-token-cmd`, OAuth2 bearer tokens, builds.sr.ht secret UUIDs), Perforce (`p4 login -p`,
`.p4tickets`, `p4 trust` fingerprints, `p4 fstat` digests), Subversion (`--password`, the
`svn.simple` auth cache, svnserve `passwd`, `svn info`), Mercurial (`[auth]`, `[hostsecurity]`
fingerprints), Fossil (`clone -B USER:PASS`, `fossil info` project-code) and Review Board
(RBTools `.reviewboardrc` `API_TOKEN` with Djblets' `rbp_` vendor-checksum tokens), in commands,
config files and tool output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 60 to 64):
19 of 25 secrets caught, 0 of 24 look-alikes altered (missed: a PAT echoed into `az devops login`, a Gerrit HTTP
password printed as JSON, a Perforce ticket printed by `p4 login -p` and in `.p4tickets`, Subversion's `svn.simple`
cache and `passwd` file).
"""

from __future__ import annotations

import base64
import random
import string
import zlib

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

VC = "vcs"

B32_LOWER = "abcdefghijklmnopqrstuvwxyz234567"
RB_CHARSET = string.digits + string.ascii_uppercase + string.ascii_lowercase

# Azure DevOps: the 52-character PAT issued before July 2024, and the 84-character one that
# carries the common annotated key signature and the fixed `AZDO` provider tag at 76-80.
ado_pat_legacy = pick(B32_LOWER, 52)


def ado_pat(rng: random.Random) -> str:
    return (
        b62(52)(rng)
        + "JQQJ99"
        + rng.choice(string.ascii_letters + string.digits)
        + rng.choice("ABCDEFGHIJKL")
        + b62(16)(rng)
        + "AZDO"
        + b62(4)(rng)
    )


def basic_colon(token):
    """`base64(":" + PAT)`, the documented `AUTHORIZATION: Basic` value for a PAT with an empty user."""
    return lambda rng: base64.b64encode((":" + token(rng)).encode()).decode()


def bbdc_http_token(rng: random.Random) -> str:
    """A Bitbucket Data Center HTTP access token: base64 of `<12-digit id>:` and 20 random bytes."""
    raw = (digits(12)(rng) + ":").encode() + bytes(rng.randrange(256) for _ in range(20))
    return base64.b64encode(raw).decode()


def srht_token(rng: random.Random) -> str:
    """An opaque sr.ht OAuth2 token: base64 of a versioned binary grant and its MAC."""
    raw = b"\x00" + bytes(rng.randrange(256) for _ in range(56))
    return base64.b64encode(raw).decode()


def rb_api_token(rng: random.Random) -> str:
    """Djblets' vendor-checksum token: `rbp_`, base62 entropy, base62 CRC32 checksum, 255 characters."""
    entropy = "".join(rng.choice(RB_CHARSET) for _ in range(255 - 6 - 4))
    n = zlib.crc32(entropy.encode()) & 0xFFFFFFFF
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = RB_CHARSET[r] + out
    return "rbp_" + entropy + out.rjust(6, "0")


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


phab_api_token = join("api-", pick(B32_LOWER, 28))
phab_cli_token = join("cli-", pick(B32_LOWER, 28))
bb_app_password = join("ATBB", b62(24), hexu(8))
bb_access_token = join("ATCTT3xFfGN0", b64url(171), "=", hexu(8))
gerrit_http_password = b64(42)
p4_ticket = hexu(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (19, 25, 0, 24, "the rules for 60 to 64")

TEMPLATES = [
    # ---- secrets: Azure DevOps personal access tokens
    S(
        VC,
        "ado_ext_pat_env",
        "$ export AZURE_DEVOPS_EXT_PAT={v}\n"
        "$ az devops project list --organization https://dev.azure.com/contoso-aero --query 'value[].name' -o tsv",
        ado_pat,
    ),
    S(
        VC,
        "ado_login_stdin",
        '$ echo "{v}" | az devops login --organization https://dev.azure.com/fabrikam-fiber/',
        ado_pat_legacy,
    ),
    S(
        VC,
        "ado_pat_git_url",
        "$ git remote set-url origin https://build-agent:{v}@dev.azure.com/contoso-aero/Avionics/_git/flight-ctl",
        ado_pat,
    ),
    S(
        VC,
        "ado_extraheader_basic",
        '$ git -c http.extraheader="AUTHORIZATION: Basic {v}" clone'
        " https://dev.azure.com/contoso-aero/Avionics/_git/flight-ctl",
        basic_colon(ado_pat),
    ),
    S(
        VC,
        "ado_nuget_cleartext",
        "  <packageSourceCredentials>\n    <contoso-internal>\n"
        '      <add key="Username" value="ci@contoso-aero.example" />\n'
        '      <add key="ClearTextPassword" value="{v}" />\n    </contoso-internal>\n  </packageSourceCredentials>',
        ado_pat_legacy,
    ),
    # ---- secrets: Bitbucket Cloud and Data Center
    S(
        VC,
        "bb_app_password_url",
        "$ git clone https://{user}:{v}@bitbucket.org/northwind-labs/ledger-api.git",
        bb_app_password,
        user=lower_alnum(9),
    ),
    S(
        VC,
        "bb_access_token_x_token_auth",
        "$ git push https://x-token-auth:{v}@bitbucket.org/northwind-labs/ledger-api.git HEAD:release/4.2",
        bb_access_token,
    ),
    S(
        VC,
        "bbdc_http_token_bearer",
        '$ curl -s -H "Authorization: Bearer {v}"'
        " https://bitbucket.northwind.example/rest/api/latest/projects/LEDG/repos?limit=100",
        bbdc_http_token,
    ),
    S(
        VC,
        "bb_oauth_consumer_secret",
        '$ curl -s -X POST -u "{key}:{v}" https://bitbucket.org/site/oauth2/access_token'
        " -d grant_type=client_credentials",
        b62(32),
        key=b62(18),
    ),
    # ---- secrets: Gerrit
    S(
        VC,
        "gerrit_generated_http_password",
        "$ curl -s -X PUT -u alice -H 'Content-Type: application/json' -d '{\"generate\": true}'"
        ' https://review.polaris.example/a/accounts/self/password.http\n)]}\'\n"{v}"',
        gerrit_http_password,
    ),
    S(
        VC,
        "gerrit_gitcookies",
        "$ cat ~/.gitcookies\nreview.polaris.example\tFALSE\t/\tTRUE\t2147483647\to\tgit-alice.polaris.example={v}",
        join("1/", b64url(64)),
    ),
    S(
        VC,
        "gerrit_secure_config_phab",
        "$ cat $GERRIT_SITE/etc/secure.config\n[its-phabricator]\n  token = {v}",
        phab_api_token,
    ),
    # ---- secrets: Phabricator / Phorge Conduit tokens
    S(
        VC,
        "phab_arcrc_token",
        '{\n  "hosts": {\n    "https://phorge.tessellate.example/api/": {\n      "token": "{v}"\n    }\n  }\n}',
        phab_api_token,
    ),
    S(
        VC,
        "phab_conduit_curl",
        "$ curl -s https://phorge.tessellate.example/api/user.whoami -d api.token={v}",
        phab_api_token,
    ),
    S(
        VC,
        "hg_phabtoken",
        "[auth]\ntessellate.schemes = https\ntessellate.prefix = phorge.tessellate.example\ntessellate.phabtoken = {v}",
        phab_cli_token,
    ),
    # ---- secrets: SourceHut
    S(
        VC,
        "srht_hut_access_token",
        '# ~/.config/hut/config\ninstance "sr.ht" {\n    access-token "{v}"\n}',
        srht_token,
    ),
    S(
        VC,
        "srht_oauth2_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}' -H 'Content-Type: application/json'"
        ' -d \'{"query": "{ me { canonicalName } }"}\' https://meta.sr.ht/query',
        srht_token,
    ),
    # ---- secrets: Perforce tickets
    S(
        VC,
        "p4_login_print_ticket",
        "$ p4 -p ssl:perforce.orbital.example:1666 -u builder login -a -p\nEnter password: \n{v}",
        p4_ticket,
    ),
    S(
        VC,
        "p4_tickets_file",
        "$ cat ~/.p4tickets\nssl:perforce.orbital.example:1666=builder:{v}",
        p4_ticket,
    ),
    # ---- secrets: Subversion
    S(
        VC,
        "svn_password_flag",
        "$ svn checkout --non-interactive --username deploy --password '{v}'"
        " https://svn.meridian.example/repos/firmware/trunk firmware",
        password(14),
    ),
    S(
        VC,
        "svn_simple_auth_cache",
        "$ cat ~/.subversion/auth/svn.simple/{fname}\nK 8\npasstype\nV 6\nsimple\nK 8\npassword\nV 16\n{v}\n"
        "K 15\nsvn:realmstring\nV 54\n<https://svn.meridian.example:443> Meridian Subversion\n"
        "K 8\nusername\nV 6\ndeploy\nEND",
        password(16),
        fname=hexl(32),
    ),
    S(
        VC,
        "svnserve_passwd",
        "$ cat /srv/svn/firmware/conf/passwd\n[users]\nharriet = {v}\n# ci-mirror authenticates through SASL",
        password(12),
    ),
    # ---- secrets: Mercurial, Fossil, Review Board
    S(
        VC,
        "hg_auth_password",
        "[auth]\nmeridian.prefix = hg.meridian.example/firmware\nmeridian.username = harriet\n"
        "meridian.password = {v}\nmeridian.schemes = https",
        password(15),
    ),
    S(
        VC,
        "fossil_httpauth",
        "$ fossil clone -B 'releng:{v}' https://fossil.meridian.example/sched sched.fossil",
        password(13),
    ),
    S(
        VC,
        "rb_reviewboardrc_token",
        'REVIEWBOARD_URL = "https://reviews.meridian.example"\nREPOSITORY = "firmware"\nAPI_TOKEN = "{v}"',
        rb_api_token,
    ),
    # ---- look-alikes: public ids beside Azure DevOps tokens
    L(
        VC,
        "ado_authorization_id",
        '    {\n      "displayName": "pipeline-read",\n      "validTo": "2025-03-01T00:00:00Z",\n'
        '      "scope": "vso.code vso.packaging",\n      "authorizationId": "{v}"\n    },',
        uuid,
    ),
    L(
        VC,
        "ado_project_id",
        "$ az devops project show --project Avionics --org https://dev.azure.com/contoso-aero --query id -o tsv\n{v}",
        uuid,
    ),
    L(
        VC,
        "ado_system_accesstoken_ref",
        '  - script: git -c http.extraheader="AUTHORIZATION: bearer {v}" fetch --depth=1 origin main',
        const("$(System.AccessToken)"),
    ),
    L(
        VC,
        "ado_masked_log",
        "2024-11-04T09:12:33.5120000Z ##[command]git remote add origin"
        " https://{v}@dev.azure.com/contoso-aero/Avionics/_git/flight-ctl",
        const("***"),
    ),
    L(
        VC,
        "ado_placeholder",
        "# .env.example -- copy to .env and paste your own PAT\nAZURE_DEVOPS_EXT_PAT={v}",
        alphabet_run(52),
    ),
    # ---- look-alikes: Bitbucket
    L(
        VC,
        "bb_workspace_uuid",
        '  "workspace": {\n    "type": "workspace",\n    "slug": "northwind-labs",\n    "uuid": "{v}"\n  },',
        join("{", uuid, "}"),
    ),
    L(
        VC,
        "bb_pipelines_commit",
        '+ echo "building $BITBUCKET_REPO_FULL_NAME at $BITBUCKET_COMMIT"\nbuilding northwind-labs/ledger-api at {v}',
        hexl(40),
    ),
    L(
        VC,
        "bb_oauth_consumer_key",
        "BITBUCKET_OAUTH_CLIENT_ID={v}  # the consumer Key; the Secret lives in the vault",
        b62(18),
    ),
    L(
        VC,
        "bb_pipeline_var_ref",
        "    - git push https://x-token-auth:{v}@bitbucket.org/$BITBUCKET_REPO_FULL_NAME.git HEAD:main",
        const("${REPOSITORY_ACCESS_TOKEN}"),
    ),
    L(
        VC,
        "bb_host_key_fingerprint",
        "The authenticity of host 'bitbucket.org (104.192.141.1)' can't be established.\n"
        "ED25519 key fingerprint is {v}.",
        join("SHA256:", b64(43)),
    ),
    # ---- look-alikes: Gerrit
    L(
        VC,
        "gerrit_change_id",
        "Fix race in scheduler shutdown\n\nBug: 31877\nChange-Id: {v}\n"
        "Signed-off-by: Alice Moreau <alice@polaris.example>",
        join("I", hexl(40)),
    ),
    L(
        VC,
        "gerrit_patchset_revision",
        "$ ssh -p 29418 alice@review.polaris.example gerrit query --current-patch-set change:48213\n"
        "change I{cid}\n  currentPatchSet:\n    number: 3\n    revision: {v}\n    ref: refs/changes/13/48213/3",
        hexl(40),
        cid=hexl(40),
    ),
    L(
        VC,
        "gerrit_server_id",
        "[gerrit]\n  basePath = git\n  serverId = {v}\n  canonicalWebUrl = https://review.polaris.example/\n"
        "[auth]\n  type = HTTP",
        uuid,
    ),
    # ---- look-alikes: Phabricator / Phorge
    L(
        VC,
        "phab_phid",
        '{"result": {"phid": "{v}", "userName": "mgarcia", "realName": "Marta Garcia", "roles": ["verified"]}}',
        join("PHID-USER-", lower_alnum(20)),
    ),
    L(
        VC,
        "phab_token_placeholder",
        "# API token. Get it from https://phorge.tessellate.example/conduit/login/\ntessellate.phabtoken = {v}",
        join("cli-", const("x" * 28)),
    ),
    # ---- look-alikes: SourceHut
    L(
        VC,
        "srht_build_secret_uuid",
        "image: alpine/edge\nsecrets:\n  - {v}\ntasks:\n  - deploy: |\n      cd site && ./publish.sh",
        uuid,
    ),
    L(
        VC,
        "srht_token_cmd",
        'instance "sr.ht" {\n    access-token-cmd {v}\n}',
        const("pass show sr.ht/hut-token"),
    ),
    # ---- look-alikes: Perforce
    L(
        VC,
        "p4_trust_fingerprint",
        "$ p4 -p ssl:perforce.orbital.example:1666 trust\nThe fingerprint of the server of your P4PORT setting\n"
        "'ssl:perforce.orbital.example:1666' (10.20.4.17:1666) is not known.\nThat fingerprint is {v}",
        colon_hex(20),
    ),
    L(
        VC,
        "p4_fstat_digest",
        "$ p4 fstat -Ol //depot/engine/main/src/render.cpp\n... depotFile //depot/engine/main/src/render.cpp\n"
        "... headRev 41\n... fileSize 18822\n... digest {v}",
        hexu(32),
    ),
    # ---- look-alikes: Subversion, Mercurial, Fossil, Review Board
    L(
        VC,
        "svn_auth_cache_filename",
        "$ ls -l ~/.subversion/auth/svn.simple/\n-rw------- 1 deploy deploy 214 Mar  3 10:41 {v}",
        hexl(32),
    ),
    L(
        VC,
        "svn_repository_uuid",
        "$ svn info https://svn.meridian.example/repos/firmware\n"
        "Repository Root: https://svn.meridian.example/repos/firmware\n"
        "Repository UUID: {v}\nRevision: 8812",
        uuid,
    ),
    L(
        VC,
        "hg_hostsecurity_fingerprint",
        "[hostsecurity]\nhg.meridian.example:fingerprints = sha256:{v}",
        colon_hex(32),
    ),
    L(
        VC,
        "fossil_project_code",
        "$ fossil info\nproject-name: Scheduler\nrepository:   /home/releng/sched.fossil\nproject-code: {v}\n"
        "tags:         trunk",
        hexl(40),
    ),
    L(
        VC,
        "rb_token_placeholder",
        'REVIEWBOARD_URL = "https://reviews.meridian.example"\n'
        'API_TOKEN = "{v}"  # generate under My Account > API Tokens',
        const("<your-api-token>"),
    ),
]
