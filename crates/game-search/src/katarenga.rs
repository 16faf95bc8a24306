//! Katarenga for the search: the [`SearchGame`] impl and the evaluation.

use board_geometry::{Bitboard, Player};
use katarenga_core::{Destination, Move, MoveList, Outcome, Position, SquareColour, target_line};

use crate::SearchGame;

impl SearchGame for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Outcome = Outcome;
    type IllegalMove = katarenga_core::IllegalMove;

    const NAME: &'static str = "katarenga";
    const MOVE_INDICES: usize = 64 * 68;

    fn start() -> Position {
        Position::start()
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        self.generate_moves(|piece| {
            piece.iter().for_each(&mut f);
            false
        });
    }

    fn count_moves(&self) -> usize {
        Position::count_moves(self)
    }

    fn play(&self, mv: Move) -> Position {
        self.play_unchecked(mv)
    }

    fn try_play(&self, mv: Move) -> Result<Position, katarenga_core::IllegalMove> {
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

    /// `from * 68 + destination` (squares 0-63, camps 64-67).
    fn move_index(mv: Move) -> usize {
        let to = match mv.to {
            Destination::Square(s) => usize::from(s.index()),
            Destination::Camp(c) => 64 + c.index(),
        };
        usize::from(mv.from.index()) * 68 + to
    }

    fn wins_at_once(&self, mv: Move) -> bool {
        let side = Position::side_to_move(self);
        match mv.to {
            // Taking the second camp.
            Destination::Camp(_) => self.camps().count(side) == 1,
            // Taking a piece from an opponent down to two.
            Destination::Square(to) => {
                self.piece_on(to) == Some(side.opponent()) && self.piece_count(side.opponent()) == 2
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

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// The evaluation of a Katarenga position: material, pieces in camps and on the target line, progress,
/// mobility by square colour, and the side to move's mobility.
///
/// - Each piece on the board 100, each in a camp 180 (it can no longer be
///   taken and counts towards the win).
/// - Each piece on its target line 25 (it may enter a camp next move).
/// - 2 per rank advanced.
/// - By the colour it stands on (how far it can reach): red (rook) 8,
///   yellow (bishop) 6, green (knight) 4, blue (king) 0.
/// - 1 per legal move of the side to move.
#[must_use]
pub fn evaluate(p: &Position) -> i32 {
    let side = p.side_to_move();
    let mut score = 0;
    for player in Player::ALL {
        let pieces = p.pieces(player);
        let camps = p.camps().count(player) as i32;
        let on_line = (pieces & target_line(player)).len() as i32;
        let advanced: i32 = pieces
            .iter()
            .map(|s| (i32::from(s.rank().index()) - i32::from(player.home_rank().index())).abs())
            .sum();
        let board = p.board();
        let reach = 8 * (pieces & board.squares(SquareColour::Red)).len() as i32
            + 6 * (pieces & board.squares(SquareColour::Yellow)).len() as i32
            + 4 * (pieces & board.squares(SquareColour::Green)).len() as i32;
        let value = 100 * pieces.len() as i32 + 180 * camps + 25 * on_line + 2 * advanced + reach;
        score += if player == side { value } else { -value };
    }
    score + p.count_moves() as i32
}
