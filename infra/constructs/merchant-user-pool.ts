/**
 * Merchants' accounts: a Cognito user pool signed into by email, and the SPA's app client. The password
 * policy is the one shared/ enforces in the browser (8+ characters, upper, lower, digit, symbol).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  LambdaVersion,
  Mfa,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { CognitoTrigger } from '@functions/function-spec';
import { SERVER_APP_CLIENT_NAME } from '@functions/environment';

const TRIGGER_OPERATIONS: Record<CognitoTrigger, UserPoolOperation> = {
  preSignUp: UserPoolOperation.PRE_SIGN_UP,
  customMessage: UserPoolOperation.CUSTOM_MESSAGE,
  defineAuthChallenge: UserPoolOperation.DEFINE_AUTH_CHALLENGE,
  createAuthChallenge: UserPoolOperation.CREATE_AUTH_CHALLENGE,
  verifyAuthChallengeResponse: UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
  postConfirmation: UserPoolOperation.POST_CONFIRMATION,
  // Version 2 (below): the access token's scopes, which only the *_CONFIG operation can register.
  preTokenGeneration: UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
};

export interface MerchantUserPoolProps {
  stage: string;
  isProduction: boolean;
  /** Cognito's emails (verification, password reset) go out through SES from this address… */
  mailFrom: string;
  /** …which this SES identity (a domain, or the address itself, in the stack's region) authorises… */
  mailIdentity: string;
  /**
   * …once SES reports it verified. Until then Cognito sends from its own address: Cognito refuses to
   * create or update a pool whose SES identity is not verified, and the identity this stack creates
   * cannot be verified before its DKIM records are published, after the deploy.
   */
  mailVerified: boolean;
}

export class MerchantUserPool extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /**
   * Paylink's own routes sign in through it, with the person's password (and code), for what needs
   * Cognito's self-service scope: setting up the authenticator app (docs/decisions.md #259).
   */
  readonly serverClient: UserPoolClient;
  /** The `iss` of the pool's tokens, which API Gateway and the realtime authorizer check. */
  readonly tokenIssuer: string;

  constructor(scope: Construct, id: string, props: MerchantUserPoolProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `paylink-${props.stage}-merchants`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Through SES once verified, rather than Cognito's own sender, which is capped at 50 emails a day.
      email: props.mailVerified
        ? UserPoolEmail.withSES({
            fromEmail: props.mailFrom,
            fromName: 'Paylink',
            sesRegion: Stack.of(this).region,
            ...(props.mailIdentity.includes('@') ? {} : { sesVerifiedDomain: props.mailIdentity }),
          })
        : UserPoolEmail.withCognito(),
      // docs/decisions.md #23: a merchant may add an authenticator app (TOTP) as a second factor for password
      // sign-in, in Settings. No SMS: it costs per message, needs an SNS role, and is the weaker factor.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: props.isProduction,
      removalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is OPTIONAL (authenticator-app TOTP, set up by each merchant in Settings, docs/decisions.md #23), not REQUIRED: merchants also sign in with a single-use emailed magic link (CUSTOM_AUTH), which a required second factor would defeat, and a new merchant must be able to sign in before setting up an authenticator app.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Threat protection (the Plus plan) is billed per monthly active user at several times Essentials; Paylink starts on Essentials with a strong password policy, verified emails and API throttling, and can switch featurePlan when abuse warrants it.',
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'paylink-web',
      // A browser cannot keep a secret.
      generateSecret: false,
      // The SPA signs in through the Cognito API itself; no hosted UI, so no OAuth flows or callback URLs.
      disableOAuth: true,
      // USER_PASSWORD_AUTH for the password form, CUSTOM_AUTH for the magic link; refresh is always allowed.
      authFlows: { userPassword: true, custom: true, userSrp: false, adminUserPassword: false },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // A magic-link sign-in waits for the merchant to open an email: match the link's 15-minute life.
      authSessionValidity: Duration.minutes(15),
    });

    // Its id is in no page and no config.json: only the functions' environment. It has no secret because a
    // secret would add nothing: its sign-in asks the same password and code as the browser's.
    this.serverClient = this.userPool.addClient('ServerClient', {
      userPoolClientName: SERVER_APP_CLIENT_NAME,
      generateSecret: false,
      disableOAuth: true,
      authFlows: { userPassword: true, custom: false, userSrp: false, adminUserPassword: false },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // Used within one request: Cognito's shortest lives (5 minutes; refresh 60 minutes).
      idTokenValidity: Duration.minutes(5),
      accessTokenValidity: Duration.minutes(5),
      refreshTokenValidity: Duration.minutes(60),
    });

    const stack = Stack.of(this);
    this.tokenIssuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
  }

  addTrigger(trigger: CognitoTrigger, handler: IFunction) {
    // The token trigger's version 2 event can change the access token's scopes (the Essentials plan's).
    const version = trigger === 'preTokenGeneration' ? LambdaVersion.V2_0 : undefined;
    this.userPool.addTrigger(TRIGGER_OPERATIONS[trigger], handler, version);
  }

  /**
   * Lets a function end users' sessions (AdminUserGlobalSignOut on this pool only). A policy of its own
   * rather than the function's default one: a trigger's function must exist before the pool that names
   * it, and a default policy naming the pool would make the function wait for the pool. `name` (the
   * function's construct id) tells apart the policies of several functions.
   */
  grantSignOut(handler: IFunction, name: string) {
    if (!handler.role) throw new Error(`${handler.node.path} has no role to grant AdminUserGlobalSignOut to`);
    new Policy(this, `SignOut${name}`, {
      roles: [handler.role],
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });
  }

  /**
   * AdminGetUser: whether a merchant has two-factor on (docs/decisions.md #169, #250). A policy of its own,
   * as grantSignOut's; `name` (the function's construct id) tells apart the policies of several functions.
   * The token trigger also reads its app clients' names (DescribeUserPoolClient, #259).
   */
  grantReadTwoFactor(handler: IFunction, name: string, extraActions: string[] = []) {
    if (!handler.role) throw new Error(`${handler.node.path} has no role to grant AdminGetUser to`);
    new Policy(this, `ReadTwoFactor${name}`, {
      roles: [handler.role],
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminGetUser', ...extraActions],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });
  }
}
