import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_SETTINGS, EXTRA_ORIGINS_MAX } from '../../contracts/settings';
import { checkSettings } from './setting-problems';

const withOverlay = (overlay: Record<string, unknown>) => ({
  ...DEFAULT_UI_SETTINGS,
  overlay: { ...DEFAULT_UI_SETTINGS.overlay, ...overlay },
});
const problems = (settings: unknown) => {
  const checked = checkSettings(settings);
  return checked.ok ? [] : checked.problems;
};

describe('checking settings a trader saves', () => {
  it('accepts the defaults as they are', () => {
    expect(checkSettings(DEFAULT_UI_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_UI_SETTINGS });
  });

  it('names on/off settings and says they take true or false', () => {
    expect(problems(withOverlay({ privacy: 'yes', sites: { tradingview: 1, binance: true } }))).toEqual([
      'Overlay on TradingView is 1; choose true (on) or false (off).',
      'Privacy mode is "yes"; choose true (on) or false (off).',
    ]);
  });

  it('names an extra site by its place and shows what an address looks like', () => {
    expect(
      problems(withOverlay({ extraOrigins: ['https://ok.example.com', 'http://charts.example'] })),
    ).toEqual([
      'Extra overlay site 2 is "http://charts.example"; use an https address such as https://example.com, or https://*.example.com for all its subdomains.',
    ]);
    const many = Array.from({ length: EXTRA_ORIGINS_MAX + 1 }, (_, n) => `https://s${n}.example.com`);
    expect(problems(withOverlay({ extraOrigins: many }))).toEqual([
      `Extra overlay sites has ${EXTRA_ORIGINS_MAX + 1}; list at most ${EXTRA_ORIGINS_MAX}.`,
    ]);
  });

  it('says how far the badge may sit from its corner', () => {
    expect(problems(withOverlay({ badge: { corner: 'top-left', offsetX: -4, offsetY: 2.5 } }))).toEqual([
      'Badge distance from the side is -4; use a whole number of pixels, 0 or more.',
      'Badge distance from the top or bottom is 2.5; use a whole number of pixels.',
    ]);
  });

  it('names a risk threshold and says it takes a percentage, the danger one below the warning one', () => {
    const withRisk = (risk: Record<string, unknown>) => ({
      ...DEFAULT_UI_SETTINGS,
      risk: { ...DEFAULT_UI_SETTINGS.risk, ...risk },
    });
    expect(problems(withRisk({ warnBelowPercent: 0, dangerBelowPercent: '5' }))).toEqual([
      'Liquidation warning threshold is 0; use a percentage above 0.',
      'Liquidation danger threshold is "5"; use a percentage of the mark price, such as 10.',
    ]);
    expect(problems(withRisk({ warnBelowPercent: 5, dangerBelowPercent: 8 }))).toEqual([
      'Liquidation danger threshold is 8; put the danger threshold below the warning threshold.',
    ]);
    expect(problems(withRisk({ warnBelowPercent: 120, toolbar: 'equity' }))).toEqual([
      'Liquidation warning threshold is 120; use a percentage of 100 or less.',
      'Toolbar icon figure is "equity"; choose one of pnl, liquidation-distance.',
    ]);
  });

  it('reads settings saved before the risk settings existed with the default thresholds', () => {
    const { risk, ...older } = DEFAULT_UI_SETTINGS;
    expect(checkSettings(older)).toEqual({ ok: true, settings: { ...older, risk } });
  });

  it('names a missing part and a field Perch does not know', () => {
    expect(problems({ closeConfirm: 'click', toolbarPnl: false, theme: 'dark' })).toEqual([
      'Overlay settings is missing; fill it in.',
      'The settings: leave out "theme", which Perch does not know.',
    ]);
  });

  it('gives the dead-man switch timeout in seconds, inside the 10 to 120 OKX allows', () => {
    const withSwitch = (deadManSwitch: unknown) => ({ ...DEFAULT_UI_SETTINGS, deadManSwitch });
    expect(problems(withSwitch({ enabled: true, timeoutSeconds: 5 }))).toEqual([
      'Dead-man switch timeout is 5; use a whole number of seconds, 10 or more.',
    ]);
    expect(problems(withSwitch({ enabled: 'on', timeoutSeconds: 600 }))).toEqual([
      'Dead-man switch on is "on"; choose true (on) or false (off).',
      'Dead-man switch timeout is 600; use a whole number of seconds, 120 or less.',
    ]);
    expect(problems(withSwitch({ enabled: true, timeoutSeconds: 30.5 }))).toEqual([
      'Dead-man switch timeout is 30.5; use a whole number of seconds.',
    ]);
  });

  it('reads settings saved before the dead-man switch existed as switched off', () => {
    const older: Partial<typeof DEFAULT_UI_SETTINGS> = { ...DEFAULT_UI_SETTINGS };
    delete older.deadManSwitch;
    expect(checkSettings(older)).toEqual({
      ok: true,
      settings: { ...older, deadManSwitch: { enabled: false, timeoutSeconds: 60 } },
    });
  });
});
