## Слова, общие для всего бота.

list-or = { $head } или { $last }
list-and = { $head } и { $last }
