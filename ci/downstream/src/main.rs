//! Uses the published crates as a program that depends on them would: move
//! lists, play, outcomes, a whole Kamisado match stored and reloaded at
//! every state, pictures, a Katarenga game record, and a timed search with
//! `game-search` built for Kamisado only, and one generic function over
//! the rules interface run on both games. Exits non-zero (a panic) if
//! anything is off.

use kamisado_core::Game;
use std::time::{Duration, Instant};

use game_search::{Agent, GreedyAgent, Limits, RandomAgent, Searcher};
use kamisado_core::{Edge, Match, MatchState, Player, Position, Square, Target};

fn kamisado_basics() {
    let start = Position::start();
    assert_eq!(start.side_to_move(), Player::Black);
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 102);
    let mut from_towers = 0;
    start.generate_moves(|tower| {
        from_towers += tower.into_iter().len();
        false
    });
    assert_eq!(from_towers, moves.len());
    let next = start.try_play("d1d7".parse().unwrap()).unwrap();
    assert_eq!(next.to_string(), "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g");
    assert_eq!(next.forced_square(), Some(Square::G8));
    let illegal = next.try_play("a8a7".parse().unwrap()).unwrap_err();
    assert!(illegal.to_string().contains("must move the green tower"));
    assert_eq!(next.outcome(), None);
    let won: Position = "Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n".parse().unwrap();
    assert_eq!(won.outcome().map(|o| o.winner()), Some(Player::Black));
    assert!(won.legal_moves().is_empty());
    assert_eq!(start.perft(3), 11182);
}

/// A whole match between two greedy players, saved as JSON and loaded back
/// before every action; the loaded match is the one that goes on.
fn kamisado_match_with_persistence() {
    let mut m = Match::new(Target::STANDARD);
    let mut players = [GreedyAgent::new(1), GreedyAgent::new(2)];
    let mut states = [0u32; 3];
    for _ in 0..10_000 {
        let saved = serde_json::to_string(&m).unwrap();
        let loaded: Match = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded, m);
        m = loaded;
        match m.state() {
            MatchState::InRound => {
                states[0] += 1;
                let p = *m.position();
                let mv = players[p.side_to_move().index()].choose(&p).unwrap();
                m.play(mv).unwrap();
            }
            MatchState::ChooseEdge { chooser } => {
                states[1] += 1;
                let edge: Edge = if chooser == Player::Black { "a" } else { "h" }
                    .parse()
                    .unwrap();
                let start = m.next_round_start(edge).unwrap();
                m.choose_edge(edge).unwrap();
                assert_eq!(*m.position(), start);
            }
            MatchState::DrawSetups { .. } => unreachable!("a match refilled from an edge"),
            MatchState::Over { winner } => {
                states[2] += 1;
                assert!(m.scores()[winner.index()] >= 3);
                break;
            }
        }
    }
    assert!(
        states[0] > 0 && states[1] > 0 && states[2] == 1,
        "{states:?}"
    );
}

fn pictures() {
    let svg = Position::start().svg().to_string();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    let board = Position::start().ansi(None).to_string();
    assert!(board.contains("\x1b[") && board.contains("free choice"));
    let text = Position::start().pretty().to_string();
    assert!(text.starts_with("8 O:o"));
    let svg = katarenga_core::Position::start().svg().to_string();
    assert_eq!(svg.matches("<circle").count(), 16);
}

fn katarenga_record() {
    use katarenga_core::{Board, GameRecord, Position, SquareColour};
    let blue = Position::start_on(Board::from_colours([SquareColour::Blue; 64]));
    let mut record = GameRecord::<16>::new(blue);
    for mv in ["a8a7", "a1a2", "a7a8", "a2a1"] {
        record.play(mv.parse().unwrap()).unwrap();
    }
    assert!(record.is_repetition(2));
    let json = serde_json::to_string(&record).unwrap();
    let back: GameRecord<16> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
}

fn timed_search() {
    let mut searcher = Searcher::<Position>::new(8).unwrap();
    let started = Instant::now();
    let mut depths = 0;
    let result = searcher.search_with(
        &Position::start(),
        Limits::time(Duration::from_millis(200)),
        |_| depths += 1,
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    let best = result.best.unwrap();
    assert!(Position::start().is_legal(best));
    assert_eq!(depths, result.depth);
    println!(
        "search: {best} at depth {} ({} nodes, {:.1} M nodes/s)",
        result.depth,
        result.nodes,
        result.nodes_per_second() / 1e6
    );
    let mut random = RandomAgent::new(3);
    assert!(random.choose(&Position::start()).is_some());
}

/// A user's function written once against the rules interface: perft by
/// its definition, playing every move with the checked `play`.
fn count<P: Game>(position: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| count(&position.play(mv), depth - 1))
        .sum()
}

/// The same generic function runs on both games, and agrees with the
/// reference suites' counts (crates/*-core/tests/data).
fn one_function_for_both_games() {
    assert_eq!(count(&Position::start(), 3), 11182);
    let katarenga: katarenga_core::Position =
        "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB wwwwwwww/8/8/8/8/8/8/bbbbbbbb w -"
            .parse()
            .unwrap();
    assert_eq!(count(&katarenga, 3), 28781);
}

/// What a game server does with the crates: two seats at a table, each
/// action sent as text and answered in JSON, the wrong seat refused with a
/// kind a client can test, the moves of one square for a client's board,
/// the game stored as its actions and restored, the record at the end.
fn two_seats_at_a_table() {
    use game_records::{Table, TableAction, TableRecord};
    let spec: game_spec::GameSpec = "kamisado target=3".parse().unwrap();
    let mut table = Table::new(spec);
    let refused = table.act_text(Player::White, "d1d7").unwrap_err();
    let json = serde_json::to_value(&refused).unwrap();
    assert_eq!(json["kind"], "not_your_turn");
    assert_eq!(json["message"], "it is not white's turn: black must move");
    let moves = table.position().legal_moves_from(Square::D1);
    assert_eq!(moves.len(), 13);
    let mut players = [GreedyAgent::new(5), GreedyAgent::new(6)];
    let mut stored: Vec<(Player, String)> = Vec::new();
    while let Some(actor) = table.actor() {
        let text = match table.phase() {
            game_records::Phase::ChooseEdge => "edge a".to_string(),
            _ => {
                let game_spec::AnyPosition::Kamisado(p) = table.position() else { unreachable!() };
                players[actor.index()].choose(&p).unwrap().to_string()
            }
        };
        let acted = table.act_text(actor, &text).unwrap();
        if let Some(kind) = acted.kind {
            assert!(["slide", "push", "pass"].contains(&kind.name()));
        }
        stored.push((actor, text));
    }
    let actions: Vec<_> = stored
        .iter()
        .map(|(p, t)| (*p, TableAction::parse(spec.game(), t).unwrap()))
        .collect();
    assert_eq!(Table::replay(spec, &actions).unwrap(), table);
    let TableRecord::Kamisado(record) = table.record() else { unreachable!() };
    record.validate().unwrap();
    let json = serde_json::to_value(record).unwrap();
    assert_eq!(json["result"], table.winner().unwrap().to_string());
    let after = table.act_text(Player::Black, "resign").unwrap_err();
    assert_eq!(serde_json::to_value(&after).unwrap()["kind"], "over");
}

fn main() {
    two_seats_at_a_table();
    one_function_for_both_games();
    kamisado_basics();
    kamisado_match_with_persistence();
    pictures();
    katarenga_record();
    timed_search();
    println!("downstream check passed");
}
