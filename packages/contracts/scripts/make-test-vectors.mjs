// Writes test-vectors.json: signature cases any implementation of the Stream-Signature check,
// in any language, should agree with. Signatures are computed here with node:crypto directly,
// not with this package, so the package's own tests check it against an independent oracle.
//
// The algorithm: HMAC-SHA256 keyed with the UTF-8 bytes of the webhook secret, over the exact
// bytes of the body (UTF-8), hex-encoded in lower case, sent in the Stream-Signature header.
//
// Run `npm run vectors -w packages/contracts` after changing a case; the output is deterministic.
import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VECTORS_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-vectors.json');

const SECRET = 'whsec_test_9c41e07d5b2a46f8a1d3e6b0c7f28e15';
const OTHER_SECRET = 'whsec_test_00000000000000000000000000000000';

const hmacHex = (secret, bytes) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(bytes).digest('hex');
const utf8 = (text) => Buffer.from(text, 'utf8');

// A compact new-order event as a DSP sends it to Stream, byte for byte.
const ORDER =
  '{"event_id":"evt_dsp_7f3c2a91b0","type":"new_order","location_id":"store-0042","occurred_at_ms":1767282300000,' +
  '"data":{"id":"ord_8c1f2a9e","customer":{"name":"Dana Whitfield","phone":"+14155550123"},' +
  '"items":[{"id":"var_classic_single","item_id":"item_classic_burger","name":"Classic burger","quantity":1,"price":950,"currency":"usd"}],' +
  '"subtotal":950,"customer_facing_id":"A-1042","fulfillment_type":"pickup","tax":85}}';

// The same event with names and notes outside ASCII: accents, CJK, an emoji (4 bytes in UTF-8).
const ORDER_NON_ASCII =
  '{"event_id":"evt_dsp_1e5a77c2d4","type":"new_order","location_id":"store-0042","occurred_at_ms":1767282300000,' +
  '"data":{"id":"ord_ü_2f9d","customer":{"name":"Zoë Ångström"},' +
  '"items":[{"id":"var_jalapeno","item_id":"item_poppers","name":"Jalapeño poppers 🌶️","quantity":2,"price":725,"currency":"usd",' +
  '"special_instructions":"Crème fraîche à part, merci. 辛さ控えめ"}],' +
  '"subtotal":1450,"customer_facing_id":"B-7","fulfillment_type":"pickup","tax":130}}';

// An order event as Stream sends it to an events provider (the Events API's order.confirmed example,
// compact): the other shape of body a receiver verifies, with an ISO time and nested objects.
const EVENTS_ORDER = '{"event_id":"0b7e5c3a-9f14-4d2e-8a61-5c3f2b9d7e10","type":"order.created","occurred_at":"2025-06-12T18:04:12Z","object":{"id":"ord_7d2f9a41","location_id":"loc_51b0c3","customer":{"name":"Jordan Lee","phone":"+14155550123","masked_phone_code":"739201"},"currency":"USD","dsp_order_id":"3f6c0e8b-2d4a-4b7e-9a51-0c7d2e6f1a90","dsp_order_number":"A7K2","placed_at":"2025-06-12T18:04:11Z","estimated_fulfillment_time":"2025-06-12T18:34:11Z","fulfillment_type":"merchant_managed_delivery","delivery_address":{"formatted_address":"500 Market St, Apt 4B, San Francisco, CA 94105, US","address_line_1":"500 Market St","address_line_2":"Apt 4B","postal_code":"94105","locality":"San Francisco","administrative_district_level_1":"CA","country":"US","latitude":37.7912,"longitude":-122.3988},"items":[{"id":"itm_4f81a","name":"Margherita pizza","quantity":2,"price":1299,"modifiers":[{"id":"mod_9c2e1","name":"Extra cheese","quantity":1,"price":75}],"special_instructions":"No basil, please."}],"special_instructions":"Leave at the door, please.","subtotal":2748,"tax":240,"delivery_fee":499,"total":3487,"source":"doordash","status":"in_progress"}}';

const valid = (body, secret = SECRET) => hmacHex(secret, utf8(body));

export function buildVectors() {
  const orderSignature = valid(ORDER);
  const cases = [
    {
      name: 'valid',
      description: 'A correctly signed body. Verification succeeds.',
      secret: SECRET,
      body: ORDER,
      signature: orderSignature,
      expected: 'valid',
    },
    {
      name: 'valid-non-ascii-body',
      description:
        'A correctly signed body with characters outside ASCII. The HMAC covers the UTF-8 bytes of the body (see body_base64); ' +
        'an implementation that hashes another encoding, or characters instead of bytes, fails here.',
      secret: SECRET,
      body: ORDER_NON_ASCII,
      signature: valid(ORDER_NON_ASCII),
      expected: 'valid',
    },
    {
      name: 'valid-pretty-printed-body',
      description: 'A correctly signed body that is pretty-printed JSON with a trailing newline. Whitespace is part of the signed bytes.',
      secret: SECRET,
      body: `${JSON.stringify(JSON.parse(ORDER), null, 2)}\n`,
      signature: valid(`${JSON.stringify(JSON.parse(ORDER), null, 2)}\n`),
      expected: 'valid',
    },
    {
      name: 'valid-events-order-event',
      description: 'A correctly signed order event as Stream sends it to an events provider (POST /event). Verification succeeds.',
      secret: SECRET,
      body: EVENTS_ORDER,
      signature: valid(EVENTS_ORDER),
      expected: 'valid',
    },
    {
      name: 'tampered-body',
      description: 'The signature of the valid case over a body whose price was changed from 950 to 150. Verification fails.',
      secret: SECRET,
      body: ORDER.replace('"price":950', '"price":150'),
      signature: orderSignature,
      expected: 'signature_mismatch',
    },
    {
      name: 're-serialised-body',
      description:
        'The signature of the valid case over the same JSON re-serialised with different spacing, as happens when a receiver ' +
        'verifies a parsed-then-stringified body instead of the raw bytes. Verification fails.',
      secret: SECRET,
      body: JSON.stringify(JSON.parse(ORDER), null, 1),
      signature: orderSignature,
      expected: 'signature_mismatch',
    },
    {
      name: 'wrong-secret',
      description: 'The body signed with a different secret. Verification fails.',
      secret: SECRET,
      body: ORDER,
      signature: valid(ORDER, OTHER_SECRET),
      expected: 'signature_mismatch',
    },
    {
      name: 'non-ascii-body-signed-as-latin-1',
      description:
        'The non-ASCII body signed over its ISO-8859-1 bytes instead of UTF-8. A receiver that decodes the body with the wrong ' +
        'charset would accept it; a correct one rejects it.',
      secret: SECRET,
      body: ORDER_NON_ASCII,
      signature: hmacHex(SECRET, Buffer.from(ORDER_NON_ASCII, 'latin1')),
      expected: 'signature_mismatch',
    },
    {
      name: 'wrong-length-signature-short',
      description: 'The valid signature with its last character cut (63 characters). Rejected without comparing, and without an exception.',
      secret: SECRET,
      body: ORDER,
      signature: orderSignature.slice(0, 63),
      expected: 'signature_malformed',
    },
    {
      name: 'wrong-length-signature-long',
      description: 'The valid signature followed by more hex (128 characters, the length of a SHA-512 digest).',
      secret: SECRET,
      body: ORDER,
      signature: orderSignature + orderSignature,
      expected: 'signature_malformed',
    },
    {
      name: 'wrong-length-signature-sha1',
      description: 'A 40-character HMAC-SHA1 of the body: the wrong algorithm, and the wrong length.',
      secret: SECRET,
      body: ORDER,
      signature: createHmac('sha1', SECRET).update(utf8(ORDER)).digest('hex'),
      expected: 'signature_malformed',
    },
    {
      name: 'upper-case-signature',
      description: 'The valid signature in upper case. The header is defined as lower-case hex, so it is malformed.',
      secret: SECRET,
      body: ORDER,
      signature: orderSignature.toUpperCase(),
      expected: 'signature_malformed',
    },
    {
      name: 'prefixed-signature',
      description: 'The valid signature with a "sha256=" prefix. The header carries the bare hex digest, so it is malformed.',
      secret: SECRET,
      body: ORDER,
      signature: `sha256=${orderSignature}`,
      expected: 'signature_malformed',
    },
    {
      name: 'listed-signature',
      description: 'A comma-separated list of two signatures, one made with another secret and then the valid one, as some gateways send during a secret rotation. The header holds one digest, so a list is malformed, even though one entry is right.',
      secret: SECRET,
      body: ORDER,
      signature: `${valid(ORDER, OTHER_SECRET)},${orderSignature}`,
      expected: 'signature_malformed',
    },
    {
      name: 'non-hex-signature',
      description: 'Sixty-four characters, not all of them hexadecimal.',
      secret: SECRET,
      body: ORDER,
      signature: `${orderSignature.slice(0, 60)}zzzz`,
      expected: 'signature_malformed',
    },
    {
      name: 'missing-header',
      description: 'No Stream-Signature header at all (signature is null). Rejected.',
      secret: SECRET,
      body: ORDER,
      signature: null,
      expected: 'signature_missing',
    },
    {
      name: 'empty-header',
      description: 'A Stream-Signature header with an empty value. Treated as missing.',
      secret: SECRET,
      body: ORDER,
      signature: '',
      expected: 'signature_missing',
    },
  ];
  return cases.map(({ name, description, secret, body, signature, expected }) => ({
    name,
    description,
    secret,
    body,
    body_base64: utf8(body).toString('base64'),
    signature,
    expected,
  }));
}

export const renderVectors = () => `${JSON.stringify(buildVectors(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(VECTORS_PATH, renderVectors());
  console.log('wrote packages/contracts/test-vectors.json');
}
