//! The options of the three games, each a value a position carries (the
//! notation does not write them: they travel in the description of the game).

use board_geometry::ParseNameError;

board_geometry::named_enum! {
    /// Congress: what a player with no legal move does
    /// ([rules](crate::rules#congress)).
    ///
    /// ```
    /// use katarenga_family::NoMove;
    /// assert_eq!("pass".parse(), Ok(NoMove::Pass));
    /// assert_eq!(NoMove::default().to_string(), "lose");
    /// ```
    #[derive(Default)]
    pub enum NoMove {
        /// The player to move with no legal move loses (the default, as in
        /// Katarenga).
        #[default]
        Lose => "lose",
        /// The player to move with no legal move passes; when neither
        /// player can move the game is drawn.
        Pass => "pass",
    }
    parse_error: ParseNameError {
        what: "no-move rule",
        expected: "lose or pass",
    },
}

board_geometry::named_enum! {
    /// Quebec: who wins when a move leaves both sides connected
    /// ([rules](crate::rules#quebec)).
    ///
    /// ```
    /// use katarenga_family::BothConnected;
    /// assert_eq!("draw".parse(), Ok(BothConnected::Draw));
    /// assert_eq!(BothConnected::default().to_string(), "mover");
    /// ```
    #[derive(Default)]
    pub enum BothConnected {
        /// The player who made the move wins (the default).
        #[default]
        Mover => "mover",
        /// The game is drawn.
        Draw => "draw",
    }
    parse_error: ParseNameError {
        what: "both-connected rule",
        expected: "mover or draw",
    },
}

board_geometry::named_enum! {
    /// Isolation: which placements are legitimate
    /// ([rules](crate::rules#isolation)).
    ///
    /// ```
    /// use katarenga_family::Reading;
    /// assert_eq!("one-way".parse(), Ok(Reading::OneWay));
    /// assert_eq!(Reading::default().to_string(), "strict");
    /// ```
    #[derive(Default)]
    pub enum Reading {
        /// Parlett's rule: the new pawn may neither attack nor be attacked
        /// by any pawn on the board, of either colour (the default).
        #[default]
        Strict => "strict",
        /// Parlett's easier variant: the same, counting only the pawns of
        /// the other colour.
        Opposite => "opposite",
        /// The student programs' reading: the new pawn may not be attacked
        /// by any pawn on the board; it may attack.
        OneWay => "one-way",
    }
    parse_error: ParseNameError {
        what: "Isolation reading",
        expected: "strict, opposite or one-way",
    },
}

board_geometry::named_enum! {
    /// Isolation: how many pawns each player has to place.
    ///
    /// ```
    /// use katarenga_family::Supply;
    /// assert_eq!("none".parse(), Ok(Supply::Unlimited));
    /// assert_eq!(Supply::default().to_string(), "8");
    /// ```
    #[derive(Default)]
    pub enum Supply {
        /// The box's 8 pawns a side: a player with none left in hand has no
        /// legal placement (the default).
        #[default]
        Eight => "8",
        /// No limit.
        Unlimited => "none",
    }
    parse_error: ParseNameError {
        what: "Isolation supply",
        expected: "8 or none",
    },
}

impl Supply {
    /// How many pawns a player may have on the board, if limited.
    #[must_use]
    pub const fn limit(self) -> Option<u32> {
        match self {
            Supply::Eight => Some(8),
            Supply::Unlimited => None,
        }
    }
}
