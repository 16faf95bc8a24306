//! Counting the legal moves ([`Game::count_moves`](game_rules::Game::count_moves)),
//! perft's last ply, compiled twice on x86-64.
//!
//! The count is a population count of each piece's destinations, and the
//! default x86-64 target has no population count instruction: `count_ones`
//! becomes a dozen instructions, a third of perft's work. Processors have
//! had the instruction since 2008, so the same code is also compiled with
//! it and chosen at run time, once the processor has been asked (`cpuid`).
//! This module alone holds unsafe code: calling a function compiled for an
//! instruction the processor may lack.
#![allow(unsafe_code)]

use crate::camps::target_line;
use crate::{Activity, Player, Position};

/// The number of legal moves of `p`, with the processor's population count
/// instruction where it has one.
#[inline]
pub(crate) fn count_moves(p: &Position) -> usize {
    #[cfg(target_arch = "x86_64")]
    if popcnt::available() {
        // SAFETY: the processor has the population count instruction
        // `popcnt::count_moves` is compiled for.
        return unsafe { popcnt::count_moves(p) };
    }
    plain(p)
}

/// `player`'s [`Activity`](crate::Activity), with the processor's
/// population count instruction where it has one.
#[inline]
pub(crate) fn activity(p: &Position, player: Player) -> Activity {
    #[cfg(target_arch = "x86_64")]
    if popcnt::available() {
        // SAFETY: the processor has the population count instruction
        // `popcnt::activity` is compiled for.
        return unsafe { popcnt::activity(p, player) };
    }
    activity_body(p, player)
}

/// [`Position::activity`](crate::Position::activity) without a closure.
#[inline(always)]
fn activity_body(p: &Position, player: Player) -> Activity {
    let own = p.pieces(player);
    let (attacks, mobility) = p.board.reach_activity(own, p.occupied(), own);
    Activity { attacks, mobility }
}

/// The count as the default target compiles it.
pub(crate) fn plain(p: &Position) -> usize {
    body(p)
}

/// What [`Game::generate_moves`](game_rules::Game::generate_moves) hands
/// over, counted without a closure (a closure is compiled on its own,
/// without the instruction, when it is not inlined): each piece's
/// squares, and each open camp for each piece on the target line.
#[inline(always)]
fn body(p: &Position) -> usize {
    if p.decided_outcome().is_some() {
        return 0;
    }
    let (own, barred) = p.own_and_barred();
    let squares = p.board.reach_count(own, p.occupied(), barred);
    let camps = (own & target_line(p.side)).len() * p.open_camps().0.count_ones();
    (squares + camps) as usize
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod popcnt {
    use core::sync::atomic::{AtomicU8, Ordering};

    use crate::Position;

    /// 0 before the processor is asked, then 1 without the instruction, 2
    /// with it.
    static FOUND: AtomicU8 = AtomicU8::new(0);

    /// Whether the processor has the population count instruction
    /// (`cpuid` leaf 1, ECX bit 23), asked once.
    #[inline]
    pub(crate) fn available() -> bool {
        match FOUND.load(Ordering::Relaxed) {
            0 => {
                // SAFETY: every x86-64 processor has `cpuid`, and leaf 1
                // always exists. (Newer compilers make it a safe function:
                // the block is then unneeded, which is allowed here.)
                #[allow(unused_unsafe)]
                let ecx = unsafe { core::arch::x86_64::__cpuid(1) }.ecx;
                let found = ecx & (1 << 23) != 0;
                FOUND.store(if found { 2 } else { 1 }, Ordering::Relaxed);
                found
            }
            found => found == 2,
        }
    }

    /// [`super::plain`] compiled with the population count instruction.
    ///
    /// # Safety
    /// The processor must have the instruction ([`available`]).
    #[target_feature(enable = "popcnt")]
    pub(crate) unsafe fn count_moves(p: &Position) -> usize {
        super::body(p)
    }

    /// [`super::activity`] compiled with the population count instruction.
    ///
    /// # Safety
    /// The processor must have the instruction ([`available`]).
    #[target_feature(enable = "popcnt")]
    pub(crate) unsafe fn activity(p: &Position, player: crate::Player) -> crate::Activity {
        super::activity_body(p, player)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use game_rules::Game;

    /// The moves `generate_moves` hands over, counted one by one.
    fn listed(p: &Position) -> usize {
        let mut n = 0;
        p.generate_moves(|moves| {
            n += moves.into_iter().count();
            false
        });
        n
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_instruction_is_found_as_the_standard_library_finds_it() {
        let expected = std::is_x86_feature_detected!("popcnt");
        // The first call asks the processor, the second reads the answer kept.
        assert_eq!(popcnt::available(), expected);
        assert_eq!(popcnt::available(), expected);
    }

    /// Seeded games to their end on 24 tile boards, under both first-move
    /// options, each position handed to `check`; returns how many
    /// positions there were and in how many a camp could be entered.
    fn seeded_positions(mut check: impl FnMut(&Position)) -> (usize, usize) {
        let mut rng = board_geometry::SplitMix64::new(11);
        let (mut positions, mut camps) = (0, 0);
        for (board, _) in crate::Board::all_tile_boards().step_by(5003).take(24) {
            let mut p = Position::start_on(board);
            if rng.next_u64() % 2 == 0 {
                // The no-first-capture option: both first moves pending.
                p = p
                    .with_first_move_pending(board_geometry::Player::Black, true)
                    .with_first_move_pending(board_geometry::Player::White, true);
            }
            loop {
                check(&p);
                positions += 1;
                let moves = p.legal_moves();
                camps += usize::from(
                    moves
                        .iter()
                        .any(|m| matches!(m.to, crate::Destination::Camp(_))),
                );
                if moves.is_empty() {
                    break;
                }
                p = p.play_unchecked(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
        assert!(
            positions > 500 && camps > 20,
            "{positions} positions, {camps} with camp entries"
        );
        (positions, camps)
    }

    #[test]
    fn both_builds_count_what_generation_lists() {
        // Each position's count, plain and (where the processor has the
        // instruction) fast, against the moves listed.
        let mut fast = 0;
        let (positions, _) = seeded_positions(|p| {
            let expected = listed(p);
            assert_eq!(plain(p), expected, "{p}");
            assert_eq!(count_moves(p), expected, "{p}");
            #[cfg(target_arch = "x86_64")]
            if popcnt::available() {
                // SAFETY: checked just above.
                assert_eq!(unsafe { popcnt::count_moves(p) }, expected, "{p}");
                fast += 1;
            }
        });
        #[cfg(target_arch = "x86_64")]
        if popcnt::available() {
            assert_eq!(fast, positions);
        }
    }

    #[test]
    fn both_builds_give_the_attacks_and_mobility_of_each_piece_summed() {
        // The oracle: each piece's reach from the board, one square at a
        // time, and its squares off its own side's pieces counted.
        let (mut fast, mut checked) = (0, 0);
        let (positions, _) = seeded_positions(|p| {
            for player in board_geometry::Player::ALL {
                let own = p.pieces(player);
                let mut expected = Activity::default();
                for from in own {
                    let reach = p.board().reach(from, p.occupied());
                    expected.attacks |= reach;
                    expected.mobility += (reach - own).len();
                }
                assert_eq!(activity_body(p, player), expected, "{p}");
                assert_eq!(p.activity(player), expected, "{p}");
                #[cfg(target_arch = "x86_64")]
                if popcnt::available() {
                    // SAFETY: checked just above.
                    assert_eq!(unsafe { popcnt::activity(p, player) }, expected, "{p}");
                    fast += 1;
                }
                checked += 1;
            }
        });
        assert_eq!(checked, 2 * positions);
        #[cfg(target_arch = "x86_64")]
        if popcnt::available() {
            assert_eq!(fast, checked);
        }
    }

    #[test]
    fn tactical_generation_hands_over_the_captures_and_camp_entries_in_order() {
        // The oracle: every legal move listed, those onto a piece or into
        // a camp kept, in their order.
        let (mut captures, mut stopped) = (0, 0);
        seeded_positions(|p| {
            let expected: std::vec::Vec<_> = p
                .legal_moves()
                .into_iter()
                .filter(|m| match m.to {
                    crate::Destination::Camp(_) => true,
                    crate::Destination::Square(s) => p.piece_on(s).is_some(),
                })
                .collect();
            captures += expected
                .iter()
                .filter(|m| matches!(m.to, crate::Destination::Square(_)))
                .count();
            let mut tactical = std::vec::Vec::new();
            assert!(!p.generate_tactical_moves(|moves| {
                assert!(!moves.is_empty(), "{p}: an empty piece handed over");
                tactical.extend(moves);
                false
            }));
            assert_eq!(tactical, expected, "{p}");
            // Stopped at the first piece, it says so.
            if !expected.is_empty() {
                assert!(p.generate_tactical_moves(|_| true));
                stopped += 1;
            }
        });
        assert!(
            captures > 500 && stopped > 100,
            "{captures} captures, {stopped} stops"
        );
    }
}
