## Турниры: круговые и по швейцарской системе. Упоминания ($user) видны как имена.

error-damaged-tournament = турнир #{ $tournament } повреждён, пользоваться им сейчас нельзя ({ $why }); другие турниры в порядке
no-such-tournament = на этом сервере нет турнира #{ $tournament }: /турнир список покажет все
no-tournament-here = подходящего турнира здесь нет: укажите его номер (/турнир список покажет все)
which-tournament = подходят несколько турниров ({ $tournaments }): укажите номер нужного

## Создание, запись, начало

tournament-two-players-only = турниры проводятся в играх для двоих, а «{ $game }» — игра не для двоих
tournament-rounds-range = швейцарская система на { $rounds } туров? Выберите от 1 до { $most }
tournament-rounds-needed = для швейцарской системы укажите число туров (туров=5)
tournament-rounds-swiss-only = число туров задаётся только в швейцарской системе: в круговом турнире оно следует из числа участников
tournament-bye-swiss-only = очки за пропуск тура задаются только в швейцарской системе
tournament-limit-range = предел участников — { $players }? Выберите от 2 до { $most }
tournament-format-round-robin = круговой турнир
tournament-format-double = двухкруговой турнир
tournament-format-swiss = швейцарская система, { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[many] туров
}
tournament-starts-by-organiser = начнёт его { $user } командой /турнир начать
tournament-starts-when-full = начало — когда наберутся все участники
tournament-created = { $user } открывает **турнир #{ $tournament }**: { $title }, { $format }, { $days } на ход, участников не больше { $players }, { $rated ->
    [yes] с рейтингом
   *[other] без рейтинга
}; { $starts }. Запись: /турнир вступить.
tournament-organiser-only = это может только организатор турнира #{ $tournament } (или тот, кто управляет сервером)
tournament-join-yourself = игроки записываются сами; организатор может записать только бота
tournament-already-in = уже в турнире #{ $tournament }
tournament-full = в турнире #{ $tournament } нет свободных мест
tournament-not-open = запись в турнир #{ $tournament } закрыта
tournament-joins = { $user } вступает в турнир #{ $tournament } ({ $players } из { $most }).
tournament-leaves = { $user } выходит из турнира #{ $tournament }.
tournament-not-in = вы не участвуете в турнире #{ $tournament }
tournament-leave-started = турнир #{ $tournament } уже начался: сняться с него — /турнир сняться
tournament-too-few = для начала турнира #{ $tournament } нужно участников: не меньше { $needed }, а сейчас их { $players }
tournament-cannot-pair = составить пары не удалось ({ $why })
tournament-changed = турнир #{ $tournament } изменился, пока вы действовали (кто-то вступил или вышел): попробуйте снова
tournament-started = **Турнир #{ $tournament } начинается**: участников — { $players }, { $games } { $games ->
    [one] партия
    [few] партии
   *[many] партий
} (с #{ $first } по #{ $last }){ $swiss ->
    [yes] {" "}в первом туре
   *[other] , все сразу
}. Пары: /турнир пары.
tournament-game-begins = **Турнир #{ $tournament }**, тур { $round }: начинается партия **#{ $game }**, { $title }: { $white } (первый ход) — { $black }. { $days } на ход.

## Пары и таблица

tournament-not-started = турнир #{ $tournament } ещё не начался
tournament-no-such-round = в турнире #{ $tournament } нет тура { $round } (составлено туров: { $paired })
pairings-header = **Турнир #{ $tournament }**, тур { $round } из { $rounds }:
pairing-line = { $board }. { $white } — { $black }: { $result } (партия #{ $game })
pairing-bye = { $board }. { $user }: пропуск тура
pairing-result = { $result ->
    [white] 1:0
    [black] 0:1
    [draw] ½:½
    [white_forfeit] +/− (без игры)
    [black_forfeit] −/+ (без игры)
    [struck] результат аннулирован
   *[going_on] идёт
}
standings-header = **Таблица турнира #{ $tournament }** { $swiss ->
    [yes] после { $rounds } { $rounds ->
        [one] тура
       *[other] туров
    }
   *[other] (окончено партий: { $over } из { $games })
}{ $finished ->
    [yes] {" "}(итог)
   *[other] {""}
}:
standings-line = { $place }. { $user }: { $points } ({ $tie_breaks })
tie-break-value = { $name ->
    [sb] Бергер
    [de] личные встречи
    [win] победы
    [bh] Бухгольц
   *[bh_c1] Бухгольц−1
} { $value }
tie-break-count = { $number }
two-decimals = { $whole },{ $hundredths }
standings-withdrew = вне турнира
standings-out-of-time = время вышло во всех партиях
standings-struck-out = результаты аннулированы
standings-more = … и ещё { $count }: /турнир таблица #{ $tournament }
tournament-round-over = **Турнир #{ $tournament }**: тур { $round } из { $rounds } окончен.
tournament-over = **Турнир #{ $tournament } окончен.** { $winners ->
    [1] Победитель: { $winner }.
   *[other] Первое место делят: { $winner }.
}
tournament-game-result = **Турнир #{ $tournament }**: партия #{ $game } окончена, { $white } – { $black } { $result }; окончено партий: { $over } из { $games }.
tournament-no-such-page = в таблице турнира #{ $tournament } страниц: { $pages }
tournament-no-more-pairings = Следующий тур составить нельзя: турнир заканчивается сыгранными турами.
tournament-exported = Турнир #{ $tournament } в формате ФИДЕ TRF-16: туры, где известны все результаты, — { $rounds } из { $paired } составленных.

## Выход из турнира

tournament-withdraw-not-running = турнир #{ $tournament } сейчас не идёт: до начала выйти из него — /турнир выйти
tournament-player-not-in = { $user } не участвует в турнире #{ $tournament }
tournament-withdrawn-already = { $user } уже вне турнира #{ $tournament }
tournament-results-stand = закончено не меньше половины партий, поэтому результаты сохраняются{ $forfeited ->
    [0] {""}
    [one] , а { $forfeited } партия засчитывается как поражение без игры
    [few] , а { $forfeited } партии засчитываются как поражения без игры
   *[many] , а { $forfeited } партий засчитываются как поражения без игры
}
tournament-results-struck = закончено меньше половины партий, поэтому все результаты аннулируются
tournament-not-paired-again = в следующих турах пары не получает
tournament-game-forfeited = Партия #{ $game } окончена: { $user } выходит из турнира #{ $tournament }, { $result }.
tournament-withdraws = { $user } выходит из турнира #{ $tournament }: { $rule }.

## Турниры сервера

tournament-none = на этом сервере ещё нет турниров: /турнир создать
tournament-list-header = **Турниры сервера**, сначала новые:
tournament-list-line = #{ $tournament } { $game }, { $format }: участников { $players } из { $most }, { $state ->
    [open] идёт запись
    [finished] окончен
   *[running] идёт
}; организатор: { $organiser }
tournament-list-damaged = #{ $tournament }: повреждён, не показан (причину скажет `boardpost db check`)
tournament-list-more = Более ранние: /турнир список #{ $before }
tournament-thread-name = Турнир #{ $tournament } · { $game }
suggest-tournament = #{ $tournament } { $game } · { $format } · { $state ->
    [open] идёт запись
    [finished] окончен
   *[running] идёт
}
