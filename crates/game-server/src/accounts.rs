//! Players' accounts: a name and a password (stored as an argon2id hash),
//! login sessions in HTTP-only cookies, a CSRF token that every
//! state-changing request made with the cookie must carry, and a login
//! rate limit per address and per name. Play by link stays open to anyone,
//! with no account.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::http::{App, Buckets};
use crate::protocol::ClientError;
use crate::room::wall_ms;
use crate::store::{PlayerRow, SessionRow, Store};
use crate::token;

/// The session cookie's name.
pub const COOKIE: &str = "kk_session";
/// The header that carries the session's CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lasts.
pub const SESSION_LIFE: Duration = Duration::from_secs(30 * 24 * 3600);

/// Login attempts for one name: 5 at once, then one each 12 s (from one
/// address, `Config::login_rate` and `login_burst`).
const BY_NAME: (f64, f64) = (1.0 / 12.0, 5.0);

/// A name's and a password's bounds.
const NAME: std::ops::RangeInclusive<usize> = 2..=20;
const PASSWORD: std::ops::RangeInclusive<usize> = 8..=128;

/// The accounts, over the store.
pub struct Accounts {
    store: Store,
    by_address: (f64, f64),
    attempts: Buckets<String>,
    /// A hash checked when no account has the name, so that an unknown
    /// name takes as long to refuse as a wrong password.
    decoy: String,
}

/// A name and a password, as sent (the password never printed).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("name", &self.name)
            .field("password", &"<not shown>")
            .finish()
    }
}

/// Who is logged in, and the token their state-changing requests carry.
#[derive(Debug, Serialize)]
struct Me {
    name: String,
    csrf: String,
}

/// A session opened: the cookie's value and the session.
struct Opened {
    cookie: String,
    me: Me,
}

fn refused(kind: &str, message: &str) -> ClientError {
    ClientError::new(kind, message)
}

fn hash_hex(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn argon2_hash(password: &str) -> Result<String, ClientError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| refused("store_failed", &e.to_string()))?;
    // Argon2id, version 19, the crate's defaults (19 MiB, 2 passes, 1 lane:
    // OWASP's first recommended setting).
    Argon2::default()
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| refused("store_failed", &e.to_string()))
}

fn argon2_check(password: &str, hash: &str) -> bool {
    // The hash's own parameters are used, so older hashes still verify.
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

/// Argon2id costs tens of milliseconds of a core: off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ClientError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| refused("store_failed", &e.to_string()))
}

fn check_name(name: &str) -> Result<(), ClientError> {
    let fits = NAME.contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if fits {
        Ok(())
    } else {
        Err(refused(
            "bad_name",
            &format!(
                "a name has {} to {} letters, digits, '_' or '-'",
                NAME.start(),
                NAME.end()
            ),
        ))
    }
}

fn check_password(password: &str) -> Result<(), ClientError> {
    if PASSWORD.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(refused(
            "weak_password",
            &format!(
                "a password has {} to {} characters",
                PASSWORD.start(),
                PASSWORD.end()
            ),
        ))
    }
}

impl Accounts {
    /// The accounts kept in `store`; logins and new accounts from one
    /// address limited to `burst` at once, then `rate` a second.
    #[must_use]
    pub fn new(store: Store, rate: f64, burst: f64) -> Accounts {
        Accounts {
            store,
            by_address: (rate, burst),
            attempts: Buckets::default(),
            decoy: argon2_hash("not anyone's password").unwrap_or_default(),
        }
    }

    fn allow(&self, key: String, (rate, burst): (f64, f64)) -> bool {
        self.attempts.take(key, rate, burst)
    }

    async fn open_session(&self, player: &PlayerRow) -> Result<Opened, ClientError> {
        let cookie = token::token();
        let now = wall_ms();
        let session = SessionRow {
            id_hash: hash_hex(&cookie),
            player: player.id.clone(),
            csrf: token::token(),
            created_ms: now,
            expires_ms: now + u64::try_from(SESSION_LIFE.as_millis()).unwrap_or(u64::MAX),
            ended_ms: None,
        };
        let csrf = session.csrf.clone();
        self.store
            .create_session(session)
            .await
            .map_err(ClientError::store)?;
        Ok(Opened {
            cookie,
            me: Me {
                name: player.name.clone(),
                csrf,
            },
        })
    }

    async fn register(&self, ip: IpAddr, c: Credentials) -> Result<Opened, ClientError> {
        let player = self.new_player(ip, c, false).await?;
        self.open_session(&player).await
    }

    /// A new account (a bot's if `bot`), stored.
    async fn new_player(
        &self,
        ip: IpAddr,
        c: Credentials,
        bot: bool,
    ) -> Result<PlayerRow, ClientError> {
        check_name(&c.name)?;
        check_password(&c.password)?;
        if !self.allow(format!("address {ip}"), self.by_address) {
            return Err(refused(
                "rate_limited",
                "too many accounts or logins from this address: wait a minute",
            ));
        }
        let password = c.password;
        let hash = blocking(move || argon2_hash(&password)).await??;
        let player = PlayerRow {
            id: token::token(),
            name: c.name,
            password: hash,
            created_ms: wall_ms(),
            bot,
        };
        let made = self
            .store
            .create_player(player.clone())
            .await
            .map_err(ClientError::store)?;
        if !made {
            return Err(refused("name_taken", "another player has this name"));
        }
        Ok(player)
    }

    async fn login(&self, ip: IpAddr, c: Credentials) -> Result<Opened, ClientError> {
        let player = self.check(ip, c).await?;
        self.open_session(&player).await
    }

    /// The account a name and password open, within the login limits.
    async fn check(&self, ip: IpAddr, c: Credentials) -> Result<PlayerRow, ClientError> {
        if !self.allow(format!("address {ip}"), self.by_address)
            || !self.allow(format!("name {}", c.name.to_lowercase()), BY_NAME)
        {
            return Err(refused(
                "rate_limited",
                "too many logins from this address or for this name: wait a minute",
            ));
        }
        let found = self
            .store
            .player_by_name(&c.name)
            .await
            .map_err(ClientError::store)?;
        let hash = found
            .as_ref()
            .map_or_else(|| self.decoy.clone(), |p| p.password.clone());
        let password = c.password;
        let right = blocking(move || argon2_check(&password, &hash)).await?;
        match found {
            Some(player) if right => Ok(player),
            _ => Err(refused(
                "bad_login",
                "no account has this name and password",
            )),
        }
    }

    /// The player whose session the request's cookie opens: refused if
    /// there is none, or it has ended (logged out) or run out.
    ///
    /// # Errors
    /// `not_logged_in`, or the store's failure.
    pub async fn session(
        &self,
        headers: &HeaderMap,
    ) -> Result<(SessionRow, PlayerRow), ClientError> {
        let not_in = || {
            refused(
                "not_logged_in",
                "log in first: no open session in this request",
            )
        };
        let cookie = cookie(headers, COOKIE).ok_or_else(not_in)?;
        let session = self
            .store
            .session(&hash_hex(cookie))
            .await
            .map_err(ClientError::store)?
            .ok_or_else(not_in)?;
        if session.ended_ms.is_some() || session.expires_ms <= wall_ms() {
            return Err(not_in());
        }
        let player = self
            .store
            .player(&session.player)
            .await
            .map_err(ClientError::store)?
            .ok_or_else(not_in)?;
        Ok((session, player))
    }

    /// As [`Accounts::session`], for a request that changes something: it
    /// must also carry the session's CSRF token (a page of another site
    /// can make the browser send the cookie, never the token).
    ///
    /// # Errors
    /// `not_logged_in`, `bad_csrf`, or the store's failure.
    pub async fn acting(
        &self,
        headers: &HeaderMap,
    ) -> Result<(SessionRow, PlayerRow), ClientError> {
        let (session, player) = self.session(headers).await?;
        let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
        if !sent.is_some_and(|t| token::same(t, &session.csrf)) {
            return Err(refused(
                "bad_csrf",
                &format!("send the session's token in the {CSRF_HEADER} header"),
            ));
        }
        Ok((session, player))
    }
}

impl Accounts {
    /// A new token for the bot `player` (the one before opens nothing
    /// more): `kkb_` and 128 random bits, stored as its SHA-256 only.
    async fn issue_token(&self, player: &PlayerRow) -> Result<String, ClientError> {
        let token = format!("{BOT_PREFIX}{}", token::token());
        self.store
            .set_bot_token(&player.id, &hash_hex(&token))
            .await
            .map_err(ClientError::store)?;
        Ok(token)
    }

    /// The bot whose token the request carries (`Authorization: Bearer
    /// kkb_...`).
    ///
    /// # Errors
    /// `bad_token`, or the store's failure.
    pub async fn bot(&self, headers: &HeaderMap) -> Result<PlayerRow, ClientError> {
        let bad = || {
            refused(
                "bad_token",
                "send a bot's token as `Authorization: Bearer kkb_...`",
            )
        };
        let token = crate::http::bearer(headers).map_err(|_| bad())?;
        if !is_bot_token(token) {
            return Err(bad());
        }
        self.store
            .player_by_token(&hash_hex(token))
            .await
            .map_err(ClientError::store)?
            .ok_or_else(bad)
    }

    /// The account acting in a request: a bot by its token, or a player by
    /// the session (with the CSRF token when `changing`).
    ///
    /// # Errors
    /// `bad_token`, `not_logged_in`, `bad_csrf`, or the store's failure.
    pub async fn caller(
        &self,
        headers: &HeaderMap,
        changing: bool,
    ) -> Result<PlayerRow, ClientError> {
        if crate::http::bearer(headers).is_ok_and(is_bot_token) {
            return self.bot(headers).await;
        }
        let (_, player) = if changing {
            self.acting(headers).await?
        } else {
            self.session(headers).await?
        };
        Ok(player)
    }
}

/// What every bot token starts with (a seat's token is hex alone).
pub const BOT_PREFIX: &str = "kkb_";

fn is_bot_token(token: &str) -> bool {
    token
        .strip_prefix(BOT_PREFIX)
        .is_some_and(|rest| rest.len() == token::LEN && rest.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A bot's name and its new token (shown once: only its hash is kept).
#[derive(Debug, Serialize)]
struct BotToken {
    name: String,
    token: String,
}

/// `POST /api/bot/account`: a new bot account, and its token.
async fn register_bot(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        let player = app
            .accounts
            .new_player(peer.ip(), credentials(body)?, true)
            .await?;
        let token = app.accounts.issue_token(&player).await?;
        Ok::<_, ClientError>(BotToken {
            name: player.name,
            token,
        })
    }
    .await;
    match result {
        Ok(made) => (StatusCode::CREATED, Json(made)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/bot/token`: a bot's new token, for its name and password.
async fn renew_token(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        let player = app.accounts.check(peer.ip(), credentials(body)?).await?;
        if !player.bot {
            return Err(refused(
                "not_a_bot",
                "this account is a person's: tokens are for bots' accounts",
            ));
        }
        let token = app.accounts.issue_token(&player).await?;
        Ok(BotToken {
            name: player.name,
            token,
        })
    }
    .await;
    match result {
        Ok(made) => Json(made).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/bot/account`: the bot a token opens.
async fn bot_account(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    match app.accounts.bot(&headers).await {
        Ok(bot) => Json(serde_json::json!({ "name": bot.name })).into_response(),
        Err(e) => e.into_response(),
    }
}

/// Whether the request carries a session cookie (valid or not).
#[must_use]
pub fn has_session(headers: &HeaderMap) -> bool {
    cookie(headers, COOKIE).is_some_and(|v| !v.is_empty())
}

/// The value of cookie `name` in the request, if any.
fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

fn set_cookie(value: &str, max_age: Duration) -> HeaderValue {
    let text = format!(
        "{COOKIE}={value}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age={}",
        max_age.as_secs()
    );
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn opened(status: StatusCode, opened: Opened) -> Response {
    let mut response = (status, Json(opened.me)).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&opened.cookie, SESSION_LIFE));
    response
}

fn credentials(
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Result<Credentials, ClientError> {
    body.map(|Json(c)| c)
        .map_err(|e| refused("bad_message", &e.body_text()))
}

async fn register(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async { app.accounts.register(peer.ip(), credentials(body)?).await }.await;
    match result {
        Ok(o) => opened(StatusCode::CREATED, o),
        Err(e) => e.into_response(),
    }
}

async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async { app.accounts.login(peer.ip(), credentials(body)?).await }.await;
    match result {
        Ok(o) => opened(StatusCode::OK, o),
        Err(e) => e.into_response(),
    }
}

async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    match app.accounts.session(&headers).await {
        Ok((session, player)) => Json(Me {
            name: player.name,
            csrf: session.csrf,
        })
        .into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /site.json`: what the page asks first (the same file, served
/// statically without a server, says there is none): this server, and who
/// is logged in (`null` for nobody: a page without a session gets no
/// refusal to log).
async fn site(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let me = match app.accounts.session(&headers).await {
        Ok((session, player)) => Some(Me {
            name: player.name,
            csrf: session.csrf,
        }),
        Err(e) if e.kind == "not_logged_in" => None,
        Err(e) => return e.into_response(),
    };
    Json(serde_json::json!({ "server": "kk-server", "me": me })).into_response()
}

async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let result = async {
        let (session, _) = app.accounts.acting(&headers).await?;
        app.store
            .end_session(&session.id_hash, wall_ms())
            .await
            .map_err(ClientError::store)
    }
    .await;
    match result {
        Ok(()) => {
            let mut response = StatusCode::NO_CONTENT.into_response();
            response
                .headers_mut()
                .insert(header::SET_COOKIE, set_cookie("", Duration::ZERO));
            response
        }
        Err(e) => e.into_response(),
    }
}

/// One point of a rating's history.
#[derive(Debug, Serialize)]
struct Point {
    /// The game that moved it.
    game: String,
    /// When that game ended.
    at_ms: u64,
    /// The rating after it, rounded.
    rating: i64,
    /// The deviation after it, rounded.
    deviation: i64,
}

/// A player's page: the ratings by game and each one's history.
#[derive(Debug, Serialize)]
struct PlayerPage {
    name: String,
    /// Whether a program plays this account (the Bot API).
    bot: bool,
    ratings: std::collections::BTreeMap<String, crate::ratings::Shown>,
    history: std::collections::BTreeMap<String, Vec<Point>>,
}

async fn player(
    State(app): State<Arc<App>>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Response {
    let page = async {
        let found = app
            .store
            .player_by_name(&name)
            .await
            .map_err(ClientError::store)?
            .ok_or_else(|| refused("unknown_player", "no player has this name"))?;
        let mut page = PlayerPage {
            name: found.name.clone(),
            bot: found.bot,
            ratings: std::collections::BTreeMap::new(),
            history: std::collections::BTreeMap::new(),
        };
        for (kind, rating) in app
            .store
            .ratings(&found.id)
            .await
            .map_err(ClientError::store)?
        {
            let history = app
                .store
                .rating_history(&found.id, &kind)
                .await
                .map_err(ClientError::store)?;
            page.history.insert(
                kind.clone(),
                history
                    .into_iter()
                    .map(|h| Point {
                        game: h.game,
                        at_ms: h.at_ms,
                        rating: crate::ratings::round(h.rating),
                        deviation: crate::ratings::round(h.deviation),
                    })
                    .collect(),
            );
            page.ratings.insert(kind, rating.into());
        }
        Ok::<_, ClientError>(page)
    }
    .await;
    match page {
        Ok(page) => Json(page).into_response(),
        Err(e) => e.into_response(),
    }
}

/// The accounts' routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/players/{name}", get(player))
        .route("/api/account", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/me", get(me))
        .route("/site.json", get(site))
        .route("/api/bot/account", post(register_bot).get(bot_account))
        .route("/api/bot/token", post(renew_token))
}
