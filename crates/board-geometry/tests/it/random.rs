//! The seeded generator against the published SplitMix64 reference values.

use board_geometry::SplitMix64;

#[test]
fn the_generator_matches_the_reference_splitmix64() {
    // The first outputs of SplitMix64 (Steele, Lea and Flood; the reference
    // C code by Vigna) from seed 0 and from seed 1234567.
    let mut zero = SplitMix64::new(0);
    let expected = [
        0xE220_A839_7B1D_CDAF,
        0x6E78_9E6A_A1B9_65F4,
        0x06C4_5D18_8009_454F,
    ];
    for value in expected {
        assert_eq!(zero.next_u64(), value);
    }
    let mut other = SplitMix64::new(1_234_567);
    let expected = [
        6_457_827_717_110_365_317,
        3_203_168_211_198_807_973,
        9_817_491_932_198_370_423,
    ];
    for value in expected {
        assert_eq!(other.next_u64(), value);
    }
    // A coin is the top bit of the next value.
    let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
    let mut heads = 0;
    for _ in 0..1000 {
        let coin = a.coin();
        assert_eq!(coin, b.next_u64() >> 63 == 1);
        heads += usize::from(coin);
    }
    assert!((400..600).contains(&heads), "{heads} heads in 1000");
}
