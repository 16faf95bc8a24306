//! Static evaluations, from the side to move's point of view, in rough
//! hundredths of a won game.

use board_geometry::{Player, between};

/// Kamisado: towers with a free path to the goal row ("runners") and
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
pub fn kamisado(p: &kamisado_core::Position) -> i32 {
    use kamisado_core::{Colour, Tower};
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

/// Katarenga: material, pieces in camps and on the target line, progress,
/// mobility by square colour, and the side to move's mobility.
///
/// - Each piece on the board 100, each in a camp 180 (it can no longer be
///   taken and counts towards the win).
/// - Each piece on its target line 25 (it may enter a camp next move).
/// - 2 per rank advanced.
/// - By the colour it stands on (how far it can reach): red (rook) 8,
///   yellow (bishop) 6, green (knight) 4, blue (king) 0.
/// - 1 per legal move of the side to move.
pub fn katarenga(p: &katarenga_core::Position) -> i32 {
    let side = p.side_to_move();
    let mut score = 0;
    for player in Player::ALL {
        let pieces = p.pieces(player);
        let camps = p.camps().count(player) as i32;
        let on_line = (pieces & katarenga_core::target_line(player)).len() as i32;
        let advanced: i32 = pieces
            .iter()
            .map(|s| (i32::from(s.rank().index()) - i32::from(player.home_rank().index())).abs())
            .sum();
        let board = p.board();
        let reach = 8 * (pieces & board.squares(katarenga_core::SquareColour::Red)).len() as i32
            + 6 * (pieces & board.squares(katarenga_core::SquareColour::Yellow)).len() as i32
            + 4 * (pieces & board.squares(katarenga_core::SquareColour::Green)).len() as i32;
        let value = 100 * pieces.len() as i32 + 180 * camps + 25 * on_line + 2 * advanced + reach;
        score += if player == side { value } else { -value };
    }
    score + p.count_moves() as i32
}
