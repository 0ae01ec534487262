"""The built-in detectors, by family, and the one pass that runs them over a text.

`find(text)` runs each detector whose trigger words occur in the lower-cased text, then puts
every hit a detector did not vouch for through the one value test (`values.stands_in`), so
placeholders, masks, templates, documented examples and public values are left alone the same
way whichever rule found them. A detector's triggers are literals one of which every text it
can find something in holds (or LONG_RUN, for the detectors that read only long runs of key
characters): a short line names few families, so it runs few detectors.

Which detectors run is settled in one pass over the distinct trigger literals, each looked for
once and naming as bits every detector it lets run: on a short line these looks, not the
detectors, were most of the fixed cost (a literal shared by several detectors was looked for by
each, and most of them are absent).
"""

from __future__ import annotations

import re

from ..values import is_masked, says_stand_in, stands_in
from . import (
    accounts,
    arguments,
    calls,
    commands,
    context,
    encoded,
    generic,
    keys,
    names,
    printed,
    structured,
    tokens,
    urls,
    web,
)
from .base import KEY_CLASS, KEY_RUN, WORDS_FROM, Detector, Hit, Scan

__all__ = ["BUILTIN", "find"]

# A trigger met by a long run of key characters (a token run of 20 or a key-class run of 24, which
# the scan lists once) instead of by a literal: a third of short lines have none.
LONG_RUN = None

# (detector, its triggers: substrings of the lower-cased text, or LONG_RUN)
BUILTIN: tuple[tuple[Detector, tuple[str | None, ...]], ...] = (
    (tokens.detect_prefixed, (LONG_RUN,)),
    (tokens.detect_inner, (LONG_RUN, *tokens.INNER_TRIGGERS)),
    (tokens.detect_urls, tokens.URL_TRIGGERS),
    (keys.detect_pem, keys.PEM_TRIGGERS),
    (keys.detect_key_files, keys.KEY_FILE_TRIGGERS),
    (keys.detect_jwk, ("kty",)),
    (keys.detect_hex_private_keys, ("0x",)),
    (context.detect_aws_secret, (LONG_RUN,)),
    (context.detect_provider_context, context.PROVIDER_TRIGGERS),
    (names.detect_names, names.TRIGGERS),
    (names.detect_names_abroad, names.TRIGGERS_ABROAD),
    (structured.detect_shell_defaults, ("${",)),
    (structured.detect_netrc, ("login",)),
    (structured.detect_xml, structured.XML_TRIGGERS),
    (structured.detect_name_value_pairs, ("value",)),
    (structured.detect_snmp_communities, ("snmp-server",)),
    (structured.detect_dotted_names, structured.DOTTED_TRIGGERS),
    (structured.detect_yaml_secret_lists, structured.YAML_LIST_TRIGGERS),
    (structured.detect_table_columns, structured.TABLE_TRIGGERS),
    (structured.detect_plain_passwords, structured.PLAIN_TRIGGERS),
    (structured.detect_user_maps, structured.USER_MAP_TRIGGERS),
    (web.detect_query_only, web.QUERY_TRIGGERS),
    (web.detect_userinfo, ("://",)),
    (web.detect_auth, web.AUTH_TRIGGERS),
    (web.detect_cookies, ("cookie", "-b ", "\ttrue\t", "\tfalse\t")),  # and a cookie jar's lines
    (web.detect_headers, web.HEADER_TRIGGERS),
    (commands.detect_curl_user, ("-u", "--cert", "-e ")),  # `--user` holds `-u`; `-E` is lower-cased
    (commands.detect_cli_passwords, commands.CLI_TRIGGERS),
    (commands.detect_pgpass, ("pgpass",)),
    (commands.detect_ssh_token_users, ("ssh ",)),
    (commands.detect_setting_values, ("--set", "--value", "-set ", "-value ")),
    (commands.detect_key_file_blobs, ("\n",)),  # the blob stands on a line after the command
    (printed.detect_printed_secrets, printed.PRINTS_SECRET_TRIGGERS),
    (printed.detect_token_commands, ("token",)),
    (printed.detect_values_said_below, printed.SAID_BELOW_TRIGGERS),
    (printed.detect_token_files, ("cat ",)),
    (printed.detect_login_sessions, ('"session',)),
    (printed.detect_fetched_credentials, ("://",)),
    (commands.detect_secure_strings, ("convertto-securestring",)),
    (encoded.detect_encoded, encoded.TRIGGERS),
    (accounts.detect_one_time_codes, accounts.TRIGGERS),
    (accounts.detect_account_links, ("://",)),
    (arguments.detect_flags, (" -", "\t-", "\n-", " /")),
    (arguments.detect_positions, arguments.POSITION_TRIGGERS),
    (arguments.detect_logins, arguments.LOGIN_TRIGGERS),
    (calls.detect_calls, ("(",)),
    (urls.detect_url_paths, ("://",)),
    (generic.detect_labelled, (LONG_RUN, *generic.PHRASE_TRIGGERS)),
    (generic.detect_block_scalars, (": |", ": >")),
    (generic.detect_passwords_said, ("passw", " in with ", *generic.KEY_WORDS)),
    (generic.detect_byte_arrays, (",",)),
    (generic.detect_prefixed_generic, (LONG_RUN,)),
)


def find(text: str, nested: bool = True) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every secret the built-in detectors find in `text`, unmerged."""
    scan = Scan(text, _holds_secret if nested else None)
    groups, long_run = _planned(BUILTIN)
    # a token run is a key run, and no detector reads a key run shorter than KEY_RUN
    run = long_run if scan.token_runs() or scan.runs(KEY_CLASS, KEY_RUN) else 0
    if len(text) < WORDS_FROM:
        lower = scan.lower
        for guard, literals in groups:
            if guard in lower:
                for literal, bits in literals:
                    if literal in lower:
                        run |= bits
    else:
        has = scan.has  # a look costs more here: one whose detectors all run already is skipped
        for _, literals in groups:
            for literal, bits in literals:
                if bits & ~run and has(literal):
                    run |= bits
    builtin = BUILTIN
    while run:  # the detectors whose bits are set, in order (a few of the 32 on a short line)
        bit = run & -run
        builtin[bit.bit_length() - 1][0](scan)
        run ^= bit
    return kept_hits(text, scan.hits)


def kept_hits(text: str, hits: list[Hit]) -> list[tuple[int, int, str]]:
    """The hits that stay: those a detector vouched for (`trusted`) and those whose value
    `stands_in` does not excuse. A hit inside one already kept changes no merged span, so its
    value is not tested. In order of start, longest first, every hit that holds another comes
    before it, and the other is inside one kept exactly when it ends no further than the
    furthest end kept so far: one comparison, not a look at each kept hit (an env dump has
    thousands).

    A value a provider's format recognised (a head, its fixed prefix) whose part past the head
    says it stands in (`says_stand_in`: `sk-ant-api03-REPLACE_WITH_YOUR_KEY`) stays whichever
    rule proposed it, a label's too. Only what it says: a regular part (`ghp_` and `x7Kq9` eight
    times) under a name is still tested whole, as `shapes` decides. A value the text cuts short
    (`…`, `...` right after it) is tested as the mask it is: its head alone, a few characters or
    a JWT's header, says nothing secret."""
    heads: dict[tuple[int, int], int] = {}
    for start, end, _, head, _ in hits:
        if head > heads.get((start, end), 0):
            heads[start, end] = head
    kept: list[tuple[int, int, str]] = []
    reach = -1
    for start, end, kind, head, trusted in sorted(hits, key=_outer_first):
        if end <= reach or (not trusted and stands_in(text[start:end], head)):
            continue
        if not trusted and kind in _GENERIC_KINDS and _commented_public(text, start, end):
            continue  # `new Vapi('<uuid>');  // public key, restricted to our domain`: what its writer says it is
        if (
            not trusted
            and text.startswith(_CUT, end)
            and (is_masked(text[start:end] + "…") or text.startswith(_CUT_QUOTED, end))
        ):
            continue  # `token eyJ0eXAiOiJKV1Qi… (expires …)`, the docs' `"BAhbB0kiAbB7…..."`: a value cut short
        if not trusted and _acme_challenge(text, start, end):
            continue
        past = heads.get((start, end), 0) if heads and not trusted else 0
        if past > head and says_stand_in(text[start + past : end]):
            continue  # the provider's part says placeholder, whichever rule found the value
        kept.append((start, end, kind))
        reach = end
    return kept


# A comment after a value on its line that calls it public (`new Vapi('<uuid>');  // public key,
# restricted to our domain`); not one that denies it.
_SAYS_PUBLIC = re.compile(
    r"public[ \t](?:[a-z]+[ \t]){0,2}?(?:key|token)|publishable[ \t]key|safe[ \t]to[ \t](?:ship|expose|embed|publish)",
    re.I,
)
_COMMENT = re.compile(r"(?:^|[ \t])(?:#|//|/\*|--|;)[ \t]")
_DENIAL = re.compile(r"\b(?:not|never|no)\b|n't", re.I)
_GENERIC_KINDS = frozenset(("argument", "secret", "token", "auth_credential"))  # no provider's format vouches
_CREDENTIAL_BEFORE = re.compile(r"secret|passw|priv|key|token|auth|cred", re.I)


def _commented_public(text: str, start: int, end: int) -> bool:
    """The comment after the value on its line says public, and nothing before the value on its
    line names a credential: an argument the comment alone describes (`new Vapi('<uuid>')`), not
    a name's value (`API_KEY=… # the public key is in the frontend`)."""
    if _CREDENTIAL_BEFORE.search(text, text.rfind("\n", 0, start) + 1, start):
        return False
    line_end = text.find("\n", end)
    after = text[end : len(text) if line_end == -1 else line_end]
    comment = _COMMENT.search(after)
    said = after[comment.end() :] if comment is not None else ""
    return bool(said) and _SAYS_PUBLIC.search(said) is not None and _DENIAL.search(said) is None


_CUT = ("…", "...")  # a value cut short: the rest left out
_CUT_QUOTED = tuple(
    cut + quote for cut in _CUT for quote in "\"'`"
)  # and closed: the docs' example cut to show its shape


# An ACME DNS-01 challenge's TXT value: the SHA-256 of a key authorisation, base64url, published in
# DNS under `_acme-challenge.<domain>` for anyone to read.
_CHALLENGE_DIGEST = re.compile(r"[A-Za-z0-9_\-]{43}")
_CHALLENGE_REACH = 400


def _acme_challenge(text: str, start: int, end: int) -> bool:
    """text[start:end] is the TXT value of an ACME challenge named before it."""
    return (
        end - start == 43
        and _CHALLENGE_DIGEST.fullmatch(text, start, end) is not None
        and text.find("_acme-challenge", max(0, start - _CHALLENGE_REACH), start) != -1
    )


def _outer_first(hit: Hit) -> tuple[int, int]:
    return hit[0], -hit[1]


Literals = tuple[tuple[str, int], ...]
Plan = tuple[tuple[tuple[str, Literals], ...], int]
_PLANNED: tuple[object, Plan] = ((), ((), 0))  # (the BUILTIN a plan was made for, the plan)

# Characters from the most to the least common in transcripts; one not listed is rarer still.
_COMMON = " erstaoinlcduhmpfb0w2y:k-.\"gv16/x\n[]q_548397z{},j=`'+$()&*@;"


def _planned(builtin: tuple[tuple[Detector, tuple[str | None, ...]], ...]) -> Plan:
    """`_plan(builtin)`, made again only when BUILTIN is another tuple (a benchmark leaving a
    detector out): a cache keyed by the tuple would hash all of it at every call."""
    global _PLANNED
    if _PLANNED[0] is not builtin:
        _PLANNED = (builtin, _plan(builtin))
    return _PLANNED[1]


def _rarity(c: str) -> int:
    return _COMMON.find(c) % (len(_COMMON) + 1)  # not listed (-1): rarest


def _plan(builtin: tuple[tuple[Detector, tuple[str | None, ...]], ...]) -> Plan:
    """(the distinct trigger literals with the detectors each lets run, as bits by place in
    `builtin`, grouped under a guard character; the bits of the detectors a long run lets run).

    A literal that holds another of its detector's own triggers is left out: where it occurs,
    the shorter one does too. A group's guard is the rarest character of each of its literals:
    one look for a character absent from a text (most are) rules out the group, and a short
    literal costs as much to look for as the character does.
    """
    literals: dict[str, int] = {}
    long_run = 0
    for i, (_, triggers) in enumerate(builtin):
        if LONG_RUN in triggers:
            long_run |= 1 << i
        words = [t for t in triggers if t is not LONG_RUN]
        for literal in words:
            if not any(other != literal and other in literal for other in words):
                literals[literal] = literals.get(literal, 0) | 1 << i
    groups: dict[str, list[tuple[str, int]]] = {}
    for literal, bits in literals.items():
        groups.setdefault(max(literal, key=_rarity), []).append((literal, bits))
    return tuple((guard, tuple(group)) for guard, group in groups.items()), long_run


def _holds_secret(decoded: str) -> bool:
    return bool(find(decoded, nested=False))
