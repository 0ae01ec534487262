"""A synthetic, deterministic corpus of agent sessions in the agents' real on-disk layouts.

Benchmarks must run Jezero and our pipeline on the same files, at a size we choose, with
known answers: each session carries unique needles (an error, a command, a component name)
placed where both tools keep them (dialogue text and tool-call lines, never in dropped tool
output), and about one session in five carries planted fake secrets in places that reach the
model. The record shapes mimic the real transcripts under fixtures/real-sessions (Claude Code
2.1 envelopes split per content block, tool_result records with toolUseResult, progress and
file-history records; Codex session_meta, turn_context, developer and injected user messages,
reasoning, function_call/function_call_output, event_msg telemetry).

    python -m bench.corpus --out DIR --sessions 2000 --seed 7

writes DIR/claude/projects/<slug>/<uuid>.jsonl, DIR/codex/sessions/YYYY/MM/DD/rollout-…jsonl,
DIR/needles.jsonl, DIR/secrets.jsonl and DIR/corpus.json (counts and sizes).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
import string
import sys
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CLAUDE_SOURCE = "claude-code"  # connector names used by the benchmark configs
CODEX_SOURCE = "codex"
NEEDLE_KINDS = ("error", "command", "component")
SECRET_SHARE = 0.20
LONG_SHARE = 0.03  # sessions with more than 200 KB of dialogue (several segments)
LONG_DIALOGUE_CHARS = 210_000
EPOCH = datetime(2026, 5, 1, tzinfo=UTC)  # sessions span the 180 days after this
SPAN_DAYS = 180

PROJECTS = [
    "ledger-core",
    "quillback",
    "atlas-api",
    "orchard-web",
    "tern-cli",
    "mosaic-etl",
    "harbor-infra",
    "lumen-docs",
    "sparrow-mobile",
    "kestrel-ml",
]
EXCEPTIONS = [
    "ZeroDivisionError",
    "KeyError",
    "ValueError",
    "TypeError",
    "AttributeError",
    "IndexError",
    "RuntimeError",
    "TimeoutError",
    "PermissionError",
    "AssertionError",
]
NOUNS = [
    "ledger",
    "invoice",
    "ingest",
    "shard",
    "cache",
    "token",
    "schema",
    "report",
    "queue",
    "batch",
    "parser",
    "index",
    "export",
    "sync",
    "session",
    "upload",
    "payment",
    "audit",
]
VERBS = [
    "reconcile",
    "merge",
    "flush",
    "rebuild",
    "resolve",
    "compact",
    "render",
    "migrate",
    "validate",
    "dispatch",
    "replay",
    "prune",
    "encode",
    "hydrate",
]
ADJECTIVES = [
    "Quillback",
    "Amber",
    "Cobalt",
    "Juniper",
    "Marlin",
    "Nimbus",
    "Osprey",
    "Pewter",
    "Saffron",
    "Tundra",
    "Vesper",
    "Willow",
    "Zephyr",
    "Basalt",
    "Cinder",
    "Drift",
]
ROLES = [
    "Scheduler",
    "Resolver",
    "Gateway",
    "Compactor",
    "Dispatcher",
    "Registry",
    "Planner",
    "Indexer",
    "Throttle",
    "Watcher",
    "Allocator",
    "Balancer",
]
WORDS = [
    "the",
    "a",
    "we",
    "it",
    "this",
    "that",
    "function",
    "module",
    "test",
    "config",
    "value",
    "request",
    "response",
    "handler",
    "retry",
    "timeout",
    "cache",
    "index",
    "query",
    "table",
    "column",
    "migration",
    "schema",
    "build",
    "deploy",
    "branch",
    "commit",
    "review",
    "refactor",
    "rename",
    "extract",
    "helper",
    "fixture",
    "mock",
    "latency",
    "memory",
    "thread",
    "lock",
    "async",
    "await",
    "batch",
    "stream",
    "buffer",
    "parser",
    "token",
    "encode",
    "decode",
    "serialize",
    "field",
    "record",
    "error",
    "warning",
    "log",
    "trace",
    "metric",
    "dashboard",
    "endpoint",
    "route",
    "client",
    "server",
    "session",
    "user",
    "should",
    "could",
    "would",
    "because",
    "so",
    "then",
    "after",
    "before",
    "when",
    "while",
    "until",
    "also",
    "only",
    "still",
    "fails",
    "passes",
    "works",
    "breaks",
    "returns",
    "raises",
    "handles",
    "checks",
    "updates",
    "removes",
    "adds",
    "keeps",
]
COMMON_ERRORS = [
    "ModuleNotFoundError: No module named 'requests'",
    "npm ERR! code ERESOLVE unable to resolve dependency tree",
    "fatal: not a git repository (or any of the parent directories): .git",
    "AssertionError: assert 3 == 4",
    "ConnectionRefusedError: [Errno 111] Connection refused",
]
READ_ONLY_CMDS = [
    "rg -n 'def {n}' src",
    "sed -n '1,200p' src/{n}.py",
    "git status --short",
    "ls -la src/{n}",
    "cat pyproject.toml",
    "git diff --stat",
]
WRITE_CMDS = [
    "make build",
    "python -m pip install -e .",
    "ruff check --fix src/{n}.py",
    "npm run lint -- --fix",
    "git add -A && git commit -m 'wip {n}'",
    "pytest -q tests/test_{n}.py",
]


@dataclass
class SessionPlan:
    """What one session holds: the manifest rows and the texts to weave in."""

    source: str
    session_id: str
    path: str = ""
    needles: dict[str, str] = field(default_factory=dict)  # kind -> text
    secrets: list[dict[str, str]] = field(default_factory=list)  # {kind, value, where}
    long: bool = False


# --- small text generators -----------------------------------------------------------------


def sentence(rng: random.Random, n: int | None = None) -> str:
    words = [rng.choice(WORDS) for _ in range(n or rng.randint(8, 20))]
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random, sentences: int) -> str:
    return " ".join(sentence(rng) for _ in range(sentences))


def code_file(rng: random.Random, name: str, lines: int) -> str:
    """A file body as the Read tool shows it (`   N→code`), several KB, dropped by both tools."""
    out = []
    for i in range(1, lines + 1):
        indent = "    " * rng.randint(0, 3)
        stmt = rng.choice(
            [
                f"def {rng.choice(VERBS)}_{rng.choice(NOUNS)}(self, {rng.choice(NOUNS)}_id: int) -> None:",
                f"{rng.choice(NOUNS)} = self.{rng.choice(NOUNS)}.get({rng.choice(NOUNS)}_id)",
                f"if not {rng.choice(NOUNS)}:",
                f"    raise {rng.choice(EXCEPTIONS)}('{sentence(rng, 5)}')",
                f"return {rng.choice(VERBS)}({rng.choice(NOUNS)}, retries={rng.randint(1, 9)})",
                f"# {sentence(rng)}",
                f"log.info('{rng.choice(VERBS)} %s', {rng.choice(NOUNS)})",
            ]
        )
        out.append(f"{i:>6}\u2192{indent}{stmt}")
    return "\n".join(out) + f"\n# end of {name}"


def _rand(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"


def make_secret(rng: random.Random, kind: str) -> tuple[str, str]:
    """(value, sentence that carries it); all values are fake and random."""
    if kind == "openai":
        v = "sk-proj-" + _rand(rng, ALNUM + "_-", 48) + "T3BlbkFJ" + _rand(rng, ALNUM + "_-", 48)
        return v, f"export OPENAI_API_KEY={v}"
    if kind == "anthropic":
        v = "sk-ant-api03-" + _rand(rng, ALNUM + "_-", 93) + "AA"
        return v, f"ANTHROPIC_API_KEY={v}"
    if kind == "github":
        v = "ghp_" + _rand(rng, ALNUM, 36)
        return (
            v,
            f"git remote set-url origin https://x-access-token:{v}@github.com/acme/repo.git"
            if rng.random() < 0.3
            else f"GITHUB_TOKEN={v}",
        )
    if kind == "aws":
        kid = "AKIA" + _rand(rng, string.ascii_uppercase + "234567", 16)
        sec = _rand(rng, B64, 40)
        while not (re.search(r"\d.*\d", sec) and re.search(r"[a-z]", sec) and re.search(r"[A-Z]", sec)):
            sec = _rand(rng, B64, 40)
        return f"{kid} {sec}", f"AWS_ACCESS_KEY_ID={kid} AWS_SECRET_ACCESS_KEY={sec}"
    if kind == "slack":
        v = f"xoxb-{rng.randint(10**10, 10**11)}-{rng.randint(10**12, 10**13)}-{_rand(rng, ALNUM, 24)}"
        return v, f"SLACK_BOT_TOKEN={v}"
    if kind == "pem":
        body = base64.b64encode(rng.randbytes(900)).decode()
        lines = [body[i : i + 64] for i in range(0, len(body), 64)]
        v = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----"
        return v, f"here is the deploy key from the vault:\n{v}"
    if kind == "postgres":
        pw = _rand(rng, ALNUM, 18)
        v = f"postgres://app_{rng.choice(NOUNS)}:{pw}@db-{rng.randint(1, 9)}.internal.example.com:5432/prod"
        return v, f"DATABASE_URL={v}"
    if kind == "password":
        pw = _rand(rng, ALNUM, 8) + rng.choice("!#%") + _rand(rng, ALNUM, 8)
        return pw, f"password={pw}"
    if kind == "jwt":
        head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
        payload = (
            base64.urlsafe_b64encode(
                json.dumps({"sub": str(rng.randint(10**6, 10**7)), "name": "bench user", "iat": 1760000000}).encode()
            )
            .decode()
            .rstrip("=")
        )
        sig = base64.urlsafe_b64encode(rng.randbytes(32)).decode().rstrip("=")
        v = f"{head}.{payload}.{sig}"
        return v, f"the request fails with Authorization header token {v}"
    if kind == "stripe":
        v = "sk_live_" + _rand(rng, ALNUM, 32)
        return v, f"STRIPE_SECRET_KEY={v}"
    raise ValueError(kind)


SECRET_KINDS = ("openai", "anthropic", "github", "aws", "slack", "pem", "postgres", "password", "jwt", "stripe")
SHORT_SECRET_KINDS = tuple(k for k in SECRET_KINDS if k != "pem")  # fit in a 200-char tool-call line


def secret_values(value: str) -> list[str]:
    """The strings whose presence means a leak: the value, each of its parts, each key line."""
    if "\n" in value:
        return [line for line in value.splitlines() if len(line) >= 20 and "-----" not in line]
    return value.split(" ")


_RUN = re.compile(r"[A-Za-z0-9]{8,}")


def leak_keys(value: str) -> list[str]:
    """The longest letters-and-digits run of each part of a secret: random, so it appears in a
    text only if that part leaked (whole or partly rewritten around it)."""
    return [max(_RUN.findall(part), key=len) for part in secret_values(value) if _RUN.search(part)]


def text_runs(text: str) -> set[str]:
    """The maximal letters-and-digits runs of a text, JSON escapes (\\n, \\t, \\") turned to spaces."""
    return set(_RUN.findall(text.replace("\\n", " ").replace("\\t", " ").replace('\\"', " ")))


def leaked_secrets(secrets: list[dict[str, Any]], runs: set[str]) -> list[dict[str, Any]]:
    """The planted secrets any of whose parts appears in `runs` (from text_runs)."""
    return [s for s in secrets if any(k in runs for k in leak_keys(s["value"]))]


# --- planning ------------------------------------------------------------------------------


def plan_session(i: int, seed: int, n_total: int, unique: list[int]) -> tuple[SessionPlan, random.Random]:
    rng = random.Random(f"{seed}:{i}")
    source = CLAUDE_SOURCE if rng.random() < 0.6 else CODEX_SOURCE
    sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    plan = SessionPlan(source=source, session_id=sid)
    n = unique[i]
    plan.needles = {
        "error": f"{rng.choice(EXCEPTIONS)} in {rng.choice(NOUNS)}_{rng.choice(VERBS)}_{n}",
        "command": f"pytest tests/test_{rng.choice(NOUNS)}_{n}.py -k shard_{rng.randint(1, 40)} --maxfail=1",
        "component": f"{rng.choice(ADJECTIVES)}{rng.choice(ROLES)}{n}",
    }
    plan.long = rng.random() < LONG_SHARE
    if rng.random() < SECRET_SHARE:
        for kind in rng.sample(SECRET_KINDS, rng.randint(1, 3)):
            plan.secrets.append({"kind": kind})
    return plan, rng


# --- shared turn content -------------------------------------------------------------------


@dataclass
class Turn:
    """One user prompt and the agent's answer: text, tool calls (with dropped outputs)."""

    user: str
    assistant: list[str]
    tools: list[dict[str, Any]]  # {kind: read|bash|edit|task, arg, output}


def build_turns(plan: SessionPlan, rng: random.Random) -> list[Turn]:
    project = rng.choice(PROJECTS)
    n_turns = rng.randint(3, 10)
    turns: list[Turn] = []
    dialogue = 0
    target = LONG_DIALOGUE_CHARS + rng.randint(0, 40_000) if plan.long else 0
    t = 0
    while t < n_turns or dialogue < target:
        user = f"{paragraph(rng, rng.randint(1, 3))}"
        if rng.random() < 0.15:
            user += f" I also saw `{rng.choice(COMMON_ERRORS)}` earlier."
        assistant = [paragraph(rng, rng.randint(2, 6 if not plan.long else 14))]
        tools: list[dict[str, Any]] = []
        for _ in range(rng.randint(1, 3) if not plan.long else rng.randint(0, 1)):
            name = f"{rng.choice(NOUNS)}_{rng.choice(VERBS)}"
            r = rng.random()
            if r < 0.45:
                tools.append(
                    {
                        "kind": "read",
                        "arg": f"/home/dev/src/{project}/src/{name}.py",
                        "output": code_file(rng, name, rng.randint(30, 110)),
                    }
                )
            elif r < 0.75:
                cmd = rng.choice(READ_ONLY_CMDS + WRITE_CMDS).format(n=name)
                tools.append(
                    {"kind": "bash", "arg": cmd, "output": "\n".join(sentence(rng) for _ in range(rng.randint(3, 30)))}
                )
            elif r < 0.95:
                tools.append(
                    {
                        "kind": "edit",
                        "arg": f"/home/dev/src/{project}/src/{name}.py",
                        "output": "The file has been updated.",
                    }
                )
            else:
                tools.append(
                    {
                        "kind": "task",
                        "arg": f"Investigate {name} and report",
                        "output": paragraph(rng, rng.randint(3, 8)),
                    }
                )
        assistant.append(paragraph(rng, rng.randint(1, 3)))
        turns.append(Turn(user, assistant, tools))
        dialogue += len(user) + sum(map(len, assistant)) + 120 * len(tools)
        t += 1
    _weave_needles(plan, rng, turns)
    _weave_secrets(plan, rng, turns)
    turns[0].user = f"In {project}: " + turns[0].user
    return turns


def _weave_needles(plan: SessionPlan, rng: random.Random, turns: list[Turn]) -> None:
    err, cmd, comp = (plan.needles[k] for k in NEEDLE_KINDS)
    rng.choice(turns).user += f" Running it now fails with `{err}` and I don't know why."
    turn = rng.choice(turns)
    turn.tools.insert(0, {"kind": "bash", "arg": cmd, "output": f"FAILED tests - {sentence(rng)}\n" * 20})
    rng.choice(turns).assistant.insert(0, f"The problem is in {comp}: {sentence(rng)}")


def _weave_secrets(plan: SessionPlan, rng: random.Random, turns: list[Turn]) -> None:
    for secret in plan.secrets:
        value, carrier = make_secret(rng, secret["kind"])
        secret["value"] = value
        turn = rng.choice(turns)
        if secret["kind"] in SHORT_SECRET_KINDS and rng.random() < 0.4:
            secret["where"] = "tool_call"
            turn.tools.insert(0, {"kind": "bash", "arg": f"{carrier} make deploy", "output": "deployed\n" * 5})
        else:
            secret["where"] = "user_text"
            turn.user += f" Context, {carrier}\nCan you check it?"


# --- Claude Code writer --------------------------------------------------------------------


def _iso(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z"


def _id(rng: random.Random, prefix: str, n: int = 24) -> str:
    return prefix + _rand(rng, ALNUM, n)


def claude_records(
    plan: SessionPlan, rng: random.Random, turns: list[Turn], start: datetime, cwd: str
) -> tuple[list[dict[str, Any]], datetime]:
    branch = rng.choice(["main", "dev", f"feat/{rng.choice(NOUNS)}-{rng.choice(VERBS)}"])
    env = {
        "isSidechain": False,
        "userType": "external",
        "cwd": cwd,
        "sessionId": plan.session_id,
        "version": "2.1.37",
        "gitBranch": branch,
    }
    slug = "-".join(rng.choice(WORDS) for _ in range(3))
    ts = start
    parent: str | None = None
    out: list[dict[str, Any]] = []

    def tick(lo: float = 0.5, hi: float = 20.0) -> str:
        nonlocal ts
        ts += timedelta(seconds=rng.uniform(lo, hi))
        return _iso(ts)

    def add(record: dict[str, Any]) -> None:
        nonlocal parent
        u = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        out.append({"parentUuid": parent, **env, **record, "uuid": u, "timestamp": tick()})
        parent = u

    first = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    out.append(
        {
            "type": "file-history-snapshot",
            "messageId": first,
            "snapshot": {"messageId": first, "trackedFileBackups": {}, "timestamp": _iso(ts)},
            "isSnapshotUpdate": False,
        }
    )
    add(
        {
            "type": "progress",
            "data": {
                "type": "hook_progress",
                "hookEvent": "SessionStart",
                "hookName": "SessionStart:startup",
                "command": "bash .claude/start.sh",
            },
            "parentToolUseID": _id(rng, "toolu_01"),
            "toolUseID": _id(rng, "toolu_01"),
        }
    )
    for turn in turns:
        add(
            {
                "type": "user",
                "message": {"role": "user", "content": turn.user},
                "thinkingMetadata": {"maxThinkingTokens": 31999},
                "todos": [],
                "permissionMode": "default",
            }
        )
        msg_id, req = _id(rng, "msg_01"), _id(rng, "req_011C")
        usage = {
            "input_tokens": rng.randint(3, 50),
            "cache_creation_input_tokens": rng.randint(0, 20000),
            "cache_read_input_tokens": rng.randint(0, 90000),
            "output_tokens": rng.randint(9, 900),
            "service_tier": "standard",
        }

        def assistant(block: dict[str, Any], req: str = req, msg_id: str = msg_id, usage: dict = usage) -> None:
            add(
                {
                    "slug": slug,
                    "type": "assistant",
                    "requestId": req,
                    "message": {
                        "model": "claude-opus-4-6",
                        "id": msg_id,
                        "type": "message",
                        "role": "assistant",
                        "content": [block],
                        "stop_reason": None,
                        "stop_sequence": None,
                        "usage": usage,
                    },
                }
            )

        assistant(
            {
                "type": "thinking",
                "thinking": paragraph(rng, 2),
                "signature": base64.b64encode(rng.randbytes(120)).decode(),
            }
        )
        assistant({"type": "text", "text": turn.assistant[0]})
        for tool in turn.tools:
            tid = _id(rng, "toolu_01")
            name, inp = {
                "read": ("Read", {"file_path": tool["arg"]}),
                "bash": ("Bash", {"command": tool["arg"], "description": "Run it"}),
                "edit": (
                    "Edit",
                    {"file_path": tool["arg"], "old_string": "return None", "new_string": "return result"},
                ),
                "task": (
                    "Task",
                    {"description": tool["arg"], "subagent_type": "general-purpose", "prompt": tool["arg"]},
                ),
            }[tool["kind"]]
            assistant({"type": "tool_use", "id": tid, "name": name, "input": inp})
            output = tool["output"]
            if tool["kind"] == "read":
                output += (
                    "\n\n<system-reminder>\nWhenever you read a file, you should consider whether "
                    "it would be considered malware.\n</system-reminder>\n"
                )
            result: dict[str, Any] = {
                "type": "tool_result",
                "tool_use_id": tid,
                "content": [{"type": "text", "text": output}] if name == "Task" else output,
            }
            tur: dict[str, Any] = (
                {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}
                if name == "Bash"
                else {"type": "text", "file": {"filePath": tool["arg"], "numLines": output.count("\n")}}
            )
            add(
                {
                    "slug": slug,
                    "type": "user",
                    "message": {"role": "user", "content": [result]},
                    "toolUseResult": tur,
                    "sourceToolAssistantUUID": parent,
                }
            )
        for text in turn.assistant[1:]:
            assistant({"type": "text", "text": text})
        add(
            {
                "type": "system",
                "subtype": "stop_hook_summary",
                "hookCount": 1,
                "hookInfos": [{"command": "bash .claude/stop.sh"}],
                "hookErrors": [],
                "preventedContinuation": False,
                "stopReason": "",
                "hasOutput": False,
                "level": "suggestion",
            }
        )
    return out, ts


# --- Codex writer --------------------------------------------------------------------------

BASE_INSTRUCTIONS = (
    "You are Codex, a coding agent based on GPT-5. You and the user share the same "
    "workspace and collaborate to achieve the user's goals. " * 40
)
AGENTS_MD = (
    "# AGENTS.md instructions for {cwd}\n\n<INSTRUCTIONS>\n"
    + ("- Keep changes small and tested.\n" * 30)
    + "</INSTRUCTIONS>"
)


def codex_records(
    plan: SessionPlan, rng: random.Random, turns: list[Turn], start: datetime, cwd: str
) -> tuple[list[dict[str, Any]], datetime]:
    ts = start
    out: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any], step: float = 1.0) -> None:
        nonlocal ts
        ts += timedelta(seconds=rng.uniform(0.01, step))
        out.append({"timestamp": _iso(ts), "type": kind, "payload": payload})

    add(
        "session_meta",
        {
            "session_id": plan.session_id,
            "id": plan.session_id,
            "timestamp": _iso(start),
            "cwd": cwd,
            "originator": "codex-tui",
            "cli_version": "0.145.0",
            "source": "cli",
            "thread_source": "user",
            "model_provider": "openai",
            "base_instructions": {"text": BASE_INSTRUCTIONS},
            "git": {
                "commit_hash": _rand(rng, "0123456789abcdef", 40),
                "branch": "main",
                "repository_url": f"git@github.com:acme/{cwd.rsplit('/', 1)[-1]}.git",
            },
        },
    )
    add(
        "response_item",
        {
            "type": "message",
            "role": "developer",
            "content": [
                {
                    "type": "input_text",
                    "text": "<permissions instructions>\nFilesystem "
                    "sandboxing defines which files can be read or written.\n</permissions instructions>",
                }
            ],
        },
    )
    add(
        "response_item",
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": AGENTS_MD.format(cwd=cwd)}]},
    )
    add(
        "response_item",
        {
            "type": "message",
            "role": "user",
            "content": [
                {
                    "type": "input_text",
                    "text": f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>",
                }
            ],
        },
    )
    total = 0
    for turn in turns:
        turn_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        add("event_msg", {"type": "task_started", "turn_id": turn_id, "model_context_window": 258400})
        add(
            "turn_context",
            {
                "turn_id": turn_id,
                "cwd": cwd,
                "workspace_roots": [cwd],
                "approval_policy": "never",
                "sandbox_policy": {"type": "workspace-write"},
                "model": "gpt-5.5-codex",
                "effort": "medium",
                "summary": "auto",
                "current_date": _iso(ts)[:10],
                "timezone": "UTC",
            },
        )
        add(
            "response_item",
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": turn.user}]},
            30,
        )
        add(
            "event_msg",
            {"type": "user_message", "message": turn.user, "images": [], "local_images": [], "text_elements": []},
        )
        add(
            "response_item",
            {
                "type": "reasoning",
                "id": _id(rng, "rs_", 40),
                "summary": [],
                "encrypted_content": base64.b64encode(rng.randbytes(300)).decode(),
            },
            8,
        )
        add("event_msg", {"type": "agent_message", "message": turn.assistant[0]})
        add(
            "response_item",
            {
                "type": "message",
                "id": _id(rng, "msg_", 40),
                "role": "assistant",
                "content": [{"type": "output_text", "text": turn.assistant[0]}],
            },
        )
        for tool in turn.tools:
            call_id = _id(rng, "call_")
            if tool["kind"] == "edit":
                patch = (
                    f"*** Begin Patch\n*** Update File: {tool['arg']}\n@@\n-    return None\n"
                    "+    return result\n*** End Patch\n"
                )
                add(
                    "response_item",
                    {
                        "type": "custom_tool_call",
                        "status": "completed",
                        "call_id": call_id,
                        "name": "apply_patch",
                        "input": patch,
                    },
                )
                add(
                    "response_item",
                    {
                        "type": "custom_tool_call_output",
                        "call_id": call_id,
                        "output": json.dumps(
                            {
                                "output": f"Success. Updated the following files:\nM {tool['arg']}\n",
                                "metadata": {"exit_code": 0},
                            }
                        ),
                    },
                )
                continue
            if tool["kind"] == "read":
                cmd = f"sed -n '1,200p' {tool['arg']}"
            elif tool["kind"] == "task":
                cmd = f"rg -n '{tool['arg'].split()[-1]}' src"
            else:
                cmd = tool["arg"]
            add(
                "response_item",
                {
                    "type": "function_call",
                    "id": _id(rng, "fc_", 40),
                    "name": "exec_command",
                    "arguments": json.dumps({"cmd": cmd, "workdir": cwd, "yield_time_ms": 10000}),
                    "call_id": call_id,
                },
                3,
            )
            output = tool["output"]
            add(
                "response_item",
                {
                    "type": "function_call_output",
                    "call_id": call_id,
                    "output": f"Chunk ID: {_rand(rng, '0123456789abcdef', 6)}\nWall time: "
                    f"{rng.uniform(0, 2):.4f} seconds\nProcess exited with code 0\n"
                    f"Original token count: {len(output) // 4}\nOutput:\n{output}",
                },
            )
            total += len(output)
            add(
                "event_msg",
                {
                    "type": "token_count",
                    "info": {
                        "total_token_usage": {
                            "input_tokens": 20000 + total // 4,
                            "cached_input_tokens": total // 5,
                            "output_tokens": 300,
                            "reasoning_output_tokens": 100,
                            "total_tokens": 20300 + total // 4,
                        }
                    },
                    "rate_limits": None,
                },
            )
        for text in turn.assistant[1:]:
            add("event_msg", {"type": "agent_message", "message": text})
            add(
                "response_item",
                {
                    "type": "message",
                    "id": _id(rng, "msg_", 40),
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": text}],
                },
            )
        add("event_msg", {"type": "task_complete", "turn_id": turn_id, "last_agent_message": turn.assistant[-1]})
    return out, ts


# --- the corpus ----------------------------------------------------------------------------


def generate(out: Path, sessions: int = 2000, seed: int = 7) -> dict[str, Any]:
    """Write the corpus under `out` (which must be empty or absent); return its summary."""
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise FileExistsError(f"{out}: not empty; the corpus generator writes only into a fresh folder")
    unique = random.Random(f"{seed}:numbers").sample(range(1000, 1000 + max(10 * sessions, 9000)), sessions)
    needles_f = out / "needles.jsonl"
    out.mkdir(parents=True, exist_ok=True)
    totals = {
        "sessions": sessions,
        "seed": seed,
        CLAUDE_SOURCE: 0,
        CODEX_SOURCE: 0,
        "bytes": 0,
        "long_sessions": 0,
        "sessions_with_secrets": 0,
        "secrets": 0,
    }
    with needles_f.open("w") as nf, (out / "secrets.jsonl").open("w") as sf:
        for i in range(sessions):
            plan, rng = plan_session(i, seed, sessions, unique)
            turns = build_turns(plan, rng)
            start = EPOCH + timedelta(days=SPAN_DAYS * i / max(sessions, 1), seconds=rng.randint(0, 3600))
            project = rng.choice(PROJECTS)
            cwd = f"/home/dev/src/{project}"
            if plan.source == CLAUDE_SOURCE:
                records, end = claude_records(plan, rng, turns, start, cwd)
                slug = re.sub(r"[^A-Za-z0-9]", "-", cwd)
                path = out / "claude" / "projects" / slug / f"{plan.session_id}.jsonl"
            else:
                records, end = codex_records(plan, rng, turns, start, cwd)
                path = (
                    out
                    / "codex"
                    / "sessions"
                    / start.strftime("%Y/%m/%d")
                    / f"rollout-{start.strftime('%Y-%m-%dT%H-%M-%S')}-{plan.session_id}.jsonl"
                )
            path.parent.mkdir(parents=True, exist_ok=True)
            data = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
            path.write_text(data, encoding="utf-8")
            os.utime(path, (end.timestamp(), end.timestamp()))  # in the past: settle never defers
            plan.path = str(path.relative_to(out))
            totals[plan.source] += 1
            totals["bytes"] += len(data.encode("utf-8"))
            totals["long_sessions"] += plan.long
            totals["sessions_with_secrets"] += bool(plan.secrets)
            totals["secrets"] += len(plan.secrets)
            for kind in NEEDLE_KINDS:
                nf.write(
                    json.dumps(
                        {
                            "source": plan.source,
                            "session_id": plan.session_id,
                            "path": plan.path,
                            "kind": kind,
                            "text": plan.needles[kind],
                        }
                    )
                    + "\n"
                )
            for s in plan.secrets:
                sf.write(
                    json.dumps({"source": plan.source, "session_id": plan.session_id, "path": plan.path, **s}) + "\n"
                )
    (out / "corpus.json").write_text(json.dumps(totals, indent=2) + "\n")
    return totals


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--sessions", type=int, default=2000)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args(argv)
    print(json.dumps(generate(a.out, a.sessions, a.seed), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
