"""Game records read, checked and written from Python; a KKP engine and the
referee driven from Python (with the workspace's kk-engine and kk-referee:
CI builds them before this suite runs; set KK_BIN to their folder)."""

from __future__ import annotations

import pytest

from conftest import program
from kamisado_katarenga import records
from kamisado_katarenga.kkp import Engine, EngineError, referee


KAMISADO = """[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Black "?"]
[White "?"]
[Result "white"]
[Target "1"]
[Termination "normal"]

Round 1 "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b -"
1. d1d7 g8b3 2. d7d7 b3d1
Scored white arrival green 1 0-1
"""


def test_records_read_and_write_round_trip():
    [record] = records.read("kamisado", KAMISADO)
    assert record["result"] == "white" and record["target"] == 1
    assert len(record["rounds"]) == 1
    text = records.write("kamisado", record)
    assert records.read("kamisado", text) == [record]
    assert records.check("kamisado", KAMISADO + "\n" + KAMISADO) == 2


def test_a_bad_record_names_its_line_and_column():
    with pytest.raises(ValueError, match="line 11, column 22: move 2 \\(b3b1\\): b1 is occupied"):
        records.read("kamisado", KAMISADO.replace("b3d1", "b3b1"))
    with pytest.raises(ValueError, match="the tag Board is missing"):
        records.read("katarenga", KAMISADO)
    [record] = records.read("kamisado", KAMISADO)
    record["result"] = "black"
    with pytest.raises(ValueError):
        records.write("kamisado", record)
    with pytest.raises(ValueError, match="kamisado"):
        records.read("chess", KAMISADO)


def test_an_engine_is_driven_in_kkp():
    with Engine([program("kk-engine")]) as engine:
        assert engine.protocol == 2
        assert engine.games["katarenga"] == ["no-first-capture"]
        assert "Hash" in engine.options
        engine.set_option("Hash", 4)
        engine.new_game("kamisado")
        first = engine.go(nodes=3000)
        assert first == engine.go(nodes=3000), "a node budget gives the same move"
        assert engine.info and engine.info[0] == "info"
        assert engine.go("notation obpkyrgn/3Y4/8/8/8/8/8/NGR1KPBO w g", depth=2)
        with pytest.raises(EngineError, match="not a number from 1 to 4096"):
            engine.set_option("Hash", 0)
        engine.new_game("katarenga", ["no-first-capture"])
        assert engine.go("tiles 1f0 2f0 3f0 4f0", movetime=50)
        with pytest.raises(ValueError):
            engine.go()


def test_an_engine_that_hangs_or_dies_raises():
    with Engine([program("kk-fake-engine"), "--fault", "hang"], timeout=1) as hanging:
        hanging.new_game("kamisado")
        with pytest.raises(EngineError, match="no answer within 1.5 s"):
            hanging.go(movetime=500)
    with Engine([program("kk-fake-engine"), "--fault", "crash"], timeout=5) as crashing:
        crashing.new_game("kamisado")
        with pytest.raises(EngineError, match="ended"):
            crashing.go(movetime=100)
    with pytest.raises(EngineError, match="ended"):
        Engine(["true"], timeout=5)


def test_the_referee_is_run_and_its_records_read(tmp_path):
    games = tmp_path / "games.txt"
    engine = program("kk-engine")
    report = referee(
        [
            "--game", "katarenga", "--games", "2", "--tc", "movetime=100", "--seed", "3",
            "--engine", f"name=a cmd={engine} option.Nodes=800",
            "--engine", f"name=b cmd={engine} option.Nodes=400",
            "--records", str(games),
        ],
        program=program("kk-referee"),
    )
    assert "games: 2" in report
    assert records.check("katarenga", games.read_text()) == 2
    with pytest.raises(EngineError, match="--game"):
        referee(["--games", "2"], program=program("kk-referee"))


def test_the_referee_takes_the_game_as_one_spec(tmp_path):
    games = tmp_path / "games.txt"
    engine = program("kk-engine")
    arguments = [
        "--games", "2", "--tc", "depth=1", "--seed", "3",
        "--engine", f"name=a cmd={engine} option.Hash=1",
        "--engine", f"name=b cmd={engine} option.Hash=1",
        "--records", str(games),
    ]
    report = referee(
        ["--max-plies", "20", *arguments],
        program=program("kk-referee"),
        game="katarenga",
        rules="no-first-capture",
        board="1f0,2b1,3f2,4f3",
    )
    assert "games: 2" in report
    text = games.read_text()
    assert text.count('[Rules "no-first-capture"]') == 2
    assert text.count('[Board "1f0 2b1 3f2 4f3"]') == 2
    games.unlink()
    referee(arguments, program=program("kk-referee"), spec="kamisado target=3")
    assert records.check("kamisado", games.read_text()) == 2
    assert '[Target "3"]' in games.read_text()
    with pytest.raises(EngineError, match="katarenga has no field target"):
        referee(arguments, program=program("kk-referee"), game="katarenga", target=3)
    with pytest.raises(ValueError, match="needs game="):
        referee(arguments, program=program("kk-referee"), rules="no-first-capture")
    with pytest.raises(ValueError, match="not both"):
        referee(arguments, program=program("kk-referee"), spec="kamisado", game="kamisado")
