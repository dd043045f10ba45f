#!/usr/bin/env bash
# Installs the Debian packages of the named groups (deps/debian-packages.txt)
# that are not installed yet. Usage: tools/deps.sh GROUP...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list="$root/deps/debian-packages.txt"
[ $# -gt 0 ] || { echo "usage: $0 GROUP... (groups: $(grep -o '^[a-z0-9_-]*:' "$list" | tr -d : | tr '\n' ' '))" >&2; exit 2; }
want=()
for group in "$@"; do
  line=$(grep -E "^$group:" "$list" || true)
  [ -n "$line" ] || { echo "deps.sh: unknown group '$group' (see $list)" >&2; exit 2; }
  read -r -a pkgs <<<"${line#*:}"
  want+=("${pkgs[@]}")
done
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps.sh: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
