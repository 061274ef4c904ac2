export { NavBar } from './nav-bar';
export { UserMenu } from './user-menu';
