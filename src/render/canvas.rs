//! What every game's board image is drawn with, in one place for the renderers: the
//! theme's colours ([`super::theme`]), the canvas and its shapes and text
//! ([`super::raster`]), the board's grid ([`super::board`]) and the header
//! ([`super::header`]).

pub use super::board::*;
pub use super::header::*;
pub use super::raster::*;
pub use super::theme::*;
