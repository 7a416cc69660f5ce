// Drives midtrans-client's SnapBi, unchanged, against a SNAP base URL, as a merchant's own code would:
// one request per run. Reads one JSON command on stdin, prints one JSON result on stdout.
//   {"op":"token"}
//   {"op":"call","service":"va|qris|directDebit","action":"createPayment|getStatus|cancel|refund",
//    "externalId":"…"|null,"body":{…},"headers":{…}}   (headers: optional, through withTransactionHeader)
// Result: {"reply": <what the library returned>}. The library returns a non-2xx reply as data, so the caller asserts
// responseCode. Environment: SNAP_BASE_URL (an origin), SNAP_CLIENT_ID, SNAP_CLIENT_SECRET, SNAP_PRIVATE_KEY_FILE,
// SNAP_CHANNEL_ID.
'use strict';
const fs = require('node:fs');
const midtrans = require('midtrans-client');

const env = (name) => {
    const value = process.env[name];
    if (!value) {
        throw new Error(name + ' is not set');
    }
    return value;
};

// The only setting the library's README does not document: its sandbox base URL is a public static field.
midtrans.SnapBiConfig.isProduction = false;
midtrans.SnapBiConfig.SNAP_BI_SANDBOX_BASE_URL = env('SNAP_BASE_URL');
midtrans.SnapBiConfig.snapBiClientId = env('SNAP_CLIENT_ID');
midtrans.SnapBiConfig.snapBiPartnerId = env('SNAP_CLIENT_ID');
midtrans.SnapBiConfig.snapBiClientSecret = env('SNAP_CLIENT_SECRET');
midtrans.SnapBiConfig.snapBiPrivateKey = fs.readFileSync(env('SNAP_PRIVATE_KEY_FILE'), 'utf8');
midtrans.SnapBiConfig.snapBiChannelId = env('SNAP_CHANNEL_ID');

async function run(command) {
    if (command.op === 'token') {
        return midtrans.SnapBi.va().getAccessToken();
    }
    if (command.op !== 'call') {
        throw new Error('unknown op ' + command.op);
    }
    if (!['va', 'qris', 'directDebit'].includes(command.service)) {
        throw new Error('unknown service ' + command.service);
    }
    if (!['createPayment', 'getStatus', 'cancel', 'refund'].includes(command.action)) {
        throw new Error('unknown action ' + command.action);
    }
    const snap = midtrans.SnapBi[command.service]().withBody(command.body);
    if (command.headers) {
        snap.withTransactionHeader(command.headers);
    }
    return snap[command.action](command.externalId);
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => {
    run(JSON.parse(input))
        .then((reply) => process.stdout.write(JSON.stringify({ reply }) + '\n'))
        .catch((e) => {
            process.stdout.write(JSON.stringify({ error: String(e && e.stack || e) }) + '\n');
            process.exitCode = 1;
        });
});
