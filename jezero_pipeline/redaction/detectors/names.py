"""Values in a secret position: after a name that says secret, in every way code and config write it.

`name=value`, `name: value`, JSON pairs, `--flag value`, a CLI's `NAME │ VALUE` table, and the
default argument of an env-or-default lookup (`os.getenv("API_TOKEN", "…")`, `ENV.fetch`,
`getOrDefault`, `process.env.X || "…"`, PowerShell `??`). Names are matched on the lower-cased
text at the END of a name; the value decides the rest (code, prose, identifiers and numbers that
are not passwords stay). Names that stand apart from their value's position are in `structured`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..shapes import CACHED_VALUES, HEX_RE, entropy_at_least, is_uuid, random_looking
from ..values import (
    MARKER_START,
    basic_pair_password,
    is_placeholder,
    is_public_value,
    random_case,
    reads_as_words,
    scrambled_letters,
)
from .base import CONVERSIONS, Scan, before_closing_tag
from .web import BRACED, query_param

# One regex per name word, run on the lower-cased text only when its literal occurs there:
# `str.__contains__` (CPython's fast search) rules a word out faster than the regex engine's scan.
_NAME_WORDS = (
    ("pass", r"pass(?:word|wd|phrase|wort)?(?:[_\-]?value)?"),  # `secretValue`: what the name holds
    ("pwd", "pwd"),
    ("secret", r"secret(?:[_\-]?value)?"),
    ("token", r"token(?:[_\-]?value)?"),
    ("credential", "credentials?"),
    ("key", "key(?:_base|_?material)?"),
    ("contrase", "contrase(?:ña|na)"),
    ("clave", "clave"),
    ("auth", "auth"),
    ("psk", "psk"),  # a pre-shared key (Wi-Fi, IPsec)
    ("secret_id", "secret_id"),  # Vault AppRole's credential (a UUID), or the name of a secret
    ("secret-id", "secret-id"),
    ("honeycomb-team", "x-honeycomb-team"),  # Honeycomb's API key header
    ("salt", "salt"),  # a configured salt (WordPress's `AUTH_SALT`, `HASHIDS_SALT`) keys every hash made with it
)
# Password in other languages (Portuguese, German, Dutch, Italian and Turkish, Polish, Swedish,
# Norwegian, Danish, Finnish, Hungarian, Czech, French, Russian, Chinese, Japanese, Korean): their
# own detector, so their literals are looked for in the one pass over triggers, not by every name
# search.
_NAME_WORDS_ABROAD = (
    ("senha", "senha"),
    ("kennwort", "kennwort"),
    ("wachtwoord", "wachtwoord"),
    ("parola", "parola"),
    ("hasło", "hasło"),
    ("haslo", "haslo"),
    ("senord", "l(?:ö|o)senord"),
    ("passord", "passord"),
    ("adgangskode", "adgangskode"),
    ("salasana", "salasana"),
    ("jelsz", "jelsz(?:ó|o)"),
    ("heslo", "heslo"),
    ("depasse", "motdepasse"),
    ("de_passe", "mot_de_passe"),
    ("de-passe", "mot-de-passe"),
    ("пароль", "пароль"),
    ("密码", "密码"),
    ("パスワード", "パスワード"),
    ("비밀번호", "비밀번호"),
)
VALUE = r"(?P<value>(?:@|[rbu]{1,2})?(?P<q>\\?[\"'`])(?P<qv>[^\n]{0,4000}?)(?P=q)|[^\s\"'`]{1,4000})"
# After the name, one of:
#   lsep  the separator before a lookup's default or a setter's value (`", "`, `) ||`, `?:`,
#         `.unwrap_or(`, `) {`), checked against the call before the name;
#   csep  a builder or setter call with the value as its argument (`.password("…")`, `setToken("…")`);
#   sep   an assignment (`=`, `:`, `:=`, `.=`, `||=`, `=>`) or a comparison with a literal
#         (`== "…"`), with an optional type (`: &str =`, ` string =`, `[] =`), a table's column
#         rule (`│`, as CLIs draw their NAME │ VALUE tables), spaces before a quoted literal (a
#         DSL's call, Gradle's `storePassword 'x'`), or spaces before an opaque value in prose.
_AFTER_NAME = (
    r"s?(?![a-z0-9_])(?:"
    r"(?P<lsep>[\"'`]?[ \t]*[\])]?[ \t]*(?:,[ \t]*(?:default[ \t]*=[ \t]*)?|\|\||\?\?|\?:|or[ \t]"
    r"|\)?\.unwrap_or(?:_else)?\((?:\|\|[ \t]*)?|\{)[ \t]*(?=[\"'`]))"
    r"|(?P<csep>\([ \t]*(?=[\"'`]))"
    r"|(?P<sep>(?:\\?[\"'])?\[?\]?[ \t]*(?::?[ \t]*(?:&'static str|&str|string|str|secretstr|char[ \t]*\*)[ \t]*)?"
    r"(?::{1,3}=|=>|[.+|?]{1,2}=|={1,3}|!==?|:)[ \t]*|[ \t]*[│┃║][ \t]*|[ \t]+(?=[\"'])"
    r"|[ \t]+(?:is[ \t]+|was[ \t]+)?(?=[^\s\"'`]{12}))"
    r")" + VALUE
)
_GENERIC = [(literal, re.compile(word + _AFTER_NAME)) for literal, word in _NAME_WORDS]
_GENERIC_ABROAD = [(literal, re.compile(word + _AFTER_NAME)) for literal, word in _NAME_WORDS_ABROAD]
TRIGGERS = (*(literal for literal, _ in _NAME_WORDS), "--")  # `--` starts `_FLAG`
TRIGGERS_ABROAD = tuple(literal for literal, _ in _NAME_WORDS_ABROAD)
# `--password value`: a flag name may be followed by whitespace and any value; the name may end in
# what it takes (`--token-value`, `--secret-string`).
_FLAG = re.compile(
    r"--(?:[a-z0-9\-_]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)(?:-(?:value|string|literal))?"
    r"|pat(?=[ \t=]))"
    r"(?P<sep>=|[ \t]+)(?P<value>(?P<q>[\"'])(?P<qv>[^\n]{0,4000}?)(?P=q)|[^\s\"'`]{1,4000})"
)
_NAME_CHARS_REVERSED = re.compile(r"[a-z0-9_.\-]{0,60}")
PASSWORD_NAMES = re.compile(
    r"(?:passw(?:or)?d|passphrase|passwort|contrase(?:ñ|n)a|clave|"
    + "|".join(word for _, word in _NAME_WORDS_ABROAD)  # every word of them says password
    + r"|(?:^|[_\-.])(?:pass|pwd))s?$"
)


@lru_cache(maxsize=CACHED_VALUES)
def password_name(name: str) -> bool:
    """`name` says password. Cached, as the tests below on names: a match asks it up to three
    times, and a transcript repeats its few names (`password`, `api_key`) on many lines."""
    return PASSWORD_NAMES.search(name) is not None


_STRONG_KEY_NAMES = re.compile(
    r"(?:api|access|secret|private|auth|encryption|encrypt|signing|master|app|client|license|"
    r"session|account|service|admin|deploy|bot|webhook|consumer|subscription|shared|storage|"
    r"sas|hmac|jwt|openai|anthropic|stripe|aws|azure|gcp|github|gitlab|slack|sendgrid|twilio|"
    r"mailgun|heroku|x[_\-]?api)[_\-.]?keys?$"
)
_INDEX_KEY = re.compile(
    r"(?:cache|sort|primary|foreign|partition|idempotency|object|routing|row|unique|lookup|index|dedup|file|"
    r"s3|kms|gpg|pgp|ssh|host|hash|etag|commit|content|^)[_\-.]?keys?$"
)
_WEAK_NAMES = re.compile(r"^(?:pass|auth)s?$|(?:^|[_\-.])auths?$")
# Keys meant to be seen: public and publishable halves, and the search-only and site keys that
# search and captcha vendors put in every page.
_PUBLIC_NAME = re.compile(
    r"(?:^|[_\-.])pub(?:lic|lishable)?(?:[_\-.]|keys?$|$)|publickey|publishable"
    r"|(?:^|[_\-.])(?:search|site)(?:[_\-.]?only)?(?:[_\-.]?api)?[_\-.]?keys?$"
    r"|pusher[_\-.]?(?:app[_\-.]?)?keys?$"  # Pusher's app key is in every page; its secret is not
)
# The env/config lookups whose default argument is a secret position.


@lru_cache(maxsize=CACHED_VALUES)
def public_name(name: str) -> bool:
    return _PUBLIC_NAME.search(name) is not None


@lru_cache(maxsize=CACHED_VALUES)
def _weak_name(name: str) -> tuple[bool, bool]:
    """(a key name that says no more than key, that or a bare `pass`/`auth`)."""
    weak_key = name.endswith(("key", "keys")) and not _STRONG_KEY_NAMES.search(name)
    return weak_key, weak_key or _WEAK_NAMES.search(name) is not None


_LOOKUP_CALL = re.compile(
    r"(?:getenv|environ(?:\.get)?|env\.fetch|env|getordefault|getproperty|get_env|env::var|env\.var|"
    r"getenvironmentvariable|config|environment|settings\.get|\$env:|"
    r"setproperty|setenv|putenv|setdefault|setenvironmentvariable|put|set|add|define)[ \t]*[(\[.:]?[ \t]*[\"'`]?[a-z0-9_.\-]*$"
)
_CODE_OWNER_WORDS = (
    "self this cls os config cfg conf settings args kwargs env environ process request req ctx "
    "context options opts params data user secrets props state app obj response res var local module "
    "vars values inputs matrix steps needs github"
)
_CODE_OWNERS = frozenset(_CODE_OWNER_WORDS.split())
TRAIL = ".,;:!?)]}>"
_PASSWORD_TRAIL = ",;)]}>"  # a password keeps `!`, `.`, `?`: they may be its last characters
_QUICK_REJECT = frozenset("$<[{(")
_CODE_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::|->)[A-Za-z_][A-Za-z0-9_]*)*(?:\(.*|\[.*)?$")
_CODE_SPLIT = re.compile(r"\.|::|->|\(|\[")
# A code name has digits only at the end of its words (`v2`, `utf_8`), unlike `m1m72y.yohehred8ug`.
# Possessive: giving back a letter, digit or `_` never lets a word match, and trying them made a
# failing token (`ghp_…xyz0123456789AB`) cost every split of its letters and digits.
_CODE_PART = re.compile(r"_*+[A-Za-z]++\d*+(?:_++[A-Za-z]*+\d*+)*+|\]|.*\)")
_IDENT_WORDISH = re.compile(r"^[A-Za-z_]+$")
_NUMBER_RE = re.compile(r"^[+-]?\d+(?:[.,]\d+)*$")
_NEXT_PAIR = re.compile(r"[;,][ \t]*[A-Za-z][\w .\-]{0,40}=")  # `Password=x;Encrypt=True`, `key=x,dataset=y`
_PATH = re.compile(r"^(?:~|\.{1,2})?/|^[A-Za-z]:\\")
# A namespaced configuration key (`fastly:apiKey`, `aws:region`).
_CONFIG_KEY = re.compile(r"[a-z][\w\-]*:[A-Za-z_]\w*")
# A versioned envelope of encoded parts: what a config tool stores encrypted.
_ENVELOPE = re.compile(r"v\d{1,2}:[A-Za-z0-9+/=]{8,}:")
# A URI with no user or password in it: a secret manager's reference, a link.
_REFERENCE_URI = re.compile(r"[a-z][a-z0-9+.\-]*://[^@\s]*$")
# An environment variable's name: upper-case words, letters first, an underscore apart.
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)+")
_DIGEST_KEYS = ("checksum/", "sha256/", "digest/", "hash/")
# A verb of a resource command before `secret NAME` (`get`, `describe`, `delete` …).
_RESOURCE_VERB = re.compile(r"(?:get|describe|delete|edit|patch|label|annotate|inspect|rm|show|list|ls)[ \t]+$")
_IN_ARN = re.compile(r"arn:[a-z0-9\-]+:[^\s\"'`]*:$")
# A literal in a conversion to bytes, from hex or base64 (`bytes.fromhex("…")`, `[]byte("…")`).
_CONVERTED = re.compile(
    r"[\w.]*?" + CONVERSIONS + r"[ \t]*\([ \t]*(?:[bru]{1,2})?(?P<q>[\"'])(?P<qv>[^\"'\n]{4,400})(?P=q)"
)
# Two or three short lower-case words a dash apart: a setting (`no-check`, `read-only`).
_SETTING = re.compile(r"[a-z]{2,8}(?:-[a-z]{2,8}){1,2}")
# A literal after a lookup that may find nothing (`process.env.X || "…"`, `ENV.X ?? "…"`).
_FALLBACK = re.compile(r"[ \t]*(?:\|\||\?\?|or[ \t])[ \t]*(?P<q>[\"'`])(?P<qv>[^\n]{1,400}?)(?P=q)")
# Three or more lower-case words a slash apart: a path in a store (Vault, a parameter store).
_WORD_PATH = re.compile(r"[a-z][a-z0-9_\-]{0,30}(?:/[a-z][a-z0-9_\-]{0,30}){2,}/?")
# YAML: `&name` anchors the value after it; `*name` stands for a value anchored elsewhere.
_YAML_ANCHOR = re.compile(r"&[\w\-]+[ \t]+(?:(?P<q>[\"'])(?P<qv>[^\n]{1,400}?)(?P=q)|(?P<v>[^\s\"'`]{1,400}))")
# An app password as Google shows it: sixteen letters in four groups, read aloud, not a sentence.
_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}(?!\S)")
# Folders and a file with its extension: no base64 value has a `.`, no base64url value a `/`.
_FILE_PATH = re.compile(r"(?:[\w\-.]+/)+[\w\-]+\.[A-Za-z][A-Za-z0-9]{0,7}$")


_OPENER = {")": "(", "]": "[", "}": "{", ">": "<"}


def _closes_inside(text: str, vs: int, ve: int) -> bool:
    """The value's last character closes a bracket the value itself opened (`p{a}`), so it stays."""
    closer = text[ve - 1]
    opener = _OPENER.get(closer)
    return opener is not None and text.count(opener, vs, ve) >= text.count(closer, vs, ve)


def value_ok(name: str, sep: str, value: str, quoted: bool) -> bool:
    """Whether `value` after the secret name `name` is a value rather than code, prose or a label."""
    if not value or MARKER_START in value or (name.lstrip("_-.") in ("pwd", "oldpwd") and _PATH.match(value)):
        return False  # nothing, already redacted inside, or the shell's working folder
    is_password = password_name(name)
    if not quoted:
        if value[0] in _QUICK_REJECT:
            return False
        if _NUMBER_RE.match(value):
            return is_password and len(value) >= 4 and sep.strip(" \t\"'\\") != ""
        if "(" in value and _CODE_RE.match(value):
            return False
    if value[:1] == "v" and _ENVELOPE.match(value):
        return False  # `v1:<salt>:<ciphertext>` (Pulumi's `secure:`, its `encryptionsalt`): encrypted, not a secret
    if "://" in value and _REFERENCE_URI.match(value):
        return False  # `op://vault/item/password`, `https://…`: where the secret is (a URL's own rules read it)
    if value.isupper() and _ENV_NAME.fullmatch(value) and not password_name(name):
        return False  # `"secretKey": "PAYOUTS_HMAC"`: the name of a variable, not its value
    if name.endswith(("secret_id", "secret-id")):
        return is_uuid(value)  # Vault's AppRole credential; AWS names a secret so (`--secret-id prod/db`)
    if value.count("/") >= 2 and _WORD_PATH.fullmatch(value):
        return False  # `secret/data/ci/npm`: where a secret is kept, not the secret
    weak_key, weak = _weak_name(name)
    if weak and "/" in value and _FILE_PATH.match(value):
        return False  # `--key 2024/05/orders.parquet`: an object's key or a file, named by its path
    spaced = sep.strip(" \t\"'\\") == ""  # whitespace only: `--flag value` or prose
    if spaced:
        if name.startswith("-"):
            if value.startswith("-") or weak_key and not random_looking(value) or _CONFIG_KEY.fullmatch(value):
                return False  # `--secret fastly:apiKey VALUE`: the key's name, its value follows
            return "(" not in value and not (value.isalpha() and len(value) < 6)
        # "the token is 3f9…": prose; only opaque, high-entropy values count.
        return random_looking(value, 16) and entropy_at_least(value, 3.5)
    if name.endswith("auth") and basic_pair_password(value) is not None:
        return not is_placeholder(basic_pair_password(value) or "")
    if weak:
        if weak_key and is_uuid(value):
            return False  # a UUID under a key that says no more (`InstrumentationKey`, `idempotency_key`) is an id
        digest = HEX_RE.match(value) and len(value) in (32, 40, 64, 128)
        # Hex of a hash's length is a digest under a key that indexes something (`cache_key`),
        # a credential under one that says nothing else (`auth`, `Ocp-Apim-Key`).
        return random_looking(value, 16) and not (digest and _INDEX_KEY.search(name))
    if quoted:
        if len(value) < (3 if is_password else 4):
            return False
        if is_password and _APP_PASSWORD.fullmatch(value):
            return True  # not a sentence: letters a vendor spaced into groups to be read aloud
        words = value.split()
        if name.endswith("passphrase"):
            return len(words) <= 6  # several words are a passphrase's usual shape
        return not (len(words) >= 3 or (len(words) == 2 and not is_password))  # a sentence or label
    # Unquoted: code (`self.token`, `get_key()`), identifiers and prose are not secrets.
    if _CODE_RE.match(value) and all(_CODE_PART.fullmatch(p) for p in _CODE_SPLIT.split(value.split("(")[0]) if p):
        head = _CODE_SPLIT.split(value, maxsplit=1)[0].lower()
        if "(" in value or "[" in value or head in _CODE_OWNERS:
            return False
        if "." in value or "::" in value:  # `correct.h0rse`, not `random_password.db.result`
            return is_password and "_" not in value and not value.replace(".", "").isalpha()
        if _IDENT_WORDISH.match(value):
            # A bare word: a secret in `.env` style (NAME=value), code or prose otherwise.
            env_style = sep == "=" and not value.islower() or sep == "=" and len(value) >= 6
            if "_" in value and value.upper() != value and not random_looking(value, 12):
                return False  # snake_case identifier
            return (
                env_style
                and not value.isupper()
                or random_looking(value, 12)
                or random_case(value)
                or is_password
                and scrambled_letters(value)
            )
    if not is_password and "-" in value and _SETTING.fullmatch(value) and reads_as_words(value):
        return False  # `X-Atlassian-Token: no-check`, `token: read-only`: a setting in words
    return len(value) >= (3 if is_password else 4)


def report(scan: Scan, name: str, sep: str, vs: int, ve: int, quoted: bool) -> None:
    """Add text[vs:ve], the value after the secret name `name`, when `value_ok` says it is one."""
    if value_ok(name, sep, scan.text[vs:ve], quoted):
        scan.add(vs, ve, "password" if password_name(name) else "secret")


def detect_names(scan: Scan) -> None:
    """`name=value`, `name: value`, JSON pairs, lookup defaults and `--flag value`."""
    for literal, rx in _GENERIC:
        if scan.has(literal):
            _each(scan, rx)
    if scan.has("--"):
        _each(scan, _FLAG, flag=True)


def detect_names_abroad(scan: Scan) -> None:
    """The same, under a name that says password in another language (`senha`, `kennwort`, `пароль`)."""
    for literal, rx in _GENERIC_ABROAD:
        if scan.has(literal):
            _each(scan, rx)


def _each(scan: Scan, rx: re.Pattern[str], flag: bool = False) -> None:
    """Every match, resuming after the value reported, or inside a rejected value, where another
    name may start (`token = process.env.GITHUB_TOKEN || "…"`, `Key=…;SharedAccessKey=…`)."""
    pos = 0
    while (m := rx.search(scan.lower, pos)) is not None:
        found = len(scan.hits)
        _match(scan, m, flag)
        pos = scan.hits[-1].end if len(scan.hits) > found else max(m.start("value"), m.start() + 1)


def _match(scan: Scan, m: re.Match[str], flag: bool = False) -> None:
    """Report the value of one name match when it is a secret."""
    text, lower = scan.text, scan.lower
    start = m.start()
    if flag:
        name_start = start
    else:
        window = lower[max(0, start - 60) : start][::-1]
        name_start = start - _NAME_CHARS_REVERSED.match(window).end()
        if lower.startswith("--", name_start) or lower.endswith("${", 0, name_start):
            return  # the flag rule and the shell-default rule handle these
        if lower.endswith("[redacted:", 0, name_start):
            return  # the kind inside a marker is no name
        if "arn:" in lower and _IN_ARN.search(lower, max(0, name_start - 120), name_start):
            return  # `arn:aws:secretsmanager:…:secret:prod/db-x`: a part of an identifier
        if lower.endswith(_DIGEST_KEYS, 0, name_start):
            return  # `checksum/secret: <sha256>`: a digest of the secret, keyed by its name
        if (
            m.group("sep") is not None
            and not m.group("sep").strip()
            and _RESOURCE_VERB.search(lower, max(0, name_start - 12), name_start)
        ):
            return  # `kubectl get secret NAME`, `docker secret inspect`: a resource's name follows
    lookup = not flag and m.group("lsep") is not None  # the flag pattern has neither group
    call = not flag and m.group("csep") is not None
    name = lower[name_start : m.start("lsep") if lookup else m.start("csep") if call else m.start("sep")]
    if name.endswith("s") and not name.endswith(("pass", "ss")):
        name = name[:-1]
    if public_name(name):
        return  # public_key, pubkey, NEXT_PUBLIC_…, publishable keys: meant to be seen
    if not flag and name_start and lower[name_start - 1] in "?&;" and m.group("sep") == "=":
        query_param(scan, name, m.start("value"))
        return
    if lookup and not _LOOKUP_CALL.search(lower, max(0, start - 60), start):
        return  # `f(token, "x")`, `["token", "secret"]`: a list, not a lookup with a default
    if lookup and lower[m.start("lsep")] in "\"'`" and lower[name_start - 1 : name_start] != lower[m.start("lsep")]:
        return  # `{"command": "… env.SECRET_KEY", "description": …}`: that quote ends another string
    if call and not ("." in name or name.startswith(("set", "with"))):
        return  # `get_password("service")`, `hash_token("x")`: the argument is not the value
    sep = "=" if lookup or call else m.group("sep")
    if m.group("q") is not None and not sep.strip():
        # `storePassword 'x'`: a call without parentheses, the literal its argument and the statement's
        # end; `credentials "app.terraform.io" {` names a block, and a word after it makes prose
        after = text[m.end("value") : m.end("value") + 3].lstrip(" \t")[:1]
        if after == "{" or after.isalnum():
            return
        sep = "="
    if m.group("q") is not None:
        vs, ve = m.span("qv")
        quoted = True
        if call and lower[ve + 1 : ve + 2] != ")":
            return
    else:
        if lookup or call or "==" in sep or "!=" in sep:
            return  # a lookup, a call or a comparison holds a literal only in quotes
        vs, ve = m.span("value")
        converted = _CONVERTED.match(text, vs) if "(" in text[vs:ve] else None
        if converted is None and "." in text[vs:ve]:  # `pw = process.env.X || "…"`: the fallback
            converted = _FALLBACK.match(text, ve)
        if converted:  # `key_material = bytes.fromhex('…')`: the literal is the value
            report(scan, name, sep, *converted.span("qv"), True)
            return
        if sep.strip() == ":" and text[vs] in "&*":
            anchored = _YAML_ANCHOR.match(text, vs)
            if anchored is None:
                return  # an alias (`*name`), or no value after the anchor
            if anchored.group("q") is not None:
                report(scan, name, sep, *anchored.span("qv"), True)
                return
            vs, ve = anchored.span("v")
        ve = before_closing_tag(text, vs, ve)
        if not sep.strip(" \t\"'\\") and (escaped_break := text.find("\\n", vs, ve)) != -1:
            ve = escaped_break  # prose (`… PUBLIC KEY BLOCK-----\\n…`): its value ends with its line
        quoted = False
        if password_name(name) and (grouped := _APP_PASSWORD.match(text, vs)):
            ve, quoted = grouped.end(), True  # `app_password: abcd efgh ijkl mnop`, unquoted YAML
        if sep.strip() == ":" and text[vs] in "-=":
            return  # `${X:-default}`: the shell-default rule
        if sep.strip() == "=" and text[vs] == "{" and password_name(name):
            braced = BRACED.match(text, vs)  # ODBC `PWD={p;w=d}`: braces quote a value
            if braced:
                vs, ve = vs + 1, braced.end() - 1
                quoted = True
        if not quoted:
            nxt = _NEXT_PAIR.search(text, vs, ve)  # `Password=x;Encrypt=True`
            if nxt:
                ve = nxt.start()
            trail = _PASSWORD_TRAIL if password_name(name) else TRAIL
            while ve > vs and text[ve - 1] in trail and not _closes_inside(text, vs, ve):
                ve -= 1
    if sep.strip(" \t\"'") in (":", "=") and is_public_value(text[name_start:ve].lstrip("\"'")):
        return  # `io.jsonwebtoken:jjwt-api:0.12.6`, `tiktoken==0.6.0`: a package, not a pair
    report(scan, name, sep, vs, ve, quoted)
