import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from './harness';
import { sessions } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import { hashPassword } from '../src/server/auth/password';
import { randomToken, sha256 } from '../src/server/http/tokens';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

async function signIn(page: Page): Promise<void> {
  const user = await insertAccount(stack.db, {
    email: `visitor-${Date.now()}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: 'Visitor Company',
    firstName: 'Visitor',
    lastName: 'Tester',
    verified: true,
  });
  const id = randomToken();
  await stack.db
    .insert(sessions)
    .values({ idHash: sha256(id), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await page.context().addCookies([{ name: 'sid', value: id, url: stack.baseUrl }]);
}

const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

describe('landing page', () => {
  it('stands its pulsing and spinning still for a visitor whose system asks for less motion', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const pulsing = page.locator('.animate-pulse').first();
    await pulsing.waitFor();
    const repeats = () => pulsing.evaluate((element) => getComputedStyle(element).animationIterationCount);
    expect(await repeats()).toBe('infinite');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await repeats()).toBe('1');
  });

  it('shows every section of the landing page in English', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1 });
    await hero.waitFor();
    expect(await hero.textContent()).toContain('7,000+ media contacts');
    expect(await page.title()).toContain('Premium Press Release Distribution');

    const header = page.getByTestId('public-header');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(await header.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe(
      '/auth?mode=signup',
    );
    expect(await header.getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('#features');
    expect(await header.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('#pricing');
    expect(await header.getByTestId('language-switch').isVisible()).toBe(true);

    expect(
      await page.getByRole('link', { name: 'Start Your Campaign - From $299' }).getAttribute('href'),
    ).toBe('/auth?mode=signup');
    const stats = await page.getByTestId('hero-stat').allTextContents();
    expect(stats).toHaveLength(3);
    expect(stats.join(' ')).toMatch(/7,000\+.*15\+.*99\.9%/);

    expect(await page.getByTestId('feature-card').count()).toBe(6);
    for (const title of [
      'Complete MENA Coverage',
      '7,000+ Verified Contacts',
      'Instant Distribution',
      'Real-Time Analytics',
      '99.9% Delivery Rate',
      '24/7 Support',
    ]) {
      expect(await page.getByRole('heading', { name: title }).isVisible(), title).toBe(true);
    }

    const single = page.getByTestId('plan-single');
    const double = page.getByTestId('plan-double');
    expect(await single.textContent()).toContain('$299');
    expect(await double.textContent()).toContain('$499');
    expect(await double.textContent()).toContain('Most Popular');
    expect(await double.textContent()).toContain('Save $99');
    expect(
      await page.getByRole('link', { name: 'Contact Us for Enterprise Pricing' }).getAttribute('href'),
    ).toBe('/contact');

    const questions = page.locator('#faq').getByTestId('faq-item');
    expect(await questions.count()).toBe(5);
    expect(await page.getByRole('heading', { name: 'Start Your First Campaign' }).isVisible()).toBe(true);
    const contact = page.locator('#contact');
    expect(await contact.textContent()).toMatch(/press@nashr\.ae[\s\S]*24\/7[\s\S]*Dubai Media City/);

    const footer = page.getByTestId('public-footer');
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    // The app's navigation bar is not on the landing page.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  });

  it('opens and closes FAQ answers as native disclosures, each question a heading', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const item = page.getByTestId('faq-item').filter({ has: page.getByRole('heading', { name: 'Which countries do you cover?' }) });
    const question = item.locator('summary');
    const answer = item.getByTestId('country-list');
    expect(await item.getAttribute('open')).toBeNull();
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    expect(await item.getAttribute('open')).not.toBeNull();
    const countries = await answer.getByRole('listitem').allTextContents();
    expect(countries).toHaveLength(15);
    expect(countries).toContain('Sudan');
    expect(countries).toContain('United Arab Emirates');
    // The keyboard opens and closes it too.
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await answer.isVisible()).toBe(false);
  });

  it('reads whole without JavaScript, in English and in Arabic, each language with its own address', async () => {
    const context = await stack.browser.newContext({ javaScriptEnabled: false, baseURL: stack.baseUrl });
    try {
      const page = await context.newPage();
      const english = await page.goto('/');
      expect(english!.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('7,000+ media contacts');
      expect(await page.getByTestId('plan-single').textContent()).toContain('$299');
      expect(await page.getByTestId('plan-double').textContent()).toContain('$499');
      expect(await page.getByTestId('faq-item').count()).toBe(5);
      await page.getByTestId('faq-item').first().locator('summary').click();
      expect(await page.getByTestId('faq-item').first().getAttribute('open')).not.toBeNull();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.baseUrl}/`);
      expect(await page.locator('link[rel="alternate"][hreflang="ar"]').getAttribute('href')).toBe(`${stack.baseUrl}/?lang=ar`);

      // The language switch is a link the server answers, and remembers.
      await page.getByTestId('public-header').getByTestId('language-switch').click();
      await page.waitForURL((url) => url.search === '?lang=ar');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/أكثر من 7,000 جهة إعلامية/);
      expect(await page.getByTestId('plan-single').textContent()).toContain('299');
      expect(await page.getByRole('heading', { name: 'الأسئلة الشائعة' }).isVisible()).toBe(true);
      expect(await page.getByTestId('faq-item').count()).toBe(5);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.baseUrl}/?lang=ar`);
      expect(await page.title()).toContain('نشر');
      await page.goto('/contact');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      const structured = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(structured!)).toMatchObject({ '@type': 'ContactPage', url: `${stack.baseUrl}/contact` });
      for (const path of ['/privacy-policy', '/terms-of-service']) {
        await page.goto(path);
        expect(await page.getByRole('heading', { level: 1 }).isVisible(), path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('loads one small script on the landing page, and the app only once a visitor goes on', async () => {
    const page = await stack.newPage();
    const scripts: string[] = [];
    const bodies: Array<Promise<number>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(new URL(response.url()).pathname);
      bodies.push(response.body().then((body) => body.length, () => 0));
    });
    // The app's own entry, as the server sends it to whoever has a session.
    const appHtml = await (await fetch(`${stack.baseUrl}/dashboard`)).text();
    const appEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(appHtml)![1];
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.some((script) => /^\/assets\/islands-/.test(script))).toBe(true);
    expect(scripts).not.toContain(appEntry);
    // islands.ts and the few small modules it shares with the app: a few kilobytes, no React.
    const scriptBytes = (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0);
    expect(scriptBytes).toBeLessThan(10_000);
    // The mobile menu opens and closes with that script.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.locator('#public-mobile-menu').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.locator('#public-mobile-menu').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#public-mobile-menu').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect(scripts).toContain(appEntry);
  });

  it('scrolls to the features and pricing anchors from the top bar', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const header = page.getByTestId('public-header');
    await header.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForFunction(
      () =>
        location.hash === '#pricing' &&
        Math.abs(document.getElementById('pricing')!.getBoundingClientRect().top) < 100,
    );
    expect(Math.abs(await sectionTop(page, 'pricing'))).toBeLessThan(100);
    await header.getByRole('link', { name: 'Features' }).click();
    await page.waitForFunction(
      () =>
        location.hash === '#features' &&
        Math.abs(document.getElementById('features')!.getBoundingClientRect().top) < 100,
    );
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('lands on a section when arriving from another page', async () => {
    const page = await stack.newPage();
    await page.goto('/contact');
    await page.getByTestId('public-header').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
    await page.waitForFunction(
      () => Math.abs(document.getElementById('pricing')?.getBoundingClientRect().top ?? 9999) < 100,
    );
  });

  it('sends both pricing buttons to registration; each price says VAT is added where it applies', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    for (const plan of ['plan-single', 'plan-double']) {
      await page.goto('/#pricing');
      await expect(page.getByTestId(plan).getByTestId('price-vat').textContent()).resolves.toBe('+ VAT where it applies');
      await page.getByTestId(plan).getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'signup');
    }
  });

  it('is right-to-left with Arabic headings in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /أكثر من 7,000 جهة إعلامية/ }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    for (const heading of [
      'كل ما تحتاجه لتحظى قصتك بالتغطية',
      'باقات بسيطة بدفعة واحدة',
      'الأسئلة الشائعة',
      'ابدأ حملتك الأولى',
      'نحن هنا لمساعدتك',
    ]) {
      expect(await page.getByRole('heading', { name: heading }).isVisible(), heading).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'ابدأ حملتك - من 299 دولارًا' }).getAttribute('href')).toBe(
      '/auth?mode=signup',
    );
    expect(await page.title()).toContain('نشر');
    // The logo sits at the right edge in Arabic: the layout mirrors, not only the text.
    const logo = await page.getByTestId('public-header').locator('a[href="/"]').first().boundingBox();
    expect(logo!.x).toBeGreaterThan(640);
  });

  it('switches language from the top bar', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.getByTestId('public-header').getByTestId('language-switch').click();
    await page.getByRole('heading', { name: 'الأسئلة الشائعة' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('has no horizontal scroll 375 px wide, in English and Arabic', async () => {
    for (const locale of ['en-US', 'ar']) {
      const page = await stack.newPage({ locale, viewport: { width: 375, height: 812 } });
      for (const path of ['/', '/contact', '/privacy-policy', '/terms-of-service']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await hasHorizontalScroll(page), `${locale} ${path}`).toBe(false);
      }
      await page.goto('/');
      await page.getByRole('button', { name: locale === 'ar' ? 'فتح القائمة' : 'Open menu' }).click();
      await page.getByRole('link', { name: locale === 'ar' ? 'ابدأ مجانًا' : 'Get Started Free' }).waitFor();
      expect(await hasHorizontalScroll(page), `${locale} menu`).toBe(false);
    }
  });

  it('shows Dashboard instead of Sign In to a signed-in visitor', async () => {
    const page = await stack.newPage();
    await signIn(page);
    await page.goto('/');
    const header = page.getByTestId('public-header');
    await header.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  });
});

describe('public pages and the console', () => {
  it('log no error and no failed request for a visitor, in English and Arabic', async () => {
    for (const locale of ['en-US', 'ar-AE']) {
      const page = await stack.newPage({ locale });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      for (const path of ['/', '/privacy-policy', '/terms-of-service', '/contact', '/auth']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      expect(problems, locale).toEqual([]);
    }
  });
});

describe('legal pages', () => {
  it('renders the privacy policy with its seven sections and a way home', async () => {
    const page = await stack.newPage();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toBe('Privacy Policy | Nashr');
    expect(await page.getByText('Last updated: June 19, 2025').isVisible()).toBe(true);
    const sections = await page.locator('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(sections).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. How we share information',
      '4. Data security',
      '5. Your rights',
      '6. Changes to this policy',
      '7. Contact us',
    ]);
    const text = await page.locator('article').textContent();
    expect(text).toContain('We do not load any third-party analytics, advertising or tracking tags at all');
    expect(text).toContain('never shown to an account that has not purchased a package');
    expect(text).toContain('hello@nashr.ae');
    // A visitor sees the public top bar, not the app's navigation.
    expect(await page.getByTestId('public-header').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('renders the terms of service with its eleven sections and the facts of the offer', async () => {
    const page = await stack.newPage();
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await page.getByText('Last updated: June 19, 2025').isVisible()).toBe(true);
    expect(await page.locator('article').getByRole('heading', { level: 2 }).count()).toBe(11);
    const text = await page.locator('article').textContent();
    for (const fact of [
      'US dollars',
      'non-refundable',
      'at least 30 days',
      'in the 12 months',
      'laws of the United Arab Emirates',
      'arbitration seated in Dubai',
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(await page.getByRole('link', { name: 'Back to Home' }).first().getAttribute('href')).toBe('/');
  });

  it('renders the legal pages in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { level: 1, name: 'شروط الخدمة' }).waitFor();
    expect(await page.getByText('آخر تحديث: 19 يونيو 2025').isVisible()).toBe(true);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' }).waitFor();
    expect(await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).first().isVisible()).toBe(
      true,
    );
  });

  it('keeps the app navigation for a signed-in user', async () => {
    const page = await stack.newPage();
    await signIn(page);
    await page.goto('/privacy-policy');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'attached' });
    expect(await page.getByTestId('public-header').count()).toBe(0);
  });
});

describe('contact page', () => {
  const structuredData = (page: Page) =>
    page.evaluate(() =>
      [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? '{}'),
      ),
    );

  it('shows how to reach the company, with title, description and structured data', async () => {
    const page = await stack.newPage();
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.title()).toBe('Contact Us | Nashr');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
      'Dubai Media City',
    );
    const main = await page.locator('main').textContent();
    expect(main).toContain('hello@nashr.ae');
    expect(main).toContain('Dubai Media City');
    expect(main).toMatch(/Sunday to Thursday\s*9:00 to 18:00 \(UAE time\)/);
    expect(main).toMatch(/Friday and Saturday\s*Closed/);
    const faq = await page.getByTestId('contact-faq-card').locator('h3').allTextContents();
    expect(faq).toEqual([
      'How quickly is my press release distributed?',
      'Which countries do you cover?',
      'Do you support press releases in Arabic?',
      'How can I track the performance of my release?',
    ]);

    const [data] = await structuredData(page);
    expect(data['@type']).toBe('ContactPage');
    expect(data.mainEntity['@type']).toBe('Organization');
    expect(data.mainEntity.email).toBe('hello@nashr.ae');
    expect(data.mainEntity.address.addressLocality).toBe('Dubai');

    // Leaving the page takes its structured data and description with it.
    await page.getByTestId('public-footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await structuredData(page)).toEqual([]);
  });

  it('renders in Arabic', async () => {
    const page = await stack.newPage({ locale: 'ar' });
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'تواصل معنا' }).waitFor();
    expect(await page.getByText('من الأحد إلى الخميس').isVisible()).toBe(true);
    expect(await page.getByTestId('contact-faq-card').count()).toBe(4);
  });
});
