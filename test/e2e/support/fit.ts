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

/**
 * Whether `text`, somewhere in the element, is drawn whole: its box lies inside every box around
 * it, up to the element, that clips (a cell, the row), and inside the window. `clipped` says what
 * cuts it, or false.
 */
export function textShownWhole(
  locator: Locator,
  text: string,
): Promise<{ found: boolean; clipped: false | string }> {
  return inPage(
    locator,
    `const text = ${JSON.stringify(text)};
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const box = range.getBoundingClientRect();
      if (box.width === 0) return { found: true, clipped: 'nothing drawn' };
      const inside = (o) =>
        box.left >= o.left - 0.5 && box.right <= o.right + 0.5 &&
        box.top >= o.top - 0.5 && box.bottom <= o.bottom + 0.5;
      for (let up = node.parentElement; up; up = up.parentElement) {
        const outer = up.getBoundingClientRect();
        if (getComputedStyle(up).overflowX !== 'visible' && !inside(outer)) {
          return { found: true, clipped: 'by .' + up.className + ' (' + box.right + ' > ' + outer.right + ')' };
        }
        if (up === el) break;
      }
      const viewport = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      return { found: true, clipped: inside(viewport) ? false : 'by the window' };
    }
    return { found: false, clipped: 'not in the element' };`,
  );
}
