import { ComingSoon } from '../../../components/coming-soon';

export default function ResetPasswordScreen() {
  return <ComingSoon title="Set Password" />;
}
