import { useEffect, useState } from 'react';
import { errorMessage } from '../contracts/perch-error';
import { CLOSE_EVERYTHING_COMMAND, OPEN_POPUP_COMMAND } from '../contracts/popup-intent';
import type { Shortcut } from '../platform/shortcuts';

/** Each command in the trader's words; the browser's description stands for one not named here. */
const COMMAND_WORDS: Record<string, string> = {
  [OPEN_POPUP_COMMAND]: 'Open the popup',
  [CLOSE_EVERYTHING_COMMAND]: 'Open the popup at Close everything (it still asks before closing)',
};

/**
 * A combination as the browser spells it ("Alt+Shift+P"), one chip per key inside one <kbd>, as HTML
 * marks up a key combination; macOS's symbols ("⌥⇧P") have no "+" and stay one chip.
 */
function KeyChips({ keys }: { readonly keys: string }) {
  const parts = keys.split('+');
  return (
    <kbd className="perch-keys">
      {parts.map((key, index) => (
        <span key={`${key}-${String(index)}`}>
          {index === 0 ? null : '+'}
          <kbd>{key}</kbd>
        </span>
      ))}
    </kbd>
  );
}

type Read =
  { kind: 'loading' } | { kind: 'ready'; shortcuts: readonly Shortcut[] } | { kind: 'error'; reason: string };

/** Perch's keyboard shortcuts as the browser has them set, and where the trader changes them. */
export function ShortcutsSection({
  readShortcuts,
}: {
  readonly readShortcuts: () => Promise<readonly Shortcut[]>;
}) {
  const [read, setRead] = useState<Read>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    readShortcuts().then(
      (shortcuts) => {
        if (current) setRead({ kind: 'ready', shortcuts });
      },
      (error: unknown) => {
        if (current) setRead({ kind: 'error', reason: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [readShortcuts]);
  return (
    <section className="perch-section" aria-labelledby="shortcuts-heading">
      <h3 id="shortcuts-heading">Keyboard shortcuts</h3>
      {read.kind === 'loading' ? <p role="status">Reading the shortcuts…</p> : null}
      {read.kind === 'error' ? (
        <p className="perch-problem">{`Cannot read the shortcuts: ${read.reason}`}</p>
      ) : null}
      {read.kind === 'ready' ? (
        <dl className="perch-shortcuts">
          {read.shortcuts.map(({ command, description, keys }) => (
            <div key={command}>
              <dt>{COMMAND_WORDS[command] ?? (description === '' ? command : description)}</dt>
              <dd>{keys === '' ? <span className="perch-muted">not set</span> : <KeyChips keys={keys} />}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="perch-muted">
        The browser keeps these keys. Change or set them in Chrome at chrome://extensions/shortcuts, or in
        Firefox from the add-ons manager (about:addons, the gear menu, Manage Extension Shortcuts).
      </p>
    </section>
  );
}
