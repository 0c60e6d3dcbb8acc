/**
 * Gentle chimes made with Web Audio: no sound file to download. For the focus timer's phase
 * changes a rising pair says "back to focus", a falling pair "time for a break"; in a call a short,
 * quieter high pair says someone raised a hand. Browsers start audio only after the person has used
 * the page (a tap on Start or Join counts): until then this is silent.
 */

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  // Suspended until the page has had a gesture; resuming afterwards is allowed.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Call from a click: lets later chimes play (some browsers insist on a gesture once). */
export function unlockChime(): void {
  audio();
}

const CHIMES = {
  focus: { notes: [523.25, 783.99], gap: 0.28, peak: 0.12, fade: 0.9 },
  break: { notes: [659.25, 440], gap: 0.28, peak: 0.12, fade: 0.9 },
  end: { notes: [523.25, 392], gap: 0.28, peak: 0.12, fade: 0.9 },
  // Softer and shorter: a call has voices to hear over it.
  hand: { notes: [880, 1174.66], gap: 0.14, peak: 0.06, fade: 0.45 },
};

export function playChime(kind: keyof typeof CHIMES): void {
  const ctx = audio();
  if (!ctx) return;
  const { notes, gap, peak, fade } = CHIMES[kind];
  const start = ctx.currentTime + 0.02;
  notes.forEach((frequency, i) => {
    const at = start + i * gap;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    // Soft attack and a long fade: a bell, not a beep.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + fade);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + fade + 0.1);
  });
}
