## The bot as a player: challenges, hints, analysis.

error-bot = the bot could not think about this position ({ $why }); please try again in a moment
bot-seats-range = the bot can fill { $most ->
    [0] no seat here: every seat is taken
    [one] one seat here
   *[other] up to { $most } seats here
}
level-without-bot = a level is for games against the bot: name it as your opponent (@boardpost) or give bot_seats
level-range = there is no level { $level }: the bot plays at levels 1 (a beginner) to 5 (its best)
bot-not-here = the bot cannot play on this server right now; try again once it is online
bot-plays-on = the bot plays every game of four out, so game #{ $game } has no draw by agreement: play on, or `/resign`
bot-draw-too-early = the bot plays on: it considers a draw from ply { $from } on, and game #{ $game } is at ply { $ply }. Play on, or `/resign`
bot-draw-ahead = the bot plays on: it judges itself ahead in game #{ $game } ({ $score } pieces' worth). Play on, or `/resign`
hint-only-against-bot = hints are for games against the bot, and game #{ $game } is between people
hint-not-your-move = it is not your move in game #{ $game }: a hint waits for your turn
hint-none = there is nothing to suggest: no action is legal
bot-played-out = Nobody but the bot is left in game #{ $game }, so it played the game to its end ({ $turns } { $turns ->
    [one] turn
   *[other] turns
}); the last one:
hint = Hint for game #{ $game }: **{ $action }** ({ $why }).
analyse-not-over = game #{ $game } is still going on: an analysis comes once it has ended
analyse-header = **Analysis of game #{ $game }** ({ $title }, { $plies } { $plies ->
    [one] turn
   *[other] turns
}):
analyse-no-mistakes = No big mistakes: at no turn did the engine find an action much better than the one played.
analyse-mistake = Turn { $ply }: { $player } played **{ $action }**; **{ $better }** was better (costs { $loss }).
analyse-turning-point = The game turned at turn { $ply } (the board attached shows it).
analyse-no-turning-point = The evaluation never moved by half a piece or more in one turn, so no turn decided the game: the board attached is the final position.
analyse-graph-title = Game #{ $game }: evaluation after every turn
analyse-graph-ply = turn
analyse-graph-army = { $name } ({ army })
analyse-graph-eval = advantage
