//! `Direction`: indices and which directions raise a square's index.

use board_geometry::{Direction, Square};

/// Each direction's index is its place in `Direction::ALL` (clockwise from
/// north), and it raises the square index exactly when its step adds to it.
#[test]
fn directions_index_and_increase() {
    for (i, d) in Direction::ALL.into_iter().enumerate() {
        assert_eq!(d.index(), i);
        let (files, ranks) = d.offset();
        // From the middle of the board a step stays on it.
        let from = Square::from_index(27).unwrap();
        let to = from.step(d).unwrap();
        assert_eq!(
            to.index() as i32 - 27,
            i32::from(ranks) * 8 + i32::from(files)
        );
        assert_eq!(d.is_increasing(), to.index() > from.index(), "{d:?}");
    }
    let increasing: Vec<Direction> = Direction::ALL
        .into_iter()
        .filter(|d| d.is_increasing())
        .collect();
    assert_eq!(
        increasing,
        [
            Direction::North,
            Direction::NorthEast,
            Direction::East,
            Direction::NorthWest
        ]
    );
}
