import type { SimContext } from '../server/context';
import { installBybitMarketData } from './bybit-rest';
import { installOkxMarketData } from './okx-rest-market';
import { installOkxPublicData } from './okx-rest-public';

/** Every public REST endpoint of both exchanges. */
export function installPublicRest(ctx: SimContext): void {
  installOkxPublicData(ctx);
  installOkxMarketData(ctx);
  installBybitMarketData(ctx);
}
