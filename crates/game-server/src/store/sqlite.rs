//! The embedded store: one SQLite file, created on first run, for one
//! server process. Writes from all games wait together for one commit
//! (group commit), so that many games moving at once cost one sync, not one
//! each.

use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::{broadcast, oneshot};

use super::{
    Answer, ArchiveQuery, ArchiveRow, Backend, CHALLENGE_LIFE_MS, ChallengeRow, EventRow, Finish,
    GameRow, HistoryRow, MIGRATIONS, Notice, PlayerRow, RateGame, RatingRow, SCHEMA_VERSION, Seats,
    SessionRow, StoreError, as_i64, as_u64,
};

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Failed(e.to_string())
    }
}

enum Write {
    Game(GameRow),
    Event {
        game: String,
        event: EventRow,
        finish: Option<Finish>,
    },
    Heartbeat(u64),
    Presence {
        game: String,
        server: String,
        seats: Seats,
    },
    ServerAlive(String, u64),
    Offer {
        game: String,
        player: String,
    },
    Player(PlayerRow),
    Rate(RateGame),
    Bind {
        game: String,
        seat: &'static str,
        player: String,
    },
    Session(SessionRow),
    EndSession(String, u64),
    BotToken {
        player: String,
        hash: String,
    },
    Challenge(ChallengeRow),
    CloseChallenge {
        id: String,
        status: String,
        game: Option<GameRow>,
    },
    Purge(u64),
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The SQLite store: a writer thread that commits in groups, and a
/// connection for reading.
pub(super) struct Sqlite {
    writes: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

fn open(path: &Path, busy: Duration) -> Result<Connection, StoreError> {
    let c = Connection::open(path)?;
    c.busy_timeout(busy)?;
    // WAL lets the reader work beside the writer; FULL syncs each commit.
    c.pragma_update(None, "journal_mode", "WAL")?;
    c.pragma_update(None, "synchronous", "FULL")?;
    c.pragma_update(None, "foreign_keys", "ON")?;
    Ok(c)
}

/// Brings the schema to [`SCHEMA_VERSION`], one migration a transaction.
fn migrate(c: &mut Connection) -> Result<(), StoreError> {
    let version: u32 = c.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Failed(format!(
            "the database's schema is version {version}, newer than this server's {SCHEMA_VERSION}: run a newer server"
        )));
    }
    for (from, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", from + 1)?;
        tx.commit()?;
    }
    Ok(())
}

impl Sqlite {
    /// Opens (creating and migrating if needed) the database at `path`; a
    /// write waits at most `busy` for a lock another process holds.
    pub(super) fn open(path: &Path, busy: Duration) -> Result<Sqlite, StoreError> {
        let mut writer = open(path, busy)?;
        migrate(&mut writer)?;
        let reader = open(path, busy)?;
        let (writes, jobs) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("kk-server-store".into())
            .spawn(move || write_loop(writer, &jobs))
            .map_err(|e| StoreError::Failed(e.to_string()))?;
        Ok(Sqlite {
            writes,
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    fn write(&self, write: Write) -> Answer<'_, ()> {
        Box::pin(async move {
            let (done, answer) = oneshot::channel();
            self.writes
                .send((write, done))
                .map_err(|_| StoreError::Failed("the store has stopped".into()))?;
            answer
                .await
                .map_err(|_| StoreError::Failed("the store has stopped".into()))?
        })
    }

    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Answer<'_, T> {
        let reader = Arc::clone(&self.reader);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let c = reader
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                f(&c).map_err(StoreError::from)
            })
            .await
            .map_err(|e| StoreError::Failed(e.to_string()))?
        })
    }
}

fn game_row(r: &rusqlite::Row<'_>) -> Result<GameRow, rusqlite::Error> {
    Ok(GameRow {
        id: r.get(0)?,
        spec: r.get(1)?,
        choose_orientation: r.get(2)?,
        clock: r.get(3)?,
        tokens: [r.get(4)?, r.get(5)?, r.get(6)?],
        created_ms: as_u64(r.get(7)?),
        rematch_of: r.get(8)?,
        owners: [r.get(9)?, r.get(10)?],
        rated: r.get(11)?,
    })
}

/// An hour, in milliseconds: how long a silent process is remembered.
const HOUR_MS: u64 = 3_600_000;

const GAMES_OF: &str = "SELECT id, CASE WHEN black_player = ?1 THEN 'black' ELSE 'white' END FROM games WHERE finished_ms IS NULL AND (black_player = ?1 OR white_player = ?1) ORDER BY created_ms, id";

const UNRATED: &str = "SELECT id FROM games WHERE rated AND rated_ms IS NULL AND finished_ms IS NOT NULL AND black_player IS NOT NULL AND white_player IS NOT NULL ORDER BY finished_ms, id";

const ARCHIVE: &str = "SELECT g.id, g.spec, b.name, w.name, g.result, g.termination, g.finished_ms, g.rated FROM games g LEFT JOIN players b ON b.id = g.black_player LEFT JOIN players w ON w.id = g.white_player WHERE g.finished_ms IS NOT NULL AND (?1 IS NULL OR g.black_player = ?1 OR g.white_player = ?1) AND (?2 IS NULL OR g.spec = ?2 OR g.spec LIKE ?2 || ' %') AND (?3 IS NULL OR g.spec = ?3) AND (?4 IS NULL OR g.finished_ms >= ?4) AND (?5 IS NULL OR g.finished_ms < ?5) AND (?6 IS NULL OR g.finished_ms < ?6) ORDER BY g.finished_ms DESC, g.id DESC LIMIT ?7";

fn archive_row(r: &rusqlite::Row<'_>) -> Result<ArchiveRow, rusqlite::Error> {
    Ok(ArchiveRow {
        id: r.get(0)?,
        spec: r.get(1)?,
        names: [r.get(2)?, r.get(3)?],
        result: r.get(4)?,
        termination: r.get(5)?,
        finished_ms: as_u64(r.get(6)?),
        rated: r.get(7)?,
    })
}

/// A player's rating in `kind`, or a new player's.
fn rating_of(c: &Connection, player: &str, kind: &str) -> Result<RatingRow, rusqlite::Error> {
    c.query_row(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = ?1 AND game = ?2",
        params![player, kind],
        |r| {
            Ok(RatingRow {
                rating: r.get(0)?,
                deviation: r.get(1)?,
                volatility: r.get(2)?,
                games: r.get(3)?,
            })
        },
    )
    .optional()
    .map(|found| found.unwrap_or(crate::ratings::START))
}

/// The column prefix of a seat: only these two are ever put in SQL.
fn seat_column(seat: &str) -> Option<&'static str> {
    match seat {
        "black" => Some("black"),
        "white" => Some("white"),
        _ => None,
    }
}

fn player_row(r: &rusqlite::Row<'_>) -> Result<PlayerRow, rusqlite::Error> {
    Ok(PlayerRow {
        id: r.get(0)?,
        name: r.get(1)?,
        password: r.get(2)?,
        created_ms: as_u64(r.get(3)?),
        bot: r.get(4)?,
    })
}

const PLAYER: &str = "SELECT id, name, password, created_ms, bot FROM players";

fn challenge_row(r: &rusqlite::Row<'_>) -> Result<ChallengeRow, rusqlite::Error> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        from: r.get(1)?,
        to: r.get(2)?,
        spec: r.get(3)?,
        choose_orientation: r.get(4)?,
        clock: r.get(5)?,
        seat: r.get(6)?,
        rated: r.get(7)?,
        created_ms: as_u64(r.get(8)?),
        status: r.get(9)?,
        game: r.get(10)?,
        names: [r.get(11)?, r.get(12)?],
    })
}

const CHALLENGE: &str = "SELECT c.id, c.from_player, c.to_player, c.spec, c.choose_orientation, c.clock, c.seat, c.rated, c.created_ms, c.status, c.game_id, f.name, t.name FROM challenges c JOIN players f ON f.id = c.from_player LEFT JOIN players t ON t.id = c.to_player";

fn insert_game(c: &Connection, g: &GameRow) -> Result<(), rusqlite::Error> {
    c.execute(
        "INSERT INTO games (id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of, black_player, white_player, rated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![g.id, g.spec, g.choose_orientation, g.clock, g.tokens[0], g.tokens[1], g.tokens[2], as_i64(g.created_ms), g.rematch_of, g.owners[0], g.owners[1], g.rated],
    )?;
    Ok(())
}

fn event_row(r: &rusqlite::Row<'_>) -> Result<EventRow, rusqlite::Error> {
    Ok(EventRow {
        n: as_u64(r.get(0)?),
        kind: r.get(1)?,
        player: r.get(2)?,
        action: r.get(3)?,
        at_ms: as_u64(r.get(4)?),
        clocks: [as_u64(r.get(5)?), as_u64(r.get(6)?)],
        paused_ms: r.get::<_, Option<i64>>(7)?.map(as_u64),
    })
}

const EVENTS: &str = "SELECT n, kind, player, action, at_ms, black_ms, white_ms, paused_ms FROM events WHERE game_id = ?1 AND n > ?2 ORDER BY n";

impl Backend for Sqlite {
    fn name(&self) -> &'static str {
        "sqlite"
    }

    fn create_game(&self, game: GameRow) -> Answer<'_, ()> {
        self.write(Write::Game(game))
    }

    fn append(&self, game: &str, event: EventRow, finish: Option<Finish>) -> Answer<'_, ()> {
        self.write(Write::Event {
            game: game.to_string(),
            event,
            finish,
        })
    }

    fn heartbeat(&self, ms: u64) -> Answer<'_, ()> {
        self.write(Write::Heartbeat(ms))
    }

    fn last_heartbeat(&self) -> Answer<'_, Option<u64>> {
        self.read(|c| {
            c.query_row("SELECT value FROM meta WHERE key = 'heartbeat'", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()
            .map(|v| v.map(as_u64))
        })
    }

    fn game_of_token(&self, token: &str) -> Answer<'_, Option<String>> {
        let token = token.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT id FROM games WHERE black_token = ?1 OR white_token = ?1 OR spectator_token = ?1",
                [&token],
                |r| r.get(0),
            )
            .optional()
        })
    }

    fn rematch_of(&self, id: &str) -> Answer<'_, Option<(String, [String; 3])>> {
        let id = id.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT id, black_token, white_token, spectator_token FROM games WHERE rematch_of = ?1",
                [&id],
                |r| Ok((r.get(0)?, [r.get(1)?, r.get(2)?, r.get(3)?])),
            )
            .optional()
        })
    }

    fn unfinished(&self) -> Answer<'_, Vec<String>> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT id FROM games WHERE finished_ms IS NULL ORDER BY created_ms, id",
            )?;
            q.query_map([], |r| r.get(0))?.collect()
        })
    }

    fn load(&self, id: &str) -> Answer<'_, Option<(GameRow, Vec<EventRow>)>> {
        let id = id.to_string();
        self.read(move |c| {
            let game = c
                .query_row(
                    "SELECT id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of, black_player, white_player, rated FROM games WHERE id = ?1",
                    [&id],
                    game_row,
                )
                .optional()?;
            let Some(game) = game else { return Ok(None) };
            let mut q = c.prepare(EVENTS)?;
            let events = q
                .query_map(params![id, 0], event_row)?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some((game, events)))
        })
    }

    fn events_after(&self, id: &str, n: u64) -> Answer<'_, Vec<EventRow>> {
        let id = id.to_string();
        self.read(move |c| {
            let mut q = c.prepare(EVENTS)?;
            q.query_map(params![id, as_i64(n)], event_row)?.collect()
        })
    }

    fn offer_rematch(&self, game: &str, player: &str) -> Answer<'_, ()> {
        self.write(Write::Offer {
            game: game.to_string(),
            player: player.to_string(),
        })
    }

    fn offers(&self, game: &str) -> Answer<'_, Vec<String>> {
        let game = game.to_string();
        self.read(move |c| {
            let mut q =
                c.prepare("SELECT player FROM offers WHERE game_id = ?1 ORDER BY player")?;
            q.query_map([&game], |r| r.get(0))?.collect()
        })
    }

    fn rate_game(&self, game: RateGame) -> Answer<'_, [RatingRow; 2]> {
        Box::pin(async move {
            let (players, kind) = (game.players.clone(), game.kind.clone());
            self.write(Write::Rate(game)).await?;
            self.read(move |c| {
                Ok([
                    rating_of(c, &players[0], &kind)?,
                    rating_of(c, &players[1], &kind)?,
                ])
            })
            .await
        })
    }

    fn unrated(&self) -> Answer<'_, Vec<String>> {
        self.read(|c| {
            let mut q = c.prepare(UNRATED)?;
            q.query_map([], |r| r.get(0))?.collect()
        })
    }

    fn ratings(&self, player: &str) -> Answer<'_, Vec<(String, RatingRow)>> {
        let player = player.to_string();
        self.read(move |c| {
            let mut q = c.prepare(
                "SELECT game, rating, deviation, volatility, games FROM ratings WHERE player_id = ?1 ORDER BY game",
            )?;
            q.query_map([&player], |r| {
                Ok((
                    r.get(0)?,
                    RatingRow {
                        rating: r.get(1)?,
                        deviation: r.get(2)?,
                        volatility: r.get(3)?,
                        games: r.get(4)?,
                    },
                ))
            })?
            .collect()
        })
    }

    fn rating_history(&self, player: &str, kind: &str) -> Answer<'_, Vec<HistoryRow>> {
        let (player, kind) = (player.to_string(), kind.to_string());
        self.read(move |c| {
            let mut q = c.prepare(
                "SELECT game_id, at_ms, rating, deviation FROM rating_history WHERE player_id = ?1 AND game = ?2 ORDER BY at_ms, game_id",
            )?;
            q.query_map(params![player, kind], |r| {
                Ok(HistoryRow {
                    game: r.get(0)?,
                    at_ms: as_u64(r.get(1)?),
                    rating: r.get(2)?,
                    deviation: r.get(3)?,
                })
            })?
            .collect()
        })
    }

    fn archive(&self, q: ArchiveQuery) -> Answer<'_, Vec<ArchiveRow>> {
        self.read(move |c| {
            let mut s = c.prepare(ARCHIVE)?;
            s.query_map(
                params![
                    q.player,
                    q.game,
                    q.variant,
                    q.from_ms.map(as_i64),
                    q.to_ms.map(as_i64),
                    q.before_ms.map(as_i64),
                    q.limit
                ],
                archive_row,
            )?
            .collect()
        })
    }

    fn archived(&self, id: &str) -> Answer<'_, Option<(ArchiveRow, String)>> {
        let id = id.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT g.id, g.spec, b.name, w.name, g.result, g.termination, g.finished_ms, g.rated, g.record FROM games g LEFT JOIN players b ON b.id = g.black_player LEFT JOIN players w ON w.id = g.white_player WHERE g.id = ?1 AND g.finished_ms IS NOT NULL",
                [&id],
                |r| Ok((archive_row(r)?, r.get(8)?)),
            )
            .optional()
        })
    }

    fn bind_seat(&self, game: &str, seat: &str, player: &str) -> Answer<'_, Option<String>> {
        let game = game.to_string();
        let player = player.to_string();
        let Some(seat) = seat_column(seat) else {
            let e = StoreError::Failed(format!("no seat {seat}"));
            return Box::pin(async move { Err(e) });
        };
        Box::pin(async move {
            self.write(Write::Bind {
                game: game.clone(),
                seat,
                player,
            })
            .await?;
            let owners = self.seat_owners(&game).await?;
            Ok(owners[usize::from(seat == "white")].clone())
        })
    }

    fn seat_owners(&self, game: &str) -> Answer<'_, [Option<String>; 2]> {
        let game = game.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT black_player, white_player FROM games WHERE id = ?1",
                [&game],
                |r| Ok([r.get(0)?, r.get(1)?]),
            )
            .optional()
            .map(Option::unwrap_or_default)
        })
    }

    fn create_player(&self, player: PlayerRow) -> Answer<'_, bool> {
        Box::pin(async move {
            let (id, name) = (player.id.clone(), player.name.clone());
            self.write(Write::Player(player)).await?;
            Ok(self
                .player_by_name(&name)
                .await?
                .is_some_and(|found| found.id == id))
        })
    }

    fn player_by_name(&self, name: &str) -> Answer<'_, Option<PlayerRow>> {
        let key = name.to_lowercase();
        self.read(move |c| {
            c.query_row(&format!("{PLAYER} WHERE name_key = ?1"), [&key], player_row)
                .optional()
        })
    }

    fn player(&self, id: &str) -> Answer<'_, Option<PlayerRow>> {
        let id = id.to_string();
        self.read(move |c| {
            c.query_row(&format!("{PLAYER} WHERE id = ?1"), [&id], player_row)
                .optional()
        })
    }

    fn create_session(&self, session: SessionRow) -> Answer<'_, ()> {
        self.write(Write::Session(session))
    }

    fn session(&self, id_hash: &str) -> Answer<'_, Option<SessionRow>> {
        let id_hash = id_hash.to_string();
        self.read(move |c| {
            c.query_row(
                "SELECT id_hash, player_id, csrf, created_ms, expires_ms, ended_ms FROM sessions WHERE id_hash = ?1",
                [&id_hash],
                |r| {
                    Ok(SessionRow {
                        id_hash: r.get(0)?,
                        player: r.get(1)?,
                        csrf: r.get(2)?,
                        created_ms: as_u64(r.get(3)?),
                        expires_ms: as_u64(r.get(4)?),
                        ended_ms: r.get::<_, Option<i64>>(5)?.map(as_u64),
                    })
                },
            )
            .optional()
        })
    }

    fn end_session(&self, id_hash: &str, ms: u64) -> Answer<'_, ()> {
        self.write(Write::EndSession(id_hash.to_string(), ms))
    }

    fn set_presence(&self, game: &str, server: &str, seats: Seats) -> Answer<'_, ()> {
        self.write(Write::Presence {
            game: game.to_string(),
            server: server.to_string(),
            seats,
        })
    }

    fn presence(&self, game: &str, server: &str, stale: Duration) -> Answer<'_, Vec<Seats>> {
        let (game, server) = (game.to_string(), server.to_string());
        let since = as_i64(crate::room::wall_ms())
            .saturating_sub(i64::try_from(stale.as_millis()).unwrap_or(i64::MAX));
        self.read(move |c| {
            let mut q = c.prepare(
                "SELECT p.black, p.white FROM presence p JOIN servers s ON s.id = p.server_id WHERE p.game_id = ?1 AND p.server_id <> ?2 AND s.alive_ms >= ?3",
            )?;
            q.query_map(params![game, server, since], |r| {
                Ok(Seats {
                    connected: [r.get(0)?, r.get(1)?],
                })
            })?
            .collect()
        })
    }

    fn server_alive(&self, server: &str, ms: u64) -> Answer<'_, ()> {
        self.write(Write::ServerAlive(server.to_string(), ms))
    }

    fn live_servers(&self, stale: Duration) -> Answer<'_, Vec<(String, u64)>> {
        let since = as_i64(crate::room::wall_ms())
            .saturating_sub(i64::try_from(stale.as_millis()).unwrap_or(i64::MAX));
        self.read(move |c| {
            let mut q =
                c.prepare("SELECT id, alive_ms FROM servers WHERE alive_ms >= ?1 ORDER BY id")?;
            q.query_map([since], |r| Ok((r.get(0)?, as_u64(r.get(1)?))))?
                .collect()
        })
    }

    fn purge(&self, now_ms: u64) -> Answer<'_, ()> {
        self.write(Write::Purge(now_ms))
    }

    fn set_bot_token(&self, player: &str, token_hash: &str) -> Answer<'_, ()> {
        self.write(Write::BotToken {
            player: player.to_string(),
            hash: token_hash.to_string(),
        })
    }

    fn player_by_token(&self, token_hash: &str) -> Answer<'_, Option<PlayerRow>> {
        let hash = token_hash.to_string();
        self.read(move |c| {
            c.query_row(
                &format!("{PLAYER} WHERE token_hash = ?1 AND bot"),
                [&hash],
                player_row,
            )
            .optional()
        })
    }

    fn create_challenge(&self, challenge: ChallengeRow) -> Answer<'_, ()> {
        self.write(Write::Challenge(challenge))
    }

    fn challenge(&self, id: &str) -> Answer<'_, Option<ChallengeRow>> {
        let id = id.to_string();
        self.read(move |c| {
            c.query_row(
                &format!("{CHALLENGE} WHERE c.id = ?1"),
                [&id],
                challenge_row,
            )
            .optional()
        })
    }

    fn open_challenges(&self, player: Option<&str>) -> Answer<'_, Vec<ChallengeRow>> {
        let player = player.map(str::to_string);
        self.read(move |c| {
            let mut q = c.prepare_cached(&format!(
                "{CHALLENGE} WHERE c.status = 'open' AND ((?1 IS NULL AND c.to_player IS NULL) OR c.from_player = ?1 OR c.to_player = ?1) ORDER BY c.created_ms, c.id LIMIT 200"
            ))?;
            q.query_map([&player], challenge_row)?.collect()
        })
    }

    fn close_challenge(&self, id: &str, status: &str, game: Option<GameRow>) -> Answer<'_, bool> {
        let (id, status) = (id.to_string(), status.to_string());
        Box::pin(async move {
            let made = game.as_ref().map(|g| g.id.clone());
            self.write(Write::CloseChallenge {
                id: id.clone(),
                status: status.clone(),
                game,
            })
            .await?;
            Ok(self
                .challenge(&id)
                .await?
                .is_some_and(|c| c.status == status && c.game == made))
        })
    }

    fn games_of(&self, player: &str) -> Answer<'_, Vec<(String, String)>> {
        let player = player.to_string();
        self.read(move |c| {
            let mut q = c.prepare_cached(GAMES_OF)?;
            q.query_map([&player], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect()
        })
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        // One process per file: nobody else to hear from.
        None
    }
}

fn apply(c: &Connection, write: &Write) -> Result<(), StoreError> {
    match write {
        Write::Game(g) => insert_game(c, g)?,
        Write::BotToken { player, hash } => {
            c.execute(
                "UPDATE players SET bot = TRUE, token_hash = ?2 WHERE id = ?1",
                params![player, hash],
            )?;
        }
        Write::Challenge(ch) => {
            c.execute(
                "INSERT INTO challenges (id, from_player, to_player, spec, choose_orientation, clock, seat, rated, created_ms, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open')",
                params![ch.id, ch.from, ch.to, ch.spec, ch.choose_orientation, ch.clock, ch.seat, ch.rated, as_i64(ch.created_ms)],
            )?;
        }
        Write::CloseChallenge { id, status, game } => {
            let closed = c.execute(
                "UPDATE challenges SET status = ?2 WHERE id = ?1 AND status = 'open'",
                params![id, status],
            )?;
            if let (1, Some(g)) = (closed, game) {
                insert_game(c, g)?;
                c.execute(
                    "UPDATE challenges SET game_id = ?2 WHERE id = ?1",
                    params![id, g.id],
                )?;
            }
        }
        Write::Event {
            game,
            event: e,
            finish,
        } => {
            let inserted = c.execute(
                "INSERT INTO events (game_id, n, kind, player, action, at_ms, black_ms, white_ms, paused_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![game, as_i64(e.n), e.kind, e.player, e.action, as_i64(e.at_ms), as_i64(e.clocks[0]), as_i64(e.clocks[1]), e.paused_ms.map(as_i64)],
            );
            if let Err(rusqlite::Error::SqliteFailure(f, _)) = &inserted {
                if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY {
                    return Err(StoreError::Conflict {
                        game: game.clone(),
                        n: e.n,
                    });
                }
            }
            inserted?;
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
        Write::Presence {
            game,
            server,
            seats,
        } => {
            c.execute(
                "INSERT INTO presence (game_id, server_id, black, white) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id, server_id) DO UPDATE SET black = excluded.black, white = excluded.white",
                params![game, server, seats.connected[0], seats.connected[1]],
            )?;
        }
        Write::Offer { game, player } => {
            c.execute(
                "INSERT INTO offers (game_id, player) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
                params![game, player],
            )?;
        }
        Write::Bind { game, seat, player } => {
            c.execute(
                &format!(
                    "UPDATE games SET {seat}_player = COALESCE({seat}_player, ?2) WHERE id = ?1"
                ),
                params![game, player],
            )?;
        }
        Write::Rate(r) => {
            let fresh = c.execute(
                "UPDATE games SET rated_ms = ?2 WHERE id = ?1 AND rated AND rated_ms IS NULL",
                params![r.id, as_i64(r.at_ms)],
            )?;
            if fresh == 1 {
                let before = [
                    rating_of(c, &r.players[0], &r.kind)?,
                    rating_of(c, &r.players[1], &r.kind)?,
                ];
                let after = (r.update)(before, r.black_score);
                for (player, a) in r.players.iter().zip(after) {
                    c.execute(
                        "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (player_id, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games",
                        params![player, r.kind, a.rating, a.deviation, a.volatility, a.games],
                    )?;
                    c.execute(
                        "INSERT INTO rating_history (player_id, game, game_id, at_ms, rating, deviation) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![player, r.kind, r.id, as_i64(r.at_ms), a.rating, a.deviation],
                    )?;
                }
            }
        }
        Write::Player(p) => {
            c.execute(
                "INSERT INTO players (id, name, name_key, password, created_ms, bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (name_key) DO NOTHING",
                params![p.id, p.name, p.name.to_lowercase(), p.password, as_i64(p.created_ms), p.bot],
            )?;
        }
        Write::Session(s) => {
            c.execute(
                "INSERT INTO sessions (id_hash, player_id, csrf, created_ms, expires_ms, ended_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![s.id_hash, s.player, s.csrf, as_i64(s.created_ms), as_i64(s.expires_ms), s.ended_ms.map(as_i64)],
            )?;
        }
        Write::Purge(now) => {
            let (now, silent) = (as_i64(*now), as_i64(now.saturating_sub(HOUR_MS)));
            c.execute(
                "DELETE FROM sessions WHERE expires_ms <= ?1 OR ended_ms IS NOT NULL",
                [now],
            )?;
            c.execute(
                "DELETE FROM presence WHERE server_id IN (SELECT id FROM servers WHERE alive_ms < ?1)",
                [silent],
            )?;
            c.execute("DELETE FROM servers WHERE alive_ms < ?1", [silent])?;
            c.execute(
                "DELETE FROM challenges WHERE created_ms < ?1",
                [now.saturating_sub(as_i64(CHALLENGE_LIFE_MS))],
            )?;
        }
        Write::EndSession(id_hash, ms) => {
            c.execute(
                "UPDATE sessions SET ended_ms = ?2 WHERE id_hash = ?1 AND ended_ms IS NULL",
                params![id_hash, as_i64(*ms)],
            )?;
        }
        Write::ServerAlive(server, ms) => {
            c.execute(
                "INSERT INTO servers (id, alive_ms) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
                params![server, as_i64(*ms)],
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
            sp.commit().map_err(StoreError::from)
        })();
        results.push(one);
    }
    if let Err(e) = tx.commit() {
        let e = StoreError::from(e);
        return group.iter().map(|_| Err(e.clone())).collect();
    }
    results
}
