#!/usr/bin/env bash
# Makes the browser board's kanji font, protocol/web/page/kanji.woff2: the characters the page draws (every
# piece of every game, taikyoku's 301 kinds and their promotions included, and the page's own Japanese words),
# cut out of Debian's Noto Serif CJK JP (fonts-noto-cjk, SIL Open Font License 1.1; the licence is
# protocol/web/page/kanji-OFL.txt). Run it again when a piece or a word of the page changes; the test of the
# page checks that the font draws the rarest kanji (taikyoku's howling dog, U+20D47).
# Installs fonts-noto-cjk and fonttools (python3-fonttools, python3-brotli) through apt-get when missing, and
# runs them with Debian's own Python (/usr/bin/python3), whatever python3 comes first in the PATH.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
page="$root/protocol/web/page"
source_font=/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc
py=/usr/bin/python3
if [ ! -f "$source_font" ] || ! "$py" -c 'import fontTools.subset, brotli' 2>/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq fonts-noto-cjk python3-fonttools python3-brotli >/dev/null
fi
text="$(mktemp)"
trap 'rm -f "$text"' EXIT
# Every character above ASCII in the page's files and in the taikyoku piece table.
"$py" - "$text" "$page"/*.js "$page"/*.html "$root/engine/taikyoku/pieces.csv" <<'PY'
import sys
out, *files = sys.argv[1:]
chars = set()
for f in files:
    chars.update(c for c in open(f, encoding='utf-8').read() if ord(c) > 0x2000)
open(out, 'w', encoding='utf-8').write(''.join(sorted(chars)))
print(f'{len(chars)} characters', file=sys.stderr)
PY
# Noto Serif CJK JP is face 0 of the collection's regular weight; ext-B characters (U+20D47) are there too.
"$py" -m fontTools.subset "$source_font" --font-number=0 --text-file="$text" --flavor=woff2 --layout-features='' \
  --no-hinting --desubroutinize --output-file="$page/kanji.woff2"
"$py" - "$page/kanji.woff2" "$text" <<'PY'
import sys
from fontTools.ttLib import TTFont
font, text = sys.argv[1:]
cmap = TTFont(font).getBestCmap()
missing = [c for c in open(text, encoding='utf-8').read() if ord(c) not in cmap and not c.isspace()]
print(f'{len(cmap)} glyphs mapped; not in the font: {"".join(missing) or "none"}', file=sys.stderr)
PY
ls -l "$page/kanji.woff2"
# The licence beside it: the font's copyright line, then the SIL Open Font License as Debian ships it.
"$py" - "$source_font" /usr/share/doc/fonts-noto-cjk/copyright "$page/kanji-OFL.txt" <<'PY'
import sys
from fontTools.ttLib import TTFont
font, copyright_file, out = sys.argv[1:]
name = TTFont(font, fontNumber=0)['name']
lines, on = [], False
for line in open(copyright_file, encoding='utf-8'):
    if line.rstrip('\n') == 'License: SIL-1.1':
        on, lines = True, []  # the stanza whose indented lines follow is the licence's text
        continue
    if on:
        if not line.startswith(' '):
            if lines:
                break
            on = False
            continue
        text = line[1:].rstrip('\n')
        lines.append('' if text == '.' else text)
with open(out, 'w', encoding='utf-8') as f:
    f.write('kanji.woff2: a subset of %s (Debian fonts-noto-cjk), made by scripts/page-font.sh.\n' % name.getDebugName(4))
    f.write('%s %s\n\n' % (name.getDebugName(0), name.getDebugName(7)))
    f.write('\n'.join(lines).strip() + '\n')
PY
