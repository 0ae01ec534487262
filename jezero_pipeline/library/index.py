"""The search index of an open library: its segments as one, read in SQL or held in memory.

A library is a base segment and maybe a delta (schema.py); here they become one numbering of
documents (base docs first, then the delta's), with the base items the delta replaces marked
dead, and one term namespace (the stem strings). Everything a search needs per item (ids,
times, copy keys, field lengths) is read once per opened library into numpy arrays.

Two ways to read postings, the same answers:
- small libraries (up to MEMORY_POSTINGS postings) are held in memory: the term dictionary,
  the words for expansion and the postings as arrays per term, so a search runs no SQL for
  them (at 2,000 items a DuckDB statement costs more than the whole scoring);
- larger ones are read per query: one statement looks up the query's terms and the last
  word's expansions, one fetches every needed posting list (each `WHERE term_id = ?` reads
  only that term's row groups, the table being sorted by term).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import duckdb
import numpy as np
import pyarrow as pa

from .fts import PARTS_MACRO, STEMMER, STOPWORDS_TABLE, TOKENS_MACRO, ascii_parts, ascii_tokens
from .items import PUBLIC_COLUMNS
from .query import MAX_EXPANSIONS, Affix, QueryTerm, Token
from .schema import FIELD_NAMES
from .snapshot import BASE, DELTA, Snapshot

MEMORY_POSTINGS = 3_000_000
EXPANSION_SCAN = 5_000  # words looked at per expansion before the shortest are chosen
STEM_CACHE = 100_000
# Posting lists of frequent terms (`py`, `connection`, `test`...) are kept once read, up to
# CACHE_POSTINGS postings in all (~16 bytes each): they are most of what a query reads.
CACHE_MIN_POSTINGS = 2_000
CACHE_POSTINGS = 4_000_000


@dataclass
class Segment:
    """One segment file as the reader attached it."""

    alias: str  # schema name in the reader's connection
    offset: int  # its first document's global number
    docs: int


@dataclass
class Postings:
    """One term's live postings: global doc numbers and stored frequencies."""

    doc: np.ndarray
    f_base: np.ndarray
    tf_original: np.ndarray


class SegmentIndex:
    """The segments of one opened library, as one index (see the module docstring)."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, segments: list[Segment], dead_ids: np.ndarray, hold: bool = True
    ):
        self.con = con
        self.segments = segments
        self._stems: dict[str, str | None] = {}
        self._stop: set[str] | None = None
        self._term_ids: dict[str, list[tuple[int, int]]] = {}
        per = [
            con.execute(
                f"SELECT id, occurred_us, copy_key, {', '.join(f'len_{n}' for n in FIELD_NAMES)} "
                f"FROM {s.alias}.doclen ORDER BY doc"
            ).fetchnumpy()
            for s in segments
        ]
        self.ids = np.concatenate([np.asarray(p["id"], dtype=np.int64) for p in per])
        self.times = np.concatenate([np.asarray(p["occurred_us"], dtype=np.int64) for p in per])
        self.copy_keys = np.concatenate([np.asarray(p["copy_key"], dtype=np.uint64) for p in per])
        self.live = np.ones(len(self.ids), dtype=bool)
        if len(dead_ids) and segments:
            base = segments[0]
            self.live[: base.docs] = ~np.isin(self.ids[: base.docs], dead_ids)
        lens = {n: np.concatenate([np.asarray(p[f"len_{n}"], dtype=np.int64) for p in per]) for n in FIELD_NAMES}
        self.lengths = {n: np.where(self.live, v, 0).astype(np.float64) for n, v in lens.items()}
        self.total_lengths = {n: int(v[self.live].sum()) for n, v in lens.items()}
        self.num_docs = int(self.live.sum())
        live_docs = np.flatnonzero(self.live)
        order = np.argsort(self.ids[live_docs], kind="stable")
        self.live_ids = self.ids[live_docs][order]  # sorted ids of live docs
        self.live_id_docs = live_docs[order]
        (n_post,) = con.execute(
            "SELECT " + " + ".join(f"(SELECT count(*) FROM {s.alias}.postings)" for s in segments)
        ).fetchone()
        self.memory = _MemoryLexicon(self) if hold and int(n_post) <= MEMORY_POSTINGS else None
        self._hold_rows = hold  # cached_rows: the items' public columns held (else read per search)
        self._cards: pa.Table | None = None
        self._card_order = np.zeros(0, dtype=np.int64)
        self._card_ids = np.zeros(0, dtype=np.int64)
        self._cached: dict[str, Postings] = {}
        self._cached_size = 0
        self.term_scores: dict[tuple[str, float], np.ndarray] = {}  # BM25F of the cached lists
        self._dicts: list[_Dictionary] | None = None

    @classmethod
    def of(cls, snap: Snapshot, hold: bool = True) -> SegmentIndex:
        """The index of a snapshot: the base's documents first, then the delta's. `hold`: keep
        what a reader serving many searches reads again and again (a small library's postings,
        the items' public columns); a reader used once (the checks) reads them per search."""
        (base_docs,) = snap.con.execute(f"SELECT count(*) FROM {BASE}.doclen").fetchone()
        segments = [Segment(BASE, 0, int(base_docs))]
        if snap.has_delta:
            (delta_docs,) = snap.con.execute(f"SELECT count(*) FROM {DELTA}.doclen").fetchone()
            segments.append(Segment(DELTA, int(base_docs), int(delta_docs)))
        return cls(snap.con, segments, snap.dead_ids(), hold)

    def cached_rows(self, ids: list[int]) -> list[dict]:
        """The public columns of these items (not the originals), from an Arrow table held in memory.

        A DuckDB point lookup decompresses a vector of every column per item (and an IN list
        scans the whole table): ~10x the cost of a search's scoring. The table is read once per
        opened library, at the first search that needs it (~90 MB at 100,000 items). An index
        that holds nothing (`of(..., hold=False)`, a reader used once) finds none: the table would
        be read for its few hits alone (at 11,000 items, 40 MB more at the checks' peak), and the
        caller reads them from DuckDB.
        """
        if not self._hold_rows:
            return []
        if self._cards is None:
            cards = self.con.execute(f"SELECT {', '.join(PUBLIC_COLUMNS)} FROM live_items").to_arrow_table()
            self._cards = cards.combine_chunks()
            card_ids = self._cards.column("id").to_numpy()
            self._card_order = np.argsort(card_ids, kind="stable")
            self._card_ids = card_ids[self._card_order]
        want = np.asarray(ids, dtype=np.int64)
        pos = np.clip(np.searchsorted(self._card_ids, want), 0, max(len(self._card_ids) - 1, 0))
        found = want[self._card_ids[pos] == want] if len(self._card_ids) else want[:0]
        rows = self._cards.take(pa.array(self._card_order[np.searchsorted(self._card_ids, found)])).to_pylist()
        return rows

    # -- ids and docs

    def docs_of_ids(self, ids: np.ndarray) -> np.ndarray:
        """Global doc numbers of the live items with these ids (unknown ids dropped)."""
        ids = np.asarray(ids, dtype=np.int64)
        pos = np.searchsorted(self.live_ids, ids)
        pos = np.clip(pos, 0, max(len(self.live_ids) - 1, 0))
        ok = (len(self.live_ids) > 0) & (self.live_ids[pos] == ids) if len(self.live_ids) else np.zeros(0, bool)
        return self.live_id_docs[pos[ok]]

    # -- tokenizing

    def tokenize(self, terms: list[tuple[str, bool]]) -> list[QueryTerm]:
        """Each query term -> its tokens, by the index's own tokenizer and stemmer.

        Starts a search: the term ids looked up for the previous one are forgotten.
        """
        self._term_ids: dict[str, list[tuple[int, int]]] = {}
        out = []
        for (text, quoted), toks in zip(terms, self.analyze([t for t, _ in terms])):
            tokens = [Token(w, stem, parts, i) for i, (w, stem, parts) in enumerate(toks)]
            out.append(QueryTerm(text, quoted, tokens))
        return out

    def analyze(self, texts: list[str]) -> list[list[tuple[str, str | None, list[tuple[str, str | None]]]]]:
        """Per text, its tokens as (word, stem, [(part, stem)]); the stem is None for a stopword.

        ASCII text is split in Python (fts.ascii_tokens, exact for ASCII), other text by the
        library's SQL macros; stems come from the extension's `stem`, cached per library.
        """
        split: list[list[tuple[str, list[str]]]] = [[] for _ in texts]
        other = [i for i, t in enumerate(texts) if not t.isascii()]
        for i, t in enumerate(texts):
            if t.isascii():
                split[i] = [(cw.lower(), ascii_parts(cw)) for cw in ascii_tokens(t)]
        if other:
            (rows,) = self.con.execute(
                f"SELECT list_transform(?::VARCHAR[], t -> list_transform({TOKENS_MACRO}(t), "
                f"x -> {{'w': lower(x), 'p': {PARTS_MACRO}(x)}}))",
                [[texts[i] for i in other]],
            ).fetchone()
            for i, toks in zip(other, rows):
                split[i] = [(d["w"], list(d["p"])) for d in toks]
        stems = self.stems({w for toks in split for word, parts in toks for w in (word, *parts)})
        return [[(w, stems[w], [(p, stems[p]) for p in parts]) for w, parts in toks] for toks in split]

    def stems(self, words: set[str]) -> dict[str, str | None]:
        """Each word's stem (None for a stopword), by the extension's `stem`, cached."""
        missing = sorted(w for w in words if w not in self._stems)
        if missing:
            if len(self._stems) > STEM_CACHE:
                self._stems.clear()
            (got,) = self.con.execute(
                f"SELECT list_transform(?::VARCHAR[], x -> stem(x, '{STEMMER}'))", [missing]
            ).fetchone()
            stop = self.stopwords()
            self._stems.update({w: None if w in stop else s for w, s in zip(missing, got)})
        return {w: self._stems[w] for w in words}

    def stopwords(self) -> set[str]:
        """The library's stopwords (its own table), read once."""
        if self._stop is None:
            self._stop = {r[0] for r in self.con.execute(f"SELECT sw FROM {STOPWORDS_TABLE}").fetchall()}
        return self._stop

    # -- lookups

    def lookup(self, stems: set[str], affixes: list[Affix]) -> tuple[set[str], dict[tuple[str, bool], list[str]]]:
        """Which stems are terms, and the stems each affix expands to (shortest words first).

        By bisection of each segment's sorted terms and words (`_Dictionary`), read once.
        """
        if self.memory is not None:
            return self.memory.lookup(stems, affixes)
        if self._dicts is None:
            self._dicts = [_Dictionary(self.con, s.alias) for s in self.segments]
        known: set[str] = set()
        for stem in stems:
            for si, d in enumerate(self._dicts):
                tid = d.term_id(stem)
                if tid is not None:
                    known.add(stem)
                    if (si, tid) not in self._term_ids.setdefault(stem, []):
                        self._term_ids[stem].append((si, tid))
        expansions: dict[tuple[str, bool], list[str]] = {}
        for a in affixes:
            pairs = sorted({p for d in self._dicts for p in d.affix(a)}, key=lambda x: (len(x[0]), x[0]))
            lst = expansions.setdefault((a.text, a.suffix), [])
            for _, term in pairs[:MAX_EXPANSIONS]:
                ids = [(si, tid) for si, d in enumerate(self._dicts) if (tid := d.term_id(term)) is not None]
                if not ids:
                    continue
                for x in ids:
                    if x not in self._term_ids.setdefault(term, []):
                        self._term_ids[term].append(x)
                if term not in lst:
                    lst.append(term)
        return known, expansions

    # -- postings

    def postings(self, stems: list[str]) -> dict[str, Postings]:
        """The live postings of each stem (after `lookup`); stems without any are left out."""
        if self.memory is not None:
            return self.memory.postings(stems)
        result = {s: self._cached[s] for s in stems if s in self._cached}
        wanted = [(stem, seg, tid) for stem in stems if stem not in result for seg, tid in self._term_ids.get(stem, [])]
        if not wanted:
            return result
        # One equality scan per term inside one statement: each reads only its own row groups.
        branches = " UNION ALL ".join(
            f"SELECT {k}::INTEGER AS k, doc + {self.segments[seg].offset} AS doc, f_base, tf_original "
            f"FROM {self.segments[seg].alias}.postings WHERE term_id = {int(tid)}"
            for k, (_, seg, tid) in enumerate(wanted)
        )
        table = self.con.execute(branches).to_arrow_table()
        got = {c: table.column(c).to_numpy() for c in ("k", "doc", "f_base", "tf_original")}
        keep = self.live[got["doc"]]
        got = {c: v[keep] for c, v in got.items()}
        order = np.argsort(got["k"], kind="stable")
        bounds = np.searchsorted(got["k"][order], np.arange(len(wanted) + 1))
        out: dict[str, list[np.ndarray]] = {}
        for k, (stem, _, _) in enumerate(wanted):
            sel = order[bounds[k] : bounds[k + 1]]
            out.setdefault(stem, []).append(sel)
        for stem, sels in out.items():
            sel = np.concatenate(sels)
            if len(sel):
                result[stem] = p = Postings(got["doc"][sel], got["f_base"][sel], got["tf_original"][sel])
                if len(sel) >= CACHE_MIN_POSTINGS and self._cached_size + len(sel) <= CACHE_POSTINGS:
                    self._cached[stem] = p  # a frequent term: most queries of code talk read it again
                    self._cached_size += len(sel)
        return result

    def is_cached(self, stem: str) -> bool:
        """Whether the stem's postings are kept (a frequent term)."""
        return stem in self._cached

    def positions(self, stems: list[str], docs: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """(doc, position) pairs of each stem within `docs` (for phrases in order)."""
        ids = self.memory.term_ids if self.memory is not None else self._term_ids
        wanted = [(stem, seg, tid) for stem in stems for seg, tid in ids.get(stem, [])]
        if not wanted or not len(docs):
            return {}
        branches = " UNION ALL ".join(
            f"SELECT {k}::INTEGER AS k, doc + {self.segments[seg].offset} AS doc, unnest(pos) AS p "
            f"FROM {self.segments[seg].alias}.postings WHERE term_id = {int(tid)}"
            for k, (_, seg, tid) in enumerate(wanted)
        )
        table = self.con.execute(branches).to_arrow_table()
        k = table.column("k").to_numpy()
        doc = table.column("doc").to_numpy()
        pos = table.column("p").to_numpy()
        keep = np.isin(doc, docs)
        out: dict[str, tuple[list, list]] = {}
        for j, (stem, _, _) in enumerate(wanted):
            sel = keep & (k == j)
            d, p = out.setdefault(stem, ([], []))
            d.append(doc[sel])
            p.append(pos[sel])
        return {s: (np.concatenate(d), np.concatenate(p)) for s, (d, p) in out.items()}


class _Sorted:
    """An Arrow string array as a sequence of str, for `bisect`."""

    def __init__(self, arr: pa.Array):
        self.arr = arr

    def __len__(self) -> int:
        return len(self.arr)

    def __getitem__(self, i: int) -> str:
        return self.arr[i].as_py()


class _Dictionary:
    """One segment's terms, words and reversed words as sorted Arrow arrays (a few bytes a word).

    DuckDB answers `term IN (...)` and a join to `terms` by scanning every term (~600,000 at
    100,000 items); a bisection here is microseconds. A term's id is its rank: `terms` is
    numbered in term order (segment.py).
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, alias: str):
        self.terms = _Sorted(
            con.execute(f"SELECT term FROM {alias}.terms ORDER BY term_id").to_arrow_table()[0].combine_chunks()
        )
        w = con.execute(f"SELECT word, term FROM {alias}.words ORDER BY word").to_arrow_table().combine_chunks()
        r = con.execute(f"SELECT rword, term FROM {alias}.rwords ORDER BY rword").to_arrow_table().combine_chunks()
        self.words, self.word_terms = _Sorted(w[0].chunk(0) if w.num_rows else pa.array([], pa.string())), w[1]
        self.rwords, self.rword_terms = _Sorted(r[0].chunk(0) if r.num_rows else pa.array([], pa.string())), r[1]

    def term_id(self, term: str) -> int | None:
        i = bisect.bisect_left(self.terms, term)
        return i if i < len(self.terms) and self.terms[i] == term else None

    def affix(self, a: Affix) -> list[tuple[str, str]]:
        """(word, term) of the first EXPANSION_SCAN words starting (or ending) with the affix."""
        words, terms = (self.rwords, self.rword_terms) if a.suffix else (self.words, self.word_terms)
        key = a.text[::-1] if a.suffix else a.text
        lo = bisect.bisect_left(words, key)
        hi = min(bisect.bisect_left(words, key + "\U0010ffff"), lo + EXPANSION_SCAN)
        found = zip(words.arr.slice(lo, hi - lo).to_pylist(), terms.slice(lo, hi - lo).to_pylist())
        return [(w[::-1] if a.suffix else w, t) for w, t in found]


class _MemoryLexicon:
    """A small library's dictionary, words and postings, held in memory."""

    def __init__(self, index: SegmentIndex):
        self.term_ids: dict[str, list[tuple[int, int]]] = {}
        words: dict[str, set[str]] = {}
        self.csr: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        con = index.con
        for si, s in enumerate(index.segments):
            for term, tid in con.execute(f"SELECT term, term_id FROM {s.alias}.terms").fetchall():
                self.term_ids.setdefault(term, []).append((si, tid))
            for w, term in con.execute(f"SELECT word, term FROM {s.alias}.words").fetchall():
                words.setdefault(w, set()).add(term)
            p = con.execute(
                f"SELECT term_id, doc + {s.offset} AS doc, f_base, tf_original FROM {s.alias}.postings "
                "ORDER BY term_id, doc"
            ).fetchnumpy()
            tid = np.asarray(p["term_id"], dtype=np.int64)
            doc = np.asarray(p["doc"], dtype=np.int64)
            keep = index.live[doc]
            tid, doc = tid[keep], doc[keep]
            (n_terms,) = con.execute(f"SELECT count(*) FROM {s.alias}.terms").fetchone()
            starts = np.searchsorted(tid, np.arange(int(n_terms) + 1))
            self.csr.append(
                (
                    starts,
                    doc,
                    np.asarray(p["f_base"], dtype=np.float32)[keep],
                    np.asarray(p["tf_original"], dtype=np.int32)[keep],
                )
            )
        self.words = sorted(words)
        self.word_terms = [sorted(words[w]) for w in self.words]
        self.rwords = sorted((w[::-1], i) for i, w in enumerate(self.words))
        self.rkeys = [r for r, _ in self.rwords]

    def lookup(self, stems: set[str], affixes: list[Affix]) -> tuple[set[str], dict[tuple[str, bool], list[str]]]:
        """As SegmentIndex.lookup, by bisection of the sorted words."""
        known = {s for s in stems if s in self.term_ids}
        out: dict[tuple[str, bool], list[str]] = {}
        for a in affixes:
            if a.suffix:
                key = a.text[::-1]
                lo = bisect.bisect_left(self.rkeys, key)
                found = []
                for r, i in self.rwords[lo : lo + EXPANSION_SCAN]:
                    if not r.startswith(key):
                        break
                    found.append(i)
            else:
                lo = bisect.bisect_left(self.words, a.text)
                found = []
                for i in range(lo, min(lo + EXPANSION_SCAN, len(self.words))):
                    if not self.words[i].startswith(a.text):
                        break
                    found.append(i)
            found.sort(key=lambda i: (len(self.words[i]), self.words[i]))
            lst: list[str] = []
            for i in found[:MAX_EXPANSIONS]:
                for t in self.word_terms[i]:
                    if t not in lst:
                        lst.append(t)
            out[(a.text, a.suffix)] = lst
        return known, out

    def postings(self, stems: list[str]) -> dict[str, Postings]:
        """As SegmentIndex.postings, slices of the arrays held in memory."""
        out = {}
        for stem in stems:
            chunks = []
            for seg, tid in self.term_ids.get(stem, []):
                starts, doc, fb, tfo = self.csr[seg]
                a, b = starts[tid], starts[tid + 1]
                if b > a:
                    chunks.append((doc[a:b], fb[a:b], tfo[a:b]))
            if chunks:
                out[stem] = Postings(*(np.concatenate([c[i] for c in chunks]) for i in range(3)))
        return out
