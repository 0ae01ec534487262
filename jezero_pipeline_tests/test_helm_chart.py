"""The Helm chart (deploy/helm/jezero-pipeline) rendered by Helm's own template engine and every
object validated against the Kubernetes API's schemas, offline; its image built from this
repository's files (deploy/Dockerfile). Needs the `chart` extra (.ci/run installs it)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from services import missing

REPO = Path(__file__).resolve().parents[1]
CHART = REPO / "deploy" / "helm" / "jezero-pipeline"
KUBERNETES = "1.33.0"  # the oldest Kubernetes release still supported upstream when this was written


def render(values: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        import helm_python
    except ImportError:
        missing("helm-python-sdk not installed: pip install -c requirements.lock -e '.[chart]'")
    chart = helm_python.Chart.load(CHART)
    out = chart.render(values, name="team", namespace="jezero", is_install=True)
    return [doc for text in out.values() for doc in yaml.safe_load_all(text) if doc]


def validate(doc: dict[str, Any]) -> None:
    try:
        import kubernetes_validate
    except ImportError:
        missing("kubernetes-validate not installed: pip install -c requirements.lock -e '.[chart]'")
    kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def by_kind(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {f"{d['kind']}/{d['metadata']['name']}": d for d in docs}


def test_the_chart_renders_objects_the_kubernetes_schemas_accept_with_no_secret_in_them():
    docs = render({"workers": {"replicas": 3, "concurrency": 2}, "env": {"AWS_DEFAULT_REGION": "eu-west-1"}})
    for doc in docs:
        validate(doc)  # raises ValidationError naming the field
    objects = by_kind(docs)
    assert sorted(objects) == [
        "ConfigMap/team-jezero-config", "ConfigMap/team-jezero-env", "Deployment/team-jezero-daemon",
        "Deployment/team-jezero-webserver", "Deployment/team-jezero-worker", "Job/team-jezero-instance-setup",
        "Service/team-jezero-webserver"]  # fmt: skip
    worker = objects["Deployment/team-jezero-worker"]["spec"]
    command = " ".join(worker["template"]["spec"]["containers"][0]["command"])
    assert worker["replicas"] == 3
    assert command.startswith("celery -A jezero_pipeline.defs.celery worker -Q dagster -c 2 --prefetch-multiplier=1")
    setup = objects["Job/team-jezero-instance-setup"]["spec"]["template"]["spec"]["containers"][0]["command"]
    assert setup[-1].endswith("dagster instance concurrency set llm 6"), "one llm slot per worker slot"
    # the instance every pod mounts is the one the cluster test runs with
    config = objects["ConfigMap/team-jezero-config"]["data"]
    assert config["dagster.yaml"].strip() == (CHART / "files" / "dagster.yaml").read_text().strip()
    assert yaml.safe_load(config["workspace.yaml"]) == {"load_from": [{"python_module": "jezero_pipeline.defs.celery"}]}
    from jezero_pipeline.config import parse_config

    parse_config(tomllib.loads(config["jezero.toml"]), Path("/etc/jezero"))  # the chart's config is valid
    # secrets only by reference: the Secret's name, never a value
    for name in ("daemon", "webserver", "worker"):
        container = objects[f"Deployment/team-jezero-{name}"]["spec"]["template"]["spec"]["containers"][0]
        assert {"secretRef": {"name": "jezero-pipeline-secrets"}} in container["envFrom"]
    assert "PASSWORD" not in str(objects["ConfigMap/team-jezero-env"]["data"])


def test_a_value_that_is_not_a_kubernetes_field_fails_validation():
    docs = render({"workers": {"resources": {"requests": {"cpu": "1"}, "limit": {"memory": "1Gi"}}}})
    worker = by_kind(docs)["Deployment/team-jezero-worker"]
    import kubernetes_validate

    with pytest.raises(kubernetes_validate.ValidationError, match="limit"):
        validate(worker)


def test_the_image_is_built_from_this_repositorys_files():
    text = (REPO / "deploy" / "Dockerfile").read_text()
    for sources in re.findall(r"^COPY (.+) \S+$", text, re.M):
        for source in sources.split():
            assert (REPO / source).exists(), f"deploy/Dockerfile copies {source}, which the repository lacks"
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    (wanted,) = re.findall(r"-c requirements.lock '\.\[([a-z0-9,]+)\]'", text)
    assert set(wanted.split(",")) <= set(extras)
    assert {"dagster-aws", "dagster-postgres"} <= {re.split(r"[=<>]", r)[0] for r in extras["celery"]}
