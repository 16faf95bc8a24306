//! Ratings checked against an independent Glicko-2: written here from
//! Glickman's paper ("Example of the Glicko-2 system", 2022), itself
//! checked on the paper's worked example, then compared with the server's
//! update and with the ratings the server stores after real rated games.

use std::net::SocketAddr;

use game_server::ratings::{DEVIATION_FLOOR, START, TAU, update};
use game_server::store::RatingRow;
use serde_json::{Value, json};

/// Glicko-2 over one rating period, step by step as the paper states it:
/// `player` is (rating, deviation, volatility); each result is an
/// opponent's (rating, deviation) and the player's score.
fn glicko2(player: (f64, f64, f64), results: &[(f64, f64, f64)], tau: f64) -> (f64, f64, f64) {
    const SCALE: f64 = 173.7178;
    let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
    let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI.powi(2))).sqrt();
    let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    let opponents: Vec<(f64, f64, f64)> = results
        .iter()
        .map(|&(r, rd, s)| ((r - 1500.0) / SCALE, rd / SCALE, s))
        .collect();
    let v = 1.0
        / opponents
            .iter()
            .map(|&(m, p, _)| g(p).powi(2) * e(m, p) * (1.0 - e(m, p)))
            .sum::<f64>();
    let delta = v * opponents
        .iter()
        .map(|&(m, p, s)| g(p) * (s - e(m, p)))
        .sum::<f64>();
    // Step 5: the new volatility by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-6 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu
        + phi2
            * phi2
            * opponents
                .iter()
                .map(|&(m, p, s)| g(p) * (s - e(m, p)))
                .sum::<f64>();
    (mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2)
}

/// The independent update of one rated game for both players, with the
/// server's floor on the deviation.
fn by_hand(black: RatingRow, white: RatingRow, black_score: f64) -> [(f64, f64); 2] {
    let one = |me: RatingRow, them: RatingRow, score: f64| {
        let (r, rd, _) = glicko2(
            (me.rating, me.deviation, me.volatility),
            &[(them.rating, them.deviation, score)],
            TAU,
        );
        (r, rd.max(DEVIATION_FLOOR))
    };
    [
        one(black, white, black_score),
        one(white, black, 1.0 - black_score),
    ]
}

#[test]
fn the_independent_glicko2_gives_the_papers_worked_example() {
    // Glickman's example: 1500/200/0.06 against 1400/30 (won), 1550/100
    // (lost) and 1700/300 (lost), τ = 0.5: 1464.06, 151.52, 0.05999.
    let (r, rd, vol) = glicko2(
        (1500.0, 200.0, 0.06),
        &[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ],
        0.5,
    );
    assert!((r - 1464.06).abs() < 0.01, "{r}");
    assert!((rd - 151.52).abs() < 0.01, "{rd}");
    assert!((vol - 0.05999).abs() < 0.00001, "{vol}");
}

#[test]
fn the_servers_update_agrees_with_the_independent_glicko2() {
    let rating = |rating, deviation, volatility, games| RatingRow {
        rating,
        deviation,
        volatility,
        games,
    };
    let cases = [
        (START, START, 1.0),
        (START, START, 0.5),
        (
            rating(1400.0, 30.0, 0.06, 40),
            rating(1500.0, 200.0, 0.06, 3),
            1.0,
        ),
        (
            rating(1550.0, 100.0, 0.06, 9),
            rating(1500.0, 200.0, 0.06, 3),
            0.0,
        ),
        (
            rating(1700.0, 300.0, 0.07, 1),
            rating(1200.0, 60.0, 0.05, 80),
            0.5,
        ),
        // At the floor (steady players, low volatility): the deviation
        // would fall below it, and stays there.
        (
            rating(1800.0, 45.0, 0.01, 500),
            rating(1790.0, 46.0, 0.01, 400),
            1.0,
        ),
    ];
    let mut floored = 0;
    for (black, white, score) in cases {
        let got = update([black, white], score);
        let want = by_hand(black, white, score);
        for (g, (r, rd)) in got.iter().zip(want) {
            assert!((g.rating - r).abs() < 1e-6, "{g:?} against {r} {rd}");
            assert!((g.deviation - rd).abs() < 1e-6, "{g:?} against {r} {rd}");
            floored += usize::from(g.deviation == DEVIATION_FLOOR);
        }
        assert_eq!(got[0].games, black.games + 1);
        assert_eq!(got[1].games, white.games + 1);
    }
    assert!(floored >= 2, "the floor was reached {floored} times");
}

async fn page(addr: SocketAddr, name: &str) -> Value {
    let (status, _, body) =
        crate::accounts::request(addr, "GET", &format!("/api/players/{name}"), &[], None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

async fn rated_games(addr: SocketAddr) {
    let alice = crate::accounts::account(addr, "alice").await;
    let bob = crate::accounts::account(addr, "bob").await;
    // A rated game needs an account.
    let rated = json!({"spec": "kamisado", "rated": true});
    let (status, _, _) =
        crate::accounts::request(addr, "POST", "/api/games", &[], Some(&rated)).await;
    assert_eq!(status, 400);
    // Alice (Black) resigns the first rated game, Bob (Black) the second;
    // an unrated game between them changes nothing.
    let finished = crate::archive::finished;
    let first = finished(addr, "kamisado", Some(&alice), Some(&bob), true).await;
    finished(addr, "kamisado", Some(&alice), Some(&bob), false).await;
    let second = finished(addr, "kamisado", Some(&bob), Some(&alice), true).await;
    let [a1, b1] = by_hand(START, START, 0.0);
    let at = |(rating, deviation): (f64, f64), games| RatingRow {
        rating,
        deviation,
        volatility: 0.06,
        games,
    };
    // Volatility moves a little each game: taken from the independent
    // update too.
    let vol = |me: (f64, f64, f64), them: (f64, f64), s| glicko2(me, &[(them.0, them.1, s)], TAU).2;
    let (va, vb) = (
        vol((1500.0, 350.0, 0.06), (1500.0, 350.0), 0.0),
        vol((1500.0, 350.0, 0.06), (1500.0, 350.0), 1.0),
    );
    let [b2, a2] = by_hand(
        RatingRow {
            volatility: vb,
            ..at(b1, 1)
        },
        RatingRow {
            volatility: va,
            ..at(a1, 1)
        },
        0.0,
    );
    let alice_page = page(addr, "ALICE").await;
    let bob_page = page(addr, "bob").await;
    for (who, page, want, history) in [
        ("alice", &alice_page, a2, [a1, a2]),
        ("bob", &bob_page, b2, [b1, b2]),
    ] {
        let shown = &page["ratings"]["kamisado"];
        assert_eq!(shown["rating"], want.0.round() as i64, "{who}: {page}");
        assert_eq!(shown["deviation"], want.1.round() as i64, "{who}: {page}");
        assert_eq!(shown["games"], 2, "{who}: {page}");
        let points = page["history"]["kamisado"].as_array().unwrap();
        assert_eq!(points.len(), 2);
        for (point, (game, (r, _))) in points
            .iter()
            .zip([(&first, history[0]), (&second, history[1])])
        {
            assert_eq!(point["game"], game.as_str());
            assert_eq!(point["rating"], r.round() as i64);
        }
    }
    println!(
        "ratings: alice {} / bob {} after two rated games, as the independent Glicko-2 has them ({:.2} / {:.2})",
        alice_page["ratings"]["kamisado"]["rating"],
        bob_page["ratings"]["kamisado"]["rating"],
        a2.0,
        b2.0
    );
}

#[tokio::test]
async fn rated_games_move_the_ratings_as_glicko2_does() {
    rated_games(crate::accounts_server(crate::database("ratings")).await).await;
}

#[tokio::test]
async fn rated_games_on_postgres_move_the_ratings_alike() {
    let Some(url) = crate::postgres("ratings").await else {
        return;
    };
    rated_games(crate::accounts_server(game_server::store::Database::Postgres(url)).await).await;
}

#[tokio::test]
async fn a_rated_game_ended_before_its_ratings_were_applied_is_rated_at_the_next_start() {
    use game_server::store::{Database, EventRow, Finish, GameRow, PlayerRow, Store};
    let path = crate::database("pending");
    {
        // As a process that stored a rated game's end and stopped before
        // applying the ratings left it.
        let store = Store::open(
            &Database::Sqlite(path.clone()),
            std::time::Duration::from_secs(5),
        )
        .await
        .unwrap();
        for name in ["ann", "ben"] {
            let player = PlayerRow {
                id: format!("{name}-id"),
                name: name.into(),
                password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into(),
                created_ms: 1,
                bot: false,
            };
            assert!(store.create_player(player).await.unwrap());
        }
        store
            .create_game(GameRow {
                id: "g".into(),
                spec: "kamisado".into(),
                choose_orientation: false,
                clock: r#"{"type":"untimed"}"#.into(),
                tokens: ["t1".into(), "t2".into(), "t3".into()],
                created_ms: 2,
                rematch_of: None,
                owners: [Some("ann-id".into()), Some("ben-id".into())],
                rated: true,
            })
            .await
            .unwrap();
        let event = |n: u64, kind: &str, action: Option<&str>| EventRow {
            n,
            kind: kind.into(),
            player: action.map(|_| "black".into()),
            action: action.map(Into::into),
            at_ms: 3 + n,
            clocks: [0, 0],
            paused_ms: None,
        };
        store
            .append("g", event(1, "start", None), None)
            .await
            .unwrap();
        let finish = Finish {
            result: "white".into(),
            termination: "resignation".into(),
            record: String::new(),
        };
        store
            .append("g", event(2, "act", Some("resign")), Some(finish))
            .await
            .unwrap();
    }
    let [ann, ben] = by_hand(START, START, 0.0);
    for _ in 0..2 {
        // Started twice: rated at the first start, not again at the second.
        let mut config = game_server::Config::new(path.clone());
        config.web = None;
        let addr = game_server::start(config, "127.0.0.1:0".parse().unwrap())
            .await
            .unwrap()
            .addr;
        for (name, want) in [("ann", ann), ("ben", ben)] {
            let shown = &page(addr, name).await["ratings"]["kamisado"];
            assert_eq!(shown["games"], 1, "{name}: {shown}");
            assert_eq!(shown["rating"], want.0.round() as i64, "{name}: {shown}");
        }
    }
}
