import { describe, expect, it } from 'vitest';
import * as contract from '../../contract/src/constants.js';
import { messages } from '../../contract/src/errors.js';
import * as loader from '../src/constants.js';

// The loader keeps its own copy of the spec's embedding constants to stay small; this keeps the
// copy equal to the contract's.
describe('the loader constants match the contract', () => {
  it('handshake and culture card messages', () => {
    expect(loader.GIVE_ME_HASH).toBe(contract.EMBED_MESSAGES.giveMeHash);
    expect(loader.SEND_MY_HASH).toBe(`${contract.EMBED_MESSAGES.sendMyHash}:`);
    expect(loader.SHOW_IFRAME).toBe(contract.EMBED_MESSAGES.showIframe);
    expect(loader.PUSHKIN_CARD_TERMS_OF_USE).toBe(contract.EMBED_MESSAGES.pushkinCardTerms);
    expect(loader.PUSHKIN_CARD_USER_AGREES_TO_TERMS).toBe(contract.EMBED_MESSAGES.pushkinCardAgreed);
  });

  it('the give-up delay and the texts', () => {
    expect(loader.GIVE_UP_AFTER_MS).toBe(contract.EMBED_GIVE_UP_AFTER_MS);
    expect(loader.CONNECTION_FAILED_TEXT).toBe(messages.connectionFailed);
    expect(loader.connectingText('tickets.example')).toBe(messages.connecting('tickets.example'));
    expect(loader.RECONNECTING_TEXT).toBe(messages.reconnecting);
    expect(loader.redirectingText('tickets.example')).toBe(messages.redirecting('tickets.example'));
    expect(loader.RELOAD_AFTER_MS).toBe(contract.EMBED_RELOAD_AFTER_MS);
  });
});
