"""What the library checks look at, gathered in one pass over the library (no Dagster here).

Every item is read as a reader sees the library (base and delta). Its texts are scanned for
secrets by the same redactor that redacts segments and blocks a model call, unless they were
scanned clean before under the same rules (`SecretScan` remembers a digest per item, and the
base file it saw: while the base file is the same one, only the delta's items can have changed).
The items are counted, and the newest one is searched for by a word of its title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..staging.store import read_json, stat_token, write_json_atomic
from ..staging.tables import IMPORTS, SUMMARIES
from ..text import digest
from ..workspace import Workspace

if TYPE_CHECKING:
    from ..library.answers import Item

SCAN_BATCH = 500  # items decoded at a time (with their originals): what the scan holds
KEY_BATCH = 1_000  # items per batch of the pass that compares digests (no originals decoded)

_WORD = re.compile(r"[^\W_][\w]{2,}", re.UNICODE)


@dataclass
class Inspection:
    exists: bool
    rows: int = 0
    expected: int = 0
    newest_id: int | None = None
    query: str | None = None  # the sanity search, from the newest item's title or summary
    hits: list[int] = field(default_factory=list)  # ids the sanity search returned
    offenders: list[int] = field(default_factory=list)  # items a redaction detector fires on


def sanity_query(title: str | None, summary: str | None) -> str | None:
    """A word the index keeps (not a stopword, three characters or more) from the title, else
    the summary: searching it must find the item it came from."""
    from ..library.fts import STOPWORDS  # lazy: the library's modules load DuckDB

    for text in (title or "", summary or ""):
        words = [w for w in _WORD.findall(text) if w.lower() not in STOPWORDS]
        if words:
            return max(words, key=len)
    return None


def expected_items(ws: Workspace) -> int:
    """How many items the library should hold: the good summaries and imports in staging, read
    from the partition files' footers, each remembered under the file's `stat` token (the same
    file has the same footer), so a refresh that changed one partition reads one footer."""
    store, n = ws.store, 0
    saved = store.read_doc("library", "expected_items.json")
    known: dict[str, list] = dict(saved) if isinstance(saved, dict) else {}
    seen: dict[str, list] = {}
    wanted = [
        (SUMMARIES, part) for name in (c.name for c in ws.cfg.connectors) for part in store.partitions(SUMMARIES, name)
    ]
    for table, part in [*wanted, *((IMPORTS, part) for part in store.partitions(IMPORTS))]:
        key, token = f"{table.name}|{part.key}", store.token(table, part)
        if known.get(key, [None])[0] != token:
            footer = store.footer(table, part)
            known[key] = [token, int(footer.get("docs", 0)) - int(footer.get("open", 0))]
        seen[key] = known[key]
        n += seen[key][1]
    if seen != saved:
        store.write_doc("library", "expected_items.json", obj=seen)
    return n


class SecretScan:
    """Which library items the secret check has scanned clean, under which rules and base file.

    The check follows every refresh; scanning every item each time would make a one-session
    change cost a pass of the detectors over the whole library. An item is scanned again only
    when its texts change (a digest of them is kept) or the rules do. While the base file is
    the one the last scan saw, its items are as they were: only the delta's are read.
    """

    def __init__(self, path: Path, rules: str):
        self.path, self.rules = path, rules
        saved = read_json(path)
        saved = saved if isinstance(saved, dict) and saved.get("rules") == rules else {}
        self.clean: dict[str, str] = saved.get("items", {})
        self.base: str | None = saved.get("base")
        self.base_offenders: set[int] = {int(i) for i in saved.get("offenders", [])}
        self.seen: dict[str, str] = {}

    def needs_scan(self, item_id: int, texts: list[str]) -> tuple[bool, str]:
        key = digest(texts)
        return self.clean.get(str(item_id)) != key, key

    def passed(self, item_id: int, key: str) -> None:
        self.seen[str(item_id)] = key

    def save(self, base: str, offenders: list[int]) -> None:
        """Keep only the items still in the library, written atomically."""
        write_json_atomic(self.path, {"rules": self.rules, "base": base, "offenders": offenders, "items": self.seen})


def _texts(item: Item) -> list[str]:
    """An item's texts but its original, as the secret scan reads them."""
    return [t for t in (item["title"], item["summary"], *item["questions"], *(a["text"] for a in item["atoms"]),
                        item["project"]) if t]  # fmt: skip


def inspect_library(ws: Workspace) -> Inspection:
    """The library's inspection (the caller holds the library lock, or reads a library that
    only ever changes by whole files: either way one library is inspected)."""
    from ..library.reader import Library  # lazy: DuckDB loads only to inspect

    path = ws.library_path
    if not path.exists():
        return Inspection(exists=False)
    out = Inspection(exists=True, expected=expected_items(ws))
    scan = SecretScan(ws.store.root / "library" / "secret_scan.json", ws.rules)
    base = stat_token(path)
    with Library(path, ws.cfg.search, lean=True) as lib:
        live, in_delta = lib.item_ids()
        out.rows = len(live)
        newest = lib.newest_item()  # on the connection item_ids opened (a scan's batches close it)
        if newest is not None:  # searched first, on that connection too, before a scan closes it
            out.newest_id = newest["id"]
            out.query = sanity_query(newest["title"], newest["summary"])
            out.hits = [h["id"] for h in lib.search(out.query)["results"]] if out.query else []
        todo: list[int] | None = None  # the items to read: every one
        if scan.base == base:
            todo, changed = [], set(in_delta.tolist())
            for i in live.tolist():
                if i in changed:
                    todo.append(i)
                elif i in scan.base_offenders:  # a base item: still the offender it was
                    out.offenders.append(i)
                elif str(i) in scan.clean:  # a base item: still clean
                    scan.passed(i, scan.clean[str(i)])
                else:  # not live at the last scan
                    todo.append(i)
        unscanned = {}
        # Originals are compared by a digest DuckDB computes, and decoded only for items to scan.
        for item in lib.iter_items(include_original=False, batch=KEY_BATCH, ids=todo, original_digest=True):
            pending, key = scan.needs_scan(item["id"], [*_texts(item), item["original_digest"]])
            if pending:
                unscanned[item["id"]] = key
            else:
                scan.passed(item["id"], key)
        for item in lib.iter_items(batch=SCAN_BATCH, ids=unscanned) if unscanned else ():
            texts = [*_texts(item), *([item["original"]] if item.get("original") else [])]
            if any(ws.redactor.spans(t) for t in texts):
                out.offenders.append(item["id"])
            else:
                scan.passed(item["id"], unscanned[item["id"]])
        out.offenders.sort()
    scan.save(base, out.offenders)
    return out
