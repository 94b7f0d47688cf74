## Что отвечает бот: ходы, предложения, вызовы, списки. Упоминания ($user) видны как имена.

error-changed = партия изменилась, пока вы действовали (кто-то сходил раньше): посмотрите /доска и попробуйте снова
error-store = у нас что-то пошло не так ({ $why }); попробуйте ещё раз чуть позже
error-damaged-game = партия #{ $game } повреждена, играть в ней сейчас нельзя ({ $why }); другие ваши партии в порядке
error-render = не удалось нарисовать доску ({ $why }); попробуйте ещё раз чуть позже

span-days = { $hours ->
    [0] { $days } дн.
   *[other] { $days } дн. { $hours } ч
}
span-hours = { $minutes ->
    [0] { $hours } ч
   *[other] { $hours } ч { $minutes } мин
}
span-minutes = { $minutes } мин
days = { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}

result-going-on = ещё идёт
result-draw = ничья ({ $reason })
result-won = победа: { $winners } ({ $reason })

## Игра

no-such-game = на этом сервере нет партии #{ $game }: /партии покажет ваши
no-game-yet = у вас здесь ещё нет партий: начните с /играть
which-game = у вас { $count } { $count ->
    [one] партия
    [few] партии
   *[many] партий
} ({ $games }): укажите нужную в параметре «партия»
game-is-over = партия #{ $game } окончена, { $result }. /играть начнёт новую
you-are-out = вы выбыли из партии #{ $game }: следить за ней можно через /доска
you-are-not-playing = вы не играете в партии #{ $game }
not-your-move = в партии #{ $game } сейчас ходит { $user }, а не вы
not-your-move-someone = в партии #{ $game } сейчас ходите не вы
type-a-move = напишите ход, например { $example }
turn-ends-before = ваш ход заканчивается на предыдущем действии; остальное отправьте в свой следующий ход
plays = { $user } ходит **{ $actions }** в партии #{ $game }.
game-over = **Партия окончена**, { $result }.
your-move = { $user }, ваш ход (осталось { $left }).
turn-goes-on-or-pass = Ваш ход продолжается: ходите ещё раз или напишите `/ход pass`, чтобы закончить.
turn-goes-on = Ваш ход продолжается: ходите ещё раз.
resigns = { $user } сдаётся в партии #{ $game }
leave-game-ends = { $lead }.
leave-game-goes-on = { $lead } и выбывает из неё.

draw-offered-already = вы уже предложили ничью: остальные могут принять её или отклонить
no-draw-offer = в партии #{ $game } нет предложения ничьей (ход его отменяет); предложить ничью — /ничья предложить
draw-offers = { $user } предлагает ничью в партии #{ $game }.
button-accept-draw = Принять ничью
button-decline = Отклонить
agreed-already = вы уже согласились: ждём остальных
draw-agrees-waiting = { $user } соглашается на ничью в партии #{ $game }; ждём остальных.
# Итог ($over: «ничья (по согласию)») называет ничью; здесь её не повторяем.
draw-agreed = В партии #{ $game } все согласились. { $over }
draw-offer-accepted = Предложение ничьей в партии #{ $game } принято.
draw-offer-withdrawn = Предложение ничьей в партии #{ $game } отозвано.
draw-withdraws = { $user } отзывает предложение ничьей в партии #{ $game }.
draw-declines = { $user } отклоняет ничью в партии #{ $game }. Игра продолжается.
draw-offer-declined = Предложение ничьей в партии #{ $game } отклонено.

takeback-nothing-yet = вам пока нечего возвращать: вы ещё не ходили
takeback-stands = просьба вернуть ход уже есть: примите её или дождитесь ответа
takeback-asks = { $user } просит вернуть свой последний ход в партии #{ $game }.
takeback-bot-allows = { $bot } разрешает.
button-allow-takeback = Разрешить вернуть ход
no-takeback-request = в партии #{ $game } нет просьбы вернуть ход (ход её отменяет)
takeback-own-request = свою просьбу принять нельзя: это делают другие игроки
takeback-allows-waiting = { $user } разрешает вернуть ход в партии #{ $game }; ждём остальных.
takeback-nothing-of-theirs = у того игрока нет хода, который можно вернуть
takeback-across-withdrawal = после того хода один из игроков выбыл: возврат хода не вернёт его в игру
takeback-done = В партии #{ $game } ход возвращён, отменено { $undone }. { $after }
takeback-allowed = Возврат хода в партии #{ $game } разрешён.

## Вызовы

bad-days-per-move = дней на ход может быть 1, 2, 3, 5, 7, 10 или 14, а не { $days }
challenge-yourself = себя вызвать нельзя: назовите другого игрока или не указывайте соперника, чтобы вызов был открытым
too-many-opponents = { $game } — игра для { $seats } игроков: { $most ->
    [1] назовите одного соперника
   *[other] назовите не больше { $most } соперников
}
challenge-anyone = любой желающий
challenge-named-and-more = { $named } и ещё { $open } { $open ->
    [one] желающий
   *[other] желающих
}
challenge-named = { $named }
# Пара соперников, как в турнирной таблице: имена остаются в именительном падеже.
challenges = Вызов #{ $challenge }: { $user } — { $whom } · **{ $game }** · { $days } на ход · { $first ->
    [challenger] первым ходит вызвавший
    [opponent] первым ходит соперник
   *[random] кто ходит первым, решит жребий
}.
button-accept = Принять
button-cancel = Отменить
no-such-challenge = на этом сервере нет вызова #{ $challenge }
no-open-challenge = здесь нет открытых вызовов для вас: /играть создаст вызов
which-challenge = открыто несколько вызовов ({ $challenges }): укажите, какой
challenge-started-already = вызов #{ $challenge } уже начался как партия #{ $game }
challenge-was-declined = вызов #{ $challenge } отклонён
challenge-was-cancelled = вызов #{ $challenge } отменён
challenge-damaged = вызов #{ $challenge }: { $why }
challenge-own = это ваш собственный вызов: дождитесь, пока его примут, или отмените его
challenge-accepted-already = вы уже приняли вызов: партия начнётся, когда все места будут заняты
challenge-not-invited = этот вызов адресован только названным в нём игрокам
challenge-full = все места в этом вызове заняты
challenge-joins = { $user } принимает вызов #{ $challenge }: ждём ещё { $waiting } { $waiting ->
    [one] игрока
   *[other] игроков
}.
player-at-seat = { $user } (место { $seat })
versus = { " — " }
game-begins = Партия **#{ $game }** начинается: **{ $title }**, { $players }. { $days } на ход.
your-move-now = { $user }, ваш ход.
challenge-accepted = Вызов #{ $challenge } (**{ $title }**) принят: партия **#{ $game }** началась.
thread-name = { $kind ->
    [sidja] сиджа
    [yote] йотай
    [banglagor] банглагор
    [xiangqi] сянци
    [xiangqi4] сянци вчетвером
   *[other] { $kind }
} #{ $game }: { $players }
challenge-no-longer-open = вызов #{ $challenge } уже закрыт
challenge-leaves-seat = { $user } освобождает своё место в вызове #{ $challenge }: оно снова открыто.
challenge-cancel-your-own = чтобы забрать свой вызов, отмените его
challenge-decline-not-named = отклонить вызов могут только названные в нём игроки; на открытый вызов отвечать не нужно
challenge-declines = { $challenger }, { $user } отклоняет ваш вызов #{ $challenge }.
challenge-declined-by = Вызов #{ $challenge } отклонён игроком { $user }.
challenge-cancel-not-yours = отменить вызов может только тот, кто его сделал
challenge-cancelled-by = Вызов #{ $challenge } отменён игроком { $user }.
challenge-cancels = { $user } отменяет вызов #{ $challenge }.

## Просмотр партий

board-to-move = ходит { $user }, осталось { $left }
board-over = окончена, { $result }
# Без точки в конце: срок («3 дн.») уже кончается точкой.
board-status = Партия #{ $game } · { $title } · { $status }
history-header = Партия #{ $game } · { $title }
history-result = Партия окончена, { $result }.
history-ply = полуход { $ply }
board-at-ply = Партия #{ $game } · { $title } · полуход { $ply } из { $total }: { $turn }
board-ply-turn = { $user } ходит { $actions }.
board-ply-start = начальная позиция.
board-no-such-ply = В партии #{ $game } полуходы от 0 до { $total }: выберите один из них.
history-no-moves = Ходов ещё не было.
list-left-out = … ещё { $count } { $count ->
    [one] строка
    [few] строки
   *[many] строк
} выше — в приложенном файле { $file }
games-none = { $user }: здесь нет текущих партий. /играть начнёт новую.
games-header = Партии игрока { $user }:
games-your-move = **ваш ход**
games-to-move = ходит { $user }
games-over = окончена
games-line = • #{ $game } { $title } · { $player } — { $opponents } · { $turn } · осталось { $left }
games-damaged = • партия #{ $game } повреждена и в список не вошла (администратор может проверить её командой `boardpost db check`); партии выше в порядке
replay-posted = Вся партия #{ $game }, ход за ходом.
export-gif-done = Партия #{ $game } в анимации: кадр на каждый ход, в конце итог.
export-done = Запись партии #{ $game }: её читает `boardpost replay`.
first-player = первый игрок
second-player = второй игрок
leaderboard-empty = На этом сервере ещё нет рейтинговых партий в { $game ->
    [sidja] сиджу
    [yote] йотай
    [banglagor] банглагор
    [xiangqi] сянци
    [xiangqi4] сянци вчетвером
   *[other] { $game }
}.
leaderboard-header = Рейтинг по **{ $game ->
    [sidja] сидже
    [yote] йотай
    [banglagor] банглагору
    [xiangqi] сянци
    [xiangqi4] сянци вчетвером
   *[other] { $game }
}** на этом сервере:
leaderboard-line = { $user } { $rating } ({ $games } { $games ->
    [one] партия
    [few] партии
   *[many] партий
}: побед { $wins }, ничьих { $draws }, поражений { $losses })

## Настройки

setting-on = вкл.
setting-off = выкл.
language-auto = как в Discord
language-name = { $lang ->
    [ru] русский
   *[en] английский
}
server-language-needs-manage-server = язык сервера могут менять только участники с правом «Управлять сервером»
replay-gif-needs-manage-server = включать и выключать анимацию партий могут только участники с правом «Управлять сервером»
settings-never-hear = так вы не узнаете, что настал ваш ход: оставьте включённой настройку упоминать_в_ветке или личные_сообщения
settings-now = Ваши настройки: упоминание в ветке партии { $ping_thread }, личное сообщение { $ping_dm }; напоминание в середине срока { $remind_half }, за день до конца { $remind_last_day }; анимация законченных партий в их ветках { $replay_gif }; задача дня { $puzzle_of_the_day }; ваш язык: { $language }; язык сервера: { $server_language }.
settings-puzzle-in = выкладывается в <#{ $channel }>
puzzle-of-the-day-needs-manage-server = включать и выключать задачу дня могут только участники с правом «Управлять сервером»

## Сроки

ran-out-of-time = ⌛ { $user } не успевает сходить в партии #{ $game }
reminder-last-day = ⏰ { $user }, на ход в партии #{ $game } остался день (осталось { $left }).
reminder-half = ⏰ { $user }, прошла половина срока на ход в партии #{ $game } (осталось { $left }).

## Меню

suggest-your-move = ваш ход
suggest-waiting = ход соперника
suggest-game = #{ $game } { $title } · { $players } · { $turn }

## Уроки (/урок): путь одного игрока по правилам игры; видит их только он.

learn-heading = **{ $game } · шаг { $step } из { $steps }: { $title }**
learn-task = **Задание:** { $task }
learn-right = Верно: `{ $actions }`. Продолжайте.
learn-reply = Ответ соперника: `{ $actions }`.
learn-solved = Отлично: `{ $actions }` — то, что нужно.
learn-illegal = `{ $action }` здесь сыграть нельзя: { $why }
learn-missed = Не совсем: { $why }
learn-shown = Ответ: `{ $line }`. Шаг засчитан как показанный, а не решённый.
learn-tally = Решено самостоятельно: { $solved } из { $steps }; показано ответов: { $shown }. Когда будете готовы, нажмите «Дальше».
learn-finished = **Курс «{ $game }» пройден целиком.** Решено самостоятельно: { $solved } из { $steps }; показано ответов: { $shown }. Сыграйте партию (/играть) или пройдите курс заново.
learn-restarted = Курс начинается заново, с первого шага.
learn-course-changed = С вашего прошлого визита курс изменился: вы продолжаете с шага { $step }.
learn-step-changed = С вашего прошлого визита этот шаг изменился: он начинается сначала.
learn-which-game = скажите, какой игре учиться, например: /урок сиджа (игры: { $games })
learn-damaged = ваши уроки «{ $game }» сейчас не прочитать ({ $why }); другие ваши уроки в порядке
learn-no-course = курс «{ $game }» сейчас не показать ({ $why })
learn-changed = ваш курс тем временем продвинулся (другой ваш ответ пришёл раньше): /урок покажет, где вы сейчас
learn-old-button = это сообщение — из более раннего места курса, поэтому ничего не изменилось: /урок покажет, где вы сейчас
learn-solve-first = сначала выполните задание шага или нажмите «Показать ответ»
learn-step-done = этот шаг пройден: нажмите «Дальше»
learn-course-done = курс пройден: «Начать заново» начнёт его с первого шага
learn-too-many = в ответе не больше { $most } { $most ->
    [one] действия
   *[other] действий
}
button-learn-show = Показать ответ
button-learn-next = Дальше
button-learn-restart = Начать заново
learn-other-side = соперник

## Отпуск.

vacation-already = вы уже в отпуске (осталось { $left }): `/отпуск закончить` — вернуться раньше
vacation-allowance = { $left ->
    [0] дней отпуска не осталось: на этом сервере можно брать { $allowance } дн. за любые 365 дней
   *[other] сейчас можно взять не больше { $left } { $left ->
        [one] дня
       *[other] дней
    } (на этом сервере — { $allowance } дн. за любые 365 дней), а не { $days }
}
vacation-starts = { $user } в отпуске на { $left }: { $count ->
    [0] ходов в партиях сейчас никто не ждёт.
   *[other] часы в партиях пока стоят ({ $games }).
}
vacation-none = вы не в отпуске: `/отпуск начать дней:N` — взять отпуск
vacation-ends = { $user } больше не в отпуске: { $count ->
    [0] ходов в партиях никто не ждал.
   *[other] часы снова идут ({ $games }).
}
vacation-notice-starts = { $user } в отпуске на { $left }: часы в партии #{ $game } стоят до возвращения.
vacation-notice-ends = { $user } больше не в отпуске: часы в партии #{ $game } снова идут.
vacation-allowance-needs-manage-server = менять норму отпуска на этом сервере могут только участники с правом «Управлять сервером»
vacation-allowance-range = норма отпуска — от 0 до { $most } дней за 365 дней
vacation-allowance-set = Теперь участники сервера могут брать { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
} отпуска за любые 365 дней.
games-away = { $user } в отпуске (осталось { $left })

## Условные ходы.

premove-two-players = условные ходы — для партий вдвоём: в партии #{ $game } игроков больше
premove-bot = в партии #{ $game } бот отвечает сразу: ждать нечего
premove-your-move = в партии #{ $game } ваш ход: сделайте его командой /ход; условный вариант начинается со следующего хода соперника
premove-empty = напишите вариант: ход соперника, затем ваш ответ, например `{ $example } …`
premove-too-long = в варианте не больше { $most } действий
premove-too-many = у вас уже { $most } вариантов в партии #{ $game }: `/условный_ход отменить` освободит место
premove-over-before = партия к этому действию уже окончена
premove-no-answer = в варианте нет вашего ответа: после { $theirs } добавьте свой ход
premove-ends-with-theirs = вариант кончается ходом соперника { $text }: закончите его своим ответом или уберите этот ход
premove-ends-mid-turn = вариант обрывается посреди вашего хода: допишите его
premove-moved-on = партия #{ $game } тем временем изменилась: посмотрите на доску и отправьте вариант ещё раз
premove-step = если **{ $theirs }**, то **{ $yours }**
premove-stored = Сохранено для партии #{ $game }: { $line }. { $count ->
    [1] Это ваш единственный вариант в ней.
   *[other] Ваших вариантов в ней: { $count }; сыграет самый длинный из подходящих.
} Список — `/условный_ход список`, отмена — `/условный_ход отменить`.
premove-list = Ваши условные варианты в партии #{ $game } (сыграет самый длинный из подходящих):
premove-list-none = у вас нет условных вариантов в партии #{ $game }: `/условный_ход добавить вариант:…` сохранит вариант
premove-no-such-line = у вас нет варианта { $number } в партии #{ $game }: `/условный_ход список` их нумерует
premove-cancelled = { $count ->
    [0] У вас не было условных вариантов в партии #{ $game }.
    [1] Вариант в партии #{ $game } отменён.
    [one] { $count } вариант в партии #{ $game } отменён.
    [few] { $count } варианта в партии #{ $game } отменены.
   *[many] { $count } вариантов в партии #{ $game } отменены.
}
premove-answered = { $user } отвечает условным ходом: **{ $actions }**.
