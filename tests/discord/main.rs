//! The Discord front end: the real serenity client against a strict fake Discord.
//! One test binary, a module per concern, so that it is linked once.

mod discord;
mod discord_e2e;
mod fake_discord;
mod learn_e2e;
mod strict_discord;
