## Lessons (/learn): what a step's check says, and each course's steps. A step's words
## are `lesson-GAME-STEP-title`, `-task` (one line) and `-done` (said when it is done).

lesson-missed = `{ $action }`: { $did }. { $why }
lesson-missed-plain = `{ $action }`: { $why }
lesson-line-broken = this step's line does not play here (`{ $action }`: { $error })
lesson-not-your-turn = it is not your turn in this step
lesson-why-place = That does not place { $count ->
    [one] a new piece
   *[other] { $count } new pieces
} this turn.
lesson-why-place-at = Place it on { $square }.
lesson-why-move-to = After it, no piece of yours stands on { $square }.
lesson-why-captured-nothing = That captured nothing.
lesson-why-captured-too-few = That captured { $squares }, but the task asks for { $needed } at least.
lesson-why-captured-other = That captured { $squares }, not { $wanted }.
lesson-why-capture-again = Capture { $count } times in this turn: after a capture, move again and capture once more.
lesson-why-decline = End the turn with `pass` after the capture instead of moving again.
lesson-why-bind = That does not bind the column on { $square }.
lesson-why-free = That does not free your column on { $square }.
lesson-why-check = That does not give check.
lesson-why-mate-escapes = That is check, but not mate: the general can still get out of it.
lesson-why-stalemate = Your opponent still has a legal move.
lesson-why-stalemate-check = That gives check: leave the general unattacked, with no legal move.
lesson-why-win = The game is not won yet.
lesson-why-lost = That loses the game: { $outcome }.
lesson-why-eliminate = That does not put { army } out of the game.

## Sidja

lesson-sidja-placement-title = Placement
lesson-sidja-placement-task = Place the two stones of your turn, on any empty squares but the centre.
lesson-sidja-placement-done = Each turn of the placement places two stones. The centre stays empty until every stone is placed.

lesson-sidja-custodian-capture-title = Custodian capture
lesson-sidja-custodian-capture-task = Capture the stone on c4: sandwich it between two of yours.
lesson-sidja-custodian-capture-done = A stone that moves next to an enemy stone, with one of yours beyond it, captures it. Only the stone that moved captures: a stone that steps between two enemy stones is safe.

lesson-sidja-diagonal-capture-title = Diagonal capture
lesson-sidja-diagonal-capture-task = Capture the stone on d4 along the diagonal.
lesson-sidja-diagonal-capture-done = In the Sudanese variant stones step only straight, but they capture in all eight directions, diagonals too.

lesson-sidja-first-move-title = The first move
lesson-sidja-first-move-task = The board is full but for the centre: step into it.
lesson-sidja-first-move-done = Once every stone is placed, the first player moves first. A stone steps one square up, down, left or right to an empty square, so the first move always goes into the centre.

lesson-sidja-several-captures-title = Several stones at once
lesson-sidja-several-captures-task = Capture two stones with one move.
lesson-sidja-several-captures-done = Every enemy stone the move sandwiches is captured at once.

lesson-sidja-extra-move-title = The extra move
lesson-sidja-extra-move-task = Capture, then capture again with the extra move it earns.
lesson-sidja-extra-move-done = In the Sudanese variant a move that captures earns one more move, with any stone; every capture earns another.

lesson-sidja-pass-title = Declining the extra move
lesson-sidja-pass-task = Capture the stone on c4, then end your turn with `pass`.
lesson-sidja-pass-done = The extra move is a right, not a duty: `pass` declines it. It is the only place where `pass` is typed.

lesson-sidja-one-stone-left-title = The end
lesson-sidja-one-stone-left-task = Win the game: leave your opponent a single stone.
lesson-sidja-one-stone-left-done = A player left with one stone or none loses. If no stone is captured for as many full rounds as each player had stones (12 on 5×5), the game ends and more captures win.

lesson-sidja-sidja-variant-title = The sidja variant
lesson-sidja-sidja-variant-task = In this variant stones also step diagonally: capture the stone on c4.
lesson-sidja-sidja-variant-done = In the sidja variant stones step in all eight directions, and after a capture you must go on capturing while you can.

lesson-sidja-seega-centre-title = Seega: the safe centre
lesson-sidja-seega-centre-task = Capture the stone on e3; the stone on the centre cannot be taken.
lesson-sidja-seega-centre-done = In seega stones step and capture only straight, and a stone on the centre square cannot be captured.

## Yoté

lesson-yote-drop-title = Dropping a piece
lesson-yote-drop-task = Drop a piece from your reserve on c2.
lesson-yote-drop-done = A turn is one action: drop a reserve piece on any empty square, step, or capture.

lesson-yote-step-title = Stepping
lesson-yote-step-task = Step the piece on c3 up to c4.
lesson-yote-step-done = A piece steps one square up, down, left or right to an empty square, never diagonally.

lesson-yote-capture-title = Capture and the bonus piece
lesson-yote-capture-task = Jump over the piece on d3, then remove one more enemy piece.
lesson-yote-capture-done = A capture jumps over an enemy piece next to yours onto the empty square behind it. Then you remove any one more enemy piece from the board, written after a slash: `c3xe3/a1`.

lesson-yote-chain-title = Jumping on
lesson-yote-chain-task = Capture both c2 and c4 with one chain of jumps.
lesson-yote-chain-done = A capture may go on jumping, in any direction, and stop after any jump: `c1xc3xc5`. The bonus piece is removed once, at the end.

lesson-yote-win-title = The end
lesson-yote-win-task = Win: capture the last enemy piece.
lesson-yote-win-done = A player with no pieces left, on the board or in reserve, loses. With both reserves empty and two pieces against one, the game is a draw.

## Banglagor

lesson-banglagor-placement-title = Placing columns
lesson-banglagor-placement-task = Place a column of height 3 in your land, for example `3@d2`.
lesson-banglagor-placement-done = Columns are placed one a turn, in your own land but not on its border row (rank 6 for you). When all 18 are placed, the first player moves.

lesson-banglagor-moving-by-height-title = Moving by height
lesson-banglagor-moving-by-height-task = Move the column of height 2 from d2 to d4.
lesson-banglagor-moving-by-height-done = A column walks exactly as many steps as it is high, up, down, left or right, through empty squares only; the path may turn.

lesson-banglagor-attack-title = Attack
lesson-banglagor-attack-task = Walk next to the enemy column on e4 and remove it.
lesson-banglagor-attack-done = After a move you attack one enemy column next to where you stopped. If the strength, the heights of all your free columns next to it, is greater than its height, it is removed.

lesson-banglagor-bind-title = Binding
lesson-banglagor-bind-task = Attack the tall column on e4 and bind it.
lesson-banglagor-bind-done = Strength no greater than the target's height binds it: a bound column cannot move and adds nothing to attacks.

lesson-banglagor-joint-attack-title = Attacking together
lesson-banglagor-joint-attack-task = Remove the column of height 3 on e4, together with your column on f4.
lesson-banglagor-joint-attack-done = Every free column of yours next to the target adds its height: 2 + 2 beats 3.

lesson-banglagor-free-title = Freeing
lesson-banglagor-free-task = Your column on d4 is bound: free it.
lesson-banglagor-free-done = Freeing a bound column takes your whole turn: `free d4`.

lesson-banglagor-relocation-title = Relocation
lesson-banglagor-relocation-task = Lift your column from c12 to f5.
lesson-banglagor-relocation-done = A free column on the enemy's last rank may, on a later turn, be lifted to any empty square: `c12@f5`. It attacks where it lands.

lesson-banglagor-half-height-title = The end
lesson-banglagor-half-height-task = Win: remove e4, and your opponent has less than half your total height.
lesson-banglagor-half-height-done = After any move, a player whose total height is less than half the other's loses. If no column moves onto enemy land for 10 full rounds, the game is a draw.

## Xiangqi

lesson-xiangqi-rook-title = The rook
lesson-xiangqi-rook-task = Capture the horse on a9 with your rook.
lesson-xiangqi-rook-done = The rook moves any number of points along its file or rank, never over pieces. It captures by moving onto an enemy piece.

lesson-xiangqi-horse-title = The horse
lesson-xiangqi-horse-task = Capture the cannon on e6 with your horse.
lesson-xiangqi-horse-done = The horse goes one point straight, then one point diagonally outwards. It cannot go if the first point, its leg, is taken.

lesson-xiangqi-elephant-title = The elephant
lesson-xiangqi-elephant-task = Capture the pawn on e2 with your elephant.
lesson-xiangqi-elephant-done = The elephant goes exactly two points diagonally, not if the point between (its eye) is taken, and never across the river.

lesson-xiangqi-advisor-title = The advisor
lesson-xiangqi-advisor-task = Capture the pawn on f2 with your advisor.
lesson-xiangqi-advisor-done = The advisor moves one point diagonally and never leaves the palace, the 3×3 points with the two diagonals.

lesson-xiangqi-general-title = The general and the palace
lesson-xiangqi-general-task = Capture the pawn on d1 with your general.
lesson-xiangqi-general-done = The general moves one point up, down, left or right, and never leaves its palace.

lesson-xiangqi-cannon-title = The cannon
lesson-xiangqi-cannon-task = Capture the horse on b7 with your cannon.
lesson-xiangqi-cannon-done = The cannon moves like a rook, but captures only by jumping over exactly one piece of either side.

lesson-xiangqi-pawn-title = The pawn
lesson-xiangqi-pawn-task = Capture the horse on d5 with your pawn.
lesson-xiangqi-pawn-done = A pawn moves one point forward; once across the river, also sideways. It never moves backward.

lesson-xiangqi-flying-general-title = Facing generals
lesson-xiangqi-flying-general-task = Capture the pawn on g5.
lesson-xiangqi-flying-general-done = The two generals may never stand on one file with nothing between them. Your horse was all that stood between them, so it could not leave the e file.

lesson-xiangqi-check-title = Check
lesson-xiangqi-check-task = Give check with your rook.
lesson-xiangqi-check-done = A general that could be captured is in check, and its side must get it out of check at once.

lesson-xiangqi-mate-title = Checkmate
lesson-xiangqi-mate-task = Checkmate in one move.
lesson-xiangqi-mate-done = In check with no legal move: checkmate, and that side loses.

lesson-xiangqi-stalemate-title = Stalemate
lesson-xiangqi-stalemate-task = Leave black with no legal move, without giving check.
lesson-xiangqi-stalemate-done = In xiangqi a side with no legal move loses even when it is not in check.

lesson-xiangqi-perpetual-check-title = Perpetual check
lesson-xiangqi-perpetual-check-task = Your rook has given check every move: checkmate instead of repeating.
lesson-xiangqi-perpetual-check-done = A side that gives check with every move of a threefold repetition loses: `h8-h9` once more would have lost. Any other threefold repetition is a draw.

## Four-player xiangqi

lesson-xiangqi4-pawn-title = The board and the pawn
lesson-xiangqi4-pawn-task = Your pawn on j7 is in the middle part: move it two points forward, to j9.
lesson-xiangqi4-pawn-done = The board is a cross: four arms, one for each army, around a 9×9 middle part. In its own arm a pawn moves one point forward; once it has entered the middle part, it moves one or two points forward, backward or sideways.

lesson-xiangqi4-big-jump-title = The big jump
lesson-xiangqi4-big-jump-task = Make a big jump with your horse from j8 to f10.
lesson-xiangqi4-big-jump-done = A horse in the middle part may also jump to the far corner of a 2×4 rectangle, when every point on its way is empty.

lesson-xiangqi4-generals-face-title = Generals may face each other
lesson-xiangqi4-generals-face-task = Capture the horse on m10 with your rook, though the generals then face each other.
lesson-xiangqi4-generals-face-done = In four-player xiangqi the generals may face each other on an open file.

lesson-xiangqi4-elimination-title = Elimination
lesson-xiangqi4-elimination-task = Checkmate Black's general.
lesson-xiangqi4-elimination-done = A player with no legal move at the start of their turn is out. In ffa the one who mated them takes their rooks, horses, cannons and pawns into reserve.

lesson-xiangqi4-drop-title = Drops from the reserve
lesson-xiangqi4-drop-task = Drop the rook from your reserve into Black's arm.
lesson-xiangqi4-drop-done = A turn may put a reserve piece on an empty point of the arm of the army it came from, but not where it could capture at once: `R@p12`.

lesson-xiangqi4-partners-title = Teams
lesson-xiangqi4-partners-task = You play in a team with Yellow: capture Black's horse on m8.
lesson-xiangqi4-partners-done = In teams Red and Yellow play against Black and Green. Partners' pieces cannot be captured and never give check to each other.

lesson-xiangqi4-team-win-title = A team's win
lesson-xiangqi4-team-win-task = Checkmate Black, your last opponent, and win with your partner.
lesson-xiangqi4-team-win-done = A team wins when both its opponents are out; both partners win together.
