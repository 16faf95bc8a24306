//! Challenges, seeks and the Bot API over the real HTTP API: a bot's token
//! moves only its bot's games, the event and game streams tell what
//! happens, a challenge is accepted once however many try, bots get no lag
//! allowance; on SQLite and PostgreSQL. Then the bridge program, driving
//! kk-engine and the example bot, plays whole games against each other
//! through the server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use game_records::{KamisadoRecord, KatarengaRecord};

use crate::accounts::{account, request};

const PASSWORD: &str = "a bot's password";

/// Makes a bot account: its token.
pub async fn bot(addr: SocketAddr, name: &str) -> String {
    let body = json!({"name": name, "password": PASSWORD});
    let (status, _, answer) = request(addr, "POST", "/api/bot/account", &[], Some(&body)).await;
    assert_eq!(status, 201, "{answer}");
    let made: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(made["name"], name);
    made["token"].as_str().unwrap().to_string()
}

/// A request with a bot's token: the status and the JSON body.
async fn as_bot(
    addr: SocketAddr,
    token: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let bearer = format!("Bearer {token}");
    let (status, _, answer) =
        request(addr, method, path, &[("Authorization", &bearer)], body).await;
    (status, serde_json::from_str(&answer).unwrap_or(Value::Null))
}

/// A long response read line by line (chunked transfer decoded).
struct Stream {
    reader: BufReader<tokio::net::TcpStream>,
    pending: Vec<u8>,
}

impl Stream {
    /// Opens `path` with a bot's token; the status, and the stream if 200.
    async fn open(addr: SocketAddr, token: &str, path: &str) -> (u16, Option<Stream>) {
        let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
        let text =
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n");
        socket.write_all(text.as_bytes()).await.unwrap();
        let mut reader = BufReader::new(socket);
        let mut status = String::new();
        reader.read_line(&mut status).await.unwrap();
        let status: u16 = status[9..12].parse().unwrap();
        let mut chunked = false;
        loop {
            let mut header = String::new();
            reader.read_line(&mut header).await.unwrap();
            if header.trim().is_empty() {
                break;
            }
            let header = header.to_ascii_lowercase();
            chunked |= header.starts_with("transfer-encoding:") && header.contains("chunked");
            if header.starts_with("content-type:") && status == 200 {
                assert!(header.contains("application/x-ndjson"), "{header}");
            }
        }
        if status != 200 {
            return (status, None);
        }
        assert!(chunked, "a stream is sent in chunks");
        (
            status,
            Some(Stream {
                reader,
                pending: Vec::new(),
            }),
        )
    }

    /// The next line, empty lines (keep-alives) included; `None` at the
    /// end. Panics after `wait`.
    async fn line(&mut self, wait: Duration) -> Option<String> {
        tokio::time::timeout(wait, async {
            loop {
                if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = self.pending.drain(..=end).collect();
                    return Some(String::from_utf8(line).unwrap().trim_end().to_string());
                }
                let mut size = String::new();
                if self.reader.read_line(&mut size).await.unwrap() == 0 {
                    return None;
                }
                let size = usize::from_str_radix(size.trim(), 16).unwrap();
                if size == 0 {
                    return None;
                }
                let mut chunk = vec![0; size + 2];
                self.reader.read_exact(&mut chunk).await.unwrap();
                self.pending.extend_from_slice(&chunk[..size]);
            }
        })
        .await
        .expect("a line in time")
    }

    /// The next JSON line (keep-alives skipped).
    async fn next(&mut self) -> Value {
        loop {
            let line = self
                .line(Duration::from_secs(10))
                .await
                .expect("the stream open");
            if !line.is_empty() {
                return serde_json::from_str(&line).unwrap();
            }
        }
    }

    /// The next JSON line of `kind` (others skipped).
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }
}

async fn challenges(addr: SocketAddr) {
    let a = bot(addr, "alpha").await;
    let b = bot(addr, "beta").await;
    let c = bot(addr, "gamma").await;
    let (status, me) = as_bot(addr, &a, "GET", "/api/bot/account", None).await;
    assert_eq!((status, me["name"].as_str()), (200, Some("alpha")));

    // Tokens that open no bot.
    let (person, person_csrf) = account(addr, "dora").await;
    for token in [
        "kkb_00000000000000000000000000000000".to_string(),
        a.trim_start_matches("kkb_").to_string(),
        format!("{a}0"),
        String::new(),
    ] {
        let (status, e) = as_bot(addr, &token, "GET", "/api/bot/stream/event", None).await;
        assert_eq!(
            (status, e["kind"].as_str()),
            (401, Some("bad_token")),
            "{token}"
        );
    }

    // The event stream tells B of the challenge, its decline, then of the
    // next one's acceptance and of the game.
    let (_, events) = Stream::open(addr, &b, "/api/bot/stream/event").await;
    let mut events = events.unwrap();
    let offer = json!({"to": "beta", "spec": "kamisado", "seat": "black",
        "clock": {"type": "live", "initial_ms": 60000, "increment_ms": 0}});
    let (status, first) = as_bot(addr, &a, "POST", "/api/challenges", Some(&offer)).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(
        (first["from"].as_str(), first["to"].as_str()),
        (Some("alpha"), Some("beta"))
    );
    let heard = events.next_of("challenge").await;
    assert_eq!(heard["challenge"]["id"], first["id"]);
    let id = first["id"].as_str().unwrap();
    // Only the player challenged declines or accepts; only its maker
    // cancels.
    for (token, how) in [
        (&c, "accept"),
        (&c, "decline"),
        (&a, "decline"),
        (&b, "cancel"),
    ] {
        let path = format!("/api/challenges/{id}/{how}");
        let (status, e) = as_bot(addr, token, "POST", &path, None).await;
        assert_eq!(
            status,
            if how == "accept" && token == &a {
                409
            } else {
                403
            },
            "{how}: {e}"
        );
    }
    let (status, _) = as_bot(
        addr,
        &b,
        "POST",
        &format!("/api/challenges/{id}/decline"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let closed = events.next_of("challenge_closed").await;
    assert_eq!(closed["challenge"]["status"], "declined");
    let (status, e) = as_bot(
        addr,
        &b,
        "POST",
        &format!("/api/challenges/{id}/accept"),
        None,
    )
    .await;
    assert_eq!(
        (status, e["kind"].as_str()),
        (409, Some("challenge_closed"))
    );

    let (_, second) = as_bot(addr, &a, "POST", "/api/challenges", Some(&offer)).await;
    let id = second["id"].as_str().unwrap();
    events.next_of("challenge").await;
    let (status, accepted) = as_bot(
        addr,
        &b,
        "POST",
        &format!("/api/challenges/{id}/accept"),
        None,
    )
    .await;
    assert_eq!(status, 201, "{accepted}");
    assert_eq!(accepted["seat"], "white", "the challenger asked for black");
    let game = accepted["game"].as_str().unwrap().to_string();
    let started = events.next_of("game_start").await;
    assert_eq!(started["game"], json!({"id": game, "seat": "white"}));

    // A's token moves only A's seat; C's and a person's session nothing.
    let act = |m: &str| json!({"action": m});
    let path = format!("/api/bot/game/{game}/act");
    let (status, e) = as_bot(addr, &c, "POST", &path, Some(&act("a1a2"))).await;
    assert_eq!((status, e["kind"].as_str()), (403, Some("not_your_game")));
    let (status, _, e) = request(
        addr,
        "POST",
        &path,
        &[("Cookie", &person), ("X-CSRF-Token", &person_csrf)],
        Some(&act("a1a2")),
    )
    .await;
    assert_eq!(status, 401, "{e}");
    let (status, e) = as_bot(addr, &b, "POST", &path, Some(&act("a1a2"))).await;
    assert_eq!(
        (status, e["kind"].as_str()),
        (409, Some("not_your_turn")),
        "{e}"
    );

    // Both game streams open: the seats are present and the clocks run.
    // A bot is credited no lag: 200 ms of thought cost 200 ms (a person's
    // 300 ms allowance would have covered them).
    let stream = format!("/api/bot/game/{game}/stream");
    let (status, _) = Stream::open(addr, &c, &stream).await;
    assert_eq!(status, 403);
    let (_, black) = Stream::open(addr, &a, &stream).await;
    let mut black = black.unwrap();
    let welcome = black.next().await;
    assert_eq!(
        (welcome["type"].as_str(), welcome["role"].as_str()),
        (Some("welcome"), Some("black"))
    );
    let (_, white) = Stream::open(addr, &b, &stream).await;
    let mut white = white.unwrap();
    white.next_of("welcome").await;
    let start = black.next_of("event").await;
    assert_eq!(start["event"]["kind"], "start");
    assert!(
        start["state"]["presence"]["black"]["connected"]
            .as_bool()
            .unwrap()
    );
    assert!(
        start["state"]["presence"]["white"]["connected"]
            .as_bool()
            .unwrap()
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, state) = as_bot(addr, &a, "POST", &path, Some(&act("a1a4"))).await;
    assert_eq!(status, 200, "{state}");
    let left = state["clocks"][0].as_u64().unwrap();
    assert!(left <= 59_800, "Black's clock after 200 ms: {left} ms");
    let moved = loop {
        let event = white.next_of("event").await;
        if event["event"]["kind"] == "act" {
            break event;
        }
    };
    assert_eq!(moved["event"]["action"], "a1a4");
    // A bot whose game stream closes is away, as a closed WebSocket is.
    drop(black);
    let away = tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            let m = white.next().await;
            if m["state"]["presence"]["black"]["connected"] == false {
                return m;
            }
        }
    })
    .await
    .expect("Black's absence told within 15 s");
    assert_eq!(away["type"], "presence");
    let (status, state) = as_bot(addr, &b, "POST", &path, Some(&act("resign"))).await;
    assert_eq!((status, state["result"].as_str()), (200, Some("black")));
    let finished = events.next_of("game_finish").await;
    assert_eq!(finished["game"]["id"], game.as_str());

    // A new token shuts the old one out.
    let body = json!({"name": "beta", "password": PASSWORD});
    let (status, _, renewed) = request(addr, "POST", "/api/bot/token", &[], Some(&body)).await;
    assert_eq!(status, 200, "{renewed}");
    let renewed: Value = serde_json::from_str(&renewed).unwrap();
    let (status, _) = as_bot(addr, &b, "GET", "/api/bot/account", None).await;
    assert_eq!(status, 401);
    let new = renewed["token"].as_str().unwrap();
    let (status, _) = as_bot(addr, new, "GET", "/api/bot/account", None).await;
    assert_eq!(status, 200);
    // A person's account gets no token; a wrong password none either.
    for (name, password, kind) in [
        ("dora", crate::accounts::PASSWORD, "not_a_bot"),
        ("beta", "not the password", "bad_login"),
    ] {
        let body = json!({"name": name, "password": password});
        let (_, _, e) = request(addr, "POST", "/api/bot/token", &[], Some(&body)).await;
        let e: Value = serde_json::from_str(&e).unwrap();
        assert_eq!(e["kind"], kind);
    }
}

async fn seeks(addr: SocketAddr) {
    let a = bot(addr, "seeker").await;
    let (person, csrf) = account(addr, "erin").await;
    let (other, other_csrf) = account(addr, "fred").await;
    let seek = json!({"spec": "katarenga", "choose_orientation": true,
        "clock": {"type": "live", "initial_ms": 300000, "increment_ms": 2000}});
    let (status, made) = as_bot(addr, &a, "POST", "/api/challenges", Some(&seek)).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["to"], Value::Null);
    let id = made["id"].as_str().unwrap();
    let listed = |query: &'static str| async move {
        let (status, _, body) =
            request(addr, "GET", &format!("/api/seeks{query}"), &[], None).await;
        assert_eq!(status, 200, "{body}");
        let list: Vec<Value> = serde_json::from_str(&body).unwrap();
        list.iter().any(|s| s["id"] == id)
    };
    assert!(listed("").await);
    assert!(listed("?game=katarenga&control=live").await);
    assert!(!listed("?game=kamisado").await);
    assert!(!listed("?control=correspondence").await);
    let (status, _, _) = request(addr, "GET", "/api/seeks?colour=red", &[], None).await;
    assert_eq!(status, 400);

    // Its maker cannot take it; a person's cookie without the CSRF token
    // neither.
    let accept = format!("/api/challenges/{id}/accept");
    let (status, e) = as_bot(addr, &a, "POST", &accept, None).await;
    assert_eq!((status, e["kind"].as_str()), (409, Some("own_challenge")));
    let (status, _, _) = request(addr, "POST", &accept, &[("Cookie", &person)], None).await;
    assert_eq!(status, 403);

    // Two people take it at once: one game is made, once.
    let erin = [("Cookie", person.as_str()), ("X-CSRF-Token", csrf.as_str())];
    let fred = [
        ("Cookie", other.as_str()),
        ("X-CSRF-Token", other_csrf.as_str()),
    ];
    let (one, two) = tokio::join!(
        request(addr, "POST", &accept, &erin, None),
        request(addr, "POST", &accept, &fred, None),
    );
    let mut statuses = [one.0, two.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{} / {}", one.2, two.2);
    let (winner, body) = if one.0 == 201 {
        (&erin, one.2)
    } else {
        (&fred, two.2)
    };
    let taken: Value = serde_json::from_str(&body).unwrap();
    assert!(!listed("").await, "a taken seek leaves the list");

    // The taker's seat opens with its link and its session; the seek's
    // page gives each of the two accounts its own link, and nobody else any.
    let (status, _, seen) =
        request(addr, "GET", &format!("/api/challenges/{id}"), winner, None).await;
    assert_eq!(status, 200);
    let seen: Value = serde_json::from_str(&seen).unwrap();
    assert_eq!(seen["challenge"]["status"], "accepted");
    assert_eq!(seen["token"], taken["token"]);
    let (_, for_bot) = as_bot(addr, &a, "GET", &format!("/api/challenges/{id}"), None).await;
    assert_ne!(for_bot["token"], Value::Null);
    assert_ne!(for_bot["token"], taken["token"]);
    let (_, _, anyone) = request(addr, "GET", &format!("/api/challenges/{id}"), &[], None).await;
    assert!(!anyone.contains("token"), "{anyone}");
    let (status, _, state) = request(
        addr,
        "GET",
        "/api/game",
        &[
            (
                "Authorization",
                &format!("Bearer {}", taken["token"].as_str().unwrap()),
            ),
            winner[0],
        ],
        None,
    )
    .await;
    assert_eq!(status, 200, "{state}");
    let state: Value = serde_json::from_str(&state).unwrap();
    assert_eq!(state["state"]["phase"], "choose_orientation");
}

#[tokio::test]
async fn bot_tokens_move_only_their_bots_games_on_sqlite() {
    challenges(crate::accounts_server(crate::database("bots")).await).await;
}

#[tokio::test]
async fn bot_tokens_move_only_their_bots_games_on_postgres() {
    let Some(url) = crate::postgres("bots").await else {
        return;
    };
    challenges(crate::accounts_server(game_server::store::Database::Postgres(url)).await).await;
}

#[tokio::test]
async fn seeks_are_listed_and_taken_once_on_sqlite() {
    seeks(crate::accounts_server(crate::database("seeks")).await).await;
}

#[tokio::test]
async fn seeks_are_listed_and_taken_once_on_postgres() {
    let Some(url) = crate::postgres("seeks").await else {
        return;
    };
    seeks(crate::accounts_server(game_server::store::Database::Postgres(url)).await).await;
}

/// A program of the workspace beside the bridge (built if missing: a test
/// run of this crate alone does not build the protocol crate's programs).
fn program(folder: &str, name: &str, build: &[&str]) -> PathBuf {
    built("game-protocol", folder, name, build)
}

/// A program of `package` beside the bridge (built if missing).
fn built(package: &str, folder: &str, name: &str, build: &[&str]) -> PathBuf {
    let bridge = PathBuf::from(env!("CARGO_BIN_EXE_kk-bridge"));
    let dir = bridge.parent().unwrap();
    let path = dir.join(folder).join(name);
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut command = std::process::Command::new(cargo);
        command.args(["build", "-p", package]).args(build);
        if dir.ends_with("release") {
            command.arg("--release");
        }
        let status = command.status().unwrap();
        assert!(status.success(), "building {name}");
    }
    path
}

/// A TLS front before the server at `addr`, as a site's proxy is, with the
/// test certificate for `localhost` (`tests/data/localhost.pem`, made for
/// these tests alone, self-signed): the port of `https://localhost:port`.
async fn tls_front(addr: SocketAddr) -> u16 {
    use tokio_rustls::rustls::pki_types::pem::PemObject;
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let certificates = CertificateDer::pem_file_iter(data.join("localhost.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(data.join("localhost.key")).unwrap();
    let config = tokio_rustls::rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(certificates, key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut front) = acceptor.accept(tcp).await else {
                    return;
                };
                if let Ok(mut back) = tokio::net::TcpStream::connect(addr).await {
                    let _ = tokio::io::copy_bidirectional(&mut front, &mut back).await;
                }
            });
        }
    });
    port
}

/// Starts the bridge on the server at `addr` with `args`.
async fn bridge(addr: SocketAddr, token: &str, args: &[&str]) -> tokio::process::Child {
    bridge_to(&format!("http://{addr}"), token, args)
}

/// Starts the bridge on the server at `url`.
fn bridge_to(url: &str, token: &str, args: &[&str]) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_kk-bridge"))
        .arg("--server")
        .arg(url)
        .args(args)
        .env("KK_BOT_TOKEN", token)
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// Waits for a bridge to end (at most `wait`), successfully: what it said.
async fn finish(child: tokio::process::Child, wait: Duration) -> String {
    let out = tokio::time::timeout(wait, child.wait_with_output())
        .await
        .expect("the bridge ends in time")
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{said}");
    said
}

#[tokio::test]
async fn bridge_plays_whole_games_for_kk_engine_and_the_example_bot() {
    let engine = program("", "kk-engine", &["--bin", "kk-engine"]);
    let example = program("examples", "bot", &["--example", "bot"]);
    let addr = crate::accounts_server(crate::database("bridge")).await;
    let house = bot(addr, "kk-depth-2").await;
    let guest = bot(addr, "example-bot").await;
    let engine = format!("cmd={} option.Depth=2", engine.display());
    let example = format!("cmd={}", example.display());
    // The example bot accepts two games, through HTTPS (a TLS front with a
    // certificate of its own: trusted with --ca, refused without);
    // kk-engine's bridge challenges it to a Kamisado match (the winner of
    // each round chooses the edge) and then to Katarenga with the
    // orientation chosen, on the clock.
    let https = format!("https://localhost:{}", tls_front(addr).await);
    let untrusted = bridge_to(&https, &guest, &["--engine", &example]);
    let out = tokio::time::timeout(Duration::from_secs(30), untrusted.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && said.contains("certificate"),
        "{said}"
    );
    let ca = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/localhost.pem");
    let ca = ca.to_str().unwrap();
    let guest_bridge = bridge_to(
        &https,
        &guest,
        &["--engine", &example, "--games", "2", "--ca", ca],
    );
    let games = [
        ("kamisado target=3", r#"{"type":"untimed"}"#, false),
        (
            "katarenga",
            r#"{"type":"live","initial_ms":120000,"increment_ms":1000}"#,
            true,
        ),
    ];
    for (spec, clock, choose) in games {
        let mut args = vec![
            "--engine",
            &engine,
            "--challenge",
            "example-bot",
            "--spec",
            spec,
            "--clock",
            clock,
            "--movetime",
            "50",
            "--games",
            "1",
        ];
        if choose {
            args.push("--choose-orientation");
        }
        let said = finish(bridge(addr, &house, &args).await, Duration::from_secs(240)).await;
        assert!(
            !said.contains("refused") && !said.contains("failed"),
            "{said}"
        );
    }
    let said = finish(guest_bridge, Duration::from_secs(30)).await;
    assert!(said.contains("2 ended"), "{said}");

    // Both games ended on the board, and their records read back.
    let (status, _, list) =
        request(addr, "GET", "/api/archive?player=example-bot", &[], None).await;
    assert_eq!(status, 200);
    let list: Vec<Value> = serde_json::from_str(&list).unwrap();
    assert_eq!(list.len(), 2, "{list:?}");
    for game in &list {
        assert_eq!(game["termination"], "normal", "{game}");
        assert_ne!(game["result"], "*");
        let id = game["game"].as_str().unwrap();
        let (status, _, shown) =
            request(addr, "GET", &format!("/api/archive/{id}"), &[], None).await;
        assert_eq!(status, 200, "{shown}");
        let shown: Value = serde_json::from_str(&shown).unwrap();
        let actions: Vec<&str> = shown["actions"]
            .as_array()
            .unwrap_or_else(|| panic!("{shown}"))
            .iter()
            .map(|a| a[1].as_str().unwrap())
            .collect();
        let record = shown["record"].as_str().unwrap();
        if game["spec"] == "katarenga" {
            assert!(actions[0].starts_with("orientation "), "{actions:?}");
            let read = KatarengaRecord::parse_all(record).unwrap();
            assert!(read[0].orientation_choice.is_some(), "{record}");
        } else {
            // A match to 3 takes two rounds at least: an edge chosen
            // between each.
            let edges = actions.iter().filter(|a| a.starts_with("edge ")).count();
            let read = KamisadoRecord::parse_all(record).unwrap();
            assert!(
                edges >= 1 && read[0].rounds.len() == edges + 1,
                "{actions:?}"
            );
        }
    }
    // The player's records as downloaded, read by record_check.
    let check = built(
        "kamisado-katarenga",
        "examples",
        "record_check",
        &["--example", "record_check"],
    );
    for game in ["kamisado", "katarenga"] {
        let path = format!("/api/players/example-bot/records?game={game}");
        let (status, _, text) = request(addr, "GET", &path, &[], None).await;
        assert_eq!(status, 200, "{text}");
        let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("kk-bridge-{}-{game}.txt", std::process::id()));
        std::fs::write(&file, &text).unwrap();
        let out = std::process::Command::new(&check)
            .arg(game)
            .arg(&file)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&file);
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.starts_with("1 record, every move legal"), "{said}");
    }
}

#[tokio::test]
async fn bot_streams_count_as_connections_and_are_bounded_per_address() {
    let addr = crate::server("streams", |c| {
        c.max_connections_per_address = 2;
        c.login_burst = 100.0;
    })
    .await;
    let token = bot(addr, "many").await;
    let (_, one) = Stream::open(addr, &token, "/api/bot/stream/event").await;
    let (_, two) = Stream::open(addr, &token, "/api/bot/stream/event").await;
    let (status, _) = Stream::open(addr, &token, "/api/bot/stream/event").await;
    assert_eq!(status, 429, "a third stream from one address");
    // A stream closed gives its place back.
    drop(one);
    let mut again = 0;
    for _ in 0..50 {
        again = Stream::open(addr, &token, "/api/bot/stream/event").await.0;
        if again == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(again, 200);
    drop(two);
}

#[tokio::test]
async fn house_bots_play_kk_engine_at_their_levels() {
    let engine = program("", "kk-engine", &["--bin", "kk-engine"]);
    let example = program("examples", "bot", &["--example", "bot"]);
    let addr = crate::accounts_server(crate::database("house")).await;
    let engine = format!("cmd={}", engine.display());
    let house = |password: &'static str| {
        tokio::process::Command::new(env!("CARGO_BIN_EXE_kk-bridge"))
            .arg("--server")
            .arg(format!("http://{addr}"))
            .args(["--engine", &engine, "--house", "1,3"])
            .env("KK_HOUSE_PASSWORD", password)
            .env_remove("KK_BOT_TOKEN")
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap()
    };
    // The first run makes the accounts, a later one renews their tokens;
    // a wrong password starts nothing.
    let first = house("the house's password");
    let mut made = false;
    for _ in 0..100 {
        let (status, _, _) = request(addr, "GET", "/api/players/kk-depth-3", &[], None).await;
        if status == 200 {
            made = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(made, "the house bots' accounts are made");
    drop(first);
    let wrong = house("not the house's password");
    let out = tokio::time::timeout(Duration::from_secs(20), wrong.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("kk-depth-1") && said.contains("bad_login"),
        "{said}"
    );
    let _house = house("the house's password");
    let (_, _, page) = request(addr, "GET", "/api/players/kk-depth-1", &[], None).await;
    let page: Value = serde_json::from_str(&page).unwrap();
    assert_eq!(page["bot"], true);

    // A guest bot plays kk-depth-3 (it accepts while the house runs).
    let guest = bot(addr, "guest").await;
    let example = format!("cmd={}", example.display());
    let args = [
        "--engine",
        &example,
        "--challenge",
        "kk-depth-3",
        "--spec",
        "kamisado",
        "--movetime",
        "50",
        "--games",
        "1",
    ];
    let said = finish(bridge(addr, &guest, &args).await, Duration::from_secs(120)).await;
    assert!(said.contains("1 ended"), "{said}");
    let (_, _, list) = request(addr, "GET", "/api/archive?player=kk-depth-3", &[], None).await;
    let list: Vec<Value> = serde_json::from_str(&list).unwrap();
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["termination"], "normal");
}
