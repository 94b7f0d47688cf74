//! Ids of the things the service keeps: Discord's (servers, channels, users) and ours.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id!(
    /// A Discord server. Everything of one server is invisible from another.
    GuildId(u64)
);
id!(
    /// A Discord channel or thread.
    ChannelId(u64)
);
id!(
    /// A Discord user.
    UserId(u64)
);
id!(
    /// One of our games, numbered across all servers.
    GameId(i64)
);
id!(
    /// A challenge waiting to be accepted.
    ChallengeId(i64)
);
id!(
    /// One of our tournaments, numbered across all servers.
    TournamentId(i64)
);

impl UserId {
    /// How Discord writes a mention; front ends turn it into a name or a ping.
    pub fn mention(self) -> String {
        format!("<@{}>", self.0)
    }
}
