"""Value tests: is a candidate shaped like a secret, or does it only stand in for one?

The redactor runs `stands_in` on every value a built-in detector proposes (prefixed tokens
included, on their random part), so each rule finds positions and this module alone decides
what a placeholder, a mask, a template, a documented example or a public value looks like.
A value is a placeholder for what it is, never for a word it merely contains: `my-9fK2mQ7xLpZ3`
and `example9fK2mQ7xLpZ3` have a random part, so they are secrets.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from . import tuning
from .public import is_public_value
from .shapes import (
    CACHED_VALUES,
    ENTROPY_MARGIN,
    WORD_RE,
    entropy,
    entropy_at_least,
    is_reference,
    least_entropy,
    patterned,
    token_chars,
)

MARKER_START = "[REDACTED:"

# --------------------------------------------------------------------------- shape


_CAMEL_RE = re.compile(r"[a-z]*(?:[A-Z][a-z]+)+")


def random_case(v: str) -> bool:
    """Letters only but with case flipping at random (`XgnCqjWmRbhVio`), unlike CamelCase words."""
    if len(v) < 10 or v.islower() or v.isupper():
        return False
    return sum(len(w) for w in WORD_RE.findall(v)) < 0.3 * len(v) and entropy_at_least(v, 3.0)


def scrambled_letters(v: str) -> bool:
    """After a password name: letters in no word's shape (`GrzhNITQWRZTTx`), not camelCase."""
    upper = sum(map(str.isupper, v))
    return len(v) >= 10 and upper >= 3 and len(v) - upper >= 3 and not _CAMEL_RE.fullmatch(v)


def credential_like(v: str, min_len: int = 8) -> bool:
    """A value after Bearer/Authorization/URL params: not one plain word, some variety."""
    if len(v) < min_len:
        return False
    if v.isalpha() and (v.islower() or v.istitle() or v.isupper()):
        return False
    return entropy_at_least(v, 2.5)


# --------------------------------------------------------------------------- stand-ins

_TEMPLATE_PART = re.compile(
    r"""%\{env:\w+\}%|\$\{\{.*?\}\}|\$\{[^{}]*\}|\{\{.*?\}\}|\{%.*?%\}|<%.*?%>|\#\{[^}]*\}|%\{[^}]*\}|%\(\w+\)[sdr]
    |\$\([^)]*\)|\$env:\w+|\$(?:var|res|secret):[\w/.\-]+|\$[a-z_]+\([A-Z_][A-Z0-9_.]*\)|\$(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z_]*\d*)(?![A-Za-z0-9_])|\$\d
    |%[A-Za-z_][\w.:]*%|%env\([^()%]*\)%|@\w+@|\{[A-Za-z_][\w.:]*\}|\{\d*\}
    |<[A-Za-z][\w .:/\-]*>|\[[A-Za-z][\w .\-]*\]|\.[*+]\??
    |@[A-Z][A-Za-z]*(?:\.[A-Z][A-Za-z]*)+\([^()]*\)
    |!(?:Ref|Sub|GetAtt|ImportValue|FindInMap|Join|Select|If|Base64|Split|GetAZs|vault|secret|env_var|ENV|include)
    (?![A-Za-z])""",
    re.X,
)
_JOINERS = re.compile(r"[\s:/@._\-=,;|]+")  # what may join templates: `${USER}:${PASS}`, `OC|$APP_ID|$SECRET`
# A provider's prefix right before a template (`pdf_live_<rest_of_your_key>`, `ghp_<your token>`).
_HEAD_BEFORE_TEMPLATE = re.compile(
    r"[A-Za-z0-9]{1,12}(?:[_\-.][A-Za-z0-9]{1,12}){0,2}[_\-.](?=<[A-Za-z]|\{\{|\$\{|\{%|<%)"
)


# The start of a template cut at a space or a bracket: `<your API token>` seen as `<your`,
# `$(gcloud auth …)`, an f-string's `{os.environ['KEY']}` seen as `{os.environ`, Ruby's `#{ENV.fetch(…)}`.
_TEMPLATE_OPENINGS = {"<": ">", "$(": ")", "${": "}", "#{": "}", "{{": "}}", "{%": "%}", "<%": "%>", "{": "}"}


def is_template(v: str) -> bool:
    """`${VAR}`, `{{ x }}`, `<your-token>`, `$(cmd)`, `%(pw)s`, `!Ref X`, a pattern's `.*`…: a
    reference or a pattern, not a value.

    A value with a template and only punctuation or words around it (`${USER}:${PASS}`,
    `Bearer ${TOKEN}`, a provider's prefix: `pdf_live_<rest_of_your_key>`) is a template too; one
    with a random part left over is not.
    """
    if v.startswith(("}}", "%}")):
        return True  # the rest of a template the name stood in (`{{ .password }}@host`): no value
    if head := _HEAD_BEFORE_TEMPLATE.match(v):
        v = v[head.end() :]  # the prefix says whose key; the template stands for the key
    for opening, closing in _TEMPLATE_OPENINGS.items():
        if v.startswith(opening) and closing not in v and (opening not in ("<", "{") or _NAME_START.match(v, 1)):
            return True
    rest = _TEMPLATE_PART.sub(" ", v)
    if rest == v:
        return False
    left = _JOINERS.sub("", rest)
    return not left or (left.isalpha() and not _has_random_part(rest))


_NAME_START = re.compile(r"[A-Za-z_]")  # what follows `<` or `{` in a template: a name
_MASK_RUN = re.compile(r"[*•●·█]{3,}|[xX]{4,}|\.{3,}|…|#{4,}|_{4,}|-{4,}")
# A JWT cut short inside its header (the docs' `Bearer eyJhbGciOi...`): the header is the same for
# every token of its algorithm, the claims and the signature are cut off.
_JWT_HEADER_CUT = re.compile(r"eyJ[A-Za-z0-9_\-]{0,40}(?:\.\.\.|…)")
# A key's last few characters after one masking character, as an API echoes a key back (`*6KUa`).
_MASKED_TAIL = re.compile(r"[*•●]+[A-Za-z0-9]{1,4}")


_MASK_RUNS = ("...", "…", "####", "____", "----")
_X_RUN = re.compile(r"[xX]{4}")
_MASK_CHARS = "*•●·█"


def is_masked(v: str) -> bool:
    """`********`, `ghp_****ab12`, `sk-...Qx4f`, `xxxx-xxxx`, `*6KUa`, `eyJhbGciOi...`: a mask with at most a few clear
    characters, or four or more masking characters anywhere, as consoles list keys: a head with its
    tail masked (`pdl_live_apikey_01hk3x****`), a head and a tail (`HNar4*****5cVTI`, `u9vPDf...59v1Z`). No generated
    token holds a run of them; a password chosen with one is kept, the price of keeping what consoles print."""
    if not (
        any(map(v.__contains__, _MASK_RUNS)) or any(map(v.__contains__, _MASK_CHARS)) or _X_RUN.search(v) is not None
    ):
        return False  # none of the mask runs' characters: the search below cannot match
    if (v[0] in _MASK_CHARS and _MASKED_TAIL.fullmatch(v)) or (v.startswith("eyJ") and _JWT_HEADER_CUT.fullmatch(v)):
        return True
    if not _MASK_RUN.search(v):
        return False
    clear = sum(map(str.isalnum, _MASK_RUN.sub("", v)))
    return clear <= 8 or _MASKED_RUN.search(v) is not None or _ELIDED.search(v) is not None


_MASKED_RUN = re.compile(r"[*•●]{4,}")
_ELIDED = re.compile(r"\w(?:\.{3}|…)\w")  # the docs' `u9vPDf...59v1Z`: a head and a tail, the middle left out


# Words a stand-in is written in. MARKERS say "not a real value"; FILLERS are the generic words
# around them (`your-api-key-here`, `dev-secret-key`, `myPassword`). A value made only of these
# words, or of any words with one marker among them, is a placeholder.
_MARKER_WORDS = (
    "your yours example examples sample samples fake fakes dummy placeholder changeme change changeit "
    "replace replaceme insert enter redacted mock mocked stub test tests testing demo foo bar baz qux "
    "quux xxx xxxx todo tbd fixme notreal not real here goes fill invalid none null nil undefined "
    "empty unset notset lorem ipsum modify modified hidden masked encrypted insecure"  # Strapi's `tobemodified`, `HIDDEN-BY-CIRRUS-CI`, AWX's `$encrypted$`
)
_MARKERS = frozenset(_MARKER_WORDS.split())
_FILLER_WORDS = (
    "a an the my our some this that there it is for of to in on at and or with only just bot use used "
    "set new old me us one two key keys api apikey token tokens secret secrets password passwords "
    "passwd pass pwd passphrase access auth client id name user username login admin root guest db "
    "database app application service prod production dev development staging local localhost default "
    "value values string str text data info config credential credentials cred creds account private "
    "public session bearer webhook signing master value123 abc xyz qwerty word words generated random "
    "specified parameter param no log "  # Ansible's mask: `VALUE_SPECIFIED_IN_NO_LOG_PARAMETER`
    "please unit only project org team env var variable be sign up signup get"  # RapidAPI's `SIGN-UP-FOR-KEY`
)
_FILLERS = frozenset(_FILLER_WORDS.split())
_VOCAB = _MARKERS | _FILLERS
_SEGMENTS = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]|\d+")
_VOWEL_LETTERS = "aeiouy"
_CONSONANT_RUN = re.compile(r"[^aeiouy]{5}")


_WORDS = frozenset(w for w in _VOCAB if len(w) <= 12)
_WORD_PREFIXES = frozenset(w[:i] for w in _WORDS for i in range(1, len(w) + 1))


@lru_cache(maxsize=CACHED_VALUES)
def _breaks_into_vocab(s: str) -> tuple[bool, bool]:
    """(s splits into vocabulary words, one of them is a marker), e.g. `yourpasswordhere`.

    From each place a split reaches, words are read forward only while they are still the start
    of a vocabulary word: a string that starts with no word (most segments of a generated value)
    costs a look or two per place, not one per word length.
    """
    n = len(s)
    reached = [True] + [False] * n
    marked = [False] * (n + 1)  # some split up to here holds a marker
    for j in range(n):
        if not reached[j]:
            continue
        k = j + 1
        while k <= n and (w := s[j:k]) in _WORD_PREFIXES:
            if w in _WORDS:
                reached[k] = True
                marked[k] = marked[k] or marked[j] or w in _MARKERS
            k += 1
    return (True, marked[n]) if reached[n] else (False, False)


def _wordish(s: str) -> bool:
    """A lower-case letter run that reads like a word (`hunter`, `openai`), not `fkqmlpz`."""
    if len(s) < 2 or len(s) > 14:
        return False
    vowels = sum(map(s.count, _VOWEL_LETTERS))
    return vowels >= max(1, len(s) // 5) and _CONSONANT_RUN.search(s) is None


def reads_as_words(v: str) -> bool:
    """Each dash-separated part of `v` is a word or vocabulary (`no-check`, not `xk-qzv`)."""
    return all(_wordish(part) or _breaks_into_vocab(part)[0] for part in v.split("-"))


def _word_profile(v: str) -> tuple[bool, bool, bool]:
    """(no random part, every word is vocabulary, a marker word is present)."""
    all_vocab, marker, acronym = True, False, False
    for found in _SEGMENTS.finditer(v):  # a generated value fails within its first few segments
        seg = found.group()
        if seg.isdigit():
            if len(seg) > 4:
                return False, False, False
            continue
        low = seg.lower()
        if len(low) == 1 and low not in ("a", "i", "x"):
            return False, False, False
        ok, has_marker = _breaks_into_vocab(low)
        if ok:
            marker = marker or has_marker
        elif _wordish(low):
            all_vocab = False
        elif len(seg) <= 5 and seg.isupper():
            acronym = True  # `GLRT`, `SSH`: a word among words that say placeholder, else random
        else:
            return False, False, False
    if acronym and not marker:
        return False, False, False
    return True, all_vocab and not acronym, marker


def _has_random_part(v: str) -> bool:
    return any(map(str.isalnum, v)) and not _word_profile(v)[0]


_LETTER = re.compile(r"[^\W\d_]")


_SHORT_HEAD = re.compile(r"[a-z0-9]{1,8}(?:[._\-][a-z0-9]{1,4}){0,2}[._\-](?=[A-Za-z])")
_LOWER_HEAD = re.compile(r"[a-z0-9]{1,8}(?:[_\-][a-z0-9]{1,8}){0,2}[_\-](?=[A-Z])")
_SECRET_VARIABLE = re.compile(r"(?:[A-Z][A-Z0-9]*_)+(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|ID)")


def says_placeholder(v: str) -> bool:
    """Words only, and they say so: `your-api-key-here`, `not-a-real-key`, `dummy_password_123`, also
    after a provider's prefix (`fc-YOUR_API_KEY`), or a variable's name that ends in what it stands
    for (`ACUITY_API_KEY`, docs' `-u USER_ID:API_KEY`)."""
    if v[-2:].isupper() and _SECRET_VARIABLE.fullmatch(v):
        return True
    if (head := _LOWER_HEAD.match(v)) and v[head.end() :].isupper():
        v = v[head.end() :]  # the docs' capitals after a prefix in its own case
    plain, all_vocab, marker = _word_profile(v)  # a generated value fails at its first odd segment
    if not (plain and (marker or all_vocab)) and (head := _SHORT_HEAD.match(v)):
        plain, _, marker = _word_profile(v[head.end() :])  # `dhat.v1.your-token-here`: a prefix, then words
        all_vocab = False
    # `123a`, `4471k`: digits and a letter or two are a short password
    return plain and (marker or all_vocab) and len(_LETTER.findall(v, 0, 400)) >= 3


def says_stand_in(v: str) -> bool:
    """What a value says of itself, its shape aside: a mask, a template, a documented example,
    words that say placeholder (`REPLACE_WITH_YOUR_KEY`), counting (`a1b2c3d4e5f6`)."""
    return is_masked(v) or is_template(v) or is_documented_example(v) or says_placeholder(v) or counts(v)


def _counting(v: str) -> bool:
    """`123456`, `abcdef`, `1234567890`, `987654`: each character one up (or one down) from the last."""
    if len(v) < 3:
        return False
    first = ord(v[1]) - ord(v[0])
    return first in (1, -1) and all(ord(b) - ord(a) == first or a + b == "90" for a, b in zip(v, v[1:]))


def counts(v: str) -> bool:
    """`a1b2c3d4e5f6`, `1a2b3c4d`, `abcdef-123456`: one counting run, or two interleaved, of six or
    more characters (separators aside): typed to fill a field, never generated."""
    core = v.replace("-", "").replace("_", "")
    if len(core) < 6:
        return False
    if abs(ord(core[1]) - ord(core[0])) != 1 and abs(ord(core[2]) - ord(core[0])) != 1 and core[:2] != "90":
        return False  # no run counts from here: neither the next character nor the one after it is one away
    return _counting(core) or (_counting(core[0::2]) and _counting(core[1::2])) or _two_runs(core)


def _two_runs(v: str) -> bool:
    """A letter run then a digit run, or the reverse (`abcdef123456`), each counting."""
    cut = next((i for i in range(1, len(v)) if v[i].isdigit() != v[0].isdigit()), 0)
    return 3 <= cut <= len(v) - 3 and _counting(v[:cut]) and _counting(v[cut:])


def _is_sequence(v: str) -> bool:
    """`123456`, `abcdef`, `a1b2c3`, `abcabcabc`, `121212`: regular, so no information."""
    n = len(v)
    if n < 4:
        return False
    if _counting(v) or (n >= 6 and counts(v)):
        return True
    if v.count(v[0]) < 3:
        return False  # a unit repeated three times or more repeats its first character as often
    period = (v + v).find(v, 1)  # the shortest unit v is made of, repeated whole
    return period <= n // 3 and n % period == 0


def low_entropy(v: str) -> bool:
    """Too regular for its length to be a generated secret."""
    n, distinct = len(v), len(set(v))
    if distinct <= 2 or (n >= 8 and distinct <= 3) or _is_sequence(v):
        return True
    # most values have so many kinds of character that no count of them falls below the bar
    return n >= 16 and least_entropy(n, distinct) < _LOW_BITS + ENTROPY_MARGIN and entropy(v) < _LOW_BITS


_LOW_BITS = 2.5


# Values the providers publish in their own documentation, shown to every reader.
_DOCUMENTED = frozenset(
    [
        "AKIAIOSFODNN7EXAMPLE",  # AWS IAM docs
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",  # AWS IAM docs
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",  # Stripe API reference sample key
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",  # Stripe docs sample key
        "pk_test_TYooMQauvdEDq54NiTphI7jx",  # Stripe docs sample key
        "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",  # Slack API docs
        "12345678-ABCD-ABCD-ABCD-1234567890AB",  # placeholder UUID in Heroku-style examples
        # jwt.io's default token (signed with "your-256-bit-secret")
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    ]
)


def is_documented_example(v: str) -> bool:
    """A provider's published sample value; AWS marks all of its samples with an EXAMPLE suffix."""
    return v in _DOCUMENTED or v.endswith(("EXAMPLE", "EXAMPLEKEY"))


_WHOLE_WORD_LIST = (
    "true false yes no on off none null nil undefined empty required optional any str string int bool "
    "boolean bytes float secretstr dict list text char varchar number object uuid n/a na"
)
_WHOLE_WORDS = frozenset(_WHOLE_WORD_LIST.split())


def unquoted(v: str) -> str:
    """`v` with escapes undone (`\\"`, `\\$`, `&lt;`) and outer quotes or backticks stripped: a
    template written inside a string of another language is still a template."""
    if "\\" in v or "&" in v:
        v = html.unescape(v).replace('\\"', '"').replace("\\'", "'").replace("\\$", "$")
    return v.strip("\"'`")


def _masked_token(v: str, lower: str) -> bool:
    """is_masked for a value of token characters (`lower` is it lower-cased): only `xxxx`, `____`
    or `----` runs can mask it."""
    return ("____" in v or "----" in v or "xxxx" in lower) and is_masked(v)


_WORDS_THEN_DIGITS = re.compile(r"[A-Za-z]+(?:[_\-][A-Za-z]+)*[_\-](?P<digits>\d{8,})")


def _counted_tail(v: str) -> bool:
    """Words, then digits counting up (`sandbox_key_1234567890`): the docs' stand-in for a key."""
    m = _WORDS_THEN_DIGITS.fullmatch(v)
    digits = m.group("digits") if m else ""
    return bool(digits) and all((int(b) - int(a)) % 10 == 1 for a, b in zip(digits, digits[1:], strict=False))


def is_placeholder(v: str) -> bool:
    """Template, mask, documented example, words that say placeholder, or too regular to be random."""
    lower = v.lower()
    if not v or v.startswith(MARKER_START) or lower in _WHOLE_WORDS:
        return True
    if token_chars(v):
        return (
            _masked_token(v, lower)
            or _counted_tail(v)
            or is_documented_example(v)
            or says_placeholder(v)
            or low_entropy(v)
            or patterned(v)
            or ("-" in v and is_reference(v))
        )
    if is_template(v) or is_masked(v) or is_documented_example(v) or says_placeholder(v) or low_entropy(v):
        return True
    plain = unquoted(v)
    return (plain != v and bool(plain) and is_template(plain)) or patterned(v) or is_reference(v)


# --------------------------------------------------------------------------- public values


def stands_in(value: str, head: int = 0) -> bool:
    """The redactor's one test for every built-in candidate: not a secret, leave it.

    `head` is the length of a fixed provider prefix: the tests look at the random part after it,
    and at the whole value for documented examples and public keys.
    """
    return _stands_in(value, head, tuning.current())


@lru_cache(maxsize=CACHED_VALUES)
def _stands_in(value: str, head: int, params: tuning.Params) -> bool:
    """stands_in, cached per value and thresholds (several detectors propose the same value)."""
    part = value[head:]
    return (
        is_documented_example(value)
        or is_public_value(value)
        or (head > 0 and not part)
        or is_placeholder(part)
        or (head > 0 and is_public_value(part, alone=False))  # with no head, `part` is `value`, tested above
    )
