"""Secrets on a command line or in what a command printed.

Command-line passwords (`curl -u user:pw`, `mysql -pPW`, `sshpass -p`, `redis-cli -a`,
`docker login -p`, `sqlcmd -P`), `.pgpass` lines, a base64/base64url or hex blob alone on its
line right after a command that prints a key or seed file (`cat ~/.config/x/seed.key`), and the
value alone on the line after a command that prints a secret (`op read`, `openssl rand`).
"""

from __future__ import annotations

import re

from .base import WORDS_FROM, Scan, glued

_CURL_USER = re.compile(r"-(?:u|-user)(?:=|[ \t]+)(?P<q>[\"']?)(?P<user>[^\s:\"']*):(?P<pw>[^\s\"']+)(?P=q)")


def detect_curl_user(scan: Scan) -> None:
    """`curl -u user:password` and `--user`."""
    text = scan.text
    for m in _CURL_USER.finditer(text):
        if glued(text, m.start()):
            continue
        if len(m.group("pw")) >= 3:
            scan.add(m.start("pw"), m.end("pw"), "basic_auth")


# (command, its password flag, whether the value may follow after a space)
_CLI = (
    ("mysql", "-p", False),
    ("mariadb", "-p", False),
    ("sshpass", "-p", True),
    ("redis-cli", "-a", True),
    ("docker login", "-p", True),
    ("sqlcmd", "-P", True),
)
_CLI_RX = [
    (
        cmd,
        spaced,
        re.compile(
            re.escape(cmd)
            + r"[\w]*(?![\w-])[^\n|;&]{0,300}?[ \t]"
            + flag
            + r"(?P<sp>[ \t]*)(?P<value>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)"
        ),
    )
    for cmd, flag, spaced in _CLI
]


CLI_TRIGGERS = tuple(dict.fromkeys(flag.lower() for _, flag, _ in _CLI))  # every match holds its flag


def detect_cli_passwords(scan: Scan) -> None:
    """`mysql -pSECRET`, `sshpass -p SECRET`; a number after `ssh -p` is a port, not matched."""
    text = scan.text
    for cmd, spaced, rx in _CLI_RX:
        if not scan.has_cased(cmd):
            continue
        for m in rx.finditer(text):
            if glued(text, m.start()):
                continue
            if m.group("sp") and not spaced:
                continue  # `mysql -p dbname`: -p prompts, the next word is a database
            vs, ve = m.span("value")
            if text[vs] in "'\"":
                vs, ve = vs + 1, ve - 1
            scan.add(vs, ve, "db_password")


_PGPASS = re.compile(
    r"(?m)(?:^|(?<=[\s\"']))[A-Za-z0-9_.\-*]+:(?:\d{1,5}|\*):[A-Za-z0-9_.\-*]+:[A-Za-z0-9_.\-*@]+:(?P<pw>[^\s\"']+)"
)


def detect_pgpass(scan: Scan) -> None:
    """`hostname:port:database:username:password` lines where the text names .pgpass."""
    for m in _PGPASS.finditer(scan.text):
        scan.add(m.start("pw"), m.end("pw"), "password")


# A command that prints a file whose name says key, seed, secret, token or credentials (also as a
# tool call's JSON argument: `{"command":"cat config/master.key"}`).
_PRINTS_KEY_FILE = re.compile(
    r"(?:^|[\s;&|(>$\"])(?:cat|head|tail|type|get-content|gc|more|less|bat|nl|xxd)[ \t][^\n]*?"
    r"(?:key|seed|secret|token|cred|passw|\.pem|\.jwk|\.p8|id_[a-z0-9]+)[^\n]*$"
)
# The same on every line of a short text at once: where no line prints a key file, no blob is
# one (a key block alone reads every line back six times); asked only of a text with a blob line,
# as in prose `more `, `less ` or `type ` start a search to the end of a long line.
_PRINTS_KEY_FILE_ANYWHERE = re.compile(_PRINTS_KEY_FILE.pattern, re.M)
_BLOB_TABLE = bytes(
    ord("a") if chr(i).isascii() and (chr(i).isalnum() or chr(i) in "+/_-") else ord(" ") for i in range(256)
)
_BLOB_LINE = re.compile(
    r"[ \t]*(?:[A-Za-z0-9+/]{40,}={0,2}|[A-Za-z0-9_\-]{40,}={0,2}|[0-9a-fA-F]{32,})[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?"
)
# After a blob on its line: padding, then what closes a JSON string or an HTML element the
# output was quoted in (`…08d"}`, `…08d</pre>`).
_AFTER_BLOB = re.compile(r"[= \t\r]*[\"'}\],]*(?:</\w{1,10}>)?(?:\n|$)")
_SKIPPABLE = re.compile(r"[ \t]*(?:#.*)?\r?")  # blank or comment lines in the printed file


def _alone_before(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] == "\n"


def _alone_after(text: str, end: int) -> bool:
    return _AFTER_BLOB.match(text, end) is not None


def detect_key_file_blobs(scan: Scan) -> None:
    """A blob alone on its line after `cat`/`head`/`type`/`Get-Content` of a key or seed file."""
    text, lower = scan.text, scan.lower
    # What a line above says, by where it starts: the lines of a key block each look back over
    # the same few lines, which are read once.
    above: dict[int, tuple[bool, bool]] = {}
    printed = None  # whether any line prints a key file, asked at the first blob line
    for start, end in scan.runs(_BLOB_TABLE, 32):
        if not (_alone_before(text, start) and _alone_after(text, end)):
            continue
        ls, le = scan.line_at(start)
        line = text[ls:le]
        if not _BLOB_LINE.fullmatch(line) or not any(map(str.isdigit, line)):
            continue
        if printed is None:  # a long text reads only the lines above its blob lines
            printed = len(lower) >= WORDS_FROM or _PRINTS_KEY_FILE_ANYWHERE.search(lower) is not None
        if not printed:
            return
        prev_end = ls - 1
        for _ in range(6):  # look back over blank, comment and other blob lines
            if prev_end < 0:
                break
            ps = lower.rfind("\n", 0, prev_end) + 1
            said = above.get(ps)
            if said is None:
                prev = lower[ps:prev_end]
                said = above[ps] = (
                    _PRINTS_KEY_FILE.search(prev) is not None,
                    bool(_SKIPPABLE.fullmatch(prev) or _BLOB_LINE.fullmatch(prev)),
                )
            prints, passes = said
            if prints:
                blob_end = end
                while text.startswith("=", blob_end):
                    blob_end += 1  # base64 padding
                scan.add(start, blob_end, "key_file")
                break
            if not passes:
                break
            prev_end = ps - 1


# Commands whose output is a secret's value: a store read back in plain (`doppler secrets get X
# --plain`, `op read op://…`, `vault kv get -field=`, `gcloud secrets versions access`, a Secret's
# data decoded), a variable that names one echoed, and key generators (`openssl rand -hex 32`).
# Each found by a literal it starts with or holds, looked for first (most texts hold none).
_PRINTS_SECRET = tuple(
    (literal, re.compile(pattern))
    for literal, pattern in (
        ("secret", r"secrets?[ \t]+get\b[^\n]*--plain|get-secret-value[^\n]*text|secrets[ \t]+versions[ \t]+access"
         r"|keyvault[ \t]+secret[ \t]+show[^\n]*tsv|secret[^\n]*base64[ \t]+(?:-d|--decode)|secret-tool[ \t]+lookup"),
        ("op read", r"\bop[ \t]+read[ \t]"),
        ("vault", r"vault[ \t]+(?:kv[ \t]+get|read)[ \t][^\n]*-field[= ]"),
        ("get-parameter", r"get-parameters?[^\n]*decrypt[^\n]*text"),
        ("config:get", r"config:get[ \t]"),
        ("pass show", r"\b(?:go)?pass[ \t]+show[ \t]"),
        ("find-generic", r"find-generic-password[^\n]*-w"),
        ("bw get", r"\bbw[ \t]+get[ \t]+password"),
        ("lpass", r"lpass[ \t]+show[^\n]*--password"),
        ("openssl rand", r"openssl[ \t]+rand[ \t]"),
        ("urandom", r"/dev/urandom"),
        ("pwgen", r"\bpwgen\b"),
        ("token_", r"token_(?:hex|urlsafe)\("),
        ("echo", r"echo[ \t]+[\"']?\$\{?[a-z0-9_]*(?:token|secret|passw(?:or)?d|pwd|api_?key|private_key)\b"),
        ("printenv", r"printenv[ \t]+[a-z0-9_]*(?:token|secret|passw(?:or)?d|pwd|api_?key|private_key)\b"),
        ("--query", r"--query[ \t=]+\S*(?:secret|token|password|key)\S*[^\n]*--output[ \t=]+text"
         r"|--output[ \t=]+text[^\n]*--query[ \t=]+\S*(?:secret|token|password|key)"),
        ("print-", r"print-(?:access|identity)-token"),
    )
)  # fmt: skip
PRINTS_SECRET_TRIGGERS = tuple(literal for literal, _ in _PRINTS_SECRET)
# The output line, the next one: one value alone (no `NAME=`, no path), after our segment's
# `tool result: <tool>: ` when it is one, before what closes a JSON string or an HTML element.
_PRINTED_VALUE = re.compile(
    r"(?:\[[^\]\n]{1,40}\][ \t]+\w+:[ \t]+tool result:[ \t]+[\w.\-]+:[ \t]+)?[ \t]*"
    r"(?P<value>[^\s\"'`=/][^\s\"'`=]{7,400}={0,2})[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?"
)


# The same value said after the command on its line (`… `openssl rand -hex 16` is 21c1…`).
_SAID_AFTER = re.compile(
    r"[^\n`\"'()]{0,30}`?[,;]?(?:[ \t]+[a-z]+){0,3}?[ \t]*(?:(?:is|was|gave|printed|returned)[ \t]|[:=→][ \t]*|->[ \t]*)"
    r"[\"'`]?(?P<value>[A-Za-z0-9+=_\-][A-Za-z0-9+/=_\-]{15,400})"
)


def detect_printed_secrets(scan: Scan) -> None:
    """The value alone on the line after a command that prints a secret (`op read op://…` then the
    password), or said after it on its line: the command says what the value is."""
    text, lower = scan.text, scan.lower
    found = [m for literal, rx in _PRINTS_SECRET if scan.has(literal) for m in rx.finditer(lower)]
    for m in found:
        said = _SAID_AFTER.match(text, m.end())
        if said is not None:  # prose: "… `openssl rand -hex 16` is 21c1…"
            scan.add(said.start("value"), said.end("value"), "printed_secret")
            continue
        line_end = text.find("\n", m.end())
        while line_end != -1 and lower.startswith("warning", line_end + 1):
            line_end = text.find("\n", line_end + 1)  # a notice the tool printed before the value
        if line_end == -1:
            continue
        nxt = text.find("\n", line_end + 1)
        printed = _PRINTED_VALUE.fullmatch(text, line_end + 1, len(text) if nxt == -1 else nxt)
        if printed is not None:
            scan.add(printed.start("value"), printed.end("value"), "printed_secret")
