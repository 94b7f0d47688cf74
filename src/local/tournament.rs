//! `/tournament …` typed in the terminal, read into the request Discord would send:
//! `create GAME [options] [format=…] [rounds=N] [days=N] [players=N] [start=…]
//! [rated=…] [bye=…]`, `join [@boardpost]`, `leave`, `start`, `pairings [N]`,
//! `standings [PAGE]`, `withdraw [@user]`, `list`, `export`, each with `#N` for the tournament.

use super::{english_word, game_typed, local_user_id, Local};
use crate::i18n::Msg;
use crate::ids::{TournamentId, UserId};
use crate::msg;
use crate::table::{
    parse_format, ByeScore, Request, StartRule, TournamentRequest, TournamentSettings,
};

/// The subcommands, and the messages naming them in other languages.
const ACTIONS: [(&str, &str); 9] = [
    ("create", "local-tournament-create"),
    ("join", "local-tournament-join"),
    ("leave", "local-tournament-leave"),
    ("start", "local-tournament-start"),
    ("pairings", "local-tournament-pairings"),
    ("standings", "local-tournament-standings"),
    ("withdraw", "local-tournament-withdraw"),
    ("list", "local-tournament-list"),
    ("export", "local-tournament-export"),
];

/// The keys of `create` that are not the game's options.
const KEYS: [(&str, &str); 8] = [
    ("format", "local-tournament-format"),
    ("rounds", "local-tournament-rounds"),
    ("days", "opt-days-name"),
    ("players", "local-tournament-players"),
    ("start", "local-tournament-start-key"),
    ("rated", "local-tournament-rated"),
    ("bye", "local-tournament-bye"),
    ("round", "local-tournament-round"),
];

/// Values of `format=`, `start=` and `rated=` in other languages.
const VALUES: [(&str, &str); 7] = [
    ("round_robin", "local-tournament-round-robin"),
    ("double", "local-tournament-double"),
    ("swiss", "local-tournament-swiss"),
    ("full", "local-tournament-when-full"),
    ("organiser", "local-tournament-organiser"),
    ("yes", "local-tournament-yes"),
    ("no", "local-tournament-no"),
];

fn number<T: std::str::FromStr>(text: &str) -> Result<T, Msg> {
    text.parse()
        .map_err(|_| msg!("local-tournament-number", value = crate::i18n::token(text)))
}

/// The number the first word gives, as `N`, `key=N` or `key:N`; none without a word.
fn optional_number<T: std::str::FromStr>(words: &[&str]) -> Result<Option<T>, Msg> {
    words
        .first()
        .map(|word| number(word.split_once(['=', ':']).map_or(*word, |(_, v)| v)))
        .transpose()
}

impl Local {
    /// A `/tournament` line (after the `#N`, given as `id`, is taken out), with the users
    /// it names by `@name`, to be remembered as Discord would know them.
    pub(super) fn tournament_request(
        &self,
        words: &[&str],
        id: Option<i64>,
    ) -> Result<(Request, Vec<(UserId, String)>), Msg> {
        let tournament = id.map(TournamentId);
        let Some((first, rest)) = words.split_first() else {
            return Err(msg!("local-tournament-usage"));
        };
        let mut named = Vec::new();
        let mut mention = |word: &str| {
            word.strip_prefix('@').map(|name| {
                let user = local_user_id(name);
                named.push((user, name.to_string()));
                user
            })
        };
        let req = match english_word(first, &ACTIONS) {
            "create" => TournamentRequest::Create(self.tournament_settings(rest)?),
            "join" => TournamentRequest::Join {
                tournament,
                player: rest.first().and_then(|w| mention(w)),
            },
            "leave" => TournamentRequest::Leave(tournament),
            "start" => TournamentRequest::Start(tournament),
            "pairings" => TournamentRequest::Pairings {
                tournament,
                round: optional_number(rest)?,
            },
            "standings" => TournamentRequest::Standings {
                tournament,
                page: optional_number(rest)?,
            },
            "withdraw" => TournamentRequest::Withdraw {
                tournament,
                player: rest.first().and_then(|w| mention(w)),
            },
            "list" => TournamentRequest::List { before: tournament },
            "export" => TournamentRequest::Export(tournament),
            _ => return Err(msg!("local-tournament-usage")),
        };
        Ok((Request::Tournament(req), named))
    }

    /// What `create` asks for: the game (its code or name), its options, and the
    /// tournament's own keys, in any language the terminal speaks.
    fn tournament_settings(&self, words: &[&str]) -> Result<TournamentSettings, Msg> {
        let Some((game, kind, taken)) = game_typed(words) else {
            return Err(msg!("local-tournament-usage"));
        };
        let mut s = TournamentSettings {
            game,
            ..TournamentSettings::default()
        };
        for word in &words[taken..] {
            let Some((key, value)) = word.split_once('=') else {
                return Err(msg!("local-tournament-usage"));
            };
            let value_word = english_word(value, &VALUES);
            match english_word(key, &KEYS) {
                "format" => {
                    s.format = Some(
                        parse_format(value_word)
                            .ok_or_else(|| msg!("local-tournament-format-values"))?,
                    )
                }
                "rounds" => s.rounds = Some(number(value)?),
                "days" => s.days_per_move = Some(number(value)?),
                "players" => s.max_players = Some(number(value)?),
                "start" => {
                    s.start = Some(match value_word {
                        "full" => StartRule::WhenFull,
                        "organiser" | "organizer" => StartRule::ByOrganiser,
                        _ => return Err(msg!("local-tournament-start-values")),
                    })
                }
                "rated" => {
                    s.rated = Some(match value_word {
                        "yes" | "on" | "true" => true,
                        "no" | "off" | "false" => false,
                        _ => return Err(msg!("local-tournament-rated-values")),
                    })
                }
                "bye" => {
                    s.bye = Some(
                        ByeScore::parse(value)
                            .ok_or_else(|| msg!("local-tournament-bye-values"))?,
                    )
                }
                _ => s.options.push(self.english_pair(kind, key, value)?),
            }
        }
        Ok(s)
    }
}
