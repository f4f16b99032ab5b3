/**
 * The catalogue's Cognito triggers, run in this process: the ones cognito-local runs itself (through a
 * stand-in for its Lambda client), and the ones the extensions run with Cognito's event shapes.
 */
import type { CognitoTrigger, FunctionSpec } from '@functions/function-spec';
import { invoke } from '../function-loader';
import type { CognitoErrors } from './cognito-local-types';

/**
 * The trigger names cognito-local's LambdaService knows, for the triggers it runs itself. Not
 * PostConfirmation, which it knows too: it swallows that trigger's failure, and a reset whose sessions
 * failed to end must fail as in Cognito, so account-recovery runs it.
 */
const COGNITO_LOCAL_TRIGGER_NAMES: Partial<Record<CognitoTrigger, string>> = {
  preSignUp: 'PreSignUp',
  customMessage: 'CustomMessage',
  // Not PreTokenGeneration either: cognito-local sends only version 1 events, and the pool runs version 2
  // (docs/decisions.md #259), so token-generation.ts runs it before every issue.
};

export function triggerFunctions(functions: readonly FunctionSpec[]): Partial<Record<CognitoTrigger, FunctionSpec>> {
  return Object.fromEntries(functions.filter((fn) => fn.cognitoTrigger).map((fn) => [fn.cognitoTrigger!, fn]));
}

/**
 * For cognito-local's LambdaService: its trigger-name → function-name config, and a stand-in for the
 * AWS SDK v2 Lambda client that runs the catalogue function in this process.
 */
export function inProcessLambda(functions: readonly FunctionSpec[]) {
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  const config = Object.fromEntries(
    Object.entries(triggerFunctions(functions))
      .filter(([trigger]) => COGNITO_LOCAL_TRIGGER_NAMES[trigger as CognitoTrigger])
      .map(([trigger, fn]) => [COGNITO_LOCAL_TRIGGER_NAMES[trigger as CognitoTrigger]!, fn.name]),
  );
  const client = {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        async promise() {
          try {
            const result = await invoke(byName.get(params.FunctionName)!, JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result) };
          } catch (error) {
            return {
              StatusCode: 200,
              FunctionError: 'Unhandled',
              Payload: JSON.stringify({ errorMessage: (error as Error).message }),
            };
          }
        },
      };
    },
  };
  return { config, client };
}

/**
 * Runs a catalogue trigger with Cognito's event shape and answers its `response`. A trigger that fails
 * fails the operation, as in Cognito (`errorType` names the Cognito exception it becomes).
 */
export function triggerRunner(functions: readonly FunctionSpec[], errors: CognitoErrors) {
  const triggers = triggerFunctions(functions);
  return {
    has: (trigger: CognitoTrigger) => Boolean(triggers[trigger]),
    async run(
      trigger: CognitoTrigger,
      triggerSource: string,
      base: object,
      request: object,
      failure: (message: string) => Error = (message) => new errors.NotAuthorizedError(message),
    ): Promise<Record<string, unknown>> {
      const fn = triggers[trigger];
      if (!fn) throw new errors.InvalidParameterError(`No ${trigger} trigger is configured`);
      const event = { version: '1', region: 'local', triggerSource, ...base, request, response: {} };
      try {
        const result = (await invoke(fn, event)) as { response: Record<string, unknown> };
        return result.response;
      } catch (error) {
        throw failure(`${fn.name} failed with error ${(error as Error).message}.`);
      }
    },
  };
}
export type TriggerRunner = ReturnType<typeof triggerRunner>;
