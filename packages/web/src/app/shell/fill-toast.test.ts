import type { Notification } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { newFillNotification } from './fill-toast.tsx';

const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  text: `Limit order filled ${id}`,
  type: 'TRANSACTION',
  url: `/transaction?id=${id}`,
  read: false,
  timestamp: 1,
  ...over,
});

describe('fill toast', () => {
  it('announces only a new unread transaction notification, once', () => {
    const seen = new Set(['a']);
    expect(newFillNotification(seen, [note('a')])).toBeNull();
    expect(newFillNotification(seen, [note('b'), note('a')])?.id).toBe('b');
    expect(newFillNotification(seen, [note('b'), note('a')])).toBeNull();
    expect(newFillNotification(seen, [note('c', { type: 'NEW_FOLLOWER' })])).toBeNull();
    expect(newFillNotification(seen, [note('d', { read: true })])).toBeNull();
  });
});
