"""Provider tokens with a documented prefix or shape (`ghp_`, `sk-ant-`, `AKIA`, `hvs.`, …).

Prefixes come from the providers' token-format documentation and the public rule lists of
the well-known scanners (gitleaks' default config, GitHub's secret-scanning patterns). A rule
never scans the text itself: the scan lists the long runs of token characters once, and each
run is looked up by its first characters (HEAD rules) or by the literal just before it (TAIL
rules, for prefixes ending in `.`, `~` or `/`). Only a run whose key matches tries a regex, so
adding a rule costs a dictionary entry, not another pass over the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..shapes import b64_text, random_looking
from .base import BOUNDARY, Scan, glued


@dataclass(frozen=True)
class TokenRule:
    """A token whose `key` literal sits at the start of a run (or, for tail rules, just before it)."""

    kind: str
    key: str
    pattern: str
    tail: bool = False
    back: int = 0  # characters of the token before the key (a random part that starts it)
    check: Callable[[str], bool] | None = None  # extra test on the matched token
    trusted: bool = False  # the check proves it is a secret: skip the placeholder test
    rx: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rx", re.compile(self.pattern))

    def head(self, token: str) -> int:
        """Length of the fixed prefix the placeholder test skips: the key and a variant word after
        it (`sk_live_`, `xoxb-`, `tskey-auth-`); 0 when random text precedes the key."""
        if self.back:
            return 0
        n = len(self.key)
        window = token[: n + 8]
        return max(n, max(window.rfind("_"), window.rfind("-"), window.rfind(".")) + 1)


_TUNNEL_SECRET = re.compile(r'"s"[ \t]*:[ \t]*"[A-Za-z0-9+/=_\-]{24,}"')


def _tunnel_secret(v: str) -> bool:
    """The token decodes to the tunnel's JSON with a secret in it (a docs' cut `eyJhIjoi…` does not)."""
    text = b64_text(v)
    return text is not None and _TUNNEL_SECRET.search(text) is not None


def _openai_random(v: str) -> bool:
    return random_looking(v[3:].removeprefix("proj-").removeprefix("svcacct-").removeprefix("admin-"), 20)


def _aws_varied(v: str) -> bool:
    return len(set(v[4:])) >= 6


def _random_tail(v: str) -> bool:
    """The part after a token's last `_` is random (no `XXXX…` placeholder): the rule may vouch for it."""
    return random_looking(v.rsplit("_", 1)[1], 20)


def _random_last_32(v: str) -> bool:
    return random_looking(v[-32:], 20)


def _pem_in_base64(v: str) -> bool:
    head = b64_text(v[: len(v) - len(v) % 4][:80])
    return head is not None and "PRIVATE KEY" in head


_HEX = "[a-fA-F0-9]"
_UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_END = "(?![A-Za-z0-9])"

RULES: tuple[TokenRule, ...] = (
    # AI providers
    TokenRule("anthropic_key", "sk-ant-", r"sk-ant-[A-Za-z0-9_\-]{20,}"),
    TokenRule(
        "openai_key", "sk-", r"sk-(?!ant-|or-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}", check=_openai_random
    ),
    TokenRule("openrouter_key", "sk-or-", r"sk-or-v1-[a-f0-9]{64}"),
    TokenRule("groq_key", "gsk_", r"gsk_[A-Za-z0-9]{20,}"),
    TokenRule("xai_key", "xai-", r"xai-[A-Za-z0-9_\-]{20,}"),
    TokenRule("huggingface_token", "hf_", r"hf_[A-Za-z0-9]{20,}"),
    TokenRule("huggingface_token", "api_org_", r"api_org_[A-Za-z0-9]{20,}"),
    TokenRule("replicate_token", "r8_", r"r8_[A-Za-z0-9]{30,}"),
    TokenRule("perplexity_key", "pplx-", r"pplx-[A-Za-z0-9]{40,}"),
    TokenRule("langsmith_key", "lsv2_", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    TokenRule("pinecone_key", "pcsk_", r"pcsk_[A-Za-z0-9_]{40,}"),
    # code hosting and CI
    *[TokenRule("github_token", f"gh{c}_", rf"gh{c}_[A-Za-z0-9]{{30,}}") for c in "pousr"],
    TokenRule("github_token", "github_pat_", r"github_pat_[A-Za-z0-9_]{40,}"),
    *[
        TokenRule("gitlab_token", f"gl{p}-", rf"gl{p}-[A-Za-z0-9_\-]{{20,}}(?:\.[0-9a-z]{{9}})?")
        for p in ("pat", "dt", "ptt", "rt", "cbt", "oas", "ft", "imt", "agent", "soat", "ffct")
    ],
    TokenRule("gitlab_token", "GR1348941", r"GR1348941[A-Za-z0-9_\-]{20,}"),
    TokenRule("bitbucket_token", "ATBB", r"ATBB[A-Za-z0-9_=.\-]{32,}"),
    *[TokenRule("atlassian_token", k, k + r"[A-Za-z0-9_\-=]{150,}") for k in ("ATATT3", "ATCTT3")],
    TokenRule("circleci_token", "CCIPAT_", r"CCIPAT_[A-Za-z0-9]{20,}_[a-f0-9]{40}"),
    TokenRule("buildkite_token", "bkua_", r"bkua_[a-f0-9]{40}"),
    TokenRule("sourcegraph_token", "sgp_", r"sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}"),
    *[TokenRule("sonar_token", k, k + r"[a-f0-9]{40}") for k in ("sqp_", "squ_", "sqa_")],
    TokenRule("postman_key", "PMAK-", rf"PMAK-{_HEX}{{24}}-{_HEX}{{34}}"),
    # package registries
    TokenRule("npm_token", "npm_", r"npm_[A-Za-z0-9]{30,}"),
    TokenRule("pypi_token", "pypi-AgE", r"pypi-AgE[A-Za-z0-9_\-]{30,}"),
    *[TokenRule("docker_token", k, k + r"[A-Za-z0-9_\-]{27,}") for k in ("dckr_pat_", "dckr_oat_")],
    TokenRule("rubygems_token", "rubygems_", r"rubygems_[a-f0-9]{48}"),
    TokenRule("nuget_key", "oy2", r"oy2[a-z0-9]{43}" + _END),
    TokenRule("clojars_token", "CLOJARS_", r"CLOJARS_[A-Za-z0-9]{60}"),
    TokenRule("artifactory_key", "AKCp", r"AKCp[A-Za-z0-9]{69}"),
    TokenRule("artifactory_token", "cmVmdGtu", r"cmVmdGtu[A-Za-z0-9]{50,}"),
    # clouds and infrastructure
    *[
        TokenRule("aws_access_key", k, k + r"[A-Z0-9]{16}" + _END, check=_aws_varied)
        for k in ("AKIA", "ASIA", "ABIA", "ACCA")
    ],
    TokenRule("google_api_key", "AIza", r"AIza[0-9A-Za-z_\-]{35}"),
    TokenRule("google_oauth_secret", "GOCSPX-", r"GOCSPX-[A-Za-z0-9_\-]{24,}"),
    TokenRule("google_oauth_token", "ya29.", r"ya29\.[A-Za-z0-9_\-]{20,}", tail=True),
    TokenRule("google_oauth_token", "ya29.c.", r"ya29\.c\.[A-Za-z0-9_\-.]{20,}", tail=True),  # a service account's
    # AWS session tokens: base64 of a fixed binary head (STS's `IQoJb3JpZ2lu…`, older `FwoGZXIvYXdz…`)
    *[TokenRule("aws_session_token", k, k + r"[A-Za-z0-9+/]{100,}={0,2}") for k in ("IQoJb3JpZ2lu", "FwoGZXIvYXdz")],
    # NATS nkey seeds: `S`, the key's type, then base32 (a user's public key starts `U`, its seed `SU`)
    *[TokenRule("nats_seed", "S" + t, r"S[UAONCX][A-Z2-7]{56}") for t in "UAONCX"],
    TokenRule("google_refresh_token", "1//", r"1//0[A-Za-z0-9_\-]{40,}", tail=True),
    # a Fernet token (version byte 0x80, then a time): an OpenStack Keystone token, or data a
    # Fernet key sealed; either way not for a transcript
    TokenRule("fernet_token", "gAAAAA", r"gAAAAA[A-Za-z0-9_\-]{60,}={0,2}"),
    TokenRule("alibaba_key", "LTAI", r"LTAI[A-Za-z0-9]{16,24}" + _END),
    *[TokenRule("digitalocean_token", f"do{c}_v1_", rf"do{c}_v1_[a-f0-9]{{64}}" + _END) for c in "opr"],
    TokenRule("heroku_key", "HRKU-", r"HRKU-[A-Za-z0-9_\-]{20,}"),
    TokenRule("databricks_token", "dapi", r"dapi[a-f0-9]{32}(?:-\d)?" + _END),
    TokenRule("terraform_token", ".atlasv1.", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=\-]{60,70}", tail=True, back=14),
    *[TokenRule("vault_token", k, re.escape(k) + r"[A-Za-z0-9_\-]{24,}", tail=True) for k in ("hvs.", "hvb.")],
    *[
        TokenRule("doppler_token", f"dp.{k}.", rf"dp\.{k}\.[A-Za-z0-9]{{40,}}", tail=True)
        for k in ("pt", "st", "sa", "ct", "scim", "audit")
    ],
    TokenRule("onepassword_token", "ops_eyJ", r"ops_eyJ[A-Za-z0-9+/]{200,}={0,3}"),
    TokenRule(
        "onepassword_secret_key",
        "A3-",
        r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}" + _END,
    ),
    TokenRule("pulumi_token", "pul-", r"pul-[a-f0-9]{40}"),
    TokenRule("grafana_token", "glc_", r"glc_[A-Za-z0-9+/]{32,}={0,2}"),
    TokenRule("grafana_token", "glsa_", rf"glsa_[A-Za-z0-9]{{32}}_{_HEX}{{8}}"),
    TokenRule("grafana_token", "eyJrIjoi", r"eyJrIjoi[A-Za-z0-9]{70,400}={0,2}"),
    *[TokenRule("newrelic_key", k, k + r"[A-Za-z0-9]{27,32}") for k in ("NRAK-", "NRII-")],
    TokenRule("sentry_token", "sntryu_", r"sntryu_[a-f0-9]{64}"),
    TokenRule("sentry_token", "sntrys_", r"sntrys_eyJ[A-Za-z0-9+/=_]{50,}"),
    TokenRule("dynatrace_token", "dt0c01.", r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}", tail=True),
    TokenRule("supabase_token", "sbp_", r"sbp_[a-f0-9]{40}"),
    TokenRule("supabase_key", "sb_secret_", r"sb_secret_[A-Za-z0-9_\-]{20,}"),
    TokenRule("planetscale_token", "pscale_", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.\-]{32,64}"),
    TokenRule("neon_key", "napi_", r"napi_[a-z0-9]{40,}"),
    TokenRule("render_key", "rnd_", r"rnd_[A-Za-z0-9]{30,}"),
    TokenRule("flyio_token", "fo1_", r"fo1_[A-Za-z0-9_\-]{43}"),
    *[TokenRule("flyio_token", k, k + r"[A-Za-z0-9+/]{100,}={0,3}") for k in ("fm1a_", "fm1r_", "fm2_")],
    TokenRule("ttn_key", "NNSXS.", r"NNSXS\.[A-Z0-9]{39}\.[A-Z0-9]{52}", tail=True),  # The Things Stack's API key
    TokenRule("adafruit_key", "aio_", r"aio_[A-Za-z0-9]{28}" + _END),
    TokenRule("tailscale_key", "tskey-", r"tskey-(?:auth|api|client|webhook|scim)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{20,}"),
    TokenRule("cloudflare_key", "v1.", r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}", tail=True),
    TokenRule("mapbox_token", "sk.", r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}", tail=True),
    TokenRule("dropbox_token", "sl.", r"sl\.(?:u\.)?[A-Za-z0-9_\-=]{130,}", tail=True),
    TokenRule("openshift_token", "sha256~", r"sha256~[A-Za-z0-9_\-]{43}", tail=True),
    TokenRule("age_secret_key", "AGE-SECRET-KEY-1", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    TokenRule(
        "private_key", "LS0tLS1CRUdJTi", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{40,}", check=_pem_in_base64, trusted=True
    ),
    # payments and commerce
    *[TokenRule("stripe_key", f"{p}_", rf"{p}_(?:live|test|prod)_[A-Za-z0-9]{{16,}}") for p in ("sk", "rk")],
    TokenRule("stripe_key", "whsec_", r"whsec_[A-Za-z0-9+/=]{24,}"),
    # ClickUp's personal token: `pk_`, the user's number, 32 capitals and digits (a publishable
    # key's `pk_` is followed by letters); the shape itself says secret
    TokenRule("clickup_token", "pk_", r"pk_\d{4,12}_[A-Z0-9]{32}" + _END, check=_random_tail, trusted=True),
    TokenRule("square_token", "EAAA", r"EAAA[A-Za-z0-9_\-]{22,60}(?![A-Za-z0-9_\-])"),
    *[TokenRule("square_token", k, k + r"[A-Za-z0-9_\-]{22,}") for k in ("sq0atp-", "sq0csp-")],
    TokenRule("plaid_token", "access-", r"access-(?:sandbox|development|production)-" + _UUID),
    TokenRule("shippo_token", "shippo_", rf"shippo_(?:live|test)_{_HEX}{{40}}"),
    *[TokenRule("easypost_key", k, k + r"[A-Za-z0-9]{54}") for k in ("EZAK", "EZTK")],
    TokenRule("duffel_token", "duffel_", r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}"),
    TokenRule("flutterwave_key", "FLWSECK", r"FLWSECK(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?"),
    TokenRule("shopify_token", "shp", r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}" + _END),
    # messaging, mail and SaaS APIs
    TokenRule("slack_token", "xox", r"xox[abposre]-[0-9A-Za-z\-]{10,}"),
    TokenRule("slack_token", "xapp-", r"xapp-\d-[A-Za-z0-9\-]{10,}"),
    TokenRule("sendgrid_key", "SG.", r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}", tail=True),
    TokenRule("twilio_key", "SK", r"SK[0-9a-fA-F]{32}" + _END),
    TokenRule("mailgun_key", "key-", r"key-[0-9a-zA-Z]{32}" + _END),
    *[TokenRule("brevo_key", k, k + r"[a-f0-9]{64}-[A-Za-z0-9]{16}") for k in ("xkeysib-", "xsmtpsib-")],
    TokenRule("linear_key", "lin_api_", r"lin_api_[A-Za-z0-9]{40}"),
    TokenRule("notion_token", "ntn_", r"ntn_[0-9]{11}[A-Za-z0-9]{35}"),
    TokenRule("notion_token", "secret_", r"secret_[A-Za-z0-9]{43}" + _END),
    TokenRule("airtable_token", ".", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}", tail=True, back=17),
    # Rancher's API token: the key's id (`token-` and five characters), then its secret
    TokenRule("rancher_token", ":", r"token-[a-z0-9]{5}:[a-z0-9]{40,}" + _END, tail=True, back=11),
    # Docker Swarm's join tokens and its managers' unlock key
    *[TokenRule("docker_swarm_token", k, k + r"[A-Za-z0-9+/\-]{40,}") for k in ("SWMTKN-1-", "SWMKEY-1-")],
    # Cloudflare Tunnel's token (`cloudflared service install <token>`, `TUNNEL_TOKEN=`): base64 of
    # `{"a": account, "t": tunnel, "s": secret}`, so every one starts `eyJhIjoi`; the secret inside runs it
    TokenRule("cloudflare_tunnel_token", "eyJhIjoi", r"eyJhIjoi[A-Za-z0-9+/]{60,}={0,2}", check=_tunnel_secret),
    # a MUNGE credential (`munge -n`): whoever holds it is the user who made it, until it expires
    TokenRule("munge_credential", "MUNGE:", r"MUNGE:[A-Za-z0-9+/]{40,}={0,2}:?", tail=True),
    # Ably's API key: the app's id and the key's (six characters each), then the key's secret
    TokenRule(
        "ably_key",
        ":",
        r"(?<![\w.])[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{6}:[A-Za-z0-9_\-]{30,}" + _END,
        tail=True,
        back=13,
    ),
    # Ghost's Admin API key: the key's id (24 hex), then its secret (64 hex)
    TokenRule("ghost_admin_key", ":", r"(?<![A-Za-z0-9])[a-f0-9]{24}:[a-f0-9]{64}" + _END, tail=True, back=24),
    TokenRule("figma_token", "figd_", r"figd_[A-Za-z0-9_\-]{40,}"),
    TokenRule("typeform_token", "tfp_", r"tfp_[A-Za-z0-9_\-.=]{59}"),
    TokenRule("contentful_token", "CFPAT-", r"CFPAT-[A-Za-z0-9_\-]{43}"),
    TokenRule("hubspot_token", "pat-", r"pat-(?:na|eu)1-" + _UUID),
    TokenRule("prefect_key", "pnu_", r"pnu_[A-Za-z0-9]{36}"),
    TokenRule("readme_key", "rdme_", r"rdme_[a-z0-9]{70}"),
    TokenRule("infracost_key", "ico-", r"ico-[A-Za-z0-9]{32}"),
    TokenRule("scalingo_token", "tk-us-", r"tk-us-[A-Za-z0-9_\-]{48}"),
    *[TokenRule("facebook_token", k, k + r"[A-Za-z0-9]{100,}") for k in ("EAAC", "EAAM")],
    TokenRule("firebase_key", "APA91b", r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{130,}", back=12),
    TokenRule("twitter_token", "A" * 22, r"A{22}[A-Za-z0-9%]{80,}"),
    TokenRule("settlemint_token", "sm_", r"sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}"),
    # feature flags: LaunchDarkly's server-side SDK key and API token, DevCycle's server key
    *[TokenRule("launchdarkly_key", k, k + _UUID + _END) for k in ("sdk-", "api-")],
    TokenRule(
        "devcycle_key",
        "dvc_server_",
        r"dvc_server_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}_[0-9a-f]{7}" + _END,
    ),
    # web3: a Blockfrost project id is its network's name and 32 random characters
    *[
        TokenRule("blockfrost_key", k, k + r"[A-Za-z0-9]{32}" + _END, check=_random_last_32)
        for k in ("mainnet", "preprod", "preview", "testnet", "ipfs")
    ],
    # A JWT's claims are JSON (`ey…`); a signed token whose header names its algorithm, type or key
    # (`{"alg"`, `{"typ"`, `{"kid"`) may carry any payload (a JWS), and then its signature shows it.
    TokenRule(
        "jwt",
        "eyJ",
        # an encrypted one (a JWE: header, key, IV, ciphertext, tag), whole before a signed one's parts
        r"eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"
        r"|eyJ[A-Za-z0-9_\-]{8,}\.ey[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-+/]*=*"
        r"|eyJ(?:hbGci|0eXAi|raWQi)[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{16,}",
    ),
)


def _index(tail: bool) -> tuple[dict[str, list[TokenRule]], tuple[int, ...]]:
    table: dict[str, list[TokenRule]] = {}
    for rule in RULES:
        if rule.tail == tail:
            table.setdefault(rule.key, []).append(rule)
    return table, tuple(sorted({len(k) for k in table}, reverse=True))


def _lengths_by_start(keys: dict[str, list[TokenRule]]) -> dict[str, tuple[int, ...]]:
    """The keys' lengths (longest first) by their first two characters: a run whose start begins
    no key (most runs: random text, ids, paths) costs one look-up, not one per length."""
    lengths: dict[str, set[int]] = {}
    for key in keys:
        lengths.setdefault(key[:2], set()).add(len(key))
    return {start: tuple(sorted(ns, reverse=True)) for start, ns in lengths.items()}


_HEADS = _index(tail=False)[0]
_HEAD_LENGTHS_BY_START = _lengths_by_start(_HEADS)
_TAILS, _TAIL_LENGTHS = _index(tail=True)
_TAIL_ENDS = frozenset(k[-1] for k in _TAILS)

# A run that ends in a provider suffix (Mailchimp `-us14`, MaxMind `_mmk`) or holds its marker
# near its end (an Azure DevOps token's `AZDO` four characters before it, after a checksum
# block's `JQQJ99`) is matched whole.
_SUFFIX_RULES = (
    ("-us", "mailchimp_key", re.compile(r"[0-9a-f]{32}-us\d{1,2}")),
    ("_mmk", "maxmind_key", re.compile(r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk")),
    ("AZDO", "azure_devops_pat", re.compile(r"[A-Za-z0-9]{52}JQQJ9\d[A-Za-z0-9]{18}AZDO[A-Za-z0-9]{4}")),
)
_SUFFIX_WINDOW = 8


def _try(scan: Scan, rule: TokenRule, start: int) -> None:
    text = scan.text
    if start < 0 or glued(text, start):
        return  # part of a longer word
    m = rule.rx.match(text, start)
    if m and (rule.check is None or rule.check(m.group())):
        scan.add(start, m.end(), rule.kind, rule.head(m.group()), rule.trusted)


def detect_prefixed(scan: Scan) -> None:
    """Tokens looked up by the literal at the start of (or just before) each long run."""
    text = scan.text
    for p, e in scan.token_runs():
        while p < e and text[p] in "-_":
            p += 1  # `-----ghp_…`, `__sk-…`: dashes before a token are punctuation
        for n in _HEAD_LENGTHS_BY_START.get(text[p : p + 2], ()):
            for rule in _HEADS.get(text[p : p + n], ()):
                _try(scan, rule, p - rule.back)
        if p and text[p - 1] in _TAIL_ENDS:
            for n in _TAIL_LENGTHS:
                for rule in _TAILS.get(text[p - n : p], ()):
                    _try(scan, rule, p - n - rule.back)
        tail = text[e - _SUFFIX_WINDOW : e]
        for marker, kind, rx in _SUFFIX_RULES:
            if marker in tail and rx.fullmatch(text, p, e):
                scan.add(p, e, kind)


# URLs that are secrets themselves, found by a rare literal.
_URL_RULES = (
    (
        "hooks.slack.com/",
        "slack_webhook",
        re.compile(r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{10,}"),
    ),
    ("/api/webhooks/", "discord_webhook", re.compile(r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{20,}")),
    (
        "webhook.office.com/",
        "teams_webhook",
        re.compile(
            r"[a-z0-9\-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@\-]{20,}/IncomingWebhook/[A-Za-z0-9/\-]{20,}"
        ),
    ),
    (
        "access_token$",
        "braintree_token",
        re.compile(r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"),
    ),
)


_SECRET_LAST = ("slack_webhook", "discord_webhook")  # a Teams URL ends in an id after its secret
URL_TRIGGERS = ("hook", "access_token$")  # one is in every literal of `_URL_RULES`


def detect_urls(scan: Scan) -> None:
    """Webhook URLs (Slack, Discord, Teams) and Braintree tokens, scheme included."""
    text = scan.text
    for literal, kind, rx in _URL_RULES:
        if not scan.has_cased(literal):
            continue
        for m in rx.finditer(text):
            start = m.start()
            for scheme in ("https://", "http://"):
                if text.endswith(scheme, 0, start):
                    start -= len(scheme)
                    break
            # Slack's and Discord's secret is the last path part: the value test reads it alone, so
            # a documented example (`…/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`) stays as it is.
            head = text.rfind("/", start, m.end()) + 1 - start if kind in _SECRET_LAST else 0
            scan.add(start, m.end(), kind, head)


# Telegram `123456789:AA…`, Discord `M….xxxxxx.…` and Azure `xxx8Q~…` tokens start with random
# characters: find their inner literal and check the part before it.
_TELEGRAM = re.compile(r":A[A-Za-z0-9_\-]{34}(?![A-Za-z0-9_\-])")
_TELEGRAM_BOT_ID = re.compile(r"\d{8,10}$")
_DISCORD = re.compile(r"\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}")
_DISCORD_HEAD = re.compile(r"[MNO][A-Za-z0-9_\-]{23,27}$")
_AZURE_SECRET = re.compile(r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])")


# Salesforce's session and access tokens: the org's id (`00D…`, too short for a run), a `!`, the body.
_SALESFORCE = re.compile(r"(?<![A-Za-z0-9])00D[A-Za-z0-9]{12,15}\\?![A-Za-z0-9._\-]{40,}")  # `\!` escaped in a shell


# An eSIM's activation code (GSMA SGP.22 `LPA:1$<SM-DP+ address>$<matching id>`): it installs the profile.
_ESIM_ACTIVATION = re.compile(r"LPA:1\$[\w.\-]+\$[A-Za-z0-9\-]{8,}(?:\$[^\s\"']*)?")
INNER_TRIGGERS = (
    ":a",
    ".",
    "q~",
    "00d",
)  # Telegram's `:A`, a Discord token's dots (an eSIM code's host), Azure's `Q~`, Salesforce's org

# A generated code after an address and `/` (Husarnet's join code `fc94:…:932a/<22>`): a prefix
# length is digits, a code the address's network admits its holder with.
_ADDRESS_BEFORE = re.compile(r"(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$|(?:\d{1,3}\.){3}\d{1,3}$", re.I)


def detect_inner(scan: Scan) -> None:
    """Telegram bot tokens, Discord bot tokens, Azure AD client secrets, Salesforce tokens, join
    codes after an address and eSIM activation codes."""
    text = scan.text
    if scan.has_cased(":A"):
        for m in _TELEGRAM.finditer(text):
            bot = _TELEGRAM_BOT_ID.search(text, max(0, m.start() - 10), m.start())
            if bot and (
                bot.start() == 0
                or text[bot.start() - 1] not in BOUNDARY
                or text[bot.start() - 3 : bot.start()] == "bot"
            ):
                scan.add(bot.start(), m.end(), "telegram_token")
    for p, e in scan.token_runs():  # a Discord token's last part is a long run after `.xxxxxx.`
        if p and text[p - 1] == "/" and _ADDRESS_BEFORE.search(text, max(0, p - 40), p - 1):
            if random_looking(text[p:e], 16):
                scan.add(p, e, "join_code")
            continue
        if p >= 8 and text[p - 1] == "." and text[p - 8] == "." and e - p <= 40:
            m = _DISCORD.match(text, p - 8)
            head = _DISCORD_HEAD.search(text, max(0, p - 36), p - 8) if m else None
            if head is None:
                continue
            st = head.start()
            if (st and text[st - 1] in BOUNDARY) or not random_looking(text[st : m.end()], 40):
                continue
            scan.add(st, m.end(), "discord_token")
    if scan.has_cased("LPA:1$"):
        for m in _ESIM_ACTIVATION.finditer(text):
            scan.add(m.start(), m.end(), "esim_activation_code")
    if scan.has_cased("00D") and "!" in text:
        for m in _SALESFORCE.finditer(text):
            scan.add(m.start(), m.end(), "salesforce_token")
    pos = text.find("Q~") if scan.has_cased("Q~") else -1
    while pos != -1:
        start = pos - 4
        if start >= 0 and (start == 0 or text[start - 1] not in BOUNDARY | {"~", "."}):
            m = _AZURE_SECRET.match(text, start)
            if m:
                scan.add(start, m.end(), "azure_client_secret")
        pos = text.find("Q~", pos + 2)
