export { openBillsQueryOptions, useOpenBills } from './api/get-open-bills';
export { usePayBill } from './api/pay-bill';
export { OpenBillCard } from './components/open-bill-card';
export { usePaymentAuthentication } from './use-payment-authentication';
