//! Challenges: asking others to play, and the game that starts when all have accepted.

use super::{
    refuse, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table, ThreadRequest,
    DAYS_PER_MOVE, DEFAULT_DAYS_PER_MOVE,
};
use crate::clock::DAY;
use crate::games::{Game, GameKind, GameOptions};
use crate::ids::{ChallengeId, GameId, UserId};
use crate::store::{encode_options, encode_state};
use crate::store::{ChallengeRow, ChallengeStatus, First, Join, NewChallenge, NewGame, StoreError};
use rand::seq::SliceRandom;
use std::str::FromStr;

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
}

fn challenge_buttons(id: ChallengeId) -> Vec<Button> {
    vec![
        Button::new(
            ButtonId::ChallengeAccept(id),
            "Accept",
            ButtonStyle::Success,
        ),
        Button::new(
            ButtonId::ChallengeDecline(id),
            "Decline",
            ButtonStyle::Danger,
        ),
        Button::new(
            ButtonId::ChallengeCancel(id),
            "Cancel",
            ButtonStyle::Secondary,
        ),
    ]
}

impl Table {
    /// `/play`: posts a challenge with Accept / Decline / Cancel buttons.
    pub async fn challenge(&self, caller: &Caller, req: ChallengeRequest) -> Result<Reply> {
        self.greet(caller).await?;
        let games = GameKind::names().join(", ");
        let options = match GameKind::from_str(&req.game)
            .and_then(|kind| GameOptions::parse(kind, &req.options))
        {
            Ok(options) => options,
            Err(e) => return refuse(format!("{e}. Games: {games}")),
        };
        let name = options.kind().name();
        let game = options.start();
        let days = req.days_per_move.unwrap_or(DEFAULT_DAYS_PER_MOVE);
        if !DAYS_PER_MOVE.contains(&days) {
            return refuse(format!(
                "days per move must be one of 1, 2, 3, 5, 7, 10, 14, not {days}"
            ));
        }
        let seats = game.seat_count();
        let mut opponents = Vec::new();
        for user in &req.opponents {
            if *user == caller.user {
                return refuse("you cannot challenge yourself: name someone else, or leave the opponent out for an open challenge");
            }
            if !opponents.contains(user) {
                opponents.push(*user);
            }
        }
        if opponents.len() + 1 > seats {
            return refuse(format!(
                "{name} is for {seats} players: name at most {}",
                seats - 1
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
                days_per_move: days,
                first,
                seats: seats as i64,
                invited: opponents.clone(),
                now: self.now(),
            })
            .await?;
        let whom = if opponents.is_empty() {
            "anyone".to_string()
        } else {
            let named: Vec<String> = opponents.iter().map(|u| u.mention()).collect();
            let open = seats - 1 - opponents.len();
            if open > 0 {
                format!("{} and {open} more", named.join(", "))
            } else {
                named.join(", ")
            }
        };
        let first_text = match first {
            First::Challenger => "the challenger moves first",
            First::Opponent => "the opponent moves first",
            First::Random => "who moves first is drawn at random",
        };
        Ok(Reply {
            text: format!(
                "{} challenges {whom} to **{}** · {} per move · {first_text}. (challenge #{id})",
                caller.user.mention(),
                game.title(),
                days_text(days),
            ),
            pings: opponents,
            buttons: challenge_buttons(id),
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
                None => refuse(format!("there is no challenge #{id} on this server")),
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
            [] => refuse("there is no open challenge for you here: /play starts one"),
            many => {
                let ids: Vec<String> = many.iter().map(|c| format!("#{}", c.id)).collect();
                refuse(format!(
                    "several challenges are open ({}): say which one",
                    ids.join(", ")
                ))
            }
        }
    }

    /// Accept button or `/accept`: takes a seat; the last seat taken starts the game.
    pub async fn accept(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        self.greet(caller).await?;
        let challenge = self.find_challenge(caller, id, false).await?;
        let not_open = |c: &ChallengeRow| match c.status {
            ChallengeStatus::Started => format!(
                "challenge #{} has already started as game #{}",
                c.id,
                c.game.map_or(0, |g| g.0)
            ),
            ChallengeStatus::Declined => format!("challenge #{} was declined", c.id),
            _ => format!("challenge #{} was cancelled", c.id),
        };
        if challenge.status != ChallengeStatus::Open {
            return refuse(not_open(&challenge));
        }
        let start = |c: &ChallengeRow| self.new_game(c);
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
                return refuse(format!("challenge #{} {why}", challenge.id))
            }
            other => other?,
        };
        let challenge = match joined {
            Join::Started(c, game) => return self.started(caller, c, game).await,
            Join::Joined(c) => c,
            Join::AlreadyIn if challenge.challenger == caller.user => {
                return refuse(
                    "this is your own challenge: wait for someone to accept, or cancel it",
                )
            }
            Join::AlreadyIn => {
                return refuse(
                    "you have accepted already: the game starts when every seat is taken",
                )
            }
            Join::NotInvited => return refuse("this challenge is for the players it names"),
            Join::Full => return refuse("every seat of this challenge is taken"),
        };
        let waiting = challenge.seats - 1 - challenge.players.iter().filter(|p| p.1).count() as i64;
        Ok(Reply::public(format!(
            "{} joins challenge #{}: waiting for {waiting} more.",
            caller.user.mention(),
            challenge.id
        )))
    }

    /// The game a full challenge starts: its options read back, seats in the order
    /// the challenge chose, the start position. Called by the store inside the
    /// transaction that takes the last seat.
    fn new_game(&self, challenge: &ChallengeRow) -> std::result::Result<NewGame, String> {
        let options = match crate::store::decode_options(&challenge.options)
            .map_err(|why| format!("its options cannot be read: {why}"))
            .and_then(|pairs| {
                GameKind::from_str(&challenge.kind)
                    .and_then(|kind| GameOptions::parse(kind, &pairs))
                    .map_err(|e| e.to_string())
            }) {
            Ok(options) => options,
            Err(e) => return Err(format!("it cannot start: {e}")),
        };
        let game = options.start();
        let mut seats: Vec<UserId> = std::iter::once(challenge.challenger)
            .chain(challenge.players.iter().map(|p| p.0))
            .collect();
        match challenge.first {
            First::Challenger => {}
            First::Opponent => seats.rotate_left(1),
            First::Random => seats.shuffle(&mut rand::thread_rng()),
        }
        let now = self.now();
        Ok(NewGame {
            guild: challenge.guild,
            channel: challenge.channel,
            kind: challenge.kind.clone(),
            options: encode_options(&options),
            state: encode_state(&game),
            days_per_move: challenge.days_per_move,
            now,
            deadline: now + challenge.days_per_move * DAY,
            seats,
        })
    }

    /// What the start of a game says: its players, who moves first, its board.
    async fn started(&self, caller: &Caller, challenge: ChallengeRow, id: GameId) -> Result<Reply> {
        let loaded = self.find_game(caller, Some(id)).await?;
        let seats = loaded.row.seats.clone();
        let to_move = loaded.to_move_user();
        let players: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, u)| format!("{} (seat {})", u.mention(), i + 1))
            .collect();
        let names = self.names(&seats).await?;
        let mut text = format!(
            "Game **#{id}** begins: **{}**, {}. {} per move.",
            loaded.game.title(),
            players.join(" vs "),
            days_text(challenge.days_per_move)
        );
        if let Some(user) = to_move {
            text += &format!("\n{}, your move.", user.mention());
        }
        Ok(Reply {
            settles: Some(format!(
                "Challenge #{} to **{}** was accepted: game **#{id}** has begun.",
                challenge.id,
                loaded.game.title()
            )),
            text,
            image: Some(self.image(&loaded, loaded.game.to_move()).await?),
            pings: to_move.into_iter().collect(),
            thread: Some(ThreadRequest {
                game: id,
                name: format!("{} #{id}: {}", challenge.kind, names.join(" vs ")),
            }),
            ..Reply::default()
        })
    }

    /// Decline button or `/decline`: a named opponent says no.
    pub async fn decline(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        self.greet(caller).await?;
        let challenge = self.find_challenge(caller, id, false).await?;
        // Who took an open seat leaves it; the challenge stays open for the others.
        if challenge.players.iter().any(|p| p.0 == caller.user && !p.2) {
            if !self
                .store
                .leave_challenge(challenge.id, caller.user)
                .await?
            {
                return refuse(format!("challenge #{} is no longer open", challenge.id));
            }
            return Ok(Reply::public(format!(
                "{} leaves their seat in challenge #{}: it is open again.",
                caller.user.mention(),
                challenge.id
            )));
        }
        if !challenge.players.iter().any(|p| p.0 == caller.user) {
            return refuse(if challenge.challenger == caller.user {
                "to withdraw your own challenge, cancel it"
            } else {
                "only the players a challenge names can decline it; an open challenge needs no answer"
            });
        }
        if !self
            .store
            .close_challenge(challenge.id, ChallengeStatus::Declined)
            .await?
        {
            return refuse(format!("challenge #{} is no longer open", challenge.id));
        }
        Ok(Reply {
            text: format!(
                "{} declines {}'s challenge #{}.",
                caller.user.mention(),
                challenge.challenger.mention(),
                challenge.id
            ),
            pings: vec![challenge.challenger],
            settles: Some(format!(
                "Challenge #{} was declined by {}.",
                challenge.id,
                caller.user.mention()
            )),
            ..Reply::default()
        })
    }

    /// Cancel button or `/cancel`: the challenger withdraws.
    pub async fn cancel(&self, caller: &Caller, id: Option<ChallengeId>) -> Result<Reply> {
        self.greet(caller).await?;
        let challenge = self.find_challenge(caller, id, true).await?;
        if challenge.challenger != caller.user {
            return refuse("only the challenger can cancel a challenge");
        }
        if !self
            .store
            .close_challenge(challenge.id, ChallengeStatus::Cancelled)
            .await?
        {
            return refuse(format!("challenge #{} is no longer open", challenge.id));
        }
        Ok(Reply {
            settles: Some(format!(
                "Challenge #{} was cancelled by {}.",
                challenge.id,
                caller.user.mention()
            )),
            ..Reply::public(format!(
                "{} cancels challenge #{}.",
                caller.user.mention(),
                challenge.id
            ))
        })
    }
}

/// "1 day", "3 days".
pub fn days_text(days: i64) -> String {
    if days == 1 {
        "1 day".to_string()
    } else {
        format!("{days} days")
    }
}
