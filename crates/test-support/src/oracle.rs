//! Plain reference checks over [`Game`], shared by both cores' tests: the
//! plainest perft, the legal moves as a set for a naive generator to match,
//! what an exact-size iterator promises, and hashes that tell positions
//! apart.

use std::collections::{BTreeSet, HashMap};

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

/// Positions gathered by their Zobrist hash, to show that distinct
/// positions have distinct hashes and that the incremental hash is the
/// one computed from scratch.
#[derive(Debug)]
pub struct DistinctHashes<P: Game> {
    by_hash: HashMap<u64, P>,
}

impl<P: Game> DistinctHashes<P> {
    /// No position yet.
    pub fn new() -> Self {
        DistinctHashes {
            by_hash: HashMap::new(),
        }
    }

    /// Adds `position`, whose hash computed from scratch by the game's own
    /// means is `from_scratch`.
    ///
    /// # Panics
    /// Panics if the position's hash is not `from_scratch`, or if another
    /// position gathered before has the same hash (a collision).
    pub fn add(&mut self, position: P, from_scratch: u64) {
        assert_eq!(position.zobrist(), from_scratch, "{position}");
        if let Some(other) = self.by_hash.insert(from_scratch, position) {
            assert_eq!(other, position, "a collision");
        }
    }

    /// The number of distinct positions gathered.
    pub fn len(&self) -> usize {
        self.by_hash.len()
    }

    /// Whether none was gathered.
    pub fn is_empty(&self) -> bool {
        self.by_hash.is_empty()
    }
}

impl<P: Game> Default for DistinctHashes<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// The legal moves of `position` as a set, to compare with a naive
/// generator's: the list holds no move twice, and `count_moves` counts it.
///
/// # Panics
/// Panics if the list repeats a move or `count_moves` disagrees with it.
pub fn legal_move_set<P: Game>(position: &P) -> BTreeSet<P::Move>
where
    P::Move: Ord,
{
    let list = position.legal_moves();
    let set: BTreeSet<P::Move> = list.iter().copied().collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {position}");
    assert_eq!(position.count_moves(), list.len(), "{position}");
    set
}

/// The contrast ratio of two colours as WCAG 2 defines it (relative
/// luminance of the sRGB values, from 1 to 21): the independent check of
/// the inks the pictures choose.
#[must_use]
pub fn contrast_ratio(a: board_geometry::Rgb, b: board_geometry::Rgb) -> f64 {
    let luminance = |c: board_geometry::Rgb| {
        let channel = |v: u8| {
            let x = f64::from(v) / 255.0;
            if x <= 0.04045 {
                x / 12.92
            } else {
                ((x + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Checks a game's marks for colour blindness: one mark per colour, none
/// twice, each written in the ink of the larger contrast on its colour (of
/// near black and white), at least 4.5 to 1 by [`contrast_ratio`]. Each
/// item: the colour's name, its mark, its colour on screen and its ink.
///
/// # Panics
/// Naming the colour whose mark fails.
pub fn check_marks(
    colours: impl IntoIterator<Item = (String, char, board_geometry::Rgb, board_geometry::Rgb)>,
) {
    let (dark, light) = (
        board_geometry::Rgb(17, 17, 17),
        board_geometry::Rgb(255, 255, 255),
    );
    let mut marks = BTreeSet::new();
    for (name, mark, colour, ink) in colours {
        assert!(
            marks.insert(mark),
            "{name}: its mark {mark} is another colour's"
        );
        let other = if ink == dark { light } else { dark };
        let ratio = contrast_ratio(colour, ink);
        assert!(ratio >= 4.5, "{name}: {ratio:.2} to 1");
        assert!(
            ratio > contrast_ratio(colour, other),
            "{name}: the other ink reads better"
        );
    }
}
