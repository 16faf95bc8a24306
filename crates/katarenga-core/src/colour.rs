//! The four square colours of Katarenga, each a way of moving.

use board_geometry::ParseNameError;
use board_geometry::Rgb;

board_geometry::named_enum! {
    /// The colour of a Katarenga square, which decides how a piece standing on
    /// it moves ([rules](crate::rules#how-a-piece-moves)). `Display` writes the
    /// name (`red`); `FromStr` reads the name or the uppercase notation letter (`R`).
    ///
    /// ```
    /// use katarenga_core::SquareColour;
    /// assert_eq!("yellow".parse(), Ok(SquareColour::Yellow));
    /// assert_eq!("G".parse(), Ok(SquareColour::Green));
    /// assert!("g".parse::<SquareColour>().is_err());
    /// ```
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "lowercase")
    )]
    pub enum SquareColour {
        /// Moves like a rook, stopping on the first red square.
        Red => "red" / 'R',
        /// Moves like a bishop, stopping on the first yellow square.
        Yellow => "yellow" / 'Y',
        /// Moves like a king: one square in any direction.
        Blue => "blue" / 'B',
        /// Moves like a knight.
        Green => "green" / 'G',
    }
    letters: exact(letter, from_letter),
    parse_error: ParseNameError {
        what: "square colour",
        expected: "red, yellow, blue, green or a letter R, Y, B, G",
    },
}

impl SquareColour {
    /// How a piece standing on a square of this colour moves.
    #[must_use]
    pub const fn piece_kind(self) -> PieceKind {
        match self {
            SquareColour::Blue => PieceKind::King,
            SquareColour::Green => PieceKind::Knight,
            SquareColour::Yellow => PieceKind::Bishop,
            SquareColour::Red => PieceKind::Rook,
        }
    }

    /// The mark of this colour for players who cannot tell the colours
    /// apart: the chess figure whose move a piece on it makes
    /// ([`PieceKind::mark`]).
    #[must_use]
    pub const fn mark(self) -> char {
        self.piece_kind().mark()
    }

    /// The ink a [mark](SquareColour::mark) is written in on this colour:
    /// near black or white, whichever contrasts more (at least 4.5 to 1
    /// for each colour, as the tests compute it).
    #[must_use]
    pub const fn mark_ink(self) -> Rgb {
        match self {
            SquareColour::Yellow | SquareColour::Green => Rgb(17, 17, 17),
            SquareColour::Red | SquareColour::Blue => Rgb(255, 255, 255),
        }
    }

    /// The colour on screen, for pictures of the board.
    #[must_use]
    pub const fn rgb(self) -> Rgb {
        match self {
            SquareColour::Red => Rgb(196, 52, 52),
            SquareColour::Yellow => Rgb(232, 198, 48),
            SquareColour::Blue => Rgb(58, 108, 206),
            SquareColour::Green => Rgb(56, 156, 78),
        }
    }
}

board_geometry::named_enum! {
    /// The way a piece moves, given by the colour of its square. `Display`
    /// writes the name (`king`).
    #[cfg_attr(
        feature = "serde",
        derive(serde::Serialize, serde::Deserialize),
        serde(rename_all = "lowercase")
    )]
    pub enum PieceKind {
        /// One square in any direction (on blue).
        King => "king",
        /// A knight's jump (on green).
        Knight => "knight",
        /// Diagonally, stopping on the first yellow square (on yellow).
        Bishop => "bishop",
        /// Along ranks and files, stopping on the first red square (on red).
        Rook => "rook",
    }
}

impl PieceKind {
    /// The chess figure of this move: `♔` king, `♘` knight, `♗` bishop,
    /// `♖` rook (the board's own motifs are drawings; these are this
    /// crate's, readable in any font).
    #[must_use]
    pub const fn mark(self) -> char {
        match self {
            PieceKind::King => '♔',
            PieceKind::Knight => '♘',
            PieceKind::Bishop => '♗',
            PieceKind::Rook => '♖',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        extern crate std;
        use std::string::ToString;
        for c in SquareColour::ALL {
            assert_eq!(c.to_string().parse::<SquareColour>(), Ok(c));
            assert_eq!(c.letter().to_string().parse::<SquareColour>(), Ok(c));
        }
        assert!("".parse::<SquareColour>().is_err());
        let kinds = SquareColour::ALL.map(SquareColour::piece_kind);
        assert_eq!(
            kinds,
            [
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::King,
                PieceKind::Knight
            ]
        );
    }
}
