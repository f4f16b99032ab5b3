/** What other features may use of the Subscribers screen. */
export { subscribersQueryKey } from './api/subscribers-api';
