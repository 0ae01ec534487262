"""The rules fingerprint covers every module of the redaction package and the redaction config."""

from __future__ import annotations

from pathlib import Path

import pytest

import jezero_pipeline.redaction as redaction
from jezero_pipeline.config import Config
from jezero_pipeline.redaction.fingerprint import digest, module_sources, package_modules, rules_fingerprint


def modules_on_disk() -> set[str]:
    """Dotted names of the package's .py files, found by walking the folder (not by import)."""
    root = Path(redaction.__file__).parent
    names = set()
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.add(".".join(("jezero_pipeline.redaction", *parts)))
    return names


def test_the_fingerprint_hashes_the_source_of_every_module_in_the_package():
    assert set(package_modules()) == modules_on_disk()
    assert set(module_sources()) == modules_on_disk()
    assert len(modules_on_disk()) >= 10  # values, escapes, custom, redactor, fingerprint, detectors/…


@pytest.mark.parametrize("module", sorted(modules_on_disk()))
def test_editing_any_one_module_changes_the_fingerprint(module):
    sources = module_sources()
    before = digest(sources, {"enabled": True}, [])
    edited = dict(sources)
    edited[module] = sources[module].replace("\n", "\n ", 1)
    assert digest(edited, {"enabled": True}, []) != before


def test_the_redaction_table_and_secret_labels_change_it_but_secret_values_do_not(monkeypatch):
    monkeypatch.delenv("JEZERO_SUMMARIZER_API_KEY", raising=False)
    base = Config.model_validate({})
    patterns = Config.model_validate({"redaction": {"extra_patterns": [r"ACME-\d{6}"]}})
    assert rules_fingerprint(base) != rules_fingerprint(patterns)
    assert rules_fingerprint(base) == digest(
        module_sources(), base.redaction.model_dump(), sorted(base.secret_values())
    )
    without_label = rules_fingerprint(base)
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "first-secret-value-1234")
    with_label = rules_fingerprint(Config.model_validate({}))
    assert with_label != without_label  # a new label: the literal rules changed
    monkeypatch.setenv("JEZERO_SUMMARIZER_API_KEY", "rotated-secret-value-5678")
    assert rules_fingerprint(Config.model_validate({})) == with_label


def test_the_pipeline_uses_the_package_fingerprint():
    from jezero_pipeline.workspace import Workspace

    assert Workspace(Config.model_validate({})).rules == rules_fingerprint(Config.model_validate({}))
