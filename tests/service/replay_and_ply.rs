//! Issue 18 (animated replays, any past position) and issue 19 (images off the write
//! path) through the table over a real database.

use boardpost::clock::DAY;
use boardpost::table::{ExportFormat, SettingsChange};
use boardpost_testkit::world::*;
use std::time::Duration;

fn gif_frames(bytes: &[u8]) -> usize {
    let mut decoder = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut n = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    n
}

async fn any_past_position_is_shown_with_the_turn_that_led_there(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.table.play_move(&bob(), Some(id), "c1 d1").await.unwrap();

    let now = w.table.board(&bob(), Some(id)).await.unwrap();
    let at_end = w
        .table
        .board_at_ply(&bob(), Some(id), Some(4))
        .await
        .unwrap();
    assert_eq!(now.image.unwrap().bytes, at_end.image.unwrap().bytes);

    let two = w
        .table
        .board_at_ply(&bob(), Some(id), Some(2))
        .await
        .unwrap();
    assert!(two.text.contains("ply 2 of 4"), "{}", two.text);
    assert!(
        two.text
            .contains(&format!("{} played a1 b1", alice().user.mention())),
        "{}",
        two.text
    );
    let start = w
        .table
        .board_at_ply(&bob(), Some(id), Some(0))
        .await
        .unwrap();
    assert!(start.text.contains("starting position"), "{}", start.text);
    let (two, start) = (two.image.unwrap(), start.image.unwrap());
    assert_ne!(two.bytes, start.bytes);
    assert!(two.name.contains("ply2"), "{}", two.name);

    for bad in [5, -1] {
        let refused = refusal(w.table.board_at_ply(&bob(), Some(id), Some(bad)).await);
        assert!(refused.contains("plies 0 to 4"), "{refused}");
    }

    let history = w.table.history(&bob(), Some(id)).await.unwrap();
    assert!(history.text.contains("a1 b1 · ply 2"), "{}", history.text);
    assert!(history.text.contains("c1 d1 · ply 4"), "{}", history.text);
}

async fn a_finished_game_posts_its_replay_unless_the_server_turns_it_off(w: World) {
    let (id, _) = w.start(&["size=5"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let going = w.table.play_move(&bob(), Some(id), "c1 d1").await.unwrap();
    assert!(going.file.is_none(), "no replay while the game goes on");

    let gif = w
        .table
        .export_as(&bob(), Some(id), ExportFormat::Gif)
        .await
        .unwrap();
    let file = gif.file.unwrap();
    assert!(file.name.ends_with(".gif") && gif.ephemeral);
    // A title card and two turns.
    assert_eq!(gif_frames(&file.bytes), 3);

    let ended = w.table.resign(&alice(), Some(id)).await.unwrap();
    assert!(ended.file.is_none(), "the result goes out at once");
    // The replay follows as a notice to the game's thread once drawn: the title card, two
    // turns, the resignation.
    let replay = replay_notice(&w).await.expect("the replay is posted");
    assert_eq!(gif_frames(&replay), 4);

    // A game lost on time gets one too: the title card and the loss on time.
    let (_, _) = w.start(&["size=5"]).await;
    w.clock.advance(4 * DAY);
    let notices = w.table.tick().await.unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("ran out of time")),
        "{notices:?}"
    );
    let replay = replay_notice(&w)
        .await
        .expect("the replay of a loss on time");
    assert_eq!(gif_frames(&replay), 2);

    // Turned off by someone who manages the server: the next game ends without one.
    let mut admin = alice();
    admin.manages_server = true;
    let off = SettingsChange {
        replay_gif: Some(false),
        ..SettingsChange::default()
    };
    assert!(refusal(w.table.settings(&bob(), off).await).contains("manage this server"));
    let reply = w.table.settings(&admin, off).await.unwrap();
    assert!(
        reply.text.contains("in their threads off"),
        "{}",
        reply.text
    );
    let (id, _) = w.start(&["size=5"]).await;
    w.table.resign(&bob(), Some(id)).await.unwrap();
    assert!(replay_notice(&w).await.is_none());
}

/// The GIF of the next replay notice delivered, waiting a little for it to be drawn.
async fn replay_notice(w: &World) -> Option<Vec<u8>> {
    for _ in 0..100 {
        let notices = w.table.undelivered().await.unwrap();
        for notice in notices {
            w.table.notice_sent(notice.id).await.unwrap();
            if let Some(image) = notice.reply.image.filter(|i| i.name.ends_with(".gif")) {
                assert!(
                    notice.reply.text.contains("turn by turn"),
                    "{}",
                    notice.reply.text
                );
                return Some(image.bytes);
            }
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    None
}

/// A move is written before its image is drawn: with drawing held back, the move is in
/// the database and another game's move is written and answered meanwhile; once drawing
/// may go on, the reply carries the image of exactly the position written.
async fn a_move_is_committed_before_its_image_is_drawn(w: World) {
    let (first, _) = w.start(&[]).await;
    let (second, _) = w.start(&[]).await;
    let held = w.table.clone().with_render_slots(0);
    let version = |id| {
        let w = &w;
        async move { w.store.game(GUILD, id).await.unwrap().unwrap().version }
    };
    let before = version(first).await;
    let waiting = {
        let held = held.clone();
        tokio::spawn(async move { held.play_move(&alice(), Some(first), "a1 b1").await })
    };
    let mut tries = 0;
    while version(first).await == before {
        tries += 1;
        assert!(tries < 500, "the move was never written");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Written, not yet answered: its image waits for a place to be drawn.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!waiting.is_finished());
    // The database is free meanwhile: another game moves and is answered.
    let other = w
        .table
        .play_move(&alice(), Some(second), "a2 b2")
        .await
        .unwrap();
    assert!(other.image.is_some());
    assert!(!waiting.is_finished());

    held.add_render_slots(1);
    let reply = waiting.await.unwrap().unwrap();
    let shown = w.table.board(&bob(), Some(first)).await.unwrap();
    assert_eq!(reply.image.unwrap().bytes, shown.image.unwrap().bytes);
}

on_both_backends!(
    any_past_position_is_shown_with_the_turn_that_led_there,
    a_finished_game_posts_its_replay_unless_the_server_turns_it_off,
    a_move_is_committed_before_its_image_is_drawn,
);
