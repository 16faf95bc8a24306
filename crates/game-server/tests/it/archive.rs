//! The archive over HTTP: finished games found by player, game, variant
//! and date, a page at a time; each record, and a player's records, read
//! back by the records crate (what `record_check` does), replaying every
//! move.

use std::net::SocketAddr;

use game_records::{KamisadoRecord, KatarengaRecord, RecordResult};
use serde_json::{Value, json};

use crate::accounts::{account, request};

pub type Login = (String, String);

async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    request(addr, "GET", path, &[], None).await
}

async fn get_json(addr: SocketAddr, path: &str) -> Value {
    let (status, _, body) = get(addr, path).await;
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

/// A game of `spec` (rated or not) played to its end: Black (logged in as
/// `black`, or by link), White (logged in as `white`, or by link), three
/// actions, then Black resigns. Returns its id.
pub async fn finished(
    addr: SocketAddr,
    spec: &str,
    black: Option<&Login>,
    white: Option<&Login>,
    rated: bool,
) -> String {
    let mut headers = Vec::new();
    if let Some((cookie, csrf)) = black {
        headers.push(("Cookie", cookie.as_str()));
        headers.push(("X-CSRF-Token", csrf.as_str()));
    }
    let (status, _, links) = request(
        addr,
        "POST",
        "/api/games",
        &headers,
        Some(&json!({"spec": spec, "rated": rated})),
    )
    .await;
    assert_eq!(status, 201, "{links}");
    let links: Value = serde_json::from_str(&links).unwrap();
    let seat = |name: &str| {
        let token = format!("Bearer {}", links[name].as_str().unwrap());
        let login = if name == "black" { black } else { white };
        (token, login.map(|(cookie, _)| cookie.clone()))
    };
    let send = |name: &str, method: &'static str, path: &'static str, body: Option<Value>| {
        let (token, cookie) = seat(name);
        async move {
            let mut headers = vec![("Authorization", token.as_str())];
            if let Some(cookie) = &cookie {
                headers.push(("Cookie", cookie.as_str()));
            }
            let (status, _, answer) = request(addr, method, path, &headers, body.as_ref()).await;
            assert_eq!(status, 200, "{path}: {answer}");
            serde_json::from_str::<Value>(&answer).unwrap()
        }
    };
    // White opens its link first (a logged-in White takes the seat).
    send("white", "GET", "/api/game", None).await;
    let mut state = send("black", "GET", "/api/game", None).await["state"].clone();
    for turn in 0..3 {
        let actor = state["actor"].as_str().unwrap().to_string();
        let action = crate::play::choose(&state, turn);
        state = send(
            &actor,
            "POST",
            "/api/game/act",
            Some(json!({ "action": action })),
        )
        .await;
    }
    let end = send(
        "black",
        "POST",
        "/api/game/act",
        Some(json!({"action": "resign"})),
    )
    .await;
    assert_eq!(
        (&end["result"], &end["rated"]),
        (&json!("white"), &json!(rated))
    );
    end["game"].as_str().unwrap().to_string()
}

fn ids(listed: &Value) -> Vec<String> {
    listed
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn finished_games_are_found_read_and_downloaded() {
    archive(crate::accounts_server(crate::database("archive")).await).await;
}

#[tokio::test]
async fn finished_games_on_postgres_are_found_read_and_downloaded_alike() {
    let Some(url) = crate::postgres("archive").await else {
        return;
    };
    archive(crate::accounts_server(game_server::store::Database::Postgres(url)).await).await;
}

async fn archive(addr: SocketAddr) {
    let alice = account(addr, "alice").await;
    let bob = account(addr, "bob").await;
    let first = finished(addr, "kamisado", Some(&alice), Some(&bob), true).await;
    let second = finished(addr, "kamisado target=3", Some(&bob), Some(&alice), false).await;
    let third = finished(addr, "katarenga", None, None, false).await;
    // A game not finished is not in the archive.
    let (_, _, open) = request(
        addr,
        "POST",
        "/api/games",
        &[],
        Some(&json!({"spec": "kamisado"})),
    )
    .await;
    let open: Value = serde_json::from_str(&open).unwrap();

    assert_eq!(
        ids(&get_json(addr, "/api/archive").await),
        [third.as_str(), second.as_str(), first.as_str()]
    );
    assert_eq!(
        ids(&get_json(addr, "/api/archive?player=ALICE").await),
        [second.as_str(), first.as_str()]
    );
    assert_eq!(
        ids(&get_json(addr, "/api/archive?player=bob&game=kamisado").await),
        [second.as_str(), first.as_str()]
    );
    assert_eq!(
        ids(&get_json(addr, "/api/archive?game=katarenga").await),
        [third.as_str()]
    );
    assert_eq!(
        ids(&get_json(addr, "/api/archive?variant=kamisado%20target%3D3").await),
        [second.as_str()]
    );
    assert_eq!(
        ids(&get_json(addr, "/api/archive?player=nobody").await),
        Vec::<String>::new()
    );
    // By date: today (UTC) has them all; a day long past, none.
    let today = game_server::archive::record_date(game_server::room::wall_ms()).replace('.', "-");
    let between = format!("/api/archive?from={today}&to={today}");
    assert_eq!(get_json(addr, &between).await.as_array().unwrap().len(), 3);
    assert_eq!(
        ids(&get_json(addr, "/api/archive?to=2020-01-01").await),
        Vec::<String>::new()
    );
    // A page at a time.
    let page = get_json(addr, "/api/archive?limit=2").await;
    assert_eq!(ids(&page), [third.as_str(), second.as_str()]);
    let before = page[1]["finished_ms"].as_u64().unwrap();
    assert_eq!(
        ids(&get_json(addr, &format!("/api/archive?limit=2&before={before}")).await),
        [first.as_str()]
    );
    // Refusals that say what is wrong.
    for (path, what) in [
        ("/api/archive?game=chess", "game"),
        ("/api/archive?from=2026-02-30", "from"),
        ("/api/archive?colour=red", "colour"),
    ] {
        let (status, _, body) = get(addr, path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains(what), "{path}: {body}");
    }

    // One game: the players, the actions to step through, the record.
    let shown = get_json(addr, &format!("/api/archive/{first}")).await;
    assert_eq!(
        (shown["black"].as_str(), shown["white"].as_str()),
        (Some("alice"), Some("bob"))
    );
    assert_eq!(shown["rated"], true);
    assert_eq!(shown["actions"].as_array().unwrap().len(), 4);
    let records = KamisadoRecord::parse_all(shown["record"].as_str().unwrap()).unwrap();
    assert_eq!(records.len(), 1);
    let header = &records[0].header;
    assert_eq!(
        (header.black.as_str(), header.white.as_str()),
        ("alice", "bob")
    );
    assert_eq!(header.date, today.replace('-', "."));
    assert_eq!(
        records[0].result,
        RecordResult::Win(kamisado_core::board_geometry::Player::White)
    );
    let (status, head, _) = get(addr, &format!("/api/archive/{first}/record")).await;
    assert_eq!(status, 200);
    assert!(
        head.to_ascii_lowercase()
            .contains("content-disposition: attachment"),
        "{head}"
    );
    // An anonymous game's record: the players unknown.
    let shown = get_json(addr, &format!("/api/archive/{third}")).await;
    assert_eq!(shown["black"], Value::Null);
    let records = KatarengaRecord::parse_all(shown["record"].as_str().unwrap()).unwrap();
    assert_eq!(records[0].header.black, "?");
    // Not finished: not found.
    let (status, _, _) = get(
        addr,
        &format!("/api/archive/{}", open["game"].as_str().unwrap()),
    )
    .await;
    assert_eq!(status, 404);

    // A player's records of one game, one file, read back whole.
    let (status, _, text) = get(addr, "/api/players/alice/records?game=kamisado").await;
    assert_eq!(status, 200, "{text}");
    let records = KamisadoRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    assert!(
        records
            .iter()
            .all(|r| r.header.black == "alice" || r.header.white == "alice")
    );
    let (status, _, _) = get(addr, "/api/players/nobody/records?game=kamisado").await;
    assert_eq!(status, 404);
}
