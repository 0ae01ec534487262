"""What a stage did to one partition: its figures, spelled once.

A report's numeric fields are the partition's metadata in Dagster and in the command's
report. The fields named in FOOTER are also written in the partition file's footer, so a
partition that did not change reports them without its file being read (`from_footer`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self


@dataclass
class PartitionReport:
    FOOTER: ClassVar[tuple[str, ...]] = ()

    current: bool = False  # nothing changed: the partition file was neither read nor rewritten

    def footer(self) -> dict[str, Any]:
        """The FOOTER fields, for the partition file written with this report."""
        return {name: _stored(getattr(self, name)) for name in self.FOOTER}

    @classmethod
    def from_footer(cls, footer: dict[str, str]) -> Self:
        """The report of a partition left as it was, from its file's footer."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in cls.FOOTER and f.name in footer:
                default = f.default_factory() if callable(f.default_factory) else f.default  # type: ignore[misc]
                values[f.name] = _loaded(footer[f.name], default)
        return cls(**values, current=True)

    def as_metadata(self) -> dict[str, int | float | bool]:
        """Every number and flag of the report, by field name."""
        out: dict[str, int | float | bool] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (int, float, bool)):
                out[f.name] = round(value, 6) if isinstance(value, float) else value
        return out


def _stored(value: Any) -> Any:
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else value


def _loaded(text: str, like: Any) -> Any:
    if isinstance(like, bool):
        return text == "True"
    if isinstance(like, int):
        return int(text)
    if isinstance(like, float):
        return float(text)
    if isinstance(like, (dict, list)):
        return json.loads(text or "null") or type(like)()
    return text
