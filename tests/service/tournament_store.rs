//! Tournaments in the store, on both backends: kept whole and only on their server, entries
//! guarded, listed a page at a time, started exactly once, a damaged one refused with its
//! id while the others go on, and copied and checked with the database.

use boardpost::games::{GameKind, GameOptions};
use boardpost::ids::{ChannelId, GameId, TournamentId};
use boardpost::store::{
    encode_options, encode_state, Entry, Leaving, NewGame, NewPairing, NewTournament, NoticeRow,
    Store, StoreError, TournamentFormat, TournamentStart, TournamentState,
};
use boardpost_testkit::world::*;

fn tournament(format: TournamentFormat, max_players: u16) -> NewTournament {
    let options = GameOptions::parse(GameKind::Sidja, &[] as &[&str]).unwrap();
    NewTournament {
        guild: GUILD,
        channel: CHANNEL,
        organiser: user(1),
        kind: "sidja".into(),
        options: encode_options(&options),
        format,
        rounds: (format == TournamentFormat::Swiss).then_some(3),
        days_per_move: 3,
        max_players,
        start_when_full: false,
        rated: true,
        bye_points: 10,
        now: START,
    }
}

fn game(white: u64, black: u64) -> NewGame {
    let options = GameOptions::parse(GameKind::Sidja, &[] as &[&str]).unwrap();
    NewGame {
        guild: GUILD,
        channel: CHANNEL,
        kind: "sidja".into(),
        options: encode_options(&options),
        state: encode_state(&options.start()),
        days_per_move: 3,
        now: START,
        deadline: START + 3 * 86_400,
        seats: vec![user(white), user(black)],
        bots: Vec::new(),
    }
}

/// Round 1 of four players numbered by user: 1–3, 2–4.
fn round_one(id: TournamentId, version: i64) -> TournamentStart {
    TournamentStart {
        id,
        expected_version: version,
        now: START,
        numbers: (1..=4).map(|n| (user(n), n as u16)).collect(),
        pairings: vec![
            NewPairing {
                round: 1,
                board: 1,
                white: 1,
                black: Some(3),
                game: Some(game(1, 3)),
            },
            NewPairing {
                round: 1,
                board: 2,
                white: 2,
                black: Some(4),
                game: Some(game(2, 4)),
            },
        ],
        rounds_paired: 1,
    }
}

/// Each new game's announcement in the tournament's channel.
fn announce(game: GameId, _: &NewPairing) -> Option<NoticeRow> {
    Some(NoticeRow {
        id: 0,
        game: Some(game),
        guild: GUILD,
        channel: CHANNEL,
        parent: CHANNEL,
        dm: Vec::new(),
        in_channel: true,
        text: format!("game #{game} begins"),
        pings: Vec::new(),
        image: None,
        thread: Some(format!("sidja #{game}")),
        buttons: Vec::new(),
    })
}

async fn open_with_four(store: &Store) -> TournamentId {
    let id = store
        .create_tournament(&tournament(TournamentFormat::Swiss, 4))
        .await
        .unwrap();
    for n in 1..=4 {
        let entry = store
            .join_tournament(GUILD, id, user(n), START + n as i64)
            .await;
        assert!(matches!(entry, Ok(Entry::Joined { .. })), "{entry:?}");
    }
    id
}

/// Entries are taken while the tournament is open and has room, once each; leaving frees
/// a place; every change moves the version on; another server sees nothing of it.
async fn entries_are_guarded_and_kept_on_their_server(w: World) {
    let id = w
        .store
        .create_tournament(&tournament(TournamentFormat::RoundRobin, 3))
        .await
        .unwrap();
    let record = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    assert_eq!(record.row.state, TournamentState::Open);
    assert_eq!(record.row.format, TournamentFormat::RoundRobin);
    assert_eq!((record.row.rounds, record.row.max_players), (None, 3));
    let version = record.row.version;
    let join = |n: u64| {
        w.store
            .join_tournament(GUILD, id, user(n), START + n as i64)
    };
    assert_eq!(
        join(1).await.unwrap(),
        Entry::Joined {
            entrants: 1,
            full: false
        }
    );
    assert_eq!(join(1).await.unwrap(), Entry::AlreadyIn);
    assert_eq!(
        join(2).await.unwrap(),
        Entry::Joined {
            entrants: 2,
            full: false
        }
    );
    assert_eq!(
        join(3).await.unwrap(),
        Entry::Joined {
            entrants: 3,
            full: true
        }
    );
    assert_eq!(join(4).await.unwrap(), Entry::Full);
    assert_eq!(
        w.store
            .join_tournament(OTHER_GUILD, id, user(5), START)
            .await
            .unwrap(),
        Entry::NotOpen
    );
    assert_eq!(
        w.store.leave_tournament(GUILD, id, user(2)).await.unwrap(),
        Leaving::Left
    );
    assert_eq!(
        w.store.leave_tournament(GUILD, id, user(2)).await.unwrap(),
        Leaving::NotIn
    );
    assert_eq!(
        join(4).await.unwrap(),
        Entry::Joined {
            entrants: 3,
            full: true
        }
    );
    let record = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    let users: Vec<_> = record.entrants.iter().map(|e| e.user).collect();
    assert_eq!(users, vec![user(1), user(3), user(4)]);
    assert_eq!(
        record.entrants.iter().map(|e| e.entry).collect::<Vec<_>>(),
        vec![1, 3, 4]
    );
    // Four entries and a departure, each a change.
    assert_eq!(record.row.version, version + 5);
    assert!(w.store.tournament(OTHER_GUILD, id).await.unwrap().is_none());
    let page = w.store.tournaments_of(OTHER_GUILD, None, 10).await.unwrap();
    assert!(page.tournaments.is_empty());
}

/// Two entries for the last place at the same moment: one gets it.
async fn the_last_place_goes_to_one(w: World) {
    let id = w
        .store
        .create_tournament(&tournament(TournamentFormat::RoundRobin, 2))
        .await
        .unwrap();
    w.store
        .join_tournament(GUILD, id, user(1), START)
        .await
        .unwrap();
    let (a, b) = tokio::join!(
        w.store.join_tournament(GUILD, id, user(2), START),
        w.store.join_tournament(GUILD, id, user(3), START)
    );
    let mut got = vec![a.unwrap(), b.unwrap()];
    got.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(
        got,
        vec![
            Entry::Full,
            Entry::Joined {
                entrants: 2,
                full: true
            }
        ]
    );
}

/// A server's tournaments newest first, a page at a time.
async fn tournaments_are_listed_a_page_at_a_time(w: World) {
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(
            w.store
                .create_tournament(&tournament(TournamentFormat::Swiss, 8))
                .await
                .unwrap(),
        );
    }
    let listed = |page: &boardpost::store::TournamentPage| -> Vec<TournamentId> {
        page.tournaments.iter().map(|t| t.row.id).collect()
    };
    let first = w.store.tournaments_of(GUILD, None, 2).await.unwrap();
    assert_eq!(listed(&first), vec![ids[4], ids[3]]);
    assert!(first.more);
    let second = w
        .store
        .tournaments_of(GUILD, Some(ids[3]), 2)
        .await
        .unwrap();
    assert_eq!(listed(&second), vec![ids[2], ids[1]]);
    assert!(second.more);
    let last = w
        .store
        .tournaments_of(GUILD, Some(ids[1]), 2)
        .await
        .unwrap();
    assert_eq!(listed(&last), vec![ids[0]]);
    assert!(!last.more);
}

/// Two starts decided on the same version: one writes the numbers, pairings, games and
/// their announcements; the other is refused and writes nothing.
async fn a_tournament_starts_once(w: World) {
    let id = open_with_four(&w.store).await;
    let version = w
        .store
        .tournament(GUILD, id)
        .await
        .unwrap()
        .unwrap()
        .row
        .version;
    let start = round_one(id, version);
    let (a, b) = tokio::join!(
        w.store.start_tournament(&start, &announce),
        w.store.start_tournament(&start, &announce)
    );
    let (won, lost) = match (a, b) {
        (Ok(games), Err(e)) | (Err(e), Ok(games)) => (games, e),
        other => panic!("one start each: {other:?}"),
    };
    assert!(matches!(lost, StoreError::Conflict), "{lost:?}");
    assert_eq!(won.len(), 2);
    let record = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    assert_eq!(record.row.state, TournamentState::Running);
    assert_eq!(record.row.rounds_paired, 1);
    let games: Vec<_> = record.pairings.iter().filter_map(|p| p.game).collect();
    assert_eq!(games, won);
    let numbers: Vec<_> = record.entrants.iter().map(|e| e.number).collect();
    assert_eq!(numbers, vec![Some(1), Some(2), Some(3), Some(4)]);
    let game = w.store.game(GUILD, won[0]).await.unwrap().unwrap();
    assert_eq!(game.seats, vec![user(1), user(3)]);
    assert_eq!(
        w.number("SELECT COUNT(*) FROM games", &[]).await,
        2,
        "the games of one start only"
    );
    assert_eq!(
        w.number(
            "SELECT COUNT(*) FROM outbox WHERE thread_name IS NOT NULL",
            &[]
        )
        .await,
        2
    );
    let entry = w.store.tournament_of_game(won[1]).await.unwrap().unwrap();
    assert_eq!((entry.tournament, entry.round, entry.board), (id, 1, 2));
    assert!(entry.rated && !entry.decided);
    // No more entries once it runs.
    assert_eq!(
        w.store
            .join_tournament(GUILD, id, user(9), START)
            .await
            .unwrap(),
        Entry::NotOpen
    );
}

/// A tournament whose rows cannot be read, or do not hold together, is refused with its
/// id, left out of the list and reported by `db check`; the others are untouched.
async fn a_damaged_tournament_is_refused_with_its_id(w: World) {
    let damaged = open_with_four(&w.store).await;
    let version = w
        .store
        .tournament(GUILD, damaged)
        .await
        .unwrap()
        .unwrap()
        .row
        .version;
    w.store
        .start_tournament(&round_one(damaged, version), &announce)
        .await
        .unwrap();
    let sound = w
        .store
        .create_tournament(&tournament(TournamentFormat::RoundRobin, 4))
        .await
        .unwrap();
    // A pairing of a player who did not enter.
    w.exec(
        "UPDATE tournament_pairings SET black = 9 WHERE tournament_id = $1 AND board = 2",
        &[Param::Int(damaged.0)],
    )
    .await;
    let refused = w.store.tournament(GUILD, damaged).await.unwrap_err();
    match refused {
        StoreError::DamagedTournament { tournament, why } => {
            assert_eq!(tournament, damaged);
            assert!(why.contains("did not enter"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert!(w.store.tournament(GUILD, sound).await.unwrap().is_some());
    let report = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    assert_eq!(report.tournaments.len(), 1);
    assert_eq!(report.tournaments[0].tournament, damaged);
    assert!(report.unrepaired() > 0);
    // A row that cannot be read at all: its bye worth 0.7 of a point.
    w.exec(
        "UPDATE tournaments SET bye_points = 7 WHERE tournament_id = $1",
        &[Param::Int(damaged.0)],
    )
    .await;
    let page = w.store.tournaments_of(GUILD, None, 10).await.unwrap();
    let listed: Vec<_> = page.tournaments.iter().map(|t| t.row.id).collect();
    assert_eq!(listed, vec![sound]);
    assert_eq!(page.damaged.len(), 1);
    assert_eq!(page.damaged[0].0, damaged);
    assert!(page.damaged[0].1.contains("7 tenths"), "{:?}", page.damaged);
}

/// A game's seats that are not its pairing's players: `db check` says which.
async fn db_check_compares_games_with_their_pairings(w: World) {
    let id = open_with_four(&w.store).await;
    let version = w
        .store
        .tournament(GUILD, id)
        .await
        .unwrap()
        .unwrap()
        .row
        .version;
    w.store
        .start_tournament(&round_one(id, version), &announce)
        .await
        .unwrap();
    assert!(boardpost::ops::check_tournaments(&w.store)
        .await
        .unwrap()
        .is_empty());
    // Board 1's game is played by players 1 and 3; its pairing now says 4 and 3.
    w.exec(
        "UPDATE tournament_pairings SET white = 4 WHERE tournament_id = $1 AND board = 1",
        &[Param::Int(id.0)],
    )
    .await;
    let found = boardpost::ops::check_tournaments(&w.store).await.unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].why.contains("round 1 board 1"), "{}", found[0].why);
}

/// `db copy` moves tournaments, entrants and pairings, and the copy reads the same.
async fn tournaments_are_copied_with_the_database(w: World) {
    let id = open_with_four(&w.store).await;
    let version = w
        .store
        .tournament(GUILD, id)
        .await
        .unwrap()
        .unwrap()
        .row
        .version;
    w.store
        .start_tournament(&round_one(id, version), &announce)
        .await
        .unwrap();
    // Its thread goes with it.
    w.store
        .set_tournament_thread(id, ChannelId(600_000_000_000_000_001))
        .await
        .unwrap();
    let before = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    assert!(before.row.thread.is_some());
    let target = format!("sqlite://{}/copy.db", w.dir.path().display());
    let report = boardpost::ops::copy(&w.url, &target, false, &mut |_, _, _| {})
        .await
        .unwrap();
    assert!(report.verified(), "{report:?}");
    for table in ["tournaments", "tournament_entrants", "tournament_pairings"] {
        let row = report.rows.iter().find(|r| r.0 == table).unwrap();
        assert!(row.1 > 0 && row.1 == row.2, "{row:?}");
    }
    let copy = Store::open(&target).await.unwrap();
    assert_eq!(copy.tournament(GUILD, id).await.unwrap().unwrap(), before);
    copy.close().await;
}

/// A tournament's thread is recorded without moving its version on (an entry waiting on
/// that version goes through), and a thread out of reach is forgotten by its id: the
/// tournament's, not the game whose notice met it, and the other way round.
async fn a_tournaments_thread_is_kept_and_forgotten_by_its_id(w: World) {
    let id = open_with_four(&w.store).await;
    let version = w
        .store
        .tournament(GUILD, id)
        .await
        .unwrap()
        .unwrap()
        .row
        .version;
    let (tournament_thread, game_thread) = (
        ChannelId(600_000_000_000_000_001),
        ChannelId(600_000_000_000_000_002),
    );
    w.store
        .set_tournament_thread(id, tournament_thread)
        .await
        .unwrap();
    let record = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    assert_eq!(record.row.thread, Some(tournament_thread));
    assert_eq!(record.row.version, version);
    let games = w
        .store
        .start_tournament(&round_one(id, version), &announce)
        .await
        .unwrap();
    let game = games[0];
    w.store.set_thread(game, game_thread).await.unwrap();
    let threads = |w: &World| {
        let store = w.store.clone();
        async move {
            let tournament = store.tournament(GUILD, id).await.unwrap().unwrap();
            let game = store.game(GUILD, game).await.unwrap().unwrap();
            (tournament.row.thread, game.thread)
        }
    };
    // The tournament's thread is lost while posting its standings with the game.
    w.store.clear_thread(game, tournament_thread).await.unwrap();
    assert_eq!(threads(&w).await, (None, Some(game_thread)));
    w.store
        .set_tournament_thread(id, tournament_thread)
        .await
        .unwrap();
    // The game's own thread is lost.
    w.store.clear_thread(game, game_thread).await.unwrap();
    assert_eq!(threads(&w).await, (Some(tournament_thread), None));
}

/// Autocomplete's look-up by number: this server's tournaments whose number begins with
/// the digits typed, newest first; anything but digits finds none.
async fn tournaments_are_found_by_the_digits_of_their_number(w: World) {
    for _ in 0..12 {
        w.store
            .create_tournament(&tournament(TournamentFormat::RoundRobin, 4))
            .await
            .unwrap();
    }
    let elsewhere = NewTournament {
        guild: OTHER_GUILD,
        ..tournament(TournamentFormat::RoundRobin, 4)
    };
    let other = w.store.create_tournament(&elsewhere).await.unwrap();
    assert_eq!(other, TournamentId(13));
    let found = |digits: &'static str, limit: i64| {
        let store = w.store.clone();
        async move {
            let page = store
                .tournaments_numbered(GUILD, digits, limit)
                .await
                .unwrap();
            page.tournaments
                .iter()
                .map(|t| t.row.id.0)
                .collect::<Vec<i64>>()
        }
    };
    assert_eq!(found("1", 25).await, vec![12, 11, 10, 1]);
    assert_eq!(found("1", 2).await, vec![12, 11]);
    assert_eq!(found("12", 25).await, vec![12]);
    assert_eq!(found("13", 25).await, Vec::<i64>::new(), "another server's");
    assert_eq!(found("7", 25).await, vec![7]);
    for typed in ["", "1%", "_", "x"] {
        assert_eq!(found(typed, 25).await, Vec::<i64>::new(), "{typed:?}");
    }
}

on_both_backends!(
    a_tournaments_thread_is_kept_and_forgotten_by_its_id,
    tournaments_are_found_by_the_digits_of_their_number,
    entries_are_guarded_and_kept_on_their_server,
    the_last_place_goes_to_one,
    tournaments_are_listed_a_page_at_a_time,
    a_tournament_starts_once,
    a_damaged_tournament_is_refused_with_its_id,
    db_check_compares_games_with_their_pairings,
    tournaments_are_copied_with_the_database,
);
