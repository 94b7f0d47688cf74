//! `/tournament create`: a game with its options, a format, days per move, an entry
//! limit, how it starts, whether it is rated, and for a Swiss its rounds and its bye.

use super::super::{
    refuse, Caller, Langs, Reply, Result, Table, TournamentThread, DAYS_PER_MOVE,
    DEFAULT_DAYS_PER_MOVE,
};
use super::TournamentFormat;
use crate::games::{Game, GameKind, GameOptions};
use crate::i18n::words::game_title;
use crate::i18n::Localize;
use crate::msg;
use crate::store::{encode_options, NewTournament, MAX_ENTRANTS, MAX_SWISS_ROUNDS};
use crate::table::words::days;
use std::str::FromStr;

/// The largest round-robin section: twenty players play 190 games at once.
pub const MAX_ROUND_ROBIN: u16 = 20;

/// When a tournament starts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum StartRule {
    /// When the organiser says so.
    #[default]
    ByOrganiser,
    /// As soon as the entry limit is reached.
    WhenFull,
}

/// What the pairing-allocated bye of a Swiss scores.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ByeScore {
    #[default]
    Win,
    Draw,
    Nothing,
}

impl ByeScore {
    /// In tenths of a point.
    fn tenths(self) -> u32 {
        match self {
            ByeScore::Win => 10,
            ByeScore::Draw => 5,
            ByeScore::Nothing => 0,
        }
    }

    /// `1`, `0.5` (or `½`), `0`.
    pub fn parse(text: &str) -> Option<ByeScore> {
        match text.trim().replace(',', ".").as_str() {
            "1" | "1.0" => Some(ByeScore::Win),
            "0.5" | ".5" | "½" | "1/2" => Some(ByeScore::Draw),
            "0" | "0.0" => Some(ByeScore::Nothing),
            _ => None,
        }
    }
}

/// A format as typed: `round_robin` (or `rr`), `double_round_robin` (`double`), `swiss`.
pub fn parse_format(text: &str) -> Option<TournamentFormat> {
    match text.trim().to_ascii_lowercase().replace('-', "_").as_str() {
        "round_robin" | "rr" | "roundrobin" => Some(TournamentFormat::RoundRobin),
        "double_round_robin" | "double" | "drr" => Some(TournamentFormat::DoubleRoundRobin),
        "swiss" => Some(TournamentFormat::Swiss),
        _ => None,
    }
}

/// What `/tournament create` asks for; what is left out takes its default.
#[derive(Clone, Debug, Default)]
pub struct TournamentSettings {
    pub game: String,
    /// `key=value` options of the game.
    pub options: Vec<String>,
    pub format: Option<TournamentFormat>,
    /// A Swiss event's rounds.
    pub rounds: Option<u16>,
    pub days_per_move: Option<i64>,
    /// The entry limit.
    pub max_players: Option<u16>,
    pub start: Option<StartRule>,
    pub rated: Option<bool>,
    /// A Swiss event's bye.
    pub bye: Option<ByeScore>,
}

/// The entry limit when none is given.
fn default_limit(format: TournamentFormat) -> u16 {
    match format {
        TournamentFormat::Swiss => 64,
        _ => 8,
    }
}

impl Table {
    pub(super) async fn create_tournament(
        &self,
        caller: &Caller,
        s: TournamentSettings,
        langs: Langs,
    ) -> Result<Reply> {
        let options =
            match GameKind::from_str(&s.game).and_then(|k| GameOptions::parse(k, &s.options)) {
                Ok(options) => options,
                Err(e) => return refuse(e.msg()),
            };
        let game = options.start();
        let name = options.kind().name();
        if game.seat_count() != 2 {
            return refuse(msg!(
                "tournament-two-players-only",
                game = msg!("game-name", game = name)
            ));
        }
        let format = s.format.unwrap_or(TournamentFormat::RoundRobin);
        let rounds = match (format, s.rounds) {
            (TournamentFormat::Swiss, Some(n)) if (1..=MAX_SWISS_ROUNDS).contains(&n) => Some(n),
            (TournamentFormat::Swiss, Some(n)) => {
                return refuse(msg!(
                    "tournament-rounds-range",
                    rounds = n,
                    most = MAX_SWISS_ROUNDS
                ))
            }
            (TournamentFormat::Swiss, None) => return refuse(msg!("tournament-rounds-needed")),
            (_, Some(_)) => return refuse(msg!("tournament-rounds-swiss-only")),
            (_, None) => None,
        };
        if s.bye.is_some() && format != TournamentFormat::Swiss {
            return refuse(msg!("tournament-bye-swiss-only"));
        }
        let days_per_move = s.days_per_move.unwrap_or(DEFAULT_DAYS_PER_MOVE);
        if !DAYS_PER_MOVE.contains(&days_per_move) {
            return refuse(msg!("bad-days-per-move", days = days_per_move));
        }
        let most = match format {
            TournamentFormat::Swiss => MAX_ENTRANTS,
            _ => MAX_ROUND_ROBIN,
        };
        let max_players = s.max_players.unwrap_or_else(|| default_limit(format));
        if !(2..=most).contains(&max_players) {
            return refuse(msg!(
                "tournament-limit-range",
                players = max_players,
                most = most
            ));
        }
        let start = s.start.unwrap_or_default();
        let rated = s.rated.unwrap_or(true);
        let id = self
            .store
            .create_tournament(&NewTournament {
                guild: caller.guild,
                channel: caller.channel,
                organiser: caller.user,
                kind: name.to_string(),
                options: encode_options(&options),
                format,
                rounds,
                days_per_move,
                max_players,
                start_when_full: start == StartRule::WhenFull,
                rated,
                bye_points: s.bye.unwrap_or_default().tenths(),
                now: self.now(),
            })
            .await?;
        let lang = langs.public;
        let starts = match start {
            StartRule::ByOrganiser => msg!(
                "tournament-starts-by-organiser",
                user = caller.user.mention()
            ),
            StartRule::WhenFull => msg!("tournament-starts-when-full"),
        };
        let thread = msg!(
            "tournament-thread-name",
            tournament = id.to_string(),
            game = msg!("game-name", game = name)
        )
        .tr(lang);
        Ok(Reply {
            tournament_thread: Some(TournamentThread {
                tournament: id,
                name: thread,
            }),
            ..Reply::public(
                msg!(
                    "tournament-created",
                    user = caller.user.mention(),
                    tournament = id.to_string(),
                    title = game_title(&game),
                    format = format_msg(format, rounds),
                    days = days(days_per_move),
                    players = max_players,
                    rated = if rated { "yes" } else { "no" },
                    starts = starts
                )
                .tr(lang),
            )
        })
    }
}

/// The format in words: a round-robin, or a Swiss of five rounds.
pub(super) fn format_msg(format: TournamentFormat, rounds: Option<u16>) -> crate::i18n::Msg {
    match format {
        TournamentFormat::RoundRobin => msg!("tournament-format-round-robin"),
        TournamentFormat::DoubleRoundRobin => msg!("tournament-format-double"),
        TournamentFormat::Swiss => msg!("tournament-format-swiss", rounds = rounds.unwrap_or(0)),
    }
}
