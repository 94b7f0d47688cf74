//! Why the bot chose an action, in words (for `/hint` and the bot's own moves).

use crate::ai::Reason;
use crate::i18n::{Localize, Msg};
use crate::msg;

impl Localize for Reason {
    fn msg(&self) -> Msg {
        match self {
            Reason::OnlyAction => msg!("why-only-action"),
            Reason::Wins => msg!("why-wins"),
            Reason::WinsIn { plies } => msg!("why-wins-in", plies = *plies),
            Reason::HoldsOut { plies } => msg!("why-holds-out", plies = *plies),
            Reason::Draws => msg!("why-draws"),
            Reason::Captures { count } => msg!("why-captures", count = *count),
            Reason::Checks => msg!("why-checks"),
            Reason::Threatens { at } => msg!("why-threatens", at = at),
            Reason::Develops => msg!("why-develops"),
            Reason::Hunch => msg!("why-hunch"),
            Reason::BestEval { outlook } => msg!("why-best-eval", outlook = outlook.key()),
        }
    }
}
