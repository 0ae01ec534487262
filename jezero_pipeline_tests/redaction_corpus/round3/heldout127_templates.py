"""A hundred-and-twenty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of quantum computing clouds and SDKs: IBM Quantum / Qiskit Runtime
(`QiskitRuntimeService.save_account`, `~/.qiskit/qiskit-ibm.json`, 44-character API keys, the
legacy 128-hex Quantum Experience token, IAM `grant_type=...apikey` exchanges, `Service-CRN`
headers and instance CRNs), Amazon Braket (AWS credentials, device and quantum-task ARNs,
`amazon-braket-<region>-<account>` buckets), Azure Quantum (workspace connection strings with
`ApiKey=`, `az quantum workspace keys list`, resource ids), IonQ (`Authorization: apiKey ...`,
`/whoami` key ids), Rigetti QCS (`~/.qcs/secrets.toml` Okta refresh tokens, JWT access tokens,
`settings.toml` client ids), Quantinuum Nexus (`myqos_oat` refresh cookie), D-Wave Leap (SAPI
`XXX-<40 hex>` tokens in `dwave.conf`, `DWAVE_API_TOKEN`, `X-Auth-Token`), the Xanadu Cloud Client
(`xcc config set REFRESH_TOKEN`, `XANADU_CLOUD_*` .env), Pasqal Cloud (`SDK(username, password,
project_id)`), qBraid (`qbraidrc`, `qbraid configure set api-key`), Classiq (`~/.classiq-credentials`
Auth0 refresh tokens) and IQM Resonance (`IQM_TOKEN`), in commands, config files, code and tool
output, with the public ids the same documentation shows beside them (job ids, ARNs, CRNs,
subscription and project UUIDs, OAuth client ids, placeholders, masked and example tokens,
secret-store references, checksums).

First score, blind, before any rule changed for it (after the rules for 120 to 124):
24 of 25 secrets caught, 0 of 23 look-alikes altered (missed: a Classiq refresh token printed by `jq
-r .classiqRefershTokenAccount` (its key misspelt)).
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
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

QC = "quantum"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).rstrip(b"=").decode()


def jwt(header, payload_len: int, sig_len: int):
    """A JWT-shaped value: a real base64url JSON header, an `eyJ…` payload and a signature."""

    def make(rng: random.Random) -> str:
        h = header(rng) if callable(header) else header
        return f"{_b64url_json(h)}.eyJ{b64url(payload_len)(rng)}.{b64url(sig_len)(rng)}"

    return make


def keycloak_header(rng: random.Random) -> str:
    """Keycloak writes its JOSE header with spaces around the colons, so it is encoded verbatim."""
    raw = '{"alg" : "HS512","typ" : "JWT","kid" : "' + uuid(rng) + '"}'
    return base64.urlsafe_b64encode(raw.encode()).rstrip(b"=").decode()


def keycloak_jwt(rng: random.Random) -> str:
    return f"{keycloak_header(rng)}.eyJ{b64url(560)(rng)}.{b64url(86)(rng)}"


ibm_api_key = b64url(44)
iam_token = jwt({"kid": "20240918", "alg": "RS256"}, 1100, 342)
okta_access = jwt(lambda rng: {"kid": b64url(43)(rng), "alg": "RS256"}, 820, 342)
dwave_token = join(const("DEV-"), hexl(40))
ibm_crn = join("crn:v1:bluemix:public:quantum-computing:us-east:a/", hexl(32), ":", uuid, "::")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 0, 23, "the rules for 120 to 124")

TEMPLATES: list = [
    # ---- secrets: IBM Quantum / Qiskit Runtime
    S(
        QC,
        "qiskit_save_account",
        '>>> QiskitRuntimeService.save_account(\n...     channel="ibm_quantum_platform",\n'
        '...     token="{v}",\n...     instance="{crn}",\n...     name="lab-premium",\n'
        "...     set_as_default=True,\n... )",
        ibm_api_key,
        crn=ibm_crn,
    ),
    S(
        QC,
        "qiskit_ibm_json",
        '$ cat ~/.qiskit/qiskit-ibm.json\n{\n    "default-ibm-cloud": {\n        "channel": "ibm_cloud",\n'
        '        "instance": "{crn}",\n        "private_endpoint": false,\n'
        '        "token": "{v}",\n        "url": "https://cloud.ibm.com"\n    }\n}',
        ibm_api_key,
        crn=ibm_crn,
    ),
    S(
        QC,
        "ibm_iam_apikey_form",
        "$ curl -s -X POST 'https://iam.cloud.ibm.com/identity/token' \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -d 'grant_type=urn:ibm:params:oauth:grant-type:apikey&apikey={v}' | jq -r .access_token",
        ibm_api_key,
    ),
    S(
        QC,
        "ibm_iam_bearer",
        "$ curl -s https://quantum.cloud.ibm.com/api/v1/backends \\\n"
        '    -H "Authorization: Bearer {v}" \\\n    -H "Service-CRN: {crn}" \\\n'
        '    -H "IBM-API-Version: 2025-05-01"',
        iam_token,
        crn=ibm_crn,
    ),
    S(
        QC,
        "ibmq_legacy_token",
        "# Qconfig.py (old Quantum Experience setup, kept for the 2019 notebooks)\nAPItoken = '{v}'\n"
        "config = {'url': 'https://quantumexperience.ng.bluemix.net/api'}",
        hexl(128),
    ),
    # ---- secrets: Amazon Braket
    S(
        QC,
        "braket_aws_configure",
        "$ aws configure set aws_secret_access_key {v} --profile braket-research",
        b64(40),
    ),
    S(
        QC,
        "braket_aws_credentials",
        "$ cat ~/.aws/credentials\n[braket-research]\naws_access_key_id = AKIA{kid}\n"
        "aws_secret_access_key = {v}\nregion = us-east-1",
        b64(40),
        kid=upper_alnum(16),
    ),
    # ---- secrets: Azure Quantum
    S(
        QC,
        "azure_connection_string",
        "from azure.quantum import Workspace\n\nworkspace = Workspace.from_connection_string(\n"
        '    "SubscriptionId={sub};ResourceGroupName=rg-qchem;WorkspaceName=qchem-eastus;'
        'ApiKey={v};QuantumEndpoint=https://eastus.quantum.azure.com/;"\n)',
        b64(43, "="),
        sub=uuid,
    ),
    S(
        QC,
        "azure_keys_list",
        "$ az quantum workspace keys list -g rg-qchem -w qchem-eastus -o json\n{\n"
        '  "apiKeyEnabled": true,\n  "primaryKey": {\n    "createdAt": "2025-02-11T09:14:52.118Z",\n'
        '    "key": "{v}"\n  },',
        b64(43, "="),
    ),
    # ---- secrets: IonQ
    S(
        QC,
        "ionq_apikey_header",
        '$ curl -s "https://api.ionq.co/v0.4/jobs?limit=5" -H "Authorization: apiKey {v}" | jq ".jobs[].status"',
        b62(32),
    ),
    S(
        QC,
        "ionq_provider_positional",
        'from qiskit_ionq import IonQProvider\n\nprovider = IonQProvider("{v}")\n'
        'backend = provider.get_backend("qpu.aria-1")',
        b62(32),
    ),
    S(
        QC,
        "cirq_ionq_service",
        '>>> import cirq_ionq as ionq\n>>> service = ionq.Service(api_key="{v}", default_target="simulator")',
        b62(32),
    ),
    # ---- secrets: Rigetti QCS
    S(
        QC,
        "qcs_secrets_toml",
        "$ cat ~/.qcs/secrets.toml\n[credentials]\n[credentials.default]\n[credentials.default.token_payload]\n"
        'refresh_token = "{v}"\nscope = "offline_access openid profile email"\ntoken_type = "Bearer"\n'
        "expires_in = 3600",
        b64url(43),
    ),
    S(
        QC,
        "qcs_bearer",
        '$ curl -s https://api.qcs.rigetti.com/v1/quantumProcessors --header "Authorization: Bearer {v}"',
        okta_access,
    ),
    # ---- secrets: Quantinuum Nexus
    S(
        QC,
        "nexus_refresh_cookie",
        "$ curl -s -X POST https://nexus.quantinuum.com/auth/tokens/refresh --cookie 'myqos_oat={v}' -c cookies.txt",
        b64url(64),
    ),
    # ---- secrets: D-Wave Leap
    S(
        QC,
        "dwave_conf",
        "$ cat ~/.config/dwave/dwave.conf\n[defaults]\nendpoint = https://na-west-1.cloud.dwavesys.com/sapi/v2/\n"
        'client = qpu\n\n[prod]\ntoken = {v}\nsolver = {"topology__type": "pegasus"}',
        dwave_token,
    ),
    S(
        QC,
        "dwave_env_inline",
        "$ DWAVE_API_TOKEN={v} python scheduling/solve_qubo.py --num-reads 1000",
        join(const("ABQ-"), hexl(40)),
    ),
    S(
        QC,
        "dwave_sapi_header",
        "$ curl -s -H 'X-Auth-Token: {v}' https://na-west-1.cloud.dwavesys.com/sapi/v2/solvers/remote/ | jq '.[].id'",
        dwave_token,
    ),
    # ---- secrets: Xanadu Cloud
    S(QC, "xcc_config_set", '$ xcc config set REFRESH_TOKEN "{v}"', keycloak_jwt),
    S(
        QC,
        "xcc_env_file",
        "$ cat ~/.config/xanadu-cloud/.env\nXANADU_CLOUD_REFRESH_TOKEN='{v}'\n"
        "XANADU_CLOUD_HOST='platform.xanadu.ai'\nXANADU_CLOUD_PORT=443",
        keycloak_jwt,
    ),
    # ---- secrets: Pasqal, qBraid, Classiq, IQM
    S(
        QC,
        "pasqal_sdk_password",
        'sdk = SDK(\n    username="photonics-ops@lumenlab.eu",\n    password="{v}",\n    project_id="{proj}",\n)',
        password(18),
        proj=uuid,
    ),
    S(QC, "qbraid_configure_set", "$ qbraid configure set api-key {v}", b62(30)),
    S(
        QC,
        "qbraidrc",
        "$ cat ~/.qbraid/qbraidrc\n[default]\nurl = https://api-v2.qbraid.com/api/v1\napi-key = {v}",
        b62(30),
    ),
    S(
        QC,
        "classiq_refresh_token",
        "$ jq -r .classiqRefershTokenAccount ~/.classiq-credentials\n{v}",
        join("v1.M", b64url(127)),
    ),
    S(
        QC,
        "iqm_provider_token",
        'provider = IQMProvider("https://resonance.iqm.tech/", quantum_computer="garnet", token="{v}")',
        b64url(64),
    ),
    # ---- look-alikes: public identifiers
    L(
        QC,
        "ibm_instance_crn",
        'service = QiskitRuntimeService(channel="ibm_quantum_platform", instance="{v}")',
        ibm_crn,
    ),
    L(
        QC,
        "ibm_job_id",
        ">>> job = service.job(\"{v}\")\n>>> job.status()\n'DONE'",
        lower_alnum(20),
    ),
    L(
        QC,
        "braket_device_arn",
        'device = AwsDevice("{v}")\nprint(device.status, device.properties.service.shotsRange)',
        const("arn:aws:braket:us-east-1::device/qpu/ionq/Aria-1"),
    ),
    L(
        QC,
        "braket_task_arn",
        '$ aws braket get-quantum-task --quantum-task-arn {v} --query status\n"COMPLETED"',
        join("arn:aws:braket:us-east-1:", digits(12), ":quantum-task/", uuid),
    ),
    L(
        QC,
        "braket_s3_bucket",
        's3_folder = ("{v}", "vqe-runs/2025-03")\ntask = device.run(circuit, s3_folder, shots=1000)',
        join("amazon-braket-us-east-1-", digits(12)),
    ),
    L(
        QC,
        "azure_resource_id",
        'workspace = Workspace(resource_id="{v}", location="eastus")',
        join(
            "/subscriptions/",
            uuid,
            "/resourceGroups/rg-qchem/providers/Microsoft.Quantum/Workspaces/qchem-eastus",
        ),
    ),
    L(
        QC,
        "azure_subscription_id",
        "$ az account set --subscription {v}\n$ az quantum workspace set -g rg-qchem -w qchem-eastus -l eastus -o table",
        uuid,
    ),
    L(
        QC,
        "azure_connection_placeholder",
        'connection_string = "{v}"\nworkspace = Workspace.from_connection_string(connection_string)',
        const("[Copy connection string]"),
    ),
    L(
        QC,
        "ionq_whoami",
        '$ curl -s https://api.ionq.co/v0.4/whoami -H "Authorization: apiKey $IONQ_API_KEY"\n'
        '{"key_id":"{v}","key_name":"ci-runner","project_id":"{proj}"}',
        uuid,
        proj=uuid,
    ),
    L(
        QC,
        "ionq_env_ref",
        '$ curl -s "https://api.ionq.co/v0.4/jobs/{job}" -H "Authorization: apiKey {v}"',
        const("${IONQ_API_KEY}"),
        job=uuid,
    ),
    L(
        QC,
        "qcs_settings_client_id",
        '$ cat ~/.qcs/settings.toml\ndefault_profile_name = "default"\n[auth_servers.default]\n'
        'client_id = "{v}"\nissuer = "https://auth.qcs.rigetti.com/oauth2/aus8jcovzG0gW2TUG355"',
        join("0oa", b62(17)),
    ),
    L(
        QC,
        "nexus_job_id",
        '>>> ref = qnx.start_execute_job(programs=[c], n_shots=[200], backend_config=cfg, name="ghz-h2")\n'
        ">>> ref.id\nUUID('{v}')",
        uuid,
    ),
    L(
        QC,
        "dwave_problem_id",
        ">>> sampleset.info['problem_id']\n'{v}'",
        uuid,
    ),
    L(
        QC,
        "dwave_example_token",
        "# dwave.conf example from the README, replace with the token on your Leap dashboard\n[defaults]\ntoken = {v}",
        join("ABC-", counting(40, hex_digits=True)),
    ),
    L(
        QC,
        "dwave_masked_token",
        "Using profile: prod\n  token: {v}\n  solver: Advantage_system4.1",
        join("DEV-", const("*" * 32), hexl(8)),
    ),
    L(
        QC,
        "xcc_job_id",
        "$ xcc job get {v} --status\ncomplete",
        uuid,
    ),
    L(
        QC,
        "pasqal_project_id",
        'sdk = SDK(username=os.environ["PASQAL_USERNAME"], password=os.environ["PASQAL_PASSWORD"], project_id="{v}")',
        uuid,
    ),
    L(
        QC,
        "qbraidrc_placeholder",
        "[default]\nurl = https://api-v2.qbraid.com/api/v1\napi-key = {v}",
        const("<your-api-key>"),
    ),
    L(
        QC,
        "iqm_secret_ref",
        "      - name: Run GHZ on Garnet\n        env:\n          IQM_TOKEN: {v}\n"
        "          IQM_SERVER_URL: https://resonance.iqm.tech/\n        run: python ghz.py",
        const("${{ secrets.IQM_TOKEN }}"),
    ),
    L(
        QC,
        "qiskit_env_token",
        'service = QiskitRuntimeService(channel="ibm_quantum_platform", token={v})',
        const('os.environ["QISKIT_IBM_TOKEN"]'),
    ),
    L(
        QC,
        "classiq_keyring_name",
        "$ python -c 'from classiq._internals.authentication.password_manager import PasswordManagerSettings as S;"
        " print(S().REFRESH_TOKEN_KEY)'\n{v}",
        const("classiqRefershTokenAccount"),
    ),
    # ---- look-alikes: hashes
    L(
        QC,
        "wheel_hash",
        "qiskit-ibm-runtime==0.40.1 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    L(
        QC,
        "commit_sha",
        "$ pip install git+https://github.com/XanaduAI/xanadu-cloud-client@{v}",
        hexl(40),
    ),
]
