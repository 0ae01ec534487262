"""The library: a DuckDB file of items with its own full-text index, and a delta beside it.

items.py      the item's columns, declared once
schema.py     what a library file holds
fts.py        the DuckDB extension and the one tokenizer, build and query side
ranking.py    BM25F, for the build's stored frequencies and the reader's scores
build.py      a refresh: full build, delta or merge, swapped in atomically
incoming.py   the build's input: partitions' batches conformed and loaded
segment.py    one segment file written: items, originals, the index
postings.py   a piece of new items tokenized into postings, lengths and words
state.py      the writer's ids and generations, kept beside staging
snapshot.py   base and delta opened as one library, following swaps
index.py      an opened library's index, in SQL or in memory
query.py      parsing a query and planning what each word may match
search.py     search over one snapshot: candidates, re-rank, explain
tools.py      the other tools over one snapshot: items, timeline, later, sources, stats
reader.py     `Library`, the reader every caller uses
answers.py    the tools' answers as typed dicts
render.py, evaluation.py, mcp_server.py   printing hits, `eval`, the MCP server
"""

from pathlib import Path


def delta_path(path: Path) -> Path:
    """Where the delta of the library at `path` lives (here, so finding it loads no DuckDB)."""
    return Path(path).with_name(Path(path).name + ".delta")
