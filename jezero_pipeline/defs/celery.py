"""The code location for a Celery deployment: the same assets, each step a Celery task.

`dagster dev -m jezero_pipeline.defs.celery` (or a workspace.yaml naming this module) loads
it; the run worker then hands each step to the Celery workers through the broker, and any
worker takes it. Broker and result backend come from `$JEZERO_CELERY_BROKER` (a Redis URL,
which may hold a password: never the config file) on the run worker and on every Celery
worker alike. The `llm` pool still caps the model-call steps: the run worker claims a pool
slot in the instance's database before it sends a step, whichever machine runs it.

Celery workers start with (README, docs/scaling.md):

    celery -A jezero_pipeline.defs.celery worker -Q dagster -c 1 --prefetch-multiplier=1

with the same `DAGSTER_HOME` (a PostgreSQL instance), `JEZERO_CONFIG` (staging on object
storage) and AWS environment as the run worker; nothing else is shared between machines.
"""

from __future__ import annotations

import os
from typing import Any

import dagster as dg
from dagster_celery import celery_executor
from dagster_celery.executor import CeleryExecutor
from dagster_celery.make_app import make_app
from dagster_celery.tasks import create_task

from ..config import load_config
from .definitions import build_definitions

BROKER_ENV = "JEZERO_CELERY_BROKER"
CELERY_SETTINGS = {
    # A worker takes the next step only when it is free: the message is acknowledged when the
    # step ends (acks_late), so a busy worker holds no second step that an idle one could run.
    "worker_prefetch_multiplier": 1,
    "task_acks_late": True,
    # A step whose process is killed is reported failed (WorkerLostError), not run again by
    # itself: the run fails and is retried as a whole. A worker machine that vanishes leaves
    # its message unacknowledged; Redis hands it to another worker after this many seconds.
    "task_reject_on_worker_lost": False,
    "broker_transport_options": {"visibility_timeout": 4 * 3600},
    "broker_connection_retry_on_startup": True,
    "task_default_queue": "dagster",
}


def executor() -> dg.ExecutorDefinition:
    """The Celery executor, its broker and result backend read from the environment at run time."""
    return celery_executor.configured(
        {"broker": {"env": BROKER_ENV}, "backend": {"env": BROKER_ENV}, "config_source": CELERY_SETTINGS},
        name="celery",
    )


def worker_app() -> Any:
    """The Celery app the workers run: dagster-celery's step task, on the same broker."""
    broker = os.environ.get(BROKER_ENV)
    if not broker:
        raise RuntimeError(f"set ${BROKER_ENV} (e.g. redis://127.0.0.1:6379/0) for the Celery workers")
    return make_app(CeleryExecutor.for_cli(broker=broker, backend=broker, config_source=CELERY_SETTINGS).app_args())


def __getattr__(name: str) -> Any:
    """`celery -A jezero_pipeline.defs.celery` finds `app` here; built only when asked for, so
    importing the code location never needs the broker's environment."""
    if name in ("app", "celery"):
        global app, execute_plan
        app = worker_app()
        execute_plan = create_task(app)
        return app
    raise AttributeError(name)


@dg.definitions
def defs() -> dg.Definitions:
    path = os.environ.get("JEZERO_CONFIG") or None
    return build_definitions(load_config(path), path or "", executor=executor())
