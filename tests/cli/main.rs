//! The `boardpost` binary as a user runs it: `replay` for every game, the choice of
//! database, exit statuses, the `/rules` texts.
//! One test binary, a module per concern, so that it is linked once.

mod banglagor_replay;
mod bounded;
mod cli;
mod daily;
mod database;
mod help_texts;
mod learn;
mod pair;
mod puzzles;
mod replay;
mod tournament;
mod xiangqi4_replay;
mod xiangqi_replay;
mod yote_replay;
