import type { EarlyHub } from '../platform/early-hub';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openOptionsAt, openOptionsPage } from '../platform/open-options';
import { createRuntimeClient } from '../platform/runtime-client';
import { currentWindowId } from '../platform/side-panel';
import { followLiveQuotes } from '../popup/live-quotes';
import { createPopupStore } from '../popup/store';
import { ALERTS_SECTION } from '../ui/alerts-section';
import { followChartFocus } from './chart-focus-client';
import { createFocusSource } from './focus-source';
import { SidePanelApp } from './SidePanelApp';

export function startSidePanel(container: HTMLElement, hub: EarlyHub): void {
  const store = createPopupStore(createRuntimeClient());
  followLiveQuotes(store, hub);
  const focus = createFocusSource();
  void followChartFocus({ windowId: currentWindowId, onFocus: focus.set });
  createRoot(container).render(
    <StrictMode>
      <SidePanelApp
        focus={focus}
        store={store}
        onOpenOptions={() => void openOptionsPage()}
        onManageAlerts={() => void openOptionsAt(ALERTS_SECTION)}
        development={import.meta.env.MODE === 'development'}
      />
    </StrictMode>,
  );
}
