export { fetchInvoice, invoiceFileName, saveBlob, useDownloadInvoice } from './api/download-invoice';
export { billHistoryQueryOptions, useBillHistory } from './api/get-bill-history';
export { BillHistoryTable } from './components/bill-history-table';
