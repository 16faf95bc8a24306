"""The page online: kk-server (the real program, on a real port, with its
SQLite file) serves the page; two browsers, each a Chromium of its own (a
context of its own: nothing shared but the server), play each other by
clicking, a third watches. In the middle one player reloads, and the server
is killed (SIGKILL) and started again on the same port: the pages reconnect
and the game goes on where it stood. Every board is checked against the
engine of the Python package replaying the server's moves.

The server program is $KK_SERVER, by default target/debug/kk-server
(`cargo build -p game-server --bin kk-server`).
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from kamisado_katarenga import kamisado
from test_page import OUTPUT, WEB, Page, chromium, REPO

SERVER = Path(os.environ.get("KK_SERVER", REPO / "target" / "debug" / "kk-server"))


class Server:
    """kk-server on a fixed port (so that a restart keeps the pages' address)."""

    def __init__(self, database: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.database = database
        self.process = None
        self.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def start(self):
        self.process = subprocess.Popen(
            [str(SERVER), "--listen", f"127.0.0.1:{self.port}", "--web", str(WEB), "--database", str(self.database), "--grace", "2"],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        assert "listening on" in line, line

    def kill(self):
        self.process.kill()
        self.process.wait()


@pytest.fixture
def kk_server(tmp_path):
    if not SERVER.exists():
        pytest.fail(f"{SERVER} is missing: run `cargo build -p game-server --bin kk-server` first")
    if not (WEB / "pkg" / "rules.js").exists():
        pytest.fail("web/pkg is missing: run bindings/wasm/build.sh first")
    server = Server(tmp_path / "games.sqlite")
    yield server
    server.kill()


@pytest.fixture
def browsers(request):
    drivers = [chromium() for _ in range(3)]
    for d in drivers:
        d.set_window_size(1280, 1000)
    yield drivers
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for name, d in zip(["black", "white", "watcher"], drivers):
        d.save_screenshot(str(OUTPUT / f"{request.node.name}-{name}.png"))
        severe = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
        d.quit()
        # A refused connection while the server is down is the browser's own
        # report, not the page's error.
        severe = [m for m in severe if "WebSocket" not in m and "ERR_CONNECTION_REFUSED" not in m]
        assert severe == [], f"errors in {name}'s console: {severe}"


def online(page, role):
    page.wait(lambda _: page.body().get("online") == "connected" and page.body().get("role") == role)


def notation(page):
    return page.js("return document.getElementById('notation').value")


def agree(pages, position):
    """Every page shows `position` (the engine's), within the wait."""
    for p in pages:
        p.wait(lambda _, p=p: notation(p) == str(position), timeout=20)


def play(page, position, rng):
    """Clicks a random legal move of the side to move; returns the position after it."""
    move = rng.choice(position.legal_moves())
    page.click(move[:2])
    page.click(move[2:])
    return position.play(move)


def play_on(pages, watching, position, rng, moves):
    """Up to `moves` moves, each by the side to move's page, seen alike by all."""
    for _ in range(moves):
        if position.is_over:
            break
        position = play(pages[position.side_to_move], position, rng)
        agree(watching, position)
    return position


def test_two_browsers_play_online_with_a_watcher_through_a_reload_and_a_server_restart(kk_server, browsers):
    rng = random.Random(40)
    a, b, c = browsers
    black = Page(a, kk_server.url, fresh=True)
    black.choose("black-clock", "10+5")
    black.element("online-create").click()
    online(black, "black")
    opponent_link = black.js("return document.getElementById('online-opponent').value")
    watch_link = black.js("return document.getElementById('online-watch').value")
    assert "#online=" in opponent_link and "#online=" in watch_link
    # The links are the seat's secret: 128 bits, never the same.
    assert len(opponent_link.split("#online=")[1]) == 32 and opponent_link != watch_link
    white = Page(b, opponent_link, fresh=False)
    online(white, "white")
    watcher = Page(c, watch_link, fresh=False)
    online(watcher, "spectator")
    # Black sees White arrive; the clocks run on the server, shown by both.
    black.wait(lambda _: "White is here." in black.text("online-presence"))
    assert "Black is here." in watcher.text("online-presence") and "White is here." in watcher.text("online-presence")
    position = kamisado.Position()
    agree([black, white, watcher], position)
    clock = black.js("return document.querySelector('#seat-bottom .clock').textContent")
    assert clock.startswith("10:") or clock.startswith("9:"), clock
    # A spectator's click and a click out of turn do nothing.
    watcher.click("d1")
    white.click("d1")
    time.sleep(0.3)
    assert notation(watcher) == str(position) and white.body()["actor"] == "black"
    pages = {"black": black, "white": white}
    everyone = [black, white, watcher]
    position = play_on(pages, everyone, position, rng, 4)
    # White reloads in the middle of the game: the same game, the same seat.
    white.reload()
    online(white, "white")
    agree([white], position)
    black.wait(lambda _: "White is here." in black.text("online-presence"))
    position = play_on(pages, everyone, position, rng, 2)
    # The server is killed and started again: the pages reconnect by
    # themselves and say that the clocks stood still.
    kk_server.kill()
    for p in (black, white, watcher):
        p.wait(lambda _, p=p: p.body().get("online") == "reconnecting", timeout=10)
    time.sleep(1)
    kk_server.start()
    for p, role in ((black, "black"), (white, "white"), (watcher, "spectator")):
        online(p, role)
        p.wait(lambda _, p=p: "server was restarted" in p.text("status"), timeout=10)
    agree(everyone, position)
    position = play_on(pages, everyone, position, rng, 2)
    # White leaves: Black sees it and, after the grace period, may claim.
    b.get("about:blank")
    black.wait(lambda _: "White is away" in black.text("online-presence"), timeout=10)
    if not position.is_over:
        black.wait(lambda _: black.element("claim").is_displayed(), timeout=10)
        black.element("claim").click()
        for p in (black, watcher):
            p.wait(lambda _, p=p: p.body()["state"] == "over", timeout=10)
        assert "left the game" in black.text("status")


def server_json(server, method, path, body=None, token=None):
    """A request to the server's API, as any program would send it."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def test_a_finished_game_from_the_archive_is_stepped_through_on_the_page(kk_server):
    rng = random.Random(41)
    # A game played to its end through the API: six moves, then Black resigns.
    links = server_json(kk_server, "POST", "api/games", {"spec": "kamisado"})
    position = kamisado.Position()
    seen = [position]
    for _ in range(6):
        move = rng.choice(position.legal_moves())
        server_json(kk_server, "POST", "api/game/act", {"action": move}, links[position.side_to_move])
        position = position.play(move)
        seen.append(position)
    server_json(kk_server, "POST", "api/game/act", {"action": "resign"}, links["black"])
    driver = chromium()
    try:
        page = Page(driver, kk_server.url, f"#archive={links['game']}")
        # The whole game, as it ended, and who ended it.
        page.wait(lambda _: notation(page) == str(position), timeout=20)
        page.wait(lambda _: "From the archive" in page.text("status") or "resigned" in page.text("status"))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#moves li")) == 6
        # Move by move, back and forward, each board the engine's.
        for steps_back in (1, 2, 3):
            page.element("replay-back").click()
            page.wait(lambda _, n=steps_back: notation(page) == str(seen[-1 - n]))
        page.element("replay-forward").click()
        page.wait(lambda _: notation(page) == str(seen[-3]))
        # An id the archive does not have is said so.
        page.open("#archive=0123456789abcdef")
        page.wait(lambda _: "could not be read" in page.text("status"))
    finally:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(OUTPUT / "archive.png"))
        driver.quit()


def sign_up(page, name):
    """Makes an account through the page's form; waits until logged in."""
    page.wait(lambda _: page.element("lobby").is_displayed(), timeout=10)
    page.element("login-name").send_keys(name)
    page.element("login-password").send_keys("a long password")
    page.element("register").click()
    page.wait(lambda _: page.element("me").is_displayed() and page.text("me-name") == name, timeout=10)


def seated(alice, bob):
    """Waits until both pages play the same game, one seat each: their roles."""
    for p in (alice, bob):
        p.wait(lambda _, p=p: p.body().get("online") == "connected", timeout=10)
    roles = {"alice": alice.body()["role"], "bob": bob.body()["role"]}
    assert sorted(roles.values()) == ["black", "white"], roles
    return roles


def test_two_players_take_a_rated_seek_and_see_their_ratings_on_their_pages(kk_server):
    drivers = [chromium(), chromium()]
    try:
        alice = Page(drivers[0], kk_server.url, fresh=True)
        sign_up(alice, "alice")
        bob = Page(drivers[1], kk_server.url, fresh=True)
        sign_up(bob, "bob")
        # Alice seeks a rated game: the form's, Kamisado with 10+5.
        alice.choose("black-clock", "10+5")
        alice.element("rated").click()
        alice.element("seek").click()
        alice.wait(lambda _: "Seek posted" in alice.text("offer-status"))
        # Bob sees it in the list (the page looks every 5 s) and takes it.
        bob.wait(lambda _: "alice: kamisado, 10+5, rated" in bob.text("seeks"), timeout=10)
        seek = bob.driver.find_element(By.CSS_SELECTOR, "#seeks li[data-seek] button")
        assert seek.text == "Play"
        seek.click()
        roles = seated(alice, bob)
        # The seats are the accounts': each page shows its player's name.
        assert "You play" in alice.text("online-role") and "You play" in bob.text("online-role")
        agree([alice, bob], kamisado.Position())
        # Black resigns: a rated game ends, and each player's page shows the
        # rating it moved (the winner's up from 1500, the loser's down), its
        # history, and the game in the archive.
        black, winner = (alice, "bob") if roles["alice"] == "black" else (bob, "alice")
        loser = "alice" if winner == "bob" else "bob"
        black.element("resign").click()
        for p in (alice, bob):
            p.wait(lambda _, p=p: p.body()["state"] == "over", timeout=10)
        shown = {}
        for name in (winner, loser):
            alice.open(f"#player={name}")
            alice.wait(lambda _: "kamisado" in alice.text("player-ratings"), timeout=10)
            rating = server_json(kk_server, "GET", f"api/players/{name}")["ratings"]["kamisado"]
            row = alice.text("player-ratings").splitlines()[-1]
            assert row == f"kamisado {rating['rating']}? ± {rating['deviation']} 1", row
            shown[name] = rating["rating"]
            assert len(alice.driver.find_elements(By.CSS_SELECTOR, "#player-history li")) == 1
            games = alice.driver.find_elements(By.CSS_SELECTOR, "#player-games li a")
            assert len(games) == 1 and "#archive=" in games[0].get_attribute("href")
        assert shown[winner] > 1500 > shown[loser], shown
        # The seek is gone from the list.
        assert "alice: kamisado" not in bob.text("seeks")
        # Bob challenges Alice by name; Alice accepts from her list of
        # challenges, and both play the new game.
        bob.open("")
        bob.wait(lambda _: bob.element("offers").is_displayed(), timeout=10)
        bob.element("challenge-name").send_keys("alice")
        bob.element("challenge").click()
        bob.wait(lambda _: "Challenge sent to alice" in bob.text("offer-status"))
        alice.open("")
        alice.wait(lambda _: "bob: kamisado" in alice.text("challenges"), timeout=10)
        accept = alice.driver.find_element(By.CSS_SELECTOR, "#challenges li[data-challenge] button")
        assert accept.text == "Accept"
        accept.click()
        seated(alice, bob)
    finally:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        for name, driver in zip(["alice", "bob"], drivers):
            driver.save_screenshot(str(OUTPUT / f"players-{name}.png"))
            severe = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            driver.quit()
            assert severe == [], f"errors in {name}'s console: {severe}"
