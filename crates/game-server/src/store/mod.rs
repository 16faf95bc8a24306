//! Where games are kept: one interface ([`Backend`]) and two
//! implementations, the embedded default (one SQLite file, for one server
//! process) and PostgreSQL (for several server processes sharing the games;
//! each hears the others' events through LISTEN/NOTIFY).
//!
//! Every event is stored (and synced to disk) before anyone hears of it.
//! Events are numbered per game and the number is the key: two processes
//! that both try to write event `n` of a game cannot both succeed, and the
//! loser is told so ([`StoreError::Conflict`]) and catches up.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

mod postgres;
mod sqlite;

/// Why the store failed: the client is told, and nothing is acknowledged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// Another server process stored event `n` of the game first.
    #[error("event {n} of game {game} was stored by another server first")]
    Conflict {
        /// The game.
        game: String,
        /// The event's number.
        n: u64,
    },
    /// The database refused or could not be reached.
    #[error("the database refused the write: {0}")]
    Failed(String),
}

/// Where the games are kept, as the server is told on its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created on first run: one server process.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://user@host:port/name`):
    /// any number of server processes.
    Postgres(String),
}

impl Database {
    /// A `postgres://` or `postgresql://` URL names PostgreSQL; anything
    /// else is a SQLite file's path.
    #[must_use]
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_string())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl std::fmt::Display for Database {
    /// The file, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => match (url.find("://"), url.rfind('@')) {
                (Some(scheme), Some(at)) if at > scheme => {
                    let user = &url[scheme + 3..at];
                    let user = user.split(':').next().unwrap_or_default();
                    write!(f, "{}{user}{}", &url[..scheme + 3], &url[at..])
                }
                _ => f.write_str(url),
            },
        }
    }
}

/// A game as created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The game's public id.
    pub id: String,
    /// The game's description (`GameSpec`'s text).
    pub spec: String,
    /// Whether Black first chooses the board's orientation.
    pub choose_orientation: bool,
    /// The time control, as JSON.
    pub clock: String,
    /// The seats' and the spectators' tokens.
    pub tokens: [String; 3],
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// The game this one is the rematch of, if any.
    pub rematch_of: Option<String>,
    /// The accounts the seats are bound to, `[black, white]` (a bound seat
    /// opens only with its account's session).
    pub owners: [Option<String>; 2],
    /// Whether the game counts for the players' ratings (when both seats
    /// belong to two accounts at its end).
    pub rated: bool,
}

/// A player's rating in one game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRow {
    /// The Glicko-2 rating, on the Glicko scale (1500 to start).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

/// A rating after one game, for a player's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    /// The game that moved it.
    pub game: String,
    /// When it ended, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// A search of the finished games; every field left `None` matches all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveQuery {
    /// An account, at either seat.
    pub player: Option<String>,
    /// The game (`kamisado`, ...): the description's first word.
    pub game: Option<String>,
    /// The whole description.
    pub variant: Option<String>,
    /// Finished at or after, in milliseconds since the Unix epoch.
    pub from_ms: Option<u64>,
    /// Finished before.
    pub to_ms: Option<u64>,
    /// Finished before (the previous page's last game).
    pub before_ms: Option<u64>,
    /// At most this many, the latest first.
    pub limit: u32,
}

/// A finished game, as the archive lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveRow {
    /// Its id.
    pub id: String,
    /// Its description.
    pub spec: String,
    /// The seats' account names, `[black, white]` (none for a seat played
    /// by link alone).
    pub names: [Option<String>; 2],
    /// The `Result` tag.
    pub result: String,
    /// The `Termination` tag.
    pub termination: String,
    /// When it ended.
    pub finished_ms: u64,
    /// Whether it counted for the ratings.
    pub rated: bool,
}

/// A finished rated game to apply to its players' ratings.
#[derive(Debug, Clone)]
pub struct RateGame {
    /// The game's id.
    pub id: String,
    /// Which game was played (`kamisado`, `katarenga`, ...): each has its
    /// own ratings.
    pub kind: String,
    /// The accounts, `[black, white]`.
    pub players: [String; 2],
    /// Black's score: 1, ½ or 0.
    pub black_score: f64,
    /// When it ended.
    pub at_ms: u64,
    /// The new ratings from the old (a player's first game starts from
    /// [`crate::ratings::START`]).
    pub update: fn([RatingRow; 2], f64) -> [RatingRow; 2],
}

/// One event of a game, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    /// Its number in the game.
    pub n: u64,
    /// `start`, `act`, `flag`, `abandon` or `resume`.
    pub kind: String,
    /// The player it concerns, if any (`black`, `white`).
    pub player: Option<String>,
    /// An action's text.
    pub action: Option<String>,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// Both clocks after it (the runner's as of the turn's start).
    pub clocks: [u64; 2],
    /// A restart's pause, in milliseconds.
    pub paused_ms: Option<u64>,
}

/// What a game's end writes beside its last event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// The `Result` tag.
    pub result: String,
    /// The `Termination` tag.
    pub termination: String,
    /// The record's text.
    pub record: String,
}

/// A player's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// Its id (random, never shown to others).
    pub id: String,
    /// Its name as chosen (unique without regard to case).
    pub name: String,
    /// The password's argon2id hash, in the PHC string format.
    pub password: String,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// Whether it is a bot's account (played through the Bot API with a
    /// token).
    pub bot: bool,
}

/// A challenge to one player, or a seek (a challenge to anyone): the game
/// it offers, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The challenger's account.
    pub from: String,
    /// The account challenged (`None`: a seek, open to anyone).
    pub to: Option<String>,
    /// The game offered (`GameSpec`'s text).
    pub spec: String,
    /// Whether Black first chooses the board's orientation.
    pub choose_orientation: bool,
    /// The time control, as JSON.
    pub clock: String,
    /// The challenger's seat (`black`, `white`; `None`: drawn at random).
    pub seat: Option<String>,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub status: String,
    /// The game made when it was accepted.
    pub game: Option<String>,
    /// The accounts' names, `[from, to]` (read, never written).
    pub names: [Option<String>; 2],
}

/// A login session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// The SHA-256 of the session's cookie, in hex (the cookie itself is
    /// never stored).
    pub id_hash: String,
    /// The player's id.
    pub player: String,
    /// The token a state-changing request must carry beside the cookie.
    pub csrf: String,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// When it runs out.
    pub expires_ms: u64,
    /// When it was ended (logged out), if it was.
    pub ended_ms: Option<u64>,
}

/// Which seats of a game one server process has connections for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seats {
    /// Open connections per seat, `[black, white]`.
    pub connected: [u32; 2],
}

/// What another server process did, heard through the database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Event `n` of `game` was stored.
    Appended {
        /// The game.
        game: String,
        /// The event's number.
        n: u64,
    },
    /// A process's connections to `game` changed.
    Presence {
        /// The game.
        game: String,
    },
    /// A seat of `game` offered a rematch, or the rematch was made.
    Offers {
        /// The game.
        game: String,
    },
    /// The listening connection was lost and is back: notices may have
    /// been missed, so every game held must catch up.
    Resync,
}

/// A store's answer, later.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What a store does. Both implementations pass the same contract tests
/// (`tests/it/store.rs`).
pub trait Backend: Send + Sync + 'static {
    /// `sqlite` or `postgres`.
    fn name(&self) -> &'static str;
    /// Stores a new game.
    fn create_game(&self, game: GameRow) -> Answer<'_, ()>;
    /// Stores event `event.n` of `game` (and the game's end with it), synced
    /// to disk; [`StoreError::Conflict`] if that number is taken.
    fn append(&self, game: &str, event: EventRow, finish: Option<Finish>) -> Answer<'_, ()>;
    /// Notes that the service is alive at `ms`.
    fn heartbeat(&self, ms: u64) -> Answer<'_, ()>;
    /// The last heartbeat stored.
    fn last_heartbeat(&self) -> Answer<'_, Option<u64>>;
    /// The game a token opens, if any.
    fn game_of_token(&self, token: &str) -> Answer<'_, Option<String>>;
    /// The rematch of game `id`, if one was made: its id and tokens.
    fn rematch_of(&self, id: &str) -> Answer<'_, Option<(String, [String; 3])>>;
    /// The ids of the games not finished, oldest first.
    fn unfinished(&self) -> Answer<'_, Vec<String>>;
    /// A game and its events, in order.
    fn load(&self, id: &str) -> Answer<'_, Option<(GameRow, Vec<EventRow>)>>;
    /// The events of game `id` after number `n`, in order.
    fn events_after(&self, id: &str, n: u64) -> Answer<'_, Vec<EventRow>>;
    /// Applies a finished rated game to its players' ratings, once (a game
    /// applied before changes nothing), in one transaction with the
    /// ratings' history; returns the players' ratings after.
    fn rate_game(&self, game: RateGame) -> Answer<'_, [RatingRow; 2]>;
    /// The finished rated games whose ratings were not applied (the
    /// process ending them stopped first), oldest first.
    fn unrated(&self) -> Answer<'_, Vec<String>>;
    /// A player's ratings, by game.
    fn ratings(&self, player: &str) -> Answer<'_, Vec<(String, RatingRow)>>;
    /// A player's rating in `kind` after each rated game, oldest first.
    fn rating_history(&self, player: &str, kind: &str) -> Answer<'_, Vec<HistoryRow>>;
    /// The finished games `query` finds, the latest first.
    fn archive(&self, query: ArchiveQuery) -> Answer<'_, Vec<ArchiveRow>>;
    /// A finished game and its record.
    fn archived(&self, id: &str) -> Answer<'_, Option<(ArchiveRow, String)>>;
    /// Binds `seat` (`black` or `white`) of `game` to the account `player`
    /// unless it is bound already; returns the seat's account after.
    fn bind_seat(&self, game: &str, seat: &str, player: &str) -> Answer<'_, Option<String>>;
    /// The accounts the seats of `game` are bound to, `[black, white]`.
    fn seat_owners(&self, game: &str) -> Answer<'_, [Option<String>; 2]>;
    /// Stores `player`'s offer of a rematch of the finished `game` (once:
    /// an offer made again changes nothing).
    fn offer_rematch(&self, game: &str, player: &str) -> Answer<'_, ()>;
    /// The players who offered a rematch of `game`.
    fn offers(&self, game: &str) -> Answer<'_, Vec<String>>;
    /// Stores a new player; `false` (and nothing stored) if the name is
    /// taken, whatever its case.
    fn create_player(&self, player: PlayerRow) -> Answer<'_, bool>;
    /// The player named `name` (without regard to case).
    fn player_by_name(&self, name: &str) -> Answer<'_, Option<PlayerRow>>;
    /// The player whose id is `id`.
    fn player(&self, id: &str) -> Answer<'_, Option<PlayerRow>>;
    /// Stores a new session.
    fn create_session(&self, session: SessionRow) -> Answer<'_, ()>;
    /// The session whose cookie hashes to `id_hash`, ended or not.
    fn session(&self, id_hash: &str) -> Answer<'_, Option<SessionRow>>;
    /// Ends a session at `ms` (a logout): its cookie opens nothing more.
    fn end_session(&self, id_hash: &str, ms: u64) -> Answer<'_, ()>;
    /// Stores which seats of `game` the process `server` has connections
    /// for (and tells the other processes).
    fn set_presence(&self, game: &str, server: &str, seats: Seats) -> Answer<'_, ()>;
    /// The other live processes' connections to `game` (a process silent
    /// for longer than `stale` is taken for dead).
    fn presence(&self, game: &str, server: &str, stale: Duration) -> Answer<'_, Vec<Seats>>;
    /// Notes that process `server` is alive at `ms`.
    fn server_alive(&self, server: &str, ms: u64) -> Answer<'_, ()>;
    /// The processes heard from within `stale`: their ids, in order, and
    /// when each was last heard from.
    fn live_servers(&self, stale: Duration) -> Answer<'_, Vec<(String, u64)>>;
    /// Forgets what is of no more use at `now_ms`: sessions run out or
    /// ended, and the processes silent for an hour with their connections.
    fn purge(&self, now_ms: u64) -> Answer<'_, ()>;
    /// Makes `player` a bot's account whose token hashes to `token_hash`
    /// (a token made before opens nothing more).
    fn set_bot_token(&self, player: &str, token_hash: &str) -> Answer<'_, ()>;
    /// The bot whose token hashes to `token_hash`.
    fn player_by_token(&self, token_hash: &str) -> Answer<'_, Option<PlayerRow>>;
    /// Stores a new challenge or seek.
    fn create_challenge(&self, challenge: ChallengeRow) -> Answer<'_, ()>;
    /// The challenge `id`.
    fn challenge(&self, id: &str) -> Answer<'_, Option<ChallengeRow>>;
    /// The open challenges from or to `player`, or with `None` the open
    /// seeks; the oldest first, at most 200.
    fn open_challenges(&self, player: Option<&str>) -> Answer<'_, Vec<ChallengeRow>>;
    /// Closes the open challenge `id` as `status` (`accepted` with its new
    /// `game`, stored in the same transaction; `declined`, `cancelled`);
    /// `false` (and nothing stored) if it was not open.
    fn close_challenge(&self, id: &str, status: &str, game: Option<GameRow>) -> Answer<'_, bool>;
    /// The unfinished games with a seat bound to `player`: each game's id
    /// and the seat (`black`, `white`), the oldest first.
    fn games_of(&self, player: &str) -> Answer<'_, Vec<(String, String)>>;
    /// What the other processes do, if they can share this store.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>>;
}

/// The store a server uses: either implementation, behind one interface.
#[derive(Clone)]
pub struct Store(Arc<dyn Backend>);

impl Store {
    /// Opens (creating and migrating if needed) the database; a write
    /// waits at most `busy` for a lock another process holds.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be opened or set up.
    pub async fn open(database: &Database, busy: Duration) -> Result<Store, StoreError> {
        Ok(match database {
            Database::Sqlite(path) => Store(Arc::new(sqlite::Sqlite::open(path, busy)?)),
            Database::Postgres(url) => Store(Arc::new(postgres::Postgres::open(url, busy).await?)),
        })
    }
}

impl std::ops::Deref for Store {
    type Target = dyn Backend;
    fn deref(&self) -> &(dyn Backend + 'static) {
        &*self.0
    }
}

/// The schema's version after every migration: both implementations
/// migrate to it, one numbered step at a time, at start.
pub const SCHEMA_VERSION: u32 = 5;

/// The schema's migrations, in order, written once for both stores (SQLite
/// takes PostgreSQL's type names by their affinity): migration `i` takes the
/// schema from version `i` to `i + 1`. The first is the first release's
/// schema, whose SQLite files already have it.
pub(crate) const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [
    "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    choose_orientation BOOLEAN NOT NULL,
    clock TEXT NOT NULL,
    black_token TEXT NOT NULL UNIQUE,
    white_token TEXT NOT NULL UNIQUE,
    spectator_token TEXT NOT NULL UNIQUE,
    created_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    result TEXT,
    termination TEXT,
    record TEXT,
    rematch_of TEXT UNIQUE REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    n BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player TEXT,
    action TEXT,
    at_ms BIGINT NOT NULL,
    black_ms BIGINT NOT NULL,
    white_ms BIGINT NOT NULL,
    paused_ms BIGINT,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
",
    "
CREATE TABLE servers (
    id TEXT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
CREATE TABLE presence (
    game_id TEXT NOT NULL REFERENCES games(id),
    server_id TEXT NOT NULL,
    black INTEGER NOT NULL,
    white INTEGER NOT NULL,
    PRIMARY KEY (game_id, server_id)
);
",
    "
CREATE TABLE offers (
    game_id TEXT NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);
",
    "
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players(id),
    csrf TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    ended_ms BIGINT
);
ALTER TABLE games ADD COLUMN black_player TEXT REFERENCES players(id);
ALTER TABLE games ADD COLUMN white_player TEXT REFERENCES players(id);
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN rated_ms BIGINT;
CREATE INDEX games_finished ON games (finished_ms);
CREATE INDEX games_black_player ON games (black_player);
CREATE INDEX games_white_player ON games (white_player);
CREATE TABLE ratings (
    player_id TEXT NOT NULL REFERENCES players(id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE TABLE rating_history (
    player_id TEXT NOT NULL REFERENCES players(id),
    game TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    at_ms BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
",
    "
ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE players ADD COLUMN token_hash TEXT;
CREATE UNIQUE INDEX players_token ON players (token_hash);
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    from_player TEXT NOT NULL REFERENCES players(id),
    to_player TEXT REFERENCES players(id),
    spec TEXT NOT NULL,
    choose_orientation BOOLEAN NOT NULL,
    clock TEXT NOT NULL,
    seat TEXT,
    rated BOOLEAN NOT NULL,
    created_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    game_id TEXT REFERENCES games(id)
);
CREATE INDEX challenges_open ON challenges (status, created_ms);
CREATE INDEX challenges_from ON challenges (from_player, status);
CREATE INDEX challenges_to ON challenges (to_player, status);
",
];

/// How long a challenge or seek is kept (open or not), in milliseconds: a
/// week.
pub(crate) const CHALLENGE_LIFE_MS: u64 = 7 * 24 * 3600 * 1000;

fn as_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn as_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}
