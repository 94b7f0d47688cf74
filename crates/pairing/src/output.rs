//! The next round as the endorsed pairing programs print it (`javafo`/`bbpPairings -p`):
//! the number of pairs, then one `white black` line per board by pairing number, with
//! `N 0` for the pairing-allocated bye, counted as a pair.

use std::fmt::Write as _;

use crate::dutch::Pairing;

pub fn format_pairing(pairing: &Pairing) -> String {
    let mut out = String::new();
    let count = pairing.games.len() + usize::from(pairing.bye.is_some());
    let _ = writeln!(out, "{count}");
    for &(white, black) in &pairing.games {
        let _ = writeln!(out, "{white} {black}");
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "{bye} 0");
    }
    out
}

/// Reads that format back (for tests against an endorsed program's output).
pub fn parse_pairing(text: &str) -> Option<Pairing> {
    let mut lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
    let count: usize = lines.next()?.parse().ok()?;
    let mut pairing = Pairing::default();
    for _ in 0..count {
        let mut words = lines.next()?.split_whitespace();
        let white: u16 = words.next()?.parse().ok()?;
        let black: u16 = words.next()?.parse().ok()?;
        if words.next().is_some() || white == 0 {
            return None;
        }
        if black == 0 {
            if pairing.bye.replace(white).is_some() {
                return None;
            }
        } else {
            pairing.games.push((white, black));
        }
    }
    if lines.next().is_some() {
        return None;
    }
    Some(pairing)
}
