// Chess clocks: a time control for each side (minutes and an increment in
// seconds: "5+3"), the running side's time counted from when its turn
// began, the increment added after each of its moves.

/** A time control's milliseconds: `{ base, increment }`, or `null` for none. */
export function parseControl(text) {
  const m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(text ?? "");
  return m ? { base: Number(m[1]) * 60_000, increment: Number(m[2]) * 1000 } : null;
}

export class Clocks {
  /** `controls`: each side's time control text, or null for no clock. */
  constructor(controls, left) {
    this.controls = controls;
    this.left = {};
    for (const side of ["black", "white"]) {
      const control = parseControl(controls?.[side]);
      this.left[side] = control ? (left?.[side] ?? control.base) : null;
    }
    this.running = null;
    this.since = 0;
  }

  get on() {
    return this.left.black !== null || this.left.white !== null;
  }

  /** `side`'s time left now, in ms (null without a clock). */
  remaining(side, now = performance.now()) {
    const left = this.left[side];
    if (left === null) return null;
    return this.running === side ? left - (now - this.since) : left;
  }

  /** Starts `side`'s clock (stopping the other's without an increment). */
  start(side, now = performance.now()) {
    if (this.running === side) return;
    this.pause(now);
    this.running = side;
    this.since = now;
  }

  /** Stops the running clock, charging its time. */
  pause(now = performance.now()) {
    if (this.running && this.left[this.running] !== null) {
      this.left[this.running] -= now - this.since;
    }
    this.running = null;
  }

  /** `side` has moved: its time is charged and its increment added. */
  moved(side, now = performance.now()) {
    if (this.running === side) this.pause(now);
    const control = parseControl(this.controls?.[side]);
    if (control && this.left[side] !== null) this.left[side] += control.increment;
  }

  /** The side whose flag has fallen, if one has. */
  fallen(now = performance.now()) {
    for (const side of ["black", "white"]) {
      const left = this.remaining(side, now);
      if (left !== null && left <= 0) return side;
    }
    return null;
  }

  /** What a computer on `side` may spend on one move, in ms (null: no clock). */
  budget(side) {
    const left = this.remaining(side);
    if (left === null) return null;
    const control = parseControl(this.controls?.[side]);
    return Math.max(20, Math.min(left / 2, left / 20 + (control?.increment ?? 0) * 0.75));
  }

  /** The clock's text: `4:59.8` (tenths below ten seconds). */
  static format(ms) {
    if (ms === null) return "";
    const t = Math.max(0, ms);
    const minutes = Math.floor(t / 60_000);
    const seconds = (t % 60_000) / 1000;
    return t < 10_000 ? `${minutes}:${seconds.toFixed(1).padStart(4, "0")}` : `${minutes}:${String(Math.floor(seconds)).padStart(2, "0")}`;
  }
}
