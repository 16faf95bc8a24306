//! The readings of the rules a round can be played by: the default (seed
//! `002` and the published rules) and the readings other sources and
//! programs give, each an option a position carries.

use board_geometry::{ParseNameError, Square};

use crate::{Colour, Layout};

board_geometry::named_enum! {
    /// The reading of the rules a position is played by
    /// ([rules](crate::rules#rule-readings)). A position carries its
    /// reading ([`Position::rules`](crate::Position::rules)) and every position after it keeps it;
    /// the [notation](crate::rules#position-notation) does not write it, so
    /// a parsed position is played by [`Rules::Standard`] until
    /// [`Position::with_rules`](crate::Position::with_rules) says otherwise.
    ///
    /// ```
    /// use kamisado_core::{Game, Position, Rules};
    /// let p = Position::start_with(Rules::PushedSquare);
    /// assert_eq!(p.rules(), Rules::PushedSquare);
    /// assert_eq!(p.play("d1d7".parse()?).rules(), Rules::PushedSquare);
    /// assert_eq!("blocked-colour".parse(), Ok(Rules::BlockedColour));
    /// assert_eq!(Rules::default().to_string(), "standard");
    /// # Ok::<(), kamisado_core::ParseMoveError>(())
    /// ```
    #[derive(Default)]
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "kebab-case")
    )]
    pub enum Rules {
        /// The published rules and seed `002`: after a sumo push the pusher
        /// moves its tower of the colour of the square the **sumo** now
        /// stands on; after a pass the opponent moves its tower of the
        /// colour of the square **under the blocked tower** (the default).
        #[default]
        Standard => "standard",
        /// As the other programs that implement pushes read it: after a
        /// sumo push the pusher moves its tower of the colour of the square
        /// the **pushed tower** reached (the tower the sumo touched, when
        /// it pushes two or three).
        PushedSquare => "pushed-square",
        /// Seed `001`'s words read literally: after a pass the opponent
        /// moves its **own tower of the blocked tower's colour**, and when
        /// that tower is blocked too the round is a deadlock.
        BlockedColour => "blocked-colour",
    }
    parse_error: ParseNameError {
        what: "rules",
        expected: "standard, pushed-square or blocked-colour",
    },
}

impl Rules {
    /// The colour the pusher must move after its sumo pushed onto `sumo`
    /// the tower it touched, which went on to `pushed`.
    #[inline]
    pub(crate) fn colour_after_push(self, layout: Layout, sumo: Square, pushed: Square) -> Colour {
        match self {
            Rules::PushedSquare => layout.colour_of(pushed),
            Rules::Standard | Rules::BlockedColour => layout.colour_of(sumo),
        }
    }

    /// The colour the opponent must move after the side to move's
    /// `colour` tower on `square` is blocked.
    #[inline]
    pub(crate) fn colour_after_block(
        self,
        layout: Layout,
        colour: Colour,
        square: Square,
    ) -> Colour {
        match self {
            Rules::BlockedColour => colour,
            Rules::Standard | Rules::PushedSquare => layout.colour_of(square),
        }
    }
}
