# The two commands of the README: `make demo` and `make test`. Both create .venv first.
# Any Python from 3.11 on: python3.11, python3.12, ... or python3, the first that is new enough.
PYTHON ?= $(shell for p in python3.11 python3.12 python3.13 python3.14 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
QUERY ?= duckdb extension

.PHONY: demo test test-fast lint bench bench-2k bench-10k install lock

$(BIN)/jezero-pipeline: pyproject.toml requirements.lock
	@test -n "$(PYTHON)" || { echo "error: no Python 3.11 or newer found (set PYTHON=...)" >&2; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -c requirements.lock -e '.[test]'
	touch $@

# The package's bytecode, written once here: an editable install leaves it to each import, and
# with PYTHONDONTWRITEBYTECODE set every command would compile the modules it imports anew
# (a fifth of a no-change `run`). compileall rewrites only what changed since.
install: $(BIN)/jezero-pipeline
	@$(BIN)/python -m compileall -q jezero_pipeline

## Run the pipeline end to end on data/samples (offline summariser), then search it.
demo: install
	$(BIN)/jezero-pipeline run
	$(BIN)/jezero-pipeline embed
	$(BIN)/jezero-pipeline search "$(QUERY)"
	$(BIN)/jezero-pipeline search "ERR_PNPM_OUTDATED_LOCKFILE"

## The test suite (what .ci/run calls).
test: install
	$(BIN)/python -m pytest

## The tests not marked slow (no servers, browsers or subprocess runs).
test-fast: install
	$(BIN)/python -m pytest -m "not slow"

## Format check and lint rules from pyproject.toml.
lint: install
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

## Re-resolve every dependency in a throwaway venv and write the versions to requirements.lock.
lock:
	rm -rf .venv-lock && $(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet -e '.[test,chart]'
	{ sed -n '1,2p' requirements.lock; .venv-lock/bin/pip freeze --exclude-editable | grep -v '^jezero-pipeline'; } > requirements.lock.new
	mv requirements.lock.new requirements.lock && rm -rf .venv-lock

## Benchmarks against Jezero 0.1.0 (see bench/README.md); bench-10k is the large size.
bench: install
	$(BIN)/python -m bench.run_all

bench-2k: install
	$(BIN)/python -m bench.run_all --sessions 2000

bench-10k: install
	$(BIN)/python -m bench.run_all --sessions 10000 --no-slow
