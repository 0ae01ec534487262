"""A twenty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of hosting and deployment platforms and code hosts: Netlify (the
CLI's `--auth` flag, `NETLIFY_AUTH_TOKEN`/`NETLIFY_SITE_ID`, `netlify env:list` with its masked
values), Vercel (`--token`, the prefixed token formats, `vercel env pull` writing `VERCEL_OIDC_TOKEN`,
`.vercel/project.json`), Fly.io (`fly tokens create deploy`, `fly secrets list` digests, image tags),
Render (API keys, secret deploy hook URLs, service ids), Railway (project tokens, which are
UUID-shaped, reference variables, `railway link`), DigitalOcean (`dop_v1_` tokens and `doctl`, Spaces
keys in an rclone remote, SSH key fingerprints), Linode/Akamai (`linode-cli` config and
`--authorized_keys`), Hetzner Cloud (`hcloud` contexts in `cli.toml`, the root password `hcloud
server create` prints, the Ansible collection's vaulted `api_token`), Bitbucket (repository access
tokens with `x-token-auth`, workspace UUIDs), Gitea and Forgejo (`Authorization: token`, `app.ini`
security keys and their `*_URI` file references, the runner's `.runner` file), Azure Repos PATs in
git URLs and the PAT lifecycle API, GitHub fine-grained tokens and deploy keys, SourceHut (`hut`
config, builds manifest secret UUIDs), Cloudflare Wrangler (`CLOUDFLARE_API_TOKEN`, `wrangler secret
put`, `account_id`), Deno Deploy (`ddp_` tokens, deployment URLs) and Supabase (`sbp_` access
tokens, publishable and secret keys, anon and service_role JWTs, project refs), in commands,
config files and tool output, with the public ids, references and placeholders the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 and 25):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a token after `--auth`, a token printed by `fly
tokens create` after its scheme, an eleven-character deploy-hook `?key=`; altered: an image's
`deployment-<ULID>` tag).
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import struct

from build import (
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
    mixed_case_alphabet,
    pick,
    upper_alnum,
    uuid,
)

HS = "host"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def supabase_jwt(role: str):
    """A Supabase project API key of the legacy kind: an HS256 JWT naming the project ref and role."""

    def make(rng: random.Random) -> str:
        iat = 1_690_000_000 + rng.randrange(60_000_000)
        payload = {
            "iss": "supabase",
            "ref": pick(string.ascii_lowercase, 20)(rng),
            "role": role,
            "iat": iat,
            "exp": iat + 315_360_000,
        }
        return _b64url_json({"alg": "HS256", "typ": "JWT"}) + "." + _b64url_json(payload) + "." + b64url(43)(rng)

    return make


def vercel_oidc_jwt(rng: random.Random) -> str:
    """An RS256 OIDC token as `vercel env pull` writes it for the development environment."""
    team = "acme-studio"
    iat = 1_720_000_000 + rng.randrange(30_000_000)
    header = {"alg": "RS256", "typ": "JWT", "kid": "mrk-" + hexl(32)(rng)}
    payload = {
        "iss": f"https://oidc.vercel.com/{team}",
        "sub": f"owner:{team}:project:storefront:environment:development",
        "scope": f"owner:{team}:project:storefront:environment:development",
        "aud": f"https://vercel.com/{team}",
        "owner": team,
        "owner_id": "team_" + b62(24)(rng),
        "project": "storefront",
        "project_id": "prj_" + b62(28)(rng),
        "environment": "development",
        "user_id": b62(24)(rng),
        "nbf": iat,
        "iat": iat,
        "exp": iat + 43_200,
    }
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


def _ssh_string(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def _ed25519_public_blob(pub: bytes) -> bytes:
    return _ssh_string(b"ssh-ed25519") + _ssh_string(pub)


def ed25519_public_b64(rng: random.Random) -> str:
    """The base64 field of an `ssh-ed25519 AAAA… comment` public key line."""
    return base64.b64encode(_ed25519_public_blob(_rand_bytes(rng, 32))).decode()


def ed25519_fingerprint(rng: random.Random) -> str:
    """The `SHA256:…` fingerprint body ssh-keygen prints (unpadded base64 of a SHA-256)."""
    blob = _ed25519_public_blob(_rand_bytes(rng, 32))
    return base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


def md5_colon_fingerprint(rng: random.Random) -> str:
    h = hexl(32)(rng)
    return ":".join(h[i : i + 2] for i in range(0, 32, 2))


def openssh_ed25519_private_body(rng: random.Random) -> str:
    """The base64 body (70-column lines) of an unencrypted openssh-key-v1 Ed25519 private key."""
    pub = _rand_bytes(rng, 32)
    seed = _rand_bytes(rng, 32)
    check = _rand_bytes(rng, 4)
    blob = _ed25519_public_blob(pub)
    private = (
        check
        + check
        + _ssh_string(b"ssh-ed25519")
        + _ssh_string(pub)
        + _ssh_string(seed + pub)
        + _ssh_string(b"deploy@storefront")
    )
    pad = 1
    while len(private) % 8:
        private += bytes([pad])
        pad += 1
    raw = (
        b"openssh-key-v1\x00"
        + _ssh_string(b"none")
        + _ssh_string(b"none")
        + _ssh_string(b"")
        + struct.pack(">I", 1)
        + _ssh_string(blob)
        + _ssh_string(private)
    )
    text = base64.b64encode(raw).decode()
    return "\n".join(text[i : i + 70] for i in range(0, len(text), 70))


supabase_ref = pick(string.ascii_lowercase, 20)
netlify_token = pick(string.ascii_lowercase + string.digits + "-_", 43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 24 and 25")

TEMPLATES = [
    # ---- secrets: Netlify and Vercel
    S(
        HS,
        "netlify_auth_flag",
        "$ npx netlify deploy --prod --dir dist --site {site} --auth {v}\nDeploy path:        /home/runner/work/docs/dist",
        netlify_token,
        site=uuid,
    ),
    S(
        HS,
        "vercel_token_flag",
        "$ vercel deploy --prebuilt --prod --yes --scope acme-studio --token {v}\nVercel CLI 39.1.0",
        b62(24),
    ),
    S(
        HS,
        "vercel_oidc_env_pull",
        "$ vercel env pull .env.local --yes\n> Downloading `development` Environment Variables for acme-studio/storefront\n"
        "✅  Created .env.local file  [212ms]\n$ cat .env.local\n# Created by Vercel CLI\n"
        'NEXT_PUBLIC_SITE_URL="http://localhost:3000"\nVERCEL_OIDC_TOKEN="{v}"',
        vercel_oidc_jwt,
    ),
    # ---- secrets: Fly.io, Render, Railway
    S(
        HS,
        "fly_deploy_token",
        "$ fly tokens create deploy -a acme-api -x 8760h\nFlyV1 {v}",
        join("fm2_", b64(212), "==,fm2_", b64(152), "="),
    ),
    S(
        HS,
        "render_api_key",
        "$ curl -s https://api.render.com/v1/services?limit=20 -H 'Accept: application/json' -H 'Authorization: Bearer {v}'",
        join("rnd_", b62(32)),
    ),
    S(
        HS,
        "render_deploy_hook",
        '      - name: Trigger Render deploy\n        run: curl -fsS -X POST "https://api.render.com/deploy/{srv}?key={v}"',
        b62(11),
        srv=join("srv-", lower_alnum(20)),
    ),
    S(
        HS,
        "railway_project_token",
        "$ RAILWAY_TOKEN={v} railway up --service api --detach\n  Indexing...\n  Uploading...",
        uuid,
    ),
    # ---- secrets: DigitalOcean, Linode, Hetzner
    S(
        HS,
        "doctl_access_token",
        "$ doctl auth init --context acme-prod --access-token {v}\nValidating token... ✔",
        join("dop_v1_", hexl(64)),
    ),
    S(
        HS,
        "do_spaces_rclone",
        "[do-spaces]\ntype = s3\nprovider = DigitalOcean\nenv_auth = false\naccess_key_id = {akid}\n"
        "secret_access_key = {v}\nendpoint = fra1.digitaloceanspaces.com\nacl = private",
        b64(43),
        akid=join("DO00", upper_alnum(16)),
    ),
    S(
        HS,
        "linode_cli_config",
        "$ cat ~/.config/linode-cli\n[DEFAULT]\ndefault-user = acme-ops\n\n[acme-ops]\ntoken = {v}\n"
        "region = eu-central\ntype = g6-standard-2\nimage = linode/debian12",
        hexl(64),
    ),
    S(
        HS,
        "hcloud_cli_toml",
        'active_context = "prod"\n\n[[contexts]]\n  name = "prod"\n  token = "{v}"',
        b62(64),
    ),
    S(
        HS,
        "hcloud_root_password",
        "$ hcloud server create --name build-01 --type cx22 --image ubuntu-24.04 --location nbg1\n"
        " ✓ Waiting for create_server  100% 8.1s\nServer {sid} created\nIPv4: 203.0.113.41\nRoot password: {v}",
        b62(20),
        sid=digits(8),
    ),
    # ---- secrets: code hosts
    S(
        HS,
        "bitbucket_repo_access_token",
        "$ git clone https://x-token-auth:{v}@bitbucket.org/acme-ws/infra-live.git",
        join("ATCTT3xFfGN0", b64url(166), "=", pick("0123456789ABCDEF", 8)),
    ),
    S(
        HS,
        "gitea_token_header",
        '$ curl -s -H "Authorization: token {v}" https://code.acme.dev/api/v1/repos/platform/infra/hooks',
        hexl(40),
    ),
    S(
        HS,
        "gitea_app_ini_jwt_secret",
        "[oauth2]\nENABLED = true\nJWT_SIGNING_ALGORITHM = HS256\nJWT_SECRET = {v}",
        b64url(43),
    ),
    S(
        HS,
        "forgejo_runner_file",
        '$ cat .runner\n{\n  "id": 7,\n  "uuid": "{id}",\n  "name": "build-arm64",\n  "token": "{v}",\n'
        '  "address": "https://code.acme.dev",\n  "labels": ["docker:docker://node:20-bookworm"]\n}',
        hexl(40),
        id=uuid,
    ),
    S(
        HS,
        "azure_repos_pat_url",
        "$ git clone https://acme-platform:{v}@dev.azure.com/acme-platform/Platform/_git/infra-live",
        pick(BASE32_LOWER, 52),
    ),
    S(
        HS,
        "github_fine_grained_pat",
        "$ GH_TOKEN={v} gh api repos/acme/storefront/deployments --jq '.[0].sha'",
        join("github_pat_", b62(22), "_", b62(59)),
    ),
    S(
        HS,
        "github_deploy_key_private",
        "$ cat ~/.ssh/storefront_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
        openssh_ed25519_private_body,
    ),
    S(
        HS,
        "sourcehut_hut_config",
        '$ cat ~/.config/hut/config\ninstance "sr.ht" {\n    access-token "{v}"\n}',
        b64(120),
    ),
    # ---- secrets: Cloudflare, Deno Deploy, Supabase
    S(
        HS,
        "cloudflare_api_token",
        "$ CLOUDFLARE_API_TOKEN={v} npx wrangler deploy --env production",
        b64url(40),
    ),
    S(
        HS,
        "wrangler_secret_put_stdin",
        '$ echo "{v}" | npx wrangler secret put SESSION_SIGNING_KEY\n🌀 Creating the secret for the Worker "acme-edge"\n'
        "✨ Success! Uploaded secret SESSION_SIGNING_KEY",
        b64(43, pad="="),
    ),
    S(
        HS,
        "deno_deploy_token",
        "$ deployctl deploy --project=acme-edge --prod --token={v} main.ts",
        join("ddp_", b62(36)),
    ),
    S(
        HS,
        "supabase_access_token",
        "$ supabase login --token {v}\nYou are now logged in. Happy coding!",
        join("sbp_", hexl(40)),
    ),
    S(
        HS,
        "supabase_secret_key",
        "# server-only, never ship to the browser\nSUPABASE_SECRET_KEY={v}",
        join("sb_secret_", b62(22), "_", b62(8)),
    ),
    S(
        HS,
        "supabase_service_role_jwt",
        'const admin = createClient(process.env.SUPABASE_URL!, "{v}", { auth: { persistSession: false } })',
        supabase_jwt("service_role"),
    ),
    # ---- look-alikes: public ids
    L(
        HS,
        "netlify_site_id",
        "        env:\n          NETLIFY_AUTH_TOKEN: ${{ secrets.NETLIFY_AUTH_TOKEN }}\n          NETLIFY_SITE_ID: {v}",
        uuid,
    ),
    L(
        HS,
        "vercel_project_json",
        '$ cat .vercel/project.json\n{"projectId":"{v}","orgId":"{org}"}',
        join("prj_", b62(28)),
        org=join("team_", b62(24)),
    ),
    L(
        HS,
        "render_service_id",
        "      - uses: JorgeLNJunior/render-deploy@v1.4.4\n        with:\n          service_id: {v}\n"
        "          api_key: ${{ secrets.RENDER_API_KEY }}",
        join("srv-", lower_alnum(20)),
    ),
    L(
        HS,
        "railway_project_id",
        "$ railway link --project {v} --environment production\nProject acme-api linked successfully! 🎉",
        uuid,
    ),
    L(
        HS,
        "cloudflare_account_id",
        'name = "acme-edge"\nmain = "src/index.ts"\ncompatibility_date = "2024-09-23"\naccount_id = "{v}"',
        hexl(32),
    ),
    L(
        HS,
        "supabase_publishable_key",
        "NEXT_PUBLIC_SUPABASE_URL=https://{ref}.supabase.co\nNEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY={v}",
        join("sb_publishable_", b62(22), "_", b62(8)),
        ref=supabase_ref,
    ),
    L(
        HS,
        "supabase_anon_jwt",
        'export const supabase = createClient("https://{ref}.supabase.co", "{v}")  // anon key, safe in the browser',
        supabase_jwt("anon"),
        ref=supabase_ref,
    ),
    L(
        HS,
        "supabase_project_ref",
        "$ supabase link --project-ref {v}\nConnecting to remote database...\nFinished supabase link.",
        supabase_ref,
    ),
    L(
        HS,
        "bitbucket_workspace_uuid",
        '$ curl -s -H "Authorization: Bearer $BITBUCKET_TOKEN" https://api.bitbucket.org/2.0/workspaces/acme-ws'
        ' | jq \'{slug, uuid}\'\n{\n  "slug": "acme-ws",\n  "uuid": "{v}"\n}',
        join("{", uuid, "}"),
    ),
    L(
        HS,
        "azure_pat_authorization_id",
        '      "displayName": "infra-live-clone",\n      "scope": "vso.code",\n'
        '      "authorizationId": "{v}",\n      "token": null,\n      "validTo": "2025-06-30T00:00:00Z"',
        uuid,
    ),
    # ---- look-alikes: digests, fingerprints, public keys, deployment names
    L(
        HS,
        "fly_secrets_digest",
        "$ fly secrets list -a acme-api\nNAME           \tDIGEST          \tCREATED AT\n"
        "DATABASE_URL   \t{v}\t2h14m ago\nSESSION_SECRET \t{d2}\t2h14m ago",
        hexl(16),
        d2=hexl(16),
    ),
    L(
        HS,
        "fly_image_tag",
        "==> Building image\n--> Pushing image done\nimage: registry.fly.io/acme-api:{v}\nimage size: 48 MB",
        join("deployment-01", pick(CROCKFORD, 24)),
    ),
    L(
        HS,
        "do_ssh_fingerprint",
        "$ doctl compute ssh-key list\nID          Name         FingerPrint\n{id}    ci-deploy    {v}",
        md5_colon_fingerprint,
        id=digits(8),
    ),
    L(
        HS,
        "linode_authorized_keys",
        "$ linode-cli linodes create --type g6-standard-2 --region eu-central --image linode/debian12 --label web-03"
        ' --authorized_keys "ssh-ed25519 {v} ops@acme" --root_pass "$LINODE_ROOT_PASS"',
        ed25519_public_b64,
    ),
    L(
        HS,
        "ssh_key_fingerprint",
        "Your public key has been saved in /home/dev/.ssh/storefront_deploy.pub\nThe key fingerprint is:\n"
        "SHA256:{v} deploy@storefront",
        ed25519_fingerprint,
    ),
    L(
        HS,
        "deno_deployment_url",
        "✔ Deployment complete.\n\nView at:\n - https://acme-edge-{v}.deno.dev\n - https://acme-edge.deno.dev",
        lower_alnum(12),
    ),
    # ---- look-alikes: masks, references and file pointers
    L(
        HS,
        "netlify_env_masked",
        "$ netlify env:list --context production\n| Key               | Value |\n| ALGOLIA_ADMIN_KEY | {v} |",
        const("*" * 50),
    ),
    L(
        HS,
        "railway_reference_var",
        "DATABASE_URL={v}\nREDIS_URL=${{Redis.REDIS_URL}}",
        const("${{Postgres.DATABASE_URL}}"),
    ),
    L(
        HS,
        "ansible_vault_ref",
        '  module_defaults:\n    group/hetzner.hcloud.all:\n      api_token: "{v}"',
        const("{{ vault_hcloud_api_token }}"),
    ),
    L(
        HS,
        "gitea_token_uri",
        "[security]\nINSTALL_LOCK = true\nINTERNAL_TOKEN_URI = {v}\nSECRET_KEY_URI = file:/etc/gitea/secret_key",
        const("file:/etc/gitea/internal_token"),
    ),
    L(
        HS,
        "gitea_password_setting",
        "[security]\nMIN_PASSWORD_LENGTH = 12\nPASSWORD_COMPLEXITY = lower,upper,digit\nPASSWORD_HASH_ALGO = {v}",
        const("pbkdf2_hi"),
    ),
    L(
        HS,
        "sourcehut_secret_uuid",
        "image: alpine/edge\nsecrets:\n  - {v}\nsources:\n  - https://git.sr.ht/~acme/site\ntasks:\n  - deploy: |\n"
        "      cd site && ./deploy.sh",
        uuid,
    ),
    # ---- look-alikes: placeholders
    L(
        HS,
        "placeholder",
        "$ RAILWAY_TOKEN={v} railway up",
        const("XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"),
    ),
    L(
        HS,
        "placeholder",
        "# .env.example (copy to .env, then paste a token from dash.deno.com/account#access-tokens)\nDENO_DEPLOY_TOKEN={v}",
        join("ddp_", mixed_case_alphabet(36)),
    ),
    L(
        HS,
        "placeholder",
        "Then run `netlify deploy --prod --auth {v}` from the repo root.",
        const("<personal-access-token>"),
    ),
]
