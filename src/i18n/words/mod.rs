//! The words for the engines' typed values: errors, reasons, outcomes, notes and
//! previews. The engines say what happened with data (squares, pieces, counts); this
//! layer says it in a language. (The engines' own `Display` is plain English for logs;
//! what players and the command-line tools show comes from here.)

mod ai;
mod banglagor;
mod common;
mod sidja;
mod xiangqi;
mod xiangqi4;
pub(crate) use xiangqi4::seat_army;
mod yote;

pub use banglagor::attack_msg;
pub use common::{
    game_title, join_and, join_or, known_options, option_about, option_label, outcome_msg,
};
