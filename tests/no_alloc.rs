//! The rules engines do not allocate on the paths exercised here: a
//! counting global allocator watches parsing, move generation, play,
//! outcomes, hashing, perft, match play and game records on several
//! reference positions of each game, and the count must stay 0. This is a
//! sample of inputs, not a proof; the proof that the cores cannot allocate
//! at all is `ci/no-std-check`, which links them without an allocator.

use kamisado_core::Game;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use game_spec::GameId;
use test_support::suite::suites_of;

thread_local! {
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Counts allocations made by the current thread while it is watching;
/// the test harness's other threads are not counted.
struct Counting;

fn count_one() {
    // `try_with`: thread-locals may be gone while a thread exits.
    let _ = WATCHING.try_with(|watching| {
        if watching.get() {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
        }
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counting touches only const-initialised thread-locals, which never
// allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `work` makes on this thread.
fn allocations_in(work: impl FnOnce()) -> u64 {
    ALLOCATIONS.with(|n| n.set(0));
    WATCHING.with(|w| w.set(true));
    work();
    WATCHING.with(|w| w.set(false));
    ALLOCATIONS.with(|n| n.get())
}

#[test]
fn the_counter_sees_allocations() {
    // The check itself must be able to fail.
    let n = allocations_in(|| {
        std::hint::black_box(vec![1u8; 16]);
    });
    assert!(n >= 1);
}

/// Every third position of `game`'s reference suites, as text.
fn suite_positions(game: GameId) -> Vec<String> {
    suites_of(game)
        .flat_map(|s| s.cases())
        .map(|c| c.position)
        .step_by(3)
        .collect()
}

/// Parses `text` and runs the [`Game`] paths on it: perft (counted, and
/// played to `played_depth`), divide, and every move tried, its child's
/// outcome, move count and `from_scratch` (the game's own hash from
/// scratch). Returns a sum of what it saw, so that nothing is optimised
/// away.
fn exercise<P: Game>(text: &str, played_depth: u32, from_scratch: impl Fn(&P) -> u64) -> u64 {
    let p: P = text.parse().unwrap();
    let mut total = p.perft(3) + p.perft_played(played_depth);
    total += p.perft_divide(2).len() as u64;
    for mv in p.legal_moves() {
        let next = p.try_play(mv).unwrap();
        total += u64::from(next.outcome().is_some()) + (from_scratch(&next) & 1);
        total += next.count_moves() as u64;
    }
    total
}

#[test]
fn kamisado_never_allocates() {
    let texts = suite_positions(GameId::Kamisado);
    let mut total = 0u64;
    let n = allocations_in(|| {
        for text in &texts {
            total += exercise(text, 3, kamisado_core::Position::zobrist_from_scratch);
            let mut m = kamisado_core::Match::new(kamisado_core::Target::STANDARD);
            let first = m.position().legal_moves()[0];
            total += u64::from(m.play(first).is_ok());
        }
    });
    assert!(total > 0);
    assert_eq!(n, 0, "kamisado-core allocated {n} times");
}

#[test]
fn katarenga_never_allocates() {
    let texts = suite_positions(GameId::Katarenga);
    let mut total = 0u64;
    let n = allocations_in(|| {
        let mut record = katarenga_core::GameRecord::<64>::new(katarenga_core::Position::start());
        for text in &texts {
            total += exercise(text, 2, katarenga_core::Position::zobrist_from_scratch);
            let p: katarenga_core::Position = text.parse().unwrap();
            total += record.occurrences_of(&p) as u64;
            if let Some(&mv) = record.position().legal_moves().first() {
                record.play(mv).unwrap();
            }
            total += record.occurrences() as u64;
        }
        total += katarenga_core::Board::all_tile_boards().take(100).count() as u64;
    });
    assert!(total > 0);
    assert_eq!(n, 0, "katarenga-core allocated {n} times");
}
