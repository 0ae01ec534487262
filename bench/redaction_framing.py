"""The labelled lines as transcripts show them: behind line numbers, grep's `path:12:`, a diff's
`+`, inside a segment's `[time] role:` lines, as a tool call's JSON argument.

A labelled line is bare text, but in a session it reaches the redactor framed: a file an agent
read comes numbered (`    12→`), a search result starts with `path:12:`, a command is a tool
call's JSON string and its output the next message of the segment. A rule that reads a line
from its start, or a word after a prompt, can miss what a frame puts before it; an escape
(`\\n`, `\\"`) can glue a look-alike to a word. So every labelled line is framed each way below,
and scored against itself bare: a secret caught bare must be caught framed, a look-alike kept
bare must be kept framed. No line is written for a framing: the framings only rearrange the
labelled corpus, so a rule tuned to one framing's lines has nothing to tune on.

    .venv/bin/python -m bench.redaction_framing
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.redaction_loso import ROUND3, Line, caught, load, load_earlier
from jezero_pipeline.redaction import Redactor

AT = "[2026-05-10 00:41]"  # a segment line's time, as `sessions.rendering` writes it


def _lines(prefix: Callable[[int], str]) -> Callable[[str], str]:
    return lambda text: "\n".join(prefix(i) + line for i, line in enumerate(text.split("\n")))


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))  # as our connectors render


def _tool_call(text: str) -> str:
    """A one-line command as a Bash tool call's JSON argument (its `$ ` prompt dropped)."""
    command = text[2:] if text.startswith("$ ") else text
    return f"{AT} assistant: tool call: Bash " + _json({"command": command, "description": "Run it"})


def _call_and_result(text: str) -> str:
    """`$ cmd` and its output as a tool call and the tool result after it."""
    command, _, output = text.partition("\n")
    return _tool_call(command) + f"\n{AT} assistant: tool result: Bash: {output}"


# name -> (what it frames: every line, or only lines of one shape; the framing)
Framings = dict[str, tuple[Callable[[str], bool], Callable[[str], str]]]
FRAMINGS: Framings = {
    "file reader `    12→`": (bool, _lines(lambda i: f"{12 + i:6d}→")),
    "cat -n `    12\\t`": (bool, _lines(lambda i: f"{12 + i:6d}\t")),
    "grep `path:12:`": (bool, _lines(lambda i: f"config/app.env:{12 + i}:")),
    "numbered `  12 │ `": (bool, _lines(lambda i: f"  {12 + i} │ ")),
    "diff `+`": (bool, _lines(lambda i: "+")),
    "quote `> `": (bool, _lines(lambda i: "> ")),
    "list `- `": (bool, _lines(lambda i: "- ")),
    "log time and level": (bool, _lines(lambda i: "2026-12-07T01:22:33Z INFO ")),
    "indented": (bool, _lines(lambda i: "    ")),
    "code fence": (bool, lambda text: "```\n" + text + "\n```"),
    "CRLF line ends": (bool, lambda text: text.replace("\n", "\r\n") + "\r\n"),
    "between prose": (bool, lambda text: f"I ran this and it printed:\n{text}\nThat looks right."),
    "segment: user message": (bool, lambda text: f"{AT} user: {text}"),
    "segment: tool result": (bool, lambda text: f"{AT} assistant: tool result: Bash: {text}"),
    "segment: tool call (one-line text)": (lambda text: "\n" not in text, _tool_call),
    "segment: call and result (`$ cmd` + output)": (
        lambda text: text.startswith("$ ") and "\n" in text,
        _call_and_result,
    ),
    "segment: `shell:` line (one-line command)": (
        lambda text: text.startswith("$ ") and "\n" not in text,
        lambda text: f"{AT} assistant: shell: {text[2:]}",
    ),
    "inside a JSON string": (bool, lambda text: '{"type":"tool_result","content":' + _json(text) + "}"),
}


# Framings written after the rules were built from FRAMINGS, then scored once before any rule
# changed for them: of 10,332 framed secrets caught bare 74 were lost, of 7,388 look-alikes 40
# were altered (before the framing work: 168 and 43). The rules were widened after that score
# (more gutter shapes, a closing tag ends a value, a gutter is no label, a `$ ` prompt anywhere,
# a JSON list's strings read as lines), so these are no longer unseen; bench/REDACTION.md gives
# the score now.
HELD_OUT: Framings = {
    "rg --vimgrep `path:12:5:`": (bool, _lines(lambda i: f"src/settings.py:{12 + i}:5:")),
    "nl -ba `    12  `": (bool, _lines(lambda i: f"{12 + i:6d}  ")),
    "less -N `     12 `": (bool, _lines(lambda i: f"{12 + i:7d} ")),
    "PowerShell Select-String `path:12:`": (bool, _lines(lambda i: f"C:\\app\\.env:{12 + i}:")),
    "docker compose `web-1  | `": (bool, _lines(lambda i: "web-1  | ")),
    "kubectl `[pod/api-7d9f/api] `": (bool, _lines(lambda i: "[pod/api-7d9f5/api] ")),
    "GitHub Actions log time": (bool, _lines(lambda i: "2026-12-07T01:22:33.1234567Z ")),
    "syslog `Dec  7 01:22:33 host app[42]: `": (bool, _lines(lambda i: "Dec  7 01:22:33 host app[42]: ")),
    "Python REPL `>>> `": (bool, _lines(lambda i: ">>> " if i == 0 else "... ")),
    "Markdown table cell": (lambda text: "\n" not in text, lambda text: f"| value | {text} |"),
    "HTML `<pre>`": (bool, lambda text: f"<pre>{text}</pre>"),
    "JSON list of lines": (bool, lambda text: _json(text.split("\n"))),
    "tail `==> file <==`": (bool, lambda text: f"==> /var/log/app.log <==\n{text}"),
    "nested quote `> > `": (bool, _lines(lambda i: "> > ")),
}


def framed_secret(framing: str, secret: str) -> str:
    """How the secret is written in the framed text (escaped inside a JSON string)."""
    if framing in ("inside a JSON string", "JSON list of lines") or framing.startswith("segment: tool call"):
        return _json(secret)[1:-1]
    return secret


def labelled() -> list[Line]:
    """Every labelled line: the earlier rounds, round 3's tuning and held-out lines."""
    return (
        load_earlier() + load("tune.jsonl") + [r for p in sorted(ROUND3.glob("heldout*.jsonl")) for r in load(p.name)]
    )


def score(redactor: Redactor, lines: list[Line], framings: Framings) -> list[tuple[str, int, int, int, int]]:
    """Per framing: (name, secrets caught bare, of them caught framed, look-alikes kept bare,
    of them kept framed), over the lines the framing applies to."""
    rows = []
    for name, (applies, frame) in framings.items():
        bare_caught = framed_caught = bare_kept = framed_kept = 0
        for line in lines:
            if not applies(line.text):
                continue
            framed = frame(line.text)
            if line.secret:
                if caught(redactor, line):
                    bare_caught += 1
                    framed_caught += caught(redactor, Line(framed, framed_secret(name, line.secret), line.source))
            elif redactor.redact(line.text)[0] == line.text:
                bare_kept += 1
                framed_kept += redactor.redact(framed)[0] == framed
        rows.append((name, bare_caught, framed_caught, bare_kept, framed_kept))
    return rows


def framed(lines: list[Line], framings: Framings) -> list[tuple[str, Line, str]]:
    """(framing, line, framed text) for every line each framing applies to."""
    return [
        (name, line, frame(line.text))
        for name, (applies, frame) in framings.items()
        for line in lines
        if applies(line.text)
    ]


def score_outputs(
    lines: list[Line], bare: list[str], work: list[tuple[str, Line, str]], outputs: list[str]
) -> dict[str, tuple[int, int, int, int]]:
    """`score` for a redactor known only by its outputs (Jezero 0.1.0, which gives no spans): a
    secret counts as caught when it is gone from the output, a look-alike as kept when its text
    is unchanged. `bare` holds the outputs of `lines`, `outputs` those of `work`'s texts."""
    gone = {line.text: line.secret is not None and line.secret not in out for line, out in zip(lines, bare)}
    same = {line.text: line.secret is None and out == line.text for line, out in zip(lines, bare)}
    rows: dict[str, list[int]] = {}
    for (name, line, text), out in zip(work, outputs):
        row = rows.setdefault(name, [0, 0, 0, 0])
        if gone[line.text]:
            row[0] += 1
            row[1] += framed_secret(name, line.secret or "") not in out
        elif same[line.text]:
            row[2] += 1
            row[3] += out == text
    return {name: (a, b, c, d) for name, (a, b, c, d) in rows.items()}


def markdown(
    rows: list[tuple[str, int, int, int, int]], theirs: dict[str, tuple[int, int, int, int]] | None = None
) -> str:
    head = "| framing | secrets caught bare, still caught framed | look-alikes kept bare, still kept framed |"
    rule = "|---|---:|---:|"
    if theirs is not None:
        head += " Jezero: secrets gone bare, still gone framed | Jezero: look-alikes unchanged bare, still unchanged |"
        rule += "---:|---:|"
    out = [head, rule]
    for name, bc, fc, bk, fk in rows:
        row = f"| {name} | {fc}/{bc} | {fk}/{bk} |"
        if theirs is not None:
            jb, jf, jk, jkf = theirs.get(name, (0, 0, 0, 0))
            row += f" {jf}/{jb} | {jkf}/{jk} |"
        out.append(row)
    return "\n".join(out)


def main() -> int:
    lines = labelled()
    print(markdown(score(Redactor(), lines, FRAMINGS)))
    print()
    print(markdown(score(Redactor(), lines, HELD_OUT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
