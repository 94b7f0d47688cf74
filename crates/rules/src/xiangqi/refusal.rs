//! Why a move is not legal, rule by rule, for error messages. Move generation decides
//! what is legal; this says which rule a refused move breaks (the playout tests check
//! that both agree on every move).

use super::action::Move;
use super::board::Board;
use super::error::Refusal;
use super::kind::Kind;
use super::piece::Side;
use super::point::Point;
use super::region;

impl Board {
    /// `None` when `mv` is legal for the side to move, else the rule it breaks.
    pub fn refusal(&self, mv: Move) -> Option<Refusal> {
        let side = self.side;
        let Some(piece) = self.get(mv.from) else {
            return Some(Refusal::Empty(mv.from));
        };
        if piece.side != side {
            return Some(Refusal::NotYours { at: mv.from, piece });
        }
        if let Some(target) = self.get(mv.to) {
            if target.side == side {
                return Some(Refusal::OwnPiece {
                    at: mv.to,
                    kind: target.kind,
                });
            }
        }
        if let Some(why) = self.pattern_refusal(mv, piece.kind, side) {
            return Some(why);
        }
        let mut after = *self;
        after.make(mv);
        if after.attacked(side) {
            // Facing generals are reported as such when nothing else attacks.
            return Some(
                if after.generals_face() && !after.attacked_by_pieces(side) {
                    Refusal::GeneralsFace(after.general(side).file_letter())
                } else {
                    Refusal::LeavesCheck
                },
            );
        }
        None
    }

    /// The rule of the piece's own pattern that `mv` breaks, if any (position of the
    /// generals aside).
    fn pattern_refusal(&self, mv: Move, kind: Kind, side: Side) -> Option<Refusal> {
        let (from, to) = (mv.from, mv.to);
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let (adf, adr) = (df.abs(), dr.abs());
        let point = |file: i8, rank: i8| {
            Point::new(
                (from.file() as i8 + file) as u8,
                (from.rank() as i8 + rank) as u8,
            )
            .expect("between two points of the board")
        };
        match kind {
            Kind::General if adf + adr != 1 => Some(Refusal::GeneralStep),
            Kind::General if !region::in_palace(side, to.index()) => Some(Refusal::GeneralPalace),
            Kind::Advisor if adf != 1 || adr != 1 => Some(Refusal::AdvisorStep),
            Kind::Advisor if !region::in_palace(side, to.index()) => Some(Refusal::AdvisorPalace),
            Kind::Elephant if adf != 2 || adr != 2 => Some(Refusal::ElephantStep),
            Kind::Elephant if !region::in_half(side, to.index()) => Some(Refusal::ElephantRiver),
            Kind::Elephant => {
                let eye = point(df / 2, dr / 2);
                self.get(eye).map(|_| Refusal::ElephantEye(eye))
            }
            Kind::Horse if !matches!((adf, adr), (1, 2) | (2, 1)) => Some(Refusal::HorseStep),
            Kind::Horse => {
                let leg = if adf == 2 {
                    point(df / 2, 0)
                } else {
                    point(0, dr / 2)
                };
                self.get(leg).map(|_| Refusal::HorseLeg(leg))
            }
            Kind::Rook | Kind::Cannon if df != 0 && dr != 0 => Some(Refusal::NotALine(kind)),
            Kind::Rook | Kind::Cannon => {
                let (sf, sr) = (df.signum(), dr.signum());
                let between: Vec<Point> = (1..adf.max(adr))
                    .map(|k| point(sf * k, sr * k))
                    .filter(|p| self.get(*p).is_some())
                    .collect();
                let capture = self.get(to).is_some();
                match (kind, capture, between.as_slice()) {
                    (Kind::Rook, _, [first, ..]) => Some(Refusal::RookBlocked(*first)),
                    (Kind::Rook, _, []) => None,
                    (_, false, [first, ..]) => Some(Refusal::CannonBlocked(*first)),
                    (_, false, []) => None,
                    (_, true, []) => Some(Refusal::CannonNoScreen),
                    (_, true, [_]) => None,
                    (_, true, screens) => Some(Refusal::CannonScreens(screens.len())),
                }
            }
            Kind::Pawn => {
                let ahead = dr * side.forward();
                if ahead < 0 {
                    Some(Refusal::PawnBackward)
                } else if adf + adr != 1 {
                    Some(Refusal::PawnStep)
                } else if adf == 1 && !region::in_half(side.other(), from.index()) {
                    Some(Refusal::PawnSideways)
                } else {
                    None
                }
            }
            Kind::General | Kind::Advisor => None,
        }
    }
}
