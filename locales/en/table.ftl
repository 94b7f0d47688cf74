## What the bot answers: moves, offers, challenges, lists. Mentions ($user) show as names.

error-changed = the game changed while you were acting (someone moved first): look at /board and try again
error-store = something went wrong on our side ({ $why }); please try again in a moment
error-damaged-game = game #{ $game } is damaged and cannot be played right now ({ $why }); your other games are not affected
error-render = the board could not be drawn ({ $why }); please try again in a moment

span-days = { $days }d { $hours }h
span-hours = { $hours }h { $minutes }m
span-minutes = { $minutes }m
days = { $days } { $days ->
    [one] day
   *[other] days
}

result-going-on = still going on
result-draw = a draw ({ $reason })
result-won = { $winners } won ({ $reason })

## Playing

no-such-game = there is no game #{ $game } on this server: /games lists yours
no-game-yet = you have no game here yet: start one with /play
which-game = you are in { $count } games ({ $games }): say which with the game option
game-is-over = game #{ $game } is over: { $result }. /play starts a new one
you-are-out = you are out of game #{ $game }: you can still follow it with /board
you-are-not-playing = you are not playing in game #{ $game }
not-your-move = it is { $user }'s move in game #{ $game }, not yours
not-your-move-someone = it is someone else's move in game #{ $game }, not yours
type-a-move = type a move, like { $example }
turn-ends-before = your turn ends with the action before it; send the rest on your next turn
plays = { $user } plays **{ $actions }** in game #{ $game }.
game-over = **Game over**: { $result }.
your-move = { $user }, your move ({ $left } left).
turn-goes-on-or-pass = Your turn goes on: move again, or `/move pass` to end it.
turn-goes-on = Your turn goes on: move again.
resigns = { $user } resigns game #{ $game }
leave-game-ends = { $lead }.
leave-game-goes-on = { $lead } and is out.

draw-offered-already = you have offered a draw already: the others can accept or decline it
no-draw-offer = no draw offer stands in game #{ $game } (a move cancels offers): /draw offer makes one
draw-offers = { $user } offers a draw in game #{ $game }.
button-accept-draw = Accept draw
button-decline = Decline
agreed-already = you have agreed already: waiting for the others
draw-agrees-waiting = { $user } agrees to a draw in game #{ $game }; waiting for the others.
draw-agreed = Draw agreed in game #{ $game }. { $over }
draw-offer-accepted = The draw offer in game #{ $game } was accepted.
draw-offer-withdrawn = The draw offer in game #{ $game } was withdrawn.
draw-withdraws = { $user } withdraws the draw offer in game #{ $game }.
draw-declines = { $user } declines the draw in game #{ $game }. Play on.
draw-offer-declined = The draw offer in game #{ $game } was declined.

takeback-nothing-yet = you have no move to take back yet
takeback-stands = a takeback request stands already: accept it or wait for an answer
takeback-asks = { $user } asks to take back their last turn in game #{ $game }.
takeback-bot-allows = { $bot } allows it.
button-allow-takeback = Allow takeback
no-takeback-request = no takeback request stands in game #{ $game } (a move cancels it)
takeback-own-request = you cannot accept your own request: the other players must
takeback-allows-waiting = { $user } allows the takeback in game #{ $game }; waiting for the others.
takeback-nothing-of-theirs = there is no move of theirs to take back
takeback-across-withdrawal = a player has left the game since that move: a takeback cannot bring them back
takeback-done = Takeback in game #{ $game }: { $undone } undone. { $after }
takeback-allowed = The takeback in game #{ $game } was allowed.

## Challenges

bad-days-per-move = days per move must be one of 1, 2, 3, 5, 7, 10, 14, not { $days }
challenge-yourself = you cannot challenge yourself: name someone else, or leave the opponent out for an open challenge
too-many-opponents = { $game } is for { $seats } players: name at most { $most }
challenge-anyone = anyone
challenge-named-and-more = { $named } and { $open } more
challenge-named = { $named }
challenges = { $user } challenges { $whom } to **{ $game }** · { $days } per move · { $first ->
    [challenger] the challenger moves first
    [opponent] the opponent moves first
   *[random] who moves first is drawn at random
}. (challenge #{ $challenge })
button-accept = Accept
button-cancel = Cancel
no-such-challenge = there is no challenge #{ $challenge } on this server
no-open-challenge = there is no open challenge for you here: /play starts one
which-challenge = several challenges are open ({ $challenges }): say which one
challenge-started-already = challenge #{ $challenge } has already started as game #{ $game }
challenge-was-declined = challenge #{ $challenge } was declined
challenge-was-cancelled = challenge #{ $challenge } was cancelled
challenge-damaged = challenge #{ $challenge } { $why }
challenge-own = this is your own challenge: wait for someone to accept, or cancel it
challenge-accepted-already = you have accepted already: the game starts when every seat is taken
challenge-not-invited = this challenge is for the players it names
challenge-full = every seat of this challenge is taken
challenge-joins = { $user } joins challenge #{ $challenge }: waiting for { $waiting } more.
player-at-seat = { $user } (seat { $seat })
versus = { " vs " }
game-begins = Game **#{ $game }** begins: **{ $title }**, { $players }. { $days } per move.
your-move-now = { $user }, your move.
challenge-accepted = Challenge #{ $challenge } to **{ $title }** was accepted: game **#{ $game }** has begun.
thread-name = { $kind } #{ $game }: { $players }
challenge-no-longer-open = challenge #{ $challenge } is no longer open
challenge-leaves-seat = { $user } leaves their seat in challenge #{ $challenge }: it is open again.
challenge-cancel-your-own = to withdraw your own challenge, cancel it
challenge-decline-not-named = only the players a challenge names can decline it; an open challenge needs no answer
challenge-declines = { $user } declines { $challenger }'s challenge #{ $challenge }.
challenge-declined-by = Challenge #{ $challenge } was declined by { $user }.
challenge-cancel-not-yours = only the challenger can cancel a challenge
challenge-cancelled-by = Challenge #{ $challenge } was cancelled by { $user }.
challenge-cancels = { $user } cancels challenge #{ $challenge }.

## Looking at games

board-to-move = { $user } to move, { $left } left
board-over = over: { $result }
board-status = Game #{ $game } · { $title } · { $status }.
history-header = Game #{ $game } · { $title }
history-result = Result: { $result }.
history-ply = ply { $ply }
board-at-ply = Game #{ $game } · { $title } · ply { $ply } of { $total }: { $turn }
board-ply-turn = { $user } played { $actions }.
board-ply-start = the starting position.
board-no-such-ply = Game #{ $game } has plies 0 to { $total }: choose one of those.
history-no-moves = No moves yet.
list-left-out = … { $count } earlier lines are in the attached { $file }
games-none = { $user } has no game going on here. /play starts one.
games-header = Games of { $user }:
games-your-move = **your move**
games-to-move = { $user } to move
games-over = over
games-line = • #{ $game } { $title } · { $player } vs { $opponents } · { $turn } · { $left } left
games-damaged = • #{ $game } is damaged and left out of this list (an operator can look at it with `boardpost db check`); the games above are not affected
replay-posted = The whole of game #{ $game }, turn by turn.
export-gif-done = Game #{ $game } as an animated replay: a frame per turn, the result at the end.
export-done = The record of game #{ $game }: `boardpost replay` reads it back.
first-player = first player
second-player = second player
leaderboard-empty = No rated { $game } games on this server yet.
leaderboard-header = **{ $game }** ratings on this server:
leaderboard-line = { $user } { $rating } ({ $games } games: { $wins } won, { $draws } drawn, { $losses } lost)

## Settings

setting-on = on
setting-off = off
language-auto = as Discord says
language-name = { $lang ->
    [ru] Russian
   *[en] English
}
server-language-needs-manage-server = only members who can manage this server may set its language
replay-gif-needs-manage-server = only members who can manage this server may turn the posted replays on or off
settings-never-hear = you would never hear of your moves: keep ping_thread or ping_dm on
settings-now = Your settings: ping in the game thread { $ping_thread }, by direct message { $ping_dm }; reminder at half time { $remind_half }, a day before the end { $remind_last_day }; your language: { $language }; this server's language: { $server_language }; replays of finished games posted in their threads { $replay_gif }; puzzle of the day { $puzzle_of_the_day }.
settings-puzzle-in = posted in <#{ $channel }>
puzzle-of-the-day-needs-manage-server = only members who can manage this server may turn the puzzle of the day on or off

## Time limits

ran-out-of-time = ⌛ { $user } ran out of time in game #{ $game }
reminder-last-day = ⏰ { $user }, a day is left for your move in game #{ $game } ({ $left } left).
reminder-half = ⏰ { $user }, half the time for your move in game #{ $game } has gone ({ $left } left).

## Menus

suggest-your-move = your move
suggest-waiting = waiting
suggest-game = #{ $game } { $title } · { $players } · { $turn }

## Lessons (/learn): one player's course through a game's rules; only they see it.

learn-heading = **{ $game } · step { $step } of { $steps }: { $title }**
learn-task = **Task:** { $task }
learn-right = Right: `{ $actions }`. Go on.
learn-reply = The other side answers `{ $actions }`.
learn-solved = Well done: `{ $actions }` does it.
learn-illegal = `{ $action }` cannot be played here: { $why }
learn-missed = Not quite: { $why }
learn-shown = The answer is `{ $line }`. This step counts as shown, not solved.
learn-tally = Solved by you: { $solved } of { $steps }; answers shown: { $shown }. Go on with “Next step” when you are ready.
learn-finished = **You have been through the whole { $game } course.** Solved by you: { $solved } of { $steps }; answers shown: { $shown }. Play a game with /play, or start the course again.
learn-restarted = The course starts again from its first step.
learn-course-changed = The course has changed since your last visit: you go on at step { $step }.
learn-step-changed = This step has changed since your last visit: it starts again from its beginning.
learn-which-game = say which game to learn, like /learn sidja (the games: { $games })
learn-damaged = your { $game } lessons cannot be read right now ({ $why }); your other lessons are not affected
learn-no-course = the { $game } course cannot be shown right now ({ $why })
learn-changed = your course moved on meanwhile (another of your answers came first): /learn shows where you are
learn-old-button = this message is from an earlier point of your course, so nothing changed: /learn shows where you are
learn-solve-first = do this step's task first, or press “Show me” to see the answer
learn-step-done = this step is done: go on with “Next step”
learn-course-done = you have finished this course: “Start again” begins it anew
learn-too-many = an answer holds at most { $most } actions
button-learn-show = Show me
button-learn-next = Next step
button-learn-restart = Start again
learn-other-side = the other side

## Vacations.

vacation-already = you are already on vacation ({ $left } left): `/vacation end` comes back early
vacation-allowance = { $left ->
    [0] you have no vacation days left: this server allows { $allowance } in any 365 days
   *[other] you can take at most { $left } { $left ->
        [one] day
       *[other] days
    } now (this server allows { $allowance } in any 365 days), not { $days }
}
vacation-starts = { $user } is on vacation for { $left }: { $count ->
    [0] no game is waiting for them.
   *[other] the clocks of their games stand still meanwhile ({ $games }).
}
vacation-none = you are not on vacation: `/vacation start days:N` takes one
vacation-ends = { $user } is back from vacation: { $count ->
    [0] no game was waiting for them.
   *[other] their clocks run again ({ $games }).
}
vacation-notice-starts = { $user } is on vacation for { $left }: their clock in game #{ $game } stands still until they are back.
vacation-notice-ends = { $user } is back: their clock in game #{ $game } runs again.
vacation-allowance-needs-manage-server = only members who can manage this server may set its vacation allowance
vacation-allowance-range = an allowance is 0 to { $most } days per 365 days
vacation-allowance-set = Members of this server may now take { $days } { $days ->
    [one] day
   *[other] days
} of vacation in any 365 days.
games-away = { $user } is on vacation ({ $left } left)

## Conditional moves.

premove-two-players = conditional moves are for games of two: game #{ $game } has more players
premove-bot = the bot answers at once in game #{ $game }: there is nothing to wait for
premove-your-move = it is your move in game #{ $game }: play it with /move; a conditional line begins with your opponent's next move
premove-empty = type a line: your opponent's move, then your answer, like `{ $example } …`
premove-too-long = a line has at most { $most } actions
premove-too-many = you keep { $most } lines in game #{ $game } already: `/premove cancel` makes room
premove-over-before = the game is over before it
premove-no-answer = the line gives no answer of yours: after { $theirs }, add what you play
premove-ends-with-theirs = the line ends with your opponent's { $text }: end it with your answer, or leave that move out
premove-ends-mid-turn = the line ends in the middle of your turn: add the rest of it
premove-moved-on = game #{ $game } changed meanwhile: look at the board and send the line again
premove-step = if **{ $theirs }**, then **{ $yours }**
premove-stored = Stored for game #{ $game }: { $line }. { $count ->
    [1] It is your only line there.
   *[other] You keep { $count } lines there; the longest one that matches plays.
} `/premove list` shows them, `/premove cancel` takes them back.
premove-list = Your conditional lines in game #{ $game } (the longest one that matches plays):
premove-list-none = you keep no conditional lines in game #{ $game }: `/premove add line:…` stores one
premove-no-such-line = you keep no line { $number } in game #{ $game }: `/premove list` numbers them
premove-cancelled = { $count ->
    [0] You kept no conditional lines in game #{ $game }.
    [one] The line is cancelled in game #{ $game }.
   *[other] { $count } lines are cancelled in game #{ $game }.
}
premove-answered = { $user }'s conditional move answers **{ $actions }**.
