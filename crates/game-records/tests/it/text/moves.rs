//! Moves: an illegal or unreadable move is named by its number.

use game_records::ErrorKind;

use crate::common::{at, kamisado, katarenga};

#[test]
fn move_errors_name_the_move_number() {
    let e = kamisado("b3d1\nScored", "b3d2\nScored");
    assert_eq!(at(&e), (11, 22));
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    let e = kamisado("2. a1a6 d4a1", "2. a1a6 d4z1");
    assert_eq!(at(&e), (16, 22));
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    let e = kamisado("2. d7d7", "3. d7d7");
    assert_eq!(
        e.kind,
        ErrorKind::MoveNumber {
            expected: 2,
            found: 3
        }
    );
    assert_eq!(at(&e), (11, 14));
    let e = kamisado("g8b3 2.", "2. g8b3");
    assert!(matches!(e.kind, ErrorKind::Syntax { .. }), "{e}");
    let e = katarenga("b2b3", "b2b4");
    assert!(matches!(e.kind, ErrorKind::Move { number: 2, .. }), "{e}");
    assert_eq!(at(&e), (11, 22));
    assert_eq!(
        e.to_string(),
        "line 11, column 22: move 2 (b2b4): a piece on a blue square moves like a king: it cannot reach b4"
    );
}
