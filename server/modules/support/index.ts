import type { ServerModule } from '../module.ts';
import { startSupportAgent } from './domain/support-chat.ts';
import { faqRoutes } from './routes/faq.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { supportChatRoutes } from './routes/support-chat.ts';

/** Help: the FAQ, store feedback, the support chat and the demo agent that answers it. */
export const supportModule: ServerModule = {
  name: 'support',
  routes: [feedbackRoutes, faqRoutes, supportChatRoutes],
  jobs: ({ db, options, logError }) => {
    if (!options.supportDemoAgent) return [];
    return [{
      startsWhen: 'ready',
      start: () => {
        const agent = startSupportAgent(db, logError('demo support agent failed'));
        return () => agent.stop();
      },
    }];
  },
};
