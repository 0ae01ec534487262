"""A forty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of Kubernetes operators and cluster add-ons: External Secrets Operator
(SecretStore/ClusterSecretStore provider auth for Vault, AWS Secrets Manager, Doppler, Scaleway and
Bitwarden Secrets Manager, ExternalSecret remoteRef and target templates), Sealed Secrets (kubeseal,
`--fetch-cert`, `--raw`, encryptedData beside the plain Secret, the sealed-secrets-key backup), the Vault
Agent injector and vault-k8s (annotations, rendered `/vault/secrets` files, `vault operator init` output,
the Kubernetes auth method's `token_reviewer_jwt` and login response), cert-manager Issuers (ACME
external account binding keyID and MAC key, DNS01 solver secrets for Cloudflare and DigitalOcean,
Venafi TPP credentials and caBundle), Istio (plugged-in CA certs, RequestAuthentication JWT rules with
inline JWKS and tokens in query parameters) and Linkerd (trust anchor and issuer key, `--set-file`),
Crossplane provider credentials (AWS credentials file in a Secret, Azure `--sdk-auth` output), Helm
`--set` passwords, kustomize secretGenerator literals and hash-suffixed names, and Kubernetes Dashboard
bearer tokens, in commands, manifests and tool output, with the public ids, references, placeholders
and certificates the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 45):
24 of 25 secrets caught, 3 of 24 look-alikes altered (missed: Vault's `unseal_keys_hex` in `operator init`'s
JSON list; altered: a SealedSecret's `encryptedData` (ciphertext), the certificate `kubeseal --fetch-cert`
saved and `cat` printed, a template's `{{ .password }}` in a DSN).
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
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

K8 = "k8sops"


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def _b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _lines(s: str, width: int = 64) -> str:
    return "\n".join(s[i : i + width] for i in range(0, len(s), width))


def sa_jwt(namespace: str, account: str):
    """A projected Kubernetes service-account token (RS256), as `kubectl create token` prints it."""

    def make(rng: random.Random) -> str:
        header = {"alg": "RS256", "kid": b64url(43)(rng)}
        iat = 1714000000 + rng.randrange(20000000)
        payload = {
            "aud": ["https://kubernetes.default.svc.cluster.local"],
            "exp": iat + 3600,
            "iat": iat,
            "iss": "https://kubernetes.default.svc.cluster.local",
            "kubernetes.io": {
                "namespace": namespace,
                "serviceaccount": {"name": account, "uid": uuid(rng)},
            },
            "nbf": iat,
            "sub": f"system:serviceaccount:{namespace}:{account}",
        }
        parts = [json.dumps(header, separators=(",", ":")), json.dumps(payload, separators=(",", ":"))]
        return ".".join(_b64url_nopad(p.encode()) for p in parts) + "." + _b64url_nopad(_bytes(rng, 256))

    return make


def istio_style_jwt(rng: random.Random) -> str:
    """An RS256 end-user JWT from a custom issuer, checked by a RequestAuthentication rule."""
    iat = 1714000000 + rng.randrange(20000000)
    header = {"alg": "RS256", "kid": b64url(32)(rng), "typ": "JWT"}
    payload = {
        "exp": iat + 86400,
        "groups": ["group1", "group2"],
        "iat": iat,
        "iss": "auth@ledgerline.dev",
        "sub": "auth@ledgerline.dev",
    }
    parts = [json.dumps(header, separators=(",", ":")), json.dumps(payload, separators=(",", ":"))]
    return ".".join(_b64url_nopad(p.encode()) for p in parts) + "." + _b64url_nopad(_bytes(rng, 256))


def ec_p256_body(rng: random.Random) -> str:
    """The base64 body of a SEC1 `EC PRIVATE KEY` on P-256, in 64-character lines."""
    der = (
        bytes.fromhex("30770201010420")
        + _bytes(rng, 32)
        + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
        + b"\x04"
        + _bytes(rng, 64)
    )
    return _lines(base64.b64encode(der).decode())


def rsa_pkcs1_body(n_lines: int, head: str):
    """An RSA PKCS#1 private key body: a fixed DER head then random base64, in 64-character lines."""

    def make(rng: random.Random) -> str:
        lines = [head + b64(64 - len(head))(rng)] + [b64(64)(rng) for _ in range(n_lines - 2)] + [b64(40)(rng) + "=="]
        return "\n".join(lines)

    return make


def pem_base64(label: str, body):
    """A whole PEM file base64-encoded once more, as it sits in a Secret's `data`."""

    def make(rng: random.Random) -> str:
        pem = f"-----BEGIN {label}-----\n{body(rng)}\n-----END {label}-----\n"
        return base64.b64encode(pem.encode()).decode()

    return make


def cert_body(rng: random.Random) -> str:
    """The base64 body of an X.509 certificate (public), in 64-character lines."""
    der = bytes.fromhex("308205") + _bytes(rng, 1) + bytes.fromhex("30820395a0030201020210") + _bytes(rng, 700)
    return _lines(base64.b64encode(der).decode())


def sealed_value(plain_len: int):
    """A Sealed Secrets `encryptedData` value: 2-byte length, RSA-4096-wrapped session key, AES-GCM body."""

    def make(rng: random.Random) -> str:
        raw = b"\x02\x00" + _bytes(rng, 512) + _bytes(rng, plain_len + 16)
        return base64.b64encode(raw).decode()

    return make


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def aws_creds_file(rng: random.Random) -> str:
    text = f"[default]\naws_access_key_id = AKIA{upper_alnum(16)(rng)}\naws_secret_access_key = {b64(40)(rng)}\n"
    return base64.b64encode(text.encode()).decode()


def jwks_modulus(rng: random.Random) -> str:
    return _b64url_nopad(b"\xc4" + _bytes(rng, 255))


AZ = B62 + "_-.~"
azure_client_secret = join(pick(AZ, 3), digits(1), "Q~", pick(AZ, 34))
kustomize_suffix = pick("bcdfghkmt2456789", 10)
k8s_suffix = pick("bcdfghjklmnpqrstvwxz2456789", 5)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 3, 24, "the rules for 24 to 45")

TEMPLATES = [
    # ---- secrets: External Secrets Operator provider auth
    S(
        K8,
        "doppler_service_token",
        "$ HISTIGNORE='*kubectl*' kubectl create secret generic doppler-token-auth-api \\\n"
        '    --from-literal dopplerToken="{v}" -n external-secrets',
        join("dp.st.prd.", b62(40)),
    ),
    S(
        K8,
        "vault_token_secret_data",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: vault-token\n  namespace: external-secrets\n"
        "data:\n  token: {v}",
        b64_of(join("hvs.", b62(24))),
    ),
    S(
        K8,
        "eso_aws_secret_key",
        "$ kubectl create secret generic awssm-secret -n payments \\\n"
        "    --from-literal=access-key=AKIA{kid} \\\n    --from-literal=secret-access-key={v}",
        b64(40),
        kid=upper_alnum(16),
    ),
    S(
        K8,
        "scaleway_secret_key",
        "export SCW_DEFAULT_PROJECT_ID={proj}\nexport SCW_SECRET_KEY={v}\n"
        "kubectl create secret generic scw-secret --from-literal=secret-key=$SCW_SECRET_KEY",
        uuid,
        proj=uuid,
    ),
    S(
        K8,
        "bitwarden_machine_token",
        '$ kubectl create secret generic bitwarden-access-token -n external-secrets \\\n    --from-literal=token="{v}"',
        join("0.", uuid, ".", b62(30), ":", b64(22), "=="),
    ),
    # ---- secrets: Sealed Secrets
    S(
        K8,
        "seal_input_literal",
        "$ echo -n '{v}' | kubectl create secret generic stripe-webhook --dry-run=client \\\n"
        "    --from-file=signing-secret=/dev/stdin -o json > stripe-webhook.json\n"
        "$ kubeseal -f stripe-webhook.json -w stripe-webhook-sealed.json",
        password(24),
    ),
    S(
        K8,
        "sealed_secrets_master_key",
        "$ kubectl get secret -n kube-system -l sealedsecrets.bitnami.com/sealed-secrets-key -o yaml\n"
        "apiVersion: v1\nitems:\n- apiVersion: v1\n  data:\n    tls.key: {v}\n  kind: Secret",
        pem_base64("RSA PRIVATE KEY", rsa_pkcs1_body(51, "MIIJKAIBAAKCAgEA")),
    ),
    # ---- secrets: Vault, the agent injector and vault-k8s
    S(
        K8,
        "vault_unseal_hex",
        "$ kubectl exec vault-0 -n vault -- vault operator init -key-shares=1 -key-threshold=1 -format=json\n"
        '{\n  "unseal_keys_b64": [\n    "{ub64}"\n  ],\n  "unseal_keys_hex": [\n    "{v}"\n  ],\n  "unseal_shares": 1,',
        hexl(64),
        ub64=b64(43, "="),
    ),
    S(
        K8,
        "vault_root_token",
        "Unseal Key 1: {unseal}\n\nInitial Root Token: {v}\n\n"
        "Vault initialized with 1 key shares and a key threshold of 1.",
        join("hvs.", b62(24)),
        unseal=b64(43, "="),
    ),
    S(
        K8,
        "vault_service_token",
        "$ vault write auth/kubernetes/login role=internal-app jwt=@/var/run/secrets/kubernetes.io/serviceaccount/token\n"
        "Key                                       Value\n---                                       -----\n"
        "token                                     {v}\ntoken_duration                            24h",
        join("hvs.CAESI", b64url(86)),
    ),
    S(
        K8,
        "vault_legacy_client_token",
        '{\n  "auth": {\n    "client_token": "{v}",\n    "policies": ["default", "internal-app"],\n'
        '    "metadata": {"role": "internal-app", "service_account_namespace": "default"},',
        uuid,
    ),
    S(
        K8,
        "token_reviewer_jwt",
        '$ vault write auth/kubernetes/config \\\n    token_reviewer_jwt="{v}" \\\n'
        "    kubernetes_host=https://10.96.0.1:443 kubernetes_ca_cert=@ca.crt",
        sa_jwt("vault", "vault-auth"),
    ),
    S(
        K8,
        "vault_rendered_dsn",
        "$ kubectl exec orders-7c9d5b8f6-x2klq -c orders -- cat /vault/secrets/database-config.txt\n"
        "postgresql://orders-readonly:{v}@postgres.db.svc:5432/orders?sslmode=require",
        b62(20),
    ),
    # ---- secrets: cert-manager issuers
    S(
        K8,
        "acme_eab_hmac",
        "$ kubectl create secret generic zerossl-eab -n cert-manager --from-literal=secret='{v}'",
        b64url(86),
    ),
    S(
        K8,
        "cloudflare_api_token",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: cloudflare-api-token-secret\n  namespace: cert-manager\n"
        "type: Opaque\nstringData:\n  api-token: {v}",
        pick(B62 + "_-", 40),
    ),
    S(
        K8,
        "digitalocean_dns_token",
        "stringData:\n  # DO token with write access, used by the dns01 solver\n  access-token: {v}",
        join("dop_v1_", hexl(64)),
    ),
    S(
        K8,
        "venafi_tpp_password",
        "$ kubectl create secret generic tpp-secret --namespace=cert-manager \\\n"
        "    --from-literal=username='svc-certmgr' --from-literal=password='{v}'",
        password(16),
    ),
    # ---- secrets: Istio and Linkerd
    S(
        K8,
        "istio_ca_key",
        "$ cat certs/cluster1/ca-key.pem\n-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_pkcs1_body(25, "MIIEowIBAAKCAQEA"),
    ),
    S(
        K8,
        "jwt_query_param",
        '$ curl -s "http://$INGRESS_HOST:$INGRESS_PORT/headers?access_token={v}" -o /dev/null -w "%{http_code}\\n"\n200',
        istio_style_jwt,
    ),
    S(
        K8,
        "linkerd_issuer_key",
        "$ cat issuer.key\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----\n"
        "$ helm install linkerd-control-plane linkerd/linkerd-control-plane -n linkerd \\\n"
        "    --set-file identity.issuer.tls.keyPEM=issuer.key",
        ec_p256_body,
    ),
    # ---- secrets: Crossplane, Helm, kustomize, Dashboard
    S(
        K8,
        "crossplane_aws_creds_b64",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws-secret\n  namespace: crossplane-system\n"
        "type: Opaque\ndata:\n  creds: {v}",
        aws_creds_file,
    ),
    S(
        K8,
        "azure_sdk_auth_secret",
        "$ az ad sp create-for-rbac --sdk-auth --role Owner --scopes /subscriptions/{sub} > azure-credentials.json\n"
        '{\n  "clientId": "{cid}",\n  "clientSecret": "{v}",\n  "subscriptionId": "{sub}",',
        azure_client_secret,
        sub=uuid,
        cid=uuid,
    ),
    S(
        K8,
        "helm_set_password",
        "$ helm upgrade --install kube-prometheus-stack prometheus-community/kube-prometheus-stack \\\n"
        "    -n monitoring --create-namespace --set grafana.adminPassword='{v}'",
        password(18),
    ),
    S(
        K8,
        "kustomize_literal",
        "secretGenerator:\n- name: ledger-db\n  literals:\n  - username=ledger_app\n  - password={v}",
        b62(22),
    ),
    S(
        K8,
        "dashboard_token",
        "$ kubectl -n kubernetes-dashboard create token admin-user\n{v}",
        sa_jwt("kubernetes-dashboard", "admin-user"),
    ),
    # ---- look-alikes: ciphertext and public certificates
    L(
        K8,
        "sealed_encrypted_data",
        "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: stripe-webhook\n"
        "  namespace: payments\nspec:\n  encryptedData:\n    signing-secret: {v}",
        sealed_value(24),
        note="encryptedData is documented as safe to commit, even to a public repository",
    ),
    L(
        K8,
        "kubeseal_raw_output",
        '$ echo -n "$DB_PASSWORD" | kubeseal --raw --namespace payments --name ledger-db --from-file=/dev/stdin\n{v}',
        sealed_value(20),
    ),
    L(
        K8,
        "kubeseal_cert",
        "$ kubeseal --fetch-cert --controller-namespace kube-system > pub-sealed-secrets.pem\n"
        "$ cat pub-sealed-secrets.pem\n-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        cert_body,
    ),
    L(
        K8,
        "venafi_ca_bundle",
        "  venafi:\n    zone: \\VED\\Policy\\Teams\\Payments\n    tpp:\n      url: https://tpp.ledgerline.dev/vedsdk\n"
        "      caBundle: {v}\n      credentialsRef:\n        name: tpp-secret",
        pem_base64("CERTIFICATE", cert_body),
    ),
    L(
        K8,
        "linkerd_trust_anchor",
        "identityTrustAnchorsPEM: |\n  -----BEGIN CERTIFICATE-----\n{v}\n  -----END CERTIFICATE-----",
        lambda rng: "\n".join("  " + line for line in cert_body(rng).split("\n")),
    ),
    L(
        K8,
        "jwks_modulus",
        '  jwtRules:\n  - issuer: "auth@ledgerline.dev"\n    jwks: |\n      { "keys": [ { "e": "AQAB", "kid": "{kid}",'
        ' "kty": "RSA", "n": "{v}" } ] }',
        jwks_modulus,
        kid=b64url(32),
    ),
    # ---- look-alikes: ids, names and references
    L(
        K8,
        "eab_key_id",
        "    externalAccountBinding:\n      keyID: {v}\n      keySecretRef:\n        name: zerossl-eab\n"
        "        key: secret",
        b64url(22),
    ),
    L(
        K8,
        "acme_account_key_ref",
        "  acme:\n    server: https://acme-v02.api.letsencrypt.org/directory\n    privateKeySecretRef:\n"
        "      name: {v}",
        const("letsencrypt-prod-account-key"),
    ),
    L(
        K8,
        "solver_secret_key_ref",
        "      - dns01:\n          cloudflare:\n            apiTokenSecretRef:\n"
        "              name: cloudflare-api-token-secret\n              key: {v}",
        const("api-token"),
    ),
    L(
        K8,
        "secretsmanager_arn",
        "  data:\n  - secretKey: password\n    remoteRef:\n      key: {v}\n      property: password",
        join("arn:aws:secretsmanager:eu-central-1:", digits(12), ":secret:prod/ledger/db-", b62(6)),
    ),
    L(
        K8,
        "eso_template_dsn",
        "  target:\n    template:\n      engineVersion: v2\n      data:\n        DATABASE_URL: {v}",
        const('"postgresql://{{ .username }}:{{ .password }}@postgres.db.svc:5432/ledger"'),
    ),
    L(
        K8,
        "vault_inject_path",
        "      annotations:\n        vault.hashicorp.com/agent-inject: 'true'\n"
        "        vault.hashicorp.com/role: 'internal-app'\n"
        "        vault.hashicorp.com/agent-inject-secret-database-config.txt: '{v}'",
        const("internal/data/database/config"),
    ),
    L(
        K8,
        "scaleway_project_id",
        "    scaleway:\n      region: fr-par\n      projectId: {v}\n      secretKey:\n        secretRef:\n"
        "          name: scw-secret\n          key: secret-key",
        uuid,
    ),
    L(
        K8,
        "azure_client_id",
        "Service principal created for Crossplane provider-azure; appId / clientId is {v}"
        " (the secret stays in azure-credentials.json).",
        uuid,
    ),
    L(
        K8,
        "request_principal",
        '  rules:\n  - from:\n    - source:\n        requestPrincipals: ["{v}"]',
        const("auth@ledgerline.dev/auth@ledgerline.dev"),
    ),
    L(
        K8,
        "istio_cacerts_paths",
        "$ kubectl create secret generic cacerts -n istio-system \\\n      --from-file=cluster1/ca-cert.pem \\\n"
        "      --from-file={v} \\\n      --from-file=cluster1/root-cert.pem \\\n"
        "      --from-file=cluster1/cert-chain.pem",
        const("cluster1/ca-key.pem"),
    ),
    L(
        K8,
        "kustomize_hashed_name",
        "$ kubectl apply -k overlays/prod\nsecret/ledger-db-{v} created\ndeployment.apps/ledger configured",
        kustomize_suffix,
    ),
    L(
        K8,
        "sa_token_secret_name",
        "$ kubectl -n kubernetes-dashboard get secrets\nNAME                     TYPE"
        "                                  DATA   AGE\n{v}   kubernetes.io/service-account-token   3      41d",
        join("admin-user-token-", k8s_suffix),
    ),
    L(
        K8,
        "dashboard_jsonpath",
        "$ kubectl get secret admin-user -n kubernetes-dashboard -o jsonpath={v} | base64 -d",
        const('"{.data.token}"'),
    ),
    L(
        K8,
        "helm_chart_digest",
        "$ helm pull oci://ghcr.io/external-secrets/charts/external-secrets --version 0.10.4\n"
        "Pulled: ghcr.io/external-secrets/charts/external-secrets:0.10.4\nDigest: {v}",
        join("sha256:", hexl(64)),
    ),
    # ---- look-alikes: placeholders, shell references and masks
    L(
        K8,
        "doppler_placeholder",
        "# replace with the service token from the Access tab\n"
        'kubectl create secret generic doppler-token-auth-api --from-literal dopplerToken="{v}"',
        const("dp.st.prd." + "x" * 40),
    ),
    L(
        K8,
        "helm_env_reference",
        "$ helm upgrade --install kube-prometheus-stack prometheus-community/kube-prometheus-stack \\\n"
        '    -n monitoring --set grafana.adminPassword="{v}"',
        const("${GRAFANA_ADMIN_PASSWORD}"),
    ),
    L(
        K8,
        "kustomize_placeholder",
        "# kustomization.yaml.example\nsecretGenerator:\n- name: ledger-db\n  literals:\n  - password={v}",
        interleaved(18),
    ),
    L(
        K8,
        "aws_masked_key",
        "$ aws configure list\n      Name                    Value             Type    Location\n"
        "access_key     ****************{kid} shared-credentials-file\n"
        "secret_key     {v} shared-credentials-file",
        join("****************", upper_alnum(4)),
        kid=upper_alnum(4),
    ),
]
