"""A hundred-and-ninety-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from notebooks and interactive compute: Jupyter Server (the `jupyter lab` start-up banner
with its `?token=` URLs, `jupyter server list`, `JUPYTER_TOKEN` in the Docker stacks, the
`--IdentityProvider.token` flag used to connect Google Colab to a local runtime, the generated
config's `'<generated>'` default, kernel connection files with their HMAC `key`), Jupyter Kernel
Gateway (`--GatewayClient.auth_token`), JupyterHub (`jupyterhub token`, `Authorization: token`,
service `api_token`, Zero to JupyterHub's `proxy.secretToken`), Kaggle (`kaggle.json`,
`KAGGLE_USERNAME`/`KAGGLE_KEY`, Colab `%env`), Google Colab (`userdata.get`, Hugging Face `login`,
`ngrok config add-authtoken`, `nvidia-smi -L`), Databricks (`~/.databrickscfg`, `dapi` personal
access tokens, `databricks tokens create/list`, OAuth `dose` secrets, `dbutils.widgets`,
`dbutils.secrets.get` and `{{secrets/scope/key}}` references, workspace and cluster ids), Hex
(project run API with a bearer token), Deepnote (API key in a client), Observable (deploy token),
Paperspace Gradient (`gradient apiKey`, `--apiKey`), Amazon SageMaker (presigned notebook-instance
and Studio domain URLs, ARNs, domain ids), VS Code tunnels (`code tunnel user login
--access-token`, `code --version`) and papermill parameters, in commands, config files and tool
output, with the public ids the same tools show beside them.

The search tool's budget was spent before this set was written (one search tried, refused), so
the shapes are written from the author's memory of these tools' documentation, not re-read: the
Jupyter token as 48 lowercase hex (`token_hex(24)`), JupyterHub tokens as 32 hex and its
`openssl rand -hex 32` secrets as 64 hex, the kernel `key` as a UUID, the Kaggle key as 32 hex,
Databricks `dapi` + 32 hex (optionally `-2`) and `dose` + 32 hex, SageMaker auth tokens as
JWT-like dotted base64url. Hex, Deepnote, Observable and Paperspace keys are opaque and their
exact lengths are assumptions (long base62 or hex, no prefix claimed). Every value is generated.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
24 of 27 secrets caught, 1 of 25 look-alikes altered (missed: a Jupyter kernel's connection `key` (a
UUID) in the file `cat` printed, a token (32 hex) printed by `jupyterhub token`, a password as a
Databricks widget's default; altered: a user's name before a masked key (`KAGGLE_USERNAME=…`);
written from memory).
"""

from __future__ import annotations

import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

NB = "notebooks"

jupyter_token = hexl(48)
hub_token = hexl(32)
hex64 = hexl(64)
dapi = join("dapi", hexl(32))
jwtish = join("eyJhbGciOiJIUzI1NiJ9.eyJ", b64url(257), ".", b64url(43))
cluster_id = join("0", pick("123456789", 1), pick("12", 1), pick("0123456789", 1), "-", digits(6), "-", lower_alnum(8))
domain_id = join("d-", lower_alnum(12))
USERS = ("mira-okafor", "tjansen", "priyaraman", "lukas-weber", "ana-costa", "kwame-asante")


def user_slug(rng: random.Random) -> str:
    return rng.choice(USERS) + rng.choice(("", "", str(rng.randrange(10, 99))))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 27, 1, 25, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- secrets: Jupyter Server tokens
    S(
        NB,
        "jupyter_banner_token",
        "[I 2024-05-12 09:14:03.511 ServerApp] Jupyter Server 2.14.0 is running at:\n"
        "[I 2024-05-12 09:14:03.511 ServerApp] http://localhost:8888/lab?token={v}\n"
        "[I 2024-05-12 09:14:03.511 ServerApp]     http://127.0.0.1:8888/lab?token={v}\n"
        "[I 2024-05-12 09:14:03.511 ServerApp] Use Control-C to stop this server and shut down all kernels"
        " (twice to skip confirmation).",
        jupyter_token,
    ),
    S(
        NB,
        "jupyter_server_list",
        "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8889/?token={v} :: /home/mira/churn-model",
        jupyter_token,
    ),
    S(
        NB,
        "jupyter_docker_token",
        '$ docker run -it --rm -p 10000:8888 -e JUPYTER_TOKEN={v} -v "$PWD":/home/jovyan/work'
        " quay.io/jupyter/datascience-notebook:2024-05-27",
        b62(32),
    ),
    S(
        NB,
        "colab_local_runtime",
        "$ jupyter notebook --NotebookApp.allow_origin='https://colab.research.google.com' --port=8888"
        " --NotebookApp.port_retries=0 --IdentityProvider.token={v}",
        b64url(32),
    ),
    S(
        NB,
        "kernel_connection_key",
        "$ cat ~/.local/share/jupyter/runtime/kernel-{kid}.json\n{\n"
        '  "shell_port": 52011,\n  "iopub_port": 52012,\n  "stdin_port": 52013,\n  "control_port": 52015,\n'
        '  "hb_port": 52014,\n  "ip": "127.0.0.1",\n  "key": "{v}",\n  "transport": "tcp",\n'
        '  "signature_scheme": "hmac-sha256",\n  "kernel_name": "python3"\n}',
        uuid,
        kid=uuid,
    ),
    S(
        NB,
        "kernel_gateway_auth_token",
        "$ jupyter lab --gateway-url=https://kg.analytics.internal:8889 --GatewayClient.auth_token={v}"
        " --GatewayClient.request_timeout=120",
        hex64,
    ),
    # ---- secrets: JupyterHub
    S(
        NB,
        "jupyterhub_token_cli",
        "$ sudo -u jupyterhub jupyterhub token --config /etc/jupyterhub/jupyterhub_config.py mira\n{v}",
        hub_token,
    ),
    S(
        NB,
        "jupyterhub_auth_header",
        '$ curl -s -H "Authorization: token {v}" https://hub.okafor-analytics.io/hub/api/users/mira | jq .servers',
        hub_token,
    ),
    S(
        NB,
        "jupyterhub_service_api_token",
        'c.JupyterHub.services = [\n    {\n        "name": "idle-culler",\n        "api_token": "{v}",\n'
        '        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],\n    }\n]',
        hex64,
    ),
    S(
        NB,
        "z2jh_secret_token",
        '$ cat config.yaml\nproxy:\n  secretToken: "{v}"\nsingleuser:\n  image:\n'
        '    name: quay.io/jupyter/scipy-notebook\n    tag: "2024-05-27"',
        hex64,
    ),
    # ---- secrets: Kaggle and Colab
    S(
        NB,
        "kaggle_json",
        '$ cat ~/.kaggle/kaggle.json\n{"username":"{user}","key":"{v}"}',
        hexl(32),
        user=user_slug,
    ),
    S(
        NB,
        "colab_env_magic",
        "%env KAGGLE_USERNAME={user}\n%env KAGGLE_KEY={v}\n"
        "!kaggle competitions download -c playground-series-s4e5 -p /content/data",
        hexl(32),
        user=user_slug,
    ),
    S(
        NB,
        "colab_hf_login",
        'from huggingface_hub import login\nlogin(token="{v}", add_to_git_credential=True)',
        join("hf_", b62(34)),
    ),
    S(
        NB,
        "colab_ngrok_authtoken",
        "!ngrok config add-authtoken {v}\nAuthtoken saved to configuration file: /root/.config/ngrok/ngrok.yml",
        join("2", b62(26), "_", b62(21)),
    ),
    # ---- secrets: Databricks
    S(
        NB,
        "databrickscfg",
        "$ cat ~/.databrickscfg\n[DEFAULT]\nhost  = https://adb-{ws}.7.azuredatabricks.net\ntoken = {v}\n\n"
        "[staging]\nhost  = https://adb-{ws}.7.azuredatabricks.net\ntoken = {v}",
        dapi,
        ws=digits(16),
    ),
    S(
        NB,
        "databricks_tokens_create",
        '$ databricks tokens create --comment "papermill-ci" --lifetime-seconds 86400\n{\n  "token_info": {\n'
        '    "comment": "papermill-ci",\n    "creation_time": 1715504043000,\n    "expiry_time": 1715590443000,\n'
        '    "token_id": "{tid}"\n  },\n  "token_value": "{v}"\n}',
        join("dapi", hexl(32), "-2"),
        tid=hex64,
    ),
    S(
        NB,
        "databricks_widget_default",
        'dbutils.widgets.text("sf_user", "svc_churn")\ndbutils.widgets.text("sf_password", "{v}", "Snowflake password")',
        password(20),
    ),
    S(
        NB,
        "databricks_oauth_secret",
        "export DATABRICKS_HOST=https://dbc-{ws}.cloud.databricks.com\nexport DATABRICKS_CLIENT_ID={cid}\n"
        "export DATABRICKS_CLIENT_SECRET={v}",
        join("dose", hexl(32)),
        ws=join(hexl(8), "-", hexl(4)),
        cid=uuid,
    ),
    # ---- secrets: hosted notebook platforms
    S(
        NB,
        "hex_run_api",
        '$ curl -s -X POST "https://app.hex.tech/api/v1/project/{pid}/run" -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json" -d \'{"inputParams": {"region": "emea"}}\'',
        b62(64),
        pid=uuid,
    ),
    S(
        NB,
        "deepnote_client",
        'client = httpx.Client(\n    base_url="https://api.deepnote.com/v1",\n'
        '    headers={"Authorization": "Bearer {v}"},\n    timeout=30,\n)',
        hex64,
    ),
    S(
        NB,
        "observable_deploy",
        '$ OBSERVABLE_TOKEN={v} npx observable deploy --message "nightly refresh"',
        b62(40),
    ),
    S(
        NB,
        "paperspace_apikey_positional",
        "$ gradient apiKey {v}\nSuccessfully saved your API key to /home/mira/.paperspace/config.json",
        hexl(32),
    ),
    S(
        NB,
        "paperspace_apikey_flag",
        "$ gradient notebooks create --machineType A4000 --projectId {proj}"
        " --container paperspace/gradient-base:pt211-tf215-cudatk120-py311 --apiKey {v}",
        hexl(32),
        proj=lower_alnum(9),
    ),
    # ---- secrets: SageMaker presigned URLs, VS Code tunnels, papermill
    S(
        NB,
        "sagemaker_presigned_notebook",
        "$ aws sagemaker create-presigned-notebook-instance-url --notebook-instance-name churn-nb\n{\n"
        '    "AuthorizedUrl": "https://churn-nb.notebook.us-east-1.sagemaker.aws?authToken={v}"\n}',
        jwtish,
    ),
    S(
        NB,
        "sagemaker_presigned_domain",
        '>>> sm.create_presigned_domain_url(DomainId="{dom}", UserProfileName="mira")["AuthorizedUrl"]\n'
        "'https://{dom}.studio.us-west-2.sagemaker.aws/auth?token={v}'",
        jwtish,
        dom=domain_id,
    ),
    S(
        NB,
        "vscode_tunnel_access_token",
        "$ code tunnel user login --provider github --access-token {v}\n[2024-05-12 09:31:07] info Logged in",
        join("gho_", b62(36)),
    ),
    S(
        NB,
        "papermill_param",
        "$ papermill notebooks/etl.ipynb runs/etl-2024-05-12.ipynb -p run_date 2024-05-12"
        " -p warehouse_password {v} -k python3",
        password(18),
    ),
    # ---- look-alikes: Jupyter
    L(
        NB,
        "jupyter_generated_default",
        "## Token used for authenticating first-time connections to the server.\n"
        "#  Default: '<generated>'\n# c.IdentityProvider.token = '{v}'",
        const("<generated>"),
    ),
    L(
        NB,
        "kernel_started_id",
        "[I 2024-05-12 09:15:41.207 ServerApp] Kernel started: {v}\n"
        "[I 2024-05-12 09:15:41.862 ServerApp] Connecting to kernel {v}.",
        uuid,
    ),
    L(
        NB,
        "docker_image_digest",
        "$ docker pull quay.io/jupyter/scipy-notebook:2024-05-27\nDigest: sha256:{v}\n"
        "Status: Downloaded newer image for quay.io/jupyter/scipy-notebook:2024-05-27",
        hex64,
    ),
    L(
        NB,
        "jupyter_url_placeholder",
        "Open the notebook at http://<host>:8888/lab?token={v} (copy the token from `jupyter server list`).",
        const("<token>"),
    ),
    # ---- look-alikes: JupyterHub
    L(
        NB,
        "z2jh_command_substitution",
        "$ helm upgrade --install jhub jupyterhub/jupyterhub --namespace jhub --version=3.3.7"
        " --set proxy.secretToken={v} --values config.yaml",
        const("$(openssl rand -hex 32)"),
    ),
    L(
        NB,
        "z2jh_placeholder",
        'proxy:\n  secretToken: "{v}"   # replace with the output of: openssl rand -hex 32',
        const("<RANDOM_HEX>"),
    ),
    # ---- look-alikes: Kaggle and Colab
    L(
        NB,
        "kaggle_username",
        "$ kaggle config view\nConfiguration values from /root/.kaggle\n- username: {v}\n- path: None\n- proxy: None",
        user_slug,
    ),
    L(
        NB,
        "kaggle_placeholder",
        '# ~/.kaggle/kaggle.json (chmod 600)\n{"username":"<your-kaggle-username>","key":"{v}"}',
        const("<your-kaggle-api-key>"),
    ),
    L(
        NB,
        "kaggle_masked",
        "Found credentials: KAGGLE_USERNAME=mira-okafor KAGGLE_KEY={v} (from Colab secrets)",
        join("****************************", hexl(4)),
    ),
    L(
        NB,
        "colab_userdata_ref",
        'from google.colab import userdata\nos.environ["HF_TOKEN"] = {v}',
        const("userdata.get('HF_TOKEN')"),
    ),
    L(
        NB,
        "colab_gpu_uuid",
        "!nvidia-smi -L\nGPU 0: Tesla T4 (UUID: GPU-{v})",
        uuid,
    ),
    # ---- look-alikes: Databricks
    L(
        NB,
        "databricks_redacted",
        'key = dbutils.secrets.get(scope="ml-prod", key="openai-api-key")\nprint(key)\n{v}',
        const("[REDACTED]"),
    ),
    L(
        NB,
        "databricks_secret_ref",
        '  "spark_env_vars": {\n    "OPENAI_API_KEY": "{v}",\n    "PYSPARK_PYTHON": "/databricks/python3/bin/python3"\n  },',
        const("{{secrets/ml-prod/openai-api-key}}"),
    ),
    L(
        NB,
        "databricks_token_id",
        "$ databricks tokens list\nID                                                                Comment       Expiry time\n"
        "{v}  papermill-ci  2024-05-13T09:14:03Z",
        hex64,
    ),
    L(
        NB,
        "databricks_workspace_host",
        "$ databricks auth profiles\nName     Host                                            Valid\nDEFAULT  {v}  YES",
        join("https://adb-", digits(16), ".7.azuredatabricks.net"),
    ),
    L(
        NB,
        "databricks_cluster_id",
        "$ databricks clusters get {v} | jq -r .state\nRUNNING",
        cluster_id,
    ),
    L(
        NB,
        "databricks_widget_scope",
        'dbutils.widgets.text("secret_scope", "{v}")\nscope = dbutils.widgets.get("secret_scope")',
        const("ml-prod-kv"),
    ),
    L(
        NB,
        "databricks_client_id",
        "      DATABRICKS_CLIENT_ID: {v}\n      DATABRICKS_CLIENT_SECRET: ${{ secrets.DATABRICKS_CLIENT_SECRET }}",
        uuid,
    ),
    L(
        NB,
        "gha_secret_ref",
        "      - run: databricks bundle deploy -t prod\n        env:\n          DATABRICKS_TOKEN: {v}",
        const("${{ secrets.DATABRICKS_TOKEN }}"),
    ),
    # ---- look-alikes: hosted notebook platforms
    L(
        NB,
        "hex_project_id",
        '$ curl -s -X POST "https://app.hex.tech/api/v1/project/{v}/run" -H "Authorization: Bearer $HEX_API_TOKEN"',
        uuid,
    ),
    L(
        NB,
        "deepnote_env_ref",
        '    headers={"Authorization": "Bearer " + {v}},',
        const('os.environ["DEEPNOTE_API_KEY"]'),
    ),
    L(
        NB,
        "paperspace_placeholder",
        "Then authenticate the CLI:\n\n    gradient apiKey {v}",
        const("YOUR_API_KEY"),
    ),
    # ---- look-alikes: SageMaker and VS Code
    L(
        NB,
        "sagemaker_notebook_arn",
        '    "NotebookInstanceArn": "{v}",\n    "NotebookInstanceName": "churn-nb",\n'
        '    "NotebookInstanceStatus": "InService",',
        join("arn:aws:sagemaker:us-east-1:", digits(12), ":notebook-instance/churn-nb"),
    ),
    L(
        NB,
        "sagemaker_domain_id",
        '$ aws sagemaker list-domains --query "Domains[].DomainId" --output text\n{v}',
        domain_id,
    ),
    L(
        NB,
        "vscode_commit",
        "$ code --version\n1.89.1\n{v}\nx64",
        hexl(40),
    ),
]
