"""A hundred-and-forty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of secret-rotation and machine-identity tooling: Akeyless (`p-…`
access ids, base64 access keys under `akeyless configure` and in a profile TOML), CyberArk Conjur
(lowercase API keys printed by `conjur host rotate-api-key`, kept in `~/.netrc`, the server
certificate fingerprint shown by `conjur init`), Keeper Secrets Manager (region-prefixed one-time
tokens for `ksm profile init`, the base64 JSON `KSM_CONFIG`, `keeper://` notation with record
UIDs), Bitwarden Secrets Manager (`0.<uuid>.<secret>:<key>` access tokens for `bws` and
`bitwarden/sm-action`, organization and project UUIDs), Delinea (DevOps Secrets Vault client
credentials from `dsv client create`, Secret Server's `/oauth2/token` password grant), Teleport
(32-hex join tokens from `tctl tokens add`, `join_params` in `teleport.yaml`, the `sha256:` CA pin
from `tctl status`, IAM join token names, a token given as a file path), SPIFFE / SPIRE (UUID join
tokens from `spire-server token generate` and `-joinToken`, entry ids), HashiCorp Vault (unseal
keys from `vault operator init` and `vault operator unseal`, `hvs.` wrapping tokens, AppRole
secret ids, accessors, `hmac-sha256:` audit values, cluster ids), Google Secret Manager (`gcloud
secrets versions access` output, resource names), Pulumi and Pulumi ESC (`pul-` access
tokens, `fn::secret` plaintext, `secure:` ciphertext, `[secret]` masking and `${…}`
interpolation), Infisical (universal-auth client secrets and ids, `st.` service tokens, project
ids), sops with age (`AGE-SECRET-KEY-1…` in `keys.txt` and `SOPS_AGE_KEY`, `age1…` recipients,
`ENC[AES256_GCM,…]` values) and Doppler (`dp.st.` service tokens and their documented `xxxx`
placeholder), in commands, config files, CI steps and tool output. The search tool's budget was
spent before any page came back, so these shapes follow the author's recollection of those docs.

First score, blind, before any rule changed for it (after the rules for 140 to 144):
22 of 26 secrets caught, 0 of 25 look-alikes altered (missed: an API key printed by `conjur host
rotate-api-key`, a base64 Keeper config in `--from-literal=config=`, Teleport's
`join_params.token_name` holding the token, a password printed by `gcloud secrets versions access`;
written from memory).
"""

from __future__ import annotations

import base64
import json
import random

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
    password,
    pick,
    uuid,
)

SO = "secretsops"

BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
EC_P256_PKCS8_HEAD = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"

akeyless_access_id = join("p-", pick("abcdefghijklmnopqrstuvwxyz0123456789", 12))
akeyless_access_key = b64(43, "=")
conjur_api_key = pick(CROCKFORD, 55)
bws_token = join("0.", uuid, ".", b62(30), ":", b64(22), "==")
vault_unseal_key = b64(44)
age_public = join("age1", pick(BECH32, 58))
age_secret = join("AGE-SECRET-KEY-1", pick(BECH32.upper(), 58))


def ksm_config(rng: random.Random) -> str:
    """A Keeper Secrets Manager device config as `ksm profile export` gives it: base64 of the JSON."""
    cfg = {
        "hostname": "keepersecurity.com",
        "clientId": b64(86, "==")(rng),
        "privateKey": EC_P256_PKCS8_HEAD + b64(43)(rng) + "oUQDQgAE" + b64(85)(rng),
        "serverPublicKeyId": "10",
        "appKey": b64(43, "=")(rng),
        "appOwnerPublicKey": "B" + b64(86)(rng) + "=",
    }
    return base64.b64encode(json.dumps(cfg, indent=2).encode()).decode()


def colon_hex_upper(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexl(2 * n_bytes)(rng).upper()
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 0, 25, "the rules for 140 to 144")

TEMPLATES: list = [
    # ---- secrets: Akeyless
    S(
        SO,
        "akeyless_configure",
        "$ akeyless configure --profile ci --access-id {aid} --access-key {v} --access-type access_key\n"
        "Profile ci successfully configured",
        akeyless_access_key,
        aid=akeyless_access_id,
    ),
    S(
        SO,
        "akeyless_profile_toml",
        "$ cat ~/.akeyless/profiles/default.toml\n"
        "[default]\n  access_id = '{aid}'\n  access_key = '{v}'\n  access_type = 'access_key'",
        akeyless_access_key,
        aid=akeyless_access_id,
    ),
    # ---- secrets: CyberArk Conjur
    S(
        SO,
        "conjur_rotate_api_key",
        "$ conjur host rotate-api-key --id host/ci/jenkins-agent-02\n{v}",
        conjur_api_key,
    ),
    S(
        SO,
        "conjur_netrc",
        "$ cat ~/.netrc\nmachine https://conjur.corvid.internal/authn\n  login host/ci/jenkins-agent-02\n  password {v}",
        conjur_api_key,
    ),
    # ---- secrets: Keeper Secrets Manager
    S(
        SO,
        "ksm_one_time_token",
        "$ ksm profile init --token {v}\nAdded profile _default to INI config file located at /home/runner/keeper.ini",
        join("US:", b64url(43)),
    ),
    S(
        SO,
        "ksm_config_base64",
        "$ kubectl -n payments create secret generic ksm-config --from-literal=config={v}\nsecret/ksm-config created",
        ksm_config,
    ),
    # ---- secrets: Bitwarden Secrets Manager
    S(
        SO,
        "bws_sm_action",
        "      - name: Get secrets\n        uses: bitwarden/sm-action@v2\n        with:\n"
        "          access_token: {v}\n          secrets: |\n            {sid} > DB_PASSWORD",
        bws_token,
        sid=uuid,
    ),
    S(
        SO,
        "bws_cli_flag",
        "$ bws secret list {pid} --access-token '{v}' --output table",
        bws_token,
        pid=uuid,
    ),
    # ---- secrets: Delinea
    S(
        SO,
        "dsv_client_create",
        '$ dsv client create --role ci-reader\n{\n  "clientId": "{cid}",\n  "clientSecret": "{v}",\n'
        '  "created": "2024-06-03T08:41:17Z",\n  "role": "ci-reader"\n}',
        b64url(43),
        cid=uuid,
    ),
    S(
        SO,
        "secret_server_password_grant",
        "$ curl -s -X POST https://corvid.secretservercloud.com/SecretServer/oauth2/token"
        ' -d "username=svc_release&password={v}&grant_type=password"',
        b62(20),
    ),
    # ---- secrets: Teleport
    S(
        SO,
        "teleport_tokens_add",
        "$ tctl tokens add --type=node --ttl=1h\nThe invite token: {v}\nThis token will expire in 60 minutes.\n\n"
        "Run this on the new node to join the cluster:\n\n> teleport start \\\n   --roles=node \\\n"
        "   --token={v} \\\n   --ca-pin=sha256:{pin} \\\n   --auth-server=teleport.corvid.dev:443",
        hexl(32),
        pin=hexl(64),
    ),
    S(
        SO,
        "teleport_yaml_token",
        "version: v3\nteleport:\n  nodename: build-runner-03\n  data_dir: /var/lib/teleport\n"
        "  join_params:\n    token_name: {v}\n    method: token\n  proxy_server: teleport.corvid.dev:443",
        hexl(32),
    ),
    # ---- secrets: SPIFFE / SPIRE
    S(
        SO,
        "spire_token_generate",
        "$ kubectl exec -n spire spire-server-0 -- /opt/spire/bin/spire-server token generate"
        " -spiffeID spiffe://corvid.internal/host/build-runner-03 -ttl 600\nToken: {v}",
        uuid,
    ),
    S(
        SO,
        "spire_agent_join_token",
        "$ sudo /opt/spire/bin/spire-agent run -config /opt/spire/conf/agent/agent.conf -joinToken {v} &",
        uuid,
    ),
    # ---- secrets: HashiCorp Vault
    S(
        SO,
        "vault_init_unseal_key",
        "$ vault operator init -key-shares=1 -key-threshold=1 -format=table\nUnseal Key 1: {v}\n\n"
        "Vault initialized with 1 key shares and a key threshold of 1. Please securely\n"
        "distribute the key shares printed above.",
        vault_unseal_key,
    ),
    S(
        SO,
        "vault_unseal_positional",
        "$ vault operator unseal {v}\nKey                Value\n---                -----\n"
        "Seal Type          shamir\nInitialized        true\nSealed             false",
        vault_unseal_key,
    ),
    S(
        SO,
        "vault_wrapping_token",
        "$ vault token create -policy=ci-deploy -wrap-ttl=120s\nKey                              Value\n"
        "---                              -----\nwrapping_token:                  {v}\n"
        "wrapping_accessor:               {acc}\nwrapping_token_ttl:              2m\n"
        "wrapping_token_creation_path:    auth/token/create",
        join("hvs.CAESI", b64url(86)),
        acc=b62(24),
    ),
    S(
        SO,
        "vault_approle_secret_id",
        "$ vault write -f auth/approle/role/ci-deployer/secret-id\nKey                   Value\n"
        "---                   -----\nsecret_id             {v}\nsecret_id_accessor    {acc}\n"
        "secret_id_num_uses    0\nsecret_id_ttl         24h",
        uuid,
        acc=uuid,
    ),
    # ---- secrets: Google Secret Manager
    S(
        SO,
        "gsm_versions_access",
        "$ gcloud secrets versions access latest --secret=payments-db-password --project=corvid-payments-prod\n{v}",
        password(24),
    ),
    # ---- secrets: Pulumi and Pulumi ESC
    S(
        SO,
        "pulumi_access_token",
        "$ export PULUMI_ACCESS_TOKEN={v}\n$ esc env open corvid/platform/prod-aws --format dotenv",
        join("pul-", hexl(40)),
    ),
    S(
        SO,
        "esc_fn_secret_plaintext",
        "$ esc env edit corvid/platform/prod-db\nvalues:\n  db:\n    host: payments-db.internal\n"
        "    user: payments_app\n    password:\n      fn::secret: {v}",
        password(22),
    ),
    # ---- secrets: Infisical
    S(
        SO,
        "infisical_universal_auth",
        "$ export INFISICAL_TOKEN=$(infisical login --method=universal-auth --client-id={cid}"
        " --client-secret={v} --silent --plain)",
        hexl(64),
        cid=uuid,
    ),
    S(
        SO,
        "infisical_service_token",
        "$ docker run --rm -e INFISICAL_TOKEN={v} corvid/api:1.42.0 infisical run --env=prod -- node server.js",
        join("st.", hexl(24), ".", hexl(32), ".", hexl(32)),
    ),
    # ---- secrets: sops with age
    S(
        SO,
        "age_keys_txt",
        "$ cat ~/.config/sops/age/keys.txt\n# created: 2024-03-11T09:12:44+01:00\n# public key: {pub}\n{v}",
        age_secret,
        pub=age_public,
    ),
    S(
        SO,
        "sops_age_key_env",
        "$ SOPS_AGE_KEY={v} sops --decrypt deploy/secrets/prod.enc.yaml | kubectl apply -f -",
        age_secret,
    ),
    # ---- secrets: Doppler
    S(
        SO,
        "doppler_configure_token",
        "$ doppler configure set token {v} --scope /srv/payments-api --silent && doppler run -- ./bin/serve",
        join("dp.st.prd.", b62(40)),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        SO,
        "akeyless_access_id",
        "export AKEYLESS_ACCESS_ID={v}\nexport AKEYLESS_ACCESS_TYPE=access_key",
        akeyless_access_id,
    ),
    L(
        SO,
        "conjur_cert_fingerprint",
        "$ conjur init --url https://conjur.corvid.internal --account corvid\n"
        "The server's certificate SHA-1 fingerprint is:\n{v}\n\nTrust this certificate? yes/no (Default: no): yes",
        colon_hex_upper(20),
    ),
    L(
        SO,
        "keeper_notation_uid",
        "      DB_PASSWORD: keeper://{v}/field/password",
        b64url(22),
    ),
    L(
        SO,
        "bws_organization_id",
        '$ bws project list\n[\n  {\n    "id": "{pid}",\n    "organizationId": "{v}",\n'
        '    "name": "payments-prod",\n    "creationDate": "2024-02-19T10:03:11.41Z"\n  }\n]',
        uuid,
        pid=uuid,
    ),
    L(
        SO,
        "dsv_client_id",
        '$ dsv auth --auth-type client --auth-client-id {v} --auth-client-secret "$DSV_CLIENT_SECRET"',
        uuid,
    ),
    L(
        SO,
        "teleport_ca_pin",
        "$ tctl status\nCluster      teleport.corvid.dev\nVersion      15.1.9\nhost CA      never updated\n"
        "user CA      never updated\nCA pin       {v}",
        join("sha256:", hexl(64)),
    ),
    L(
        SO,
        "teleport_iam_token_name",
        "  join_params:\n    token_name: {v}\n    method: iam\n  proxy_server: teleport.corvid.dev:443",
        const("iam-token"),
    ),
    L(
        SO,
        "teleport_token_path",
        "$ sudo teleport start --roles=node --token={v} --auth-server=teleport.corvid.dev:443",
        const("/var/lib/teleport/join-token"),
    ),
    L(
        SO,
        "spire_entry_id",
        "$ spire-server entry create -parentID spiffe://corvid.internal/ns/spire/sa/spire-agent"
        " -spiffeID spiffe://corvid.internal/ns/payments/sa/api -selector k8s:ns:payments\n"
        "Entry ID         : {v}\nSPIFFE ID        : spiffe://corvid.internal/ns/payments/sa/api\n"
        "Revision         : 0\nX509-SVID TTL    : default",
        uuid,
    ),
    L(
        SO,
        "vault_token_accessor",
        "$ vault token lookup -accessor {v}\nKey                 Value\n---                 -----\n"
        "accessor            {v}\ndisplay_name        approle\npolicies            [ci-deploy default]",
        b62(24),
    ),
    L(
        SO,
        "vault_audit_hmac",
        '{"time":"2024-06-03T08:52:10.114Z","type":"request","auth":{"client_token":"{v}",'
        '"accessor":"hmac-sha256:{acc}","display_name":"approle","policies":["ci-deploy"]}}',
        join("hmac-sha256:", hexl(64)),
        acc=hexl(64),
    ),
    L(
        SO,
        "vault_cluster_id",
        "$ vault status\nSeal Type       shamir\nSealed          false\nVersion         1.16.2\n"
        "Cluster Name    vault-cluster-4b1e\nCluster ID      {v}\nHA Enabled      true",
        uuid,
    ),
    L(
        SO,
        "vault_secret_id_accessor",
        "$ vault write auth/approle/role/ci-deployer/secret-id-accessor/destroy secret_id_accessor={v}\n"
        "Success! Data written to: auth/approle/role/ci-deployer/secret-id-accessor/destroy",
        uuid,
    ),
    L(
        SO,
        "gsm_resource_name",
        "$ gcloud secrets describe payments-db-password\ncreateTime: '2024-01-22T14:05:31.118Z'\n"
        "name: {v}\nreplication:\n  automatic: {}",
        join("projects/", digits(12), "/secrets/payments-db-password"),
    ),
    L(
        SO,
        "pulumi_secure_ciphertext",
        "$ cat Pulumi.prod.yaml\nconfig:\n  aws:region: eu-west-1\n  payments:dbPassword:\n    secure: {v}",
        join("AAABA", b64(58), "="),
    ),
    L(
        SO,
        "esc_masked",
        "$ esc env get corvid/platform/prod-db\n```yaml\ndb:\n  host: payments-db.internal\n  password: {v}\n```",
        const('"[secret]"'),
    ),
    L(
        SO,
        "esc_interpolation",
        "  pulumiConfig:\n    payments:dbPassword: {v}\n    payments:dbHost: ${db.host}",
        const("${db.password}"),
    ),
    L(
        SO,
        "infisical_client_id",
        "INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={v}\nINFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET=${{ secrets.INFISICAL_CLIENT_SECRET }}",
        uuid,
    ),
    L(
        SO,
        "infisical_project_id",
        "$ infisical export --projectId={v} --env=staging --format=dotenv > .env.staging",
        uuid,
    ),
    L(
        SO,
        "age_recipient",
        "$ cat .sops.yaml\ncreation_rules:\n  - path_regex: deploy/secrets/.*\\.enc\\.yaml$\n    age: {v}",
        age_public,
    ),
    L(
        SO,
        "sops_enc_value",
        "  password: {v}",
        join("ENC[AES256_GCM,data:", b64(27), "=,iv:", b64(43), "=,tag:", b64(22), "==,type:str]"),
    ),
    L(
        SO,
        "sops_commit_sha",
        "$ sops updatekeys -y deploy/secrets/prod.enc.yaml && git commit -qam 'rotate age recipients'"
        " && git rev-parse HEAD\n{v}",
        hexl(40),
    ),
    L(
        SO,
        "akeyless_placeholder",
        "# docs: replace with the key shown once at creation\nAKEYLESS_ACCESS_KEY={v}",
        const("x" * 43 + "="),
    ),
    L(
        SO,
        "doppler_placeholder",
        'export DOPPLER_TOKEN="{v}"   # from Access > Service Tokens',
        const("dp.st.prd." + "x" * 40),
    ),
    L(
        SO,
        "conjur_gha_ref",
        "        env:\n          CONJUR_AUTHN_LOGIN: host/ci/github-actions\n          CONJUR_AUTHN_API_KEY: {v}",
        const("${{ secrets.CONJUR_API_KEY }}"),
    ),
]
