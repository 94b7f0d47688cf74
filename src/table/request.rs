//! What a front end asks the table, whichever front end it is: Discord reads an
//! interaction into a [`Request`], the terminal reads a line into the same, and both have
//! it answered by [`Table::handle`], so that they can never disagree.

use super::Caller;
use super::{
    ChallengeRequest, DrawAction, ExportFormat, LearnRequest, PremoveAction, PuzzleRequest, Reply,
    SettingsChange, Table, TableError, TakebackAction, TournamentRequest, VacationAction,
};
use crate::i18n::Lang;
use crate::ids::{ChallengeId, GameId, UserId};

/// What a command or button asks the table.
#[derive(Clone, Debug)]
pub enum Request {
    Play(ChallengeRequest),
    Accept(Option<ChallengeId>),
    Decline(Option<ChallengeId>),
    Cancel(Option<ChallengeId>),
    Move {
        game: Option<GameId>,
        text: String,
    },
    /// `/board`: the position now, or after `ply` entries of the record.
    Board {
        game: Option<GameId>,
        ply: Option<i64>,
    },
    History(Option<GameId>),
    Games(Option<UserId>),
    Resign(Option<GameId>),
    Draw(Option<GameId>, DrawAction),
    Takeback(Option<GameId>, TakebackAction),
    Rules(String),
    Settings(SettingsChange),
    Leaderboard(String),
    Export {
        game: Option<GameId>,
        format: ExportFormat,
    },
    Hint(Option<GameId>),
    Analyse(Option<GameId>),
    Vacation(VacationAction),
    Premove(Option<GameId>, PremoveAction),
    Tournament(TournamentRequest),
    /// `/learn`: a step of a game's course, privately.
    Learn(LearnRequest),
    Puzzle(PuzzleRequest),
}

impl Table {
    /// Answers a request. Errors become private replies that say what to do next.
    pub async fn handle(&self, caller: &Caller, request: Request) -> Reply {
        let result = match request {
            Request::Play(req) => self.challenge(caller, req).await,
            Request::Accept(id) => self.accept(caller, id).await,
            Request::Decline(id) => self.decline(caller, id).await,
            Request::Cancel(id) => self.cancel(caller, id).await,
            Request::Move { game, text } => self.play_move(caller, game, &text).await,
            Request::Board { game, ply } => self.board_at_ply(caller, game, ply).await,
            Request::History(game) => self.history(caller, game).await,
            Request::Games(user) => self.games(caller, user).await,
            Request::Resign(game) => self.resign(caller, game).await,
            Request::Draw(game, what) => self.draw(caller, game, what).await,
            Request::Takeback(game, what) => self.takeback(caller, game, what).await,
            Request::Rules(game) => self.rules(caller, &game).await,
            Request::Settings(change) => self.settings(caller, change).await,
            Request::Leaderboard(game) => self.leaderboard(caller, &game).await,
            Request::Export { game, format } => self.export_as(caller, game, format).await,
            Request::Hint(game) => self.hint(caller, game).await,
            Request::Analyse(game) => self.analyse(caller, game).await,
            Request::Vacation(action) => self.vacation(caller, action).await,
            Request::Premove(game, action) => self.premove(caller, game, action).await,
            Request::Tournament(req) => self.tournament(caller, req).await,
            Request::Learn(req) => self.learn(caller, req).await,
            Request::Puzzle(req) => self.puzzle(caller, req).await,
        };
        match result {
            // Whoever built it, a reply pings each person once and never the bot.
            Ok(reply) => reply.pinging_people_once(self.bot_user()),
            Err(e) => {
                if let TableError::Store(inner) = &e {
                    tracing::warn!(error = %inner, "a request failed in the store");
                }
                // In the caller's language; where even that cannot be read, English.
                let lang = self.langs(caller).await.map_or(Lang::En, |l| l.private);
                e.into_reply(lang)
            }
        }
    }
}
