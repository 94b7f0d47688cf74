//! The searches puzzles need, over the bot's own engine (`crate::ai`): what the best
//! action of a position is worth, what one given action is worth, and what the best
//! action but some is worth. The last two search a position whose root offers fewer
//! actions ([`Rooted`]), so that each is an ordinary fixed-budget search: deterministic,
//! the same on any machine and in any build.
//!
//! Also each game's margins (what "wins" means in its evaluation's units) and its
//! material, which says when a line has cashed in what it won.

use crate::ai::position::{Facts, Position, Terminal};
use crate::ai::search::{contempt_after, Searcher};
use crate::ai::{scaled_for, with_position, Budget, Limits};
use crate::games::{AnyGame, Game, GameKind, InHand, Seat};
use std::rc::Rc;

/// What "wins" means in a game, in its evaluation's units (100 is about a stone, a
/// piece, a pawn), from the solver's view after its action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Margins {
    /// The solution's value must reach this.
    pub wins: i32,
    /// Every other action's value must stay below this.
    pub below: i32,
}

/// Sidja: two stones up after the dust settles; a single stone is often given back, so
/// alternatives must not even win one.
const SIDJA: Margins = Margins {
    wins: 200,
    below: 100,
};
/// Yoté: a capture with its bonus removal is two pieces; the alternatives win none.
const YOTE: Margins = Margins {
    wins: 200,
    below: 100,
};
/// Banglagor: a column of height 3 taken or bound for good (a unit of height is 40 and
/// more as the heights part); alternatives win less than half of that.
const BANGLAGOR: Margins = Margins {
    wins: 150,
    below: 70,
};
/// Xiangqi: a minor piece (horse 400, cannon 450) net; alternatives win at most a pawn.
const XIANGQI: Margins = Margins {
    wins: 300,
    below: 100,
};
/// Four-player xiangqi: values are the mover's worth against the mean of three armies,
/// so a piece won counts a third less; an elimination is worth far more.
const XIANGQI4: Margins = Margins {
    wins: 300,
    below: 120,
};

/// A game's margins.
pub fn margins(kind: GameKind) -> Margins {
    match kind {
        GameKind::Sidja => SIDJA,
        GameKind::Yote => YOTE,
        GameKind::Banglagor => BANGLAGOR,
        GameKind::Xiangqi => XIANGQI,
        GameKind::Xiangqi4 => XIANGQI4,
    }
}

/// A search budget: nodes (before the game's node cost), and the size of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effort {
    pub nodes: u64,
    pub bits: u32,
}

impl Effort {
    fn budget(self, kind: GameKind) -> Budget {
        let budget = Budget {
            depth: 64,
            nodes: self.nodes,
            noise: 0,
            blunder_percent: 0,
        };
        let limits = Limits {
            max_time: None,
            node_percent: 100,
        };
        scaled_for(kind, budget, limits)
    }
}

/// Which actions a search's root offers.
#[derive(Clone, Debug)]
enum Filter<A> {
    /// Only this one.
    Only(A),
    /// All but these, and, if `wins` is set, but those that win the game at once.
    Except { actions: Vec<A>, wins: bool },
}

/// A position whose root offers only some of its actions; below the root, the game's
/// own position.
#[derive(Clone, Debug)]
struct Rooted<P: Position> {
    pos: P,
    filter: Option<Rc<(Filter<P::Action>, Seat)>>,
}

impl<P: Position> Position for Rooted<P> {
    type Action = P::Action;
    const REPETITION_DRAWS: bool = P::REPETITION_DRAWS;

    fn mover(&self) -> Option<Seat> {
        self.pos.mover()
    }

    fn allied(&self, seat: Seat, root: Seat) -> bool {
        self.pos.allied(seat, root)
    }

    fn terminal(&self, root: Seat) -> Option<Terminal> {
        self.pos.terminal(root)
    }

    fn actions(&self, out: &mut Vec<P::Action>) {
        self.pos.actions(out);
        let Some(filter) = &self.filter else {
            return;
        };
        match &filter.0 {
            Filter::Only(a) => out.retain(|x| x == a),
            Filter::Except { actions, wins } => out.retain(|x| {
                !(actions.contains(x) || (*wins && wins_at_once(&self.pos, *x, filter.1)))
            }),
        }
    }

    fn play(&mut self, action: P::Action) -> bool {
        self.filter = None;
        self.pos.play(action)
    }

    fn key(&self) -> u64 {
        // The root with a filter is not the game's position: it must not meet the
        // table's entries for it.
        match &self.filter {
            None => self.pos.key(),
            Some(_) => self.pos.key() ^ 0x5DEE_CE66_D1CE_F00D,
        }
    }

    fn evaluate(&self, root: Seat) -> i32 {
        self.pos.evaluate(root)
    }

    fn gain(&self, action: P::Action) -> i32 {
        self.pos.gain(action)
    }

    fn slot(action: P::Action) -> usize {
        P::slot(action)
    }

    fn facts(&self, action: P::Action) -> Facts {
        self.pos.facts(action)
    }
}

/// Whether `action` ends the game at once with `seat` among its winners.
fn wins_at_once<P: Position>(pos: &P, action: P::Action, seat: Seat) -> bool {
    let mut child = pos.clone();
    child.play(action) && child.terminal(seat) == Some(Terminal::Win) && child.mover().is_none()
}

/// What a search of the root found: its best action and that action's value, from the
/// mover's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub action: String,
    pub value: i32,
}

/// Searches `game` (someone to move) with the root's actions filtered, for its mover.
fn search(game: &AnyGame, effort: Effort, filter: Option<FilterText>) -> Option<Found> {
    let mover = game.to_move()?;
    let budget = effort.budget(game.kind());
    let contempt = contempt_after(game.history().len());
    with_position!(game, |pos, prior| {
        let filter = match filter {
            None => None,
            Some(f) => Some(Rc::new((resolve(&pos, &f)?, mover))),
        };
        let root = Rooted { pos, filter };
        let mut searcher = Searcher::new(mover, effort.bits, prior);
        searcher.set_contempt(contempt);
        let result = searcher.search_root(&root, budget, None, 0)?;
        Some(Found {
            action: result.best.to_string(),
            value: result.best_score,
        })
    })
}

/// A root filter by action texts (canonical), resolved against a position's actions.
enum FilterText {
    Only(String),
    Except { actions: Vec<String>, wins: bool },
}

fn resolve<P: Position>(pos: &P, filter: &FilterText) -> Option<Filter<P::Action>> {
    let mut all = Vec::new();
    pos.actions(&mut all);
    Some(match filter {
        FilterText::Only(text) => Filter::Only(*all.iter().find(|a| a.to_string() == *text)?),
        FilterText::Except { actions, wins } => Filter::Except {
            actions: all
                .iter()
                .copied()
                .filter(|a| actions.contains(&a.to_string()))
                .collect(),
            wins: *wins,
        },
    })
}

/// The best action of the position and its value. `None` when nobody is to move.
pub fn best(game: &AnyGame, effort: Effort) -> Option<Found> {
    search(game, effort, None)
}

/// The value of one action (canonical text) for the mover. `None` when it is not legal.
pub fn value_of(game: &AnyGame, action: &str, effort: Effort) -> Option<i32> {
    search(game, effort, Some(FilterText::Only(action.to_string()))).map(|f| f.value)
}

/// The best action but `except` (and, if `wins` is set, but every action that wins the
/// game at once), and its value. `None` when no other action is left.
pub fn best_except(game: &AnyGame, except: &[String], wins: bool, effort: Effort) -> Option<Found> {
    search(
        game,
        effort,
        Some(FilterText::Except {
            actions: except.to_vec(),
            wins,
        }),
    )
}

/// Whether playing `action` ends the game with `seat` among the winners.
pub fn wins_game(game: &AnyGame, action: &str, seat: Seat) -> bool {
    let mut next = game.clone();
    next.play(action).is_ok()
        && next.to_move().is_none()
        && next.outcome().is_some_and(|o| o.winners.contains(&seat))
}

/// A key of the position (pieces, hands, mover, counters near their ends): puzzles of
/// the same position are one puzzle.
pub fn position_key(game: &AnyGame) -> u64 {
    with_position!(game, |pos, _prior| pos.key())
}

/// A rough material count of `seat`, in evaluation units: what a line has won is the
/// change of the enemies' less the solver's. Banglagor's bound height counts as half
/// lost (a bound column neither moves nor attacks until a turn frees it).
pub fn material(game: &AnyGame, seat: Seat) -> i32 {
    let kind = game.kind();
    let piece_value = |letter: Option<char>| match (kind, letter) {
        (GameKind::Xiangqi | GameKind::Xiangqi4, Some(c)) => match c.to_ascii_uppercase() {
            'R' => 900,
            'H' => 400,
            'C' => 450,
            'A' | 'E' => 200,
            'P' => 100,
            _ => 0,
        },
        _ => 100,
    };
    let mut total = 0;
    for p in game.pieces().iter().filter(|p| p.seat == seat) {
        total += match p.height {
            Some(h) => {
                let h = i32::from(h) * 40;
                if p.bound == Some(true) {
                    h / 2
                } else {
                    h
                }
            }
            None => piece_value(p.kind),
        };
    }
    match game.hands() {
        Some(InHand::Count(counts)) => {
            total += counts
                .iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, n)| i32::from(*n) * 100)
                .sum::<i32>();
        }
        Some(InHand::ByHeight(hands)) => {
            for (s, by_height) in hands {
                if s == seat {
                    total += (0..3)
                        .map(|i| i32::from(by_height[i]) * (i as i32 + 1) * 40)
                        .sum::<i32>();
                }
            }
        }
        Some(InHand::Reserve(reserves)) => {
            for (s, letters) in reserves {
                if s == seat {
                    total += letters.chars().map(|c| piece_value(Some(c))).sum::<i32>();
                }
            }
        }
        None => {}
    }
    total
}

/// How many pieces, stones or columns `seat` has on the board.
pub fn on_board(game: &AnyGame, seat: Seat) -> usize {
    game.pieces().iter().filter(|p| p.seat == seat).count()
}

/// The seats not on `seat`'s side still in the game.
pub fn enemies(game: &AnyGame, seat: Seat) -> Vec<Seat> {
    let teams = game.kind() == GameKind::Xiangqi4
        && game.game_options().values().get("mode") == Some("teams");
    game.seats_in()
        .into_iter()
        .filter(|s| *s != seat && !(teams && s.index() % 2 == seat.index() % 2))
        .collect()
}
