"""The summary schema sent to the model, and Jezero's loose validation of its answers.

Models (especially small local ones) bend the schema: lists arrive JSON-encoded, atoms arrive
as "kind: text" strings, kinds are invented, fields run long, text carries terminal escape
codes. Like Jezero we repair what is repairable and fail the segment only when the title or
the summary is missing, so one odd answer never costs a whole run.
"""

from __future__ import annotations

import json
from typing import Any

from jezero_pipeline.models import ATOM_KINDS, Atom, Summary
from jezero_pipeline.text import clean_text

MAX_TITLE_CHARS = 200
MAX_QUESTIONS = 6
MAX_ATOMS = 12

SUMMARY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "summary": {"type": "string"},
        "questions": {"type": "array", "items": {"type": "string"}},
        "atoms": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": list(ATOM_KINDS)},
                    "text": {"type": "string"},
                },
                "required": ["kind", "text"],
                "additionalProperties": False,
            },
        },
        "project": {"type": ["string", "null"]},
    },
    "required": ["title", "summary", "questions", "atoms", "project"],
    "additionalProperties": False,
}


class SummaryError(ValueError):
    """The model's answer cannot be used (no title, no summary, not an object)."""


def _scalar_text(value: Any) -> str | None:
    """A cleaned, stripped string for str/number values; None for anything else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        value = str(value)
    if not isinstance(value, str):
        return None
    return clean_text(value).strip()


def _as_list(value: Any) -> list[Any]:
    """A list field; a JSON-encoded string is decoded, any other string is one entry."""
    if isinstance(value, str):
        try:
            decoded = json.loads(value)
        except ValueError:
            return [value]
        if isinstance(decoded, list):
            return decoded
        return [decoded] if isinstance(decoded, (str, dict)) else [value]
    if isinstance(value, list):
        return value
    return []


def _atom(entry: Any) -> Atom | None:
    if isinstance(entry, str):
        kind, sep, rest = entry.partition(":")
        kind = clean_text(kind).strip().lower()
        if sep and kind in ATOM_KINDS:
            text = clean_text(rest).strip()
        else:
            kind, text = "fact", clean_text(entry).strip()
    elif isinstance(entry, dict):
        raw_kind = entry.get("kind")
        kind = clean_text(raw_kind).strip().lower() if isinstance(raw_kind, str) else ""
        if kind not in ATOM_KINDS:
            kind = "fact"  # the rule: unknown kinds become `fact`
        text = _scalar_text(entry.get("text")) or ""
    else:
        return None
    return Atom(kind=kind, text=text) if text else None


def parse_summary(raw: Any) -> Summary:
    """Jezero's loose validation of one answer; raises SummaryError if it is unusable."""
    if isinstance(raw, (str, bytes)):
        try:
            raw = json.loads(raw)
        except ValueError as err:
            raise SummaryError(f"answer is not JSON ({err})") from None
    if not isinstance(raw, dict):
        raise SummaryError(f"answer is a {type(raw).__name__}, expected a JSON object")

    title = _scalar_text(raw.get("title"))
    if not title:
        raise SummaryError("answer has no title")
    summary = _scalar_text(raw.get("summary"))
    if not summary:
        raise SummaryError("answer has no summary")

    questions = [q for q in map(_scalar_text, _as_list(raw.get("questions"))) if q]
    atoms = [a for a in map(_atom, _as_list(raw.get("atoms"))) if a is not None]
    project = _scalar_text(raw.get("project"))

    return Summary(
        title=title[:MAX_TITLE_CHARS].rstrip(),
        summary=summary,
        questions=questions[:MAX_QUESTIONS],
        atoms=atoms[:MAX_ATOMS],
        project=project.lower() if project else None,
    )
