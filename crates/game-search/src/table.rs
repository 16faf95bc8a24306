//! The transposition table: a fixed number of two-entry buckets, sized in
//! MiB, allocated once (and fallibly).

/// Why a transposition table could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The size in MiB does not fit in this machine's address space.
    #[error("a table of {mib} MiB is larger than this machine can address")]
    TooLarge {
        /// The size asked for.
        mib: usize,
    },
    /// The allocator refused the memory.
    #[error("could not allocate {bytes} bytes for a table of {mib} MiB")]
    OutOfMemory {
        /// The size asked for.
        mib: usize,
        /// The bytes that were refused.
        bytes: usize,
    },
}

impl TableError {
    /// The error for tables of `mib` MiB in all, one of which failed (the
    /// solver's two tables share the size asked for).
    pub(crate) fn of_total(self, mib: usize) -> TableError {
        match self {
            TableError::TooLarge { .. } => TableError::TooLarge { mib },
            TableError::OutOfMemory { .. } => TableError::OutOfMemory {
                mib,
                bytes: mib.saturating_mul(1 << 20),
            },
        }
    }
}

/// How an entry's score relates to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Bound {
    /// No entry (an empty slot).
    None = 0,
    /// The true value.
    Exact,
    /// At least the score (a cut-off).
    Lower,
    /// At most the score (no move raised alpha).
    Upper,
}

/// One entry: 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) score: i32,
    /// The best move's [`move_index`](crate::SearchGame::move_index), or
    /// `u16::MAX` for none.
    pub(crate) best: u16,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        score: 0,
        best: NO_MOVE,
        depth: 0,
        bound: Bound::None,
    };
}

/// The move code of an entry without a best move.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// Two entries in one 32-byte bucket: the first keeps the deepest entry,
/// the second the newest.
#[derive(Debug, Clone, Copy)]
#[repr(align(32))]
struct Bucket([Entry; 2]);

/// A table of `mib` MiB of `T` (at least one), every slot `empty`:
/// allocated fallibly, and on Linux in huge pages where the kernel has them
/// (see [`advise_huge_pages`]).
pub(crate) fn allocate<T: Clone>(mib: usize, empty: T) -> Result<Vec<T>, TableError> {
    let bytes = mib
        .checked_mul(1 << 20)
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or(TableError::TooLarge { mib })?;
    let count = (bytes / core::mem::size_of::<T>()).max(1);
    let mut table: Vec<T> = Vec::new();
    table
        .try_reserve_exact(count)
        .map_err(|_| TableError::OutOfMemory { mib, bytes })?;
    // Before the first write: the kernel picks the page size when a page is
    // first touched.
    advise_huge_pages(
        table.as_ptr().cast(),
        table.capacity() * core::mem::size_of::<T>(),
    );
    table.resize(count, empty);
    Ok(table)
}

/// Asks Linux to back `len` bytes from `start` with 2 MiB pages.
///
/// A table is probed at random: with 4 KiB pages nearly every probe also
/// misses the TLB, and a page walk can cost more than the cache miss
/// itself. With transparent huge pages in `madvise` mode (the
/// common default) only advised memory gets them. The advice is a hint: if
/// the kernel has no huge page to give, or says no, nothing changes.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(start: *const u8, len: usize) {
    const HUGE: usize = 2 << 20;
    // Only whole 2 MiB pages inside the allocation can be huge.
    let first = (start as usize).next_multiple_of(HUGE);
    let end = (start as usize + len) / HUGE * HUGE;
    if end > first {
        // SAFETY: `madvise(MADV_HUGEPAGE)` only changes how the kernel backs
        // the range [first, end), which lies inside one live allocation that
        // we own; it reads and writes no memory, and its result (a hint
        // refused) needs no handling.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const u8, _len: usize) {}

/// A transposition table of fixed size.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of `mib` MiB (at least one bucket), allocated fallibly.
    pub(crate) fn new(mib: usize) -> Result<Table, TableError> {
        Ok(Table {
            buckets: allocate(mib, Bucket([Entry::EMPTY; 2]))?,
        })
    }

    /// The table's size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.buckets.fill(Bucket([Entry::EMPTY; 2]));
    }

    /// The bucket of `key`: the high bits of `key * buckets` (a
    /// multiply-and-shift range reduction, so any number of buckets works
    /// and no division is needed).
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Starts loading the bucket of `key` into the cache, so that a
    /// [`Table::probe`] issued a little later (after the node's move
    /// generation) finds it there instead of waiting for memory, which is a
    /// large part of the playing search's time. It changes no result. On
    /// other architectures it does nothing.
    #[inline]
    #[allow(unsafe_code)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = &self.buckets[self.index(key)];
            // SAFETY: `_mm_prefetch` is `unsafe` only because it is an SSE
            // intrinsic, and SSE is part of every x86_64 processor. A prefetch
            // reads nothing into the program and never faults; the address is
            // that of a live bucket anyway. (A plain read of the bucket in
            // safe code would stall instead.)
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .0
            .iter()
            .find(|e| e.key == key && e.bound != Bound::None)
            .copied()
    }

    #[inline]
    pub(crate) fn store(&mut self, entry: Entry) {
        let index = self.index(entry.key);
        let bucket = &mut self.buckets[index].0;
        let deep = bucket[0];
        if deep.bound != Bound::None && deep.key != entry.key && deep.depth > entry.depth {
            bucket[1] = entry;
        } else {
            bucket[0] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_sixteen_bytes_and_sizes_are_honoured() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        assert_eq!(core::mem::size_of::<Bucket>(), 32);
        for mib in [1, 3, 5, 257] {
            let t = Table::new(mib).unwrap();
            assert_eq!(t.bytes(), mib << 20, "{mib} MiB");
        }
        assert_eq!(Table::new(0).unwrap().bytes(), 32);
        assert!(matches!(
            Table::new(usize::MAX),
            Err(TableError::TooLarge { .. })
        ));
    }

    #[test]
    fn store_and_probe() {
        let mut t = Table::new(1).unwrap();
        let e = Entry {
            key: 12345,
            score: 7,
            best: 3,
            depth: 4,
            bound: Bound::Exact,
        };
        assert_eq!(t.probe(12345), None);
        t.store(e);
        assert_eq!(t.probe(12345), Some(e));
        // A shallower entry of another key in the same bucket goes to the
        // second slot and keeps the deep one.
        let index = t.index(12345);
        let other = (0u64..)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .find(|&k| k != 12345 && t.index(k) == index)
            .unwrap();
        let shallow = Entry {
            key: other,
            depth: 1,
            ..e
        };
        t.store(shallow);
        assert_eq!(t.probe(12345), Some(e));
        assert_eq!(t.probe(other), Some(shallow));
        t.clear();
        assert_eq!(t.probe(12345), None);
    }
}
