"""GameSpec: the one description of a game, as the Rust crates read and
write it."""

from __future__ import annotations

import pickle

import pytest

from kamisado_katarenga import GameSpec, katarenga, kamisado, start


def test_the_text_form_is_canonical_and_reads_back():
    for text, canonical in [
        ("kamisado", "kamisado"),
        ("kamisado target=standard", "kamisado target=3"),
        ("katarenga  board=standard rules=no-first-capture", "katarenga rules=no-first-capture"),
        ("katarenga board=4b3,3f0,2f0,1f0", "katarenga board=4b3,3f0,2f0,1f0"),
    ]:
        spec = GameSpec(text)
        assert str(spec) == canonical
        assert GameSpec(str(spec)) == spec
        assert hash(GameSpec(str(spec))) == hash(spec)
        assert pickle.loads(pickle.dumps(spec)) == spec
    assert GameSpec() == GameSpec("kamisado")


def test_the_fields_of_each_game():
    spec = GameSpec("kamisado target=7")
    assert (spec.game, spec.rules, spec.target, spec.board) == ("kamisado", "standard", 7, None)
    spec = GameSpec("katarenga rules=no-first-capture")
    assert (spec.game, spec.rules, spec.target, spec.board) == (
        "katarenga",
        "no-first-capture",
        None,
        "standard",
    )
    assert GameSpec.games() == ["kamisado", "katarenga", "congress", "quebec", "isolation"]
    assert GameSpec("isolation reading=one-way").board == "standard"
    assert GameSpec("congress").start().rules == "lose"
    assert GameSpec.readings("isolation") == ["strict", "opposite", "one-way"]
    assert GameSpec.readings("katarenga") == ["standard", "no-first-capture"]
    with pytest.raises(ValueError, match="unknown game"):
        GameSpec.readings("chess")


def test_the_start_is_the_game_modules_start():
    assert GameSpec("kamisado").start() == kamisado.Position()
    start = GameSpec("katarenga rules=no-first-capture").start()
    assert isinstance(start, katarenga.Position)
    assert start == katarenga.Position.start(rules="no-first-capture")
    assert GameSpec("katarenga").start() == katarenga.Position()


def test_errors_say_what_and_where():
    with pytest.raises(ValueError, match=r"at byte 10: katarenga has no field target"):
        GameSpec("katarenga target=3")
    with pytest.raises(ValueError, match=r"at byte 16: bad rules"):
        GameSpec("katarenga rules=none")
    with pytest.raises(ValueError, match="empty"):
        GameSpec("")


def test_start_takes_a_spec_or_its_text():
    # The game modules' own constructors are the independent source.
    board = katarenga.Board.from_tiles(["1f0", "2b1", "3f2", "4f3"])
    expected = katarenga.Position.start(board, rules="no-first-capture")
    text = "katarenga rules=no-first-capture board=1f0,2b1,3f2,4f3"
    assert start(text) == expected
    assert start(GameSpec(text)) == expected
    assert start("katarenga") == katarenga.Position.start()
    assert start(GameSpec()) == kamisado.Position.start()
    assert start("kamisado target=7") == kamisado.Match(7).position


def test_start_refuses_what_is_not_a_spec():
    with pytest.raises(ValueError, match=r"at byte 10: katarenga has no field target"):
        start("katarenga target=3")
    with pytest.raises(TypeError, match="spec must be a GameSpec or its text, not 3"):
        start(3)
    with pytest.raises(TypeError, match="not None"):
        start(None)


def test_a_kamisado_reading_reaches_the_position_the_match_and_pickle():
    # Black's yellow tower on d7 is blocked: by the standard rules White then
    # moves its tower of d7's colour (green), by rule text 001's literal
    # reading its own yellow tower (kamisado-core's rules page).
    text = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y"
    assert GameSpec.readings("kamisado") == ["standard", "pushed-square", "blocked-colour"]
    standard = kamisado.Position(text)
    literal = kamisado.Position(text, rules="blocked-colour")
    assert (standard.rules, literal.rules) == ("standard", "blocked-colour")
    assert standard != literal
    assert str(standard.play("d7d7")).endswith(" w g")
    assert str(literal.play("d7d7")).endswith(" w y")
    assert literal.play("d7d7").rules == "blocked-colour"
    assert pickle.loads(pickle.dumps(literal)) == literal
    spec = GameSpec("kamisado rules=pushed-square target=3")
    assert (spec.rules, spec.target, str(spec)) == ("pushed-square", 3, "kamisado rules=pushed-square target=3")
    assert start(spec) == kamisado.Position.start(rules="pushed-square")
    assert kamisado.Match(3, rules="pushed-square").position.rules == "pushed-square"
    with pytest.raises(ValueError, match="pushed-square or blocked-colour"):
        kamisado.Position(text, rules="sideways")
    with pytest.raises(ValueError, match="fifth field"):
        katarenga.Position(str(katarenga.Position()), rules="no-first-capture")


# The board as kamisado-core's rules page draws it, rank 8 first.
_DRAWING = [
    "obpkyrgn",
    "rokgbynp",
    "gkorpnyb",
    "kpbongry",
    "yrgnobpk",
    "bynprokg",
    "pnybgkor",
    "ngrykpbo",
]
_NAMES = dict(zip("obpkyrgn", ["orange", "blue", "purple", "pink", "yellow", "red", "green", "brown"]))


def _layout_colour(layout: str, file: int, rank: int) -> str:
    """The colour of a square on ``layout``: the drawing turned a quarter
    clockwise and/or mirrored left to right (written here from the rules
    page's words, not from the engine)."""
    grid = [list(row) for row in _DRAWING]
    if layout in ("turned", "mirrored-turned"):
        grid = [[grid[7 - c][r] for c in range(8)] for r in range(8)]
    if layout in ("mirrored", "mirrored-turned"):
        grid = [row[::-1] for row in grid]
    return _NAMES[grid[7 - rank][file]]


def test_a_kamisado_layout_reaches_the_position_the_match_the_spec_and_pickle():
    assert GameSpec.layouts("kamisado") == ["standard", "turned", "mirrored", "mirrored-turned"]
    assert GameSpec.layouts("katarenga") == []
    for layout in GameSpec.layouts("kamisado"):
        p = kamisado.Position.start(layout=layout)
        assert p.layout == layout
        for file in range(8):
            for rank in range(8):
                square = "abcdefgh"[file] + str(rank + 1)
                assert p.square_colour(square) == _layout_colour(layout, file, rank), (layout, square)
        # Every tower starts on its own colour on its home row.
        for player, colour, square, level in p.towers():
            assert p.square_colour(square) == colour and square[1] in "18", (layout, square)
        assert pickle.loads(pickle.dumps(p)) == p
        spec = GameSpec(f"kamisado layout={layout} target=3")
        assert spec.layout == layout
        assert start(spec) == p
        m = kamisado.Match(3, layout=layout)
        assert m.position == p and m == kamisado.Match.from_spec(spec)
        assert pickle.loads(pickle.dumps(m)).position.layout == layout
    # From the start every layout counts the same (the colours renamed);
    # from another position they part.
    text = "obpkyr1n/3Y4/8/8/8/1g6/8/NGR1KPBO b y"
    assert str(kamisado.Position(text).play("d7d7")).endswith(" w g")
    assert str(kamisado.Position(text, layout="turned").play("d7d7")).endswith(" w r")
    assert kamisado.Position(text, layout="turned") != kamisado.Position(text)
    with pytest.raises(ValueError, match="standard, turned, mirrored or mirrored-turned"):
        kamisado.Position(text, layout="sideways")
    with pytest.raises(ValueError, match="colours field"):
        katarenga.Position(layout="turned")


def test_a_random_layout_is_drawn_from_the_seed():
    with pytest.raises(ValueError, match="drawn when a game begins"):
        GameSpec("kamisado layout=random")
    drawn = {GameSpec("kamisado layout=random", seed=seed).layout for seed in range(64)}
    assert drawn == set(GameSpec.layouts("kamisado"))
    assert GameSpec("kamisado layout=random", seed=5) == GameSpec("kamisado layout=random", seed=5)


def test_a_kamisado_match_from_a_spec_keeps_its_options():
    spec = "kamisado rules=pushed-square target=3 scoring=rings refill=farthest"
    for given in (spec, GameSpec(spec)):
        m = kamisado.Match.from_spec(given)
        assert (m.target, m.scoring, m.refill, m.position.rules) == (3, "rings", "farthest", "pushed-square")
        assert pickle.loads(pickle.dumps(m)) == m
    m = kamisado.Match(3, scoring="rings", refill="restart")
    assert (m.scoring, m.refill) == ("rings", "restart")
    assert (kamisado.Match().scoring, kamisado.Match().refill) == ("rank", "nearest")
    with pytest.raises(ValueError, match="not a kamisado match"):
        kamisado.Match.from_spec("katarenga")
    with pytest.raises(ValueError, match="rank or rings"):
        kamisado.Match(3, scoring="gold")


def test_pictures_mark_the_colours_when_asked():
    # Each square's mark for players who cannot tell the colours apart (the
    # rules pages' "Marks for colour blindness"), in both games.
    for position, mark, squares in [(kamisado.Position(), "茶", 8 + 2), (katarenga.Position(), "♔", 16)]:
        assert 'class="square-mark"' not in position.svg()
        marked = position.svg(marks=True)
        assert marked.count('class="square-mark"') == 64
        assert marked.count(mark) == squares
