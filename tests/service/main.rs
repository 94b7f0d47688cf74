//! The service through the table: games, challenges, the bot, deadlines, storage on
//! both backends, the terminal front end, words in both languages.
//! One test binary, a module per concern, so that it is linked once.

mod ai;
mod bounded;
mod cluster;
mod daily;
mod game_life;
mod i18n;
mod learn;
mod local;
mod puzzles;
mod reliability;
mod replay_and_ply;
mod rules_words;
mod stored_values;
mod table;
mod table_bot;
mod table_four;
mod tournament_store;
mod tournaments;
