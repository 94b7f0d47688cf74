## Tournaments: round-robin sections and Swiss events. Mentions ($user) show as names.

error-damaged-tournament = tournament #{ $tournament } is damaged and cannot be used right now ({ $why }); other tournaments are not affected
no-such-tournament = there is no tournament #{ $tournament } on this server: /tournament list shows them
no-tournament-here = no tournament here fits: name one by its number (/tournament list shows them)
which-tournament = several tournaments fit ({ $tournaments }): say which by its number

## Making one, entering, starting

tournament-two-players-only = tournaments are played in games of two, and { $game } is not one
tournament-rounds-range = a Swiss of { $rounds } rounds? Choose 1 to { $most }
tournament-rounds-needed = a Swiss needs its number of rounds (rounds=5)
tournament-rounds-swiss-only = only a Swiss has a set number of rounds: a round-robin's follows from its players
tournament-bye-swiss-only = only a Swiss has a pairing bye to score
tournament-limit-range = an entry limit of { $players }? Choose 2 to { $most } players
tournament-format-round-robin = round-robin
tournament-format-double = double round-robin
tournament-format-swiss = Swiss, { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}
tournament-starts-by-organiser = { $user } starts it with /tournament start
tournament-starts-when-full = it starts when full
tournament-created = { $user } opens **tournament #{ $tournament }**: { $title }, { $format }, { $days } per move, up to { $players } players, { $rated ->
    [yes] rated
   *[other] unrated
}; { $starts }. Enter with /tournament join.
tournament-organiser-only = only the organiser of tournament #{ $tournament } (or someone who manages the server) may do that
tournament-join-yourself = players enter themselves; the organiser may enter only the bot
tournament-already-in = already in tournament #{ $tournament }
tournament-full = tournament #{ $tournament } is full
tournament-not-open = tournament #{ $tournament } is no longer taking entries
tournament-joins = { $user } enters tournament #{ $tournament } ({ $players } of { $most }).
tournament-leaves = { $user } leaves tournament #{ $tournament }.
tournament-not-in = you are not in tournament #{ $tournament }
tournament-leave-started = tournament #{ $tournament } has started: /tournament withdraw leaves it
tournament-too-few = tournament #{ $tournament } needs at least { $needed } players to start, and has { $players }
tournament-cannot-pair = the pairing cannot be made ({ $why })
tournament-changed = tournament #{ $tournament } changed meanwhile (someone entered or left): try again
tournament-started = **Tournament #{ $tournament } starts**: { $players } players, { $games } { $games ->
    [one] game
   *[other] games
} (#{ $first } to #{ $last }){ $swiss ->
    [yes] {" "}in round 1
   *[other] , all at once
}. /tournament pairings shows them.
tournament-game-begins = **Tournament #{ $tournament }**, round { $round }: game **#{ $game }** begins, { $title }: { $white } (first) vs { $black }. { $days } per move.

## Pairings and standings

tournament-not-started = tournament #{ $tournament } has not started yet
tournament-no-such-round = tournament #{ $tournament } has no round { $round } ({ $paired } paired so far)
pairings-header = **Tournament #{ $tournament }**, round { $round } of { $rounds }:
pairing-line = { $board }. { $white } – { $black }: { $result } (game #{ $game })
pairing-bye = { $board }. { $user }: bye
pairing-result = { $result ->
    [white] 1–0
    [black] 0–1
    [draw] ½–½
    [white_forfeit] +/− (no game)
    [black_forfeit] −/+ (no game)
    [struck] struck out
   *[going_on] playing
}
standings-header = **Standings of tournament #{ $tournament }** { $swiss ->
    [yes] after { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }
   *[other] with { $over } of { $games } games over
}{ $finished ->
    [yes] {" "}(final)
   *[other] {""}
}:
standings-line = { $place }. { $user }: { $points } ({ $tie_breaks })
tie-break-value = { $name ->
    [sb] SB
    [de] DE
    [win] wins
    [bh] BH
   *[bh_c1] BH-C1
} { $value }
tie-break-count = { $number }
two-decimals = { $whole }.{ $hundredths }
standings-withdrew = withdrew
standings-out-of-time = out of time in every game
standings-struck-out = results struck out
standings-more = … and { $count } more: /tournament standings #{ $tournament }
tournament-round-over = **Tournament #{ $tournament }**: round { $round } of { $rounds } is over.
tournament-over = **Tournament #{ $tournament } is over.** { $winners ->
    [1] Winner: { $winner }.
   *[other] Winners, sharing first place: { $winner }.
}
tournament-game-result = **Tournament #{ $tournament }**: game #{ $game } is over, { $white } – { $black } { $result }; { $over } of { $games } games over.
tournament-no-such-page = the standings of tournament #{ $tournament } have { $pages } { $pages ->
    [one] page
   *[other] pages
}
tournament-no-more-pairings = No further round can be paired: the tournament ends with the rounds played.
tournament-exported = Tournament #{ $tournament } in FIDE's TRF-16: { $rounds } of { $paired } paired { $paired ->
    [one] round
   *[other] rounds
} with every result known.

## Withdrawals

tournament-withdraw-not-running = tournament #{ $tournament } is not going on: before the start, /tournament leave
tournament-player-not-in = { $user } does not play in tournament #{ $tournament }
tournament-withdrawn-already = { $user } has withdrawn from tournament #{ $tournament } already
tournament-results-stand = at least half of their games are finished, so their results stand{ $forfeited ->
    [0] {""}
    [one] , and one game is lost by forfeit
   *[other] , and { $forfeited } games are lost by forfeit
}
tournament-results-struck = fewer than half of their games are finished, so all their results are struck out
tournament-not-paired-again = they are not paired again
tournament-game-forfeited = Game #{ $game } is over: { $user } has left tournament #{ $tournament }, { $result }.
tournament-withdraws = { $user } withdraws from tournament #{ $tournament }: { $rule }.

## The server's tournaments

tournament-none = no tournaments on this server yet: /tournament create makes one
tournament-list-header = **Tournaments of this server**, newest first:
tournament-list-line = #{ $tournament } { $game }, { $format }: { $players } of { $most } players, { $state ->
    [open] taking entries
    [finished] finished
   *[running] going on
}; organiser { $organiser }
tournament-list-damaged = #{ $tournament }: damaged, left out (`boardpost db check` says why)
tournament-list-more = Older ones: /tournament list #{ $before }
tournament-thread-name = Tournament #{ $tournament } · { $game }
suggest-tournament = #{ $tournament } { $game } · { $format } · { $state ->
    [open] taking entries
    [finished] finished
   *[running] going on
}
