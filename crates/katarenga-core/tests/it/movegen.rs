//! Move generation: a naive square-by-square reference generator checked
//! against the bitboard engine over random boards and random play, the
//! invariants of RULES.md 2, the per-piece move sets, and the
//! no-first-capture option against a naive generator of its own.

use katarenga_core::{Game, PositionBuilder};
use std::collections::BTreeSet;

use board_geometry::{Player, Square};
use katarenga_core::{
    Board, Camp, Destination, Move, Outcome, Position, Rotation, Side, SquareColour, Tile,
    TilePlacement,
};
use proptest::prelude::*;

use crate::common::sample;
use katarenga_core::PieceMoves;
use test_support::fixtures::play_out;
use test_support::oracle::{drain_exact, legal_move_set};

pub(crate) mod drawn;

/// The destinations of the piece on `from`, walking one square at a time.
pub(crate) fn naive_moves_from(p: &Position, from: Square) -> BTreeSet<Move> {
    let side = p.side_to_move();
    let mut out = BTreeSet::new();
    for to in crate::attacks::naive_attacks_from(p, from) {
        if p.piece_on(to) != Some(side) {
            out.insert(Move::new(from, to));
        }
    }
    if from.rank() == side.goal_rank() {
        for camp in Camp::of(side) {
            if !p.camp_occupied(camp) {
                out.insert(Move::to_camp(from, camp));
            }
        }
    }
    out
}

pub(crate) fn naive_outcome(p: &Position) -> Option<Player> {
    for player in Player::ALL {
        if Camp::of(player).iter().all(|&c| p.camp_occupied(c)) {
            return Some(player);
        }
    }
    for player in Player::ALL {
        let camps = Camp::of(player)
            .iter()
            .filter(|&&c| p.camp_occupied(c))
            .count();
        if p.pieces(player).len() as usize + camps < 2 {
            return Some(player.opponent());
        }
    }
    None
}

pub(crate) fn naive_moves(p: &Position) -> BTreeSet<Move> {
    if naive_outcome(p).is_some() {
        return BTreeSet::new();
    }
    p.pieces(p.side_to_move())
        .into_iter()
        .flat_map(|from| naive_moves_from(p, from))
        .collect()
}

fn placement(index: u32) -> [TilePlacement; 4] {
    // A simple decoding independent of the crate's enumeration order.
    let orders = [
        [0, 1, 2, 3],
        [1, 0, 3, 2],
        [2, 3, 0, 1],
        [3, 2, 1, 0],
        [0, 2, 1, 3],
        [3, 1, 2, 0],
    ];
    let order = orders[(index % 6) as usize];
    core::array::from_fn(|q| TilePlacement {
        tile: Tile::ALL[order[q]],
        side: if (index >> (3 + q)) & 1 == 1 {
            Side::Back
        } else {
            Side::Front
        },
        rotation: Rotation::new((index >> (7 + 2 * q)) as u8),
    })
}

/// A board: from tiles, or (one time in four) any random colouring.
fn board() -> impl Strategy<Value = Board> {
    prop_oneof![
        3 => any::<u32>().prop_map(|i| Board::from_tiles(placement(i)).unwrap()),
        1 => proptest::array::uniform32(0u8..4).prop_flat_map(|a| {
            proptest::array::uniform32(0u8..4).prop_map(move |b| {
                let cells: [SquareColour; 64] =
                    core::array::from_fn(|i| SquareColour::ALL[if i < 32 { a[i] } else { b[i - 32] } as usize]);
                Board::from_colours(cells)
            })
        }),
    ]
}

pub(crate) fn game() -> impl Strategy<Value = Vec<Position>> {
    (board(), proptest::collection::vec(any::<u16>(), 0..150))
        .prop_map(|(b, choices)| play_out(Position::start_on(b), &choices))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The engine generates exactly the naive reference moves; a position
    /// has an outcome exactly when it has no move.
    #[test]
    fn generator_agrees_with_the_naive_reference(positions in game()) {
        for p in &positions {
            prop_assert_eq!(legal_move_set(p), naive_moves(p), "in {}", p);
            prop_assert_eq!(p.legal_moves().is_empty(), p.outcome().is_some());
            if let Some(w) = naive_outcome(p) {
                prop_assert_eq!(p.outcome().map(Outcome::winner), Some(w));
            }
        }
    }

    /// `is_legal` accepts exactly the generated moves, over all from/to
    /// pairs, camps included.
    #[test]
    fn is_legal_agrees_with_the_generator(positions in game()) {
        for p in positions.iter().rev().step_by(9) {
            let generated = legal_move_set(p);
            for from in Square::ALL {
                let camps = Camp::ALL.map(|c| Move::to_camp(from, c));
                for mv in Square::ALL.map(|to| Move::new(from, to)).iter().chain(&camps) {
                    prop_assert_eq!(
                        p.is_legal(*mv), generated.contains(mv),
                        "{} in {}: {:?}", mv, p, p.check_move(*mv)
                    );
                }
            }
        }
    }

    /// Captures remove exactly one opponent piece; counts never grow;
    /// camps stay taken; the hash stays incremental.
    #[test]
    fn moves_have_their_effects(positions in game()) {
        for pair in positions.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            prop_assert!(after.is_consistent(), "{}", after);
            prop_assert_eq!(after.zobrist(), after.zobrist_from_scratch());
            let side = before.side_to_move();
            let opp = side.opponent();
            prop_assert_eq!(after.side_to_move(), opp);
            let mv = before.legal_moves().into_iter().find(|m| before.play(*m) == after).unwrap();
            let captured = matches!(mv.to, Destination::Square(to) if before.piece_on(to) == Some(opp));
            prop_assert_eq!(
                before.pieces(opp).len() - after.pieces(opp).len(),
                u32::from(captured)
            );
            prop_assert_eq!(after.piece_count(opp) + u32::from(captured), before.piece_count(opp));
            prop_assert_eq!(after.piece_count(side), before.piece_count(side));
            prop_assert_eq!(after.camps().0 & before.camps().0, before.camps().0);
            if let Destination::Camp(c) = mv.to {
                prop_assert!(after.camp_occupied(c) && !before.camp_occupied(c));
                prop_assert_eq!(after.pieces(side).len() + 1, before.pieces(side).len());
            }
        }
    }

    /// Notation round trips for positions, boards and moves.
    #[test]
    fn notation_round_trips(positions in game()) {
        for p in &positions {
            let text = p.to_string();
            let parsed: Position = text.parse().unwrap();
            prop_assert_eq!(parsed, *p);
            prop_assert_eq!(parsed.zobrist(), p.zobrist());
            prop_assert_eq!(p.board().to_string().parse::<Board>().unwrap(), *p.board());
            for mv in p.legal_moves() {
                prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
            }
        }
    }

    /// Mirroring the board left to right gives the same perft.
    #[test]
    fn mirrored_positions_have_the_same_perft(positions in game()) {
        let p = positions[positions.len() / 2];
        let mirrored = p.flip_files();
        prop_assert!(mirrored.is_consistent());
        prop_assert_eq!(mirrored.flip_files(), p);
        for depth in 1..=3 {
            prop_assert_eq!(mirrored.perft(depth), p.perft(depth));
        }
    }

    /// Random games end with an outcome or reach the ply limit without
    /// panicking.
    #[test]
    fn random_games_never_panic(b in board(), seed in any::<u64>()) {
        let mut p = Position::start_on(b);
        let mut rng = board_geometry::SplitMix64::new(seed);
        for _ in 0..1000 {
            let Some(&mv) = rng.choose(&p.legal_moves()) else {
                break;
            };
            p = p.play(mv);
        }
        prop_assert!(p.is_consistent());
    }
}

/// The option's reference: the naive generator with its own bookkeeping of
/// whose first move is pending (`pending`, by player index) on positions
/// that carry none, and a naive play that rebuilds the position from its
/// parts. Nothing of the engine's option code (flags, masks, hash) is used.
mod first_capture {
    use super::*;
    use katarenga_core::Rules;

    /// The moves under the option: the naive moves less the captures of a
    /// player whose first move is pending.
    pub(super) fn naive_moves_with(p: &Position, pending: [bool; 2]) -> BTreeSet<Move> {
        let side = p.side_to_move();
        naive_moves(p)
            .into_iter()
            .filter(|m| {
                !pending[side.index()]
                    || !matches!(m.to, Destination::Square(to) if p.piece_on(to) == Some(side.opponent()))
            })
            .collect()
    }

    /// The position after `m`, rebuilt from its parts.
    fn naive_play(p: &Position, m: Move) -> Position {
        let side = p.side_to_move();
        let mut pieces = [p.pieces(Player::Black), p.pieces(Player::White)];
        pieces[side.index()] = pieces[side.index()] & !m.from.bitboard();
        let mut camps = p.camps();
        match m.to {
            Destination::Square(to) => {
                pieces[side.opponent().index()] = pieces[side.opponent().index()] & !to.bitboard();
                pieces[side.index()] = pieces[side.index()] | to.bitboard();
            }
            Destination::Camp(camp) => camps = camps.with(camp),
        }
        PositionBuilder::new()
            .board(*p.board())
            .pieces(Player::Black, pieces[0])
            .pieces(Player::White, pieces[1])
            .camps(camps)
            .side_to_move(side.opponent())
            .build()
            .expect("a legal move keeps the position valid")
    }

    /// Perft under the option, from the naive parts only.
    pub(super) fn naive_perft_with(p: &Position, pending: [bool; 2], depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut after = pending;
        after[p.side_to_move().index()] = false;
        naive_moves_with(p, pending)
            .into_iter()
            .map(|m| naive_perft_with(&naive_play(p, m), after, depth - 1))
            .sum()
    }

    /// `p` as the naive side sees it: the pieces and camps, no flags; and
    /// the flags by player index.
    pub(super) fn split(p: &Position) -> (Position, [bool; 2]) {
        let bare = PositionBuilder::new()
            .board(*p.board())
            .pieces(Player::Black, p.pieces(Player::Black))
            .pieces(Player::White, p.pieces(Player::White))
            .camps(p.camps())
            .side_to_move(p.side_to_move())
            .build()
            .unwrap();
        (
            bare,
            [
                p.first_move_pending(Player::Black),
                p.first_move_pending(Player::White),
            ],
        )
    }

    /// White's captures on the first move from the start on `board`.
    fn first_captures(board: Board) -> usize {
        let p = Position::start_on(board);
        naive_moves(&p).len() - naive_moves_with(&p, [true, true]).len()
    }

    /// Writes the option's suite (`tests/data/katarenga-no-first-capture.txt`)
    /// to standard output: starts by the option on the first boards (in
    /// `Board::all_tile_boards` order) where White can capture on its first
    /// move, and positions a few moves in with one first move pending.
    /// Run in release: `cargo test --release -p katarenga-core --test it --
    /// --ignored --nocapture print_the_option_suite`.
    #[test]
    #[ignore = "writes the suite file's contents; slow in debug"]
    fn print_the_option_suite() {
        let boards: Vec<Board> = Board::all_tile_boards()
            .map(|(board, _)| board)
            .filter(|&b| first_captures(b) > 0)
            .collect();
        println!("# boards with a first-move capture: {}", boards.len());
        let mut cases: Vec<(Position, u32)> = Vec::new();
        for &board in boards.iter().step_by(boards.len() / 6).take(6) {
            let start = Position::start_with(board, Rules::NoFirstCapture);
            cases.push((start, 3));
            cases.push((start, 4));
            // Black's first move pending after a White move that a capture
            // would have beaten.
            let (bare, _) = split(&start);
            let mut moves: Vec<Move> = naive_moves_with(&bare, [true, true]).into_iter().collect();
            moves.sort_by_key(|m| m.to_string());
            let after = naive_play(&bare, moves[moves.len() / 2])
                .with_first_move_pending(Player::Black, true);
            if naive_moves(&after).len() > naive_moves_with(&after, [true, false]).len() {
                cases.push((after, 4));
            }
        }
        let mut divide = String::from(
            "# Divide of every case in katarenga-no-first-capture.txt: the case line, then \
             '<move> <nodes at depth - 1>' per legal move.\n",
        );
        println!(
            "# Perft reference cases under the no-first-capture option: <position> ; <depth> ; <nodes>\n\
             # Computed by the naive generator of tests/it/movegen.rs (first_capture), which keeps its\n\
             # own account of the pending first moves; {} of the 24,576 boards let White capture\n\
             # on its first move.",
            boards.len()
        );
        for (p, depth) in cases {
            let (bare, pending) = split(&p);
            let line = format!(
                "{p} ; {depth} ; {}",
                naive_perft_with(&bare, pending, depth)
            );
            println!("{line}");
            divide.push_str(&format!("\n{line}\n"));
            let mut after = pending;
            after[p.side_to_move().index()] = false;
            let mut moves: Vec<(String, u64)> = naive_moves_with(&bare, pending)
                .into_iter()
                .map(|m| {
                    (
                        m.to_string(),
                        naive_perft_with(&naive_play(&bare, m), after, depth - 1),
                    )
                })
                .collect();
            moves.sort();
            for (m, n) in moves {
                divide.push_str(&format!("{m} {n}\n"));
            }
        }
        println!("=== divide\n{divide}");
    }

    /// The suite file's small cases, counted again by the naive generator
    /// (the file is its output).
    #[test]
    fn the_option_suite_is_the_naive_generators() {
        let suite = include_str!("../data/katarenga-no-first-capture.txt");
        let mut checked = 0;
        for line in suite.lines().filter(|l| !l.starts_with('#')) {
            let parts: Vec<&str> = line.split(" ; ").collect();
            let (p, depth, nodes): (Position, u32, u64) = (
                parts[0].parse().unwrap(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            );
            if depth <= 3 {
                let (bare, pending) = split(&p);
                assert_eq!(naive_perft_with(&bare, pending, depth), nodes, "{line}");
                checked += 1;
            }
        }
        assert!(checked >= 5);
    }

    /// The start by the option: both pending; each player's flag clears
    /// when it moves, and a capture is refused only while it is pending.
    #[test]
    fn the_flags_clear_move_by_move() {
        let board: Board =
            "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB"
                .parse()
                .unwrap();
        let start = Position::start_with(board, Rules::NoFirstCapture);
        let standard = Position::start_on(board);
        let (bare, _) = split(&start);
        assert_eq!(bare, standard);
        let capture = standard
            .legal_moves()
            .iter()
            .copied()
            .find(|m| matches!(m.to, Destination::Square(to) if standard.piece_on(to).is_some()))
            .expect("this board has a first-move capture");
        assert!(!start.legal_moves().contains(&capture));
        assert_eq!(
            start.try_play(capture),
            Err(katarenga_core::IllegalMove::FirstMoveCapture(
                match capture.to {
                    Destination::Square(to) => to,
                    Destination::Camp(_) => unreachable!(),
                }
            ))
        );
        assert_eq!(start.legal_moves().len() + 1, standard.legal_moves().len());
        let quiet = start.legal_moves()[0];
        let after = start.play(quiet);
        assert!(!after.first_move_pending(Player::White));
        assert!(after.first_move_pending(Player::Black));
        assert!(after.is_consistent());
        let reply = after.legal_moves()[0];
        let both = after.play(reply);
        assert!(!both.first_move_pending(Player::Black));
        assert!(both.is_consistent());
        assert_eq!(both, split(&both).0, "once both have moved the rules agree");
        assert_eq!(
            both.to_string(),
            standard.play(quiet).play(reply).to_string()
        );
    }

    /// Setting up the flags: on and off again, with the hash kept up.
    #[test]
    fn the_flags_are_set_up_and_cleared() {
        let start = Position::start_with(Board::standard(), Rules::NoFirstCapture);
        let cleared = start.with_first_move_pending(Player::White, false);
        assert!(!cleared.first_move_pending(Player::White));
        assert!(cleared.first_move_pending(Player::Black));
        assert!(cleared.is_consistent());
        let none = cleared.with_first_move_pending(Player::Black, false);
        assert_eq!(none, Position::start());
        assert_eq!(none.zobrist(), Position::start().zobrist());
        // Setting a flag that is set changes nothing.
        assert_eq!(start.with_first_move_pending(Player::White, true), start);
        assert_eq!(start.to_string().parse::<Position>(), Ok(start));
    }

    /// A first move into a camp (a set-up position: a pending piece
    /// already on its target line) clears the flag too, hash included.
    #[test]
    fn a_first_move_into_a_camp_clears_the_flag() {
        let p: Position =
            "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB \
                           wwwwwww1/8/8/8/8/8/8/bbbbbbbw w - wb"
                .parse()
                .unwrap();
        let camp: Move = "h1h0".parse().unwrap();
        assert!(p.legal_moves().contains(&camp));
        let after = p.play(camp);
        assert!(!after.first_move_pending(Player::White));
        assert!(after.first_move_pending(Player::Black));
        assert!(after.is_consistent(), "{after}");
        assert_eq!(after.zobrist(), after.zobrist_from_scratch());
        assert_eq!(after.to_string().parse::<Position>(), Ok(after));
        assert!(after.to_string().ends_with(" b h0 b"), "{after}");
        // Black's pending first move still may not capture: h1 is empty
        // now, and no black piece may take a white one.
        let (bare, pending) = split(&after);
        assert_eq!(legal_move_set(&after), naive_moves_with(&bare, pending));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// From random starts by the option, a few random moves in (which
        /// players are pending varies), the engine's moves are the naive
        /// moves under the option, the hash and the invariants hold, and
        /// the notation round-trips. (Run by the test below, which counts
        /// its interesting cases.) A board by its arrangement number: the
        /// list of distinct boards is walked from its start on each call,
        /// which made this property take 9 s.
        fn generator_agrees_with_the_naive_option(index in 0..katarenga_core::TilePlacement::ARRANGEMENTS, seed: u64, plies in 0..3usize) {
            let tiles = katarenga_core::TilePlacement::arrangement(index).unwrap();
            let board = Board::from_tiles(tiles).unwrap();
            let mut p = Position::start_with(board, Rules::NoFirstCapture);
            let mut rng = board_geometry::SplitMix64::new(seed);
            for _ in 0..plies {
                let Some(&mv) = rng.choose(&p.legal_moves()) else { break };
                p = p.play(mv);
            }
            let (bare, pending) = split(&p);
            prop_assert_eq!(legal_move_set(&p), naive_moves_with(&bare, pending), "in {}", p);
            prop_assert!(p.is_consistent());
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
            if naive_moves(&bare).len() != naive_moves_with(&bare, pending).len() {
                OPTION_BITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            prop_assert_eq!(p.perft(2), naive_perft_with(&bare, pending, 2));
        }
    }

    static OPTION_BITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// The property above holds, and meets the option often: positions
    /// where it removed a capture (counted).
    #[test]
    fn the_property_meets_the_option() {
        generator_agrees_with_the_naive_option();
        assert!(
            OPTION_BITES.load(std::sync::atomic::Ordering::Relaxed) >= 10,
            "only {} positions where the option removed a capture",
            OPTION_BITES.load(std::sync::atomic::Ordering::Relaxed)
        );
    }
}

#[test]
fn piece_move_sets_are_exact() {
    let (mut sets, mut camp_moves) = (0, 0);
    for (p, _) in sample(2, 3000) {
        let mut total = 0;
        p.generate_moves(|moves: PieceMoves| {
            assert!(!moves.is_empty(), "{p}");
            // Counted by the naive reference generator of `rules.rs`.
            let expected = crate::movegen::naive_moves_from(&p, moves.from).len();
            assert_eq!(moves.len(), expected, "{p}");
            let all = drain_exact(moves.iter());
            assert_eq!(all.len(), moves.len());
            for mv in all {
                assert_eq!(mv.from, moves.from);
                assert!(p.is_legal(mv), "{mv} in {p}");
            }
            camp_moves += moves.camps.0.count_ones() as usize;
            total += moves.len();
            sets += 1;
            false
        });
        assert_eq!(total, p.legal_moves().len(), "{p}");
    }
    assert!(
        sets >= 10_000 && camp_moves >= 20,
        "{sets} sets, {camp_moves} camp moves"
    );
    // A set built by hand may be empty, and says so; camps count as moves.
    let mut set = PieceMoves {
        from: "a8".parse().unwrap(),
        to: katarenga_core::Bitboard::EMPTY,
        camps: katarenga_core::Camps::EMPTY,
    };
    assert!(set.is_empty() && set.iter().next().is_none());
    assert_eq!(set.len(), 0);
    set.camps = set.camps.with(Camp::A0);
    assert!(!set.is_empty());
    assert_eq!(set.len(), 1);
    assert_eq!(set.iter().next(), Some(Move::to_camp(set.from, Camp::A0)));
}
