//! Looking at games: the board, the record, lists, exports, rules, settings, ratings.

use super::load::{option_pairs, Loaded};
use super::reply::with_names;
use super::words::span;
use super::{refuse, Attachment, Caller, Reply, Result, Table, TableError};
use crate::games::{AnyGame, Ending, Game, GameKind, GameOptions, Seat};
use crate::i18n::words::game_title;
use crate::i18n::{rules_text, LangChoice, Localize, Msg};
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::render::RenderOptions;
use crate::store::UserSettings;
use std::str::FromStr;

/// What `/settings` changes; `None` leaves a setting as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct SettingsChange {
    pub ping_thread: Option<bool>,
    pub ping_dm: Option<bool>,
    pub remind_half: Option<bool>,
    pub remind_last_day: Option<bool>,
    /// The language of what the bot tells the caller.
    pub language: Option<LangChoice>,
    /// The language of the server's public messages (members who manage the server).
    pub server_language: Option<LangChoice>,
    /// Whether the server's finished games get their animated replay posted in their
    /// thread (members who manage the server).
    pub replay_gif: Option<bool>,
    /// Whether the server's puzzle of the day is posted, in the caller's channel
    /// (members who manage the server).
    pub puzzle_of_the_day: Option<bool>,
}

fn on_off(b: bool) -> Msg {
    msg!(if b { "setting-on" } else { "setting-off" })
}

fn language_msg(choice: LangChoice) -> Msg {
    match choice {
        LangChoice::Auto => msg!("language-auto"),
        LangChoice::Fixed(lang) => msg!("language-name", lang = lang.code()),
    }
}

impl Table {
    /// `/board`: the current image and whose turn it is.
    pub async fn board(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        self.board_at_ply(caller, game, None).await
    }

    /// `/board`, with `ply` the position after that many entries of the record and the
    /// turn that led there.
    pub async fn board_at_ply(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        ply: Option<i64>,
    ) -> Result<Reply> {
        let lang = self.greet(caller).await?.public;
        let loaded = self.find_game(caller, game).await?;
        if let Some(ply) = ply {
            return self.board_at(&loaded, caller, ply, lang).await;
        }
        let status = match loaded.to_move_user() {
            Some(user) if !loaded.is_over() => {
                let left = loaded.row.deadline.map_or(0, |d| d - self.now());
                msg!("board-to-move", user = user.mention(), left = span(left))
            }
            _ => msg!("board-over", result = loaded.result_msg()),
        };
        let viewer = loaded.seat_of(caller.user);
        Ok(Reply {
            text: msg!(
                "board-status",
                game = loaded.id().to_string(),
                title = game_title(&loaded.game),
                status = status
            )
            .tr(lang),
            image: Some(self.image(&loaded, viewer, lang).await?),
            ..Reply::default()
        })
    }

    /// `/board ply:K`: the position after `ply` entries of the record, with the turn that
    /// led to it.
    async fn board_at(
        &self,
        loaded: &Loaded,
        caller: &Caller,
        ply: i64,
        lang: crate::i18n::Lang,
    ) -> Result<Reply> {
        let total = loaded.game.history().len();
        let Some(ply) = usize::try_from(ply).ok().filter(|p| *p <= total) else {
            return refuse(msg!(
                "board-no-such-ply",
                game = loaded.id().to_string(),
                total = total
            ));
        };
        let position = position_at(&loaded.game, ply).ok_or_else(|| TableError::Corrupt {
            game: loaded.row.id,
            why: format!("its record does not replay to ply {ply}"),
        })?;
        let led = match turns_shown(&position).pop() {
            Some((seat, turn)) => msg!(
                "board-ply-turn",
                user = loaded.user_at(seat).mention(),
                actions = turn.join(" ")
            ),
            None => msg!("board-ply-start"),
        };
        let at = Loaded {
            row: loaded.row.clone(),
            game: position,
        };
        let viewer = loaded.seat_of(caller.user);
        let mut image = self.image(&at, viewer, lang).await?;
        image.name = format!(
            "{}-{}-ply{}-of-{}.png",
            loaded.row.kind, loaded.row.id, ply, total
        );
        Ok(Reply {
            text: msg!(
                "board-at-ply",
                game = loaded.id().to_string(),
                title = game_title(&loaded.game),
                ply = ply,
                total = total,
                turn = led
            )
            .tr(lang),
            image: Some(image),
            ..Reply::default()
        })
    }

    /// `/history`: the record in canonical notation, a line per turn.
    pub async fn history(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let loaded = self.find_game(caller, game).await?;
        let turns = turns_shown(&loaded.game);
        let header = msg!(
            "history-header",
            game = loaded.id().to_string(),
            title = game_title(&loaded.game)
        )
        .tr(lang)
            + "\n";
        let mut ply = 0;
        let lines: Vec<String> = turns
            .iter()
            .enumerate()
            .map(|(i, (seat, actions))| {
                ply += actions.len();
                format!(
                    "{:>3}. {} {} · {}\n",
                    i + 1,
                    loaded.user_at(*seat).mention(),
                    actions.join(" "),
                    msg!("history-ply", ply = ply).tr(lang)
                )
            })
            .collect();
        let footer = match (turns.is_empty(), loaded.is_over()) {
            (_, true) => msg!("history-result", result = loaded.result_msg()).tr(lang),
            (true, false) => msg!("history-no-moves").tr(lang),
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
            lang,
        ))
    }

    /// `/games`: a user's games going on in this server, with whose turn and deadline.
    pub async fn games(&self, caller: &Caller, user: Option<UserId>) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let user = user.unwrap_or(caller.user);
        let listing = self.list_games(caller.guild, user, true, None).await?;
        if listing.games.is_empty() && listing.damaged.is_empty() {
            return Ok(Reply::private(
                msg!("games-none", user = user.mention()).tr(lang),
            ));
        }
        let header = msg!("games-header", user = user.mention()).tr(lang) + "\n";
        let mut lines = Vec::new();
        let mut users: Vec<UserId> = vec![user];
        // Who of the players is away, in one read for the whole list.
        let mut players: Vec<UserId> = listing.games.iter().flat_map(|g| g.users_in()).collect();
        players.sort();
        players.dedup();
        let away_until: std::collections::HashMap<UserId, i64> = self
            .store
            .vacations_at(caller.guild, &players, self.now())
            .await?
            .into_iter()
            .map(|v| (v.user, v.until()))
            .collect();
        for loaded in listing.games {
            let opponents: Vec<String> = loaded
                .row
                .seats
                .iter()
                .filter(|u| **u != user)
                .map(|u| u.mention())
                .collect();
            let turn = match loaded.to_move_user() {
                Some(u) if u == user => msg!("games-your-move"),
                Some(u) => msg!("games-to-move", user = u.mention()),
                None => msg!("games-over"),
            };
            let left = loaded.row.deadline.map_or(0, |d| d - self.now());
            let mut away = String::new();
            for player in loaded.users_in() {
                if let Some(&back) = away_until.get(&player) {
                    away += " · ";
                    away += &msg!(
                        "games-away",
                        user = player.mention(),
                        left = span(back - self.now())
                    )
                    .tr(lang);
                }
            }
            lines.push(
                msg!(
                    "games-line",
                    game = loaded.id().to_string(),
                    title = game_title(&loaded.game),
                    player = user.mention(),
                    opponents = opponents.join(", "),
                    turn = turn,
                    left = span(left)
                )
                .tr(lang)
                    + &away
                    + "\n",
            );
            for seat in &loaded.row.seats {
                if !users.contains(seat) {
                    users.push(*seat);
                }
            }
        }
        for (game, _) in &listing.damaged {
            lines.push(msg!("games-damaged", game = game.to_string()).tr(lang) + "\n");
        }
        let names = self.names(&users).await?;
        let users: Vec<(UserId, String)> = users.into_iter().zip(names).collect();
        let plain = with_names(&format!("{header}{}", lines.concat()), &users);
        Ok(Reply::private_list(
            &header,
            &lines,
            "",
            "games.txt",
            plain,
            lang,
        ))
    }

    /// `/export`: the record as a text file that `boardpost replay` reads back.
    pub async fn export(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        self.export_as(caller, game, super::ExportFormat::Text)
            .await
    }

    /// `/export`, the record as text or the game as an animated GIF.
    pub async fn export_as(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        format: super::ExportFormat,
    ) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let loaded = self.find_game(caller, game).await?;
        if format == super::ExportFormat::Gif {
            let viewer = loaded.seat_of(caller.user);
            let gif = self.animation(&loaded, viewer, langs.private).await?;
            let text = msg!("export-gif-done", game = loaded.id().to_string()).tr(langs.private);
            return Ok(Reply {
                file: Some(gif),
                ..Reply::private(text)
            });
        }
        let names = self.names(&loaded.row.seats).await?;
        let options: Vec<String> = option_pairs(loaded.game.game_options())
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
            text: msg!("export-done", game = loaded.id().to_string()).tr(langs.private),
            file: Some(Attachment {
                name: format!("{}-{}.txt", loaded.row.kind, loaded.id()),
                bytes: text.into_bytes(),
            }),
            ephemeral: true,
            ..Reply::default()
        })
    }

    /// `/rules`: short rules and notation, with an example board, in the caller's
    /// language.
    pub async fn rules(&self, caller: &Caller, game: &str) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let kind = GameKind::from_str(game).map_err(|e| super::TableError::Refused(e.msg()))?;
        let help = rules_text(kind, lang);
        let mut example = GameOptions::parse(kind, &[] as &[&str])
            .map_err(|e| super::TableError::Refused(e.msg()))?
            .start();
        // A few opening actions, so the picture shows stones and a highlighted turn.
        for _ in 0..6 {
            let legal = example.legal();
            let pick = legal.get(legal.len() / 3).cloned();
            if let Some(action) = pick {
                let _ = example.play(&action);
            }
        }
        let names = [
            msg!("first-player").tr(lang),
            msg!("second-player").tr(lang),
        ];
        let bytes = self
            .picture(example, RenderOptions::new(names).in_lang(lang))
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
        if change.server_language.is_some() && !caller.manages_server {
            return refuse(msg!("server-language-needs-manage-server"));
        }
        if change.replay_gif.is_some() && !caller.manages_server {
            return refuse(msg!("replay-gif-needs-manage-server"));
        }
        if change.puzzle_of_the_day.is_some() && !caller.manages_server {
            return refuse(msg!("puzzle-of-the-day-needs-manage-server"));
        }
        let mut s: UserSettings = self.store.settings(caller.user).await?;
        s.ping_thread = change.ping_thread.unwrap_or(s.ping_thread);
        s.ping_dm = change.ping_dm.unwrap_or(s.ping_dm);
        s.remind_half = change.remind_half.unwrap_or(s.remind_half);
        s.remind_last_day = change.remind_last_day.unwrap_or(s.remind_last_day);
        if !s.ping_thread && !s.ping_dm {
            return refuse(msg!("settings-never-hear"));
        }
        self.store.set_settings(caller.user, s).await?;
        if let Some(language) = change.language {
            self.store.set_language(caller.user, language).await?;
        }
        if let Some(language) = change.server_language {
            self.store
                .set_guild_language(caller.guild, language)
                .await?;
        }
        if let Some(on) = change.replay_gif {
            self.store.set_guild_replay_gif(caller.guild, on).await?;
        }
        if let Some(on) = change.puzzle_of_the_day {
            let channel = on.then_some(caller.channel);
            self.store.set_puzzle_channel(caller.guild, channel).await?;
        }
        // Answered in the language just chosen.
        let langs = self.langs(caller).await?;
        let language = self
            .store
            .user(caller.user)
            .await?
            .map(|u| u.language)
            .unwrap_or_default();
        let guild = self.store.guild(caller.guild).await?;
        let puzzle_of_the_day = match guild.puzzle_channel {
            Some(channel) => msg!("settings-puzzle-in", channel = channel.0.to_string()),
            None => msg!("setting-off"),
        };
        Ok(Reply::private(
            msg!(
                "settings-now",
                ping_thread = on_off(s.ping_thread),
                ping_dm = on_off(s.ping_dm),
                remind_half = on_off(s.remind_half),
                remind_last_day = on_off(s.remind_last_day),
                language = language_msg(language),
                server_language = language_msg(guild.language),
                replay_gif = on_off(guild.replay_gif),
                puzzle_of_the_day = puzzle_of_the_day
            )
            .tr(langs.private),
        ))
    }

    /// `/leaderboard`: the best ratings of a game in this server.
    pub async fn leaderboard(&self, caller: &Caller, game: &str) -> Result<Reply> {
        let lang = self.greet(caller).await?.public;
        let kind = GameKind::from_str(game).map_err(|e| super::TableError::Refused(e.msg()))?;
        let kind = kind.name();
        let rows = self.store.leaderboard(caller.guild, kind, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::public(
                msg!("leaderboard-empty", game = kind).tr(lang),
            ));
        }
        let mut text = msg!("leaderboard-header", game = kind).tr(lang) + "\n";
        for (i, r) in rows.iter().enumerate() {
            text += &format!("{:>2}. ", i + 1);
            text += &msg!(
                "leaderboard-line",
                user = r.user.mention(),
                rating = format!("{:.0}", r.rating),
                games = r.games,
                wins = r.wins,
                draws = r.draws,
                losses = r.losses
            )
            .tr(lang);
            text += "\n";
        }
        Ok(Reply::public(text))
    }
}

/// The game after the first `ply` entries of its history (automatic passes included),
/// replayed from its log; `None` if the log does not replay.
pub(super) fn position_at(game: &AnyGame, ply: usize) -> Option<AnyGame> {
    if ply == game.history().len() {
        return Some(game.clone()); // with its ending, if it ended after its last action
    }
    let mut position = game.game_options().start();
    for (seat, entry) in game.log() {
        if position.history().len() >= ply {
            break;
        }
        match entry {
            crate::games::LogEntry::Ending(ending) => {
                position.end(seat, ending).map(|_| ()).ok()?
            }
            crate::games::LogEntry::Action(text) => position.play(&text).map(|_| ()).ok()?,
        };
    }
    (position.history().len() == ply).then_some(position)
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
