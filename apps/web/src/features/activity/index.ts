export { type ActivityFilters, noFilters, useActivity } from './api/get-activity';
export { ActivityFilterBar, AuditKindSelect } from './components/activity-filters';
export { ActivityTable } from './components/activity-table';
