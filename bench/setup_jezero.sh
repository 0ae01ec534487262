#!/usr/bin/env bash
# Create bench/.venv-jezero (Python 3.12) with jezero==0.1.0, the redactor we compare against.
# Idempotent: does nothing when the venv already has jezero 0.1.0 installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv-jezero"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c \
    'import importlib.metadata as m, sys; sys.exit(m.version("jezero") != "0.1.0")' 2>/dev/null; then
  echo "jezero 0.1.0 already installed in $venv"
  exit 0
fi
py="${PYTHON312:-}"
if [ -z "$py" ]; then
  # pyenv's shim exists even when 3.12 is not the active version, so try it before trusting it.
  if python3.12 -c pass >/dev/null 2>&1; then py="$(command -v python3.12)";
  elif command -v pyenv >/dev/null 2>&1 && [ -x "$(pyenv root)/versions/3.12.1/bin/python3.12" ]; then
    py="$(pyenv root)/versions/3.12.1/bin/python3.12";
  else echo "python3.12 not found (install it or set PYTHON312)" >&2; exit 1; fi
fi
"$py" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet "jezero==0.1.0"
echo "installed jezero 0.1.0 into $venv"
