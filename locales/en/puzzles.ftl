## Puzzles: their themes, and what a wrong answer did.

puzzle-theme-capture = capture
puzzle-theme-double-capture = double capture
puzzle-theme-bind = bind
puzzle-theme-mate-in = { $n ->
    [one] mate in one
   *[other] mate in { $n }
}
puzzle-theme-elimination = elimination
puzzle-theme-win = winning move
puzzle-wrong-quiet = not the winning move: it takes nothing, and your opponent gets away
puzzle-wrong-did = not the winning move: { $did }, but there was more to win
puzzle-out-of-step = this puzzle has moved on: start it again
