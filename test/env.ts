// Before n8n-core loads: its logger would print every node error the tests provoke on purpose.
process.env.N8N_LOG_LEVEL = 'silent';
