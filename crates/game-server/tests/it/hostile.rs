//! Hostile clients: each case a clear refusal (or a closed connection for
//! what cannot be answered), and the game untouched.

use std::time::Duration;

use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use futures_util::SinkExt;

use crate::{Client, create, http, server};

/// A game both seats have joined; returns the clients and the links.
async fn joined(addr: std::net::SocketAddr) -> (Client, Client, crate::Links) {
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (white, _) = Client::join(addr, &links.white, 0).await;
    black.next_of("event").await;
    (black, white, links)
}

/// Why a new WebSocket connection was refused (it must be).
async fn refused_upgrade(addr: std::net::SocketAddr) -> String {
    match tokio_tungstenite::connect_async(format!("ws://{addr}/api/ws")).await {
        Ok(_) => panic!("a connection over the limit was accepted"),
        Err(e) => e.to_string(),
    }
}

/// The game's state through the spectators' link.
async fn state(addr: std::net::SocketAddr, links: &crate::Links) -> Value {
    let (_, body) = http(addr, "GET", "/api/game", Some(&links.spectator), None).await;
    serde_json::from_str::<Value>(&body).unwrap()["state"].clone()
}

#[tokio::test]
async fn moves_from_the_wrong_seat_a_spectator_or_after_the_end_are_refused() {
    let addr = server("seats", |_| {}).await;
    let (mut black, mut white, links) = joined(addr).await;
    let before = state(addr, &links).await;
    // White moves Black's tower, in Black's turn: refused.
    white.act("d1d7").await;
    let e = white.next_of("error").await;
    assert_eq!(e["kind"], "not_your_turn", "{e}");
    // The spectator moves: refused.
    let (mut watcher, _) = Client::join(addr, &links.spectator, 0).await;
    watcher.act("d1d7").await;
    assert_eq!(watcher.next_of("error").await["kind"], "spectator");
    // A client's claim of the result is no action at all.
    black
        .send(&json!({"type": "act", "action": "black wins"}))
        .await;
    assert_eq!(black.next_of("error").await["kind"], "parse");
    black
        .send(&json!({"type": "result", "winner": "black"}))
        .await;
    assert_eq!(black.next_of("error").await["kind"], "bad_message");
    // An illegal move.
    black.act("d1d8").await;
    let e = black.next_of("error").await;
    assert_eq!(e["kind"], "move", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("d8 is occupied"),
        "{e}"
    );
    let mut after = state(addr, &links).await;
    after["presence"] = before["presence"].clone();
    after["clocks"] = before["clocks"].clone();
    assert_eq!(after, before, "refusals changed the game");
    // Resigning ends the game; nothing after it is taken.
    black.act("resign").await;
    assert_eq!(white.next_of("event").await["state"]["result"], "white");
    black.act("d1d7").await;
    assert_eq!(black.next_of("error").await["kind"], "over");
    white.send(&json!({"type": "claim"})).await;
    assert_eq!(white.next_of("error").await["kind"], "over");
}

#[tokio::test]
async fn malformed_and_oversized_messages_and_forged_tokens_are_refused() {
    let addr = server("malformed", |c| {
        c.hello_timeout = Duration::from_millis(300)
    })
    .await;
    let (mut black, _white, links) = joined(addr).await;
    for bad in [
        "",
        "{",
        "[1,2]",
        "null",
        "{\"type\": \"act\"}",
        "{\"type\": \"act\", \"action\": 7}",
        "{\"type\": \"act\", \"action\": \"d1d7\", \"extra\": 1}",
    ] {
        black.ws.send(Message::Text(bad.into())).await.unwrap();
        let e = black.next_of("error").await;
        assert_eq!(e["kind"], "bad_message", "{bad}: {e}");
    }
    black
        .ws
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(black.next_of("error").await["kind"], "bad_message");
    // Over 4 KiB: the connection is closed (message too big), the game goes on.
    let huge = json!({"type": "act", "action": "x".repeat(5000)}).to_string();
    let _ = black.ws.send(Message::Text(huge.into())).await;
    let closed = black.closed().await.expect("closed");
    assert!(
        closed.contains("1009")
            || closed.to_lowercase().contains("too big")
            || closed.contains("Size")
            || closed.contains("reset"),
        "{closed}"
    );
    let (mut black, welcome) = Client::join(addr, &links.black, 0).await;
    assert_eq!(welcome["state"]["actor"], "black");
    black.act("d1d7").await;
    assert_eq!(black.next_of("event").await["event"]["action"], "d1d7");
    // Forged tokens: the right form, no game; the wrong form; none.
    for token in [
        "0123456789abcdef0123456789abcdef",
        "x",
        &"a".repeat(5000)[..3000],
    ] {
        let mut forger = Client::raw(addr).await;
        forger.send(&json!({"type": "hello", "token": token})).await;
        let e = forger.next().await;
        assert!(e["kind"] == "unknown_token" || e["type"] == "closed", "{e}");
        assert!(forger.closed().await.is_some());
    }
    for (method, path) in [("GET", "/api/game"), ("GET", "/api/game/record")] {
        let (status, body) = http(
            addr,
            method,
            path,
            Some("0123456789abcdef0123456789abcdef"),
            None,
        )
        .await;
        assert_eq!(status, 404, "{body}");
        let (status, _) = http(addr, method, path, None, None).await;
        assert_eq!(status, 404);
    }
    // A first message that is not hello, and no hello at all.
    let mut rude = Client::raw(addr).await;
    rude.act("d1d7").await;
    assert_eq!(rude.next().await["kind"], "hello_first");
    let mut silent = Client::raw(addr).await;
    assert_eq!(silent.next().await["kind"], "hello_first");
    assert!(silent.closed().await.is_some());
    // Bad game descriptions.
    for body in [
        "{}",
        "{\"spec\": \"chess\"}",
        "{\"spec\": \"kamisado\", \"clock\": {\"type\": \"live\", \"initial_ms\": 5}}",
        "not json",
        "{\"spec\": \"kamisado\", \"choose_orientation\": true}",
    ] {
        let (status, answer) = http(addr, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(
            serde_json::from_str::<Value>(&answer).unwrap()["message"]
                .as_str()
                .is_some(),
            "{answer}"
        );
    }
}

#[tokio::test]
async fn a_flood_is_rate_limited_then_cut_off_and_the_game_goes_on() {
    let addr = server("flood", |_| {}).await;
    let (mut black, mut white, links) = joined(addr).await;
    // 200 moves at once from White, whose turn it is not: the first 20 are
    // answered (refused), then one rate-limit notice, then the cut.
    for _ in 0..200 {
        if white
            .ws
            .send(Message::Text(
                json!({"type": "act", "action": "g8g7"}).to_string().into(),
            ))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut kinds = Vec::new();
    loop {
        let m = white.next().await;
        if m["type"] == "closed" {
            break;
        }
        kinds.push(m["kind"].as_str().unwrap_or_default().to_string());
    }
    assert!(
        kinds.iter().filter(|k| *k == "not_your_turn").count() >= 10,
        "{kinds:?}"
    );
    assert_eq!(
        kinds.iter().filter(|k| *k == "rate_limited").count(),
        1,
        "{kinds:?}"
    );
    // Black plays on.
    black.act("d1d7").await;
    assert_eq!(black.next_of("event").await["event"]["n"], 2);
    assert_eq!(
        crate::http(addr, "GET", "/api/game", Some(&links.black), None)
            .await
            .0,
        200
    );
}

#[tokio::test]
async fn many_idle_connections_are_held_and_bounded() {
    let addr = server("idle", |c| {
        c.max_connections = 2000;
        c.max_connections_per_address = 5000;
        c.hello_timeout = Duration::from_secs(30);
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..2000 {
        idle.push(Client::raw(addr).await);
    }
    // The 2001st is turned away with a reason, not hung.
    let e = refused_upgrade(addr).await;
    assert!(e.contains("503"), "{e}");
    drop(idle);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    let (_, welcome) = Client::join(addr, &links.black, 0).await;
    assert_eq!(welcome["role"], "black");
}

#[tokio::test]
async fn new_games_from_one_address_are_rate_limited() {
    let addr = server("creators", |c| {
        c.create_rate = 0.5;
        c.create_burst = 5.0;
    })
    .await;
    let body = json!({"spec": "kamisado"}).to_string();
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let (status, answer) = http(addr, "POST", "/api/games", None, Some(&body)).await;
        if status == 429 {
            assert_eq!(
                serde_json::from_str::<Value>(&answer).unwrap()["kind"],
                "rate_limited"
            );
        }
        statuses.push(status);
    }
    assert_eq!(statuses, [201, 201, 201, 201, 201, 429, 429, 429]);
    // The allowance comes back with time (one game every two seconds).
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (status, _) = http(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn one_address_holds_a_bounded_share_of_the_connections() {
    let addr = server("per-address", |c| c.max_connections_per_address = 10).await;
    let mut held = Vec::new();
    for _ in 0..10 {
        held.push(Client::raw(addr).await);
    }
    let e = refused_upgrade(addr).await;
    assert!(e.contains("429"), "{e}");
    // One closed, one more may come.
    held.pop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    let (_, welcome) = Client::join(addr, &links.black, 0).await;
    assert_eq!(welcome["role"], "black");
}
