import {
  ADDRESS_MSG, checkAddress, deleteAddress, findAddress, insertAddress, listAddresses, primaryAddress, setPrimary, toFormFields, updateAddress,
} from '../domain/addresses.ts';
import { inTransaction } from '../../../db/tx.ts';
import { InputError } from '../../../errors.ts';
import { listNearby } from '../../stores/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { acceptMultipartForm } from '../../../http/multipart-form.ts';
import { signedIn } from '../../../http/customer.ts';

const NOT_FOUND = { code: 101, msg: ADDRESS_MSG.notFound } as const;

/** Form posts (`a=1&b=2`) become plain objects; repeated keys keep the last value. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export const addressRoutes: ApiPlugin = async (api) => {
  // Older storefronts post the address form: JSON, urlencoded and the spec's multipart form are accepted.
  await acceptMultipartForm(api);
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  await api.register(signedIn(api.db, (addresses) => {
    const list = async (request: { customer: { vendorId: number; userId: number } }) => {
      const Result = await listAddresses(api.db, request.customer);
      return Result.length ? { code: 200, Result } : { code: 101, msg: ADDRESS_MSG.none, Result: [] };
    };
    postCall(addresses, 'list_shiping_address', list);
    postCall(addresses, 'get_user_address', list);

    postCall(addresses, 'add_shiping_address', async (request) => {
      const checked = checkAddress(request.body);
      if (!checked.ok) throw new InputError(checked.errors);
      const saved = await inTransaction(api.db, (c) => insertAddress(c, request.customer, checked.value));
      if (!saved) return { code: 101, msg: ADDRESS_MSG.tooMany };
      return { code: 200, msg: ADDRESS_MSG.saved, Result: saved };
    });

    postCall(addresses, 'update_shiping_address', async (request) => {
      const { body, customer } = request;
      const existing = await findAddress(api.db, customer, body.shiping_id);
      if (!existing) return NOT_FOUND;
      // Fields left out keep their stored values.
      const present = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      const checked = checkAddress({ ...toFormFields(existing), ...present });
      if (!checked.ok) throw new InputError(checked.errors);
      const saved = await updateAddress(api.db, customer, body.shiping_id, checked.value);
      return saved ? { code: 200, msg: ADDRESS_MSG.updated, Result: saved } : NOT_FOUND;
    });

    postCall(addresses, 'delete_shiping_address', async (request) => {
      const deleted = await deleteAddress(api.db, request.customer, request.body.shiping_id);
      return deleted ? { code: 200, msg: ADDRESS_MSG.deleted } : NOT_FOUND;
    });

    postCall(addresses, 'set_primary_address', async (request) => {
      const address = await inTransaction(api.db, (c) => setPrimary(c, request.customer, request.body.address_id));
      if (!address) return NOT_FOUND;
      const [nearest] = await listNearby(api.db, request.vendor, {
        latitude: address.latitude,
        longitude: address.longitude,
        lang: request.lang,
        mode: 'delivery',
        limit: 1,
        skip: 0,
        sort: 'distance',
      }, api.runtime.clock.now());
      return { code: 200, msg: ADDRESS_MSG.primary, Result: { restaurant_id: nearest?.id ?? null } };
    });

    postCall(addresses, 'get_user_primary_address', async (request) => {
      const address = await primaryAddress(api.db, request.customer);
      return address ? { code: 200, Result: address } : { code: 101, msg: ADDRESS_MSG.none };
    });
  }));
};
