//! What the three position types share beyond [`Pawns`]: the accessors and
//! the notation, declared once for each type.

/// Declares the accessors, the notation (`FromStr`, `Display`, `Debug`) and
/// `zobrist_from_scratch` of a position type that holds `pawns: Pawns`;
/// `$check` validates parsed pawns, `$from_parts` builds the position.
macro_rules! pawn_position {
    ($ty:ident, game = $game:expr) => {
        impl $ty {
            /// The board.
            #[inline]
            #[must_use]
            pub fn board(&self) -> &katarenga_core::Board {
                &self.pawns.board
            }

            /// The squares of `player`'s pawns.
            #[inline]
            #[must_use]
            pub fn pieces(&self, player: board_geometry::Player) -> board_geometry::Bitboard {
                self.pawns.pieces[player.index()]
            }

            /// The occupied squares.
            #[inline]
            #[must_use]
            pub fn occupied(&self) -> board_geometry::Bitboard {
                self.pawns.occupied()
            }

            /// Whose pawn stands on `square`, if any.
            #[inline]
            #[must_use]
            pub fn piece_on(
                &self,
                square: board_geometry::Square,
            ) -> Option<board_geometry::Player> {
                self.pawns.piece_on(square)
            }

            /// The same position with `player` to move (a position set up
            /// by hand, or a look at what the other side could do).
            #[must_use]
            pub fn with_side_to_move(self, player: board_geometry::Player) -> $ty {
                let mut next = self;
                if next.pawns.side != player {
                    next.pawns.pass();
                }
                next
            }

            /// A drawing of the position for people: each square's colour
            /// letter and pawn, rank 8 first.
            ///
            /// ```
            /// use katarenga_family::Game;
            #[doc = concat!("let text = katarenga_family::", stringify!($ty), "::start().pretty().to_string();")]
            /// assert!(text.starts_with("8 R"));
            /// ```
            #[must_use]
            pub fn pretty(&self) -> $crate::Pretty<'_> {
                $crate::pawns::Pretty(&self.pawns)
            }

            /// An SVG picture of the position (the board's colours and the
            /// pawns; `with_marks` adds each square's mark).
            #[must_use]
            pub fn svg(&self) -> $crate::Svg<'_> {
                $crate::Svg {
                    pawns: &self.pawns,
                    game: <$ty as game_rules::Game>::NAME,
                    marks: false,
                }
            }

            /// The position in terminal colours, the origin of `last`
            /// marked (`with_marks` adds each square's mark).
            #[must_use]
            pub fn ansi(&self, last: Option<$crate::Move>) -> $crate::Ansi<'_> {
                $crate::Ansi {
                    pawns: &self.pawns,
                    last,
                    marks: false,
                }
            }

            /// The Zobrist hash computed from the parts (play updates it
            /// incrementally; the two always agree).
            #[must_use]
            pub fn zobrist_from_scratch(&self) -> u64 {
                self.pawns.hash_from_scratch($game)
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::ParsePositionError;

            fn from_str(s: &str) -> Result<$ty, $crate::ParsePositionError> {
                $ty::from_ascii(s.as_bytes())
            }
        }

        impl core::fmt::Display for $ty {
            /// Writes the [position notation](crate::rules#notation).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.pawns.write(f)
            }
        }

        impl core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}(\"{self}\")", stringify!($ty))
            }
        }
    };
}

pub(crate) use pawn_position;
