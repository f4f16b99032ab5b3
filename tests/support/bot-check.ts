/** Solves the sign-up bot check the way the ALTCHA widget does in a browser, and encodes its payload. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export async function solveBotCheck(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/signup/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('Could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
