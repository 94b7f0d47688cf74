//! The words for the engines' typed values: errors, reasons, outcomes, notes and
//! previews. The engines say what happened with data (squares, pieces, counts); this
//! layer says it in a language. English `Display` of the engines' errors comes from here
//! too, for logs and the command-line tools.

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

/// `Display` in English and `std::error::Error` for error types whose words are
/// [`Localize`](super::Localize)d here.
macro_rules! english_error {
    ($($t:ty),* $(,)?) => {
        $(
            impl std::fmt::Display for $t {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(&$crate::i18n::Localize::msg(self).tr($crate::i18n::Lang::En))
                }
            }
            impl std::error::Error for $t {}
        )*
    };
}
pub(crate) use english_error;
