## Words on the board images.

render-seat = Seat { $seat }
render-ply = ply { $ply }
render-draw = Draw
render-and = { " and " }
render-wins = { $count ->
    [one] wins
   *[other] win
}
# After the result, why (the dash as each language sets it).
render-result-reason = – { $reason }
render-last = last:
render-to-move = to move
render-to-place = to place
render-to-move-in-check = to move, in check

render-in-hand-captured = { $hand } in hand · { $captured } captured
render-on-board-captured = { $board } on board · { $captured } captured
render-sidja-title = Sidja · { $variant } · { $size }x{ $size } · drop { $drop }
render-sidja-cross = { " · cross" }
render-sidja-chain-2 = { " · chain 2" }
render-sidja-blocked-loses = { " · blocked loses" }

render-yote-title = Yote · 6x5
render-yote-detail = { $reserve } in reserve · { $board } on board · { $captured } captured
render-in-reserve = in reserve

render-banglagor-title = Banglagor
render-legend-bound = bound
render-legend-attacked = attacked
render-legend-last-path = last path
render-legend-height = number = height
render-height = height { $height }
render-height-to-place = height { $height } · { $left } to place
render-height-bound = height { $height } · { $bound } bound

render-xiangqi-title = Xiangqi
render-xiangqi-side = { $side ->
    [red] red
   *[black] black
}
render-xiangqi-side-took = { render-xiangqi-side } · took { $taken }

render-xiangqi4-title = Four-player xiangqi · { $mode ->
    [teams] teams
   *[ffa] ffa
}
render-army-out = out
render-army-wins = wins
render-army-draw = draw
render-army-to-move-in-check = to move, in check
render-army-in-check = in check
render-army-to-move = to move
render-with-partner = with
render-reserve-none = reserve: none
render-reserve = reserve

## The first frame of a game's animated replay.

render-gif-turns = { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}

## A tournament's crosstable image.

render-ct-title = Tournament #{ $tournament } · { $game }
render-ct-games-over = { $over } of { $games } { $games ->
    [one] game
   *[other] games
} over
render-ct-round = after round { $round } of { $rounds }
render-ct-page = page { $page } of { $pages }
render-ct-final = final
render-ct-player = Player
render-ct-points = Pts
render-ct-round-column = R{ $round }
render-ct-tie-break = { $name ->
    [sb] SB
    [de] DE
    [win] Wins
    [bh] BH
   *[bh_c1] BH-C1
}
render-ct-white = W
render-ct-black = B
render-ct-forfeit = F
render-ct-bye = bye
render-ct-note-struck = * { $name } withdrew with fewer than half of their games finished: all their results are struck out.
render-ct-note-withdrew = * { $name } withdrew: their results stand, the games left are lost by forfeit.
render-ct-note-withdrew-swiss = * { $name } withdrew: their results stand, and they are not paired again.
render-ct-note-out-of-time = * { $name } ran out of time in every game: their results stand.
render-ct-legend-round-robin = 1 win · ½ draw · 0 loss · + and – decided without play · SB Sonneborn–Berger · DE direct encounter
render-ct-legend-swiss = +12W win with white against place 12 · ½ draw · – loss · F without play · BH Buchholz, BH-C1 the lowest cut
