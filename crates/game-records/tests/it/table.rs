//! Tables: games and matches played action by action between two seats.
//! Every game is played at random to its end with each action first tried
//! from the wrong seat; the record kept along the way is checked by the
//! records' own replay (a second implementation of the game's course), and
//! Kamisado matches against the record `from_match` makes of the same
//! match played by `game-search`.

use board_geometry::{Player, SplitMix64};
use game_records::{
    Acted, KamisadoRecord, Phase, RecordResult, Table, TableAction, TableError, TableRecord,
    Termination,
};
use game_spec::{AnyMove, GameId, GameSpec};
use kamisado_core::Edge;
use katarenga_core::Orientation;

use crate::common::written_and_read_back;

const SPECS: &[&str] = &[
    "kamisado",
    "kamisado target=3",
    "kamisado target=3 scoring=rings refill=farthest",
    "kamisado rules=pushed-square layout=turned target=5",
    "katarenga",
    "katarenga rules=no-first-capture board=2f1,1b0,4f3,3b2",
    "congress",
    "congress no-move=pass",
    "quebec",
    "isolation",
    "isolation reading=one-way",
];

/// A random action of the phase the table is in.
fn random_action(table: &Table, rng: &mut SplitMix64) -> TableAction {
    match table.phase() {
        Phase::Move => TableAction::Move(*rng.choose(&table.legal_moves()).unwrap()),
        Phase::ChooseEdge => TableAction::ChooseEdge(Edge::ALL[rng.below(2)]),
        Phase::ChooseOrientation => TableAction::ChooseOrientation(Orientation::ALL[rng.below(4)]),
        phase => panic!("no random action in phase {phase:?}"),
    }
}

/// Plays `table` at random to its end (a resignation after `max_actions`),
/// trying every action from the wrong seat first; counts the refusals by
/// phase (move, edge, orientation).
fn play_out(table: &mut Table, rng: &mut SplitMix64, max_actions: usize, refused: &mut [u32; 3]) {
    while let Some(actor) = table.actor() {
        if table.actions().len() >= max_actions {
            table.act(actor, TableAction::Resign).unwrap();
            break;
        }
        let action = random_action(table, rng);
        let before = table.clone();
        let phase = table.phase();
        assert_eq!(
            table.act(actor.opponent(), action),
            Err(TableError::NotYourTurn {
                player: actor.opponent(),
                actor,
                phase,
            })
        );
        assert_eq!(*table, before, "a refused action changed the table");
        refused[match phase {
            Phase::Move => 0,
            Phase::ChooseEdge => 1,
            _ => 2,
        }] += 1;
        let acted = table.act(actor, action).unwrap();
        assert_eq!(acted.over, table.is_over());
        if let TableAction::Move(mv) = action {
            let kind = acted.kind.expect("a move has a kind");
            assert_eq!(before.position().check_move(mv), Ok(kind));
        } else {
            assert_eq!(acted.kind, None);
        }
    }
}

/// The record re-read by the records' own replay: it must hold together,
/// read back as written, and end where the table ended.
fn check_record(table: &Table) {
    let record = table.record();
    match record {
        TableRecord::Kamisado(r) => {
            let m = r.validate().unwrap_or_else(|e| panic!("{e}\n{r}"));
            if table.record().termination() == Termination::Normal {
                assert_eq!(m.winner(), table.winner());
            }
            assert_eq!(m.position(), table.kamisado_match().unwrap().position());
            written_and_read_back(r);
        }
        TableRecord::Katarenga(r) => {
            let end = r.validate().unwrap_or_else(|e| panic!("{e}\n{r}"));
            assert_eq!(game_spec::AnyPosition::Katarenga(end), table.position());
            written_and_read_back(r);
        }
        TableRecord::Family(r) => {
            let end = r.validate().unwrap_or_else(|e| panic!("{e}\n{r}"));
            assert_eq!(end, table.position());
            written_and_read_back(r);
        }
    }
    if record.termination() == Termination::Normal {
        assert_eq!(record.result().winner(), table.position().winner());
    }
}

#[test]
fn every_game_played_from_the_acting_seat_only_keeps_a_record_that_replays() {
    let mut refused = [0u32; 3];
    let (mut normal, mut resigned) = (0, 0);
    for (i, text) in SPECS.iter().enumerate() {
        let spec: GameSpec = text.parse().unwrap();
        for seed in 0..6u64 {
            let mut rng = SplitMix64::new(seed * 100 + i as u64);
            let mut table = if seed % 2 == 1 {
                Table::choosing_orientation(spec).unwrap_or_else(|| Table::new(spec))
            } else {
                Table::new(spec)
            };
            play_out(&mut table, &mut rng, 300, &mut refused);
            assert!(table.is_over() && table.actor().is_none());
            match table.record().termination() {
                Termination::Normal => normal += 1,
                Termination::Resignation => resigned += 1,
                t => panic!("{text}: ended by {t:?}"),
            }
            check_record(&table);
            // Stored as its actions' text and restored: the same table.
            let stored: Vec<(Player, String)> = table
                .actions()
                .iter()
                .map(|(p, a)| (*p, a.to_string()))
                .collect();
            let actions: Vec<_> = stored
                .iter()
                .map(|(p, a)| (*p, TableAction::parse(spec.game(), a).unwrap()))
                .collect();
            assert_eq!(Table::replay(spec, &actions).unwrap(), table, "{text}");
        }
    }
    // Each phase's wrong-seat refusal ran, and games ended both ways.
    assert!(refused.iter().all(|&n| n > 0), "{refused:?}");
    assert!(normal > 30 && resigned > 0, "{normal} {resigned}");
}

#[cfg(feature = "players")]
#[test]
fn a_kamisado_match_played_at_a_table_records_as_game_search_records_it() {
    use game_search::RandomAgent;
    use game_search::play::play_match;
    use kamisado_core::{Match, Target};
    let mut compared_edges = 0;
    for seed in 0..20u64 {
        let target = Target::new(1 + (seed % 5) as u32).unwrap();
        let result = play_match(
            Match::new(target),
            [
                &mut RandomAgent::new(seed),
                &mut RandomAgent::new(seed + 99),
            ],
            |_, _| {},
        );
        let expected = KamisadoRecord::from_match(&result);
        let spec: GameSpec = format!("kamisado target={}", target.points())
            .parse()
            .unwrap();
        let mut table = Table::new(spec);
        for round in &expected.rounds {
            for mv in &round.moves {
                let actor = table.actor().unwrap();
                table
                    .act(actor, TableAction::Move(AnyMove::Kamisado(mv.mv)))
                    .unwrap();
            }
            if let Some(edge) = round.edge {
                assert_eq!(table.phase(), Phase::ChooseEdge);
                let actor = table.actor().unwrap();
                table.act(actor, TableAction::ChooseEdge(edge)).unwrap();
                compared_edges += 1;
            }
        }
        assert_eq!(
            table.record(),
            &TableRecord::Kamisado(expected),
            "seed {seed}"
        );
    }
    assert!(compared_edges > 10, "{compared_edges}");
}

#[test]
fn black_chooses_the_katarenga_edge_before_any_move_and_the_record_says_so() {
    let spec: GameSpec = "katarenga board=2f1,1b0,4f3,3b2".parse().unwrap();
    let mut table = Table::choosing_orientation(spec).unwrap();
    assert_eq!(
        (table.actor(), table.phase()),
        (Some(Player::Black), Phase::ChooseOrientation)
    );
    assert!(table.legal_moves().is_empty());
    // A move before the choice is the wrong kind of action.
    let mv = table.position().legal_moves()[0];
    let refused = table.act(Player::Black, TableAction::Move(mv)).unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!(
            "{mv} is not what the game waits for: black must choose the board's orientation \
             (orientation bottom, left, top or right)"
        )
    );
    table.act_text(Player::Black, "orientation left").unwrap();
    assert_eq!(
        (table.actor(), table.phase()),
        (Some(Player::White), Phase::Move)
    );
    let board = spec.start().board().unwrap();
    assert_eq!(
        table.position().board(),
        Some(board.turned(Orientation::Left))
    );
    let TableRecord::Katarenga(record) = table.record() else {
        panic!()
    };
    assert_eq!(
        record.played_board().unwrap(),
        board.turned(Orientation::Left)
    );
    assert!(
        record
            .to_string()
            .contains("[Orientation \"left\"]\n[OrientationBy \"black\"]")
    );
    // No orientation to choose in another game.
    assert!(Table::choosing_orientation("congress".parse().unwrap()).is_none());
}

#[test]
fn actions_of_the_wrong_kind_or_after_the_end_are_refused_with_the_reason() {
    let mut table = Table::new("kamisado target=3".parse().unwrap());
    let e = table.act_text(Player::Black, "edge a").unwrap_err();
    assert_eq!(
        e.to_string(),
        "edge a is not what the game waits for: black must move"
    );
    let e = table
        .act_text(Player::Black, "orientation left")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "not an action of kamisado: only katarenga has an orientation to choose"
    );
    let e = table.act_text(Player::Black, "d1d8").unwrap_err();
    assert!(e.to_string().starts_with("illegal move d1d8: "), "{e}");
    let e = table.act_text(Player::Black, "z9").unwrap_err();
    assert!(matches!(e, TableError::Parse(_)), "{e}");
    for mv in ["d1d7", "g8b3", "d7d7", "b3d1"] {
        let actor = table.actor().unwrap();
        table.act_text(actor, mv).unwrap();
    }
    let e = table.act_text(Player::White, "a1a2").unwrap_err();
    assert_eq!(
        e.to_string(),
        "a1a2 is not what the game waits for: white must choose the refill edge (edge a or edge h)"
    );
    // Black loses on time while White chooses: the game is over for both.
    assert!(table.forfeit(Player::Black, Termination::TimeForfeit));
    assert_eq!(table.winner(), Some(Player::White));
    assert_eq!(table.record().termination(), Termination::TimeForfeit);
    for (player, action) in [(Player::White, "edge a"), (Player::Black, "resign")] {
        let e = table.act_text(player, action).unwrap_err();
        assert_eq!(e.to_string(), "the game is over: white");
    }
    // A resignation is accepted from the player not to move.
    let mut table = Table::new("quebec".parse().unwrap());
    let acted = table.act(Player::Black, TableAction::Resign).unwrap();
    assert_eq!(
        acted,
        Acted {
            kind: None,
            round_over: None,
            over: true
        }
    );
    assert_eq!(table.record().result(), RecordResult::Win(Player::White));
    assert_eq!(table.actions(), [(Player::Black, TableAction::Resign)]);
}

#[test]
fn action_texts_read_back_as_written_and_name_what_is_wrong() {
    for (game, text) in [
        (GameId::Kamisado, "edge a"),
        (GameId::Kamisado, "resign"),
        (GameId::Kamisado, "start obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"),
        (GameId::Katarenga, "orientation right"),
        (GameId::Isolation, "@d4"),
    ] {
        let action = TableAction::parse(game, text).unwrap();
        assert_eq!(action.to_string(), text);
    }
    for (game, text, says) in [
        (
            GameId::Kamisado,
            "edge b",
            "not an action of kamisado: unknown edge",
        ),
        (
            GameId::Katarenga,
            "orientation up",
            "not an action of katarenga: unknown orientation",
        ),
        (
            GameId::Congress,
            "start x",
            "only kamisado has a next round's start",
        ),
        (GameId::Kamisado, "resign now", "not a kamisado move"),
    ] {
        let e = TableAction::parse(game, text).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
}
