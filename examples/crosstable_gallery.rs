//! Sample crosstable images for the documentation, from the test kit's sample tables:
//! an English round-robin of six with a player whose results were struck out, and
//! page 2 of a Russian Swiss of 32 after five rounds.
//!
//!     cargo run --example crosstable_gallery -- docs/images
//!
//! Writes crosstable-round-robin.png and crosstable-swiss-ru.png into the given folder
//! (default `docs/images`), compressed harder than the bot does (its coder is made for
//! speed), to keep the documentation small.

use boardpost::i18n::Lang;
use boardpost::render::crosstable::{draw, Crosstable};
use boardpost_testkit::crosstables::{round_robin, swiss_page};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::ImageEncoder;
use std::error::Error;
use std::path::Path;

fn write(path: &Path, table: &Crosstable) -> Result<(), Box<dyn Error>> {
    let img = draw(table);
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgba8,
        )?;
    std::fs::write(path, bytes)?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let folder = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    let folder = Path::new(&folder);
    let names = ["alice", "bob", "Zoë Łukasz", "dave 🎲", "eve", "frank"];
    let rr = round_robin(&names, false, Some(3), Lang::En);
    write(&folder.join("crosstable-round-robin.png"), &rr)?;
    let swiss = swiss_page(32, 5, 2, Lang::Ru);
    write(&folder.join("crosstable-swiss-ru.png"), &swiss)?;
    Ok(())
}
