"""Segment boundaries, ids and the middle cut, as Jezero's rules say."""

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from jezero_pipeline.models import Block, Session
from jezero_pipeline.stages.segment import group_blocks, segment_row, segment_session, shorten
from jezero_pipeline.stages.summarize import titled

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _session(lengths: list[int], title: str | None = "Fix the build") -> Session:
    blocks = [Block(i * 2 + 1, T0 + timedelta(minutes=i), "x" * n) for i, n in enumerate(lengths)]
    return Session(source="claude-code", session_id="abc", blocks=blocks, title_hint=title)


def test_middle_cut_keeps_both_ends_with_marker():
    text = "A" * 600 + "B" * 600 + "C" * 600
    b = shorten(Block(1, T0, text), 1000)
    keep = (1000 - 40) // 2
    assert b.text.startswith("A" * keep) and b.text.endswith("C" * keep)
    assert f"[... {len(text) - 2 * keep} characters omitted ...]" in b.text
    assert len(b.text) <= 1000


def test_short_block_untouched():
    b = Block(1, T0, "hello")
    assert shorten(b, 1000) is b


def test_grouping_counts_length_plus_one():
    # 3 blocks of 499 chars cost 500 each: two fit in 1000, the third starts a new segment
    groups = group_blocks([Block(i, T0, "x" * 499) for i in range(3)], 1000)
    assert [len(g) for g in groups] == [2, 1]
    groups = group_blocks([Block(i, T0, "x" * 500) for i in range(3)], 1000)
    assert [len(g) for g in groups] == [1, 1, 1]


def test_ids_dates_and_part_titles():
    s = _session([700, 700, 100])
    segs = segment_session(s, 1000)
    assert [g.id for g in segs] == ["abc#1", "abc#3"]
    assert segs[0].occurred_at == s.blocks[0].timestamp
    assert segs[1].occurred_at == s.blocks[2].timestamp  # date of the last block
    assert titled(segment_row(segs[1])) == "Fix the build (part 2/2)"  # what the model is told
    assert segs[0].title_hint == "Fix the build"  # the hashed/stored hint has no part suffix
    assert segs[0].text == "x" * 700


def test_single_segment_has_no_part_suffix():
    segs = segment_session(_session([10, 10]), 1000)
    assert len(segs) == 1 and titled(segment_row(segs[0])) == "Fix the build"


lengths = st.lists(st.integers(min_value=0, max_value=2500), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(lengths, lengths, st.integers(min_value=1000, max_value=3000))
def test_growth_moves_only_the_last_segment(before, added, limit):
    """When a session grows, every segment but the last keeps its id and text."""
    old = segment_session(_session(before), limit)
    new = segment_session(_session(before + added), limit)
    for a, b in zip(old[:-1], new):
        assert (a.id, a.text, a.occurred_at) == (b.id, b.text, b.occurred_at)
    assert new[len(old) - 1].id == old[-1].id  # the last old segment starts where it did


@settings(max_examples=200, deadline=None)
@given(lengths, st.integers(min_value=1000, max_value=3000))
def test_segments_cover_every_block_once_and_respect_the_limit(ls, limit):
    s = _session(ls)
    segs = segment_session(s, limit)
    texts = "\n".join(g.text for g in segs)
    assert texts == "\n".join(shorten(b, limit).text for b in s.blocks)
    for g in segs:
        n_blocks = g.text.count("\n") + 1
        assert len(g.text) + 1 <= limit or n_blocks == 1
    assert len({g.id for g in segs}) == len(segs)
