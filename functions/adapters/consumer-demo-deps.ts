import { readSecret } from './secrets';
import { unlockAttemptStore, walletStore } from './wallet-store';

/**
 * The consumer demo's two routes (one function): the demo password's hash, which also signs the unlock
 * token, the unlock attempts per client, and the demo wallet.
 */
export async function consumerDemoDeps(now = new Date()) {
  return {
    passwordHash: await readSecret('consumer-demo-password-hash'),
    attempts: unlockAttemptStore,
    wallets: walletStore,
    now,
  };
}
