//! kk-bridge: connects any KKP engine to a game server's Bot API, as
//! lichess-bot connects UCI engines to lichess. It listens to the bot's
//! event stream, accepts (or declines) challenges, follows each game on
//! its game stream, asks the engine when it is the bot's turn and posts
//! the answer. Each game has its own engine process.

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use clap::Parser;
use game_protocol::referee::{Controller, EngineSpec, TimeControl};
use game_records::{Phase, Table, TableAction, TableRecord};
use game_server::bots::{BotEvent, ChallengeView};
use game_server::{Snapshot, TimeControl as ServerClock};
use game_spec::{GameId, GameSpec};
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use kamisado_core::board_geometry::Player;
use serde_json::{Value, json};

/// Plays a KKP engine on a game server as a bot account: challenges
/// received are accepted (for the games given) or declined, and every game
/// of the bot is played by the engine.
#[derive(Parser, Debug)]
#[command(name = "kk-bridge", version)]
struct Args {
    /// The server (`https://host` or `http://host:port`).
    #[arg(long)]
    server: String,
    /// A PEM file of certificates to trust besides the usual authorities
    /// (a server with a certificate of its own).
    #[arg(long)]
    ca: Option<std::path::PathBuf>,
    /// The bot's token (`kkb_...`); better from the environment than on a
    /// command line that others may read.
    #[arg(long, env = "KK_BOT_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// The house bots: one bot a level, `kk-depth-N` playing the engine
    /// with its `Depth` option at N (each account made on first run, its
    /// token renewed after), in place of `--token`'s one bot.
    #[arg(long, value_delimiter = ',')]
    house: Vec<u32>,
    /// The house bots' password.
    #[arg(long, env = "KK_HOUSE_PASSWORD", hide_env_values = true)]
    password: Option<String>,
    /// The engine, as kk-referee takes it: `cmd=PROGRAM arg=... option.NAME=VALUE`.
    #[arg(long)]
    engine: String,
    /// The games whose challenges are accepted (a comma-separated list).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "kamisado,katarenga,congress,quebec,isolation"
    )]
    accept: Vec<GameId>,
    /// The most games played at once; challenges past it are declined.
    #[arg(long, default_value_t = 2)]
    concurrency: usize,
    /// Milliseconds the engine thinks a move in a game without a clock.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Challenges this player (a game at a time) until `--games` are
    /// played.
    #[arg(long)]
    challenge: Option<String>,
    /// The game a challenge offers (`GameSpec`'s text).
    #[arg(long, default_value = "kamisado")]
    spec: String,
    /// The time control a challenge offers, as JSON (the server's form:
    /// `{"type":"live","initial_ms":60000,"increment_ms":1000}`).
    #[arg(long, default_value = r#"{"type":"untimed"}"#)]
    clock: String,
    /// Whether a challenge is rated.
    #[arg(long)]
    rated: bool,
    /// Katarenga: whether Black first chooses the board's orientation in
    /// a challenge's game.
    #[arg(long)]
    choose_orientation: bool,
    /// Stops after this many games have ended (0: never).
    #[arg(long, default_value_t = 0)]
    games: u32,
}

type Http = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// The HTTP client: plain HTTP, or HTTPS trusting Mozilla's authorities
/// and the certificates in `ca`.
fn client(ca: Option<&std::path::Path>) -> Result<Http, String> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca {
        let shown = path.display();
        let certificates =
            CertificateDer::pem_file_iter(path).map_err(|e| format!("--ca {shown}: {e}"))?;
        let mut added = 0;
        for certificate in certificates {
            let certificate = certificate.map_err(|e| format!("--ca {shown}: {e}"))?;
            roots
                .add(certificate)
                .map_err(|e| format!("--ca {shown}: {e}"))?;
            added += 1;
        }
        if added == 0 {
            return Err(format!("--ca {shown}: no certificate in it"));
        }
    }
    // The crate's one provider compiled in (ring: a C compiler is all it
    // needs).
    let tls = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .build();
    Ok(Client::builder(TokioExecutor::new()).build(connector))
}

/// The server, as this bot.
#[derive(Clone)]
struct Api {
    http: Http,
    base: String,
    token: String,
}

/// How long a stream may be silent (it sends an empty line every five
/// seconds) before it is taken for lost and opened again.
const SILENCE: Duration = Duration::from_secs(20);

impl Api {
    fn request(&self, method: Method, path: &str, body: Option<&Value>) -> Request<Full<Bytes>> {
        let body = body.map(|b| Bytes::from(b.to_string())).unwrap_or_default();
        Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.token))
            .header("content-type", "application/json")
            .body(Full::new(body))
            .unwrap_or_default()
    }

    /// One request and its JSON answer.
    async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), String> {
        let response =
            tokio::time::timeout(SILENCE, self.http.request(self.request(method, path, body)))
                .await
                .map_err(|_| format!("{path}: no answer in {SILENCE:?}"))?
                .map_err(|e| format!("{path}: {}", chain(&e)))?;
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("{path}: {e}"))?
            .to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok((status, value))
    }

    /// Opens a stream: its lines, one at a time.
    async fn stream(&self, path: &str) -> Result<Lines, String> {
        let response = tokio::time::timeout(
            SILENCE,
            self.http.request(self.request(Method::GET, path, None)),
        )
        .await
        .map_err(|_| format!("{path}: no answer in {SILENCE:?}"))?
        .map_err(|e| format!("{path}: {}", chain(&e)))?;
        if !response.status().is_success() {
            let status = response.status();
            let bytes = response
                .into_body()
                .collect()
                .await
                .map(|b| b.to_bytes())
                .unwrap_or_default();
            return Err(format!(
                "{path}: {status} {}",
                String::from_utf8_lossy(&bytes)
            ));
        }
        Ok(Lines {
            body: response.into_body(),
            buffer: Vec::new(),
        })
    }
}

/// A stream's lines.
struct Lines {
    body: hyper::body::Incoming,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next line that is not empty; `None` when the stream ends, is
    /// silent too long, or fails.
    async fn next(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line).trim().to_string();
                if text.is_empty() {
                    continue;
                }
                return Some(text);
            }
            let frame = tokio::time::timeout(SILENCE, self.body.frame()).await;
            match frame {
                Ok(Some(Ok(frame))) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.extend_from_slice(&data);
                    }
                }
                _ => return None,
            }
        }
    }
}

/// An error with its causes (a connection's "client error (Connect)" says
/// nothing of the certificate refused without them).
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text += &format!(": {c}");
        cause = c.source();
    }
    text
}

fn say(text: &str) {
    eprintln!("kk-bridge: {text}");
}

impl Bridge {
    /// Says `text` about this bot (a process may play several).
    fn say(&self, text: &str) {
        eprintln!("kk-bridge: {}: {text}", self.name);
    }
}

/// What the bridge shares between its tasks.
struct Bridge {
    api: Api,
    args: Arc<Args>,
    name: String,
    engine: EngineSpec,
    playing: Mutex<HashSet<String>>,
    /// How many of its games have ended (counted by the games' own tasks,
    /// which see every end, even one while the event stream was lost).
    ended: tokio::sync::watch::Sender<u32>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let engine: EngineSpec = match args.engine.parse() {
        Ok(spec) => spec,
        Err(e) => {
            say(&format!("--engine: {e}"));
            return ExitCode::from(2);
        }
    };
    if !(args.server.starts_with("https://") || args.server.starts_with("http://")) {
        say("--server: an https:// or http:// address");
        return ExitCode::from(2);
    }
    let base = args.server.trim_end_matches('/').to_string();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            say(&format!("cannot start: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let http = match client(args.ca.as_deref()) {
        Ok(http) => http,
        Err(e) => {
            say(&e);
            return ExitCode::from(2);
        }
    };
    runtime.block_on(async move {
        let args = Arc::new(args);
        let api = |token: String| Api {
            http: http.clone(),
            base: base.clone(),
            token,
        };
        let mut bots = Vec::new();
        if args.house.is_empty() {
            let Some(token) = args.token.clone() else {
                say(
                    "--token (or KK_BOT_TOKEN) gives the bot's token; --house plays the house bots",
                );
                return ExitCode::from(2);
            };
            bots.push((api(token), engine));
        } else {
            let Some(password) = args.password.clone() else {
                say("--house needs --password (or KK_HOUSE_PASSWORD): the house bots' accounts'");
                return ExitCode::from(2);
            };
            for &level in &args.house {
                let name = format!("kk-depth-{level}");
                let token = match house_token(&api(String::new()), &name, &password).await {
                    Ok(token) => token,
                    Err(e) => {
                        say(&format!("{name}: {e}"));
                        return ExitCode::FAILURE;
                    }
                };
                let mut spec = engine.clone();
                spec.options.push(("Depth".into(), level.to_string()));
                bots.push((api(token), spec));
            }
        }
        let mut running = tokio::task::JoinSet::new();
        for (api, engine) in bots {
            running.spawn(run(api, Arc::clone(&args), engine));
        }
        let mut code = ExitCode::SUCCESS;
        while let Some(done) = running.join_next().await {
            if done.map_or(true, |c| c != ExitCode::SUCCESS) {
                code = ExitCode::FAILURE;
            }
        }
        code
    })
}

/// A house bot's token: its account made, or its token renewed.
async fn house_token(api: &Api, name: &str, password: &str) -> Result<String, String> {
    let body = json!({ "name": name, "password": password });
    let (status, made) = api
        .call(Method::POST, "/api/bot/account", Some(&body))
        .await?;
    let made = match (status, made["kind"].as_str()) {
        (StatusCode::CREATED, _) => made,
        (_, Some("name_taken")) => {
            let (status, renewed) = api
                .call(Method::POST, "/api/bot/token", Some(&body))
                .await?;
            if status != StatusCode::OK {
                return Err(format!("a new token refused: {status} {renewed}"));
            }
            renewed
        }
        _ => return Err(format!("the account refused: {status} {made}")),
    };
    made["token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no token in {made}"))
}

/// Plays one bot until its games are played (or for ever).
async fn run(api: Api, args: Arc<Args>, engine: EngineSpec) -> ExitCode {
    let name = match api.call(Method::GET, "/api/bot/account", None).await {
        Ok((StatusCode::OK, me)) => me["name"].as_str().unwrap_or_default().to_string(),
        Ok((status, e)) => {
            say(&format!("the server refused the token: {status} {e}"));
            return ExitCode::FAILURE;
        }
        Err(e) => {
            say(&format!("cannot reach the server: {e}"));
            return ExitCode::FAILURE;
        }
    };
    say(&format!("playing as {name}"));
    let bridge = Arc::new(Bridge {
        api,
        args,
        name,
        engine,
        playing: Mutex::new(HashSet::new()),
        ended: tokio::sync::watch::Sender::new(0),
    });
    listen(bridge).await
}

/// Follows the event stream (opened again whenever it is lost) until the
/// games asked for are played.
async fn listen(bridge: Arc<Bridge>) -> ExitCode {
    let mut backoff = Duration::from_millis(500);
    let mut challenged = false;
    let mut ended = bridge.ended.subscribe();
    loop {
        let mut lines = match bridge.api.stream("/api/bot/stream/event").await {
            Ok(lines) => lines,
            Err(e) if e.contains(" 401 ") => {
                bridge.say(&format!("event stream: {e}: the token opens no bot"));
                return ExitCode::FAILURE;
            }
            Err(e) => {
                bridge.say(&format!("event stream: {e}; trying again in {backoff:?}"));
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(30));
                continue;
            }
        };
        backoff = Duration::from_millis(500);
        if !challenged {
            challenged = true;
            challenge(&bridge).await;
        }
        loop {
            let line = tokio::select! {
                line = lines.next() => line,
                _ = ended.changed() => {
                    let done = *ended.borrow_and_update();
                    if bridge.args.games > 0 && done >= bridge.args.games {
                        withdraw(&bridge).await;
                        return ExitCode::SUCCESS;
                    }
                    challenge(&bridge).await;
                    continue;
                }
            };
            let Some(line) = line else { break };
            let event: BotEvent = match serde_json::from_str(&line) {
                Ok(event) => event,
                Err(e) => {
                    bridge.say(&format!("event stream: {e}: {line}"));
                    continue;
                }
            };
            match event {
                BotEvent::Challenge { challenge } => answer(&bridge, &challenge).await,
                BotEvent::ChallengeClosed { challenge } if challenge.status != "accepted" => {
                    bridge.say(&format!("challenge {} {}", challenge.id, challenge.status));
                }
                BotEvent::ChallengeClosed { .. } | BotEvent::GameFinish { .. } => {}
                BotEvent::GameStart { game } => {
                    let fresh = lock(&bridge.playing).insert(game.id.clone());
                    if fresh {
                        bridge.say(&format!("game {} as {}", game.id, game.seat));
                        let bridge = Arc::clone(&bridge);
                        tokio::spawn(async move {
                            let over = play(&bridge, &game.id, game.seat).await;
                            lock(&bridge.playing).remove(&game.id);
                            if over {
                                bridge.ended.send_modify(|n| *n += 1);
                                let done = *bridge.ended.borrow();
                                bridge.say(&format!("game {} over ({done} ended)", game.id));
                            }
                        });
                    }
                }
            }
        }
        bridge.say("event stream lost: opening it again");
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Challenges `--challenge`'s player, if asked to.
async fn challenge(bridge: &Bridge) {
    let Some(to) = &bridge.args.challenge else {
        return;
    };
    let clock: Value =
        serde_json::from_str(&bridge.args.clock).unwrap_or(json!({"type":"untimed"}));
    let body = json!({
        "to": to,
        "spec": bridge.args.spec,
        "clock": clock,
        "rated": bridge.args.rated,
        "choose_orientation": bridge.args.choose_orientation,
    });
    match bridge
        .api
        .call(Method::POST, "/api/challenges", Some(&body))
        .await
    {
        Ok((StatusCode::CREATED, made)) => bridge.say(&format!("challenged {to}: {}", made["id"])),
        Ok((status, e)) => bridge.say(&format!("challenging {to} refused: {status} {e}")),
        Err(e) => bridge.say(&format!("challenging {to}: {e}")),
    }
}

/// Cancels the bot's open challenges (it stops: nobody should accept them).
async fn withdraw(bridge: &Bridge) {
    let Ok((StatusCode::OK, open)) = bridge.api.call(Method::GET, "/api/challenges", None).await
    else {
        return;
    };
    for challenge in open.as_array().into_iter().flatten() {
        if challenge["from"].as_str() == Some(bridge.name.as_str()) {
            let id = challenge["id"].as_str().unwrap_or_default();
            let path = format!("/api/challenges/{id}/cancel");
            let _ = bridge.api.call(Method::POST, &path, None).await;
        }
    }
}

/// Accepts a challenge to this bot that it can play, declines the others.
async fn answer(bridge: &Bridge, challenge: &ChallengeView) {
    if challenge.to.as_deref() != Some(bridge.name.as_str()) {
        return;
    }
    let game = challenge.spec.parse::<GameSpec>().map(|spec| spec.game());
    let busy = lock(&bridge.playing).len() >= bridge.args.concurrency;
    let how = if game.is_ok_and(|g| bridge.args.accept.contains(&g)) && !busy {
        "accept"
    } else {
        "decline"
    };
    let path = format!("/api/challenges/{}/{how}", challenge.id);
    match bridge.api.call(Method::POST, &path, None).await {
        Ok((status, _)) if status.is_success() => {
            bridge.say(&format!("{how}ed {} from {}", challenge.id, challenge.from));
        }
        Ok((status, e)) => bridge.say(&format!("{path}: {status} {e}")),
        Err(e) => bridge.say(&e),
    }
}

/// A game as the engine is asked about it.
struct Turn {
    spec: GameSpec,
    table: Table,
    /// The position the current round (or game) started from, and the
    /// moves since.
    start: String,
    moves: Vec<String>,
    time: [TimeControl; 2],
    round: u32,
}

/// The game `state` describes (the server's snapshot), replayed.
fn turn(state: &Snapshot, movetime: Duration) -> Result<Turn, String> {
    let spec: GameSpec = state.spec.parse().map_err(|e| format!("spec: {e}"))?;
    let mut actions = Vec::new();
    for (player, text) in &state.actions {
        let action = TableAction::parse(spec.game(), text).map_err(|e| e.to_string())?;
        actions.push((*player, action));
    }
    let choosing = state.phase == Phase::ChooseOrientation
        || matches!(
            actions.first(),
            Some((_, TableAction::ChooseOrientation(_)))
        );
    let mut table = if choosing {
        Table::choosing_orientation(spec).unwrap_or_else(|| Table::new(spec))
    } else {
        Table::new(spec)
    };
    let mut start = table.position().to_string();
    let mut moves = Vec::new();
    for (player, action) in actions {
        table.act(player, action).map_err(|e| e.to_string())?;
        if let TableAction::Move(mv) = action {
            moves.push(mv.to_string());
        } else {
            start = table.position().to_string();
            moves.clear();
        }
    }
    let time = match (state.control, state.clocks) {
        (ServerClock::Live { increment_ms, .. }, Some(left)) => left.map(|ms| TimeControl::Clock {
            base: Duration::from_millis(ms),
            increment: Duration::from_millis(increment_ms),
        }),
        _ => [TimeControl::MoveTime(movetime); 2],
    };
    let round = state.round.unwrap_or(1);
    Ok(Turn {
        spec,
        table,
        start,
        moves,
        time,
        round,
    })
}

/// The engine's action at `turn` for `seat`.
fn think(engine: &mut Controller, turn: &Turn, seat: Player) -> Result<String, String> {
    let fault = |f: game_protocol::referee::Fault| f.to_string();
    match turn.table.phase() {
        Phase::Move => {
            if let Some(played) = turn.table.kamisado_match() {
                engine.match_state(played, turn.round).map_err(fault)?;
            }
            engine
                .best_move(turn.spec, &turn.start, turn.moves.clone(), turn.time, seat)
                .map_err(fault)
        }
        Phase::ChooseEdge => {
            let played = turn
                .table
                .kamisado_match()
                .ok_or("an edge to choose outside a Kamisado match")?;
            let edge = engine
                .best_edge(turn.spec, played, turn.time, seat)
                .map_err(fault)?;
            Ok(TableAction::ChooseEdge(edge).to_string())
        }
        Phase::ChooseOrientation => {
            let TableRecord::Katarenga(record) = turn.table.record() else {
                return Err("an orientation to choose outside Katarenga".into());
            };
            let orientation = engine
                .best_orientation(turn.spec, &record.board, turn.time, seat)
                .map_err(fault)?;
            Ok(TableAction::ChooseOrientation(orientation).to_string())
        }
        phase => Err(format!("cannot {phase}")),
    }
}

/// Plays game `id` as `seat` until it is over (`true`), or the server
/// refuses to show it (`false`).
async fn play(bridge: &Bridge, id: &str, seat: Player) -> bool {
    let engine = Arc::new(Mutex::new(Controller::new(
        bridge.engine.clone(),
        Duration::from_secs(10),
        Duration::from_millis(200),
        None,
    )));
    let mut started = false;
    // The first number of events whose state the bot may act on: never
    // twice on one state, nor on a state older than its last action.
    let mut fresh_from = 0u64;
    let movetime = Duration::from_millis(bridge.args.movetime);
    loop {
        let path = format!("/api/bot/game/{id}/stream");
        let mut lines = match bridge.api.stream(&path).await {
            Ok(lines) => lines,
            Err(e) => {
                bridge.say(&format!("game {id}: {e}"));
                if e.contains("404") || e.contains("403") {
                    return false;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        while let Some(line) = lines.next().await {
            let Ok(message) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if message["type"] == "error" {
                bridge.say(&format!("game {id}: {}", message["message"]));
                continue;
            }
            let Ok(state) = serde_json::from_value::<Snapshot>(message["state"].clone()) else {
                continue;
            };
            if state.result != "*" {
                bridge.say(&format!(
                    "game {id}: {} ({})",
                    state.result, state.termination
                ));
                return true;
            }
            let n = state.n;
            if state.actor != Some(seat) || n < fresh_from {
                continue;
            }
            let action = match turn(&state, movetime) {
                Ok(turn) => {
                    let first = !started;
                    started = true;
                    let engine = Arc::clone(&engine);
                    let thought = tokio::task::spawn_blocking(move || {
                        let mut engine = lock(&engine);
                        if first {
                            engine.new_game(turn.spec).map_err(|f| f.to_string())?;
                        }
                        think(&mut engine, &turn, seat)
                    })
                    .await
                    .unwrap_or_else(|e| Err(e.to_string()));
                    match thought {
                        Ok(action) => action,
                        Err(e) => {
                            // The engine failed: the game is given up rather
                            // than left to run out of time.
                            bridge.say(&format!("game {id}: the engine failed ({e}): resigning"));
                            "resign".into()
                        }
                    }
                }
                Err(e) => {
                    bridge.say(&format!(
                        "game {id}: the state does not replay ({e}): resigning"
                    ));
                    "resign".into()
                }
            };
            fresh_from = n + 1;
            let body = json!({ "action": action });
            let path = format!("/api/bot/game/{id}/act");
            match bridge.api.call(Method::POST, &path, Some(&body)).await {
                // States sent before this action are stale from now on.
                Ok((StatusCode::OK, after)) => {
                    fresh_from = fresh_from.max(after["n"].as_u64().unwrap_or(0));
                }
                Ok((status, e)) => {
                    bridge.say(&format!("game {id}: {action} refused: {status} {e}"))
                }
                Err(e) => {
                    // Not heard by the server, perhaps: the stream is opened
                    // again and the turn taken anew from its state.
                    bridge.say(&format!("game {id}: {action}: {e}"));
                    fresh_from = n;
                    break;
                }
            }
        }
    }
}
