#!/usr/bin/env bash
# Regenerates the sample board images in docs/images/ with `boardpost render`.
#
#   docs/make-gallery.sh                 # builds the release binary, then renders
#   PROFILE=dev docs/make-gallery.sh     # the same with dev-profile builds
#   BOARDPOST=path/to/boardpost docs/make-gallery.sh
#   XIANGQI_GALLERY=path/to/xiangqi_gallery docs/make-gallery.sh
#
# BOARDPOST and XIANGQI_GALLERY name binaries already built (the `boardpost` binary and
# the `xiangqi_gallery` example); what is not given is built with PROFILE (default
# release) in CARGO_TARGET_DIR (default target).
#
# The action lists are fixed, so the images only change when the renderer does. They
# were made once by playing from the start, picking each action from the "legal" list
# of `boardpost replay --json` (captures preferred), and stopping at a position worth
# showing: mid-placement, a capture in the last turn, a finished game.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${PROFILE:-release}
if [[ "$profile" == dev ]]; then
    profile_dir=debug
else
    profile_dir=$profile
fi
if [[ -z "${BOARDPOST:-}" ]]; then
    cargo build --profile "$profile" --quiet --bin boardpost
    BOARDPOST=${CARGO_TARGET_DIR:-target}/$profile_dir/boardpost
fi
out=docs/images
mkdir -p "$out"

render() {
    local file=$1
    shift
    "$BOARDPOST" render "$@" --png "$out/$file"
}

# Sudanese sidja 5×5 during placement: alice has just placed d3 and d4.
render sidja-sudan-5-placement.png sidja -o variant=sudan -o size=5 \
    --names alice,bob \
    a5 e1 a3 c1 b1 e2 d5 e4 d3 d4

# The same game later, seen from bob's side (seat 2): the board turned 180°, a1 at the
# top right. bob's last turn: b1-b2 captured b3, and the extra move went back to b1.
render sidja-sudan-5-midgame-seat2.png sidja -o variant=sudan -o size=5 \
    --names alice,bob --view 2 \
    a1 d3 a5 d1 b2 a3 b4 b3 c5 e2 e4 b1 b5 a2 a4 c4 d4 e1 e5 d5 e3 c1 c2 d2 d3-c3 \
    a3-b3 c1-c2 d1-c1 c3-c4 a4-a3 a5-a4 d4-d3 a4-b4 c2-d2 b1-b2 b2-b1

# Sidja 9×9 in the middle game: alice's g6-f5 has just captured g5.
render sidja-sidja-9-midgame.png sidja -o variant=sidja -o size=9 \
    --names alice,bob \
    c4 g2 g3 e2 h4 d2 h5 i2 c7 i3 i7 d7 a1 a3 g4 h3 b2 b4 h1 g8 c1 i9 c2 g6 a5 e4 h8 \
    i4 e3 g1 e8 a6 d6 f8 f5 i8 b5 i5 e6 a4 b9 b3 b8 a7 g9 c9 f3 g5 i6 b6 c3 f7 a8 e9 \
    d1 b1 d3 d4 i1 h6 b7 c6 h9 h2 f6 c8 d9 c5 f4 f1 e1 f2 h7 e7 d8 d5 g7 a9 f9 a2 \
    d6-e5 e5-e6 c6-d5 f5-e5 e8-d7 d7-e7 d9-e8 f7-f6 h6-g7 d8-d9 c3-d4 e2-e3 e7-d6 \
    c2-c3 d1-c2 d4-c5 d6-c7 c5-c4 d9-d8 c2-d1 a8-b7 i5-h6 h6-i5 i3-i4 h4-i3 f1-e2 \
    c7-c8 e1-f1 d1-e1 h1-g1 a3-b2 c4-b3 i4-h5 g6-f5 i3-h2 f3-g2 h5-g6 e3-f3 i6-h5 \
    f5-f4 g6-f5

# Egyptian seega 7×7, over: alice's g6-g7 captured f7 and left bob one stone.
render sidja-seega-7-over.png sidja -o variant=seega -o size=7 \
    --names alice,bob \
    f6 c3 d3 g7 g4 f2 a2 e6 c4 a5 b6 b3 e4 g1 d1 f1 b2 e1 b5 a1 f7 b7 d6 c5 b4 e2 c1 \
    a6 c2 f5 c6 c7 a3 g5 a4 d5 d7 d2 e3 f3 g2 b1 g3 e5 e7 g6 a7 f4 d5-d4 c5-d5 c4-c5 \
    c5-b5 d4-c4 b5-b4 c6-c5 a3-b3 c5-c6 b3-a3 e5-e4 f5-e5 f4-f5 g4-f4 f4-g4 e3-f3 \
    e2-e3 f3-g3 g5-f5 d5-c5 f5-e5 e5-d5 d5-d4 c5-c4 a3-b3 c6-c5 a5-a4 c5-d5 d7-d6 \
    d6-d7 f1-f2 e1-e2 a6-b6 b4-b5 b5-b4 g3-f3 g2-g3 d1-e1 d2-d1 e1-f1 d1-e1 a2-a3 \
    b2-a2 a7-a6 d7-c7 a6-b6 b4-b5 e3-f3 c2-b2 e7-e6 b3-a3 g3-g2 e1-f1 d4-c4 a4-b4 \
    f1-f2 b4-a4 c3-c2 e2-e1 f7-e7 g7-f7 g6-g7

# Sudanese sidja 5×5: alice's b3-c3 captured c4 and d4 (the diagonal counts in sudan);
# the extra move it earned was hers to take, and she declined it with a typed `pass`.
render sidja-sudan-5-pass.png sidja -o variant=sudan -o size=5 \
    --names alice,bob \
    a5 e1 c4 a4 b4 a2 a3 d5 e4 b3 d3 e3 b2 d2 b1 b5 e5 c5 c2 c1 a1 e2 d4 d1 b3-c3 pass

# Egyptian seega 5×5 with opening=cross: a3 and e3 (alice), c1 and c5 (bob) stood before
# placement; alice has just placed her first two stones, e1 and b2.
render sidja-seega-5-cross.png sidja -o variant=seega -o size=5 -o opening=cross \
    --names alice,bob \
    e1 b2

# Yoté in the middle game: alice's d4xb4xb2xd2 has just jumped three of bob's pieces
# and removed e5 as the bonus; 4 pieces are left in each reserve.
render yote-midgame.png yote \
    --names alice,bob \
    @c2 @e1 @d3 e1-e2 @a2 @d2 c2-c3 @d5 @f1 @b3 @b2 @e1 f1-f2 @e3 @f3 d5-e5 f2-f1 @c4 \
    f3-f2 @a5 b2-b1 d2-c2 @d4 e3-e4 @d5 e4-f4 d4xb4xb2xd2/e5

# Banglagor in the middle game: every column placed, then 25 moves. alice's
# d9-c11xd11 has just walked round (d9 d10 c10 c11) and removed bob's d11 (strength 3
# against 2); two columns of each side are bound.
render banglagor-midgame.png banglagor \
    --names alice,bob \
    3@a2 2@g8 1@c2 2@c8 2@e2 3@e8 3@g2 1@a8 1@d1 1@h9 2@e1 3@f9 1@b3 3@d9 2@d3 \
    2@b9 3@f3 1@g10 1@h3 2@e10 1@a4 3@c10 3@c4 1@a10 3@e4 3@h11 2@g4 1@f11 2@b5 \
    2@d11 3@d5 3@b11 2@f5 1@e12 1@h5 2@d12 \
    f3-f2 e8-e5xf5 d5-d8xc8 f11-e11 d1-c1 e12-f12 b5-d5xe5 e10-e10 h3-h2 c10-c9 \
    d8-c8xc9 f9-f6 c8-b8xa8 d9-d6xd5 c4-b6 g8-g8 d3-d5xd6 f6-f3xf2 b6-a8 g10-g9 \
    a2-a1 f3-g3xg2 b8-d9xc9 b11-b10 d9-c11xd11

# Xiangqi and four-player xiangqi: drawn from scenes built by hand (start positions, a
# mid-game with a check, black's view, a four-player ffa game with an army out and a
# reserve, a teams game seen from Green) and one position the engine played to (a pawn
# that has just moved two points inside another army's arm), see
# examples/xiangqi_gallery.rs. The four-player images name alice, bob, carol and dave.
if [[ -n "${XIANGQI_GALLERY:-}" ]]; then
    "$XIANGQI_GALLERY" "$out"
else
    cargo run --profile "$profile" --quiet --example xiangqi_gallery -- "$out"
fi
