"""Secrets on a command line, or in a key file a command printed.

Command-line passwords (`curl -u user:pw`, `mysql -pPW`, `sshpass -p`, `redis-cli -a`,
`docker login -p`, `sqlcmd -P`), `.pgpass` lines, a base64/base64url or hex blob alone on its
line right after a command that prints a key or seed file (`cat ~/.config/x/seed.key`), and a
PowerShell secure string made from plain text. What other commands print is `printed`'s.
"""

from __future__ import annotations

import re

from ..shapes import HEX_RE, random_looking
from ..values import MARKER_START
from .base import RESULT_PREFIX, WORDS_FROM, Scan, before_closing_tag, glued

# In quotes the password runs to the closing quote: it may hold spaces (WordPress's application
# passwords are six groups of four).
_CURL_USER = re.compile(
    r"-(?:u|-(?:proxy-)?user)(?:=|[ \t]+)(?:(?P<q>[\"'])[^\s:\"']*:(?P<qpw>[^\n\"']+)(?P=q)|[^\s:\"']*:(?P<pw>[^\s\"']+)"
    r"|(?P<uq>[\"']?)[^\s:\"']+(?P=uq):(?P<pq>[\"'])(?P<qpw2>[^\n\"']+)(?P=pq))"  # `'user':'pw'`, `user:'pw'`
)


# curl's client certificate and its passphrase after a colon (`--cert file.p12:pass`, `-E file.pem:pass`)
_CERT_PASSPHRASE = re.compile(
    r"(?:--cert|(?<![\w\-])-E)(?:=|[ \t]+)(?P<q>[\"']?)[^\s:\"']+\.(?:p12|pfx|pem|crt|key):(?P<pw>[^\s\"']{3,200})(?P=q)"
)
_LOGIN_BEFORE = re.compile(r"[\s=\"']")  # what stands before the user's name in `-u user:pw`
# A key as the user, with no password or a dummy one the API ignores (`KEY:X` for Freshdesk and
# BambooHR, `TOKEN:api_token` for Toggl), in quotes that may be escaped in a JSON string.
_TOKEN_AS_USER = re.compile(
    r"-(?:u|-user)(?:=|[ \t]+)(?:\\?[\"'])?(?P<token>[A-Za-z0-9_\-+/]{16,200}={0,2}):(?:[xX]|api_token)?(?:\\?[\"'])?"
    r"(?=[\s\\<]|$|\"(?:[\s,}\]]|$))"  # a quote that closes a string, not one that opens a password (`:"$KEY"`)
)


def detect_curl_user(scan: Scan) -> None:
    """`curl -u user:password`, `--user`, and a client certificate's passphrase (`--cert file:pw`)."""
    text = scan.text
    for m in _CURL_USER.finditer(text) if scan.has("-u") else ():
        if glued(text, m.start()):
            continue
        group = "qpw2" if m.group("pq") is not None else "pw" if m.group("q") is None else "qpw"
        if text.endswith("$env:", 0, m.start(group)):
            continue  # PowerShell's `-u $env:NAME`: a variable, not `user:password`
        if text.startswith("//", m.start(group)):
            continue  # sqlmap's `-u "http://…"`: a URL, not `user:password`
        if text.startswith("</", m.start(group)) or MARKER_START in m.group():
            continue  # `-u ${KEY}:</pre>`: the page's tag; `-u "[REDACTED:…]:x"`: a key redacted before
        if _LOGIN_BEFORE.split(text[m.start() : m.start(group)].rstrip("\"':"))[-1] == m.group(group):
            continue  # `-u simplyrets:simplyrets`, `guest:guest`: a login the docs give, its password its name
        if len(m.group(group)) >= 3:
            scan.add(m.start(group), before_closing_tag(text, m.start(group), m.end(group)), "basic_auth")
    for m in _CERT_PASSPHRASE.finditer(text) if scan.has("--cert") or scan.has_cased("-E ") else ():
        scan.add(*m.span("pw"), "password")  # `--cert 'client.p12:<passphrase>'`: the key store's passphrase
    for m in (
        _TOKEN_AS_USER.finditer(text) if scan.has("-u") else ()
    ):  # `-u <key>:`, `-u <key>:X` (Stripe, Mixpanel, Freshdesk)
        if not glued(text, m.start()) and (random_looking(m.group("token"), 16) or HEX_RE.match(m.group("token"))):
            scan.add(*m.span("token"), "basic_auth")


# (command, its password flag, whether the value may follow after a space, the secret's kind)
_CLI = (
    ("mysql", "-p", False, "db_password"),
    ("mariadb", "-p", False, "db_password"),
    ("sshpass", "-p", True, "db_password"),
    ("redis-cli", "-a", True, "db_password"),
    ("docker login", "-p", True, "db_password"),
    ("sqlcmd", "-P", True, "db_password"),
    ("security add-generic-password", "-w", True, "password"),  # macOS keychain items (an app-specific password)
    ("security add-internet-password", "-w", True, "password"),
    # net-snmp's tools (`snmpwalk`, `snmpget`, …): SNMPv3's authentication and privacy passphrases
    ("snmp", "-A", True, "password"),
    ("snmp", "-X", True, "password"),
)
_CLI_RX = [
    (
        cmd,
        spaced,
        kind,
        re.compile(
            re.escape(cmd)
            + r"[\w]*(?![\w-])[^\n|;&]{0,300}?[ \t]"
            + flag
            + r"=?(?P<sp>[ \t]*)(?P<value>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)"
        ),
    )
    for cmd, flag, spaced, kind in _CLI
]


_IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?")
CLI_TRIGGERS = tuple(dict.fromkeys(flag.lower() for _, flag, _, _ in _CLI))  # every match holds its flag


def detect_cli_passwords(scan: Scan) -> None:
    """`mysql -pSECRET`, `sshpass -p SECRET`; a number after `ssh -p` is a port, not matched."""
    text = scan.text
    for cmd, spaced, kind, rx in _CLI_RX:
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
            if _IPV4.fullmatch(text, vs, ve):
                continue  # `snmpwalk … -X 10.40.0.1`: the flag's value missing, the next word the host
            scan.add(vs, ve, kind)


# A setting named for a secret, then the flag that sets its value (`spx config @key --set <key>`,
# `tool settings api_token --value <token>`).
_SETTING_SET = re.compile(
    r"\b(?:config|settings?)[ \t]+(?:set[ \t]+)?@?[\w.\-]*(?:key|secret|token|passw(?:or)?d)[ \t]+"
    r"--?(?:set|value)(?:=|[ \t]+)[\"']?(?P<value>[^\s\"']{6,400})"
)


def detect_setting_values(scan: Scan) -> None:
    """The value a `--set` gives a setting that names a secret."""
    for m in _SETTING_SET.finditer(scan.lower):
        value = scan.text[m.start("value") : m.end("value")]
        if not value.startswith(("$", "%", "{")):  # `$KEY`, `%KEY%`, `{{ key }}`: a reference
            scan.add(*m.span("value"), "argument")


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
    r"(?:^|[\s;&|(>$\"])(?:cat|head|tail|type|get-content|gc|more|less|bat|nl|xxd|base64)[ \t](?![^\n]*\.pub\b)[^\n]*?"
    r"(?:key|seed|secret|token|cred|passw|activation|\.pem|\.jwk|\.p8|\.sec\b|id_[a-z0-9]+)[^\n]*$"
)
# The same on every line of a short text at once: where no line prints a key file, no blob is
# one (a key block alone reads every line back six times); asked only of a text with a blob line,
# as in prose `more `, `less ` or `type ` start a search to the end of a long line.
_PRINTS_KEY_FILE_ANYWHERE = re.compile(_PRINTS_KEY_FILE.pattern, re.M)
_BLOB_TABLE = bytes(
    ord("a") if chr(i).isascii() and (chr(i).isalnum() or chr(i) in "+/_-") else ord(" ") for i in range(256)
)
_BLOB_LINE = re.compile(  # after a segment's tool-result prefix too: a key's first line stands there
    RESULT_PREFIX
    + r"[ \t]*(?:[A-Za-z0-9+/]{40,}={0,2}|[A-Za-z0-9_\-]{40,}={0,2}|[0-9a-fA-F]{32,})[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?"
)
# After a blob on its line: padding, then what closes a JSON string or an HTML element the
# output was quoted in (`…08d"}`, `…08d</pre>`).
_AFTER_BLOB = re.compile(r"[= \t\r]*[\"'}\],]*(?:</\w{1,10}>)?(?:\n|$)")
# blank or comment lines in the printed file (signify's and minisign's first line is `untrusted comment: …`)
_SKIPPABLE = re.compile(r"[ \t]*(?:#.*|" + RESULT_PREFIX + r"untrusted comment:(?!.*public key).*)?\r?")


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


# PowerShell's `ConvertTo-SecureString 'pw' -AsPlainText`: the literal is the password (or a PIN).
_SECURE_STRING = re.compile(
    r"convertto-securestring[ \t]+(?:-string[ \t]+)?(?P<q>[\"'])(?P<value>[^\"'\n]{1,400})(?P=q)[^\n]*-asplaintext"
)


def detect_secure_strings(scan: Scan) -> None:
    """The literal made a secure string from plain text."""
    for m in _SECURE_STRING.finditer(scan.lower):
        scan.add(*m.span("value"), "password")


# A token as an SSH login's user (Pinggy's `ssh -p 443 -R0:localhost:3000 <token>@a.pinggy.io`):
# a tunnel service signs in by it. People's and services' users are names (`git@`, `ec2-user@`).
_SSH_USER = re.compile(r"(?<![\w@.\-])(?P<user>[A-Za-z0-9_\-]{20,100})@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+")
_SSH_COMMAND = re.compile(r"(?:^|[\s;&|(\"'$])(?:ssh|autossh)[ \t]")


def detect_ssh_token_users(scan: Scan) -> None:
    """A generated token as the user of an `ssh` command's destination."""
    for start, end in scan.lines_with("ssh "):
        command = _SSH_COMMAND.search(scan.text, start, end)
        if command is None:
            continue
        for m in _SSH_USER.finditer(scan.text, command.end(), end):
            if random_looking(m.group("user"), 20):
                scan.add(*m.span("user"), "ssh_token")
