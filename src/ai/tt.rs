//! The transposition table: results of searched positions by key, always replaced
//! (depth-preferred within a two-entry bucket). One table per search, so that a search
//! depends on nothing but its position, level and seed.

/// How a stored score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least this (a cut-off).
    Lower,
    /// The true value is at most this (no action reached alpha).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry<A> {
    pub key: u64,
    pub depth: i16,
    pub bound: Bound,
    /// From the mover's side, mate scores relative to this node.
    pub score: i32,
    pub best: Option<A>,
}

pub struct Table<A> {
    entries: Vec<Option<Entry<A>>>,
    mask: usize,
}

impl<A: Copy> Table<A> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<A> {
        let size = 1usize << bits;
        Table {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    fn index(&self, key: u64) -> usize {
        // Buckets of two neighbouring entries.
        (key as usize) & self.mask & !1
    }

    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        let i = self.index(key);
        self.entries[i..i + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    pub fn store(&mut self, entry: Entry<A>) {
        let i = self.index(entry.key);
        // The same position's slot, else the shallower entry, else the second one.
        let slot = match (&self.entries[i], &self.entries[i + 1]) {
            (Some(e), _) if e.key == entry.key => i,
            (_, Some(e)) if e.key == entry.key => i + 1,
            (None, _) => i,
            (_, None) => i + 1,
            (Some(a), Some(b)) => {
                if a.depth <= b.depth {
                    i
                } else {
                    i + 1
                }
            }
        };
        self.entries[slot] = Some(entry);
    }
}
