//! Boards drawn for a terminal: 24-bit ANSI colours, or plain text when
//! colour is off (`NO_COLOR`, or output that is not a terminal).

use std::fmt::Write;

use board_geometry::{File, Player, Rank, Square};

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// The screen colour of a Kamisado colour (squares and towers).
pub fn kamisado_rgb(colour: kamisado_core::Colour) -> Rgb {
    use kamisado_core::Colour::*;
    match colour {
        Orange => (236, 134, 34),
        Blue => (36, 92, 196),
        Purple => (116, 56, 160),
        Pink => (236, 128, 170),
        Yellow => (236, 206, 40),
        Red => (204, 36, 40),
        Green => (36, 146, 70),
        Brown => (116, 68, 30),
    }
}

/// The screen colour of a Katarenga square colour.
pub fn katarenga_rgb(colour: katarenga_core::SquareColour) -> Rgb {
    use katarenga_core::SquareColour::*;
    match colour {
        Red => (196, 52, 52),
        Yellow => (232, 198, 48),
        Blue => (58, 108, 206),
        Green => (56, 156, 78),
    }
}

/// The ink of a player's pieces.
pub fn player_rgb(player: Player) -> Rgb {
    match player {
        Player::Black => (16, 16, 16),
        Player::White => (250, 250, 250),
    }
}

fn paint(out: &mut String, fg: Rgb, bg: Rgb, text: &str) {
    let _ = write!(
        out,
        "\x1b[1;38;2;{};{};{};48;2;{};{};{}m{text}\x1b[0m",
        fg.0, fg.1, fg.2, bg.0, bg.1, bg.2
    );
}

fn files_line(out: &mut String, width: usize) {
    out.push_str("  ");
    for file in File::ALL {
        let _ = write!(out, "{:^width$}", file.to_char());
    }
    out.push('\n');
}

/// The plain-text drawing: the engine's own board drawing and the last move.
fn plain(board: impl std::fmt::Display, last: Option<impl std::fmt::Display>) -> String {
    let mut out = board.to_string();
    if let Some(mv) = last {
        let _ = writeln!(out, "last move: {mv}");
    }
    out
}

/// Draws a Kamisado position: square colours, towers as chips of their own
/// colour between bars of the player's ink (uppercase Black, lowercase
/// White, `+` per sumo rank), the forced tower between arrows, the last move's
/// origin as `·`, coordinates on the edges. Plain text without colour.
pub fn kamisado(
    p: &kamisado_core::Position,
    last: Option<kamisado_core::Move>,
    colour: bool,
) -> String {
    if !colour {
        return plain(p.pretty(), last);
    }
    let mut out = String::new();
    let forced = p.forced_square();
    files_line(&mut out, 8);
    for rank in Rank::ALL.iter().rev() {
        let _ = write!(out, "{} ", rank.to_char());
        for file in File::ALL {
            let square = Square::new(file, *rank);
            let bg = kamisado_rgb(kamisado_core::Colour::of_square(square));
            match p.tower_on(square) {
                Some(tower) => {
                    // A chip of the tower's colour between two bars of the
                    // player's ink; the forced tower between arrows.
                    let ink = player_rgb(tower.player);
                    let arrows = if forced == Some(square) {
                        ("►", "◄")
                    } else {
                        (" ", " ")
                    };
                    paint(&mut out, (255, 255, 255), bg, arrows.0);
                    paint(&mut out, ink, bg, "▐");
                    let label = format!(
                        "{}{}",
                        tower.letter(),
                        "+".repeat(p.rank_of(tower).level() as usize)
                    );
                    paint(
                        &mut out,
                        ink,
                        kamisado_rgb(tower.colour),
                        &format!("{label:^4}"),
                    );
                    paint(&mut out, ink, bg, "▌");
                    paint(&mut out, (255, 255, 255), bg, arrows.1);
                }
                None => {
                    let text = if last.is_some_and(|m| m.from == square) {
                        "   ·    "
                    } else {
                        "        "
                    };
                    paint(&mut out, (255, 255, 255), bg, text);
                }
            }
        }
        let _ = writeln!(out, " {}", rank.to_char());
    }
    files_line(&mut out, 8);
    let _ = write!(out, "{} to move, ", p.side_to_move());
    match p.forced_colour() {
        Some(c) => {
            let _ = write!(out, "forced tower: {c}");
        }
        None => out.push_str("free choice"),
    }
    if p.is_after_push() {
        out.push_str(" (extra move after a push)");
    }
    if let Some(mv) = last {
        let _ = write!(out, "; last move {mv}");
    }
    out.push('\n');
    out
}

/// Draws a Katarenga position: square colours, pieces as discs in the
/// player's ink, the camps at the corners, the last move's origin as `·`.
/// Plain text without colour.
pub fn katarenga(
    p: &katarenga_core::Position,
    last: Option<katarenga_core::Move>,
    colour: bool,
) -> String {
    use katarenga_core::Camp;
    if !colour {
        return plain(p.pretty(), last);
    }
    let mut out = String::new();
    let camp = |out: &mut String, c: Camp| {
        let owner = c.owner();
        if p.camp_occupied(c) {
            paint(out, player_rgb(owner), (128, 128, 128), " ● ");
        } else {
            paint(out, (200, 200, 200), (128, 128, 128), " · ");
        }
    };
    let corners = |out: &mut String, left: Camp, right: Camp| {
        let _ = write!(out, " {left}");
        camp(out, left);
        let _ = write!(out, "{:>22}{right}", "");
        camp(out, right);
        out.push('\n');
    };
    corners(&mut out, Camp::A9, Camp::H9);
    files_line(&mut out, 4);
    for rank in Rank::ALL.iter().rev() {
        let _ = write!(out, "{} ", rank.to_char());
        for file in File::ALL {
            let square = Square::new(file, *rank);
            let bg = katarenga_rgb(p.board().colour_of(square));
            match p.piece_on(square) {
                Some(player) => paint(&mut out, player_rgb(player), bg, " ●  "),
                None if last.is_some_and(|m| m.from == square) => {
                    paint(&mut out, (255, 255, 255), bg, " ·  ");
                }
                None => paint(&mut out, bg, bg, "    "),
            }
        }
        let _ = writeln!(out, " {}", rank.to_char());
    }
    files_line(&mut out, 4);
    corners(&mut out, Camp::A0, Camp::H0);
    let _ = write!(out, "{} to move", p.side_to_move());
    if let Some(mv) = last {
        let _ = write!(out, "; last move {mv}");
    }
    out.push('\n');
    out
}
