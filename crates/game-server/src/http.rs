//! The network: HTTP for creating games and reading them, a WebSocket per
//! connection for playing and watching, the page's files.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kamisado_core::board_geometry::Player;
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, Semaphore, broadcast};
use tokio::time::Instant;

use crate::clock::TimeControl;
use crate::protocol::{ClientError, ClientMessage, Role, ServerMessage, Snapshot};
use crate::room::{Context, Room, Rules, TakeUp, wall_ms};
use crate::store::{GameRow, Notice, Store};
use crate::{Config, token};

/// The games in memory, by id, and their ids by token (a link is found
/// at once however many games are held; the room then checks the token in
/// constant time).
#[derive(Default)]
struct Rooms {
    by_id: HashMap<String, Arc<Room>>,
    by_token: HashMap<String, String>,
}

impl Rooms {
    /// Holds `room` unless a room of its game is held; returns the one held.
    fn hold(&mut self, room: Arc<Room>) -> Arc<Room> {
        if let Some(held) = self.by_id.get(&room.id) {
            return Arc::clone(held);
        }
        for token in room.tokens() {
            self.by_token.insert(token.clone(), room.id.clone());
        }
        self.by_id.insert(room.id.clone(), Arc::clone(&room));
        room
    }
}

/// What every handler shares.
pub struct App {
    pub(crate) config: Config,
    pub(crate) store: Store,
    /// The players' accounts and sessions.
    pub(crate) accounts: crate::accounts::Accounts,
    /// This process's id, if the store is shared with other processes.
    server: Option<Arc<str>>,
    /// The processes alive at the last heartbeat.
    live: std::sync::Mutex<Vec<String>>,
    /// The games in memory.
    rooms: Mutex<Rooms>,
    /// Open WebSocket connections, bounded.
    connections: Arc<Semaphore>,
    /// Open WebSocket connections by address, each bounded.
    per_address: Arc<std::sync::Mutex<HashMap<std::net::IpAddr, usize>>>,
    /// Each address's allowance of new games.
    creators: Buckets<std::net::IpAddr>,
    /// Bumped when a challenge is made or closed here: the bots' event
    /// streams look at once (what other processes do, they see within a
    /// second).
    lobby: tokio::sync::watch::Sender<u64>,
}

impl App {
    pub(crate) fn new(config: Config, store: Store) -> App {
        let connections = Arc::new(Semaphore::new(config.max_connections));
        let server = store.notices().is_some().then(|| Arc::from(token::id()));
        let accounts =
            crate::accounts::Accounts::new(store.clone(), config.login_rate, config.login_burst);
        App {
            config,
            server,
            live: std::sync::Mutex::new(Vec::new()),
            accounts,
            store,
            rooms: Mutex::new(Rooms::default()),
            connections,
            per_address: Arc::default(),
            creators: Buckets::default(),
            lobby: tokio::sync::watch::Sender::new(0),
        }
    }

    /// Tells the event streams that a challenge changed.
    pub(crate) fn lobby_changed(&self) {
        self.lobby.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A receiver of [`App::lobby_changed`]'s news.
    pub(crate) fn lobby(&self) -> tokio::sync::watch::Receiver<u64> {
        self.lobby.subscribe()
    }

    /// Whether `ip` may create a game (or a challenge: each is stored) now;
    /// `rate_limited` if not.
    pub(crate) fn may_create(&self, ip: std::net::IpAddr) -> Result<(), ClientError> {
        if self
            .creators
            .take(ip, self.config.create_rate, self.config.create_burst)
        {
            return Ok(());
        }
        Err(ClientError::new(
            "rate_limited",
            &format!(
                "too many new games and challenges from this address: at most {} a second (bursts of {})",
                self.config.create_rate, self.config.create_burst
            ),
        ))
    }

    /// What the rooms need of the server.
    pub(crate) fn context(&self) -> Context {
        Context {
            rules: Rules {
                grace: self.config.grace,
                lag: self.config.lag_allowance,
            },
            store: self.store.clone(),
            server: self.server.clone(),
            stale: self.stale(),
        }
    }

    /// How long a process may be silent before the others take it for
    /// dead: three missed heartbeats, and never less than three seconds.
    pub(crate) fn stale(&self) -> Duration {
        (self.config.heartbeat * 3).max(Duration::from_secs(3))
    }

    /// This process's id, when the store is shared with others.
    pub(crate) fn server(&self) -> Option<&Arc<str>> {
        self.server.as_ref()
    }

    /// Takes up what the other processes sharing the store do: their
    /// events and their connections, in the rooms held here, in the order
    /// they were stored (a seat's arrival before the start it caused).
    pub(crate) async fn hear(app: Arc<App>, mut notices: broadcast::Receiver<Notice>) {
        loop {
            let rooms = match notices.recv().await {
                Ok(Notice::Appended { game, n }) => {
                    if let Some(room) = app.held(&game).await {
                        if room.last_event() < n {
                            room.catch_up().await;
                        }
                    }
                    continue;
                }
                Ok(Notice::Presence { game }) => {
                    if let Some(room) = app.held(&game).await {
                        room.refresh_presence().await;
                    }
                    continue;
                }
                Ok(Notice::Offers { game }) => {
                    if let Some(room) = app.held(&game).await {
                        room.refresh_offers().await;
                    }
                    continue;
                }
                // Notices were missed: every room held catches up.
                Ok(Notice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    app.all_held().await
                }
                Err(broadcast::error::RecvError::Closed) => return,
            };
            for room in rooms {
                room.catch_up().await;
                room.refresh_presence().await;
                room.refresh_offers().await;
            }
        }
    }

    /// Notes this process alive (with a shared store), and when another
    /// process fell silent, counts its connections no more.
    pub(crate) async fn note_alive(&self) {
        let Some(server) = &self.server else { return };
        let _ = self.store.server_alive(server, wall_ms()).await;
        let Ok(live) = self.store.live_servers(self.stale()).await else {
            return;
        };
        let gone = {
            let mut known = self
                .live
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let live: Vec<String> = live.into_iter().map(|(id, _)| id).collect();
            let gone = known.iter().any(|s| !live.contains(s));
            *known = live;
            gone
        };
        if gone {
            for room in self.all_held().await {
                room.refresh_presence().await;
            }
        }
    }

    /// The room of game `id`, if held.
    pub(crate) async fn held(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.lock().await.by_id.get(id).cloned()
    }

    /// Every room held.
    pub(crate) async fn all_held(&self) -> Vec<Arc<Room>> {
        self.rooms.lock().await.by_id.values().cloned().collect()
    }

    pub(crate) async fn insert(&self, room: Arc<Room>) {
        self.rooms.lock().await.hold(room);
    }

    /// Lets go of the games finished or not started that nobody is
    /// connected to (only the map holds them): memory stays bounded by the
    /// games in play, and a link to one loads it again from the store.
    /// Returns how many games are held.
    pub(crate) async fn sweep(&self) -> usize {
        let mut rooms = self.rooms.lock().await;
        let Rooms { by_id, by_token } = &mut *rooms;
        by_id.retain(|_, room| {
            let keep = Arc::strong_count(room) > 1 || room.settled_if_idle() != Some(true);
            if !keep {
                for token in room.tokens() {
                    by_token.remove(token);
                }
            }
            keep
        });
        by_id.len()
    }

    /// Holds a rematch just made (unless a client's link already loaded it
    /// from the store).
    async fn hold(&self, room: Arc<Room>) {
        self.rooms.lock().await.hold(room);
    }

    /// `role` offers or accepts a rematch in `room`.
    async fn rematch(&self, room: &Arc<Room>, role: Role) -> Result<(), ClientError> {
        if let Some(made) = room.offer_rematch(role).await? {
            self.hold(made).await;
        }
        Ok(())
    }

    /// The room and role a token opens, for the request's `headers`: a
    /// seat bound to an account opens only with that account's session;
    /// an unbound seat opened by a logged-in player becomes theirs (unless
    /// they hold the other seat: one account plays one side).
    async fn open(
        &self,
        token: &str,
        headers: &HeaderMap,
    ) -> Result<(Arc<Room>, Role), ClientError> {
        let (room, role) = self.find(token).await?;
        let Some(seat) = role.player() else {
            return Ok((room, role));
        };
        let mut owner = room.owner(seat);
        if owner.is_none() && self.server.is_some() {
            // Another process may have bound it.
            owner = self
                .store
                .seat_owners(&room.id)
                .await
                .map_err(ClientError::store)?[seat.index()]
            .clone();
            if let Some(owner) = &owner {
                room.set_owner(seat, owner.clone());
            }
        }
        let session = if crate::accounts::has_session(headers) {
            Some(self.accounts.session(headers).await?.1)
        } else {
            None
        };
        let not_yours = || {
            ClientError::new(
                "not_your_seat",
                "this seat belongs to an account: log in as its player",
            )
        };
        match (owner, session) {
            (Some(owner), Some(me)) if owner == me.id => Ok((room, role)),
            (Some(_), _) => Err(not_yours()),
            (None, Some(me)) if room.owner(seat.opponent()).as_deref() != Some(me.id.as_str()) => {
                let now = self
                    .store
                    .bind_seat(&room.id, &seat.to_string(), &me.id)
                    .await
                    .map_err(ClientError::store)?;
                match now {
                    Some(owner) if owner == me.id => {
                        room.set_owner(seat, owner);
                        Ok((room, role))
                    }
                    _ => Err(not_yours()),
                }
            }
            (None, _) => Ok((room, role)),
        }
    }

    /// The room of game `id`: from memory, else from the store (`None` if
    /// there is no such game).
    pub(crate) async fn room(&self, id: &str) -> Result<Option<Arc<Room>>, ClientError> {
        if let Some(room) = self.held(id).await {
            return Ok(Some(room));
        }
        let Some((game, events)) = self.store.load(id).await.map_err(ClientError::store)? else {
            return Ok(None);
        };
        // A game not held was waiting for a link, or is held by another
        // process: the service never stopped.
        let room = Room::load(&game, &events, self.context(), TakeUp::Live)
            .await
            .map_err(|e| ClientError::new("store_failed", &e))?;
        Ok(Some(self.rooms.lock().await.hold(room)))
    }

    /// The room and role a token opens: from memory, else from the store
    /// (a finished game is loaded when someone asks for it).
    async fn find(&self, token: &str) -> Result<(Arc<Room>, Role), ClientError> {
        let unknown = || ClientError::new("unknown_token", "this link opens no game");
        if token.len() != token::LEN || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(unknown());
        }
        let found = {
            let rooms = self.rooms.lock().await;
            rooms
                .by_token
                .get(token)
                .and_then(|id| rooms.by_id.get(id))
                .and_then(|r| r.role_of(token).map(|role| (Arc::clone(r), role)))
        };
        if let Some(found) = found {
            return Ok(found);
        }
        let id = self
            .store
            .game_of_token(token)
            .await
            .map_err(ClientError::store)?
            .ok_or_else(unknown)?;
        let room = self.room(&id).await?.ok_or_else(unknown)?;
        let role = room.role_of(token).ok_or_else(unknown)?;
        Ok((room, role))
    }
}

/// The routes.
pub(crate) fn router(app: Arc<App>) -> Router {
    let mut router = Router::new()
        .route("/api/games", post(create))
        .route("/api/game", get(read))
        .route("/api/game/act", post(act))
        .route("/api/game/claim", post(claim))
        .route("/api/game/record", get(record))
        .route("/api/game/rematch", post(rematch))
        .route("/api/ws", get(socket))
        .merge(crate::accounts::routes())
        .merge(crate::archive::routes())
        .merge(crate::bots::routes())
        .layer(DefaultBodyLimit::max(MAX_MESSAGE))
        .with_state(app.clone());
    if let Some(web) = &app.config.web {
        router = router.fallback_service(tower_http::services::ServeDir::new(web));
    }
    router
}

/// The largest message or request body a client may send, in bytes.
pub const MAX_MESSAGE: usize = 4096;

impl IntoResponse for ClientError {
    fn into_response(self) -> Response {
        let status = match self.kind.as_str() {
            "unknown_token" | "unknown_player" | "unknown_game" | "unknown_challenge"
            | "unknown_route" => StatusCode::NOT_FOUND,
            "store_failed" => StatusCode::SERVICE_UNAVAILABLE,
            "spectator" | "bad_csrf" | "not_your_seat" | "not_your_game" | "not_yours"
            | "not_a_bot" => StatusCode::FORBIDDEN,
            "not_logged_in" | "bad_login" | "bad_token" => StatusCode::UNAUTHORIZED,
            "rate_limited" => StatusCode::TOO_MANY_REQUESTS,
            "bad_name" | "weak_password" | "bad_request" => StatusCode::BAD_REQUEST,
            _ => StatusCode::CONFLICT,
        };
        (status, Json(self)).into_response()
    }
}

/// A new game's description.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    /// `GameSpec`'s text (`kamisado target=3`, `katarenga board=...`).
    spec: String,
    /// The clocks (untimed if absent).
    #[serde(default)]
    clock: TimeControl,
    /// Katarenga: Black first chooses its edge of the board.
    #[serde(default)]
    choose_orientation: bool,
    /// With a session: the creator's seat (bound to the account), Black
    /// unless said.
    #[serde(default)]
    seat: Option<kamisado_core::board_geometry::Player>,
    /// With a session: whether the game counts for the ratings.
    #[serde(default)]
    rated: bool,
}

/// A new game's links.
#[derive(Debug, Serialize)]
struct Created {
    game: String,
    black: String,
    white: String,
    spectator: String,
}

async fn create(
    State(app): State<Arc<App>>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    body: Result<Json<NewGame>, axum::extract::rejection::JsonRejection>,
) -> Response {
    if let Err(e) = app.may_create(peer.ip()) {
        return e.into_response();
    }
    let Json(new) = match body {
        Ok(body) => body,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(ClientError::new("bad_request", &e.body_text())),
            )
                .into_response();
        }
    };
    let bad = |message: String| {
        (
            StatusCode::BAD_REQUEST,
            Json(ClientError::new("bad_request", &message)),
        )
            .into_response()
    };
    let spec = match playable(&new.spec, &new.clock, new.choose_orientation) {
        Ok(spec) => spec,
        Err(e) => return e.into_response(),
    };
    // A logged-in creator's seat is theirs (the cookie alone, as another
    // site could send it, creates nothing: the CSRF token is needed).
    let mut owners = [None, None];
    if crate::accounts::has_session(&headers) {
        match app.accounts.acting(&headers).await {
            Ok((_, me)) => {
                owners[new.seat.unwrap_or(Player::Black).index()] = Some(me.id);
            }
            Err(e) => return e.into_response(),
        }
    } else if new.seat.is_some() {
        return bad("seat: a seat is taken by a logged-in player".into());
    } else if new.rated {
        return bad("rated: a rated game is created by a logged-in player".into());
    }
    let game = GameRow {
        id: token::id(),
        spec: spec.to_string(),
        choose_orientation: new.choose_orientation,
        clock: serde_json::to_string(&new.clock).unwrap_or_default(),
        tokens: [token::token(), token::token(), token::token()],
        created_ms: wall_ms(),
        rematch_of: None,
        owners,
        rated: new.rated,
    };
    match Room::create(game.clone(), spec, new.clock, app.context()).await {
        Ok(room) => {
            app.insert(room).await;
            let [black, white, spectator] = game.tokens;
            (
                StatusCode::CREATED,
                Json(Created {
                    game: game.id,
                    black,
                    white,
                    spectator,
                }),
            )
                .into_response()
        }
        Err(e) => e.into_response(),
    }
}

/// The game `spec` describes, if the server can hold it with `clock` and
/// the orientation choice as asked.
///
/// # Errors
/// `bad_request`, saying which field is wrong and why.
pub(crate) fn playable(
    spec: &str,
    clock: &TimeControl,
    choose_orientation: bool,
) -> Result<game_spec::GameSpec, ClientError> {
    let bad = |message: String| ClientError::new("bad_request", &message);
    let spec: game_spec::GameSpec = spec.parse().map_err(|e| bad(format!("spec: {e}")))?;
    clock.check().map_err(|e| bad(format!("clock: {e}")))?;
    if choose_orientation && spec.game() != game_spec::GameId::Katarenga {
        return Err(bad(
            "choose_orientation: only katarenga has an orientation to choose".into(),
        ));
    }
    if spec
        .new_match()
        .is_some_and(|m| m.options().refill == kamisado_core::Refill::Setups)
    {
        return Err(bad(
            "spec: a set-up match needs the players' charts, which the server does not hold".into(),
        ));
    }
    Ok(spec)
}

pub(crate) fn bearer(headers: &HeaderMap) -> Result<&str, ClientError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| {
            ClientError::new(
                "unknown_token",
                "send the link's token as `Authorization: Bearer <token>`",
            )
        })
}

/// A game's state, to its seats and spectators.
#[derive(Debug, Serialize)]
struct Seen {
    role: Role,
    state: Snapshot,
}

async fn read(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<Seen>, ClientError> {
    let (room, role) = app.open(bearer(&headers)?, &headers).await?;
    Ok(Json(Seen {
        role,
        state: room.state().await,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: String,
}

async fn act(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Json<ActBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Snapshot>, ClientError> {
    let (room, role) = app.open(bearer(&headers)?, &headers).await?;
    let Json(body) = body.map_err(|e| ClientError::new("bad_message", &e.body_text()))?;
    room.act(role, &body.action).await.map(Json)
}

async fn claim(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Snapshot>, ClientError> {
    let (room, role) = app.open(bearer(&headers)?, &headers).await?;
    room.claim(role).await.map(Json)
}

/// The answer to a rematch offer over HTTP.
#[derive(Debug, Serialize)]
struct Offered {
    state: Snapshot,
    /// This seat's link to the rematch, once made.
    rematch: Option<RematchLink>,
}

#[derive(Debug, Serialize)]
struct RematchLink {
    game: String,
    token: String,
}

async fn rematch(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Offered>, ClientError> {
    let (room, role) = app.open(bearer(&headers)?, &headers).await?;
    app.rematch(&room, role).await?;
    Ok(Json(Offered {
        state: room.state().await,
        rematch: room
            .rematch_for(role)
            .map(|(game, token)| RematchLink { game, token }),
    }))
}

async fn record(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ClientError> {
    let (room, _) = app.open(bearer(&headers)?, &headers).await?;
    let text = room.record().await.to_string();
    Ok(download(&format!("kk-{}.txt", room.id), text))
}

/// `text` as a file to download, named `name`.
pub(crate) fn download(name: &str, text: String) -> Response {
    let mut response = (StatusCode::OK, text).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// A long-lived connection's place (a WebSocket, a bot's stream): one of
/// the server's and one of its address's, both given back when dropped.
pub(crate) struct Connection {
    _slot: AddressSlot,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl Connection {
    /// A place for a connection from `ip`, or the refusal to send.
    pub(crate) fn take(app: &App, ip: std::net::IpAddr) -> Result<Connection, Response> {
        let Some(slot) = AddressSlot::take(app, ip) else {
            return Err((
                StatusCode::TOO_MANY_REQUESTS,
                Json(ClientError::new(
                    "busy",
                    &format!(
                        "too many connections from this address (at most {})",
                        app.config.max_connections_per_address
                    ),
                )),
            )
                .into_response());
        };
        let Ok(permit) = Arc::clone(&app.connections).try_acquire_owned() else {
            return Err((
                StatusCode::SERVICE_UNAVAILABLE,
                Json(ClientError::new(
                    "busy",
                    "too many connections: try again later",
                )),
            )
                .into_response());
        };
        Ok(Connection {
            _slot: slot,
            _permit: permit,
        })
    }
}

/// One address's share of the connections, given back when dropped.
struct AddressSlot {
    counts: Arc<std::sync::Mutex<HashMap<std::net::IpAddr, usize>>>,
    ip: std::net::IpAddr,
}

impl AddressSlot {
    fn take(app: &App, ip: std::net::IpAddr) -> Option<AddressSlot> {
        let mut counts = app
            .per_address
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = counts.entry(ip).or_insert(0);
        if *n >= app.config.max_connections_per_address {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            counts: Arc::clone(&app.per_address),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut counts = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = counts.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

async fn socket(
    State(app): State<Arc<App>>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let held = match Connection::take(&app, peer.ip()) {
        Ok(held) => held,
        Err(refused) => return refused,
    };
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        // The default read buffer (128 KiB a connection, allocated at once)
        // would be most of a game's memory; a client's messages are small.
        .read_buffer_size(MAX_MESSAGE)
        .on_upgrade(move |ws| async move {
            connection(app, ws, headers).await;
            drop(held);
        })
}

/// A token bucket: `rate` messages a second, bursts of `burst`.
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

/// Token buckets by key (an address, a name).
pub(crate) struct Buckets<K>(std::sync::Mutex<HashMap<K, Bucket>>);

impl<K> Default for Buckets<K> {
    fn default() -> Buckets<K> {
        Buckets(std::sync::Mutex::new(HashMap::new()))
    }
}

impl<K: Eq + std::hash::Hash> Buckets<K> {
    /// Whether `key` may act now (`burst` at once, then `rate` a second).
    pub(crate) fn take(&self, key: K, rate: f64, burst: f64) -> bool {
        let mut buckets = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // The full buckets are forgotten now and then: the map stays as
        // small as the keys seen lately.
        if buckets.len() > 10_000 {
            buckets.retain(|_, b| b.fill() < b.burst);
        }
        buckets
            .entry(key)
            .or_insert_with(|| Bucket::new(rate, burst))
            .take()
    }
}

/// Messages refused in a row before the connection is closed.
const FLOOD: u32 = 100;

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
            rate,
            burst,
        }
    }

    /// The tokens there would be now.
    fn fill(&self) -> f64 {
        (self.tokens + self.at.elapsed().as_secs_f64() * self.rate).min(self.burst)
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = self.fill();
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Sends this connection its link to the rematch once it is made (once).
/// Returns false if the connection is gone.
async fn tell_rematch(room: &Room, role: Role, ws: &mut WebSocket, told: &mut bool) -> bool {
    if *told {
        return true;
    }
    let Some((game, token)) = room.rematch_for(role) else {
        return true;
    };
    *told = true;
    send(ws, &ServerMessage::Rematch { game, token }).await
}

async fn send(ws: &mut WebSocket, message: &ServerMessage) -> bool {
    let text = serde_json::to_string(message).unwrap_or_default();
    ws.send(Message::Text(text.into())).await.is_ok()
}

async fn close(ws: &mut WebSocket, code: u16, reason: &str) {
    let _ = ws
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(reason.to_string()),
        })))
        .await;
}

/// Says why the connection is refused, then closes it (1008: policy).
async fn refuse(ws: &mut WebSocket, error: ClientError, reason: &str) {
    let _ = send(ws, &ServerMessage::Error(error)).await;
    close(ws, 1008, reason).await;
}

/// One WebSocket: `hello` first, then actions and claims from the client
/// and the room's messages to it.
async fn connection(app: Arc<App>, mut ws: WebSocket, headers: HeaderMap) {
    let hello = tokio::time::timeout(app.config.hello_timeout, ws.recv()).await;
    let text = match hello {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Ok(_))) => {
            let why = "the first message must be {\"type\": \"hello\", \"token\": ...} as text";
            return refuse(&mut ws, ClientError::new("hello_first", why), "hello first").await;
        }
        Err(_) => {
            let e = ClientError::new("hello_first", "no hello in time");
            return refuse(&mut ws, e, "no hello in time").await;
        }
        Ok(_) => return,
    };
    let (token, since) = match serde_json::from_str::<ClientMessage>(&text) {
        Ok(ClientMessage::Hello { token, since }) => (token, since),
        Ok(_) => {
            let e = ClientError::new("hello_first", "the first message must be hello");
            return refuse(&mut ws, e, "hello first").await;
        }
        Err(e) => {
            let e = ClientError::new("bad_message", &e.to_string());
            return refuse(&mut ws, e, "bad hello").await;
        }
    };
    let (room, role) = match app.open(&token, &headers).await {
        Ok(found) => found,
        Err(e) => return refuse(&mut ws, e, "unknown token").await,
    };
    // Subscribed before the welcome is taken, so that no event falls
    // between them (a repeated one is recognised by its number).
    let mut events = room.broadcast.subscribe();
    let welcome = room.welcome(role, since).await;
    if ws.send(Message::Text(welcome.into())).await.is_err() {
        return;
    }
    if let Err(e) = room.arrive(role).await {
        let _ = send(&mut ws, &ServerMessage::Error(e)).await;
    }
    let mut told = false;
    if !tell_rematch(&room, role, &mut ws, &mut told).await {
        return room.leave(role).await;
    }
    play(&app, &room, role, &mut ws, &mut events, &mut told).await;
    room.leave(role).await;
}

async fn play(
    app: &App,
    room: &Arc<Room>,
    role: Role,
    ws: &mut WebSocket,
    events: &mut tokio::sync::broadcast::Receiver<Arc<str>>,
    told: &mut bool,
) {
    let mut bucket = Bucket::new(app.config.rate, app.config.burst);
    let mut refused = 0u32;
    let mut ping = tokio::time::interval(app.config.ping);
    ping.tick().await;
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            incoming = ws.recv() => {
                let Some(Ok(incoming)) = incoming else { return };
                last_heard = Instant::now();
                let text = match incoming {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Binary(_) => {
                        if !send(ws, &ServerMessage::Error(ClientError::new("bad_message", "messages are JSON text"))).await { return }
                        continue;
                    }
                };
                if !bucket.take() {
                    refused += 1;
                    if refused >= FLOOD {
                        return close(ws, 1008, "flooding").await;
                    }
                    if refused == 1 && !send(ws, &ServerMessage::Error(ClientError::new("rate_limited", &format!("too many messages: at most {} a second (bursts of {}); this one was dropped", app.config.rate, app.config.burst)))).await {
                        return;
                    }
                    continue;
                }
                refused = 0;
                let answer = match serde_json::from_str::<ClientMessage>(&text) {
                    Ok(ClientMessage::Act { action, id }) => room.act(role, &action).await.err().map(|e| e.about(id)),
                    Ok(ClientMessage::Claim { id }) => room.claim(role).await.err().map(|e| e.about(id)),
                    Ok(ClientMessage::Rematch { id }) => app.rematch(room, role).await.err().map(|e| e.about(id)),
                    Ok(ClientMessage::Hello { .. }) => Some(ClientError::new("bad_message", "hello was already said")),
                    Err(e) => Some(ClientError::new("bad_message", &e.to_string())),
                };
                if let Some(e) = answer {
                    if !send(ws, &ServerMessage::Error(e)).await { return }
                }
            }
            message = events.recv() => {
                match message {
                    Ok(text) => {
                        if ws.send(Message::Text(text.to_string().into())).await.is_err() { return }
                        if !tell_rematch(room, role, ws, told).await { return }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Too far behind: the client reconnects with the last
                        // event it saw and gets what it missed.
                        return close(ws, 1013, "fell behind: reconnect with since").await;
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > app.config.ping * 3 {
                    return close(ws, 1001, "no answer to pings").await;
                }
                if ws.send(Message::Ping(Vec::new().into())).await.is_err() { return }
            }
        }
    }
}

/// How long before a connection's first message (`hello`).
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
