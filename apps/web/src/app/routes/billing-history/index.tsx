import { ComingSoon } from '../../../components/coming-soon';

export default function BillingHistoryScreen() {
  return <ComingSoon title="Billing History" />;
}
