/**
 * Who is calling. The assignment operations take a bearer token of an internal caller or of a directory
 * (document section 5); the partner report takes an API key in the form `Token token="<API_KEY>"`. A credential
 * that is missing or unknown is a 401; a known credential of the wrong kind is a 403.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http.js';
import type { ContractState } from './state.js';

/** A caller of the assignment operations. Directory callers are bound by the rules of document section 4.1. */
export type AssignCaller = { readonly kind: 'internal' } | { readonly kind: 'directory'; readonly directory: string };

// Auth scheme and parameter names are case-insensitive in HTTP (RFC 9110, section 11.1).
const BEARER = /^Bearer +(\S+) *$/i;
// The document writes `Token token = "<API_KEY>"`; the usual form has no spaces around `=`. Both are accepted.
const PARTNER_TOKEN = /^Token +token *= *"([^"]*)" *$/i;

const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer' };
const TOKEN_CHALLENGE = { 'WWW-Authenticate': 'Token' };

export function authenticateAssignCaller(req: IncomingMessage, state: ContractState): AssignCaller {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new HttpError(
      401,
      'missing_credentials',
      'Send an internal or directory token as Authorization: Bearer <token>.',
      BEARER_CHALLENGE,
    );
  }
  const match = BEARER.exec(header.trim());
  if (match === null) {
    throw new HttpError(
      401,
      'unsupported_auth_scheme',
      'This operation takes Authorization: Bearer <token>.',
      BEARER_CHALLENGE,
    );
  }
  const token = state.token(match[1] ?? '');
  if (token === undefined) {
    throw new HttpError(401, 'invalid_credentials', 'The bearer token is not known.', BEARER_CHALLENGE);
  }
  switch (token.kind) {
    case 'internal':
      return { kind: 'internal' };
    case 'directory':
      return { kind: 'directory', directory: token.directory };
    case 'partner':
      throw new HttpError(
        403,
        'wrong_token_kind',
        'A partner API key cannot assign apps; use an internal or directory token.',
      );
  }
}

export function authenticatePartner(req: IncomingMessage, state: ContractState): void {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new HttpError(
      401,
      'missing_credentials',
      'Send the partner API key as Authorization: Token token="<API_KEY>".',
      TOKEN_CHALLENGE,
    );
  }
  const match = PARTNER_TOKEN.exec(header.trim());
  if (match === null) {
    const bearer = /^Bearer\b/i.test(header.trim());
    throw new HttpError(
      401,
      'unsupported_auth_scheme',
      bearer
        ? 'The report does not take a Bearer token; send Authorization: Token token="<API_KEY>".'
        : 'The report takes Authorization: Token token="<API_KEY>".',
      TOKEN_CHALLENGE,
    );
  }
  const token = state.token(match[1] ?? '');
  if (token === undefined) {
    throw new HttpError(401, 'invalid_credentials', 'The API key is not known.', TOKEN_CHALLENGE);
  }
  if (token.kind !== 'partner') {
    throw new HttpError(
      403,
      'wrong_token_kind',
      `A ${token.kind} token cannot query the report; use a partner API key.`,
    );
  }
}
