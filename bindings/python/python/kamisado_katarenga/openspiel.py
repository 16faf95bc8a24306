"""The five games as OpenSpiel Python games, registered when this module is
imported:

- ``pyspiel.load_game("python_kamisado")``: a single round; player 0 is
  Black, who moves first. Parameter ``target`` (default 1): a match to that
  many points (``pyspiel.load_game("python_kamisado(target=3)")``); between
  rounds the round's winner acts with an edge action (512: a-file, 513:
  h-file), and the returns come when the match ends.
- ``pyspiel.load_game("python_katarenga")``: player 0 is White, who moves
  first. Parameters ``max_game_length`` (default 300: the rules have no
  draw, so a game that long ends with returns 0) and ``rules``
  (``"standard"`` or ``"no-first-capture"``: no capture on either player's
  first move).
- ``python_congress``, ``python_quebec`` (parameters ``max_game_length``,
  default 300, and ``rules``: the game's first option, ``"lose"``/``"pass"``
  and ``"mover"``/``"draw"``) and ``python_isolation`` (``rules``:
  ``"strict"``, ``"opposite"`` or ``"one-way"``; ``supply``: ``"8"`` or
  ``"none"``); player 0 is White, who moves first; a draw by the rules
  returns 0 to both.

Actions and observation tensors are the fixed encodings of the games'
modules (:mod:`kamisado_katarenga.kamisado`, ...),
with the channels first: ``(CHANNELS, 8, 8)``, as OpenSpiel's own board
games lay out their tensors (its chess, for one), where PettingZoo and the
batches give ``(8, 8, CHANNELS)`` as PettingZoo's classic games do;
``numpy.moveaxis(tensor, 0, -1)`` turns one into the other. In Kamisado the
player who pushes with a sumo moves again: ``current_player()`` stays the
same for its extra move.

Requires ``open_spiel`` (``pip install "kamisado-katarenga[openspiel]"``).
"""

from __future__ import annotations

import numpy as np

try:
    import pyspiel
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        "kamisado_katarenga.openspiel needs OpenSpiel (the module pyspiel): "
        'pip install "kamisado-katarenga[openspiel]"',
        name=missing.name,
    ) from missing

from . import congress, isolation, kamisado, katarenga, quebec

_PLAYERS = {"kamisado": ("black", "white")}


def _game_type(short_name: str, long_name: str, parameters: dict) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


# A round from the start has no sumo, so every real move takes a tower at
# least one rank forward: at most 16 x 6 + 1 real moves, each followed by at
# most 15 passes.
_KAMISADO_MAX_LENGTH = (16 * 6 + 1) * 16
_KAMISADO_TYPE = _game_type("python_kamisado", "Python Kamisado", {"target": 1, "game_spec": ""})


def _kamisado_info(target: int) -> pyspiel.GameInfo:
    """A single round has 512 actions; a match adds the two edge actions.
    A match to ``target`` points has at most ``2 * target - 1`` rounds; a
    later round's sumos can push towers back, so its length is bounded
    here at twice a first round's, with one edge choice after each."""
    if target == 1:
        actions, length = 512, _KAMISADO_MAX_LENGTH
    else:
        actions, length = kamisado.ACTIONS, (2 * target - 1) * (2 * _KAMISADO_MAX_LENGTH + 1)
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=length,
    )


_KATARENGA_TYPE = _game_type(
    "python_katarenga", "Python Katarenga", {"max_game_length": 300, "rules": "standard"}
)
_CONGRESS_TYPE = _game_type(
    "python_congress", "Python Congress", {"max_game_length": 300, "rules": "lose"}
)
_QUEBEC_TYPE = _game_type(
    "python_quebec", "Python Quebec", {"max_game_length": 300, "rules": "mover"}
)
_ISOLATION_TYPE = _game_type(
    "python_isolation", "Python Isolation", {"rules": "strict", "supply": "8"}
)


class _Observer:
    """The observation tensor (channels first) and string of a state."""

    def __init__(self, channels: int, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        shape = (channels, 8, 8)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player: int) -> None:
        planes = state.observation_planes(player)
        self.dict["observation"][...] = np.transpose(planes, (2, 0, 1))

    def string_from(self, state, player: int) -> str:
        return str(state)


class KamisadoGame(pyspiel.Game):
    """A single Kamisado round, or a match to ``target`` points."""

    def __init__(self, params=None):
        params = params or {}
        # ``game_spec``: the whole game as a GameSpec's text (reading, layout,
        # target, options); it wins over ``target``. OpenSpiel games are
        # deterministic, so a random layout is drawn once, from seed 0.
        self.game_spec = str(params.get("game_spec", "")) or None
        self.target = int(params.get("target", 1))
        if self.game_spec is not None:
            self.target = kamisado.new_match(spec=self.game_spec).target
        if self.target < 1:
            raise ValueError(f"target must be at least 1 point, not {self.target}")
        super().__init__(_KAMISADO_TYPE, _kamisado_info(self.target), params)

    def new_initial_state(self):
        return KamisadoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(kamisado.CHANNELS, params)


class KamisadoState(pyspiel.State):
    """A state of a match (a single round when the target is 1)."""

    def __init__(self, game):
        super().__init__(game)
        self.match = kamisado.new_match(game.target, game.game_spec)
        self.actions = 512 if game.target == 1 else kamisado.ACTIONS

    @property
    def position(self) -> kamisado.Position:
        """The current round's position."""
        return self.match.position

    def current_player(self):
        if self.match.state == "over":
            return pyspiel.PlayerId.TERMINAL
        return _PLAYERS["kamisado"].index(self.match.actor)

    def _legal_actions(self, player):
        return [int(a) for a in np.flatnonzero(self.match.action_mask()[: self.actions])]

    def _apply_action(self, action):
        self.match.step(int(action))

    def _action_to_string(self, player, action):
        if action == kamisado.EDGE_A:
            return "edge a"
        if action == kamisado.EDGE_H:
            return "edge h"
        return self.position.move_of(int(action))

    def is_terminal(self):
        return self.match.state == "over"

    def returns(self):
        winner = self.match.winner
        if winner is None:
            return [0.0, 0.0]
        first = 1.0 if winner == _PLAYERS["kamisado"][0] else -1.0
        return [first, -first]

    def observation_planes(self, player: int) -> np.ndarray:
        return self.match.observation(player)

    def __str__(self):
        black, white = self.match.scores
        if self.match.target == 1:
            return str(self.position)
        return f"{self.position} ; black {black} - white {white} (to {self.match.target})"


class _PositionGame(pyspiel.Game):
    """A game on the standard Katarenga board (Katarenga or one of the
    family): each game's class names its module, its type and its
    parameters' defaults; ``max_game_length`` ends a game with returns 0
    (Isolation's games end within 64 placements)."""

    _module = None
    _type = None
    _defaults: dict = {}

    def __init__(self, params=None):
        params = params or {}
        self.max_length = int(params.get("max_game_length", self._defaults.get("max_game_length", 64)))
        #: The keyword arguments of the module's ``start``.
        self.options = {
            name: str(params.get(name, default))
            for name, default in self._defaults.items()
            if name != "max_game_length"
        }
        self._module.start(**self.options)  # a bad name is refused here
        info = pyspiel.GameInfo(
            num_distinct_actions=self._module.ACTIONS,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(self._type, info, params)

    def new_initial_state(self):
        return _PositionState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self._module.CHANNELS, params)


class KatarengaGame(_PositionGame):
    """A Katarenga game on the standard board."""

    _module = katarenga
    _type = _KATARENGA_TYPE
    _defaults = {"max_game_length": 300, "rules": "standard"}

    @property
    def rules(self) -> str:
        return self.options["rules"]


class CongressGame(_PositionGame):
    """A Congress game on the standard board (``rules``: the no-move rule,
    ``"lose"`` or ``"pass"``)."""

    _module = congress
    _type = _CONGRESS_TYPE
    _defaults = {"max_game_length": 300, "rules": "lose"}


class QuebecGame(_PositionGame):
    """A Quebec game on the standard board (``rules``: the both-connected
    rule, ``"mover"`` or ``"draw"``)."""

    _module = quebec
    _type = _QUEBEC_TYPE
    _defaults = {"max_game_length": 300, "rules": "mover"}


class IsolationGame(_PositionGame):
    """An Isolation game on the standard board (``rules``: the reading,
    ``"strict"``, ``"opposite"`` or ``"one-way"``; ``supply``: ``"8"`` or
    ``"none"``)."""

    _module = isolation
    _type = _ISOLATION_TYPE
    _defaults = {"rules": "strict", "supply": "8"}


class _PositionState(pyspiel.State):
    """A state of a game on a Katarenga board: the position and the plies
    played. Player 0 is White, who moves first in these games."""

    _PLAYERS = ("white", "black")

    def __init__(self, game):
        super().__init__(game)
        self.position = game._module.start(**game.options)
        self.plies = 0
        self.max_length = game.max_length

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._PLAYERS.index(self.position.side_to_move)

    def _legal_actions(self, player):
        return [int(a) for a in np.flatnonzero(self.position.action_mask())]

    def _apply_action(self, action):
        self.position = self.position.play(self.position.move_of(int(action)))
        self.plies += 1

    def _action_to_string(self, player, action):
        return self.position.move_of(int(action))

    def is_terminal(self):
        return self.position.is_over or self.plies >= self.max_length

    def returns(self):
        winner = self.position.winner
        if winner is None:
            return [0.0, 0.0]
        first = 1.0 if winner == self._PLAYERS[0] else -1.0
        return [first, -first]

    def observation_planes(self, player: int) -> np.ndarray:
        return self.position.observation(self._PLAYERS[player])

    def __str__(self):
        return str(self.position)


#: Katarenga's state class, by its earlier name.
KatarengaState = _PositionState


pyspiel.register_game(_KAMISADO_TYPE, KamisadoGame)
pyspiel.register_game(_KATARENGA_TYPE, KatarengaGame)
pyspiel.register_game(_CONGRESS_TYPE, CongressGame)
pyspiel.register_game(_QUEBEC_TYPE, QuebecGame)
pyspiel.register_game(_ISOLATION_TYPE, IsolationGame)
