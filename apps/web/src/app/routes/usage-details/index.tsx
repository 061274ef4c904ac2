import { ComingSoon } from '../../../components/coming-soon';

export default function UsageDetailsScreen() {
  return <ComingSoon title="Subscription Usage Details" />;
}
