#!/usr/bin/env bash
# Installs what the build needs from Debian packages, only when something is missing.
# Progress goes to stderr, so a USI session on stdout stays clean.
set -euo pipefail

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/boost/program_options.hpp ] || need+=(libboost-program-options-dev)
[ -f /usr/include/boost/beast.hpp ] || need+=(libboost-dev)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
# `setup.sh --tests`: also the engines of other authors that the tests play against (menagerie match).
# Also the browser board's tests: Node.js, Debian's Chromium, and the test's npm packages (tests/web).
if [ "${1:-}" = "--tests" ]; then
  command -v fairy-stockfish >/dev/null 2>&1 || [ -x /usr/games/fairy-stockfish ] || need+=(fairy-stockfish)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v node >/dev/null 2>&1 || need+=(nodejs)
  command -v npm >/dev/null 2>&1 || need+=(npm)
  # The Debian package's dependencies are read by dpkg-shlibdeps (packaging/deb.sh).
  command -v dpkg-shlibdeps >/dev/null 2>&1 || need+=(dpkg-dev)
fi

# The npm packages of the browser tests, from the lock file, once.
npm_packages() {
  local web; web="$(dirname "$0")/../tests/web"
  if [ "${1:-}" = "--tests" ] && { [ ! -d "$web/node_modules/puppeteer-core" ] || [ ! -d "$web/node_modules/tsshogi" ]; }; then
    echo "setup: installing the browser tests' npm packages (tests/web)" >&2
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
}
# `setup.sh --fuzz`: clang and its libFuzzer runtime, for scripts/fuzz.sh.
if [ "${1:-}" = "--fuzz" ]; then
  command -v clang++ >/dev/null 2>&1 || need+=(clang)
  compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null || need+=(libclang-rt-14-dev)
fi

if [ ${#need[@]} -eq 0 ]; then
  npm_packages "${1:-}"
  exit 0
fi

echo "setup: installing ${need[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install ${need[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >&2
$sudo apt-get install -y -q --no-install-recommends "${need[@]}" >&2
npm_packages "${1:-}"
