import type { MessageHandlers } from '../../platform/message-dispatch';
import type { KeyAuditor } from '../audit/key-auditor';

/** "Test connection" on the options page: the message's optional fields become the auditor's request. */
export function createTestConnectionHandler(audit: KeyAuditor): MessageHandlers['testConnection'] {
  return ({ exchange, credentials, profile }) =>
    audit({
      exchange,
      credentials:
        credentials === undefined
          ? undefined
          : {
              apiKey: credentials.apiKey,
              secret: credentials.secret,
              ...(credentials.passphrase === undefined ? {} : { passphrase: credentials.passphrase }),
            },
      profile: profile === undefined ? undefined : { ...profile, region: profile.region },
    });
}
