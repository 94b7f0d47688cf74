## Слэш-команды: описание команды (cmd-ИМЯ) и её имя по-русски (cmd-ИМЯ-name), описания
## и имена параметров (opt-ИМЯ-name), названия вариантов выбора.

cmd-play-name = играть
cmd-play = Вызвать кого-то (или любого желающего) на партию
cmd-move-name = ход
cmd-move = Сделать ход, например c1 d2 или b3-c3
cmd-board-name = доска
cmd-board = Показать доску партии
cmd-history-name = история
cmd-history = Все ходы партии с начала
cmd-games-name = партии
cmd-games = Текущие партии и чей в них ход
cmd-resign-name = сдаться
cmd-resign = Сдать партию
cmd-draw-name = ничья
cmd-draw = Предложить, принять или отклонить ничью
cmd-takeback-name = вернуть_ход
cmd-takeback = Попросить вернуть свой последний ход или разрешить это сопернику
cmd-rules-name = правила
cmd-rules = Правила и запись ходов игры
cmd-settings-name = настройки
cmd-settings = Упоминания, напоминания и язык бота
cmd-leaderboard-name = рейтинг
cmd-leaderboard = Рейтинг игроков этого сервера в игре
cmd-export-name = экспорт
cmd-export = Запись партии в текстовом файле (её читает boardpost replay)

opt-game-name = игра
opt-play-game = Игра
opt-rules-game = Игра
opt-leaderboard-game = Игра
opt-game-id-name = партия
opt-format-name = формат
opt-export-format = Текст (запись, по умолчанию) или gif (анимация партии)
choice-format = { $format ->
    [gif] анимация GIF
   *[text] текстовая запись
}
opt-ply-name = полуход
opt-board-ply = Показать позицию после стольких полуходов (0 — начало)
opt-game-id = Какая партия (в ветке партии можно не указывать)
opt-opponent-name = соперник
opt-opponent = Кого вы вызываете (не указывайте — примет любой желающий)
opt-opponent2-name = соперник2
opt-opponent2 = Сянци вчетвером: второй соперник (или оставьте место свободным)
opt-opponent3-name = соперник3
opt-opponent3 = Сянци вчетвером: третий соперник (или оставьте место свободным)
opt-days_per_move-name = дней_на_ход
opt-days-per-move = Сколько дней можно думать над ходом (по умолчанию 3)
opt-first-name = первый
opt-first = Кто ходит первым (по умолчанию — жребий)
choice-first = { $who ->
    [challenger] я
    [opponent] соперник
   *[random] жребий
}
opt-variant-name = вариант
opt-size-name = размер
opt-drop-name = камней_за_ход
opt-opening-name = начало
opt-chain-name = взятия_подряд
opt-blocked-name = без_ходов
opt-mode-name = режим
option-of-game = { $whose }: { $about }
option-only-with = Только в варианте «{ $value }»
opt-text-name = текст
opt-move-text = Ваш ход (начните печатать — будут предложены допустимые)
opt-user-name = игрок
opt-games-user = Чьи партии (по умолчанию ваши)
opt-offer-name = предложить
sub-draw-offer = Предложить ничью
opt-accept-name = принять
sub-draw-accept = Принять предложенную ничью
opt-decline-name = отклонить
sub-draw-decline = Отклонить (или отозвать) предложенную ничью
opt-request-name = попросить
sub-takeback-request = Попросить вернуть свой последний ход
sub-takeback-accept = Разрешить вернуть ход
opt-ping_thread-name = упоминать_в_ветке
opt-ping-thread = Упоминать меня в ветке партии
opt-ping_dm-name = личные_сообщения
opt-ping-dm = Присылать мне личные сообщения
opt-remind_half-name = напомнить_в_середине
opt-remind-half = Напоминать в середине срока на ход
opt-remind_last_day-name = напомнить_за_день
opt-remind-last-day = Напоминать за день до конца срока
opt-language-name = язык
opt-language = Язык, на котором бот говорит с вами (auto — как в Discord)
opt-server_language-name = язык_сервера
opt-replay_gif-name = анимация
opt-replay-gif = Выкладывать анимацию партии в её ветке, когда она закончится (нужно право «Управлять сервером»)
opt-puzzle_of_the_day-name = задача_дня
opt-puzzle-of-the-day = Выкладывать задачу каждый день в этом канале (нужно право «Управлять сервером»)
opt-server-language = Язык партий и итогов на этом сервере (нужно право «Управлять сервером»)
choice-language = { $code ->
    [en] English
    [ru] Русский
   *[auto] авто (как в Discord)
}

## Что говорит сам Discord-интерфейс бота.

discord-servers-only = boardpost играет на серверах: используйте его команды в канале сервера
discord-choose-draw = выберите /ничья предложить, принять или отклонить
discord-choose-takeback = выберите /вернуть_ход попросить или принять
discord-no-such-command = у boardpost нет (или больше нет) команды /{ $command }: попробуйте /играть или /партии
discord-old-button = эта кнопка от старой версии boardpost: воспользуйтесь слэш-командами

## Права, которых боту не хватает в канале (названы так, как их называет Discord).

perm-view-channel = Просматривать канал
perm-view-channel-without = напоминания и итоги по времени здесь не появятся
perm-send-messages = Отправлять сообщения
perm-send-messages-without = напоминания и итоги по времени здесь не появятся (игроки, включившие личные сообщения в /настройки, всё равно их получат)
perm-create-public-threads = Создавать публичные ветки
perm-create-public-threads-without = партия пойдёт прямо в этом канале, без своей ветки
perm-send-messages-in-threads = Отправлять сообщения в ветках
perm-send-messages-in-threads-without = партия пойдёт прямо в этом канале, без своей ветки
perm-missing = ⚠️ Мне не хватает в этом канале прав: { $names }. Поэтому { $effects }. Модератор может выдать мне { $count ->
    [one] это право
    [few] эти права
   *[many] эти права
} в этом канале.

## Бот как игрок.

cmd-hint-name = подсказка
cmd-hint = В партии с ботом: какой ход он вам советует и почему
cmd-analyse-name = разбор
cmd-analyse = Разбор законченной партии ботом: ошибки, лучшие ходы, график оценки
opt-level-name = уровень
opt-level = Уровень бота: от 1 (новичок) до 5 (в полную силу); по умолчанию 3
opt-bot_seats-name = места_бота
opt-bot-seats = Сколько мест занимает бот (в игре вчетвером остальные остаются для людей)
choice-level = { $level ->
    [1] 1: новичок
    [2] 2: любитель
    [3] 3: клубный игрок
    [4] 4: сильный игрок
   *[5] 5: в полную силу
}

## Уроки.

cmd-learn-name = урок
cmd-learn = Уроки: правила игры шаг за шагом на небольших позициях (видите только вы)
opt-learn-game = Какой игре учиться
opt-move-name = ход
opt-learn-move = Ваш ответ на шаг урока (начните печатать — будут предложены допустимые ходы)
opt-restart-name = заново
opt-learn-restart = Начать курс заново, с первого шага

## Отпуск.

cmd-vacation-name = отпуск
cmd-vacation = Остановить часы во всех ваших партиях на этом сервере на несколько дней
opt-start-name = начать
sub-vacation-start = Уйти в отпуск: ваши часы стоят столько дней, сколько вы укажете
opt-end-name = закончить
sub-vacation-end = Вернуться раньше: ваши часы снова идут
opt-allowance-name = норма
sub-vacation-allowance = Сколько дней отпуска можно брать за 365 дней (для управляющих сервером)
opt-days-name = дней
opt-vacation-days = Сколько дней
discord-choose-vacation = выберите действие: /отпуск начать, закончить или норма

## Условные ходы.

cmd-premove-name = условный_ход
cmd-premove = Условные ходы: ответы, которые сыграются за вас, если соперник пойдёт, как вы предвидели
opt-add-name = добавить
sub-premove-add = Сохранить вариант: следующий ход соперника, ваш ответ и дальше (партии вдвоём)
opt-line-name = вариант
opt-premove-line = Ход соперника, ваш ответ и дальше, например h9-g7 b1-c3 h0-g2 c3-d5
opt-list-name = список
sub-premove-list = Ваши сохранённые варианты в партии
opt-cancel-name = отменить
sub-premove-cancel = Отменить один вариант (его номер в списке) или все
opt-number-name = номер
opt-premove-number = Номер варианта в /условный_ход список (без номера — все варианты)
discord-choose-premove = выберите действие: /условный_ход добавить, список или отменить

## Турниры.

cmd-tournament-name = турнир
cmd-tournament = Турниры этого сервера: круговые и по швейцарской системе
opt-create-name = создать
sub-tournament-create = Открыть турнир, чтобы игроки могли записаться
opt-join-name = вступить
sub-tournament-join = Записаться в турнир (организатор может записать бота)
opt-leave-name = выйти
sub-tournament-leave = Выйти из турнира до его начала
sub-tournament-start = Начать турнир: начинаются его первые партии (для организатора)
opt-pairings-name = пары
sub-tournament-pairings = Пары и результаты тура
opt-standings-name = таблица
sub-tournament-standings = Турнирная таблица с дополнительными показателями
opt-withdraw-name = сняться
sub-tournament-withdraw = Сняться с идущего турнира (организатор может снять игрока)
sub-tournament-list = Турниры этого сервера, сначала новые
opt-export-name = выгрузить
sub-tournament-export = Турнир файлом TRF-16 для программ жеребьёвки ФИДЕ
opt-tournament-name = турнир
opt-tournament = Какой турнир (начните вводить: будут предложены турниры этого сервера)
opt-tournament-before = Показать турниры старше этого
opt-tournament-game = Игра
opt-tournament-format = Круговой (по умолчанию), двухкруговой или по швейцарской системе
choice-tournament-format = { $format ->
    [double_round_robin] двухкруговой
    [swiss] швейцарская система
   *[round_robin] круговой
}
opt-rounds-name = туров
opt-tournament-rounds = Число туров турнира по швейцарской системе
opt-players-name = участников
opt-tournament-players = Предел участников (по умолчанию 8; 64 для швейцарской системы)
opt-start_rule-name = начало
opt-tournament-start = Когда турнир начинается (по умолчанию — когда скажет организатор)
choice-tournament-start = { $rule ->
    [full] как только наберётся полный состав
   *[organiser] когда скажет организатор
}
opt-rated-name = рейтинг
opt-tournament-rated = Учитываются ли партии в рейтинге (по умолчанию да)
opt-bye-name = пропуск
opt-tournament-bye = Сколько даёт пропуск тура в швейцарской системе (по умолчанию 1)
choice-tournament-bye = { $score ->
    [0.5] ½ очка
    [0] ничего
   *[1] 1 очко
}
opt-round-name = тур
opt-tournament-round = Какой тур (по умолчанию — идущий)
opt-page-name = страница
opt-tournament-page = Какая страница таблицы швейцарского турнира (по 20 участников)
opt-player-name = игрок
opt-tournament-join-player = Бот, которого записывает организатор (без него — записаться самому)
opt-tournament-withdraw-player = Игрок, которого снимает организатор (без него — сняться самому)
discord-choose-tournament = выберите действие: /турнир создать, вступить, выйти, начать, пары, таблица, сняться, список или выгрузить
