export { AccountPage } from '../features/auth/account-page';
