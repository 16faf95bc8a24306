//! The pictures the `render` example writes.

use kamisado_core::Game;

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
fn pictures_are_well_formed_svg() {
    // Background + 64 squares; 16 towers.
    let svg = kamisado_core::Position::start().svg().to_string();
    assert_eq!(svg_counts(&svg), (65, 16));
    // Background + 64 squares + 4 camps; 16 pieces.
    let svg = katarenga_core::Position::start().svg().to_string();
    assert_eq!(svg_counts(&svg), (69, 16));
    // The forced tower is circled once more.
    let forced: kamisado_core::Position = "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g".parse().unwrap();
    assert_eq!(svg_counts(&forced.svg().to_string()).1, 17);
}

/// A regression pin, not a reference: the README's pictures are the
/// cores' SVG output for these positions (checked by eye once; this test
/// only says that the output has not changed).
#[test]
fn readme_pictures_are_the_svg_of_the_listed_positions() {
    let kamisado: kamisado_core::Position =
        "b+7/5y++2/2g++2B1k++/8/2p+1nrO+G+++/8/o3N2P+/1Y+R+++K4 w y!"
            .parse()
            .unwrap();
    assert_eq!(
        kamisado.svg().to_string(),
        include_str!("../../docs/images/kamisado.svg")
    );
    let katarenga: katarenga_core::Position =
        "GBYRYRGB/RBYGBBRY/YRGBGYGR/BGRYRYBG/RGYBRGBY/YRYGYYBR/BGBRGRGB/GBRYBYRG www1w1w1/8/8/8/8/8/8/bbb1bbw1 w a9a0"
            .parse()
            .unwrap();
    assert_eq!(
        katarenga.svg().to_string(),
        include_str!("../../docs/images/katarenga.svg")
    );
}

/// `--marks` adds each square's mark for players who cannot tell the
/// colours apart: a well-formed picture with 64 more text elements than
/// without.
#[test]
fn render_draws_the_marks_when_asked() {
    let texts = |svg: &str| {
        let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
        doc.descendants()
            .filter(|n| n.tag_name().name() == "text")
            .count()
    };
    for game in ["kamisado", "katarenga"] {
        let run = |extra: &[&str]| {
            let args: Vec<&str> = [game, "startpos"].iter().chain(extra).copied().collect();
            String::from_utf8(crate::cli::run("render", &args).stdout).expect("utf-8 SVG")
        };
        let (plain, marked) = (run(&[]), run(&["--marks"]));
        assert_eq!(texts(&marked), texts(&plain) + 64, "{game}");
    }
}
