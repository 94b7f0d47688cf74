//! Tournaments of a server: round-robin sections whose games all start at once, and Swiss
//! events paired a round at a time by the FIDE Dutch system (the `boardpost-pairing`
//! crate). A file per use case; this one holds the request, its dispatch, and finding the
//! tournament a request means.

mod create;
mod crosstable;
mod entry;
mod progress;
mod show;
mod standings;
mod start;
mod withdraw;

use super::words::numbered;
use super::{refuse, Caller, Reply, Result, Table, TableError};
use crate::i18n::words::game_title;
use crate::i18n::Lang;
use crate::ids::{TournamentId, UserId};
use crate::msg;
use crate::store::{TournamentRecord, TournamentState};

pub use crate::store::TournamentFormat;
pub use create::{parse_format, ByeScore, StartRule, TournamentSettings};
pub(super) use progress::{loser_on_time, pairing_result};

/// What `/tournament` asks.
#[derive(Clone, Debug)]
pub enum TournamentRequest {
    Create(TournamentSettings),
    /// The caller enters; or the organiser enters the bot.
    Join {
        tournament: Option<TournamentId>,
        player: Option<UserId>,
    },
    /// Leave before the start.
    Leave(Option<TournamentId>),
    Start(Option<TournamentId>),
    Pairings {
        tournament: Option<TournamentId>,
        round: Option<u16>,
    },
    /// The standings, and page `page` of the crosstable (a Swiss's has 20 players a
    /// page; the first if not given).
    Standings {
        tournament: Option<TournamentId>,
        page: Option<u16>,
    },
    /// The caller withdraws, or the organiser removes `player`.
    Withdraw {
        tournament: Option<TournamentId>,
        player: Option<UserId>,
    },
    /// The server's tournaments, newest first, older than `before` if given.
    List {
        before: Option<TournamentId>,
    },
    /// The tournament as a TRF-16 file, for FIDE's pairing programs.
    Export(Option<TournamentId>),
}

/// How many tournaments a command without a number looks among.
const NEARBY: i64 = 10;

impl Table {
    /// `/tournament`: every use case of a tournament.
    pub async fn tournament(&self, caller: &Caller, req: TournamentRequest) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        match req {
            TournamentRequest::Create(settings) => {
                self.create_tournament(caller, settings, langs).await
            }
            TournamentRequest::Join { tournament, player } => {
                self.join_tournament(caller, tournament, player, langs)
                    .await
            }
            TournamentRequest::Leave(id) => self.leave_tournament(caller, id, langs).await,
            TournamentRequest::Start(id) => self.start_tournament(caller, id, langs).await,
            TournamentRequest::Pairings { tournament, round } => {
                self.tournament_pairings(caller, tournament, round, langs)
                    .await
            }
            TournamentRequest::Standings { tournament, page } => {
                self.tournament_standings(caller, tournament, page, langs)
                    .await
            }
            TournamentRequest::Withdraw { tournament, player } => {
                self.withdraw_from_tournament(caller, tournament, player, langs)
                    .await
            }
            TournamentRequest::List { before } => {
                self.list_tournaments(caller, before, langs).await
            }
            TournamentRequest::Export(id) => self.export_tournament(caller, id, langs).await,
        }
    }

    /// The tournament a request means: the one named (of this server only), else the one
    /// of the latest the caller entered or that were made in this channel that `fits`
    /// (of several, the one not finished).
    async fn find_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        fits: impl Fn(&TournamentRecord) -> bool,
    ) -> Result<TournamentRecord> {
        if let Some(id) = id {
            return match self.store.tournament(caller.guild, id).await? {
                Some(record) => Ok(record),
                None => refuse(msg!("no-such-tournament", tournament = id.to_string())),
            };
        }
        let near = self
            .store
            .tournaments_near(caller.guild, caller.user, caller.channel, NEARBY)
            .await?;
        let mut found = Vec::new();
        for id in near {
            // A damaged one is named if nothing else is found.
            match self.store.tournament(caller.guild, id).await {
                Ok(Some(record)) if fits(&record) => found.push(record),
                Ok(_) => {}
                Err(e @ crate::store::StoreError::DamagedTournament { .. }) => {
                    tracing::error!("{e}: left out of a choice");
                }
                Err(e) => return Err(e.into()),
            }
        }
        // Of several, the one going on or taking entries, if only one is.
        if found.len() > 1 {
            let live: Vec<usize> = (0..found.len())
                .filter(|i| found[*i].row.state != TournamentState::Finished)
                .collect();
            if let [one] = live.as_slice() {
                return Ok(found.remove(*one));
            }
        }
        match found.len() {
            1 => Ok(found.remove(0)),
            0 => refuse(msg!("no-tournament-here")),
            _ => {
                let ids = numbered(found.iter().map(|t| t.row.id));
                refuse(msg!("which-tournament", tournaments = ids))
            }
        }
    }

    /// Whether the caller may run the tournament: its creator, or a manager of the server.
    fn organises(caller: &Caller, record: &TournamentRecord) -> bool {
        record.row.organiser == caller.user || caller.manages_server
    }
}

/// The title of a tournament's game in `lang`; a game that cannot be read is damage.
fn title_of(record: &TournamentRecord, lang: Lang) -> Result<String> {
    super::new_game::stored_options(&record.row.kind, &record.row.options)
        .map(|options| game_title(&options.start()).tr(lang))
        .map_err(|why| TableError::CorruptTournament {
            tournament: record.row.id,
            why,
        })
}

/// Whether a tournament goes on.
fn running(record: &TournamentRecord) -> bool {
    record.row.state == TournamentState::Running
}
