import { describe, expect, it, vi } from 'vitest';
import { createFakeTime } from '../exchanges/transport/time-fake.test-helper';
import { startHotkeys } from './hotkeys';
import {
  createPopupIntents,
  createTakePopupIntentHandler,
  POPUP_INTENT_TTL_MS,
  type IntentItem,
} from './popup-intent';

function memoryItem(): IntentItem {
  let value: Awaited<ReturnType<IntentItem['getValue']>> = null;
  return {
    getValue: () => Promise.resolve(value),
    setValue: (next) => {
      value = next;
      return Promise.resolve();
    },
  };
}

/** The worker's shortcut listener over fake time, a memory store and a stand-in for action.openPopup. */
function rig(openPopup: (() => Promise<void>) | undefined = vi.fn(() => Promise.resolve())) {
  const time = createFakeTime();
  const intents = createPopupIntents(time.clock, memoryItem());
  let fire: (command: string) => void = () => undefined;
  const logger = { warn: vi.fn() };
  startHotkeys({
    onCommand: (listener) => {
      fire = listener;
    },
    openPopup,
    intents,
    logger,
  });
  const take = createTakePopupIntentHandler(intents);
  const ask = () => take({}, { sender: 'popup' });
  return {
    time,
    fire: (command: string) => {
      fire(command);
    },
    ask,
    logger,
  };
}

describe('the close-everything shortcut', () => {
  it('opens the popup, which finds the intent once', async () => {
    const openPopup = vi.fn(() => Promise.resolve());
    const { fire, ask } = rig(openPopup);

    fire('close-everything');

    expect(openPopup).toHaveBeenCalledOnce();
    await expect(ask()).resolves.toEqual({ intent: 'close-everything' });
    await expect(ask()).resolves.toEqual({});
  });

  it('leaves other commands alone: opening the popup is the browser’s own', async () => {
    const openPopup = vi.fn(() => Promise.resolve());
    const { fire, ask } = rig(openPopup);

    fire('_execute_action');

    expect(openPopup).not.toHaveBeenCalled();
    await expect(ask()).resolves.toEqual({});
  });

  it('forgets an intent no popup took within its time', async () => {
    const { fire, ask, time } = rig();

    fire('close-everything');
    await time.flush();
    time.advance(POPUP_INTENT_TTL_MS + 1);

    await expect(ask()).resolves.toEqual({});
  });

  it('keeps the intent for a popup the trader opens when the browser refuses to open it', async () => {
    const { fire, ask, logger } = rig(() => Promise.reject(new Error('openPopup needs a user gesture')));

    fire('close-everything');
    await expect(ask()).resolves.toEqual({ intent: 'close-everything' });
    expect(logger.warn).toHaveBeenCalledWith(
      'Perch could not open its popup for the close-everything shortcut:',
      new Error('openPopup needs a user gesture'),
    );
  });

  it('keeps the intent where the browser has no openPopup', async () => {
    const { fire, ask } = rig(undefined);
    fire('close-everything');
    await expect(ask()).resolves.toEqual({ intent: 'close-everything' });
  });
});
