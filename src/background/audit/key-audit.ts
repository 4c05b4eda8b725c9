import type { KeyAudit } from '../../contracts/profiles';
import type { Exchange, KeyPermissions } from '../../exchanges';
import type { ConnectionProfile } from '../services';
import { explainKeyProblem } from './key-problems';

type Finding = KeyAudit['findings'][number];

const DAY_MS = 86_400_000;
/** An offset beyond this is worth telling: Perch corrects for it, but other tools on the machine will not. */
const CLOCK_WARNING_MS = 1_000;
/** An expiry this close is a warning rather than a note. */
const EXPIRY_WARNING_DAYS = 14;

function permissionFindings(permissions: KeyPermissions, daysLeft: number | undefined): Finding[] {
  const findings: Finding[] = [];
  if (permissions.canWithdraw) {
    findings.push({
      level: 'danger',
      message:
        'This key can WITHDRAW funds. Perch never needs that, and anyone who steals the key could empty the account: create a new key with only the permissions under "Key permissions" on the options page, and delete this one.',
    });
  }
  findings.push(
    permissions.canTrade
      ? { level: 'ok', message: 'This key can trade: Perch can close positions with it.' }
      : {
          level: 'info',
          message: 'This key is read-only: Perch shows the account but cannot close positions.',
        },
  );
  findings.push(
    permissions.ips.length > 0
      ? { level: 'ok', message: `This key works only from ${permissions.ips.join(', ')}.` }
      : { level: 'info', message: 'This key is not bound to an IP address: it works from anywhere.' },
  );
  if (daysLeft !== undefined) {
    findings.push({
      level: daysLeft <= EXPIRY_WARNING_DAYS ? 'warning' : 'info',
      message:
        daysLeft === 0
          ? 'This key has expired: create a new one.'
          : `This key expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}.`,
    });
  }
  return findings;
}

function clockFinding(offsetMs: number): Finding {
  const seconds = (Math.abs(offsetMs) / 1000).toFixed(1);
  return Math.abs(offsetMs) > CLOCK_WARNING_MS
    ? {
        level: 'warning',
        message: `Your computer's clock is ${seconds} s ${offsetMs > 0 ? 'behind' : 'ahead of'} the exchange's. Perch corrects for it, but turning on automatic time is safer.`,
      }
    : { level: 'ok', message: 'Your clock agrees with the exchange.' };
}

/**
 * Checks one account as the exchange sees it: does it answer, how far off the local clock is, what the
 * account holds and what the key may do. Never throws: every failure becomes a finding in words.
 */
export async function auditKey(
  exchange: Exchange,
  profile: ConnectionProfile,
  now: () => number,
): Promise<KeyAudit> {
  const base = { exchange: profile.exchange, environment: profile.environment };
  let clockOffsetMs: number;
  try {
    clockOffsetMs = await exchange.rest.syncClock();
  } catch (error) {
    return {
      ...base,
      reachable: false,
      findings: [{ level: 'danger', message: explainKeyProblem(error, profile) }],
    };
  }
  const reached = { ...base, reachable: true, clockOffsetMs };
  try {
    const [balance, config] = await Promise.all([
      exchange.rest.getBalance(),
      exchange.rest.getAccountConfig(),
    ]);
    const { permissions } = config;
    const daysLeft =
      permissions.expiresAt === undefined
        ? undefined
        : Math.max(0, Math.ceil((permissions.expiresAt - now()) / DAY_MS));
    return {
      ...reached,
      ...(balance.totalEquityUsd === undefined ? {} : { totalEquityUsd: balance.totalEquityUsd }),
      permissions: {
        canTrade: permissions.canTrade,
        canWithdraw: permissions.canWithdraw,
        raw: [...permissions.raw],
        ips: [...permissions.ips],
        ...(daysLeft === undefined ? {} : { daysLeft }),
      },
      findings: [clockFinding(clockOffsetMs), ...permissionFindings(permissions, daysLeft)],
    };
  } catch (error) {
    return {
      ...reached,
      findings: [
        clockFinding(clockOffsetMs),
        { level: 'danger', message: explainKeyProblem(error, profile) },
      ],
    };
  }
}
