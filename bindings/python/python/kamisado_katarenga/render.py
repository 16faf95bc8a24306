"""Pictures of positions as RGB arrays (for ``render_mode="rgb_array"``),
drawn with NumPy alone: coloured squares, pieces as discs."""

from __future__ import annotations

import numpy as _np

# The __future__ import's name is not part of the module (nor is NumPy's:
# it is imported as _np).
del annotations

SQUARE = 32
_INK = {"black": (17, 17, 17), "white": (250, 250, 250)}


def _disc(image: _np.ndarray, row: int, col: int, radius: float, colour) -> None:
    y0, x0 = row * SQUARE, col * SQUARE
    ys, xs = _np.ogrid[:SQUARE, :SQUARE]
    centre = (SQUARE - 1) / 2
    inside = (ys - centre) ** 2 + (xs - centre) ** 2 <= radius**2
    image[y0 : y0 + SQUARE, x0 : x0 + SQUARE][inside] = colour


def _square_rc(square: str) -> tuple[int, int]:
    file = ord(square[0]) - ord("a")
    rank = int(square[1]) - 1
    return 7 - rank, file


def kamisado_image(position) -> _np.ndarray:
    """A ``(256, 256, 3)`` uint8 picture of a Kamisado position, rank 8 at
    the top: each tower a disc of its colour ringed in its player's ink,
    one light dot per sumo rank."""
    from .kamisado import COLOURS, RGB

    image = _np.zeros((8 * SQUARE, 8 * SQUARE, 3), dtype=_np.uint8)
    board = "obpkyrgn/rokgbynp/gkorpnyb/kpbongry/yrgnobpk/bynprokg/pnybgkor/ngrykpbo"
    letters = "obpkyrgn"
    for row, rank in enumerate(board.split("/")):
        for col, letter in enumerate(rank):
            colour = RGB[letters.index(letter)]
            image[row * SQUARE : (row + 1) * SQUARE, col * SQUARE : (col + 1) * SQUARE] = colour
    for player, colour, square, level in position.towers():
        row, col = _square_rc(square)
        _disc(image, row, col, SQUARE * 0.42, _INK[player])
        _disc(image, row, col, SQUARE * 0.32, RGB[COLOURS.index(colour)])
        for k in range(level):
            y = row * SQUARE + 6 + 6 * k
            x = col * SQUARE + SQUARE // 2
            image[y : y + 3, x - 1 : x + 2] = _INK["white" if player == "black" else "black"]
    return image


def katarenga_image(position) -> _np.ndarray:
    """A ``(320, 320, 3)`` uint8 picture of a position on a Katarenga board
    (Katarenga's or a family game's): the board in the middle, the four
    camps (Katarenga's only) in the corners of a grey frame."""
    from .katarenga import RGB

    colours = {"R": RGB[0], "Y": RGB[1], "B": RGB[2], "G": RGB[3]}
    image = _np.full((10 * SQUARE, 10 * SQUARE, 3), 128, dtype=_np.uint8)
    field = str(position).split(" ")[0]
    for row, rank in enumerate(field.split("/")):
        for col, letter in enumerate(rank):
            y, x = (row + 1) * SQUARE, (col + 1) * SQUARE
            image[y : y + SQUARE, x : x + SQUARE] = colours[letter]
    for player in ("black", "white"):
        for square in position.pieces(player):
            row, col = _square_rc(square)
            # Shifted by the frame.
            sub = image[SQUARE:, SQUARE:]
            _disc(sub, row, col, SQUARE * 0.38, _INK[player])
    corners = {"a9": (0, 0), "h9": (0, 9), "a0": (9, 0), "h0": (9, 9)}
    camps = position.camps() if hasattr(position, "camps") else []
    for camp in camps:
        row, col = corners[camp]
        _disc(image, row, col, SQUARE * 0.38, _INK["black" if camp.endswith("9") else "white"])
    return image


def render(mode, drawing, image):
    """What an environment's ``render()`` returns in ``mode``, the same in
    PettingZoo and Gymnasium: ``"human"`` prints ``drawing()`` (and returns
    ``None``), ``"ansi"`` returns it, ``"rgb_array"`` returns ``image()``;
    without a mode, a warning and ``None``."""
    if mode is None:
        import gymnasium

        gymnasium.logger.warn("render() called without a render mode")
        return None
    if mode == "human":
        print(drawing())
        return None
    if mode == "ansi":
        return drawing()
    return image()
