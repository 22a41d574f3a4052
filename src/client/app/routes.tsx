import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromElements, Route } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadPageTexts, type PageMessages } from '../lib/i18n';
import { Spinner } from '../ui/feedback';
import { AppLayout } from './layout';
import { Protected } from './protected';

/**
 * A page loaded on demand, its code and its texts side by side: the namespaces its first screen reads
 * and the `messages` it needs (by default with its forms' validation texts; 'answers' for pages without
 * forms, 'none' for pages that show no server answer), so the page draws once, without raw keys.
 */
function page<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, namespaces: readonly string[], messages: PageMessages = 'forms') {
  return lazy(async () => (await Promise.all([load(), loadPageTexts(namespaces, messages)]))[0]);
}

// Pages, loaded on demand (one import per page): a feature's own, or one of pages/ that composes a feature's page with
// the sections other features draw for it (features import each other only on src/client/architecture.test.ts's list).
const NotFoundPage = page(() => import('./not-found').then((m) => ({ default: m.NotFoundPage })), [], 'none');
const AuthPage = page(() => import('../features/auth/auth-page'), ['auth']);
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'), ['auth']);
const SignInLinkPage = page(() => import('../features/auth/sign-in-link-page'), ['auth']);
const ProfilePage = page(() => import('../features/account/profile-page'), ['account', 'workspaces']);
const SettingsPage = page(() => import('../features/account/settings-page'), ['account']);
const NewsroomSettingsCard = page(() => import('../features/newsroom/newsroom-settings').then((m) => ({ default: m.NewsroomSettingsCard })), ['newsroom']);
const LandingPage = page(() => import('../features/public/landing-page'), ['public'], 'none');
const PrivacyPolicyPage = page(() => import('../features/public/privacy-policy-page'), ['public', 'legal'], 'none');
const TermsOfServicePage = page(() => import('../features/public/terms-of-service-page'), ['public', 'legal'], 'none');
const ContactPage = page(() => import('../features/public/contact-page'), ['public']);
const DashboardPage = page(() => import('./pages/dashboard-page'), ['dashboard', 'brands'], 'answers');
const ContactsPage = page(() => import('../features/contacts/contacts-page'), ['contacts']);
const MyListsPage = page(() => import('../features/lists/my-lists-page'), ['lists']);
const EditorPage = page(() => import('../features/releases/editor-page'), ['releases', 'brands', 'contacts', 'lifecycle', 'workspaces']);
const PressReleasesPage = page(() => import('../features/releases/press-releases-page'), ['releases', 'brands'], 'answers');
const SubscriptionPage = page(() => import('../features/billing/subscription-page'), ['billing']);
const AdminPage = page(() => import('./pages/admin-page'), ['admin', 'desk']);
const AnalyticsPage = page(() => import('../features/analytics/analytics-page'), ['analytics', 'brands'], 'answers');
const ReleaseAnalyticsPage = page(() => import('./pages/release-analytics-page'), ['analytics', 'brands', 'lifecycle', 'workspaces']);
const ReviewQueuePage = page(() => import('../features/review/review-queue-page'), ['review'], 'answers');
const ReviewPage = page(() => import('../features/review/review-page'), ['review']);
const TeamLinkCard = page(() => import('../features/workspaces/team-link-card').then((m) => ({ default: m.TeamLinkCard })), ['workspaces']);
const TeamPage = page(() => import('../features/workspaces/team-page'), ['workspaces']);
const InvitationPage = page(() => import('../features/workspaces/invitation-page'), ['workspaces', 'auth']);
const BrandsPage = page(() => import('./pages/brands-page'), ['brands']);
const BrandsLinkCard = page(() => import('../features/brands/brands-link-card').then((m) => ({ default: m.BrandsLinkCard })), ['brands']);
const BrandReportPage = page(() => import('../features/brands/brand-report-page'), ['brands']);
const PreferencesPage = page(() => import('../features/preferences/preferences-page'), ['preferences']);
const WorkspaceDetailPage = page(() => import('../features/admin/workspace-detail-page'), ['desk']);
const InvoicePage = page(() => import('../features/billing/invoice-page'), ['billing', 'invoice']);
const BillingLinkCard = page(() => import('../features/billing/billing-link-card').then((m) => ({ default: m.BillingLinkCard })), ['billing']);
// pages are declared above this line

/** A page, with a spinner while its code and texts load. */
export function Page({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Spinner label={t('loading')} className="min-h-[50vh]" />}>{children}</Suspense>;
}

/**
 * The route table of SPEC §2 and PRODUCT.md, for a data router (createBrowserRouter) so pages can hold
 * navigation while they have unsaved work (useBlocker). `shell` wraps every page (error boundary, banners).
 */
export function appRoutes(shell: ReactNode) {
  return createRoutesFromElements(
    <Route element={shell}>
      <Route element={<AppLayout />}>
        <Route path="/auth" element={<Page><AuthPage /></Page>} />
        <Route path="/auth/reset" element={<Page><ResetPasswordPage /></Page>} />
        <Route path="/auth/sign-in-link" element={<Page><SignInLinkPage /></Page>} />
        <Route path="/profile" element={<Protected><Page><ProfilePage /></Page></Protected>} />
        <Route path="/settings" element={<Protected><Page><SettingsPage><TeamLinkCard /><BrandsLinkCard /><BillingLinkCard /><NewsroomSettingsCard /></SettingsPage></Page></Protected>} />
        <Route path="/" element={<Page><LandingPage /></Page>} />
        <Route path="/privacy-policy" element={<Page><PrivacyPolicyPage /></Page>} />
        <Route path="/terms-of-service" element={<Page><TermsOfServicePage /></Page>} />
        <Route path="/contact" element={<Page><ContactPage /></Page>} />
        <Route path="/dashboard" element={<Protected><Page><DashboardPage /></Page></Protected>} />
        <Route path="/contacts-new" element={<Protected action="browse"><Page><ContactsPage /></Page></Protected>} />
        <Route path="/contacts" element={<Protected action="browse"><Page><ContactsPage /></Page></Protected>} />
        <Route path="/my-lists" element={<Protected action="browse"><Page><MyListsPage /></Page></Protected>} />
        <Route path="/press-releases" element={<Protected><Page><PressReleasesPage /></Page></Protected>} />
        {/* One route with an optional id: the editor stays mounted when a new release gets its address. */}
        <Route path="/editor/:id?" element={<Protected><Page><EditorPage /></Page></Protected>} />
        <Route path="/subscription" element={<Protected action="browse"><Page><SubscriptionPage /></Page></Protected>} />
        <Route path="/admin" element={<Protected superAdmin><Page><AdminPage /></Page></Protected>} />
        <Route path="/admin/review" element={<Protected editor><Page><ReviewQueuePage /></Page></Protected>} />
        <Route path="/admin/review/:id" element={<Protected editor><Page><ReviewPage /></Page></Protected>} />
        <Route path="/analytics" element={<Protected><Page><AnalyticsPage /></Page></Protected>} />
        <Route path="/analytics/:id" element={<Protected><Page><ReleaseAnalyticsPage /></Page></Protected>} />
        <Route path="/settings/team" element={<Protected action="browse"><Page><TeamPage /></Page></Protected>} />
        <Route path="/invitation" element={<Page><InvitationPage /></Page>} />
        <Route path="/settings/brands" element={<Protected action="read"><Page><BrandsPage /></Page></Protected>} />
        <Route path="/brands/:id/report" element={<Protected action="read"><Page><BrandReportPage /></Page></Protected>} />
        {/* A journalist's own page, reached by the signed link of a release e-mail: no account. */}
        <Route path="/preferences/:token" element={<Page><PreferencesPage /></Page>} />
        <Route path="/admin/workspaces/:id" element={<Protected superAdmin><Page><WorkspaceDetailPage /></Page></Protected>} />
        <Route path="/billing/invoices/:id" element={<Protected action="billing"><Page><InvoicePage /></Page></Protected>} />
        {/* routes are declared above this line */}
        <Route path="*" element={<Page><NotFoundPage /></Page>} />
      </Route>
    </Route>,
  );
}
