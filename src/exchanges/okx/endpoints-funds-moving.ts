import { nameRoutes, priv } from '../transport/http-routes';

/**
 * The OKX routes that move funds or the right to move them: withdrawals, transfers, conversions, loans, Earn
 * subscriptions and API-key rights. Kept as part of the v5 catalogue (endpoints.test.ts checks them against the
 * inventory) but out of OKX_ROUTES, the table the rest client is typed to: lint lets only tests import this file
 * (eslint.config.js), so no route here reaches the worker's bundle, and store-build.spec.ts checks that it does not.
 * GET routes read (deposit addresses, withdrawal history) and stay in the product table.
 */
export const OKX_FUNDS_MOVING_ROUTES = nameRoutes({
  // Withdrawals: funds leave the account (on chain, Lightning), or a pending one is cancelled
  postAssetWithdrawal: priv('POST /api/v5/asset/withdrawal'),
  postAssetWithdrawalLightning: priv('POST /api/v5/asset/withdrawal-lightning'),
  postAssetCancelWithdrawal: priv('POST /api/v5/asset/cancel-withdrawal'),

  // Transfers between wallets, sub-accounts and bots, and the switch that lets a sub-account transfer out
  postAssetTransfer: priv('POST /api/v5/asset/transfer'),
  postAssetSubaccountTransfer: priv('POST /api/v5/asset/subaccount/transfer'),
  postUsersSubaccountSetTransferOut: priv('POST /api/v5/users/subaccount/set-transfer-out'),
  postTradingBotGridWithdrawIncome: priv('POST /api/v5/tradingBot/grid/withdraw-income'),

  // Conversions outside the order book: convert, small-asset convert, repay by converting
  postAssetConvertEstimateQuote: priv('POST /api/v5/asset/convert/estimate-quote'),
  postAssetConvertTrade: priv('POST /api/v5/asset/convert/trade'),
  postTradeEasyConvert: priv('POST /api/v5/trade/easy-convert'),
  postTradeOneClickRepay: priv('POST /api/v5/trade/one-click-repay'),

  // Borrowing, repaying and lending, and the switches that borrow or repay by themselves
  postAccountQuickMarginBorrowRepay: priv('POST /api/v5/account/quick-margin-borrow-repay'),
  postAccountBorrowRepay: priv('POST /api/v5/account/borrow-repay'),
  postAccountSpotManualBorrowRepay: priv('POST /api/v5/account/spot-manual-borrow-repay'),
  postAccountSetAutoRepay: priv('POST /api/v5/account/set-auto-repay'),
  postAccountSetAutoLoan: priv('POST /api/v5/account/set-auto-loan'),
  postAccountFixedLoanBorrowingOrder: priv('POST /api/v5/account/fixed-loan/borrowing-order'),
  postAccountFixedLoanAmendBorrowingOrder: priv('POST /api/v5/account/fixed-loan/amend-borrowing-order'),
  postAccountFixedLoanManualReborrow: priv('POST /api/v5/account/fixed-loan/manual-reborrow'),
  postAccountFixedLoanRepayBorrowingOrder: priv('POST /api/v5/account/fixed-loan/repay-borrowing-order'),
  postAccountFixedLoanConvertToMarketLoan: priv('POST /api/v5/account/fixed-loan/convert-to-market-loan'),
  postAccountFixedLoanReduceLiabilities: priv('POST /api/v5/account/fixed-loan/reduce-liabilities'),
  postAccountSubaccountSetLoanAllocation: priv('POST /api/v5/account/subaccount/set-loan-allocation'),
  postFinanceFixedLoanLendingOrder: priv('POST /api/v5/finance/fixed-loan/lending-order'),
  postFinanceFixedLoanAmendLendingOrder: priv('POST /api/v5/finance/fixed-loan/amend-lending-order'),
  postFinanceFlexibleLoanAdjustCollateral: priv('POST /api/v5/finance/flexible-loan/adjust-collateral'),
  postFinanceSavingsSetLendingRate: priv('POST /api/v5/finance/savings/set-lending-rate'),

  // Earn: subscribing and redeeming moves funds between the funding account and a product
  postFinanceStakingDefiPurchase: priv('POST /api/v5/finance/staking-defi/purchase'),
  postFinanceStakingDefiRedeem: priv('POST /api/v5/finance/staking-defi/redeem'),
  postFinanceStakingDefiCancel: priv('POST /api/v5/finance/staking-defi/cancel'),
  postFinanceStakingDefiEthPurchase: priv('POST /api/v5/finance/staking-defi/eth/purchase'),
  postFinanceStakingDefiEthRedeem: priv('POST /api/v5/finance/staking-defi/eth/redeem'),
  postFinanceStakingDefiEthCancelRedeem: priv('POST /api/v5/finance/staking-defi/eth/cancel-redeem'),
  postFinanceSavingsPurchaseRedempt: priv('POST /api/v5/finance/savings/purchase-redempt'),
  postFinanceSfpDcdQuote: priv('POST /api/v5/finance/sfp/dcd/quote'),
  postFinanceSfpDcdTrade: priv('POST /api/v5/finance/sfp/dcd/trade'),
  postFinanceSfpDcdRedeemQuote: priv('POST /api/v5/finance/sfp/dcd/redeem-quote'),
  postFinanceSfpDcdRedeem: priv('POST /api/v5/finance/sfp/dcd/redeem'),

  // Key and sub-account authority: an API key's rights, and broker sub-accounts to move funds to
  postUsersSubaccountModifyApikey: priv('POST /api/v5/users/subaccount/modify-apikey'),
  postBrokerNdSubaccountApikey: priv('POST /api/v5/broker/nd/subaccount/apikey'),
  postBrokerNdCreateSubaccount: priv('POST /api/v5/broker/nd/create-subaccount'),
});
