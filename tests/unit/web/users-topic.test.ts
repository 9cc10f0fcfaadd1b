import { describe, expect, it } from 'vitest';
import { Topic } from '../../../shared/src/contract/ws';
import { usersTopic } from '../../../web/src/pages/users/users-topic';

describe('the users tables follow a live topic', () => {
  it('admins follow each type; a fleet admin its own drivers; the topic is one the server accepts', () => {
    expect(usersTopic('rider', 'admin', 'a1')).toBe('users/rider');
    expect(usersTopic('driver', 'admin', 'a1')).toBe('users/driver');
    expect(usersTopic('fleetadmin', 'admin', 'a1')).toBe('users/fleetadmin');
    expect(usersTopic('driver', 'fleetadmin', 'f1')).toBe('users/fleet/f1');
    expect(usersTopic('rider', 'fleetadmin', 'f1')).toBeUndefined();
    for (const topic of ['users/rider', 'users/driver', 'users/fleetadmin', 'users/fleet/f1']) expect(Topic.safeParse(topic).success, topic).toBe(true);
  });
});
