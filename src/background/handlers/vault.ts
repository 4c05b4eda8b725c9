import type { vaultContracts } from '../../contracts/vault';
import type { MessageHandlers } from '../../platform/message-dispatch';
import type { Vault } from '../vault/vault';

type VaultHandlers = Pick<MessageHandlers, keyof typeof vaultContracts>;

/** The vault's messages: each hands its request to the vault; none answers with a secret. */
export function createVaultHandlers(vault: Vault): VaultHandlers {
  const done = (work: Promise<void>) => work.then(() => ({}));
  return {
    vaultStatus: () => vault.status(),
    vaultSetUp: ({ passphrase }) => done(vault.setUp(passphrase)),
    vaultUnlock: ({ passphrase }) => done(vault.unlock(passphrase)),
    vaultLock: () => done(vault.lock()),
    vaultChangePassphrase: ({ current, next }) => done(vault.changePassphrase(current, next)),
    vaultSaveCredentials: ({ exchange, apiKey, secret, passphrase }) =>
      vault.saveCredentials(
        exchange,
        passphrase === undefined ? { apiKey, secret } : { apiKey, secret, passphrase },
      ),
    vaultForget: ({ exchange }) => done(vault.forget(exchange)),
    vaultSetAutoLock: ({ minutes }) => done(vault.setAutoLockMinutes(minutes)),
  };
}
