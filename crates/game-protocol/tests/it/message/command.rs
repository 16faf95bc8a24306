//! Commands read back to what they write.

use game_protocol::{Command, GameId, Go, Start};

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
