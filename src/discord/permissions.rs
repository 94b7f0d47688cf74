//! What the bot needs in a channel to run a game there, read from the permissions Discord
//! sends with each interaction (`app_permissions`), and what happens without each.

use serenity::all::Permissions;

/// One permission a game uses, and what a game does without it.
struct Need {
    permission: Permissions,
    name: &'static str,
    without: &'static str,
}

const NEEDS: [Need; 4] = [
    Need {
        permission: Permissions::VIEW_CHANNEL,
        name: "View Channel",
        without: "reminders and results on time cannot be posted here",
    },
    Need {
        permission: Permissions::SEND_MESSAGES,
        name: "Send Messages",
        without: "reminders and results on time cannot be posted here (players who turn on direct messages with /settings still get them)",
    },
    Need {
        permission: Permissions::CREATE_PUBLIC_THREADS,
        name: "Create Public Threads",
        without: "the game plays in this channel instead of a thread of its own",
    },
    Need {
        permission: Permissions::SEND_MESSAGES_IN_THREADS,
        name: "Send Messages in Threads",
        without: "the game plays in this channel instead of a thread of its own",
    },
];

/// A line for a challenge or a game's first message when the bot lacks some of what a
/// game uses in this channel: which permissions, and what happens without them. `None`
/// when nothing is missing, or when Discord did not say (a direct message).
pub fn note(granted: Option<Permissions>) -> Option<String> {
    let granted = granted?;
    let missing: Vec<&Need> = NEEDS
        .iter()
        .filter(|n| !granted.contains(n.permission))
        .collect();
    if missing.is_empty() {
        return None;
    }
    let names: Vec<&str> = missing.iter().map(|n| n.name).collect();
    let mut effects: Vec<&str> = missing.iter().map(|n| n.without).collect();
    effects.dedup();
    Some(format!(
        "⚠️ I lack {} in this channel: {}. A moderator can grant {} to me here.",
        names.join(", "),
        effects.join("; "),
        if names.len() == 1 { "it" } else { "them" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_said_when_everything_is_granted_or_unknown() {
        assert_eq!(note(Some(Permissions::all())), None);
        assert_eq!(note(None), None);
    }

    #[test]
    fn each_missing_permission_is_named_with_its_consequence() {
        let without_threads = Permissions::all()
            - Permissions::CREATE_PUBLIC_THREADS
            - Permissions::SEND_MESSAGES_IN_THREADS;
        let text = note(Some(without_threads)).unwrap();
        assert!(
            text.contains("Create Public Threads, Send Messages in Threads"),
            "{text}"
        );
        assert_eq!(text.matches("plays in this channel").count(), 1, "{text}");
        let mute = note(Some(Permissions::all() - Permissions::SEND_MESSAGES)).unwrap();
        assert!(mute.contains("Send Messages in this channel"), "{mute}");
        assert!(mute.contains("direct messages"), "{mute}");
    }
}
