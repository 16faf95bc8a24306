//! Katarenga for the search: the [`SearchGame`] impl and the evaluation;
//! the set-up's orientation choice and the match of a game and its rematch.

use board_geometry::{Bitboard, Direction, Player, Square, king_moves, knight_moves, ray_until};
use katarenga_core::{
    Destination, Move, Orientation, Position, Rematch, Setup, SquareColour, target_line,
};

use crate::Agent;
use crate::arena::{Adjudication, GameResult, play_game};

use crate::SearchGame;

impl SearchGame for Position {
    const MOVE_INDICES: usize = 64 * 68;
    const QUIESCENCE: bool = true;

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

    /// Captures and moves into camps.
    fn is_tactical(&self, mv: Move) -> bool {
        match mv.to {
            Destination::Camp(_) => true,
            Destination::Square(to) => self.piece_on(to).is_some(),
        }
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

/// The squares a slider on `from` attacks along `directions`, each ray up
/// to and including its first square in `stop`.
#[inline]
fn slider_attacks(from: Square, directions: [Direction; 4], stop: Bitboard) -> Bitboard {
    directions
        .iter()
        .fold(Bitboard::EMPTY, |acc, &d| acc | ray_until(d, from, stop))
}

/// One side's attacks: every square one of its pieces attacks (the
/// squares it could move to, its own side's included: those it defends),
/// and its mobility (moves to squares, camps aside).
#[derive(Debug, Clone, Copy)]
struct Side {
    attacks: Bitboard,
    mobility: i32,
}

/// A side's attacks, a colour group at a time (each group moves alike), as
/// move generation does.
fn side_of(p: &Position, player: Player) -> Side {
    let board = p.board();
    let occupied = p.occupied();
    let own = p.pieces(player);
    let yellow_stop = occupied | board.squares(SquareColour::Yellow);
    let red_stop = occupied | board.squares(SquareColour::Red);
    let mut attacks = Bitboard::EMPTY;
    let mut mobility = 0;
    let mut add = |a: Bitboard| {
        mobility += (a - own).len() as i32;
        attacks |= a;
    };
    for from in own & board.squares(SquareColour::Blue) {
        add(king_moves(from));
    }
    for from in own & board.squares(SquareColour::Green) {
        add(knight_moves(from));
    }
    for from in own & board.squares(SquareColour::Yellow) {
        add(slider_attacks(from, Direction::DIAGONAL, yellow_stop));
    }
    for from in own & board.squares(SquareColour::Red) {
        add(slider_attacks(from, Direction::STRAIGHT, red_stop));
    }
    Side { attacks, mobility }
}

/// What a piece on the board is worth by its remaining distance (in
/// ranks) to its target line: on the line it may enter a camp next move.
const PROGRESS: [i32; 8] = [70, 40, 24, 14, 8, 4, 1, 0];

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
    let sides = [side_of(p, Player::Black), side_of(p, Player::White)];
    let (mine, yours) = (sides[me.index()], sides[you.index()]);
    let mut score = 0;
    for player in Player::ALL {
        let pieces = p.pieces(player);
        let camps = p.camps().count(player) as i32;
        let count = p.piece_count(player);
        let mut value = 100 * pieces.len() as i32 + 200 * camps;
        if count <= 3 {
            value -= 40;
        }
        if count <= 2 {
            value -= 120;
        }
        let goal = player.goal_rank().index() as i32;
        value += pieces
            .iter()
            .map(|s| PROGRESS[(i32::from(s.rank().index()) - goal).unsigned_abs() as usize])
            .sum::<i32>();
        value += 3 * sides[player.index()].mobility;
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
        let hanging = ((p.pieces(me) & yours.attacks) - mine.attacks).len() as i32;
        score -= 60 * (hanging - 1).max(0) + 15 * hanging.min(1);
    }
    score
}

/// Black's choice of the board's orientation in a [`Setup`] (the first
/// player's choice of the rules), by `agent`: [`Agent::choose_start`] as
/// Black over the four starts of [`Setup::starts`]. A [`SearchAgent`](crate::SearchAgent)
/// searches the four and takes the one worst for White; a
/// [`RandomAgent`](crate::RandomAgent) picks at random; a
/// [`GreedyAgent`](crate::GreedyAgent) avoids a start where White wins
/// at once.
///
/// ```
/// use game_search::katarenga::choose_orientation;
/// use game_search::{Limits, SearchAgent};
/// use katarenga_core::{Board, Rules, Setup};
/// let mut agent = SearchAgent::new(Limits::depth(2), 1)?;
/// let o = choose_orientation(&mut agent, &Setup::new(Board::standard(), Rules::Standard));
/// println!("Black sits at the {o} edge");
/// # Ok::<(), game_search::TableError>(())
/// ```
pub fn choose_orientation(agent: &mut dyn Agent<Position>, setup: &Setup) -> Orientation {
    let starts = setup.starts();
    Orientation::ALL[agent.choose_start(Player::Black, &starts) % Orientation::ALL.len()]
}

/// A Katarenga match played by [`play_rematch`]: the orientation, both
/// games, and the points.
#[derive(Debug, Clone)]
pub struct PlayedRematch {
    /// The orientation the game was played in.
    pub orientation: Orientation,
    /// Whether the first player chose it (`false`: it was given).
    pub chosen: bool,
    /// The first game (the first player Black) and the rematch (the first
    /// player White), from the same start.
    pub games: [GameResult<Position>; 2],
    /// The match: its results and points.
    pub rematch: Rematch,
}

/// Plays a Katarenga match as the rules set it up: `agents[0]` is the
/// first player, who chooses the orientation (unless `orientation` is
/// given) with [`choose_orientation`] and plays Black in the first game;
/// `agents[1]` plays White and moves first. Then the rematch from the
/// same start with the sides exchanged (the [`Rematch`] reading), points
/// added. An adjudicated game is half a point each.
///
/// ```
/// use game_search::katarenga::play_rematch;
/// use game_search::arena::Adjudication;
/// use game_search::{GreedyAgent, RandomAgent};
/// use katarenga_core::{Board, Rules, Setup};
/// let (mut first, mut second) = (GreedyAgent::new(1), RandomAgent::new(2));
/// let setup = Setup::new(Board::standard(), Rules::Standard);
/// let m = play_rematch(setup, None, [&mut first, &mut second], Adjudication::default());
/// assert!(m.rematch.is_over());
/// // Two games, a point each (half a point each for an adjudicated game).
/// assert_eq!(m.rematch.half_points().iter().sum::<u32>(), 4);
/// ```
pub fn play_rematch(
    setup: Setup,
    orientation: Option<Orientation>,
    agents: [&mut dyn Agent<Position>; 2],
    adjudication: Adjudication,
) -> PlayedRematch {
    let [first, second] = agents;
    let chosen = orientation.is_none();
    let orientation = orientation.unwrap_or_else(|| choose_orientation(first, &setup));
    let start = setup.start(orientation);
    let mut rematch = Rematch::new(start);
    // White moves first: `play_game` takes White's agent first.
    let one = play_game(start, [&mut *second, &mut *first], adjudication, |_, _| {});
    let _ = rematch.record_game(one.winner());
    let two = play_game(start, [&mut *first, &mut *second], adjudication, |_, _| {});
    let _ = rematch.record_game(two.winner());
    PlayedRematch {
        orientation,
        chosen,
        games: [one, two],
        rematch,
    }
}
