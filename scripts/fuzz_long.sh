#!/usr/bin/env bash
# The long fuzz profile: the property tests and the protocol fuzzing of
# tests/hardening with many more and longer examples than CI runs. Failing
# examples are saved in tests/hypothesis-db, which CI replays read-only:
# commit that folder with the fix (or with a strict xfail naming the bug).
#
#   scripts/fuzz_long.sh                  1500 examples per test, both cores
#   scripts/fuzz_long.sh 5000 -x          more examples; extra arguments go to pytest
#   FUZZ_MINUTES=30 scripts/fuzz_long.sh 400 -k pocketdragon
#                                         passes of fresh random examples, one after
#                                         another, until 30 minutes have run or one fails
set -euo pipefail
cd "$(dirname "$0")/.."
export HYPOTHESIS_PROFILE=long
export FUZZ_EXAMPLES="${1:-1500}"
[ $# -gt 0 ] && shift
minutes="${FUZZ_MINUTES:-0}"
start=$SECONDS
passes=0
status=0
while :; do
    passes=$((passes + 1))
    .venv/bin/pytest -p no:cacheprovider -n auto --hypothesis-show-statistics \
        tests/hardening/test_properties.py tests/hardening/test_protocol_fuzz.py "$@" || status=$?
    if [ "$status" -ne 0 ] || [ $((SECONDS - start)) -ge $((minutes * 60)) ]; then
        break
    fi
done
echo "long fuzz profile: $FUZZ_EXAMPLES examples per test, $passes pass(es), $((SECONDS - start)) s, exit $status"
exit $status
