import { useState } from 'react';
import { EXTRA_ORIGIN, EXTRA_ORIGINS_MAX, type UiSettings } from '../contracts/settings';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { TextField } from '../ui/TextField';
import { onSubmitted, useAction } from './use-action';

const SHAPE_WORDS =
  'Enter a site as https://www.example.com: https, then its host name (*.example.com for every subdomain), no path.';

/** What is wrong with a typed origin, or undefined when it may be asked for. */
function originProblem(origin: string, list: readonly string[]): string | undefined {
  if (!EXTRA_ORIGIN.test(origin)) return SHAPE_WORDS;
  if (list.includes(origin)) return `${origin} is already on the list.`;
  if (list.length >= EXTRA_ORIGINS_MAX)
    return `The overlay runs on at most ${String(EXTRA_ORIGINS_MAX)} extra sites: remove one first.`;
  return undefined;
}

/**
 * Extra charting sites for the overlay. Each is granted through the browser's own permission prompt,
 * asked from the click itself (a user gesture); a refusal saves nothing. Removing one gives access back.
 */
export function ExtraSites({
  store,
  settings,
}: {
  readonly store: OptionsStore;
  readonly settings: UiSettings;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const { pending, failure, run } = useAction();
  const list = settings.overlay.extraOrigins;
  const withOrigins = (extraOrigins: string[]): UiSettings => ({
    ...settings,
    overlay: { ...settings.overlay, extraOrigins },
  });

  const add = () => {
    const origin = typed.trim().replace(/\/+$/, '').toLowerCase();
    const found = originProblem(origin, list);
    setProblem(found);
    setNotice(undefined);
    if (found !== undefined) return;
    const { permissions, saveSettings } = store.getState();
    // Asked before anything is awaited: the browser shows its prompt only during the click.
    const granted = permissions.request(origin);
    void run(async () => {
      if (!(await granted)) {
        setProblem(`The browser did not grant access to ${origin}, so it was not added.`);
        return;
      }
      try {
        await saveSettings(withOrigins([...list, origin]));
      } catch (error) {
        await permissions.remove(origin);
        throw error;
      }
      setTyped('');
      setNotice(`The overlay now runs on ${origin}.`);
    });
  };
  const remove = (origin: string) =>
    void run(async () => {
      setNotice(undefined);
      const { permissions, saveSettings } = store.getState();
      await permissions.remove(origin);
      await saveSettings(withOrigins(list.filter((item) => item !== origin)));
      setNotice(`${origin} removed.`);
    });

  return (
    <div>
      <h4>Other sites</h4>
      {list.length === 0 ? <p>No other sites.</p> : null}
      <ul className="perch-rows" aria-label="Other sites">
        {list.map((origin) => (
          <li key={origin}>
            <code>{origin}</code>
            <button
              type="button"
              className="perch-danger"
              aria-label={`Remove ${origin}`}
              disabled={pending}
              onClick={() => {
                remove(origin);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        aria-label="Add a site"
        // Perch's own words say what is wrong, rather than the browser's bubble.
        noValidate
        onSubmit={onSubmitted(add)}
      >
        <TextField
          label="Site address"
          type="url"
          placeholder="https://www.example.com"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={setTyped}
          problem={problem}
        />
        <button type="submit" disabled={pending}>
          Add site
        </button>
      </form>
      <FormAlert message={failure?.message} />
      {notice === undefined ? null : <p role="status">{notice}</p>}
    </div>
  );
}
