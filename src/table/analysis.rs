//! The review of a finished game: [`analyse_game`] runs the engine over it and
//! [`AnalysisReport`] puts the result into words and pictures. Both are free of the
//! table's state, so `/analyse` and `boardpost analyse` give the same report.

use super::bot::seed;
use super::hint::HINT_LEVEL;
use super::{refuse, Attachment, Caller, Reply, Result, Table, TableError};
use crate::ai::{self, Level};
use crate::games::{split_actions, AnyGame, Game, LogError, Seat};
use crate::i18n::words::game_title;
use crate::i18n::{Lang, Localize};
use crate::ids::GameId;
use crate::msg;
use crate::render::{eval_graph, RenderOptions};

/// How hard the analysis looks at each position: enough to see tactics, quick enough
/// for a game of a few hundred turns.
pub const ANALYSIS_LEVEL: Level = Level::L2;

/// A game reviewed as `/analyse` and `boardpost analyse` review it: every position at
/// [`ANALYSIS_LEVEL`], the biggest losses again at [`HINT_LEVEL`], within the usual
/// limits.
pub fn analyse_game(game: &AnyGame, seed: u64) -> std::result::Result<ai::Analysis, LogError> {
    let log = game.log();
    ai::analyse(
        game.game_options(),
        log.iter().map(|(seat, entry)| (*seat, entry.text())),
        ANALYSIS_LEVEL,
        HINT_LEVEL,
        ai::Limits::default(),
        seed,
    )
}

/// An analysis in words and pictures, for `/analyse` and `boardpost analyse`.
pub struct AnalysisReport {
    /// The header, the mistakes with the better actions, the turning point.
    pub text: String,
    /// The evaluation graph, as PNG.
    pub graph: Vec<u8>,
    /// The position at the turning point (the end if none), how to draw it, and its
    /// ply.
    pub position: AnyGame,
    pub board_options: RenderOptions,
    pub turn: usize,
}

impl AnalysisReport {
    /// Says an analysis in `lang`: players by `mentions` in the text and by `names` on
    /// the pictures, the game called `game`.
    pub fn new(
        analysis: &ai::Analysis,
        options: crate::games::GameOptions,
        names: &[String],
        mentions: &[String],
        game: &str,
        lang: Lang,
    ) -> AnalysisReport {
        let start = options.start();
        let mut text = msg!(
            "analyse-header",
            game = game,
            title = game_title(&start),
            plies = analysis.plies.len()
        )
        .tr(lang);
        if analysis.mistakes.is_empty() {
            text += "\n";
            text += &msg!("analyse-no-mistakes").tr(lang);
        }
        // Four armies: each named with its player, since the bot may hold three.
        let four = start.kind() == crate::games::GameKind::Xiangqi4;
        let with_army = |name: &str, seat: Seat| {
            if four {
                msg!(
                    "analyse-graph-army",
                    name = name,
                    army = crate::i18n::words::seat_army(seat)
                )
                .tr(lang)
            } else {
                name.to_string()
            }
        };
        for m in &analysis.mistakes {
            text += "\n";
            let player = mentions.get(m.seat.index()).map_or("", String::as_str);
            text += &msg!(
                "analyse-mistake",
                ply = m.ply,
                player = with_army(player, m.seat),
                action = m.action.as_str(),
                better = m.better.as_str(),
                loss = super::words::one_decimal(i64::from(m.loss), false)
            )
            .tr(lang);
        }
        // The board where the game turned.
        let turn = analysis.turning_point.unwrap_or(analysis.plies.len());
        let mut position = start;
        for ply in analysis.plies.iter().take(turn) {
            for part in split_actions(&ply.action) {
                if position.play(&part).is_err() {
                    break;
                }
            }
        }
        text += "\n";
        text += &match analysis.turning_point {
            Some(point) => msg!("analyse-turning-point", ply = point),
            None => msg!("analyse-no-turning-point"),
        }
        .tr(lang);
        // Two players: seat 1's view says it all (seat 2's is its mirror); four: each.
        let shown = if names.len() == 2 { 1 } else { names.len() };
        let series: Vec<Vec<i32>> = (0..shown)
            .filter_map(|i| Seat::from_number(i as u8 + 1))
            .map(|seat| analysis.series(seat))
            .collect();
        let (title, x_axis, y_axis) = (
            msg!("analyse-graph-title", game = game).tr(lang),
            msg!("analyse-graph-ply").tr(lang),
            msg!("analyse-graph-eval").tr(lang),
        );
        // Four armies: each drawn in its colour.
        let labels: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| match Seat::from_number(i as u8 + 1) {
                Some(seat) => with_army(name, seat),
                None => name.clone(),
            })
            .collect();
        let palette = if four {
            eval_graph::ARMY_SERIES
        } else {
            eval_graph::SERIES
        };
        let graph = eval_graph::eval_graph_png(&eval_graph::EvalGraph {
            series: series
                .iter()
                .zip(&labels)
                .zip(palette)
                .map(|((values, name), colour)| eval_graph::Series {
                    name,
                    values,
                    colour,
                })
                .collect(),
            mistakes: analysis
                .mistakes
                .iter()
                .map(|m| (m.ply, if shown == 1 { 0 } else { m.seat.index() }))
                .collect(),
            turning_point: analysis.turning_point,
            clamp: ai::analysis::CLAMP,
            text: eval_graph::GraphText {
                title: &title,
                x_axis: &x_axis,
                y_axis: &y_axis,
            },
        });
        AnalysisReport {
            text,
            graph,
            position,
            board_options: RenderOptions::new(names.to_vec()).in_lang(lang),
            turn,
        }
    }
}

impl Table {
    /// `/analyse`: a finished game reviewed by the engine: its biggest mistakes with the
    /// better action, the evaluation after every ply as a graph, and the board where the
    /// game turned.
    pub async fn analyse(&self, caller: &Caller, game: Option<GameId>) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let loaded = self.find_game(caller, game).await?;
        if !loaded.is_over() {
            return refuse(msg!("analyse-not-over", game = loaded.id().to_string()));
        }
        let id = loaded.id();
        let options = loaded.game.game_options();
        let played = loaded.game.clone();
        let names = self.names(&loaded.row.seats).await?;
        let mentions: Vec<String> = loaded.row.seats.iter().map(|u| u.mention()).collect();
        let report = self
            .on_thinker(move || {
                let analysis = analyse_game(&played, seed(id, 0))?;
                Ok::<_, LogError>(AnalysisReport::new(
                    &analysis,
                    options,
                    &names,
                    &mentions,
                    &id.to_string(),
                    lang,
                ))
            })
            .await?
            .map_err(|e| TableError::Corrupt {
                game: id,
                why: e.tr(Lang::En),
            })?;
        let board = self.picture(report.position, report.board_options).await?;
        // A player of the game may turn the wins they missed into puzzles of their own.
        let buttons = match loaded.seat_of(caller.user) {
            Some(_) => vec![super::Button::new(
                super::ButtonId::PuzzleMistakes(id),
                msg!("puzzle-button-mistakes").tr(lang),
                super::ButtonStyle::Primary,
            )],
            None => Vec::new(),
        };
        Ok(Reply {
            buttons,
            image: Some(Attachment {
                name: format!("{}-{id}-ply{}.png", loaded.row.kind, report.turn),
                bytes: board,
            }),
            file: Some(Attachment {
                name: format!("{}-{id}-analysis.png", loaded.row.kind),
                bytes: report.graph,
            }),
            ..Reply::private(report.text)
        })
    }
}
