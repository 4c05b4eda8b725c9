import { useState } from 'react';
import { useStore } from 'zustand';
import type { ExchangeId } from '../contracts/vocabulary';
import { ExchangeStep, SkipLink, TestStep, type GoToStep } from './FirstRunSteps';
import { FIRST_RUN_STEPS, sectionHref, stepHref, stepWords, type FirstRunStepId } from './routes';
import type { OptionsStore } from './store';
import { SetUpForm, UnlockForm } from './VaultForms';
import { WatchlistEditor } from './WatchlistSection';

/** The steps as a list: where the trader is ("Step 2 of 4"), done ones and the one on screen marked. */
function Stepper({ step }: { readonly step: FirstRunStepId }) {
  const at = FIRST_RUN_STEPS.findIndex((item) => item.id === step);
  return (
    <ol className="perch-stepper" aria-label="Setup steps">
      {FIRST_RUN_STEPS.map((item, index) => (
        <li key={item.id} aria-current={index === at ? 'step' : undefined} data-done={index < at}>
          {item.title}
          {index < at ? <span className="perch-visually-hidden"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}

function PassphraseStep({ store, go }: { readonly store: OptionsStore; readonly go: GoToStep }) {
  const vault = useStore(store, (state) => state.vault);
  const state = vault.kind === 'ready' ? vault.value.state : undefined;
  return (
    <>
      {state === 'not-set-up' ? (
        <SetUpForm
          store={store}
          onSetUp={() => {
            go('exchange');
          }}
        />
      ) : null}
      {state === 'locked' ? <UnlockForm store={store} /> : null}
      {state === 'unlocked' ? (
        <>
          <p role="status">Your passphrase is set and the vault is unlocked.</p>
          <button
            type="button"
            className="perch-primary"
            onClick={() => {
              go('exchange');
            }}
          >
            Continue
          </button>
        </>
      ) : null}
      <p>
        <SkipLink to="watchlist">Skip: only watch prices for now (keys need a passphrase)</SkipLink>
      </p>
    </>
  );
}

function WatchlistStep({ store, onFinish }: { readonly store: OptionsStore; readonly onFinish: () => void }) {
  return (
    <>
      <p>
        The popup shows these prices, in this order. Perch starts you with the main perpetuals of both
        exchanges: remove what you do not trade, add what you do.
      </p>
      <WatchlistEditor store={store} finish={{ label: 'Save and finish', then: onFinish }} />
    </>
  );
}

/**
 * The first-run path, shown on install when there is no vault: a passphrase, one exchange and its key, a
 * test of that key, the watchlist. Each step has its own URL (#first-run/<step>), so back and forward work;
 * every step but the test of a key can be skipped, and the whole path left for the regular page.
 */
export function FirstRun({
  store,
  step,
  go,
  onFinish,
}: {
  readonly store: OptionsStore;
  readonly step: FirstRunStepId;
  readonly go: GoToStep;
  readonly onFinish: () => void;
}) {
  // The exchange picked at step 2, tested at step 3 (after a reload, step 3 tests the first saved key).
  const [exchange, setExchange] = useState<ExchangeId>('okx');
  const at = FIRST_RUN_STEPS.findIndex((item) => item.id === step);
  const previous = FIRST_RUN_STEPS[at - 1]?.id;
  const title = FIRST_RUN_STEPS[at]?.title ?? '';
  return (
    <main className="perch-first-run" aria-labelledby="first-run-heading">
      <p className="perch-step-count">{stepWords(step)}</p>
      <Stepper step={step} />
      <h2 id="first-run-heading" tabIndex={-1}>
        {title}
      </h2>
      {step === 'passphrase' ? <PassphraseStep store={store} go={go} /> : null}
      {step === 'exchange' ? (
        <ExchangeStep store={store} exchange={exchange} onExchange={setExchange} go={go} />
      ) : null}
      {step === 'test' ? <TestStep store={store} picked={exchange} go={go} /> : null}
      {step === 'watchlist' ? <WatchlistStep store={store} onFinish={onFinish} /> : null}
      <p className="perch-first-run-way">
        {previous === undefined ? null : <a href={stepHref(previous)}>Back</a>}
        <a href={sectionHref('accounts')}>Leave the setup for the settings page</a>
      </p>
    </main>
  );
}
