import { contracts } from '../../contracts';
import type { KeyAudit } from '../../contracts/profiles';
import { dispatchMessage, type MessageHandlers } from '../../platform/message-dispatch';
import type { KeyAuditor } from '../audit/key-auditor';
import { countingUserActivity } from '../vault/user-activity';
import type { Vault } from '../vault/vault';
import { startTestVault } from '../vault/vault.test-helper';
import { createVaultHandlers } from './vault';

const unused = () => Promise.reject(new Error('not sent in these tests'));

/** A key audit that found the key fine, as the handlers hand it back after a save. */
export const auditOf = (exchange: KeyAudit['exchange']): KeyAudit => ({
  exchange,
  environment: 'simulator',
  reachable: true,
  clockOffsetMs: 0,
  findings: [{ level: 'ok', message: 'This key can trade: Perch can close positions with it.' }],
});

/** The key audit as the handlers see it, given the vault (an audit reads the saved key from it). */
export type AuditFor = (vault: Vault) => KeyAuditor;
const passingAudit: AuditFor = () => (request) => Promise.resolve(auditOf(request.exchange));

/** The vault's handlers behind the real router, on fakeBrowser storage, as an extension page reaches them. */
export async function vaultRouter(auditFor: AuditFor = passingAudit) {
  const { vault, time } = await startTestVault();
  const others = Object.fromEntries(Object.keys(contracts).map((name) => [name, unused]));
  const handlers = countingUserActivity(
    {
      ...others,
      ping: () => Promise.resolve({ version: '1.0.0', workerStartedAt: 0, answeredAt: 0 }),
      ...createVaultHandlers(vault, auditFor(vault)),
    } as unknown as MessageHandlers,
    vault,
  );
  const send = (name: string, payload: unknown, sender: 'popup' | 'options' | 'content' = 'options') =>
    dispatchMessage({ perch: 1, name, payload }, sender, handlers);
  return { vault, time, send };
}
