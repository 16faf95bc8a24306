//! `Player`: its index and letters over the whole domain.

use board_geometry::Player;

#[test]
fn players_index_and_letters() {
    assert_eq!((Player::Black.index(), Player::White.index()), (0, 1));
    assert_eq!(Player::from_ascii(b'b'), Some(Player::Black));
    assert_eq!(Player::from_ascii(b'w'), Some(Player::White));
    for letter in (0..=255u8).filter(|&l| l != b'b' && l != b'w') {
        assert_eq!(Player::from_ascii(letter), None, "{letter}");
    }
}
