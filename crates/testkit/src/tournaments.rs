//! A tournament made and entered through the table, as a server's members would.

use boardpost::ids::TournamentId;
use boardpost::store::Store;
use boardpost::table::{Caller, Table, TournamentRequest, TournamentSettings};

/// The tournament `organiser` creates with `settings`: its number (the newest of the
/// organiser's server).
pub async fn create_tournament(
    table: &Table,
    store: &Store,
    organiser: &Caller,
    settings: TournamentSettings,
) -> TournamentId {
    table
        .tournament(organiser, TournamentRequest::Create(settings))
        .await
        .unwrap();
    let page = store
        .tournaments_of(organiser.guild, None, 1)
        .await
        .unwrap();
    page.tournaments[0].row.id
}

/// `player` enters tournament `id`.
pub async fn join_tournament(table: &Table, id: TournamentId, player: &Caller) {
    let join = TournamentRequest::Join {
        tournament: Some(id),
        player: None,
    };
    table.tournament(player, join).await.unwrap();
}
