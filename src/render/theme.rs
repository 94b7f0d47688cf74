//! The look of every board image: colours, the card, the wood, the stones.

use image::Rgba;

pub type Colour = Rgba<u8>;

pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
    Rgba([r, g, b, 255])
}

pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Colour {
    Rgba([r, g, b, a])
}

/// How a stone (or a disc-shaped piece) looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StoneStyle {
    pub fill: Colour,
    pub outline: Colour,
}

/// The colours of every image. The card has its own dark warm frame and a light wood
/// board, so the image reads the same on Discord's dark (#313338) and light (#ffffff)
/// themes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The card behind the header and around the board.
    pub frame: Colour,
    /// Behind the header line of the player to move.
    pub frame_raised: Colour,
    pub text: Colour,
    pub text_dim: Colour,
    /// The player to move, the winner.
    pub accent: Colour,
    pub wood: Colour,
    /// The board's rim.
    pub wood_edge: Colour,
    pub grid: Colour,
    /// The centre square's mark.
    pub centre_mark: Colour,
    pub coordinates: Colour,
    /// Stones by seat index: dark for seat 1, light for seat 2.
    pub stones: [StoneStyle; 2],
    pub shadow: Colour,
    /// Squares a stone left in the last turn.
    pub last_from: Colour,
    /// Squares a stone arrived at, or was placed on, in the last turn.
    pub last_to: Colour,
    /// The mark where a stone was captured.
    pub capture: Colour,
}

pub const THEME: Theme = Theme {
    frame: rgb(0x2b, 0x23, 0x1d),
    frame_raised: rgb(0x45, 0x38, 0x2d),
    text: rgb(0xf4, 0xec, 0xe1),
    text_dim: rgb(0xc4, 0xb2, 0x9b),
    accent: rgb(0xf2, 0xb8, 0x4b),
    wood: rgb(0xe2, 0xbd, 0x85),
    wood_edge: rgb(0x7a, 0x55, 0x30),
    grid: rgb(0x9a, 0x73, 0x47),
    centre_mark: rgb(0xa5, 0x7b, 0x4b),
    coordinates: rgb(0xd6, 0xc3, 0xa8),
    stones: [
        StoneStyle {
            fill: rgb(0x26, 0x24, 0x22),
            outline: rgb(0x08, 0x08, 0x08),
        },
        StoneStyle {
            fill: rgb(0xf7, 0xf4, 0xed),
            outline: rgb(0x5a, 0x4a, 0x3a),
        },
    ],
    shadow: rgba(0x3a, 0x22, 0x08, 0x48),
    last_from: rgba(0x9b, 0xc7, 0x00, 0x48),
    last_to: rgba(0x9b, 0xc7, 0x00, 0x80),
    capture: rgb(0xd3, 0x1f, 0x2f),
};
