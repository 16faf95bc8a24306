#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 60) and stops at the
# first crash, with a non-zero exit status. Needs the nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz`). A crash input lands in
# fuzz/artifacts/<target>/; once the bug is fixed, copy it to
# fuzz/regressions/<target>/ so that `cargo test` replays it on stable.
# `tests/fuzz_script.rs` runs this script with a stand-in `cargo` that
# crashes, so that a crash can never go unreported again.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
targets=(kamisado_parse katarenga_parse kamisado_play katarenga_play kamisado_match family_parse family_play)
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    echo "==> $target for ${seconds}s"
    # A scratch copy of the corpus keeps new finds out of the committed seeds.
    work="$(mktemp -d)"
    log="$(mktemp)"
    cp "corpus/$target"/* "$work"/ 2>/dev/null || true
    # The fuzzer's own exit status decides; the log is only summarised.
    status=0
    cargo +nightly fuzz run "$target" "$work" -- -max_total_time="$seconds" -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|Done [0-9]+ runs|==[0-9]+== ERROR|thread .* panicked|SUMMARY)" "$log" || true
    rm -rf "$work" "$log"
    if [ "$status" -ne 0 ]; then
        echo "error: $target failed with status $status: a crash (see fuzz/artifacts/$target)" >&2
        exit 1
    fi
done
echo "all fuzz targets ran ${seconds}s each without a crash"
