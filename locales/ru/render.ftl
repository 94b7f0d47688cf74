## Слова на изображениях доски.

render-seat = Игрок { $seat }
render-ply = полуход { $ply }
render-draw = Ничья
render-and = { " и " }
render-wins = { $count ->
    [one] побеждает
   *[other] побеждают
}
# После итога — его причина, через тире с пробелами.
render-result-reason = — { $reason }
render-last = последний ход:
render-to-move = ходит
render-to-place = ставит
render-to-move-in-check = ходит, шах

render-in-hand-captured = в руке { $hand } · взято { $captured }
render-on-board-captured = на доске { $board } · взято { $captured }
# Вариант даёт и название игры: «Суданская сиджа», «Сиджа», «Сига».
render-sidja-title = { $variant ->
    [sudan] Суданская сиджа
    [sidja] Сиджа
   *[seega] Сига
} · { $size }×{ $size } · по { $drop }
render-sidja-cross = { " · крест" }
render-sidja-chain-2 = { " · 2 взятия" }
render-sidja-blocked-loses = { " · пат — проигрыш" }

render-yote-title = Йотай · 6×5
render-yote-detail = в запасе { $reserve } · на доске { $board } · взято { $captured }
render-in-reserve = в запасе

render-banglagor-title = Банглагор
render-legend-bound = связан
render-legend-attacked = атакован
render-legend-last-path = последний путь
render-legend-height = число = высота
render-height = высота { $height }
render-height-to-place = высота { $height } · поставить ещё { $left }
render-height-bound = высота { $height } · связано { $bound }

render-xiangqi-title = Сянци
render-xiangqi-side = { $side ->
    [red] красные
   *[black] чёрные
}
render-xiangqi-side-took = { render-xiangqi-side } · взяли { $taken }

render-xiangqi4-title = Сянци вчетвером · { $mode ->
    [teams] команды
   *[ffa] каждый за себя
}
render-army-out = выбыли
render-army-wins = победа
render-army-draw = ничья
render-army-to-move-in-check = ходят, шах
render-army-in-check = шах
render-army-to-move = ходят
render-with-partner = партнёр:
render-reserve-none = запас: пусто
render-reserve = запас

## Первый кадр анимированной записи партии.

render-gif-turns = { $turns } { $turns ->
    [one] ход
    [few] хода
   *[many] ходов
}

## Турнирная таблица (изображение).

render-ct-title = Турнир #{ $tournament } · { $game }
render-ct-games-over = окончено партий: { $over } из { $games }
render-ct-round = после тура { $round } из { $rounds }
render-ct-page = страница { $page } из { $pages }
render-ct-final = итог
render-ct-player = Участник
render-ct-points = Очки
render-ct-round-column = Т{ $round }
render-ct-tie-break = { $name ->
    [sb] Берг.
    [de] ЛВ
    [win] Поб.
    [bh] Бх
   *[bh_c1] Бх-1
}
render-ct-white = Б
render-ct-black = Ч
render-ct-forfeit = н
render-ct-bye = своб.
render-ct-note-struck = * { $name }: вне турнира, окончено меньше половины партий — все результаты аннулированы.
render-ct-note-withdrew = * { $name }: вне турнира, результаты сохранены, оставшиеся партии проиграны без игры.
render-ct-note-withdrew-swiss = * { $name }: вне турнира, результаты сохранены, в следующих турах пар не получает.
render-ct-note-out-of-time = * { $name }: время вышло во всех партиях, результаты сохранены.
render-ct-legend-round-robin = 1 победа · ½ ничья · 0 поражение · + и – без игры · Берг. — Зонненборн–Бергер · ЛВ — личные встречи
render-ct-legend-swiss = +12Б победа белыми над 12-м местом · ½ ничья · – поражение · н без игры · Бх Бухгольц, Бх-1 без худшего
