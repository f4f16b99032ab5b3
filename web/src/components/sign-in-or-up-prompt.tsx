import { Link } from 'react-router-dom';

/**
 * The line under a sign-in or sign-up form that sends a person to the other one ("Already have an account? Sign
 * in here", "Don't have an account? Sign up"). A plain link, so it works on a prerendered page before the script
 * has run. The words stay in each feature's strings; centred under a form, or `start` where it follows left-set
 * text (the join page's refusal).
 */
export function SignInOrUpPrompt({
  question,
  linkText,
  to,
  align = 'center',
}: {
  question: string;
  linkText: string;
  to: string;
  align?: 'center' | 'start';
}) {
  return (
    <p className={align === 'center' ? 'text-center text-sm text-muted-foreground' : 'text-sm text-muted-foreground'}>
      {question}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {linkText}
      </Link>
    </p>
  );
}
