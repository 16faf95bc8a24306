//! The server's clocks, from the time controls' definitions: a live
//! player's time runs down and gains its increment, a correspondence turn
//! renews its days, the lag allowance is credited up to its cap, and the
//! deadline is where the time runs out.

use std::time::Duration;

use game_server::TimeControl;
use game_server::clock::{Charge, Clocks};
use kamisado_core::board_geometry::Player;
use tokio::time::Instant;

const SECOND: Duration = Duration::from_secs(1);
const DAY: Duration = Duration::from_secs(86_400);

#[test]
fn a_live_player_is_charged_its_thinking_less_the_lag_allowance_and_gains_its_increment() {
    let control = TimeControl::Live {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };
    let mut clocks = Clocks::new(control);
    let t0 = Instant::now();
    clocks.start(Some(Player::Black), t0);
    // 10 s thought, 300 ms of it credited as lag: 60 - 9.7 + 2 = 52.3 s.
    let lag = Duration::from_millis(300);
    assert_eq!(
        clocks.charge(Player::Black, t0 + 10 * SECOND, lag),
        Charge::InTime
    );
    assert_eq!(clocks.stored(), [52_300, 60_000]);
    // The lag allowance is a cap: a move after 100 ms costs nothing but
    // does not give time back beyond the increment.
    clocks.start(Some(Player::Black), t0 + 10 * SECOND);
    assert_eq!(
        clocks.charge(
            Player::Black,
            t0 + 10 * SECOND + Duration::from_millis(100),
            lag
        ),
        Charge::InTime
    );
    assert_eq!(clocks.stored(), [54_300, 60_000]);
    // The other player's action charges nobody's running clock.
    clocks.start(Some(Player::White), t0 + 11 * SECOND);
    assert_eq!(
        clocks.charge(Player::Black, t0 + 20 * SECOND, lag),
        Charge::InTime
    );
    assert_eq!(clocks.stored(), [54_300, 60_000]);
    assert_eq!(clocks.remaining_at(t0 + 21 * SECOND), [54_300, 50_000]);
}

#[test]
fn a_live_flag_falls_at_the_deadline_and_not_before() {
    let control = TimeControl::Live {
        initial_ms: 5_000,
        increment_ms: 0,
    };
    let lag = Duration::from_millis(300);
    let t0 = Instant::now();
    let mut clocks = Clocks::new(control);
    clocks.start(Some(Player::White), t0);
    assert_eq!(
        clocks.deadline(lag),
        Some((Player::White, t0 + 5 * SECOND + lag))
    );
    let mut late = clocks.clone();
    assert_eq!(
        clocks.charge(Player::White, t0 + 5 * SECOND + lag, lag),
        Charge::InTime
    );
    assert_eq!(clocks.stored(), [5_000, 0]);
    assert_eq!(
        late.charge(
            Player::White,
            t0 + 5 * SECOND + lag + Duration::from_millis(1),
            lag
        ),
        Charge::Flagged
    );
}

#[test]
fn a_correspondence_turn_renews_its_days_and_its_deadline_passes_after_them() {
    let control = TimeControl::Correspondence { days: 2 };
    let lag = Duration::ZERO;
    let t0 = Instant::now();
    let mut clocks = Clocks::new(control);
    clocks.start(Some(Player::Black), t0);
    assert_eq!(clocks.deadline(lag), Some((Player::Black, t0 + 2 * DAY)));
    // Black takes a day and a half: in time; White's turn has two whole days.
    assert_eq!(
        clocks.charge(Player::Black, t0 + 36 * 3600 * SECOND, lag),
        Charge::InTime
    );
    clocks.start(Some(Player::White), t0 + 36 * 3600 * SECOND);
    assert_eq!(
        clocks.deadline(lag),
        Some((Player::White, t0 + 36 * 3600 * SECOND + 2 * DAY))
    );
    // Black's next turn has two days again, not the half day left.
    assert_eq!(
        clocks.charge(Player::White, t0 + 37 * 3600 * SECOND, lag),
        Charge::InTime
    );
    clocks.start(Some(Player::Black), t0 + 37 * 3600 * SECOND);
    assert_eq!(clocks.stored()[0], 2 * 86_400_000);
    // Past the two days, the action is too late.
    assert_eq!(
        clocks.charge(
            Player::Black,
            t0 + 37 * 3600 * SECOND + 2 * DAY + SECOND,
            lag
        ),
        Charge::Flagged
    );
}

#[test]
fn an_untimed_game_has_no_deadline_and_charges_nothing() {
    let lag = Duration::ZERO;
    let t0 = Instant::now();
    let mut clocks = Clocks::new(TimeControl::Untimed);
    clocks.start(Some(Player::Black), t0);
    assert_eq!(clocks.deadline(lag), None);
    assert_eq!(
        clocks.charge(Player::Black, t0 + 1000 * DAY, lag),
        Charge::InTime
    );
}
