//! Making a game to start: what an accepted challenge and a tournament's pairing share.
//! The game's options are read back from their stored text, its seats given in order
//! (the first seat moves first), its first time limit counted from now.

use super::Table;
use crate::clock::DAY;
use crate::games::{GameKind, GameOptions};
use crate::i18n::{Lang, Localize};
use crate::ids::{ChannelId, GuildId, UserId};
use crate::store::{encode_options, encode_state, NewGame};
use std::str::FromStr;

/// What a new game is made of.
pub(super) struct GameSetup<'a> {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub kind: &'a str,
    /// The options as stored (a JSON array of `key=value` texts).
    pub options: &'a str,
    pub days_per_move: i64,
    /// Users by seat, each with the bot's level where the bot plays the seat.
    pub seats: Vec<(UserId, Option<u8>)>,
    /// When the first player's time starts: now, or their return from vacation.
    pub first_turn_at: i64,
}

/// A game's kind and options read back from their stored texts.
pub(super) fn stored_options(kind: &str, options: &str) -> Result<GameOptions, String> {
    crate::store::decode_options(options)
        .map_err(|why| format!("its options cannot be read: {why}"))
        .and_then(|pairs| {
            GameKind::from_str(kind)
                .and_then(|kind| GameOptions::parse(kind, &pairs))
                .map_err(|e| e.tr(Lang::En))
        })
}

impl Table {
    /// The game `setup` describes, at its start position, or why it cannot start.
    pub(super) fn new_game(&self, setup: GameSetup<'_>) -> Result<NewGame, String> {
        let options = stored_options(setup.kind, setup.options)
            .map_err(|e| format!("it cannot start: {e}"))?;
        let game = options.start();
        let now = self.now();
        let deadline = setup
            .days_per_move
            .checked_mul(DAY)
            .and_then(|span| setup.first_turn_at.max(now).checked_add(span))
            .ok_or_else(|| {
                format!(
                    "its {} days per move put the deadline past the end of time",
                    setup.days_per_move
                )
            })?;
        Ok(NewGame {
            guild: setup.guild,
            channel: setup.channel,
            kind: setup.kind.to_string(),
            options: encode_options(&options),
            state: encode_state(&game),
            days_per_move: setup.days_per_move,
            now,
            deadline,
            bots: setup
                .seats
                .iter()
                .enumerate()
                .filter_map(|(i, (_, level))| Some((i as u8 + 1, (*level)?)))
                .collect(),
            seats: setup.seats.into_iter().map(|(user, _)| user).collect(),
        })
    }
}
