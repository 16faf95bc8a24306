"""Reproducible opponents: seeded random and greedy players, the search by
depth or nodes, in both games; best_move's limits."""

from __future__ import annotations

import pytest

from kamisado_katarenga import Player, kamisado, katarenga


def play_out(module, black, white, plies=60):
    """The moves of a game between two players (at most ``plies``)."""
    position, moves = module.start(), []
    for _ in range(plies):
        if position.is_over:
            break
        player = black if position.side_to_move == "black" else white
        move = player.choose(position)
        assert position.is_legal(move), move
        moves.append(move)
        position = position.play(move)
    return moves


@pytest.mark.parametrize("module", [kamisado, katarenga])
def test_seeded_players_replay_the_same_games(module):
    for make in (
        lambda s: Player.random(s),
        lambda s: Player.greedy(s),
        lambda s: Player.search(depth=2),
        lambda s: Player.search(nodes=3000),
    ):
        first = play_out(module, make(1), make(2))
        assert first == play_out(module, make(1), make(2))
        assert len(first) > 4
    # Another seed, another random game.
    assert play_out(module, Player.random(1), Player.random(2)) != play_out(
        module, Player.random(3), Player.random(4)
    )


def test_the_greedy_player_takes_a_win_at_once():
    # Black's green tower reaches a8 with a2a8, one move of eleven.
    won = kamisado.Position("1bpkyrgn/8/8/8/8/7o/G7/N1RYKPBO b g")
    for seed in range(5):
        assert Player.greedy(seed).choose(won) == "a2a8"
        assert Player.search(depth=1).choose(won) == "a2a8"
    assert len({Player.random(seed).choose(won) for seed in range(20)}) > 3
    assert Player.random(0).choose(kamisado.Position("Gbpkyrgn/o7/8/8/8/8/8/N1RYKPBO w n")) is None


def test_best_move_takes_depth_and_nodes():
    start = kamisado.start()
    assert start.best_move(depth=3) == start.best_move(depth=3)
    assert start.best_move(nodes=5000) == start.best_move(nodes=5000)
    assert start.is_legal(start.best_move(20))
    for bad in ({"depth": 0}, {"nodes": 0}, {"milliseconds": -1}):
        with pytest.raises(ValueError):
            start.best_move(**bad)


def test_players_choose_edges_and_orientations():
    match = kamisado.Match("standard")
    greedy = Player.greedy(1)
    while match.state == "in_round":
        match.play(greedy.choose(match.position))
    assert Player.search(depth=2).choose_edge(match) in ("a", "h")
    with pytest.raises(ValueError):
        Player.greedy(1).choose_edge(kamisado.Match(3))
    board = katarenga.Board()
    edge = Player.search(depth=2).choose_orientation(board)
    assert edge in katarenga.ORIENTATIONS
    assert edge == Player.search(depth=2).choose_orientation(board)
    with pytest.raises(TypeError):
        Player.greedy(1).choose("not a position")
    assert repr(Player.search(depth=3)) == "Player.search(depth=3, table_mib=16)"


def test_observations_take_player_numbers():
    # observation(player=...) takes player numbers as well as names.
    # Player 0 moves first: Black in Kamisado, White in Katarenga.
    p = kamisado.start()
    assert (p.observation(player=0) == p.observation(player="black")).all()
    assert (p.observation(player=1) == p.observation(player="white")).all()
    q = katarenga.start()
    assert (q.observation(0) == q.observation("white")).all()
    assert (q.observation(1) == q.observation("black")).all()
    m = kamisado.Match(3)
    assert (m.observation(1) == m.observation("white")).all()
    for bad in (2, -1):
        with pytest.raises(ValueError):
            p.observation(player=bad)
    with pytest.raises(TypeError):
        p.observation(player=True)


def test_matches_take_preset_names():
    # kamisado.Match takes the presets' names as well as targets.
    assert kamisado.Match("standard").target == 3
    assert kamisado.Match("marathon").target == 15
    assert kamisado.Match().target == 3
    assert kamisado.Match(7).target == 7
    with pytest.raises(ValueError):
        kamisado.Match("bogus")
    with pytest.raises(ValueError):
        kamisado.Match(0)


def test_classes_are_named_as_their_modules_show_them():
    # help() names the classes as their modules show them (Position, not
    # KamisadoPosition).
    assert kamisado.Position.__module__ == "kamisado_katarenga.kamisado"
    assert kamisado.Position.__name__ == "Position"
    assert katarenga.Board.__name__ == "Board"
    assert kamisado.Batch.__module__ == "kamisado_katarenga.kamisado"
