import { ComingSoon } from '../../../components/coming-soon';

export default function ForgotPasswordScreen() {
  return <ComingSoon title="Forgot Password" />;
}
