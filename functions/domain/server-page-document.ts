import { escapeHtml } from '@shared/escape-html';

/**
 * The frame of a page the server draws whole, apart from the web app (the receipt page, the unsubscribe
 * page): its own small stylesheet, kept out of search results, and no referrer passed on, because its
 * address carries a receipt's token or a request's id.
 */
export function serverPageDocument(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>`;
}
