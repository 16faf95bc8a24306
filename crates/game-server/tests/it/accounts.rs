//! Players' accounts over the real HTTP API: the cookie's attributes, the
//! password never returned nor stored in clear, a logged-out session's
//! cookie refused, CSRF, the login rate limit; on SQLite and PostgreSQL.

use std::net::SocketAddr;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A request with `headers`: the status, the response's head, the body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> (u16, String, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        text += &format!("{k}: {v}\r\n");
    }
    let body = body.map(Value::to_string).unwrap_or_default();
    if !body.is_empty() {
        text += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    text += "\r\n";
    text += &body;
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (
        answer[9..12].parse().unwrap(),
        head.to_string(),
        body.to_string(),
    )
}

/// The session cookie the response sets (`name=value`), and the whole line.
fn set_cookie(head: &str) -> (String, String) {
    let line = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap_or_else(|| panic!("no cookie set in {head}"))
        .to_string();
    let pair = line["set-cookie:".len()..]
        .trim()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    (pair, line)
}

pub const PASSWORD: &str = "correct horse battery";

async fn accounts(addr: SocketAddr) {
    let alice = json!({"name": "Alice", "password": PASSWORD});
    let (status, head, body) = request(addr, "POST", "/api/account", &[], Some(&alice)).await;
    assert_eq!(status, 201, "{body}");
    let (cookie, line) = set_cookie(&head);
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] {
        assert!(line.contains(attribute), "{line}");
    }
    // Neither the password nor its hash comes back.
    assert!(
        !body.contains(PASSWORD) && !body.contains("argon2"),
        "{body}"
    );
    let me: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(me["name"], "Alice");
    let csrf = me["csrf"].as_str().unwrap().to_string();

    // The name is taken whatever its case; bad names and short passwords
    // are refused with what is wrong.
    for (body, status, kind) in [
        (
            json!({"name": "ALICE", "password": PASSWORD}),
            409,
            "name_taken",
        ),
        (json!({"name": "a", "password": PASSWORD}), 400, "bad_name"),
        (
            json!({"name": "al ice", "password": PASSWORD}),
            400,
            "bad_name",
        ),
        (
            json!({"name": "bob", "password": "short"}),
            400,
            "weak_password",
        ),
    ] {
        let (got, _, answer) = request(addr, "POST", "/api/account", &[], Some(&body)).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert_eq!(
            serde_json::from_str::<Value>(&answer).unwrap()["kind"],
            kind
        );
    }

    // The cookie opens the session; no cookie, or a made-up one, does not.
    let (status, _, body) = request(addr, "GET", "/api/me", &[("Cookie", &cookie)], None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["name"],
        "Alice"
    );
    let (status, _, _) = request(addr, "GET", "/api/me", &[], None).await;
    assert_eq!(status, 401);
    let forged = format!("kk_session={}", "0".repeat(32));
    let (status, _, _) = request(addr, "GET", "/api/me", &[("Cookie", &forged)], None).await;
    assert_eq!(status, 401);

    // Logging out takes the CSRF token too: the cookie alone (as another
    // site's page would send it) is refused, a wrong token as well.
    let (status, _, body) =
        request(addr, "POST", "/api/logout", &[("Cookie", &cookie)], None).await;
    assert_eq!((status, body.contains("bad_csrf")), (403, true), "{body}");
    let wrong = "f".repeat(32);
    let (status, _, _) = request(
        addr,
        "POST",
        "/api/logout",
        &[("Cookie", &cookie), ("X-CSRF-Token", &wrong)],
        None,
    )
    .await;
    assert_eq!(status, 403);
    let (status, head, _) = request(
        addr,
        "POST",
        "/api/logout",
        &[("Cookie", &cookie), ("X-CSRF-Token", &csrf)],
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert!(set_cookie(&head).1.contains("Max-Age=0"));
    // The logged-out session's cookie, kept (or stolen), opens nothing.
    let (status, _, body) = request(addr, "GET", "/api/me", &[("Cookie", &cookie)], None).await;
    assert_eq!(status, 401, "{body}");

    // Logging in: a wrong password and an unknown name are refused alike.
    let wrong = json!({"name": "alice", "password": "not the password"});
    let (status, _, wrong_answer) = request(addr, "POST", "/api/login", &[], Some(&wrong)).await;
    assert_eq!(status, 401);
    let nobody = json!({"name": "nobody", "password": PASSWORD});
    let (status, _, nobody_answer) = request(addr, "POST", "/api/login", &[], Some(&nobody)).await;
    assert_eq!((status, &wrong_answer), (401, &nobody_answer));
    // The right one, in any case of the name, opens a new session.
    let right = json!({"name": "aLiCe", "password": PASSWORD});
    let (status, head, body) = request(addr, "POST", "/api/login", &[], Some(&right)).await;
    assert_eq!(status, 200, "{body}");
    let (again, _) = set_cookie(&head);
    assert_ne!(again, cookie);
    let (status, _, _) = request(addr, "GET", "/api/me", &[("Cookie", &again)], None).await;
    assert_eq!(status, 200);

    // Five logins for one name at once, then one each 12 s: the sixth is
    // refused even with the right password.
    let carol = json!({"name": "carol", "password": PASSWORD});
    request(addr, "POST", "/api/account", &[], Some(&carol)).await;
    let bad = json!({"name": "carol", "password": "guess guess"});
    for _ in 0..5 {
        let (status, _, _) = request(addr, "POST", "/api/login", &[], Some(&bad)).await;
        assert_eq!(status, 401);
    }
    let (status, _, body) = request(addr, "POST", "/api/login", &[], Some(&carol)).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("rate_limited"));
}

#[tokio::test]
async fn accounts_keep_passwords_secret_and_logged_out_sessions_closed() {
    let db = crate::database("accounts");
    accounts(crate::accounts_server(db.clone()).await).await;
    // What the database holds: an argon2id hash, never the password, and
    // no session cookie in clear.
    let c = rusqlite::Connection::open(&db).unwrap();
    let hash: String = c
        .query_row(
            "SELECT password FROM players WHERE name = 'Alice'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{hash}"
    );
    assert!(!hash.contains(PASSWORD));
    let sessions: i64 = c
        .query_row(
            "SELECT count(*) FROM sessions WHERE length(id_hash) = 64",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(sessions, 3, "Alice's two and Carol's");
}

#[tokio::test]
async fn accounts_on_postgres_behave_alike() {
    let Some(url) = crate::postgres("accounts").await else {
        return;
    };
    accounts(crate::accounts_server(game_server::store::Database::Postgres(url)).await).await;
}

/// Logs `name` in (making the account first): the cookie and the CSRF token.
pub async fn account(addr: SocketAddr, name: &str) -> (String, String) {
    let body = json!({"name": name, "password": PASSWORD});
    let (status, head, answer) = request(addr, "POST", "/api/account", &[], Some(&body)).await;
    assert_eq!(status, 201, "{answer}");
    let csrf = serde_json::from_str::<Value>(&answer).unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    (set_cookie(&head).0, csrf)
}

/// Seats bound through `addr` and checked through `other` (the same
/// server, or another process on the same database).
async fn seats(addr: SocketAddr, other: SocketAddr) {
    let (alice, alice_csrf) = account(addr, "alice").await;
    let (bob, _) = account(addr, "bob").await;
    let (eve, _) = account(addr, "eve").await;
    let new = json!({"spec": "kamisado", "clock": {"type": "untimed"}});
    // The cookie without its CSRF token creates nothing.
    let (status, _, body) = request(
        addr,
        "POST",
        "/api/games",
        &[("Cookie", &alice)],
        Some(&new),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, _, body) = request(
        addr,
        "POST",
        "/api/games",
        &[("Cookie", &alice), ("X-CSRF-Token", &alice_csrf)],
        Some(&new),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let links: Value = serde_json::from_str(&body).unwrap();
    let [black, white, spectator] =
        ["black", "white", "spectator"].map(|k| links[k].as_str().unwrap().to_string());
    let auth = |token: &str| format!("Bearer {token}");
    let read = |token: String, cookie: Option<String>| async move {
        let bearer = auth(&token);
        let mut headers = vec![("Authorization", bearer.as_str())];
        if let Some(cookie) = &cookie {
            headers.push(("Cookie", cookie.as_str()));
        }
        let (status, _, body) = request(other, "GET", "/api/game", &headers, None).await;
        (status, body)
    };
    // Alice's seat opens with her session only: not with the link alone,
    // nor with another account's session, nor over a WebSocket without it.
    assert_eq!(read(black.clone(), Some(alice.clone())).await.0, 200);
    let (status, body) = read(black.clone(), None).await;
    assert_eq!(
        (status, body.contains("not_your_seat")),
        (403, true),
        "{body}"
    );
    assert_eq!(read(black.clone(), Some(eve.clone())).await.0, 403);
    let mut anonymous = crate::Client::raw(other).await;
    anonymous
        .send(&json!({"type": "hello", "token": black}))
        .await;
    assert_eq!(anonymous.next().await["kind"], "not_your_seat");
    let mut request_ws = format!("ws://{addr}/api/ws").into_client_request().unwrap();
    request_ws
        .headers_mut()
        .insert("Cookie", alice.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request_ws).await.unwrap();
    let mut hers = crate::Client { ws };
    hers.send(&json!({"type": "hello", "token": black})).await;
    let welcome = hers.next().await;
    assert_eq!(welcome["role"], "black", "{welcome}");
    // The spectators' link needs no account.
    assert_eq!(read(spectator.clone(), None).await.0, 200);
    // Bob opens the other seat while logged in: it becomes his; then
    // neither the link alone nor Alice (who holds both links) moves for him.
    let bearer = auth(&white);
    let headers = [("Authorization", bearer.as_str()), ("Cookie", bob.as_str())];
    let (status, _, body) = request(addr, "GET", "/api/game", &headers, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(read(white.clone(), None).await.0, 403);
    assert_eq!(read(white.clone(), Some(alice.clone())).await.0, 403);
    let act = |token: String, cookie: String| async move {
        let bearer = auth(&token);
        let body = json!({"action": "a1-a2"});
        request(
            other,
            "POST",
            "/api/game/act",
            &[
                ("Authorization", bearer.as_str()),
                ("Cookie", cookie.as_str()),
            ],
            Some(&body),
        )
        .await
    };
    let (status, _, body) = act(white.clone(), alice.clone()).await;
    assert_eq!(
        (status, body.contains("not_your_seat")),
        (403, true),
        "{body}"
    );
    // Alice moves for herself.
    let state: Value =
        serde_json::from_str(&read(black.clone(), Some(alice.clone())).await.1).unwrap();
    let bearer = auth(&black);
    let body = json!({"action": crate::play::choose(&state["state"], 0)});
    let (status, _, answer) = request(
        other,
        "POST",
        "/api/game/act",
        &[
            ("Authorization", bearer.as_str()),
            ("Cookie", alice.as_str()),
        ],
        Some(&body),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    // Logged out, her old cookie opens her seat no more.
    let (status, _, _) = request(
        addr,
        "POST",
        "/api/logout",
        &[("Cookie", &alice), ("X-CSRF-Token", &alice_csrf)],
        None,
    )
    .await;
    assert_eq!(status, 204);
    let (status, body) = read(black.clone(), Some(alice.clone())).await;
    assert_eq!(
        (status, body.contains("not_logged_in")),
        (401, true),
        "{body}"
    );
}

#[tokio::test]
async fn a_seat_bound_to_an_account_opens_only_with_its_session() {
    let addr = crate::accounts_server(crate::database("seats")).await;
    seats(addr, addr).await;
}

#[tokio::test]
async fn a_seat_bound_through_one_server_is_refused_by_another_on_the_same_database() {
    let Some(url) = crate::postgres("seats").await else {
        return;
    };
    // Two servers on one database: the seats bound through one, checked
    // by the other.
    let db = game_server::store::Database::Postgres(url);
    let one = crate::accounts_server(db.clone()).await;
    let two = crate::accounts_server(db).await;
    seats(one, two).await;
}
