import { lazy, Suspense, type ReactNode } from 'react';
import { createRoutesFromElements, Route } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/feedback';
import { AppLayout } from './layout';
import { Protected } from './protected';

// Feature pages, loaded on demand (one import per page; features never import each other).
const NotFoundPage = lazy(() => import('./not-found').then((m) => ({ default: m.NotFoundPage })));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const SignInLinkPage = lazy(() => import('../features/auth/sign-in-link-page'));
const ProfilePage = lazy(() => import('../features/account/profile-page'));
const SettingsPage = lazy(() => import('../features/account/settings-page'));
const NewsroomSettingsCard = lazy(() => import('../features/newsroom/newsroom-settings').then((m) => ({ default: m.NewsroomSettingsCard })));
const LandingPage = lazy(() => import('../features/public/landing-page'));
const PrivacyPolicyPage = lazy(() => import('../features/public/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('../features/public/terms-of-service-page'));
const ContactPage = lazy(() => import('../features/public/contact-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ContactsPage = lazy(() => import('../features/contacts/contacts-page'));
const MyListsPage = lazy(() => import('../features/lists/my-lists-page'));
const EditorPage = lazy(() => import('../features/releases/editor-page'));
const PressReleasesPage = lazy(() => import('../features/releases/press-releases-page'));
const SubscriptionPage = lazy(() => import('../features/billing/subscription-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page'));
const ReleaseAnalyticsPage = lazy(() => import('../features/analytics/release-analytics-page'));
const ReviewQueuePage = lazy(() => import('../features/review/review-queue-page'));
const ReviewPage = lazy(() => import('../features/review/review-page'));
const TeamLinkCard = lazy(() => import('../features/workspaces/team-link-card').then((m) => ({ default: m.TeamLinkCard })));
const TeamPage = lazy(() => import('../features/workspaces/team-page'));
const InvitationPage = lazy(() => import('../features/workspaces/invitation-page'));
const BrandsPage = lazy(() => import('../features/brands/brands-page'));
const BrandsLinkCard = lazy(() => import('../features/brands/brands-link-card').then((m) => ({ default: m.BrandsLinkCard })));
const BrandReportPage = lazy(() => import('../features/brands/brand-report-page'));
const PreferencesPage = lazy(() => import('../features/preferences/preferences-page'));
const WorkspaceDetailPage = lazy(() => import('../features/admin/workspace-detail-page'));
const InvoicePage = lazy(() => import('../features/billing/invoice-page'));
const BillingLinkCard = lazy(() => import('../features/billing/billing-link-card').then((m) => ({ default: m.BillingLinkCard })));
// pages are declared above this line

/**
 * A page, with a spinner while its code and texts load. Pages with forms or server answers read the
 * `messages` namespace (validation and error texts); the public pages that have neither (`messages={false}`)
 * skip it, so the landing page does not download every error text of the product.
 */
export function Page({ children, messages = true }: { children: ReactNode; messages?: boolean }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="min-h-[50vh]" />}>
      {messages ? <WithMessages>{children}</WithMessages> : children}
    </Suspense>
  );
}

/** Renders its children once the `messages` namespace of the current language is loaded (suspends until then). */
function WithMessages({ children }: { children: ReactNode }) {
  useTranslation('messages');
  return children;
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
        <Route path="/" element={<Page messages={false}><LandingPage /></Page>} />
        <Route path="/privacy-policy" element={<Page messages={false}><PrivacyPolicyPage /></Page>} />
        <Route path="/terms-of-service" element={<Page messages={false}><TermsOfServicePage /></Page>} />
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
        <Route path="*" element={<Page messages={false}><NotFoundPage /></Page>} />
      </Route>
    </Route>,
  );
}
