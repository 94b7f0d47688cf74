//! Who is who on a board image, and from whose side to look.

use crate::games::Seat;
use crate::i18n::Lang;
use crate::msg;

/// Who is who, and from whose side to look.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Display names by seat index (seat 1 first); missing or empty ones read `Seat N`.
    pub names: Vec<String>,
    /// The seat whose side is at the bottom; `None` looks from the first seat's side.
    pub viewer: Option<Seat>,
    /// The language of every word on the image.
    pub lang: Lang,
}

impl RenderOptions {
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> RenderOptions {
        RenderOptions {
            names: names.into_iter().map(Into::into).collect(),
            viewer: None,
            lang: Lang::En,
        }
    }

    pub fn viewed_by(mut self, viewer: Option<Seat>) -> RenderOptions {
        self.viewer = viewer;
        self
    }

    /// The image in the words of `lang`.
    pub fn in_lang(mut self, lang: Lang) -> RenderOptions {
        self.lang = lang;
        self
    }

    /// The display name of a seat.
    pub fn name(&self, seat: Seat) -> String {
        match self.names.get(seat.index()).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => msg!("render-seat", seat = seat.number()).tr(self.lang),
        }
    }
}
