import type { SimInstrument } from '../market/instruments';
import type { SimContext } from '../server/context';
import { okxError, okxOk, paramError } from '../server/envelopes';
import { isSimResponse, type SimRequest, type SimResponse } from '../server/http';
import { FUNDING_PERIOD_MS, nextFundingTime, publishedFundingRate } from '../market/funding-times';
import { okxInstrument } from './okx-shapes';

/** OKX instTypes a client may ask for (docs/protocol.md "OKX instruments and tickers"); only SPOT, MARGIN and SWAP have markets here. */
const INST_TYPES = ['SPOT', 'MARGIN', 'SWAP', 'FUTURES', 'OPTION'] as const;
type InstType = (typeof INST_TYPES)[number];

/** OKX public data: server time, instruments, mark price, funding rate, open interest (docs/protocol.md "Server time and clock tolerance", "OKX instruments and tickers"). */
export function installOkxPublicData(ctx: SimContext): void {
  const { http, market } = ctx;

  http.route('GET', '/api/v5/public/time', () => okxOk([{ ts: String(ctx.now()) }]));

  http.route('GET', '/api/v5/public/instruments', (request) => {
    const instType = readInstType(request);
    if (typeof instType !== 'string') return instType;
    const instId = request.query.get('instId');
    const family = request.query.get('instFamily') ?? request.query.get('uly');
    const listed = instrumentsOfType(ctx, instType).filter(
      (i) => (!instId || i.symbol === instId) && (!family || familyOf(i) === family),
    );
    if (
      instId &&
      listed.length === 0 &&
      (instType === 'SPOT' || instType === 'SWAP' || instType === 'MARGIN')
    ) {
      return okxError('51001', 'Instrument ID does not exist');
    }
    return okxOk(
      listed.map((i) =>
        okxInstrument(i, instType === 'MARGIN' ? 'MARGIN' : i.category === 'SWAP' ? 'SWAP' : 'SPOT'),
      ),
    );
  });

  http.route('GET', '/api/v5/public/mark-price', (request) => {
    const instType = readInstType(request);
    if (typeof instType !== 'string') return instType;
    const instId = request.query.get('instId');
    const ts = String(ctx.now());
    return okxOk(
      instrumentsOfType(ctx, instType)
        .filter((i) => !instId || i.symbol === instId)
        .map((i) => ({ instType, instId: i.symbol, markPx: market.markPrice(i), ts })),
    );
  });

  http.route('GET', '/api/v5/public/funding-rate', (request) => {
    const swap = readSwap(ctx, request);
    if (isSimResponse(swap)) return swap;
    const rate = market.state(swap).fundingRate;
    const next = nextFundingTime(ctx.now());
    return okxOk([
      {
        instType: 'SWAP',
        instId: swap.symbol,
        method: 'current_period',
        formulaType: 'withRate',
        fundingRate: publishedFundingRate(rate),
        nextFundingRate: '',
        fundingTime: String(next),
        nextFundingTime: String(next + FUNDING_PERIOD_MS),
        minFundingRate: '-0.0075',
        maxFundingRate: '0.0075',
        interestRate: '0.0001',
        impactValue: '20000',
        premium: (rate - 0.0001).toFixed(8),
        settState: 'settled',
        settFundingRate: rate.toFixed(8),
        sprdLimit: '',
        ts: String(ctx.now()),
      },
    ]);
  });

  http.route('GET', '/api/v5/public/open-interest', (request) => {
    const instType = readInstType(request);
    if (typeof instType !== 'string') return instType;
    const instId = request.query.get('instId');
    const ts = String(ctx.now());
    const swaps =
      instType === 'SWAP' ? instrumentsOfType(ctx, 'SWAP').filter((i) => !instId || i.symbol === instId) : [];
    return okxOk(
      swaps.map((i) => {
        const oiBase = market.state(i).openInterest;
        return {
          instType: 'SWAP',
          instId: i.symbol,
          ts,
          oi: (oiBase / Number(i.contractValue)).toFixed(2),
          oiCcy: oiBase.toFixed(4),
          oiUsd: (oiBase * Number(market.markPrice(i))).toFixed(2),
        };
      }),
    );
  });
}

/** The instId's family (`BTC-USDT` for both the swap and the spot pair). */
function familyOf(instrument: SimInstrument): string {
  return `${instrument.coin}-USDT`;
}

function instrumentsOfType(ctx: SimContext, instType: InstType): SimInstrument[] {
  const okx = ctx.market.list('okx');
  if (instType === 'SWAP') return okx.filter((i) => i.category === 'SWAP');
  if (instType === 'SPOT' || instType === 'MARGIN') return okx.filter((i) => i.category === 'SPOT');
  return [];
}

/** `instType` is required and must be one OKX knows. */
export function readInstType(request: SimRequest): InstType | SimResponse {
  const raw = request.query.get('instType');
  if (!raw) return paramError('okx', 'instType', 0, true);
  const found = INST_TYPES.find((t) => t === raw);
  return found ?? paramError('okx', 'instType', 0);
}

/** Resolves a required `instId` to an OKX instrument (51001 when unknown, docs/protocol.md "OKX envelopes and errors"). */
export function readOkxInstrument(ctx: SimContext, request: SimRequest): SimInstrument | SimResponse {
  const instId = request.query.get('instId');
  if (!instId) return paramError('okx', 'instId', 0, true);
  const instrument = ctx.market.find('okx', 'SWAP', instId) ?? ctx.market.find('okx', 'SPOT', instId);
  return instrument ?? okxError('51001', 'Instrument ID does not exist');
}

function readSwap(ctx: SimContext, request: SimRequest): SimInstrument | SimResponse {
  const instrument = readOkxInstrument(ctx, request);
  if (!isSimResponse(instrument) && instrument.category !== 'SWAP')
    return okxError('51000', 'Parameter instId error');
  return instrument;
}
