import { priv, pub } from '../transport/http-routes';

/**
 * Bybit routes: asset, user, affiliate, Alpha / Web3.
 * Generated from the SDK inventory (docs/protocol.md "The REST endpoint inventories", okx-endpoints.tsv / bybit-endpoints.tsv) and
 * reviewed; endpoints.test.ts proves every inventory row is here or in endpoints-funds-moving.ts, with its
 * method, path and signing.
 */
export const BYBIT_ASSET_ROUTES = {
  // User APIs
  postUserCreateSubMember: priv('POST /v5/user/create-sub-member'),
  getUserQuerySubMembers: priv('GET /v5/user/query-sub-members'),
  getUserSubmembers: priv('GET /v5/user/submembers'),
  postUserFrozenSubMember: priv('POST /v5/user/frozen-sub-member'),
  getUserQueryApi: priv('GET /v5/user/query-api'),
  getUserSubApikeys: priv('GET /v5/user/sub-apikeys'),
  getUserGetMemberType: priv('GET /v5/user/get-member-type'),
  postUserDelSubmember: priv('POST /v5/user/del-submember'),
  postUserDeleteApi: priv('POST /v5/user/delete-api'),
  postUserDeleteSubApi: priv('POST /v5/user/delete-sub-api'),

  // Affiliate APIs
  getAffiliateAffUserList: priv('GET /v5/affiliate/aff-user-list'),
  getAffiliateAffiliateSubList: priv('GET /v5/affiliate/affiliate-sub-list'),
  getUserAffCustomerInfo: priv('GET /v5/user/aff-customer-info'),
  getUserInvitationReferrals: priv('GET /v5/user/invitation/referrals'),
  postUserAgreement: priv('POST /v5/user/agreement'),

  // Alpha / Web3 (on-chain) trade APIs
  postAlphaTradeQuote: priv('POST /v5/alpha/trade/quote'),
  postAlphaTradePayTokenList: priv('POST /v5/alpha/trade/pay-token-list'),
  postAlphaTradeOrderList: priv('POST /v5/alpha/trade/order-list'),
  postAlphaTradeBizTokenList: priv('POST /v5/alpha/trade/biz-token-list'),
  postAlphaTradeBizTokenPriceList: priv('POST /v5/alpha/trade/biz-token-price-list'),
  postAlphaTradeBizTokenDetails: priv('POST /v5/alpha/trade/biz-token-details'),
  postAlphaTradeAssetList: priv('POST /v5/alpha/trade/asset-list'),
  postAlphaTradeAssetDetail: priv('POST /v5/alpha/trade/asset-detail'),

  // Alpha / Web3 prediction market APIs
  getAlphaPredictionEngineStatus: priv('GET /v5/alpha/prediction/engine-status'),
  getAlphaPredictionPayTokenList: priv('GET /v5/alpha/prediction/pay-token-list'),
  postAlphaPredictionEventDetail: priv('POST /v5/alpha/prediction/event-detail'),
  postAlphaPredictionOrderEstimate: priv('POST /v5/alpha/prediction/order-estimate'),
  postAlphaPredictionOrderList: priv('POST /v5/alpha/prediction/order-list'),
  postAlphaPredictionOrderBook: priv('POST /v5/alpha/prediction/order-book'),
  postAlphaPredictionTokenPrice: priv('POST /v5/alpha/prediction/token-price'),
  postAlphaPredictionPriceHistory: priv('POST /v5/alpha/prediction/price-history'),
  postAlphaPredictionPositionList: priv('POST /v5/alpha/prediction/position-list'),
  postAlphaPredictionPositionHistory: priv('POST /v5/alpha/prediction/position-history'),
  postAlphaPredictionPortfolioSummary: priv('POST /v5/alpha/prediction/portfolio-summary'),
  postAlphaPredictionSideMarketList: priv('POST /v5/alpha/prediction/side-market-list'),
  postAlphaPredictionSportsMatchList: priv('POST /v5/alpha/prediction/sports/match-list'),
  getAlphaPredictionSportsTimelineStages: priv('GET /v5/alpha/prediction/sports/timeline-stages'),
  postAlphaPredictionSportsGroupStageDetail: priv('POST /v5/alpha/prediction/sports/group-stage-detail'),

  // Alpha / Web3 LP APIs
  postAlphaLpPoolList: priv('POST /v5/alpha/lp/pool-list'),
  postAlphaLpPoolInfo: priv('POST /v5/alpha/lp/pool-info'),
  postAlphaLpOrderList: priv('POST /v5/alpha/lp/order-list'),
  postAlphaLpPayTokenList: priv('POST /v5/alpha/lp/pay-token-list'),
  postAlphaLpPayTokenPrice: priv('POST /v5/alpha/lp/pay-token-price'),
  postAlphaLpPositionList: priv('POST /v5/alpha/lp/position-list'),

  // Spot Margin Trade APIs (UTA)
  getSpotMarginTradeData: pub('GET /v5/spot-margin-trade/data'),
  getSpotMarginTradeInterestRateHistory: priv('GET /v5/spot-margin-trade/interest-rate-history'),
  getSpotMarginTradeCurrencyData: priv('GET /v5/spot-margin-trade/currency-data'),
  postSpotMarginTradeSwitchMode: priv('POST /v5/spot-margin-trade/switch-mode'),
  postSpotMarginTradeSetLeverage: priv('POST /v5/spot-margin-trade/set-leverage'),
  getSpotMarginTradeState: priv('GET /v5/spot-margin-trade/state'),
  getSpotMarginTradeMaxBorrowable: priv('GET /v5/spot-margin-trade/max-borrowable'),
  getSpotMarginTradePositionTiers: priv('GET /v5/spot-margin-trade/position-tiers'),
  getSpotMarginTradeCoinstate: priv('GET /v5/spot-margin-trade/coinstate'),
  getSpotMarginTradeRepaymentAvailableAmount: priv('GET /v5/spot-margin-trade/repayment-available-amount'),
  getSpotMarginTradeGetAutoRepayMode: priv('GET /v5/spot-margin-trade/get-auto-repay-mode'),
  getSpotMarginTradeLiability: priv('GET /v5/spot-margin-trade/liability'),
  getSpotMarginTradeFixedborrowOrderInfo: priv('GET /v5/spot-margin-trade/fixedborrow-order-info'),
  getSpotMarginTradeFixedborrowContractInfo: priv('GET /v5/spot-margin-trade/fixedborrow-contract-info'),
  getSpotMarginTradeFixedborrowOrderQuote: priv('GET /v5/spot-margin-trade/fixedborrow-order-quote'),
} as const;
