/**
 * A stand-in for core/realtime/channel.ts in unit tests: the listeners a module under test adds are kept
 * in `channelStub.listeners`, for the test to tell them of events and reconnections. A test file swaps it in with
 *
 *   vi.mock('../realtime/channel.ts', async () => (await import('../realtime/channel-stub.test-helpers.ts')).stubbedChannel());
 */
import type { ChannelListener } from './channel.ts';

export const channelStub = { listeners: new Set<ChannelListener>() };

/** The module that replaces core/realtime/channel.ts: listenToChannel records its listener. */
export function stubbedChannel() {
  return {
    listenToChannel(listener: ChannelListener) {
      channelStub.listeners.add(listener);
      return () => channelStub.listeners.delete(listener);
    },
  };
}
