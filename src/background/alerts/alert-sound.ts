import { browser } from '../../platform/browser';
import { isPlayAlertSound, PLAY_ALERT_SOUND, playChime, type ChimeContext } from './chime';

/** The offscreen page (entrypoints/offscreen), as Chrome's offscreen API names it. */
const OFFSCREEN_PAGE = 'offscreen.html';

/** What playing the chime needs from the browser; tests hand in fakes. */
export interface AlertSoundPlatform {
  /** Chrome's offscreen documents; undefined in Firefox, which has no such API. */
  readonly offscreen?: {
    hasDocument(): Promise<boolean>;
    create(): Promise<void>;
  };
  readonly sendMessage: (message: unknown) => Promise<unknown>;
  /** An audio context, where this page has audio itself (Firefox's event page has the DOM). */
  readonly audioContext?: () => ChimeContext;
}

/**
 * The chime player. Chrome's worker has no audio, so it opens one offscreen document (reason
 * AUDIO_PLAYBACK), reuses it while it lives (Chrome closes it after 30 s of silence) and asks it to play;
 * Firefox's event page plays the chime itself. Checks and creations run one at a time, so two alerts at
 * once never ask Chrome for a second document (it allows one).
 */
export function createAlertSound(platform: AlertSoundPlatform): () => Promise<void> {
  let documentReady: Promise<unknown> = Promise.resolve();
  let audio: ChimeContext | undefined;
  return async () => {
    const { offscreen, audioContext } = platform;
    if (offscreen !== undefined) {
      const ready = documentReady.then(async () => {
        if (!(await offscreen.hasDocument())) await offscreen.create();
      });
      documentReady = ready.catch(() => undefined);
      await ready;
      await platform.sendMessage(PLAY_ALERT_SOUND);
      return;
    }
    if (audioContext === undefined) return;
    audio ??= audioContext();
    await playChime(audio);
  };
}

function browserPlatform(): AlertSoundPlatform {
  // The polyfill passes Chrome's offscreen API through untouched; Firefox has none.
  const { offscreen } = browser as Partial<typeof browser>;
  return {
    sendMessage: (message) => browser.runtime.sendMessage(message),
    ...(offscreen !== undefined && {
      offscreen: {
        hasDocument: async () =>
          (await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length > 0,
        create: () =>
          offscreen.createDocument({
            url: OFFSCREEN_PAGE,
            reasons: ['AUDIO_PLAYBACK'],
            justification: 'Plays the chime of a price or position alert the trader asked to hear.',
          }),
      },
    }),
    ...(typeof AudioContext !== 'undefined' && { audioContext: () => new AudioContext() }),
  };
}

let play: (() => Promise<void>) | undefined;

/**
 * Plays the alert chime once, from the worker (Chrome) or the event page (Firefox). Rejects when the
 * browser refuses (no audio device, the document could not be made): the notification stands without it.
 */
export function playAlertSound(): Promise<void> {
  play ??= createAlertSound(browserPlatform());
  return play();
}

/**
 * The offscreen page's part: plays the chime when the worker asks, on one audio context, and answers once
 * it is scheduled. Any other message is left to whoever it is for.
 */
export function answerAlertSound(
  onMessage: {
    addListener(
      listener: (message: unknown, sender: unknown, respond: (played: boolean) => void) => boolean,
    ): void;
  },
  audioContext: () => ChimeContext,
): void {
  let audio: ChimeContext | undefined;
  onMessage.addListener((message, _sender, respond) => {
    if (!isPlayAlertSound(message)) return false;
    audio ??= audioContext();
    // Answered either way, so the worker never waits on a chime that could not play.
    void playChime(audio).then(
      () => {
        respond(true);
      },
      () => {
        respond(false);
      },
    );
    return true;
  });
}

/** Starts the offscreen page (Chrome only): it exists to play the chime. */
export function startOffscreenSound(): void {
  answerAlertSound(browser.runtime.onMessage, () => new AudioContext());
}
