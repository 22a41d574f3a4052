import { z } from 'zod';
import type { CurrentWorkspace } from './workspaces.js';
import { plainSenderName } from './sender-name.js';
import { isKnownTimeZone } from './time-zones.js';
import type { UserId } from './ids.js';

/**
 * Account schemas shared by the forms and the server (SPEC.md §5). Messages are the English texts;
 * the client shows them through i18n by looking the English text up (see client lib/i18n).
 */

/**
 * What an attempt in the rate-limit ledger (auth_attempts) counts against: each rule of the server's
 * common/rate-limit.ts counts one kind (a wrong current password counts as a failed login).
 */
export const attemptKinds = [
  'login_failure',
  'register',
  'resend_verification',
  'forgot_password',
  'email_change',
  'email_change_to',
  'sign_in_link',
  'invitation',
  'invitation_mail',
  'workspace_create',
] as const;
export type AttemptKind = (typeof attemptKinds)[number];

/** Platform roles, kept on the person: `admin` is the review editor. Workspace roles are in workspaces.ts. */
export const roles = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof roles)[number];

/** The languages of the site, and so of an account's own emails. */
export const accountLanguages = ['en', 'ar'] as const;
export type AccountLanguage = (typeof accountLanguages)[number];
const accountLanguage = z.enum(accountLanguages, { message: 'Choose English or Arabic' });
/** A stored language as one of the site's; anything else reads as English. */
export const asAccountLanguage = (value: string): AccountLanguage => (value === 'ar' ? 'ar' : 'en');

/**
 * What the browser says about its reader at sign-in and registration (issue 37): the zone it runs in, for the
 * times in the account's e-mails (one it cannot name is left out rather than refusing the sign-in), and at
 * sign-in the language its visitor picked with the switch before signing in, which the account then takes.
 */
const browserTimeZone = z.string().max(64).refine(isKnownTimeZone).optional().catch(undefined);
const signInContext = { language: accountLanguage.optional(), timeZone: browserTimeZone };
export type SignInContext = { language?: AccountLanguage; timeZone?: string };

export const REGISTRATION_PASSWORD_MIN = 6;
export const CHANGE_PASSWORD_MIN = 8;

/**
 * An email address, stored in lower case. Registration demands a full address with a dotted domain;
 * the other forms also accept a single-label domain, so the default super admin `admin@localhost`
 * can sign in and keep its profile. One message per broken field: an over-long value stops there.
 */
const LOCAL_ADDRESS = /^[^\s@]+@[a-z0-9-]+$/i;
const email = (message: string, options: { allowLocalDomain: boolean } = { allowLocalDomain: true }) =>
  z
    .string({ message })
    .trim()
    .max(254, { message, abort: true })
    .refine((value) => z.email().safeParse(value).success || (options.allowLocalDomain && LOCAL_ADDRESS.test(value)), {
      message,
    })
    .transform((value) => value.toLowerCase());

/** Names are read out in account mail ("Hello …"), so they stay short. */
export const NAME_MAX = 60;
export const NAME_WITH_ADDRESS_MESSAGE = 'A name cannot contain a web or email address';
/** A link, a host name or an email address: what a name used as an advertisement carries. */
const WEB_OR_EMAIL_ADDRESS = /https?|:\/\/|www\.|@|[\p{L}\p{N}-]+\.\p{L}{2,}/iu;

/**
 * A first or last name: a person's name, nothing an account could use to advertise to the strangers its
 * mail may reach. `required` is the message of an empty one, when it is required.
 */
const personName = (tooLong: string, required?: string) => {
  const text = z.string({ message: required ?? tooLong }).trim();
  return (required ? text.min(1, { message: required }) : text)
    .max(NAME_MAX, { message: tooLong })
    .refine((value) => !WEB_OR_EMAIL_ADDRESS.test(value), { message: NAME_WITH_ADDRESS_MESSAGE });
};

export const loginSchema = z.object({
  email: email('Invalid email address'),
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(1024, { message: 'Password is too long' }),
  ...signInContext,
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  email: email('Please enter a valid email address', { allowLocalDomain: false }),
  password: z
    .string({ message: `Password must be at least ${REGISTRATION_PASSWORD_MIN} characters` })
    .min(REGISTRATION_PASSWORD_MIN, { message: `Password must be at least ${REGISTRATION_PASSWORD_MIN} characters` })
    .max(1024, { message: 'Password is too long' }),
  /** Its own brand's name, and so the sender of its releases (sender-name.ts). */
  companyName: plainSenderName(
    z
      .string({ message: 'Company name is required' })
      .trim()
      .min(1, { message: 'Company name is required' })
      .max(200, { message: 'Company name is too long' }),
  ),
  firstName: personName('First name is too long', 'First name is required'),
  lastName: personName('Last name is too long', 'Last name is required'),
  /** The site's language at registration: the account's emails are written in it. */
  language: accountLanguage.optional().default('en'),
  timeZone: browserTimeZone,
});
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * Registering from an invitation: no company of one's own (the person joins the inviting workspace), and
 * the address is the invited one, proven by the link.
 */
export const registerWithInvitationSchema = registerSchema.omit({ companyName: true }).extend({
  invitationToken: z.string({ message: 'The invitation link is invalid' }).min(1).max(200, { message: 'The invitation link is invalid' }),
});
export type RegisterWithInvitationInput = z.input<typeof registerWithInvitationSchema>;

/** PUT /api/auth/language: the site's language changed while signed in. */
export const accountLanguageSchema = z.object({ language: accountLanguage });

/** The registration form adds the confirmation, which is checked in the browser and never sent. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, { message: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const resendVerificationSchema = z.object({ email: email('Please enter a valid email address') });
export const forgotPasswordSchema = z.object({ email: email('Please enter a valid email address') });

/** A locked account's way in: a one-time link by email (POST /api/auth/sign-in-link, then …/use). */
export const signInLinkSchema = z.object({ email: email('Please enter a valid email address') });
export const INVALID_SIGN_IN_LINK_MESSAGE = 'The sign-in link is invalid or has expired';
export const useSignInLinkSchema = z.object({
  token: z
    .string({ message: INVALID_SIGN_IN_LINK_MESSAGE })
    .min(1, { message: INVALID_SIGN_IN_LINK_MESSAGE })
    .max(200, { message: INVALID_SIGN_IN_LINK_MESSAGE }),
  ...signInContext,
});

export const resetPasswordSchema = z.object({
  token: z
    .string({ message: 'The reset link is invalid or has expired' })
    .min(1, { message: 'The reset link is invalid or has expired' })
    .max(200, { message: 'The reset link is invalid or has expired' }),
  password: z
    .string({ message: `Password must be at least ${CHANGE_PASSWORD_MIN} characters` })
    .min(CHANGE_PASSWORD_MIN, { message: `Password must be at least ${CHANGE_PASSWORD_MIN} characters` })
    .max(1024, { message: 'Password is too long' }),
});
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string().min(1, { message: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const profileSchema = z.object({
  email: email('Invalid email address'),
  /** Its own brand's name, and so the sender of its releases (sender-name.ts). */
  companyName: plainSenderName(
    z
      .string({ message: 'Company name is required' })
      .trim()
      .min(1, { message: 'Company name is required' })
      .max(200, { message: 'Company name is too long' }),
  ),
  firstName: personName('First name is too long').optional().default(''),
  lastName: personName('Last name is too long').optional().default(''),
  /** Needed only when the email changes. */
  currentPassword: z.string().max(1024, { message: 'Password is too long' }).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, { message: 'Current password is required' })
    .max(1024, { message: 'Password is too long' }),
  newPassword: z
    .string({ message: `Password must be at least ${CHANGE_PASSWORD_MIN} characters` })
    .min(CHANGE_PASSWORD_MIN, { message: `Password must be at least ${CHANGE_PASSWORD_MIN} characters` })
    .max(1024, { message: 'Password is too long' }),
});
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, { message: 'Please confirm your password' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** What GET /api/auth/me answers: never a password or its hash. */
/**
 * What a person may do on the platform, beside their workspace's `actions` (the server decides:
 * src/server/access/access.ts): run the console (super admins: every customer's releases with their
 * owner, the media database, no suspension), decide the review queue (editors), send without an allowance
 * (super admins run the service: no package, no trial). The client shows and hides by these, never by role.
 */
export const platformActions = ['console', 'review', 'unmetered'] as const;
export type PlatformAction = (typeof platformActions)[number];

export type CurrentUser = {
  id: UserId;
  email: string;
  /** A new address waiting for its confirmation link to be opened; the account still uses `email`. */
  pendingEmail: string | null;
  companyName: string;
  firstName: string;
  lastName: string;
  role: Role;
  userType: 'trial' | 'active' | 'super_admin';
  verified: boolean;
  monthlyPressReleaseLimit: number;
  pressReleasesUsedThisMonth: number;
  /** The language of the account's emails. */
  language: AccountLanguage;
  createdAt: string;
  /**
   * The workspace the session acts in (decision 021): `companyName`, the allowance and `userType` above are
   * its own. Null for a person who belongs to no workspace (everyone else always has one).
   */
  workspace: CurrentWorkspace | null;
  platformActions: PlatformAction[];
};

/** The answer to a sign-in (password or emailed link): `firstSignIn` for someone who never signed in before. */
export type SignedIn = { user: CurrentUser; firstSignIn: boolean };

export const isSuperAdmin = (user: Pick<CurrentUser, 'role'> | null | undefined) => user?.role === 'super_admin';
