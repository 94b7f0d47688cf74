//! `/tournament join` and `/tournament leave`: entries before the start. The last place
//! taken of a tournament that starts when full starts it.

use super::super::{refuse, Caller, Langs, Reply, Result, Table};
use super::TournamentRecord;
use crate::i18n::Lang;
use crate::ids::{TournamentId, UserId};
use crate::msg;
use crate::store::{Entry, Leaving, TournamentState};

fn is_open(record: &TournamentRecord) -> bool {
    record.row.state == TournamentState::Open
}

impl Table {
    pub(super) async fn join_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        player: Option<UserId>,
        langs: Langs,
    ) -> Result<Reply> {
        let record = self.find_tournament(caller, id, is_open).await?;
        let number = record.row.id.to_string();
        // Only the bot is entered by someone else, and only by the organiser: a person
        // enters themselves.
        let user = match player {
            None => caller.user,
            Some(user) if user == caller.user => user,
            Some(user) if Some(user) == self.bot_user() => {
                if !Self::organises(caller, &record) {
                    return refuse(msg!("tournament-organiser-only", tournament = number));
                }
                user
            }
            Some(_) => return refuse(msg!("tournament-join-yourself")),
        };
        let entry = self
            .store
            .join_tournament(caller.guild, record.row.id, user, self.now())
            .await?;
        let lang = langs.public;
        let (entrants, full) = match entry {
            Entry::Joined { entrants, full } => (entrants, full),
            Entry::AlreadyIn => return refuse(msg!("tournament-already-in", tournament = number)),
            Entry::Full => return refuse(msg!("tournament-full", tournament = number)),
            Entry::NotOpen => return refuse(msg!("tournament-not-open", tournament = number)),
        };
        let mut reply = Reply::public(
            msg!(
                "tournament-joins",
                user = user.mention(),
                tournament = number.as_str(),
                players = entrants,
                most = record.row.max_players
            )
            .tr(lang),
        );
        if full && record.row.start_when_full {
            // The entry is made; a start that fails here is made by the background look.
            match self.start_by_rule(record.row.id, lang).await {
                Ok(started) => reply.text += &format!("\n{started}"),
                Err(e) => {
                    tracing::warn!(tournament = %record.row.id, "a full tournament did not start: {e}")
                }
            }
        }
        Ok(reply)
    }

    pub(super) async fn leave_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        langs: Langs,
    ) -> Result<Reply> {
        let user = caller.user;
        let record = self
            .find_tournament(caller, id, |t| {
                is_open(t) && t.entrants.iter().any(|e| e.user == user)
            })
            .await?;
        let number = record.row.id.to_string();
        match self
            .store
            .leave_tournament(caller.guild, record.row.id, user)
            .await?
        {
            Leaving::Left => Ok(Reply::public(
                msg!(
                    "tournament-leaves",
                    user = user.mention(),
                    tournament = number
                )
                .tr(langs.public),
            )),
            Leaving::NotIn => refuse(msg!("tournament-not-in", tournament = number)),
            Leaving::NotOpen => refuse(msg!("tournament-leave-started", tournament = number)),
        }
    }

    /// Starts a tournament that starts when full, if it is: what its start says.
    pub(super) async fn start_by_rule(&self, id: TournamentId, lang: Lang) -> Result<String> {
        let Some(record) = self.store.tournament_anywhere(id).await? else {
            return Ok(String::new());
        };
        let full = record.entrants.len() >= usize::from(record.row.max_players);
        if !(is_open(&record) && record.row.start_when_full && full) {
            return Ok(String::new());
        }
        Ok(self.start_record(record, lang).await?.text)
    }
}
