"""Search by meaning: the embed stage through the real openai SDK against the fake server on
127.0.0.1 (one request per batch, none again, re-embedding only on purpose, the secret check,
the budget, resuming), the bundled model, and every way the vector side can fail while
search stays lexical."""

from __future__ import annotations

import functools
import hashlib
import json
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import real_sessions

from jezero_pipeline.config import parse_config
from jezero_pipeline.embedding.model import EmbeddingError, model_key
from jezero_pipeline.library import hybrid
from jezero_pipeline.library.reader import Library
from jezero_pipeline.library.search import Candidate
from jezero_pipeline.library.vectors import vectors_path
from jezero_pipeline.operations.import_jsonl import import_jsonl
from jezero_pipeline.stages.embed import embed_library, is_current
from jezero_pipeline.workspace import Workspace

ITEMS = [
    ("oauth", "Fixed the OAuth redirect loop", "Clearing the stale session cookie stopped the login redirect loop."),
    ("pool", "Raised the database connection pool", "Postgres refused connections under load; pool size 5 to 20."),
    ("flaky", "Quarantined the flaky upload test", "The S3 upload test failed one run in ten on CI."),
    ("tz", "Stored timestamps in UTC", "Reports showed yesterday's orders because of local time zones."),
    ("docker", "Shrunk the Docker image", "A multi-stage build took the image from 1.2 GB to 180 MB."),
]


def make_ws(tmp_path: Path, embeddings: dict, redaction: dict | None = None) -> Workspace:
    data = {
        "storage": {"path": str(tmp_path / "lib.duckdb"), "staging_dir": str(tmp_path / "staging")},
        "embeddings": embeddings,
        **({"redaction": redaction} if redaction else {}),
    }
    return Workspace.open(parse_config(data, tmp_path))


def endpoint(srv, **more) -> dict:
    return {"provider": "openai_compatible", "base_url": srv.base_url + "/v1", "model": "fake-embed",
            "batch_size": 2, "timeout_seconds": 5, "max_retries": 0, **more}  # fmt: skip


def imported(tmp_path: Path, ws: Workspace, extra: list[tuple[str, str, str]] = ()) -> None:
    path = tmp_path / "items.jsonl"
    lines = [{"external_id": k, "occurred_at": "2026-03-01T10:00:00Z", "title": t, "summary": s}
             for k, t, s in [*ITEMS, *extra]]  # fmt: skip
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    import_jsonl(ws, path, "notes")


def calls(srv) -> int:
    return srv.calls["/v1/embeddings"]


def test_one_request_per_batch_then_none_and_a_new_model_only_on_purpose(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    first = embed_library(ws)
    assert (first.embedded, first.requests, calls(fake_server)) == (5, 3, 3)  # batches of 2: 2 + 2 + 1
    assert first.ok and first.written and first.vectors == 5 and is_current(ws)
    again = embed_library(ws)
    assert (again.embedded, again.reused, calls(fake_server)) == (0, 5, 3) and not again.written

    other = make_ws(tmp_path, endpoint(fake_server, model="fake-embed-2"))
    assert model_key(other.cfg.embeddings) != model_key(ws.cfg.embeddings)
    changed = embed_library(other)  # a plain run after a model change: nothing paid, said so
    assert calls(fake_server) == 3 and changed.pending == 5 and "--reembed" in (changed.notice or "")
    assert is_current(other)  # said once: the next run with nothing new loads nothing
    answer = Library(other.library_path, embeddings=other.cfg.embeddings).search("redirect loop")
    assert answer["mode"] == "lexical" and "--reembed" in answer["notice"] and answer["results"]
    done = embed_library(other, reembed=True)
    assert (done.embedded, calls(fake_server)) == (5, 6) and done.written
    assert Library(other.library_path, embeddings=other.cfg.embeddings).search("redirect loop")["mode"] == "hybrid"
    assert calls(fake_server) == 7  # the query's own vector
    back = embed_library(ws, reembed=True)  # the first model's vectors were paid for once, and kept
    assert (back.embedded, calls(fake_server)) == (0, 7)


def test_each_request_carries_the_batch_and_the_redacted_texts(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server, batch_size=10))
    token = "ghp_" + "Zq8Xw2Lr5Tn7Vb1Kc4Md9Pf3Hs6Jy0Ga2Ue"
    imported(tmp_path, ws, [("key", "Rotated the key", f"The old token {token} was in a log.")])
    assert embed_library(ws).requests == 1
    body = fake_server.request_json()
    assert body["model"] == "fake-embed" and len(body["input"]) == 6
    assert "[REDACTED:" in json.dumps(body) and token not in json.dumps(body)


def test_a_text_a_detector_still_fires_on_is_never_sent(tmp_path, fake_server):
    imported(tmp_path, make_ws(tmp_path, {"provider": "none"}), [("canary", "Canary", "the build printed CANARY-4242")])
    ws = make_ws(tmp_path, endpoint(fake_server, batch_size=1), {"extra_patterns": ["CANARY-[0-9]+"]})
    report = embed_library(ws)
    assert report.withheld and not report.ok and "secret check" in report.errors[0]
    assert not any("CANARY" in b for b in fake_server.request_bodies)
    assert report.pending > 0  # nothing after it was sent either


def test_the_budget_defers_and_the_next_command_pays_only_for_the_rest(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    part = embed_library(ws, max_calls=1)
    assert (part.requests, part.pending, calls(fake_server)) == (1, 3, 1) and "budget" in part.notice
    rest = embed_library(ws)
    assert (rest.embedded, rest.reused, calls(fake_server)) == (3, 2, 3)


class Counting:
    """An embedder that fails after `fail_after` texts (a killed backfill), counting what it made."""

    key = "fake:count"
    name = "count"

    def __init__(self, fail_after: int | None = None):
        self.fail_after, self.texts = fail_after, 0

    def embed(self, texts):
        if self.fail_after is not None and self.texts + len(texts) > self.fail_after:
            raise EmbeddingError("interrupted")
        self.texts += len(texts)
        return np.eye(len(texts), 8, dtype=np.float32)


def test_an_interrupted_backfill_resumes_without_paying_twice(tmp_path, fake_server, monkeypatch):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    first = Counting(fail_after=4)
    report = embed_library(ws, embedder=first)
    assert first.texts == 4 and report.errors and report.pending == 1
    second = Counting()
    assert embed_library(ws, embedder=second).embedded == 1 and second.texts == 1


def test_an_endpoint_that_fails_leaves_the_library_and_lexical_search_whole(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    fake_server.fail_when_contains("redirect", "500")
    report = embed_library(ws)
    assert "HTTP 500" in report.errors[0]
    answer = Library(ws.library_path, embeddings=ws.cfg.embeddings).search("redirect loop")
    assert answer["results"][0]["title"] == "Fixed the OAuth redirect loop"


# -- the degrade cases: lexical results and a notice, never an error or an empty answer


def lexical_hit(answer: dict) -> None:
    assert answer["mode"] == "lexical" and answer["notice"]
    assert answer["results"] and answer["results"][0]["title"] == "Raised the database connection pool"


def test_no_embeddings_configured(tmp_path):
    ws = make_ws(tmp_path, {"provider": "none"})
    imported(tmp_path, ws)
    lib = Library(ws.library_path, embeddings=ws.cfg.embeddings)
    assert "notice" not in lib.search("connection pool")  # the default: lexical, quietly
    lexical_hit(lib.search("connection pool", mode="hybrid"))
    lexical_hit(lib.search("connection pool", mode="semantic"))


def test_no_vectors_yet(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    lexical_hit(Library(ws.library_path, embeddings=ws.cfg.embeddings).search("connection pool"))


def test_the_endpoint_down_at_query_time(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server, query_timeout_seconds=0.3))
    imported(tmp_path, ws)
    embed_library(ws)
    lib = Library(ws.library_path, embeddings=ws.cfg.embeddings)
    assert lib.search("connection pool")["mode"] == "hybrid"
    fake_server.plan(["503"])
    lexical_hit(lib.search("connection pool size"))  # an error answer: no retry, lexical at once
    fake_server.hang_seconds = 2
    fake_server.plan(["timeout"])
    lexical_hit(lib.search("database connection pool"))  # no answer within query_timeout_seconds


def test_a_model_mismatch_between_library_and_query(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    embed_library(ws)
    other = make_ws(tmp_path, endpoint(fake_server, dimensions=32))
    lexical_hit(Library(other.library_path, embeddings=other.cfg.embeddings).search("connection pool"))


def test_a_damaged_vectors_file_never_reaches_the_index(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    embed_library(ws)
    vectors_path(ws.library_path).write_bytes(b"not a DuckDB file" * 100)
    lexical_hit(Library(ws.library_path, embeddings=ws.cfg.embeddings).search("connection pool"))


def test_vectors_without_their_rows_file_search_lexically_until_embed_writes_it_unpaid(tmp_path, fake_server):
    from jezero_pipeline.library.vectors import read_meta, rows_path

    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    embed_library(ws)
    rows = rows_path(vectors_path(ws.library_path), read_meta(vectors_path(ws.library_path))["rows"])
    rows.unlink()  # as a vectors file written before rows files were
    answer = Library(ws.library_path, embeddings=ws.cfg.embeddings).search("connection pool")
    lexical_hit(answer)
    assert "jezero-pipeline embed" in answer["notice"]
    paid = calls(fake_server)  # the texts' requests, and the query's own
    again = embed_library(ws)
    assert again.written and again.embedded == 0 and calls(fake_server) == paid
    assert Library(ws.library_path, embeddings=ws.cfg.embeddings).search("connection pool")["mode"] == "hybrid"
    left = [p.name for p in tmp_path.glob("lib.duckdb.vectors.*.rows")]
    assert len(left) == 1 and left != [rows.name]  # a new rows file, and no other


def test_the_vectors_answer_a_question_in_other_words(tmp_path, fake_server):
    ws = make_ws(tmp_path, endpoint(fake_server))
    imported(tmp_path, ws)
    embed_library(ws)
    lib = Library(ws.library_path, embeddings=ws.cfg.embeddings)
    # the fake vectors are bags of words: "cookie" and "stale" are the item's; lexical finds them too,
    # semantic mode must find it by its vector alone, with filters applied
    semantic = lib.search("stale cookie", mode="semantic")
    assert semantic["mode"] == "semantic" and semantic["results"][0]["title"] == "Fixed the OAuth redirect loop"
    assert lib.search("stale cookie", mode="semantic", project="nothing-like-it")["results"] == []


def test_the_vectors_rank_by_similarity_alone_not_by_date(tmp_path, fake_server):
    # The fake vectors are bags of words: "alpha beta" is nearer the old item (cosine 0.50) than
    # the new one (0.41); recency as the lexical side weighs it (0.3) would put the new one first.
    ws = make_ws(tmp_path, endpoint(fake_server))
    path = tmp_path / "items.jsonl"
    rows = [("old", "2019-06-01T10:00:00Z", "alpha beta", "gamma delta epsilon zeta eta theta"),
            ("new", datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "alpha", "iota kappa")]  # fmt: skip
    path.write_text("".join(json.dumps({"external_id": k, "occurred_at": at, "title": t, "summary": s_}) + "\n"
                            for k, at, t, s_ in rows))  # fmt: skip
    import_jsonl(ws, path, "notes")
    embed_library(ws)
    lib = Library(ws.library_path, embeddings=ws.cfg.embeddings)
    assert lib.cfg.recency_weight > 0
    semantic = lib.search("alpha beta", mode="semantic")["results"]
    assert [r["external_id"] for r in semantic] == ["old", "new"]


def test_a_lone_item_outranks_a_crowd_of_look_alikes_as_near_the_query(tmp_path, fake_server):
    # Twelve items share three words ("a hub": each is near the others, so near most queries);
    # the lone item is a little farther from the query by cosine, but in a sparse part of the
    # library, which the hubness lift weighs: it comes first, the crowd after it.
    from jezero_pipeline_tests.fake_model_server import EMBEDDING_DIMS, fake_embedding

    def dim(word: str) -> int:
        return int.from_bytes(hashlib.sha256(word.encode()).digest()[:4], "big") % EMBEDDING_DIMS

    words, taken = [], {dim(w) for w in ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]}
    for w in (f"w{i}x" for i in range(100)):  # one word of its own per crowd item, in a dimension of its own
        if dim(w) not in taken and len(words) < 12:
            words.append(w)
            taken.add(dim(w))
    assert len(taken) == 18
    ws = make_ws(tmp_path, endpoint(fake_server, batch_size=16))
    crowd = [(f"crowd{i}", "alpha beta gamma", w) for i, w in enumerate(words)]
    lone = ("lone", "alpha beta", "delta epsilon zeta")
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps({"external_id": k, "occurred_at": "2026-03-01T10:00:00Z", "title": t,
                                        "summary": s_}) + "\n" for k, t, s_ in [*crowd, lone]))  # fmt: skip
    import_jsonl(ws, path, "notes")
    embed_library(ws)

    def cos(a: str, b: str) -> float:
        x, y = np.array(fake_embedding(a)), np.array(fake_embedding(b))
        return float(x @ y / np.linalg.norm(x) / np.linalg.norm(y))

    assert cos("alpha beta", f"alpha beta gamma {words[0]}") > cos("alpha beta", "alpha beta delta epsilon zeta")
    found = Library(ws.library_path, embeddings=ws.cfg.embeddings).search("alpha beta", mode="semantic", limit=13)
    assert [r["external_id"] for r in found["results"]][:2] == ["lone", "crowd0"]


def test_hubness_is_the_mean_cosine_to_the_nearest_of_the_sample_itself_not_counted(monkeypatch):
    from jezero_pipeline.library import vectors

    monkeypatch.setattr(vectors, "HUB_CHUNK", 7)  # several chunks, a sample row in each
    rng = np.random.default_rng(5)
    unit = rng.standard_normal((60, 16)).astype(np.float32)
    unit[:36] += 3 * unit[0]  # a crowd around the first row, 12 of it in the sample
    unit /= np.linalg.norm(unit, axis=1, keepdims=True)
    ids = np.arange(60) * 3 + 1
    picked = np.arange(0, 60, 3)
    got = vectors.hubness(unit, ids, unit[picked], ids[picked])
    for i in range(60):
        sims = sorted(float(unit[i] @ unit[j]) for j in picked if j != i)
        assert got[i] == pytest.approx(np.mean(sims[-vectors.HUB_NEIGHBOURS :]), abs=1e-5)
    assert got[:36].min() > got[36:].max()  # the crowd's rows are its hubs
    assert np.all(vectors.hubness(unit[:1], ids[:1], unit[:1], ids[:1]) == 0)  # a sample of itself alone


# -- the fusion's rules


def cand(i: int, copy: int | None = None, relevance: float = 1.0) -> Candidate:
    from datetime import datetime

    return Candidate(i, relevance, datetime(2026, 1, 1), i if copy is None else copy, relevance)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 30), unique=True, max_size=5),
    st.lists(st.integers(0, 30), unique=True, max_size=15),
    st.lists(st.integers(0, 30), unique=True, max_size=15),
    st.integers(1, 20),
)
def test_fusion_keeps_whole_matches_first_and_each_item_once(whole, lexical, nearest, n):
    lexical = [i for i in lexical if i not in whole]
    out = hybrid.fuse([cand(i) for i in whole], [cand(i) for i in lexical], [cand(i) for i in nearest], n)
    ids = [c.id for c in out]
    assert len(ids) == len(set(ids)) == min(n, len(set(whole) | set(lexical) | set(nearest)))
    assert ids[: min(n, len(whole))] == whole[:n]
    both = [i for i in lexical if i in nearest]
    for i in both:  # an item in both lists ranks above one only in the lexical list at the same rank or worse
        for j in lexical:
            if j not in nearest and lexical.index(j) >= lexical.index(i) and i in ids and j in ids:
                assert ids.index(i) < ids.index(j)


# -- the bundled model


def test_the_bundled_model_puts_a_paraphrase_nearer_than_another_subject():
    from jezero_pipeline.embedding.providers import make_embedder

    emb = make_embedder(parse_config({}, Path(".")).embeddings)
    v = emb.embed(["users kept getting bounced back to the sign-in page",
                   "fixed the OAuth redirect loop by clearing the stale session cookie",
                   "shrunk the docker image with a multi-stage build"])  # fmt: skip
    assert v.shape == (3, 384) and np.allclose(np.linalg.norm(v, axis=1), 1, atol=1e-5)
    assert v[0] @ v[1] > v[0] @ v[2] + 0.1


def test_bundled_weights_are_checked_by_digest(tmp_path, monkeypatch):
    from jezero_pipeline.embedding.local import LocalEmbedder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing made yet: the weights are read
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not the model")
    with pytest.raises(EmbeddingError, match="SHA-256"):
        LocalEmbedder("k", weights=fake).embed(["x"])


def test_check_config_names_an_embeddings_endpoint_that_would_send_texts_unencrypted(tmp_path):
    ws = make_ws(tmp_path, {"provider": "openai_compatible", "model": "m", "base_url": "http://10.1.2.3:11434/v1"})
    assert any(p.startswith("embeddings.base_url") and "unencrypted" in p for p in ws.config_problems())
    with pytest.raises(ValueError, match="embeddings.model is required"):
        make_ws(tmp_path, {"provider": "openai_compatible"})


def test_run_embeds_with_an_endpoint_and_leaves_the_bundled_model_to_the_embed_step():
    """The bundled model is too heavy for a run's own process unless asked for; an endpoint is not."""
    from jezero_pipeline.config import EmbeddingsConfig

    assert EmbeddingsConfig(provider="openai_compatible", model="m").embeds_in_run
    assert not EmbeddingsConfig().embeds_in_run
    assert EmbeddingsConfig(in_run=True).embeds_in_run
    assert not EmbeddingsConfig(provider="openai_compatible", model="m", in_run=False).embeds_in_run


def test_the_integer_graph_multiplies_int8_weights_and_keeps_the_vectors(tmp_path):
    import onnx
    import onnxruntime as ort

    from jezero_pipeline.embedding import integer_graph, local

    source = local.weights_path().read_bytes()
    rewritten, count = integer_graph.integer_matmuls(source)
    graph = onnx.load_from_string(rewritten).graph
    int8 = {t.name for t in graph.initializer if t.data_type == onnx.TensorProto.INT8}
    widened = [n for n in graph.node if n.op_type == "Cast" and n.input[0] in int8]
    integer = [n for n in graph.node if n.op_type == "MatMulInteger"]
    gathered = [n for n in graph.node if n.op_type == "Gather" and n.input[0] in int8]
    assert len(integer) == 36 and count == len(integer) + len(gathered) and gathered  # 6 layers x 6 linear; embeddings
    assert widened == [] and all(n.input[1] in int8 for n in integer)
    texts = ["users kept getting bounced back to the sign-in page", "pnpm install fails: ERR_PNPM_OUTDATED_LOCKFILE"]
    emb = local.LocalEmbedder("k")
    emb._load()
    ids, mask = emb.encoded(texts)
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}

    def pooled(model: bytes, feeds: dict = feeds) -> np.ndarray:
        hidden = ort.InferenceSession(model, providers=["CPUExecutionProvider"]).run(None, feeds)[0]
        return local.normalised((hidden * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True))

    before, after = pooled(source), pooled(rewritten)
    assert np.all((before * after).sum(axis=1) > 0.98)
    assert not np.allclose(before, after)  # it is the rewritten graph that ran
    # The word table taken out and read a row per token gives the very same vectors.
    apart, rows, scales = integer_graph.words_apart(rewritten)
    assert rows.shape == (30522, 384) and rows.dtype == np.int8 and scales.shape == (30522,)
    inputs = {i.name for i in onnx.load_from_string(apart).graph.input}
    assert inputs == {"attention_mask", "token_type_ids", integer_graph.WORDS_INPUT}
    table = tmp_path / "words"
    table.write_bytes(rows.tobytes() + scales.astype("<f4").tobytes())
    words = local.WordRows(table, 384).rows(ids)
    assert words.shape == (2, ids.shape[1], 384)
    fed = {"attention_mask": mask, "token_type_ids": np.zeros_like(ids), integer_graph.WORDS_INPUT: words}
    assert np.array_equal(pooled(apart, fed), after)


def test_a_damaged_cached_graph_is_made_again(tmp_path, monkeypatch):
    from jezero_pipeline.embedding import local

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    made = local.integer_model(local.weights_path())
    assert isinstance(made, Path) and made.is_relative_to(tmp_path)
    graph, weights, words = local.model_files(made)
    assert graph.stat().st_size < 1_000_000 < 10_000_000 < min(weights.stat().st_size, words.stat().st_size)
    good = local.LocalEmbedder("k").embed(["a query"])
    for damaged in (words, weights, graph):
        damaged.write_bytes(damaged.read_bytes()[:1000])  # a cut file, as after a full disk
        again = local.integer_model(local.weights_path())
        assert again == made and min(weights.stat().st_size, words.stat().st_size) > 10_000_000
        assert np.array_equal(local.LocalEmbedder("k").embed(["a query"]), good)
    assert sorted(p.name for p in made.parent.iterdir()) == sorted(
        [graph.name, weights.name, words.name, made.name + ".sha256"]
    )


def test_a_changed_vocabulary_is_refused_naming_its_file(tmp_path, monkeypatch):
    import gzip

    from jezero_pipeline.embedding import local

    text = gzip.decompress(local.VOCABULARY_FILE.read_bytes())
    changed = tmp_path / local.VOCABULARY_FILE.name
    changed.write_bytes(gzip.compress(text.replace(b"\nquery\n", b"\nqueries\n")))  # one word changed
    monkeypatch.setattr(local, "VOCABULARY_FILE", changed)
    with pytest.raises(EmbeddingError, match=f"{changed}: SHA-256 .* is not the pinned"):
        local.LocalEmbedder("k").embed(["a query"])
    changed.write_bytes(gzip.compress(text))
    assert local.LocalEmbedder("k").embed(["a query"]).shape == (1, 384)


def test_a_cache_that_cannot_be_written_makes_the_model_in_a_folder_of_the_process(tmp_path, monkeypatch):
    from jezero_pipeline.embedding import local

    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    made = local.integer_model(local.weights_path())
    assert not made.is_relative_to(blocked) and all(p.exists() for p in local.model_files(made))
    assert local.LocalEmbedder("k").embed(["a query"]).shape == (1, 384)


def test_the_sign_bit_prefilter_keeps_the_exact_nearest(tmp_path):
    from jezero_pipeline.library.vectors import RESCORE, RowsWriter, VectorIndex, hubness

    rng = np.random.default_rng(3)
    n = 6 * RESCORE
    unit = rng.standard_normal((n, 384)).astype(np.float32)
    targets = (1, 2, 500, n - 5)
    for t in targets:  # four near neighbours after each target: what a query must find
        unit[t + 1 : t + 5] = unit[t] + 0.5 * rng.standard_normal((4, 384)).astype(np.float32)
    unit /= np.linalg.norm(unit, axis=1, keepdims=True)
    q = np.round(unit * 127 / np.abs(unit).max(axis=1, keepdims=True)).astype(np.int8)
    scale = (np.abs(unit).max(axis=1) / 127).astype(np.float32)
    # Rows in id order; document d has id 10 * d, and every 7th in a band has no vector.
    has = np.ones(n, bool)
    has[1000:9000:7] = False
    ids = np.flatnonzero(has) * 10
    path, token = tmp_path / "v.rows", "ab" * 16
    writer = RowsWriter(path, token, len(ids), 384)
    every = ids[::7] // 10
    hub = hubness(unit[ids // 10], ids, unit[every], ids[::7])
    for lo in range(0, len(ids), 5000):  # in batches, as the writer streams them
        rows = ids[lo : lo + 5000] // 10
        writer.add(ids[lo : lo + 5000], scale[rows], hub[lo : lo + 5000], q[rows])
    writer.close()
    index = SimpleNamespace(ids=np.arange(n) * 10, live_ids=np.arange(n) * 10, live_id_docs=np.arange(n))
    exact = VectorIndex.from_rows("m", path, token, index, exact_up_to=n)
    filtered = VectorIndex.from_rows("m", path, token, index, exact_up_to=0)
    assert exact.q is not None and filtered.q is None and filtered.held_bytes < exact.held_bytes / 4
    assert np.array_equal(exact.has, has) and np.array_equal(filtered.has, has)
    for t in targets:
        query = unit[t] + 0.2 * rng.standard_normal(384).astype(np.float32) / np.sqrt(384)
        query /= np.linalg.norm(query)
        want, want_sims = exact.nearest(query, None, 5)
        got, sims = filtered.nearest(query, None, 5)
        assert got[0] == t and set(got) == set(range(t, t + 5)) == set(want) and np.all(np.diff(sims) <= 0)
        assert np.allclose(sims, want_sims)
    got, _ = filtered.nearest(unit[1000], None, 50)  # the query is the vector of a document without one
    assert len(got) == 50 and not np.any(~has[got])
    allowed = np.zeros(n, bool)
    allowed[:50] = True
    got, _ = filtered.nearest(unit[3], allowed, 10)
    assert got[0] == 3 and set(got) <= set(range(50))
    # A writer refuses what would not fit its layout, and a file left short of its rows.
    with pytest.raises(ValueError):
        RowsWriter(tmp_path / "x.rows", "short", 1, 384)
    short = RowsWriter(tmp_path / "y.rows", token, 1, 384)
    with pytest.raises(ValueError):
        short.add(ids[:2], scale[:2], hub[:2], q[:2])
    with pytest.raises(ValueError):
        short.close()
    # Not the file the token names, or cut short: no vectors (the search is lexical), never wrong ones.
    assert VectorIndex.from_rows("m", path, "cd" * 16, index) is None
    whole = path.read_bytes()
    path.write_bytes(b"JZROWS01" + whole[8:])  # a layout without hubness: written again by `embed`
    assert VectorIndex.from_rows("m", path, token, index) is None
    path.write_bytes(whole[:-8])
    assert VectorIndex.from_rows("m", path, token, index) is None


@functools.cache
def published_tokenizer():
    """Our WordPiece and `tokenizers` (a test dependency) running the model's own tokenizer.json."""
    import gzip

    from tokenizers import Tokenizer

    from jezero_pipeline.embedding import local

    published = Path(__file__).parent / "data" / "all-MiniLM-L6-v2.tokenizer.json.gz"
    theirs = Tokenizer.from_str(gzip.decompress(published.read_bytes()).decode())
    theirs.no_padding()
    theirs.enable_truncation(max_length=local.MAX_TOKENS)
    return local.vocabulary(), theirs


# Characters Unicode has classed alike since 3.2: `tokenizers` reads the classes from older tables than
# this Python's, and cuts the few hundred assigned or reclassed since differently (wordpiece.py says why
# that does no harm).
STABLE = st.characters(codec="utf-8").filter(lambda c: unicodedata.ucd_3_2_0.category(c) == unicodedata.category(c))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(STABLE, max_size=60) | st.sampled_from(["[MASK] x", "Café ÅNGSTRÖM", "中文 🚀", "a\u00a0b\tc",
                "x" * 120, "ΟΔΟΣ İstanbul ǅ ﬃ", "a\u200bb\x85c\u2028d", "x[SEP]y [mask]", "fix the bug. " * 40]),
                min_size=1, max_size=5).map(" ".join))  # fmt: skip
def test_the_wordpiece_cuts_text_as_the_models_published_tokenizer_does(text):
    from jezero_pipeline.embedding.local import MAX_TOKENS

    ours, theirs = published_tokenizer()
    assert ours.encode(text, MAX_TOKENS) == theirs.encode(text).ids


def test_the_wordpiece_cuts_every_stable_character_as_the_published_tokenizer_does():
    """Each character Unicode assigned by 3.2 and has classed alike since, inside a word and alone."""
    from jezero_pipeline.embedding.local import MAX_TOKENS

    ours, theirs = published_tokenizer()
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000]
    chars = [c for c in chars if unicodedata.ucd_3_2_0.category(c) == unicodedata.category(c) != "Cn"]
    assert len(chars) > 90_000
    for lo in range(0, len(chars), 60):  # at most 4 tokens a character: 240, below the cut at 256
        chunk = chars[lo : lo + 60]
        text = " ".join(f"a{c}b {c}" for c in chunk)
        if ours.encode(text, MAX_TOKENS) != theirs.encode(text).ids:
            cut = [c for c in chunk if ours.encode(f"a{c}b {c}", MAX_TOKENS) != theirs.encode(f"a{c}b {c}").ids]
            raise AssertionError(f"cut differently: {', '.join(f'U+{ord(c):04X}' for c in cut)}")


def test_the_wordpiece_cuts_real_transcripts_as_the_published_tokenizer_does():
    from jezero_pipeline.embedding.local import MAX_TOKENS

    ours, theirs = published_tokenizer()
    files = [f for f in Path(real_sessions("claude-code")).parent.rglob("*") if f.is_file()]
    texts = []
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        texts += [text[i : i + 1500] for i in range(0, len(text), 1500)]
    assert len(files) > 10 and len(texts) > 250
    mismatched = [t for t in texts if ours.encode(t, MAX_TOKENS) != theirs.encode(t).ids]
    assert mismatched == []
