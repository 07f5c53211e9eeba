'use strict';
/**
 * An offline chat model for the end-to-end suite: the part of OpenAI's chat completions
 * interface n8n's OpenAI Chat Model node calls (POST /v1/chat/completions, plain or
 * streamed), answering deterministically. n8n's AI Agent, its memory and everything around
 * the model run for real; only the model's words are made up. Every request is recorded, so
 * a test can see what the agent sent (the conversation its memory kept).
 */
const http = require('node:http');

/** The answer to the n-th request: says which request it was and what it read last. */
const answerTo = (n, lastUserText) => `Answer ${n}: you said "${lastUserText}"`;

function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (part && typeof part.text === 'string' ? part.text : '')).join('');
	return '';
}

async function startFakeChatModel() {
	const requests = [];
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
				res.writeHead(404, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `no ${req.method} ${req.url} here` } }));
				return;
			}
			let body;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
			} catch {
				res.writeHead(400, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ error: { message: 'body is not JSON' } }));
				return;
			}
			const messages = Array.isArray(body.messages) ? body.messages.map((m) => ({ role: m.role, text: textOf(m.content) })) : [];
			requests.push({ model: body.model, messages });
			const lastUser = [...messages].reverse().find((m) => m.role === 'user');
			const content = answerTo(requests.length, lastUser ? lastUser.text : '');
			const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: body.model || 'fake' };
			if (body.stream) {
				res.writeHead(200, { 'Content-Type': 'text/event-stream' });
				const chunk = (delta, finish) => `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
				res.write(chunk({ role: 'assistant', content }, null));
				res.write(chunk({}, 'stop'));
				res.end('data: [DONE]\n\n');
				return;
			}
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					...base,
					object: 'chat.completion',
					choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
					usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
				}),
			);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		answerTo,
		stop: () =>
			new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

module.exports = { startFakeChatModel };
