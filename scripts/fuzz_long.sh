#!/usr/bin/env bash
# The long fuzz profile: the property tests and the protocol fuzzing of
# tests/hardening with many more and longer examples than CI runs. Failing
# examples are saved in tests/hypothesis-db, which CI replays read-only:
# commit that folder with the fix (or with a strict xfail naming the bug).
#
#   scripts/fuzz_long.sh              1500 examples per test, both cores
#   scripts/fuzz_long.sh 5000 -x      more examples; extra arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."
export HYPOTHESIS_PROFILE=long
export FUZZ_EXAMPLES="${1:-1500}"
[ $# -gt 0 ] && shift
start=$SECONDS
status=0
.venv/bin/pytest -p no:cacheprovider -n auto --hypothesis-show-statistics \
    tests/hardening/test_properties.py tests/hardening/test_protocol_fuzz.py "$@" || status=$?
echo "long fuzz profile: $FUZZ_EXAMPLES examples per test, $((SECONDS - start)) s, exit $status"
exit $status
