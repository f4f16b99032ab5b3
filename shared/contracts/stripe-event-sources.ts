/**
 * Event-bus sources of the Stripe events the webhook ingress forwards (detail-type = Stripe's event type),
 * one per endpoint they came through: Paylink's own account (`platform`: the subscription) or the merchants'
 * connected accounts (`connect`: onboarding, payments). The catalogue's rules route each kind only from its
 * own endpoint, and the consumers check the source again.
 */
export const STRIPE_EVENT_SOURCES = { platform: 'paylink.stripe.platform', connect: 'paylink.stripe.connect' } as const;
export type StripeEndpoint = keyof typeof STRIPE_EVENT_SOURCES;
