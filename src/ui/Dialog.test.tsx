import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { Dialog } from './Dialog';
import { renderInTheme, THEMES } from './themes.test-helper';

afterEach(cleanup);

function ForgetKeys() {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Forget keys…
      </button>
      {open ? (
        <Dialog title="Forget the OKX keys?" onClose={close}>
          <p>Perch will no longer see this account.</p>
          <div className="perch-dialog-actions">
            <button type="button" onClick={close}>
              Keep them
            </button>
            <button type="button" className="perch-danger" onClick={close}>
              Forget
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

describe.each(THEMES)('a Dialog (%s)', (theme) => {
  it('opens named by its title with the focus inside, and keeps Tab inside', async () => {
    const { container } = renderInTheme(theme, <ForgetKeys />);

    await userEvent.click(screen.getByRole('button', { name: 'Forget keys…' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget the OKX keys?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep them' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep them' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget' }));
    await expectNoAxeViolations(container);
  });

  it('closes on Escape and gives the focus back to what opened it', async () => {
    renderInTheme(theme, <ForgetKeys />);
    const opener = screen.getByRole('button', { name: 'Forget keys…' });

    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
