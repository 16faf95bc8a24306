//! The `kk-play` session driven with scripted input (in-memory input and
//! output): moves, refusals, undo, matches, set-ups and the computer.

use std::io::Cursor;

use clap::Parser;
use kk_apps::cli::CliError;
use kk_apps::play::{Console, MAX_LINE, PlayArgs, run};
use test_support::cli::assert_contains;

/// A session as a person at a terminal has it (refusals in the output).
fn play_bytes(args: &[&str], input: &[u8]) -> Result<String, CliError> {
    let (result, out, errors) = session(args, input, Console::default());
    assert_eq!(
        errors, "",
        "an interactive session writes nothing to stderr"
    );
    result.map(|()| out)
}

/// A session in `console`'s mode: its result, its output and its errors.
fn session(
    args: &[&str],
    input: &[u8],
    console: Console,
) -> (Result<(), CliError>, String, String) {
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    // Arguments clap refuses are usage errors, as the program's are.
    let result = PlayArgs::try_parse_from(std::iter::once("kk-play").chain(args.iter().copied()))
        .map_err(|e| CliError::Usage(e.to_string()))
        .and_then(|args| {
            run(
                args,
                &mut Cursor::new(input.to_vec()),
                &mut out,
                &mut errors,
                console,
            )
        });
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("utf-8 output");
    (result, text(out), text(errors))
}

/// Two people at the keyboard play a Kamisado match to 3 points.
const HUMANS_PLAY_A_MATCH_TO_3: [&str; 6] = [
    "--game",
    "kamisado target=3",
    "--black",
    "human",
    "--white",
    "human",
];

fn scripted(args: &[&str], input: &str) -> (Result<(), CliError>, String, String) {
    let console = Console {
        colour: false,
        scripted: true,
    };
    session(args, input.as_bytes(), console)
}

/// A script's refused line is reported on stderr with its line number, not
/// among the boards, and fails the session; so does a script that ends
/// before the game, with a word saying so.
#[test]
fn a_script_s_refused_lines_and_early_end_are_errors() {
    let humans = ["--game", "kamisado", "--black", "human", "--white", "human"];
    let (result, out, errors) = scripted(&humans, "d1d8\nquit\n");
    assert_eq!(errors, "line 1: illegal move d1d8: d8 is occupied\n");
    assert!(
        !out.contains("d8 is occupied") && !out.contains("try again"),
        "{out}"
    );
    assert!(
        matches!(&result, Err(CliError::Failed(m)) if m == "input line 1 was refused"),
        "{result:?}"
    );
    // Each refusal is counted; the session goes on after it.
    let (result, _, errors) = scripted(&humans, "d1\nd1d7\nb8\nzz\nquit\n");
    assert!(
        errors.starts_with("line 1: malformed move \"d1\""),
        "{errors}"
    );
    assert_contains(&errors, "line 3: malformed move \"b8\"");
    assert!(
        matches!(&result, Err(CliError::Failed(m)) if m.contains("3 input lines were refused (lines 1, 3, 4)")),
        "{result:?}"
    );
    // The input ends before the game: said, and an error.
    let (result, out, _) = scripted(&humans, "d1d7\ng8b3\n");
    assert!(
        out.ends_with("the input ended before the game did\n"),
        "{out}"
    );
    assert!(
        matches!(&result, Err(CliError::Failed(m)) if m.contains("input ended")),
        "{result:?}"
    );
    // A script that plays the game to its end, or quits, succeeds.
    let (result, out, errors) = scripted(&humans, "d1d7\ng8b3\nd7d7\nb3d1\n");
    assert!(result.is_ok() && errors.is_empty(), "{result:?} {errors}");
    assert_contains(&out, "white wins the match");
    let (result, out, _) = scripted(&humans, "d1d7\nquit\n");
    assert!(result.is_ok(), "{result:?}");
    assert_contains(&out, "quit: the game is not finished");
    // Each line read is echoed after its prompt, so that the prompt never
    // runs into the next board line.
    assert_contains(&out, "black to move> d1d7\n");
    assert!(!out.contains("> 8"), "{out}");
    // A refused edge choice counts too.
    let (result, _, errors) = scripted(
        &HUMANS_PLAY_A_MATCH_TO_3,
        "d1d7\ng8b3\nd7d7\nb3d1\nx\na\nquit\n",
    );
    assert_eq!(errors, "line 5: \"x\" is not an edge\n");
    assert!(result.is_err());
}

/// The plain drawings (`O:o`, `Rw`) come with a legend of their symbols.
#[test]
fn the_plain_drawings_have_a_legend() {
    let out = play(&["--game", "kamisado", "--black", "human"], "quit\n").unwrap();
    assert!(
        out.starts_with("legend: each square is its colour, ':', then its tower or '.'"),
        "{out}"
    );
    assert!(
        out.contains("K pink") && out.contains("uppercase Black"),
        "{out}"
    );
    let out = play(&["--game", "katarenga", "--white", "human"], "quit\n").unwrap();
    assert!(
        out.starts_with("legend: each square is its colour, then its piece"),
        "{out}"
    );
    assert_contains(&out, "G green: a knight");
    // In colour the board explains itself: no legend.
    let (_, out, _) = session(
        &["--game", "kamisado"],
        b"quit\n",
        Console {
            colour: true,
            scripted: false,
        },
    );
    assert!(!out.contains("legend"), "{out}");
}

/// At a terminal, input that ends before the game does ends the session
/// with a message saying so.
#[test]
fn input_that_ends_before_the_game_is_reported() {
    let out = play(
        &["--game", "kamisado", "--black", "human", "--white", "human"],
        "d1d7\n",
    )
    .unwrap();
    assert!(
        out.ends_with("the input ended before the game did\n"),
        "{out}"
    );
}

fn play(args: &[&str], input: &str) -> Result<String, CliError> {
    play_bytes(args, input.as_bytes())
}

#[test]
fn play_a_scripted_kamisado_round() {
    let input = "moves\nd1d8\nd1\nd1d7\ng8b3\nundo\ng8b3\nd7d7\nb3d1\n";
    let out = play(
        &["--game", "kamisado", "--black", "human", "--white", "human"],
        input,
    )
    .unwrap();
    // `moves` lists the legal moves of the start.
    assert_contains(&out, "legal moves: a1a2");
    // An illegal move and a malformed one are refused with the reason.
    assert_contains(&out, "illegal move d1d8: d8 is occupied");
    assert_contains(&out, "malformed move \"d1\"");
    // The pass and the arrival: White wins with the green tower.
    assert_contains(&out, "white wins: the green tower reached the goal row");
    assert_contains(&out, "white wins the match, black 0 - white 1");
}

/// The edge chosen decides the next round's start: from the a-file the
/// promoted green tower lands on h8, from the h-file on a8.
#[test]
fn play_a_kamisado_match_with_an_edge_choice() {
    let args = HUMANS_PLAY_A_MATCH_TO_3;
    let a = play(&args, "d1d7\ng8b3\nd7d7\nb3d1\nx\na\nquit\n").unwrap();
    assert_contains(&a, "\"x\" is not an edge; type a or h");
    assert_contains(&a, "white refills from the a-file edge; round 2 begins");
    // The plain drawing of the next round: rank 8 as the a-file refill
    // leaves it, the sumo green tower in the h-file corner.
    assert_contains(
        &a,
        "8 O:o    B:b    P:p    K:k    Y:y    R:r    G:n    N:g+",
    );
    let h = play(&args, "d1d7\ng8b3\nd7d7\nb3d1\nh\nquit\n").unwrap();
    assert_contains(&h, "white refills from the h-file edge; round 2 begins");
    assert_contains(&h, "8 O:g+   B:o    P:b    K:p    Y:k    R:y    G:r    N:n");
}

#[test]
fn play_katarenga_against_the_computer() {
    // White (human) moves first; the computer answers; then quit.
    let out = play(
        &[
            "--game",
            "katarenga",
            "--white",
            "human",
            "--black",
            "computer",
        ],
        "a8a7\nquit\n",
    )
    .unwrap();
    assert_contains(&out, "black plays");
    let out = play(
        &[
            "--game",
            "katarenga board=1f0,2b1,3f2,4f3",
            "--white",
            "human",
        ],
        "quit\n",
    )
    .unwrap();
    assert_contains(&out, "white to move");
}

/// `rules=no-first-capture` in the game spec: the human's first-move
/// capture is refused with the rule's reason, the next move is taken.
#[test]
fn play_katarenga_without_a_first_capture() {
    let board = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB";
    let standard = format!("katarenga board={board}");
    let args = [
        "--game", &standard, "--white", "human", "--black", "computer",
    ];
    let rule = format!("katarenga rules=no-first-capture board={board}");
    let mut option = args.to_vec();
    option[1] = &rule;
    let out = play(
        &option,
        "h8a1
a8a7
quit
",
    )
    .unwrap();
    assert_contains(&out, "no capture on your first move");
    assert_contains(&out, "black plays");
    // Without the option the capture is a move like another.
    let out = play(
        &args,
        "h8a1
quit
",
    )
    .unwrap();
    assert!(!out.contains("no capture on your first move"), "{out}");
    assert_contains(&out, "black plays");
}

#[test]
fn the_computer_plays_at_the_chosen_strength() {
    for strength in [
        &["--depth", "0"][..],
        &["--depth", "2"],
        &["--movetime", "5"],
        &["--nodes", "300"],
    ] {
        let mut args = vec![
            "--game", "kamisado", "--black", "computer", "--white", "computer",
        ];
        args.extend_from_slice(strength);
        let out = play(&args, "").unwrap();
        assert!(out.contains("wins the match"), "{args:?}: {out}");
    }
    assert!(matches!(
        play(&["--depth", "x"], ""),
        Err(CliError::Usage(_))
    ));
    for bad in [
        // The old name of --movetime is gone (nothing was released).
        &["--think", "5"][..],
        &["--movetime", "0"],
        &["--nodes", "0"],
        // One budget at a time.
        &["--depth", "2", "--nodes", "300"],
    ] {
        assert!(matches!(play(bad, ""), Err(CliError::Usage(_))), "{bad:?}");
    }
}

/// A node budget plays the same game on any machine (a time does not):
/// two runs give the same transcript.
#[test]
fn a_node_budget_is_reproducible() {
    let args = [
        "--game",
        "katarenga",
        "--black",
        "computer",
        "--white",
        "computer",
        "--nodes",
        "2000",
        "--max-plies",
        "40",
    ];
    let first = play(&args, "").unwrap();
    assert_eq!(first, play(&args, "").unwrap());
    assert_contains(&first, "last move");
}

/// The spec's `board=` takes tiles or colours, and `--arrangement N` is
/// the board the page and Python number N.
#[test]
fn boards_by_tiles_or_arrangement_number() {
    use katarenga_core::TilePlacement;
    // The drawing of the start (what comes before the first prompt).
    let board_line = |args: &[&str]| {
        let mut all = vec!["--black", "human", "--white", "human"];
        all.extend_from_slice(args);
        if !all.contains(&"--game") {
            all.extend_from_slice(&["--game", "katarenga"]);
        }
        let (result, out, _) = scripted(&all, "quit\n");
        assert!(result.is_ok(), "{args:?}: {result:?}");
        out.split("to move>").next().expect("a prompt").to_string()
    };
    let tiled = board_line(&["--game", "katarenga board=1f0,2b1,3f2,4b3"]);
    assert_ne!(
        tiled,
        board_line(&["--game", "katarenga board=1f0,2f0,3f0,4f0"])
    );
    let colours = katarenga_core::Board::from_tiles(
        ["1f0", "2b1", "3f2", "4b3"].map(|t| t.parse::<TilePlacement>().unwrap()),
    )
    .unwrap()
    .to_string();
    assert_eq!(
        tiled,
        board_line(&["--game", &format!("katarenga board={colours}")])
    );
    for index in [0, 777, TilePlacement::ARRANGEMENTS - 1] {
        let tiles: Vec<String> = TilePlacement::arrangement(index)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            board_line(&["--arrangement", &index.to_string()]),
            board_line(&["--game", &format!("katarenga board={}", tiles.join(","))]),
            "{index}"
        );
    }
    assert_ne!(
        board_line(&["--arrangement", "0"]),
        board_line(&["--arrangement", "1"])
    );
    for bad in ["98304", "-1", "x"] {
        assert!(
            matches!(
                play(&["--game", "katarenga", "--arrangement", bad], ""),
                Err(CliError::Usage(_))
            ),
            "{bad}"
        );
    }
}

/// `help` at a prompt lists the commands; a script's `help` is not a
/// refused move.
#[test]
fn help_at_a_prompt_lists_the_commands() {
    let humans = ["--game", "kamisado", "--black", "human", "--white", "human"];
    let (result, out, errors) = scripted(&humans, "help\nquit\n");
    assert_eq!(errors, "");
    assert!(result.is_ok(), "{result:?}");
    assert_contains(&out, "'moves' lists the legal moves");
    let out = play_bytes(&humans, b"?\nquit\n").unwrap();
    assert_contains(&out, "'undo' takes back your last move");
}

#[test]
fn the_demo_plays_both_games_to_their_end() {
    let out = play(&["--demo"], "").unwrap();
    assert_contains(&out, "wins the match");
    let katarenga = &out[out.find("Katarenga on the standard board").unwrap()..];
    let ended = ["wins: both camps taken", "has fewer than 2 pieces", "draw"];
    assert!(ended.iter().any(|e| katarenga.contains(e)), "{katarenga}");
}

/// Two computers on an all-blue board, which repeat four plies, end the
/// game by the project's repetition rule, and the session says so.
#[test]
fn an_endless_katarenga_game_is_adjudicated() {
    let board = "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB";
    let out = play(
        &[
            "--black",
            "computer",
            "--white",
            "computer",
            // At depth 1 the players shuffle for ever (from depth 2 on,
            // since the quiescence search, they find a way to win).
            "--depth",
            "1",
            "--game",
            &format!("katarenga board={board}"),
        ],
        "",
    )
    .unwrap();
    assert!(
        out.contains("draw by repetition") || out.contains("reached 1000 plies"),
        "{}",
        &out[out.len().saturating_sub(2000)..]
    );
    assert!(out.contains("the printed rules have no draw"));
    // A ply limit ends games too.
    let out = play(
        &[
            "--game",
            "katarenga",
            "--black",
            "computer",
            "--white",
            "computer",
            "--depth",
            "0",
            "--max-plies",
            "6",
        ],
        "",
    )
    .unwrap();
    assert_contains(&out, "reached 6 plies");
}

#[test]
fn bad_input_lines_are_refused_not_fatal() {
    let args = ["--game", "kamisado", "--black", "human", "--white", "human"];
    // Bytes that are not UTF-8, then a line longer than the bound, then a
    // legal move and quit: the session goes on after each bad line.
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', MAX_LINE * 3));
    input.extend_from_slice(b"\nd1d7\nquit\n");
    let out = play_bytes(&args, &input).unwrap();
    assert_contains(&out, "the line is not valid UTF-8; try again");
    assert_contains(&out, "the line is longer than 4096 bytes");
    assert_contains(&out, "white to move> ");
    // A long line without a newline at the end of the input is refused too.
    let mut input = b"d1d7\n".to_vec();
    input.extend(std::iter::repeat_n(b'y', MAX_LINE + 10));
    let out = play_bytes(&args, &input).unwrap();
    assert_contains(&out, "the line is longer than 4096 bytes");
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["chess"][..],
        &["--black", "robot"],
        &["--game", "kamisado target=0"],
        &["--game", "katarenga board=1f0,1f0,3f0,4f0"],
        &["--game", "katarenga board=RRR"],
        &["--game", "kamisado board=1f0,2f0,3f0,4f0"],
        // A field of the other game is refused, not ignored.
        &["--game", "katarenga target=3"],
        &["--game", "katarenga rules=sumo"],
        &[
            "--game",
            "katarenga",
            "--arrangement",
            "1",
            "--game",
            "katarenga board=1f0,2b1,3f2,4b3",
        ],
        &["kamisado"],
        &["--bogus"],
        &["--seed"],
    ] {
        assert!(
            matches!(play(args, ""), Err(CliError::Usage(_))),
            "{args:?}"
        );
    }
    // Each game refuses the other's options the same way.
    let message = |args: &[&str]| match play(args, "") {
        Err(CliError::Usage(m)) => m,
        other => panic!("{args:?}: {other:?}"),
    };
    assert!(
        message(&["--game", "katarenga target=3"])
            .contains("katarenga has no field target (its fields: rules, board)")
    );
    for other in [
        &["--game", "kamisado", "--arrangement", "7"][..],
        &["--game", "kamisado", "--orientation", "top"],
        &["--game", "kamisado", "--rematch"],
    ] {
        assert_eq!(
            message(other),
            "--arrangement, --orientation and --rematch are for Katarenga"
        );
    }
    // Seed 0 is a seed like any other.
    assert!(play(&["--seed", "0", "--black", "computer", "--depth", "0"], "").is_ok());
}

/// Katarenga's set-up in `play`: a person at Black chooses the edge (a
/// bad answer refused), and the game starts on the laid board turned to
/// it; the computer chooses as its search prefers; with `--rematch` the
/// sides are exchanged and the points added.
#[test]
fn play_katarenga_with_the_orientation_chosen_and_a_rematch() {
    use katarenga_core::{Board, Orientation, Position};
    let (result, out, errors) = scripted(
        &[
            "--game",
            "katarenga",
            "--orientation",
            "choose",
            "--depth",
            "1",
        ],
        "north\ntop\nquit\n",
    );
    assert_eq!(errors, "line 1: \"north\" is not an edge\n", "{out}");
    assert!(result.is_err(), "a refused line fails a script");
    assert_contains(&out, "Black sits at the top edge of the laid board");
    // The drawing after the choice is the start on the turned board.
    let turned = Position::start_on(Board::standard().turned(Orientation::Top));
    assert!(out.contains(&turned.pretty().to_string()), "{out}");

    // Computer against computer: the computer's choice and a rematch with
    // the points of both games.
    let out = play(
        &[
            "--game",
            "katarenga",
            "--orientation",
            "choose",
            "--black",
            "computer",
            "--depth",
            "1",
            "--rematch",
        ],
        "",
    )
    .unwrap();
    let setup = katarenga_core::Setup::new(Board::standard(), katarenga_core::Rules::Standard);
    let mut agent =
        game_search::SearchAgent::<Position>::new(game_search::Limits::depth(1), 4).unwrap();
    let expected = game_search::play::choose_orientation(&mut agent, &setup);
    assert!(
        out.contains(&format!("Black sits at the {expected} edge")),
        "{out}"
    );
    assert_contains(&out, "The rematch: the same start");
    let points = out
        .lines()
        .find_map(|l| l.strip_prefix("match: the first player (Black, then White) "))
        .expect("the match's points");
    let numbers: Vec<f64> = points
        .split(" - the second player ")
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(numbers.iter().sum::<f64>(), 2.0, "{points}");

    // A fixed edge, and the options refused where they do not belong.
    let out = play(
        &[
            "--game",
            "katarenga",
            "--orientation",
            "left",
            "--black",
            "computer",
            "--depth",
            "1",
        ],
        "",
    )
    .unwrap();
    assert_contains(&out, "Black sits at the left edge");
    for bad in [
        &["--game", "kamisado", "--rematch"][..],
        &["--game", "katarenga", "--orientation", "north"],
    ] {
        let (result, _, _) = scripted(bad, "");
        assert!(
            matches!(result, Err(CliError::Usage(_))),
            "{bad:?}: {result:?}"
        );
    }
}

/// `--marks` marks every square of the colour board for players who cannot
/// tell the colours apart: Kamisado's kanji on its squares and towers (all
/// eight colours, eight squares each), Katarenga's chess figures; without
/// it, no mark.
#[test]
fn marks_for_colour_blindness_on_the_colour_board() {
    let colour = Console {
        colour: true,
        scripted: false,
    };
    let (_, out, _) = session(&["--game", "kamisado", "--marks"], b"quit\n", colour);
    for colour in kamisado_core::Colour::ALL {
        assert!(out.contains(colour.mark()), "{colour}: {out}");
    }
    let (_, out, _) = session(&["--game", "katarenga", "--marks"], b"quit\n", colour);
    for mark in ['♔', '♘', '♗', '♖'] {
        assert!(out.contains(mark), "{mark}: {out}");
    }
    let (_, out, _) = session(&["--game", "kamisado"], b"quit\n", colour);
    assert!(!out.contains('茶'), "{out}");
}

/// `--setups FILE`: the tile edition's set-up match. Each round is laid
/// out from two set-ups drawn from the chart (with two set-ups the draw is
/// always 1 and 2): Black draws for the first round and plays 1, White the
/// higher; later the loser draws and opens; a bad chart is a usage error
/// naming its line.
#[test]
fn a_set_up_match_draws_each_round_from_the_chart() {
    let dir = std::env::temp_dir().join(format!("kk-setups-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chart = dir.join("chart.txt");
    std::fs::write(&chart, "# two set-ups\n1 NGRYKPBO\n2 OBPKYRGN\n").unwrap();
    let path = chart.to_str().unwrap();
    let computers = [
        "--game",
        "kamisado target=2",
        "--setups",
        path,
        "--black",
        "computer",
        "--white",
        "computer",
        "--depth",
        "1",
    ];
    let out = play(&computers, "").unwrap();
    assert_contains(
        &out,
        "black draws set-ups 1 and 2: black plays 1 and moves first, white plays 2",
    );
    // Black's row is set-up 1 from a1, White's set-up 2 from h8 (the first
    // board drawn, rank 8 and rank 1 in the text board's letters).
    let first_board: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("black draws"))
        .collect();
    assert!(
        first_board
            .iter()
            .any(|l| l.starts_with("8 O:n    B:g    P:r    K:y")),
        "{out}"
    );
    assert_contains(&out, "round 2 begins");
    assert!(out.contains("wins the match"), "{out}");
    let loser_draws = out
        .lines()
        .filter(|l| l.contains(" draws set-ups 1 and 2: "))
        .count();
    assert!(loser_draws >= 2, "{out}");
    std::fs::write(&chart, "1 NGRYKPBO\n3 OBPKYRGN\n").unwrap();
    let error = play(&computers, "").unwrap_err();
    assert!(
        matches!(&error, CliError::Usage(m) if m.contains("line 2, column 1")),
        "{error:?}"
    );
    let error = play(&["--game", "katarenga", "--setups", path], "").unwrap_err();
    assert!(
        matches!(&error, CliError::Usage(m) if m.contains("for Kamisado")),
        "{error:?}"
    );
    // The set-up match needs its chart, and has no refill.
    let error = play(&["--game", "kamisado refill=setups target=3"], "").unwrap_err();
    assert!(
        matches!(&error, CliError::Usage(m) if m.contains("give it with --setups FILE")),
        "{error:?}"
    );
    std::fs::write(&chart, "1 NGRYKPBO\n2 OBPKYRGN\n").unwrap();
    let error = play(
        &["--game", "kamisado refill=farthest", "--setups", path],
        "",
    )
    .unwrap_err();
    assert!(
        matches!(&error, CliError::Usage(m) if m.contains("drop refill=farthest")),
        "{error:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `refill=restart`: every round from the start layout, so the winner has
/// no edge to choose and is not asked.
#[test]
fn the_restart_asks_no_edge() {
    let out = play(
        &[
            "--game",
            "kamisado target=2 refill=restart",
            "--black",
            "computer",
            "--white",
            "computer",
            "--depth",
            "1",
        ],
        "",
    )
    .unwrap();
    assert_contains(
        &out,
        "has no edge to choose: the next round starts the same from either",
    );
    assert!(!out.contains("refills from the"), "{out}");
    assert!(out.contains("wins the match"), "{out}");
}

/// The family in `kk-play`: an Isolation game typed to its end (a drop en
/// prise refused with its reason, the last placement wins), a Congress
/// game against the computer, and the Katarenga-only options refused.
#[test]
fn play_the_family_from_the_game_spec() {
    // An all-blue board (kings), no limit of pawns: the 16 squares two
    // apart (a8 c8 ... g2) each take a pawn, and then none is left.
    let blue = "BBBBBBBB/".repeat(7) + "BBBBBBBB";
    let spec = format!("isolation supply=none board={blue}");
    let args = [
        "--game",
        spec.as_str(),
        "--white",
        "human",
        "--black",
        "human",
    ];
    let squares = [
        "a8", "c8", "e8", "g8", "a6", "c6", "e6", "g6", "a4", "c4", "e4", "g4", "a2", "c2", "e2",
        "g2",
    ];
    let mut input = String::new();
    for s in squares {
        input.push_str(&format!("@{s}\n"));
        if s == "a8" {
            // Black's b8 would stand next to White's king on a8.
            input.push_str("@b8\n");
        }
    }
    let out = play(&args, &input).unwrap();
    assert_contains(&out, "a pawn on b8 would be en prise");
    // Sixteen placements, Black's the last: White cannot place.
    assert_contains(&out, "black wins: white cannot move");
    let out = play(
        &[
            "--game", "congress", "--white", "human", "--black", "computer", "--depth", "1",
        ],
        "b1b2\nquit\n",
    )
    .unwrap();
    assert_contains(&out, "black plays");
    let error = play(&["--game", "quebec", "--rematch"], "").unwrap_err();
    assert!(
        matches!(error, CliError::Usage(ref m) if m.contains("not for quebec")),
        "{error:?}"
    );
}
