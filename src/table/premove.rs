//! Conditional moves: in a game of two, a player who waits for their opponent stores
//! lines of play ("if they play h9-g7, I play b1-c3, then if h0-g2, c3-d5"). When the
//! opponent's turn matches the start of a line, the line's answer is played in the same
//! transaction as the opponent's move; a turn that leaves a line clears it.
//!
//! A line continues from the game's version it was stored at (the store keeps that
//! anchor), so any other change of the game (a takeback, a resignation, a loss on time)
//! leaves it stale: it can never be played out of turn or twice.

use super::load::{which_game, Loaded};
use super::play_move::action_refused;
use super::{refuse, Caller, Reply, Result, Table};
use crate::games::{split_actions, AnyGame, Game, Seat};
use crate::i18n::{Lang, Localize, Msg};
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::store::{KeptLine, PremoveRow};

/// Lines a player may keep in one game.
pub const MAX_LINES: usize = 20;
/// Actions in one line, the opponent's and the player's together.
pub const MAX_LINE_ACTIONS: usize = 64;

/// What `/premove` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveAction {
    /// Store a line: the opponent's next turn, the caller's answer, and so on.
    Add(String),
    List,
    /// Cancel the line of this number in the list, or all of the caller's lines.
    Cancel(Option<i64>),
}

/// The answer a stored line gives to the opponent's actions, to commit with them.
pub(super) struct Answer {
    /// Whose line it was.
    pub user: UserId,
    pub seat: Seat,
    /// Their actions, played.
    pub actions: Vec<String>,
}

/// What the opponent's actions make of the stored lines: the answer to play, if a line
/// gives one, and the lines that go on from the new position (all others go).
#[derive(Default)]
pub(super) struct LinesAfter {
    pub answer: Option<Answer>,
    pub kept: Vec<KeptLine>,
}

/// Whether a game has the two seats conditional lines are for.
fn two_players(loaded: &Loaded) -> bool {
    loaded.row.seats.len() == 2
}

/// A line checked against the position it continues from (see the refusals below): its
/// actions made canonical.
fn check_line(game: &AnyGame, owner: Seat, text: &str) -> Result<Vec<String>> {
    let typed = split_actions(text);
    if typed.is_empty() {
        let example = game.legal().first().cloned().unwrap_or_else(|| "c1".into());
        return refuse(msg!("premove-empty", example = example));
    }
    if typed.len() > MAX_LINE_ACTIONS {
        return refuse(msg!("premove-too-long", most = MAX_LINE_ACTIONS));
    }
    let mut next = game.clone();
    let mut line = Vec::with_capacity(typed.len());
    // Whether the line gives an answer, and the opponent's action it ends with, if so.
    let mut answers = false;
    let mut last_theirs = None;
    for (i, action) in typed.iter().enumerate() {
        let Some(seat) = next.to_move().filter(|_| next.outcome().is_none()) else {
            return action_refused(i, action, msg!("premove-over-before"));
        };
        match next.play(action) {
            Ok(canonical) => {
                answers |= seat == owner;
                last_theirs = (seat != owner).then(|| canonical.clone());
                line.push(canonical);
            }
            Err(e) => return action_refused(i, action, e.msg()),
        }
    }
    if !answers {
        return refuse(msg!("premove-no-answer", theirs = line.join(" ")));
    }
    if let Some(theirs) = last_theirs.filter(|_| next.outcome().is_none()) {
        return refuse(msg!("premove-ends-with-theirs", text = theirs));
    }
    if next.outcome().is_none() && next.to_move() == Some(owner) {
        return refuse(msg!("premove-ends-mid-turn"));
    }
    Ok(line)
}

/// A line in words, turn by turn: "if **h9-g7**, then **b0-c2**; if **h7-h3**, then …".
fn line_text(game: &AnyGame, owner: Seat, actions: &[String], lang: Lang) -> String {
    let mut steps: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    let mut next = game.clone();
    for action in actions {
        let mine = next.to_move() == Some(owner);
        if !mine && steps.last().is_none_or(|(_, yours)| !yours.is_empty()) {
            steps.push((Vec::new(), Vec::new()));
        }
        if let Some((theirs, yours)) = steps.last_mut() {
            if mine {
                yours.push(action);
            } else {
                theirs.push(action);
            }
        }
        let _ = next.play(action);
    }
    steps
        .iter()
        .map(|(theirs, yours)| {
            msg!(
                "premove-step",
                theirs = theirs.join(" "),
                yours = yours.join(" ")
            )
            .tr(lang)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl Table {
    /// `/premove add|list|cancel`.
    pub async fn premove(
        &self,
        caller: &Caller,
        game: Option<GameId>,
        action: PremoveAction,
    ) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let loaded = self.premove_game(caller, game).await?;
        let seat = self.player_in(&loaded, caller)?;
        let id = loaded.id();
        let number = id.to_string();
        if !two_players(&loaded) {
            return refuse(msg!("premove-two-players", game = number));
        }
        if loaded.has_bot() {
            return refuse(msg!("premove-bot", game = number));
        }
        let mine: Vec<PremoveRow> = self
            .store
            .premoves(id, loaded.row.version)
            .await?
            .into_iter()
            .filter(|l| l.user == caller.user)
            .collect();
        match action {
            PremoveAction::Add(text) => {
                if loaded.game.to_move() == Some(seat) {
                    return refuse(msg!("premove-your-move", game = number));
                }
                if mine.len() >= MAX_LINES {
                    return refuse(msg!("premove-too-many", game = number, most = MAX_LINES));
                }
                let line = check_line(&loaded.game, seat, &text)?;
                let stored = self
                    .store
                    .add_premove(id, caller.user, loaded.row.version, &line, self.now())
                    .await?;
                if !stored {
                    return refuse(msg!("premove-moved-on", game = number));
                }
                Ok(Reply::private(
                    msg!(
                        "premove-stored",
                        game = number,
                        line = line_text(&loaded.game, seat, &line, lang),
                        count = mine.len() + 1
                    )
                    .tr(lang),
                ))
            }
            PremoveAction::List if mine.is_empty() => Ok(Reply::private(
                msg!("premove-list-none", game = number).tr(lang),
            )),
            PremoveAction::List => {
                let mut text = msg!("premove-list", game = number).tr(lang);
                for (i, l) in mine.iter().enumerate() {
                    text += &format!(
                        "\n{}. {}",
                        i + 1,
                        line_text(&loaded.game, seat, &l.actions, lang)
                    );
                }
                Ok(Reply::private(text))
            }
            PremoveAction::Cancel(which) => {
                let ids: Option<Vec<i64>> = match which {
                    None => None,
                    Some(n) => match usize::try_from(n - 1).ok().and_then(|i| mine.get(i)) {
                        Some(line) => Some(vec![line.id]),
                        None => {
                            return refuse(msg!("premove-no-such-line", game = number, number = n))
                        }
                    },
                };
                let gone = self
                    .store
                    .cancel_premoves(id, caller.user, ids.as_deref())
                    .await?;
                Ok(Reply::private(
                    msg!("premove-cancelled", game = number, count = gone).tr(lang),
                ))
            }
        }
    }

    /// The game a `/premove` is about: the one named or of this thread; else the caller's
    /// one game of two people where the opponent is to move (where a line can be
    /// stored); else as other commands find it (which says what is wrong).
    async fn premove_game(&self, caller: &Caller, game: Option<GameId>) -> Result<Loaded> {
        if let Some(game) = self.named_or_here(caller, game).await? {
            return Ok(game);
        }
        let active = self.active_games(caller).await?;
        let theirs: Vec<&Loaded> = active
            .games
            .iter()
            .filter(|g| {
                let waits = g
                    .to_move_user()
                    .is_some_and(|u| u != caller.user && g.users_in().contains(&caller.user));
                two_players(g) && !g.has_bot() && waits
            })
            .collect();
        match theirs.as_slice() {
            [] => self.pick_active(caller, active).await,
            [one] => Ok((*one).clone()),
            _ => refuse(which_game(theirs)),
        }
    }

    /// After actions of the player at `mover` (`played`, giving `next`, not yet
    /// written): the answer the longest matching line of the other player gives, played
    /// on `next`, and the lines that go on. When the mover's turn goes on, lines that
    /// foresaw their actions so far wait for the rest.
    pub(super) async fn premove_answer(
        &self,
        loaded: &Loaded,
        mover: Seat,
        next: &mut AnyGame,
        played: &[String],
    ) -> Result<LinesAfter> {
        // No lines stored (the game's read said so): nothing answers and nothing is kept.
        if !two_players(loaded)
            || loaded.has_bot()
            || next.outcome().is_some()
            || loaded.row.lines_stored == Some(false)
        {
            return Ok(LinesAfter::default());
        }
        let Some(seat) = 3u8.checked_sub(mover.number()).and_then(Seat::from_number) else {
            return Ok(LinesAfter::default());
        };
        let Some(&user) = loaded.row.seats.get(seat.index()) else {
            return Ok(LinesAfter::default());
        };
        let lines: Vec<PremoveRow> = self
            .store
            .premoves(loaded.id(), loaded.row.version)
            .await?
            .into_iter()
            .filter(|l| l.user == user && l.actions.starts_with(played))
            .collect();
        let go_on = |used: usize, like: &[String]| -> Vec<KeptLine> {
            lines
                .iter()
                .filter(|l| l.actions.len() > used && l.actions[..used] == like[..used])
                .map(|l| KeptLine {
                    id: l.id,
                    actions: l.actions[used..].to_vec(),
                })
                .collect()
        };
        if next.to_move() != Some(seat) {
            return Ok(LinesAfter {
                answer: None,
                kept: go_on(played.len(), played),
            });
        }
        // The longest line wins; of equal ones, the first stored.
        let Some(best) = lines.iter().rev().max_by_key(|l| l.actions.len()) else {
            return Ok(LinesAfter::default());
        };
        let mut actions = Vec::new();
        let mut after = next.clone();
        for action in &best.actions[played.len()..] {
            if after.to_move() != Some(seat) || after.outcome().is_some() {
                break;
            }
            match after.play(action) {
                Ok(canonical) => actions.push(canonical),
                // Lines are checked when stored; one that no longer plays (an engine's
                // notation changed since) is dropped, not forced.
                Err(_) => return Ok(LinesAfter::default()),
            }
        }
        if actions.is_empty() || after.to_move() == Some(seat) && after.outcome().is_none() {
            return Ok(LinesAfter::default());
        }
        let kept = match after.outcome() {
            Some(_) => Vec::new(),
            None => go_on(played.len() + actions.len(), &best.actions),
        };
        *next = after;
        Ok(LinesAfter {
            answer: Some(Answer {
                user,
                seat,
                actions,
            }),
            kept,
        })
    }
}

impl Answer {
    /// "@alice's conditional move answers: **b1-c3**."
    pub(super) fn said(&self) -> Msg {
        msg!(
            "premove-answered",
            user = self.user.mention(),
            actions = self.actions.join(" ")
        )
    }
}
