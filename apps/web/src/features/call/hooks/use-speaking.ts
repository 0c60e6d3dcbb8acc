import { useEffect, useState } from 'react';
import { isSpeaking } from '../lib/call-rules';
import { watchAudioLevel } from '../webrtc/audio-level';

/** How long a voice must stay quiet before its outline goes: pauses between words keep it. */
const QUIET_HOLD_MS = 800;

/**
 * Whether the sound on `stream` is someone speaking (the same 0.2 mic level as the local preview,
 * docs/product.md §7.4), for outlining a remote tile. Off while `enabled` is false (muted). A
 * remote peer's tracks arrive as a new stream object each time (webrtc/peer-link.ts), so a late
 * audio track restarts the watch through `stream`.
 */
export function useSpeaking(stream: MediaStream | null, enabled: boolean): boolean {
  const [speaking, setSpeaking] = useState(false);

  useEffect(() => {
    if (!stream || !enabled) {
      setSpeaking(false);
      return;
    }
    let quietSince = 0;
    const stop = watchAudioLevel(stream, (level) => {
      if (isSpeaking(level)) {
        quietSince = 0;
        setSpeaking(true);
      } else if (!quietSince) {
        quietSince = Date.now();
      } else if (Date.now() - quietSince > QUIET_HOLD_MS) {
        setSpeaking(false);
      }
    });
    return () => {
      stop();
      setSpeaking(false);
    };
  }, [stream, enabled]);

  return speaking;
}
