#!/usr/bin/env bash
# bindings/wasm/build.sh: builds the npm package `kamisado-katarenga`.
#
#   bindings/wasm/pkg/                          the package (what npm pack packs)
#   bindings/wasm/target/kamisado-katarenga-VERSION.tgz   npm pack's tarball
#   web/pkg/                                    a copy for the web page
#
# Two WebAssembly modules from this crate: `full` (the rules, the search and
# the Kamisado solver; built for speed) and `rules` (the rules only, without
# the `search` feature; built for size). The toolchains are installed on
# first use and cached (see ci/rust-1.85, ci/wasm-bindgen; wasm-opt comes
# from the npm package binaryen, pinned in package.json here): the first
# build takes about five minutes on two cores, later ones about two.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$here"

step() { printf '\n--> %s\n' "$*"; }

target=wasm32-unknown-unknown
wasm=kamisado_katarenga_wasm.wasm
name=kamisado_katarenga

# `-Z build-std` on Debian's stable compiler needs RUSTC_BOOTSTRAP=1.
step "the full module (Debian's Rust 1.85, -Z build-std)"
RUSTC_BOOTSTRAP=1 "$repo/ci/rust-1.85" cargo build --locked --release --target "$target" \
    -Z build-std=std,panic_abort --target-dir target/full

step "the rules-only module (for size: opt-level z, panics abort at once)"
# Without the panic machinery's formatting the module is smaller; no input
# reaches a panic anyway (the tests try).
CARGO_PROFILE_RELEASE_OPT_LEVEL=z RUSTC_BOOTSTRAP=1 "$repo/ci/rust-1.85" cargo build --locked --release \
    --target "$target" --no-default-features \
    -Z build-std=std,panic_abort -Z build-std-features=panic_immediate_abort \
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
