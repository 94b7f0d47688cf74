//! What the bot needs in a channel to run a game there, read from the permissions Discord
//! sends with each interaction (`app_permissions`), and what happens without each.

use crate::i18n::{Lang, Msg};
use crate::msg;
use serenity::all::Permissions;

/// One permission a game uses: the message naming it as Discord does, and the one saying
/// what a game does without it.
struct Need {
    permission: Permissions,
    name: &'static str,
    without: &'static str,
}

const NEEDS: [Need; 4] = [
    Need {
        permission: Permissions::VIEW_CHANNEL,
        name: "perm-view-channel",
        without: "perm-view-channel-without",
    },
    Need {
        permission: Permissions::SEND_MESSAGES,
        name: "perm-send-messages",
        without: "perm-send-messages-without",
    },
    Need {
        permission: Permissions::CREATE_PUBLIC_THREADS,
        name: "perm-create-public-threads",
        without: "perm-create-public-threads-without",
    },
    Need {
        permission: Permissions::SEND_MESSAGES_IN_THREADS,
        name: "perm-send-messages-in-threads",
        without: "perm-send-messages-in-threads-without",
    },
];

/// A line for a challenge or a game's first message when the bot lacks some of what a
/// game uses in this channel: which permissions, and what happens without them, in
/// `lang`. `None` when nothing is missing, or when Discord did not say (a direct
/// message).
pub fn note(granted: Option<Permissions>, lang: Lang) -> Option<String> {
    let granted = granted?;
    let missing: Vec<&Need> = NEEDS
        .iter()
        .filter(|n| !granted.contains(n.permission))
        .collect();
    if missing.is_empty() {
        return None;
    }
    let names: Vec<String> = missing.iter().map(|n| Msg::new(n.name).tr(lang)).collect();
    let mut effects: Vec<String> = missing
        .iter()
        .map(|n| Msg::new(n.without).tr(lang))
        .collect();
    effects.dedup();
    Some(
        msg!(
            "perm-missing",
            names = names.join(", "),
            effects = effects.join("; "),
            count = names.len()
        )
        .tr(lang),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_said_when_everything_is_granted_or_unknown() {
        assert_eq!(note(Some(Permissions::all()), Lang::En), None);
        assert_eq!(note(None, Lang::En), None);
    }

    #[test]
    fn each_missing_permission_is_named_with_its_consequence() {
        let without_threads = Permissions::all()
            - Permissions::CREATE_PUBLIC_THREADS
            - Permissions::SEND_MESSAGES_IN_THREADS;
        let text = note(Some(without_threads), Lang::En).unwrap();
        assert!(
            text.contains("Create Public Threads, Send Messages in Threads"),
            "{text}"
        );
        assert_eq!(text.matches("plays in this channel").count(), 1, "{text}");
        let mute = note(
            Some(Permissions::all() - Permissions::SEND_MESSAGES),
            Lang::En,
        )
        .unwrap();
        assert!(mute.contains("Send Messages in this channel"), "{mute}");
        assert!(mute.contains("direct messages"), "{mute}");
    }
}
