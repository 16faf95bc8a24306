"""The web page in a real browser: Debian's Chromium, driven by Selenium
through Debian's chromedriver (the W3C WebDriver protocol, with a driver
built from the same sources as the browser), against a static server on
127.0.0.1 that the tests start.

Games are played by clicking squares, against the page's computer player.
After every move the page's board is checked against the engine of the
Python package (the native build of the same Rust crates), which replays the
page's move list: the page and the engine must agree on every square.
Screenshots are kept in $KK_WEB_OUTPUT (by default target/web-tests).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import random
import threading
import urllib.parse
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from kamisado_katarenga import kamisado, katarenga

WEB = Path(__file__).resolve().parent.parent
REPO = WEB.parent
OUTPUT = Path(os.environ.get("KK_WEB_OUTPUT", REPO / "target" / "web-tests"))
# Selenium must never try to download a driver: it is given Debian's.
os.environ.setdefault("SE_OFFLINE", "true")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, quietly, with the WebAssembly MIME type (which
    `instantiateStreaming` wants)."""

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


@pytest.fixture(scope="session")
def browser():
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
        "--window-size=1200,1100",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("KK_CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(120)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, server, request):
    """The page, loaded fresh; after the test, a screenshot, and no error in
    the browser's console (an exception, a failed load, a module abort)."""
    browser.set_window_size(1200, 1100)
    page = Page(browser, server)
    yield page
    browser.save_screenshot(str(OUTPUT / f"{request.node.name}.png"))
    severe = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == [], f"errors in the browser console: {severe}"


class Page:
    """The page seen through the DOM the way a user sees it, plus the data
    attributes the page keeps for tests (`data-square`, `data-piece`, the
    body's `data-actor`, `data-state`, `data-thinking`)."""

    def __init__(self, driver, server, address=""):
        self.driver = driver
        self.server = server
        self.open(address)

    def open(self, address=""):
        self.driver.get("about:blank")
        self.driver.get(self.server + address)
        self.wait(lambda d: d.execute_script("return document.body.dataset.ready") == "true")

    def wait(self, condition, timeout=60):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def body(self):
        return self.js("return {...document.body.dataset}")

    def setup(self, game, black="human", white="computer", think="100", **options):
        self.driver.find_element(By.CSS_SELECTOR, f'input[name="game"][value="{game}"]').click()
        Select(self.driver.find_element(By.ID, "black-player")).select_by_value(black)
        Select(self.driver.find_element(By.ID, "white-player")).select_by_value(white)
        Select(self.driver.find_element(By.ID, "think")).select_by_value(think)
        if "target" in options:
            Select(self.driver.find_element(By.ID, "target")).select_by_value(str(options["target"]))
        if "board" in options:
            Select(self.driver.find_element(By.ID, "board-kind")).select_by_value(options["board"])
        if "arrangement" in options:
            field = self.driver.find_element(By.ID, "arrangement")
            field.clear()
            field.send_keys(str(options["arrangement"]))
        for quarter, placement in enumerate(options.get("tiles", [])):
            for kind, value in zip(["tile", "side", "turn"], placement):
                Select(self.driver.find_element(By.ID, f"{kind}-{quarter}")).select_by_value(value)
        self.driver.find_element(By.ID, "new-game").click()

    def snapshot(self):
        """The move list, the board, the camps, the notation and the status,
        read in one script, so that they belong to the same moment."""
        return self.js(
            """
            const squares = {}, camps = {};
            for (const e of document.querySelectorAll('#board .square'))
              squares[e.dataset.square] = [e.dataset.piece || null, e.dataset.colour, e.classList.contains('target')];
            for (const e of document.querySelectorAll('.camp'))
              camps[e.dataset.camp] = [e.dataset.occupied || null, e.classList.contains('target')];
            return {
              moves: Array.from(document.querySelectorAll('#moves li[data-move]')).map(e => e.dataset.move),
              squares, camps,
              notation: document.getElementById('notation').value,
              status: document.getElementById('status').innerText,
              body: {...document.body.dataset},
            };
            """
        )

    def squares(self):
        """`square -> (piece or None, colour, is a target)` for the 64 squares."""
        rows = self.js(
            "return Array.from(document.querySelectorAll('#board .square')).map(e =>"
            " [e.dataset.square, e.dataset.piece || null, e.dataset.colour, e.classList.contains('target')])"
        )
        return {square: (piece, colour, target) for square, piece, colour, target in rows}

    def camps(self):
        """`camp -> (occupant or None, is a target)`."""
        rows = self.js(
            "return Array.from(document.querySelectorAll('.camp')).map(e =>"
            " [e.dataset.camp, e.dataset.occupied || null, e.classList.contains('target')])"
        )
        return {camp: (occupant, target) for camp, occupant, target in rows}

    def targets(self):
        return {s for s, (_, _, t) in self.squares().items() if t} | {
            c for c, (_, t) in self.camps().items() if t
        }

    def moves(self):
        return self.js("return Array.from(document.querySelectorAll('#moves li[data-move]')).map(e => e.dataset.move)")

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def click(self, square):
        """Clicks a square or a camp, finding it again if a render replaced it."""
        selector = f'[data-camp="{square}"]' if square[1] in "09" else f'#board [data-square="{square}"]'
        for _ in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"could not click {square}")

    def wait_for_human(self, side, moves_before):
        """Waits until `side` (a human) is to act, or the game is over, with
        the computer's replies in the move list."""

        def ready(_driver):
            body = self.body()
            if body["thinking"] == "true":
                return False
            if body["state"] in ("over", "chooseEdge"):
                return True
            return body["actor"] == side and len(self.moves()) >= moves_before

        self.wait(ready)


def address(game, position):
    """The page's address for a position (what its share link holds)."""
    return "#" + urllib.parse.urlencode({"game": game, "position": position})


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


def follow(page, position, seen, check):
    """Replays the page's new moves in the engine (each must be legal) and
    checks the page's board against the result, from one snapshot."""
    snapshot = page.snapshot()
    for move in snapshot["moves"][seen:]:
        position = position.play(move)  # raises if the page played an illegal move
    check(snapshot, position)
    return position, len(snapshot["moves"])


def play_by_clicking(page, position, human, rng, check, limit=400):
    """Plays `human`'s moves by clicking (a random legal move each time; the
    destinations shown after the first click must be the engine's), and
    follows the computer's replies through the move list, checking the
    board against the engine after the human's move and after the replies.
    Returns the final position and the moves."""
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


def test_a_kamisado_round_played_by_clicking(page):
    page.setup("kamisado", black="human", white="computer", think="100", target=1)
    start = kamisado.Position()
    check_kamisado(page.snapshot(), start)
    final, moves, checks = play_by_clicking(page, start, "black", random.Random(1), check_kamisado)
    assert checks >= len(moves)
    assert final.is_over
    body = page.body()
    assert body["state"] == "over"
    status = page.text("status")
    assert final.outcome.split(":")[0].lower() in status.lower(), status
    assert len(moves) >= 3


def test_a_kamisado_match_with_the_edge_choice(page):
    # The computer plays both sides of a match to 3; the page chooses the
    # edges and opens each round with the loser.
    page.setup("kamisado", black="computer", white="computer", think="100", target=3)
    page.wait(lambda _d: page.body()["state"] == "over", timeout=180)
    rounds = page.js("return Array.from(document.querySelectorAll('#moves li.round')).map(e => e.textContent)")
    assert any("refilled from the" in r for r in rounds), rounds
    scores = page.text("scores")
    assert "match to 3" in scores
    # Replaying the match in the engine gives the same final position.
    match = kamisado.Match(3)
    items = page.js(
        "return Array.from(document.querySelectorAll('#moves li')).map(e =>"
        " e.dataset.move ? ['move', e.dataset.move] : ['round', e.textContent])"
    )
    for kind, text in items:
        if kind == "move":
            match.play(text)
        elif "refilled from the a-file" in text:
            match.choose_edge("a")
        elif "refilled from the h-file" in text:
            match.choose_edge("h")
    assert match.state == "over"
    assert str(match.position) == page.js("return document.getElementById('notation').value")
    black, white = match.scores
    assert f"Black {black} · White {white}" in scores


def test_a_pass_and_a_push_shown_as_they_happen(page):
    # Black's yellow tower on d7 is blocked (the rules page's worked example).
    page.open(address("kamisado", "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y"))
    assert "blocked, so it must pass" in page.text("status")
    assert page.driver.find_element(By.ID, "pass").is_displayed()
    page.driver.find_element(By.ID, "pass").click()
    page.wait(lambda _d: page.moves()[:1] == ["d7d7"])
    assert "pass" in page.text("moves")
    # A sumo push: Black's pink sumo on e1 pushes White's yellow tower.
    position = kamisado.Position("obpk1rgn/8/8/8/8/8/4y3/NGRYK+PBO b k")
    page.open(address("kamisado", str(position)))
    Select(page.driver.find_element(By.ID, "white-player")).select_by_value("human")
    page.click("e1")
    assert "e2" in page.targets()
    page.click("e2")
    page.wait(lambda _d: page.moves() == ["e1e2"])
    after = position.play("e1e2")
    check_kamisado(page.snapshot(), after)
    assert "push" in page.text("moves")
    assert "extra move" in page.text("status")
    assert page.body()["actor"] == "black"


def test_a_katarenga_game_played_by_clicking(page):
    page.setup("katarenga", black="human", white="computer", think="100", board="arrangement", arrangement=12345)
    board = katarenga.Board.arrangement(12345)
    start = katarenga.Position.start(board)
    check_katarenga(page.snapshot(), start)
    final, moves, checks = play_by_clicking(page, start, "black", random.Random(3), check_katarenga)
    assert checks >= len(moves)
    assert final.is_over
    assert page.body()["state"] == "over"
    assert final.outcome.split(":")[0].lower() in page.text("status").lower()
    assert len(moves) >= 10


def test_katarenga_boards_from_tiles_and_at_random(page):
    page.setup("katarenga", black="human", white="human", board="tiles",
               tiles=[("2", "b", "1"), ("1", "f", "0"), ("4", "b", "3"), ("3", "f", "2")])
    expected = katarenga.Position.start(katarenga.Board.from_tiles(["2b1", "1f0", "4b3", "3f2"]))
    check_katarenga(page.snapshot(), expected)
    assert "tiles 2b1 1f0 4b3 3f2" in page.text("status")
    # A tile used twice is refused with the engine's reason.
    page.setup("katarenga", black="human", white="human", board="tiles",
               tiles=[("1", "f", "0"), ("1", "f", "0"), ("4", "b", "3"), ("3", "f", "2")])
    assert "twice" in page.text("setup-error")
    page.setup("katarenga", black="human", white="human", board="random")
    index = int(page.js("return document.getElementById('arrangement').value"))
    check_katarenga(page.snapshot(), katarenga.Position.start(katarenga.Board.arrangement(index)))


def test_a_bad_pasted_position_is_shown_as_an_error(page):
    area = page.driver.find_element(By.ID, "notation")
    area.clear()
    area.send_keys("obpkyrgn/8/8/8/8/8/8/NGRYKPBX b -")
    page.driver.find_element(By.ID, "load").click()
    error = page.text("notation-error")
    assert error.startswith("This is not a Kamisado position:"), error
    assert "'X'" in error and "offset" in error, error
    # A good one loads, and goes into the address so that a link shares it.
    text = "RYBGRYGB/GRGBGYRY/YYBRBBGR/BGRYYRBG/RGBYRGBY/YYGRYYBR/BBRGBGRG/GRYBGRYB 2b5/8/8/6ww/8/8/8/b7 b a9"
    area = page.driver.find_element(By.ID, "notation")
    area.clear()
    area.send_keys(text)
    page.driver.find_element(By.ID, "load").click()
    assert not page.driver.find_element(By.ID, "notation-error").is_displayed()
    assert page.body()["game"] == "katarenga"
    check_katarenga(page.snapshot(), katarenga.Position(text))
    address = page.driver.current_url
    page.open("")
    page.driver.get(address)
    page.wait(lambda d: d.execute_script("return document.body.dataset.ready") == "true")
    check_katarenga(page.snapshot(), katarenga.Position(text))
    # A bad position in a link is an error too, and the page still works.
    page.open("#game=kamisado&position=nonsense")
    assert "not a" in page.text("notation-error")
    check_kamisado(page.snapshot(), kamisado.Position())


def test_the_solver_answer_is_shown(page):
    page.setup("kamisado", black="human", white="human", target=1)
    page.driver.find_element(By.ID, "solve").click()
    page.wait(lambda _d: page.js("return document.getElementById('solve-result').dataset.winner || ''") != "", timeout=90)
    text = page.text("solve-result")
    assert "Black wins in 17 plies" in text and "best move h1h5" in text, text
    assert page.squares()["h1"][0] is not None
    assert page.js("return document.querySelector('[data-square=\"h5\"]').classList.contains('hint-best')")


def test_undo_takes_back_to_the_human_turn(page):
    page.setup("kamisado", black="human", white="computer", think="100", target=1)
    page.click("d1")
    page.click("d6")
    page.wait_for_human("black", 2)
    assert len(page.moves()) == 2
    page.driver.find_element(By.ID, "undo").click()
    page.wait(lambda _d: page.moves() == [])
    check_kamisado(page.snapshot(), kamisado.Position())
    assert page.body()["actor"] == "black"


def test_the_page_fits_a_phone(page):
    page.driver.set_window_size(390, 844)
    page.setup("katarenga", black="human", white="computer")
    widths = page.js("return [document.documentElement.scrollWidth, window.innerWidth,"
                     " document.getElementById('board').getBoundingClientRect().width]")
    scroll, inner, board = widths
    assert scroll <= inner, f"the page scrolls sideways: {widths}"
    assert board >= 0.8 * inner, f"the board is {board} px wide on a {inner} px screen"
    page.js("window.scrollTo(0, 0)")
    page.driver.save_screenshot(str(OUTPUT / "phone.png"))


def test_perft_speed_in_the_browser(page):
    # Not a pass/fail speed test (the machine is shared and noisy): the count
    # must be right, and the figures go to the output for the notes.
    result = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('./pkg/index.js').then((m) => {
          const start = m.KamisadoPosition.start();
          const runs = [];
          let nodes = 0;
          for (let i = 0; i < 5; i++) {
            const t = performance.now();
            nodes = start.perft(7);
            runs.push(performance.now() - t);
          }
          runs.sort((a, b) => a - b);
          const searcher = new m.KamisadoSearcher(16);
          const search = searcher.search(start, { depth: 9 });
          done({ nodes, medianMs: runs[2], searchNodes: search.nodes, searchMs: search.milliseconds });
        });
        """
    )
    assert result["nodes"] == 56182538
    result["perftNodesPerSecond"] = result["nodes"] / (result["medianMs"] / 1000)
    (OUTPUT / "chromium-speed.json").write_text(json.dumps(result, indent=2))
