import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { signupStrings } from '../signup-strings';

/** The bot-check widget renders 1.5 s after the page (docs/decisions.md #5). */
const BOT_CHECK_DELAY_MS = 1500;
const CHALLENGE_URL = '/api/signup/challenge';

interface BotCheckProps {
  /** Bump it to solve a fresh challenge: a payload works once, so a refused sign-up needs a new one. */
  round: number;
  /** The widget's payload once verified, '' whenever it is not (again). Keep this callback stable. */
  onPayloadChange: (payload: string) => void;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/** The widget's methods exist once its component has mounted (its 'load' event). */
function isMounted(widget: AltchaWidgetElement): boolean {
  return typeof widget.getState === 'function';
}

/**
 * ALTCHA's self-hosted proof of work (docs/decisions.md #5). It starts solving as soon as the person is
 * using the form (ALTCHA's `auto="onfocus"`), so it is usually done before they reach it; the server
 * verifies the payload.
 */
export function BotCheck({ round, onPayloadChange }: BotCheckProps) {
  const [ready, setReady] = useState(false);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);

  useEffect(() => {
    let cancelled = false;
    // The widget's code loads straight away; it is shown once both it and the delay are done.
    const delay = new Promise((resolve) => setTimeout(resolve, BOT_CHECK_DELAY_MS));
    void Promise.all([import('altcha'), delay]).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Layout effects for the widget's listeners: they are on as it appears. Preact runs a plain effect a frame
  // later, and a field focused in that frame starts the widget (auto="onfocus"), whose answer could come
  // before anyone listened: the form would then wait for a payload that was never passed on.
  useLayoutEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onPayloadChange(state === 'verified' && payload ? payload : '');
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [ready, onPayloadChange]);

  // "onfocus" only sees focus that moves after the widget appeared: someone already typing when it
  // appears gets it started now.
  useLayoutEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    const startIfFormInUse = () => {
      widget.removeEventListener('load', startIfFormInUse);
      const formInUse = widget.closest('form')?.contains(document.activeElement);
      if (formInUse && widget.getState() === 'unverified') void widget.verify();
    };
    if (isMounted(widget)) startIfFormInUse();
    else widget.addEventListener('load', startIfFormInUse);
    return () => widget.removeEventListener('load', startIfFormInUse);
  }, [ready]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (round === 0 || !widget || !isMounted(widget)) return;
    widget.reset();
    void widget.verify();
  }, [round]);

  if (!ready) {
    return (
      <div
        role="status"
        className="flex h-16 items-center rounded-lg border border-dashed border-input bg-surface px-4 text-sm text-muted-foreground"
      >
        {signupStrings.botCheck.loading}
      </div>
    );
  }

  return (
    <altcha-widget
      ref={(element: HTMLElement | null) => {
        widgetRef.current = element as AltchaWidgetElement | null;
      }}
      challenge={CHALLENGE_URL}
      auto="onfocus"
      style={{
        '--altcha-max-width': '100%',
        '--altcha-border-radius': '0.5rem',
        '--altcha-border-color': 'var(--color-input)',
        '--altcha-color-primary': 'var(--color-primary)',
        '--altcha-color-success': 'var(--color-primary)',
        '--altcha-color-error': 'var(--color-destructive)',
        display: 'block',
      }}
    />
  );
}

/**
 * On submit: the payload of the bot check inside `form`, solving it first if nobody has yet (the person
 * was quicker than the widget) or waiting for the solve under way. Undefined when there is no widget yet
 * or it failed: the form then shows the field's own error.
 */
export async function finishBotCheck(form: HTMLFormElement): Promise<string | undefined> {
  const widget = form.querySelector('altcha-widget');
  if (!widget || !isMounted(widget)) return undefined;
  const state = widget.getState();
  if (state === 'verifying') {
    return new Promise((resolve) => {
      const onStateChange = (event: Event) => {
        const detail = (event as CustomEvent<StateChangeDetail>).detail;
        if (detail.state === 'verifying') return;
        widget.removeEventListener('statechange', onStateChange);
        resolve(detail.state === 'verified' ? detail.payload : undefined);
      };
      widget.addEventListener('statechange', onStateChange);
    });
  }
  if (state === 'verified') return undefined;
  const result = await widget.verify();
  return result?.payload;
}
