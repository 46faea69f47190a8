import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';

/*
 * WeChat Pay API v3 cryptography, on node:crypto alone. The protocol is two standard primitives
 * (RSA-SHA256 signatures with PKCS#1 v1.5 padding, AES-256-GCM), which node:crypto implements
 * natively; the official SDKs wrap exactly these calls, so an SDK would add dependencies and
 * indirection without adding safety. Kept small so it can be read against WeChat's docs:
 * https://pay.weixin.qq.com/doc/v3/merchant/4012365336 (signing) and 4012071382 (decryption).
 */

function readPem(value: string): string {
  // Env files often carry a PEM on one line with literal "\n"; anything else is a file path.
  if (value.includes('-----BEGIN')) return value.replaceAll('\\n', '\n');
  return readFileSync(value, 'utf8');
}

/** The merchant private key (apiclient_key.pem): PEM text or a path to it. */
export function loadPrivateKey(pemOrPath: string): KeyObject {
  return createPrivateKey(readPem(pemOrPath));
}

/** The WeChat Pay public key (or a platform certificate): PEM text or a path to it. */
export function loadPublicKey(pemOrPath: string): KeyObject {
  const pem = readPem(pemOrPath);
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

/** Every v3 signature covers its fields each followed by "\n", the last one included. */
export const signatureMessage = (parts: string[]) => `${parts.join('\n')}\n`;

export function signParts(privateKey: KeyObject, parts: string[]): string {
  return createSign('RSA-SHA256').update(signatureMessage(parts)).sign(privateKey, 'base64');
}

export function verifyParts(publicKey: KeyObject, parts: string[], signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(signatureMessage(parts)).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** 32 characters of [0-9A-Za-z]: what WeChat's nonce_str expects. */
export function nonceString(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The Authorization header of a request: the merchant signs
 * method \n path?query \n timestamp \n nonce \n body \n with its private key.
 */
export function authorizationHeader(args: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = String(args.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = args.nonce ?? nonceString();
  const signature = signParts(args.privateKey, [
    args.method,
    args.pathWithQuery,
    timestamp,
    nonce,
    args.body,
  ]);
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${args.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${args.serialNo}"`
  );
}

/**
 * Decrypts a notification's resource: AEAD_AES_256_GCM keyed with the APIv3 key; the base64
 * ciphertext ends with the 16-byte authentication tag. Throws if anything was tampered with.
 */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
  apiV3Key: string,
): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** RFC 3339 in Beijing time without milliseconds (2025-01-02T15:04:05+08:00), as time_expire wants. */
export function toWechatTime(date: Date): string {
  const beijing = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600_000);
  return `${beijing.toISOString().slice(0, 19)}+08:00`;
}
