## The games: names, titles, options, results, and what moves do.

game-name = { $game ->
    [sidja] Sidja
    [yote] Yoté
    [banglagor] Banglagor
    [xiangqi] Xiangqi
    [xiangqi4] Four-player xiangqi
   *[other] { $game }
}

# A game's short title: its name as typed, then its options.
title-plain = { $game }
title-with-options = { title-plain } ({ $options })
title-sidja-variant-sudan = sudan
title-sidja-variant-sidja = sidja
title-sidja-variant-seega = seega
title-sidja-size-5 = 5×5
title-sidja-size-7 = 7×7
title-sidja-size-9 = 9×9
title-sidja-drop-1 = drop 1
title-sidja-drop-2 = drop 2
title-sidja-opening-plain = plain opening
title-sidja-opening-cross = cross opening
title-sidja-chain-all = all captures in a row
title-sidja-chain-2 = two captures at most
title-sidja-blocked-pass = blocked passes
title-sidja-blocked-lose = blocked loses
title-xiangqi4-mode-ffa = ffa
title-xiangqi4-mode-teams = teams

# What each option does (after the game's name in /play) and what menus call its values.
option-sidja-variant = sudan (default), sidja or seega
option-sidja-variant-sudan = sudan
option-sidja-variant-sidja = sidja
option-sidja-variant-seega = seega
option-sidja-size = board size (default 5)
option-sidja-size-5 = 5×5
option-sidja-size-7 = 7×7
option-sidja-size-9 = 9×9
option-sidja-drop = stones placed per turn (default 2)
option-sidja-drop-1 = 1
option-sidja-drop-2 = 2
option-sidja-opening = an empty board (default) or four stones as a cross
option-sidja-opening-plain = plain
option-sidja-opening-cross = cross
option-sidja-chain = captures in a row, all the stone can (default) or two at most
option-sidja-chain-all = all
option-sidja-chain-2 = two at most
option-sidja-blocked = a player who cannot move passes (default) or loses
option-sidja-blocked-pass = passes
option-sidja-blocked-lose = loses
option-xiangqi4-mode = everyone for themselves (default) or teams
option-xiangqi4-mode-ffa = free for all
option-xiangqi4-mode-teams = teams (red+yellow vs black+green)

options-known = { $options }
options-and-for = , and for { $value } { $options }

## Results.

reason-one-stone-left = one stone left
reason-no-pieces-left = no pieces left
reason-two-against-one = two pieces against one
reason-no-capture-or-drop = no capture or drop for too long
reason-half-height = less than half the height
reason-no-invasion = no move onto enemy land for 10 rounds
reason-checkmate = checkmate
reason-no-legal-move = no legal move
reason-perpetual-check = perpetual check
reason-repetition = threefold repetition
reason-sixty-moves = 60 moves without a capture
reason-stall = no capture for too long
reason-both-blocked = both players blocked
reason-cannot-move = cannot move
reason-last-standing = last player left
reason-team-won = both opponents eliminated
reason-fifty-rounds = 50 rounds without a capture or elimination
reason-resigned = resignation
reason-timeout = time ran out
reason-agreed = agreed draw

outcome-draw = draw ({ $reason })
outcome-seat-wins = seat { $seat } wins ({ $reason })
outcome-seats-win = seats { $seats } win ({ $reason })

## What a move did, or would do.

preview-captures = captures { $squares }
preview-ends-turn = end your turn
preview-step-no-capture = a step, no capture

sidja-note-passes = seat { $seat } cannot move and passes
sidja-note-declines-extra-move = seat { $seat } declines the extra move
sidja-note-captures = `{ $action }` captures { $squares }
sidja-preview-places = places a stone

yote-captures-and-removes = captures { $squares }, removes { $bonus }
yote-note-passes = seat { $seat } has no legal action and passes
yote-note-captures = `{ $action }` { $what }
yote-preview-passes = passes
yote-preview-drops = drops a piece
yote-preview-steps = a step

banglagor-attack-removes = removes { $target } (strength { $strength } against { $height })
banglagor-attack-binds = binds { $target } (strength { $strength } against { $height })
banglagor-note-passes = seat { $seat } cannot move and passes
banglagor-note-attack = `{ $action }` { $what }
banglagor-preview-removes = removes { $target }
banglagor-preview-binds = binds { $target }
banglagor-preview-passes = pass
banglagor-preview-places = places a column
banglagor-preview-frees = frees { $square }
banglagor-preview-moves = a move
banglagor-preview-relocates = a relocation

## Xiangqi pieces, by letter ($kind) and side ($side).

xq-piece = { $kind ->
    [K] general
    [A] advisor
    [E] elephant
    [H] horse
    [R] rook
    [C] cannon
   *[P] pawn
}
xq-piece-a = { $kind ->
    [A] an advisor
    [E] an elephant
   *[other] a { xq-piece }
}
xq-pieces = { $kind ->
    [K] generals
    [A] advisors
    [E] elephants
    [H] horses
    [R] rooks
    [C] cannons
   *[P] pawns
}
xq-side = { $side ->
    [red] red
   *[black] black
}

# Grammatical forms other languages need (English names a piece, side or army one way).
xq-piece-gen = { xq-piece }
xq-piece-acc = { xq-piece }
xq-pieces-gen = { xq-pieces }
xq-side-gen = { xq-side }
xq-side-dat = { xq-side }
army-gen = { army }
army-dat = { army }

xiangqi-takes = takes the { xq-piece } on { $at }
xiangqi-check = check
xiangqi-checkmate = checkmate
xiangqi-leaves-no-move = leaves { xq-side } no legal move
xiangqi-note = `{ $mv }` { $effects }
xiangqi-preview = { $effects }
xiangqi-quiet-move = a quiet move

## Four-player xiangqi: armies by key ($army: red, black, yellow, green).

army = { $army ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
}

xiangqi4-takes = takes { army }'s { xq-piece } on { $at }
xiangqi4-check-to = check to { $armies }
xiangqi4-check-to-army = { army }
xiangqi4-note = `{ $action }` { $effects }
xiangqi4-preview = { $effects }
xiangqi4-preview-drop = drop
xiangqi4-preview-move = a move
xiangqi4-preview-out = { army } is out

xiangqi4-out-resigned = { army } resigns and is out of the game
xiangqi4-out-timeout = { army }'s time ran out: { army } is out of the game
xiangqi4-out-mated-by = { army } is eliminated (mated by { $by ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
})
xiangqi4-out-mated = { army } is eliminated (mated)
xiangqi4-out-stalemated-by = { army } is eliminated (stalemated, credited to { $by ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
})
xiangqi4-out-stalemated = { army } is eliminated (stalemated)
xiangqi4-out-general-captured-by = { army } is eliminated ({ $by ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
} captured the general)
xiangqi4-out-general-captured = { army } is eliminated (general captured)
xiangqi4-out-with-transfer = { $out }; { $by ->
    [red] Red
    [black] Black
    [yellow] Yellow
   *[green] Green
} takes { $pieces } into reserve

## Why the bot chose an action.

why-only-action = the only legal action
why-wins = it wins at once
why-wins-in = it forces a win in { $plies } { $plies ->
    [one] action
   *[other] actions
}
why-holds-out = every action loses; this one holds out longest ({ $plies } { $plies ->
    [one] action
   *[other] actions
})
why-draws = it draws at once
why-captures = it captures { $count } { $count ->
    [one] piece
   *[other] pieces
}
why-checks = it gives check
why-threatens = it threatens { $at }
why-develops = it brings a piece into play
why-hunch = a hunch
why-best-eval = the best position the search found: { $outlook ->
    [much-worse] much worse for whoever plays it
    [worse] worse for whoever plays it
    [little-worse] a little worse for whoever plays it
    [little-better] a little better for whoever plays it
    [better] better for whoever plays it
    [much-better] much better for whoever plays it
   *[even] about even
}
