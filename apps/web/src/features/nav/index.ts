export { NavBar } from './nav-bar';
