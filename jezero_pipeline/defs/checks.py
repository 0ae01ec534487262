"""Asset checks on the library; each failure names what is wrong in its metadata.

(The summaries checks, no_secret_left and every_segment_accounted_for, are computed by the
pipeline step itself from the run's own partitions; see assets.py.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import dagster as dg

from ..library.fts import STOPWORDS
from ..stages import index
from ..staging.store import write_json_atomic
from ..text import digest
from ..workspace import Workspace
from .resources import JezeroResource

_WORD = re.compile(r"[^\W_][\w]{2,}", re.UNICODE)


def expected_items(ws: Workspace) -> int:
    """Good summaries and imported items of every partition the library is built from."""
    return index.expected_items(ws)


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


def build_checks(search_index: dg.AssetsDefinition) -> list[dg.AssetChecksDefinition]:
    @dg.multi_asset_check(
        specs=[
            dg.AssetCheckSpec(
                "row_count_matches_summaries",
                asset=search_index,
                description="Library rows equal the good summaries and imported items in staging.",
            ),
            dg.AssetCheckSpec(
                "sanity_search_returns_results",
                asset=search_index,
                description="A word of the newest item's title finds that item.",
            ),
            dg.AssetCheckSpec(
                "no_secret_in_library",
                asset=search_index,
                description="No redaction detector fires on any stored text.",
            ),
        ],  # fmt: skip
    )
    def library_checks(jezero: JezeroResource):
        from ..library.reader import Library  # lazy: only the checks open the library here

        ws = jezero.workspace
        path = ws.library_path
        if not path.exists():
            for name in ("row_count_matches_summaries", "sanity_search_returns_results", "no_secret_in_library"):
                yield dg.AssetCheckResult(check_name=name, passed=False, metadata={"error": f"{path} missing"})
            return
        expected = expected_items(ws)
        scanned = ScannedItems(ws.store.root / "library" / "secret_scan.json", ws.rules)
        with Library(path, ws.cfg.search, lean=True) as lib:
            rows, newest, offenders = 0, None, []
            for item in lib.iter_items():  # the base and its delta, as a reader sees them
                rows += 1
                if newest is None or (item["occurred_at"], -item["id"]) > (newest["occurred_at"], -newest["id"]):
                    newest = item
                texts = [t for t in (item["title"], item["summary"], *item["questions"],
                                     *(a["text"] for a in item["atoms"]), item.get("original"), item["project"]) if t]  # fmt: skip
                todo, key = scanned.needs_scan(item["id"], texts)
                if todo and any(ws.redactor.spans(t) for t in texts):
                    offenders.append(item["id"])
                else:
                    scanned.passed(item["id"], key)
            yield dg.AssetCheckResult(
                check_name="row_count_matches_summaries",
                passed=rows == expected,
                metadata={"library_rows": rows, "expected_rows": expected},
            )
            if newest is None:
                yield dg.AssetCheckResult(check_name="sanity_search_returns_results", passed=expected == 0,
                                          metadata={"note": "empty library"})  # fmt: skip
            else:
                query = sanity_query(newest["title"], newest["summary"])
                hits = lib.search(query)["results"] if query else []
                yield dg.AssetCheckResult(
                    check_name="sanity_search_returns_results",
                    passed=any(h["id"] == newest["id"] for h in hits),
                    metadata={"query": query or "", "hits": len(hits), "expected_id": newest["id"]},
                )
        scanned.save()
        yield dg.AssetCheckResult(
            check_name="no_secret_in_library",
            passed=not offenders,
            metadata={"offenders": len(offenders), "offending_ids": dg.MetadataValue.json(offenders[:100])},
        )

    return [library_checks]
