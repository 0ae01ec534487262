"""Credentials passed to calls: the string literals of a call whose name says it takes one.

A call names what it takes (`login`, `connect`, `HTTPBasicAuth`, `hmac.new`, a client's
constructor): its literals are candidates, found from each quote after `(` or `,` and looked up
to the call's `(`, on its line or, for a call written one argument a line, on a line before.
The value's shape decides, as for flags (`arguments`); a key the literal stands under that
names an id (`clientId: "…"`) keeps it.
"""

from __future__ import annotations

import re

from ..shapes import HEX_RE, UUID_TEXT, classes, hash_shaped, is_uuid, opaque_token, password_shaped, random_looking
from .base import CONVERSIONS, Scan
from .name_values import ENVIRONMENT_HEAD, public_name

# A call whose name says it takes a credential: its string literals are candidates.
_CALL = re.compile(
    r"(?:log_?in(?:ex|async)?|sign_?in|auth(?:enticate)?|connect(?:ion)?|credentials?|client|session|github|fernet|hmac\.new|hmac\w*|jwt\.encode|jwt\.sign|"
    r"minio|redis|mongo|smtp(?:_ssl)?|imap4?(?:_ssl)?|ftp(?:_tls)?|signer|signing(?:_key)?|basic|aes\.new|keyspec|token|secret|apikey|"
    r"password|[th]otp|bind\w*|(?:create|add|new)_?(?:account|user)|api_key|execute_kw|(?:set|load|open|read)_?(?:(?:key|trust)_?store|pfx|p12|pkcs12))[ \t]*\($"
    # `verify_webhook_signature(…, "<secret>")`, `Webhook.verify!(…, "<secret>")`
    r"|(?:oauth|credential|password|secret|apikey|hmac|webhook|authenticate)(?:\w|\.|::)*!?[ \t]*\($"
    r"|signature[ \t]*\($",  # `PaytmChecksum.generateSignature(body, "<merchant key>")`
)
_CALLEE_CHARS_REVERSED = re.compile(r"[\w.]{0,80}")
_AUTH_TUPLE = re.compile(r"(?i:auth)[ \t]*=[ \t]*\($")  # `auth=(`, `basic_auth=(`, `AUTH = (`
# hex shorter than a key's, as a constructor's literal: an object's id (MongoDB's 24 digits), not a token
_SHORT_HEX = re.compile(r"[0-9a-f]{8,31}")
_ALGORITHM = re.compile(r"(?:hmac)?[-_]?(?:sha|md)[-_]?\d{1,3}|(?:aes|rsa|des|pbkdf2)[\w/\-]*|[hre]s\d{3}", re.I)
_UUID_IN = re.compile(UUID_TEXT)
_DIGEST_CALLEE = re.compile(
    r"commit|sha|hash|digest|oid|rev|checksum|object|repo|build|ref|pull|merge|(?<![a-z])id", re.I
)
_USER_NAME = re.compile(r"[A-Za-z][\w.@\-]{0,40}")
_USER_KEY_MIN = 12
_KEY_GROUPS = re.compile(r"[0-9A-Fa-f]{4,8}(?:-[0-9A-Fa-f]{4,8}){3,7}")  # a key in dashed groups of hex
_ACCOUNT_DIGITS = 6  # a number this long before a key is an account's or an app's, not an issue's or a build's
_KEYED_PRIMITIVE = re.compile(r"hmac|cipher|aes|fernet", re.I)  # its literal is the key, a UUID too
# The key an argument's literal stands under in an options object, and keys that name an id
_KEYED = re.compile(r"(?P<key>[A-Za-z_][\w\-]{0,40})[\"']?[ \t]*[:=][ \t]*$")
_ID_KEY = re.compile(r"(?:id|Id|ID)$")
# Every literal, short ones too: skipping `"a"` would pair its closing quote with the next literal's
# opening one. A quote escaped in a string (`\"` in a JSON string of code) is no literal's end.
_LITERAL = re.compile(r"(?:\b[bru]{1,2})?(?<!\\)(?P<q>[\"'])(?P<value>[^\"'\n]{0,300})(?<!\\)(?P=q)")
# Callees whose long hex literal is a key, not a digest: clients (`meraki.DashboardAPI(…)`), and the
# keyed primitives (HMAC, ciphers, signers).
_TOKEN_CALLEES = re.compile(r"github|session|client|token|auth|key|hmac|cipher|aes|fernet|sign|api[ \t]*\($", re.I)
# A sign-in that takes a user, then a password (`client.login("handle", "<app password>")`): its
# second literal is the password whatever its shape, unless the value test calls it a stand-in.
# A call that sets a client's credentials takes them so too (`client.add_credentials("<account>", "<key>")`).
_SIGN_IN = re.compile(
    r"(?:log_?in|authenticate|sign_?in)(?:ex|async|_?user)?[ \t]*\($|(?:add|set|with|use)_?credentials?[ \t]*\($", re.I
)  # `LoginEx(`
# XML-RPC's calls that take the database, the user, then the password or API key by position
# (Odoo's `execute_kw(db, uid, key, model, method, …)`, `authenticate(db, login, key, {})`).
_THIRD_IS_PASSWORD = re.compile(r"(?:execute_kw|authenticate)[ \t]*\($")
# An Authorization header built in code (`new AuthenticationHeaderValue("Splunk", "<uuid>")`): a UUID
# there is the credential, as Splunk, Heroku and Postmark issue them; so is a UUID that is a client's
# only argument (`new PostmarkClient("<uuid>")`).
_HEADER_CALLEES = re.compile(r"authenticationheadervalue|authorization|authheader", re.I)
# A conversion around a literal (bytes from text, hex or base64): the call it is passed to decides.
_CONVERSION = re.compile(CONVERSIONS + r"[ \t]*\($")
# A client's constructor or factory (`new PDO(`, `Airtable(`, `ethers.Wallet(`, `SearchClient.create(`):
# it takes the account's credentials by position, so a literal with all four kinds of character
# or a generated token is one.
_CONSTRUCTOR = re.compile(
    r"(?<![\w.])(?:(?:\w+\.)*[A-Z]\w*(?:\.(?:create|connect|new|init|open|login))?|(?<=new )|new)[ \t]*\($"
)  # `new CosmosClient(…)`, C#'s target-typed `new(…)`


# A factory whose result is named a client, a session or a connection (`adminClient =
# algoliasearch(…)`, `conn := ldap.Dial(…)`): it took the account's credentials. The statement may
# open a JSON string or an HTML element (`"content":"$api = new phpFreja(…)`, `<pre>$api = …`).
_ASSIGNED_CLIENT = re.compile(
    r"(?:^|[\s(,\"'>])[\w.$]*(?:client|session|conn|connection|api|sdk)[ \t]*(?::[ \t]*[\w.<>\[\]]+[ \t]*)?"
    r"(?::=|=)[ \t]*(?:await[ \t]+)?(?:new[ \t]+)?(?P<callee>[\w.]+)[ \t]*\($",
    re.I,
)
# A literal after `(` or `,`, on the call's line or on a line of its own (a call written one
# argument a line, as formatters write long ones): two patterns, each with a literal first
# character, which a search skips to far faster than to either of a class of two.
_LITERAL_STARTS = tuple(re.compile(re.escape(c) + r"\s*(?:[bru]{1,2})?[\"']") for c in "(,")
_URL_NEXT = re.compile(r"[ \t]*,[ \t]*[\"']https?://")  # the next argument is a URL: a client's key, then its host
_WINDOWS_ACCOUNT = re.compile(r"[A-Za-z][\w.\-]{0,30}\\{1,2}[A-Za-z][\w.\-$]{0,40}")  # `DOMAIN\user`
_IDENTIFIED_CLIENT = re.compile(r"tenant|account|project|org|workspace|site|region", re.I)
_SERVICE_KEYWORD = re.compile(r"[,(][ \t]*\w*(?:url|endpoint|host|base|server)\w*[ \t]*=")  # `server_url=`, `base_url=`
_KEYWORDS_ONLY = re.compile(r"(?:[ \t]*,[ \t]*\w+[ \t]*=[^,=]*)*[ \t]*,?[ \t]*")  # `, timeout=10, retries=3`
_CALL_REACH = 400  # how far before its literal a call's `(` is looked for, and after it its `)`


def _start(m: re.Match[str]) -> int:
    return m.start()


def _matching(text: str, pos: int, stop: int) -> int:
    """The bracket that pairs with a call's: scanning back from `pos` to `stop`, the `(` of the
    call around `pos`; forward from the `(` at `pos` to `stop`, its `)`. Brackets between are
    counted; -1 when a square bracket pairs first, or none does before `stop`."""
    forward = stop > pos
    inner, outer = ("([", ")]") if forward else (")]", "([")
    depth = 0
    for i in range(pos + 1, min(len(text), stop)) if forward else range(pos - 1, stop - 1, -1):
        c = text[i]
        if c in inner:
            depth += 1
        elif c in outer:
            if depth == 0:
                return i if c in "()" else -1
            depth -= 1
    return -1


def _top_level_commas(between: str) -> int:
    """The commas outside brackets in a call's text before an argument: the arguments before it."""
    depth = commas = 0
    for c in between:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            commas += 1
    return commas


def detect_calls(scan: Scan) -> None:
    """String literals passed to a credential-taking call (`connect(h, u, "pw")`, `Github("…")`).

    Found from the literals: a quote after `(` or `,` is looked up to the `(` of its call, and
    only a call whose name says credential is read (prose has few quoted call arguments).
    """
    text = scan.text
    if not scan.has("("):
        return
    done: set[int] = set()
    for q in sorted((m for rx in _LITERAL_STARTS for m in rx.finditer(text)), key=_start):
        line_start = text.rfind("\n", 0, q.start()) + 1
        open_at = q.start() if text[q.start()] == "(" else text.rfind("(", line_start, q.start())
        if open_at == -1 and text[q.start()] == ",":  # a call written one argument a line: its `(` ends a line
            reach = max(0, q.start() - _CALL_REACH)
            opener = max(text.rfind("(\n", reach, q.start()), text.rfind("(\r\n", reach, q.start()))
            close = _matching(text, opener, opener + _CALL_REACH) if opener != -1 else -1
            open_at = opener if opener != -1 and (close == -1 or close > q.start()) else -1
            line_start = text.rfind("\n", 0, open_at) + 1
        elif open_at != -1 and text.find(")", open_at, q.start()) != -1:
            # `f(g(x), "y")` on one line: the literal is the call's whose brackets hold it
            open_at = _matching(text, q.start(), max(line_start, q.start() - _CALL_REACH))
        if open_at == -1 or open_at in done:
            continue
        done.add(open_at)
        head = text[max(line_start, open_at - 80) : open_at + 1]
        if (
            _CONVERSION.search(head.lower())
            and (outer := _matching(text, open_at, max(line_start, open_at - 120))) != -1
        ):
            # `hmac.New(sha256.New, []byte("…"))`: the literal is the outer call's argument
            open_at = outer
            head = text[max(line_start, open_at - 80) : open_at + 1]
        call = _CALL.search(head.lower()) or _AUTH_TUPLE.search(head)
        if call is None or call.end() != len(head):
            call = _CONSTRUCTOR.search(head) or _ASSIGNED_CLIENT.search(head)
            if call is None:
                continue
        back = _CALLEE_CHARS_REVERSED.match(head[: call.start()][::-1]).end()
        callee = head[call.start() - back :]
        token_callee = call.re is _AUTH_TUPLE or bool(_TOKEN_CALLEES.search(callee))
        if call.re is _ASSIGNED_CLIENT:
            callee, token_callee = call.group("callee"), True
        elif call.re is _CONSTRUCTOR and not token_callee and _ASSIGNED_CLIENT.search(head):
            token_callee = True  # `api = new HAM('<uuid>')`: a client, named so where it is kept
        if text[open_at + 1 : open_at + 2].isspace():  # one argument a line: to the call's own `)`
            close = _matching(text, open_at, open_at + _CALL_REACH)
            end = close if close != -1 else min(len(text), open_at + _CALL_REACH)
        else:  # on one line: to the first `)`, the line's end at the latest
            close = text.find(")", open_at)
            if close != -1 and text.find("(", open_at + 1, close) != -1:  # `f(g(x), …)`: past the inner `)`
                paired = _matching(text, open_at, min(len(text), open_at + _CALL_REACH))
                close = paired if paired != -1 else close
            end = close if close != -1 and close - open_at <= _CALL_REACH else min(len(text), open_at + _CALL_REACH)
            nl = text.find("\n", open_at, end)
            end = nl if nl != -1 else end
        constructor = call.re is _CONSTRUCTOR
        sign_in = _SIGN_IN.search(callee) is not None
        third = _THIRD_IS_PASSWORD.search(callee) is not None
        after_url = False  # the literal before was a URL: a client's host, then its key
        after_number = False  # the literal before was a number: an account's or an app's, then its key
        after_user = False  # the literal before was a user's name after the client's URL: then its key
        key_hex, key_start, key_end = 0, 0, 0  # the literal before, when hex of a key's length: length, span
        n = -1  # the argument's place among the call's own literals (not a subscript's: `os.environ["KEY"]`)
        for lit in _LITERAL.finditer(text, open_at + 1, end):
            value, follows_url, follows_number, follows_user = lit.group("value"), after_url, after_number, after_user
            after_url, after_number = "://" in value, value.isdigit() and len(value) >= _ACCOUNT_DIGITS
            after_user = follows_url and _USER_NAME.fullmatch(value) is not None
            between = text[open_at + 1 : lit.start()]
            if between.count("(") + between.count("[") == between.count(")") + between.count("]"):
                n += 1
            if len(value) < 4:
                continue
            if third and len(value) >= 6 and _top_level_commas(between) == 2:
                scan.add(lit.start("value"), lit.end("value"), "argument")
                continue
            if sign_in and n == 1 and len(value) >= 6 and "@" not in value and _top_level_commas(between) == 1:
                # the second argument (an e-mail address is the user; after a call in between, a literal is no password)
                scan.add(lit.start("value"), lit.end("value"), "argument")
                continue
            if _ALGORITHM.fullmatch(value) or _WINDOWS_ACCOUNT.fullmatch(value):
                continue  # `SecretKeySpec(key, "HmacSHA256")`: the algorithm's name beside the key; `CORP\\svc`: a user
            keyed = _KEYED.search(text, max(open_at, lit.start() - 60), lit.start())
            if keyed is not None and (_ID_KEY.search(keyed.group("key")) or public_name(keyed.group("key").lower())):
                continue  # `createClient({ clientId: "…" })`, `{ public_key: "…" }`: the key names an id or a public value
            # two literals side by side in hex of one key's length: a key and its secret
            # (`Connection('<32 hex>', '<32 hex>')`), whatever the call; not a digest's call
            hex_key = len(value) >= 32 and HEX_RE.fullmatch(value) is not None and not _DIGEST_CALLEE.search(callee)
            if hex_key and key_hex == len(value) and text[key_end : lit.start()].strip() == ",":
                scan.add(key_start, key_end - 1, "argument")
                scan.add(lit.start("value"), lit.end("value"), "argument")
            key_hex, key_start, key_end = (len(value), lit.start("value"), lit.end()) if hex_key else (0, 0, 0)
            if constructor and not token_callee:
                first = not text[open_at + 1 : lit.start()].strip()
                if (
                    classes(value) == 4
                    and password_shaped(value)
                    or (opaque_token(value) and not _SHORT_HEX.fullmatch(value))
                    # a client's first argument in hex of a key's length (`OWM("<32 hex>")`), not a digest's,
                    # or its argument after a number (`new OpenTok('<api key>', '<40 hex>')`) or its URL
                    or ((first or follows_number or follows_url) and hex_key)
                    or (follows_url and _KEY_GROUPS.fullmatch(value) is not None)  # mailcow's `8907B8-574B31-…`
                    # or a UUID, its only positional argument, when the keywords after it name the
                    # service's address (`Translator("<uuid>", server_url="https://…")`): a client's key
                    or (
                        first
                        and is_uuid(value)
                        and not _IDENTIFIED_CLIENT.search(callee)
                        and _KEYWORDS_ONLY.fullmatch(text, lit.end(), end) is not None
                        and _SERVICE_KEYWORD.search(text, lit.end(), end) is not None
                    )
                ):
                    scan.add(lit.start("value"), lit.end("value"), "argument")
            elif (
                password_shaped(value)
                or opaque_token(value)
                or (token_callee and len(value) >= 32 and hash_shaped(value) and not is_uuid(value))
                # a key marked for its environment (`ScaleClient("test_<32 hex>")`)
                or (
                    token_callee
                    and (env := ENVIRONMENT_HEAD.match(value)) is not None
                    and random_looking(value[env.end() :], 20)
                )
                or (is_uuid(value) and _HEADER_CALLEES.search(callee) is not None)
                or (is_uuid(value) and _KEYED_PRIMITIVE.search(callee) is not None)  # `hmac.new(b"<uuid>", …)`
                # a client's only positional argument (`Client("<uuid>", timeout=10)`), unless the
                # client is named for what the UUID identifies (`TenantClient("<uuid>", region="eu")`)
                or (
                    is_uuid(value)
                    and token_callee
                    and not _IDENTIFIED_CLIENT.search(callee)
                    and not text[open_at + 1 : lit.start()].strip()
                    and _KEYWORDS_ONLY.fullmatch(text, lit.end(), end) is not None
                )
                or (token_callee and follows_url and (is_uuid(value) or _KEY_GROUPS.fullmatch(value) is not None))
                # `NativeApi("https://…", "<uuid>")`, `MailcowApiClient("https://…", "<hex groups>")`
                # `new MulticraftAPI('https://…', 'admin', '<20 hex>')`: a client's URL, a user, then the key
                or (follows_user and len(value) >= _USER_KEY_MIN and (HEX_RE.match(value) or random_looking(value, 12)))
                or (
                    is_uuid(value) and token_callee and _URL_NEXT.match(text, lit.end()) is not None
                )  # `MakerAPI("<uuid>", "https://…")`
                or (
                    token_callee and len(_UUID_IN.findall(value)) >= 2
                )  # Notify's `<name>-<service uuid>-<secret uuid>`
            ):
                scan.add(lit.start("value"), lit.end("value"), "argument")
