export { OwnSessionsPanel } from './components/own-sessions-panel';
