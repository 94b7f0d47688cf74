//! The `/rules` texts: each fits in one Discord message (2,000 characters) and names the
//! rules a player needs first (docs/rules.md has them all).

/// Discord's limit on a message's length, in characters.
const DISCORD_LIMIT: usize = 2_000;

use boardpost::i18n::{rules_text, Lang};

fn help(game: &str) -> &'static str {
    let kind = game
        .parse::<boardpost::games::GameKind>()
        .unwrap_or_else(|_| panic!("no help for {game}"));
    rules_text(kind, Lang::En)
}

#[test]
fn every_help_text_fits_in_one_discord_message() {
    for kind in boardpost::games::GameKind::ALL {
        for lang in Lang::ALL {
            let n = rules_text(*kind, lang).chars().count();
            assert!(
                n <= DISCORD_LIMIT,
                "/rules {kind} in {lang} is {n} characters"
            );
        }
    }
}

fn assert_names(game: &str, phrases: &[&str]) {
    let text = help(game);
    for phrase in phrases {
        assert!(
            text.contains(phrase),
            "/rules {game} does not say {phrase:?}"
        );
    }
}

#[test]
fn sidja_help_names_its_key_rules() {
    assert_names(
        "sidja",
        &[
            "never the centre",
            "at most one stone",
            "equal captures draw",
            "`pass`",
            "must go on with capturing moves",
            "the same stone must go on capturing",
            "cannot be captured",
            "opening=plain|cross",
            "chain=all|2",
            "blocked=pass|lose",
        ],
    );
}

#[test]
fn yote_help_names_its_key_rules() {
    assert_names(
        "yote",
        &[
            "`@c3`",
            "`c3-c4`",
            "`c3xc5xe5`",
            "`c3xc5/b2`",
            "never compulsory",
            "2 pieces against 1",
        ],
    );
}

#[test]
fn banglagor_help_names_its_key_rules() {
    assert_names(
        "banglagor",
        &[
            "border row",
            "exactly h steps",
            "`d2-d4xe4`",
            "bound",
            "`free d4`",
            "walking next to stronger enemy columns is safe",
            "`d12@b5`",
            "less than half",
        ],
    );
}

#[test]
fn xiangqi_help_names_its_key_rules() {
    assert_names(
        "xiangqi",
        &[
            "palace",
            "river",
            "face each other",
            "no legal move loses",
            "Perpetual",
            "`h2-e2`",
            "`C2.5`",
        ],
    );
}

/// The players' pages list each game's options as its options table declares them:
/// every option with its values, the default marked.
#[test]
fn players_pages_list_the_options_of_each_games_table() {
    for kind in boardpost::games::GameKind::ALL {
        let page = std::fs::read_to_string(format!(
            "{}/docs/games/{}.md",
            env!("CARGO_MANIFEST_DIR"),
            kind.name()
        ))
        .unwrap();
        for spec in kind.option_specs() {
            let values: Vec<String> = spec
                .values
                .iter()
                .map(|v| match *v == spec.default {
                    true => format!("`{v}` (default)"),
                    false => format!("`{v}`"),
                })
                .collect();
            let row = format!("| `{}` | {} |", spec.name, values.join(", "));
            assert!(page.contains(&row), "{kind}: no row {row:?}");
        }
    }
}
