export { ApiTokensList } from './components/api-tokens-list';
export { CreateApiTokenForm } from './components/create-api-token-form';
export { NewApiToken } from './components/new-api-token';
