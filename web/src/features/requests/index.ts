/** What other features use of payment requests: the "Send to a customer" dialog (the links list's menu opens it). */
export { SendRequestDialog } from './components/send-request-dialog';
