"""The web page in a real browser: Debian's Chromium, driven by Selenium
through Debian's chromedriver, against a static server on 127.0.0.1 that the
tests start.

Games are played by clicking squares (and by keyboard), against the page's
computer. After every move the page's board is checked against the engine
of the Python package (the native build of the same Rust crates), which
replays the page's move list. Each defect of the page's first version has a
test here (named after what it now does), and so has each thing a player
expects: levels, clocks, the result banner and rematch, replay, records,
the game kept across reloads and in links, keyboard play, watching the
computers, the layout of a laptop and a phone, dark mode, and an
accessibility check (axe-core) with no violation. Screenshots are kept in
$KK_WEB_OUTPUT (by default target/web-tests).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import random
import re
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait
from selenium.common.exceptions import NoAlertPresentException

from kamisado_katarenga import congress, isolation, kamisado, katarenga, quebec, records

WEB = Path(__file__).resolve().parent.parent
REPO = WEB.parent
OUTPUT = Path(os.environ.get("KK_WEB_OUTPUT", REPO / "target" / "web-tests"))
AXE = WEB / "tests" / "node_modules" / "axe-core" / "axe.min.js"
# Selenium must never try to download a driver: it is given Debian's.
os.environ.setdefault("SE_OFFLINE", "true")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, quietly, with the WebAssembly MIME type."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def server():
    if not (WEB / "pkg" / "rules.js").exists():
        pytest.fail("web/pkg is missing: run bindings/wasm/build.sh first")
    handler = functools.partial(Handler, directory=str(WEB))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


def chromium():
    """A new headless Chromium (its own profile: a browser context of its
    own) driven by Debian's chromedriver."""
    options = Options()
    options.binary_location = os.environ.get("KK_CHROMIUM", "/usr/bin/chromium")
    for argument in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("KK_CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(120)
    return driver


@pytest.fixture(scope="session")
def browser():
    driver = chromium()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, server, request):
    """The page, loaded fresh with nothing kept from before; after the
    test, a screenshot, and no error in the browser's console."""
    browser.set_window_size(1280, 1000)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    page = Page(browser, server, fresh=True)
    yield page
    browser.save_screenshot(str(OUTPUT / f"{request.node.name}.png"))
    severe = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == [], f"errors in the browser console: {severe}"


class Page:
    """The page seen through the DOM the way a user sees it, plus the data
    attributes it keeps (`data-square`, `data-piece`, the body's
    `data-actor`, `data-state`, `data-thinking`)."""

    def __init__(self, driver, server, address="", fresh=False):
        self.driver = driver
        self.server = server
        if fresh:
            self.driver.get(self.server + "rules.html")
            self.driver.execute_script("localStorage.clear()")
        self.open(address)

    def open(self, address=""):
        self.driver.get("about:blank")
        self.driver.get(self.server + address)
        self.wait_ready()

    def reload(self):
        self.driver.refresh()
        self.wait_ready()

    def wait_ready(self):
        self.wait(lambda d: d.execute_script("return document.body.dataset.ready") == "true")

    def wait(self, condition, timeout=60):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def body(self):
        return self.js("return {...document.body.dataset}")

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def choose(self, element_id, value):
        Select(self.element(element_id)).select_by_value(value)

    def setup(self, game, black="human", white="computer", level="beginner", **options):
        """Fills the form and starts the game."""
        self.driver.find_element(By.CSS_SELECTOR, f'input[name="game"][value="{game}"]').click()
        for side, who in [("black", black), ("white", white)]:
            kind, _, chosen = who.partition(".")
            self.choose(f"{side}-type", kind)
            if kind == "computer":
                self.choose(f"{side}-level", chosen or level)
            self.choose(f"{side}-clock", options.get(f"{side}_clock", "none"))
        if "target" in options:
            self.choose("target", str(options["target"]))
        for field in ("kamisado-rules", "kamisado-layout", "scoring", "refill"):
            if field.replace("-", "_") in options:
                self.choose(field, options[field.replace("-", "_")])
        if "board" in options:
            self.choose("board-kind", options["board"])
        if "arrangement" in options:
            field = self.element("arrangement")
            field.clear()
            field.send_keys(str(options["arrangement"]))
        for quarter, placement in enumerate(options.get("tiles", [])):
            for kind, value in zip(["tile", "side", "turn"], placement):
                self.choose(f"{kind}-{quarter}", value)
        if game == "katarenga":
            self.choose("orientation", options.get("orientation", "bottom"))
        for field in ("congress-no-move", "quebec-both-connected", "isolation-reading", "isolation-supply"):
            if field.split("-", 1)[1].replace("-", "_") in options and field.startswith(game):
                self.choose(field, options[field.split("-", 1)[1].replace("-", "_")])
        box = self.element("no-first-capture")
        if box.is_displayed() and box.is_selected() != options.get("no_first_capture", False):
            box.click()
        self.element("new-game").click()
        # A game in progress is only thrown away when the player says so.
        try:
            self.driver.switch_to.alert.accept()
        except NoAlertPresentException:
            pass

    def snapshot(self):
        """The move list, the board, the camps, the notation and the status,
        read in one script, so that they belong to the same moment."""
        return self.js(
            """
            const squares = {}, camps = {};
            for (const e of document.querySelectorAll('#board [data-square]'))
              squares[e.dataset.square] = [e.dataset.piece || null, e.dataset.colour, e.classList.contains('target')];
            for (const e of document.querySelectorAll('.camp'))
              camps[e.dataset.camp] = [e.dataset.occupied || null, e.classList.contains('target')];
            return {
              moves: Array.from(document.querySelectorAll('#moves li[data-move]')).map(e => e.dataset.move),
              actions: Array.from(document.querySelectorAll('#moves li[data-move], #moves li[data-edge], #moves li[data-setups]'))
                .map(e => e.dataset.move || e.dataset.edge || e.dataset.setups),
              squares, camps,
              notation: document.getElementById('notation').value,
              status: document.getElementById('status').innerText,
              body: {...document.body.dataset},
            };
            """
        )

    def squares(self):
        rows = self.js(
            "return Array.from(document.querySelectorAll('#board [data-square]')).map(e =>"
            " [e.dataset.square, e.dataset.piece || null, e.dataset.colour, e.classList.contains('target')])"
        )
        return {square: (piece, colour, target) for square, piece, colour, target in rows}

    def targets(self):
        return set(
            self.js(
                "return Array.from(document.querySelectorAll('#board .target, .camp.target'))"
                ".map(e => e.dataset.square || e.dataset.camp)"
            )
        )

    def moves(self):
        return self.js("return Array.from(document.querySelectorAll('#moves li[data-move]')).map(e => e.dataset.move)")

    def text(self, element_id):
        return self.element(element_id).text

    def click(self, square):
        """Clicks a square or a camp."""
        selector = f'[data-camp="{square}"]' if square[1] in "09" else f'#board [data-square="{square}"]'
        for _ in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"could not click {square}")

    def wait_for_human(self, side, moves_before):
        """Waits until `side` (a human) is to act, or the game is over."""

        def ready(_driver):
            body = self.body()
            if body["thinking"] == "true":
                return False
            if body["state"] in ("over", "chooseEdge"):
                return True
            return body["actor"] == side and len(self.moves()) >= moves_before

        self.wait(ready)

    def axe(self):
        """The accessibility checker's violations on the page as it is."""
        self.js(AXE.read_text())
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document).then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact,"
            " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))))"
            ".catch(e => done([{id: 'axe failed', nodes: [String(e)]}]));"
        )
        return result

    def rect(self, selector):
        """Where the element is in the window (as seen, after any scrolling)."""
        return self.js(f"const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                       " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width};")


def address(game, position, **params):
    """The page's address for a game starting at `position`."""
    return "#" + urllib.parse.urlencode({"game": game, "start": position, **params})


def kamisado_board(position):
    return {square: f"{player} {colour} {level}" for player, colour, square, level in position.towers()}


def check_kamisado(snapshot, position):
    """The page's board, notation and forced tower are the engine's."""
    squares = snapshot["squares"]
    assert len(squares) == 64
    assert {s: p for s, (p, _, _) in squares.items() if p} == kamisado_board(position)
    assert snapshot["notation"] == str(position)
    if not position.is_over and position.forced_colour:
        assert position.forced_colour in snapshot["status"]


def check_katarenga(snapshot, position):
    """The page's board, colours, pieces, camps and notation are the engine's."""
    squares = snapshot["squares"]
    expected = {s: "black" for s in position.pieces("black")} | {s: "white" for s in position.pieces("white")}
    assert {s: p for s, (p, _, _) in squares.items() if p} == expected
    board = position.board
    assert {s: c for s, (_, c, _) in squares.items()} == {s: board.colour_of(s) for s in squares}
    assert {c for c, (o, _) in snapshot["camps"].items() if o} == set(position.camps())
    assert snapshot["notation"] == str(position)


def check_family(snapshot, position):
    """A family game's board (Katarenga's colours, the pawns, no camps) and notation are the engine's."""
    squares = snapshot["squares"]
    expected = {s: "black" for s in position.pieces("black")} | {s: "white" for s in position.pieces("white")}
    assert {s: p for s, (p, _, _) in squares.items() if p} == expected
    board = position.board
    assert {s: c for s, (_, c, _) in squares.items()} == {s: board.colour_of(s) for s in squares}
    assert snapshot["camps"] == {}, "the family has no camps"
    assert snapshot["notation"] == str(position)


def follow(page, position, seen, check):
    """Replays the page's new moves in the engine and checks the board."""
    snapshot = page.snapshot()
    for move in snapshot["moves"][seen:]:
        position = position.play(move)  # raises if the page played an illegal move
    check(snapshot, position)
    return position, len(snapshot["moves"])


def play_by_clicking(page, position, human, rng, check, limit=400):
    """Plays `human`'s moves by clicking (a random legal move; the
    destinations shown after the first click must be the engine's), and
    follows the computer's replies, checking the board after each."""
    seen = 0
    checks = 0
    for _ in range(limit):
        page.wait_for_human(human, seen)
        position, seen = follow(page, position, seen, check)
        checks += 1
        if position.is_over:
            return position, page.moves(), checks
        legal = position.legal_moves()
        move = rng.choice(legal)
        origin, destination = move[:2], move[2:]
        page.click(origin)
        shown = page.targets()
        assert shown == {m[2:] for m in legal if m[:2] == origin}, f"destinations of {origin}"
        page.click(destination)  # a pass: the blocked tower clicked again
        page.wait(lambda _d: len(page.moves()) > seen)
        position, seen = follow(page, position, seen, check)
        checks += 1
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ play


def test_a_kamisado_round_played_by_clicking(page):
    page.setup("kamisado", black="human", white="computer", target=1)
    start = kamisado.Position()
    check_kamisado(page.snapshot(), start)
    final, moves, checks = play_by_clicking(page, start, "black", random.Random(1), check_kamisado)
    assert checks >= len(moves) and final.is_over and len(moves) >= 3
    assert page.body()["state"] == "over"
    assert final.outcome.split(":")[0].lower() in page.text("status").lower()
    # The result banner, with a rematch that swaps the sides.
    assert page.element("banner").is_displayed()
    page.element("rematch").click()
    page.wait(lambda _d: page.body()["state"] == "inRound")
    assert len(page.moves()) <= 1
    assert Select(page.element("white-type")).first_selected_option.get_attribute("value") == "human"
    assert Select(page.element("black-type")).first_selected_option.get_attribute("value") == "computer"


def test_a_kamisado_match_with_the_edge_choice(page):
    # The computers play both sides of a match to 3; the edges are chosen
    # and each round opens with its loser.
    page.setup("kamisado", black="computer", white="computer", target=3)
    page.choose("watch-speed", "0")
    page.wait(lambda _d: page.body()["state"] == "over", timeout=180)
    snapshot = page.snapshot()
    assert "a" in snapshot["actions"] or "h" in snapshot["actions"]
    match = kamisado.Match(3)
    for action in snapshot["actions"]:
        if action in ("a", "h"):
            match.choose_edge(action)
        else:
            match.play(action)
    assert match.state == "over"
    assert str(match.position) == snapshot["notation"]
    black, white = match.scores
    seats = page.text("seat-top") + page.text("seat-bottom")
    def words(n):
        return f"{n} point" + ("" if n == 1 else "s")

    assert words(black) in seats and words(white) in seats, seats
    assert f"{black}-{white}" in page.text("banner")


def test_the_tile_edition_s_set_up_match_from_a_chart(page):
    # Rule text 001's match: the computers play a match to 3 whose rounds
    # start from set-ups of the chart typed in the form (two set-ups: the
    # draw is always 1 and 2, the lower to the player who opens); no edge is
    # chosen, each round won is 1 point, and the record replays.
    chart = "1 NGRYKPBO\n2 OBPKYRGN\n"
    page.driver.find_element(By.CSS_SELECTOR, 'input[name="game"][value="kamisado"]').click()
    page.choose("refill", "setups")
    assert page.element("setup-chart").is_displayed()
    field = page.element("setup-chart")
    field.clear()
    field.send_keys("1 NGRYKPBO\n3 OBPKYRGN")
    page.setup("kamisado", black="computer", white="computer", target=3, refill="setups")
    page.wait(lambda _d: page.element("setup-error").is_displayed())
    assert "line 2, column 1" in page.text("setup-error")
    field.clear()
    field.send_keys(chart)
    page.setup("kamisado", black="computer", white="computer", target=3, refill="setups")
    assert "Black draws set-ups 1 and 2" in page.text("status")
    # White lays out set-up 2 (OBPKYRGN) from its own left, h8 to a8.
    assert page.snapshot()["notation"] == "ngrykpbo/8/8/8/8/8/8/NGRYKPBO b -"
    assert "next round: from numbered set-ups" in page.text("game-line")
    page.choose("watch-speed", "0")
    page.wait(lambda _d: page.body()["state"] == "over", timeout=180)
    actions = page.snapshot()["actions"]
    assert not any(a in ("a", "h") for a in actions), actions
    match = kamisado.Match(3, refill="setups", start=kamisado.SetupChart(chart).start(1, 2))
    starts = 0
    for action in actions:
        if "/" in action:
            drawer = match.drawer
            # The drawer opens with the lower number, the other lays out the higher.
            assert action == str(kamisado.SetupChart(chart).start(1, 2, first=drawer)), (action, drawer)
            match.start_round(kamisado.Position(action))
            starts += 1
        else:
            match.play(action)
    assert match.state == "over" and starts >= 2 and sum(match.scores) == starts + 1
    assert str(match.position) == page.snapshot()["notation"]
    # A reload keeps the chart and the game.
    page.reload()
    assert page.snapshot()["actions"] == actions
    assert page.element("setup-chart").get_attribute("value").split() == chart.split()


def test_a_human_chooses_the_edge_with_both_refills_shown(page):
    # Black has just won the round (the rules page's worked example, from
    # White's side): Black, a person, chooses.
    page.setup("kamisado", black="human", white="human", target=3)
    for move in ["d1d7", "g8b3", "d7d7", "b3d1"]:
        position = kamisado.Position(page.snapshot()["notation"])
        page.click(move[:2])
        page.click(move[2:])
        page.wait(lambda _d, m=move: page.moves()[-1:] == [m])
    page.wait(lambda _d: page.body()["state"] == "chooseEdge")
    assert page.element("edge-choice").is_displayed()
    previews = page.js("return [...document.querySelectorAll('#edge-choice img')].map(i => i.src.length)")
    assert all(length > 1000 for length in previews), previews
    page.element("edge-h").click()
    page.wait(lambda _d: page.body()["state"] == "inRound")
    assert page.snapshot()["notation"] == "g+obpkyrn/8/8/8/8/8/8/YNGRKPBO b -"
    # Beside the board: the match, its round, and the score in words.
    assert page.text("game-line") == "Kamisado, a match to 3 points, round 2"
    seats = page.text("seat-top") + page.text("seat-bottom")
    assert "1 point" in seats and "1 points" not in seats, seats


def test_the_restart_asks_no_edge(page):
    # With refill=restart every round starts from the start layout: White
    # wins round 1 (the rules page's worked example) and round 2 begins at
    # once, nobody asked for an edge, White's green tower promoted.
    page.setup("kamisado", black="human", white="human", target=3, refill="restart")
    for move in ["d1d7", "g8b3", "d7d7", "b3d1"]:
        page.click(move[:2])
        page.click(move[2:])
        page.wait(lambda _d, m=move: page.moves()[-1:] == [m])
    page.wait(lambda _d: page.body()["state"] == "inRound" and page.snapshot()["notation"].endswith(" b -"))
    assert page.snapshot()["notation"] == "obpkyrg+n/8/8/8/8/8/8/NGRYKPBO b -"
    assert not page.element("edge-choice").is_displayed()
    assert "Round 2: every tower back on its start square; black opens." in page.text("moves")
    assert page.text("game-line") == "Kamisado, a match to 3 points, round 2 · next round: from the start layout"


def test_a_reload_keeps_the_time_left_and_says_nothing(page):
    page.setup("kamisado", black="human", white="human", black_clock="3+2", white_clock="3+2")
    page.click("d1")
    page.click("d6")
    page.wait(lambda _d: page.moves() == ["d1d6"])
    time.sleep(2.5)  # White's clock runs
    clock = page.js("return document.querySelector('#seat-top .clock').textContent")
    assert clock < "3:00", clock
    page.reload()
    after = page.js("return document.querySelector('#seat-top .clock').textContent")
    assert after <= clock, (clock, after)
    assert "from the link" not in page.text("status").lower(), page.text("status")
    # A link opened afresh is still said to be one.
    link = page.driver.current_url
    page.driver.get(page.server + "rules.html")  # the game page keeps its game as it goes
    page.js("localStorage.clear()")
    page.open(link[link.index("#"):])
    assert "Game from the link." in page.text("status")


def test_replay_counts_the_moves_the_list_numbers_and_the_seats_show_the_score_then(page):
    # White wins the first round of a match to 3 (the rules page's worked
    # example); Black, a person, chooses the edge: five actions, four moves.
    page.setup("kamisado", black="human", white="human", target=3)
    for move in ["d1d7", "g8b3", "d7d7", "b3d1"]:
        page.click(move[:2])
        page.click(move[2:])
        page.wait(lambda _d, m=move: page.moves()[-1:] == [m])
    page.wait(lambda _d: page.body()["state"] == "chooseEdge")
    page.element("edge-h").click()
    page.wait(lambda _d: page.body()["state"] == "inRound")
    page.element("replay-first").click()
    page.wait(lambda _d: page.body()["viewing"] == "true")
    status = page.text("status")
    assert "after 0 moves of 4" in status and "Press » to return" in status, status
    seats = page.text("seat-top") + page.text("seat-bottom")
    assert "1 point" not in seats, seats
    page.element("replay-last").click()
    page.wait(lambda _d: page.body()["viewing"] == "false")
    seats = page.text("seat-top") + page.text("seat-bottom")
    assert "1 point" in seats, seats


def test_start_asks_before_a_game_in_progress_is_lost(page):
    page.setup("kamisado", black="human", white="human")
    page.click("d1")
    page.click("d6")
    page.wait(lambda _d: page.moves() == ["d1d6"])
    page.element("new-game").click()
    alert = page.wait(lambda d: d.switch_to.alert, timeout=5)
    assert "in progress" in alert.text
    alert.dismiss()
    assert page.moves() == ["d1d6"], "kept when the question is declined"
    assert page.element("undo").is_enabled()
    page.element("new-game").click()
    page.wait(lambda d: d.switch_to.alert, timeout=5).accept()
    page.wait(lambda _d: page.moves() == [])
    # Nothing to lose, nothing asked: a fresh game starts at once.
    page.element("new-game").click()
    page.wait_ready()
    assert page.moves() == []


# The marks the rules pages give each colour (kamisado-core's and
# katarenga-core's "Marks for colour blindness"), written out here.
KANJI = {"orange": "橙", "blue": "青", "purple": "紫", "pink": "桃",
         "yellow": "黄", "red": "赤", "green": "緑", "brown": "茶"}
FIGURES = {"blue": "♔", "green": "♘", "yellow": "♗", "red": "♖"}


def test_marks_for_colour_blindness_are_a_setting_kept(page):
    page.setup("kamisado", black="human", white="human")
    marks = lambda: page.js("return [...document.querySelectorAll('#board .square')]"  # noqa: E731
                            ".map(c => [c.dataset.colour, c.querySelector(':scope > .square-mark')?.textContent ?? null])")
    assert all(mark is None for _, mark in marks())
    page.element("marks").click()
    shown = marks()
    assert len(shown) == 64 and all(KANJI[colour] == mark for colour, mark in shown), shown
    towers = page.js("return [...document.querySelectorAll('#board .tower')].map(t => t.className + ' ' + t.textContent)")
    assert len(towers) == 16
    for tower in towers:
        colour = next(c for c in KANJI if f"k-{c}" in tower)
        assert KANJI[colour] in tower, tower
    assert page.axe() == [], "the marks read on their squares (contrast) and the page stays accessible"
    # Kept: a reload shows them, and a Katarenga game too.
    page.reload()
    assert page.element("marks").is_selected()
    assert all(KANJI[colour] == mark for colour, mark in marks())
    page.setup("katarenga", black="human", white="human")
    shown = marks()
    assert len(shown) == 64 and all(FIGURES[colour] == mark for colour, mark in shown), shown
    assert page.axe() == []
    page.element("marks").click()
    assert all(mark is None for _, mark in marks())


def test_a_pass_and_a_push_shown_as_they_happen(page):
    # Black's yellow tower on d7 is blocked (the rules page's worked example).
    page.open(address("kamisado", "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y", black="human", white="human"))
    assert "blocked, so it must pass" in page.text("status")
    assert page.element("pass").is_displayed()
    page.element("pass").click()
    page.wait(lambda _d: page.moves()[:1] == ["d7d7"])
    assert "pass" in page.text("moves")
    # A sumo push: Black's pink sumo on e1 pushes White's yellow tower;
    # both towers slide (each is animated).
    position = kamisado.Position("obpk1rgn/8/8/8/8/8/4y3/NGRYK+PBO b k")
    page.open(address("kamisado", str(position), black="human", white="human"))
    page.click("e1")
    assert "e2" in page.targets()
    page.click("e2")
    page.wait(lambda _d: page.moves() == ["e1e2"])
    animated = page.js("return [...document.querySelectorAll('#board .occupant')].filter(e => e.getAnimations().length > 0)"
                       ".map(e => e.parentElement.dataset.square)")
    assert sorted(animated) == ["e2", "e3"], animated
    check_kamisado(page.snapshot(), position.play("e1e2"))
    assert "push" in page.text("moves")
    assert "moves again" in page.text("status") and "extra move" in page.text("status")
    assert page.body()["actor"] == "black"


def test_the_forced_towers_moves_show_without_a_click(page):
    page.setup("kamisado", black="human", white="human")
    assert page.targets() == set(), "a free choice: nothing shown before a tower is chosen"
    page.click("d1")
    page.click("d6")
    page.wait(lambda _d: page.moves() == ["d1d6"])
    position = kamisado.Position().play("d1d6")
    # White must move its red tower: its destinations are shown at once, and
    # one click on a destination plays.
    assert page.targets() == {m[2:] for m in position.legal_moves()}
    move = position.legal_moves()[0]
    page.click(move[2:])
    page.wait(lambda _d: page.moves() == ["d1d6", move])


def test_a_katarenga_game_played_by_clicking(page):
    page.setup("katarenga", black="human", white="computer", board="arrangement", arrangement=12345)
    start = katarenga.Position.start(katarenga.Board.arrangement(12345))
    final, moves, checks = play_by_clicking(page, start, "black", random.Random(3), check_katarenga)
    assert checks >= len(moves) and final.is_over and len(moves) >= 10
    assert page.body()["state"] == "over"
    assert final.outcome.split(":")[0].lower() in page.text("status").lower()


def test_black_chooses_the_katarenga_edge_and_the_rematch_follows_it(page, tmp_path):
    edges = ["bottom", "right", "top", "left"]
    board = katarenga.Board.arrangement(4242)
    # A person at Black: the four starts shown, the status says who chooses.
    page.setup("katarenga", black="human", white="human", board="arrangement", arrangement=4242,
               orientation="choose")
    page.wait(lambda _d: page.body()["state"] == "chooseOrientation")
    assert page.element("orientation-choice").is_displayed()
    assert "Black chooses which edge of the laid board to sit at" in page.text("status")
    previews = [page.element(f"orient-{e}-preview").get_attribute("src") for e in edges]
    assert len(set(previews)) == 4, "four different starts"
    # Large enough to tell apart: each at least 160 pixels a side (a fifth
    # of a square at 20 pixels).
    sizes = [page.rect(f"#orient-{e}-preview")["width"] for e in edges]
    assert min(sizes) >= 160, sizes
    assert page.axe() == [], "the chooser passes the accessibility checker"
    page.element("orient-top").click()
    page.wait(lambda _d: page.body()["state"] == "inRound")
    check_katarenga(page.snapshot(), katarenga.start(board, orientation="top"))
    assert not page.element("orientation-choice").is_displayed()
    assert "Black sits at the top edge of the laid board" in page.text("moves")
    # A move, then the record: the orientation, and that Black chose it.
    move = katarenga.start(board, orientation="top").legal_moves()[0]
    page.click(move[:2])
    page.click(move[2:])
    page.wait(lambda _d: page.moves() == [move])
    _, text = download_record(page, tmp_path)
    assert '[Orientation "top"]\n[OrientationBy "black"]' in text, text
    # Undo takes the move back, then the choice.
    page.element("undo").click()
    page.element("undo").click()
    page.wait(lambda _d: page.body()["state"] == "chooseOrientation")

    # The computer at Black chooses as its search does (Beginner: depth 1),
    # and a link keeps the choice.
    page.setup("katarenga", black="computer", white="human", level="beginner", board="arrangement",
               arrangement=4242, orientation="choose")
    page.wait(lambda _d: page.body()["state"] == "inRound" and page.body()["actor"] == "white")
    edge = board.best_orientation(depth=1)
    check_katarenga(page.snapshot(), katarenga.start(board, orientation=edge))
    assert f"Black sits at the {edge} edge" in page.text("moves")
    page.reload()
    check_katarenga(page.snapshot(), katarenga.start(board, orientation=edge))

    # Computer against computer to the end, then the rematch: the same
    # start, the sides exchanged, and the points of both games added.
    page.setup("katarenga", black="computer", white="computer", level="beginner", board="arrangement",
               arrangement=4242, orientation="choose")
    page.choose("watch-speed", "0")
    page.wait(lambda _d: page.body()["state"] == "over", timeout=120)
    start = katarenga.start(board, orientation=edge)
    first, _ = follow(page, start, 0, check_katarenga)
    page.element("rematch").click()
    page.wait(lambda _d: page.body()["state"] == "over", timeout=120)
    second, _ = follow(page, start, 0, check_katarenga)  # the rematch replays from the same start
    assert "Rematch: the same start" not in page.text("banner-text")
    banner = page.text("banner-text")
    points_first = (first.winner == "black") + (second.winner == "white")
    points_second = 2 - points_first
    assert f"the first player (Black, then White) {points_first} – the second player {points_second}" in banner, banner


def test_katarenga_boards_from_tiles_with_a_preview_and_at_random(page):
    page.driver.find_element(By.CSS_SELECTOR, 'input[name="game"][value="katarenga"]').click()
    page.choose("board-kind", "tiles")
    before = page.js("return document.getElementById('board-preview').src")
    page.choose("tile-0", "2")
    page.choose("tile-1", "1")
    after = page.js("return document.getElementById('board-preview').src")
    assert before != after, "the preview follows the tiles"
    page.setup("katarenga", black="human", white="human", board="tiles",
               tiles=[("2", "b", "1"), ("1", "f", "0"), ("4", "b", "3"), ("3", "f", "2")])
    expected = katarenga.Position.start(katarenga.Board.from_tiles(["2b1", "1f0", "4b3", "3f2"]))
    check_katarenga(page.snapshot(), expected)
    assert "tiles 2b1 1f0 4b3 3f2" in page.text("status")
    page.setup("katarenga", black="human", white="human", board="tiles",
               tiles=[("1", "f", "0"), ("1", "f", "0"), ("4", "b", "3"), ("3", "f", "2")])
    assert "twice" in page.text("setup-error")
    assert not page.element("board-preview").is_displayed(), "no preview of a board that does not exist"
    page.setup("katarenga", black="human", white="human", board="random")
    index = int(page.js("return document.getElementById('arrangement').value"))
    check_katarenga(page.snapshot(), katarenga.Position.start(katarenga.Board.arrangement(index)))


def test_an_empty_arrangement_number_says_what_is_wanted(page):
    page.setup("katarenga", black="human", white="human", board="arrangement", arrangement="")
    error = page.text("setup-error")
    assert "whole number from 0 to 98303" in error and "NaN" not in error, error


def test_the_first_move_rule_offered_and_shown(page):
    board = "RYBGRGBY/GRGBYYGR/YYBRBBRG/BGRYGRYB/RYGBRGBY/GYRYYYBR/BBGRBGRG/YRBGGRYB"
    page.open(address("katarenga", f"{board} wwwwwwww/8/8/8/8/8/8/bbbbbbbb w - wb", black="human", white="human",
                      board=board, rules="no-first-capture"))
    assert "no capture on a first move (white and black still to make theirs)" in page.text("status")
    page.click("h8")
    assert "a1" not in page.targets(), "the barred capture is no destination"
    # From the form: the option is a checkbox, and the status says the rule is in force.
    page.setup("katarenga", black="human", white="human", no_first_capture=True)
    assert "no capture on a first move" in page.text("status")


# ------------------------------------------------- the Katarenga family

STANDARD = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB"


def play_family_moves(page, position, human, rng, count):
    """Plays `count` of `human`'s moves by clicking (a random legal move,
    the destinations shown after the first click being the engine's), each
    answered by the computer, checking the board against the engine."""
    seen = 0
    for _ in range(count):
        page.wait_for_human(human, seen)
        position, seen = follow(page, position, seen, check_family)
        if position.is_over:
            break
        move = rng.choice(position.legal_moves())
        page.click(move[:2])
        assert page.targets() == {m[2:] for m in position.legal_moves() if m[:2] == move[:2]}, f"destinations of {move[:2]}"
        page.click(move[2:])
        page.wait(lambda _d: len(page.moves()) > seen)
        # The computer may have answered already: the person's move is the first new one.
        assert page.moves()[seen] == move
        position, seen = follow(page, position, seen, check_family)
    return position, seen


def test_congress_and_quebec_from_the_form_played_by_clicking_against_the_computer(page):
    board = katarenga.Board.arrangement(12345)
    for game, module, seed in [("congress", congress, 11), ("quebec", quebec, 12)]:
        page.setup(game, black="human", white="computer", level="easy", board="arrangement", arrangement=12345)
        assert game.capitalize() in page.text("game-line")
        # White moves first: the computer opens, then the person answers.
        position, seen = play_family_moves(page, module.Position.start(board), "black", random.Random(seed), 3)
        assert seen >= 6 or position.is_over
        assert "computer" in page.text("seat-top") and "Easy" in page.text("status") + page.text("seat-top")
    # The legend says how Quebec is won, and leads to its rules.
    legend = page.element("legend")
    legend.find_element(By.TAG_NAME, "summary").click()
    assert "like a knight" in legend.text and "single pawn" in legend.text and "camp" not in legend.text
    legend.find_element(By.CSS_SELECTOR, 'a[href="rules.html#quebec"]').click()
    page.wait(lambda d: d.current_url.endswith("rules.html#quebec"))
    text = page.driver.find_element(By.TAG_NAME, "main").text
    for words in ["Congress", "Quebec", "Isolation", "orthogonal", "en prise", "no-move", "choice"]:
        assert words.lower() in text.lower(), words


def test_congress_s_pass_and_a_quebec_draw_by_the_rules(page):
    # White's pawns on a1 and h1 cannot move: under the pass rule White
    # passes (the button), and Black, the computer, plays on.
    blocked = f"{STANDARD} 8/8/8/8/8/1b6/2b3bb/w5bw w"
    page.open(address("congress", blocked, board=STANDARD, white="human", black="computer.beginner",
                      **{"no-move": "pass"}))
    assert "must pass" in page.text("status")
    assert "no move: pass" in page.text("game-line")
    page.element("pass").click()
    page.wait(lambda _d: len(page.moves()) == 2)
    position = congress.Position(blocked, "pass")
    after, _ = follow(page, position, 0, check_family)
    assert page.moves()[0] == "pass" and "no pawn can move" in page.text("moves")
    page.reload()
    check_family(page.snapshot(), after)
    # The marks for colour blindness, as on Katarenga's board.
    page.element("marks").click()
    assert page.js("return document.querySelectorAll('#board .square-mark').length") == 64
    page.element("marks").click()
    # White's h3 takes f3: White is connected, and so is Black's lone pawn.
    # Under "both connected: draw" that is a draw; by default the mover wins.
    both = f"{STANDARD} 8/8/8/8/8/5b1w/4ww2/5b2 w"
    for rule, verdict, title in [("draw", "draw", "Drawn"), ("mover", "white wins", "White won")]:
        page.open(address("quebec", both, board=STANDARD, white="human", black="computer.beginner",
                          **{"both-connected": rule}))
        page.click("h3")
        page.click("f3")
        page.wait(lambda _d: page.body()["state"] == "over")
        expected = quebec.Position(both, rule).play("h3f3")
        check_family(page.snapshot(), expected)
        assert expected.winner == (None if rule == "draw" else "white")
        assert verdict in page.text("banner-text").lower(), page.text("banner-text")
        assert page.driver.title.startswith(title), page.driver.title


def test_strict_isolation_played_to_its_end_against_the_perfect_solver(page):
    page.setup("isolation", black="computer.perfect", white="human", board="default")
    names = page.js("return [...document.getElementById('black-level').options].map(o => o.value)")
    assert "perfect" in names, "strict Isolation has the solver as a level"
    position = isolation.Position.start()
    assert "White to place a pawn" in page.text("status") and "8 in hand" in page.text("seat-bottom") + page.text("seat-top")
    seen = 0
    for _ in range(20):
        page.wait_for_human("white", seen)
        snapshot = page.snapshot()
        for move in snapshot["moves"][seen:]:
            # The computer's placements keep every win the solver sees.
            won = position.side_to_move == "black" and position.solve()["winner"] == "black"
            position = position.play(move)
            if won and not position.is_over:
                assert position.solve()["winner"] == "black", f"the Perfect level kept its win ({move})"
        seen = len(snapshot["moves"])
        check_family(snapshot, position)
        if position.is_over:
            break
        legal = position.placements()
        assert page.targets() == set(legal), "the legitimate squares are highlighted"
        # A square that is not legitimate places nothing, and says why.
        taken = position.pieces("black")
        if taken:
            page.click(taken[0])
            assert "occupied" in page.text("status")
        page.click(legal[0])
        page.wait(lambda _d: len(page.moves()) > seen)
        assert page.moves()[seen] == "@" + legal[0]
    assert position.is_over, "the game ended"
    assert page.body()["state"] == "over" and page.element("banner").is_displayed()
    assert position.outcome.split(":")[0].lower() in page.text("banner-text").lower()
    assert "cannot move" in page.text("banner-text")
    assert "proved a win" in page.text("status") or position.winner == "white"


def test_the_solve_button_solves_strict_isolation(page):
    page.setup("isolation", black="human", white="human", board="default")
    position = isolation.Position.start()
    for _ in range(2):
        expected = position.solve()
        page.element("solve").click()
        page.wait(lambda _d: page.element("solve-result").get_attribute("data-winner"))
        result = page.element("solve-result")
        assert result.get_attribute("data-winner") == expected["winner"]
        text = result.text
        assert f"{expected['winner'].capitalize()} wins with best play" in text, text
        if expected["winner"] == position.side_to_move:
            # The winner to move: its placement keeps the win (checked by the Python door's solver).
            best = result.get_attribute("data-best")
            assert best in ["@" + s for s in position.placements()] and f"best move {best}" in text
            assert position.play(best).solve()["winner"] == position.side_to_move
        else:
            assert "best move" not in text, text
        # The next position: the winning placement, if the side to move has one.
        move = expected.get("best") or "@" + position.placements()[0]
        page.click(move[1:])
        position = position.play(move)
        page.wait(lambda _d, p=position: page.snapshot()["notation"] == str(p))
        assert not page.element("solve-result").is_displayed(), "the answer is the previous position's"
    # The other readings have no solver, and no Solve button.
    page.setup("isolation", black="human", white="human", board="default", reading="opposite")
    assert not page.element("solve").is_displayed()


def test_isolation_one_way_without_limit_reaches_the_game_and_its_link(page):
    page.driver.find_element(By.CSS_SELECTOR, 'input[name="game"][value="isolation"]').click()
    page.choose("isolation-reading", "one-way")
    names = page.js("return [...document.getElementById('white-level').options].map(o => o.value)")
    assert "perfect" not in names, "the solver solves the strict reading only"
    page.setup("isolation", black="human", white="human", board="arrangement", arrangement=777,
               reading="one-way", supply="none")
    board = katarenga.Board.arrangement(777)
    position = isolation.Position.start(board, "one-way", "none")
    assert "reading: one-way" in page.text("game-line") and "supply: no limit" in page.text("game-line")
    assert "in hand" not in page.text("seat-bottom")
    for turn in range(4):
        assert page.targets() == set(position.placements())
        square = position.placements()[len(position.placements()) // 2]
        if turn == 3:
            # By keyboard: the focus moved onto the square, then Enter.
            page.click(position.pieces("white")[0])
            page.js("document.querySelector(`#board [data-square='${arguments[0]}']`).focus()", square)
            page.driver.switch_to.active_element.send_keys(Keys.ENTER)
        else:
            page.click(square)
        page.wait(lambda _d: len(page.moves()) == len(position.pieces("white")) + len(position.pieces("black")) + 1)
        position = position.play("@" + square)
        check_family(page.snapshot(), position)
    strict = isolation.Position.start(board)
    for move in page.moves():
        if not strict.is_legal(move):
            break
        strict = strict.play(move)
    else:
        raise AssertionError("these placements were all legal under the strict reading too: pick others")
    link = page.element("share").get_attribute("href")
    assert "reading=one-way" in link and "supply=none" in link and "game=isolation" in link
    page.reload()
    check_family(page.snapshot(), position)
    assert page.targets() == set(position.placements())
    assert page.axe() == [], "the placements pass the accessibility checker"
    # The link alone, in a browser that kept nothing.
    page.js("localStorage.clear()")
    page.open(link.split("/", 3)[3])
    check_family(page.snapshot(), position)
    assert page.targets() == set(position.placements())
    assert page.driver.find_element(By.CSS_SELECTOR, 'input[name="game"][value="isolation"]').is_selected()
    assert Select(page.element("isolation-reading")).first_selected_option.get_attribute("value") == "one-way"


def test_a_kamisado_reading_and_match_options_reach_the_game_the_computer_and_a_reload(page):
    # Black's yellow tower on d7 is blocked: by rule text 001's literal
    # reading White then moves its own yellow tower (on e8), not its tower
    # of d7's colour (green, on b3), as the standard rules have it.
    blocked = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y"
    page.open(address("kamisado", blocked, black="human", white="computer.beginner", target=3,
                      rules="blocked-colour", scoring="rings", refill="farthest"))
    line = page.text("game-line")
    assert line == ("Kamisado, a match to 3 points, round 1 · rules: blocked-colour · scoring: rings"
                    " · next round: refilled farthest rank first"), line
    page.element("pass").click()
    page.wait(lambda _d: len(page.moves()) == 2, timeout=60)
    moves = page.moves()
    assert moves[0] == "d7d7" and moves[1].startswith("e8"), moves
    # The engine's own reading agrees with every move the page played.
    position = kamisado.Position(blocked, rules="blocked-colour")
    follow(page, position, 0, check_kamisado)
    # A reload keeps the reading and the options, in the game and the form.
    page.reload()
    assert page.text("game-line") == line
    assert page.moves() == moves
    for field, value in [("kamisado-rules", "blocked-colour"), ("scoring", "rings"), ("refill", "farthest")]:
        assert Select(page.element(field)).first_selected_option.get_attribute("value") == value
    # From the form: the standard reading has White move its green tower.
    page.setup("kamisado", black="human", white="human", target=3, kamisado_rules="pushed-square", scoring="rings",
               refill="nearest")
    assert page.text("game-line") == "Kamisado, a match to 3 points, round 1 · rules: pushed-square · scoring: rings"
    assert "rules=pushed-square" in page.driver.current_url and "scoring=rings" in page.driver.current_url


def test_a_kamisado_layout_reaches_the_board_the_computer_a_reload_and_the_random_draw(page):
    # Black's yellow tower on d7 is blocked: on the turned board d7 is red,
    # so White must then move its red tower (on f8); on the printed board
    # its green one (d7's colour there, on b3).
    blocked = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y"
    page.open(address("kamisado", blocked, black="human", white="computer.beginner", target=1, layout="turned"))
    line = page.text("game-line")
    assert line == "Kamisado, a single round · board: turned", line
    position = kamisado.Position(blocked, layout="turned")
    squares = page.snapshot()["squares"]
    assert {s: c for s, (_, c, _) in squares.items()} == {s: position.square_colour(s) for s in squares}
    page.element("pass").click()
    page.wait(lambda _d: len(page.moves()) == 2, timeout=60)
    moves = page.moves()
    assert moves[0] == "d7d7" and moves[1].startswith("f8"), moves
    follow(page, position, 0, check_kamisado)
    page.reload()
    assert page.text("game-line") == line and page.moves() == moves
    assert Select(page.element("kamisado-layout")).first_selected_option.get_attribute("value") == "turned"
    # From the form, drawn at random: the game, its link and its board say
    # the layout drawn, and the board is that layout's.
    drawn = set()
    for _ in range(12):
        page.setup("kamisado", black="human", white="human", kamisado_layout="random")
        url = page.driver.current_url
        layout = urllib.parse.parse_qs(url.split("#", 1)[1]).get("layout", ["standard"])[0]
        assert layout in {"standard", "turned", "mirrored", "mirrored-turned"}, url
        drawn.add(layout)
        start = kamisado.Position.start(layout=layout)
        squares = page.snapshot()["squares"]
        assert {s: c for s, (_, c, _) in squares.items()} == {s: start.square_colour(s) for s in squares}
        assert {s: p for s, (p, _, _) in squares.items() if p} == kamisado_board(start)
        if len(drawn) > 1:
            break
    assert len(drawn) > 1, drawn


# ------------------------------------------------------------- defects


def test_the_position_box_follows_the_game_after_a_load_error(page):
    page.setup("kamisado", black="human", white="human")
    area = page.element("notation")
    area.clear()
    area.send_keys("oops")
    page.element("load").click()
    assert "not a" in page.text("notation-error")
    page.click("d1")
    page.click("d6")
    page.wait(lambda _d: page.moves() == ["d1d6"])
    assert page.snapshot()["notation"] == str(kamisado.Position().play("d1d6"))
    assert not page.element("notation-error").is_displayed()


def test_a_reload_keeps_the_match(page):
    page.setup("kamisado", black="computer.beginner", white="computer.easy", target=7)
    page.choose("watch-speed", "0")
    page.wait(lambda _d: len([a for a in page.snapshot()["actions"] if a in ("a", "h")]) >= 1, timeout=120)
    page.element("watch-toggle").click()  # pause
    page.wait(lambda _d: page.body()["thinking"] == "false")
    before = page.snapshot()
    seats = page.text("seat-top") + page.text("seat-bottom")
    page.reload()
    after = page.snapshot()
    assert after["actions"] == before["actions"]
    assert after["notation"] == before["notation"]
    assert page.text("seat-top") + page.text("seat-bottom") == seats
    assert Select(page.element("target")).first_selected_option.get_attribute("value") == "7"
    assert Select(page.element("white-level")).first_selected_option.get_attribute("value") == "easy"
    assert page.element("undo").is_enabled()
    # The link carries the whole game too: a fresh browser state opens it.
    link = page.driver.current_url
    page.js("localStorage.clear()")
    page.driver.get("about:blank")
    page.driver.get(link)
    page.wait_ready()
    assert page.snapshot()["actions"] == before["actions"]


def test_a_finished_round_loads_as_finished(page):
    finished = "1bpk1rgn/8/6G1/3O4/o7/1Y6/8/N1RyKPB1 b y"

    def check():
        text = page.text("status") + page.text("seat-top") + page.text("seat-bottom") + page.text("banner")
        assert page.body()["state"] == "over"
        assert "white wins" in text.lower(), text
        assert "15" not in text and "points" not in text, text

    # Pasted into the position box, as the steps say, and from a link.
    page.setup("kamisado", black="human", white="human")
    area = page.element("notation")
    area.clear()
    area.send_keys(finished)
    page.element("load").click()
    check()
    page.open(address("kamisado", finished, black="human", white="human"))
    check()


def test_undo_while_the_computers_play_steps_back_and_pauses(page):
    page.setup("kamisado", black="computer", white="computer", target=1)
    page.choose("watch-speed", "0")
    page.wait(lambda _d: page.body()["state"] == "over", timeout=60)
    moves = page.moves()
    page.element("undo").click()
    page.wait(lambda _d: page.moves() == moves[:-1])
    time.sleep(1.0)
    assert page.moves() == moves[:-1], "paused: the computers wait"
    assert page.text("watch-toggle") == "Play"
    # The status says so, and no search note of the move taken back stays.
    status = page.text("status")
    assert "paused" in status, status
    assert "searched" not in status and "sees a" not in status, status
    page.element("watch-step").click()
    page.wait(lambda _d: len(page.moves()) == len(moves))
    assert page.body()["state"] == "over"


def test_a_side_switched_to_human_while_its_computer_thinks_is_not_played(page):
    page.setup("katarenga", black="human", white="computer.full")
    page.wait(lambda _d: page.body()["thinking"] == "true")
    page.choose("white-type", "human")
    time.sleep(3.0)
    assert page.moves() == []
    assert page.body()["thinking"] == "false"
    assert page.body()["actor"] == "white"
    assert "White to move" in page.text("status")


def test_the_arrow_keys_reach_the_camps(page):
    # Black's piece on a8 stands on its target line: up from it is camp a9.
    board = str(katarenga.Position()).split()[0]
    start = f"{board} b7/8/8/8/8/8/b7/6ww b -"
    page.open(address("katarenga", start, black="human", white="human", board=board))
    active = lambda: page.js("return document.activeElement.dataset.square || document.activeElement.dataset.camp")  # noqa: E731
    page.js("document.querySelector('[data-square=a8]').focus()")
    actions = webdriver.ActionChains(page.driver)
    actions.send_keys(Keys.ENTER).perform()
    actions.send_keys(Keys.ARROW_UP).perform()
    assert active() == "a9"
    actions.send_keys(Keys.ARROW_RIGHT).perform()
    assert active() == "h9"
    actions.send_keys(Keys.ARROW_DOWN).perform()
    assert active() == "h8", "down from a camp: the board's nearer corner"
    page.js("document.querySelector('[data-camp=a9]').focus()")
    webdriver.ActionChains(page.driver).send_keys(Keys.ENTER).perform()
    page.wait(lambda _d: page.moves() == ["a8a9"])
    # The bottom camps are White's: down from a1's row.
    page.js("document.querySelector('[data-square=b1]').focus()")
    webdriver.ActionChains(page.driver).send_keys(Keys.ARROW_DOWN).perform()
    assert active() == "a0"


def test_keyboard_play_keeps_focus_on_the_board(page):
    page.setup("kamisado", black="human", white="human")
    rows = page.js("return document.querySelectorAll('#board [role=row]').length")
    assert rows == 8
    # The board is one stop in the tab order.
    stops = page.js("return document.querySelectorAll('#board [tabindex=\"0\"]').length")
    assert stops == 1
    page.js("document.querySelector('#board [tabindex=\"0\"]').focus()")
    active = lambda: page.js("return document.activeElement.dataset.square")  # noqa: E731
    assert active() == "a1"
    actions = webdriver.ActionChains(page.driver)
    actions.send_keys(Keys.ARROW_RIGHT * 3).perform()
    assert active() == "d1"
    actions.send_keys(Keys.ENTER).perform()
    label = page.js("return document.querySelector('[data-square=d1]').getAttribute('aria-label')")
    assert "selected" in label, label
    assert "legal destination" in page.js("return document.querySelector('[data-square=d5]').getAttribute('aria-label')")
    actions.send_keys(Keys.ARROW_UP * 4).perform()
    assert active() == "d5"
    actions.send_keys(Keys.ENTER).perform()
    page.wait(lambda _d: page.moves() == ["d1d5"])
    assert active() == "d5", "focus stays where it was"
    label = page.js("return document.querySelector('[data-square=d5]').getAttribute('aria-label')")
    assert "last move" in label, label
    forced = page.js("return document.querySelector('#board .forced').getAttribute('aria-label')")
    assert "forced to move" in forced, forced
    # Escape drops a selection.
    square = page.js("return document.querySelector('#board .forced').dataset.square")
    page.js(f"document.querySelector('[data-square={square}]').focus()")
    webdriver.ActionChains(page.driver).send_keys(Keys.ENTER).perform()
    assert page.js("return document.querySelectorAll('#board .selected').length") == 1
    webdriver.ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
    assert page.js("return document.querySelectorAll('#board .selected').length") == 0


def test_the_page_fits_a_laptop_and_a_phone(page):
    for width, height in [(1366, 768), (390, 844)]:
        page.driver.set_window_size(width, height)
        for game in ("kamisado", "katarenga"):
            page.setup(game, black="human", white="human")
            inner = page.js("return [window.innerWidth, window.innerHeight, document.documentElement.scrollWidth]")
            board = page.rect("#board")
            bottom = max(page.rect("#seat-bottom")["bottom"], board["bottom"])
            assert inner[2] <= inner[0], f"{width}x{height} {game}: the page scrolls sideways: {inner}"
            top = min(page.rect("#seat-top")["top"], board["top"])
            assert top >= 0, f"{width}x{height} {game}: after Start, the board begins at {top}, out of view"
            assert bottom <= inner[1], f"{width}x{height} {game}: the board ends at {bottom} of {inner[1]}"
            if width > 1000:
                assert page.rect("#game-buttons")["bottom"] <= inner[1], f"{game}: the buttons below the fold"
            else:
                assert board["width"] >= 0.85 * inner[0]
                # Moves played on the phone: the page stays where it is (the
                # move list below does not pull it down).
                scrolled = page.js("return window.scrollY")
                for _ in range(3):
                    module = kamisado if game == "kamisado" else katarenga
                    move = module.Position(page.snapshot()["notation"]).legal_moves()[0]
                    count = len(page.moves())
                    page.click(move[:2])
                    page.click(move[2:])
                    page.wait(lambda _d, n=count: len(page.moves()) == n + 1)
                assert page.js("return window.scrollY") == scrolled, f"{game}: the page moved while playing"
            page.driver.save_screenshot(str(OUTPUT / f"{game}-{width}x{height}.png"))
    # The status can say more (a push, an extra move) without moving the
    # board or the buttons.
    page.driver.set_window_size(1366, 768)
    page.open(address("kamisado", "obpk1rgn/8/8/8/8/8/4y3/NGRYK+PBO b k", black="human", white="human"))
    top = page.rect("#board")["top"], page.rect("#game-buttons")["top"]
    page.click("e1")
    page.click("e2")
    page.wait(lambda _d: page.moves() == ["e1e2"])
    assert "moves again" in page.text("status")
    assert (page.rect("#board")["top"], page.rect("#game-buttons")["top"]) == top


def test_a_deadlock_shows_its_chain(page):
    page.open(address("kamisado", "5rgn/3yKP2/2O5/o1R5/p2k4/Nb1Y4/G7/6B1 b y", black="human", white="human"))
    page.click("d3")
    page.click("h7")
    page.wait(lambda _d: page.body()["state"] == "over")
    status = page.text("status")
    assert "deadlock" in status.lower(), status
    assert "each is blocked" in status and "tower on" in status, status
    # Every line is shown whole: none is cut short (a phone shows no tooltip).
    cut = page.js("return [...document.querySelectorAll('#status .event')]"
                  ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert cut == [], cut
    page.driver.set_window_size(400, 900)
    cut = page.js("return [...document.querySelectorAll('#status .event')]"
                  ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert cut == [], cut


def test_the_computers_can_be_watched(page):
    page.setup("katarenga", black="computer", white="computer")
    assert page.element("watch").is_displayed()
    page.choose("watch-speed", "1800")
    page.wait(lambda _d: len(page.moves()) >= 1, timeout=10)
    first = time.monotonic()
    page.wait(lambda _d: len(page.moves()) >= 2, timeout=10)
    assert time.monotonic() - first >= 1.2, "slow: moves are spaced"
    page.element("watch-toggle").click()
    count = len(page.moves())
    time.sleep(2.5)
    assert len(page.moves()) <= count + 1
    count = len(page.moves())
    page.element("watch-step").click()
    page.wait(lambda _d: len(page.moves()) == count + 1, timeout=10)
    time.sleep(2.5)
    assert len(page.moves()) == count + 1


def test_the_human_plays_from_the_bottom_and_the_title_says_whose_move(page):
    page.setup("katarenga", black="computer", white="human")
    # White alone is a person: the board is turned (h8 at the bottom left).
    first = page.js("return document.querySelector('#board [role=row]:last-child [data-square]').dataset.square")
    assert first == "h8"
    assert page.driver.title.startswith("Your move")
    page.setup("kamisado", black="human", white="computer")
    first = page.js("return document.querySelector('#board [role=row]:last-child [data-square]').dataset.square")
    assert first == "a1"
    page.element("flip-board").click()
    first = page.js("return document.querySelector('#board [role=row]:last-child [data-square]').dataset.square")
    assert first == "h8"


def test_the_thinking_line_says_who_thinks(page):
    page.setup("katarenga", black="human", white="computer.full")
    page.wait(lambda _d: page.body()["thinking"] == "true")
    status = page.text("status")
    assert "White (computer, Full engine) to move" in status and "thinking" in status, status
    assert status.strip() != "…"
    assert "thinking" in page.driver.title


# --------------------------------------------------------- what players expect


def test_levels_from_beginner_to_perfect(page):
    names = lambda: page.js("return [...document.getElementById('white-level').options].map(o => o.textContent)")  # noqa: E731
    kamisado_levels = names()
    assert kamisado_levels[0] == "Beginner" and "Perfect (the solver)" in kamisado_levels and len(kamisado_levels) >= 5
    page.driver.find_element(By.CSS_SELECTOR, 'input[name="game"][value="katarenga"]').click()
    assert "Perfect (the solver)" not in names() and len(names()) >= 4
    # The solver plays the start's winning move at once.
    page.setup("kamisado", black="computer.perfect", white="human")
    page.wait(lambda _d: len(page.moves()) == 1, timeout=30)
    assert page.moves() == ["h1h5"]
    assert "proved a win" in page.text("status")
    # A lost position (White loses in 8 plies): the solver says so, and the
    # search chooses the defence, a legal move.
    lost = "o1pk1rg1/8/5P2/2R4O/8/2K1y1b1/2n1Y3/NG4B1 w g"
    page.open(address("kamisado", lost, black="human", white="computer.perfect"))
    page.wait(lambda _d: len(page.moves()) == 1, timeout=30)
    assert page.moves()[0] in kamisado.Position(lost).legal_moves()
    assert "proved a loss in 8 plies" in page.text("status"), page.text("status")


def test_a_flag_fall_ends_the_game(page):
    # A game kept with Black's clock nearly out.
    page.setup("kamisado", black="human", white="human", black_clock="1+0", white_clock="1+0")
    shown = page.js("return document.querySelector('#seat-bottom .clock').textContent")
    assert re.fullmatch(r"1:00|0:5\d", shown), f"Black's clock: {shown!r}"
    # Away from the game page first: it keeps its game (with the time left)
    # when it goes.
    page.driver.get(page.server + "rules.html")
    kept = page.js("return JSON.parse(localStorage.getItem('kamisado-katarenga/game'))")
    kept["left"] = {"black": 1500, "white": 60000}
    page.js("localStorage.setItem('kamisado-katarenga/game', JSON.stringify(arguments[0]))", kept)
    page.driver.get(page.server)
    page.wait_ready()
    page.wait(lambda _d: page.body()["state"] == "over", timeout=10)
    assert "black ran out of time" in page.text("banner").lower()


def test_replay_steps_through_the_moves(page):
    page.setup("kamisado", black="human", white="human")
    for move in ["d1d6", "f8f2"]:
        page.click(move[:2])
        page.click(move[2:])
        page.wait(lambda _d, m=move: page.moves()[-1:] == [m])
    page.element("replay-first").click()
    assert page.snapshot()["notation"] == str(kamisado.Position())
    assert page.body()["viewing"] == "true"
    page.element("replay-forward").click()
    assert page.snapshot()["notation"] == str(kamisado.Position().play("d1d6"))
    page.driver.find_elements(By.CSS_SELECTOR, "#moves li[data-move] button")[1].click()
    assert page.body()["viewing"] == "false"
    assert page.snapshot()["notation"] == str(kamisado.Position().play("d1d6").play("f8f2"))


def download_record(page, folder):
    """Downloads the game's record into the empty `folder`: its path and text."""
    page.driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    page.element("download").click()

    def finished(_d):
        # Chromium writes a `.crdownload` file first, then renames it.
        done = [f for f in folder.iterdir() if not f.name.endswith(".crdownload")]
        return done[0] if done and done[0].stat().st_size > 0 else False

    record = page.wait(finished, timeout=10)
    return record, record.read_text()


def open_record_afresh(page, record, moves):
    """Opens `record` in a page that kept nothing: the game of `moves`, in
    replay at its start, then at its end."""
    page.js("localStorage.clear()")
    page.open("")
    page.element("upload").send_keys(str(record))
    page.wait(lambda _d: page.moves() == moves)
    assert page.body()["viewing"] == "true"
    page.element("replay-last").click()
    assert page.body()["viewing"] == "false"


def test_records_download_and_open(page, tmp_path):
    page.setup("katarenga", black="human", white="human", board="arrangement", arrangement=777)
    for _ in range(2):
        position = katarenga.Position(page.snapshot()["notation"])
        move = position.legal_moves()[0]
        page.click(move[:2])
        page.click(move[2:])
        page.wait(lambda _d, m=move: page.moves()[-1:] == [m])
    moves = page.moves()
    record, text = download_record(page, tmp_path)
    assert '[Board "' in text and '[Result "*"]' in text, text
    # Read back by the Python package: the same moves.
    game = katarenga.read_records(text)[0] if hasattr(katarenga, "read_records") else None
    if game is not None:
        assert [str(m) for m in game.moves] == moves
    open_record_afresh(page, record, moves)
    # A file that is no record says so.
    junk = tmp_path / "junk.txt"
    junk.write_text("hello")
    page.element("upload").send_keys(str(junk))
    page.wait(lambda _d: page.element("record-error").is_displayed())
    assert "not a game record" in page.text("record-error")


def test_family_records_download_and_open_with_their_options(page, tmp_path):
    page.setup("isolation", black="human", white="human", board="arrangement", arrangement=777,
               reading="one-way", supply="none")
    position = isolation.Position.start(katarenga.Board.arrangement(777), "one-way", "none")
    for _ in range(3):
        square = position.placements()[len(position.placements()) // 3]
        page.click(square)
        position = position.play("@" + square)
        page.wait(lambda _d, p=position: page.snapshot()["notation"] == str(p))
    moves = page.moves()
    record, text = download_record(page, tmp_path)
    assert '[Game "isolation reading=one-way supply=none"]' in text, text
    tiles = re.search(r'\[Board "([^"]+)"\]', text).group(1).split()
    assert katarenga.Board.from_tiles(tiles) == katarenga.Board.arrangement(777), tiles
    # Read back by the Python package (the same crate, another door): the same moves.
    [game] = records.read("isolation", text)
    assert [m["move"] for m in game["moves"]] == moves, game["moves"]
    # Opened in a fresh page: the game under its options.
    open_record_afresh(page, record, moves)
    check_family(page.snapshot(), position)
    assert "reading: one-way" in page.text("game-line") and "supply: no limit" in page.text("game-line")
    assert page.targets() == set(position.placements())


def test_a_bad_pasted_position_is_shown_as_an_error(page):
    area = page.element("notation")
    area.clear()
    area.send_keys("obpkyrgn/8/8/8/8/8/8/NGRYKPBX b -")
    page.element("load").click()
    error = page.text("notation-error")
    assert error.startswith("This is not a Kamisado position:"), error
    assert "'X'" in error and "offset" in error, error
    text = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB 2b5/8/8/6ww/8/8/8/b7 b a9"
    area = page.element("notation")
    area.clear()
    area.send_keys(text)
    page.element("load").click()
    assert not page.element("notation-error").is_displayed()
    assert page.body()["game"] == "katarenga"
    check_katarenga(page.snapshot(), katarenga.Position(text))
    # A bad game in a link is an error too, and the page still works.
    page.js("localStorage.clear()")
    page.open("#game=kamisado&start=nonsense")
    assert "not loaded" in page.text("notation-error")
    check_kamisado(page.snapshot(), kamisado.Position())
    # Old links (a position only) still open.
    page.open("#" + urllib.parse.urlencode({"game": "kamisado", "position": "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g"}))
    assert page.snapshot()["notation"] == "obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g"


def test_the_solver_answer_is_shown(page):
    page.setup("kamisado", black="human", white="human", target=1)
    page.element("solve").click()
    page.wait(lambda _d: page.js("return document.getElementById('solve-result').dataset.winner || ''") != "", timeout=90)
    text = page.text("solve-result")
    assert "Black wins in 17 plies" in text and "best move h1h5" in text, text
    assert page.js("return document.querySelector('[data-square=\"h5\"]').classList.contains('hint-best')")


def test_undo_takes_back_to_the_human_turn(page):
    page.setup("kamisado", black="human", white="computer", target=1)
    page.click("d1")
    page.click("d6")
    page.wait_for_human("black", 2)
    assert len(page.moves()) == 2
    page.element("undo").click()
    page.wait(lambda _d: page.moves() == [])
    check_kamisado(page.snapshot(), kamisado.Position())
    assert page.body()["actor"] == "black"


def test_the_rules_page_and_the_legend(page):
    page.setup("isolation", black="human", white="human")
    family_offered = page.js("return [...document.getElementById('white-level').options].map(o => o.textContent)")
    page.setup("katarenga", black="human", white="human")
    legend = page.element("legend")
    assert legend.is_displayed()
    legend.find_element(By.TAG_NAME, "summary").click()
    assert "like a knight" in legend.text
    # The levels' link leads to their measured steps, one row for each level the form offers.
    offered = page.js("return [...document.getElementById('white-level').options].map(o => o.textContent)")
    page.driver.find_element(By.CSS_SELECTOR, 'a[href="rules.html#levels"]').click()
    page.wait(lambda d: d.current_url.endswith("rules.html#levels"))
    rows = page.js("return [...document.querySelectorAll('table.levels tbody th')].map(e => e.textContent)")
    assert [name.split(" (")[0] for name in offered] == rows[:len(offered)] and len(rows) == len(offered) + 1, rows
    # The family's steps, measured too: one row for each level strict Isolation offers.
    rows = page.js("return [...document.querySelectorAll('table.family-levels tbody th')].map(e => e.textContent)")
    assert [name.split(" (")[0] for name in family_offered] == rows, rows
    steps = page.js("return [...document.querySelectorAll('table.family-levels tbody td')].map(e => e.textContent)")
    assert "not been measured" not in page.driver.find_element(By.TAG_NAME, "main").text
    assert len(steps) == 3 * len(rows) and sum(s.startswith("+") for s in steps) == 3 * (len(rows) - 2) + 1, steps
    text = page.driver.find_element(By.TAG_NAME, "main").text
    assert "Kamisado" in text and "Katarenga" in text and "deadlock" in text and "camps" in text


def each_marked_board(page):
    """In light and in dark, each game with a last move, a selected piece
    and its destinations on the board: yields (scheme, game)."""
    for scheme in ("light", "dark"):
        page.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
        )
        for game in ("kamisado", "katarenga"):
            module = kamisado if game == "kamisado" else katarenga
            page.open("")
            page.setup(game, black="human", white="human")
            move = module.Position(page.snapshot()["notation"]).legal_moves()[0]
            page.click(move[:2])
            page.click(move[2:])
            page.wait(lambda _d, m=move: page.moves() == [m])
            page.click(module.Position(page.snapshot()["notation"]).legal_moves()[0][:2])
            yield scheme, game
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_no_accessibility_violation_in_light_and_dark(page):
    found = {}
    for scheme, game in each_marked_board(page):
        violations = page.axe()
        if violations:
            found[f"{scheme} {game}"] = violations
        background = page.js("return getComputedStyle(document.documentElement).backgroundColor")
        if scheme == "dark":
            channels = [int(c) for c in background[background.index("(") + 1:-1].split(",")[:3]]
            assert sum(channels) < 150, f"dark mode: {background}"
        page.driver.save_screenshot(str(OUTPUT / f"scheme-{scheme}-{game}.png"))
    assert found == {}, json.dumps(found, indent=1)


def contrast(a, b):
    """WCAG's contrast ratio of two sRGB colours given as (r, g, b) in 0-255."""

    def luminance(colour):
        linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_mark_stands_out_on_every_square(page):
    # WCAG's 3:1 for the marks that are not text (1.4.11): the last move, a
    # selection, a tower that must move, a destination and a piece's own
    # outline each have at least one tone at 3:1 against every square colour
    # of both boards, in light and dark; the coordinates (text) have 4.5:1.
    colours = re.compile(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)")

    def tones(text):
        return [tuple(int(c) for c in m.groups()[:3]) for m in colours.finditer(text)
                if m.group(4) is None or float(m.group(4)) > 0.5]

    for scheme, game in each_marked_board(page):
        found = page.js(
            """
            const style = (selector, pseudo) => {
              const e = document.querySelector(selector);
              return e ? getComputedStyle(e, pseudo) : null;
            };
            const marks = {};
            const last = style('#board .square.last', '::before');
            marks.last = last && last.borderTopColor + ' ' + last.boxShadow;
            const selected = style('#board .square.selected');
            marks.selected = selected && selected.boxShadow;
            const target = style('#board .square.target', '::after');
            marks.target = target && target.backgroundColor + ' ' + target.boxShadow + ' ' + target.borderTopColor;
            const forced = style('#board .square.forced .occupant');
            marks.forced = forced && forced.boxShadow;
            const tower = style('#board .occupant.tower, #board .occupant.piece');
            marks.outline = tower && tower.boxShadow;
            const coord = style('#board .coord');
            const squares = [...new Set([...document.querySelectorAll('#board .square')]
              .map((e) => getComputedStyle(e).backgroundColor))];
            return { marks, squares, coord: [coord.color, coord.backgroundColor] };
            """
        )
        squares = [tones(c)[0] for c in found["squares"]]
        assert len(squares) == (8 if game == "kamisado" else 4), found["squares"]
        wanted = ["last", "selected", "target", "outline"] + (["forced"] if game == "kamisado" else [])
        for name in wanted:
            mark = found["marks"][name]
            assert mark, f"{scheme} {game}: no {name} mark on the board"
            for square in squares:
                best = max(contrast(tone, square) for tone in tones(mark))
                assert best >= 3, f"{scheme} {game}: the {name} mark ({mark}) at {best:.2f}:1 on {square}"
        ink, chip = (tones(c)[0] for c in found["coord"])
        assert contrast(ink, chip) >= 4.5, f"{scheme}: coordinates at {contrast(ink, chip):.2f}:1"


def test_perft_speed_in_the_browser(page):
    # Not a pass/fail speed test (the machine is shared and noisy): the counts
    # must be right, and the figures go to the output for the notes. With
    # KK_NATIVE_PERFT (the `perft` example's path) the native build is timed
    # in turn with the page, run for run, for the ratio of the two.
    native = os.environ.get("KK_NATIVE_PERFT")
    script = """
        const done = arguments[arguments.length - 1];
        const [game, depth] = arguments;
        import('./pkg/index.js').then((m) => {
          const start = game === 'kamisado' ? m.KamisadoPosition.start() : m.KatarengaPosition.start();
          const t = performance.now();
          const nodes = start.perft(depth);
          done({ nodes, ms: performance.now() - t });
        });
        """
    result = {}
    for game, depth, expected in (("kamisado", 7, 56182538), ("katarenga", 5, 30137253)):
        page_ms, native_ms = [], []
        for _ in range(5):
            run = page.driver.execute_async_script(script, game, depth)
            assert run["nodes"] == expected
            page_ms.append(run["ms"])
            if native:
                out = subprocess.run([native, game, "startpos", str(depth)], capture_output=True, text=True, check=True)
                assert int(out.stdout.split()[-1]) == expected
                native_ms.append(1000 * float(re.search(r" in ([0-9.]+) s", out.stderr).group(1)))
        figures = {"nodes": expected, "pageMedianMs": sorted(page_ms)[2]}
        figures["pageNodesPerSecond"] = expected / (figures["pageMedianMs"] / 1000)
        if native:
            figures["nativeMedianMs"] = sorted(native_ms)[2]
            figures["pageToNative"] = figures["nativeMedianMs"] / figures["pageMedianMs"]
        result[f"{game} perft {depth}"] = figures
    search = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('./pkg/index.js').then((m) => {
          const r = new m.KamisadoSearcher(16).search(m.KamisadoPosition.start(), { depth: 9 });
          done({ nodes: r.nodes, ms: r.milliseconds });
        });
        """
    )
    result["kamisado search depth 9"] = search
    (OUTPUT / "chromium-speed.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result))
