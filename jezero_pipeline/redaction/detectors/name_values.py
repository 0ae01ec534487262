"""What a name says, and whether the value written after it is a secret.

The words a secret's name ends with (and their other-language forms for password), which names
say password, public, a weak or an indexing key, and `value_ok`: the one decision, for every rule
that finds a value under a name (`names`, `structured`, `generic`), between a value and the code,
prose, identifiers, references and settings that stand in the same places.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..shapes import (
    CACHED_VALUES,
    HEX_RE,
    basic_pair_password,
    entropy_at_least,
    file_in_folder,
    is_uuid,
    mixed_token,
    opaque_token,
    opens_pair,
    password_shaped,
    random_looking,
    secret_shaped,
    tagged_words,
)
from ..values import (
    MARKER_START,
    is_placeholder,
    random_case,
    reads_as_words,
    scrambled_letters,
)
from .base import Scan

_STREAM_NAMES = ("streamname", "stream_name", "stream-name")  # the name a stream's key goes by
# One regex per name word, run on the lower-cased text only when its literal occurs there:
# `str.__contains__` (CPython's fast search) rules a word out faster than the regex engine's scan.
NAME_WORDS = (
    # `secretValue`: what the name holds; a webhook's `passcode`
    ("pass", r"pass(?:word|wd|[_\-]?phrase|wort|code)?(?:[_\-]?value)?"),
    ("pwd", "pwd"),
    ("pswd", "pswd"),  # eQSL's and Club Log's `EQSL_PSWD`
    ("pw", "pw"),  # `PW=`, `db_pw:`, Dex's `bindPW:`
    ("secret", r"secret(?:[_\-]?(?:value|key[_\-]?overwrite|overwrite|override))?"),  # Flowise's `SECRETKEY_OVERWRITE`
    ("token", r"token(?:[_\-]?value)?"),
    ("cred", "cred(?:ential)?s?"),  # `md5_cred` (a digest login's password equivalent), `db_creds`
    ("key", r"key(?:_base|_?material|[_\-]?value)?"),  # Hopsworks's `api_key_value=`
    ("contrase", "contrase(?:ña|na)"),
    ("clave", "clave"),
    ("auth", r"auth(?:tok|[_\-]?code)?"),  # `ldap_default_authtok` (SSSD's bind password), `vendor_auth_code`
    ("psk", "psk"),  # a pre-shared key (Wi-Fi, IPsec)
    ("totp", "totp"),  # an authenticator's seed (a password manager's item, an `otpauth://` secret)
    ("clear", "clear-?text"),  # JBoss Elytron's `credential-reference={clear-text=…}`
    ("pat", "pat(?<![a-z]pat)"),  # a personal access token (`AZURE_DEVOPS_EXT_PAT`); not `path`, `pattern`
    ("secret_id", "secret_id"),  # Vault AppRole's credential (a UUID), or the name of a secret
    ("secret id", r"secret id(?=[ \t]*[:=])"),  # Nomad's and Consul's `Secret ID = <uuid>` (the accessor's is an id)
    ("secret-id", "secret-id"),
    ("honeycomb-team", "x-honeycomb-team"),  # Honeycomb's API key header
    ("salt", "salt"),  # a configured salt (WordPress's `AUTH_SALT`, `HASHIDS_SALT`) keys every hash made with it
    # a serialised access grant (Storj's): the key, the satellite and the rights in one
    ("grant", r"access[_\-]?grant"),
    ("licen", r"licen[cs]e(?:[_\-]?key)?"),  # a licence key grants use (New Relic's ingest); `MIT` is no key
    # a user's name, or a token in its place (`sonar.login=<40 hex>`); `cargo login X` is a command's
    ("login", r"login(?=[\"']?[ \t]*[:=])"),
    # a session's id is its bearer's credential when generated (Geotab's `"sessionId": "<22>"`)
    ("session", r"session[_\-]?id"),
    # a user's name, or a key in its place (DocRaptor's `config.username = "<key>"`)
    # (one value, quoted or after `=`: not a map, nor a transcript's `user: …` line, which is prose)
    ("user", r"user(?:_?name)?(?=[\"']?[ \t]*(?:[:=][ \t]*[\"']|=)[A-Za-z0-9])"),
    # an API's subscription key by its service's name for it (Azure Speech's `subscription=`); value_ok
    # leaves a subscription's id (a UUID, Stripe's `sub_…`)
    ("subscription", "subscription"),
    # a licence's serial (Unity's `-serial XX-XXXX-…`; value_ok leaves a device's serial, its id)
    ("serial", r"serial(?:[_\-]?(?:number|key))?"),
    # a stream's name is its key where a platform names it so (YouTube's `ingestionInfo.streamName`)
    *((literal, r"stream[_\-]?name") for literal in _STREAM_NAMES),
    # a key file or a secret in base64 (Kerberos's keytab, a keystore, a .p12 kept as a CI variable,
    # a webhook's `macSecretBase64`)
    *(
        (
            literal,
            r"(?:keytab|keystore|p12|pfx|jks|cert(?:ificate)?|private[_\-]?key|keys?|secret)[_\-.]?(?:b64|base64)",
        )
        for literal in ("b64", "base64")
    ),
)
# Password in other languages (Portuguese, German, Dutch, Italian and Turkish, Polish, Swedish,
# Norwegian, Danish, Finnish, Hungarian, Czech, French, Russian, Chinese, Japanese, Korean): their
# own detector, so their literals are looked for in the one pass over triggers, not by every name
# search.
NAME_WORDS_ABROAD = (
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
PASSWORD_NAMES = re.compile(
    r"(?:passw(?:or)?d|passphrase|passcode|passwort|contrase(?:ñ|n)a|clave|"
    + "|".join(word for _, word in NAME_WORDS_ABROAD)  # every word of them says password
    + r"|(?:^|[_\-.])(?:pass|pwd|pw|pswd)|bindpw)s?$"
)
# A name that says secret when it stands apart from its value (under its own key, in a shell
# default, an XML element's name): it ends with one of the words above, so the names a value
# written after them is looked for under are the names recognised there.
SECRET_NAME = re.compile(
    "(?:" + "|".join(word for _, word in (*NAME_WORDS, *NAME_WORDS_ABROAD)) + r")s?$|(?:^|[_\-.])(?:pass|pwd|pw)s?$"
)


@lru_cache(maxsize=CACHED_VALUES)
def password_name(name: str) -> bool:
    """`name` says password. Cached, as the tests below on names: a match asks it up to three
    times, and a transcript repeats its few names (`password`, `api_key`) on many lines."""
    return PASSWORD_NAMES.search(name) is not None


# A key named for what it may do is a credential (`record_key`, `ingest_key`, `enrollment_key`).
_STRONG_KEY_NAMES = re.compile(
    r"(?:api|access|secret|private|auth|encryption|encrypt|signing|master|app|client|license|"
    r"session|account|service|admin|deploy|bot|webhook|consumer|subscription|shared|storage|"
    r"sas|hmac|jwt|openai|anthropic|stripe|aws|azure|gcp|github|gitlab|slack|sendgrid|twilio|"
    r"mailgun|heroku|x[_\-]?api|record|write|ingest|upload|push|enroll(?:ment)?|registration|join|"
    r"install|activation|invite)[_\-.]?keys?$"
)
_INDEX_KEY = re.compile(
    r"(?:cache|sort|primary|foreign|partition|idempotency|object|routing|row|unique|lookup|index|dedup|file|"
    r"s3|kms|gpg|pgp|ssh|host|hash|etag|commit|content|^)[_\-.]?keys?$"
)
# A key that only finds something (`cache_key`, `fileKey`, `s3_key`): its value is what it finds.
# Not `primary` or `routing`: Azure's primary key and PagerDuty's routing key are credentials.
# A record's own key is its id, as RESO names them (`ListingKey`, `MemberKey`, `OfficeKey`).
_FINDING = (
    r"cache|sort|partition|idempotency|object|row|unique|lookup|index|dedup|file|s3|etag|commit|content"
    r"|record|listing|member|office|media|property|item|entity|document|product|order|message|event|post"
)
FINDING_KEY = re.compile(rf"(?:{_FINDING})[ _\-.]?keys?$")
# A digest under a key named so, or for the hash it is (sccache's `Hash key:`), is what it finds.
DIGEST_KEY = re.compile(rf"(?:{_FINDING}|hash)[ _\-.]?keys?$")
_WEAK_NAMES = re.compile(r"^(?:pass|auth)s?$|(?:^|[_\-.])auths?$")
# Keys meant to be seen: public and publishable halves, and the search-only and site keys that
# search and captcha vendors put in every page.
_PUBLIC_NAME = re.compile(
    r"(?:^|[_\-.])pub(?:lic|lishable)?(?:[_\-.]|keys?$|$)|publickey|publishable"
    r"|^public[a-z]{0,12}(?:key|token)s?$"  # camelCase run together (`publicApiKey`, `publicAccessToken`)
    r"|(?:^|[_\-.])(?:search|site)(?:[_\-.]?only)?(?:[_\-.]?api)?[_\-.]?keys?$"
    r"|(?:pusher|reverb|soketi)[_\-.]?(?:app[_\-.]?)?keys?$"  # Pusher's protocol: its app key is in every page
    r"|verif(?:y|ication)[_\-.]?keys?$"  # a signature's verification key is the public half
    r"|vapid[_\-.]?keys?$"  # web push: the VAPID key a server hands to browsers (the private one says so)
)


@lru_cache(maxsize=CACHED_VALUES)
def public_name(name: str) -> bool:
    return _PUBLIC_NAME.search(name) is not None


@lru_cache(maxsize=CACHED_VALUES)
def _weak_name(name: str) -> tuple[bool, bool]:
    """(a key name that says no more than key, that or a bare `pass`/`auth`)."""
    # an `X-<vendor>-Key` header carries the vendor's key (`x-gladia-key: <uuid>`)
    weak_key = name.endswith(("key", "keys")) and not _STRONG_KEY_NAMES.search(name) and not name.startswith("x-")
    return weak_key, weak_key or _WEAK_NAMES.search(name) is not None


def record_key(name: str) -> bool:
    """A key named for a thing that is no credential (`cartKey`, `ListingKey`): its value finds a record."""
    return name not in ("key", "keys") and _weak_name(name)[0]


_CODE_OWNER_WORDS = (
    "self this cls os config cfg conf settings args kwargs env environ process request req ctx "
    "context options opts params data user secrets props state app obj response res var local module "
    "vars values inputs matrix steps needs github"
)
_CODE_OWNERS = frozenset(_CODE_OWNER_WORDS.split())
_QUICK_REJECT = frozenset("$<[{(")
# (a generic call's type argument too: `configService.get<string>(…)`)
_CODE_RE = re.compile(
    r"^[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::|->)[A-Za-z_][A-Za-z0-9_]*)*(?:<[\w.\[\], ]{1,40}>)?(?:\(.*|\[.*)?$"
)
_CODE_SPLIT = re.compile(r"\.|::|->|\(|\[")
# A code name has digits only at the end of its words (`v2`, `utf_8`), unlike `m1m72y.yohehred8ug`.
# Possessive: giving back a letter, digit or `_` never lets a word match, and trying them made a
# failing token (`ghp_…xyz0123456789AB`) cost every split of its letters and digits.
_CODE_PART = re.compile(r"_*+[A-Za-z]++\d*+(?:_++[A-Za-z]*+\d*+)*+|\]|.*\)")
_IDENT_WORDISH = re.compile(r"^[A-Za-z_]+$")
_NUMBER_RE = re.compile(r"^[+-]?\d+(?:[.,_]\d+)*$")  # `20_000`: a literal with digit groups
_PATH = re.compile(r"^(?:~|\.{1,2})?/|^[A-Za-z]:\\")
# A namespaced configuration key (`fastly:apiKey`, `aws:region`).
_CONFIG_KEY = re.compile(r"[a-z][\w\-]*:[A-Za-z_]\w*")
# A versioned envelope of encoded parts: what a config tool stores encrypted.
_ENVELOPE = re.compile(r"v\d{1,2}:[A-Za-z0-9+/=]{8,}:")
# A URI with no user or password in it: a secret manager's reference, a link.
_REFERENCE_URI = re.compile(r"[a-z][a-z0-9+.\-]*://[^@\s]*$")
# An environment variable's name: upper-case words, letters first, an underscore apart.
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)+")
# A network device's encodings of a password: plain (0), reversible (6, 7, FortiOS's `enc`) or a
# hash a guess can be tried against (5, 8, 9): none of them is a label.
_DEVICE_TYPES = ("0", "5", "6", "7", "8", "9", "enc")
# A stored password hash (`$6$salt$…`, `$9$…`, `$2b$12$…`, `$argon2id$v=19$…`): `$` opens no variable.
_CRYPT_HASH = re.compile(r"\$(?:[0-9][a-z]?|[a-z][a-z0-9\-]{1,15})\$[^\s$]*\$?[./A-Za-z0-9+=,\-]{8,}")
_LICENCE_NAME = re.compile(r"licen[cs]e(?:[_\-]?key)?$")
_DOLLAR_PASSWORD = re.compile(r"\$\w+[!&#%^*@~+=?][^\s]*")
_SERIAL_NAMES = ("serial", "serialnumber", "serial_number", "serial-number", "serialkey", "serial_key")
_SERIAL_GROUPS = re.compile(r"[A-Z0-9]{2,6}(?:-[A-Z0-9]{4,6}){3,}")
_LETTER_AND_DIGIT = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]+")


def _licence_serial(value: str) -> bool:
    """Groups a dash apart, most mixing capitals and digits (`I3-YEC6-C4P9-K2V6-U963-RU3R`): a
    licence's serial; a device's (`SN-2024-0042-7781`) counts up."""
    if not _SERIAL_GROUPS.fullmatch(value):
        return False
    groups = value.split("-")[1:]
    return sum(1 for g in groups if _LETTER_AND_DIGIT.fullmatch(g)) * 2 > len(groups)


_KEY_GROUPS = re.compile(r"(?=[A-Z]*\d)[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,}")
_PIN_DIGITS = (4, 8)  # a PIN's digits
_SHORTEST_TOKEN = 6  # a key or a token this short is what a console shows of one (Saleor's last four)
_SUBSCRIPTION_KEY = 32  # an API subscription's key: 32 hex digits
_TOKEN_LOGIN = 32  # a generated value this long under a login is a token, not a user's name
_LETTERS_KEY = 20  # letters alone in no word's shape, this long, are a key (NOAA's 32)
_DIGITS_SECRET = 24  # SurveyMonkey's app secret is 40 digits; no port, count or id runs so long
_TOKEN_USER = 20  # and under a user's name, with letters of both cases and digits
ENVIRONMENT_HEAD = re.compile(r"(?:live|test|prod|sandbox)_(?=[A-Za-z0-9]{20,}$)")  # a key marked for its environment
_ENV_REFERENCE = re.compile(
    r"(?:os\.environ|env)[/:.][A-Z][A-Z0-9_]+$|vault:[\w/.\-]+(?:#[\w.\-]+)?$"
    r"|(?:secrets?|ssm|kms):/*[\w.\-]+/[\w/.\-]+$"  # a secrets manager's path (OpenMetadata's `secret:/bots/…/jwt`)
)
_CMDLET = re.compile(r"[A-Z][a-z]{1,11}-[A-Z][A-Za-z]{1,40}")  # PowerShell's Verb-Noun
_KEYING_SALT = 16  # a configured salt that keys every hash made with it is long (WordPress's are 64)
_KEY_ID = re.compile(r"(?:0x)?[0-9A-F]{16}|[0-9A-F]{40}")  # a GPG key's long id or fingerprint, as gpg prints them
_SECRET_REFERENCE = re.compile(r"[a-z0-9][a-z0-9\-.]*=[a-z0-9_\-.]+")  # a Kubernetes Secret's name and key
_HOST_NAME = re.compile(r"[a-z][a-z0-9\-]*(?:\.[a-z][a-z0-9\-]*)+")
# Two or three short lower-case words a dash apart: a setting (`no-check`, `read-only`).
_SETTING = re.compile(r"[a-z]{2,8}(?:-[a-z]{2,8}){1,2}")
_IMAGE_REF = re.compile(r"[\w.\-]+(?:/[\w.\-]+)+:[\w.\-]+")  # a container image and its tag
_SNAKE_WORDS = re.compile(r"[a-z]{2,}(?:_[a-z]{2,})+")  # an identifier in words (`schema_migration`)
# A file named in words with its extension (`pytooter_usercred.secret`, `service-account.json`):
# a client that takes a token or its file (Mastodon.py's `access_token=`) was given the file.
_WORDS_FILE = re.compile(
    r"[a-z]{2,}(?:[_\-][a-z]{2,})*\.(?:secrets?|txt|json|ya?ml|toml|ini|cfg|conf|env|pem|key|crt|cer|p12|pfx|jks"
    r"|keystore|properties|xml|creds?|credentials|tokens?|keys|db|sqlite|csv|log)"
)
# Three or more lower-case words a slash apart: a path in a store (Vault, a parameter store).
_WORD_PATH = re.compile(r"[a-z][a-z0-9_\-]{0,30}(?:/[a-z][a-z0-9_\-]{0,30}){2,}/?(?:[:#][a-z][a-z0-9_\-]{0,30})?")
# An app password as Google shows it: sixteen letters in four groups, read aloud, not a sentence.
APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}(?!\S)")


# Words joined, one of them saying what is stored (`minio-root-credentials`, `intake-bot-secrets`):
# the name a Kubernetes Secret or a vault entry goes by, not its value.
_STORED_WORDS = frozenset(
    ("secret", "secrets", "credential", "credentials", "creds", "cert", "certs", "keys", "tokens", "passwords")
)


def _names_a_secret(value: str) -> bool:
    """Lower-case words (or short tags) joined, one of them a word for what is stored, none random."""
    parts = tagged_words(value, 4) if value == value.lower() else None
    return (
        parts is not None
        and len(parts) >= 2
        and any(p in _STORED_WORDS for p in parts)
        and all(p.islower() or len(p) <= 4 for p in parts if p.isalpha())  # no caseless script's long word
    )


def value_ok(name: str, sep: str, value: str, quoted: bool) -> bool:
    """Whether `value` after the secret name `name` is a value rather than code, prose or a label."""
    if not value or MARKER_START in value or (name.lstrip("_-.") in ("pwd", "oldpwd") and _PATH.match(value)):
        return False  # nothing, already redacted inside, or the shell's working folder
    if value[0] == "@" and _PATH.match(value[1:]):
        return False  # `-auth @/path/file`, `-d @body.json`: the file the value is read from
    if name.lstrip("-") == "pin":
        return value.isdigit() and _PIN_DIGITS[0] <= len(value) <= _PIN_DIGITS[1]  # `--pin=485421`
    if _PATH.match(value) and not password_name(name) and not random_looking(value.rsplit("/", 1)[-1], 16):
        return False  # `dns_cloudflare_credentials = /etc/letsencrypt/cloudflare.ini`: where it is kept
    is_password = password_name(name)
    if not is_password and _names_a_secret(value):
        return False  # `existingSecret: minio-root-credentials`, `--secrets bot-secrets`: a stored secret's name
    if not quoted:
        if value[0] in _QUICK_REJECT and not (
            value[0] == "$"
            and (_CRYPT_HASH.match(value) or (_DOLLAR_PASSWORD.fullmatch(value) and password_shaped(value)))
        ):
            return False  # (`$r3XhTEDT!&CyN`: a password that starts with `$`, no variable runs on to `!&`)
        if _NUMBER_RE.match(value):  # a port or a count; a password; digits too many for either, a secret
            # a flag's value follows a space (`--aprs-passcode 31520`); elsewhere a spaced number is prose
            separated = sep.strip(" \t\"'\\") != "" or name.startswith("-")
            return (is_password and len(value) >= 4 and separated) or len(value) >= _DIGITS_SECRET
        if "(" in value and _CODE_RE.match(value):
            return False
        if sep.strip() in _DEVICE_TYPES:
            return len(value) >= 4 and not value.isalpha()  # `key 7 0822455D0A16`; `password 7 characters` is prose
    if quoted and _NUMBER_RE.match(value) and not is_password:
        return False  # `apiKey: "004209552214674"`: a number under a key's name is an id
    if _ENV_REFERENCE.match(value):
        return False  # `os.environ/TOGETHER_API_KEY` (LiteLLM), `env:API_KEY`: where the value is read from
    if not is_password and _CMDLET.fullmatch(value):
        return False  # `$token = Get-AzAccessToken`: a PowerShell command, its output assigned
    if value[:1] == "v" and _ENVELOPE.match(value):
        return False  # `v1:<salt>:<ciphertext>` (Pulumi's `secure:`, its `encryptionsalt`): encrypted, not a secret
    if "://" in value and _REFERENCE_URI.match(value):
        return False  # `op://vault/item/password`, `https://…`: where the secret is (a URL's own rules read it)
    if value.isupper() and _ENV_NAME.fullmatch(value) and not password_name(name):
        return False  # `"secretKey": "PAYOUTS_HMAC"`: the name of a variable, not its value
    if name.endswith(("secret_id", "secret-id")):
        return is_uuid(value)  # Vault's AppRole credential; AWS names a secret so (`--secret-id prod/db`)
    if "licen" in name and _LICENCE_NAME.search(name):
        # a licence key is generated (hex, AvaTax's 16 digits too, a token, groups of letters and digits); a licence's
        # name is not (`MIT`, `GPL-3.0-or-later`, `Apache-2.0`)
        # (Lemon Squeezy's and Keygen's are UUIDs)
        return bool(
            (HEX_RE.match(value) and len(value) >= 16)
            or opaque_token(value)
            or _KEY_GROUPS.fullmatch(value)
            or is_uuid(value)
        )
    if name.endswith(_SERIAL_NAMES):
        return _licence_serial(value)  # a licence's serial (Unity's); a device's serial is its id
    if name.endswith(("key", "keys")) and _KEY_GROUPS.fullmatch(value) and not FINDING_KEY.search(name):
        return True  # groups of digits and capitals under a key's name: a product or installation key (MATLAB's)
    if name.endswith("login"):
        return len(value) >= _TOKEN_LOGIN and (bool(HEX_RE.match(value)) or opaque_token(value))  # no one's name
    if name.endswith(_STREAM_NAMES):
        return secret_shaped(value)  # generated, not a channel's title (`studio-a`)
    if name.endswith("subscription"):
        return len(value) >= _SUBSCRIPTION_KEY and HEX_RE.fullmatch(value) is not None  # hex, no UUID's dashes
    if name.endswith(("sessionid", "session_id", "session-id")):
        return value.isalnum() and mixed_token(value)  # UUIDs and hex, as logs and analytics name sessions, stay ids
    if name.endswith(("user", "username", "user_name")):
        # letters of both cases and digits in no word's order: no one's name, nor an account's id
        # (Twilio's `AC<hex>` has two capitals); or a key marked for its environment (Lob's
        # `username: "test_<hex>"`), which no one's name is either
        if (env := ENVIRONMENT_HEAD.match(value)) is not None:
            return random_looking(value[env.end() :], _TOKEN_USER)
        return (
            len(value) >= _TOKEN_USER and value.isalnum() and mixed_token(value) and sum(map(str.isupper, value)) >= 3
        )
    if name.endswith("salt") and len(value) < _KEYING_SALT:
        return False  # a salt committed with the code (Phoenix's `signing_salt: "xY0I7S7f"`), not a key
    if value.count("/") >= 2 and _WORD_PATH.fullmatch(value):
        # `secret/data/ci/npm`, `kv/data/app:token`: where a secret is kept (and its field), not the secret
        return False
    weak_key, weak = _weak_name(name)
    if weak and "/" in value and file_in_folder(value):
        return False  # `--key 2024/05/orders.parquet`: an object's key or a file, named by its path
    spaced = sep.strip(" \t\"'\\") == ""  # whitespace only: `--flag value` or prose
    if name.startswith("-") and (
        _KEY_ID.fullmatch(value) or (_SECRET_REFERENCE.fullmatch(value) and not random_looking(value.split("=")[0], 8))
    ):
        return False  # `--encrypt-key 4CA88431DCA7EFE8` (a GPG key's id), `--credential=bsl-creds=cloud`
    if spaced:
        if name.startswith("-"):
            if value.startswith("-") or weak_key and not random_looking(value) or _CONFIG_KEY.fullmatch(value):
                return False  # `--secret fastly:apiKey VALUE`: the key's name, its value follows
            if _HOST_NAME.fullmatch(value) and not random_looking(value):
                return False  # `--auth github-oauth.github.com VALUE`: the host a credential is for
            return "(" not in value and not (value.isalpha() and len(value) < 6)
        # "the token is 3f9…": prose; only opaque, high-entropy values count, and not a pair of its
        # own (`embed token tokenId=<uuid>`: the next word names what follows), nor a flag (`viam
        # login api-key --key-id=<uuid>`: a subcommand, then its options)
        return (
            not value.startswith("--")
            and random_looking(value, 16)
            and entropy_at_least(value, 3.5)
            and not opens_pair(value)
            and not _IMAGE_REF.fullmatch(value)  # `…_TOKEN harness/delegate:24.07`: the next word is an image
        )
    if name.endswith("auth") and basic_pair_password(value) is not None:
        return not is_placeholder(basic_pair_password(value) or "")
    if weak:
        if weak_key and is_uuid(value):
            return False  # a UUID under a key that says no more (`InstrumentationKey`, `idempotency_key`) is an id
        # Under a key that only finds something a value is what it finds; hex of a hash's length is
        # a digest under a key that indexes something (`cache_key`), and under one that says nothing
        # else (`auth`, `Ocp-Apim-Key`) a random value is a credential.
        digest = HEX_RE.match(value) and len(value) in (32, 40, 64, 128)
        generated = random_looking(value, 16) or (
            len(value) >= _LETTERS_KEY and value.isalpha() and scrambled_letters(value)
        )
        return generated and not FINDING_KEY.search(name) and not (digest and _INDEX_KEY.search(name))
    if quoted:
        if len(value) < (3 if is_password else _SHORTEST_TOKEN):
            return False
        if is_password and APP_PASSWORD.fullmatch(value):
            return True  # not a sentence: letters a vendor spaced into groups to be read aloud
        if not is_password and "_" in value and _SNAKE_WORDS.fullmatch(value):
            return False  # `"modelApiKey": "schema_migration"`: an identifier in words names something
        if not is_password and _WORDS_FILE.fullmatch(value):
            return False  # `access_token='acme_usercred.secret'`: the file the token is read from
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
            if name.endswith("token") and (value.islower() or value.istitle()):
                return False  # `BOARD_TOKEN=northwindlabs`: no generated token is one plain word; a slug is
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
    return len(value) >= (3 if is_password else _SHORTEST_TOKEN)


def report(scan: Scan, name: str, sep: str, vs: int, ve: int, quoted: bool) -> None:
    """Add text[vs:ve], the value after the secret name `name`, when `value_ok` says it is one."""
    if value_ok(name, sep, scan.text[vs:ve], quoted):
        scan.add(vs, ve, "password" if password_name(name) else "secret")
