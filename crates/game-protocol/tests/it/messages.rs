//! Every message reads back to what it writes, and malformed lines are
//! refused at the word at fault.

use game_protocol::{Command, GameId, Go, Info, MessageError, OptionKind, Reply, Score, Start};
use kamisado_core::Edge;

#[test]
fn commands_read_and_write() {
    let lines = [
        "kkp",
        "isready",
        "stop",
        "quit",
        "setoption name Hash value 64",
        "setoption name Clear",
        "setoption name Book value my book.txt",
        "newgame kamisado",
        "newgame katarenga rules standard",
        "position startpos",
        "position startpos moves d1d7 g8b3",
        "position tiles 1f0 2b1 3f2 4f3 moves a8a7",
        "position notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g",
        "position notation obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO w g moves b3d1",
        "go",
        "go movetime 100",
        "go depth 9 nodes 1000",
        "go btime 60000 wtime 50000 binc 500 winc 400 movestogo 10",
        "go infinite",
        "edge 3 0 1",
        "edge 7 3 1 movetime 250",
        "orient",
        "orient movetime 400",
        "match 7 3 1 4",
    ];
    for line in lines {
        let command: Command = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(command.to_string(), line);
    }
    assert_eq!(
        "go   btime 1  wtime 2".parse::<Command>(),
        Ok(Command::Go(Go {
            time: [Some(1), Some(2)],
            ..Go::default()
        }))
    );
    assert_eq!(
        "setoption name Book value my book.txt".parse::<Command>(),
        Ok(Command::SetOption {
            name: "Book".into(),
            value: "my book.txt".into()
        })
    );
    let Ok(Command::Position {
        start: Start::Notation(n),
        moves,
    }) = "position notation obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - moves d1d7".parse::<Command>()
    else {
        panic!("a position");
    };
    assert_eq!(n, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -");
    assert_eq!(moves, ["d1d7"]);
    assert_eq!(
        "newgame katarenga rules standard".parse::<Command>(),
        Ok(Command::NewGame {
            game: GameId::Katarenga,
            rules: vec!["standard".into()]
        })
    );
}

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

fn command_error(line: &str) -> MessageError {
    line.parse::<Command>().expect_err(line)
}

fn reply_error(line: &str) -> MessageError {
    line.parse::<Reply>().expect_err(line)
}

#[test]
fn malformed_lines_are_refused_at_the_word_at_fault() {
    let e = command_error("");
    assert_eq!((e.word, e.found.as_str()), (1, "the end of the line"));
    let e = command_error("fly away");
    assert_eq!(e.word, 1);
    assert!(
        e.to_string().starts_with("word 1: expected a command"),
        "{e}"
    );
    assert_eq!(command_error("go movetime soon").word, 3);
    assert_eq!(command_error("go depth 3 later").word, 4);
    assert_eq!(command_error("go movetime -5").word, 3);
    assert_eq!(command_error("newgame chess").word, 2);
    assert_eq!(command_error("position").word, 2);
    assert_eq!(command_error("position somewhere").word, 2);
    assert_eq!(command_error("position tiles 1f0 2f0 3f0").word, 6);
    assert_eq!(command_error("position tiles 1f0 2f0 3f0 9f0").word, 6);
    assert_eq!(command_error("position notation moves d1d7").word, 3);
    assert_eq!(command_error("setoption Hash 3").word, 2);
    assert_eq!(command_error("edge 3 0").word, 4);
    assert_eq!(command_error("edge 3 0 1 movetime").word, 6);
    assert_eq!(command_error("kkp please").word, 2);
    assert_eq!(reply_error("bestedge b").word, 2);
    assert_eq!(reply_error("bestorient north").word, 2);
    assert_eq!(reply_error("bestorient").word, 2);
    assert_eq!(command_error("orient movetime").word, 3);
    assert_eq!(command_error("orient 5").word, 2);
    assert_eq!(reply_error("bestmove").word, 2);
    assert_eq!(reply_error("bestmove d1d7 g8b3").word, 3);
    assert_eq!(reply_error("info depth deep").word, 3);
    assert_eq!(reply_error("info score mate 3").word, 3);
    assert_eq!(reply_error("info score proven draw").word, 4);
    assert_eq!(reply_error("bestmove d1d7 ponder").word, 4);
    assert_eq!(reply_error("protocol one").word, 2);
    assert_eq!(command_error("match 7 3 1").word, 5);
    assert_eq!(
        reply_error("option name Hash type spin default 1 min 0").word,
        10
    );
    assert_eq!(reply_error("option name Hash type slider").word, 5);
    assert_eq!(
        reply_error("option name Solver type check default maybe").word,
        7
    );
    assert_eq!(reply_error("id nickname x").word, 2);
    assert_eq!(reply_error("game chess").word, 2);
    assert_eq!(reply_error("hello").word, 1);
}

/// The session in `docs/protocol.md` is made of messages this crate reads
/// and writes back as they stand.
#[test]
fn the_specification_s_session_is_well_formed() {
    let page = include_str!("../../../../docs/protocol.md");
    let start = page.find("## A session").unwrap();
    let block = &page[start..];
    let block = &block[block.find("```text\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let (mut commands, mut replies) = (0, 0);
    for line in block.lines() {
        if let Some(c) = line.strip_prefix("> ") {
            let command: Command = c.parse().unwrap_or_else(|e| panic!("{c}: {e}"));
            assert_eq!(command.to_string(), c);
            commands += 1;
        } else if let Some(r) = line.strip_prefix("< ") {
            let reply: Reply = r.parse().unwrap_or_else(|e| panic!("{r}: {e}"));
            assert_eq!(reply.to_string(), r);
            replies += 1;
        } else {
            panic!("{line:?} is neither sent nor answered");
        }
    }
    assert!(commands >= 10 && replies >= 15, "{commands} {replies}");
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
