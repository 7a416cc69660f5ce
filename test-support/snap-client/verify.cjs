// Checks one SNAP notification as received (path, headers, raw body) with two independently written verifiers:
//  - midtrans-client's SnapBi.notification()…isWebhookNotificationVerified(), fed the parsed body (it hashes
//    JSON.stringify of it, as its express example does) and the path without the query string;
//  - dana-node's WebhookParser.parseWebhook(), fed the raw body (it hashes the raw bytes when they are minified).
// Reads {"path","headers":{name: value},"body","publicKeyPem"} on stdin and prints
// {"midtrans": true|false, "dana": true|false, "danaError": "…"} on stdout.
'use strict';
const midtrans = require('midtrans-client');
// dana-node/webhook/v1, not the package root: the root loads dotenv/config, which reads a .env from the cwd.
const { WebhookParser } = require('dana-node/webhook/v1');

function verify(n) {
    const headers = {};
    for (const [name, value] of Object.entries(n.headers)) {
        headers[name.toLowerCase()] = value;
    }
    const pathWithoutQuery = n.path.split('?')[0];
    midtrans.SnapBiConfig.snapBiPublicKey = n.publicKeyPem;
    let parsed;
    try {
        parsed = JSON.parse(n.body);
    } catch (e) {
        parsed = n.body;
    }
    let midtransVerdict;
    try {
        midtransVerdict = midtrans.SnapBi.notification()
            .withNotificationPayload(parsed)
            .withSignature(headers['x-signature'])
            .withTimeStamp(headers['x-timestamp'])
            .withNotificationUrlPath(pathWithoutQuery)
            .isWebhookNotificationVerified() === true;
    } catch (e) {
        midtransVerdict = false;
    }
    const result = { midtrans: midtransVerdict, dana: false };
    try {
        new WebhookParser(n.publicKeyPem).parseWebhook('POST', n.path, headers, n.body);
        result.dana = true;
    } catch (e) {
        result.danaError = String(e && e.message || e);
    }
    return result;
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => process.stdout.write(JSON.stringify(verify(JSON.parse(input))) + '\n'));
