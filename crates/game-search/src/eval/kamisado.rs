//! Kamisado for the search: the [`SearchGame`] impl and the evaluation.

use board_geometry::{Bitboard, Player};
use kamisado_core::{Move, Position, SumoRank, Tower, plain_runner, slide_targets};

use crate::SearchGame;
use kamisado_core::Game;

impl SearchGame for Position {
    /// A round never repeats a position and always has a winner (what the
    /// Kamisado provers have always relied on; the certificates' checker
    /// checks every proof independently).
    const ACYCLIC: bool = true;
    const MOVE_INDICES: usize = 64 * 64;

    fn zobrist_after(&self, mv: Move) -> u64 {
        Position::zobrist_after(self, mv)
    }

    fn move_index(mv: Move) -> usize {
        mv.from.index() * 64 + mv.to.index()
    }

    /// One pass over the towers' destinations: only an arrival wins on the
    /// move (a deadlock is lost by its maker).
    fn replies(&self) -> crate::Replies {
        let goal = Position::side_to_move(self).goal_rank().bitboard();
        let mut moves = 0u32;
        let mut wins = false;
        self.generate_moves(|tower| {
            moves += tower.len() as u32;
            wins |= tower.to.intersects(goal);
            wins
        });
        crate::Replies { moves, wins }
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        // Only an arrival wins on the move (a deadlock is lost by its maker).
        !mv.is_pass() && mv.to.rank() == Position::side_to_move(self).goal_rank()
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// The evaluation of a Kamisado position: towers with a free path to the
/// goal row ("runners") and progress, with the danger of the colours
/// handed to the opponent.
///
/// - Each tower scores 3 per rank advanced from its home row.
/// - A runner (a tower whose slides reach its goal row, within its sumo
///   distance limit) scores 30: it wins as soon as it becomes the forced
///   tower.
/// - The side to move's forced tower being a runner is a win next move
///   (+400); otherwise each slide of it that hands the opponent a runner
///   (the tower of the landing square's colour) is a move it must avoid,
///   and the share of such moves among its legal moves costs up to 200.
///
/// All of it is bitboard arithmetic: no move list is built.
#[must_use]
pub fn evaluate(p: &Position) -> i32 {
    let side = p.side_to_move();
    let occupied = p.occupied();
    let sumo = p.rank_at_least(SumoRank::Sumo);
    let mut score = 0;
    for player in Player::ALL {
        let towers = p.pieces(player);
        // Ranks advanced: the sum of the towers' rank indices, counted in
        // the player's frame (8 towers, 7 ranks at most each).
        let (count, rank_sum) = count_and_rank_sum(towers.0);
        let advanced = match player {
            Player::Black => rank_sum as i32,
            Player::White => 7 * count as i32 - rank_sum as i32,
        };
        let runners = p.runners(player).len() as i32;
        let value = 3 * advanced + 30 * runners;
        score += if player == side { value } else { -value };
    }
    let Some(colour) = p.forced_colour() else {
        return score;
    };
    let tower = Tower::new(side, colour);
    let from = p.square_of(tower);
    let slides = slide_targets(side, from, p.rank_of(tower), occupied);
    if slides.intersects(side.goal_rank().bitboard()) {
        return score + 400;
    }
    if !slides.is_empty() {
        let opponent = side.opponent();
        let opponent_goal = opponent.goal_rank().bitboard();
        let mut handing = 0;
        for to in slides {
            let after = occupied ^ from.bitboard() ^ to.bitboard();
            let reply = Tower::new(opponent, p.layout().colour_of(to));
            let reply_from = p.square_of(reply);
            let runner = if sumo.has(reply_from) {
                slide_targets(opponent, reply_from, p.rank_at(reply_from), after)
                    .intersects(opponent_goal)
            } else {
                plain_runner(opponent, reply_from, after)
            };
            handing += i32::from(runner);
        }
        if handing > 0 {
            // The legal moves: the slides, and a push for a sumo.
            let moves = if sumo.has(from) {
                p.count_moves() as i32
            } else {
                slides.len() as i32
            };
            score -= 200 * handing / moves;
        }
    }
    score
}

/// The number of squares in `set` and the sum of their rank indices (0 for
/// rank 1), when at most 8 are set: one multiplication each of the ranks'
/// counts sums them, or weighs them by their rank (no partial sum reaches
/// 256, so nothing carries). Cheaper than `count_ones` on the default
/// target, which has no population count instruction.
#[inline(always)]
fn count_and_rank_sum(set: u64) -> (u64, u64) {
    let x = Bitboard(set).rank_counts();
    (
        x.wrapping_mul(0x0101_0101_0101_0101) >> 56,
        x.wrapping_mul(0x0001_0203_0405_0607) >> 56,
    )
}

#[cfg(test)]
mod tests {
    use board_geometry::{Bitboard, Square};

    use super::*;

    /// Each layout is the printed board with its colours renamed, so the
    /// same squares played from each layout's start give positions that
    /// differ only in the colours' names, and their evaluations must agree
    /// with the printed board's. Counted: positions whose forced tower has
    /// a slide that hands the opponent a runner (the term that reads the
    /// landing square's colour).
    #[test]
    fn every_layout_evaluates_as_the_printed_board_under_other_names() {
        use kamisado_core::{Game, Layout};
        let mut rng = board_geometry::SplitMix64::new(43);
        let mut handing = 0;
        for layout in [Layout::Turned, Layout::Mirrored, Layout::MirroredTurned] {
            for _ in 0..150 {
                let mut printed = Position::start();
                let mut other = Position::start_on(layout);
                while !printed.is_over() {
                    assert_eq!(evaluate(&other), evaluate(&printed), "{layout:?} {printed}");
                    let moves = printed.legal_moves();
                    if let Some(colour) = printed.forced_colour() {
                        let opponent = printed.side_to_move().opponent();
                        let forced = Tower::new(printed.side_to_move(), colour);
                        handing += usize::from(moves.iter().any(|&mv| {
                            let after = printed.play_unchecked(mv);
                            mv.from == printed.square_of(forced)
                                && after.forced_colour().is_some_and(|reply| {
                                    let reply = Tower::new(opponent, reply);
                                    after.runners(opponent).has(after.square_of(reply))
                                })
                        }));
                    }
                    let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                    printed = printed.play_unchecked(mv);
                    other = other.play_unchecked(mv);
                }
                assert_eq!(other.winner(), printed.winner());
            }
        }
        assert!(handing > 1_000, "{handing}");
    }

    #[test]
    fn counts_and_rank_sums() {
        assert_eq!(count_and_rank_sum(0), (0, 0));
        assert_eq!(count_and_rank_sum(0xFF), (8, 0));
        assert_eq!(count_and_rank_sum(0xFF << 56), (8, 56));
        let set = Square::A1.bitboard() | Square::H3 | Square::C8 | Square::D5;
        assert_eq!(count_and_rank_sum(set.0), (4, 2 + 7 + 4));
        // Any eight squares or fewer, against counting square by square.
        let mut rng = board_geometry::SplitMix64::new(9);
        for _ in 0..2_000 {
            let mut set = Bitboard::EMPTY;
            for _ in 0..rng.next_u64() % 9 {
                set |= Square::ALL[(rng.next_u64() % 64) as usize];
            }
            let ranks: u64 = set.into_iter().map(|s| s.rank() as u64).sum();
            assert_eq!(
                count_and_rank_sum(set.0),
                (u64::from(set.len()), ranks),
                "{set:?}"
            );
        }
    }
}
