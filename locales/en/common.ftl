## Words every part of the bot shares.

list-or = { $head } or { $last }
list-and = { $head } and { $last }
