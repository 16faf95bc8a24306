//! Replies read back to what they write, and a controller reads leniently
//! what it does not know.

use game_protocol::{Info, OptionKind, Reply, Score};
use kamisado_core::Edge;

#[test]
fn replies_read_and_write() {
    let lines = [
        "id name kk-engine 0.1.0",
        "id author the kamisado-katarenga developers",
        "game kamisado",
        "game katarenga rules no-first-capture",
        "protocol 1",
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Solver type check default true",
        "option name Book type string default my book.txt",
        "option name Empty type string default ",
        "kkpok",
        "readyok",
        "info depth 9 score cp -35 nodes 120000 nps 1500000 time 80 pv h1h5 a8c6",
        "info score win 3 nodes 39 time 2 pv g8b3 d7d7 b3d1 string proved by the solver",
        "info score loss 12",
        "info score proven win nodes 5 string proved",
        "info score proven loss",
        "info string hello there",
        "bestmove d1d7",
        "bestmove none",
        "bestmove d1d7 ponder g8b3",
        "bestedge a",
        "bestedge h",
        "bestorient bottom",
        "bestorient right",
        "bestorient top",
        "bestorient left",
        "error no option \"Bogus\"",
    ];
    for line in lines {
        let reply: Reply = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(reply.to_string().trim_end(), line.trim_end());
    }
    let Ok(Reply::Info(info)) = "info score win 3 pv g8b3 d7d7 string proved".parse::<Reply>()
    else {
        panic!("an info");
    };
    assert_eq!(
        info,
        Info {
            score: Some(Score::Win(3)),
            pv: vec!["g8b3".into(), "d7d7".into()],
            string: Some("proved".into()),
            ..Info::default()
        }
    );
    assert_eq!(
        "bestedge h".parse::<Reply>(),
        Ok(Reply::BestEdge(Edge::HFile))
    );
    assert_eq!(
        "option name Hash type spin default 16 min 1 max 4096".parse::<Reply>(),
        Ok(Reply::Option {
            name: "Hash".into(),
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 4096
            }
        })
    );
}

/// What a controller must pass over (KKP 1): banners and messages it does
/// not know, unknown `info` fields (with their values), `info` lines it
/// cannot read, `ponder` after `bestmove`, `\r\n` line ends; while a
/// malformed `bestmove` or `bestedge` stays an error.
#[test]
fn a_controller_reads_leniently_what_it_does_not_know() {
    for line in [
        "Stockfish 17 by the Stockfish developers (see AUTHORS file)",
        "copyprotection ok",
        "registration checking",
        "",
        "   ",
        "info depth",
        "info score mate 3",
    ] {
        assert_eq!(Reply::read(line), Ok(None), "{line:?}");
    }
    let Ok(Some(Reply::Info(info))) = Reply::read(
        "info depth 9 seldepth 14 multipv 1 score cp 20 wdl 300 400 300 hashfull 12 nodes 99 tbhits 0 pv d1d7 g8b3",
    ) else {
        panic!("an info line");
    };
    assert_eq!(
        info,
        Info {
            depth: Some(9),
            score: Some(Score::Cp(20)),
            nodes: Some(99),
            pv: vec!["d1d7".into(), "g8b3".into()],
            ..Info::default()
        }
    );
    assert_eq!(
        Reply::read("bestmove d1d7 ponder g8b3\r"),
        Ok(Some(Reply::BestMove {
            best: Some("d1d7".into()),
            ponder: Some("g8b3".into())
        }))
    );
    assert_eq!(Reply::read("readyok\r"), Ok(Some(Reply::ReadyOk)));
    assert!(Reply::read("bestmove").is_err());
    assert!(Reply::read("bestedge z").is_err());
    assert!(Reply::read("bestorient z").is_err());
    assert!(Reply::read("bestmove d1d7 extra").is_err());
    // A proven result without its length never reads as a win in 0.
    let Ok(Some(Reply::Info(info))) = Reply::read("info score proven win nodes 7") else {
        panic!("an info line");
    };
    assert_eq!((info.score, info.nodes), (Some(Score::ProvenWin), Some(7)));
}
