//! Records of what `game-search`'s players played (feature `players`): a
//! match of [`play_match`](game_search::play::play_match), a game of
//! [`play_game`](game_search::play::play_game).

use game_search::play::{End, GameResult};
use game_search::play::{KamisadoMatch, MatchEnd, MatchResult};
use katarenga_core::{Player, Position, Rules};

use crate::{
    Annotated, BoardSpec, KamisadoRecord, KamisadoRound, KatarengaRecord, RecordResult, Termination,
};

impl KamisadoRecord {
    /// The record of a match that
    /// [`play_match`](game_search::play::play_match) played: every
    /// round with its start, moves, scoring and edge, the winner, and how
    /// it ended (`normal`, or `illegal move` where a player gave no move or
    /// an illegal one). The header is the default one: set the players'
    /// names and the other tags on it.
    ///
    /// ```
    /// use game_records::{KamisadoRecord, Termination};
    /// use game_search::play::play_match;
    /// use game_search::{GreedyAgent, RandomAgent};
    /// use kamisado_core::{Match, Target};
    ///
    /// let result = play_match(
    ///     Match::new(Target::STANDARD),
    ///     [&mut GreedyAgent::new(1), &mut RandomAgent::new(2)],
    ///     |_, _| {},
    /// );
    /// let mut record = KamisadoRecord::from_match(&result);
    /// record.header.black = "greedy".into();
    /// record.header.white = "random".into();
    /// assert_eq!(record.termination, Termination::Normal);
    /// assert_eq!(record.rounds.len(), result.games.len());
    /// // It replays, and reads back as written.
    /// record.validate()?;
    /// assert_eq!(record.to_string().parse::<KamisadoRecord>()?, record);
    /// # Ok::<(), game_records::RecordError>(())
    /// ```
    #[must_use]
    pub fn from_match(
        result: &MatchResult<kamisado_core::Position, KamisadoMatch>,
    ) -> KamisadoRecord {
        let mut record = KamisadoRecord::new(result.detail.game.target());
        record.rules = result.detail.game.position().rules();
        record.options = result.detail.game.options();
        record.rounds = result
            .games
            .iter()
            .zip(&result.detail.rounds)
            .map(|(played, scoring)| KamisadoRound {
                moves: played.moves.iter().copied().map(Annotated::new).collect(),
                summary: scoring.summary,
                edge: scoring.edge,
                ..KamisadoRound::new(played.start)
            })
            .collect();
        // A Kamisado match always has a winner, `agents[0]` Black.
        let winner = result.winner.map_or(Player::Black, |i| Player::ALL[i]);
        record.result = RecordResult::Win(winner);
        record.termination = match result.end {
            MatchEnd::Completed => Termination::Normal,
            MatchEnd::Forfeit { .. } => Termination::IllegalMove,
        };
        record
    }
}

impl KatarengaRecord {
    /// The record of a game that
    /// [`play_game`](game_search::play::play_game) played from `start` on
    /// `board` (the board the start stands on, as tiles where known): its
    /// moves, the winner or the adjudicated draw, and how it ended (the
    /// rules, `repetition`, `ply limit`, or `illegal move` where a player
    /// gave no move or an illegal one). The rules are the first-move
    /// option's if a first move is pending at the start, else the
    /// standard ones. The header is the default one.
    ///
    /// ```
    /// use game_records::{BoardSpec, KatarengaRecord, RecordResult};
    /// use game_search::play::{Adjudication, play_game};
    /// use game_search::{GreedyAgent, RandomAgent};
    /// use katarenga_core::{Board, Position, Rules, TilePlacement};
    ///
    /// let tiles = TilePlacement::arrangement(17).unwrap();
    /// let start = Position::start_with(Board::from_tiles(tiles).unwrap(), Rules::NoFirstCapture);
    /// let game = play_game(
    ///     start,
    ///     [&mut GreedyAgent::new(1), &mut RandomAgent::new(2)],
    ///     Adjudication::default(),
    ///     |_, _| {},
    /// );
    /// let record = KatarengaRecord::from_game(BoardSpec::Tiles(tiles), start, &game);
    /// assert_eq!(record.rules, Rules::NoFirstCapture);
    /// assert_eq!(record.start, None); // the start on the board, by the rules
    /// assert_eq!(record.moves.len(), game.moves.len());
    /// assert_eq!(record.result.winner(), game.winner());
    /// record.validate()?;
    /// # Ok::<(), game_records::RecordError>(())
    /// ```
    #[must_use]
    pub fn from_game(
        board: BoardSpec,
        start: Position,
        game: &GameResult<Position>,
    ) -> KatarengaRecord {
        let rules = Rules::of_position(&start);
        let mut record = KatarengaRecord::new(board);
        record.rules = rules;
        if board.board().map(|b| Position::start_with(b, rules)).ok() != Some(start) {
            record.start = Some(start);
        }
        record.moves = game.moves.iter().copied().map(Annotated::new).collect();
        record.result = game.winner().map_or(RecordResult::Draw, RecordResult::Win);
        record.termination = match game.end {
            End::Outcome(_) => Termination::Normal,
            End::Repetition => Termination::Repetition,
            End::PlyLimit => Termination::PlyLimit,
            End::Forfeit { .. } => Termination::IllegalMove,
        };
        record
    }
}
