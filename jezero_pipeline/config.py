"""The TOML config, validated with pydantic, with Jezero's section and field names.

Every table forbids unknown keys so a typo fails loudly, naming the key. Secrets never live
here: only the names of environment variables (`*_env`).
"""

from __future__ import annotations

import os
import re
import tomllib
from datetime import date
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

DEFAULT_ROOTS = [
    "projects",
    "code",
    "dev",
    "src",
    "repos",
    "repositories",
    "git",
    "github",
    "gitlab",
    "workspace",
    "workspaces",
    "work",
    "developer",
    "sites",
]
# Prompt-cache prices as multiples of the input price, (write, read), when not set: Anthropic
# charges 1.25× for a 5-minute cache write and 0.1× for a read; OpenAI caches on its own, charges
# nothing to write and takes 50% to 90% off a read depending on the model: 0.5 is the smallest
# discount (gpt-4o), so the estimate never promises more than the cheapest case saves.
CACHE_PRICE_FACTORS = {"anthropic": (1.25, 0.1), "openai_compatible": (1.0, 0.5)}
_SECRET_KEY = re.compile(r"(api[_-]?key|token|secret|password|passwd|credential)", re.I)


class ConfigError(ValueError):
    """A config problem, with the file and the offending key in its message."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_default=True)


class StorageConfig(_Strict):
    path: str = "data/library.duckdb"  # the DuckDB library
    # per-partition Parquet files: a folder, or s3://bucket/prefix (the AWS environment gives the
    # endpoint, region and credentials; never this file)
    staging_dir: str = "data/staging"

    @field_validator("staging_dir")
    @classmethod
    def _no_credentials_in_url(cls, v: str) -> str:
        if v.startswith("s3://") and ("@" in v or "?" in v):
            raise ValueError(
                "an s3:// staging_dir names only bucket and prefix; credentials and endpoint "
                "come from the environment (AWS_ACCESS_KEY_ID, AWS_ENDPOINT_URL, ...)"
            )
        if v.startswith("s3://") and len(v) <= len("s3://") or v.startswith("s3:///"):
            raise ValueError("an s3:// staging_dir needs a bucket: s3://bucket/prefix")
        return v


class PartitionsConfig(_Strict):
    # The first day partition; sessions that started earlier are filed under it (never dropped).
    # Unset: the day the oldest session started, chosen when the pipeline first sees sessions
    # and kept from then on (Workspace.first_day).
    first_day: date | None = None
    # (connector, day) partitions per backfill run: a run is one step, on one worker. On one
    # machine, few long runs; on a cluster, enough runs for every worker (docs/scaling.md).
    per_backfill_run: int = Field(31, ge=1, le=366)


class ClusterConfig(_Strict):
    # The longest a step (a run's partitions) may take on a worker. A step whose worker vanished
    # is handed to another worker by the broker after twice this (docs/scaling.md).
    longest_step_minutes: float = Field(10.0, gt=0, le=24 * 60)


class SearchConfig(_Strict):
    default_limit: int = Field(10, ge=1, le=100)
    max_limit: int = Field(50, ge=1, le=500)
    candidate_pool: int = Field(200, ge=10, le=5000)
    recency_half_life_days: float = Field(90.0, gt=0)
    recency_weight: float = Field(0.3, ge=0, le=1)
    original_weight: float = Field(1.0, ge=0, le=5)  # BM25 weight of the redacted original (bench/RANKING.md)


class SummarizerConfig(_Strict):
    provider: Literal["extractive", "anthropic", "openai_compatible"] = "extractive"
    base_url: str | None = None
    model: str | None = None
    api_key_env: str = "JEZERO_SUMMARIZER_API_KEY"
    max_concurrency: int = Field(4, ge=1, le=64)
    timeout_seconds: float = Field(120.0, gt=0)
    max_input_chars: int = Field(60000, ge=1000)
    known_projects: list[str] = []
    output_language: str | None = None
    allow_insecure_http: bool = False
    max_retries: int = Field(4, ge=0, le=10)  # 5 attempts in all, as Jezero
    max_calls_per_run: int | None = Field(None, ge=0)  # HTTP attempts per run, retries included
    max_cost_usd_per_run: float | None = Field(None, ge=0)  # needs both prices below
    price_input_per_mtok: float | None = Field(None, ge=0)  # USD per million input tokens
    price_output_per_mtok: float | None = Field(None, ge=0)
    # Input tokens written to / read from the provider's prompt cache; unset: the provider's
    # multiplier of price_input_per_mtok (CACHE_PRICE_FACTORS).
    price_cache_write_per_mtok: float | None = Field(None, ge=0)
    price_cache_read_per_mtok: float | None = Field(None, ge=0)
    prompt_caching: bool = True  # mark the fixed prefix (tools, system prompt) cacheable
    # The providers' batch APIs (results within 24 hours, at a discount): "off"; "backfill": Dagster
    # backfills, `resummarize` and `run --batch`; "always": every run that summarises.
    batch: Literal["off", "backfill", "always"] = "off"
    batch_discount: float = Field(0.5, ge=0, lt=1)  # a batched request costs (1 - this) × its direct price
    batch_poll_seconds: int = Field(60, ge=5)  # how often the summary_batches sensor asks about open batches

    @model_validator(mode="after")
    def _needs_model(self) -> SummarizerConfig:
        if self.provider != "extractive" and not self.model:
            raise ValueError(f"summarizer.model is required for provider {self.provider!r}")
        if self.max_cost_usd_per_run is not None and (
            self.price_input_per_mtok is None or self.price_output_per_mtok is None
        ):
            raise ValueError("summarizer.max_cost_usd_per_run needs price_input_per_mtok and price_output_per_mtok")
        return self

    @property
    def priced(self) -> bool:
        return self.price_input_per_mtok is not None or self.price_output_per_mtok is not None

    def cache_price(self, kind: Literal["write", "read"]) -> float:
        """USD per million input tokens written to (or read from) the prompt cache."""
        explicit = self.price_cache_write_per_mtok if kind == "write" else self.price_cache_read_per_mtok
        if explicit is not None:
            return explicit
        factors = CACHE_PRICE_FACTORS.get(self.provider, (1.0, 1.0))
        return (self.price_input_per_mtok or 0) * factors[0 if kind == "write" else 1]

    def cost_usd(
        self, input_tokens: int, output_tokens: int, *, cache_read: int = 0, cache_write: int = 0, batch: bool = False
    ) -> float:
        """Estimated USD at the configured prices (0 for an unpriced side). `input_tokens` counts
        every input token, those read from or written to the cache among them; a batched request
        costs (1 - batch_discount) of the same request sent directly."""
        plain = max(0, input_tokens - cache_read - cache_write)
        usd = (
            plain / 1e6 * (self.price_input_per_mtok or 0)
            + cache_write / 1e6 * self.cache_price("write")
            + cache_read / 1e6 * self.cache_price("read")
            + output_tokens / 1e6 * (self.price_output_per_mtok or 0)
        )
        return usd * (1 - self.batch_discount) if batch else usd

    def batch_applies(self, deliberate: bool, explicit: bool | None = None) -> bool:
        """Whether a run sends its requests in batches: `explicit` when a command or run config
        says (`--batch`, `--no-batch`), else by `batch`, where `deliberate` is a backfill or a
        re-summarise (the runs that need no answer within seconds). Never for the offline one."""
        if self.provider == "extractive":
            return False
        if explicit is not None:
            return explicit
        return self.batch == "always" or (self.batch == "backfill" and deliberate)

    @property
    def effective_base_url(self) -> str | None:
        if self.base_url:
            return self.base_url
        return "https://api.anthropic.com" if self.provider == "anthropic" else None


class EmbeddingsConfig(_Strict):
    """Vectors for search by meaning: the offline model bundled as a package, an OpenAI-compatible
    `/v1/embeddings` endpoint, or none (search stays lexical)."""

    provider: Literal["local", "openai_compatible", "none"] = "local"
    model: str | None = None  # local: the bundled model (the default); endpoint: required
    base_url: str | None = None  # endpoint: e.g. http://127.0.0.1:11434/v1 (Ollama)
    api_key_env: str = "JEZERO_EMBEDDINGS_API_KEY"
    dimensions: int | None = Field(None, ge=1, le=8192)  # asked of endpoints that can shorten vectors
    batch_size: int = Field(64, ge=1, le=2048)  # texts per request (one request per batch)
    max_concurrency: int = Field(2, ge=1, le=64)  # requests in flight
    timeout_seconds: float = Field(60.0, gt=0)
    query_timeout_seconds: float = Field(5.0, gt=0)  # a search falls back to lexical after this
    max_retries: int = Field(4, ge=0, le=10)
    max_calls_per_run: int | None = Field(None, ge=0)  # HTTP attempts per command, retries included
    max_input_chars: int = Field(2000, ge=100)  # of an item's text sent to the model
    allow_insecure_http: bool = False
    # Whether `run` and `resummarize` embed the new items themselves (unset: with an endpoint,
    # yes; with the bundled model, no: embedding holds some 110 MB more than the rest of a run
    # (bench/MEANING.md), so the `embed` command or the `embeddings` asset, eager after the
    # library, does it instead).
    in_run: bool | None = None

    @property
    def embeds_in_run(self) -> bool:
        return self.in_run if self.in_run is not None else self.provider == "openai_compatible"

    @model_validator(mode="after")
    def _needs_model(self) -> EmbeddingsConfig:
        if self.provider == "openai_compatible" and not self.model:
            raise ValueError("embeddings.model is required for provider 'openai_compatible'")
        return self


class ConnectorConfig(_Strict):
    name: str
    type: str
    enabled: bool = True
    interval_minutes: int = Field(15, ge=1)
    project: str | None = None
    trust: Literal["own", "external"] = "own"
    options: dict[str, Any] = {}

    @field_validator("name")
    @classmethod
    def _slug(cls, v: str) -> str:
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", v):
            raise ValueError(f"connector name {v!r} must be a lowercase slug (a-z, 0-9, _ and -)")
        return v

    @field_validator("type")
    @classmethod
    def _known_type(cls, v: str) -> str:
        if v == "jsonl":
            raise ValueError("type 'jsonl' is import-only: use `jezero-pipeline import-jsonl`")
        from .sessions.registry import check_name  # lazy: importing config stays free of the sessions package

        check_name(v)
        return v

    @field_validator("options")
    @classmethod
    def _no_inline_secrets(cls, v: dict[str, Any]) -> dict[str, Any]:
        for key in v:
            if _SECRET_KEY.search(key) and not key.endswith("_env"):
                raise ValueError(f"option {key!r} looks like a secret: name an environment variable in {key}_env")
        return v


class RedactionConfig(_Strict):
    enabled: bool = True
    extra_patterns: list[str] = []


class ProjectsConfig(_Strict):
    paths: dict[str, str] = {}
    roots: list[str] = DEFAULT_ROOTS
    aliases: dict[str, str] = {}
    git: bool = True


class WatchdogConfig(_Strict):
    max_silence_hours: float = Field(24.0, gt=0)
    alert_webhook_env: str | None = None
    realert_hours: float = 12.0
    heartbeat_url_env: str | None = None


class InboxConfig(_Strict):
    """Uploads from other machines (`serve --inbox`), as Jezero's `[inbox]`."""

    dir: str = "data/inbox"  # uploads land in <dir>/<device>/<agent>/
    max_mb: float = Field(64, gt=0)  # one upload, decompressed
    max_device_mb: float | None = Field(None, gt=0)  # a device's whole folder (None: no quota)
    devices_file: str = "data/inbox-devices.json"  # approved devices, tokens stored hashed


class AutomationConfig(_Strict):
    resummarize_on_code_change: bool = False  # re-summarising costs money: opt in


class WebConfig(_Strict):
    # The address people open the search page at (`serve --web`), e.g. "http://127.0.0.1:8765"
    # or "https://jezero.example.org": the library's Dagster materialisation links to it, and
    # off loopback it is the Host the page answers to.
    public_url: str | None = None

    @field_validator("public_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        if v is None:
            return v
        parts = urlsplit(v)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"public_url must be an http:// or https:// address with a host, got {v!r}")
        if parts.query or parts.fragment or parts.username or parts.password:
            raise ValueError(f"public_url must hold no query, fragment or credentials, got {v!r}")
        return v.rstrip("/")


class Config(_Strict):
    storage: StorageConfig = StorageConfig()
    partitions: PartitionsConfig = PartitionsConfig()
    cluster: ClusterConfig = ClusterConfig()
    search: SearchConfig = SearchConfig()
    summarizer: SummarizerConfig = SummarizerConfig()
    embeddings: EmbeddingsConfig = EmbeddingsConfig()
    connectors: list[ConnectorConfig] = []
    redaction: RedactionConfig = RedactionConfig()
    projects: ProjectsConfig = ProjectsConfig()
    watchdog: WatchdogConfig = WatchdogConfig()
    inbox: InboxConfig = InboxConfig()
    automation: AutomationConfig = AutomationConfig()
    web: WebConfig = WebConfig()

    # Not from the file: where it was read, so relative paths resolve next to it.
    base_dir: Path = Field(default=Path("."), exclude=True)

    @model_validator(mode="after")
    def _unique_names(self) -> Config:
        seen: set[str] = set()
        for c in self.connectors:
            if c.name in seen:
                raise ValueError(f"connector name {c.name!r} is used twice")
            seen.add(c.name)
        return self

    def resolve(self, p: str | os.PathLike[str]) -> Path:
        path = Path(os.path.expanduser(str(p)))
        return path if path.is_absolute() else (self.base_dir / path).resolve()

    @property
    def library_path(self) -> Path:
        return self.resolve(self.storage.path)

    @property
    def staging_remote(self) -> bool:
        """Staging is on object storage (`s3://bucket/prefix`), shared by every machine."""
        return self.storage.staging_dir.startswith("s3://")

    @property
    def staging_location(self) -> str:
        """Staging as the store opens it: an s3:// URL, or the resolved local folder."""
        return self.storage.staging_dir if self.staging_remote else str(self.staging_dir)

    @property
    def staging_dir(self) -> Path:
        """The local staging folder; with staging on object storage, this machine's side folder
        (lock files, push state) beside the library."""
        if self.staging_remote:
            return self.library_path.parent / "staging-local"
        return self.resolve(self.storage.staging_dir)

    def connector(self, name: str) -> ConnectorConfig:
        for c in self.connectors:
            if c.name == name:
                return c
        raise ConfigError(f"no connector named {name!r}; configured: {[c.name for c in self.connectors]}")

    @property
    def enabled_connectors(self) -> list[ConnectorConfig]:
        return [c for c in self.connectors if c.enabled]

    def secret_values(self) -> dict[str, str]:
        """Values of every env var the config names as a secret, for literal redaction."""
        names = {"summarizer_api_key": self.summarizer.api_key_env, "embeddings_api_key": self.embeddings.api_key_env}
        for c in self.connectors:
            for k, v in c.options.items():
                if k.endswith("_env") and isinstance(v, str):
                    names[f"{c.name}.{k}"] = v
        for k in ("alert_webhook_env", "heartbeat_url_env"):
            v = getattr(self.watchdog, k)
            if v:
                names[f"watchdog.{k}"] = v
        return {label: os.environ[env] for label, env in names.items() if os.environ.get(env)}


def config_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`-c`, else `$JEZERO_CONFIG`, else `./jezero.toml`, as in Jezero."""
    if explicit:
        return Path(explicit)
    if os.environ.get("JEZERO_CONFIG"):
        return Path(os.environ["JEZERO_CONFIG"])
    return Path("jezero.toml")


def _describe(err: ValidationError, path: Path) -> str:
    lines = []
    for e in err.errors():
        where = ".".join(str(x) for x in e["loc"]) or "(top level)"
        if e["type"] == "extra_forbidden":
            lines.append(f"{path}: unknown key {where!r}")
        else:
            lines.append(f"{path}: {where}: {e['msg']}")
    return "\n".join(lines)


def parse_config(data: dict[str, Any], base_dir: Path, path: Path | None = None) -> Config:
    try:
        cfg = Config.model_validate(data)
    except ValidationError as err:
        raise ConfigError(_describe(err, path or base_dir / "jezero.toml")) from None
    cfg.base_dir = base_dir.resolve()
    return cfg


def load_config(path: str | os.PathLike[str] | None = None) -> Config:
    p = config_path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{p}: config file not found (pass -c or set JEZERO_CONFIG)") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{p}: not valid TOML: {err}") from None
    return parse_config(data, p.resolve().parent, p)
