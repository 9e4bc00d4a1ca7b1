// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../core/i18n/i18n.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => activateLocale('en'));

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

async function renderDialog(calls: string[], confirmPart?: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(
    <I18nProvider i18n={i18n}>
      <ConfirmDialog
        open
        title="Sign out"
        question="Are you sure?"
        confirmLabel="Yes"
        onClose={() => calls.push('close')}
        onConfirm={() => calls.push('confirm')}
        part="confirm-dialog"
        confirmPart={confirmPart}
      />
    </I18nProvider>,
  ));
  return host;
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
