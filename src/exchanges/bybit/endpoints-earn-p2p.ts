import { priv, pub, upload } from '../transport/http-routes';

/**
 * Bybit routes: earn, private wealth management, card, RFQ, P2P, API rate-limit management.
 * Generated from the SDK inventory (docs/protocol.md "The REST endpoint inventories", okx-endpoints.tsv / bybit-endpoints.tsv) and
 * reviewed; endpoints.test.ts proves every inventory row is here or in endpoints-funds-moving.ts, with its
 * method, path and signing.
 */
export const BYBIT_EARN_P2P_ROUTES = {
  // PWM (Private Wealth Management) — Investment Plan
  getEarnPwmInvestmentPlanList: priv('GET /v5/earn/pwm/investment-plan/list'),
  getEarnPwmInvestmentPlanDetail: priv('GET /v5/earn/pwm/investment-plan/detail'),
  getEarnPwmInvestmentPlanNewPlan: priv('GET /v5/earn/pwm/investment-plan/new-plan'),
  getEarnPwmInvestmentPlanAssetTrend: priv('GET /v5/earn/pwm/investment-plan/asset-trend'),
  getEarnPwmInvestmentPlanFundNav: priv('GET /v5/earn/pwm/investment-plan/fund-nav'),
  getEarnPwmInvestmentPlanOrder: priv('GET /v5/earn/pwm/investment-plan/order'),
  getEarnPwmCustomizePlanProduct: pub('GET /v5/earn/pwm/customize-plan/product'),

  // PWM — Asset Manager
  getEarnPwmAssetManagerAllFunds: priv('GET /v5/earn/pwm/asset-manager/all-funds'),
  getEarnPwmAssetManagerGetInvestmentPlan: priv('GET /v5/earn/pwm/asset-manager/get-investment-plan'),
  getEarnPwmAssetManagerAllOrder: priv('GET /v5/earn/pwm/asset-manager/all-order'),
  getEarnPwmQueryFundTransferResult: priv('GET /v5/earn/pwm/query-fund-transfer-result'),

  // Bybit Card APIs
  postCardTransactionQueryAssetRecords: priv('POST /v5/card/transaction/query-asset-records'),
  postCardRewardPointsBalance: priv('POST /v5/card/reward/points/balance'),
  postCardRewardPointsRecords: priv('POST /v5/card/reward/points/records'),
  postCardRewardPointsTier: priv('POST /v5/card/reward/points/tier'),
  postCardRewardMallItemList: priv('POST /v5/card/reward/mall/item/list'),
  postCardRewardPointCashbackDetail: priv('POST /v5/card/reward/point/cashback/detail'),

  // RFQ APIs
  postRfqCreateRfq: priv('POST /v5/rfq/create-rfq'),
  getRfqConfig: priv('GET /v5/rfq/config'),
  postRfqCancelRfq: priv('POST /v5/rfq/cancel-rfq'),
  postRfqCancelAllRfq: priv('POST /v5/rfq/cancel-all-rfq'),
  postRfqCreateQuote: priv('POST /v5/rfq/create-quote'),
  postRfqExecuteQuote: priv('POST /v5/rfq/execute-quote'),
  postRfqCancelQuote: priv('POST /v5/rfq/cancel-quote'),
  postRfqCancelAllQuotes: priv('POST /v5/rfq/cancel-all-quotes'),
  getRfqRfqRealtime: priv('GET /v5/rfq/rfq-realtime'),
  getRfqRfqList: priv('GET /v5/rfq/rfq-list'),
  getRfqQuoteRealtime: priv('GET /v5/rfq/quote-realtime'),
  getRfqQuoteList: priv('GET /v5/rfq/quote-list'),
  getRfqTradeList: priv('GET /v5/rfq/trade-list'),
  getRfqPublicTrades: priv('GET /v5/rfq/public-trades'),
  postRfqAcceptOtherQuote: priv('POST /v5/rfq/accept-other-quote'),

  // P2P TRADING
  postP2pItemPersonalList: priv('POST /v5/p2p/item/personal/list'),
  postP2pItemInfo: priv('POST /v5/p2p/item/info'),
  postP2pOrderSimplifyList: priv('POST /v5/p2p/order/simplifyList'),
  postP2pOrderInfo: priv('POST /v5/p2p/order/info'),
  postP2pOrderPendingSimplifyList: priv('POST /v5/p2p/order/pending/simplifyList'),
  postP2pOrderMessageSend: priv('POST /v5/p2p/order/message/send'),
  postP2pOssUploadFile: upload('POST /v5/p2p/oss/upload_file'),
  postP2pOrderMessageListpage: priv('POST /v5/p2p/order/message/listpage'),
  postP2pUserPersonalInfo: priv('POST /v5/p2p/user/personal/info'),
  postP2pUserOrderPersonalInfo: priv('POST /v5/p2p/user/order/personal/info'),
  postP2pUserPaymentList: priv('POST /v5/p2p/user/payment/list'),

  // API Rate Limit Management APIs
  postApilimitSet: priv('POST /v5/apilimit/set'),
  getApilimitQuery: priv('GET /v5/apilimit/query'),
  getApilimitQueryCap: priv('GET /v5/apilimit/query-cap'),
  getApilimitQueryAll: priv('GET /v5/apilimit/query-all'),
} as const;
