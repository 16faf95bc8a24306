#!/usr/bin/env bash
# bindings/wasm/build.sh: builds the npm package `kamisado-katarenga`.
#
#   bindings/wasm/pkg/                          the package (what npm pack packs)
#   bindings/wasm/target/kamisado-katarenga-VERSION.tgz   npm pack's tarball
#   web/pkg/                                    a copy for the web page
#
# Two WebAssembly modules from this crate: `full` (the rules, the search,
# the Kamisado solver and the records; built for speed) and `rules` (the
# rules only, without the `search` and `records` features; built for size).
#
# The toolchain: where rustup has the wasm32 target (any ordinary machine,
# after `rustup target add wasm32-unknown-unknown`), rustup's own with its
# prebuilt standard library; where it has none and cannot download one
# (machines like this project's), Debian's Rust 1.85, which builds the
# standard library from its sources (`-Z build-std`, and for the rules
# module panics that abort at once, which makes it smaller); ci/rust-1.85
# unpacks it on first use. KK_WASM_TOOLCHAIN=rustup or debian chooses.
# wasm-bindgen-cli (ci/wasm-bindgen) and wasm-opt (the npm package binaryen,
# pinned in package.json) are installed on first use and cached, so that
# only the first build pays for them (the times: docs/measurements.md).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$here"

step() { printf '\n--> %s\n' "$*"; }

target=wasm32-unknown-unknown
wasm=kamisado_katarenga_wasm.wasm
name=kamisado_katarenga

toolchain="${KK_WASM_TOOLCHAIN:-}"
if [ -z "$toolchain" ]; then
    if command -v rustup >/dev/null 2>&1 \
        && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
        toolchain=rustup
    else
        toolchain=debian
    fi
fi
case $toolchain in
    rustup)
        wasm_cargo() { cargo "$@"; }
        std=()
        immediate=()
        ;;
    debian)
        # `-Z build-std` on Debian's stable compiler needs RUSTC_BOOTSTRAP=1.
        wasm_cargo() { RUSTC_BOOTSTRAP=1 "$repo/ci/rust-1.85" cargo "$@"; }
        std=(-Z build-std=std,panic_abort)
        immediate=(-Z build-std-features=panic_immediate_abort)
        ;;
    *)
        echo "error: KK_WASM_TOOLCHAIN is rustup or debian, not $toolchain" >&2
        exit 2
        ;;
esac
echo "toolchain: $toolchain"
mkdir -p target
echo "$toolchain" > target/toolchain

step "the full module"
wasm_cargo build --locked --release --target "$target" "${std[@]}" --target-dir target/full

step "the rules-only module (for size: opt-level z)"
CARGO_PROFILE_RELEASE_OPT_LEVEL=z wasm_cargo build --locked --release \
    --target "$target" --no-default-features "${std[@]}" "${immediate[@]}" \
    --target-dir target/rules

step "wasm-opt (the binaryen npm package)"
if [ ! -x node_modules/.bin/wasm-opt ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi

rm -rf pkg
mkdir -p pkg
for module in full rules; do
    "$repo/ci/wasm-bindgen" --target web --out-dir "pkg/$module" --out-name "$name" \
        --remove-name-section --remove-producers-section \
        "target/$module/$target/release/$wasm"
    case $module in
        full) level=-O3 ;;
        rules) level=-Oz ;;
    esac
    node_modules/.bin/wasm-opt "$level" "pkg/$module/${name}_bg.wasm" -o "pkg/$module/${name}_bg.wasm"
done

step "the package"
cp npm/package.json npm/README.md npm/*.js npm/*.d.ts pkg/
cp "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" pkg/
crate_version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
package_version=$(node -p 'require("./npm/package.json").version')
if [ "$crate_version" != "$package_version" ]; then
    echo "error: the crate is version $crate_version, npm/package.json says $package_version" >&2
    exit 1
fi
(cd pkg && npm pack --silent --pack-destination ../target >/dev/null)
tarball="target/kamisado-katarenga-$package_version.tgz"

step "sizes"
for module in full rules; do
    file="pkg/$module/${name}_bg.wasm"
    printf '%-6s %8d bytes, %8d gzipped\n' "$module" "$(stat -c %s "$file")" "$(gzip -9c "$file" | wc -c)"
done
echo "tarball: bindings/wasm/$tarball ($(stat -c %s "$tarball") bytes)"

step "the web page's copy (web/pkg)"
rm -rf "$repo/web/pkg"
cp -r pkg "$repo/web/pkg"
echo "serve it: python3 -m http.server --bind 127.0.0.1 --directory web 8000"
