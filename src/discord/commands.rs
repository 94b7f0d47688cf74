//! The slash commands boardpost registers (README.md lists them).

use crate::games::GameKind;
use crate::table::Table;
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
                Some((_, value)) => format!("{} only", capitalized(value)),
                None => kind.title().to_string(),
            };
            let description = format!("{whose}: {}", spec.about);
            let option = match spec.number {
                true => spec.choices().fold(
                    CreateCommandOption::new(CommandOptionType::Integer, spec.name, description),
                    |o, (label, value)| o.add_int_choice(label, value.parse().unwrap_or_default()),
                ),
                false => spec.choices().fold(
                    CreateCommandOption::new(CommandOptionType::String, spec.name, description),
                    |o, (label, value)| o.add_string_choice(label, value),
                ),
            };
            options.push(option);
        }
    }
    options
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

fn game_choice(name: &str, description: &str, required: bool) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, name, description).required(required),
        |option, game| option.add_string_choice(game.name(), game.name()),
    )
}

/// The `game` option of commands about one game: a number, autocompleted with the
/// caller's games.
fn game_id() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::Integer,
        "game",
        "Which game (optional inside a game's thread)",
    )
    .min_int_value(1)
    .set_autocomplete(true)
}

fn subcommand(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::SubCommand, name, description)
        .add_sub_option(game_id())
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
    let days = [1, 2, 3, 5, 7, 10, 14].into_iter().fold(
        CreateCommandOption::new(
            CommandOptionType::Integer,
            "days_per_move",
            "Days each move may take (default 3)",
        ),
        |o, d| o.add_int_choice(crate::table::days_text(d.into()), d),
    );
    vec![
        game_options()
            .into_iter()
            .fold(
                CreateCommand::new("play")
                    .description("Challenge someone (or anyone) to a game")
                    .add_option(game_choice("game", "The game", true))
                    .add_option(CreateCommandOption::new(
                        CommandOptionType::User,
                        "opponent",
                        "Who you challenge (leave out: anyone may accept)",
                    )),
                |command, option| command.add_option(option),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "opponent2",
                "Four-player xiangqi: a second opponent (or leave the seat open)",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "opponent3",
                "Four-player xiangqi: a third opponent (or leave the seat open)",
            ))
            .add_option(days)
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "first",
                    "Who moves first (default: random)",
                )
                .add_string_choice("me", "challenger")
                .add_string_choice("my opponent", "opponent")
                .add_string_choice("random", "random"),
            ),
        CreateCommand::new("move")
            .description("Make your move, like c1 d2 or b3-c3")
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "text",
                    "Your move (start typing: the legal ones are offered)",
                )
                .required(true)
                .set_autocomplete(true),
            )
            .add_option(game_id()),
        CreateCommand::new("board")
            .description("Show a game's board")
            .add_option(game_id()),
        CreateCommand::new("history")
            .description("A game's moves so far")
            .add_option(game_id()),
        CreateCommand::new("games")
            .description("Games going on, with whose turn it is")
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "user",
                "Whose games (default: yours)",
            )),
        CreateCommand::new("resign")
            .description("Resign a game")
            .add_option(game_id()),
        CreateCommand::new("draw")
            .description("Offer, accept or decline a draw")
            .add_option(subcommand("offer", "Offer a draw"))
            .add_option(subcommand("accept", "Accept the draw offered"))
            .add_option(subcommand(
                "decline",
                "Decline (or withdraw) the draw offered",
            )),
        CreateCommand::new("takeback")
            .description("Ask to take back your last turn, or allow it")
            .add_option(subcommand("request", "Ask to take back your last turn"))
            .add_option(subcommand("accept", "Allow the takeback asked for")),
        CreateCommand::new("rules")
            .description("Rules and notation of a game")
            .add_option(game_choice("game", "The game", true)),
        CreateCommand::new("settings")
            .description("How you are pinged and reminded")
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "ping_thread",
                "Ping me in the game's thread",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "ping_dm",
                "Send me a direct message",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "remind_half",
                "Remind me when half my time has gone",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "remind_last_day",
                "Remind me a day before my time runs out",
            )),
        CreateCommand::new("leaderboard")
            .description("Ratings of a game on this server")
            .add_option(game_choice("game", "The game", true)),
        CreateCommand::new("export")
            .description("A game's record as a text file (boardpost replay reads it)")
            .add_option(game_id()),
    ]
}
