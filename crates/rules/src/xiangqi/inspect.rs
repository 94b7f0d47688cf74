//! Read-only views for the engines of `crate::ai`: the position keys a repetition can
//! still come back to.

use super::Xiangqi;

impl Xiangqi {
    /// The keys of the positions reached since the last capture, oldest first, the
    /// current one last: the positions a search must treat as repetitions.
    pub fn keys_since_capture(&self) -> &[u64] {
        &self.keys[self.since_capture.min(self.keys.len())..]
    }
}
