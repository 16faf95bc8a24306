//! Kamisado for the search: the [`SearchGame`] impl and the evaluation.

use board_geometry::{Player, between};
use kamisado_core::{Colour, Move, MoveList, Outcome, Position, Tower};

use crate::SearchGame;

impl SearchGame for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Outcome = Outcome;
    type IllegalMove = kamisado_core::IllegalMove;

    const NAME: &'static str = "kamisado";
    const MOVE_INDICES: usize = 64 * 64;

    fn start() -> Position {
        Position::start()
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    fn count_moves(&self) -> usize {
        Position::count_moves(self)
    }

    fn play(&self, mv: Move) -> Position {
        self.play_unchecked(mv)
    }

    fn try_play(&self, mv: Move) -> Result<Position, kamisado_core::IllegalMove> {
        Position::try_play(self, mv)
    }

    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    fn side_to_move(&self) -> Player {
        Position::side_to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn winner_of(outcome: Outcome) -> Player {
        outcome.winner()
    }

    fn ending_of(outcome: Outcome) -> &'static str {
        outcome.ending()
    }

    fn move_index(mv: Move) -> usize {
        usize::from(mv.from.index()) * 64 + usize::from(mv.to.index())
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        // Only an arrival wins on the move (a deadlock is lost by its maker).
        !mv.is_pass() && mv.to.rank() == Position::side_to_move(self).goal_rank()
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// The evaluation of a Kamisado position: towers with a free path to the goal row ("runners") and
/// progress, with the danger of the colours handed to the opponent.
///
/// - Each tower scores 3 per rank advanced from its home row.
/// - A runner (a forward ray clear to the goal row within its sumo
///   distance limit) scores 30: it wins as soon as it becomes the forced
///   tower.
/// - The side to move's forced tower being a runner is a win next move
///   (+400); otherwise each move of it that hands the opponent a runner
///   (the tower of the landing square's colour) is a move it must avoid,
///   and the share of such moves costs up to 200.
#[must_use]
pub fn evaluate(p: &Position) -> i32 {
    let side = p.side_to_move();
    let occupied = p.occupied();
    let runner = |tower: Tower, occupied: board_geometry::Bitboard| {
        let from = p.square_of(tower);
        let limit = p.rank_of(tower).max_distance().unwrap_or(7);
        let goal = tower.player.goal_rank();
        let distance = (i32::from(goal.index()) - i32::from(from.rank().index())).unsigned_abs();
        if distance == 0 || distance > u32::from(limit) {
            return false;
        }
        let d = distance as i8;
        let dr = if tower.player == Player::Black { d } else { -d };
        [-d, 0, d].iter().any(|&df| {
            from.offset(df, dr).is_some_and(|target| {
                !occupied.has(target) && (between(from, target) & occupied).is_empty()
            })
        })
    };
    let mut score = 0;
    for (tower, square, _) in p.towers() {
        let advanced =
            (i32::from(square.rank().index()) - i32::from(tower.player.home_rank().index())).abs();
        let mut value = 3 * advanced;
        if runner(tower, occupied) {
            value += 30;
        }
        score += if tower.player == side { value } else { -value };
    }
    if let Some(colour) = p.forced_colour() {
        let tower = Tower::new(side, colour);
        if runner(tower, occupied) {
            return score + 400;
        }
        let moves = p.legal_moves();
        if !moves.is_empty() {
            let from = p.square_of(tower);
            let opponent = side.opponent();
            let handing = moves
                .iter()
                .filter(|m| !m.is_pass() && !occupied.has(m.to))
                .filter(|m| {
                    let after = occupied ^ from.bitboard() ^ m.to.bitboard();
                    runner(Tower::new(opponent, Colour::of_square(m.to)), after)
                })
                .count() as i32;
            score -= 200 * handing / moves.len() as i32;
        }
    }
    score
}
