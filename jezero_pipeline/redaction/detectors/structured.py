"""Secret names in structured forms, where the name does not stand right before its value.

A name under one key and its value under the next (a Kubernetes or ECS `env` entry, a password
manager's field), a shell default (`${API_TOKEN:-…}`), netrc's `password X` after `machine` and
`login`, and XML (`<password>…</password>`, `<add key="…Password" value="…"/>`). The value is
decided as `names.value_ok` decides a value written after its name.
"""

from __future__ import annotations

import re

from .base import Scan, glued
from .names import TRAIL, VALUE, public_name, report

# A name and its value under two keys of one entry: a Kubernetes or ECS `env` entry (`- name: X` and
# `value: …` on the next line, or `{"name": "X", "value": "…"}`), CloudFormation's
# `ParameterKey=X,ParameterValue=…`, a password manager's field (`"label": "password", "value"`),
# a key/value tag or setting.
# Found from the value's key (`value`, a literal first: the text is searched for it at C speed),
# then the entry's name looked for in the stretch right before it.
_VALUE_KEY = re.compile(r"(?:parameter|secret)?value[\"']?[ \t]*[:=][ \t]*" + VALUE)
_NAME_KEY_BEFORE = re.compile(
    r"(?:^|(?<=[\s{,\[\-]))[\"']?(?:name|key|label|parameterkey|parametername|secretkey)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"(?P<name>[a-z0-9_.\-]{2,80})[\"']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*(?:-[ \t]+)?)[\"']?$"
)
_NAME_REACH = 160


# A command's `--name NAME --value VALUE` (`az keyvault secret set`, `aws ssm put-parameter`,
# `envman add --key`), one option allowed between them.
_FLAG_PAIR = re.compile(
    r"--(?:name|key)[ \t=]+[\"']?(?P<name>[\w./\-]{2,120})[\"']?[ \t]+(?:--?[\w\-]+(?:[ \t=]+[^\s\-]\S*)?[ \t]+)?"
    r"--value[ \t=]+" + VALUE
)


def detect_name_value_pairs(scan: Scan) -> None:
    """A secret whose name stands under its own key, its value under the next (`- name: DB_PASSWORD`
    then `value: "…"`, `--name db-password --value …`): the name decides as it does written before
    the value."""
    lower = scan.lower
    if scan.has("--value"):
        for m in _FLAG_PAIR.finditer(lower):
            _report(scan, m.group("name"), m)
    at = lower.find("value")
    while at != -1:
        key = at - 9 if lower.endswith("parameter", 0, at) else at - 6 if lower.endswith("secret", 0, at) else at
        m = _VALUE_KEY.match(lower, key)
        entry = _NAME_KEY_BEFORE.search(lower, max(0, key - _NAME_REACH), key) if m else None
        at = lower.find("value", at + 5)
        if entry is None:
            continue
        _report(scan, entry.group("name"), m)


def _report(scan: Scan, name: str, m: re.Match[str]) -> None:
    """The value `m` holds (its `VALUE` groups), when `name` says secret and the value is one."""
    if not _SECRET_NAME.search(name) or public_name(name):
        return
    text = scan.text
    quoted = m.group("q") is not None
    vs, ve = m.span("qv") if quoted else m.span("value")
    if not quoted:
        while ve > vs and text[ve - 1] in TRAIL:
            ve -= 1
    report(scan, name, "=", vs, ve, quoted)


_SHELL_DEFAULT = re.compile(r"\$\{(?P<name>[a-z0-9_.\-]{1,80}?)(?::?[-=]|:)(?P<value>[^}\n]{1,400})\}")
_SECRET_NAME = re.compile(
    r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|credentials?|key|auth)s?$|(?:^|[_\-.])(?:pass|pwd)s?$"
)


def detect_shell_defaults(scan: Scan) -> None:
    """`${API_TOKEN:-value}`, `${DB_PASSWORD:=value}`, Spring `${db.password:value}`."""
    if not scan.has("${"):
        return
    for m in _SHELL_DEFAULT.finditer(scan.lower):
        name = m.group("name")
        if not _SECRET_NAME.search(name) or public_name(name):
            continue
        vs, ve = m.span("value")
        value = scan.text[vs:ve]
        if value.startswith("?"):
            continue  # `${VAR:?message}`: the message printed when VAR is unset
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) >= 2:
            vs, ve = vs + 1, ve - 1
        report(scan, name, "=", vs, ve, True)


_NETRC_PASSWORD = re.compile(r"password[ \t]+(?P<value>[^\s]+)")
_NETRC_CONTEXT = re.compile(r"(?:^|\s)(?:machine[ \t]+\S+|default)(?:\s|$)")
_NETRC_LOGIN = re.compile(r"(?:^|\s)login[ \t]+\S+")


def detect_netrc(scan: Scan) -> None:
    """netrc's `machine H login L password P`, on one line or on the lines after `machine`."""
    lower = scan.lower
    if not scan.has("login"):
        return
    for m in _NETRC_PASSWORD.finditer(lower):
        if glued(lower, m.start()) or lower[m.start() - 1 : m.start()] == "-":
            continue
        window_start = m.start()
        for _ in range(4):  # this line and up to three before it
            window_start = lower.rfind("\n", 0, max(0, window_start - 1)) + 1
            if window_start == 0:
                break
        window = lower[window_start : m.start()]
        if _NETRC_CONTEXT.search(window) and _NETRC_LOGIN.search(window):
            vs, ve = m.span("value")
            scan.add(vs, ve, "password")


_XML_ELEMENT = re.compile(
    r"<(?P<name>[a-z0-9_.:\-]{0,40}(?:password|passwd|passphrase|secret|token|apikey|api[_\-]key))>"
    r"(?P<value>[^<\n]{1,400})</(?P=name)>"  # closed by its own tag: `<user:password> x</pre>` is no element
)
_XML_ADD = re.compile(r"<add\s+key=\"(?P<name>[^\"]{1,80})\"\s+value=\"(?P<value>[^\"\n]{1,400})\"")


# A property list's `<key>CodePushDeploymentKey</key>` and the `<string>…</string>` after it.
_PLIST = re.compile(r"<key>(?P<name>[^<\n]{1,80})</key>\s{0,40}<string>(?P<value>[^<\n]{1,400})</string>")


XML_TRIGGERS = ("</", "<add")


def detect_xml(scan: Scan) -> None:
    """`<password>…</password>` (Maven settings.xml), `<add key="…Password" value="…"/>` (.NET) and
    a property list's `<key>…Key</key><string>…</string>` (iOS, macOS)."""
    for literal, rx in (("</", _XML_ELEMENT), ("<add", _XML_ADD), ("<key>", _PLIST)):
        if not scan.has(literal):
            continue
        for m in rx.finditer(scan.lower):
            name = m.group("name")
            if rx is not _XML_ELEMENT and not _SECRET_NAME.search(name):
                continue
            report(scan, name, "=", *m.span("value"), True)
