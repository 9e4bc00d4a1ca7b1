import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { signInByApi, signOutLocally } from '../tests/helpers/element-api.ts';
import { part, parts, partText } from '../tests/helpers/element-dom.ts';
import { sharedStore } from '../tests/helpers/element-state.ts';
import '/dist/storefront.standalone.js';

const states = (element: Element) => parts(element, 'chat-state').map((state) => state.textContent);

describe('<sf-support-chat>', () => {
  afterEach(() => signOutLocally());

  it('inline: sends a message, shows it Sent, then Read, and the agent\'s answer arrives without a reload', async function () {
    this.timeout(30_000);
    await signInByApi('Chat Tester');
    const chat = await fixture(html`<sf-support-chat mode="inline"></sf-support-chat>`);
    await waitUntil(() => part(chat, 'chat-form'), 'no chat form', { timeout: 15_000 });
    expect(partText(chat, 'chat-empty')).to.equal('Ask us anything about your orders, payments or account.');
    expect(part(chat, 'chat-messages')!.getAttribute('role')).to.equal('log');
    const input = part<HTMLTextAreaElement>(chat, 'chat-input')!;
    expect(part<HTMLButtonElement>(chat, 'chat-send')!.disabled).to.equal(true);
    input.value = 'Where is my order?';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await waitUntil(() => !part<HTMLButtonElement>(chat, 'chat-send')!.disabled, 'Send stays disabled');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await waitUntil(() => states(chat)[0] === 'Sent' || states(chat)[0] === 'Read', 'not sent', { timeout: 10_000 });
    expect(input.value).to.equal('');
    // The demo agent reads it and answers a moment later.
    await waitUntil(() => parts(chat, 'chat-message-agent').length === 1, 'no answer', { timeout: 15_000 });
    await waitUntil(() => states(chat)[0] === 'Read', 'not read', { timeout: 10_000 });
    expect(partText(chat, 'chat-message-agent')).to.contain('support team');
  });

  it('widget: a launcher for signed-in customers that opens the conversation in a dialog; nothing for guests', async () => {
    const guest = await fixture(html`<sf-support-chat></sf-support-chat>`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(part(guest, 'chat-launcher')).to.equal(null);

    await signInByApi('Chat Widget Tester');
    const widget = await fixture(html`<sf-support-chat></sf-support-chat>`);
    await waitUntil(() => part(widget, 'chat-launcher'), 'no launcher', { timeout: 15_000 });
    const launcher = part<HTMLButtonElement>(widget, 'chat-launcher')!;
    expect(launcher.getAttribute('aria-label')).to.equal('Chat with support');
    launcher.click();
    await waitUntil(() => part<HTMLDialogElement>(widget, 'chat-dialog')?.open, 'dialog not open', { timeout: 5_000 });
    await waitUntil(() => part(widget, 'chat-form'), 'no conversation in the dialog', { timeout: 15_000 });
    const dialog = part<HTMLDialogElement>(widget, 'chat-dialog')!;
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    dialog.dispatchEvent(new Event('cancel'));
    await waitUntil(() => !part<HTMLDialogElement>(widget, 'chat-dialog')?.open, 'Escape did not close it', { timeout: 5_000 });
  });

  it('with the vendor\'s Intercom on, the launcher opens Intercom\'s messenger for the customer instead', async () => {
    const calls: unknown[][] = [];
    // The page has Intercom already (a vendor's own snippet): no script is added, nothing leaves the machine.
    (window as unknown as { Intercom: (...args: unknown[]) => void }).Intercom = (...args: unknown[]) => calls.push(args);
    const settings = sharedStore<Record<string, unknown> | null>('settings');
    await waitUntil(() => settings.get() !== null, 'settings never loaded', { timeout: 15_000 });
    const before = settings.get()!;
    try {
      settings.set({ ...before, intercom_details: { is_enable: 1, intercom_configuration_appid: 'abc123xy' } });
      await signInByApi('Intercom Tester');
      const widget = await fixture(html`<sf-support-chat></sf-support-chat>`);
      await waitUntil(() => part(widget, 'chat-launcher'), 'no launcher', { timeout: 15_000 });
      expect(part(widget, 'chat-launcher')!.getAttribute('data-intercom')).to.equal('abc123xy');
      part<HTMLButtonElement>(widget, 'chat-launcher')!.click();
      expect(calls.map((call) => call[0])).to.deep.equal(['boot', 'show']);
      expect(calls[0]![1]).to.include({ app_id: 'abc123xy', name: 'Intercom Tester' });
      expect(part(widget, 'chat-dialog')).to.equal(null);
      expect(document.querySelector('script[src*="intercom"]')).to.equal(null);

      // An app id that is not one (it would go into a script URL) is no Intercom: the built-in chat stays.
      settings.set({ ...before, intercom_details: { is_enable: 1, intercom_configuration_appid: '"><script>' } });
      await waitUntil(() => !part(widget, 'chat-launcher')?.hasAttribute('data-intercom'), 'a bad app id was used', { timeout: 5_000 });
    } finally {
      settings.set(before);
      delete (window as unknown as { Intercom?: unknown }).Intercom;
    }
  });
});
