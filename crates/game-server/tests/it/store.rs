//! The store's contract, held by both implementations: the same checks
//! run on a SQLite file and on a PostgreSQL database. And what only a
//! shared store does: one process hears another's events.

use std::time::Duration;

use game_server::store::{
    Database, EventRow, Finish, GameRow, Notice, PlayerRow, SCHEMA_VERSION, Seats, SessionRow,
    Store, StoreError,
};

const BUSY: Duration = Duration::from_secs(5);

fn game(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        spec: "kamisado".into(),
        choose_orientation: false,
        clock: r#"{"type":"untimed"}"#.into(),
        tokens: [
            format!("{id}-black"),
            format!("{id}-white"),
            format!("{id}-spectator"),
        ],
        created_ms: 1_000,
        rematch_of: None,
        owners: [None, None],
        rated: false,
    }
}

fn event(n: u64, action: &str) -> EventRow {
    EventRow {
        n,
        kind: "act".into(),
        player: Some(if n % 2 == 1 { "black" } else { "white" }.into()),
        action: Some(action.into()),
        at_ms: 2_000 + n,
        // Beyond 2^32, to see that 64-bit values come back whole.
        clocks: [5_000_000_000 + n, 7],
        paused_ms: None,
    }
}

/// Everything a store owes the server, checked on `store`.
async fn contract(store: &Store) {
    assert_eq!(store.last_heartbeat().await.unwrap(), None);
    store.heartbeat(42).await.unwrap();
    store.heartbeat(43).await.unwrap();
    assert_eq!(store.last_heartbeat().await.unwrap(), Some(43));

    store.create_game(game("g1")).await.unwrap();
    // Ids and tokens are unique.
    assert!(store.create_game(game("g1")).await.is_err());
    for token in ["g1-black", "g1-white", "g1-spectator"] {
        assert_eq!(
            store.game_of_token(token).await.unwrap().as_deref(),
            Some("g1")
        );
    }
    assert_eq!(store.game_of_token("g1-").await.unwrap(), None);
    assert_eq!(store.load("nope").await.unwrap(), None);

    for (n, action) in [(1, "a7-a5"), (2, "h2-h4"), (3, "b7-b6")] {
        store.append("g1", event(n, action), None).await.unwrap();
    }
    // Event 2 again, and with a game's end: refused as a conflict, and
    // nothing of it stored.
    let finish = Finish {
        result: "1-0".into(),
        termination: "normal".into(),
        record: "[Result \"1-0\"]".into(),
    };
    assert_eq!(
        store
            .append("g1", event(2, "c7-c6"), Some(finish.clone()))
            .await,
        Err(StoreError::Conflict {
            game: "g1".into(),
            n: 2
        })
    );
    let (row, events) = store.load("g1").await.unwrap().unwrap();
    assert_eq!(row, game("g1"));
    assert_eq!(
        events,
        vec![event(1, "a7-a5"), event(2, "h2-h4"), event(3, "b7-b6")]
    );
    assert_eq!(
        store.events_after("g1", 1).await.unwrap(),
        vec![event(2, "h2-h4"), event(3, "b7-b6")]
    );
    assert_eq!(store.events_after("g1", 3).await.unwrap(), vec![]);
    assert_eq!(store.unfinished().await.unwrap(), vec!["g1".to_string()]);

    // An event of a game that does not exist is refused.
    assert!(store.append("nope", event(1, "a7-a5"), None).await.is_err());

    // The last event ends the game.
    store
        .append("g1", event(4, "g2-g3"), Some(finish))
        .await
        .unwrap();
    assert_eq!(store.unfinished().await.unwrap(), Vec::<String>::new());

    let mut rematch = game("g2");
    rematch.rematch_of = Some("g1".into());
    store.create_game(rematch).await.unwrap();
    assert_eq!(
        store.rematch_of("g1").await.unwrap(),
        Some((
            "g2".into(),
            ["g2-black".into(), "g2-white".into(), "g2-spectator".into()]
        ))
    );
    assert_eq!(store.rematch_of("g2").await.unwrap(), None);
    // One rematch a game.
    let mut again = game("g3");
    again.rematch_of = Some("g1".into());
    assert!(store.create_game(again).await.is_err());

    // Seats bound to accounts: once each, the first binding kept.
    let account = |name: &str| PlayerRow {
        id: format!("{name}-id"),
        name: name.into(),
        password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        created_ms: 5,
        bot: false,
    };
    assert!(store.create_player(account("Ann")).await.unwrap());
    assert!(store.create_player(account("Ben")).await.unwrap());
    // The name is taken whatever its case; nothing of the second stored.
    let mut again = account("ANN");
    again.id = "other-id".into();
    assert!(!store.create_player(again).await.unwrap());
    assert_eq!(
        store.player_by_name("aNN").await.unwrap(),
        Some(account("Ann"))
    );
    assert_eq!(store.player("other-id").await.unwrap(), None);
    assert_eq!(store.seat_owners("g2").await.unwrap(), [None, None]);
    assert_eq!(
        store.bind_seat("g2", "white", "Ben-id").await.unwrap(),
        Some("Ben-id".into())
    );
    assert_eq!(
        store.bind_seat("g2", "white", "Ann-id").await.unwrap(),
        Some("Ben-id".into())
    );
    assert!(store.bind_seat("g2", "red", "Ann-id").await.is_err());
    assert_eq!(
        store.seat_owners("g2").await.unwrap(),
        [None, Some("Ben-id".into())]
    );
    // Sessions: stored as given, ended once.
    let session = SessionRow {
        id_hash: "ab".repeat(32),
        player: "Ann-id".into(),
        csrf: "c".repeat(32),
        created_ms: 10,
        expires_ms: 20,
        ended_ms: None,
    };
    store.create_session(session.clone()).await.unwrap();
    assert_eq!(
        store.session(&session.id_hash).await.unwrap(),
        Some(session.clone())
    );
    store.end_session(&session.id_hash, 15).await.unwrap();
    store.end_session(&session.id_hash, 16).await.unwrap();
    assert_eq!(
        store
            .session(&session.id_hash)
            .await
            .unwrap()
            .unwrap()
            .ended_ms,
        Some(15)
    );
    assert_eq!(store.session("nope").await.unwrap(), None);
    // Purged: sessions ended or run out, and none other.
    let open = SessionRow {
        id_hash: "cd".repeat(32),
        expires_ms: u64::MAX / 4,
        ended_ms: None,
        ..session.clone()
    };
    let run_out = SessionRow {
        id_hash: "ef".repeat(32),
        expires_ms: 12,
        ended_ms: None,
        ..session.clone()
    };
    store.create_session(open.clone()).await.unwrap();
    store.create_session(run_out.clone()).await.unwrap();
    store.purge(13).await.unwrap();
    assert_eq!(store.session(&session.id_hash).await.unwrap(), None);
    assert_eq!(store.session(&run_out.id_hash).await.unwrap(), None);
    assert_eq!(store.session(&open.id_hash).await.unwrap(), Some(open));

    // Offers of a rematch: each seat once.
    store.offer_rematch("g2", "white").await.unwrap();
    store.offer_rematch("g2", "white").await.unwrap();
    store.offer_rematch("g2", "black").await.unwrap();
    assert_eq!(
        store.offers("g2").await.unwrap(),
        vec!["black".to_string(), "white".to_string()]
    );
    assert_eq!(store.offers("g1").await.unwrap(), Vec::<String>::new());

    // Presence: another live process's seats are seen, one's own are not,
    // and a process silent too long is taken for dead.
    let now = game_server::room::wall_ms();
    store.server_alive("p1", now).await.unwrap();
    store.server_alive("p2", now - 60_000).await.unwrap();
    let seats = |black, white| Seats {
        connected: [black, white],
    };
    store.set_presence("g2", "p1", seats(1, 0)).await.unwrap();
    store.set_presence("g2", "p1", seats(2, 1)).await.unwrap();
    store.set_presence("g2", "p2", seats(0, 3)).await.unwrap();
    let stale = Duration::from_secs(10);
    assert_eq!(
        store.presence("g2", "p3", stale).await.unwrap(),
        vec![seats(2, 1)]
    );
    assert_eq!(store.presence("g2", "p1", stale).await.unwrap(), vec![]);
    // A process silent for over an hour is forgotten with its connections.
    store.server_alive("p3", now - 7_200_000).await.unwrap();
    store.set_presence("g2", "p3", seats(1, 1)).await.unwrap();
    store.purge(now + 1_000).await.unwrap();
    let day = Duration::from_secs(86_400);
    let left: Vec<String> = store
        .live_servers(day)
        .await
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(left, ["p1", "p2"]);
    assert_eq!(store.presence("g1", "p3", stale).await.unwrap(), vec![]);
    assert_eq!(
        store.live_servers(stale).await.unwrap(),
        vec![("p1".to_string(), now)]
    );
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_contract() {
    let db = Database::Sqlite(crate::database("contract"));
    let store = Store::open(&db, BUSY).await.unwrap();
    assert_eq!(store.name(), "sqlite");
    assert!(store.notices().is_none());
    contract(&store).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_contract() {
    let Some(url) = crate::postgres("contract").await else {
        return;
    };
    let store = Store::open(&Database::Postgres(url), BUSY).await.unwrap();
    assert_eq!(store.name(), "postgres");
    contract(&store).await;
}

#[tokio::test]
async fn a_sqlite_database_of_the_first_release_is_migrated_with_its_games() {
    let path = crate::database("first-release");
    {
        // The first release's schema, as it wrote it.
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, spec TEXT NOT NULL, choose_orientation INTEGER NOT NULL, clock TEXT NOT NULL, black_token TEXT NOT NULL UNIQUE, white_token TEXT NOT NULL UNIQUE, spectator_token TEXT NOT NULL UNIQUE, created_ms INTEGER NOT NULL, finished_ms INTEGER, result TEXT, termination TEXT, record TEXT, rematch_of TEXT UNIQUE REFERENCES games(id));
             CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, kind TEXT NOT NULL, player TEXT, action TEXT, at_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL, white_ms INTEGER NOT NULL, paused_ms INTEGER, PRIMARY KEY (game_id, n));
             CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
             INSERT INTO games VALUES ('old', 'katarenga', 1, '{\"type\":\"untimed\"}', 'b', 'w', 's', 5, NULL, NULL, NULL, NULL, NULL);
             INSERT INTO events VALUES ('old', 1, 'start', NULL, NULL, 6, 0, 0, NULL);
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let store = Store::open(&Database::Sqlite(path.clone()), BUSY)
        .await
        .unwrap();
    let (row, events) = store.load("old").await.unwrap().unwrap();
    assert_eq!((row.spec.as_str(), events.len()), ("katarenga", 1));
    // The new tables are there.
    store.server_alive("p", 1).await.unwrap();
    store
        .set_presence("old", "p", Seats { connected: [1, 1] })
        .await
        .unwrap();
    drop(store);
    let c = rusqlite::Connection::open(&path).unwrap();
    let version: u32 = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
}

#[tokio::test]
async fn a_database_from_a_newer_server_is_refused_not_touched() {
    let path = crate::database("newer");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA user_version = 99")
        .unwrap();
    let Err(e) = Store::open(&Database::Sqlite(path), BUSY).await else {
        panic!("a schema of version 99 was opened");
    };
    assert!(e.to_string().contains("version 99, newer"), "{e}");

    let Some(url) = crate::postgres("newer").await else {
        return;
    };
    Store::open(&Database::Postgres(url.clone()), BUSY)
        .await
        .unwrap();
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    client
        .batch_execute("INSERT INTO kk_schema VALUES (99, 0)")
        .await
        .unwrap();
    let Err(e) = Store::open(&Database::Postgres(url), BUSY).await else {
        panic!("a schema of version 99 was opened");
    };
    assert!(e.to_string().contains("version 99, newer"), "{e}");
}

#[tokio::test]
async fn postgres_processes_hear_each_others_events_and_presence() {
    let Some(url) = crate::postgres("notices").await else {
        return;
    };
    // Two processes migrating at once: one waits for the other.
    let db = Database::Postgres(url);
    let (one, two) = tokio::join!(Store::open(&db, BUSY), Store::open(&db, BUSY));
    let (one, two) = (one.unwrap(), two.unwrap());
    let mut heard = two.notices().unwrap();
    one.create_game(game("g")).await.unwrap();
    one.append("g", event(1, "a7-a5"), None).await.unwrap();
    // The loser of a race for event 2 is told, and the winner's event is
    // announced once.
    let (a, b) = tokio::join!(
        one.append("g", event(2, "h2-h4"), None),
        two.append("g", event(2, "h2-h3"), None)
    );
    assert!(
        matches!(
            (&a, &b),
            (Ok(()), Err(StoreError::Conflict { n: 2, .. }))
                | (Err(StoreError::Conflict { n: 2, .. }), Ok(()))
        ),
        "{a:?} {b:?}"
    );
    one.set_presence("g", "p1", Seats { connected: [1, 0] })
        .await
        .unwrap();
    one.offer_rematch("g", "black").await.unwrap();
    let mut rematch = game("r");
    rematch.rematch_of = Some("g".into());
    one.create_game(rematch).await.unwrap();
    let mut notices = Vec::new();
    while notices.len() < 5 {
        let notice = tokio::time::timeout(Duration::from_secs(5), heard.recv())
            .await
            .expect("a notice within 5 s")
            .unwrap();
        notices.push(notice);
    }
    assert_eq!(
        notices,
        vec![
            Notice::Appended {
                game: "g".into(),
                n: 1
            },
            Notice::Appended {
                game: "g".into(),
                n: 2
            },
            Notice::Presence { game: "g".into() },
            Notice::Offers { game: "g".into() },
            Notice::Offers { game: "g".into() },
        ]
    );
}
