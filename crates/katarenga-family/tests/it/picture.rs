//! The pictures: a pawn drawn on every occupied square, the marks on every
//! square, the last move's origin in the terminal.

use katarenga_family::{Congress, Game, Isolation, Move, Quebec};

#[test]
fn the_svg_draws_each_pawn_once_and_the_marks_on_request() {
    let count = |svg: &str| svg.matches("<circle").count();
    assert_eq!(count(&Congress::start().svg().to_string()), 16);
    assert_eq!(count(&Isolation::start().svg().to_string()), 0);
    let after = Isolation::start().play("@d4".parse().unwrap());
    let svg = after.svg().to_string();
    assert_eq!(count(&svg), 1);
    assert!(
        svg.contains(&after.to_string()),
        "the title holds the position"
    );
    // The marks: one text per square beyond the plain picture's labels.
    let plain = Quebec::start().svg().to_string();
    let marked = Quebec::start().svg().with_marks().to_string();
    assert_eq!(
        marked.matches("<text").count(),
        plain.matches("<text").count() + 64
    );
}

#[test]
fn the_terminal_board_marks_where_the_last_move_left() {
    let start = Congress::start();
    let mv: Move = "b1b2".parse().unwrap();
    assert!(start.is_legal(mv), "b1 is blue on the standard board");
    let after = start.play(mv);
    let text = after.ansi(Some(mv)).to_string();
    assert!(text.contains(" · "), "the origin is marked");
    assert!(
        text.ends_with("black to move; last move b1b2\n")
            || text.contains("to move; last move b1b2"),
        "{text}"
    );
    assert!(!after.ansi(None).to_string().contains(" · "));
}
