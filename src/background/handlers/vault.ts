import type { SaveAudit, vaultContracts } from '../../contracts/vault';
import { errorMessage, type ExchangeId } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';
import type { KeyAuditor } from '../audit/key-auditor';
import type { Vault } from '../vault/vault';

type VaultHandlers = Pick<MessageHandlers, keyof typeof vaultContracts>;

/**
 * Audits a key just saved. The save already happened: an audit that cannot run (the exchange turned off,
 * a profile the build does not allow) explains why instead of failing the save.
 */
async function auditSaved(audit: KeyAuditor, exchange: ExchangeId): Promise<SaveAudit> {
  try {
    // No candidate credentials: the auditor reads the saved ones, so it checks exactly what was kept.
    return { ran: true, result: await audit({ exchange }) };
  } catch (error) {
    return {
      ran: false,
      reason: `The key is saved, but Perch could not check it: ${errorMessage(error)}`,
    };
  }
}

/** The vault's messages: each hands its request to the vault; none answers with a secret. */
export function createVaultHandlers(vault: Vault, audit: KeyAuditor): VaultHandlers {
  const done = (work: Promise<void>) => work.then(() => ({}));
  return {
    vaultStatus: () => vault.status(),
    vaultSetUp: ({ passphrase }) => done(vault.setUp(passphrase)),
    vaultUnlock: ({ passphrase }) => done(vault.unlock(passphrase)),
    vaultLock: () => done(vault.lock()),
    vaultChangePassphrase: ({ current, next }) => done(vault.changePassphrase(current, next)),
    vaultSaveCredentials: async ({ exchange, apiKey, secret, passphrase }) => {
      const saved = await vault.saveCredentials(
        exchange,
        passphrase === undefined ? { apiKey, secret } : { apiKey, secret, passphrase },
      );
      return saved.saved ? { ...saved, audit: await auditSaved(audit, exchange) } : saved;
    },
    vaultForget: ({ exchange }) => done(vault.forget(exchange)),
    vaultSetAutoLock: ({ minutes }) => done(vault.setAutoLockMinutes(minutes)),
  };
}
