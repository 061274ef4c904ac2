export { useFlexUsage } from './api/get-flex-usage';
export { UsageChart } from './components/usage-chart';
export { UsageTable } from './components/usage-table';
