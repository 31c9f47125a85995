/**
 * Just enough of RFC 5322 / 2045 to read back the plain-text mails our own mailer writes
 * (single part, 7bit, quoted-printable or base64), so tests can follow links without a mail library.
 */
export interface ParsedMail {
  to: string;
  subject: string;
  text: string;
  /** The first http(s) link in the text, if any. */
  link: string | undefined;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words in a header. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_all, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function parseEml(raw: string): ParsedMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(head);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64')
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  text = text.replace(/\r\n/g, '\n');
  const to = decodeEncodedWords(headers.get('to') ?? '').replace(/^.*<([^>]+)>.*$/, '$1');
  return {
    to,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text,
    link: /https?:\/\/[^\s<>"]+/.exec(text)?.[0],
  };
}
