# The two commands of the README: `make demo` and `make test`. Both create .venv first.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
QUERY ?= duckdb extension

.PHONY: demo test bench bench-10k install

$(BIN)/jezero-pipeline: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

install: $(BIN)/jezero-pipeline

## Run the pipeline end to end on data/samples (offline summariser), then search it.
demo: install
	$(BIN)/jezero-pipeline run
	$(BIN)/jezero-pipeline search "$(QUERY)"
	$(BIN)/jezero-pipeline search "ERR_PNPM_OUTDATED_LOCKFILE"

## The test suite (what .ci/run calls).
test: install
	$(BIN)/python -m pytest

## Benchmarks against Jezero 0.1.0 (see bench/README.md); bench-10k is the large size.
bench: install
	$(BIN)/python -m bench.run_all

bench-10k: install
	$(BIN)/python -m bench.run_all --sessions 10000
