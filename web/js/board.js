// The board: 64 cells in 8 rows (an ARIA grid), built once for a game and
// an orientation and then updated in place, so that focus stays where it
// is; the arrow keys move a roving focus, Enter or Space acts on a square,
// Escape cancels a selection. Katarenga's camps sit above and below. Moves
// are animated from the squares they left (a push moves every tower it
// moves). The view decides nothing: it is told what stands where, what is
// selected, where the selected piece may go, and what happened last.

import { moveSquares } from "./game.js";

const FILES = "abcdefgh";
const SUMO_NAMES = ["", "sumo", "double sumo", "triple sumo"];

/** The square at `row`, `col` of the display (row 0 at the top). */
function squareAt(row, col, flip) {
  const rank = flip ? row + 1 : 8 - row;
  const file = flip ? 7 - col : col;
  return FILES[file] + rank;
}

export class BoardView {
  /**
   * `act(square)` is called for a click, Enter or Space on a square or a
   * camp; `cancel()` for Escape.
   */
  constructor({ board, campsTop, campsBottom, act, cancel }) {
    Object.assign(this, { board, campsTop, campsBottom, act, cancel });
    this.cells = new Map();
    this.camps = new Map();
    this.layout = "";
    this.focused = "a1";
    board.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-square]");
      if (cell) {
        this.focused = cell.dataset.square;
        this.roving();
        this.act(cell.dataset.square);
      }
    });
    board.addEventListener("keydown", (event) => this.keydown(event));
    for (const row of [campsTop, campsBottom]) {
      row.addEventListener("click", (event) => {
        const camp = event.target.closest("[data-camp]");
        if (camp) this.act(camp.dataset.camp);
      });
      row.addEventListener("keydown", (event) => this.campKeydown(event, row === campsTop));
    }
  }

  /** Builds the cells for `kind` seen with `flip` (nothing if they are built). */
  build(kind, flip) {
    const layout = `${kind} ${flip}`;
    if (this.layout === layout) return;
    this.layout = layout;
    this.kind = kind;
    this.flip = flip;
    this.cells.clear();
    const rows = [];
    for (let row = 0; row < 8; row++) {
      const rowElement = document.createElement("div");
      rowElement.className = "row";
      rowElement.setAttribute("role", "row");
      for (let col = 0; col < 8; col++) {
        const square = squareAt(row, col, flip);
        const cell = document.createElement("div");
        cell.className = "square";
        cell.dataset.square = square;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        const piece = document.createElement("div");
        piece.className = "occupant";
        cell.append(piece);
        if (col === 0 || row === 7) {
          const coord = document.createElement("span");
          coord.className = "coord";
          coord.setAttribute("aria-hidden", "true");
          coord.textContent = (row === 7 ? square[0] : "") + (col === 0 ? square[1] : "");
          cell.append(coord);
        }
        rowElement.append(cell);
        this.cells.set(square, cell);
      }
      rows.push(rowElement);
    }
    this.board.replaceChildren(...rows);
    this.camps.clear();
    if (kind === "katarenga") {
      const make = (name) => {
        const camp = document.createElement("button");
        camp.type = "button";
        camp.className = "camp";
        camp.dataset.camp = name;
        const label = document.createElement("span");
        label.className = "camp-name";
        label.textContent = name;
        const piece = document.createElement("div");
        piece.className = "occupant";
        camp.append(label, piece);
        this.camps.set(name, camp);
        return camp;
      };
      const [upper, lower] = flip ? [["h0", "a0"], ["h9", "a9"]] : [["a9", "h9"], ["a0", "h0"]];
      this.campsTop.replaceChildren(...upper.map(make));
      this.campsBottom.replaceChildren(...lower.map(make));
    } else {
      this.campsTop.replaceChildren();
      this.campsBottom.replaceChildren();
    }
    if (!this.cells.has(this.focused)) this.focused = "a1";
    this.roving();
  }

  /** The one cell of the grid in the tab order. */
  roving() {
    for (const [square, cell] of this.cells) cell.tabIndex = square === this.focused ? 0 : -1;
  }

  keydown(event) {
    const cell = event.target.closest?.("[data-square]");
    if (!cell) return;
    const square = cell.dataset.square;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      const position = this.displayOf(square);
      // Past the top or bottom row: the camps on that side, the nearer one.
      const edge = dr < 0 ? position.row === 0 && this.campsTop : dr > 0 && position.row === 7 && this.campsBottom;
      if (edge && edge.children.length === 2) {
        edge.children[position.col < 4 ? 0 : 1].focus();
        return;
      }
      const row = Math.min(7, Math.max(0, position.row + dr));
      const col = Math.min(7, Math.max(0, position.col + dc));
      this.focus(squareAt(row, col, this.flip));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const { row } = this.displayOf(square);
      this.focus(squareAt(row, event.key === "Home" ? 0 : 7, this.flip));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.act(square);
    } else if (event.key === "Escape") {
      this.cancel();
    }
  }

  /** The arrow keys on a camp: along its row of two, or back to the board's nearer corner. */
  campKeydown(event, top) {
    const camp = event.target.closest?.("[data-camp]");
    if (!camp) return;
    const row = top ? this.campsTop : this.campsBottom;
    const index = [...row.children].indexOf(camp);
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      row.children[event.key === "ArrowLeft" ? 0 : 1].focus();
    } else if ((top && event.key === "ArrowDown") || (!top && event.key === "ArrowUp")) {
      event.preventDefault();
      this.focus(squareAt(top ? 0 : 7, index === 0 ? 0 : 7, this.flip));
    } else if (event.key === "Escape") {
      this.cancel();
    }
  }

  displayOf(square) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square[1]);
    return this.flip ? { row: rank - 1, col: 7 - file } : { row: 8 - rank, col: file };
  }

  focus(square) {
    this.focused = square;
    this.roving();
    this.cells.get(square)?.focus();
  }

  /**
   * Shows `view`: `colours` (64, a1 first), `pieces` (square -> piece:
   * `{ owner, colour?, sumo? }`), `camps` (camp -> owner), `selected`,
   * `targets` (a Set of squares and camps; with `placing`, the squares
   * where a pawn may be placed), `movable`, `forced`, `last`
   * (`{ from, to }`), `hint` (a move), `moved` (the moves to animate,
   * `[{ from, to }]`), and `marks` (colour -> `{ mark, ink }`, or null: each
   * square's mark for players who cannot tell the colours apart, on
   * Kamisado's towers too).
   */
  update(view) {
    this.build(view.kind, view.flip);
    const animate = view.animate && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    const before = animate ? this.rects(view.moved) : null;
    for (const [square, cell] of this.cells) {
      const index = FILES.indexOf(square[0]) + 8 * (Number(square[1]) - 1);
      const colour = view.colours[index];
      cell.className = `square ${view.kind === "kamisado" ? "k" : "t"}-${colour}`;
      cell.dataset.colour = colour;
      const piece = view.pieces.get(square);
      const words = [square, colour];
      this.place(cell.firstChild, piece, view.marks);
      this.mark(cell, view.marks?.[colour]);
      if (piece) {
        cell.dataset.piece = view.kind === "kamisado" ? `${piece.owner} ${piece.colour} ${piece.sumo}` : piece.owner;
        words.push(
          view.kind === "kamisado"
            ? `${piece.owner} ${piece.colour} tower${piece.sumo ? " (" + SUMO_NAMES[piece.sumo] + ")" : ""}`
            : `${piece.owner} piece`,
        );
      } else {
        delete cell.dataset.piece;
      }
      const flags = [
        [square === view.forced, "forced", "forced to move"],
        [square === view.selected, "selected", "selected"],
        [view.targets.has(square), "target", view.placing ? "legitimate placement" : "legal destination"],
        [view.movable.has(square), "movable", "can move"],
        [view.last && (square === view.last.from || square === view.last.to), "last", "last move"],
        [view.hint && (square === view.hint.slice(0, 2) || square === view.hint.slice(2)), "hint-best", "best move"],
      ];
      for (const [on, name, said] of flags) {
        if (on) {
          cell.classList.add(name);
          words.push(said);
        }
      }
      if (piece) cell.classList.add("occupied");
      cell.setAttribute("aria-label", words.join(", "));
      cell.setAttribute("aria-selected", String(square === view.selected));
    }
    for (const [name, camp] of this.camps) {
      const owner = view.camps.get(name);
      this.place(camp.lastChild, owner ? { owner } : undefined);
      camp.className = "camp";
      if (owner) camp.dataset.occupied = owner;
      else delete camp.dataset.occupied;
      const words = [`camp ${name}`];
      if (owner) words.push(`taken by ${owner}`);
      if (view.targets.has(name)) {
        camp.classList.add("target");
        words.push("legal destination");
      }
      if (view.last?.to === name) {
        camp.classList.add("last");
        words.push("last move");
      }
      camp.setAttribute("aria-label", words.join(", "));
    }
    if (before) this.flipAnimate(view.moved, before);
  }

  /** The mark of a square's colour in its corner (`{ mark, ink }`), or none. */
  mark(cell, mark) {
    let span = cell.querySelector(":scope > .square-mark");
    if (!mark) {
      span?.remove();
      return;
    }
    if (!span) {
      span = document.createElement("span");
      span.className = "square-mark";
      cell.append(span);
    }
    span.textContent = mark.mark;
    span.style.color = mark.ink;
  }

  /** Draws `piece` (or nothing) in the occupant element `slot`; a tower carries its colour's mark when `marks` are shown. */
  place(slot, piece, marks = null) {
    if (!piece) {
      slot.className = "occupant";
      slot.replaceChildren();
      return;
    }
    if (this.kind === "kamisado") {
      slot.className = `occupant tower ${piece.owner} k-${piece.colour}`;
      const parts = [];
      if (marks) {
        const mark = document.createElement("span");
        mark.className = "tower-mark";
        mark.textContent = marks[piece.colour].mark;
        parts.push(mark);
      }
      if (piece.sumo > 0) {
        const sumo = document.createElement("span");
        sumo.className = "sumo";
        sumo.textContent = "+".repeat(piece.sumo);
        parts.push(sumo);
      }
      slot.replaceChildren(...parts);
    } else {
      slot.className = `occupant piece ${piece.owner}`;
      slot.replaceChildren();
    }
  }

  element(name) {
    return this.cells.get(name) ?? this.camps.get(name);
  }

  /** Where the squares a move left stand now. */
  rects(moved = []) {
    return moved.map((m) => this.element(m.from)?.getBoundingClientRect());
  }

  /** Slides each moved piece from its old square to its new one. */
  flipAnimate(moved, before) {
    moved.forEach((m, i) => {
      const to = this.element(m.to);
      const from = before[i];
      const slot = to?.querySelector(".occupant");
      if (!from || !slot || m.from === m.to) return;
      const end = to.getBoundingClientRect();
      const dx = from.left - end.left;
      const dy = from.top - end.top;
      slot.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: 220,
        easing: "ease-out",
      });
    });
  }
}
/** What stands where in `position`: pieces by square, camps by name. */
export function occupants(kind, position) {
  const pieces = new Map();
  const camps = new Map();
  if (kind === "kamisado") {
    for (const t of position.towers()) pieces.set(t.square, { owner: t.player, colour: t.colour, sumo: t.sumo });
  } else {
    for (const owner of ["black", "white"]) for (const square of position.pieces(owner)) pieces.set(square, { owner });
    // Only Katarenga has camps (not the family on its board).
    if (kind === "katarenga") for (const camp of position.camps()) camps.set(camp, camp.endsWith("9") ? "black" : "white");
  }
  return { pieces, camps };
}

/** The moves to animate from what the board showed to `now`. */
export function movesBetween(kind, before, now, lastAction) {
  if (!before || before.kind !== kind) return [];
  if (kind === "kamisado") {
    const where = new Map([...before.pieces].map(([square, t]) => [t.owner + t.colour, square]));
    const moved = [];
    for (const [square, t] of now.pieces) {
      const from = where.get(t.owner + t.colour);
      if (from && from !== square) moved.push({ from, to: square });
    }
    return moved.length <= 4 ? moved : [];
  }
  // A drop comes from the hand and a pass moves nothing: no slide.
  const squares = lastAction ? moveSquares(lastAction) : null;
  return squares?.from ? [squares] : [];
}
