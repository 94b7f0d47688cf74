## Words every part of the bot shares.

list-or = { $head } or { $last }
list-and = { $head } and { $last }
# A number with one decimal ($sign is +, − or nothing).
one-decimal = { $sign }{ $whole }.{ $tenth }
