"""The page's state is its URL: the query and every filter, read from and written to links.

A search can be linked and bookmarked because nothing lives anywhere else. Values are passed
to the library as given; the library says what is wrong with a bad one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from urllib.parse import urlencode

FILTERS = ("project", "source", "kind", "trust", "since", "until")


@dataclass(frozen=True)
class Filters:
    """One search's query, filters (the library's own names) and limit, as strings."""

    q: str = ""
    project: str | None = None
    source: str | None = None
    kind: str | None = None
    trust: str | None = None
    since: str | None = None
    until: str | None = None
    limit: str | None = None
    mode: str | None = None  # lexical | semantic | hybrid (None: the library's default)

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Filters:
        """From a query string; empty values count as absent, unknown keys are ignored."""

        def get(name: str) -> str | None:
            value = params.get(name)
            return value if value is not None and value.strip() else None

        return cls(
            q=params.get("q", "").strip(),
            **{name: get(name) for name in (*FILTERS, "limit", "mode")},
        )

    def params(self) -> dict[str, str]:
        """The non-empty fields, in a fixed order (stable, shareable URLs)."""
        return {f.name: value for f in fields(self) if (value := getattr(self, f.name))}

    def link(self, path: str = "/", **changes: str | None) -> str:
        """This state with some fields changed (None removes one), as a relative URL."""
        params = replace(self, **changes).params() if changes else self.params()
        return f"{path}?{urlencode(params)}" if params else path

    def active(self) -> dict[str, str]:
        """The filters that are set (not the query or the limit)."""
        return {name: value for name in FILTERS if (value := getattr(self, name))}

    def library_filters(self) -> dict[str, str | None]:
        """Keyword arguments for `Library.search`, except the query and the limit."""
        return {name: getattr(self, name) for name in FILTERS}
