"""Paperclip, a task board for teams of agents, through its HTTP API (GET requests only).

One item per issue: a header (identifier, title, status, project, assignee, author) with
the description, then the issue's comments (oldest first), its documents at their last
revision and its interactions with their answers, in the order they happened. An issue is a
unit keyed `<api_url>#<company>/<issue id>`; its version is its `updatedAt`, so a survey is
one paged listing per company and only issues updated since their last read are fetched.

Endpoints read (relative to `api_url`): `agents/me` (the company when `company_ids` is
empty), `companies/<id>/issues?limit=&offset=` (paged), `companies/<id>/projects` and
`companies/<id>/agents` (names for the header), `issues/<id>`, `issues/<id>/comments`,
`issues/<id>/documents` (and `issues/<id>/documents/<key>` when a listing has no body),
`issues/<id>/interactions`. A list may come bare or as `{items|data|issues|…: [...]}`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..models import Block
from ..text import middle_cut, parse_time
from .base import Connector, FileState, ScanResult, Survey, Unit
from .paperclip_api import PaperclipClient, PaperclipError
from .projects import project_hint
from .rendering import BlockCollector, emit_session, render_line

DEFAULT_API_URL = "http://127.0.0.1:3100/api"
DEFAULT_KEY_ENV = "PAPERCLIP_API_KEY"
_LIST_KEYS = ("items", "data", "issues", "results", "comments", "documents", "interactions", "projects", "agents")


@dataclass
class Listed:
    """One issue as the paged listing shows it."""

    company: str
    id: str
    identifier: str
    status: str
    created: datetime | None
    updated: datetime | None
    row: dict[str, Any] = field(default_factory=dict)


class PaperclipConnector(Connector):
    type = "paperclip"
    known_options = frozenset(
        {
            "api_url",
            "api_key_env",
            "company_ids",
            "max_block_chars",
            "include_documents",
            "include_interactions",
            "skip_system_notices",
            "skip_statuses",
            "project_map",
            "board_name",
            "page_size",
            "timeout_seconds",
            "max_retries",
            "retry_backoff_seconds",
        }
    )
    shared_options = frozenset({"settle_minutes", "min_chars", "project_aliases"})
    shared_defaults = {"min_chars": 200, "settle_minutes": 0}

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        o = self.options
        self.api_url = str(o.get("api_url") or DEFAULT_API_URL).rstrip("/")
        self.key_env = str(o.get("api_key_env") or DEFAULT_KEY_ENV)
        self.page_size = int(o.get("page_size", 100))
        self.max_block_chars = int(o.get("max_block_chars", 8000))
        self.skip_statuses = {str(s).lower() for s in o.get("skip_statuses", [])}
        self.project_map = {str(k).lower(): str(v) for k, v in dict(o.get("project_map", {})).items()}
        self.board = str(o.get("board_name") or "board")
        self._names: dict[str, dict[str, dict[str, str]]] = {}  # company -> {"projects"|"agents": id -> name}

    def client(self) -> PaperclipClient:
        return PaperclipClient(
            self.api_url,
            os.environ.get(self.key_env) or None,
            timeout=float(self.options.get("timeout_seconds", 30)),
            retries=int(self.options.get("max_retries", 4)),
            backoff=float(self.options.get("retry_backoff_seconds", 1.0)),
        )

    def watch_paths(self) -> list[Path]:
        return []  # an HTTP API: the survey asks it (one listing per company), there is no file to stat

    # listing ----------------------------------------------------------------------------

    def companies(self, client: PaperclipClient) -> list[str]:
        ids = [str(c) for c in self.options.get("company_ids", [])]
        if ids:
            return ids
        me = client.get("agents/me")
        company = me.get("companyId") or me.get("company_id") if isinstance(me, dict) else None
        if not company:
            raise PaperclipError(f"GET {client.url('agents/me')}: no companyId; set options.company_ids")
        return [str(company)]

    def listing(self, client: PaperclipClient, warnings: list[str]) -> list[Listed]:
        """Every issue of every company, page by page; a bad page ends that company's listing
        with a warning (what was listed before it stays listed)."""
        try:
            companies = self.companies(client)
        except PaperclipError as err:
            warnings.append(str(err))
            return []
        out: list[Listed] = []
        for company in companies:
            offset = 0
            while True:
                path = f"companies/{quote(company, safe='')}/issues"
                try:
                    page = as_list(client.get(path, {"limit": self.page_size, "offset": offset}))
                except PaperclipError as err:
                    warnings.append(f"{err}; listing of company {company} stopped at offset {offset}")
                    break
                if page is None:
                    warnings.append(
                        f"GET {client.url(path, {'limit': self.page_size, 'offset': offset})}: not a list of issues; "
                        f"listing of company {company} stopped at offset {offset}"
                    )
                    break
                for row in page:
                    issue = _listed(company, row)
                    if issue is not None and issue.status.lower() not in self.skip_statuses:
                        out.append(issue)
                if len(page) < self.page_size:
                    break
                offset += len(page)
        return out

    def key(self, issue: Listed) -> str:
        return f"{self.api_url}#{issue.company}/{issue.id}"

    def survey(self) -> Survey:
        out = Survey()
        for issue in self.listing(self.client(), out.warnings):
            when = issue.updated or issue.created
            if when is None:
                out.warnings.append(f"{self.key(issue)}: no updatedAt, issue skipped")
                continue
            out.units.append(Unit(self.key(issue), 0, when.timestamp(), issue.created or when))
        return out

    def start_of(self, unit: Unit) -> datetime | None:
        return unit.start

    # reading ----------------------------------------------------------------------------

    def _scan(self, result: ScanResult, previous: dict[str, FileState], now: float) -> None:
        client = self.client()
        for issue in self.listing(client, result.warnings):
            key = self.key(issue)
            if not self.wanted(key):
                continue
            result.files_seen += 1
            when = issue.updated or issue.created
            if when is None:
                continue
            mtime = when.timestamp()
            prev = previous.get(key)
            if prev is not None and prev.mtime == mtime:
                result.unchanged.append(key)
                result.states[key] = prev
                continue
            if not self.settled(mtime, now):
                result.deferred += 1
                if prev is not None:
                    result.unchanged.append(key)
                    result.states[key] = prev
                continue
            try:
                self._read_issue(client, issue, key, mtime, result)
            except PaperclipError as err:  # no state: read again next run; a stored copy stays
                result.warnings.append(f"{key}: {err}")
                continue
            except (AttributeError, TypeError, ValueError) as err:  # an answer of an unexpected shape
                result.warnings.append(f"{key}: an answer of an unexpected shape ({type(err).__name__}: {err})")
                continue
            result.states[key] = FileState(key, 0, mtime)

    def _read_issue(self, client: PaperclipClient, issue: Listed, key: str, mtime: float, result: ScanResult) -> None:
        iid = quote(issue.id, safe="")
        detail = client.get(f"issues/{iid}")
        row = {**issue.row, **(detail if isinstance(detail, dict) else {})}
        names = self._company_names(client, issue.company)
        events: list[tuple[datetime, int, str, str]] = []  # (time, order, role, text)
        comments = self._list(client, f"issues/{iid}/comments")
        for c in comments:
            if self.options.get("skip_system_notices", True) and _is_system(c):
                continue
            body = _text(c.get("body") or c.get("content") or c.get("text"))
            if body:
                events.append((_time(c, "createdAt") or _EPOCH, 1, self._author(c, names), body))
        if self.options.get("include_documents", True):
            for doc in self._list(client, f"issues/{iid}/documents"):
                body = _revision_body(doc)
                doc_key = doc.get("key") or doc.get("id")
                if not body and doc_key:
                    body = _revision_body(client.get(f"issues/{iid}/documents/{quote(str(doc_key), safe='')}"))
                if body:
                    name = doc.get("title") or doc_key or "document"
                    when = _time(doc, "updatedAt") or _time(doc, "createdAt") or _EPOCH
                    events.append((when, 2, self._author(doc, names), f"(document {name}) {body}"))
        if self.options.get("include_interactions", True):
            for it in self._list(client, f"issues/{iid}/interactions"):
                question = _text(it.get("question") or it.get("prompt") or it.get("title") or it.get("body"))
                answer = _text(it.get("answer") or it.get("response") or it.get("result"))
                if question:
                    kind = it.get("kind") or it.get("type") or "question"
                    text = f"(interaction {kind}) {question}" + (f"\n(answer) {answer}" if answer else "")
                    events.append((_time(it, "createdAt") or _EPOCH, 3, self._author(it, names), text))
        created = issue.created or datetime.fromtimestamp(mtime, tz=UTC)
        project = names["projects"].get(str(row.get("projectId") or ""), "") or _name(row.get("project"))
        c = BlockCollector(self)
        header = [
            f"{issue.identifier}: {row.get('title') or ''}".strip(),
            f"status: {issue.status or '?'}",
            f"project: {project}" if project else "",
            f"assignee: {self._assignee(row, names)}",
            f"author: {self._author(row, names)}",
        ]
        description = _text(row.get("description"))
        head = " | ".join(h for h in header if h) + (f"\n{description}" if description else "")
        c.blocks.append(_block(0, created, self._author(row, names), middle_cut(head, self.max_block_chars)))
        for ordinal, (when, _, role, text) in enumerate(sorted(events, key=lambda e: (e[0], e[1])), 1):
            c.blocks.append(_block(ordinal, when, role, middle_cut(text, self.max_block_chars)))
        emit_session(
            self,
            result,
            c,
            session_id=f"{issue.company}/{issue.identifier}",
            ref_prefix="paperclip-issue",
            cwd=None,
            path=key,
            mtime=mtime,
            title=str(row.get("title")) if row.get("title") else None,
            meta={"status": issue.status} if issue.status else {},
            project=self._project(project) if project else None,
        )

    def _project(self, name: str) -> str | None:
        """`project_map`'s slug for a Paperclip project, else the project's own name (aliases apply)."""
        mapped = self.project_map.get(name.lower()) or name
        return project_hint(None, self.projects, self.agent.project_aliases, mapped)

    def _list(self, client: PaperclipClient, path: str) -> list[dict[str, Any]]:
        items = as_list(client.get(path))
        if items is None:
            raise PaperclipError(f"GET {client.url(path)}: not a list")
        return [i for i in items if isinstance(i, dict)]

    def _company_names(self, client: PaperclipClient, company: str) -> dict[str, dict[str, str]]:
        """Project and agent names of a company (empty when the API does not list them)."""
        if company not in self._names:
            names: dict[str, dict[str, str]] = {"projects": {}, "agents": {}}
            for kind in ("projects", "agents"):
                try:
                    rows = as_list(client.get(f"companies/{quote(company, safe='')}/{kind}")) or []
                except PaperclipError:
                    rows = []
                names[kind] = {str(r.get("id")): _name(r) for r in rows if isinstance(r, dict) and r.get("id")}
            self._names[company] = names
        return self._names[company]

    def _author(self, row: dict[str, Any], names: dict[str, dict[str, str]]) -> str:
        agent = row.get("authorAgentId") or row.get("createdByAgentId") or row.get("agentId")
        if agent:
            return names["agents"].get(str(agent)) or f"agent {agent}"
        return _name(row.get("author")) or self.board

    def _assignee(self, row: dict[str, Any], names: dict[str, dict[str, str]]) -> str:
        agent = row.get("assigneeAgentId")
        if agent:
            return names["agents"].get(str(agent)) or f"agent {agent}"
        return self.board if row.get("assigneeUserId") else "nobody"


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def as_list(answer: Any) -> list[Any] | None:
    """A list answer, bare or wrapped in `{items: [...]}` and the like; None otherwise."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        for k in _LIST_KEYS:
            if isinstance(answer.get(k), list):
                return answer[k]
    return None


def _listed(company: str, row: Any) -> Listed | None:
    if not isinstance(row, dict) or not row.get("id"):
        return None
    return Listed(
        company,
        str(row["id"]),
        str(row.get("identifier") or row["id"]),
        str(row.get("status") or ""),
        _time(row, "createdAt"),
        _time(row, "updatedAt"),
        row,
    )


def _time(row: dict[str, Any], name: str) -> datetime | None:
    snake = "".join(f"_{ch.lower()}" if ch.isupper() else ch for ch in name)
    return parse_time(row.get(name)) or parse_time(row.get(snake))


def _revision_body(doc: Any) -> str:
    """A document's text at its last revision: its `body`, else its `latestRevision.body`."""
    if not isinstance(doc, dict):
        return ""
    latest = doc.get("latestRevision")
    return _text(doc.get("body")) or (_text(latest.get("body")) if isinstance(latest, dict) else "")


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _name(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name") or value.get("title") or "")
    return value if isinstance(value, str) else ""


def _is_system(comment: dict[str, Any]) -> bool:
    """A status notice written by Paperclip itself, not by a person or an agent."""
    kind = str(comment.get("kind") or comment.get("type") or comment.get("authorType") or "").lower()
    if kind in ("system", "event", "status_change", "activity") or comment.get("system") is True:
        return True
    return not any(comment.get(k) for k in ("authorAgentId", "authorUserId", "author", "agentId", "userId"))


def _block(ordinal: int, when: datetime, role: str, text: str) -> Block:
    return Block(ordinal, when, render_line(when, role, text))


CONNECTOR = PaperclipConnector
