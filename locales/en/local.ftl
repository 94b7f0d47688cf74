## `boardpost local`: the terminal front end.

local-help =
    Commands (as on Discord):
      /as NAME                       be NAME from now on
      /play GAME [@user] [key=value]… [days=3] [first=me|them|random]
                                     options:{ $options }
      /play GAME @boardpost [level=1…5] [bot_seats=N]   play the bot (it answers at once)
      /hint [#game]  /analyse [#game]   a hint against the bot; a finished game reviewed
      /accept [#challenge]  /decline [#challenge]  /cancel [#challenge]
      /move [#game] TEXT             e.g. /move c1 d2
      /board [#game] [ply=N]  /history [#game]  /games [@user]  /export [#game]
      /resign [#game]  /draw offer|accept|decline [#game]  /takeback request|accept [#game]
      /rules GAME  /leaderboard GAME  /settings [ping_thread=on|off] [ping_dm=…] [remind_half=…] [remind_last_day=…] [language=en|ru|auto] [server_language=…]
      /vacation start DAYS  /vacation end  /vacation allowance DAYS   pause your clocks
      /premove add [#game] THEIRS YOURS …  /premove list [#game]  /premove cancel [N] [#game]
                                     conditional moves, played when your opponent plays as foreseen
      /tournament create GAME [key=value]… [format=round_robin|double|swiss] [rounds=N] [days=3]
                  players=N start=organiser|full rated=yes|no bye=1|0.5|0 (each optional)
      /tournament join [#t] [@boardpost]  /tournament leave|start|export [#t]
      /tournament pairings [#t] [ROUND]  /tournament standings [#t] [PAGE]
      /tournament withdraw [#t] [@user]  /tournament list [#t]
                                     tournaments: round-robin (all games at once) or Swiss
      /learn GAME [MOVE]  /learn show|next|restart [GAME]
                                     lessons: a game's rules step by step
      /puzzle [GAME] [MOVE]  /puzzle show  /puzzle next   puzzles: find the move that wins (rated)
      /puzzle mistakes #game         your missed wins in a finished game, as your own puzzles
      /settings puzzle_of_the_day=on  /puzzle daily   a puzzle posted every day, and today's opened
      /wait 2d                       move the clock forward (also 12h, 30m)
      /help  /quit
local-cmd-accept = accept
local-cmd-decline = decline
local-cmd-cancel = cancel
local-cmd-as = as
local-word-show = show
local-word-next = next
local-word-mistakes = mistakes
local-word-daily = daily
local-puzzle-mistakes-which = which game's mistakes? `/puzzle mistakes #12`
local-cmd-wait = wait
local-cmd-help = help
local-cmd-quit = quit
local-word-on = on
local-word-off = off
local-welcome = boardpost local: the bot's commands in a terminal. /help lists them; start with /as NAME.
local-nobody = nobody
local-not-text = that line is not text (UTF-8): type the command again
local-line-too-long = that line is longer than any command ({ $most } KB): type the command again
local-as-who = say who you are: /as alice
local-you-are = You are { $name }.
local-wait-how-long = say how long: /wait 2d (or 12h, 30m)
local-wait-too-far = that is too far ahead: the clock may run at most a hundred years ahead
local-clock-moves = The clock moves forward { $span }.
local-file-not-saved = the file { $name } could not be saved: { $why }
local-who-first = first say who you are: /as alice
local-play-which = say which game: /play sidja @bob
local-ply-number = ply= takes a number of plies: 0 for the start, 12 for the position after twelve
local-board-usage = /board [#game] [ply=N]: ply=0 shows the start, ply=12 the position after twelve plies (ply:12 works too)
local-days-number = days= takes a number of days: 1, 2, 3, 5, 7, 10 or 14
local-first-values = first= is me, them or random
local-draw-usage = /draw offer, /draw accept or /draw decline
local-takeback-usage = /takeback request or /takeback accept
local-settings-usage = settings are key=on|off, like ping_dm=on
local-setting-on-off = a setting is on or off
local-language-values = a language is en, ru or auto
local-settings-keys = settings: ping_thread, ping_dm, remind_half, remind_last_day, language, server_language, replay_gif, puzzle_of_the_day
local-no-command = there is no command { $command }: /help lists them
local-only-you = (only you see this)
local-buttons = buttons: { $buttons } (type the command shown after each)
local-thread = (on Discord the game gets its own thread: { $name })
local-vacation-usage = /vacation start DAYS, /vacation end, or /vacation allowance DAYS
local-premove-usage = /premove add THEIR-MOVE YOUR-ANSWER …, /premove list, or /premove cancel [N]
local-cmd-tournament = tournament
local-learn-usage = /learn GAME starts or resumes its lessons; /learn GAME MOVE answers; /learn show, /learn next, /learn restart GAME
local-tournament-create = create
local-tournament-join = join
local-tournament-leave = leave
local-tournament-start = start
local-tournament-pairings = pairings
local-tournament-standings = standings
local-tournament-withdraw = withdraw
local-tournament-list = list
local-tournament-export = export
local-tournament-format = format
local-tournament-rounds = rounds
local-tournament-players = players
local-tournament-start-key = start
local-tournament-rated = rated
local-tournament-bye = bye
local-tournament-round = round
local-tournament-round-robin = round_robin
local-tournament-double = double
local-tournament-swiss = swiss
local-tournament-when-full = full
local-tournament-organiser = organiser
local-tournament-yes = yes
local-tournament-no = no
local-tournament-number = “{ $value }” is not a number
local-tournament-usage = /tournament create GAME [format=round_robin|double|swiss] [rounds=N] [days=N] [players=N] [start=organiser|full] [rated=yes|no] [bye=1|0.5|0], or /tournament join|leave|start|pairings|standings|withdraw|list|export [#N]
local-tournament-format-values = format= is round_robin, double or swiss
local-tournament-start-values = start= is organiser or full
local-tournament-rated-values = rated= is yes or no
local-tournament-bye-values = bye= is 1, 0.5 or 0
