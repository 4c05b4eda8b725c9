import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { UiSettings } from '../contracts/settings';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { useAction } from './use-action';

export type Save = (next: UiSettings) => void;

/** A settings section: shown once the settings are read; each change is saved at once. */
export function SettingsSection({
  store,
  id,
  title,
  children,
}: {
  readonly store: OptionsStore;
  readonly id: string;
  readonly title: string;
  readonly children: (settings: UiSettings, save: Save) => ReactNode;
}) {
  const settings = useStore(store, (state) => state.settings);
  const { pending, failure, run } = useAction();
  const save: Save = (next) => void run(() => store.getState().saveSettings(next));
  return (
    <section className="perch-section" aria-labelledby={id} aria-busy={pending}>
      <h2 id={id}>{title}</h2>
      {settings.kind === 'loading' ? <p role="status">Reading the settings…</p> : null}
      {settings.kind === 'error' ? (
        <FormAlert message={`Cannot read the settings: ${settings.reason}`} />
      ) : null}
      {settings.kind === 'ready' ? children(settings.value, save) : null}
      <FormAlert message={failure === undefined ? undefined : `Not saved: ${failure.message}`} />
    </section>
  );
}
