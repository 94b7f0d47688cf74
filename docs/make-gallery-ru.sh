#!/usr/bin/env bash
# Regenerates the Russian board images in docs/images/ru/ (words on the images in
# Russian, `--lang ru`) used by the Russian players' pages, docs/games/ru/.
#
#   docs/make-gallery-ru.sh                       # builds the release binary, then renders
#   BOARDPOST=path/to/boardpost docs/make-gallery-ru.sh
#   XIANGQI_GALLERY=path/to/xiangqi_gallery docs/make-gallery-ru.sh
#
# Most positions are the worked examples of the Russian pages (the notation in the pages
# is the notation here); the others are the same games as docs/make-gallery.sh draws,
# and the xiangqi scenes built by hand in examples/xiangqi_gallery.rs, in Russian.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${BOARDPOST:-}" ]]; then
    cargo build --release --quiet --bin boardpost
    BOARDPOST=${CARGO_TARGET_DIR:-target}/release/boardpost
fi
if [[ -z "${XIANGQI_GALLERY:-}" ]]; then
    cargo build --release --quiet --example xiangqi_gallery
    XIANGQI_GALLERY=${CARGO_TARGET_DIR:-target}/release/examples/xiangqi_gallery
fi
out=docs/images/ru
mkdir -p "$out"

render() {
    local file=$1
    shift
    "$BOARDPOST" render --lang ru "$@" --png "$out/$file"
}

two=алиса,боб
four=алиса,боб,вера,дима

# Sidja: the placement of the pages' examples (X = алиса, O = боб).
sidja_placement="c5 d5 a5 b5 e5 a4 c4 b3 b4 d4 d3 e3 e4 a3 a2 c2 b2 d2 e2 a1 c1 d1 b1 e1"

# Sudanese sidja during placement: алиса has just placed d3 and d4.
render sidja-sudan-5-placement.png sidja -o variant=sudan --names $two \
    a5 e1 a3 c1 b1 e2 d5 e4 d3 d4

# The sudan example: X cannot move and passes, боб's c4-c3 b3-b4, then алиса's
# a3-b3 d1-d2 pass.
render sidja-sudan-5-example.png sidja -o variant=sudan --names $two \
    $sidja_placement c4-c3 b3-b4 a3-b3 d1-d2 pass

# Another sudan game seen by боб (seat 2, board turned round): his last turn b1-b2
# captured b3, and the extra move went back, b2-b1 (the game of docs/make-gallery.sh).
render sidja-sudan-5-midgame-seat2.png sidja -o variant=sudan --names $two --view 2 \
    a1 d3 a5 d1 b2 a3 b4 b3 c5 e2 e4 b1 b5 a2 a4 c4 d4 e1 e5 d5 e3 c1 c2 d2 d3-c3 \
    a3-b3 c1-c2 d1-c1 c3-c4 a4-a3 a5-a4 d4-d3 a4-b4 c2-d2 b1-b2 b2-b1

# The sidja example: d2-c3 d1-d2.
render sidja-sidja-5-example.png sidja -o variant=sidja --names $two \
    $sidja_placement d2-c3 d1-d2

# The seega example: боб's c2-c3 (he placed last and moves first), алиса's b2-c2, боб's
# a2-b2, then алиса's a3-a2 a2-b2.
render sidja-seega-5-example.png sidja -o variant=seega --names $two \
    $sidja_placement c2-c3 b2-c2 a2-b2 a3-a2 a2-b2

# Seega with opening=cross: алиса has just placed e1 and b2.
render sidja-seega-5-cross.png sidja -o variant=seega -o opening=cross --names $two \
    e1 b2

# Seega 7×7, over (the game of docs/make-gallery.sh).
render sidja-seega-7-over.png sidja -o variant=seega -o size=7 --names $two \
    f6 c3 d3 g7 g4 f2 a2 e6 c4 a5 b6 b3 e4 g1 d1 f1 b2 e1 b5 a1 f7 b7 d6 c5 b4 e2 c1 \
    a6 c2 f5 c6 c7 a3 g5 a4 d5 d7 d2 e3 f3 g2 b1 g3 e5 e7 g6 a7 f4 d5-d4 c5-d5 c4-c5 \
    c5-b5 d4-c4 b5-b4 c6-c5 a3-b3 c5-c6 b3-a3 e5-e4 f5-e5 f4-f5 g4-f4 f4-g4 e3-f3 \
    e2-e3 f3-g3 g5-f5 d5-c5 f5-e5 e5-d5 d5-d4 c5-c4 a3-b3 c6-c5 a5-a4 c5-d5 d7-d6 \
    d6-d7 f1-f2 e1-e2 a6-b6 b4-b5 b5-b4 g3-f3 g2-g3 d1-e1 d2-d1 e1-f1 d1-e1 a2-a3 \
    b2-a2 a7-a6 d7-c7 a6-b6 b4-b5 e3-f3 c2-b2 e7-e6 b3-a3 g3-g2 e1-f1 d4-c4 a4-b4 \
    f1-f2 b4-a4 c3-c2 e2-e1 f7-e7 g7-f7 g6-g7

# Yoté: the page's example, d4xb4xb2xd2/e5.
render yote-example.png yote --names $two \
    @c2 @e1 @d3 e1-e2 @a2 @d2 c2-c3 @d5 @f1 @b3 @b2 @e1 f1-f2 @e3 @f3 d5-e5 f2-f1 @c4 \
    f3-f2 @a5 b2-b1 d2-c2 @d4 e3-e4 @d5 e4-f4 d4xb4xb2xd2/e5

# Banglagor: the pages' examples, from the placement to d8-c8, which binds c9.
render banglagor-bind-example.png banglagor --names $two \
    3@a2 2@g8 1@c2 2@c8 2@e2 3@e8 3@g2 1@a8 1@d1 1@h9 2@e1 3@f9 1@b3 3@d9 2@d3 \
    2@b9 3@f3 1@g10 1@h3 2@e10 1@a4 3@c10 3@c4 1@a10 3@e4 3@h11 2@g4 1@f11 2@b5 \
    2@d11 3@d5 3@b11 2@f5 1@e12 1@h5 2@d12 \
    f3-f2 e8-e5xf5 d5-d8xc8 f11-e11 d1-c1 e12-f12 b5-d5xe5 e10-e10 h3-h2 c10-c9 \
    d8-c8

# Xiangqi: the start, and the page's example h2-e2 h7-e7 e2-e6 (check).
render xiangqi-start.png xiangqi --names $two
render xiangqi-check-example.png xiangqi --names $two h2-e2 h7-e7 e2-e6

# Four-player xiangqi: the start, the horse example (Red's horse on j7 may make the big
# jump), and the pawn example (j6-j8, two points in the middle part).
render xiangqi4-start.png xiangqi4 --names $four
render xiangqi4-horse-example.png xiangqi4 --names $four \
    g1-h3 p10-o10 j16-j15 d10-e10 h4-h5 p12-o12 h16-h15 d12-e12 h3-i5 p8-o8 l16-l15 \
    d8-e8 i5-j7
render xiangqi4-pawn-example.png xiangqi4 --names $four \
    j4-j5 p10-o10 j16-j15 d10-e10 j5-j6 p12-o12 h16-h15 d12-e12 j6-j8

# The xiangqi scenes of docs/make-gallery.sh, drawn in Russian: a check, the game over,
# and four-player games (a pawn's two-point move, teams seen by Green, a drop, a busy
# free-for-all seen by Yellow). The gallery writes its start positions too; the ones
# above, drawn by the engine, are kept.
scenes=$(mktemp -d)
trap 'rm -rf "$scenes"' EXIT
"$XIANGQI_GALLERY" "$scenes" ru >/dev/null
for file in xiangqi-midgame-check.png xiangqi-over.png xiangqi4-pawn-two-points.png \
    xiangqi4-teams-green.png xiangqi4-ffa-drop.png xiangqi4-ffa-busy.png; do
    cp "$scenes/$file" "$out/$file"
done
