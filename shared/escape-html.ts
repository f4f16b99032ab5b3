const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text content or an attribute value in HTML a server writes (the payer page, emails, the local sandbox's
 * pages): nothing a merchant or a payer types can close a tag or an attribute.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}
