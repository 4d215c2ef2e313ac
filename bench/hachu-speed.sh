#!/usr/bin/env bash
# Search speed of Menagerie and HaChu 0.21 (Debian's `hachu`) on the same chu shogi positions for the same
# time, the two programs alternated, ROUNDS rounds; prints every run and the median nodes/second of each.
# Menagerie searches `go movetime`; HaChu analyses (its `st` stops at depth 2) and is stopped after the same
# time; each one's rate is that of its last completed iteration, as it prints it (HaChu: nodes and
# centiseconds).
# HaChu is told the position with `setboard` (board only: its setboard reads no side to move, so a position
# with Gote to move is given to it turned round, colours swapped, which is the same position for a search).
# VARIANT=dai: dai shogi from its start position, which HaChu gets with `variant dai` and no setboard (its
# setboard letters for the dai pieces differ from ours).
# Usage: [VARIANT=chu|dai] bench/hachu-speed.sh [MENAGERIE (build/release/menagerie)] [SECONDS (10)] [ROUNDS (3)]
set -euo pipefail
engine="${1:-build/release/menagerie}" seconds="${2:-10}" rounds="${3:-3}" variant="${VARIANT:-chu}"
hachu="$(command -v hachu || echo /usr/games/hachu)"
[ -x "$hachu" ] || { echo "hachu-speed: HaChu not found (apt-get install hachu)" >&2; exit 2; }

declare -A positions=(
  [start]="lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
  [midgame]="lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142"
)

# The board turned round with colours swapped: ranks and files reversed, upper and lower case exchanged.
turned() {
  echo "$1" | tr '/' '\n' | tac | while read -r rank; do
    echo "$rank" | sed -E 's/(\+?[A-Za-z]|[0-9]+)/&\n/g' | sed '/^$/d' | tac | tr -d '\n'
    echo
  done | tr 'a-zA-Z' 'A-Za-z' | paste -sd/
}

hachu_nps() {  # board with Sente to move
  { printf 'xboard\nprotover 2\n'; sleep 0.3
    if [ "$variant" = dai ]; then printf 'memory 64\nnew\nvariant dai\nforce\npost\nanalyze\n'
    else printf 'memory 64\nnew\nvariant chu\nforce\nsetboard %s\npost\nanalyze\n' "$1"; fi
    sleep "$seconds"; printf 'exit\nquit\n'; } | "$hachu" 2>/dev/null |
    awk '$1 ~ /^[0-9]+$/ && $2 ~ /^-?[0-9]+$/ && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ {d=$1; t=$3; n=$4}
         END {if (t > 0) printf "%d %d %d\n", n * 100 / t, d, n; else print "0 0 0"}'
}

menagerie_nps() {
  { printf 'setoption name USI_Variant value %sshogi\nposition sfen %s\ngo movetime %s\n' "$variant" "$1" "$((seconds * 1000))"
    sleep $((seconds + 1)); printf 'quit\n'; } | "$engine" |
    awk '/^info depth/ {for (i = 1; i < NF; ++i) {if ($i == "nps") v = $(i+1); if ($i == "depth") d = $(i+1); if ($i == "nodes") n = $(i+1)}}
         END {printf "%d %d %d\n", v, d, n}'
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

names=(start midgame)
if [ "$variant" = dai ]; then
  positions[start]="l(kt)(sg)(ig)csgkgsc(ig)(sg)(kt)l/a1(cs)1f1tet1f1(cs)1a/1(vo)1(ab)1(ew)xno(ew)1(ab)1(vo)1/r(fd)mvbhdqdhbvm(fd)r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/R(FD)MVBHDQDHBVM(FD)R/1(VO)1(AB)1(EW)ONX(EW)1(AB)1(VO)1/A1(CS)1F1TET1F1(CS)1A/L(KT)(SG)(IG)CSGKGSC(IG)(SG)(KT)L b - 1"
  names=(start)
fi
for name in "${names[@]}"; do
  sfen="${positions[$name]}"
  board="${sfen%% *}"
  side="$(echo "$sfen" | awk '{print $2}')"
  [ "$side" = b ] || board="$(turned "$board")"
  ours=() theirs=()
  for r in $(seq "$rounds"); do
    read -r a ad an < <(menagerie_nps "$sfen")
    read -r b bd bn < <(hachu_nps "$board")
    echo "$name round $r: menagerie $a nodes/s (depth $ad, $an nodes), HaChu $b nodes/s (depth $bd, $bn nodes)"
    ours+=("$a") theirs+=("$b")
  done
  m=$(printf '%s\n' "${ours[@]}" | median) h=$(printf '%s\n' "${theirs[@]}" | median)
  echo "$name: median menagerie $m nodes/s, HaChu $h nodes/s, ratio $(awk -v m="$m" -v h="$h" 'BEGIN {printf "%.2f", h ? m / h : 0}')"
done
