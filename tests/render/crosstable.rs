//! Crosstable images: they decode, their size stays within bounds, the leaders' rows and
//! only theirs carry the highlight, the largest tables draw, the Russian words have
//! glyphs, and names of any length or script draw without panicking.

use boardpost::i18n::Lang;
use boardpost::msg;
use boardpost::render::crosstable::{
    render_png, Crosstable, Left, Progress, LEADER_FILL, ROW_FILL, ROW_FILL_ALT,
};
use boardpost::render::font::has_glyph;
use boardpost_testkit::crosstables::{round_robin, swiss_page};
use image::RgbaImage;

fn decode(table: &Crosstable) -> RgbaImage {
    let png = render_png(table);
    assert_eq!(&png[1..4], b"PNG");
    image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("the crosstable decodes")
        .to_rgba8()
}

/// The bands of rows (first and last y) in which `colour` fills a run of at least 40
/// pixels.
fn bands(img: &RgbaImage, colour: image::Rgba<u8>) -> Vec<(u32, u32)> {
    let mut bands: Vec<(u32, u32)> = Vec::new();
    for y in 0..img.height() {
        let mut run = 0;
        let mut longest = 0;
        for x in 0..img.width() {
            run = if *img.get_pixel(x, y) == colour {
                run + 1
            } else {
                0
            };
            longest = longest.max(run);
        }
        if longest >= 40 {
            match bands.last_mut() {
                Some((_, last)) if *last + 1 == y => *last = y,
                _ => bands.push((y, y)),
            }
        }
    }
    bands
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("player {i}")).collect()
}

fn refs(names: &[String]) -> Vec<&str> {
    names.iter().map(String::as_str).collect()
}

#[test]
fn the_leader_row_alone_is_highlighted() {
    let names = names(6);
    let table = round_robin(&refs(&names), false, Some(3), Lang::En);
    assert_eq!(table.rows.iter().filter(|r| r.leader).count(), 1);
    let img = decode(&table);
    let leader = bands(&img, LEADER_FILL);
    assert_eq!(leader.len(), 1, "one highlighted row: {leader:?}");
    let (top, bottom) = leader[0];
    assert!(
        (28..=34).contains(&(bottom - top + 1)),
        "a row's height: {leader:?}"
    );
    // The other rows are below it, in the ordinary colours, and none overlaps it.
    let others: Vec<(u32, u32)> = [ROW_FILL, ROW_FILL_ALT]
        .iter()
        .flat_map(|c| bands(&img, *c))
        .collect();
    assert_eq!(others.len(), 5, "{others:?}");
    for (t, b) in others {
        assert!(t > bottom || b < top, "row {t}..{b} overlaps the leader's");
        assert!(t > bottom, "the leader is first");
    }
}

#[test]
fn leaders_tied_on_everything_are_all_highlighted() {
    let names = names(4);
    let mut table = round_robin(&refs(&names), false, None, Lang::En);
    let first = (table.rows[0].score, table.rows[0].tie_breaks.clone());
    table.rows[1].score = first.0;
    table.rows[1].tie_breaks = first.1;
    table.rows[1].leader = true;
    for row in &mut table.rows[2..] {
        row.leader = false;
    }
    let img = decode(&table);
    assert_eq!(bands(&img, LEADER_FILL).len(), 2);
    // Two adjacent highlighted rows read as one band only if nothing separates them:
    // each is its own row's height.
    for (t, b) in bands(&img, LEADER_FILL) {
        assert!(b - t < 40, "{t}..{b}");
    }
}

#[test]
fn a_round_robin_of_twenty_draws_within_bounds() {
    for double in [false, true] {
        let names = names(20);
        let table = round_robin(&refs(&names), double, Some(7), Lang::En);
        let img = decode(&table);
        assert!(
            (900..=2600).contains(&img.width()) && (700..=1000).contains(&img.height()),
            "double {double}: {}x{}",
            img.width(),
            img.height()
        );
        assert_eq!(bands(&img, LEADER_FILL).len(), 1);
        let png = render_png(&table);
        assert!(png.len() < 1_000_000, "{} bytes", png.len());
    }
}

#[test]
fn page_three_of_a_swiss_of_45_draws() {
    let table = swiss_page(45, 9, 3, Lang::En);
    assert_eq!(table.rows.len(), 5);
    assert_eq!(table.rows[0].place, 41);
    assert!(matches!(
        table.progress,
        Progress::Swiss {
            page: 3,
            pages: 3,
            ..
        }
    ));
    let img = decode(&table);
    assert!((600..=2000).contains(&img.width()), "{}", img.width());
    assert!((250..=500).contains(&img.height()), "{}", img.height());
    // The leader is on page one.
    assert!(bands(&img, LEADER_FILL).is_empty());
    let first = decode(&swiss_page(45, 9, 1, Lang::En));
    assert_eq!(bands(&first, LEADER_FILL).len(), 1);
    assert!(first.height() > img.height());
}

#[test]
fn a_swiss_of_thirty_rounds_stays_bounded() {
    let img = decode(&swiss_page(500, 30, 25, Lang::Ru));
    assert!(
        img.width() <= 3200 && img.height() <= 1000,
        "{}x{}",
        img.width(),
        img.height()
    );
}

#[test]
fn russian_words_have_glyphs_and_draw() {
    for lang in Lang::ALL {
        let words = [
            msg!("render-ct-title", tournament = 12, game = "Сянци"),
            msg!("render-ct-games-over", over = 3, games = 15),
            msg!("render-ct-round", round = 2, rounds = 7),
            msg!("render-ct-page", page = 2, pages = 3),
            msg!("render-ct-final"),
            msg!("render-ct-player"),
            msg!("render-ct-points"),
            msg!("render-ct-round-column", round = 4),
            msg!("render-ct-tie-break", name = "sb"),
            msg!("render-ct-tie-break", name = "de"),
            msg!("render-ct-tie-break", name = "win"),
            msg!("render-ct-tie-break", name = "bh"),
            msg!("render-ct-tie-break", name = "bh_c1"),
            msg!("render-ct-white"),
            msg!("render-ct-black"),
            msg!("render-ct-forfeit"),
            msg!("render-ct-bye"),
            msg!("render-ct-note-struck", name = "x"),
            msg!("render-ct-note-withdrew", name = "x"),
            msg!("render-ct-note-withdrew-swiss", name = "x"),
            msg!("render-ct-note-out-of-time", name = "x"),
            msg!("render-ct-legend-round-robin"),
            msg!("render-ct-legend-swiss"),
            msg!("tournament-format-round-robin"),
            msg!("tournament-format-double"),
            msg!("tournament-format-swiss", rounds = 7),
        ];
        for word in words {
            let text = word.tr(lang);
            // `½` is drawn as a fraction of its own; everything else by the fonts.
            let missing: String = text
                .chars()
                .filter(|c| *c != '½' && !has_glyph(*c))
                .collect();
            assert!(missing.is_empty(), "{lang:?}: {text:?} lacks {missing:?}");
        }
    }
    let names = names(6);
    let en = decode(&round_robin(&refs(&names), false, Some(2), Lang::En));
    let ru = decode(&round_robin(&refs(&names), false, Some(2), Lang::Ru));
    assert!(
        en != ru,
        "the Russian headings differ from the English ones"
    );
    decode(&swiss_page(30, 5, 2, Lang::Ru));
}

#[test]
fn names_of_any_length_and_script_draw() {
    let long = "Ж".repeat(120) + &"a".repeat(80);
    assert_eq!(long.chars().count(), 200);
    let emoji = "🎲🏆👑😀🙂".repeat(8);
    let mixed = "é\u{301}\u{200d}\u{7}\n李".repeat(30);
    let names = [
        long.as_str(),
        emoji.as_str(),
        mixed.as_str(),
        "",
        "bob",
        " ",
    ];
    let mut rr = round_robin(&names, true, Some(0), Lang::Ru);
    rr.rows[1].left = Some(Left::OutOfTime);
    rr.rows[2].left = Some(Left::Withdrew);
    let img = decode(&rr);
    // Long names are cut: the image is no wider than a table of short names allows.
    assert!(img.width() < 1400, "{}", img.width());
    let mut swiss = swiss_page(6, 3, 1, Lang::En);
    for (row, name) in swiss.rows.iter_mut().zip(names) {
        row.name = name.to_string();
    }
    decode(&swiss);
}
