"""Drive Jezero 0.1.0 (installed by bench/setup_jezero.sh in bench/.venv-jezero) for the benchmark.

Jezero runs in its own Python 3.12 virtualenv, so everything here goes through subprocesses:
its CLI for runs, and a small script executed by that venv's Python for in-process searches
(its CLI search prints text, and one process per query would measure interpreter start-up,
not search). Nothing of Jezero's code is copied; we only call its public `Store.search`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
VENV = BENCH_DIR / ".venv-jezero"
JEZERO = VENV / "bin" / "jezero"
PYTHON = VENV / "bin" / "python"
API_KEY_ENV = "BENCH_FAKE_API_KEY"  # the fake server accepts any key
# The machine's SQLite is 3.40: the trigram tokenizer exists (3.34+) but its
# remove_diacritics option (3.45+) does not, so Jezero gets plain "trigram".
TOKENIZER = "trigram"


def ensure_installed() -> str:
    """Run setup_jezero.sh (idempotent) and return the installed version."""
    subprocess.run(["bash", str(BENCH_DIR / "setup_jezero.sh")], check=True, capture_output=True, text=True)
    out = subprocess.run(
        [str(PYTHON), "-c", "import importlib.metadata as m; print(m.version('jezero'))"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def write_config(
    path: Path,
    *,
    db_path: Path,
    claude_dir: Path,
    codex_dir: Path,
    base_url: str,
    concurrency: int = 4,
    max_input_chars: int = 60000,
) -> Path:
    """A Jezero config (reference §8) on the benchmark corpus and the fake model server."""
    path.write_text(f"""\
[storage]
path = "{db_path}"
tokenizer = "{TOKENIZER}"

[summarizer]
provider = "anthropic"
base_url = "{base_url}"
model = "fake"
api_key_env = "{API_KEY_ENV}"
max_concurrency = {concurrency}
timeout_seconds = 120
max_input_chars = {max_input_chars}

[projects]
git = false

[[connectors]]
name = "claude-code"
type = "claude_code"
[connectors.options]
projects_dir = "{claude_dir}"
settle_minutes = 0

[[connectors]]
name = "codex"
type = "codex"
[connectors.options]
sessions_dir = "{codex_dir}"
settle_minutes = 0
""")
    return path


def run_command(config: Path, *, dry_run: bool = False) -> list[str]:
    """The command line of one `jezero run` (its reports are JSON lines on stdout)."""
    cmd = [str(JEZERO), "-c", str(config), "run"]
    return cmd + ["--dry-run"] if dry_run else cmd


def parse_reports(stdout: str) -> list[dict[str, Any]]:
    """The per-connector JSON reports of `jezero run`; a connector error raises with its text."""
    reports = []
    for line in stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            report = json.loads(line)
            if "error" in report and "connector" in report and "docs" not in report:
                raise RuntimeError(f"jezero connector {report['connector']} failed: {report['error']}")
            reports.append(report)
    return reports


_SEARCH_SCRIPT = r"""
import json, sys, time
from jezero.config import load_config
from jezero.store import Store
config = load_config(sys.argv[1])
store = Store(config.db_path, tokenizer=config.storage.tokenizer)
queries = json.load(open(sys.argv[2]))
limit = int(sys.argv[3])
s = config.search
store.search("warm up", limit=limit)
out = []
for q in queries:
    t0 = time.perf_counter()
    hits = store.search(q, limit=limit, candidate_pool=s.candidate_pool,
                        recency_half_life_days=s.recency_half_life_days, recency_weight=s.recency_weight)
    dt = time.perf_counter() - t0
    out.append({"seconds": dt, "results": [{"source": h.item.source, "external_id": h.item.external_id}
                                           for h in hits]})
json.dump(out, sys.stdout)
"""


def search_many(config: Path, queries: list[str], limit: int = 5, workdir: Path | None = None) -> list[dict[str, Any]]:
    """Per query: {seconds, results:[{source, external_id}]}, timed inside Jezero's venv."""
    workdir = workdir or config.parent
    qfile = workdir / "jezero_queries.json"
    qfile.write_text(json.dumps(queries))
    out = subprocess.run(
        [str(PYTHON), "-c", _SEARCH_SCRIPT, str(config), str(qfile), str(limit)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def library_texts(db_path: Path) -> list[str]:
    """Every text a Jezero library stores (items table), for the planted-secrets check.

    Read with the standard sqlite3 module: the items table needs no FTS tokenizer."""
    import sqlite3

    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        cols = [r[1] for r in con.execute("PRAGMA table_info(items)")]
        return [
            "\n".join(str(v) for v in row if v is not None)
            for row in con.execute(f"SELECT {', '.join(cols)} FROM items")
        ]
    finally:
        con.close()


if __name__ == "__main__":
    print(ensure_installed(), file=sys.stderr)
