import type { BrandId, UserId, WorkspaceId } from '../src/shared/ids';
import type { Db } from '../src/server/db/client';
import type { WorkspaceRole } from '../src/shared/workspaces';
import { hashPassword } from '../src/server/auth/password';
import { insertAccount } from '../src/server/test/accounts';

export type PersonOptions = {
  companyName?: string;
  memberOf?: { workspaceId: WorkspaceId; role: WorkspaceRole; brandIds?: BrandId[] };
  language?: 'en' | 'ar';
};
/** `companyBrandId`: the id of the workspace's own brand (the company itself). */
export type Person = { id: UserId; email: string; workspaceId: WorkspaceId; companyBrandId: BrandId; name: string };

let counter = 0;

/**
 * A verified person for a browser test (password `password123`): a member of `memberOf`, or the owner of a
 * paid, trusted workspace of their own (named `companyName`), with an address at `domain`.
 */
export async function createPerson(
  db: Db,
  domain: string,
  firstName: string,
  lastName: string,
  options: PersonOptions = {},
): Promise<Person> {
  const n = ++counter;
  const user = await insertAccount(db, {
    email: `${firstName.toLowerCase()}${n}@${domain}`,
    passwordHash: await hashPassword('password123'),
    firstName,
    lastName,
    verified: true,
    role: 'user',
    language: options.language ?? 'en',
    ...(options.memberOf
      ? { memberOf: options.memberOf }
      : {
          companyName: options.companyName ?? `Company ${n}`,
          userType: 'active',
          subscriptionStatus: 'active',
          monthlyPressReleaseLimit: 5,
          trusted: true,
        }),
  });
  return { id: user.id, email: user.email, workspaceId: user.workspaceId, companyBrandId: user.companyBrandId, name: `${firstName} ${lastName}` };
}
