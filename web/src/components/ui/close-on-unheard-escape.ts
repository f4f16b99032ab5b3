import type { KeyboardEvent } from 'react';

/**
 * An Escape pressed inside a Radix dialog, sheet or menu closes it even before Radix listens for the key.
 *
 * Radix hears a layer's Escape through a document listener its effects add once the layer has registered as
 * the topmost one: two effect passes after the layer is drawn. React ran those with the click that opened
 * it; Preact (docs/decisions.md #216) runs each pass a frame later, so an Escape pressed in between — focus
 * already inside — was lost, and the layer stayed open. Once Radix listens it takes the key first (it listens
 * in the capture phase) and marks it handled, and this leaves it alone; so does a layer that refused to close.
 */
export function closeOnUnheardEscape(event: KeyboardEvent, close: () => void) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  event.preventDefault();
  close();
}
