import { describe, expect, it, vi } from 'vitest';
import { startSidePanelHotkey } from './side-panel-hotkey';

function rig(
  openSidePanel = vi.fn<(windowId: number | undefined) => Promise<void>>(() => Promise.resolve()),
) {
  let fire: (command: string, tab: { windowId?: number } | undefined) => void = () => undefined;
  const logger = { warn: vi.fn() };
  startSidePanelHotkey({
    onCommand: (listener) => {
      fire = listener;
    },
    openSidePanel,
    logger,
  });
  return { fire, openSidePanel, logger };
}

describe('the side panel shortcut', () => {
  it('opens the panel in the window the keys were pressed in, in the same turn', () => {
    const { fire, openSidePanel } = rig();

    fire('open-side-panel', { windowId: 7 });

    expect(openSidePanel).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('leaves the other shortcuts alone', () => {
    const { fire, openSidePanel } = rig();

    fire('close-everything', { windowId: 7 });
    fire('_execute_action', { windowId: 7 });

    expect(openSidePanel).not.toHaveBeenCalled();
  });

  it('warns, and throws nothing into the browser, when the panel cannot open', async () => {
    const { fire, logger } = rig(vi.fn(() => Promise.reject(new Error('no side panel'))));

    fire('open-side-panel', undefined);

    await vi.waitFor(() => {
      expect(logger.warn).toHaveBeenCalledWith(
        'Perch could not open its side panel for the shortcut:',
        new Error('no side panel'),
      );
    });
  });
});
