## Why an action, a game or an option is refused.

error-game-over = the game is over: { $outcome }
error-no-such-seat = seat { $seat } does not play in this game of two
error-off-board = { $square } is off the { $dims } board
error-in-action = action { $index } "{ $text }": { $error }
error-in-log-entry = entry { $index } "{ $text }": { $error }
error-not-an-ending = “{ $text }” is not resign, timeout or draw
error-wrong-game = that is an action of { $game }, not of this game

error-unknown-game = there is no game called “{ $name }”: choose one of { $games }
error-no-options = { $game } takes no options (got “{ $key }”)
error-unknown-option = { $game } has no option “{ $key }”: its options are { $known }
error-bad-option-value = option { $key }={ $value } is not allowed: { $key } is one of { $allowed }
error-option-only-for = option { $key }={ $value } is for { $needs_value } only: add { $needs_key }={ $needs_value }, or leave { $key } out
error-option-twice = option { $key } is given twice: give each option once
error-option-not-key-value = option “{ $text }” should be written KEY=VALUE, like size=7

## Sidja

sidja-syntax = “{ $text }” is not a sidja action: place a stone by naming a square (c1) or move one with from-to (b3-c3)
sidja-pass-typed = passes are automatic: `pass` can be typed only in sudan, right after a capture, to decline the extra move it earns
sidja-centre = { $square } is the centre: it stays empty until every stone is placed
sidja-taken = { $square } is taken: place your stone on an empty square
sidja-still-placing = stones are still being placed ({ $count } left in your hand): name an empty square, like c1
sidja-all-placed = every stone is placed: move one of yours a step, like b3-c3
sidja-empty = { $square } is empty: move one of your stones
sidja-not-yours = { $square } holds no stone of yours
sidja-occupied = { $square } is occupied: a stone moves to an empty square
sidja-not-a-step-orthogonal = { $from }-{ $to } is not a step: stones move one square up, down, left or right
sidja-not-a-step-any-direction = { $from }-{ $to } is not a step: stones move one square in any direction, diagonals included
sidja-must-capture = after a capture you must go on capturing, and { $action } captures nothing
sidja-same-stone = after a capture the stone on { $square } must go on capturing

## Yoté

yote-syntax = “{ $text }” is not a yoté action: drop a piece with @c3 (or c3), step with c3-c4, capture by jumping with c3xc5 (then /b2 names the piece you remove)
yote-bonus-without-capture = “{ $text }”: only a capture removes a bonus piece, so a drop or a step has no /
yote-too-many-jumps = a capture has at most 12 jumps, not { $count }
yote-pass-typed = passes are automatic: the bot passes for a player with no legal action, and `pass` is never typed in Yoté (only in sudan sidja, to decline an extra move)
yote-no-reserve = you have no pieces left in reserve: step or capture with a piece on the board
yote-occupied = { $square } is not empty
yote-empty = { $square } holds no piece of yours: it is empty
yote-not-yours = { $square } holds no piece of yours
yote-not-a-step = { $from }-{ $to } is not a step: a piece steps one square up, down, left or right
yote-not-a-step-but-a-jump = { $from }-{ $to } is not a step: a piece steps one square up, down, left or right (to capture, jump with x: { $from }x{ $to })
yote-not-a-jump = { $from }x{ $to } is not a jump: a piece jumps over the enemy piece next to it (up, down, left or right) onto the square right behind it
yote-nothing-to-jump = { $from }x{ $to } jumps over { $over }, which holds no enemy piece
yote-landing-taken = { $from }x{ $to } lands on { $to }, which is not empty
yote-bonus-needed = { $chain } must also remove one of the opponent's pieces from the board: choose { $choices }
yote-no-bonus-left = { $chain } leaves the opponent no piece on the board, so there is nothing to remove: write it without /{ $bonus }
yote-bonus-jumped = { $square } is jumped by this capture already: remove another of the opponent's pieces
yote-bonus-not-theirs = { $square } holds no piece of the opponent: the bonus removes one of their pieces from the board

## Banglagor

banglagor-syntax = “{ $text }” is not a banglagor action: place a column with height@square (3@d2), move one with from-to (d2-d4, or d2-d4xe4 to attack e4), relocate one with from@to (d12@b5), or free a bound one (free d4)
banglagor-pass-typed = passes are automatic: the bot passes for a player with no legal action, and `pass` is never typed in Banglagor (only in sudan sidja, to decline an extra move)
banglagor-still-placing = columns are still being placed: place one of yours with height@square, like 3@d2
banglagor-all-placed = every column is placed: move one of yours, like d2-d4
banglagor-bad-height = columns are 1, 2 or 3 high, not { $height }: write the height before the @, like 3@d2
banglagor-none-left = you have no column of height { $height } left to place (in hand: height 1: { $ones }, height 2: { $twos }, height 3: { $threes })
banglagor-not-your-land = { $square } is not in your land: place your columns on ranks { $ranks }
banglagor-border-row = { $square } is on your border row: place your columns on ranks { $ranks }
banglagor-taken = { $square } is taken: place your column on an empty square
banglagor-empty = { $square } is empty: name one of your columns
banglagor-not-yours = the column on { $square } is not yours
banglagor-bound = the column on { $square } is bound: free it first with free { $square }
banglagor-not-bound = the column on { $square } is not bound: only a bound column can be freed
banglagor-unreachable = the column on { $from } cannot reach { $to }: it is { $height } high, so it walks exactly { $height } { $height ->
    [one] step
   *[other] steps
} up, down, left or right, through empty squares only
banglagor-path-length = the column on { $from } is { $height } high and walks exactly { $height } { $height ->
    [one] step
   *[other] steps
}, but this path has { $taken } { $taken ->
    [one] step
   *[other] steps
}
banglagor-not-a-step = { $from }-{ $to } is not a step: a path goes one square up, down, left or right at a time
banglagor-path-blocked = the path steps on { $square }, which is occupied: columns walk through empty squares only
banglagor-not-on-last-rank = the column on { $from } cannot be relocated: only a column standing on the enemy's last rank (rank { $rank }) can
banglagor-occupied = { $square } is occupied: a column is relocated to an empty square
banglagor-same-square = the column already stands on { $square }: relocate it to another square
banglagor-not-adjacent = { $target } is not next to { $to }
banglagor-no-enemy = there is no enemy column on { $square } to attack
banglagor-choose-target = { $action } ends next to enemy columns: say which one to attack: { $options }

## Xiangqi

xiangqi-type-a-move = type a move, like h2-e2 or C2.5
xiangqi-pass = there are no passes in xiangqi: a player without a legal move has lost
xiangqi-unreadable = “{ $text }” is not a move: write coordinates like h2-e2 (ICCS), or WXF like C2.5, H8+7, R1+1 or +C.5
xiangqi-not-a-point = { $text } is not a point: files run from a to i and ranks from 0 to 9
xiangqi-same-point = { $at }-{ $at } does not move: the piece must go to another point
xiangqi-piece-letter = “{ $letter }” is not a piece letter: use K A E H R C P (B for the elephant and N for the horse also work)
xiangqi-zero = “{ $text }”: files and steps are counted from 1 to 9, not 0
xiangqi-not-sideways = “{ $text }”: { xq-piece-a } never moves along its rank, so it takes + or -, not . or =
xiangqi-tandem = “{ $text }”: mark tandem pieces with + (front) and - (rear), like +C.5, C+.5 or 3+.4 (and 33.4 for the middle pawn of file 3)
xiangqi-empty = { $at } is empty
xiangqi-not-yours = { $at } holds a { xq-side } { xq-piece }, not one of yours
xiangqi-own-piece = { $at } holds your own { xq-piece }
xiangqi-general-step = the general moves one point up, down, left or right
xiangqi-general-palace = the general cannot leave the palace
xiangqi-advisor-step = an advisor moves one point diagonally
xiangqi-advisor-palace = an advisor cannot leave the palace
xiangqi-elephant-step = an elephant moves exactly two points diagonally
xiangqi-elephant-eye = the elephant's eye at { $at } is blocked
xiangqi-elephant-river = an elephant cannot cross the river
xiangqi-horse-step = a horse moves one point straight, then one diagonally outwards
xiangqi-horse-leg = the horse's leg at { $at } is blocked
xiangqi-not-a-line = { xq-piece-a } moves along its file or rank
xiangqi-rook-blocked = the rook's way is blocked at { $at }
xiangqi-cannon-blocked = a cannon moves without capturing only along an open line, and { $at } is in the way
xiangqi-cannon-no-screen = a cannon captures by jumping over exactly one piece, and there is none between
xiangqi-cannon-screens = a cannon captures by jumping over exactly one piece, and there are { $count } between
xiangqi-pawn-backward = a pawn never moves backward
xiangqi-pawn-sideways = a pawn moves sideways only after crossing the river
xiangqi-pawn-step = a pawn moves one point at a time
xiangqi-leaves-check = that move leaves your general in check
xiangqi-generals-face = that move leaves the generals facing each other on the { $file } file with nothing between
xiangqi-not-legal = { $mv } is not a legal move: { $why }
xiangqi-no-piece-on-file = no { xq-side } { xq-piece } stands on file { $file }
xiangqi-tandem-choice = { $count ->
    [1] only one { xq-side } { xq-piece } stands on file { $file }: write { $choices }
    [2] there are two { xq-side } { xq-pieces } on file { $file }: write { $choices }
    [3] there are three { xq-side } { xq-pieces } on file { $file }: write { $choices }
    [4] there are four { xq-side } { xq-pieces } on file { $file }: write { $choices }
    [5] there are five { xq-side } { xq-pieces } on file { $file }: write { $choices }
   *[other] there are { $count } { xq-side } { xq-pieces } on file { $file }: write { $choices }
}
xiangqi-no-tandem = no two { xq-side } { xq-pieces } stand on one file, so none is the front or rear one
xiangqi-tandem-files = { xq-side } pawns stand in tandem on files { $first } and { $second }: put the file first, like { $first }+ or { $second }-
xiangqi-bad-file = the { xq-piece } on { $at } cannot go to file { $file }: { $kind ->
    [A] an advisor moves to a file next to its own
    [E] an elephant moves two files across
   *[H] a horse moves to a file next to its own or two files across
}
xiangqi-off-the-board-forward = the { xq-piece } on { $at } cannot go { $steps } { $steps ->
    [one] point
   *[other] points
} forward: the board ends
xiangqi-off-the-board-back = the { xq-piece } on { $at } cannot go { $steps } { $steps ->
    [one] point
   *[other] points
} back: the board ends
xiangqi-same-file = the { xq-piece } on { $at } is on file { $file } already: a sideways move goes to another file

fen-empty = the FEN is empty
fen-rank-count = a FEN board has 10 ranks separated by /, this one has { $count }
fen-rank-width = rank { $rank } (“{ $text }”) covers { $points } points, not 9
fen-letter = “{ $letter }” in rank { $rank } is not a piece: use K A B (or E) N (or H) R C P, upper case for red and lower case for black, and digits 1 to 9 for empty points
fen-no-side = the FEN has no side to move: add w (red) or b (black) after the board
fen-side = “{ $text }” is not a side to move: use w (or r) for red and b for black
fen-counter = “{ $text }” is not a move counter: a FEN ends with the plies since the last capture and the move number, like - - 0 1
fen-move-number-zero = the move number counts from 1, not 0
fen-extra = “{ $text }” is left over after the move number
fen-generals = { $count ->
    [0] { xq-side } has no general: each side has exactly one
   *[other] { xq-side } has { $count } generals: each side has exactly one
}
fen-too-many = { xq-side } has { $count } { xq-pieces }: at most { $max }
fen-misplaced = a { xq-side } { xq-piece } can never stand on { $at }
fen-general-takeable = { xq-side }'s general is attacked with { $other } to move: the side that just moved cannot have left it so

## Four-player xiangqi

xiangqi4-type-an-action = type an action, like j4-j5 or R@g17
xiangqi4-not-an-action = “{ $text }” is not a xiangqi4 action: move a piece with from-to, like j4-j5, or drop a reserve piece with its letter, @ and the point, like R@g17
xiangqi4-pass = there are no passes in xiangqi4: a player with no legal action is eliminated instead
xiangqi4-drop-without-kind = name the piece to drop before the @: R, H, C or P, like R@{ $at }
xiangqi4-missing-corner = { $at } is not a point of the board: the four 5×5 corners of the cross are missing
xiangqi4-off-board = { $at } is off the board: files run a–s and ranks 1–19
xiangqi4-empty = { $at } is empty: there is no piece to move
xiangqi4-not-yours = { $at } holds { army }'s { xq-piece }, not one of yours (you play { $you ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
})
xiangqi4-same-point = a move must leave { $at }: name another point to go to
xiangqi4-own-piece = { $at } holds one of your own pieces
xiangqi4-partner = { $at } holds your partner { army }'s { xq-piece }: partners' pieces cannot be captured
xiangqi4-cannot-reach = { $action }: { $why }
xiangqi4-leaves-general-attacked = { $action } would leave your general on { $at } in check
xiangqi4-not-droppable = only rooks, horses, cannons and pawns are dropped, never { xq-piece-a }
xiangqi4-no-reserve = you have no { xq-piece } in reserve
xiangqi4-drop-occupied = { $at } is not empty: drop on an empty point
xiangqi4-arm-of = { army }'s arm ({ $army ->
    [red] files f–n, ranks 1–5
    [black] files o–s, ranks 6–14
    [yellow] files f–n, ranks 15–19
   *[green] files a–e, ranks 6–14
})
xiangqi4-drop-wrong-arm = a { xq-piece } from your reserve may be dropped only in { $arms } (the arm of the army it was taken from), not on { $at } in { army }'s arm
xiangqi4-drop-in-the-middle = a { xq-piece } from your reserve may be dropped only in { $arms } (the arm of the army it was taken from), not on { $at } in the middle part
xiangqi4-drop-limit = you already have { $count } { xq-pieces } on the board: a { xq-piece } is dropped only while you have fewer than at the start ({ $start })
xiangqi4-drop-could-capture = a { xq-piece } dropped on { $at } could capture on { $target } at once: drop it where it cannot capture
xiangqi4-not-in-game = { army } is out of the game already
xiangqi4-not-a-withdrawal = only resignation and timeout take a player out of the game (not “{ $reason }”)

xiangqi4-point-off-board = off the board
xiangqi4-point-missing-corner = { $at }, a missing corner point
xiangqi4-why-general-step = the general steps one point up, down, left or right
xiangqi4-why-general-palace = the general stays in its palace
xiangqi4-why-advisor-step = an advisor steps one point diagonally
xiangqi4-why-advisor-palace = advisors stay in their palace
xiangqi4-why-elephant-step = an elephant moves two points diagonally
xiangqi4-why-elephant-arm = elephants never leave their own arm
xiangqi4-why-elephant-eye = its eye point { $at } is taken
xiangqi4-why-horse-leg-taken = its leg point { $at } is taken
xiangqi4-why-horse-leg-missing = its leg point is { $point }, so it cannot go that way
xiangqi4-why-big-jump-middle = only a horse standing in the middle part makes the big jump
xiangqi4-why-big-jump-taken = the big jump passes { $at }, which is taken
xiangqi4-why-big-jump-missing = the big jump would pass { $point }
xiangqi4-why-horse-step = a horse moves one point straight, then one diagonally outwards (from the middle part it may also make the big jump: 4 points one way and 2 the other)
xiangqi4-why-rook-line = a rook moves along a straight line
xiangqi4-why-cannon-line = a cannon moves along a straight line
xiangqi4-why-line-corner = the line ends at a missing corner of the cross
xiangqi4-why-in-the-way = { $at } is in the way
xiangqi4-why-not-open = the way is not open
xiangqi4-why-cannon-quiet = a cannon moves without capturing only through empty points: { $at } is in the way
xiangqi4-why-cannon-no-screen = a cannon captures by jumping over exactly one piece, and there is none between
xiangqi4-why-cannon-screens = a cannon captures by jumping over exactly one piece, and there are { $count } between
xiangqi4-why-cannon-reach = in teams a cannon captures at most { $reach } points away, and { $at } is { $distance } away
xiangqi4-why-pawn-middle = in the middle part a pawn moves one or two points in a straight line, forward, backward or sideways
xiangqi4-why-pawn-own-arm-first = a pawn that has not yet left its own arm moves one point forward only
xiangqi4-why-pawn-back-in-own-arm = back in its own arm a pawn moves one or two points forward or sideways, never backward
xiangqi4-why-pawn-other-arm = in { army }'s arm a pawn moves one or two points forward (towards { army }'s back line) or sideways; backward only once { army } is out
xiangqi4-why-pawn-other-arm-out = in { army }'s arm a pawn moves one or two points forward, sideways or backward ({ army } is out)
xiangqi4-why-pawn-off-board = the pawn is off the board
xiangqi4-why-pawn-between = the point between, { $at }, is taken
