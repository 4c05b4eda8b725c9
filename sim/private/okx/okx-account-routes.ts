import type { AccountRegistry } from '../../accounts/account-registry.js';
import type { SimAccount } from '../../accounts/sim-account.js';
import type { SimContext } from '../../server/context.js';
import { okxError, okxOk } from '../../server/envelopes.js';
import type { SimRequest } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { okxPermissionDenied } from './okx-errors.js';
import { okxBalance, okxPosition } from './okx-shapes.js';

/** The key's permissions as account/config `perm` spells them (read_only always included). */
export const okxPermission = (account: SimAccount): string =>
  ({ read_only: 'read_only', trade: 'read_only,trade', trade_withdraw: 'read_only,trade,withdraw' })[
    account.permission
  ];

const bodyOf = (request: SimRequest): Record<string, unknown> =>
  typeof request.json === 'object' && request.json !== null && !Array.isArray(request.json)
    ? (request.json as Record<string, unknown>)
    : {};
const field = (body: Record<string, unknown>, key: string): string => {
  const value = body[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** account/*: balance, positions, config, leverage and position mode (docs/protocol.md "OKX positions", OKXSDK). */
export function registerOkxAccountRoutes(
  ctx: SimContext,
  accounts: AccountRegistry,
  routes: PrivateRoutes,
): void {
  const market = accounts.market;

  routes.okx('GET', '/api/v5/account/balance', (request, engine) => {
    const ccy = request.query.get('ccy');
    const balance = okxBalance(engine.account, market, ctx.now());
    // Asking only for other currencies gives their (absent) rows: an empty details list.
    const wantsUsdt = !ccy || ccy.split(',').includes('USDT');
    return okxOk([wantsUsdt ? balance : { ...balance, details: [] }]);
  });

  routes.okx('GET', '/api/v5/account/positions', (request, engine) => {
    const instType = request.query.get('instType');
    const instId = request.query.get('instId');
    const positions = engine.account
      .openPositions()
      .filter(
        (p) =>
          (!instType || instType === 'SWAP') && (!instId || instId.split(',').includes(p.instrument.symbol)),
      );
    return okxOk(positions.map((p) => okxPosition(p, engine.account, market, ctx.now())));
  });

  routes.okx('GET', '/api/v5/account/config', (_request, engine) => {
    const { account } = engine;
    return okxOk([
      {
        acctLv: '2',
        acctStpMode: 'cancel_maker',
        autoLoan: false,
        ctIsoMode: 'automatic',
        enableSpotBorrow: false,
        feeType: '0',
        greeksType: 'PA',
        // The bound IP addresses, comma-separated; empty when the key is not bound.
        ip: account.ips.join(','),
        kycLv: '2',
        label: 'Perch simulator',
        level: 'Lv1',
        levelTmp: '',
        liquidationGear: '-1',
        mainUid: account.uid,
        mgnIsoMode: 'automatic',
        opAuth: '1',
        perm: okxPermission(account),
        posMode: account.positionMode === 'hedge' ? 'long_short_mode' : 'net_mode',
        roleType: '0',
        settleCcy: 'USDT',
        settleCcyList: ['USDT'],
        spotBorrowAutoRepay: false,
        spotOffsetType: '',
        spotRoleType: '0',
        spotTraderInsts: [],
        stgyType: '0',
        traderInsts: [],
        type: '0',
        uid: account.uid,
      },
    ]);
  });

  routes.okx('POST', '/api/v5/account/set-leverage', (request, engine) => {
    const body = bodyOf(request);
    const lever = Number(field(body, 'lever'));
    const mgnMode = field(body, 'mgnMode');
    if (!field(body, 'lever')) return okxError('50014', 'Parameter lever can not be empty');
    if (mgnMode !== 'cross' && mgnMode !== 'isolated') return okxError('51000', 'Parameter mgnMode error');
    const found = engine.instrument(field(body, 'instId'));
    if (!found.ok) return okxError('51001', 'Instrument ID does not exist');
    if (!Number.isFinite(lever) || lever < 1 || lever > found.value.maxLeverage) {
      return okxError('51000', 'Parameter lever error');
    }
    if (engine.account.permission === 'read_only') return okxPermissionDenied();
    engine.account.setLeverage(found.value, lever);
    engine.account.emit({
      orders: [],
      fills: [],
      positions: engine.account.openPositions().filter((p) => p.instrument === found.value),
      balanceChanged: true,
    });
    return okxOk([
      { instId: found.value.symbol, lever: String(lever), mgnMode, posSide: field(body, 'posSide') },
    ]);
  });

  routes.okx('GET', '/api/v5/account/leverage-info', (request, engine) => {
    const mgnMode = request.query.get('mgnMode') ?? '';
    if (mgnMode !== 'cross' && mgnMode !== 'isolated')
      return okxError('50014', 'Parameter mgnMode can not be empty');
    const ids = (request.query.get('instId') ?? '').split(',').filter(Boolean);
    if (ids.length === 0) return okxError('50014', 'Parameter instId can not be empty');
    const rows = [];
    for (const id of ids) {
      const found = engine.instrument(id);
      if (!found.ok) return okxError('51001', 'Instrument ID does not exist');
      const sides =
        engine.account.positionMode === 'hedge' && mgnMode === 'isolated' ? ['long', 'short'] : ['net'];
      for (const posSide of sides)
        rows.push({ instId: id, mgnMode, posSide, lever: String(engine.account.leverageFor(found.value)) });
    }
    return okxOk(rows);
  });

  routes.okx('POST', '/api/v5/account/set-position-mode', (request, engine) => {
    const posMode = field(bodyOf(request), 'posMode');
    if (posMode !== 'net_mode' && posMode !== 'long_short_mode')
      return okxError('51000', 'Parameter posMode error');
    const { account } = engine;
    if (account.permission === 'read_only') return okxPermissionDenied();
    if (account.openPositions().length > 0 || account.openOrders().length > 0) {
      return okxError(
        '59000',
        'Settings failed. Close any open positions or orders before modifying settings.',
      );
    }
    account.positionMode = posMode === 'long_short_mode' ? 'hedge' : 'one_way';
    return okxOk([{ posMode }]);
  });
}
