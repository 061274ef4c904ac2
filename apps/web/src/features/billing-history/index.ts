export { billHistoryQueryOptions, useBillHistory } from './api/get-bill-history';
export { BillHistoryTable } from './components/bill-history-table';
