#!/usr/bin/env bash
# Replaces the lines between "<!-- NAME:begin -->" and "<!-- NAME:end -->" in
# FILE with standard input, so README tables come from the flows that measure
# them. Usage: COMMAND | tools/splice.sh FILE NAME
set -euo pipefail
file=$1 name=$2
grep -q "<!-- $name:begin -->" "$file" || { echo "splice.sh: no '$name' markers in $file" >&2; exit 1; }
new=$(mktemp)
trap 'rm -f "$new"' EXIT
cat >"$new.body"
awk -v b="<!-- $name:begin -->" -v e="<!-- $name:end -->" -v body="$new.body" '
  $0 == b { print; while ((getline line < body) > 0) print line; skip = 1; next }
  $0 == e { skip = 0 }
  !skip { print }' "$file" >"$new"
rm -f "$new.body"
cat "$new" >"$file"
