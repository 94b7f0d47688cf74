//! Random tournaments that a seed alone reproduces, on any platform and with any version
//! of the `rand` crate: the recorded pairings (`recorded`) and the rule checks (`rules`)
//! both regenerate their tournaments from seeds.

use std::collections::BTreeSet;
use std::fmt;

use boardpost_pairing::{Colour, GameResult, Pairing, Player, RoundEntry, Tournament};

/// SplitMix64: a fixed, portable sequence for each seed (`rand`'s small generators may
/// change between versions and platforms, which would void a recorded file).
pub struct SeededRng(u64);

impl SeededRng {
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        let span = u64::from(high - low) + 1;
        low + (self.next_u64() % span) as u32
    }

    /// True with probability `per_mille` / 1000.
    pub fn chance(&mut self, per_mille: u32) -> bool {
        self.next_u64() % 1000 < u64::from(per_mille)
    }
}

/// How a random tournament is made; rates are per mille, per game or per player and round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    pub players: u32,
    pub rounds: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games forfeited by one side.
    pub forfeits: u32,
    /// Half-point byes asked for.
    pub byes: u32,
    /// Absences without points.
    pub absences: u32,
    /// Players withdrawing for the rest of the event.
    pub withdrawals: u32,
}

impl Params {
    /// Parameters drawn from `rng`: 5–`max_players` players and 5–11 rounds (no more than
    /// a round-robin has).
    pub fn random(rng: &mut SeededRng, max_players: u32) -> Params {
        let players = rng.between(5, max_players);
        let most_rounds = if players.is_multiple_of(2) {
            players - 1
        } else {
            players
        };
        Params {
            players,
            rounds: rng.between(5, 11).min(most_rounds),
            draws: rng.between(0, 600),
            forfeits: rng.between(0, 100),
            byes: rng.between(0, 60),
            absences: rng.between(0, 60),
            withdrawals: rng.between(0, 20),
        }
    }

    /// Reads the `key=value` words that `Display` writes.
    pub fn parse(words: &[&str]) -> Option<Params> {
        let mut params = Params {
            players: 0,
            rounds: 0,
            draws: 0,
            forfeits: 0,
            byes: 0,
            absences: 0,
            withdrawals: 0,
        };
        for word in words {
            let (key, value) = word.split_once('=')?;
            let value: u32 = value.parse().ok()?;
            let field = match key {
                "players" => &mut params.players,
                "rounds" => &mut params.rounds,
                "draws" => &mut params.draws,
                "forfeits" => &mut params.forfeits,
                "byes" => &mut params.byes,
                "absences" => &mut params.absences,
                "withdrawals" => &mut params.withdrawals,
                _ => return None,
            };
            *field = value;
        }
        (params.players >= 2 && params.rounds >= 1).then_some(params)
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "players={} rounds={} draws={} forfeits={} byes={} absences={} withdrawals={}",
            self.players,
            self.rounds,
            self.draws,
            self.forfeits,
            self.byes,
            self.absences,
            self.withdrawals
        )
    }
}

/// A tournament being played: the state before each round's pairing comes from the seed,
/// the pairing from outside (the engine, or a recording), the results from the seed again.
pub struct RandomTournament {
    pub params: Params,
    pub tournament: Tournament,
    rng: SeededRng,
    withdrawn: BTreeSet<usize>,
    round: usize,
}

impl RandomTournament {
    pub fn new(seed: u64, params: Params) -> RandomTournament {
        let mut rng = SeededRng::new(seed);
        let mut ratings: Vec<u16> = (0..params.players)
            .map(|_| rng.between(1000, 2800) as u16)
            .collect();
        ratings.sort_by(|a, b| b.cmp(a));
        let initial_colour = if rng.chance(500) {
            Colour::White
        } else {
            Colour::Black
        };
        let tournament = Tournament {
            name: format!("Random {seed}"),
            total_rounds: Some(params.rounds as u16),
            initial_colour: Some(initial_colour),
            players: ratings
                .into_iter()
                .enumerate()
                .map(|(index, rating)| Player {
                    id: index as u16 + 1,
                    name: format!("Player {}", index + 1),
                    rating,
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        };
        RandomTournament {
            params,
            tournament,
            rng,
            withdrawn: BTreeSet::new(),
            round: 0,
        }
    }

    /// The round about to be paired, from 0.
    pub fn round(&self) -> usize {
        self.round
    }

    pub fn is_over(&self) -> bool {
        self.round >= self.params.rounds as usize
    }

    /// Sets the coming round's half-point byes, absences and withdrawals.
    pub fn set_absences(&mut self) {
        let round = self.round;
        for index in 0..self.tournament.players.len() {
            let entry = if self.withdrawn.contains(&index) {
                Some(RoundEntry::ZeroBye)
            } else if self.rng.chance(self.params.withdrawals) {
                self.withdrawn.insert(index);
                Some(RoundEntry::ZeroBye)
            } else if self.rng.chance(self.params.byes) {
                Some(RoundEntry::HalfBye)
            } else if self.rng.chance(self.params.absences) {
                Some(RoundEntry::ZeroBye)
            } else {
                None
            };
            if let Some(entry) = entry {
                self.set_entry(index, round, entry);
            }
        }
    }

    /// Plays `pairing` as the coming round with random results, and moves to the next.
    pub fn play(&mut self, pairing: &Pairing) {
        let round = self.round;
        for &(white, black) in &pairing.games {
            let white_won = !self.rng.chance(450);
            let (white_entry, black_entry) = if self.rng.chance(self.params.forfeits) {
                (
                    RoundEntry::Forfeit {
                        opponent: black,
                        colour: Some(Colour::White),
                        won: white_won,
                    },
                    RoundEntry::Forfeit {
                        opponent: white,
                        colour: Some(Colour::Black),
                        won: !white_won,
                    },
                )
            } else {
                let (w, b) = if self.rng.chance(self.params.draws) {
                    (GameResult::Draw, GameResult::Draw)
                } else if white_won {
                    (GameResult::Win, GameResult::Loss)
                } else {
                    (GameResult::Loss, GameResult::Win)
                };
                let played = |opponent, colour, result| RoundEntry::Played {
                    opponent,
                    colour,
                    result,
                    brief: false,
                };
                (
                    played(black, Colour::White, w),
                    played(white, Colour::Black, b),
                )
            };
            self.set_entry(usize::from(white) - 1, round, white_entry);
            self.set_entry(usize::from(black) - 1, round, black_entry);
        }
        if let Some(bye) = pairing.bye {
            self.set_entry(usize::from(bye) - 1, round, RoundEntry::PairingBye);
        }
        for player in &mut self.tournament.players {
            while player.rounds.len() <= round {
                player.rounds.push(RoundEntry::ZeroBye);
            }
        }
        self.round += 1;
    }

    fn set_entry(&mut self, index: usize, round: usize, entry: RoundEntry) {
        let rounds = &mut self.tournament.players[index].rounds;
        rounds.resize(round, RoundEntry::ZeroBye);
        rounds.push(entry);
    }
}

/// A pairing as one line: games as `white-black` in board order, then `bye:N`.
pub fn pairing_line(pairing: &Pairing) -> String {
    let mut words: Vec<String> = pairing
        .games
        .iter()
        .map(|(white, black)| format!("{white}-{black}"))
        .collect();
    if let Some(bye) = pairing.bye {
        words.push(format!("bye:{bye}"));
    }
    words.join(" ")
}

pub fn parse_pairing_line(line: &str) -> Option<Pairing> {
    let mut pairing = Pairing::default();
    for word in line.split_whitespace() {
        if let Some(bye) = word.strip_prefix("bye:") {
            pairing.bye = Some(bye.parse().ok()?);
        } else {
            let (white, black) = word.split_once('-')?;
            pairing
                .games
                .push((white.parse().ok()?, black.parse().ok()?));
        }
    }
    Some(pairing)
}
