//! What every game implements: [`GameSetup`] says how a game is made (its kind, seats,
//! help and options table), [`Game`] how a position is played, read and ended. Each
//! engine implements both; [`AnyGame`](super::AnyGame) implements [`Game`] by handing
//! every call to the engine it holds.

use super::{Ending, EndingAt, GameKind, GameOptions, OptionSpec, OptionValues, Outcome, Seat};
use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// How a game is made: the facts that hold before there is a position.
pub trait GameSetup: Game {
    /// The game's options as one typed value (`()` for a game without options).
    type Options: Copy + fmt::Debug + PartialEq;

    const KIND: GameKind;
    /// How many players the game needs.
    const SEATS: u8;
    /// The options the game takes, in the order menus and `--json` show them.
    const OPTIONS: &'static [OptionSpec];

    /// The start position.
    fn start(options: Self::Options) -> Self;

    /// Typed options from values already checked against [`GameSetup::OPTIONS`] (every
    /// key has one of its allowed values, defaults filled in).
    fn read_options(values: &OptionValues) -> Self::Options;

    /// The value of each option, in the table's order (options that apply only with
    /// another option's value are dropped by the caller where they do not apply).
    fn write_options(options: &Self::Options) -> OptionValues;
}

/// A piece on the board, in the words of the replay view: where, whose, and what the
/// game says about it (a column's height, a xiangqi piece's letter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    pub at: String,
    pub seat: Seat,
    pub height: Option<u8>,
    pub bound: Option<bool>,
    pub kind: Option<char>,
}

/// What each player holds off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InHand {
    /// Stones or pieces not yet placed, by seat.
    Count(Vec<(Seat, u8)>),
    /// Banglagor's pieces not yet placed, by seat and height (1, 2, 3).
    ByHeight(Vec<(Seat, [u8; 3])>),
    /// Four-player xiangqi's reserves, by seat, as letters (`RRH`).
    Reserve(Vec<(Seat, String)>),
}

/// A position of a game, played with actions. Texts are read leniently by
/// [`Game::parse_action`] and printed canonically by the action's `Display`; the
/// canonical text reads back to the same action.
pub trait Game: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned {
    type Action: Copy + Eq + fmt::Debug + fmt::Display;
    type Error: std::error::Error + Clone + PartialEq;
    /// What happened beyond an action's text (a capture, a pass, an elimination), as
    /// data: the bot puts it into words.
    type Note: Clone + fmt::Debug + PartialEq;
    /// What an action would do, as data, for menus.
    type Preview: Clone + fmt::Debug + PartialEq;

    fn kind(&self) -> GameKind;

    /// The options the game was made with.
    fn game_options(&self) -> GameOptions;

    /// The seat to act, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    fn outcome(&self) -> Option<&Outcome>;

    /// Every legal action of the seat to move (none once the game is over).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Reads one action text and resolves it against this position: syntax first, then
    /// legality, each failure with a reason a player understands.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Error>;

    /// Applies a legal action, or says why it is not legal and changes nothing.
    fn try_play(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Every action applied so far, canonical, automatic passes included as `pass`.
    fn history(&self) -> Vec<String>;

    /// The seat that made each history entry.
    fn history_seats(&self) -> Vec<Seat>;

    /// For each history entry, whether it is an automatic pass: recorded by the engine,
    /// never typed.
    fn automatic(&self) -> Vec<bool> {
        vec![false; self.history().len()]
    }

    /// Ends the game, or takes one player out of a game of more than two, by the
    /// service's rules: resignation, time running out, or a draw all players agreed
    /// (`seat` is then the player whose consent completed it). Returns what followed
    /// beyond the ending itself (eliminations it brought about).
    fn end(&mut self, seat: Seat, ending: Ending) -> Result<Vec<Self::Note>, Self::Error>;

    /// The endings applied so far, each with the number of history entries before it.
    fn endings(&self) -> Vec<EndingAt>;

    /// What happened in the history from entry `from` on, beyond the actions' texts
    /// (captures, passes, eliminations).
    fn notes_since(&self, from: usize) -> Vec<Self::Note>;

    /// What playing `action` now would do (it captures c4), for menus.
    fn preview(&self, action: Self::Action) -> Option<Self::Preview>;

    /// Pieces on the board, rank by rank from the first player's side.
    fn pieces(&self) -> Vec<BoardPiece>;

    /// Pieces not yet on the board, if the game has any.
    fn hands(&self) -> Option<InHand> {
        None
    }

    /// A text diagram of the board and the state of each player (no header, no result).
    fn board_diagram(&self) -> String;

    /// Another way to write a legal action, shown beside it (xiangqi's WXF).
    fn alt_text(&self, _action: Self::Action) -> Option<String> {
        None
    }

    /// Another notation of each history entry, shown beside it in records (xiangqi's
    /// WXF, as written in the position before the move).
    fn history_asides(&self) -> Vec<Option<String>> {
        vec![None; self.history().len()]
    }

    /// History entries as records show them (xiangqi adds the WXF: `h2-e2 (C2.5)`).
    fn history_display(&self) -> Vec<String> {
        self.history()
            .into_iter()
            .zip(self.history_asides())
            .map(|(text, aside)| match aside {
                Some(aside) => format!("{text} ({aside})"),
                None => text,
            })
            .collect()
    }

    /// A short title: the game and its options, for headers and lists.
    fn title(&self) -> String {
        self.kind().to_string()
    }

    fn name(&self) -> &'static str {
        self.kind().name()
    }

    fn seat_count(&self) -> usize {
        self.kind().seat_count()
    }

    /// The seats still in the game, in turn order. In a two-player game: both while it
    /// goes on; once it is over, the winner (both for a draw).
    fn seats_in(&self) -> Vec<Seat> {
        let all = Seat::all(self.seat_count());
        match self.outcome() {
            Some(o) if !o.is_draw() => o.winners.clone(),
            _ => all,
        }
    }

    /// The final order, best first, players sharing a place grouped together: winners
    /// first; a draw (or a game still going on) puts everyone first.
    fn standings(&self) -> Vec<Vec<Seat>> {
        let all = Seat::all(self.seat_count());
        match self.outcome() {
            Some(o) if !o.is_draw() => {
                let losers: Vec<Seat> =
                    all.into_iter().filter(|s| !o.winners.contains(s)).collect();
                let mut out = vec![o.winners.clone()];
                if !losers.is_empty() {
                    out.push(losers);
                }
                out
            }
            _ => vec![all],
        }
    }
}

/// The ending of a game of two players by the service's rules: the other player wins a
/// resignation or a timeout; an agreement is a draw.
pub fn two_player_outcome(seat: Seat, ending: Ending) -> Outcome {
    match ending {
        Ending::Resign | Ending::Timeout => Outcome {
            winners: Seat::all(2).into_iter().filter(|s| *s != seat).collect(),
            reason: ending.reason(),
        },
        Ending::AgreedDraw => Outcome::draw(ending.reason()),
    }
}

/// Why a two-player game cannot take an ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndRefused {
    /// The game is over already.
    Over(Outcome),
    /// The seat does not play in a game of two.
    NoSuchSeat(Seat),
}

/// Applies an ending to a game of two: the outcome it brings, recorded with the number
/// of history entries before it. Shared by the two-player engines.
pub fn end_two_player(
    outcome: &mut Option<Outcome>,
    endings: &mut Vec<EndingAt>,
    ply: usize,
    seat: Seat,
    ending: Ending,
) -> Result<(), EndRefused> {
    if let Some(over) = outcome {
        return Err(EndRefused::Over(over.clone()));
    }
    if seat.index() >= 2 {
        return Err(EndRefused::NoSuchSeat(seat));
    }
    *outcome = Some(two_player_outcome(seat, ending));
    endings.push(EndingAt { ply, seat, ending });
    Ok(())
}

/// The ending methods of [`Game`] for a game of two whose engine keeps `outcome`,
/// `endings` and `steps` fields: an ending comes after every step so far.
macro_rules! two_player_endings {
    () => {
        fn end(
            &mut self,
            seat: $crate::Seat,
            ending: $crate::Ending,
        ) -> Result<Vec<Self::Note>, Self::Error> {
            let ply = self.steps.len();
            $crate::end_two_player(&mut self.outcome, &mut self.endings, ply, seat, ending)?;
            Ok(Vec::new())
        }

        fn endings(&self) -> Vec<$crate::EndingAt> {
            self.endings.clone()
        }
    };
}
pub(crate) use two_player_endings;

/// [`GameSetup`] for a game of two without options, started by `$engine::new()`.
macro_rules! setup_without_options {
    ($engine:ident, $kind:ident) => {
        impl $crate::GameSetup for $engine {
            type Options = ();
            const KIND: $crate::GameKind = $crate::GameKind::$kind;
            const SEATS: u8 = 2;
            const OPTIONS: &'static [$crate::OptionSpec] = &[];

            fn start(_: ()) -> $engine {
                $engine::new()
            }

            fn read_options(_: &$crate::OptionValues) {}

            fn write_options(_: &()) -> $crate::OptionValues {
                $crate::OptionValues::new()
            }
        }
    };
}
pub(crate) use setup_without_options;
