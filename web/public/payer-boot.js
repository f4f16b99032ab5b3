/*
 * /p/{id}'s script (functions/domain/payer-page-html.ts names it, with the app's entry in data-entry). The
 * page arrives drawn by the server, so the app's code only makes it interactive: it is asked for once the
 * browser has painted that HTML, and never competes with the document for a phone's first round trips.
 * A classic deferred script, so it is fetched at low priority and knows its own tag. A tab opened in the
 * background paints nothing until shown: the timer starts the app anyway.
 */
(() => {
  const entry = document.currentScript?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The page stays readable if the code cannot arrive; its controls stay disabled, as drawn.
    import(entry).catch((error) => console.error(error));
  };
  setTimeout(start, 250);
  requestAnimationFrame(() => setTimeout(start, 0));
})();
