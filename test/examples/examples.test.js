/**
 * What a user sees on importing each workflow of examples/ (the end-to-end suite runs them):
 * a note saying what it does and what to change, no phone number of someone else's where
 * the user must put theirs, and which examples cannot be active together.
 */
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', '..', 'examples');
const files = fs.readdirSync(dir).filter((file) => file.endsWith('.json')).sort();
const read = (file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const noteOf = (workflow) => workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote').map((node) => node.parameters.content).join('\n');

describe.each(files)('examples/%s', (file) => {
	const workflow = read(file);

	it('has a note saying what it does and how to run it', () => {
		const note = noteOf(workflow);
		expect(note).toMatch(/^## \S/);
		expect(note).toMatch(/choose your Z-API credential/);
	});

	it('ships no phone number: each phone comes from the delivery or is left for the user', () => {
		for (const node of workflow.nodes) {
			for (const name of ['phone', 'phones', 'groupId']) {
				const value = node.parameters?.[name];
				if (value === undefined) continue;
				expect({ node: node.name, [name]: value }).toEqual({ node: node.name, [name]: expect.stringMatching(/^(=.*\{\{.*\}\}.*|)$/s) });
			}
		}
	});

	it('says it can be active beside the other examples (triggers on one instance share its webhooks)', () => {
		expect(noteOf(workflow)).toMatch(/Beside the other examples:\*\* several workflows with a Z-API Trigger can be active on one instance/);
	});
});

it('the AI example says which model credential it needs', () => {
	expect(noteOf(read('ai-agent-reply.json'))).toMatch(/an \*\*OpenAI\*\* credential/);
});

it('the approval example asks for the manager phone it leaves empty', () => {
	const workflow = read('approval-over-whatsapp.json');
	expect(workflow.nodes.find((node) => node.parameters.operation === 'sendAndWait').parameters.phone).toBe('');
	expect(noteOf(workflow)).toMatch(/Put the manager's phone/);
});

it('the AI example answers the chat with Phone left empty, the send after the agent needing no expression', () => {
	const send = read('ai-agent-reply.json').nodes.find((node) => node.parameters.operation === 'sendText');
	expect(send.parameters.phone).toBe('');
	expect(noteOf(read('ai-agent-reply.json'))).toMatch(/leaves Phone empty/);
});

it('the booking example confirms the day by the choice picked, not by the text typed', () => {
	const confirm = read('booking-dialogue.json').nodes.find((node) => node.name === 'Confirm');
	expect(confirm.parameters.message).toContain("$('Ask the day').first().json.choice.label");
	expect(confirm.parameters.message).not.toContain("$('Ask the day').first().json.text");
});

it('every trigger followed by Combine Quick Messages or Send and Wait for Reply has its switch on (version 1.2), so n8n asks for its Conversation State credential before Publish', () => {
	const followed = [];
	for (const file of files) {
		const workflow = read(file);
		for (const trigger of workflow.nodes.filter((node) => node.type.endsWith('.zApiTrigger'))) {
			const next = (workflow.connections[trigger.name]?.main ?? []).flat().map((link) => workflow.nodes.find((node) => node.name === link.node));
			if (!next.some((node) => ['combineMessages', 'sendAndWaitForReply'].includes(node?.parameters?.operation))) continue;
			followed.push(file);
			expect({ file, typeVersion: trigger.typeVersion, followedByCombine: trigger.parameters.followedByCombine }).toEqual({ file, typeVersion: 1.2, followedByCombine: true });
			expect(noteOf(workflow)).toMatch(/choose it in the trigger too, where \*Followed by Combine or Send and Wait for Reply\* is on/);
		}
	}
	expect(followed.length).toBeGreaterThan(0);
});
