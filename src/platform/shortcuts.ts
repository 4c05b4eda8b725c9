import { browser } from './browser';

/** One of Perch's keyboard shortcuts as the browser has it set; `keys` is empty while none is set. */
export interface Shortcut {
  readonly command: string;
  readonly description: string;
  readonly keys: string;
}

/** The shortcuts as the browser has them now (the trader may have changed or cleared the manifest's). */
export async function readShortcuts(): Promise<readonly Shortcut[]> {
  const commands = await browser.commands.getAll();
  return commands.map(({ name, description, shortcut }) => ({
    command: name ?? '',
    description: description ?? '',
    keys: shortcut ?? '',
  }));
}
