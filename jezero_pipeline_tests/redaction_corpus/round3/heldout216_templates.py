"""A two-hundred-and-sixteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of Kubernetes cluster bootstrapping and node joining: kubeadm
(`kubeadm init` / `kubeadm join` output, `--token`, `--certificate-key`, `kubeadm token create
[token]`, JoinConfiguration, `config print init-defaults`, `--discovery-token-ca-cert-hash`),
bootstrap-token Secrets (`bootstrap-token-<id>`, `token-id` / `token-secret`, `system:bootstrap:<id>`),
service account tokens (`kubectl create token`, legacy `kubernetes.io/service-account-token`
Secrets, bearer headers, the Python client), K3s and RKE2 (secure `K10<ca-hash>::server:<secret>`
tokens, bootstrap `K10…::<id>.<secret>` tokens, `node-token`, `agent-token`, config.yaml,
`token rotate`), Rancher (cluster registration tokens in `rancher-agent --token` and
`/v3/import/<token>_<cluster>.yaml`, `--ca-checksum`, `c-m-` cluster ids, `token-` names),
MicroK8s (`add-node --token`, `join <ip>:25000/<token>/<fingerprint>`), Talos (machine and
trustd tokens, `secretboxEncryptionSecret`, talosconfig keys, factory schematic ids, SOPS and
`ref+op://` references), k0s (gzip+base64 join tokens, `token list` ids), kops (`get secrets
-oplaintext`, keypair ids, SSH public keys), kind and minikube kubeconfigs (`client-key-data`,
`certificate-authority-data`, key paths) and Amazon EKS node bootstrap (`--b64-cluster-ca`),
in commands, their output, config files and code, with the public ids the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
22 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a kubeadm token as `kubeadm token
create`'s argument, Rancher's registration token in an `/v3/import/<token>_<cluster>.yaml` URL,
MicroK8s's join token in `microk8s join <address>/<token>/<hash>`, a kops secret printed by `get
secrets -oplaintext`; altered: EKS's base64 cluster CA after `--b64-cluster-ca`).
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
    hexu,
    join,
    lower_alnum,
    pick,
    uuid,
)

K8B = "k8sbootstrap"

RANCHER_CHARS = "bcdfghjklmnpqrstvwxz2456789"

bootstrap_token = join(lower_alnum(6), ".", lower_alnum(16))
k3s_server_token = join("K10", hexl(64), "::server:", hexl(32))
k3s_bootstrap_token = join("K10", hexl(64), "::", lower_alnum(6), ".", lower_alnum(16))
rancher_token = pick(RANCHER_CHARS, 54)


def pem_b64(label: str, head: str, n: int, pad: str = ""):
    """A PEM block (64-character lines) of `label`, itself base64-encoded as kubeconfigs embed it."""

    def make(rng: random.Random) -> str:
        body = head + b64(n)(rng) + pad
        lines = [body[i : i + 64] for i in range(0, len(body), 64)]
        pem = f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----\n"
        return base64.b64encode(pem.encode()).decode()

    return make


rsa_key_b64 = pem_b64("RSA PRIVATE KEY", "MIIEpAIBAAKCAQEA", 1572)
ed25519_key_b64 = pem_b64("ED25519 PRIVATE KEY", "MC4CAQAwBQYDK2VwBCIEI", 43)
rsa_cert_b64 = pem_b64("CERTIFICATE", "MIIDBTCCAe2gAwIBAgII", 1023, "=")
ed25519_cert_b64 = pem_b64("CERTIFICATE", "MIIBPzCB8qADAgECAhEA", 519, "=")


def _b64url_json(d: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")


def sa_jwt(ns: str, sa: str):
    """A bound service account token (RS256 JWT) as `kubectl create token` prints it."""

    def make(rng: random.Random) -> str:
        iat = rng.randrange(1_700_000_000, 1_760_000_000)
        iss = "https://kubernetes.default.svc.cluster.local"
        header = {"alg": "RS256", "kid": b64url(43)(rng)}
        payload = {
            "aud": [iss],
            "exp": iat + 31_536_000,
            "iat": iat,
            "iss": iss,
            "jti": uuid(rng),
            "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": sa, "uid": uuid(rng)}},
            "nbf": iat,
            "sub": f"system:serviceaccount:{ns}:{sa}",
        }
        return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)

    return make


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 1, 25, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: kubeadm
    S(
        K8B,
        "kubeadm_init_join_banner",
        "Then you can join any number of worker nodes by running the following on each as root:\n\n"
        "kubeadm join 10.40.0.10:6443 --token {v} \\\n\t--discovery-token-ca-cert-hash sha256:{hash}",
        bootstrap_token,
        hash=hexl(64),
    ),
    S(
        K8B,
        "kubeadm_token_create_positional",
        '$ sudo kubeadm token create {v} --ttl 2h --description "rack-b workers" --print-join-command',
        bootstrap_token,
    ),
    S(
        K8B,
        "kubeadm_certificate_key_output",
        "$ sudo kubeadm init phase upload-certs --upload-certs\n"
        '[upload-certs] Storing the certificates in Secret "kubeadm-certs" in the "kube-system" Namespace\n'
        "[upload-certs] Using certificate key:\n{v}",
        hexl(64),
    ),
    S(
        K8B,
        "kubeadm_control_plane_join",
        '$ sudo kubeadm join k8s-api.lab.internal:6443 --token "$JOIN_TOKEN" --discovery-token-ca-cert-hash "sha256:$CA_HASH"'
        " --control-plane --certificate-key {v} --apiserver-advertise-address 10.40.0.12",
        hexl(64),
    ),
    S(
        K8B,
        "kubeadm_join_configuration",
        "apiVersion: kubeadm.k8s.io/v1beta3\nkind: JoinConfiguration\ndiscovery:\n  bootstrapToken:\n"
        '    apiServerEndpoint: 10.40.0.10:6443\n    token: "{v}"\n    caCertHashes:\n      - "sha256:{hash}"\n'
        "nodeRegistration:\n  name: worker-03",
        bootstrap_token,
        hash=hexl(64),
    ),
    S(
        K8B,
        "bootstrap_token_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: bootstrap-token-{id}\n  namespace: kube-system\n"
        'type: bootstrap.kubernetes.io/token\nstringData:\n  token-id: "{id}"\n  token-secret: "{v}"\n'
        '  usage-bootstrap-authentication: "true"\n  usage-bootstrap-signing: "true"',
        lower_alnum(16),
        id=lower_alnum(6),
    ),
    # ---- secrets: K3s and RKE2
    S(
        K8B,
        "k3s_install_env",
        "$ curl -sfL https://get.k3s.io | K3S_URL=https://10.0.4.21:6443 K3S_TOKEN={v} sh -s - agent --node-label pool=edge",
        k3s_server_token,
    ),
    S(K8B, "k3s_node_token_cat", "$ sudo cat /var/lib/rancher/k3s/server/node-token\n{v}", k3s_server_token),
    S(
        K8B,
        "k3s_token_create_output",
        '$ sudo k3s token create --ttl 2h --description "join edge-07"\n{v}',
        k3s_bootstrap_token,
    ),
    S(
        K8B,
        "k3s_agent_token_config",
        '$ sudo cat /etc/rancher/k3s/config.yaml\nwrite-kubeconfig-mode: "0644"\ncluster-init: true\n'
        'agent-token: "{v}"\ntls-san:\n  - k3s.lab.internal',
        b62(28),
    ),
    S(
        K8B,
        "rke2_config_token",
        'server: https://rke2-cp-1.corp.internal:9345\ntoken: {v}\nnode-label:\n  - "node.kubernetes.io/pool=gpu"',
        k3s_server_token,
    ),
    S(
        K8B,
        "rke2_token_rotate",
        '$ sudo rke2 token rotate --token "$(cat /var/lib/rancher/rke2/server/token)" --new-token {v}',
        b62(40),
    ),
    # ---- secrets: Rancher registration
    S(
        K8B,
        "rancher_agent_token",
        "$ sudo docker run -d --privileged --restart=unless-stopped --net=host -v /etc/kubernetes:/etc/kubernetes"
        " -v /var/run:/var/run rancher/rancher-agent:v2.7.9 --server https://rancher.ops.internal"
        " --token {v} --ca-checksum {sum} --etcd --controlplane --worker",
        rancher_token,
        sum=hexl(64),
    ),
    S(
        K8B,
        "rancher_import_url",
        "$ curl --insecure -sfL https://rancher.ops.internal/v3/import/{v}_c-m-{cid}.yaml | kubectl apply -f -",
        rancher_token,
        cid=lower_alnum(8),
    ),
    # ---- secrets: MicroK8s
    S(
        K8B,
        "microk8s_join_output",
        "From the node you wish to join to this cluster, run the following:\n"
        "microk8s join 10.0.0.31:25000/{v}/{fp}\n\n"
        "Use the '--worker' flag to join a node as a worker not running the control plane, eg:\n"
        "microk8s join 10.0.0.31:25000/{v}/{fp} --worker",
        hexl(32),
        fp=hexl(12),
    ),
    S(K8B, "microk8s_add_node_token", "$ microk8s add-node --token {v} --token-ttl 3600", hexl(32)),
    # ---- secrets: Talos
    S(
        K8B,
        "talos_machine_token",
        "$ talosctl -n 10.5.0.3 get machineconfig -o yaml | yq '.spec' | head -6\nversion: v1alpha1\n"
        "debug: false\nmachine:\n    type: worker\n    token: {v}\n    certSANs: []",
        bootstrap_token,
    ),
    S(
        K8B,
        "talos_secretbox_secret",
        "cluster:\n    clusterName: homelab\n    controlPlane:\n        endpoint: https://10.5.0.2:6443\n"
        "    secretboxEncryptionSecret: {v}",
        b64(43, "="),
    ),
    S(
        K8B,
        "talosconfig_key",
        "$ cat ~/.talos/config\ncontext: homelab\ncontexts:\n    homelab:\n        endpoints:\n            - 10.5.0.2\n"
        "        ca: {ca}\n        crt: {crt}\n        key: {v}",
        ed25519_key_b64,
        ca=ed25519_cert_b64,
        crt=ed25519_cert_b64,
    ),
    # ---- secrets: k0s, kops, kind
    S(
        K8B,
        "k0s_token_create_output",
        "$ sudo k0s token create --role=worker --expiry=100h\n{v}",
        join("H4sIAAAAAAAC/", b64(1390), "="),
    ),
    S(
        K8B,
        "kops_secret_plaintext",
        "$ kops get secrets kube -oplaintext --name k8s.prod.example.io --state s3://prod-kops-state\n{v}",
        b62(32),
    ),
    S(
        K8B,
        "kind_client_key_data",
        "$ kind get kubeconfig --name dev | grep client-key-data\n    client-key-data: {v}",
        rsa_key_b64,
    ),
    # ---- secrets: service account tokens
    S(
        K8B,
        "sa_create_token_output",
        "$ kubectl -n argo create token argo-server --duration=8760h\n{v}",
        sa_jwt("argo", "argo-server"),
    ),
    S(
        K8B,
        "sa_token_bearer_curl",
        '$ curl -s --cacert ~/.minikube/ca.crt -H "Authorization: Bearer {v}"'
        " https://192.168.49.2:8443/api/v1/namespaces/default/pods | jq '.items | length'",
        sa_jwt("default", "pod-reader"),
    ),
    S(
        K8B,
        "sa_token_python_client",
        "    configuration = client.Configuration()\n"
        '    configuration.host = "https://10.96.0.1:443"\n'
        '    configuration.api_key = {"authorization": "Bearer {v}"}\n'
        "    api = client.CoreV1Api(client.ApiClient(configuration))",
        sa_jwt("ci", "deployer"),
    ),
    S(
        K8B,
        "sa_legacy_secret_data",
        "$ kubectl -n ci get secret deployer-token -o jsonpath='{.data.token}'\n{v}",
        b64_of(sa_jwt("ci", "deployer")),
    ),
    # ---- look-alikes: hashes and fingerprints
    L(
        K8B,
        "kubeadm_ca_cert_hash",
        '$ sudo kubeadm join 10.40.0.10:6443 --token "$KUBEADM_TOKEN" --discovery-token-ca-cert-hash {v}',
        join("sha256:", hexl(64)),
    ),
    L(
        K8B,
        "k3s_server_ca_sum",
        "$ sudo sha256sum /var/lib/rancher/k3s/server/tls/server-ca.crt\n{v}  /var/lib/rancher/k3s/server/tls/server-ca.crt",
        hexl(64),
    ),
    L(
        K8B,
        "rancher_ca_checksum",
        "$ sudo docker run -d --privileged --restart=unless-stopped --net=host rancher/rancher-agent:v2.7.9"
        ' --server https://rancher.ops.internal --token "$RANCHER_REG_TOKEN" --ca-checksum {v} --worker',
        hexl(64),
    ),
    L(
        K8B,
        "talos_schematic_id",
        "    install:\n        disk: /dev/nvme0n1\n        image: factory.talos.dev/installer/{v}:v1.7.4\n        wipe: false",
        hexl(64),
    ),
    # ---- look-alikes: public ids
    L(
        K8B,
        "bootstrap_token_id",
        "$ kubectl -n kube-system get secrets --field-selector type=bootstrap.kubernetes.io/token\n"
        "NAME                     TYPE                            DATA   AGE\n"
        "bootstrap-token-{v}   bootstrap.kubernetes.io/token   6      41m",
        lower_alnum(6),
    ),
    L(
        K8B,
        "csr_bootstrap_username",
        "$ kubectl get csr\nNAME        AGE   SIGNERNAME                                    REQUESTOR                 CONDITION\n"
        "csr-{csr}   14s   kubernetes.io/kube-apiserver-client-kubelet   system:bootstrap:{v}   Pending",
        lower_alnum(6),
        csr=lower_alnum(5),
    ),
    L(
        K8B,
        "rancher_cluster_id",
        "$ rancher clusters ls\nCURRENT   ID             STATE    NAME       PROVIDER   NODES\n"
        "*         {v}   active   edge-lab   RKE2       3",
        join("c-m-", lower_alnum(8)),
    ),
    L(
        K8B,
        "rancher_token_name",
        "$ kubectl get tokens.management.cattle.io -l authn.management.cattle.io/token-userId=u-{uid}\n"
        "NAME          AGE\n{v}   12d",
        join("token-", pick(RANCHER_CHARS, 5)),
        uid=lower_alnum(5),
    ),
    L(
        K8B,
        "k0s_token_list_id",
        "$ sudo k0s token list --role=worker\nID       ROLE     EXPIRES AT\n{v}   worker   2024-06-18 09:14:22 +0000 UTC",
        lower_alnum(6),
    ),
    L(
        K8B,
        "kops_keypair_id",
        "$ kops get keypairs ca --name k8s.prod.example.io\nName\tID\t\t\tISSUED\t\t\tEXPIRES\t\t\tPRIMARY\n"
        "ca\t{v}\t2024-03-02T10:11:54Z\t2034-03-01T10:11:54Z\t*",
        digits(19),
    ),
    L(
        K8B,
        "auth_whoami_uid",
        "$ kubectl auth whoami\nATTRIBUTE   VALUE\nUsername    system:serviceaccount:ci:deployer\n"
        "UID         {v}\nGroups      [system:serviceaccounts system:serviceaccounts:ci system:authenticated]",
        uuid,
    ),
    # ---- look-alikes: public keys and certificates
    L(
        K8B,
        "kops_ssh_public_key",
        "apiVersion: kops.k8s.io/v1alpha2\nkind: SSHCredential\nmetadata:\n  labels:\n"
        '    kops.k8s.io/cluster: k8s.prod.example.io\nspec:\n  publicKey: "{v} ops@bastion"',
        join("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    L(
        K8B,
        "kind_ca_data",
        "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: {v}\n"
        "    server: https://127.0.0.1:40113\n  name: kind-dev",
        rsa_cert_b64,
    ),
    L(
        K8B,
        "talos_worker_ca_crt",
        'machine:\n    type: worker\n    token: ${TALOS_MACHINE_TOKEN}\n    ca:\n        crt: {v}\n        key: ""',
        ed25519_cert_b64,
    ),
    L(
        K8B,
        "eks_b64_cluster_ca",
        "#!/bin/bash\nset -o xtrace\n/etc/eks/bootstrap.sh prod-eu --b64-cluster-ca {v}"
        " --apiserver-endpoint https://{ep}.gr7.eu-west-1.eks.amazonaws.com --kubelet-extra-args '--node-labels=pool=spot'",
        rsa_cert_b64,
        ep=hexu(32),
    ),
    # ---- look-alikes: placeholders, references, masks
    L(
        K8B,
        "kubeadm_init_defaults",
        "$ kubeadm config print init-defaults | sed -n '1,10p'\napiVersion: kubeadm.k8s.io/v1beta3\nbootstrapTokens:\n"
        "- groups:\n  - system:bootstrappers:kubeadm:default-node-token\n  token: {v}\n  ttl: 24h0m0s\n"
        "  usages:\n  - signing\n  - authentication",
        const("abcdef.0123456789abcdef"),
    ),
    L(
        K8B,
        "k3s_docs_placeholder",
        "# from the quick-start; take the real value from /var/lib/rancher/k3s/server/node-token\n"
        "curl -sfL https://get.k3s.io | K3S_URL=https://myserver:6443 K3S_TOKEN={v} sh -",
        const("mynodetoken"),
    ),
    L(
        K8B,
        "rke2_jinja_ref",
        "server: https://{{ rke2_api_ip }}:9345\ntoken: {v}\ndata-dir: /var/lib/rancher/rke2",
        const("{{ rke2_token }}"),
    ),
    L(
        K8B,
        "gha_secret_ref",
        "      - name: Join k3s agent\n        env:\n          K3S_URL: https://k3s.lab.internal:6443\n"
        "          K3S_TOKEN: {v}\n        run: curl -sfL https://get.k3s.io | sh -s - agent",
        const("${{ secrets.K3S_TOKEN }}"),
    ),
    L(
        K8B,
        "microk8s_token_substitution",
        "$ microk8s add-node --token-ttl 3600 --format yaml --token {v}",
        const("$(openssl rand -hex 16)"),
    ),
    L(
        K8B,
        "talos_sops_value",
        "cluster:\n    clusterName: homelab\n    secretboxEncryptionSecret: {v}",
        join("ENC[AES256_GCM,data:", b64(59), "=,iv:", b64(43), "=,tag:", b64(22), "==,type:str]"),
    ),
    L(
        K8B,
        "talos_op_ref",
        "secrets:\n    bootstraptoken: {v}\n    secretboxencryptionsecret: ref+op://infra/talos-homelab/secretbox",
        const("ref+op://infra/talos-homelab/bootstraptoken"),
    ),
    L(
        K8B,
        "minikube_key_path",
        "- name: minikube\n  user:\n    client-certificate: /home/dev/.minikube/profiles/minikube/client.crt\n"
        "    client-key: {v}",
        const("/home/dev/.minikube/profiles/minikube/client.key"),
    ),
    L(
        K8B,
        "sa_token_from_file",
        '$ curl -s --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer {v}"'
        " https://kubernetes.default.svc/api/v1/namespaces/ci/pods",
        const("$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)"),
    ),
    L(
        K8B,
        "terraform_sensitive",
        '  # rancher2_cluster_v2.edge will be created\n  + resource "rancher2_cluster_v2" "edge" {\n'
        '      + kubernetes_version = "v1.28.9+rke2r1"\n      + agent_env_vars     = {v}\n      + name               = "edge-lab"',
        const("(sensitive value)"),
    ),
]
