//! A tournament made and entered through the table, as a server's members would.

use crate::world::{alice, bob, carol};
use boardpost::ids::TournamentId;
use boardpost::store::Store;
use boardpost::table::{Caller, Table, TournamentFormat, TournamentRequest, TournamentSettings};

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

/// A Sidja round robin of alice, bob and carol, created by alice and started: its games
/// under way.
pub async fn started_round_robin_of_three(table: &Table, store: &Store) -> TournamentId {
    let settings = TournamentSettings {
        game: "sidja".into(),
        format: Some(TournamentFormat::RoundRobin),
        ..TournamentSettings::default()
    };
    let id = create_tournament(table, store, &alice(), settings).await;
    for who in [alice(), bob(), carol()] {
        join_tournament(table, id, &who).await;
    }
    table
        .tournament(&alice(), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    id
}
