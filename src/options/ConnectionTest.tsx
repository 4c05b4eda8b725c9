import { useEffect, useRef, useState } from 'react';
import type { KeyAudit } from '../contracts/profiles';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { AuditReport } from './AuditReport';
import type { ExchangeId } from './credential-draft';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { useAction } from './use-action';

/**
 * "Test connection": asks the exchange, through the background, what the saved key may do. A refusal shows
 * the exchange's own error in words.
 */
export function ConnectionTest({
  store,
  exchange,
  runAtOnce = false,
}: {
  readonly store: OptionsStore;
  readonly exchange: ExchangeId;
  /** Tests as soon as it is shown (the first-run path's test step), once. */
  readonly runAtOnce?: boolean;
}) {
  const name = EXCHANGE_NAMES[exchange];
  const [audit, setAudit] = useState<KeyAudit>();
  const { pending, failure, run } = useAction();
  const test = () =>
    void run(async () => {
      setAudit(undefined);
      setAudit(await store.getState().testConnection({ exchange }));
    });
  const ranAtOnce = useRef(false);
  useEffect(() => {
    if (!runAtOnce || ranAtOnce.current) return;
    ranAtOnce.current = true;
    test();
  });
  return (
    <div className="perch-connection-test">
      <button type="button" disabled={pending} onClick={test}>
        {pending ? 'Testing…' : `Test ${name} connection`}
      </button>
      {pending ? <p role="status">Asking {name}…</p> : null}
      <FormAlert message={failure === undefined ? undefined : `Test failed: ${failure.message}`} />
      {audit === undefined ? null : <AuditReport audit={audit} label={`${name} connection test`} />}
    </div>
  );
}
