// The composer when nothing was typed yet says nothing about the API document's rules: a field's
// reason shows once it was typed into, and the count of problems once a field typed into has one
// or a send was tried. "List resources" asks the way Act as says (the user's own token), not the
// app token with a user_id.
import { describe, expect, test } from 'vitest';
import { ComposerPage, connectUser, engineCall, sandboxUser } from './pages/composer-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();

describe('the composer at rest', () => {
  test('says nothing of the rules until a field is typed into or a send is tried', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const composer = new ComposerPage(app.page);
    await composer.chooseEndpoint('message.send');
    // The engine's preview has arrived (the request line shows): its problems are known.
    await expect.poll(() => composer.requestUrl.innerText(), POLL).toMatch(/\/tp\/message\/send/);
    expect(await composer.rulesSummary.count()).toBe(0);
    expect(await composer.field('contact_id').getAttribute('aria-invalid')).toBe(null);
    await saveAppScreenshot(app.page, 'composer-at-rest');

    // Typed into, then emptied: that field's reason, and the count of what is shown.
    await composer.set('contact_id', 'x');
    await composer.set('contact_id', '');
    await expect
      .poll(() => composer.field('contact_id').getAttribute('aria-invalid'), POLL)
      .toBe('true');
    await expect.poll(() => composer.rulesSummary.innerText(), POLL).toMatch(/^1 problem with/);

    // A send tried: every field's reason, and the engine's refusal with its way on.
    await composer.sendButton.click();
    await expect.poll(() => composer.sendAnywayButton.isVisible(), POLL).toBe(true);
    await expect.poll(() => composer.rulesSummary.innerText(), POLL).toMatch(/^[2-9] problems/);
  });

  test("List resources with Act as User's token calls with the user's token", async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const app = await session.openApp(running);
    await connectUser(app.page, running, ada.id);
    const composer = new ComposerPage(app.page);
    await expect.poll(() => composer.actAs("User's token").isEnabled(), POLL).toBe(true);
    await composer.chooseEndpoint('message.send');
    await composer.actAsUser("User's token", 'Ada');

    await composer.pickResource('user · ');
    const { records } = await engineCall(app.page, 'api.search', { query: 'resource/list' });
    const lists = records.filter((r) => r.api.url.includes('/tp/resource/list'));
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      // A user's token names the user: user_id would be refused (API document §5.3).
      expect(list.api.url).not.toContain('user_id');
      expect(Object.keys(list.api.requestParams)).not.toContain('user_id');
      expect(list.api.status).toBe(200);
    }
  });
});
