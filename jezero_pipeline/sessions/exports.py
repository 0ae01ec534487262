"""Chat services' data exports (ChatGPT, Claude.ai): `conversations.json` (or numbered shards
`conversations-NNN.json`) in an export folder or the export's zip, named by `export_path`.

An export is a static snapshot holding many conversations; each conversation is a unit
`<file>#<conversation id>` whose size and time come from the conversation itself (its node or
message count, its update time), so a newer export of the same account re-reads only the
conversations that changed. A file is parsed again only when its own size or mtime moved
(the parsed conversations are kept for the run). Trust is `external` by default, as mail's.
"""

from __future__ import annotations

import json
import re
import zipfile
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from ..text import parse_time
from .base import Connector, FileState, ScanResult, Survey, Unit
from .docstore import as_dict, as_list, text_value
from .rendering import BlockCollector

_SHARD = re.compile(r"(?:^|/)conversations(?:-\d+)?\.json$")
MAX_MEMBER_BYTES = 4 * 1024**3  # a zip member claiming more is refused (a zip bomb)


class Conversation:
    """One conversation of an export, as its connector describes it."""

    def __init__(self, cid: str, doc: dict[str, Any], size: int, start: datetime | None, last: datetime | None):
        self.id, self.doc, self.size, self.start, self.last = cid, doc, size, start, last


class ExportConnector(Connector):
    """Subclasses say what a conversation of their service is (`describe`) and render it."""

    default_trust = "external"
    required_options = ("export_path",)
    known_options = frozenset({"export_path"})
    shared_options = frozenset({"settle_minutes", "min_chars", "include_tool_calls", "max_tool_args_chars",
                                "project_aliases", "user_prompt_markers", "user_prompt_drop_lines"})  # fmt: skip
    shared_defaults: ClassVar[dict[str, Any]] = {"settle_minutes": 0}
    service: ClassVar[str] = ""  # "ChatGPT": for warnings
    id_fields: ClassVar[tuple[str, ...]] = ()  # where a conversation's id is, in order
    items_field: ClassVar[str] = ""  # its messages (or nodes): their count is the unit's size
    time_fields: ClassVar[tuple[str, str]] = ("", "")  # its creation and update times

    def describe(self, doc: dict[str, Any]) -> Conversation | None:
        """The conversation's id, size and times, or None when it is not one of this service's."""
        cid = next((v for v in (text_value(doc.get(f)) for f in self.id_fields) if v), None)
        items = doc.get(self.items_field)
        if cid is None or not isinstance(items, (list, dict)):
            return None
        start, last = (parse_time(doc.get(f)) for f in self.time_fields)
        return Conversation(cid, doc, len(items), start, last or start)

    def render(self, conv: Conversation, c: BlockCollector, key: str, mtime: float, result: ScanResult) -> None:
        """Render the conversation into the result (emit_session); `mtime`: its last change."""
        raise NotImplementedError

    def sources(self) -> list[Path]:
        found: set[Path] = set()
        for root in self.store_roots():
            if root.is_file():
                found.add(root)
            elif root.is_dir():
                for pattern in ("conversations*.json", "*/conversations*.json", "*.zip"):
                    found.update(p for p in root.glob(pattern) if p.is_file() and _is_source(p))
        return sorted(found)

    def watch_paths(self) -> list[Path]:
        return self.store_roots()

    def survey(self) -> Survey:
        out = Survey()
        for source in self.sources():
            for conv in self.conversations(source, out.warnings):
                mtime = (conv.last or conv.start).timestamp() if (conv.last or conv.start) else source.stat().st_mtime
                out.units.append(Unit(f"{source}#{conv.id}", conv.size, mtime, conv.start))
        return out

    def unit_paths(self) -> list[tuple[str, list[Path]]]:
        return [(str(p), [p]) for p in self.sources()]

    def conversations(self, source: Path, warnings: list[str]) -> list[Conversation]:
        """The source's conversations of this service (parsed again only when it changed)."""
        try:
            st = source.stat()
        except OSError as err:
            warnings.append(f"{source}: {err.strerror or err}")
            return []
        cached = _PARSED.get((self.service, str(source)))
        if cached is not None and cached[0] == (st.st_size, st.st_mtime):
            return cached[1]
        docs: list[Any] = []
        for name, data in _documents(source, warnings):
            try:
                doc = json.loads(data.decode("utf-8-sig"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
                warnings.append(f"{source}{'!' + name if name else ''}: not JSON ({err}), skipped")
                continue
            docs += doc if isinstance(doc, list) else as_list(as_dict(doc).get("conversations")) or [doc]
        found: dict[str, Conversation] = {}
        odd = 0
        for doc in docs:
            conv = self.describe(doc) if isinstance(doc, dict) else None
            if conv is None:
                odd += 1
            elif conv.id not in found or _when(conv) > _when(found[conv.id]):
                found[conv.id] = conv  # the same conversation twice (shards overlap): the newer
        if odd:
            warnings.append(f"{source}: {odd} item(s) are not {self.service} conversations, skipped")
        convs = list(found.values())
        _PARSED[(self.service, str(source))] = ((st.st_size, st.st_mtime), convs)
        return convs

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        for source in self.sources():
            for conv in self.conversations(source, result.warnings):
                key = f"{source}#{conv.id}"
                if not self.wanted(key):
                    continue
                when = conv.last or conv.start
                mtime = when.timestamp() if when else source.stat().st_mtime
                if self.check_state(result, previous, key, conv.size, mtime, now) is None:
                    continue
                result.states[key] = FileState(key, conv.size, mtime)
                result.bytes_read += conv.size
                self.render(conv, BlockCollector(self), key, mtime, result)


def _when(conv: Conversation) -> float:
    when = conv.last or conv.start
    return when.timestamp() if when else 0.0


def _is_source(path: Path) -> bool:
    return path.suffix == ".zip" or bool(_SHARD.search(path.name))


def _documents(source: Path, warnings: list[str]) -> list[tuple[str, bytes]]:
    """(member name, bytes) of the conversations files of a zip, or ("", bytes) of a file."""
    try:
        if source.suffix != ".zip":
            return [("", source.read_bytes())]
        with zipfile.ZipFile(source) as z:
            members = [m for m in z.infolist() if _SHARD.search(m.filename) and not m.is_dir()]
            if not members:
                warnings.append(f"{source}: no conversations.json in the zip, skipped")
            big = [m.filename for m in members if m.file_size > MAX_MEMBER_BYTES]
            warnings += [f"{source}!{name}: over {MAX_MEMBER_BYTES >> 30} GiB, skipped" for name in big]
            return [(m.filename, z.read(m)) for m in members if m.filename not in big]
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, NotImplementedError) as err:
        warnings.append(f"{source}: not a readable export ({err})")
        return []


# (service, source) -> ((size, mtime) when parsed, its conversations)
_PARSED: dict[tuple[str, str], tuple[tuple[int, float], list[Conversation]]] = {}
