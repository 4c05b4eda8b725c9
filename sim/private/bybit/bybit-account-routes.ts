import type { AccountRegistry } from '../../accounts/account-registry.js';
import type { SimAccount } from '../../accounts/sim-account.js';
import type { SimContext } from '../../server/context.js';
import { bybitError, bybitOk } from '../../server/envelopes.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { BYBIT_PERMISSION_DENIED } from './bybit-errors.js';
import { protectionBook } from '../../accounts/protection-book.js';
import { bybitPositionStops } from './bybit-protection-shapes.js';
import { bybitPosition, bybitWallet } from './bybit-shapes.js';
import { isRecord, textOf } from './bybit-trade-ops.js';

/** user/query-api `permissions`: what the key's level allows, by Bybit's permission groups. */
function keyPermissions(account: SimAccount): Record<string, string[]> {
  const trade = account.permission !== 'read_only';
  return {
    ContractTrade: trade ? ['Order', 'Position'] : [],
    Spot: trade ? ['SpotTrade'] : [],
    Wallet:
      account.permission === 'trade_withdraw'
        ? ['AccountTransfer', 'SubMemberTransfer', 'Withdraw']
        : ['AccountTransfer'],
    Options: trade ? ['OptionsTrade'] : [],
    Derivatives: [],
    CopyTrading: [],
    BlockTrade: [],
    Exchange: [],
    NFT: [],
    Affiliate: [],
    Earn: [],
  };
}

const DAY_MS = 86_400_000;
/** Bybit retires a key without IP binding 90 days after its creation; a bound key does not expire. */
const UNBOUND_KEY_LIFETIME_DAYS = 90;

/** `deadlineDay` (days left, -1 for never) and `expiredAt` (ISO time, '' for never) of the key. */
function keyExpiry(account: SimAccount, createdAt: number): { deadlineDay: number; expiredAt: string } {
  if (account.ips.length > 0) return { deadlineDay: -1, expiredAt: '' };
  const expiresAt = createdAt + UNBOUND_KEY_LIFETIME_DAYS * DAY_MS;
  return { deadlineDay: UNBOUND_KEY_LIFETIME_DAYS - 1, expiredAt: new Date(expiresAt).toISOString() };
}

export const bybitReadOnlyError = (now: number): SimResponse =>
  bybitError(BYBIT_PERMISSION_DENIED.retCode, BYBIT_PERMISSION_DENIED.retMsg, now);

const bodyOf = (request: SimRequest): Record<string, unknown> => (isRecord(request.json) ? request.json : {});

/** account/*, user/query-api and position/* (docs/protocol.md "Bybit positions", BYDOC). */
export function registerBybitAccountRoutes(
  ctx: SimContext,
  accounts: AccountRegistry,
  routes: PrivateRoutes,
): void {
  const market = accounts.market;

  routes.bybit('GET', '/v5/account/wallet-balance', (request, engine) => {
    const accountType = request.query.get('accountType');
    if (!accountType) return bybitError(10001, 'params error: accountType is required', ctx.now());
    if (accountType !== 'UNIFIED') return bybitError(10001, 'accountType only support UNIFIED.', ctx.now());
    return bybitOk({ list: [bybitWallet(engine.account, market)] }, ctx.now());
  });

  routes.bybit('GET', '/v5/account/info', () =>
    bybitOk(
      {
        unifiedMarginStatus: 5,
        marginMode: 'REGULAR_MARGIN',
        isMasterTrader: false,
        spotHedgingStatus: 'OFF',
        updatedTime: String(ctx.now()),
        dcpStatus: 'OFF',
        timeWindow: 10,
        smpGroup: 0,
      },
      ctx.now(),
    ),
  );

  routes.bybit('GET', '/v5/user/query-api', (_request, engine) => {
    const { account } = engine;
    // The simulator's key is always one day old.
    const createdAt = ctx.now() - DAY_MS;
    return bybitOk(
      {
        id: '13770661',
        note: 'Perch simulator',
        apiKey: ctx.credentials.bybit.apiKey,
        readOnly: account.permission === 'read_only' ? 1 : 0,
        secret: '',
        permissions: keyPermissions(account),
        ips: account.ips.length > 0 ? account.ips : ['*'],
        type: 1,
        ...keyExpiry(account, createdAt),
        createdAt: new Date(createdAt).toISOString(),
        unified: 0,
        uta: 1,
        userID: Number(account.uid),
        inviterID: 0,
        vipLevel: 'No VIP',
        mktMakerLevel: '0',
        affiliateID: 0,
        rsaPublicKey: '',
        isMaster: true,
        parentUid: '0',
        kycLevel: 'LEVEL_DEFAULT',
        kycRegion: '',
      },
      ctx.now(),
    );
  });

  routes.bybit('GET', '/v5/position/list', (request, engine) => {
    const category = request.query.get('category');
    const symbol = request.query.get('symbol');
    if (!category) return bybitError(10001, 'params error: category is required', ctx.now());
    if (category === 'linear' && !symbol && !request.query.get('settleCoin')) {
      return bybitError(10001, 'params error: symbol or settleCoin is required', ctx.now());
    }
    const { account } = engine;
    // Linear contracts settle in their quote coin (USDT here): a USDC list holds none of them.
    const settleCoin = request.query.get('settleCoin');
    let positions =
      category === 'linear'
        ? account
            .allPositions()
            .filter((p) => (symbol ? p.instrument.symbol === symbol : p.size !== 0))
            .filter((p) => symbol || !settleCoin || p.instrument.quote === settleCoin)
        : [];
    // With a symbol, Bybit answers a row even when flat (docs/protocol.md "Bybit positions"): one per position side of the mode.
    if (symbol && category === 'linear') {
      const instrument = engine.instrument(symbol);
      if (!instrument.ok) return bybitError(10001, 'params error: symbol invalid', ctx.now());
      const sides = account.positionMode === 'hedge' ? (['long', 'short'] as const) : (['net'] as const);
      positions = sides.map(
        (side) =>
          account.findPosition(symbol, side) ?? account.position(instrument.value, side, 'cross', ctx.now()),
      );
    }
    return bybitOk(
      {
        category,
        nextPageCursor: '',
        list: positions.map((p) => ({
          ...bybitPosition(p, account, market, false),
          ...bybitPositionStops(protectionBook(account), p),
        })),
      },
      ctx.now(),
    );
  });

  routes.bybit('POST', '/v5/position/set-leverage', (request, engine) => {
    const body = bodyOf(request);
    const buy = Number(textOf(body, 'buyLeverage'));
    const sell = Number(textOf(body, 'sellLeverage'));
    if (textOf(body, 'category') !== 'linear')
      return bybitError(10001, 'params error: category invalid', ctx.now());
    const found = engine.instrument(textOf(body, 'symbol') ?? '');
    if (!found.ok) return bybitError(10001, 'params error: symbol invalid', ctx.now());
    if (engine.account.permission === 'read_only') return bybitReadOnlyError(ctx.now());
    if (!Number.isFinite(buy) || buy !== sell)
      return bybitError(
        10001,
        'buy leverage must equal sell leverage in one-way and cross margin',
        ctx.now(),
      );
    if (buy < 1 || buy > found.value.maxLeverage) return bybitError(10001, 'leverage invalid', ctx.now());
    if (engine.account.leverageFor(found.value) === buy)
      return bybitError(110043, 'Set leverage not modified', ctx.now());
    engine.account.setLeverage(found.value, buy);
    engine.account.emit({
      orders: [],
      fills: [],
      positions: engine.account.openPositions().filter((p) => p.instrument === found.value),
      balanceChanged: true,
    });
    return bybitOk({}, ctx.now());
  });

  routes.bybit('POST', '/v5/position/switch-mode', (request, engine) => {
    const body = bodyOf(request);
    const mode = textOf(body, 'mode');
    if (textOf(body, 'category') !== 'linear')
      return bybitError(10001, 'params error: category invalid', ctx.now());
    if (mode !== '0' && mode !== '3') return bybitError(10001, 'params error: mode invalid', ctx.now());
    const { account } = engine;
    if (account.permission === 'read_only') return bybitReadOnlyError(ctx.now());
    const wanted = mode === '3' ? 'hedge' : 'one_way';
    if (account.positionMode === wanted)
      return bybitError(110025, 'Position mode is not modified', ctx.now());
    if (account.openPositions().length > 0 || account.openOrders().length > 0) {
      return bybitError(
        110024,
        'You have an existing position or active order, so position mode cannot be switched',
        ctx.now(),
      );
    }
    account.positionMode = wanted;
    return bybitOk({}, ctx.now());
  });
}
