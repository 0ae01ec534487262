"""The shape of the package: no import cycle, Dagster only in defs/, no borrowed private names,
lazy imports say why, and the Dagster definitions are what the snapshot says."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

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


def _runtime_nodes(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node but those under `if TYPE_CHECKING:`, which never run."""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            todo += node.orelse
            continue
        yield node
        todo += ast.iter_child_nodes(node)


def _parents(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _imports(name: str, tree: ast.Module) -> set[str]:
    """Modules of the package that importing `name`, or calling it, may import: every import
    statement wherever it is (inside a function too), and the packages holding them (importing
    `a.b` runs `a/__init__.py`; a module's own packages are already running)."""
    is_package = (PACKAGE.parent / name.replace(".", "/") / "__init__.py").exists()
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(name, node, is_package)
            submodules = {f"{target}.{a.name}" for a in node.names} & KNOWN
            found.update(submodules or {target})  # `from . import x` of a submodule imports x
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    found &= KNOWN
    found |= {p for m in found for p in _parents(m)} - _parents(name)
    return found - {name}


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_the_package_has_no_import_cycle():
    """Counting the imports inside functions: a lazy import is for cost, never to dodge a cycle."""
    graph = {name: _imports(name, tree) for name, tree in _modules().items()}
    reach = {name: _reachable(graph, name) for name in graph}
    cycles = {frozenset({n} | {m for m in reach[n] if n in reach[m]}) for n in graph if n in reach[n]}
    found = [{m: sorted(graph[m] & c) for m in sorted(c)} for c in cycles]
    assert found == [], "import cycle (each module: what it imports in the cycle)"


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


def test_no_module_imports_a_private_dagster_module():
    """Dagster's public API only: its private modules change between releases without notice."""
    offenders = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            offenders += [f"{name}: {n}" for n in names if n.startswith("dagster") and "._" in n]
    assert offenders == []


MAX_MODULE_LINES = 500


def test_no_module_is_over_500_lines():
    sizes = {str(p.relative_to(REPO)): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")}
    assert {p: n for p, n in sizes.items() if n > MAX_MODULE_LINES} == {}


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
