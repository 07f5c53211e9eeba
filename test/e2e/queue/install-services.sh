#!/usr/bin/env bash
# Installs Debian's postgresql and redis-server when they are missing; prints nothing on
# stdout when both are present. Services are not started: the queue suite starts its own
# private copies on its own ports, so the packages' default services are kept from
# starting during the install (policy-rc.d, the Debian way for containers and builders).
set -euo pipefail

missing=()
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "install-services.sh: ${missing[*]} missing and not root: install them with apt-get" >&2
  exit 1
fi

policy=/usr/sbin/policy-rc.d
made_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  made_policy=1
fi
trap '[ "$made_policy" -eq 1 ] && rm -f "$policy"' EXIT

start=$SECONDS
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
echo "installed ${missing[*]} in $((SECONDS - start)) s"
