## Playing puzzles: /puzzle, the puzzle of the day, puzzles from one's own games.

cmd-puzzle-name = puzzle
cmd-puzzle = A position from real play where one move wins: find it (rated, only you see it)
opt-puzzle-game = Which game's puzzle (any, if left out)
opt-puzzle_move-name = move
opt-puzzle-move = Your answer to the puzzle you are solving

puzzle-new = A new puzzle for you.
puzzle-again = Your puzzle in progress:
puzzle-plain = { $text }
puzzle-header = **Puzzle { $key }** · { $game } · rated { $rating }
puzzle-yours = One of your own games: here you missed a win.
puzzle-find = { $side } to move: find the move that wins, and answer with `/puzzle move:…`.
puzzle-to-move = { $game ->
    [xiangqi] { $seat ->
        [1] Red
       *[other] Black
    }
   *[other] { $seat ->
        [1] Dark
       *[other] Light
    }
}
puzzle-army-to-move = { army }
puzzle-you = you
puzzle-opponent = opponent
puzzle-right = Right: `{ $action }`. Your opponent replies { $reply }. Your move again.
puzzle-right-again = Right: `{ $action }`, and the move is still yours: go on.
puzzle-solved = Solved: `{ $action }` wins! Theme: { $theme }.
puzzle-wrong = `{ $action }`: { $why }. The puzzle is failed.
puzzle-rated = Your { $game } puzzle rating: { $before } → { $after } ({ $change }).
puzzle-not-rated = Not rated: you had tried this puzzle before.
puzzle-solution = The solution: { $line }. Theme: { $theme }.
puzzle-illegal = That cannot be played here: { $why }
puzzle-over = This puzzle is over: `/puzzle` gives you the next one.
puzzle-none-in-progress = You are not solving a puzzle: `/puzzle` gives you one.
puzzle-not-current = That button is from a puzzle you are no longer solving.
puzzle-answer-taken = That answer was already taken (sent twice?): nothing more was changed.
puzzle-none-left = You have tried every { $game } puzzle there is: try another game.
puzzle-none-at-all = There are no puzzles you have not tried yet.
puzzle-button-show = Show solution
puzzle-button-next = Next puzzle
puzzle-daily-post = **Puzzle of the day:** { $game }, rated { $rating }. { $side } to move: find the move that wins. Press “Solve it” to answer privately.
puzzle-daily-yesterday = Yesterday's puzzle: the solution was { $line }. { $answered ->
    [0] Nobody tried it.
   *[other] { $solved } of { $answered } solved it.
}
puzzle-daily-button = Solve it
puzzle-daily-opened = Today's puzzle of the day, for you alone: your first answer counts for the server.
puzzle-daily-ended = That puzzle of the day is over; its solution was { $line }.
puzzle-daily-none = This server has no puzzle of the day for that day: members who manage it can turn it on with /settings puzzle_of_the_day:True.
puzzle-button-mistakes = Turn my mistakes into puzzles
puzzle-mistakes-made = { $count ->
    [0] In game #{ $game } the analysis found no win you missed.
    [one] One position of game #{ $game } where you missed a win is now your puzzle ({ $new } new): `/puzzle` serves your own first.
   *[other] { $count } positions of game #{ $game } where you missed a win are now your puzzles ({ $new } new): `/puzzle` serves your own first.
}
puzzle-mistakes-not-yours = You did not play in game #{ $game }: only its players get puzzles from it.
