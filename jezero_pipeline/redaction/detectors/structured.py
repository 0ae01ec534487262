"""Secret names in structured forms, where the name does not stand right before its value.

A name under one key and its value under the next (a Kubernetes or ECS `env` entry, a password
manager's field), a shell default (`${API_TOKEN:-…}`), netrc's `password X` after `machine` and
`login`, XML (`<password>…</password>`, `<add key="…Password" value="…"/>`), a dotted setting
with its secret word inside (`fs.azure.account.key.ACCOUNT.dfs.core.windows.net`), the items of a
YAML block under a key that names secrets, a table's secret column, passwords kept in clear or a
reversible encoding, and an SNMP community. The name is read with the words `names` reads a name
before its value with (`name_values.SECRET_NAME`), and the value is decided as
`name_values.value_ok` decides one written after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from ..shapes import HEX_RE, is_uuid, password_shaped, random_looking, secret_shaped
from .base import RESULT_PREFIX, Scan, before_closing_tag, glued, lines_after
from .name_values import SECRET_NAME, public_name, report
from .names import TRAIL, VALUE

# A name and its value under two keys of one entry: a Kubernetes or ECS `env` entry (`- name: X` and
# `value: …` on the next line, or `{"name": "X", "value": "…"}`), CloudFormation's
# `ParameterKey=X,ParameterValue=…`, a password manager's field (`"label": "password", "value"`),
# a key/value tag or setting.
# Found from the value's key (`value`, a literal first: the text is searched for it at C speed),
# then the entry's name looked for in the stretch right before it.
_VALUE_KEY = re.compile(r"(?:parameter|secret)?value[\"']?[ \t]*[:=][ \t]*" + VALUE)
_NAME_KEY_BEFORE = re.compile(
    r"(?:^|(?<=[\s{,\[\-]))[\"']?(?:name|key|label|parameterkey|parametername|secretkey)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"(?P<name>[a-z0-9_.\-]{2,80})[\"']?(?:[ \t]*,[ \t]*|[ \t]*,?[ \t]*\r?\n[ \t]*(?:-[ \t]+)?|[ \t]+)[\"']?$"
)  # apart by a comma, a line (a YAML list's entry, a JSON object's next key: a Postman variable) or a
# space (XML's `<param name="password" value="…"/>`)
_NAME_REACH = 160


# A command's `--name NAME --value VALUE` (`az keyvault secret set`, `aws ssm put-parameter`,
# `envman add --key`), one option allowed between them.
_FLAG_PAIR = re.compile(
    r"(?<![\w\-])--?(?:name|key)[ \t=]+[\"']?(?P<name>[\w./\-]{2,120})[\"']?[ \t]+(?:--?[\w\-]+(?:[ \t=]+[^\s\-]\S*)?[ \t]+)?"
    r"--?value[ \t=]+" + VALUE
)  # PowerShell's `-Name X -Value Y` too


def detect_name_value_pairs(scan: Scan) -> None:
    """A secret whose name stands under its own key, its value under the next (`- name: DB_PASSWORD`
    then `value: "…"`, `--name db-password --value …`): the name decides as it does written before
    the value."""
    lower = scan.lower
    if scan.has("-value"):
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
    if not SECRET_NAME.search(name) or public_name(name):
        return
    text = scan.text
    quoted = m.group("q") is not None
    vs, ve = m.span("qv") if quoted else m.span("value")
    if not quoted:
        while ve > vs and text[ve - 1] in TRAIL:
            ve -= 1
    report(scan, name, "=", vs, ve, quoted)


_SUBSTRING = re.compile(r"[ \t]*-?\d+(?::[ \t]*-?\d+)?")  # bash's `${VAR:offset:length}`
_SHELL_DEFAULT = re.compile(r"\$\{(?P<name>[a-z0-9_.\-]{1,80}?)(?::?[-=]|:)(?P<value>[^}\n]{1,400})\}")


def detect_shell_defaults(scan: Scan) -> None:
    """`${API_TOKEN:-value}`, `${DB_PASSWORD:=value}`, Spring `${db.password:value}`."""
    if not scan.has("${"):
        return
    for m in _SHELL_DEFAULT.finditer(scan.lower):
        name = m.group("name")
        if not SECRET_NAME.search(name) or public_name(name):
            continue
        vs, ve = m.span("value")
        value = scan.text[vs:ve]
        if value.startswith("?") or _SUBSTRING.fullmatch(value):
            continue  # `${VAR:?message}`: the message printed when VAR is unset; `${TOKEN:0:10}`: its first characters
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) >= 2:
            vs, ve = vs + 1, ve - 1
        report(scan, name, "=", vs, ve, True)


_NETRC_PASSWORD = re.compile(r"password[ \t]+(?P<value>[^\s]+)")
_NETRC_CONTEXT = re.compile(r"(?:^|\s)(?:machine[ \t]+\S+|default)(?:\s|$)")
_NETRC_LOGIN = re.compile(r"(?:^|\s)login[ \t]+\S+")
_NETRC_TOKEN_LOGIN = re.compile(r"(?:^|(?<=\s))login[ \t]+(?P<value>[A-Za-z0-9_\-.]{20,200})(?=\s|$)")


def detect_netrc(scan: Scan) -> None:
    """netrc's `machine H login L password P`, on one line or on the lines after `machine`, and a
    login that is a generated key."""
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
    for m in _NETRC_TOKEN_LOGIN.finditer(scan.text):
        # a login that is a generated key (an API's token as the user, its password empty), after a `machine`
        value = m.group("value")
        machine = lower.rfind("machine", max(0, m.start() - 300), m.start())
        if machine != -1 and (random_looking(value, 20) or (HEX_RE.match(value) and len(value) >= 32)):
            scan.add(*m.span("value"), "password")


_XML_ELEMENT = re.compile(
    r"<(?P<name>[a-z0-9_.:\-]{0,40}(?:password|passwd|passphrase|secret|token|key|storepass|keypass)"
    r"|(?:[a-z0-9_.:\-]{0,40}[_.:\-])?pass)"  # Maven's jarsigner `<storepass>`, `<keypass>`
    r"(?:[ \t][^<>\n]{0,200})?>"  # FileZilla's `<Pass encoding="base64">`
    r"(?P<value>[^<\n]{1,2000})</(?P=name)>"  # closed by its own tag: `<user:password> x</pre>` is no element
)
# An element named by its attribute (Android's `<string name="maps_api_key">…</string>`, a Java
# properties file's `<entry key="db.password">…</entry>`): the attribute is the name, the text its value.
_XML_NAMED = re.compile(
    r"<(?P<tag>[a-z][\w.\-]{0,30})[ \t]+(?:name|key)=[\"'](?P<name>[^\"'\n]{1,80})[\"'][^<>\n]{0,200}>"
    r"(?P<value>[^<\n]{1,2000})</(?P=tag)>"
)
_XML_ADD = re.compile(r"<add\s+key=\"(?P<name>[^\"]{1,80})\"\s+value=\"(?P<value>[^\"\n]{1,400})\"")


# A property list's `<key>CodePushDeploymentKey</key>` and the `<string>…</string>` after it.
_PLIST = re.compile(r"<key>(?P<name>[^<\n]{1,80})</key>\s{0,40}<string>(?P<value>[^<\n]{1,400})</string>")


_PLIST_VALUE_NEXT = re.compile(
    r"[^<]{0,60}<(?:string|true|false|integer|real|data|date|dict|array)\b"
)  # a gutter may stand between
# `<AdministratorPassword>` then `<Value>…</Value>` on its next line (Windows' unattend.xml)
_XML_VALUE_CHILD = re.compile(r"<(?P<name>[\w:.\-]{1,80})>\s{0,40}<value>(?P<value>[^<\n]{1,400})</value>")
XML_TRIGGERS = ("</", "<add")


def detect_xml(scan: Scan) -> None:
    """`<password>…</password>` (Maven settings.xml), `<add key="…Password" value="…"/>` (.NET), a
    property list's `<key>…Key</key><string>…</string>` (iOS, macOS), an element's `<Value>` child
    and an element named by its attribute (`<string name="…_api_key">…</string>`)."""
    for literal, rx in (
        ("</", _XML_ELEMENT),
        ("<add", _XML_ADD),
        ("<key>", _PLIST),
        ("<value>", _XML_VALUE_CHILD),
        ("</", _XML_NAMED),
    ):
        if not scan.has(literal):
            continue
        for m in rx.finditer(scan.lower):
            name = m.group("name")
            if rx is _XML_ELEMENT and name == "key" and _PLIST_VALUE_NEXT.match(scan.lower, m.end()):
                continue  # a property list's `<key>SKAdNetworkIdentifier</key>`: the name of the value after it
            if (rx is not _XML_ELEMENT and not SECRET_NAME.search(name)) or public_name(name):
                continue  # a key's element (PAN-OS's keygen `<key>`) is tested as any value under `key`
            report(scan, name, "=", *m.span("value"), True)


_SNMP_COMMUNITY = re.compile(r"snmp-server[ \t]+community[ \t]+(?P<value>\S+)")


def detect_snmp_communities(scan: Scan) -> None:
    """`snmp-server community NAME RO`: the community string is the password of SNMP v1 and v2c
    (`public` and `private` are every device's defaults)."""
    for m in _SNMP_COMMUNITY.finditer(scan.lower):
        if m.group("value") not in ("public", "private"):
            scan.add(*m.span("value"), "password")


# A dotted setting whose secret word stands inside it: Hadoop's `fs.azure.account.key.ACCOUNT.dfs…`,
# Kafka's `basic.auth.user.info`; written `name=value`, `name: value` or as a setter's two
# arguments (`spark.conf.set("fs.azure.account.key.…", "…")`). Found from the word's literal.
DOTTED_TRIGGERS = (".key.", ".auth.", ".secret.", ".password.", ".token.")
_DOTTED_CHARS_REVERSED = re.compile(r"[a-z0-9_.\-]{0,80}")
_DOTTED_REST = re.compile(r"[a-z0-9_.\-]{0,120}")
# (or a file's, by its extension: `jaasauth.key.pub.pem` is a file, not a setting)
_NAMES_NO_SECRET = re.compile(
    r"[._\-](?:ids?|name|alias|url|uri|path|file|location|type|version)$"
    r"|\.(?:pub|pem|crt|cer|der|csr|p12|pfx|jks|json|ya?ml|txt|ini|conf|cfg|env)$"
)
_DOTTED_VALUE = re.compile(
    r"[\"']?[ \t]*(?:[=:][ \t]*|,[ \t]*(?:\r?\n[ \t]*)?(?=[\"']))" + VALUE
)  # a call's value is quoted


def detect_dotted_names(scan: Scan) -> None:
    """A value after a dotted setting whose name, up to a secret word inside it, names a secret."""
    lower = scan.lower
    for literal in DOTTED_TRIGGERS:
        at = lower.find(literal)
        while at != -1:
            word_end = at + len(literal) - 1
            start = at - _DOTTED_CHARS_REVERSED.match(lower[max(0, at - 80) : at][::-1]).end()
            end = _DOTTED_REST.match(lower, word_end).end()
            at = lower.find(literal, word_end)
            name = lower[start:word_end]
            m = _DOTTED_VALUE.match(lower, end)
            if _NAMES_NO_SECRET.search(lower, word_end, end):
                continue  # `here.access.key.id=…`, `ssl.key.path`: the key's id or its file, named after the word
            if m is not None and SECRET_NAME.search(name) and not public_name(name):
                _report(scan, name, m)


# A YAML key that names secrets with no value on its line, then the block under it: each item in
# the block that is one value (Kratos's `secrets:` / `cipher:` / `- <key>`, a list of API keys),
# and each value of a map in it.
# A block with no indent at all (`secrets:` then `- a`, or lines whose indent a gutter view took
# away) runs over keys that open blocks to the first key with a value on its line.
YAML_LIST_TRIGGERS = ("secret:", "secrets:", "keys:", "tokens:", "passwords:", "credentials:")
# The key ends its line; it starts one, or follows a prefix (`[time] user: secrets:`, a JSON
# string's opening quote, `<pre>`), and then its block is the lines after it, however indented.
_YAML_BLOCK_KEY = re.compile(r"(?m)(?:^|(?<=[\s\"'>]))[\"']?(?P<name>[a-z0-9_.\-]{1,60})[\"']?[ \t]*:[ \t]*\r?$")
_YAML_OPENER = re.compile(r"[\"']?[\w.\-]{1,60}[\"']?[ \t]*:[ \t]*\r?")
# (a `#` inside a plain value is the value's: a comment starts after a space)
_YAML_ITEM = re.compile(r"[ \t]*(?:-[ \t]+)?(?P<q>[\"']?)(?P<value>[^\s\"'#:][^\s\"':]*)(?P=q)[ \t]*[\"'}\],]*\r?")
# An entry of a map in the block (LiveKit's `keys:` / `<key id>: <secret>`); in a block with no
# indent such a line is the next key's, and ends it.
_YAML_ENTRY = re.compile(
    r"[ \t]*[\"']?(?![\w.\-]*(?:vault|file|path|ref|source|from|name|id|url|uri|engine|mount|field|type|secure)[\w.\-]*"
    r"[\"']?[ \t]*:)[\w.\-]{1,60}[\"']?[ \t]*:[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"'#]+)(?P=q)[ \t]*[\"'}\],]*\r?"
)  # not an entry that says where the secret is kept (GitLab's `vault: path@engine`, Drone's `from_secret:`) or
# holds it encrypted for the CI alone (Travis's and AppVeyor's `secure:`)
_YAML_BLOCK_LINES = 12  # how far below its key a block's items are looked for


def detect_yaml_secret_lists(scan: Scan) -> None:
    """Each one-value item of the YAML block under a key whose name says secret."""
    text, lower = scan.text, scan.lower
    for m in _YAML_BLOCK_KEY.finditer(lower):
        name = m.group("name")
        if not SECRET_NAME.search(name) or public_name(name):
            continue
        line_start = lower.rfind("\n", 0, m.start()) + 1
        before = lower[line_start : m.start()]
        if before.strip() and before.rstrip()[-1].isalnum():
            continue  # a sentence's end (`Currently stored credentials:`), not a key
        depth = len(before) if not before.strip() else 0
        flat = None  # whether the block has no indent, known at its first line
        maps = False  # whether its items are maps (`- groups: …` then `token: …`): their own names decide
        for pos, end in islice(lines_after(text, m.end()), _YAML_BLOCK_LINES):
            end = before_closing_tag(text, pos, end)  # `- name</pre>`: the element the block was quoted in
            line = text[pos:end]
            stripped = line.strip()
            indent = len(line) - len(line.lstrip(" \t"))
            if flat is None:
                flat = depth == 0 and indent == 0
            if not stripped or (not flat and (indent < depth or (indent == depth and not stripped.startswith("- ")))):
                break  # the block ended
            maps = maps or (stripped.startswith("- ") and _YAML_OPENER.match(stripped, 2) is not None)
            item = _YAML_ITEM.fullmatch(text, pos, end)
            if item is None and maps:
                continue  # a field of a map in the list (kubeadm's `bootstrapTokens:` / `- groups:` / `ttl: 24h`)
            if item is None and (entry := _YAML_ENTRY.fullmatch(text, pos, end)) is not None:
                # with no indent, an entry is the block's only if its value is a secret's shape: else
                # the next key's, and the block ended
                if flat and not secret_shaped(entry.group("value")):
                    break
                item = entry
            if item is not None and not is_uuid(item.group("value")):  # a UUID names a stored secret (SourceHut's)
                report(scan, name, ":", *item.span("value"), item.group("q") != "")
            elif item is None and flat and not _YAML_OPENER.fullmatch(text, pos, end):
                break  # a key with its value ends a block with no indent


# A table a command printed, its columns apart by tabs or two spaces or more, whose header names a
# column for a secret (`influx auth create`: `ID  Description  Token  User Name …`): that column's
# cell in each row below, when it has a secret's shape.
TABLE_TRIGGERS = ("token", "secret", "password")
_CELL_GAP = re.compile(r"\t+|[ ]{2,}")
_SECRET_COLUMN = re.compile(
    r"(?:access[ _]|api[ _]|auth[ _]|client[ _])?(?:token|secret(?:[ _]key)?|password|api[ _]key)"
)
_TABLE_ROWS = 5
_HEADER_LINE = re.compile(r"(?m)^[^\n]*(?:token|secret|password)[^\n]*$")


def detect_table_columns(scan: Scan) -> None:
    """The cells under a table header that names a secret's column."""
    text = scan.text
    if "\t" not in text and "  " not in text:
        return
    for m in _HEADER_LINE.finditer(scan.lower):
        header = [c for c in _CELL_GAP.split(m.group().strip()) if c]
        column = next((i for i, c in enumerate(header) if _SECRET_COLUMN.fullmatch(c)), None)
        if column is None or len(header) < 3 or any(c.startswith((":", "=")) for c in header):
            continue  # `Secret       : <Set>`: a name and its value, aligned, not a table's header
        indent = len(m.group()) - len(m.group().lstrip(" \t"))  # the table's, rows and header alike
        for pos, end in islice(lines_after(text, m.end()), _TABLE_ROWS):
            line = text[pos + indent : end]
            starts = [0] + [g.end() for g in _CELL_GAP.finditer(line.rstrip())]
            if len(starts) != len(header) or line[:1].isspace():
                break  # not a row of this table
            cs = pos + indent + starts[column]
            ce = cs + len(_CELL_GAP.split(line[starts[column] :], maxsplit=1)[0].rstrip())
            if secret_shaped(text[cs:ce]):
                scan.add(cs, ce, "secret")


# A password kept in clear, or in a reversible encoding its tag names: Dovecot's and LDAP's
# `{PLAIN}…` / `{CLEARTEXT}…`, WebSphere's and Liberty's `{xor}` and `{aes}`, WebLogic's
# `{AES256}`, IBM MQ's `<MQI>!2!…`; and the `destination user:password` lines of Postfix's
# `sasl_passwd` map.
PLAIN_TRIGGERS = (
    "{plain}",
    "{cleartext}",
    "{clear}",
    "{xor}",
    "{aes",
    "{3des}",
    "<mqi>!",
    "sasl_passwd",
    "dec(",
    "dns ",
)
_PLAIN_SCHEME = re.compile(
    r"\{(?:plain|cleartext|clear|xor|aes(?:128|256)?|3des)\}(?P<value>[^:\s\"'<]{1,400})"
    r"|dec\(\d{1,4}\)::[a-z0-9]{1,12}\[(?P<value_dec>[^\]\n]{1,400})\]!"  # hiera-eyaml's edit form: the plaintext
    r"|(?P<value_tagged><mqi>!\d{1,2}![^\s\"'<]{1,400})"  # MQ keeps its tag: the value is read back whole
)
_SASL_LINE = re.compile(r"(?m)^" + RESULT_PREFIX + r"[ \t]*\S+[ \t]+[^\s:]+:(?P<value>\S{1,200})[ \t]*\r?$")


# A Caddyfile's DNS challenge: `dns <provider> <token>` in a `tls` block (the provider's API token).
_CADDY_DNS = re.compile(r"(?m)^[ \t]*dns[ \t]+[a-z][a-z0-9_]{1,30}[ \t]+(?P<value>[^\s{}\"']{16,200})[ \t]*\r?$")


def detect_plain_passwords(scan: Scan) -> None:
    """`{PLAIN}password` in a passwd-file or an LDIF (or a reversibly encoded one, `{xor}…`, or
    hiera-eyaml's `DEC(1)::PKCS7[…]!` as its editor shows it), the password of each
    `sasl_passwd` line, and a Caddyfile's DNS provider token."""
    lower = scan.lower
    for m in _PLAIN_SCHEME.finditer(lower):
        scan.add(*m.span(next(g for g in ("value", "value_dec", "value_tagged") if m.group(g))), "password")
    if scan.has("sasl_passwd"):
        for m in _SASL_LINE.finditer(scan.text):
            value = m.group("value")
            if password_shaped(value) or random_looking(value, 16) or HEX_RE.match(value):
                scan.add(*m.span("value"), "password")
    if scan.has("dns "):
        for m in _CADDY_DNS.finditer(scan.text):
            if random_looking(m.group("value"), 16):
                scan.add(*m.span("value"), "secret")


# A map of users to their passwords under a name that says users (Orthanc's `RegisteredUsers`, a
# basic-auth plugin's `users`), written after the name or printed by a command that names it
# (`jq .RegisteredUsers orthanc.json`), and a peer's address, user and password as one list.
USER_MAP_TRIGGERS = ("users", "://", "tokens", "secrets", "passwords", "[credentials]", "[accounts]")
# An INI section of users (Haraka's `[users]` in `auth_flat_file.ini`): each `name=password` under it.
_USERS_SECTION = re.compile(r"(?m)^[ \t]*\[(?:users|credentials|passwords|accounts)\][ \t]*\r?\n")
_SECTION_ENTRY = re.compile(r"[ \t]*[^\s=#;\[][^\s=]{0,80}[ \t]*=[ \t]*(?P<value>[^\s]{1,200})[ \t]*\r?(?:\n|$)")
# A list under a name that says secrets (NRDP's `$cfg['authorized_tokens'] = array("…", );`): each literal in it.
_SECRETS_LIST = re.compile(r"(?:tokens|secrets|keys|passwords)[\"'\]]*[ \t]*(?:=>|=|:)[ \t]*(?:array[ \t]*\(|\[)")
_LIST_LITERAL = re.compile(r"[ \t\r\n]*[\"'](?P<value>[^\"'\n]{1,200})[\"'][ \t]*,?")
_USERS_THEN_MAP = re.compile(
    r"(?:users|user_passwords)[\"']?[ \t]*(?:=>|[:=])[ \t]*(?:\|[ \t]*)?(?:\r?\n[ \t]*)?(?:\{|\[|array[ \t]*\()"  # the name, then its map
    # a command that reads it by its path (`jq .RegisteredUsers`), then the map printed (after a tool result's prefix)
    r"|\.\w*users\b[^\n{]{0,120}\r?\n[^\n{]{0,80}\{[ \t]*\r?\n"
)
_USER_PASSWORD = re.compile(  # `"user": "password"`, PHP's `'user' => 'password'`
    r"[ \t\r\n]*(?P<q>[\"'])[^\"'\n]{1,64}(?P=q)[ \t]*(?::|=>)[ \t]*(?P<v>[\"'])(?P<value>[^\"'\n]{1,200})(?P=v)[ \t]*,?"
)
_URL_USER_PASSWORD = re.compile(
    r"\[[ \t]*\"https?://[^\"\s]+\"[ \t]*,[ \t]*\"[^\"\n]{1,64}\"[ \t]*,[ \t]*\"(?P<value>[^\"\n]{6,200})\"[ \t]*\]"
)
_HASHED = re.compile(r"\$(?:2[aby]?|apr1|[156])\$|\{S?SHA\}")  # a password's hash (bcrypt, crypt, htpasswd)


def detect_user_maps(scan: Scan) -> None:
    """Each password of a users map, and the password of an (address, user, password) list."""
    text = scan.text
    for m in _USERS_THEN_MAP.finditer(scan.lower) if scan.has("users") or scan.has("passwords") else ():
        for pair in _entries(_USER_PASSWORD, text, m.end()):
            if _user_password(pair.group("value")):
                scan.add(*pair.span("value"), "password")
    for m in _USERS_SECTION.finditer(scan.lower) if scan.has("[") else ():
        for entry in _entries(_SECTION_ENTRY, text, m.end()):
            if _user_password(entry.group("value")):
                scan.add(*entry.span("value"), "password")
    for m in _SECRETS_LIST.finditer(scan.lower) if scan.has("[") or scan.has("array") else ():
        for item in _entries(_LIST_LITERAL, text, m.end()):
            if secret_shaped(item.group("value")) and not is_uuid(item.group("value")):  # a UUID names a stored secret
                scan.add(*item.span("value"), "secret")
    for m in _URL_USER_PASSWORD.finditer(text) if scan.has("://") else ():
        if _user_password(m.group("value")):
            scan.add(*m.span("value"), "password")


def _entries(rx: re.Pattern[str], text: str, pos: int) -> Iterator[re.Match[str]]:
    """The entries `rx` reads one after another from `pos`: a map's pairs, a section's lines, a list's items."""
    while (m := rx.match(text, pos)) is not None:
        yield m
        pos = m.end()


def _user_password(value: str) -> bool:
    """A user's password in a map or a list of them: its shape, not a hash of it."""
    return not _HASHED.match(value) and (password_shaped(value) or random_looking(value, 12))
