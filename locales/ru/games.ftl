## Игры: названия, заголовки, настройки, итоги и что делают ходы.

game-name = { $game ->
    [sidja] Сиджа
    [yote] Йотай
    [banglagor] Банглагор
    [xiangqi] Сянци
    [xiangqi4] Сянци вчетвером
   *[other] { $game }
}

# Короткий заголовок партии: игра и её настройки. Название игры — то же, что в меню
# (game-name), со строчной буквы: так его и набирают в терминале.
title-plain = { $game ->
    [sidja] сиджа
    [yote] йотай
    [banglagor] банглагор
    [xiangqi] сянци
    [xiangqi4] сянци вчетвером
   *[other] { $game }
}
title-with-options = { title-plain } ({ $options })
title-sidja-variant-sudan = суданская
title-sidja-variant-sidja = классическая
title-sidja-variant-seega = сига
title-sidja-size-5 = 5×5
title-sidja-size-7 = 7×7
title-sidja-size-9 = 9×9
title-sidja-drop-1 = по 1 камню
title-sidja-drop-2 = по 2 камня
title-sidja-opening-plain = обычное начало
title-sidja-opening-cross = начало крестом
title-sidja-chain-all = все взятия подряд
title-sidja-chain-2 = не больше двух взятий подряд
title-sidja-blocked-pass = без ходов — пропуск
title-sidja-blocked-lose = без ходов — поражение
title-xiangqi4-mode-ffa = каждый за себя
title-xiangqi4-mode-teams = команды

# Что делает каждая настройка (в /играть после названия игры) и как называются её
# значения: эти названия показывает меню Discord, и их же понимает терминал.
option-sidja-variant = суданский (по умолчанию), классический или сига
option-sidja-variant-sudan = суданский
option-sidja-variant-sidja = классический
option-sidja-variant-seega = сига
option-sidja-size = размер доски (по умолчанию 5×5)
option-sidja-size-5 = 5×5
option-sidja-size-7 = 7×7
option-sidja-size-9 = 9×9
option-sidja-drop = сколько камней ставить за ход (по умолчанию 2)
option-sidja-drop-1 = 1
option-sidja-drop-2 = 2
option-sidja-opening = обычное начало с пустой доски (по умолчанию) или четыре камня крестом
option-sidja-opening-plain = обычное
option-sidja-opening-cross = крестом
option-sidja-chain = все возможные взятия подряд (по умолчанию) или не больше двух
option-sidja-chain-all = все
option-sidja-chain-2 = не больше двух
option-sidja-blocked = кому некуда ходить, тот пропускает ход (по умолчанию) или проигрывает
option-sidja-blocked-pass = пропуск
option-sidja-blocked-lose = поражение
option-xiangqi4-mode = каждый за себя (по умолчанию) или команды: красные с жёлтыми, чёрные с зелёными
option-xiangqi4-mode-ffa = каждый за себя
option-xiangqi4-mode-teams = команды

options-known = { $options }
options-and-for = , а при варианте { $value } ещё { $options }

## Итоги.

# Причина итога. У победы причина говорит о проигравшем («у соперника вышло время»):
# она стоит после имени победителя и не должна читаться как сказанное о нём.
reason-one-stone-left = у соперника остался один камень
reason-no-pieces-left = у соперника не осталось фишек
reason-two-against-one = две фишки против одной
reason-no-capture-or-drop = долго не было ни взятий, ни выставлений
reason-half-height = у соперника меньше половины высоты
reason-no-invasion = 10 кругов никто не заходил на землю противника
reason-checkmate = мат
reason-no-legal-move = у соперника нет ходов
reason-perpetual-check = соперник давал вечный шах
reason-repetition = троекратное повторение
reason-sixty-moves = 60 ходов без взятий
reason-stall = долго не было взятий, решает счёт взятых камней
reason-both-blocked = обоим игрокам некуда ходить
reason-cannot-move = сопернику некуда ходить
reason-last-standing = все остальные выбыли
reason-team-won = оба противника выбыли
reason-fifty-rounds = 50 кругов без взятий и выбываний
reason-resigned = соперник сдался
reason-timeout = у соперника вышло время
reason-agreed = по согласию

outcome-draw = ничья ({ $reason })
outcome-seat-wins = побеждает игрок { $seat } ({ $reason })
outcome-seats-win = побеждают игроки { $seats } ({ $reason })

## Что сделал или сделает ход.

preview-captures = берёт { $squares }
preview-ends-turn = закончить ход
preview-step-no-capture = шаг без взятия

# Заметки после хода: каждая — отдельное предложение.
sidja-note-passes = Игроку { $seat } некуда ходить: он пропускает ход
sidja-note-declines-extra-move = Игрок { $seat } отказывается от дополнительного хода
sidja-note-captures = `{ $action }` берёт { $squares }
sidja-preview-places = ставит камень

yote-captures-and-removes = берёт { $squares }, снимает { $bonus }
yote-note-passes = Игроку { $seat } нечем ходить: он пропускает ход
yote-note-captures = `{ $action }` { $what }
yote-preview-passes = пропуск хода
yote-preview-drops = выставляет фишку
yote-preview-steps = шаг

banglagor-attack-removes = снимает { $target } (сила { $strength } против { $height })
banglagor-attack-binds = связывает { $target } (сила { $strength } против { $height })
banglagor-note-passes = Игроку { $seat } некуда ходить: он пропускает ход
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

## Сянци вчетвером: армии по ключу ($army: red, black, yellow, green). Посреди фразы
## названия армий пишутся со строчной буквы; фраза с них не начинается.

army = { $army ->
    [red] красные
    [black] чёрные
    [yellow] жёлтые
   *[green] зелёные
}
army-gen = { $army ->
    [red] красных
    [black] чёрных
    [yellow] жёлтых
   *[green] зелёных
}
army-dat = { $army ->
    [red] красным
    [black] чёрным
    [yellow] жёлтым
   *[green] зелёным
}

xiangqi4-takes = берёт { xq-piece-acc } { army-gen } на { $at }
xiangqi4-check-to = шах { $armies }
xiangqi4-check-to-army = { army-dat }
xiangqi4-note = `{ $action }` { $effects }
xiangqi4-preview = { $effects }
xiangqi4-preview-drop = выставление
xiangqi4-preview-move = ход
xiangqi4-preview-out = { army } выбывают

# Сдача и время: перед этим уже сказано, что игрок сдаётся (или не успевает сходить) и
# выбывает, поэтому здесь только что стало с его армией.
xiangqi4-out-resigned = Армия { army-gen } уходит с доски
xiangqi4-out-timeout = Армия { army-gen } уходит с доски
xiangqi4-out-mated-by = Выбывают { army }: { $by ->
    [red] красные
    [black] чёрные
    [yellow] жёлтые
   *[green] зелёные
} поставили им мат
xiangqi4-out-mated = Выбывают { army }: им мат
xiangqi4-out-stalemated-by = Выбывают { army }: пат, выбывание засчитано { $by ->
    [red] красным
    [black] чёрным
    [yellow] жёлтым
   *[green] зелёным
}
xiangqi4-out-stalemated = Выбывают { army }: пат
xiangqi4-out-general-captured-by = Выбывают { army }: { $by ->
    [red] красные
    [black] чёрные
    [yellow] жёлтые
   *[green] зелёные
} взяли их генерала
xiangqi4-out-general-captured = Выбывают { army }: их генерал взят
xiangqi4-out-with-transfer = { $out }; { $by ->
    [red] красные
    [black] чёрные
    [yellow] жёлтые
   *[green] зелёные
} берут в запас { $pieces }

## Почему бот выбрал ход.

why-only-action = это единственный допустимый ход
why-wins = этот ход сразу выигрывает
why-wins-in = этот ход форсированно выигрывает за { $plies } { $plies ->
    [one] полуход
    [few] полухода
   *[many] полуходов
}
why-holds-out = проигрывают все ходы; этот держится дольше всех ({ $plies } { $plies ->
    [one] полуход
    [few] полухода
   *[many] полуходов
})
why-draws = этот ход сразу ведёт к ничьей
why-captures = этот ход берёт { $count } { $count ->
    [one] фигуру
    [few] фигуры
   *[many] фигур
}
why-checks = этот ход объявляет шах
why-threatens = этот ход угрожает { $at }
why-develops = этот ход вводит фигуру в игру
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
