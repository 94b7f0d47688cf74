## Задачи: их темы и что сделал неверный ответ.

puzzle-theme-capture = взятие
puzzle-theme-double-capture = двойное взятие
puzzle-theme-bind = связывание
puzzle-theme-mate-in = { $n ->
    [one] мат в один ход
    [few] мат в { $n } хода
   *[other] мат в { $n } ходов
}
puzzle-theme-elimination = выбывание соперника
puzzle-theme-win = победный ход
puzzle-wrong-quiet = это не выигрывающий ход: он ничего не берёт, и соперник уходит от угрозы
puzzle-wrong-did = это не выигрывающий ход: { $did }, а выиграть можно было больше
puzzle-out-of-step = задача уже ушла дальше: начните её заново
