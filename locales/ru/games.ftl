## Игры: названия, заголовки, настройки, итоги и что делают ходы.

game-name = { $game ->
    [sidja] Сиджа
    [yote] Йотай
    [banglagor] Банглагор
    [xiangqi] Сянци
    [xiangqi4] Стратегические сянци
   *[other] { $game }
}

# Короткий заголовок партии: игра и её настройки.
title-plain = { $game ->
    [sidja] сиджа
    [yote] йотай
    [banglagor] банглагор
    [xiangqi] сянци
    [xiangqi4] сянци на четверых
   *[other] { $game }
}
title-with-options = { title-plain } ({ $options })
title-sidja-variant-sudan = судан
title-sidja-variant-sidja = сиджа
title-sidja-variant-seega = сига
title-sidja-size-5 = 5×5
title-sidja-size-7 = 7×7
title-sidja-size-9 = 9×9
title-sidja-drop-1 = по 1 камню
title-sidja-drop-2 = по 2 камня
title-sidja-opening-plain = с пустой доски
title-sidja-opening-cross = начало крестом
title-sidja-chain-all = все взятия подряд
title-sidja-chain-2 = не больше двух взятий
title-sidja-blocked-pass = запертый пропускает ход
title-sidja-blocked-lose = запертый проигрывает
title-xiangqi4-mode-ffa = каждый за себя
title-xiangqi4-mode-teams = команды

# Что делает каждая настройка (в /play после названия игры) и как называются её значения.
option-sidja-variant = судан (по умолчанию), сиджа или сига
option-sidja-variant-sudan = судан
option-sidja-variant-sidja = сиджа
option-sidja-variant-seega = сига
option-sidja-size = размер доски (по умолчанию 5)
option-sidja-size-5 = 5×5
option-sidja-size-7 = 7×7
option-sidja-size-9 = 9×9
option-sidja-drop = сколько камней ставить за ход (по умолчанию 2)
option-sidja-drop-1 = 1
option-sidja-drop-2 = 2
option-sidja-opening = пустая доска (по умолчанию) или четыре камня крестом
option-sidja-opening-plain = пустая доска
option-sidja-opening-cross = крест
option-sidja-chain = взятия подряд — сколько сможет камень (по умолчанию) или не больше двух
option-sidja-chain-all = все
option-sidja-chain-2 = не больше двух
option-sidja-blocked = кому некуда ходить, тот пропускает ход (по умолчанию) или проигрывает
option-sidja-blocked-pass = пропускает ход
option-sidja-blocked-lose = проигрывает
option-xiangqi4-mode = каждый за себя (по умолчанию) или команды
option-xiangqi4-mode-ffa = каждый за себя
option-xiangqi4-mode-teams = команды (красные и жёлтые против чёрных и зелёных)

options-known = { $options }
options-and-for = , а для { $value } ещё { $options }

## Итоги.

reason-one-stone-left = остался один камень
reason-no-pieces-left = не осталось фишек
reason-two-against-one = две фишки против одной
reason-no-capture-or-drop = слишком долго без взятий и выставлений
reason-half-height = меньше половины высоты
reason-no-invasion = 10 кругов без хода на землю противника
reason-checkmate = мат
reason-no-legal-move = нет ходов
reason-perpetual-check = вечный шах
reason-repetition = троекратное повторение
reason-sixty-moves = 60 ходов без взятий
reason-stall = слишком долго без взятий
reason-both-blocked = обоим игрокам некуда ходить
reason-cannot-move = некуда ходить
reason-last-standing = все остальные выбыли
reason-team-won = оба противника выбыли
reason-fifty-rounds = 50 кругов без взятий и выбываний
reason-resigned = сдача
reason-timeout = время вышло
reason-agreed = ничья по согласию

outcome-draw = ничья ({ $reason })
outcome-seat-wins = побеждает игрок { $seat } ({ $reason })
outcome-seats-win = побеждают игроки { $seats } ({ $reason })

## Что сделал или сделает ход.

preview-captures = берёт { $squares }
preview-ends-turn = закончить ход
preview-step-no-capture = шаг без взятия

sidja-note-passes = игроку { $seat } некуда ходить, он пропускает ход
sidja-note-declines-extra-move = игрок { $seat } отказывается от дополнительного хода
sidja-note-captures = `{ $action }` берёт { $squares }
sidja-preview-places = ставит камень

yote-captures-and-removes = берёт { $squares }, снимает { $bonus }
yote-note-passes = игроку { $seat } нечем ходить, он пропускает ход
yote-note-captures = `{ $action }` { $what }
yote-preview-passes = пропуск хода
yote-preview-drops = выставляет фишку
yote-preview-steps = шаг

banglagor-attack-removes = снимает { $target } (сила { $strength } против { $height })
banglagor-attack-binds = связывает { $target } (сила { $strength } против { $height })
banglagor-note-passes = игроку { $seat } некуда ходить, он пропускает ход
banglagor-note-attack = `{ $action }` { $what }
banglagor-preview-removes = снимает { $target }
banglagor-preview-binds = связывает { $target }
banglagor-preview-passes = пропуск хода
banglagor-preview-places = ставит столбик
banglagor-preview-frees = освобождает { $square }
banglagor-preview-moves = ход
banglagor-preview-relocates = перенос

## Фигуры сянци: по букве ($kind) и стороне ($side).

xq-piece = { $kind ->
    [K] генерал
    [A] советник
    [E] слон
    [H] конь
    [R] ладья
    [C] пушка
   *[P] пешка
}
xq-piece-gen = { $kind ->
    [K] генерала
    [A] советника
    [E] слона
    [H] коня
    [R] ладьи
    [C] пушки
   *[P] пешки
}
xq-piece-acc = { $kind ->
    [K] генерала
    [A] советника
    [E] слона
    [H] коня
    [R] ладью
    [C] пушку
   *[P] пешку
}
# Русскому артикль не нужен.
xq-piece-a = { xq-piece }
xq-pieces = { $kind ->
    [K] генералы
    [A] советники
    [E] слоны
    [H] кони
    [R] ладьи
    [C] пушки
   *[P] пешки
}
xq-pieces-gen = { $kind ->
    [K] генералов
    [A] советников
    [E] слонов
    [H] коней
    [R] ладей
    [C] пушек
   *[P] пешек
}
xq-side = { $side ->
    [red] красные
   *[black] чёрные
}
xq-side-gen = { $side ->
    [red] красных
   *[black] чёрных
}
xq-side-dat = { $side ->
    [red] красным
   *[black] чёрным
}

xiangqi-takes = берёт { xq-piece-acc } на { $at }
xiangqi-check = шах
xiangqi-checkmate = мат
xiangqi-leaves-no-move = { xq-side-dat } некуда ходить
xiangqi-note = `{ $mv }` { $effects }
xiangqi-preview = { $effects }
xiangqi-quiet-move = тихий ход

## Сянци на четверых: армии по ключу ($army: red, black, yellow, green).

army = { $army ->
    [red] Красные
    [black] Чёрные
    [yellow] Жёлтые
   *[green] Зелёные
}
army-gen = { $army ->
    [red] Красных
    [black] Чёрных
    [yellow] Жёлтых
   *[green] Зелёных
}
army-dat = { $army ->
    [red] Красным
    [black] Чёрным
    [yellow] Жёлтым
   *[green] Зелёным
}

xiangqi4-takes = берёт { xq-piece-acc } { army-gen } на { $at }
xiangqi4-check-to = шах { $armies }
xiangqi4-check-to-army = { army-dat }
xiangqi4-note = `{ $action }` { $effects }
xiangqi4-preview = { $effects }
xiangqi4-preview-drop = выставление
xiangqi4-preview-move = ход
xiangqi4-preview-out = { army } выбывают

xiangqi4-out-resigned = { army } сдаются и выбывают из игры
xiangqi4-out-timeout = у { army-gen } вышло время: { army } выбывают из игры
xiangqi4-out-mated-by = { army } выбывают (мат от { $by ->
    [red] Красных
    [black] Чёрных
    [yellow] Жёлтых
   *[green] Зелёных
})
xiangqi4-out-mated = { army } выбывают (мат)
xiangqi4-out-stalemated-by = { army } выбывают (пат, засчитан { $by ->
    [red] Красным
    [black] Чёрным
    [yellow] Жёлтым
   *[green] Зелёным
})
xiangqi4-out-stalemated = { army } выбывают (пат)
xiangqi4-out-general-captured-by = { army } выбывают ({ $by ->
    [red] Красные
    [black] Чёрные
    [yellow] Жёлтые
   *[green] Зелёные
} взяли генерала)
xiangqi4-out-general-captured = { army } выбывают (генерал взят)
xiangqi4-out-with-transfer = { $out }; { $by ->
    [red] Красные
    [black] Чёрные
    [yellow] Жёлтые
   *[green] Зелёные
} берут в запас { $pieces }

## Почему бот выбрал ход.

why-only-action = это единственный допустимый ход
why-wins = он сразу выигрывает
why-wins-in = он форсированно выигрывает за { $plies } { $plies ->
    [one] ход
    [few] хода
   *[many] ходов
}
why-holds-out = проигрывают все ходы; этот держится дольше всех ({ $plies } { $plies ->
    [one] ход
    [few] хода
   *[many] ходов
})
why-draws = он сразу ведёт к ничьей
why-captures = он берёт { $count } { $count ->
    [one] фигуру
    [few] фигуры
   *[many] фигур
}
why-checks = он объявляет шах
why-threatens = он угрожает { $at }
why-develops = он вводит фигуру в игру
why-hunch = наитие
why-best-eval = лучшая позиция, какую нашёл поиск: { $outlook ->
    [much-worse] намного хуже для сделавшего ход
    [worse] хуже для сделавшего ход
    [little-worse] немного хуже для сделавшего ход
    [little-better] немного лучше для сделавшего ход
    [better] лучше для сделавшего ход
    [much-better] намного лучше для сделавшего ход
   *[even] примерно равная
}
