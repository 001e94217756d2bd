import base from '/work/wt/search/playwright.config';
export default { ...base, testDir: '/work/wt/search/tests/e2e', webServer: { ...base.webServer, timeout: 600_000 } };
