//! Malformed lines are refused at the word at fault.

use game_protocol::{Command, MessageError, Reply};

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
