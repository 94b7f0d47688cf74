//! FIDE's tournament report format, TRF-16 (FIDE Handbook C.04 Annex 2), as far as pairing
//! needs it: the `001` player lines with their per-round fields, and the header lines the
//! endorsed pairing programs read (`XXR` rounds, `XXC white1|black1`, `XXP` forbidden pairs,
//! `XXZ` absentees, bbpPairings' `BBW`..`BBU` point values, TRF-2026's `142` and `152`).
//! Other lines are kept and written back unchanged.
//!
//! Reading is bounded (`MAX_BYTES`, `MAX_LINE_CHARS`, pairing numbers up to 9999) and never
//! panics: a bad file is a typed [`TrfError`].

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::tournament::{
    Colour, GameResult, Player, PlayerId, PointSystem, Points, RoundEntry, Tournament,
};

/// The largest file read: far above any real tournament (9999 players of 99 rounds is
/// about 11 MB of 001 lines only in theory; real files are kilobytes).
pub const MAX_BYTES: usize = 16 << 20;
/// The longest line read: 99 rounds of 10 characters after the 91 leading ones.
pub const MAX_LINE_CHARS: usize = 91 + 10 * 99 + 16;
/// The most rounds a TRF line can hold.
pub const MAX_ROUNDS: usize = 99;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    #[error("the file is larger than {MAX_BYTES} bytes")]
    TooLarge,
    #[error("line {line}: not UTF-8")]
    NotUtf8 { line: usize },
    #[error("line {line}: longer than {MAX_LINE_CHARS} characters")]
    LineTooLong { line: usize },
    #[error("line {line}: {what}")]
    BadLine { line: usize, what: String },
    #[error("pairing number {0} appears twice")]
    DuplicatePlayer(PlayerId),
    #[error("pairing number {0} is missing (numbers must run 1..=N)")]
    MissingPlayer(PlayerId),
    #[error("round {round}: players {a} and {b} disagree about their game")]
    Inconsistent {
        round: usize,
        a: PlayerId,
        b: PlayerId,
    },
    #[error("player {id}: the file says {file} points, the results give {computed}")]
    ScoreMismatch {
        id: PlayerId,
        file: String,
        computed: String,
    },
    #[error("the file has no players")]
    NoPlayers,
}

fn bad(line: usize, what: impl Into<String>) -> TrfError {
    TrfError::BadLine {
        line,
        what: what.into(),
    }
}

/// Formats tenths of a point as the TRF does ("2.5", "10.0").
pub fn format_points(points: Points) -> String {
    format!("{}.{}", points / 10, points % 10)
}

/// Parses "2.5", "10", " 3.0 " into tenths.
fn parse_points(text: &str) -> Option<Points> {
    let text = text.trim();
    if text.is_empty() || text.len() > 8 {
        return None;
    }
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (text, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if fraction.len() > 1 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: Points = whole.parse().ok()?;
    let tenth: Points = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    whole.checked_mul(10)?.checked_add(tenth)
}

fn parse_id(text: &str) -> Option<PlayerId> {
    let text = text.trim();
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The characters of `chars` in `start..end`, or fewer where the line is short.
fn field(chars: &[char], start: usize, end: usize) -> String {
    let end = end.min(chars.len());
    if start >= end {
        return String::new();
    }
    chars[start..end].iter().collect()
}

fn parse_round(chars: &[char], start: usize, line: usize) -> Result<RoundEntry, TrfError> {
    let opponent_text = field(chars, start, start + 4);
    let colour_char = chars.get(start + 5).copied().unwrap_or(' ');
    let result_char = chars
        .get(start + 7)
        .copied()
        .unwrap_or(' ')
        .to_ascii_uppercase();
    let opponent = match opponent_text.trim() {
        "" | "0000" => None,
        text => Some(parse_id(text).ok_or_else(|| bad(line, "bad opponent number"))?),
    };
    if opponent == Some(0) {
        return Err(bad(line, "bad opponent number"));
    }
    let colour = match colour_char {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        _ => return Err(bad(line, format!("bad colour {colour_char:?}"))),
    };
    match opponent {
        None => {
            if colour.is_some() {
                return Err(bad(line, "a colour without an opponent"));
            }
            match result_char {
                'U' | '+' => Ok(RoundEntry::PairingBye),
                'F' => Ok(RoundEntry::FullBye),
                'H' | '=' => Ok(RoundEntry::HalfBye),
                'Z' | '-' => Ok(RoundEntry::ZeroBye),
                ' ' => Ok(RoundEntry::Absent),
                other => Err(bad(line, format!("result {other:?} without an opponent"))),
            }
        }
        Some(opponent) => match result_char {
            '+' | '-' => Ok(RoundEntry::Forfeit {
                opponent,
                colour,
                won: result_char == '+',
            }),
            '1' | '=' | '0' | 'W' | 'D' | 'L' => {
                let colour = colour.ok_or_else(|| bad(line, "a game played without a colour"))?;
                let result = match result_char {
                    '1' | 'W' => GameResult::Win,
                    '=' | 'D' => GameResult::Draw,
                    _ => GameResult::Loss,
                };
                Ok(RoundEntry::Played {
                    opponent,
                    colour,
                    result,
                    brief: matches!(result_char, 'W' | 'D' | 'L'),
                })
            }
            other => Err(bad(line, format!("result {other:?} with an opponent"))),
        },
    }
}

struct PlayerLine {
    player: Player,
    file_points: Points,
}

fn parse_player(chars: &[char], line: usize) -> Result<PlayerLine, TrfError> {
    let id = parse_id(&field(chars, 4, 8)).ok_or_else(|| bad(line, "bad pairing number"))?;
    if id == 0 {
        return Err(bad(line, "bad pairing number"));
    }
    let rating_text = field(chars, 48, 52);
    let rating = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text
            .trim()
            .parse::<u16>()
            .map_err(|_| bad(line, "bad rating"))?
    };
    let file_points = parse_points(&field(chars, 80, 84)).ok_or_else(|| bad(line, "bad points"))?;
    let rank_text = field(chars, 85, 89);
    let rank = match rank_text.trim() {
        "" => None,
        text => Some(text.parse::<u16>().map_err(|_| bad(line, "bad rank"))?),
    };
    let mut rounds = Vec::new();
    let mut start = 91;
    while start < chars.len() {
        if rounds.len() >= MAX_ROUNDS {
            return Err(bad(line, "more than 99 rounds"));
        }
        rounds.push(parse_round(chars, start, line)?);
        start += 10;
    }
    while rounds.last() == Some(&RoundEntry::Absent) {
        rounds.pop();
    }
    Ok(PlayerLine {
        player: Player {
            id,
            name: field(chars, 14, 47).trim().to_string(),
            rating,
            sex: field(chars, 9, 10).trim().to_string(),
            title: field(chars, 10, 13).trim().to_string(),
            federation: field(chars, 53, 56).trim().to_string(),
            fide_id: field(chars, 57, 68).trim().to_string(),
            birth_date: field(chars, 69, 79).trim().to_string(),
            rank,
            rounds,
        },
        file_points,
    })
}

fn parse_id_list(text: &str, line: usize) -> Result<Vec<PlayerId>, TrfError> {
    text.split_whitespace()
        .map(|word| match parse_id(word) {
            Some(id) if id > 0 => Ok(id),
            _ => Err(bad(line, "bad pairing number in a list")),
        })
        .collect()
}

/// Splits on `\r\n`, `\n` or `\r` (bbpPairings writes bare `\r`).
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b'\n' || b == b'\r')
}

/// Reads a TRF-16 file with the rounds played so far.
pub fn read(bytes: &[u8]) -> Result<Tournament, TrfError> {
    if bytes.len() > MAX_BYTES {
        return Err(TrfError::TooLarge);
    }
    let mut tournament = Tournament::default();
    let mut players: Vec<Option<PlayerLine>> = Vec::new();
    let mut points = PointSystem::default();
    let mut pairing_bye_set = false;
    for (index, raw) in lines(bytes).enumerate() {
        let line = index + 1;
        let text = std::str::from_utf8(raw).map_err(|_| TrfError::NotUtf8 { line })?;
        if text.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = text.chars().take(MAX_LINE_CHARS + 1).collect();
        if chars.len() > MAX_LINE_CHARS {
            return Err(TrfError::LineTooLong { line });
        }
        let code: String = chars.iter().take(3).collect();
        let rest: String = chars.iter().skip(3).collect();
        match code.as_str() {
            "001" => {
                let parsed = parse_player(&chars, line)?;
                let slot = usize::from(parsed.player.id) - 1;
                if players.len() <= slot {
                    players.resize_with(slot + 1, || None);
                }
                if players[slot].is_some() {
                    return Err(TrfError::DuplicatePlayer(parsed.player.id));
                }
                players[slot] = Some(parsed);
            }
            "012" => tournament.name = rest.trim().to_string(),
            "XXR" | "142" => {
                let rounds = rest
                    .trim()
                    .parse::<u16>()
                    .ok()
                    .filter(|&r| r > 0 && usize::from(r) <= MAX_ROUNDS)
                    .ok_or_else(|| bad(line, "bad number of rounds"))?;
                tournament.total_rounds = Some(rounds);
            }
            "XXC" => {
                let mut kept = Vec::new();
                for word in rest.split_whitespace() {
                    match word {
                        "white1" => tournament.initial_colour = Some(Colour::White),
                        "black1" => tournament.initial_colour = Some(Colour::Black),
                        other => kept.push(other),
                    }
                }
                if !kept.is_empty() {
                    tournament
                        .other_lines
                        .push(format!("XXC {}", kept.join(" ")));
                }
            }
            "152" => match rest.trim() {
                "W" => tournament.initial_colour = Some(Colour::White),
                "B" => tournament.initial_colour = Some(Colour::Black),
                _ => return Err(bad(line, "bad initial colour")),
            },
            "XXP" => {
                let ids = parse_id_list(&rest, line)?;
                if ids.len() % 2 != 0 {
                    return Err(bad(line, "forbidden pairs come in twos"));
                }
                for pair in ids.chunks(2) {
                    let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                    if a == b {
                        return Err(bad(line, "a player cannot be forbidden to themselves"));
                    }
                    tournament.forbidden_pairs.insert((a, b));
                }
            }
            "XXZ" => {
                tournament.absent_next.extend(parse_id_list(&rest, line)?);
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = parse_points(&rest).ok_or_else(|| bad(line, "bad point value"))?;
                match code.as_str() {
                    "BBW" => {
                        points.win = value;
                        points.forfeit_win = value;
                        points.full_bye = value;
                        if !pairing_bye_set {
                            points.pairing_bye = value;
                        }
                    }
                    "BBD" => {
                        points.draw = value;
                        points.half_bye = value;
                    }
                    "BBL" => points.loss = value,
                    "BBZ" => points.zero_bye = value,
                    "BBF" => points.forfeit_loss = value,
                    _ => {
                        points.pairing_bye = value;
                        pairing_bye_set = true;
                    }
                }
            }
            _ => tournament.other_lines.push(text.trim_end().to_string()),
        }
    }
    tournament.points = points;
    if players.is_empty() {
        return Err(TrfError::NoPlayers);
    }
    let mut file_points = Vec::with_capacity(players.len());
    for (index, slot) in players.into_iter().enumerate() {
        match slot {
            Some(parsed) => {
                file_points.push(parsed.file_points);
                tournament.players.push(parsed.player);
            }
            None => return Err(TrfError::MissingPlayer((index + 1) as PlayerId)),
        }
    }
    check(&tournament, &file_points)?;
    Ok(tournament)
}

/// Cross-checks the cards: both sides of every game agree, and the points add up.
fn check(tournament: &Tournament, file_points: &[Points]) -> Result<(), TrfError> {
    let count = tournament.players.len();
    for player in &tournament.players {
        for (round, entry) in player.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent() else {
                continue;
            };
            let inconsistent = TrfError::Inconsistent {
                round: round + 1,
                a: player.id,
                b: opponent,
            };
            if usize::from(opponent) > count || opponent == player.id {
                return Err(inconsistent);
            }
            let other = tournament.players[usize::from(opponent) - 1]
                .rounds
                .get(round)
                .copied()
                .unwrap_or(RoundEntry::Absent);
            let agrees = match (*entry, other) {
                (
                    RoundEntry::Played { colour, result, .. },
                    RoundEntry::Played {
                        opponent: back,
                        colour: other_colour,
                        result: other_result,
                        ..
                    },
                ) => {
                    back == player.id
                        && colour != other_colour
                        && matches!(
                            (result, other_result),
                            (GameResult::Win, GameResult::Loss)
                                | (GameResult::Loss, GameResult::Win)
                                | (GameResult::Draw, GameResult::Draw)
                        )
                }
                (
                    RoundEntry::Forfeit { won, .. },
                    RoundEntry::Forfeit {
                        opponent: back,
                        won: other_won,
                        ..
                    },
                ) => back == player.id && !(won && other_won),
                _ => false,
            };
            if !agrees {
                return Err(inconsistent);
            }
        }
    }
    for (player, &file) in tournament.players.iter().zip(file_points) {
        let computed = player.score(&tournament.points, player.rounds.len());
        if computed != file {
            return Err(TrfError::ScoreMismatch {
                id: player.id,
                file: format_points(file),
                computed: format_points(computed),
            });
        }
    }
    Ok(())
}

fn round_field(entry: &RoundEntry) -> String {
    let colour = |colour: Option<Colour>| match colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    match *entry {
        RoundEntry::Played {
            opponent,
            colour: c,
            result,
            brief,
        } => {
            let code = match (result, brief) {
                (GameResult::Win, false) => '1',
                (GameResult::Draw, false) => '=',
                (GameResult::Loss, false) => '0',
                (GameResult::Win, true) => 'W',
                (GameResult::Draw, true) => 'D',
                (GameResult::Loss, true) => 'L',
            };
            format!("{opponent:>4} {} {code}", colour(Some(c)))
        }
        RoundEntry::Forfeit {
            opponent,
            colour: c,
            won,
        } => format!(
            "{opponent:>4} {} {}",
            colour(c),
            if won { '+' } else { '-' }
        ),
        RoundEntry::PairingBye => "0000 - U".to_string(),
        RoundEntry::FullBye => "0000 - F".to_string(),
        RoundEntry::HalfBye => "0000 - H".to_string(),
        RoundEntry::ZeroBye => "0000 - Z".to_string(),
        RoundEntry::Absent => "        ".to_string(),
    }
}

/// Pads or cuts `text` to exactly `width` characters, left-aligned.
fn fixed(text: &str, width: usize) -> String {
    let mut out: String = text.chars().take(width).collect();
    let len = out.chars().count();
    out.extend(std::iter::repeat_n(' ', width - len));
    out
}

/// One `001` line.
pub fn player_line(player: &Player, points: &PointSystem) -> String {
    let mut line = String::with_capacity(91 + 10 * player.rounds.len());
    line.push_str("001 ");
    let _ = write!(line, "{:>4}", player.id);
    line.push(' ');
    line.push_str(&fixed(&player.sex, 1));
    line.push_str(&format!("{:>3}", fixed(&player.title, 3).trim_end()));
    line.push(' ');
    line.push_str(&fixed(&player.name, 33));
    line.push(' ');
    if player.rating > 0 {
        let _ = write!(line, "{:>4}", player.rating);
    } else {
        line.push_str("    ");
    }
    line.push(' ');
    line.push_str(&fixed(&player.federation, 3));
    line.push(' ');
    line.push_str(&format!("{:>11}", fixed(&player.fide_id, 11).trim_end()));
    line.push(' ');
    line.push_str(&fixed(&player.birth_date, 10));
    line.push(' ');
    let score = player.score(points, player.rounds.len());
    let _ = write!(line, "{:>4}", format_points(score));
    line.push(' ');
    match player.rank {
        Some(rank) => {
            let _ = write!(line, "{rank:>4}");
        }
        None => line.push_str("    "),
    }
    for entry in &player.rounds {
        line.push_str("  ");
        line.push_str(&round_field(entry));
    }
    line.trim_end().to_string()
}

/// Writes the tournament as TRF-16 with the extensions [`read`] understands.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    if !tournament.name.is_empty() {
        let _ = writeln!(out, "012 {}", tournament.name);
    }
    for line in &tournament.other_lines {
        let _ = writeln!(out, "{line}");
    }
    let points = &tournament.points;
    let default = PointSystem::default();
    if points.win != default.win {
        let _ = writeln!(out, "BBW {:>4}", format_points(points.win));
    }
    if points.draw != default.draw {
        let _ = writeln!(out, "BBD {:>4}", format_points(points.draw));
    }
    if points.loss != default.loss {
        let _ = writeln!(out, "BBL {:>4}", format_points(points.loss));
    }
    if points.zero_bye != default.zero_bye {
        let _ = writeln!(out, "BBZ {:>4}", format_points(points.zero_bye));
    }
    if points.forfeit_loss != default.forfeit_loss {
        let _ = writeln!(out, "BBF {:>4}", format_points(points.forfeit_loss));
    }
    if points.pairing_bye != points.win {
        let _ = writeln!(out, "BBU {:>4}", format_points(points.pairing_bye));
    }
    for player in &tournament.players {
        let _ = writeln!(out, "{}", player_line(player, points));
    }
    if let Some(rounds) = tournament.total_rounds {
        let _ = writeln!(out, "XXR {rounds}");
    }
    match tournament.initial_colour {
        Some(Colour::White) => out.push_str("XXC white1\n"),
        Some(Colour::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    let forbidden: BTreeSet<_> = tournament.forbidden_pairs.iter().collect();
    for (a, b) in forbidden {
        let _ = writeln!(out, "XXP {a} {b}");
    }
    if !tournament.absent_next.is_empty() {
        let ids: Vec<String> = tournament
            .absent_next
            .iter()
            .map(ToString::to_string)
            .collect();
        let _ = writeln!(out, "XXZ {}", ids.join(" "));
    }
    out
}
