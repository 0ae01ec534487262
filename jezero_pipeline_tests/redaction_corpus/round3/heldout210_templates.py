"""A two-hundred-and-tenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of GitOps and Kubernetes delivery tools: the Argo CD CLI (`argocd repo
add`, `argocd login`, `argocd admin initial-password`, `argocd account generate-token`, the CLI's
`~/.config/argocd/config`, repository Secrets labelled `argocd.argoproj.io/secret-type`, the
notifications Secret, argocd-vault-plugin placeholders, GitHub App repocreds), Flux (`flux bootstrap
github` with a fine-grained PAT, `flux create secret git`, receiver tokens and `/hook/` paths, deploy
keys, source revisions), SOPS with age (`keys.txt`, `AGE-SECRET-KEY-1…` identities, `age1…`
recipients, `ENC[AES256_GCM,…]` values, the armored data key in the `sops` block, the `sops-age`
Secret), Sealed Secrets (the controller's `tls.key`, `kubeseal --raw`, `encryptedData`, the public
certificate from `--fetch-cert`), External Secrets Operator (Vault `hvs.` tokens, Doppler `dp.st.`
service tokens, Secrets Manager ARNs, the data-hash annotation), Crossplane ProviderConfigs (the AWS
INI credentials file, Azure `--sdk-auth` JSON, package digests), Helm (`helm repo add --username
--password`, credentials in a repo URL, OCI pull digests), Rancher Fleet (basic-auth GitRepo secrets
with a Bitbucket app password), Argo Workflows (`ARGO_TOKEN="Bearer …"` service-account JWTs,
workflow UIDs), Spinnaker (Halyard's halconfig GitHub artifact token, `~/.spin/config` basic auth,
the secrets engine's `encrypted:s3!…` references), Codefresh (`codefresh auth create-context
--api-key`, `~/.cfconfig`, `${{CF_API_KEY}}`, account ids) and Weave GitOps (`gitops create dashboard
--password`), in commands, config files, Kubernetes manifests and tool output, with the public ids,
hashes, public keys, ciphertexts, references and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
27 of 27 secrets caught, 1 of 25 look-alikes altered (altered: a SealedSecret's `encryptedData`
value under `password`).
"""

from __future__ import annotations

import base64
import json
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

GO = "gitops"

BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def age_public(rng: random.Random) -> str:
    return "age1" + pick(BECH32, 58)(rng)


def age_secret(rng: random.Random) -> str:
    return "AGE-SECRET-KEY-1" + pick(BECH32.upper(), 58)(rng)


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def argocd_jwt(sub: str):
    """An Argo CD HS256 session or API-key token: header, claims, signature."""

    def make(rng: random.Random) -> str:
        iat = 1714000000 + rng.randrange(20_000_000)
        claims = {"iss": "argocd", "sub": sub, "nbf": iat, "iat": iat, "jti": uuid(rng)}
        if sub.endswith(":login"):
            claims["exp"] = iat + 86400
        return f"{HS256_HEAD}.{b64url_json(claims)}.{b64url(43)(rng)}"

    return make


def sa_jwt(rng: random.Random) -> str:
    """A Kubernetes service-account token (RS256) as Argo Workflows' access-token guide reads it."""
    head = b64url_json({"alg": "RS256", "kid": b64url(43)(rng)})
    claims = {
        "iss": "kubernetes/serviceaccount",
        "kubernetes.io/serviceaccount/namespace": "argo",
        "kubernetes.io/serviceaccount/secret.name": "jenkins.service-account-token",
        "kubernetes.io/serviceaccount/service-account.name": "jenkins",
        "kubernetes.io/serviceaccount/service-account.uid": uuid(rng),
        "sub": "system:serviceaccount:argo:jenkins",
    }
    return f"{head}.{b64url_json(claims)}.{b64url(342)(rng)}"


def pem_lines(first: str, n_full: int, last: int, pad: str):
    def make(rng: random.Random) -> list[str]:
        lines = [first + b64(64 - len(first))(rng)] + [b64(64)(rng) for _ in range(n_full)]
        return lines + [b64(last)(rng) + pad]

    return make


def sealed_key_b64(rng: random.Random) -> str:
    """The controller's 4096-bit RSA key, PEM then base64, as `kubectl get secret -o yaml` prints tls.key."""
    body = pem_lines("MIIJKQIBAAKCAgEA", 49, 40, "==")(rng)
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END RSA PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


def cert_body(rng: random.Random) -> str:
    return "\n".join(pem_lines("MIIEzTCCArWgAwIBAgIRA", 22, 48, "=")(rng))


def sops_enc(rng: random.Random) -> str:
    return f"ENC[AES256_GCM,data:{b64(26)(rng)}==,iv:{b64(43)(rng)}=,tag:{b64(22)(rng)}==,type:str]"


def age_armored(rng: random.Random) -> str:
    """The data key SOPS wraps for one age recipient, armored, lines joined by a literal \\n (JSON form)."""
    raw = (
        b"age-encryption.org/v1\n-> X25519 "
        + b64(43)(rng).encode()
        + b"\n"
        + b64(43)(rng).encode()
        + b"\n--- "
        + b64(43)(rng).encode()
        + b"\n"
        + bytes(rng.randrange(256) for _ in range(48))
    )
    enc = base64.b64encode(raw).decode()
    lines = [enc[i : i + 64] for i in range(0, len(enc), 64)]
    return "-----BEGIN AGE ENCRYPTED FILE-----\\n" + "\\n".join(lines) + "\\n-----END AGE ENCRYPTED FILE-----\\n"


def azure_client_secret(rng: random.Random) -> str:
    return b62(3)(rng) + "8Q~" + pick(B62 + "~._-", 34)(rng)


def slack_bot(rng: random.Random) -> str:
    return f"xoxb-{digits(12)(rng)}-{digits(13)(rng)}-{b62(24)(rng)}"


ghp = join("ghp_", b62(36))
glpat = join("glpat-", b64url(20))
github_pat = join("github_pat_", b62(22), "_", b62(59))
codefresh_key = join(hexl(24), ".", hexl(32))
sha40 = hexl(40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (27, 27, 1, 25, "the rules for 200 to 204")

TEMPLATES: list = [
    # ---- secrets: Argo CD
    S(
        GO,
        "argocd_repo_add_password",
        "$ argocd repo add https://gitlab.com/acme-platform/k8s-manifests.git --username argocd-reader"
        " --password {v} --upsert\nRepository 'https://gitlab.com/acme-platform/k8s-manifests.git' added",
        glpat,
    ),
    S(
        GO,
        "argocd_login_password",
        "$ argocd login argocd.acme.internal --grpc-web --username admin --password '{v}'\n"
        "'admin:login' logged in successfully\nContext 'argocd.acme.internal' updated",
        password(18),
    ),
    S(
        GO,
        "argocd_initial_password",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login."
        " We strongly recommend you update the password using `argocd account update-password`.",
        b62(16),
    ),
    S(
        GO,
        "argocd_cli_config",
        "$ cat ~/.config/argocd/config\ncontexts:\n- name: argocd.acme.internal\n  server: argocd.acme.internal\n"
        "  user: argocd.acme.internal\ncurrent-context: argocd.acme.internal\nusers:\n- auth-token: {v}\n"
        "  name: argocd.acme.internal",
        argocd_jwt("admin:login"),
    ),
    S(
        GO,
        "argocd_generate_token",
        "$ argocd account generate-token --account ci-deployer --expires-in 720h\n{v}",
        argocd_jwt("ci-deployer:apiKey"),
    ),
    S(
        GO,
        "argocd_notifications_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: argocd-notifications-secret\n  namespace: argocd\n"
        "stringData:\n  slack-token: {v}",
        slack_bot,
    ),
    S(
        GO,
        "argocd_repo_secret",
        "  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n"
        "  url: https://github.com/acme-platform/gitops-apps\n  username: acme-argocd\n  password: {v}",
        ghp,
    ),
    # ---- secrets: Flux
    S(
        GO,
        "flux_bootstrap_pat",
        "$ GITHUB_TOKEN={v} flux bootstrap github --token-auth --owner=acme-platform --repository=fleet-infra"
        " --branch=main --path=clusters/prod-eu",
        github_pat,
    ),
    S(
        GO,
        "flux_create_secret_git",
        "$ flux create secret git podinfo-auth --url=https://git.acme.internal/apps/podinfo"
        ' --username=flux-bot --password="{v}" --namespace=flux-system',
        password(22),
    ),
    S(
        GO,
        "flux_receiver_token",
        "$ flux create secret receiver github-receiver --namespace=flux-system --type=github"
        " --hostname=flux-webhook.acme.internal --token={v} --export",
        sha40,
    ),
    # ---- secrets: SOPS and age
    S(
        GO,
        "age_keys_txt",
        "$ cat ~/.config/sops/age/keys.txt\n# created: 2024-06-03T11:42:17+02:00\n# public key: {pub}\n{v}",
        age_secret,
        pub=age_public,
    ),
    S(
        GO,
        "sops_age_k8s_secret",
        "$ kubectl create secret generic sops-age --namespace=flux-system --from-literal=age.agekey={v}",
        age_secret,
    ),
    # ---- secrets: Sealed Secrets
    S(
        GO,
        "sealed_secrets_tls_key",
        "$ kubectl get secret -n kube-system -l sealedsecrets.bitnami.com/sealed-secrets-key -o yaml\n"
        "apiVersion: v1\nitems:\n- apiVersion: v1\n  data:\n    tls.key: {v}",
        sealed_key_b64,
    ),
    S(
        GO,
        "kubeseal_raw_input",
        "$ echo -n '{v}' | kubeseal --raw --namespace payments --name ledger-db --from-file=/dev/stdin"
        " --cert pub-sealed-secrets.pem",
        password(24),
    ),
    # ---- secrets: External Secrets Operator
    S(
        GO,
        "eso_vault_token",
        "$ kubectl create secret generic vault-token -n external-secrets --from-literal=token={v}",
        join("hvs.", b62(24)),
    ),
    S(
        GO,
        "eso_doppler_token",
        'kubectl create secret generic doppler-token-auth-api --from-literal dopplerToken="{v}"',
        join("dp.st.prd.", b62(40)),
    ),
    # ---- secrets: Crossplane
    S(
        GO,
        "crossplane_aws_ini",
        "$ cat aws-credentials.txt\n[default]\naws_access_key_id = {kid}\naws_secret_access_key = {v}",
        b64(40),
        kid=join("AKIA", upper_alnum(16)),
    ),
    S(
        GO,
        "crossplane_azure_sdk_auth",
        '{\n  "clientId": "{cid}",\n  "clientSecret": "{v}",\n  "subscriptionId": "{sub}",\n  "tenantId": "{ten}",',
        azure_client_secret,
        cid=uuid,
        sub=uuid,
        ten=uuid,
    ),
    # ---- secrets: Helm
    S(
        GO,
        "helm_repo_add_password",
        "$ helm repo add acme-charts https://charts.acme.internal/stable --username ci-publisher"
        " --password {v} --pass-credentials",
        password(20),
    ),
    S(
        GO,
        "helm_repo_url_userinfo",
        '"acme-charts" has been added to your repositories\n$ helm repo list\nNAME       \tURL\n'
        "acme-charts\thttps://ci-publisher:{v}@charts.acme.internal/stable",
        b62(32),
    ),
    # ---- secrets: Rancher Fleet
    S(
        GO,
        "fleet_basic_auth",
        "$ kubectl create secret generic bitbucket-auth -n fleet-default --type=kubernetes.io/basic-auth"
        " --from-literal=username=fleet-sync --from-literal=password={v}",
        join("ATBB", b62(28), hexu(8)),
    ),
    # ---- secrets: Argo Workflows
    S(
        GO,
        "argo_workflows_token",
        'export ARGO_SERVER=argo.acme.internal:443\nexport ARGO_TOKEN="Bearer {v}"',
        sa_jwt,
    ),
    # ---- secrets: Spinnaker
    S(
        GO,
        "halconfig_github_token",
        "    github:\n      enabled: true\n      accounts:\n      - name: acme-github-artifacts\n        token: {v}",
        ghp,
    ),
    S(
        GO,
        "spin_cli_basic_auth",
        "$ cat ~/.spin/config\ngate:\n  endpoint: https://spin-gate.acme.internal\nauth:\n  enabled: true\n"
        "  basic:\n    username: spin-ci\n    password: {v}",
        password(16),
    ),
    # ---- secrets: Codefresh and Weave GitOps
    S(GO, "codefresh_create_context", "$ codefresh auth create-context acme-prod --api-key {v}", codefresh_key),
    S(
        GO,
        "codefresh_cfconfig",
        "$ cat ~/.cfconfig\ncontexts:\n  acme-prod:\n    type: APIKey\n    name: acme-prod\n"
        "    url: https://g.codefresh.io\n    token: {v}\ncurrent-context: acme-prod",
        codefresh_key,
    ),
    S(
        GO,
        "weave_gitops_dashboard_password",
        "$ gitops create dashboard ww-gitops --password='{v}' --export > ./clusters/prod-eu/weave-gitops-dashboard.yaml",
        password(14),
    ),
    # ---- look-alikes: age recipients, SOPS ciphertext, placeholders
    L(
        GO,
        "age_recipient",
        "$ sops encrypt --age {v} --encrypted-regex '^(data|stringData)$' secret.yaml > secret.enc.yaml",
        age_public,
    ),
    L(
        GO,
        "sops_enc_value",
        'stringData:\n    password: {v}\nsops:\n    lastmodified: "2024-06-03T09:51:12Z"',
        sops_enc,
    ),
    L(
        GO,
        "sops_age_enc_block",
        '  "sops": {\n    "age": [\n      {\n        "recipient": "{rcp}",\n        "enc": "{v}"\n      }\n    ],',
        age_armored,
        rcp=age_public,
    ),
    L(
        GO,
        "age_key_placeholder",
        "# .env.example: paste the identity from keys.txt, never commit it\nSOPS_AGE_KEY={v}",
        join("AGE-SECRET-KEY-1", "X" * 58),
    ),
    # ---- look-alikes: Sealed Secrets public material
    L(
        GO,
        "sealed_encrypted_data",
        "kind: SealedSecret\nmetadata:\n  name: ledger-db\n  namespace: payments\nspec:\n  encryptedData:\n"
        "    password: {v}",
        join("AgB", b64(729)),
    ),
    L(
        GO,
        "sealed_public_cert",
        "$ kubeseal --fetch-cert --controller-name=sealed-secrets --controller-namespace=kube-system\n"
        "-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        cert_body,
    ),
    # ---- look-alikes: Argo CD ids, revisions, references
    L(
        GO,
        "avp_placeholder",
        "stringData:\n  type: git\n  url: https://gitlab.com/acme-platform/k8s-manifests.git\n"
        "  username: argocd-reader\n  password: {v}",
        const("<path:secret/data/argocd/gitlab#token>"),
    ),
    L(
        GO,
        "argocd_token_id",
        "$ argocd account get --account ci-deployer\nName:               ci-deployer\nEnabled:            true\n"
        "Capabilities:       apiKey\n\nTokens:\nID                                    ISSUED AT                  EXPIRING AT\n"
        "{v}  2024-06-03T10:02:44+02:00  2024-07-03T10:02:44+02:00",
        uuid,
    ),
    L(
        GO,
        "argocd_sync_revision",
        "$ argocd app get payments-api -o json | jq -r .status.sync.revision\n{v}",
        sha40,
    ),
    L(
        GO,
        "github_app_installation_id",
        "$ argocd repocreds add https://github.com/acme-platform/ --github-app-id {app}"
        " --github-app-installation-id {v} --github-app-private-key-path ./acme-argocd.2024-06-03.private-key.pem",
        join(pick("123456789", 1), digits(7)),
        app=join(pick("123456789", 1), digits(5)),
    ),
    L(
        GO,
        "repo_add_placeholder",
        "argocd repo add https://github.com/acme-platform/gitops-apps --username acme-argocd --password {v}",
        const("<your-personal-access-token>"),
    ),
    # ---- look-alikes: Flux revisions, keys, hooks, masks
    L(
        GO,
        "flux_source_revision",
        "$ flux get sources git -n flux-system\nNAME       \tREVISION                                         \t"
        "SUSPENDED\tREADY\tMESSAGE\nflux-system\t{v}\tFalse    \tTrue \tstored artifact for revision '{v}'",
        join("main@sha1:", sha40),
    ),
    L(
        GO,
        "flux_deploy_key_public",
        "► generating source secret\n✔ public key: ecdsa-sha2-nistp384 {v}\n"
        '✔ configured deploy key "flux-system-main-flux-system-./clusters/prod-eu" for'
        ' "https://github.com/acme-platform/fleet-infra"',
        join("AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhB", b64(130), "=="),
    ),
    L(
        GO,
        "flux_receiver_path",
        "$ flux get receivers -n flux-system\nNAME           \tSUSPENDED\tREADY\tMESSAGE\n"
        "github-receiver\tFalse    \tTrue \tReceiver initialized for path: {v}",
        join("/hook/", hexl(64)),
    ),
    L(
        GO,
        "gha_masked",
        "Run flux bootstrap github --owner=acme-platform --repository=fleet-infra --path=clusters/staging\n"
        "  env:\n    GITHUB_TOKEN: {v}\n► connecting to github.com",
        const("***"),
    ),
    # ---- look-alikes: External Secrets Operator and Crossplane ids, hashes
    L(
        GO,
        "eso_secretsmanager_arn",
        "  data:\n  - secretKey: password\n    remoteRef:\n      key: {v}\n      property: password",
        join("arn:aws:secretsmanager:eu-central-1:", digits(12), ":secret:prod/payments/postgres-", b62(6)),
    ),
    L(
        GO,
        "eso_data_hash",
        "$ kubectl get secret ledger-db -n payments -o jsonpath="
        "'{.metadata.annotations.reconcile\\.external-secrets\\.io/data-hash}'\n{v}",
        hexl(32),
    ),
    L(
        GO,
        "crossplane_package_digest",
        "$ kubectl get providerrevisions\nNAME                          HEALTHY   REVISION   IMAGE"
        "                                            STATE    DEP-FOUND\nupbound-provider-aws-s3-3c1f0a   True      1"
        "          xpkg.upbound.io/upbound/provider-aws-s3@{v}   Active   1",
        join("sha256:", hexl(64)),
    ),
    L(
        GO,
        "crossplane_azure_client_id",
        '{\n  "clientId": "{v}",\n  "subscriptionId": "{sub}",\n  "tenantId": "{ten}",\n'
        '  "activeDirectoryEndpointUrl": "https://login.microsoftonline.com",',
        uuid,
        sub=uuid,
        ten=uuid,
    ),
    # ---- look-alikes: Helm, Argo Workflows, Spinnaker, Codefresh, Weave GitOps
    L(
        GO,
        "helm_oci_digest",
        "$ helm pull oci://registry.acme.internal/charts/payments-api --version 1.14.2\n"
        "Pulled: registry.acme.internal/charts/payments-api:1.14.2\nDigest: {v}",
        join("sha256:", hexl(64)),
    ),
    L(
        GO,
        "argo_workflow_uid",
        "$ argo submit -n argo --watch hello-world.yaml\nName:                hello-world-x7k2p\n"
        "Namespace:           argo\nServiceAccount:      jenkins\nStatus:              Running\nUID:                 {v}",
        uuid,
    ),
    L(
        GO,
        "spinnaker_encrypted_ref",
        "      accounts:\n      - name: acme-github-artifacts\n        token: {v}",
        const("encrypted:s3!r:eu-central-1!b:acme-spinnaker-secrets!f:halconfig-secrets.yml!k:github.token"),
    ),
    L(
        GO,
        "codefresh_var_ref",
        "  report_image:\n    title: Enrich image\n    type: codefresh-report-image\n    arguments:\n"
        "      CF_API_KEY: '{v}'\n      CF_IMAGE: ${{CF_REPO_NAME}}:${{CF_SHORT_REVISION}}",
        const("${{CF_API_KEY}}"),
    ),
    L(
        GO,
        "codefresh_account_id",
        '$ codefresh get pipelines payments/build -o json | jq .metadata\n{\n  "accountId": "{v}",\n'
        '  "project": "payments",',
        hexl(24),
    ),
    L(
        GO,
        "weave_password_ref",
        'PASSWORD="$(op read op://platform/weave-gitops/password)"\n'
        "gitops create dashboard ww-gitops --password={v} --export > dashboard.yaml",
        const("$PASSWORD"),
    ),
]
