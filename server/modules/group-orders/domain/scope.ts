import type { Db } from '../../../db/pool.ts';
import type { Vendor } from '../../vendors/index.ts';
import { findMember, GroupRefusal, groupIdOf, loadGroup, type RefusalKind } from './groups.ts';

/**
 * The live channel's scope of a guest (events with `group` and `member_key`, as a tracking link is an
 * order's scope): the group when the key is one of its members' still in it; else why not.
 */
export async function groupMemberScope(
  db: Db, vendor: Vendor, secret: string, ref: string, memberKey: string, now: Date,
): Promise<{ groupId: number } | { refused: RefusalKind; message: string }> {
  try {
    const ctx = { db, vendor, lang: '', now, secret, baseUrl: '' };
    const loaded = await loadGroup(db, vendor.id, await groupIdOf(db, ctx, ref));
    const member = findMember(loaded, { userId: undefined, memberKey });
    if (!member || member.removed) return { refused: 'forbidden', message: 'This member key is not valid for this group' };
    return { groupId: loaded.group.id };
  } catch (error) {
    if (error instanceof GroupRefusal) return { refused: error.kind, message: error.message };
    throw error;
  }
}
