"""The embed stage: a vector for every library item that has none of the configured model.

Each live item's text (embedding/model.py's recipe, made in SQL) is keyed by its SHA-256; a
key the cache (embedding/cache.py) holds for the model costs nothing, the others are sent in
batches of `batch_size` (one request each, `max_concurrency` in flight) and committed as
each answer arrives: a killed backfill resumes without paying twice. Then the library's
vectors file is rewritten when its vectors changed (library/vectors.py).

Deliberate re-embedding: when the library's vectors are of another model than the config's,
a plain run (`run`, the sensor) embeds nothing and says so; `embed --reembed` pays for the
new model's vectors (a cost preview with `--dry-run`). The blocking secret check: a text a
redaction detector still fires on is never sent to an endpoint, and nothing more is sent.

Never under the library's lock: the vectors are a file of their own, so a long backfill never
holds up the library, and a failure here never touches the items or their index.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..engine.budget import Budget, BudgetExhausted
from ..library import delta_path
from ..staging.locks import file_lock
from ..workspace import Workspace

TEXT_SQL = """left(concat_ws(chr(10), title, summary, array_to_string(questions, chr(10)),
    array_to_string(list_transform(atoms, a -> a.text), chr(10))), {chars})"""
LOCAL_BATCH = 256  # texts per step of the local model (its own batches are smaller)
STATE_DOC = "vectors.json"  # what the vectors file was made from: a `stat` tells if it is current


@dataclass
class EmbedReport:
    model: str | None  # the configured model's key (None: embeddings off)
    items: int = 0  # live items in the library
    texts: int = 0  # distinct texts among them
    embedded: int = 0  # texts embedded (paid) by this command
    reused: int = 0  # texts whose vector was already paid for
    pending: int = 0  # texts left without a vector (budget, failure, stop, or a model change)
    withheld: list[int] = field(default_factory=list)  # item ids a detector still fires on: never sent
    requests: int = 0  # embedding requests (batches) made
    vectors: int = 0  # vectors in the library's vectors file after this command
    written: bool = False  # the vectors file was rewritten
    library_model: str | None = None  # the model of the vectors file before this command
    seconds: float = 0.0
    notice: str | None = None  # one line for people: why nothing (or not everything) was embedded
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.withheld

    def as_metadata(self) -> dict[str, Any]:
        out = asdict(self)
        out["withheld"] = len(self.withheld)
        return out


def library_key(ws: Workspace) -> list[Any]:
    """What `stat` says of the library's base and delta files (a no-change run loads no DuckDB)."""
    out: list[Any] = []
    for p in (ws.library_path, delta_path(ws.library_path)):
        try:
            st = os.stat(p)
        except FileNotFoundError:
            out.append(None)
            continue
        out.append([st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns])
    return out


def is_current(ws: Workspace) -> bool:
    """The vectors were made from the library as it is now, with the configured model (or
    embeddings are off): a `stat` and a small JSON file, nothing loaded."""
    from ..embedding.model import model_key  # lazy: as above

    key = model_key(ws.cfg.embeddings)
    if key is None or not ws.library_path.exists():
        return True
    state = _read_state(ws)
    return state is not None and state.get("library") == library_key(ws) and state.get("model") == key


def embed_library(
    ws: Workspace,
    *,
    reembed: bool = False,
    dry_run: bool = False,
    max_calls: int | None = None,
    embedder: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> EmbedReport:
    """Embed what the library lacks (see the module). `embedder`: tests pass their own."""
    from ..embedding.model import model_key  # lazy: the stage loads only when it runs

    started = time.perf_counter()
    cfg = ws.cfg.embeddings
    report = EmbedReport(model_key(cfg))
    if report.model is None:
        report.notice = 'embeddings are off ([embeddings] provider = "none"): search is lexical'
        return report
    if not ws.library_path.exists():
        report.notice = "no library yet: nothing to embed"
        return report
    with file_lock(Path(f"{ws.library_path}.embed.lock"), wait=False) as held:
        if not held:
            report.notice = "another command is embedding the library: skipped"
            return report
        _embed(ws, report, reembed, dry_run, max_calls, embedder, progress)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _embed(ws: Workspace, report: EmbedReport, reembed: bool, dry_run: bool, max_calls: int | None,
           embedder: Any, progress: Callable[[int, int], None] | None) -> None:  # fmt: skip
    from ..embedding import cache  # lazy: DuckDB loads only when there is something to embed
    from ..library.snapshot import open_snapshot  # lazy: as above
    from ..library.vectors import read_meta, rows_usable, vectors_path, write_vectors  # lazy: as above

    cfg = ws.cfg.embeddings
    model = str(report.model)
    path = vectors_path(ws.library_path)
    before = read_meta(path) or {}
    report.library_model = before.get("model")
    key_now = library_key(ws)
    snap = open_snapshot(ws.library_path)
    con = snap.con
    try:
        cache.attach_cache(con, ws.library_state_dir)
        con.execute(f"CREATE TEMP TABLE wanted AS SELECT id, sha256({TEXT_SQL.format(chars=int(cfg.max_input_chars))}) "
                    "AS text_key FROM live_items")  # fmt: skip
        (report.items, report.texts) = con.execute("SELECT count(*), count(DISTINCT text_key) FROM wanted").fetchone()
        missing = con.execute(
            "SELECT text_key, min(id) AS id FROM wanted WHERE text_key NOT IN "
            "(SELECT text_key FROM cache.vectors WHERE model = ?) GROUP BY text_key ORDER BY id",
            [model],
        ).fetchall()
        report.reused = report.texts - len(missing)
        changed_model = report.library_model is not None and report.library_model != model
        if changed_model and not reembed:
            report.pending = len(missing)
            report.notice = (f"the library's vectors are of {report.library_model}, the config names {model}: "
                             f"`jezero-pipeline embed --reembed` embeds {len(missing)} text(s) again "
                             "(searches meanwhile are lexical)")  # fmt: skip
            _write_state(ws, {"model": model, "library": key_now})  # said once: the next no-change run loads nothing
            return
        if dry_run:
            report.pending = len(missing)
            report.notice = f"would embed {len(missing)} text(s) in {_batches(len(missing), cfg.batch_size)} request(s)"
            return
        if missing:
            _send(ws, con, report, missing, max_calls, embedder, progress)
        (have,) = con.execute(
            "SELECT count(*) FROM wanted WHERE text_key IN (SELECT text_key FROM cache.vectors WHERE model = ?)",
            [model],
        ).fetchone()
        same = (
            before.get("model") == model
            and before.get("items") == str(have)
            and _same_rows(con, path)
            and (have == 0 or rows_usable(path, before))
        )
        if not same:
            meta = {"model": model, "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
            report.vectors = write_vectors(con, "wanted", "cache", path, meta)
            report.written = True
        else:
            report.vectors = int(have)
    finally:
        snap.close()
    if report.pending == 0 and not report.errors:
        _write_state(ws, {"model": model, "library": key_now})


def _same_rows(con: Any, path: Path) -> bool:
    """The vectors file holds exactly the (id, text_key) rows wanted now."""
    from ..library.vectors import quoted  # lazy: as above

    try:
        con.execute(f"ATTACH '{quoted(path)}' AS vold (READ_ONLY)")
    except Exception:
        return False
    try:
        (diff,) = con.execute(
            "SELECT count(*) FROM ((SELECT id, text_key FROM vold.vectors EXCEPT SELECT w.id, w.text_key FROM wanted w "
            "JOIN cache.vectors c ON c.text_key = w.text_key AND c.model = (SELECT value FROM vold.meta WHERE key = 'model')) "
            "UNION ALL (SELECT w.id, w.text_key FROM wanted w JOIN cache.vectors c ON c.text_key = w.text_key AND "
            "c.model = (SELECT value FROM vold.meta WHERE key = 'model') EXCEPT SELECT id, text_key FROM vold.vectors))"
        ).fetchone()
        return diff == 0
    finally:
        con.execute("DETACH vold")


def _batches(n: int, size: int) -> int:
    return -(-n // size)


def _send(ws: Workspace, con: Any, report: EmbedReport, missing: list[tuple[str, int]], max_calls: int | None,
          embedder: Any, progress: Callable[[int, int], None] | None) -> None:  # fmt: skip
    """Embed the missing texts batch by batch, committing each answer as it arrives."""
    from ..embedding import cache  # lazy: as above
    from ..embedding.model import EmbeddingError  # lazy: as above
    from ..embedding.providers import make_embedder  # lazy: as above

    cfg = ws.cfg.embeddings
    remote = cfg.provider != "local"
    calls = cfg.max_calls_per_run if max_calls is None else max_calls
    budget = Budget(calls) if remote else None
    if embedder is None:
        try:
            embedder = make_embedder(cfg, budget=budget)
        except EmbeddingError as err:
            report.pending = len(missing)
            report.errors.append(str(err))
            return
    size = cfg.batch_size if remote else LOCAL_BATCH
    batches = [missing[i : i + size] for i in range(0, len(missing), size)]
    total, done = len(missing), 0
    stopped = False

    def texts_of(batch: list[tuple[str, int]]) -> list[str]:
        ids = ", ".join(str(int(i)) for _, i in batch)
        found = dict(con.execute(f"SELECT id, {TEXT_SQL.format(chars=int(cfg.max_input_chars))} FROM live_items "
                                 f"WHERE id IN ({ids})").fetchall())  # fmt: skip
        return [found[i] or "" for _, i in batch]

    def call(keys: list[str], texts: list[str]) -> Any:
        if budget is None:
            return embedder.embed(texts)
        reservation = budget.admit()
        if reservation is None:
            raise BudgetExhausted("budget")
        budget.start(reservation)
        try:
            return embedder.embed(texts)
        finally:
            budget.finish()

    workers = cfg.max_concurrency if remote else 1
    with ThreadPoolExecutor(workers, thread_name_prefix="embed") as pool:
        running: dict[Future, tuple[list[str], int]] = {}
        queue = iter(batches)
        while True:
            while not stopped and len(running) < workers:
                batch = next(queue, None)
                if batch is None:
                    break
                texts = texts_of(batch)
                if remote:
                    leaked = [i for (_, i), t in zip(batch, texts) if ws.redactor.spans(t)]
                    if leaked:
                        report.withheld += leaked
                        report.errors.append(f"stopped by the secret check: a detector still fires on item "
                                             f"{leaked[0]}'s text; it was not sent, nor anything after it")  # fmt: skip
                        stopped = True
                        break
                keys = [k for k, _ in batch]
                running[pool.submit(call, keys, texts)] = (keys, len(batch))
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                keys, n = running.pop(fut)
                try:
                    vectors = fut.result()
                except BudgetExhausted:
                    stopped = True
                    report.notice = "the embeddings budget is spent: the rest waits for the next command"
                    continue
                except (EmbeddingError, OSError) as err:
                    stopped = True
                    message = ws.redactor.redact(str(err))[0]
                    if message not in report.errors:
                        report.errors.append(f"embeddings: {message}")
                    continue
                cache.put(con, str(report.model), keys, vectors)
                report.requests += 1 if remote else 0
                report.embedded += n
                done += n
                if progress is not None:
                    progress(done, total)
    if not remote:
        report.requests = 0
    report.pending = total - report.embedded


def _read_state(ws: Workspace) -> dict[str, Any] | None:
    try:
        return json.loads((ws.library_state_dir / STATE_DOC).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_state(ws: Workspace, state: dict[str, Any]) -> None:
    path = ws.library_state_dir / STATE_DOC
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state), encoding="utf-8")
    tmp.replace(path)
