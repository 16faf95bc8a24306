#!/bin/sh
# Calibrates the web page's levels (web/js/levels.js): kk-engine at each
# level's budget against the level above it, in colour-swapped pairs of
# games from seeded random openings, under kk-referee. The results (and
# each run's records) go to $OUT (default target/levels); docs/web-levels.md
# gives the figures of the last run.
#
#   web/calibrate-levels.sh [GAMES]        # GAMES per step (default 200)
#   ONLY=family web/calibrate-levels.sh    # Congress, Quebec and Isolation only
#   ONLY=kamisado-katarenga ...            # the first two games only
#
# The budgets are the page's: depth 1 and 2, then 2,000, 20,000, 200,000
# and 1,000,000 nodes, with the solver off; "perfect" is the solver first,
# on a quarter of 4 s a move (1 s, some 3 million nodes here: kk-engine
# gives its solver a share of the time, and without a deadline only
# 250 ms), then the search on what it leaves (3 s, far more than the
# page's million nodes: in a lost position it searches the defence).
set -eu
cd "$(dirname "$0")/.."
games=${1:-200}
out=${OUT:-target/levels}
mkdir -p "$out"
cargo build --release -q -p game-protocol --bin kk-engine --bin kk-referee
engine=target/release/kk-engine
referee=target/release/kk-referee

spec() {
    case $1 in
        beginner) echo "name=beginner cmd=$engine option.Solver=false tc=depth=1" ;;
        easy) echo "name=easy cmd=$engine option.Solver=false tc=depth=2" ;;
        medium) echo "name=medium cmd=$engine option.Solver=false tc=nodes=2000" ;;
        hard) echo "name=hard cmd=$engine option.Solver=false tc=nodes=20000" ;;
        strong) echo "name=strong cmd=$engine option.Solver=false tc=nodes=200000" ;;
        full) echo "name=full cmd=$engine option.Solver=false tc=nodes=1000000" ;;
        perfect) echo "name=perfect cmd=$engine option.Solver=true option.Hash=64 tc=movetime=4000" ;;
    esac
}

step() { # "game spec" lower upper [referee options...]
    game=$1 lower=$2 upper=$3
    shift 3
    echo "== $game: $upper against $lower, $games games $*" | tee -a "$out/summary.txt"
    # The records are named after the game, the levels, then the spec's
    # fields and the options (kamisado-strong-hardtarget3).
    name="${game%% *}-$upper-$lower$(echo "${game#"${game%% *}"}$*" | tr -d ' =-')"
    # The score is the first engine's: the stronger level's.
    $referee --game "$game" --engine "$(spec "$upper")" --engine "$(spec "$lower")" \
        --games "$games" --concurrency 2 --seed 2026 --quiet "$@" \
        --records "$out/$name.records" 2>&1 | tee -a "$out/summary.txt"
}

if [ "${STEP:-}" ]; then # STEP="kamisado full perfect [target=3]": that step alone
    # shellcheck disable=SC2086
    set -- $STEP
    first=$1 below=$2 above=$3
    shift 3
    # The words after the levels are the game spec's fields.
    step "$first${*:+ $*}" "$below" "$above"
    exit
fi
ladder() { # game: each level against the one below it
    step "$1" beginner easy
    step "$1" easy medium
    step "$1" medium hard
    step "$1" hard strong
    step "$1" strong full
}
: >"$out/summary.txt"
case ${ONLY:-all} in all | kamisado-katarenga)
    ladder kamisado
    ladder katarenga
    step kamisado full perfect
    # Single rounds from two random plies hardly tell the top levels apart
    # (both sides win every won opening): matches to 3 points, with sumos
    # and pushes, are longer and harder.
    step "kamisado target=3" hard strong
    step "kamisado target=3" strong full
    step "kamisado target=3" full perfect
    ;;
esac
case ${ONLY:-all} in all | family)
    # The family's openings: random boards of tiles, two random plies (for
    # Isolation two random placements); strict Isolation has the solver.
    ladder congress
    ladder quebec
    ladder isolation
    step isolation full perfect
    ;;
esac
