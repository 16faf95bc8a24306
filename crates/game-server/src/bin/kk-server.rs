//! kk-server: the game server. One command starts it with its database (a
//! SQLite file, created on first run, or PostgreSQL for several processes)
//! and the page.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// Serves Kamisado, Katarenga and the Katarenga family to two people a
/// game, each with a secret link; every action is stored before it is
/// acknowledged, and a restarted server goes on with every game.
#[derive(Parser, Debug)]
#[command(name = "kk-server", version)]
struct Args {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Where the games are kept: a SQLite file (created if missing), for
    /// one server process; or a PostgreSQL URL
    /// (`postgres://user:password@host:port/name`), for any number of
    /// server processes sharing the games.
    #[arg(long, default_value = "kk-server.sqlite")]
    database: String,
    /// The page's folder, served at `/` (built by bindings/wasm/build.sh).
    #[arg(long, default_value = "web")]
    web: PathBuf,
    /// Seconds a player may be away before the opponent may claim the game.
    #[arg(long, default_value_t = 60.0)]
    grace: f64,
    /// Milliseconds of network lag credited to each action, at most.
    #[arg(long, default_value_t = 300)]
    lag_ms: u64,
    /// Games one address may create each second on average (behind a
    /// proxy every player has the proxy's address: raise it).
    #[arg(long, default_value_t = 0.5)]
    create_rate: f64,
    /// Games one address may create at once.
    #[arg(long, default_value_t = 20.0)]
    create_burst: f64,
    /// WebSocket connections one address may hold at once.
    #[arg(long, default_value_t = 64)]
    connections_per_address: usize,
    /// Logins and new accounts one address may try each second on average.
    #[arg(long, default_value_t = 1.0 / 6.0)]
    login_rate: f64,
    /// Logins and new accounts one address may try at once.
    #[arg(long, default_value_t = 10.0)]
    login_burst: f64,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let mut config = game_server::Config::new(game_server::store::Database::parse(&args.database));
    config.web = args.web.is_dir().then_some(args.web);
    config.grace = Duration::from_secs_f64(args.grace.max(0.0));
    config.lag_allowance = Duration::from_millis(args.lag_ms);
    config.create_rate = args.create_rate.max(0.0);
    config.create_burst = args.create_burst.max(1.0);
    config.max_connections_per_address = args.connections_per_address;
    config.login_rate = args.login_rate.max(0.0);
    config.login_burst = args.login_burst.max(1.0);
    let page = config.web.is_some();
    let database = config.database.to_string();
    match game_server::start(config, args.listen).await {
        Ok(running) => {
            println!(
                "kk-server: listening on http://{} (games kept in {database}{})",
                running.addr,
                if page {
                    ""
                } else {
                    "; no page folder: the API only"
                }
            );
            match running.serving.await {
                Ok(Ok(())) => ExitCode::SUCCESS,
                Ok(Err(e)) => {
                    eprintln!("kk-server: {e}");
                    ExitCode::FAILURE
                }
                Err(e) => {
                    eprintln!("kk-server: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("kk-server: {e}");
            ExitCode::FAILURE
        }
    }
}
