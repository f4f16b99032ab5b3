/**
 * Cognito sign-in state through Amplify. Import this module only with `import()`: it carries Amplify,
 * and the public pages (landing, the payer's /p/:id) must not download it.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { loadRuntimeConfig } from './runtime-config';

/** Who is signed in, as far as the browser can tell from its tokens. */
export interface SignedInSession {
  userId: string;
  email: string | undefined;
}

let amplifyConfigured: Promise<void> | undefined;

/** Configures Amplify from `/config.json` once; every function below waits for it. */
export function configureAuth(): Promise<void> {
  amplifyConfigured ??= loadRuntimeConfig().then(
    (config) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            // Only the local runtime sets this (cognito-local); in the cloud Amplify derives the endpoint.
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    },
    (error: unknown) => {
      amplifyConfigured = undefined;
      throw error;
    },
  );
  return amplifyConfigured;
}

/** The current session, refreshing expired tokens if it can; `null` when nobody is signed in. */
export async function getSignedInSession(): Promise<SignedInSession | null> {
  await configureAuth();
  const { tokens, userSub } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const email = tokens.idToken?.payload.email;
  return {
    userId: userSub ?? String(tokens.accessToken.payload.sub),
    email: typeof email === 'string' ? email : undefined,
  };
}

/** The access token the API's JWT authorizer checks, or `null` when nobody is signed in. */
export async function getAccessToken(): Promise<string | null> {
  await configureAuth();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString() ?? null;
}
