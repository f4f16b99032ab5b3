/**
 * The name of the user pool's server-only app client (docs/decisions.md #259). The token trigger leaves
 * Cognito's self-service scope (aws.cognito.signin.user.admin) in the access tokens of this client only, so
 * a token the browser holds cannot set up an authenticator app, change attributes or the password, or
 * delete the account through Cognito's own API. The trigger knows a client by its name: the pool names the
 * trigger, so the trigger's environment cannot name the pool's clients.
 */
export const SERVER_APP_CLIENT_NAME = 'paylink-server';
