import { priv, pub } from '../transport/http-routes';

/**
 * Bybit routes: spot margin, crypto loans, fixed and institutional lending, broker.
 * Generated from the SDK inventory (docs/protocol.md "The REST endpoint inventories", okx-endpoints.tsv / bybit-endpoints.tsv) and
 * reviewed; endpoints.test.ts proves every inventory row is here or in endpoints-funds-moving.ts, with its
 * method, path and signing.
 */
export const BYBIT_LENDING_ROUTES = {
  // Spot Margin Trade APIs (Normal)
  getSpotCrossMarginTradePledgeToken: priv('GET /v5/spot-cross-margin-trade/pledge-token'),
  getSpotCrossMarginTradeBorrowToken: priv('GET /v5/spot-cross-margin-trade/borrow-token'),
  getSpotCrossMarginTradeLoanInfo: priv('GET /v5/spot-cross-margin-trade/loan-info'),
  getSpotCrossMarginTradeAccount: priv('GET /v5/spot-cross-margin-trade/account'),
  getSpotCrossMarginTradeOrders: priv('GET /v5/spot-cross-margin-trade/orders'),
  getSpotCrossMarginTradeRepayHistory: priv('GET /v5/spot-cross-margin-trade/repay-history'),
  postSpotCrossMarginTradeSwitch: priv('POST /v5/spot-cross-margin-trade/switch'),

  // Crypto Loan - Legacy
  getCryptoLoanCollateralData: pub('GET /v5/crypto-loan/collateral-data'),
  getCryptoLoanLoanableData: pub('GET /v5/crypto-loan/loanable-data'),
  getCryptoLoanBorrowableCollateralisableNumber: priv(
    'GET /v5/crypto-loan/borrowable-collateralisable-number',
  ),
  getCryptoLoanOngoingOrders: priv('GET /v5/crypto-loan/ongoing-orders'),
  getCryptoLoanRepaymentHistory: priv('GET /v5/crypto-loan/repayment-history'),
  getCryptoLoanBorrowHistory: priv('GET /v5/crypto-loan/borrow-history'),
  getCryptoLoanMaxCollateralAmount: priv('GET /v5/crypto-loan/max-collateral-amount'),
  getCryptoLoanAdjustmentHistory: priv('GET /v5/crypto-loan/adjustment-history'),

  // Crypto Loan New
  getCryptoLoanCommonLoanableData: pub('GET /v5/crypto-loan-common/loanable-data'),
  getCryptoLoanCommonCollateralData: pub('GET /v5/crypto-loan-common/collateral-data'),
  getCryptoLoanCommonMaxCollateralAmount: priv('GET /v5/crypto-loan-common/max-collateral-amount'),
  postCryptoLoanCommonMaxLoan: priv('POST /v5/crypto-loan-common/max-loan'),
  getCryptoLoanCommonAdjustmentHistory: priv('GET /v5/crypto-loan-common/adjustment-history'),
  getCryptoLoanCommonPosition: priv('GET /v5/crypto-loan-common/position'),

  // Crypto Loan New - Flexible Loan
  getCryptoLoanFlexibleOngoingCoin: priv('GET /v5/crypto-loan-flexible/ongoing-coin'),
  getCryptoLoanFlexibleBorrowHistory: priv('GET /v5/crypto-loan-flexible/borrow-history'),
  getCryptoLoanFlexibleRepaymentHistory: priv('GET /v5/crypto-loan-flexible/repayment-history'),

  // Fixed Loan
  getCryptoLoanFixedSupplyOrderQuote: pub('GET /v5/crypto-loan-fixed/supply-order-quote'),
  getCryptoLoanFixedBorrowOrderQuote: pub('GET /v5/crypto-loan-fixed/borrow-order-quote'),
  getCryptoLoanFixedBorrowContractInfo: priv('GET /v5/crypto-loan-fixed/borrow-contract-info'),
  getCryptoLoanFixedSupplyContractInfo: priv('GET /v5/crypto-loan-fixed/supply-contract-info'),
  getCryptoLoanFixedBorrowOrderInfo: priv('GET /v5/crypto-loan-fixed/borrow-order-info'),
  getCryptoLoanFixedSupplyOrderInfo: priv('GET /v5/crypto-loan-fixed/supply-order-info'),
  getCryptoLoanFixedRepaymentHistory: priv('GET /v5/crypto-loan-fixed/repayment-history'),
  getCryptoLoanFixedRenewInfo: priv('GET /v5/crypto-loan-fixed/renew-info'),

  // Institutional Lending
  getInsLoanProductInfos: pub('GET /v5/ins-loan/product-infos'),
  getInsLoanCoinDeltaAmount: priv('GET /v5/ins-loan/coin-delta-amount'),
  getInsLoanEnsureTokens: pub('GET /v5/ins-loan/ensure-tokens'),
  getInsLoanEnsureTokensConvert: pub('GET /v5/ins-loan/ensure-tokens-convert'),
  getInsLoanLoanOrder: priv('GET /v5/ins-loan/loan-order'),
  getInsLoanRepaidHistory: priv('GET /v5/ins-loan/repaid-history'),
  getInsLoanLtv: priv('GET /v5/ins-loan/ltv'),
  getInsLoanLtvConvert: priv('GET /v5/ins-loan/ltv-convert'),

  // Broker
  getBrokerEarningsInfo: priv('GET /v5/broker/earnings-info'),
  getBrokerAccountInfo: priv('GET /v5/broker/account-info'),
  getBrokerAssetQuerySubMemberDepositRecord: priv('GET /v5/broker/asset/query-sub-member-deposit-record'),
  postBrokerAwardInfo: priv('POST /v5/broker/award/info'),
  postBrokerAwardDistributionRecord: priv('POST /v5/broker/award/distribution-record'),
  postBrokerApilimitSet: priv('POST /v5/broker/apilimit/set'),
  getBrokerApilimitQueryCap: priv('GET /v5/broker/apilimit/query-cap'),
  getBrokerApilimitQueryAll: priv('GET /v5/broker/apilimit/query-all'),

  // EARN
  getEarnProduct: pub('GET /v5/earn/product'),
  getEarnCoupons: priv('GET /v5/earn/coupons'),
  getEarnRwaProduct: pub('GET /v5/earn/rwa/product'),
  getEarnRwaPosition: priv('GET /v5/earn/rwa/position'),
  getEarnRwaOrder: priv('GET /v5/earn/rwa/order'),
  getEarnRwaNavChart: pub('GET /v5/earn/rwa/nav-chart'),
  getEarnHoldToEarnProduct: pub('GET /v5/earn/hold-to-earn/product'),
  getEarnAdvanceProduct: pub('GET /v5/earn/advance/product'),
  getEarnLiquidityMiningProduct: pub('GET /v5/earn/liquidity-mining/product'),
  getEarnFixedTermProduct: pub('GET /v5/earn/fixed-term/product'),
  getEarnAdvanceProductExtraInfo: pub('GET /v5/earn/advance/product-extra-info'),
  getEarnAdvancePosition: priv('GET /v5/earn/advance/position'),
  getEarnAdvanceOrder: priv('GET /v5/earn/advance/order'),
  getEarnFixedTermPosition: priv('GET /v5/earn/fixed-term/position'),
  getEarnFixedTermOrder: priv('GET /v5/earn/fixed-term/order'),
  getEarnOrder: priv('GET /v5/earn/order'),
  getEarnPosition: priv('GET /v5/earn/position'),
  getEarnYield: priv('GET /v5/earn/yield'),
  getEarnHoldToEarnYieldHistory: priv('GET /v5/earn/hold-to-earn/yield-history'),
  getEarnHourlyYield: priv('GET /v5/earn/hourly-yield'),
  getEarnAprHistory: pub('GET /v5/earn/apr-history'),
  getEarnTokenProduct: pub('GET /v5/earn/token/product'),
  getEarnTokenOrder: priv('GET /v5/earn/token/order'),
  getEarnTokenPosition: priv('GET /v5/earn/token/position'),
  getEarnTokenYield: priv('GET /v5/earn/token/yield'),
  getEarnTokenHourlyYield: priv('GET /v5/earn/token/hourly-yield'),
  getEarnTokenHistoryApr: pub('GET /v5/earn/token/history-apr'),
} as const;
