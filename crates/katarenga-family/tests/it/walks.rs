//! Random games on random boards, every node compared with the naive model:
//! the legal moves as a set, the end and its winner, the hash against the
//! one from scratch, the notation read back.

use std::collections::BTreeMap;

use katarenga_family::katarenga_core::board_geometry::SplitMix64;
use katarenga_family::{Board, Congress, Game, Isolation, Move, Outcome, Player, Quebec, Square};

use crate::naive::{self, Naive};
use crate::{AnyStart, random_board, starts};

trait Family: Game<Move = Move, Outcome = Outcome> {
    fn pawns(&self, player: Player) -> katarenga_family::Bitboard;
    fn hash_from_scratch(&self) -> u64;
    fn reparsed(&self) -> Self;
}

macro_rules! family {
    ($ty:ty, $set:expr) => {
        impl Family for $ty {
            fn pawns(&self, player: Player) -> katarenga_family::Bitboard {
                self.pieces(player)
            }
            fn hash_from_scratch(&self) -> u64 {
                self.zobrist_from_scratch()
            }
            fn reparsed(&self) -> Self {
                let parsed: Result<$ty, _> = self.to_string().parse();
                ($set)(parsed, self)
            }
        }
    };
}

family!(Congress, |p: Result<Congress, _>, o: &Congress| p
    .unwrap()
    .with_no_move(o.no_move()));
family!(Quebec, |p: Result<Quebec, _>, o: &Quebec| p
    .unwrap()
    .with_both_connected(o.both_connected()));
family!(Isolation, |p: Result<Isolation, _>, o: &Isolation| {
    let p = match o.supply() {
        katarenga_family::Supply::Eight => p.unwrap(),
        katarenga_family::Supply::Unlimited => {
            Isolation::from_ascii_unlimited(o.to_string().as_bytes()).unwrap()
        }
    };
    p.with_reading(o.reading()).with_supply(o.supply())
});

/// Plays one random game of at most `plies`, checking every node; returns
/// how it ended (`None`: still going).
fn walk<G: Family>(
    start: G,
    variant: naive::Variant,
    board: &Board,
    rng: &mut SplitMix64,
    plies: usize,
) -> Option<Outcome> {
    let mut p = start;
    for _ in 0..plies {
        let model = Naive::new(
            variant,
            board,
            &naive::squares(p.pawns(Player::Black)),
            &naive::squares(p.pawns(Player::White)),
            p.side_to_move(),
        );
        let mut moves: Vec<_> = p.legal_moves().into_iter().map(naive::naive_move).collect();
        moves.sort();
        assert_eq!(moves, model.moves(), "moves of {p:?} under {variant:?}");
        assert_eq!(p.count_moves(), moves.len());
        assert_eq!(
            p.outcome().map(|o| o.winner()),
            model.end(),
            "end of {p:?} under {variant:?}"
        );
        assert_eq!(p.zobrist(), p.hash_from_scratch(), "hash of {p:?}");
        assert_eq!(p.reparsed(), p, "notation of {p:?}");
        if let Some(outcome) = p.outcome() {
            return Some(outcome);
        }
        let list = p.legal_moves();
        let mv = list[rng.below(list.len())];
        p = p.try_play(mv).unwrap();
    }
    None
}

#[test]
fn random_games_agree_with_the_naive_model_move_by_move() {
    let mut rng = SplitMix64::new(0x5741_4C4B);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for game in 0..36 {
        let board = random_board(&mut rng, 3);
        for (name, start, variant) in starts(board) {
            // Congress and Quebec wander: a few games each, 120 plies.
            let outcome = match start {
                AnyStart::Congress(p) => walk(p, variant, &board, &mut rng, 120),
                AnyStart::Quebec(p) => walk(p, variant, &board, &mut rng, 120),
                AnyStart::Isolation(p) if game % 2 == 0 => walk(p, variant, &board, &mut rng, 70),
                AnyStart::Isolation(_) => continue,
            };
            let key = format!(
                "{} {}",
                name.split(' ').next().unwrap(),
                outcome.map_or("unfinished", |o| o.ending())
            );
            *endings.entry(key).or_default() += 1;
        }
    }
    println!("{endings:?}");
    // The branches that random play reaches (the others are built by hand
    // in `properties`).
    for ending in [
        "isolation no move",
        "quebec connected",
        "congress unfinished",
    ] {
        assert!(
            endings.get(ending).copied().unwrap_or(0) > 0,
            "{ending}: {endings:?}"
        );
    }
}

/// Legal moves played one by one from the naive model's random games are
/// accepted, and a random square pair that the model refuses is refused.
#[test]
fn try_play_accepts_exactly_the_naive_models_moves() {
    let mut rng = SplitMix64::new(7);
    let mut refused = 0;
    for _ in 0..40 {
        let board = random_board(&mut rng, 3);
        let mut p = Quebec::start_on(board);
        for _ in 0..40 {
            if p.outcome().is_some() {
                break;
            }
            let from = Square::ALL[rng.below(64)];
            let to = Square::ALL[rng.below(64)];
            let mv = Move::Step { from, to };
            let legal = p.legal_moves().contains(&mv);
            assert_eq!(p.try_play(mv).is_ok(), legal, "{mv} in {p:?}");
            refused += usize::from(!legal);
            let list = p.legal_moves();
            p = p.play(list[rng.below(list.len())]);
        }
    }
    assert!(refused > 100);
}
