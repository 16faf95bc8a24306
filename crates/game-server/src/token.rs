//! Secrets and ids from the operating system's random source.

/// A token's length: 32 hex digits, 128 bits.
pub const LEN: usize = 32;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // Without the system's random source no secret can be made: the server
    // cannot work at all, and says so at once.
    getrandom::fill(&mut bytes).expect("the operating system's random source failed");
    bytes
}

/// A seat's or the spectators' token: 128 random bits.
#[must_use]
pub fn token() -> String {
    hex(&random::<16>())
}

/// Whether two secrets are equal, compared in constant time (the time
/// tells nothing of how much of a guess was right).
#[must_use]
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A game's public id: 64 random bits.
#[must_use]
pub fn id() -> String {
    hex(&random::<8>())
}

/// A fair coin from the operating system's random source (a seat drawn).
#[must_use]
pub fn coin() -> bool {
    random::<1>()[0] & 1 == 1
}
