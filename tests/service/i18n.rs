//! The bot's words in two languages: the Fluent files of every language hold the same
//! messages with the same variables, every message the code names exists, Russian
//! plurals follow CLDR, and the board images draw Cyrillic letters (not empty boxes).

use boardpost::games::{AnyGame, GameKind};
use boardpost::i18n::words::game_title;
use boardpost::i18n::{has, rules_text, sources, Lang, Localize, Msg};
use boardpost::msg;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Every message of a language: its id and what its value refers to (variables, and
/// other messages by id).
#[derive(Default, Debug)]
struct Refs {
    vars: BTreeSet<String>,
    messages: BTreeSet<String>,
}

fn inline_refs(e: &InlineExpression<&str>, refs: &mut Refs) {
    match e {
        InlineExpression::VariableReference { id } => {
            refs.vars.insert(id.name.to_string());
        }
        InlineExpression::MessageReference { id, .. } => {
            refs.messages.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_refs(expression, refs),
        InlineExpression::FunctionReference { arguments, .. }
        | InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_refs(a, refs);
            }
            for a in &arguments.named {
                inline_refs(&a.value, refs);
            }
        }
        _ => {}
    }
}

fn expression_refs(e: &Expression<&str>, refs: &mut Refs) {
    match e {
        Expression::Inline(inline) => inline_refs(inline, refs),
        Expression::Select { selector, variants } => {
            inline_refs(selector, refs);
            for v in variants {
                pattern_refs(&v.value, refs);
            }
        }
    }
}

fn pattern_refs(p: &Pattern<&str>, refs: &mut Refs) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_refs(expression, refs);
        }
    }
}

/// The messages of a language, parsed from its embedded files; a file that does not
/// parse, or an id given twice, fails the test.
fn messages(lang: Lang) -> BTreeMap<String, Refs> {
    let mut all = BTreeMap::new();
    for (file, text) in sources(lang) {
        let resource = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{file}.ftl does not parse: {errors:?}"));
        for entry in resource.body {
            match entry {
                Entry::Message(m) => {
                    let mut refs = Refs::default();
                    if let Some(value) = &m.value {
                        pattern_refs(value, &mut refs);
                    }
                    let id = m.id.name.to_string();
                    assert!(
                        all.insert(id.clone(), refs).is_none(),
                        "{lang}/{file}.ftl: {id} is given twice"
                    );
                }
                Entry::Term(t) => panic!(
                    "{lang}/{file}.ftl: use messages, not terms (-{})",
                    t.id.name
                ),
                Entry::Junk { content } => panic!("{lang}/{file}.ftl: junk {content:?}"),
                _ => {}
            }
        }
    }
    all
}

/// The variables a message uses, through the messages it refers to.
fn variables(
    id: &str,
    all: &BTreeMap<String, Refs>,
    seen: &mut BTreeSet<String>,
) -> BTreeSet<String> {
    let mut vars = BTreeSet::new();
    if !seen.insert(id.to_string()) {
        return vars;
    }
    if let Some(refs) = all.get(id) {
        vars.extend(refs.vars.iter().cloned());
        for other in &refs.messages {
            assert!(
                all.contains_key(other),
                "{id} refers to {other}, which is missing"
            );
            vars.extend(variables(other, all, seen));
        }
    }
    vars
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    let english = messages(Lang::En);
    assert!(english.len() > 300, "{} messages", english.len());
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let other = messages(lang);
        let missing: Vec<&String> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<&String> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang} has ids English has not: {extra:?}"
        );
        for id in english.keys() {
            let en = variables(id, &english, &mut BTreeSet::new());
            let theirs = variables(id, &other, &mut BTreeSet::new());
            assert_eq!(
                en, theirs,
                "{id}: English and {lang} use different variables"
            );
        }
    }
}

/// Every file under `dir` whose name ends with `.rs`.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every message id written in the code (a string literal like `"sidja-taken"` in a
/// file that speaks to players) exists in English. Ids made from tables (options,
/// titles, commands) are checked by the tests that go through those tables.
#[test]
fn every_message_id_the_code_names_exists() {
    let english = messages(Lang::En);
    let mut files = Vec::new();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    // The layers that speak to players.
    for dir in ["i18n", "table", "render", "discord"] {
        rust_files(&src.join(dir), &mut files);
    }
    files.push(src.join("local.rs"));
    // Literals of the code that look like ids but name other things.
    let not_ids = [
        "en-US",
        "en-GB",
        "notice-",
        "line-tables-only",
        "game-id",
        "zh-CN",
        "zh-TW",
    ];
    let literal = |text: &str| -> Vec<String> {
        let mut found = Vec::new();
        for part in text.split('"').skip(1).step_by(2) {
            let looks_like_an_id = part.contains('-')
                && part.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
                && !part.ends_with('-');
            if looks_like_an_id && !not_ids.contains(&part) {
                found.push(part.to_string());
            }
        }
        found
    };
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for id in literal(&text) {
            checked += 1;
            assert!(
                english.contains_key(&id),
                "{} names the message {id:?}, which locales/en does not have",
                file.display()
            );
        }
    }
    assert!(checked > 300, "only {checked} ids found in the code");
}

#[test]
fn every_option_value_and_title_has_its_words() {
    for kind in GameKind::ALL {
        for spec in kind.option_specs() {
            for value in spec.values {
                for lang in Lang::ALL {
                    let title = format!("title-{}-{}-{value}", kind.name(), spec.name);
                    assert!(has(lang, &title), "{lang}: {title}");
                }
            }
        }
        for lang in Lang::ALL {
            let start = AnyGame::new(kind.name(), &[] as &[&str]).unwrap();
            let title = game_title(&start).tr(lang);
            assert!(!title.is_empty() && !title.contains("title-"), "{title}");
            assert!(!rules_text(*kind, lang).is_empty());
        }
    }
    let seega = AnyGame::new(
        "sidja",
        &["variant=seega", "opening=cross", "chain=2", "blocked=lose"],
    )
    .unwrap();
    assert_eq!(
        game_title(&seega).tr(Lang::En),
        "sidja (seega, 5×5, drop 2, cross opening, two captures at most, blocked loses)"
    );
    assert_eq!(
        game_title(&seega).tr(Lang::Ru),
        "сиджа (сига, 5×5, по 2 камня, начало крестом, не больше двух взятий подряд, без ходов — поражение)"
    );
}

#[test]
fn the_rules_differ_by_language_and_the_russian_ones_are_russian() {
    for kind in GameKind::ALL {
        let (en, ru) = (rules_text(*kind, Lang::En), rules_text(*kind, Lang::Ru));
        assert_ne!(en, ru, "/rules {kind} in Russian is the English text");
        let cyrillic = ru
            .chars()
            .filter(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(*c)))
            .count();
        assert!(
            cyrillic > 300,
            "/rules {kind} in Russian has {cyrillic} Cyrillic letters"
        );
    }
}

/// CLDR's plural rules for Russian: one (1, 21, 101), few (2–4, 22–24), many (0, 5–20,
/// 25, 111…); English: one (1) and other.
#[test]
fn plural_forms_follow_cldr() {
    let days = |n: i64, lang| msg!("days", days = n).tr(lang);
    let cases = [
        (0, "0 дней", "0 days"),
        (1, "1 день", "1 day"),
        (2, "2 дня", "2 days"),
        (5, "5 дней", "5 days"),
        (11, "11 дней", "11 days"),
        (21, "21 день", "21 days"),
        (22, "22 дня", "22 days"),
        (25, "25 дней", "25 days"),
        (101, "101 день", "101 days"),
        (111, "111 дней", "111 days"),
    ];
    for (n, ru, en) in cases {
        assert_eq!(days(n, Lang::Ru), ru);
        assert_eq!(days(n, Lang::En), en);
    }
    // Stones in hand, in a Sidja refusal: 1 камень, 2 камня, 5 камней, 11 камней, 21 камень,
    // 22 камня, 25 камней.
    let stones = |n: i64| msg!("sidja-still-placing", count = n).tr(Lang::Ru);
    for (n, word) in [
        (1, "1 камень"),
        (2, "2 камня"),
        (5, "5 камней"),
        (11, "11 камней"),
        (21, "21 камень"),
        (22, "22 камня"),
        (25, "25 камней"),
        (0, "0 камней"),
        (111, "111 камней"),
    ] {
        assert!(
            stones(n).contains(&format!("в руке {word})")),
            "{}",
            stones(n)
        );
    }
}

#[test]
fn a_message_missing_from_a_language_falls_back_to_english_and_an_unknown_id_shows_itself() {
    assert_eq!(Msg::new("no-such-message").tr(Lang::Ru), "no-such-message");
    // Variables are never wrapped in Unicode isolation marks.
    let text = msg!("sidja-taken", square = "c3").tr(Lang::Ru);
    assert!(
        !text.contains('\u{2068}') && !text.contains('\u{2069}'),
        "{text:?}"
    );
    assert_eq!(text, "поле c3 занято: ставьте камень на пустое поле");
}

/// Errors, notes and previews of the engines in both languages: the same typed value.
#[test]
fn engines_speak_through_the_words_layer() {
    let mut game = AnyGame::new("sidja", &[] as &[&str]).unwrap();
    let err = game.play_text("c3").unwrap_err();
    assert_eq!(
        err.tr(Lang::En),
        "action 1 \"c3\": c3 is the centre: it stays empty until every stone is placed"
    );
    assert_eq!(
        boardpost::i18n::Localize::tr(&err, Lang::Ru),
        "действие 1 «c3»: c3 — центр доски: он остаётся пустым, пока не расставлены все камни"
    );
    game.play_text("c1 d2").unwrap();
    let preview = game.preview_text("a1").unwrap();
    assert_eq!(preview.tr(Lang::En), "places a stone");
    assert_eq!(preview.tr(Lang::Ru), "ставит камень");
}

/// A hint's reason for a quiet action says how the search judges the position after it:
/// each of the seven outlooks has words of its own in each language (a misspelt
/// selector would fall silently to "about even").
#[test]
fn each_outlook_of_a_hint_has_its_own_words() {
    use boardpost::ai::{Outlook, Reason};
    use boardpost::i18n::Localize;
    let outlooks = [-600, -300, -100, 0, 100, 300, 600].map(Outlook::of);
    for lang in [Lang::En, Lang::Ru] {
        let texts: BTreeSet<String> = outlooks
            .iter()
            .map(|&outlook| Reason::BestEval { outlook }.tr(lang))
            .collect();
        assert_eq!(texts.len(), 7, "{lang:?}: {texts:?}");
    }
    let reason = Reason::BestEval {
        outlook: Outlook::of(250),
    };
    assert_eq!(
        reason.tr(Lang::En),
        "the best position the search found: better for whoever plays it"
    );
    assert_eq!(
        reason.tr(Lang::Ru),
        "лучшая позиция, какую нашёл поиск: лучше для сделавшего ход"
    );
}

/// The board images write Russian with real glyphs: every letter of the Russian
/// alphabet is in the embedded fonts, and a Russian word draws pixels that differ from
/// the empty box of a missing glyph.
#[test]
fn cyrillic_letters_are_drawn_not_boxes() {
    use boardpost::render::font::{has_glyph, Weight};
    use boardpost::render::raster::Canvas;
    use boardpost::render::theme::rgb;
    for c in ('А'..='я').chain(['Ё', 'ё']) {
        assert!(has_glyph(c), "no glyph for {c}");
    }
    let draw = |text: &str| {
        let mut canvas = Canvas::new(120, 40, rgb(255, 255, 255));
        canvas.text(text, Weight::Bold, 28.0, (4.0, 30.0), rgb(0, 0, 0));
        canvas.into_image()
    };
    let word = draw("Жук");
    let boxes = draw("\u{10FFF}\u{10FFF}\u{10FFF}");
    let inked = |img: &image::RgbaImage| img.pixels().filter(|p| p.0[0] < 128).count();
    assert!(
        inked(&word) > 100,
        "the word leaves {} dark pixels",
        inked(&word)
    );
    assert_ne!(word, boxes, "Cyrillic is drawn as missing-glyph boxes");
    // Ж has a vertical stem in its middle: dark pixels down the centre of its box.
    let z_width = Canvas::text_width("Ж", Weight::Bold, 28.0);
    let mid = (4.0 + z_width / 2.0) as u32;
    let stem = (8..30)
        .filter(|y| word.get_pixel(mid, *y).0[0] < 128)
        .count();
    assert!(stem > 10, "the middle of Ж has {stem} dark pixels");
}

/// A Russian board image carries Russian words: its header differs from the English one.
#[test]
fn a_board_image_is_drawn_in_the_language_asked() {
    use boardpost::render::{render_image, RenderOptions};
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind.name(), &[] as &[&str]).unwrap();
        let first = game.legal()[0].clone();
        game.play(&first).unwrap();
        let names = ["алиса", "боб", "вера", "гоша"];
        let en = render_image(&game, &RenderOptions::new(names));
        let ru = render_image(&game, &RenderOptions::new(names).in_lang(Lang::Ru));
        assert_eq!(en.dimensions(), ru.dimensions(), "{kind}");
        assert_ne!(en, ru, "{kind}: the Russian image has the English words");
    }
}

/// The words of a Fluent pattern as a reader sees them: its text, the text of string
/// literals and of every variant of a choice, each placeable as `{}`.
fn pattern_words(p: &Pattern<&str>, out: &mut String) {
    for element in &p.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => match expression {
                Expression::Inline(InlineExpression::StringLiteral { value }) => {
                    out.push_str(value)
                }
                Expression::Select { variants, .. } => {
                    for v in variants {
                        out.push(' ');
                        pattern_words(&v.value, out);
                    }
                }
                _ => out.push_str("{}"),
            },
        }
    }
}

/// `text` without its spans in backticks (notation, commands and paths, typed as they
/// are in any language).
fn outside_backticks(text: &str) -> String {
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// Every Russian text a player reads, by where it is: each message of the Fluent files
/// and each `/rules` card.
fn russian_texts() -> Vec<(String, String)> {
    let mut texts = Vec::new();
    for (file, source) in sources(Lang::Ru) {
        let resource = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, errors)| panic!("ru/{file}.ftl does not parse: {errors:?}"));
        for entry in resource.body {
            if let Entry::Message(m) = entry {
                let mut words = String::new();
                if let Some(value) = &m.value {
                    pattern_words(value, &mut words);
                }
                texts.push((format!("ru/{file}.ftl: {}", m.id.name), words));
            }
        }
    }
    for kind in GameKind::ALL {
        texts.push((
            format!("/rules {kind} in Russian"),
            rules_text(*kind, Lang::Ru).to_string(),
        ));
    }
    texts
}

/// A number written with a decimal point (`5.4`), as English writes it; not a part of
/// notation (`C2.5`, `R1+1`).
fn has_decimal_point(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len().saturating_sub(1)).any(|i| {
        let start = (0..i)
            .rev()
            .take_while(|j| chars[*j].is_ascii_digit())
            .last();
        chars[i] == '.'
            && chars[i - 1].is_ascii_digit()
            && chars[i + 1].is_ascii_digit()
            && start
                .is_some_and(|s| s == 0 || !chars[s - 1].is_alphanumeric() && chars[s - 1] != '+')
    })
}

/// Russian as a Russian writes it: no «сыграл(а)» for a player of either sex, no game's
/// code in Latin letters (the terminal and Discord's menus take the Russian names), no
/// straight quotes or hyphens for dashes, and decimal commas.
#[test]
fn russian_texts_read_as_written_in_russian() {
    let codes: BTreeSet<&str> = GameKind::ALL
        .iter()
        .map(|k| k.name())
        .chain(["sudan", "seega", "ffa", "teams"])
        .collect();
    let mut wrong = Vec::new();
    for (place, text) in russian_texts() {
        let plain = outside_backticks(&text);
        if plain.contains("(а)") {
            wrong.push(format!(
                "{place}: «(а)» instead of a wording for both sexes: {text}"
            ));
        }
        if plain.contains('"') {
            wrong.push(format!("{place}: a straight quote, not «ёлочки»: {text}"));
        }
        if plain.contains(" - ") {
            wrong.push(format!("{place}: a hyphen for a dash (« — »): {text}"));
        }
        if has_decimal_point(&plain) {
            wrong.push(format!("{place}: a decimal point, not a comma: {text}"));
        }
        for word in plain.split(|c: char| !c.is_ascii_alphanumeric()) {
            if codes.contains(word.to_ascii_lowercase().as_str()) {
                wrong.push(format!(
                    "{place}: the code {word:?} in Latin letters: {text}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // What the code puts into Russian words: game names, the games an unknown name is
    // offered, decimals, spans of days.
    for kind in GameKind::ALL {
        let start = AnyGame::new(kind.name(), &[] as &[&str]).unwrap();
        let title = game_title(&start).tr(Lang::Ru);
        assert!(
            !title.chars().any(|c| c.is_ascii_alphabetic()),
            "{kind}: {title}"
        );
    }
    let unknown = boardpost::games::SetupError::UnknownGame("шашки".into());
    assert_eq!(
        boardpost::i18n::Localize::tr(&unknown, Lang::Ru),
        "игры «шашки» нет: есть сиджа, йотай, банглагор, сянци, сянци вчетвером"
    );
    use boardpost::table::words::{one_decimal, span};
    assert_eq!(one_decimal(540, true).tr(Lang::Ru), "+5,4");
    assert_eq!(one_decimal(540, true).tr(Lang::En), "+5.4");
    assert_eq!(one_decimal(-150, false).tr(Lang::Ru), "−1,5");
    assert_eq!(span(3 * 86_400).tr(Lang::Ru), "3 дн.");
    assert_eq!(span(2 * 86_400 + 5 * 3600).tr(Lang::Ru), "2 дн. 5 ч");
}

/// The seven numbers that tell Russian plurals apart, in a count of plies.
#[test]
fn russian_plies_take_every_plural_form() {
    for (n, words) in [
        (1, "1 полуход"),
        (2, "2 полухода"),
        (5, "5 полуходов"),
        (11, "11 полуходов"),
        (21, "21 полуход"),
        (22, "22 полухода"),
        (25, "25 полуходов"),
    ] {
        let header = msg!("analyse-header", game = "1", title = "сянци", plies = n).tr(Lang::Ru);
        assert!(header.ends_with(&format!(" · сянци · {words}")), "{header}");
    }
}
