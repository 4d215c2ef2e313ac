#!/usr/bin/env bash
# A match's game records (`menagerie match --record FILE`) as a selfplay listing and a scores file for
# `menagerie tune`. Every shogi game from the start position that the board or the engines decided (mate,
# repetition, resignation, adjudication on both engines' scores; not a forfeit such as a late move or a
# crash, and not the move cap, as the tuner leaves out selfplay's capped games too) becomes a line
# "game N: A - B  R (decided, P plies, opening K)  moves..." (K: the opening's plies), and each move the
# engine ENGINE made gives the score it reported for the position it moved from, "game N ply I score S" (S
# for the side to move, as bench/label-games.sh writes them). So the games a reference engine played
# against us come labelled by its own searches, with no second labelling pass.
# Usage: bench/records-to-games.sh ENGINE GAMES_OUT SCORES_OUT RECORD...
#   games are numbered from 1 across the records in the order given ($FIRST: another first number).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 ENGINE GAMES_OUT SCORES_OUT RECORD..." >&2
  exit 2
fi
engine="$1" games_out="$2" scores_out="$3"
shift 3
for f in "$@"; do
  [ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 1; }
done
start='lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
awk -v engine="$engine" -v start="$start" -v games_out="$games_out" -v scores_out="$scores_out" \
    -v first="${FIRST:-1}" '
function tag(line) { sub(/^\[[A-Za-z]+ "/, "", line); sub(/"\]$/, "", line); return line }
function flush(   i, n, plies, line) {
  if (!in_game) return
  in_game = 0
  if (startpos != start || (result != "1-0" && result != "0-1" && result != "1/2-1/2")) { ++skipped; return }
  # "NAME: why" is a forfeit unless NAME resigned or both engines scores decided it; "move cap": capped
  forfeit = index(reason, ": ") && !index(reason, "adjudicated") && !index(reason, "resigned")
  if (reason == "move cap" || forfeit) {
    ++skipped
    return
  }
  if (nmoves == 0) { ++skipped; return }
  n = number++
  plies = nopen + nmoves
  line = "game " n ": " sente " - " gote "  " (result == "1/2-1/2" ? "1/2" : result)
  line = line " (decided, " plies " plies, opening " nopen ") "
  for (i = 1; i <= nopen; ++i) line = line " " open[i]
  for (i = 1; i <= nmoves; ++i) line = line " " mv[i]
  print line > games_out
  for (i = 1; i <= nmoves; ++i)
    if (score[i] != "" && mover[i] == engine)
      print "game " n " ply " (nopen + i - 1) " score " score[i] > scores_out
  ++kept
}
BEGIN { number = first; kept = 0; skipped = 0; in_game = 0 }
/^\[Game / {
  flush()
  in_game = 1; nmoves = 0; nopen = 0; result = ""; reason = ""; startpos = ""; sente = ""; gote = ""
  next
}
/^\[Sente / { sente = tag($0); next }
/^\[Gote / { gote = tag($0); next }
/^\[Start / { startpos = tag($0); next }
/^\[Opening / { nopen = split(tag($0), open, " "); next }
/^\[Result / { result = tag($0); next }
/^\[Reason / { reason = tag($0); next }
/^\[/ { next }
in_game {
  # "12. 7g7f {+35 950ms}": a move, then the score its engine gave (centipawns, for the mover) and its time
  line = $0
  while (match(line, /[0-9]+\. [^ ]+( \{[^}]*\})?/)) {
    item = substr(line, RSTART, RLENGTH)
    line = substr(line, RSTART + RLENGTH)
    split(item, parts, " ")
    ++nmoves
    mv[nmoves] = parts[2]
    s = ""
    if (match(item, /\{[-+]?[0-9]+ /)) { s = substr(item, RSTART + 1, RLENGTH - 2); sub(/^\+/, "", s) }
    score[nmoves] = s
    mover[nmoves] = ((nopen + nmoves) % 2 == 1) ? sente : gote
  }
}
END {
  flush()
  printf "%d games written to %s (%d left out: not from the start position, unfinished, forfeited or capped)\n",
    kept, games_out, skipped > "/dev/stderr"
}' "$@"
touch "$games_out" "$scores_out"
echo "$(wc -l < "$scores_out") scores of $engine written to $scores_out" >&2
