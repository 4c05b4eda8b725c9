import { useId } from 'react';
import { BADGE_CORNERS, OVERLAY_SITE_IDS, type UiSettings } from '../contracts/settings';
import { ExtraSites } from './ExtraSites';
import { SettingsSection, type Save } from './SettingsSection';
import type { OptionsStore } from './store';

const SITE_NAMES = { tradingview: 'TradingView', binance: 'Binance' } as const;
const CORNER_NAMES = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
} as const;

function OverlayControls({
  store,
  settings,
  save,
}: {
  readonly store: OptionsStore;
  readonly settings: UiSettings;
  readonly save: Save;
}) {
  const cornerId = useId();
  const { overlay } = settings;
  const withOverlay = (next: Partial<UiSettings['overlay']>) => {
    save({ ...settings, overlay: { ...overlay, ...next } });
  };
  return (
    <>
      <fieldset>
        <legend>Show the overlay on</legend>
        {OVERLAY_SITE_IDS.map((site) => (
          <label key={site} className="perch-check">
            <input
              type="checkbox"
              checked={overlay.sites[site]}
              onChange={(event) => {
                withOverlay({ sites: { ...overlay.sites, [site]: event.target.checked } });
              }}
            />
            {SITE_NAMES[site]}
          </label>
        ))}
      </fieldset>
      <ExtraSites store={store} settings={settings} />
      <h3>On the chart</h3>
      <label className="perch-check">
        <input
          type="checkbox"
          checked={overlay.privacy}
          onChange={(event) => {
            withOverlay({ privacy: event.target.checked });
          }}
        />
        Privacy mode: hide amounts (sizes, PnL, balances) on charting pages
      </label>
      <div className="perch-field">
        <label htmlFor={cornerId}>Badge corner</label>
        <select
          id={cornerId}
          value={overlay.badge.corner}
          onChange={(event) => {
            const corner = BADGE_CORNERS.find((item) => item === event.target.value) ?? overlay.badge.corner;
            withOverlay({ badge: { ...overlay.badge, corner } });
          }}
        >
          {BADGE_CORNERS.map((corner) => (
            <option key={corner} value={corner}>
              {CORNER_NAMES[corner]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Where the chart overlay runs and what it shows. */
export function OverlaySection({ store }: { readonly store: OptionsStore }) {
  return (
    <SettingsSection store={store} id="overlay-heading" title="Chart overlay">
      {(settings, save) => <OverlayControls store={store} settings={settings} save={save} />}
    </SettingsSection>
  );
}
