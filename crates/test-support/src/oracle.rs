//! Plain reference checks over [`Game`], shared by both cores' tests: the
//! plainest perft, and what an exact-size iterator promises.

use game_rules::Game;

/// Perft by the plainest means: the move list and the checked `play`,
/// nothing counted in bulk and no provided shortcut of the trait. The
/// reference the fast counts of each game are checked against.
pub fn naive_perft<P: Game>(position: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| naive_perft(&position.play(mv), depth - 1))
        .sum()
}

/// Drains `iter`, checking at every step that `len` and `size_hint` give
/// exactly the items left and that it ends for good; returns the items.
///
/// # Panics
/// Panics where the iterator breaks its promise.
pub fn drain_exact<I: ExactSizeIterator>(mut iter: I) -> Vec<I::Item> {
    let mut items = Vec::new();
    loop {
        let left = iter.len();
        assert_eq!(iter.size_hint(), (left, Some(left)));
        match iter.next() {
            Some(item) => items.push(item),
            None => {
                assert_eq!(left, 0, "ended with {left} items announced");
                break;
            }
        }
        assert_eq!(iter.len(), left - 1);
    }
    assert!(iter.next().is_none(), "gave an item after its end");
    items
}
