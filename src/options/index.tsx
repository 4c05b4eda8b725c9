import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { extensionVersion } from '../platform/runtime-client';
import { OptionsApp } from './OptionsApp';
import '../ui/theme.css';

export function startOptions(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <OptionsApp version={extensionVersion()} />
    </StrictMode>,
  );
}
