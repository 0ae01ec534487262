"""A seventeenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the Kubernetes documentation (Secrets and their `data:`/`stringData:` maps,
`kubectl create secret generic|docker-registry`, `kubectl get|describe secret` output,
kubeconfig `client-key-data`/`certificate-authority-data`, bootstrap tokens of the form
`[a-z0-9]{6}.[a-z0-9]{16}` with a public token id and a private token secret, service
account tokens from `kubectl create token`, and the etcd EncryptionConfiguration with its
base64 aescbc keys), the Docker documentation (`docker login` and `--password-stdin`,
`~/.docker/config.json` `auths` entries whose `auth` is base64 of user:password, `credsStore`,
build secrets via `--secret id=...,env=...`, `docker inspect` output, compose files and swarm
`docker secret create`) and the Helm documentation (`--set` values, values.yaml,
`helm repo add --username --password`, `helm get values` output, release secrets and
`checksum/...` annotations). Every value is generated from a seeded random source in the
documented shape; none is copied from those pages and none is a key of a real account.

First score, blind, before any rule changed for it (after the rules for heldout 14 and 15):
22 of 24 secrets caught, 2 of 22 look-alikes altered (a password piped by
`printf '%s'` into `docker secret create`, `--requirepass` in a compose command list; a
Secret's name after `kubectl get secret`, a Helm `checksum/secret` annotation).
"""

from __future__ import annotations

import base64
import json

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64url,
    const,
    counting,
    digits,
    hexl,
    interleaved,
    join,
    keyboard_run,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

K, D, H = "kubernetes", "docker", "helm"


# --------------------------------------------------------------------------- local makers


def one_of(*options: str):
    return lambda rng: rng.choice(options)


def b64_of(maker):
    """Standard base64 of the text another maker produces (what `data:` and `auth` hold)."""
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def random_key_b64(nbytes: int):
    """base64 of `nbytes` random bytes, e.g. a 32-byte aescbc key for the etcd encryption config."""
    return lambda rng: base64.b64encode(bytes(rng.randrange(256) for _ in range(nbytes))).decode()


def _pem(label: str, der: bytes) -> str:
    body = base64.b64encode(der).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----\n"


def ec_key_data(rng):
    """kubeconfig client-key-data: base64 of a PEM P-256 EC private key with a random scalar."""
    priv = bytes(rng.randrange(256) for _ in range(32))
    pub = bytes(rng.randrange(256) for _ in range(64))
    der = bytes.fromhex("30770201010420") + priv + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + pub
    return base64.b64encode(_pem("EC PRIVATE KEY", der).encode()).decode()


def ca_cert_data(rng):
    """certificate-authority-data: base64 of a PEM certificate (public material)."""
    n = 740
    der = b"\x30\x82" + n.to_bytes(2, "big") + bytes(rng.randrange(256) for _ in range(n))
    return base64.b64encode(_pem("CERTIFICATE", der).encode()).decode()


def _b64url_json(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def sa_jwt(namespace: str, account: str):
    """A bound service-account token as `kubectl create token` prints it (RS256, random key id and signature)."""

    def make(rng):
        iat = 1_718_000_000 + rng.randrange(20_000_000)
        header = {"alg": "RS256", "kid": b64url(43)(rng)}
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
        return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)

    return make


def docker_auth(user: str, secret):
    """The `auth` field of ~/.docker/config.json: base64 of user:password."""
    return b64_of(join(user, ":", secret))


def dockerconfigjson(host: str, user: str):
    """`.dockerconfigjson` of a kubernetes.io/dockerconfigjson Secret: base64 of the whole config."""

    def make(rng):
        pw = b62(32)(rng)
        auth = base64.b64encode(f"{user}:{pw}".encode()).decode()
        cfg = {"auths": {host: {"username": user, "password": pw, "auth": auth}}}
        return base64.b64encode(json.dumps(cfg, separators=(",", ":")).encode()).decode()

    return make


BOOTSTRAP = join(lower_alnum(6), ".", lower_alnum(16))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 24, 2, 22, "the rules for 14 and 15")

TEMPLATES = [
    # ================================================================= secrets
    # ---- values under short, positional or vendor-specific flags
    S(
        K,
        "flag",
        "$ kubectl -n {ns} create secret generic warehouse-db --from-literal=user=wh_loader --from-literal=pass='{v}'",
        password(18),
        ns=one_of("inventory", "wms", "fulfilment"),
    ),
    S(
        K,
        "flag",
        "kubectl create secret docker-registry harbor-pull \\\n  --docker-server=harbor.tessera-labs.example \\\n  --docker-username=robot$ci-puller \\\n  --docker-password={v} \\\n  -n build-agents",
        b62(32),
    ),
    S(
        D,
        "short_flag",
        "$ docker login -u deploy-bot -p '{v}' cr.halvorsen.example:5443\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
        password(20),
    ),
    S(
        D,
        "positional",
        "- run: echo \"{v}\" | docker login quay.io -u 'meridian+gha_pusher' --password-stdin",
        upper_alnum(64),
    ),
    S(
        H,
        "set_flag",
        "$ helm upgrade --install orders-pg bitnami/postgresql -n orders --set auth.username=orders --set auth.postgresPassword='{v}' --set primary.persistence.size=20Gi",
        password(16),
    ),
    S(
        D,
        "build_secret_env",
        "$ SENTRY_AUTH={v} docker buildx build --secret id=sentry,env=SENTRY_AUTH --push -t ghcr.io/ortolan-io/web:main .",
        hexl(64),
    ),
    S(
        D,
        "positional",
        "$ printf '%s' '{v}' | docker secret create keycloak_admin_pw -\n{sid}",
        password(22),
        sid=lower_alnum(25),
    ),
    S(
        K,
        "short_flag",
        'kubectl -n {ns} patch secret smtp-relay -p \'{"data":{"smtp-pass":"{v}"}}\'',
        b64_of(password(16)),
        ns=one_of("mailer", "notify"),
    ),
    # ---- secrets in URLs
    S(
        H,
        "url_userinfo",
        '$ helm repo add tessera https://chartbot:{v}@charts.tessera-labs.example/stable\n"tessera" has been added to your repositories',
        b62(28),
    ),
    S(
        D,
        "url_userinfo",
        "RUN pip install --index-url https://__token__:{v}@pypi.quillfeather.example/simple/ quill-core==4.2.0",
        b62(40),
    ),
    S(
        H,
        "url_query",
        '$ helm install gateway "https://stchartsprod.blob.core.windows.net/charts/api-gateway-1.14.2.tgz?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-09-30T18:00:00Z&sig={v}"',
        join(b62(43), "%3D"),
    ),
    # ---- base64 in Secret data / docker auth
    S(
        K,
        "b64_data",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ledger-mysql\n  namespace: ledger\ntype: Opaque\ndata:\n  mysql-root-password: {v}",
        b64_of(password(20)),
    ),
    S(
        D,
        "docker_auth",
        '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"registry.gitlab.fenwick.example": {\n\t\t\t"auth": "{v}"\n\t\t}\n\t}\n}',
        docker_auth("fenwick-ci", b62(20)),
    ),
    S(
        K,
        "dockerconfigjson",
        "data:\n  .dockerconfigjson: {v}\nkind: Secret\nmetadata:\n  name: nexus-pull\ntype: kubernetes.io/dockerconfigjson",
        dockerconfigjson("nexus.copperline.example:8443", "svc-puller"),
    ),
    # ---- bootstrap tokens, service-account tokens, kubeconfig and etcd keys
    S(
        K,
        "bootstrap_token",
        "kubeadm join 10.40.0.11:6443 --token {v} \\\n\t--discovery-token-ca-cert-hash sha256:{h}",
        BOOTSTRAP,
        h=hexl(64),
    ),
    S(
        K,
        "bootstrap_token",
        'stringData:\n  token-id: "{tid}"\n  token-secret: "{v}"\n  usage-bootstrap-authentication: "true"',
        lower_alnum(16),
        tid=lower_alnum(6),
    ),
    S(
        K,
        "sa_jwt",
        "$ kubectl -n argo create token workflow-runner --duration=2h\n{v}",
        sa_jwt("argo", "workflow-runner"),
    ),
    S(K, "kubeconfig_key", "users:\n- name: kind-sandbox\n  user:\n    client-key-data: {v}", ec_key_data),
    S(
        K,
        "etcd_key",
        "providers:\n  - aescbc:\n      keys:\n        - name: key-2025-05\n          secret: {v}\n  - identity: {}",
        random_key_b64(32),
    ),
    # ---- named secrets in less common spellings and positions
    S(H, "values_key", '# values-prod.yaml\nminio:\n  rootUser: storage-admin\n  rootPassword: "{v}"', password(24)),
    S(
        H,
        "helm_get_values",
        "$ helm get values analytics -n bi\nUSER-SUPPLIED VALUES:\nsuperset:\n  adminPass: {v}\n  adminUser: admin",
        b62(18),
    ),
    S(
        K,
        "kustomize_literal",
        "secretGenerator:\n- name: auth-service\n  literals:\n  - jwtSecret={v}\n  - issuer=auth.pellucid.example",
        b64url(48),
    ),
    S(
        D,
        "compose_command",
        '  cache:\n    image: redis:7.2-alpine\n    command: ["redis-server", "--requirepass", "{v}", "--appendonly", "yes"]',
        b62(26),
    ),
    S(
        D,
        "inspect_env",
        '$ docker inspect -f \'{{json .Config.Env}}\' mq-broker\n["RABBITMQ_DEFAULT_USER=orders","RABBITMQ_DEFAULT_PASS={v}","PATH=/opt/rabbitmq/sbin:/usr/local/sbin:/usr/local/bin"]',
        password(19),
    ),
    # ================================================================= look-alikes
    # ---- base64 data that decodes to ordinary words
    L(
        K,
        "b64_nonsecret",
        "data:\n  db-user: {v}\n  db-port: {port}",
        b64_of(one_of("svc_ledger", "reporting_ro", "etl_reader")),
        port=b64_of(one_of("5432", "6432")),
    ),
    L(
        K,
        "b64_nonsecret",
        "$ kubectl get secret pg-conn -o jsonpath='{.data.host}'\n{v}",
        b64_of(one_of("pg-primary.data.svc.cluster.local", "mariadb-0.mariadb-headless.shop.svc")),
    ),
    L(K, "b64_nonsecret", "binaryData:\n  feature-flags-enabled: {v}", b64_of(const("true"))),
    # ---- names and references of secrets
    L(
        K,
        "ref_name",
        "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: {v}\n              key: password",
        one_of("ledger-postgres-credentials", "billing-db-auth"),
    ),
    L(
        H,
        "ref_name",
        "auth:\n  existingSecret: {v}\n  existingSecretPasswordKey: redis-password\n  enabled: true",
        one_of("sessions-redis-auth", "cache-redis-secret"),
    ),
    L(
        K,
        "table",
        "$ kubectl get secrets -n checkout\nNAME                                  TYPE                             DATA   AGE\n{v}       helm.sh/release.v1               1      41d\nregistry-pull                         kubernetes.io/dockerconfigjson   1      212d",
        join("sh.helm.release.v1.checkout.v", digits(2)),
    ),
    L(
        K,
        "key_name",
        "$ kubectl describe secret grafana-admin -n observability\nName:         grafana-admin\nType:         Opaque\n\nData\n====\n{v}:  20 bytes\nadmin-user:      5 bytes",
        const("admin-password"),
    ),
    # ---- public halves and public material
    L(
        K,
        "token_id",
        "$ kubectl -n kube-system get secret bootstrap-token-{v} -o jsonpath='{.data.expiration}' | base64 -d",
        lower_alnum(6),
    ),
    L(
        K,
        "ca_data",
        "clusters:\n- cluster:\n    certificate-authority-data: {v}\n    server: https://10.40.0.11:6443\n  name: kind-sandbox",
        ca_cert_data,
    ),
    # ---- digests, ids, hashes
    L(K, "digest", "    image: ghcr.io/ortolan-io/worker@sha256:{v}", hexl(64)),
    L(
        K,
        "uid",
        'metadata:\n  creationTimestamp: "2025-04-02T07:51:19Z"\n  name: smtp-relay\n  resourceVersion: "{rv}"\n  uid: {v}',
        uuid,
        rv=join(one_of("1", "2", "3", "5", "8"), digits(7)),
    ),
    L(H, "hash", "      annotations:\n        checksum/secret: {v}", hexl(64)),
    L(
        D,
        "container_id",
        "$ docker run -d --name mq-broker --env-file ./mq.env rabbitmq:3.13-management\n{v}",
        hexl(64),
    ),
    L(D, "hash", 'LABEL org.opencontainers.image.revision="{v}"', hexl(40)),
    # ---- placeholders and documentation examples
    L(
        H,
        "placeholder",
        "$ helm install demo ./charts/shop --set mysql.auth.rootPassword={v}  # local kind cluster only, from README",
        interleaved(12),
    ),
    L(H, "placeholder", '  # example only, override in values-prod.yaml\n  jwtSecret: "{v}"', keyboard_run(24)),
    L(D, "placeholder", "docker login -u <username> -p {v} myregistry.azurecr.io", const("<password>")),
    L(H, "placeholder", "redis:\n  auth:\n    password: {v}  # default, must be overridden", const("CHANGEME")),
    L(
        K,
        "doc_example",
        "Bootstrap tokens take the form {v}: a token id, a dot and a token secret.",
        join(alphabet_run(6, offset=False), ".", counting(16, hex_digits=True)),
    ),
    # ---- non-secret values under secret-sounding names
    L(K, "named_non_secret", "type: {v}", const("kubernetes.io/dockerconfigjson")),
    L(
        H,
        "named_non_secret",
        "keycloak:\n  passwordPolicy:\n    passwordMinLength: {v}\n  tokenTTL: 24h0m0s",
        const("12"),
    ),
    L(
        K,
        "path",
        "        volumeMounts:\n        - name: api-token\n          mountPath: {v}\n          readOnly: true",
        const("/var/run/secrets/kubernetes.io/serviceaccount"),
    ),
]
