//! Board images and animated replays: layouts, pixels, sizes.
//! One test binary, a module per concern, so that it is linked once.

mod crosstable;
mod render;
mod render_gif;
mod render_pixels;
mod render_xiangqi;
