import type { EarlyHub } from '../platform/early-hub';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openOptionsAt, openOptionsPage } from '../platform/open-options';
import { createRuntimeClient } from '../platform/runtime-client';
import { followLiveQuotes } from './live-quotes';
import { PopupApp } from './PopupApp';
import { createPopupStore } from './store';
import { ALERTS_SECTION } from '../ui/alerts-section';

export function startPopup(container: HTMLElement, hub: EarlyHub): void {
  const store = createPopupStore(createRuntimeClient());
  followLiveQuotes(store, hub);
  createRoot(container).render(
    <StrictMode>
      <PopupApp
        store={store}
        onOpenOptions={() => void openOptionsPage()}
        onManageAlerts={() => void openOptionsAt(ALERTS_SECTION)}
        development={import.meta.env.MODE === 'development'}
      />
    </StrictMode>,
  );
}
