//! A bot behind KKP in a dozen lines: any `game_search::Agent` (here the
//! greedy player in Kamisado and a shallow search in Katarenga) speaks
//! the protocol through the engine loop, so that `kk-referee` or a GUI can
//! play it:
//!
//! ```sh
//! cargo build --release -p game-protocol --example bot
//! target/release/kk-referee --game katarenga --games 10 --tc movetime=100 \
//!     --engine "cmd=target/release/examples/bot" --engine "cmd=target/release/kk-engine"
//! ```

use game_protocol::engine::{self, AgentEngine};
use game_search::{GreedyAgent, Limits, SearchAgent};

fn main() -> std::io::Result<()> {
    let search = SearchAgent::new(Limits::depth(3), 4).map_err(std::io::Error::other)?;
    let bot = AgentEngine::new("bot")
        .with_author("you")
        .kamisado(GreedyAgent::new(1))
        .katarenga(search);
    engine::run_with(bot, std::io::stdin().lock(), std::io::stdout())
}
