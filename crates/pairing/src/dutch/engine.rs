//! The round, bracket by bracket from the top (see the module above): each bracket is
//! paired in a small graph of its own players and the next score group, and kept when the
//! players below can still complete the round with the pairs it made; otherwise it is
//! paired again with everyone left in the graph, as the rules' completion (C4) demands.

use std::collections::HashMap;

use super::bracket::{Bracket, Context, Scope};
use super::colour::colour_for;
use super::completion::Completion;
use super::entrant::{entrant, Entrant};
use super::weights::{Layout, Round};
use super::wide::{Weight, Wide};
use super::{NoLegalPairing, Pairing, MAX_PLAYERS};
use crate::tournament::{Colour, Points, Tournament};

pub fn pair(tournament: &Tournament) -> Result<Pairing, NoLegalPairing> {
    let mut played = tournament.played_rounds();
    // A round in which everyone already has an entry counts as played (all were given byes).
    if !tournament.players.is_empty()
        && tournament
            .players
            .iter()
            .all(|player| player.rounds.len() > played)
    {
        played += 1;
    }
    if let Some(total) = tournament.total_rounds {
        if played >= usize::from(total) {
            return Err(NoLegalPairing::TournamentOver(total));
        }
    }
    let to_pair = |player: &crate::tournament::Player| {
        player.rounds.len() <= played && !tournament.absent_next.contains(&player.id)
    };
    let mut players: Vec<Entrant> = Vec::new();
    let mut rank = 0;
    for (index, player) in tournament.players.iter().enumerate() {
        let counts = to_pair(player) || player.rounds.iter().any(|e| e.was_paired());
        if to_pair(player) {
            let mut entrant = entrant(tournament, index, played);
            entrant.rank = rank;
            players.push(entrant);
        }
        if counts {
            rank += 1;
        }
    }
    if players.len() > MAX_PLAYERS {
        return Err(NoLegalPairing::TooManyPlayers(players.len()));
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    if players.is_empty() {
        return Ok(Pairing::default());
    }
    let layout = Layout::new(&players, played);
    let bits = layout.total + 4;
    macro_rules! run {
        ($w:ty) => {
            pair_with::<$w>(tournament, &players, layout, played)
        };
    }
    if bits <= 126 {
        run!(u128)
    } else if bits <= 256 {
        run!(Wide<4>)
    } else if bits <= 512 {
        run!(Wide<8>)
    } else if bits <= 1024 {
        run!(Wide<16>)
    } else if bits <= 2048 {
        run!(Wide<32>)
    } else if bits <= 4096 {
        run!(Wide<64>)
    } else {
        run!(Wide<160>)
    }
}
fn pair_with<W: Weight>(
    tournament: &Tournament,
    players: &[Entrant],
    layout: Layout,
    played: usize,
) -> Result<Pairing, NoLegalPairing> {
    let n = players.len();
    let points = &tournament.points;
    let last_round = tournament
        .total_rounds
        .is_some_and(|total| played + 1 >= usize::from(total));
    let round = Round {
        players,
        layout,
        last_round,
        top_threshold: (played as Points * points.win.max(points.draw)) / 2,
        forbidden: &tournament.forbidden_pairs,
    };
    let score = |v: usize| players[v].score;
    let top_score = score(0);

    let mut completion = Completion::new(&round);
    if !completion.complete(None) {
        return Err(NoLegalPairing::Impossible);
    }
    let first = completion.mates();
    let mut bye_score: Points = 0;
    let mut initial_single = false;
    let mut unplayed_ranks: HashMap<u32, u64> = HashMap::new();
    if n % 2 == 1 {
        let bye = (0..n).find(|&v| first[v] == v).unwrap_or(n - 1);
        bye_score = score(bye);
        if bye_score >= top_score {
            initial_single = (0..n)
                .take_while(|&v| score(v) >= top_score)
                .all(|v| score(first[v]) >= top_score);
        }
        let mut counts: Vec<u32> = players
            .iter()
            .filter(|p| p.score == bye_score)
            .map(|p| p.played_games)
            .collect();
        counts.sort_by(|a, b| b.cmp(a));
        for (rank, count) in counts.into_iter().enumerate() {
            unplayed_ranks.insert(count, rank as u64);
        }
    }
    let not_candidate: Vec<bool> = (0..n)
        .map(|v| !round.is_bye_candidate(v, bye_score))
        .collect();
    let context = Context {
        round: &round,
        n,
        bye_score,
        initial_single,
        unplayed_ranks,
        not_candidate,
    };

    let mut paired: Vec<Option<usize>> = vec![None; n];
    let mut carried_lower: HashMap<(usize, usize), W> = HashMap::new();
    let mut bracket: Vec<usize> = (0..n).take_while(|&v| score(v) >= top_score).collect();
    let mut next_group_start = bracket.len();
    let mut moved_down = 0usize;
    let mut group_start_vertex = 0usize;
    let mut single = initial_single;
    while bracket.len() > 1 || next_group_start < n {
        let residents_end = bracket.len();
        let next_group_vertex = group_start_vertex + (residents_end - moved_down);
        let next_score = (next_group_start < n).then(|| score(next_group_start));
        while next_group_start < n && Some(score(next_group_start)) == next_score {
            bracket.push(next_group_start);
            next_group_start += 1;
        }
        let spec = Bracket {
            bracket: &bracket,
            moved_down,
            residents_end,
            group_start_vertex,
            next_group_vertex,
            single,
        };
        // The bracket alone is enough unless the players below weigh in its criteria: where
        // the bye is at stake (C9, or the next bracket's C9).
        let bye_at_stake = n % 2 == 1 && next_score.is_some_and(|next| bye_score >= next);
        let mut scope = if single || initial_single || bye_at_stake {
            Scope::Round
        } else {
            Scope::Bracket
        };
        let attempt = loop {
            let attempt = context.pair_bracket::<W>(&spec, &carried_lower, &paired, scope);
            completion.remove(&attempt.pairs);
            // The small graph's optimum also counts the pairs it made with the next score
            // group (C8); when the round completes around those too, no completable
            // candidate weighs more, and the generation order picks the same one.
            if scope == Scope::Round || completion.complete_without(&attempt.lookahead, bye_score) {
                break attempt;
            }
            completion.restore(&attempt.pairs);
            scope = Scope::Round;
        };
        // Downfloaters whose edge the bracket's decisions zeroed keep that weight in the
        // next brackets and never meet this round: the completion check must not count on
        // them meeting either.
        completion.forbid(
            attempt
                .carried_lower
                .iter()
                .filter(|(_, weight)| weight.is_zero())
                .map(|(&pair, _)| pair),
        );
        for &(a, b) in &attempt.pairs {
            paired[a] = Some(b);
            paired[b] = Some(a);
        }
        bracket = attempt.carried;
        moved_down = attempt.carried_moved_down;
        carried_lower = attempt.carried_lower;
        single = attempt.next_single;
        group_start_vertex = next_group_vertex;
    }

    let initial = tournament.initial_colour();
    let mut games: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for (v, mate) in paired.iter().enumerate() {
        match *mate {
            Some(mate) if v < mate => games.push((v, mate)),
            Some(_) => {}
            None => bye = Some(v),
        }
    }
    // Board order (C.04.2 3.6): the higher player's score, then the lower player's, then
    // the higher player's rank. Vertices are in rank order, so the first is the higher.
    games.sort_by(|&(a, b), &(c, d)| {
        score(c)
            .cmp(&score(a))
            .then(score(d).cmp(&score(b)))
            .then(a.cmp(&c))
    });
    let games = games
        .into_iter()
        .map(|(higher, lower)| {
            let colour = colour_for(&players[higher], &players[lower], true, initial);
            let (h, l) = (players[higher].id, players[lower].id);
            match colour {
                Colour::White => (h, l),
                Colour::Black => (l, h),
            }
        })
        .collect();
    Ok(Pairing {
        games,
        bye: bye.map(|v| players[v].id),
    })
}
