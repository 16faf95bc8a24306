#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 60) and stops at the
# first crash. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`). A crash input lands in fuzz/artifacts/<target>/;
# once the bug is fixed, copy it to fuzz/regressions/<target>/ so that
# `cargo test` replays it on stable from then on.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
targets=(kamisado_parse katarenga_parse kamisado_play katarenga_play kamisado_match)
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    echo "==> $target for ${seconds}s"
    # A scratch copy of the corpus keeps new finds out of the committed seeds.
    work="$(mktemp -d)"
    cp "corpus/$target"/* "$work"/ 2>/dev/null || true
    cargo +nightly fuzz run "$target" "$work" -- -max_total_time="$seconds" -print_final_stats=1 2>&1 \
        | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|Done [0-9]+ runs|==[0-9]+== ERROR|thread .* panicked|SUMMARY)" || true
    status="${PIPESTATUS[0]}"
    rm -rf "$work"
    if [ "$status" -ne 0 ]; then
        echo "error: $target found a crash (see fuzz/artifacts/$target)" >&2
        exit 1
    fi
done
echo "all fuzz targets ran ${seconds}s each without a crash"
