import { ComingSoon } from '../../../components/coming-soon';

export default function AccountScreen() {
  return <ComingSoon title="Update Account" />;
}
