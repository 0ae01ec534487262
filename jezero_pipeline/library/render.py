"""Search results for people: date, project, source, title, matching atoms, hits highlighted."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.text import Text

HIT_STYLE = "bold black on yellow"


def _hit_pattern(results: dict[str, Any] | list, query: str) -> re.Pattern[str] | None:
    """Words to highlight: the query's tokens and their stems (so "fail" lights up "failing")."""
    words = {w.lower() for w in re.findall(r"[\w]+", query) if len(w) > 1}
    if isinstance(results, dict):
        words |= {s for s in results.get("stems", []) if len(s) > 1}
    if not words:
        return None
    alts = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return re.compile(r"(?<![\w])(" + "|".join(alts) + r")\w*", re.IGNORECASE)


def _text(s: str | None, pattern: re.Pattern[str] | None, style: str = "") -> Text:
    t = Text(s or "", style=style)
    if pattern is not None:
        t.highlight_regex(pattern, HIT_STYLE)
    return t


EXCERPT_CHARS = 90  # characters of the original shown on each side of a hit found only there


def excerpt(text: str | None, pattern: re.Pattern[str] | None) -> str | None:
    """The part of `text` around its first hit, on one line; None when nothing in it matches."""
    if not text or pattern is None or not (m := pattern.search(text)):
        return None
    start, end = max(m.start() - EXCERPT_CHARS, 0), min(m.end() + EXCERPT_CHARS, len(text))
    return ("…" if start else "") + " ".join(text[start:end].split()) + ("…" if end < len(text) else "")


def format_results_rich(results: dict[str, Any] | list[dict[str, Any]], query: str) -> Group:
    """A rich renderable: one block per result, numbered by rank, hit terms highlighted. A result
    whose hit is only in its original (not its title, summary or atoms) shows the original's line
    around the hit, when the result carries its `original`."""
    items = results["results"] if isinstance(results, dict) else results
    pattern = _hit_pattern(results, query)
    if not items:
        return Group(Text(f"No results for {query!r}.", style="dim"))
    blocks: list[Any] = []
    for rank, r in enumerate(items, start=1):
        head = Text.assemble(
            (f"{rank}. ", "bold cyan"),
            ((r.get("occurred_at") or "")[:10] + "  ", "green"),
            (f"{r.get('project') or '-'}  ", "magenta"),
            (f"{r.get('source')}", "blue"),
            (f"  id {r['id']}", "dim"),
        )
        if r.get("trust") == "external":
            head.append("  external", style="red")
        blocks.append(head)
        blocks.append(_text(r.get("title"), pattern, "bold"))
        for atom in r.get("matched_atoms") or []:
            line = Text()
            line.append(f"  {atom['kind']:<9} ", style="dim")
            line.append_text(_text(atom["text"], pattern))
            blocks.append(line)
        if not r.get("matched_atoms") and r.get("summary"):
            summary = r["summary"] if len(r["summary"]) <= 240 else r["summary"][:237] + "..."
            blocks.append(_text("  " + summary, pattern, "dim"))
        shown = " ".join(
            [r.get("title") or "", r.get("summary") or ""] + [a["text"] for a in r.get("matched_atoms") or []]
        )
        if pattern is not None and not pattern.search(shown) and (line := excerpt(r.get("original"), pattern)):
            blocks.append(_text(f"  in the transcript: {line}", pattern))
        blocks.append(Text(""))
    count = len(items)
    blocks.append(Text(f"{count} result{'s' if count != 1 else ''}", style="dim"))
    return Group(*blocks)
