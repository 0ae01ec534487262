"""Shell commands in tool calls: split them, drop read-only ones (Jezero's list), render the rest.

One rule for every agent: a call of an agent's shell tool whose every command only looks at
things (`cat`, `rg`, `git status`...) is dropped unless `keep_read_only_commands`. Codex
renders what is left as `shell: cmd ; cmd`; the other agents keep their `tool call:` line.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

# shell commands and patches as one line (codex; reusable by any agent with a shell tool) -----

# Jezero drops these read-only commands (unless keep_read_only_commands); `cd` alone is dropped
# too since it changes nothing. Filters may follow a read-only command in a pipeline.
READ_ONLY_COMMANDS = frozenset(
    {"sed", "rg", "grep", "cat", "head", "tail", "ls", "nl", "wc", "find", "pwd", "tree", "stat", "file", "which", "cd"}
)
READ_ONLY_GIT = frozenset({"status", "diff", "log", "show", "branch", "rev-parse", "ls-files"})
PIPE_FILTERS = frozenset({"sort", "uniq", "cut", "tr", "column", "head", "tail", "wc", "grep", "rg", "nl"})
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_0-9]+)\1")
_PATCH_FILE = re.compile(r"^\*\*\* (Update|Add|Delete) File: (.+?)\s*$", re.M)


def split_shell(cmd: str) -> list[str]:
    """Top-level commands of a shell line: split at `;`, `&&`, `||`, `&` and newlines, never
    inside quotes, `$(…)`/`(…)` or heredoc bodies (which are left out). Pipelines stay whole."""
    segments: list[str] = []
    cur: list[str] = []
    quote: str | None = None
    depth = 0
    heredocs: list[str] = []
    i, n = 0, len(cmd)

    def flush() -> None:
        text = "".join(cur).strip()
        if text:
            segments.append(text)
        cur.clear()

    while i < n:
        c = cmd[i]
        if quote:
            cur.append(c)
            if c == "\\" and quote == '"' and i + 1 < n:
                cur.append(cmd[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if c == "\\" and i + 1 < n:
            cur.append(cmd[i : i + 2])
            i += 2
            continue
        if c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif depth:
            pass
        elif c == "<" and cmd.startswith("<<", i) and not cmd.startswith("<<<", i):
            m = _HEREDOC.match(cmd, i)
            if m:
                heredocs.append(m.group(2))
                cur.append(m.group(0))
                i = m.end()
                continue
        elif c == "\n":
            flush()
            i += 1
            for delim in heredocs:  # skip each heredoc body up to its delimiter line
                while i < n:
                    end = cmd.find("\n", i)
                    end = n if end == -1 else end
                    line = cmd[i:end]
                    i = end + 1
                    if line.strip() == delim:
                        break
            heredocs.clear()
            continue
        elif cmd.startswith("&&", i) or cmd.startswith("||", i):
            flush()
            i += 2
            continue
        elif c == ";" or (c == "&" and not (cmd[i - 1 : i] in (">", "<") or cmd[i + 1 : i + 2] == ">")):
            flush()
            i += 1
            continue
        cur.append(c)
        i += 1
    flush()
    return segments


def is_read_only_command(segment: str) -> bool:
    """True for a pipeline of read-only commands (and filters) that writes no file."""
    try:
        lexer = shlex.shlex(segment, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:
        return False
    stages: list[list[str]] = [[]]
    for i, tok in enumerate(tokens):
        if tok == "|":
            stages.append([])
        elif tok in (">", ">>", "&>", "&>>", ">|") and (tokens[i + 1 : i + 2] or [""])[0] != "/dev/null":
            return False
        else:
            stages[-1].append(tok)
    for n, stage in enumerate(stages):
        words = [w for w in stage if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", w)] if stage else []
        if not words:
            return False
        name = words[0].rsplit("/", 1)[-1]
        args = words[1:]
        if n > 0 and name in PIPE_FILTERS and name != "sed":
            continue
        if name == "sed":
            if "-n" not in args or any(a.startswith("-i") or a == "--in-place" for a in args):
                return False
        elif name == "find":
            if any(a in ("-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint") for a in args):
                return False
        elif name == "git":
            sub = _git_subcommand(args)
            if sub not in READ_ONLY_GIT:
                return False
        elif name not in READ_ONLY_COMMANDS:
            return False
    return True


def _git_subcommand(args: list[str]) -> str | None:
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-C", "-c", "--git-dir", "--work-tree", "--namespace"):
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        return a
    return None


def render_shell(cmd: str, keep_read_only: bool, cut: Any = None) -> str | None:
    """`shell: cmd ; cmd` with read-only commands dropped; None when nothing is left."""
    segments = split_shell(cmd)
    if not keep_read_only:
        segments = [s for s in segments if not is_read_only_command(s)]
    if not segments:
        return None
    text = " ; ".join(" ".join(s.split()) if "\n" not in s else s.replace("\n", " ") for s in segments)
    return f"shell: {cut(text) if cut else text}"


# Every agent's shell tool, by the name its transcripts give it (compared lower-cased).
SHELL_TOOLS = frozenset(
    {
        "bash",  # Claude Code `Bash`, OpenCode `bash`
        "shell",  # Codex, Kiro
        "run_terminal_cmd",  # Grok
        "run_shell_command",  # Gemini CLI
        "terminal",  # Hermes
        "execute_bash",  # Kiro (older builds)
        "executebash",
        "run_command",  # Antigravity
        "exec_command",
        "shell_command",
        "local_shell",
        "container.exec",
        "execute",  # an ACP tool call of kind `execute` (Grok's stream)
    }
)
_COMMAND_KEYS = ("command", "cmd", "CommandLine", "commandLine", "script")


def command_of(args: Any) -> str | None:
    """The shell command a tool call runs: `{command: "…"}`, `{cmd: […]}`, a JSON string of
    either, or `[bash, -lc, cmd]`; None when the arguments name no command."""
    if isinstance(args, str):
        try:
            decoded = json.loads(args)
        except ValueError:
            return args if args.strip() else None
        return command_of(decoded) if isinstance(decoded, (dict, list)) else None
    if isinstance(args, list):
        words = [str(w) for w in args]
        if len(words) >= 3 and words[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh") and words[1] in ("-lc", "-c"):
            return words[2]
        return shlex.join(words) if words else None
    if isinstance(args, dict):
        for key in _COMMAND_KEYS:
            if key in args and args[key] is not None:
                return command_of(args[key]) if isinstance(args[key], list) else str(args[key])
    return None


def is_read_only_call(name: str, args: Any) -> bool:
    """True for a shell-tool call whose every command is read-only (the one rule for all agents)."""
    if name.lower() not in SHELL_TOOLS:
        return False
    cmd = command_of(args)
    if cmd is None:
        return False
    segments = split_shell(cmd)
    return bool(segments) and all(is_read_only_command(s) for s in segments)


def render_patch(patch: str) -> str | None:
    """`patch: update a.py ; add b.py` from an apply_patch body; None when it names no file."""
    files = [f"{op.lower()} {path}" for op, path in _PATCH_FILE.findall(patch)]
    return f"patch: {' ; '.join(files)}" if files else None
