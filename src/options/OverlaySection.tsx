import { BADGE_CORNERS, OVERLAY_SITE_IDS, type UiSettings } from '../contracts/settings';
import { CheckField, SelectField } from '../ui/ChoiceFields';
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

/** Where the overlay runs: the built-in charting sites, and the sites the trader adds. */
function SiteControls({
  store,
  settings,
  save,
}: {
  readonly store: OptionsStore;
  readonly settings: UiSettings;
  readonly save: Save;
}) {
  const { overlay } = settings;
  return (
    <>
      <fieldset>
        <legend>Show the overlay on</legend>
        {OVERLAY_SITE_IDS.map((site) => (
          <CheckField
            key={site}
            label={SITE_NAMES[site]}
            checked={overlay.sites[site]}
            onChange={(on) => {
              save({ ...settings, overlay: { ...overlay, sites: { ...overlay.sites, [site]: on } } });
            }}
          />
        ))}
      </fieldset>
      <ExtraSites store={store} settings={settings} />
    </>
  );
}

/** What the overlay shows on a chart, and where its badge sits. */
function ChartControls({ settings, save }: { readonly settings: UiSettings; readonly save: Save }) {
  const { overlay } = settings;
  const withOverlay = (next: Partial<UiSettings['overlay']>) => {
    save({ ...settings, overlay: { ...overlay, ...next } });
  };
  return (
    <>
      <CheckField
        label="Privacy mode: hide amounts (sizes, PnL, balances) on charting pages"
        checked={overlay.privacy}
        onChange={(privacy) => {
          withOverlay({ privacy });
        }}
      />
      <SelectField
        label="Badge corner"
        value={overlay.badge.corner}
        choices={BADGE_CORNERS.map((corner) => ({ value: corner, label: CORNER_NAMES[corner] }))}
        onChange={(corner) => {
          withOverlay({ badge: { ...overlay.badge, corner } });
        }}
      />
    </>
  );
}

/** Where the chart overlay runs and what it shows: one card each. */
export function OverlaySection({ store }: { readonly store: OptionsStore }) {
  return (
    <>
      <SettingsSection store={store} id="overlay-sites-heading" title="Sites">
        {(settings, save) => <SiteControls store={store} settings={settings} save={save} />}
      </SettingsSection>
      <SettingsSection store={store} id="overlay-chart-heading" title="On the chart">
        {(settings, save) => <ChartControls settings={settings} save={save} />}
      </SettingsSection>
    </>
  );
}
