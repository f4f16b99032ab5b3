import { PublicPageShell } from '@web/components/public-page-shell';
import { BRAND_NAME, TRIAL_DAYS } from '@shared/brand';
import { signupStrings } from '../signup-strings';
import { PlanSummary } from './plan-summary';
import { SignupForm } from './signup-form';
import { PageDescription } from '@web/components/page-description';

const SIGNUP_DESCRIPTION = `Create your ${BRAND_NAME} business account: a ${TRIAL_DAYS}-day free trial of payment links and QR codes for New Zealand businesses.`;

/**
 * /signup. `?plan=business` may be present (the pricing button adds it);
 * Business is the only plan, so every sign-up starts its trial.
 */
export function SignupPage() {
  return (
    <PublicPageShell>
      <PageDescription content={SIGNUP_DESCRIPTION} />
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{signupStrings.heading}</h1>
          <p className="text-lg text-muted-foreground">{signupStrings.intro}</p>
        </div>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <SignupForm />
          <PlanSummary />
        </div>
      </div>
    </PublicPageShell>
  );
}
