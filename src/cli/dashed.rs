//! Actions that begin with `-` on the command line of `replay` and `render`: WXF's tandem
//! pieces (`-P+1`, `--+1`, `-h+3`) would be taken for flags. After the game, an argument
//! that is none of the command's flags is handed to clap as `--action=TEXT`, and
//! [`Actions::in_order`] puts it back among the other actions, where it was typed.

use clap::{ArgMatches, Command};
use std::ffi::OsString;

/// The hidden option that carries an action beginning with `-`.
const ACTION: &str = "action";

/// The actions of a command line: the arguments after the game, in the order typed.
#[derive(clap::Args, Debug, Default)]
pub struct Actions {
    /// Action texts in order; an argument may hold several; `-` reads standard input.
    #[arg(value_name = "ACTIONS")]
    actions: Vec<String>,
    /// Actions that begin with `-`, written so by [`mark`].
    #[arg(long = ACTION, hide = true, allow_hyphen_values = true)]
    dashed: Vec<String>,
}

impl Actions {
    /// Every action, in the order of the command line.
    pub fn in_order(self, matches: &ArgMatches) -> Vec<String> {
        if self.dashed.is_empty() {
            return self.actions;
        }
        let placed = |id: &str, texts: Vec<String>| {
            let at: Vec<usize> = matches.indices_of(id).into_iter().flatten().collect();
            at.into_iter().zip(texts).collect::<Vec<_>>()
        };
        let mut all = placed("actions", self.actions);
        all.extend(placed("dashed", self.dashed));
        all.sort_by_key(|(at, _)| *at);
        all.into_iter().map(|(_, text)| text).collect()
    }
}

/// What an argument is to the subcommand that reads it.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    /// `--`: everything after it is an argument, not a flag.
    Escape,
    /// A flag clap reads (or refuses); `value_follows`: the next argument is its value.
    Flag { value_follows: bool },
    /// An argument: the game, an action, or `-`.
    Plain,
    /// An action beginning with `-`.
    Dashed,
}

/// `args` (the program's name first) with each action that begins with `-`, after the
/// game, written as `--action=TEXT`, for the subcommands that take actions.
pub fn mark(cli: &Command, args: &[OsString]) -> Vec<OsString> {
    let mut out = args.to_vec();
    // The top level has no flag that takes a value: the subcommand is its first word.
    let Some(at) = args
        .iter()
        .skip(1)
        .position(|a| !a.to_string_lossy().starts_with('-'))
        .map(|i| i + 1)
    else {
        return out;
    };
    let Some(sub) = args[at].to_str().and_then(|name| cli.find_subcommand(name)) else {
        return out;
    };
    if !sub.get_arguments().any(|a| a.get_long() == Some(ACTION)) {
        return out;
    }
    let mut plain = 0;
    let mut i = at + 1;
    while i < out.len() {
        let Some(text) = out[i].to_str().map(str::to_string) else {
            i += 1;
            continue;
        };
        match token(sub, &text) {
            Token::Escape => break,
            Token::Flag { value_follows } => i += usize::from(value_follows),
            Token::Plain => plain += 1,
            // Before the game, it is left to clap to refuse.
            Token::Dashed if plain > 0 => out[i] = format!("--{ACTION}={text}").into(),
            Token::Dashed => {}
        }
        i += 1;
    }
    out
}

fn token(sub: &Command, text: &str) -> Token {
    let takes_value = |arg: &clap::Arg| arg.get_action().takes_values();
    if text == "--" {
        return Token::Escape;
    }
    if let Some(long) = text.strip_prefix("--") {
        let (name, value) = match long.split_once('=') {
            Some((name, _)) => (name, true),
            None => (long, false),
        };
        return match sub.get_arguments().find(|a| a.get_long() == Some(name)) {
            Some(arg) => Token::Flag {
                value_follows: takes_value(arg) && !value,
            },
            // A flag's name begins with a letter: `--+1` is the rearmost pawn's move.
            None if name.starts_with(|c: char| c.is_ascii_alphanumeric()) => Token::Flag {
                value_follows: false,
            },
            None => Token::Dashed,
        };
    }
    let Some(shorts) = text.strip_prefix('-').filter(|s| !s.is_empty()) else {
        return Token::Plain;
    };
    // Read as clap reads `-abc` or `-ovalue`: flags, perhaps the last with its value.
    for (i, c) in shorts.char_indices() {
        match sub.get_arguments().find(|a| a.get_short() == Some(c)) {
            Some(arg) if takes_value(arg) => {
                return Token::Flag {
                    value_follows: i + c.len_utf8() == shorts.len(),
                }
            }
            Some(_) => {}
            None => return Token::Dashed,
        }
    }
    Token::Flag {
        value_follows: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches, Parser};

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(subcommand)]
        command: Sub,
    }

    #[derive(clap::Subcommand, Debug)]
    enum Sub {
        Replay {
            game: String,
            #[arg(short = 'o')]
            options: Vec<String>,
            #[arg(long)]
            json: bool,
            #[arg(long)]
            png: Option<String>,
            #[command(flatten)]
            actions: Actions,
        },
        Other {
            words: Vec<String>,
        },
    }

    /// The game, the options and the actions `args` give, or clap's refusal.
    fn parse(args: &[&str]) -> Result<(String, Vec<String>, bool, Vec<String>), String> {
        let mut command = Cli::command();
        command.build();
        let args: Vec<OsString> = std::iter::once("boardpost")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        let marked = mark(&command, &args);
        let matches = command
            .try_get_matches_from(&marked)
            .map_err(|e| e.kind().to_string())?;
        let cli = Cli::from_arg_matches(&matches).map_err(|e| e.to_string())?;
        let Sub::Replay {
            game,
            options,
            json,
            actions,
            ..
        } = cli.command
        else {
            return Err("not replay".into());
        };
        let sub = matches.subcommand().map(|(_, m)| m).unwrap();
        Ok((game, options, json, actions.in_order(sub)))
    }

    #[test]
    fn actions_that_begin_with_a_dash_keep_their_place() {
        let (game, _, json, actions) = parse(&[
            "replay", "xiangqi", "C2.5", "-P+1", "h9g7", "--+1", "-h+3", "+P.1",
        ])
        .unwrap();
        assert_eq!(game, "xiangqi");
        assert!(!json);
        assert_eq!(actions, ["C2.5", "-P+1", "h9g7", "--+1", "-h+3", "+P.1"]);
    }

    #[test]
    fn flags_are_flags_wherever_they_stand() {
        let (_, options, json, actions) = parse(&[
            "replay", "xiangqi", "-P+1", "--json", "-o", "a=b", "a1", "-ox=y", "-", "--png", "f",
        ])
        .unwrap();
        assert!(json);
        assert_eq!(options, ["a=b", "x=y"]);
        assert_eq!(actions, ["-P+1", "a1", "-"]);
        // What follows a flag that takes a value is left to clap, as it was.
        let mut command = Cli::command();
        command.build();
        let args: Vec<OsString> = [
            "boardpost",
            "replay",
            "xiangqi",
            "-o",
            "-P+1",
            "--png",
            "-x",
        ]
        .into_iter()
        .map(OsString::from)
        .collect();
        assert_eq!(mark(&command, &args), args);
        // After `--`, as clap has it, everything is an action.
        let (_, _, json, actions) = parse(&["replay", "xiangqi", "--", "--json", "-P+1"]).unwrap();
        assert!(!json);
        assert_eq!(actions, ["--json", "-P+1"]);
    }

    #[test]
    fn unknown_flags_and_dashes_before_the_game_are_refused() {
        assert!(parse(&["replay", "sidja", "--frobnicate"]).is_err());
        assert!(parse(&["replay", "-P+1", "xiangqi"]).is_err());
        assert!(parse(&["replay", "--help"]).is_err());
        let mut command = Cli::command();
        command.build();
        let args: Vec<OsString> = ["boardpost", "other", "a", "-P+1"]
            .into_iter()
            .map(OsString::from)
            .collect();
        assert_eq!(mark(&command, &args), args, "a command without actions");
    }
}
