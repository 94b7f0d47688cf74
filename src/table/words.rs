//! Words the use cases share: spans of time, days per move, results by player.

use crate::clock::DAY;
use crate::i18n::Msg;
use crate::msg;

/// A span of time as players write it: "2d 3h", "5h 12m", "7m".
pub fn span(seconds: i64) -> Msg {
    let s = seconds.max(0);
    let (d, h, m) = (s / DAY, s % DAY / 3600, s % 3600 / 60);
    match (d, h) {
        (0, 0) => msg!("span-minutes", minutes = m.max(1)),
        (0, _) => msg!("span-hours", hours = h, minutes = m),
        _ => msg!("span-days", days = d, hours = h),
    }
}

/// "1 day", "3 days".
pub fn days(n: i64) -> Msg {
    msg!("days", days = n)
}

/// A value kept in hundredths, with one decimal as the reader writes numbers ("5.4",
/// "5,4"); a plus sign when `plus` and it is above zero, a minus sign below.
pub fn one_decimal(hundredths: i64, plus: bool) -> Msg {
    let tenths = (hundredths as f64 / 10.0).round() as i64;
    let sign = match tenths {
        t if t < 0 => "−",
        t if t > 0 && plus => "+",
        _ => "",
    };
    let tenths = tenths.unsigned_abs();
    msg!(
        "one-decimal",
        sign = sign,
        whole = tenths / 10,
        tenth = tenths % 10
    )
}
