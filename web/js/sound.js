// Optional sounds (off by default): a short tone for a move, a lower one for
// a capture or a push, two for the end of a game. Made with Web Audio: no
// file is fetched.

let context = null;

function tone(frequency, start, duration) {
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.12, context.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + duration);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + start);
  oscillator.stop(context.currentTime + start + duration);
}

/** Plays the sound of `what`: "move", "strong" (a capture or a push) or "end". */
export function play(what) {
  try {
    if (what === "end") {
      tone(660, 0, 0.15);
      tone(880, 0.16, 0.25);
    } else {
      tone(what === "strong" ? 330 : 520, 0, 0.08);
    }
  } catch {
    // No audio here: nothing to play.
  }
}
