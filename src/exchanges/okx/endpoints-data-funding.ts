import { priv, pub } from '../transport/http-routes';

/**
 * OKX routes: public data, rubik statistics, funding, sub-accounts, finance, affiliate, status, announcements, broker.
 * Generated from the SDK inventory (docs/protocol.md "The REST endpoint inventories", okx-endpoints.tsv / bybit-endpoints.tsv) and
 * reviewed; endpoints.test.ts proves every inventory row is here or in endpoints-funds-moving.ts, with its
 * method, path and signing.
 */
export const OKX_DATA_FUNDING_ROUTES = {
  // Trading statistics - REST endpoints
  getRubikStatTradingDataSupportCoin: pub('GET /api/v5/rubik/stat/trading-data/support-coin'),
  getRubikStatContractsOpenInterestHistory: pub('GET /api/v5/rubik/stat/contracts/open-interest-history'),
  getRubikStatTakerVolume: pub('GET /api/v5/rubik/stat/taker-volume'),
  getRubikStatTakerVolumeContract: pub('GET /api/v5/rubik/stat/taker-volume-contract'),
  getRubikStatMarginLoanRatio: pub('GET /api/v5/rubik/stat/margin/loan-ratio'),
  getRubikStatContractsLongShortAccountRatioContractTopTrader: pub(
    'GET /api/v5/rubik/stat/contracts/long-short-account-ratio-contract-top-trader',
  ),
  getRubikStatContractsLongShortPositionRatioContractTopTrader: pub(
    'GET /api/v5/rubik/stat/contracts/long-short-position-ratio-contract-top-trader',
  ),
  getRubikStatContractsLongShortAccountRatioContract: pub(
    'GET /api/v5/rubik/stat/contracts/long-short-account-ratio-contract',
  ),
  getRubikStatContractsLongShortAccountRatio: pub(
    'GET /api/v5/rubik/stat/contracts/long-short-account-ratio',
  ),
  getRubikStatContractsOpenInterestVolume: pub('GET /api/v5/rubik/stat/contracts/open-interest-volume'),
  getRubikStatOptionOpenInterestVolume: pub('GET /api/v5/rubik/stat/option/open-interest-volume'),
  getRubikStatOptionOpenInterestVolumeRatio: pub('GET /api/v5/rubik/stat/option/open-interest-volume-ratio'),
  getRubikStatOptionOpenInterestVolumeExpiry: pub(
    'GET /api/v5/rubik/stat/option/open-interest-volume-expiry',
  ),
  getRubikStatOptionOpenInterestVolumeStrike: pub(
    'GET /api/v5/rubik/stat/option/open-interest-volume-strike',
  ),
  getRubikStatOptionTakerBlockVolume: pub('GET /api/v5/rubik/stat/option/taker-block-volume'),

  // Funding account - REST endpoints
  getAssetCurrencies: priv('GET /api/v5/asset/currencies'),
  getAssetBalances: priv('GET /api/v5/asset/balances'),
  getAssetNonTradableAssets: priv('GET /api/v5/asset/non-tradable-assets'),
  getAssetAssetValuation: priv('GET /api/v5/asset/asset-valuation'),
  getAssetTransferState: priv('GET /api/v5/asset/transfer-state'),
  getAssetBills: priv('GET /api/v5/asset/bills'),
  getAssetBillsHistory: priv('GET /api/v5/asset/bills-history'),
  getAssetDepositLightning: priv('GET /api/v5/asset/deposit-lightning'),
  getAssetDepositAddress: priv('GET /api/v5/asset/deposit-address'),
  getAssetDepositHistory: priv('GET /api/v5/asset/deposit-history'),
  getAssetWithdrawalHistory: priv('GET /api/v5/asset/withdrawal-history'),
  getAssetDepositWithdrawStatus: priv('GET /api/v5/asset/deposit-withdraw-status'),
  getAssetExchangeList: pub('GET /api/v5/asset/exchange-list'),
  postAssetMonthlyStatement: priv('POST /api/v5/asset/monthly-statement'),
  getAssetMonthlyStatement: priv('GET /api/v5/asset/monthly-statement'),
  getAssetConvertCurrencies: priv('GET /api/v5/asset/convert/currencies'),
  getAssetConvertCurrencyPair: priv('GET /api/v5/asset/convert/currency-pair'),
  getAssetConvertHistory: priv('GET /api/v5/asset/convert/history'),

  // Subaccount - REST endpoints
  getUsersSubaccountList: priv('GET /api/v5/users/subaccount/list'),
  getAccountSubaccountBalances: priv('GET /api/v5/account/subaccount/balances'),
  getAssetSubaccountBalances: priv('GET /api/v5/asset/subaccount/balances'),
  getAccountSubaccountMaxWithdrawal: priv('GET /api/v5/account/subaccount/max-withdrawal'),
  getAssetSubaccountBills: priv('GET /api/v5/asset/subaccount/bills'),
  getAssetSubaccountManagedSubaccountBills: priv('GET /api/v5/asset/subaccount/managed-subaccount-bills'),
  getUsersEntrustSubaccountList: priv('GET /api/v5/users/entrust-subaccount-list'),
  getAccountSubaccountInterestLimits: priv('GET /api/v5/account/subaccount/interest-limits'),

  // Financial product - on chain earn endpoints
  getFinanceStakingDefiOffers: priv('GET /api/v5/finance/staking-defi/offers'),
  getFinanceStakingDefiOrdersActive: priv('GET /api/v5/finance/staking-defi/orders-active'),
  getFinanceStakingDefiOrdersHistory: priv('GET /api/v5/finance/staking-defi/orders-history'),

  // Financial product - ETH staking endpoints
  getFinanceStakingDefiEthProductInfo: pub('GET /api/v5/finance/staking-defi/eth/product-info'),
  getFinanceStakingDefiSolProductInfo: pub('GET /api/v5/finance/staking-defi/sol/product-info'),
  getFinanceStakingDefiEthBalance: priv('GET /api/v5/finance/staking-defi/eth/balance'),
  getFinanceStakingDefiEthPurchaseRedeemHistory: priv(
    'GET /api/v5/finance/staking-defi/eth/purchase-redeem-history',
  ),
  getFinanceStakingDefiEthApyHistory: pub('GET /api/v5/finance/staking-defi/eth/apy-history'),

  // Financial product - simple earn flexible endpoints
  getFinanceSavingsBalance: priv('GET /api/v5/finance/savings/balance'),
  getFinanceSavingsLendingHistory: priv('GET /api/v5/finance/savings/lending-history'),
  getFinanceSavingsLendingRateSummary: pub('GET /api/v5/finance/savings/lending-rate-summary'),
  getFinanceSavingsLendingRateHistory: pub('GET /api/v5/finance/savings/lending-rate-history'),

  // Financial product - simple earn fixed endpoints
  getFinanceFixedLoanLendingOffers: pub('GET /api/v5/finance/fixed-loan/lending-offers'),
  getFinanceFixedLoanLendingApyHistory: pub('GET /api/v5/finance/fixed-loan/lending-apy-history'),
  getFinanceFixedLoanPendingLendingVolume: pub('GET /api/v5/finance/fixed-loan/pending-lending-volume'),
  getFinanceFixedLoanLendingOrdersList: priv('GET /api/v5/finance/fixed-loan/lending-orders-list'),
  getFinanceFixedLoanLendingSubOrders: priv('GET /api/v5/finance/fixed-loan/lending-sub-orders'),

  // Financial product - Flexible loan endpoints
  getFinanceFlexibleLoanBorrowCurrencies: pub('GET /api/v5/finance/flexible-loan/borrow-currencies'),
  getFinanceFlexibleLoanCollateralAssets: pub('GET /api/v5/finance/flexible-loan/collateral-assets'),
  postFinanceFlexibleLoanMaxLoan: priv('POST /api/v5/finance/flexible-loan/max-loan'),
  getFinanceFlexibleLoanLoanInfo: priv('GET /api/v5/finance/flexible-loan/loan-info'),
  getFinanceFlexibleLoanLoanHistory: priv('GET /api/v5/finance/flexible-loan/loan-history'),
  getFinanceFlexibleLoanInterestAccrued: priv('GET /api/v5/finance/flexible-loan/interest-accrued'),

  // Financial product — dual investment (DCD) endpoints
  getFinanceSfpDcdCurrencyPair: priv('GET /api/v5/finance/sfp/dcd/currency-pair'),
  getFinanceSfpDcdProducts: priv('GET /api/v5/finance/sfp/dcd/products'),
  getFinanceSfpDcdOrderStatus: priv('GET /api/v5/finance/sfp/dcd/order-status'),
  getFinanceSfpDcdOrderHistory: priv('GET /api/v5/finance/sfp/dcd/order-history'),

  // Affiliate endpoints
  getAffiliateInviteeDetail: priv('GET /api/v5/affiliate/invitee/detail'),
  getUsersPartnerIfRebate: priv('GET /api/v5/users/partner/if-rebate'),

  // Status endpoints (public)
  getSystemStatus: pub('GET /api/v5/system/status'),

  // Announcement endpoints
  getSupportAnnouncements: pub('GET /api/v5/support/announcements'),
  getSupportAnnouncementTypes: pub('GET /api/v5/support/announcement-types'),

  // Broker endpoints (private)
  postBrokerNdDeleteSubaccount: priv('POST /api/v5/broker/nd/delete-subaccount'),
} as const;
