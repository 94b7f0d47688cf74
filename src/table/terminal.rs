//! What the terminal front end (`boardpost local`) keeps through the table: the offset
//! of its clock, which `/wait` moves on, stored in the database's meta so that a
//! session goes on where the last one stopped.

use super::{Result, Table};
use crate::clock::{ShiftedClock, MAX_SHIFT};
use crate::ids::UserId;
use crate::store::{Store, StoreError};
use std::sync::Arc;

const CLOCK_KEY: &str = "local_clock_offset";

impl Table {
    /// The terminal's table over `store`, playing by a clock shifted by the stored offset
    /// (returned, so that `/wait` can move it on), with the bot playing as `bot`, called
    /// `bot_name`. A stored offset the terminal could not have written is refused.
    pub async fn terminal(
        store: Store,
        bot: UserId,
        bot_name: &str,
    ) -> Result<(Table, ShiftedClock), StoreError> {
        let offset = match store.meta(CLOCK_KEY).await? {
            None => 0,
            Some(stored) => clock_offset(&stored)?,
        };
        let clock = ShiftedClock::new(offset);
        store.remember_user(bot, bot_name).await?;
        let table = Table::new(store, Arc::new(clock.clone()));
        table.set_bot_user(bot);
        Ok((table, clock))
    }

    /// Keeps the terminal's clock offset, as `/wait` moved it.
    pub async fn keep_clock_offset(&self, clock: &ShiftedClock) -> Result<()> {
        self.set_meta(CLOCK_KEY, &clock.offset().to_string()).await
    }
}

/// The stored offset of the terminal's clock: whole seconds from 0 to [`MAX_SHIFT`], as
/// `/wait` writes it. Anything else is refused with what to do: the clock is not guessed,
/// since every deadline hangs on it.
fn clock_offset(stored: &str) -> Result<i64, StoreError> {
    match stored.parse::<i64>() {
        Ok(offset) if (0..=MAX_SHIFT).contains(&offset) => Ok(offset),
        _ => {
            let shown: String = stored.chars().take(40).collect();
            let cut = if shown.len() < stored.len() {
                "…"
            } else {
                ""
            };
            Err(StoreError::Corrupt {
                what: format!("the terminal's clock ({CLOCK_KEY} in the table meta)"),
                why: format!(
                    "“{shown}{cut}” is not a number of seconds from 0 to {MAX_SHIFT}; to run \
                     the clock from now again, delete it: DELETE FROM meta WHERE key = \
                     '{CLOCK_KEY}'",
                ),
            })
        }
    }
}
