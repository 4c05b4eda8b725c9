import { describe, expect, it, vi } from 'vitest';
import { answerAlertSound, createAlertSound, type AlertSoundPlatform } from './alert-sound';
import { PLAY_ALERT_SOUND, type ChimeContext } from './chime';

/** An audio context that records the notes started on it: their frequency and when they start. */
function fakeAudio(state: AudioContextState = 'running') {
  const notes: { frequency: number; at: number }[] = [];
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
  });
  const node = () => ({ connect: (next: unknown) => next });
  const context = {
    state,
    currentTime: 10,
    destination: {},
    resume: vi.fn(() => Promise.resolve()),
    createGain: () => ({ ...node(), gain: param() }),
    createOscillator: () => {
      const frequency = param();
      return {
        ...node(),
        type: '',
        frequency,
        start: (at: number) =>
          notes.push({ frequency: frequency.setValueAtTime.mock.calls[0]?.[0] as number, at }),
        stop: vi.fn(),
      };
    },
  };
  return { context: context as unknown as ChimeContext, notes, resume: context.resume };
}

/** Chrome: an offscreen API that knows whether its one document is open, and a message spy. */
function chrome() {
  let open = false;
  const create = vi.fn(() => {
    if (open) return Promise.reject(new Error('Only a single offscreen document may be created.'));
    open = true;
    return Promise.resolve();
  });
  const sendMessage = vi.fn(() => Promise.resolve(true));
  const platform: AlertSoundPlatform = {
    offscreen: { hasDocument: () => Promise.resolve(open), create },
    sendMessage,
  };
  return { platform, create, sendMessage, close: () => (open = false) };
}

describe('the alert sound in Chrome', () => {
  it('opens the offscreen document once across two plays, and asks it to play each time', async () => {
    const { platform, create, sendMessage } = chrome();
    const play = createAlertSound(platform);

    await play();
    await play();

    expect(create).toHaveBeenCalledOnce();
    expect(sendMessage.mock.calls).toEqual([[PLAY_ALERT_SOUND], [PLAY_ALERT_SOUND]]);
  });

  it('asks for one document when two alerts play at once', async () => {
    const { platform, create, sendMessage } = chrome();
    const play = createAlertSound(platform);

    await Promise.all([play(), play()]);

    expect(create).toHaveBeenCalledOnce();
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });

  it('opens it again after Chrome closed it, and a failed opening does not stop the next play', async () => {
    const { platform, create, close } = chrome();
    const play = createAlertSound(platform);
    await play();
    close();
    create.mockRejectedValueOnce(new Error('The offscreen document could not be created.'));

    await expect(play()).rejects.toThrow('could not be created');
    await play();

    expect(create).toHaveBeenCalledTimes(3);
  });
});

describe('the alert sound in Firefox (no offscreen API: its event page has audio)', () => {
  it('plays the two-note chime itself, on one audio context, resuming it when suspended', async () => {
    const audio = fakeAudio('suspended');
    const sendMessage = vi.fn();
    const audioContext = vi.fn(() => audio.context);
    const play = createAlertSound({ sendMessage, audioContext });

    await play();
    await play();

    expect(audio.notes).toEqual([
      { frequency: 880, at: 10 },
      { frequency: 1318.51, at: 10.18 },
      { frequency: 880, at: 10 },
      { frequency: 1318.51, at: 10.18 },
    ]);
    expect(audioContext).toHaveBeenCalledOnce();
    expect(audio.resume).toHaveBeenCalled();
    expect(sendMessage).not.toHaveBeenCalled();
  });
});

describe("Chrome's offscreen page", () => {
  const listen = () => {
    const audio = fakeAudio();
    let listener: Parameters<Parameters<typeof answerAlertSound>[0]['addListener']>[0] = () => false;
    answerAlertSound({ addListener: (added) => (listener = added) }, () => audio.context);
    return {
      audio,
      listener: (message: unknown, respond: (played: boolean) => void) => listener(message, {}, respond),
    };
  };

  it('plays the chime when the worker asks, and answers once it is scheduled', async () => {
    const { audio, listener } = listen();
    let kept = false;

    const played = new Promise<boolean>((respond) => {
      kept = listener(PLAY_ALERT_SOUND, respond);
    });

    expect(kept).toBe(true);
    await expect(played).resolves.toBe(true);
    expect(audio.notes.map(({ frequency }) => frequency)).toEqual([880, 1318.51]);
  });

  it('leaves any other message alone', () => {
    const { audio, listener } = listen();
    const respond = vi.fn();

    expect(listener({ perch: 1, name: 'ping', payload: {} }, respond)).toBe(false);
    expect(audio.notes).toEqual([]);
    expect(respond).not.toHaveBeenCalled();
  });
});
