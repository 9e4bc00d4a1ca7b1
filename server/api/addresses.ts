import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, SavedAddress, SetPrimaryAddressResult } from '../../src/core/api/contract.ts';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/tx.ts';
import {
  ADDRESS_MSG, checkAddress, deleteAddress, findAddress, insertAddress, listAddresses, primaryAddress, setPrimary,
  toFormFields, updateAddress, type Owner,
} from '../domain/addresses.ts';
import { listNearby } from '../domain/stores.ts';
import { pickLanguage, type Vendor } from '../domain/vendors.ts';
import { requireCustomer } from '../http/auth.ts';
import { ValidationError } from '../http/errors.ts';
import { requireVendor } from '../http/vendor.ts';
import { AddressIdBody, AnyBody, ShipingIdBody } from './schemas.ts';

const NOT_FOUND = { code: 101, msg: ADDRESS_MSG.notFound } as const;

/** The signed-in customer of the request's vendor (401 otherwise). */
async function owner(ctx: AppContext, request: FastifyRequest): Promise<{ vendor: Vendor; owner: Owner }> {
  const vendor = await requireVendor(ctx.db, request);
  const session = await requireCustomer(ctx.db, vendor, request);
  return { vendor, owner: { vendorId: vendor.id, userId: session.user_id } };
}

/** Form posts (`a=1&b=2`) become plain objects; repeated keys keep the last value. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function addressRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The spec's storefront posts the address form; JSON and urlencoded are accepted (multipart is not).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  const list = async (request: FastifyRequest): Promise<Envelope<SavedAddress[]>> => {
    const { owner: o } = await owner(ctx, request);
    const Result = await listAddresses(ctx.db, o);
    return Result.length ? { code: 200, Result } : { code: 101, msg: ADDRESS_MSG.none, Result: [] };
  };
  app.post('/list_shiping_address', { schema: { body: AnyBody } }, list);
  app.post('/get_user_address', { schema: { body: AnyBody } }, list);

  app.post('/add_shiping_address', { schema: { body: AnyBody } }, async (request): Promise<Envelope<SavedAddress>> => {
    const { owner: o } = await owner(ctx, request);
    const checked = checkAddress(request.body as Record<string, unknown>);
    if (!checked.ok) throw new ValidationError(checked.errors);
    const saved = await inTransaction(ctx.db, (c) => insertAddress(c, o, checked.value));
    if (!saved) return { code: 101, msg: ADDRESS_MSG.tooMany };
    return { code: 200, msg: ADDRESS_MSG.saved, Result: saved };
  });

  app.post('/update_shiping_address', { schema: { body: ShipingIdBody } }, async (request): Promise<Envelope<SavedAddress>> => {
    const { owner: o } = await owner(ctx, request);
    const body = request.body as ShipingIdBody & Record<string, unknown>;
    const existing = await findAddress(ctx.db, o, body.shiping_id);
    if (!existing) return NOT_FOUND;
    // Fields left out keep their stored values.
    const present = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const checked = checkAddress({ ...toFormFields(existing), ...present });
    if (!checked.ok) throw new ValidationError(checked.errors);
    const saved = await updateAddress(ctx.db, o, body.shiping_id, checked.value);
    return saved ? { code: 200, msg: ADDRESS_MSG.updated, Result: saved } : NOT_FOUND;
  });

  app.post('/delete_shiping_address', { schema: { body: ShipingIdBody } }, async (request): Promise<Envelope> => {
    const { owner: o } = await owner(ctx, request);
    const deleted = await deleteAddress(ctx.db, o, (request.body as ShipingIdBody).shiping_id);
    return deleted ? { code: 200, msg: ADDRESS_MSG.deleted } : NOT_FOUND;
  });

  app.post('/set_primary_address', { schema: { body: AddressIdBody } }, async (request): Promise<Envelope<SetPrimaryAddressResult>> => {
    const { vendor, owner: o } = await owner(ctx, request);
    const body = request.body as AddressIdBody;
    const address = await inTransaction(ctx.db, (c) => setPrimary(c, o, body.address_id));
    if (!address) return NOT_FOUND;
    const [nearest] = await listNearby(ctx.db, vendor, {
      latitude: address.latitude,
      longitude: address.longitude,
      lang: pickLanguage(vendor, body.is_langauge),
      mode: 'delivery',
      limit: 1,
      skip: 0,
      sort: 'distance',
    }, ctx.clock.now());
    return { code: 200, msg: ADDRESS_MSG.primary, Result: { restaurant_id: nearest?.id ?? null } };
  });

  app.post('/get_user_primary_address', { schema: { body: AnyBody } }, async (request): Promise<Envelope<SavedAddress>> => {
    const { owner: o } = await owner(ctx, request);
    const address = await primaryAddress(ctx.db, o);
    return address ? { code: 200, Result: address } : { code: 101, msg: ADDRESS_MSG.none };
  });
}
