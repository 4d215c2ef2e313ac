#!/usr/bin/env bash
# The long checks: tests labelled "long" (deep perft, exhaustive mate proofs, the complete Dobutsu solution
# with its table and perfect self-play; a few minutes in all, 500 MB), on the Release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
ctest --test-dir build/release -L long --output-on-failure
