//! Looking at games: the board, the record, lists, exports, rules, settings, ratings.

use super::reply::with_names;
use super::{refuse, Attachment, Caller, Reply, Result, Table};
use crate::clock::describe_span;
use crate::games::{AnyGame, Ending, Game, GameKind, GameOptions, Seat};
use crate::ids::{GameId, UserId};
use crate::render::RenderOptions;
use crate::store::{GameStatus, UserSettings};
use std::str::FromStr;

/// What `/settings` changes; `None` leaves a setting as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct SettingsChange {
    pub ping_thread: Option<bool>,
    pub ping_dm: Option<bool>,
    pub remind_half: Option<bool>,
    pub remind_last_day: Option<bool>,
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl Table {
    /// `/board`: the current image and whose turn it is.
    pub async fn board(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let status = match loaded.to_move_user() {
            Some(user) if !loaded.is_over() => {
                let left = loaded.row.deadline.map_or(0, |d| d - self.now());
                format!("{} to move, {} left", user.mention(), describe_span(left))
            }
            _ => format!("over: {}", loaded.result_text()),
        };
        let viewer = loaded.seat_of(caller.user);
        Ok(Reply {
            text: format!(
                "Game #{} · {} · {status}.",
                loaded.id(),
                loaded.game.title()
            ),
            image: Some(self.image(&loaded, viewer).await?),
            ..Reply::default()
        })
    }

    /// `/history`: the record in canonical notation, a line per turn.
    pub async fn history(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let turns = turns_shown(&loaded.game);
        let header = format!("Game #{} · {}\n", loaded.id(), loaded.game.title());
        let lines: Vec<String> = turns
            .iter()
            .enumerate()
            .map(|(i, (seat, actions))| {
                format!(
                    "{:>3}. {} {}\n",
                    i + 1,
                    loaded.user_at(*seat).mention(),
                    actions.join(" ")
                )
            })
            .collect();
        let footer = match (turns.is_empty(), loaded.is_over()) {
            (_, true) => format!("Result: {}.", loaded.result_text()),
            (true, false) => "No moves yet.".to_string(),
            (false, false) => String::new(),
        };
        let names = self.names(&loaded.row.seats).await?;
        let users: Vec<(UserId, String)> = loaded.row.seats.iter().copied().zip(names).collect();
        let plain = with_names(&format!("{header}{}{footer}\n", lines.concat()), &users);
        Ok(Reply::private_list(
            &header,
            &lines,
            &footer,
            &format!("game-{}-history.txt", loaded.id()),
            plain,
        ))
    }

    /// `/games`: a user's games going on in this server, with whose turn and deadline.
    pub async fn games(&self, caller: &Caller, user: Option<UserId>) -> Result<Reply> {
        self.greet(caller).await?;
        let user = user.unwrap_or(caller.user);
        let rows = self.store.games_of(caller.guild, user, true).await?;
        if rows.is_empty() {
            return Ok(Reply::private(format!(
                "{} has no game going on here. /play starts one.",
                user.mention()
            )));
        }
        let header = format!("Games of {}:\n", user.mention());
        let mut lines = Vec::new();
        let mut users: Vec<UserId> = vec![user];
        for row in rows {
            let loaded = self.load(row).await?;
            let opponents: Vec<String> = loaded
                .row
                .seats
                .iter()
                .filter(|u| **u != user)
                .map(|u| u.mention())
                .collect();
            let turn = match loaded.to_move_user() {
                Some(u) if u == user => "**your move**".to_string(),
                Some(u) => format!("{} to move", u.mention()),
                None => "over".to_string(),
            };
            let left = loaded.row.deadline.map_or(0, |d| d - self.now());
            lines.push(format!(
                "• #{} {} vs {} · {turn} · {} left\n",
                loaded.id(),
                loaded.game.title(),
                opponents.join(", "),
                describe_span(left)
            ));
            for seat in &loaded.row.seats {
                if !users.contains(seat) {
                    users.push(*seat);
                }
            }
        }
        let names = self.names(&users).await?;
        let users: Vec<(UserId, String)> = users.into_iter().zip(names).collect();
        let plain = with_names(&format!("{header}{}", lines.concat()), &users);
        Ok(Reply::private_list(&header, &lines, "", "games.txt", plain))
    }

    /// `/export`: the record as a text file that `boardpost replay` reads back.
    pub async fn export(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        let names = self.names(&loaded.row.seats).await?;
        let options: Vec<String> = loaded
            .option_pairs()
            .iter()
            .map(|o| format!("-o {o}"))
            .collect();
        let players: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("seat {}: {n}", i + 1))
            .collect();
        let mut text = format!(
            "# boardpost game #{} · {}\n# {}\n# result: {}\n# replay: boardpost replay {} {} - < this-file\n",
            loaded.id(),
            loaded.game.title(),
            players.join(", "),
            match loaded.outcome() {
                Some(o) => o.to_string(),
                None => "still going on".to_string(),
            },
            loaded.row.kind,
            options.join(" ")
        );
        text += &record_lines(&loaded.game, &names);
        Ok(Reply {
            text: format!(
                "The record of game #{}: `boardpost replay` reads it back.",
                loaded.id()
            ),
            file: Some(Attachment {
                name: format!("{}-{}.txt", loaded.row.kind, loaded.id()),
                bytes: text.into_bytes(),
            }),
            ephemeral: true,
            ..Reply::default()
        })
    }

    /// `/rules`: short rules and notation, with an example board.
    pub async fn rules(&self, game: &str) -> Result<Reply> {
        let Ok(kind) = GameKind::from_str(game) else {
            return refuse(format!(
                "there is no game called “{game}”: choose one of {}",
                GameKind::names().join(", ")
            ));
        };
        let help = kind.help();
        let mut example = GameOptions::parse(kind, &[] as &[&str])
            .map_err(|e| super::TableError::Refused(e.to_string()))?
            .start();
        // A few opening actions, so the picture shows stones and a highlighted turn.
        for _ in 0..6 {
            let legal = example.legal();
            let pick = legal.get(legal.len() / 3).cloned();
            if let Some(action) = pick {
                let _ = example.play(&action);
            }
        }
        let bytes = self
            .picture(
                example,
                RenderOptions::new(["first player", "second player"]),
            )
            .await?;
        Ok(Reply {
            text: help.to_string(),
            image: Some(Attachment {
                name: format!("{kind}-rules.png"),
                bytes,
            }),
            ephemeral: true,
            ..Reply::default()
        })
    }

    /// `/settings`: change and show how the caller is pinged and reminded.
    pub async fn settings(&self, caller: &Caller, change: SettingsChange) -> Result<Reply> {
        self.greet(caller).await?;
        let mut s: UserSettings = self.store.settings(caller.user).await?;
        s.ping_thread = change.ping_thread.unwrap_or(s.ping_thread);
        s.ping_dm = change.ping_dm.unwrap_or(s.ping_dm);
        s.remind_half = change.remind_half.unwrap_or(s.remind_half);
        s.remind_last_day = change.remind_last_day.unwrap_or(s.remind_last_day);
        if !s.ping_thread && !s.ping_dm {
            return refuse("you would never hear of your moves: keep ping_thread or ping_dm on");
        }
        self.store.set_settings(caller.user, s).await?;
        Ok(Reply::private(format!(
            "Your settings: ping in the game thread {}, by direct message {}; reminder at half time {}, a day before the end {}.",
            yes_no(s.ping_thread),
            yes_no(s.ping_dm),
            yes_no(s.remind_half),
            yes_no(s.remind_last_day)
        )))
    }

    /// `/leaderboard`: the best ratings of a game in this server.
    pub async fn leaderboard(&self, caller: &Caller, game: &str) -> Result<Reply> {
        self.greet(caller).await?;
        let Ok(kind) = GameKind::from_str(game) else {
            return refuse(format!(
                "there is no game called “{game}”: choose one of {}",
                GameKind::names().join(", ")
            ));
        };
        let kind = kind.name();
        let rows = self.store.leaderboard(caller.guild, kind, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::public(format!(
                "No rated {kind} games on this server yet."
            )));
        }
        let mut text = format!("**{kind}** ratings on this server:\n");
        for (i, r) in rows.iter().enumerate() {
            text += &format!(
                "{:>2}. {} {:.0} ({} games: {} won, {} drawn, {} lost)\n",
                i + 1,
                r.user.mention(),
                r.rating,
                r.games,
                r.wins,
                r.draws,
                r.losses
            );
        }
        Ok(Reply::public(text))
    }

    /// Whether a game is still going on (for front ends deciding what to offer).
    pub async fn is_active(&self, caller: &Caller, game: GameId) -> Result<bool> {
        Ok(self
            .store
            .game(caller.guild, game)
            .await?
            .is_some_and(|g| g.status == GameStatus::Active))
    }
}

/// The history as records show it (xiangqi moves with their WXF beside them), grouped
/// into turns.
fn turns_shown(game: &AnyGame) -> Vec<(crate::games::Seat, Vec<String>)> {
    let shown = game.history_display();
    let mut turns: Vec<(crate::games::Seat, Vec<String>)> = Vec::new();
    for ((seat, _), text) in game.history_by_seat().into_iter().zip(shown) {
        match turns.last_mut() {
            Some((s, actions)) if *s == seat => actions.push(text),
            _ => turns.push((seat, vec![text])),
        }
    }
    turns
}

/// The body of a record: one line per turn (its typed actions; a turn of automatic
/// passes as a comment, since replaying makes them again), another notation beside a
/// lone action as a comment (xiangqi's WXF), and a `#! resign N` / `#! timeout N` line
/// where a player left, which `boardpost replay` applies.
fn record_lines(game: &AnyGame, names: &[String]) -> String {
    let history = game.history();
    let entries: Vec<(Seat, String, bool, Option<String>)> = game
        .history_seats()
        .into_iter()
        .zip(history)
        .zip(game.automatic())
        .zip(game.history_asides())
        .map(|(((seat, text), automatic), aside)| (seat, text, automatic, aside))
        .collect();
    let endings = game.endings();
    let mut out = String::new();
    let mut turn: Vec<&(Seat, String, bool, Option<String>)> = Vec::new();
    let flush = |turn: &mut Vec<&(Seat, String, bool, Option<String>)>, out: &mut String| {
        let Some(first) = turn.first() else {
            return;
        };
        let typed: Vec<&str> = turn.iter().filter(|e| !e.2).map(|e| e.1.as_str()).collect();
        match (typed.as_slice(), turn.as_slice()) {
            ([], _) => *out += &format!("# seat {} passes\n", first.0),
            ([one], [(_, _, _, Some(aside))]) => *out += &format!("{one}   # {aside}\n"),
            (all, _) => *out += &format!("{}\n", all.join(" ")),
        }
        turn.clear();
    };
    for ply in 0..=entries.len() {
        for e in endings.iter().filter(|e| e.ply == ply) {
            if e.ending == Ending::AgreedDraw {
                continue;
            }
            flush(&mut turn, &mut out);
            let name = names.get(e.seat.index()).cloned().unwrap_or_default();
            out += &format!(
                "#! {} {}   (seat {} {name} leaves the game)\n",
                e.ending, e.seat, e.seat
            );
        }
        let Some(entry) = entries.get(ply) else {
            break;
        };
        if turn.first().is_some_and(|first| first.0 != entry.0) {
            flush(&mut turn, &mut out);
        }
        turn.push(entry);
    }
    flush(&mut turn, &mut out);
    out
}
