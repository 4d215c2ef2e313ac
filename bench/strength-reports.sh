#!/usr/bin/env bash
# The strength reports of the match runner, one command per report (each prints its own result):
#   handicap   Dobutsu, depth 4 against depth 8
#   dobutsu    Dobutsu, a round robin of the six Skill_Level presets (0, 4, 8, 12, 16, 20)
#   table      Dobutsu, the tablebase engine against search (needs the table: menagerie solve dobutsu; $TABLE
#              names the file when it is not in the default place)
#   jungle     Jungle, a round robin of the six presets
#   tori       tori shogi, a round robin of the six presets (Fairy-Stockfish 11.1 has no tori shogi to play)
#   fsf        Dobutsu against Fairy-Stockfish 11.1 through USI and through XBoard (its Dobutsu rules are
#              older than ours, so this checks the runner's two protocols, not strength)
#   gnushogi   shogi against gnushogi 1.4 (Debian) through its xshogi dialect, 60 s per 60 moves each, 200 games
#   gpsusi     shogi against GPS Shogi's gpsusi (Debian), one thread each, 1 s a move (byoyomi), 200 games
#   fsf-shogi  shogi against Fairy-Stockfish 11.1 through USI, 1 s a move (byoyomi), 200 games
#              (the three shogi reports: $GAMES and $SEED to play a report in parts, for example four runs
#              of GAMES=50 with SEED=3..6, the results then added up; $SHOGI_TC and $GNUSHOGI_TC change
#              the clocks, the README's older rows used SHOGI_TC=time=0,byoyomi=500 and
#              GNUSHOGI_TC=time=30000,moves=60 with GAMES=100; $RECORD names a file for the game records)
#   fsf-tori   tori shogi against a current Fairy-Stockfish built from its sources (11.1 has no tori shogi):
#              $FSF names its binary (make build ARCH=x86-64-modern largeboards=yes in its src/), 1 s a move
#              (byoyomi; $TORI_TC to change), 200 games ($GAMES, $SEED as for the shogi reports)
#   fsf-current-shogi  shogi against a current Fairy-Stockfish built from its sources ($FSF, as for fsf-tori),
#              its classical evaluation (Use_NNUE=false: no network file), 1 s a move (byoyomi), 200 games
#   yaneuraou  shogi against YaneuraOu's material edition built from its sources ($YANEURAOU: make -C source
#              normal YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL COMPILER=g++ TARGET_CPU=AVX2), no book, 16 MB of
#              hash as ours, its network delays set to our Move_Overhead (50 ms) so that both think about 950 ms
#              of each byoyomi second, 200 games (both: $GAMES, $SEED, $SHOGI_TC, $RECORD as for the shogi reports)
#   chu-hachu  chu shogi against HaChu 0.21 (Debian hachu) through XBoard, 20 s a game each, 100 games from
#              2-ply random openings; $GAMES changes the number, $RECORD names a file for the game records;
#              $CHU_RULES=lishogi referees by lishogi's reading, which HaChu follows (ChuRules; default seed)
#   dai-hachu  dai shogi the same way (HaChu's `variant dai`), 30 s a game each, up to 1,000 plies a game
# Usage: bench/strength-reports.sh REPORT... [BINARY in $MENAGERIE]; games and times are fixed here so that
# the figures in the README can be reproduced. $THREADS (default 1) is the search threads of every engine that
# has them: Menagerie's and Fairy-Stockfish's Threads, gpsusi's Thread (gnushogi and HaChu have one). Runs two
# games at a time with one thread each, one game at a time otherwise ($CONCURRENCY to change), so that on two
# cores each engine has the cores it is given while it thinks.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${MENAGERIE:-$here/../build/release/menagerie}"
threads="${THREADS:-1}"
case "$threads" in '' | *[!0-9]* | 0) echo "THREADS must be a number of threads, 1 or more" >&2; exit 2 ;; esac
jobs="${CONCURRENCY:-$([ "$threads" -eq 1 ] && echo 2 || echo 1)}"
mine="option.Threads=$threads"
record=()  # $RECORD: a file that keeps the game records
[ -z "${RECORD:-}" ] || record=(--record "$RECORD")
presets=(0 4 8 12 16 20)
ladder() {  # ladder VARIANT GAMES_PER_PAIR MOVETIME
  local args=()
  for level in "${presets[@]}"; do args+=(--engine "name=level$level option.Skill_Level=$level"); done
  "$bin" match --variant "$1" --each "cmd=$bin option.TablebaseFile=none $mine" "${args[@]}" --games "$2" \
    --tc "movetime=$3" --concurrency "$jobs" --seed 11 --quiet
}
for report in "$@"; do
  echo "=== $report"
  case "$report" in
    handicap)
      "$bin" match --variant dobutsu --each "cmd=$bin option.TablebaseFile=none $mine" --engine "name=depth4 tc=depth=4" \
        --engine "name=depth8 tc=depth=8" --games 200 --concurrency "$jobs" --seed 5 --quiet ;;
    dobutsu) ladder dobutsu 20 50 ;;
    jungle) ladder jungle 10 50 ;;
    tori) ladder torishogi 20 50 ;;
    table)
      "$bin" match --variant dobutsu --engine "cmd=$bin name=table option.TablebaseFile=${TABLE:-auto} $mine" \
        --engine "cmd=$bin name=search option.TablebaseFile=none $mine" --games 100 --tc movetime=100 \
        --concurrency "$jobs" --seed 7 --quiet ;;
    fsf)
      fsf="$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)"
      for proto in usi xboard; do
        "$bin" match --variant dobutsu --engine "cmd=$bin name=menagerie option.TablebaseFile=none $mine" \
          --engine "cmd=$fsf name=fsf-$proto proto=$proto option.Threads=$threads" --games 20 --tc depth=6 --concurrency "$jobs" --seed 3 --quiet
      done ;;
    gnushogi)
      # gnushogi keeps only XBoard's `level MOVES TIME` clocks, and overspends them (about 2 s a move here), so
      # it gets a minute of grace before a forfeit; its moves are written as USI (moves=usi).
      "$bin" match --variant shogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$(command -v gnushogi || echo /usr/games/gnushogi) name=gnushogi proto=xboard moves=usi margin=60000" \
        --tc "${GNUSHOGI_TC:-time=60000,moves=60}" --games "${GAMES:-200}" --concurrency "$jobs" --seed "${SEED:-1}" "${record[@]}" --quiet ;;
    gpsusi)
      # gpsusi keeps the last options any run set (in its data directory's gpsusi.conf, bench/label-games.sh's
      # LimitDepth=4 and BookDepth=0 among them) as its defaults: all are set here, at the program's own defaults.
      "$bin" match --variant shogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$(command -v gpsusi || echo /usr/games/gpsusi) name=gpsusi option.Thread=$threads option.LimitDepth=10 option.BookDepth=30 option.MultiPVWidth=0 option.Verbose=0" \
        --tc "${SHOGI_TC:-time=0,byoyomi=1000}" --games "${GAMES:-200}" --resign moves=3 score=1500 --concurrency "$jobs" \
        --seed "${SEED:-3}" "${record[@]}" --quiet ;;
    fsf-shogi)
      "$bin" match --variant shogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish) name=fairy-stockfish option.Threads=$threads" \
        --tc "${SHOGI_TC:-time=0,byoyomi=1000}" --games "${GAMES:-200}" --resign moves=3 score=1500 --concurrency "$jobs" \
        --seed "${SEED:-3}" "${record[@]}" --quiet ;;
    fsf-tori)
      if [ -z "${FSF:-}" ] || [ ! -x "$FSF" ]; then
        echo "fsf-tori: set FSF to a Fairy-Stockfish binary built from current sources (with torishogi)" >&2
        exit 2
      fi
      "$bin" match --variant torishogi --engine "cmd=$bin name=menagerie $mine" --engine "cmd=$FSF name=fairy-stockfish option.Threads=$threads" \
        --tc "${TORI_TC:-time=0,byoyomi=1000}" --games "${GAMES:-200}" --resign moves=3 score=1500 --concurrency "$jobs" \
        --seed "${SEED:-3}" "${record[@]}" --quiet ;;
    fsf-current-shogi | yaneuraou)
      if [ "$report" = yaneuraou ]; then
        other="${YANEURAOU:-}" name=yaneuraou var=YANEURAOU
        opts="option.USI_Hash=16 option.BookFile=no_book option.NetworkDelay=50 option.NetworkDelay2=50 option.MinimumThinkingTime=1000"
      else
        other="${FSF:-}" name=fairy-stockfish var=FSF opts="option.Use_NNUE=false"
      fi
      if [ -z "$other" ] || [ ! -x "$other" ]; then
        echo "$report: set $var to the engine's binary built from its sources" >&2
        exit 2
      fi
      "$bin" match --variant shogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$other name=$name option.Threads=$threads $opts" \
        --tc "${SHOGI_TC:-time=0,byoyomi=1000}" --games "${GAMES:-200}" --resign moves=3 score=1500 --concurrency "$jobs" \
        --seed "${SEED:-3}" "${record[@]}" --quiet ;;
    chu-hachu)
      # HaChu refuses repetitions unless told otherwise; the runner gives it `memory 64` before `new`. The
      # `Rules of hachu:` line counts the games it lost by refusing a move our rules allow.
      "$bin" match --variant chushogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$(command -v hachu || echo /usr/games/hachu) proto=xboard name=hachu init=\"option Allow repeats=1\"" \
        --tc time=20000 --games "${GAMES:-100}" --openings plies=2 --concurrency "$jobs" --seed 21 \
        --rule "ChuRules=${CHU_RULES:-seed}" "${record[@]}" --no-live ;;
    dai-hachu)
      "$bin" match --variant daishogi --engine "cmd=$bin name=menagerie $mine" \
        --engine "cmd=$(command -v hachu || echo /usr/games/hachu) proto=xboard name=hachu init=\"option Allow repeats=1\"" \
        --tc time=30000 --games "${GAMES:-100}" --openings plies=2 --max-plies 1000 --concurrency "$jobs" --seed 23 \
        "${record[@]}" --no-live ;;
    *) echo "unknown report '$report' (handicap, dobutsu, table, jungle, tori, fsf, gnushogi, gpsusi, fsf-shogi, fsf-tori, fsf-current-shogi, yaneuraou, chu-hachu, dai-hachu)" >&2
       exit 2 ;;
  esac
done
