//! Challenges, the seek list and the Bot API.
//!
//! A challenge offers one account a game (a time control, a seat, rated or
//! not); a seek offers it to anyone, and the open seeks are the seek list.
//! The account challenged (anyone but its maker, for a seek) accepts it and
//! the game is made with both seats bound to the two accounts.
//!
//! Bots are accounts played by programs, authorised by a token
//! (`Authorization: Bearer kkb_...`): they hear of challenges and games on
//! an event stream, follow each game on a game stream (both
//! newline-delimited JSON over a long HTTP response, with an empty line
//! as a keep-alive), and act by posting. A bot's action is credited no lag
//! allowance: a program runs beside the network it chose.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kamisado_core::board_geometry::Player;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;

use crate::clock::TimeControl;
use crate::http::{App, Connection, playable};
use crate::protocol::{ClientError, Role, Snapshot};
use crate::room::{Room, wall_ms};
use crate::store::{ChallengeRow, GameRow, PlayerRow};
use crate::token;

/// How often a stream says it is alive when it has nothing to say (an
/// empty line), and how often the event stream looks for news another
/// server process may have stored.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);
const LOOK: Duration = Duration::from_secs(1);

/// A challenge or seek, as clients see it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The challenger's name.
    pub from: String,
    /// The name of the account challenged (`null`: a seek).
    pub to: Option<String>,
    /// The game offered (`GameSpec`'s text).
    pub spec: String,
    /// The time control.
    pub clock: TimeControl,
    /// Whether Black first chooses the board's orientation.
    pub choose_orientation: bool,
    /// The challenger's seat (`null`: drawn when accepted).
    pub seat: Option<Player>,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub status: String,
    /// The game made, once accepted.
    pub game: Option<String>,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_ms: u64,
}

impl ChallengeView {
    fn of(row: &ChallengeRow) -> ChallengeView {
        ChallengeView {
            id: row.id.clone(),
            from: row.names[0].clone().unwrap_or_default(),
            to: row.names[1].clone(),
            spec: row.spec.clone(),
            clock: serde_json::from_str(&row.clock).unwrap_or(TimeControl::Untimed),
            choose_orientation: row.choose_orientation,
            seat: row.seat.as_deref().and_then(|s| s.parse().ok()),
            rated: row.rated,
            status: row.status.clone(),
            game: row.game.clone(),
            created_ms: row.created_ms,
        }
    }
}

/// A new challenge (to a player) or seek (to anyone).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewChallenge {
    /// The account challenged; absent for a seek.
    #[serde(default)]
    to: Option<String>,
    spec: String,
    #[serde(default)]
    clock: TimeControl,
    #[serde(default)]
    choose_orientation: bool,
    /// The challenger's seat; drawn at random if absent.
    #[serde(default)]
    seat: Option<Player>,
    #[serde(default)]
    rated: bool,
}

fn json_body<T>(
    body: Result<Json<T>, axum::extract::rejection::JsonRejection>,
) -> Result<T, ClientError> {
    body.map(|Json(b)| b)
        .map_err(|e| ClientError::new("bad_request", &e.body_text()))
}

fn answer<T: Serialize>(status: StatusCode, result: Result<T, ClientError>) -> Response {
    match result {
        Ok(body) => (status, Json(body)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/challenges`.
async fn challenge(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<NewChallenge>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let made = async {
        let me = app.accounts.caller(&headers, true).await?;
        app.may_create(peer.ip())?;
        let new = json_body(body)?;
        let spec = playable(&new.spec, &new.clock, new.choose_orientation)?;
        let to = match &new.to {
            None => None,
            Some(name) => {
                let them = app
                    .store
                    .player_by_name(name)
                    .await
                    .map_err(ClientError::store)?
                    .ok_or_else(|| ClientError::new("unknown_player", "no player has this name"))?;
                if them.id == me.id {
                    return Err(ClientError::new(
                        "bad_request",
                        "to: one cannot challenge oneself",
                    ));
                }
                Some(them.id)
            }
        };
        let row = ChallengeRow {
            id: token::id(),
            from: me.id.clone(),
            to,
            spec: spec.to_string(),
            choose_orientation: new.choose_orientation,
            clock: serde_json::to_string(&new.clock).unwrap_or_default(),
            seat: new.seat.map(|p| p.to_string()),
            rated: new.rated,
            created_ms: wall_ms(),
            status: "open".into(),
            game: None,
            names: [Some(me.name.clone()), new.to.clone()],
        };
        app.store
            .create_challenge(row.clone())
            .await
            .map_err(ClientError::store)?;
        app.lobby_changed();
        Ok(view_of(&app, &row.id).await?.0)
    }
    .await;
    answer(StatusCode::CREATED, made)
}

/// A challenge as stored, or `unknown_challenge`.
async fn stored(app: &App, id: &str) -> Result<ChallengeRow, ClientError> {
    app.store
        .challenge(id)
        .await
        .map_err(ClientError::store)?
        .ok_or_else(|| ClientError::new("unknown_challenge", "no challenge has this id"))
}

async fn view_of(app: &App, id: &str) -> Result<(ChallengeView, ChallengeRow), ClientError> {
    let row = stored(app, id).await?;
    Ok((ChallengeView::of(&row), row))
}

/// A challenge and, for one of its two accounts once it is accepted, the
/// link to that account's seat.
#[derive(Debug, Serialize)]
struct Seen {
    challenge: ChallengeView,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

/// The seat `player` holds in `room`, and its token.
fn seat_in(room: &Room, player: &PlayerRow) -> Option<(Player, String)> {
    Player::ALL
        .into_iter()
        .find(|&seat| room.owner(seat).as_deref() == Some(player.id.as_str()))
        .map(|seat| (seat, room.tokens()[seat.index()].clone()))
}

/// `GET /api/challenges/{id}`: anyone may see a challenge; its accounts
/// also get their seat's link once it is accepted.
async fn read_challenge(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let seen = async {
        let (challenge, row) = view_of(&app, &id).await?;
        let mut seen = Seen {
            challenge,
            seat: None,
            token: None,
        };
        let me = app.accounts.caller(&headers, false).await.ok();
        if let (Some(me), Some(game)) = (me, &row.game) {
            if let Some(room) = app.room(game).await? {
                if let Some((seat, token)) = seat_in(&room, &me) {
                    seen.seat = Some(seat);
                    seen.token = Some(token);
                }
            }
        }
        Ok(seen)
    }
    .await;
    answer(StatusCode::OK, seen)
}

/// `GET /api/challenges`: the caller's open challenges, made and received.
async fn mine(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let list = async {
        let me = app.accounts.caller(&headers, false).await?;
        let rows = app
            .store
            .open_challenges(Some(&me.id))
            .await
            .map_err(ClientError::store)?;
        Ok(rows.iter().map(ChallengeView::of).collect::<Vec<_>>())
    }
    .await;
    answer(StatusCode::OK, list)
}

/// Which seeks to list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekFilter {
    /// The game (`kamisado`, ...).
    #[serde(default)]
    game: Option<String>,
    /// The time control's kind: `untimed`, `live` or `correspondence`.
    #[serde(default)]
    control: Option<String>,
}

fn control_kind(clock: &TimeControl) -> &'static str {
    match clock {
        TimeControl::Untimed => "untimed",
        TimeControl::Live { .. } => "live",
        TimeControl::Correspondence { .. } => "correspondence",
    }
}

/// `GET /api/seeks`: the open seeks, the oldest first, by game and time
/// control.
async fn seeks(
    State(app): State<Arc<App>>,
    filter: Result<Query<SeekFilter>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let list = async {
        let Query(filter) = filter.map_err(|e| ClientError::new("bad_request", &e.body_text()))?;
        let rows = app
            .store
            .open_challenges(None)
            .await
            .map_err(ClientError::store)?;
        Ok(rows
            .iter()
            .map(ChallengeView::of)
            .filter(|c| {
                filter.game.as_deref().is_none_or(|g| {
                    c.spec
                        .parse::<game_spec::GameSpec>()
                        .is_ok_and(|spec| spec.game().name() == g)
                }) && filter
                    .control
                    .as_deref()
                    .is_none_or(|k| control_kind(&c.clock) == k)
            })
            .collect::<Vec<_>>())
    }
    .await;
    answer(StatusCode::OK, list)
}

/// What accepting gives: the game, and the acceptor's seat and link.
#[derive(Debug, Serialize)]
struct Accepted {
    game: String,
    seat: Player,
    token: String,
}

fn closed(row: &ChallengeRow) -> ClientError {
    ClientError::new(
        "challenge_closed",
        &format!("this challenge is {}, no longer open", row.status),
    )
}

/// `POST /api/challenges/{id}/accept`.
async fn accept(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let accepted = async {
        let me = app.accounts.caller(&headers, true).await?;
        let row = stored(&app, &id).await?;
        if row.status != "open" {
            return Err(closed(&row));
        }
        if row.from == me.id {
            return Err(ClientError::new(
                "own_challenge",
                "one cannot accept one's own challenge or seek: cancel it instead",
            ));
        }
        if row.to.as_ref().is_some_and(|to| *to != me.id) {
            return Err(ClientError::new(
                "not_yours",
                "this challenge is for another player",
            ));
        }
        let challenger = match row.seat.as_deref().and_then(|s| s.parse().ok()) {
            Some(seat) => seat,
            None if token::coin() => Player::Black,
            None => Player::White,
        };
        let mut owners = [None, None];
        owners[challenger.index()] = Some(row.from.clone());
        owners[challenger.opponent().index()] = Some(me.id.clone());
        let game = GameRow {
            id: token::id(),
            spec: row.spec.clone(),
            choose_orientation: row.choose_orientation,
            clock: row.clock.clone(),
            tokens: [token::token(), token::token(), token::token()],
            created_ms: wall_ms(),
            rematch_of: None,
            owners,
            rated: row.rated,
        };
        let made = app
            .store
            .close_challenge(&id, "accepted", Some(game.clone()))
            .await
            .map_err(ClientError::store)?;
        if !made {
            return Err(closed(&stored(&app, &id).await?));
        }
        app.lobby_changed();
        let seat = challenger.opponent();
        Ok(Accepted {
            token: game.tokens[seat.index()].clone(),
            game: game.id,
            seat,
        })
    }
    .await;
    answer(StatusCode::CREATED, accepted)
}

/// `POST /api/challenges/{id}/decline` (by the account challenged) and
/// `.../cancel` (by the challenger).
async fn close(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path((id, how)): Path<(String, String)>,
) -> Response {
    let done = async {
        let me = app.accounts.caller(&headers, true).await?;
        let row = stored(&app, &id).await?;
        let status = match how.as_str() {
            "decline" if row.to.as_deref() == Some(me.id.as_str()) => "declined",
            "decline" => {
                return Err(ClientError::new(
                    "not_yours",
                    "only the player challenged declines a challenge (a seek is let be)",
                ));
            }
            "cancel" if row.from == me.id => "cancelled",
            "cancel" => {
                return Err(ClientError::new(
                    "not_yours",
                    "only its maker cancels a challenge or seek",
                ));
            }
            _ => {
                return Err(ClientError::new(
                    "unknown_route",
                    "a challenge is accepted, declined or cancelled",
                ));
            }
        };
        if !app
            .store
            .close_challenge(&id, status, None)
            .await
            .map_err(ClientError::store)?
        {
            return Err(closed(&stored(&app, &id).await?));
        }
        app.lobby_changed();
        Ok(view_of(&app, &id).await?.0)
    }
    .await;
    answer(StatusCode::OK, done)
}

/// A long response of newline-delimited JSON.
fn ndjson(body: Body) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // Proxies that buffer (nginx) pass each line at once.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

fn line(value: &impl Serialize) -> Bytes {
    let mut text = serde_json::to_vec(value).unwrap_or_default();
    text.push(b'\n');
    Bytes::from(text)
}

/// A game as the event stream names it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct GameRef {
    /// The game's id.
    pub id: String,
    /// The bot's seat.
    pub seat: Player,
}

/// What a bot hears on its event stream, one per line.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A challenge made or received, open.
    Challenge {
        /// The challenge.
        challenge: ChallengeView,
    },
    /// A challenge heard of before is no longer open: accepted (its game
    /// starts), declined or cancelled.
    ChallengeClosed {
        /// The challenge as it ended.
        challenge: ChallengeView,
    },
    /// A game with one of the bot's seats goes on (each such game is told
    /// once when the stream opens): follow its game stream.
    GameStart {
        /// The game.
        game: GameRef,
    },
    /// A game told before is over.
    GameFinish {
        /// The game.
        game: GameRef,
    },
}

/// What the event stream has told, to tell only what is new.
#[derive(Default)]
struct Told {
    /// The open challenges told.
    challenges: HashSet<String>,
    games: HashMap<String, Player>,
}

/// What is new for `me` since `told`.
async fn news(app: &App, me: &PlayerRow, told: &mut Told) -> Result<Vec<BotEvent>, ClientError> {
    let mut out = Vec::new();
    let open = app
        .store
        .open_challenges(Some(&me.id))
        .await
        .map_err(ClientError::store)?;
    let gone: Vec<String> = told
        .challenges
        .iter()
        .filter(|id| !open.iter().any(|c| &c.id == *id))
        .cloned()
        .collect();
    for id in gone {
        told.challenges.remove(&id);
        if let Some(row) = app.store.challenge(&id).await.map_err(ClientError::store)? {
            out.push(BotEvent::ChallengeClosed {
                challenge: ChallengeView::of(&row),
            });
        }
    }
    for row in open {
        if told.challenges.insert(row.id.clone()) {
            out.push(BotEvent::Challenge {
                challenge: ChallengeView::of(&row),
            });
        }
    }
    let games = app
        .store
        .games_of(&me.id)
        .await
        .map_err(ClientError::store)?;
    let finished: Vec<(String, Player)> = told
        .games
        .iter()
        .filter(|(id, _)| !games.iter().any(|(g, _)| g == *id))
        .map(|(id, seat)| (id.clone(), *seat))
        .collect();
    for (id, seat) in finished {
        told.games.remove(&id);
        out.push(BotEvent::GameFinish {
            game: GameRef { id, seat },
        });
    }
    for (id, seat) in games {
        let Ok(seat) = seat.parse() else { continue };
        if told.games.insert(id.clone(), seat).is_none() {
            out.push(BotEvent::GameStart {
                game: GameRef { id, seat },
            });
        }
    }
    Ok(out)
}

/// One bot's event stream while it is open.
struct EventStream {
    app: Arc<App>,
    /// Its place among the connections.
    _held: Connection,
    me: PlayerRow,
    told: Told,
    /// News of a challenge changed through this process.
    lobby: tokio::sync::watch::Receiver<u64>,
    /// What is to be told, in order.
    queue: VecDeque<BotEvent>,
    /// Whether the store was looked at once (the first look waits for
    /// nothing).
    looked: bool,
}

impl EventStream {
    /// The next line: an event, or after `KEEP_ALIVE` of nothing an empty
    /// line.
    async fn next_line(&mut self) -> Bytes {
        let quiet = tokio::time::Instant::now();
        loop {
            if let Some(event) = self.queue.pop_front() {
                return line(&event);
            }
            if self.looked {
                tokio::select! {
                    _ = self.lobby.changed() => {}
                    () = tokio::time::sleep(LOOK) => {}
                }
            }
            self.looked = true;
            // While the store fails the bot hears nothing new, and the
            // keep-alive goes on.
            if let Ok(events) = news(&self.app, &self.me, &mut self.told).await {
                self.queue.extend(events);
            }
            if self.queue.is_empty() && quiet.elapsed() >= KEEP_ALIVE {
                return Bytes::from_static(b"\n");
            }
        }
    }
}

/// `GET /api/bot/stream/event`: the bot's challenges and games, as they
/// come.
async fn event_stream(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let me = match app.accounts.bot(&headers).await {
        Ok(me) => me,
        Err(e) => return e.into_response(),
    };
    // Held while the stream is open: streams count as connections do.
    let held = match Connection::take(&app, peer.ip()) {
        Ok(held) => held,
        Err(refused) => return refused,
    };
    let events = EventStream {
        lobby: app.lobby(),
        app,
        _held: held,
        me,
        told: Told::default(),
        queue: VecDeque::new(),
        looked: false,
    };
    let stream = futures_util::stream::unfold(events, |mut events| async move {
        let line = events.next_line().await;
        Some((Ok::<_, std::convert::Infallible>(line), events))
    });
    ndjson(Body::from_stream(stream))
}

/// The bot's seat in game `id`.
async fn bot_seat(
    app: &App,
    headers: &HeaderMap,
    id: &str,
) -> Result<(Arc<Room>, Role), ClientError> {
    let me = app.accounts.bot(headers).await?;
    let room = app
        .room(id)
        .await?
        .ok_or_else(|| ClientError::new("unknown_game", "no game has this id"))?;
    let (seat, _) = seat_in(&room, &me).ok_or_else(|| {
        ClientError::new(
            "not_your_game",
            "this bot holds no seat in this game: a bot token moves only its bot's games",
        )
    })?;
    let role = match seat {
        Player::Black => Role::Black,
        Player::White => Role::White,
    };
    Ok((room, role))
}

/// Where a game stream starts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    #[serde(default)]
    since: u64,
}

/// The seat's connection while its stream is open: it counts as present,
/// and leaves when the stream is dropped (the bot went away).
struct Presence {
    room: Arc<Room>,
    role: Role,
    _held: Connection,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let (room, role) = (Arc::clone(&self.room), self.role);
        // Dropped outside the runtime only when the process ends, when
        // nobody is left to tell.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { room.leave(role).await });
        }
    }
}

/// `GET /api/bot/game/{id}/stream?since=n`: the game's server messages
/// (the WebSocket's, `docs/server.md`), one a line: first the welcome with
/// the events after `since`, then each message as it comes.
async fn game_stream(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    since: Result<Query<Since>, axum::extract::rejection::QueryRejection>,
) -> Response {
    // Held while the stream is open: streams count as connections do.
    let held = match Connection::take(&app, peer.ip()) {
        Ok(held) => held,
        Err(refused) => return refused,
    };
    let opened = async {
        let Query(Since { since }) =
            since.map_err(|e| ClientError::new("bad_request", &e.body_text()))?;
        let (room, role) = bot_seat(&app, &headers, &id).await?;
        let events = room.broadcast.subscribe();
        let mut first = room.welcome(role, since).await;
        first.push('\n');
        // As over the WebSocket: a start the store refused is told, and
        // the seat is present all the same.
        if let Err(e) = room.arrive(role).await {
            first += &serde_json::to_string(&crate::protocol::ServerMessage::Error(e))
                .unwrap_or_default();
            first.push('\n');
        }
        Ok::<_, ClientError>((room, role, events, first))
    }
    .await;
    let (room, role, events, first) = match opened {
        Ok(opened) => opened,
        Err(e) => return e.into_response(),
    };
    let presence = Presence {
        room,
        role,
        _held: held,
    };
    let start = (Some(first), events, presence);
    let stream = futures_util::stream::unfold(start, |(first, mut events, presence)| async move {
        if let Some(first) = first {
            return Some((
                Ok::<_, std::convert::Infallible>(Bytes::from(first)),
                (None, events, presence),
            ));
        }
        tokio::select! {
            message = events.recv() => match message {
                Ok(text) => {
                    let mut text = text.to_string();
                    text.push('\n');
                    Some((Ok(Bytes::from(text)), (None, events, presence)))
                }
                // Too far behind, or the game let go of: the bot opens the
                // stream again with the last event it saw.
                Err(RecvError::Lagged(_) | RecvError::Closed) => None,
            },
            () = tokio::time::sleep(KEEP_ALIVE) => Some((Ok(Bytes::from_static(b"\n")), (None, events, presence))),
        }
    });
    ndjson(Body::from_stream(stream))
}

/// An action posted by a bot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    action: String,
}

/// `POST /api/bot/game/{id}/act`: the bot's action (a move, `edge a`,
/// `orientation left`, `resign`), credited no lag allowance.
async fn act(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<Act>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Snapshot>, ClientError> {
    let (room, role) = bot_seat(&app, &headers, &id).await?;
    let Act { action } = json_body(body)?;
    room.act_allowing(role, &action, Duration::ZERO)
        .await
        .map(Json)
}

/// `POST /api/bot/game/{id}/claim`: claims the game of an opponent away
/// past the grace period.
async fn claim(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Snapshot>, ClientError> {
    let (room, role) = bot_seat(&app, &headers, &id).await?;
    room.claim(role).await.map(Json)
}

/// The routes of challenges, seeks and bots.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/challenges", post(challenge).get(mine))
        .route("/api/challenges/{id}", get(read_challenge))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/{how}", post(close))
        .route("/api/seeks", get(seeks))
        .route("/api/bot/stream/event", get(event_stream))
        .route("/api/bot/game/{id}/stream", get(game_stream))
        .route("/api/bot/game/{id}/act", post(act))
        .route("/api/bot/game/{id}/claim", post(claim))
}
