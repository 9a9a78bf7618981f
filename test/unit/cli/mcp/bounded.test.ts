import { describe, expect, it } from 'vitest';
import { cutLongStrings } from '../../../../src-main/cli/mcp/bounded';

describe("an MCP answer's strings", () => {
  it('are cut past the limit, each saying how long it was, anywhere in the value', () => {
    const cut = cutLongStrings(
      { summary: 'short', body: { text: 'x'.repeat(30) }, list: ['y'.repeat(12), 3, null] },
      10,
    );
    expect(cut).toEqual({
      summary: 'short',
      body: {
        text: `${'x'.repeat(10)}… (cut here: 30 characters in all; the session's export holds the whole)`,
      },
      list: [
        `${'y'.repeat(10)}… (cut here: 12 characters in all; the session's export holds the whole)`,
        3,
        null,
      ],
    });
  });
});
