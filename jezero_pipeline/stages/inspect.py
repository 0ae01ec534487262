"""What the library checks look at, gathered in one pass over the library (no Dagster here).

Every item is read once, as a reader sees the library (base and delta), and scanned for
secrets when its texts changed since its last clean scan (see ScannedItems); when the last
kept inspection saw the same base file, only the delta's items are read. The items are
counted, and the newest one is searched for by a word of its title. A big library is
inspected in a child process (see build_apart): the scan decodes every original, and that
memory would otherwise stay with the run's own process. A refresh that builds in a child
inspects there too and leaves its inspection beside the library, keyed by the library files'
`stat`: the checks after it take that instead of starting a child of their own (on 2,000
sessions, 1.6 s after a run's last answer).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..library import delta_path
from ..library.answers import Item
from ..library.fts import STOPWORDS
from ..staging.store import read_json, stat_token, write_json_atomic
from ..text import digest
from ..workspace import Workspace
from .index import APART_BYTES, expected_items

# Items decoded at a time: what the scan holds, whatever the library's size. Measured on an
# 11,081-item library (10,000 sessions): peak RSS 304 MB at 2,000 items, 215 MB at 500 and 203 MB
# at 200, in 18.1, 17.8 and 21.7 s (a connection per batch, see Library.iter_items).
SCAN_BATCH = 500
KEY_BATCH = 1_000  # items per batch of the pass that compares digests: their rows, not their originals

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
    for text in (title or "", summary or ""):
        words = [w for w in _WORD.findall(text) if w.lower() not in STOPWORDS]
        if words:
            return max(words, key=len)
    return None


class ScannedItems:
    """Which library texts the secret check has already scanned clean, under which rules.

    The check runs after every refresh; scanning every item each time made a one-session change
    cost a pass of the detectors over the whole library. An item is scanned again only when its
    texts change (a digest of them is remembered) or the redaction rules do.
    """

    def __init__(self, path: Path, rules: str):
        self.path, self.rules = path, rules
        try:
            saved = json.loads(path.read_text())
        except (OSError, ValueError):
            saved = {}
        self.clean: dict[str, str] = saved.get("items", {}) if saved.get("rules") == rules else {}
        self.seen: dict[str, str] = {}

    def needs_scan(self, item_id: int, texts: list[str]) -> tuple[bool, str]:
        key = digest(texts)
        return self.clean.get(str(item_id)) != key, key

    def passed(self, item_id: int, key: str) -> None:
        self.seen[str(item_id)] = key

    def save(self) -> None:
        """Keep only the items still in the library, written atomically."""
        write_json_atomic(self.path, {"rules": self.rules, "items": self.seen})


def _texts(item: Item) -> list[str]:
    """An item's texts but its original, as the secret scan reads them."""
    return [t for t in (item["title"], item["summary"], *item["questions"], *(a["text"] for a in item["atoms"]),
                        item["project"]) if t]  # fmt: skip


def inspect(ws: Workspace) -> Inspection:
    """The library's inspection: the one its last refresh left when the library is still what
    it inspected, else made now, in a child process when the file holds more than APART_BYTES
    (the same bound as a build: past it, what the pass decodes outweighs a child's start)."""
    kept = kept_inspection(ws)
    if kept is not None:
        return kept
    path = ws.library_path
    if path.exists() and path.stat().st_size > APART_BYTES:
        from .build_apart import inspect_apart  # lazy: only a big library starts a child

        return inspect_apart(ws.cfg)
    return inspect_here(ws)


def _kept_path(ws: Workspace) -> Path:
    return ws.store.root / "library" / "inspection.json"  # local, as the library file it is about


def _library_token(ws: Workspace) -> str:
    """The library's base and delta files, from `stat` alone: every refresh renames new ones in."""
    return "|".join(stat_token(p) for p in (ws.library_path, delta_path(ws.library_path)))


def _kept_under_these_rules(ws: Workspace) -> dict | None:
    """What `inspect_here(keep=True)` left, when it was made under the current redaction rules."""
    saved = read_json(_kept_path(ws))
    return saved if isinstance(saved, dict) and saved.get("rules") == ws.rules else None


def kept_inspection(ws: Workspace) -> Inspection | None:
    """The inspection kept by `inspect_here(keep=True)`, when neither the library files nor the
    redaction rules changed since; `expected` is counted again (staging may have moved on)."""
    saved = _kept_under_these_rules(ws)
    if saved is None or saved.get("library") != _library_token(ws):
        return None
    try:
        found = Inspection(**saved["inspection"])
    except (KeyError, TypeError):
        return None
    found.expected = expected_items(ws)
    return found


def inspect_here(ws: Workspace, keep: bool = False) -> Inspection:
    """The library's inspection, in this process; `keep`: leave it for `kept_inspection` (the
    caller holds the library lock, so the files are still the ones inspected).

    When the last kept inspection saw this same base file (a refresh rewrites only the delta
    until it merges), the base's items are as they were then: only the delta's items, and any
    item that was not live then, are read and scanned; the base's offenders stay offenders. A
    follower's refresh during a run used to read every item of the library each time.
    """
    from ..library.reader import Library  # lazy: DuckDB loads only to inspect

    path = ws.library_path
    if not path.exists():
        return Inspection(exists=False)
    out = Inspection(exists=True, expected=expected_items(ws))
    scanned = ScannedItems(ws.store.root / "library" / "secret_scan.json", ws.rules)
    base = stat_token(path)
    earlier = _offenders_of_this_base(ws, base)
    with Library(path, ws.cfg.search, lean=True) as lib:
        live, in_delta = lib.item_ids()
        out.rows = len(live)
        newest = lib.newest_item()  # on the connection item_ids opened (a scan's batches close it)
        todo: list[int] | None = None  # the items to read: every one
        if earlier is not None:
            todo, changed = [], set(in_delta.tolist())
            for i in live.tolist():
                if i in changed:
                    todo.append(i)
                elif i in earlier:  # a base item: still the offender it was
                    out.offenders.append(i)
                elif str(i) in scanned.clean:  # a base item: still clean
                    scanned.passed(i, scanned.clean[str(i)])
                else:  # not live at the last inspection
                    todo.append(i)
        unscanned = {}
        # The originals are compared by digest, and read only for the items to scan: a whole
        # inspection of 2,217 unchanged items took 0.5 s instead of 1.2 s (measured at 5,000
        # items a batch; KEY_BATCH says why 1,000).
        for item in lib.iter_items(include_original=False, batch=KEY_BATCH, ids=todo, original_digest=True):
            pending, key = scanned.needs_scan(item["id"], [*_texts(item), item["original_digest"]])
            if pending:
                unscanned[item["id"]] = key
            else:
                scanned.passed(item["id"], key)
        for item in lib.iter_items(batch=SCAN_BATCH, ids=unscanned) if unscanned else ():
            texts = [*_texts(item), *([item["original"]] if item.get("original") else [])]
            if any(ws.redactor.spans(t) for t in texts):
                out.offenders.append(item["id"])
            else:
                scanned.passed(item["id"], unscanned[item["id"]])
        out.offenders.sort()
        if newest is not None:
            out.newest_id = newest["id"]
            out.query = sanity_query(newest["title"], newest["summary"])
            out.hits = [h["id"] for h in lib.search(out.query)["results"]] if out.query else []
    scanned.save()
    if keep:
        write_json_atomic(_kept_path(ws), {"library": _library_token(ws), "base": base, "rules": ws.rules,
                                           "inspection": asdict(out)})  # fmt: skip
    return out


def _offenders_of_this_base(ws: Workspace, base: str) -> set[int] | None:
    """The offenders of the last kept inspection when it saw this base file under these rules
    (its items are then unchanged); None otherwise: every item is to be read."""
    saved = _kept_under_these_rules(ws)
    if saved is None or saved.get("base") != base:
        return None
    try:
        return {int(i) for i in saved["inspection"]["offenders"]}
    except (KeyError, TypeError, ValueError):
        return None
