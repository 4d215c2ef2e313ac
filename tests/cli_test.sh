#!/usr/bin/env bash
# Command-line checks on the real executable: exit statuses, usage on bad input, perft and bench output,
# and a USI session over pipes.
set -u
bin="$1"
# Never a tablebase from the default location of whoever runs the tests.
export MENAGERIE_TABLEBASE_DIR=/nonexistent/menagerie-tests
fails=0 passes=0
check() {  # check NAME EXPECTED_STATUS PATTERN -- command...
  local name="$1" want="$2" pattern="$3"
  shift 4
  local out status
  out="$("$@" 2>&1)"
  status=$?
  if [ "$status" -ne "$want" ]; then
    echo "FAIL $name: status $status, expected $want"; echo "$out" | head -20; fails=$((fails + 1)); return
  fi
  if ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: output lacks /$pattern/"; echo "$out" | head -20; fails=$((fails + 1)); return
  fi
  passes=$((passes + 1))
}

check help 0 "Usage:" -- "$bin" --help
check version 0 "^menagerie [0-9]+\.[0-9]+" -- "$bin" --version
check unknown-subcommand 2 "unknown command or option 'fly'" -- "$bin" fly
check unknown-flag 2 "Usage:" -- "$bin" --frobnicate
check perft-missing-depth 2 "perft needs --depth" -- "$bin" perft --variant dobutsu
check perft-missing-variant 2 "perft needs --variant" -- "$bin" perft --depth 3
check perft-bad-depth 2 "Usage:" -- "$bin" perft --variant dobutsu --depth three
check perft-depth-range 2 "--depth must be" -- "$bin" perft --variant dobutsu --depth 0
check perft-unknown-variant 2 "unknown variant 'chess'" -- "$bin" perft --variant chess --depth 2
check perft-unknown-option 2 "unrecognised option|unrecognized option" -- "$bin" perft --variant dobutsu --depth 2 --speed
check perft-bad-sfen 2 "unknown piece 'x'" -- "$bin" perft --variant dobutsu --depth 2 --sfen "gxe/1c1/1C1/ELG b - 1"
check perft-start 0 "^Nodes searched: 8122$" -- "$bin" perft --variant dobutsu --depth 5
check perft-breakdown 0 "^2c2b: " -- "$bin" perft --variant dobutsu --depth 3
check perft-speed 0 "^Leaves/second : [0-9]+" -- "$bin" perft --variant dobutsu --depth 4
check perft-sfen 0 "^Nodes searched: 123$" -- "$bin" perft --variant dobutsu --depth 3 --sfen "gle/1c1/1C1/ELG b - 1"
check bench-bad-depth 2 "--depth must be" -- "$bin" bench --depth 99
check bench-bad-hash 2 "--hash must be" -- "$bin" bench --hash 0
check bench-unknown-variant 2 "unknown variant" -- "$bin" bench --variant nope
check bench 0 "^Nodes searched  : [0-9]+" -- "$bin" bench --variant dobutsu --depth 6
check selfplay-missing-variant 2 "selfplay needs --variant" -- "$bin" selfplay --games 2
check selfplay-bad-player 2 "unknown preset 'grandmaster'" -- "$bin" selfplay --variant dobutsu --a grandmaster
check selfplay-bad-setting 2 "bad setting 'speed=3'" -- "$bin" selfplay --variant dobutsu --b speed=3
check selfplay-bad-games 2 "--games must be" -- "$bin" selfplay --variant dobutsu --games 0
check selfplay-bad-eval 2 "unknown evaluation term 'wings'" -- "$bin" selfplay --variant jungle --a eval.wings=3
check selfplay-eval 0 "^Score of " -- "$bin" selfplay --variant jungle --a eval.rat_bonus=0 --games 2 --depth 2 --quiet
check selfplay 0 "^Score of normal vs beginner: " -- "$bin" selfplay --variant dobutsu --a normal --b beginner --games 4 --depth 3
check selfplay-jungle 0 "^Elo difference: " -- "$bin" selfplay --variant jungle --a depth=2 --b skill=0 --games 2 --depth 2 --quiet
check usi-pipe 0 "^bestmove 2c2b" -- bash -c "printf 'usi\nisready\nposition startpos\ngo depth 5\n' | '$bin'"
check usi-eof-stops-bare-go 0 "^bestmove " -- bash -c "printf 'position startpos\ngo\n' | timeout 10 '$bin'"
check usi-eof-stops-infinite 0 "^bestmove " -- bash -c "printf 'position startpos\ngo infinite\n' | timeout 10 '$bin'"

# The solver: bad input, and the small subgame without drops end to end (solve, write, refuse for play).
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
check solve-missing-game 2 "solve needs the game" -- "$bin" solve
check solve-unknown-game 2 "only dobutsu can be solved, not 'chess'" -- "$bin" solve chess
check solve-bad-threads 2 "--threads must be from 1 to 64" -- "$bin" solve dobutsu --threads 0
check solve-bad-root 2 "--root: " -- "$bin" solve dobutsu --root "xyz b - 1"
check solve-terminal-root 2 "terminal position" -- "$bin" solve dobutsu --root "1l1/1L1/3/3 b CCEEGG 1"
check solve-help 0 "--no-drops" -- "$bin" solve --help
check solve-subgame 0 "^Reachable positions : 962,894 \(575,179 terminal\)" -- "$bin" solve dobutsu --no-drops --out "$tmp/nodrops.mtb"
check solve-unwritable 1 "cannot write" -- "$bin" solve dobutsu --no-drops --out /proc/menagerie/t.mtb
check tablebase-missing-value 2 "--tablebase needs one value" -- "$bin" --tablebase
check tablebase-test-table 0 "not for play" -- bash -c "printf 'quit\n' | '$bin' --tablebase '$tmp/nodrops.mtb'"
check tablebase-missing-file 0 "info string error: tablebase '/nonexistent/x.mtb': cannot open" -- bash -c "printf 'quit\n' | '$bin' --tablebase /nonexistent/x.mtb"
check tablebase-none 0 "^usiok" -- bash -c "printf 'usi\nquit\n' | '$bin' --tablebase none"

# Engine matches: two of our processes, and fake engines that break every way, each recorded as a loss with its
# reason while the runner carries on.
fake() {  # fake NAME GO_ACTION: a USI engine in sh whose answer to go is GO_ACTION
  cat > "$tmp/$1.sh" <<EOS
#!/bin/sh
while read -r cmd rest; do
  case "\$cmd" in
    usi) echo "id name $1"; echo usiok ;;
    isready) echo readyok ;;
    go) $2 ;;
    quit) exit 0 ;;
  esac
done
EOS
  chmod +x "$tmp/$1.sh"
}
fake illegal 'echo "bestmove 9z9z"'
fake silent ':'
fake crasher 'kill -SEGV $$'
fake garbage 'printf "\\001\\002 nonsense\\nbestmove\\n"'
check match-menagerie 0 "^Score of a vs b: [0-9]+ - [0-9]+ - [0-9]+ \[" -- "$bin" match --variant dobutsu --engine "cmd=$bin name=a" --engine "cmd=$bin name=b" --games 2 --tc depth=2
check match-handicap 0 "^Game 2: " -- "$bin" match --variant jungle --engine "cmd=$bin name=a tc=depth=1" --engine "cmd=$bin name=b tc=depth=3" --games 2
check match-illegal 0 "illegal: illegal move '9z9z'" -- "$bin" match --variant dobutsu --engine "cmd=$tmp/illegal.sh name=illegal" --engine "cmd=$bin name=m" --games 2 --tc depth=1
check match-silent 0 "silent: no move within 300 ms" -- "$bin" match --variant dobutsu --engine "cmd=$tmp/silent.sh name=silent" --engine "cmd=$bin name=m" --games 2 --tc movetime=100 --margin 200
check match-crash 0 "crasher: crasher ended before its move \(killed by signal 11" -- "$bin" match --variant dobutsu --engine "cmd=$tmp/crasher.sh name=crasher" --engine "cmd=$bin name=m" --games 2 --tc depth=1
check match-garbage 0 "garbage: bestmove without a move" -- "$bin" match --variant dobutsu --engine "cmd=$tmp/garbage.sh name=garbage" --engine "cmd=$bin name=m" --games 2 --tc depth=1
check match-carries-on 0 "^Score of silent vs m: 0 - 2 - 0" -- "$bin" match --variant dobutsu --engine "cmd=$tmp/silent.sh name=silent" --engine "cmd=$bin name=m" --games 2 --tc movetime=50 --margin 100
check match-no-engine 1 "cannot start '/nonexistent/engine'" -- "$bin" match --variant dobutsu --engine "cmd=/nonexistent/engine" --engine "cmd=$bin" --games 2
check match-one-engine 2 "match needs two --engine" -- "$bin" match --variant dobutsu --engine "cmd=$bin"
check match-bad-tc 2 "--tc: unknown key 'hours'" -- "$bin" match --variant dobutsu --engine "cmd=$bin" --engine "cmd=$bin" --tc hours=2
check match-sprt 0 "^SPRT: H0 accepted" -- "$bin" match --variant dobutsu --engine "cmd=$bin name=weak tc=depth=1" --engine "cmd=$bin name=strong tc=depth=5" --games 400 --quiet --sprt elo0=0 elo1=20
check match-bad-sprt 2 "--sprt needs elo0 and elo1" -- "$bin" match --variant dobutsu --engine "cmd=$bin" --engine "cmd=$bin" --sprt elo1=5
check match-bad-engine 2 "unknown key 'speed'" -- "$bin" match --variant dobutsu --engine "cmd=$bin speed=3" --engine "cmd=$bin"

# Bench is deterministic: two runs, one signature.
a="$("$bin" bench --depth 8 | grep 'Nodes searched')"
b="$("$bin" bench --depth 8 | grep 'Nodes searched')"
if [ "$a" = "$b" ]; then passes=$((passes + 1)); else echo "FAIL bench-deterministic: '$a' vs '$b'"; fails=$((fails + 1)); fi

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
