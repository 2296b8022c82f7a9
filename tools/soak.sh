#!/usr/bin/env bash
# The long soak, kept out of CI, on the installed test requirements:
# - the conformance suite with many random playouts per game and player count
#   (default 2000; CI runs 12);
# - the hostile-input fuzz with ten times CI's cases per game (12000; CI 1200),
#   printing how many inputs were tried, refused, accepted and crashed.
# Usage: bash tools/soak.sh [playouts] [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
export CONFORMANCE_GAMES="${1:-2000}"
shift || true
python -m pytest -q -p no:cacheprovider tests/test_conformance.py "$@"
python -m tests.fuzz --cases "${FUZZ_CASES:-12000}"
