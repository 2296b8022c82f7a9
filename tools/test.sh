#!/usr/bin/env bash
# Install what the tests need, build the site, then run every check and test:
# ruff, mypy, doctests, engine and rule tests, the conformance suite, view
# tests, and the browser tests in Debian's Chromium, in two pytest workers
# (pytest-xdist; `-n 0` runs them in one). The tests marked soak are left out
# (tools/soak.sh runs them). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
if [ ! -x /usr/bin/chromium ]; then
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
python -m pip install -q --disable-pip-version-check -r requirements-test.txt
# axe-core, for the browser tests' accessibility check (not part of the site).
if [ ! -f .cache/test-node/node_modules/axe-core/axe.min.js ]; then
  npm install --silent --no-save --no-audit --no-fund --prefix .cache/test-node axe-core@4.11.0
fi

python -m ruff check .
python -m mypy
python build.py
SKIP_BUILD=1 python -m pytest -n 2 --dist worksteal --doctest-modules \
  pygame_engine web/views web/session.py web/urls.py web/links.py web/lobby.py \
  benchmarks/bot_strength.py \
  benchmarks/evaluation_fit.py benchmarks/darkleaf_balance.py benchmarks/darkleaf_draws.py --durations=30 tests "$@"
