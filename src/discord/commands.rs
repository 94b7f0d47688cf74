//! The slash commands boardpost registers (README.md lists them).

use crate::games::GameKind;
use crate::i18n::words::{option_about, option_label};
use crate::i18n::{Lang, Msg};
use crate::msg;
use crate::table::{days, Table, DAYS_PER_MOVE, MAX_ENTRANTS, MAX_SWISS_ROUNDS};
use serenity::all::{
    Command, CommandOptionType, CreateCommand, CreateCommandOption, GuildId, Http,
    InteractionContext,
};
use tracing::info;

/// Where the commands were last registered for one server (`DEV_GUILD_ID`), so that a
/// later global registration can clear that copy.
const DEV_GUILD_KEY: &str = "dev_guild_commands";

/// Registers the commands in the one place they belong: in the development server when
/// `dev_guild` is set (Discord shows them there at once), with no global copy left behind;
/// otherwise globally, with the copy an earlier development run left in its server
/// cleared. Either way every command shows exactly once. Returns how many are registered.
pub async fn register(
    http: &Http,
    table: &Table,
    dev_guild: Option<u64>,
) -> serenity::Result<usize> {
    let earlier: Option<u64> = table
        .meta(DEV_GUILD_KEY)
        .await
        .ok()
        .flatten()
        .and_then(|v| v.parse().ok());
    let registered = match dev_guild {
        Some(guild) => {
            let list = GuildId::new(guild).set_commands(http, all()).await?;
            Command::set_global_commands(http, Vec::new()).await?;
            if let Err(e) = table.set_meta(DEV_GUILD_KEY, &guild.to_string()).await {
                tracing::warn!(error = %e, "could not remember the development server");
            }
            list.len()
        }
        None => Command::set_global_commands(http, all()).await?.len(),
    };
    if let Some(old) = earlier.filter(|old| Some(*old) != dev_guild) {
        GuildId::new(old).set_commands(http, Vec::new()).await?;
        info!(
            guild = old,
            "cleared the commands an earlier run left in a server"
        );
        if dev_guild.is_none() {
            let _ = table.set_meta(DEV_GUILD_KEY, "").await;
        }
    }
    Ok(registered)
}

/// A message in English (the commands' default words) and its translation into each
/// other language, as Discord's localization maps want them.
fn words(msg: &Msg) -> (String, Vec<(&'static str, String)>) {
    let others = Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::En)
        .map(|l| (l.discord_locale(), msg.tr(l)))
        .collect();
    (msg.tr(Lang::En), others)
}

/// A command: its description from `cmd-NAME`, its localized names from `cmd-NAME-name`.
fn command(name: &'static str) -> CreateCommand {
    let (description, translated) = words(&Msg::new(format!("cmd-{name}")));
    let (_, names) = words(&Msg::new(format!("cmd-{name}-name")));
    let mut command = CreateCommand::new(name).description(description);
    for ((locale, text), (_, name)) in translated.into_iter().zip(names) {
        command = command
            .description_localized(locale, text)
            .name_localized(locale, name);
    }
    command
}

/// An option: its description from `desc`, its localized names from `opt-NAME-name`.
fn option(kind: CommandOptionType, name: &'static str, desc: Msg) -> CreateCommandOption {
    named_option(kind, name, name, desc)
}

/// An option whose localized names come from `opt-KEY-name` (one name, two meanings:
/// `game` is a kind of game in `/play` and a game's number elsewhere).
fn named_option(
    kind: CommandOptionType,
    name: &'static str,
    key: &'static str,
    desc: Msg,
) -> CreateCommandOption {
    let (description, translated) = words(&desc);
    let (_, names) = words(&Msg::new(format!("opt-{key}-name")));
    let mut option = CreateCommandOption::new(kind, name, description);
    for ((locale, text), (_, name)) in translated.into_iter().zip(names) {
        option = option
            .description_localized(locale, text)
            .name_localized(locale, name);
    }
    option
}

/// A choice of text, its name in every language.
fn string_choice(option: CreateCommandOption, name: &Msg, value: &str) -> CreateCommandOption {
    let (english, others) = words(name);
    option.add_string_choice_localized(english, value, others)
}

/// A choice of number, its name in every language.
fn int_choice(option: CreateCommandOption, name: &Msg, value: i32) -> CreateCommandOption {
    let (english, others) = words(name);
    option.add_int_choice_localized(english, value, others)
}

/// The options of every game, from the games' options tables, each once (in the order
/// of the games): a number or a text with its values as choices.
fn game_options() -> Vec<CreateCommandOption> {
    let mut seen = Vec::new();
    let mut options = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.option_specs() {
            if seen.contains(&spec.name) {
                continue;
            }
            seen.push(spec.name);
            let whose = match spec.only_with {
                Some((key, value)) => {
                    msg!(
                        "option-only-with",
                        value = option_label(*kind, spec_of(*kind, key), value)
                    )
                }
                None => msg!("game-name", game = kind.name()),
            };
            let description = msg!(
                "option-of-game",
                whose = whose,
                about = option_about(*kind, spec)
            );
            let kind_of_value = if spec.number {
                CommandOptionType::Integer
            } else {
                CommandOptionType::String
            };
            let mut option = option(kind_of_value, spec.name, description);
            for value in spec.values {
                let label = option_label(*kind, spec, value);
                option = match spec.number {
                    true => int_choice(option, &label, value.parse().unwrap_or_default()),
                    false => string_choice(option, &label, value),
                };
            }
            options.push(option);
        }
    }
    options
}

/// The option of a game's table named `name` (the one another option depends on).
fn spec_of(kind: GameKind, name: &str) -> &'static crate::games::OptionSpec {
    kind.option_specs()
        .iter()
        .find(|s| s.name == name)
        .expect("an option depends only on an option of the same table")
}

/// The choice of a game (`/play`, `/rules`, `/leaderboard`): its name as typed, and as
/// players call it in their language.
fn game_choice(desc: Msg) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        option(CommandOptionType::String, "game", desc).required(true),
        |option, game| {
            let (_, others) = words(&msg!("game-name", game = game.name()));
            option.add_string_choice_localized(game.name(), game.name(), others)
        },
    )
}

/// The `game` option of commands about one game: a number, autocompleted with the
/// caller's games.
fn game_id() -> CreateCommandOption {
    named_option(
        CommandOptionType::Integer,
        "game",
        "game-id",
        msg!("opt-game-id"),
    )
    .min_int_value(1)
    .set_autocomplete(true)
}

/// The `days` of `/vacation start|allowance`.
fn vacation_days() -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "days",
        msg!("opt-vacation-days"),
    )
    .required(true)
    .min_int_value(1)
    .max_int_value(crate::table::MAX_VACATION_DAYS as u64)
}

/// The `days_per_move` of `/play` and `/tournament create`, one choice per allowed value.
fn days_per_move() -> CreateCommandOption {
    DAYS_PER_MOVE.into_iter().fold(
        option(
            CommandOptionType::Integer,
            "days_per_move",
            msg!("opt-days-per-move"),
        ),
        |o, d| int_choice(o, &days(d), d as i32),
    )
}

fn subcommand(name: &'static str, desc: Msg) -> CreateCommandOption {
    option(CommandOptionType::SubCommand, name, desc).add_sub_option(game_id())
}

/// Every command, each for servers only (games belong to a server: none is offered in
/// direct messages).
pub fn all() -> Vec<CreateCommand> {
    commands()
        .into_iter()
        .map(|c| c.contexts(vec![InteractionContext::Guild]))
        .collect()
}

fn commands() -> Vec<CreateCommand> {
    let days = days_per_move();
    let first = ["challenger", "opponent", "random"].into_iter().fold(
        option(CommandOptionType::String, "first", msg!("opt-first")),
        |o, who| string_choice(o, &msg!("choice-first", who = who), who),
    );
    let boolean = |name: &'static str, desc: Msg| option(CommandOptionType::Boolean, name, desc);
    let language = |name: &'static str, desc: Msg| {
        ["auto", "en", "ru"]
            .into_iter()
            .fold(option(CommandOptionType::String, name, desc), |o, code| {
                string_choice(o, &msg!("choice-language", code = code), code)
            })
    };
    let user = CommandOptionType::User;
    let level = (1..=5).fold(
        option(CommandOptionType::Integer, "level", msg!("opt-level")),
        |o, n| int_choice(o, &msg!("choice-level", level = n), n),
    );
    let bot_seats = option(
        CommandOptionType::Integer,
        "bot_seats",
        msg!("opt-bot-seats"),
    )
    .min_int_value(1)
    .max_int_value(3);
    vec![
        game_options()
            .into_iter()
            .fold(
                command("play")
                    .add_option(game_choice(msg!("opt-play-game")))
                    .add_option(option(user, "opponent", msg!("opt-opponent"))),
                |command, option| command.add_option(option),
            )
            .add_option(option(user, "opponent2", msg!("opt-opponent2")))
            .add_option(option(user, "opponent3", msg!("opt-opponent3")))
            .add_option(days)
            .add_option(first)
            .add_option(level)
            .add_option(bot_seats),
        command("move")
            .add_option(
                option(CommandOptionType::String, "text", msg!("opt-move-text"))
                    .required(true)
                    .set_autocomplete(true),
            )
            .add_option(game_id()),
        command("board").add_option(game_id()).add_option(
            option(CommandOptionType::Integer, "ply", msg!("opt-board-ply")).min_int_value(0),
        ),
        command("history").add_option(game_id()),
        command("games").add_option(option(user, "user", msg!("opt-games-user"))),
        command("resign").add_option(game_id()),
        command("draw")
            .add_option(subcommand("offer", msg!("sub-draw-offer")))
            .add_option(subcommand("accept", msg!("sub-draw-accept")))
            .add_option(subcommand("decline", msg!("sub-draw-decline"))),
        command("takeback")
            .add_option(subcommand("request", msg!("sub-takeback-request")))
            .add_option(subcommand("accept", msg!("sub-takeback-accept"))),
        command("rules").add_option(game_choice(msg!("opt-rules-game"))),
        command("settings")
            .add_option(boolean("ping_thread", msg!("opt-ping-thread")))
            .add_option(boolean("ping_dm", msg!("opt-ping-dm")))
            .add_option(boolean("remind_half", msg!("opt-remind-half")))
            .add_option(boolean("remind_last_day", msg!("opt-remind-last-day")))
            .add_option(language("language", msg!("opt-language")))
            .add_option(language("server_language", msg!("opt-server-language")))
            .add_option(boolean("replay_gif", msg!("opt-replay-gif")))
            .add_option(boolean("puzzle_of_the_day", msg!("opt-puzzle-of-the-day"))),
        command("leaderboard").add_option(game_choice(msg!("opt-leaderboard-game"))),
        command("export")
            .add_option(game_id())
            .add_option(["text", "gif"].into_iter().fold(
                option(
                    CommandOptionType::String,
                    "format",
                    msg!("opt-export-format"),
                ),
                |o, format| string_choice(o, &msg!("choice-format", format = format), format),
            )),
        command("vacation")
            .add_option(
                option(
                    CommandOptionType::SubCommand,
                    "start",
                    msg!("sub-vacation-start"),
                )
                .add_sub_option(vacation_days()),
            )
            .add_option(option(
                CommandOptionType::SubCommand,
                "end",
                msg!("sub-vacation-end"),
            ))
            .add_option(
                option(
                    CommandOptionType::SubCommand,
                    "allowance",
                    msg!("sub-vacation-allowance"),
                )
                .add_sub_option(vacation_days().min_int_value(0)),
            ),
        command("premove")
            .add_option(
                option(
                    CommandOptionType::SubCommand,
                    "add",
                    msg!("sub-premove-add"),
                )
                .add_sub_option(
                    named_option(
                        CommandOptionType::String,
                        "line",
                        "line",
                        msg!("opt-premove-line"),
                    )
                    .required(true)
                    .max_length(1000),
                )
                .add_sub_option(game_id()),
            )
            .add_option(subcommand("list", msg!("sub-premove-list")))
            .add_option(
                subcommand("cancel", msg!("sub-premove-cancel")).add_sub_option(
                    option(
                        CommandOptionType::Integer,
                        "number",
                        msg!("opt-premove-number"),
                    )
                    .min_int_value(1)
                    .max_int_value(crate::table::MAX_LINES as u64),
                ),
            ),
        command("hint").add_option(game_id()),
        command("analyse").add_option(game_id()),
        tournament(),
        command("learn")
            .add_option(game_choice(msg!("opt-learn-game")))
            .add_option(
                option(CommandOptionType::String, "move", msg!("opt-learn-move"))
                    .set_autocomplete(true)
                    .max_length(200),
            )
            .add_option(option(
                CommandOptionType::Boolean,
                "restart",
                msg!("opt-learn-restart"),
            )),
        puzzle(),
    ]
}

/// `/puzzle [game] [move]`: a puzzle of the game (any), or an answer to the one in
/// progress, autocompleted with its legal actions.
fn puzzle() -> CreateCommand {
    let game = GameKind::ALL.iter().fold(
        option(CommandOptionType::String, "game", msg!("opt-puzzle-game")),
        |option, game| {
            let (_, others) = words(&msg!("game-name", game = game.name()));
            option.add_string_choice_localized(game.name(), game.name(), others)
        },
    );
    command("puzzle").add_option(game).add_option(
        named_option(
            CommandOptionType::String,
            "move",
            "puzzle_move",
            msg!("opt-puzzle-move"),
        )
        .max_length(200)
        .set_autocomplete(true),
    )
}

/// The `tournament` option of `/tournament`'s subcommands: a number, autocompleted with
/// this server's tournaments.
fn tournament_id(desc: Msg) -> CreateCommandOption {
    option(CommandOptionType::Integer, "tournament", desc)
        .min_int_value(1)
        .set_autocomplete(true)
}

/// A subcommand of `/tournament` about one tournament (named, or the one meant here).
fn tournament_subcommand(name: &'static str) -> CreateCommandOption {
    option(
        CommandOptionType::SubCommand,
        name,
        Msg::new(format!("sub-tournament-{name}")),
    )
    .add_sub_option(tournament_id(msg!("opt-tournament")))
}

/// `/tournament create`: the game and its options, and the tournament's own settings.
fn tournament_create() -> CreateCommandOption {
    let format = ["round_robin", "double_round_robin", "swiss"]
        .into_iter()
        .fold(
            option(
                CommandOptionType::String,
                "format",
                msg!("opt-tournament-format"),
            ),
            |o, format| {
                string_choice(
                    o,
                    &msg!("choice-tournament-format", format = format),
                    format,
                )
            },
        );
    let days = days_per_move();
    let start = ["organiser", "full"].into_iter().fold(
        named_option(
            CommandOptionType::String,
            "start",
            "start_rule",
            msg!("opt-tournament-start"),
        ),
        |o, rule| string_choice(o, &msg!("choice-tournament-start", rule = rule), rule),
    );
    let bye = ["1", "0.5", "0"].into_iter().fold(
        option(CommandOptionType::String, "bye", msg!("opt-tournament-bye")),
        |o, score| string_choice(o, &msg!("choice-tournament-bye", score = score), score),
    );
    let create = option(
        CommandOptionType::SubCommand,
        "create",
        msg!("sub-tournament-create"),
    )
    .add_sub_option(game_choice(msg!("opt-tournament-game")))
    .add_sub_option(format)
    .add_sub_option(
        option(
            CommandOptionType::Integer,
            "rounds",
            msg!("opt-tournament-rounds"),
        )
        .min_int_value(1)
        .max_int_value(MAX_SWISS_ROUNDS as u64),
    )
    .add_sub_option(days)
    .add_sub_option(
        option(
            CommandOptionType::Integer,
            "players",
            msg!("opt-tournament-players"),
        )
        .min_int_value(2)
        .max_int_value(MAX_ENTRANTS as u64),
    )
    .add_sub_option(start)
    .add_sub_option(option(
        CommandOptionType::Boolean,
        "rated",
        msg!("opt-tournament-rated"),
    ))
    .add_sub_option(bye);
    game_options()
        .into_iter()
        .fold(create, |create, option| create.add_sub_option(option))
}

/// `/tournament`: every use case of a server's tournaments.
fn tournament() -> CreateCommand {
    let player = |desc: Msg| option(CommandOptionType::User, "player", desc);
    command("tournament")
        .add_option(tournament_create())
        .add_option(
            tournament_subcommand("join")
                .add_sub_option(player(msg!("opt-tournament-join-player"))),
        )
        .add_option(tournament_subcommand("leave"))
        .add_option(tournament_subcommand("start"))
        .add_option(
            tournament_subcommand("pairings").add_sub_option(
                option(
                    CommandOptionType::Integer,
                    "round",
                    msg!("opt-tournament-round"),
                )
                .min_int_value(1)
                .max_int_value(u64::from(u16::MAX)),
            ),
        )
        .add_option(
            tournament_subcommand("standings").add_sub_option(
                option(
                    CommandOptionType::Integer,
                    "page",
                    msg!("opt-tournament-page"),
                )
                .min_int_value(1)
                .max_int_value(u64::from(u16::MAX)),
            ),
        )
        .add_option(
            tournament_subcommand("withdraw")
                .add_sub_option(player(msg!("opt-tournament-withdraw-player"))),
        )
        .add_option(
            option(
                CommandOptionType::SubCommand,
                "list",
                msg!("sub-tournament-list"),
            )
            .add_sub_option(tournament_id(msg!("opt-tournament-before"))),
        )
        .add_option(tournament_subcommand("export"))
}
