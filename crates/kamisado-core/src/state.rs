//! The packed word that holds whose turn it is and what they must move: the
//! only code that knows its bit layout.

use board_geometry::Player;

use crate::{Colour, Layout, Rules};

/// The side to move, the forced colour (or a free choice) and the push mark
/// of a [`Position`](crate::Position), with the game's reading of the rules
/// and layout, packed in one `u64` so that copy-make writes whole words
/// (and the position is nine words):
///
/// | bits  | meaning                                               |
/// |-------|-------------------------------------------------------|
/// | 0     | 1 when White is to move                               |
/// | 8-11  | the forced colour's index `0..8`, or 8 on a free choice |
/// | 16    | the push mark `!` (the extra move after a sumo push)  |
/// | 24-25 | the reading of the rules' index in [`Rules::ALL`]     |
/// | 32-33 | the layout's index in [`Layout::ALL`]                 |
///
/// Every other bit is 0. The last two fields are the game's: every move
/// keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State(u64);

const WHITE_TO_MOVE: u64 = 1;
const FORCED_SHIFT: u32 = 8;
const FORCED_MASK: u64 = 0xF << FORCED_SHIFT;
const AFTER_PUSH: u64 = 1 << 16;
/// The forced-colour field of a free choice.
const FREE_CHOICE: u64 = 8;
const RULES_SHIFT: u32 = 24;
const LAYOUT_SHIFT: u32 = 32;
/// The fields every move keeps: the reading of the rules and the layout.
const GAME_MASK: u64 = 3 << RULES_SHIFT | 3 << LAYOUT_SHIFT;

impl State {
    /// The state of `side` to move with `forced` (`None`: a free choice),
    /// after its own push if `after_push`, in a game of the standard rules
    /// on the standard layout.
    #[inline(always)]
    pub(crate) const fn new(side: Player, forced: Option<Colour>, after_push: bool) -> State {
        let forced = match forced {
            Some(c) => c as u64,
            None => FREE_CHOICE,
        };
        State(side as u64 | forced << FORCED_SHIFT | if after_push { AFTER_PUSH } else { 0 })
    }

    /// The state of the next turn in the same game: `side` to move with
    /// `forced`, after its own push if `after_push`.
    #[inline(always)]
    pub(crate) const fn next(
        self,
        side: Player,
        forced: Option<Colour>,
        after_push: bool,
    ) -> State {
        State(State::new(side, forced, after_push).0 | self.0 & GAME_MASK)
    }

    /// The state of `side` to move next in the same game, before the
    /// forced colour is known: the forced field is left at 0 for
    /// [`State::landed_on`] to fill in. Not a valid state by itself.
    #[inline(always)]
    pub(crate) const fn awaiting_landing(self, side: Player) -> State {
        State(self.0 & GAME_MASK | side as u64)
    }

    /// The reading of the rules.
    #[inline(always)]
    pub(crate) const fn rules(self) -> Rules {
        match (self.0 >> RULES_SHIFT) & 3 {
            1 => Rules::PushedSquare,
            2 => Rules::BlockedColour,
            // 3 is never stored (`is_valid`).
            _ => Rules::Standard,
        }
    }

    /// The layout.
    #[inline(always)]
    pub(crate) const fn layout(self) -> Layout {
        match (self.0 >> LAYOUT_SHIFT) & 3 {
            0 => Layout::Standard,
            1 => Layout::Turned,
            2 => Layout::Mirrored,
            _ => Layout::MirroredTurned,
        }
    }

    /// The same state in a game of `rules`.
    #[inline]
    pub(crate) const fn with_rules(self, rules: Rules) -> State {
        State(self.0 & !(3 << RULES_SHIFT) | (rules as u64) << RULES_SHIFT)
    }

    /// The same state in a game on `layout`.
    #[inline]
    pub(crate) const fn with_layout(self, layout: Layout) -> State {
        State(self.0 & !(3 << LAYOUT_SHIFT) | (layout as u64) << LAYOUT_SHIFT)
    }

    /// A state from [`State::awaiting_landing`] with the forced colour set
    /// to `colour` (the colour of the square the last move ended on).
    #[inline(always)]
    pub(crate) const fn landed_on(self, colour: Colour) -> State {
        State(self.0 | (colour as u64) << FORCED_SHIFT)
    }

    /// The player to move.
    #[inline(always)]
    pub(crate) const fn side(self) -> Player {
        if self.0 & WHITE_TO_MOVE != 0 {
            Player::White
        } else {
            Player::Black
        }
    }

    /// The forced colour's index `0..8`, or 8 on a free choice: an index
    /// into the Zobrist keys of the obligation. The mask keeps it below 16
    /// whatever the word holds.
    #[inline(always)]
    pub(crate) const fn forced_index(self) -> usize {
        ((self.0 & FORCED_MASK) >> FORCED_SHIFT) as usize
    }

    /// The forced colour, or `None` on a free choice.
    #[inline(always)]
    pub(crate) const fn forced(self) -> Option<Colour> {
        let index = self.forced_index();
        if index < 8 {
            Some(Colour::ALL[index])
        } else {
            None
        }
    }

    /// Whether the push mark is set.
    #[inline(always)]
    pub(crate) const fn after_push(self) -> bool {
        self.0 & AFTER_PUSH != 0
    }

    /// The raw word, for tests that break it on purpose.
    #[cfg(test)]
    pub(crate) const fn from_bits(bits: u64) -> State {
        State(bits)
    }

    /// The raw word.
    #[cfg(test)]
    pub(crate) const fn bits(self) -> u64 {
        self.0
    }

    /// Whether only the defined bits are set and the forced field holds a
    /// colour or the free choice.
    pub(crate) const fn is_valid(self) -> bool {
        self.0 & !(WHITE_TO_MOVE | FORCED_MASK | AFTER_PUSH | GAME_MASK) == 0
            && self.forced_index() <= 8
            && (self.0 >> RULES_SHIFT) & 3 < Rules::ALL.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        for side in Player::ALL {
            for forced in Colour::ALL.map(Some).into_iter().chain([None]) {
                for after_push in [false, true] {
                    let s = State::new(side, forced, after_push);
                    assert_eq!(s.side(), side);
                    assert_eq!(s.forced(), forced);
                    assert_eq!(s.after_push(), after_push);
                    assert!(s.is_valid());
                }
            }
        }
        let start = State::new(Player::Black, None, false);
        let landed = start
            .awaiting_landing(Player::White)
            .landed_on(Colour::Brown);
        assert_eq!(
            landed,
            State::new(Player::White, Some(Colour::Brown), false)
        );
        assert!(!State(1 << 3).is_valid());
        assert!(!State(9 << FORCED_SHIFT).is_valid());
        assert!(!State(3 << RULES_SHIFT).is_valid());
        assert!(!State(1 << 34).is_valid());
    }

    /// The game's fields are independent of the turn's, and every way to
    /// the next turn keeps them.
    #[test]
    fn the_reading_and_the_layout_travel_with_every_turn() {
        for rules in Rules::ALL {
            for layout in Layout::ALL {
                let game = State::new(Player::Black, Some(Colour::Red), true)
                    .with_rules(rules)
                    .with_layout(layout);
                assert!(game.is_valid());
                assert_eq!((game.rules(), game.layout()), (rules, layout));
                assert_eq!(game.side(), Player::Black);
                assert_eq!(game.forced(), Some(Colour::Red));
                assert!(game.after_push());
                let landed = game.awaiting_landing(Player::White).landed_on(Colour::Pink);
                let next = game.next(Player::White, Some(Colour::Pink), false);
                for after in [landed, next] {
                    assert_eq!((after.rules(), after.layout()), (rules, layout));
                    assert_eq!(after.side(), Player::White);
                    assert_eq!(after.forced(), Some(Colour::Pink));
                    assert!(!after.after_push());
                }
                assert_eq!(landed, next);
                assert_eq!(
                    game.with_rules(Rules::Standard)
                        .with_layout(Layout::Standard),
                    State::new(Player::Black, Some(Colour::Red), true)
                );
            }
        }
    }
}
