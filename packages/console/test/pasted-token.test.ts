import { describe, expect, it } from 'vitest';
import { tokenFromPasted } from '../src/pasted-token';

const TOKEN = '3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e';

describe('the token taken from what a user pastes into a console opened by a link', () => {
  it('is the part after #token= of the console URL, on either port, with the spaces a terminal copy adds', () => {
    expect(tokenFromPasted(`http://127.0.0.1:41873/#token=${TOKEN}`)).toEqual({ token: TOKEN });
    expect(tokenFromPasted(`  http://127.0.0.1:4010/#token=${TOKEN}\n`)).toEqual({ token: TOKEN });
  });

  it('is the token itself when only the token is pasted', () => {
    expect(tokenFromPasted(TOKEN)).toEqual({ token: TOKEN });
  });

  it('is refused, saying what to copy, for an empty field, another URL or a token cut short', () => {
    expect(tokenFromPasted('   ')).toEqual({ problem: expect.stringContaining('#token=') });
    expect(tokenFromPasted('http://127.0.0.1:4010/#/explore/pos/getCatalog')).toEqual({ problem: expect.stringContaining('Console (open in your browser)') });
    expect(tokenFromPasted('http://127.0.0.1:4010/#token=')).toEqual({ problem: expect.stringContaining('cut short') });
    expect(tokenFromPasted('http://127.0.0.1:4010/#token=<script>')).toEqual({ problem: expect.stringContaining('cut short') });
  });
});
