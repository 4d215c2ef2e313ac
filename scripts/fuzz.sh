#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser (fuzz/: libFuzzer, with ASan and UBSan), then a report.
#
#   scripts/fuzz.sh [--time SECONDS] [--runs N] [--smoke] [TARGET...]
#
# Each target (default: all of them) first replays its regression inputs (fuzz/regressions/TARGET/: inputs
# that once broke an invariant), then fuzzes for --time seconds (default 60), or for --runs executions, from
# its corpus (build/fuzz/corpus/TARGET, kept between runs) and the seeds make_seeds writes (afresh each run).
# --smoke: 5 seconds each (what CI runs, so that the targets keep compiling and passing).
# An input that breaks an invariant, crashes or runs for over 60 s is saved in build/fuzz/findings/TARGET/
# and the script exits 1. Each run writes a log to build/fuzz/logs/TARGET.log
set -euo pipefail
cd "$(dirname "$0")/.."
all=(sfen_fuzz move_fuzz usi_fuzz cli_fuzz tablebase_fuzz engine_output_fuzz web_fuzz record_fuzz)
time=60 runs=-1 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time="$2"; shift 2 ;;
    --runs) runs="$2"; time=0; shift 2 ;;
    --smoke) time=5; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz: unknown option '$1'" >&2; exit 2 ;;
    *) [[ " ${all[*]} " == *" $1 "* ]] || { echo "fuzz: unknown target '$1' (${all[*]})" >&2; exit 2; }
       targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

scripts/setup.sh --fuzz
build=build/fuzz
jobs="$(nproc 2>/dev/null || echo 2)"
CXX=clang++ cmake -S . -B "$build" -DMENAGERIE_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=Release >&2
cmake --build "$build" -j "$jobs" >&2
# Seeds written afresh every run, so that a game added since the last run has its seeds too.
rm -rf "$build/seeds"
"$build/fuzz/make_seeds" "$build/seeds" >&2
mkdir -p "$build/logs"

status=0
report=()
for t in "${targets[@]}"; do
  bin="$build/fuzz/$t"
  mkdir -p "$build/corpus/$t" "$build/findings/$t"
  log="$build/logs/$t.log"
  : > "$log"
  if compgen -G "fuzz/regressions/$t/*" >/dev/null; then
    echo "=== $t: regression inputs" >&2
    if ! "$bin" fuzz/regressions/"$t"/* >>"$log" 2>&1; then
      echo "fuzz: $t fails on a regression input (see $log)" >&2
      status=1
      report+=("$t: a regression input fails")
      continue
    fi
  fi
  echo "=== $t: fuzzing (time ${time}s, runs $runs)" >&2
  limit=(-max_total_time="$time")
  [ "$time" -gt 0 ] || limit=(-runs="$runs")
  start=$(date +%s)
  if "$bin" "${limit[@]}" -timeout=60 -print_final_stats=1 -artifact_prefix="$build/findings/$t/" \
      "$build/corpus/$t" "$build/seeds/$t" >>"$log" 2>&1; then
    result=ok
  else
    result="FINDING (input in $build/findings/$t/)"
    status=1
  fi
  seconds=$(( $(date +%s) - start ))
  execs=$(awk -F': ' '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
  report+=("$t: ${execs:-?} executions in ${seconds}s, ${cov:-no coverage line}; $result")
done
echo "=== fuzz report"
printf '%s\n' "${report[@]}"
exit $status
