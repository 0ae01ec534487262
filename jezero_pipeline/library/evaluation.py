"""`eval`: how well the library finds what a question needs (hit@1, hit@k, MRR).

Cases file (TOML):
    [defaults]
    k = 5
    fail_under = 0.8          # hit@k share under which the CLI exits non-zero

    [[case]]
    id = "pnpm-lockfile"
    question = "Why does CI fail with the pnpm lockfile error?"
    query = "ERR_PNPM_OUTDATED_LOCKFILE"       # optional; default: the question
    expect = [12, "claude_code:abc#0"]          # item ids or "source:external_id"
    kind = "search"                             # or "later" (then `item` is required)
    project = "jezero"                          # optional filter
    k = 3                                       # optional, overrides defaults.k
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from .query import QueryError
from .reader import Library

_CASE_KEYS = {"id", "question", "query", "expect", "kind", "item", "project", "source", "k", "note"}


class EvalError(ValueError):
    """A cases file that cannot be run; the message names the file and case."""


def load_cases(cases_file: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    path = Path(cases_file)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EvalError(f"{path}: cases file not found") from None
    except tomllib.TOMLDecodeError as err:
        raise EvalError(f"{path}: not valid TOML: {err}") from None
    defaults = data.get("defaults", {})
    unknown = set(defaults) - {"k", "fail_under", "sources"}
    if unknown:
        raise EvalError(f"{path}: [defaults]: unknown key(s) {sorted(unknown)}")
    cases = data.get("case", [])
    if not cases:
        raise EvalError(f"{path}: no [[case]] entries")
    seen = set()
    for n, case in enumerate(cases, 1):
        where = f"{path}: case {n} ({case.get('id', 'no id')})"
        unknown = set(case) - _CASE_KEYS
        if unknown:
            raise EvalError(f"{where}: unknown key(s) {sorted(unknown)}")
        case.setdefault("id", f"case-{n}")
        if case["id"] in seen:
            raise EvalError(f"{where}: id {case['id']!r} is used twice")
        seen.add(case["id"])
        if not case.get("question") and not case.get("query"):
            raise EvalError(f"{where}: needs 'question' or 'query'")
        expect = case.get("expect")
        if isinstance(expect, (int, str)):
            case["expect"] = [expect]
        if not case.get("expect"):
            raise EvalError(f"{where}: 'expect' must list item ids or 'source:external_id'")
        for e in case["expect"]:
            if not isinstance(e, int) and not (isinstance(e, str) and ":" in e):
                raise EvalError(f"{where}: expect entry {e!r} is neither an id nor 'source:external_id'")
        case.setdefault("kind", "search")
        if case["kind"] not in ("search", "later"):
            raise EvalError(f"{where}: kind must be 'search' or 'later'")
        if case["kind"] == "later" and not isinstance(case.get("item"), int):
            raise EvalError(f"{where}: kind 'later' needs an integer 'item'")
    return defaults, cases


def _rank(results: list[dict[str, Any]], expect: list) -> int | None:
    """1-based rank of the first expected item, or None."""
    for i, r in enumerate(results, 1):
        for e in expect:
            if (isinstance(e, int) and r["id"] == e) or (
                isinstance(e, str) and f"{r['source']}:{r['external_id']}" == e
            ):
                return i
    return None


def run_eval(
    library: Library,
    cases_file: Path,
    k: int | None = 5,
    save: Path | None = None,
    compare: Path | None = None,
    mode: str | None = None,
) -> dict[str, Any]:
    """Run every case (searches in `mode`: lexical, semantic, hybrid, or the library's default);
    return metrics, per-case ranks and (with `compare`) what changed."""
    notices: set[str] = set()
    defaults, cases = load_cases(cases_file)
    k_default = int(defaults.get("k", k or 5)) if k is None else int(k)
    per_case = []
    for case in cases:
        ck = int(case.get("k", k_default))
        query = case.get("query") or case["question"]
        error = None
        try:
            if case["kind"] == "later":
                results = library.later(case["item"], query=case.get("query"), limit=ck)["later"]
            else:
                answer = library.search(query, project=case.get("project"), source=case.get("source"), limit=ck,
                                        mode=mode)  # fmt: skip
                results = answer["results"]
                if answer.get("notice"):
                    notices.add(answer["notice"])
        except QueryError as err:
            results, error = [], str(err)
        rank = _rank(results[:ck], case["expect"])
        per_case.append(
            {
                "id": case["id"],
                "rank": rank,
                "k": ck,
                "hit1": rank == 1,
                "hitk": rank is not None and rank <= ck,
                "error": error,
            }
        )
    n = len(per_case)
    report: dict[str, Any] = {
        "cases": n,
        "hit@1": round(sum(c["hit1"] for c in per_case) / n, 4),
        "hit@k": round(sum(c["hitk"] for c in per_case) / n, 4),
        "mrr": round(sum(1 / c["rank"] for c in per_case if c["rank"]) / n, 4),
        "k": k_default,
        "fail_under": defaults.get("fail_under"),
        "mode": mode,
        "notices": sorted(notices),
        "per_case": per_case,
    }
    if report["fail_under"] is not None:
        report["passed"] = report["hit@k"] >= float(report["fail_under"])
    if compare is not None:
        report["compare"] = compare_runs(json.loads(Path(compare).read_text(encoding="utf-8")), report)
    if save is not None:
        Path(save).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


def compare_runs(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Which cases got better or worse (a lower rank is better; no rank is worst)."""
    old = {c["id"]: c["rank"] for c in before.get("per_case", [])}
    key = lambda r: r if r is not None else float("inf")  # noqa: E731
    better, worse, new = [], [], []
    for c in after["per_case"]:
        if c["id"] not in old:
            new.append(c["id"])
        elif key(c["rank"]) < key(old[c["id"]]):
            better.append({"id": c["id"], "before": old[c["id"]], "after": c["rank"]})
        elif key(c["rank"]) > key(old[c["id"]]):
            worse.append({"id": c["id"], "before": old[c["id"]], "after": c["rank"]})
    return {
        "better": better,
        "worse": worse,
        "new": new,
        "delta": {m: round(after[m] - before.get(m, 0.0), 4) for m in ("hit@1", "hit@k", "mrr")},
    }


def format_report(report: dict[str, Any]) -> str:
    """A few plain lines for people."""
    lines = [
        f"{report['cases']} cases  hit@1 {report['hit@1']:.3f}  hit@{report['k']} "
        f"{report['hit@k']:.3f}  MRR {report['mrr']:.3f}" + (f"  mode {report['mode']}" if report.get("mode") else "")
    ]
    lines += [f"  note: {n}" for n in report.get("notices") or []]
    for c in report["per_case"]:
        if not c["hitk"]:
            lines.append(f"  miss {c['id']}" + (f" ({c['error']})" if c["error"] else ""))
    cmp = report.get("compare")
    if cmp:
        for b in cmp["better"]:
            lines.append(f"  better {b['id']}: {b['before']} -> {b['after']}")
        for w in cmp["worse"]:
            lines.append(f"  worse  {w['id']}: {w['before']} -> {w['after']}")
    if "passed" in report:
        lines.append(("PASS" if report["passed"] else "FAIL") + f" (fail_under {report['fail_under']})")
    return "\n".join(lines)
