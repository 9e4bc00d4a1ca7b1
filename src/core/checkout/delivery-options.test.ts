import { describe, expect, it } from 'vitest';
import type { DeliveryQuote } from '../../../contract/api/delivery-partners.ts';
import {
  deliveryOptions, isQuoteUsable, partnerFields, partnersOffered, QUOTE_LIFETIME_MAX_MS, QUOTE_LIFETIME_MIN_MS, QUOTE_RENEW_MARGIN_MS,
  QUOTE_SEND_MARGIN_MS, quoteLifetimeMs, renewDelay, selectionKey, standingChoice, type PartnerQuotes,
} from './delivery-options.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const TEN_MINUTES = 10 * 60_000;

function quote(partner: DeliveryQuote['partner'], id: string, lifetimeMs = TEN_MINUTES, from = NOW): DeliveryQuote {
  return { partner, quote_id: id, delivery_charge: 60, eta_minutes: 19, expires_at: new Date(from + lifetimeMs).toISOString() };
}

const ready = (q: DeliveryQuote, receivedAt = NOW) => ({ status: 'ready' as const, quote: q, receivedAt });

describe('delivery partners: the options', () => {
  it('offers the partners the settings name, known ones once, in the vendor\'s order', () => {
    expect(partnersOffered(null)).toEqual([]);
    expect(partnersOffered({})).toEqual([]);
    expect(partnersOffered({ delivery_partners: ['dunzo', 'porter'] })).toEqual(['dunzo', 'porter']);
    const odd = { delivery_partners: ['porter', 'uber', 'porter', 'constructor'] } as unknown as Parameters<typeof partnersOffered>[0];
    expect(partnersOffered(odd)).toEqual(['porter']);
  });

  it('lists the store\'s own delivery first, and a partner as selectable only with its quote', () => {
    const quotes: PartnerQuotes = { porter: ready(quote('porter', 'dq_a')), dunzo: { status: 'unavailable', reason: 'out_of_area' } };
    expect(deliveryOptions(['porter', 'dunzo'], quotes).map((o) => [o.choice, o.selectable, o.state?.status])).toEqual([
      ['store', true, undefined], ['porter', true, 'ready'], ['dunzo', false, 'unavailable'],
    ]);
    expect(deliveryOptions(['dunzo'], {}).map((o) => [o.choice, o.selectable, o.state?.status])).toEqual([['store', true, undefined], ['dunzo', false, 'loading']]);
    expect(deliveryOptions([], {})).toEqual([{ choice: 'store', selectable: true }]);
  });

  it('keeps a chosen partner while its quote may be sent, else falls back to the store\'s own delivery', () => {
    const quotes: PartnerQuotes = { porter: ready(quote('porter', 'dq_a')), dunzo: { status: 'failed' } };
    expect(standingChoice('porter', ['porter', 'dunzo'], quotes, NOW)).toBe('porter');
    expect(standingChoice('dunzo', ['porter', 'dunzo'], quotes, NOW)).toBe('store');
    expect(standingChoice('porter', ['dunzo'], quotes, NOW)).toBe('store');
    expect(standingChoice('porter', ['porter'], quotes, NOW + TEN_MINUTES - QUOTE_SEND_MARGIN_MS)).toBe('store');
    expect(standingChoice('store', ['porter'], quotes, NOW)).toBe('store');
  });

  it('sends the chosen partner with its quote, and nothing for the store or a lapsed quote', () => {
    const quotes: PartnerQuotes = { porter: ready(quote('porter', 'dq_a')), dunzo: { status: 'loading' } };
    expect(partnerFields('porter', quotes, NOW)).toEqual({ delivery_partner: 'porter', quote_id: 'dq_a' });
    expect(partnerFields('store', quotes, NOW)).toEqual({});
    expect(partnerFields('dunzo', quotes, NOW)).toEqual({});
    expect(partnerFields('porter', quotes, NOW + TEN_MINUTES)).toEqual({});
  });

  it('changes the selection key with the choice and with the chosen partner\'s new quote only', () => {
    const first: PartnerQuotes = { porter: ready(quote('porter', 'dq_a')), dunzo: ready(quote('dunzo', 'dq_b')) };
    const renewedDunzo: PartnerQuotes = { ...first, dunzo: ready(quote('dunzo', 'dq_c')) };
    const renewedPorter: PartnerQuotes = { ...first, porter: ready(quote('porter', 'dq_d')) };
    expect(selectionKey('store', first)).toBe(selectionKey('store', renewedPorter));
    expect(selectionKey('porter', first)).toBe(selectionKey('porter', renewedDunzo));
    expect(selectionKey('porter', first)).not.toBe(selectionKey('porter', renewedPorter));
    expect(selectionKey('porter', first)).not.toBe(selectionKey('dunzo', first));
  });

  it('asks again a minute before the first quote lapses, counted on the browser\'s clock from when it came', () => {
    const quotes: PartnerQuotes = {
      porter: ready(quote('porter', 'dq_a', TEN_MINUTES)), dunzo: ready(quote('dunzo', 'dq_b', 5 * 60_000)),
    };
    expect(renewDelay(quotes, NOW)).toBe(5 * 60_000 - QUOTE_RENEW_MARGIN_MS);
    expect(renewDelay(quotes, NOW + 10 * 60_000)).toBe(0);
    expect(renewDelay({ porter: { status: 'loading' } }, NOW)).toBeUndefined();
    // A server clock an hour ahead, or one behind: the lifetime stays within its bounds.
    expect(quoteLifetimeMs(quote('porter', 'x', TEN_MINUTES, NOW + 3_600_000), NOW)).toBe(QUOTE_LIFETIME_MAX_MS);
    expect(quoteLifetimeMs(quote('porter', 'x', TEN_MINUTES, NOW - 3_600_000), NOW)).toBe(QUOTE_LIFETIME_MIN_MS);
    expect(quoteLifetimeMs({ expires_at: 'not a date' }, NOW)).toBe(QUOTE_LIFETIME_MIN_MS);
    expect(isQuoteUsable(ready(quote('porter', 'x', TEN_MINUTES, NOW - 3_600_000)), NOW + 30_000)).toBe(true);
  });
});
