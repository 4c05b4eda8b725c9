import { useEffect, useState } from 'react';
import type { PassphraseRule } from '../contracts/passphrase-rule';

/**
 * The rule for a new passphrase once it has loaded, asked for only when `wanted` (the trader started typing one):
 * an options page opened for something else never reads the word lists. Undefined while loading, and when the load
 * failed: the worker still judges the passphrase when it is sent.
 */
export function usePassphraseRule(
  load: () => Promise<PassphraseRule>,
  wanted: boolean,
): PassphraseRule | undefined {
  const [rule, setRule] = useState<PassphraseRule>();
  useEffect(() => {
    if (!wanted || rule !== undefined) return;
    let mounted = true;
    load().then(
      (loaded) => {
        // A function in state is set through an updater, or React would call it.
        if (mounted) setRule(() => loaded);
      },
      (error: unknown) => {
        console.error(
          'Perch could not load the passphrase rule; the worker will judge the passphrase:',
          error,
        );
      },
    );
    return () => {
      mounted = false;
    };
  }, [load, wanted, rule]);
  return rule;
}
