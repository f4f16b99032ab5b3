/**
 * cognito-local depends on the AWS SDK v2, which prints an end-of-support notice when loaded, and the v3
 * SDK warns about Node 20 on every start. Neither says anything about Paylink; both hide the output
 * a person needs. (Lambda runs Node 22+, see infra/stack.ts.)
 */
export const QUIET_AWS_SDK_ENV = {
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

export function quietAwsSdkNotices() {
  Object.assign(process.env, QUIET_AWS_SDK_ENV);
}
