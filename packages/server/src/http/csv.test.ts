import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvNumber } from './csv.ts';

describe('csv writer', () => {
  it('leaves plain text as it is', () => {
    expect(csvLine(['rank', 'alice_1', 'a.b@example.test'])).toBe(
      'rank,alice_1,a.b@example.test\r\n',
    );
  });

  it('quotes a field with a comma, a quote or a line break and doubles its quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it("prefixes ' to every text cell a spreadsheet would read as a formula", () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+1+2@example.test')).toBe("'+1+2@example.test");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes a number cell as it is, a negative one too, and refuses anything but a plain decimal', () => {
    expect(csvLine([csvNumber('-5.25'), csvNumber(3), csvNumber(10n)])).toBe('-5.25,3,10\r\n');
    expect(() => csvNumber('-1+2')).toThrow();
    expect(() => csvNumber('=1')).toThrow();
  });
});
