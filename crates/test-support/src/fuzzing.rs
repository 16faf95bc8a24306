//! The properties the fuzz targets check, as plain functions of the input
//! bytes: `fuzz/` runs them under libFuzzer (nightly), and the root
//! package's `tests/fuzz_corpora.rs` replays the committed corpora and saved
//! crash inputs through them on stable. Each panics when a property fails.

use game_rules::MoveList;
use kamisado_core as kamisado;
use kamisado_core::Game;
use katarenga_core as katarenga;
use katarenga_family as family;

/// Bytes taken one at a time, then zeros once the input is used up.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }
}

/// Splits `data` at the first newline: a position text before it (if it
/// parses) and the choice bytes after it.
fn split_position(data: &[u8]) -> (Option<&[u8]>, &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (Some(&data[..i]), &data[i + 1..]),
        None => (None, data),
    }
}

/// A game's position and move parsers on `data`, given what they made of
/// it (`position`, `mv`): a position is consistent, printed back as `data`
/// itself (the notation is canonical) and that text parses to it; a move
/// prints back to text that parses to it; and parsing `data` as text
/// agrees with parsing its bytes.
fn check_parsers<P: Game>(
    data: &[u8],
    position: Option<P>,
    is_consistent: impl Fn(&P) -> bool,
    mv: Option<P::Move>,
) {
    if let Some(p) = position {
        assert!(is_consistent(&p), "inconsistent {p}");
        let text = p.to_string();
        assert_eq!(text.parse::<P>().ok(), Some(p), "{text}");
        assert_eq!(text.as_bytes(), data, "the notation is canonical");
    }
    if let Some(m) = mv {
        check_round_trip(&m);
    }
    if let Ok(text) = core::str::from_utf8(data) {
        assert_eq!(text.parse::<P>().ok(), position, "{text:?}");
    }
}

/// A value parsed from the input prints back to a string that parses to
/// the same value.
fn check_round_trip<T>(value: &T)
where
    T: core::fmt::Display + core::str::FromStr + PartialEq + core::fmt::Debug,
{
    let text = value.to_string();
    assert_eq!(text.parse::<T>().ok().as_ref(), Some(value), "{text}");
}

/// Kamisado position and move parsers: no panic, and whatever parses prints
/// back to a string that parses to the same value.
pub fn kamisado_parse(data: &[u8]) {
    check_parsers(
        data,
        kamisado::Position::from_ascii(data).ok(),
        kamisado::Position::is_consistent,
        kamisado::Move::from_ascii(data).ok(),
    );
}

/// Katarenga position, board and move parsers: as [`kamisado_parse`].
pub fn katarenga_parse(data: &[u8]) {
    check_parsers(
        data,
        katarenga::Position::from_ascii(data).ok(),
        katarenga::Position::is_consistent,
        katarenga::Move::from_ascii(data).ok(),
    );
    if let Ok(b) = katarenga::Board::from_ascii(data) {
        check_round_trip(&b);
    }
}

/// The family's position parsers (Congress, Quebec, Isolation, and
/// Isolation's unlimited one) and its move parser: as [`kamisado_parse`]
/// (the three share one notation, so a text is each or none of the first
/// two).
pub fn family_parse(data: &[u8]) {
    let congress = family::Congress::from_ascii(data).ok();
    let quebec = family::Quebec::from_ascii(data).ok();
    assert_eq!(congress.is_some(), quebec.is_some(), "{data:?}");
    check_parsers(
        data,
        congress,
        |_| true,
        family::Move::from_ascii(data).ok(),
    );
    check_parsers(data, quebec, |_| true, None);
    check_parsers(
        data,
        family::Isolation::from_ascii(data).ok(),
        |_| true,
        None,
    );
    if let Ok(p) = family::Isolation::from_ascii_unlimited(data) {
        assert_eq!(p.to_string().as_bytes(), data, "the notation is canonical");
    }
}

/// A position of one of the family's games, for [`family_play`].
#[derive(Clone, Copy)]
enum FamilyPosition {
    Congress(family::Congress),
    Quebec(family::Quebec),
    Isolation(family::Isolation),
}

/// Random play of the family: the first byte picks the game and its
/// options, the board comes from the next bytes (as Katarenga's); then
/// each step takes three bytes (a move choice and a probe's two squares).
/// At every step the generated moves agree with `is_legal` and
/// `try_play`, the hash is incremental, and an outcome fits the position:
/// in Congress only the mover becomes connected, a Quebec capture removes
/// one pawn, and strict Isolation's placements are the free squares of the
/// conflict graph.
pub fn family_play(data: &[u8]) {
    let mut bytes = Bytes(data);
    let pick = bytes.next().unwrap_or(0);
    let board = board_from(&mut bytes);
    let option = usize::from(pick / 3);
    let mut position = match pick % 3 {
        0 => FamilyPosition::Congress(
            family::Congress::start_on(board).with_no_move(family::NoMove::ALL[option % 2]),
        ),
        1 => FamilyPosition::Quebec(
            family::Quebec::start_on(board)
                .with_both_connected(family::BothConnected::ALL[option % 2]),
        ),
        _ => FamilyPosition::Isolation(
            family::Isolation::start_on(board)
                .with_reading(family::Reading::ALL[option % 3])
                .with_supply(family::Supply::ALL[option / 3 % 2]),
        ),
    };
    for _ in 0..300 {
        let step = match &mut position {
            FamilyPosition::Congress(p) => family_step(p, &mut bytes, |p, mv, child| {
                if let Some(family::Outcome::Connected { winner }) = child.outcome() {
                    assert_eq!(winner, p.side_to_move(), "{mv} in {p}");
                }
            }),
            FamilyPosition::Quebec(p) => family_step(p, &mut bytes, |p, mv, child| {
                let them = p.side_to_move().opponent();
                let taken = mv.to().is_some_and(|to| p.piece_on(to) == Some(them));
                assert_eq!(
                    child.pieces(them).len() + u32::from(taken),
                    p.pieces(them).len(),
                    "{mv} in {p}"
                );
            }),
            FamilyPosition::Isolation(p) => {
                if p.reading() == family::Reading::Strict && p.in_hand(p.side_to_move()) != Some(0)
                {
                    let graph = family::ConflictGraph::of(p.board());
                    let mut blocked = p.occupied();
                    for s in p.occupied() {
                        blocked |= graph.neighbours(s);
                    }
                    assert_eq!(p.placements(), !blocked, "{p}");
                }
                family_step(p, &mut bytes, |_, _, _| {})
            }
        };
        if !step {
            break;
        }
    }
}

/// One step of [`family_play`] in `p`: the checks, `each` on every child,
/// then the move the next byte picks; `false` once the game is over or
/// the input is used up.
fn family_step<P>(p: &mut P, bytes: &mut Bytes<'_>, each: impl Fn(&P, P::Move, &P)) -> bool
where
    P: Game<Move = family::Move>,
    P: FamilyHash,
{
    let moves = checked_moves(p, true);
    for &mv in &moves {
        assert!(p.is_legal(mv), "{mv} generated but not legal in {p}");
        let child = p.play_unchecked(mv);
        assert_eq!(child.zobrist(), child.hash_from_scratch(), "{mv} in {p}");
        assert_eq!(
            child.side_to_move(),
            p.side_to_move().opponent(),
            "{mv} in {p}"
        );
        each(p, mv, &child);
    }
    let (Some(choice), Some(a), Some(b)) = (bytes.next(), bytes.next(), bytes.next()) else {
        return false;
    };
    let to = board_geometry::Square::ALL[(b & 63) as usize];
    let probe = match a >> 6 {
        0 => family::Move::Drop(to),
        1 if b >= 0xF0 => family::Move::Pass,
        _ => family::Move::Step {
            from: board_geometry::Square::ALL[(a & 63) as usize],
            to,
        },
    };
    check_probe(p, probe, &moves);
    if moves.is_empty() {
        return false;
    }
    *p = p.play(moves[choice as usize % moves.len()]);
    true
}

/// The hash of a family position computed from its parts.
trait FamilyHash {
    fn hash_from_scratch(&self) -> u64;
}

macro_rules! family_hash {
    ($($ty:ty),*) => {$(
        impl FamilyHash for $ty {
            fn hash_from_scratch(&self) -> u64 {
                self.zobrist_from_scratch()
            }
        }
    )*};
}

family_hash!(family::Congress, family::Quebec, family::Isolation);

/// The legal moves of `p`, a position of random play (`consistent`: its
/// own consistency check passed): as many as counted, and none exactly
/// when the game is over.
fn checked_moves<P: Game>(p: &P, consistent: bool) -> MoveList<P::Move> {
    assert!(consistent, "inconsistent {p}");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), p.count_moves(), "count in {p}");
    assert_eq!(moves.is_empty(), p.outcome().is_some(), "outcome in {p}");
    moves
}

/// The legality check and `try_play` accept `probe` exactly when it is
/// among the generated `moves` of `p`.
fn check_probe<P: Game>(p: &P, probe: P::Move, moves: &[P::Move]) {
    let generated = moves.contains(&probe);
    assert_eq!(p.is_legal(probe), generated, "{probe} in {p}");
    assert_eq!(p.try_play(probe).is_ok(), generated, "{probe} in {p}");
}

/// Random Kamisado play: the position is the start, or the text before the
/// first newline if it parses; then each step takes three bytes (a move
/// choice and a probe move's two squares). At every step the generated
/// moves agree with `is_legal` and `try_play`, the hash is incremental, the
/// position is consistent, and an outcome, once reached, is stable.
pub fn kamisado_play(data: &[u8]) {
    let (text, choices) = split_position(data);
    let mut p = text
        .and_then(|t| kamisado::Position::from_ascii(t).ok())
        .unwrap_or_else(kamisado::Position::start);
    let mut bytes = Bytes(choices);
    for _ in 0..400 {
        let moves = checked_moves(&p, p.is_consistent());
        for &mv in &moves {
            // What kind of move the checker says it is agrees with the
            // board, and the child is a valid position.
            let kind = p
                .check_move(mv)
                .unwrap_or_else(|e| panic!("{mv} generated but {e} in {p}"));
            let expected = if mv.is_pass() {
                matches!(kind, kamisado::MoveKind::Pass)
            } else if p.occupied().has(mv.to) {
                matches!(kind, kamisado::MoveKind::Push(1..=3))
            } else {
                matches!(kind, kamisado::MoveKind::Slide)
            };
            assert!(expected, "{mv} is a {kind:?} in {p}");
            let child = p.play_unchecked(mv);
            assert!(
                child.is_consistent(),
                "{mv} in {p} gives an inconsistent {child}"
            );
            let pushed = matches!(kind, kamisado::MoveKind::Push(_));
            assert_eq!(
                child.side_to_move() == p.side_to_move(),
                pushed,
                "{mv} in {p}: only a push keeps the side to move"
            );
        }
        let (Some(choice), Some(a), Some(b)) = (bytes.next(), bytes.next(), bytes.next()) else {
            break;
        };
        let probe = kamisado::Move::new(
            board_geometry::Square::ALL[(a & 63) as usize],
            board_geometry::Square::ALL[(b & 63) as usize],
        );
        check_probe(&p, probe, &moves);
        if let Some(outcome) = p.outcome() {
            // A finished round refuses every move with its outcome, and the
            // outcome fits the board.
            assert_eq!(
                p.try_play(probe),
                Err(kamisado::IllegalMove::GameOver(outcome))
            );
            match outcome {
                kamisado::Outcome::Arrival { winner, tower } => {
                    let square = p.square_of(kamisado::Tower::new(winner, tower));
                    assert_eq!(square.rank(), winner.goal_rank(), "{p}");
                }
                kamisado::Outcome::Deadlock { winner, tower } => {
                    assert_eq!(p.forced_colour(), Some(tower), "{p}");
                    assert_eq!(winner, p.last_mover().opponent(), "{p}");
                }
                kamisado::Outcome::NoMove { winner } => {
                    assert_eq!(p.forced_colour(), None, "{p}");
                    assert_eq!(winner, p.side_to_move().opponent(), "{p}");
                }
            }
            break;
        }
        p = p.play(moves[choice as usize % moves.len()]);
    }
}

/// Random Katarenga play on a board chosen by the input (or the position
/// before the first newline), with the properties of [`kamisado_play`];
/// probes include camp entries.
pub fn katarenga_play(data: &[u8]) {
    let (text, choices) = split_position(data);
    let mut bytes = Bytes(choices);
    let mut p = match text.and_then(|t| katarenga::Position::from_ascii(t).ok()) {
        Some(p) => p,
        None => katarenga::Position::start_on(board_from(&mut bytes)),
    };
    for _ in 0..600 {
        let moves = checked_moves(&p, p.is_consistent());
        let side = p.side_to_move();
        for &mv in &moves {
            assert!(p.is_legal(mv), "{mv} generated but not legal in {p}");
            let child = p.play_unchecked(mv);
            assert!(
                child.is_consistent(),
                "{mv} in {p} gives an inconsistent {child}"
            );
            assert_eq!(child.side_to_move(), side.opponent(), "{mv} in {p}");
            // A capture takes exactly the piece on the destination.
            let captured = match mv.to {
                katarenga::Destination::Square(to) => p.piece_on(to) == Some(side.opponent()),
                katarenga::Destination::Camp(_) => false,
            };
            assert_eq!(
                child.piece_count(side.opponent()) + u32::from(captured),
                p.piece_count(side.opponent()),
                "{mv} in {p}"
            );
            assert_eq!(child.piece_count(side), p.piece_count(side), "{mv} in {p}");
        }
        let (Some(choice), Some(a), Some(b)) = (bytes.next(), bytes.next(), bytes.next()) else {
            break;
        };
        let from = board_geometry::Square::ALL[(a & 63) as usize];
        let probe = if b >= 0xF0 {
            katarenga::Move::to_camp(from, katarenga::Camp::ALL[(b & 3) as usize])
        } else {
            katarenga::Move::new(from, board_geometry::Square::ALL[(b & 63) as usize])
        };
        check_probe(&p, probe, &moves);
        if let Some(outcome) = p.outcome() {
            // The outcome fits the position.
            let winner = outcome.winner();
            match outcome {
                katarenga::Outcome::Camps { .. } => {
                    assert_eq!(p.camps().count(winner), 2, "{p}");
                }
                katarenga::Outcome::TooFewPieces { .. } => {
                    assert!(p.piece_count(winner.opponent()) < 2, "{p}");
                }
                katarenga::Outcome::NoMove { .. } => {
                    assert_eq!(winner, side.opponent(), "{p}");
                }
            }
            break;
        }
        p = p.play(moves[choice as usize % moves.len()]);
    }
}

/// A board chosen by the input: four tile placements from three bytes, or
/// (when the first byte is above 0xE0) any colouring from sixteen more.
fn board_from(bytes: &mut Bytes<'_>) -> katarenga::Board {
    use katarenga::SquareColour;
    let order = bytes.next().unwrap_or(0);
    if order > 0xE0 {
        let mut cells = [SquareColour::Red; 64];
        for chunk in cells.chunks_mut(4) {
            let byte = bytes.next().unwrap_or(0);
            for (i, cell) in chunk.iter_mut().enumerate() {
                *cell = SquareColour::ALL[usize::from(byte >> (2 * i) & 3)];
            }
        }
        return katarenga::Board::from_colours(cells);
    }
    // An arrangement of the four tiles from three bytes.
    let sides = bytes.next().unwrap_or(0);
    let rotations = bytes.next().unwrap_or(0);
    let index =
        (u32::from(order) % 24 + 24 * u32::from(sides % 16) + 24 * 16 * u32::from(rotations))
            % katarenga::TilePlacement::ARRANGEMENTS;
    let placements =
        katarenga::TilePlacement::arrangement(index).expect("an index below ARRANGEMENTS");
    katarenga::Board::from_tiles(placements).expect("an arrangement uses each tile once")
}

/// A Kamisado match driven by the input: the first byte picks the target
/// (1-15), then each byte picks a move, or the refill edge between rounds.
/// Every tower stays on the board, ranks and scores only grow, and the
/// match ends exactly when a player reaches the target.
pub fn kamisado_match(data: &[u8]) {
    let mut bytes = Bytes(data);
    let target = 1 + u32::from(bytes.next().unwrap_or(0) % 15);
    let mut m = kamisado::Match::new(kamisado::Target::new(target).expect("positive target"));
    let mut ranks = [kamisado::SumoRank::Plain; 16];
    let mut scores = [0u32; 2];
    for _ in 0..5_000 {
        let Some(byte) = bytes.next() else { break };
        let p = *m.position();
        assert!(p.is_consistent(), "inconsistent {p}");
        assert_eq!(p.occupied().len(), 16);
        for (i, (_, _, rank)) in p.towers().enumerate() {
            assert!(rank >= ranks[i], "a rank dropped in {p}");
            ranks[i] = rank;
        }
        assert!(m.scores()[0] >= scores[0] && m.scores()[1] >= scores[1]);
        scores = m.scores();
        match m.state() {
            kamisado::MatchState::InRound => {
                let moves = p.legal_moves();
                assert!(!moves.is_empty(), "a round in progress without moves: {p}");
                m.play(moves[byte as usize % moves.len()])
                    .expect("a generated move is legal");
            }
            kamisado::MatchState::ChooseEdge { .. } => {
                assert!(scores[0] < target && scores[1] < target);
                let edge = if byte % 2 == 0 {
                    kamisado::Edge::AFile
                } else {
                    kamisado::Edge::HFile
                };
                m.choose_edge(edge).expect("an edge is to be chosen");
            }
            kamisado::MatchState::DrawSetups { .. } => {
                panic!("a match refilled from an edge never draws set-ups: {p}")
            }
            kamisado::MatchState::Over { winner } => {
                assert!(scores[winner.index()] >= target);
                assert!(scores[winner.opponent().index()] < target);
                break;
            }
        }
    }
}
