/**
 * A gentle two-note chime at a phase change, made with Web Audio: no sound file to download. A
 * rising pair says "back to focus", a falling pair "time for a break". Browsers start audio only
 * after the person has used the page (a tap on Start or Join counts): until then this is silent.
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

export function playChime(kind: 'focus' | 'break' | 'end'): void {
  const ctx = audio();
  if (!ctx) return;
  const notes =
    kind === 'focus' ? [523.25, 783.99] : kind === 'break' ? [659.25, 440] : [523.25, 392];
  const start = ctx.currentTime + 0.02;
  notes.forEach((frequency, i) => {
    const at = start + i * 0.28;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    // Soft attack and a long fade: a bell, not a beep.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 1);
  });
}
