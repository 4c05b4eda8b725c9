import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Both themes theme.css draws: jsdom-like test DOMs cannot emulate prefers-color-scheme, so a wrapper sets it. */
export const THEMES = ['light', 'dark'] as const;

export function renderInTheme(theme: (typeof THEMES)[number], ui: ReactElement) {
  return render(<div data-theme={theme}>{ui}</div>);
}
