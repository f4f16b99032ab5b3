/**
 * A sentence that ends on something a person typed (a business's name, a link's title): "Harbour Coffee Co."
 * already ends in a full stop, and one more reads "Co..". As in print, the name's own stop, question or
 * exclamation mark serves as the sentence's; any other ending gets a full stop.
 */
const ENDS_A_SENTENCE = /[.!?…]$/u;

/** `text` as the last words of a sentence: with its full stop, and never two. */
export function endOfSentence(text: string): string {
  return ENDS_A_SENTENCE.test(text) ? text : `${text}.`;
}
