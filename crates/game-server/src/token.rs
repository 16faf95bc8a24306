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

/// A game's public id: 64 random bits.
#[must_use]
pub fn id() -> String {
    hex(&random::<8>())
}
