//! Each game's [`Position`](super::position::Position): how the searches play it, hash
//! it and weigh it.

pub mod banglagor;
pub mod sidja;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

use super::position::Terminal;
use crate::games::{Outcome, Seat};

/// How a finished game ends for `root`, by its outcome's winners.
pub fn terminal_of(outcome: &Outcome, root: Seat) -> Terminal {
    if outcome.winners.is_empty() {
        Terminal::Draw
    } else if outcome.winners.contains(&root) {
        Terminal::Win
    } else {
        Terminal::Loss
    }
}

/// The [`Position`](super::position::Position) methods that a game's own engine answers
/// as it stands (`self.0`): the mover, the end, the legal actions and playing one.
macro_rules! played_by_its_engine {
    () => {
        fn mover(&self) -> Option<$crate::games::Seat> {
            $crate::games::Game::to_move(&self.0)
        }

        fn terminal(&self, root: $crate::games::Seat) -> Option<$crate::ai::position::Terminal> {
            $crate::games::Game::outcome(&self.0).map(|o| $crate::ai::eval::terminal_of(o, root))
        }

        fn actions(&self, out: &mut Vec<Self::Action>) {
            out.clear();
            out.extend($crate::games::Game::legal_actions(&self.0));
        }

        fn play(&mut self, action: Self::Action) -> bool {
            $crate::games::Game::try_play(&mut self.0, action).is_ok()
        }
    };
}
pub(crate) use played_by_its_engine;
