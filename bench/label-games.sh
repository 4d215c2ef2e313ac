#!/usr/bin/env bash
# Labels the positions of self-play games with a reference engine's search score, for
# `menagerie tune --scores` (the tuner then fits the evaluation to that score, blended with the game's result,
# instead of to the result alone).
# Usage: bench/label-games.sh GAMES_FILE OUT [EVERY (3)] [GO ("go depth 7")] [PARTS (2)]
#   GAMES_FILE  `menagerie selfplay` output (bench/tune.sh writes one)
#   OUT         one line per labelled position: "game N ply I score S", S the reference's score for the side to
#               move in the position after the game's first I moves (a mate: +-30000 less its distance)
#   EVERY       label one position in EVERY (plies I divisible by it), from 8 plies after the random opening
#   GO          the search each position gets
#   PARTS       engines run at once, each on its share of the games
# The game is $VARIANT (shogi unless set; its name for the reference's UCI_Variant option, torishogi for tori
# shogi). The reference is Fairy-Stockfish through USI ($REFERENCE names another USI engine; Debian's 11.1 has
# no torishogi: for it, a current Fairy-Stockfish built from its sources). $REFERENCE_OPTIONS sets the
# reference's options, "Name=Value" separated by semicolons: GPS Shogi's gpsusi, for example, prints its scores
# only with Verbose=1, opens its book (no score) unless BookDepth=0, has no `go depth` (it stops the program) but
# LimitDepth=4..10, so: REFERENCE=/usr/games/gpsusi REFERENCE_OPTIONS="Verbose=1;BookDepth=0;LimitDepth=5", with
# "go btime 0 wtime 0 byoyomi 10000" as GO. Progress goes to stderr. An interrupted run leaves its work in
# OUT.part0, OUT.part1, ...: RESUME=1 with the same arguments keeps them, drops each one's last (perhaps
# unfinished) game and labels on from that game.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '5,21p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
games="$1" out="$2" every="${3:-3}" go="${4:-go depth 7}" parts="${5:-2}"
variant="${VARIANT:-shogi}"
if [ "$variant" = shogi ]; then
  ref="${REFERENCE:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
else
  ref="${REFERENCE:-}"
  [ -n "$ref" ] || { echo "VARIANT=$variant: set REFERENCE to a Fairy-Stockfish that plays it" >&2; exit 2; }
fi
[ -r "$games" ] || { echo "cannot read $games" >&2; exit 1; }
[ -x "$ref" ] || { echo "no reference engine at $ref" >&2; exit 1; }
[[ "$every" =~ ^[1-9][0-9]*$ && "$parts" =~ ^[1-9][0-9]*$ ]] || { echo "EVERY and PARTS must be positive numbers" >&2; exit 2; }
skip=8

label_part() {  # label_part K [FROM]: the games whose line number is K modulo PARTS (from game FROM on)
  local part="$1" line n opening i count=0 score reply
  coproc ENGINE { "$ref" 2>/dev/null; }
  local to="${ENGINE[1]}" from="${ENGINE[0]}"
  echo usi >&"$to"
  local variants=""
  while read -r -t 30 reply <&"$from"; do
    [[ "$reply" == "option name U"[CS]"I_Variant "* ]] && variants="$reply "
    [[ "$reply" == usiok* ]] && break
  done
  # An engine that does not list the game would search another one and give meaningless scores.
  [[ "$variant" == shogi && -z "$variants" || "$variants" == *" var $variant "* ]] ||
    { echo "part $part: $ref does not offer UCI_Variant $variant" >&2; exit 1; }
  echo "setoption name UCI_Variant value $variant" >&"$to"
  local option; local -a options
  IFS=';' read -ra options <<< "${REFERENCE_OPTIONS:-}"
  for option in "${options[@]}"; do
    [[ "$option" == ?*=* ]] || { echo "REFERENCE_OPTIONS: '$option' is not Name=Value" >&2; exit 2; }
    echo "setoption name ${option%%=*} value ${option#*=}" >&"$to"
  done
  echo isready >&"$to"
  while read -r -t 30 reply <&"$from"; do [[ "$reply" == readyok* ]] && break; done
  local row=0 from_game="${2:-}"
  while IFS= read -r line; do
    [[ "$line" =~ ^game\ ([0-9]+):.*\(decided,.*opening\ ([0-9]+)\)\ +(.*)$ ]] || continue
    (( row++ % parts == part )) || continue
    n="${BASH_REMATCH[1]}" opening="${BASH_REMATCH[2]}"
    if [ -n "$from_game" ]; then  # resuming: the games before this part's last labelled one are done
      [ "$n" = "$from_game" ] || continue
      from_game=""
    fi
    local -a moves
    read -ra moves <<< "${BASH_REMATCH[3]}"  # not a word split with globbing: drops like P*7f are patterns
    for ((i = opening + skip; i < ${#moves[@]}; i++)); do
      (( i % every == 0 )) || continue
      echo "position startpos moves ${moves[*]:0:i}" >&"$to"
      echo "$go" >&"$to"
      score=""
      while read -r -t 60 reply <&"$from"; do
        if [[ "$reply" =~ score\ cp\ (-?[0-9]+) ]]; then
          score="${BASH_REMATCH[1]}"
        elif [[ "$reply" =~ score\ mate\ (-?)([0-9]+) ]]; then
          if [ -n "${BASH_REMATCH[1]}" ]; then score=$((-30000 + BASH_REMATCH[2])); else score=$((30000 - BASH_REMATCH[2])); fi
        fi
        [[ "$reply" == bestmove* ]] && break
      done
      [[ "$reply" == bestmove* ]] || { echo "part $part: no answer from $ref at game $n ply $i" >&2; exit 1; }
      [ -n "$score" ] && echo "game $n ply $i score $score"
      (( ++count % 1000 == 0 )) && echo "part $part: $count positions" >&2
    done
  done < "$games"
  echo quit >&"$to"
  [ -z "$from_game" ] || { echo "part $part: game $from_game is not among this part's games (other EVERY or PARTS?)" >&2; exit 1; }
  echo "part $part: $count positions" >&2
}

pids=()
for ((p = 0; p < parts; p++)); do
  part_file="$out.part$p"
  if [ "${RESUME:-}" = 1 ] && [ -s "$part_file" ]; then
    last=$(tail -n 1 "$part_file" | awk '{print $2}')
    [[ "$last" =~ ^[0-9]+$ ]] || { echo "$part_file: last line is not \"game N ply I score S\"" >&2; exit 1; }
    grep -v "^game $last " "$part_file" > "$part_file.keep" || true
    mv "$part_file.keep" "$part_file"
    echo "part $p: resuming at game $last ($(wc -l < "$part_file") positions kept)" >&2
    label_part "$p" "$last" >> "$part_file" &
  else
    label_part "$p" > "$part_file" &
  fi
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
cat $(for ((p = 0; p < parts; p++)); do echo "$out.part$p"; done) > "$out"
rm -f "$out".part*
echo "$(wc -l < "$out") positions labelled in $out" >&2
