//! Whole games between two seats, watched, with clocks, reconnections and
//! claims.

use std::time::Duration;

use game_records::Table;
use serde_json::{Value, json};

use crate::{Client, create, http, server};

/// The action a seat chooses from the state it was sent: the first legal
/// move (cycled by `turn`), or the phase's choice.
pub fn choose(state: &Value, turn: usize) -> String {
    match state["phase"].as_str().unwrap() {
        "choose_edge" => "edge h".into(),
        "choose_orientation" => "orientation left".into(),
        _ => {
            let spec: game_spec::GameSpec = state["spec"].as_str().unwrap().parse().unwrap();
            let position =
                game_spec::AnyPosition::parse(spec.game(), state["position"].as_str().unwrap())
                    .unwrap();
            let position = spec.apply_options(position).unwrap();
            let moves = position.legal_moves();
            moves[turn * 7 % moves.len()].to_string()
        }
    }
}

/// Plays the game at `links` from both seats to its end (the actor
/// resigns after `most` actions, as games such as Congress may never end
/// under a cycling choice), a spectator watching; checks that everyone sees every event in order and that
/// the server's record is the game played.
async fn play_out(
    addr: std::net::SocketAddr,
    links: &crate::Links,
    spec: &str,
    most: usize,
) -> Vec<String> {
    let (mut black, welcome) = Client::join(addr, &links.black, 0).await;
    assert_eq!(welcome["role"], "black");
    let (mut white, _) = Client::join(addr, &links.white, 0).await;
    let (mut watcher, welcome) = Client::join(addr, &links.spectator, 0).await;
    assert_eq!(welcome["role"], "spectator");
    let mut state = black.next_of("event").await;
    assert_eq!(state["event"]["kind"], "start");
    let mut n = 1;
    let mut played = Vec::new();
    let mut oracle = Table::new(spec.parse().unwrap());
    for turn in 0..=most {
        let s = &state["state"];
        if s["phase"] == "over" {
            break;
        }
        let actor = s["actor"].as_str().unwrap();
        let action = if turn == most {
            "resign".to_string()
        } else {
            choose(s, turn)
        };
        let (mover, other) = if actor == "black" {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        mover.act(&action).await;
        n += 1;
        // Everyone hears the event, numbered, in order.
        let heard = [
            mover.event(n).await,
            other.event(n).await,
            watcher.event(n).await,
        ];
        for h in &heard {
            assert_eq!(h["event"]["n"], n, "{h}");
            assert_eq!(h["event"]["action"], action.as_str(), "{h}");
        }
        oracle.act_text(actor.parse().unwrap(), &action).unwrap();
        assert_eq!(heard[0]["state"]["position"], oracle.position().to_string());
        played.push(action);
        state = heard[0].clone();
    }
    assert_eq!(state["state"]["phase"], "over", "{state}");
    assert_eq!(
        state["state"]["result"],
        oracle.record().result().to_string()
    );
    // The record offered for download is the game played.
    let (status, record) = http(
        addr,
        "GET",
        "/api/game/record",
        Some(&links.spectator),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        record.split("\n\n").nth(1),
        oracle.record().to_string().split("\n\n").nth(1),
        "{record}"
    );
    played
}

#[tokio::test]
async fn two_seats_play_a_kamisado_match_to_its_end_and_a_spectator_sees_every_event() {
    let addr = server("match", |c| c.rate = 1000.0).await;
    let links = create(
        addr,
        "kamisado target=3",
        json!({"type": "live", "initial_ms": 600_000, "increment_ms": 0}),
    )
    .await;
    let played = play_out(addr, &links, "kamisado target=3", 2000).await;
    assert!(
        played.iter().any(|a| a.starts_with("edge")),
        "a round ended: {played:?}"
    );
}

#[tokio::test]
async fn every_game_of_the_family_is_playable_online() {
    // Scripted seats act faster than people: the rate limit is raised.
    let addr = server("family", |c| c.rate = 1000.0).await;
    for spec in [
        "katarenga",
        "congress",
        "quebec",
        "isolation reading=one-way",
    ] {
        let links = create(addr, spec, json!({"type": "untimed"})).await;
        let played = play_out(addr, &links, spec, 120).await;
        assert!(!played.is_empty(), "{spec}");
    }
}

#[tokio::test]
async fn black_chooses_the_katarenga_edge_first_when_the_game_says_so() {
    let addr = server("orientation", |_| {}).await;
    let body = json!({"spec": "katarenga", "choose_orientation": true}).to_string();
    let (status, body) = http(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(status, 201, "{body}");
    let links: Value = serde_json::from_str(&body).unwrap();
    let (mut black, welcome) = Client::join(addr, links["black"].as_str().unwrap(), 0).await;
    assert_eq!(welcome["state"]["phase"], "choose_orientation");
    assert_eq!(welcome["state"]["actor"], "black");
    black.act("orientation right").await;
    let event = black.next_of("event").await;
    assert_eq!(event["state"]["phase"], "move");
    assert_eq!(event["state"]["actor"], "white");
}

#[tokio::test]
async fn the_server_decides_a_flag_fall_and_charges_only_the_player_to_act() {
    let addr = server("flag", |c| c.lag_allowance = Duration::ZERO).await;
    let links = create(
        addr,
        "kamisado",
        json!({"type": "live", "initial_ms": 1500, "increment_ms": 0}),
    )
    .await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (mut white, _) = Client::join(addr, &links.white, 0).await;
    let start = black.event(1).await;
    assert_eq!(start["state"]["running"], "black");
    black.act("d1d7").await;
    let moved = white.event(2).await;
    let clocks = moved["event"]["clocks"].as_array().unwrap().clone();
    assert!(
        clocks[0].as_u64().unwrap() <= 1500 && clocks[1] == 1500,
        "{moved}"
    );
    assert_eq!(moved["state"]["running"], "white");
    // White does not move: the server flags it, nobody claims anything.
    let flag = black.event(3).await;
    assert_eq!(flag["event"]["kind"], "flag", "{flag}");
    assert_eq!(flag["event"]["player"], "white");
    assert_eq!(flag["state"]["result"], "black");
    assert_eq!(flag["state"]["termination"], "time forfeit");
    let waited =
        flag["event"]["at_ms"].as_u64().unwrap() - moved["event"]["at_ms"].as_u64().unwrap();
    assert!((1400..2500).contains(&waited), "flagged after {waited} ms");
    // A move after the flag is refused: the game is over.
    white.act("g8g7").await;
    let refused = white.next_of("error").await;
    assert_eq!(refused["kind"], "over", "{refused}");
}

#[tokio::test]
async fn a_reconnecting_client_gets_the_events_it_missed_by_number() {
    let addr = server("resync", |_| {}).await;
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (mut white, _) = Client::join(addr, &links.white, 0).await;
    black.event(1).await;
    black.act("d1d7").await;
    let seen = white.event(2).await["event"]["n"].as_u64().unwrap();
    assert_eq!(seen, 2);
    // White's connection is cut; the spectator sees it go.
    let (mut watcher, _) = Client::join(addr, &links.spectator, 0).await;
    drop(white);
    let away = watcher.next_of("presence").await;
    assert_eq!(
        away["state"]["presence"]["white"]["connected"], false,
        "{away}"
    );
    let (mut white, welcome) = Client::join(addr, &links.white, seen - 1).await;
    let events: Vec<u64> = welcome["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["n"].as_u64().unwrap())
        .collect();
    assert_eq!(events, [seen], "{welcome}");
    assert_eq!(welcome["state"]["actor"], "white");
    white.act("g8g7").await;
    assert_eq!(white.event(seen + 1).await["event"]["n"], seen + 1);
}

#[tokio::test]
async fn a_player_who_leaves_can_be_claimed_against_after_the_grace_period_only() {
    let addr = server("claim", |c| c.grace = Duration::from_millis(300)).await;
    let links = create(addr, "katarenga", json!({"type": "untimed"})).await;
    let (mut black, _) = Client::join(addr, &links.black, 0).await;
    let (white, _) = Client::join(addr, &links.white, 0).await;
    black.next_of("event").await;
    // Claiming against a connected opponent is refused.
    black.send(&json!({"type": "claim", "id": 1})).await;
    let refused = black.next_of("error").await;
    assert_eq!(
        (refused["kind"].as_str(), refused["id"].as_u64()),
        (Some("not_claimable"), Some(1)),
        "{refused}"
    );
    drop(white);
    let away = black.next_of("presence").await;
    assert_eq!(
        away["state"]["presence"]["white"]["connected"], false,
        "{away}"
    );
    black.send(&json!({"type": "claim"})).await;
    let early = black.next_of("error").await;
    assert!(
        early["message"]
            .as_str()
            .unwrap()
            .contains("may be claimed after 300 ms"),
        "{early}"
    );
    // The server says when the grace period is over, unasked.
    let claimable = loop {
        let m = black.next_of("presence").await;
        if m["state"]["presence"]["white"]["claimable"] == true {
            break m;
        }
    };
    assert!(
        claimable["state"]["presence"]["white"]["away_ms"]
            .as_u64()
            .unwrap()
            >= 300
    );
    black.send(&json!({"type": "claim"})).await;
    let claimed = black.next_of("event").await;
    assert_eq!(claimed["event"]["kind"], "abandon");
    assert_eq!(claimed["state"]["result"], "black");
    assert_eq!(claimed["state"]["termination"], "abandoned");
    let (_, record) = http(addr, "GET", "/api/game/record", Some(&links.black), None).await;
    assert!(record.contains("[Termination \"abandoned\"]"), "{record}");
}

#[tokio::test]
async fn the_http_api_reads_acts_and_refuses_like_the_socket() {
    let addr = server("http", |_| {}).await;
    let links = create(addr, "quebec", json!({"type": "correspondence", "days": 3})).await;
    let (status, body) = http(addr, "GET", "/api/game", Some(&links.white), None).await;
    assert_eq!(status, 200);
    let seen: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(seen["role"], "white");
    let actor = seen["state"]["actor"].as_str().unwrap().to_string();
    let (mover, other) = if actor == "black" {
        (&links.black, &links.white)
    } else {
        (&links.white, &links.black)
    };
    let action = choose(&seen["state"], 0);
    let body = json!({"action": action}).to_string();
    let (status, refused) = http(addr, "POST", "/api/game/act", Some(other), Some(&body)).await;
    assert_eq!(status, 409);
    assert_eq!(
        serde_json::from_str::<Value>(&refused).unwrap()["kind"],
        "not_your_turn"
    );
    let (status, _) = http(
        addr,
        "POST",
        "/api/game/act",
        Some(&links.spectator),
        Some(&body),
    )
    .await;
    assert_eq!(status, 403);
    let (status, after) = http(addr, "POST", "/api/game/act", Some(mover), Some(&body)).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        serde_json::from_str::<Value>(&after).unwrap()["actions"][0][1],
        action.as_str()
    );
    // A correspondence game is not claimed.
    let (status, refused) = http(addr, "POST", "/api/game/claim", Some(mover), None).await;
    assert_eq!(status, 409);
    assert!(refused.contains("correspondence"), "{refused}");
}

#[tokio::test]
async fn a_rematch_offered_by_both_seats_exchanges_the_colours_on_the_board_as_turned() {
    let addr = server("rematch", |_| {}).await;
    let body = json!({"spec": "katarenga", "choose_orientation": true}).to_string();
    let (_, body) = http(addr, "POST", "/api/games", None, Some(&body)).await;
    let links: Value = serde_json::from_str(&body).unwrap();
    let token = |k: &str| links[k].as_str().unwrap().to_string();
    let (mut black, welcome) = Client::join(addr, &token("black"), 0).await;
    let laid = welcome["state"]["position"].clone();
    let (mut white, _) = Client::join(addr, &token("white"), 0).await;
    let (mut watcher, _) = Client::join(addr, &token("spectator"), 0).await;
    black.event(1).await;
    // No rematch before the end.
    black.send(&json!({"type": "rematch", "id": 5})).await;
    let early = black.next_of("error").await;
    assert_eq!(
        (early["kind"].as_str(), early["id"].as_u64()),
        (Some("not_over"), Some(5))
    );
    black.act("orientation right").await;
    let turned = black.event(2).await["state"]["position"].clone();
    assert_ne!(turned, laid, "the chosen edge turns the board");
    white.act("resign").await;
    assert_eq!(black.event(3).await["state"]["result"], "black");
    watcher.send(&json!({"type": "rematch"})).await;
    assert_eq!(watcher.next_of("error").await["kind"], "spectator");
    // Black offers: everyone sees the offer, nothing is made yet.
    black.send(&json!({"type": "rematch"})).await;
    let offer = white.next_of("offer").await;
    assert_eq!(
        offer["state"]["rematch"],
        json!({"black": true, "white": false, "game": null})
    );
    // White accepts over HTTP and gets its own link at once.
    let (status, answer) = http(
        addr,
        "POST",
        "/api/game/rematch",
        Some(&token("white")),
        None,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let game = answer["rematch"]["game"].as_str().unwrap().to_string();
    assert_eq!(answer["state"]["rematch"]["game"], game.as_str());
    // Each connection is told its own link, once.
    let to_black = black.next_of("rematch").await;
    let to_watcher = watcher.next_of("rematch").await;
    assert_eq!(to_black["game"], game.as_str());
    let new_tokens = [
        to_black["token"].as_str().unwrap(),
        answer["rematch"]["token"].as_str().unwrap(),
        to_watcher["token"].as_str().unwrap(),
    ];
    assert!(
        !new_tokens
            .iter()
            .any(|t| [token("black"), token("white"), token("spectator")].contains(&t.to_string()))
    );
    // The colours are exchanged: the first game's Black is White.
    let (_, seen) = http(addr, "GET", "/api/game", Some(new_tokens[0]), None).await;
    let seen: Value = serde_json::from_str(&seen).unwrap();
    assert_eq!(seen["role"], "white");
    assert_eq!(seen["state"]["rematch_of"], links["game"]);
    // The same start, on the board as turned, with no orientation to choose.
    assert_eq!(seen["state"]["position"], turned);
    assert_eq!(seen["state"]["phase"], "move");
    let (_, seen) = http(addr, "GET", "/api/game", Some(new_tokens[1]), None).await;
    assert_eq!(
        serde_json::from_str::<Value>(&seen).unwrap()["role"],
        "black"
    );
    let (_, seen) = http(addr, "GET", "/api/game", Some(new_tokens[2]), None).await;
    assert_eq!(
        serde_json::from_str::<Value>(&seen).unwrap()["role"],
        "spectator"
    );
    // Offering again gives the same rematch, not a third game.
    let (_, again) = http(
        addr,
        "POST",
        "/api/game/rematch",
        Some(&token("black")),
        None,
    )
    .await;
    let again: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["rematch"]["game"], game.as_str());
    assert_eq!(again["rematch"]["token"], new_tokens[0]);
}

#[tokio::test]
async fn a_finished_game_let_go_of_by_the_server_is_read_again_from_the_store() {
    // A heartbeat every 20 ms: the sweep of finished games runs with it.
    let mut config = game_server::Config::new(crate::database("swept"));
    config.heartbeat = Duration::from_millis(20);
    let running = game_server::start(config, "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let addr = running.addr;
    let links = create(addr, "kamisado", json!({"type": "untimed"})).await;
    {
        let (mut black, _) = Client::join(addr, &links.black, 0).await;
        let (_white, _) = Client::join(addr, &links.white, 0).await;
        black.event(1).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(running.games_held(), 1, "a game in play is held");
        black.act("d1d7").await;
        black.event(2).await;
        black.act("resign").await;
        assert_eq!(black.event(3).await["state"]["result"], "white");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(running.games_held(), 0, "the finished game is let go of");
    let (status, body) = http(addr, "GET", "/api/game", Some(&links.white), None).await;
    assert_eq!(status, 200, "{body}");
    let seen: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        seen["state"]["actions"],
        json!([["black", "d1d7"], ["black", "resign"]])
    );
    assert_eq!(seen["state"]["termination"], "resignation");
    let (_, record) = http(addr, "GET", "/api/game/record", Some(&links.black), None).await;
    assert!(record.contains("1. d1d7"), "{record}");
    // Its rematch can still be made.
    for token in [&links.black, &links.white] {
        let (status, _) = http(addr, "POST", "/api/game/rematch", Some(token), None).await;
        assert_eq!(status, 200);
    }
    let (_, again) = http(addr, "POST", "/api/game/rematch", Some(&links.white), None).await;
    assert!(serde_json::from_str::<Value>(&again).unwrap()["rematch"]["game"].is_string());
    // A game nobody has opened is let go of too, and opens from the store.
    let fresh = create(
        addr,
        "congress",
        json!({"type": "live", "initial_ms": 60_000}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(running.games_held(), 0);
    let (_, welcome) = Client::join(addr, &fresh.black, 0).await;
    assert_eq!(welcome["state"]["spec"], "congress");
    assert_eq!(welcome["state"]["started"], false);
}
