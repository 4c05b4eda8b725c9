import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VaultState } from '../contracts/vault';
import { loadPassphraseRuleFirst } from '../contracts/passphrase-rule.test-helper';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { perchFailure, problemAt, renderSection, statusAt } from './options-fakes.test-helper';

afterEach(cleanup);
loadPassphraseRuleFirst();

const TOO_EASY =
  'Too easy to guess: it is a common word with digits. Add more words — a few unrelated words make a strong passphrase.';

/** A vault that starts in `state` and moves as the messages say. */
function vaultIn(state: VaultState) {
  let current = state;
  let minutes = 15;
  return {
    vaultStatus: () => Promise.resolve({ state: current, autoLockMinutes: minutes, credentials: [] }),
    vaultSetUp: () => {
      current = 'unlocked';
      return Promise.resolve({});
    },
    vaultUnlock: ({ passphrase }: { passphrase: string }) => {
      if (passphrase !== 'right passphrase')
        return perchFailure('WrongPassphraseError', 'That passphrase does not open the vault.');
      current = 'unlocked';
      return Promise.resolve({});
    },
    vaultLock: () => {
      current = 'locked';
      return Promise.resolve({});
    },
    vaultSetAutoLock: (request: { minutes: number }) => {
      minutes = request.minutes;
      return Promise.resolve({});
    },
  };
}

const vault = () => screen.getByRole('region', { name: 'Vault' });

describe('vault not set up', () => {
  it('creates the passphrase typed twice, then shows the vault unlocked', async () => {
    const user = userEvent.setup();
    const { sentNamed, view } = renderSection('#security', vaultIn('not-set-up'));
    const form = await screen.findByRole('form', { name: 'Create your passphrase' });
    await expectNoAxeViolations(view.container);

    await user.type(within(form).getByLabelText('New passphrase'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'correct horse battery');
    await user.click(within(form).getByRole('button', { name: 'Create passphrase' }));

    expect(await within(vault()).findByRole('button', { name: 'Lock now' })).toBeDefined();
    expect(sentNamed('vaultSetUp')).toEqual([{ passphrase: 'correct horse battery' }]);
  });

  it('refuses two different passphrases at the confirm field, without asking the background', async () => {
    const user = userEvent.setup();
    const { sentNamed, view } = renderSection('#security', vaultIn('not-set-up'));
    const form = await screen.findByRole('form', { name: 'Create your passphrase' });

    await user.type(within(form).getByLabelText('New passphrase'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'correct horse batery');
    await user.click(within(form).getByRole('button', { name: 'Create passphrase' }));

    const confirm = within(form).getByLabelText('Confirm new passphrase');
    expect(problemAt(confirm)).toBe('The two passphrases differ: type the same new passphrase twice.');
    expect(confirm).toHaveProperty('value', 'correct horse batery');
    expect(sentNamed('vaultSetUp')).toEqual([]);
    await expectNoAxeViolations(view.container);
  });

  it('says as the trader types whether the passphrase will do, read with the field', async () => {
    const user = userEvent.setup();
    const { view } = renderSection('#security', vaultIn('not-set-up'));
    const form = await screen.findByRole('form', { name: 'Create your passphrase' });
    const field = within(form).getByLabelText('New passphrase');
    expect(statusAt(field)).toBe('12 characters or more. A few unrelated words make a strong passphrase.');

    await user.type(field, 'bitcoin');
    await waitFor(() => {
      expect(statusAt(field)).toBe('Too short: 12 characters or more (this one has 7).');
    });
    await user.type(field, '12345');
    await waitFor(() => {
      expect(statusAt(field)).toBe(TOO_EASY);
    });
    await user.clear(field);
    await user.type(field, 'tangerine-otter-crosswind');
    await waitFor(() => {
      expect(statusAt(field)).toBe('Strong: very hard to guess.');
    });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it("refuses to send a passphrase easy to guess: the reason becomes the field's problem until it is edited", async () => {
    const user = userEvent.setup();
    const { sentNamed, view } = renderSection('#security', vaultIn('not-set-up'));
    const form = await screen.findByRole('form', { name: 'Create your passphrase' });
    const field = within(form).getByLabelText('New passphrase');
    await user.type(field, 'bitcoin12345');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'bitcoin12345');
    await waitFor(() => {
      expect(statusAt(field)).toBe(TOO_EASY);
    });

    await user.click(within(form).getByRole('button', { name: 'Create passphrase' }));

    expect(problemAt(field)).toBe(TOO_EASY);
    expect(sentNamed('vaultSetUp')).toEqual([]);
    await expectNoAxeViolations(view.container);
    await user.type(field, ' tangerine otter');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => {
      expect(statusAt(field)).toBe('Strong: very hard to guess.');
    });
  });

  it("shows the background's refusal at the passphrase field and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderSection('#security', {
      ...vaultIn('not-set-up'),
      vaultSetUp: () =>
        perchFailure('WeakPassphraseError', 'Too short: 12 characters or more (this one has 11).'),
    });
    const form = await screen.findByRole('form', { name: 'Create your passphrase' });

    await user.type(within(form).getByLabelText('New passphrase'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'correct horse battery');
    await user.click(within(form).getByRole('button', { name: 'Create passphrase' }));

    const field = within(form).getByLabelText('New passphrase');
    expect(
      await within(form).findByText('Too short: 12 characters or more (this one has 11).'),
    ).toBeDefined();
    expect(problemAt(field)).toBe('Too short: 12 characters or more (this one has 11).');
    expect(field).toHaveProperty('value', 'correct horse battery');
    expect(within(form).getByLabelText('Confirm new passphrase')).toHaveProperty(
      'value',
      'correct horse battery',
    );
  });
});

describe('vault locked', () => {
  it('says a wrong passphrase at the field, then unlocks with the right one', async () => {
    const user = userEvent.setup();
    const { view } = renderSection('#security', vaultIn('locked'));
    const form = await screen.findByRole('form', { name: 'Unlock the vault' });
    await expectNoAxeViolations(view.container);
    const passphrase = within(form).getByLabelText('Passphrase');

    await user.type(passphrase, 'wrong passphrase{Enter}');
    expect(await within(form).findByText('That passphrase does not open the vault.')).toBeDefined();
    expect(passphrase.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(view.container);

    await user.clear(passphrase);
    await user.type(passphrase, 'right passphrase{Enter}');
    expect(await within(vault()).findByRole('button', { name: 'Lock now' })).toBeDefined();
  });
});

describe('vault unlocked', () => {
  it('locks at once on "Lock now"', async () => {
    const user = userEvent.setup();
    renderSection('#security', vaultIn('unlocked'));

    await user.click(
      await within(await screen.findByRole('region', { name: 'Vault' })).findByRole('button', {
        name: 'Lock now',
      }),
    );

    expect(await screen.findByRole('form', { name: 'Unlock the vault' })).toBeDefined();
  });

  it('saves a whole number of auto-lock minutes and refuses anything outside 1 to 1440', async () => {
    const user = userEvent.setup();
    const { sentNamed, view } = renderSection('#security', vaultIn('unlocked'));
    const form = await screen.findByRole('form', { name: 'Auto-lock' });
    const minutes = within(form).getByLabelText('Lock after this many minutes without use');
    expect(minutes).toHaveProperty('value', '15');

    await user.clear(minutes);
    await user.type(minutes, '2000');
    await user.click(within(form).getByRole('button', { name: 'Save auto-lock' }));
    expect(problemAt(minutes)).toBe('Auto-lock takes a whole number of minutes from 1 to 1440 (24 hours).');
    expect(sentNamed('vaultSetAutoLock')).toEqual([]);
    await expectNoAxeViolations(view.container);

    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(form).getByRole('button', { name: 'Save auto-lock' }));
    expect(
      await within(vault()).findByText(
        'The vault is unlocked. It locks itself after 30 minutes without use.',
      ),
    ).toBeDefined();
    expect(sentNamed('vaultSetAutoLock')).toEqual([{ minutes: 30 }]);
    expect(minutes.getAttribute('aria-invalid')).toBeNull();
  });

  it('changes the passphrase, and shows a wrong current passphrase at its field with everything kept', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { sentNamed } = renderSection('#security', {
      ...vaultIn('unlocked'),
      vaultChangePassphrase: () =>
        ++attempts === 1
          ? perchFailure('WrongPassphraseError', 'That passphrase does not open the vault.')
          : Promise.resolve({}),
    });
    await user.click(await screen.findByRole('button', { name: 'Change passphrase…' }));
    const form = await screen.findByRole('form', { name: 'Change passphrase' });
    await user.type(within(form).getByLabelText('Current passphrase'), 'old passphrase');
    await user.type(within(form).getByLabelText('New passphrase'), 'new passphrase');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'new passphrase');

    await user.click(within(form).getByRole('button', { name: 'Change passphrase' }));
    const current = within(form).getByLabelText('Current passphrase');
    expect(await within(form).findByText('That passphrase does not open the vault.')).toBeDefined();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current).toHaveProperty('value', 'old passphrase');
    expect(within(form).getByLabelText('New passphrase')).toHaveProperty('value', 'new passphrase');

    await user.click(within(form).getByRole('button', { name: 'Change passphrase' }));
    expect(await screen.findByText('Passphrase changed.')).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Change passphrase' })).toBeNull();
    expect(sentNamed('vaultChangePassphrase')).toEqual([
      { current: 'old passphrase', next: 'new passphrase' },
      { current: 'old passphrase', next: 'new passphrase' },
    ]);
  });

  it('refuses to send a new passphrase that is too short, saying so at the field', async () => {
    const user = userEvent.setup();
    const { sentNamed } = renderSection('#security', vaultIn('unlocked'));
    await user.click(await screen.findByRole('button', { name: 'Change passphrase…' }));
    const form = await screen.findByRole('form', { name: 'Change passphrase' });
    await user.type(within(form).getByLabelText('Current passphrase'), 'old passphrase');
    await user.type(within(form).getByLabelText('New passphrase'), 'perch-dev');
    await user.type(within(form).getByLabelText('Confirm new passphrase'), 'perch-dev');
    const field = within(form).getByLabelText('New passphrase');
    await waitFor(() => {
      expect(statusAt(field)).toBe('Too short: 12 characters or more (this one has 9).');
    });

    await user.click(within(form).getByRole('button', { name: 'Change passphrase' }));

    expect(problemAt(field)).toBe('Too short: 12 characters or more (this one has 9).');
    expect(sentNamed('vaultChangePassphrase')).toEqual([]);
  });

  it('keeps the passphrase as it was when the change is cancelled', async () => {
    const user = userEvent.setup();
    const { sentNamed, view } = renderSection('#security', vaultIn('unlocked'));
    await user.click(await screen.findByRole('button', { name: 'Change passphrase…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change passphrase' });
    await expectNoAxeViolations(view.container);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Change passphrase' })).toBeNull();
    expect(sentNamed('vaultChangePassphrase')).toEqual([]);
  });

  it('forgets a key only once the trader confirms, in a dialog that says what it means', async () => {
    const user = userEvent.setup();
    let saved = [{ exchange: 'okx' as const, maskedKey: 'abcd…wxyz' }];
    const { sentNamed, view } = renderSection('#security', {
      ...vaultIn('unlocked'),
      vaultStatus: () => Promise.resolve({ state: 'unlocked', autoLockMinutes: 15, credentials: saved }),
      vaultForget: () => {
        saved = [];
        return Promise.resolve({});
      },
    });
    const zone = await screen.findByRole('region', { name: 'Danger zone' });
    expect(within(zone).queryByRole('button', { name: 'Forget Bybit keys…' })).toBeNull();

    await user.click(within(zone).getByRole('button', { name: 'Forget OKX keys…' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget the OKX keys?' });
    expect(dialog.textContent).toContain('It stops reading and trading your OKX account');
    await expectNoAxeViolations(view.container);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentNamed('vaultForget')).toEqual([]);

    await user.click(within(zone).getByRole('button', { name: 'Forget OKX keys…' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Forget the OKX keys?' })).getByRole('button', {
        name: 'Forget OKX keys',
      }),
    );

    await waitFor(() => {
      expect(within(zone).queryByRole('button', { name: 'Forget OKX keys…' })).toBeNull();
    });
    expect(sentNamed('vaultForget')).toEqual([{ exchange: 'okx' }]);
  });
});
