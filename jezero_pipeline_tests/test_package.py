"""The shape of the package: no import cycle, Dagster only in defs/, no borrowed private names,
lazy imports say why, and the Dagster definitions are what the snapshot says."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "jezero_pipeline"
SNAPSHOT = Path(__file__).parent / "snapshots" / "definitions.json"


def _module_names() -> set[str]:
    names = set()
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(REPO).with_suffix("")
        names.add(".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts))
    return names


KNOWN = _module_names()


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(REPO).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        out[name] = ast.parse(path.read_text(), str(path))
    return out


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _top_level_imports(name: str, tree: ast.Module) -> set[str]:
    """Modules imported when `name` is imported: module-level statements only (not the lazy
    ones inside functions, not those under `if TYPE_CHECKING`)."""
    is_package = (PACKAGE.parent / name.replace(".", "/") / "__init__.py").exists()
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            target = _resolve(name, node, is_package)
            submodules = {f"{target}.{a.name}" for a in node.names} & KNOWN
            found.update(submodules or {target})  # `from . import x` of a submodule imports x
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith("jezero_pipeline")}


def test_the_package_has_no_import_cycle():
    modules = _modules()
    graph = {name: {m for m in _top_level_imports(name, tree) if m in modules and m != name}
             for name, tree in modules.items()}  # fmt: skip
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in graph:
        if name not in state:
            visit(name)


def test_only_defs_imports_dagster():
    offenders = []
    for name, tree in _modules().items():
        if name.startswith("jezero_pipeline.defs"):
            continue
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            offenders += [f"{name}: {n}" for n in names if n.split(".")[0].startswith("dagster")]
    assert offenders == []


def test_no_module_imports_another_modules_private_names():
    offenders = [
        f"{name}: {a.name}"
        for name, tree in _modules().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("jezero_pipeline"))
        for a in node.names
        if a.name.startswith("_")
    ]
    assert offenders == []


def test_a_function_local_import_says_why_it_is_lazy():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text().split("\n")
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    here = lines[sub.lineno - 1] + (lines[sub.lineno - 2] if sub.lineno > 1 else "")
                    if "lazy" not in here:
                        offenders.append(f"{path.relative_to(REPO)}:{sub.lineno}")
    assert offenders == [], "add a `# lazy: <why>` comment, or import at module level"


def _definitions_snapshot() -> dict:
    from jezero_pipeline.config import load_config
    from jezero_pipeline.defs.definitions import build_definitions

    defs = build_definitions(load_config(REPO / "jezero.toml"))
    repo = defs.get_repository_def()
    graph = repo.asset_graph
    partitions = defs.resolve_job_def("sessions_job").partitions_def
    return {
        "assets": {
            k.to_user_string(): {
                "deps": sorted(d.to_user_string() for d in graph.get(k).parent_keys),
                "group": graph.get(k).group_name,
                "partitioned": graph.get(k).partitions_def is not None,
            }
            for k in sorted(graph.get_all_asset_keys())
        },
        "partitions": {d.name: type(d.partitions_def).__name__ for d in partitions.partitions_defs},
        "checks": sorted(f"{c.asset_key.to_user_string()}:{c.name}" for c in graph.asset_check_keys),
        "jobs": sorted(j.name for j in repo.get_all_jobs() if not j.name.startswith("__")),
        "schedules": sorted(s.name for s in repo.schedule_defs),
        "sensors": sorted(s.name for s in repo.sensor_defs),
    }


def test_the_definitions_match_the_snapshot():
    """A change to the graph is a visible diff: regenerate with JEZERO_UPDATE_SNAPSHOT=1."""
    now = _definitions_snapshot()
    if os.environ.get("JEZERO_UPDATE_SNAPSHOT"):
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(json.dumps(now, indent=2, sort_keys=True) + "\n")
    assert now == json.loads(SNAPSHOT.read_text())


def test_dagster_validates_the_code_location():
    env = {**os.environ, "JEZERO_CONFIG": str(REPO / "jezero.toml")}
    env.pop("DAGSTER_HOME", None)
    out = subprocess.run(
        [str(Path(sys.executable).with_name("dagster")), "definitions", "validate", "-w", "workspace.yaml"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "Validation successful" in out.stdout + out.stderr
