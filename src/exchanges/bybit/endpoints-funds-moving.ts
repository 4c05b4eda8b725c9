import { nameRoutes, priv } from '../transport/http-routes';

/**
 * The Bybit routes that move funds or the right to move them: withdrawals, transfers (also of positions between
 * accounts), conversions, loans, Earn and Alpha subscriptions, P2P release, broker rewards and API-key rights.
 * Kept as part of the v5 catalogue (endpoints.test.ts checks them against the inventory) but out of BYBIT_ROUTES,
 * the table the rest client is typed to: lint lets only tests import this file (eslint.config.js), so no route
 * here reaches the worker's bundle, and store-build.spec.ts checks that it does not. GET routes read (deposit
 * addresses, withdrawal records) and stay in the product table.
 */
export const BYBIT_FUNDS_MOVING_ROUTES = nameRoutes({
  // Withdrawals: funds leave the account, or a pending one is cancelled
  postAssetWithdrawCreate: priv('POST /v5/asset/withdraw/create'),
  postAssetWithdrawCancel: priv('POST /v5/asset/withdraw/cancel'),

  // Transfers between wallets and accounts, the list of sub-accounts allowed to transfer, and moving positions between accounts
  postAssetTransferInterTransfer: priv('POST /v5/asset/transfer/inter-transfer'),
  postAssetTransferUniversalTransfer: priv('POST /v5/asset/transfer/universal-transfer'),
  postAssetTransferSaveTransferSubMember: priv('POST /v5/asset/transfer/save-transfer-sub-member'),
  postEarnPwmFundTransfer: priv('POST /v5/earn/pwm/fund-transfer'),
  postPositionMovePositions: priv('POST /v5/position/move-positions'),

  // Conversions outside the order book
  postAssetExchangeQuoteApply: priv('POST /v5/asset/exchange/quote-apply'),
  postAssetExchangeConvertExecute: priv('POST /v5/asset/exchange/convert-execute'),
  postAccountNoConvertRepay: priv('POST /v5/account/no-convert-repay'),

  // Borrowing, repaying and lending, and the switches that repay by themselves
  postAccountBorrow: priv('POST /v5/account/borrow'),
  postAccountRepay: priv('POST /v5/account/repay'),
  postAccountQuickRepayment: priv('POST /v5/account/quick-repayment'),
  postSpotMarginTradeSetAutoRepayMode: priv('POST /v5/spot-margin-trade/set-auto-repay-mode'),
  postSpotMarginTradeFixedborrow: priv('POST /v5/spot-margin-trade/fixedborrow'),
  postSpotMarginTradeFixedborrowRenew: priv('POST /v5/spot-margin-trade/fixedborrow-renew'),
  postSpotCrossMarginTradeLoan: priv('POST /v5/spot-cross-margin-trade/loan'),
  postSpotCrossMarginTradeRepay: priv('POST /v5/spot-cross-margin-trade/repay'),
  postCryptoLoanBorrow: priv('POST /v5/crypto-loan/borrow'),
  postCryptoLoanRepay: priv('POST /v5/crypto-loan/repay'),
  postCryptoLoanAdjustLtv: priv('POST /v5/crypto-loan/adjust-ltv'),
  postCryptoLoanCommonAdjustLtv: priv('POST /v5/crypto-loan-common/adjust-ltv'),
  postCryptoLoanFlexibleBorrow: priv('POST /v5/crypto-loan-flexible/borrow'),
  postCryptoLoanFlexibleRepay: priv('POST /v5/crypto-loan-flexible/repay'),
  postCryptoLoanFlexibleRepayCollateral: priv('POST /v5/crypto-loan-flexible/repay-collateral'),
  postCryptoLoanFixedBorrow: priv('POST /v5/crypto-loan-fixed/borrow'),
  postCryptoLoanFixedSupply: priv('POST /v5/crypto-loan-fixed/supply'),
  postCryptoLoanFixedBorrowOrderCancel: priv('POST /v5/crypto-loan-fixed/borrow-order-cancel'),
  postCryptoLoanFixedSupplyOrderCancel: priv('POST /v5/crypto-loan-fixed/supply-order-cancel'),
  postCryptoLoanFixedFullyRepay: priv('POST /v5/crypto-loan-fixed/fully-repay'),
  postCryptoLoanFixedRenew: priv('POST /v5/crypto-loan-fixed/renew'),
  postInsLoanAssociationUid: priv('POST /v5/ins-loan/association-uid'),
  postInsLoanRepayLoan: priv('POST /v5/ins-loan/repay-loan'),

  // Earn and Alpha: subscribing, staking and redeeming move funds between the account and a product
  postEarnPlaceOrder: priv('POST /v5/earn/place-order'),
  postEarnPositionModify: priv('POST /v5/earn/position/modify'),
  postEarnTokenPlaceOrder: priv('POST /v5/earn/token/place-order'),
  postEarnRwaPlaceOrder: priv('POST /v5/earn/rwa/place-order'),
  postEarnAdvancePlaceOrder: priv('POST /v5/earn/advance/place-order'),
  postEarnFixedTermPlaceOrder: priv('POST /v5/earn/fixed-term/place-order'),
  postEarnFixedTermRedeem: priv('POST /v5/earn/fixed-term/redeem'),
  postEarnFixedTermPositionAutoInvest: priv('POST /v5/earn/fixed-term/position/auto-invest'),
  postEarnPwmInvestmentPlanClaim: priv('POST /v5/earn/pwm/investment-plan/claim'),
  postEarnPwmInvestmentPlanSubscribe: priv('POST /v5/earn/pwm/investment-plan/subscribe'),
  postEarnPwmInvestmentPlanInvestMore: priv('POST /v5/earn/pwm/investment-plan/invest-more'),
  postEarnPwmInvestmentPlanRedeem: priv('POST /v5/earn/pwm/investment-plan/redeem'),
  postEarnPwmCustomizePlanCreate: priv('POST /v5/earn/pwm/customize-plan/create'),
  postEarnPwmAssetManagerSettleProfit: priv('POST /v5/earn/pwm/asset-manager/settle-profit'),
  postEarnPwmAssetManagerCreateFund: priv('POST /v5/earn/pwm/asset-manager/create-fund'),
  postEarnPwmAssetManagerCreateInvestmentPlan: priv('POST /v5/earn/pwm/asset-manager/create-investment-plan'),
  postEarnPwmAssetManagerManageInvestmentPlan: priv('POST /v5/earn/pwm/asset-manager/manage-investment-plan'),
  postEarnPwmAssetManagerManageOrder: priv('POST /v5/earn/pwm/asset-manager/manage-order'),
  postEarnPwmAssetManagerCreateSubAccount: priv('POST /v5/earn/pwm/asset-manager/create-sub-account'),
  postAlphaTradePurchase: priv('POST /v5/alpha/trade/purchase'),
  postAlphaTradeRedeem: priv('POST /v5/alpha/trade/redeem'),
  postAlphaLpStake: priv('POST /v5/alpha/lp/stake'),
  postAlphaLpRedeem: priv('POST /v5/alpha/lp/redeem'),
  postAlphaPredictionBuy: priv('POST /v5/alpha/prediction/buy'),
  postAlphaPredictionSell: priv('POST /v5/alpha/prediction/sell'),

  // P2P: advertising to sell, marking an order paid, releasing the coins to the buyer
  postP2pItemCreate: priv('POST /v5/p2p/item/create'),
  postP2pItemOnline: priv('POST /v5/p2p/item/online'),
  postP2pItemUpdate: priv('POST /v5/p2p/item/update'),
  postP2pItemCancel: priv('POST /v5/p2p/item/cancel'),
  postP2pOrderPay: priv('POST /v5/p2p/order/pay'),
  postP2pOrderFinish: priv('POST /v5/p2p/order/finish'),

  // Broker rewards paid out to users
  postBrokerAwardDistributeAward: priv('POST /v5/broker/award/distribute-award'),

  // Key and sub-account authority: an API key's rights, new keys
  postUserUpdateApi: priv('POST /v5/user/update-api'),
  postUserUpdateSubApi: priv('POST /v5/user/update-sub-api'),
  postUserCreateSubApi: priv('POST /v5/user/create-sub-api'),
});
