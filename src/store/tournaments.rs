//! Tournaments: who entered, the pairings of each round and their results. Every change
//! of a tournament is one transaction guarded by its version, so that two processes
//! deciding the same step (a round to pair, a withdrawal) write it exactly once; a game's
//! result is written with the game's own last change ([`Store::update_game_with_notice`]).

use super::kinds::stored_enum;
use super::leases::Claim;
use super::{
    column, db_id, first, json_text, query, Arg, DbRow, NewGame, NoticeRow, Result, Store,
    StoreError, Tx,
};
use crate::ids::{ChannelId, GameId, GuildId, TournamentId, UserId};

stored_enum! {
    /// How the players meet.
    pub enum TournamentFormat {
        /// Everyone plays everyone once, every game at once.
        RoundRobin = "round_robin",
        /// Everyone plays everyone twice, with colours reversed the second time.
        DoubleRoundRobin = "double_round_robin",
        /// The FIDE Dutch system, a round at a time.
        Swiss = "swiss",
    }
}

stored_enum! {
    pub enum TournamentState {
        /// Taking entries.
        Open = "open",
        Running = "running",
        Finished = "finished",
    }
}

stored_enum! {
    /// Why a player left a running tournament.
    pub enum Withdrawal {
        /// They withdrew.
        Own = "self",
        /// The organiser removed them.
        Organiser = "organiser",
        /// They ran out of time in every game they had.
        OutOfTime = "out_of_time",
    }
}

stored_enum! {
    /// One side of a pairing.
    pub enum Side {
        White = "white",
        Black = "black",
    }
}

/// The result of a game played in a tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardResult {
    Won(Side),
    Draw,
}

impl BoardResult {
    fn as_str(self) -> &'static str {
        match self {
            BoardResult::Won(side) => side.as_str(),
            BoardResult::Draw => "draw",
        }
    }

    fn parse(text: &str) -> Option<BoardResult> {
        match text {
            "draw" => Some(BoardResult::Draw),
            other => Side::parse(other).map(BoardResult::Won),
        }
    }
}

/// The most players a tournament takes, and the most rounds of a Swiss.
pub const MAX_ENTRANTS: u16 = 500;
pub const MAX_SWISS_ROUNDS: u16 = 30;

pub struct NewTournament {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub organiser: UserId,
    pub kind: String,
    /// JSON array of `key=value` texts, as challenges keep them.
    pub options: String,
    pub format: TournamentFormat,
    /// A Swiss event's rounds.
    pub rounds: Option<u16>,
    pub days_per_move: i64,
    pub max_players: u16,
    pub start_when_full: bool,
    pub rated: bool,
    /// Tenths of a point for the pairing-allocated bye of a Swiss.
    pub bye_points: u32,
    pub now: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub organiser: UserId,
    pub kind: String,
    pub options: String,
    pub format: TournamentFormat,
    pub rounds: Option<u16>,
    pub days_per_move: i64,
    pub max_players: u16,
    pub start_when_full: bool,
    pub rated: bool,
    pub bye_points: u32,
    pub state: TournamentState,
    pub rounds_paired: u16,
    /// Rounds whose end has been announced.
    pub rounds_done: u16,
    pub version: i64,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// The thread its announcement opened, where its round and final posts go.
    pub thread: Option<ChannelId>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Withdrawn {
    pub at: i64,
    pub why: Withdrawal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    pub user: UserId,
    /// The order of entry, from 1.
    pub entry: i64,
    /// The pairing number, from the start on.
    pub number: Option<u16>,
    pub joined_at: i64,
    pub withdrawn: Option<Withdrawn>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    pub round: u16,
    pub board: u16,
    /// Pairing numbers; no black is a bye for white.
    pub white: u16,
    pub black: Option<u16>,
    pub game: Option<GameId>,
    /// The played game's result, once it ended.
    pub result: Option<BoardResult>,
    /// The game ended with a loss on time.
    pub timeout: bool,
    /// Decided without play: the winner.
    pub forfeit: Option<Side>,
    /// Struck out by the withdrawal rule: it counts for nobody.
    pub struck: bool,
}

/// A tournament as one moment saw it: its row, entrants and pairings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    pub row: TournamentRow,
    /// In the order of entry.
    pub entrants: Vec<EntrantRow>,
    /// By round, then board.
    pub pairings: Vec<PairingRow>,
}

/// A pairing to write, with the game it starts (none for a bye or a game not played).
#[derive(Clone, Debug)]
pub struct NewPairing {
    pub round: u16,
    pub board: u16,
    pub white: u16,
    pub black: Option<u16>,
    pub game: Option<NewGame>,
}

/// The start of a tournament: pairing numbers, and the pairings of what is played first.
#[derive(Clone, Debug)]
pub struct TournamentStart {
    pub id: TournamentId,
    pub expected_version: i64,
    pub now: i64,
    pub numbers: Vec<(UserId, u16)>,
    pub pairings: Vec<NewPairing>,
    pub rounds_paired: u16,
}

/// A step of a running tournament: rounds announced as done, a new round paired, the end.
#[derive(Clone, Debug)]
pub struct TournamentAdvance {
    pub id: TournamentId,
    pub expected_version: i64,
    pub now: i64,
    pub rounds_done: u16,
    pub rounds_paired: u16,
    pub pairings: Vec<NewPairing>,
    pub finished: bool,
    /// Announcements (standings), each for a game of the tournament.
    pub notices: Vec<NoticeRow>,
}

/// A player leaving a running tournament, with what the withdrawal rule makes of their
/// games (by round and board).
#[derive(Clone, Debug)]
pub struct TournamentWithdrawal {
    pub id: TournamentId,
    pub expected_version: i64,
    pub now: i64,
    pub user: UserId,
    pub why: Withdrawal,
    pub forfeits: Vec<(u16, u16, Side)>,
    pub struck: Vec<(u16, u16)>,
}

/// What came of an entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// In, with this many entrants now.
    Joined {
        entrants: u16,
        full: bool,
    },
    AlreadyIn,
    Full,
    /// No longer taking entries.
    NotOpen,
}

/// What came of leaving before the start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Leaving {
    Left,
    NotIn,
    NotOpen,
}

/// Where a game stands in a tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    pub tournament: TournamentId,
    pub rated: bool,
    pub round: u16,
    pub board: u16,
    /// Its pairing was decided without it (a forfeit, a result struck out).
    pub decided: bool,
}

/// The result a game's last change writes into its pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PairingResult {
    pub result: BoardResult,
    pub timeout: bool,
}

/// One tournament of a listing, with how many entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedTournament {
    pub row: TournamentRow,
    pub entrants: u16,
}

/// A page of a server's tournaments, newest first: those that can be read, and the ids
/// of the damaged ones left out, with what is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentPage {
    pub tournaments: Vec<ListedTournament>,
    pub damaged: Vec<(TournamentId, String)>,
    /// Whether older tournaments follow.
    pub more: bool,
}

/// A number a row keeps that must fit `lo..=hi`.
fn bounded(value: i64, lo: i64, hi: i64, name: &str) -> std::result::Result<u16, String> {
    if (lo..=hi).contains(&value) {
        Ok(value as u16)
    } else {
        Err(format!("{name} is {value}, not {lo} to {hi}"))
    }
}

fn damaged(id: i64, why: String) -> StoreError {
    StoreError::DamagedTournament {
        tournament: TournamentId(id),
        why,
    }
}

/// A tournament row in typed values; what cannot be read is an error naming it.
fn tournament_from(row: &DbRow) -> Result<TournamentRow> {
    let id: i64 = column(row, &|| "a tournament".to_string(), "tournament_id")?;
    read_tournament(row, id).map_err(|e| match e {
        StoreError::Corrupt { why, .. } => damaged(id, why),
        other => other,
    })
}

fn read_tournament(row: &DbRow, id: i64) -> Result<TournamentRow> {
    let what = || format!("tournament #{id}");
    let bad = |why: String| damaged(id, why);
    let format: String = column(row, &what, "format")?;
    let format = TournamentFormat::parse(&format)
        .ok_or_else(|| bad(format!("unknown format “{format}”")))?;
    let state: String = column(row, &what, "state")?;
    let state =
        TournamentState::parse(&state).ok_or_else(|| bad(format!("unknown state “{state}”")))?;
    let rounds = match (format, column::<Option<i64>>(row, &what, "rounds")?) {
        (TournamentFormat::Swiss, Some(n)) => {
            Some(bounded(n, 1, i64::from(MAX_SWISS_ROUNDS), "its rounds").map_err(bad)?)
        }
        (TournamentFormat::Swiss, None) => return Err(bad("a Swiss without rounds".into())),
        (_, None) => None,
        (_, Some(n)) => return Err(bad(format!("a round-robin with {n} rounds set"))),
    };
    let max_players = bounded(
        column(row, &what, "max_players")?,
        2,
        i64::from(MAX_ENTRANTS),
        "its entry limit",
    )
    .map_err(bad)?;
    let bye_points: i64 = column(row, &what, "bye_points")?;
    if ![0, 5, 10].contains(&bye_points) {
        return Err(bad(format!(
            "its bye is worth {bye_points} tenths, not 0, 5 or 10"
        )));
    }
    let rounds_paired = bounded(
        column(row, &what, "rounds_paired")?,
        0,
        9999,
        "rounds paired",
    )
    .map_err(bad)?;
    let rounds_done =
        bounded(column(row, &what, "rounds_done")?, 0, 9999, "rounds done").map_err(bad)?;
    if rounds_done > rounds_paired || rounds.is_some_and(|r| rounds_paired > r) {
        return Err(bad(format!(
            "{rounds_done} rounds done and {rounds_paired} paired of {rounds:?}"
        )));
    }
    Ok(TournamentRow {
        id: TournamentId(id),
        guild: GuildId(column::<i64>(row, &what, "guild_id")? as u64),
        channel: ChannelId(column::<i64>(row, &what, "channel_id")? as u64),
        organiser: UserId(column::<i64>(row, &what, "organiser")? as u64),
        kind: column(row, &what, "kind")?,
        options: json_text(row, &what, "options")?,
        format,
        rounds,
        days_per_move: super::days_per_move(row, &what)?,
        max_players,
        start_when_full: column(row, &what, "start_when_full")?,
        rated: column(row, &what, "rated")?,
        bye_points: bye_points as u32,
        state,
        rounds_paired,
        rounds_done,
        version: column(row, &what, "version")?,
        created_at: column(row, &what, "created_at")?,
        started_at: column(row, &what, "started_at")?,
        finished_at: column(row, &what, "finished_at")?,
        thread: column::<Option<i64>>(row, &what, "thread_id")?.map(|t| ChannelId(t as u64)),
    })
}

fn entrant_from(row: &DbRow, id: i64) -> Result<EntrantRow> {
    let what = || format!("tournament #{id}'s entrants");
    let bad = |why: String| damaged(id, why);
    let user = UserId(column::<i64>(row, &what, "user_id")? as u64);
    let number = match column::<Option<i64>>(row, &what, "number")? {
        None => None,
        Some(n) => Some(bounded(n, 1, i64::from(MAX_ENTRANTS), "a pairing number").map_err(bad)?),
    };
    let withdrawn = match (
        column::<Option<i64>>(row, &what, "withdrawn_at")?,
        column::<Option<String>>(row, &what, "withdrawn_why")?,
    ) {
        (None, None) => None,
        (Some(at), Some(why)) => Some(Withdrawn {
            at,
            why: Withdrawal::parse(&why)
                .ok_or_else(|| bad(format!("{user} withdrew for an unknown reason “{why}”")))?,
        }),
        _ => return Err(bad(format!("{user}'s withdrawal lacks its time or reason"))),
    };
    Ok(EntrantRow {
        user,
        entry: column(row, &what, "entry")?,
        number,
        joined_at: column(row, &what, "joined_at")?,
        withdrawn,
    })
}

fn pairing_from(row: &DbRow, id: i64) -> Result<PairingRow> {
    let what = || format!("tournament #{id}'s pairings");
    let bad = |why: String| damaged(id, why);
    let number = |name: &str| -> Result<u16> {
        bounded(column(row, &what, name)?, 1, i64::from(MAX_ENTRANTS), name).map_err(bad)
    };
    let round = bounded(column(row, &what, "round")?, 1, 9999, "a round").map_err(bad)?;
    let board = bounded(column(row, &what, "board")?, 1, 9999, "a board").map_err(bad)?;
    let black = match column::<Option<i64>>(row, &what, "black")? {
        None => None,
        Some(_) => Some(number("black")?),
    };
    let wrong = |why: String| bad(format!("round {round} board {board} {why}"));
    let result = match column::<Option<String>>(row, &what, "result")? {
        None => None,
        Some(text) => Some(
            BoardResult::parse(&text)
                .ok_or_else(|| wrong(format!("has an unknown result “{text}”")))?,
        ),
    };
    let forfeit = match column::<Option<String>>(row, &what, "forfeit")? {
        None => None,
        Some(text) => Some(
            Side::parse(&text).ok_or_else(|| wrong(format!("has an unknown forfeit “{text}”")))?,
        ),
    };
    let game = column::<Option<i64>>(row, &what, "game_id")?.map(GameId);
    if black.is_none() && (game.is_some() || result.is_some() || forfeit.is_some()) {
        return Err(wrong("is a bye with a game or a result".into()));
    }
    if result.is_some() && game.is_none() {
        return Err(wrong("has a result but no game".into()));
    }
    Ok(PairingRow {
        round,
        board,
        white: number("white")?,
        black,
        game,
        result,
        timeout: column(row, &what, "timeout")?,
        forfeit,
        struck: column(row, &what, "struck")?,
    })
}

/// Checks that a record holds together: pairing numbers given at the start and only then,
/// each once, and pairings only between entrants and within the rounds paired.
fn check_record(record: &TournamentRecord) -> Result<()> {
    let id = record.row.id.0;
    let bad = |why: String| Err(damaged(id, why));
    let started = record.row.state != TournamentState::Open;
    let mut numbers: Vec<u16> = record.entrants.iter().filter_map(|e| e.number).collect();
    if started && numbers.len() != record.entrants.len() {
        return bad("an entrant of a started tournament has no pairing number".into());
    }
    if !started && (!numbers.is_empty() || !record.pairings.is_empty()) {
        return bad("it has pairings before its start".into());
    }
    numbers.sort_unstable();
    if numbers
        .iter()
        .enumerate()
        .any(|(i, n)| usize::from(*n) != i + 1)
    {
        return bad(format!(
            "its pairing numbers {numbers:?} do not run from 1 without a gap"
        ));
    }
    let count = numbers.len() as u16;
    for p in &record.pairings {
        if p.round > record.row.rounds_paired {
            return bad(format!(
                "round {} is paired but only {} rounds are",
                p.round, record.row.rounds_paired
            ));
        }
        if p.white > count || p.black.is_some_and(|b| b > count || b == p.white) {
            return bad(format!(
                "round {} board {} pairs players who did not enter",
                p.round, p.board
            ));
        }
    }
    Ok(())
}

/// The columns of a tournament as a listing or a record reads them.
const TOURNAMENT_COLUMNS: &str = "tournament_id, guild_id, channel_id, organiser, kind, options,
    format, rounds, days_per_move, max_players, start_when_full, rated, bye_points, state,
    rounds_paired, rounds_done, version, created_at, started_at, finished_at, thread_id";

impl Store {
    pub async fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId> {
        let row = query(
            "INSERT INTO tournaments (guild_id, channel_id, organiser, kind, options, format,
               rounds, days_per_move, max_players, start_when_full, rated, bye_points, state,
               created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'open', $13)
             RETURNING tournament_id",
        )
        .bind(db_id(t.guild.0))
        .bind(db_id(t.channel.0))
        .bind(db_id(t.organiser.0))
        .bind(&t.kind)
        .bind(Arg::json(&t.options))
        .bind(t.format.as_str())
        .bind(t.rounds.map(i64::from))
        .bind(t.days_per_move)
        .bind(i64::from(t.max_players))
        .bind(t.start_when_full)
        .bind(t.rated)
        .bind(i64::from(t.bye_points))
        .bind(t.now)
        .fetch_one(self.on())
        .await?;
        Ok(TournamentId(first(&row)?))
    }

    /// Records the thread a tournament's announcement opened. Not a change of the
    /// tournament's course: its version stays, so no entry or start waiting on it is
    /// refused.
    pub async fn set_tournament_thread(&self, id: TournamentId, thread: ChannelId) -> Result<()> {
        self.write(
            "UPDATE tournaments SET thread_id = $2 WHERE tournament_id = $1",
            id.0,
            db_id(thread.0),
        )
        .await
    }

    /// A tournament of this server, whole (another server's is not found).
    pub async fn tournament(
        &self,
        guild: GuildId,
        id: TournamentId,
    ) -> Result<Option<TournamentRecord>> {
        self.tournament_record(Some(guild), id).await
    }

    /// A tournament of any server, whole: for the work a game's end or the background
    /// look starts, which know the tournament by its id.
    pub async fn tournament_anywhere(&self, id: TournamentId) -> Result<Option<TournamentRecord>> {
        self.tournament_record(None, id).await
    }

    /// A tournament, its entrants and pairings as of one moment: one transaction whose
    /// reads all see one moment. PostgreSQL's default gives each statement its own, so a
    /// tournament read there while a step commits could hold the step's pairings without
    /// its row; SQLite's transaction holds the write lock.
    async fn tournament_record(
        &self,
        guild: Option<GuildId>,
        id: TournamentId,
    ) -> Result<Option<TournamentRecord>> {
        let mut tx = self.begin().await?;
        if self.backend() == super::Backend::Postgres {
            query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(tx.on())
                .await?;
        }
        let row = query(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments
             WHERE tournament_id = $1 AND ($2 IS NULL OR guild_id = $2)"
        ))
        .bind(id.0)
        .bind(guild.map(|g| db_id(g.0)))
        .fetch_optional(tx.on())
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let row = tournament_from(&row)?;
        let entrants = query(
            "SELECT user_id, entry, number, joined_at, withdrawn_at, withdrawn_why
             FROM tournament_entrants WHERE tournament_id = $1 ORDER BY entry",
        )
        .bind(id.0)
        .fetch_all(tx.on())
        .await?
        .iter()
        .map(|r| entrant_from(r, id.0))
        .collect::<Result<Vec<_>>>()?;
        let pairings = query(
            "SELECT round, board, white, black, game_id, result, timeout, forfeit, struck
             FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
        )
        .bind(id.0)
        .fetch_all(tx.on())
        .await?
        .iter()
        .map(|r| pairing_from(r, id.0))
        .collect::<Result<Vec<_>>>()?;
        let record = TournamentRecord {
            row,
            entrants,
            pairings,
        };
        check_record(&record)?;
        tx.commit().await?;
        Ok(Some(record))
    }

    /// A page of a server's tournaments, newest first, older than `before` if given. A
    /// damaged one is named and left out; the others are listed.
    pub async fn tournaments_of(
        &self,
        guild: GuildId,
        before: Option<TournamentId>,
        limit: i64,
    ) -> Result<TournamentPage> {
        self.tournament_page(guild, before, None, limit).await
    }

    /// A page of a server's tournaments whose number begins with `digits` (as typed in
    /// autocomplete), newest first. Anything but digits matches none.
    pub async fn tournaments_numbered(
        &self,
        guild: GuildId,
        digits: &str,
        limit: i64,
    ) -> Result<TournamentPage> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(TournamentPage::default());
        }
        self.tournament_page(guild, None, Some(format!("{digits}%")), limit)
            .await
    }

    async fn tournament_page(
        &self,
        guild: GuildId,
        before: Option<TournamentId>,
        number_like: Option<String>,
        limit: i64,
    ) -> Result<TournamentPage> {
        let rows = query(format!(
            "SELECT {TOURNAMENT_COLUMNS},
               (SELECT COUNT(*) FROM tournament_entrants e
                WHERE e.tournament_id = t.tournament_id) AS entrants
             FROM tournaments t
             WHERE guild_id = $1 AND ($2 IS NULL OR tournament_id < $2)
               AND ($3 IS NULL OR CAST(tournament_id AS TEXT) LIKE $3)
             ORDER BY tournament_id DESC LIMIT $4"
        ))
        .bind(db_id(guild.0))
        .bind(before.map(|t| t.0))
        .bind(number_like)
        .bind(limit + 1)
        .fetch_all(self.on())
        .await?;
        let mut page = TournamentPage {
            more: rows.len() as i64 > limit,
            ..TournamentPage::default()
        };
        for row in rows.iter().take(limit.max(0) as usize) {
            let listed = tournament_from(row).and_then(|t| {
                let count: i64 = column(row, &|| format!("tournament #{}", t.id), "entrants")?;
                Ok(ListedTournament {
                    row: t,
                    entrants: count.clamp(0, i64::from(u16::MAX)) as u16,
                })
            });
            match listed {
                Ok(listed) => page.tournaments.push(listed),
                Err(StoreError::DamagedTournament { tournament, why }) => {
                    tracing::error!(%tournament, "tournament #{tournament} is damaged: {why}: left out of a list");
                    page.damaged.push((tournament, why));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(page)
    }

    /// The server's tournaments that `user` entered or that were made in `channel`,
    /// newest first, at most `limit`: those a command without a tournament's number may
    /// mean.
    pub async fn tournaments_near(
        &self,
        guild: GuildId,
        user: UserId,
        channel: ChannelId,
        limit: i64,
    ) -> Result<Vec<TournamentId>> {
        let rows = query(
            "SELECT tournament_id FROM tournaments t
             WHERE guild_id = $1
               AND (channel_id = $3 OR EXISTS (SELECT 1 FROM tournament_entrants e
                    WHERE e.tournament_id = t.tournament_id AND e.user_id = $2))
             ORDER BY tournament_id DESC LIMIT $4",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(db_id(channel.0))
        .bind(limit)
        .fetch_all(self.on())
        .await?;
        rows.iter().map(|r| Ok(TournamentId(first(r)?))).collect()
    }

    /// Enters `user`, if the tournament of this server is open and not full. One
    /// transaction that first takes the tournament's row (moving its version on), so two
    /// players cannot both take the last place.
    pub async fn join_tournament(
        &self,
        guild: GuildId,
        id: TournamentId,
        user: UserId,
        now: i64,
    ) -> Result<Entry> {
        let mut tx = self.begin().await?;
        let row = query(
            "UPDATE tournaments SET version = version + 1
             WHERE tournament_id = $1 AND guild_id = $2 AND state = 'open'
             RETURNING max_players",
        )
        .bind(id.0)
        .bind(db_id(guild.0))
        .fetch_optional(tx.on())
        .await?;
        let Some(row) = row else {
            return Ok(Entry::NotOpen);
        };
        let max: i64 = first(&row)?;
        let row = query(
            "SELECT COUNT(*), COALESCE(MAX(entry), 0),
               COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0)
             FROM tournament_entrants WHERE tournament_id = $1",
        )
        .bind(id.0)
        .bind(db_id(user.0))
        .fetch_one(tx.on())
        .await?;
        let what = || format!("tournament #{id}'s entrants");
        let at = |i: usize| -> Result<i64> {
            super::sql::Value::read_at(&row, i).map_err(|e| StoreError::Corrupt {
                what: what(),
                why: e.to_string(),
            })
        };
        let (count, last, mine) = (at(0)?, at(1)?, at(2)?);
        if mine > 0 {
            return Ok(Entry::AlreadyIn);
        }
        if count >= max {
            return Ok(Entry::Full);
        }
        query(
            "INSERT INTO tournament_entrants (tournament_id, user_id, entry, joined_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(id.0)
        .bind(db_id(user.0))
        .bind(last + 1)
        .bind(now)
        .execute(tx.on())
        .await?;
        tx.commit().await?;
        Ok(Entry::Joined {
            entrants: (count + 1) as u16,
            full: count + 1 >= max,
        })
    }

    /// Takes `user` out of a tournament of this server that has not started.
    pub async fn leave_tournament(
        &self,
        guild: GuildId,
        id: TournamentId,
        user: UserId,
    ) -> Result<Leaving> {
        let mut tx = self.begin().await?;
        let open = query(
            "UPDATE tournaments SET version = version + 1
             WHERE tournament_id = $1 AND guild_id = $2 AND state = 'open'",
        )
        .bind(id.0)
        .bind(db_id(guild.0))
        .execute(tx.on())
        .await?;
        if open != 1 {
            return Ok(Leaving::NotOpen);
        }
        let left =
            query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2")
                .bind(id.0)
                .bind(db_id(user.0))
                .execute(tx.on())
                .await?;
        if left != 1 {
            return Ok(Leaving::NotIn);
        }
        tx.commit().await?;
        Ok(Leaving::Left)
    }

    /// Starts a tournament still at `expected_version`: its pairing numbers, the pairings
    /// of what is played first and their games, and each game's announcement (`announce`,
    /// given the new game's id), all in one transaction, or [`StoreError::Conflict`].
    pub async fn start_tournament(
        &self,
        start: &TournamentStart,
        announce: &(dyn Fn(GameId, &NewPairing) -> Option<NoticeRow> + Sync),
    ) -> Result<Vec<GameId>> {
        let mut tx = self.begin().await?;
        let started = query(
            "UPDATE tournaments SET state = 'running', version = version + 1, started_at = $3,
               rounds_paired = $4
             WHERE tournament_id = $1 AND version = $2 AND state = 'open'",
        )
        .bind(start.id.0)
        .bind(start.expected_version)
        .bind(start.now)
        .bind(i64::from(start.rounds_paired))
        .execute(tx.on())
        .await?;
        if started != 1 {
            return Err(StoreError::Conflict);
        }
        for (user, number) in &start.numbers {
            query(
                "UPDATE tournament_entrants SET number = $3
                 WHERE tournament_id = $1 AND user_id = $2",
            )
            .bind(start.id.0)
            .bind(db_id(user.0))
            .bind(i64::from(*number))
            .execute(tx.on())
            .await?;
        }
        let games =
            Store::insert_pairings(&mut tx, start.id, &start.pairings, start.now, announce).await?;
        tx.commit().await?;
        Ok(games)
    }

    /// Writes pairings, each with its new game and that game's announcement.
    async fn insert_pairings(
        tx: &mut Tx,
        id: TournamentId,
        pairings: &[NewPairing],
        now: i64,
        announce: &(dyn Fn(GameId, &NewPairing) -> Option<NoticeRow> + Sync),
    ) -> Result<Vec<GameId>> {
        let mut games = Vec::new();
        for pairing in pairings {
            let game = match &pairing.game {
                Some(new) => {
                    let game = Store::insert_game(tx, new).await?;
                    games.push(game);
                    Some(game)
                }
                None => None,
            };
            query(
                "INSERT INTO tournament_pairings (tournament_id, round, board, white, black, game_id)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id.0)
            .bind(i64::from(pairing.round))
            .bind(i64::from(pairing.board))
            .bind(i64::from(pairing.white))
            .bind(pairing.black.map(i64::from))
            .bind(game.map(|g| g.0))
            .execute(tx.on())
            .await?;
            if let Some(notice) = game.and_then(|game| announce(game, pairing)) {
                Store::insert_notice(tx, &notice, now, None).await?;
            }
        }
        Ok(games)
    }

    /// Takes a step of a tournament still at `expected_version` (see
    /// [`TournamentAdvance`]), in one transaction, or [`StoreError::Conflict`]: two
    /// processes that decide the same step write it once.
    pub async fn advance_tournament(
        &self,
        step: &TournamentAdvance,
        announce: &(dyn Fn(GameId, &NewPairing) -> Option<NoticeRow> + Sync),
    ) -> Result<Vec<GameId>> {
        let mut tx = self.begin().await?;
        let moved = query(
            "UPDATE tournaments SET version = version + 1, rounds_done = $3, rounds_paired = $4,
               state = CASE WHEN $5 THEN 'finished' ELSE state END,
               finished_at = CASE WHEN $5 THEN $6 ELSE finished_at END
             WHERE tournament_id = $1 AND version = $2 AND state = 'running'",
        )
        .bind(step.id.0)
        .bind(step.expected_version)
        .bind(i64::from(step.rounds_done))
        .bind(i64::from(step.rounds_paired))
        .bind(step.finished)
        .bind(step.now)
        .execute(tx.on())
        .await?;
        if moved != 1 {
            return Err(StoreError::Conflict);
        }
        for notice in &step.notices {
            Store::insert_notice(&mut tx, notice, step.now, None).await?;
        }
        let games =
            Store::insert_pairings(&mut tx, step.id, &step.pairings, step.now, announce).await?;
        tx.commit().await?;
        Ok(games)
    }

    /// Records a player's withdrawal from a running tournament still at
    /// `expected_version`, with the forfeits and struck results the rule gives, in one
    /// transaction, or [`StoreError::Conflict`].
    pub async fn withdraw_entrant(&self, w: &TournamentWithdrawal) -> Result<()> {
        let mut tx = self.begin().await?;
        let moved = query(
            "UPDATE tournaments SET version = version + 1
             WHERE tournament_id = $1 AND version = $2 AND state = 'running'",
        )
        .bind(w.id.0)
        .bind(w.expected_version)
        .execute(tx.on())
        .await?;
        if moved != 1 {
            return Err(StoreError::Conflict);
        }
        let marked = query(
            "UPDATE tournament_entrants SET withdrawn_at = $3, withdrawn_why = $4
             WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_at IS NULL",
        )
        .bind(w.id.0)
        .bind(db_id(w.user.0))
        .bind(w.now)
        .bind(w.why.as_str())
        .execute(tx.on())
        .await?;
        if marked != 1 {
            return Err(StoreError::Conflict);
        }
        for (round, board, winner) in &w.forfeits {
            query(
                "UPDATE tournament_pairings SET forfeit = $4
                 WHERE tournament_id = $1 AND round = $2 AND board = $3",
            )
            .bind(w.id.0)
            .bind(i64::from(*round))
            .bind(i64::from(*board))
            .bind(winner.as_str())
            .execute(tx.on())
            .await?;
        }
        for (round, board) in &w.struck {
            query(
                "UPDATE tournament_pairings SET struck = TRUE
                 WHERE tournament_id = $1 AND round = $2 AND board = $3",
            )
            .bind(w.id.0)
            .bind(i64::from(*round))
            .bind(i64::from(*board))
            .execute(tx.on())
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The tournament a game is played in, if any.
    pub async fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentGame>> {
        let row = query(
            "SELECT p.tournament_id, p.round, p.board, t.rated,
               (p.forfeit IS NOT NULL OR p.struck) AS decided
             FROM tournament_pairings p JOIN tournaments t ON t.tournament_id = p.tournament_id
             WHERE p.game_id = $1",
        )
        .bind(game.0)
        .fetch_optional(self.on())
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let what = || format!("game #{game}'s tournament");
        let id: i64 = column(&row, &what, "tournament_id")?;
        let bad = |why: String| damaged(id, why);
        Ok(Some(TournamentGame {
            tournament: TournamentId(id),
            rated: column(&row, &what, "rated")?,
            round: bounded(column(&row, &what, "round")?, 1, 9999, "a round").map_err(bad)?,
            board: bounded(column(&row, &what, "board")?, 1, 9999, "a board").map_err(bad)?,
            decided: column(&row, &what, "decided")?,
        }))
    }

    /// Writes a game's result into its pairing, inside the game's last change: the
    /// tournament's version moves on with it, so a step decided on the results before
    /// is refused.
    pub(super) async fn record_pairing_result(
        tx: &mut Tx,
        game: GameId,
        result: PairingResult,
    ) -> Result<()> {
        let written = query(
            "UPDATE tournament_pairings SET result = $2, timeout = $3
             WHERE game_id = $1 AND result IS NULL",
        )
        .bind(game.0)
        .bind(result.result.as_str())
        .bind(result.timeout)
        .execute(tx.on())
        .await?;
        if written == 1 {
            query(
                "UPDATE tournaments SET version = version + 1 WHERE tournament_id =
                   (SELECT tournament_id FROM tournament_pairings WHERE game_id = $1)",
            )
            .bind(game.0)
            .execute(tx.on())
            .await?;
        }
        Ok(())
    }

    /// Ratings of `users` for a kind of game on a server, where they have one: the order
    /// of pairing numbers.
    pub async fn ratings_of(
        &self,
        guild: GuildId,
        kind: &str,
        users: &[UserId],
    ) -> Result<Vec<(UserId, f64)>> {
        let mut out = Vec::new();
        // A page at a time: a query's values are bounded on both backends.
        for chunk in users.chunks(200) {
            let rows = query(format!(
                "SELECT user_id, rating FROM ratings WHERE guild_id = $1 AND kind = $2
                   AND user_id IN ({})",
                super::placeholders(3, chunk.len())
            ));
            let rows = chunk
                .iter()
                .fold(rows.bind(db_id(guild.0)).bind(kind), |q, u| {
                    q.bind(db_id(u.0))
                })
                .fetch_all(self.on())
                .await?;
            let what = || "a rating".to_string();
            for row in &rows {
                let rating: f64 = column(row, &what, "rating")?;
                // A rating that is not a number orders nobody: such a row is left out, as
                // `boardpost db check` reports it.
                if rating.is_finite() {
                    out.push((UserId(column::<i64>(row, &what, "user_id")? as u64), rating));
                }
            }
        }
        Ok(out)
    }

    /// Takes up to `limit` tournaments that may have a step waiting (running ones, and
    /// open ones that start when full) and that no process holds, for `owner` until
    /// `until`: the background look that finishes what a stopped process left.
    pub async fn claim_tournaments(
        &self,
        now: i64,
        owner: &str,
        until: i64,
        limit: i64,
    ) -> Result<Vec<TournamentId>> {
        let claim = Claim {
            table: "tournaments",
            key: "tournament_id",
            due: "(state = 'running' OR (state = 'open' AND start_when_full))",
            order: "tournament_id",
            returning: "tournament_id",
        };
        let rows = self.claim(claim, now, owner, until, limit).await?;
        let mut ids: Vec<TournamentId> = rows
            .iter()
            .map(|r| Ok(TournamentId(first(r)?)))
            .collect::<Result<_>>()?;
        ids.sort();
        Ok(ids)
    }

    /// Gives up `owner`'s hold on a tournament it looked at: nobody needs to look again
    /// before `next`.
    pub async fn release_tournament(&self, id: TournamentId, owner: &str, next: i64) -> Result<()> {
        self.release("tournaments", "tournament_id", id.0, owner, next)
            .await
    }

    /// Tournament ids after `after`, in order, at most `limit`: for `boardpost db check`.
    pub async fn tournament_ids_after(
        &self,
        after: TournamentId,
        limit: i64,
    ) -> Result<Vec<TournamentId>> {
        let rows = query(
            "SELECT tournament_id FROM tournaments WHERE tournament_id > $1
             ORDER BY tournament_id LIMIT $2",
        )
        .bind(after.0)
        .bind(limit)
        .fetch_all(self.on())
        .await?;
        rows.iter().map(|r| Ok(TournamentId(first(r)?))).collect()
    }

    /// Each pairing's game with its players by seat, for `boardpost db check` to compare
    /// with the pairing: (round, board, game, seat 1's user, seat 2's user).
    #[allow(clippy::type_complexity)]
    pub async fn tournament_game_seats(
        &self,
        id: TournamentId,
    ) -> Result<Vec<(u16, u16, GameId, Option<UserId>, Option<UserId>)>> {
        let rows = query(
            "SELECT p.round, p.board, p.game_id,
               (SELECT user_id FROM seats s WHERE s.game_id = p.game_id AND s.seat = 1) AS first,
               (SELECT user_id FROM seats s WHERE s.game_id = p.game_id AND s.seat = 2) AS second
             FROM tournament_pairings p
             WHERE p.tournament_id = $1 AND p.game_id IS NOT NULL ORDER BY p.round, p.board",
        )
        .bind(id.0)
        .fetch_all(self.on())
        .await?;
        let what = || format!("tournament #{id}'s games");
        rows.iter()
            .map(|r| {
                let user = |name: &str| -> Result<Option<UserId>> {
                    Ok(column::<Option<i64>>(r, &what, name)?.map(|u| UserId(u as u64)))
                };
                Ok((
                    column::<i64>(r, &what, "round")?.clamp(0, 9999) as u16,
                    column::<i64>(r, &what, "board")?.clamp(0, 9999) as u16,
                    GameId(column(r, &what, "game_id")?),
                    user("first")?,
                    user("second")?,
                ))
            })
            .collect()
    }
}
