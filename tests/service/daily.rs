//! The puzzle of the day through the table, on both backends: turned on by a member who
//! manages the server, posted once a day however many processes tick at once, opened
//! privately from its button, each member's first answer counted, the next day's post
//! with the solution and the count, and nothing posted once it is turned off.

use boardpost::clock::DAY;
use boardpost::store::Store;
use boardpost::table::{
    Caller, PuzzleAction, PuzzleRequest, Reply, Request, SettingsChange, Table,
};
use boardpost_testkit::world::*;
use std::sync::Arc;

async fn puzzle(table: &Table, who: &Caller, action: PuzzleAction) -> Reply {
    table
        .handle(who, Request::Puzzle(PuzzleRequest { game: None, action }))
        .await
}

fn manager() -> Caller {
    Caller {
        manages_server: true,
        ..alice()
    }
}

async fn turn(w: &World, who: &Caller, on: bool) -> Reply {
    let change = SettingsChange {
        puzzle_of_the_day: Some(on),
        ..SettingsChange::default()
    };
    w.table.handle(who, Request::Settings(change)).await
}

/// The posts of the puzzle of the day waiting in the outbox.
async fn daily_posts(w: &World) -> Vec<boardpost::table::Notice> {
    let notices = w.table.undelivered().await.unwrap();
    for n in &notices {
        w.table.notice_sent(n.id).await.unwrap();
    }
    notices.into_iter().filter(|n| n.game.is_none()).collect()
}

/// Answers the caller's puzzle in progress with its line until it is solved.
async fn solve(w: &World, who: &Caller, line: &[String]) -> Reply {
    loop {
        let progress = w.store.puzzle_progress(who.user).await.unwrap().unwrap();
        let reply = puzzle(
            &w.table,
            who,
            PuzzleAction::Answer(line[progress.played.len()].clone()),
        )
        .await;
        if !reply.text.contains("Right") {
            return reply;
        }
    }
}

async fn a_day_posted_once_answered_and_resolved(w: World) {
    w.table.load_shipped_puzzles().await.unwrap();
    let refused = turn(&w, &alice(), true).await;
    assert!(
        refused.text.contains("only members who can manage"),
        "{}",
        refused.text
    );
    let on = turn(&w, &manager(), true).await;
    assert!(
        on.text
            .contains(&format!("puzzle of the day posted in <#{}>", CHANNEL.0)),
        "{}",
        on.text
    );

    // Two processes look at once: one post.
    let other = Table::new(
        Store::open(&w.url).await.unwrap(),
        Arc::new(w.clock.clone()),
    );
    let (a, b) = tokio::join!(w.table.daily_tick(), other.daily_tick());
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    assert_eq!(w.table.daily_tick().await.unwrap(), 0, "once a day");
    let posts = daily_posts(&w).await;
    assert_eq!(posts.len(), 1, "{posts:?}");
    let day = START.div_euclid(DAY);
    let post = &posts[0].reply;
    assert_eq!(posts[0].channel, CHANNEL);
    assert!(post.text.contains("Puzzle of the day"), "{}", post.text);
    assert!(post.image.is_some());
    assert_eq!(post.buttons.len(), 1);
    assert_eq!(post.buttons[0].id, format!("puzzle:daily:{day}"));
    assert_eq!(w.number("SELECT COUNT(*) FROM daily_puzzles", &[]).await, 1);

    // alice solves it privately, bob fails it; alice's second try does not count.
    let opened = puzzle(&w.table, &alice(), PuzzleAction::Daily(Some(day))).await;
    assert!(opened.ephemeral, "opened privately");
    assert!(opened.text.contains("puzzle of the day"), "{}", opened.text);
    let daily = w.store.daily(GUILD, day).await.unwrap().unwrap();
    let row = w.store.puzzle(daily.puzzle).await.unwrap().unwrap();
    let solved = solve(&w, &alice(), &row.puzzle.line).await;
    assert!(solved.text.contains("Solved"), "{}", solved.text);
    puzzle(&w.table, &bob(), PuzzleAction::Daily(None)).await;
    let wrong = row
        .puzzle
        .position()
        .unwrap()
        .legal()
        .into_iter()
        .find(|a| *a != row.puzzle.line[0])
        .unwrap();
    let failed = puzzle(&w.table, &bob(), PuzzleAction::Answer(wrong)).await;
    assert!(failed.text.contains("failed"), "{}", failed.text);
    puzzle(&w.table, &alice(), PuzzleAction::Daily(None)).await;
    solve(&w, &alice(), &row.puzzle.line).await;
    let tally = w.store.daily_tally(GUILD, day).await.unwrap();
    assert_eq!((tally.solved, tally.answered), (1, 2));

    // Another server's member cannot open it.
    let outsider = Caller::new(OTHER_GUILD, CHANNEL, user(9), "zed");
    let none = puzzle(&w.table, &outsider, PuzzleAction::Daily(Some(day))).await;
    assert!(none.text.contains("no puzzle of the day"), "{}", none.text);

    // The next day: yesterday's solution and count, a new puzzle.
    w.clock.advance(DAY);
    assert_eq!(w.table.daily_tick().await.unwrap(), 1);
    let posts = daily_posts(&w).await;
    assert_eq!(posts.len(), 1);
    let text = &posts[0].reply.text;
    assert!(text.contains("1 of 2 solved it"), "{text}");
    assert!(
        text.contains(&format!("`{}`", row.puzzle.line[0])),
        "{text}"
    );
    assert_eq!(
        posts[0].reply.buttons[0].id,
        format!("puzzle:daily:{}", day + 1)
    );
    let next = w.store.daily(GUILD, day + 1).await.unwrap().unwrap();
    assert_ne!(next.puzzle, daily.puzzle, "a puzzle the server has not had");
    let over = puzzle(&w.table, &bob(), PuzzleAction::Daily(Some(day))).await;
    assert!(over.text.contains("is over"), "{}", over.text);

    // Turned off: nothing more.
    let off = turn(&w, &manager(), false).await;
    assert!(off.text.contains("puzzle of the day off"), "{}", off.text);
    w.clock.advance(DAY);
    assert_eq!(w.table.daily_tick().await.unwrap(), 0);
    assert!(daily_posts(&w).await.is_empty());
}

on_both_backends!(a_day_posted_once_answered_and_resolved);
