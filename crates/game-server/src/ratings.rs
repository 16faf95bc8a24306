//! Ratings: Glicko-2 per game (Kamisado, Katarenga, Congress, ... each its
//! own rating), updated after each rated game as a rating period of one
//! game (as lichess does: a player sees the change at once), through the
//! `skillratings` crate, with a floor on the deviation so that a rating
//! never stops moving.
//!
//! A game is rated when it was created rated by a logged-in player and
//! both seats belong to two different accounts when it ends.

use serde::Serialize;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use game_records::RecordResult;
use kamisado_core::board_geometry::Player;

use crate::store::{RateGame, RatingRow, Store, StoreError};

/// A new player's rating, deviation and volatility: Glickman's defaults.
pub const START: RatingRow = RatingRow {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
    games: 0,
};

/// The lowest deviation a rating keeps: however many games a player has
/// played, each new one still moves the rating by a useful amount.
pub const DEVIATION_FLOOR: f64 = 45.0;

/// The system constant τ, which bounds how fast the volatility changes
/// (Glickman: between 0.3 and 1.2; 0.5 is the value of his worked example).
pub const TAU: f64 = 0.5;

/// A rating shown to players: provisional while the deviation is high.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Shown {
    /// The rating, rounded.
    pub rating: i64,
    /// The deviation, rounded.
    pub deviation: i64,
    /// Rated games played.
    pub games: u32,
    /// Whether the rating is still uncertain (deviation above 110).
    pub provisional: bool,
}

/// A rating or deviation rounded for showing.
#[must_use]
pub fn round(x: f64) -> i64 {
    // Ratings are a few thousand at most: well within i64.
    #[allow(clippy::cast_possible_truncation)]
    let rounded = x.round() as i64;
    rounded
}

impl From<RatingRow> for Shown {
    fn from(r: RatingRow) -> Shown {
        Shown {
            rating: round(r.rating),
            deviation: round(r.deviation),
            games: r.games,
            provisional: r.deviation > 110.0,
        }
    }
}

/// Black's score in a game that ended with `result`, if it is over.
#[must_use]
pub fn black_score(result: RecordResult) -> Option<f64> {
    match result {
        RecordResult::Win(Player::Black) => Some(1.0),
        RecordResult::Win(Player::White) => Some(0.0),
        RecordResult::Draw => Some(0.5),
        RecordResult::Unfinished => None,
    }
}

/// Applies the rated games that ended without their ratings applied (the
/// process ending them stopped first): run at each start.
///
/// # Errors
/// The store's failure.
pub async fn settle_pending(store: &Store) -> Result<usize, StoreError> {
    let mut settled = 0;
    for id in store.unrated().await? {
        let Some((game, _)) = store.load(&id).await? else {
            continue;
        };
        let Some((row, _)) = store.archived(&id).await? else {
            continue;
        };
        let (Some(score), [Some(black), Some(white)], Ok(spec)) = (
            row.result.parse().ok().and_then(black_score),
            game.owners,
            game.spec.parse::<game_spec::GameSpec>(),
        ) else {
            continue;
        };
        if black == white {
            continue;
        }
        store
            .rate_game(RateGame {
                id,
                kind: spec.game().to_string(),
                players: [black, white],
                black_score: score,
                at_ms: row.finished_ms,
                update,
            })
            .await?;
        settled += 1;
    }
    Ok(settled)
}

/// Both players' ratings after a game in which Black scored `black_score`
/// (1, ½ or 0).
#[must_use]
pub fn update(ratings: [RatingRow; 2], black_score: f64) -> [RatingRow; 2] {
    let outcome = if black_score > 0.75 {
        Outcomes::WIN
    } else if black_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let glicko = |r: RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (black, white) = glicko2(&glicko(ratings[0]), &glicko(ratings[1]), &outcome, &config);
    let back = |g: Glicko2Rating, before: RatingRow| RatingRow {
        rating: g.rating,
        deviation: g.deviation.max(DEVIATION_FLOOR),
        volatility: g.volatility,
        games: before.games.saturating_add(1),
    };
    [back(black, ratings[0]), back(white, ratings[1])]
}
