//! The server driven over its real protocol on real sockets: HTTP to
//! create and read games, WebSockets to play and watch. Each test starts
//! its own server on a free port with its own database file.

mod accounts;
mod archive;
mod bots;
mod clock;
mod hostile;
mod play;
mod ratings;
mod restart;
mod shared;
mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use game_server::Config;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// A fresh database path under the target folder.
pub fn database(name: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("game-server");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
        "{name}-{}-{}.sqlite",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A fresh PostgreSQL database on the server `KK_POSTGRES` names (started
/// by `.ci/run` with `ci/postgres start`), as a URL; `None` outside CI when
/// no server is named (the test says so and passes), a failure in CI.
pub async fn postgres(name: &str) -> Option<String> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let Ok(admin) = std::env::var("KK_POSTGRES") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "KK_POSTGRES must name a PostgreSQL server in CI (ci/postgres start)"
        );
        eprintln!("{name}: KK_POSTGRES is not set: the PostgreSQL case is skipped");
        return None;
    };
    let (client, connection) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("KK_POSTGRES={admin}: {e}"));
    tokio::spawn(connection);
    let db = format!(
        "kk_{name}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    for sql in [
        format!("DROP DATABASE IF EXISTS {db}"),
        format!("CREATE DATABASE {db}"),
    ] {
        client.batch_execute(&sql).await.unwrap();
    }
    let base = admin
        .rsplit_once('/')
        .map_or(admin.as_str(), |(base, _)| base);
    Some(format!("{base}/{db}"))
}

/// A server of accounts on `database` (a file or PostgreSQL): every
/// request comes from the test's one address, so the limit per address
/// is lifted (the limit per name is the one tested).
pub async fn accounts_server(database: impl Into<game_server::store::Database>) -> SocketAddr {
    let mut config = Config::new(database);
    config.login_burst = 100.0;
    game_server::start(config, "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap()
        .addr
}

/// A server of its own for a test, with `tune` applied to the defaults.
pub async fn server(name: &str, tune: impl FnOnce(&mut Config)) -> SocketAddr {
    let mut config = Config::new(database(name));
    tune(&mut config);
    game_server::start(config, "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap()
        .addr
}

/// An HTTP request over a plain socket: the status and the body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(token) = token {
        request += &format!("Authorization: Bearer {token}\r\n");
    }
    if let Some(body) = body {
        request += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    request += "\r\n";
    request += body.unwrap_or("");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        out += &rest[..size];
        body = &rest[size + 2..];
    }
    out
}

/// The links of a new game.
pub struct Links {
    pub black: String,
    pub white: String,
    pub spectator: String,
}

/// Creates a game of `spec` with `clock`.
pub async fn create(addr: SocketAddr, spec: &str, clock: Value) -> Links {
    let body = json!({"spec": spec, "clock": clock}).to_string();
    let (status, body) = http(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(status, 201, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let token = |k: &str| v[k].as_str().unwrap().to_string();
    Links {
        black: token("black"),
        white: token("white"),
        spectator: token("spectator"),
    }
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A client's connection.
pub struct Client {
    pub ws: Socket,
}

impl Client {
    /// Connects without saying anything.
    pub async fn raw(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/ws"))
            .await
            .unwrap();
        Client { ws }
    }

    /// Connects with `token`, having seen `since` events; returns the
    /// client and its welcome.
    pub async fn join(addr: SocketAddr, token: &str, since: u64) -> (Client, Value) {
        let mut client = Client::raw(addr).await;
        client
            .send(&json!({"type": "hello", "token": token, "since": since}))
            .await;
        let welcome = client.next().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        (client, welcome)
    }

    pub async fn send(&mut self, message: &Value) {
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn act(&mut self, action: &str) {
        self.send(&json!({"type": "act", "action": action})).await;
    }

    /// The next JSON message (pings skipped); panics after 5 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(5), self.ws.next())
                .await
                .expect("a message within 5 s")
                .expect("the connection open")
                .expect("a frame");
            match message {
                Message::Text(text) => return serde_json::from_str(&text).unwrap(),
                Message::Close(frame) => {
                    return json!({"type": "closed", "frame": format!("{frame:?}")});
                }
                _ => {}
            }
        }
    }

    /// The next message of `kind` (others skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] == kind || m["type"] == "closed" {
                return m;
            }
        }
    }

    /// The event numbered `n` (earlier events and other messages
    /// skipped: each client hears every event, its own included).
    pub async fn event(&mut self, n: u64) -> Value {
        loop {
            let m = self.next().await;
            assert_ne!(m["type"], "error", "waiting for event {n}: {m}");
            if m["type"] == "closed" || m["event"]["n"].as_u64().is_some_and(|k| k >= n) {
                return m;
            }
        }
    }

    /// Whether the server closed the connection (within 5 s), and how.
    pub async fn closed(&mut self) -> Option<String> {
        loop {
            match tokio::time::timeout(Duration::from_secs(5), self.ws.next()).await {
                Ok(Some(Ok(Message::Close(frame)))) => return Some(format!("{frame:?}")),
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(e))) => return Some(e.to_string()),
                Ok(None) => return Some("ended".into()),
                Err(_) => return None,
            }
        }
    }
}
