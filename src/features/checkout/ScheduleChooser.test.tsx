// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $schedule } from '../../core/checkout/checkout.ts';
import { activateLocale } from '../../core/i18n/i18n.ts';
import { mount } from '../../ui/render.test-helpers.tsx';
import { ScheduleChooser } from './ScheduleChooser.tsx';

beforeAll(() => activateLocale('en'));
afterEach(async () => act(async () => $schedule.set({ kind: 'now' })));

/** The text of the elements that describe `field` (aria-describedby), or null when nothing does. */
const description = (field: Element) => {
  const ids = field.getAttribute('aria-describedby');
  return ids === null ? null : ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('the schedule', () => {
  it("ties the message to each select that is missing, and only while it shows", async () => {
    $schedule.set({ kind: 'later', date: '', start: '' });
    const quiet = await mount(<ScheduleChooser store={null} showErrors={false} />);
    expect([...quiet.querySelectorAll('select')].map(description)).toEqual([null, null]);

    const host = await mount(<ScheduleChooser store={null} showErrors />);
    const [date, time] = [...host.querySelectorAll('select')];
    const message = host.querySelector('[part="schedule-error"]')!;
    expect(message.textContent).toBe('Please select date and time');
    expect(message.id).not.toBe('');
    expect([date!.getAttribute('aria-invalid'), time!.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
    expect([description(date!), description(time!)]).toEqual(['Please select date and time', 'Please select date and time']);

    // A date chosen: the time alone is still missing, and described.
    await act(async () => $schedule.set({ kind: 'later', date: '2030-01-02', start: '' }));
    expect([date!.getAttribute('aria-invalid'), description(date!)]).toEqual([null, null]);
    expect([time!.getAttribute('aria-invalid'), description(time!)]).toEqual(['true', 'Please select date and time']);

    await act(async () => $schedule.set({ kind: 'later', date: '2030-01-02', start: '2030-01-02T10:00:00Z' }));
    expect(host.querySelector('[part="schedule-error"]')).toBeNull();
    expect([description(date!), description(time!)]).toEqual([null, null]);
  });
});
