#!/usr/bin/env bash
# The long soak, kept out of CI: the conformance suite with many random
# playouts per game and player count (default 2000), on the installed test
# requirements. Usage: bash tools/soak.sh [playouts] [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
export CONFORMANCE_GAMES="${1:-2000}"
shift || true
python -m pytest -q -p no:cacheprovider tests/test_conformance.py "$@"
