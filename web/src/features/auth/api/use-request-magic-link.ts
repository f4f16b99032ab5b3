import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/auth/magic-link from the sign-in form. The request module (the API client and the auth
 * contracts' zod schemas) is fetched when the merchant asks for a link, not when /login first paints.
 */
export function useRequestMagicLink() {
  return useMutation({
    mutationFn: async (email: string) => (await import('./request-magic-link')).requestMagicLink(email),
  });
}
