//! The shared store: PostgreSQL, for any number of server processes on one
//! database. Each write is one statement (its own transaction, synced by
//! PostgreSQL's commit); a trigger announces every stored event and every
//! change of presence with NOTIFY, and one connection per process LISTENs
//! and hands the notices to the rooms.

use std::str::FromStr;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::broadcast;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, NoTls, Row};

use super::{
    Answer, ArchiveQuery, ArchiveRow, Backend, CHALLENGE_LIFE_MS, ChallengeRow, EventRow, Finish,
    GameRow, HistoryRow, MIGRATIONS, Notice, PlayerRow, RateGame, RatingRow, SCHEMA_VERSION, Seats,
    SessionRow, StoreError, as_i64, as_u64,
};

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        // The server's own message says what went wrong; the client
        // library's alone is often only "db error".
        match e.as_db_error() {
            Some(db) => StoreError::Failed(format!("{}: {}", db.severity(), db.message())),
            None => StoreError::Failed(e.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        match e {
            deadpool_postgres::PoolError::Backend(e) => StoreError::from(e),
            e => StoreError::Failed(format!("no connection to the database: {e}")),
        }
    }
}

/// What PostgreSQL adds to each migration: the triggers that announce
/// stored events, presence and offers to the other processes (SQLite
/// serves one process, which needs none).
const NOTICES_SQL: [&str; SCHEMA_VERSION as usize] = [
    "

",
    "
CREATE FUNCTION kk_event_stored() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kk_events', NEW.game_id || ' ' || NEW.n);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER kk_event_stored AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION kk_event_stored();
CREATE FUNCTION kk_presence_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kk_presence', NEW.game_id);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER kk_presence_changed AFTER INSERT OR UPDATE ON presence
    FOR EACH ROW EXECUTE FUNCTION kk_presence_changed();
",
    "
CREATE FUNCTION kk_offered() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('kk_offers', NEW.game_id);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER kk_offered AFTER INSERT ON offers
    FOR EACH ROW EXECUTE FUNCTION kk_offered();
CREATE FUNCTION kk_rematch_made() RETURNS trigger AS $$
BEGIN
    IF NEW.rematch_of IS NOT NULL THEN
        PERFORM pg_notify('kk_offers', NEW.rematch_of);
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER kk_rematch_made AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION kk_rematch_made();
",
    "

",
    "

",
];

/// Any number taken by every server process migrating this schema, so that
/// processes starting together migrate one after the other.
const MIGRATION_LOCK: i64 = 0x6b6b_7365_7276;

/// Connections per process: enough writes in flight to share PostgreSQL's
/// syncs, few enough not to crowd its backends on a small machine (the
/// measurements: docs/server.md).
const POOL: usize = 16;

/// How many notices a process may fall behind before it must catch up
/// every game (a `Resync`).
const NOTICES: usize = 4096;

pub(super) struct Postgres {
    pool: Pool,
    notices: broadcast::Sender<Notice>,
}

async fn migrate(client: &mut deadpool_postgres::Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS kk_schema (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)",
    )
    .await?;
    let version: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM kk_schema", &[])
        .await?
        .get(0);
    let version = u32::try_from(version).unwrap_or(0);
    if version > SCHEMA_VERSION {
        return Err(StoreError::Failed(format!(
            "the database's schema is version {version}, newer than this server's {SCHEMA_VERSION}: run a newer server"
        )));
    }
    for (from, (sql, notices)) in MIGRATIONS
        .iter()
        .zip(NOTICES_SQL)
        .enumerate()
        .skip(version as usize)
    {
        tx.batch_execute(sql).await?;
        tx.batch_execute(notices).await?;
        let to = i32::try_from(from + 1).unwrap_or(i32::MAX);
        tx.execute(
            "INSERT INTO kk_schema (version, applied_ms) VALUES ($1, $2)",
            &[&to, &as_i64(crate::room::wall_ms())],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Listens for the other processes' notices on a connection of its own,
/// forever: a lost connection is made again, and the rooms told to catch
/// up (`Resync`), since notices sent meanwhile are lost.
async fn listen(
    config: tokio_postgres::Config,
    notices: broadcast::Sender<Notice>,
    ready: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
) {
    let mut ready = Some(ready);
    loop {
        let connected = config.connect(NoTls).await;
        let (client, mut connection) = match connected {
            Ok(pair) => pair,
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(StoreError::from(e)));
                    return;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        let forward = notices.clone();
        let driver = tokio::spawn(async move {
            while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                let Ok(AsyncMessage::Notification(n)) = message else {
                    if message.is_err() {
                        break;
                    }
                    continue;
                };
                let notice = match n.channel() {
                    "kk_events" => n.payload().rsplit_once(' ').and_then(|(game, number)| {
                        Some(Notice::Appended {
                            game: game.to_string(),
                            n: number.parse().ok()?,
                        })
                    }),
                    "kk_presence" => Some(Notice::Presence {
                        game: n.payload().to_string(),
                    }),
                    "kk_offers" => Some(Notice::Offers {
                        game: n.payload().to_string(),
                    }),
                    _ => None,
                };
                if let Some(notice) = notice {
                    let _ = forward.send(notice);
                }
            }
        });
        match client
            .batch_execute("LISTEN kk_events; LISTEN kk_presence; LISTEN kk_offers")
            .await
        {
            Ok(()) => match ready.take() {
                Some(ready) => {
                    let _ = ready.send(Ok(()));
                }
                None => {
                    let _ = notices.send(Notice::Resync);
                }
            },
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(StoreError::from(e)));
                    return;
                }
            }
        }
        let _ = driver.await;
        drop(client);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

impl Postgres {
    /// Connects, migrates, and starts listening.
    pub(super) async fn open(url: &str, busy: Duration) -> Result<Postgres, StoreError> {
        let mut config = tokio_postgres::Config::from_str(url)
            .map_err(|e| StoreError::Failed(format!("not a PostgreSQL URL: {e}")))?;
        config.connect_timeout(busy);
        // A write waits at most `busy` for a lock another session holds.
        let lock = format!("-c lock_timeout={}", busy.as_millis());
        let options = match config.get_options() {
            Some(theirs) => format!("{theirs} {lock}"),
            None => lock,
        };
        config.options(options);
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(busy))
            .create_timeout(Some(busy))
            .build()
            .map_err(|e| StoreError::Failed(e.to_string()))?;
        let mut client = pool.get().await?;
        migrate(&mut client).await?;
        drop(client);
        let (notices, _) = broadcast::channel(NOTICES);
        let (ready, listening) = tokio::sync::oneshot::channel();
        tokio::spawn(listen(config, notices.clone(), ready));
        listening
            .await
            .map_err(|_| StoreError::Failed("the listener stopped".into()))??;
        Ok(Postgres { pool, notices })
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        Ok(self.pool.get().await?)
    }

    /// One statement on a connection of the pool: the rows changed.
    async fn execute(&self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        Ok(self.client().await?.execute(sql, params).await?)
    }

    /// One query on a connection of the pool: its rows.
    async fn query(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, StoreError> {
        Ok(self.client().await?.query(sql, params).await?)
    }

    /// One query on a connection of the pool: its row, if any.
    async fn query_opt(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, StoreError> {
        Ok(self.client().await?.query_opt(sql, params).await?)
    }
}

fn game_row(r: &Row) -> GameRow {
    GameRow {
        id: r.get(0),
        spec: r.get(1),
        choose_orientation: r.get(2),
        clock: r.get(3),
        tokens: [r.get(4), r.get(5), r.get(6)],
        created_ms: as_u64(r.get(7)),
        rematch_of: r.get(8),
        owners: [r.get(9), r.get(10)],
        rated: r.get(11),
    }
}

const ARCHIVE: &str = "SELECT g.id, g.spec, b.name, w.name, g.result, g.termination, g.finished_ms, g.rated FROM games g LEFT JOIN players b ON b.id = g.black_player LEFT JOIN players w ON w.id = g.white_player WHERE g.finished_ms IS NOT NULL AND ($1::TEXT IS NULL OR g.black_player = $1 OR g.white_player = $1) AND ($2::TEXT IS NULL OR g.spec = $2 OR g.spec LIKE $2 || ' %') AND ($3::TEXT IS NULL OR g.spec = $3) AND ($4::BIGINT IS NULL OR g.finished_ms >= $4) AND ($5::BIGINT IS NULL OR g.finished_ms < $5) AND ($6::BIGINT IS NULL OR g.finished_ms < $6) ORDER BY g.finished_ms DESC, g.id DESC LIMIT $7";

fn archive_row(r: &Row) -> ArchiveRow {
    ArchiveRow {
        id: r.get(0),
        spec: r.get(1),
        names: [r.get(2), r.get(3)],
        result: r.get(4),
        termination: r.get(5),
        finished_ms: as_u64(r.get(6)),
        rated: r.get(7),
    }
}

fn rating_row(r: &Row) -> RatingRow {
    RatingRow {
        rating: r.get(0),
        deviation: r.get(1),
        volatility: r.get(2),
        games: u32::try_from(r.get::<_, i32>(3)).unwrap_or(0),
    }
}

fn player_row(r: &Row) -> PlayerRow {
    PlayerRow {
        id: r.get(0),
        name: r.get(1),
        password: r.get(2),
        created_ms: as_u64(r.get(3)),
        bot: r.get(4),
    }
}

const PLAYER: &str = "SELECT id, name, password, created_ms, bot FROM players";

fn challenge_row(r: &Row) -> ChallengeRow {
    ChallengeRow {
        id: r.get(0),
        from: r.get(1),
        to: r.get(2),
        spec: r.get(3),
        choose_orientation: r.get(4),
        clock: r.get(5),
        seat: r.get(6),
        rated: r.get(7),
        created_ms: as_u64(r.get(8)),
        status: r.get(9),
        game: r.get(10),
        names: [r.get(11), r.get(12)],
    }
}

const CHALLENGE: &str = "SELECT c.id, c.from_player, c.to_player, c.spec, c.choose_orientation, c.clock, c.seat, c.rated, c.created_ms, c.status, c.game_id, f.name, t.name FROM challenges c JOIN players f ON f.id = c.from_player LEFT JOIN players t ON t.id = c.to_player";

/// Stores a new game through `client` (a connection, or a transaction).
async fn insert_game(
    client: &impl deadpool_postgres::GenericClient,
    g: &GameRow,
) -> Result<u64, tokio_postgres::Error> {
    client
        .execute(
            INSERT_GAME,
            &[
                &g.id,
                &g.spec,
                &g.choose_orientation,
                &g.clock,
                &g.tokens[0],
                &g.tokens[1],
                &g.tokens[2],
                &as_i64(g.created_ms),
                &g.rematch_of,
                &g.owners[0],
                &g.owners[1],
                &g.rated,
            ],
        )
        .await
}

const INSERT_GAME: &str = "INSERT INTO games (id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of, black_player, white_player, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

fn event_row(r: &Row) -> EventRow {
    EventRow {
        n: as_u64(r.get(0)),
        kind: r.get(1),
        player: r.get(2),
        action: r.get(3),
        at_ms: as_u64(r.get(4)),
        clocks: [as_u64(r.get(5)), as_u64(r.get(6))],
        paused_ms: r.get::<_, Option<i64>>(7).map(as_u64),
    }
}

const EVENTS: &str = "SELECT n, kind, player, action, at_ms, black_ms, white_ms, paused_ms FROM events WHERE game_id = $1 AND n > $2 ORDER BY n";

impl Backend for Postgres {
    fn name(&self) -> &'static str {
        "postgres"
    }

    fn create_game(&self, g: GameRow) -> Answer<'_, ()> {
        Box::pin(async move {
            insert_game(&self.client().await?, &g).await?;
            Ok(())
        })
    }

    fn append(&self, game: &str, e: EventRow, finish: Option<Finish>) -> Answer<'_, ()> {
        let game = game.to_string();
        Box::pin(async move {
            let (result, termination, record) = match finish {
                Some(f) => (Some(f.result), Some(f.termination), Some(f.record)),
                None => (None, None, None),
            };
            // One statement, so one transaction: the event and the game's
            // end are stored together or not at all.
            let stored = self
                .client()
                .await?
                .execute(
                    "WITH e AS (INSERT INTO events (game_id, n, kind, player, action, at_ms, black_ms, white_ms, paused_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING game_id)
                     UPDATE games SET finished_ms = $6, result = $10, termination = $11, record = $12
                     WHERE id = $1 AND $10::TEXT IS NOT NULL AND EXISTS (SELECT 1 FROM e)",
                    &[&game, &as_i64(e.n), &e.kind, &e.player, &e.action, &as_i64(e.at_ms), &as_i64(e.clocks[0]), &as_i64(e.clocks[1]), &e.paused_ms.map(as_i64), &result, &termination, &record],
                )
                .await;
            match stored {
                Ok(_) => Ok(()),
                Err(err)
                    if err.code() == Some(&SqlState::UNIQUE_VIOLATION)
                        && err.as_db_error().and_then(|d| d.constraint())
                            == Some("events_pkey") =>
                {
                    Err(StoreError::Conflict { game, n: e.n })
                }
                Err(err) => Err(err.into()),
            }
        })
    }

    fn heartbeat(&self, ms: u64) -> Answer<'_, ()> {
        Box::pin(async move {
            self.execute(
                    "INSERT INTO meta (key, value) VALUES ('heartbeat', $1) ON CONFLICT (key) DO UPDATE SET value = GREATEST(meta.value, excluded.value)",
                    &[&as_i64(ms)],
                )
                .await?;
            Ok(())
        })
    }

    fn last_heartbeat(&self) -> Answer<'_, Option<u64>> {
        Box::pin(async move {
            let row = self
                .query_opt("SELECT value FROM meta WHERE key = 'heartbeat'", &[])
                .await?;
            Ok(row.map(|r| as_u64(r.get(0))))
        })
    }

    fn game_of_token(&self, token: &str) -> Answer<'_, Option<String>> {
        let token = token.to_string();
        Box::pin(async move {
            let row = self.query_opt(
                    "SELECT id FROM games WHERE black_token = $1 OR white_token = $1 OR spectator_token = $1",
                    &[&token],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn rematch_of(&self, id: &str) -> Answer<'_, Option<(String, [String; 3])>> {
        let id = id.to_string();
        Box::pin(async move {
            let row = self.query_opt(
                    "SELECT id, black_token, white_token, spectator_token FROM games WHERE rematch_of = $1",
                    &[&id],
                )
                .await?;
            Ok(row.map(|r| (r.get(0), [r.get(1), r.get(2), r.get(3)])))
        })
    }

    fn unfinished(&self) -> Answer<'_, Vec<String>> {
        Box::pin(async move {
            let rows = self
                .query(
                    "SELECT id FROM games WHERE finished_ms IS NULL ORDER BY created_ms, id",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn load(&self, id: &str) -> Answer<'_, Option<(GameRow, Vec<EventRow>)>> {
        let id = id.to_string();
        Box::pin(async move {
            let client = self.client().await?;
            let Some(game) = client
                .query_opt(
                    "SELECT id, spec, choose_orientation, clock, black_token, white_token, spectator_token, created_ms, rematch_of, black_player, white_player, rated FROM games WHERE id = $1",
                    &[&id],
                )
                .await?
            else {
                return Ok(None);
            };
            let events = client.query(EVENTS, &[&id, &0i64]).await?;
            Ok(Some((
                game_row(&game),
                events.iter().map(event_row).collect(),
            )))
        })
    }

    fn events_after(&self, id: &str, n: u64) -> Answer<'_, Vec<EventRow>> {
        let id = id.to_string();
        Box::pin(async move {
            let rows = self.query(EVENTS, &[&id, &as_i64(n)]).await?;
            Ok(rows.iter().map(event_row).collect())
        })
    }

    fn offer_rematch(&self, game: &str, player: &str) -> Answer<'_, ()> {
        let (game, player) = (game.to_string(), player.to_string());
        Box::pin(async move {
            self.execute(
                "INSERT INTO offers (game_id, player) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&game, &player],
            )
            .await?;
            Ok(())
        })
    }

    fn offers(&self, game: &str) -> Answer<'_, Vec<String>> {
        let game = game.to_string();
        Box::pin(async move {
            let rows = self
                .query(
                    "SELECT player FROM offers WHERE game_id = $1 ORDER BY player",
                    &[&game],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn rate_game(&self, r: RateGame) -> Answer<'_, [RatingRow; 2]> {
        Box::pin(async move {
            let mut client = self.client().await?;
            let tx = client.transaction().await?;
            let fresh = tx
                .execute(
                    "UPDATE games SET rated_ms = $2 WHERE id = $1 AND rated AND rated_ms IS NULL",
                    &[&r.id, &as_i64(r.at_ms)],
                )
                .await?;
            // Both rows made and locked in one order, so that two games of
            // the same players ending together wait rather than deadlock.
            let mut order = [0, 1];
            order.sort_by(|&a, &b| r.players[a].cmp(&r.players[b]));
            let start = crate::ratings::START;
            let mut before = [start; 2];
            for i in order {
                tx.execute(
                    "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
                    &[&r.players[i], &r.kind, &start.rating, &start.deviation, &start.volatility],
                )
                .await?;
                let row = tx
                    .query_one(
                        "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND game = $2 FOR UPDATE",
                        &[&r.players[i], &r.kind],
                    )
                    .await?;
                before[i] = rating_row(&row);
            }
            if fresh != 1 {
                tx.commit().await?;
                return Ok(before);
            }
            let after = (r.update)(before, r.black_score);
            for (player, a) in r.players.iter().zip(after) {
                let games = i32::try_from(a.games).unwrap_or(i32::MAX);
                tx.execute(
                    "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6 WHERE player_id = $1 AND game = $2",
                    &[player, &r.kind, &a.rating, &a.deviation, &a.volatility, &games],
                )
                .await?;
                tx.execute(
                    "INSERT INTO rating_history (player_id, game, game_id, at_ms, rating, deviation) VALUES ($1, $2, $3, $4, $5, $6)",
                    &[player, &r.kind, &r.id, &as_i64(r.at_ms), &a.rating, &a.deviation],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(after)
        })
    }

    fn unrated(&self) -> Answer<'_, Vec<String>> {
        Box::pin(async move {
            let rows = self.query(
                    "SELECT id FROM games WHERE rated AND rated_ms IS NULL AND finished_ms IS NOT NULL AND black_player IS NOT NULL AND white_player IS NOT NULL ORDER BY finished_ms, id",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn ratings(&self, player: &str) -> Answer<'_, Vec<(String, RatingRow)>> {
        let player = player.to_string();
        Box::pin(async move {
            let rows = self.query(
                    "SELECT rating, deviation, volatility, games, game FROM ratings WHERE player_id = $1 AND games > 0 ORDER BY game",
                    &[&player],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get(4), rating_row(r))).collect())
        })
    }

    fn rating_history(&self, player: &str, kind: &str) -> Answer<'_, Vec<HistoryRow>> {
        let (player, kind) = (player.to_string(), kind.to_string());
        Box::pin(async move {
            let rows = self.query(
                    "SELECT game_id, at_ms, rating, deviation FROM rating_history WHERE player_id = $1 AND game = $2 ORDER BY at_ms, game_id",
                    &[&player, &kind],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| HistoryRow {
                    game: r.get(0),
                    at_ms: as_u64(r.get(1)),
                    rating: r.get(2),
                    deviation: r.get(3),
                })
                .collect())
        })
    }

    fn archive(&self, q: ArchiveQuery) -> Answer<'_, Vec<ArchiveRow>> {
        Box::pin(async move {
            let limit = i64::from(q.limit);
            let rows = self
                .query(
                    ARCHIVE,
                    &[
                        &q.player,
                        &q.game,
                        &q.variant,
                        &q.from_ms.map(as_i64),
                        &q.to_ms.map(as_i64),
                        &q.before_ms.map(as_i64),
                        &limit,
                    ],
                )
                .await?;
            Ok(rows.iter().map(archive_row).collect())
        })
    }

    fn archived(&self, id: &str) -> Answer<'_, Option<(ArchiveRow, String)>> {
        let id = id.to_string();
        Box::pin(async move {
            let row = self.query_opt(
                    "SELECT g.id, g.spec, b.name, w.name, g.result, g.termination, g.finished_ms, g.rated, g.record FROM games g LEFT JOIN players b ON b.id = g.black_player LEFT JOIN players w ON w.id = g.white_player WHERE g.id = $1 AND g.finished_ms IS NOT NULL",
                    &[&id],
                )
                .await?;
            Ok(row.map(|r| (archive_row(&r), r.get(8))))
        })
    }

    fn bind_seat(&self, game: &str, seat: &str, player: &str) -> Answer<'_, Option<String>> {
        let (game, player) = (game.to_string(), player.to_string());
        let sql = match seat {
            "black" => {
                "UPDATE games SET black_player = COALESCE(black_player, $2) WHERE id = $1 RETURNING black_player"
            }
            "white" => {
                "UPDATE games SET white_player = COALESCE(white_player, $2) WHERE id = $1 RETURNING white_player"
            }
            _ => {
                let e = StoreError::Failed(format!("no seat {seat}"));
                return Box::pin(async move { Err(e) });
            }
        };
        Box::pin(async move {
            let row = self.query_opt(sql, &[&game, &player]).await?;
            Ok(row.and_then(|r| r.get(0)))
        })
    }

    fn seat_owners(&self, game: &str) -> Answer<'_, [Option<String>; 2]> {
        let game = game.to_string();
        Box::pin(async move {
            let row = self
                .query_opt(
                    "SELECT black_player, white_player FROM games WHERE id = $1",
                    &[&game],
                )
                .await?;
            Ok(row.map_or([None, None], |r| [r.get(0), r.get(1)]))
        })
    }

    fn create_player(&self, p: PlayerRow) -> Answer<'_, bool> {
        Box::pin(async move {
            let made = self.execute(
                    "INSERT INTO players (id, name, name_key, password, created_ms, bot) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
                    &[&p.id, &p.name, &p.name.to_lowercase(), &p.password, &as_i64(p.created_ms), &p.bot],
                )
                .await?;
            Ok(made == 1)
        })
    }

    fn player_by_name(&self, name: &str) -> Answer<'_, Option<PlayerRow>> {
        let key = name.to_lowercase();
        Box::pin(async move {
            let row = self
                .query_opt(&format!("{PLAYER} WHERE name_key = $1"), &[&key])
                .await?;
            Ok(row.as_ref().map(player_row))
        })
    }

    fn player(&self, id: &str) -> Answer<'_, Option<PlayerRow>> {
        let id = id.to_string();
        Box::pin(async move {
            let row = self
                .query_opt(&format!("{PLAYER} WHERE id = $1"), &[&id])
                .await?;
            Ok(row.as_ref().map(player_row))
        })
    }

    fn create_session(&self, s: SessionRow) -> Answer<'_, ()> {
        Box::pin(async move {
            self.execute(
                    "INSERT INTO sessions (id_hash, player_id, csrf, created_ms, expires_ms, ended_ms) VALUES ($1, $2, $3, $4, $5, $6)",
                    &[&s.id_hash, &s.player, &s.csrf, &as_i64(s.created_ms), &as_i64(s.expires_ms), &s.ended_ms.map(as_i64)],
                )
                .await?;
            Ok(())
        })
    }

    fn session(&self, id_hash: &str) -> Answer<'_, Option<SessionRow>> {
        let id_hash = id_hash.to_string();
        Box::pin(async move {
            let row = self.query_opt(
                    "SELECT id_hash, player_id, csrf, created_ms, expires_ms, ended_ms FROM sessions WHERE id_hash = $1",
                    &[&id_hash],
                )
                .await?;
            Ok(row.map(|r| SessionRow {
                id_hash: r.get(0),
                player: r.get(1),
                csrf: r.get(2),
                created_ms: as_u64(r.get(3)),
                expires_ms: as_u64(r.get(4)),
                ended_ms: r.get::<_, Option<i64>>(5).map(as_u64),
            }))
        })
    }

    fn end_session(&self, id_hash: &str, ms: u64) -> Answer<'_, ()> {
        let id_hash = id_hash.to_string();
        Box::pin(async move {
            self.execute(
                "UPDATE sessions SET ended_ms = $2 WHERE id_hash = $1 AND ended_ms IS NULL",
                &[&id_hash, &as_i64(ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn set_presence(&self, game: &str, server: &str, seats: Seats) -> Answer<'_, ()> {
        let (game, server) = (game.to_string(), server.to_string());
        Box::pin(async move {
            let [black, white] = seats
                .connected
                .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
            self.execute(
                    "INSERT INTO presence (game_id, server_id, black, white) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, server_id) DO UPDATE SET black = excluded.black, white = excluded.white",
                    &[&game, &server, &black, &white],
                )
                .await?;
            Ok(())
        })
    }

    fn presence(&self, game: &str, server: &str, stale: Duration) -> Answer<'_, Vec<Seats>> {
        let (game, server) = (game.to_string(), server.to_string());
        let since = as_i64(crate::room::wall_ms())
            .saturating_sub(i64::try_from(stale.as_millis()).unwrap_or(i64::MAX));
        Box::pin(async move {
            let rows = self.query(
                    "SELECT p.black, p.white FROM presence p JOIN servers s ON s.id = p.server_id WHERE p.game_id = $1 AND p.server_id <> $2 AND s.alive_ms >= $3",
                    &[&game, &server, &since],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| Seats {
                    connected: [r.get::<_, i32>(0), r.get::<_, i32>(1)]
                        .map(|n| u32::try_from(n).unwrap_or(0)),
                })
                .collect())
        })
    }

    fn server_alive(&self, server: &str, ms: u64) -> Answer<'_, ()> {
        let server = server.to_string();
        Box::pin(async move {
            self.execute(
                    "INSERT INTO servers (id, alive_ms) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
                    &[&server, &as_i64(ms)],
                )
                .await?;
            Ok(())
        })
    }

    fn live_servers(&self, stale: Duration) -> Answer<'_, Vec<(String, u64)>> {
        let since = as_i64(crate::room::wall_ms())
            .saturating_sub(i64::try_from(stale.as_millis()).unwrap_or(i64::MAX));
        Box::pin(async move {
            let rows = self
                .query(
                    "SELECT id, alive_ms FROM servers WHERE alive_ms >= $1 ORDER BY id",
                    &[&since],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get(0), as_u64(r.get(1)))).collect())
        })
    }

    fn purge(&self, now_ms: u64) -> Answer<'_, ()> {
        Box::pin(async move {
            let (now, silent) = (as_i64(now_ms), as_i64(now_ms.saturating_sub(3_600_000)));
            let client = self.client().await?;
            client
                .execute(
                    "DELETE FROM sessions WHERE expires_ms <= $1 OR ended_ms IS NOT NULL",
                    &[&now],
                )
                .await?;
            client
                .execute(
                    "DELETE FROM presence WHERE server_id IN (SELECT id FROM servers WHERE alive_ms < $1)",
                    &[&silent],
                )
                .await?;
            client
                .execute("DELETE FROM servers WHERE alive_ms < $1", &[&silent])
                .await?;
            client
                .execute(
                    "DELETE FROM challenges WHERE created_ms < $1",
                    &[&as_i64(now_ms.saturating_sub(CHALLENGE_LIFE_MS))],
                )
                .await?;
            Ok(())
        })
    }

    fn set_bot_token(&self, player: &str, token_hash: &str) -> Answer<'_, ()> {
        let (player, hash) = (player.to_string(), token_hash.to_string());
        Box::pin(async move {
            self.execute(
                "UPDATE players SET bot = TRUE, token_hash = $2 WHERE id = $1",
                &[&player, &hash],
            )
            .await?;
            Ok(())
        })
    }

    fn player_by_token(&self, token_hash: &str) -> Answer<'_, Option<PlayerRow>> {
        let hash = token_hash.to_string();
        Box::pin(async move {
            let row = self
                .query_opt(&format!("{PLAYER} WHERE token_hash = $1 AND bot"), &[&hash])
                .await?;
            Ok(row.as_ref().map(player_row))
        })
    }

    fn create_challenge(&self, ch: ChallengeRow) -> Answer<'_, ()> {
        Box::pin(async move {
            self.execute(
                "INSERT INTO challenges (id, from_player, to_player, spec, choose_orientation, clock, seat, rated, created_ms, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open')",
                &[&ch.id, &ch.from, &ch.to, &ch.spec, &ch.choose_orientation, &ch.clock, &ch.seat, &ch.rated, &as_i64(ch.created_ms)],
            )
            .await?;
            Ok(())
        })
    }

    fn challenge(&self, id: &str) -> Answer<'_, Option<ChallengeRow>> {
        let id = id.to_string();
        Box::pin(async move {
            let row = self
                .query_opt(&format!("{CHALLENGE} WHERE c.id = $1"), &[&id])
                .await?;
            Ok(row.as_ref().map(challenge_row))
        })
    }

    fn open_challenges(&self, player: Option<&str>) -> Answer<'_, Vec<ChallengeRow>> {
        let player = player.map(str::to_string);
        Box::pin(async move {
            let rows = self
                .query(
                    &format!("{CHALLENGE} WHERE c.status = 'open' AND (($1::TEXT IS NULL AND c.to_player IS NULL) OR c.from_player = $1 OR c.to_player = $1) ORDER BY c.created_ms, c.id LIMIT 200"),
                    &[&player],
                )
                .await?;
            Ok(rows.iter().map(challenge_row).collect())
        })
    }

    fn close_challenge(&self, id: &str, status: &str, game: Option<GameRow>) -> Answer<'_, bool> {
        let (id, status) = (id.to_string(), status.to_string());
        Box::pin(async move {
            let mut client = self.client().await?;
            let tx = client.transaction().await?;
            let closed = tx
                .execute(
                    "UPDATE challenges SET status = $2 WHERE id = $1 AND status = 'open'",
                    &[&id, &status],
                )
                .await?;
            if closed != 1 {
                return Ok(false);
            }
            if let Some(g) = game {
                insert_game(&tx, &g).await?;
                tx.execute(
                    "UPDATE challenges SET game_id = $2 WHERE id = $1",
                    &[&id, &g.id],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
    }

    fn games_of(&self, player: &str) -> Answer<'_, Vec<(String, String)>> {
        let player = player.to_string();
        Box::pin(async move {
            let rows = self
                .query(
                    "SELECT id, CASE WHEN black_player = $1 THEN 'black' ELSE 'white' END FROM games WHERE finished_ms IS NULL AND (black_player = $1 OR white_player = $1) ORDER BY created_ms, id",
                    &[&player],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }
}
