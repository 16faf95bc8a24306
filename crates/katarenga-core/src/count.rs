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

use crate::Position;
use crate::camps::target_line;

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
}

#[cfg(test)]
mod tests {
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
        extern crate std;
        let expected = std::is_x86_feature_detected!("popcnt");
        // The first call asks the processor, the second reads the answer kept.
        assert_eq!(popcnt::available(), expected);
        assert_eq!(popcnt::available(), expected);
    }

    #[test]
    fn both_builds_count_what_generation_lists() {
        // Seeded games to their end on the tile boards, under both
        // first-move options: each position's count, plain and (where the
        // processor has the instruction) fast, against the moves listed.
        let mut rng = board_geometry::SplitMix64::new(11);
        let (mut positions, mut fast, mut camps) = (0, 0, 0);
        for (board, _) in crate::Board::all_tile_boards().step_by(5003).take(24) {
            let mut p = Position::start_on(board);
            if rng.next_u64() % 2 == 0 {
                // The no-first-capture option: both first moves pending.
                p = p
                    .with_first_move_pending(board_geometry::Player::Black, true)
                    .with_first_move_pending(board_geometry::Player::White, true);
            }
            loop {
                let expected = listed(&p);
                assert_eq!(plain(&p), expected, "{p}");
                assert_eq!(count_moves(&p), expected, "{p}");
                #[cfg(target_arch = "x86_64")]
                if popcnt::available() {
                    // SAFETY: checked just above.
                    assert_eq!(unsafe { popcnt::count_moves(&p) }, expected, "{p}");
                    fast += 1;
                }
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
        #[cfg(target_arch = "x86_64")]
        if popcnt::available() {
            assert_eq!(fast, positions);
        }
    }
}
