#!/usr/bin/env bash
# Mutation testing of the rules engines with mutmut (docs/mutation-testing.md).
#
#   scripts/mutation.sh [GAME...]              every mutant of each game (default: all three)
#   scripts/mutation.sh --sample N [GAME...]   N mutants of each game, drawn with
#                                              MUTATION_SEED (default 17): CI's short run
#
# Each mutant runs only the rule tests that call the mutated function (pyproject.toml,
# [tool.mutmut]). Prints each game's kill rate and every survivor as file:line; fails
# below 95% (a full run) or on any survivor (a sample). Equivalent mutants are listed,
# with the reason, in tests/mutation/allowlist.toml. One worker at the lowest
# priority; MUTATION_WORKERS=2 uses both cores. mutmut's output: mutants/mutmut-*.log.
#
# Then the mutants mutmut does not make (scripts/mutation_ast.py: module constants and
# tables moved, clauses of and/or left out), the same sample size, reported apart per
# game and kind; any survivor that is not an allowlisted equivalent fails the run.
set -euo pipefail
case ${1:-} in -h | --help) # the comment above, without its marks
    sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
esac
cd "$(dirname "$0")/.."

py=.venv/bin/python
mutmut=.venv/bin/mutmut
workers=${MUTATION_WORKERS:-1}
sample=0
if [ "${1:-}" = "--sample" ]; then
    sample=${2:?--sample needs a number of mutants per game}
    shift 2
fi
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(spacepark pocketparks pocketdragon)
for game in "${games[@]}"; do
    case $game in
    spacepark | pocketparks | pocketdragon) ;;
    *)
        echo "unknown game: $game (spacepark, pocketparks or pocketdragon)" >&2
        exit 2
        ;;
    esac
done

run() { # run mutmut on the mutants named, its output to a log shown only on failure
    local log=$1
    shift
    if ! nice -n 19 "$mutmut" run --max-children "$workers" "$@" >"$log" 2>&1; then
        tr '\r' '\n' <"$log" | tail -n 40 >&2
        echo "mutmut failed; its output: $log" >&2
        exit 1
    fi
}

mkdir -p mutants
start=$SECONDS
if [ "$sample" -gt 0 ]; then
    names=mutants/sample.txt
    : >"$names"
    for game in "${games[@]}"; do
        "$py" scripts/mutation_report.py sample "$game" "$sample" "${MUTATION_SEED:-17}" \
            >>"$names" 2>>mutants/mutmut-generate.log
    done
    mapfile -t picked <"$names"
    run mutants/mutmut-sample.log "${picked[@]}"
    status=0
    "$py" scripts/mutation_report.py report --only "$names" "${games[@]}" || status=$?
else
    for game in "${games[@]}"; do
        run "mutants/mutmut-$game.log" "tabletop.games.$game.*"
    done
    status=0
    "$py" scripts/mutation_report.py report "${games[@]}" || status=$?
fi
own=(--sample "$sample" --seed "${MUTATION_SEED:-17}")
[ "$sample" -gt 0 ] || own=()
nice -n 19 "$py" scripts/mutation_ast.py run --workers "$workers" "${own[@]}" "${games[@]}" || status=1
echo "mutation run: $((SECONDS - start)) s with $workers worker(s)"
exit "$status"
