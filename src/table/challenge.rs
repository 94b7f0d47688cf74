//! Challenges: asking others to play, and the game that starts when all have accepted.

use super::new_game::GameSetup;
use super::words::{days, numbered};
use super::{
    refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table, ThreadRequest,
    DAYS_PER_MOVE, DEFAULT_DAYS_PER_MOVE, DEFAULT_LEVEL,
};
use crate::ai::Level;
use crate::games::{Game, GameKind, GameOptions};
use crate::i18n::words::game_title;
use crate::i18n::{Lang, Localize};
use crate::ids::{ChallengeId, GameId, UserId};
use crate::msg;
use crate::store::{encode_options, MAX_DAYS_PER_MOVE};
use crate::store::{ChallengeRow, ChallengeStatus, First, Join, NewChallenge, NewGame, StoreError};
use rand::seq::SliceRandom;
use std::str::FromStr;

// Every time for a move offered reads back from the store, which refuses any other.
const _: () = {
    let mut i = 0;
    while i < DAYS_PER_MOVE.len() {
        assert!(DAYS_PER_MOVE[i] >= 1 && DAYS_PER_MOVE[i] <= MAX_DAYS_PER_MOVE);
        i += 1;
    }
};

/// What `/play` asks for.
#[derive(Clone, Debug, Default)]
pub struct ChallengeRequest {
    pub game: String,
    /// Named opponents; seats left over are open to anyone.
    pub opponents: Vec<UserId>,
    /// `key=value` options.
    pub options: Vec<String>,
    pub days_per_move: Option<i64>,
    pub first: Option<First>,
    /// The bot's level (1–5), when it plays.
    pub level: Option<u8>,
    /// How many seats the bot fills; when the bot is named as an opponent and this is
    /// not given, it fills every seat nobody is named for.
    pub bot_seats: Option<usize>,
}

fn challenge_buttons(id: ChallengeId, lang: Lang) -> Vec<Button> {
    [
        (
            ButtonId::ChallengeAccept(id),
            "button-accept",
            ButtonStyle::Success,
        ),
        (
            ButtonId::ChallengeDecline(id),
            "button-decline",
            ButtonStyle::Danger,
        ),
        (
            ButtonId::ChallengeCancel(id),
            "button-cancel",
            ButtonStyle::Secondary,
        ),
    ]
    .into_iter()
    .map(|(id, label, style)| Button::new(id, msg!(label).tr(lang), style))
    .collect()
}

impl Table {
    /// `/play`: posts a challenge with Accept / Decline / Cancel buttons.
    pub async fn challenge(&self, caller: &Caller, req: ChallengeRequest) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        // An unknown game's error lists the games; an option's error lists the options.
        let options = match GameKind::from_str(&req.game)
            .and_then(|kind| GameOptions::parse(kind, &req.options))
        {
            Ok(options) => options,
            Err(e) => return refuse(e.msg()),
        };
        let name = options.kind().name();
        let game = options.start();
        let days_per_move = req.days_per_move.unwrap_or(DEFAULT_DAYS_PER_MOVE);
        if !DAYS_PER_MOVE.contains(&days_per_move) {
            return refuse(msg!("bad-days-per-move", days = days_per_move));
        }
        let seats = game.seat_count();
        let bot = self.bot_user();
        let mut opponents = Vec::new();
        let mut bot_named = false;
        for user in &req.opponents {
            if *user == caller.user {
                return refuse(msg!("challenge-yourself"));
            }
            if Some(*user) == bot {
                bot_named = true;
            } else if !opponents.contains(user) {
                opponents.push(*user);
            }
        }
        let free = seats.saturating_sub(1 + opponents.len());
        let bot_seats = match (req.bot_seats, bot_named) {
            (Some(n), _) => n,
            (None, true) => free,
            (None, false) => 0,
        };
        if bot_named && bot_seats == 0 || bot_seats > free {
            return refuse(msg!("bot-seats-range", most = free));
        }
        let level = match req.level {
            _ if bot_seats == 0 && req.level.is_some() => return refuse(msg!("level-without-bot")),
            None => DEFAULT_LEVEL,
            Some(n) => match Level::from_number(n) {
                Some(level) => level,
                None => return refuse(msg!("level-range", level = n)),
            },
        };
        if bot_seats > 0 && bot.is_none() {
            return refuse(msg!("bot-not-here"));
        }
        if opponents.len() + 1 + bot_seats > seats {
            return refuse(msg!(
                "too-many-opponents",
                game = msg!("title-plain", game = name),
                seats = seats,
                most = seats - 1
            ));
        }
        let first = req.first.unwrap_or(First::Random);
        let id = self
            .store
            .create_challenge(&NewChallenge {
                guild: caller.guild,
                channel: caller.channel,
                challenger: caller.user,
                kind: name.to_string(),
                options: encode_options(&options),
                days_per_move,
                first,
                seats: seats as i64,
                invited: opponents.clone(),
                bot_seats: bot_seats as i64,
                bot_level: (bot_seats > 0).then(|| level.number()),
                now: self.now(),
            })
            .await?;
        // Nobody else to wait for (the bot fills every other seat): the game starts at
        // once. Named players are waited for; the last to accept starts it.
        if opponents.is_empty() && 1 + bot_seats == seats {
            let start = |c: &ChallengeRow| self.challenge_game(c);
            let (challenge, game) = self.store.start_challenge(id, &start).await?;
            return self.started(caller, challenge, game, langs.public).await;
        }
        let whom = if opponents.is_empty() {
            msg!("challenge-anyone")
        } else {
            let named: Vec<String> = opponents.iter().map(|u| u.mention()).collect();
            let open = seats - 1 - opponents.len() - bot_seats;
            if open > 0 {
                msg!(
                    "challenge-named-and-more",
                    named = named.join(", "),
                    open = open
                )
            } else {
                msg!("challenge-named", named = named.join(", "))
            }
        };
        let lang = langs.public;
        Ok(Reply {
            text: msg!(
                "challenges",
                user = caller.user.mention(),
                whom = whom,
                game = game_title(&game),
                days = days(days_per_move),
                first = first.as_str(),
                challenge = id.to_string()
            )
            .tr(lang),
            pings: opponents,
            buttons: challenge_buttons(id, lang),
            ..Reply::default()
        })
    }

    /// The challenge a button or command means: the one named, else the one open to the
    /// caller (named in it first, then open seats in this channel).
    async fn find_challenge(
        &self,
        caller: &Caller,
        id: Option<ChallengeId>,
        as_challenger: bool,
    ) -> Result<ChallengeRow> {
        if let Some(id) = id {
            return match self.store.challenge(caller.guild, id).await? {
                Some(c) => Ok(c),
                None => refuse(msg!("no-such-challenge", challenge = id.to_string())),
            };
        }
        let open = self.store.open_challenges(caller.guild).await?;
        let mine: Vec<&ChallengeRow> = if as_challenger {
            open.iter()
                .filter(|c| c.challenger == caller.user)
                .collect()
        } else {
            let named: Vec<&ChallengeRow> = open
                .iter()
                .filter(|c| c.players.iter().any(|p| p.0 == caller.user && !p.1))
                .collect();
            if named.is_empty() {
                open.iter()
                    .filter(|c| {
                        c.challenger != caller.user && c.channel == caller.channel && !c.is_full()
                    })
                    .collect()
            } else {
                named
            }
        };
        match mine.as_slice() {
            [one] => Ok((*one).clone()),
            [] => refuse(msg!("no-open-challenge")),
            many => refuse(msg!(
                "which-challenge",
                challenges = numbered(many.iter().map(|c| c.id))
            )),
        }
    }

    /// Accept button or `/accept`: takes a seat; the last seat taken starts the game.
    pub async fn accept(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        let langs = self.greet(caller).await?;
        let challenge = self.find_challenge(caller, id, false).await?;
        let not_open = |c: &ChallengeRow| match c.status {
            ChallengeStatus::Started => msg!(
                "challenge-started-already",
                challenge = c.id.to_string(),
                game = c.game.map_or(0, |g| g.0).to_string()
            ),
            ChallengeStatus::Declined => {
                msg!("challenge-was-declined", challenge = c.id.to_string())
            }
            _ => msg!("challenge-was-cancelled", challenge = c.id.to_string()),
        };
        if challenge.status != ChallengeStatus::Open {
            return refuse(not_open(&challenge));
        }
        let start = |c: &ChallengeRow| self.challenge_game(c);
        let joined = match self
            .store
            .join_challenge(caller.guild, challenge.id, caller.user, self.now(), &start)
            .await
        {
            Err(StoreError::Conflict) => {
                let now = self
                    .store
                    .challenge(caller.guild, challenge.id)
                    .await?
                    .unwrap_or(challenge);
                return refuse(not_open(&now));
            }
            Err(StoreError::Corrupt { why, .. }) => {
                return refuse(msg!(
                    "challenge-damaged",
                    challenge = challenge.id.to_string(),
                    why = why
                ))
            }
            other => other?,
        };
        let challenge = match joined {
            Join::Started(c, game) => return self.started(caller, c, game, langs.public).await,
            Join::Joined(c) => c,
            Join::AlreadyIn if challenge.challenger == caller.user => {
                return refuse(msg!("challenge-own"))
            }
            Join::AlreadyIn => return refuse(msg!("challenge-accepted-already")),
            Join::NotInvited => return refuse(msg!("challenge-not-invited")),
            Join::Full => return refuse(msg!("challenge-full")),
        };
        let waiting = challenge.seats - 1 - challenge.players.iter().filter(|p| p.1).count() as i64;
        Ok(Reply::public(
            msg!(
                "challenge-joins",
                user = caller.user.mention(),
                challenge = challenge.id.to_string(),
                waiting = waiting
            )
            .tr(langs.public),
        ))
    }

    /// The game a full challenge starts: seats in the order the challenge chose, the
    /// start position. Called by the store inside the transaction that takes the last
    /// seat.
    fn challenge_game(&self, challenge: &ChallengeRow) -> std::result::Result<NewGame, String> {
        let mut seats: Vec<(UserId, Option<u8>)> = std::iter::once(challenge.challenger)
            .chain(challenge.players.iter().map(|p| p.0))
            .map(|user| (user, None))
            .collect();
        if challenge.bot_seats > 0 {
            let Some(bot) = self.bot_user() else {
                return Err("the bot is not connected to play its seats".to_string());
            };
            for _ in 0..challenge.bot_seats {
                seats.push((bot, challenge.bot_level));
            }
        }
        match challenge.first {
            First::Challenger => {}
            First::Opponent => seats.rotate_left(1),
            First::Random => seats.shuffle(&mut rand::thread_rng()),
        }
        self.new_game(GameSetup {
            guild: challenge.guild,
            channel: challenge.channel,
            kind: &challenge.kind,
            options: &challenge.options,
            days_per_move: challenge.days_per_move,
            seats,
            first_turn_at: self.now(),
        })
    }

    /// What the start of a game says: its players, who moves first, its board.
    async fn started(
        &self,
        caller: &Caller,
        challenge: ChallengeRow,
        id: GameId,
        lang: Lang,
    ) -> Result<Reply> {
        let loaded = self.find_game(caller, Some(id)).await?;
        let seats = loaded.row.seats.clone();
        let to_move = loaded.to_move_user();
        let players: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, u)| msg!("player-at-seat", user = u.mention(), seat = i + 1).tr(lang))
            .collect();
        let names = self.names(&seats).await?;
        let versus = |list: &[String]| list.join(&msg!("versus").tr(lang));
        let mut text = msg!(
            "game-begins",
            game = id.to_string(),
            title = game_title(&loaded.game),
            players = versus(&players),
            days = days(challenge.days_per_move)
        )
        .tr(lang);
        // The bot to move says so with its move, which follows.
        let to_move = to_move.filter(|_| !loaded.bot_to_move());
        if let Some(user) = to_move {
            text += "\n";
            text += &msg!("your-move-now", user = user.mention()).tr(lang);
        }
        Ok(Reply {
            settles: Some(
                msg!(
                    "challenge-accepted",
                    challenge = challenge.id.to_string(),
                    title = game_title(&loaded.game),
                    game = id.to_string()
                )
                .tr(lang),
            ),
            text,
            image: Some(self.image(&loaded, loaded.game.to_move(), lang).await?),
            pings: to_move.into_iter().collect(),
            game: Some(id),
            thread: Some(ThreadRequest {
                game: id,
                name: msg!(
                    "thread-name",
                    kind = challenge.kind.as_str(),
                    game = id.to_string(),
                    players = versus(&names)
                )
                .tr(lang),
            }),
            ..Reply::default()
        })
    }

    /// Decline button or `/decline`: a named opponent says no.
    pub async fn decline(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        let lang = self.greet(caller).await?.public;
        let challenge = self.find_challenge(caller, id, false).await?;
        let number = challenge.id.to_string();
        let no_longer_open = || {
            refuse(msg!(
                "challenge-no-longer-open",
                challenge = number.as_str()
            ))
        };
        // Who took an open seat leaves it; the challenge stays open for the others.
        if challenge.players.iter().any(|p| p.0 == caller.user && !p.2) {
            if !self
                .store
                .leave_challenge(challenge.id, caller.user)
                .await?
            {
                return no_longer_open();
            }
            return Ok(Reply::public(
                msg!(
                    "challenge-leaves-seat",
                    user = caller.user.mention(),
                    challenge = number.as_str()
                )
                .tr(lang),
            ));
        }
        if !challenge.players.iter().any(|p| p.0 == caller.user) {
            return refuse(if challenge.challenger == caller.user {
                msg!("challenge-cancel-your-own")
            } else {
                msg!("challenge-decline-not-named")
            });
        }
        if !self
            .store
            .close_challenge(challenge.id, ChallengeStatus::Declined)
            .await?
        {
            return no_longer_open();
        }
        Ok(Reply {
            text: msg!(
                "challenge-declines",
                user = caller.user.mention(),
                challenger = challenge.challenger.mention(),
                challenge = number.as_str()
            )
            .tr(lang),
            pings: vec![challenge.challenger],
            settles: Some(
                msg!(
                    "challenge-declined-by",
                    challenge = number.as_str(),
                    user = caller.user.mention()
                )
                .tr(lang),
            ),
            ..Reply::default()
        })
    }

    /// Cancel button or `/cancel`: the challenger withdraws.
    pub async fn cancel(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        let lang = self.greet(caller).await?.public;
        let challenge = self.find_challenge(caller, id, true).await?;
        let number = challenge.id.to_string();
        if challenge.challenger != caller.user {
            return refuse(msg!("challenge-cancel-not-yours"));
        }
        if !self
            .store
            .close_challenge(challenge.id, ChallengeStatus::Cancelled)
            .await?
        {
            return refuse(msg!(
                "challenge-no-longer-open",
                challenge = number.as_str()
            ));
        }
        Ok(Reply {
            settles: Some(
                msg!(
                    "challenge-cancelled-by",
                    challenge = number.as_str(),
                    user = caller.user.mention()
                )
                .tr(lang),
            ),
            ..Reply::public(
                msg!(
                    "challenge-cancels",
                    user = caller.user.mention(),
                    challenge = number
                )
                .tr(lang),
            )
        })
    }
}
