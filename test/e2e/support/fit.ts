// Whether a control or a text is shown whole, measured in the page. The e2e tsconfig has no DOM
// types, so the code the browser runs is written as the body of a function of the element.
import type { Locator } from 'playwright-core';

/** Runs `body` in the page with the element as `el` (Playwright sends the function's source). */
function inPage<T>(locator: Locator, body: string): Promise<T> {
  const fn = new Function('el', body) as (el: unknown) => T;
  return locator.evaluate(fn);
}

/** The element's text runs past its box (cut, or ended with an ellipsis). */
export function isCut(locator: Locator): Promise<boolean> {
  return inPage(locator, 'return el.scrollWidth > el.clientWidth + 1;');
}

/** A closed select shows its chosen option's whole text, beside its arrow. */
export function selectShowsWhole(locator: Locator): Promise<boolean> {
  return inPage(
    locator,
    `const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = style.font;
    const text = el.selectedOptions[0] ? el.selectedOptions[0].text : '';
    const arrow = 16;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return ctx.measureText(text).width <= room;`,
  );
}

/** Where the element's text wraps: the text of each line box, in order. */
export function lines(locator: Locator): Promise<string[]> {
  return inPage(
    locator,
    `const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const out = [];
    let top = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top === null || rect.top > top + rect.height / 2) {
          out.push('');
          top = rect.top;
        }
        out[out.length - 1] += node.data[i];
      }
    }
    return out;`,
  );
}
