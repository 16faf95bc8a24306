#!/usr/bin/env bash
# bindings/wasm/test.sh: the Node tests of the npm package, run the way a
# user meets it: build.sh's tarball installed offline into a fresh Node
# project, the tests copied into it and run there with `node --test`.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
version=$(node -p "require('$here/npm/package.json').version")
tarball="$here/target/kamisado-katarenga-$version.tgz"
if [ ! -f "$tarball" ]; then
    echo "error: no $tarball: run bindings/wasm/build.sh first" >&2
    exit 1
fi

project="$here/target/fresh-project"
rm -rf "$project"
mkdir -p "$project/test"
cd "$project"
npm init -y >/dev/null
npm pkg set type=module >/dev/null
npm install --offline --no-audit --no-fund --loglevel=error "$tarball"
node -e 'import("kamisado-katarenga").then(k => console.log("installed and imported kamisado-katarenga", k.version()))'

cp "$here"/tests/*.mjs test/
KK_REPO="$repo" KK_WASM_TOOLCHAIN="$(cat "$here/target/toolchain" 2>/dev/null || echo debian)" \
    node --test --test-reporter=spec test/
