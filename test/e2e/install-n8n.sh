#!/usr/bin/env bash
# Installs one pinned n8n line into a cache folder outside the package, reused when present.
#   install-n8n.sh 2   -> n8n 2.x on Node 24 (from the npm package node@24)
#   install-n8n.sh 1   -> n8n 1.x on the machine's Node
# Prints the folder on its last line. Only the npm registry is used: install scripts are
# off (n8n's optional native modules cannot build offline) and the one addon n8n needs,
# sqlite3, is compiled from source against local headers so nothing downloads a binary.
set -euo pipefail
shopt -s inherit_errexit # a failure inside $(install_n8n ...) must stop the script
line="${1:?usage: install-n8n.sh 1|2}"
cache="${N8N_E2E_CACHE:-$HOME/.cache/n8n-nodes-zapi-e2e}"
N8N2_VERSION=2.41.1
N8N1_VERSION=1.123.81
NODE24_VERSION=24.21.0
NODE_GYP=/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js
[ -f "$NODE_GYP" ] || NODE_GYP="$(dirname "$(command -v npm)")/../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
mkdir -p "$cache"

log() { echo "[install-n8n] $*" >&2; }

install_node24() {
  local dir="$cache/node-$NODE24_VERSION"
  if [ ! -x "$dir/node_modules/node/bin/node" ]; then
    log "installing Node $NODE24_VERSION from the npm registry"
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && echo '{"private":true}' > package.json &&
      npm install --no-audit --no-fund --ignore-scripts=false "node@$NODE24_VERSION" >&2)
  fi
  echo "$dir"
}

install_n8n() { # version, node binary, headers dir, overrides json
  local version="$1" node_bin="$2" headers="$3" overrides="$4"
  local dir="$cache/n8n-$version"
  if [ -f "$dir/.complete" ]; then echo "$dir"; return; fi
  log "installing n8n $version into $dir (several minutes on a cold cache)"
  rm -rf "$dir" && mkdir -p "$dir"
  cat > "$dir/package.json" <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": $overrides }
JSON
  (cd "$dir" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error >&2)
  log "building sqlite3 from source"
  (cd "$dir/node_modules/sqlite3" && "$node_bin" "$NODE_GYP" rebuild --release --nodedir="$headers" >/dev/null 2>&1) ||
    (cd "$dir/node_modules/sqlite3" && "$node_bin" "$NODE_GYP" rebuild --release --nodedir="$headers" >&2)
  # Check the addon really loads with this Node before marking the install complete.
  (cd "$dir" && "$node_bin" -e "require('sqlite3')") || { log "sqlite3 does not load with $node_bin"; exit 1; }
  touch "$dir/.complete"
  echo "$dir"
}

case "$line" in
  2)
    n24="$(install_node24)"
    node_bin="$n24/node_modules/node/bin/node"
    # --nodedir is the folder holding include/node (node-gyp reads <nodedir>/include/node/*).
    headers="$(ls -d "$n24"/node_modules/node/node_modules/node-linux-* 2>/dev/null | head -1)"
    [ -f "$headers/include/node/node_api.h" ] || { log "no Node 24 headers under $n24"; exit 1; }
    dir="$(install_n8n "$N8N2_VERSION" "$node_bin" "$headers" '{"linkedom":"0.18.12"}')"
    echo "$node_bin" > "$dir/.node"
    ;;
  1)
    node_bin="$(command -v node)"
    headers="$(dirname "$(dirname "$node_bin")")"
    [ -f "$headers/include/node/node.h" ] || headers=/usr
    dir="$(install_n8n "$N8N1_VERSION" "$node_bin" "$headers" '{"xlsx":"0.18.5"}')"
    echo "$node_bin" > "$dir/.node"
    ;;
  *) echo "unknown line $line" >&2; exit 2 ;;
esac
echo "$dir"
