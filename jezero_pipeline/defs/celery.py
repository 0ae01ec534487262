"""The code location for a Celery deployment: the same assets, each step a Celery task.

`dagster dev -m jezero_pipeline.defs.celery` (or a workspace.yaml naming this module) loads
it; the run worker then hands each step to the Celery workers through the broker, and any
worker takes it. Broker and result backend come from `$JEZERO_CELERY_BROKER` (a Redis URL,
which may hold a password: never the config file) on the run worker and on every Celery
worker alike. The `llm` pool still caps the model-call steps: the run worker claims a pool
slot in the instance's database before it sends a step, whichever machine runs it.

Celery workers start with (docs/scaling.md):

    celery -A jezero_pipeline.defs.celery worker -Q dagster -c 1 --prefetch-multiplier=1

with the same `DAGSTER_HOME` (a PostgreSQL instance), `JEZERO_CONFIG` (staging on object
storage) and AWS environment as the run worker; nothing else is shared between machines.

A worker starts warm: before its main process forks the pool process that runs steps, it
imports what a step needs (the instance's storage, the stages, the model SDK, the object
store's client) and builds the definitions once (`preload`), so a step pays only for its own
work. Each task's run and seconds in the worker are logged, one line a task (`_task_ended`).
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

import dagster as dg
from celery import signals
from dagster_celery import celery_executor
from dagster_celery.executor import CeleryExecutor
from dagster_celery.make_app import make_app
from dagster_celery.tasks import create_task

from ..config import Config, config_path, load_config
from .definitions import build_definitions

BROKER_ENV = "JEZERO_CELERY_BROKER"
LOG = logging.getLogger("jezero.worker")
RESTORE_SWEEP_SECONDS = 10  # how often a worker looks for steps whose worker vanished


def celery_settings(cfg: Config) -> dict[str, Any]:
    """The Celery settings of the run worker and of every Celery worker (they must agree)."""
    return {
        # A worker takes the next step only when it is free: the message is acknowledged when the
        # step ends (acks_late), so a busy worker holds no second step that an idle one could run.
        "worker_prefetch_multiplier": 1,
        "task_acks_late": True,
        # A step whose process is killed goes back to the queue for any live worker (its answers
        # already paid are in the journal: the rerun pays only for the rest). A worker machine
        # that vanishes leaves its step unacknowledged: Redis hands it to another worker once the
        # visibility timeout has passed since it was taken, twice the longest step, so that a
        # step still running is rarely handed out again (when it is, the second delivery waits
        # for the first: staging/pglocks.py); every worker sweeps for such steps every
        # RESTORE_SWEEP_SECONDS (Celery's default sweep is every 100 s).
        "task_reject_on_worker_lost": True,
        "broker_transport_options": {
            "visibility_timeout": visibility_timeout(cfg),
            "unacked_restore_interval": RESTORE_SWEEP_SECONDS,
            "unacked_restore_throttle": 1,
        },
        "broker_connection_retry_on_startup": True,
        # A step's stdout and stderr stay the process's own file descriptors, which Dagster
        # captures into the step's compute logs (Celery would turn them into its log records).
        "worker_redirect_stdouts": False,
        "task_default_queue": "dagster",
    }


def visibility_timeout(cfg: Config) -> int:
    """Seconds before an unacknowledged step is handed to another worker: twice the longest step."""
    return max(30, round(2 * 60 * cfg.cluster.longest_step_minutes))


def _config() -> Config:
    return load_config(os.environ.get("JEZERO_CONFIG") or None)


def executor(cfg: Config) -> dg.ExecutorDefinition:
    """The Celery executor, its broker and result backend read from the environment at run time."""
    return celery_executor.configured(
        {"broker": {"env": BROKER_ENV}, "backend": {"env": BROKER_ENV}, "config_source": celery_settings(cfg)},
        name="celery",
    )


def worker_app() -> Any:
    """The Celery app the workers run: dagster-celery's step task, on the same broker, warm."""
    broker = os.environ.get(BROKER_ENV)
    if not broker:
        raise RuntimeError(f"set ${BROKER_ENV} (e.g. redis://127.0.0.1:6379/0) for the Celery workers")
    settings = celery_settings(_config())
    app = make_app(CeleryExecutor.for_cli(broker=broker, backend=broker, config_source=settings).app_args())
    signals.celeryd_after_setup.connect(preload, weak=False)
    signals.task_prerun.connect(_task_started, weak=False)
    signals.task_postrun.connect(_task_ended, weak=False)
    return app


def preload(**_: Any) -> None:
    """In the worker's main process, once logging is set up and before the pool forks: what a
    step imports and builds whatever its partitions (the definitions, the connectors' and the
    model SDK's modules, the stores' clients, pandas and pyarrow, which a step's first Parquet
    write loads), so that the pool process inherits it (copy-on-write) and its first step costs
    no more than the next. No connection is left open: each pool process opens its own."""
    import pandas  # noqa: F401  (lazy: only a worker preloads; ~300 modules)
    import pyarrow.parquet  # noqa: F401  (lazy: as above)

    from ..engine import pipeline  # noqa: F401  (lazy: as above)
    from ..summarizing.providers import provider_class  # lazy: as above
    from ..workspace import Workspace  # lazy: as above

    started = time.monotonic()
    cfg = _config()
    defs().get_repository_def()  # the definitions, as the step's job will load them
    ws = Workspace.open(cfg)
    ws.redactor  # noqa: B018 (compiles the detectors)
    for c in cfg.enabled_connectors:
        ws.connector(c.name)  # imports its format's module
    if cfg.summarizer.provider != "extractive":
        provider_class(cfg.summarizer.provider)  # its SDK: seconds of imports
    if cfg.staging_remote:
        import s3fs  # noqa: F401  (lazy: as above; the object store's client, with aiobotocore)

        from ..staging import pglocks  # noqa: F401  (lazy: as above)
    with dg.DagsterInstance.get() as instance:  # the instance's storage modules (PostgreSQL, compute logs)
        instance.compute_log_manager  # noqa: B018 (an object-store client: ~2 s of imports and set-up)
    LOG.info("jezero worker preloaded in %.1f s (pid %d)", time.monotonic() - started, os.getpid())


_STARTED: dict[str, float] = {}
_DONE = [0]  # tasks finished in this process


def _task_started(task_id: str = "", **_: Any) -> None:
    _STARTED[task_id] = time.monotonic()


def _task_ended(task_id: str = "", task: Any = None, kwargs: Any = None, **_: Any) -> None:
    """One line per task: the run it served and its seconds in this worker process."""
    started = _STARTED.pop(task_id, None)
    if started is None:
        return
    _DONE[0] += 1
    packed = (kwargs or {}).get("execute_step_args_packed") or {}
    run_id = packed.get("pipeline_run_id") or packed.get("run_id") or "?"  # the serialised ExecuteStepArgs
    seconds = time.monotonic() - started
    LOG.info("jezero task %s run %s: %.2f s in pid %d (task %d of this process)",
             getattr(task, "name", "?"), run_id, seconds, os.getpid(), _DONE[0])  # fmt: skip


def __getattr__(name: str) -> Any:
    """`celery -A jezero_pipeline.defs.celery` finds `app` here; built only when asked for, so
    importing the code location never needs the broker's environment."""
    if name in ("app", "celery"):
        global app, execute_plan
        app = worker_app()
        execute_plan = create_task(app)
        return app
    raise AttributeError(name)


_BUILT: dict[tuple[str, int], dg.Definitions] = {}


@dg.definitions
def defs() -> dg.Definitions:
    """Built once per process and version of the config file: a worker's every task loads its
    job from here, and Dagster keeps the repository it makes with the Definitions object."""
    path = os.environ.get("JEZERO_CONFIG") or None
    file = config_path(path)
    key = (str(file.resolve()), file.stat().st_mtime_ns if file.exists() else 0)
    if key not in _BUILT:
        cfg = load_config(path)
        _BUILT.clear()
        _BUILT[key] = build_definitions(cfg, path or "", executor=executor(cfg))
    return _BUILT[key]
