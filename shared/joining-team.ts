/**
 * A person who signed up from a team invitation, on their way to the verify page (docs/decisions.md #283).
 * Dependency-free: the Cognito adapter that every sign-up and get-me bundle carries imports it, not the contracts.
 */

/**
 * On the verification link of a person who signed up from a team invitation (docs/decisions.md #277): the verify
 * page then asks them to sign in to join their team, not to set up a business. It carries no business's name or
 * anything else a visitor could read: it changes only the page's words, and only once Cognito took the code.
 */
export const JOINING_TEAM_QUERY = { name: 'joining', value: 'team' } as const;
/**
 * The ClientMetadata key (SignUp's, and ResendConfirmationCode's from the browser, docs/decisions.md #293) that
 * tells Cognito's custom-message trigger the person is joining a team.
 */
export const JOINS_TEAM_METADATA = 'joinsTeam';
