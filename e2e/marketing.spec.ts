import type { Page } from '@playwright/test';
import { axeViolations, watchErrors } from './checks';
import { useStoredTheme } from './theme';
import { test, expect, newAccount, registerViaApi, watchCspViolations } from './fixtures';

/**
 * The public marketing pages as a visitor meets them: content, links, metadata, the particle
 * background, the logged-out bar's sections and drawer, and accessibility (axe-core).
 */

const metaContent = (page: Page, selector: string) =>
  page.locator(selector).first().getAttribute('content');

/** The public pages the server sends prerendered, with their h1. */
const SITE_TITLE = 'StudyCircle – Learn. Collaborate. Succeed.';

/** Each prerendered page's path, heading and title. */
const PRERENDERED = [
  ['/', 'Learn. Collaborate. Succeed.', SITE_TITLE],
  ['/features', 'Tools built for studying together', 'Features – StudyCircle'],
  ['/community', 'A community that learns together', 'Community – StudyCircle'],
  ['/groups', 'Study group pages', 'Study Groups – StudyCircle'],
] as const;

/** The phone menu button, found even where the desktop layout hides it. */
const menuButton = (page: Page) => page.locator('button[aria-label="Open menu"]');

test.describe('landing page', () => {
  test('shows the slogan, its sections, the four features and the free sign-up', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Learn. Collaborate. Succeed.',
    );
    for (const id of ['top', 'features', 'community', 'collaboration']) {
      await expect(page.locator(`section#${id}`)).toBeAttached();
    }
    const features = page.locator('#features');
    for (const title of ['Study Groups', 'Real-time Chat', 'Task Tracking', 'Smart Reminders']) {
      await expect(features.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    await expect(page.getByText('no credit card required').first()).toBeVisible();

    await expect(page).toHaveTitle('StudyCircle – Learn. Collaborate. Succeed.');
    expect(await metaContent(page, 'meta[name="description"]')).toContain('study together');

    await page.getByRole('link', { name: 'Create your free account' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('renders without a single API call', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
  });

  test('links to features, community and registration', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore features' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await page.goBack();
    await page.getByRole('link', { name: 'See all features' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Visit the community' }).click();
    await expect(page).toHaveURL(/\/community$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Start for free' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the community section shows what is there: public rooms, the guidelines, the contact link', async ({
    page,
  }) => {
    await page.goto('/');
    const community = page.locator('section#community');
    // No invented discussion threads or counts (claims with something behind them).
    await expect(community).not.toContainText(/repl(y|ies)/i);
    expect(await community.innerText()).not.toMatch(/\d/);
    const guidelines = community.getByRole('complementary', { name: 'Our community guidelines' });
    await expect(guidelines.getByRole('listitem')).toHaveText([
      'Be respectful',
      'Share original content',
      'Keep it safe and private',
      'No spam',
      'Collaborate',
      'Contribute',
    ]);
    await guidelines.getByRole('link', { name: 'Contact the team' }).click();
    await expect(page).toHaveURL(/\/community#contact$/);
    await expect(page.getByRole('heading', { name: 'Talk to the team' })).toBeInViewport();
    await page.goBack();
    // Browsing public rooms needs an account: the visitor is asked to sign in on the way there.
    await community.getByRole('link', { name: 'Browse public rooms' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the bar scrolls to a section and highlights the one in view', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('link', { name: 'Features' }).click();
    await expect(page.locator('#features')).toBeInViewport();
    await expect(bar.getByRole('link', { name: 'Features' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await bar.getByRole('link', { name: 'Community' }).click();
    await expect(page.locator('#community')).toBeInViewport();
    await expect(bar.getByRole('link', { name: 'Community' })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });
});

test.describe('the hero at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the headline and its text wrap inside the window, and no dot lies over them', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.locator('#top');
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    // Every line of text in the hero lies inside the window and inside each box that clips it
    // (no "study gro" cut off at the edge).
    const clipped = await hero.evaluate((root) => {
      const limit = document.documentElement.clientWidth;
      const offenders: string[] = [];
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('h1, p, a, span'))) {
        if (!el.textContent?.trim() || el.closest('[aria-hidden="true"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        for (const line of Array.from(range.getClientRects())) {
          if (line.width === 0) continue;
          let outside = line.left < -0.5 || line.right > limit + 0.5;
          for (let box = el.parentElement; box && !outside; box = box.parentElement) {
            const style = getComputedStyle(box);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const r = box.getBoundingClientRect();
            outside = line.left < r.left - 0.5 || line.right > r.right + 0.5;
          }
          if (outside) offenders.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}"`);
        }
      }
      return offenders;
    });
    expect(clipped).toEqual([]);

    // No decorative dot is drawn over the hero's words: a dot crossing a word's box must be
    // behind an opaque ground (the dots' layer sits below the page's content, z-index < 0).
    const covered = await hero.evaluate((root) => {
      const layer = document.querySelector<HTMLElement>('[data-testid="floating-particles"]');
      const layerBehind = layer ? Number(getComputedStyle(layer).zIndex) < 0 : true;
      const opaqueGround = (el: Element) => {
        for (let node: Element | null = el; node && node !== layer?.parentElement;) {
          const alpha = getComputedStyle(node).backgroundColor.match(/[\d.]+/g)?.[3];
          if (getComputedStyle(node).backgroundColor !== 'rgba(0, 0, 0, 0)' && alpha === undefined)
            return true;
          node = node.parentElement;
        }
        return false;
      };
      const offenders: string[] = [];
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('h1, p'))) {
        const box = el.getBoundingClientRect();
        for (const dot of Array.from(document.querySelectorAll<HTMLElement>('[data-particle]'))) {
          const d = dot.getBoundingClientRect();
          const overlap =
            d.left < box.right && d.right > box.left && d.top < box.bottom && d.bottom > box.top;
          if (overlap && !(layerBehind && opaqueGround(el)))
            offenders.push(`${el.tagName} "${el.textContent!.trim().slice(0, 20)}"`);
        }
      }
      return offenders;
    });
    expect(covered).toEqual([]);
  });
});

test.describe('features page', () => {
  test('shows the six features and Get Started goes to /register', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tools built for studying');
    const titles = [
      'Real-time Whiteboard',
      'Synchronized Videos',
      'Smart Notes with AI Summaries',
      'Task Boards',
      'Community Groups',
      'File Sharing',
    ];
    for (const title of titles) {
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole('article')).toHaveCount(6);
    // Each card says plainly whether it can be used today.
    const status = (title: string) =>
      page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    for (const title of [
      'Real-time Whiteboard',
      'Synchronized Videos',
      'Task Boards',
      'Community Groups',
    ]) {
      await expect(status(title).getByText('Available now', { exact: true })).toBeVisible();
    }
    for (const title of ['Smart Notes with AI Summaries', 'File Sharing']) {
      await expect(status(title).getByText('Coming soon', { exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle('Features – StudyCircle');
    expect(await metaContent(page, 'meta[name="description"]')).toContain('Whiteboard');

    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('community page', () => {
  test('shows the three spaces, the six guidelines and the contact form', async ({ page }) => {
    await page.goto('/community');
    await expect(page).toHaveTitle('Community – StudyCircle');
    for (const title of ['Open Discussions', 'Study Circles', 'Resource Hub']) {
      await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    const guidelines = page.locator('section[aria-labelledby="guidelines-title"] li');
    await expect(guidelines).toHaveCount(6);
    await expect(guidelines.getByRole('heading')).toHaveText([
      'Be respectful',
      'Share original content',
      'Keep it safe and private',
      'No spam',
      'Collaborate',
      'Contribute',
    ]);
    // The form loads as the visitor nears it.
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    await expect(contact.getByRole('form', { name: 'Send us a message' })).toBeVisible();
  });

  test('Join the Community and Get Started go to /register', async ({ page }) => {
    await page.goto('/community');
    await page.getByRole('link', { name: 'Join the Community' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/community');
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a tap on a link while the page is still hydrating is followed at once', async ({
    page,
  }) => {
    // The tap lands the moment React has attached its listeners to #root and before it has
    // adopted the page: in a microtask after hydrateRoot's first listener, so neither the machine's
    // speed nor the test's timing decides whether it comes before or after hydration. The page
    // says on the console whether it was still hydrating, just before the tap: the navigation that
    // follows at once would end an evaluation waiting to return it.
    await page.addInitScript(() => {
      if (window.location.pathname !== '/community') return;
      const add = EventTarget.prototype.addEventListener;
      let armed = true;
      EventTarget.prototype.addEventListener = function (
        this: EventTarget,
        ...args: Parameters<EventTarget['addEventListener']>
      ) {
        add.apply(this, args);
        if (!armed || !(this instanceof HTMLElement) || this.id !== 'root') return;
        armed = false;
        queueMicrotask(() => {
          const hydrated = document.documentElement.hasAttribute('data-hydrated');
          console.log(`tapped while hydrating: ${!hydrated}`);
          const link = Array.from(document.querySelectorAll('a')).find((a) =>
            a.textContent?.includes('Join the Community'),
          );
          link?.click();
        });
      };
    });
    const report = page.waitForEvent('console', (message) =>
      message.text().startsWith('tapped while hydrating:'),
    );
    // The browser itself follows the link (a document request), instead of the tap waiting for
    // React to finish hydrating the whole page before its router moves on.
    const documentRequest = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/register',
    );
    // A slow phone, or CI under the full suite's load: the CPU runs 20 times slower once the
    // page has begun to arrive (the tap's moment is fixed by the hook above, not by this).
    const cdp = await page.context().newCDPSession(page);
    await page.goto('/community', { waitUntil: 'commit' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    // The app starts at the visitor's first sign of use: a key, once the boot script listens.
    await page.waitForLoadState('domcontentloaded');
    await page.keyboard.press('Shift');
    expect((await report).text()).toBe('tapped while hydrating: true');
    await documentRequest;
    await expect(page).toHaveURL(/\/register$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the footer links reach real pages', async ({ page }) => {
    // The footer sits inside the root layout's <main>, so it is a plain footer, not contentinfo.
    const footerLink = (name: string) => page.locator('footer').getByRole('link', { name });
    const cases = [
      { name: 'Features', url: /\/features$/, heading: /Tools built for studying/ },
      { name: 'Community', url: /\/community$/, heading: /A community that/ },
      { name: 'Study Groups', url: /\/groups$/, heading: /Study group pages/ },
      { name: 'Sign in', url: /\/login$/, heading: /./ },
      { name: 'Create an account', url: /\/register$/, heading: /./ },
    ];
    for (const c of cases) {
      await page.goto('/community');
      await footerLink(c.name).click();
      await expect(page).toHaveURL(c.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.heading);
    }

    // Contact us lands on the form, from another page as well as from the community page.
    await page.goto('/features');
    await footerLink('Contact us').click();
    await expect(page).toHaveURL(/\/community#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  });

  test('a link to /community#contact opens at the form', async ({ page }) => {
    await page.goto('/community#contact');
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

test('the groups page says details and members are coming soon', async ({ page }) => {
  await page.goto('/groups');
  await expect(page).toHaveTitle('Study Groups – StudyCircle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study group pages');
  await expect(page.getByText('Group details and members are coming soon.')).toBeVisible();
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test.describe('decorative particles', () => {
  const particleState = (page: Page) =>
    page.locator('[data-particle]').evaluateAll((els) =>
      els.map((el) => ({
        animation: getComputedStyle(el).animationName,
        running: el.getAnimations().filter((a) => a.playState === 'running').length,
      })),
    );

  test('15 particles float behind the page, hidden from assistive technology', async ({ page }) => {
    for (const path of ['/', '/features', '/community', '/groups']) {
      await page.goto(path);
      const layer = page.getByTestId('floating-particles');
      await expect(layer).toHaveAttribute('aria-hidden', 'true');
      await expect(layer.locator('[data-particle]')).toHaveCount(15);
      expect(await layer.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    }
    const states = await particleState(page);
    expect(states.every((s) => s.animation === 'sc-particle-float' && s.running === 1)).toBe(true);
  });

  test('they stand still when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('[data-particle]')).toHaveCount(15);
    const states = await particleState(page);
    expect(states.every((s) => s.animation === 'none' && s.running === 0)).toBe(true);
  });
});

test.describe('front door', () => {
  test('the public pages break no rule of the strict CSP', async ({ page }) => {
    const cspViolations = await watchCspViolations(page);
    for (const path of ['/', '/features', '/community', '/groups']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(), path).toEqual([]);
    }
  });

  test('index.html carries social tags, icons and the manifest', async ({ page, request }) => {
    await page.goto('/');
    expect(await metaContent(page, 'meta[property="og:title"]')).toContain('StudyCircle');
    expect(await metaContent(page, 'meta[property="og:image"]')).toBe('/og-image.jpg');
    expect(await metaContent(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await metaContent(page, 'meta[name="theme-color"]')).toBe('#4f46e5');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );

    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const body = (await manifest.json()) as { name: string; icons: { src: string }[] };
    expect(body.name).toBe('StudyCircle');
    for (const src of [
      ...body.icons.map((i) => i.src),
      '/apple-touch-icon.png',
      '/og-image.jpg',
      '/favicon.svg',
    ]) {
      expect((await request.get(src)).status(), src).toBe(200);
    }
    const robots = await request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toContain('User-agent: *');
  });
});

test.describe('prerendered public pages', () => {
  for (const [path, heading, title] of PRERENDERED) {
    test(`${path} paints from its HTML, and React adopts that markup without an error`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      // Hold the script that starts the app, to look at the page as the HTML alone paints it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/boot-*.js', async (route) => {
        await held;
        await route.continue();
      });
      const entryRequested = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)),
        );
      await page.goto(path, { waitUntil: 'commit' });
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(heading);
      // The HTML carries the page's own title, as crawlers and link previews read it.
      await expect(page).toHaveTitle(title);
      // It takes a tap before the app runs: the tap starts the app and is replayed (main.tsx).
      await expect(menuButton(page)).toBeEnabled();
      await h1.evaluate(
        (el) => ((window as unknown as { prerenderedH1: Element }).prerenderedH1 = el),
      );
      const stylesheets = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (l) =>
            l.getAttribute('href'),
          ),
        );
      const before = await stylesheets();

      release();
      // A visitor who only reads never runs the app (docs/decisions/0061): the boot script waits.
      await page.waitForLoadState('networkidle');
      expect(await entryRequested()).toBe(false);
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')),
      ).toBe(false);
      // The first sign of use (a key here) starts it, and React adopts the page.
      await page.keyboard.press('Shift');
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      // Adopted, not thrown away: a mismatch would make React render the page again from scratch.
      expect(
        await page.evaluate(
          () =>
            document.querySelector('h1') ===
            (window as unknown as { prerenderedH1: Element }).prerenderedH1,
        ),
      ).toBe(true);
      // Every stylesheet the page needs was in its HTML, so nothing restyles it after the paint.
      expect(await stylesheets()).toEqual(before);
      expect(errors).toEqual([]);
    });
  }

  test('a signed-in visitor gets the same pages with the logged-out bar (docs/product.md §2.4)', async ({
    page,
    baseURL,
  }) => {
    const { token } = await registerViaApi(baseURL!, newAccount('visitor'));
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    const errors = watchErrors(page);
    for (const [path, heading] of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.keyboard.press('Shift');
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const bar = page.getByRole('navigation', { name: 'Main' });
      await expect(bar.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Get Started' })).toBeVisible();
    }
    // The session is intact: the signed-in pages open without a detour through /login.
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    expect(page.url()).toMatch(/\/dashboard$/);
    expect(errors).toEqual([]);
  });

  test("leaving a prerendered page for sign-in brings back the site's description, with the page's own title", async ({
    page,
  }) => {
    await page.goto('/features');
    await expect(page).toHaveTitle('Features – StudyCircle');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await page.waitForURL('**/login');
    // Sign-in names itself; the features page's description and preview tags do not linger.
    await expect(page).toHaveTitle('Sign In – StudyCircle');
    expect(await metaContent(page, 'meta[name="description"]')).toContain('study together');
  });

  test('/community: the contact form arrives with React, and then sends', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/boot-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/community#contact', { waitUntil: 'commit' });
    // Before the app runs there is no form to submit natively (a GET with every field in the URL).
    await expect(page.getByText('Loading the contact form…')).toBeVisible();
    await expect(page.locator('#contact form')).toHaveCount(0);
    release();

    const form = page.locator('#contact');
    await form.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await form.getByLabel('Email', { exact: true }).fill('asha@example.com');
    await form.getByLabel('Subject', { exact: true }).fill('Prerendered page');
    await form.getByLabel('Message', { exact: true }).fill('Hello from the hydrated form');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await response).status()).toBe(201);
    await expect(form.getByRole('status')).toHaveText(
      "Message sent successfully! We'll get back to you soon.",
    );
    expect(new URL(page.url()).search).toBe('');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages still show their content and links', async ({ page }) => {
    for (const [path, heading] of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId('floating-particles').locator('[data-particle]')).toHaveCount(
        15,
      );
      await expect(page.locator('footer').getByRole('link', { name: 'Features' })).toHaveAttribute(
        'href',
        '/features',
      );
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the drawer opens and its links work', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
      false,
    );
    // The first tap, before the app runs, starts it and opens the drawer once it does.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Community' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('#community')).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Features' }).click();
    await expect(page.locator('#features')).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await page.goto('/features');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('opening the drawer locks the page behind it and breaks no rule of the CSP', async ({
    page,
  }) => {
    const cspViolations = await watchCspViolations(page);
    for (const path of ['/', '/features']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
        'hidden',
      );
      await drawer.getByRole('button', { name: 'Close menu' }).click();
      await expect(drawer).toBeHidden();
      expect(
        await page.evaluate(() => getComputedStyle(document.documentElement).overflow),
      ).not.toBe('hidden');
      expect(await cspViolations(), path).toEqual([]);
    }
  });

  test('the pages fit the screen without sideways scrolling', async ({ page }) => {
    for (const path of ['/', '/features', '/community', '/groups']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('accessibility (axe-core)', () => {
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  test.use({ bypassCSP: true });

  for (const path of [
    '/',
    '/features',
    '/community',
    '/groups',
    '/login',
    '/register',
    '/forgot-password',
  ]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const path of ['/', '/features']) {
    test(`${path} has no violations in the dark theme`, async ({ page }) => {
      await useStoredTheme(page, 'dark');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the community page has none with the contact form showing an error', async ({ page }) => {
    await page.goto('/community#contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill all required fields.');
    expect(await axeViolations(page)).toEqual([]);
  });
});
