/**
 * The alert chime, synthesised with WebAudio rather than shipped as a file: two short rising notes. It
 * plays where a page has audio: Chrome's offscreen document (its worker has none), Firefox's event page.
 */

/** What the worker sends Chrome's offscreen document to play the chime. */
export const PLAY_ALERT_SOUND = { perchSound: 'play' } as const;

export const isPlayAlertSound = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as Record<string, unknown>).perchSound === PLAY_ALERT_SOUND.perchSound;

/** A5 then E6, a rising fifth: heard over a chart's own sounds, and not mistaken for a system beep. */
const NOTES_HZ = [880, 1318.51];
const NOTE_SECONDS = 0.18;
const PEAK_GAIN = 0.25;
/** Exponential ramps cannot start or end at zero. */
const SILENT_GAIN = 0.0001;

/** The parts of an AudioContext the chime uses (tests hand in a fake). */
export type ChimeContext = Pick<
  AudioContext,
  'state' | 'resume' | 'currentTime' | 'destination' | 'createOscillator' | 'createGain'
>;

/** Plays the chime on `context`; resolves once it is scheduled. */
export async function playChime(context: ChimeContext): Promise<void> {
  // A context made without a user gesture may start suspended; an extension page may resume it.
  if (context.state === 'suspended') await context.resume();
  const start = context.currentTime;
  NOTES_HZ.forEach((frequency, index) => {
    const at = start + index * NOTE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(SILENT_GAIN, at);
    gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(SILENT_GAIN, at + NOTE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_SECONDS);
  });
}
