import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRuntimeClient, extensionVersion } from '../platform/runtime-client';
import { createSitePermissions } from '../platform/site-permissions';
import { loadPassphraseRule } from '../platform/passphrase-words';
import { OptionsApp } from './OptionsApp';
import { createOptionsStore } from './store';
import '../ui/theme.css';
import './options.css';

export function startOptions(container: HTMLElement): void {
  const store = createOptionsStore(createRuntimeClient(), createSitePermissions(), loadPassphraseRule);
  createRoot(container).render(
    <StrictMode>
      <OptionsApp store={store} version={extensionVersion()} />
    </StrictMode>,
  );
}
