import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest,
  RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface,
} from 'fastify';
import { API_CALLS, type ApiCalls, type CallAnswer, type GetCallName, type PostCallName } from '../../contract/api/calls.ts';
import { exactTypesValidator } from './validation.ts';

/** The API's Fastify instance: request bodies and queries are typed from their TypeBox schemas. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A route plugin of the API (registered under the API's path, inside the vendor context). */
export type ApiPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, TypeBoxTypeProvider>;

/** The request a call's handler receives: `body` (POST) or `query` (GET) typed from the call's schema. */
export type CallRequestOf<N extends keyof ApiCalls, Part extends 'body' | 'querystring'> = FastifyRequest<
  RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, { [K in Part]: ApiCalls[N]['request'] }, TypeBoxTypeProvider
>;

export type PostHandler<N extends PostCallName> = (request: CallRequestOf<N, 'body'>, reply: FastifyReply) => Promise<CallAnswer<N>>;
export type GetHandler<N extends GetCallName> = (request: CallRequestOf<N, 'querystring'>, reply: FastifyReply) => Promise<CallAnswer<N>>;

/** Serves a POST call of the contract at `/<name>`, its body checked by the call's schema. */
export function postCall<N extends PostCallName>(api: Api, name: N, handler: NoInfer<PostHandler<N>>, options: { bodyLimit?: number } = {}): void {
  const call = API_CALLS[name];
  api.post<RouteGenericInterface, unknown, { body: ApiCalls[N]['request'] }>(`/${name}`, {
    ...options,
    schema: { body: call.request as ApiCalls[N]['request'] },
    ...(call.exactTypes ? { validatorCompiler: exactTypesValidator } : {}),
  }, handler);
}

/** Serves a GET call of the contract at `/<name>`, its query checked by the call's schema. */
export function getCall<N extends GetCallName>(api: Api, name: N, handler: NoInfer<GetHandler<N>>): void {
  api.get<RouteGenericInterface, unknown, { querystring: ApiCalls[N]['request'] }>(`/${name}`, { schema: { querystring: API_CALLS[name].request as ApiCalls[N]['request'] } }, handler);
}
