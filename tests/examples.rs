//! The examples' logic, driven with scripted input (the example binaries
//! are thin wrappers around these functions).

use std::io::Cursor;

use kamisado_katarenga::play::{PlayError, run};
use kamisado_katarenga::render::render;
use kamisado_katarenga::selfplay::selfplay;

fn play(args: &[&str], input: &str) -> Result<String, PlayError> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    run(
        &args,
        &mut Cursor::new(input.as_bytes().to_vec()),
        &mut out,
        false,
    )?;
    Ok(String::from_utf8(out).expect("utf-8 output"))
}

#[test]
fn play_a_scripted_kamisado_round() {
    let input = "moves\nd1d8\nd1\nd1d7\ng8b3\nundo\ng8b3\nd7d7\nb3d1\n";
    let out = play(&["kamisado", "--black", "human", "--white", "human"], input).unwrap();
    // `moves` lists the legal moves of the start.
    assert!(out.contains("legal moves: a1a2"), "{out}");
    // An illegal move and a malformed one are refused with the reason.
    assert!(out.contains("illegal move d1d8: d8 is occupied"), "{out}");
    assert!(out.contains("malformed move \"d1\""), "{out}");
    // The pass and the arrival: White wins with the green tower.
    assert!(
        out.contains("white wins: the green tower reached the goal row"),
        "{out}"
    );
    assert!(
        out.contains("white wins the match, black 0 - white 1"),
        "{out}"
    );
}

#[test]
fn play_a_kamisado_match_with_an_edge_choice() {
    // White wins the first round; White (human) chooses the a-file edge;
    // then input ends.
    let input = "d1d7\ng8b3\nd7d7\nb3d1\nx\na\n";
    let out = play(
        &[
            "kamisado", "--black", "human", "--white", "human", "--target", "3",
        ],
        input,
    )
    .unwrap();
    assert!(out.contains("\"x\" is not an edge"), "{out}");
    assert!(
        out.contains("white refills from the a-file edge; round 2 begins"),
        "{out}"
    );
    assert!(out.contains("obpkyrng+") || out.contains("g+"), "{out}");
}

#[test]
fn play_katarenga_against_the_computer() {
    // White (human) moves first; the computer answers; then quit.
    let out = play(
        &["katarenga", "--white", "human", "--black", "computer"],
        "a8a7\nquit\n",
    )
    .unwrap();
    assert!(out.contains("black plays"), "{out}");
    let out = play(
        &[
            "katarenga",
            "--tiles",
            "1f0,2b1,3f2,4f3",
            "--white",
            "human",
        ],
        "quit\n",
    )
    .unwrap();
    assert!(out.contains("white to move"), "{out}");
}

#[test]
fn the_computer_plays_at_the_chosen_strength() {
    for strength in [&["--depth", "0"][..], &["--depth", "2"], &["--think", "5"]] {
        let mut args = vec!["kamisado", "--black", "computer", "--white", "computer"];
        args.extend_from_slice(strength);
        let out = play(&args, "").unwrap();
        assert!(out.contains("wins the match"), "{args:?}: {out}");
    }
    assert!(matches!(
        play(&["--depth", "x"], ""),
        Err(PlayError::Usage(_))
    ));
    assert!(matches!(
        play(&["--think", "0"], ""),
        Err(PlayError::Usage(_))
    ));
}

#[test]
fn the_demo_plays_both_games_to_their_end() {
    let out = play(&["--demo"], "").unwrap();
    assert!(out.contains("wins the match"), "{out}");
    assert!(
        out.contains("wins: both camps taken") || out.contains("has fewer than 2 pieces"),
        "{out}"
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["chess"][..],
        &["--black", "robot"],
        &["--target", "0"],
        &["katarenga", "--tiles", "1f0,1f0,3f0,4f0"],
        &["katarenga", "--board", "RRR"],
        &["kamisado", "--tiles", "1f0,2f0,3f0,4f0"],
    ] {
        assert!(
            matches!(play(args, ""), Err(PlayError::Usage(_))),
            "{args:?}"
        );
    }
}

fn svg_counts(svg: &str) -> (usize, usize) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let count = |name: &str| {
        root.descendants()
            .filter(|n| n.tag_name().name() == name)
            .count()
    };
    (count("rect"), count("circle"))
}

#[test]
fn render_writes_well_formed_svg() {
    // Background + 64 squares; 16 towers.
    let (rects, circles) = svg_counts(&render("kamisado", "startpos").unwrap());
    assert_eq!((rects, circles), (65, 16));
    // Background + 64 squares + 4 camps; 16 pieces.
    let (rects, circles) = svg_counts(&render("katarenga", "startpos").unwrap());
    assert_eq!((rects, circles), (69, 16));
    // The forced tower is circled once more.
    let forced = render("kamisado", "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g").unwrap();
    assert_eq!(svg_counts(&forced).1, 17);
    assert!(render("kamisado", "nonsense").is_err());
    assert!(render("go", "startpos").is_err());
}

/// The README's pictures are `render`'s output for these positions.
#[test]
fn readme_pictures_are_rendered_from_the_listed_positions() {
    let kamisado = render(
        "kamisado",
        "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!",
    )
    .unwrap();
    assert_eq!(kamisado, include_str!("../docs/images/kamisado.svg"));
    let katarenga = render(
        "katarenga",
        "GBYRYRGB/RBYGBBRY/YRGBGYGR/BGRYRYBG/RGYBRGBY/YRYGYYBR/BGBRGRGB/GBRYBYRG www1w1w1/8/8/8/8/8/8/bbb1bbw1 w a9a0",
    )
    .unwrap();
    assert_eq!(katarenga, include_str!("../docs/images/katarenga.svg"));
}

#[test]
fn selfplay_is_reproducible() {
    let a = selfplay(kamisado_core::Position::start(), 300, 42, |_| {});
    let b = selfplay(kamisado_core::Position::start(), 300, 42, |_| {});
    assert_eq!(a, b);
    assert_eq!(a.to_string(), b.to_string());
    assert_eq!(a.games, 300);
    assert_eq!(a.wins[0] + a.wins[1], 300);
    let c = selfplay(katarenga_core::Position::start(), 40, 7, |_| {});
    assert_eq!(
        c,
        selfplay(katarenga_core::Position::start(), 40, 7, |_| {})
    );
    assert_eq!(c.endings.values().sum::<u32>(), 40);
}
