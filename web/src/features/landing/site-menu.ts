/**
 * The landing header's small-screen menu as plain DOM behaviour on the markup SiteHeader draws, so the
 * prerendered landing page needs no React for it: its island (landing-island.ts) is this file alone, and the
 * merchant app's drawing of the same header connects the same code once mounted. One behaviour, two ways in.
 * Until connected the button stays disabled, as drawn, so a tap never lands on a menu that cannot open.
 */

/** The landing page's `<header>`, which the island looks for. */
export const SITE_HEADER_ID = 'site-header';
/** The folded menu's element, named by the button's `aria-controls`. */
export const SITE_MENU_ID = 'site-menu';

/**
 * Wires the menu button in `header`: it toggles the menu (its `aria-expanded`, and its name from
 * `data-open-label` / `data-close-label`); Escape or following a link in the menu folds it away. Returns
 * the undoing, for React's effect cleanup.
 */
export function connectSiteMenu(header: HTMLElement): () => void {
  const button = header.querySelector<HTMLButtonElement>(`button[aria-controls="${SITE_MENU_ID}"]`);
  const menu = header.querySelector<HTMLElement>(`#${SITE_MENU_ID}`);
  if (!button || !menu) throw new Error(`The site header has no menu button or #${SITE_MENU_ID}`);

  const show = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    const name = open ? button.dataset.closeLabel : button.dataset.openLabel;
    if (name) button.setAttribute('aria-label', name);
  };
  const toggle = () => show(menu.hidden);
  // A section link scrolls this same page: the menu would otherwise stay open over the section.
  const closeOnLinkFollowed = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) show(false);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    // Focus on a link about to be hidden would fall to the page's start; it goes back to the button.
    const focusWasInMenu = menu.contains(document.activeElement);
    show(false);
    if (focusWasInMenu) button.focus();
  };

  button.addEventListener('click', toggle);
  menu.addEventListener('click', closeOnLinkFollowed);
  document.addEventListener('keydown', closeOnEscape);
  button.disabled = false;
  return () => {
    button.removeEventListener('click', toggle);
    menu.removeEventListener('click', closeOnLinkFollowed);
    document.removeEventListener('keydown', closeOnEscape);
  };
}
