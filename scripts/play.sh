#!/usr/bin/env bash
# Sets up, builds (Release) and starts the engine: the USI loop on stdin/stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
exec build/release/menagerie "$@"
