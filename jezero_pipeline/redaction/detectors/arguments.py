"""Credentials passed as a command's arguments: to flags of any spelling, and in positions.

A command that takes a credential says so in the name of the flag (`-pw`, `-NuGetApiKey`,
`-srcstorepass`), of its subcommand (`login`, `unlock`, `connect`), or of the argument before the
value (`config set …_authToken VALUE`); a few short flags (`-p`,
`-P`, `-w`) and joined forms (`user/pw@db`, `user%pw`, `user,pw`) carry one by convention. Each
such position proposes a candidate; the value's shape decides (`shapes.password_shaped`), so
`ssh -p 2222`, `mkdir -p src/app` and `kubectl logs -p pod-7d9f` stay.
"""

from __future__ import annotations

import re

from ..shapes import (
    HEX_RE,
    UUID_TEXT,
    classes,
    entropy_at_least,
    file_in_folder,
    hash_shaped,
    is_uuid,
    mixed_token,
    opaque_token,
    opens_pair,
    password_shaped,
    random_looking,
    tagged_words,
    topic_path,
    typed_id,
)
from .base import NAMED_VARIABLE, Scan, before_closing_tag, glued

_CRED_WORD = r"(?:pass(?:word|wd|phrase|wort)?|pwd|pw|secret|token|apikey|api[_\-]?key|key|auth|credentials?|psk)"
_CRED_FRAGMENTS = ("pass", "pw", "secret", "token", "key", "auth", "credential", "psk")  # one is in every `_CRED_WORD`
# Each pattern starts with a literal or a character class, so a search skips text that cannot
# match at C speed; the word boundaries the patterns need are checked after a match.
# Flags stand after whitespace (`=-pg8…` in a digest is no flag): `-pw X`, `-NuGetApiKey X`,
# `-srcstorepass X`, `-passout pass:X`; the two-dash form is names.py's.
_ONE_DASH_FLAG = re.compile(
    r"-(?<=\s-)(?P<flag>(?:[a-z][a-z0-9]*?)?" + _CRED_WORD + r"[a-z]?)(?:[ \t]+|=|:)"
    r"(?P<q>[\"']?)(?P<value>[^\s\"'|;`]{1,300})(?P=q)"
)
# A user's flag and name a few words before (`-u NAME -h host -P …`): the password flag is that user's.
_USER_BEFORE = re.compile(r"(?:^|[ \t])(?:-u|--user(?:name)?)[ \t=]+\S+[ \t]+(?:\S+[ \t]+){0,2}$")
# Short flags that take a password by convention; `-p`/`-P` may be glued to the value.
_SHORT_FLAG = re.compile(
    r"-(?<=\s-)(?P<flag>[pPwtkK])(?P<sp>[ \t]+|=?)(?P<q>[\"']?)(?P<value>[^\s\"'|;`]{1,200})(?P=q)"
)
# `/p <password>` after a space, on a command that opens a key store (signtool, certutil)
_SLASH_P_SPACED = re.compile(r"/(?<=\s/)[pP][ \t]+(?P<q>[\"']?)(?P<value>[^\s\"']{1,200})(?P=q)")
_KEY_STORE_FILES = (".pfx", ".p12")
_PREFIXED_UUID = re.compile(r"[a-z]{2,10}_" + UUID_TEXT)
_DOTTED = re.compile(r"[a-z0-9]{6,}\.[a-z0-9]{12,}")  # an id and a secret a dot apart (kubeadm's `abcdef.<16>`)
_LOWER_TOKEN = 24
_PORT_DIGITS = 5  # `-P 3306` after a user is MySQL's port; more digits are no port
_LONG_VALUE = 32  # a random value this long after `-w` is a generated key, not a word to grep for
# Windows `/pass:X`, `/p:X`, `/password:X` (cmdkey, msbuild, sqlpackage)
_SLASH_FLAG = re.compile(
    r"/(?<=\s/)(?:p|pw|pwd|pass|password|passwd|token|apikey|secret|key)[:=](?P<q>[\"']?)(?P<value>[^\s\"']{1,200})(?P=q)"
)
# Any flag: its value is a candidate when it has all four kinds of character, or three and no
# words (`Xk9mQ2vLp4`, not `WebApp01`), or is a generated token (`--oauth2-bearer X`, `-k X`);
# format strings, globs and patterns are not.
_ANY_FLAG = re.compile(
    r"-(?<=\s-)(?P<flag>-?[A-Za-z][\w\-]{0,40})(?:[ \t]+|=)(?P<q>[\"']?)(?P<value>[^\s\"'|;`]{8,300})(?P=q)"
)
_FILE_READ = re.compile(r"@[\w./~\-]+\.\w{1,5}")
_HEADER_FLAGS = ("H", "-header")  # curl's and its kin's request header
# A switch: a flag that turns a behaviour on or off and takes no value (`--no-verify`, `--allow-…`).
_SWITCH = re.compile(r"-?(?:allow|no|enable|disable|skip|ignore)-[a-z]")
# A flag whose last word names an id, a handle or a digest (`--client-id`, `-accessor`, `--sha256`).
# An id glued to its object's name counts too (`--certificateid`, `--tenantid`), not an app's id
# (OpenWeatherMap's `appid` is its key) nor a secret's.
_ID_FLAG = re.compile(
    r"(?:[-_](?:ids?|kid|accessor|sha\d*|hash|digest|commit|checksum|fingerprint|thumbprint|etag|revision|account)"
    r"|(?<=[a-z]{2})(?<!secret)(?<!app)ids?)(?:[ \t]+|=)"
)
# `-i`: an input, an id or an identity file, as tools read it (`tw runs view -i <id>`, `ssh -i key`)
_INPUT_FLAG = re.compile(r"-i(?:[ \t]|[a-z_]+=)")
# A file's path (`ssh-keygen -lf ~/.ssh/id_ed25519.pub`) or a variable (`-v $PWD:/src`) is no secret;
# nor is a URL (`--sentry-dsn=https://…`), whose own rules read its parts.
_PATH_STARTS = ("/", "~/", "./", "../", "$")
_FORMAT_CHARS = re.compile(r"%[A-Za-z{(]|[{}()\\*?\[\]<>]")
_PATTERN_PARTS = re.compile(r"[{}()\\\[\]<>/]|\.[A-Za-z]{1,5}$")  # groups, classes, paths, file types
_LDAP = re.compile(r"\bldap[a-z]*\b")
# `-u user,pw` (lftp), `-U user%pw` (smbclient), `-a user:pw` (httpie), `--proxy-user user:pw`
_JOINED_USER = re.compile(
    r"-(?<=\s-)(?:u|U|a|-[a-z\-]*user)(?:[ \t]+|=)(?P<q>[\"']?)[\w.@\\\-]{1,64}[,%:](?P<value>[^\s\"']{1,200})(?P=q)"
)
# `scott/pw@db` (sqlplus, expdp, rman)
_USER_SLASH = re.compile(r"/(?P<value>[^\s/\"']{4,64})@(?=[\w/])")
_LINE_REFERENCE = re.compile(r"\.\w{1,10}:\d+:")  # `src/settings.py:12:5:[admin@router]`: grep's file and line
_USER_BEFORE_SLASH = re.compile(r"[\w$#]{0,29}[A-Za-z](?![\w/.@\-])")  # reversed: `scott` before `/pw@db`
# `… password VALUE` and `… passphrase VALUE` in a command or a sentence
_WORD_THEN_VALUE = re.compile(r"pass(?:word|wd|phrase)[ \t]+(?P<value>[^\s\"'|;&]{4,200})")
# `config set //registry/:_authToken VALUE`, `config --global github-oauth.github.com VALUE`
_SETTER = re.compile(
    r"(?:config|set|add)[ \t]+(?:(?:set|--global|--local|-g)[ \t]+)*(?P<nq>[\"']?)"
    r"(?P<name>[^\s=\"']*"
    + _CRED_WORD
    + r"[^\s=\"']*|[^\s=\"']*oauth[^\s=\"']*|http-basic\.[^\s=\"']+[ \t]+[^\s=\"']+)"
    r"(?P=nq)[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"']{6,300})(?P=q)"
)  # `poetry config http-basic.REPO USER PASSWORD`: a user, then the password; `dotnet user-secrets set "Jwt:Key" V`
# Verbs whose next positional argument is a credential; the words say so, not one program (a tool
# whose name ends in `passwd` takes a file, a user and, in batch mode, the password; IRC's
# `IDENTIFY [account] password`; a user made or updated by their address, `superuser upsert EMAIL
# PASSWORD`, `kamctl add USER@DOMAIN PASSWORD`; an XMPP account, `prosodyctl register USER HOST PASSWORD`).
_CRED_VERB = re.compile(
    r"(?:add_user[ \t]+\S+|change_password[ \t]+\S+|unseal|security\.encrypt|encrypt_string|add-authtoken|authtoken|wpa_passphrase[ \t]+\S+"
    r"|identify(?:[ \t]+\S+)?|(?:(?:superuser|user|admin)[ \t]+(?:create|upsert|add|update)|add)[ \t]+[^\s@/:]+@[^\s/:]+"
    r"|register[ \t]+[^\s\-]\S*[ \t]+[^\s\-/]*\.[^\s/]+|passwd[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+\S+|net[ \t]+use[ \t]+[a-z]:[ \t]+\S+|net[ \t]+user[ \t]+\S+)"
    r"[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"']{6,300})(?P=q)"
)
_CRED_VERB_WORDS = (
    "add_user", "change_password", "unseal", "add-authtoken", "authtoken", "wpa_passphrase", "passwd", "net use",
    "net user", "identify", "register", "security.encrypt", "encrypt_string",
)  # fmt: skip
# `add USER@DOMAIN PASSWORD`, `user create EMAIL PASSWORD`: looked for only where an `@` is
_AT_WORDS = ("add", "superuser", "user", "admin")
# A subcommand that names a credential or takes one (`set-agent-token agent <uuid>`, `snyk auth
# <uuid>`, `cargo login <token>`, `bw unlock <password>`, `wandb login --relogin <key>`):
# one of the next three arguments that is shaped like a token is one.
# A positional argument that may be a token: not a flag, eight characters or more.
_POSITIONAL = r"(?P<q>[\"']?)(?P<value>[^\s\"'|;`-][^\s\"'|;`]{7,300})(?P=q)(?=[\s\"]|$)"
_CRED_SUBCOMMAND = re.compile(
    r"(?P<word>token|auth|password|passwd|secret|apikey|api-key|login|unlock|signin|authorize|authenticate|connect)[ \t]+"
    r"(?:(?P<skip>(?:--?)?[a-z][\w\-]{0,20})[ \t]+)?" + _POSITIONAL
)
_NEXT_ARGUMENT = re.compile(r"[ \t]+" + _POSITIONAL)
_VERB_CHARS_REVERSED = re.compile(r"[\w\-]{0,40}")
_USER_FLAGS = ("u", "user", "username", "login", "n", "name")
_TAKES_ONE = (
    "login",
    "unlock",
    "signin",
    "authorize",
    "authenticate",
    "connect",
)  # they take a credential; the rest name one
# Verbs after a credential's word that take its id, not its value (`scw iam api-key get <access key>`)
_ID_VERBS = frozenset(("get", "info", "show", "describe", "inspect", "delete", "rm", "remove"))
_SUBCOMMAND_WORDS = ("token", "auth", "password", "passwd", "secret", "apikey", "api-key", *_TAKES_ONE)
# a here-string into a command that reads a password on its input (`… password_stdin … <<< 'pw'`)
# (a fragment of the command's name or flag, so it may stand inside a word: `chpasswd`, `--password-stdin`)
_HERE_WORDS = ("passw", "stdin", "-s", "login", "auth")
_HERE_STRING = re.compile(
    r"(?:passw|stdin|-s\b|login|auth)[^\n<]*?<<<[ \t]*(?P<q>[\"']?)(?P<value>[^\s\"']{6,300})(?P=q)"
)
# Redis: `ACL SETUSER name on >pw`: a rule that starts with `>` adds that password (`#` a hash of one)
_ACL_PASSWORD = re.compile(r"[ \t]>(?P<value>[^\s\"']{1,300})")
# SQL: `CREATE USER x IDENTIFIED BY 'pw'`, `ALTER USER x IDENTIFIED BY pw`
_IDENTIFIED_BY = re.compile(
    r"identified[ \t]+by[ \t]+(?:password[ \t]+)?(?P<q>[\"']?)(?P<value>[^\s\"';]{4,300})(?P=q)"
)
# Db2's and Informix's `CONNECT TO db USER name USING pw`
_USING = re.compile(r"user[ \t]+[\"']?[\w.@\-]+[\"']?[ \t]+using[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"';]{4,300})(?P=q)")
# A user and a password a slash apart after words that say so (`admin login is admin / pw`).
_PAIR_WORDS = ("login", "cred", "user")
_USER_SLASH_PASSWORD = re.compile(
    r"(?:login|credentials?|creds|user(?:name)?[ \t]*/[ \t]*pass(?:word)?)(?:[ \t]+(?:is|are))?[ \t]*[:=]?[ \t]+"
    r"[\w.@\-]{1,40}[ \t]*/[ \t]*(?P<q>[\"']?)(?P<value>[^\s\"']{4,100})(?P=q)"
)
# An ftp script's `user NAME PASSWORD` line, wherever its lines start (a line, a JSON string's
# escaped line, after a tool result's `Bash: `).
_FTP_USER = re.compile(
    r"(?:^|(?<=: |\\n))[ \t]*(?:ftp>[ \t]*)?user[ \t]+[^\s\\]+[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"'\\]{6,200})(?P=q)"
    r"(?=[ \t\r]*$|\\n)",
    re.M,
)
# `echo VALUE | docker login --password-stdin`, `| sudo -S`, `| passwd --stdin`, a login that
# reads its token from its input (`| az devops login`, `| gh auth login --with-token`), a secret
# made from it (`printf '%s' VALUE | docker secret create NAME -`)
_ECHO_PIPE = re.compile(
    r"(?:echo|printf)[ \t]+(?:-n[ \t]+|(?P<f>[\"']?)%s(?:\\n)?(?P=f)[ \t]+)?(?P<q>[\"']?)(?P<value>[^\s\"'|]{6,300})(?P=q)"
    r"[ \t]*\|[^\n|]*(?:--password-stdin|sudo[ \t]+-s|--stdin|chpasswd|passwd|--with-token|--key-file[= ]-|secrets?[ \t]+(?:create|set|put)"
    r"|(?:store|set|put|create|add)-secret"
    r"|(?<![\w./\-])login(?![\w./\-])"
    # a flag that takes what its input holds (`| anydesk --set-password`, `--register-license`)
    r"|--[\w\-]*(?:passw(?:or)?d|passphrase|licen[cs]e|secret|token)(?![\w\-])"
    # a variable a platform stores whose name says secret (`| vercel env add TRIGGER_SECRET_KEY production`)
    r"|(?:env|secrets?|variables?|vars?)[ \t]+(?:add|set|create|put)[ \t]+[\w\-.]*(?:secret|key|token|passw)"
    # a file whose name says it holds one (`| sudo tee /etc/step-ca/password.txt`)
    r"|(?:sudo[ \t]+)?tee[ \t]+(?:-a[ \t]+)?[^\s|;&]*(?:passw|secret|token|cred|api[_\-]?key|\.key\b))"
)
_LITERAL_FLAG = re.compile(r"--from-literal=[^=\s]+=(?P<q>[\"']?)(?P<value>[^\s\"']{4,300})(?P=q)")
_SECRET_SET = re.compile(
    r"(?:secrets?|tokens?|variables?)[ \t]+(?:set|add|create|put)\b[^\n]*?(?:--body|--value)[ \t=]+(?P<q>[\"']?)(?P<value>[^\s\"']{6,300})(?P=q)"
)


_PROMPTS = ("$ ", "> ", "# ", "ps ", "ps>", "c:\\")
# Where a segment shows a command no prompt precedes: a shell tool call's JSON argument, and the
# `shell: cmd ; cmd` line of the agents whose commands are rendered so (`sessions.shell`).
_COMMAND_STARTS = ('"command":', '"cmd":', ": shell: ")
# Their text: a string, or an argv list (`["bash","-lc","…"]`). Separate searches: one pattern
# for all, tried at every character, cost ten times as much.
_COMMAND_TEXTS = (
    re.compile(r'"(?:command|cmd)":[ \t]*"((?:[^"\\\n]++|\\.)*+)"'),
    re.compile(r'"(?:command|cmd)":[ \t]*\[((?:[ \t]*,?[ \t]*"(?:[^"\\\n]++|\\.)*+")++)[ \t]*\]'),
    re.compile(r": shell: ([^\n]*)"),
)


# a product and its version (`CrateSync/0.4`), an image pinned by its digest (`repo/img@sha256:…`)
_PRODUCT_VERSION = re.compile(r"[A-Za-z][\w.\-]*/v?\d[\w.\-]*|[\w./\-]+(?::[\w.\-]+)?@sha256:[0-9a-f]{64}")
_SHELL_VARIABLE = re.compile(r"\$\{?[A-Za-z_]\w*\}?")  # `$NAME`, `${NAME}`
_CALL_OPENING = re.compile(r"[A-Za-z_][\w.]*\((?:[^()\s]{0,40}\))?")  # a call opened, or whole


def _value(scan: Scan, m: re.Match[str], kind: str, ids: bool = False, shaped: bool = True) -> None:
    """Report the value of `m` when it is shaped like a password or a token (`ids`: or a UUID or
    hex digest, where the position says token: `config set …_authToken <uuid>`; `shaped=False`:
    only those)."""
    vs, ve = m.span("value")
    ve = before_closing_tag(scan.text, vs, ve)
    if (escaped_break := scan.text.find("\\n", vs, ve)) != -1:
        ve = escaped_break  # a line break escaped in a string ends the argument
    while ve > vs and scan.text[ve - 1] == "&":
        ve -= 1  # `cmd -p pw &`: the shell's background mark
    value = scan.text[vs:ve]
    if value.startswith("$") and _SHELL_VARIABLE.fullmatch(value):
        return  # `-K $encrypted_1d57_key`: a variable, its value is elsewhere
    if value.endswith(("…", "...")):
        return  # `cached token T1RLAQ7EHI…`: a value cut short to show its start
    if value.endswith(("(", ")")) and _CALL_OPENING.fullmatch(value):
        return  # `storePassword System.getenv(…)`, `passwd FROM pgbouncer.user_lookup($1)`: code
    if value.lower().startswith(("pass:", "env:", "file:", "fd:")):
        if not value.lower().startswith("pass:"):
            return  # openssl's `env:VAR`, `file:path`: where the password is, not the password
        vs += 5
        value = value[5:]
    # a vendor's prefix on a UUID is a token's shape too (Open VSX's `ovsxp_<uuid>`)
    token = shaped and (
        password_shaped(value)
        or opaque_token(value)
        or _PREFIXED_UUID.fullmatch(value) is not None
        or (_DOTTED.fullmatch(value) is not None and random_looking(value.replace(".", ""), _LOWER_TOKEN - 4))
    )
    if token or (ids and (is_uuid(value) or (hash_shaped(value) and len(value) >= 32))):
        scan.add(vs, ve, kind)


def detect_flags(scan: Scan) -> None:
    """Values of one-dash and Windows credential flags, of `-p`/`-P`/`-w` when shaped like a
    password, and of `-t` when a UUID or digest."""
    lower = scan.lower
    if scan.has(" /"):
        for m in _SLASH_FLAG.finditer(lower):
            _value(scan, m, "argument")
        if any(map(scan.has, _KEY_STORE_FILES)):
            for m in _SLASH_P_SPACED.finditer(scan.text):
                _value(scan, m, "argument")  # `signtool sign /f cert.pfx /p <password>`: the key store's
    if not scan.has("-"):
        return
    for m in _ONE_DASH_FLAG.finditer(lower) if any(map(scan.has, _CRED_FRAGMENTS)) else ():
        _value(scan, m, "argument")
    for m in _SHORT_FLAG.finditer(scan.text):
        flag = m.group("flag")
        if flag == "w" and not _LDAP.search(lower, max(0, m.start() - 200), m.start()):
            value = m.group("value")
            if (
                len(value) >= _LONG_VALUE
                and random_looking(value, _LONG_VALUE)
                and not (hash_shaped(value) or _format_like(value))
            ):
                scan.add(*m.span("value"), "argument")  # `localazy upload -w <write key>`: a generated value
            continue  # elsewhere a word or a format (`grep -w`, `curl -w`); a password to the LDAP tools
        if flag in "tkK" and m.group("sp"):
            # `-t <uuid>`, `-k <hex key>`: a token or an API key; `-t name:tag`, `sort -k 2,2` stay
            _value(scan, m, "argument", ids=True, shaped=flag in "kK")
            continue
        if flag not in "tkK":
            # after a user's flag on its line (`-u NAME -P <64 hex>`), `-p`/`-P` is that user's password
            user = flag in "pP" and _USER_BEFORE.search(scan.text, scan.text.rfind("\n", 0, m.start()) + 1, m.start())
            if user and m.group("value").isdigit() and len(m.group("value")) > _PORT_DIGITS:
                # `mosquitto_sub -u bblp -P 60439892`: a code, too long for a port
                scan.add(*m.span("value"), "argument")
                continue
            _value(scan, m, "argument", ids=bool(user))
    for m in _JOINED_USER.finditer(scan.text):
        _value(scan, m, "argument")
    for m in _ANY_FLAG.finditer(scan.text):
        if _ID_FLAG.search(scan.lower, m.start(), m.start("q")) or _INPUT_FLAG.match(scan.lower, m.start()):
            continue  # `--client-id X`, `-accessor X`, `--commit SHA`, `-i X`: a handle, a digest or an input
        if m.group("flag") in _HEADER_FLAGS:
            continue  # `-H "orgId:920862413"`: a header, which the web rules read by its name
        if _SWITCH.match(m.group("flag")) and m.group("q") == "" and scan.text[m.start("value") - 1] != "=":
            continue  # `--allow-unfunded-recipient <address>`: a switch takes no value; what follows is the command's
        vs, ve = m.span("value")
        ve = before_closing_tag(scan.text, vs, ve)
        value = scan.text[vs:ve]
        kinds = classes(value)
        shaped = not _worded(value) and (
            kinds == 4
            or mixed_token(value)
            or (kinds == 3 and len(value) >= 10 and random_looking(value, 10))
            # after a one-letter flag, a generated run of lower-case letters and digits of a key's length
            # (`twitch configure -s <secret>`); hex is a digest's, and after a named flag such a run is
            # as often an id (Opta's `--tmcl <25>`)
            or (
                len(m.group("flag")) == 1
                and len(value) >= _LOWER_TOKEN
                and value.isalnum()
                and value.islower()
                and random_looking(value, _LOWER_TOKEN)
                and not HEX_RE.match(value)
            )
        )
        if (
            "=" not in value
            and not _format_like(value)
            and shaped
            and not value.startswith(_PATH_STARTS)
            and not _FILE_READ.fullmatch(value)  # curl's `-d @body.json`: the file the data is read from
            and not NAMED_VARIABLE.search(value)  # `-u "<client id>:$CLIENT_SECRET"`: the secret is elsewhere
            and not _PRODUCT_VERSION.fullmatch(value)  # `--user-agent "CrateSync/0.4"`
            and "://" not in value
            and not file_in_folder(value)  # `--ca_file certs/AmazonRootCA1.pem`
            and not _FILE_NAME.fullmatch(value)  # `-in K7AMC-lotw.pem`: a file in the working folder
            and not topic_path(value)
            and not typed_id(value)
        ):
            scan.add(vs, ve, "argument")


_FILE_NAME = re.compile(r"[\w\-]+(?:\.[\w\-]+)*\.[a-z][a-z0-9]{1,4}")


def _worded(value: str) -> bool:
    """Words joined with a short tag (`IssuingCA-G2`, `Prod-Eu-01`): a name after a flag that says
    nothing of secrets, which a password of all four kinds of character is not."""
    parts = tagged_words(value, 3)
    return parts is not None and any(len(p) >= 4 and p.isalpha() for p in parts)


def _format_like(value: str) -> bool:
    """A format string, glob or pattern (`%Y%m%d`, `*.py`, `src/**`), not a password that holds `%`
    or `*`: a password has all four kinds of character and no groups, paths or file types."""
    if not _FORMAT_CHARS.search(value):
        return False
    return classes(value) < 4 or _PATTERN_PARTS.search(value) is not None


def _matches(
    rx: re.Pattern[str], scan: Scan, literals: tuple[str, ...], within: list[tuple[int, int]] | None = None
) -> list[re.Match[str]]:
    """`rx.finditer(scan.lower)` for a pattern that starts with one of `literals`: tried only where
    a literal occurs (found by `str.find`, at C speed), in order, each after the last match;
    with `within`, only inside those (start, end) regions."""
    present = list(filter(scan.has, literals))
    if not present:
        return []  # most texts hold none of the literals
    lower = scan.lower
    regions = within or [(0, len(lower))]
    starts = set()
    for literal in present:
        for start, end in regions:
            p = lower.find(literal, start, end)
            while p != -1:
                starts.add((p, end))
                p = lower.find(literal, p + 1, end)
    out, pos = [], 0
    for p, end in sorted(starts):
        if p >= pos and (m := rx.match(lower, p, end)):
            out.append(m)
            pos = m.end()
    return out


# What each part of `detect_positions` needs in the text, a text with none of them has no position;
# a shorter word inside several (`add`, `pass`, `--`) stands for them: other detectors look for
# it too, and each literal is looked for once. The subcommands (`cargo login X`) are read only
# after a prompt, so a prompt, not their words (in most lines: `key`, `token`), lets them run.
POSITION_TRIGGERS = (
    "@", "pass", "|", "identif", "<<<", "config ", "set ", "add", "from-literal", "unseal", "net use",
    "authtoken", "--", "setuser", "encrypt_string", *_PROMPTS, *_COMMAND_STARTS,
)  # fmt: skip
LOGIN_TRIGGERS = (*_PAIR_WORDS, "ftp")


def detect_logins(scan: Scan) -> None:
    """A user and a password a slash apart after words that say so (`login is admin / pw`,
    `creds: root / pw`), and an ftp script's `user NAME PASSWORD` line."""
    if scan.has("/"):
        for m in _matches(_USER_SLASH_PASSWORD, scan, _PAIR_WORDS):
            _value(scan, m, "argument")
    if scan.has("ftp"):
        for m in _FTP_USER.finditer(scan.text):
            _value(scan, m, "argument")


def detect_positions(scan: Scan) -> None:
    """Passwords and tokens in positions: `user/pw@db`, `password VALUE`, setters, verbs, pipes."""
    text, lower = scan.text, scan.lower
    if scan.has("@"):
        for m in _USER_SLASH.finditer(text):
            user = _USER_BEFORE_SLASH.match(text[max(0, m.start() - 31) : m.start()][::-1])
            if user and user.end() and not _LINE_REFERENCE.search(m.group("value")):
                _value(scan, m, "argument")
    # A single character is found at memchr speed; a missing one rules out every pattern that
    # needs it, without a pass for each of their longer literals.
    here = _HERE_WORDS if scan.has("<<<") else ()
    pipe = ("echo ", "printf ") if scan.has("|") else ()
    # `_WORD_THEN_VALUE` starts with its one literal `pass`: finditer skips to it at C speed
    words = _WORD_THEN_VALUE.finditer(lower) if scan.has("pass") else ()
    for m in words:
        if not glued(lower, m.start()) and lower[m.start() - 1 : m.start()] != "-":
            _value(scan, m, "argument")
    for m in _matches(_ECHO_PIPE, scan, pipe) if pipe else ():
        if not glued(lower, m.start()):
            # what a login reads on its input is its credential: a UUID, hex or any random value too
            value = m.group("value")
            if random_looking(value, 16) or (len(value) >= 20 and not value.isalpha() and entropy_at_least(value, 3.5)):
                scan.add(*m.span("value"), "argument")
            else:
                _value(scan, m, "argument", ids=True)
    identified = [*_IDENTIFIED_BY.finditer(lower)] if scan.has("identified") else []
    identified += [*_USING.finditer(lower)] if scan.has(" using ") else []
    for m in _matches(_HERE_STRING, scan, here) if here else ():
        _value(scan, m, "argument", ids=True)  # what a login reads on its input is the password, a UUID too
    for m in identified:
        _value(scan, m, "argument")
    for m in _matches(_SETTER, scan, ("config ", "set ", "add ")):
        if not glued(lower, m.start()):
            _value(scan, m, "argument", ids=True)
    for start, end in scan.lines_with("setuser"):
        for m in _ACL_PASSWORD.finditer(lower, lower.find("setuser", start, end), end):
            _value(scan, m, "password")
    if scan.has("from-literal"):
        for m in _LITERAL_FLAG.finditer(lower):
            _value(scan, m, "argument", ids=True)
    for m in _matches(_CRED_VERB, scan, _CRED_VERB_WORDS + _AT_WORDS if scan.has("@") else _CRED_VERB_WORDS):
        if not glued(lower, m.start()) or lower.startswith("passwd", m.start()):  # `htpasswd`, `mosquitto_passwd`
            _value(scan, m, "argument")
    # A `$ ` prompt stands wherever a terminal's line is quoted (after `dev@box:~`, in a table
    # cell or an HTML element), a `> ` one at a line's start
    if lower.startswith(_PROMPTS) or scan.has("$ ") or scan.has("\n> "):
        commands = None  # after a prompt: the whole text
    elif any(map(scan.has, _COMMAND_STARTS)) and any(map(scan.has, _SUBCOMMAND_WORDS)):
        # else only the commands that tool calls carry
        commands = sorted(m.span(1) for rx in _COMMAND_TEXTS for m in rx.finditer(lower))
    else:
        commands = []
    if commands is None or commands:
        for m in _matches(_CRED_SUBCOMMAND, scan, _SUBCOMMAND_WORDS, commands):
            back = _VERB_CHARS_REVERSED.match(lower[max(0, m.start() - 40) : m.start()][::-1]).end()
            verb_start = m.start() - back
            if verb_start and lower[verb_start - 1] not in " \t\n+:":  # `+login` (steamcmd), `tfa:google:set-secret`
                continue  # part of a longer word or a path
            if m.group("word") in _TAKES_ONE and back:
                continue  # `xlogin`, `auto-unlock`: not the verb itself
            skip = m.group("skip") or ""
            if skip in _ID_VERBS:
                continue  # `api-key get SCW…`, `acl token info <accessor>`: which one, by its id
            if (skip.lstrip("-") in _USER_FLAGS and skip != "login") or (
                skip.startswith("-") and _ID_FLAG.search(skip + " ")
            ):
                continue  # `docker login -u NAME`, `login --service-key-id <uuid>` (a bare `login` is a verb)
            if m.group("value").rstrip("!.,;:").isalpha() or opens_pair(m.group("value")):
                continue  # `Login Succeeded!`: a word; `token tokenId=<uuid>`: a pair that names its own value
            _value(scan, m, "argument", ids=True)
            if after := _NEXT_ARGUMENT.match(scan.text, m.end()):
                _value(scan, after, "argument", ids=True)  # `api-key store KEY_ID SECRET`: a key's id, its secret
    if scan.has("--body") or scan.has("--value"):
        for m in _matches(_SECRET_SET, scan, ("secret", "token", "variable")):
            if scan.lower.startswith("variable", m.start()):
                _value(scan, m, "argument")  # a variable may hold anything: its shape decides
            else:
                _value(scan, m, "argument", ids=True)  # a secret stored: hex or a UUID too
