#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod accounts;
pub mod archive;
pub mod bots;
pub mod clock;
mod http;
pub mod protocol;
pub mod ratings;
pub mod room;
pub mod store;
mod token;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use clock::TimeControl;
pub use http::{HELLO_TIMEOUT, MAX_MESSAGE};
pub use protocol::{ClientError, ClientMessage, Role, ServerMessage, Snapshot};

/// The server's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where the games are kept: a SQLite file (created on first run) for
    /// one process, or PostgreSQL for several.
    pub database: store::Database,
    /// The page's folder, served at `/` (none: the API alone).
    pub web: Option<PathBuf>,
    /// How long a seat may be away before its opponent may claim the game.
    pub grace: Duration,
    /// The lag allowance credited to each action (a cap: the server does not
    /// credit more whatever the network did).
    pub lag_allowance: Duration,
    /// How long a write waits for a database lock another process holds.
    pub busy_timeout: Duration,
    /// How often the server notes that it is alive (the clocks of a server
    /// that stopped stand still from its last note).
    pub heartbeat: Duration,
    /// How often a connection is pinged (closed after three silent pings).
    pub ping: Duration,
    /// How long a new connection has to say hello.
    pub hello_timeout: Duration,
    /// The most WebSocket connections open at once.
    pub max_connections: usize,
    /// The most WebSocket connections open at once from one address
    /// (behind a proxy every player has the proxy's address: raise it).
    pub max_connections_per_address: usize,
    /// Messages a connection may send each second on average; more are
    /// refused (`rate_limited`), and a connection that goes on is closed.
    pub rate: f64,
    /// Messages a connection may send at once before `rate` applies.
    pub burst: f64,
    /// Games one address may create each second on average (each is stored
    /// and held until played or let go of).
    pub create_rate: f64,
    /// Games one address may create at once before `create_rate` applies.
    pub create_burst: f64,
    /// Logins and new accounts one address may try each second on average.
    pub login_rate: f64,
    /// Logins and new accounts one address may try at once before
    /// `login_rate` applies.
    pub login_burst: f64,
}

impl Config {
    /// The defaults, with the games kept in `database` (a SQLite file's
    /// path, or a [`store::Database`]).
    #[must_use]
    pub fn new(database: impl Into<store::Database>) -> Config {
        Config {
            database: database.into(),
            web: None,
            grace: Duration::from_secs(60),
            lag_allowance: Duration::from_millis(300),
            busy_timeout: Duration::from_secs(5),
            heartbeat: Duration::from_secs(1),
            ping: Duration::from_secs(20),
            hello_timeout: HELLO_TIMEOUT,
            max_connections: 10_000,
            max_connections_per_address: 64,
            rate: 10.0,
            burst: 20.0,
            create_rate: 0.5,
            create_burst: 20.0,
            login_rate: 1.0 / 6.0,
            login_burst: 10.0,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or read.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// A stored game does not replay.
    #[error("a stored game does not replay: {0}")]
    Game(String),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// A server listening: its address, and the task serving.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The task serving until the process ends.
    pub serving: tokio::task::JoinHandle<std::io::Result<()>>,
    held: Arc<std::sync::atomic::AtomicUsize>,
}

impl Running {
    /// How many games the server held in memory at its last sweep (each
    /// heartbeat lets go of the finished games nobody is connected to).
    #[must_use]
    pub fn games_held(&self) -> usize {
        self.held.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Whether another process sharing the store is alive: one heard from
/// lately is watched until it is heard from again (alive) or falls silent
/// for `stale` (it died, perhaps just before this one started).
async fn service_alive(store: &store::Store, stale: Duration) -> Result<bool, StartError> {
    let seen = store.live_servers(stale).await?;
    let Some(until) = seen.iter().map(|(_, at)| at + stale_ms(stale)).max() else {
        return Ok(false);
    };
    while room::wall_ms() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = store.live_servers(stale).await?;
        let beat = now
            .iter()
            .any(|(id, at)| seen.iter().any(|(was, before)| was == id && at > before));
        if beat {
            return Ok(true);
        }
    }
    Ok(false)
}

fn stale_ms(stale: Duration) -> u64 {
    u64::try_from(stale.as_millis()).unwrap_or(u64::MAX)
}

/// Opens the store, brings back every unfinished game (its clocks having
/// stood still while the server was down; with a shared store and another
/// process alive, the service never stopped and the clocks ran on), and
/// serves on `addr`.
///
/// # Errors
/// [`StartError`] if the store cannot be opened, a game does not replay,
/// or the address cannot be bound.
pub async fn start(config: Config, addr: SocketAddr) -> Result<Running, StartError> {
    let store = store::Store::open(&config.database, config.busy_timeout).await?;
    let app = Arc::new(http::App::new(config.clone(), store.clone()));
    let heartbeat = store.last_heartbeat().await?;
    // With a shared store, another process alive means the service never
    // stopped: its games go on as they are, clocks running.
    let take_up = match app.server() {
        Some(server) => {
            let alive = service_alive(&store, app.stale()).await?;
            store.server_alive(server, room::wall_ms()).await?;
            if alive {
                room::TakeUp::Live
            } else {
                // The heartbeat read again: a process that died lately
                // may have noted it after the first reading.
                room::TakeUp::Restart(store.last_heartbeat().await?.max(heartbeat))
            }
        }
        None => room::TakeUp::Restart(heartbeat),
    };
    for id in store.unfinished().await? {
        if let Some((game, events)) = store.load(&id).await? {
            let room = room::Room::load(&game, &events, app.context(), take_up)
                .await
                .map_err(StartError::Game)?;
            app.insert(room).await;
        }
    }
    // Rated games whose end was stored but not their ratings (the process
    // stopped between the two).
    ratings::settle_pending(&store).await?;
    if let Some(notices) = store.notices() {
        tokio::spawn(http::App::hear(Arc::clone(&app), notices));
    }
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| StartError::Listen { addr, source })?;
    let addr = listener
        .local_addr()
        .map_err(|source| StartError::Listen { addr, source })?;
    let every = config.heartbeat;
    let sweeper = Arc::clone(&app);
    let held = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = Arc::clone(&held);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        let mut purged = None::<tokio::time::Instant>;
        loop {
            tick.tick().await;
            // Once an hour (and at the start), what is of no more use goes.
            if purged.is_none_or(|at| at.elapsed() >= Duration::from_secs(3600)) {
                let _ = store.purge(room::wall_ms()).await;
                purged = Some(tokio::time::Instant::now());
            }
            // A missed note only makes a restart's pause look longer.
            let _ = store.heartbeat(room::wall_ms()).await;
            sweeper.note_alive().await;
            let games = sweeper.sweep().await;
            count.store(games, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let router = http::router(app);
    let serving = tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    });
    Ok(Running {
        addr,
        serving,
        held,
    })
}
