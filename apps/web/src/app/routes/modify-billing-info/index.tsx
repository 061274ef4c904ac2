import { ComingSoon } from '../../../components/coming-soon';

export default function ModifyBillingInfoScreen() {
  return <ComingSoon title="Modify Billing Information" />;
}
