//! The Discord front end: the real serenity client against a strict fake Discord.
//! One test binary, a module per concern, so that it is linked once.

mod discord;
mod discord_e2e;
mod fake_discord;
mod strict_discord;
