import { describe, expect, it } from 'vitest';
import { checkAddress } from './addresses.ts';

const ok = { address: '1 Market St', latitude: 37.79, longitude: -122.39 };

describe('checkAddress', () => {
  it('accepts a minimal address and defaults the tag to Home', () => {
    const r = checkAddress(ok);
    expect(r).toEqual({
      ok: true,
      value: { ...ok, label: 'Home', flat_no: '', house_name: '', landmark: '', city: '', state: '', zip_code: '' },
    });
  });

  it('accepts numeric strings and numbers where the contract allows both', () => {
    const r = checkAddress({ ...ok, latitude: '37.79', longitude: '-122.39', zip_code: 94105, flat_no: 12, address_clarification: 'office' });
    expect(r.ok && r.value).toMatchObject({ latitude: 37.79, longitude: -122.39, zip_code: '94105', flat_no: '12', label: 'Office' });
  });

  it('requires the address, with the message Please enter address', () => {
    for (const address of [undefined, '', '   ']) {
      expect(checkAddress({ ...ok, address })).toEqual({ ok: false, errors: { address: ['Please enter address'] } });
    }
  });

  it('requires a valid location', () => {
    const r = checkAddress({ address: 'x', latitude: 91, longitude: 'east' });
    expect(r.ok ? {} : r.errors).toEqual({
      latitude: ['Latitude must be between -90 and 90'],
      longitude: ['Longitude must be between -180 and 180'],
    });
    const missing = checkAddress({ address: 'x' });
    expect(missing.ok ? {} : Object.keys(missing.errors)).toEqual(['latitude', 'longitude']);
  });

  it('checks the tag and the flat number', () => {
    expect(checkAddress({ ...ok, address_clarification: 'Castle' })).toEqual({
      ok: false, errors: { address_clarification: ['Address type must be Home, Office or Other'] },
    });
    for (const flat of ['12', '4B', 'Apt 12-3', '12/4', 'شقة ٥']) expect(checkAddress({ ...ok, flat_no: flat }).ok, flat).toBe(true);
    expect(checkAddress({ ...ok, flat_no: 'Penthouse' })).toEqual({ ok: false, errors: { flat_no: ['Flat number must be a number'] } });
    expect(checkAddress({ ...ok, flat_no: '1'.repeat(21) })).toEqual({ ok: false, errors: { flat_no: ['Flat number must be at most 20 characters'] } });
    expect(checkAddress({ ...ok, flat_no: '12; DROP' }).ok).toBe(false);
  });

  it('limits the other texts', () => {
    const r = checkAddress({ ...ok, landmark: 'x'.repeat(201), city: ['a'] });
    expect(r.ok ? {} : r.errors).toEqual({ landmark: ['Landmark must be at most 200 characters'], city: ['city must be text'] });
  });
});
