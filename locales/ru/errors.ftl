## Почему ход, игра или настройка не принимаются.

error-game-over = партия окончена: { $outcome }
error-no-such-seat = в этой партии двое игроков, игрока { $seat } в ней нет
error-off-board = поля { $square } нет на доске { $dims }
error-in-action = действие { $index } «{ $text }»: { $error }
error-in-log-entry = запись { $index } «{ $text }»: { $error }
error-not-an-ending = «{ $text }» — не resign, не timeout и не draw
error-wrong-game = это действие из игры { $game }, а партия идёт в другую игру

error-unknown-game = игры «{ $name }» нет: есть { $games }
error-no-options = у игры { $game } нет настроек (а указано «{ $key }»)
error-unknown-option = у игры { $game } нет настройки «{ $key }»; её настройки: { $known }
error-bad-option-value = настройка { $key }={ $value } недопустима: { $key } может быть { $allowed }
error-option-only-for = настройка { $key ->
    [opening] начало
    [chain] взятия_подряд
    [blocked] без_ходов
   *[other] { $key }
} ({ $key }={ $value }) есть только в варианте { $needs_value ->
    [seega] «сига»
   *[other] { $needs_value }
}: выберите его ({ $needs_key }={ $needs_value }) или уберите эту настройку
error-option-twice = настройка { $key } указана дважды: укажите каждую один раз
error-option-not-key-value = настройку «{ $text }» пишут как ключ=значение, например размер=7

## Сиджа

sidja-syntax = «{ $text }» — не ход сиджи: поставьте камень, назвав поле (c1), или передвиньте камень: откуда-куда (b3-c3)
sidja-pass-typed = пропуск хода бот делает сам: `pass` можно написать только в суданском варианте, сразу после взятия, чтобы отказаться от заработанного им дополнительного хода
sidja-centre = { $square } — центр доски: он остаётся пустым, пока не расставлены все камни
sidja-taken = поле { $square } занято: ставьте камень на пустое поле
sidja-still-placing = камни ещё расставляются (у вас в руке { $count } { $count ->
    [one] камень
    [few] камня
   *[many] камней
}): назовите пустое поле, например c1
sidja-all-placed = все камни расставлены: сделайте шаг одним из своих камней, например b3-c3
sidja-empty = поле { $square } пусто: ходите своим камнем
sidja-not-yours = на { $square } нет вашего камня
sidja-occupied = поле { $square } занято: камень ходит на пустое поле
sidja-not-a-step-orthogonal = { $from }-{ $to } — не шаг: камень ходит на одно поле вверх, вниз, влево или вправо
sidja-not-a-step-any-direction = { $from }-{ $to } — не шаг: камень ходит на одно поле в любую сторону, и по диагонали тоже
sidja-must-capture = после взятия нужно продолжать брать, а { $action } ничего не берёт
sidja-same-stone = после взятия брать дальше должен камень на { $square }

## Йотай

yote-syntax = «{ $text }» — не ход в йотай: выставьте фишку — @c3 (или c3), шагните — c3-c4, берите прыжком — c3xc5 (а /b2 называет фишку, которую вы снимаете)
yote-bonus-without-capture = «{ $text }»: бонусную фишку снимают только при взятии, поэтому у выставления и шага не бывает /
yote-too-many-jumps = во взятии может быть не больше 12 прыжков, а не { $count }
yote-pass-typed = пропуск хода бот делает сам, за игрока, которому нечем ходить, а в йотай `pass` никогда не пишут (его пишут только в суданской сидже, чтобы отказаться от дополнительного хода)
yote-no-reserve = в запасе у вас не осталось фишек: шагайте или берите фишкой на доске
yote-occupied = поле { $square } занято
yote-empty = на { $square } нет вашей фишки: поле пусто
yote-not-yours = на { $square } нет вашей фишки
yote-not-a-step = { $from }-{ $to } — не шаг: фишка шагает на одно поле вверх, вниз, влево или вправо
yote-not-a-step-but-a-jump = { $from }-{ $to } — не шаг: фишка шагает на одно поле вверх, вниз, влево или вправо (чтобы взять, прыгайте через x: { $from }x{ $to })
yote-not-a-jump = { $from }x{ $to } — не прыжок: фишка перепрыгивает соседнюю фишку противника (вверх, вниз, влево или вправо) на поле сразу за ней
yote-nothing-to-jump = { $from }x{ $to } перепрыгивает { $over }, а там нет фишки противника
yote-landing-taken = { $from }x{ $to } приземляется на { $to }, а это поле не пусто
yote-bonus-needed = ход { $chain } должен ещё снять с доски одну фишку противника: выберите { $choices }
yote-no-bonus-left = после { $chain } у противника не остаётся фишек на доске, снимать нечего: напишите ход без /{ $bonus }
yote-bonus-jumped = фишку на { $square } это взятие уже перепрыгнуло: снимите другую фишку противника
yote-bonus-not-theirs = на { $square } нет фишки противника: бонусом снимают одну из его фишек с доски

## Банглагор

banglagor-syntax = «{ $text }» — не ход банглагора: поставьте столбик — высота@поле (3@d2), передвиньте — откуда-куда (d2-d4 или d2-d4xe4, чтобы атаковать e4), перенесите — откуда@куда (d12@b5) или освободите связанный (free d4)
banglagor-pass-typed = пропуск хода бот делает сам, за игрока, которому нечем ходить, а в банглагоре `pass` никогда не пишут (его пишут только в суданской сидже, чтобы отказаться от дополнительного хода)
banglagor-still-placing = столбики ещё расставляются: поставьте свой — высота@поле, например 3@d2
banglagor-all-placed = все столбики расставлены: передвиньте один из своих, например d2-d4
banglagor-bad-height = высота столбика — 1, 2 или 3, а не { $height }: напишите высоту перед @, например 3@d2
banglagor-none-left = у вас не осталось столбиков высотой { $height } (в руке: высотой 1 — { $ones }, высотой 2 — { $twos }, высотой 3 — { $threes })
banglagor-not-your-land = { $square } не на вашей земле: ставьте столбики на горизонтали { $ranks }
banglagor-border-row = { $square } на вашей пограничной горизонтали: ставьте столбики на горизонтали { $ranks }
banglagor-taken = поле { $square } занято: ставьте столбик на пустое поле
banglagor-empty = поле { $square } пусто: назовите один из своих столбиков
banglagor-not-yours = столбик на { $square } не ваш
banglagor-bound = столбик на { $square } связан: сначала освободите его — free { $square }
banglagor-not-bound = столбик на { $square } не связан: освободить можно только связанный
banglagor-unreachable = столбик с { $from } не дойдёт до { $to }: его высота { $height }, поэтому он делает ровно { $height } { $height ->
    [one] шаг
    [few] шага
   *[many] шагов
} вверх, вниз, влево или вправо и только по пустым полям
banglagor-path-length = столбик с { $from } высотой { $height } делает ровно { $height } { $height ->
    [one] шаг
    [few] шага
   *[many] шагов
}, а в этом пути { $taken } { $taken ->
    [one] шаг
    [few] шага
   *[many] шагов
}
banglagor-not-a-step = { $from }-{ $to } — не шаг: путь идёт по одному полю вверх, вниз, влево или вправо
banglagor-path-blocked = путь проходит через { $square }, а это поле занято: столбики ходят только по пустым полям
banglagor-not-on-last-rank = столбик с { $from } нельзя перенести: переносится только столбик, стоящий на последней горизонтали противника (горизонталь { $rank })
banglagor-occupied = поле { $square } занято: столбик переносят на пустое поле
banglagor-same-square = столбик уже стоит на { $square }: перенесите его на другое поле
banglagor-not-adjacent = { $target } не рядом с { $to }
banglagor-no-enemy = на { $square } нет столбика противника, атаковать нечего
banglagor-choose-target = ход { $action } заканчивается рядом со столбиками противника; выберите, какой атаковать: { $options }

## Сянци

xiangqi-type-a-move = напишите ход, например `h2-e2` или `C2.5`
xiangqi-pass = в сянци не бывает пропуска хода: у кого нет ходов, тот проиграл
xiangqi-unreadable = «{ $text }» — не ход: пишите координаты, например `h2-e2` (ICCS), или WXF: `C2.5`, `H8+7`, `R1+1`, `+C.5`
xiangqi-not-a-point = { $text } — не пункт доски: вертикали идут от a до i, горизонтали от 0 до 9
xiangqi-same-point = { $at }-{ $at } — это не ход: фигура должна пойти на другой пункт
xiangqi-piece-letter = «{ $letter }» — не буква фигуры: пишите K A E H R C P (для слона годится и B, для коня — N)
xiangqi-zero = «{ $text }»: вертикали и шаги считаются от 1 до 9, а не от 0
xiangqi-not-sideways = «{ $text }»: { xq-piece } никогда не ходит вдоль горизонтали, поэтому пишется `+` или `-`, а не `.` или `=`
xiangqi-tandem = «{ $text }»: сдвоенные фигуры помечают `+` (передняя) и `-` (задняя), например `+C.5`, `C+.5` или `3+.4` (и `33.4` для средней из пешек на вертикали 3)
xiangqi-empty = пункт { $at } пуст
xiangqi-not-yours = на { $at } стоит { xq-piece } { xq-side-gen }, а не ваша фигура
xiangqi-own-piece = на { $at } стоит ваша же фигура: { xq-piece }
xiangqi-general-step = генерал ходит на один пункт вверх, вниз, влево или вправо
xiangqi-general-palace = генерал не может выйти из дворца
xiangqi-advisor-step = советник ходит на один пункт по диагонали
xiangqi-advisor-palace = советник не может выйти из дворца
xiangqi-elephant-step = слон ходит ровно на два пункта по диагонали
xiangqi-elephant-eye = «глаз» слона на { $at } занят
xiangqi-elephant-river = слон не может перейти реку
xiangqi-horse-step = конь ходит на один пункт прямо, затем на один пункт по диагонали, дальше от исходного
xiangqi-horse-leg = «нога» коня на { $at } занята
xiangqi-not-a-line = { xq-piece } ходит по вертикали или горизонтали
xiangqi-rook-blocked = путь ладьи перекрыт на { $at }
xiangqi-cannon-blocked = без взятия пушка ходит только по свободной линии, а путь перекрыт на { $at }
xiangqi-cannon-no-screen = пушка берёт, перепрыгивая ровно через одну фигуру, а между пушкой и целью фигур нет
xiangqi-cannon-screens = пушка берёт, перепрыгивая ровно через одну фигуру, а между пушкой и целью их { $count }
xiangqi-pawn-backward = пешка никогда не ходит назад
xiangqi-pawn-sideways = вбок пешка ходит только после перехода через реку
xiangqi-pawn-step = пешка ходит только на один пункт
xiangqi-leaves-check = после этого хода ваш генерал остаётся под шахом
xiangqi-generals-face = после этого хода генералы оказываются друг против друга на вертикали { $file }, и между ними ничего нет
xiangqi-not-legal = { $mv } — недопустимый ход: { $why }
xiangqi-no-piece-on-file = на вертикали { $file } нет { xq-piece-gen } { xq-side-gen }
xiangqi-tandem-choice = { $count ->
    [one] на вертикали { $file } только одна такая фигура — { xq-piece } { xq-side-gen }: пишите { $choices }
    [few] на вертикали { $file } у { xq-side-gen } { $count } { xq-piece-gen }: пишите { $choices }
   *[other] на вертикали { $file } у { xq-side-gen } { $count } { xq-pieces-gen }: пишите { $choices }
}
xiangqi-no-tandem = нет вертикали, на которой стояли бы две фигуры «{ xq-piece }» { xq-side-gen }, поэтому нет ни передней, ни задней
xiangqi-tandem-files = пешки { xq-side-gen } сдвоены на вертикалях { $first } и { $second }: сначала напишите вертикаль, например { $first }+ или { $second }-
xiangqi-bad-file = { xq-piece } с { $at } не может пойти на вертикаль { $file }: { $kind ->
    [A] советник ходит на соседнюю вертикаль
    [E] слон ходит через одну вертикаль
   *[H] конь ходит на соседнюю вертикаль или через одну
}
xiangqi-off-the-board-forward = { xq-piece } с { $at } не может пройти { $steps } { $steps ->
    [one] пункт
    [few] пункта
   *[many] пунктов
} вперёд: там доска кончается
xiangqi-off-the-board-back = { xq-piece } с { $at } не может пройти { $steps } { $steps ->
    [one] пункт
    [few] пункта
   *[many] пунктов
} назад: там доска кончается
xiangqi-same-file = { xq-piece } с { $at } уже стоит на вертикали { $file }: ход вбок ведёт на другую вертикаль

fen-empty = FEN пустой
fen-rank-count = в доске FEN 10 горизонталей, разделённых /, а здесь { $count }
fen-rank-width = горизонталь { $rank } («{ $text }») занимает { $points } пунктов, а не 9
fen-letter = «{ $letter }» на горизонтали { $rank } — не фигура: пишите K A B (или E) N (или H) R C P, заглавные для красных и строчные для чёрных, и цифры от 1 до 9 для пустых пунктов
fen-no-side = в FEN не сказано, чей ход: добавьте w (красные) или b (чёрные) после доски
fen-side = «{ $text }» — не сторона: пишите w (или r) для красных и b для чёрных
fen-counter = «{ $text }» — не счётчик ходов: FEN кончается числом полуходов после последнего взятия и номером хода, например `- - 0 1`
fen-move-number-zero = номер хода считается с 1, а не с 0
fen-extra = «{ $text }» лишнее после номера хода
fen-generals = { $count ->
    [0] у { xq-side-gen } нет генерала, а он должен быть ровно один
   *[other] у { xq-side-gen } генералов: { $count }, а должен быть ровно один
}
fen-too-many = у { xq-side-gen } фигур «{ xq-piece }»: { $count }, а можно не больше { $max }
fen-misplaced = { xq-piece } { xq-side-gen } никогда не может стоять на { $at }
fen-general-takeable = генерал { xq-side-gen } под ударом, а ходят { $other ->
    [red] красные
   *[black] чёрные
}: сторона, которая только что ходила, не могла его так оставить

## Сянци вчетвером

xiangqi4-type-an-action = напишите ход, например j4-j5 или R@g17
xiangqi4-not-an-action = «{ $text }» — не ход в сянци вчетвером: передвиньте фигуру — откуда-куда, например j4-j5, или выставьте фигуру из запаса — буква, @ и пункт, например R@g17
xiangqi4-pass = в сянци вчетвером не бывает пропуска хода: игрок, которому нечем ходить, выбывает
xiangqi4-drop-without-kind = перед @ назовите выставляемую фигуру: R, H, C или P, например R@{ $at }
xiangqi4-missing-corner = { $at } — не пункт доски: четырёх углов 5×5 у креста нет
xiangqi4-off-board = { $at } — за пределами доски: вертикали идут от a до s, горизонтали от 1 до 19
xiangqi4-empty = пункт { $at } пуст: ходить нечем
xiangqi4-not-yours = на { $at } стоит { xq-piece } { army-gen }, а не ваша фигура (вы играете за { $you ->
    [red] красных
    [black] чёрных
    [yellow] жёлтых
   *[green] зелёных
})
xiangqi4-same-point = фигура должна уйти с { $at }: назовите другой пункт
xiangqi4-own-piece = на { $at } стоит ваша же фигура
xiangqi4-partner = на { $at } стоит { xq-piece } { army-gen }, а они ваши партнёры: фигуры партнёра брать нельзя
xiangqi4-cannot-reach = { $action }: { $why }
xiangqi4-leaves-general-attacked = после { $action } ваш генерал на { $at } останется под шахом
xiangqi4-not-droppable = выставлять можно только ладьи, коней, пушки и пешки, а не { xq-piece-acc }
xiangqi4-no-reserve = в запасе у вас нет { xq-piece-gen }
xiangqi4-drop-occupied = пункт { $at } не пуст: выставляйте на пустой пункт
xiangqi4-arm-of = в рукав { army-gen } ({ $army ->
    [red] вертикали f–n, горизонтали 1–5
    [black] вертикали o–s, горизонтали 6–14
    [yellow] вертикали f–n, горизонтали 15–19
   *[green] вертикали a–e, горизонтали 6–14
})
xiangqi4-drop-wrong-arm = { xq-piece } из запаса выставляется только в рукав той армии, у которой фигура взята: { $arms }, а не на { $at } в рукаве { army-gen }
xiangqi4-drop-in-the-middle = { xq-piece } из запаса выставляется только в рукав той армии, у которой фигура взята: { $arms }, а не на { $at } в середине доски
xiangqi4-drop-limit = у вас на доске уже { $count } { $count ->
    [one] { xq-piece }
    [few] { xq-piece-gen }
   *[many] { xq-pieces-gen }
}: фигура «{ xq-piece }» выставляется, только пока их меньше, чем в начале ({ $start })
xiangqi4-drop-could-capture = фигура «{ xq-piece }», выставленная на { $at }, сразу могла бы взять на { $target }: выставляйте туда, откуда взять нельзя
xiangqi4-not-in-game = { army } уже выбыли из игры
xiangqi4-not-a-withdrawal = выбыть из игры можно только сдачей или по времени (а не «{ $reason }»)

xiangqi4-point-off-board = за пределами доски
xiangqi4-point-missing-corner = { $at }, в отсутствующем углу
xiangqi4-why-general-step = генерал ходит на один пункт вверх, вниз, влево или вправо
xiangqi4-why-general-palace = генерал не выходит из своего дворца
xiangqi4-why-advisor-step = советник ходит на один пункт по диагонали
xiangqi4-why-advisor-palace = советники не выходят из своего дворца
xiangqi4-why-elephant-step = слон ходит на два пункта по диагонали
xiangqi4-why-elephant-arm = слоны никогда не покидают свой рукав
xiangqi4-why-elephant-eye = его «глаз» на { $at } занят
xiangqi4-why-horse-leg-taken = его «нога» на { $at } занята
xiangqi4-why-horse-leg-missing = его «нога» — { $point }, поэтому туда ему не пройти
xiangqi4-why-big-jump-middle = большой прыжок делает только конь, стоящий в середине доски
xiangqi4-why-big-jump-taken = большой прыжок проходит через { $at }, а этот пункт занят
xiangqi4-why-big-jump-missing = большой прыжок прошёл бы через пункт { $point }
xiangqi4-why-horse-step = конь ходит на один пункт прямо, затем на один пункт по диагонали, дальше от исходного (из середины доски он может сделать и большой прыжок: 4 пункта в одну сторону и 2 в другую)
xiangqi4-why-rook-line = ладья ходит по прямой
xiangqi4-why-cannon-line = пушка ходит по прямой
xiangqi4-why-line-corner = линия упирается в отсутствующий угол креста
xiangqi4-why-in-the-way = путь перекрыт на { $at }
xiangqi4-why-not-open = путь не свободен
xiangqi4-why-cannon-quiet = без взятия пушка ходит только по пустым пунктам, а путь перекрыт на { $at }
xiangqi4-why-cannon-no-screen = пушка берёт, перепрыгивая ровно через одну фигуру, а между пушкой и целью фигур нет
xiangqi4-why-cannon-screens = пушка берёт, перепрыгивая ровно через одну фигуру, а между пушкой и целью их { $count }
xiangqi4-why-cannon-reach = в командной игре пушка берёт не дальше чем за { $reach } пунктов, а до { $at } — { $distance }
xiangqi4-why-pawn-middle = в середине доски пешка ходит на один или два пункта по прямой: вперёд, назад или вбок
xiangqi4-why-pawn-own-arm-first = пешка, ещё не покидавшая свой рукав, ходит только на один пункт вперёд
xiangqi4-why-pawn-back-in-own-arm = вернувшись в свой рукав, пешка ходит на один или два пункта вперёд или вбок, но не назад
xiangqi4-why-pawn-other-arm = в рукаве { army-gen } пешка ходит на один или два пункта вперёд (к задней линии { army-gen }) или вбок; назад — только когда { army } выбыли
xiangqi4-why-pawn-other-arm-out = в рукаве { army-gen } пешка ходит на один или два пункта вперёд, вбок или назад ({ army } выбыли)
xiangqi4-why-pawn-off-board = пешка за пределами доски
xiangqi4-why-pawn-between = промежуточный пункт { $at } занят
