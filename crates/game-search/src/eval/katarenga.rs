//! Katarenga for the search: the [`SearchGame`] impl and the evaluation.

use board_geometry::{Bitboard, Player};
use katarenga_core::{Activity, Destination, Move, Position, target_line};

use crate::SearchGame;
use katarenga_core::Game;

impl SearchGame for Position {
    const MOVE_INDICES: usize = 64 * 68;
    const QUIESCENCE: bool = true;

    /// `from * 68 + destination` (squares 0-63, camps 64-67).
    fn move_index(mv: Move) -> usize {
        let to = match mv.to {
            Destination::Square(s) => s.index(),
            Destination::Camp(c) => 64 + c.index(),
        };
        mv.from.index() * 68 + to
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        let side = Position::side_to_move(self);
        match mv.to {
            // Taking the second camp.
            Destination::Camp(_) => self.camps().count(side) == 1,
            // Taking a piece from an opponent down to two (the count
            // first: it is rarely two, and the test is one comparison).
            Destination::Square(to) => {
                self.piece_count(side.opponent()) == 2 && self.pieces(side.opponent()).has(to)
            }
        }
    }

    /// One pass over the moves: a move wins at once by taking the second
    /// camp or by taking a piece from an opponent down to 2. (Leaving the
    /// opponent without a move never happens to a player who has moved
    /// before, the rules page says; for one whose first move is pending,
    /// the moves are played out.)
    fn replies(&self) -> crate::Replies {
        let side = Position::side_to_move(self);
        let opponent = side.opponent();
        if self.first_move_pending(opponent) {
            return crate::Replies::exhaustive(self);
        }
        let camp_wins = self.camps().count(side) == 1;
        let takes = if self.piece_count(opponent) == 2 {
            self.pieces(opponent)
        } else {
            Bitboard::EMPTY
        };
        let mut moves = 0u32;
        let mut wins = false;
        self.generate_moves(|piece| {
            moves += piece.len() as u32;
            wins |= (camp_wins && piece.camps != katarenga_core::Camps::EMPTY)
                || piece.to.intersects(takes);
            wins
        });
        crate::Replies { moves, wins }
    }

    /// Captures and moves into camps.
    fn is_tactical(&self, mv: Move) -> bool {
        match mv.to {
            Destination::Camp(_) => true,
            // A legal move's square holds no piece of the mover's.
            Destination::Square(to) => self.occupied().has(to),
        }
    }

    /// Captures and moves into camps, generated without the others.
    fn tactical_moves(&self) -> game_rules::MoveList<Move> {
        let mut list = game_rules::MoveList::new();
        self.generate_tactical_moves(|moves| {
            for mv in moves {
                // Below the capacity: these are some of the legal moves.
                if list.try_push(mv).is_err() {
                    return true;
                }
            }
            false
        });
        list
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// What a piece on the board is worth by its remaining distance (in
/// ranks) to its target line: on the line it may enter a camp next move.
const PROGRESS: [i32; 8] = [70, 40, 24, 14, 8, 4, 1, 0];

/// [`PROGRESS`] by rank for a player whose target line is rank index
/// `goal`, the ranks of one `parity` (0: ranks 1, 3, 5, 7 by index 0, 2,
/// 4, 6) in the 16-bit lanes of a multiplier, lowest rank in the top lane
/// (see [`progress`]).
const fn progress_multiplier(goal: usize, parity: usize) -> u64 {
    let mut multiplier = 0;
    let mut lane = 0;
    while lane < 4 {
        let rank = 2 * lane + parity;
        multiplier |= (PROGRESS[rank.abs_diff(goal)] as u64) << (16 * (3 - lane));
        lane += 1;
    }
    multiplier
}

/// The multipliers of [`progress`], by player index and rank parity.
const PROGRESS_MULTIPLIERS: [[u64; 2]; 2] = {
    let black = Player::Black.goal_rank().index();
    let white = Player::White.goal_rank().index();
    [
        [progress_multiplier(black, 0), progress_multiplier(black, 1)],
        [progress_multiplier(white, 0), progress_multiplier(white, 1)],
    ]
};

/// The sum of [`PROGRESS`] over `player`'s `pieces`, without visiting them:
/// each rank's count ([`Bitboard::rank_counts`]) spread into 16-bit lanes,
/// even ranks and odd ranks apart, and weighed by one multiplication each,
/// whose top lane collects the sum. No lane's partial sum nears 2^16 (8
/// pieces a rank, weights below 100), so nothing carries between lanes.
#[inline]
fn progress(pieces: Bitboard, player: Player) -> i32 {
    const LANES: u64 = 0x00FF_00FF_00FF_00FF;
    let counts = pieces.rank_counts();
    let [even, odd] = PROGRESS_MULTIPLIERS[player.index()];
    let sum = ((counts & LANES).wrapping_mul(even) >> 48)
        + (((counts >> 8) & LANES).wrapping_mul(odd) >> 48);
    sum as i32
}

/// The evaluation of a Katarenga position, from the side to move's point of
/// view, in hundredths of a piece roughly. The weights are set by hand and
/// chosen by self-play against a simpler evaluation (material, camps and
/// mobility alone).
///
/// - Material: 100 a piece on the board, 200 a piece in a camp (it can no
///   longer be taken and is half the win); a side down to 3 pieces (board
///   and camps) loses 40 more, down to 2 another 120 (one more capture
///   loses the game).
/// - Progress: by the ranks left to the target line (70 on
///   the line, 40 one rank away, down to nothing at home).
/// - Camp threats: a piece on the target line with an open camp of its
///   own is a threat to enter; with one camp already held it threatens to
///   win. For the side to move that is a win next move (+500); for the
///   other side, +250, or +80 if there is one such piece and the side to
///   move attacks it (it can take it).
/// - Hanging pieces: the side to move gains 75 if it attacks an
///   undefended opponent piece, 15 if it attacks only defended ones; it
///   loses 15 if one of its own pieces is attacked and undefended (it must
///   spend its move saving it), and 60 for each such piece beyond the first
///   (it can save only one). A pending first move under the
///   no-first-capture option attacks nothing.
/// - Mobility: 3 a square a piece can move to, both sides.
#[must_use]
pub fn evaluate(p: &Position) -> i32 {
    let me = p.side_to_move();
    let you = me.opponent();
    // Each side's attacks (with the squares it defends) and its mobility
    // (moves to squares, captures included, camps aside).
    let sides: [Activity; 2] = [p.activity(Player::Black), p.activity(Player::White)];
    let (mine, yours) = (sides[me.index()], sides[you.index()]);
    let mut score = 0;
    for player in Player::ALL {
        let pieces = p.pieces(player);
        let camps = p.camps().count(player) as i32;
        let count = p.piece_count(player);
        // The pieces on the board: the count kept by the position less
        // those in camps (no population count).
        let mut value = 100 * (count as i32 - camps) + 200 * camps;
        if count <= 3 {
            value -= 40;
        }
        if count <= 2 {
            value -= 120;
        }
        value += progress(pieces, player);
        value += 3 * sides[player.index()].mobility as i32;
        // Camp threats: pieces on the line with an open camp of their own.
        let open = 2 - camps;
        let on_line = pieces & target_line(player);
        if open > 0 && !on_line.is_empty() && camps == 1 {
            value += if player == me {
                500
            } else if on_line - mine.attacks == Bitboard::EMPTY && on_line.len() == 1 {
                80
            } else {
                250
            };
        }
        score += if player == me { value } else { -value };
    }
    // Hanging pieces.
    if !p.first_move_pending(me) {
        let targets = p.pieces(you) & mine.attacks;
        if !(targets - yours.attacks).is_empty() {
            score += 75;
        } else if !targets.is_empty() {
            score += 15;
        }
    }
    if !p.first_move_pending(you) {
        let hanging = (p.pieces(me) & yours.attacks) - mine.attacks;
        // Counted only when there is one (most positions have none).
        if !hanging.is_empty() {
            score -= 15 + 60 * (hanging.len() as i32 - 1);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each position of 40 seeded games from the start to their end, with
    /// its legal moves.
    fn seeded_positions(seed: u64, mut check: impl FnMut(&Position, &game_rules::MoveList<Move>)) {
        let mut rng = board_geometry::SplitMix64::new(seed);
        for _ in 0..40 {
            let mut p = Position::start();
            loop {
                let legal = p.legal_moves();
                check(&p, &legal);
                if legal.is_empty() {
                    break;
                }
                p = p.play_unchecked(legal[(rng.next_u64() % legal.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn the_tactical_moves_are_the_legal_moves_that_capture_or_enter_a_camp() {
        // Against the definition: every legal move listed, those onto a
        // piece or into a camp kept, in their order, and `is_tactical`
        // accepting just those.
        let (mut positions, mut tactical) = (0, 0);
        seeded_positions(23, |p, legal| {
            let mut expected = legal.clone();
            expected.retain(|mv| match mv.to {
                Destination::Camp(_) => true,
                Destination::Square(to) => p.piece_on(to).is_some(),
            });
            for &mv in legal {
                assert_eq!(p.is_tactical(mv), expected.contains(&mv), "{p} {mv}");
            }
            assert_eq!(SearchGame::tactical_moves(p), expected, "{p}");
            positions += 1;
            tactical += expected.len();
        });
        assert!(
            positions > 1_000 && tactical > 1_000,
            "{positions} positions, {tactical} tactical moves"
        );
    }

    #[test]
    fn a_move_wins_at_once_when_it_takes_the_second_camp_or_the_last_piece_but_one() {
        // Against the position after each legal move: won by camps or by
        // the opponent's pieces.
        use katarenga_core::Outcome;
        let (mut camps, mut pieces) = (0, 0);
        seeded_positions(29, |p, legal| {
            let side = Position::side_to_move(p);
            for &mv in legal {
                let wins = match p.play_unchecked(mv).outcome() {
                    Some(Outcome::Camps { winner }) if winner == side => {
                        camps += 1;
                        true
                    }
                    Some(Outcome::TooFewPieces { winner }) if winner == side => {
                        pieces += 1;
                        true
                    }
                    _ => false,
                };
                assert_eq!(p.wins_at_once(mv), wins, "{p} {mv}");
            }
        });
        assert!(
            camps > 50 && pieces > 50,
            "{camps} camp wins, {pieces} piece wins"
        );
    }

    /// The evaluation as its documentation states it, square by square:
    /// each piece's reach from the board, the camps named one by one.
    fn evaluation_as_documented(p: &Position) -> i32 {
        use katarenga_core::{Camp, on_target_line};
        let me = Position::side_to_move(p);
        let you = me.opponent();
        // A side's attacked squares and its mobility, piece by piece.
        let side = |player: Player| {
            let own = p.pieces(player);
            let (mut attacks, mut mobility) = (Bitboard::EMPTY, 0);
            for from in own {
                let reach = p.board().reach(from, p.occupied());
                attacks |= reach;
                mobility += reach.iter().filter(|&s| !own.has(s)).count() as i32;
            }
            (attacks, mobility)
        };
        let (mine, yours) = (side(me).0, side(you).0);
        let mut score = 0;
        for player in Player::ALL {
            let on_board = p.pieces(player).iter().count() as i32;
            let camps = Camp::of(player)
                .into_iter()
                .filter(|&c| p.camp_occupied(c))
                .count() as i32;
            let mut value = 100 * on_board + 200 * camps;
            if on_board + camps <= 3 {
                value -= 40;
            }
            if on_board + camps <= 2 {
                value -= 120;
            }
            let goal = player.goal_rank().index();
            for s in p.pieces(player) {
                value += PROGRESS[s.rank().index().abs_diff(goal)];
            }
            value += 3 * side(player).1;
            let on_line: std::vec::Vec<_> = p
                .pieces(player)
                .iter()
                .filter(|&s| on_target_line(player, s))
                .collect();
            if camps == 1 && !on_line.is_empty() {
                value += if player == me {
                    500
                } else if on_line.len() == 1 && mine.has(on_line[0]) {
                    80
                } else {
                    250
                };
            }
            score += if player == me { value } else { -value };
        }
        if !p.first_move_pending(me) {
            let attacked: std::vec::Vec<_> =
                p.pieces(you).iter().filter(|&s| mine.has(s)).collect();
            if attacked.iter().any(|&s| !yours.has(s)) {
                score += 75;
            } else if !attacked.is_empty() {
                score += 15;
            }
        }
        if !p.first_move_pending(you) {
            let hanging = p
                .pieces(me)
                .iter()
                .filter(|&s| yours.has(s) && !mine.has(s))
                .count() as i32;
            if hanging > 0 {
                score -= 15 + 60 * (hanging - 1);
            }
        }
        score
    }

    #[test]
    fn the_evaluation_is_the_sum_of_its_documented_terms() {
        // Against the terms computed square by square, in seeded games,
        // each position also with both first moves pending (the
        // no-first-capture option: a pending side attacks nothing).
        let (mut positions, mut threats, mut hanging, mut attacked_threat) = (0, 0, 0, 0);
        for seed in 31..41 {
            seeded_positions(seed, |p, _| {
                let pending = p
                    .with_first_move_pending(Player::Black, true)
                    .with_first_move_pending(Player::White, true);
                for q in [*p, pending] {
                    assert_eq!(evaluate(&q), evaluation_as_documented(&q), "{q}");
                    positions += 1;
                }
                let me = Position::side_to_move(p);
                threats += usize::from(Player::ALL.into_iter().any(|player| {
                    p.camps().count(player) == 1 && p.pieces(player).intersects(target_line(player))
                }));
                let (mine, yours) = (p.attacks(me), p.attacks(me.opponent()));
                hanging += usize::from(!((p.pieces(me) & yours) - mine).is_empty());
                // The opponent's one threatening piece, which the side to move
                // attacks.
                let you = me.opponent();
                let on_line = p.pieces(you) & target_line(you);
                attacked_threat += usize::from(
                    p.camps().count(you) == 1 && on_line.len() == 1 && mine.intersects(on_line),
                );
            });
        }
        assert!(
            positions > 2_000 && threats > 50 && hanging > 200 && attacked_threat > 10,
            "{positions} positions, {threats} with camp threats, {hanging} with hanging pieces, \
             {attacked_threat} with an attacked threat"
        );
    }

    #[test]
    fn progress_sums_each_pieces_worth_by_its_distance_to_the_target_line() {
        // Against the sum piece by piece, on sets of every size (a board
        // holds at most 16 pieces; the sum is exact on any set).
        let mut rng = board_geometry::SplitMix64::new(17);
        for n in 0..3_000u64 {
            let set = match n % 3 {
                0 => Bitboard(rng.next_u64() & rng.next_u64() & rng.next_u64()),
                1 => Bitboard(rng.next_u64()),
                _ => Bitboard(!(n / 3)),
            };
            for player in Player::ALL {
                let goal = player.goal_rank().index();
                let expected: i32 = set
                    .iter()
                    .map(|s| PROGRESS[s.rank().index().abs_diff(goal)])
                    .sum();
                assert_eq!(progress(set, player), expected, "{set:?} {player:?}");
            }
        }
    }
}
