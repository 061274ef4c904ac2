import { ComingSoon } from '../../../components/coming-soon';

export default function SubscriptionsScreen() {
  return <ComingSoon title="Subscriptions" />;
}
