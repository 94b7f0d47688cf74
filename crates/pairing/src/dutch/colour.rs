//! Colour allocation (C.04.3 Article 5.2) and board order (C.04.2 3.6).

use super::entrant::Entrant;
use crate::tournament::Colour;

fn compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none()
}

/// 5.2.1–5.2.3: the colour for `player` when a rule other than rank decides, else None.
fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Colour> {
    if compatible(player.preference, opponent.preference) {
        return player
            .preference
            .or(opponent.preference.map(Colour::opposite));
    }
    if player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute()) {
        return player.preference;
    }
    if opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()) {
        return opponent.preference.map(Colour::opposite);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return opponent.preference.map(Colour::opposite);
    }
    // 5.2.3: alternate from the latest round in which their colours differed.
    for (mine, theirs) in player.history.iter().zip(&opponent.history) {
        if mine != theirs {
            return Some(*theirs);
        }
    }
    None
}

/// The colour `player` gets against `opponent`. `player_higher` says whether `player` ranks
/// higher (score, then pairing number).
pub fn colour_for(
    player: &Entrant,
    opponent: &Entrant,
    player_higher: bool,
    initial: Colour,
) -> Colour {
    if let Some(colour) = neutral_colour(player, opponent) {
        return colour;
    }
    let (higher, higher_is_player) = if player_higher {
        (player, true)
    } else {
        (opponent, false)
    };
    // 5.2.4: the higher-ranked player's preference; 5.2.5: the initial colour for an odd
    // pairing number.
    let higher_colour = match higher.preference {
        Some(preference) => preference,
        None => {
            if higher.rank % 2 == 0 {
                initial
            } else {
                initial.opposite()
            }
        }
    };
    if higher_is_player {
        higher_colour
    } else {
        higher_colour.opposite()
    }
}
