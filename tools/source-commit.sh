#!/usr/bin/env bash
# Prints the commit a measurement's sources are at: the last commit that
# changed any of PATHS (relative to the repository), with "-dirty" when they
# have uncommitted changes; "unknown" outside a git checkout. synth.sh and
# formal/run.sh record it with every result, so a table row names the RTL it
# was measured on, not whatever else changed in the tree since.
#   tools/source-commit.sh PATH...
root=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$root" log -1 --format=%h -- "$@" 2>/dev/null) || { echo unknown; exit 0; }
[ -n "$commit" ] || { echo unknown; exit 0; }
[ -n "$(git -C "$root" status --porcelain -- "$@" 2>/dev/null)" ] && commit+=-dirty
echo "$commit"
