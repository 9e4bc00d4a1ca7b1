import { getMessages, sendMessage } from '../domain/support-chat.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';

export const supportChatRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const limit = customerWriteLimit(api, 'chat_message');
  await api.register(signedIn(api.db, (chat) => {
    postCall(chat, 'sendmessage', async (request, reply) => {
      await limit(request, reply, request.customer);
      const { vendorId, userId } = request.customer;
      return { code: 200, Result: await sendMessage(api.db, vendorId, userId, request.body.message, request.lang) };
    });
    postCall(chat, 'getmessage', async (request) => {
      const { vendorId, userId } = request.customer;
      const { before, limit, mark_read: markRead } = request.body;
      return { code: 200, Result: await getMessages(api.db, vendorId, userId, { before, limit: limit ?? 50, markRead: markRead !== 0 }) };
    });
  }));
};
