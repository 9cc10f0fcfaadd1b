import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken, newIdToken } from './support/endpoints';
import { postForm } from './support/uploads';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const phone = () => `7${String(Date.now()).slice(-7)}${String(seq++).padStart(2, '0').slice(-2)}`;
const signupBody = (over: Record<string, unknown> = {}) => {
  const n = unique();
  return { firstName: 'Sue', lastName: 'Signup', email: `sue-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: phone(), ...over };
};

async function uploadLicence(): Promise<string> {
  const ticket = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: 68 } });
  expect(ticket.status).toBe(200);
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000a49444154789c6300010000050001', 'hex');
  const post = await postForm(ticket.body, png, 'image/png');
  expect(post.status).toBeLessThan(300);
  return ticket.body.key;
}

describe('sign-up (spec §5 Register, §6)', () => {
  it('creates an approved rider with a referral id and wallet 0, who can sign in', async () => {
    const body = signupBody();
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ uid: expect.any(String), approved: true });
    const me = await api('GET', '/me', { token: await idToken(body.email, body.password) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ usertype: 'rider', approved: true, walletBalance: 0, mobile: `+44${body.phone}`, loginType: 'email' });
    expect(me.body.referralId).toMatch(/^sue\d{4}$/);
  });

  it('stores the referrer and refuses an unknown referral id with referer_not_found', async () => {
    const referrer = await api('GET', '/me', { token: await idToken(DEMO.rider) });
    const body = signupBody({ referralId: referrer.body.referralId });
    expect((await api('POST', '/auth/signup', { body })).status).toBe(201);
    const bad = await api('POST', '/auth/signup', { body: signupBody({ referralId: 'nobody0000' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('referer_not_found');
  });

  it('makes a driver unapproved when driver_approval is on, and turns them away on every call', async () => {
    const key = await uploadLicence();
    const body = signupBody({ usertype: 'driver', licenseImage: key, carType: 'Economy' });
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(201);
    expect(res.body.approved).toBe(false);
    const token = await idToken(body.email, body.password);
    const me = await api('GET', '/me', { token });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('require_approval');
    expect((await api('PATCH', '/me', { token, body: { firstName: 'X', lastName: 'Y' } })).body.error.code).toBe('require_approval');
  });

  it('every path that writes a driver\'s carType refuses a name that is not a car type (not_a_car_type) and writes nothing', async () => {
    const admin = await idToken(DEMO.admin);
    // A driver's own sign-up, with a licence that is in place.
    const body = signupBody({ usertype: 'driver', licenseImage: await uploadLicence(), carType: 'Spaceship' });
    const signup = await api('POST', '/auth/signup', { body });
    expect(signup.status, JSON.stringify(signup.body)).toBe(400);
    expect(signup.body.error).toMatchObject({ code: 'not_a_car_type', details: [{ path: 'carType', message: 'not_a_car_type' }] });
    expect((await api('POST', '/auth/check-user-exists', { body: { email: body.email } })).body.exists).toBe(false);
    // The same sign-up naming a car type goes through.
    expect((await api('POST', '/auth/signup', { body: { ...body, carType: 'Economy' } })).status).toBe(201);
    // An admin adding a driver, and editing one.
    const n = unique();
    const driver = { usertype: 'driver', firstName: 'Cara', lastName: n, email: `cara-${n}@example.com`, mobile: `+1777${phone()}`, password: 'Driver123' };
    const added = await api('POST', '/users', { token: admin, body: { ...driver, carType: 'Spaceship' } });
    expect(added.status).toBe(400);
    expect(added.body.error.code).toBe('not_a_car_type');
    expect((await api('POST', '/auth/check-user-exists', { body: { email: driver.email } })).body.exists).toBe(false);
    const real = await api('POST', '/users', { token: admin, body: { ...driver, carType: 'Economy' } });
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    const edited = await api('PATCH', `/users/${real.body.id}`, { token: admin, body: { carType: 'Spaceship' } });
    expect(edited.status).toBe(400);
    expect(edited.body.error.code).toBe('not_a_car_type');
    const after = (await api('GET', '/users?usertype=driver&limit=5', { token: admin })).body.items.find((u: { id: string }) => u.id === real.body.id);
    expect(after.carType).toBe('Economy');
  });

  it('refuses a driver without an uploaded licence', async () => {
    const res = await api('POST', '/auth/signup', { body: signupBody({ usertype: 'driver', licenseImage: 'private/licences/missing' }) });
    expect(res.status).toBe(400);
  });

  it.each([
    [{ firstName: ' ' }, 'proper_input_name'],
    [{ email: 'nope' }, 'proper_email'],
    [{ password: 'abc' }, 'password_alphaNumeric_check'],
    [{ phone: '12-34' }, 'mobile_no_blank_error'],
  ])('refuses %j with its §8 key', async (over, code) => {
    const body = signupBody(over);
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect((await api('POST', '/auth/check-user-exists', { body: { email: body.email } })).body.exists).toBe(false);
  });

  it.each([['usertype', 'admin'], ['approved', true], ['walletBalance', 50], ['usertype', 'fleetadmin']])('refuses a client-chosen %s', async (field, value) => {
    const body = signupBody({ [field]: value });
    const res = await api('POST', '/auth/signup', { body });
    expect(res.status).toBe(400);
    expect((await api('POST', '/auth/check-user-exists', { body: { email: body.email } })).body.exists).toBe(false);
  });

  it('refuses an existing email with user_exists', async () => {
    const res = await api('POST', '/auth/signup', { body: signupBody({ email: DEMO.rider }) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('user_exists');
  });

  it('makes exactly one account from simultaneous sign-ups with one email', async () => {
    const email = `race-${unique()}@example.com`;
    const results = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/auth/signup', { body: signupBody({ email }) })));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect([409]).toContain(r.status);
    const token = await idToken(email, 'Secret123');
    expect((await api('GET', '/me', { token })).body.id).toBe(created[0]!.body.uid);
  });
});

describe('existence and referral checks', () => {
  it('answers only whether an account exists', async () => {
    const yes = await api('POST', '/auth/check-user-exists', { body: { email: DEMO.rider } });
    expect(yes.body).toEqual({ exists: true });
    const byMobile = await api('POST', '/auth/check-user-exists', { body: { mobile: '+15550000005' } });
    expect(byMobile.body).toEqual({ exists: true });
    const no = await api('POST', '/auth/check-user-exists', { body: { email: `nobody-${unique()}@example.com` } });
    expect(no.body).toEqual({ exists: false });
    const empty = await api('POST', '/auth/check-user-exists', { body: {} });
    expect(empty.status).toBe(400);
  });

  it('validates a referral id without revealing its owner', async () => {
    const me = await api('GET', '/me', { token: await idToken(DEMO.rider2) });
    const ok = await api('POST', '/auth/validate-referrer', { body: { referralId: me.body.referralId } });
    expect(ok.body).toEqual({ valid: true });
    const bad = await api('POST', '/auth/validate-referrer', { body: { referralId: 'zzz0000' } });
    expect(bad.status).toBe(404);
    expect(bad.body.error.code).toBe('referer_not_found');
  });
});

describe('users admin (spec §5 Other, §6)', () => {
  let admin: string;
  let fleet: string;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    fleet = await idToken(DEMO.fleetadmin);
  });

  const newDriver = (over: Record<string, unknown> = {}) => {
    const n = unique();
    return { usertype: 'driver', firstName: 'Drew', lastName: n, email: `drew-${n}@example.com`, mobile: `+1777${phone()}`, password: 'Driver123', carType: 'Economy', ...over };
  };

  it('adds an approved, active, unqueued driver whose car type must exist', async () => {
    const res = await api('POST', '/users', { token: admin, body: newDriver() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ usertype: 'driver', approved: true, driverActiveStatus: true, queue: false, createdByAdmin: true });
    const bad = await api('POST', '/users', { token: admin, body: newDriver({ carType: 'Spaceship' }) });
    expect(bad.status).toBe(400);
  });

  it('makes one driver from simultaneous adds of the same email', async () => {
    const body = newDriver();
    const results = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/users', { token: admin, body })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).length).toBe(4);
  });

  it('stamps a fleet admin\'s drivers and lists only them to it', async () => {
    const added = await api('POST', '/users', { token: fleet, body: newDriver() });
    expect(added.status).toBe(201);
    const fleetId = (await api('GET', '/me', { token: fleet })).body.id;
    expect(added.body.fleetadmin).toBe(fleetId);
    const list = await api('GET', '/users?usertype=driver&limit=100', { token: fleet });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((u: { fleetadmin?: string }) => u.fleetadmin === fleetId)).toBe(true);
    expect(list.body.items.some((u: { email: string }) => u.email === DEMO.driver2)).toBe(false);
  });

  it('keeps a fleet admin to drivers: no riders, no other fleets\' drivers', async () => {
    expect((await api('GET', '/users?usertype=rider', { token: fleet })).status).toBe(403);
    expect((await api('POST', '/users', { token: fleet, body: newDriver({ usertype: 'rider' }) })).status).toBe(403);
    // Other suites add many drivers: walk the admin's list until the seeded driver2 turns up.
    let outsider: { id: string } | undefined;
    for (let cursor: string | undefined, first = true; !outsider && (first || cursor); first = false) {
      const page = await api('GET', `/users?usertype=driver&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin });
      outsider = page.body.items.find((u: { email: string }) => u.email === DEMO.driver2);
      cursor = page.body.next;
    }
    if (!outsider) throw new Error('driver2 is not in the admin\'s list');
    for (const [method, path, body] of [
      ['PATCH', `/users/${outsider.id}`, { vehicleNumber: 'X' }],
      ['POST', `/users/${outsider.id}/approval`, { approved: false }],
      ['DELETE', `/users/${outsider.id}`, undefined],
    ] as const) {
      const res = await api(method, path, { token: fleet, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', '/me', { token: await idToken(DEMO.driver2) })).body.approved).toBe(true);
  });

  it('never lists or touches admins', async () => {
    const me = (await api('GET', '/me', { token: admin })).body;
    expect((await api('GET', '/users?usertype=admin', { token: admin })).status).toBe(400);
    expect((await api('PATCH', `/users/${me.id}`, { token: admin, body: { firstName: 'X' } })).status).toBe(404);
  });

  it('lists users newest first with working cursors', async () => {
    const first = await api('GET', '/users?usertype=rider&limit=2', { token: admin });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toBeTruthy();
    const second = await api('GET', `/users?usertype=rider&limit=2&cursor=${first.body.next}`, { token: admin });
    expect(second.status).toBe(200);
    const ids = [...first.body.items, ...second.body.items].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.body.items[0].createdAt >= first.body.items[1].createdAt).toBe(true);
    expect((await api('GET', '/users?usertype=rider&cursor=garbage', { token: admin })).status).toBe(400);
  });

  it('search reaches every user of a type by name prefix or e-mail, in one query whatever the number of users', async () => {
    const n = unique();
    const mk = async (token: string, over: Record<string, unknown>) => {
      const res = await api('POST', '/users', { token, body: newDriver(over) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string; email: string };
    };
    const jose = await mk(admin, { usertype: 'rider', firstName: 'José', lastName: `Ñandú${n}` });
    const mine = await mk(fleet, { firstName: 'Quin', lastName: `Fleet${n}` });
    const theirs = await mk(admin, { firstName: 'Quin', lastName: `Fleet${n}b` });
    const search = (token: string, usertype: string, text: string) => api('GET', `/users?usertype=${usertype}&search=${encodeURIComponent(text)}`, { token });
    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((u) => u.id);
    // Case and accents ignored; a prefix of "first last" matches; the read is the admission and one query.
    const found = await search(admin, 'rider', `JOSE nandu${n}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(ids(found)).toEqual([jose.id]);
    expect(Number(found.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(2);
    // Only the type asked for; the whole e-mail address finds its user.
    expect(ids(await search(admin, 'driver', `jose nandu${n}`))).toEqual([]);
    expect(ids(await search(admin, 'rider', jose.email.toUpperCase()))).toEqual([jose.id]);
    expect(ids(await search(admin, 'driver', jose.email))).toEqual([]);
    // Name order, paged by cursor.
    const both = await api('GET', `/users?usertype=driver&search=${encodeURIComponent(`quin fleet${n}`)}&limit=1`, { token: admin });
    expect(ids(both)).toEqual([mine.id]);
    const rest = await api('GET', `/users?usertype=driver&search=${encodeURIComponent(`quin fleet${n}`)}&limit=1&cursor=${encodeURIComponent(both.body.next)}`, { token: admin });
    expect(ids(rest)).toEqual([theirs.id]);
    // A fleet admin finds only its own drivers.
    expect(ids(await search(fleet, 'driver', `quin fleet${n}`))).toEqual([mine.id]);
    expect(ids(await search(fleet, 'driver', theirs.email))).toEqual([]);
    // A renamed user is found by the new name only.
    expect((await api('PATCH', `/users/${jose.id}`, { token: admin, body: { firstName: 'Pepe' } })).status).toBe(200);
    expect(ids(await search(admin, 'rider', `jose nandu${n}`))).toEqual([]);
    expect(ids(await search(admin, 'rider', `pepe nandu${n}`))).toEqual([jose.id]);
    // So is a user who renames themselves.
    const own = await api('PATCH', '/me', { token: await idToken(jose.email, 'Driver123'), body: { firstName: 'Ana', lastName: `Ñandú${n}` } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(ids(await search(admin, 'rider', `pepe nandu${n}`))).toEqual([]);
    expect(ids(await search(admin, 'rider', `ana nandu${n}`))).toEqual([jose.id]);
  });

  it('unapproving takes effect on the user\'s next call, approving again lets them back with a new sign-in', async () => {
    const body = newDriver();
    const added = await api('POST', '/users', { token: admin, body });
    const token = await idToken(body.email, body.password);
    expect((await api('GET', '/me', { token })).status).toBe(200);
    // Sessions are compared by the second they signed in: let this one be clearly older than the unapproval.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await api('POST', `/users/${added.body.id}/approval`, { token: admin, body: { approved: false } })).status).toBe(200);
    expect((await api('GET', '/me', { token })).body.error.code).toBe('require_approval');
    await api('POST', `/users/${added.body.id}/approval`, { token: admin, body: { approved: true } });
    // Taking approval away ended the user's sessions: the old token stays refused, a new sign-in works.
    expect((await api('GET', '/me', { token })).body.error?.code).toBe('session_ended');
    expect((await api('GET', '/me', { token: await newIdToken(body.email, body.password) })).status).toBe(200);
  });

  it('edits names and driver fields but never email or mobile', async () => {
    const added = await api('POST', '/users', { token: admin, body: newDriver() });
    const res = await api('PATCH', `/users/${added.body.id}`, { token: admin, body: { firstName: 'Drewbie', vehicleNumber: 'AB-123' } });
    expect(res.body).toMatchObject({ firstName: 'Drewbie', vehicleNumber: 'AB-123' });
    const refused = await api('PATCH', `/users/${added.body.id}`, { token: admin, body: { email: 'x@example.com' } });
    expect(refused.status).toBe(400);
  });

  it('deletes a user and their sign-in', async () => {
    const body = newDriver();
    const added = await api('POST', '/users', { token: admin, body });
    expect((await api('DELETE', `/users/${added.body.id}`, { token: admin })).status).toBe(200);
    await expect(idToken(body.email, body.password)).rejects.toThrow();
    expect((await api('POST', '/auth/check-user-exists', { body: { email: body.email } })).body.exists).toBe(false);
    expect((await api('DELETE', `/users/${added.body.id}`, { token: admin })).status).toBe(404);
  });
});

describe('own account', () => {
  it('uploads a profile image to users/{uid}/profileImage and serves it', async () => {
    const body = signupBody();
    await api('POST', '/auth/signup', { body });
    const token = await idToken(body.email, body.password);
    const ticket = await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: 10 } });
    expect(ticket.body.key).toMatch(/users\/.+\/profileImage$/);
    const post = await postForm(ticket.body, Buffer.from('fake-image'), 'image/png');
    expect(post.status).toBeLessThan(300);
    const me = await api('POST', '/me/profile-image', { token, body: {} });
    expect(me.status).toBe(200);
    expect(me.body.profile_image).toMatch(/^\/public\/users\/.+\/profileImage\?v=/);
  });

  it('deletes the own account', async () => {
    const body = signupBody();
    await api('POST', '/auth/signup', { body });
    const token = await idToken(body.email, body.password);
    expect((await api('DELETE', '/me', { token })).status).toBe(200);
    expect((await api('GET', '/me', { token })).body.error.code).toBe('not_valid_user_type');
    expect((await api('POST', '/auth/check-user-exists', { body: { email: body.email } })).body.exists).toBe(false);
  });
});
