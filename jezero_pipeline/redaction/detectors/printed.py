"""Secrets a command printed: the value alone on a line after a command that shows one.

A store read back (`op read`, `vault kv get -field=`), a generator (`openssl rand`,
`Fernet.generate_key()`), a credential made (`tokens create`), a REPL's or a program's echo of
a secret's field (`>>> creds["token"]`, `puts u.api_key`), a key, secret, password or token
named on the line before it (`Admin key:`), the one generated line a `cat` of a token file
printed, and the session a sign-in's response holds. Found by position: nothing on the value's
own line says secret; the command does.
"""

from __future__ import annotations

import re
from itertools import islice

from ..gutters import gutter_end
from ..shapes import HEX_RE, hash_shaped, is_uuid, random_looking, secret_shaped
from .base import RESULT_PREFIX, Scan, before_closing_tag, lines_after

# Commands whose output is a secret's value: a store read back in plain (`doppler secrets get X
# --plain`, `op read op://…`, `vault kv get -field=`, `gcloud secrets versions access`, a Secret's
# data decoded), a variable that names one echoed, and key generators (`openssl rand -hex 32`).
# Each found by a literal it starts with or holds, looked for first (most texts hold none).
_GET_NAMED = (
    r"\b(?:config|env|variable|vars?|settings|keystore|option)[ \t]+(?:get|show)[ \t]+(?:-\S+[ \t]+)*\S*"
    r"(?:passw(?:or)?d|pwd|secret|token|api_?key|private_?key)s?(?![a-z])"
)
# A field a REPL's expression reads that holds a secret (`["refresh_token"]`, `.apiKey`, `['consumerKey']`).
_FIELD = r"(?:token|secret|passw(?:or)?d|(?:api|consumer|access|private|signing|licen[cs]e|master)_?key)"
_PRINTS_SECRET = tuple(
    (literal, re.compile(pattern))
    for literal, pattern in (
        ("secret", r"secrets?[ \t]+get\b[^\n]*--plain|get-secret-value[^\n]*text|secrets[ \t]+versions[ \t]+access"
         r"|keyvault[ \t]+secret[ \t]+show[^\n]*tsv|secret[^\n]*base64[ \t]+(?:-d|--decode)|secret-tool[ \t]+lookup"
         r"|secrets?[ \t][^\n]*(?:jsonpath|go-template)=[^\n]*\.data\.[\w\-]*(?:passw|token|secret|key|cred|auth)"
         # a listing asked to show the values (`kops get secrets kube -oplaintext`, `--reveal`)
         r"|get[ \t]+secrets?\b[^\n]*(?:-o[ \t=]*plaintext|--plaintext|--reveal|--show-secrets?|--decrypt(?:ed)?)\b"),
        ("op read", r"\bop[ \t]+read[ \t]"),
        ("vault", r"vault[ \t]+(?:kv[ \t]+get|read)[ \t][^\n]*-field[= ]"),
        ("get-parameter", r"get-parameters?[^\n]*decrypt[^\n]*text"),
        ("config:get", r"config:get[ \t]"),
        ("pass show", r"\b(?:go)?pass[ \t]+show[ \t]"),
        ("find-generic", r"find-generic-password[^\n]*-w"),
        ("bw get", r"\bbw[ \t]+get[ \t]+password"),
        # an entry's password attribute or field shown (`keepassxc-cli show -a Password`, `--fields password`)
        *(
            (flag, r"\b(?:show|get|read)\b[^\n]*(?:[ \t]-a|--attributes?|--fields?)[ \t=]+[\"']?(?:label=)?password\b")
            for flag in ("-a password", "-a 'password", '-a "password', "--attribute", "--field")
        ),
        ("lpass", r"lpass[ \t]+show[^\n]*--password"),
        ("openssl rand", r"openssl[ \t]+rand[ \t]"),
        ("urandom", r"/dev/urandom"),
        ("pwgen", r"\bpwgen\b"),
        ("token_", r"token_(?:hex|urlsafe)\("),
        # a generator's call or command: `Fernet.generate_key()`, `get_random_secret_key()`,
        # `crypto.randomBytes(32)`, `mix phx.gen.secret`, `rails secret`, `wg genkey` (not piped on
        # to `wg pubkey`, which prints the public half)
        ("random", r"random(?:[_.]?(?:bytes|secret|key|token|password)|(?<=securerandom))"),
        ("generate", r"generate(?:[_.]?(?:random[_.]?)?(?:key|secret|token|password)s?\b|[ \t]+(?:secret|token|password)s?\b"
         r"|(?<=key:generate)[^\n]*--show)"),
        ("gen.secret", r"gen\.secret"),
        ("rails secret", r"\brails[ \t]+secret\b"),
        ("genkey", r"\bgenkey\b(?![^\n]*pubkey)"),
        ("keygen", r"(?m)(?<=[ \t])keygen(?=[ \t\"]|\r?$)"),  # `consul keygen`: a subcommand (not `ssh-keygen`, `api.keygen.sh`)
        ("initial-password", r"\binitial-password\b"),  # `argocd admin initial-password`
        ("genpsk", r"\bgenpsk\b"),
        # a named value read back from a tool's config or store, its name a secret's
        # (`wp config get DB_PASSWORD`, `npm config get //host/:_authToken`)
        *((literal, _GET_NAMED) for literal in ("config get", "env get", "variable get", "var get", "vars get", "settings get", "keystore show", "option get")),
        ("auth token", r"(?<![\w.])auth[ \t]+token\b"),  # `gh auth token`: the token it holds (not `x.auth token`)
        # a JSON field named for a secret read out raw (`jq -r .refresh_token auth.json`)
        # (the field may go on past the word, `.refreshTokenAccount`, but not to what the token's about)
        ("jq ", r"\bjq[ \t][^\n|]*-r[^\n|]*\.[\w.\[\]]*(?:token|secret|passw(?:or)?d|api_?key|private_?key|macaroon)"
         r"(?!_?(?:type|expir|ids?\b|url|uri|endpoint|name|count|len|scope|hint))[a-z_]*\b"),
        ("decrypt", r"(?m)^[^\n]*\b(?:systemd-creds|sops|ansible-vault|age|gpg)\b[^\n]*\bdecrypt\b[^\n]*"),
        # PowerShell: a credential's password, a vault's secret or a secure string shown in plain
        ("getnetworkcredential", r"getnetworkcredential\(\)\.password"),
        ("-asplaintext", r"(?m)^(?![^\n]*convertto-securestring)[^\n]*-asplaintext\b"),
        ("echo", r"echo[ \t]+[\"']?\$\{?[a-z0-9_]*(?:token|secret|passw(?:or)?d|pwd|api_?key|private_key)\b"),
        ("printenv", r"printenv[ \t]+[a-z0-9_]*(?:token|secret|passw(?:or)?d|pwd|api_?key|private_key)\b"),
        ("--query", r"--query[ \t=]+\S*(?:secret|token|password|key)\S*[^\n]*(?:--output|-o)[ \t=]+(?:text|tsv)"
         r"|(?:--output|-o)[ \t=]+(?:text|tsv)[^\n]*--query[ \t=]+\S*(?:secret|token|password|key)"),
        ("print-", r"print-(?:access|identity)-token"),
        # a REPL's expression that reads a secret's field, its value echoed on the next line
        # (`>>> tokens["refresh_token"]`, `> creds.apiKey`)
        *(
            (prompt, rf"(?m)^[ \t]*(?:>[ \t]*)*{re.escape(prompt)}[^\n]*(?:\[[\"'][\w\-]*{_FIELD}[\"']\]"
             rf"|\.\w*{_FIELD})[ \t]*\r?$")
            for prompt in (">>> ", "> ")
        ),
        ("irb(", r"(?m)(?<![\w(])irb\([\w.]*\):\d+(?::\d+)?>[^\n]*(?:\[[\"':][\w\-]*" + _FIELD + r"[\"']?\]"
         r"|\.\w*" + _FIELD + r")[ \t]*\r?$"),
        # a subcommand or a script that shows, derives or fetches a credential (`compute-device-key`,
        # `show-api-key`, Moonraker's `fetch-apikey.sh`, `conjur host rotate-api-key`) (only options after it on its line: `Use 'sf
        # org auth show-access-token' to view` is prose)
        *(
            (verb, rf"(?m)\b{verb}[a-z\-]{{0,30}}(?:key|secret|token|password)(?:\.(?:sh|py|js|rb|ps1))?\b"
             r"(?=(?:[ \t]+-[^\n]*)?[ \t]*\r?$)")
            for verb in ("compute-", "derive-", "show-", "reveal-", "fetch-", "rotate-")
        ),
        ("get-", r"get-[a-z\-]{0,30}(?:password|token)\b"),  # `aws ecr get-login-password`
        # code that prints a secret's field (`rails runner '…; puts u.spree_api_key'`, `print(creds.token)`)
        *(
            (call, rf"\b{re.escape(call)}[ \t(]*[\w.\[\]:\"']*{_FIELD}s?\b(?![\w.(\[])")
            for call in ("puts", "print(", "console.log(")
        ),
    )
)  # fmt: skip
# The output line, the next one: one value alone (no `NAME=`, no path), after our segment's
# `tool result: <tool>: ` when it is one and a scheme when it has one (`FlyV1 fm2_…`), before what
# closes a JSON string or an HTML element.
# A gutter alone on its line (a log's `2026-12-07T01:22:33.1234567Z`, grep's `C:\app\.env:21:`, before
# an empty line of what they show): no value.
_TIME = r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?"
_PRINTED_VALUE = re.compile(
    RESULT_PREFIX + r"[ \t]*(?:=>[ \t]+)?"  # Ruby's REPL echoes a value after `=> `
    r"(?P<scheme>[A-Z][A-Za-z0-9]{1,15}[ \t]+)?(?![A-Za-z_][\w.\-]*=[^=\s<\"'}\],])(?!(?:"
    + _TIME
    + r"|\S*:\d+:)[ \t]*\r?$)[\"']?"
    r"(?P<value>[^\s\"'`=/][^\s\"'`]{6,3999}[^\s\"'`}\],])[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?"
)


# The same value said after the command on its line (`… `openssl rand -hex 16` is 21c1…`, or in
# brackets after the command in backticks, which may hold quotes: `` `openssl rand … | tr '+/' '-_'` (…)``).
_OPTION = re.compile(r"(?:^|[ \t])--?[A-Za-z][\w\-]*=[\"']?$")
_SAID_AFTER = re.compile(
    r"(?:[^\n`]{0,80}`[ \t]*\(|[^\n`\"'()]{0,30}`?[,;]?(?:[ \t]+[a-z]+){0,3}?[ \t]*"
    r"(?:(?:is|was|gave|printed|returned)[ \t]|[:=→][ \t]*|->[ \t]*))"
    r"[\"'`]?(?P<value>[A-Za-z0-9+=_\-][A-Za-z0-9+/=_\-]{15,400})"
)


# Commands that print a secret among other lines: a file whose name says it holds one (`cat
# authtoken.secret`, `cat office.creds`: a user name among its lines; `cat keys.properties`: a key
# for each host), and a command that makes a credential (`fly tokens create`, `balena api-key
# generate`: a notice, a prompt, then the value). Each value alone on one of the next lines, or
# under a label or a name, before the next prompt, is decided by its shape.
_PRINTS_SECRET_FILE = re.compile(
    r"(?:^|(?<=[\s;&|(>$\"]))(?:cat|head)[ \t]+(?:-\S+[ \t]+)*"
    r"(?![^\s\"]*(?:pub|cert|crt))[^\s\"]*(?:(?:secret|token|cred|passw|[._\-]pass\b|\.auth\b|\.login\b|psk|keys\.|\.keys\b|api[_\-]?key)[^\s/\";]*"
    r"|/secrets/[^\s/\";]+)[ \t]*"  # a file a container's secrets are mounted as (`/run/secrets/<name>`)
    r"(?:[;#][^\n]*)?(?=\r?\n|\")"
)  # the command ends its line, or the JSON string a tool call holds it in
# The verb is looked for first (`str.find`), then what it makes, right before it: a pattern that
# starts with the nouns is tried at every `t`, `a`, `p` and `c` of a long text.
_MAKES = ("create", "generate", "token add", "reset-password")  # `add` alone is in too many words to look for
_PHRASES = ("token add", "reset-password")  # verbs that say what they make
_MADE = re.compile(
    r"(?<![a-z0-9])(?:tokens?|api-?keys?|passwords?|credentials?|secret[_\-]?keys?)[ \t_\-]+$"
)  # `smtp_credentials_generate.py`, `plesk bin secret_key --create`
_MADE_AFTER = re.compile(
    r"[ \t_\-](?:[a-z]+[_\-])?(?:tokens?|api-?keys?|passwords?|credentials?)(?![a-z])"
)  # `generate-access-token`
_AMONG_LINES = 8  # the lines after such a command its value may stand on (a notice, a prompt, blank lines)
# A value under a label of a few words on its line (`New value: …`); one whose label says id,
# name, user or URL is none, nor one that says when, unless it names what was made (`Access token
# was successfully created: …`).
_LABELLED_VALUE = re.compile(
    RESULT_PREFIX + r"[ \t]*(?:(?P<label>[A-Za-z][\w \-]{0,50}):[ \t]+|(?P<name>[A-Za-z][\w.\-]{0,80})[ \t]*=[ \t]*)"
    r"(?P<scheme>)(?P<value>[^\s\"'`]{8,400})[ \t]*[\"'}\],]*\r?"
)
# A tool's `token` subcommand on its own, with at most a user's or a name's argument (`jupyterhub
# token ayla`, `heroku auth:token`, `vault print token`): it prints the token among its lines.
# Looked for from the word: what follows it first (rare in prose), then the command before it.
_TOKEN_TAIL = re.compile(  # (options may stand before the name: `jupyterhub token --config <file> <user>`)
    r"(?m)(?<![\w\-])tokens?(?:[ \t]+--?[\w\-]+(?:[ \t=][^\s\-][^\s]*)?){0,3}(?:[ \t]+[\w.@\-]+)?[ \t]*(?:\r?$|(?=\"))"
)
_TOKEN_HEAD = re.compile(
    r"(?m)(?:(?:^[ \t]*|[ \t\"'>])(?:\$|%|>|#|ps>)[ \t]+|\"(?:command|cmd)\":[ \t]*\")"
    r"(?:sudo(?:[ \t]+-[a-z][\w\-]*(?:[ \t]+[\w.\-]+)?)*[ \t]+)?"  # as another user: `sudo -u jupyterhub …`
    r"[a-z][\w.\-]*[ \t]+(?:auth[ \t]+|auth:|print[ \t]+)?$"
)
_NOT_A_SECRET = re.compile(r"\bids?\b|name|user|url|host|fingerprint|description")
_WHEN = re.compile(r"expir|created|time|date|scope")
_LOWER_PATH = re.compile(r"[a-z0-9.\-]+(?:/[a-z0-9.\-]+)+/?")  # `bitnami.com/v1alpha1`: a resource's path, no secret
_NAMES_SECRET = re.compile(r"token|secret|passw|key")
# a warning, or a prompt for the store's own password (`Enter password to unlock x.kdbx:`)
_NOTICE = re.compile(RESULT_PREFIX + r"[ \t]*(?:warning|(?:enter|type|insert)\b[^\n]*:[ \t]*\r?$)", re.M)
_ARMOUR = re.compile(RESULT_PREFIX + r"[ \t]*-----begin")  # an armoured block: its own rules read it
_PROMPT = re.compile(r"[ \t]*(?:\$|>|#|ps>)[ \t]+\S")  # a prompt and its command (a bare `> ` is a quote's blank line)
PRINTS_SECRET_TRIGGERS = (*(literal for literal, _ in _PRINTS_SECRET), "cat ", "head ", *_MAKES)


def _among(scan: Scan) -> list[int]:
    """Where each command that prints a secret among other lines ends."""
    lower = scan.lower
    ends = [m.end() for m in _PRINTS_SECRET_FILE.finditer(lower)] if scan.has("cat ") or scan.has("head ") else []
    for verb in _MAKES:
        at = lower.find(verb) if scan.has(verb) else -1
        while at != -1:
            end = at + len(verb)
            if not lower[end : end + 1].isalnum() and (
                verb in _PHRASES or _MADE.search(lower, max(0, at - 20), at) or _MADE_AFTER.match(lower, end)
            ):
                ends.append(end)
            at = lower.find(verb, end)
    return ends


def _may_label_secret(label: str, value: str) -> bool:
    """`label: value` among a command's lines may be the credential it made: not an id, a name, a
    user or a URL, not a time unless the label names what was made, not a resource's path."""
    if _NOT_A_SECRET.search(label) or (_WHEN.search(label) and not _NAMES_SECRET.search(label)):
        return False
    return _LOWER_PATH.fullmatch(value) is None


def _in_marker(lower: str, pos: int) -> bool:
    """`pos` is inside a `[redacted:kind]` marker: its kind (`encoded_secret`) is no command's word."""
    opened = lower.rfind("[redacted:", max(0, pos - 80), pos + 1)
    return opened != -1 and lower.find("]", opened) >= pos


# A line that speaks of a token and ends in `:`, the token alone on the next (`store this refresh
# token in the vault, it will not be shown again:`): a setup script's output.
# Tried only where `token` stands (a search from the start would try every position).
_TOKEN_SAID_BELOW = re.compile(
    r"(?m)tokens?\b[^\n:]{0,80}:[ \t]*\r?\n[ \t]*(?P<value>[A-Za-z0-9+/_\-.]{20,400}={0,2})"
    r"[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?$"  # and what closes the string or element it was quoted in
)


# The same for a key, a secret or a password a line names (`Admin key:`, then the key): found from the
# line break after a colon, which few lines end in, then the words before it on its line.
_VALUE_BELOW = re.compile(
    r"(?m):[ \t]*\r?\n[ \t]*(?P<value>[A-Za-z0-9/_.][A-Za-z0-9+/_\-.|]{19,399}={0,2})"  # (a `+` or `-` first: a diff's)
    r"[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?$"
)
_NAMED_ABOVE = re.compile(r"(?:\bkey|secret|password)s?\b[^\n:]{0,80}$")
_NOT_THE_SECRET = re.compile(r"public|\bpub\b|fingerprint|hash|sha\d*|digest|checksum|\bids?\b|\bname\b")
SAID_BELOW_TRIGGERS = (":\n", ": \n", ":\r\n", ": \r\n")


def detect_values_said_below(scan: Scan) -> None:
    """A generated value alone on the line after one that names a key, a secret or a password and
    ends in `:` (`Admin key:` then the key a script printed)."""
    for m in _VALUE_BELOW.finditer(scan.text):
        line_start, _ = scan.line_at(m.start())
        said = _NAMED_ABOVE.search(scan.lower, max(line_start, m.start() - 80), m.start())
        if said is None or _NOT_THE_SECRET.search(scan.lower, line_start, m.start()):
            continue  # `SHA256 of the public key:`, `Key ID:`: a digest, a public half or an id
        value = m.group("value")
        if random_looking(value.rsplit("|", 1)[-1], 20) and not is_uuid(value):  # a UUID names a stored secret
            scan.add(*m.span("value"), "printed_secret")


def detect_token_commands(scan: Scan) -> None:
    """After a tool's `token` subcommand (`jupyterhub token NAME`), each value alone on the next
    lines that has a generated token's shape. Its own detector: `token` is in most prose, the
    commands that print a secret are not."""
    lower, ends = scan.lower, []
    at = lower.find("token")
    while at != -1:
        tail = _TOKEN_TAIL.match(lower, at)
        if tail is not None and _TOKEN_HEAD.search(lower, max(lower.rfind("\n", 0, at) + 1, at - 80), at):
            ends.append((tail.end(), False))
        said = _TOKEN_SAID_BELOW.match(lower, at) if not lower[at - 1 : at].isalnum() else None
        if said is not None and random_looking(scan.text[said.start("value") : said.end("value")], 20):
            scan.add(*said.span("value"), "printed_secret")
        at = lower.find("token", at + 5)
    _printed_after(scan, ends)


def detect_printed_secrets(scan: Scan) -> None:
    """The value alone on the line after a command that prints a secret (`op read op://…` then the
    password), or said after it on its line: the command says what the value is. After a command
    that prints a secret among other lines, each value alone on the next lines that has a
    password's or a generated token's shape."""
    lower = scan.lower
    found = [
        (m.end(), True)
        for literal, rx in _PRINTS_SECRET
        for start, end in scan.lines_with(literal)
        for m in rx.finditer(lower, start, end)
        if not _in_marker(lower, m.start())
    ]
    found += [(end, False) for end in _among(scan)]
    _printed_after(scan, found)


def _printed_after(scan: Scan, found: list[tuple[int, bool]]) -> None:
    """For each (end of a command, whether its value comes first): the value it printed."""
    text, lower = scan.text, scan.lower
    for end, value_first in found:
        said = _SAID_AFTER.match(text, end) if value_first else None
        if said is not None and _OPTION.search(text, end, said.start("value")):
            said = None  # `… access latest --secret=<name>`: an option of the command, not what it printed
        if said is not None:  # prose: "… `openssl rand -hex 16` is 21c1…"
            scan.add(said.start("value"), said.end("value"), "printed_secret")
            continue
        line_end = text.find("\n", end)
        while line_end != -1 and _NOTICE.match(lower, gutter_end(text, line_end + 1)):
            line_end = text.find("\n", line_end + 1)  # a notice or a prompt the tool printed before the value
        if line_end == -1:
            continue
        for start, stop in islice(lines_after(text, line_end), 1 if value_first else _AMONG_LINES):
            # after its gutter, if it has one (a file reader's `    13→`): the line's text decides
            line_start = gutter_end(text, start)
            if _PROMPT.match(text, start) or _PROMPT.match(text, line_start) or _ARMOUR.match(lower, line_start):
                break  # the next command, or an armoured block
            printed = _PRINTED_VALUE.fullmatch(text, line_start, stop)
            if printed is None and not value_first:  # among other lines: `New value: …`, `Token: …`
                printed = _LABELLED_VALUE.fullmatch(text, line_start, stop)
                if printed is not None and not _may_label_secret(
                    (printed.group("label") or printed.group("name")).lower(), printed.group("value")
                ):
                    printed = None
            if printed is None:
                continue  # a line that holds no value alone (a user name, a notice)
            vs, ve = printed.span("value")
            ve = before_closing_tag(text, vs, ve)  # `…</pre>`: the element the output was quoted in
            while ve > vs and text[ve - 1] in "\"'}],":
                ve -= 1  # and what closes the string or list it stood in
            if printed.group("scheme") and text[vs:ve].isalpha():
                continue  # two words (`Login Succeeded`), not a scheme and its token
            if value_first or secret_shaped(text[vs:ve]):
                scan.add(vs, ve, "printed_secret")


# `cat FILE` whose whole output is one generated blob: a token kept in a file of its own (deemix's
# `.arl`, a CLI's session file), whatever the file is named. A digest (`.git/refs/heads/main`,
# `/etc/machine-id`) or a UUID printed so stays: those are what people search for.
_CAT_ONE_BLOB = re.compile(  # the command ends its line, or the JSON string of a tool call
    r"(?m)(?:^|(?<=[\s$>\"]))cat[ \t]+(?!-)(?P<file>[^\s\"]+)(?:[ \t]*|\"[^\n]*)\r?\n" + RESULT_PREFIX + r"[ \t]*"
    r"(?P<blob>[A-Za-z0-9+/_\-.]{32,}={0,2}(?:\r?\n[ \t]*[A-Za-z0-9+/_\-.]{32,}={0,2})*"
    r"|[A-Za-z0-9_\-.]{16,}:[A-Za-z0-9+/_\-.]{16,}={0,2})"  # or a key and its secret (`~/.testingbot`'s `<key>:<secret>`)
    r"[ \t]*[\"'}\],]*(?:</\w{1,10}>)?\r?(?:\n|$)"  # and what closes the string or element it was quoted in
)


_PUBLIC_FILE = re.compile(r"pub|cert|\.crt|\.csr|\.cer\b")


def detect_token_files(scan: Scan) -> None:
    """The generated line a `cat` of a file printed (a token file), or the lines of one value
    wrapped (WHM's `.accesshash`: lines of hex that are no digest each, but one key)."""
    for m in _CAT_ONE_BLOB.finditer(scan.text):
        blob = m.group("blob")
        if _PUBLIC_FILE.search(m.group("file")):
            continue  # `cat app.csr`, `cat id.pub`: a request's or a certificate's body is public
        if blob.split("\n", 1)[0].strip().lstrip("+") in m.group("file"):  # (a diff's `+` before it)
            continue  # `cat public/loaderio-<hex>.txt`: a site's verification token, served under its own name
        one = blob.rstrip("=")
        wrapped = "\n" in blob
        if (wrapped or len(one) >= 40) and random_looking(one.replace("\n", "").replace("\r", ""), 20):
            if wrapped or not (hash_shaped(one) or is_uuid(one)):
                scan.add(*m.span("blob"), "printed_secret")


# A session a sign-in handed out, in the response printed after the request (`curl …/users/admin/login`
# then `{"session":"<hex>", …}`): whoever holds it is signed in, whatever its shape (a UUID, hex).
_SESSION_FIELD = re.compile(r"\"session(?:_?id|_?key|_?token)?\"[ \t]*:[ \t]*\"(?P<value>[A-Za-z0-9+/=_\-]{16,200})\"")
_SIGN_IN_REQUEST = re.compile(r"log_?in|sign_?in|authenticate")
_RESPONSE_REACH = 600  # how far before the response its request may stand


def detect_login_sessions(scan: Scan) -> None:
    """The session in a sign-in's response."""
    for m in _SESSION_FIELD.finditer(scan.lower):
        above_end = scan.line_at(m.start())[0] - 1  # the line break before the response's line
        if above_end != -1 and _SIGN_IN_REQUEST.search(scan.lower, max(0, above_end - _RESPONSE_REACH), above_end):
            if random_looking(m.group("value"), 16) or is_uuid(m.group("value")) or HEX_RE.match(m.group("value")):
                scan.add(*m.span("value"), "session")


# A credential a request fetched, in its response on the next lines: a URL whose last segment
# names one credential (Moonraker's `…/access/oneshot_token`, Mailosaur's `…/servers/<id>/password`,
# Gerrit's `…/password.http`), then one value alone, quoted or not, or as a one-field object's
# (`result`, `value`, …). A plural names a collection (`/tokens`: ids and names), not the value,
# unless a PUT makes one in it (Quirrel's `PUT …/tokens/<name>`).
_FETCHES_CREDENTIAL = re.compile(
    r"(?:://[^\s\"'?#]*/(?:[a-z0-9]+[_\-.])*(?:token|password|passwd|secret|api_?key)(?:\.[a-z]{1,5})?"
    r"|-x[ \t]+put\b[^\n]*?://[^\s\"'?#]*/(?:tokens|api_?keys)/[\w.\-]+)(?=[\s\"'?#]|$)"  # Quirrel's `PUT …/tokens/<name>`
)
_REQUEST = re.compile(
    r"\b(?:curl|wget|http(?=[ \t])|xh|get|post|put|fetch|requests\.\w+|invoke-restmethod|invoke-webrequest)\b"
)
_FETCHED_VALUE = re.compile(
    r"(?:[^\n]*\n){0,2}?" + RESULT_PREFIX + r"[ \t]*(?:\)\]\}'[ \t]*\r?\n[ \t]*)?"  # Gerrit's `)]}'` line first
    r"(?:\{[ \t]*\"(?:result|value|data|token|key|password|secret)\"[ \t]*:[ \t]*)?"
    r"(?P<q>\"?)(?P<value>[^\s\"\\{}\[\]=:]{8,400}=*)(?P=q)[ \t]*[\"'}\],]*(?:</\w{1,10}>)?[ \t]*\r?(?:\n|$)"
)


def detect_fetched_credentials(scan: Scan) -> None:
    """The value a request for one credential printed."""
    lower = scan.lower
    for start, end in scan.lines_with("://"):
        if not _REQUEST.search(lower, start, end):
            continue  # a URL in a config file (an OAuth token endpoint), not a request made
        for m in _FETCHES_CREDENTIAL.finditer(lower, start, end):
            line_end = lower.find("\n", m.end())
            fetched = _FETCHED_VALUE.match(scan.text, line_end + 1) if line_end != -1 else None
            if fetched is not None:
                value = fetched.group("value")
                if random_looking(value, 8) or is_uuid(value) or HEX_RE.match(value) or secret_shaped(value):
                    scan.add(*fetched.span("value"), "printed_secret")
