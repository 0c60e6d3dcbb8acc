/**
 * The microphone's level, 0 to 1, measured with a Web Audio AnalyserNode on the local stream. The
 * call screen highlights the local preview while it is above 0.2 (docs/product.md §7.4).
 */
export function watchAudioLevel(
  stream: MediaStream,
  onLevel: (level: number) => void,
  intervalMs = 150,
): () => void {
  const track = stream.getAudioTracks()[0];
  if (!track || typeof AudioContext === 'undefined') return () => {};
  const context = new AudioContext();
  // A stream of the one track, so a later track swap on `stream` does not leave this reading a
  // stopped one: the caller restarts the watch with the new stream.
  const source = context.createMediaStreamSource(new MediaStream([track]));
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    // Autoplay rules may start the context suspended until the page has had a user gesture.
    if (context.state === 'suspended') void context.resume().catch(() => {});
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    // RMS of a full-scale signal is about 0.7; scale so normal speech lands well above 0.2.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, intervalMs);
  return () => {
    window.clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => {});
  };
}
