"""Values in a secret position: after a name that says secret, in every way code and config write it.

`name=value`, `name: value`, JSON pairs, `--flag value`, a CLI's `NAME │ VALUE` table, and the
default argument of an env-or-default lookup (`os.getenv("API_TOKEN", "…")`, `ENV.fetch`,
`getOrDefault`, `process.env.X || "…"`, PowerShell `??`). Names are matched on the lower-cased
text at the END of a name; the value decides the rest (code, prose, identifiers and numbers that
are not passwords stay). Names that stand apart from their value's position are in `structured`.
"""

from __future__ import annotations

import re

from ..public import is_public_value
from ..shapes import random_looking, secret_shaped
from .base import CONVERSIONS, Scan, before_closing_tag, in_encrypted_map
from .name_values import APP_PASSWORD, NAME_WORDS, NAME_WORDS_ABROAD, password_name, public_name, report
from .web import BRACED, query_param

VALUE = r"(?P<value>(?:@|[rbu]{1,2})?(?P<q>\"\"\"|'''|\\?[\"'`])(?P<qv>[^\n]{0,4000}?)(?P=q)|[^\s\"'`]{1,4000})"
# After the name, one of:
#   lsep  the separator before a lookup's default or a setter's value (`", "`, `) ||`, `?:`,
#         `.unwrap_or(`, `) {`), checked against the call before the name;
#   csep  a builder or setter call with the value as its argument (`.password("…")`, `setToken("…")`);
#   sep   an assignment (`=`, `:`, `:=`, `.=`, `||=`, `=>`) or a comparison with a literal
#         (`== "…"`, a lookup's `get("X-Secret") != "…"`), with an optional type (`: &str =`, ` string =`, `[] =`) and a list's opening
#         before a quoted first element (Keycloak's `"privateKey" : [ "…" ]`), a table's column
#         rule (`│`, as CLIs draw their NAME │ VALUE tables), spaces before a quoted literal (a
#         DSL's call, Gradle's `storePassword 'x'`), a network device's encoding type (Cisco's
#         `password 7 …`, `secret 9 $9$…`, FortiOS's `psksecret ENC …`: `name_values._DEVICE_TYPES`), or
#         spaces (or tabs escaped in a string) before an opaque value in prose or a table, a few
#         words and `is` before it (`the webhook key shown on the page is …`), or its brackets.
_AFTER_NAME = (
    r"s?(?![a-z0-9_])(?:"
    r"(?P<lsep>[\"'`]?[ \t]*[\])]?[ \t]*(?:,[ \t]*(?:default[ \t]*=[ \t]*)?|\|\||\?\?|\?:|or[ \t]"
    r"|\)?\.unwrap_or(?:_else)?\((?:\|\|[ \t]*)?|\{)[ \t]*(?=[\"'`]))"
    r"|(?P<csep>\([ \t]*(?=[\"'`]))"
    r"|(?P<sep>(?:\\?[\"'])?\)[ \t]*(?:!==?|===?)[ \t]*|(?:\\?[\"'])?\[?\]?[ \t]*(?::?[ \t]*(?:&'static str|&str|string|str|secretstr|char[ \t]*\*)[ \t]*)?"
    r"(?::{1,3}=|=>|[.+|?]{1,2}=|={1,3}|!==?|:)[ \t]*(?:\[[ \t]*(?=[\"']))?|[ \t]*[│┃║][ \t]*|[ \t]+(?=[\"'])"
    r"|[ \t]+(?:[05-9]|enc)[ \t]+(?=\S)"
    r"|(?:[ \t]|\\t)+(?:(?:[a-z]+[ \t]+){0,6}?(?:is|was)[ \t]+|(?:[a-z]+[ \t]+){0,4}?\((?=[^\s\"'`()]{16,}\)))?(?=[^\s\"'`]{12}))"
    r")" + VALUE
)
_GENERIC = [(literal, re.compile(word + _AFTER_NAME)) for literal, word in NAME_WORDS]
_GENERIC_ABROAD = [(literal, re.compile(word + _AFTER_NAME)) for literal, word in NAME_WORDS_ABROAD]
TRIGGERS = (*(literal for literal, _ in NAME_WORDS), "--")  # `--` starts `_FLAG`
TRIGGERS_ABROAD = tuple(literal for literal, _ in NAME_WORDS_ABROAD)
# `--password value`: a flag name may be followed by whitespace and any value; the name may end in
# what it takes (`--token-value`, `--secret-string`), or in `auth` (`netlify deploy --auth`) or `psk`;
# a dotted setting's path may lead to it (`--session.encryption_key`).
_FLAG = re.compile(
    r"--(?:[a-z0-9\-_.]*(?:pass(?:word|wd|phrase)?|pwd|secrets?|tokens?|key|credentials?|auth|psk)(?:-(?:value|string|literal))?"
    r"|pat(?=[ \t=])|pin(?=[ \t=])|[a-z0-9\-_.]*serial(?:-(?:number|key))?)"  # a licence's serial: value_ok decides by its shape
    r"(?P<sep>=|[ \t]+)(?P<value>(?P<q>[\"'])(?P<qv>[^\n]{0,4000}?)(?P=q)|[^\s\"'`]{1,4000})"
)
_NAME_CHARS_REVERSED = re.compile(r"[a-z0-9_.\-]{0,60}")
_PUBLIC_WORDS = ("public ", "publishable ", "pub ")  # a name a word apart from what says it is public
# The name of the string a name opens (`"PublicKey": "nodekey:…"`).
_OUTER_NAME = re.compile(r"(?P<name>[a-z0-9_.\-]{1,60})[\"']?[ \t]*[:=][ \t]*[\"']$")
# The env/config lookups whose default argument is a secret position, and the setters whose second
# argument is the value the first names (`xhr.setRequestHeader("X-CSRF-Token", "…")`).
_LOOKUP_CALL = re.compile(
    r"(?:getenv|environ(?:\.get)?|env\.fetch|env|getordefault|getproperty|get_env|env::var|env\.var|"
    r"getenvironmentvariable|config|environment|settings\.get|\$env:|"
    r"set[a-z_]{0,24}|putenv|put|add[a-z_]{0,24}|define|"  # any setter or adder: `setCapability`, `AddDefaultHeader`
    r"append|add_header)[ \t]*[(\[.:]?[ \t]*[\"'`]?[a-z0-9_.\-]*$"
)
_PIPED_IN = re.compile(r"(?:echo|printf)\b[^\n|]*\|[^\n|]*$")  # a value piped into the command
_ASSIGNMENT = re.compile(r"[A-Z][A-Z0-9_]{2,}=")  # an environment variable set, as the value of a name
TRAIL = ".,;:!?)]}>"
_NON_NULL = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+!")  # TypeScript's `process.env.KEY!`
_PASSWORD_TRAIL = ",;)]}>"  # a password keeps `!`, `.`, `?`: they may be its last characters
# `Password=x;Encrypt=True`, `key=x,dataset=y`; not base64's padding in a list (`KEYS=a1==,b2==`)
_NEXT_PAIR = re.compile(r"[;,&][ \t]*[A-Za-z][\w .\-]{0,40}=(?![=,\s]|$)")
_DIGEST_KEYS = ("checksum/", "sha256/", "digest/", "hash/")
# A verb of a resource command before `secret NAME` (`get`, `describe`, `delete` …).
_RESOURCE_VERB = re.compile(r"(?:get|describe|delete|edit|patch|label|annotate|inspect|rm|show|list|ls)[ \t]+$")
IN_ARN = re.compile(r"arn:[a-z0-9\-]+:[^\s\"'`]*:$")
# A literal in a conversion to bytes, from hex or base64 (`bytes.fromhex("…")`, `[]byte("…")`).
_CONVERTED = re.compile(
    r"[\w.]*?" + CONVERSIONS + r"[ \t]*\([ \t]*(?:[bru]{1,2})?(?P<q>[\"'])(?P<qv>[^\"'\n]{4,400})(?P=q)"
)
_JSON_OBJECT = re.compile(r"[ \t]*\{[ \t]*\\?\"[\w.\-]{1,60}\\?\"[ \t]*:.*\}[ \t]*")  # a JSON object in a string
# `["NAME"],`, `getenv("NAME"),`: a subscript or a call closed, then a list goes on
_SUBSCRIPT_THEN_COMMA = re.compile(r"[\"'`]?[ \t]*[\])][ \t]*,")
_SLUG = re.compile(r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*")  # lower-case words and numbers: a name
_HANDSHAKE_REACH = 200
_NAME_MIN_RANDOM = 8
# inside a request's query parameters (`requests.get(url, params={…})`, axios's `params: {…}`), not
# an SDK call's `Params={…}` (boto3's), which are its API's arguments
_QUERY_DICT = re.compile(r"(?<![\w.])params[ \t]*[=:][ \t]*\{[^{}]*[\"']$")
_CALLEE_END = re.compile(r"[\w.]\(")  # a call's name, then its `(`
_ID_WORD = re.compile(r"(?<![a-z])ids?(?![a-z])")  # a word after a name that calls the value its id
_ASSIGNS = re.compile(r"[=:│┃║]")  # a separator that assigns, typed or not (`: String =`), is no prose
_ESCAPED_SPACE = re.compile(r"\\[nt]")  # a line break or a tab escaped in a string
_ESCAPED_BREAK = re.compile(r"\\n(?=[A-Za-z_][\w.\-]*[ \t]*[=:])")  # before the next line's `NAME=`
_HTTPIE = re.compile(r"(?:^|[\s$>\"])(?:https?|xhs?)[ \t]+(?:-\S+[ \t]+)*(?:[a-z]+[ \t]+)?\S+://")  # `http GET URL …`
_NAME_REACH = 80  # how far past a value the next line's name and its `=` are looked for
# A literal after a lookup that may find nothing (`process.env.X || "…"`, `ENV.X ?? "…"`).
_FALLBACK = re.compile(r"[ \t]*(?:\|\||\?\?|or[ \t])[ \t]*(?P<q>[\"'`])(?P<qv>[^\n]{1,400}?)(?P=q)")
# YAML: `&name` anchors the value after it; `*name` stands for a value anchored elsewhere.
_YAML_ANCHOR = re.compile(r"&[\w\-]+[ \t]+(?:(?P<q>[\"'])(?P<qv>[^\n]{1,400}?)(?P=q)|(?P<v>[^\s\"'`]{1,400}))")


_OPENER = {")": "(", "]": "[", "}": "{", ">": "<"}


def _closes_inside(text: str, vs: int, ve: int) -> bool:
    """The value's last character closes a bracket the value itself opened (`p{a}`), so it stays."""
    closer = text[ve - 1]
    opener = _OPENER.get(closer)
    return opener is not None and text.count(opener, vs, ve) >= text.count(closer, vs, ve)


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


def _base64_run(name: str) -> bool:
    """A name written as no one names things: both cases and digits in a random order."""
    return (
        len(name) >= _NAME_MIN_RANDOM
        and any(map(str.isdigit, name))
        and name.lower() != name
        and name.upper() != name
        and random_looking(name, _NAME_MIN_RANDOM)
    )


def _starts_a_word(text: str, at: int) -> bool:
    """The name's secret word starts a word of it as people write names: after a non-letter, at a
    camel hump (`dbPassword`, `SQLPassword`)."""
    before, first, second = text[at - 1 : at], text[at : at + 1], text[at + 1 : at + 2]
    return not before.isalpha() or (before.islower() and first.isupper()) or (first.isupper() and second.islower())


def _pair(lower: str, name_start: int, m: re.Match[str]) -> bool:
    """The name and the literal after it are a pair in parentheses of their own, not a call's
    arguments: `[('name', 'studio-a'), ('key', '…')]`, as a logged form or a header list prints."""
    return (
        lower[name_start - 2 : name_start] in ("('", '("')
        and not _CALLEE_END.match(lower, max(0, name_start - 3))
        and lower.startswith(")", m.end("value"))
        and m.group("lsep").strip(" \t\"'") == ","
    )


def _match(scan: Scan, m: re.Match[str], flag: bool = False) -> None:
    """Report the value of one name match when it is a secret."""
    text, lower = scan.text, scan.lower
    start = m.start()
    if flag:
        name_start = start
        if _PIPED_IN.search(lower, scan.line_at(start)[0], start):
            return  # `echo … | anydesk --set-password _unattended_access`: the value comes in on the input
    else:
        window = lower[max(0, start - 60) : start][::-1]
        name_start = start - _NAME_CHARS_REVERSED.match(window).end()
        if lower.startswith("--", name_start) or lower.endswith("${", 0, name_start):
            return  # the flag rule and the shell-default rule handle these
        if lower.endswith(("[redacted:", "://"), 0, name_start):
            return  # the kind inside a marker, a URL's user (`https://KEY:…@host`: the userinfo rule's) is no name
        if scan.has("arn:") and IN_ARN.search(lower, max(0, name_start - 120), name_start):
            return  # `arn:aws:secretsmanager:…:secret:prod/db-x`: a part of an identifier
        if (
            m.group("sep") == ":"
            and lower.endswith(":", 0, name_start)
            and lower[name_start - 2 : name_start - 1].isalnum()
        ):
            # `urn:ietf:wg:oauth:2.0:oob`: a name between colons, no space after, is a part of an
            # identifier; a Ruby symbol's `  :password: x` and grep's `9:token: x` are names
            return
        if lower.endswith(_DIGEST_KEYS, 0, name_start):
            return  # `checksum/secret: <sha256>`: a digest of the secret, keyed by its name
        if lower.endswith("$", 0, name_start) and (m.group("sep") or "").lstrip().startswith(":"):
            return  # `-u "$TS_API_KEY:"`: a variable read, then a colon (PHP's `$key = …` assigns)
        if (
            m.group("sep") is not None
            and not m.group("sep").strip()
            and _RESOURCE_VERB.search(lower, max(0, name_start - 12), name_start)
        ):
            return  # `kubectl get secret NAME`, `docker secret inspect`: a resource's name follows
    if not flag and m.group("q") is None and _ASSIGNMENT.match(text, m.start("value")):
        return  # `credentials: KAGGLE_USERNAME=… KAGGLE_KEY=…`: assignments, each with its own name
    lookup = not flag and m.group("lsep") is not None  # the flag pattern has neither group
    call = not flag and m.group("csep") is not None
    name = lower[name_start : m.start("lsep") if lookup else m.start("csep") if call else m.start("sep")]
    if name.endswith("s") and not name.endswith(("pass", "ss")):
        name = name[:-1]
    if not flag and _base64_run(text[name_start : name_start + len(name)]) and not _starts_a_word(text, start):
        return  # `…+6qNRFaB6OPW moo2…`: a base64 run that ends in `pw` (a certificate's lines joined) is no name
    if public_name(name) or lower.endswith(_PUBLIC_WORDS, 0, name_start) or name.startswith("data-"):
        return  # public_key, pubkey, NEXT_PUBLIC_…, publishable keys, `public key:`, an HTML `data-…` attribute: meant to be seen
    if scan.has("encrypted") and in_encrypted_map(lower, name_start):
        return  # a SealedSecret's `encryptedData:` map: ciphertext that only its controller's key opens
    if name_start and lower[name_start - 1] in "\"'":
        outer = _OUTER_NAME.search(lower, max(0, name_start - 80), name_start)
        if outer is not None and public_name(outer.group("name")):
            return  # `"PublicKey": "nodekey:…"`: the name opens a public value
    if (
        name.endswith("salt")
        and lower.find("challenge", max(0, name_start - _HANDSHAKE_REACH), start + _HANDSHAKE_REACH) != -1
    ):
        return  # a handshake's salt beside its challenge (obs-websocket's Hello): sent in the clear, per session
    if not flag and name_start and lower[name_start - 1] in "?&;" and m.group("sep") == "=":
        query_param(scan, name, m.start("value"))
        return
    if (
        m.group("q") is not None
        and not lookup  # `"key_credential": os.environ["X"], "per_page"`: the literal after a lookup is the next name
        and scan.has("params")
        and _QUERY_DICT.search(text, max(0, name_start - 300), name_start)
    ):
        query_param(scan, name, m.start("qv"))  # `requests.get(url, params={"key": "<uuid>"})`: a query's parameter
        return
    if lookup and not _LOOKUP_CALL.search(lower, max(0, start - 60), start) and not _pair(lower, name_start, m):
        return  # `f(token, "x")`, `["token", "secret"]`: a list, not a lookup with a default
    if lookup and lower[m.start("lsep")] in "\"'`" and lower[name_start - 1 : name_start] != lower[m.start("lsep")]:
        return  # `{"command": "… env.SECRET_KEY", "description": …}`: that quote ends another string
    if lookup and _SUBSCRIPT_THEN_COMMA.match(m.group("lsep")):
        return  # `os.environ["API_KEY"], "Accept"`, `getenv("PW"), "code"`: closed, so the next literal is another's
    if call and not ("." in name or name.startswith(("set", "with"))):
        return  # `get_password("service")`, `hash_token("x")`: the argument is not the value
    sep = "=" if lookup or call else m.group("sep").replace("\\t", "\t")  # a tab escaped in a string is a tab
    if not _ASSIGNS.search(sep) and ("(" in sep or len(sep.split()) > 1):
        if _ID_WORD.search(sep):
            return  # `the access token ID (0c78…)`: the words after the name say the value is its id
        sep = " "  # prose (`… key shown on the page is …`, `secret (…)`): the value's shape decides, as after spaces
    if m.group("q") is not None and not sep.strip() and not flag:  # a flag's next word is its command's
        # `storePassword 'x'`: a call without parentheses, the literal its argument and the statement's
        # end; `credentials "app.terraform.io" {` names a block, and a word after it makes prose
        after = text[m.end("value") : m.end("value") + 3].lstrip(" \t")[:1]
        if after == "{" or after.isalnum():
            return
        if (
            "-" in name
            and name[0] != "-"
            and not password_name(name)
            and text[scan.line_at(name_start)[0] : name_start].strip()
            and _SLUG.fullmatch(m.group("qv"))
        ):
            return  # `notarytool store-credentials "halyard-notary"`: a subcommand, then the name of what it stores
        sep = "="
    if m.group("q") is not None:
        vs, ve = m.span("qv")
        quoted = True
        if _JSON_OBJECT.fullmatch(text, vs, ve):
            return  # `JWT_SECRET='{"jwk_url": …}'`: an object in a string; its own names say what in it is secret
        if text.endswith(("...", "…"), vs, ve):
            return  # `jwtToken: 'eyJraWQiO...'`: the docs' value cut short (a quote after it: not a text cut)
        if call and lower[ve + 1 : ve + 2] != ")":
            return
    else:
        if sep == "==" and _HTTPIE.search(lower, lower.rfind("\n", 0, start) + 1, start):
            query_param(scan, name, m.start("value"))  # httpie's `key==value` is a query parameter
            return
        if lookup or call or "==" in sep or "!=" in sep:
            return  # a lookup, a call or a comparison holds a literal only in quotes
        vs, ve = m.span("value")
        if text.endswith(("...", "…"), vs, before_closing_tag(text, vs, ve)):
            return  # `secret-token:mercury_production_...`: a value cut short to show its shape (`…...</pre>` too)
        if text[vs] == "{" and sep.strip(" \t\"'") in (":", "="):  # `"apiToken": {"value": "…"}` too
            _map_values(scan, name, vs)  # `apiKey: { mainnet: "…", sepolia: "…" }`: one per network
            return
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
        # a line break escaped in a string ends the value before the next line's name (`TOKEN=xoxb-0…\\n
        # TEAM=T0` in a JSON string); in prose (`… PUBLIC KEY BLOCK-----\\n…`) any escaped break or tab does
        escaped_break = (
            _ESCAPED_SPACE.search(text, vs, ve)
            if not sep.strip(" \t\"'\\")
            else _ESCAPED_BREAK.search(text, vs, ve + _NAME_REACH)  # the next name may run past the value
        )
        if escaped_break is not None and escaped_break.start() < ve:
            ve = escaped_break.start()
        quoted = False
        if password_name(name) and (grouped := APP_PASSWORD.match(text, vs)):
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
                if text[ve - 1] == "!" and text[ve : ve + 1] in "\"'`" and not _NON_NULL.fullmatch(text, vs, ve):
                    break  # `'client_secret=ta-secret.…!'`: a quote closes the pair, so `!` ends the value
                ve -= 1
    if sep.strip(" \t\"'") in (":", "=") and is_public_value(text[name_start:ve].lstrip("\"'")):
        return  # `io.jsonwebtoken:jjwt-api:0.12.6`, `tiktoken==0.6.0`: a package, not a pair
    report(scan, name, sep, vs, ve, quoted)


# An entry of such a map that names an id, a name or a place, or the parts of a ciphertext (Chef's
# encrypted data bag item: `encrypted_data`, `iv`, `auth_tag`, `cipher`).
_ID_ENTRY = re.compile(
    r"[\"']?[\w.\-]{0,40}(?:id|Id|ID|_name|Name|name|url|Url|URL|type|iv|nonce|_tag|cipher|encrypted_data|version"
    r"|workspace|project|account|region)"
    r"[\"']?[ \t]*:"
)
_JWK_PUBLIC_ENTRY = re.compile(r"[\"']?(?:n|e|x|y|kty|crv|alg|use|kid|x5c|x5t)[\"']?[ \t]*:")
_MAP_ENTRY = re.compile(r"[\"']?[\w.\-]{1,40}[\"']?[ \t]*:[ \t]*(?P<q>[\"'])(?P<qv>[^\"'\n]{1,400})(?P=q)")
_MAP_REACH = 600


def _map_values(scan: Scan, name: str, start: int) -> None:
    """The quoted values of the map that opens at `start` under the secret name `name`: a key
    per network, environment or region."""
    text = scan.text
    depth, end = 0, min(len(text), start + _MAP_REACH)
    for i in range(start, end):
        depth += (text[i] == "{") - (text[i] == "}")
        if depth == 0:
            end = i
            break
    for m in _MAP_ENTRY.finditer(text, start + 1, end):
        if _ID_ENTRY.match(m.group()) or _JWK_PUBLIC_ENTRY.match(m.group()):
            continue  # `dbCredentials: { accountId: "…" }`; a JWK's public members (keys.py reads JWKs)
        if secret_shaped(m.group("qv")):  # generated, as a key per network is: `strategy: "header"` is no key
            report(scan, name, ":", *m.span("qv"), True)
