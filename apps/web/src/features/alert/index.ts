export { AlertBanner } from './alert-banner';
export {
  type AlertMessage,
  type AlertType,
  clearAlert,
  onNavigation,
  showAlert,
  useAlert,
} from './alert-store';
