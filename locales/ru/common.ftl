## Слова, общие для всего бота.

list-or = { $head } или { $last }
list-and = { $head } и { $last }
# Число с одним знаком после запятой ($sign: +, − или ничего).
one-decimal = { $sign }{ $whole },{ $tenth }
