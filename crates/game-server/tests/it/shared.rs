//! Two server processes on one PostgreSQL database, as behind a load
//! balancer: each seat on its own process, a spectator on either; every
//! action made through one reaches the clients of the other, the seats'
//! rights hold across them, a flag falls once, a rematch offered through
//! one is accepted through the other, and when one process dies its
//! players go on through the other.

use std::time::Duration;

use serde_json::json;

use crate::restart::spawn;
use crate::{Client, create, http};

#[tokio::test]
async fn two_processes_on_one_database_play_one_game_between_their_clients() {
    let Some(url) = crate::postgres("shared").await else {
        return;
    };
    let (mut one, a) = spawn(&url);
    let (mut two, b) = spawn(&url);
    let links = create(
        a,
        "kamisado target=3",
        json!({"type": "live", "initial_ms": 600_000}),
    )
    .await;
    // Black on the first process, White and a spectator on the second,
    // which has never seen the game.
    let (mut black, _) = Client::join(a, &links.black, 0).await;
    let (mut white, _) = Client::join(b, &links.white, 0).await;
    let (mut watcher, _) = Client::join(b, &links.spectator, 0).await;
    // Both seats came, each to its own process: the game starts once.
    let started = black.event(1).await;
    assert_eq!(started["event"]["kind"], "start", "{started}");
    assert_eq!(white.event(1).await["event"]["kind"], "start");
    assert_eq!(watcher.event(1).await["event"]["kind"], "start");
    assert_eq!(started["state"]["presence"]["white"]["connected"], true);

    let mut state = started["state"].clone();
    let mut played = Vec::new();
    for turn in 0..8 {
        if state["result"] != "*" {
            break;
        }
        let n = state["n"].as_u64().unwrap() + 1;
        let action = crate::play::choose(&state, turn);
        let (mover, other) = if state["actor"] == "black" {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        // The other seat tries to move for the mover first: refused by
        // its own process, whichever it is.
        other.act(&action).await;
        let refused = other.next_of("error").await;
        assert_eq!(refused["kind"], "not_your_turn", "{refused}");
        mover.act(&action).await;
        let mine = mover.event(n).await;
        let theirs = other.event(n).await;
        let watched = watcher.event(n).await;
        for seen in [&mine, &theirs, &watched] {
            assert_eq!(seen["event"]["n"], n, "{seen}");
            assert_eq!(seen["event"]["action"], action.as_str(), "{seen}");
            assert_eq!(seen["state"]["position"], mine["state"]["position"]);
        }
        played.push(action);
        state = mine["state"].clone();
    }
    // Actions over HTTP, each sent to the other process at once, before it
    // may have heard of the one before: each is taken.
    let mut over_http = 0;
    for turn in 0..6 {
        if state["result"] != "*" {
            break;
        }
        let (token, addr) = if state["actor"] == "black" {
            (&links.black, a)
        } else {
            (&links.white, b)
        };
        let action = crate::play::choose(&state, turn + 3);
        let body = json!({ "action": action }).to_string();
        let (status, answer) = http(addr, "POST", "/api/game/act", Some(token), Some(&body)).await;
        assert_eq!(status, 200, "{answer}");
        state = serde_json::from_str(&answer).unwrap();
        played.push(action);
        over_http += 1;
    }
    let n = state["n"].as_u64().unwrap();
    for client in [&mut black, &mut white, &mut watcher] {
        assert_eq!(
            client.event(n).await["state"]["position"],
            state["position"]
        );
    }

    // Both processes go deaf (their listening connections cut): an action
    // through one, then the answer through the other, which has not heard
    // of the first and must look in the store before refusing it. Once
    // they hear again, every client is told what it missed.
    let (admin, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let cut = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(cut.len(), 2, "one listening connection per process");
    let mut deaf = 0;
    for (turn, first) in [(0, true), (1, false)] {
        if state["result"] != "*" {
            break;
        }
        let black_moves = state["actor"] == "black";
        let token = if black_moves {
            &links.black
        } else {
            &links.white
        };
        // The first action through the process that made the last one,
        // the second through the other.
        let addr = if first { a } else { b };
        let action = crate::play::choose(&state, turn + 5);
        let body = json!({ "action": action }).to_string();
        let (status, answer) = http(addr, "POST", "/api/game/act", Some(token), Some(&body)).await;
        assert_eq!(status, 200, "{answer}");
        state = serde_json::from_str(&answer).unwrap();
        played.push(action);
        deaf += 1;
    }
    let n = state["n"].as_u64().unwrap();
    for client in [&mut black, &mut white, &mut watcher] {
        assert_eq!(
            client.event(n).await["state"]["position"],
            state["position"]
        );
    }

    // Both processes tell the same game over HTTP.
    let (_, from_a) = http(a, "GET", "/api/game", Some(&links.spectator), None).await;
    let (_, from_b) = http(b, "GET", "/api/game", Some(&links.spectator), None).await;
    let (from_a, from_b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&from_a).unwrap(),
        serde_json::from_str(&from_b).unwrap(),
    );
    assert_eq!(from_a["state"]["actions"], from_b["state"]["actions"]);
    assert_eq!(
        from_a["state"]["actions"].as_array().unwrap().len(),
        played.len()
    );

    // The first process dies: Black comes back through the second, from
    // the last event it saw, and the game goes on.
    one.kill();
    let seen = state["n"].as_u64().unwrap();
    let (mut black, welcome) = Client::join(b, &links.black, seen).await;
    assert_eq!(welcome["state"]["n"], seen, "{welcome}");
    assert_eq!(welcome["events"].as_array().unwrap().len(), 0);
    if state["result"] == "*" {
        let n = seen + 1;
        let action = crate::play::choose(&state, 0);
        let mover = if state["actor"] == "black" {
            &mut black
        } else {
            &mut white
        };
        mover.act(&action).await;
        assert_eq!(mover.event(n).await["event"]["action"], action.as_str());
        assert_eq!(watcher.event(n).await["event"]["action"], action.as_str());
    }
    println!(
        "shared: {} actions through two processes ({over_http} over HTTP alternating processes, {deaf} while they were deaf to each other), each seen by the other's clients; the game went on through one after the other died",
        played.len()
    );
    two.kill();
}

#[tokio::test]
async fn a_flag_falls_once_and_a_rematch_is_made_once_across_two_processes() {
    let Some(url) = crate::postgres("flag").await else {
        return;
    };
    let (mut one, a) = spawn(&url);
    let (mut two, b) = spawn(&url);
    let links = create(a, "kamisado", json!({"type": "live", "initial_ms": 1_500})).await;
    let (mut black, _) = Client::join(a, &links.black, 0).await;
    let (mut white, _) = Client::join(b, &links.white, 0).await;
    assert_eq!(black.event(1).await["event"]["kind"], "start");
    assert_eq!(white.event(1).await["event"]["kind"], "start");
    // Nobody moves: both processes' timers fire (1.5 s and the lag
    // allowance); one flag is stored, both seats hear it.
    let flag = white.event(2).await;
    assert_eq!(flag["event"]["kind"], "flag", "{flag}");
    assert_eq!(black.event(2).await["event"]["kind"], "flag");
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let (_, record) = http(b, "GET", "/api/game", Some(&links.spectator), None).await;
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["state"]["n"], 2, "{record}");
    assert_eq!(record["state"]["termination"], "time forfeit");

    // A rematch offered through one process, accepted through the other:
    // one new game, each seat told its own link by its own process.
    black.send(&json!({"type": "rematch"})).await;
    let offer = white.next_of("offer").await;
    assert_eq!(offer["state"]["rematch"]["black"], true, "{offer}");
    white.send(&json!({"type": "rematch"})).await;
    let to_white = white.next_of("rematch").await;
    let to_black = black.next_of("rematch").await;
    assert_eq!(to_white["game"], to_black["game"], "{to_white} {to_black}");
    let (_, seen) = http(a, "GET", "/api/game", to_black["token"].as_str(), None).await;
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&seen).unwrap()["role"],
        "white"
    );
    let (_, seen) = http(b, "GET", "/api/game", to_white["token"].as_str(), None).await;
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&seen).unwrap()["role"],
        "black"
    );
    one.kill();
    two.kill();
}
