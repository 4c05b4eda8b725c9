import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { OptionsApp } from './OptionsApp';

afterEach(cleanup);

it('shows the extension version', () => {
  render(<OptionsApp version="1.4.2" />);

  expect(screen.getByTestId('extension-version').textContent).toBe('1.4.2');
});
