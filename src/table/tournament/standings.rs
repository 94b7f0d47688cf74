//! A tournament as the pairing crate sees it (players by pairing number, what each did in
//! every round), and what is made of it: standings with the tie-breaks of FIDE's C.07, the
//! text of a crosstable, and the TRF-16 export.

use super::super::reply::with_names;
use super::super::{refuse, Attachment, Caller, Langs, Reply, Result, Table};
use crate::i18n::{Lang, Msg};
use crate::ids::{TournamentId, UserId};
use crate::msg;
use crate::store::{
    BoardResult, PairingRow, Side, TournamentFormat, TournamentRecord, TournamentState, Withdrawal,
};
use boardpost_pairing::tiebreak::{self, Standing, TieBreak, TieBreaks};
use boardpost_pairing::{Colour, GameResult, Player, PointSystem, RoundEntry, Tournament};

/// The tie-breaks of a round-robin and of a Swiss, in order (issue 44, C.07).
const ROUND_ROBIN_TIE_BREAKS: [TieBreak; 3] = [
    TieBreak::SonnebornBerger,
    TieBreak::DirectEncounter,
    TieBreak::Wins,
];
const SWISS_TIE_BREAKS: [TieBreak; 4] = [
    TieBreak::BuchholzCut1,
    TieBreak::Buchholz,
    TieBreak::SonnebornBerger,
    TieBreak::DirectEncounter,
];

/// How many lines of standings an announcement shows; the command shows them all.
const ANNOUNCED_LINES: usize = 10;

pub(super) fn tie_breaks(format: TournamentFormat) -> &'static [TieBreak] {
    match format {
        TournamentFormat::Swiss => &SWISS_TIE_BREAKS,
        _ => &ROUND_ROBIN_TIE_BREAKS,
    }
}

/// Whether a pairing's result is known: played to the end, decided without play, struck
/// out, or a bye.
pub(super) fn decided(p: &PairingRow) -> bool {
    p.black.is_none() || p.result.is_some() || p.forfeit.is_some() || p.struck
}

/// The user with a pairing number.
pub(super) fn user_numbered(record: &TournamentRecord, number: u16) -> Option<UserId> {
    record
        .entrants
        .iter()
        .find(|e| e.number == Some(number))
        .map(|e| e.user)
}

/// The mention of the player numbered `number`, else `#number`.
pub(super) fn mentioned(record: &TournamentRecord, number: u16) -> String {
    user_numbered(record, number).map_or_else(|| format!("#{number}"), |u| u.mention())
}

/// Whether every game of the player numbered `player` was struck out: their own
/// withdrawal strikes out every game of theirs; another's only the one against them.
pub(super) fn all_struck(record: &TournamentRecord, player: u16) -> bool {
    let mut games = record
        .pairings
        .iter()
        .filter(|p| p.black.is_some() && (p.white == player || p.black == Some(player)));
    games.clone().next().is_some() && games.all(|p| p.struck)
}

/// The pairing number of a user.
pub(super) fn number_of(record: &TournamentRecord, user: UserId) -> Option<u16> {
    record
        .entrants
        .iter()
        .find(|e| e.user == user)
        .and_then(|e| e.number)
}

/// The points of every outcome in this tournament.
fn points(record: &TournamentRecord) -> PointSystem {
    PointSystem {
        pairing_bye: record.row.bye_points,
        ..PointSystem::default()
    }
}

/// The tournament as the pairing crate reads it, over its first `rounds` rounds: a game
/// not yet decided counts as not played; a round-robin's bye is a rest, a Swiss's the
/// pairing-allocated bye; a result struck out counts for nobody. Players withdrawn are
/// absent from the next round.
pub(super) fn engine_view(
    record: &TournamentRecord,
    names: &[(UserId, String)],
    rounds: u16,
) -> Tournament {
    let count = record.entrants.len();
    let mut players: Vec<Player> = (1..=count as u16)
        .map(|id| {
            let user = user_numbered(record, id);
            let name = names
                .iter()
                .find(|(u, _)| Some(*u) == user)
                .map_or_else(|| format!("player {id}"), |(_, n)| n.clone());
            Player {
                id,
                name,
                rounds: vec![RoundEntry::Absent; usize::from(rounds)],
                ..Player::default()
            }
        })
        .collect();
    let swiss = record.row.format == TournamentFormat::Swiss;
    let mut set = |number: u16, round: u16, entry: RoundEntry| {
        if let Some(player) = players.get_mut(usize::from(number) - 1) {
            player.rounds[usize::from(round) - 1] = entry;
        }
    };
    for p in record.pairings.iter().filter(|p| p.round <= rounds) {
        let Some(black) = p.black else {
            if swiss {
                set(p.white, p.round, RoundEntry::PairingBye);
            }
            continue;
        };
        if p.struck {
            continue;
        }
        let sides = [
            (p.white, black, Colour::White),
            (black, p.white, Colour::Black),
        ];
        if let Some(winner) = p.forfeit {
            for (player, opponent, colour) in sides {
                let won = matches!(
                    (winner, colour),
                    (Side::White, Colour::White) | (Side::Black, Colour::Black)
                );
                set(
                    player,
                    p.round,
                    RoundEntry::Forfeit {
                        opponent,
                        colour: Some(colour),
                        won,
                    },
                );
            }
            continue;
        }
        let Some(result) = p.result else { continue };
        for (player, opponent, colour) in sides {
            let result = match (result, colour) {
                (BoardResult::Draw, _) => GameResult::Draw,
                (BoardResult::Won(Side::White), Colour::White)
                | (BoardResult::Won(Side::Black), Colour::Black) => GameResult::Win,
                _ => GameResult::Loss,
            };
            set(
                player,
                p.round,
                RoundEntry::Played {
                    opponent,
                    colour,
                    result,
                    brief: false,
                },
            );
        }
    }
    Tournament {
        name: format!("boardpost tournament {}", record.row.id),
        total_rounds: record.row.rounds,
        initial_colour: Some(Colour::White),
        points: points(record),
        absent_next: record
            .entrants
            .iter()
            .filter(|e| e.withdrawn.is_some())
            .filter_map(|e| e.number)
            .collect(),
        players,
        ..Tournament::default()
    }
}

/// The rounds standings count: a Swiss's finished rounds; every round of a round-robin,
/// whose games all go on at once (those not over count as not played).
pub(super) fn counted_rounds(record: &TournamentRecord) -> u16 {
    match record.row.format {
        TournamentFormat::Swiss => record.row.rounds_done,
        _ => record.row.rounds_paired,
    }
}

/// The standings of a started tournament over its [`counted_rounds`], best first.
pub(super) fn standings_of(record: &TournamentRecord, names: &[(UserId, String)]) -> Vec<Standing> {
    let rounds = counted_rounds(record);
    let view = engine_view(record, names, rounds);
    let format = match record.row.format {
        TournamentFormat::Swiss => tiebreak::Format::Swiss,
        _ => tiebreak::Format::RoundRobin,
    };
    TieBreaks::new(&view, format, usize::from(rounds)).standings(tie_breaks(record.row.format))
}

/// The players sharing first place: equal to the leader in points and every tie-break.
pub(super) fn winners(standings: &[Standing]) -> Vec<u16> {
    let Some(first) = standings.first() else {
        return Vec::new();
    };
    standings
        .iter()
        .take_while(|s| s.score == first.score && s.tie_breaks == first.tie_breaks)
        .map(|s| s.player)
        .collect()
}

/// Tenths of a point as the reader writes them: "2.5", "2,5".
fn points_msg(tenths: u32) -> Msg {
    crate::table::words::one_decimal(i64::from(tenths) * 10, false)
}

/// A tie-break's value as shown: hundredths of a point for Sonneborn–Berger, tenths for
/// the others but the count of wins.
fn tie_break_msg(tie_break: TieBreak, value: i64) -> Msg {
    let name = match tie_break {
        TieBreak::SonnebornBerger => "sb",
        TieBreak::DirectEncounter => "de",
        TieBreak::Wins => "win",
        TieBreak::Buchholz => "bh",
        TieBreak::BuchholzCut1 => "bh_c1",
    };
    let value = match tie_break {
        TieBreak::Wins => msg!("tie-break-count", number = value),
        TieBreak::SonnebornBerger => msg!(
            "two-decimals",
            whole = value.div_euclid(100),
            hundredths = format!("{:02}", value.rem_euclid(100))
        ),
        _ => crate::table::words::one_decimal(value * 10, false),
    };
    msg!("tie-break-value", name = name, value = value)
}

/// One line of standings per player: place, mention, points, tie-breaks, and whether
/// they withdrew (and their results were struck out).
pub(super) fn standings_lines(
    record: &TournamentRecord,
    standings: &[Standing],
    lang: Lang,
) -> Vec<String> {
    let breaks = tie_breaks(record.row.format);
    standings
        .iter()
        .enumerate()
        .map(|(place, s)| {
            let entrant = record.entrants.iter().find(|e| e.number == Some(s.player));
            let who = entrant.map_or_else(|| format!("#{}", s.player), |e| e.user.mention());
            let values: Vec<String> = breaks
                .iter()
                .zip(&s.tie_breaks)
                .map(|(b, v)| tie_break_msg(*b, *v).tr(lang))
                .collect();
            let mut line = msg!(
                "standings-line",
                place = place + 1,
                user = who,
                points = points_msg(s.score),
                tie_breaks = values.join(", ")
            )
            .tr(lang);
            if let Some(w) = entrant.and_then(|e| e.withdrawn) {
                let struck = all_struck(record, s.player);
                let why = match w.why {
                    Withdrawal::OutOfTime => msg!("standings-out-of-time"),
                    _ => msg!("standings-withdrew"),
                };
                line += &format!(" ({}", why.tr(lang));
                if struck {
                    line += &format!(", {}", msg!("standings-struck-out").tr(lang));
                }
                line += ")";
            }
            line + "\n"
        })
        .collect()
}

impl Table {
    /// Display names of a tournament's entrants.
    pub(super) async fn entrant_names(
        &self,
        record: &TournamentRecord,
    ) -> Result<Vec<(UserId, String)>> {
        let users: Vec<UserId> = record.entrants.iter().map(|e| e.user).collect();
        let names = self.names(&users).await?;
        Ok(users.into_iter().zip(names).collect())
    }

    /// The standings announced after a round or at the end: the leaders, the rest left
    /// to `/tournament standings`.
    pub(super) async fn announced_standings(
        &self,
        record: &TournamentRecord,
        lang: Lang,
    ) -> Result<String> {
        let names = self.entrant_names(record).await?;
        let standings = standings_of(record, &names);
        let lines = standings_lines(record, &standings, lang);
        let mut text: String = lines.iter().take(ANNOUNCED_LINES).cloned().collect();
        if lines.len() > ANNOUNCED_LINES {
            text += &msg!(
                "standings-more",
                count = lines.len() - ANNOUNCED_LINES,
                tournament = record.row.id.to_string()
            )
            .tr(lang);
            text += "\n";
        }
        Ok(text)
    }

    pub(super) async fn tournament_standings(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        page: Option<u16>,
        langs: Langs,
    ) -> Result<Reply> {
        let record = self.find_tournament(caller, id, |_| true).await?;
        let lang = langs.private;
        let number = record.row.id.to_string();
        if record.row.state == TournamentState::Open {
            return refuse(msg!("tournament-not-started", tournament = number));
        }
        let pages = super::crosstable::pages(&record);
        let page = page.unwrap_or(1);
        if !(1..=pages).contains(&page) {
            return refuse(msg!(
                "tournament-no-such-page",
                tournament = number,
                pages = pages
            ));
        }
        let (image_name, image) = self.crosstable_png(&record, page, lang).await?;
        let names = self.entrant_names(&record).await?;
        let rounds = counted_rounds(&record);
        let standings = standings_of(&record, &names);
        let lines = standings_lines(&record, &standings, lang);
        let games = record.pairings.iter().filter(|p| p.black.is_some());
        let header = msg!(
            "standings-header",
            tournament = number.as_str(),
            swiss = if record.row.format == TournamentFormat::Swiss {
                "yes"
            } else {
                "no"
            },
            rounds = rounds,
            over = games.clone().filter(|p| decided(p)).count(),
            games = games.count(),
            finished = if record.row.state == TournamentState::Finished {
                "yes"
            } else {
                "no"
            }
        )
        .tr(lang)
            + "\n";
        let plain = with_names(&format!("{header}{}", lines.concat()), &names);
        // The text stays for screen readers; the image shows the crosstable.
        Ok(Reply {
            image: Some(Attachment {
                name: image_name,
                bytes: image,
            }),
            ..Reply::private_list(
                &header,
                &lines,
                "",
                &format!("tournament-{number}-standings.txt"),
                plain,
                lang,
            )
        })
    }

    /// `/tournament export`: the tournament as TRF-16, over its rounds with every result
    /// known, for FIDE's pairing programs to check.
    pub(super) async fn export_tournament(
        &self,
        caller: &Caller,
        id: Option<TournamentId>,
        langs: Langs,
    ) -> Result<Reply> {
        let record = self.find_tournament(caller, id, |_| true).await?;
        let number = record.row.id.to_string();
        let text = self.trf_of(&record).await?;
        Ok(Reply {
            file: Some(Attachment {
                name: format!("tournament-{number}.trf"),
                bytes: text.into_bytes(),
            }),
            ..Reply::private(
                msg!(
                    "tournament-exported",
                    tournament = number,
                    rounds = complete_rounds(&record),
                    paired = record.row.rounds_paired
                )
                .tr(langs.private),
            )
        })
    }

    /// `boardpost tournament export`: the TRF-16 text of any server's tournament, for
    /// the operator; `None` when there is no such tournament.
    pub async fn tournament_trf(&self, id: TournamentId) -> Result<Option<String>> {
        match self.store.tournament_anywhere(id).await? {
            Some(record) => Ok(Some(self.trf_of(&record).await?)),
            None => Ok(None),
        }
    }

    /// A started tournament as FIDE's TRF-16: its complete rounds, and for a Swiss who
    /// is absent from the next.
    async fn trf_of(&self, record: &TournamentRecord) -> Result<String> {
        if record.row.state == TournamentState::Open {
            return refuse(msg!(
                "tournament-not-started",
                tournament = record.row.id.to_string()
            ));
        }
        let names = self.entrant_names(record).await?;
        let mut view = engine_view(record, &names, complete_rounds(record));
        if record.row.format != TournamentFormat::Swiss {
            // A round-robin's rounds are all known from the start, and none is to pair.
            view.total_rounds = Some(record.row.rounds_paired);
            view.absent_next.clear();
        }
        Ok(boardpost_pairing::trf::write(&view))
    }
}

/// The leading rounds every result of which is known.
pub(super) fn complete_rounds(record: &TournamentRecord) -> u16 {
    (1..=record.row.rounds_paired)
        .take_while(|round| {
            record
                .pairings
                .iter()
                .filter(|p| p.round == *round)
                .all(decided)
        })
        .last()
        .unwrap_or(0)
}
