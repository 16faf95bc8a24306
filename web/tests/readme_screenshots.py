"""The README's screenshots of the page (docs/images/web-*.png): a desktop,
a 1366x768 laptop and a 390x844 phone, each a viewport of that size. Not a
test (pytest does not collect it by itself); run it by hand after a change
to the page, with the browser tests' setup (README, Contributing):

    python -m pytest web/tests/readme_screenshots.py
"""

import random
import time
import urllib.parse
from pathlib import Path

from kamisado_katarenga import kamisado, katarenga
from test_page import browser, page, server  # noqa: F401 (the fixtures)

OUT = Path(__file__).resolve().parents[2] / "docs" / "images"


def viewport(page, width, height):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def kamisado_link():
    p = kamisado.Position()
    rng = random.Random(7)
    actions = []
    for _ in range(6):
        m = rng.choice(p.legal_moves())
        actions.append(m)
        p = p.play(m)
    return "#" + urllib.parse.urlencode({"game": "kamisado", "target": "3", "actions": ",".join(actions),
                                         "black": "human", "white": "computer.hard", "clocks": "5+3,5+3"}), p


def test_screens(page):
    link, position = kamisado_link()
    # A Kamisado match to 3 against the computer, with clocks, six moves in,
    # the forced tower's destinations shown.
    for name, (w, h) in {"web-desktop": (1920, 1080), "web-phone": (390, 844)}.items():
        viewport(page, w, h)
        page.open(link)
        page.click(position.legal_moves()[0][:2])
        time.sleep(0.5)
        page.driver.save_screenshot(str(OUT / f"{name}.png"))
    # Katarenga between two people on arrangement 4242, eight quiet moves in,
    # a piece selected.
    viewport(page, 1366, 768)
    page.open("")
    page.setup("katarenga", black="human", white="human", board="arrangement", arrangement=4242)
    rng = random.Random(11)
    for _ in range(8):
        p = katarenga.Position(page.snapshot()["notation"])
        opponent = "black" if p.side_to_move == "white" else "white"
        quiet = [m for m in p.legal_moves() if m[2:] not in p.pieces(opponent)]
        m = rng.choice(quiet or p.legal_moves())
        n = len(page.moves())
        page.click(m[:2])
        page.click(m[2:])
        page.wait(lambda _d: len(page.moves()) == n + 1)
    p = katarenga.Position(page.snapshot()["notation"])
    page.click(p.legal_moves()[0][:2])
    time.sleep(0.5)
    page.driver.save_screenshot(str(OUT / "web-laptop.png"))
    page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
