//! The server's load, measured: `kk-server` started as a process of its own
//! on a fresh database, `--games` live Kamisado matches created over HTTP,
//! each played by two scripted WebSocket clients at `--rate` actions a
//! second per game; the latency of each action is the time from its
//! sending to its event received by the opponent (the broadcast).
//!
//! ```sh
//! cargo build --release -p game-server --bin kk-server --example load
//! target/release/examples/load --games 1000 --rate 1 --seconds 30
//! # on a fresh PostgreSQL database, through two server processes (each
//! # game's Black on one, its White on the other):
//! target/release/examples/load --database postgres://kk@127.0.0.1:55432/load --servers 2
//! ```
//!
//! Prints the games held, the actions a second, the latency's 50th, 99th
//! and largest values, and the servers' memory (resident set) per game.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use game_records::Table;
use kamisado_core::board_geometry::SplitMix64;
use serde_json::{Value, json};
use std::io::BufRead;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// Measures kk-server under scripted games.
#[derive(Parser, Debug)]
struct Args {
    /// Concurrent games.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Actions a second in each game.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// How long to measure, after every game has started.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The server program.
    #[arg(long, default_value = "target/release/kk-server")]
    server: PathBuf,
    /// The database: a fresh SQLite file in the temporary folder if not
    /// given; a PostgreSQL URL (an empty database) to measure that store.
    #[arg(long)]
    database: Option<String>,
    /// Server processes on the database (more than one needs PostgreSQL):
    /// each game is created through one, its Black plays through that one
    /// and its White through the next.
    #[arg(long, default_value_t = 1)]
    servers: usize,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The actions of a seeded random Kamisado match to 15 points, long enough
/// for any measurement at a sane rate.
fn script(seed: u64) -> Vec<(usize, String)> {
    let spec = "kamisado target=15".parse().expect("a spec");
    let mut table = Table::new(spec);
    let mut random = SplitMix64::new(seed);
    let mut actions = Vec::new();
    while let Some(actor) = table.actor() {
        let text = match table.phase() {
            game_records::Phase::ChooseEdge => {
                if random.coin() {
                    "edge a".to_string()
                } else {
                    "edge h".to_string()
                }
            }
            _ => {
                let moves = table.legal_moves();
                moves[random.below(moves.len())].to_string()
            }
        };
        table.act_text(actor, &text).expect("a legal action");
        actions.push((actor.index(), text));
    }
    actions
}

async fn http(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

async fn join(addr: &str, token: &str) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/ws"))
        .await
        .expect("a connection");
    ws.send(Message::Text(
        json!({"type": "hello", "token": token}).to_string().into(),
    ))
    .await
    .expect("hello");
    ws
}

/// Reads until the event numbered `n`.
async fn event(ws: &mut Socket, n: u64) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| format!("no event {n} within 30 s"))?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = message {
            let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            match v["type"].as_str() {
                Some("error") => return Err(format!("refused: {v}")),
                Some("event") if v["event"]["n"].as_u64().is_some_and(|k| k >= n) => {
                    return Ok(v);
                }
                _ => {}
            }
        }
    }
}

struct Shared {
    latencies: Mutex<Vec<Duration>>,
    failures: Mutex<Vec<String>>,
}

/// One game: both seats joined, then an action every `period` until
/// `until`, each timed from its sending to the opponent's receipt.
async fn play(
    addrs: [String; 2],
    script: Arc<Vec<(usize, String)>>,
    period: Duration,
    offset: Duration,
    measure_from: Instant,
    until: Instant,
    shared: Arc<Shared>,
) {
    let result: Result<(), String> = async {
        let created = http(
            &addrs[0],
            "POST",
            "/api/games",
            &json!({"spec": "kamisado target=15", "clock": {"type": "live", "initial_ms": 86_400_000}})
                .to_string(),
        )
        .await;
        let links: Value = serde_json::from_str(&created).map_err(|e| format!("{e}: {created}"))?;
        let token = |k: &str| links[k].as_str().unwrap_or_default().to_string();
        let mut seats = [join(&addrs[0], &token("black")).await, join(&addrs[1], &token("white")).await];
        event(&mut seats[0], 1).await?;
        event(&mut seats[1], 1).await?;
        let mut tick = tokio::time::interval_at(tokio::time::Instant::from_std(measure_from + offset), period);
        for (i, (actor, action)) in script.iter().enumerate() {
            tick.tick().await;
            if Instant::now() >= until {
                break;
            }
            let n = i as u64 + 2;
            let sent = Instant::now();
            seats[*actor]
                .send(Message::Text(json!({"type": "act", "action": action}).to_string().into()))
                .await
                .map_err(|e| e.to_string())?;
            event(&mut seats[1 - *actor], n).await?;
            let took = sent.elapsed();
            event(&mut seats[*actor], n).await?;
            shared.latencies.lock().expect("a lock").push(took);
        }
        Ok(())
    }
    .await;
    if let Err(e) = result {
        shared.failures.lock().expect("a lock").push(e);
    }
}

fn resident_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let sqlite = std::env::temp_dir().join(format!("kk-load-{}.sqlite", std::process::id()));
    let db = args
        .database
        .clone()
        .unwrap_or_else(|| sqlite.display().to_string());
    let mut servers = Vec::new();
    let mut addrs = Vec::new();
    for _ in 0..args.servers.max(1) {
        let mut server = Command::new(&args.server)
            .args([
                "--listen",
                "127.0.0.1:0",
                "--web",
                "no-such-folder",
                // Every game and connection comes from this one address.
                "--create-burst",
                "1000000",
                "--connections-per-address",
                "1000000",
                "--database",
                &db,
            ])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start {} ({e}): build it with `cargo build --release -p game-server`",
                    args.server.display()
                )
            });
        let mut line = String::new();
        std::io::BufReader::new(server.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the address");
        addrs.push(
            line.split("http://")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .unwrap_or_else(|| panic!("no address in {line:?}"))
                .to_string(),
        );
        servers.push(server);
    }
    let pids: Vec<u32> = servers.iter().map(std::process::Child::id).collect();
    let resident = || pids.iter().map(|&pid| resident_kib(pid)).sum::<u64>();
    let idle_kib = resident();
    let scripts: Vec<Arc<Vec<(usize, String)>>> = (0..64).map(|s| Arc::new(script(s))).collect();
    let shortest = scripts.iter().map(|s| s.len()).min().unwrap_or(0);
    let period = Duration::from_secs_f64(1.0 / args.rate);
    let needed = (args.seconds as f64 * args.rate).ceil() as usize;
    assert!(
        shortest > needed,
        "the scripts ({shortest} actions) are shorter than the run ({needed})"
    );
    let shared = Arc::new(Shared {
        latencies: Mutex::new(Vec::new()),
        failures: Mutex::new(Vec::new()),
    });
    // Games are set up for up to 20 s (a few hundred a second), then all
    // play from `measure_from`, their ticks spread over one period.
    let setup = Duration::from_secs(5 + args.games as u64 / 100);
    let measure_from = Instant::now() + setup;
    let until = measure_from + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    for g in 0..args.games {
        let offset = period.mul_f64(g as f64 / args.games as f64);
        tasks.push(tokio::spawn(play(
            [
                addrs[g % addrs.len()].clone(),
                addrs[(g + 1) % addrs.len()].clone(),
            ],
            Arc::clone(&scripts[g % scripts.len()]),
            period,
            offset,
            measure_from,
            until,
            Arc::clone(&shared),
        )));
        if g % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    tokio::time::sleep_until(tokio::time::Instant::from_std(
        measure_from + Duration::from_secs(args.seconds / 2),
    ))
    .await;
    let busy_kib = resident();
    for task in tasks {
        let _ = task.await;
    }
    let elapsed = args.seconds as f64;
    let mut latencies = shared.latencies.lock().expect("a lock").clone();
    latencies.sort();
    let failures = shared.failures.lock().expect("a lock").clone();
    for mut server in servers {
        let _ = server.kill();
        let _ = server.wait();
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", sqlite.display()));
    }
    println!(
        "games: {} ({} failed), {} server process(es) on {}",
        args.games,
        failures.len(),
        addrs.len(),
        if db.starts_with("postgres") {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    for f in failures.iter().take(3) {
        println!("  failure: {f}");
    }
    println!(
        "actions: {} in {elapsed} s, {:.0} a second (asked {:.0})",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        args.games as f64 * args.rate
    );
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "latency, sent to the opponent's event: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    println!(
        "servers' memory: {} KiB idle, {} KiB with the games: {:.1} KiB a game",
        idle_kib,
        busy_kib,
        busy_kib.saturating_sub(idle_kib) as f64 / args.games as f64
    );
}
