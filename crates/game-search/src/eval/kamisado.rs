//! Kamisado for the search: the [`SearchGame`] impl and the evaluation.

use board_geometry::{Bitboard, Player, Square};
use kamisado_core::{Colour, Move, Position, SumoRank, Tower, plain_runner, slide_targets};

use crate::{LeafValue, SearchGame};
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

    /// One look at the forced tower's slides: when it can slide, the round
    /// goes on (no arrival, no deadlock) and the slides are the
    /// evaluation's; otherwise (an arrival, a free choice, a forced tower
    /// that cannot slide) the rules say whether the round is over.
    fn evaluate_leaf(&self) -> LeafValue {
        let arrived = (self.pieces(Player::Black) & Player::Black.goal_rank().bitboard())
            | (self.pieces(Player::White) & Player::White.goal_rank().bitboard());
        if let (true, Some(colour)) = (arrived.is_empty(), self.forced_colour()) {
            let (from, slides) = forced_slides(self, colour);
            if !slides.is_empty() {
                return LeafValue::Evaluated(standing(self) + forced_term(self, from, slides));
            }
        }
        match self.winner() {
            Some(winner) => LeafValue::Won(winner),
            None => LeafValue::Evaluated(evaluate(self)),
        }
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
    let standing = standing(p);
    match p.forced_colour() {
        None => standing,
        Some(colour) => {
            let (from, slides) = forced_slides(p, colour);
            standing + forced_term(p, from, slides)
        }
    }
}

/// The square and the slides of the side to move's `colour` tower.
#[inline(always)]
fn forced_slides(p: &Position, colour: Colour) -> (Square, Bitboard) {
    let side = p.side_to_move();
    let tower = Tower::new(side, colour);
    let from = p.square_of(tower);
    (
        from,
        slide_targets(side, from, p.rank_of(tower), p.occupied()),
    )
}

/// The towers' progress and runners, from the side to move's point of
/// view.
#[inline(always)]
fn standing(p: &Position) -> i32 {
    // Every position holds all 16 towers, so White's ranks advanced are
    // 7 * 8 less its towers' rank sum, and Black's advance less White's is
    // the rank sum of all the towers less 56: one multiplication of the
    // ranks' counts, each weighed by its rank (16 towers, 7 a rank at most:
    // no partial sum reaches 256, so nothing carries).
    let ranks = p
        .occupied()
        .rank_counts()
        .wrapping_mul(0x0001_0203_0405_0607)
        >> 56;
    // Both players' runner counts in one sum: Black's per rank in the low
    // nibble of the rank's byte, White's in the high one (at most 8 runners
    // each, so neither nibble nor the total, 8 + 16 * 8, overflows).
    let black = p.runners(Player::Black).rank_counts();
    let white = p.runners(Player::White).rank_counts();
    let runners = (black + (white << 4)).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let black_runners = (runners & 0xF) as i32 - (runners >> 4) as i32;
    let for_black = 3 * (ranks as i32 - 56) + 30 * black_runners;
    match p.side_to_move() {
        Player::Black => for_black,
        Player::White => -for_black,
    }
}

/// The forced tower's term: +400 for a runner, else the share of its
/// `slides` (from `from`) that hand the opponent a runner, up to -200.
#[inline(always)]
fn forced_term(p: &Position, from: Square, slides: Bitboard) -> i32 {
    let side = p.side_to_move();
    if slides.intersects(side.goal_rank().bitboard()) {
        return 400;
    }
    if slides.is_empty() {
        return 0;
    }
    let opponent = side.opponent();
    let opponent_goal = opponent.goal_rank().bitboard();
    let lifted = p.occupied() ^ from.bitboard();
    let sumo = p.rank_at_least(SumoRank::Sumo);
    let layout = p.layout();
    let mut handing = 0;
    if sumo.intersects(p.pieces(opponent)) {
        for to in slides {
            let reply_from = p.square_of(Tower::new(opponent, layout.colour_of(to)));
            let after = lifted | to.bitboard();
            let runner = if sumo.has(reply_from) {
                slide_targets(opponent, reply_from, p.rank_at(reply_from), after)
                    .intersects(opponent_goal)
            } else {
                plain_runner(opponent, reply_from, after)
            };
            handing += i32::from(runner);
        }
    } else {
        // No sumo to reply with (every round but a match's later ones):
        // every reply tower is plain.
        for to in slides {
            let reply_from = p.square_of(Tower::new(opponent, layout.colour_of(to)));
            handing += i32::from(plain_runner(opponent, reply_from, lifted | to.bitboard()));
        }
    }
    if handing == 0 {
        return 0;
    }
    // The legal moves: the slides, and a push for a sumo.
    let moves = if sumo.has(from) {
        p.count_moves() as i32
    } else {
        slides.len() as i32
    };
    -(200 * handing / moves)
}

#[cfg(test)]
mod tests {
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

    /// The evaluation read from its definition, move by move: each
    /// tower's runner test by its own slides, ranks counted square by
    /// square, the forced tower's slides played and the reply tower's
    /// slides generated in the position after each, the legal moves
    /// listed.
    fn evaluation_by_the_definition(p: &Position) -> i32 {
        let side = p.side_to_move();
        let opponent = side.opponent();
        let runner = |q: &Position, player: Player, square: Square| {
            slide_targets(player, square, q.rank_at(square), q.occupied())
                .intersects(player.goal_rank().bitboard())
        };
        let mut score = 0;
        for player in Player::ALL {
            let home = player.home_rank() as i32;
            let mut value = 0;
            for square in p.pieces(player) {
                value += 3 * (square.rank() as i32 - home).abs();
                if runner(p, player, square) {
                    value += 30;
                }
            }
            score += if player == side { value } else { -value };
        }
        let Some(colour) = p.forced_colour() else {
            return score;
        };
        if runner(p, side, p.square_of(Tower::new(side, colour))) {
            return score + 400;
        }
        let moves = p.legal_moves();
        let slides = moves
            .iter()
            .filter(|mv| !mv.is_pass() && !p.occupied().has(mv.to));
        let handing = slides
            .filter(|&&mv| {
                let after = p.play_unchecked(mv);
                let reply = after.forced_colour().expect("a slide forces a colour");
                runner(
                    &after,
                    opponent,
                    after.square_of(Tower::new(opponent, reply)),
                )
            })
            .count() as i32;
        if handing > 0 {
            score -= 200 * handing / moves.len() as i32;
        }
        score
    }

    /// Positions of random rounds from every layout's start under every
    /// reading of the rules, and beside a quarter of them the same position
    /// with a random tower made a sumo of a random rank.
    fn random_positions(seed: u64, rounds: usize, mut visit: impl FnMut(&Position)) {
        use kamisado_core::{Game, Layout, Rules};
        let mut rng = board_geometry::SplitMix64::new(seed);
        for round in 0..rounds {
            let layout = Layout::ALL[round % Layout::ALL.len()];
            let rules = Rules::ALL[(round / Layout::ALL.len()) % Rules::ALL.len()];
            let mut p = Position::start_on(layout).with_rules(rules);
            loop {
                visit(&p);
                if rng.next_u64() % 4 == 0 {
                    let tower = Tower::new(
                        Player::ALL[(rng.next_u64() % 2) as usize],
                        Colour::ALL[(rng.next_u64() % 8) as usize],
                    );
                    let rank = SumoRank::ALL[1 + (rng.next_u64() % 3) as usize];
                    if let Ok(sumo) = p.with_rank(tower, rank) {
                        visit(&sumo);
                    }
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play_unchecked(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
    }

    /// The evaluation of every round that goes on (the search evaluates no
    /// other) against its definition read move by move, with the branches
    /// that differ counted: the forced runner (+400), slides handing a
    /// runner to plain reply towers and to sumo ones, a forced sumo that
    /// can slide (its moves counted with its push), a free choice.
    #[test]
    fn the_evaluation_is_its_definition() {
        use kamisado_core::Game;
        let (mut runner, mut plain, mut sumo, mut forced_sumo, mut free) = (0, 0, 0, 0, 0);
        random_positions(7, 2_000, |p| {
            if p.is_over() {
                return;
            }
            assert_eq!(evaluate(p), evaluation_by_the_definition(p), "{p}");
            let Some(colour) = p.forced_colour() else {
                free += 1;
                return;
            };
            let side = p.side_to_move();
            let (from, slides) = forced_slides(p, colour);
            let sumos = p.rank_at_least(SumoRank::Sumo);
            forced_sumo += usize::from(sumos.has(from) && !slides.is_empty());
            match forced_term(p, from, slides) {
                400 => runner += 1,
                term if term < 0 && sumos.intersects(p.pieces(side.opponent())) => sumo += 1,
                term if term < 0 => plain += 1,
                _ => {}
            }
        });
        assert!(runner > 5_000, "{runner}");
        assert!(plain > 10_000, "{plain}");
        assert!(sumo > 1_000, "{sumo}");
        assert!(forced_sumo > 250, "{forced_sumo}");
        assert!(free > 2_000, "{free}");
    }

    /// The leaf's one look at the forced tower against the rules' outcome
    /// then the evaluation (the default), with the ends counted: arrivals,
    /// deadlocks, and forced towers that cannot slide in rounds that go on.
    #[test]
    fn a_leaf_is_the_winner_or_the_evaluation() {
        use kamisado_core::{Game, Outcome};
        let (mut arrivals, mut deadlocks, mut stuck) = (0, 0, 0);
        random_positions(8, 3_000, |p| {
            let expected = match p.winner() {
                Some(winner) => LeafValue::Won(winner),
                None => LeafValue::Evaluated(evaluate(p)),
            };
            assert_eq!(p.evaluate_leaf(), expected, "{p}");
            match p.outcome() {
                Some(Outcome::Arrival { .. }) => arrivals += 1,
                Some(Outcome::Deadlock { .. }) => deadlocks += 1,
                Some(_) => {}
                None => {
                    if let Some(colour) = p.forced_colour() {
                        stuck += usize::from(forced_slides(p, colour).1.is_empty());
                    }
                }
            }
        });
        assert!(arrivals > 3_000, "{arrivals}");
        assert!(deadlocks > 10, "{deadlocks}");
        assert!(stuck > 500, "{stuck}");
    }
}
