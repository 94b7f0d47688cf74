## Уроки (/учиться): что говорит проверка шага, и шаги курса каждой игры. Слова шага —
## `lesson-GAME-STEP-title`, `-task` (одна строка) и `-done` (когда шаг пройден).

lesson-missed = `{ $action }`: { $did }. { $why }
lesson-missed-plain = `{ $action }`: { $why }
lesson-line-broken = ходы этого шага здесь не играются (`{ $action }`: { $error })
lesson-not-your-turn = в этом шаге сейчас не ваш ход
lesson-why-place = За этот ход нужно поставить на доску { $count ->
    [one] { $count } новую фигуру
    [few] { $count } новые фигуры
   *[many] { $count } новых фигур
}.
lesson-why-place-at = Поставьте на { $square }.
lesson-why-move-to = После этого хода на { $square } нет вашей фигуры.
lesson-why-captured-nothing = Этот ход ничего не берёт.
lesson-why-captured-too-few = Взято { $squares }, а нужно взять не меньше { $needed }.
lesson-why-captured-other = Взято { $squares }, а нужно { $wanted }.
lesson-why-capture-again = Возьмите { $count ->
    [one] { $count } раз
    [few] { $count } раза
   *[many] { $count } раз
} за один ход: после взятия сходите ещё раз и снова возьмите.
lesson-why-decline = После взятия закончите ход словом `pass`, а не вторым ходом.
lesson-why-bind = Этот ход не связывает столбик на { $square }.
lesson-why-free = Этот ход не освобождает ваш столбик на { $square }.
lesson-why-check = Этот ход не даёт шаха.
lesson-why-mate-escapes = Это шах, но не мат: генерал ещё может уйти.
lesson-why-stalemate = У соперника остаётся ход.
lesson-why-stalemate-check = Это шах: генерал должен остаться не атакованным и без ходов.
lesson-why-win = Партия ещё не выиграна.
lesson-why-lost = Так партия проиграна: { $outcome }.
lesson-why-eliminate = После этого хода { army } ещё в игре.

## Сиджа

lesson-sidja-placement-title = Расстановка
lesson-sidja-placement-task = Поставьте два камня своего хода на любые пустые поля, кроме центра.
lesson-sidja-placement-done = За ход расстановки ставят два камня. Центр остаётся пустым, пока не расставлены все камни.

lesson-sidja-custodian-capture-title = Взятие в зажим
lesson-sidja-custodian-capture-task = Возьмите камень на c4: зажмите его между двумя своими.
lesson-sidja-custodian-capture-done = Камень, вставший рядом с камнем соперника так, что за тем стоит ваш камень, берёт его. Берёт только камень, который сходил: камень, вставший между двумя камнями соперника, в безопасности.

lesson-sidja-diagonal-capture-title = Взятие по диагонали
lesson-sidja-diagonal-capture-task = Возьмите камень на d4 по диагонали.
lesson-sidja-diagonal-capture-done = В суданском варианте камни ходят только прямо, но берут во всех восьми направлениях, по диагоналям тоже.

lesson-sidja-first-move-title = Первый ход
lesson-sidja-first-move-task = Доска заполнена, свободен только центр: сходите в него.
lesson-sidja-first-move-done = Когда все камни расставлены, первым ходит первый игрок. Камень шагает на одно пустое поле вверх, вниз, влево или вправо, поэтому первый ход всегда делается в центр.

lesson-sidja-several-captures-title = Несколько камней сразу
lesson-sidja-several-captures-task = Возьмите два камня одним ходом.
lesson-sidja-several-captures-done = Все камни соперника, зажатые ходом, снимаются разом.

lesson-sidja-extra-move-title = Дополнительный ход
lesson-sidja-extra-move-task = Возьмите камень, а затем возьмите ещё один дополнительным ходом.
lesson-sidja-extra-move-done = В суданском варианте ход со взятием даёт право на ещё один ход любым камнем; каждое новое взятие даёт ещё один.

lesson-sidja-pass-title = Отказ от дополнительного хода
lesson-sidja-pass-task = Возьмите камень на c4, а затем закончите ход словом `pass`.
lesson-sidja-pass-done = Дополнительный ход — право, а не обязанность: `pass` от него отказывается. Это единственный случай, когда `pass` пишут вручную.

lesson-sidja-one-stone-left-title = Конец партии
lesson-sidja-one-stone-left-task = Выиграйте: оставьте сопернику один камень.
lesson-sidja-one-stone-left-done = Игрок, у которого остался один камень или ни одного, проигрывает. Если ни один камень не взят за столько кругов, сколько камней было у каждого (12 на доске 5×5), партия кончается и побеждает тот, кто взял больше.

lesson-sidja-sidja-variant-title = Классический вариант
lesson-sidja-sidja-variant-task = В этом варианте камни ходят и по диагонали: возьмите камень на c4.
lesson-sidja-sidja-variant-done = В классическом варианте камни ходят во всех восьми направлениях, а после взятия нужно брать дальше, пока есть чем.

lesson-sidja-seega-centre-title = Сига: центр в безопасности
lesson-sidja-seega-centre-task = Возьмите камень на e3; камень в центре взять нельзя.
lesson-sidja-seega-centre-done = В сиге камни ходят и берут только прямо, а камень на центральном поле взять нельзя.

## Йотай

lesson-yote-drop-title = Выставление
lesson-yote-drop-task = Выставьте фишку из запаса на c2.
lesson-yote-drop-done = За ход делают одно действие: выставляют фишку из запаса на любое пустое поле, шагают или берут.

lesson-yote-step-title = Шаг
lesson-yote-step-task = Шагните фишкой с c3 на c4.
lesson-yote-step-done = Фишка шагает на одно пустое поле вверх, вниз, влево или вправо, но не по диагонали.

lesson-yote-capture-title = Взятие и ещё одна фишка
lesson-yote-capture-task = Перепрыгните через фишку на d3, а затем снимите ещё одну фишку соперника.
lesson-yote-capture-done = Взятие — прыжок через соседнюю фишку соперника на пустое поле за ней. После него вы снимаете с доски ещё одну любую фишку соперника, она пишется после косой черты: `c3xe3/a1`.

lesson-yote-chain-title = Прыжки подряд
lesson-yote-chain-task = Возьмите и c2, и c4 одной цепочкой прыжков.
lesson-yote-chain-done = Взятие может продолжаться прыжками в любую сторону и остановиться после любого прыжка: `c1xc3xc5`. Ещё одну фишку снимают один раз, в конце.

lesson-yote-win-title = Конец партии
lesson-yote-win-task = Выиграйте: возьмите последнюю фишку соперника.
lesson-yote-win-done = Проигрывает тот, у кого не осталось фишек ни на доске, ни в запасе. Если запасы пусты и на доске две фишки против одной, это ничья.

## Банглагор

lesson-banglagor-placement-title = Расстановка столбиков
lesson-banglagor-placement-task = Поставьте столбик высоты 3 на своей земле, например `3@d2`.
lesson-banglagor-placement-done = Столбики ставят по одному за ход на своей земле, но не на её пограничной горизонтали (у вас это 6-я). Когда все 18 расставлены, первым ходит первый игрок.

lesson-banglagor-moving-by-height-title = Ход по высоте
lesson-banglagor-moving-by-height-task = Переведите столбик высоты 2 с d2 на d4.
lesson-banglagor-moving-by-height-done = Столбик делает ровно столько шагов, какова его высота, — вверх, вниз, влево или вправо и только по пустым полям; путь может поворачивать.

lesson-banglagor-attack-title = Атака
lesson-banglagor-attack-task = Подойдите к столбику соперника на e4 и снимите его.
lesson-banglagor-attack-done = После хода вы атакуете один столбик соперника рядом с полем, где остановились. Если сила атаки — сумма высот всех ваших свободных столбиков рядом с ним — больше его высоты, он снимается.

lesson-banglagor-bind-title = Связывание
lesson-banglagor-bind-task = Атакуйте высокий столбик на e4 и свяжите его.
lesson-banglagor-bind-done = Если сила атаки не больше высоты цели, цель связывается: связанный столбик не ходит и не добавляет силы атакам.

lesson-banglagor-joint-attack-title = Атака вместе
lesson-banglagor-joint-attack-task = Снимите столбик высоты 3 на e4 вместе со своим столбиком на f4.
lesson-banglagor-joint-attack-done = Каждый ваш свободный столбик рядом с целью добавляет свою высоту: 2 + 2 сильнее 3.

lesson-banglagor-free-title = Освобождение
lesson-banglagor-free-task = Ваш столбик на d4 связан: освободите его.
lesson-banglagor-free-done = Освобождение связанного столбика занимает весь ход: `free d4`.

lesson-banglagor-relocation-title = Перенос
lesson-banglagor-relocation-task = Перенесите свой столбик с c12 на f5.
lesson-banglagor-relocation-done = Свободный столбик на последней горизонтали противника можно на одном из следующих ходов перенести на любое пустое поле: `c12@f5`. Там, куда он встал, он атакует.

lesson-banglagor-half-height-title = Конец партии
lesson-banglagor-half-height-task = Выиграйте: снимите e4, и у соперника останется меньше половины вашей высоты.
lesson-banglagor-half-height-done = После любого хода проигрывает игрок, чья общая высота меньше половины высоты соперника. Если 10 кругов подряд ни один столбик не встаёт на землю противника, это ничья.

## Сянци

lesson-xiangqi-rook-title = Ладья
lesson-xiangqi-rook-task = Возьмите ладьёй коня на a9.
lesson-xiangqi-rook-done = Ладья ходит на любое число пунктов по вертикали или горизонтали, не перепрыгивая фигур. Берёт она, вставая на фигуру соперника.

lesson-xiangqi-horse-title = Конь
lesson-xiangqi-horse-task = Возьмите конём пушку на e6.
lesson-xiangqi-horse-done = Конь делает шаг на один пункт прямо, затем на один пункт по диагонали, удаляясь от исходного пункта. Если первый пункт, «нога» коня, занят, туда он пойти не может.

lesson-xiangqi-elephant-title = Слон
lesson-xiangqi-elephant-task = Возьмите слоном пешку на e2.
lesson-xiangqi-elephant-done = Слон ходит ровно на два пункта по диагонали, если пункт между ними («глаз» слона) свободен, и никогда не переходит реку.

lesson-xiangqi-advisor-title = Советник
lesson-xiangqi-advisor-task = Возьмите советником пешку на f2.
lesson-xiangqi-advisor-done = Советник ходит на один пункт по диагонали и не выходит из дворца — квадрата 3×3 пункта с двумя диагоналями.

lesson-xiangqi-general-title = Генерал и дворец
lesson-xiangqi-general-task = Возьмите генералом пешку на d1.
lesson-xiangqi-general-done = Генерал ходит на один пункт вверх, вниз, влево или вправо и не выходит из своего дворца.

lesson-xiangqi-cannon-title = Пушка
lesson-xiangqi-cannon-task = Возьмите пушкой коня на b7.
lesson-xiangqi-cannon-done = Пушка ходит как ладья, а берёт только прыжком ровно через одну фигуру любого цвета.

lesson-xiangqi-pawn-title = Пешка
lesson-xiangqi-pawn-task = Возьмите пешкой коня на d5.
lesson-xiangqi-pawn-done = Пешка ходит на один пункт вперёд, а перейдя реку — ещё и в сторону. Назад она не ходит никогда.

lesson-xiangqi-flying-general-title = Генералы друг против друга
lesson-xiangqi-flying-general-task = Возьмите пешку на g5.
lesson-xiangqi-flying-general-done = Два генерала не могут стоять на одной вертикали, если между ними нет фигур. Между ними стояла только ваш конь, поэтому ему нельзя было уйти с вертикали e.

lesson-xiangqi-check-title = Шах
lesson-xiangqi-check-task = Объявите шах ладьёй.
lesson-xiangqi-check-done = Если генерала можно взять следующим ходом, он под шахом, и его сторона обязана сразу от шаха уйти.

lesson-xiangqi-mate-title = Мат
lesson-xiangqi-mate-task = Поставьте мат в один ход.
lesson-xiangqi-mate-done = Шах, от которого нельзя уйти ни одним допустимым ходом, — мат, и эта сторона проигрывает.

lesson-xiangqi-stalemate-title = Пат
lesson-xiangqi-stalemate-task = Оставьте чёрных без допустимых ходов, не объявляя шаха.
lesson-xiangqi-stalemate-done = В сянци сторона без допустимых ходов проигрывает, даже если ей не объявлен шах.

lesson-xiangqi-perpetual-check-title = Вечный шах
lesson-xiangqi-perpetual-check-task = Ваша ладья шахует каждым ходом: вместо повторения поставьте мат.
lesson-xiangqi-perpetual-check-done = Сторона, которая шахует каждым ходом, пока позиция повторяется трижды, проигрывает: ещё раз `h8-h9` — и партия была бы проиграна. Любое другое троекратное повторение — ничья.

## Сянци вчетвером

lesson-xiangqi4-pawn-title = Доска и пешка
lesson-xiangqi4-pawn-task = Ваша пешка на j7 стоит в середине доски: продвиньте её на два пункта вперёд, на j9.
lesson-xiangqi4-pawn-done = Доска — крест: четыре рукава, по одному на армию, вокруг середины доски 9×9. В своём рукаве пешка ходит на один пункт вперёд, а попав в середину доски, ходит на один или два пункта вперёд, назад или в сторону.

lesson-xiangqi4-big-jump-title = Большой прыжок
lesson-xiangqi4-big-jump-task = Сделайте конём большой прыжок с j8 на f10.
lesson-xiangqi4-big-jump-done = Конь в середине доски может ещё и прыгнуть в дальний угол прямоугольника 2×4, если все пункты на пути свободны.

lesson-xiangqi4-generals-face-title = Генералы могут стоять друг против друга
lesson-xiangqi4-generals-face-task = Возьмите ладьёй коня на m10, хотя после этого генералы окажутся друг против друга.
lesson-xiangqi4-generals-face-done = В сянци вчетвером генералы могут стоять друг против друга на открытой вертикали.

lesson-xiangqi4-elimination-title = Выбывание
lesson-xiangqi4-elimination-task = Поставьте мат генералу чёрных.
lesson-xiangqi4-elimination-done = Игрок, у которого в начале его хода нет допустимых ходов, выбывает. В игре «каждый за себя» тот, кто поставил мат, забирает его ладьи, коней, пушки и пешки в свой запас.

lesson-xiangqi4-drop-title = Выставление из запаса
lesson-xiangqi4-drop-task = Выставьте ладью из запаса в рукав чёрных.
lesson-xiangqi4-drop-done = Вместо хода можно выставить фигуру из запаса на пустой пункт рукава той армии, у которой она взята, но не туда, откуда она сразу могла бы что-то взять: `R@p12`.

lesson-xiangqi4-partners-title = Команды
lesson-xiangqi4-partners-task = Вы играете в команде с жёлтыми: возьмите коня чёрных на m8.
lesson-xiangqi4-partners-done = В игре командами красные и жёлтые играют против чёрных и зелёных. Фигуры партнёра брать нельзя, и партнёры никогда не объявляют друг другу шах.

lesson-xiangqi4-team-win-title = Победа команды
lesson-xiangqi4-team-win-task = Поставьте мат чёрным, вашему последнему сопернику, и победите вместе с партнёром.
lesson-xiangqi4-team-win-done = Команда побеждает, когда выбыли оба соперника; побеждают оба партнёра вместе.
