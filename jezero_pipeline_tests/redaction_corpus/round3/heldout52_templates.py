"""A fifty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of ML experiment tracking, notebooks and data-science platforms:
Jupyter Server (the `?token=` URL logged at start-up, `--ServerApp.token`, `jupyter server list`)
and jupyter_client kernel connection files (the HMAC `key`), JupyterHub's security and REST API
pages (cookie secret, `CONFIGPROXY_AUTH_TOKEN`, `jupyterhub token`, service `api_token`), MLflow
authentication (`~/.mlflow/credentials`, `MLFLOW_FLASK_SERVER_SECRET_KEY`, `--backend-store-uri`),
Weights & Biases (`wandb login`, the `.netrc` entry, 40-character, `local-` and `wandb_v1_` keys,
run and sweep ids), Kaggle's `kaggle.json`, Comet's `.comet.config` and experiment keys, Neptune
API tokens and `ANONYMOUS_API_TOKEN`, ClearML's `clearml.conf` and agent log masking, DVC remotes
(`dvc remote modify --local`, `.dvc/config.local`, `.dvc` files), Label Studio legacy tokens and
personal access tokens, Roboflow private and publishable keys, Streamlit `secrets.toml`
(`st.connection`, `[auth]` for `st.login`) and Gradio's `launch(auth=...)`, in commands, config
files, code and tool output, with the public ids, references and placeholders the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 46 to 49):
24 of 26 secrets caught, 0 of 23 look-alikes altered (missed: a Jupyter kernel file's UUID-shaped HMAC `key`, the
token `jupyterhub token` prints).
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
    counting,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

ML = "mltrack"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def neptune_token(rng: random.Random) -> str:
    """A Neptune API token: base64 of a small JSON object carrying the API address and a UUID key."""
    body = {"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": uuid(rng)}
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


def label_studio_pat(rng: random.Random) -> str:
    """A Label Studio personal access token: a JWT refresh token."""
    iat = 1_716_000_000 + rng.randrange(10_000_000)
    head = _b64url_json({"alg": "HS256", "typ": "JWT"})
    payload = _b64url_json(
        {
            "token_type": "refresh",
            "exp": iat + 8 * 365 * 86400,
            "iat": iat,
            "jti": hexl(32)(rng),
            "user_id": rng.randrange(1, 400),
        }
    )
    return f"{head}.{payload}.{b64url(43)(rng)}"


google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
clearml_secret = pick(B62 + "!#$%&*()_-", 50)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 23, "the rules for 46 to 49")

TEMPLATES = [
    # ---- secrets: Jupyter Server and kernels
    S(
        ML,
        "jupyter_startup_url",
        "[I 2024-06-03 09:14:22.118 ServerApp] Jupyter Server 2.14.1 is running at:\n"
        "[I 2024-06-03 09:14:22.118 ServerApp] http://gpu-box-02:8888/lab?token={v}\n"
        "[I 2024-06-03 09:14:22.118 ServerApp]     http://127.0.0.1:8888/lab?token={v}",
        hexl(48),
    ),
    S(
        ML,
        "jupyter_token_flag",
        "$ jupyter lab --no-browser --ip 0.0.0.0 --port 8890 --ServerApp.token={v} --notebook-dir notebooks/",
        b64url(43),
    ),
    S(
        ML,
        "kernel_hmac_key",
        '$ cat ~/.local/share/jupyter/runtime/kernel-{kid}.json\n{\n  "shell_port": 50311,\n  "iopub_port": 50312,\n'
        '  "ip": "127.0.0.1",\n  "transport": "tcp",\n  "signature_scheme": "hmac-sha256",\n  "key": "{v}"\n}',
        uuid,
        kid=uuid,
    ),
    # ---- secrets: JupyterHub
    S(ML, "jupyterhub_cookie_secret", "c.JupyterHub.cookie_secret = bytes.fromhex('{v}')", hexl(64)),
    S(
        ML,
        "configproxy_auth_token",
        "    environment:\n      CONFIGPROXY_AUTH_TOKEN: {v}\n      JUPYTERHUB_CRYPT_KEY: ${HUB_CRYPT_KEY}",
        hexl(64),
    ),
    S(ML, "jupyterhub_token_output", "$ jupyterhub token ayla\n{v}", hexl(32)),
    S(
        ML,
        "jupyterhub_service_token",
        'c.JupyterHub.services = [\n    {\n        "name": "idle-culler",\n        "api_token": "{v}",\n'
        '        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],\n    }\n]',
        hexl(64),
    ),
    # ---- secrets: MLflow
    S(
        ML,
        "mlflow_credentials_file",
        "$ cat ~/.mlflow/credentials\n[mlflow]\nmlflow_tracking_username = ayla\nmlflow_tracking_password = {v}",
        password(16),
    ),
    S(
        ML,
        "mlflow_backend_uri",
        "$ mlflow server --app-name basic-auth --host 0.0.0.0 --port 5000 \\\n"
        "    --backend-store-uri postgresql://mlflow:{v}@db.internal:5432/mlflow \\\n"
        "    --artifacts-destination s3://quarry-mlflow-artifacts",
        b62(22),
    ),
    S(ML, "mlflow_flask_secret", 'export MLFLOW_FLASK_SERVER_SECRET_KEY="{v}"', b64url(43)),
    # ---- secrets: Weights & Biases
    S(ML, "wandb_netrc", "$ cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password {v}", hexl(40)),
    S(
        ML,
        "wandb_v1_key",
        "$ wandb login --relogin {v}\nwandb: Appending key for api.wandb.ai to your netrc file: /home/ayla/.netrc",
        join("wandb_v1_", b62(77)),
    ),
    S(
        ML,
        "wandb_local_key",
        "WANDB_BASE_URL=https://wandb.quarry.internal WANDB_API_KEY={v} python train.py --config configs/unet.yaml",
        join("local-", hexl(40)),
    ),
    # ---- secrets: Kaggle, Comet, Neptune, ClearML
    S(ML, "kaggle_json", '$ cat ~/.kaggle/kaggle.json\n{"username":"aylaokonkwo","key":"{v}"}', hexl(32)),
    S(
        ML,
        "comet_config",
        "# ~/.comet.config\n[comet]\napi_key = {v}\nworkspace = quarry-vision\nproject_name = seabed-seg",
        b62(25),
    ),
    S(
        ML,
        "neptune_api_token",
        'export NEPTUNE_API_TOKEN="{v}"\nexport NEPTUNE_PROJECT="quarry-vision/seabed-seg"',
        neptune_token,
    ),
    S(
        ML,
        "clearml_conf",
        "api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n"
        "    files_server: https://files.clear.ml\n"
        '    credentials {"access_key": "{ak}", "secret_key": "{v}"}\n}',
        clearml_secret,
        ak=upper_alnum(30),
    ),
    # ---- secrets: DVC remotes
    S(ML, "dvc_secret_access_key", "$ dvc remote modify --local storage secret_access_key {v}", b64(40)),
    S(
        ML,
        "dvc_azure_connection_string",
        '$ dvc remote modify --local azstore connection_string "DefaultEndpointsProtocol=https;'
        'AccountName=seabedml;AccountKey={v};EndpointSuffix=core.windows.net"',
        b64(86, "=="),
    ),
    # ---- secrets: Label Studio, Roboflow
    S(
        ML,
        "label_studio_legacy_token",
        "$ curl -X GET http://localhost:8080/api/projects/ -H 'Authorization: Token {v}'",
        hexl(40),
    ),
    S(
        ML,
        "label_studio_pat",
        "LABEL_STUDIO_URL=https://labels.quarry.internal\nLABEL_STUDIO_API_KEY={v}",
        label_studio_pat,
    ),
    S(
        ML,
        "roboflow_key_in_url",
        '$ base64 frame_0412.jpg | curl -d @- "https://detect.roboflow.com/seabed-debris/3?api_key={v}&confidence=40"',
        b62(20),
    ),
    # ---- secrets: Streamlit and Gradio
    S(
        ML,
        "streamlit_connection_password",
        '# .streamlit/secrets.toml\n[connections.labels_db]\ndialect = "postgresql"\nhost = "db.internal"\n'
        'port = "5432"\ndatabase = "labels"\nusername = "streamlit_ro"\npassword = "{v}"',
        password(18),
    ),
    S(
        ML,
        "streamlit_auth_client_secret",
        '[auth.google]\nclient_id = "{cid}"\nclient_secret = "{v}"\n'
        'server_metadata_url = "https://accounts.google.com/.well-known/openid-configuration"',
        join("GOCSPX-", b64url(28)),
        cid=google_client_id,
    ),
    S(
        ML,
        "streamlit_auth_cookie_secret",
        '[auth]\nredirect_uri = "http://localhost:8501/oauth2callback"\ncookie_secret = "{v}"',
        b64url(43),
    ),
    S(
        ML,
        "gradio_auth_password",
        'demo.queue().launch(share=True, auth=("reviewer", "{v}"), server_name="0.0.0.0")',
        password(14),
    ),
    # ---- look-alikes: Jupyter and JupyterHub
    L(
        ML,
        "kernel_connection_path",
        "$ jupyter console --existing kernel-{v}.json\nJupyter console 6.6.3\nPython 3.11.9",
        uuid,
    ),
    L(
        ML,
        "cookie_secret_file",
        "c.JupyterHub.cookie_secret_file = '{v}'",
        const("/srv/jupyterhub/jupyterhub_cookie_secret"),
    ),
    L(ML, "shell_generated_secret", "export JPY_COOKIE_SECRET={v}", const("$(openssl rand -hex 32)")),
    L(
        ML,
        "env_reference",
        '    {\n        "name": "idle-culler",\n        "api_token": {v},\n        "admin": True,\n    }',
        const('os.environ["CULLER_API_TOKEN"]'),
    ),
    # ---- look-alikes: MLflow
    L(
        ML,
        "mlflow_run_id",
        "🏃 View run bold-heron-512 at: http://127.0.0.1:5000/#/experiments/4/runs/{v}\n"
        "🧪 View experiment at: http://127.0.0.1:5000/#/experiments/4",
        hexl(32),
    ),
    L(ML, "mlflow_git_commit", '    "mlflow.source.git.commit": "{v}",\n    "mlflow.source.type": "LOCAL",', hexl(40)),
    L(
        ML,
        "gha_secret_ref",
        "      env:\n        MLFLOW_TRACKING_URI: https://mlflow.quarry.internal\n"
        "        MLFLOW_TRACKING_USERNAME: ci-bot\n        MLFLOW_TRACKING_PASSWORD: {v}",
        const("${{ secrets.MLFLOW_TRACKING_PASSWORD }}"),
    ),
    # ---- look-alikes: Weights & Biases
    L(
        ML,
        "wandb_run_id",
        "wandb: Syncing run lucky-sun-41\nwandb: ⭐️ View project at https://wandb.ai/quarry-vision/seabed-seg\n"
        "wandb: 🚀 View run at https://wandb.ai/quarry-vision/seabed-seg/runs/{v}",
        lower_alnum(8),
    ),
    L(
        ML,
        "wandb_sweep_id",
        "wandb: Created sweep with ID: {v}\nwandb: View sweep at: https://wandb.ai/quarry-vision/seabed-seg/sweeps/{v}\n"
        "wandb: Run sweep agent with: wandb agent quarry-vision/seabed-seg/{v}",
        lower_alnum(8),
    ),
    L(
        ML,
        "placeholder",
        "# .env.example -- copy to .env\nWANDB_API_KEY={v}\nWANDB_ENTITY=quarry-vision",
        interleaved(40),
    ),
    L(
        ML,
        "placeholder",
        "# docs/setup.md\n$ wandb login {v}   # paste the key from wandb.ai/authorize here",
        counting(40, True),
    ),
    # ---- look-alikes: Kaggle, Comet, Neptune, ClearML
    L(ML, "placeholder", '{"username":"YOUR_USERNAME","key":"{v}"}', const("x" * 32)),
    L(
        ML,
        "credential_file_path",
        "Warning: Your Kaggle API key is readable by other users on this system! "
        "To fix this, you can run 'chmod 600 {v}'",
        const("/home/ayla/.kaggle/kaggle.json"),
    ),
    L(
        ML,
        "comet_experiment_key",
        "COMET INFO: Experiment is live on comet.com https://www.comet.com/quarry-vision/seabed-seg/{v}",
        hexl(32),
    ),
    L(
        ML,
        "neptune_anonymous",
        'run = neptune.init_run(project="common/quickstarts", api_token={v})',
        const("neptune.ANONYMOUS_API_TOKEN"),
    ),
    L(
        ML,
        "clearml_task_id",
        "ClearML Task: created new task id={v}\n"
        "ClearML results page: https://app.clear.ml/projects/{pid}/experiments/{v}/output/log",
        hexl(32),
        pid=hexl(32),
    ),
    L(
        ML,
        "masked_output",
        "Executing: ['docker', 'run', '-t', '--gpus', 'device=0', '-e', 'CLEARML_WORKER_ID=gpu-box-02:gpu0', "
        "'-e', 'CLEARML_API_SECRET_KEY={v}', 'nvidia/cuda:11.0.3-cudnn8-runtime-ubuntu20.04']",
        const("********"),
    ),
    # ---- look-alikes: DVC
    L(
        ML,
        "dvc_md5",
        "$ cat data/raw.dvc\nouts:\n- md5: {v}.dir\n  size: 5183041291\n  nfiles: 18204\n  hash: md5\n  path: raw",
        hexl(32),
    ),
    L(ML, "dvc_credentialpath", "$ dvc remote modify --local storage credentialpath {v}", const("~/.aws/credentials")),
    # ---- look-alikes: Label Studio, Roboflow, Streamlit
    L(
        ML,
        "env_reference",
        '$ curl -X GET "http://localhost:8080/api/projects/12/export?exportType=JSON" -H "Authorization: Token {v}"'
        " -o annotations.json",
        const("$LABEL_STUDIO_API_KEY"),
    ),
    L(
        ML,
        "roboflow_publishable_key",
        'const detector = await inferEngine.startWorker("seabed-debris", 3, "{v}");  // publishable key, safe in the browser',
        join("rf_", b62(28)),
    ),
    L(
        ML,
        "streamlit_secret_ref",
        'conn = st.connection("labels_db", type="sql", password={v})',
        const('st.secrets["connections"]["labels_db"]["password"]'),
    ),
    L(
        ML,
        "oauth_client_id",
        '[auth.google]\nclient_id = "{v}"\n# client_secret is set in the app\'s Secrets settings on Community Cloud, not here',
        google_client_id,
    ),
]
