#!/usr/bin/env bash
# The long soak, kept out of CI, on the installed test requirements:
# - the tests marked soak (`pytest --soak -m soak`): the long versions of CI
#   tests (the page's six-AI Leylines game, OpenSpiel's random simulation at
#   Leylines' five and six seats);
# - the conformance suite with many random playouts per game and player count
#   (default 2000, and every Darkleaf Gambit pairing of clans; CI runs 12, and
#   fewer for Leylines at five and six seats: tests/test_conformance.py);
# - the hostile-input fuzz with ten times CI's cases per game (12000; CI 1200),
#   printing how many inputs were tried, refused, accepted and crashed.
# Usage: bash tools/soak.sh [playouts] [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
export CONFORMANCE_GAMES="${1:-2000}"
shift || true
python -m pytest -q -p no:cacheprovider --soak -m soak tests "$@"
python -m pytest -q -p no:cacheprovider tests/test_conformance.py "$@"
python -m tests.fuzz --cases "${FUZZ_CASES:-12000}"
