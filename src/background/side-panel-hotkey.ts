import { OPEN_SIDE_PANEL_COMMAND } from '../contracts/popup-intent';

export interface SidePanelHotkeyDeps {
  /** The browser's commands.onCommand: the tab it passes is the active tab of the window the keys went to. */
  readonly onCommand: (
    listener: (command: string, tab: { readonly windowId?: number } | undefined) => void,
  ) => void;
  /** platform/side-panel.ts openSidePanel. */
  readonly openSidePanel: (windowId: number | undefined) => Promise<void>;
  readonly logger: Pick<Console, 'warn'>;
}

/**
 * The side panel's shortcut opens it in the window the keys were pressed in. A shortcut's listener is a
 * user action in both browsers, so the panel is opened in the same turn, before anything is awaited.
 */
export function startSidePanelHotkey({ onCommand, openSidePanel, logger }: SidePanelHotkeyDeps): void {
  const warn = (error: unknown) => {
    logger.warn('Perch could not open its side panel for the shortcut:', error);
  };
  onCommand((command, tab) => {
    if (command !== OPEN_SIDE_PANEL_COMMAND) return;
    try {
      openSidePanel(tab?.windowId).catch(warn);
    } catch (error) {
      warn(error);
    }
  });
}
