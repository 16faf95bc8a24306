//! The archive: every finished game with its record, searchable by player,
//! game, variant and date, each game's record and a player's records
//! downloadable in the project's record format (the rules pages' "Game
//! records").

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::http::{App, download};
use crate::protocol::ClientError;
use crate::store::{ArchiveQuery, ArchiveRow};

/// The most games one answer lists.
pub const PAGE: u32 = 100;

/// `YYYY.MM.DD`, the records' date, of a time in milliseconds since the
/// Unix epoch (UTC).
#[must_use]
pub fn record_date(ms: u64) -> String {
    game_records::Header::date_of(ms)
}

/// Milliseconds since the Unix epoch at the start of `YYYY-MM-DD` (UTC).
///
/// # Errors
/// A message saying what is wanted.
pub fn day_start_ms(text: &str) -> Result<u64, String> {
    let dotted = text.replace('.', "/").replace('-', ".");
    game_records::Header::day_start_ms(&dotted)
        .ok_or_else(|| format!("{text:?} is not a day YYYY-MM-DD of the calendar, from 1970"))
}

/// The search, as the query string gives it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Search {
    /// A player's name (either seat).
    player: Option<String>,
    /// The game: `kamisado`, `katarenga`, `congress`, `quebec`, `isolation`.
    game: Option<String>,
    /// The exact game description (`kamisado target=3`).
    variant: Option<String>,
    /// Games finished on or after this day (`YYYY-MM-DD`, UTC).
    from: Option<String>,
    /// Games finished on or before this day.
    to: Option<String>,
    /// Games finished before this time (milliseconds; the last answer's
    /// last `finished_ms`, for the next page).
    before: Option<u64>,
    /// At most this many games (and never more than 100).
    limit: Option<u32>,
}

/// One finished game, as listed.
#[derive(Debug, Serialize)]
struct Listed {
    game: String,
    spec: String,
    black: Option<String>,
    white: Option<String>,
    result: String,
    termination: String,
    finished_ms: u64,
    rated: bool,
}

impl From<ArchiveRow> for Listed {
    fn from(r: ArchiveRow) -> Listed {
        Listed {
            game: r.id,
            spec: r.spec,
            black: r.names[0].clone(),
            white: r.names[1].clone(),
            result: r.result,
            termination: r.termination,
            finished_ms: r.finished_ms,
            rated: r.rated,
        }
    }
}

fn bad(message: String) -> ClientError {
    ClientError::new("bad_request", &message)
}

/// The store's query for a search: the player's name made an id, the
/// days made times.
async fn query(app: &App, search: Search) -> Result<Option<ArchiveQuery>, ClientError> {
    let player = match &search.player {
        Some(name) => match app
            .store
            .player_by_name(name)
            .await
            .map_err(ClientError::store)?
        {
            Some(p) => Some(p.id),
            // Nobody of that name has played anything.
            None => return Ok(None),
        },
        None => None,
    };
    if let Some(game) = &search.game {
        game.parse::<game_spec::GameId>()
            .map_err(|e| bad(format!("game: {e}")))?;
    }
    let from_ms = search
        .from
        .as_deref()
        .map(day_start_ms)
        .transpose()
        .map_err(|e| bad(format!("from: {e}")))?;
    let to_ms = search
        .to
        .as_deref()
        .map(|d| day_start_ms(d).map(|ms| ms + 86_400_000))
        .transpose()
        .map_err(|e| bad(format!("to: {e}")))?;
    Ok(Some(ArchiveQuery {
        player,
        game: search.game,
        variant: search.variant,
        from_ms,
        to_ms,
        before_ms: search.before,
        limit: search.limit.unwrap_or(PAGE).clamp(1, PAGE),
    }))
}

async fn list(
    State(app): State<Arc<App>>,
    search: Result<Query<Search>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<Listed>>, ClientError> {
    let Query(search) = search.map_err(|e| bad(e.body_text()))?;
    let Some(query) = query(&app, search).await? else {
        return Ok(Json(Vec::new()));
    };
    let rows = app.store.archive(query).await.map_err(ClientError::store)?;
    Ok(Json(rows.into_iter().map(Listed::from).collect()))
}

/// One finished game: as listed, with its actions (to step through) and
/// its record.
#[derive(Debug, Serialize)]
struct Shown {
    #[serde(flatten)]
    listed: Listed,
    /// Each action, `[player, action]`, in order.
    actions: Vec<(String, String)>,
    /// The record, in the project's record format.
    record: String,
}

fn not_found() -> ClientError {
    ClientError::new("unknown_game", "no finished game has this id")
}

async fn one(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Shown>, ClientError> {
    let (row, record) = app
        .store
        .archived(&id)
        .await
        .map_err(ClientError::store)?
        .ok_or_else(not_found)?;
    let (_, events) = app
        .store
        .load(&id)
        .await
        .map_err(ClientError::store)?
        .ok_or_else(not_found)?;
    let actions = events
        .into_iter()
        .filter(|e| e.kind == "act")
        .filter_map(|e| Some((e.player?, e.action?)))
        .collect();
    Ok(Json(Shown {
        listed: row.into(),
        actions,
        record,
    }))
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.store.archived(&id).await {
        Ok(Some((_, record))) => download(&format!("kk-{id}.txt"), record),
        Ok(None) => not_found().into_response(),
        Err(e) => ClientError::store(e).into_response(),
    }
}

/// Which game a player's records are of (one game a file: each game has
/// its own record format).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Which {
    game: String,
}

async fn player_records(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    which: Result<Query<Which>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let result = async {
        let Query(which) = which.map_err(|e| bad(e.body_text()))?;
        let search = Search {
            player: Some(name.clone()),
            game: Some(which.game.clone()),
            ..Search::default()
        };
        let mut records = String::new();
        let Some(mut query) = query(&app, search).await? else {
            return Err(ClientError::new(
                "unknown_player",
                "no player has this name",
            ));
        };
        // Every game, a page at a time, oldest last.
        loop {
            let rows = app
                .store
                .archive(query.clone())
                .await
                .map_err(ClientError::store)?;
            let Some(last) = rows.last().map(|r| r.finished_ms) else {
                break;
            };
            for row in &rows {
                if let Some((_, record)) = app
                    .store
                    .archived(&row.id)
                    .await
                    .map_err(ClientError::store)?
                {
                    records += &record;
                    if !records.ends_with('\n') {
                        records.push('\n');
                    }
                    records.push('\n');
                }
            }
            if rows.len() < query.limit as usize {
                break;
            }
            query.before_ms = Some(last);
        }
        Ok(download(&format!("kk-{name}-{}.txt", which.game), records))
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

/// The archive's routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/archive", get(list))
        .route("/api/archive/{id}", get(one))
        .route("/api/archive/{id}/record", get(record))
        .route("/api/players/{name}/records", get(player_records))
}
