#!/usr/bin/env bash
# Regenerate the Noto Sans CJK SC subsets used by the board renderer.
#
# Runs on Debian (made on Debian 12 "bookworm"). It uses only Debian packages:
#   fonts-noto-cjk  (the source fonts, SIL OFL 1.1)
#   fonttools       (pyftsubset, plus python3-fonttools for the checks)
# If they are missing and we are root, they are installed with apt-get.
#
# Usage:  bash assets/fonts/make-subset.sh      (from anywhere)
#
# Outputs, next to this script:
#   NotoSansCJKsc-Bold-subset.otf
#   NotoSansCJKsc-Regular-subset.otf
#   LICENSE-OFL.txt  (OFL 1.1 text taken from the Debian package's copyright file)
#
# The output is deterministic for a given fonts-noto-cjk + fonttools version:
# pyftsubset keeps the source head.modified timestamp (no --recalc-timestamp).
set -euo pipefail

OUT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC_DIR=/usr/share/fonts/opentype/noto
PY=/usr/bin/python3            # Debian's python3, which has python3-fonttools
PYFTSUBSET=/usr/bin/pyftsubset # from the Debian package `fonttools`

if [ ! -e "$SRC_DIR/NotoSansCJK-Bold.ttc" ] || [ ! -x "$PYFTSUBSET" ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            fonts-noto-cjk fonttools
    else
        echo "need: sudo apt-get install fonts-noto-cjk fonttools" >&2
        exit 1
    fi
fi

echo "fonts-noto-cjk $(dpkg-query -W -f='${Version}' fonts-noto-cjk)"
echo "fonttools      $(dpkg-query -W -f='${Version}' fonttools)"

# Characters kept:
#   U+0020-007E  printable ASCII
#   U+00B7 ·  U+00D7 ×  U+2013 –  U+2014 —  U+25CF ●  U+25CB ○
#   Xiangqi pieces and river text:
#   帥帅將将仕士相象傌馬马俥車车炮砲兵卒楚河漢界汉
UNICODES="U+0020-007E,U+00AB,U+00B7,U+00BB,U+00D7,U+2013,U+2014,U+2026,U+25CF,U+25CB"
# The Russian alphabet (А–я, Ё, ё: what Noto Sans CJK has of Cyrillic), for boards in Russian.
UNICODES+=",U+0401,U+0410-044F,U+0451"
UNICODES+=",U+5E25,U+5E05,U+5C07,U+5C06,U+4ED5,U+58EB,U+76F8,U+8C61"
UNICODES+=",U+508C,U+99AC,U+9A6C,U+4FE5,U+8ECA,U+8F66,U+70AE,U+7832"
UNICODES+=",U+5175,U+5352,U+695A,U+6CB3,U+6F22,U+754C,U+6C49"

# Index of the face named "Noto Sans CJK SC" inside a .ttc collection.
sc_font_number() {
    "$PY" - "$1" <<'EOF'
import sys
from fontTools.ttLib import TTCollection
coll = TTCollection(sys.argv[1], lazy=True)
hits = [i for i, f in enumerate(coll.fonts)
        if f["name"].getDebugName(1) == "Noto Sans CJK SC"]
if len(hits) != 1:
    sys.exit("expected exactly one 'Noto Sans CJK SC' face, found %r" % hits)
print(hits[0])
EOF
}

for weight in Bold Regular; do
    src="$SRC_DIR/NotoSansCJK-$weight.ttc"
    out="$OUT_DIR/NotoSansCJKsc-$weight-subset.otf"
    num="$(sc_font_number "$src")"
    echo "subsetting $src (font number $num) -> $out"
    "$PYFTSUBSET" "$src" \
        --font-number="$num" \
        --unicodes="$UNICODES" \
        --layout-features=kern \
        --no-hinting \
        --drop-tables+=DSIG \
        --name-IDs='*' \
        --notdef-outline \
        --output-file="$out"
done

# The OFL 1.1 text as shipped in /usr/share/doc/fonts-noto-cjk/copyright
# (the "License: SIL-1.1" paragraph, de-indented, "." lines made empty),
# preceded by the fonts' copyright notice.
{
    cat <<'EOF'
Noto Sans CJK SC (subsets in this directory: NotoSansCJKsc-Bold-subset.otf,
NotoSansCJKsc-Regular-subset.otf)

Copyright notice in the fonts' name table (nameID 0):
  (c) 2014-2021 Adobe (http://www.adobe.com/).
Copyright line in Debian's /usr/share/doc/fonts-noto-cjk/copyright:
  Copyright: 2010-2012, Google Corporation
Upstream (googlefonts/noto-cjk) LICENSE file, not shipped by Debian:
  Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font
  Name 'Source'.
Noto is a trademark of Google Inc.

This Font Software is licensed under the SIL Open Font License, Version 1.1.
The license text below is copied from the Debian package fonts-noto-cjk.

EOF
    # The stand-alone "License: SIL-1.1" paragraph follows a blank line (the
    # other "License: SIL-1.1" line is the short field in the "Files: *" stanza).
    awk '
        prev == "" && /^License: SIL-1.1$/ { inlic = 1; next }
        { prev = $0 }
        inlic && !/^ /        { exit }
        inlic {
            sub(/^ /, "")
            if ($0 == ".") $0 = ""
            print
        }
    ' /usr/share/doc/fonts-noto-cjk/copyright
} > "$OUT_DIR/LICENSE-OFL.txt"

# Check: every requested code point is mapped in each subset.
"$PY" - "$OUT_DIR" "$UNICODES" <<'EOF'
import os, sys
from fontTools.ttLib import TTFont
out_dir, spec = sys.argv[1], sys.argv[2]
want = []
for part in spec.split(","):
    a, _, b = part.partition("-")
    lo = int(a[2:], 16)
    hi = int(b, 16) if b else lo
    want.extend(range(lo, hi + 1))
bad = False
for weight in ("Bold", "Regular"):
    path = os.path.join(out_dir, "NotoSansCJKsc-%s-subset.otf" % weight)
    f = TTFont(path)
    cmap = f.getBestCmap()
    missing = [cp for cp in want if cp not in cmap]
    print("%s: %d bytes, %d glyphs, %d/%d code points mapped, tables %s"
          % (os.path.basename(path), os.path.getsize(path),
             len(f.getGlyphOrder()), len(want) - len(missing), len(want),
             " ".join(sorted(f.keys()))))
    if missing:
        bad = True
        print("  MISSING: " + " ".join("U+%04X" % cp for cp in missing))
sys.exit(1 if bad else 0)
EOF
