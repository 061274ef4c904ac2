import { ComingSoon } from '../../../components/coming-soon';

export default function VerifyEmailScreen() {
  return <ComingSoon title="Verify Email" />;
}
