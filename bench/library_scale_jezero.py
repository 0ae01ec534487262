"""Jezero 0.1.0's side of bench/library_scale.py: build its store and time its searches.

Run by bench/.venv-jezero/bin/python (Jezero needs Python 3.12), never imported by our code:

    python library_scale_jezero.py ITEMS.jsonl QUERIES.json DB_PATH TOKENIZER > RESULT.json

ITEMS.jsonl holds the generated items (one JSON object a line, our column names); QUERIES.json
a list of query strings. Items go in through Jezero's public `Store.upsert_many` (one
transaction, as its ingest does per batch) and queries through `Store.search` with its default
candidate pool and recency. Prints {"build_seconds", "searches": [{"seconds", "external_ids"}]}.
"""

import json
import sys
import time
from datetime import datetime
from pathlib import Path

from jezero.models import Atom, NewItem
from jezero.store import Store


def load_items(path: Path) -> list[NewItem]:
    items = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            items.append(
                NewItem(
                    source=r["source"],
                    external_id=r["external_id"],
                    occurred_at=datetime.fromisoformat(r["occurred_at"]),
                    title=r["title"],
                    summary=r["summary"],
                    questions=r["questions"],
                    atoms=[Atom(kind=a["kind"], text=a["text"]) for a in r["atoms"]],
                    project=r["project"],
                    original=r["original"],
                    original_ref=r["original_ref"],
                    trust=r["trust"],
                    content_hash=r["content_hash"],
                )
            )
    return items


def main() -> None:
    items_path, queries_path, db_path, tokenizer = sys.argv[1:5]
    items = load_items(Path(items_path))
    queries = json.loads(Path(queries_path).read_text(encoding="utf-8"))
    store = Store(Path(db_path), tokenizer=tokenizer)
    started = time.perf_counter()
    store.init()
    store.upsert_many(items)
    build_seconds = time.perf_counter() - started
    store.search("warm up", limit=5)
    searches = []
    for q in queries:
        t0 = time.perf_counter()
        hits = store.search(q, limit=5)
        searches.append({"seconds": time.perf_counter() - t0, "external_ids": [h.item.external_id for h in hits]})
    json.dump({"build_seconds": build_seconds, "searches": searches}, sys.stdout)


if __name__ == "__main__":
    main()
