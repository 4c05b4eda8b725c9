import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { clockTime } from '../ui/dead-man-words';
import { DeadManLine } from './DeadManLine';
import { fakeBackground, rejects, resolves } from './popup-fakes.test-helper';
import { createPopupStore } from './store';

afterEach(cleanup);

const ARMED_UNTIL = Date.UTC(2026, 10, 28, 9, 30, 15);

async function lineWith(status: ReturnType<typeof resolves>) {
  const store = createPopupStore(fakeBackground({ deadManSwitchStatus: status }).client);
  await store.getState().load();
  return render(<DeadManLine store={store} />);
}

describe('the popup line for the dead-man switch', () => {
  it('says the switch is armed, for how long and until when', async () => {
    const { container } = await lineWith(
      resolves({ enabled: true, timeoutSeconds: 60, armedUntil: ARMED_UNTIL }),
    );

    expect(screen.getByTestId('dead-man-switch').textContent).toBe(
      `Dead-man switch armed: OKX cancels your orders if Perch stops for 60 s (armed until ${clockTime(ARMED_UNTIL)}, renewed while Perch runs).`,
    );
    await expectNoAxeViolations(container);
  });

  it('shows nothing while the switch is off, on with nothing to guard, or unreadable', async () => {
    await lineWith(resolves({ enabled: false, timeoutSeconds: 60 }));
    await lineWith(resolves({ enabled: true, timeoutSeconds: 60 }));
    await lineWith(rejects('InternalError', 'The worker is restarting.'));

    expect(screen.queryByTestId('dead-man-switch')).toBeNull();
  });

  it('says why the switch is on but could not be armed', async () => {
    await lineWith(resolves({ enabled: true, timeoutSeconds: 30, problem: 'OKX refused the key.' }));

    expect(screen.getByTestId('dead-man-switch').textContent).toBe(
      'Dead-man switch not armed: OKX refused the key.',
    );
  });
});
