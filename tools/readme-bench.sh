#!/usr/bin/env bash
# Measures the software codecs (`zvc bench`) and splices the table, with the
# commit the golden model is at, into the README.
# Usage: tools/readme-bench.sh ZVC_BINARY README
set -euo pipefail
here=$(dirname "$0")
zvc=$1 readme=$2
{
  "$zvc" bench --seconds 0.5 --markdown
  echo
  echo "Measured at $("$here/source-commit.sh" golden) (the last commit that changed \`golden/\`) on an $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') core."
} | "$here/splice.sh" "$readme" bench
