//! Where the time comes from. The table is given a clock so that tests and the local
//! front end can move it forward; the bot uses the system clock.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

pub const DAY: i64 = 24 * 60 * 60;

/// Unix seconds.
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }
}

/// The system time plus an offset that can be moved forward (`/wait 2d`).
#[derive(Clone, Default)]
pub struct ShiftedClock {
    offset: Arc<AtomicI64>,
}

impl ShiftedClock {
    pub fn new(offset: i64) -> ShiftedClock {
        ShiftedClock {
            offset: Arc::new(AtomicI64::new(offset)),
        }
    }

    /// Moves the clock forward, never past [`MAX_SHIFT`] (a wrapped offset would put
    /// the clock before 1970).
    pub fn advance(&self, seconds: i64) {
        let shifted = self.offset().saturating_add(seconds.max(0)).min(MAX_SHIFT);
        self.offset.store(shifted, Ordering::SeqCst);
    }

    pub fn offset(&self) -> i64 {
        self.offset.load(Ordering::SeqCst)
    }
}

/// How far a shifted clock may run ahead: a hundred years, far more than any game
/// needs, so that a stored offset beyond it is known for damage.
pub const MAX_SHIFT: i64 = 100 * 365 * DAY;

impl Clock for ShiftedClock {
    fn now(&self) -> i64 {
        SystemClock.now().saturating_add(self.offset())
    }
}

/// A clock that stands still unless moved: for tests.
#[derive(Clone)]
pub struct ManualClock {
    now: Arc<AtomicI64>,
}

impl ManualClock {
    pub fn new(now: i64) -> ManualClock {
        ManualClock {
            now: Arc::new(AtomicI64::new(now)),
        }
    }

    pub fn advance(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }
}

/// Reads a duration like `2d`, `12h`, `30m`, `1d12h` or `90s`.
pub fn parse_duration(text: &str) -> Option<i64> {
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut any = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        // English units, or the Russian ones (дни, часы, минуты, секунды).
        let unit = match c.to_lowercase().next().unwrap_or(c) {
            'd' | 'д' => DAY,
            'h' | 'ч' => 3600,
            'm' | 'м' => 60,
            's' | 'с' => 1,
            _ => return None,
        };
        let n: i64 = number.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        number.clear();
        any = true;
    }
    (any && number.is_empty()).then_some(total)
}

/// A span of time in words a player reads at a glance: `2d 3h`, `5h 10m`, `40m`.
pub fn describe_span(seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m) = (s / DAY, s % DAY / 3600, s % 3600 / 60);
    match (d, h) {
        (0, 0) => format!("{}m", m.max(1)),
        (0, _) => format!("{h}h {m}m"),
        _ => format!("{d}d {h}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_people_write_them() {
        assert_eq!(parse_duration("2d"), Some(2 * DAY));
        assert_eq!(parse_duration("1d12h"), Some(DAY + 12 * 3600));
        assert_eq!(parse_duration("90s"), Some(90));
        assert_eq!(parse_duration("2"), None);
        assert_eq!(parse_duration("d"), None);
        assert_eq!(parse_duration("2x"), None);
        assert_eq!(parse_duration("2д12ч"), Some(2 * DAY + 12 * 3600));
        assert_eq!(parse_duration("30М"), Some(30 * 60));
        assert_eq!(parse_duration("99999999999999999999d"), None);
        assert_eq!(describe_span(DAY + 3 * 3600 + 5), "1d 3h");
        assert_eq!(describe_span(20), "1m");
    }
}
