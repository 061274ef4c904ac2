import { ComingSoon } from '../../../components/coming-soon';

export default function ConfirmedScreen() {
  return <ComingSoon title="Thank you for your order" />;
}
