## Slash commands: each command's description (cmd-NAME) and name (cmd-NAME-name, as
## typed: the English names are the commands' own), each option's description and name
## (opt-NAME-name), and the names of choices.

cmd-play-name = play
cmd-play = Challenge someone (or anyone) to a game
cmd-move-name = move
cmd-move = Make your move, like c1 d2 or b3-c3
cmd-board-name = board
cmd-board = Show a game's board
cmd-history-name = history
cmd-history = A game's moves so far
cmd-games-name = games
cmd-games = Games going on, with whose turn it is
cmd-resign-name = resign
cmd-resign = Resign a game
cmd-draw-name = draw
cmd-draw = Offer, accept or decline a draw
cmd-takeback-name = takeback
cmd-takeback = Ask to take back your last turn, or allow it
cmd-rules-name = rules
cmd-rules = Rules and notation of a game
cmd-settings-name = settings
cmd-settings = How you are pinged and reminded, and in which language
cmd-leaderboard-name = leaderboard
cmd-leaderboard = Ratings of a game on this server
cmd-export-name = export
cmd-export = A game's record as a text file (boardpost replay reads it)

opt-game-name = game
opt-play-game = The game
opt-rules-game = The game
opt-leaderboard-game = The game
opt-game-id-name = game
opt-format-name = format
opt-export-format = Text (the record, default) or gif (an animated replay)
choice-format = { $format ->
    [gif] animated GIF
   *[text] text record
}
opt-ply-name = ply
opt-board-ply = Show the position after this many plies (0 is the start)
opt-game-id = Which game (optional inside a game's thread)
opt-opponent-name = opponent
opt-opponent = Who you challenge (leave out: anyone may accept)
opt-opponent2-name = opponent2
opt-opponent2 = Four-player xiangqi: a second opponent (or leave the seat open)
opt-opponent3-name = opponent3
opt-opponent3 = Four-player xiangqi: a third opponent (or leave the seat open)
opt-days_per_move-name = days_per_move
opt-days-per-move = Days each move may take (default 3)
opt-first-name = first
opt-first = Who moves first (default: random)
choice-first = { $who ->
    [challenger] me
    [opponent] my opponent
   *[random] random
}
opt-variant-name = variant
opt-size-name = size
opt-drop-name = drop
opt-opening-name = opening
opt-chain-name = chain
opt-blocked-name = blocked
opt-mode-name = mode
option-of-game = { $whose }: { $about }
option-only-with = { $value } only
opt-text-name = text
opt-move-text = Your move (start typing: the legal ones are offered)
opt-user-name = user
opt-games-user = Whose games (default: yours)
opt-offer-name = offer
sub-draw-offer = Offer a draw
opt-accept-name = accept
sub-draw-accept = Accept the draw offered
opt-decline-name = decline
sub-draw-decline = Decline (or withdraw) the draw offered
opt-request-name = request
sub-takeback-request = Ask to take back your last turn
sub-takeback-accept = Allow the takeback asked for
opt-ping_thread-name = ping_thread
opt-ping-thread = Ping me in the game's thread
opt-ping_dm-name = ping_dm
opt-ping-dm = Send me a direct message
opt-remind_half-name = remind_half
opt-remind-half = Remind me when half my time has gone
opt-remind_last_day-name = remind_last_day
opt-remind-last-day = Remind me a day before my time runs out
opt-language-name = language
opt-language = The language the bot speaks to you (auto: as Discord says)
opt-server_language-name = server_language
opt-replay_gif-name = replay_gif
opt-replay-gif = Post an animated replay in a game's thread when it ends (needs Manage Server)
opt-puzzle_of_the_day-name = puzzle_of_the_day
opt-puzzle-of-the-day = Post a puzzle every day in this channel (needs Manage Server)
opt-server-language = This server's language for games and results (needs Manage Server)
choice-language = { $code ->
    [en] English
    [ru] Русский
   *[auto] auto (as Discord says)
}

## What the Discord front end says itself.

discord-servers-only = boardpost plays in servers: use its commands in a server channel
discord-choose-draw = choose /draw offer, accept or decline
discord-choose-takeback = choose /takeback request or accept
discord-no-such-command = boardpost has no command /{ $command } (any more): try /play or /games
discord-old-button = this button is from an older version of boardpost: use the slash commands instead

## Permissions the bot lacks in a channel (named as Discord names them).

perm-view-channel = View Channel
perm-view-channel-without = reminders and results on time cannot be posted here
perm-send-messages = Send Messages
perm-send-messages-without = reminders and results on time cannot be posted here (players who turn on direct messages with /settings still get them)
perm-create-public-threads = Create Public Threads
perm-create-public-threads-without = the game plays in this channel instead of a thread of its own
perm-send-messages-in-threads = Send Messages in Threads
perm-send-messages-in-threads-without = the game plays in this channel instead of a thread of its own
perm-missing = ⚠️ I lack { $names } in this channel: { $effects }. A moderator can grant { $count ->
    [one] it
   *[other] them
} to me here.

## The bot as a player.

cmd-hint-name = hint
cmd-hint = In a game against the bot: the action it suggests for you, and why
cmd-analyse-name = analyse
cmd-analyse = A finished game reviewed by the bot: its mistakes, the better actions, a graph
opt-level-name = level
opt-level = The bot's level when it plays: 1 (a beginner) to 5 (its best); default 3
opt-bot_seats-name = bot_seats
opt-bot-seats = How many seats the bot fills (four players: the rest stay open to people)
choice-level = { $level ->
    [1] 1: beginner
    [2] 2: casual
    [3] 3: club player
    [4] 4: strong
   *[5] 5: its best
}

## Lessons.

cmd-learn-name = learn
cmd-learn = Interactive lessons: a game's rules step by step on small positions (only you see them)
opt-learn-game = The game to learn
opt-move-name = move
opt-learn-move = Your answer to the step (start typing: the legal moves are offered)
opt-restart-name = restart
opt-learn-restart = Start the course again from its first step

## Vacations.

cmd-vacation-name = vacation
cmd-vacation = Pause the clocks of all your games on this server for some days
opt-start-name = start
sub-vacation-start = Go on vacation: your clocks stand still for the days you give
opt-end-name = end
sub-vacation-end = Come back early: your clocks run again
opt-allowance-name = allowance
sub-vacation-allowance = Vacation days members may take in any 365 days (Manage Server)
opt-days-name = days
opt-vacation-days = How many days
discord-choose-vacation = choose what to do: /vacation start, end or allowance

## Conditional moves.

cmd-premove-name = premove
cmd-premove = Conditional moves: answers played for you when your opponent plays as you foresaw
opt-add-name = add
sub-premove-add = Store a line: your opponent's next move, your answer, and on (two-player games)
opt-line-name = line
opt-premove-line = Their move, your answer, …: "h9-g7 b1-c3 h0-g2 c3-d5"
opt-list-name = list
sub-premove-list = Your stored lines in a game
opt-cancel-name = cancel
sub-premove-cancel = Cancel one of your lines (its number in the list), or all of them
opt-number-name = number
opt-premove-number = The line's number in /premove list (all lines if left out)
discord-choose-premove = choose what to do: /premove add, list or cancel

## Tournaments.

cmd-tournament-name = tournament
cmd-tournament = Tournaments of this server: round robins and Swiss events
opt-create-name = create
sub-tournament-create = Open a tournament for players to enter
opt-join-name = join
sub-tournament-join = Enter a tournament (the organiser may enter the bot)
opt-leave-name = leave
sub-tournament-leave = Leave a tournament before it starts
sub-tournament-start = Start a tournament: its first games begin (organiser)
opt-pairings-name = pairings
sub-tournament-pairings = A round's pairings and results
opt-standings-name = standings
sub-tournament-standings = The standings, with their tie-breaks
opt-withdraw-name = withdraw
sub-tournament-withdraw = Withdraw from a tournament under way (the organiser may remove a player)
sub-tournament-list = This server's tournaments, newest first
opt-export-name = export
sub-tournament-export = A tournament as a TRF-16 file, for FIDE's pairing programs
opt-tournament-name = tournament
opt-tournament = Which tournament (start typing: this server's are offered)
opt-tournament-before = Show those older than this tournament
opt-tournament-game = The game
opt-tournament-format = Round robin (default), double round robin, or Swiss
choice-tournament-format = { $format ->
    [double_round_robin] double round robin
    [swiss] Swiss
   *[round_robin] round robin
}
opt-rounds-name = rounds
opt-tournament-rounds = A Swiss event's rounds
opt-players-name = players
opt-tournament-players = The entry limit (default 8; 64 for a Swiss)
opt-start_rule-name = start
opt-tournament-start = When it starts (default: when the organiser says so)
choice-tournament-start = { $rule ->
    [full] as soon as it is full
   *[organiser] when the organiser says so
}
opt-rated-name = rated
opt-tournament-rated = Whether its games count for the ratings (default: yes)
opt-bye-name = bye
opt-tournament-bye = What a Swiss event's bye scores (default 1)
choice-tournament-bye = { $score ->
    [0.5] ½ point
    [0] nothing
   *[1] 1 point
}
opt-round-name = round
opt-tournament-round = Which round (default: the one going on)
opt-page-name = page
opt-tournament-page = Which page of a Swiss event's standings (20 players a page)
opt-player-name = player
opt-tournament-join-player = The bot, entered by the organiser (leave out to enter yourself)
opt-tournament-withdraw-player = A player the organiser removes (leave out to withdraw yourself)
discord-choose-tournament = choose what to do: /tournament create, join, leave, start, pairings, standings, withdraw, list or export
