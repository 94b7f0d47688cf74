//! A tournament as pairing sees it: players by pairing number, and what each did in every
//! round so far.

use std::collections::BTreeSet;

/// A pairing number (the TRF's "starting rank"), 1..=9999.
pub type PlayerId = u16;

/// Points in tenths, as the TRF writes them ("2.5" is 25).
pub type Points = u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundEntry {
    /// A game played over the board. `brief` marks the TRF's W/D/L: a game that lasted
    /// less than one move, played for pairing purposes but not rated.
    Played {
        opponent: PlayerId,
        colour: Colour,
        result: GameResult,
        brief: bool,
    },
    /// Paired but not played: won or lost by forfeit.
    Forfeit {
        opponent: PlayerId,
        colour: Option<Colour>,
        won: bool,
    },
    /// The pairing-allocated bye (TRF `U`).
    PairingBye,
    /// A full-point bye the arbiter gave (TRF `F`).
    FullBye,
    /// A half-point bye the player asked for (TRF `H`).
    HalfBye,
    /// A zero-point bye (TRF `Z`).
    ZeroBye,
    /// Not paired and nothing recorded (a blank TRF field).
    Absent,
}

impl RoundEntry {
    pub fn opponent(&self) -> Option<PlayerId> {
        match *self {
            RoundEntry::Played { opponent, .. } | RoundEntry::Forfeit { opponent, .. } => {
                Some(opponent)
            }
            _ => None,
        }
    }

    pub fn was_played(&self) -> bool {
        matches!(self, RoundEntry::Played { .. })
    }

    /// Whether the player took part in the round's pairing (had an opponent or the
    /// pairing-allocated bye).
    pub fn was_paired(&self) -> bool {
        matches!(
            self,
            RoundEntry::Played { .. } | RoundEntry::Forfeit { .. } | RoundEntry::PairingBye
        )
    }
}

/// How many points (in tenths) each outcome gives. The default is the usual 1, ½, 0 with a
/// point for the pairing-allocated bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointSystem {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
    pub full_bye: Points,
    pub half_bye: Points,
    pub zero_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_win: 10,
            forfeit_loss: 0,
            pairing_bye: 10,
            full_bye: 10,
            half_bye: 5,
            zero_bye: 0,
        }
    }
}

impl PointSystem {
    pub fn points(&self, entry: &RoundEntry) -> Points {
        match *entry {
            RoundEntry::Played { result, .. } => match result {
                GameResult::Win => self.win,
                GameResult::Draw => self.draw,
                GameResult::Loss => self.loss,
            },
            RoundEntry::Forfeit { won: true, .. } => self.forfeit_win,
            RoundEntry::Forfeit { won: false, .. } => self.forfeit_loss,
            RoundEntry::PairingBye => self.pairing_bye,
            RoundEntry::FullBye => self.full_bye,
            RoundEntry::HalfBye => self.half_bye,
            RoundEntry::ZeroBye | RoundEntry::Absent => self.zero_bye,
        }
    }
}

/// One player's card.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub rating: u16,
    /// The TRF's other identity fields, kept so that a file is written back as read.
    pub sex: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub birth_date: String,
    /// The rank column of the TRF, if given.
    pub rank: Option<u16>,
    /// Round 1 first. May hold one more entry than the rounds played: an arbiter's bye or
    /// absence set for the round to be paired.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    pub fn score(&self, points: &PointSystem, rounds: usize) -> Points {
        self.rounds
            .iter()
            .take(rounds)
            .map(|entry| points.points(entry))
            .sum()
    }
}

/// A Swiss or round-robin tournament's state.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    pub name: String,
    /// The total number of rounds (TRF `XXR`); pairing needs it for the last round's rules.
    pub total_rounds: Option<u16>,
    /// The colour the first player gets in round 1 (TRF `XXC white1`/`black1`); white if
    /// unset.
    pub initial_colour: Option<Colour>,
    pub points: PointSystem,
    /// Indexed by pairing number − 1.
    pub players: Vec<Player>,
    /// Pairs that must not meet (TRF `XXP`), besides those who already played.
    pub forbidden_pairs: BTreeSet<(PlayerId, PlayerId)>,
    /// Players not to be paired in the next round (TRF `XXZ`), besides those whose card
    /// already holds an entry for it.
    pub absent_next: BTreeSet<PlayerId>,
    /// Header lines this crate does not interpret, written back unchanged.
    pub other_lines: Vec<String>,
}

impl Tournament {
    /// The rounds that have been paired: the last round in which anyone had an opponent or
    /// the pairing-allocated bye.
    pub fn played_rounds(&self) -> usize {
        self.players
            .iter()
            .filter_map(|player| player.rounds.iter().rposition(RoundEntry::was_paired))
            .map(|index| index + 1)
            .max()
            .unwrap_or(0)
    }

    /// The colour of round 1's first player: the one set, or else as bbpPairings infers it
    /// from the first round with colours: the colour then of the highest player (by
    /// pairing number) who had been paired by that round, or the next one's reversed, and
    /// so on; white when no round has colours.
    pub fn initial_colour(&self) -> Colour {
        if let Some(colour) = self.initial_colour {
            return colour;
        }
        let colour_in = |entry: Option<&RoundEntry>| match entry {
            Some(RoundEntry::Played { colour, .. }) => Some(*colour),
            Some(RoundEntry::Forfeit { colour, .. }) => *colour,
            _ => None,
        };
        let rounds = self
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        let Some(first) = (0..rounds).find(|&round| {
            self.players
                .iter()
                .any(|player| colour_in(player.rounds.get(round)).is_some())
        }) else {
            return Colour::White;
        };
        let participants = self.players.iter().filter(|player| {
            player
                .rounds
                .iter()
                .take(first + 1)
                .any(RoundEntry::was_paired)
        });
        for (position, player) in participants.enumerate() {
            if let Some(colour) = colour_in(player.rounds.get(first)) {
                return if position % 2 == 0 {
                    colour
                } else {
                    colour.opposite()
                };
            }
        }
        Colour::White
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        let index = usize::from(id).checked_sub(1)?;
        self.players.get(index)
    }
}
