"""The TOML config: Jezero's names, unknown keys named in the error, secrets only by env name."""

from pathlib import Path

import pytest

from jezero_pipeline.config import ConfigError, load_config

REPO = Path(__file__).resolve().parents[1]


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "jezero.toml"
    p.write_text(text)
    return p


def test_repo_default_config_is_offline_and_points_at_samples():
    cfg = load_config(REPO / "jezero.toml")
    assert cfg.summarizer.provider == "extractive"
    assert [c.type for c in cfg.connectors] == ["claude_code", "codex"]
    for c in cfg.connectors:
        folder = c.options.get("projects_dir") or c.options.get("sessions_dir")
        assert cfg.resolve(folder).is_relative_to(REPO / "data" / "samples")
    assert cfg.library_path == REPO / "data" / "library.duckdb"


@pytest.mark.parametrize(
    "text, key",
    [
        ("[storage]\npathh = 'x'\n", "storage.pathh"),
        ("[summarizer]\nprovider = 'extractive'\nmodle = 'x'\n", "summarizer.modle"),
        ("[[connectors]]\nname = 'a'\ntype = 'codex'\nenabeld = true\n", "connectors.0.enabeld"),
        ("[nonsense]\nx = 1\n", "nonsense"),
    ],
)
def test_unknown_key_is_an_error_naming_it(tmp_path, text, key):
    with pytest.raises(ConfigError) as err:
        load_config(_write(tmp_path, text))
    assert f"unknown key '{key}'" in str(err.value)
    assert str(tmp_path / "jezero.toml") in str(err.value)


def test_inline_secret_option_rejected(tmp_path):
    text = "[[connectors]]\nname='a'\ntype='codex'\n[connectors.options]\napi_key='sk-123'\n"
    with pytest.raises(ConfigError, match="api_key_env"):
        load_config(_write(tmp_path, text))


def test_env_secret_values_are_collected_for_redaction(tmp_path, monkeypatch):
    text = "[summarizer]\nprovider='anthropic'\nmodel='m'\napi_key_env='MY_KEY'\n"
    monkeypatch.setenv("MY_KEY", "super-secret-value-123")
    cfg = load_config(_write(tmp_path, text))
    assert cfg.secret_values() == {"summarizer_api_key": "super-secret-value-123"}


def test_model_required_for_real_providers(tmp_path):
    with pytest.raises(ConfigError, match="summarizer.model is required"):
        load_config(_write(tmp_path, "[summarizer]\nprovider='anthropic'\n"))


def test_config_search_order(tmp_path, monkeypatch):
    a = _write(tmp_path, "[storage]\npath='a.duckdb'\n")
    monkeypatch.setenv("JEZERO_CONFIG", str(a))
    assert load_config().library_path == tmp_path / "a.duckdb"
    monkeypatch.delenv("JEZERO_CONFIG")
    monkeypatch.chdir(tmp_path)
    assert load_config().library_path == tmp_path / "a.duckdb"  # ./jezero.toml


def test_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.toml")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(_write(tmp_path, "[storage\n"))


def test_duplicate_connector_names_and_bad_type(tmp_path):
    dup = "[[connectors]]\nname='a'\ntype='codex'\n[[connectors]]\nname='a'\ntype='codex'\n"
    with pytest.raises(ConfigError, match="used twice"):
        load_config(_write(tmp_path, dup))
    with pytest.raises(ConfigError, match="unknown connector type 'windsurf'"):
        load_config(_write(tmp_path, "[[connectors]]\nname='a'\ntype='windsurf'\n"))
    with pytest.raises(ConfigError, match="import-only"):
        load_config(_write(tmp_path, "[[connectors]]\nname='a'\ntype='jsonl'\n"))
