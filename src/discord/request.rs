//! Reading an interaction into a request for the table: who asks, where, and what.
//! No decisions here beyond reading Discord's shapes.

use crate::games::GameKind;
use crate::i18n::Msg;
use crate::ids::{ChannelId, GameId, GuildId, TournamentId, UserId};
use crate::msg;
use crate::table::{
    parse_format, ButtonId, ByeScore, Caller, ChallengeRequest, DrawAction, ExportFormat, First,
    LearnAction, LearnRequest, PremoveAction, PuzzleAction, PuzzleRequest, Request, SettingsChange,
    StartRule, TakebackAction, TournamentRequest, TournamentSettings, UnknownButton,
    VacationAction,
};
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, ComponentInteraction, Member,
    User,
};

/// Why an interaction could not be read; said to the user privately.
pub type NotUnderstood = Msg;

fn display_name(user: &User, member: Option<&Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Who asks, where, in which languages, and whether they may change the server's
/// settings (Discord's Manage Server, as the interaction reports it).
fn caller(
    guild: Option<serenity::all::GuildId>,
    channel: serenity::all::ChannelId,
    user: &User,
    member: Option<&Member>,
    locales: (&str, Option<&String>),
) -> Result<Caller, NotUnderstood> {
    let guild = guild.ok_or_else(|| msg!("discord-servers-only"))?;
    let manages = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    Ok(Caller::new(
        GuildId(guild.get()),
        ChannelId(channel.get()),
        UserId(user.id.get()),
        display_name(user, member),
    )
    .with_locales(Some(locales.0.to_string()), locales.1.cloned())
    .managing_server(manages))
}

/// Options of a command (or of its subcommand), by name.
struct Options<'a>(&'a [CommandDataOption]);

impl<'a> Options<'a> {
    fn get(&self, name: &str) -> Option<&'a CommandDataOptionValue> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    fn string(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            CommandDataOptionValue::String(s) => Some(s.clone()),
            CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
            _ => None,
        }
    }

    fn integer(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            CommandDataOptionValue::Integer(i) => Some(*i),
            CommandDataOptionValue::Autocomplete { value, .. } => {
                value.trim().trim_start_matches('#').parse().ok()
            }
            _ => None,
        }
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            CommandDataOptionValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<UserId> {
        match self.get(name)? {
            CommandDataOptionValue::User(u) => Some(UserId(u.get())),
            _ => None,
        }
    }

    fn game(&self) -> Option<GameId> {
        self.integer("game").map(GameId)
    }

    /// The subcommand chosen and its options.
    fn subcommand(&self) -> Option<(&'a str, Options<'a>)> {
        self.0.iter().find_map(|o| match &o.value {
            CommandDataOptionValue::SubCommand(inner) => Some((o.name.as_str(), Options(inner))),
            _ => None,
        })
    }
}

/// A slash command (or its autocomplete) as a request.
pub fn from_command(cmd: &CommandInteraction) -> Result<(Caller, Request), NotUnderstood> {
    let who = caller(
        cmd.guild_id,
        cmd.channel_id,
        &cmd.user,
        cmd.member.as_deref(),
        (&cmd.locale, cmd.guild_locale.as_ref()),
    )?;
    let o = Options(&cmd.data.options);
    let request = match cmd.data.name.as_str() {
        "play" => {
            let options = game_options(&o);
            let opponents = ["opponent", "opponent2", "opponent3"]
                .iter()
                .filter_map(|k| o.user(k))
                .collect();
            Request::Play(ChallengeRequest {
                game: o.string("game").unwrap_or_default(),
                opponents,
                options,
                days_per_move: o.integer("days_per_move"),
                first: o.string("first").as_deref().and_then(First::parse),
                level: o
                    .integer("level")
                    .map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
                bot_seats: o
                    .integer("bot_seats")
                    .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            })
        }
        "move" => Request::Move {
            game: o.game(),
            text: o.string("text").unwrap_or_default(),
        },
        "board" => Request::Board {
            game: o.game(),
            ply: o.integer("ply"),
        },
        "history" => Request::History(o.game()),
        "games" => Request::Games(o.user("user")),
        "resign" => Request::Resign(o.game()),
        "export" => Request::Export {
            game: o.game(),
            format: o
                .string("format")
                .as_deref()
                .and_then(ExportFormat::parse)
                .unwrap_or_default(),
        },
        "vacation" => {
            let (sub, inner) = o
                .subcommand()
                .ok_or_else(|| msg!("discord-choose-vacation"))?;
            let days = inner.integer("days").unwrap_or(0);
            Request::Vacation(match sub {
                "start" => VacationAction::Start { days },
                "allowance" => VacationAction::Allowance { days },
                _ => VacationAction::End,
            })
        }
        "premove" => {
            let (sub, inner) = o
                .subcommand()
                .ok_or_else(|| msg!("discord-choose-premove"))?;
            let what = match sub {
                "add" => PremoveAction::Add(inner.string("line").unwrap_or_default()),
                "list" => PremoveAction::List,
                _ => PremoveAction::Cancel(inner.integer("number")),
            };
            Request::Premove(inner.game(), what)
        }
        "hint" => Request::Hint(o.game()),
        "analyse" => Request::Analyse(o.game()),
        "rules" => Request::Rules(o.string("game").unwrap_or_default()),
        "leaderboard" => Request::Leaderboard(o.string("game").unwrap_or_default()),
        "settings" => Request::Settings(SettingsChange {
            ping_thread: o.boolean("ping_thread"),
            ping_dm: o.boolean("ping_dm"),
            remind_half: o.boolean("remind_half"),
            remind_last_day: o.boolean("remind_last_day"),
            language: o.string("language").and_then(|l| l.parse().ok()),
            server_language: o.string("server_language").and_then(|l| l.parse().ok()),
            replay_gif: o.boolean("replay_gif"),
            puzzle_of_the_day: o.boolean("puzzle_of_the_day"),
        }),
        "draw" => {
            let (sub, inner) = o.subcommand().ok_or_else(|| msg!("discord-choose-draw"))?;
            let what = match sub {
                "offer" => DrawAction::Offer,
                "accept" => DrawAction::Accept,
                _ => DrawAction::Decline,
            };
            Request::Draw(inner.game(), what)
        }
        "tournament" => Request::Tournament(tournament(&o)?),
        "learn" => {
            let action = match (o.boolean("restart"), o.string("move")) {
                (Some(true), _) => LearnAction::Restart,
                (_, Some(text)) => LearnAction::Play(text),
                _ => LearnAction::Current,
            };
            Request::Learn(LearnRequest::new(o.string("game"), action))
        }
        "puzzle" => Request::Puzzle(PuzzleRequest {
            game: o.string("game"),
            action: match o.string("move") {
                Some(text) if !text.trim().is_empty() => PuzzleAction::Answer(text),
                _ => PuzzleAction::Serve,
            },
        }),
        "takeback" => {
            let (sub, inner) = o
                .subcommand()
                .ok_or_else(|| msg!("discord-choose-takeback"))?;
            let what = if sub == "request" {
                TakebackAction::Request
            } else {
                TakebackAction::Accept
            };
            Request::Takeback(inner.game(), what)
        }
        other => {
            return Err(msg!(
                "discord-no-such-command",
                command = crate::i18n::token(other)
            ))
        }
    };
    Ok((who, request))
}

/// The options every game's table has, as `/play` and `/tournament create` send them
/// (text or number): `key=value` texts the table checks against the chosen game's.
fn game_options(o: &Options) -> Vec<String> {
    let mut options = Vec::new();
    let mut seen = Vec::new();
    for spec in GameKind::ALL.iter().flat_map(|k| k.option_specs()) {
        if seen.contains(&spec.name) {
            continue;
        }
        seen.push(spec.name);
        let value = match spec.number {
            true => o.integer(spec.name).map(|n| n.to_string()),
            false => o.string(spec.name),
        };
        if let Some(value) = value {
            options.push(format!("{}={value}", spec.name));
        }
    }
    options
}

/// A number Discord bounded for the option (`min_value`, `max_value`); one out of range
/// anyway is kept as the largest, for the table to refuse with its own words.
fn small(n: i64) -> u16 {
    u16::try_from(n.max(0)).unwrap_or(u16::MAX)
}

/// `/tournament SUBCOMMAND …` as the table's request.
fn tournament(o: &Options) -> Result<TournamentRequest, NotUnderstood> {
    let (sub, inner) = o
        .subcommand()
        .ok_or_else(|| msg!("discord-choose-tournament"))?;
    let id = inner.integer("tournament").map(TournamentId);
    Ok(match sub {
        "create" => TournamentRequest::Create(TournamentSettings {
            game: inner.string("game").unwrap_or_default(),
            options: game_options(&inner),
            format: inner.string("format").as_deref().and_then(parse_format),
            rounds: inner.integer("rounds").map(small),
            days_per_move: inner.integer("days_per_move"),
            max_players: inner.integer("players").map(small),
            start: match inner.string("start").as_deref() {
                Some("full") => Some(StartRule::WhenFull),
                Some("organiser") => Some(StartRule::ByOrganiser),
                _ => None,
            },
            rated: inner.boolean("rated"),
            bye: inner.string("bye").as_deref().and_then(ByeScore::parse),
        }),
        "join" => TournamentRequest::Join {
            tournament: id,
            player: inner.user("player"),
        },
        "leave" => TournamentRequest::Leave(id),
        "start" => TournamentRequest::Start(id),
        "pairings" => TournamentRequest::Pairings {
            tournament: id,
            round: inner.integer("round").map(small),
        },
        "standings" => TournamentRequest::Standings {
            tournament: id,
            page: inner.integer("page").map(small),
        },
        "withdraw" => TournamentRequest::Withdraw {
            tournament: id,
            player: inner.user("player"),
        },
        "list" => TournamentRequest::List { before: id },
        "export" => TournamentRequest::Export(id),
        _ => return Err(msg!("discord-choose-tournament")),
    })
}

/// A button press as a request. Button ids say what they do: `challenge:accept:7`,
/// `draw:accept:12`, `takeback:accept:12`.
pub fn from_component(c: &ComponentInteraction) -> Result<(Caller, Request), NotUnderstood> {
    let who = caller(
        c.guild_id,
        c.channel_id,
        &c.user,
        c.member.as_ref(),
        (&c.locale, c.guild_locale.as_ref()),
    )?;
    let button: ButtonId = c
        .data
        .custom_id
        .parse()
        .map_err(|_: UnknownButton| msg!("discord-old-button"))?;
    let request = match button {
        ButtonId::ChallengeAccept(id) => Request::Accept(Some(id)),
        ButtonId::ChallengeDecline(id) => Request::Decline(Some(id)),
        ButtonId::ChallengeCancel(id) => Request::Cancel(Some(id)),
        ButtonId::DrawAccept(id) => Request::Draw(Some(id), DrawAction::Accept),
        ButtonId::DrawDecline(id) => Request::Draw(Some(id), DrawAction::Decline),
        ButtonId::TakebackAccept(id) => Request::Takeback(Some(id), TakebackAction::Accept),
        ButtonId::LearnShow(kind, version) => learn_button(kind, LearnAction::ShowAnswer, version),
        ButtonId::LearnNext(kind, version) => learn_button(kind, LearnAction::Next, version),
        ButtonId::LearnRestart(kind, version) => learn_button(kind, LearnAction::Restart, version),
        ButtonId::PuzzleShow(id) => Request::Puzzle(PuzzleRequest {
            game: None,
            action: PuzzleAction::Show(Some(id)),
        }),
        ButtonId::PuzzleNext(_) => Request::Puzzle(PuzzleRequest {
            game: None,
            action: PuzzleAction::Next,
        }),
        ButtonId::PuzzleMistakes(id) => Request::Puzzle(PuzzleRequest {
            game: None,
            action: PuzzleAction::Mistakes(id),
        }),
        ButtonId::PuzzleDaily(day) => Request::Puzzle(PuzzleRequest {
            game: None,
            action: PuzzleAction::Daily(Some(day)),
        }),
    };
    Ok((who, request))
}

/// A lesson's button: its action in its game, as of the version its message showed.
fn learn_button(kind: GameKind, action: LearnAction, version: i64) -> Request {
    Request::Learn(LearnRequest {
        game: Some(kind.name().to_string()),
        action,
        version: Some(version),
    })
}

/// For autocomplete: the option being typed and its text so far, with the game named.
pub fn focused(cmd: &CommandInteraction) -> Option<(String, String, Option<GameId>)> {
    let focused = cmd.data.autocomplete()?;
    let game = Options(&cmd.data.options)
        .game()
        .filter(|_| focused.name != "game");
    Some((focused.name.to_string(), focused.value.to_string(), game))
}
