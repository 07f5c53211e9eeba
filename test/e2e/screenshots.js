#!/usr/bin/env node
'use strict';
/**
 * The pictures of the README and of docs/trigger.md and docs/installing.md, taken from a real
 * n8n editor: builds and packs the package, boots n8n 2.41.1 with it and the local Z-API
 * stand-in (as `npm run demo` does), imports the echo bot example, then drives Chromium
 * through playwright-core and saves:
 *
 *   docs/screenshots/node-panel.png   the node panel searched for "send image"
 *   docs/screenshots/trigger.png      the Z-API Trigger's parameters
 *   docs/screenshots/canvas.png       the echo bot on the canvas, with the action's subtitle
 *
 *   npm run screenshots                      # Debian's chromium (apt-get install chromium)
 *   CHROMIUM_PATH=/path/to/chrome npm run screenshots
 *
 * Needs playwright-core (installed by `npm ci` from the lockfile) and a Chromium build of
 * the machine's own: playwright's browser download is not used.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensureN8n, startN8n } = require('./lib/n8n');
const { createStandIn } = require('../stand-in/server');

const root = path.join(__dirname, '..', '..');
const OUT = path.join(root, 'docs', 'screenshots');
const INSTANCE = { id: 'SHOTS0INSTANCE000000000000000001', token: 'screenshots-instance-token', name: 'Screenshots', phone: '5511900000000' };
const VIEWPORT = { width: 1280, height: 760 };
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const say = (text) => process.stdout.write(`${text}\n`);

function chromiumPath() {
	const found = CHROMIUM_CANDIDATES.find((candidate) => candidate && fs.existsSync(candidate));
	if (!found) throw new Error('No Chromium found: apt-get install chromium, or set CHROMIUM_PATH');
	return found;
}

function packPackage(workDir) {
	execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', workDir], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
	return path.join(workDir, name);
}

function withCredential(workflow, credential) {
	const copy = JSON.parse(JSON.stringify(workflow));
	for (const node of copy.nodes) {
		if (node.credentials?.zApiApi) node.credentials.zApiApi = { id: credential.id, name: credential.name };
	}
	return copy;
}

/** Closes whatever n8n shows on first login (tours, "what's new", banners) that would cover the picture. */
async function dismissPopups(page) {
	for (let round = 0; round < 3; round += 1) {
		const close = page.locator('.el-dialog__headerbtn:visible, [data-test-id="close-modal-button"]:visible, [aria-label="Close"]:visible');
		if ((await close.count()) === 0) break;
		await close.first().click({ timeout: 2_000 }).catch(() => {});
		await page.waitForTimeout(300);
	}
	await page.keyboard.press('Escape');
}

async function login(page, n8n) {
	await page.goto(`${n8n.baseUrl}/signin`);
	await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(n8n.email);
	await page.locator('input[type="password"]').first().fill(n8n.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 30_000 });
}

async function openWorkflow(page, n8n, id) {
	await page.goto(`${n8n.baseUrl}/workflow/${id}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1_000);
	await dismissPopups(page);
}

async function main() {
	let chromium;
	try {
		({ chromium } = require('playwright-core'));
	} catch {
		throw new Error('playwright-core is not installed: run npm ci');
	}
	const executablePath = chromiumPath();
	fs.mkdirSync(OUT, { recursive: true });
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapi-screenshots-'));
	const stopAll = [];
	try {
		say('Building and packing the package…');
		const tarball = packPackage(workDir);
		const n8n = await startN8n({
			line: '2',
			install: ensureN8n('2'),
			port: Number(process.env.SCREENSHOTS_PORT || 5760),
			brokerPort: Number(process.env.SCREENSHOTS_BROKER_PORT || 5761),
			packageTarball: tarball,
			userFolder: path.join(workDir, 'n8n'),
		});
		stopAll.push(() => n8n.stop());
		say(`n8n ${n8n.version} ready`);
		const standIn = createStandIn({ instances: [INSTANCE], deliveryCa: n8n.ca });
		await standIn.start(0);
		stopAll.push(() => standIn.stop());
		const credential = await n8n.createCredential('Z-API (local stand-in)', 'zApiApi', {
			instanceId: INSTANCE.id,
			instanceToken: INSTANCE.token,
			clientToken: '',
			baseUrl: standIn.url,
		});
		const echo = JSON.parse(fs.readFileSync(path.join(root, 'examples', 'echo-bot.json'), 'utf8'));
		const workflow = await n8n.createWorkflow(withCredential(echo, credential));

		const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
		stopAll.push(() => browser.close());
		const context = await browser.newContext({ viewport: VIEWPORT, ignoreHTTPSErrors: true, deviceScaleFactor: 1 });
		const page = await context.newPage();
		await login(page, n8n);

		// The canvas: trigger, then the action with its subtitle.
		await openWorkflow(page, n8n, workflow.id);
		await page.screenshot({ path: path.join(OUT, 'canvas.png') });
		say('docs/screenshots/canvas.png');

		// The trigger's parameters, opened as a user does: a double click on the node.
		await page.locator('[data-test-id="canvas-node"]').first().dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 15_000 });
		await page.waitForTimeout(1_000);
		await page.screenshot({ path: path.join(OUT, 'trigger.png') });
		say('docs/screenshots/trigger.png');
		await page.keyboard.press('Escape');
		await page.waitForTimeout(500);

		// The node panel after the trigger, searched with the words a user types, then the
		// Z-API entry opened on its actions.
		await openWorkflow(page, n8n, workflow.id);
		// The + after the last node, as a user adds the next step.
		await page.locator('[data-test-id="canvas-handle-plus"]').last().click();
		const search = page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first();
		await search.waitFor({ timeout: 15_000 });
		await search.fill('send image');
		await page.waitForTimeout(1_500);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Z-API$/ }).first().click();
		await page.waitForTimeout(1_500);
		await page.screenshot({ path: path.join(OUT, 'node-panel.png') });
		say('docs/screenshots/node-panel.png');
	} finally {
		for (const stop of stopAll.reverse()) await stop().catch(() => {});
		fs.rmSync(workDir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error.stack || error.message);
	process.exitCode = 1;
});
