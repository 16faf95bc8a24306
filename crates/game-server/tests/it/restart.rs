//! Nothing lost: the real program killed with SIGKILL and started again
//! keeps every acknowledged action, and the clocks stood still meanwhile;
//! a database another process has locked is an error to the client, not a
//! silent loss.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;

use crate::{Client, create, database, http, server};

/// A `kk-server` process, killed when dropped (a failing test leaves none
/// behind).
pub struct Server(Child);

impl Server {
    /// Kills it with SIGKILL and waits for it.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `kk-server` on a free port with `db` (a file or a PostgreSQL
/// URL); returns it and its address.
pub fn spawn(db: &str) -> (Server, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kk-server"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--web",
            "no-such-folder",
            "--database",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    (Server(child), addr)
}

#[tokio::test]
async fn a_server_killed_and_started_again_loses_no_acknowledged_move_and_stops_the_clocks() {
    let db = database("restart");
    killed_and_started_again(db.to_str().unwrap()).await;
}

#[tokio::test]
async fn a_server_on_postgres_killed_and_started_again_loses_no_acknowledged_move() {
    if let Some(url) = crate::postgres("restart").await {
        killed_and_started_again(&url).await;
    }
}

async fn killed_and_started_again(db: &str) {
    let (mut first, addr) = spawn(db);
    let links = create(
        addr,
        "kamisado target=3",
        json!({"type": "live", "initial_ms": 600_000}),
    )
    .await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (mut white, _) = Client::join(addr, &links.white, 0).await;
    let mut acknowledged = Vec::new();
    let mut state = black.event(1).await["state"].clone();
    for turn in 0..3 {
        let n = state["n"].as_u64().unwrap() + 1;
        let action = crate::play::choose(&state, turn);
        let mover = if state["actor"] == "black" {
            &mut black
        } else {
            &mut white
        };
        mover.act(&action).await;
        let event = mover.event(n).await;
        assert_eq!(event["event"]["action"], action.as_str(), "{event}");
        acknowledged.push(action);
        state = event["state"].clone();
    }
    let thinker = state["actor"].as_str().unwrap().to_string();
    // The player to move thinks; the server notes it is alive each second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    first.kill();
    // Down for 2 s.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (mut second, addr) = spawn(db);
    let token = if thinker == "black" {
        &links.black
    } else {
        &links.white
    };
    let (mut thinking, welcome) = Client::join(addr, token, 0).await;
    let actions: Vec<String> = welcome["state"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a[1].as_str().unwrap().to_string())
        .collect();
    assert_eq!(actions, acknowledged);
    let resume = welcome["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(resume["kind"], "resume", "{welcome}");
    let paused = resume["paused_ms"].as_u64().unwrap();
    assert!((1500..4000).contains(&paused), "paused {paused} ms");
    // The thinking before the kill was charged up to the last heartbeat
    // (at most 1 s before it), the time down was not.
    let side = usize::from(thinker == "white");
    let left = resume["clocks"][side].as_u64().unwrap();
    assert!(
        (597_000..=599_500).contains(&left),
        "{thinker} has {left} ms"
    );
    assert_eq!(welcome["state"]["running"], thinker.as_str());
    println!(
        "restart: {} acknowledged actions kept, the clocks stood still {paused} ms, {thinker} has {left} of 600000 ms",
        acknowledged.len()
    );
    // The game goes on where it stood.
    let other = if thinker == "black" {
        &links.white
    } else {
        &links.black
    };
    let (_other, _) = Client::join(addr, other, 0).await;
    let action = crate::play::choose(&welcome["state"], 0);
    thinking.act(&action).await;
    let n = welcome["state"]["n"].as_u64().unwrap() + 1;
    let moved = thinking.event(n).await;
    assert_eq!(moved["event"]["action"], action.as_str(), "{moved}");
    second.kill();
}

#[tokio::test]
async fn a_locked_database_refuses_the_move_and_the_game_is_untouched() {
    let db = database("locked");
    let path = db.clone();
    let addr = server("locked-server", move |c| {
        c.database = path.into();
        c.busy_timeout = Duration::from_millis(200);
    })
    .await;
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (_white, _) = Client::join(addr, &links.white, 0).await;
    black.next_of("event").await;
    // Another process holds the database.
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    black.act("d1d7").await;
    let e = black.next_of("error").await;
    assert_eq!(e["kind"], "store_failed", "{e}");
    assert!(e["message"].as_str().unwrap().contains("locked"), "{e}");
    other.execute_batch("ROLLBACK").unwrap();
    let (_, body) = http(addr, "GET", "/api/game", Some(&links.spectator), None).await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["state"]["n"], 1, "{state}");
    assert_eq!(state["state"]["actions"], json!([]));
    black.act("d1d7").await;
    assert_eq!(black.next_of("event").await["event"]["n"], 2);
}
