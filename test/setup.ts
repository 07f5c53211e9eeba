import nock from 'nock';

// No test reaches the network: every request must be answered by nock, or by a server the
// test itself started on loopback.
nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);

afterEach(() => {
	nock.abortPendingRequests();
	nock.cleanAll();
});

// nock patches Node's http module, which jest shares between the test files of a worker:
// unhook it when a file ends, so the next file starts from its own nock.
afterAll(() => {
	nock.restore();
});
