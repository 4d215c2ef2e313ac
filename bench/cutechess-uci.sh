#!/usr/bin/env bash
# Menagerie in UCI under cutechess-cli, against another UCI engine (a current Fairy-Stockfish), in shogi and
# Dobutsu: GAMES games each (colours alternated), every exchange logged, each game's end checked against our
# rules, and the commands of the first games kept for the replay test (tests/protocol/cutechess/).
#
#   bench/cutechess-uci.sh CUTECHESS_CLI OPPONENT [MENAGERIE] [GAMES] [OUT_DIR]
#
# CUTECHESS_CLI: cutechess-cli built from its sources (1.4.0 builds with Debian's Qt 5: qtbase5-dev,
# libqt5svg5-dev; cmake -DWITH_TESTS=OFF, make cli). OPPONENT: e.g. Fairy-Stockfish built with
# `make build ARCH=x86-64-modern largeboards=yes`. Time control: TC (default 10+0.1 for shogi, 5+0.05 for
# Dobutsu), one game at a time. Writes OUT_DIR/<variant>.log (cutechess's -debug log), <variant>.pgn, and
# <variant>-ends.txt: each game's result by cutechess beside the ply and reason at which our rules end it.
set -euo pipefail
cutechess="${1:?usage: bench/cutechess-uci.sh CUTECHESS_CLI OPPONENT [MENAGERIE] [GAMES] [OUT_DIR]}"
opponent="${2:?opponent engine missing}"
menagerie="$(realpath "${3:-build/release/menagerie}")"
games="${4:-20}"
out="${5:-cutechess-uci}"
mkdir -p "$out"
for variant in shogi dobutsu; do
  tc="${TC:-$([ "$variant" = shogi ] && echo 10+0.1 || echo 5+0.05)}"
  echo "== $variant, $games games at $tc" >&2
  "$cutechess" -variant "$variant" -engine name=menagerie cmd="$menagerie" proto=uci \
    -engine name=opponent cmd="$(realpath "$opponent")" proto=uci -each tc="$tc" -games "$games" -repeat -recover \
    -pgnout "$out/$variant.pgn" -debug > "$out/$variant.log" 2>&1
  grep -E '^(Score of|Finished game)' "$out/$variant.log" | tail -2 >&2
  # The commands of the first two games (one with each colour), as the replay test reads them.
  { echo "# cutechess-cli against another UCI engine, -variant $variant at $tc: the commands it sent to Menagerie in"
    echo "# its first two games, from its -debug log (bench/cutechess-uci.sh); tests/protocol/cutechess_test.cpp replays them."
    awk '/^Started game 3 of/{exit} {print}' "$out/$variant.log" | sed -n 's/^[0-9]* >menagerie([0-9]*): //p'
    echo quit; } > "$out/$variant-commands.txt"
  echo "illegal moves by menagerie: $(grep -c 'Illegal move.*menagerie\|menagerie.*illegal' "$out/$variant.log" || true)," \
       "disconnects: $(grep -ci 'disconnect\|terminated\|stalls' "$out/$variant.log" || true)," \
       "time forfeits: $(grep -ci 'loses on time\|on time' "$out/$variant.log" || true)" >&2
  # Each game's moves, from the positions sent and the moves answered; then where our rules end it.
  python3 - "$out/$variant.log" "$menagerie" "$variant" > "$out/$variant-ends.txt" <<'PY'
import re, subprocess, sys
log, engine, variant = sys.argv[1], sys.argv[2], sys.argv[3]
games, cur, last = [], None, None
for line in open(log, encoding='utf-8', errors='replace'):
    line = line.rstrip('\n')
    if m := re.match(r'Started game (\d+) of', line):
        cur = {'n': m.group(1), 'start': 'startpos', 'moves': [], 'end': ''}; games.append(cur); last = None
    elif cur is None:
        continue
    elif m := re.match(r'\d+ >\S+\(\d+\): position (startpos|fen .*?)(?: moves (.*))?$', line):
        last = (m.group(1), (m.group(2) or '').split())
    elif (m := re.match(r'\d+ <\S+\(\d+\): bestmove (\S+)', line)) and last:
        cur['start'], cur['moves'], last = last[0], last[1] + [m.group(1)], None
    elif m := re.match(r'Finished game \d+ \((.*?)\): (.*)$', line):
        cur['end'] = m.group(1) + ': ' + m.group(2)
for g in games:
    cmds = ['uci', f'setoption name UCI_Variant value {variant}']
    for k in range(len(g['moves']) + 1):
        cmds += [f"position {g['start']}" + (' moves ' + ' '.join(g['moves'][:k]) if k else ''), 'd']
    out = subprocess.run([engine], input='\n'.join(cmds + ['quit']) + '\n', capture_output=True, text=True).stdout
    states = [l[12:] for l in out.splitlines() if l.startswith('Game state: ')]
    first = next((i for i, s in enumerate(states) if s != 'ongoing'), None)
    ours = f'ply {first}: {states[first]}' if first is not None else f'ongoing after ply {len(states) - 1}'
    print(f"game {g['n']}: cutechess {g['end']} at ply {len(g['moves'])}; our rules: {ours}")
PY
  cat "$out/$variant-ends.txt" >&2
done
