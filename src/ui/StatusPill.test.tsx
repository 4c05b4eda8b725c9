import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { StatusPill, type PillTone } from './StatusPill';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

const STATES: readonly [PillTone, string][] = [
  ['live', 'Live · 0.4 s'],
  ['stale', 'Stale · 42 s'],
  ['down', 'Down'],
  ['warning', 'Unprotected'],
];

describe.each(THEMES)('a StatusPill (%s)', (theme) => {
  it.each(STATES)('says %s in words, tinted by its tone, with its detail on hover', async (tone, words) => {
    const { container } = renderInTheme(
      theme,
      <StatusPill tone={tone} title="Simulator at 127.0.0.1:8766">
        {words}
      </StatusPill>,
    );

    const pill = screen.getByText(words);
    expect(pill.getAttribute('data-tone')).toBe(tone);
    expect(pill.getAttribute('title')).toBe('Simulator at 127.0.0.1:8766');
    await expectNoAxeViolations(container);
  });
});
