//! The embedded store: one SQLite file, created on first run. Every event
//! of a game is written (and synced to disk) before anyone hears of it;
//! writes from all games wait together for one commit (group commit), so
//! that many games moving at once cost one sync, not one each.

use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

/// Why the store failed: the client is told, and nothing is acknowledged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the database refused the write: {0}")]
pub struct StoreError(pub String);

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
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

enum Write {
    Game(GameRow),
    Event {
        game: String,
        event: EventRow,
        finish: Option<Finish>,
    },
    Heartbeat(u64),
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The store: a writer thread that commits in groups, and a connection for
/// reading.
#[derive(Clone)]
pub struct Store {
    writes: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    choose_orientation INTEGER NOT NULL,
    clock TEXT NOT NULL,
    black_token TEXT NOT NULL UNIQUE,
    white_token TEXT NOT NULL UNIQUE,
    spectator_token TEXT NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL,
    finished_ms INTEGER,
    result TEXT,
    termination TEXT,
    record TEXT,
    rematch_of TEXT UNIQUE REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    player TEXT,
    action TEXT,
    at_ms INTEGER NOT NULL,
    black_ms INTEGER NOT NULL,
    white_ms INTEGER NOT NULL,
    paused_ms INTEGER,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
PRAGMA user_version = 1;
";

fn open(path: &Path, busy: Duration) -> Result<Connection, StoreError> {
    let c = Connection::open(path)?;
    c.busy_timeout(busy)?;
    // WAL lets the reader work beside the writer; FULL syncs each commit.
    c.pragma_update(None, "journal_mode", "WAL")?;
    c.pragma_update(None, "synchronous", "FULL")?;
    c.pragma_update(None, "foreign_keys", "ON")?;
    Ok(c)
}

fn as_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn as_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

impl Store {
    /// Opens (creating if needed) the database at `path`; a write waits at
    /// most `busy` for a lock another process holds.
    ///
    /// # Errors
    /// [`StoreError`] if the file cannot be opened or set up.
    pub fn open(path: &Path, busy: Duration) -> Result<Store, StoreError> {
        let writer = open(path, busy)?;
        writer.execute_batch(SCHEMA)?;
        let reader = open(path, busy)?;
        let (writes, jobs) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("kk-server-store".into())
            .spawn(move || write_loop(writer, &jobs))
            .map_err(|e| StoreError(e.to_string()))?;
        Ok(Store {
            writes,
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.writes
            .send((write, done))
            .map_err(|_| StoreError("the store has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the store has stopped".into()))?
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// [`StoreError`] if it was not stored.
    pub async fn create_game(&self, game: GameRow) -> Result<(), StoreError> {
        self.write(Write::Game(game)).await
    }

    /// Stores an event (and the game's end with it), synced to disk.
    ///
    /// # Errors
    /// [`StoreError`] if it was not stored: nothing of it was.
    pub async fn append(
        &self,
        game: &str,
        event: EventRow,
        finish: Option<Finish>,
    ) -> Result<(), StoreError> {
        self.write(Write::Event {
            game: game.to_string(),
            event,
            finish,
        })
        .await
    }

    /// Stores the time the server was last seen alive.
    ///
    /// # Errors
    /// [`StoreError`] if it was not stored.
    pub async fn heartbeat(&self, ms: u64) -> Result<(), StoreError> {
        self.write(Write::Heartbeat(ms)).await
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let c = reader
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            f(&c).map_err(StoreError::from)
        })
        .await
        .map_err(|e| StoreError(e.to_string()))?
    }

    /// The last heartbeat stored.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub async fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        self.read(|c| {
            c.query_row("SELECT value FROM meta WHERE key = 'heartbeat'", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()
            .map(|v| v.map(as_u64))
        })
        .await
    }

    /// The game a token opens, if any.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub async fn game_of_token(&self, token: &str) -> Result<Option<String>, StoreError> {
        let token = token.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT id FROM games WHERE black_token = ?1 OR white_token = ?1 OR spectator_token = ?1",
                [&token],
                |r| r.get(0),
            )
            .optional()
        })
        .await
    }

    /// The rematch of game `id`, if one was made: its id and tokens.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub async fn rematch_of(&self, id: &str) -> Result<Option<(String, [String; 3])>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT id, black_token, white_token, spectator_token FROM games WHERE rematch_of = ?1",
                [&id],
                |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?, r.get(3)?])),
            )
            .optional()
        })
        .await
    }

    /// The ids of the games not finished.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.read(|c| {
            let mut q =
                c.prepare("SELECT id FROM games WHERE finished_ms IS NULL ORDER BY created_ms")?;
            q.query_map([], |r| r.get(0))?.collect()
        })
        .await
    }

    /// A game and its events, in order.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<EventRow>)>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            let game = c
                .query_row(
                    "SELECT id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of FROM games WHERE id = ?1",
                    [&id],
                    |r| {
                        Ok(GameRow {
                            id: r.get(0)?,
                            spec: r.get(1)?,
                            choose_orientation: r.get(2)?,
                            clock: r.get(3)?,
                            tokens: [r.get(4)?, r.get(5)?, r.get(6)?],
                            created_ms: as_u64(r.get(7)?),
                            rematch_of: r.get(8)?,
                        })
                    },
                )
                .optional()?;
            let Some(game) = game else { return Ok(None) };
            let mut q = c.prepare(
                "SELECT n, kind, player, action, at_ms, black_ms, white_ms, paused_ms FROM events WHERE game_id = ?1 ORDER BY n",
            )?;
            let events = q
                .query_map([&id], |r| {
                    Ok(EventRow {
                        n: as_u64(r.get(0)?),
                        kind: r.get(1)?,
                        player: r.get(2)?,
                        action: r.get(3)?,
                        at_ms: as_u64(r.get(4)?),
                        clocks: [as_u64(r.get(5)?), as_u64(r.get(6)?)],
                        paused_ms: r.get::<_, Option<i64>>(7)?.map(as_u64),
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some((game, events)))
        })
        .await
    }
}

fn apply(c: &Connection, write: &Write) -> Result<(), rusqlite::Error> {
    match write {
        Write::Game(g) => {
            c.execute(
                "INSERT INTO games (id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![g.id, g.spec, g.choose_orientation, g.clock, g.tokens[0], g.tokens[1], g.tokens[2], as_i64(g.created_ms), g.rematch_of],
            )?;
        }
        Write::Event {
            game,
            event: e,
            finish,
        } => {
            c.execute(
                "INSERT INTO events (game_id, n, kind, player, action, at_ms, black_ms, white_ms, paused_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![game, as_i64(e.n), e.kind, e.player, e.action, as_i64(e.at_ms), as_i64(e.clocks[0]), as_i64(e.clocks[1]), e.paused_ms.map(as_i64)],
            )?;
            if let Some(f) = finish {
                c.execute(
                    "UPDATE games SET finished_ms = ?2, result = ?3, termination = ?4, record = ?5 WHERE id = ?1",
                    params![game, as_i64(e.at_ms), f.result, f.termination, f.record],
                )?;
            }
        }
        Write::Heartbeat(ms) => {
            c.execute(
                "INSERT INTO meta (key, value) VALUES ('heartbeat', ?1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [as_i64(*ms)],
            )?;
        }
    }
    Ok(())
}

/// The most writes one commit takes.
const GROUP: usize = 256;

fn write_loop(mut c: Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut group = vec![first];
        while group.len() < GROUP {
            match jobs.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        let results = commit_group(&mut c, &group);
        for ((_, done), result) in group.into_iter().zip(results) {
            let _ = done.send(result);
        }
    }
}

/// Commits the group's writes at once; a write that fails is reported
/// alone (a savepoint each), a commit that fails to all.
fn commit_group(c: &mut Connection, group: &[Job]) -> Vec<Result<(), StoreError>> {
    let mut tx = match c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            let e = StoreError::from(e);
            return group.iter().map(|_| Err(e.clone())).collect();
        }
    };
    let mut results = Vec::with_capacity(group.len());
    for (write, _) in group {
        let one = (|| {
            let sp = tx.savepoint()?;
            apply(&sp, write)?;
            sp.commit()
        })();
        results.push(one.map_err(StoreError::from));
    }
    if let Err(e) = tx.commit() {
        let e = StoreError::from(e);
        return group.iter().map(|_| Err(e.clone())).collect();
    }
    results
}
