"""Aider: one session per `# aider chat started at` run, found under the projects folder; fences,
tool output, a grown last run read from its last message, damage."""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from round3 import connector, scan

HISTORY = """
# aider chat started at 2026-03-02 09:15:00

> Aider v0.86.1
> Main model: gpt-5 with diff edit format
> Git repo: .git with 42 files

#### /add src/slugify.py

> Added src/slugify.py to the chat

#### Make slugify keep unicode letters.\x20\x20
#### Keep it short.

I'll switch the regex to a unicode-aware class.

src/slugify.py
```python
<<<<<<< SEARCH
#### not a prompt
> not tool output
=======
PATTERN = re.compile(r"[^\\w-]+", re.UNICODE)
>>>>>>> REPLACE
```

> Applied edit to src/slugify.py
> Commit 1a2b3c4 fix: keep unicode letters in slugs

#### <blank>

# aider chat started at 2026-03-03 18:00:05

#### Add a test for emoji input.

Added `test_emoji` to tests/test_slugify.py.
"""


def write(root: Path, text: str = HISTORY) -> Path:
    path = root / "code" / "slugs" / ".aider.chat.history.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_each_run_is_a_session(tmp_path):
    path = write(tmp_path)
    r = scan("aider", projects_dir=str(tmp_path))
    assert r.warnings == []
    first, second = sorted(r.sessions, key=lambda s: s.session_id)
    assert first.session_id == "code/slugs@2026-03-02T09:15:00" and first.path == f"{path}#2026-03-02T09:15:00"
    assert first.cwd == str(path.parent) and first.original_ref == "aider-chat:code/slugs@2026-03-02T09:15:00"
    said = [b.text.split("] ", 1)[1] for b in first.blocks]
    assert said[0] == "user: /add src/slugify.py"
    assert said[1] == "user: Make slugify keep unicode letters.\nKeep it short."
    assert said[2].startswith("assistant: I'll switch the regex") and "#### not a prompt" in said[2]
    assert "> not tool output" in said[2] and said[2].rstrip().endswith("```")
    assert len(said) == 3  # tool output and <blank> dropped
    assert first.blocks[0].timestamp == datetime(2026, 3, 2, 9, 15).astimezone()
    assert [b.text.split("] ", 1)[1] for b in second.blocks] == [
        "user: Add a test for emoji input.",
        "assistant: Added `test_emoji` to tests/test_slugify.py.",
    ]
    again = scan("aider", previous=r.states, projects_dir=str(tmp_path))
    assert again.sessions == [] and again.bytes_read == 0 and len(again.unchanged) == 2


def test_the_survey_lists_runs_by_stat_and_their_start(tmp_path):
    path = write(tmp_path)
    c = connector("aider", projects_dir=str(tmp_path))
    assert c.watch_paths() == [path]
    units = c.survey().units
    assert [u.key for u in units] == [f"{path}#2026-03-02T09:15:00", f"{path}#2026-03-03T18:00:05"]
    assert units[0].start == datetime(2026, 3, 2, 9, 15).astimezone() and units[0].mtime == units[1].start.timestamp()
    deep = tmp_path / "a" / "b" / "c" / "d" / "e" / "f" / ".aider.chat.history.md"
    deep.parent.mkdir(parents=True)
    deep.write_text(HISTORY)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / ".aider.chat.history.md").write_text(HISTORY)
    assert connector("aider", projects_dir=str(tmp_path)).watch_paths() == [path]
    assert deep in connector("aider", projects_dir=str(tmp_path), max_depth=8).watch_paths()


def test_a_grown_last_run_is_read_from_its_last_message(tmp_path):
    path = write(tmp_path)
    first = scan("aider", projects_dir=str(tmp_path))
    tail = "More: it also handles skin-tone modifiers.\n\n#### Thanks, commit it.\n"
    with path.open("a") as f:
        f.write(tail)
    grown = scan("aider", previous=first.states, projects_dir=str(tmp_path))
    (s,) = grown.sessions
    assert s.appended and s.session_id == "code/slugs@2026-03-03T18:00:05"
    said = [(b.ordinal, b.text.split("] ", 1)[1]) for b in s.blocks]
    assert said[0][1] == ("assistant: Added `test_emoji` to tests/test_slugify.py.\n"
                          "More: it also handles skin-tone modifiers.")  # fmt: skip
    assert said[0][0] == first.sessions[1].blocks[-1].ordinal  # replaces the stored message
    assert said[1][1] == "user: Thanks, commit it."
    assert grown.bytes_read < len(tail) + 100


def test_a_file_without_a_header_is_one_run(tmp_path):
    write(tmp_path, "#### What does this regex do?\n\nIt strips punctuation.\n")
    (s,) = scan("aider", projects_dir=str(tmp_path)).sessions
    assert s.session_id == "code/slugs@start" and len(s.blocks) == 2


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=400), cut=st.integers(min_value=0, max_value=len(HISTORY)))
def test_any_text_gives_sessions_or_nothing_never_an_exception(text, cut):
    with tempfile.TemporaryDirectory() as d:
        write(Path(d), HISTORY[:cut] + text)
        r = scan("aider", projects_dir=d)
        assert len(r.sessions) <= HISTORY.count("# aider chat") + text.count("# aider chat started at") + 1
