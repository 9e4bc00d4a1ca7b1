// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../core/i18n/i18n.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { mount } from './render.test-helpers.tsx';

beforeAll(() => activateLocale('en'));

function renderDialog(calls: string[], confirmPart?: string): Promise<HTMLElement> {
  return mount(
    <ConfirmDialog
      open
      title="Sign out"
      question="Are you sure?"
      confirmLabel="Yes"
      onClose={() => calls.push('close')}
      onConfirm={() => calls.push('confirm')}
      part="confirm-dialog"
      confirmPart={confirmPart}
    />,
  );
}

function button(host: HTMLElement, text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((candidate) => candidate.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

describe('ConfirmDialog', () => {
  it('shows the title, the question, Cancel and the confirming button, with their parts', async () => {
    const host = await renderDialog([], 'confirm-yes');
    const dialog = host.querySelector('dialog');
    expect(dialog?.getAttribute('part')).toBe('confirm-dialog');
    expect(dialog?.querySelector('h2')?.textContent).toBe('Sign out');
    expect(dialog?.querySelector('p')?.textContent).toBe('Are you sure?');
    expect([...host.querySelectorAll('button')].map((each) => each.textContent)).toEqual(['Cancel', 'Yes']);
    expect(button(host, 'Yes').getAttribute('part')).toBe('confirm-yes');
  });

  it('gives the confirming button no part unless asked', async () => {
    const host = await renderDialog([]);
    expect(button(host, 'Yes').hasAttribute('part')).toBe(false);
  });

  it('closes, then confirms', async () => {
    const calls: string[] = [];
    const host = await renderDialog(calls);
    await act(async () => button(host, 'Yes').click());
    expect(calls).toEqual(['close', 'confirm']);
  });

  it('only closes on Cancel and on Escape', async () => {
    const calls: string[] = [];
    const host = await renderDialog(calls);
    await act(async () => button(host, 'Cancel').click());
    // Escape: the browser fires cancel on the dialog.
    await act(async () => host.querySelector('dialog')?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(calls).toEqual(['close', 'close']);
  });
});
