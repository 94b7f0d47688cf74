## Уроки (/учиться): что говорит проверка шага, и шаги курса каждой игры. Слова шага —
## `lesson-GAME-STEP-title`, `-task` (одна строка) и `-done` (когда шаг пройден).

lesson-missed = { $action }: { $did }. { $why }
lesson-missed-plain = { $action }: { $why }
lesson-line-broken = ходы этого шага здесь не играются ({ $action }: { $error })
lesson-not-your-turn = в этом шаге сейчас не ваш ход
lesson-why-place = Поставьте { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
} за этот ход.
lesson-why-place-at = Поставьте на { $square }.
lesson-why-move-to = Этот ход не приводит фигуру на { $square }.
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
lesson-why-eliminate = { $army ->
    [red] Красные
    [black] Чёрные
    [yellow] Жёлтые
   *[green] Зелёные
} ещё в игре.

## Сиджа

lesson-sidja-placement-title = Расстановка
lesson-sidja-placement-task = Поставьте два камня своего хода на любые пустые поля, кроме центра.
lesson-sidja-placement-done = За ход расстановки ставят два камня. Центр остаётся пустым, пока не расставлены все камни.

lesson-sidja-custodian-capture-title = Взятие в зажим
lesson-sidja-custodian-capture-task = Возьмите камень на c4: зажмите его между двумя своими.
lesson-sidja-custodian-capture-done = Камень, вставший рядом с камнем соперника, за которым стоит ваш камень, берёт его.

lesson-sidja-diagonal-capture-title = Взятие по диагонали
lesson-sidja-diagonal-capture-task = Возьмите камень на d4 по диагонали.
lesson-sidja-diagonal-capture-done = В суданском варианте камни ходят только прямо, но берут во всех восьми направлениях, по диагоналям тоже.
