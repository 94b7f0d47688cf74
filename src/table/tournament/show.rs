//! `/tournament pairings [round]` and `/tournament list`: what is paired and what is on.

use super::super::suggest::{Choice, MAX_CHOICES};
use super::super::{refuse, Caller, Langs, Reply, Result, Table};
use super::create::format_msg;
use super::standings::mentioned;
use super::TournamentRecord;
use crate::i18n::{Lang, Msg};
use crate::ids::TournamentId;
use crate::msg;
use crate::store::{BoardResult, PairingRow, Side, TournamentState};

/// Tournaments a page of `/tournament list` shows.
const LISTED: i64 = 10;

/// How many of the newest tournaments autocomplete looks through for words typed (a
/// number typed is looked up among all of them).
const SCANNED: i64 = 100;

/// A tournament's state as the words of the lists name it.
fn state_word(state: TournamentState) -> &'static str {
    match state {
        TournamentState::Open => "open",
        TournamentState::Running => "running",
        TournamentState::Finished => "finished",
    }
}

/// A pairing's result as a crosstable writes it: "1–0", "½–½", "+–−" (forfeit), or
/// nothing yet.
pub(super) fn result_msg(p: &PairingRow) -> Msg {
    let text = match (p.struck, p.forfeit, p.result) {
        (true, _, _) => "struck",
        (_, Some(Side::White), _) => "white_forfeit",
        (_, Some(Side::Black), _) => "black_forfeit",
        (_, _, Some(BoardResult::Won(Side::White))) => "white",
        (_, _, Some(BoardResult::Won(Side::Black))) => "black",
        (_, _, Some(BoardResult::Draw)) => "draw",
        (_, _, None) => "going_on",
    };
    msg!("pairing-result", result = text)
}

fn pairing_line(record: &TournamentRecord, p: &PairingRow, lang: Lang) -> String {
    let who = |number: u16| mentioned(record, number);
    match p.black {
        None => msg!("pairing-bye", board = p.board, user = who(p.white)).tr(lang),
        Some(black) => msg!(
            "pairing-line",
            board = p.board,
            white = who(p.white),
            black = who(black),
            result = result_msg(p),
            game = p.game.map_or_else(String::new, |g| g.to_string())
        )
        .tr(lang),
    }
}

impl Table {
    pub(super) async fn tournament_pairings(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        round: Option<u16>,
        langs: Langs,
    ) -> Result<Reply> {
        let record = self.find_tournament(caller, id, |_| true).await?;
        let number = record.row.id.to_string();
        let lang = langs.private;
        if record.row.state == TournamentState::Open {
            return refuse(msg!("tournament-not-started", tournament = number));
        }
        // The round asked for, else the first with a game going on, else the last.
        let round = round.unwrap_or_else(|| {
            record
                .pairings
                .iter()
                .find(|p| !super::standings::decided(p))
                .map_or(record.row.rounds_paired, |p| p.round)
        });
        if round == 0 || round > record.row.rounds_paired {
            return refuse(msg!(
                "tournament-no-such-round",
                tournament = number,
                round = round,
                paired = record.row.rounds_paired
            ));
        }
        let lines: Vec<String> = record
            .pairings
            .iter()
            .filter(|p| p.round == round)
            .map(|p| pairing_line(&record, p, lang) + "\n")
            .collect();
        let header = msg!(
            "pairings-header",
            tournament = number.as_str(),
            round = round,
            rounds = record.row.rounds.unwrap_or(record.row.rounds_paired)
        )
        .tr(lang)
            + "\n";
        let names = self.entrant_names(&record).await?;
        let plain = crate::table::reply::with_names(&format!("{header}{}", lines.concat()), &names);
        Ok(Reply::private_list(
            &header,
            &lines,
            "",
            &format!("tournament-{number}-round-{round}.txt"),
            plain,
            lang,
        ))
    }

    pub(super) async fn list_tournaments(
        &self,
        caller: &Caller,
        before: Option<TournamentId>,
        langs: Langs,
    ) -> Result<Reply> {
        let lang = langs.private;
        let page = self
            .store
            .tournaments_of(caller.guild, before, LISTED)
            .await?;
        if page.tournaments.is_empty() && page.damaged.is_empty() {
            return Ok(Reply::private(msg!("tournament-none").tr(lang)));
        }
        let mut text = msg!("tournament-list-header").tr(lang) + "\n";
        for t in &page.tournaments {
            let row = &t.row;
            let state = state_word(row.state);
            text += &msg!(
                "tournament-list-line",
                tournament = row.id.to_string(),
                game = msg!("title-plain", game = row.kind.as_str()),
                format = format_msg(row.format, row.rounds),
                players = t.entrants,
                most = row.max_players,
                state = state,
                organiser = row.organiser.mention()
            )
            .tr(lang);
            text += "\n";
        }
        for (id, _) in &page.damaged {
            text += &msg!("tournament-list-damaged", tournament = id.to_string()).tr(lang);
            text += "\n";
        }
        if page.more {
            let oldest = page
                .tournaments
                .iter()
                .map(|t| t.row.id)
                .chain(page.damaged.iter().map(|d| d.0))
                .min();
            if let Some(oldest) = oldest {
                text += &msg!("tournament-list-more", before = oldest.to_string()).tr(lang);
            }
        }
        Ok(Reply::private(text))
    }

    /// Autocomplete of a tournament's number: this server's tournaments, newest first,
    /// those whose number begins with the digits typed, or whose label holds the words
    /// typed; at most [`MAX_CHOICES`].
    pub async fn suggest_tournaments(&self, caller: &Caller, typed: &str) -> Result<Vec<Choice>> {
        let lang = self.langs(caller).await?.private;
        let typed = typed.trim().trim_start_matches('#').trim();
        let limit = MAX_CHOICES as i64;
        let page = if typed.is_empty() {
            self.store.tournaments_of(caller.guild, None, limit).await?
        } else if typed.bytes().all(|b| b.is_ascii_digit()) {
            self.store
                .tournaments_numbered(caller.guild, typed, limit)
                .await?
        } else {
            self.store
                .tournaments_of(caller.guild, None, SCANNED)
                .await?
        };
        let words = typed.to_lowercase();
        Ok(page
            .tournaments
            .iter()
            .map(|t| {
                let row = &t.row;
                Choice {
                    label: msg!(
                        "suggest-tournament",
                        tournament = row.id.to_string(),
                        game = msg!("game-name", game = row.kind.as_str()),
                        format = format_msg(row.format, row.rounds),
                        state = state_word(row.state)
                    )
                    .tr(lang),
                    value: row.id.to_string(),
                }
            })
            .filter(|c| {
                words.is_empty()
                    || words.bytes().all(|b| b.is_ascii_digit())
                    || c.label.to_lowercase().contains(&words)
            })
            .take(MAX_CHOICES)
            .collect())
    }
}
