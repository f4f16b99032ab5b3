/**
 * The slice of cognito-local's services and errors the extensions use (its own types are internal), and
 * what each group of extension operations is given to work with.
 */
import type { FunctionSpec } from '@functions/function-spec';

export interface CognitoUser {
  Username: string;
  Attributes: { Name: string; Value?: string }[];
  UserStatus?: string;
  Enabled?: boolean;
  RefreshTokens?: string[];
  ConfirmationCode?: string;
  /** Where cognito-local keeps a user's authenticator-app secret; `LastUsedStep` is ours (replay guard). */
  SoftwareTokenMfaConfiguration?: SoftwareToken;
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  /**
   * Ours: access tokens issued (`iat`, in seconds) before this are revoked, as a global sign-out revokes
   * them in Cognito. cognito-local keeps no record of the access tokens it issued.
   */
  TokensRevokedBefore?: number;
  /** Ours: wrong codes given for the current password-reset code. */
  WrongResetCodes?: number;
  [key: string]: unknown;
}

export interface SoftwareToken {
  /** Base32, as Cognito's AssociateSoftwareToken hands it out. */
  Secret: string;
  Verified: boolean;
  FriendlyDeviceName?: string;
  /** The last 30-second step whose code was accepted: that code, and any older one, is refused after. */
  LastUsedStep?: number;
}

export interface UserPool {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<CognitoUser | null>;
  saveUser(ctx: unknown, user: CognitoUser): Promise<void>;
  storeRefreshToken(ctx: unknown, token: string, user: CognitoUser): Promise<void>;
  getUserByRefreshToken(ctx: unknown, token: string): Promise<CognitoUser | null>;
  listUserGroupMembership(ctx: unknown, user: CognitoUser): Promise<string[]>;
}

export interface AppClient {
  PreventUserExistenceErrors?: string;
  [key: string]: unknown;
}

export interface CognitoServices {
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPool>;
    getUserPool(ctx: unknown, userPoolId: string): Promise<UserPool>;
    getAppClient(ctx: unknown, clientId: string): Promise<AppClient | null>;
  };
  tokenGenerator: {
    generate(
      ctx: unknown,
      user: CognitoUser,
      groups: string[],
      client: unknown,
      clientMetadata: Record<string, string> | undefined,
      source: string,
    ): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
  };
  messages: {
    deliver(
      ctx: unknown,
      source: string,
      clientId: string,
      userPoolId: string,
      user: CognitoUser,
      code: string,
      clientMetadata: Record<string, string> | undefined,
      deliveryDetails: { AttributeName: string; DeliveryMedium: string; Destination: string },
    ): Promise<void>;
  };
  otp(): string;
}

export type Target = (ctx: unknown, request: Record<string, unknown>) => Promise<unknown>;
export type CognitoRouter = (target: string) => Target;

/** cognito-local's error types, so its server answers them as Cognito would (400 + __type). */
export interface CognitoErrors {
  NotAuthorizedError: new (message?: string) => Error;
  InvalidParameterError: new (message?: string) => Error;
  UserNotFoundError: new (message?: string) => Error;
  InvalidPasswordError: new () => Error;
  CodeMismatchError: new (message?: string) => Error;
  /** Any Cognito error by its `__type` (EnableSoftwareTokenMFAException, LimitExceededException…). */
  CognitoError: new (code: string, message: string) => Error;
}

/** What every group of extension operations works with: cognito-local itself, and the catalogue. */
export interface ExtensionDeps {
  /** cognito-local's own operations, for what an extension passes on. */
  router: CognitoRouter;
  services: CognitoServices;
  errors: CognitoErrors;
  functions: readonly FunctionSpec[];
}

export function attributesOf(user: CognitoUser): Record<string, string> {
  return Object.fromEntries(user.Attributes.map((attribute) => [attribute.Name, attribute.Value ?? '']));
}

/** Cognito's masked destination ("a***@e***"), which says nothing about the account. */
export function maskedEmail(address: string) {
  return `${address.charAt(0)}***@${address.split('@')[1]?.charAt(0) ?? ''}***`;
}
