"""GameSpec: the one description of a game, as the Rust crates read and
write it."""

from __future__ import annotations

import pickle

import pytest

from kamisado_katarenga import GameSpec, katarenga, kamisado


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
    assert GameSpec.games() == ["kamisado", "katarenga"]
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
