## Задачи: /задача, задача дня, задачи из собственных партий.

cmd-puzzle-name = задача
cmd-puzzle = Позиция из настоящей партии, где выигрывает один ход: найдите его (с рейтингом, видно только вам)
opt-puzzle-game = Задачу по какой игре (любой, если не указать)
opt-puzzle_move-name = ход
opt-puzzle-move = Ваш ответ в задаче, которую вы решаете

puzzle-new = Новая задача для вас.
puzzle-again = Ваша нерешённая задача:
puzzle-plain = { $text }
puzzle-header = **Задача { $key }** · { $game } · рейтинг { $rating }
puzzle-yours = Из вашей партии: здесь вы упустили выигрыш.
puzzle-find = Ход { $side }: найдите выигрывающий ход и ответьте `/задача ход:…`.
puzzle-to-move = { $game ->
    [xiangqi] { $seat ->
        [1] красных
       *[other] чёрных
    }
   *[other] { $seat ->
        [1] тёмных
       *[other] светлых
    }
}
puzzle-army-to-move = { army-gen }
puzzle-you = вы
puzzle-opponent = соперник
puzzle-right = Верно: `{ $action }`. Ответ соперника: { $reply }. Снова ваш ход.
puzzle-solved = Решено: `{ $action }` выигрывает! Тема: { $theme }.
puzzle-wrong = `{ $action }`: { $why }. Задача не решена.
puzzle-rated = Ваш рейтинг в задачах по игре «{ $game }»: { $before } → { $after } ({ $change }).
puzzle-not-rated = Без рейтинга: вы уже решали эту задачу.
puzzle-solution = Решение: { $line }. Тема: { $theme }.
puzzle-illegal = Так здесь сходить нельзя: { $why }
puzzle-over = Эта задача закончена: `/задача` даст следующую.
puzzle-none-in-progress = Вы сейчас не решаете задачу: `/задача` даст новую.
puzzle-not-current = Эта кнопка — от задачи, которую вы больше не решаете.
puzzle-answer-taken = Этот ответ уже принят (отправлен дважды?): больше ничего не изменилось.
puzzle-none-left = Вы перепробовали все задачи по игре «{ $game }»: попробуйте другую игру.
puzzle-none-at-all = Задач, которые вы ещё не пробовали, больше нет.
puzzle-button-show = Показать решение
puzzle-button-next = Следующая задача
