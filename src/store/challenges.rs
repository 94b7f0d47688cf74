//! Challenges: who asked whom to play what, and who has accepted so far.

use super::kinds::stored_enum;
use super::{
    column, db_id, first, json_text, query, Arg, DbRow, NewGame, Result, Store, StoreError, Tx,
};
use crate::ids::{ChallengeId, ChannelId, GameId, GuildId, UserId};

stored_enum! {
    pub enum ChallengeStatus {
        Open = "open",
        Started = "started",
        Declined = "declined",
        Cancelled = "cancelled",
    }
}

/// Who takes the first seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum First {
    Challenger,
    Opponent,
    Random,
}

impl First {
    pub fn parse(text: &str) -> Option<First> {
        match text.trim().to_ascii_lowercase().as_str() {
            "challenger" | "me" => Some(First::Challenger),
            "opponent" | "them" => Some(First::Opponent),
            "random" => Some(First::Random),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            First::Challenger => "challenger",
            First::Opponent => "opponent",
            First::Random => "random",
        }
    }
}

pub struct NewChallenge {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: UserId,
    pub kind: String,
    /// JSON array of `key=value` texts.
    pub options: String,
    pub days_per_move: i64,
    pub first: First,
    /// How many players the game needs, the challenger included.
    pub seats: i64,
    /// Named opponents; the remaining seats are open to anyone.
    pub invited: Vec<UserId>,
    /// Seats the bot fills, and at which level (1–5).
    pub bot_seats: i64,
    pub bot_level: Option<u8>,
    pub now: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: UserId,
    pub kind: String,
    pub options: String,
    pub days_per_move: i64,
    pub first: First,
    pub seats: i64,
    pub status: ChallengeStatus,
    pub game: Option<GameId>,
    pub created_at: i64,
    /// Everyone in it but the challenger, in the order they were named or joined, with
    /// whether they have accepted.
    pub players: Vec<(UserId, bool, bool)>,
    /// Seats the bot fills, and at which level (1–5).
    pub bot_seats: i64,
    pub bot_level: Option<u8>,
}

impl ChallengeRow {
    pub fn is_full(&self) -> bool {
        1 + self.players.len() as i64 + self.bot_seats >= self.seats
    }

    pub fn everyone_accepted(&self) -> bool {
        self.is_full() && self.players.iter().all(|p| p.1)
    }
}

/// What came of accepting a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Join {
    /// A seat is taken; others are still awaited.
    Joined(ChallengeRow),
    /// The last seat is taken and the game is created, in the same transaction.
    Started(ChallengeRow, GameId),
    AlreadyIn,
    /// Every seat is named and this user is not among them.
    NotInvited,
    Full,
}

/// A challenge row in typed values; a value that cannot be read is an error naming it.
fn challenge_from(row: &DbRow, players: Vec<(UserId, bool, bool)>) -> Result<ChallengeRow> {
    let id: i64 = column(row, &|| "a challenge".to_string(), "challenge_id")?;
    let what = || format!("challenge #{id}");
    let damaged = |why: String| StoreError::Corrupt { what: what(), why };
    let first: String = column(row, &what, "first")?;
    let status: String = column(row, &what, "status")?;
    let bot_seats: i64 = column(row, &what, "bot_seats")?;
    let bot_level = match column::<Option<i64>>(row, &what, "bot_level")? {
        None if bot_seats == 0 => None,
        Some(level) if (1..=5).contains(&level) && (0..4).contains(&bot_seats) => Some(level as u8),
        level => return Err(damaged(format!("{bot_seats} bot seats at level {level:?}"))),
    };
    Ok(ChallengeRow {
        id: ChallengeId(id),
        guild: GuildId(column::<i64>(row, &what, "guild_id")? as u64),
        channel: ChannelId(column::<i64>(row, &what, "channel_id")? as u64),
        challenger: UserId(column::<i64>(row, &what, "challenger")? as u64),
        kind: column(row, &what, "kind")?,
        options: json_text(row, &what, "options")?,
        days_per_move: super::days_per_move(row, &what)?,
        first: First::parse(&first).ok_or_else(|| damaged(format!("unknown first “{first}”")))?,
        seats: column(row, &what, "seats")?,
        status: ChallengeStatus::parse(&status)
            .ok_or_else(|| damaged(format!("unknown status “{status}”")))?,
        game: column::<Option<i64>>(row, &what, "game_id")?.map(GameId),
        created_at: column(row, &what, "created_at")?,
        players,
        bot_seats,
        bot_level,
    })
}

impl Store {
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<ChallengeId> {
        let mut tx = self.begin().await?;
        let row = query(
            "INSERT INTO challenges (guild_id, channel_id, challenger, kind, options,
               days_per_move, first, seats, status, created_at, bot_seats, bot_level)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $10, $11)
             RETURNING challenge_id",
        )
        .bind(db_id(c.guild.0))
        .bind(db_id(c.channel.0))
        .bind(db_id(c.challenger.0))
        .bind(&c.kind)
        .bind(Arg::json(&c.options))
        .bind(c.days_per_move)
        .bind(c.first.as_str())
        .bind(c.seats)
        .bind(c.now)
        .bind(c.bot_seats)
        .bind(c.bot_level.map(i64::from))
        .fetch_one(tx.on())
        .await?;
        let id: i64 = first(&row)?;
        for (i, user) in c.invited.iter().enumerate() {
            query(
                "INSERT INTO challenge_players (challenge_id, user_id, accepted, joined_at)
                 VALUES ($1, $2, FALSE, $3)",
            )
            .bind(id)
            .bind(db_id(user.0))
            .bind(c.now + i as i64 - c.invited.len() as i64)
            .execute(tx.on())
            .await?;
        }
        tx.commit().await?;
        Ok(ChallengeId(id))
    }

    /// Who is in a challenge, in the order they were named or joined (SQLite's rowid and
    /// PostgreSQL's `seq` keep the order of those who joined in the same second).
    async fn players_of(&self, tx: &mut Tx, id: i64) -> Result<Vec<(UserId, bool, bool)>> {
        let rows = query(self.dialect(
            "SELECT user_id, accepted, invited FROM challenge_players WHERE challenge_id = $1
             ORDER BY joined_at, rowid",
            "SELECT user_id, accepted, invited FROM challenge_players WHERE challenge_id = $1
             ORDER BY joined_at, seq",
        ))
        .bind(id)
        .fetch_all(tx.on())
        .await?;
        let what = || format!("challenge #{id}'s players");
        rows.iter()
            .map(|r| {
                Ok((
                    UserId(column::<i64>(r, &what, "user_id")? as u64),
                    column(r, &what, "accepted")?,
                    column(r, &what, "invited")?,
                ))
            })
            .collect()
    }

    /// A challenge of this server.
    pub async fn challenge(&self, guild: GuildId, id: ChallengeId) -> Result<Option<ChallengeRow>> {
        // One transaction: the challenge and its players as of one moment.
        let mut tx = self.begin().await?;
        let row = query("SELECT * FROM challenges WHERE challenge_id = $1 AND guild_id = $2")
            .bind(id.0)
            .bind(db_id(guild.0))
            .fetch_optional(tx.on())
            .await?;
        let challenge = match row {
            None => None,
            Some(row) => {
                let players = self.players_of(&mut tx, id.0).await?;
                Some(challenge_from(&row, players)?)
            }
        };
        tx.commit().await?;
        Ok(challenge)
    }

    /// Open challenges of a server, newest first.
    pub async fn open_challenges(&self, guild: GuildId) -> Result<Vec<ChallengeRow>> {
        let mut tx = self.begin().await?;
        let rows = query(
            "SELECT * FROM challenges WHERE guild_id = $1 AND status = 'open'
             ORDER BY challenge_id DESC LIMIT 200",
        )
        .bind(db_id(guild.0))
        .fetch_all(tx.on())
        .await?;
        let mut out = Vec::new();
        for row in rows {
            let id: i64 = column(&row, &|| "a challenge".to_string(), "challenge_id")?;
            let players = self.players_of(&mut tx, id).await?;
            match challenge_from(&row, players) {
                Ok(challenge) => out.push(challenge),
                Err(e) => tracing::error!("{e}: left out of the list"),
            }
        }
        tx.commit().await?;
        Ok(out)
    }

    /// Accepts a challenge for `user`: a named opponent accepts, anyone else takes an
    /// open seat. When that fills the challenge, `start` makes its game, which is created
    /// in the same transaction: a challenge is never left full without its game. One
    /// transaction, which first takes the challenge's row (the write lock on SQLite, the
    /// row lock on PostgreSQL), also means two people cannot take the last seat.
    pub async fn join_challenge(
        &self,
        guild: GuildId,
        id: ChallengeId,
        user: UserId,
        now: i64,
        start: &(dyn Fn(&ChallengeRow) -> std::result::Result<NewGame, String> + Sync),
    ) -> Result<Join> {
        let mut tx = self.begin().await?;
        let open = query(
            "UPDATE challenges SET created_at = created_at
             WHERE challenge_id = $1 AND guild_id = $2 AND status = 'open'",
        )
        .bind(id.0)
        .bind(db_id(guild.0))
        .execute(tx.on())
        .await?;
        if open != 1 {
            return Err(StoreError::Conflict);
        }
        let row = query("SELECT * FROM challenges WHERE challenge_id = $1")
            .bind(id.0)
            .fetch_one(tx.on())
            .await?;
        let players = self.players_of(&mut tx, id.0).await?;
        let challenge = challenge_from(&row, players)?;
        if challenge.challenger == user {
            return Ok(Join::AlreadyIn);
        }
        match challenge.players.iter().find(|p| p.0 == user) {
            Some((_, true, _)) => return Ok(Join::AlreadyIn),
            Some((_, false, _)) => {
                query(
                    "UPDATE challenge_players SET accepted = TRUE
                     WHERE challenge_id = $1 AND user_id = $2",
                )
                .bind(id.0)
                .bind(db_id(user.0))
                .execute(tx.on())
                .await?;
            }
            None if challenge.is_full() => {
                let named_only = !challenge.players.is_empty()
                    && challenge.players.len() as i64 + 1 + challenge.bot_seats == challenge.seats
                    && challenge.players.iter().any(|p| !p.1);
                return Ok(if named_only {
                    Join::NotInvited
                } else {
                    Join::Full
                });
            }
            None => {
                query(
                    "INSERT INTO challenge_players (challenge_id, user_id, accepted, joined_at, invited)
                     VALUES ($1, $2, TRUE, $3, FALSE)",
                )
                .bind(id.0)
                .bind(db_id(user.0))
                .bind(now)
                .execute(tx.on())
                .await?;
            }
        }
        let players = self.players_of(&mut tx, id.0).await?;
        let challenge = challenge_from(&row, players)?;
        if !challenge.everyone_accepted() {
            tx.commit().await?;
            return Ok(Join::Joined(challenge));
        }
        let game_id = Store::start_in(&mut tx, &challenge, start).await?;
        tx.commit().await?;
        Ok(Join::Started(challenge, game_id))
    }

    /// Starts a challenge that needs nobody else (the bot fills every other seat): its
    /// game is created with it, in one transaction.
    pub async fn start_challenge(
        &self,
        id: ChallengeId,
        start: &(dyn Fn(&ChallengeRow) -> std::result::Result<NewGame, String> + Sync),
    ) -> Result<(ChallengeRow, GameId)> {
        let mut tx = self.begin().await?;
        let row = query("SELECT * FROM challenges WHERE challenge_id = $1 AND status = 'open'")
            .bind(id.0)
            .fetch_optional(tx.on())
            .await?
            .ok_or(StoreError::Conflict)?;
        let players = self.players_of(&mut tx, id.0).await?;
        let challenge = challenge_from(&row, players)?;
        if !challenge.everyone_accepted() {
            return Err(StoreError::Conflict);
        }
        let game_id = Store::start_in(&mut tx, &challenge, start).await?;
        tx.commit().await?;
        Ok((challenge, game_id))
    }

    /// Creates the game of a full challenge and marks the challenge started.
    async fn start_in(
        tx: &mut Tx,
        challenge: &ChallengeRow,
        start: &(dyn Fn(&ChallengeRow) -> std::result::Result<NewGame, String> + Sync),
    ) -> Result<GameId> {
        let id = challenge.id;
        let game = start(challenge).map_err(|why| StoreError::Corrupt {
            what: format!("challenge #{id}"),
            why,
        })?;
        let game_id = Store::insert_game(tx, &game).await?;
        query("UPDATE challenges SET status = 'started', game_id = $1 WHERE challenge_id = $2")
            .bind(game_id.0)
            .bind(id.0)
            .execute(tx.on())
            .await?;
        Ok(game_id)
    }

    /// Frees the open seat `user` took in an open challenge; false if they hold none.
    pub async fn leave_challenge(&self, id: ChallengeId, user: UserId) -> Result<bool> {
        Ok(query(
            "DELETE FROM challenge_players WHERE challenge_id = $1 AND user_id = $2
               AND invited = FALSE
               AND EXISTS (SELECT 1 FROM challenges WHERE challenge_id = $1 AND status = 'open')",
        )
        .bind(id.0)
        .bind(db_id(user.0))
        .execute(self.on())
        .await?
            == 1)
    }

    /// Moves an open challenge to `to` (declined or cancelled); false if it was not open.
    pub async fn close_challenge(&self, id: ChallengeId, to: ChallengeStatus) -> Result<bool> {
        Ok(
            query("UPDATE challenges SET status = $1 WHERE challenge_id = $2 AND status = 'open'")
                .bind(to.as_str())
                .bind(id.0)
                .execute(self.on())
                .await?
                == 1,
        )
    }
}
