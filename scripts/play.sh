#!/usr/bin/env bash
# Sets up, builds (Release) and starts the engine: the USI loop on stdin/stdout, or any command of the
# binary (`scripts/play.sh serve`: the browser board, printing its address).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
exec build/release/menagerie "$@"
