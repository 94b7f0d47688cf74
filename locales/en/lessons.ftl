## Lessons (/learn): what a step's check says, and each course's steps. A step's words
## are `lesson-GAME-STEP-title`, `-task` (one line) and `-done` (said when it is done).

lesson-missed = { $action }: { $did }. { $why }
lesson-missed-plain = { $action }: { $why }
lesson-line-broken = this step's line does not play here ({ $action }: { $error })
lesson-not-your-turn = it is not your turn in this step
lesson-why-place = Place { $count ->
    [one] a stone
   *[other] { $count } stones
} this turn.
lesson-why-place-at = Place it on { $square }.
lesson-why-move-to = That does not bring a piece to { $square }.
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
lesson-why-eliminate = { $army ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
} is still in the game.

## Sidja

lesson-sidja-placement-title = Placement
lesson-sidja-placement-task = Place the two stones of your turn, on any empty squares but the centre.
lesson-sidja-placement-done = Each turn of the placement places two stones. The centre stays empty until every stone is placed.

lesson-sidja-custodian-capture-title = Custodian capture
lesson-sidja-custodian-capture-task = Capture the stone on c4: sandwich it between two of yours.
lesson-sidja-custodian-capture-done = A stone that moves next to an enemy stone, with one of yours beyond it, captures it.

lesson-sidja-diagonal-capture-title = Diagonal capture
lesson-sidja-diagonal-capture-task = Capture the stone on d4 along the diagonal.
lesson-sidja-diagonal-capture-done = In the Sudanese variant stones step only straight, but they capture in all eight directions, diagonals too.
