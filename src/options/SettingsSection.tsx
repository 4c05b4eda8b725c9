import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { UiSettings } from '../contracts/settings';
import { FormAlert } from './FormAlert';
import { LoadState } from './LoadState';
import type { OptionsStore } from './store';
import { useAction } from './use-action';

export type Save = (next: UiSettings) => void;

/** A settings section, a card of its page: shown once the settings are read; each change is saved at once. */
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
      <h3 id={id}>{title}</h3>
      <LoadState what="the settings" loadable={settings} />
      {settings.kind === 'ready' ? children(settings.value, save) : null}
      <FormAlert message={failure === undefined ? undefined : `Not saved: ${failure.message}`} />
    </section>
  );
}
